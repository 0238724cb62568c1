"""Token ids packed into bytes, 4 per id in native byte order: how the encode caches
hold them.

Bytes objects are not tracked by Python's garbage collector (a cache of tuples is walked
by every full collection), join and slice at C speed, and take 4 bytes per id (a tuple
takes 8 per id, plus 40 bytes of header).

>>> unpack(pack([5, 70000]) + pack_one(3))
[5, 70000, 3]
>>> list(map(unpack, (pack([5]) + MARKER + pack([6, 7])).split(MARKER)))
[[5], [6, 7]]
"""

from __future__ import annotations

import struct
from array import array
from collections.abc import Iterable

__all__ = ["ID_BYTES", "MARKER", "pack", "pack_one", "unpack"]

ID_BYTES = 4
"""Bytes per packed id: ids below 2**32 (``validate.MAX_TOKEN_ID`` is far below)."""

if array("I").itemsize != ID_BYTES:  # C's unsigned int: 4 bytes on every platform CPython supports
    raise ImportError("bbpe_core needs a platform where C's unsigned int has 4 bytes")

MARKER = bytes([0xFE, 0xFF, 0xFF, 0xFF])
"""Four bytes that packed ids ``0 .. validate.MAX_TOKEN_ID`` (below 2**24) never hold where
``bytes.split`` would find them: between the ids, ``packed.split(MARKER)`` cuts exactly at
the markers. Each id has a zero byte at its high end (last in little-endian order, first
in big-endian); the leftmost match is taken, so one starting inside a marker is taken by
that marker first. A match starting inside an id would cover, in little-endian order,
its zero byte (MARKER has none); in big-endian order, the next id's zero byte, or, if a
marker follows, that marker's first bytes as MARKER's last (FE starts it, FF ends it)."""

pack_one = struct.Struct("=I").pack
"""``pack_one(id: int) -> bytes``: one id, packed (raises ``struct.error`` if it is
negative or 2**32 or more)."""


def pack(ids: Iterable[int]) -> bytes:
    """Pack ids (each in ``0 .. 2**32 - 1``; ``OverflowError`` if not) into bytes."""
    return array("I", ids).tobytes()


def unpack(packed: bytes) -> list[int]:
    """The ids packed in ``packed`` (a multiple of ``ID_BYTES`` bytes long)."""
    ids = array("I")
    ids.frombytes(packed)  # then tolist: faster than memoryview(packed).cast("I").tolist()
    return ids.tolist()
