"""Vocabulary file formats: ``.tiktoken``, GPT-2 ``vocab.json`` + ``merges.txt``, HF
``tokenizer.json`` (one module each), and ``save_all`` to write every one of them."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["save_all"]


def save_all(enc, directory: str | os.PathLike) -> list[Path]:
    """Write ``enc`` in every format the engine saves: ``tokenizer.json``, ``vocab.json``,
    ``merges.txt`` and ``<name>.tiktoken``, into an existing directory.

    Args:
        enc: a ``bbpe_core.Encoding``.
        directory: where to write (files of those names are overwritten).

    Returns:
        The paths written.
    """
    from .gpt2_files import save_gpt2_files
    from .hf_json import save_hf_tokenizer_json
    from .tiktoken_file import save_tiktoken_bpe

    root = Path(directory)
    save_hf_tokenizer_json(enc, root / "tokenizer.json")
    vocab, merges = save_gpt2_files(enc, root)
    save_tiktoken_bpe(enc.mergeable_ranks, root / f"{enc.name}.tiktoken")
    return [root / "tokenizer.json", vocab, merges, root / f"{enc.name}.tiktoken"]
