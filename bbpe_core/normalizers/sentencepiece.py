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

>>> SentencePieceNormalizer(None).normalize("  Hello   world ")
'▁Hello▁world'
"""

from __future__ import annotations

from collections.abc import Iterable

import regex

from .precompiled import CharsMap
from .replace import SPACE_MARK

__all__ = ["SentencePieceNormalizer"]

Spans = list[tuple[int, int]]
_LONG = 4096  # characters from which a text is scanned for where rules may apply


class SentencePieceNormalizer:
    """``normalizer.cc``'s ``Normalize`` (see the module).

    Args:
        charsmap: the precompiled rules, or None (``identity``).
        add_dummy_prefix, remove_extra_whitespaces, escape_whitespaces: the
            ``normalizer_spec`` flags.
        user_defined: USER_DEFINED pieces, never normalized.
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
        self._pattern: regex.Pattern | None = None

    def __repr__(self) -> str:
        return (f"SentencePieceNormalizer(add_dummy_prefix={self.add_dummy_prefix}, "
                f"remove_extra_whitespaces={self.remove_extra_whitespaces})")

    def _prefix(self, text: str, pos: int) -> tuple[str, int]:
        """``NormalizePrefix``: (replacement, characters consumed) at ``pos``."""
        char = text[pos]
        if char in self._user_starts:
            for piece in self.user_defined:
                if text.startswith(piece, pos):
                    return piece, len(piece)
        if self.charsmap is not None:
            found = self.charsmap.longest_match(text, pos)
            if found is not None:
                return found[1], found[0]
        return char, 1

    def _rules(self, text: str) -> regex.Pattern | None:
        """For a long text, a pattern that matches where something other than a plain copy
        may happen: a space, a user-defined piece's first character, a one-character rule,
        or the character before one that continues a longer rule (``CharsMap.rule_chars``);
        None for a short text (finding those characters costs a walk over the whole trie,
        once)."""
        if len(text) < _LONG:
            return None
        if self._pattern is None:
            singles, later = self.charsmap.rule_chars() if self.charsmap else ((), ())
            special = "".join(sorted({" ", *self._user_starts, *singles, *later}))
            chars = "".join(map(regex.escape, special))
            follow = "".join(map(regex.escape, sorted(later))) or "(?!)"
            self._pattern = regex.compile(
                f"[{chars}]|(?s:.)(?=[{follow}])" if later else f"[{chars}]")
        return self._pattern

    def normalize(self, text: str) -> str:
        """The normalized text."""
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
        rules = self._rules(text)
        while pos < n:
            if rules is not None and not rules.match(text, pos):  # copied as it is
                end = found.start() if (found := rules.search(text, pos)) else n
                out.append(text[pos:end])
                spans.extend((k, k + 1) for k in range(pos, end))
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
