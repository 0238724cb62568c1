"""The Playground's chunk view (Text mode): the HTML of the boundaries and counts, and the
section under AppTest (AppTest does not render st.html: its HTML is read from the element)."""

from __future__ import annotations

import re
from html import unescape

import pytest
from apptest import live

import bbpe_core
from bbpe_core.chunking import chunk_bounds
from playground.caps import MAX_CHUNK_BYTES, MAX_CHUNKED_TOKENS, MAX_CHUNKS
from playground.render.chunks import chunks_html

TEXT = "One. Two.\n\nThree <b>four</b> five. Six seven. Eight nine ten."


def shown(html: str) -> list[str]:
    """Each chunk's own text as the view shows it (the badge left out)."""
    return [unescape(re.sub(r"<[^>]+>", "", m)) for m in
            re.findall(r'<span class="bbpe-chunk"[^>]*><span[^>]*>[^<]*</span>(.*?)</span>(?='
                       r'<span class="bbpe-chunk"|</div>)', html, re.S)]


@pytest.mark.parametrize("overlap", [0, 2])
def test_the_view_draws_the_text_once_with_each_chunks_count(overlap):
    enc = bbpe_core.get_encoding("gpt2")
    bounds = chunk_bounds(TEXT, enc, 6, overlap)
    counts = [len(enc.encode_ordinary(TEXT[a:b])) for a, b in bounds]
    html = chunks_html(TEXT, bounds, counts)
    assert "".join(shown(html)) == TEXT and "<b>" not in html
    badges = re.findall(r"#(\d+) · (\d+)( ↺)?<", html)
    assert [(int(k), int(n)) for k, n, _ in badges] == [
        (k + 1, n) for k, n in enumerate(counts)]
    assert sum(bool(r) for _, _, r in badges) == (len(bounds) - 1 if overlap else 0)


def _chunk_view(app, text: str, max_tokens: int, overlap: int = 0):
    live(app, "pg_text", text).run()
    app.toggle(key="pg_ws").set_value(False)
    app.toggle(key="pg_chunk").set_value(True).run()
    app.number_input(key="pg_chunk_max").set_value(max_tokens)
    app.number_input(key="pg_chunk_overlap").set_value(overlap).run()
    assert not app.exception
    return [h.proto.body for h in app.get("html") if "bbpe-chunks" in h.proto.body]


def test_the_section_cuts_the_text_as_chunk_text_does(app):
    (html,) = _chunk_view(app, TEXT, 6)
    assert shown(html) == bbpe_core.chunk_text(TEXT, "gpt2", 6)
    assert any(c.value.startswith(f"{len(shown(html))} chunks of at most 6 tokens")
               for c in app.caption)


@pytest.mark.parametrize("text, max_tokens, overlap, message", [
    (TEXT, 4, 4, "The overlap must be less than the tokens per chunk."),
    ("你好", 1, 0, "This text cannot be cut into chunks of this size."),
    ("a" * (MAX_CHUNK_BYTES + 1), 9, 0, "The chunk view cuts shorter texts."),
    (" a" * (3 * MAX_CHUNKS), 2, 0, f"the limit is {MAX_CHUNKS:,}"),
    (" a" * 60_000, 1_000, 970, f"the limit is {MAX_CHUNKED_TOKENS:,}"),
], ids=["overlap", "character", "bytes", "chunks", "tokens"])
def test_what_cannot_be_cut_is_said_in_a_sentence_of_ours(app, text, max_tokens, overlap,
                                                            message):
    assert _chunk_view(app, text, max_tokens, overlap) == []
    assert any(message in e.value for e in app.error)
