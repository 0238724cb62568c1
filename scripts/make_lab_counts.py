"""Write playground/data/lab_counts.json: the Compare lab's shipped texts (the declarations in
assets/udhr, the sample records in each format) counted with the engine for every shipped
encoding, so that the lab's first view and a switch of the sidebar need no encoding loaded
(``playground.lab.stored``). Run it again whenever an encoding or a text changes;
tests/test_lab_stored_counts.py recomputes every stored count and fails on any difference.

    python scripts/make_lab_counts.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bbpe_core import get_encoding  # noqa: E402
from playground.lab.stored import STORE, STORED_ENCODINGS, count_texts, shipped_texts  # noqa: E402


def main() -> None:
    """Count and write the store (sorted keys, so a rerun with the same engine is
    byte-identical)."""
    texts = shipped_texts()
    data: dict = {"texts": {}, "counts": {}}
    for name in STORED_ENCODINGS:  # one at a time: the counts, not every encoding, are kept
        part = count_texts({name: get_encoding(name)}, texts)
        data["texts"] = part["texts"]
        data["counts"].update(part["counts"])
    STORE.parent.mkdir(exist_ok=True)
    STORE.write_text(json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
                     encoding="utf-8")
    print(f"{STORE}: {len(data['texts'])} texts x {len(data['counts'])} encodings")


if __name__ == "__main__":
    main()
