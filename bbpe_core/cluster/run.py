"""The client side: connect to a cluster, submit one task per block, gather per file.

``open_client`` starts a ``LocalCluster`` of worker processes, each under a nanny that
restarts it if it dies (one worker runs in threads of this process), or connects to a
running scheduler. ``count_files`` and ``count_file_chunks`` plan the blocks (``blocks``),
submit them (the encodings scattered once to every worker), and gather results with
``as_completed`` as they finish; a task whose worker dies is run again by the scheduler, so
totals stay exact. Training's reduce (summing chunk Counters) runs here, as results arrive.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .blocks import Block, expand, plan_blocks
from .encodings import EncodingSpec, cuts_at_line_starts, load
from .tasks import PIECE_CHARS, BlockCount, chunk_block, count_block

__all__ = ["ClusterError", "FileCount", "count_file_chunks", "count_files", "open_client"]

Progress = Callable[[int, int, int], None]
"""Called with (blocks done, blocks in all, bytes done) as each block finishes."""


class ClusterError(ValueError):
    """The scheduler cannot be reached, or the cluster cannot start."""


@dataclass
class FileCount:
    """Counts for one file (or the total).

    Attributes:
        path: the shown name.
        characters, bytes: code points after decoding, bytes read.
        tokens: encoding name -> tokens.
        replaced: U+FFFD characters put in for bytes that are not UTF-8.
        error: why the file could not be counted ("" if it was); its counts are then 0.
    """

    path: str
    characters: int = 0
    bytes: int = 0
    tokens: dict[str, int] = field(default_factory=dict)
    replaced: int = 0
    error: str = ""


@contextmanager
def open_client(scheduler: str | None = None, workers: int = 1,
                timeout: float = 10.0) -> Iterator:
    """A ``distributed.Client`` for the scheduler at ``scheduler``, or for a local cluster of
    ``workers`` processes (threads of this process for one), closed on exit (Ctrl+C too).

    Raises:
        ClusterError: if the scheduler does not answer within ``timeout`` seconds, or the
            address is malformed.
    """
    from distributed import Client, LocalCluster

    if scheduler:
        try:
            client = Client(scheduler, timeout=timeout)
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            raise ClusterError(f"cannot reach the scheduler at {scheduler}: "
                               f"{str(e).splitlines()[0] if str(e) else type(e).__name__}") from None
        with client, _quiet_on_interrupt():
            yield client
        return
    # the workers' own logs stay quiet (CRITICAL only): a failed block reaches the user through
    # its future, and on Ctrl+C a worker process whose scheduler closed first would log a
    # heartbeat traceback at ERROR
    with LocalCluster(n_workers=workers, threads_per_worker=1, processes=workers > 1,
                      dashboard_address=None, silence_logs=logging.CRITICAL) as cluster:
        with Client(cluster) as client, _quiet_on_interrupt():
            yield client


@contextmanager
def _quiet_on_interrupt() -> Iterator[None]:
    """On Ctrl+C, silence logging before the client and cluster close: the scheduler's
    complaints about a client gone mid-run are not the user's to read."""
    try:
        yield
    except KeyboardInterrupt:
        logging.disable(logging.CRITICAL)
        raise


def _plan(paths: list[str], block_size: int | None
          ) -> tuple[list[FileCount], list[tuple[int, Block]]]:
    """The files (unreadable ones with their error) and (file index, block) pairs."""
    files, blocks = [], []
    for entry in expand(paths):
        files.append(FileCount(entry.path, error=entry.error))
        if not entry.error:
            blocks.extend((len(files) - 1, b) for b in plan_blocks(entry, block_size))
    return files, blocks


def _gather(client, blocks: list[tuple[int, Block]], task, args: tuple,
            progress: Progress | None, add: Callable[[int, BlockCount], None]) -> None:
    """Submit ``task(block, *args)`` per block; hand each result to ``add(file index, result)``
    in the order they finish."""
    from distributed import CancelledError, KilledWorker, as_completed

    futures = {client.submit(task, b, *args, pure=False): (k, b) for k, b in blocks}
    done = done_bytes = 0
    for future in as_completed(list(futures)):
        k, block = futures.pop(future)  # released once read: the worker frees the result
        try:
            result = future.result()
        except KilledWorker:
            raise ClusterError(f"workers died again and again on bytes {block.start:,}-"
                               f"{block.end:,} of {block.path} (out of memory? try a smaller "
                               "block size)") from None
        except CancelledError:
            raise ClusterError("the scheduler cancelled the work (was it restarted?)") from None
        add(k, result)
        done += 1
        done_bytes += result.bytes
        if progress:
            progress(done, len(blocks), done_bytes)


def count_files(client, paths: list[str], specs: list[EncodingSpec], *,
                block_size: int | None = 64 << 20, errors: str = "strict",
                progress: Progress | None = None) -> list[FileCount]:
    """Tokens, characters and bytes of every file, for several encodings in one pass (each
    block read and decoded once, then counted in every encoding).

    Args:
        client: a ``distributed.Client``.
        paths: paths, URLs and globs (``blocks.expand``).
        specs: the encodings.
        block_size: nominal bytes per block; None reads every file whole.
        errors: ``"strict"`` refuses a file that is not UTF-8 (named in its ``error``);
            ``"replace"`` counts it with U+FFFD and says how many in ``replaced``.
        progress: see ``Progress``.

    Returns:
        One ``FileCount`` per file, in the order given; a file that cannot be read has
        ``error`` set and zero counts, the others are counted.

    Raises:
        NoFilesError: if a glob matches nothing.
        ValueError: if a file larger than ``block_size`` would be cut for an encoding not
            known to end a chunk at every line start (the count would not be exact).
    """
    files, blocks = _plan(paths, block_size)
    split = {b.path for _, b in blocks if b.end - b.start < b.size}
    unsafe = [s.name for s in specs if not cuts_at_line_starts(load(s))]
    if unsafe and split:
        raise ValueError(f"{unsafe[0]} is not known to end a chunk at every line start, so "
                         f"{sorted(split)[0]} cannot be counted in blocks exactly; pass a block "
                         "size larger than the largest file")
    names = [s.name for s in specs]
    for f in files:
        f.tokens = dict.fromkeys(names, 0)

    def add(k: int, r: BlockCount) -> None:
        f = files[k]
        if r.error or f.error:
            f.error = f.error or r.error
            return
        f.characters += r.characters
        f.bytes += r.bytes
        f.replaced += r.replaced
        for name, n in zip(names, r.tokens):
            f.tokens[name] += n

    scattered = client.scatter(list(specs), broadcast=True, hash=False)
    _gather(client, blocks, count_block, (scattered, errors, None if unsafe else PIECE_CHARS),
            progress, add)
    for f in files:
        if f.error:
            f.characters = f.bytes = f.replaced = 0
            f.tokens = dict.fromkeys(names, 0)
    return files


def count_file_chunks(client, paths: list[str], pat_str: str | None, *,
                      block_size: int | None = 64 << 20, errors: str = "strict",
                      progress: Progress | None = None) -> Counter:
    """Training's map-reduce: the chunk counts of all files, each block counted on a
    worker (``training.count_chunks``), the Counters summed here.

    Args:
        pat_str: the split pattern, or None for whole files as chunks. Files are cut in
            blocks only for a pattern in ``encodings.LINE_START_PATTERNS``; others are
            read whole, so the counts are always those of the whole files.
        paths, block_size, errors, progress: as ``count_files``.

    Raises:
        NoFilesError: if a glob matches nothing.
        ValueError: naming the first file that cannot be read or decoded.
    """
    from .encodings import LINE_START_PATTERNS

    cut = pat_str in LINE_START_PATTERNS
    files, blocks = _plan(paths, block_size if cut else None)
    total: Counter = Counter()

    def add(k: int, r: BlockCount) -> None:
        if r.error:
            files[k].error = files[k].error or r.error
        else:
            total.update(r.chunks)

    _gather(client, blocks, chunk_block, (pat_str, errors, PIECE_CHARS if cut else None),
            progress, add)
    bad = next((f for f in files if f.error), None)
    if bad:
        raise ValueError(f"{bad.path}: {bad.error}")
    return total
