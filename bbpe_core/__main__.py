"""Command line: ``python -m bbpe_core encode|decode|tokenize [FILE] [--encoding NAME]``.

Reads FILE (UTF-8) or standard input. ``encode`` prints ids separated by spaces,
``decode`` reads ids (spaces, commas or a JSON list) and prints the text,
``tokenize`` prints one GPT-2 Ġ string per line. Special-token text is encoded as
special tokens with ``--allow-special``, otherwise refused as in ``encode``.
Errors print one line to stderr and exit with status 2, never a traceback.
"""

from __future__ import annotations

import argparse
import sys

from .id_list import parse_ids
from .registry import get_encoding, list_encoding_names


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bbpe_core", description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["encode", "decode", "tokenize"])
    parser.add_argument("file", nargs="?", help="input file (UTF-8); standard input if omitted")
    parser.add_argument("--encoding", default="gpt2", choices=list_encoding_names() + ["r50k_base"])
    parser.add_argument("--allow-special", action="store_true",
                        help="encode special-token text as special tokens")
    return parser


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; returns the exit status (0 ok, 2 bad input)."""
    args = _parser().parse_args(argv)
    try:
        if args.file:
            with open(args.file, encoding="utf-8") as f:
                text = f.read()
        else:
            text = sys.stdin.read()
        enc = get_encoding(args.encoding)
        special = {"allowed_special": "all"} if args.allow_special else {}
        if args.command == "encode":
            print(" ".join(map(str, enc.encode(text, **special))))
        elif args.command == "tokenize":
            print("\n".join(enc.tokenize(text, **special)))
        else:
            sys.stdout.write(enc.decode(parse_ids(text)))
    except (ValueError, KeyError, OSError, UnicodeDecodeError) as e:
        message = e.args[0] if isinstance(e, KeyError) and e.args else e
        print(f"error: {message}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
