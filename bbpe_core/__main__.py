"""Command line: ``python -m bbpe_core encode|decode|tokenize|count``.

- ``encode|tokenize [FILE]``: read FILE (UTF-8) or standard input; print the ids
  separated by spaces, or one GPT-2 Ġ string per line. Special-token text is
  encoded as special tokens with ``--allow-special``, otherwise refused as in
  ``Encoding.encode``.
- ``decode [FILE]``: read ids (spaces, commas or a JSON list); print the text.
- ``count PATH... [--workers N] [--json]``: tokens, characters and UTF-8 bytes per
  file and in total, with a progress line on stderr.
- ``train FILE... --vocab-size N --out DIR [--pattern NAME|none] [--special TEXT]...``:
  train a byte-level BPE, with a progress bar on stderr, and save it in every format.
Errors print one line to stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from dataclasses import asdict

from .count import FileCount, count_files
from .id_list import parse_ids
from .registry import get_encoding, list_encoding_names


def _positive(text: str) -> int:
    """argparse type: a whole number of at least 1."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"{value} must be at least 1")
    return value


def _read_stdin(errors: str) -> str:
    """Standard input as UTF-8 (``errors``: ``strict`` refuses other bytes, ``replace`` turns
    them into U+FFFD)."""
    raw = getattr(sys.stdin, "buffer", None)
    return sys.stdin.read() if raw is None else raw.read().decode("utf-8", errors=errors)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bbpe_core", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    names = list_encoding_names() + ["r50k_base"]
    t = sub.add_parser("train")
    t.add_argument("files", nargs="+", help="UTF-8 text files")
    t.add_argument("--vocab-size", type=_positive, required=True)
    t.add_argument("--out", required=True, help="directory for the saved files")
    t.add_argument("--pattern", default="gpt2", choices=list_encoding_names() + ["none"])
    t.add_argument("--special", action="append", default=[], help="a special token (repeatable)")
    t.add_argument("--min-frequency", type=_positive, default=2)
    t.add_argument("--workers", type=_positive, default=1)
    for command in ("encode", "decode", "tokenize", "count"):
        p = sub.add_parser(command)
        p.add_argument("--encoding", default="gpt2", choices=names)
        if command == "count":
            p.add_argument("paths", nargs="+", help="UTF-8 text files")
            p.add_argument("--workers", type=_positive, default=os.cpu_count() or 1)
            p.add_argument("--json", action="store_true", help="print JSON instead of a table")
        else:
            p.add_argument("file", nargs="?", help="input file (UTF-8); standard input if omitted")
            p.add_argument("--allow-special", action="store_true",
                           help="encode special-token text as special tokens")
            p.add_argument("--errors", choices=("strict", "replace"), default="strict",
                           help="input that is not UTF-8: refuse it (strict) or replace it")
    return parser


def _print_counts(results: list[FileCount], as_json: bool) -> None:
    ok = [r for r in results if not r.error]
    total = FileCount("TOTAL", sum(r.tokens for r in ok), sum(r.characters for r in ok),
                      sum(r.bytes for r in ok))
    if as_json:
        print(json.dumps({"files": [asdict(r) for r in results], "total": asdict(total)}, indent=1))
        return
    width = max(len(r.path) for r in [*results, total])
    print(f"{'file':<{width}}  {'tokens':>12}  {'characters':>12}  {'bytes':>12}")
    for r in [*results, total]:
        if r.error:
            print(f"{r.path:<{width}}  error: {r.error}")
        else:
            print(f"{r.path:<{width}}  {r.tokens:>12,}  {r.characters:>12,}  {r.bytes:>12,}")


def _progress_bar(step) -> None:
    """Draw ``[####----] done/wanted merges`` on stderr."""
    if step.merges_done % 50 and step.merges_done not in (1, step.merges_wanted):
        return
    filled = 30 * step.merges_done // max(step.merges_wanted, 1)
    print(f"\r[{'#' * filled}{'-' * (30 - filled)}] {step.merges_done}/{step.merges_wanted} merges",
          end="", file=sys.stderr, flush=True)


def _train(args) -> int:
    from pathlib import Path

    from .formats import save_all
    from .training import train_files

    pattern = None if args.pattern == "none" else get_encoding(args.pattern).pat_str
    if pattern == "":
        raise ValueError(f"{args.pattern} has no split pattern (it is not byte-level BPE); "
                         "choose a byte-level encoding's pattern or none")
    enc = train_files(args.files, args.vocab_size, pat_str=pattern, workers=args.workers,
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
            results = count_files(args.paths, args.encoding, args.workers, progress=not args.json)
            _print_counts(results, args.json)
            return 2 if any(r.error for r in results) else 0
        if args.file:
            with open(args.file, encoding="utf-8", errors=args.errors) as f:
                text = f.read()
        else:
            text = _read_stdin(args.errors)
        enc = get_encoding(args.encoding)
        special = {"allowed_special": "all"} if args.allow_special else {}
        if args.command == "encode":
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
    return 0


if __name__ == "__main__":
    sys.exit(main())
