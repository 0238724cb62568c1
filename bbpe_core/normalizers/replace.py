"""Normalizers that add or replace text: how SentencePiece models see spaces.

HF tokenizers' ``Prepend`` and ``Replace`` normalizers and their ``Sequence``
(``tokenizers/src/normalizers/prepend.rs``, ``replace.rs``, ``utils.rs``): Llama 2's and
Mistral 7B's files prepend ``▁`` (SentencePiece's dummy prefix, so a word at the start looks
like one after a space) and replace every space by ``▁``; Gemma's only replace. A
SentencePiece ``.model``'s ``normalizer_spec`` (``add_dummy_prefix``,
``escape_whitespaces``) says the same.

Each has the interface of ``normalizers.Normalizer``: ``normalize`` and
``normalize_with_offsets``, whose spans say which input characters each output character
came from (a prepended character comes from the empty span at the start).

>>> steps = NormalizerSequence([Prepend("▁"), Replace(" ", "▁")])
>>> steps.normalize("hi you")
'▁hi▁you'
>>> steps.normalize_with_offsets("a b")
('▁a▁b', [(0, 0), (0, 1), (1, 2), (2, 3)])
"""

from __future__ import annotations

from collections.abc import Sequence

import regex

from ..pre_tokenizers.pattern_deadline import run_scan
from ..pre_tokenizers.patterns import check_pattern
from .growth import check_growth, check_replacement

__all__ = ["NormalizerSequence", "Prepend", "RegexReplace", "Remove", "Replace", "SPACE_MARK"]

SPACE_MARK = "\u2581"
"""``▁`` (U+2581), SentencePiece's visible space (``kSpaceSymbol``)."""

Spans = list[tuple[int, int]]


class Prepend:
    """Put a string before non-empty text (HF's ``Prepend``).

    Args:
        prepend: the string, e.g. ``"▁"``.
        unless_present: leave text that already starts with it alone (what HF's
            ``Metaspace`` pre-tokenizer does with ``prepend_scheme: always``).

    Raises:
        ValueError: if ``prepend`` is longer than ``growth.MAX_REPLACEMENT_CHARS``.
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, prepend: str, *, unless_present: bool = False) -> None:
        check_replacement("Prepend", prepend)
        self.prepend = prepend
        self.unless_present = unless_present

    def __repr__(self) -> str:
        return f"Prepend({self.prepend!r}, unless_present={self.unless_present})"

    def _skips(self, text: str) -> bool:
        return not text or (self.unless_present and text.startswith(self.prepend))

    def normalize(self, text: str) -> str:
        """``prepend + text``, or the text itself (empty, or already prefixed when
        ``unless_present``)."""
        return text if self._skips(text) else self.prepend + text

    def normalize_with_offsets(self, text: str) -> tuple[str, Spans]:
        """The normalized text; the prepended characters come from the empty span (0, 0)."""
        if self._skips(text):
            return text, [(i, i + 1) for i in range(len(text))]
        spans = [(0, 0)] * len(self.prepend) + [(i, i + 1) for i in range(len(text))]
        return self.prepend + text, spans


class Replace:
    """Replace every occurrence of a string (HF's ``Replace`` with a ``String`` pattern).

    Args:
        pattern: the string to find (not empty).
        content: what replaces it.

    Raises:
        ValueError: if ``pattern`` is empty or ``content`` longer than
            ``growth.MAX_REPLACEMENT_CHARS``; ``NormalizedTooLongError`` (a ValueError)
            from ``normalize`` when the text would grow past ``growth.check_growth``
            (counted before anything is built).
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, pattern: str, content: str) -> None:
        if not pattern:
            raise ValueError("Replace needs a non-empty pattern")
        check_replacement("Replace content", content)
        self.pattern, self.content = pattern, content

    def _check(self, text: str) -> None:
        if len(self.content) > len(self.pattern):
            check_growth(len(text), len(text) + text.count(self.pattern)
                         * (len(self.content) - len(self.pattern)))

    def __repr__(self) -> str:
        return f"Replace({self.pattern!r}, {self.content!r})"

    def normalize(self, text: str) -> str:
        """The text with every occurrence replaced, left to right."""
        self._check(text)
        return text.replace(self.pattern, self.content)

    def normalize_with_offsets(self, text: str) -> tuple[str, Spans]:
        """The normalized text; replacement characters come from the occurrence they
        replaced."""
        self._check(text)
        spans: Spans = []
        out: list[str] = []
        pos, size = 0, len(self.pattern)
        while (found := text.find(self.pattern, pos)) >= 0:
            spans.extend((i, i + 1) for i in range(pos, found))
            spans.extend([(found, found + size)] * len(self.content))
            out.append(text[pos:found] + self.content)
            pos = found + size
        spans.extend((i, i + 1) for i in range(pos, len(text)))
        out.append(text[pos:])
        return "".join(out), spans


class RegexReplace:
    """Replace every match of a regex (HF's ``Replace`` with a ``Regex`` pattern: T5's and
    XLM-R's ``" {2,}"`` -> ``" "``), leftmost first, matches not overlapping, as
    ``NormalizedString::replace`` does.

    Args:
        pattern: the regex (``regex`` syntax; checked by ``patterns.check_pattern``).
        content: what replaces each match.
        timeout: seconds one call may take (a pattern from a file), or None.

    Raises:
        ValueError: if the pattern is refused, does not compile or matches the empty string,
            or ``content`` is longer than ``growth.MAX_REPLACEMENT_CHARS``.
        PatternTimeoutError: from ``normalize`` if the pattern runs out of time.
        NormalizedTooLongError: from ``normalize`` when the text would grow past
            ``growth.check_growth`` (counted from the matches before anything is built).
    """

    def __init__(self, pattern: str, content: str, *, timeout: float | None = None) -> None:
        check_pattern(pattern)
        check_replacement("Replace content", content)
        try:
            self.regex = regex.compile(pattern)
        except (regex.error, TypeError, OverflowError, RecursionError) as e:
            raise ValueError(f"pattern {pattern!r} does not compile: {e}") from e
        if self.regex.match(""):
            raise ValueError(f"pattern {pattern!r} matches the empty string")
        self.pattern, self.content, self.timeout = pattern, content, timeout

    def __repr__(self) -> str:
        return f"RegexReplace({self.pattern!r}, {self.content!r})"

    def _matches(self, text: str) -> list[tuple[int, int]]:
        return run_scan(lambda limit: [m.span() for m in self.regex.finditer(text,
                                                                             timeout=limit)],
                        self.timeout)

    def normalize(self, text: str) -> str:
        """The text with every match replaced.

        Raises:
            PatternTimeoutError: if the pattern runs past what is left of the call's time
                budget (``pattern_deadline``), or past its own ``timeout`` outside one.
        """
        if len(self.content) > 1:  # may lengthen the text: count first
            matches = self._matches(text)
            check_growth(len(text), len(text) + sum(len(self.content) - (e - s)
                                                    for s, e in matches))
        content = self.content.replace("\\", "\\\\")
        return run_scan(lambda limit: self.regex.sub(content, text, timeout=limit), self.timeout)

    def normalize_with_offsets(self, text: str) -> tuple[str, Spans]:
        """The normalized text; the replacement's characters come from the last characters of
        the match they replaced (as HF's ``NormalizedString::replace`` aligns them)."""
        spans: Spans = []
        out: list[str] = []
        pos = 0
        size = len(self.content)
        matches = self._matches(text)
        check_growth(len(text), len(text) + sum(size - (e - s) for s, e in matches))
        for start, end in matches:
            spans.extend((i, i + 1) for i in range(pos, start))
            # HF aligns the new characters with the last ones of the match
            spans.extend((p, p + 1) for p in (min(max(start, end - size + k), end - 1)
                                              for k in range(size)))
            out.append(text[pos:start] + self.content)
            pos = end
        spans.extend((i, i + 1) for i in range(pos, len(text)))
        out.append(text[pos:])
        return "".join(out), spans


class Remove:
    """Drop characters: HF's ``Strip`` (whitespace at the start and / or the end, Rust's
    ``char::is_whitespace``: the White_Space property) and ``StripAccents`` (every
    combining mark, ``normalizers/strip.rs``; it decomposes nothing, so ALBERT's files put
    ``NFKD`` before it).

    Args:
        pattern: a ``regex`` pattern of what to drop (``Remove.strip``,
            ``Remove.strip_accents`` build the two).
        label: how ``repr`` names it.
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, pattern: str, label: str) -> None:
        self.regex = regex.compile(pattern)
        self.label = label

    @classmethod
    def strip(cls, left: bool, right: bool) -> Remove:
        """HF's ``Strip`` normalizer (``strip_left``, ``strip_right``)."""
        parts = ([r"^\p{White_Space}+"] if left else []) + (
            [r"\p{White_Space}+$"] if right else [])
        return cls("|".join(parts) or r"(?!)", f"Strip(left={left}, right={right})")

    @classmethod
    def strip_accents(cls) -> Remove:
        """HF's ``StripAccents`` normalizer."""
        return cls(r"\p{M}", "StripAccents()")

    def __repr__(self) -> str:
        return self.label

    def normalize(self, text: str) -> str:
        """The text without the dropped characters."""
        return self.regex.sub("", text)

    def normalize_with_offsets(self, text: str) -> tuple[str, Spans]:
        """The text without them; each kept character keeps its own span."""
        gone: set[int] = set()
        for match in self.regex.finditer(text):
            gone.update(range(*match.span()))
        kept = [i for i in range(len(text)) if i not in gone]
        return "".join(text[i] for i in kept), [(i, i + 1) for i in kept]


class NormalizerSequence:
    """Normalizers applied one after the other (HF's normalizer ``Sequence``).

    Args:
        steps: the normalizers, in order (anything with ``normalize`` and
            ``normalize_with_offsets``).
    """

    def __init__(self, steps: Sequence) -> None:
        self.steps = list(steps)
        timeouts = [t for t in (step.timeout for step in self.steps)
                    if t is not None]
        self.timeout: float | None = max(timeouts, default=None)
        """The largest time limit of a step's pattern from a file (``RegexReplace``), or
        None: ``Encoding`` opens one budget of it per call."""

    def __repr__(self) -> str:
        return f"NormalizerSequence({self.steps!r})"

    def normalize(self, text: str) -> str:
        """The text after every step (each step's output checked against the input's
        length, ``growth.check_growth``, so steps cannot compound)."""
        size = len(text)
        for step in self.steps:
            text = step.normalize(text)
            check_growth(size, len(text))
        return text

    def normalize_with_offsets(self, text: str) -> tuple[str, Spans]:
        """The text after every step, each output character's span in the input."""
        spans = [(i, i + 1) for i in range(len(text))]
        size = len(text)
        for step in self.steps:
            text, inner = step.normalize_with_offsets(text)
            check_growth(size, len(text))
            spans = [_compose(spans, a, b) for a, b in inner]
        return text, spans


def _compose(outer: Spans, a: int, b: int) -> tuple[int, int]:
    """The input span of the characters ``[a, b)`` of an intermediate text whose
    characters came from ``outer``."""
    if a < b:
        return outer[a][0], outer[b - 1][1]
    at = outer[a][0] if a < len(outer) else (outer[-1][1] if outer else 0)
    return at, at
