"""Training byte-level BPE (and character-level BPE, for contrast).

- ``trainer``: chunk counting (a map-reduce of Counters) and ``train_from_counts``, which
  builds an ``Encoding`` from the learned merges.
- ``learn``: the incremental merge loop (pair counts, a pair -> chunks index, a heap).
- ``char_level``: the same loop over characters.

The package is named ``training`` because ``bbpe_core.train`` is the public function.
"""

from .char_level import CharLevelBPE, train_char_level
from .trainer import TrainStep, count_chunks, train, train_files, train_from_counts

__all__ = [
    "CharLevelBPE",
    "TrainStep",
    "count_chunks",
    "train",
    "train_char_level",
    "train_files",
    "train_from_counts",
]
