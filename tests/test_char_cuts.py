"""The CJK cut (``char_cuts``): no merge can cross a cut, and encoding through the cuts gives
tiktoken's ids (trained encodings: the ids without the cuts)."""

from __future__ import annotations

import re
from functools import lru_cache

import pytest
from cjk_pairs import CHARS, joined_pairs, merge_results
from hypothesis import given
from hypothesis import strategies as st
from samples import CORPORA

import bbpe_core
from bbpe_core.models.bpe.fast.char_cuts import (
    CJK_LETTERS,
    crossing_pairs,
    crossing_tables,
    group_pairs,
    groups_cut,
    unreachable,
)
from bbpe_core.models.bpe.fast.packed_ids import unpack
from bbpe_core.models.bpe.fast.unspaced import LONG_CHARS
from bbpe_core.pre_tokenizers.byte_level import fix_surrogates
from oracles import ENCODING_NAMES, tiktoken_encoding, tiny_cache_encoding, variant

RUN = re.compile(f"[{CJK_LETTERS}]{{2,}}")
CUT_NAMES = [*ENCODING_NAMES, "llama3"]
"""OpenAI's three, and llama3, whose tokens include some that its merges never reach."""


def cjk_cut(merged, merge_whole, tokens=()) -> re.Pattern:
    """The groups' cut of a stand-in vocabulary (``char_cuts.groups_cut``)."""
    return groups_cut(crossing_tables(merged, merge_whole, tokens))


def built(cut) -> bool:
    """Whether a ``CjkCut`` has built its cut (it builds on first use)."""
    return cut._cut is not None


@given(merged=merge_results())
def test_every_pair_a_merge_could_join_is_in_a_group(merged):
    groups = group_pairs(*crossing_pairs(merged))
    for a, b in joined_pairs(merged, CHARS):
        assert any(ord(a) in firsts and ord(b) in seconds for firsts, seconds in groups), (a, b)


def test_groups_and_cuts_on_a_small_vocabulary():
    cut = cjk_cut(["中国".encode(), "国".encode()[1:] + "人".encode()[:1]],
                        lambda piece: [piece])
    # 中|国 joins in "中国"; 国|人 could join through a result made of their inner bytes
    assert cut.split("中国人民国民") == ["中国人", "民", "国", "民"]


def test_the_cut_never_falls_next_to_a_token_that_does_not_merge_to_itself():
    ranks = {bytes([b]): b for b in range(256)}
    ranks["中".encode()] = 256  # no merge of two bytes makes it: BPE never reaches it
    merge_whole = lambda piece: bbpe_core.models.bpe.merge_ranked(piece, ranks)  # noqa: E731
    assert unreachable(ranks, merge_whole) == ["中"]
    cut = cjk_cut(ranks, merge_whole, ranks)
    assert cut.split("文文中文文中中") == ["文", "文中文", "文中中"]
    assert cjk_cut(ranks, merge_whole).split("文中") == ["文", "中"]  # no whole look-up
    enc = bbpe_core.Encoding("t", pat_str=bbpe_core.CL100K_PATTERN, mergeable_ranks=ranks,
                             special_tokens={})
    assert enc.encode_ordinary("中\n" * 200) == [256, 10] * 200  # a whole chunk: looked up
    assert enc.encode_ordinary("中中" * 200) == [228, 184, 173] * 400  # merged: never reached
    assert enc.encode_ordinary("文中" * 200) == list("文中".encode()) * 200


def test_with_a_merge_list_the_cut_never_falls_inside_a_token_no_merge_reaches():
    """Whole look-up with merges.txt: "中国" is a token but no merge makes it, so the chunk
    "中国" is that token, and the cut must not fall between its characters."""
    ranks = {bytes([b]): b for b in range(256)} | {"中国".encode(): 256}
    merge_whole = lambda piece: [bytes([b]) for b in piece]  # noqa: E731 (no merges)
    assert cjk_cut([], merge_whole, ranks).split("中国中") == ["中国中"]
    assert cjk_cut([], merge_whole).split("中国中") == ["中", "国", "中"]
    enc = bbpe_core.Encoding("t", pat_str=bbpe_core.CL100K_PATTERN, mergeable_ranks=ranks,
                             special_tokens={}, merges=[])
    assert enc.encode_ordinary("中国，中国中") == [256, *"，中国中".encode()]


@lru_cache(maxsize=None)
def unreachable_texts(name: str) -> list[str]:
    """The encoding's tokens holding CJK_LETTERS that its merges never reach, as text
    (llama3's "しない", "中文字幕", " 스타", ...; none in OpenAI's three)."""
    vocab = bbpe_core.get_encoding(name).vocab
    return sorted(unreachable(vocab.mergeable_ranks, vocab.bpe))


def test_llama3_has_tokens_its_merges_never_reach():
    assert "しない" in unreachable_texts("llama3") and "中文字幕" in unreachable_texts("llama3")
    assert not any(map(unreachable_texts, ENCODING_NAMES))


@pytest.mark.parametrize("context", ["{}", "東{}", "{}東", "東京{}で", "{}{}", "가{}가", "あ{}ア",
                                     "1{}", "{}1", " {}。", "，{}\n"])
def test_llama3_tokens_its_merges_never_reach_as_chunks_and_inside_runs(context):
    """llama3 takes the CJK cut and the character path (read off a vocabulary holding such
    tokens) with tiktoken's ids, on text holding each of those tokens as a whole chunk and
    inside longer runs of letters."""
    reference = tiktoken_encoding("llama3")
    texts = [context.format(token, token) for token in unreachable_texts("llama3")]
    for text in [*texts, "".join(texts),
                 "".join(texts) * (1 + LONG_CHARS // len("".join(texts)))]:
        for enc in (bbpe_core.get_encoding("llama3"), tiny_cache_encoding("llama3")):
            enc.clear_cache()
            assert enc.encode_ordinary(text) == reference.encode_ordinary(text), text
    assert built(tiny_cache_encoding("llama3").encoder.chunks.cut)


@lru_cache(maxsize=None)
def vocabulary_runs(name: str) -> list[str]:
    """The encoding's tokens holding two or more CJK_LETTERS side by side: the pairs the
    cut must keep together."""
    runs = {m.group() for t in bbpe_core.get_encoding(name).mergeable_ranks
            for m in RUN.finditer(t.decode("utf-8", "ignore"))}
    return sorted(runs)


def mixed_texts(name: str, min_size: int):
    """Vocabulary runs, random ideographs, kana and Hangul, with the punctuation,
    spaces, newlines, Latin letters, marks and contractions around them."""
    unreached = unreachable_texts(name)
    pieces = st.one_of(
        st.sampled_from(vocabulary_runs(name) + unreached),
        st.text(alphabet=st.characters(min_codepoint=0x4E00, max_codepoint=0x9FFF),
                min_size=1, max_size=6),
        st.text(alphabet="あいうアイウー한국어中文" + "".join(unreached), min_size=1, max_size=6),
        st.sampled_from(["，", "。", "\n", " ", "  ", "'s", "A", "bc", "\u0301", "1", "《", "é",
                         "\u3000", "😀", "\ud800", "\U00020000", "\u3400", "ー", "\r\n", "\t",
                         "\x00", "\u0660", "\u0661\u0662"]),
    )
    text = st.lists(pieces, min_size=1, max_size=30).map("".join)
    return text.map(lambda t: t * (1 + min_size // len(t)))


@pytest.mark.parametrize("name", CUT_NAMES)
@given(data=st.data())
def test_long_and_short_pieces_encode_as_tiktoken(name, data):
    text = data.draw(mixed_texts(name, data.draw(st.sampled_from([0, LONG_CHARS]))))
    shared = bbpe_core.get_encoding(name)
    tiny = tiny_cache_encoding(name)
    expected = tiktoken_encoding(name).encode_ordinary(text)
    for enc in (shared, tiny):
        assert enc.encode_ordinary(text) == expected
        assert enc.encode_ordinary(text) == expected


@pytest.mark.parametrize("name", ENCODING_NAMES)
@given(data=st.data())
def test_parts_chunked_in_one_scan_as_each_on_its_own(name, data):
    """``encode_batch`` joins parts by a digit for one chunk scan: each part's ids are
    still its ids alone, whether it starts with a digit, holds that digit, or not."""
    part = st.tuples(mixed_texts(name, 0), st.sampled_from(["", "中", "文"])).map("".join).map(
        fix_surrogates)  # as encode() passes text on
    parts = data.draw(st.lists(part, max_size=8))
    found = tiny_cache_encoding(name).encoder.unspaced.encode_batch(parts)
    expected = {p: tiktoken_encoding(name).encode_ordinary(p) for p in parts}
    assert {p: unpack(ids) for p, ids in found.items()} == expected


@pytest.mark.parametrize("name", CUT_NAMES)
def test_chinese_corpus_with_cold_caches(name):
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")
    enc = bbpe_core.get_encoding(name)
    enc.clear_cache()
    assert enc.encoder.chunks.cut.find("中文") is not None
    assert enc.encode_ordinary(text) == tiktoken_encoding(name).encode_ordinary(text)


@pytest.mark.parametrize("name", ENCODING_NAMES)
@pytest.mark.parametrize("insert", ["\u0660", "1", "\u0661\u0662", "\u0660 "])
def test_parts_holding_or_starting_with_digits(name, insert):
    """New parts are chunked in one scan, joined by ARABIC-INDIC DIGIT ZERO; a part that
    starts with a digit, or holds that one, is chunked on its own."""
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[:20_000]
    text = text.replace("，", "，" + insert, 40).replace("。\n", "。\n" + insert, 40)
    enc = bbpe_core.get_encoding(name)
    enc.clear_cache()
    assert enc.encode_ordinary(text) == tiktoken_encoding(name).encode_ordinary(text)


@pytest.mark.parametrize("name", ENCODING_NAMES)
def test_phrases_holding_the_separator_of_the_joined_scan(name):
    """New phrases are cut in one scan, joined by NUL; a phrase holding NUL itself is cut
    on its own (cl100k_base's and o200k_base's chunks may start with it)."""
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[:20_000]
    text = text.replace("，", "，\x00", 50).replace("。", "\x00。", 50)
    enc = bbpe_core.get_encoding(name)
    enc.clear_cache()
    assert enc.encode_ordinary(text) == tiktoken_encoding(name).encode_ordinary(text)


def test_trained_encoding_with_merges_cuts_without_changing_ids():
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[:60_000]
    enc = bbpe_core.train(text, 1500)
    assert enc.merges and enc.encoder.chunks.cut.find("中文") is not None
    reference = bbpe_core.Encoding("t", pat_str=enc.pat_str, mergeable_ranks=enc.mergeable_ranks,
                                   special_tokens={}, merges=enc.merges, fast=False)
    assert enc.encode_ordinary(text) == reference.encode_ordinary(text)


@pytest.mark.parametrize("max_chars", [1000, 1 << 23])
def test_long_phrases_parts_and_chunks_are_cached_within_the_character_bound(max_chars):
    enc = variant("cl100k_base", special_tokens={})
    fast = enc.encoder
    caches = (fast.unspaced.phrase_cache, fast.unspaced.part_cache, fast.word_cache,
              fast.chunks.cache)
    for cache in caches:
        cache.max_chars = max_chars
    joined = vocabulary_runs("cl100k_base")[0]  # a token: the phrase cannot go by character
    text = "a" * 5000 + "，" + (joined + "中文") * 1500 + "。" + "短句，" * 100
    expected = tiktoken_encoding("cl100k_base").encode_ordinary(text)
    for _ in range(2):  # cold, then warm
        assert enc.encode_ordinary(text) == expected
        assert all(caches[:2]) and fast.chunks.cache  # no word: no space before a letter
        for cache in caches:
            assert sum(map(len, cache.entries)) == cache.chars <= max_chars
    longest = max(len(key) for cache in caches for key in cache.entries)
    assert (longest > 5000) == (max_chars > 5000)  # a long chunk is kept if the bound allows


def test_phrases_cached_by_another_thread_between_two_reads():
    """A phrase missing at the first read may be there at the second (another thread put
    it there): the long-piece path must take it, with nothing left to encode."""

    class FilledMeanwhile(dict):
        def __getitem__(self, key):  # the first read misses; .get (the second) finds it
            raise KeyError(key)

    enc = variant("cl100k_base", special_tokens={})
    text = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")[:3000]
    expected = tiktoken_encoding("cl100k_base").encode_ordinary(text)
    assert enc.encode_ordinary(text) == expected
    phrases = enc.encoder.unspaced.phrase_cache
    phrases.entries = FilledMeanwhile(phrases.entries)
    assert enc.encode_ordinary(text) == expected


def test_the_cut_is_built_only_for_text_with_two_ideographs_side_by_side():
    ranks = dict(bbpe_core.get_encoding("o200k_base").mergeable_ranks)  # a cut of its own
    enc = variant("o200k_base", special_tokens={}, mergeable_ranks=ranks)
    enc.encode_ordinary("café, naïve — résumé; 中 文 " * 100)
    cut = enc.encoder.chunks.cut
    assert not built(cut)  # nothing to cut
    enc.encode_ordinary("中文")  # one token: looked up whole, nothing to cut
    assert not built(cut)
    enc.encode_ordinary("中文中文字符编码")
    assert built(cut) and isinstance(cut.find("中文"), re.Pattern)


@pytest.mark.parametrize("name", ENCODING_NAMES)
def test_100k_ideographs_without_spaces_or_marks(name):
    """One run of unspaced text, one phrase: everything rests on the CJK cut (the bench's
    worst case)."""
    text = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(100_000))
    enc = bbpe_core.get_encoding(name)
    enc.clear_cache()
    assert enc.encode_ordinary(text) == tiktoken_encoding(name).encode_ordinary(text)
