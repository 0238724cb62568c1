"""Compare lab, numbers: examples that encodings cut differently, and each encoding's digit rule.

The examples are the cases the encodings disagree on: 998 and 9988, years, prices, dates and
long ids. The rule said for an encoding is computed from how it cuts probe numbers, so it is
true of every encoding shown, uploaded and trained ones too. The three rules met in practice:
the pattern gives each digit a chunk of its own (Qwen 2.5/3, Mistral NeMo: ``\\p{N}``), it cuts
digit runs into groups of at most three from the left (cl100k_base, o200k_base, Llama 3,
DeepSeek: ``\\p{N}{1,3}``, tiktoken's openai_public.py), or it keeps a run of digits as one
chunk that learned merges cut (gpt2's ``?\\p{N}+``, openai/gpt-2 encoder.py).
"""

from __future__ import annotations

from bbpe_core import Encoding

from .code import number_pieces

__all__ = ["NUMBER_EXAMPLES", "PER_DIGIT", "THREES", "MERGED", "digit_rule", "rule_sentence",
           "pieces_cell", "example_rows"]

NUMBER_EXAMPLES = [
    ("998", "a number"), ("9988", "a number"), ("1999", "a year"), ("2024", "a year"),
    ("$19.99", "a price"), ("1,299.00", "a price"), ("2024-03-15", "a date"),
    ("4111111111111111", "card number"), ("20240315884127", "order id"),
]
"""``(text, kind)``: the numbers the Numbers lab shows."""

PROBES = ("1234567", "31415926535", "99999", "4111111111111111")
"""Digit runs whose cuts tell the rules apart (lengths 5, 7, 11 and 16: not all multiples of 3)."""

PER_DIGIT, THREES, MERGED = "one digit a token", "groups of three from the left", "learned merges"
"""The digit rules ``digit_rule`` tells apart."""


def digit_rule(enc: Encoding) -> str:
    """How ``enc`` cuts runs of digits, judged on ``PROBES``.

    Returns:
        ``PER_DIGIT`` if every probe digit is a token of its own, ``THREES`` if every probe is
        cut into groups of three from the left (the last may be shorter), else ``MERGED``.

    >>> from bbpe_core import get_encoding
    >>> [digit_rule(get_encoding(n)) for n in ("qwen3", "cl100k_base", "gpt2")]
    ['one digit a token', 'groups of three from the left', 'learned merges']
    """
    cuts = {p: number_pieces(enc, p) for p in PROBES}
    if all(pieces == list(p) for p, pieces in cuts.items()):
        return PER_DIGIT
    if all(pieces == [p[i : i + 3] for i in range(0, len(p), 3)] for p, pieces in cuts.items()):
        return THREES
    return MERGED


def _tokens(n: int) -> str:
    return f"{n} token{'' if n == 1 else 's'}"


def rule_sentence(name: str, enc: Encoding) -> str:
    """One true sentence on how ``enc`` (called ``name``) cuts digits, with its own examples.

    >>> from bbpe_core import get_encoding
    >>> rule_sentence("gpt2", get_encoding("gpt2"))  # doctest: +NORMALIZE_WHITESPACE
    'gpt2: no fixed rule: a run of digits is cut by merges learned in training, so 998 is 1 token
    and 9988 is 2 (99 | 88).'
    """
    rule = digit_rule(enc)
    if rule == PER_DIGIT:
        return (f"{name}: every digit is a token of its own, so 9988 is "
                f"{_tokens(len(number_pieces(enc, '9988')))} and every place is a token.")
    if rule == THREES:
        cut = " | ".join(number_pieces(enc, "1234567"))
        return (f"{name}: digit runs are cut into groups of at most three from the left "
                f"(1234567 is {cut}), so the groups do not line up with thousands.")
    a, b = number_pieces(enc, "998"), number_pieces(enc, "9988")
    return (f"{name}: no fixed rule: a run of digits is cut by merges learned in training, so "
            f"998 is {_tokens(len(a))} and 9988 is {len(b)} ({' | '.join(b)}).")


def pieces_cell(pieces: list[str], most: int = 8) -> str:
    """A table cell for a number's pieces: the count first (always visible in a narrow
    column), then the pieces, the first ``most`` of them.

    >>> pieces_cell(["99", "88"]), pieces_cell(list("4111111111111111"))
    ('(2) 99|88', '(16) 4|1|1|1|1|1|1|1|…')
    """
    shown = "|".join(pieces[:most]) + ("|…" if len(pieces) > most else "")
    return f"({len(pieces)}) {shown}"


def example_rows(encodings: dict[str, Encoding],
                 examples: list[tuple[str, str]] = NUMBER_EXAMPLES) -> list[dict]:
    """One row per example, one column per encoding: its pieces and their count.

    Returns:
        ``[{"example": text, "kind": kind, <encoding>: "(2) 99|88", ...}, ...]``.
    """
    rows = []
    for text, kind in examples:
        row = {"example": text, "kind": kind}
        for name, enc in encodings.items():
            row[name] = pieces_cell(number_pieces(enc, text))
        rows.append(row)
    return rows
