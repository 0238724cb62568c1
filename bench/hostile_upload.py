"""The heaviest ``tokenizer.json`` the upload caps allow, for the load test's hostile session.

Memory per byte of file is highest for the most entries of the shortest tokens: a byte-level
BPE whose k-th merge joins an earlier token and one byte, so every entry of ``vocab`` and
``merges`` is a few characters long, as many as fit in the upload cap and the loaders' cap on
entries (``validate.MAX_VOCAB_ENTRIES``).
"""

from __future__ import annotations

import json

from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str
from bbpe_core.validate import MAX_VOCAB_ENTRIES


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
