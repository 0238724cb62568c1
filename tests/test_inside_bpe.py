"""Byte map, vocabulary explorer and trace HTML as plain Python, and AppTest for their pages."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import live, new_app
from hypothesis import given
from hypothesis import strategies as hst
from streamlit.testing.v1 import AppTest

import bbpe_core
from playground.export import vocabulary_files
from playground.inside.byte_map import byte_grid_html, byte_reason
from playground.inside.entries import vocab_entries
from playground.inside.vocabulary import anatomy, oddities, script_of, search
from playground.render.trace import merge_trees, step_sentence, trees_html

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def gpt2_entries():
    return vocab_entries(bbpe_core.get_encoding("gpt2"))


def test_byte_grid():
    grid = byte_grid_html()
    assert grid.count('class="kept"') == 188 and grid.count('class="shifted"') == 68
    assert "Ġ" in grid and "0x20: space" in grid
    assert byte_reason(ord("A")) == "printable Latin-1 character 'A': kept as itself"
    assert "U+0100" in byte_reason(0)


def test_gpt2_anatomy_is_256_50000_1():
    a = anatomy(bbpe_core.get_encoding("gpt2"))
    assert (a["single_bytes"], a["merged"], a["special"], a["unassigned"]) == (256, 50000, 1, 0)
    assert not a["byte_order"] and a["first_byte_ids"][0] == 188
    cl = anatomy(bbpe_core.get_encoding("cl100k_base"))
    assert cl["unassigned"] == 16 and cl["n_vocab"] == 100277


def test_entries_know_their_merge(gpt2_entries):
    by_id = {e.id: e for e in gpt2_entries}
    assert by_id[17312].merge == (b"\xe6", b"\x9c") and by_id[17312].text is None
    assert by_id[50256].special and by_id[50256].merge is None
    assert by_id[0].merge is None and by_id[0].token_str == "!"


@pytest.mark.parametrize(
    "mode, query, first_id",
    [("substring", " SolidGoldMagikarp", 43453), ("id", "995", 995), ("id", "995-996", 995),
     ("byte prefix (hex)", "e6 9c", 17312), ("regex", "^ worl", 995)],
)
def test_search_modes(gpt2_entries, mode, query, first_id):
    assert search(gpt2_entries, mode, query)[0].id == first_id


@pytest.mark.parametrize(
    "mode, query, message",
    [("regex", "(", "not a valid regex"), ("id", "x", "type an id"),
     ("byte prefix (hex)", "zz", "in hex"),
     # 2**64 ways to match gpt2's token of 64 dashes: stopped at its time budget, not a hang
     ("regex", "^(-|-)+!", "took longer")],
)
def test_search_errors(gpt2_entries, mode, query, message):
    with pytest.raises(ValueError, match=message):
        search(gpt2_entries, mode, query)


def test_script_classes(gpt2_entries):
    by_id = {e.id: e for e in gpt2_entries}
    assert script_of(by_id[17312]) == "partial UTF-8"
    assert script_of(by_id[995]) == "Latin" and script_of(by_id[50256]) == "special"
    assert script_of(by_id[198]) == "whitespace"


def test_oddities():
    rows = {r["text"]: r for r in oddities(bbpe_core.get_encoding("gpt2"))}
    assert rows["' SolidGoldMagikarp'"]["one token"]
    assert not rows["'        '"]["one token"]


def test_vocabulary_files_load_back():
    enc = bbpe_core.get_encoding("gpt2")
    files = vocabulary_files(enc)
    assert set(files) == {"tokenizer.json", "vocab.json", "merges.txt", "gpt2.tiktoken"}
    assert files["merges.txt"].startswith(b"#version: 0.2\n")
    loaded = [
        bbpe_core.load_hf_tokenizer_json(files["tokenizer.json"]),
        bbpe_core.load_gpt2_files(files["vocab.json"], files["merges.txt"],
                                  special_tokens=enc.special_tokens),
        bbpe_core.load_tiktoken(files["gpt2.tiktoken"], name="gpt2", pat_str=enc.pat_str,
                                special_tokens=enc.special_tokens),
    ]
    text = "Hello world, 你好 123 <|endoftext|>"
    for back in loaded:
        assert back.encode(text, allowed_special="all") == enc.encode(text, allowed_special="all")
        assert back.n_vocab == enc.n_vocab


def test_trace_words_and_trees():
    enc = bbpe_core.get_encoding("gpt2")
    (t,) = bbpe_core.trace(enc, "朋友")
    assert "only ('å', 'ı') forms a token (rank 20998)" in step_sentence(t.steps[1], 2)
    trees = merge_trees(t)
    assert [n.data for n in trees] == [b"\xe6\x9c", b"\x8b", b"\xe5\x8f", b"\x8b"]
    assert [c.data for c in trees[0].children] == [b"\xe6", b"\x9c"]
    html = trees_html(t, enc.mergeable_ranks)
    assert "step 1, rank 17312" in html and "step 2, rank 20998" in html


def _page(path: str) -> AppTest:
    at = new_app()
    at.run()
    at.switch_page(path).run()
    assert not at.exception
    return at


def test_trace_page():
    at = _page("views/trace.py")
    live(at, "tr_text", "朋友").run()
    assert "[17312, 233, 20998, 233]" in at.markdown[0].value
    slider = at.slider[0]
    slider.set_value(1).run()
    assert any("Step 1: of the 2 adjacent pairs" in m.value for m in at.markdown)
    live(at, "tr_text", "a" * 190 + " " + "b" * 9).run()
    assert not at.exception


def test_byte_map_page():
    at = _page("views/byte_map.py")
    at.text_input(key="bm_g").input("ĠhelloĊ").run()
    assert "text: ' hello\\n'" in at.code[-1].value
    at.text_input(key="bm_g").input("中").run()
    assert "not in GPT-2's byte alphabet" in at.error[0].value


def test_vocabulary_page():
    at = _page("views/vocabulary.py")
    live(at, "vo_query", "Magikarp").run()
    assert 43453 in list(at.dataframe[0].value["id"])
    at.selectbox(key="vo_mode").select("regex").run()
    live(at, "vo_query", "(").run()
    assert "cannot run" in at.error[0].value and "not a valid regex" in at.code[0].value
    assert [m.value for m in at.metric][:5] == ["50,257", "256", "50,000", "1", "0"]


@pytest.mark.parametrize("name", ["gpt2", "o200k_base"])
def test_vocabulary_charts_have_no_overlapping_labels(name):
    """Tokens by length: a numeric x axis (plotly spaces its ticks) and no value written above
    bars too many to hold one each; every chart hides a label wider than its bar."""
    import json

    from playground.render.charts import MAX_BAR_LABELS

    at = _page("views/vocabulary.py")
    at.session_state["vo_charts"] = True  # the charts are drawn when opened
    at.selectbox(key="encoding").select(name).run()
    figures = [json.loads(c.proto.spec) for c in at.get("plotly_chart")]
    by_title = {f["layout"]["title"]["text"]: f for f in figures}
    lengths = by_title["Tokens by length"]
    (bar,) = lengths["data"]
    assert (all(isinstance(x, int) for x in bar["x"])
            and lengths["layout"]["xaxis"]["type"] == "linear")
    assert len(bar["x"]) > MAX_BAR_LABELS and "text" not in bar
    for f in figures:
        assert f["layout"]["uniformtext"]["mode"] == "hide"
        for trace in f["data"]:
            assert len(trace.get("text") or []) <= MAX_BAR_LABELS
    for table in at.dataframe:  # and no None in any table
        assert not table.value.isna().any().any()


@given(text=hst.text(max_size=20))
def test_byte_map_text_and_gpt2_string_lines_round_trip(text):
    from playground.inside.byte_map import gpt2_to_text, text_to_gpt2

    hex_line, g_line = text_to_gpt2(text).split("\n")
    assert bytes.fromhex(hex_line.split(": ", 1)[1]) == text.encode()
    back = gpt2_to_text(g_line.removeprefix("Ġ string: "))
    assert back.split("\n") == [f"bytes: {text.encode().hex(' ')}", f"text: {text!r}"]


def test_byte_map_gpt2_to_text_flags_bytes_that_are_not_utf8_and_refuses_other_characters():
    from playground.inside.byte_map import gpt2_to_text

    assert gpt2_to_text("å").endswith("(not valid UTF-8: � marks bytes that do not decode)")
    with pytest.raises(ValueError, match="not in GPT-2's byte alphabet"):
        gpt2_to_text("中")


@pytest.mark.parametrize("name, start", [("gpt2", "Byte-level BPE"), ("llama2", "SentencePiece"),
                                         ("bert_base_uncased", "WordPiece"),
                                         ("t5", "Unigram: tokens are pieces")])
def test_byte_map_kind_caption_follows_the_model_kind(name, start):
    from playground.inside.byte_map import kind_caption

    assert kind_caption(bbpe_core.get_encoding(name)).startswith(start)
