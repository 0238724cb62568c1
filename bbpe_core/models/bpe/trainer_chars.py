"""Character-level BPE, trained for contrast with byte-level BPE (Sennrich et al. 2016).

The same learning loop (``trainer.learn_merges``) and tie rule as byte-level training
(``training.trainer``), over characters instead of bytes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from ...pre_tokenizers.patterns import GPT2_PATTERN
from ..budget import Stop, check_stop, int_option
from .trainer import MAX_BPE_VOCAB, count_chunks, learn_merges

__all__ = ["CharLevelBPE", "train_char_level"]


@dataclass(frozen=True)
class CharLevelBPE:
    """Character-level BPE, for contrast with byte-level (Sennrich et al. 2016): its base vocabulary
    is the corpus' characters, so CJK spends thousands of ids on them and any character it never saw
    is unknown; byte-level BPE needs only 256 and never meets an unknown.

    Attributes:
        alphabet: the base characters (the most frequent ones, at most ``vocab_size``).
        merges: the merged character pairs in order.
        vocab_size: the size asked for.
    """

    alphabet: frozenset[str]
    merges: list[tuple[str, str]]
    vocab_size: int

    def unknown_chars(self, text: str) -> int:
        """Characters of ``text`` outside the alphabet (each would be an unknown token)."""
        return sum(1 for ch in text if ch not in self.alphabet)


def train_char_level(texts: str | Iterable[str], vocab_size: int, *,
                     pat_str: str | None = GPT2_PATTERN, min_frequency: int = 2,
                     stop: Stop = None) -> CharLevelBPE:
    """Train BPE over characters instead of bytes (same loop, same tie rule).

    Args:
        texts: a string or strings.
        vocab_size: base characters + merges (1 to ``trainer.MAX_BPE_VOCAB``).
        pat_str, min_frequency, stop: as ``train``.

    Raises:
        ValueError: for an empty corpus, or a ``vocab_size`` or ``min_frequency`` out of
            range (named).
        TrainingStopped: when ``stop`` says so.
    """
    int_option("train_char_level", "vocab_size", vocab_size, 1, MAX_BPE_VOCAB)
    int_option("train_char_level", "min_frequency", min_frequency, 1, 2**62)
    counts = count_chunks([texts] if isinstance(texts, str) else texts, pat_str)
    freq: Counter = Counter()
    for chunk, n in counts.items():
        for ch in chunk:
            freq[ch] += n
    if not freq:
        raise ValueError("the corpus is empty: there is nothing to learn from")
    alphabet = sorted(freq, key=lambda ch: (-freq[ch], ch))[:vocab_size]
    ids = {ch: i for i, ch in enumerate(alphabet)}
    chunks = []
    for chunk, n in counts.items():  # characters outside the alphabet split the chunk
        for piece in "".join(ch if ch in ids else "\0" for ch in chunk).split("\0"):
            if piece:
                chunks.append(([ids[ch] for ch in piece], n))
    merges, _ = learn_merges(chunks, dict(enumerate(alphabet)), vocab_size - len(alphabet),
                             min_frequency,
                             lambda *_: check_stop(stop, "train_char_level"))
    return CharLevelBPE(frozenset(alphabet), merges, vocab_size)
