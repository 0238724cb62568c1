"""bbpe_core: a tokenizer engine in pure Python (byte-level BPE with tiktoken's ids, token for
token; SentencePiece BPE, WordPiece and Unigram with their reference libraries' ids).

Public API, re-exported by name:

- ``get_encoding(name)``, ``list_encoding_names()``: the shipped encodings (OpenAI's gpt2 /
  r50k_base, p50k, cl100k_base, o200k_base, o200k_harmony; Llama 3 and 4, Qwen 3, DeepSeek
  V3 and V4, Mistral NeMo's Tekken, Claude 1/2; SentencePiece BPE: Llama 2, Mistral 7B
  v0.1 and v0.3, Gemma 2 and 3); ``encoding_for_model`` and
  ``encoding_name_for_model`` for model names and HF ids; ``encoding_catalogue`` for the
  models behind each.
- ``Encoding``: ``encode``, ``encode_ordinary``, ``encode_batch``, ``decode``,
  ``decode_bytes``, ``decode_single_token_bytes``, plus ``encode_rich`` (one run: ids and
  each token's bytes, span, chunk and flags, an ``Encoded``), ``tokenize``, ``pre_tokenize``
  and ``encode_detailed`` for viewers; ``trace`` for every merge step.
- ``bytes_to_unicode``, ``byte_encoder``, ``byte_decoder``: GPT-2's byte map.
- ``train``, ``train_files``: an exact, incremental BPE trainer; ``train_unigram``: a
  Unigram LM trainer after sentencepiece's; ``train_sentencepiece_bpe``: its BPE trainer;
  ``train_wordpiece``: a WordPiece trainer after HF tokenizers' ``WordPieceTrainer`` (each
  takes a ``stop`` function and raises ``TrainingStopped`` when it says so).
- Loaders and savers for ``.tiktoken``, GPT-2 ``vocab.json`` + ``merges.txt`` and
  HF ``tokenizer.json``; a loader and a saver for SentencePiece ``.model`` files;
  ``load_gguf`` for the tokenizer in a GGUF model file's header (llama.cpp, Ollama), never
  reading the weights.
- ``from_pretrained(repo_id)``: the tokenizer of any model on the Hugging Face Hub, through
  the optional ``huggingface_hub`` library (``hub``), read by the loaders above.
- ``visualize``: a text's tokens as coloured chips in a notebook (``_repr_html_``) or as
  plain text (``str``).
- ``chunk_text``: text cut into chunks of at most N tokens at paragraph, line, sentence or
  word boundaries (``chunking``).
- ``extend_vocabulary``: new pieces appended to a SentencePiece or byte-level BPE encoding
  (Chinese-LLaMA's recipe and its byte-level analogue).
- Not imported here: ``bbpe_core.cluster``, the command line's ``count`` and ``train`` on a
  Dask cluster (it needs dask.distributed and fsspec).

>>> import bbpe_core
>>> bbpe_core.get_encoding("gpt2").encode("hello world")
[31373, 995]
"""

from .chunking import chunk_text
from .encoded import Chunk, Encoded, TokenSpan
from .encoding import Encoding
from .encodings.catalogue import (
    EncodingInfo,
    encoding_catalogue,
    encoding_for_model,
    encoding_name_for_model,
)
from .encodings.registry import get_encoding, list_encoding_names
from .formats.gguf import GGUFWarning, load_gguf
from .formats.gpt2_files import load_gpt2_files, save_gpt2_files
from .formats.hf_json import load_hf_tokenizer_json, save_hf_tokenizer_json
from .formats.sentencepiece import load_sentencepiece_model
from .formats.sentencepiece_save import save_sentencepiece_model
from .formats.tiktoken_file import load_tiktoken, load_tiktoken_bpe, save_tiktoken_bpe
from .hub import from_pretrained
from .models.bpe import recover_merges
from .pre_tokenizers.byte_level import byte_decoder, byte_encoder, bytes_to_unicode
from .pre_tokenizers.patterns import (
    CL100K_PATTERN,
    GPT2_PATTERN,
    O200K_PATTERN,
    PatternTimeoutError,
)
from .source import VocabFileError
from .training import (
    TrainingStopped,
    TrainStep,
    UnigramRound,
    count_chunks,
    train,
    train_files,
    train_from_counts,
    train_sentencepiece_bpe,
    train_unigram,
    train_wordpiece,
)
from .training.extend import extend_vocabulary
from .viewer.notebook import TokenView, visualize
from .viewer.trace import ChunkTrace, MergeStep, trace

__version__ = "0.2.0"
"""The package's version: the one place it is written (pyproject.toml reads it from here;
CHANGELOG.md says what each version changed)."""

__all__ = [
    "CL100K_PATTERN",
    "Chunk",
    "ChunkTrace",
    "Encoded",
    "Encoding",
    "EncodingInfo",
    "GGUFWarning",
    "GPT2_PATTERN",
    "MergeStep",
    "O200K_PATTERN",
    "PatternTimeoutError",
    "TokenSpan",
    "TokenView",
    "TrainStep",
    "UnigramRound",
    "VocabFileError",
    "byte_decoder",
    "byte_encoder",
    "bytes_to_unicode",
    "chunk_text",
    "count_chunks",
    "encoding_catalogue",
    "encoding_for_model",
    "encoding_name_for_model",
    "extend_vocabulary",
    "from_pretrained",
    "get_encoding",
    "list_encoding_names",
    "load_gguf",
    "load_gpt2_files",
    "load_hf_tokenizer_json",
    "load_sentencepiece_model",
    "load_tiktoken",
    "load_tiktoken_bpe",
    "recover_merges",
    "save_gpt2_files",
    "save_hf_tokenizer_json",
    "save_sentencepiece_model",
    "save_tiktoken_bpe",
    "trace",
    "TrainingStopped",
    "train",
    "train_files",
    "train_from_counts",
    "train_sentencepiece_bpe",
    "train_unigram",
    "train_wordpiece",
    "visualize",
]
