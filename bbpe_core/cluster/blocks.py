"""Files as blocks: paths and globs through fsspec, byte ranges cut only at line starts.

A line start is a position right after a newline (``\\n``) that follows a character other
than whitespace, where a letter (``\\p{L}``) begins: ``"end.\\nNext"``. Every shipped
encoding's pre-tokenizer ends a chunk there and reads nothing across it (a chunk never joins a
newline to a following letter, and the character before the newline keeps GPT-2's
``\\s+(?!\\S)`` from taking a run of whitespace whole at the end of a piece), so counting the
pieces of a text cut at line starts gives the count of the whole text. A file larger than
one block is cut into byte ranges of about ``block_size`` bytes: block ``k`` runs from the
first line start at or after ``k * block_size`` to the first one at or after ``(k + 1) *
block_size`` (the file's start and end for the first and last). Each worker finds its own
ends by reading a little past them, so blocks never overlap and never miss a byte (as dask's
``read_bytes`` does with a delimiter). A file with no line starts (CRLF line ends, one long
line) is read as one block. This module reads bytes; it does not decode or count them (see
``tasks``), nor know of Dask.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import fsspec
import regex

__all__ = ["Block", "FileEntry", "NoFilesError", "expand", "find_line_start", "is_line_start",
           "plan_blocks", "read_block"]

_LETTER = regex.compile(r"\p{L}")
_SPACE = regex.compile(r"\s")
_CANDIDATE = re.compile(rb"[^\t\n\x0b\x0c\r ]\n(?=[A-Za-z\x80-\xff])")  # then is_line_start
_WINDOW = 1 << 16  # bytes read at a time while looking for a line start
_GLOB_CHARS = "*?["


class NoFilesError(ValueError):
    """A glob matched no file."""


@dataclass(frozen=True)
class FileEntry:
    """One file to read.

    Attributes:
        path: the name shown to users (as typed, or as a glob expanded it).
        url: what fsspec opens, on the client or on a worker.
        size: bytes, or 0 when ``error`` is set.
        error: why the file cannot be read ("" if it can).
    """

    path: str
    url: str
    size: int = 0
    error: str = ""


@dataclass(frozen=True)
class Block:
    """A byte range of one file, to be cut at line starts by the worker that reads it.

    Attributes:
        path: the file's shown name.
        url: what fsspec opens.
        start, end: nominal byte offsets (``0 <= start < end <= size``); the block really
            runs from the first line start at or after ``start`` (0 for the first block)
            to the first at or after ``end`` (the file's end for the last).
        size: the file's size in bytes.
    """

    path: str
    url: str
    start: int
    end: int
    size: int


def _entry(path: str, fs, inner: str) -> FileEntry:
    """A file's entry, refused by name unless it is a regular file (fsspec's ``type``
    ``"file"``, a symlink's target's): a device (``/dev/zero``), FIFO or socket has no size, so
    it would be counted as empty, or read without end, or block its reader for ever; so is
    a file whose size the filesystem does not tell."""
    url = fs.unstrip_protocol(inner)
    try:
        info = fs.info(inner)
        if info["type"] == "directory":
            return FileEntry(path, url, error="is a directory")
        if info["type"] != "file":
            return FileEntry(path, url, error="not a regular file (a device, FIFO or socket)")
        if not isinstance(info.get("size"), int):
            return FileEntry(path, url, error="its size is unknown")
        return FileEntry(path, url, size=info["size"])
    except FileNotFoundError:
        return FileEntry(path, url, error="no such file")
    except OSError as e:
        return FileEntry(path, url, error=str(e) or type(e).__name__)


def expand(paths: list[str]) -> list[FileEntry]:
    """Expand paths, URLs and globs into files with their sizes, in the order given (a
    glob's matches sorted).

    Args:
        paths: local paths or fsspec URLs (``memory://``, ``s3://`` with s3fs installed...),
            each possibly a glob (``*``, ``?``, ``[``).

    Returns:
        One entry per file; a file that cannot be read (missing, a directory, an unknown
        protocol, a driver not installed) has ``error`` set, so the others still count.

    Raises:
        NoFilesError: if a glob matches no file.
    """
    entries = []
    for path in paths:
        try:
            fs, inner = fsspec.core.url_to_fs(path)
        except (ImportError, ValueError) as e:  # unknown protocol, driver not installed
            entries.append(FileEntry(path, path, error=str(e)))
            continue
        if not any(c in inner for c in _GLOB_CHARS):
            entries.append(_entry(path, fs, inner))
            continue
        matches = sorted(m for m in fs.glob(inner) if not fs.isdir(m))
        if not matches:
            raise NoFilesError(f"no files match {path}")
        local = fs.protocol in ("file", ("file", "local"))
        entries.extend(_entry(m if local else fs.unstrip_protocol(m), fs, m) for m in matches)
    return entries


def plan_blocks(entry: FileEntry, block_size: int | None) -> list[Block]:
    """The blocks of one readable file: one per ``block_size`` bytes (at least one).

    Args:
        entry: a file without ``error``.
        block_size: nominal bytes per block, or None to read the file whole.

    >>> [(b.start, b.end) for b in plan_blocks(FileEntry("a", "a", 25), 10)]
    [(0, 10), (10, 20), (20, 25)]
    """
    step = block_size or max(entry.size, 1)
    starts = range(0, max(entry.size, 1), step)
    return [Block(entry.path, entry.url, s, min(s + step, entry.size), entry.size) for s in starts]


def is_line_start(data: bytes, i: int) -> bool:
    """Whether ``data[i - 1]`` is a newline after a character other than whitespace, and a
    letter's UTF-8 bytes begin at ``data[i]``.

    >>> [i for i in range(12) if is_line_start(b"a\\nb\\n1\\n \\nc\\nd", i)]
    [2, 10]
    """
    if not (2 <= i < len(data) and data[i - 1] == 0x0A):
        return False
    before = data[max(i - 5, 0):i - 1].decode("utf-8", "replace")[-1:]
    return not _SPACE.match(before) and bool(
        _LETTER.match(data[i:i + 4].decode("utf-8", "replace")[:1]))


def find_line_start(f, pos: int, size: int) -> int:
    """The first line start at or after byte ``pos`` of an open binary file, or ``size``.

    The answer depends only on the file's bytes and ``pos`` (never on how it is read), so
    two blocks that meet agree on where.
    """
    if pos <= 0:
        return 0
    while pos < size:
        base = max(pos - 5, 0)  # 4 bytes before the newline, to see the character there
        f.seek(base)
        data = f.read(pos - base + _WINDOW + 3)  # and 3 past a line start, to see a letter
        for m in _CANDIDATE.finditer(data, max(pos - base - 2, 0)):
            i = m.start() + 2
            if base + i >= pos + _WINDOW:
                break
            if is_line_start(data, i):
                return base + i
        pos += _WINDOW
    return size


def read_block(block: Block) -> tuple[int, bytes]:
    """The bytes of a block, from its first line start to the next block's, and the offset
    where they start.

    Raises:
        OSError: if the file cannot be opened or read (FileNotFoundError if it is gone).
    """
    with fsspec.open(block.url, "rb") as f:
        start = find_line_start(f, block.start, block.size)
        end = block.size if block.end >= block.size else find_line_start(f, block.end, block.size)
        if end <= start:
            return start, b""
        f.seek(start)
        return start, f.read(end - start)
