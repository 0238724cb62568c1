"""Compare encodings: the same text under several encodings, and where their cuts differ."""

from __future__ import annotations

from dataclasses import dataclass

from bbpe_core import Encoding, TokenSpan

from .analysis import analyse

__all__ = ["Comparison", "compare", "differing_ends"]


@dataclass(frozen=True)
class Comparison:
    """One encoding's result on the shared text.

    Attributes:
        name: the encoding's name.
        n_tokens: tokens in the text.
        spans: the tokens (up to the cap given to ``compare``).
        lost: characters of the text the encoding cannot represent (``Analysis.lost``): its
            count is not comparable with the others'.
    """

    name: str
    n_tokens: int
    spans: list[TokenSpan]
    lost: int = 0


def compare(encodings: dict[str, Encoding], text: str, mode: str,
            max_tokens: int) -> list[Comparison]:
    """Encode ``text`` with each encoding (``analysis.analyse`` for each).

    Args:
        encodings: name -> encoding.
        text: the text.
        mode: a key of ``analysis.SPECIAL_MODES``.
        max_tokens: tokens described per encoding.

    Returns:
        One ``Comparison`` per encoding, in the given order.
    """
    results = [(name, analyse(enc, text, mode, max_tokens)) for name, enc in encodings.items()]
    return [Comparison(name, r.n_tokens, r.spans, r.lost) for name, r in results]


def differing_ends(results: list[Comparison]) -> dict[str, frozenset[int]]:
    """Per encoding, the token end offsets that not every other encoding shares.

    Only offsets up to the shortest described prefix count, so a cap on drawn
    tokens never shows as a difference.

    >>> from bbpe_core import get_encoding
    >>> rs = compare({n: get_encoding(n) for n in ("gpt2", "cl100k_base")}, "    x",
    ...              "as plain text", 10)
    >>> sorted(differing_ends(rs)["gpt2"])  # gpt2 cuts "   " into three spaces
    [1, 2]
    """
    limit = min((r.spans[-1].end for r in results if r.spans), default=0)
    ends = {r.name: {s.end for s in r.spans if s.end <= limit} for r in results}
    shared = set.intersection(*ends.values()) if ends else set()
    return {name: frozenset(e - shared) for name, e in ends.items()}
