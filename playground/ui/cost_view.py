"""What a count costs, under the counts: the model's context window as a bar and the text's
price as input, output and cached input (``playground.pricing``)."""

from __future__ import annotations

from decimal import Decimal

import streamlit as st

from ..pricing import data_note, model_cost

__all__ = ["cost_cells", "render"]


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
