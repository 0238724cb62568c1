"""Training a byte-level BPE: the textbook algorithm, computed incrementally.

Textbook (Sennrich et al. 2016; Karpathy's minbpe): count every adjacent pair over the corpus, merge
the most frequent everywhere, repeat. Here: pre-tokenize, count unique chunks once
(a map-reduce over Counters, so it runs on processes or on a Dask bag), keep pair
counts and a pair -> chunks index, update both after each merge only where the merged
pair occurs, and take the next pair from a heap (stale entries skipped). The merges
equal the textbook's for the same tie rule.

Tie rule: the highest count wins; among equal counts, the pair whose parts' bytes are
smallest, compared as ``(left bytes, right bytes)``. It depends only on the corpus'
content, never on the order of the input. Ids: 0..255 are the single bytes in byte
order, then one id per merge in order (a merge whose bytes equal an existing token
reuses that token's id), then the special tokens.

``pat_str=None`` means no pre-tokenization: the whole text is one chunk and merges may
cross word boundaries (as in Karpathy's "Let's build the GPT Tokenizer", where a merge such
as ``(101, 32)``, "e ", joins a word's end to a space).
"""

from __future__ import annotations

import itertools
import warnings
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from ..encoding import Encoding
from ..models.bpe.trainer import MAX_BPE_VOCAB, count_chunks, learn_merges
from ..models.budget import Stop, check_stop, int_option
from ..pre_tokenizers.patterns import GPT2_PATTERN

__all__ = ["TrainStep", "train_from_counts", "train", "train_files"]

@dataclass(frozen=True)
class TrainStep:
    """What one merge did, for progress bars and charts.

    Attributes:
        merges_done: merges learned so far (this one included).
        merges_wanted: merges the vocab_size asks for.
        pair: the two parts merged: bytes (byte-level BPE) or piece strings (SentencePiece
            BPE).
        count: how often the pair occurred in the corpus.
        corpus_tokens: tokens of the whole (pre-tokenized) corpus after this merge.
    """

    merges_done: int
    merges_wanted: int
    pair: tuple[bytes, bytes] | tuple[str, str]
    count: int
    corpus_tokens: int


Progress = Callable[[TrainStep], None]


def train_from_counts(
    chunk_counts: Counter,
    vocab_size: int,
    *,
    pat_str: str | None = GPT2_PATTERN,
    special_tokens: Iterable[str] = (),
    min_frequency: int = 2,
    progress: Progress | None = None,
    name: str = "trained",
    pattern_timeout: float | None = None,
    stop: Stop = None,
) -> Encoding:
    """Learn merges from chunk counts (see ``count_chunks``) and build the ``Encoding``.

    Args:
        chunk_counts: chunk -> count.
        vocab_size: target number of ids, specials included (>= 256 + len(specials)).
        pat_str: the split pattern the chunks came from (kept in the encoding); None
            becomes a pattern that keeps any text whole.
        special_tokens: texts that get the last ids.
        min_frequency: a pair seen fewer times is never merged.
        progress: called with a ``TrainStep`` after each merge.
        name: the encoding's name.
        pattern_timeout: seconds a split may take when the trained encoding is used (give
            the one the counting ran with, for a user's pattern), or None.
        stop: a function of no arguments, checked after each merge (``budget.deadline``
            makes one); training raises ``TrainingStopped`` once it returns True.

    Returns:
        The trained encoding (GPT-2 / HF merge semantics; ``merges`` holds the list).

    Raises:
        ValueError: for a ``vocab_size`` that is not an int from 256 + the specials to
            ``MAX_BPE_VOCAB``, a ``min_frequency`` that is not an int of at least 1, an
            empty corpus, or duplicate specials (each named).
        TrainingStopped: when ``stop`` says so.

    Warns:
        UserWarning: when the corpus runs out of pairs (or of pairs with
            ``min_frequency``) before ``vocab_size``; says how many merges were learned.
    """
    specials = list(dict.fromkeys(special_tokens))
    if len(specials) != len(list(special_tokens)):
        raise ValueError("special tokens must be distinct")
    if isinstance(vocab_size, int) and not isinstance(vocab_size, bool) and \
            vocab_size < 256 + len(specials):
        raise ValueError(
            f"vocab_size {vocab_size} is below 256 bytes + {len(specials)} special tokens")
    wanted = int_option("train", "vocab_size", vocab_size, 256 + len(specials),
                        MAX_BPE_VOCAB) - 256 - len(specials)
    min_frequency = int_option("train", "min_frequency", min_frequency, 1, 2**62)
    chunks = [(list(c.encode("utf-8")), n) for c, n in chunk_counts.items() if c]
    if not chunks:
        raise ValueError("the corpus is empty: there is nothing to learn from")
    vocab: dict[int, bytes] = {i: bytes([i]) for i in range(256)}

    numbers = itertools.count(1)

    def on_merge(pair: tuple[bytes, bytes], count: int, corpus_tokens: int) -> None:
        check_stop(stop, "train")
        if progress is not None:
            progress(TrainStep(next(numbers), wanted, pair, count, corpus_tokens))

    merges, ids = learn_merges(chunks, vocab, wanted, min_frequency, on_merge)
    if len(merges) < wanted:
        warnings.warn(f"the corpus ran out of pairs (seen at least {min_frequency} times): "
                      f"learned {len(merges)} of {wanted} merges", stacklevel=2)
    special_ids = {s: len(vocab) + k for k, s in enumerate(specials)}
    return Encoding(name, pat_str=pat_str if pat_str is not None else r"(?s:.)+",
                    mergeable_ranks=ids, special_tokens=special_ids, merges=merges,
                    ignore_merges=False, pattern_timeout=pattern_timeout)


def train(
    text: str | Iterable[str],
    vocab_size: int,
    *,
    pat_str: str | None = GPT2_PATTERN,
    **kwargs,
) -> Encoding:
    """Train on a string or an iterable of strings.

    Args:
        text: the corpus.
        vocab_size, pat_str: as ``train_from_counts``.
        **kwargs: ``special_tokens``, ``min_frequency``, ``progress``, ``name``, ``stop``,
            as ``train_from_counts``.

    Raises:
        ValueError: as ``train_from_counts``, and for a pattern that does not compile.
        TrainingStopped: when ``stop`` says so.

    >>> enc = train("aaabdaaabac", 259, pat_str=None, min_frequency=1)
    >>> enc.encode("aaabdaaabac")
    [258, 100, 258, 97, 99]
    """
    texts = [text] if isinstance(text, str) else text
    return train_from_counts(count_chunks(texts, pat_str), vocab_size, pat_str=pat_str, **kwargs)


def _count_file(path: str, pat_str: str | None, block_chars: int = 1 << 20) -> Counter:
    """Count one file's chunks, reading it in blocks. A block is cut only before a space
    that precedes a letter, where the shipped patterns always cut
    (``presplit.BOUNDARY``), so the counts equal those of the whole text; other patterns
    read the file whole."""
    from ..models.bpe.fast.presplit import BOUNDARY
    from ..pre_tokenizers.patterns import SHIPPED_PATTERNS

    with open(path, encoding="utf-8") as f:
        if pat_str not in SHIPPED_PATTERNS:
            return count_chunks([f.read()], pat_str)
        counts: Counter[str] = Counter()
        carry = ""
        while block := f.read(block_chars):
            text = carry + block
            cut = max((m.start() for m in BOUNDARY.finditer(text, max(0, len(text) - 4096))),
                      default=0)
            counts += count_chunks([text[:cut]], pat_str)
            carry = text[cut:]
        return counts + count_chunks([carry], pat_str)


def train_files(
    paths: Iterable[str],
    vocab_size: int,
    *,
    pat_str: str | None = GPT2_PATTERN,
    **kwargs,
) -> Encoding:
    """Train on UTF-8 files, streamed, in this process (the CLI's ``train`` counts chunks on
    a Dask cluster instead: ``bbpe_core.cluster``).

    Args:
        paths: the files.
        vocab_size, pat_str: as ``train_from_counts``.
        **kwargs: ``special_tokens``, ``min_frequency``, ``progress``, ``name``.

    Raises:
        ValueError: as ``train_from_counts``; OSError or UnicodeDecodeError for a file
            that cannot be read as UTF-8.
    """
    counts = sum((_count_file(p, pat_str) for p in paths), Counter())
    return train_from_counts(counts, vocab_size, pat_str=pat_str, **kwargs)
