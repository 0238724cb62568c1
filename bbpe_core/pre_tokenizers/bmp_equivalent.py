r"""A split pattern's equivalent for the standard library's ``re`` on text without characters
beyond U+FFFF. ``pre_tokenizers.Split`` scans such a chunk with it where ``re`` is the faster
engine (``SCANS_FASTER_IN_RE``); tests/test_bmp_splits.py checks the equivalents of the shipped
patterns against their originals (``regex``) on every one-character string of the BMP, on
pairs and on random text.

The translation spells each class escape (``\p{L}``, ``\P{N}``, ``\s``, ``\S``, ``\d``,
``\w``, ...) out as the BMP code points ``regex`` itself matches with it, compiled as the
original is (``patterns.pinned``: a shipped pattern's classes pinned to the reference
engines' Unicode version), so both read the same tables; ``re``'s own ``\s`` would differ (it
takes ``\x1c``-``\x1f``). Everything else is copied where ``re`` reads it as ``regex`` does:
literals, literal escapes, ranges, negated classes, non-capturing groups, look-arounds,
alternation and greedy or lazy quantifiers. A pattern with anything else (inline flags,
capturing groups, ``\b``, nested sets and set operations, possessive quantifiers, ...) has no
equivalent here.
"""

from __future__ import annotations

import re
from functools import cache, lru_cache

import regex

from .patterns import DEEPSEEK_WORDS, PINNED_PATTERNS, code_point_ranges, pin_unicode

__all__ = ["SCANS_FASTER_IN_RE", "bmp_equivalent"]

SCANS_FASTER_IN_RE = frozenset([DEEPSEEK_WORDS])
"""The patterns ``Split`` scans with their equivalent: DeepSeek's word step
(``bench/bench_zoo.py`` measures it). The other shipped
steps scan faster with ``regex`` (DeepSeek's digits and CJK runs) or gain on some texts and
lose on others (Falcon's GPT-2-like step is slower in ``re`` on Chinese). ``re`` has no time
limit, so a user's pattern is never scanned with it."""

_CLASS_ESCAPE = re.compile(r"\\(?:[pP]\{\^?[A-Za-z_=&]+\}|[dDsSwW])")
r"""A class escape ``regex`` reads as a set of code points (a property, ``\s``, ``\d``, ``\w``)."""
_LITERAL_ESCAPE = re.compile(r"\\(?:[^0-9A-Za-z]|[afnrtv]|x[0-9A-Fa-f]{2}|u[0-9A-Fa-f]{4}"
                             r"|U[0-9A-Fa-f]{8})")
"""An escape both engines read as the one character it names."""
_GROUP_OPENERS = ("(?:", "(?=", "(?!", "(?<=", "(?<!")
_SET_OPERATORS = ("--", "&&", "||", "~~")


@cache
def _members(escape: str, pin: bool) -> tuple[str, str]:
    """The insides of two ``re`` classes for ``regex``'s class ``escape`` (its Unicode classes
    pinned as ``patterns.pin_unicode`` pins them if ``pin``): the BMP code points it matches,
    and those it does not."""
    source, flags = (pin_unicode(escape), regex.V1) if pin else (escape, 0)
    bmp = "".join(map(chr, range(0x10000)))
    runs = [(m.start(), m.end() - 1) for m in regex.finditer(f"(?:{source})+", bmp, flags=flags)]
    starts = [0] + [last + 1 for _, last in runs]
    ends = [first - 1 for first, _ in runs] + [0xFFFF]
    others = [(a, b) for a, b in zip(starts, ends) if a <= b]
    return code_point_ranges(runs), code_point_ranges(others)


def _translate(pattern: str, pin: bool) -> str | None:
    """``pattern`` with each class escape spelled out; None at anything not copied as is."""
    out: list[str] = []
    i, in_class = 0, False
    while i < len(pattern):
        char = pattern[i]
        escape = _CLASS_ESCAPE.match(pattern, i)
        if escape is not None:
            members, others = _members(escape.group(), pin)
            if in_class:
                out.append(members)
            else:  # the shorter class ("\S" as "[^" + the spaces + "]")
                out.append(f"[{members}]" if len(members) <= len(others) else f"[^{others}]")
            i = escape.end()
            continue
        literal = _LITERAL_ESCAPE.match(pattern, i)
        if literal is not None:
            out.append(literal.group())
            i = literal.end()
            continue
        if char == "\\":
            return None  # \b, \A, \X, \N{...}, a back-reference, ...
        if in_class:
            if char == "[" or pattern.startswith(_SET_OPERATORS, i):
                return None  # nested sets and set operations (regex V1)
            in_class = char != "]"
            out.append(char)
            i += 1
            continue
        if char == "[":
            start = i + 2 if pattern.startswith("[^", i) else i + 1
            if pattern.startswith("]", start):
                return None  # a leading "]" is read two ways
            out.append(pattern[i:start])
            i, in_class = start, True
            continue
        if char == "(":
            opener = next((o for o in _GROUP_OPENERS if pattern.startswith(o, i)), None)
            if opener is None:
                return None  # capturing and named groups, inline flags, atomic groups, ...
            out.append(opener)
            i += len(opener)
            continue
        if char in "*+?}" and pattern.startswith("+", i + 1):
            return None  # possessive
        out.append(char)
        i += 1
    return None if in_class else "".join(out)


@lru_cache(maxsize=16)
def bmp_equivalent(pattern: str) -> re.Pattern | None:
    r"""``pattern``'s ``re`` equivalent on text without characters beyond U+FFFF, as one
    capturing group (so that ``split`` gives the gaps between matches and the matches in
    turn, as ``Split`` uses it); None where the pattern holds something the translation does
    not copy (see the module's docstring). Cached (16 patterns).

    Args:
        pattern: a split pattern (``regex`` syntax), compiled as ``patterns.pinned`` says.

    >>> bmp_equivalent(r"\p{N}{1,3}").split("ab12345c")
    ['ab', '123', '', '45', 'c']
    >>> bmp_equivalent(r"(?i)a") is None
    True
    """
    source = _translate(pattern, pattern in PINNED_PATTERNS)
    try:
        return None if source is None else re.compile(f"({source})")
    except re.error:  # e.g. a look-behind of varying width, which ``re`` refuses
        return None
