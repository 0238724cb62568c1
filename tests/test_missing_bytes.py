"""Byte-level BPE whose vocabulary lacks single bytes (Falcon's 0x03, StarCoder's 0xF1): a
byte no token holds gives no id. HF tokenizers leave it out before merging, so its neighbours
may merge (``BPE::merge_word``, models/bpe/model.rs; ``missing_bytes="skip"``, held here to
the ``tokenizers`` package itself); llama.cpp keeps it as a symbol no merge joins and drops
it after (``llm_tokenizer_bpe_session::tokenize``, src/llama-vocab.cpp;
``missing_bytes="split"``, the GGUF loader's). The fast path assumes all 256 bytes, so such
vocabularies take ``MissingBytesEncoder``."""

from __future__ import annotations

import json
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from zoo_oracles import llama_cpp_vocab

import bbpe_core
from bbpe_core import Encoding, GGUFWarning, VocabFileError
from bbpe_core.formats.gguf import load_gguf
from bbpe_core.formats.gguf_pre import PRE_TOKENIZERS
from bbpe_core.models import MissingBytesEncoder
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
from bbpe_core.viewer.trace import trace

tokenizers = pytest.importorskip("tokenizers")

MISSING = b"\x03\xf1" + bytes(range(0xF5, 0x100))
"""Falcon's 0x03 (a control character), StarCoder's 0xF1 (lead byte of U+40000..U+7FFFF)
and the bytes UTF-8 never uses."""
MERGES = [(b"a", b"b"), (b"!", b"!"), (b"ab", b"c"), (b"!", b"\x80"), (b"\x80", b"\x80"),
          (b"h", b"i")]


def _ranks() -> dict[bytes, int]:
    ranks = {bytes([b]): b for b in range(256) if b not in MISSING}
    for left, right in MERGES:
        ranks[left + right] = 256 + len(ranks)
    return ranks


def _hf_tokenizer_json() -> str:
    """A byte-level tokenizer.json as HF tokenizers writes it, from the same tables."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers

    vocab = {to_gpt2_str(t): i for t, i in _ranks().items()}
    merges = [(to_gpt2_str(a), to_gpt2_str(b)) for a, b in MERGES]
    tok = Tokenizer(models.BPE(vocab, merges))
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    return tok.to_str()


@pytest.fixture(scope="module")
def hf():
    from tokenizers import Tokenizer

    data = _hf_tokenizer_json()
    return Tokenizer.from_str(data), bbpe_core.load_hf_tokenizer_json(data.encode())


def _llama_cpp_style() -> Encoding:
    return Encoding("split", pat_str=bbpe_core.GPT2_PATTERN, mergeable_ranks=_ranks(),
                    special_tokens={}, merges=MERGES, ignore_merges=False,
                    missing_bytes="split")


TEXTS = ["ab\x03c", "a\x03b", "!\x03!", "!\U00040000", "hi\U00040000", "x\U00040000\U00040000y",
         "\x03", "plain text, no gap", "\x03\x03 !!\x03!! abc"]


@pytest.mark.parametrize("text", TEXTS)
def test_skip_equals_hf_tokenizers(hf, text):
    theirs, ours = hf
    assert isinstance(ours.encoder, MissingBytesEncoder)
    assert ours.encode_ordinary(text) == theirs.encode(text, add_special_tokens=False).ids


@settings(max_examples=200, deadline=None)
@given(st.text(st.sampled_from("ab!c hi\x03\U00040000\x80é"), max_size=30))
def test_skip_equals_hf_tokenizers_on_any_text(hf, text):
    theirs, ours = hf
    assert ours.encode_ordinary(text) == theirs.encode(text, add_special_tokens=False).ids


def test_the_two_engines_differ_only_where_a_byte_parts_a_merge(hf):
    """HF merges across the left-out byte; llama.cpp's symbol for it stays between."""
    ranks, split = _ranks(), _llama_cpp_style()
    assert hf[1].encode_ordinary("!\x03!") == [ranks[b"!!"]]  # one chunk of GPT-2's pattern
    assert split.encode_ordinary("!\x03!") == [ranks[b"!"], ranks[b"!"]]
    # U+40000 is F1 80 80 80; "!" and it are one chunk; 0xF1 has no token
    assert hf[1].encode_ordinary("!\U00040000") == [ranks[b"!\x80"], ranks[b"\x80\x80"]]
    assert split.encode_ordinary("!\U00040000") == [ranks[b"!"], ranks[b"\x80\x80"],
                                                     ranks[b"\x80"]]
    assert split.encode_ordinary("hi\x03") == hf[1].encode_ordinary("hi\x03") == [ranks[b"hi"]]


@settings(max_examples=200, deadline=None)
@given(st.text(st.sampled_from("ab!c hi\x03\U00040000\x80é"), max_size=30))
def test_only_the_missing_bytes_are_lost(hf, text):
    for enc in (hf[1], _llama_cpp_style()):
        ids = enc.encode_ordinary(text)
        assert enc.decode_bytes(ids) == text.encode("utf-8").translate(None, MISSING)
        spans = enc.encode_detailed(text)
        assert [s.id for s in spans] == ids
        for s in spans:
            assert 0 <= s.start <= s.end <= len(text)


def test_surfaces_step_over_the_missing_bytes():
    enc = _llama_cpp_style()
    text = "\x03ab\x03!!\x03"
    ids = enc.encode_ordinary("\x03ab\x03")
    surfaces = enc.encoder.chunk_surfaces("\x03ab\x03", ids, enc.vocab.surface)
    assert surfaces == [b"\x03ab\x03"]
    spans = enc.encode_detailed(text)  # chunks "\x03" (no id), "ab", "\x03!!\x03"
    assert [(s.start, s.end) for s in spans] == [(1, 3), (3, 7)]


def test_trace_gives_the_encoders_ids(hf):
    for enc in (hf[1], _llama_cpp_style()):
        for text in TEXTS:
            traced = [i for c in trace(enc, text) for i in c.ids]
            assert traced == enc.encode_ordinary(text), (enc.name, text)


def test_missing_bytes_must_be_named():
    with pytest.raises(ValueError, match="single bytes have no token"):
        Encoding("x", pat_str=bbpe_core.GPT2_PATTERN, mergeable_ranks=_ranks(),
                 special_tokens={}, merges=MERGES)
    with pytest.raises(ValueError, match="missing_bytes must be"):
        Encoding("x", pat_str=bbpe_core.GPT2_PATTERN, mergeable_ranks=_ranks(),
                 special_tokens={}, merges=MERGES, missing_bytes="unk")


def test_complete_vocabulary_keeps_the_fast_path():
    enc = bbpe_core.get_encoding("gpt2")
    assert not enc.vocab.missing and not isinstance(enc.encoder, MissingBytesEncoder)


# ---- the GGUF files -----------------------------------------------------------------------

@pytest.mark.parametrize(("stem", "missing"), [("falcon", 28), ("mpt", 13), ("refact", 14),
                                               ("starcoder", 14), ("gpt-neox", 13)])
def test_gguf_vocabularies_that_lack_bytes_split_as_llama_cpp(stem, missing):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", GGUFWarning)
        enc = load_gguf(llama_cpp_vocab(stem))
    assert len(enc.vocab.missing) == missing and enc.vocab.missing_bytes == "split"
    assert isinstance(enc.encoder, MissingBytesEncoder)
    text = "Hello world! 你好 🦙 x = 1234;"
    assert enc.decode(enc.encode_ordinary(text)) == text


def test_falcon_control_byte_parts_a_merge_as_in_llama_cpp():
    r"""0x03 has no token in Falcon's vocabulary. "€\x03™" is one chunk (GPT-2's
    `` ?[^\s\p{L}\p{N}]+``); llama.cpp keeps "€" and "™" apart, where HF tokenizers on the same
    tables would merge them into "€™"."""
    enc = load_gguf(llama_cpp_vocab("falcon"))
    euro, tm, both = (enc.encode_single_token(t) for t in ("€", "™", "€™"))
    assert [c.text for c in enc.pre_tokenize("€\x03™")] == ["€\x03™"]
    assert enc.encode_ordinary("€\x03™") == [euro, tm]
    v = enc.vocab
    hf = Encoding("hf", pat_str=enc.pat_str, mergeable_ranks=v.mergeable_ranks,
                  special_tokens={}, merges=v.merges, ignore_merges=v.ignore_merges,
                  pre_tokenizer=enc.pre_tokenizer, missing_bytes="skip")
    assert hf.encode_ordinary("€\x03™") == [both]


@pytest.mark.parametrize("stem", ["aquila", "gpt-neox"])
def test_missing_pre_is_llama_cpps_default_and_says_so(stem):
    with pytest.warns(GGUFWarning, match="tokenizer.ggml.pre is missing.*'default'"):
        enc = load_gguf(llama_cpp_vocab(stem))
    default = PRE_TOKENIZERS["default"].patterns
    assert [s.pattern for s in enc.pre_tokenizer.steps] == list(default)
    # the default's last pattern cuts digits in threes, from the left (llama-vocab.cpp)
    assert [c.text for c in enc.pre_tokenize("12345")] == ["123", "45"]
    text = "Hello world! 你好 x = 1234;"
    assert enc.decode(enc.encode_ordinary(text)) == text


def test_damaged_tokenizer_json_with_missing_bytes_is_still_refused_by_name():
    doc = json.loads(_hf_tokenizer_json())
    doc["model"]["merges"].append(["\u0103", "a"])  # 0x03's GPT-2 character: not a token
    with pytest.raises(VocabFileError, match="is not a token"):
        bbpe_core.load_hf_tokenizer_json(json.dumps(doc).encode())


def test_the_playground_counts_the_bytes_left_out():
    from playground.inside.vocabulary import anatomy, lost_bytes

    enc = _llama_cpp_style()
    assert lost_bytes(enc, "!\x03!\U00040000") == 2  # 0x03 and 0xF1
    assert lost_bytes(enc, "plain") == 0 == lost_bytes(bbpe_core.get_encoding("gpt2"), "\x03")
    assert lost_bytes(bbpe_core.get_encoding("llama2"), "\x03") == 0
    a = anatomy(enc)
    assert a["single_bytes"] == 256 - len(MISSING) and a["merged"] == len(MERGES)


def test_the_playground_says_the_text_lost_bytes():
    from apptest import new_app

    enc = load_gguf(llama_cpp_vocab("falcon"))
    at = new_app()
    at.session_state["user_encodings"] = {"falcon": (enc, "gguf:falcon")}
    at.session_state["kept__encoding"] = "falcon"
    at.session_state["kept__pg_text"] = "€\x03™ and \x03\x04 more"
    at.run()
    assert not at.exception
    said = [c.value for c in at.caption if "have no token in this vocabulary" in c.value]
    assert said and said[0].startswith("3 bytes of this text")
    assert int(next(m.value for m in at.metric if m.label == "Tokens").replace(",", "")) == len(
        enc.encode_ordinary("€\x03™ and \x03\x04 more"))


def test_saving_keeps_the_semantics_or_refuses(tmp_path, hf):
    from tokenizers import Tokenizer

    path = tmp_path / "tokenizer.json"
    bbpe_core.save_hf_tokenizer_json(hf[1], path)  # HF's own semantics: written, same ids
    again = Tokenizer.from_file(str(path))
    for text in TEXTS:
        assert again.encode(text, add_special_tokens=False).ids == hf[1].encode_ordinary(text)
    with pytest.raises(ValueError, match="lacks 13 single bytes .* llama.cpp"):
        bbpe_core.save_hf_tokenizer_json(_llama_cpp_style(), path)
