"""A vocabulary's tokens for the explorer: kept as columns, an ``Entry`` built per token shown.

Reading Gemma's 262,144 pieces as one object each held the Vocabulary page's switch to it
back by seconds; the columns (ids, bytes, vocabulary forms, texts) are lists built at C speed,
and the page's search and tables scan them, building an ``Entry`` for the few rows they show.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import compress
from operator import lt
from typing import NamedTuple, overload

from bbpe_core import Encoding, recover_merges
from bbpe_core.models.bpe.recover import recover_merge
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str

__all__ = ["Entry", "Entries", "vocab_entries", "merges_of", "decode_or_none"]


class Entry(NamedTuple):
    """One token of a vocabulary.

    Attributes:
        id: its id.
        data: its bytes.
        token_str: its Ġ string (a special token's text).
        text: its bytes decoded as UTF-8, or None if they are partial UTF-8.
        merge: the pair of parts whose merge made it, or None (single bytes, specials,
            tokens no merge reaches).
        special: whether it is a special token.
    """

    id: int
    data: bytes
    token_str: str
    text: str | None
    merge: tuple[bytes, bytes] | None
    special: bool


class Entries(Sequence[Entry]):
    """All tokens of a vocabulary in id order, as columns of equal length (``Entry``'s
    fields); ``entries[k]`` builds the k-th token's ``Entry``.

    Attributes:
        ids (list[int]), datas (list[bytes]), token_strs (list[str]),
        texts (list[str | None]), merges (list[tuple[bytes, bytes] | None] | None: None when
        no merge was read), specials (list[bool]): the columns.
    """

    __slots__ = ("ids", "datas", "token_strs", "texts", "merges", "specials")

    def __init__(self, ids: list[int], datas: list[bytes], token_strs: list[str],
                 texts: list[str | None], merges: list | None, specials: list[bool]) -> None:
        self.ids, self.datas, self.token_strs = ids, datas, token_strs
        self.texts, self.merges, self.specials = texts, merges, specials

    def __len__(self) -> int:
        return len(self.ids)

    @overload
    def __getitem__(self, k: int) -> Entry: ...

    @overload
    def __getitem__(self, k: slice) -> list[Entry]: ...

    def __getitem__(self, k):
        if isinstance(k, slice):
            return [self[j] for j in range(*k.indices(len(self)))]
        return Entry(self.ids[k], self.datas[k], self.token_strs[k], self.texts[k],
                     None if self.merges is None else self.merges[k], self.specials[k])

    def __iter__(self) -> Iterator[Entry]:
        merges = self.merges if self.merges is not None else [None] * len(self.ids)
        return map(Entry._make, zip(self.ids, self.datas, self.token_strs, self.texts, merges,
                                    self.specials))

    def at(self, positions: Iterator[int]) -> list[Entry]:
        """The entries at ``positions`` (indices into the columns), in that order."""
        return [self[k] for k in positions]


def decode_or_none(data: bytes) -> str | None:
    """``data`` decoded as UTF-8, or None if it is not whole UTF-8 (partial characters)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def _texts(datas: list[bytes]) -> list[str | None]:
    """``decode_or_none`` of each of ``datas`` at C speed: a lenient decode, then the strict
    one only where the lenient one wrote U+FFFD (partial UTF-8, or a real U+FFFD)."""
    out: list[str | None] = [d.decode("utf-8", "replace") for d in datas]
    for k in compress(range(len(out)), ["\ufffd" in t for t in out]):  # type: ignore[operator]
        out[k] = decode_or_none(datas[k])
    return out


def _in_id_order(columns: list[list]) -> list[list]:
    """``columns`` (the first holding ids) reordered by id, unless they already are."""
    ids = columns[0]
    if all(map(lt, ids, ids[1:])):
        return columns
    order = sorted(range(len(ids)), key=ids.__getitem__)
    return [[column[k] for k in order] for column in columns]


def vocab_entries(enc: Encoding, merges: bool = True) -> Entries:
    """All tokens of ``enc`` by id (merges recovered from ranks where needed). For a model of
    piece strings (SentencePiece, WordPiece) ``token_str`` is the piece (``▁hello``,
    ``<0xE4>``, ``##ing``), ``data`` the bytes it decodes to, and ``merge`` None (no merge
    list: SentencePiece merges by piece score, WordPiece does not merge).

    Args:
        enc: the encoding.
        merges: fill in ``merge``; False leaves it None for ``merges_of`` to find for the
            few entries shown (recovering all of o200k_base's from its ranks takes seconds).
    """
    if not enc.byte_level:
        table = enc.vocab
        id_to_bytes, whole = table.id_to_bytes, table.whole_ids
        ids, pieces = _in_id_order([list(table.pieces), list(table.pieces.values())])
        datas = [id_to_bytes[i] for i in ids]
        return Entries(ids, datas, pieces, _texts(datas), None, [i in whole for i in ids])
    ranks, special = enc.mergeable_ranks, enc.special_tokens
    ids = [*ranks.values(), *special.values()]
    datas = [*ranks, *(s.encode() for s in special)]
    strs = [*map(to_gpt2_str, ranks), *special]
    specials = [False] * len(ranks) + [True] * len(special)
    made = None
    if merges:
        pairs = enc.merges if enc.merges is not None else recover_merges(ranks)
        made_by = {a + b: (a, b) for a, b in pairs}
        made = [made_by.get(b) for b in ranks] + [None] * len(special)
    columns = _in_id_order([ids, datas, strs, specials] + ([made] if made is not None else []))
    ids, datas, strs, specials = columns[:4]
    return Entries(ids, datas, strs, _texts(datas), columns[4] if merges else None, specials)


def merges_of(enc: Encoding, entries: list[Entry]) -> list[tuple[bytes, bytes] | None]:
    """Each entry's merge (``Entry.merge``), for entries read with ``merges=False``: from the
    encoding's merge list, or recovered from its ranks one token at a time
    (``bbpe_core.models.bpe.recover.recover_merge``); None for a special token, a single byte,
    a token no merge reaches, or a model of piece strings."""
    if not enc.byte_level:
        return [None] * len(entries)
    listed = ({a + b: (a, b) for a, b in enc.merges} if enc.merges is not None else None)
    return [e.merge if e.merge is not None or e.special else
            listed.get(e.data) if listed is not None else
            recover_merge(enc.mergeable_ranks, e.data) for e in entries]
