r"""DeepSeek's word ``Split`` pattern (the last step of V3's and V4's ``Sequence``), and its
equivalent for the standard library's ``re`` on text without characters beyond U+FFFF,
which ``re`` scans about twice as fast as ``regex``. ``pre_tokenizers.Split`` takes
``bmp_split(pattern)`` for such a piece; tests/test_bmp_splits.py checks the equivalent
against its original (``regex``) on every one-character string of the BMP, on pairs and on
random text. (DeepSeek's other two steps, digits and a CJK run, scan faster with ``regex``.)

The equivalent spells each of ``regex``'s classes (``\p{L}``, ``\p{M}``, ``\p{P}``, ``\p{S}``,
``\s``) out as the BMP code points ``regex`` itself puts in it, so both read the same
Unicode version; ``re``'s own ``\s`` would differ (it takes ``\x1c``-``\x1f``).
"""

from __future__ import annotations

import re
from functools import lru_cache

import regex

from .patterns import DEEPSEEK_WORDS, code_point_ranges, pin_unicode

__all__ = ["DEEPSEEK_WORDS", "bmp_split"]

def _bmp_class(name: str, bmp: str) -> str:
    """The inside of a ``re`` class holding the BMP code points ``regex``'s ``name`` matches,
    with its Unicode version pinned as the ``regex`` original's is (``patterns.pin_unicode``;
    ``bmp``: every BMP character, in order)."""
    return code_point_ranges([(m.start(), m.end() - 1) for m in
                              regex.finditer(f"(?:{pin_unicode(name)})+", bmp, flags=regex.V1)])


@lru_cache(maxsize=4)
def bmp_split(pattern: str) -> re.Pattern | None:
    """``pattern``'s ``re`` equivalent on text without characters beyond U+FFFF, as one
    capturing group (so that ``split`` gives the gaps between matches and the matches in
    turn, as ``Split`` uses it); None for a pattern without one (any but ``DEEPSEEK_WORDS``).

    Args:
        pattern: a ``Split`` pattern (``regex`` syntax).
    """
    if pattern != DEEPSEEK_WORDS:
        return None
    bmp = "".join(map(chr, range(0x10000)))
    letters, marks, ws = (_bmp_class(name, bmp) for name in (r"\p{L}", r"\p{M}", r"\s"))
    punct = _bmp_class(r"\p{P}", bmp) + _bmp_class(r"\p{S}", bmp)
    return re.compile(rf"([!-/:-@\[-`{{-~][A-Za-z]+|[^\r\n{letters}{punct}]?[{letters}{marks}]+"
                      rf"| ?[{punct}]+[\r\n]*|[{ws}]*[\r\n]+|[{ws}]+(?![^{ws}])|[{ws}]+)")
