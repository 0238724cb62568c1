"""Training, from a corpus to an ``Encoding``: the trainers' entry points. Each model kind's
learning loop lives with its model (``models.bpe.trainer``, ``models.bpe.trainer_chars``,
``models.unigram.trainer``); this package counts the corpus, runs the loop and builds the
encoding (and the ``.model`` or tokenizer.json) from what it learned, so it sits above
``encoding`` and ``formats`` (``formats`` imports nothing from here).

- ``trainer``: byte-level BPE (``train``, ``train_files``, ``train_from_counts``), which
  builds an ``Encoding`` from the learned merges (``count_chunks`` is the map step).
- ``sentencepiece_bpe``: SentencePiece BPE (``▁`` for whitespace, pieces by merge order),
  after sentencepiece's ``bpe_model_trainer.cc``, over the same merge loop.
- ``unigram`` (with ``unigram_corpus``): a Unigram LM trainer, after sentencepiece's
  ``unigram_model_trainer.cc``, over ``models.unigram.trainer``'s EM.
- ``spec`` and ``sp_corpus``: sentencepiece's trainer options (its names and defaults) and
  the corpus both SentencePiece trainers read.
- ``wordpiece``: a WordPiece trainer, after HF tokenizers' ``WordPieceTrainer``.
- ``extend``: new pieces added to a trained or shipped encoding of any kind.
- ``models.budget`` (shared by every kind's loop): option checks and ``stop``
  (``TrainingStopped``).

The package is named ``training`` because ``bbpe_core.train`` is the public function.
"""

from ..models.bpe.trainer import count_chunks
from ..models.bpe.trainer_chars import CharLevelBPE, train_char_level
from ..models.budget import TrainingStopped, deadline
from .sentencepiece_bpe import train_sentencepiece_bpe, train_sentencepiece_bpe_model
from .trainer import TrainStep, train, train_files, train_from_counts
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
