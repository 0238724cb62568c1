"""The Merge trace page's view of a Unigram encoding: the lattice of a word instead of merges.

A Unigram model (Kudo 2018) has no merges: every vocabulary piece that matches part of the
normalized text is an edge of a lattice, scored by its log-probability, and the encoding is
the path of highest total score (Viterbi, as sentencepiece's ``unigram_model.cc`` runs it).
The edges and the path come from the encoder itself (``UnigramEncoder.lattice`` and
``best_path``); nothing is recomputed here.

>>> from bbpe_core import get_encoding
>>> rows = lattice_rows(get_encoding("t5"), "hi")
>>> [(r["piece"], r["best path"]) for r in rows if r["best path"]]
[('▁hi', True)]
"""

from __future__ import annotations

from bbpe_core import Encoding

__all__ = ["MAX_LATTICE_CHARS", "lattice_rows", "normalized", "piece_scores"]

MAX_LATTICE_CHARS = 200
"""Normalized characters drawn at most (the text input allows 200 too)."""


def normalized(enc: Encoding, text: str) -> str:
    """``text`` as the encoding's normalizer hands it to the model (``▁`` for spaces)."""
    return enc.normalizer.normalize(text) if enc.normalizer else text


def lattice_rows(enc: Encoding, text: str) -> list[dict]:
    """One row per lattice edge of ``text`` after normalization.

    Args:
        enc: an encoding whose ``encoder`` is a ``UnigramEncoder``.
        text: a word or short text (no special tokens).

    Returns:
        ``{"start", "end", "piece", "id", "score", "best path"}`` per edge, by start then
        length; ``start``/``end`` are character offsets into the normalized text, ``id`` is
        -1 for an unknown character in a model without an unknown piece.

    Raises:
        ValueError: if the normalized text has more than ``MAX_LATTICE_CHARS`` characters.
    """
    norm = normalized(enc, text)
    if len(norm) > MAX_LATTICE_CHARS:
        raise ValueError(f"The normalized text has {len(norm)} characters; at most "
                         f"{MAX_LATTICE_CHARS} are drawn.")
    model = enc.encoder
    best = set(model.best_path(norm))
    return [{"start": s, "end": e, "piece": norm[s:e] if i < 0 else model.pieces[i], "id": i,
             "score": round(score, 4),
             "best path": (s, e, i) in best or (i == model.unk_id and (s, e, -1) in best)}
            for s, e, i, score in model.lattice(norm)]


def piece_scores(enc: Encoding) -> list[float] | None:
    """Each piece's score as the Unigram model's Viterbi uses it (its log-probability), by
    id, or None if ``enc`` is not a Unigram encoding.

    >>> from bbpe_core import get_encoding
    >>> piece_scores(get_encoding("gpt2")) is None, round(piece_scores(get_encoding("t5"))[1364], 4)
    (True, -9.7624)
    """
    from ..model_kind import model_kind
    return list(enc.encoder.scores) if model_kind(enc) == "Unigram" else None
