"""A merge list over piece strings held as arrays (SentencePiece-style BPE read from a
tokenizer.json: Gemma 2 / 3's half a million merges).

Each merge is the positions of its two parts in one list of the vocabulary's pieces (a
``uint32`` array, two entries a merge), not a tuple of two strings, and a pair's priority is
looked up by one int made of the two parts' ids (``left * base + right``), not by a tuple:
no million tuples or strings are made at load, and the tables are built from the arrays at
C speed. The priority rule is HF tokenizers' for a merge list (``BPE``'s ``merges``,
``Word::merge_all``): a pair's priority is its place in the list; only listed pairs merge.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from itertools import chain, count, repeat
from operator import add, eq, mul

__all__ = ["MergeTable"]

POSITION = "I"
"""The array type code of a merge's part positions (uint32 wherever CPython runs)."""


class MergeTable(Sequence):
    """A merge list as ``(left, right)`` pairs of piece strings, in priority order, kept as
    positions in a piece list.

    Args:
        pieces: the vocabulary's piece strings in some fixed order (a tokenizer.json's
            ``model.vocab`` order); a merge names its parts by their index here.
        positions: ``2 * n`` part positions, ``array("I")``: merge ``k``'s left part is
            ``pieces[positions[2k]]``, its right part ``pieces[positions[2k + 1]]``.

    Raises:
        ValueError: if a position is outside ``pieces`` (naming the merge, counted from 1).

    >>> table = MergeTable(["a", "b", "ab"], array("I", [0, 1, 2, 1]))
    >>> list(table), len(table), table[-1]
    ([('a', 'b'), ('ab', 'b')], 2, ('ab', 'b'))
    """

    def __init__(self, pieces: list[str], positions: array) -> None:
        if len(positions) % 2:
            raise ValueError("merge positions come in pairs")
        if positions and max(positions) >= len(pieces):
            k = next(k for k, p in enumerate(positions) if p >= len(pieces))
            raise ValueError(f"merge {k // 2 + 1} names piece {positions[k]:,}, "
                             f"outside the {len(pieces):,} pieces")
        self.pieces = pieces
        self.positions = positions

    def __len__(self) -> int:
        return len(self.positions) // 2

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        if k < 0:
            k += len(self)
        if not 0 <= k < len(self):
            raise IndexError("merge index out of range")
        return self.pieces[self.positions[2 * k]], self.pieces[self.positions[2 * k + 1]]

    def __iter__(self) -> Iterator[tuple[str, str]]:
        return zip(self.lefts(), self.rights())

    def lefts(self) -> Iterator[str]:
        """Each merge's left part, in order."""
        return map(self.pieces.__getitem__, self.positions[0::2])

    def rights(self) -> Iterator[str]:
        """Each merge's right part, in order."""
        return map(self.pieces.__getitem__, self.positions[1::2])

    def priority(self, piece_ids: Mapping[str, int]) -> Callable[[str, str], int | None]:
        """The pair priority of this list (``char_bpe.CharBPEEncoder``'s ``pair_priority``):
        a pair's index in the list, the first of a repeated pair's; None if it is not listed.

        Args:
            piece_ids: piece string -> id (non-negative), holding every piece of ``pieces``.

        Returns:
            ``pair_priority(left, right)``: one dict look-up of ``id(left) * base +
            id(right)``, where ``base`` is the largest id plus 2, so a symbol that is no
            piece (id taken as -1) makes a key no listed pair has.

        >>> table = MergeTable(["a", "b", "ab"], array("I", [0, 1, 2, 1, 0, 1]))
        >>> rule = table.priority({"a": 0, "b": 1, "ab": 2})
        >>> rule("a", "b"), rule("ab", "b"), rule("b", "a"), rule("x", "b")
        (0, 1, None, None)
        >>> MergeTable(["a", "b", "ab"], array("I", [0, 1])).priority({"a": 5, "b": 3, "ab": 4})(
        ...     "a", "b")
        0
        """
        ids = list(map(piece_ids.__getitem__, self.pieces))
        base = max(ids, default=0) + 2

        def keys() -> Iterator[int]:
            lefts: Iterable[int] = self.positions[0::2]
            rights: Iterable[int] = self.positions[1::2]
            if not same:
                lefts, rights = map(ids.__getitem__, lefts), map(ids.__getitem__, rights)
            return map(add, map(mul, lefts, repeat(base)), rights)

        # where a position is its piece's id (Gemma's files), a rank below the number of
        # pieces is that id's own int object: 262,144 ints fewer
        same = all(map(eq, ids, count()))
        table = dict(zip(keys(), chain(ids, count(len(ids))) if same else count()))
        if len(table) < len(self):  # a repeated pair: the first one's place wins
            table = dict(zip(reversed(list(keys())), range(len(self) - 1, -1, -1)))
        get, id_of = table.get, piece_ids.get
        return lambda left, right: get(id_of(left, -1) * base + id_of(right, -1))

