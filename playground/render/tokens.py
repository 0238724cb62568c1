"""HTML for the token view (coloured chips over the text) and the aligned layers grid.

- A newline is drawn as ↵ in its chip, and the line of chips breaks after it (as
  Tiktokenizer does), so code keeps its lines.
- Every token is its own chip with an inset border, so boundaries between two
  identical neighbours (gpt2's three separate ``" "`` in ``"    return x"``) stay
  visible.
- Tokens that share a character cut between them (their spans overlap) are drawn
  once in the token view, as one dashed chip whose tooltip lists the tokens and
  their hex bytes: never a stray "�".
- The layers grid aligns, chunk by chunk, the pre-tokenizer chunk, its tokens,
  their ids, Ġ strings and UTF-8 bytes; rows can be switched off.
- Every token element carries ``data-id`` (its ids, space-separated) and ``data-k`` (its
  positions in the token list); ``assets/token_view.js`` outlines, while one is hovered,
  every element of the same id on the page and the element of the same position in the
  same view (chip <-> id), and opens a popover on click or tap. No per-id CSS rules.
- An unknown token (``<unk>``, ``[UNK]``: ``TokenSpan.unknown``) is drawn over the source text
  it stands for, marked lost, its tooltip giving that text's bytes (its id decodes to the
  unknown token's own text, not to them).
- The chips follow the source text's lines and whitespace for every model kind: a chip
  breaks its line after each newline in it (a token that starts at a newline starts a new
  line of chips), and source text no token covers (T5's normalizer drops extra spaces and
  newlines) is drawn as a grey gap between the chips.
- The id list (``VIEWS`` "Ids" / "Both") shows the ids as copyable text, ", "-separated,
  each coloured and linked like its chip.
All text goes through ``render.base.show_text`` / ``esc``.
"""

from __future__ import annotations

from itertools import groupby

from bbpe_core import TokenSpan
from bbpe_core.viewer.html import chip_html, follow_lines, group_shared, token_label

from .base import esc, page_css, show_text, token_colour

__all__ = ["LAYERS", "VIEWS", "group_shared", "token_view_html", "layers_html"]

LAYERS = {
    "chunks": "Pre-tokenizer chunks",
    "normalized": "Normalized text (where the normalizer changed it)",
    "tokens": "Tokens",
    "ids": "Ids",
    "gs": "Ġ strings / pieces",
    "hex": "UTF-8 bytes (hex)",
}
"""Rows of the layers grid, top to bottom: key -> label."""

VIEWS = ("Text", "Ids", "Both")
"""What the token view shows: the chips, the id list, or both side by side (as Tiktokenizer)."""


GAP_TITLE = "not in any token: the normalizer removed it"
"""The tooltip of source text no token covers."""


def _style(standalone: bool) -> str:
    """The style sheet as a ``<style>`` element for a standalone fragment, else nothing."""
    return f"<style>{page_css()}</style>" if standalone else ""


def _link_attrs(ids: list[int], positions: range) -> str:
    """``data-id`` and ``data-k`` attributes, the hooks of ``assets/token_view.js``."""
    return (f'data-id="{" ".join(map(str, ids))}" '
            f'data-k="{" ".join(map(str, positions))}"')


def _chip(text: str, group: list[TokenSpan], first_k: int, show_whitespace: bool,
          marked: bool) -> str:
    links = _link_attrs([s.id for s in group], range(first_k, first_k + len(group)))
    return chip_html(text, group, show_whitespace=show_whitespace, attrs=links, marked=marked)


def _gap(text: str, show_whitespace: bool) -> str:
    """Source text no token covers (a normalizer removed it: T5's extra spaces and newlines),
    drawn between the chips so they keep the text's lines and spacing."""
    return follow_lines(text, f'<span class="gap" title="{esc(GAP_TITLE)}">', show_whitespace)


def _id_list(text: str, spans: list[TokenSpan]) -> str:
    """The ids as ", "-separated text, each id coloured and linked to its chip."""
    items = ", ".join(
        f'<span class="idn" {_link_attrs([s.id], range(k, k + 1))} '
        f'style="background:{token_colour(s.id)}" '
        f'title="{esc("id " + token_label(s, text[s.start:s.end]))}">{s.id}</span>'
        for k, s in enumerate(spans))
    return ('<div class="bbpe-ids"><button class="bbpe-copy" type="button">Copy ids</button>'
            f'<div class="bbpe-idlist">{items}</div></div>')


def token_view_html(
    text: str,
    spans: list[TokenSpan],
    *,
    show_whitespace: bool = False,
    notice: str = "",
    marked_ends: frozenset[int] = frozenset(),
    show: str = "Text",
    standalone: bool = True,
) -> str:
    """The text drawn as coloured token chips, its id list, or both.

    Args:
        text: the source text the spans refer to.
        spans: its tokens (all, or the first ones).
        show_whitespace: draw · → ↵ CR for whitespace.
        notice: an optional line shown under the view (e.g. what was cut).
        marked_ends: character offsets; a chip ending at one of them is highlighted
            (the compare view marks boundaries other encodings do not share).
        show: one of ``VIEWS``.
        standalone: carry the style sheet (``<style>``); False on a page that has it
            once already (``widgets.page_assets``).

    Returns:
        An HTML fragment for ``st.html``.

    Raises:
        ValueError: for a ``show`` not in ``VIEWS``.
    """
    if show not in VIEWS:
        raise ValueError(f"show must be one of {VIEWS}, not {show!r}")
    chips, k, drawn_to = [], 0, 0
    for group in group_shared(spans):
        start, end = group[0].start, max(s.end for s in group)
        if start > drawn_to:
            chips.append(_gap(text[drawn_to:start], show_whitespace))
        chips.append(_chip(text[start:end], group, k, show_whitespace, end in marked_ends))
        k, drawn_to = k + len(group), max(drawn_to, end)
    if spans and text[drawn_to:].isspace():  # trailing whitespace no token holds
        chips.append(_gap(text[drawn_to:], show_whitespace))
    body = "".join(chips) or '<span class="ws">(no tokens)</span>'
    panes = {"Text": f'<div class="bbpe-view">{body}</div>', "Ids": _id_list(text, spans)}
    inner = "".join(html for name, html in panes.items() if show in (name, "Both"))
    extra = f'<p class="bbpe-notice">{esc(notice)}</p>' if notice else ""
    return (f'{_style(standalone)}<div class="bbpe-tv {show.lower()}">{inner}</div>'
            f'{extra}')


def _column(text: str, span: TokenSpan, layers: set[str], show_whitespace: bool) -> str:
    piece = text[span.start : span.end]
    partial = " unk" if span.unknown else "" if span.valid_utf8 else " partial"
    data = piece.encode("utf-8", "surrogatepass") if span.unknown else span.token_bytes
    rows = {
        "tokens": f'<span class="row tx">{show_text(piece, show_whitespace)}</span>',
        "ids": f'<span class="row id">{span.id}</span>',
        "gs": f'<span class="row gs">{show_text(span.token_str, False)}</span>',
        "hex": f'<span class="row hex">{data.hex(" ")}{" (lost)" if span.unknown else ""}</span>',
    }
    title = (f"id {token_label(span, piece)}"
             + ("" if span.valid_utf8 else " (part of a character)"))
    inner = "".join(rows[k] for k in ("tokens", "ids", "gs", "hex") if k in layers)
    return (
        f'<span class="cell{partial}" data-id="{span.id}" '
        f'style="background:{token_colour(span.id)}" title="{esc(title)}">{inner}</span>'
    )


def layers_html(
    text: str, spans: list[TokenSpan], layers: set[str], *, show_whitespace: bool = False,
    standalone: bool = True,
    normalized: dict[int, str] | None = None,
) -> str:
    """The layers grid: per pre-token chunk, its text above its tokens' ids, Ġ strings (or
    pieces: ``▁hello``, ``<0xE4>``, ``##ing``), bytes.

    Args:
        text: the source text the spans refer to.
        spans: its tokens (all, or the first ones).
        layers: keys of ``LAYERS`` to show.
        show_whitespace: draw · → ↵ CR in chunk and token text.
        standalone: as for ``token_view_html``.
        normalized: chunk index -> the normalizer's output for that chunk, for the chunks
            it changed (lowercased, accents stripped, ``▁`` for spaces); shown under the
            chunk's typed text when the ``"normalized"`` layer is on.

    Returns:
        An HTML fragment for ``st.html``.
    """
    boxes = []
    for _, group in groupby(spans, key=lambda s: s.chunk):
        group = list(group)
        chunk_text = text[group[0].start : max(s.end for s in group)]
        head = (
            f'<span class="chunk-text">{show_text(chunk_text, True)}</span>'
            if "chunks" in layers else ""
        )
        changed = (normalized or {}).get(group[0].chunk)
        if "normalized" in layers and changed is not None:
            head += (f'<span class="chunk-text normalized" title="normalized">'
                     f"{show_text(changed, True)}</span>")
        cols = "".join(_column(text, s, layers, show_whitespace) for s in group)
        boxes.append(f'<span class="chunk">{head}<span class="cols">{cols}</span></span>')
    return f'{_style(standalone)}<div class="bbpe-cells">{"".join(boxes)}</div>'
