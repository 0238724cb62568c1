"""HTML of the chunk view: the text with each chunk's boundary marked over it and its count.

The text is drawn once, in order: each chunk's own text (what it adds after the text it
repeats, ``bbpe_core.chunking``'s overlap) on a background of its own, alternating, after a
badge ``#k · n tokens``; a badge whose chunk repeats the end of the one before says how many
characters it repeats. Every text goes through ``show_text`` (escaped, invisible characters
labelled).
"""

from __future__ import annotations

from .base import esc, show_text

__all__ = ["chunks_html"]

BACKGROUNDS = ("#e6f0ff", "#fff1d6")
"""The chunks' backgrounds, alternating."""


def chunks_html(text: str, bounds: list[tuple[int, int]], counts: list[int], *,
                show_whitespace: bool = False) -> str:
    """The chunk view.

    Args:
        text: the text that was cut.
        bounds: ``chunk_bounds``' ``(start, end)`` per chunk (code-point offsets).
        counts: each chunk's tokens, encoded alone.
        show_whitespace: draw · → ↵ ␍ for whitespace.

    Returns:
        An HTML fragment for ``st.html``.
    """
    parts = []
    done = 0
    for k, ((start, end), n) in enumerate(zip(bounds, counts)):
        repeated = max(done - start, 0)
        note = f", repeats {repeated:,} characters" if repeated else ""
        title = f"chunk {k + 1}: characters {start:,}-{end:,}, {n:,} tokens{note}"
        parts.append(
            f'<span class="bbpe-chunk" title="{esc(title)}" style="background:'
            f'{BACKGROUNDS[k % 2]};box-shadow:inset 2px 0 0 #3b3f99">'
            f'<span style="font:600 11px system-ui,sans-serif;color:#3b3f99;padding:0 3px">'
            f"#{k + 1} · {n:,}{' ↺' if repeated else ''}</span>"
            f"{show_text(text[max(start, done):end], show_whitespace)}</span>")
        done = end
    return (f'<div class="bbpe-view bbpe-chunks" style="white-space:pre-wrap">'
            f'{"".join(parts)}</div>')
