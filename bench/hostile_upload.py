"""The heaviest files the caps allow, for the load test's hostile sessions: a
``tokenizer.json``, a SentencePiece ``.model`` and a GGUF model file's tokenizer.

Memory per byte of file is highest for the most entries of the shortest tokens: a byte-level
BPE whose k-th merge joins an earlier token and one byte, so every entry of ``vocab`` and
``merges`` is a few characters long, as many as fit in the upload cap and the loaders' cap on
entries (``validate.MAX_VOCAB_ENTRIES``).
"""

from __future__ import annotations

import json
import struct
from collections.abc import Iterator
from itertools import count, islice, product

from bbpe_core.formats.sentencepiece_model import (
    Piece,
    SentencePieceModel,
    write_sentencepiece_model,
)
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
from bbpe_core.validate import MAX_VOCAB_ENTRIES
from playground.caps import MEMORY_PER_GGUF_BYTE, MEMORY_PER_GGUF_TOKEN, MEMORY_PER_MODEL_BYTE


def hostile_tokenizer_json(max_bytes: int) -> bytes:
    """A valid byte-level BPE ``tokenizer.json`` of at most ``max_bytes`` bytes with as many
    (short) vocabulary entries and merges as fit, at most ``MAX_VOCAB_ENTRIES`` entries.

    Args:
        max_bytes (int): the file size to stay under, in bytes.

    Returns:
        bytes: the file, UTF-8 JSON.
    """
    tokens = [bytes([b]) for b in range(256)]
    vocab = {to_gpt2_str(t): i for i, t in enumerate(tokens)}
    merges: list[str] = []
    doc = {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [],
           "normalizer": None,
           "pre_tokenizer": {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                             "use_regex": True},
           "post_processor": None, "decoder": {"type": "ByteLevel"},
           "model": {"type": "BPE", "dropout": None, "unk_token": None,
                     "continuing_subword_prefix": None, "end_of_word_suffix": None,
                     "fuse_unk": False, "byte_fallback": False, "vocab": vocab, "merges": merges}}
    size = len(_dumps(doc))
    while True:
        k = len(tokens) - 256
        left, right = tokens[k // 256], bytes([k % 256])
        token, merge = to_gpt2_str(left + right), f"{to_gpt2_str(left)} {to_gpt2_str(right)}"
        size += len(_dumps(token)) + len(str(len(tokens))) + 2 + len(_dumps(merge)) + 1
        if size > max_bytes or len(tokens) == MAX_VOCAB_ENTRIES:
            break
        vocab[token] = len(tokens)
        merges.append(merge)
        tokens.append(left + right)
    data = _dumps(doc)
    assert len(data) <= max_bytes, len(data)
    return data


def _dumps(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _short_pieces() -> Iterator[str]:
    """Pieces of two, three, four... letters, in order: the shortest distinct pieces."""
    for k in count(2):
        yield from map("".join, product("abcdefghijklmnopqrstuvwxyz", repeat=k))


def hostile_model(memory_bytes: int) -> bytes:
    """The densest SentencePiece BPE ``.model`` the session's budget takes: as many short
    pieces as fit in ``memory_bytes / MEMORY_PER_MODEL_BYTE`` bytes (the upload page's charge),
    with byte fallback.

    Args:
        memory_bytes (int): the memory the upload may be charged, in bytes.

    Returns:
        bytes: the ``.model`` file.
    """
    head = [Piece("<unk>", 0.0, "UNKNOWN"), Piece("<s>", 0.0, "CONTROL"),
            Piece("</s>", 0.0, "CONTROL"),
            *(Piece(f"<0x{b:02X}>", 0.0, "BYTE") for b in range(256))]
    budget = memory_bytes // MEMORY_PER_MODEL_BYTE - 1000
    pieces, size = list(head), len(_model(head))
    for k, text in enumerate(_short_pieces()):
        size += len(text) + 14  # the piece's message: tags, lengths, score, type
        if size > budget or len(pieces) == MAX_VOCAB_ENTRIES:
            break
        pieces.append(Piece(text, -float(k), "NORMAL"))
    data = _model(pieces)
    assert len(data) * MEMORY_PER_MODEL_BYTE <= memory_bytes, len(data)
    return data


def _model(pieces: list) -> bytes:
    return write_sentencepiece_model(SentencePieceModel(
        tuple(pieces), "BPE", True, "identity", b"", True, False, True))


def hostile_gguf(memory_bytes: int) -> bytes:
    """The densest GGUF tokenizer the session's budget takes: a ``llama`` (SentencePiece BPE)
    vocabulary of as many short pieces as ``model_file.model_file_memory``'s estimate allows
    in ``memory_bytes``, written as the browser sends it (the tokenizer's keys, no tensors).

    Args:
        memory_bytes (int): the memory the model file may be charged, in bytes.

    Returns:
        bytes: the GGUF file.
    """
    per_piece = MEMORY_PER_GGUF_TOKEN + MEMORY_PER_GGUF_BYTE * 20  # about 20 bytes a piece
    n = min(memory_bytes // per_piece - 300, MAX_VOCAB_ENTRIES - 259)
    texts = ["<unk>", "<s>", "</s>", *(f"<0x{b:02X}>" for b in range(256)),
             *islice(_short_pieces(), n)]
    types = [2, 3, 3] + [6] * 256 + [1] * n
    scores = [0.0] * 259 + [-float(k) for k in range(n)]
    data = b"GGUF" + struct.pack("<IQQ", 3, 0, 4) + _kv("tokenizer.ggml.model", 8, _s("llama"))
    data += _kv("tokenizer.ggml.tokens", 9, struct.pack("<IQ", 8, len(texts))
                + b"".join(map(_s, texts)))
    data += _kv("tokenizer.ggml.scores", 9, struct.pack(f"<IQ{len(scores)}f", 6, len(scores),
                                                        *scores))
    data += _kv("tokenizer.ggml.token_type", 9, struct.pack(f"<IQ{len(types)}i", 5, len(types),
                                                            *types))
    return data


def _s(text: str) -> bytes:
    data = text.encode("utf-8")
    return struct.pack("<Q", len(data)) + data


def _kv(key: str, kind: int, payload: bytes) -> bytes:
    return _s(key) + struct.pack("<I", kind) + payload
