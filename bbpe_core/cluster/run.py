"""The client side: connect to a cluster, submit tasks of blocks, gather per file.

``open_client`` starts a ``LocalCluster`` of worker processes, each under a nanny that
restarts it if it dies (one worker runs in threads of this process), or connects to a
running scheduler. ``count_files`` and ``count_file_chunks`` plan the blocks (``blocks``):
a file larger than a block is one task per block, smaller files share a task (up to a block's
bytes and ``BATCH_FILES`` files); they submit the tasks (the encodings scattered once to every
worker), and gather results with ``as_completed`` as they finish; a task whose worker dies is
run again by the scheduler, so totals stay exact. Training's reduce (summing chunk Counters)
runs here, as results arrive.
"""

from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

from .blocks import Block, FileEntry, expand, plan_blocks
from .encodings import EncodingSpec, cuts_at_line_starts, load
from .tasks import PIECE_CHARS, BlockCount, chunk_block, count_block, each_block

__all__ = ["BATCH_FILES", "ClusterError", "FileCount", "MAX_TASKS", "count_file_chunks",
           "count_files", "open_client"]

MAX_TASKS = 20_000
"""The most tasks one run plans (a task costs the scheduler about a millisecond and the client
a future): 1.3 TB in the default 64 MiB blocks. More is refused before any work starts."""

BATCH_FILES = 500
"""The most small files (each no larger than a block) that share one task."""

_WHOLE_FILE_BATCH_BYTES = 64 << 20  # the bytes files share a task up to, when read whole

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
        ClusterError: if the scheduler has not connected and answered the handshake within
            ``timeout`` seconds, or the address is malformed.
    """
    from distributed import Client, LocalCluster

    class BoundedClient(Client):
        """A ``Client`` whose whole start (connect, handshake, first messages) ends within its
        ``timeout``: distributed bounds the connect by it but then waits for the scheduler's
        handshake without one, so a port that accepts and never answers would hang."""

        def start(self, **kwargs) -> None:
            # ``callback_timeout`` is read by distributed's ``sync``: the whole start, bounded
            kwargs.setdefault("callback_timeout", kwargs.get("timeout"))
            super().start(**kwargs)

    if scheduler:
        try:
            client = BoundedClient(scheduler, timeout=timeout)
        except (OSError, TimeoutError, ValueError, TypeError) as e:
            raise ClusterError(
                f"cannot reach the scheduler at {scheduler}: "
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


Task = list[tuple[int, Block]]
"""The blocks one task counts, each with its file's index."""


def _plan(paths: list[str], block_size: int | None) -> tuple[list[FileCount], list[Task]]:
    """The files (unreadable ones with their error) and the tasks: one per block of a file
    larger than ``block_size``; smaller files (all, for None) together, up to ``block_size``
    bytes (64 MiB for None) and ``BATCH_FILES`` files a task.

    Raises:
        NoFilesError: if a glob matches nothing.
        ValueError: if there would be more than ``MAX_TASKS`` tasks (before any is made).
    """
    files: list[FileCount] = []
    tasks: list[Task] = []
    large: list[tuple[int, FileEntry]] = []
    batch: Task = []
    batch_bytes, limit = 0, block_size or _WHOLE_FILE_BATCH_BYTES
    for entry in expand(paths):
        files.append(FileCount(entry.path, error=entry.error))
        if entry.error:
            continue
        if block_size and entry.size > block_size:
            large.append((len(files) - 1, entry))
            continue
        if batch and (batch_bytes + entry.size > limit or len(batch) == BATCH_FILES):
            tasks.append(batch)
            batch, batch_bytes = [], 0
        batch.append((len(files) - 1, plan_blocks(entry, None)[0]))
        batch_bytes += entry.size
    tasks += [batch] if batch else []
    wanted = len(tasks) + sum(-(-entry.size // block_size) for _, entry in large)
    if wanted > MAX_TASKS:
        raise ValueError(f"these files make {wanted:,} tasks of at most {limit:,} bytes; the "
                         f"most one run plans is {MAX_TASKS:,}: pass a larger block size")
    tasks += [[(k, b)] for k, entry in large for b in plan_blocks(entry, block_size)]
    return files, tasks


def _where(task: Task) -> str:
    """The bytes a task reads, for a message."""
    block = task[0][1]
    if len(task) > 1:
        return f"{len(task)} small files from {block.path} on"
    return f"bytes {block.start:,}-{block.end:,} of {block.path}"


def _gather(client, tasks: list[Task], task, args: tuple,
            progress: Progress | None, add: Callable[[int, BlockCount], None]) -> None:
    """Submit ``task(block, *args)`` for the blocks of each task; hand each block's result to
    ``add(file index, result)`` in the order the tasks finish."""
    from distributed import CancelledError, KilledWorker, as_completed

    futures = {client.submit(each_block, task, [b for _, b in t], *args, pure=False): t
               for t in tasks}
    wanted = sum(map(len, tasks))
    done = done_bytes = 0
    for future in as_completed(list(futures)):
        batch = futures.pop(future)  # released once read: the worker frees the result
        try:
            results = future.result()
        except KilledWorker:
            raise ClusterError(f"workers died again and again on {_where(batch)} (out of "
                               "memory? try a smaller block size)") from None
        except CancelledError:
            raise ClusterError("the scheduler cancelled the work (was it restarted?)") from None
        for (k, _), result in zip(batch, results):
            add(k, result)
            done += 1
            done_bytes += result.bytes
            if progress:
                progress(done, wanted, done_bytes)


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
            known to end a chunk at every line start (the count would not be exact), or
            if the files would make more than ``MAX_TASKS`` tasks.
    """
    files, tasks = _plan(paths, block_size)
    split = {b.path for t in tasks for _, b in t if b.end - b.start < b.size}
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
    _gather(client, tasks, count_block, (scattered, errors, None if unsafe else PIECE_CHARS),
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
        ValueError: naming the first file that cannot be read or decoded, or if the files
            would make more than ``MAX_TASKS`` tasks.
    """
    from .encodings import LINE_START_PATTERNS

    cut = pat_str in LINE_START_PATTERNS
    files, tasks = _plan(paths, block_size if cut else None)
    total: Counter = Counter()

    def add(k: int, r: BlockCount) -> None:
        if r.error:
            files[k].error = files[k].error or r.error
        else:
            total.update(r.chunks)

    _gather(client, tasks, chunk_block, (pat_str, errors, PIECE_CHARS if cut else None),
            progress, add)
    bad = next((f for f in files if f.error), None)
    if bad:
        raise ValueError(f"{bad.path}: {bad.error}")
    return total
