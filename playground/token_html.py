"""HTML for the token view: coloured spans over the text, and the id / Ġ-string cells.

Every string that reaches the HTML (user text, token strings from any vocabulary,
titles) passes through ``esc`` = ``html.escape(s, quote=True)``, attributes
included; this is the only module that builds token HTML. Rules:

- the same id always gets the same colour (``token_colour``);
- every token is its own chip with an inset border, so boundaries between two
  identical neighbours (gpt2's three separate ``" "`` in ``"    return x"``) stay
  visible;
- tokens that share a character cut between them (spans overlap) are drawn once,
  as one dashed chip whose tooltip lists the tokens and their hex bytes: no "�";
- whitespace can be made visible (· space, → tab, ↵ newline, ␍ CR); direction
  controls such as U+202E are always shown as a code label and every chip is
  bidi-isolated, so they cannot reorder the page.
"""

from __future__ import annotations

import html
from functools import cache
from pathlib import Path

from bbpe_core import TokenSpan

__all__ = ["esc", "token_colour", "show_text", "group_shared", "token_view_html", "token_cells_html"]

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
def _css() -> str:
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


def group_shared(spans: list[TokenSpan]) -> list[list[TokenSpan]]:
    """Group consecutive tokens whose character spans overlap (a character cut between them).

    Args:
        spans: tokens in order, as ``Encoding.encode_detailed`` returns them.

    Returns:
        Groups in order; most are one token long.
    """
    groups: list[list[TokenSpan]] = []
    for span in spans:
        if groups and span.start < groups[-1][-1].end and not span.special:
            groups[-1].append(span)
        else:
            groups.append([span])
    return groups


def _token_label(span: TokenSpan) -> str:
    return f"{span.id} {span.token_str!r} bytes {span.token_bytes.hex(' ')}"


def _chip(text: str, group: list[TokenSpan], show_whitespace: bool) -> str:
    first = group[0]
    if len(group) == 1:
        title = f"id {_token_label(first)}"
        classes = "tok special" if first.special else "tok"
        colour = token_colour(first.id)
    else:
        title = f"{len(group)} tokens share this text: " + " + ".join(_token_label(s) for s in group)
        classes, colour = "tok split", token_colour(first.id)
    return (
        f'<span class="{classes}" style="background:{colour}" title="{esc(title)}">'
        f"{show_text(text, show_whitespace)}</span>"
    )


def token_view_html(
    text: str, spans: list[TokenSpan], *, show_whitespace: bool = False, notice: str = ""
) -> str:
    """The text drawn as coloured token chips.

    Args:
        text: the source text the spans refer to.
        spans: its tokens (all, or the first ones).
        show_whitespace: draw · → ↵ ␍ for whitespace.
        notice: an optional line shown under the view (e.g. what was cut).

    Returns:
        A self-contained HTML fragment (its own ``<style>``) for ``st.html``.
    """
    chips = []
    for group in group_shared(spans):
        start, end = group[0].start, max(s.end for s in group)
        chips.append(_chip(text[start:end], group, show_whitespace))
    body = "".join(chips) or '<span class="ws">(no tokens)</span>'
    extra = f'<p class="bbpe-notice">{esc(notice)}</p>' if notice else ""
    return f'<style>{_css()}</style><div class="bbpe-view">{body}</div>{extra}'


def token_cells_html(spans: list[TokenSpan]) -> str:
    """One cell per token, in order: its Ġ string above its id, in the token's colour.

    Args:
        spans: the tokens.

    Returns:
        A self-contained HTML fragment for ``st.html``.
    """
    cells = []
    for s in spans:
        partial = "" if s.valid_utf8 else " partial"
        title = f"id {_token_label(s)}" + ("" if s.valid_utf8 else " (part of a character)")
        cells.append(
            f'<span class="cell{partial}" style="background:{token_colour(s.id)}" '
            f'title="{esc(title)}"><span class="gs">{show_text(s.token_str, False)}</span>'
            f'<span class="id">{s.id}</span></span>'
        )
    return f'<style>{_css()}</style><div class="bbpe-cells">{"".join(cells)}</div>'
