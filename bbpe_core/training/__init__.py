"""Training byte-level BPE (and character-level BPE, for contrast), and Unigram LM.

- ``trainer``: chunk counting (a map-reduce of Counters) and ``train_from_counts``, which
  builds an ``Encoding`` from the learned merges.
- ``learn``: the incremental merge loop (pair counts, a pair -> chunks index, a heap).
- ``char_level``: the same loop over characters.
- ``sentencepiece_bpe``: SentencePiece BPE (``▁`` for whitespace, pieces by merge order),
  after sentencepiece's ``bpe_model_trainer.cc``, over the same loop.
- ``unigram`` (with ``unigram_corpus`` and ``unigram_em``): a Unigram LM trainer, after
  sentencepiece's ``unigram_model_trainer.cc``.
- ``spec`` and ``sp_corpus``: sentencepiece's trainer options (its names and defaults) and
  the corpus both SentencePiece trainers read.
- ``wordpiece``: a WordPiece trainer, after HF tokenizers' ``WordPieceTrainer``.
- ``budget``: every trainer's option checks and its ``stop`` function (``TrainingStopped``).

The package is named ``training`` because ``bbpe_core.train`` is the public function.
"""

from .budget import TrainingStopped, deadline
from .char_level import CharLevelBPE, train_char_level
from .sentencepiece_bpe import train_sentencepiece_bpe, train_sentencepiece_bpe_model
from .trainer import TrainStep, count_chunks, train, train_files, train_from_counts
from .unigram import UnigramRound, train_unigram, train_unigram_model
from .wordpiece import train_wordpiece

__all__ = [
    "CharLevelBPE",
    "TrainStep",
    "TrainingStopped",
    "UnigramRound",
    "count_chunks",
    "deadline",
    "train",
    "train_char_level",
    "train_files",
    "train_from_counts",
    "train_sentencepiece_bpe",
    "train_sentencepiece_bpe_model",
    "train_unigram",
    "train_unigram_model",
    "train_wordpiece",
]
