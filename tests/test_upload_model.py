"""The upload page takes a SentencePiece ``.model`` (issue 34): Unigram and BPE models trained
here with the ``sentencepiece`` library, and sentencepiece's own botchan test model, give the
library's ids on every page; damaged, foreign and oversized files are a message, never a
traceback; the session's memory budget counts a ``.model`` by its measured density."""

from __future__ import annotations

import io
import struct
import subprocess
import sys
from pathlib import Path

import pytest
import sentencepiece as spm
from apptest import live, new_app

from playground.caps import MEMORY_PER_MODEL_BYTE, SESSION_MEMORY_MB
from playground.upload.files import KINDS, MAX_UPLOAD_MB, load_upload

ROOT = Path(__file__).resolve().parent.parent
REFS = ROOT / "tests" / ".refs"
MODEL = KINDS[3]
CORPUS = (REFS / "botchan.txt").read_text(encoding="utf-8").splitlines()[:2000]
TEXTS = ["Hello World, this is a test.", "  two  spaces and\ttabs\n", "ｆｕｌｌ-width ﬁ ligature",
         "你好 unknown 😀 ℌ", "I don't think so, said Botchan."]


def _trained(model_type: str, **options) -> bytes:
    """A ``.model`` trained by the sentencepiece library on the first 2,000 lines of botchan."""
    out = io.BytesIO()
    spm.SentencePieceTrainer.train(sentence_iterator=iter(CORPUS), model_writer=out,
                                   vocab_size=600, model_type=model_type, minloglevel=2,
                                   **options)
    return out.getvalue()


@pytest.fixture(scope="module")
def models() -> dict[str, bytes]:
    return {"unigram.model": _trained("unigram"),
            "bpe.model": _trained("bpe", byte_fallback=True, normalization_rule_name="identity",
                                  remove_extra_whitespaces=False),  # Llama 2's settings
            "botchan.model": (REFS / "botchan_en_unigram_1000.model").read_bytes()}


@pytest.mark.parametrize("file", ["unigram.model", "bpe.model", "botchan.model"])
def test_a_model_loads_with_the_librarys_ids(models, file):
    enc = load_upload(MODEL, [models[file]], name=file)
    sp = spm.SentencePieceProcessor(model_proto=models[file])
    for text in TEXTS:
        assert enc.encode_ordinary(text) == sp.encode(text), text
        assert enc.decode(enc.encode_ordinary(text)) == sp.decode(sp.encode(text)), text


def test_a_bpe_model_with_a_normalization_map_uploads():
    """A BPE model trained with the library's defaults (``nmt_nfkc``, extra spaces removed)
    uploads and encodes as sentencepiece does (issue 45: it was refused by name)."""
    data = _trained("bpe")
    enc = load_upload(MODEL, [data], name="nfkc-bpe.model")
    sp = spm.SentencePieceProcessor(model_proto=data)
    for text in ["Ｈｅｌｌｏ   world", "The ﬁrst test.", "hello"]:
        assert enc.encode_ordinary(text) == sp.encode(text), text


def _upload(at, name: str, data: bytes):
    at.radio(key="up_kind").set_value(MODEL).run()
    at.file_uploader(key="up_file_.model").set_value((name, data, "application/octet-stream"))
    at.run()
    next(b for b in at.button if b.label == "Add tokenizer").click().run()
    assert not at.exception, at.exception
    return at


def _upload_page():
    at = new_app()
    at.run()
    at.switch_page("views/upload.py").run()
    return at


@pytest.mark.parametrize("file", ["unigram.model", "bpe.model"])
def test_an_uploaded_model_works_on_every_page(models, file):
    at = _upload(_upload_page(), file, models[file])
    assert any(file in s.value for s in at.success) or file in at.session_state["user_encodings"]
    enc = at.session_state["user_encodings"][file][0]
    sp = spm.SentencePieceProcessor(model_proto=models[file])
    assert enc.encode_ordinary(TEXTS[0]) == sp.encode(TEXTS[0])
    at.switch_page("views/playground.py").run()
    at.selectbox(key="encoding").select(file).run()
    live(at, "pg_text", TEXTS[0]).run()
    assert {m.label: m.value for m in at.metric}["Tokens"] == str(len(enc.encode(TEXTS[0])))
    for mode in ("Chat", "Decode", "Compare", "Text"):
        at.radio(key="pg_mode").set_value(mode).run()
        assert not at.exception, (mode, at.exception)
    for page in ("views/vocabulary.py", "views/trace.py", "views/compare_lab.py",
                 "views/lessons.py"):
        at.switch_page(page).run()
        assert not at.exception, (page, at.exception)
        assert at.selectbox(key="encoding").value == file, page
    at.switch_page("views/trace.py").run()
    if file == "unigram.model":  # the lattice in place of the merge trace, its path our ids
        frame = at.dataframe[0].value
        assert frame["best path"].any()


def _refused(at) -> str:
    """The refusal's text: our sentence and the plain-text detail under it."""
    assert at.error and "Not added." in at.error[0].value, [e.value for e in at.error]
    assert not at.session_state["user_encodings"]
    return at.code[-1].value


def _foreign_protobuf() -> bytes:
    """A valid protobuf that is not a ModelProto: field 1 holds varints, not pieces."""
    return bytes([1 << 3, 5, 2 << 3, 7]) + bytes([3 << 3 | 5]) + struct.pack("<f", 1.5)


@pytest.mark.parametrize("make, message", [
    (lambda m: m[: len(m) // 2], "botchan.model"),
    (lambda m: m[:7], "botchan.model"),
    (lambda m: b"", "botchan.model"),
    (lambda m: b'{"model": {"type": "Unigram"}}', "botchan.model"),
    (lambda m: _foreign_protobuf(), "botchan.model"),
    (lambda m: b"\x1f\x8b" + m[:40], "not a valid gzip file"),
])
def test_a_damaged_or_foreign_file_is_a_one_line_message(models, make, message):
    at = _upload(_upload_page(), "botchan.model", make(models["botchan.model"]))
    detail = _refused(at)
    assert message in detail and "\n" not in detail and "Traceback" not in detail


def test_a_file_over_the_cap_is_refused_before_it_is_read(models):
    big = models["unigram.model"] + b"\0" * (MAX_UPLOAD_MB * 2**20)
    with pytest.raises(ValueError, match=f"larger than the limit of {MAX_UPLOAD_MB * 2**20:,}"):
        load_upload(MODEL, [big], name="big.model")
    at = _upload(_upload_page(), "big.model", big)  # the memory budget refuses it first
    assert "may hold 640 MB in all" in _refused(at).replace(f"{SESSION_MEMORY_MB:,}", "640")


def test_a_gzip_bomb_is_refused_before_it_is_expanded_past_the_cap():
    """A .model may come gzipped (the loaders gunzip); 70 MB of zeros in 70 kB stops at the
    gunzip cap, with a message."""
    import gzip

    bomb = gzip.compress(b"\0" * (70 * 2**20), 9)
    assert len(bomb) < 2**20
    with pytest.raises(ValueError, match="expands to more than"):
        load_upload(MODEL, [bomb], name="bomb.model")


def test_the_memory_budget_counts_a_model_at_its_own_density():
    """At ``MEMORY_PER_MODEL_BYTE`` per byte, one byte more than the session's budget is
    refused before the loader runs; a file of the budget's size reaches the loader."""
    fits = SESSION_MEMORY_MB * 2**20 // MEMORY_PER_MODEL_BYTE
    assert fits < MAX_UPLOAD_MB * 2**20  # the budget, not the size cap, is what refuses
    at = _upload(_upload_page(), "dense.model", b"\xff" * (fits + 1))
    assert "would hold about" in _refused(at)
    at = _upload(_upload_page(), "dense.model", b"\xff" * fits)
    assert "would hold about" not in _refused(at)  # the loader's own message


_DENSE = """
import os, struct
from playground.upload.files import KINDS, load_upload
def field(n, v):
    return bytes([n << 3 | 2, len(v)]) + v
parts = [field(1, field(1, b'<unk>') + bytes([3 << 3, 2]))]
parts += [field(1, field(1, b'%x' % k) + bytes([2 << 3 | 5]) + struct.pack('<f', -k / 1e3))
          for k in range(200_000)]
data = b''.join(parts)
del parts
def rss():  # resident bytes now (ru_maxrss would start at the forking pytest's peak)
    with open('/proc/self/statm') as f:
        return int(f.read().split()[1]) * os.sysconf('SC_PAGE_SIZE')
before = rss()
enc = load_upload(KINDS[3], [data], name='dense.model')
enc.encode_ordinary('abc def 123')
print((rss() - before) / len(data))
"""


@pytest.mark.skipif(not Path("/proc/self/statm").exists(), reason="reads /proc/self/statm")
def test_the_densest_model_holds_less_than_the_estimate_per_byte():
    """200,000 one- to five-character Unigram pieces (the densest protobuf: about 14 bytes a
    piece) hold fewer bytes per file byte than ``MEMORY_PER_MODEL_BYTE`` once loaded (the
    resident memory the loaded encoding keeps, measured in a fresh process)."""
    out = subprocess.run([sys.executable, "-c", _DENSE], cwd=ROOT, capture_output=True,
                         text=True, timeout=300, check=True).stdout
    assert 20 < float(out) < MEMORY_PER_MODEL_BYTE
