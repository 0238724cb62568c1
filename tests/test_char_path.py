"""The character path (``char_path``): phrases whose neighbours no merge can join are
encoded one character at a time, with tiktoken's ids."""

from __future__ import annotations

from functools import lru_cache

import pytest
from cjk_pairs import joined_pairs, merge_results
from hypothesis import given
from hypothesis import strategies as st
from samples import CORPORA

import bbpe_core
from bbpe_core.models.bpe.fast.char_cuts import crossing_pairs, group_pairs
from bbpe_core.models.bpe.fast.char_path import CHARACTERS, CharPath
from bbpe_core.models.bpe.fast.packed_ids import unpack
from bbpe_core.models.bpe.fast.presplit import split_marks
from bbpe_core.models.bpe.fast.unspaced import LONG_CHARS
from oracles import ENCODING_NAMES, tiktoken_encoding, tiny_cache_encoding

# a newline, marks and ideographs whose bytes share lead and continuation bytes
CHARS = ["\n", "。", "，", "…", "“", "ー", "中", "丸", "国", "\u3000", "！"]


@given(merged=merge_results(CHARS))
def test_every_pair_a_merge_could_join_is_in_a_group_newlines_and_marks_too(merged):
    groups = group_pairs(*crossing_pairs(merged, CHARACTERS, newline=True))
    for a, b in joined_pairs(merged, CHARS):
        assert any(ord(a) in firsts and ord(b) in seconds for firsts, seconds in groups), (a, b)


def single_bytes_and(*tokens: str) -> dict[bytes, int]:
    ranks = {bytes([b]): b for b in range(256)}
    ranks.update({t.encode(): 256 + i for i, t in enumerate(tokens)})
    return ranks


def test_a_token_merged_otherwise_inside_a_chunk_is_left_out():
    ranks = single_bytes_and("中")  # no merge of two bytes makes it: BPE never reaches it
    path = CharPath.build(ranks, lambda piece: bbpe_core.models.bpe.merge_ranked(piece, ranks),
                          ranks, whole=True)
    done, others = path.encode(["国国", "中国"], encode_head=None)
    assert others == ["中国"]
    assert unpack(done["国国"]) == list("国国".encode())


def test_tokens_looked_up_whole_count_as_merge_results():
    """With merges.txt and whole look-up, a token no merge makes is still found whole:
    the pair it holds must not go by character."""
    ranks = single_bytes_and("中", "国", "中国")
    merged = ["中".encode(), "国".encode()]

    def merge_whole(piece):  # one character: the token, else its bytes
        return [piece] if piece in ranks else [bytes([b]) for b in piece]

    merges_only = CharPath.build(merged, merge_whole, ranks, whole=True)
    with_tokens = CharPath.build([*merged, *ranks], merge_whole, ranks, whole=True)
    assert merges_only.encode(["中国"], None)[1] == []
    assert with_tokens.encode(["中国"], None)[1] == ["中国"]


@lru_cache(maxsize=None)
def tokens_with_characters(name: str) -> list[str]:
    """The encoding's tokens that hold a CHARACTERS character (and may hold newlines):
    the pairs the path must leave to BPE."""
    chars = {chr(p) for lo, hi in CHARACTERS for p in range(lo, hi + 1)}
    found = set()
    for token in bbpe_core.get_encoding(name).mergeable_ranks:
        text = token.decode("utf-8", "ignore")
        if len(text) > 1 and chars & set(text) and set(text) <= chars | {"\n"}:
            found.add(text)
    return sorted(found)


@pytest.mark.parametrize("name", [*ENCODING_NAMES, "llama3"])  # llama3: tokens no merge reaches
@given(data=st.data())
def test_texts_of_the_character_set_encode_as_tiktoken(name, data):
    pieces = st.one_of(
        st.sampled_from(tokens_with_characters(name)),
        st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),
                min_size=1, max_size=6),
        st.sampled_from(["。", "，", "…", "“", "”", "ー", "・", "\u3000", "！", "（", "～", "、",
                         "—", "あ"]),
        st.sampled_from(["\n", "\n\n", " \n", "\r\n", " ", "a", "1", "'s"]),
    )
    text = data.draw(st.lists(pieces, min_size=1, max_size=30).map("".join))
    text = text * (1 + LONG_CHARS // len(text))
    shared = bbpe_core.get_encoding(name)
    tiny = tiny_cache_encoding(name)
    expected = tiktoken_encoding(name).encode_ordinary(text)
    for enc in (shared, tiny):
        enc.clear_cache()
        assert enc.encode_ordinary(text) == expected
        assert enc.encode_ordinary(text) == expected


@pytest.mark.parametrize("name, share",
                         [("gpt2", 0.85), ("cl100k_base", 0.85), ("o200k_base", 0.8)])
def test_most_corpus_phrases_go_by_character_with_tiktokens_ids(name, share):
    """The path is taken (the share of the Chinese corpus's phrases it takes, as measured
    when it was written, less a margin), and each phrase it takes, encoded on its own by
    tiktoken, gives the same ids."""
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")
    enc = bbpe_core.get_encoding(name)
    assert enc.encoder.chunks.cut.find("中文") is not None
    phrases = list(dict.fromkeys(split_marks(text)))
    done, others = enc.encoder.chunks.cut.char_path.encode(phrases, enc.encoder.chunks.encode_text)
    assert sorted([*done, *others]) == sorted(phrases)
    assert len(done) >= share * len(phrases)
    reference = tiktoken_encoding(name)
    for phrase in list(done)[::7]:
        assert unpack(done[phrase]) == reference.encode_ordinary(phrase), phrase


@pytest.mark.parametrize("name", ENCODING_NAMES)
def test_heads_newlines_after_a_letter_or_mark(name):
    """"。\\n" is a token of cl100k_base and o200k_base, "\\n\\n" of gpt2: the phrase goes by
    character from the letter after the newlines, with or without a letter or mark before
    them (a phrase after a letter starts with its newline). A space or \\r before the
    newline is no head (the letter would not be the only part of the head's chunks that
    differs)."""
    enc = bbpe_core.get_encoding(name)
    enc.encoder.chunks.cut.find("中文")
    reference = tiktoken_encoding(name)
    phrases = ["。\n疑霜", "，\n鸞鳳", "光\n思", "。\n\n疑霜", "光\n\n\n思", "。 \n疑霜",
               "。\r\n疑霜", "。\n疑霜。\n望", "\n疑霜", "\n\n帝王", "\n\n\n思"]
    done, others = enc.encoder.chunks.cut.char_path.encode(phrases, enc.encoder.chunks.encode_text)
    assert {"。\n疑霜", "，\n鸞鳳", "光\n思", "。\n\n疑霜", "光\n\n\n思", "\n\n帝王",
            "\n\n\n思"} <= set(done)
    assert not {"。 \n疑霜", "。\r\n疑霜"} & set(done)
    for phrase in done:
        assert unpack(done[phrase]) == reference.encode_ordinary(phrase), phrase


def test_a_vocabulary_where_every_character_may_be_joined_to_the_one_before():
    """Results made of a byte that ends many characters, then one that starts any: every
    character is the second of some pair, so no character can be skipped at once."""
    ranks = single_bytes_and()
    results = [b"\x80" + bytes([lead]) for lead in range(0xE2, 0xF0)] + [b"\x80\n"]
    path = CharPath.build(results, lambda piece: [bytes([b]) for b in piece], ranks, whole=True)
    done, others = path.encode(["中", "。中", "\u3000中", "\u3000\n", "中\n"], None)
    assert list(done) == ["中", "。中", "中\n"] and others == ["\u3000中", "\u3000\n"]
