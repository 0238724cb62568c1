"""Open a model file: what the browser component sends is checked before any work, and a
GGUF's tokenizer becomes an encoding with the same ids as the shipped one it was written from."""

from __future__ import annotations

import base64

import pytest
from gguf_files import write_gguf

import bbpe_core
from playground.ui.model_file import MAX_HEADER_MB, open_model_file


@pytest.fixture(scope="module")
def gpt2_gguf(tmp_path_factory) -> bytes:
    path = tmp_path_factory.mktemp("gguf") / "gpt2.gguf"
    write_gguf(path, "gpt2")
    return path.read_bytes()


def test_a_gguf_sent_by_the_browser_gives_the_shipped_ids(gpt2_gguf):
    enc, fingerprint, _ = open_model_file(
        {"name": "my-model.Q4_K_M.gguf", "size": 5 << 30,
         "gguf": base64.b64encode(gpt2_gguf).decode()})
    text = "Hello world, 你好 123 <|endoftext|>"
    assert enc.encode(text, allowed_special="all") == \
        bbpe_core.get_encoding("gpt2").encode(text, allowed_special="all")
    assert enc.name == "my-model.Q4_K_M" and fingerprint.startswith("gguf:")


@pytest.mark.parametrize("event, message", [
    (None, "the browser sent no model file"),
    ({"name": 3}, "the browser sent no model file"),
    ({"name": "m.gguf", "error": "it is not a GGUF file (no GGUF magic)"}, "no GGUF magic"),
    ({"name": "m.gguf", "gguf": "not base64!"}, "damaged data"),
    ({"name": "m.gguf", "gguf": ["R0dVRg=="]}, f"over {MAX_HEADER_MB} MB"),
    ({"name": "m.gguf", "gguf": "A" * ((MAX_HEADER_MB << 20) * 4 // 3 + 8)}, "over"),
    ({"name": "m.gguf", "gguf": base64.b64encode(b"GGUF" + b"\0" * 20).decode()}, "m"),
])
def test_what_the_browser_sends_is_checked_and_refused_with_a_value_error(event, message):
    with pytest.raises(ValueError, match=message):
        open_model_file(event)


def test_a_model_file_waits_for_the_app_s_parse_slot(gpt2_gguf, monkeypatch):
    """One tokenizer file is parsed at a time in the whole app (``upload.files.parse_slot``):
    while another visitor's parse holds the slot, this one says the server is busy."""
    from playground.upload import files

    monkeypatch.setattr(files, "PARSE_WAIT_SECONDS", 0.2)
    event = {"name": "m.gguf", "size": 1, "gguf": base64.b64encode(gpt2_gguf).decode()}
    with files.parse_slot(), pytest.raises(ValueError, match="the server is busy adding"):
        open_model_file(event)
    assert open_model_file(event)[0].n_vocab == bbpe_core.get_encoding("gpt2").n_vocab
