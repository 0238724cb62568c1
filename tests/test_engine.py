"""Engine behaviour beyond parity: byte map, special tokens, errors, spans, known failure modes
(quadratic merging, huge inputs, unbounded caches)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import bbpe_core
from bbpe_core import Encoding, PatternTimeoutError
from bbpe_core.models import bpe
from bbpe_core.pre_tokenizers.byte_level import from_gpt2_str, is_kept_byte, to_gpt2_str
from oracles import variant


# ---- byte map (openai/gpt-2 encoder.py) ------------------------------------------------
def test_byte_map_shape():
    table = bbpe_core.bytes_to_unicode()
    assert len(table) == 256 and len(set(table.values())) == 256
    assert sum(is_kept_byte(b) for b in range(256)) == 188
    assert table[ord(" ")] == "Ġ" and table[ord("\n")] == "Ċ" and table[0] == "Ā"
    assert all(bbpe_core.byte_decoder[c] == b for b, c in table.items())


@given(data=st.binary(max_size=50))
def test_byte_map_round_trip(data):
    assert from_gpt2_str(to_gpt2_str(data)) == data


def test_from_gpt2_str_names_bad_char():
    with pytest.raises(ValueError, match="U\\+4E2D"):
        from_gpt2_str("a中")


# ---- registry ---------------------------------------------------------------------
def test_registry():
    assert bbpe_core.list_encoding_names() == [
        "o200k_base", "o200k_harmony", "cl100k_base", "p50k_base", "p50k_edit", "gpt2", "llama3",
        "llama4", "qwen3", "qwen3_6", "deepseek_v3", "deepseek_v4", "mistral_tekken",
        "claude_legacy", "llama2", "mistral_v1", "mistral_v3", "mistral_v7", "gemma2", "gemma3",
        "t5", "umt5", "t5_transformers", "umt5_transformers", "jurassic2", "bert_base_uncased",
        "gemma4", "phi4", "phi3", "falcon", "mpt", "gpt_neox", "bge", "nomic_bert_moe",
        "whisper_v3", "whisper", "whisper_en",
    ]
    assert bbpe_core.get_encoding("r50k_base") is bbpe_core.get_encoding("gpt2")
    with pytest.raises(ValueError, match="known encodings: o200k_base, o200k_harmony, cl100k"):
        bbpe_core.get_encoding("p50k")
    sizes = {n: bbpe_core.get_encoding(n).n_vocab for n in bbpe_core.list_encoding_names()}
    assert sizes == {"gpt2": 50257, "cl100k_base": 100277, "o200k_base": 200019,
                     "p50k_base": 50281, "p50k_edit": 50284, "o200k_harmony": 201088,
                     "llama3": 128256, "llama4": 202048, "qwen3": 151669, "qwen3_6": 248077,
                     "deepseek_v3": 128815, "deepseek_v4": 129280, "mistral_tekken": 131072,
                     "claude_legacy": 65000, "phi4": 100352, "llama2": 32000, "mistral_v1": 32000,
                     "mistral_v3": 32768, "mistral_v7": 32768, "gemma2": 256000, "gemma3": 262145,
                     "bert_base_uncased": 30522, "t5": 32100, "umt5": 256300,
                     "t5_transformers": 32100, "umt5_transformers": 256300,
                     "jurassic2": 262144, "gemma4": 262144, "phi3": 32064,
                     "falcon": 65024, "mpt": 50432, "gpt_neox": 50432, "bge": 30522,
                     "nomic_bert_moe": 250048,
                     "whisper": 51865, "whisper_v3": 51866, "whisper_en": 51864}
    assert bbpe_core.get_encoding("gpt2").eot_token == 50256


def test_single_bytes_not_in_byte_order(enc):
    assert enc.mergeable_ranks[b"!"] == 0 and enc.mergeable_ranks[b"\x00"] != 0


# ---- special tokens (tiktoken's rules) -------------------------------------------------
def test_special_tokens_refused_by_default(enc):
    with pytest.raises(ValueError, match="disallowed special token '<\\|endoftext\\|>'") as err:
        enc.encode("x <|endoftext|>")
    assert "allowed_special" in str(err.value) and "disallowed_special=()" in str(err.value)
    assert enc.encode("<|endoftext|>", allowed_special={"<|endoftext|>"}) == [enc.eot_token]
    assert len(enc.encode("<|endoftext|>", disallowed_special=())) > 1


def test_special_argument_errors(enc):
    with pytest.raises(TypeError):
        enc.encode("x", allowed_special="some")
    with pytest.raises(ValueError, match="not special tokens"):
        enc.encode("x", allowed_special={"<|nope|>"})


def test_longest_overlapping_special_wins():
    enc = variant("gpt2", special_tokens={"<|a|>": 60000, "<|a|><|b|>": 60001})
    assert enc.encode("x<|a|><|b|>", allowed_special="all")[-1] == 60001
    assert enc.encode("<|a|>", allowed_special="all") == [60000]


def test_decode_keeps_special_tokens(enc):
    ids = enc.encode("a<|endoftext|>b", allowed_special="all")
    assert enc.decode(ids) == "a<|endoftext|>b"


# ---- errors -----------------------------------------------------------------------
def test_bad_input_errors(enc):
    with pytest.raises(TypeError, match="must be a str"):
        enc.encode(b"bytes")
    with pytest.raises(TypeError):
        enc.encode_ordinary(None)
    with pytest.raises(KeyError, match=f"token id {enc.n_vocab}"):
        enc.decode([1, enc.n_vocab])
    with pytest.raises(KeyError, match="token id -1"):
        enc.decode_bytes([-1])
    with pytest.raises(TypeError):
        enc.decode(["1"])


def test_unassigned_ids_in_range():
    cl = bbpe_core.get_encoding("cl100k_base")
    for unassigned in (100256, 100261, 100275):
        with pytest.raises(KeyError, match=str(unassigned)):
            cl.decode_single_token_bytes(unassigned)


def test_empty_text(enc):
    assert enc.encode("") == [] and enc.decode([]) == "" and enc.encode_detailed("") == []


# ---- partial UTF-8 on decode ---------------------------------------------------------
def test_token_by_token_decode_is_lossy_whole_is_not():
    gpt2 = bbpe_core.get_encoding("gpt2")
    ids = gpt2.encode("你好")
    assert "".join(gpt2.decode([i]) for i in ids) != "你好"
    assert gpt2.decode(ids) == "你好" and gpt2.decode_bytes(ids) == "你好".encode()


# ---- spans ------------------------------------------------------------------------
@given(text=st.text(max_size=40))
def test_spans_describe_encode(enc, text):
    spans = enc.encode_detailed(text, allowed_special="all")
    assert [s.id for s in spans] == enc.encode(text, allowed_special="all")
    assert b"".join(s.token_bytes for s in spans) == text.encode()
    assert [s.token_str for s in spans] == enc.tokenize(text, allowed_special="all")
    pos = 0
    for s in spans:
        assert s.start <= pos <= s.end or s.start == pos
        assert s.start < s.end
        if s.valid_utf8:
            assert text[s.start : s.end] == s.token_bytes.decode()
        pos = s.end
    assert pos == len(text)


def test_split_character_shared_by_neighbours():
    spans = bbpe_core.get_encoding("gpt2").encode_detailed("你 a")
    assert [(s.token_str, s.start, s.end, s.valid_utf8) for s in spans] == [
        ("ä½", 0, 1, False), ("ł", 0, 1, False), ("Ġa", 1, 3, True)]


def test_special_token_span(enc):
    spans = enc.encode_detailed("hi<|endoftext|>", allowed_special="all")
    assert spans[-1].special and spans[-1].token_str == "<|endoftext|>"
    assert (spans[-1].start, spans[-1].end) == (2, 15)


def test_pre_tokenize_teaches_contractions():
    chunks = bbpe_core.get_encoding("gpt2").pre_tokenize("it's a dog")
    assert [c.text for c in chunks] == ["it", "'s", " a", " dog"]
    assert [(c.start, c.end) for c in chunks] == [(0, 2), (2, 4), (4, 6), (6, 10)]


# ---- long chunks (tiktoken#195), huge inputs (tiktoken#15), bounded cache (transformers#2827) ----
def _count_rank_calls(piece: bytes, ranks) -> int:
    calls = 0

    def pair_rank(left, right):
        nonlocal calls
        calls += 1
        return ranks.get(left + right)

    bpe.merge(piece, pair_rank)
    return calls


@pytest.mark.parametrize("unit", ["a", " ", "^", "7", "中"])
def test_long_chunk_merging_is_linear(unit):
    ranks = bbpe_core.get_encoding("cl100k_base").mergeable_ranks
    small = _count_rank_calls((unit * 20_000).encode(), ranks)
    large = _count_rank_calls((unit * 40_000).encode(), ranks)
    assert large <= 2.2 * small


@given(data=st.binary(min_size=0, max_size=400))
def test_heap_and_list_merge_agree(data):
    ranks = bbpe_core.get_encoding("gpt2").mergeable_ranks
    rank = lambda left, right: ranks.get(left + right)  # noqa: E731
    assert bpe.merge(data, rank) == bpe.merge_ranked(data, ranks)
    assert (bpe.merge(data[:bpe.HEAP_THRESHOLD], rank)
            == bpe.merge_ranked(data[:bpe.HEAP_THRESHOLD], ranks))


@pytest.mark.parametrize("text", ["a" * 200_000, " " * 100_000, "^" * 1_000_000, "中" * 100_000])
def test_huge_single_chunks(enc, oracle, text):
    ids = enc.encode_ordinary(text)
    assert enc.decode(ids) == text
    assert ids == oracle.encode_ordinary(text)  # tiktoken 0.9+ no longer panics here (tiktoken#15)


def test_cache_is_bounded():
    enc = variant("gpt2", special_tokens={}, cache_size=10)
    enc.encode(" ".join(f"w{i}" for i in range(1000)))
    assert len(enc.encoder.chunks.cache) <= 10


# ---- user patterns (ReDoS guard) --------------------------------------------------
@pytest.mark.parametrize("pattern", [r"(a+)+$", r"(a|aa)+$"])
def test_redos_pattern_times_out_or_finishes(pattern):
    base = bbpe_core.get_encoding("gpt2")
    enc = Encoding("evil", pat_str=pattern, mergeable_ranks=base.mergeable_ranks,
                   special_tokens={}, pattern_timeout=0.5)
    text = "a" * 30 + "b"
    try:  # the regex package defuses (a+)+; (a|aa)+ still backtracks exponentially
        assert enc.decode(enc.encode(text)) == text
    except PatternTimeoutError:
        assert pattern == r"(a|aa)+$"
    else:
        assert pattern == r"(a+)+$"


def test_patterns_that_skip_text_lose_nothing():
    base = bbpe_core.get_encoding("gpt2")
    enc = Encoding("digits", pat_str=r"\d+", mergeable_ranks=base.mergeable_ranks,
                   special_tokens={})
    assert enc.decode(enc.encode("ab12cd")) == "ab12cd"
    assert [c.text for c in enc.pre_tokenize("ab12cd")] == ["ab", "12", "cd"]


@pytest.mark.parametrize("pattern", ["(", "a*", ""])
def test_bad_patterns(pattern):
    base = bbpe_core.get_encoding("gpt2")
    with pytest.raises(ValueError):
        Encoding("bad", pat_str=pattern, mergeable_ranks=base.mergeable_ranks, special_tokens={})
