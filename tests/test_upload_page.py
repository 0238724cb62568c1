"""The Upload page (issue 45, items 5 and 9): a WordPiece tokenizer.json is added with HF's
ids; a refusal says its reason first, the list of what is supported after it; GPT-2's two files
get a sensible name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from apptest import live, new_app

import bbpe_core
from bbpe_core.formats.gpt2_files import save_gpt2_files

tokenizers = pytest.importorskip("tokenizers")
VOCAB = Path(__file__).resolve().parent / ".refs" / "bert_base_uncased.vocab.txt"


def _upload_page():
    at = new_app()
    at.run()
    at.switch_page("views/upload.py").run()
    return at


def _add(at, kind: str, files: dict[str, bytes]):
    at.radio(key="up_kind").set_value(kind).run()
    for label, data in files.items():
        at.file_uploader(key=f"up_file_{label}").set_value((label, data, "application/json"))
    at.run()
    next(b for b in at.button if b.label == "Add tokenizer").click().run()
    assert not at.exception, at.exception
    return at


def test_a_wordpiece_tokenizer_json_is_added_with_hf_ids():
    hf = tokenizers.BertWordPieceTokenizer(str(VOCAB), lowercase=True)
    at = _add(_upload_page(), "tokenizer.json", {"tokenizer.json": hf.to_str().encode()})
    enc = at.session_state["user_encodings"]["tokenizer.json"][0]
    text = "Héllo, playing! 分词"
    assert enc.post_process(enc.encode(text)) == hf.encode(text).ids
    at.switch_page("views/playground.py").run()
    at.selectbox(key="encoding").select("tokenizer.json").run()
    live(at, "pg_text", text).run()
    assert not at.exception
    assert {m.label: m.value for m in at.metric}["Tokens"] == str(len(enc.encode(text)))


def test_a_refusal_gives_its_reason_first():
    bad = json.dumps({"model": {"type": "WordLevel", "vocab": {"a": 0}}}).encode()
    at = _add(_upload_page(), "tokenizer.json", {"tokenizer.json": bad})
    assert at.error[0].value.startswith("Not added") and len(at.error[0].value) < 80
    assert "WordLevel" in at.code[0].value
    assert any(c.value.startswith("Supported:") for c in at.caption)


def test_gpt2_files_are_named_after_both_files(tmp_path):
    enc = bbpe_core.train("low lower lowest newer wider " * 40, 270)
    vocab, merges = save_gpt2_files(enc, tmp_path)
    at = _add(_upload_page(), "vocab.json + merges.txt",
              {"vocab.json": vocab.read_bytes(), "merges.txt": merges.read_bytes()})
    assert list(at.session_state["user_encodings"]) == ["vocab.json + merges.txt"]


def test_a_text_its_normalizer_would_grow_past_the_cap_is_a_message_on_every_page():
    """A tokenizer.json whose normalizer writes 64 characters for 'a' (the most one rule may
    write) loads; 1,000 'a' would normalize to 64,000 characters, past the growth cap
    (``normalizers.growth``): each page says so in one sentence, none shows an exception."""
    doc = {"normalizer": {"type": "Replace", "pattern": {"String": "a"}, "content": "x" * 64},
           "pre_tokenizer": None, "post_processor": None, "decoder": None, "added_tokens": [],
           "model": {"type": "Unigram", "unk_id": 0, "byte_fallback": False,
                     "vocab": [["<unk>", 0.0], ["a", -1.0], ["x", -1.0]]}}
    at = _add(_upload_page(), "tokenizer.json", {"tokenizer.json": json.dumps(doc).encode()})
    at.switch_page("views/playground.py").run()
    at.selectbox(key="encoding").select("tokenizer.json").run()
    live(at, "pg_text", "a" * 1_000).run()
    said = " ".join(c.value for c in [*at.error, *at.code, *at.warning, *at.caption])
    assert "the normalizer makes 64,000 characters of 1,000" in said, said
    for mode in ("Chat", "Decode", "Compare", "Text"):
        at.radio(key="pg_mode").set_value(mode).run()
        assert not at.exception, (mode, at.exception)
    for page in ("views/vocabulary.py", "views/trace.py", "views/compare_lab.py",
                 "views/lessons.py", "views/byte_map.py", "views/algorithms.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)


def test_adding_a_tokenizer_builds_no_cjk_cut(monkeypatch, tmp_path):
    """The page encodes a new tokenizer once before adding it (a failing pattern fails there);
    that text has no CJK, so the CJK cut (seconds for the largest vocabulary the caps allow,
    in the process every visitor shares) waits for a visitor who types CJK with it."""
    from bbpe_core.models.bpe.fast.cjk_cut import CjkCut

    built, crossing = [], CjkCut._crossing  # the tables the cut is read off
    monkeypatch.setattr(CjkCut, "_crossing", lambda self: built.append(self) or crossing(self))
    enc = bbpe_core.train("low lower lowest newer wider 你好 你好吗 " * 40, 300)
    bbpe_core.save_hf_tokenizer_json(enc, tmp_path / "tokenizer.json")
    at = _add(_upload_page(), "tokenizer.json",
              {"tokenizer.json": (tmp_path / "tokenizer.json").read_bytes()})
    added = at.session_state["user_encodings"]["tokenizer.json"][0]
    assert not [c for c in built if c._vocab is added.vocab]  # gpt2's, for the page's text
    added.encode("你好吗")
    assert [c for c in built if c._vocab is added.vocab]  # built on the first CJK text
