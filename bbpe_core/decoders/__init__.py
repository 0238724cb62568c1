"""Decoders: the pipeline stage that turns the joined bytes of ids back into the text's bytes.

Byte-level BPE needs none (a token's bytes are the text's bytes). A SentencePiece model's
pieces decode one by one (``▁`` to a space, ``<0xE4>`` to its byte: HF's ``Replace``,
``ByteFallback`` and ``Fuse`` decoders, kept as each id's bytes in ``token_table``); what is
left for the whole sequence is removing the space the dummy prefix added, HF's ``Strip``
decoder (``tokenizers/src/decoders/strip.rs``), as SentencePiece's ``DecodeIds`` drops the
leading ``▁`` of the first piece.

Every decoder has ``decode_parts(table, ids)``: the bytes each id contributes to the decoded
text, in order (what ``Encoding.decode_with_offsets`` reads), and ``decode_ids(table, ids)``,
their join, what ``Encoding.decode_bytes`` calls: ``Strip`` over the bytes of the ids,
``models.wordpiece.model.WordPieceDecoder`` over their piece strings (a WordPiece's ``##`` is not
in its bytes).

>>> Strip(" ", start=1).decode(b"  hello")
b' hello'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from ..models.base import Vocabulary

__all__ = ["Decoder", "SentencePieceStrip", "Strip", "join_parts"]


class Decoder(Protocol):
    """The decoder stage as ``Encoding`` uses it."""

    def decode_parts(self, table: Vocabulary, ids: Sequence[int]) -> list[bytes]:
        """The bytes each id contributes to the decoded text (``b""`` for an id it leaves
        out), one per id, in order: their join is ``decode_ids``.

        Args:
            table: the encoding's token table (``token_bytes``, ``token_str``).
            ids: the ids.

        Raises:
            KeyError: for an unknown id (named); TypeError: for an id that is not an int.
        """

    def decode_ids(self, table: Vocabulary, ids: Sequence[int]) -> bytes:
        """The text's bytes for ``ids`` (errors as ``decode_parts``)."""


def join_parts(decoder: Decoder, table: Vocabulary, ids: Sequence[int]) -> bytes:
    """``decoder.decode_parts`` joined: what every decoder's ``decode_ids`` returns.

    Args:
        decoder: the decoder.
        table: the encoding's vocabulary.
        ids: the ids.

    Raises:
        KeyError, TypeError: as ``decode_parts``.
    """
    return b"".join(decoder.decode_parts(table, ids))


class Strip:
    """Remove up to ``start`` leading and ``stop`` trailing copies of one character.

    Args:
        content: the character (HF's ``Strip.content``), e.g. ``" "``.
        start: how many copies to remove at the start.
        stop: how many copies to remove at the end.

    Raises:
        ValueError: if ``content`` is not one character or a count is negative.
    """

    def __init__(self, content: str, start: int = 0, stop: int = 0) -> None:
        if not isinstance(content, str) or len(content) != 1 or start < 0 or stop < 0:
            raise ValueError(f"Strip needs one character and counts >= 0, not {content!r}, "
                             f"{start!r}, {stop!r}")
        self.content, self.start, self.stop = content, start, stop
        self._char = content.encode("utf-8")

    def __repr__(self) -> str:
        return f"Strip({self.content!r}, start={self.start}, stop={self.stop})"

    def decode(self, data: bytes) -> bytes:
        """The bytes with the leading and trailing copies removed (as many as there are, up
        to the counts)."""
        char, size = self._char, len(self._char)
        begin, end = 0, len(data)
        for _ in range(self.start):
            if not data.startswith(char, begin, end):
                break
            begin += size
        for _ in range(self.stop):
            if end - size < begin or not data.startswith(char, end - size, end):
                break
            end -= size
        return data[begin:end]

    def decode_parts(self, table: Vocabulary, ids: Sequence[int]) -> list[bytes]:
        """Each id's bytes with the copies ``decode`` removes taken from the first and last
        ones (``Decoder.decode_parts``; errors as ``Vocabulary.token_bytes``)."""
        parts = list(map(table.token_bytes, ids))
        self._strip_parts(parts, self.start, lambda data: data.startswith(self._char),
                          lambda data: data[len(self._char):])
        parts.reverse()
        self._strip_parts(parts, self.stop, lambda data: data.endswith(self._char),
                          lambda data: data[:-len(self._char)])
        parts.reverse()
        return parts

    @staticmethod
    def _strip_parts(parts: list[bytes], count: int, has: Callable[[bytes], bool],
                     cut: Callable[[bytes], bytes]) -> None:
        """Remove up to ``count`` copies from the front of ``parts``, a part at a time, as
        ``decode`` does from the joined bytes (an empty part is passed over)."""
        at = 0
        while count and at < len(parts):
            if not parts[at]:
                at += 1
            elif has(parts[at]):
                parts[at] = cut(parts[at])
                count -= 1
            else:
                return

    def decode_ids(self, table: Vocabulary, ids: Sequence[int]) -> bytes:
        """``decode`` over the joined bytes of the ids (errors as ``Vocabulary.token_bytes``)."""
        return join_parts(self, table, ids)


class SentencePieceStrip:
    """The ``sentencepiece`` library's rule for the spaces a decoded text starts with
    (``SentencePieceProcessor::Decode``, 0.2.3): while nothing has been written, each
    piece's leading space (its ``▁``) is dropped; without ``remove_extra_whitespaces`` only
    the first one is. Byte pieces are written as they are; so are the unknown and control
    pieces, which also end a dropped space's turn.

    Args:
        remove_extra_whitespaces: the model's ``normalizer_spec`` flag.
        byte_ids: the ids of the ``<0xNN>`` pieces.
        verbatim_ids: the ids of the UNKNOWN and CONTROL pieces.
    """

    def __init__(self, remove_extra_whitespaces: bool, byte_ids: frozenset[int],
                 verbatim_ids: frozenset[int] = frozenset()) -> None:
        self.remove_extra_whitespaces = remove_extra_whitespaces
        self.byte_ids = byte_ids
        self.verbatim_ids = verbatim_ids

    def __repr__(self) -> str:
        return f"SentencePieceStrip(remove_extra_whitespaces={self.remove_extra_whitespaces})"

    def decode_parts(self, table: Vocabulary, ids: Sequence[int]) -> list[bytes]:
        """Each id's bytes, a dropped space taken from its piece (``Decoder.decode_parts``;
        errors as ``Vocabulary.token_bytes``)."""
        parts: list[bytes] = []
        at_start, written, stripped = True, False, False
        for i in ids:
            data = table.token_bytes(i)
            if i not in self.byte_ids:
                at_start = at_start and not stripped and not written
                stripped = False
                if at_start and i not in self.verbatim_ids and data.startswith(b" "):
                    data = data[1:]
                    stripped = not self.remove_extra_whitespaces
            written = written or bool(data)
            parts.append(data)
        return parts

    def decode_ids(self, table: Vocabulary, ids: Sequence[int]) -> bytes:
        """The text's bytes (errors as ``Vocabulary.token_bytes``)."""
        return join_parts(self, table, ids)
