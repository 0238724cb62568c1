"""Hostile vocabulary and model files (issue 42): every public loader reads only regular files
and at most ``max_bytes`` of them; one validation of a vocabulary, whatever file it came from
(a ``.model``, a tokenizer.json or a GGUF file), so a file is refused by name or encodes
exactly; a GGUF header costs at most its budget. Memory and time cases run in a fresh
interpreter under an address-space limit and a timeout (``limits.run_limited``).

Each case failed on the main branch before this change (MemoryError, a hang, or a file that
loaded and then gave wrong ids or refused every text).
"""

from __future__ import annotations

import json
import os
import struct

import pytest
from limits import run_limited

LOADERS = ["load_sentencepiece_model", "load_hf_tokenizer_json", "load_tiktoken_bpe",
           "load_gguf"]


@pytest.fixture()
def fifo(tmp_path):
    path = tmp_path / "pipe"
    os.mkfifo(path)
    return str(path)


@pytest.mark.parametrize("loader", LOADERS)
def test_a_public_loader_refuses_a_device_or_a_fifo_by_name(loader, fifo):
    """``/dev/zero`` with ``max_bytes`` of 1 MiB reached MemoryError, a FIFO blocked."""
    cap = "" if loader == "load_gguf" else ", max_bytes=1 << 20"
    code = ("import json, sys, bbpe_core\n"
            "out = []\n"
            "for path in sys.argv[1:]:\n"
            "    try:\n"
            f"        bbpe_core.{loader}(path{cap})\n"
            "        out.append('loaded')\n"
            "    except bbpe_core.VocabFileError as e:\n"
            "        out.append(str(e))\n"
            "print(json.dumps(out))\n")
    done = run_limited(code, memory_bytes=512 << 20, timeout=60, args=("/dev/zero", fifo))
    assert done.returncode == 0, done.stderr[-2000:]
    assert [m.endswith(": not a regular file (a device, FIFO or socket)")
            for m in json.loads(done.stdout)] == [True, True], done.stdout


def test_a_file_larger_than_max_bytes_is_refused_without_reading_it(tmp_path):
    import bbpe_core
    big = tmp_path / "big.model"
    with open(big, "wb") as f:
        f.truncate(10 << 20)
    with pytest.raises(bbpe_core.VocabFileError, match="larger than the limit of 1,048,576"):
        bbpe_core.load_sentencepiece_model(big, max_bytes=1 << 20)


# ---- one validation of a vocabulary, whatever file it came from ---------------------------

def _llama_gguf(pieces, *extra: bytes) -> bytes:
    """A GGUF ``llama`` (SentencePiece BPE) header from ``(piece, score, type)`` triples, as
    ``test_sentencepiece_model._model`` builds a ``.model`` from them."""
    from test_gguf import _file, _ints, _kv, _s, _strings
    tokens, scores, types = zip(*pieces)
    return _file(_kv("tokenizer.ggml.model", 8, _s("llama")),
                 _kv("tokenizer.ggml.tokens", 9, _strings(list(tokens))),
                 _kv("tokenizer.ggml.scores", 9, _ints(list(scores), 6, "f")),
                 _kv("tokenizer.ggml.token_type", 9, _ints(list(types))), *extra)


def _tiny():
    from test_sentencepiece_model import TINY
    return list(TINY)


@pytest.mark.parametrize("score", [float("nan"), float("inf"), float("-inf")])
def test_a_score_that_is_not_finite_is_refused_in_a_model_and_a_gguf_file(score):
    """A NaN score loaded, and no merge through its piece ever applied."""
    from test_sentencepiece_model import _model

    import bbpe_core
    pieces = _tiny()
    pieces[-3] = ("ab", score, 1)
    with pytest.raises(bbpe_core.VocabFileError, match=r"tiny: pieces: piece 262 \('ab'\) "
                       rf"has the score {score}"):
        bbpe_core.load_sentencepiece_model(_model(pieces), name="tiny")
    with pytest.raises(bbpe_core.VocabFileError, match=r"tiny: tokenizer.ggml.scores: "
                       rf"piece 262 \('ab'\) has the score {score}"):
        bbpe_core.load_gguf(_llama_gguf(pieces), name="tiny")


@pytest.mark.parametrize("kind", [3, 4])
def test_an_empty_control_or_user_defined_token_in_a_gguf_file_is_refused(kind):
    """It loaded, then refused every text as "disallowed special token ''" (control) or gave
    ids that decode to other text (user-defined)."""
    from test_gguf import _tiny_gpt2, _tiny_tokens

    import bbpe_core
    for data in (_llama_gguf([*_tiny(), ("", 0.0, kind)]),
                 _tiny_gpt2(tokens=[*_tiny_tokens(), ""], types=[1] * 257 + [3, kind])):
        with pytest.raises(bbpe_core.VocabFileError,
                           match=r"tokenizer.ggml.tokens: piece 2\d\d is empty"):
            bbpe_core.load_gguf(data, name="tiny")


@pytest.mark.parametrize(("change", "message"), [
    (lambda p: [x for x in p if x[0] != "<0x41>"], "255 of the 256 BYTE pieces"),
    (lambda p: p[1:], "0 UNKNOWN pieces"),
    (lambda p: [*p, ("a", -9.0, 1)], r"piece 265 \('a'\) is listed twice"),
    (lambda p: [*p, ("a\0b", -9.0, 1)], "holds NUL"),
    (lambda p: [*p, ("x" * 8000, -9.0, 1)], "has 8,000 bytes or more"),
])
def test_a_gguf_file_is_refused_where_the_model_file_is(change, message):
    """A partial set of <0xNN> pieces loaded from a GGUF file (text with a byte no piece
    holds then had no id), as did no unknown piece; the ``.model`` loader refuses both."""
    from test_sentencepiece_model import _model

    import bbpe_core
    pieces = change(_tiny())
    with pytest.raises(bbpe_core.VocabFileError, match=message):
        bbpe_core.load_sentencepiece_model(_model(pieces), name="tiny")
    with pytest.raises(bbpe_core.VocabFileError, match=message):
        bbpe_core.load_gguf(_llama_gguf(pieces), name="tiny")


def test_more_unknown_pieces_in_a_gguf_file_are_control_pieces_but_one():
    """llama.cpp matches UNKNOWN-type tokens as control tokens (Phi-3's file has 53); the
    unknown piece is the file's unknown_token_id: text no piece holds gets that id."""
    import struct

    from test_gguf import _kv

    import bbpe_core
    pieces = [p for p in _tiny() if p[2] != 6] + [("<unk2>", 0.0, 2)]
    unk2 = len(pieces) - 1
    enc = bbpe_core.load_gguf(_llama_gguf(
        pieces, _kv("tokenizer.ggml.unknown_token_id", 4, struct.pack("<I", unk2))), name="t")
    assert enc.encode_ordinary("a€") == [*enc.encode_ordinary("a"), unk2]
    assert enc.encode("<s><unk2>", allowed_special="all")[-2:] == [1, unk2]


def test_the_piece_cap_of_a_unigram_tokenizer_json_is_every_loader_s():
    """One 100,000-character piece loaded (then encode("a") reached MemoryError)."""
    import bbpe_core
    from bbpe_core.validate import MAX_PIECE_BYTES
    doc = {"model": {"type": "Unigram", "unk_id": 0,
                     "vocab": [["<unk>", 0.0], ["a", -1.0], ["b" * 100_000, -2.0]]},
           "normalizer": None, "pre_tokenizer": None, "decoder": None,
           "post_processor": None, "added_tokens": []}
    with pytest.raises(bbpe_core.VocabFileError,
                       match=rf"u.json: model.vocab: piece 2 has {MAX_PIECE_BYTES:,} bytes"):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="u.json")
    doc["model"]["vocab"][2] = ["b", float("nan")]
    with pytest.raises(bbpe_core.VocabFileError, match=r"piece 2 \('b'\) has the score nan"):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode(), name="u.json")


# ---- GGUF budgets -------------------------------------------------------------------------

_LOAD_AND_SAY = ("import json, sys, bbpe_core\n"
                 "try:\n"
                 "    enc = bbpe_core.load_gguf(sys.argv[1], name='m')\n"
                 "    print(json.dumps(enc.encode_ordinary('hehe')))\n"
                 "except bbpe_core.VocabFileError as e:\n"
                 "    print(json.dumps(str(e)))\n")


def _array(key: str, n: int, kind: int = 4, size: int = 4) -> bytes:
    """An array of ``n`` numbers, every byte 0xFF (large ints: one Python object each)."""
    from test_gguf import _s
    return _s(key) + struct.pack("<IIQ", 9, kind, n) + b"\xff" * (size * n)


def test_a_229_mib_header_of_arrays_the_tokenizer_does_not_read_costs_nothing(tmp_path):
    """15 arrays of 4,000,000 uint32 (under the 256 MiB header cap) reached MemoryError in the
    loader, and a traceback in the command line; now entries load_gguf does not read are
    skipped unbuilt, and one it reads is refused by its cap before it is built."""
    from test_gguf import _tiny_gpt2
    junk = [_array(f"tokenizer.ggml.x{k}", 4_000_000) for k in range(15)]
    path = tmp_path / "big.gguf"
    path.write_bytes(_tiny_gpt2(*junk))
    done = run_limited(_LOAD_AND_SAY, memory_bytes=1 << 30, timeout=120, args=(str(path),))
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout) == [256, 256]
    text = tmp_path / "text.txt"
    text.write_text("hehe", encoding="utf-8")
    cli = run_limited("import runpy; runpy.run_module('bbpe_core', run_name='__main__', "
                      "alter_sys=True)", memory_bytes=1 << 30, timeout=120,
                      args=("encode", "--encoding", str(path), str(text)))
    assert cli.returncode == 0 and "Traceback" not in cli.stderr, cli.stderr[-2000:]
    path.write_bytes(_tiny_gpt2(*junk[:14], _array("tokenizer.ggml.scores",
                                                            4_000_000, 6)))
    done = run_limited(_LOAD_AND_SAY, memory_bytes=1 << 30, timeout=120, args=(str(path),))
    assert done.returncode == 0, done.stderr[-2000:]
    assert "tokenizer.ggml.scores: 4,000,000 is more than the limit of 524,288" in \
        json.loads(done.stdout)


def test_an_array_of_arrays_is_refused_as_ggml_refuses_it():
    """5.3 million empty arrays nested under general.* took 12-18 s of the shared process;
    ggml's own reader refuses an array of arrays."""
    from test_gguf import _kv, _tiny_gpt2

    import bbpe_core
    nested = _kv("general.x", 9, struct.pack("<IQ", 9, 2_000_000)
                 + struct.pack("<IQ", 4, 0) * 2_000_000)
    with pytest.raises(bbpe_core.VocabFileError, match="general.x: an array of arrays"):
        bbpe_core.load_gguf(_tiny_gpt2(nested))


def test_a_gguf_file_has_the_token_caps_of_every_loader():
    """2,000,000 tokens were accepted where every other loader stops at 524,288; 40,000
    user-defined tokens passed the cap of 32,768 tokens matched whole."""
    from test_gguf import _file, _kv, _s, _tiny_gpt2, _tiny_tokens

    import bbpe_core
    from bbpe_core.validate import MAX_VOCAB_ENTRIES, MAX_WHOLE_TOKENS
    n = MAX_VOCAB_ENTRIES + 1
    tokens = struct.pack("<IQ", 8, n) + (struct.pack("<Q", 1) + b"a") * n
    with pytest.raises(bbpe_core.VocabFileError, match="tokenizer.ggml.tokens: 524,289 is more "
                       "than the limit of 524,288"):
        bbpe_core.load_gguf(_file(_kv("tokenizer.ggml.model", 8, _s("gpt2")),
                                  _s("tokenizer.ggml.tokens") + struct.pack("<I", 9) + tokens))
    user = [f"<u{k}>" for k in range(MAX_WHOLE_TOKENS + 1)]
    with pytest.raises(bbpe_core.VocabFileError, match="32,770 special, added or user-defined"):
        bbpe_core.load_gguf(_tiny_gpt2(tokens=[*_tiny_tokens(), *user],
                                       types=[1] * 257 + [3] + [4] * len(user)))


def test_40_user_defined_tokens_of_13000_characters_are_refused_before_they_are_compiled():
    """40 of 13,000 characters (under the cap of characters matched whole) loaded in 8-11 s
    (their pattern compiled) in the shared process."""
    from test_gguf import _tiny_gpt2, _tiny_tokens

    import bbpe_core
    user = [f"<{k}" + "x" * 13_000 for k in range(40)]
    with pytest.raises(bbpe_core.VocabFileError, match="piece 258 is empty or has 8,000 bytes"):
        bbpe_core.load_gguf(_tiny_gpt2(tokens=[*_tiny_tokens(), *user],
                                       types=[1] * 257 + [3] + [4] * len(user)))
    user = [f"<{k}" + "x" * 7_000 for k in range(80)]
    with pytest.raises(bbpe_core.VocabFileError, match="tokens of 560,.* characters in all"):
        bbpe_core.load_gguf(_tiny_gpt2(tokens=[*_tiny_tokens(), *user],
                                       types=[1] * 257 + [3] + [4] * len(user)))


def test_what_the_loader_reads_of_a_header_is_bounded_before_it_is_built():
    from test_gguf import _file, _kv, _s

    import bbpe_core
    from bbpe_core.formats.gguf_header import MAX_KEPT_BYTES
    n, size = 400_000, 200  # 80 MB of tokens: under the header cap, over what is kept
    tokens = struct.pack("<IQ", 8, n) + (struct.pack("<Q", size) + b"a" * size) * n
    with pytest.raises(bbpe_core.VocabFileError, match=f"hold more than {MAX_KEPT_BYTES:,}"):
        bbpe_core.load_gguf(_file(_kv("tokenizer.ggml.model", 8, _s("gpt2")),
                                  _s("tokenizer.ggml.tokens") + struct.pack("<I", 9) + tokens))


# ---- a model file is charged to the session's memory budget --------------------------------

def _dense_llama_gguf(n: int) -> bytes:
    """A ``llama`` GGUF of ``n`` short pieces (``aa``.. ``zzzz``): the most pieces per byte."""
    from itertools import product
    pieces = _tiny()[:259]
    texts = ("".join(t) for k in (2, 3, 4) for t in product("abcdefghijklmnopqrstuvwxyz",
                                                             repeat=k))
    pieces += [(t, -float(i), 1) for i, t in zip(range(n), texts)]
    return _llama_gguf(pieces)


def _event(data: bytes) -> dict:
    import base64
    return {"name": "m.gguf", "size": 5 << 30, "gguf": base64.b64encode(data).decode()}


def test_the_densest_gguf_file_stays_within_what_it_is_charged(tmp_path):
    """A 34 MB file of 1.3 million tokens added about 730 MB, charged nothing; now every
    model file is charged from its header's counts: the densest file peaks under it, and
    llama.cpp's Gemma 4 vocabulary fits a session."""
    from zoo_oracles import llama_cpp_vocab

    from playground.caps import SESSION_MEMORY_MB
    from playground.ui.model_file import model_file_memory
    data = _dense_llama_gguf(400_000)
    path = tmp_path / "dense.gguf"
    path.write_bytes(data)
    code = ("import re, sys, bbpe_core\n"
            "def rss(): return int(open('/proc/self/statm').read().split()[1]) * 4096\n"
            "data = open(sys.argv[1], 'rb').read()\n"
            "before = rss()\n"
            "enc = bbpe_core.load_gguf(data, name='m')\n"
            "enc.encode_ordinary('hello world')\n"
            "status = open('/proc/self/status').read()\n"
            "print(int(re.search(r'VmHWM:\\s*(\\d+)', status).group(1)) * 1024 - before)\n")
    done = run_limited(code, memory_bytes=2 << 30, timeout=300, args=(str(path),))
    assert done.returncode == 0, done.stderr[-2000:]
    assert int(done.stdout) < model_file_memory(_event(data))
    gemma4 = model_file_memory(_event(llama_cpp_vocab("gemma-4").read_bytes()))
    assert gemma4 < SESSION_MEMORY_MB * 2**20


def test_a_model_file_is_charged_to_the_session_budget_before_it_is_parsed(monkeypatch):
    import streamlit as st
    from test_gguf import _tiny_gpt2

    from playground.caps import SESSION_MEMORY_MB
    from playground.ui import model_file
    from playground.ui.keys import MODEL_FILE_FLASH, USER_ENCODING_MEMORY, USER_ENCODINGS
    from playground.ui.session import session_memory
    event = _event(_tiny_gpt2())
    charge = model_file.model_file_memory(event)
    assert charge > 258 * 900
    st.session_state[USER_ENCODINGS] = {}
    st.session_state[USER_ENCODING_MEMORY] = {"other": SESSION_MEMORY_MB * 2**20 - charge + 1}
    parsed = []
    monkeypatch.setattr(model_file, "open_model_file", lambda e: parsed.append(e))
    model_file.add_model_file(event)
    kind, message = st.session_state.pop(MODEL_FILE_FLASH)
    assert kind == "error" and f"may hold {SESSION_MEMORY_MB:,} MB in all" in message
    assert not parsed  # refused before the tokenizer is built
    monkeypatch.undo()
    st.session_state[USER_ENCODING_MEMORY] = {}
    model_file.add_model_file(event)
    assert st.session_state.pop(MODEL_FILE_FLASH)[0] == "ok"
    assert session_memory() == charge
    st.session_state[USER_ENCODINGS] = {}
    st.session_state[USER_ENCODING_MEMORY] = {}


def test_a_file_name_with_a_lone_surrogate_is_made_safe_before_it_is_drawn():
    """A browser may send any JSON string as the file's name; it names the encoding, which
    the selectors and captions draw (a lone surrogate made ``st.html`` raise)."""
    from test_gguf import _tiny_gpt2

    from playground.ui.model_file import open_model_file
    enc, _, _ = open_model_file({**_event(_tiny_gpt2()), "name": "a\ud800b.gguf"})
    assert enc.name == "a\ufffdb"
    enc.name.encode("utf-8")


def test_a_header_of_millions_of_empty_strings_is_refused_by_its_count():
    """9 million empty strings under general.* (72 MB) were skipped one by one: under the
    256 MiB header cap, 33 million of them would be seconds of the shared process's CPU."""
    from test_gguf import _s, _tiny_gpt2

    import bbpe_core
    from bbpe_core.formats.gguf_header import MAX_HEADER_STRINGS
    arrays = [_s(f"general.x{k}") + struct.pack("<IIQ", 9, 8, 3_000_000)
              + bytes(8 * 3_000_000) for k in range(3)]
    with pytest.raises(bbpe_core.VocabFileError, match=f"general.x2: the metadata holds more "
                       f"than {MAX_HEADER_STRINGS:,} strings"):
        bbpe_core.load_gguf(_tiny_gpt2(*arrays))
