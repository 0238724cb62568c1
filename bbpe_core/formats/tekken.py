"""Mistral's Tekken tokenizer file (``tekken_*.json``): tiktoken-style ranks in JSON.

Source: mistral-common's ``Tekkenizer`` (``mistral_common/tokens/tokenizers/tekken.py``).
The file holds ``config`` (``pattern``, ``default_vocab_size``,
``default_num_special_tokens``), ``vocab`` (``{"rank", "token_bytes": base64}`` in rank order)
and, in later versions, ``special_tokens``. The model uses only the first
``default_vocab_size - default_num_special_tokens`` ranks, and every id is the rank shifted
by the number of special (control) tokens, which come first. Control tokens never match
text: mistral-common's ``encode`` treats ``[INST]`` typed in text as plain text; here they are
special tokens, refused in ``encode`` by default and plain text in ``encode_ordinary``.
"""

from __future__ import annotations

import binascii
import os

from ..encoding import Encoding
from ..source import VocabFileError, read_json_object
from ..validate import MAX_VOCAB_ENTRIES, MAX_WHOLE_TOKENS

__all__ = ["DEPRECATED_SPECIAL_TOKENS", "load_tekken"]

DEPRECATED_SPECIAL_TOKENS = (
    "<unk>", "<s>", "</s>", "[INST]", "[/INST]", "[AVAILABLE_TOOLS]", "[/AVAILABLE_TOOLS]",
    "[TOOL_RESULTS]", "[/TOOL_RESULTS]", "[TOOL_CALLS]", "[IMG]", "<pad>", "[IMG_BREAK]",
    "[IMG_END]", "[PREFIX]", "[MIDDLE]", "[SUFFIX]", "[SYSTEM_PROMPT]", "[/SYSTEM_PROMPT]",
    "[TOOL_CONTENT]",
)
"""The control tokens of a Tekken file without ``special_tokens``, ranks 0-19 (mistral-common's
``Tekkenizer.DEPRECATED_SPECIAL_TOKENS``); the other ranks are ``<SPECIAL_{rank}>``."""


def _field(doc: dict, key: str, kind: type, name: str):
    value = doc.get(key)
    if not isinstance(value, kind) or isinstance(value, bool):
        raise VocabFileError(f"{name}: {key} must be a {kind.__name__}")
    return value


def _special_tokens(doc: dict, count: int, name: str) -> dict[str, int]:
    listed = doc.get("special_tokens")
    if listed is None:
        names = list(DEPRECATED_SPECIAL_TOKENS)
    elif isinstance(listed, list) and all(isinstance(t, dict) for t in listed):
        ranks = [t.get("rank") for t in listed]
        if any(type(r) is not int for r in ranks) or sorted(ranks) != list(range(len(ranks))):
            raise VocabFileError(f"{name}: special_tokens[].rank must be the integers 0 to "
                                 f"{len(ranks) - 1}, each once")
        names = [t.get("token_str") for t in sorted(listed, key=lambda t: t["rank"])]
        if not all(isinstance(t, str) for t in names):
            raise VocabFileError(f"{name}: special_tokens[].token_str must be strings")
    else:
        raise VocabFileError(f"{name}: special_tokens must be a list of objects")
    if len(names) > count:
        raise VocabFileError(f"{name}: {len(names):,} special_tokens listed, more than "
                             f"default_num_special_tokens ({count:,})")
    names += [f"<SPECIAL_{rank}>" for rank in range(len(names), count)]
    if len(set(names)) != len(names):
        seen: set[str] = set()
        twice = next(t for t in names if t in seen or seen.add(t))
        raise VocabFileError(f"{name}: special token {twice!r} is listed twice")
    return {text: rank for rank, text in enumerate(names)}


def load_tekken(
    source: str | os.PathLike | bytes,
    *,
    name: str = "tekken",
    expected_hash: str | None = None,
    max_bytes: int | None = None,
) -> Encoding:
    """Build an ``Encoding`` from a Tekken JSON file (plain or gzipped).

    Args:
        source: a path or the file's bytes.
        name: the encoding's name (also used in messages).
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.

    Raises:
        VocabFileError: (a ValueError) naming the file and the field that is missing,
            of the wrong type, or inconsistent: more than ``validate.MAX_WHOLE_TOKENS`` special
            tokens, special-token ranks other than 0..n-1, a special token listed twice.

    >>> from bbpe_core import get_encoding
    >>> get_encoding("mistral_tekken").encode_ordinary("Hello world")
    [22177, 4304]
    """
    doc, name = read_json_object(source, name=name, max_bytes=max_bytes,
                                 expected_hash=expected_hash)
    config = _field(doc, "config", dict, name)
    pattern = _field(config, "pattern", str, name)
    n_special = _field(config, "default_num_special_tokens", int, name)
    keep = _field(config, "default_vocab_size", int, name) - n_special
    vocab = _field(doc, "vocab", list, name)
    if not 0 <= n_special <= MAX_WHOLE_TOKENS:  # checked before <SPECIAL_n> names are made
        raise VocabFileError(f"{name}: config.default_num_special_tokens must be 0 to "
                             f"{MAX_WHOLE_TOKENS:,}")
    if not 0 < keep <= min(len(vocab), MAX_VOCAB_ENTRIES):
        raise VocabFileError(f"{name}: config sizes do not fit the {len(vocab):,} ranks")
    ranks: dict[bytes, int] = {}
    for k, entry in enumerate(vocab[:keep]):
        if not isinstance(entry, dict) or not isinstance(entry.get("token_bytes"), str):
            raise VocabFileError(f"{name}: vocab entries must be objects with token_bytes")
        rank = entry.get("rank", k)
        if type(rank) is not int or rank != k:
            raise VocabFileError(f"{name}: vocab[{k}].rank is {rank!r}, not its position {k}")
        try:
            token = binascii.a2b_base64(entry["token_bytes"], strict_mode=True)
        except binascii.Error as e:
            raise VocabFileError(f"{name}: bad base64 in vocab ({e})") from e
        ranks[token] = n_special + len(ranks)
    if len(ranks) != keep:
        raise VocabFileError(f"{name}: vocab repeats a token")
    try:
        return Encoding(name, pat_str=pattern, mergeable_ranks=ranks,
                        special_tokens=_special_tokens(doc, n_special, name))
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
