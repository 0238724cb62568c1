"""The corpus side of Unigram training: sentences into counted units, the required
characters, and the seed pieces (sentencepiece's ``trainer_interface.cc`` and
``unigram_model_trainer.cc``, ``MakeSeedSentencePieces``).

- Sentences are the lines of the input, normalized as the trained ``.model`` will normalize
  them (``spec.NormalizerSpec``: by default ``nmt_nfkc``, extra spaces removed, a ``▁``
  before each, every space a ``▁``), then split before each ``▁`` (``SplitIntoWords``: a
  ``▁`` only begins a piece). User-defined symbols are cut out (they are pieces of their
  own); with ``split_digits`` each digit is a unit of its own.
- A piece never mixes Unicode scripts (``IsValidSentencePiece`` with
  ``split_by_unicode_script`` and ``split_by_number``: digits and punctuation are Common,
  Hiragana and Katakana count as Han, an Inherited mark takes the script before it), so each
  word is cut further where the script changes, the leading ``▁`` staying with the first
  run. No piece crosses such a cut, so training over these units (counted) gives the same
  lattices as over whole sentences, only fewer and shorter.
- Seed pieces: every character (scored by its count) and the most frequent substrings of
  2 to ``max_piece_length`` characters (scored by count x length, the best
  ``seed_size`` kept). sentencepiece takes the substrings from a suffix array (the internal
  nodes of the suffix tree: substrings seen at least twice, not always followed by the
  same character); here they are counted exactly, length by length (a substring is counted
  only if both its shorter parts were seen twice), and the same rule is applied: seen
  twice, and not always followed by the same character inside its unit.

Not here: the EM and pruning (``models.unigram.trainer``), the public function (``unigram``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from functools import cache

import regex

from ..models.budget import Stop, check_stop
from ..normalizers.replace import SPACE_MARK
from ..pre_tokenizers.regex_core import SCRIPTS

__all__ = ["UNK_CHAR", "count_units", "normalize_line", "replace_rare", "required_chars",
           "script_of", "seed_pieces"]

UNK_CHAR = "\u2047"
"""sentencepiece's ``kUNKChar`` (``⁇``): characters outside the coverage become it."""

_SCRIPT_IDS = sorted({number for number in SCRIPTS.values()})
_SCRIPT_NAMES = {number: name for name, number in SCRIPTS.items()}
_SCRIPT_TESTS = [(number, regex.compile(rf"\p{{Script={_SCRIPT_NAMES[number]}}}"))
                 for number in _SCRIPT_IDS]
_COMMON, _INHERITED, _HAN = (SCRIPTS[name]
                             for name in ("COMMON", "INHERITED", "HAN"))
_JAPANESE = {SCRIPTS[name] for name in ("HIRAGANA", "KATAKANA")}


@cache
def script_of(char: str) -> int:
    """The Unicode script of ``char`` as sentencepiece compares them (an id from the
    ``regex`` package's script table; Hiragana, Katakana and U+30FC count as Han).

    >>> script_of("a") == script_of("z") != script_of("中") == script_of("の")
    True
    """
    if char == "\u30fc":
        return _HAN
    for number, test in _SCRIPT_TESTS:
        if test.match(char):
            return _HAN if number in _JAPANESE else number
    return _COMMON


def _units(word: str) -> list[str]:
    """A word cut where the script changes (the leading ``▁`` kept with the first run)."""
    units: list[str] = []
    start, previous = 0, None
    for k, char in enumerate(word):
        if char == SPACE_MARK:
            continue
        script = script_of(char)
        if script == _INHERITED:
            continue
        if previous is not None and script != previous:
            units.append(word[start:k])
            start = k
        previous = script
    units.append(word[start:])
    return units


def normalize_line(line: str) -> str:
    """A line as the ``identity`` normalizer with a dummy prefix writes it: ``▁`` first,
    every space a ``▁``."""
    return SPACE_MARK + line.replace(" ", SPACE_MARK)


def _segments(text: str, user_defined: Sequence[str]) -> list[str]:
    """``text`` cut at each user-defined symbol (longest first), the symbols left out."""
    if not user_defined:
        return [text]
    pattern = "|".join(map(regex.escape, sorted(user_defined, key=len, reverse=True)))
    return [part for part in regex.split(pattern, text) if part]


_DIGIT = regex.compile(r"(\d)")


def count_units(lines: Iterable[str], normalize: Callable[[str], str] = normalize_line, *,
                split_digits: bool = False, user_defined: Sequence[str] = (),
                stop: Stop = None) -> tuple[Counter, Counter]:
    """``(units, chars)``: each unit (see the module) and each character with its count.

    Args:
        lines: the corpus' lines (no line breaks inside).
        normalize: a line -> its normalized form (``▁`` for spaces); the ``identity`` one
            with a dummy prefix by default.
        split_digits: make each digit a unit of its own (sentencepiece's ``split_digits``).
        user_defined: symbols cut out of the lines (they are pieces of their own).
        stop: checked after each line (``budget``).

    Raises:
        TrainingStopped: when ``stop`` says so.
    """
    words: Counter = Counter()
    chars: Counter = Counter()
    for line in lines:
        check_stop(stop, "train")
        for text in _segments(normalize(line) if line else "", user_defined):
            chars.update(text)
            words.update(regex.findall(f"{SPACE_MARK}[^{SPACE_MARK}]*|[^{SPACE_MARK}]+", text))
    units: Counter = Counter()
    for word, n in words.items():
        for unit in _units(word):
            for part in _DIGIT.split(unit) if split_digits else (unit,):
                if part:
                    units[part] += n
    return units, chars


def required_chars(chars: Counter, coverage: float) -> dict[str, int]:
    """The characters kept, most frequent first, until ``coverage`` of all characters
    is reached (sentencepiece's ``character_coverage``); ties by code point.

    Args:
        chars: character -> count.
        coverage: the share of character occurrences to cover, in (0, 1].
    """
    total = sum(chars.values())
    kept: dict[str, int] = {}
    covered = 0
    for char, n in sorted(chars.items(), key=lambda kv: (-kv[1], kv[0])):
        if covered >= coverage * total:
            break
        kept[char] = n
        covered += n
    return kept


def replace_rare(units: Counter, kept: dict[str, int]) -> Counter:
    """Units with each character outside ``kept`` written as ``UNK_CHAR``."""
    if all(char in kept for unit in units for char in unit):
        return units
    out: Counter = Counter()
    for unit, n in units.items():
        out["".join(c if c in kept else UNK_CHAR for c in unit)] += n
    return out


def seed_pieces(units: Counter, kept: dict[str, int], *, seed_size: int,
                max_piece_length: int, stop: Stop = None) -> list[tuple[str, float]]:
    """The seed vocabulary: ``(piece, score)``, characters first, then substrings by
    count x length (see the module); scores are not yet log probabilities.

    Args:
        units: unit -> count.
        kept: the required characters and their counts.
        seed_size: how many substrings at most.
        max_piece_length: the longest substring, in characters.
        stop: checked for each length of substrings (``budget``).

    Raises:
        TrainingStopped: when ``stop`` says so.
    """
    frequent: dict[str, int] = {}
    layer: Counter = Counter()
    for unit, n in units.items():
        for s in range(len(unit) - 1):
            layer[unit[s:s + 2]] += n
    length = 2
    while layer:
        check_stop(stop, "train")
        layer = Counter({sub: n for sub, n in layer.items() if n >= 2 and UNK_CHAR not in sub})
        frequent.update(layer)
        if length == max_piece_length:
            break
        length += 1
        nxt: Counter = Counter()
        for unit, n in units.items():
            for s in range(len(unit) - length + 1):
                sub = unit[s:s + length]
                if sub[:-1] in layer and sub[1:] in layer:
                    nxt[sub] += n
        layer = nxt
    extended: dict[str, int] = {}
    for sub, n in frequent.items():
        head = sub[:-1]
        if len(head) >= 2 and n > extended.get(head, 0):
            extended[head] = n
    scored = [(sub, n * len(sub)) for sub, n in frequent.items() if extended.get(sub, 0) < n]
    scored.sort(key=lambda kv: (-kv[1], kv[0]))
    chars = sorted(((c, n) for c, n in kept.items() if c != UNK_CHAR),
                   key=lambda kv: (-kv[1], kv[0]))
    return [*chars, *scored[:seed_size]]

