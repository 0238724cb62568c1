"""Hostile training (issue 42): every trainer bounded in memory and time at the Train page's
corpus cap (1 MiB), stopped when its caller says so, and every option checked by name.

The memory and time cases run in a fresh interpreter under ``tests/limits.py``'s limits; each
failed on the main branch before this change (MemoryError, a run past the timeout, a
TypeError for the unknown ``stop``, or no error at all).
"""

from __future__ import annotations

import math
import textwrap

import pytest
from limits import run_limited

import bbpe_core
from bbpe_core.training import deadline, train_char_level, train_sentencepiece_bpe_model
from bbpe_core.training.unigram import train_unigram_model

MIB = 2**20

_CORPORA = {
    "one_letter": "text = 'a' * (MIB - 1)",
    "one_letter_lines": "text = '\\n'.join(['a' * 4000] * (MIB // 4001))",
    "random_words": textwrap.dedent("""\
        rng = random.Random(0)
        words, n = [], 0
        while n < MIB - 20:
            words.append(''.join(rng.choice('abcdefghij') for _ in range(rng.randint(1, 10))))
            n += len(words[-1]) + 1
        text = '\\n'.join(' '.join(words[i:i + 12]) for i in range(0, len(words), 12))"""),
    "random_lines": textwrap.dedent("""\
        rng = random.Random(0)
        text = '\\n'.join(''.join(rng.choices('abcdefghij', k=4000)) for _ in range(MIB // 4001))
        """),
}

_RUN = textwrap.dedent("""\
    import random, time
    import bbpe_core
    from bbpe_core.training import TrainingStopped, deadline
    MIB = 2**20
    {corpus}
    assert len(text.encode()) <= MIB
    started = time.monotonic()
    try:
        bbpe_core.{trainer}(text, 4096, stop=deadline(3))
        print("trained")
    except TrainingStopped:
        print("stopped", round(time.monotonic() - started))
    except ValueError as e:
        print("refused", e)
    """)


@pytest.mark.parametrize("corpus", list(_CORPORA))
@pytest.mark.parametrize("trainer", ["train_unigram", "train_sentencepiece_bpe", "train",
                                     "train_wordpiece"])
def test_a_corpus_at_the_page_cap_trains_stops_or_is_refused_within_budget(trainer, corpus):
    """1 GiB of address space and 120 s: the run ends (trained, stopped at its 3 s deadline or
    refused) well inside them."""
    done = run_limited(_RUN.format(corpus=_CORPORA[corpus], trainer=trainer),
                       memory_bytes=1 << 30, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    outcome = done.stdout.split()[0]
    assert outcome in ("trained", "stopped", "refused"), done.stdout
    if outcome == "stopped":
        assert int(done.stdout.split()[1]) < 60  # the stop is honoured promptly


def test_a_stop_function_ends_each_trainer_with_training_stopped():
    corpus = ["low lower lowest newer newest " * 20] * 50
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 3

    for trainer, size in ((bbpe_core.train_unigram, 60), (bbpe_core.train_sentencepiece_bpe, 300),
                          (bbpe_core.train, 300), (bbpe_core.train_wordpiece, 300)):
        calls.clear()
        with pytest.raises(bbpe_core.TrainingStopped):
            trainer(corpus, size, stop=stop)
    with pytest.raises(bbpe_core.TrainingStopped):
        train_char_level(corpus, 60, stop=lambda: True)


def test_a_deadline_says_stop_once_its_time_has_passed():
    assert deadline(3600)() is False
    with pytest.raises(ValueError, match="seconds"):
        deadline(math.nan)


@pytest.mark.parametrize("option, value", [
    ("num_sub_iterations", 10**9), ("num_sub_iterations", 0), ("num_sub_iterations", 2.0),
    ("seed_size", math.inf), ("seed_size", -1), ("seed_size", 10**12),
    ("max_chars", math.nan), ("max_chars", math.inf), ("max_chars", 0),
    ("shrinking_factor", math.nan), ("shrinking_factor", 1.0),
    ("character_coverage", math.nan), ("character_coverage", math.inf),
    ("max_piece_length", 10**6), ("max_piece_length", True),
    ("byte_fallback", "yes"), ("max_sentence_length", 10**9),
    ("normalization_rule_name", "nfkc_cf_custom"), ("remove_extra_whitespaces", None),
    ("add_dummy_prefix", 1), ("split_digits", "no"), ("user_defined_symbols", [""]),
    ("user_defined_symbols", ["a b"]), ("user_defined_symbols", ["x"] * 2000),
])
def test_every_unigram_option_is_checked_by_name(option, value):
    with pytest.raises(ValueError, match=f"train_unigram: {option}"):
        train_unigram_model("some text\nmore text", 100, **{option: value})


@pytest.mark.parametrize("option, value", [
    ("character_coverage", math.nan), ("max_chars", math.nan), ("max_chars", 1e9),
    ("byte_fallback", None), ("max_sentence_length", 0), ("split_digits", 0),
])
def test_every_sentencepiece_bpe_option_is_checked_by_name(option, value):
    with pytest.raises(ValueError, match=f"train_sentencepiece_bpe: {option}"):
        train_sentencepiece_bpe_model("some text", 300, **{option: value})


@pytest.mark.parametrize("vocab_size", [math.inf, math.nan, 300.0, True, 10**12])
def test_a_vocab_size_that_is_not_an_int_in_range_is_named(vocab_size):
    for trainer in (bbpe_core.train, bbpe_core.train_unigram, bbpe_core.train_sentencepiece_bpe,
                    train_char_level, bbpe_core.train_wordpiece):
        with pytest.raises(ValueError, match="vocab_size"):
            trainer("some text", vocab_size)


@pytest.mark.parametrize("min_frequency", [math.nan, 0, 1.5, 10**30])
def test_a_min_frequency_out_of_range_is_named(min_frequency):
    for trainer in (bbpe_core.train, train_char_level):
        with pytest.raises(ValueError, match="min_frequency"):
            trainer("some text", 300, min_frequency=min_frequency)
