"""Shared pieces of the playground's HTML: escaping, colours, text with visible marks.

Every string that reaches HTML passes through ``esc`` = ``html.escape(s, quote=True)``,
attributes included. Rules followed by every builder:

- the same id always gets the same colour (``token_colour``) and a ``data-id``
  attribute, which ``assets/token_view.js`` uses to outline every element of the
  hovered id (one script for the page, no per-id CSS rules);
- whitespace can be made visible (· space, → tab, ↵ newline, CR for a carriage return: the
  ␍ symbol is missing from common fonts); direction
  controls such as U+202E are always shown as a code label, and every chip is
  bidi-isolated, so they cannot reorder the page.
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path

__all__ = ["esc", "token_colour", "show_text", "label_of", "page_css"]

CSS_PATH = Path(__file__).resolve().parent.parent / "assets" / "style.css"
WHITESPACE_MARKS = {" ": "·", "\t": "→", "\n": "↵\n", "\r": "CR"}
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
INVISIBLE_NAMES = {"\u200b": "ZWSP", "\u200c": "ZWNJ", "\u200d": "ZWJ", "\u2060": "WJ",
                   "\ufeff": "BOM", "\u00ad": "SHY", "\u034f": "CGJ", "\u180e": "MVS"}
"""Zero-width and format characters drawn as a named label: they have no width of their own,
so a token of only them would be a 0-pixel chip (ZWJ is 6 of the 15 tokens of 👨‍👩‍👧‍👦 in gpt2)."""


def label_of(ch: str) -> str | None:
    """The visible label of an invisible character (bidi control, zero-width or format
    character, variation selector), None for any other.

    >>> label_of("\u200d"), label_of("\ufe0f"), label_of("\u202e"), label_of("a")
    ('ZWJ', 'VS16', 'U+202E', None)
    """
    if ch in INVISIBLE_NAMES:
        return INVISIBLE_NAMES[ch]
    code = ord(ch)
    if 0xFE00 <= code <= 0xFE0F:
        return f"VS{code - 0xFE00 + 1}"
    if 0xE0100 <= code <= 0xE01EF:
        return f"VS{code - 0xE0100 + 17}"
    if ch in BIDI_CONTROLS:
        return f"U+{code:04X}"
    return None


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
        HTML; direction controls, zero-width and format characters and variation selectors
        always become a visible label (``label_of``).
    """
    out = []
    for ch in text:
        if (label := label_of(ch)) is not None:
            out.append(f'<span class="ctl">{label}</span>')
        elif show_whitespace and ch in WHITESPACE_MARKS:
            out.append(f'<span class="ws">{esc(WHITESPACE_MARKS[ch])}</span>')
        else:
            out.append(esc(ch))
    return "".join(out)
