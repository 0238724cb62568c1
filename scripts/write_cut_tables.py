"""Write bbpe_core/data/cut_tables/: the CJK cut's tables of each shipped vocabulary that
the cut serves, read off it once here so that a visitor's first Chinese text need not wait
for them (``bbpe_core/models/bpe/fast/cut_tables.py`` says what they are and how a file is
checked before use). Run it again whenever a shipped vocabulary changes or ``cut_tables``'
``VERSION`` is raised; files no shipped vocabulary names are removed.
tests/test_cut_tables.py reads every file's tables off its vocabulary again and compares,
and fails if a vocabulary the cut serves has no file.

    python scripts/write_cut_tables.py
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bbpe_core import get_encoding, list_encoding_names  # noqa: E402
from bbpe_core.models.bpe.cjk_parts import CjkPartsEncoder  # noqa: E402
from bbpe_core.models.bpe.fast.cut_tables import read_off, to_file, vocab_digest  # noqa: E402
from bbpe_core.models.bpe.fast.encoder import FastEncoder  # noqa: E402

OUT = ROOT / "bbpe_core" / "data" / "cut_tables"


def served() -> Iterator[tuple[str, object, str, str]]:
    """``(encoding name, vocabulary, digest, kind)`` for each table a shipped encoding's
    cut reads (``"cjk"`` for ``CjkPartsEncoder`` and ``FastEncoder``, ``"chars"`` too for
    ``FastEncoder``), once per digest and kind, in ``list_encoding_names()``'s order."""
    seen = set()
    for name in list_encoding_names():
        enc = get_encoding(name)
        kinds = (("cjk", "chars") if isinstance(enc.encoder, FastEncoder)
                 else ("cjk",) if isinstance(enc.encoder, CjkPartsEncoder) else ())
        digest = vocab_digest(enc.vocab) if kinds else ""
        for kind in kinds:
            if (digest, kind) not in seen:
                seen.add((digest, kind))
                yield name, enc.vocab, digest, kind


def main() -> None:
    """Write each table ``served`` lists and remove every other file of ``OUT``."""
    OUT.mkdir(exist_ok=True)
    written = set()
    for name, vocab, digest, kind in served():
        path = OUT / f"{digest}.{kind}.json.gz"
        path.write_bytes(to_file(kind, digest, read_off(kind, vocab)))
        written.add(path.name)
        print(f"{path.name}: {name}, {path.stat().st_size:,} bytes")
    for path in OUT.iterdir():
        if path.name not in written:
            path.unlink()
            print(f"{path.name}: removed")


if __name__ == "__main__":
    main()
