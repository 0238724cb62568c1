"""Shared pieces of the playground's HTML: escaping, colours, text with visible marks.

Every string that reaches HTML passes through ``esc`` = ``html.escape(s, quote=True)``,
attributes included. Rules followed by every builder:

- the same id always gets the same colour (``token_colour``) and the CSS class
  ``t<id>``; ``hover_link_css`` makes hovering any element of class ``t<id>``
  outline every other one on the page (CSS ``:has()``, no JavaScript: ``st.html``
  strips scripts);
- whitespace can be made visible (· space, → tab, ↵ newline, ␍ CR); direction
  controls such as U+202E are always shown as a code label, and every chip is
  bidi-isolated, so they cannot reorder the page.
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from functools import cache
from pathlib import Path

__all__ = ["esc", "token_colour", "show_text", "page_css", "hover_link_css"]

CSS_PATH = Path(__file__).resolve().parent.parent / "assets" / "style.css"
WHITESPACE_MARKS = {" ": "·", "\t": "→", "\n": "↵\n", "\r": "␍"}
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def esc(text: str) -> str:
    """Escape text for HTML content and quoted attributes.

    >>> esc('<img src=x onerror="a">')
    '&lt;img src=x onerror=&quot;a&quot;&gt;'
    """
    return html.escape(text, quote=True)


@cache
def page_css() -> str:
    """The playground's style sheet (``assets/style.css``), read once."""
    return CSS_PATH.read_text(encoding="utf-8")


def hover_link_css(ids: Iterable[int]) -> str:
    """CSS rules that outline every ``.t<id>`` element while one of them is hovered.

    Args:
        ids: the ids drawn on the page (one rule per distinct id).

    Returns:
        Rules to put inside ``<style>``.
    """
    return "".join(
        f"body:has(.t{i}:hover) .t{i}{{outline:2px solid #1d2330;outline-offset:1px}}"
        for i in sorted(set(ids))
    )


def token_colour(token_id: int) -> str:
    """A pastel background colour for an id, the same on every page and run.

    Args:
        token_id: any int.

    Returns:
        A CSS ``hsl(...)`` colour; hues are spread by a multiplicative hash.

    >>> token_colour(31373) == token_colour(31373)
    True
    """
    hue = (token_id * 2654435761) % 360
    lightness = 82 + (token_id * 7) % 9
    return f"hsl({hue}, 78%, {lightness}%)"


def show_text(text: str, show_whitespace: bool) -> str:
    """Escaped HTML for a piece of text, with optional whitespace markers.

    Args:
        text: the raw text.
        show_whitespace: replace space, tab, newline and CR with visible marks.

    Returns:
        HTML; direction controls always become a visible ``U+XXXX`` label.
    """
    out = []
    for ch in text:
        if ch in BIDI_CONTROLS:
            out.append(f'<span class="ctl">U+{ord(ch):04X}</span>')
        elif show_whitespace and ch in WHITESPACE_MARKS:
            out.append(f'<span class="ws">{esc(WHITESPACE_MARKS[ch])}</span>')
        else:
            out.append(esc(ch))
    return "".join(out)
