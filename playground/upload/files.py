"""Bring your own tokenizer: uploaded files -> a validated ``Encoding``, or a clear error.

Four kinds, each through the engine's loaders: HF ``tokenizer.json``; GPT-2
``vocab.json`` + ``merges.txt``; a ``.tiktoken`` file plus a split pattern; a SentencePiece
``.model`` (BPE or Unigram, read by our own protobuf reader). Every
file is size-capped before parsing (and ``server.maxUploadSize`` caps what
Streamlit accepts); a pattern that did not ship with us runs with a timeout.
Nothing is ever unpickled. The fingerprint (sha256 of kind, files and options)
keys caches, so users never see each other's results.
"""

from __future__ import annotations

import hashlib
import json
import threading
import weakref
from contextlib import AbstractContextManager

from bbpe_core import (
    GPT2_PATTERN,
    Encoding,
    load_gpt2_files,
    load_hf_tokenizer_json,
    load_sentencepiece_model,
    load_tiktoken,
)
from bbpe_core.encodings.openai import BUILTIN_ENCODINGS

from ..slots import held

__all__ = [
    "parse_special_tokens", "MAX_UPLOAD_MB", "KINDS", "SUPPORTED", "PATTERNS", "PATTERN_TIMEOUT",
    "FIRST_TEXT", "PARSES_AT_ONCE", "PARSE_WAIT_SECONDS", "load_upload", "parse_slot",
    "file_digests", "fingerprint", "default_name"]

MAX_UPLOAD_MB = 25
"""Per-file cap in MB, enforced before parsing (``.streamlit/config.toml`` has the same)."""
FIRST_TEXT = "Hello world, café 123"
"""What a new tokenizer encodes once before it is added, so that a pattern that fails fails
there. No CJK: a byte-level vocabulary's CJK cut is built on its first CJK text
(``models.bpe.fast.cjk_cut``), seconds of the shared process for the largest vocabulary the
caps allow, and waits for a visitor who types CJK with it."""
PATTERN_TIMEOUT = 2.0
"""Seconds a split by an uploaded or custom pattern may take per call."""
KINDS = ("tokenizer.json", "vocab.json + merges.txt", ".tiktoken + pattern",
         ".model (SentencePiece)")
SUPPORTED = ("BPE tokenizers: byte-level (a tokenizer.json like Llama 3's, Qwen's or DeepSeek's, "
             "GPT-2's vocab.json + merges.txt, or a .tiktoken file) or SentencePiece-style with "
             "byte fallback (a tokenizer.json like Mistral 7B's or Gemma's); Unigram "
             "tokenizer.json files (T5's, XLM-R's); WordPiece tokenizer.json files (BERT's, "
             "BGE's, with their own ids); SentencePiece .model files of the BPE or "
             "Unigram type (Llama 2's, Mistral 7B's, Jurassic-2's, any trained with the "
             "sentencepiece library); a GGUF model file below; not pipeline parts these cannot "
             "reproduce exactly")
"""What the upload reads, said on the page and with every refusal."""
PATTERNS = {name: spec.pat_str for name, spec in BUILTIN_ENCODINGS.items()}
"""Shipped split patterns a ``.tiktoken`` upload can use (or a custom one)."""


def parse_special_tokens(raw: str) -> dict[str, int]:
    """The special tokens a user typed as JSON, text -> id.

    Raises:
        ValueError: unless it is a JSON object of non-empty text -> non-negative integer.

    >>> parse_special_tokens('{"<|x|>": 5}')
    {'<|x|>': 5}
    """
    try:
        value = json.loads(raw)
    except (ValueError, RecursionError):
        value = None
    if not isinstance(value, dict) or not all(
            k and type(v) is int and v >= 0 for k, v in value.items()):
        raise ValueError("special tokens must be a JSON object of text -> integer id, "
                         'e.g. {"<|endoftext|>": 100257}')
    return value


def default_name(kind: str, file_names: list[str]) -> str:
    """The name an upload gets when the user gives none: the file's name, or for GPT-2's two
    files what their names share besides ``vocab.json`` and ``merges.txt`` (``"gpt2"`` for
    ``gpt2-vocab.json`` + ``gpt2-merges.txt``), else ``"vocab.json + merges.txt"``.

    >>> default_name(KINDS[1], ["vocab.json", "merges.txt"])
    'vocab.json + merges.txt'
    >>> default_name(KINDS[1], ["gpt2-vocab.json", "gpt2-merges.txt"])
    'gpt2'
    >>> default_name(KINDS[0], ["qwen3.tokenizer.json"])
    'qwen3.tokenizer.json'
    """
    if kind == KINDS[1]:
        stems = {n.lower().removesuffix(end).rstrip("-_. ")
                 for n, end in zip(file_names, ("vocab.json", "merges.txt"))}
        shared = next(iter(stems)) if len(stems) == 1 else ""
        return file_names[0][:len(shared)] if shared else "vocab.json + merges.txt"
    return file_names[0]


def file_digests(files: list[bytes]) -> list[bytes]:
    """Each file's sha256 digest (32 bytes), for ``fingerprint`` to reuse."""
    return [hashlib.sha256(data).digest() for data in files]


def fingerprint(kind: str, files: list[bytes], options: str, *,
                digests: list[bytes] | None = None) -> str:
    """A short sha256 of what defines an uploaded encoding.

    Args:
        kind (str): the upload's kind (``KINDS``) or another label.
        files (list[bytes]): the files' bytes.
        options (str): the options that change the encoding, as one text.
        digests (list[bytes] | None): ``file_digests(files)`` if already taken (a 25 MB file
            is hashed once per upload, not once per key).

    Returns:
        str: 12 hex digits.
    """
    h = hashlib.sha256(kind.encode() + b"\0" + options.encode())
    for digest in file_digests(files) if digests is None else digests:
        h.update(digest)
    return h.hexdigest()[:12]


def load_upload(kind: str, files: list[bytes], *, name: str, pattern: str = GPT2_PATTERN,
                special_tokens: dict[str, int] | None = None,
                digests: list[bytes] | None = None) -> Encoding:
    """Build an encoding from uploaded files.

    Args:
        kind: one of ``KINDS``.
        files: the files' bytes: one for tokenizer.json, .tiktoken and .model, two
            (vocab.json, merges.txt) for GPT-2 files.
        name: the name it gets in the selectors.
        pattern: the split pattern for ``.tiktoken`` and GPT-2 files.
        special_tokens: for ``.tiktoken``, text -> id.
        digests: ``file_digests(files)``, if the caller took them.

    Returns:
        The encoding: the one already built if a session keeps one built from the same files,
        kind, name and options (``_LOADED``).

    Raises:
        ValueError: for a file over the cap, a malformed or unsupported file (the
            message names it), a pattern that does not compile, or a server busy parsing
            another file for ``PARSE_WAIT_SECONDS`` (``parse_slot``); also for a
            RecursionError or MemoryError, should one still escape a loader, so the page
            shows a message, never a traceback.
    """
    key = fingerprint(kind, files, f"{name}|{pattern}|{special_tokens}", digests=digests)
    with _LOADED_LOCK:
        enc = _LOADED.get(key)
    if enc is not None:
        return enc
    with parse_slot():
        with _LOADED_LOCK:  # parsed by another session while this one waited
            enc = _LOADED.get(key)
        if enc is not None:
            return enc
        try:
            enc = _load(kind, files, name, pattern, special_tokens)
        except (RecursionError, MemoryError) as e:  # a last guard: the loaders' caps first
            raise ValueError(f"{name}: the file nests too deeply or needs too much memory to "
                             "load") from e
        with _LOADED_LOCK:  # before the slot is let go: the next in line finds it
            _LOADED[key] = enc
    return enc


def parse_slot() -> AbstractContextManager[None]:
    """The app's one slot for parsing a visitor's tokenizer file (``PARSES_AT_ONCE``), held
    while a ``with`` block runs (``slots.held``).

    Raises:
        ValueError: if no slot came free within ``PARSE_WAIT_SECONDS``.
    """
    return held(_PARSE_SLOTS, PARSE_WAIT_SECONDS, ValueError,
                "the server is busy adding other visitors' tokenizers; try again in a minute")


PARSES_AT_ONCE = 1
"""Tokenizer files (uploads, model files) parsed at a time in the whole app: a parse is
pure Python holding the shared process's interpreter for seconds on the largest files the
caps allow, and two at once halve every other visitor's share of it."""
PARSE_WAIT_SECONDS = 60.0
"""Seconds a parse waits for the slot before the page says the server is busy."""
_PARSE_SLOTS = threading.BoundedSemaphore(PARSES_AT_ONCE)


_LOADED: weakref.WeakValueDictionary[str, Encoding] = weakref.WeakValueDictionary()
"""Encodings built from uploads, by ``fingerprint`` of the files, kind, name and options,
while some session keeps them: the same file uploaded by several visitors (a popular
tokenizer.json) is parsed once, and nothing is kept after the last session lets it go. The
encoding is the same object for each (a deterministic function of these inputs; its caches
hold results, never a visitor's text beyond them)."""
_LOADED_LOCK = threading.Lock()


def _load(kind: str, files: list[bytes], name: str, pattern: str,
          special_tokens: dict[str, int] | None) -> Encoding:
    cap = MAX_UPLOAD_MB * 1024 * 1024
    timeout = None if pattern in PATTERNS.values() else PATTERN_TIMEOUT
    if kind == "tokenizer.json":
        return load_hf_tokenizer_json(files[0], name=name, max_bytes=cap,
                                      pattern_timeout=PATTERN_TIMEOUT)
    if kind == "vocab.json + merges.txt":
        return load_gpt2_files(files[0], files[1], name=name, pat_str=pattern, max_bytes=cap,
                               pattern_timeout=timeout)
    if kind == ".tiktoken + pattern":
        return load_tiktoken(files[0], name=name, pat_str=pattern, special_tokens=special_tokens,
                             max_bytes=cap, pattern_timeout=timeout)
    if kind == KINDS[3]:
        return load_sentencepiece_model(files[0], name=name, max_bytes=cap)
    raise ValueError(f"unknown kind of tokenizer file: {kind!r}")
