"""Shared pieces of the playground's HTML: the style sheet, and the engine's escaping, colours
and text with visible marks (``bbpe_core.viewer.html``, which the notebook view shares).

Rules followed by every builder: every string that reaches HTML passes through ``esc``
(attributes included); the same id always gets the same colour (``token_colour``) and a
``data-id`` attribute, which ``assets/token_view.js`` uses to outline every element of the
hovered id (one script for the page, no per-id CSS rules); direction controls, zero-width and
format characters are always shown as a label (``label_of``).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from bbpe_core.viewer.html import esc, label_of, show_text, token_colour

__all__ = ["esc", "token_colour", "show_text", "label_of", "page_css"]

CSS_PATH = Path(__file__).resolve().parents[1] / "assets" / "style.css"


@cache
def page_css() -> str:
    """The playground's style sheet (``assets/style.css``), read once."""
    return CSS_PATH.read_text(encoding="utf-8")
