"""Reading vocabulary files safely: size caps, gzip, sha256, and file:line errors.

Every loader in ``formats`` (and a model kind's own file, ``models.wordpiece.vocab_txt``)
reads through here, so a user's upload and a shipped file get the same checks. Nothing is
unpickled, ever. It sits below ``formats`` and the model kinds, as ``validate`` does.
"""

from __future__ import annotations

import gzip
import hashlib
import io
import json
import os
import re
import stat
from collections.abc import Callable, Iterator
from typing import BinaryIO

__all__ = [
    "read_json_object","VocabFileError", "read_bytes", "numbered_lines", "check_json_size",
    "check_no_lone_surrogates", "open_regular", "parse_digits"]

MAX_GUNZIPPED_BYTES = 64 * 1024 * 1024
"""A .gz vocabulary may expand to at most this many bytes (o200k_base: 3.6 MB)."""
MAX_JSON_CONTAINERS = 1_000_000
"""Arrays and objects a JSON vocabulary may hold, counted as ``[`` and ``{`` bytes before it is
parsed (Gemma 3's tokenizer.json: 524,276, its merges as pairs)."""
MAX_JSON_ITEMS = 3_000_000
"""Arrays, objects and commas a JSON vocabulary may hold, counted before it is parsed: a bound
on the values ``json.loads`` would build (Gemma 3's tokenizer.json: 1,862,983)."""


class VocabFileError(ValueError):
    """A vocabulary file is malformed; the message names the file and, where it
    applies, the line."""


def open_regular(path: str | os.PathLike, name: str) -> BinaryIO:
    """Open a path for reading only if it is a regular file, without blocking.

    ``open`` on a FIFO waits for a writer, and a device (``/dev/zero``) never ends; the file is
    opened with ``O_NONBLOCK`` and checked with ``fstat`` on the open descriptor, so what is
    checked is what is read.

    Args:
        path: the file's path.
        name: the name for messages.

    Returns:
        The file, opened in binary mode (the caller closes it).

    Raises:
        VocabFileError: if the path is not a regular file (a device, FIFO, socket, directory).
        OSError: if the path cannot be opened.
    """
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise VocabFileError(f"{name}: not a regular file (a device, FIFO or socket)")
        return os.fdopen(fd, "rb")
    except BaseException:
        os.close(fd)
        raise


def read_bytes(
    source: str | os.PathLike | bytes,
    *,
    name: str | None = None,
    max_bytes: int | None = None,
    expected_hash: str | None = None,
) -> tuple[bytes, str]:
    """Read a file's content (or take bytes already read), gunzipping ``.gz``.

    Args:
        source: a path, or the file's content as bytes (an upload).
        name: the name to use in messages (default: the path, or ``"<upload>"``).
        max_bytes: refuse content larger than this many bytes, before parsing.
        expected_hash: hex sha256 of the (uncompressed) content, checked if given.

    Returns:
        ``(content, name)``.

    Raises:
        VocabFileError: if too large, not a regular file (``open_regular``), not valid gzip,
            or the hash differs.
        OSError: if the path cannot be read.
    """
    if isinstance(source, bytes):
        data, name = source, name or "<upload>"
    else:
        name = name or os.fspath(source)
        with open_regular(source, name) as f:
            if max_bytes is not None and os.fstat(f.fileno()).st_size > max_bytes:
                raise VocabFileError(f"{name}: larger than the limit of {max_bytes:,} bytes")
            data = f.read() if max_bytes is None else f.read(max_bytes + 1)
    if max_bytes is not None and len(data) > max_bytes:
        raise VocabFileError(f"{name}: larger than the limit of {max_bytes:,} bytes")
    if data[:2] == b"\x1f\x8b":
        try:
            with gzip.GzipFile(fileobj=io.BytesIO(data)) as g:
                data = g.read(MAX_GUNZIPPED_BYTES + 1)
        except (OSError, EOFError) as e:
            raise VocabFileError(f"{name}: not a valid gzip file ({e})") from e
        if len(data) > MAX_GUNZIPPED_BYTES:
            raise VocabFileError(f"{name}: expands to more than {MAX_GUNZIPPED_BYTES:,} bytes")
    if expected_hash is not None:
        actual = hashlib.sha256(data).hexdigest()
        if actual != expected_hash:
            raise VocabFileError(
                f"{name}: sha256 is {actual}, expected {expected_hash}; the file is damaged "
                "or not the one this encoding ships"
            )
    return data, name


def check_json_size(data: bytes, name: str) -> None:
    """Refuse JSON that would build too many Python objects, before ``json.loads`` builds any.

    Counts ``[``, ``{`` and ``,`` bytes (inside strings too, so the counts are upper
    bounds): every value but the first of an array or object follows a comma, so these
    bound the number of values, and an object's keys are at most as many. A 64 MB file of
    ``[],[],...`` would otherwise build 21 million lists (over 1.7 GB).

    Args:
        data: the JSON text's bytes.
        name: the file's name for messages.

    Raises:
        VocabFileError: if more than ``MAX_JSON_CONTAINERS`` arrays and objects or more
            than ``MAX_JSON_ITEMS`` arrays, objects and commas.
    """
    containers = data.count(b"[") + data.count(b"{")
    if containers > MAX_JSON_CONTAINERS:
        raise VocabFileError(f"{name}: more than {MAX_JSON_CONTAINERS:,} JSON arrays and "
                             "objects; refused before parsing")
    if containers + data.count(b",") > MAX_JSON_ITEMS:
        raise VocabFileError(f"{name}: more than {MAX_JSON_ITEMS:,} JSON values; refused "
                             "before parsing")


_LONE_SURROGATE = re.compile(
    rb"(?<!\\)(?:\\\\)*\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])"
    rb"|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})(?<!\\)(?:\\\\)*\\u[dD][c-fC-F][0-9a-fA-F]{2}")
"""A ``\\uD800``-``\\uDFFF`` escape that is not half of a pair (a high then a low half)."""


def check_no_lone_surrogates(data: bytes, name: str) -> None:
    """Refuse JSON that escapes half a surrogate pair, as HF tokenizers' JSON reader
    (serde_json: "lone leading surrogate in hex escape") and UTF-8 do: such a string cannot
    be encoded, so a normalizer, piece or token holding one would break every encode.

    Args:
        data: the JSON text's bytes.
        name: the file's name for messages.

    Raises:
        VocabFileError: naming the byte offset of the first lone half.
    """
    if b"\\ud" in data or b"\\uD" in data:
        found = _LONE_SURROGATE.search(data)
        if found:
            raise VocabFileError(f"{name}: a lone surrogate escape "
                                 f"{found.group().decode()[-6:]!r} at byte {found.start():,}")


def parse_digits(text: str, name: str, what: str) -> int:
    """A non-negative integer written in ASCII digits only, as the formats write them.

    ``int()`` also reads ``+3``, ``3_00``, `` 3`` and digits of other scripts
    (``"٣"``); a vocabulary file that uses them is malformed, not a different number.

    Args:
        text: the digits.
        name: the file's name for messages.
        what: the field or line, for messages (``"line 7 rank"``).

    Raises:
        VocabFileError: unless ``text`` is 1 to 12 ASCII digits.

    >>> parse_digits("300", "f", "rank")
    300
    """
    if not (0 < len(text) <= 12 and text.isascii() and text.isdigit()):
        raise VocabFileError(f"{name}: {what} {text[:20]!r} is not a non-negative integer "
                             "in ASCII digits")
    return int(text)


def numbered_lines(data: bytes, name: str) -> Iterator[tuple[int, str]]:
    """Yield ``(line_number, line)`` of UTF-8 text, CRLF or LF, final newline optional.

    Args:
        data: the file's bytes.
        name: the file's name for messages.

    Raises:
        VocabFileError: if the content is not UTF-8 (names the byte offset).
    """
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise VocabFileError(f"{name}: not UTF-8 text (byte {e.start})") from e
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    for number, line in enumerate(lines, start=1):
        yield number, line.removesuffix("\r")


def read_json_object(
    source: str | os.PathLike | bytes,
    *,
    name: str | None = None,
    max_bytes: int | None = None,
    expected_hash: str | None = None,
    parse_float: Callable[[str], object] | None = None,
) -> tuple[dict, str]:
    """Read a file (as ``read_bytes``) that must hold one JSON object.

    Args:
        parse_float: reads each JSON number with a fraction or exponent (``json.loads``'),
            e.g. the way the library that wrote the file reads it; None for ``float``.

    Returns:
        ``(object, name)``.

    Raises:
        VocabFileError: as ``read_bytes``, ``check_json_size`` and
            ``check_no_lone_surrogates``, for JSON that does not
            parse (or nests too deeply), or for a JSON value that is not an object.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    check_json_size(data, name)
    check_no_lone_surrogates(data, name)
    try:
        doc = json.loads(data, parse_float=parse_float)
    except (ValueError, RecursionError) as e:
        raise VocabFileError(f"{name}: not valid JSON ({e})") from e
    if not isinstance(doc, dict):
        raise VocabFileError(f"{name}: expected a JSON object")
    return doc, name
