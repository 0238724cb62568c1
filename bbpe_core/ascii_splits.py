r"""DeepSeek's ``Split`` patterns (V3 and V4 ship the same ``Sequence``), and their equivalents
on ASCII-only text for the standard library's ``re``, which scans those about twice as fast
as ``regex``. ``pre_tokenizers.Split`` takes ``ASCII_SPLITS[pattern]`` for an ASCII-only
piece; tests/test_ascii_splits.py checks each against its original (``regex``) on every
string of up to two ASCII characters and on random ASCII text.

Below U+0080, ``\p{N}`` is ``[0-9]``, ``\p{L}`` ``[A-Za-z]``, ``\p{M}`` and the CJK and kana
ranges are empty, ``\p{P}`` and ``\p{S}`` together are the 32 ASCII punctuation characters
(``!``-``/``, ``:``-``@``, ``[``-`````, ``{``-``~``), and ``regex``'s ``\s`` is tab, LF, VT,
FF, CR and space (``re``'s ``\s`` also takes ``\x1c``-``\x1f``, so it is spelled out).
"""

from __future__ import annotations

import re

__all__ = ["ASCII_SPLITS", "DEEPSEEK_CJK", "DEEPSEEK_DIGITS", "DEEPSEEK_WORDS"]

DEEPSEEK_DIGITS = r"\p{N}{1,3}"
"""DeepSeek's first step: digits in groups of 1-3. Source: DeepSeek-V3's tokenizer.json."""

DEEPSEEK_CJK = "[\u4e00-\u9fa5\u3040-\u309f\u30a0-\u30ff]+"
"""DeepSeek's second step: runs of CJK ideographs, hiragana and katakana (tokenizer.json)."""

DEEPSEEK_WORDS = (  # the file has CR and LF themselves in its classes, not \r and \n
    r"""[!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^""" "\r\n" r"""\p{L}\p{P}\p{S}]?"""
    r"[\p{L}\p{M}]+| ?[\p{P}\p{S}]+" "[\r\n]*" r"|\s*" "[\r\n]+" r"|\s+(?!\S)|\s+"
)
"""DeepSeek's third step: words, punctuation runs, newlines, spaces (tokenizer.json)."""

_PUNCTUATION = r"!-/:-@\[-`{-~"
_WS = r"\t\n\x0b\x0c\r "
_ASCII_EQUIVALENTS = {
    DEEPSEEK_DIGITS: r"[0-9]{1,3}",
    DEEPSEEK_CJK: r"[^\x00-\x7f]+",  # matches no ASCII text
    DEEPSEEK_WORDS: rf"[{_PUNCTUATION}][A-Za-z]+|[^\r\nA-Za-z{_PUNCTUATION}]?[A-Za-z]+"
                    rf"| ?[{_PUNCTUATION}]+[\r\n]*|[{_WS}]*[\r\n]+|[{_WS}]+(?![^{_WS}])|[{_WS}]+",
}
ASCII_SPLITS = {pat: re.compile(f"({ascii_pat})") for pat, ascii_pat in _ASCII_EQUIVALENTS.items()}
"""Each pattern -> its ASCII-only equivalent as one capturing group (so that ``split`` gives
the gaps between matches and the matches in turn, as ``Split`` uses it)."""
