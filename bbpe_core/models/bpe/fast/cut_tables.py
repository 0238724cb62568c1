"""The tables the CJK cut and the character path are read off, per vocabulary: shipped
precomputed for the shipped vocabularies, read off the vocabulary for any other.

``cjk_cut.CjkCut`` needs, on the first text with two CJK letters side by side, the
``char_cuts.crossing_tables`` of its vocabulary (kind ``"cjk"``) and, on the fast path,
the ``char_path.char_tables`` (kind ``"chars"``). Reading them off takes a pass in Python
over every token, and the BPE of each token holding a CJK letter and of each character:
a visitor's first Chinese text would wait for it. ``scripts/write_cut_tables.py`` writes
them once per shipped vocabulary to ``bbpe_core/data/cut_tables/<digest>.<kind>.json.gz``,
where the digest (``vocab_digest``) is a sha256 of everything they are read off: the
tokens and their ids, the merge list, the whole look-up, the missing bytes' rule, the
character ranges and ``VERSION``. ``tables_of`` reads the file named by the vocabulary's
digest; a vocabulary without one (an upload, or a shipped one changed since) has its
tables read off it as before, and so has one whose file is damaged or names another
digest, kind or version (with a ``RuntimeWarning``): a table is used only for the
vocabulary it was read off. ``tests/test_cut_tables.py`` reads every shipped file's
tables off its vocabulary again and compares.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import warnings
import zlib
from array import array
from collections.abc import Collection, Iterable
from importlib import resources
from typing import TYPE_CHECKING, Literal, overload

from .char_cuts import CJK_RANGES, CrossingTables, crossing_tables
from .char_path import CHARACTERS, CharTables, char_tables

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from ....vocab import Vocab

__all__ = ["KINDS", "VERSION", "read_off", "shipped_path", "tables_of", "to_file",
           "vocab_digest"]

VERSION = 1
"""The tables' form and the rules they are read off by; raise it when either changes (the
digests change with it, so no file written before is read)."""

KINDS = ("cjk", "chars")
"""``"cjk"``: ``CrossingTables``; ``"chars"``: ``CharTables``."""

Tables = CrossingTables | CharTables


def vocab_digest(vocab: Vocab) -> str:
    """A sha256 (hex) of what the tables are read off: the tokens with their ids (in the
    vocabulary's order), the merge list, ``ignore_merges``, ``missing_bytes``, the
    character ranges and ``VERSION``.

    Args:
        vocab: a byte-level BPE vocabulary.
    """
    ranks = vocab.mergeable_ranks
    missing_bytes = getattr(vocab, "missing_bytes", None)  # None: a vocabulary without the rule
    head = (VERSION, CJK_RANGES, CHARACTERS, vocab.ignore_merges, missing_bytes,
            vocab.merges is None, len(ranks))
    digest = hashlib.sha256(repr(head).encode())
    _add_strings(digest, ranks)
    digest.update(array("I", ranks.values()).tobytes())
    merges = vocab.merges
    if merges is not None:
        for side in (0, 1):
            _add_strings(digest, [merge[side] for merge in merges])
    return digest.hexdigest()


def _add_strings(digest: hashlib._Hash, strings: Collection[bytes]) -> None:
    """Feed ``strings`` to ``digest`` unambiguously: their count and lengths, then their bytes."""
    digest.update(array("I", [len(strings), *map(len, strings)]).tobytes())
    digest.update(b"".join(strings))


@overload
def read_off(kind: Literal["cjk"], vocab: Vocab) -> CrossingTables: ...
@overload
def read_off(kind: Literal["chars"], vocab: Vocab) -> CharTables: ...
@overload
def read_off(kind: str, vocab: Vocab) -> Tables: ...
def read_off(kind: str, vocab: Vocab) -> Tables:
    """The tables of ``kind`` read off ``vocab`` (no file).

    Args:
        kind: one of ``KINDS``.
        vocab: the vocabulary.
    """
    ranks = vocab.mergeable_ranks
    tokens = ranks if vocab.ignore_merges else {}  # looked up whole before merging
    merged = ranks if vocab.merges is None else [left + right for left, right in vocab.merges]
    if kind == "cjk":
        return crossing_tables(merged, vocab.bpe, tokens)
    results = merged if vocab.merges is None else [*merged, *tokens]
    return char_tables(results, vocab.bpe, ranks, whole=vocab.ignore_merges)


def shipped_path(kind: str, digest: str) -> Traversable:
    """Where the shipped tables of ``kind`` for the vocabulary of ``digest`` are."""
    return resources.files("bbpe_core") / "data" / "cut_tables" / f"{digest}.{kind}.json.gz"


@overload
def tables_of(kind: Literal["cjk"], vocab: Vocab, digest: str) -> CrossingTables: ...
@overload
def tables_of(kind: Literal["chars"], vocab: Vocab, digest: str) -> CharTables: ...
@overload
def tables_of(kind: str, vocab: Vocab, digest: str) -> Tables: ...
def tables_of(kind: str, vocab: Vocab, digest: str) -> Tables:
    """The tables of ``kind`` for ``vocab``: its shipped file's, else read off it.

    Args:
        kind: one of ``KINDS``.
        vocab: the vocabulary.
        digest: its ``vocab_digest``.

    Warns:
        RuntimeWarning: if its file exists but is damaged or names another digest, kind or
            version (its tables are then read off the vocabulary).
    """
    path = shipped_path(kind, digest)
    if path.is_file():
        try:
            return _from_file(kind, digest, path.read_bytes())
        except (OSError, EOFError, zlib.error, ValueError, KeyError, TypeError, IndexError) as e:
            warnings.warn(f"{path.name}: refused ({e}); reading the tables off the vocabulary",
                          RuntimeWarning, stacklevel=2)
    return read_off(kind, vocab)


def to_file(kind: str, digest: str, tables: Tables) -> bytes:
    """The shipped file of ``tables`` (gzipped JSON, byte for byte the same for the same
    tables): code points as the characters of a string, pairs as one string of two
    characters each, in order.

    Args:
        kind: one of ``KINDS``.
        digest: the ``vocab_digest`` of the vocabulary they were read off.
        tables: its tables of ``kind``.
    """
    body: dict[str, object] = {
        "wide": [[_text(firsts), _text(seconds)] for firsts, seconds in tables.wide],
        "exact": "".join(chr(a) + chr(b) for a, b in sorted(tables.exact)),
    }
    if isinstance(tables, CrossingTables):
        body["whole"] = tables.whole
    else:
        body["chars"] = "".join(tables.ids)
        body["ids"] = list(tables.ids.values())
    text = json.dumps({"version": VERSION, "kind": kind, "digest": digest, "tables": body},
                      ensure_ascii=False, separators=(",", ":"))
    return gzip.compress(text.encode("utf-8"), mtime=0)


def _text(points: Iterable[int]) -> str:
    return "".join(map(chr, points))


def _from_file(kind: str, digest: str, data: bytes) -> Tables:
    """``to_file``'s tables back, if the file names ``kind``, ``digest`` and ``VERSION``.

    Raises:
        ValueError: if it does not, or is no valid UTF-8 or JSON.
        OSError, EOFError, zlib.error: if it is no valid gzip (a damaged byte, cut short).
        KeyError, TypeError, IndexError: if a field is missing or of another shape.
    """
    found = json.loads(gzip.decompress(data))
    named = (found["version"], found["kind"], found["digest"])
    if named != (VERSION, kind, digest):
        raise ValueError(f"names version, kind and digest {named}")
    body = found["tables"]
    wide = [(list(map(ord, firsts)), list(map(ord, seconds))) for firsts, seconds in body["wide"]]
    pairs = body["exact"]
    if len(pairs) % 2:
        raise ValueError("an odd number of characters in the exact pairs")
    exact = set(zip(map(ord, pairs[::2]), map(ord, pairs[1::2])))
    if kind == "cjk":
        return CrossingTables(wide, exact, [str(text) for text in body["whole"]])
    chars, ids = body["chars"], body["ids"]
    if len(chars) != len(ids):
        raise ValueError("as many characters as id lists expected")
    return CharTables(wide, exact, dict(zip(chars, ids)))
