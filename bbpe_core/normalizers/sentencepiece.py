"""The ``sentencepiece`` library's normalizer, as a ``.model``'s ``normalizer_spec`` sets it.

Source: sentencepiece's ``normalizer.cc`` (``Normalizer::Normalize``, ``NormalizePrefix``).
From the start of the text:

1. a user-defined piece that starts here (the longest) is copied unchanged; else the
   longest rule of the precompiled map (``precompiled.CharsMap``) is applied; else one
   character is copied;
2. with ``remove_extra_whitespaces``: leading spaces are dropped, a result that follows one
   ending in a space loses its leading spaces, and trailing spaces are dropped at the end;
3. with ``escape_whitespaces`` each space becomes ``▁``; with ``add_dummy_prefix`` a ``▁`` is
   put first (when the text is not empty after step 2).

``normalize_with_offsets`` says which input characters each output character came from (the
library's ``norm_to_orig``), for the viewer's spans.

A long text is not walked position by position: one character-class search finds where a
rule, a user-defined piece or a dropped space may start (``_Scan``) and the runs between are
copied; where no rule or user-defined piece longer than one character can start, ``normalize``
is one ``str.translate`` (``_translate``). Both give what the loop gives.

>>> SentencePieceNormalizer(None).normalize("  Hello   world ")
'▁Hello▁world'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

from ..special import whole_token_pattern
from .growth import MAX_GROWTH, MAX_REPLACEMENT_CHARS, check_growth
from .precompiled import CharsMap, grown_size
from .replace import SPACE_MARK

__all__ = ["SentencePieceNormalizer"]

Spans = list[tuple[int, int]]
_LONG = 4096  # characters from which a text is scanned for where rules may apply
_SPACE_RUN = re.compile(" {2,}")


class _Chars(NamedTuple):
    """A set of characters and a search for them: a class of the set's characters below
    U+10000 (the standard library's ``re`` tests those with a bitmap, at C speed; a class
    with higher ones is tried range by range) and of every character above, the latter
    checked against the set."""

    chars: frozenset[str]
    pattern: re.Pattern

    @classmethod
    def of(cls, chars: Iterable[str]) -> _Chars:
        """The search for ``chars``."""
        chars = frozenset(chars)
        bmp = "".join(map(re.escape, sorted(c for c in chars if c <= "\uffff")))
        astral = "\U00010000-\U0010FFFF" if any(c > "\uffff" for c in chars) else ""
        return cls(chars, re.compile(f"[{bmp}{astral}]" if bmp or astral else "(?!)"))

    def find(self, text: str, pos: int = 0) -> int:
        """The index of the first character of the set at or after ``pos``, or -1."""
        while found := self.pattern.search(text, pos):
            at = found.start()
            if text[at] in self.chars:
                return at
            pos = at + 1
        return -1


class _Scan(NamedTuple):
    """Where a long text can be copied as it is.

    ``special``: the characters at or right before which something other than a plain
    copy may happen: a one-character rule, a user-defined piece's first character, a space
    when extra spaces are removed, and (``later``) a character that comes second or later
    in some rule, so that the character before it may start that rule
    (``CharsMap.rule_chars``). ``multi``: the characters with which a rule or user-defined
    piece longer than one character can be met (``later``, and the first characters of
    such pieces). ``starts``: ``special`` without ``later``.
    """

    special: _Chars
    later: frozenset[str]
    multi: _Chars
    starts: frozenset[str]

    def plain_end(self, text: str, pos: int) -> int:
        """The end of the run from ``pos`` in which every character is copied as it is
        (each is neither special nor followed by a character of ``later``)."""
        end = self.special.find(text, pos)
        if end < 0:
            return len(text)
        return end - 1 if end > pos and text[end] in self.later else end


class SentencePieceNormalizer:
    """``normalizer.cc``'s ``Normalize`` (see the module).

    Args:
        charsmap: the precompiled rules, or None (``identity``).
        add_dummy_prefix, remove_extra_whitespaces, escape_whitespaces: the
            ``normalizer_spec`` flags.
        user_defined: USER_DEFINED pieces, never normalized; found where one starts by
            one pattern of them all (``special.whole_token_pattern``, a trie: the longest
            one, in time linear in the text whatever their number; compiled by ``re``).

    Raises:
        NormalizedTooLongError: from ``normalize`` when the rules would make the text more
            than ``growth.MAX_GROWTH`` times longer.
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, charsmap: CharsMap | None, *, add_dummy_prefix: bool = True,
                 remove_extra_whitespaces: bool = True, escape_whitespaces: bool = True,
                 user_defined: Iterable[str] = ()) -> None:
        self.charsmap = charsmap
        self.add_dummy_prefix = add_dummy_prefix
        self.remove_extra_whitespaces = remove_extra_whitespaces
        self.escape_whitespaces = escape_whitespaces
        self.user_defined = sorted(set(p for p in user_defined if p), key=len, reverse=True)
        self._user_starts = frozenset(p[0] for p in self.user_defined)
        self._user_match = (re.compile(whole_token_pattern(frozenset(self.user_defined))).match
                            if self.user_defined else None)
        self._scan_tables: _Scan | None = None
        self._table: dict[int, str] = {}
        self._seen: set[str] = set()
        self._odd_spaces: set[str] = set()

    def __repr__(self) -> str:
        return (f"SentencePieceNormalizer(add_dummy_prefix={self.add_dummy_prefix}, "
                f"remove_extra_whitespaces={self.remove_extra_whitespaces})")

    def _prefix(self, text: str, pos: int) -> tuple[str, int]:
        """``NormalizePrefix``: (replacement, characters consumed) at ``pos``."""
        char = text[pos]
        if (char in self._user_starts and self._user_match is not None
                and (found := self._user_match(text, pos))):
            return found.group(), found.end() - pos
        if self.charsmap is not None:
            mapped = self.charsmap.longest_match(text, pos)
            if mapped is not None:
                return mapped[1], mapped[0]
        return char, 1

    def _scan(self, text: str) -> _Scan | None:
        """For a long text, the tables of ``_Scan`` (built once: finding the characters
        rules start with costs a walk over the whole trie); None for a short text."""
        if len(text) < _LONG:
            return None
        if self._scan_tables is None:
            singles, later = self.charsmap.rule_chars() if self.charsmap else ((), ())
            special = {*self._user_starts, *singles, *later}
            if self.remove_extra_whitespaces:
                special.add(" ")
            multi = {*later, *(p[0] for p in self.user_defined if len(p) > 1)}
            self._scan_tables = _Scan(_Chars.of(special), frozenset(later), _Chars.of(multi),
                                      frozenset(special - set(later)))
        return self._scan_tables

    def _translate(self, text: str, scan: _Scan) -> str | None:
        """``normalize`` for a text in which no rule or user-defined piece longer than one
        character can start (``scan.multi`` finds none): each character's piece then
        depends on that character alone (``NormalizePrefix`` on it), so the text is
        rewritten by one ``str.translate`` over a table filled per distinct character.

        When extra spaces are removed, the loop drops a piece's leading spaces when the
        output before the piece is empty or ends with a space; as long as no piece holds
        two spaces in a row, that is: runs of spaces become one, leading and trailing ones
        go. None (use the loop) when a character of the text has a piece with two spaces
        in a row (no nmt_nfkc rule has one; a custom rule may)."""
        table, odd = self._table, self._odd_spaces
        present = set(text) & scan.starts
        for char in present.difference(self._seen):
            self._seen.add(char)
            piece = self._prefix(char, 0)[0]
            if piece != char:
                table[ord(char)] = piece
            if "  " in piece:
                odd.add(char)
        remove = self.remove_extra_whitespaces
        if remove and not odd.isdisjoint(present):
            return None
        check_growth(len(text), grown_size(text, {c: table[ord(c)] for c in present
                                                  if ord(c) in table}))
        result = text.translate(table) if table else text
        if remove:
            result = _SPACE_RUN.sub(" ", result).lstrip(" ")
        space = SPACE_MARK if self.escape_whitespaces else " "
        if self.escape_whitespaces:
            result = result.replace(" ", SPACE_MARK)
        if self.add_dummy_prefix and text:
            result = space + result
        return result.rstrip(space) if remove else result

    def normalize(self, text: str) -> str:
        """The normalized text (for a long text without any character that continues a
        rule, one ``str.translate``: ``_translate``)."""
        scan = self._scan(text)
        if scan is not None and scan.multi.find(text) < 0 \
                and (result := self._translate(text, scan)) is not None:
            return result
        return self.normalize_with_offsets(text)[0]

    def normalize_with_offsets(self, text: str) -> tuple[str, Spans]:
        """The normalized text and, per output character, the input span it came from (an
        added ``▁`` comes from an empty span)."""
        pos, n = 0, len(text)
        remove = self.remove_extra_whitespaces
        if remove:
            while pos < n:
                piece, size = self._prefix(text, pos)
                if piece != " ":
                    break
                pos += size
        if pos == n:
            return "", []
        space = SPACE_MARK if self.escape_whitespaces else " "
        out: list[str] = []
        spans: Spans = []
        if self.add_dummy_prefix:
            out.append(space)
            spans.append((pos, pos))
        is_prev_space = remove
        scan = self._scan(text)
        limit = MAX_GROWTH * n + MAX_REPLACEMENT_CHARS
        while pos < n:
            if len(spans) > limit:
                check_growth(n, len(spans))
            end = pos if scan is None else scan.plain_end(text, pos)
            if end > pos:  # no rule, user-defined piece or dropped space starts in here
                run = text[pos:end]
                out.append(run.replace(" ", SPACE_MARK) if self.escape_whitespaces else run)
                spans.extend(zip(range(pos, end), range(pos + 1, end + 1)))
                pos, is_prev_space = end, False
                continue
            piece, size = self._prefix(text, pos)
            if is_prev_space:
                piece = piece.lstrip(" ")
            if piece:
                is_prev_space = piece.endswith(" ")
                if self.escape_whitespaces:
                    piece = piece.replace(" ", SPACE_MARK)
                out.append(piece)
                spans.extend([(pos, pos + size)] * len(piece))
            pos += size
            if not remove:
                is_prev_space = False
        result = "".join(out)
        if remove:
            kept = len(result.rstrip(space))
            result, spans = result[:kept], spans[:kept]
        return result, spans
