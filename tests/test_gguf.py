"""GGUF files: the header reader (``formats.gguf_header``) and ``load_gguf``.

Exactness: llama.cpp's vocabularies and their test pairs (``ggml-vocab-*.gguf.inp`` /
``.out``, made with HF tokenizers), from llama-cpp-python 0.3.36's source archive
(``scripts/fetch_vocabularies.py --references tests/.refs``); the header reader against
``gguf.GGUFReader`` (llama.cpp's own, the pinned PyPI package ``gguf``). Hostile headers are
built here, byte by byte, with the format of ``gguf/gguf_writer.py``.
"""

from __future__ import annotations

import json
import struct
import subprocess
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import ADVERSARIAL, CORPORA, MULTILINGUAL
from zoo_oracles import REFS, llama_cpp_vocab

import bbpe_core
from bbpe_core import VocabFileError
from bbpe_core.formats import gguf_header
from bbpe_core.formats.gguf import load_gguf
from bbpe_core.formats.gguf_header import GGUFTruncated, header_length, read_gguf_typed
from bbpe_core.formats.gguf_pre import PRE_TOKENIZERS, REFUSED
from bbpe_core.validate import MAX_PIECE_BYTES

sys.path.insert(0, str(REFS.parent.parent / "scripts"))
from vocab_sources import LLAMA_CPP_VOCABS  # noqa: E402

WITH_PAIRS = sorted(stem for stem, (_, inp, _) in LLAMA_CPP_VOCABS.items() if inp)
WITHOUT_PAIRS = {"aquila", "gpt-neox", "baichuan", "nomic-bert-moe"}
"""Vocabularies llama.cpp ships with no test pairs: aquila's and gpt-neox's name no
pre-tokenizer (``tests/test_missing_bytes.py``: llama.cpp's 'default', with a warning),
baichuan round-trips here, nomic-bert-moe is held to sentencepiece elsewhere."""


def _pairs(stem: str) -> list[tuple[str, list[int]]]:
    """The test pairs as llama.cpp's tests/test-tokenizer-0.cpp reads them."""
    path = llama_cpp_vocab(stem)
    texts = path.with_suffix(".gguf.inp").read_bytes().decode("utf-8").split(
        "\n__ggml_vocab_test__\n")
    lines = path.with_suffix(".gguf.out").read_text(encoding="utf-8").split("\n")
    assert len(lines) >= len(texts)
    return [(t, [int(x) for x in line.split()]) for t, line in zip(texts, lines)]


@pytest.mark.parametrize("stem", WITH_PAIRS)
def test_llama_cpp_pairs_exact(stem):
    """Every llama.cpp vocabulary with test pairs, Falcon's, MPT's, Refact's and StarCoder's
    included (they lack single bytes: ``tests/test_missing_bytes.py``)."""
    enc = load_gguf(llama_cpp_vocab(stem))
    pairs = _pairs(stem)
    assert len(pairs) >= 40
    wrong = [(text, ids, enc.encode_ordinary(text)) for text, ids in pairs
             if enc.encode_ordinary(text) != ids]
    assert not wrong, wrong[:3]


def test_every_shipped_vocabulary_is_tested():
    assert set(LLAMA_CPP_VOCABS) == set(WITH_PAIRS) | WITHOUT_PAIRS


def test_baichuan_loads_and_round_trips():
    enc = load_gguf(llama_cpp_vocab("baichuan"))
    for text in MULTILINGUAL:
        assert enc.decode(enc.encode_ordinary(text)) == text


@pytest.mark.parametrize(("shipped", "stem", "model"), [
    ("gemma4", "gemma-4", "gemma-4"), ("phi3", "phi-3", "phi-3"), ("falcon", "falcon", "falcon"),
    ("mpt", "mpt", "mpt"), ("gpt_neox", "mpt", "EleutherAI/gpt-neox-20b"),
    ("bge", "bert-bge", "BAAI/bge-small-en-v1.5")])
def test_shipped_gguf_encodings_are_exact_on_the_pairs(shipped, stem, model):
    enc = bbpe_core.get_encoding(shipped)
    for text, ids in _pairs(stem):
        assert enc.encode_ordinary(text) == ids, text
    assert bbpe_core.encoding_for_model(model) is enc
    for text in MULTILINGUAL if shipped != "bge" else ():  # WordPiece lowercases: lossy
        assert enc.decode(enc.encode_ordinary(text)) == text


def test_shipped_nomic_bert_moe_has_the_reference_s_tokens():
    """nomic_bert_moe is run as transformers runs it (``test_transformers_unigram``), not as
    ``load_gguf`` reads the file; its tokens and BOS / EOS are the reference file's."""
    enc, ref = bbpe_core.get_encoding("nomic_bert_moe"), _loaded("nomic-bert-moe")
    assert (enc.n_vocab, enc.special_tokens_set) == (ref.n_vocab, ref.special_tokens_set)
    assert enc.vocab.pieces == ref.vocab.pieces
    assert enc.post_process([7]) == ref.post_process([7])


@pytest.mark.parametrize(("shipped", "stem"), [("falcon", "falcon"), ("mpt", "mpt"),
                                               ("gpt_neox", "mpt"), ("bge", "bert-bge")])
def test_shipped_gguf_encodings_equal_load_gguf_of_the_reference(shipped, stem):
    """The shipped file is llama.cpp's (sha256 in the manifest); the same ids and the same
    BOS / EOS handling as ``load_gguf`` on the reference copy, on every sample and corpus."""
    enc, ref = bbpe_core.get_encoding(shipped), _loaded(stem)
    assert (enc.n_vocab, enc.special_tokens_set) == (ref.n_vocab, ref.special_tokens_set)
    texts = MULTILINGUAL + ADVERSARIAL + [
        corpus.read_text(encoding="utf-8")[:30_000] for corpus in sorted(CORPORA.glob("*.txt"))]
    for text in texts:
        ids = enc.encode_ordinary(text)
        assert ids == ref.encode_ordinary(text), text[:40]
        assert enc.post_process(ids) == ref.post_process(ids)


def test_gpt_neox_is_mpts_vocabulary():
    """GPT-NeoX-20B / Pythia ship as MPT's file: llama.cpp's gpt-neox file has the same
    tokens, types and merges, and names no pre-tokenizer (MPT's tokenizer.json is
    GPT-NeoX-20B's; the mpt pairs were made with it)."""
    neox, mpt = (gguf_header.read_gguf_metadata(llama_cpp_vocab(stem))
                 for stem in ("gpt-neox", "mpt"))
    for key in ("tokenizer.ggml.tokens", "tokenizer.ggml.token_type", "tokenizer.ggml.merges"):
        assert neox[key] == mpt[key], key
    assert "tokenizer.ggml.pre" not in neox and mpt["tokenizer.ggml.pre"] == "mpt"
    assert bbpe_core.encoding_for_model("EleutherAI/pythia-1.4b-deduped") is \
        bbpe_core.get_encoding("gpt_neox")


@pytest.mark.parametrize(("stem", "shipped"), [("gpt-2", "gpt2"), ("llama-bpe", "llama3"),
                                               ("bert-bge", "bert_base_uncased")])
def test_gguf_equals_shipped_encoding_on_corpora(stem, shipped):
    enc, ours = load_gguf(llama_cpp_vocab(stem)), bbpe_core.get_encoding(shipped)
    for text in MULTILINGUAL + ADVERSARIAL:
        assert enc.encode_ordinary(text) == ours.encode_ordinary(text), text[:40]
    for corpus in sorted(CORPORA.glob("*.txt")):
        text = corpus.read_text(encoding="utf-8")[:200_000]
        assert enc.encode_ordinary(text) == ours.encode_ordinary(text), corpus.name
    assert enc.decode(enc.encode_ordinary(MULTILINGUAL[0])) == ours.decode(
        ours.encode_ordinary(MULTILINGUAL[0]))


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=80))
def test_gpt2_gguf_equals_shipped_on_any_text(text):
    enc = _loaded("gpt-2")
    assert enc.encode_ordinary(text) == bbpe_core.get_encoding("gpt2").encode_ordinary(text)


_CACHE: dict = {}


def _loaded(stem: str):
    if stem not in _CACHE:
        _CACHE[stem] = load_gguf(llama_cpp_vocab(stem))
    return _CACHE[stem]


# ---- the header reader against gguf.GGUFReader -------------------------------------------

@pytest.mark.parametrize("stem", ["bert-bge", "llama-spm", "deepseek-coder", "gpt-2"])
def test_header_matches_gguf_reader(stem):
    gguf = pytest.importorskip("gguf")
    path = llama_cpp_vocab(stem)
    reader = gguf.GGUFReader(path)
    theirs = {k: f.contents() for k, f in reader.fields.items() if not k.startswith("GGUF.")}
    ours = read_gguf_typed(path, keep=("",))
    assert ours.keys() == theirs.keys()
    for key, (kind, value) in ours.items():
        field = reader.fields[key]
        expected = gguf.GGUFValueType(field.types[0]).name.lower()
        if len(field.types) > 1:
            expected = f"array[{gguf.GGUFValueType(field.types[-1]).name.lower()}]"
        assert kind == expected, key
        if isinstance(value, list) and value and isinstance(value[0], float):
            assert value == pytest.approx(theirs[key]), key
        else:
            assert value == theirs[key], key
    assert header_length(path) <= reader.data_offset


# ---- header only: a prefix of the file, a sparse 5 GB model ------------------------------

def test_header_prefix_is_enough_and_shorter_is_refused():
    path = llama_cpp_vocab("llama-spm")
    data = path.read_bytes()
    n = header_length(path)
    text = "Hello world, 123 ÄÖ 🦙"
    assert load_gguf(data[:n]).encode_ordinary(text) == load_gguf(path).encode_ordinary(text)
    with pytest.raises(GGUFTruncated) as caught:
        load_gguf(data[:n // 2])
    assert n // 2 < caught.value.needed <= n


def test_finding_the_header_length_by_asking():
    data = llama_cpp_vocab("gpt-2").read_bytes()
    size, asked = 4096, 0
    while True:
        asked += 1
        try:
            n = header_length(data[:size])
            break
        except GGUFTruncated as e:
            size = max(2 * size, e.needed)
    assert n == header_length(data) and asked < 16


def test_sparse_five_gigabyte_model_costs_its_tokenizer(tmp_path):
    """A 5 GB file (sparse: its tensors are zeros never written) loads in a fresh process
    whose peak resident memory is what the tokenizer needs (about 60 MB), not the file."""
    head = llama_cpp_vocab("gpt-2").read_bytes()
    model = tmp_path / "model.gguf"
    with open(model, "wb") as f:
        f.write(head)
        f.truncate(5 * 1024 ** 3)
    code = (
        "import json, re, sys\n"
        "from bbpe_core.formats.gguf import load_gguf\n"
        "enc = load_gguf(sys.argv[1])\n"
        "status = open('/proc/self/status').read()\n"  # VmHWM: ru_maxrss survives exec
        "peak = int(re.search(r'VmHWM:\\s*(\\d+)', status).group(1))\n"
        "print(json.dumps([enc.encode_ordinary('hello world'), peak]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code, str(model)], capture_output=True,
                          text=True, timeout=300, cwd=REFS.parent.parent)
    assert done.returncode == 0, done.stderr[-2000:]
    ids, max_rss_kb = json.loads(done.stdout)
    assert ids == [31373, 995]
    assert max_rss_kb < 400 * 1024  # the whole file would be 5,242,880 KB


# ---- hostile and malformed headers ---------------------------------------------------------

def _s(text: str | bytes) -> bytes:
    data = text.encode("utf-8") if isinstance(text, str) else text
    return struct.pack("<Q", len(data)) + data


def _kv(key: str, kind: int, payload: bytes) -> bytes:
    return _s(key) + struct.pack("<I", kind) + payload


def _strings(items: list[str]) -> bytes:
    return struct.pack("<IQ", 8, len(items)) + b"".join(map(_s, items))


def _ints(items: list[int], kind: int = 5, fmt: str = "i") -> bytes:
    return struct.pack(f"<IQ{len(items)}{fmt}", kind, len(items), *items)


def _file(*kvs: bytes, version: int = 3, tensors: int = 0) -> bytes:
    return b"GGUF" + struct.pack("<IQQ", version, tensors, len(kvs)) + b"".join(kvs)


_TOKENS = [chr(c) if chr(c).isprintable() and c > 32 else f"<0x{c:02X}>" for c in range(256)]


def _tiny_gpt2(*extra: bytes, pre: str | None = "gpt-2", tokens=None, types=None) -> bytes:
    """A byte-level BPE header: GPT-2's 256 byte tokens, one merge (``h e``), an EOS."""
    from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
    tokens = tokens or [to_gpt2_str(bytes([b])) for b in range(256)] + ["he", "<|eos|>"]
    types = types or [1] * 257 + [3]
    kvs = [_kv("tokenizer.ggml.model", 8, _s("gpt2")),
           _kv("tokenizer.ggml.tokens", 9, _strings(tokens)),
           _kv("tokenizer.ggml.token_type", 9, _ints(types)),
           _kv("tokenizer.ggml.merges", 9, _strings(["h e"]))]
    if pre is not None:
        kvs.append(_kv("tokenizer.ggml.pre", 8, _s(pre)))
    return _file(*kvs, *extra)


def test_tiny_header_builds_an_encoding():
    enc = load_gguf(_tiny_gpt2(), name="tiny")
    assert enc.encode_ordinary("hehe") == [256, 256]
    assert enc.encode("<|eos|>", allowed_special="all") == [257]
    assert enc.name == "tiny"


def test_big_endian_file_reads_the_same():
    little = read_gguf_typed(_tiny_gpt2())

    def be_s(text):
        data = text.encode()
        return struct.pack(">Q", len(data)) + data
    tokens = ["a", "b"]
    big = (b"GGUF" + struct.pack(">IQQ", 3, 0, 2)
           + be_s("tokenizer.ggml.tokens") + struct.pack(">IIQ", 9, 8, 2)
           + b"".join(map(be_s, tokens))
           + be_s("tokenizer.ggml.token_type") + struct.pack(">IIQ2i", 9, 5, 2, 1, 3))
    read = read_gguf_typed(big)
    assert read["tokenizer.ggml.tokens"] == ("array[string]", ["a", "b"])
    assert read["tokenizer.ggml.token_type"] == ("array[int32]", [1, 3])
    assert little["tokenizer.ggml.model"] == ("string", "gpt2")


@pytest.mark.parametrize(("data", "message"), [
    (b"GGML" + bytes(20), "not a GGUF file"),
    (b"GGUF" + struct.pack("<IQQ", 1, 0, 0), "version 1"),
    (b"GGUF" + struct.pack("<IQQ", 3, 0, 10 ** 9), "metadata count"),
    (_file(_kv("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, 2 ** 60))), "the length of"),
    (_file(_kv("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 5, 2 ** 40))), "the length of"),
    (_file(_s("k") + struct.pack("<I", 8) + struct.pack("<Q", 2 ** 50)), "the length of k"),
    (_file(_kv("k", 99, b"")), "unknown value type 99"),
    (_file(_kv("tokenizer.x", 8, _s("a")), _kv("tokenizer.x", 8, _s("b"))), "given twice"),
    (_file(_kv("tokenizer.x", 8, _s(b"\xff\xfe"))), "not UTF-8"),
    (_file(_kv("tokenizer.x", 9, _strings([]) [:4] + struct.pack("<Q", 1) + _s(b"\xc3"))),
     r"tokenizer.x\[0\] is not UTF-8"),
    (_file(_kv("k", 9, struct.pack("<IQ", 9, 1) * 5 + struct.pack("<IQ", 4, 0))), "nested"),
])
def test_malformed_headers_are_refused_by_name(data, message):
    start = time.perf_counter()
    with pytest.raises(VocabFileError, match=message):
        read_gguf_typed(data)
    assert time.perf_counter() - start < 1


def test_truncated_header_says_how_much_more(tmp_path):
    data = _tiny_gpt2()
    for cut in (0, 3, 10, 30, len(data) // 2, len(data) - 1):
        with pytest.raises(GGUFTruncated) as caught:
            header_length(data[:cut])
        assert cut < caught.value.needed <= len(data)
    empty = tmp_path / "empty.gguf"
    empty.write_bytes(b"")
    with pytest.raises(VocabFileError, match="empty"):
        load_gguf(empty)


def test_header_cap(monkeypatch):
    monkeypatch.setattr(gguf_header, "MAX_HEADER_BYTES", 100)
    with pytest.raises(VocabFileError, match="metadata longer than 100 bytes"):
        read_gguf_typed(_tiny_gpt2())


def test_string_and_array_caps(monkeypatch):
    monkeypatch.setattr(gguf_header, "MAX_STRING_BYTES", 25)
    read_gguf_typed(_file(_kv("tokenizer.x", 8, _s("y" * 25))))
    with pytest.raises(VocabFileError, match="the length of tokenizer.x: 26 is more than"):
        read_gguf_typed(_file(_kv("tokenizer.x", 8, _s("y" * 26))))
    with pytest.raises(VocabFileError, match=r"the length of tokenizer.x\[1\]: 26 is more"):
        read_gguf_typed(_file(_kv("tokenizer.x", 9, _strings(["a", "y" * 26]))))
    monkeypatch.undo()
    monkeypatch.setattr(gguf_header, "MAX_ARRAY_LENGTH", 257)
    with pytest.raises(VocabFileError, match="the length of tokenizer.ggml.tokens: 258"):
        read_gguf_typed(_tiny_gpt2())


def test_token_caps(monkeypatch):
    from bbpe_core.formats import gguf
    monkeypatch.setitem(gguf.KEYS, "tokenizer.ggml.tokens", 257)
    with pytest.raises(VocabFileError, match="tokenizer.ggml.tokens: 258 is more than the "
                       "limit of 257"):
        load_gguf(_tiny_gpt2())
    monkeypatch.undo()
    tokens = [*_tiny_tokens(), "x" * MAX_PIECE_BYTES]
    with pytest.raises(VocabFileError, match=r"tokenizer.ggml.tokens: piece 258 is empty or "
                       "has 8,000 bytes or more"):
        load_gguf(_tiny_gpt2(tokens=tokens, types=[1] * 257 + [3, 4]))


def _tiny_tokens() -> list[str]:
    from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
    return [to_gpt2_str(bytes([b])) for b in range(256)] + ["he", "<|eos|>"]


@pytest.mark.parametrize(("extra", "message"), [
    ((_kv("tokenizer.ggml.bos_token_id", 8, _s("1")),), "bos_token_id is a string, not"),
    ((_kv("tokenizer.ggml.bos_token_id", 4, struct.pack("<I", 999)),), "999 is not a token id"),
    ((_kv("tokenizer.ggml.add_bos_token", 4, struct.pack("<I", 1)),), "add_bos_token is a uint32"),
])
def test_field_types_are_checked(extra, message):
    with pytest.raises(VocabFileError, match=message):
        load_gguf(_tiny_gpt2(*extra))


def test_wrong_array_types_and_lengths():
    tokens = _kv("tokenizer.ggml.tokens", 9, _ints([1, 2]))
    with pytest.raises(VocabFileError, match=r"tokenizer.ggml.tokens is a array\[int32\]"):
        load_gguf(_file(_kv("tokenizer.ggml.model", 8, _s("gpt2")), tokens,
                        _kv("tokenizer.ggml.pre", 8, _s("gpt-2"))))
    with pytest.raises(VocabFileError, match="token_type has 257 entries for 258 tokens"):
        load_gguf(_tiny_gpt2(types=[1] * 257))
    with pytest.raises(VocabFileError, match=r"token_type\[3\] = 9 is not a token type"):
        load_gguf(_tiny_gpt2(types=[1, 1, 1, 9] + [1] * 253 + [3]))


@pytest.mark.parametrize(("pre", "message"), [
    ("no-such-pre", "unknown pre-tokenizer 'no-such-pre'"),
    ("kimi-k2", "'kimi-k2' .*code of its own"),
])
def test_pre_tokenizer_refused_by_name(pre, message):
    with pytest.raises(VocabFileError, match=message):
        load_gguf(_tiny_gpt2(pre=pre))


@pytest.mark.parametrize("kind", ["rwkv", "plamo2", "no_vocab", "none"])
def test_other_kinds_refused_by_name(kind):
    data = _file(_kv("tokenizer.ggml.model", 8, _s(kind)))
    with pytest.raises(VocabFileError, match=f"'{kind}'"):
        load_gguf(data)


def test_every_pre_tokenizer_name_builds():
    """Every name we map gives a working byte-level encoding (patterns compile and split)."""
    for pre, spec in PRE_TOKENIZERS.items():
        if not spec.byte_level:
            continue
        enc = load_gguf(_tiny_gpt2(pre=pre), name=pre)
        assert enc.decode(enc.encode_ordinary("he said 12345 hé!\n")) == "he said 12345 hé!\n"
    assert not set(PRE_TOKENIZERS) & set(REFUSED)


def test_user_defined_tokens_match_whole_and_control_tokens_when_allowed():
    tokens = [*_tiny_tokens(), "<tool>"]
    enc = load_gguf(_tiny_gpt2(tokens=tokens, types=[1] * 257 + [3, 4]))
    assert enc.encode_ordinary("a<tool>") == [enc.encode_ordinary("a")[0], 258]
    assert 257 not in enc.encode_ordinary("<|eos|>")


@pytest.mark.parametrize(("model", "name"), [
    ("gemini-2.5-pro", "gemma3"), ("gemini-2.0-flash-001", "gemma3"),
    ("gemini-3-flash-preview", "gemma3"), ("gemini-3.1-pro-preview", "gemma4"),
    ("gemini-3.5-flash", "gemma4"), ("google/gemma-4-E4B-it", "gemma4"),
    ("BAAI/bge-small-en-v1.5", "bge"), ("microsoft/Phi-3.5-mini-instruct", "phi3"),
    ("tiiuae/falcon-7b", "falcon"), ("mosaicml/mpt-7b", "mpt"),
    ("EleutherAI/gpt-neox-20b", "gpt_neox"), ("EleutherAI/pythia-160m", "gpt_neox"),
    ("nomic-ai/nomic-embed-text-v2-moe", "nomic_bert_moe"),
])
def test_model_names_resolve(model, name):
    """google-genai 3.3.0's local tokenizer table (quoted in ``catalogue``)."""
    assert bbpe_core.encoding_name_for_model(model) == name


def _sentencepiece_from_gguf(path):
    """sentencepiece 0.2.3 (the oracle) on a ModelProto made from the GGUF file's fields:
    what llama.cpp's converter read from the model's ``.model``."""
    spm = pytest.importorskip("sentencepiece")
    pb = pytest.importorskip("sentencepiece.sentencepiece_model_pb2")
    meta = gguf_header.read_gguf_metadata(path)
    proto = pb.ModelProto()
    for token, score, kind in zip(meta["tokenizer.ggml.tokens"], meta["tokenizer.ggml.scores"],
                                  meta["tokenizer.ggml.token_type"]):
        proto.pieces.add(piece=token, score=score, type=kind)
    unigram = meta["tokenizer.ggml.model"] == "t5"
    proto.trainer_spec.model_type = 1 if unigram else 2
    proto.trainer_spec.byte_fallback = 6 in meta["tokenizer.ggml.token_type"]
    charsmap = bytes(b & 0xFF for b in meta.get("tokenizer.ggml.precompiled_charsmap", []))
    proto.normalizer_spec.name = "precompiled" if charsmap else "identity"
    proto.normalizer_spec.precompiled_charsmap = charsmap
    proto.normalizer_spec.add_dummy_prefix = meta.get("tokenizer.ggml.add_space_prefix", True)
    proto.normalizer_spec.remove_extra_whitespaces = meta.get(
        "tokenizer.ggml.remove_extra_whitespaces", False)
    proto.normalizer_spec.escape_whitespaces = True
    return spm.SentencePieceProcessor(model_proto=proto.SerializeToString())


@pytest.mark.parametrize("stem", ["nomic-bert-moe", "baichuan", "llama-spm"])
def test_sentencepiece_kinds_equal_sentencepiece_on_the_same_model(stem):
    """t5 (Unigram, XLM-RoBERTa's vocabulary with its nmt_nfkc map) and llama (BPE) files,
    two without test pairs: sentencepiece on the same pieces and settings (Phi-3's 53
    unknown-type pieces do not load in sentencepiece; its pairs test it)."""
    path = llama_cpp_vocab(stem)
    reference, enc = _sentencepiece_from_gguf(path), load_gguf(path)
    kana = ["\u30d5\u309a \u30af\u3099 ﾌﾟ ｸﾞ", "①②③ ﬁ ＡＢＣ ｶﾀｶﾅ"]  # HAZARDS 28: the map
    texts = MULTILINGUAL + ADVERSARIAL + kana + [
        (CORPORA / f).read_text(encoding="utf-8")[:30_000]
        for f in ("en_python_docs.txt", "zh_tang_poems.txt")]
    for text in texts:
        assert enc.encode_ordinary(text) == reference.encode(text), text[:40]
