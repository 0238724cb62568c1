"""The HTML builder as plain Python: escaping, chips, shared characters, colours."""

from __future__ import annotations

import html
import re

import pytest

import bbpe_core
from playground.analysis import analyse
from playground.render.base import token_colour
from playground.render.tokens import LAYERS, VIEWS, group_shared, layers_html, token_view_html


def _view(text, name="gpt2", **kw):
    spans = bbpe_core.get_encoding(name).encode_detailed(text, allowed_special="all")
    return token_view_html(text, spans, **kw), layers_html(text, spans, set(LAYERS))


def _chip_texts(view: str) -> list[str]:
    return re.findall(r'<span class="tok[^"]*"[^>]*>(.*?)</span>(?=<span class="tok|</div>)', view)


def visible(fragment: str) -> str:
    """The text a browser shows for a fragment: tags and the style sheet removed."""
    return html.unescape(re.sub(r"<style>.*?</style>|<[^>]+>", "", fragment, flags=re.S))


def test_three_space_chips_for_return():
    view, cells = _view("    return x")
    assert _chip_texts(view) == [" ", " ", " ", " return", " x"]
    assert (re.findall(r'<span class="row id">(\d+)</span>', cells)
            == ["220", "220", "220", "1441", "2124"])


@pytest.mark.parametrize(
    "attack",
    ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", '" onmouseover=alert(1) x="'],
)
def test_user_text_is_escaped(attack):
    text = "hi " + attack + " there"
    view, cells = _view(text)
    for fragment in (view, cells):
        assert "<script" not in fragment and "<img" not in fragment
        assert 'onmouseover=alert(1) x="' not in fragment
    assert visible(view) == text


def test_uploaded_token_strings_are_escaped_in_attributes():
    base = bbpe_core.get_encoding("gpt2")
    ranks = dict(base.mergeable_ranks)
    evil = '" onmouseover=alert(1) x="'.encode()
    ranks[evil] = 60000
    enc = bbpe_core.Encoding("evil", pat_str=r".+", mergeable_ranks=ranks, special_tokens={})
    spans = enc.encode_detailed(evil.decode())
    assert [s.id for s in spans] == [60000]
    view, cells = token_view_html(evil.decode(), spans), layers_html(evil.decode(), spans, {"gs"})
    for fragment in (view, cells):
        assert '" onmouseover' not in fragment and '"Ġonmouseover' not in fragment
    assert "&quot; onmouseover=alert(1) x=&quot;" in view
    assert "&quot;Ġonmouseover=alert(1)Ġx=&quot;" in cells


def test_split_character_drawn_once_and_marked():
    view, cells = _view("你 a")
    assert view.count("你") == 1 and "�" not in view
    assert 'class="tok split" data-id="19526 254" data-k="0 1"' in view
    assert "2 tokens share this text" in view
    assert "e4 bd" in view and "a0" in view
    assert len(re.findall(r'class="cell partial" data-id="\d+"', cells)) == 2


def test_group_shared():
    spans = bbpe_core.get_encoding("gpt2").encode_detailed("你好 ma")
    assert [len(g) for g in group_shared(spans)] == [2, 2, 1]


def test_same_id_same_colour():
    view, _ = _view("dog dog dog")
    assert view.count(token_colour(3290)) == 2  # " dog" twice; "dog" first
    assert view.count('data-id="3290"') == 2
    assert token_colour(3290) != token_colour(3291)


def test_whitespace_markers_and_bidi_controls():
    view, _ = _view("a \tb\r\nc", show_whitespace=True)
    for mark in ("·", "→", "↵", "CR"):
        assert mark in view
    assert "␍" not in view  # a glyph common fonts lack (issue 45)
    plain, _ = _view("a b")
    assert "·" not in plain
    evil, _ = _view("abc\u202edef")
    assert "\u202e" not in evil and "U+202E" in evil


@pytest.mark.parametrize("text", ["$x^2$ :smile: **bold**", "e\u0301 👩\u200d👩\u200d👧 שלום abc"])
def test_text_shown_verbatim_but_zero_width_characters_labelled(text):
    view, _ = _view(text)
    assert visible(view) == text.replace("\u200d", "ZWJ")


@pytest.mark.parametrize("ch, name", [
    ("\u200d", "ZWJ"), ("\u200c", "ZWNJ"), ("\u200b", "ZWSP"), ("\u2060", "WJ"),
    ("\ufeff", "BOM"), ("\u00ad", "SHY"), ("\ufe0f", "VS16"), ("\ufe00", "VS1"),
    ("\U000e0100", "VS17"), ("\u202e", "U+202E"), ("\u2066", "U+2066"), ("\u200f", "U+200F"),
])
def test_every_zero_width_or_format_character_is_a_visible_label(ch, name):
    view, _ = _view(f"a{ch}b")
    assert f'<span class="ctl">{name}</span>' in view and ch not in visible(view)


def test_analysis_counts_and_cap():
    enc = bbpe_core.get_encoding("cl100k_base")
    text = "hello world " * 2000
    result = analyse(enc, text, "as special tokens", max_tokens=100)
    assert result.n_tokens == len(enc.encode(text)) and len(result.spans) == 100
    assert result.truncated and result.n_chars == len(text) and result.n_bytes == len(text)
    empty = analyse(enc, "", "as plain text")
    assert (empty.n_tokens, empty.chars_per_token, empty.truncated) == (0, 0.0, False)


def test_special_modes():
    enc = bbpe_core.get_encoding("gpt2")
    assert analyse(enc, "<|endoftext|>", "as special tokens").n_tokens == 1
    assert analyse(enc, "<|endoftext|>", "as plain text").n_tokens == 7


def test_layers_align_chunks_tokens_ids():
    text = "it's a dog"
    spans = bbpe_core.get_encoding("gpt2").encode_detailed(text)
    grid = layers_html(text, spans, set(LAYERS))
    chunks = re.findall(r'<span class="chunk-text">(.*?)</span><span class="cols">', grid)
    assert [visible(c) for c in chunks] == ["it", "'s", "·a", "·dog"]
    assert re.findall(r'<span class="row gs">(.*?)</span>', grid) == ["it", "&#x27;s", "Ġa", "Ġdog"]
    assert re.findall(r'<span class="row hex">(.*?)</span>', grid)[-1] == "20 64 6f 67"
    only_ids = re.sub(r"<style>.*?</style>", "", layers_html(text, spans, {"ids"}), flags=re.S)
    assert "row gs" not in only_ids and "chunk-text" not in only_ids and "row id" in only_ids


def test_marked_ends():
    text = "ab cd"
    spans = bbpe_core.get_encoding("gpt2").encode_detailed(text)
    view = token_view_html(text, spans, marked_ends=frozenset({2}))
    assert view.count(" differs") == 1


def test_hover_links_by_data_attributes_not_per_id_rules():
    view, cells = _view("dog dog cat dog")
    assert ":has(" not in view + cells and "body:" not in view + cells
    assert re.findall(r'data-k="(\d+)"', view) == ["0", "1", "2", "3"]
    assert cells.count('data-id="3290"') == 2


@pytest.mark.parametrize("show", VIEWS)
def test_id_list_is_the_ids_as_text_and_linked_to_the_chips(show):
    text = "你 a dog dog"
    spans = bbpe_core.get_encoding("gpt2").encode_detailed(text)
    view = token_view_html(text, spans, show=show)
    ids = re.search(r'<div class="bbpe-idlist">(.*?)</div>', view)
    assert ('class="tok' in view) == (show != "Ids") and bool(ids) == (show != "Text")
    if ids:
        assert visible(ids.group(1)) == ", ".join(str(s.id) for s in spans)
        assert re.findall(r'class="idn" data-id="(\d+)" data-k="(\d+)"', view) == [
            (str(s.id), str(k)) for k, s in enumerate(spans)]


def test_unknown_view_is_a_value_error():
    with pytest.raises(ValueError, match="show must be one of"):
        token_view_html("a", [], show="Hex")
