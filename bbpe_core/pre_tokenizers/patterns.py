"""The split patterns, and how one cuts text into chunks (pre-tokens) that merges never cross.
The pre-tokenizer stages built on them (tiktoken's ``RegexSplit``, HF's ``Split``,
``Sequence``, BERT's) are in ``pre_tokenizers``.

The split patterns are those of OpenAI's encodings, written in their original,
non-possessive form. tiktoken (``tiktoken_ext/openai_public.py``) runs faster,
possessive equivalents (``\\p{L}++``, ``\\s++$``) in Rust; with the ``regex``
package the original forms are as fast, give the same chunks, and are also what
HF ``tokenizers`` reads correctly (its engine reads ``{1,3}+`` as a repeat).

The patterns run on the ``regex`` package: it has ``\\p{L}``, and its ``\\s`` excludes
``\\x1c``-``\\x1f`` as tiktoken's Rust engine does (stdlib ``re`` does not). The stdlib
``re`` runs only ``ASCII_PATTERNS``, each shipped pattern's equivalent on ASCII-only text
(faster there, and checked equal by the tests).

This module does not turn chunks into bytes or ids; see ``models.bpe`` and ``encoding``.

>>> list(iter_split("it's 998 dogs", GPT2_PATTERN))
[('it', 0, 2), ("'s", 2, 4), (' 998', 4, 8), (' dogs', 8, 13)]
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from functools import lru_cache

import regex

from .pattern_deadline import PatternTimeoutError, run_scan
from .pattern_guard import check_pattern, compile_checked
from .unicode_pin import PINNED_CLASSES

__all__ = [
    "GPT2_PATTERN",
    "CL100K_PATTERN",
    "code_point_ranges",
    "code_point_runs",
    "O200K_PATTERN",
    "QWEN_PATTERN",
    "TEKKEN_PATTERN",
    "DEEPSEEK_DIGITS",
    "DEEPSEEK_WORDS",
    "PINNED_PATTERNS",
    "ASCII_PATTERNS",
    "PatternTimeoutError",
    "check_pattern",
    "compile_pattern",
    "find_chunks",
    "iter_split",
    "needs_pin",
    "pinned",
]

GPT2_PATTERN = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
"""GPT-2 / r50k_base split pattern. Source: openai/gpt-2 ``src/encoder.py`` (quoted as
"the pattern in the original GPT-2 release" in tiktoken's ``openai_public.py``).
Contractions are case-sensitive: ``'S`` is not one chunk."""

CL100K_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}{1,3}|"""
    r""" ?[^\s\p{L}\p{N}]+[\r\n]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
"""cl100k_base split pattern (GPT-3.5, GPT-4): case-insensitive contractions, digits in
groups of 1-3, ``[\\r\\n]*`` glued after punctuation. Source: the non-possessive form of
``cl100k_base()`` in tiktoken's ``openai_public.py`` (as in HF's cl100k tokenizer.json)."""

O200K_PATTERN = "|".join(
    [
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?""",
        r"""\p{N}{1,3}""",
        r""" ?[^\s\p{L}\p{N}]+[\r\n/]*""",
        r"""\s*[\r\n]+""",
        r"""\s+(?!\S)""",
        r"""\s+""",
    ]
)
"""o200k_base split pattern (GPT-4o, o1, o3): splits on case classes, glues ``[\\r\\n/]*``
after punctuation. Source: ``o200k_base()`` in tiktoken's ``openai_public.py``, verbatim."""


QWEN_PATTERN = (
    r"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\n\p{L}\p{N}]?\p{L}+|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n]*"""
    r"""|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
"""Qwen 2.5 / 3's split pattern: cl100k_base's with one digit per chunk. Source: the
``Split`` pre-tokenizer of the official Qwen3 tokenizer.json."""

TEKKEN_PATTERN = (
    r"""[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]*[\p{Ll}\p{Lm}\p{Lo}\p{M}]+"""
    r"""|[^\r\n\p{L}\p{N}]?[\p{Lu}\p{Lt}\p{Lm}\p{Lo}\p{M}]+[\p{Ll}\p{Lm}\p{Lo}\p{M}]*"""
    r"""|\p{N}| ?[^\s\p{L}\p{N}]+[\r\n/]*|\s*[\r\n]+|\s+(?!\S)|\s+"""
)
"""Mistral's Tekken split pattern: o200k_base's without contractions, one digit per chunk.
Source: ``config.pattern`` of mistral-common's ``tekken_240718.json``."""

DEEPSEEK_DIGITS = r"\p{N}{1,3}"
"""DeepSeek V3 / V4's first ``Split`` step: digits in groups of 1-3. Source: DeepSeek-V3's
tokenizer.json."""

DEEPSEEK_WORDS = (  # the file has CR and LF themselves in its classes, not \r and \n
    r"""[!"#$%&'()*+,\-./:;<=>?@\[\\\]^_`{|}~][A-Za-z]+|[^""" "\r\n" r"""\p{L}\p{P}\p{S}]?"""
    r"[\p{L}\p{M}]+| ?[\p{P}\p{S}]+" "[\r\n]*" r"|\s*" "[\r\n]+" r"|\s+(?!\S)|\s+"
)
"""DeepSeek's word step (the last of V3's and V4's ``Sequence``): a letter run after one
ASCII punctuation mark or one other non-letter, punctuation runs, newlines, spaces. Source:
DeepSeek-V3's tokenizer.json."""

_WS = r"\t\n\x0b\x0c\r "
_ASCII_EQUIVALENTS = {
    GPT2_PATTERN: rf"""'s|'t|'re|'ve|'m|'ll|'d| ?[A-Za-z]+| ?[0-9]+| ?[^{_WS}A-Za-z0-9]+"""
                  rf"""|[{_WS}]+(?![^{_WS}])|[{_WS}]+""",
    CL100K_PATTERN: rf"""(?i:'s|'t|'re|'ve|'m|'ll|'d)|[^\r\nA-Za-z0-9]?[A-Za-z]+|[0-9]{{1,3}}"""
                    rf"""| ?[^{_WS}A-Za-z0-9]+[\r\n]*|[{_WS}]*[\r\n]+"""
                    rf"""|[{_WS}]+(?![^{_WS}])|[{_WS}]+""",
    # o200k's two letter alternatives, [A-Z]*[a-z]+ or else [A-Z]+[a-z]*, as one: the
    # capitals, then the small letters, at least one letter (8% faster in ``re``)
    O200K_PATTERN: rf"""[^\r\nA-Za-z0-9]?(?=[A-Za-z])[A-Z]*[a-z]*(?i:'s|'t|'re|'ve|'m|'ll|'d)?"""
                   rf"""|[0-9]{{1,3}}"""
                   rf"""| ?[^{_WS}A-Za-z0-9]+[\r\n/]*|[{_WS}]*[\r\n]+"""
                   rf"""|[{_WS}]+(?![^{_WS}])|[{_WS}]+""",
}
ASCII_PATTERNS = {pat: re.compile(ascii_pat) for pat, ascii_pat in _ASCII_EQUIVALENTS.items()}
r"""Each shipped pattern -> its equivalent on ASCII-only text, compiled with the standard
library's ``re`` (about 3x faster than ``regex`` on these patterns, and faster than
tiktoken's whole encode). Below U+0080, ``\p{L}`` is ``[A-Za-z]``, ``\p{Lu}`` ``[A-Z]``,
``\p{Ll}`` ``[a-z]``, ``\p{Lt}``, ``\p{Lm}``, ``\p{Lo}`` and ``\p{M}`` are empty,
``\p{N}`` is ``[0-9]``, and ``\s`` is tab, LF, VT, FF, CR and space (``\x1c``-``\x1f``
are not White_Space in tiktoken's engine nor in ``regex``). Used only when
``text.isascii()``; tests/test_patterns.py checks each against its original."""


def code_point_ranges(pairs: list[tuple[int, int]], literal: bool = False) -> str:
    """The inside of a regex character class for inclusive code-point runs.

    Args:
        pairs: inclusive runs ``(first, last)`` (``code_point_runs``).
        literal: write characters from U+0080 on as themselves, and a run of one as one
            character: no escape to parse, so a class of thousands of runs compiles several
            times faster in the standard ``re`` (none of them is special in a class; not for
            a ``VERBOSE`` pattern, which drops literal whitespace).

    >>> code_point_ranges([(0x41, 0x5A)])
    '\\\\U00000041-\\\\U0000005A'
    >>> code_point_ranges([(0x41, 0x41), (0x4E00, 0x4E01)], literal=True)
    '\\\\U00000041一-丁'
    """
    if not literal:
        return "".join(f"\\U{a:08X}-\\U{b:08X}" for a, b in pairs)
    return "".join(_class_char(a) if a == b else f"{_class_char(a)}-{_class_char(b)}"
                   for a, b in pairs)


def _class_char(point: int) -> str:
    """One code point in a class: itself from U+0080 on, else escaped."""
    return chr(point) if point >= 0x80 else f"\\U{point:08X}"


def code_point_runs(points: Iterable[int]) -> list[tuple[int, int]]:
    """Code points as sorted inclusive runs ``(first, last)``, for ``code_point_ranges``.

    >>> code_point_runs({0x42, 0x41, 0x44})
    [(65, 66), (68, 68)]
    """
    runs: list[tuple[int, int]] = []
    for cp in sorted(points):
        if runs and runs[-1][1] == cp - 1:
            runs[-1] = (runs[-1][0], cp)
        else:
            runs.append((cp, cp))
    return runs


def _pinned_class(name: str) -> str:
    add, remove = PINNED_CLASSES[name]
    expr = f"\\p{{{name}}}"
    if remove:
        expr = f"[{expr}--[{code_point_ranges(remove)}]]"
    if add:
        expr = f"[{expr}[{code_point_ranges(add)}]]"
    return expr


def pin_unicode(pat_str: str) -> str:
    """Rewrite ``\\p{L}``, ``\\p{N}``, ... so they mean what the reference engines mean.

    tiktoken's Rust regex and HF tokenizers' Oniguruma both have Unicode 16.0 tables; the
    ``regex`` package we pin knows 17.0, where e.g. CJK Extension J (U+323B0..) became
    letters, U+1F8D8 a symbol, and U+0295 (ʕ) changed from Ll (a lowercase letter, as the
    references see it) to Lo. Each class is corrected by set operations, so the result must
    be compiled with ``regex.V1``. ``unicode_pin.py`` holds the differences (generated by
    ``scripts/unicode_pin.py`` from unicodedata2 16.0.0).

    Args:
        pat_str: a pattern in ``regex`` V0 syntax without nested sets (the shipped ones).

    Returns:
        The pattern in V1 syntax.
    """
    return regex.sub(
        r"\\p\{(\w+)\}",
        lambda m: _pinned_class(m.group(1)) if m.group(1) in PINNED_CLASSES else m.group(0),
        pat_str,
    )


SHIPPED_PATTERNS = frozenset([GPT2_PATTERN, CL100K_PATTERN, O200K_PATTERN])
"""tiktoken's patterns: compiled with ``pin_unicode`` and without the gap cover (they leave
no gaps), and split by ``FastEncoder``."""

PINNED_PATTERNS = SHIPPED_PATTERNS | {QWEN_PATTERN, TEKKEN_PATTERN, DEEPSEEK_DIGITS,
                                      DEEPSEEK_WORDS}
"""Every shipped encoding's split patterns, compiled with ``pin_unicode`` wherever they come
from (a shipped encoding, or a user's copy of its file); any other pattern is compiled as
written."""


def pinned(pat_str: str) -> tuple[str, int]:
    """The source and ``regex`` flags to compile a split pattern with: a pattern of
    ``PINNED_PATTERNS`` with ``pin_unicode`` in V1, any other as written.

    >>> pinned(r"\\p{N}{1,3}")[1] == regex.V1
    True
    """
    if pat_str in PINNED_PATTERNS:
        return pin_unicode(pat_str), regex.V1
    return pat_str, 0


_PINNED_RUNS = sorted({run for add, remove in PINNED_CLASSES.values() for run in add + remove})
_PINNED_BMP = re.compile(f"[{code_point_ranges([r for r in _PINNED_RUNS if r[1] < 0x10000])}]")
_PINNED_ASTRAL = frozenset(chr(c) for a, b in _PINNED_RUNS if b >= 0x10000 for c in range(a, b + 1))
_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def needs_pin(text: str) -> bool:
    """Whether ``text`` holds a character whose class ``pin_unicode`` changes. Where it
    holds none, a pattern and its pinned form find the same matches, and the pattern as
    written scans faster (the pinned classes are set operations). The check is one ``re``
    scan (the BMP characters the pin moves are a bitmap there), and where the text holds
    characters beyond the BMP (rare), a look-up of each; far cheaper than the scan it saves.

    >>> needs_pin("hello"), needs_pin("\u0295"), needs_pin("\U0001F8D8"), needs_pin("\U0001F600")
    (False, True, True, False)
    """
    if text.isascii():
        return False
    if _PINNED_BMP.search(text) is not None:
        return True
    if len(text.encode("utf-16-le", "surrogatepass")) == 2 * len(text):
        return False  # nothing beyond the BMP (a C-speed test, unlike ``max(text)``)
    return not _PINNED_ASTRAL.isdisjoint(_ASTRAL.findall(text))


@lru_cache(maxsize=64)
def compile_pattern(pat_str: str, pin: bool = True) -> regex.Pattern:
    """Compile a split pattern so that it covers every character (cached, 64 patterns).

    Text the pattern does not match becomes a chunk of its own (HF ``tokenizers``'
    ``Split(behavior="isolated")`` keeps such gaps; tiktoken would drop them), so no
    text is ever lost: the pattern becomes ``P|(?:(?!P).)+``. tiktoken's patterns
    (``SHIPPED_PATTERNS``) leave no gaps; they are compiled without the cover.
    ``PINNED_PATTERNS`` are compiled with ``pin_unicode``, to match tiktoken and HF
    tokenizers on characters that are new in Unicode 17.0.

    Args:
        pat_str: the pattern source.
        pin: False compiles a pattern of ``PINNED_PATTERNS`` but tiktoken's as written (for
            text that ``needs_pin`` says holds no character the pin changes).

    Returns:
        The compiled, gap-covering pattern.

    Raises:
        ValueError: if a user's pattern fails ``pattern_guard.check_pattern``, does not
            compile (the regex error is chained), or matches the empty string (it would
            split nowhere).
    """
    if pat_str in SHIPPED_PATTERNS:
        return regex.compile(pin_unicode(pat_str), flags=regex.V1)
    source, flags = pinned(pat_str) if pin else (pat_str, 0)
    pattern = compile_checked(f"(?:{source})|(?:(?!(?:{source}))(?s:.))+", flags, check=pat_str)
    if pattern.fullmatch("") is not None:  # only the first alternative can match nothing
        raise ValueError(f"split pattern {pat_str!r} matches the empty string")
    return pattern


def _pins(pat_str: str, text: str) -> bool:
    """Whether to scan ``text`` with ``pat_str``'s pinned form (``compile_pattern``'s ``pin``):
    always for tiktoken's patterns (``FastEncoder`` reads their chunks), else where the pin
    can matter."""
    return pat_str in SHIPPED_PATTERNS or (pat_str in PINNED_PATTERNS and needs_pin(text))


def find_chunks(text: str, pat_str: str, *, timeout: float | None = None) -> list[str]:
    """Split text into chunks, without offsets (the fast path of ``encode``).

    Args:
        text: the text to split.
        pat_str: the split pattern (e.g. ``GPT2_PATTERN``).
        timeout: seconds the whole scan may take, or None for no limit. The shipped
            patterns are safe; pass a limit for any pattern a user supplied (a limit
            makes the ``regex`` scan about twice as slow).

    Returns:
        The chunks in order; ``"".join(chunks) == text``.

    Raises:
        PatternTimeoutError: if ``timeout`` is exceeded.
        ValueError: if the pattern does not compile.
    """
    if text.isascii() and pat_str in ASCII_PATTERNS:
        return ASCII_PATTERNS[pat_str].findall(text)
    pattern = compile_pattern(pat_str, _pins(pat_str, text))
    if pattern.groups == 0:
        if timeout is None:  # the keyword alone slows a short text's scan
            return pattern.findall(text)
        return run_scan(lambda limit: pattern.findall(text, timeout=limit), timeout)
    return run_scan(lambda limit: [m.group() for m in pattern.finditer(text, timeout=limit)],
                    timeout)


def iter_split(
    text: str, pat_str: str, *, timeout: float | None = None
) -> Iterator[tuple[str, int, int]]:
    """Yield ``split``'s chunks lazily: the scan advances only as they are taken.

    Arguments and errors as for ``split``.
    """
    if text.isascii() and pat_str in ASCII_PATTERNS:
        for m in ASCII_PATTERNS[pat_str].finditer(text):
            yield m.group(), m.start(), m.end()
        return
    pattern = compile_pattern(pat_str, _pins(pat_str, text))
    if timeout is None:
        for m in pattern.finditer(text):
            yield m.group(), m.start(), m.end()
        return
    # each step may run for what was left when the scan began; each is charged what it took
    matches = run_scan(lambda limit: pattern.finditer(text, timeout=limit), timeout)
    while (m := run_scan(lambda _: next(matches, None), timeout)) is not None:
        yield m.group(), m.start(), m.end()
