"""Fast first cuts of text at places where the shipped split patterns always cut.

In GPT2_PATTERN, CL100K_PATTERN and O200K_PATTERN:

1. A space followed by a letter always starts a new chunk: no alternative can end with a
   space that is followed by a letter (``\\s+(?!\\S)`` leaves the last space for the
   word, and punctuation, digit and letter runs contain no space), and every letter
   alternative may start with that space. This holds whatever comes before. The space cut falls
   before the letters of ``WORD_STARTS``: the scripts written with spaces.
2. Between a letter and a following punctuation mark or newline (``LETTERS`` then
   ``MARKS``) a new chunk always starts: letter runs never continue into them (o200k's
   runs end in an optional contraction, which starts with ``'``: not a mark here), and
   no alternative holds a letter followed by anything but letters (and o200k's
   combining marks; none is in ``MARKS``). Both sets are fixed ASCII, kana, CJK and
   Hangul ranges, letters and punctuation alike in Unicode 14.0 and later, so in
   tiktoken's 16.0 and ``regex``'s 17.0 (tests/test_presplit.py checks every one, and
   every letter of ``WORD_STARTS``).
   Also between a newline that follows anything but whitespace and a letter of
   ``LETTERS``: no alternative holds a newline followed by a letter, and that lone
   newline ends a chunk whatever follows it (gpt2's ``\\s+(?!\\S)`` and ``\\s+`` take it
   alone; cl100k's and o200k's punctuation runs end in ``[\\r\\n]*`` and their
   ``\\s*[\\r\\n]+`` takes it). After a run of whitespace, gpt2's chunks of the run
   depend on what follows, so no cut falls there.

The text is cut with plain ``re`` (C speed), each word encoded on its own, and whole words
cached: most words of real text repeat, and a cached word costs one dict lookup instead of a regex
scan (tiktoken's idea of caching merged chunks, one level up). The space cut runs on all text; the
punctuation cut only inside unspaced text (scripts written without spaces), as it is slower on
English. ``tests/test_presplit.py`` checks both against the patterns.

>>> BOUNDARY.split("it's a dog!  Yes")
["it's", 'a', 'dog! ', 'Yes']
>>> split_marks("床前明月光，疑是地上霜。\\n举头望明月")
['床前明月光', '，疑是地上霜', '。\\n', '举头望明月']
"""

from __future__ import annotations

import re
import unicodedata

from ....pre_tokenizers.patterns import code_point_ranges, code_point_runs

__all__ = ["BOUNDARY", "LETTERS", "MARKS", "WORD_STARTS", "split_marks"]

_SPACED_SCRIPTS = ((0x00C0, 0x1FFF), (0xAC00, 0xD7A3))
"""Where the letters of ``WORD_STARTS`` are taken from: Latin-1 to Greek Extended (Latin
with diacritics, Greek, Cyrillic, Armenian, Hebrew, Arabic, the Indic scripts, Thai,
Georgian, Ethiopic, Khmer, Vietnamese, ...) and Hangul syllables; not kana or CJK, which
go through the punctuation cut and the character path."""

WORD_STARTS = "A-Za-z" + code_point_ranges(code_point_runs(
    p for lo, hi in _SPACED_SCRIPTS for p in range(lo, hi + 1)
    if unicodedata.category(chr(p)).startswith("L")))
"""Letters before which a space is the space cut (a ``re`` character-class body): ASCII, and every
letter (categories L*, in this Python's Unicode) of ``_SPACED_SCRIPTS``
(tests/test_presplit.py checks each is a letter in tiktoken's Unicode too)."""

BOUNDARY = re.compile(f" (?=[{WORD_STARTS}])")
"""The space cut: a space before a letter of ``WORD_STARTS`` (``split`` drops the space; it
starts the next word)."""

LETTERS = "A-Za-z\u3041-\u3096\u30a1-\u30fa\u4e00-\u9fff\uac00-\ud7a3"
"""Letters (category Lo/Lu/Ll) after which the punctuation cut may fall: ASCII, hiragana, katakana,
CJK Unified Ideographs, Hangul syllables (a ``re`` character-class body)."""

MARKS = (",.;:!?()\"\n\u3001\u3002\uff0c\uff1a\uff1b\uff01\uff1f\u300c\u300d\u300a\u300b"
         "\uff08\uff09\u201c\u201d")
"""Punctuation (categories P*) and newline before which the punctuation cut falls: ASCII
, . ; : ! ? ( ) " and newline; 、 。 ， ： ； ！ ？ 「 」 《 》 （ ） “ ”."""

_MARK_CUT = re.compile(f"(?=[{MARKS}])(?<=[{LETTERS}])|(?<=\\S\n)(?=[{LETTERS}])")


def split_marks(text: str) -> list[str]:
    """The punctuation cut: cut ``text`` between each letter of ``LETTERS`` and a following
    ``MARKS``, and between a newline after anything but whitespace and a following ``LETTERS``.

    Args:
        text: text that starts at a chunk boundary.

    Returns:
        Non-empty phrases whose concatenation is ``text`` (``[]`` for ``""``).
    """
    # C speed: a list comprehension doubles the cost
    return list(filter(None, _MARK_CUT.split(text)))
