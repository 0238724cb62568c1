"""Every page with a SentencePiece (llama2) and a WordPiece (bert_base_uncased) encoding
selected: no exception, the vocabulary's own strings (▁hello, <0xNN>, ##ing), and a plain
message where a view does not apply (AppTest: st.html is not rendered, its logic is)."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import lab_tab, live, new_app
from streamlit.testing.v1 import AppTest

import bbpe_core
from playground.analysis import analyse
from playground.decode import decode_ids
from playground.inside.byte_map import token_byte_rows
from playground.inside.entries import vocab_entries
from playground.inside.vocabulary import anatomy, search
from playground.render.tokens import LAYERS, layers_html

ROOT = Path(__file__).resolve().parent.parent
KINDS = ["llama2", "bert_base_uncased"]


def _page(page: str, name: str | None = None) -> AppTest:
    at = new_app()
    at.run()
    at.switch_page(f"views/{page}.py").run()
    if name is not None:
        at.selectbox(key="encoding").select(name).run()
    assert not at.exception
    return at


def _texts(at: AppTest) -> str:
    return "\n".join(str(e.value) for kind in (at.markdown, at.info, at.error, at.code,
                                                  at.caption, at.text) for e in kind)


@pytest.mark.parametrize("name", KINDS)
def test_playground_modes(name):
    at = _page("playground", name)
    for mode in ("Text", "Decode", "Compare", "Chat"):
        at.radio(key="pg_mode").set_value(mode).run()
        assert not at.exception, mode
    at.radio(key="pg_mode").set_value("Decode").run()
    enc = bbpe_core.get_encoding(name)
    ids = enc.encode("Hello world")
    live(at, "decode_ids", str(ids)).run()
    assert not at.exception and at.metric[0].value == str(len(ids))
    live(at, "decode_ids", str(enc.n_vocab)).run()
    assert "not a token" in at.error[0].value and "out of range" in at.code[0].value


def test_decode_goes_through_the_decoder():
    bert = bbpe_core.get_encoding("bert_base_uncased")
    report = decode_ids(bert, str(bert.post_process(bert.encode("Unaffable, PLAYING!"))))
    assert report.pieces == [("unaffable, playing!", True)]
    llama = bbpe_core.get_encoding("llama2")
    assert decode_ids(llama, str(llama.encode("hi 𝔸"))).pieces == [("hi 𝔸", True)]


def test_layers_show_pieces_and_the_normalized_text():
    bert = bbpe_core.get_encoding("bert_base_uncased")
    text = "Héllo PLAYING"
    result = analyse(bert, text, "as special tokens")
    assert result.normalized == {0: "hello", 1: "playing"}
    grid = layers_html(text, result.spans, set(LAYERS), normalized=result.normalized)
    assert 'class="chunk-text normalized"' in grid and ">hello<" in grid
    assert [s.token_str for s in result.spans] == ["hello", "playing"]
    llama = analyse(bbpe_core.get_encoding("llama2"), "Hi 𝔸", "as special tokens")
    assert [s.token_str for s in llama.spans] == ["▁Hi", "▁", "<0xF0>", "<0x9D>", "<0x94>",
                                                  "<0xB8>"]
    assert llama.normalized == {0: "▁Hi▁𝔸"}
    gpt2 = analyse(bbpe_core.get_encoding("gpt2"), "Hi", "as special tokens")
    assert gpt2.normalized == {}
    assert "chunk-text normalized" not in layers_html("Hi", gpt2.spans, set(LAYERS))


def test_merge_trace_page():
    at = _page("trace", "llama2")
    assert "merges into '▁" in _texts(at)
    at = _page("trace", "bert_base_uncased")
    assert "has no merges" in _texts(at) and at.error


@pytest.mark.parametrize("name", KINDS)
def test_vocabulary_page(name):
    at = _page("vocabulary", name)
    text = _texts(at)
    assert "piece strings" in text and "nothing to export" in text
    columns = at.dataframe[0].value.columns
    assert "piece" in columns and "Ġ string" not in columns


def test_vocabulary_entries_are_the_pieces():
    bert = bbpe_core.get_encoding("bert_base_uncased")
    found = search(vocab_entries(bert), "substring", "##ing")
    assert found[0].token_str == "##ing" and found[0].data == b"ing"
    assert anatomy(bert)["single_bytes"] == 0 and anatomy(bert)["special"] == 5
    llama = anatomy(bbpe_core.get_encoding("llama2"))
    assert (llama["single_bytes"], llama["special"], llama["n_vocab"]) == (256, 3, 32000)


@pytest.mark.parametrize("name", KINDS)
def test_byte_map_page(name):
    at = _page("byte_map", name)
    at.text_input(key="bm_text").input("Hi 𝔸").run()
    assert not at.exception
    strings = list(at.dataframe[0].value["string"])
    assert strings == [t for t in bbpe_core.get_encoding(name).tokenize("Hi 𝔸")]


def test_byte_map_rows_name_byte_fallback_pieces():
    rows = token_byte_rows(bbpe_core.get_encoding("llama2"), "中𝔸")
    assert [r["string"] for r in rows][-4:] == ["<0xF0>", "<0x9D>", "<0x94>", "<0xB8>"]
    assert [r["bytes (hex)"] for r in rows][-4:] == ["f0", "9d", "94", "b8"]
    assert {r["text"] for r in rows[-4:]} == {"𝔸"}
    bert = token_byte_rows(bbpe_core.get_encoding("bert_base_uncased"), "Playing 𝔸x")
    assert [(r["string"], r["text"]) for r in bert] == [("playing", "Playing"), ("[UNK]", "𝔸x")]


def test_compare_lab_with_the_new_kinds():
    at = new_app()
    at.run()
    at.switch_page("views/compare_lab.py").run()
    lab_tab(at, "Tables")
    at.multiselect(key="lab_names").set_value(["gpt2", *KINDS]).run()
    assert not at.exception
    assert list(at.dataframe[0].value.columns) == ["language", "script", "gpt2", *KINDS]
