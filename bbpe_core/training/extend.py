"""Extending a vocabulary with new pieces, as Chinese-LLaMA extended LLaMA's.

- SentencePiece encodings (BPE or Unigram, ``sentencepiece_save.sentencepiece_model_of``):
  the recipe of ymcui/Chinese-LLaMA-Alpaca's ``scripts/merge_tokenizer/merge_tokenizers.py``:
  each new piece not already in the base is appended as a NORMAL piece with score 0, so
  its id comes after the base's and the base's pieces are untouched. In a BPE model a
  score of 0 is above every base piece's (they are negative): the new pieces merge first
  wherever the pieces they are made of meet. (In a Unigram model, score 0 is log
  probability 0: a new piece wins wherever it fits; the recipe was written for BPE.)
  A BPE read from a tokenizer.json keeps its merge list, after the new pieces' merges
  (``generate_merges`` of the new pieces: each split into two pieces), the tokenizer.json
  form of score 0 (a merge list is read by rank, first first).
- A base whose ``.model`` cannot be written or read (``sentencepiece_save``: T5's and
  umT5's HF stages, Gemma 2's missing byte piece) is extended in its tokenizer.json form,
  with HF's semantics: a Unigram (T5, umT5) gets the new pieces appended to ``model.vocab``
  with score 0; a BPE with byte fallback (Gemma 2) gets them appended to ``model.vocab``
  and their merges put before the base's. The others, read back as a ``.model``, follow
  sentencepiece: among pairs of score 0 the leftmost merges first, where HF takes the
  lower merge rank, so HF may give other ids on their tokenizer.json where two new pieces
  compete (``tests/test_extend.py``).
- In either BPE form a new piece is made only by joining two parts that are pieces, or in
  sentencepiece single characters: in HF tokenizers a character that is no piece falls
  back to bytes before any merge, so a new piece holding one is never made there (append
  its characters too, as a trained model has them).
- Byte-level BPE encodings (tiktoken-style ranks or a merge list): the analogue, which is
  this project's, not a published recipe: each new piece (``▁`` read as a space) is first
  cut by the base's own merges; then its parts are joined left to right, each join a new
  merge (and token) appended after the base's ranks, ids after the base's largest.
  Base tokens and merges are untouched, so a text without the new pieces encodes as before
  unless a new merge joins two base tokens it meets.

Not here: training the pieces (``training.unigram``), saving (``sentencepiece_save``,
``formats.hf_json``).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

from ..encoding import Encoding
from ..formats.hf_char_bpe import load_hf_char_bpe
from ..formats.hf_unigram import load_hf_unigram
from ..formats.sentencepiece import load_sentencepiece_model
from ..formats.sentencepiece_model import Piece, write_sentencepiece_model
from ..formats.sentencepiece_save import (
    generate_merges,
    sentencepiece_model_of,
    tokenizer_json_of_model,
)
from ..formats.unigram_json import hf_unigram_tokenizer_json
from ..models.base import UNIGRAM
from ..models.bpe import merge_ranked
from ..normalizers.replace import SPACE_MARK
from ..pre_tokenizers import RegexSplit
from ..validate import MAX_PIECE_BYTES

__all__ = ["MAX_NEW_PIECES", "extend_vocabulary"]

MAX_NEW_PIECES = 1_000_000
"""The most pieces ``extend_vocabulary`` adds at once."""


def _checked(pieces: Iterable[str]) -> list[str]:
    out: list[str] = []
    for piece in pieces:
        if not isinstance(piece, str):
            raise TypeError(f"extend_vocabulary: pieces must be str, got {type(piece).__name__}")
        if not piece or "\0" in piece or len(piece.encode("utf-8")) >= MAX_PIECE_BYTES:
            raise ValueError(f"extend_vocabulary: piece {piece[:20]!r} is empty, holds NUL or "
                             f"has {MAX_PIECE_BYTES:,} bytes or more (validate.MAX_PIECE_BYTES)")
        out.append(piece)
        if len(out) > MAX_NEW_PIECES:
            raise ValueError(f"extend_vocabulary: over {MAX_NEW_PIECES:,} pieces")
    return out


def _new(pieces: list[str], known: set[str]) -> list[str]:
    """The pieces not in ``known``, each once, in order."""
    added = []
    for piece in pieces:
        if piece not in known:
            known.add(piece)
            added.append(piece)
    return added


def _extend_hf_unigram(base: Encoding, pieces: list[str], name: str) -> Encoding:
    """A Unigram read from a tokenizer.json (T5, umT5), extended in that form."""
    doc = hf_unigram_tokenizer_json(base)
    vocab = doc["model"]["vocab"]
    table = base.vocab
    known = {p for p, _ in vocab} | set(table.special_tokens) | set(table.added_tokens)
    doc["model"]["vocab"] = vocab + [[p, 0.0] for p in _new(pieces, known)]
    return load_hf_unigram(doc, name)


def _extend_sentencepiece(base: Encoding, pieces: list[str], name: str) -> Encoding:
    """A SentencePiece BPE or Unigram extended by the recipe (see the module)."""
    encoder = base.encoder
    if base.model_kind == UNIGRAM and encoder.flavour == "hf":
        return _extend_hf_unigram(base, pieces, name)
    model = sentencepiece_model_of(base)
    added = _new(pieces, {p.piece for p in model.pieces})
    model = replace(model, pieces=model.pieces + tuple(Piece(p, 0.0, "NORMAL") for p in added))
    new_merges = [(left, right) for left, right in generate_merges(model, set(added))]
    base_merges = getattr(encoder, "merges", None)
    byte_pieces = sum(p.type == "BYTE" for p in model.pieces)
    if not model.byte_fallback or byte_pieces == 256:  # a .model sentencepiece reads
        extended = load_sentencepiece_model(write_sentencepiece_model(model), name=name)
        if base_merges is not None:  # read from a tokenizer.json: its merges stay, after the new
            extended.encoder.merges = new_merges + list(base_merges)
        return extended
    merges = new_merges + [tuple(pair) for pair in base_merges or ()]  # Gemma 2: no .model
    extended = load_hf_char_bpe(tokenizer_json_of_model(model, merges), name, merges,
                                base.pattern_timeout)
    extended.encoder.scores = {p.piece: p.score for p in model.pieces}  # for a .model
    return extended


def _extend_byte_level(base: Encoding, pieces: list[str], name: str) -> Encoding:
    ranks = dict(base.mergeable_ranks)  # the base's is shared
    merges = base.merges
    next_id = base.max_token_value + 1
    for piece in pieces:
        parts = merge_ranked(piece.replace(SPACE_MARK, " ").encode("utf-8"), ranks)
        joined = parts[0]
        for part in parts[1:]:
            left, joined = joined, joined + part
            if joined not in ranks:
                ranks[joined] = next_id
                next_id += 1
                if merges is not None:
                    merges.append((left, part))
    stage = base.pre_tokenizer
    plain = isinstance(stage, RegexSplit) and stage.pat_str == base.pat_str
    return Encoding(
        name, pat_str=base.pat_str, mergeable_ranks=ranks, special_tokens=base.special_tokens,
        merges=merges, add_prefix_space=base.add_prefix_space,
        ignore_merges=base.ignore_merges, pattern_timeout=base.pattern_timeout,
        normalizer=base.normalizer, pre_tokenizer=None if plain else stage,
        added_tokens=base.added_tokens, post_processor=base.post_processor)


def extend_vocabulary(base: Encoding, pieces: Iterable[str], *, name: str | None = None
                      ) -> Encoding:
    """A new encoding: ``base`` with ``pieces`` appended (see the module for the two recipes).

    Args:
        base: a SentencePiece encoding (BPE or Unigram) or a byte-level BPE encoding.
        pieces: the new pieces, in order, written as SentencePiece writes them (``▁`` for
            a space); those already in ``base`` are skipped.
        name: the new encoding's name (``base.name + "_extended"`` if None).

    Returns:
        The extended encoding; ``save_sentencepiece_model`` / ``save_hf_tokenizer_json`` write
        it so that the reference library gives its ids.

    Raises:
        TypeError: if a piece is not a str.
        ValueError: for an empty piece, one holding NUL or of ``validate.MAX_PIECE_BYTES``
            bytes or more (the one piece cap of every loader), over ``MAX_NEW_PIECES`` pieces,
            or a base that is neither kind (named).

    >>> import bbpe_core
    >>> base = bbpe_core.get_encoding("gpt2")
    >>> enc = extend_vocabulary(base, ["▁你好"])
    >>> len(base.encode(" 你好")), len(enc.encode(" 你好"))
    (5, 1)
    """
    new = _checked(pieces)
    name = base.name + "_extended" if name is None else name
    if base.byte_level:
        return _extend_byte_level(base, new, name)
    return _extend_sentencepiece(base, new, name)
