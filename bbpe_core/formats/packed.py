"""What the packed formats share (``packed_bpe``, ``packed_char_bpe``, ``packed_unigram``): a
first line of magic, version and counts, one line of tokenizer.json JSON, then little-endian
binary arrays. A packed
file is a shipped tokenizer.json re-laid so that its vocabulary loads at C speed
(``array.frombytes``) instead of through JSON strings."""

from __future__ import annotations

import json
import sys
from array import array
from itertools import accumulate, chain

from ..source import VocabFileError, read_json_object

__all__ = ["array_bytes", "packed_bytes", "read_array", "read_header", "split_text"]


def read_array(code: str, data: bytes | memoryview) -> array:
    """A little-endian array of ``data`` (whose size is a multiple of the item size).

    Args:
        code: an ``array`` type code (``"H"``, ``"I"``, ``"d"``).
        data: the array's bytes, little-endian.
    """
    values = array(code)
    values.frombytes(data)
    if sys.byteorder == "big":
        values.byteswap()
    return values


def split_text(data: bytes | memoryview, lengths: array, name: str) -> list[str]:
    """The pieces a packed file's UTF-8 text holds, one after another.

    Args:
        data: the pieces' text, UTF-8.
        lengths: each piece's length in characters (code points), in order.
        name: the file's name for messages.

    Raises:
        VocabFileError: if ``data`` is not UTF-8, or its characters are not as many as
            ``lengths`` add up to.
    """
    try:
        text = str(data, "utf-8")
    except UnicodeDecodeError as e:
        raise VocabFileError(f"{name}: the pieces are not UTF-8 text (byte {e.start})") from None
    ends = array("Q", accumulate(lengths))  # C integers: no int object per piece kept meanwhile
    if len(text) != (ends[-1] if ends else 0):
        raise VocabFileError(f"{name}: {len(text):,} characters of pieces, not the "
                             f"{ends[-1] if ends else 0:,} the piece lengths give")
    return list(map(text.__getitem__, map(slice, chain([0], ends), ends)))


def array_bytes(values: array) -> bytes:
    """The bytes of ``values``, little-endian (``values`` is swapped in place on a big-endian
    host)."""
    if sys.byteorder == "big":
        values.byteswap()
    return values.tobytes()


def _line_end(data: bytes, start: int) -> int:
    """Where the line that starts at ``start`` ends: its newline, else the end of ``data``."""
    end = data.find(b"\n", start)
    return len(data) if end < 0 else end


def read_header(data: bytes, name: str, *, magic: bytes, version: bytes, kind: str,
                caps: dict[str, int], in_arrays: tuple[str, ...]
                ) -> tuple[list[int], dict, memoryview]:
    """The counts, the JSON line and the arrays' bytes of a packed file.

    Args:
        data: the whole (uncompressed) file.
        name: the file's name for messages.
        magic, version: what the first line must start with.
        kind: the format's name for messages (``"BPE"``).
        caps: what each count counts (``"tokens"``) -> its largest value, in the order of
            the counts (their number is the counts').
        in_arrays: the ``model`` keys the arrays hold, which the JSON line must not.

    Raises:
        VocabFileError: for another magic or version, a count that is not ASCII digits or
            is above its cap, or a JSON line that is not an object without ``in_arrays``.
    """
    first_end, line_end = _line_end(data, 0), _line_end(data, _line_end(data, 0) + 1)
    first = data[:first_end]
    fields = first.split(b" ")
    if len(fields) != 2 + len(caps) or fields[:2] != [magic, version] or not all(
            f.isdigit() and len(f) <= 12 for f in fields[2:]):  # ASCII digits, bytes.isdigit
        raise VocabFileError(f"{name}: not a packed {kind} file of version {version.decode()} "
                             f"(first line {first[:60]!r})")
    counts = list(map(int, fields[2:]))
    for count, (what, cap) in zip(counts, caps.items()):
        if count > cap:
            raise VocabFileError(f"{name}: more than {cap:,} {what}")
    doc, _ = read_json_object(data[first_end + 1:line_end], name=name)
    model = doc.get("model")
    if isinstance(model, dict) and any(key in model for key in in_arrays):
        raise VocabFileError(f"{name}: {' and '.join(f'model.{k}' for k in in_arrays)} "
                             "belong in the arrays")
    return counts, doc, memoryview(data)[line_end + 1:]  # the arrays, not copied


def packed_bytes(doc: dict, parts: list[bytes], *, magic: bytes, version: bytes,
                 counts: list[int], in_arrays: tuple[str, ...]) -> bytes:
    """A packed file: the first line, ``doc`` without the ``model`` keys ``in_arrays`` as one
    line of JSON, then ``parts`` (the arrays' bytes) in order.

    Args:
        doc: the tokenizer.json object.
        parts: the binary sections, already little-endian.
        magic, version: the first line's start.
        counts: the first line's counts.
        in_arrays: the ``model`` keys the arrays hold.
    """
    model = {k: v for k, v in doc["model"].items() if k not in in_arrays}
    head = b" ".join([magic, version, *(b"%d" % count for count in counts)])
    line = json.dumps({**doc, "model": model}, ensure_ascii=False, separators=(",", ":"))
    return b"".join([head, b"\n", line.encode("utf-8"), b"\n", *parts])
