"""The token table of a SentencePiece ``.model``, for both of its model kinds (BPE:
``sentencepiece``; Unigram: ``sentencepiece_unigram``).

Per piece id: its piece string; the bytes it decodes to (``▁`` -> a space, ``<0xNN>`` -> that
byte); the bytes of normalized text it stands for (``surface``). CONTROL and UNKNOWN pieces are
special tokens (the library never matches them in text); what they decode to is the one rule
that differs between the callers.
"""

from __future__ import annotations

from ..normalizers.replace import SPACE_MARK
from ..source import VocabFileError
from ..token_table import BYTE_PIECES, TokenTable
from .sentencepiece_model import SentencePieceModel

__all__ = ["piece_table"]


def piece_table(model: SentencePieceModel, name: str, *, control: bytes | None = None,
                unknown: bytes | None = None) -> tuple[TokenTable, dict[str, int], dict[int, int]]:
    """The token table of a ``.model``'s pieces.

    Args:
        model: what ``read_sentencepiece_model`` returned.
        name: the encoding's name (also used in messages).
        control, unknown: the bytes a CONTROL piece and the UNKNOWN piece decode to (the
            Unigram loader: nothing, and the library's `` ⁇ ``); None decodes them as their
            own text, as special tokens do (the BPE loader).

    Returns:
        ``(table, special, byte_ids)``: the table; special-token text -> id (the CONTROL
        and UNKNOWN pieces); byte value -> id of its BYTE piece.

    Raises:
        VocabFileError: for a BYTE piece that is not ``<0xNN>``, or pieces the table refuses.
    """
    pieces = {i: p.piece for i, p in enumerate(model.pieces)}
    token_bytes: dict[int, bytes] = {}
    surface: dict[int, bytes] = {}
    special: dict[str, int] = {}
    byte_ids: dict[int, int] = {}
    for i, p in enumerate(model.pieces):
        if p.type in ("CONTROL", "UNKNOWN"):
            special[p.piece] = i
            decoded = control if p.type == "CONTROL" else unknown
            if decoded is not None:
                token_bytes[i] = decoded
        elif p.type == "BYTE":
            value = BYTE_PIECES.get(p.piece)
            if value is None:
                raise VocabFileError(f"{name}: BYTE piece {p.piece!r} (id {i}) is not <0xHH>")
            byte_ids[value] = i
            token_bytes[i] = surface[i] = bytes([value])
        else:
            token_bytes[i] = p.piece.replace(SPACE_MARK, " ").encode("utf-8")
            surface[i] = p.piece.encode("utf-8")
    try:
        table = TokenTable(name, pieces, token_bytes, special, surface=surface)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
    return table, special, byte_ids
