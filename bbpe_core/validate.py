"""Consistency checks of a vocabulary before an ``Encoding`` is built from it.

Vocabularies may come from users' files, so every check fails with a
``ValueError`` that says what is wrong, never an ``assert`` or a later KeyError.
This module reads no files; the loaders in ``formats`` name file and line.
"""

from __future__ import annotations

from collections.abc import Collection, Container, Sequence
from itertools import chain, starmap

__all__ = ["MAX_MERGES", "MAX_TOKEN_ID", "MAX_VOCAB_ENTRIES", "MAX_WHOLE_TOKENS",
           "MAX_WHOLE_TOKEN_CHARS", "check_ids", "check_known_ids", "check_vocab",
           "check_whole_tokens"]

MAX_TOKEN_ID = 10_000_000
"""Largest id accepted (o200k's largest is 200,018): bounds what a file can ask for."""
MAX_VOCAB_ENTRIES = 524_288
"""Tokens or pieces a vocabulary file may list, checked before the loader builds its tables
(Gemma 3: 262,144 pieces; o200k_base: 199,998 tokens): a 1.4-million-piece tokenizer.json of
6 MB gzipped needed 650 MB to load."""
MAX_MERGES = 1_048_576
"""Merges a vocabulary file may list, checked likewise (Gemma 2: 580,604; Gemma 3: 514,906)."""
MAX_WHOLE_TOKENS = 32_768
"""Special and added tokens (and SentencePiece's user-defined and control pieces) a vocabulary
may have: they are matched whole by one compiled pattern (Jurassic-2's .model: 26,093; Gemma
3's tokenizer.json: 6,415)."""
MAX_WHOLE_TOKEN_CHARS = 524_288
"""Characters those tokens may hold in all (Jurassic-2's: 456,600; Gemma 3's: 75,802), which
bounds that pattern."""


def check_whole_tokens(texts: Collection[str]) -> None:
    """Check that tokens matched whole in text are few and short enough to compile into one
    pattern within a bounded time and memory.

    Args:
        texts: the tokens' texts.

    Raises:
        ValueError: for more than ``MAX_WHOLE_TOKENS`` tokens, or more than
            ``MAX_WHOLE_TOKEN_CHARS`` characters in all.
    """
    if len(texts) > MAX_WHOLE_TOKENS:
        raise ValueError(f"{len(texts):,} special, added or user-defined tokens, more than "
                         f"{MAX_WHOLE_TOKENS:,}")
    chars = sum(map(len, texts))
    if chars > MAX_WHOLE_TOKEN_CHARS:
        raise ValueError(f"special, added or user-defined tokens of {chars:,} characters in "
                         f"all, more than {MAX_WHOLE_TOKEN_CHARS:,}")


def check_ids(kind: str, ids: list[int], *, unique: bool = True) -> None:
    """Check ids a file gives: each an int (not a bool) in ``0..MAX_TOKEN_ID``, none twice.

    Every id a vocabulary file gives goes through here (``Vocab`` for byte-level BPE,
    ``TokenTable`` for piece-keyed models), so the bound holds for every format.

    Args:
        kind: what the ids are, for the message (``"token"``, ``"special token"``).
        ids: the ids.
        unique: also refuse an id given twice.

    Raises:
        ValueError: naming the first id that is not an int in range, or one given twice.
    """
    if set(map(type, ids)) - {int} or ids and not 0 <= min(ids) <= max(ids) <= MAX_TOKEN_ID:
        for i in ids:  # checked at C speed above; this names the first fault
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i <= MAX_TOKEN_ID:
                raise ValueError(f"{kind} id {i!r} is not an int in 0..{MAX_TOKEN_ID}")
    if unique and len(set(ids)) != len(ids):
        seen: set[int] = set()
        dup = next(i for i in ids if i in seen or seen.add(i))
        raise ValueError(f"{kind} id {dup} is given to more than one token")


def check_known_ids(kind: str, ids: Sequence[int], known: Container[int]) -> None:
    """Check that ids a file names (a post-processor's) are ids of the vocabulary.

    Args:
        kind: what names them, for the message (``"post-processor"``).
        ids: the ids named.
        known: the vocabulary's ids (an ``id_to_bytes`` dict).

    Raises:
        ValueError: naming the first id that is not an int or not in ``known``.
    """
    for i in ids:
        if type(i) is not int or i not in known:
            raise ValueError(f"{kind} id {i!r} is not a token of the vocabulary")


def check_vocab(
    mergeable_ranks: dict[bytes, int],
    special_tokens: dict[str, int],
    merges: Sequence[tuple[bytes, bytes]] | None = None,
    explicit_n_vocab: int | None = None,
    missing_bytes_allowed: bool = False,
) -> None:
    """Check that a vocabulary can encode any text and decode every id it gives.

    Args:
        mergeable_ranks: token bytes -> id.
        special_tokens: special-token text -> id.
        merges: optional merge list; every part and every result must be a token.
        explicit_n_vocab: optional expected ``max id + 1``.
        missing_bytes_allowed: accept single bytes with no token (the caller says what
            happens to them: ``vocab.Vocab``'s ``missing_bytes``).

    Raises:
        ValueError: on a missing single byte (unless allowed), a non-bytes token, a negative,
            huge or duplicate id, too many special tokens (``check_whole_tokens``), a special id
            shared with an ordinary token, an empty special token, a merge whose parts or result
            are not tokens, or an ``n_vocab`` that differs from ``explicit_n_vocab``.
        TypeError: if the tables are not dicts.
    """
    if not isinstance(mergeable_ranks, dict) or not isinstance(special_tokens, dict):
        raise TypeError("mergeable_ranks and special_tokens must be dicts")
    if set(map(type, mergeable_ranks)) != {bytes} or b"" in mergeable_ranks:
        bad = next((t for t in mergeable_ranks if not isinstance(t, bytes) or not t), None)
        if bad is not None:
            raise ValueError(f"token {bad!r} is not a non-empty bytes value")
    missing = [b for b in range(256) if bytes([b]) not in mergeable_ranks]
    if missing and not missing_bytes_allowed:
        shown = ", ".join(f"0x{b:02x}" for b in missing[:8])
        raise ValueError(
            f"{len(missing)} of the 256 single bytes have no token (e.g. {shown}); "
            "byte-level BPE needs all of them to encode any text"
        )
    check_ids("token", list(mergeable_ranks.values()))
    check_ids("special token", list(special_tokens.values()))
    for text in special_tokens:
        if not isinstance(text, str) or not text:
            raise ValueError(f"special token {text!r} is not a non-empty str")
    check_whole_tokens(special_tokens)
    clash = set(special_tokens.values()) & set(mergeable_ranks.values())
    if clash:
        raise ValueError(f"special token id {min(clash)} is also an ordinary token's id")
    merges = merges or ()
    known = mergeable_ranks.__contains__
    if all(map(known, chain.from_iterable(merges))) and all(
        map(known, starmap(bytes.__add__, merges))
    ):
        merges = ()  # all good, checked at C speed; else the loop below names the first fault
    for k, (left, right) in enumerate(merges):
        for part in (left, right, left + right):
            if part not in mergeable_ranks:
                raise ValueError(f"merge {k + 1} ({left!r}, {right!r}): {part!r} is not a token")
    if explicit_n_vocab is not None:
        n_vocab = max([*mergeable_ranks.values(), *special_tokens.values()]) + 1
        if n_vocab != explicit_n_vocab:
            raise ValueError(f"n_vocab is {n_vocab}, expected {explicit_n_vocab}")
