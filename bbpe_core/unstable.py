"""``encode_with_unstable``: the ids of a text whose end may still change, and every way the
next tokens could start (tiktoken's ``CoreBPE::_encode_unstable_native``, tiktoken 0.14.0,
``src/lib.rs``; a byte-level BPE algorithm, as tiktoken only has that model).

A text's last chunk of the pre-tokenizer (and any all-whitespace tokens before it, since a
split such as cl100k_base's ``\\s*[\\r\\n]+`` can vanish when more text comes) may be
tokenized differently once the text goes on. Its ids are held back as "unstable bytes"; the
completions are every token sequence that could stand for those bytes followed by more:
each single token that starts with them, and, for each other place a token could straddle
them, the bytes before it plus that token, encoded again.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import lru_cache
from typing import TYPE_CHECKING, cast

import regex

from .pre_tokenizers.patterns import CL100K_PATTERN, GPT2_PATTERN
from .special import AllowedSpecial, DisallowedSpecial

if TYPE_CHECKING:
    from .encoding import Encoding
    from .models.base import Vocabulary
    from .vocab import Vocab

__all__ = ["WHITE_SPACE", "encode_with_unstable", "sorted_token_bytes"]

WHITE_SPACE = frozenset("\t\n\v\f\r \x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
                        "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000")
"""The characters with Unicode's White_Space property (Rust's ``char::is_whitespace``, which
tiktoken uses; Python's ``str.isspace`` adds U+001C-U+001F)."""

_SPACE_BYTES = frozenset(b" \n\t")
_SPACE_RUN = regex.compile(r"\s+")
_ENDING_RUN_PATTERNS = frozenset([GPT2_PATTERN, CL100K_PATTERN])


def _last_piece_len(enc: Encoding, text: str, allowed: frozenset[str]) -> int:
    r"""How many ids the text's last chunk has: 0 if the text ends with a special token
    (tiktoken's ``last_piece_token_len``).

    tiktoken runs GPT-2's and cl100k_base's patterns in a possessive form with ``\s++$``
    (``patterns``): a whitespace run that ends the text is one chunk there, where the
    original cl100k_base pattern may cut it in two (``"\r\x0c"``); the ids are the same, the
    last chunk is tiktoken's.
    """
    segments = list(enc.segments(text, allowed))
    if not segments or segments[-1].special:
        return 0
    segment = segments[-1].text
    chunks = [segment[a:b] for a, b in enc.pre_tokenizer.split(segment)]
    last = chunks[-1:]
    if enc.pat_str in _ENDING_RUN_PATTERNS:
        at = len(chunks)
        while at and _SPACE_RUN.fullmatch(chunks[at - 1]):
            at -= 1
        last = chunks[min(at, len(chunks) - 1):]
    vocab = cast("Vocab", enc.vocab)  # byte-level: encode_with_unstable checked
    return sum(len(vocab.chunk_ids(chunk)) for chunk in last)


def _all_space(enc: Encoding, token: int) -> bool:
    data = enc.vocab.id_to_bytes.get(token)
    return data is not None and token not in enc.vocab.whole_ids and all(
        b in _SPACE_BYTES for b in data)


def _last_char(data: bytes) -> tuple[str | None, int]:
    """The last character of ``data`` and its length in bytes, or ``(None, n)`` when the
    end is not valid UTF-8 (bstr's ``decode_last_utf8``: n is at least 1)."""
    for size in range(1, min(4, len(data)) + 1):
        if data[-size] & 0xC0 != 0x80:
            try:
                return data[-size:].decode("utf-8"), size
            except UnicodeDecodeError:
                return None, 1
    return None, 1


def encode_with_unstable(enc: Encoding, text: str, allowed_special: AllowedSpecial,
                         disallowed_special: DisallowedSpecial,
                         ) -> tuple[list[int], list[list[int]]]:
    """The stable ids of ``text`` and the possible completions (see the module).

    Args:
        enc: a byte-level BPE encoding.
        text, allowed_special, disallowed_special: as for ``Encoding.encode``.

    Returns:
        ``(stable_ids, completions)``: ``text.encode()`` starts with the bytes of
        ``stable_ids``, and the bytes of ``stable_ids + c`` start with ``text.encode()`` for
        every completion ``c``; completions are distinct, in no set order.

    Raises:
        NotImplementedError: if the encoding is not byte-level BPE (tiktoken's algorithm
            relies on a token's bytes being the text's bytes).
        TypeError, ValueError: as ``Encoding.encode``.
    """
    if not enc.byte_level:
        raise NotImplementedError(
            f"encode_with_unstable is tiktoken's completion search for byte-level BPE; "
            f"{enc.name} is {enc.model_kind}")
    ids = enc.encode(text, allowed_special=allowed_special,
                     disallowed_special=disallowed_special)
    allowed = enc.resolve_allowed(text, allowed_special, disallowed_special)
    last = _last_piece_len(enc, text, allowed)
    if last == 0:
        return ids, []
    if _all_space(enc, ids[-last]):
        while last < len(ids) and _all_space(enc, ids[-last - 1]):
            last += 1
    unstable = enc.decode_bytes(ids[-last:])
    del ids[-last:]
    if not unstable:
        return ids, []
    completions: set[tuple[int, ...]] = set()
    sorted_bytes = sorted_token_bytes(enc.vocab)
    vocab = cast("Vocab", enc.vocab)
    ranks = vocab.mergeable_ranks
    for token in _starting_with(sorted_bytes, unstable):
        completions.add((ranks[token],))
    for i in range(1, len(unstable)):
        prefix, suffix = unstable[:i], unstable[i:]
        for token in _starting_with(sorted_bytes, suffix):
            possibility = prefix + token
            try:
                encoded = enc.encode_ordinary(possibility.decode("utf-8"))
            except UnicodeDecodeError:
                encoded = [ranks[part] for part in vocab.bpe(possibility)]
            seq, seq_len = [], 0
            for token_id in encoded:
                seq.append(token_id)
                seq_len += len(enc.vocab.id_to_bytes[token_id])
                if seq_len >= len(unstable):
                    break
            completions.add(tuple(seq))
    if len(unstable) > 1:
        char, size = _last_char(unstable)
        if len(unstable) - size > 0 and char is not None and char in WHITE_SPACE:
            head, tail = unstable[:-size], unstable[-size:]
            parts = vocab.bpe(head) + vocab.bpe(tail)
            completions.add(tuple(ranks[part] for part in parts))
    return ids, [list(c) for c in completions]


@lru_cache(maxsize=8)
def sorted_token_bytes(vocab: Vocabulary) -> tuple[bytes, ...]:
    """The sorted, distinct bytes of ``vocab``'s ordinary tokens, built once per vocabulary
    (tiktoken's ``sorted_token_bytes``, which ``encode_with_unstable`` searches on every call);
    the last few vocabularies asked for are kept."""
    whole = vocab.whole_ids
    return tuple(sorted({data for token, data in vocab.id_to_bytes.items()
                         if token not in whole}))



def _starting_with(sorted_bytes: tuple[bytes, ...], prefix: bytes) -> tuple[bytes, ...]:
    """The tokens in ``sorted_bytes`` that start with ``prefix`` (a range of the list)."""
    at = bisect_left(sorted_bytes, prefix)
    end = at
    while end < len(sorted_bytes) and sorted_bytes[end].startswith(prefix):
        end += 1
    return sorted_bytes[at:end]
