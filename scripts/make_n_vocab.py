"""Write playground/data/n_vocab.json: each shipped encoding's n_vocab, so that the sidebar
names it without loading the encoding (``playground.selector.n_vocab``). Run it again whenever
an encoding is added or its vocabulary changes; tests/test_stored_n_vocab.py loads every
shipped encoding and fails on any difference.

    python scripts/make_n_vocab.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bbpe_core import get_encoding, list_encoding_names  # noqa: E402
from playground.selector.n_vocab import STORE  # noqa: E402


def main() -> None:
    """Load every shipped encoding and write the store (in ``list_encoding_names()``'s
    order, so a rerun with the same encodings is byte-identical)."""
    data = {name: get_encoding(name).n_vocab for name in list_encoding_names()}
    STORE.parent.mkdir(exist_ok=True)
    STORE.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"{STORE}: {len(data)} encodings")


if __name__ == "__main__":
    main()
