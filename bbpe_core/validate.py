"""Consistency checks of a vocabulary before an ``Encoding`` is built from it.

Vocabularies may come from users' files, so every check fails with a
``ValueError`` that says what is wrong, never an ``assert`` or a later KeyError.
This module reads no files; the loaders in ``formats`` name file and line.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Container, Sequence
from itertools import chain, starmap

__all__ = ["BYTE_PIECES", "MAX_MERGES", "MAX_PIECE_BYTES", "MAX_TOKEN_ID", "MAX_VOCAB_ENTRIES",
           "MAX_WHOLE_TOKENS", "MAX_WHOLE_TOKEN_CHARS", "check_ids", "check_known_ids",
           "check_piece_texts", "check_pieces", "check_scores", "check_vocab",
           "check_whole_tokens"]

MAX_TOKEN_ID = 10_000_000
"""Largest id accepted (o200k's largest is 200,018): bounds what a file can ask for."""
MAX_VOCAB_ENTRIES = 524_288
"""Tokens or pieces a vocabulary file may list, checked before the loader builds its tables
(Gemma 3: 262,144 pieces; o200k_base: 199,998 tokens): a 1.4-million-piece tokenizer.json of
6 MB gzipped needed 650 MB to load."""
MAX_MERGES = 1_048_576
"""Merges a vocabulary file may list, checked likewise (Gemma 2: 580,604; Gemma 3: 514,906)."""
MAX_WHOLE_TOKENS = 32_768
"""Special and added tokens (and SentencePiece's user-defined and control pieces) a vocabulary
may have: they are matched whole by one compiled pattern (Jurassic-2's .model: 26,093; Gemma
3's tokenizer.json: 6,415)."""
MAX_WHOLE_TOKEN_CHARS = 524_288
"""Characters those tokens may hold in all (Jurassic-2's: 456,600; Gemma 3's: 75,802), which
bounds that pattern."""
MAX_PIECE_BYTES = 8_000
"""A piece or token read from a ``.model``, a GGUF file or a Unigram tokenizer.json must be
shorter than this many UTF-8 bytes: sentencepiece's ``kMaxPieceSize``
(``model_interface.cc``, ``InitializePieces``), the one cap of every such loader (the longest
in llama.cpp's test vocabularies: 1,024 bytes; in Jurassic-2's ``.model``: 220)."""
BYTE_PIECES = {f"<0x{b:02X}>": b for b in range(256)}
"""The byte pieces and their bytes: exactly ``<0x%02X>`` (sentencepiece's ``ByteToPiece`` and
``PieceToByte``, ``model_interface.cc``), so ``<0xe4>`` or ``<0x+1>`` is no byte piece."""
_WHOLE_TYPES = ("UNKNOWN", "CONTROL", "USER_DEFINED")
"""SentencePiece piece types matched whole (user-defined) or kept as special tokens."""


def check_whole_tokens(texts: Collection[str]) -> None:
    """Check that tokens matched whole in text are few and short enough to compile into one
    pattern within a bounded time and memory.

    Args:
        texts: the tokens' texts.

    Raises:
        ValueError: for more than ``MAX_WHOLE_TOKENS`` tokens, or more than
            ``MAX_WHOLE_TOKEN_CHARS`` characters in all.
    """
    if len(texts) > MAX_WHOLE_TOKENS:
        raise ValueError(f"{len(texts):,} special, added or user-defined tokens, more than "
                         f"{MAX_WHOLE_TOKENS:,}")
    chars = sum(map(len, texts))
    if chars > MAX_WHOLE_TOKEN_CHARS:
        raise ValueError(f"special, added or user-defined tokens of {chars:,} characters in "
                         f"all, more than {MAX_WHOLE_TOKEN_CHARS:,}")


def check_piece_texts(texts: Sequence[str], field: str = "pieces", *, nul: bool = False,
                      empty: bool = False) -> None:
    """Check that every piece or token is non-empty and shorter than ``MAX_PIECE_BYTES``: an
    empty one is matched at every position or never, and one of ``MAX_PIECE_BYTES`` bytes or
    more is what sentencepiece refuses to load.

    Args:
        texts: the pieces, in id order.
        field: the file's field that lists them, for the message (``"tokenizer.ggml.tokens"``).
        nul: also refuse a piece holding NUL (sentencepiece's ``InitializePieces`` does).
        empty: accept empty pieces (a tokenizer.json Unigram's: umT5 lists two, which HF
            tokenizers never matches).

    Raises:
        ValueError: naming the field and the first such piece's id.
    """
    if not texts:
        raise ValueError(f"{field}: no pieces")
    if (empty or all(texts)) and 4 * max(map(len, texts)) < MAX_PIECE_BYTES and not (
            nul and "\0" in "".join(texts)):
        return  # checked at C speed; else the loop names the first fault
    for i, text in enumerate(texts):
        if (not text and not empty) or (nul and "\0" in text) or \
                len(text.encode("utf-8")) >= MAX_PIECE_BYTES:
            what = [*([] if empty else ["is empty"]), *(["holds NUL"] if nul else []),
                    f"has {MAX_PIECE_BYTES:,} bytes or more"]
            raise ValueError(f"{field}: piece {i} {', '.join(what[:-1])}"
                             f"{' or ' if len(what) > 1 else ''}{what[-1]}")


def check_scores(scores: Sequence[float], texts: Sequence[str], field: str = "pieces") -> None:
    """Check that every score is a finite number: a NaN compares false with every other
    score, so no merge (BPE) or no path (Unigram) through its piece is ever taken, and an
    infinite one takes every path; neither is how the file's library encodes.

    Args:
        scores: the scores, in id order.
        texts: the pieces, for the message.
        field: the file's field that lists the scores, for the message.

    Raises:
        ValueError: naming the field and the first such piece.
    """
    if not all(map(math.isfinite, scores)):
        i = next(i for i, x in enumerate(scores) if not math.isfinite(x))
        raise ValueError(f"{field}: piece {i} ({texts[i][:40]!r}) has the score {scores[i]}, "
                         "not a finite number")


def check_pieces(texts: Sequence[str], types: Sequence[str], scores: Sequence[float],
                 byte_fallback: bool, fields: tuple[str, str, str] = ("pieces",) * 3) -> None:
    """One validation of a SentencePiece vocabulary, whatever file it came from (a ``.model``,
    a GGUF file's ``llama`` or ``t5`` tokenizer): what sentencepiece's
    ``ModelInterface::InitializePieces`` refuses to load (``model_interface.cc``), and what
    would load and then encode wrongly.

    Refused: an empty piece, one with NUL or of ``MAX_PIECE_BYTES`` bytes or more, a piece
    listed twice, a score that is NaN or infinite, a BYTE piece not written ``<0xHH>``, no
    UNKNOWN piece or more than one, BYTE pieces without ``byte_fallback`` or not all 256 with
    it, and more pieces matched whole than ``check_whole_tokens`` admits.

    Args:
        texts: the pieces, in id order.
        types: each piece's type, a name of ``PIECE_TYPES`` (``"NORMAL"``, ``"BYTE"``...).
        scores: each piece's score.
        byte_fallback: unknown characters become BYTE pieces.
        fields: the file's fields holding the pieces, the scores and the types (a GGUF file's
            ``tokenizer.ggml.tokens``, ``scores``, ``token_type``), for messages.

    Raises:
        ValueError: naming the field and the first such piece by id.
    """
    piece_field, score_field, type_field = fields
    check_piece_texts(texts, piece_field, nul=True)
    check_scores(scores, texts, score_field)
    if len(set(texts)) != len(texts):
        seen: set[str] = set()
        i = next(i for i, t in enumerate(texts) if t in seen or seen.add(t))
        raise ValueError(f"{piece_field}: piece {i} ({texts[i][:40]!r}) is listed twice")
    unknown, byte_values = 0, set()
    for i, (text, kind) in enumerate(zip(texts, types)):
        if kind == "UNKNOWN":
            unknown += 1
        elif kind == "BYTE":
            if text not in BYTE_PIECES:
                raise ValueError(f"{piece_field}: BYTE piece {text[:40]!r} (id {i}) is not "
                                 "<0xHH>")
            byte_values.add(BYTE_PIECES[text])
    check_whole_tokens([t for t, k in zip(texts, types) if k in _WHOLE_TYPES])
    if unknown != 1:
        raise ValueError(f"{type_field}: {unknown} UNKNOWN pieces, not one")
    if byte_values and not byte_fallback:
        raise ValueError(f"{type_field}: BYTE pieces without byte_fallback")
    if byte_fallback and len(byte_values) != 256:
        raise ValueError(f"{type_field}: byte_fallback with {len(byte_values)} of the 256 BYTE "
                         "pieces")


def check_ids(kind: str, ids: list[int], *, unique: bool = True) -> None:
    """Check ids a file gives: each an int (not a bool) in ``0..MAX_TOKEN_ID``, none twice.

    Every id a vocabulary file gives goes through here (``Vocab`` for byte-level BPE,
    ``TokenTable`` for piece-keyed models), so the bound holds for every format.

    Args:
        kind: what the ids are, for the message (``"token"``, ``"special token"``).
        ids: the ids.
        unique: also refuse an id given twice.

    Raises:
        ValueError: naming the first id that is not an int in range, or one given twice.
    """
    if set(map(type, ids)) - {int} or ids and not 0 <= min(ids) <= max(ids) <= MAX_TOKEN_ID:
        for i in ids:  # checked at C speed above; this names the first fault
            if not isinstance(i, int) or isinstance(i, bool) or not 0 <= i <= MAX_TOKEN_ID:
                raise ValueError(f"{kind} id {i!r} is not an int in 0..{MAX_TOKEN_ID}")
    if unique and len(set(ids)) != len(ids):
        seen: set[int] = set()
        dup = next(i for i in ids if i in seen or seen.add(i))
        raise ValueError(f"{kind} id {dup} is given to more than one token")


def check_known_ids(kind: str, ids: Sequence[int], known: Container[int]) -> None:
    """Check that ids a file names (a post-processor's) are ids of the vocabulary.

    Args:
        kind: what names them, for the message (``"post-processor"``).
        ids: the ids named.
        known: the vocabulary's ids (an ``id_to_bytes`` dict).

    Raises:
        ValueError: naming the first id that is not an int or not in ``known``.
    """
    for i in ids:
        if type(i) is not int or i not in known:
            raise ValueError(f"{kind} id {i!r} is not a token of the vocabulary")


def check_vocab(
    mergeable_ranks: dict[bytes, int],
    special_tokens: dict[str, int],
    merges: Sequence[tuple[bytes, bytes]] | None = None,
    explicit_n_vocab: int | None = None,
    missing_bytes_allowed: bool = False,
) -> None:
    """Check that a vocabulary can encode any text and decode every id it gives.

    Args:
        mergeable_ranks: token bytes -> id.
        special_tokens: special-token text -> id.
        merges: optional merge list; every part and every result must be a token.
        explicit_n_vocab: optional expected ``max id + 1``.
        missing_bytes_allowed: accept single bytes with no token (the caller says what
            happens to them: ``vocab.Vocab``'s ``missing_bytes``).

    Raises:
        ValueError: on a missing single byte (unless allowed), a non-bytes token, a negative,
            huge or duplicate id, too many special tokens (``check_whole_tokens``), a special id
            shared with an ordinary token, an empty special token, a merge whose parts or result
            are not tokens, or an ``n_vocab`` that differs from ``explicit_n_vocab``.
        TypeError: if the tables are not dicts.
    """
    if not isinstance(mergeable_ranks, dict) or not isinstance(special_tokens, dict):
        raise TypeError("mergeable_ranks and special_tokens must be dicts")
    if set(map(type, mergeable_ranks)) != {bytes} or b"" in mergeable_ranks:
        bad = next((t for t in mergeable_ranks if not isinstance(t, bytes) or not t), None)
        if bad is not None:
            raise ValueError(f"token {bad!r} is not a non-empty bytes value")
    missing = [b for b in range(256) if bytes([b]) not in mergeable_ranks]
    if missing and not missing_bytes_allowed:
        shown = ", ".join(f"0x{b:02x}" for b in missing[:8])
        raise ValueError(
            f"{len(missing)} of the 256 single bytes have no token (e.g. {shown}); "
            "byte-level BPE needs all of them to encode any text"
        )
    check_ids("token", list(mergeable_ranks.values()))
    check_ids("special token", list(special_tokens.values()))
    for text in special_tokens:
        if not isinstance(text, str) or not text:
            raise ValueError(f"special token {text!r} is not a non-empty str")
    check_whole_tokens(special_tokens)
    clash = set(special_tokens.values()) & set(mergeable_ranks.values())
    if clash:
        raise ValueError(f"special token id {min(clash)} is also an ordinary token's id")
    merges = merges or ()
    known = mergeable_ranks.__contains__
    if all(map(known, chain.from_iterable(merges))) and all(
        map(known, starmap(bytes.__add__, merges))
    ):
        merges = ()  # all good, checked at C speed; else the loop below names the first fault
    for k, (left, right) in enumerate(merges):
        for part in (left, right, left + right):
            if part not in mergeable_ranks:
                raise ValueError(f"merge {k + 1} ({left!r}, {right!r}): {part!r} is not a token")
    if explicit_n_vocab is not None:
        n_vocab = max([*mergeable_ranks.values(), *special_tokens.values()]) + 1
        if n_vocab != explicit_n_vocab:
            raise ValueError(f"n_vocab is {n_vocab}, expected {explicit_n_vocab}")
