"""Training a WordPiece vocabulary as HF tokenizers' ``WordPieceTrainer`` does
(``tokenizers/src/models/wordpiece/trainer.rs``): the BPE trainer (``models/bpe/trainer.rs``,
``BpeTrainer::do_train``) run with ``continuing_subword_prefix="##"``, whose vocabulary becomes
the WordPiece model's (``WordPiece::from_bpe``; the merges are dropped).

This module is the loop (steps 2 to 4 below); ``training.wordpiece`` counts the words
(step 1) and builds the ``Encoding``.

1. Words: each text normalized by BERT's normalizer and cut by BERT's pre-tokenizer, as the
   tokenizer being trained cuts text (``count_words``), then counted.
2. The vocabulary starts with the special tokens, then the alphabet in code-point order: the
   characters of the words and the ``initial_alphabet``; with ``limit_alphabet``, only that
   many, the rarest dropped (the initial alphabet counts as the most frequent). A dropped
   character is dropped from the words too.
3. Each word becomes its characters, each after the first with the prefix (``##s``), which
   gets an id the first time a word shows it.
4. Merges: the most frequent pair of adjacent tokens, ties to the smallest pair of ids, becomes
   a token, the left string then the right one without its prefix (``un`` + ``##able`` ->
   ``unable``, ``##a`` + ``##b`` -> ``##ab``; one already made keeps its id), until the
   vocabulary has ``vocab_size`` tokens or no pair is seen ``min_frequency`` times. The loop is
   HF's: a queue entry keeps the words it was pushed for, an entry whose count has changed goes
   back with the current count, a merge touches its entry's words only.

What HF leaves to chance and this fixes: HF counts words in a hash map seeded per process, so
its ``##c`` ids (step 3), which break ties (step 4), follow that map's order, and two HF runs
on one corpus can give different vocabularies. Here words are taken in the order given (the
corpus' order of first occurrence): a run is reproducible, and words given in the order of an
HF run's map give that run's vocabulary, every token with its id
(``tests/test_train_wordpiece.py``). ``limit_alphabet``'s ties (characters seen equally often)
drop the smaller code point first; HF's order there is its map's too.

``learn_merges`` (byte-level and SentencePiece BPE) is not reused here: it breaks ties by the
pair's strings and merges every occurrence of a pair, where HF breaks them by ids and merges
in its entry's words, and the vocabulary differs where that matters.

Bounds: the words hold at most ``MAX_WORD_CHARS`` characters; every option is checked before
work starts (``models.budget``); ``stop`` is checked after each merge.
"""

from __future__ import annotations

import heapq
import math
from collections import Counter
from collections.abc import Iterable, Mapping

from ..budget import Stop, check_stop, int_option

__all__ = ["MAX_SPECIAL_TOKENS", "MAX_WORDPIECE_VOCAB", "MAX_WORD_CHARS", "PREFIX",
           "check_options", "learn_wordpiece_vocab"]

_WHO = "train_wordpiece"
PREFIX = "##"
"""The continuing-subword prefix (HF's ``WordPieceTrainer`` default and BERT's)."""
MAX_SPECIAL_TOKENS = 1_000
"""The most special tokens, each of 1 to 64 characters."""
_CODE_POINTS = 0x110000
_MAX_COUNT = 2**62
MAX_WORDPIECE_VOCAB = 1_000_000
"""The largest vocabulary asked for (the BPE trainers' cap,
``models.bpe.trainer.MAX_BPE_VOCAB``)."""
MAX_WORD_CHARS = 64_000_000
"""Characters of all the counted words together (the trainers' corpus cap,
``training.sp_corpus.MAX_TRAIN_CHARS``)."""


def _specials(special_tokens: object) -> list[str]:
    """The special tokens checked, repeats dropped (as HF's ``add_special_tokens`` does)."""
    if not isinstance(special_tokens, list | tuple) or len(special_tokens) > MAX_SPECIAL_TOKENS \
            or not all(isinstance(t, str) and 0 < len(t) <= 64 for t in special_tokens):
        raise ValueError(f"{_WHO}: special_tokens must be a list of at most "
                         f"{MAX_SPECIAL_TOKENS:,} strings of 1 to 64 characters")
    return list(dict.fromkeys(special_tokens))


def _initial_alphabet(initial_alphabet: object) -> set[str]:
    if not isinstance(initial_alphabet, list | tuple | set | frozenset) or len(
            initial_alphabet) > _CODE_POINTS or not all(
            isinstance(c, str) and len(c) == 1 for c in initial_alphabet):
        raise ValueError(f"{_WHO}: initial_alphabet must be a list of single characters")
    return set(initial_alphabet)


def _word_counts(word_counts: object) -> Mapping[str, int]:
    if not isinstance(word_counts, Mapping) or not all(
            isinstance(w, str) and w and type(n) is int and 0 < n <= _MAX_COUNT
            for w, n in word_counts.items()) or sum(map(len, word_counts)) > MAX_WORD_CHARS:
        raise ValueError(f"{_WHO}: word_counts must map non-empty words ({MAX_WORD_CHARS:,} "
                         f"characters in all) to counts from 1 to {_MAX_COUNT:,}")
    return word_counts


def check_options(vocab_size: object, min_frequency: object, special_tokens: object,
             limit_alphabet: object, initial_alphabet: object
             ) -> tuple[int, int, list[str], int | None, set[str]]:
    """``learn_wordpiece_vocab``'s options checked (see there)."""
    return (int_option(_WHO, "vocab_size", vocab_size, 1, MAX_WORDPIECE_VOCAB),
            int_option(_WHO, "min_frequency", min_frequency, 0, _MAX_COUNT),
            _specials(special_tokens),
            None if limit_alphabet is None else int_option(_WHO, "limit_alphabet",
                                                           limit_alphabet, 1, _CODE_POINTS),
            _initial_alphabet(initial_alphabet))


def _alphabet(words: Mapping[str, int], initial: set[str], limit: int | None) -> list[str]:
    """Step 2: the characters kept, in code-point order (``compute_alphabet``)."""
    counts: dict[str, float] = {}
    for word, n in words.items():
        for char in word:
            counts[char] = counts.get(char, 0) + n
    for char in initial:  # HF: usize::MAX, above any count
        counts[char] = math.inf
    ranked = sorted(counts, key=lambda c: (counts[c], c))
    return sorted(ranked[max(0, len(ranked) - limit):] if limit is not None else ranked)


def _merge(word: list[int], a: int, b: int, new: int, deltas: Counter[tuple[int, int]],
           grown: set[tuple[int, int]]) -> None:
    """Merge every ``a b`` of ``word`` in place, left to right, in one pass (HF's
    ``Word::merge``): add to ``deltas`` how each pair's occurrences change, and to ``grown``
    the pairs that gain one (HF's changes of +1)."""
    out: list[int] = []
    i, n = 0, len(word)
    while True:
        try:
            j = word.index(a, i, n - 1)  # the next ``a`` with a symbol after it
        except ValueError:
            break
        if word[j + 1] != b:
            out += word[i:j + 1]
            i = j + 1
            continue
        out += word[i:j]
        if out:
            deltas[(out[-1], a)] -= 1
            deltas[(out[-1], new)] += 1
            grown.add((out[-1], new))
        if j + 2 < n:
            deltas[(b, word[j + 2])] -= 1
            deltas[(new, word[j + 2])] += 1
            grown.add((new, word[j + 2]))
        out.append(new)
        i = j + 2
    out += word[i:]
    word[:] = out


def learn_wordpiece_vocab(word_counts: Mapping[str, int], vocab_size: int, *,
                          min_frequency: int = 0, special_tokens: Iterable[str] = ("[UNK]",),
                          limit_alphabet: int | None = None,
                          initial_alphabet: Iterable[str] = (),
                          stop: Stop = None) -> dict[str, int]:
    """Steps 2 to 4 over counted words (see the module): the WordPiece vocabulary.

    Args:
        word_counts: word -> count, taken in this order (``count_words``).
        vocab_size: the tokens wanted, specials included (1 to ``MAX_WORDPIECE_VOCAB``); more come
            out when the specials, the alphabet and its ``##`` copies are more.
        min_frequency: a pair seen fewer times is not merged (0 to 2**62; 0 and 1 alike).
        special_tokens: the first ids (at most ``MAX_SPECIAL_TOKENS``, 1 to 64 characters).
        limit_alphabet: the most characters kept (None: all; 1 to 0x110000).
        initial_alphabet: single characters kept even if unseen (HF's ``initial_alphabet``).
        stop: checked every 1,024 words and after each merge (``budget``).

    Returns:
        token -> id, ids from 0 without a gap (HF's ``get_vocab``).

    Raises:
        ValueError: naming the option that is not of its type or out of range.
        TrainingStopped: when ``stop`` says so.
    """
    vocab_size, min_frequency, specials, limit_alphabet, initial = check_options(
        vocab_size, min_frequency, special_tokens, limit_alphabet, initial_alphabet)
    words_in = _word_counts(word_counts)
    ids: dict[str, int] = dict.fromkeys(specials, 0)
    ids.update(dict.fromkeys(_alphabet(words_in, initial, limit_alphabet), 0))
    ids = {token: i for i, token in enumerate(ids)}
    strings = list(ids)
    words: list[list[int]] = []
    counts: list[int] = []
    for k, (word, n) in enumerate(words_in.items()):  # step 3
        if k % 1024 == 0:
            check_stop(stop, _WHO)
        symbols: list[int] = []
        for j, char in enumerate(word):
            if char in ids:
                token = PREFIX + char if j else char
                if token not in ids:
                    ids[token] = len(strings)
                    strings.append(token)
                symbols.append(ids[token])
        words.append(symbols)
        counts.append(n)
    pair_counts: Counter[tuple[int, int]] = Counter()
    where: dict[tuple[int, int], set[int]] = {}
    for k, symbols in enumerate(words):
        for pair in zip(symbols, symbols[1:]):
            pair_counts[pair] += counts[k]
            where.setdefault(pair, set()).add(k)
    queue: list = []
    pushes = 0

    def push_all() -> None:  # HF's where_to_update.drain(): each pair with its words
        nonlocal pushes
        for pair, pos in where.items():
            if pair_counts[pair] > 0:
                heapq.heappush(queue, (-pair_counts[pair], *pair, pushes, pos))
                pushes += 1
        where.clear()

    push_all()
    while len(ids) < vocab_size and queue:  # step 4
        neg, a, b, _, pos = heapq.heappop(queue)
        if -neg != pair_counts[(a, b)]:
            heapq.heappush(queue, (-pair_counts[(a, b)], a, b, pushes, pos))
            pushes += 1
            continue
        if -neg < max(1, min_frequency):
            break
        token = strings[a] + strings[b].removeprefix(PREFIX)
        if token not in ids:
            ids[token] = len(strings)
            strings.append(token)
        for k in pos:
            deltas: Counter[tuple[int, int]] = Counter()
            grown: set[tuple[int, int]] = set()
            _merge(words[k], a, b, ids[token], deltas, grown)
            for changed, change in deltas.items():
                pair_counts[changed] += change * counts[k]
            for gained in grown:
                where.setdefault(gained, set()).add(k)
        push_all()
        check_stop(stop, _WHO)
    return ids
