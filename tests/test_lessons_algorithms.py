"""The two lessons about tokenization algorithms: every claim of their explanations holds in
the facts the page shows (computed from the encodings and the trainers)."""

from __future__ import annotations

import bbpe_core
from playground.lessons.questions import LESSONS

BY_KEY = {lesson.key: lesson for lesson in LESSONS}
ENCS = {n: bbpe_core.get_encoding(n) for n in ("gpt2", "llama2", "bert_base_uncased")}


def _facts(key: str, text: str | None = None) -> dict[str, dict]:
    lesson = BY_KEY[key]
    rows = lesson.facts(ENCS, lesson.example if text is None else text)
    return {r.get("encoding", r.get("tokenizer")): r for r in rows}


def test_the_lessons_are_about_the_algorithm_encodings():
    for key in ("marks", "algorithms"):
        assert {"gpt2", "llama2", "bert_base_uncased"} <= set(BY_KEY[key].encodings)


def test_where_low_line_and_byte_pieces_come_from():
    lesson = BY_KEY["marks"]
    assert "丼" in lesson.example and "<0xE4> <0xB8> <0xBC>" in lesson.explanation
    facts = _facts("marks")
    llama = facts["llama2"]
    assert "▁world" in llama["pieces"].split(" | ") and llama["a space is written"] == "▁"
    assert "<0xE4> | <0xB8> | <0xBC>" in llama["pieces"] and llama["<0xNN> pieces"] == 3
    assert llama["characters spelled in bytes"] == "丼"
    assert "丼".encode() == bytes([0xE4, 0xB8, 0xBC])
    assert ENCS["llama2"].decode(ENCS["llama2"].encode(lesson.example)) == lesson.example
    assert ENCS["llama2"].tokenize("Hello")[0] == "▁Hello"  # the dummy prefix
    assert facts["gpt2"]["a space is written"] == "Ġ" and facts["gpt2"]["<0xNN> pieces"] == 0
    bert = facts["bert_base_uncased"]
    assert bert["a space is written"] == "dropped" and bert["<0xNN> pieces"] == 0
    assert bert["characters spelled in bytes"] == "" and "[UNK]" in bert["pieces"]


def test_which_kinds_give_the_text_back():
    lesson = BY_KEY["algorithms"]
    facts = _facts("algorithms")
    assert facts["gpt2"]["gives the text back"] and facts["gpt2"]["unknown tokens"] == 0
    assert facts["llama2"]["gives the text back"] and facts["llama2"]["unknown tokens"] == 0
    assert "<0xE9>" in facts["llama2"]["pieces"]  # 麵 by byte fallback
    bert = facts["bert_base_uncased"]
    assert not bert["gives the text back"] and bert["unknown tokens"] == 1
    assert "cafe" in bert["pieces"].split(" | ")  # accents stripped, lowercased
    assert "hello" in bert["pieces"].split(" | ")
    trained = [r for name, r in facts.items() if "trained here" in name]
    assert [r["algorithm"] for r in trained] == ["character-level BPE", "Unigram"]
    for r in trained:  # 麵 and é are not in the training corpus: unknown, not given back
        assert r["unknown tokens"] >= 1 and not r["gives the text back"]
    assert "Unigram (Kudo 2018)" in lesson.explanation and "##" in lesson.explanation


def test_wordpiece_continuation_pieces_are_shown():
    facts = _facts("algorithms", "unaffable tokenization")
    assert facts["bert_base_uncased"]["pieces"] == "una | ##ffa | ##ble | token | ##ization"
    assert facts["bert_base_uncased"]["gives the text back"]
    assert all(r["gives the text back"] for name, r in facts.items() if "trained" in name)
