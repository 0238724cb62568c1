"""Command line: ``bbpe encode|decode|tokenize|chunk|count|train`` (also ``python -m
bbpe_core``).

``--encoding`` (and ``train --pattern``) takes a shipped name or the path of a GGUF model
file (``model.gguf``: its tokenizer, read from the header alone; ``load_gguf``).

- ``encode|tokenize [FILE]``: read FILE (UTF-8) or standard input; print the ids
  separated by spaces, or one GPT-2 Ġ string per line. Special-token text is
  encoded as special tokens with ``--allow-special``, otherwise refused as in
  ``Encoding.encode``.
- ``decode [FILE]``: read ids (spaces, commas or a JSON list); print the text.
- ``chunk [FILE] --max-tokens N [--overlap K]``: cut the text with ``chunk_text`` and print
  one JSON object per line per chunk: ``{"index", "start", "end", "tokens", "text"}`` (start
  and end: code-point offsets into the text; tokens: the chunk encoded alone).
  These four read at most ``MAX_INPUT_BYTES``, and FILE must be a regular file (a device,
  FIFO or socket is refused by name; pipe it to standard input instead).
- ``count PATH... [--encoding A,B] [--scheduler ADDRESS | --workers N] [--json]``: tokens
  per encoding, characters and bytes per file and in total, all encodings in one pass,
  with a progress bar on stderr. PATHs are files, globs or fsspec URLs.
- ``train PATH... --vocab-size N --out DIR [--pattern NAME|none] [--special TEXT]...``:
  train a byte-level BPE (chunks counted on the cluster, merges learned here), with a
  progress bar on stderr, and save it in every format.
``count`` and ``train`` run on a Dask cluster (``bbpe_core.cluster``): the scheduler at
``--scheduler``, or a local cluster of ``--workers`` processes.
Errors print one line to stderr and exit with status 2 (130 on Ctrl+C), never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import stat
import sys
import warnings
from dataclasses import asdict

from .chunking import chunk_bounds
from .cluster import MIN_BLOCK_SIZE
from .encodings.registry import get_encoding, list_encoding_names
from .formats.gguf import GGUFWarning, gguf_warnings, load_gguf
from .id_list import parse_ids

MAX_INPUT_BYTES = 8 << 20
"""The most bytes ``encode``, ``decode`` and ``tokenize`` read (8 MiB), from a file or standard
input: room for ``decode``'s 1,000,000 ids (``id_list.parse_ids``) written as ``"123456, "``;
``count`` reads files of any size in blocks."""

MAX_ENCODINGS = 32
"""The most encodings one ``count`` takes (each loaded on the client and every worker; a file's
up to ``cluster.encodings.MAX_TOKENIZER_JSON_BYTES``)."""

MAX_WORKERS = 4 * (os.cpu_count() or 1)
"""The most local worker processes ``--workers`` starts (each a Python process of its own)."""


def _encoding(item: str):
    """The encoding ``--encoding`` names: a GGUF file's (a path ending in ``.gguf``) or a
    shipped one (``get_encoding``'s ValueError lists the names). A GGUF file's warning
    (``GGUFWarning``: no pre-tokenizer named) goes to standard error as one line."""
    if not item.lower().endswith(".gguf"):
        return get_encoding(item)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", GGUFWarning)
        enc = load_gguf(item)
    for warning in caught:
        print(f"warning: {warning.message}", file=sys.stderr)
    return enc


def _positive(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _workers(text: str) -> int:
    """argparse type: worker processes, 1 to ``MAX_WORKERS``."""
    value = _positive(text)
    if value > MAX_WORKERS:
        raise argparse.ArgumentTypeError(f"{value} is above the maximum, {MAX_WORKERS} "
                                         "(4 per CPU); use --scheduler for more")
    return value


def _whole(text: str) -> int:
    """argparse type: a whole number of at least 0."""
    return 0 if text.strip() == "0" else _positive(text)


def _seconds(text: str) -> float:
    """argparse type: a finite number of seconds above 0."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number") from None
    if not 0 < value < float("inf"):
        raise argparse.ArgumentTypeError(f"{text} must be a finite number of seconds above 0")
    return value


def _size(text: str) -> int:
    """argparse type: bytes, with an optional K, M or G (powers of 1024): ``64M``."""
    scale = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}.get(text[-1:].upper(), 1)
    return _positive(text[:-1] if scale > 1 else text) * scale


def _block_size(text: str) -> int:
    """argparse type: a ``_size`` of at least ``cluster.MIN_BLOCK_SIZE`` (64K)."""
    value = _size(text)
    if value < MIN_BLOCK_SIZE:
        raise argparse.ArgumentTypeError(f"{text} is below the minimum, {MIN_BLOCK_SIZE >> 10}K")
    return value


def _cluster_options(p: argparse.ArgumentParser, workers: int) -> None:
    """Where ``count`` and ``train`` run, and how they read files."""
    p.add_argument("--scheduler", help="a Dask scheduler's address, e.g. tcp://HOST:8786 "
                   "(default: a local cluster of --workers processes)")
    p.add_argument("--workers", type=_workers, default=workers,
                   help="local worker processes, without --scheduler (1: in this process)")
    p.add_argument("--block-size", type=_block_size, default=64 << 20,
                   help="bytes per block of a large file, e.g. 64M (cut only at line starts; "
                   f"at least {MIN_BLOCK_SIZE >> 10}K); smaller files share a task")
    p.add_argument("--errors", choices=("strict", "replace"), default="strict",
                   help="a file that is not UTF-8: refuse it by name (strict) or count it "
                   "with U+FFFD (replace)")
    p.add_argument("--connect-timeout", type=_seconds, default=10.0,
                   help="seconds to connect to --scheduler and hear its handshake")


def _read_input(path: str | None, command: str) -> bytes:
    """The bytes of the regular file at ``path``, or of standard input (None), at most
    ``MAX_INPUT_BYTES``.

    Raises:
        ValueError: for a path that is not a regular file (a device such as ``/dev/zero``, a
            FIFO or a socket: refused before it is opened, which could block), or input
            larger than the cap.
        OSError: if the file cannot be read.
    """
    cap = f"{MAX_INPUT_BYTES >> 20} MiB, the most {command} reads"
    if path is None:
        raw = getattr(sys.stdin, "buffer", None)  # None for a text stream (tests)
        data = (raw.read(MAX_INPUT_BYTES + 1) if raw is not None
                else sys.stdin.read(MAX_INPUT_BYTES + 1).encode())
        if len(data) > MAX_INPUT_BYTES:
            raise ValueError(f"standard input holds more than {cap}")
        return data
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        if stat.S_ISDIR(info.st_mode):
            raise ValueError(f"{path} is a directory")
        raise ValueError(f"{path} is not a regular file (a device, FIFO or socket); pipe it to "
                         "standard input to read it")
    data = b""
    if info.st_size <= MAX_INPUT_BYTES:
        with open(path, "rb") as f:
            data = f.read(MAX_INPUT_BYTES + 1)
    if info.st_size > MAX_INPUT_BYTES or len(data) > MAX_INPUT_BYTES:
        raise ValueError(f"{path} is larger than {cap}")
    return data


def _parser() -> argparse.ArgumentParser:
    called = os.path.basename(sys.argv[0]) if sys.argv else ""
    parser = argparse.ArgumentParser(  # the name it was called by: the console script or -m
        prog=called if called.startswith("bbpe") else "python -m bbpe_core",
        description="Encode, decode, tokenize, chunk or count text with a shipped encoding "
                    "or a GGUF model file's tokenizer, or train a byte-level BPE encoding.")
    sub = parser.add_subparsers(dest="command", required=True)
    names = list_encoding_names() + ["r50k_base"]
    t = sub.add_parser("train")
    t.add_argument("paths", nargs="+", help="UTF-8 text files, globs or fsspec URLs")
    t.add_argument("--vocab-size", type=_positive, required=True)
    t.add_argument("--out", required=True, help="directory for the saved files")
    t.add_argument("--pattern", default="gpt2",
                   help="the split pattern of a shipped encoding or of a GGUF file "
                   f"(path.gguf), or none; names: {', '.join(list_encoding_names())}")
    t.add_argument("--special", action="append", default=[], help="a special token (repeatable)")
    t.add_argument("--min-frequency", type=_positive, default=2)
    _cluster_options(t, workers=1)
    c = sub.add_parser("count")
    c.add_argument("paths", nargs="+", help="UTF-8 text files, globs or fsspec URLs")
    c.add_argument("--encoding", default="gpt2",
                   help="comma-separated: shipped names, GGUF model files (.gguf), "
                   "tokenizer.json files or directories holding one (as train --out writes)")
    c.add_argument("--json", action="store_true", help="print JSON instead of a table")
    _cluster_options(c, workers=os.cpu_count() or 1)
    for command in ("encode", "decode", "tokenize"):
        p = sub.add_parser(command)
        p.add_argument("--encoding", default="gpt2",
                       help=f"a GGUF model file (path.gguf) or one of: {', '.join(names)}")
        p.add_argument("file", nargs="?", help="input file (UTF-8); standard input if omitted")
        p.add_argument("--allow-special", action="store_true",
                       help="encode special-token text as special tokens")
        p.add_argument("--errors", choices=("strict", "replace"), default="strict",
                       help="input that is not UTF-8: refuse it (strict) or replace it")
    k = sub.add_parser("chunk", help="cut a text into chunks of at most N tokens (JSON lines)")
    k.add_argument("file", nargs="?", help="input file (UTF-8); standard input if omitted")
    k.add_argument("--encoding", default="gpt2",
                   help=f"a GGUF model file (path.gguf) or one of: {', '.join(names)}")
    k.add_argument("--max-tokens", type=_positive, required=True,
                   help="the most tokens of a chunk, encoded alone")
    k.add_argument("--overlap", type=_whole, default=0,
                   help="tokens of a chunk's end repeated at the next one's start")
    k.add_argument("--errors", choices=("strict", "replace"), default="strict",
                   help="input that is not UTF-8: refuse it (strict) or replace it")
    return parser


def _print_chunks(enc, text: str, max_tokens: int, overlap: int) -> None:
    """One JSON line per chunk of ``chunk_bounds``."""
    for k, (start, end) in enumerate(chunk_bounds(text, enc, max_tokens, overlap)):
        piece = text[start:end]
        print(json.dumps({"index": k, "start": start, "end": end,
                          "tokens": len(enc.encode_ordinary(piece)), "text": piece},
                         ensure_ascii=False))


def _print_counts(results: list, names: list[str], as_json: bool) -> None:
    from .cluster.run import FileCount

    ok = [r for r in results if not r.error]
    total = FileCount("TOTAL", sum(r.characters for r in ok), sum(r.bytes for r in ok),
                      {n: sum(r.tokens[n] for r in ok) for n in names}, sum(r.replaced for r in ok))
    for r in results:
        if r.replaced:
            print(f"warning: {r.path}: {r.replaced:,} characters were not UTF-8 and count as "
                  "U+FFFD", file=sys.stderr)
    if as_json:
        print(json.dumps({"encodings": names, "files": [asdict(r) for r in results],
                          "total": asdict(total)}, indent=1, ensure_ascii=False))
        return
    width = max(len(r.path) for r in [*results, total])
    columns = ["characters", "bytes", *names]
    print(f"{'file':<{width}}" + "".join(f"  {c:>14}" for c in columns))
    for r in [*results, total]:
        if r.error:
            print(f"{r.path:<{width}}  error: {r.error}")
        else:
            values = [r.characters, r.bytes, *(r.tokens[n] for n in names)]
            print(f"{r.path:<{width}}" + "".join(f"  {v:>14,}" for v in values))


def _bar(done: int, wanted: int, what: str) -> None:
    """Draw ``[####----] done/wanted what`` on stderr."""
    filled = 30 * done // max(wanted, 1)
    print(f"\r[{'#' * filled}{'-' * (30 - filled)}] {done}/{wanted} {what}",
          end="", file=sys.stderr, flush=True)


def _block_bar(done: int, wanted: int, done_bytes: int) -> None:
    """Progress of blocks, with the megabytes read (drawn about 200 times in all)."""
    if done % max(wanted // 200, 1) and done != wanted:
        return
    _bar(done, wanted, f"blocks, {done_bytes / 1e6:,.1f} MB")
    if done == wanted:
        print(file=sys.stderr)


def _progress_bar(step) -> None:
    """Progress of merges, every 50."""
    if step.merges_done % 50 == 0 or step.merges_done in (1, step.merges_wanted):
        _bar(step.merges_done, step.merges_wanted, "merges")


def _count(args) -> int:
    from .cluster.encodings import spec_for
    from .cluster.run import count_files, open_client

    items = [item.strip() for item in args.encoding.split(",") if item.strip()]
    if not items:
        raise ValueError("--encoding names no encoding")
    if len(items) > MAX_ENCODINGS:
        raise ValueError(f"--encoding names {len(items)} encodings; the most one count takes "
                         f"is {MAX_ENCODINGS}")
    if len(set(items)) < len(items):
        raise ValueError(f"--encoding names {next(i for i in items if items.count(i) > 1)} twice")
    specs = [spec_for(item) for item in items]
    for spec in specs:
        if spec.gguf_header is not None:
            for message in gguf_warnings(spec.gguf_header, name=spec.name):
                print(f"warning: {message}", file=sys.stderr)
    with open_client(args.scheduler, args.workers, args.connect_timeout) as client:
        results = count_files(client, args.paths, specs, block_size=args.block_size,
                              errors=args.errors, progress=_block_bar)
    _print_counts(results, [s.name for s in specs], args.json)
    return 2 if any(r.error for r in results) else 0


def _train(args) -> int:
    from pathlib import Path

    from .cluster.run import count_file_chunks, open_client
    from .formats import save_all
    from .training import train_from_counts

    pattern = None if args.pattern == "none" else _encoding(args.pattern).pat_str
    if pattern == "":
        raise ValueError(f"{args.pattern} has no split pattern (it is not byte-level BPE); "
                         "choose a byte-level encoding's pattern or none")
    with open_client(args.scheduler, args.workers, args.connect_timeout) as client:
        counts = count_file_chunks(client, args.paths, pattern, block_size=args.block_size,
                                   errors=args.errors, progress=_block_bar)
    enc = train_from_counts(counts, args.vocab_size, pat_str=pattern,
                            special_tokens=args.special, min_frequency=args.min_frequency,
                            progress=_progress_bar, name=Path(args.out).name or "trained")
    print(file=sys.stderr)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    save_all(enc, out)
    print(f"{len(enc.merges)} merges, n_vocab {enc.n_vocab}; saved tokenizer.json, vocab.json, "
          f"merges.txt and {enc.name}.tiktoken in {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 bad input)."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "train":
            return _train(args)
        if args.command == "count":
            return _count(args)
        text = _read_input(args.file, args.command).decode("utf-8", errors=args.errors)
        enc = _encoding(args.encoding)
        special = {"allowed_special": "all"} if getattr(args, "allow_special", False) else {}
        if args.command == "chunk":
            _print_chunks(enc, text, args.max_tokens, args.overlap)
        elif args.command == "encode":
            print(" ".join(map(str, enc.encode(text, **special))))
        elif args.command == "tokenize":
            print("\n".join(enc.tokenize(text, **special)))
        else:
            sys.stdout.write(enc.decode(parse_ids(text)))
    except UnicodeDecodeError as e:
        print(f"error: the input is not UTF-8 (byte {e.start}); pass --errors replace to "
              "replace such bytes with U+FFFD", file=sys.stderr)
        return 2
    except (ValueError, KeyError, OSError) as e:
        message = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        where = ("the work on the scheduler was cancelled" if getattr(args, "scheduler", None)
                 else "stopped, with the local cluster's workers")
        print(f"\ninterrupted: {where}", file=sys.stderr)
        return 130
    return 0


if __name__ == "__main__":
    sys.exit(main())
