"""Counting tokens, characters and UTF-8 bytes of many files, on all cores.

Each file is read whole (UTF-8) and encoded with ``encode_ordinary``; with
``workers > 1`` files are spread over processes, which receive the encoding by
name (``Encoding`` pickles as ``get_encoding(name)``) and reload it from package
data.
"""

from __future__ import annotations

import os
import sys
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

from .registry import get_encoding

__all__ = ["FileCount", "count_file", "count_files"]


@dataclass(frozen=True)
class FileCount:
    """Counts for one file (or the total); ``error`` is set when the file could not be read."""

    path: str
    tokens: int = 0
    characters: int = 0
    bytes: int = 0
    error: str = ""


def count_file(path: str, encoding: str) -> FileCount:
    """Count one file with the shipped encoding ``encoding``; errors are returned, not raised."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        return FileCount(path, error=str(e))
    return FileCount(path, len(get_encoding(encoding).encode_ordinary(text)), len(text),
                     len(text.encode("utf-8", "surrogatepass")))


def count_files(paths: list[str], encoding: str, workers: int = 1,
                progress: bool = False) -> list[FileCount]:
    """Count files, in order, with ``workers`` processes; a progress line on stderr if asked.

    Raises:
        ValueError: for an unknown encoding name or ``workers < 1``.
    """
    get_encoding(encoding)  # an unknown name fails here, once
    if workers < 1:
        raise ValueError("workers must be at least 1")
    results: list[FileCount] = []

    def report(done: int) -> None:
        if progress:
            print(f"\r{done}/{len(paths)} files", end="", file=sys.stderr, flush=True)

    if workers == 1:
        for path in paths:
            results.append(count_file(path, encoding))
            report(len(results))
    else:
        with ProcessPoolExecutor(max_workers=min(workers, os.cpu_count() or 1)) as pool:
            for result in pool.map(count_file, paths, [encoding] * len(paths), chunksize=4):
                results.append(result)
                report(len(results))
    if progress:
        print(file=sys.stderr)
    return results
