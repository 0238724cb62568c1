"""Normalizers: the pipeline stage that rewrites text before it is split into chunks.

HF tokenizers' names (``tokenizers/src/normalizers``): ``NFC`` (Qwen 2.5 / 3), ``NFKC``
(Anthropic's Claude 1/2 tokenizer). A normalizer runs on each segment of ordinary text, after
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
"""

from __future__ import annotations

import unicodedata

import regex

__all__ = ["NFC", "NFKC", "Normalizer"]

_GRAPHEME = regex.compile(r"\X")


class Normalizer:
    """A Unicode normalization form applied to ordinary text (HF's NFC / NFKC normalizers).

    Args:
        form: ``"NFC"``, ``"NFKC"``, ``"NFD"`` or ``"NFKD"`` (``unicodedata.normalize``).

    Raises:
        ValueError: for another form.
    """

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
