"""``from_pretrained``: the tokenizer of any model on the Hugging Face Hub, by repo id.

The files come through the ``huggingface_hub`` library (an optional dependency: the extra
``hub``; imported only when this runs) and are read by the engine's own loaders, with their
caps. The first of these the repository holds is read:

1. ``tokenizer.json`` (HF tokenizers: byte-level BPE, BPE with byte fallback, Unigram);
2. ``tokenizer.model`` (a SentencePiece model, BPE or Unigram);
3. ``vocab.json`` + ``merges.txt`` (GPT-2's files; GPT-2's split pattern);
4. a ``.tiktoken`` file named for a shipped encoding (``cl100k_base.tiktoken``): its split
   pattern and special tokens are that encoding's, since the file holds neither;
5. a GGUF model file (``.gguf``): only its header is read, by HTTP range requests through
   ``huggingface_hub.HfFileSystem`` (``gguf_header.header_length`` says how much), never the
   weights; from the Hub cache, memory-mapped as a local file is.

Online, the repository's file list (``HfApi.list_repo_tree``) decides which, and each file's
listed size is checked against ``max_bytes`` before it is downloaded (``hf_hub_download``,
into the Hub cache). Offline (``HF_HUB_OFFLINE=1``, read by ``huggingface_hub``), the cached
snapshot of the revision (``snapshot_download(local_files_only=True)``) is listed instead.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path

from .encoding import Encoding
from .formats.gguf import load_gguf
from .formats.gguf_header import MAX_HEADER_BYTES, GGUFTruncated, header_length
from .formats.gpt2_files import load_gpt2_files
from .formats.hf_json import DEFAULT_PATTERN_TIMEOUT, load_hf_tokenizer_json
from .formats.sentencepiece import load_sentencepiece_model
from .formats.tiktoken_file import load_tiktoken
from .source import VocabFileError

__all__ = ["MAX_HUB_FILE_BYTES", "MAX_REPO_FILES", "from_pretrained", "check_repo_id"]

MAX_HUB_FILE_BYTES = 64 * 1024 * 1024
"""Bytes of one tokenizer file (or of a GGUF file's header) read from the Hub by default
(Gemma 3's tokenizer.json: 33 MB)."""
MAX_REPO_FILES = 10_000
"""Entries of a repository's file list read before giving up on finding a tokenizer."""
GGUF_FIRST_READ = 1024 * 1024
"""Bytes of a GGUF file's head asked for first; each further range at least doubles it."""

_REPO_ID = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._-]{0,94}[A-Za-z0-9])?")
_REVISION = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9._/-]{0,198}[A-Za-z0-9])?")
_LATER_SHARD = re.compile(r"-0*(?:[2-9]|[1-9]\d+)-of-\d+\.gguf$")


def check_repo_id(repo_id: object, revision: object = None) -> None:
    """Accept only a Hub repository id ``namespace/name`` (and a branch, tag or commit name).

    As ``huggingface_hub.utils.validate_repo_id`` (letters, digits, ``-``, ``_``, ``.``; no
    ``--`` or ``..``; 96 characters at most), with the namespace required, as
    ``HfFileSystem`` requires it: never a URL, a path or a file name.

    Args:
        repo_id: what the caller gave (``"Qwen/Qwen3-0.6B"``).
        revision: None, or a branch, tag or commit (letters, digits, ``.-_/``; no ``..``).

    Raises:
        ValueError: naming the id (or revision) that is not one.

    >>> check_repo_id("openai-community/gpt2")
    >>> check_repo_id("../gpt2")
    Traceback (most recent call last):
    ValueError: '../gpt2' is not a Hub repo id (namespace/name: letters, digits, '-', '_', '.')
    """
    text = repo_id if isinstance(repo_id, str) else ""
    parts = text.split("/")
    if not (len(parts) == 2 and all(map(_REPO_ID.fullmatch, parts)) and len(text) <= 96
            and "--" not in text and ".." not in text):
        raise ValueError(f"{str(repo_id)[:120]!r} is not a Hub repo id (namespace/name: letters, "
                         "digits, '-', '_', '.')")
    if revision is not None and not (isinstance(revision, str) and _REVISION.fullmatch(revision)
                                     and ".." not in revision and "//" not in revision):
        raise ValueError(f"{str(revision)[:120]!r} is not a branch, tag or commit name")


def _hub():
    try:
        import huggingface_hub
        import huggingface_hub.constants
        import huggingface_hub.errors
        import huggingface_hub.hf_api
    except ImportError as e:
        raise ImportError("from_pretrained needs the huggingface_hub library: "
                          "pip install 'bbpe-playground[hub]'") from e
    return huggingface_hub


def _pick(files: dict[str, int | None], name: str) -> tuple[str, list[str]]:
    """The kind and the files to read, by the module's order."""
    for kind, wanted in (("tokenizer.json", ["tokenizer.json"]),
                         ("tokenizer.model", ["tokenizer.model"]),
                         ("gpt2", ["vocab.json", "merges.txt"])):
        if all(w in files for w in wanted):
            return kind, wanted
    tiktoken = sorted(p for p in files if p.endswith(".tiktoken") and "/" not in p)
    if tiktoken:
        return ".tiktoken", tiktoken[:1]
    ggufs = sorted((bool(_LATER_SHARD.search(p)), p.count("/"), files[p] or 0, p)
                   for p in files if p.endswith(".gguf"))
    if ggufs:
        return "gguf", [ggufs[0][-1]]
    raise VocabFileError(f"{name}: no tokenizer.json, tokenizer.model, vocab.json + merges.txt, "
                         ".tiktoken or .gguf file in the repository")


def _tiktoken(path: str | os.PathLike, file_name: str, name: str, max_bytes: int) -> Encoding:
    from .encodings.registry import get_encoding, list_encoding_names

    stem = file_name.removesuffix(".tiktoken")
    if stem not in list_encoding_names():
        raise VocabFileError(f"{name}: {file_name} holds no split pattern, and its name is not a "
                             "shipped encoding's (e.g. cl100k_base.tiktoken) to take one from")
    shipped = get_encoding(stem)
    return load_tiktoken(path, name=name, pat_str=shipped.pat_str,
                         special_tokens=dict(shipped.special_tokens), max_bytes=max_bytes)


def _load(kind: str, paths: list, names: list[str], name: str, max_bytes: int,
          pattern_timeout: float | None) -> Encoding:
    if kind == "tokenizer.json":
        return load_hf_tokenizer_json(paths[0], name=name, max_bytes=max_bytes,
                                      pattern_timeout=pattern_timeout)
    if kind == "tokenizer.model":
        return load_sentencepiece_model(paths[0], name=name, max_bytes=max_bytes)
    if kind == "gpt2":
        return load_gpt2_files(paths[0], paths[1], name=name, max_bytes=max_bytes,
                               pattern_timeout=pattern_timeout)
    if kind == ".tiktoken":
        return _tiktoken(paths[0], names[0], name, max_bytes)
    return load_gguf(paths[0], name=name, pattern_timeout=pattern_timeout)


def _offline_files(hub, repo_id: str, revision: str | None, cache_dir) -> tuple[Path, dict]:
    try:
        root = Path(hub.snapshot_download(repo_id, revision=revision, cache_dir=cache_dir,
                                          local_files_only=True))
    except (hub.errors.LocalEntryNotFoundError, FileNotFoundError) as e:
        raise VocabFileError(f"{repo_id}: not in the Hub cache, and the Hub is offline "
                             "(HF_HUB_OFFLINE)") from e
    files: dict[str, int | None] = {}
    for path in root.rglob("*"):
        if len(files) >= MAX_REPO_FILES:
            break
        if path.is_file():
            files[path.relative_to(root).as_posix()] = path.stat().st_size
    return root, files


def _online_files(hub, repo_id: str, revision: str | None, token) -> dict[str, int | None]:
    api = hub.HfApi(token=token)
    files: dict[str, int | None] = {}
    for entry in api.list_repo_tree(repo_id, revision=revision, recursive=True):
        if len(files) >= MAX_REPO_FILES:
            break
        if isinstance(entry, hub.hf_api.RepoFile):
            files[entry.path] = entry.size
    return files


def _gguf_head(hub, repo_id: str, revision: str | None, path: str, token, size: int | None,
               max_bytes: int) -> bytes:
    """The head of a GGUF file on the Hub, by range requests: ``GGUF_FIRST_READ`` bytes, then
    as ``GGUFTruncated.needed`` asks (at least doubling), up to ``max_bytes``."""
    fs = hub.HfFileSystem(token=token)
    cap = min(max_bytes, MAX_HEADER_BYTES)
    head = b""
    want = GGUF_FIRST_READ
    with fs.open(f"{repo_id}/{path}", "rb", revision=revision, block_size=GGUF_FIRST_READ,
                 cache_type="none") as f:
        total = f.size if size is None else size
        while True:
            want = min(want, cap, total)
            f.seek(len(head))
            head += f.read(want - len(head))
            try:
                header_length(head, name=path)
                return head
            except GGUFTruncated as e:
                if want >= min(cap, total):
                    if want >= total:
                        raise
                    raise VocabFileError(f"{repo_id}/{path}: the GGUF header is larger than "
                                         f"{cap:,} bytes") from e
                want = max(e.needed, 2 * want)


def from_pretrained(repo_id: str, revision: str | None = None,
                    cache_dir: str | os.PathLike | None = None, token: str | bool | None = None,
                    *, max_bytes: int = MAX_HUB_FILE_BYTES,
                    pattern_timeout: float | None = DEFAULT_PATTERN_TIMEOUT,
                    before_load: Callable[[str, int], None] | None = None) -> Encoding:
    """The tokenizer of a model on the Hugging Face Hub, read by the engine's loaders.

    Args:
        repo_id: ``"namespace/name"`` (``check_repo_id``), e.g. ``"Qwen/Qwen3-0.6B"``.
        revision: a branch, tag or commit; None for ``main``.
        cache_dir: the Hub cache (default: ``huggingface_hub``'s, ``HF_HUB_CACHE``).
        token: a Hub token; None for ``huggingface_hub``'s own (``HF_TOKEN`` or the one
            stored by ``hf auth login``); False to send none.
        max_bytes: the cap on each file read (bytes), checked on the listed size before a
            download and again by the loader; for a GGUF file, on the header's bytes.
        pattern_timeout: seconds one split by a pattern read from the file may take.
        before_load: called with the kind (``"tokenizer.json"``, ``"tokenizer.model"``,
            ``"gpt2"``, ``".tiktoken"`` or ``"gguf"``) and the bytes about to be parsed (the
            listed sizes, before any download; a GGUF header's length once read), before any
            is parsed; what it raises stops the load and propagates (a caller's memory
            budget).

    Returns:
        The encoding, named ``repo_id``.

    Raises:
        ValueError: for an id or revision that is not one (``check_repo_id``).
        VocabFileError: (a ValueError) when the repository holds none of the files, a file is
            over ``max_bytes``, a file is malformed or of a kind we do not reproduce
            (the loaders' messages), or offline when the repository is not in the cache.
        ImportError: without ``huggingface_hub``.
        huggingface_hub.errors.HfHubHTTPError: (an OSError) for a repository or revision the
            Hub does not have, or a gated one without access.
        ConnectionError: (an OSError) when the Hub cannot be reached (after
            ``huggingface_hub``'s retries).
    """
    check_repo_id(repo_id, revision)
    hub = _hub()
    try:
        return _from_hub(hub, repo_id, revision, cache_dir, token, max_bytes, pattern_timeout,
                         before_load)
    except _transport_errors() as e:  # the HTTP client's own, not an OSError: made one
        raise ConnectionError(f"{repo_id}: the Hub could not be reached ({e})") from e


def _transport_errors() -> tuple[type[BaseException], ...]:
    """The HTTP client's connection and timeout errors (``huggingface_hub`` 1.x and 2.x use
    httpx or its fork httpx2; their ``TransportError`` is no ``OSError``)."""
    import sys

    clients = (sys.modules.get(name) for name in ("httpx2", "httpx"))
    return tuple(c.TransportError for c in clients if c is not None) or (ConnectionError,)


def _from_hub(hub, repo_id: str, revision: str | None, cache_dir, token, max_bytes: int,
              pattern_timeout: float | None, before_load) -> Encoding:
    """``from_pretrained`` once the id is checked and ``huggingface_hub`` imported."""
    if hub.constants.is_offline_mode():
        root, files = _offline_files(hub, repo_id, revision, cache_dir)
        kind, names = _pick(files, repo_id)
        _check_sizes(files, names, repo_id, max_bytes, kind)
        paths = [root / n for n in names]
        size = header_length(paths[0], name=names[0]) if kind == "gguf" else \
            sum(files[n] or 0 for n in names)
        if kind == "gguf" and size > max_bytes:
            raise VocabFileError(f"{repo_id}/{names[0]}: the GGUF header is larger than "
                                 f"{max_bytes:,} bytes")
        if before_load is not None:
            before_load(kind, size)
        return _load(kind, paths, [Path(n).name for n in names], repo_id, max_bytes,
                     pattern_timeout)
    files = _online_files(hub, repo_id, revision, token)
    kind, names = _pick(files, repo_id)
    _check_sizes(files, names, repo_id, max_bytes, kind)
    if kind == "gguf":
        head = _gguf_head(hub, repo_id, revision, names[0], token, files[names[0]], max_bytes)
        if before_load is not None:
            before_load(kind, len(head))
        return load_gguf(head, name=repo_id, pattern_timeout=pattern_timeout)
    if before_load is not None:
        before_load(kind, sum(files[n] or 0 for n in names))
    paths = [hub.hf_hub_download(repo_id, n, revision=revision, cache_dir=cache_dir, token=token)
             for n in names]
    return _load(kind, paths, [Path(n).name for n in names], repo_id, max_bytes,
                 pattern_timeout)


def _check_sizes(files: dict[str, int | None], names: list[str], repo_id: str, max_bytes: int,
                 kind: str) -> None:
    if kind == "gguf":  # only the header is read, and capped as it is read
        return
    for n in names:
        if (files.get(n) or 0) > max_bytes:
            raise VocabFileError(f"{repo_id}/{n}: {files[n]:,} bytes, more than the limit of "
                                 f"{max_bytes:,}")
