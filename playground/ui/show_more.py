"""How many tokens a view draws, and the "Show more" button under a truncated one.

Text, Chat and Compare modes draw the first tokens of a long text (the counts always cover
all of it); each press of "Show more" draws one more step of the same view. The number drawn
is kept under ``keys.SHOWN_TOKENS`` with the view it belongs to, so a new text, encoding or
mode starts again from the first step.
"""

from __future__ import annotations

import streamlit as st

from .keys import SHOWN_TOKENS

__all__ = ["drawn_tokens", "show_more", "truncation_notice"]


def drawn_tokens(view: tuple, step: int) -> int:
    """How many tokens to draw for ``view``.

    Args:
        view: any hashable naming what is drawn (mode, text, encodings, special-token mode).
        step: tokens drawn first, and added by each "Show more".

    Returns:
        ``step`` for a view not seen before, more after each "Show more" press.
    """
    shown = st.session_state.get(SHOWN_TOKENS)
    return shown[1] if shown and shown[0] == view else step


def show_more(view: tuple, drawn: int, total: int, step: int, key: str, per: str = "") -> None:
    """The "Show more" button under a truncated view (nothing if all is drawn).

    Args:
        view: as for ``drawn_tokens``.
        drawn: tokens drawn now (per view, in Compare mode per encoding).
        total: tokens the text has (the most of any encoding in Compare mode).
        step: tokens each press adds.
        key: the button's widget key (its mode's prefix, ``keys.WIDGET_PREFIXES``).
        per: words after the count, e.g. " per encoding".
    """
    if drawn >= total:
        return
    left = total - drawn

    def more() -> None:
        st.session_state[SHOWN_TOKENS] = (view, drawn + step)

    st.button(f"Show more ({min(left, step):,} of the {left:,} tokens not drawn{per})",
              key=key, on_click=more)


def truncation_notice(drawn: int, total: int, whole: str = "text") -> str:
    """The line above a truncated view ("" if every token is drawn).

    Args:
        drawn: tokens drawn.
        total: tokens in the whole ``whole``.
        whole: what the counts cover ("text", "prompt").
    """
    if drawn >= total:
        return ""
    return (f"Showing the first {drawn:,} of {total:,} tokens; the counts cover the whole "
            f"{whole}. \"Show more\" below draws more.")
