"""The same uploaded file is parsed once while some session keeps its encoding
(``playground.upload.files._LOADED``), and never kept after the last one lets it go; one
file is parsed at a time in the whole app (``parse_slot``)."""

from __future__ import annotations

import gc
import threading

import pytest

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


def test_one_file_is_parsed_at_a_time_and_a_waiting_one_is_told_the_server_is_busy(
        monkeypatch, tmp_path):
    bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding("gpt2"), tmp_path / "t.json")
    data = (tmp_path / "t.json").read_bytes()
    assert files.PARSES_AT_ONCE == 1
    monkeypatch.setattr(files, "PARSE_WAIT_SECONDS", 0.2)
    with files.parse_slot():  # another visitor's parse
        with pytest.raises(ValueError, match="the server is busy adding other visitors'"):
            load_upload("tokenizer.json", [data], name="waits")
    kept = load_upload("tokenizer.json", [data], name="waits")  # the slot is free again
    with files.parse_slot():  # a file already parsed and kept needs no slot
        assert load_upload("tokenizer.json", [data], name="waits") is kept


def test_a_file_parsed_while_this_one_waited_is_not_parsed_again(monkeypatch, tmp_path):
    bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding("gpt2"), tmp_path / "t.json")
    data = (tmp_path / "t.json").read_bytes()
    parsed, results = [], []
    real = files._load
    monkeypatch.setattr(files, "_load", lambda *a: parsed.append(a[2]) or real(*a))
    with files.parse_slot():  # both sessions queue behind another parse
        waiting = [threading.Thread(target=lambda: results.append(
            load_upload("tokenizer.json", [data], name="same"))) for _ in range(2)]
        for thread in waiting:
            thread.start()
    for thread in waiting:
        thread.join(timeout=60)
    assert len(results) == 2 and results[0] is results[1] and parsed == ["same"]


def test_digests_taken_once_give_the_same_keys(monkeypatch, tmp_path):
    """The page hashes an upload's files once (``file_digests``) for the shared parse's key
    and the session's; the keys are those of the files hashed again, and a load given the
    digests hashes nothing."""
    blobs = [b"vocab" * 1000, b"merges" * 1000]
    digests = files.file_digests(blobs)
    assert files.fingerprint("k", blobs, "o", digests=digests) == files.fingerprint(
        "k", blobs, "o")
    assert files.fingerprint("k", blobs, "p") != files.fingerprint("k", blobs, "o")
    bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding("gpt2"), tmp_path / "t.json")
    data = (tmp_path / "t.json").read_bytes()
    hashed = []
    real = files.file_digests
    monkeypatch.setattr(files, "file_digests", lambda f: hashed.append(len(f)) or real(f))
    given = real([data])
    enc = load_upload("tokenizer.json", [data], name="hashed once", digests=given)
    assert hashed == [] and enc is load_upload("tokenizer.json", [data], name="hashed once")
    assert hashed == [1]
