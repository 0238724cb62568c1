"""Issue 45, "shown wrong": unknown tokens shown over the text they lose, and chips that
follow the source text's lines and whitespace for every model kind."""

from __future__ import annotations

import html
import re

import pytest
from apptest import live, new_app

import bbpe_core
from bbpe_core.encoded import lost_characters
from playground.analysis import analyse
from playground.compare import compare
from playground.inside.byte_map import token_byte_rows
from playground.inside.entries import vocab_entries
from playground.inside.merges import byte_fallback_ids, part_ids
from playground.inside.vocabulary import (
    anatomy,
    anatomy_sentence,
    search,
    split_characters,
)
from playground.lab.languages import Sample, headline, language_rows
from playground.render.charts import token_count_bar
from playground.render.tokens import token_view_html
from playground.render.trace import parts_html, trees_html

CJK = "分词器很有趣。"
CODE = "def f(x):\n    if x:\n\n        return x\n    return 0\n"


def test_t5_unknown_token_is_marked_lost_with_the_source_text():
    t5 = bbpe_core.get_encoding("t5")
    spans = t5.encode_detailed(CJK + " ok")
    unknown = [s for s in spans if s.unknown]
    assert [(s.token_str, s.start, s.end) for s in unknown] == [("<unk>", 0, 7)]
    assert lost_characters(spans) == 7
    assert not any(s.unknown for s in bbpe_core.get_encoding("gpt2").encode_detailed(CJK))
    assert not any(s.unknown for s in bbpe_core.get_encoding("llama2").encode_detailed(CJK))


def test_unknown_chip_shows_the_text_and_its_bytes():
    t5 = bbpe_core.get_encoding("t5")
    view = token_view_html(CJK, t5.encode_detailed(CJK), show="Both")
    chip = re.search(r'<span class="tok unk"[^>]*title="([^"]*)">([^<]*)</span>', view)
    assert chip is not None and chip.group(2) == CJK
    title = html.unescape(chip.group(1))
    assert CJK.encode().hex(" ") in title and "lost" in title
    assert "3c 75 6e 6b 3e" not in title  # not the bytes of the word "<unk>"
    assert "e5 88 86" in html.unescape(view.split('class="bbpe-ids"')[1])  # the id list too


def test_analysis_and_compare_count_lost_characters():
    t5 = bbpe_core.get_encoding("t5")
    assert analyse(t5, CJK, "as plain text").lost == 7
    assert analyse(t5, CJK * 400, "as plain text", max_tokens=5).lost == 7 * 400
    assert analyse(bbpe_core.get_encoding("gpt2"), CJK, "as plain text").lost == 0
    results = compare({n: bbpe_core.get_encoding(n) for n in ("t5", "gpt2")}, CJK,
                      "as plain text", 100)
    assert [r.lost for r in results] == [7, 0]
    bar = token_count_bar(results, len(CJK)).data[0]
    assert "lost" in bar.text[0] and "lost" not in bar.text[1]
    assert bar.marker.color[0] != bar.marker.color[1]


def test_compare_lab_never_calls_a_lossy_encoding_cheapest():
    encs = {n: bbpe_core.get_encoding(n) for n in ("t5", "gpt2")}
    samples = [Sample("eng", "English", "Latin", "All human beings are born free."),
               Sample("cmn", "Chinese", "Han", CJK * 3)]
    rows = language_rows(encs, samples)
    assert {(r["encoding"], r["language"]): r["characters lost"] for r in rows}[
        ("t5", "Chinese")] == 21
    answer = headline(rows, "Chinese")
    assert "cheapest for Chinese: gpt2" in answer and "t5 cannot represent 21" in answer


def test_byte_map_rows_give_the_lost_text_and_its_bytes():
    rows = token_byte_rows(bbpe_core.get_encoding("t5"), CJK)
    lost = [r for r in rows if r["lost"]]
    assert lost and lost[0]["text"] == CJK and lost[0]["bytes (hex)"] == CJK.encode().hex(" ")


def _unmarked(view: str) -> str:
    """The text a token view draws, its marks turned back into what they stand for: a line
    break per <br>, ↵ dropped, · a space, → a tab."""
    body = re.sub(r"<style>.*?</style>", "", view, flags=re.S).replace("<br>", "\n")
    body = re.sub(r'<span class="ws">↵</span>', "", body)
    text = html.unescape(re.sub(r"<[^>]+>", "", body))
    return text.replace("·", " ").replace("→", "\t")


@pytest.mark.parametrize("name", ["t5", "umt5", "nomic_bert_moe", "jurassic2", "llama2", "gpt2",
                                  "bert_base_uncased", "gemma3"])
def test_chips_follow_the_source_lines_and_whitespace(name):
    enc = bbpe_core.get_encoding(name)
    for text in (CODE, "a    b\n  c"):
        view = token_view_html(text, enc.encode_detailed(text), show_whitespace=True)
        assert _unmarked(view) == text, name


def test_a_token_starting_at_a_newline_starts_a_new_chip_line():
    text = "x:\n    return x"
    view = token_view_html(text, bbpe_core.get_encoding("nomic_bert_moe").encode_detailed(text))
    lines = _unmarked(view).split("\n")
    assert lines[1].strip() == "return x"


def test_playground_says_how_many_characters_are_lost():
    at = new_app()
    at.run()
    at.selectbox(key="encoding").select("t5").run()
    live(at, "pg_text", CJK).run()
    assert not at.exception
    assert any("7 characters of this text cannot be represented" in w.value for w in at.warning)
    at.radio(key="pg_mode").set_value("Compare").run()
    at.multiselect(key="cmp_names").set_value(["t5", "gpt2"]).run()
    assert not at.exception
    assert any("cannot represent part of the text" in w.value for w in at.warning)
    assert list(at.dataframe[0].value["characters lost"]) == [7, 0]


@pytest.mark.parametrize("name, has, lacks", [
    ("t5", ["Unigram", "<unk>", "▁"], ["##", "[UNK]", "byte fallback"]),
    ("jurassic2", ["Unigram", "byte fallback"], ["##", "[UNK]"]),
    ("llama2", ["SentencePiece BPE", "byte fallback"], ["##", "[UNK]"]),
    ("bert_base_uncased", ["WordPiece", "##", "[UNK]"], ["▁", "byte fallback"]),
])
def test_anatomy_describes_each_model_kind(name, has, lacks):
    enc = bbpe_core.get_encoding(name)
    sentence = anatomy_sentence(enc, anatomy(enc))
    assert all(s in sentence for s in has) and not any(s in sentence for s in lacks), sentence


def test_search_forms():
    entries = vocab_entries(bbpe_core.get_encoding("gpt2"))
    assert search(entries, "regex", "^Ġ", form="text") == []
    assert len(search(entries, "regex", "^Ġ", form="vocabulary")) == 200
    assert len(search(entries, "regex", "^Ġ")) == 200  # either
    assert len(search(entries, "regex", "^ [0-9]{3}$", form="text")) == 200
    assert search(entries, "regex", "^ [0-9]{3}$", form="vocabulary") == []
    with pytest.raises(ValueError, match="form"):
        search(entries, "substring", "a", form="bytes")


def test_a_character_split_into_bytes_is_named():
    gpt2 = bbpe_core.get_encoding("gpt2")
    assert split_characters(gpt2, "你") == [("你", "你".encode(), ["ä½", "ł"])]
    assert split_characters(bbpe_core.get_encoding("o200k_base"), "你") == []


def test_vocabulary_page_search_says_what_it_searches():
    at = new_app()
    at.run()
    at.switch_page("views/vocabulary.py").run()
    live(at, "vo_query", "你").run()
    assert not at.exception
    assert any("Searched in" in c.value for c in at.caption)
    assert any("splits each into tokens" in i.value for i in at.info)
    assert any("e4 bd a0" in c.value for c in at.code)
    at.selectbox(key="vo_mode").select("regex").run()
    at.radio(key="vo_form").set_value("vocabulary").run()
    live(at, "vo_query", "^Ġ").run()
    assert not at.exception and len(at.dataframe[0].value) == 200
    at.selectbox(key="encoding").select("t5").run()
    assert not at.exception
    assert any("Unigram" in t.value and "##" not in t.value for t in at.text)


def test_merge_trace_gives_byte_fallback_characters_their_ids():
    llama = bbpe_core.get_encoding("llama2")
    t = bbpe_core.trace(llama, "词 ok")[0]
    ranks, fallback = part_ids(llama), byte_fallback_ids(llama)
    ids = [235, 178, 144]  # <0xE8> <0xAF> <0x8D>
    assert ids == llama.encode("词")[1:]
    for fragment in (parts_html(t.steps[-1].parts, ranks, fallback=fallback),
                     trees_html(t, ranks, fallback)):
        assert "235 178 144 (byte fallback)" in fragment
        assert "#eee" not in fragment  # no grey chip without ids


def test_merge_trace_page_with_llama2_shows_the_byte_fallback_ids():
    at = new_app()
    at.run()
    at.switch_page("views/trace.py").run()
    at.selectbox(key="encoding").select("llama2").run()
    live(at, "tr_text", "词 ok").run()
    assert not at.exception
    assert any("byte fallback" in h.proto.body for h in at.get("html"))


def test_the_style_sheet_has_no_angle_bracket():
    """``widgets.page_assets`` puts assets/style.css on the page with ``st.html``, whose
    sanitizer drops a <style> holding "<" (a comment naming <unk> did): no chip had a style."""
    from playground.render.base import page_css

    assert "<" not in page_css()
