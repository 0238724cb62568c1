"""Recovering the merge list from tiktoken ranks (ranks are not merges).

tiktoken stores only the rank of each token's bytes. The merge that made a token
of rank r is found by running BPE on its bytes with the tokens of rank < r: if
that ends in exactly two parts, they are the merge (tiktoken#60; tiktoken's
``_educational.py`` and HF's ``convert_slow_tokenizer`` do the same). A token
whose bytes do not end in two parts cannot be reached by any merge; it is only
produced by looking up a whole chunk (``ignore_merges``), and gets no merge.

>>> ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257}
>>> recover_merges(ranks)
[(b'a', b'b'), (b'ab', b'c')]
"""

from __future__ import annotations

from .ranked import merge

__all__ = ["recover_merge", "recover_merges"]


def recover_merge(mergeable_ranks: dict[bytes, int], token: bytes) -> tuple[bytes, bytes] | None:
    """The merge that made one token: BPE on its bytes with the tokens ranked below it
    (the module's method, for one token, as a viewer needs for the few it shows).

    Args:
        mergeable_ranks: token bytes -> rank.
        token: a token of ``mergeable_ranks``.

    Returns:
        ``(left, right)``, or None for a single byte or a token no merge reaches.

    Raises:
        KeyError: if ``token`` is not in ``mergeable_ranks``.

    >>> ranks = {bytes([b]): b for b in range(256)} | {b"ab": 256, b"abc": 257}
    >>> recover_merge(ranks, b"abc"), recover_merge(ranks, b"a")
    ((b'ab', b'c'), None)
    """
    rank = mergeable_ranks[token]
    if len(token) < 2:
        return None

    def below(left: bytes, right: bytes) -> int | None:
        r = mergeable_ranks.get(left + right)
        return r if r is not None and r < rank else None

    parts = merge(token, below)
    return (parts[0], parts[1]) if len(parts) == 2 else None


def recover_merges(mergeable_ranks: dict[bytes, int]) -> list[tuple[bytes, bytes]]:
    """Recover ``[(left, right), ...]`` in rank order from tiktoken ranks.

    Args:
        mergeable_ranks: token bytes -> rank.

    Returns:
        One pair per multi-byte token reachable by a merge, ordered by the rank of
        the token it makes.
    """
    found = (recover_merge(mergeable_ranks, token)
             for token, _ in sorted(mergeable_ranks.items(), key=lambda kv: kv[1]))
    return [pair for pair in found if pair is not None]
