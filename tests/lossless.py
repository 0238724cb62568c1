"""The SentencePiece trainers in the lossless setting (``identity``, extra spaces kept): the
tests that compare them like for like with sentencepiece trained so use these
(tests/test_train_as_sentencepiece.py checks the defaults)."""

from __future__ import annotations

import bbpe_core
from bbpe_core.training import sentencepiece_bpe, unigram
from bbpe_core.training.spec import LOSSLESS


def train_unigram_model(*args, **options):
    """``train_unigram_model`` with ``LOSSLESS`` under the given options."""
    return unigram.train_unigram_model(*args, **{**LOSSLESS, **options})


def train_unigram(*args, **options):
    """``train_unigram`` with ``LOSSLESS`` under the given options."""
    return bbpe_core.train_unigram(*args, **{**LOSSLESS, **options})


def train_sentencepiece_bpe_model(*args, **options):
    """``train_sentencepiece_bpe_model`` with ``LOSSLESS`` under the given options."""
    return sentencepiece_bpe.train_sentencepiece_bpe_model(*args, **{**LOSSLESS, **options})


def train_sentencepiece_bpe(*args, **options):
    """``train_sentencepiece_bpe`` with ``LOSSLESS`` under the given options."""
    return bbpe_core.train_sentencepiece_bpe(*args, **{**LOSSLESS, **options})
