"""A text area that follows typing: no Ctrl+Enter, the page updates as the user types.

Streamlit's ``st.text_area`` reports its value only on Ctrl+Enter or blur, and
``streamlit-keyup`` (the maintained keystroke package) offers a one-line input only,
so this is a small Streamlit Components v2 component (``st.components.v2.component``):
plain HTML and the script ``assets/live_text.js``, no build step, no network. The
script debounces: it sends the value 150 ms after the last key (300 ms past 10 KB), and
at once after a paste. A one-line field (``one_line=True``: a search query, a word) is
the same text area one row high, where Enter sends the text instead of adding a line.

The text area uses the token view's font (``--bbpe-mono`` in ``assets/style.css``), not
the theme's: each key makes the browser shape the whole text again, and the theme's
variable web font shapes a text mixing scripts (Latin and CJK) slower than system fonts
do (tests/e2e/test_live_browser.py prints the cost of a key).

The value is kept under ``kept__<key>`` like every ``widgets.kept`` widget, so it
survives page and mode switches and ``widgets.set_kept`` (a shared link, a sample)
replaces it.
"""

from __future__ import annotations

from pathlib import Path

import streamlit as st

from .widgets import kept_value, set_kept

__all__ = ["live_text_area"]

_ASSETS = Path(__file__).resolve().parents[1] / "assets"
_CSS = """
:host, .live { display: block; width: 100%; font-family: var(--st-font, sans-serif); }
label { display: block; font-size: 14px; line-height: 1.6; margin-bottom: 4px;
  color: var(--st-text-color, inherit); }
textarea { box-sizing: border-box; width: 100%; resize: vertical; padding: 8px 12px;
  font: 15px/1.5 var(--bbpe-mono, monospace); color: var(--st-text-color, inherit);
  background: var(--st-secondary-background-color, #f0f2f6);
  border: 1px solid rgba(127, 127, 127, .3); border-radius: 8px; outline: none; }
textarea:focus { border-color: var(--st-primary-color, #ff4b4b); }
"""
_COMPONENT = st.components.v2.component(
    "bbpe_live_text",
    html='<div class="live"><label></label><textarea spellcheck="false"></textarea></div>',
    css=_CSS,
    js=(_ASSETS / "live_text.js").read_text(encoding="utf-8"),
)


ONE_LINE_HEIGHT = 42
"""Height (CSS pixels) of a one-line field: one row of the 15 px / 1.5 font and its padding,
as tall as Streamlit's own text input."""


def live_text_area(label: str, key: str, default: str, *, height: int = 170,
                   max_chars: int | None = None, one_line: bool = False) -> str:
    """Draw the live text area and return its text.

    Args:
        label: the visible label (also the text area's accessible name).
        key: the widget key; the text is kept under ``kept__<key>``.
        default: the text the first time.
        height: the text area's height in CSS pixels.
        max_chars: the most characters the browser's text area takes (``maxlength``); it
            binds the browser only: the caller checks the length (``caps.check``), since a
            crafted session or link can hold more. None: no cap of its own.
        one_line: a one-line field (``height`` is ignored): Enter sends the text at once and
            adds no newline (a pasted newline is kept: the caller decides what it means).

    Returns:
        The text as the browser last reported it.
    """
    text = kept_value(key, default)

    def save() -> None:
        state = st.session_state.get(key) or {}
        if isinstance(state.get("value"), str):
            set_kept(key, state["value"])

    _COMPONENT(key=key, data={"label": label, "value": text,
                              "height": ONE_LINE_HEIGHT if one_line else height,
                              "max_chars": max_chars, "one_line": one_line},
               default={"value": text}, on_value_change=save)
    return kept_value(key, default)
