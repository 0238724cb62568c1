"""The Algorithms page's second part: four kinds of tokenizer trained on the same corpus at
the same vocabulary size, then compared on held-out text.

- byte-level BPE: ``bbpe_core.train`` (Radford et al. 2019's byte-level BPE, GPT-2's pattern);
- character-level BPE: ``bbpe_core.training.train_char_level`` (Sennrich et al. 2016), applied
  with ``encoders.char_bpe.CharBPEEncoder`` (merge rank as priority, no byte fallback: a
  character it never saw is ``<unk>``);
- WordPiece: HF tokenizers' ``WordPieceTrainer`` with BERT cased's normalizer (no
  lowercasing; a space around each CJK ideograph) and ``BertPreTokenizer`` (Schuster & Nakajima
  2012; Devlin et al. 2019);
- Unigram: HF tokenizers' ``UnigramTrainer`` with ``Metaspace`` (Kudo 2018, as SentencePiece
  trains it).

HF ``tokenizers`` is imported inside ``train_hf`` only (this section's one use of it; the
engine never imports it). The corpus and held-out text are bounded (``CORPUS_CHARS``,
``HELD_OUT_CHARS``) so every training run takes seconds.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from bbpe_core import train
from bbpe_core.models.bpe.char_bpe import CharBPEEncoder
from bbpe_core.pre_tokenizers import RegexSplit
from bbpe_core.pre_tokenizers.patterns import GPT2_PATTERN
from bbpe_core.training import train_char_level

__all__ = ["ALGORITHMS", "CORPUS_CHARS", "HELD_OUT_CHARS", "VOCAB_SIZES", "Trained",
           "compression_rows", "corpus_parts", "segmentation_rows", "train_all", "train_hf"]

_CORPORA = Path(__file__).resolve().parent / "assets" / "corpora"
CORPUS_CHARS = {"English": 80_000, "Chinese": 8_000}
"""Training characters taken from the start of each shipped corpus (CPython docs, Tang poems)."""
HELD_OUT_CHARS = {"English": 20_000, "Chinese": 4_000}
"""Held-out characters, the ones right after the training part."""
VOCAB_SIZES = (2000, 3000, 4000)
"""Vocabulary sizes offered; all are above the corpus' alphabet (Unigram needs that)."""
ALGORITHMS = ("byte-level BPE", "character-level BPE", "WordPiece", "Unigram")
UNK = "<unk>"


@dataclass(frozen=True)
class Trained:
    """One trained tokenizer, reduced to what the comparison needs.

    Attributes:
        algorithm: one of ``ALGORITHMS``.
        vocab_size: its actual number of tokens (HF's WordPiece trainer adds a ``##``
            copy of each character, so it can exceed the size asked for).
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


def train_hf(algorithm: str, corpus: str, vocab_size: int) -> Trained:
    """Train HF tokenizers' WordPiece or Unigram on ``corpus``.

    Args:
        algorithm: ``"WordPiece"`` or ``"Unigram"``.
        corpus: the training text.
        vocab_size: the size asked for.

    Raises:
        ValueError: for another algorithm, or when the trainer refuses (e.g. a vocabulary
            smaller than the corpus' alphabet).
    """
    from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

    if algorithm == "WordPiece":
        tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
        tok.normalizer = normalizers.BertNormalizer(lowercase=False)  # BERT cased: CJK spaced
        tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
        tok.decoder = decoders.WordPiece()
        trainer = trainers.WordPieceTrainer(vocab_size=vocab_size, special_tokens=["[UNK]"],
                                            show_progress=False)
        unknown = "[UNK]"
    elif algorithm == "Unigram":
        tok = Tokenizer(models.Unigram())
        tok.pre_tokenizer = pre_tokenizers.Metaspace()
        tok.decoder = decoders.Metaspace()
        trainer = trainers.UnigramTrainer(vocab_size=vocab_size, special_tokens=[UNK],
                                          unk_token=UNK, show_progress=False)
        unknown = UNK
    else:
        raise ValueError(f"train_hf trains WordPiece or Unigram, not {algorithm!r}")
    try:
        tok.train_from_iterator([corpus], trainer)
    except Exception as e:  # the trainers raise plain Exception
        raise ValueError(f"{algorithm} training failed: {e}") from e
    unk_id = tok.token_to_id(unknown)

    def tokenize(text: str) -> list[str]:  # HF's Unigram shows an unknown piece's own text
        out = tok.encode(text, add_special_tokens=False)
        return [unknown if i == unk_id else t for t, i in zip(out.tokens, out.ids)]

    return Trained(algorithm, tok.get_vocab_size(), tokenize, unknown,
                   lambda text: tok.decode(tok.encode(text, add_special_tokens=False).ids,
                                           skip_special_tokens=False))


def train_all(corpus: str, vocab_size: int) -> list[Trained]:
    """The four kinds trained on ``corpus`` at ``vocab_size``, in ``ALGORITHMS`` order.

    Raises:
        ValueError: if a trainer refuses the corpus or size.
    """
    return [_byte_level(corpus, vocab_size), _char_level(corpus, vocab_size),
            train_hf("WordPiece", corpus, vocab_size), train_hf("Unigram", corpus, vocab_size)]


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
