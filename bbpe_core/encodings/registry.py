"""The shipped encodings by name: one table (``SHIPPED``) of each encoding's builder, the data
files it reads, and the models that use it, in the order ``list_encoding_names`` gives them.

Builders live with their family: OpenAI's three in ``openai``, the other byte-level and
SentencePiece ones in ``zoo``, BERT's in ``models.wordpiece.stages``
(the stages of a model kind's own file, built by ``from_stages``), those read from GGUF files in
``zoo_gguf``, Whisper's in ``zoo_whisper``. A file's origin, sha256 and licence are its entry in
``data/MANIFEST.json`` (``data.manifest``, written by ``scripts/fetch_vocabularies.py``); the
selector's rows and ``encoding_name_for_model`` are read from this table by ``catalogue``.
Encodings load lazily, once per process, and a file's hash is checked every time it is read.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from typing import Any

from ..encoding import Encoding
from ..models.wordpiece import stages as wordpiece
from . import openai, zoo, zoo_gguf, zoo_transformers, zoo_whisper
from .data import data_file, manifest

__all__ = [
    "ENCODING_ALIASES",
    "SHIPPED",
    "ShippedEncoding",
    "build_encoding",
    "from_stages",
    "get_encoding",
    "list_encoding_names",
]


@dataclass(frozen=True)
class ShippedEncoding:
    """One shipped encoding: how it is built, from which files, and who uses it.

    Attributes:
        build: the builder; called with no argument, or with the ``base`` encoding.
        files: the files in ``bbpe_core/data`` it reads: ``build_encoding`` reads each (its
            sha256 checked against the manifest) and passes their contents to ``build`` in
            this order, after the base encoding; the first names its vocabulary's origin and
            licence in the manifest (none: the base's do).
        label: the models as people name them, e.g. ``"GPT-4o / GPT-4.1 / GPT-5 / o1-o4"``.
        family: the vendor, e.g. ``"OpenAI"``.
        models: model names and HF ids that map to it (``catalogue.encoding_name_for_model``;
            case does not matter); no name is in two entries.
        prefixes: starts of model names that map to it when no name does (dated snapshots
            and fine-tunes: tiktoken's ``MODEL_PREFIX_TO_ENCODING``).
        base: the shipped encoding whose ranks it extends (built first and passed to
            ``build``), or None.
    """

    build: Callable[..., Encoding]
    files: tuple[str, ...]
    label: str
    family: str
    models: tuple[str, ...]
    prefixes: tuple[str, ...] = ()
    base: str | None = None

    @property
    def manifest_entry(self) -> dict:
        """The manifest's entry of its first file (origin, sha256, licence, notice), or its
        base's if it reads no file of its own."""
        if not self.files:
            return SHIPPED[self.base].manifest_entry
        return manifest()[self.files[0]]


_GEMINI_LOCAL_TOKENIZERS = {
    "gemini-2.5-pro": "gemma3", "gemini-2.5-flash": "gemma3", "gemini-2.5-flash-lite": "gemma3",
    "gemini-2.0-flash": "gemma3", "gemini-2.0-flash-lite": "gemma3",
    "gemini-2.5-pro-preview-06-05": "gemma3", "gemini-2.5-pro-preview-05-06": "gemma3",
    "gemini-2.5-pro-exp-03-25": "gemma3", "gemini-live-2.5-flash": "gemma3",
    "gemini-2.5-flash-preview-05-20": "gemma3", "gemini-2.5-flash-preview-04-17": "gemma3",
    "gemini-2.5-flash-lite-preview-06-17": "gemma3", "gemini-2.0-flash-001": "gemma3",
    "gemini-2.0-flash-lite-001": "gemma3", "gemini-3-pro-preview": "gemma3",
    "gemini-3-flash-preview": "gemma3",
    "gemini-3.5-flash": "gemma4", "gemini-3.1-flash-lite": "gemma4",
    "gemini-3.1-pro-preview": "gemma4",
}
"""The Gemini models Google's own SDK counts tokens for locally, and the Gemma tokenizer it
uses for each: google-genai 3.3.0's ``google/genai/_local_tokenizer_loader.py``
(``_GEMINI_MODELS_TO_TOKENIZER_NAMES``, ``_GEMINI_STABLE_MODELS_TO_TOKENIZER_NAMES``,
``_GEMINI_MODELS_TO_HUGGINGFACE_TOKENIZER_NAMES``), quoted. The SDK loads gemma3 from a
SentencePiece model of its own (``gemma3_cleaned_262144_v2.spiece.model``) and gemma4 from
``google/gemma-4-E4B-it``'s tokenizer; these are the counts of Google's local tokenizer, not of
the Gemini API's ``count_tokens``."""


def _gemini(tokenizer: str) -> tuple[str, ...]:
    return tuple(m for m, t in _GEMINI_LOCAL_TOKENIZERS.items() if t == tokenizer)


def from_stages(stages: Callable[..., dict[str, Any]]) -> Callable[..., Encoding]:
    """A row's builder from a model kind's stages (``models/<kind>/``, which imports no
    ``encoding``: a kind sits below it, ``tests/test_import_graph.py``).

    Args:
        stages: called with the row's file contents; returns the keyword arguments of
            ``Encoding``'s constructor (``name``, ``vocab``, ``model``, ``pre_tokenizer``,
            ``normalizer``, ``post_processor``, ``decoder``).

    Returns:
        The row's builder: the same arguments -> the ``Encoding``.

    Raises:
        What ``stages`` raises (``VocabFileError`` for a file it refuses).
    """
    def build(*contents: bytes) -> Encoding:
        return Encoding(**stages(*contents))

    return build


_WHISPER = ("tiny", "base", "small", "medium")

SHIPPED: dict[str, ShippedEncoding] = {
    # OpenAI's names and prefixes follow tiktoken's model.py (MODEL_TO_ENCODING,
    # MODEL_PREFIX_TO_ENCODING); the others the models' own tokenizer files
    "o200k_base": ShippedEncoding(
        openai.o200k_base, ("o200k_base.tiktoken.gz",), "GPT-4o / GPT-4.1 / GPT-5 / o1-o4",
        "OpenAI",
        ("gpt-4o", "gpt-4o-mini", "chatgpt-4o-latest", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano",
         "gpt-4.5-preview", "gpt-5", "gpt-5-mini", "gpt-5-nano", "o1", "o1-mini", "o1-preview",
         "o3", "o3-mini", "o4-mini"),
        prefixes=("o1-", "o3-", "o4-mini-", "gpt-5", "gpt-4.5-", "gpt-4.1-", "chatgpt-4o-",
                  "gpt-4o-", "ft:gpt-4o")),
    "o200k_harmony": ShippedEncoding(
        zoo.o200k_harmony, ("o200k_harmony_added_tokens.json.gz",), "gpt-oss", "OpenAI",
        ("gpt-oss-20b", "gpt-oss-120b", "openai/gpt-oss-20b", "openai/gpt-oss-120b"),
        prefixes=("gpt-oss-",), base="o200k_base"),
    "cl100k_base": ShippedEncoding(
        openai.cl100k_base, ("cl100k_base.tiktoken.gz",), "GPT-4 / GPT-3.5 / embeddings",
        "OpenAI",
        ("gpt-4", "gpt-4-turbo", "gpt-4-32k", "gpt-3.5-turbo", "gpt-3.5", "gpt-35-turbo",
         "davinci-002", "babbage-002", "text-embedding-ada-002", "text-embedding-3-small",
         "text-embedding-3-large"),
        prefixes=("gpt-4-", "gpt-3.5-turbo-", "gpt-35-turbo-", "ft:gpt-4", "ft:gpt-3.5-turbo",
                  "ft:davinci-002", "ft:babbage-002")),
    "p50k_base": ShippedEncoding(
        zoo.p50k_base, ("p50k_base.tiktoken.gz",), "text-davinci-003 / Codex", "OpenAI",
        ("text-davinci-003", "text-davinci-002", "code-davinci-002", "code-davinci-001",
         "code-cushman-002", "code-cushman-001", "davinci-codex", "cushman-codex")),
    "p50k_edit": ShippedEncoding(
        zoo.p50k_edit, (), "text/code-davinci-edit-001", "OpenAI",
        ("text-davinci-edit-001", "code-davinci-edit-001"), base="p50k_base"),
    "gpt2": ShippedEncoding(
        openai.gpt2, ("r50k_base.tiktoken.gz",), "GPT-2 / GPT-3", "OpenAI",
        ("gpt2", "gpt-2", "text-davinci-001", "text-curie-001", "text-babbage-001",
         "text-ada-001", "davinci", "curie", "babbage", "ada", "text-similarity-davinci-001",
         "text-similarity-curie-001", "text-similarity-babbage-001", "text-similarity-ada-001",
         "text-search-davinci-doc-001", "text-search-curie-doc-001",
         "text-search-babbage-doc-001", "text-search-ada-doc-001",
         "code-search-babbage-code-001", "code-search-ada-code-001",
         # GPT-Neo's vocab.json and merges.txt are GPT-2's (transformers' GPT2Tokenizer)
         "gpt-neo", "EleutherAI/gpt-neo-125m", "EleutherAI/gpt-neo-1.3B",
         "EleutherAI/gpt-neo-2.7B")),
    "llama3": ShippedEncoding(
        zoo.llama3, ("llama3.tiktoken.gz", "llama3_added_tokens.json.gz"), "Llama 3.x",
        "Meta Llama",
        ("llama-3", "llama-3.1", "llama-3.2", "llama-3.3", "meta-llama/Meta-Llama-3-8B",
         "meta-llama/Meta-Llama-3-8B-Instruct", "meta-llama/Llama-3.1-8B",
         "meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-70B-Instruct",
         "meta-llama/Llama-3.1-405B-Instruct", "meta-llama/Llama-3.2-1B-Instruct",
         "meta-llama/Llama-3.2-3B-Instruct", "meta-llama/Llama-3.3-70B-Instruct")),
    "llama4": ShippedEncoding(
        zoo.llama4, ("llama4.tiktoken.gz", "llama4_special_tokens.json.gz"), "Llama 4",
        "Meta Llama",
        ("llama-4", "llama-4-scout", "llama-4-maverick",
         "meta-llama/Llama-4-Scout-17B-16E-Instruct",
         "meta-llama/Llama-4-Maverick-17B-128E-Instruct")),
    "qwen3": ShippedEncoding(
        zoo.qwen3, ("qwen.tiktoken.gz", "qwen3_added_tokens.json.gz"), "Qwen 2.5 / 3", "Qwen",
        ("qwen2.5", "qwen3", "qwq", "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-72B-Instruct",
         "Qwen/Qwen2.5-Coder-7B-Instruct", "Qwen/Qwen3-8B", "Qwen/Qwen3-32B",
         "Qwen/Qwen3-235B-A22B", "Qwen/QwQ-32B")),
    "qwen3_6": ShippedEncoding(
        zoo.qwen3_6, ("qwen3_6.tiktoken.gz", "qwen3_6_tokenizer.json.gz"), "Qwen 3.5 / 3.6",
        "Qwen",
        ("qwen3.5", "qwen3.6", "qwen3.5-27b", "qwen3.5-35b-a3b", "qwen3.6-27b",
         "qwen3.6-35b-a3b", "Qwen/Qwen3.6-27B")),
    "deepseek_v3": ShippedEncoding(
        zoo.deepseek_v3, ("deepseek_v3.packed.gz",), "DeepSeek V3 / R1", "DeepSeek",
        ("deepseek-v3", "deepseek-v3.1", "deepseek-r1", "deepseek-ai/DeepSeek-V3",
         "deepseek-ai/DeepSeek-V3.1", "deepseek-ai/DeepSeek-R1")),
    "deepseek_v4": ShippedEncoding(
        zoo.deepseek_v4, ("deepseek_v4.packed.gz",), "DeepSeek V4", "DeepSeek",
        ("deepseek-v4", "deepseek-ai/DeepSeek-V4")),
    "mistral_tekken": ShippedEncoding(
        zoo.mistral_tekken, ("tekken_240718.json.gz",), "Mistral NeMo (Tekken)", "Mistral",
        ("mistral-nemo", "ministral", "mistral-small-2409", "pixtral",
         "mistralai/Mistral-Nemo-Instruct-2407", "mistralai/Mistral-Nemo-Base-2407",
         "mistralai/Ministral-8B-Instruct-2410", "mistralai/Pixtral-12B-2409")),
    "claude_legacy": ShippedEncoding(
        zoo.claude_legacy, ("claude.json.gz",), "Claude 1 / 2 (legacy, not Claude 3 or later)",
        "Anthropic", ("claude-1", "claude-2", "claude-2.1", "claude-instant-1")),
    "llama2": ShippedEncoding(
        zoo.llama2, ("llama2.model.gz",), "Llama 2", "Meta Llama",
        ("llama-2", "llama-1", "tinyllama", "vicuna", "meta-llama/Llama-2-7b-hf",
         "meta-llama/Llama-2-7b-chat-hf", "meta-llama/Llama-2-13b-hf",
         "meta-llama/Llama-2-13b-chat-hf", "meta-llama/Llama-2-70b-hf",
         "meta-llama/Llama-2-70b-chat-hf", "TinyLlama/TinyLlama-1.1B-Chat-v1.0",
         "lmsys/vicuna-7b-v1.5")),
    "mistral_v1": ShippedEncoding(
        zoo.mistral_v1, ("mistral_v1.model.gz",), "Mistral 7B / Mixtral 8x7B", "Mistral",
        ("mistral-7b", "mixtral-8x7b", "mistralai/Mistral-7B-v0.1",
         "mistralai/Mistral-7B-Instruct-v0.1", "mistralai/Mistral-7B-Instruct-v0.2",
         "mistralai/Mixtral-8x7B-v0.1", "mistralai/Mixtral-8x7B-Instruct-v0.1")),
    "mistral_v3": ShippedEncoding(
        zoo.mistral_v3, ("mistral_v3.model.gz",), "Mistral 7B v0.3 / Codestral / Large 2",
        "Mistral",
        ("mistral-7b-v0.3", "mixtral-8x22b", "codestral", "mistral-large-2",
         "mistralai/Mistral-7B-v0.3", "mistralai/Mistral-7B-Instruct-v0.3",
         "mistralai/Mixtral-8x22B-v0.1", "mistralai/Mixtral-8x22B-Instruct-v0.1",
         "mistralai/Codestral-22B-v0.1", "mistralai/Mistral-Large-Instruct-2407")),
    "mistral_v7": ShippedEncoding(
        zoo.mistral_v7, ("mistral_v7.model.gz",), "Mistral Large 2411 / Pixtral Large (v7)",
        "Mistral",
        ("mistral-large-2411", "pixtral-large-2411", "mistralai/Mistral-Large-Instruct-2411",
         "mistralai/Pixtral-Large-Instruct-2411")),
    "gemma2": ShippedEncoding(
        zoo.gemma2, ("gemma2.packed.gz",), "Gemma 2", "Google",
        ("gemma-2", "google/gemma-2-2b", "google/gemma-2-2b-it", "google/gemma-2-9b",
         "google/gemma-2-9b-it", "google/gemma-2-27b", "google/gemma-2-27b-it")),
    "gemma3": ShippedEncoding(
        zoo.gemma3, ("gemma3.packed.gz",), "Gemma 3 / Gemini 2.0-3 (local count)",
        "Google",
        ("gemma-3", "google/gemma-3-1b-it", "google/gemma-3-4b-it", "google/gemma-3-12b-it",
         "google/gemma-3-27b-it", "google/gemma-3-1b-pt", "google/gemma-3-4b-pt",
         *_gemini("gemma3"))),
    # T5's and umT5's tokenizer.json as HF tokenizers reads them (Tokenizer.from_file); their
    # models' names go to the variants transformers 5 builds (zoo_transformers)
    "t5": ShippedEncoding(
        zoo.t5, ("t5.packed.gz",), "T5 / Flan-T5 tokenizer.json (HF tokenizers)", "Google",
        ()),
    "umt5": ShippedEncoding(
        zoo.umt5, ("umt5.packed.gz",), "umT5 tokenizer.json (HF tokenizers)", "Google", ()),
    "t5_transformers": ShippedEncoding(
        zoo_transformers.t5_transformers, (), "T5 / Flan-T5 (Unigram, transformers)", "Google",
        ("t5", "t5-v1_1", "flan-t5", "t5-small", "t5-base", "t5-large", "t5-3b", "t5-11b",
         "google-t5/t5-small", "google-t5/t5-base", "google-t5/t5-large",
         "google-t5/t5-3b", "google-t5/t5-11b",
         "google/t5-v1_1-small", "google/t5-v1_1-base", "google/t5-v1_1-large",
         "google/t5-v1_1-xl", "google/t5-v1_1-xxl", "google/flan-t5-small",
         "google/flan-t5-base", "google/flan-t5-large", "google/flan-t5-xl",
         "google/flan-t5-xxl"), base="t5"),
    "umt5_transformers": ShippedEncoding(
        zoo_transformers.umt5_transformers, (), "umT5 (Unigram, transformers)", "Google",
        ("umt5", "google/umt5-small", "google/umt5-base", "google/umt5-xl", "google/umt5-xxl"),
        base="umt5"),
    "jurassic2": ShippedEncoding(
        zoo.jurassic2, ("jurassic2.model.gz",), "Jurassic-2 (Unigram)", "AI21 Labs",
        ("jurassic-2", "j2-ultra", "j2-mid", "j2-light", "j2-grande-instruct",
         "j2-jumbo-instruct")),
    "bert_base_uncased": ShippedEncoding(
        from_stages(wordpiece.bert_base_uncased), ("bert_base_uncased.vocab.txt.gz",),
        "BERT / MiniLM", "Google",
        ("bert-base-uncased", "google-bert/bert-base-uncased", "distilbert-base-uncased",
         "distilbert/distilbert-base-uncased", "sentence-transformers/all-MiniLM-L6-v2",
         "sentence-transformers/all-MiniLM-L12-v2", "all-minilm-l6-v2",
         # MobileBERT's vocab.txt is BERT base uncased's (transformers' MobileBertTokenizer is
         # BertTokenizer)
         "mobilebert-uncased", "google/mobilebert-uncased")),
    "gemma4": ShippedEncoding(
        zoo_gguf.gemma4, ("gemma4.gguf.gz",), "Gemma 4 / Gemini 3.1-3.5 (local count)",
        "Google", ("gemma-4", "gemma4", "google/gemma-4-E4B-it", *_gemini("gemma4"))),
    "phi4": ShippedEncoding(
        zoo.phi4, ("phi4_special_tokens.json.gz",), "Phi-4", "Microsoft",
        ("phi-4", "phi4", "microsoft/phi-4"), base="cl100k_base"),
    "phi3": ShippedEncoding(
        zoo_gguf.phi3, ("phi3.gguf.gz",), "Phi-3 / Phi-3.5 mini", "Microsoft",
        ("phi-3", "phi-3-mini", "phi-3.5-mini", "microsoft/Phi-3-mini-4k-instruct",
         "microsoft/Phi-3-mini-128k-instruct", "microsoft/Phi-3.5-mini-instruct")),
    "falcon": ShippedEncoding(
        zoo_gguf.falcon, ("falcon.gguf.gz",), "Falcon-7B / 40B", "TII",
        ("falcon", "falcon-7b", "falcon-40b", "tiiuae/falcon-7b", "tiiuae/falcon-7b-instruct",
         "tiiuae/falcon-40b", "tiiuae/falcon-40b-instruct")),
    "mpt": ShippedEncoding(
        zoo_gguf.mpt, ("mpt.gguf.gz",), "MPT-7B / 30B", "MosaicML",
        ("mpt", "mpt-7b", "mpt-30b", "mosaicml/mpt-7b", "mosaicml/mpt-7b-instruct",
         "mosaicml/mpt-7b-chat", "mosaicml/mpt-7b-storywriter", "mosaicml/mpt-30b",
         "mosaicml/mpt-30b-instruct", "mosaicml/mpt-30b-chat")),
    "gpt_neox": ShippedEncoding(
        zoo_gguf.gpt_neox, (), "GPT-NeoX-20B / Pythia", "EleutherAI",
        ("gpt-neox", "gpt-neox-20b", "pythia", "EleutherAI/gpt-neox-20b",
         *(f"EleutherAI/pythia-{size}{suffix}"
           for size in ("14m", "31m", "70m", "160m", "410m", "1b", "1.4b", "2.8b", "6.9b", "12b")
           for suffix in ("", "-deduped"))), base="mpt"),
    # BGE's vocab.txt is BERT base uncased's (llama.cpp's ggml-vocab-bert-bge.gguf gives the
    # same ids: tests/test_gguf.py)
    "bge": ShippedEncoding(
        from_stages(wordpiece.bge), ("bert_base_uncased.vocab.txt.gz",),
        "BGE v1.5 embeddings (WordPiece)", "BAAI",
        ("bge", "bge-small-en-v1.5", "bge-base-en-v1.5", "bge-large-en-v1.5",
         "BAAI/bge-small-en-v1.5", "BAAI/bge-base-en-v1.5", "BAAI/bge-large-en-v1.5")),
    "nomic_bert_moe": ShippedEncoding(
        zoo_gguf.nomic_bert_moe, ("nomic_bert_moe.gguf.gz",), "nomic-embed-text-v2-moe (Unigram)",
        "Nomic AI", ("nomic-embed-text-v2-moe", "nomic-ai/nomic-embed-text-v2-moe")),
    "whisper_v3": ShippedEncoding(
        zoo_whisper.whisper_v3, ("whisper_multilingual.tiktoken.gz",
                                 "whisper_languages.json.gz"),
        "Whisper large-v3 / turbo", "OpenAI",
        ("whisper-large-v3", "whisper-large-v3-turbo", "whisper-turbo",
         "openai/whisper-large-v3", "openai/whisper-large-v3-turbo")),
    "whisper": ShippedEncoding(
        zoo_whisper.whisper, ("whisper_multilingual.tiktoken.gz", "whisper_languages.json.gz"),
        "Whisper tiny-large-v2", "OpenAI",
        ("whisper", *(f"{org}whisper-{size}" for org in ("", "openai/")
                      for size in (*_WHISPER, "large", "large-v2")))),
    "whisper_en": ShippedEncoding(
        zoo_whisper.whisper_en, ("whisper_languages.json.gz",), "Whisper English-only (.en)",
        "OpenAI",
        tuple(f"{org}whisper-{size}.en" for org in ("", "openai/") for size in _WHISPER),
        base="gpt2"),
}
"""Encoding name -> how it is built and who uses it, in the order ``list_encoding_names``
gives them and the app's selector lists them (the most used first)."""

ENCODING_ALIASES = {"r50k_base": "gpt2"}
"""Other names of shipped encodings (r50k_base is tiktoken's name for GPT-2's ranks)."""


def list_encoding_names() -> list[str]:
    """The names of the shipped encodings (aliases not included), in ``SHIPPED``'s order.

    >>> list_encoding_names()[:5]
    ['o200k_base', 'o200k_harmony', 'cl100k_base', 'p50k_base', 'p50k_edit']
    """
    return list(SHIPPED)


@cache
def _load(name: str) -> Encoding:
    with _gc_paused():
        enc = build_encoding(name)
    enc.register_loader(get_encoding)  # pickles by name
    return enc


@contextmanager
def _gc_paused() -> Iterator[None]:
    """Pause the cyclic garbage collector inside the block (re-entrant: an inner block
    leaves it as the outer one found it).

    Building a vocabulary allocates a few hundred thousand tuples, lists and dicts that form
    no cycles; the collector would scan them many times over while they are made.
    """
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def build_encoding(name: str) -> Encoding:
    """Build a shipped encoding afresh (``get_encoding`` keeps the one it built first): read
    each of its ``files`` with the manifest's sha256 checked and pass their contents, after its
    base encoding if it has one, to its builder.

    Args:
        name: a name of ``SHIPPED`` (no alias).

    Raises:
        KeyError: for a name not in ``SHIPPED``.
        VocabFileError: if a file is damaged (its sha256 differs from the manifest's).
    """
    shipped = SHIPPED[name]
    contents = [data_file(file) for file in shipped.files]
    if shipped.base is None:
        return shipped.build(*contents)
    return shipped.build(get_encoding(shipped.base), *contents)


def get_encoding(name: str) -> Encoding:
    """Return a shipped encoding by name, loading it on first use (cached).

    Args:
        name: one of ``list_encoding_names()``, or the alias ``"r50k_base"`` of gpt2.

    Returns:
        The shared ``Encoding`` (treat it as immutable).

    Raises:
        ValueError: for an unknown name (the message lists the known ones), as
            tiktoken's ``get_encoding`` does; ``VocabFileError`` (a ValueError) if a shipped
            file fails its sha256 check.

    >>> get_encoding("r50k_base") is get_encoding("gpt2")
    True
    """
    canonical = ENCODING_ALIASES.get(name, name) if isinstance(name, str) else name
    if canonical not in list_encoding_names():
        known = ", ".join([*list_encoding_names(), *ENCODING_ALIASES])
        raise ValueError(f"unknown encoding {name!r}; known encodings: {known}")
    return _load(canonical)
