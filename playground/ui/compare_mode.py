"""Compare mode: one text under several encodings, counts, a chart, differing cuts marked."""

from __future__ import annotations

import streamlit as st

from ..caps import MAX_COMPARE_ENCODINGS, compare_budget, utf8_size
from ..compare import differing_ends
from ..render.base import esc
from ..render.charts import token_count_bar
from ..render.tokens import token_view_html
from ..selector.labels import COMPARE_MODE_DEFAULT, label
from .cached import cached_comparison
from .common import markdown_safe_name, problem, tokens_phrase
from .cost_view import cost_cells
from .session import all_encoding_names, resolve
from .share_link import share_button
from .show_more import drawn_tokens, show_more, truncation_notice
from .text_mode import text_input, view_options
from .widgets import kept

COMPARE_TOKENS = 1000
"""Tokens drawn per encoding in compare mode at first, and added by each "Show more"."""


def render(name: str) -> None:
    """Draw compare mode (``name``: the sidebar's encoding, kept in its share link)."""
    names = all_encoding_names()
    # contains, not fuzzy ("t5" no longer matches "GPT-5"), and no "Select N matches" entry,
    # which Enter chose: Enter picks the highlighted encoding alone
    chosen = st.multiselect(f"Encodings (at most {MAX_COMPARE_ENCODINGS})", names,
                            format_func=label, max_selections=MAX_COMPARE_ENCODINGS,
                            filter_mode="contains", select_all=False,
                            **kept("cmp_names", COMPARE_MODE_DEFAULT))
    chosen = [n for n in chosen if n in names]
    text = text_input()
    if text is None:
        return
    mode, show_ws = view_options(name)
    if not chosen:
        st.info("Choose at least one encoding.")
        return
    try:
        compare_budget(utf8_size(text), len(chosen))
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        return
    also = "" if name in chosen else " It is not among them: add it to compare it too."
    st.caption(f"Compare mode shows every encoding chosen above, side by side, to set their "
               f"counts against each other; the sidebar's encoding is "
               f"{markdown_safe_name(name)}.{also}")
    resolved = {n: resolve(n) for n in chosen}
    keys = tuple(k for _, k in resolved.values())
    view = ("compare", keys, mode, len(text), hash(text))
    drawn = drawn_tokens(view, COMPARE_TOKENS)
    try:
        results = cached_comparison(keys, text, mode, {n: e for n, (e, _) in resolved.items()},
                                    drawn)
    except ValueError as e:
        problem("This text cannot be encoded.", str(e))
        return
    st.dataframe(
        [{"encoding": r.name, "tokens": r.n_tokens,
          "chars per token": round(len(text) / r.n_tokens, 2) if r.n_tokens else 0.0,
          "characters lost": r.lost, **cost_cells(r.name, r.n_tokens)}
         for r in results],
        hide_index=True, width="content",  # a model's name whole, not "text-davinc"
        column_config={"priced as": st.column_config.TextColumn("priced as", width="medium")})
    if lossy := [r for r in results if r.lost]:
        st.warning(f"{len(lossy)} of these encodings cannot represent part of the text (see "
                   "\"characters lost\"): their unknown token stands for it, so their counts "
                   "are not comparable; the bars mark them in grey.")
    if text:  # no bars (and no empty -1..1 axis) for an empty text
        st.plotly_chart(token_count_bar(results, len(text)), width="stretch")
    st.caption("Bars: tokens each encoding needs for the text above (fewer is cheaper). "
               "Below, chips with a pink right edge end where not every chosen encoding cuts.")
    marks = differing_ends(results)
    for r in results:
        lost = f", {r.lost:,} characters lost" if r.lost else ""
        head = f"<p><b>{esc(r.name)}</b>: {tokens_phrase(r.n_tokens)}{lost}</p>"
        st.html(head + token_view_html(text, r.spans, show_whitespace=show_ws,
                                       marked_ends=marks[r.name], standalone=False,
                                       notice=truncation_notice(len(r.spans), r.n_tokens)))
    show_more(view, drawn, max(r.n_tokens for r in results), COMPARE_TOKENS, "cmp_more",
              " in the longest")
    share_button(name, "Compare", text, {"special": mode, "compare": chosen})
