"""The trainer: exact against the textbook algorithm, deterministic, safe on bad input."""

from __future__ import annotations

import warnings
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st
from samples import CORPORA

import bbpe_core
from bbpe_core.training import count_chunks, train, train_from_counts
from oracles.naive_trainer import naive_merges

corpora = st.lists(st.text(alphabet="ab cdé中\n", max_size=30), min_size=1, max_size=6)


@given(texts=corpora, n=st.integers(1, 40), pattern=st.sampled_from([None, bbpe_core.GPT2_PATTERN]))
def test_equals_the_textbook_algorithm(texts, n, pattern):
    counts = count_chunks(texts, pattern)
    if not any(counts):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        enc = train_from_counts(counts, 256 + n, pat_str=pattern, min_frequency=1)
    assert enc.merges == naive_merges(counts, n, 1)


@given(texts=corpora)
def test_result_does_not_depend_on_input_order(texts):
    if not "".join(texts):
        return
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        a = train(texts, 290, min_frequency=1)
        b = train(list(reversed(texts)), 290, min_frequency=1)
    assert a.merges == b.merges


def test_wikipedia_example():
    enc = train("aaabdaaabac", 259, pat_str=None, min_frequency=1)
    assert enc.encode("aaabdaaabac") == [258, 100, 258, 97, 99]
    assert enc.merges == [(b"a", b"a"), (b"a", b"b"), (b"aa", b"ab")]


def test_no_pretokenization_crosses_words():
    text = "the cat ate the date " * 20
    enc = train(text, 260, pat_str=None)
    assert (b"e", b" ") in enc.merges  # merges may cross word boundaries (Karpathy's lecture)


def test_real_corpus_round_trip_and_specials():
    text = (CORPORA / "en_python_docs.txt").read_text()[:100_000]
    steps = []
    enc = train(text, 1000, special_tokens=["<|endoftext|>"], progress=steps.append)
    assert enc.n_vocab == 1000 and enc.special_tokens == {"<|endoftext|>": 999}
    assert enc.decode(enc.encode(text)) == text
    assert steps[-1].merges_done == 743 and steps[-1].corpus_tokens < steps[0].corpus_tokens
    assert steps[-1].corpus_tokens == sum(len(enc.encode_ordinary(c)) * n
                                          for c, n in count_chunks([text]).items())


@pytest.mark.parametrize(
    "kwargs, message",
    [({"text": "abc", "vocab_size": 255}, "below 256"),
     ({"text": "abc", "vocab_size": 257, "special_tokens": ["<a>", "<b>"]}, "below 256"),
     ({"text": "", "vocab_size": 300}, "empty"),
     ({"text": [], "vocab_size": 300}, "empty"),
     ({"text": "abc", "vocab_size": 300, "pat_str": "("}, "does not compile")],
)
def test_bad_input(kwargs, message):
    with pytest.raises(ValueError, match=message):
        train(**kwargs)


def test_runs_out_of_pairs_with_a_warning():
    with pytest.warns(UserWarning, match="learned 2 of 44 merges"):
        enc = train("ab ab ab", 300)
    assert enc.merges == [(b"a", b"b"), (b" ", b"ab")]


def test_saved_files_load_in_hf_with_identical_ids(tmp_path):
    from tokenizers import Tokenizer

    text = "Byte-level BPE never needs an unknown token. 字节级 BPE 不需要未知词。 " * 30
    enc = train(text, 400, special_tokens=["<|endoftext|>"])
    bbpe_core.save_hf_tokenizer_json(enc, tmp_path / "tokenizer.json")
    bbpe_core.save_gpt2_files(enc, tmp_path)
    bbpe_core.save_tiktoken_bpe(enc.mergeable_ranks, tmp_path / "t.tiktoken")
    hf = Tokenizer.from_file(str(tmp_path / "tokenizer.json"))
    files = bbpe_core.load_gpt2_files(tmp_path / "vocab.json", tmp_path / "merges.txt")
    for sample in (text, "unseen words 你好 👋", "x<|endoftext|>y"):
        ids = enc.encode(sample, allowed_special="all")
        assert hf.encode(sample).ids == ids
        assert files.encode(sample, allowed_special="all") == ids


def test_counting_is_a_map_reduce_on_dask():
    import dask
    import dask.bag as dask_bag

    texts = ["the cat sat", "on the mat", "the end"] * 10
    bag = dask_bag.from_sequence(texts, npartitions=3)
    with dask.config.set(scheduler="synchronous"):
        counts = bag.map_partitions(lambda part: [count_chunks(part)]).fold(
            lambda a, b: a + b, initial=Counter()).compute()
    assert counts == count_chunks(texts)
    assert train_from_counts(counts, 270).merges == train(texts, 270).merges


def test_char_level_contrast():
    from bbpe_core.training import train_char_level

    wiki = train_char_level("aaabdaaabac", 7, pat_str=None, min_frequency=1)
    assert wiki.alphabet == {"a", "b", "c", "d"}
    assert wiki.merges == [("a", "a"), ("a", "b"), ("aa", "ab")]
    zh = "人人生而自由，在尊严和权利上一律平等。" * 5
    small = train_char_level(zh, 10)
    assert len(small.alphabet) == 10 and small.merges == []
    assert small.unknown_chars("人人自由平等") > 0
    assert (bbpe_core.train(zh, 300).decode(bbpe_core.train(zh, 300).encode("未见过的字"))
            == "未见过的字")
    with pytest.raises(ValueError, match="empty"):
        train_char_level("", 10)


@pytest.mark.parametrize("corpus", ["en_python_docs.txt", "zh_tang_poems.txt"])
def test_equals_the_textbook_algorithm_on_real_text(corpus):
    text = (CORPORA / corpus).read_text(encoding="utf-8")[:3000]
    counts = count_chunks([text])
    assert train_from_counts(counts, 256 + 200).merges == naive_merges(counts, 200, 2)
