"""The shipped encodings read from GGUF files: vocabularies llama.cpp converted from the models'
own tokenizers (its ``models/ggml-vocab-*.gguf``, from llama-cpp-python 0.3.36's source
archive; sha256 and licence in ``data/MANIFEST.json``), built by ``formats.gguf.load_gguf`` from
the file's content (``registry.SHIPPED`` names the file).

Their parity tests are llama.cpp's test pairs beside each file (made with HF tokenizers on
the model's tokenizer.json; ``tests/test_gguf.py``); nomic_bert_moe's, transformers'
``XLMRobertaTokenizer`` on the file's pieces (``tests/test_transformers_unigram.py``).
"""

from __future__ import annotations

from ..decoders import Strip
from ..encoding import Encoding
from ..formats.gguf import load_gguf, read_gguf_unigram
from ..formats.hf_unigram import whitespace_split_steps
from ..formats.sentencepiece_pieces import piece_table
from ..models.unigram.model import UnigramEncoder
from ..normalizers.precompiled import CharsMap, HFPrecompiled
from ..normalizers.replace import SPACE_MARK, NormalizerSequence
from ..pre_tokenizers import MarkSplit

__all__ = ["falcon", "gemma4", "gpt_neox", "mpt", "nomic_bert_moe", "phi3"]


def gemma4(gguf: bytes) -> Encoding:
    """Gemma 4: BPE by merges over ``▁``-escaped text with byte fallback, 262,144 pieces, no
    dummy prefix (llama.cpp's ``gemma4`` tokenizer kind); the API adds ``<bos>``."""
    return load_gguf(gguf, name="gemma4")


def phi3(gguf: bytes) -> Encoding:
    """Phi-3 / Phi-3.5 mini: Llama 2's SentencePiece BPE (32,000 pieces, a dummy prefix, byte
    fallback) and Phi-3's 64 added tokens (``<|assistant|>``, ``<|end|>``, ...)."""
    return load_gguf(gguf, name="phi3")


def falcon(gguf: bytes) -> Encoding:
    """Falcon-7B / 40B: byte-level BPE, 65,024 tokens, Falcon's pre-tokenizer (llama.cpp's
    ``falcon``); some single bytes have no token and are dropped, as llama.cpp does."""
    return load_gguf(gguf, name="falcon", pattern_timeout=None)


def mpt(gguf: bytes) -> Encoding:
    """MPT-7B / 30B: GPT-NeoX-20B's byte-level BPE (50,254 merged tokens, its whitespace-run
    added tokens, padding to 50,432); some single bytes have no token (llama.cpp's ``mpt``)."""
    return load_gguf(gguf, name="mpt", pattern_timeout=None)


def gpt_neox(mpt: Encoding) -> Encoding:
    """GPT-NeoX-20B / Pythia: ``mpt`` under another name, its tables and caches shared (MPT took
    GPT-NeoX-20B's tokenizer; llama.cpp's own gpt-neox file has the same tokens and merges but
    names no pre-tokenizer, so llama.cpp would split it with its 'default' patterns, not
    GPT-NeoX's)."""
    enc = Encoding.__new__(Encoding)
    enc.__dict__.update(vars(mpt))  # not copy.copy: an Encoding pickles by its name
    enc.name = "gpt_neox"
    return enc


def nomic_bert_moe(gguf: bytes) -> Encoding:
    """nomic-embed-text-v2-moe: XLM-RoBERTa's SentencePiece Unigram (250,002 pieces, its
    ``nmt_nfkc`` precompiled map; the file pads to 250,048 with unused pieces), run as
    transformers 5.25.0's ``XLMRobertaTokenizer`` runs it (what sentence-transformers loads):
    cut at whitespace, ``▁`` before each word (``formats.hf_unigram.whitespace_split_steps``),
    one lattice per word with HF's arithmetic, not sentencepiece's one lattice over the whole
    text. The API adds ``<s>`` and ``</s>``."""
    name = "nomic_bert_moe"
    model, post = read_gguf_unigram(gguf, name=name)
    table, _, _ = piece_table(model, name)
    n = len(model.pieces)
    while model.pieces[n - 1].type == "UNUSED":  # the padding after XLM-R's own 250,002
        n -= 1
    used = model.pieces[:n]
    unk = next(i for i, p in enumerate(model.pieces) if p.type == "UNKNOWN")
    split = MarkSplit(SPACE_MARK)
    encoder = UnigramEncoder([p.piece for p in used], [p.score for p in used], unk_id=unk,
                             flavour="hf", pre_tokenizer=split)
    steps = [HFPrecompiled(CharsMap(model.precompiled_charsmap)), *whitespace_split_steps()]
    return Encoding(name, vocab=table, model=encoder, pre_tokenizer=split,
                               normalizer=NormalizerSequence(steps), post_processor=post,
                               decoder=Strip(" ", 1))
