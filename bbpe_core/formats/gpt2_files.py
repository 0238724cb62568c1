"""GPT-2's two files: ``vocab.json`` (Ġ string -> id) and ``merges.txt`` (one pair a line).

Semantics are GPT-2's / HF's (openai/gpt-2 ``encoder.py``, transformers' ``GPT2Tokenizer``): ids
come from vocab.json, merge priority from the order of merges.txt, and only listed pairs merge. The
files carry no split pattern: readers (HF, transformers) assume GPT-2's, so an export of cl100k_base
or o200k_base in this format does not reproduce their ids there (use ``tokenizer.json``).
"""

from __future__ import annotations

import json
import os
from pathlib import Path

from ..encoding import Encoding
from ..models.bpe import recover_merges
from ..pre_tokenizers.byte_level import from_gpt2_str, from_gpt2_strs, to_gpt2_str
from ..pre_tokenizers.patterns import GPT2_PATTERN
from ..source import VocabFileError, check_json_size, numbered_lines, read_bytes
from ..validate import MAX_MERGES, MAX_VOCAB_ENTRIES

__all__ = ["ordinary_entries", "parse_vocab", "parse_merges", "load_gpt2_files", "save_gpt2_files"]

MAX_ENTRIES = MAX_VOCAB_ENTRIES
"""vocab.json entries accepted at most (merges.txt lines: ``validate.MAX_MERGES``)."""


def ordinary_entries(data: dict, special_tokens: dict) -> dict:
    """A vocab.json object without the keys of ``special_tokens``, in ``data``'s order (the
    order ``parse_vocab``'s ``mergeable_ranks`` has).

    >>> ordinary_entries({"a": 0, "<s>": 1, "b": 2}, {"<s>": 1})
    {'a': 0, 'b': 2}
    """
    ordinary = dict(data)
    for key in special_tokens:
        ordinary.pop(key, None)
    return ordinary


def parse_vocab(
    data: dict, name: str, special_tokens: dict[str, int] | None
) -> tuple[dict[bytes, int], dict[str, int]]:
    """Split a decoded vocab.json into ordinary tokens and special tokens.

    Args:
        data: the JSON object, Ġ string -> id.
        name: the file's name for messages.
        special_tokens: texts to treat as special (their ids are read from ``data``
            when it has them); None means ``<|endoftext|>`` if present.

    Returns:
        ``(mergeable_ranks, special_tokens)``: token bytes -> id, text -> id.

    Raises:
        VocabFileError: for a non-object, too many entries, a non-int id, or a key
            outside GPT-2's byte alphabet that is not a special token.
    """
    if not isinstance(data, dict):
        raise VocabFileError(f"{name}: expected a JSON object of token -> id")
    if len(data) > MAX_ENTRIES:
        raise VocabFileError(f"{name}: more than {MAX_ENTRIES:,} entries")
    specials = dict(special_tokens or {})
    if special_tokens is None and "<|endoftext|>" in data:
        specials["<|endoftext|>"] = data["<|endoftext|>"]
    ordinary = ordinary_entries(data, specials)
    ints = set(map(type, data.values())) <= {int}
    decoded = from_gpt2_strs(list(ordinary)) if ints else None
    if decoded is not None:  # the fast way; else the loop below names the fault
        specials.update({key: data[key] for key in specials if key in data})
        return dict(zip(decoded, ordinary.values())), specials
    ranks: dict[bytes, int] = {}
    for key, tid in data.items():
        if not isinstance(tid, int) or isinstance(tid, bool):
            raise VocabFileError(f"{name}: id of {key!r} is not an integer: {tid!r}")
        if key in specials:
            specials[key] = tid
            continue
        try:
            ranks[from_gpt2_str(key)] = tid
        except ValueError as e:
            raise VocabFileError(
                f"{name}: token {key!r} is not a byte-level token ({e}); "
                "declare it as a special token if it is one"
            ) from e
    return ranks, specials


def parse_merges(data: bytes, name: str) -> list[tuple[bytes, bytes]]:
    """Parse merges.txt: an optional ``#version`` line, then ``left right`` per line.

    Args:
        data: the file's bytes (LF or CRLF, final newline optional).
        name: the file's name for messages.

    Returns:
        ``[(left_bytes, right_bytes), ...]`` in priority order.

    Raises:
        VocabFileError: naming file and line, for a line that is not two byte-level
            tokens separated by one space, or too many lines.
    """
    merges = []
    for number, line in numbered_lines(data, name):
        if number > MAX_MERGES + 1:  # and the #version line
            raise VocabFileError(f"{name}: more than {MAX_MERGES:,} lines")
        if not line or (number == 1 and line.startswith("#version")):
            continue
        parts = line.split(" ")
        try:
            if len(parts) != 2 or not all(parts):
                raise ValueError("expected two tokens separated by one space")
            merges.append((from_gpt2_str(parts[0]), from_gpt2_str(parts[1])))
        except ValueError as e:
            raise VocabFileError(f"{name}:{number}: {e}: {line[:60]!r}") from e
    return merges


def load_gpt2_files(
    vocab: str | os.PathLike | bytes,
    merges: str | os.PathLike | bytes,
    *,
    name: str = "gpt2-files",
    pat_str: str = GPT2_PATTERN,
    special_tokens: dict[str, int] | None = None,
    add_prefix_space: bool = False,
    max_bytes: int | None = None,
    pattern_timeout: float | None = None,
) -> Encoding:
    """Build an ``Encoding`` from GPT-2's vocab.json + merges.txt.

    Args:
        vocab, merges: paths, or the files' bytes (uploads).
        name: the encoding's name.
        pat_str: the split pattern (the files hold none; GPT-2's by default).
        special_tokens: see ``parse_vocab``.
        add_prefix_space: as transformers' GPT2Tokenizer option.
        max_bytes: size cap per file, checked before parsing.
        pattern_timeout: seconds a split may take (for a user's pattern).

    Raises:
        VocabFileError: (a ValueError) naming the file (and line) for any malformed
            or inconsistent content.

    The ids equal tiktoken's r50k_base on any text for GPT-2's own files.
    """
    vocab_data, vocab_name = read_bytes(vocab, name="vocab.json", max_bytes=max_bytes)
    merges_data, merges_name = read_bytes(merges, name="merges.txt", max_bytes=max_bytes)
    check_json_size(vocab_data, vocab_name)
    try:
        decoded = json.loads(vocab_data)
    except (ValueError, RecursionError) as e:
        raise VocabFileError(f"{vocab_name}: not valid JSON ({e})") from e
    ranks, specials = parse_vocab(decoded, vocab_name, special_tokens)
    pairs = parse_merges(merges_data, merges_name)
    try:
        return Encoding(
            name,
            pat_str=pat_str,
            mergeable_ranks=ranks,
            special_tokens=specials,
            merges=pairs,
            add_prefix_space=add_prefix_space,
            ignore_merges=False,
            pattern_timeout=pattern_timeout,
        )
    except ValueError as e:
        raise VocabFileError(f"{vocab_name} + {merges_name}: {e}") from e


def gpt2_vocab(enc: Encoding) -> dict[str, int]:
    """vocab.json's content for ``enc``: Ġ strings and special texts -> id, by id."""
    entries = {to_gpt2_str(b): i for b, i in enc.mergeable_ranks.items()}
    entries.update(enc.special_tokens)
    return dict(sorted(entries.items(), key=lambda kv: kv[1]))


def merge_list(enc: Encoding) -> list[tuple[bytes, bytes]]:
    """``enc``'s merges: its own list, or recovered from its ranks."""
    return enc.merges if enc.merges is not None else recover_merges(enc.mergeable_ranks)


def save_gpt2_files(enc: Encoding, directory: str | os.PathLike) -> tuple[Path, Path]:
    """Write ``vocab.json`` and ``merges.txt`` (with a ``#version: 0.2`` header).

    Args:
        enc: the encoding.
        directory: an existing directory; the two files are overwritten.

    Returns:
        The two paths.
    """
    directory = Path(directory)
    vocab_path, merges_path = directory / "vocab.json", directory / "merges.txt"
    vocab_path.write_text(json.dumps(gpt2_vocab(enc), ensure_ascii=False), encoding="utf-8")
    lines = [f"{to_gpt2_str(a)} {to_gpt2_str(b)}" for a, b in merge_list(enc)]
    merges_path.write_text("#version: 0.2\n" + "\n".join(lines) + "\n", encoding="utf-8")
    return vocab_path, merges_path
