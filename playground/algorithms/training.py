"""The Algorithms page's second part: four kinds of tokenizer trained on the same corpus at
the same vocabulary size, then compared on held-out text. Every trainer is this project's
(``bbpe_core.training``):

- byte-level BPE: ``bbpe_core.train`` (Radford et al. 2019's byte-level BPE, GPT-2's pattern);
- character-level BPE: ``bbpe_core.training.train_char_level`` (Sennrich et al. 2016), applied
  with ``encoders.char_bpe.CharBPEEncoder`` (merge rank as priority, no byte fallback: a
  character it never saw is ``<unk>``);
- WordPiece: ``bbpe_core.training.train_wordpiece`` (after HF tokenizers' ``WordPieceTrainer``)
  with BERT cased's normalizer (no lowercasing; a space around each CJK ideograph) and BERT's
  pre-tokenizer, ``[UNK]`` its one special token, no minimum frequency and no alphabet limit
  (``WordPieceTrainer``'s defaults) (Schuster & Nakajima 2012; Devlin et al. 2019);
- Unigram: ``bbpe_core.training.train_unigram`` (Kudo 2018, after sentencepiece's trainer)
  with no normalization, every space kept as ``▁`` and every character covered, as HF's
  ``UnigramTrainer`` behind a ``Metaspace`` pre-tokenizer trains it. sentencepiece reads a
  line as a sentence, so text is encoded line by line (a line break is no token, as for
  WordPiece).

The corpus and held-out text are bounded (``CORPUS_CHARS``, ``HELD_OUT_CHARS``) so every
training run takes seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bbpe_core import train
from bbpe_core.models.bpe.char_bpe import CharBPEEncoder
from bbpe_core.pre_tokenizers import RegexSplit
from bbpe_core.pre_tokenizers.patterns import GPT2_PATTERN
from bbpe_core.training import train_char_level, train_unigram, train_wordpiece
from bbpe_core.training.spec import LOSSLESS

__all__ = ["ALGORITHMS", "CORPUS_CHARS", "HELD_OUT_CHARS", "VOCAB_SIZES", "Trained",
           "compression_rows", "corpus_parts", "segmentation_rows", "train_all"]

_CORPORA = Path(__file__).resolve().parents[1] / "assets" / "corpora"
CORPUS_CHARS = {"English": 80_000, "Chinese": 8_000}
"""Training characters taken from the start of each shipped corpus (CPython docs, Tang poems)."""
HELD_OUT_CHARS = {"English": 20_000, "Chinese": 4_000}
"""Held-out characters, the ones right after the training part."""
VOCAB_SIZES = (2000, 3000, 4000)
"""Vocabulary sizes offered; all are above the corpus' alphabet (Unigram needs that)."""
ALGORITHMS = ("byte-level BPE", "character-level BPE", "WordPiece", "Unigram")
UNK = "<unk>"
"""The unknown token of character-level BPE and Unigram (sentencepiece's ``<unk>``)."""
WORDPIECE_UNK = "[UNK]"
"""WordPiece's unknown token (BERT's), its one special token here."""


@dataclass(frozen=True)
class Trained:
    """One trained tokenizer, reduced to what the comparison needs.

    Attributes:
        algorithm: one of ``ALGORITHMS``.
        vocab_size: its actual number of tokens (the WordPiece trainer, as HF's, adds a
            ``##`` copy of each character, so it can exceed the size asked for).
        tokenize: text -> the token strings.
        unknown: the string of its unknown token ("" if it has none).
        round_trip: text -> ``decode(encode(text))`` (its decoder's text).
    """

    algorithm: str
    vocab_size: int
    tokenize: Callable[[str], list[str]]
    unknown: str
    round_trip: Callable[[str], str]


def corpus_parts() -> tuple[str, dict[str, str]]:
    """The training corpus (English then Chinese) and the held-out text per language."""
    files = {"English": "en_python_docs.txt", "Chinese": "zh_tang_poems.txt"}
    train_parts, held_out = [], {}
    for language, file in files.items():
        text = (_CORPORA / file).read_text(encoding="utf-8")
        n = CORPUS_CHARS[language]
        train_parts.append(text[:n])
        held_out[language] = text[n:n + HELD_OUT_CHARS[language]]
    return "\n".join(train_parts), held_out


def _byte_level(corpus: str, vocab_size: int) -> Trained:
    enc = train(corpus, vocab_size, pat_str=GPT2_PATTERN)
    return Trained("byte-level BPE", enc.n_vocab, enc.tokenize, "",
                   lambda text: enc.decode(enc.encode_ordinary(text)))


def _char_level(corpus: str, vocab_size: int) -> Trained:
    model = train_char_level(corpus, vocab_size, pat_str=GPT2_PATTERN)
    pieces = {ch: i for i, ch in enumerate(sorted(model.alphabet))}
    rank = {}
    for k, (a, b) in enumerate(model.merges):
        rank[(a, b)] = k
        pieces.setdefault(a + b, len(pieces))
    unk_id = len(pieces)
    strings = {i: p for p, i in pieces.items()} | {unk_id: UNK}
    encoder = CharBPEEncoder(pieces, lambda left, right: rank.get((left, right)),
                             pre_tokenizer=RegexSplit(GPT2_PATTERN), unk_id=unk_id)
    def tokenize(text: str) -> list[str]:
        return [strings[i] for i in encoder.encode_segment(text)]

    return Trained("character-level BPE", len(strings), tokenize, UNK,
                   lambda text: "".join(tokenize(text)))


def _wordpiece(corpus: str, vocab_size: int) -> Trained:
    enc = train_wordpiece(corpus, vocab_size, lowercase=False, min_frequency=0,
                          special_tokens=[WORDPIECE_UNK], unk_token=WORDPIECE_UNK,
                          limit_alphabet=None, name="wordpiece-trained")
    return Trained("WordPiece", enc.n_vocab, enc.tokenize, WORDPIECE_UNK,
                   lambda text: enc.decode(enc.encode_ordinary(text)))


def _unigram(corpus: str, vocab_size: int) -> Trained:
    enc = train_unigram(corpus, vocab_size, character_coverage=1.0, byte_fallback=False,
                        name="unigram-trained", **LOSSLESS)

    def tokenize(text: str) -> list[str]:  # a line at a time, as sentencepiece reads text
        return [token for line in text.split("\n") for token in enc.tokenize(line)]

    return Trained("Unigram", enc.n_vocab, tokenize, UNK,
                   lambda text: "\n".join(enc.decode(enc.encode_ordinary(line))
                                          for line in text.split("\n")))


def train_all(corpus: str, vocab_size: int) -> list[Trained]:
    """The four kinds trained on ``corpus`` at ``vocab_size``, in ``ALGORITHMS`` order.

    Raises:
        ValueError: if a trainer refuses the corpus or size.
    """
    return [_byte_level(corpus, vocab_size), _char_level(corpus, vocab_size),
            _wordpiece(corpus, vocab_size), _unigram(corpus, vocab_size)]


def compression_rows(models: list[Trained], held_out: dict[str, str]) -> list[dict]:
    """Characters per token and unknown tokens of each model on each held-out text."""
    rows = []
    for m in models:
        for language, text in held_out.items():
            tokens = m.tokenize(text)
            rows.append({"algorithm": m.algorithm, "held-out text": language,
                         "characters per token": round(len(text) / max(len(tokens), 1), 3),
                         "tokens": len(tokens),
                         "unknown tokens": sum(t == m.unknown for t in tokens) if m.unknown else 0,
                         "vocabulary size": m.vocab_size})
    return rows


def segmentation_rows(models: list[Trained], sample: str) -> list[dict]:
    """How each model cuts ``sample``: its tokens joined with `` | `` for display, a space
    inside a token drawn ␣ (character-level BPE keeps spaces as they are; the others write
    Ġ, ▁ or drop them)."""
    return [{"algorithm": m.algorithm, "tokens": len(toks := m.tokenize(sample)),
             "segmentation": " | ".join(t.replace(" ", "␣") for t in toks)} for m in models]
