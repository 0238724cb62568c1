"""The command line's ``count`` and ``train`` on a Dask cluster (dask.distributed).

- ``blocks``: paths, URLs and globs through fsspec; files cut into byte ranges at line
  starts, where every shipped encoding ends a chunk, so counts are exact.
- ``encodings``: encodings as they travel to workers (a shipped one by name, another as
  its ``tokenizer.json``), and which of them may count a file cut in blocks.
- ``tasks``: what a worker runs on one block.
- ``run``: the client side: a local cluster or a scheduler's address, the tasks submitted,
  results gathered per file as they finish.

``import bbpe_core`` never imports this package (nor Dask); the command line does, for the
commands that need it.
"""

MIN_BLOCK_SIZE = 1 << 16
"""The smallest ``--block-size`` the command line takes (64 KiB, one read of
``blocks.find_line_start`` looking for a line start): a smaller block reads more bytes to find
its ends than it counts, and ``--block-size 1`` would plan one task per byte. Defined here, not
in ``blocks``, so the command line's parser imports no fsspec."""
