"""Lessons: every lesson's numbers, checked against tiktoken; the page in AppTest."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import live, new_app

import bbpe_core
from oracles import ENCODING_NAMES, tiktoken_encoding
from playground.lab.code import reindent
from playground.lab.formats import RECORDS, render_formats
from playground.lessons.questions import CORPUS, LESSONS, guess_feedback
from playground.selector.labels import COMPARE_DEFAULT

ROOT = Path(__file__).resolve().parent.parent
ENCS = {n: bbpe_core.get_encoding(n) for n in ENCODING_NAMES}
BY_KEY = {lesson.key: lesson for lesson in LESSONS}


def facts(key: str, text: str | None = None) -> dict[str, list[dict]]:
    lesson = BY_KEY[key]
    rows = lesson.facts(ENCS, lesson.example if text is None else text)
    return {n: [r for r in rows if r["encoding"] == n] for n in ENCODING_NAMES}


def tk(name: str, text: str, **kw) -> int:
    return len(tiktoken_encoding(name).encode(text, **({"disallowed_special": ()} | kw)))


def test_the_lessons_in_order():
    assert [lesson.key for lesson in LESSONS] == [
        "spelling", "languages", "arithmetic", "python", "endoftext", "glitch", "yaml",
        "marks", "algorithms"]
    assert "GPT-3 used the same r50k_base ranks" in BY_KEY["python"].explanation


@pytest.mark.parametrize("name", ENCODING_NAMES)
def test_lesson_numbers_match_tiktoken(name):
    (row,) = facts("spelling")[name]
    assert ((row["tokens"], row["tokens of the reversed word"])
            == (tk(name, "strawberry"), tk(name, "yrrebwarts")))
    en, zh = BY_KEY["languages"].example.split("\n")
    (row,) = facts("languages")[name]
    assert (row["English tokens"], row["Chinese tokens"]) == (tk(name, en), tk(name, zh))
    for row in facts("arithmetic")[name]:
        assert row["tokens"] == tk(name, row["number"])
    code = BY_KEY["python"].example
    (row,) = facts("python")[name]
    assert (row["4 spaces"], row["tabs"]) == (tk(name, code), tk(name, reindent(code, "\t")))
    (row,) = facts("endoftext")[name]
    assert row["as a special token"] == tk(name, "Done.<|endoftext|>", allowed_special="all") == 3
    assert row["as plain text"] == tk(name, "Done.<|endoftext|>")
    (row,) = facts("yaml")[name]
    yaml_text = render_formats(RECORDS[:1])["YAML"]
    assert row["YAML"] == tk(name, yaml_text) < row["JSON (indent 4)"]


def test_arithmetic_and_glitch_facts():
    gpt2 = {r["number"]: r for r in facts("arithmetic")["gpt2"]}
    assert gpt2["998"]["tokens"] == 1 and gpt2["9988"]["pieces"] == "99 | 88"
    cl = {r["number"]: r for r in facts("arithmetic")["cl100k_base"]}
    assert cl["123456789"]["pieces"] == "123 | 456 | 789"
    (glitch,) = facts("glitch")["gpt2"]
    assert glitch["ids"] == "[43453]"
    corpus_ids = tiktoken_encoding("gpt2").encode_ordinary(CORPUS.read_text(encoding="utf-8"))
    assert glitch["pieces × count in 1 MB of English"] == "' SolidGoldMagikarp' ×0"
    assert corpus_ids.count(43453) == 0
    assert glitch["pieces never seen there"] == "1 of 1"
    assert glitch["longest piece (characters)"] == len(" SolidGoldMagikarp")
    (split,) = facts("glitch")["cl100k_base"]  # ordinary pieces, one of them seen: not all 0
    assert split["pieces never seen there"] == "4 of 5" and "'ik' ×5" in split[
        "pieces × count in 1 MB of English"]


def test_guess_feedback():
    assert guess_feedback(10, 8) == "It is 8 tokens: you were 2 too high (25% off)."


def _token_views(at) -> list:
    """The page's st.html fragments but the page-wide style sheet and scripts and the
    sidebar's label."""
    return [h for h in at.get("html")  # nor the sidebar's chosen label
            if not h.proto.body.startswith(("<style>", "<script>", '<p class="bbpe-chosen">'))]


def test_lessons_page():
    at = new_app()
    at.run()
    at.switch_page("views/lessons.py").run()
    assert not at.exception and len(at.dataframe) == 0 and not at.info  # counts hidden
    assert not _token_views(at)  # AppTest keeps st.html unrendered: count the fragments
    shipped = set(bbpe_core.list_encoding_names())
    for lesson in LESSONS:
        at.button(key=f"reveal_{lesson.key}").click().run()
    assert not at.exception and len(at.dataframe) == len(LESSONS)
    views = sum(len([n for n in lesson.encodings if n in shipped] or COMPARE_DEFAULT)
                for lesson in LESSONS)
    assert len(_token_views(at)) == views  # a token view per encoding shown
    for lesson, table in zip(LESSONS, at.dataframe):  # each table equals the facts computed here
        names = [n for n in lesson.encodings if n in shipped] or COMPARE_DEFAULT
        shown = {n: bbpe_core.get_encoding(n) for n in names}
        assert table.value.to_dict("records") == lesson.facts(shown, lesson.example)
    live(at, "lesson_spelling", "hello").run()
    assert len(at.dataframe) == len(LESSONS) - 1  # an edited example is hidden again
    at.number_input(key="guess_spelling").set_value(5).run()
    at.button(key="reveal_spelling").click().run()
    assert list(at.dataframe[0].value["tokens"]) == [
        len(bbpe_core.get_encoding(n).encode("hello")) for n in COMPARE_DEFAULT]
    assert "It is 1 token: you were 4 too high" in at.info[0].value
    assert any("?s=" in m.value for m in at.markdown)


SHOWN = {n: bbpe_core.get_encoding(n) for n in COMPARE_DEFAULT}


def _n(name: str, text: str) -> int:
    return len(SHOWN[name].encode(text, disallowed_special=()))


def test_every_lesson_example_agrees_with_its_explanation():
    """Each number an explanation states, computed for the encodings the page shows."""
    assert "gpt2" in SHOWN
    text = BY_KEY["spelling"].explanation
    assert "strawberry, ten letters, is three tokens" in text and len("strawberry") == 10
    for n in SHOWN:
        assert _n(n, "strawberry") == 3 and abs(_n(n, "yrrebwarts") - 3) <= 1
        assert _n(n, "understanding") in (1, 2) and _n(n, "understanding"[::-1]) in (5, 6)
    en, zh = BY_KEY["languages"].example.split("\n")
    ratio = {n: _n(n, zh) / _n(n, en) for n in SHOWN}
    assert (ratio["gpt2"] > 2 and ratio["o200k_base"] < ratio["gpt2"]
            and ratio["llama3"] < ratio["gpt2"])
    assert ratio["qwen3"] <= 1
    assert "998 is one token, 9988 two" in BY_KEY["arithmetic"].explanation
    assert "9988" in BY_KEY["arithmetic"].example.split()
    code = BY_KEY["python"].example
    pieces = [SHOWN["gpt2"].decode([i]) for i in SHOWN["gpt2"].encode(code)]
    indent = sum(len(line) - len(line.lstrip(" ")) for line in code.splitlines())
    # every space a token, save the one before a word
    assert pieces.count(" ") == indent - code.count("\n    ")
    assert all(_n(n, code) < _n("gpt2", code) for n in SHOWN if n != "gpt2")
    gpt2 = SHOWN["gpt2"]
    assert gpt2.encode("<|endoftext|>", allowed_special="all") == [50256]
    assert all(_n(n, "<|endoftext|>") == 7 for n in SHOWN)
    for n, end in (("llama3", "<|end_of_text|>"), ("deepseek_v3", None),
                   ("mistral_tekken", "</s>")):
        assert "<|endoftext|>" not in SHOWN[n].special_tokens_set
        assert end is None or end in SHOWN[n].special_tokens_set
    assert len(gpt2.encode(BY_KEY["glitch"].example)) == 1
    yaml_rows = BY_KEY["yaml"].facts(SHOWN, BY_KEY["yaml"].example)
    assert all(r["YAML"] < r["JSON (indent 4)"] for r in yaml_rows)
    gaps = [(r["JSON (minified)"] - r["YAML"]) / r["YAML"] for r in yaml_rows]
    assert all(abs(g) <= 0.15 for g in gaps) and min(gaps) < 0 < max(gaps)  # about as much, ±


@pytest.mark.parametrize("name, pieces", [
    ("cl100k_base", ["123", "456", "789"]), ("o200k_base", ["123", "456", "789"]),
    ("llama3", ["123", "456", "789"]), ("deepseek_v3", ["123", "456", "789"]),
    ("qwen3", list("123456789")), ("mistral_tekken", list("123456789")),
])
def test_the_arithmetic_lesson_says_how_each_shown_encoding_cuts_digits(name, pieces):
    enc = bbpe_core.get_encoding(name)
    assert [enc.decode([i]) for i in enc.encode("123456789")] == pieces
