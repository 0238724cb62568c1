"""Normalizers: the pipeline stage that rewrites text before it is split into chunks.

HF tokenizers' names (``tokenizers/src/normalizers``): ``NFC`` (Qwen 2.5 / 3), ``NFKC``
(Anthropic's Claude 1/2 tokenizer), ``BertNormalizer`` (BERT: clean text, spaces around CJK
ideographs, strip accents, lowercase). A normalizer runs on each segment of ordinary text, after
special and added tokens were split out of the raw text (as HF matches added tokens before
normalizing), so a token typed in the text is never rewritten.

``normalize_with_offsets`` also says which characters of the input each output character
came from, so a viewer can show a token's span in the text the user typed. It normalizes one
extended grapheme cluster (``\\X``) at a time, which gives the same string as normalizing the
whole text except across a few rare cluster boundaries; where the two differ, every output
character is mapped to the whole input (the ids always come from ``normalize``).

>>> NFKC().normalize("ﬁve ①")
'five 1'
>>> NFKC().normalize_with_offsets("ﬁ!")
('fi!', [(0, 1), (0, 1), (1, 2)])
>>> BertNormalizer().normalize("Héllo\\tWORLD 中文")
'hello world  中  文 '
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import regex

from ..pre_tokenizers import bert_unicode
from ..pre_tokenizers.patterns import code_point_ranges

__all__ = ["BertNormalizer", "NFC", "NFKC", "Normalizer"]

_GRAPHEME = regex.compile(r"\X")


class Normalizer:
    """A Unicode normalization form applied to ordinary text (HF's NFC / NFKC normalizers).

    Args:
        form: ``"NFC"``, ``"NFKC"``, ``"NFD"`` or ``"NFKD"`` (``unicodedata.normalize``).

    Raises:
        ValueError: for another form.
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, form: str) -> None:
        if form not in ("NFC", "NFKC", "NFD", "NFKD"):
            raise ValueError(f"unknown Unicode normalization form {form!r}")
        self.form = form

    def __repr__(self) -> str:
        return f"{self.form}()"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Normalizer) and other.form == self.form

    def __hash__(self) -> int:
        return hash(self.form)

    def normalize(self, text: str) -> str:
        """The normalized text (``text`` itself when it is already normalized)."""
        if unicodedata.is_normalized(self.form, text):
            return text
        return unicodedata.normalize(self.form, text)

    def normalize_with_offsets(self, text: str) -> tuple[str, list[tuple[int, int]]]:
        """The normalized text and, per output character, the input span it came from.

        Returns:
            ``(normalized, spans)``: ``spans[i]`` is ``(start, end)`` in ``text`` (characters)
            of the grapheme cluster that output character ``i`` belongs to.
        """
        whole = self.normalize(text)
        if whole is text:
            return text, [(i, i + 1) for i in range(len(text))]
        out: list[str] = []
        spans: list[tuple[int, int]] = []
        for match in _GRAPHEME.finditer(text):
            piece = unicodedata.normalize(self.form, match.group())
            out.append(piece)
            spans.extend([match.span()] * len(piece))
        if "".join(out) != whole:
            return whole, [(0, len(text))] * len(whole)
        return whole, spans


def NFC() -> Normalizer:  # noqa: N802 (HF's name)
    """HF's ``NFC`` normalizer (canonical composition), as Qwen's tokenizer.json has it."""
    return Normalizer("NFC")


def NFKC() -> Normalizer:  # noqa: N802 (HF's name)
    """HF's ``NFKC`` normalizer (compatibility composition), as Claude 1/2's tokenizer has it."""
    return Normalizer("NFKC")


def _char_class(runs: list[tuple[int, int]]) -> re.Pattern:
    """A class of explicit code points: the standard library's ``re`` tests a large class
    with a bitmap, several times faster than ``regex`` here (no Unicode property is used)."""
    return re.compile(f"[{code_point_ranges(runs)}]")


_CONTROL = _char_class(bert_unicode.CONTROL)
_SPACE = _char_class([run for run in bert_unicode.SPACE if run != (0x20, 0x20)])
_CJK = re.compile(f"([{code_point_ranges(bert_unicode.CJK)}])")  # split keeps them
_MARKS = _char_class(bert_unicode.MARKS)


def _exceptions(table: dict[int, str]) -> re.Pattern:
    """The table's characters as one capturing class (``split`` keeps them)."""
    return re.compile("([" + "".join(re.escape(chr(cp)) for cp in table) + "])")


_NFD_EXCEPTIONS = _exceptions(bert_unicode.NFD_EXCEPTIONS)
_LOWER_EXCEPTIONS = _exceptions(bert_unicode.LOWERCASE_EXCEPTIONS)


def _nfd(text: str) -> str:
    """NFD as HF tokenizers has it: Python's, except ``bert_unicode.NFD_EXCEPTIONS`` (each
    a starter, so the text can be decomposed piece by piece around them)."""
    if not _NFD_EXCEPTIONS.search(text):
        return unicodedata.normalize("NFD", text)
    pieces = _NFD_EXCEPTIONS.split(text)  # odd items are the exceptions
    return "".join(bert_unicode.NFD_EXCEPTIONS[ord(p)] if i % 2 else
                   unicodedata.normalize("NFD", p) for i, p in enumerate(pieces))


class BertNormalizer:
    """BERT's normalizer (HF tokenizers' ``BertNormalizer``, ``normalizers/bert.rs``; the
    same steps as transformers' ``BasicTokenizer``), in this order:

    1. clean text: drop U+0000, U+FFFD and control and format characters (not tab, LF,
       CR); every whitespace character becomes a space;
    2. a space on each side of every CJK ideograph (``bert.rs`` ``is_chinese_char``);
    3. strip accents: NFD, then drop the non-spacing marks (Mn);
    4. lowercase, one character at a time (Rust's ``char::to_lowercase``: Σ is always σ).

    The character classes are HF's, not Python's (``bert_unicode``, generated).

    Args:
        clean_text: step 1.
        handle_chinese_chars: step 2.
        strip_accents: step 3; None (BERT's default) follows ``lowercase``.
        lowercase: step 4 (uncased BERT).
    """

    timeout: float | None = None
    """Seconds a user's pattern may scan; None: this normalizer runs no such pattern."""

    def __init__(self, *, clean_text: bool = True, handle_chinese_chars: bool = True,
                 strip_accents: bool | None = None, lowercase: bool = True) -> None:
        self.clean_text = clean_text
        self.handle_chinese_chars = handle_chinese_chars
        self.strip_accents = lowercase if strip_accents is None else strip_accents
        self.lowercase = lowercase
        self._normalize_char = lru_cache(maxsize=65536)(self.normalize)

    def _flags(self) -> tuple[bool, bool, bool, bool]:
        return (self.clean_text, self.handle_chinese_chars, self.strip_accents, self.lowercase)

    def __repr__(self) -> str:
        return ("BertNormalizer(clean_text={}, handle_chinese_chars={}, strip_accents={}, "
                "lowercase={})".format(*self._flags()))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BertNormalizer) and other._flags() == self._flags()

    def __hash__(self) -> int:
        return hash(self._flags())

    def normalize(self, text: str) -> str:
        """The normalized text (steps 1-4 over the whole text at C speed)."""
        if self.clean_text:
            text = _SPACE.sub(" ", _CONTROL.sub("", text))
        if self.handle_chinese_chars:
            text = " ".join(_CJK.split(text))  # "a中b" -> ["a", "中", "b"] -> "a 中 b"
        if self.strip_accents and not text.isascii():
            text = _MARKS.sub("", _nfd(text))
        if self.lowercase:
            if not text.isascii():
                text = _LOWER_EXCEPTIONS.sub(
                    lambda m: bert_unicode.LOWERCASE_EXCEPTIONS[ord(m.group())], text)
            text = text.lower()
        return text

    def normalize_with_offsets(self, text: str) -> tuple[str, list[tuple[int, int]]]:
        """The normalized text and, per output character, the input character it came from.

        Every step maps one input character to zero or more output characters, so each
        output character has a one-character span; where NFD's reordering of combining
        marks crosses characters, every output character is mapped to the whole input.

        Returns:
            ``(normalized, spans)``: ``spans[i]`` is ``(start, end)`` in ``text``.
        """
        whole = self.normalize(text)
        out: list[str] = []
        spans: list[tuple[int, int]] = []
        for i, ch in enumerate(text):
            piece = self._normalize_char(ch)
            out.append(piece)
            spans.extend([(i, i + 1)] * len(piece))
        if "".join(out) != whole:
            return whole, [(0, len(text))] * len(whole)
        return whole, spans
