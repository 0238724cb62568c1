"""The vocabulary of a model that is not byte-level: each id's piece string, the bytes it
decodes to, and the text it matches in the normalized text.

Byte-level BPE (``vocab.Vocab``) keys its tokens by their bytes, and a token's bytes are what
it matches. A SentencePiece model (or WordPiece) keys them by piece strings as its file writes
them (``▁hello``, ``<0xE4>``, ``##ing``), and three things differ per id:

- ``pieces[id]``: the piece string, shown by viewers (where byte-level shows ``Ġ`` strings);
- ``id_to_bytes[id]``: the bytes it decodes to (``▁`` -> a space, ``<0xE4>`` -> byte 0xE4);
- ``surface[id]``: the UTF-8 bytes of normalized text it stands for (``▁hello`` -> the bytes
  of ``▁hello``, ``<0xE4>`` -> byte 0xE4), which lets a viewer give it a character span.

``TokenTable`` and ``Vocab`` follow one interface, ``models.base.Vocabulary``
(``special_tokens``, ``added_tokens``, ``whole_tokens``, ``whole_ids``, ``id_to_bytes``,
``surface``, ``max_token_value``, ``token_bytes``, ``token_str``, ``token_id``, ...), so
either plugs into an ``Encoding``. It does no encoding (see ``encoders``).

>>> table = TokenTable("t", {0: "<unk>", 1: "▁a", 2: "<0xE4>"}, {1: b" a", 2: b"\\xe4"},
...                    {"<unk>": 0}, surface={1: "▁a".encode(), 2: b"\\xe4"})
>>> table.token_str(1), table.token_bytes(1), table.token_id("▁a"), table.token_id(b" a")
('▁a', b' a', 1, 1)
"""

from __future__ import annotations

from functools import cached_property
from itertools import chain

from .validate import BYTE_PIECES, check_ids, check_whole_tokens

__all__ = ["BYTE_PIECES", "TokenTable", "byte_value", "lookup_bytes"]


def byte_value(piece: str) -> int | None:
    """The byte a byte-fallback piece ``<0xHH>`` stands for, or None for another piece.

    Raises:
        ValueError: for a piece HF's ``ByteFallback`` decoder would read as a byte but that
            is not written ``<0xHH>`` (``<0xe4>``, ``<0x+1>``): sentencepiece's rule.

    >>> byte_value("<0xE4>"), byte_value("▁a")
    (228, None)
    """
    if len(piece) == 6 and piece.startswith("<0x") and piece.endswith(">"):
        if piece not in BYTE_PIECES:  # HF's ByteFallback decoder reads "<0xe4>", "<0x+1>" too
            raise ValueError(f"piece {piece!r} is not a byte piece as <0xHH> writes one")
        return BYTE_PIECES[piece]
    return None


def lookup_bytes(id_to_bytes: dict[int, bytes], token: int, name: str,
                 max_token_value: int) -> bytes:
    """``id_to_bytes[token]``, with the errors ``Encoding.decode_single_token_bytes`` promises.

    Raises:
        TypeError: if ``token`` is not an int.
        KeyError: if the id is unknown or unassigned (the message names it and ``name``).
    """
    if not isinstance(token, int):
        raise TypeError(f"token ids are ints, not {type(token).__name__}: {token!r}")
    try:
        return id_to_bytes[token]
    except KeyError:
        raise KeyError(
            f"token id {token} is not in {name} (ids run 0..{max_token_value}, some unassigned)"
        ) from None


class TokenTable:
    """Token tables of a model keyed by piece strings, checked once (a
    ``models.base.Vocabulary``).

    Args:
        name: the encoding's name (for messages).
        pieces: id -> piece string as the model's file writes it, every id (special,
            added and control pieces included).
        token_bytes: id -> the bytes it decodes to; a special or added token not listed
            decodes to its UTF-8 text. Kept as given (not copied) when it lists every
            special and added token, so the caller must not change it afterwards.
        special_tokens: text -> id of tokens matched only when allowed (tiktoken's rules).
        added_tokens: text -> id of non-special tokens matched whole in any raw text.
        surface: id -> UTF-8 bytes of the normalized text the piece stands for; default
            ``token_bytes``; kept as given when it lists every id ``token_bytes`` does.

    Raises:
        ValueError: if an id is not an int in ``0..validate.MAX_TOKEN_ID``, there are too
            many special and added tokens (``validate.check_whole_tokens``), a special or
            added token is not among ``pieces`` under its id, a text is both special and
            added, or ``token_bytes`` names an unknown id.
    """

    merges = None
    ignore_merges = False
    missing = b""
    """No single byte is missing: a piece model spells what no piece covers otherwise."""
    form = "piece"
    """What ``token_str`` writes: the piece string."""

    def __init__(self, name: str, pieces: dict[int, str], token_bytes: dict[int, bytes],
                 special_tokens: dict[str, int], added_tokens: dict[str, int] | None = None,
                 surface: dict[int, bytes] | None = None) -> None:
        added_tokens = dict(added_tokens or {})
        if set(added_tokens) & set(special_tokens):
            raise ValueError("a token is both special and added: "
                             f"{sorted(set(added_tokens) & set(special_tokens))[0]!r}")
        self.whole_tokens = {**added_tokens, **special_tokens}  # matched whole in raw text
        check_ids("token", list(pieces), unique=False)  # dict keys: unique already
        check_ids("special or added token", list(self.whole_tokens.values()), unique=False)
        check_whole_tokens(self.whole_tokens)
        if not token_bytes.keys() <= pieces.keys():
            unknown = next(i for i in token_bytes if i not in pieces)
            raise ValueError(f"id {unknown} has bytes but no piece")
        self.name = name
        self.pieces = pieces
        self.special_tokens = dict(special_tokens)
        self.added_tokens = added_tokens
        # the given tables themselves where they already hold every id (Gemma's 262,145: no
        # copies of them), else a copy with the rest added
        whole_bytes = {i: s.encode("utf-8") for s, i in self.whole_tokens.items()
                       if i not in token_bytes}
        self.id_to_bytes = {**whole_bytes, **token_bytes} if whole_bytes else token_bytes
        self.surface = self.id_to_bytes if surface is None else (
            surface if surface.keys() >= self.id_to_bytes.keys()
            else {**self.id_to_bytes, **surface})
        self.whole_ids = frozenset(self.whole_tokens.values())  # shown as their text
        self.max_token_value: int = max(chain(pieces, self.id_to_bytes))
        self._token_bytes = token_bytes

    @cached_property
    def piece_ids(self) -> dict[str, int]:
        """Piece string -> id (built on first use: loading stays fast)."""
        return dict(zip(self.pieces.values(), self.pieces.keys()))

    @property
    def part_ids(self) -> dict[str, int]:
        """A merge's parts are piece strings: ``piece_ids``."""
        return self.piece_ids

    @cached_property
    def _bytes_ids(self) -> dict[bytes, int]:
        """Bytes -> the lowest id that is not a byte piece, else the lowest byte piece's."""
        token_bytes = self._token_bytes
        byte_pieces = sorted(i for i in token_bytes if self.pieces[i] in BYTE_PIECES)
        others = sorted(token_bytes.keys() - set(byte_pieces), reverse=True)
        found = dict(zip(map(token_bytes.__getitem__, others), others))
        for i in byte_pieces:
            found.setdefault(token_bytes[i], i)
        return found

    def token_bytes(self, token: int) -> bytes:
        """The bytes of one id (special and added tokens give their UTF-8 text).

        Raises:
            TypeError: if ``token`` is not an int.
            KeyError: if the id is unknown (the message names it).
        """
        return lookup_bytes(self.id_to_bytes, token, self.name, self.max_token_value)

    def token_str(self, token: int) -> str:
        """How a viewer shows one id: its piece string (``▁hello``, ``<0xE4>``)."""
        return self.pieces[token]

    def token_id(self, text_or_bytes: str | bytes) -> int:
        """The id of a whole token's text, a piece string, or the bytes one piece decodes to
        (where several do, the lowest id that is not a byte piece: ``b"A"`` is ``A``'s, not
        ``<0x41>``'s).

        Raises:
            KeyError: if it is none of them.
        """
        if isinstance(text_or_bytes, str):
            found = self.whole_tokens.get(text_or_bytes, self.piece_ids.get(text_or_bytes))
        else:
            found = self._bytes_ids.get(text_or_bytes)
        if found is None:
            raise KeyError(f"{text_or_bytes!r} is not a single token of {self.name}")
        return found

