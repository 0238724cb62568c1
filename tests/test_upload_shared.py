"""The same uploaded file is parsed once while some session keeps its encoding
(``playground.upload.files._LOADED``), and never kept after the last one lets it go."""

from __future__ import annotations

import gc

import bbpe_core
from playground.upload import files
from playground.upload.files import load_upload


def test_the_same_file_is_parsed_once_while_kept(monkeypatch, tmp_path):
    bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding("gpt2"), tmp_path / "t.json")
    data = (tmp_path / "t.json").read_bytes()
    parsed = []
    real = files._load
    monkeypatch.setattr(files, "_load", lambda *a: parsed.append(a[2]) or real(*a))
    first = load_upload("tokenizer.json", [data], name="mine")
    again = load_upload("tokenizer.json", [data], name="mine")
    assert again is first and parsed == ["mine"]
    other = load_upload("tokenizer.json", [data], name="theirs")  # another name: its own
    assert other is not first and other.name == "theirs" and parsed == ["mine", "theirs"]
    changed = load_upload("tokenizer.json", [data + b"\n"], name="mine")  # other bytes
    assert changed is not first and len(parsed) == 3
    assert changed.encode("hello world") == first.encode("hello world")
    del first, again, changed
    gc.collect()
    load_upload("tokenizer.json", [data], name="mine")  # nobody kept it: parsed again
    assert parsed == ["mine", "theirs", "mine", "mine"]
    del other
