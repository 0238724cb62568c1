"""Token chips as HTML, shared by the Playground (``playground.render.tokens``) and the notebook
view (``viewer.notebook``): escaping, a colour per id, text with visible marks, one chip per
token (or per group of tokens that share a character).

Every string that reaches HTML passes through ``esc`` = ``html.escape(s, quote=True)``,
attributes included. The same id always gets the same colour (``token_colour``). Whitespace
can be made visible (· space, → tab, ↵ newline, ␍ CR); direction controls such as U+202E,
zero-width and format characters are always shown as a label, and every chip is
bidi-isolated (by the style sheet), so they cannot reorder the page.
"""

from __future__ import annotations

import html
import re

from ..encoded import TokenSpan

__all__ = ["NEWLINE", "chip_html", "esc", "group_shared", "label_of", "show_text",
           "token_colour", "token_label"]

WHITESPACE_MARKS = {" ": "·", "\t": "→", "\n": "↵\n", "\r": "CR"}
BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e"
                          "\u2066\u2067\u2068\u2069")
INVISIBLE_NAMES = {"\u200b": "ZWSP", "\u200c": "ZWNJ", "\u200d": "ZWJ", "\u2060": "WJ",
                   "\ufeff": "BOM", "\u00ad": "SHY", "\u034f": "CGJ", "\u180e": "MVS"}
"""Zero-width and format characters drawn as a named label: they have no width of their own,
so a token of only them would be a 0-pixel chip (ZWJ is 6 of the 15 tokens of 👨‍👩‍👧‍👦 in gpt2)."""

NEWLINE = '<span class="ws">↵</span>'
"""A newline inside a chip: the mark, always (a chip never wraps inside); the line of chips
breaks after the chip, once per newline in it, as Tiktokenizer draws it."""


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


def token_colour(token_id: int) -> str:
    """A pastel background colour for an id, the same on every page and run.

    Args:
        token_id: any int.

    Returns:
        A CSS ``hsl(...)`` colour; hues are spread by a multiplicative hash (Knuth's
        2654435761, The Art of Computer Programming vol. 3, 6.4).

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


def token_label(span: TokenSpan, source: str = "") -> str:
    """``"<id> '<display string>' bytes <hex>"``, the tooltip text of one token; for an unknown
    token (``TokenSpan.unknown``) the source text ``source`` it stands for and that text's
    bytes, marked lost (the id decodes to the unknown token's own text)."""
    if span.unknown:
        return (f"{span.id} {span.token_str!r} (unknown): stands for {source!r}, bytes "
                f"{source.encode('utf-8', 'surrogatepass').hex(' ')}; lost, decodes as "
                f"{span.token_bytes.decode('utf-8', 'replace')!r}")
    return f"{span.id} {span.token_str!r} bytes {span.token_bytes.hex(' ')}"


def _lines(text: str) -> list[str]:
    r"""``text`` cut after each run of newlines: every part but the last ends with its
    newlines, so what follows a newline starts a new line of chips.

    >>> _lines("\n    return"), _lines("a\n\nb"), _lines("x\n")
    (['\n', '    return'], ['a\n\n', 'b'], ['x\n'])
    """
    return [part for part in re.findall(r"[^\n]*\n*", text) if part]


def _drawn(text: str, show_whitespace: bool) -> str:
    """A piece of text's HTML: ↵ for each newline (always), other whitespace as asked."""
    return NEWLINE.join(show_text(line, show_whitespace) for line in text.split("\n"))


def follow_lines(text: str, open_tag: str, show_whitespace: bool) -> str:
    """``text`` in elements opened by ``open_tag``, one per line part (``_lines``), each
    followed by a line break per newline it ends with: the elements follow the text's lines.

    Args:
        text: the source text.
        open_tag: the opening tag, already escaped (e.g. ``'<span class="tok">'``).
        show_whitespace: draw · → CR for whitespace (a newline is always ↵).
    """
    return "".join(f"{open_tag}{_drawn(part, show_whitespace)}</span>"
                   + "<br>" * (len(part) - len(part.rstrip("\n")))
                   for part in _lines(text)) or f"{open_tag}</span>"


def chip_html(text: str, group: list[TokenSpan], *, show_whitespace: bool = False,
              attrs: str = "", marked: bool = False) -> str:
    """One chip: the text of a token (or of a group sharing a character) on its id's colour,
    its id, display string and bytes in the tooltip (``title``); an unknown token is drawn
    over the text it stands for, with class ``unk`` (drawn struck through: lost).

    Args:
        text: the source text the group covers.
        group: one token, or the tokens sharing a character (``group_shared``): drawn as one
            dashed chip (class ``split``) whose tooltip lists them, never a stray "�".
        show_whitespace: draw · → CR for whitespace (a newline is always ↵).
        attrs: extra attributes, already escaped (the Playground's ``data-id``/``data-k``).
        marked: add the class ``differs`` (the compare view's unshared boundary).

    Returns:
        ``<span class="tok">`` elements following the text's lines (``follow_lines``).
    """
    first = group[0]
    if len(group) == 1:
        title = f"id {token_label(first, text)}"
        classes = "tok special" if first.special else "tok unk" if first.unknown else "tok"
    else:
        title = (f"{len(group)} tokens share this text: "
                 + " + ".join(token_label(s, text) for s in group))
        classes = "tok split"
    classes += " differs" if marked else ""
    return follow_lines(text, f'<span class="{classes}" {attrs} style="background:'
                        f'{token_colour(first.id)}" title="{esc(title)}">', show_whitespace)
