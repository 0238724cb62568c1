"""WordPiece's stages (``bert_base_uncased``, a vocab.txt, a WordPiece tokenizer.json or GGUF):
BERT's normalizer, pre-tokenizer, post-processor and decoder around the model, as the keyword
arguments of ``Encoding``'s constructor (the registry's ``from_stages``, ``formats.hf_wordpiece``
and ``formats.gguf`` build the encoding from them; this package imports no ``encoding``).

    text -> special tokens matched whole ([CLS], [SEP], [PAD], [MASK], [UNK], before
            normalization, as HF's added tokens) -> ``normalizers.BertNormalizer``
         -> ``pre_tokenizers.BertPreTokenizer`` -> ``models.wordpiece.model.WordPieceEncoder``
         -> ids -> post-processor [CLS] ... [SEP] (``post_process``, on request)
    ids -> piece strings -> ``WordPieceDecoder`` -> text (lossy: see ``wordpiece_stages``)

Source: HF tokenizers' ``BertWordPieceTokenizer`` (``implementations/bert_wordpiece.py``),
which the parity tests compare against; the model is Schuster & Nakajima 2012's WordPiece as
BERT uses it (Devlin et al. 2019). Each id's bytes are the text it covers in the normalized
text (``##ing`` -> ``b"ing"``); the display strings are the vocabulary's own (``##ing``).

>>> from bbpe_core import get_encoding
>>> bert = get_encoding("bert_base_uncased")
>>> bert.encode("Héllo, [MASK] playing!")
[7592, 1010, 103, 2652, 999]
>>> bert.tokenize("unaffable")
['una', '##ffa', '##ble']
>>> bert.decode(bert.post_process(bert.encode("Don't  STOP.")))
"don ' t stop."
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...normalizers import BertNormalizer
from ...pre_tokenizers import BertPreTokenizer
from ...processors import TemplateProcessing
from ...token_table import TokenTable
from .model import WordPieceDecoder, WordPieceEncoder, piece_bytes
from .vocab_txt import load_wordpiece_vocab

__all__ = ["BERT_SPECIAL_TOKENS", "bert_base_uncased", "bge", "wordpiece_stages"]

BERT_SPECIAL_TOKENS = ("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]")
"""The tokens ``BertWordPieceTokenizer`` adds as special tokens (matched whole in any text)."""


def wordpiece_stages(name: str, vocab: dict[str, int], *,
                     special_tokens: Sequence[str] = BERT_SPECIAL_TOKENS, lowercase: bool = True,
                     unk_token: str = "[UNK]", cls_token: str = "[CLS]", sep_token: str = "[SEP]",
                     continuing_subword_prefix: str = "##", cache_size: int = 65536,
                     normalizer: BertNormalizer | None = None,
                     post_processor: TemplateProcessing | None = None,
                     max_input_chars_per_word: int = 100, cleanup: bool = True
                     ) -> dict[str, Any]:
    """A WordPiece encoding's stages: BERT's around a vocabulary.

    BERT's special tokens are matched whole in any text, also by ``encode_ordinary``, as HF
    matches them (its added tokens: before normalization, case-sensitively), so they are the
    encoding's ``added_tokens`` and ``special_tokens`` is empty. ``decode`` follows HF's
    ``decode`` (special tokens skipped) and is lossy: the normalizer lowercased the text,
    stripped accents, dropped control characters and reduced whitespace to single spaces; a
    word the vocabulary cannot cover is ``[UNK]``; punctuation comes back spaced (``don ' t``).

    Args:
        name: the encoding's name, e.g. ``"bert_base_uncased"``.
        vocab: token -> id (``load_wordpiece_vocab``).
        special_tokens: vocabulary tokens matched whole in the raw text.
        lowercase: uncased BERT (lowercase and strip accents) or cased.
        unk_token, cls_token, sep_token: BERT's unknown, classifier and separator tokens.
        continuing_subword_prefix: the ``##`` of continuation pieces.
        cache_size: words the encoder remembers.
        normalizer: the normalizer, if not ``BertNormalizer(lowercase=lowercase)`` (a
            tokenizer.json's own flags: ``formats.hf_wordpiece``).
        post_processor: what ``post_process`` adds, if not ``[CLS] ... [SEP]`` from
            ``cls_token`` and ``sep_token``.
        max_input_chars_per_word: longer words are ``unk_token`` (HF's and BERT's 100).
        cleanup: the decoder's cleanup of spaces before punctuation (HF's ``WordPiece``
            decoder ``cleanup``).

    Returns:
        The keyword arguments of ``Encoding``'s constructor: ``name``, ``vocab``, ``model``,
        ``pre_tokenizer``, ``normalizer``, ``post_processor``, ``decoder``.

    Raises:
        ValueError: if a special, unknown, classifier or separator token is not in the
            vocabulary.
    """
    named = (*special_tokens, unk_token) + ((cls_token, sep_token) if post_processor is None
                                            else ())
    missing = [t for t in named if t not in vocab]
    if missing:
        raise ValueError(f"{name}: special tokens not in the vocabulary: {missing}")
    whole = {t: vocab[t] for t in special_tokens}
    pieces = {i: t for t, i in vocab.items()}
    token_bytes = piece_bytes(vocab, continuing_subword_prefix, skip=whole)
    pre_tokenizer = BertPreTokenizer()
    encoder = WordPieceEncoder(vocab, pre_tokenizer, unk_token=unk_token,
                               continuing_subword_prefix=continuing_subword_prefix,
                               max_input_chars_per_word=max_input_chars_per_word,
                               cache_size=cache_size)
    return {
        "name": name, "vocab": TokenTable(name, pieces, token_bytes, {}, added_tokens=whole),
        "model": encoder, "pre_tokenizer": pre_tokenizer,
        "normalizer": normalizer or BertNormalizer(lowercase=lowercase),
        "post_processor": post_processor or TemplateProcessing(prefix=(vocab[cls_token],),
                                                               suffix=(vocab[sep_token],)),
        "decoder": WordPieceDecoder(continuing_subword_prefix, cleanup,
                                    skip_ids=frozenset(whole.values())),
    }


def bert_base_uncased(vocab: bytes, name: str = "bert_base_uncased") -> dict[str, Any]:
    """BERT base uncased's stages (also DistilBERT, MiniLM embeddings): the shipped vocab.txt,
    lowercased and accents stripped. ``registry.get_encoding`` builds it once per process
    (``registry.from_stages``).

    Args:
        vocab: the content of the shipped ``vocab.txt`` (its sha256 checked by the registry).
        name: the encoding's name (``"bge"`` for BGE, whose vocab.txt and tokenizer settings
            are BERT base uncased's).

    Raises:
        VocabFileError: if ``vocab`` is not a vocab.txt.
    """
    return wordpiece_stages(name, load_wordpiece_vocab(vocab, name=f"{name}'s vocab.txt"))


def bge(vocab: bytes) -> dict[str, Any]:
    """BGE v1.5 embeddings' stages (BAAI): BERT base uncased's vocab.txt and WordPiece settings
    (lowercase, accents stripped, [CLS] ... [SEP]), as in the models' tokenizer.json; llama.cpp's
    ggml-vocab-bert-bge.gguf, converted from it, gives the same ids (``tests/test_gguf.py``).
    """
    return bert_base_uncased(vocab, "bge")
