"""Text cut into chunks of at most N tokens, at the most natural boundary that fits.

Retrieval pipelines embed or prompt with pieces of a document that must each fit a model's
window (OpenAI cookbook "Embedding long inputs"; tiktokenizer issue 22). ``chunk_text`` cuts
greedily from the start: each chunk is the longest run of text that encodes to at most
``max_tokens`` tokens, ended at the best boundary inside it. Boundaries, best first:

1. paragraph: after a line break followed by a blank line (``"\\n\\n"``, ``"\\n  \\n"``);
2. line: after a line break (``"\\n"``);
3. sentence: after ``.``, ``!`` or ``?`` (and closing quotes or brackets) followed by
   whitespace, the whitespace going to the next chunk; or after ``。``, ``！``, ``？``;
4. word: before whitespace that follows a non-space character (the space goes with the
   next word, as tiktoken's and SentencePiece's pre-tokenizers attach it);
5. otherwise any character (a word longer than the window is cut inside).

The cut is the last boundary of the best kind found in the part that fits. A chunk's count
is that chunk encoded alone (``Encoding.encode_ordinary``: special-token text is plain text,
no BOS); counts are not additive across a cut (a SentencePiece chunk gains its dummy prefix
``▁``, a byte-level BPE merge can span the cut), so every cut is checked by encoding the chunk.

Overlap: with ``overlap=k``, each chunk after the first starts by repeating the end of the
chunk before it, so a reader of one chunk sees the context just before it: the longest suffix
of the previous chunk that starts at a boundary (of any kind above, or that chunk's start) and
encodes alone to at most ``k`` tokens; if no such suffix fits, the longest that starts at any
character after the chunk's last boundary (a long word, CJK text without spaces). A shorter
suffix is taken when the repeated text and the next character would not fit in ``max_tokens``
together, none when no suffix leaves room. Every chunk still brings text of its own, so the
chunks without their repeated starts join back to the text.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from dataclasses import dataclass

from .encoding import Encoding
from .encodings.registry import get_encoding

__all__ = ["BOUNDARY_KINDS", "boundaries", "chunk_bounds", "chunk_text"]

BOUNDARY_KINDS = ("paragraph", "line", "sentence", "word")
"""The kinds of boundary a cut prefers, best first (then any character)."""

_PATTERNS = {
    "paragraph": re.compile(r"\n(?:[^\S\n]*\n)+"),
    "line": re.compile(r"\n"),
    "sentence": re.compile(r"[.!?][\"')\]\u201d\u2019\u00bb]*(?=\s)|[\u3002\uff01\uff1f]"
                           r"[\u300d\u300f\u201d\u2019\uff09]*"),
    "word": re.compile(r"(?<=\S)(?=\s)"),
}
"""Each kind's boundary is the end of a match (the sentence's and word's end before the
whitespace that follows them)."""

_MAX_CANDIDATES = 8
"""Boundaries tried per cut, per extension and per overlap, best first, before the plainer
choice is taken (a guard for kinds whose count is not monotone in the text's length)."""


def boundaries(text: str) -> dict[str, list[int]]:
    """Where each kind of boundary lies in ``text``.

    Args:
        text (str): the text.

    Returns:
        dict[str, list[int]]: for each of ``BOUNDARY_KINDS``, the sorted character offsets
        ``k`` (``0 < k < len(text)``) where a cut may fall: ``text[:k]`` and ``text[k:]``.

    >>> boundaries("Hi. Yo\\n\\nEnd")
    {'paragraph': [8], 'line': [7, 8], 'sentence': [3], 'word': [3, 6]}
    """
    n = len(text)
    return {kind: sorted({m.end() for m in pattern.finditer(text) if 0 < m.end() < n})
            for kind, pattern in _PATTERNS.items()}


@dataclass
class _Cutter:
    """One call's state: the encoding, the text, its boundaries, and the characters per token
    seen so far (for a first guess of where ``max_tokens`` tokens end)."""

    enc: Encoding
    text: str
    max_tokens: int

    def __post_init__(self) -> None:
        self.kinds = boundaries(self.text)
        self.any_kind = sorted({len(self.text)}.union(*self.kinds.values()))
        self.per_token = len(self.text) / max(self.count(0, len(self.text)), 1)

    def count(self, start: int, end: int) -> int:
        """Tokens of ``text[start:end]`` encoded alone."""
        return len(self.enc.encode_ordinary(self.text[start:end]))

    def fitting_end(self, start: int, lowest: int) -> int | None:
        """The largest end ``e > lowest`` found with ``text[start:e]`` at most ``max_tokens``
        tokens, or None if even ``text[start:lowest + 1]`` is over.

        A few secant steps from a guess by characters per token (usually two or three
        encodes), then a bisection between an end that fits and one that is over: over the
        boundaries between them, then over characters if no boundary fits."""
        n = len(self.text)
        lo, hi = lowest, n + 1  # text[start:lo] fits (or lo == lowest); text[start:hi] is over
        end = min(max(start + round(self.max_tokens * self.per_token), lowest + 1), n)
        for _ in range(5):
            count = self.count(start, end)
            if count <= self.max_tokens:
                lo = end
                if end == n:
                    return n
            else:
                hi = end
            if count:
                self.per_token = (end - start) / count
            step = self._snapped(end + round((self.max_tokens - count) * self.per_token),
                                 start, end, count <= self.max_tokens)
            if not lo < step < hi:
                break
            end = min(step, n)
        # the last boundary between them that fits: a cut falls on a boundary when the part
        # that fits holds one, so characters are bisected only when it holds none
        inside = self.any_kind[bisect_right(self.any_kind, lo):bisect_left(self.any_kind, hi)]
        below, above = -1, len(inside)
        while above - below > 1:
            mid = (below + above) // 2
            if self.count(start, inside[mid]) <= self.max_tokens:
                below = mid
            else:
                above = mid
        lo = inside[below] if below >= 0 else lo
        hi = inside[above] if above < len(inside) else hi
        if bisect_right(self.any_kind, lo) > bisect_right(self.any_kind, lowest):
            return lo  # a boundary in (lowest, lo]
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.count(start, mid) <= self.max_tokens:
                lo = mid
            else:
                hi = mid
        return lo if lo > lowest else None

    def _snapped(self, target: int, start: int, end: int, on: bool) -> int:
        """The next step from ``end`` towards ``target``: onward (``on``) to the first boundary
        at or after it (at least ``end + 1``), else back to the last boundary at or before it
        (at most ``end - 1``); the character itself where no boundary lies near (onward: within
        twice the chunk's length so far, so text without boundaries is never encoded whole)."""
        if on:
            target = max(target, end + 1)
            k = bisect_left(self.any_kind, target)
            near = k < len(self.any_kind) and self.any_kind[k] - start <= 2 * (target - start)
            return self.any_kind[k] if near else target
        target = min(target, end - 1)
        k = bisect_right(self.any_kind, target) - 1
        return self.any_kind[k] if k >= 0 else target

    def extend(self, start: int, end: int) -> int:
        """``end`` moved on to the following boundaries (of any kind, or the text's end; within
        twice the chunk's length) while the chunk still fits: a count need not grow with the
        text (gpt2's ``"one two thre"`` is 4 tokens, ``"one two three"`` 3), so a bisection
        can stop inside a word."""
        reach = start + 2 * (end - start)  # text without boundaries is never encoded whole
        for _ in range(_MAX_CANDIDATES):
            k = bisect_right(self.any_kind, end)
            if (k == len(self.any_kind) or self.any_kind[k] > reach
                    or self.count(start, self.any_kind[k]) > self.max_tokens):
                break
            end = self.any_kind[k]
        return end

    def cut(self, start: int, lowest: int, end: int) -> int:
        """The best boundary in ``(lowest, end]`` whose chunk fits, else ``end``."""
        tried = 0
        for kind in BOUNDARY_KINDS:
            positions = self.kinds[kind]
            k = bisect_right(positions, end) - 1
            while k >= 0 and positions[k] > lowest and tried < _MAX_CANDIDATES:
                tried += 1
                if positions[k] == end or self.count(start, positions[k]) <= self.max_tokens:
                    return positions[k]
                k -= 1
        return end

    def overlap_starts(self, start: int, end: int, overlap: int) -> list[int]:
        """Where the chunk after ``text[start:end]`` may start, best first: the longest suffix
        starting at a boundary (of any kind, or the chunk's start) that encodes alone to at
        most ``overlap`` tokens, then the shorter ones; or, if none fits, the longest suffix
        starting at any character after the last boundary, then the shorter ones."""
        first, last = bisect_right(self.any_kind, start), bisect_left(self.any_kind, end)
        starts = [start, *self.any_kind[first:last]]
        k = self._longest_fitting(starts, end, overlap)
        if k == len(starts):
            starts = list(range(starts[-1] + 1, end))
            k = self._longest_fitting(starts, end, overlap)
        return starts[k:]

    def _longest_fitting(self, starts: list[int], end: int, overlap: int) -> int:
        """The first ``k`` with ``text[starts[k]:end]`` at most ``overlap`` tokens
        (``len(starts)`` if none): tried first where ``overlap`` tokens would start by the
        characters per token, then by bisection. ``starts[k - 1]``, when there is one, was
        found over."""
        def fits(k: int) -> bool:
            return self.count(starts[k], end) <= overlap

        if not starts:
            return 0
        guess = min(bisect_left(starts, end - round(overlap * self.per_token)), len(starts) - 1)
        if fits(guess):
            if guess == 0 or not fits(guess - 1):
                return guess
            low, high = 0, guess - 1  # starts[high] fits
        else:
            if guess + 1 == len(starts) or fits(guess + 1):
                return guess + 1
            low, high = guess + 2, len(starts)  # starts[low - 1] is over
        while low < high:
            mid = (low + high) // 2
            if fits(mid):
                high = mid
            else:
                low = mid + 1
        return low


def _check(text: object, max_tokens: object, overlap: object) -> None:
    """Refuse bad arguments by name (ValueError; TypeError for a text that is not a str)."""
    if not isinstance(text, str):
        raise TypeError(f"text must be a str, not {type(text).__name__}")
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
        raise ValueError(f"max_tokens must be a whole number of at least 1, not {max_tokens!r}")
    if isinstance(overlap, bool) or not isinstance(overlap, int) or overlap < 0:
        raise ValueError(f"overlap must be a whole number of at least 0, not {overlap!r}")
    if overlap >= max_tokens:
        raise ValueError(f"overlap ({overlap}) must be less than max_tokens ({max_tokens})")


def _encoding(encoding: Encoding | str) -> Encoding:
    """An ``Encoding`` as given, or the shipped one of that name."""
    if isinstance(encoding, Encoding):
        return encoding
    if not isinstance(encoding, str):
        raise ValueError(f"encoding must be an Encoding or a name, not {type(encoding).__name__}")
    return get_encoding(encoding)


def chunk_bounds(text: str, encoding: Encoding | str, max_tokens: int,
                 overlap: int = 0) -> list[tuple[int, int]]:
    """``chunk_text``'s chunks as character offsets into ``text``.

    Arguments and errors as for ``chunk_text``.

    Returns:
        list[tuple[int, int]]: ``(start, end)`` per chunk, ``text[start:end]`` its text; the
        first starts at 0, the last ends at ``len(text)``, ends strictly increase, and each
        start lies at or before the previous end (before it by the repeated overlap).
    """
    _check(text, max_tokens, overlap)
    enc = _encoding(encoding)
    if not text:
        return []
    cutter = _Cutter(enc, text, max_tokens)
    out: list[tuple[int, int]] = []
    done = 0  # the text before ``done`` is in chunks already
    while done < len(text):
        start, end = done, None
        if out and overlap:  # the longest repeat that leaves room for the next character
            starts = cutter.overlap_starts(*out[-1], overlap)
            for start in starts[:_MAX_CANDIDATES]:
                if start == starts[0] or cutter.count(start, done) <= overlap:
                    if (end := cutter.fitting_end(start, done)) is not None:
                        break
        if end is None:
            start, end = done, cutter.fitting_end(done, done)
        if end is None:
            raise ValueError(f"max_tokens={max_tokens} is too small: the character at offset "
                             f"{done} alone encodes to {cutter.count(done, done + 1)} tokens")
        if end < len(text):
            end = cutter.extend(start, end)
        if end < len(text):
            end = cutter.cut(start, done, end)
        out.append((start, end))
        done = end
    return out


def chunk_text(text: str, encoding: Encoding | str, max_tokens: int,
               overlap: int = 0) -> list[str]:
    """Cut ``text`` into chunks of at most ``max_tokens`` tokens each, preferring paragraph,
    line, sentence and word boundaries, in that order (see the module docstring).

    Args:
        text (str): the text.
        encoding (Encoding | str): an ``Encoding``, or a shipped encoding's name.
        max_tokens (int): the most tokens of a chunk encoded alone (``encode_ordinary``),
            at least 1.
        overlap (int): at most this many tokens of each chunk's end (whole words where they
            fit: see the module docstring) repeated at the start of the next one, from 0 (the
            default: the chunks join back to ``text`` exactly) to ``max_tokens - 1``.

    Returns:
        list[str]: the chunks, in order; none for an empty text.

    Raises:
        TypeError: if ``text`` is not a str.
        ValueError: naming the argument: ``max_tokens`` below 1 or not a whole number,
            ``overlap`` below 0 or not below ``max_tokens``, an ``encoding`` that is not an
            Encoding or a shipped name; ``max_tokens`` smaller than one character of the text
            encodes to (``"你"`` is 2 gpt2 tokens).

    >>> chunk_text("One. Two.\\n\\nThree four five.", "gpt2", 5)
    ['One. Two.\\n\\n', 'Three four five.']
    """
    return [text[a:b] for a, b in chunk_bounds(text, encoding, max_tokens, overlap)]
