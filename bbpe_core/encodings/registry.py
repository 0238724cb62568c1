"""The shipped encodings by name: OpenAI's gpt2 (r50k_base), cl100k_base, o200k_base here,
the others (Llama, Qwen, DeepSeek, Mistral, Claude 1/2, p50k) built by ``zoo``.

Each is data: a ``.tiktoken.gz`` file in ``bbpe_core/data`` with the sha256 of its
uncompressed content (the ``expected_hash`` of tiktoken's
``tiktoken_ext/openai_public.py``), its split pattern and its special tokens
(same source). Files load lazily, once per process, and the hash is checked
every time one is read.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from importlib import resources

from ..encoding import Encoding
from ..formats.tiktoken_file import load_tiktoken
from ..pre_tokenizers.patterns import CL100K_PATTERN, GPT2_PATTERN, O200K_PATTERN
from .catalogue import encoding_name_for_model
from .wordpiece import bert_base_uncased
from .zoo import ZOO_BUILDERS
from .zoo_gguf import GGUF_BUILDERS
from .zoo_whisper import WHISPER_BUILDERS

__all__ = [
    "ENDOFTEXT",
    "ENDOFPROMPT",
    "BUILTIN_ENCODINGS",
    "ENCODING_ALIASES",
    "encoding_for_model",
    "get_encoding",
    "list_encoding_names",
]

ENDOFTEXT = "<|endoftext|>"
FIM_PREFIX = "<|fim_prefix|>"
FIM_MIDDLE = "<|fim_middle|>"
FIM_SUFFIX = "<|fim_suffix|>"
ENDOFPROMPT = "<|endofprompt|>"


@dataclass(frozen=True)
class BuiltinEncoding:
    """How to build one shipped encoding.

    Attributes:
        file: the file name in ``bbpe_core/data``.
        sha256: hex sha256 of the uncompressed file.
        pat_str: the split pattern.
        special_tokens: text -> id.
        n_vocab: the expected ``max id + 1``.
        used_by: the models that use it (for display).
    """

    file: str
    sha256: str
    pat_str: str
    special_tokens: dict[str, int]
    n_vocab: int
    used_by: str


BUILTIN_ENCODINGS: dict[str, BuiltinEncoding] = {
    "gpt2": BuiltinEncoding(
        "r50k_base.tiktoken.gz",
        "306cd27f03c1a714eca7108e03d66b7dc042abe8c258b44c199a7ed9838dd930",
        GPT2_PATTERN,
        {ENDOFTEXT: 50256},
        50257,
        "GPT-2, GPT-3",
    ),
    "cl100k_base": BuiltinEncoding(
        "cl100k_base.tiktoken.gz",
        "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
        CL100K_PATTERN,
        {ENDOFTEXT: 100257, FIM_PREFIX: 100258, FIM_MIDDLE: 100259, FIM_SUFFIX: 100260,
         ENDOFPROMPT: 100276},
        100277,
        "GPT-3.5, GPT-4",
    ),
    "o200k_base": BuiltinEncoding(
        "o200k_base.tiktoken.gz",
        "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
        O200K_PATTERN,
        {ENDOFTEXT: 199999, ENDOFPROMPT: 200018},
        200019,
        "GPT-4o, o1, o3",
    ),
}

WORDPIECE_BUILDERS = {"bert_base_uncased": bert_base_uncased}
"""The WordPiece encodings (``wordpiece``), listed after the zoo's."""

ENCODING_ALIASES = {"r50k_base": "gpt2"}
"""Other names of shipped encodings (r50k_base is tiktoken's name for GPT-2's ranks)."""


def list_encoding_names() -> list[str]:
    """The names of the shipped encodings (aliases not included): OpenAI's three, then
    those of ``zoo``.

    >>> list_encoding_names()[:5]
    ['gpt2', 'cl100k_base', 'o200k_base', 'p50k_base', 'p50k_edit']
    """
    return [*BUILTIN_ENCODINGS, *ZOO_BUILDERS, *WORDPIECE_BUILDERS, *GGUF_BUILDERS,
            *WHISPER_BUILDERS]


@cache
def _load(name: str) -> Encoding:
    with _gc_paused():
        enc = _build(name)
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


def _build(name: str) -> Encoding:
    if name in ZOO_BUILDERS:
        return ZOO_BUILDERS[name]()
    if name in WORDPIECE_BUILDERS:
        return WORDPIECE_BUILDERS[name]()
    if name in GGUF_BUILDERS:
        return GGUF_BUILDERS[name]()
    if name in WHISPER_BUILDERS:
        return WHISPER_BUILDERS[name]()
    spec = BUILTIN_ENCODINGS[name]
    data = resources.files("bbpe_core").joinpath("data", spec.file).read_bytes()
    enc = load_tiktoken(
        data,
        name=name,
        pat_str=spec.pat_str,
        special_tokens=spec.special_tokens,
        expected_hash=spec.sha256,
    )
    if enc.n_vocab != spec.n_vocab:
        raise ValueError(f"{name}: n_vocab is {enc.n_vocab}, expected {spec.n_vocab}")
    return enc


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


def encoding_for_model(model_name: str) -> Encoding:
    """The encoding a model uses (tiktoken's ``encoding_for_model``), loaded.

    Args:
        model_name: an OpenAI model name, or a HF model id or short name of another family
            (see ``catalogue.encoding_name_for_model``).

    Raises:
        KeyError: for an unknown model name; the message lists close matches.

    >>> encoding_for_model("Qwen/Qwen3-8B").name
    'qwen3'
    """
    return get_encoding(encoding_name_for_model(model_name))
