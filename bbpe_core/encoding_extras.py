"""The rest of tiktoken's ``Encoding`` API (tiktoken 0.14.0, ``tiktoken/core.py``): batch
decoding, offsets, numpy output, the token byte values, special-id tests and the unstable
encode, as a base class of ``encoding.Encoding``, defined on its stages.

For every model kind they mean what they mean in tiktoken: a token's bytes are what it
contributes to the decoded text (the decoder's ``decode_parts``: a SentencePiece dummy
prefix's space removed, WordPiece's ``##`` joined), so ``decode_with_offsets`` gives offsets
into ``decode``'s text for SentencePiece and WordPiece too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

from . import unstable
from .special import AllowedSpecial, DisallowedSpecial

if TYPE_CHECKING:
    from .decoders import Decoder
    from .encoding import Encoding
    from .models.base import Vocabulary

__all__ = ["TiktokenExtras"]


class _Stages(Protocol):
    """What these methods read of an ``Encoding`` (the type of ``self`` in a base class)."""

    vocab: Vocabulary
    decoder: Decoder | None
    _special_ids: frozenset[int]

    def encode(self, text: str, *, allowed_special: AllowedSpecial = ...,
               disallowed_special: DisallowedSpecial = ...) -> list[int]: ...

    def decode(self, tokens: Sequence[int], errors: str = ...) -> str: ...

    def decode_bytes(self, tokens: Sequence[int]) -> bytes: ...

    def decode_tokens_bytes(self, tokens: Sequence[int]) -> list[bytes]: ...


def _text_length(data: bytes) -> int:
    """Characters in UTF-8 ``data`` counted as tiktoken does: bytes that do not continue a
    character (``0x80 <= b < 0xC0`` continues one)."""
    return sum(1 for b in data if not 0x80 <= b < 0xC0)


class TiktokenExtras:
    """tiktoken's batch, offset, numpy, byte-value and unstable methods (a base class of
    ``Encoding``; each method documents its tiktoken counterpart)."""

    def decode_with_offsets(self: _Stages, tokens: Sequence[int]) -> tuple[str, list[int]]:
        """Decode ids to text with the character offset where each token starts
        (tiktoken's ``decode_with_offsets``): a token that begins inside a character (a
        byte-level token holding its later bytes) gets the offset of that character.

        Args:
            tokens: the ids.

        Returns:
            ``(text, offsets)``: ``text`` is ``decode(tokens, errors="strict")``; one offset
            per id, into ``text``, in code points.

        Raises:
            UnicodeDecodeError: if the ids' bytes are not valid UTF-8 (as tiktoken).
            KeyError: for an unknown id (named).

        >>> from bbpe_core import get_encoding
        >>> get_encoding("cl100k_base").decode_with_offsets([15339, 1917])
        ('hello world', [0, 5])
        """
        parts = (self.decode_tokens_bytes(tokens) if self.decoder is None
                 else self.decoder.decode_parts(self.vocab, tokens))  # type: ignore[arg-type]
        offsets, length = [], 0
        for part in parts:
            offsets.append(max(0, length - (bool(part) and 0x80 <= part[0] < 0xC0)))
            length += _text_length(part)
        return b"".join(parts).decode("utf-8", errors="strict"), offsets

    def decode_batch(self: _Stages, batch: Sequence[Sequence[int]], *,
                     errors: str = "replace", num_threads: int = 8) -> list[str]:
        """``decode`` of each id list (tiktoken's ``decode_batch``; ``num_threads`` is
        accepted for its signature: pure Python decodes in this thread, in order).

        Raises:
            KeyError: for an unknown id (named).
        """
        return [self.decode(tokens, errors=errors) for tokens in batch]

    def decode_bytes_batch(self: _Stages, batch: Sequence[Sequence[int]], *,
                           num_threads: int = 8) -> list[bytes]:
        """``decode_bytes`` of each id list (tiktoken's ``decode_bytes_batch``).

        Raises:
            KeyError: for an unknown id (named).
        """
        return [self.decode_bytes(tokens) for tokens in batch]

    def encode_to_numpy(self: _Stages, text: str, *,
                        allowed_special: AllowedSpecial = frozenset(),
                        disallowed_special: DisallowedSpecial = "all") -> Any:
        """``encode`` as a numpy array of ``uint32`` (tiktoken's ``encode_to_numpy``);
        numpy is imported only here.

        Raises:
            ImportError: if numpy is not installed.
            TypeError, ValueError: as ``encode``.
        """
        import numpy as np

        ids = self.encode(text, allowed_special=allowed_special,
                          disallowed_special=disallowed_special)
        return np.array(ids, dtype=np.uint32)

    def token_byte_values(self: _Stages) -> list[bytes]:
        """The bytes of every ordinary token (not special or added), sorted, each value
        once (tiktoken's ``token_byte_values``: the keys of ``mergeable_ranks``, sorted)."""
        return list(unstable.sorted_token_bytes(self.vocab))

    def is_special_token(self: _Stages, token: int) -> bool:
        """Whether ``token`` is the id of a special token (tiktoken's ``is_special_token``;
        added tokens that are not special give False).

        Raises:
            TypeError: if ``token`` is not an int.
        """
        if not isinstance(token, int) or isinstance(token, bool):
            raise TypeError(f"token must be an int, not {type(token).__name__}")
        return token in self._special_ids

    def encode_with_unstable(self: _Stages, text: str, *,
                             allowed_special: AllowedSpecial = frozenset(),
                             disallowed_special: DisallowedSpecial = "all",
                             ) -> tuple[list[int], list[list[int]]]:
        """Stable ids and the possible completions of a text whose end may change
        (tiktoken's ``encode_with_unstable``; ``unstable`` has the algorithm).

        Args:
            text, allowed_special, disallowed_special: as for ``encode``.

        Returns:
            ``(stable_ids, completions)``: completions in no set order, as tiktoken's.

        Raises:
            NotImplementedError: if the encoding is not byte-level BPE.
            TypeError, ValueError: as ``encode``.

        >>> from bbpe_core import get_encoding
        >>> enc = get_encoding("cl100k_base")
        >>> stable, completions = enc.encode_with_unstable("hello fanta")
        >>> stable, all(enc.decode(stable + c).startswith("hello fanta") for c in completions)
        ([15339], True)
        """
        enc: Encoding = self  # type: ignore[assignment]  # only Encoding derives from this
        return unstable.encode_with_unstable(enc, text, allowed_special, disallowed_special)
