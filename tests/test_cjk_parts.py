"""``CjkPartsEncoder`` (the reference with the CJK cut, for patterns off the fast path) gives
the ids of ``SimpleEncoder`` (``fast=False``), and its pair-by-pair cut (``CjkCut.split``)
never falls where a merge could join two characters; the zoo parity tests hold it to the
reference libraries."""

from __future__ import annotations

from functools import lru_cache
from types import SimpleNamespace

import pytest
from cjk_pairs import CHARS, joined_pairs, merge_results
from hypothesis import given, settings
from hypothesis import strategies as st
from samples import CORPORA, MULTILINGUAL, random_vocabularies

import bbpe_core
from bbpe_core.encodings.zoo import QWEN_PATTERN
from bbpe_core.models import CjkPartsEncoder, FastEncoder, SimpleEncoder
from bbpe_core.models.bpe.fast.char_cuts import crossing_tables, groups_cut, unreachable
from bbpe_core.models.bpe.fast.cjk_cut import CJK_PAIR, CjkCut

OFF_THE_FAST_PATH = ["qwen3", "deepseek_v3", "mistral_tekken"]
POEMS = (CORPORA / "zh_tang_poems.txt").read_text(encoding="utf-8")
JAPANESE_KOREAN = [
    "東京は日本の首都です。ひらがなとカタカナ、한국어 문장도 있습니다。",
    "コンピューターのデータをアップデートしないでください。",
    "오늘 오후에 스타벅스에서 데이트를 했습니다. 업데이트되었습니다!",
]


@lru_cache(maxsize=None)
def reference(name: str) -> bbpe_core.Encoding:
    """The zoo encoding ``name`` built again with ``fast=False``: every chunk merged whole."""
    enc = bbpe_core.get_encoding(name)
    return bbpe_core.Encoding(
        enc.name, pat_str=enc.pat_str, mergeable_ranks=enc.mergeable_ranks,
        special_tokens=enc.special_tokens, added_tokens=enc.vocab.added_tokens,
        merges=enc.merges, ignore_merges=enc.vocab.ignore_merges, normalizer=enc.normalizer,
        pre_tokenizer=enc.pre_tokenizer, fast=False)


def test_patterns_off_the_fast_path_take_the_cut_and_fast_false_the_plain_reference():
    for name in OFF_THE_FAST_PATH:
        assert type(bbpe_core.get_encoding(name).encoder) is CjkPartsEncoder
        assert type(reference(name).encoder) is SimpleEncoder
    assert type(bbpe_core.get_encoding("llama3").encoder) is FastEncoder


@pytest.mark.parametrize("name", OFF_THE_FAST_PATH)
def test_poems_japanese_and_korean_with_cold_caches(name):
    enc = bbpe_core.get_encoding(name)
    enc.clear_cache()
    assert not enc.encoder._parts
    text = POEMS[:40_000]
    assert enc.encode_ordinary(text) == reference(name).encode_ordinary(text)
    assert enc.encoder._parts  # the chunks went through the cut
    enc.clear_cache()
    assert not enc.encoder._parts and not enc.encoder._cache
    for text in [*JAPANESE_KOREAN, *MULTILINGUAL]:
        assert enc.encode_ordinary(text) == reference(name).encode_ordinary(text), text


@lru_cache(maxsize=None)
def joined_runs(name: str) -> list[str]:
    """A sample of the encoding's tokens of two or more ideographs, kana or Hangul: pairs
    that must stay together."""
    texts = (token.decode("utf-8", "ignore")
             for token in bbpe_core.get_encoding(name).mergeable_ranks)
    return sorted(t for t in texts if CJK_PAIR.search(t))[::50]


@pytest.mark.parametrize("name", OFF_THE_FAST_PATH)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_random_cjk_text(name, data):
    pieces = st.one_of(
        st.sampled_from(joined_runs(name)),
        st.text(alphabet="".join(sorted(set(POEMS[:3000]))), max_size=8),
        st.text(alphabet="あいうアイウーしないカーション한국어되었습니다스타토", max_size=8),
        st.sampled_from(["ab", "1", " ", "，", "。", "\n", "的了是", "'s", "é", "\u3000"]),
    )
    text = data.draw(st.lists(pieces, max_size=20).map("".join))
    assert (bbpe_core.get_encoding(name).encode_ordinary(text)
            == reference(name).encode_ordinary(text))


def cut_of(merged, merge_whole, tokens: dict[bytes, int] | None = None) -> CjkCut:
    """The cut of a stand-in vocabulary: merge results ``merged`` (each a token, nothing
    looked up whole), or, given ``tokens``, a merge list making none and ``tokens`` looked
    up whole."""
    vocab = SimpleNamespace(mergeable_ranks=dict.fromkeys(merged, 0), merges=None,
                            ignore_merges=False, bpe=merge_whole)
    if tokens is not None:
        vocab.mergeable_ranks, vocab.merges, vocab.ignore_merges = tokens, [], True
    return CjkCut(vocab)


@given(merged=merge_results())
def test_the_pair_cut_falls_wherever_no_merge_could_join_and_holds_every_group_cut(merged):
    cut = cut_of(merged, lambda piece: [piece])
    text = "".join(CHARS) + "".join(reversed(CHARS)) + "".join(CHARS[::2])
    parts = cut.split(text)
    assert "".join(parts) == text
    ends = {sum(map(len, parts[:i])) for i in range(1, len(parts))}
    joined = joined_pairs(merged, CHARS)
    assert ends == {i for i in range(1, len(text)) if (text[i - 1], text[i]) not in joined}
    groups_re = groups_cut(crossing_tables(merged, lambda piece: [piece]))
    groups = ({m.start() for m in groups_re.finditer(text)}
              - {0, len(text)})
    assert groups <= ends


FAST_PATH = ["gpt2", "cl100k_base", "o200k_base", "llama3"]


def groups_then_pairs(cut: CjkCut, text: str) -> list[str]:
    """``text`` cut as the fast path cuts it: the groups' ``re``, then ``split`` on each part."""
    return [piece for part in cut.find(text).split(text) for piece in cut.split(part)]


@pytest.mark.parametrize("name", FAST_PATH)
def test_the_fast_path_cuts_where_the_pair_test_does_on_the_corpus(name):
    cut = bbpe_core.get_encoding(name).encoder.chunks.cut
    worst = "".join(chr(0x4E00 + (i * 7919) % 20000) for i in range(30_000))
    for text in (POEMS[:100_000], worst):
        pieces = groups_then_pairs(cut, text)
        assert pieces == cut.split(text)
        assert len(pieces) > len(cut.find(text).split(text))  # the pair test cuts more
    runs = "".join(joined_runs(name))
    assert groups_then_pairs(cut, "中文" + runs) == cut.split("中文" + runs)


@pytest.mark.parametrize("name", FAST_PATH)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_the_fast_path_cuts_where_the_pair_test_does_on_random_text(name, data):
    pieces = st.one_of(st.sampled_from(joined_runs(name)),
                       st.text(alphabet="".join(sorted(set(POEMS[:3000]))), max_size=8),
                       st.text(alphabet="".join(sorted(set("".join(JAPANESE_KOREAN)))), max_size=8))
    text = "中文" + data.draw(st.lists(pieces, max_size=20).map("".join))
    cut = bbpe_core.get_encoding(name).encoder.chunks.cut
    assert groups_then_pairs(cut, text) == cut.split(text)


def test_the_pair_cut_never_falls_next_to_or_inside_a_token_no_merge_reaches():
    ranks = {bytes([b]): b for b in range(256)} | {"中".encode(): 256, "中国".encode(): 257}
    merge_whole = lambda piece: [bytes([b]) for b in piece]  # noqa: E731 (no merges)
    assert (cut_of([], merge_whole, ranks).split("文文中文文中国文国")
            == ["文", "文中文", "文中国文", "国"])
    assert cut_of([], merge_whole).split("文中国") == ["文", "中", "国"]
    ranks = {bytes([b]): b for b in range(256)} | {"中国".encode(): 256}  # a chunk "中国" is 256
    assert cut_of([], merge_whole, ranks).split("文中国文国") == ["文中国文", "国"]


def test_the_cut_is_read_off_the_vocabulary_only_for_a_chunk_with_two_cjk_letters():
    ranks = {bytes([b]): b for b in range(256)} | {"中国".encode(): 256}
    enc = bbpe_core.Encoding("t", pat_str=QWEN_PATTERN, mergeable_ranks=ranks,
                             special_tokens={})
    cut = enc.encoder._cut
    text = "café 中 文, naïve\n中。国"
    assert enc.encode_ordinary(text) == list(text.encode())
    assert cut._after is None  # no two CJK letters side by side
    assert enc.encode_ordinary("中国人") == list("中国人".encode())  # 中国: no merge reaches it
    assert cut._after is not None and cut._cut is None  # the pair test, not the fast path's re


@lru_cache(maxsize=None)
def llama3_off_the_fast_path(fast: bool) -> bbpe_core.Encoding:
    """llama3's vocabulary (11 tokens its merges never reach) under Qwen's pattern."""
    enc = bbpe_core.get_encoding("llama3")
    return bbpe_core.Encoding("t", pat_str=QWEN_PATTERN, mergeable_ranks=enc.mergeable_ranks,
                              special_tokens={}, fast=fast)


@pytest.mark.parametrize("context",
                         ["{}", "東{}", "{}東", "東京{}で", "{}{}", "가{}가", "1{}1", " {}。"])
def test_tokens_no_merge_reaches_as_chunks_and_inside_runs(context):
    enc, plain = llama3_off_the_fast_path(True), llama3_off_the_fast_path(False)
    assert type(enc.encoder) is CjkPartsEncoder
    whole = unreachable(enc.mergeable_ranks, enc.vocab.bpe)
    assert "しない" in whole
    texts = [context.format(token, token) for token in whole]
    for text in [*texts, "".join(texts)]:
        enc.clear_cache()
        assert enc.encode_ordinary(text) == plain.encode_ordinary(text), text


@settings(max_examples=150, deadline=None)
@given(vocabulary=random_vocabularies("a中国".encode(), ["中", "国", "中国", "国中", "a中"]),
       text=st.lists(st.sampled_from(["a", "中", "国", "中国", "国中", " ", "，", "1"]),
                     max_size=20).map("".join))
def test_random_vocabularies_with_and_without_merge_lists(vocabulary, text):
    ranks, merges = vocabulary
    for merge_list in (None, merges):
        for ignore_merges in (True, False):
            built = [bbpe_core.Encoding("t", pat_str=QWEN_PATTERN, mergeable_ranks=ranks,
                                        special_tokens={}, merges=merge_list,
                                        ignore_merges=ignore_merges, fast=fast)
                     for fast in (True, False)]
            assert type(built[0].encoder) is CjkPartsEncoder
            assert built[0].encode_ordinary(text) == built[1].encode_ordinary(text)
