"""What the playground shows for one text: counts of the whole text, details of its start.

Counting uses ``Encoding.encode`` over the whole text; the per-token details
(``encode_detailed``) stop at ``MAX_RENDER_TOKENS`` so a 1 MB paste never builds
hundreds of thousands of spans for the browser.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bbpe_core import Encoding, TokenSpan
from bbpe_core.viewer import iter_chunks
from bbpe_core.viewer.spans import lost_characters

__all__ = ["MAX_RENDER_TOKENS", "SPECIAL_MODES", "Analysis", "analyse", "lost_in",
           "normalized_chunks", "special_kwargs"]

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
            token stands for them: ``lost_in``).
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
    """Encode ``text`` for display.

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
    kwargs = special_kwargs(mode)
    ids = enc.encode(text, **kwargs)
    spans = enc.encode_detailed(text, max_tokens=max_tokens, **kwargs)
    return Analysis(len(ids), len(text), len(text.encode("utf-8", "surrogatepass")), spans,
                    normalized_chunks(enc, text, spans, kwargs), lost_in(enc, text, ids, spans,
                                                                         kwargs))


def lost_in(enc: Encoding, text: str, ids: list[int], spans: list[TokenSpan], kwargs: dict
            ) -> int:
    """Characters of ``text`` the encoding cannot represent: those its unknown tokens stand
    for (``bbpe_core.viewer.spans.lost_characters``). The whole text is described again only
    when ``ids`` hold the unknown id and ``spans`` are not all of them.

    Args:
        enc, text: as for ``analyse``.
        ids: ``text``'s ids (``encode`` with ``kwargs``).
        spans: its first tokens described (``encode_detailed`` with ``kwargs``).
        kwargs: the special-token arguments.
    """
    unk = enc.encoder.unk_id
    if unk is None or unk not in ids:
        return 0
    whole = spans if len(spans) == len(ids) else enc.encode_detailed(text, **kwargs)
    return lost_characters(whole)


def normalized_chunks(enc: Encoding, text: str, spans: list[TokenSpan], kwargs: dict
                      ) -> dict[int, str]:
    """Chunk index -> normalized text, for the chunks of ``spans`` the normalizer changed.

    Args:
        enc, text: as for ``analyse``.
        spans: the drawn tokens (their chunks are the ones looked at).
        kwargs: the special-token arguments ``encode_detailed`` had.
    """
    if enc.normalizer is None or not spans:
        return {}
    last = spans[-1].chunk
    return {k: c.text for k, c in zip(range(last + 1), iter_chunks(enc, text, **kwargs))
            if c.normalized}
