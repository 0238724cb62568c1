"""The pre-tokenizer stage: where a chunk is cut. ``RegexSplit`` (tiktoken's: every match of one
pattern is a chunk), HF's ``Split`` with its five behaviours, and ``Sequence``.

A tiktoken encoding splits with one pattern (``RegexSplit`` over ``patterns.find_chunks``).
BERT's ``BertPreTokenizer`` splits on whitespace and makes each punctuation character a chunk.
HF tokenizers' files may chain several ``Split`` steps instead, each applied to the
chunks of the one before (DeepSeek V3: digits in groups of 1-3, then runs of CJK and kana,
then a word pattern). Semantics follow ``tokenizers/src/tokenizer/normalizer.rs``
(``NormalizedString::split``) and ``pattern.rs``: the text is cut into alternating matched
and unmatched chunks, then

- ``Removed``: matched chunks are dropped;
- ``Isolated``: every chunk is kept (the text no match covers too);
- ``MergedWithPrevious`` / ``MergedWithNext``: a match is glued to the chunk before / after;
- ``Contiguous``: neighbouring chunks of the same kind are joined.

``invert=True`` swaps matched and unmatched before that. Empty chunks are dropped. A
``ByteLevel(use_regex=false)`` step that follows does not split, so it is not a stage here.

>>> Split(r"\\p{N}{1,3}").split("ab12345c")
[(0, 2), (2, 5), (5, 7), (7, 8)]
>>> Sequence([Split(r"\\p{N}"), Split(r"b", "Removed")]).split("ab1b")
[(0, 1), (2, 3)]
>>> BertPreTokenizer().chunks("don't  stop, 3.5")
['don', "'", 't', 'stop', ',', '3', '.', '5']
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import partial
from itertools import accumulate, chain

import regex

from . import bert_unicode
from .bmp_equivalent import SCANS_FASTER_IN_RE, bmp_equivalent
from .pattern_deadline import run_scan
from .pattern_guard import compile_checked
from .patterns import (
    SHIPPED_PATTERNS,
    code_point_ranges,
    find_chunks,
    iter_split,
    needs_pin,
    pinned,
)

__all__ = ["BEHAVIORS", "BertPreTokenizer", "MarkSplit", "PreTokenizer", "RegexSplit", "Sequence",
           "Split"]

BEHAVIORS = ("Removed", "Isolated", "MergedWithPrevious", "MergedWithNext", "Contiguous")
"""HF's ``SplitDelimiterBehavior`` names, as tokenizer.json writes them."""

Span = tuple[int, int]


class PreTokenizer:
    """A stage that cuts text into chunks; subclasses define ``split_span``."""

    timeout: float | None = None
    """Seconds a scan by the stage's pattern may take (a pattern from a user), or None
    (a shipped pattern, or no pattern): ``Encoding`` gives each call this budget for all
    of them (``pattern_deadline``)."""

    def split(self, text: str) -> list[Span]:
        """The chunks of ``text`` as character spans ``(start, end)``, in order."""
        return self.split_span(text, 0, len(text))

    def chunks(self, text: str) -> list[str]:
        """The chunks of ``text`` as strings (what the encoder merges)."""
        return [text[a:b] for a, b in self.split(text)]

    def chunks_each(self, chunks: list[str]) -> list[str]:
        """The chunks of every chunk in ``chunks``, in order (one step of ``Sequence``)."""
        return list(chain.from_iterable(map(self.chunks, chunks)))

    def iter_split(self, text: str) -> Iterator[Span]:
        """``split``'s spans lazily, where the stage can scan as they are taken."""
        return iter(self.split(text))

    @property
    def tiles(self) -> bool:
        """Whether the chunks always cover the text without gaps (no ``Removed`` step)."""
        return False

    def split_span(self, text: str, start: int, end: int) -> list[Span]:
        """The chunks of ``text[start:end]``, as spans into ``text``."""
        raise NotImplementedError


class RegexSplit(PreTokenizer):
    """tiktoken's split: every match of the pattern is a chunk, and the text between matches
    too (``patterns.compile_pattern``), so the chunks tile the text.

    Args:
        pat_str: the split pattern (``regex`` syntax), e.g. ``patterns.GPT2_PATTERN``.
        timeout: seconds its scans may take (for patterns users supplied: one budget per
            ``Encoding`` call, ``pattern_deadline``), or None.

    Raises:
        ValueError: if the pattern fails ``pattern_guard.check_pattern``, does not compile
            or matches the empty string.
    """

    def __init__(self, pat_str: str, *, timeout: float | None = None) -> None:
        find_chunks("", pat_str)  # compiles, or raises ValueError now rather than later
        self.pat_str = pat_str
        self.timeout = timeout

    def __repr__(self) -> str:
        return f"RegexSplit({self.pat_str!r})"

    @property
    def tiles(self) -> bool:
        """The gaps between matches are chunks too."""
        return True

    def chunks(self, text: str) -> list[str]:
        """One C-speed scan (``find_chunks``)."""
        return find_chunks(text, self.pat_str, timeout=self.timeout)

    def iter_split(self, text: str) -> Iterator[Span]:
        """The spans as the scan finds them (``patterns.iter_split``)."""
        return ((a, b) for _, a, b in iter_split(text, self.pat_str, timeout=self.timeout))

    def split_span(self, text: str, start: int, end: int) -> list[Span]:
        """The chunks of ``text[start:end]``, as spans into ``text``."""
        return [(a + start, b + start) for a, b in self.iter_split(text[start:end])]


class Split(PreTokenizer):
    """HF's ``Split`` pre-tokenizer with a regex pattern.

    Args:
        pattern: the regex (``regex`` package syntax; HF files' Oniguruma patterns read the
            same for the constructs they use). A shipped encoding's pattern
            (``patterns.PINNED_PATTERNS``) has its Unicode classes pinned to HF's version.
        behavior: one of ``BEHAVIORS``.
        invert: swap matched and unmatched chunks first.
        timeout: seconds its scans may take (for patterns from users' files: one budget per
            ``Encoding`` call, ``pattern_deadline``), or None.

    Raises:
        ValueError: if the behaviour is unknown, or the pattern fails
            ``pattern_guard.check_pattern``, does not compile or matches the empty string.
    """

    def __init__(self, pattern: str, behavior: str = "Isolated", *, invert: bool = False,
                 timeout: float | None = None) -> None:
        if behavior not in BEHAVIORS:
            raise ValueError(f"unknown Split behavior {behavior!r}; expected one of {BEHAVIORS}")
        source, flags = pinned(pattern)
        self._regex = compile_checked(source, flags, check=pattern)
        if self._regex.fullmatch(""):
            raise ValueError(f"Split pattern {pattern!r} matches the empty string")
        self.pattern = pattern
        self.behavior = behavior
        self.invert = invert
        self.timeout = timeout
        isolating = behavior == "Isolated" and not invert
        self._isolating = self._capturing(source, self._regex) if isolating else None
        faster = self._isolating is not None and pattern in SCANS_FASTER_IN_RE
        self._bmp = bmp_equivalent(pattern) if faster else None
        # a pinned pattern as written too, for text the pin cannot change (faster)
        self._pinned = source != pattern
        self._plain_regex = compile_checked(pattern) if self._pinned else self._regex
        self._plain_isolating = (self._capturing(pattern, self._plain_regex)
                                 if self._pinned and isolating else self._isolating)

    def _capturing(self, source: str, compiled: regex.Pattern) -> regex.Pattern | None:
        """``source`` (compiled as ``compiled``) as one capturing group, so that ``split``
        returns the gaps and the matches in turn; None where that could mean something else
        (groups of its own)."""
        if compiled.groups:
            return None
        try:
            wrapped = compile_checked(f"({source})", compiled.flags, check=self.pattern)
        except ValueError:
            return None
        same = wrapped.groups == 1 and wrapped.flags == compiled.flags
        return wrapped if same else None

    def __repr__(self) -> str:
        return f"Split({self.pattern!r}, {self.behavior!r}, invert={self.invert})"

    @property
    def tiles(self) -> bool:
        """Every behaviour but ``Removed`` keeps all the text."""
        return self.behavior != "Removed"

    def chunks(self, text: str) -> list[str]:
        """``Isolated`` (not inverted) is one C-speed scan: a match, or the run of text
        before the next match, is a chunk. A shipped pattern scans with
        ``patterns.find_chunks`` (its Unicode classes pinned); another with ``regex``'s
        ``split`` by the capturing pattern, which gives the gaps between the matches and
        the matches in turn (on text within the BMP, by its ``re`` equivalent where that
        scans faster: ``bmp_equivalent``). A pattern with groups of its own, or one
        that matched the empty string somewhere (a match HF skips), takes the reference
        fold instead."""
        return self._scanner()(text) if text else super().chunks(text)

    def _scanner(self) -> Callable[[str], list[str]]:
        """What cuts one chunk into chunks (see ``chunks``): ``find_chunks`` for a shipped
        pattern, ``_isolated_chunks`` for another ``Isolated`` one with a capturing form,
        else the reference fold."""
        if self.behavior == "Isolated" and not self.invert:
            if self.pattern in SHIPPED_PATTERNS:
                return partial(find_chunks, pat_str=self.pattern, timeout=self.timeout)
            if self._isolating is not None:
                return self._isolated_chunks
        return super().chunks

    def _isolated_chunks(self, text: str) -> list[str]:
        """``chunks`` by the capturing pattern's ``split`` (``_isolating`` is set), or on
        text without characters beyond U+FFFF by its ``re`` equivalent where
        ``bmp_equivalent.SCANS_FASTER_IN_RE`` names it (a shipped pattern, known to scan in
        linear time, so ``re`` runs it without the time limit, which it has not).

        Raises:
            PatternTimeoutError: if the ``regex`` scan runs past its time (``run_scan``).
        """
        if self._bmp is not None and (text.isascii() or max(text) < "\U00010000"):
            parts = self._bmp.split(text)
        else:
            isolating = (self._isolating if self._pinned and needs_pin(text)
                         else self._plain_isolating)
            if self.timeout is None:  # the keyword alone slows a short chunk's scan
                parts = isolating.split(text)
            else:
                parts = run_scan(lambda limit: isolating.split(text, timeout=limit), self.timeout)
        if "" not in parts[1::2]:  # matches sit at odd places; gaps may be empty
            return list(filter(None, parts))
        return super().chunks(text)

    def chunks_each(self, chunks: list[str]) -> list[str]:
        """``chunks`` of every chunk, scanning each distinct chunk once: a chunk that
        recurs (a comma, a common word between digits) takes its first chunks again, and
        a one-character chunk is its own chunk under every behaviour that keeps the text
        (so is not scanned, nor timed). Chunks are those of ``chunks`` chunk by chunk.

        Raises:
            PatternTimeoutError: if one chunk's scan runs past ``timeout``.
        """
        chunks_of = self._scanner()
        keeps = self.tiles
        known: dict[str, list[str]] = {}
        out: list[str] = []
        for chunk in chunks:
            if keeps and len(chunk) == 1:
                out.append(chunk)
                continue
            found = known.get(chunk)
            if found is None:
                found = known[chunk] = chunks_of(chunk)
            out += found
        return out

    def _runs(self, text: str, start: int, end: int) -> list[tuple[int, int, bool]]:
        """Alternating ``(start, end, is_match)`` runs covering ``text[start:end]``."""
        runs = []
        previous = start
        part = text[start:end]  # a part is matched alone: $ and look-aheads end with it
        pattern = self._regex if self._pinned and needs_pin(part) else self._plain_regex
        spans = run_scan(lambda limit: [m.span() for m in pattern.finditer(part, timeout=limit)],
                         self.timeout)
        for a, b in spans:
            a, b = a + start, b + start
            if a == b:
                continue
            if a > previous:
                runs.append((previous, a, self.invert))
            runs.append((a, b, not self.invert))
            previous = b
        if previous < end:
            runs.append((previous, end, self.invert))
        return runs

    def split_span(self, text: str, start: int, end: int) -> list[Span]:
        """The chunks of ``text[start:end]`` under this behaviour (see the module doc)."""
        runs = self._runs(text, start, end)
        if self.behavior == "Isolated":
            return [(a, b) for a, b, _ in runs]
        if self.behavior == "Removed":
            return [(a, b) for a, b, matched in runs if not matched]
        if self.behavior == "MergedWithNext":
            flipped = [(-b, -a, m) for a, b, m in reversed(runs)]
            return [(-b, -a) for a, b in reversed(_merge_matches(flipped, contiguous=False))]
        return _merge_matches(runs, contiguous=self.behavior == "Contiguous")


def _merge_matches(runs: list[tuple[int, int, bool]], *, contiguous: bool) -> list[Span]:
    """HF's fold for ``MergedWithPrevious`` (a match after a non-match extends it) and
    ``Contiguous`` (a run of the same kind as the one before extends it)."""
    out: list[list[int]] = []
    previous_match = False
    for a, b, matched in runs:
        joins = matched == previous_match if contiguous else matched and not previous_match
        if joins and out:
            out[-1][1] = b
        else:
            out.append([a, b])
        previous_match = matched
    return [(a, b) for a, b in out]


class MarkSplit(PreTokenizer):
    """A chunk starts at every occurrence of one character: HF's ``Split`` on it with
    ``MergedWithNext``, which ``Metaspace`` (``split: true``) does on ``▁``; one C-speed scan.

    Args:
        mark: the character, e.g. ``"▁"``.

    Raises:
        ValueError: if ``mark`` is not one character.

    >>> MarkSplit("▁").chunks("a▁▁b▁c")
    ['a', '▁', '▁b', '▁c']
    """

    def __init__(self, mark: str) -> None:
        if not isinstance(mark, str) or len(mark) != 1:
            raise ValueError(f"MarkSplit needs one character, not {mark!r}")
        self.mark = mark
        escaped = regex.escape(mark)
        self._regex = regex.compile(f"{escaped}[^{escaped}]*|[^{escaped}]+")

    def __repr__(self) -> str:
        return f"MarkSplit({self.mark!r})"

    @property
    def tiles(self) -> bool:
        """The chunks cover the text."""
        return True

    def chunks(self, text: str) -> list[str]:
        """The chunks, in one scan."""
        return self._regex.findall(text)

    def split_span(self, text: str, start: int, end: int) -> list[Span]:
        """The chunks of ``text[start:end]``, as spans into ``text``."""
        return [m.span() for m in self._regex.finditer(text, start, end)]


class Sequence(PreTokenizer):
    """HF's ``Sequence`` pre-tokenizer: each step splits every chunk of the step before.

    Args:
        steps: the pre-tokenizers, in order.
    """

    def __init__(self, steps: Iterable[PreTokenizer]) -> None:
        self.steps = list(steps)
        timeouts = [step.timeout for step in self.steps if step.timeout is not None]
        self.timeout = max(timeouts) if timeouts else None

    def __repr__(self) -> str:
        return f"Sequence({self.steps!r})"

    @property
    def tiles(self) -> bool:
        """Whether every step keeps all the text."""
        return all(step.tiles for step in self.steps)

    def split_span(self, text: str, start: int, end: int) -> list[Span]:
        """The chunks of ``text[start:end]`` after every step."""
        if self.tiles:  # the chunks tile the span: their spans follow from their lengths
            ends = list(accumulate(map(len, self.chunks(text[start:end])), initial=start))
            return list(zip(ends, ends[1:]))
        spans = [(start, end)] if end > start else []
        for step in self.steps:
            spans = [s for a, b in spans for s in step.split_span(text, a, b)]
        return spans

    def chunks(self, text: str) -> list[str]:
        """Each step splits every chunk of the step before."""
        if not self.tiles:
            return super().chunks(text)
        chunks = [text] if text else []
        for step in self.steps:
            chunks = step.chunks_each(chunks)
        return chunks


_PUNCTUATION = code_point_ranges(bert_unicode.PUNCTUATION)
_BERT_CHUNK = re.compile(  # explicit code points: ``re``'s bitmap classes are faster here
    f"[{_PUNCTUATION}]|[^{_PUNCTUATION}{code_point_ranges(bert_unicode.WHITESPACE)}]+"
)


class BertPreTokenizer(PreTokenizer):
    """BERT's pre-tokenizer (HF tokenizers' ``BertPreTokenizer``, ``pre_tokenizers/bert.rs``):
    whitespace is removed (Rust's ``char::is_whitespace``), and each punctuation character
    (``is_bert_punc``: ASCII punctuation, which holds symbols such as ``$+<=>^`|~``, and
    Unicode's P* categories as HF's tables have them, ``bert_unicode``) is a chunk of its
    own; the runs between are chunks."""

    def __repr__(self) -> str:
        return "BertPreTokenizer()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BertPreTokenizer)

    def __hash__(self) -> int:
        return hash(BertPreTokenizer)

    def chunks(self, text: str) -> list[str]:
        """One C-speed scan."""
        return _BERT_CHUNK.findall(text)

    def split_span(self, text: str, start: int, end: int) -> list[Span]:
        """The chunks of ``text[start:end]``, as spans into ``text`` (whitespace in none)."""
        return [m.span() for m in _BERT_CHUNK.finditer(text, start, end)]
