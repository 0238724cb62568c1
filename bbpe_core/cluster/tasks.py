"""What a worker runs on one block: decode it once, then count tokens for every encoding
(``count_block``) or count its chunks for training (``chunk_block``).

A block's text is encoded in pieces of about ``PIECE_CHARS`` characters cut at line starts
(where every encoding allowed to be cut ends a chunk, see ``encodings``), so a 64 MB block
never holds all its ids at once. Errors a user can cause (a file gone, bytes that are not
UTF-8, a pattern past its timeout) come back in the result, named, never raised, so the other
files' counts are kept.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import regex

from ..pre_tokenizers.patterns import PatternTimeoutError
from ..training import count_chunks
from .blocks import Block, read_block
from .encodings import EncodingSpec, load

__all__ = ["BlockCount", "PIECE_CHARS", "chunk_block", "count_block", "decode", "each_block",
           "pieces"]

PIECE_CHARS = 1 << 20
_LINE_START = regex.compile(r"(?<=\S\n)(?=\p{L})")  # as ``blocks.is_line_start``


@dataclass(frozen=True)
class BlockCount:
    """What one block held.

    Attributes:
        path: the file's shown name.
        characters: code points after decoding.
        bytes: bytes read.
        tokens: tokens per encoding, in the order asked (empty for training).
        replaced: U+FFFD characters put in for bytes that are not UTF-8.
        chunks: chunk -> count (training only).
        error: why the block could not be counted ("" if it was).
    """

    path: str
    characters: int = 0
    bytes: int = 0
    tokens: tuple[int, ...] = ()
    replaced: int = 0
    chunks: Counter = field(default_factory=Counter)
    error: str = ""


def decode(data: bytes, offset: int, errors: str) -> tuple[str, int, str]:
    """Decode UTF-8 bytes read at byte ``offset`` of a file.

    Args:
        errors: ``"strict"`` (refuse bytes that are not UTF-8) or ``"replace"`` (U+FFFD).

    Returns:
        ``(text, replaced, error)``: the U+FFFD characters put in, and a message if refused.

    >>> decode(b"a\\xffb", 10, "replace")
    ('a\\ufffdb', 1, '')
    >>> decode(b"a\\xffb", 10, "strict")[2]
    'not UTF-8 at byte 11; --errors replace counts it with U+FFFD'
    """
    try:
        return data.decode("utf-8"), 0, ""
    except UnicodeDecodeError as e:
        if errors == "strict":
            return "", 0, (f"not UTF-8 at byte {offset + e.start}; "
                           "--errors replace counts it with U+FFFD")
    text = data.decode("utf-8", "replace")
    return text, text.count("\ufffd") - data.count("\ufffd".encode()), ""


def pieces(text: str, size: int | None = PIECE_CHARS) -> list[str]:
    """Cut ``text`` at the first line start after every ``size`` characters (None: whole).

    >>> pieces("ab\\ncd\\n1\\nef\\n\\ngh", 2)
    ['ab\\n', 'cd\\n1\\n', 'ef\\n\\ngh']
    """
    if size is None:
        return [text]
    out, start = [], 0
    while start < len(text):
        m = _LINE_START.search(text, start + size) if start + size < len(text) else None
        end = m.start() if m else len(text)
        out.append(text[start:end])
        start = end
    return out


def each_block(task, blocks: list[Block], *args) -> list[BlockCount]:
    """Run ``task(block, *args)`` on each of a batch of blocks (small files travel as one
    task: a task costs the scheduler milliseconds, a small file microseconds to count).

    Returns:
        One result per block, in order; each names its own error, so one bad file in a
        batch does not change the others' counts.
    """
    return [task(block, *args) for block in blocks]


def _read(block: Block, errors: str) -> tuple[str, int, int, str]:
    try:
        offset, data = read_block(block)
    except OSError as e:
        return "", 0, 0, str(e) or type(e).__name__
    text, replaced, error = decode(data, offset, errors)
    return text, len(data), replaced, error


def count_block(block: Block, specs: list[EncodingSpec], errors: str,
                piece_chars: int | None = PIECE_CHARS) -> BlockCount:
    """Tokens of one block in every encoding, with its characters and bytes.

    Args:
        block: the byte range to read.
        specs: the encodings (each loaded once per worker).
        errors: ``"strict"`` or ``"replace"``, for bytes that are not UTF-8.
        piece_chars: encode in pieces of about this many characters (None: whole; only
            for encodings that cut at line starts).
    """
    text, size, replaced, error = _read(block, errors)
    if error:
        return BlockCount(block.path, error=error)
    parts = pieces(text, piece_chars)
    try:
        tokens = tuple(sum(len(load(s).encode_ordinary(p)) for p in parts) for s in specs)
    except PatternTimeoutError as e:
        return BlockCount(block.path, error=str(e))
    return BlockCount(block.path, len(text), size, tokens, replaced)


def chunk_block(block: Block, pat_str: str | None, errors: str,
                piece_chars: int | None = PIECE_CHARS) -> BlockCount:
    """The chunks of one block (training's map step, ``training.count_chunks``).

    Args:
        block, errors, piece_chars: as ``count_block``.
        pat_str: the split pattern, or None for whole texts as chunks.
    """
    text, size, replaced, error = _read(block, errors)
    if error:
        return BlockCount(block.path, error=error)
    return BlockCount(block.path, len(text), size, (), replaced,
                      count_chunks(pieces(text, piece_chars), pat_str))
