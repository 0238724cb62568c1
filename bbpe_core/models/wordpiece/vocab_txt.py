"""BERT's ``vocab.txt``: one WordPiece token per line, the id is the line's index (from 0).

Source: HF tokenizers ``models/wordpiece/mod.rs`` (``WordPiece::read_file``) and transformers'
``models/bert/tokenization_bert.py`` (``load_vocab``). A continuation piece is written with
its ``##`` prefix (``##ing``); special tokens (``[CLS]``, ``[UNK]``) are lines like any
other. The file holds only the vocabulary: the normalizer, pre-tokenizer and special
tokens are given separately (``models.wordpiece.stages``).

>>> load_wordpiece_vocab(b"[UNK]\\nhello\\n##ing\\n")
{'[UNK]': 0, 'hello': 1, '##ing': 2}
"""

from __future__ import annotations

import os

from ...source import VocabFileError, numbered_lines, read_bytes

__all__ = ["MAX_LINES", "MAX_TOKEN_CHARS", "load_wordpiece_vocab"]

MAX_LINES = 1_000_000
"""A vocab.txt may hold at most this many tokens (BERT's: 30,522; multilingual BERT's: 119,547)."""
MAX_TOKEN_CHARS = 200
"""Longest token accepted, in characters: a word longer than 100 characters is ``[UNK]``
anyway (``max_input_chars_per_word``), so no piece of a word is longer."""


def load_wordpiece_vocab(
    source: str | os.PathLike | bytes,
    *,
    name: str | None = None,
    expected_hash: str | None = None,
    max_bytes: int | None = None,
) -> dict[str, int]:
    """Read a WordPiece ``vocab.txt`` (plain or gzipped) into token -> id.

    Args:
        source: a path or the file's bytes (an upload).
        name: the name for messages.
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.

    Returns:
        token -> id, ids ``0..n-1`` in line order.

    Raises:
        VocabFileError: (a ValueError) naming file and line for text that is not UTF-8,
            an empty line, a token with whitespace at either end or longer than
            ``MAX_TOKEN_CHARS``, a duplicate token, more than ``MAX_LINES`` lines, no
            tokens, a file too large or a hash mismatch.
    """
    data, name = read_bytes(source, name=name, max_bytes=max_bytes, expected_hash=expected_hash)
    vocab: dict[str, int] = {}
    for number, token in numbered_lines(data, name):
        if number > MAX_LINES:
            raise VocabFileError(f"{name}: more than {MAX_LINES:,} lines")
        if not token or token != token.strip():
            raise VocabFileError(
                f"{name}:{number}: empty token or whitespace around it: {token[:60]!r}")
        if len(token) > MAX_TOKEN_CHARS:
            raise VocabFileError(f"{name}:{number}: token longer than {MAX_TOKEN_CHARS} characters")
        if token in vocab:
            raise VocabFileError(
                f"{name}:{number}: duplicate token {token!r} (first on line {vocab[token] + 1})"
            )
        vocab[token] = number - 1
    if not vocab:
        raise VocabFileError(f"{name}: no tokens")
    return vocab
