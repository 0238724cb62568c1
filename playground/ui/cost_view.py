"""What a count costs, under the counts: the model's context window as a bar and the text's
price as input, output and cached input (``playground.pricing``); the Compare lab's tables of
what each language or format costs."""

from __future__ import annotations

from decimal import Decimal

import streamlit as st

from ..pricing import data_note, model_cost
from .common import markdown_safe_name

__all__ = ["cost_cells", "price_caption", "price_table", "render"]


def _usd(value: Decimal | None) -> str:
    """US dollars, exact below one dollar (a fraction of a cent keeps its digits), to the cent
    above; "no price" for None (no
    dollar sign: Streamlit's Markdown reads a pair of them as math).

    >>> _usd(Decimal("0.0025")), _usd(Decimal("12.5")), _usd(None)
    ('USD 0.0025', 'USD 12.50', 'no price')
    """
    if value is None:
        return "no price"
    return f"USD {value.normalize():f}" if value < 1 else f"USD {value:,.2f}"


def cost_cells(name: str, n_tokens: int) -> dict[str, str]:
    """A table row's cost columns for ``n_tokens`` tokens of the encoding ``name``: the model
    it is priced as, the input price and the share of the context window (text, "no price"
    or "not known" where the data has none)."""
    cost = model_cost(name)
    if cost is None:
        return {"priced as": "no price", "as input": "no price", "context window used": "not known"}
    used = (f"{n_tokens / cost.context_window:.1%} of {cost.context_window:,}"
            if cost.context_window else "not known")
    return {"priced as": cost.model, "as input": _usd(cost.dollars(n_tokens)["input"]),
            "context window used": used}


def render(name: str, n_tokens: int) -> None:
    """The context bar and prices of ``n_tokens`` tokens for the model the shipped encoding
    ``name`` is priced as; a line saying there is no price when the data knows no model of it."""
    cost = model_cost(name)
    if cost is None:
        st.caption(f"No price or context window: the price data ({data_note()}) lists no "
                   "model of this encoding.")
        return
    if cost.context_window:
        share = n_tokens / cost.context_window
        st.progress(min(share, 1.0), text=f"{n_tokens:,} of the {cost.context_window:,} tokens "
                    f"of {cost.model}'s context window ({share:.1%})")
    dollars = cost.dollars(n_tokens)
    st.caption(f"Priced as {cost.model} ({cost.provider}): "
               + " · ".join(f"as {kind} {_usd(v)}" for kind, v in dollars.items())
               + f" for these {n_tokens:,} tokens. Prices: {data_note()}.")


def _column(name: str) -> str:
    """A price table's column for the encoding ``name``: ``"o200k_base (gpt-4o)"``, or the
    bare name when the data knows no model of it."""
    cost = model_cost(name)
    return f"{name} ({cost.model})" if cost else name


def price_table(rows: list[dict], by: str, names: list[str]) -> list[dict]:
    """What each text costs as input: a row per value of ``rows``' column ``by`` (a language,
    a format), a column per encoding of ``names`` (``_column``), the input price of the
    text's tokens in that encoding (``_usd``: "no price" where the data knows no model).

    Args:
        rows: the lab's rows, each with ``by``, ``"encoding"`` and ``"tokens"``.
        by: the column naming the text.
        names: the encodings, in column order.

    >>> price_table([{"format": "CSV", "encoding": "o200k_base", "tokens": 400},
    ...              {"format": "CSV", "encoding": "llama3", "tokens": 380}], "format",
    ...             ["o200k_base", "llama3"])
    [{'format': 'CSV', 'o200k_base (gpt-4o)': 'USD 0.001', 'llama3': 'no price'}]
    """
    table: dict[str, dict] = {}
    for r in rows:
        if r["encoding"] not in names:
            continue
        cost = model_cost(r["encoding"])
        table.setdefault(r[by], {by: r[by]})[_column(r["encoding"])] = _usd(
            cost.dollars(r["tokens"])["input"] if cost else None)
    return [{by: row[by], **{_column(n): row.get(_column(n), "no price") for n in names}}
            for row in table.values()]


def price_caption(names: list[str], what: str) -> None:
    """The line under a price table: each model's prices per million tokens as input, output
    and cached input, which encodings have no price, and the data's source and date."""
    rates, none = [], []
    for name in names:
        cost = model_cost(name)
        if cost is None:
            none.append(markdown_safe_name(name))
            continue
        per = {"input": cost.input_mtok, "output": cost.output_mtok,
               "cached input": cost.cached_mtok}
        rates.append(f"{cost.model} ({cost.provider}, for {markdown_safe_name(name)}): "
                     + ", ".join(f"{_usd(v)} as {k}" for k, v in per.items() if v is not None)
                     + " per million tokens")
    missing = (f" No price for {', '.join(none)}: the price data lists no model of "
               f"{'it' if len(none) == 1 else 'them'}." if none else "")
    st.caption(f"What {what} costs sent as input, priced as the model each encoding is "
               f"priced as. {'; '.join(rates)}.{missing} Prices: {data_note()}.")
