"""sentencepiece's trainer options, under their own names and with its defaults
(``src/sentencepiece_model.proto``: ``TrainerSpec`` and ``NormalizerSpec``), checked once for
both SentencePiece trainers (Unigram and BPE).

- ``normalization_rule_name``: ``"nmt_nfkc"`` (sentencepiece's default: NFKC plus the NMT
  rules, e.g. control characters dropped) or ``"identity"``. The ``nmt_nfkc`` rules are the
  precompiled map T5's ``spiece.model`` carries (trained with sentencepiece's default, shipped
  here as ``t5``); the trained ``.model`` carries the same map, so the ``sentencepiece``
  library normalizes its input exactly as this package does.
- ``remove_extra_whitespaces`` (True): leading, trailing and repeated spaces dropped.
- ``add_dummy_prefix`` (True): a ``▁`` before each sentence.
- ``split_digits`` (False): every digit a piece of its own.
- ``user_defined_symbols`` (none): pieces kept whole wherever they occur (never split,
  never normalized), listed after the meta pieces, as sentencepiece lists them.
- ``character_coverage`` (0.9995), ``byte_fallback``, ``max_sentence_length`` (4192 bytes:
  longer sentences are skipped, as sentencepiece's ``trainer_interface.cc`` does) and
  ``max_sentencepiece_length`` (16).

``LOSSLESS`` gives the setting in which ``decode(encode(text)) == text`` for any text the
vocabulary covers: ``identity``, extra spaces kept.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache

from ..formats.unigram_json import charsmap_bytes
from ..models.budget import Stop, bool_option, check_stop, int_option, real_option
from ..normalizers.precompiled import CharsMap
from ..normalizers.replace import SPACE_MARK
from ..normalizers.sentencepiece import SentencePieceNormalizer

__all__ = ["LOSSLESS", "MAX_SENTENCE_BYTES", "MAX_USER_DEFINED", "NormalizerSpec",
           "RULE_NAMES", "nmt_nfkc_charsmap"]

RULE_NAMES = ("nmt_nfkc", "identity")
"""The ``normalization_rule_name`` values accepted."""

MAX_SENTENCE_BYTES = 65_536
"""The largest ``max_sentence_length`` accepted, in UTF-8 bytes (sentencepiece's default is
4192): no unit of training is longer, which bounds each lattice."""

MAX_USER_DEFINED = 1_000
"""The most ``user_defined_symbols`` (each at most 64 characters)."""

SEPARATOR = "\ue000"
"""A private-use character, between the lines of a batch while they are normalized."""

BATCH_CHARS = 65_536
"""Characters of the lines normalized in one batch."""


@cache
def nmt_nfkc_charsmap() -> CharsMap:
    """The ``nmt_nfkc`` precompiled map, as T5's ``spiece.model`` carries it (read from the
    shipped ``t5`` encoding once)."""
    from ..encodings.registry import get_encoding

    steps = getattr(get_encoding("t5").normalizer, "steps", ())
    return next(step.charsmap for step in steps if isinstance(getattr(step, "charsmap", None),
                                                             CharsMap))


@dataclass(frozen=True)
class NormalizerSpec:
    """The corpus-side options of a SentencePiece trainer, checked (see the module).

    Build one with ``NormalizerSpec.checked(who, **options)``; the fields are sentencepiece's
    names and defaults.
    """

    normalization_rule_name: str = "nmt_nfkc"
    remove_extra_whitespaces: bool = True
    add_dummy_prefix: bool = True
    split_digits: bool = False
    user_defined_symbols: tuple[str, ...] = field(default_factory=tuple)
    max_sentence_length: int = 4192

    @classmethod
    def checked(cls, who: str, *, normalization_rule_name: str = "nmt_nfkc",
                remove_extra_whitespaces: bool = True, add_dummy_prefix: bool = True,
                split_digits: bool = False, user_defined_symbols: Iterable[str] = (),
                max_sentence_length: int = 4192) -> NormalizerSpec:
        """The spec, each option checked.

        Raises:
            ValueError: naming ``who`` and the option, for an unknown rule name, a flag that
                is not a bool, a ``max_sentence_length`` outside [1, ``MAX_SENTENCE_BYTES``],
                or user-defined symbols that are not 1 to 64 characters without spaces or
                line breaks (at most ``MAX_USER_DEFINED``).
        """
        if normalization_rule_name not in RULE_NAMES:
            raise ValueError(f"{who}: normalization_rule_name must be one of {RULE_NAMES}, got "
                             f"{normalization_rule_name!r}")
        symbols = [user_defined_symbols] if isinstance(user_defined_symbols, str) else list(
            user_defined_symbols) if isinstance(user_defined_symbols, list | tuple) else None
        if symbols is None or len(symbols) > MAX_USER_DEFINED or not all(
                isinstance(s, str) and 0 < len(s) <= 64 and not any(c in s for c in " \n\r\0")
                for s in symbols):
            raise ValueError(f"{who}: user_defined_symbols must be a list of at most "
                             f"{MAX_USER_DEFINED:,} strings of 1 to 64 characters without "
                             "spaces, line breaks or NUL")
        return cls(normalization_rule_name,
                   bool_option(who, "remove_extra_whitespaces", remove_extra_whitespaces),
                   bool_option(who, "add_dummy_prefix", add_dummy_prefix),
                   bool_option(who, "split_digits", split_digits),
                   tuple(dict.fromkeys(symbols)),
                   int_option(who, "max_sentence_length", max_sentence_length, 1,
                              MAX_SENTENCE_BYTES))

    def charsmap(self) -> CharsMap | None:
        """The precompiled map of the rule (None for ``identity``)."""
        return nmt_nfkc_charsmap() if self.normalization_rule_name == "nmt_nfkc" else None

    def normalizer(self, *, whitespace: bool = True) -> SentencePieceNormalizer:
        """sentencepiece's ``Normalizer`` with this spec (``whitespace=False``: the rules and
        the removal of extra spaces only, no ``▁`` written)."""
        return SentencePieceNormalizer(
            self.charsmap(), add_dummy_prefix=self.add_dummy_prefix and whitespace,
            remove_extra_whitespaces=self.remove_extra_whitespaces,
            escape_whitespaces=whitespace, user_defined=self.user_defined_symbols)

    def normalize_lines(self, lines: list[str], stop: Stop = None) -> list[str]:
        """The lines normalized as ``normalizer()`` normalizes each (``▁`` for spaces).

        Lines are normalized in batches of about ``BATCH_CHARS`` characters joined by
        ``SEPARATOR`` (which no rule maps or joins), their ends stripped and their spaces
        escaped after: the library's normalizer walks a short text character by character,
        a long one by runs. A line holding ``SEPARATOR`` is normalized on its own.

        Raises:
            TrainingStopped: when ``stop`` says so (checked per batch).
        """
        if self.charsmap() is None and not self.remove_extra_whitespaces:
            return [self._finish(line) for line in lines]
        inner, whole = self.normalizer(whitespace=False), self.normalizer()
        out: list[str] = []
        batch: list[str] = []
        size = 0
        for k, line in enumerate(lines + [SEPARATOR]):  # the last one flushes
            if SEPARATOR not in line:
                batch.append(line)
                size += len(line)
                if size < BATCH_CHARS:
                    continue
            if batch:
                check_stop(stop, "train")
                out += map(self._finish, inner.normalize(SEPARATOR.join(batch)).split(SEPARATOR))
                batch, size = [], 0
            if k < len(lines) and SEPARATOR in line:
                out.append(whole.normalize(line))
        return out

    def _finish(self, line: str) -> str:
        """A line whose rules are applied: its ends stripped (with
        ``remove_extra_whitespaces``), spaces escaped, the dummy prefix added."""
        if self.remove_extra_whitespaces:
            line = line.strip(" ")
        line = line.replace(" ", SPACE_MARK)
        return SPACE_MARK + line if self.add_dummy_prefix and line else line

    def model_fields(self) -> dict:
        """The ``SentencePieceModel`` fields of the normalizer (``normalizer_spec``)."""
        return {"normalizer_name": self.normalization_rule_name,
                "precompiled_charsmap": charsmap_bytes(self.charsmap()),
                "add_dummy_prefix": self.add_dummy_prefix,
                "remove_extra_whitespaces": self.remove_extra_whitespaces,
                "escape_whitespaces": True}


LOSSLESS = {"normalization_rule_name": "identity", "remove_extra_whitespaces": False}
"""The options of a lossless run (no normalization, every space kept)."""


def coverage_option(who: str, value: object) -> float:
    """``character_coverage`` checked: a finite number in (0, 1]."""
    return real_option(who, "character_coverage", value, 0.0, 1.0, low_open=True)
