"""Pre-tokenization: split text into chunks (pre-tokens) that BPE merges never cross.

The split patterns are those of OpenAI's encodings, written in their original,
non-possessive form. tiktoken (``tiktoken_ext/openai_public.py``) runs faster,
possessive equivalents (``\\p{L}++``, ``\\s++$``) in Rust; with the ``regex``
package the original forms are as fast, give the same chunks, and are also what
HF ``tokenizers`` reads correctly (its engine reads ``{1,3}+`` as a repeat).

Only the ``regex`` package is used: it has ``\\p{L}``, and its ``\\s`` excludes
``\\x1c``-``\\x1f`` as tiktoken's Rust engine does (stdlib ``re`` does not).

This module does not turn chunks into bytes or ids; see ``bpe`` and ``encoding``.

>>> split("it's 998 dogs", GPT2_PATTERN)
[('it', 0, 2), ("'s", 2, 4), (' 998', 4, 8), (' dogs', 8, 13)]
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import regex

__all__ = [
    "GPT2_PATTERN",
    "CL100K_PATTERN",
    "O200K_PATTERN",
    "PatternTimeoutError",
    "compile_pattern",
    "find_chunks",
    "iter_split",
    "split",
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


class PatternTimeoutError(ValueError):
    """A split pattern that did not ship with bbpe_core ran past its time limit
    (a ReDoS guard, e.g. ``(a+)+`` on ``"a" * 30 + "b"``)."""


@lru_cache(maxsize=64)
def compile_pattern(pat_str: str) -> regex.Pattern:
    """Compile a split pattern so that it covers every character (cached, 64 patterns).

    Text the pattern does not match becomes a chunk of its own (HF ``tokenizers``'
    ``Split(behavior="isolated")`` keeps such gaps; tiktoken would drop them), so no
    text is ever lost. The shipped patterns leave no gaps, and the extra alternative
    ``(?:(?!P).)+`` costs nothing where ``P`` matches.

    Args:
        pat_str: the pattern source.

    Returns:
        The compiled, gap-covering pattern.

    Raises:
        ValueError: if the pattern does not compile (the regex error is chained), or
            if it matches the empty string (it would split nowhere).
    """
    try:
        if regex.compile(pat_str).fullmatch("") is not None:
            raise ValueError(f"split pattern {pat_str!r} matches the empty string")
        return regex.compile(f"(?:{pat_str})|(?:(?!(?:{pat_str}))(?s:.))+")
    except (regex.error, TypeError, OverflowError, RecursionError) as e:
        raise ValueError(f"split pattern does not compile: {e}") from e


def _timeout_error(timeout: float | None) -> PatternTimeoutError:
    return PatternTimeoutError(
        f"the split pattern took longer than {timeout} s on this text; it may backtrack "
        "catastrophically (nested quantifiers such as (a+)+)"
    )


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
    pattern = compile_pattern(pat_str)
    try:
        if pattern.groups == 0:
            return pattern.findall(text, timeout=timeout)
        return [m.group() for m in pattern.finditer(text, timeout=timeout)]
    except TimeoutError as e:
        raise _timeout_error(timeout) from e


def iter_split(
    text: str, pat_str: str, *, timeout: float | None = None
) -> Iterator[tuple[str, int, int]]:
    """Yield ``split``'s chunks lazily: the scan advances only as they are taken.

    Arguments and errors as for ``split``.
    """
    pattern = compile_pattern(pat_str)
    try:
        for m in pattern.finditer(text, timeout=timeout):
            yield m.group(), m.start(), m.end()
    except TimeoutError as e:
        raise _timeout_error(timeout) from e


def split(text: str, pat_str: str, *, timeout: float | None = None) -> list[tuple[str, int, int]]:
    """Split text into chunks with their character offsets.

    Args:
        text: the text to split.
        pat_str: the split pattern (e.g. ``GPT2_PATTERN``).
        timeout: as for ``find_chunks``.

    Returns:
        ``[(chunk, start, end), ...]`` in order, with ``text[start:end] == chunk`` and
        each ``end`` the next ``start``.

    Raises:
        PatternTimeoutError: if ``timeout`` is exceeded.
        ValueError: if the pattern does not compile.
    """
    return list(iter_split(text, pat_str, timeout=timeout))
