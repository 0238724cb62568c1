"""Training a WordPiece tokenizer as HF tokenizers' ``WordPieceTrainer`` does: the words
counted as the tokenizer being trained cuts text (step 1 of ``models.wordpiece.trainer``, whose
loop learns the vocabulary), then the ``Encoding`` of that vocabulary.

Bounds: the corpus is at most ``max_chars`` characters; every option is checked before work
starts (``models.budget``); ``stop`` is checked while counting, every 1,024 words and after
each merge.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from ..encoding import Encoding
from ..models.budget import Stop, bool_option, check_stop, int_option
from ..models.wordpiece.stages import BERT_SPECIAL_TOKENS, wordpiece_stages
from ..models.wordpiece.trainer import PREFIX, check_options, learn_wordpiece_vocab
from ..normalizers import BertNormalizer
from ..pre_tokenizers import BertPreTokenizer
from ..processors import TemplateProcessing
from .sp_corpus import MAX_TRAIN_CHARS

__all__ = ["count_words", "train_wordpiece", "wordpiece_encoding"]

_WHO = "train_wordpiece"


def count_words(text_or_iterable: str | Iterable[str], *, lowercase: bool = True,
                max_chars: int = MAX_TRAIN_CHARS, stop: Stop = None) -> Counter[str]:
    """The words of a corpus, counted, in the order they first occur (step 1).

    Args:
        text_or_iterable: a string or strings.
        lowercase: BERT uncased's normalizer (lowercase, accents stripped) or cased's.
        max_chars: the largest corpus accepted, in characters (1 to ``MAX_TRAIN_CHARS``).
        stop: checked per text and per line (``budget``).

    Raises:
        ValueError: for a corpus over ``max_chars`` or an option out of range (named).
        TypeError: if the corpus holds something other than strings.
        TrainingStopped: when ``stop`` says so.
    """
    lowercase = bool_option(_WHO, "lowercase", lowercase)
    max_chars = int_option(_WHO, "max_chars", max_chars, 1, MAX_TRAIN_CHARS)
    normalizer, pre_tokenizer = BertNormalizer(lowercase=lowercase), BertPreTokenizer()
    words: Counter[str] = Counter()
    size = 0
    for text in [text_or_iterable] if isinstance(text_or_iterable, str) else text_or_iterable:
        if not isinstance(text, str):
            raise TypeError(f"{_WHO}: expected str texts, got {type(text).__name__}")
        size += len(text)
        if size > max_chars:
            raise ValueError(f"{_WHO}: the corpus is over {max_chars:,} characters")
        for line in text.split("\n"):  # a line break is a space to both stages
            check_stop(stop, _WHO)
            words.update(pre_tokenizer.chunks(normalizer.normalize(line)))
    return words


def wordpiece_encoding(vocab: dict[str, int], *, special_tokens: Iterable[str],
                       lowercase: bool, unk_token: str = "[UNK]",
                       name: str = "wordpiece") -> Encoding:
    """The ``Encoding`` of a trained vocabulary, built as the shipped WordPiece encodings are
    (``models.wordpiece.stages.wordpiece_stages``: BERT's normalizer and pre-tokenizer, the
    special tokens matched whole, HF's ``WordPiece`` decoder), with BERT's ``[CLS] ... [SEP]``
    post-processor when both are special tokens, else none.

    Args:
        vocab: token -> id (``learn_wordpiece_vocab``).
        special_tokens: the tokens matched whole in any text.
        lowercase: BERT uncased's normalizer or cased's (as the words were counted).
        unk_token: the token of a word the vocabulary cannot cover.
        name: the encoding's name.

    Raises:
        ValueError: if a special token or ``unk_token`` is not in ``vocab``.
    """
    specials = tuple(special_tokens)
    framed = "[CLS]" in specials and "[SEP]" in specials
    return Encoding(**wordpiece_stages(
        name, vocab, special_tokens=specials, lowercase=lowercase, unk_token=unk_token,
        continuing_subword_prefix=PREFIX,
        post_processor=None if framed else TemplateProcessing()))


def train_wordpiece(text_or_iterable: str | Iterable[str], vocab_size: int = 30_000, *,
                    lowercase: bool = True, min_frequency: int = 2,
                    special_tokens: Iterable[str] = BERT_SPECIAL_TOKENS,
                    unk_token: str = "[UNK]", limit_alphabet: int | None = 1000,
                    initial_alphabet: Iterable[str] = (), max_chars: int = MAX_TRAIN_CHARS,
                    stop: Stop = None, name: str = "wordpiece") -> Encoding:
    """Train a WordPiece tokenizer (see the module) and return its ``Encoding``.

    The defaults are those of HF's ``BertWordPieceTokenizer.train``
    (``implementations/bert_wordpiece.py``); HF's ``WordPieceTrainer`` alone defaults to
    ``min_frequency=0``, ``limit_alphabet=None`` and no special tokens.

    Args:
        text_or_iterable: the corpus: a string or strings.
        vocab_size: the tokens wanted, specials included (1 to ``MAX_BPE_VOCAB``).
        lowercase: BERT uncased (lowercase, accents stripped) or cased.
        min_frequency, limit_alphabet, initial_alphabet: as ``learn_wordpiece_vocab``.
        special_tokens: tokens matched whole in any text, the first ids; ``unk_token`` among
            them; ``[CLS]`` and ``[SEP]`` among them frame ``post_process``'s output.
        unk_token: the token of a word the vocabulary cannot cover.
        max_chars: the largest corpus accepted, in characters (1 to ``MAX_TRAIN_CHARS``).
        stop: checked all along; training raises ``TrainingStopped`` once it returns True.
        name: the encoding's name.

    Raises:
        ValueError: for an empty corpus, one over ``max_chars``, or an option out of range,
            not of its type, or (``unk_token``) not a special token, each named.
        TypeError: if the corpus holds something other than strings.
        TrainingStopped: when ``stop`` says so.

    >>> enc = train_wordpiece(["unaffable affable able"] * 3, 40, lowercase=False)
    >>> enc.tokenize("unaffable able unable")
    ['unaffable', 'able', 'un', '##able']
    """
    specials = check_options(vocab_size, min_frequency, special_tokens, limit_alphabet,
                        initial_alphabet)[2]
    if unk_token not in specials:
        raise ValueError(f"{_WHO}: unk_token must be one of the special tokens, got "
                         f"{unk_token!r}")
    if not isinstance(name, str) or not name:
        raise ValueError(f"{_WHO}: name must be a non-empty string, got {name!r}")
    words = count_words(text_or_iterable, lowercase=lowercase, max_chars=max_chars, stop=stop)
    if not words:
        raise ValueError(f"{_WHO}: the corpus is empty: it has no words to learn from")
    vocab = learn_wordpiece_vocab(words, vocab_size, min_frequency=min_frequency,
                                  special_tokens=specials, limit_alphabet=limit_alphabet,
                                  initial_alphabet=initial_alphabet, stop=stop)
    return wordpiece_encoding(vocab, special_tokens=specials, lowercase=lowercase,
                              unk_token=unk_token, name=name)
