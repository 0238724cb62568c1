"""Compare lab, code and numbers: indentation styles, and how digits are split.

Indentation: the same Python code (assets/code/heapq_sample.py, or the reader's own)
re-indented with 2, 4 and 8 spaces and with tabs; the tokens each encoding spends, and
how many of them are leading whitespace. gpt2 (and GPT-3, which used the same r50k_base
ranks) spends one token per space of indentation; cl100k_base and o200k_base have tokens
for runs of spaces. Numbers: how an encoding cuts a number (``number_pieces``) and integers
of growing length (``number_rows``); ``lab.numbers`` says each encoding's digit rule.
"""

from __future__ import annotations

from pathlib import Path

from bbpe_core import Encoding

__all__ = ["SAMPLE_CODE", "MAX_CODE_CHARS", "INDENTS", "indent_unit", "reindent",
           "indentation_rows", "line_token_counts", "number_pieces", "number_rows"]

SAMPLE_CODE = (Path(__file__).resolve().parents[1] / "assets" / "code" / "heapq_sample.py"
               ).read_text(encoding="utf-8")
MAX_CODE_CHARS = 20_000
"""Longest code a reader may paste into the Indentation lab (it is encoded 4 times per encoding)."""
INDENTS = {"2 spaces": "  ", "4 spaces": "    ", "8 spaces": "        ", "tabs": "\t"}


def indent_unit(code: str) -> int:
    """Spaces per indentation level in ``code``: the greatest common divisor of its lines'
    leading-space widths, from 2 to 8; 4 when it cannot tell (no indented line, or odd widths).

    >>> indent_unit("if x:\\n  y\\n  if z:\\n    w\\n"), indent_unit("x\\n"), indent_unit("\\tx\\n")
    (2, 4, 4)
    """
    from math import gcd

    widths = [len(line) - len(line.lstrip(" ")) for line in code.splitlines() if line.strip()]
    unit = 0
    for w in widths:
        unit = gcd(unit, w)
    return unit if 2 <= unit <= 8 else 4


def reindent(code: str, unit: str, source_unit: int | None = None) -> str:
    """Replace each line's leading indentation (a tab or ``source_unit`` spaces per level;
    ``indent_unit(code)`` when None) by ``unit`` per level; other spaces are left as they are.

    >>> reindent("if x:\\n    y\\n", "\\t")
    'if x:\\n\\ty\\n'
    >>> reindent("if x:\\n\\ty\\n", "  ")
    'if x:\\n  y\\n'
    """
    source_unit = source_unit or indent_unit(code)
    out = []
    for line in code.splitlines(keepends=True):
        body = line.lstrip(" \t")
        lead = line[: len(line) - len(body)]
        levels, extra = divmod(lead.count(" "), source_unit)
        out.append(unit * (levels + lead.count("\t")) + " " * extra + body)
    return "".join(out)


def _leading_ranges(code: str) -> list[tuple[int, int]]:
    ranges, pos = [], 0
    for line in code.splitlines(keepends=True):
        width = len(line) - len(line.lstrip(" \t"))
        ranges.append((pos, pos + width))
        pos += len(line)
    return ranges


def indentation_rows(encodings: dict[str, Encoding], code: str = SAMPLE_CODE) -> list[dict]:
    """One row per (indent style, encoding): tokens, tokens lying wholly inside leading
    indentation, and their share, for ``code`` re-indented in each style of ``INDENTS``.

    Raises:
        ValueError: if ``code`` is longer than ``MAX_CODE_CHARS``.
    """
    if len(code) > MAX_CODE_CHARS:
        raise ValueError(f"the code is {len(code):,} characters; at most {MAX_CODE_CHARS:,}")
    rows = []
    for style, unit in INDENTS.items():
        variant = reindent(code, unit)
        leading = _leading_ranges(variant)
        for name, enc in encodings.items():
            spans = enc.encode_detailed(variant, disallowed_special=())
            inside = sum(1 for s in spans if any(a <= s.start and s.end <= b for a, b in leading))
            rows.append({"indent": style, "encoding": name, "tokens": len(spans),
                         "indentation tokens": inside,
                         "indentation share": round(inside / len(spans), 3) if spans else 0.0})
    return rows


def line_token_counts(enc: Encoding, code: str) -> list[int]:
    """Tokens starting on each line (a token that spans lines counts on its first)."""
    starts, pos = [], 0
    for line in code.splitlines(keepends=True):
        starts.append(pos)
        pos += len(line)
    counts = [0] * len(starts)
    k = 0
    for s in enc.encode_detailed(code, disallowed_special=()):
        while k + 1 < len(starts) and s.start >= starts[k + 1]:
            k += 1
        counts[k] += 1
    return counts


def number_pieces(enc: Encoding, number: str) -> list[str]:
    """How ``enc`` cuts a number written alone, as token texts.

    >>> from bbpe_core import get_encoding
    >>> number_pieces(get_encoding("cl100k_base"), "1234567")
    ['123', '456', '7']
    """
    return [s.token_bytes.decode("utf-8", "replace") for s in enc.encode_detailed(number)]


def number_rows(encodings: dict[str, Encoding], max_digits: int = 16) -> list[dict]:
    """Tokens for integers of 1..max_digits digits (the digits of pi, 3141592653...), and
    for the same digits with a decimal point after the first, per encoding."""
    pi = "31415926535897932384626433832795"
    rows = []
    for name, enc in encodings.items():
        for n in range(1, max_digits + 1):
            integer = pi[:n]
            decimal = f"{pi[0]}.{pi[1:n]}" if n > 1 else pi[0]
            rows.append({"encoding": name, "digits": n,
                         "integer tokens": len(enc.encode_ordinary(integer)),
                         "decimal tokens": len(enc.encode_ordinary(decimal)),
                         "integer split": " | ".join(number_pieces(enc, integer))})
    return rows
