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
