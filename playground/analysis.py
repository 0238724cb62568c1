"""What the playground shows for one text: counts of the whole text, details of its start.

One run of the pipeline (``Encoding.encode_rich``) gives the counts of the whole text and
the per-token details, which stop at ``MAX_RENDER_TOKENS`` so a 1 MB paste never builds
hundreds of thousands of spans for the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bbpe_core import Encoded, Encoding, TokenSpan

__all__ = ["MAX_RENDER_TOKENS", "SPECIAL_MODES", "Analysis", "analyse", "normalized_chunks",
           "special_kwargs"]

MAX_RENDER_TOKENS = 3000
"""How many tokens the page draws at most; counts always cover the whole text."""

SPECIAL_MODES = {
    "as special tokens": {"allowed_special": "all"},
    "as plain text": {"disallowed_special": ()},
}
"""How special-token text in the input is encoded: Tiktokenizer encodes it as special
tokens (one id each); OpenAI's tokenizer page encodes it as plain text."""


def special_kwargs(mode: str) -> dict:
    """``encode`` keyword arguments for a mode of ``SPECIAL_MODES``.

    Raises:
        KeyError: for an unknown mode.
    """
    return SPECIAL_MODES[mode]


@dataclass(frozen=True)
class Analysis:
    """Counts of a whole text and the tokens to draw.

    Attributes:
        n_tokens: tokens in the whole text.
        n_chars: characters (code points).
        n_bytes: UTF-8 bytes.
        spans: the first ``MAX_RENDER_TOKENS`` tokens with their details.
        normalized: chunk index -> normalized text, for the drawn chunks the normalizer
            changed (BERT's lowercasing, SentencePiece's ``▁`` for spaces).
        lost: characters of the whole text the encoding cannot represent (its unknown
            token stands for them: ``Encoded.lost``).
    """

    n_tokens: int
    n_chars: int
    n_bytes: int
    spans: list[TokenSpan]
    normalized: dict[int, str] = field(default_factory=dict)
    lost: int = 0

    @property
    def truncated(self) -> bool:
        """Whether fewer tokens are drawn than the text has."""
        return len(self.spans) < self.n_tokens

    @property
    def chars_per_token(self) -> float:
        """Characters per token (0.0 for an empty text)."""
        return self.n_chars / self.n_tokens if self.n_tokens else 0.0


def analyse(enc: Encoding, text: str, mode: str, max_tokens: int = MAX_RENDER_TOKENS) -> Analysis:
    """Encode ``text`` for display, running the pipeline once (``Encoding.encode_rich``).

    Args:
        enc: the encoding.
        text: the user's text (any size; Streamlit text is valid UTF-8).
        mode: a key of ``SPECIAL_MODES``.
        max_tokens: how many tokens to describe in detail.

    Returns:
        The ``Analysis``.

    Raises:
        ValueError, PatternTimeoutError: as ``Encoding.encode`` (e.g. a user
            pattern that runs out of time).
    """
    out = enc.encode_rich(text, max_tokens=max_tokens, **special_kwargs(mode))
    return Analysis(len(out.ids), len(text), len(text.encode("utf-8", "surrogatepass")),
                    out.tokens, normalized_chunks(out), out.lost)


def normalized_chunks(out: Encoded) -> dict[int, str]:
    """Chunk index -> normalized text, for the chunks of the drawn tokens the normalizer
    changed.

    Args:
        out: the text encoded (``Encoding.encode_rich``).
    """
    last = out.tokens[-1].chunk if out.tokens else -1
    return {k: c.text for k, c in enumerate(out.chunks[:last + 1]) if c.normalized}
