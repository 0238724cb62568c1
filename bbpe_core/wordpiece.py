"""BERT's whole pipeline (``bert_base_uncased``), composed of its stages, until ``Encoding``
takes a WordPiece model.

    text -> special tokens matched whole ([CLS], [SEP], [PAD], [MASK], [UNK], before
            normalization, as HF's added tokens) -> ``normalizers.BertNormalizer``
         -> ``pre_tokenizers.BertPreTokenizer`` -> ``encoders.wordpiece.WordPieceEncoder``
         -> ids -> post-processor [CLS] ... [SEP] (``post_process``, on request)
    ids -> tokens -> ``WordPieceDecoder`` -> text (lossy: see ``decode``)

Source: HF tokenizers' ``BertWordPieceTokenizer`` (``implementations/bert_wordpiece.py``),
which the parity tests compare against. The id -> bytes table gives each piece the text it
covers in the normalized text (``##ing`` -> ``b"ing"``); the display strings are the
vocabulary's own (``##ing``).

>>> bert = bert_base_uncased()
>>> bert.encode("Héllo, [MASK] playing!")
[7592, 1010, 103, 2652, 999]
>>> bert.tokenize("unaffable")
['una', '##ffa', '##ble']
>>> bert.decode(bert.post_process(bert.encode("Don't  STOP.")))
"don ' t stop."
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .byte_level import fix_surrogates
from .encoders.wordpiece import WordPieceDecoder, WordPieceEncoder
from .formats.wordpiece_vocab import load_wordpiece_vocab
from .normalizers import BertNormalizer
from .post_processors import TemplateProcessing
from .pre_tokenizers import BertPreTokenizer
from .special import split_on_special
from .zoo import data_file

__all__ = ["BERT_SPECIAL_TOKENS", "WordPiecePipeline", "bert_base_uncased"]

BERT_SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
"""The tokens ``BertWordPieceTokenizer`` adds as special tokens (matched whole in any text)."""


class WordPiecePipeline:
    """A WordPiece tokenizer: BERT's stages around a vocabulary.

    Args:
        name: the encoding's name, e.g. ``"bert_base_uncased"``.
        vocab: token -> id (``load_wordpiece_vocab``).
        special_tokens: vocabulary tokens matched whole in the raw text.
        lowercase: uncased BERT (lowercase and strip accents) or cased.
        unk_token, cls_token, sep_token: BERT's unknown, classifier and separator tokens.
        continuing_subword_prefix: the ``##`` of continuation pieces.
        cache_size: words the encoder remembers.

    Raises:
        ValueError: if a special, unknown, classifier or separator token is not in the
            vocabulary.
    """

    def __init__(self, name: str, vocab: dict[str, int], *,
                 special_tokens: Sequence[str] = BERT_SPECIAL_TOKENS, lowercase: bool = True,
                 unk_token: str = "[UNK]", cls_token: str = "[CLS]", sep_token: str = "[SEP]",
                 continuing_subword_prefix: str = "##", cache_size: int = 65536) -> None:
        missing = [t for t in (*special_tokens, cls_token, sep_token) if t not in vocab]
        if missing:
            raise ValueError(f"{name}: special tokens not in the vocabulary: {missing}")
        self.name = name
        self.special_tokens = {t: vocab[t] for t in special_tokens}
        self.normalizer = BertNormalizer(lowercase=lowercase)
        self.pre_tokenizer = BertPreTokenizer()
        self.encoder = WordPieceEncoder(vocab, self.pre_tokenizer, unk_token=unk_token,
                                        continuing_subword_prefix=continuing_subword_prefix,
                                        cache_size=cache_size)
        self.decoder = WordPieceDecoder(continuing_subword_prefix)
        self.post_processor = TemplateProcessing(prefix=(vocab[cls_token],),
                                                 suffix=(vocab[sep_token],))
        self.token_strings = {i: t for t, i in vocab.items()}
        """id -> the vocabulary's string (``##ing``): what a viewer shows."""
        self.token_bytes = {
            i: (t.removeprefix(continuing_subword_prefix) if i not in self.special_tokens.values()
                else t).encode("utf-8")
            for i, t in self.token_strings.items()
        }
        """id -> the UTF-8 of the normalized text the piece covers (``##ing`` -> ``b"ing"``;
        a special token's own text)."""
        self._specials = frozenset(self.special_tokens)

    def __repr__(self) -> str:
        return f"<WordPiecePipeline {self.name!r}>"

    @property
    def n_vocab(self) -> int:
        """Number of ids."""
        return len(self.token_strings)

    def _segments(self, text: str) -> list[tuple[str, int, int, bool]]:
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        return split_on_special(fix_surrogates(text), self._specials)

    def encode(self, text: str) -> list[int]:
        """The ids of ``text``, special tokens in it matched whole (HF's
        ``encode(text, add_special_tokens=False).ids``).

        Lone surrogates become U+FFFD, which the normalizer drops.

        Raises:
            TypeError: if ``text`` is not a str.
        """
        ids: list[int] = []
        for segment, _, _, special in self._segments(text):
            if special:
                ids.append(self.special_tokens[segment])
            else:
                ids.extend(self.encoder.encode_segment(self.normalizer.normalize(segment)))
        return ids

    def encode_with_offsets(self, text: str) -> list[tuple[int, int, int]]:
        """Each token's id and the characters ``[start, end)`` of ``text`` it came from
        (HF's ``Encoding.offsets``); an ``[UNK]`` spans its whole word.

        Raises:
            TypeError: if ``text`` is not a str.
        """
        out: list[tuple[int, int, int]] = []
        for segment, start, end, special in self._segments(text):
            if special:
                out.append((self.special_tokens[segment], start, end))
                continue
            normalized, origin = self.normalizer.normalize_with_offsets(segment)
            for a, b in self.pre_tokenizer.split(normalized):
                for token_id, p, q in self.encoder.word_pieces(normalized[a:b]):
                    out.append((token_id, start + origin[a + p][0], start + origin[a + q - 1][1]))
        return out

    def tokenize(self, text: str) -> list[str]:
        """The tokens of ``text`` as the vocabulary writes them (``##ing``)."""
        return [self.token_strings[i] for i in self.encode(text)]

    def post_process(self, ids: Sequence[int]) -> list[int]:
        """``[CLS] ids [SEP]``, as BERT's model takes one sequence (HF's ``BertProcessing``)."""
        return self.post_processor.process(ids)

    def decode(self, ids: Sequence[int], *, skip_special_tokens: bool = True) -> str:
        """The text of ``ids`` (HF's ``decode``: special tokens skipped by default).

        WARNING: lossy: the normalizer lowercased the text, stripped accents, dropped
        control characters and reduced whitespace to single spaces; a word the vocabulary
        could not cover is ``[UNK]``; punctuation comes back spaced (``don ' t``).

        Raises:
            TypeError: if an id is not an int.
            KeyError: for an id not in the vocabulary (named).
        """
        tokens = []
        for i in ids:
            if not isinstance(i, int):
                raise TypeError(f"token ids are ints, not {type(i).__name__}: {i!r}")
            if i not in self.token_strings:
                raise KeyError(f"token id {i} is not in {self.name} (ids run 0..{self.n_vocab - 1})")
            if not (skip_special_tokens and self.token_strings[i] in self._specials):
                tokens.append(self.token_strings[i])
        return self.decoder.decode(tokens)


@cache
def bert_base_uncased() -> WordPiecePipeline:
    """BERT base uncased (also DistilBERT, MiniLM embeddings): the shipped vocab.txt (sha256
    checked against MANIFEST.json), lowercased and accents stripped, built once per process.

    Raises:
        VocabFileError: if the shipped file is damaged.
    """
    file = "bert_base_uncased.vocab.txt.gz"
    vocab = load_wordpiece_vocab(data_file(file), name=f"bbpe_core/data/{file}")
    return WordPiecePipeline("bert_base_uncased", vocab)
