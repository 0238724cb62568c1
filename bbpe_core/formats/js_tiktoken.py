"""js-tiktoken's JSON rank format, as Anthropic's ``@anthropic-ai/tokenizer`` ships
``claude.json``.

Source: js-tiktoken's ``Tiktoken`` constructor (``js-tiktoken/src/core.ts``). The file holds
``pat_str``, ``special_tokens`` (text -> id), optionally ``explicit_n_vocab`` (type-checked,
not enforced: js-tiktoken does not use it, and Anthropic's file says 64,739 while it holds
65,000 tokens), and
``bpe_ranks``: lines ``"<first token shown> <offset> <base64> <base64> ..."``, where the
n-th base64 token of a line has rank ``offset + n``.

>>> parse_bpe_ranks("! 5 IQ== Ig==")
{b'!': 5, b'"': 6}
"""

from __future__ import annotations

import binascii
import os
from functools import partial

from ..encoding import Encoding
from ..normalizers import Normalizer
from ..source import VocabFileError, parse_digits, read_json_object
from ..validate import MAX_VOCAB_ENTRIES

__all__ = ["load_js_tiktoken", "parse_bpe_ranks"]

_strict_b64decode = partial(binascii.a2b_base64, strict_mode=True)


def parse_bpe_ranks(text: str, name: str = "bpe_ranks") -> dict[bytes, int]:
    """Token bytes -> rank from js-tiktoken's compressed ``bpe_ranks`` string.

    Raises:
        VocabFileError: for a line without an offset in ASCII digits, bad base64, more
            than ``validate.MAX_VOCAB_ENTRIES`` tokens, or a
            token listed twice (js-tiktoken would silently keep the last rank).
    """
    ranks: dict[bytes, int] = {}
    for number, line in enumerate(text.split("\n"), 1):
        if not line:
            continue
        fields = line.split(" ")
        if len(ranks) + len(fields) - 2 > MAX_VOCAB_ENTRIES:
            raise VocabFileError(f"{name}: more than {MAX_VOCAB_ENTRIES:,} tokens")
        offset = parse_digits(fields[1] if len(fields) > 1 else "", name,
                              f"line {number} has no integer offset:")
        try:
            tokens = list(map(_strict_b64decode, fields[2:]))
        except binascii.Error as e:
            raise VocabFileError(f"{name}: line {number}: bad base64 ({e})") from e
        if not ranks.keys().isdisjoint(tokens) or len(set(tokens)) != len(tokens):
            seen = dict(ranks)
            for k, token in enumerate(tokens):
                if token in seen:
                    raise VocabFileError(f"{name}: line {number}: token {token!r} is listed "
                                         f"twice (ranks {seen[token]} and {offset + k})")
                seen[token] = offset + k
        ranks.update(zip(tokens, range(offset, offset + len(tokens))))
    return ranks


def load_js_tiktoken(
    source: str | os.PathLike | bytes,
    *,
    name: str = "js-tiktoken",
    expected_hash: str | None = None,
    max_bytes: int | None = None,
    normalizer: Normalizer | None = None,
) -> Encoding:
    """Build an ``Encoding`` from a js-tiktoken JSON file (plain or gzipped).

    Args:
        source: a path or the file's bytes.
        name: the encoding's name (also used in messages).
        expected_hash: hex sha256 of the uncompressed content, checked if given.
        max_bytes: size cap, checked before parsing.
        normalizer: applied before splitting (the format does not say; Claude 1/2's
            tokenizer uses NFKC).

    Raises:
        VocabFileError: (a ValueError) naming the file and the bad field.
    """
    doc, name = read_json_object(source, name=name, max_bytes=max_bytes,
                                 expected_hash=expected_hash)
    for key, kind in (("pat_str", str), ("bpe_ranks", str), ("special_tokens", dict)):
        if not isinstance(doc.get(key), kind):
            raise VocabFileError(f"{name}: {key} must be a {kind.__name__}")
    n_vocab = doc.get("explicit_n_vocab")
    if n_vocab is not None and (not isinstance(n_vocab, int) or isinstance(n_vocab, bool)):
        raise VocabFileError(f"{name}: explicit_n_vocab must be an integer")
    ranks = parse_bpe_ranks(doc["bpe_ranks"], name)
    try:
        return Encoding(name, pat_str=doc["pat_str"], mergeable_ranks=ranks,
                        special_tokens=doc["special_tokens"], normalizer=normalizer)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
