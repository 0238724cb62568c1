"""Decoding ids back to bytes and text: the ``Encoding`` methods tiktoken users know.

A mixin of ``Encoding`` (see ``encoding``); it reads the encoding's id -> bytes table.
Decoding is lossless at the bytes level (``decode_bytes``); ``decode`` is lossy where the
bytes are not valid UTF-8 (a character cut by the end of the list).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["DecodeMethods"]


class DecodeMethods:
    """``decode``, ``decode_bytes``, ``decode_single_token_bytes``, ``decode_tokens_bytes``."""

    def decode_single_token_bytes(self, token: int) -> bytes:
        """The bytes of one id (special tokens give their UTF-8 text).

        Raises:
            KeyError: if the id is unknown or unassigned (the message names it).
            TypeError: if ``token`` is not an int.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").decode_single_token_bytes(995)
        b' world'
        """
        if not isinstance(token, int):
            raise TypeError(f"token ids are ints, not {type(token).__name__}: {token!r}")
        try:
            return self._decoder[token]
        except KeyError:
            raise KeyError(
                f"token id {token} is not in {self.name} (ids run 0..{self.max_token_value}, "
                "some unassigned)"
            ) from None

    def decode_tokens_bytes(self, tokens: Sequence[int]) -> list[bytes]:
        """The bytes of each id; same errors as ``decode_single_token_bytes``."""
        return [self.decode_single_token_bytes(t) for t in tokens]

    def decode_bytes(self, tokens: Sequence[int]) -> bytes:
        """Decode ids to bytes: lossless, even where tokens cut a character.

        Raises:
            KeyError: for an unknown id (named).
        """
        return b"".join(self.decode_tokens_bytes(tokens))

    def decode(self, tokens: Sequence[int], errors: str = "replace") -> str:
        """Decode ids to text.

        WARNING: lossy with the default ``errors="replace"``: bytes that are not valid
        UTF-8 (a sequence cut inside a character) become U+FFFD. Decode whole
        sequences, not token by token; use ``decode_bytes`` for the exact bytes.

        Args:
            tokens: the ids.
            errors: as for ``bytes.decode`` (``"strict"`` raises UnicodeDecodeError).

        Raises:
            KeyError: for an unknown id (named).

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").decode([31373, 995])
        'hello world'
        """
        return self.decode_bytes(tokens).decode("utf-8", errors=errors)
