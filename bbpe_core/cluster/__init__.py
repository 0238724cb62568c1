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
