"""GGUF model files: read the key-value metadata at the head of the file, never the tensors.

A GGUF file (llama.cpp's format, ``ggml/docs/gguf.md``; writer and reader in the PyPI package
``gguf``, ``gguf/gguf_writer.py`` and ``gguf/gguf_reader.py``) is, in this order:

- magic ``GGUF``, ``version`` (uint32: 2 or 3), ``tensor_count`` and ``kv_count`` (uint64);
- ``kv_count`` metadata entries: key (a string), value type (uint32), value;
- tensor infos, padding, then the tensor data (gigabytes).

A string is a uint64 byte length and UTF-8 bytes; an array is its element type (uint32), a
uint64 count and the elements. Value types (``GGUFValueType``): 0 uint8, 1 int8, 2 uint16,
3 int16, 4 uint32, 5 int32, 6 float32, 7 bool, 8 string, 9 array, 10 uint64, 11 int64,
12 float64. Numbers are little-endian, or big-endian in files written for big-endian hosts
(then the version reads byte-swapped; ``GGUFReader`` detects it the same way).

The tokenizer lives in the metadata (``tokenizer.*`` keys), so reading stops at the end of
the metadata: a path is memory-mapped and only the pages of the header are touched, and the
header alone (``header_length`` bytes from the start of the file) is enough input. Why not
``gguf.GGUFReader``: it takes only a path, builds a numpy array per string (seconds for a
150,000-token vocabulary) and trusts the counts in the file (an array count of 2**60
loops that many times); the tests check this reader against it, key by key.

Every count and length is capped before it is used (``MAX_*``); a damaged or hostile header
raises ``VocabFileError`` naming the key, never another error or a hang.

>>> import struct
>>> def s(b): return struct.pack("<Q", len(b)) + b
>>> head = b"GGUF" + struct.pack("<IQQ", 3, 0, 1) + s(b"general.name") + b"\\x08\\0\\0\\0" + s(b"x")
>>> read_gguf_metadata(head)
{'general.name': 'x'}
>>> header_length(head + b"tensor infos...") == len(head)
True
"""

from __future__ import annotations

import mmap
import os
import struct

from ..source import VocabFileError, open_regular

__all__ = [
    "MAX_ARRAY_LENGTH",
    "MAX_HEADER_BYTES",
    "MAX_HEADER_STRINGS",
    "MAX_KEPT_BYTES",
    "MAX_KV_COUNT",
    "MAX_STRING_BYTES",
    "GGUFTruncated",
    "array_lengths",
    "header_length",
    "read_gguf_metadata",
]

MAX_KV_COUNT = 100_000
"""Metadata entries accepted (a model file has tens to a few hundred)."""
MAX_ARRAY_LENGTH = 4_000_000
"""Elements in one array (the largest vocabularies have about 260,000 tokens and merges)."""
MAX_STRING_BYTES = 16 * 1024 * 1024
"""Bytes in one string (chat templates are the longest: tens of kilobytes)."""
MAX_HEADER_BYTES = 256 * 1024 * 1024
"""Bytes of metadata read in all (Gemma 4's tokenizer: about 16 MB); a path is mapped up to
this many bytes, so a model of any size costs at most this much address space."""
MAX_HEADER_STRINGS = 8_000_000
"""Strings in the metadata in all, kept or skipped (Gemma 4's tokenizer: about 780,000 tokens
and merges): each costs a step of the reader, so this bounds its time as ``MAX_HEADER_BYTES``
bounds its reads (256 MiB of empty strings would be 33 million steps)."""
MAX_KEPT_BYTES = 64 * 1024 * 1024
"""Bytes of the entries a caller keeps (``read_gguf_typed``'s ``keep``), in the file's
encoding, read in all (Gemma 4's tokenizer: about 16 MB; the same as a gzipped vocabulary's
``source.MAX_GUNZIPPED_BYTES``): every other entry is skipped without building its value, so
what the reader builds is bounded by this, not by ``MAX_HEADER_BYTES``."""

_SCALARS = {0: "B", 1: "b", 2: "H", 3: "h", 4: "I", 5: "i", 6: "f", 7: "?", 10: "Q", 11: "q",
            12: "d"}
_STRING, _ARRAY = 8, 9
TYPE_NAMES = {0: "uint8", 1: "int8", 2: "uint16", 3: "int16", 4: "uint32", 5: "int32",
              6: "float32", 7: "bool", 8: "string", 9: "array", 10: "uint64", 11: "int64",
              12: "float64"}
"""GGUF value type numbers and names (``gguf.constants.GGUFValueType``)."""


class GGUFTruncated(VocabFileError):
    """The input ends inside the metadata. ``needed`` is a number of bytes from the start of
    the file that the reader needs at least (a caller sending a prefix sends at least that
    much, then asks again: strings and arrays reveal their length only as they are read)."""

    def __init__(self, message: str, needed: int) -> None:
        super().__init__(message)
        self.needed = needed


class _Reader:
    """Sequential reads from a buffer, every one bounds-checked."""

    def __init__(self, buf, name: str) -> None:
        self.buf, self.name = buf, name
        self.pos, self.order = 0, "<"
        self.budget, self.length = MAX_KEPT_BYTES, 0
        self.strings_left = MAX_HEADER_STRINGS

    def spend(self, n: int, key: str) -> None:
        """Count ``n`` bytes of kept values against the budget, before they are built."""
        self.budget -= n
        if self.budget < 0:
            raise VocabFileError(f"{self.name}: {key}: the entries read hold more than "
                                 f"{MAX_KEPT_BYTES:,} bytes")

    def take(self, n: int, what: str) -> int:
        start, end = self.pos, self.pos + n
        if end > MAX_HEADER_BYTES:
            raise VocabFileError(f"{self.name}: metadata longer than {MAX_HEADER_BYTES:,} bytes "
                                 f"(at {what})")
        if end > len(self.buf):
            raise GGUFTruncated(f"{self.name}: the file ends inside {what} (byte {start:,}; "
                                f"{end:,} bytes needed at least)", end)
        self.pos = end
        return start

    def unpack(self, fmt: str, what: str, count: int = 1):
        size = struct.calcsize(fmt) * count
        start = self.take(size, what)
        return struct.unpack_from(f"{self.order}{count}{fmt}", self.buf, start)

    def count(self, what: str, cap: int) -> int:
        (n,) = self.unpack("Q", what)
        if n > cap:
            raise VocabFileError(f"{self.name}: {what}: {n:,} is more than the limit of {cap:,}")
        return n

    def string(self, what: str) -> str:
        n = self.count(f"the length of {what}", MAX_STRING_BYTES)
        self.spend(n, what)
        start = self.take(n, what)
        data = bytes(self.buf[start:start + n])
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as e:
            raise VocabFileError(f"{self.name}: {what} is not UTF-8 (byte {e.start})") from e

    def value(self, kind: int, key: str, keep: bool, cap: int = MAX_ARRAY_LENGTH):
        if kind in _SCALARS:
            (v,) = self.unpack(_SCALARS[kind], key)
            return v
        if kind == _STRING:
            return self.string(key) if keep else self.skip_string(key)
        if kind != _ARRAY:
            raise VocabFileError(f"{self.name}: {key}: unknown value type {kind}")
        (item,) = self.unpack("I", f"the element type of {key}")
        if item == _ARRAY:  # ggml's gguf.cpp (gguf_init_from_file_impl) refuses them too
            raise VocabFileError(f"{self.name}: {key}: an array of arrays (nested arrays are "
                                 "not GGUF values ggml reads)")
        if item not in _SCALARS and item != _STRING:
            raise VocabFileError(f"{self.name}: {key}: unknown value type {item}")
        n = self.count(f"the length of {key}", cap if keep else MAX_ARRAY_LENGTH)
        self.length = n
        if item == _STRING:
            return self.strings(n, key, keep)
        if not keep:
            self.take(struct.calcsize(_SCALARS[item]) * n, key)
            return None
        self.spend(struct.calcsize(_SCALARS[item]) * n, key)
        return list(self.unpack(_SCALARS[item], key, n))

    def strings(self, n: int, key: str, keep: bool) -> list[str] | None:
        """An array of ``n`` strings (the vocabulary: one tight loop, decoded at the end)."""
        buf, pos, order = self.buf, self.pos, self.order
        length = struct.Struct(f"{order}Q").unpack_from
        limit = min(len(buf), MAX_HEADER_BYTES)
        out: list[bytes] = []
        self.strings_left -= n
        if self.strings_left < 0:
            raise VocabFileError(f"{self.name}: {key}: the metadata holds more than "
                                 f"{MAX_HEADER_STRINGS:,} strings")
        if keep:
            self.spend(8 * n, key)  # the lengths; each string's bytes as it is read
        left = self.budget
        for k in range(n):
            if pos + 8 > limit:
                self.pos = pos
                self.take(8, f"the length of {key}[{k}]")
            (m,) = length(buf, pos)
            if m > MAX_STRING_BYTES:
                raise VocabFileError(f"{self.name}: the length of {key}[{k}]: {m:,} is more "
                                     f"than the limit of {MAX_STRING_BYTES:,}")
            pos += 8
            if pos + m > limit:
                self.pos = pos
                self.take(m, f"{key}[{k}]")
            if keep:
                left -= m
                if left < 0:
                    self.budget = left
                    self.spend(0, key)
                out.append(buf[pos:pos + m].tobytes())
            pos += m
        self.pos, self.budget = pos, left if keep else self.budget
        if not keep:
            return None
        try:
            return [b.decode("utf-8") for b in out]
        except UnicodeDecodeError:
            bad = next(k for k, b in enumerate(out) if not _is_utf8(b))
            raise VocabFileError(f"{self.name}: {key}[{bad}] is not UTF-8") from None

    def skip_string(self, what: str) -> None:
        n = self.count(f"the length of {what}", MAX_STRING_BYTES)
        self.take(n, what)


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def _parse(buf, name: str, keep: tuple[str, ...], caps: dict[str, int] | None = None
           ) -> tuple[dict, int, dict[str, int]]:
    r = _Reader(buf, name)
    caps = caps or {}
    prefixes = tuple(k for k in keep if k.endswith(".") or not k)
    start = r.take(4, "the magic number")
    if bytes(buf[start:start + 4]) != b"GGUF":
        raise VocabFileError(f"{name}: not a GGUF file (it does not start with 'GGUF')")
    (version,) = r.unpack("I", "the version")
    if version & 0xFFFF == 0:  # written for the other byte order (gguf_reader.py does the same)
        r.order = ">"
        version = struct.unpack(">I", struct.pack("<I", version))[0]
    if version not in (2, 3):
        raise VocabFileError(f"{name}: GGUF version {version} is not supported (2 and 3 are)")
    r.unpack("Q", "the tensor count")
    n_kv = r.count("the metadata count", MAX_KV_COUNT)
    found: dict = {}
    lengths: dict[str, int] = {}
    for k in range(n_kv):
        key = r.string(f"metadata key {k}")
        (kind,) = r.unpack("I", f"the type of {key}")
        if kind not in TYPE_NAMES:
            raise VocabFileError(f"{name}: {key}: unknown value type {kind}")
        wanted = key in keep or key.startswith(prefixes)
        start = r.pos
        value = r.value(kind, key, wanted, caps.get(key, MAX_ARRAY_LENGTH))
        if kind == _ARRAY:
            lengths[key] = r.length
        if wanted:
            if key in found:
                raise VocabFileError(f"{name}: {key} is given twice")
            type_name = TYPE_NAMES[kind]
            if kind == _ARRAY:  # value() read the element type, so it is there
                (item,) = struct.unpack_from(f"{r.order}I", buf, start)
                type_name = f"array[{TYPE_NAMES.get(item, item)}]"
            found[key] = (type_name, value)
    return found, r.pos, lengths


def _with_buffer(source, name: str | None, work):
    if isinstance(source, (bytes, bytearray, memoryview)):
        return work(memoryview(source), name or "<upload>")
    name = name or os.fspath(source)
    with open_regular(source, name) as f:
        size = os.fstat(f.fileno()).st_size
        if size == 0:
            raise VocabFileError(f"{name}: the file is empty")
        # map at most the metadata's cap: the tensors are never in the address space
        with mmap.mmap(f.fileno(), min(size, MAX_HEADER_BYTES), access=mmap.ACCESS_READ) as m:
            view = memoryview(m)
            try:
                return work(view, name)
            finally:
                view.release()


def read_gguf_typed(source: str | os.PathLike | bytes, *, name: str | None = None,
                    keep: tuple[str, ...] = ("general.", "tokenizer."),
                    caps: dict[str, int] | None = None) -> dict[str, tuple]:
    """The metadata entries whose keys start with one of ``keep``, with their types.

    Args:
        source: a path (memory-mapped; only the header is read) or bytes: the whole file, or
            a prefix of at least ``header_length`` bytes.
        name: the name for messages (default: the path, or ``"<upload>"``).
        keep: the keys whose values are returned, each a whole key or, ending with ``.`` (or
            empty), a prefix; other entries are checked and skipped without building their
            values. Kept values hold at most ``MAX_KEPT_BYTES`` in all, refused before they
            are built.
        caps: key -> the most elements its array may have (default ``MAX_ARRAY_LENGTH``),
            checked before the array is built.

    Returns:
        key -> ``(type, value)``: ``type`` a name of ``TYPE_NAMES`` (``"uint32"``), or
        ``"array[string]"`` for an array; ``value`` an int, float, bool or str, or for an
        array a list of those.

    Raises:
        GGUFTruncated: (a VocabFileError) if the input ends inside the metadata.
        VocabFileError: for a file that is not GGUF 2 or 3, an unknown value type, an array
            of arrays, text that is not UTF-8, a key given twice, or a count, length or total
            above its cap (each names the key).
        OSError: if the path cannot be read.
    """
    return _with_buffer(source, name, lambda buf, n: _parse(buf, n, keep, caps)[0])


def read_gguf_metadata(source: str | os.PathLike | bytes, *, name: str | None = None,
                       keep: tuple[str, ...] = ("general.", "tokenizer.")) -> dict:
    """``read_gguf_typed`` without the types: key -> value.

    Raises:
        VocabFileError: as ``read_gguf_typed``.
    """
    return {k: v for k, (_, v) in read_gguf_typed(source, name=name, keep=keep).items()}


def array_lengths(source: str | os.PathLike | bytes, *, name: str | None = None
                  ) -> dict[str, int]:
    """The number of elements of every array in the metadata, read without building any
    value (what a caller charges for a tokenizer before it is built).

    Args:
        source: as ``read_gguf_typed``'s.
        name: the name for messages.

    Returns:
        key -> the array's length.

    Raises:
        VocabFileError: as ``read_gguf_typed``.
    """
    return _with_buffer(source, name, lambda buf, n: _parse(buf, n, ())[2])


def header_length(source: str | os.PathLike | bytes, *, name: str | None = None) -> int:
    """How many bytes from the start of the file hold the metadata (where the tensor infos
    begin): the prefix ``load_gguf`` needs.

    A caller holding only the start of a file (a browser slicing it) finds the length by
    asking: send a prefix (say 1 MiB); ``GGUFTruncated.needed`` says the least it must send
    next (send at least double, to bound the round trips), until this returns.

    Raises:
        GGUFTruncated: if ``source`` ends inside the metadata (``needed`` bytes at least).
        VocabFileError: as ``read_gguf_typed``.
    """
    return _with_buffer(source, name, lambda buf, n: _parse(buf, n, ())[1])
