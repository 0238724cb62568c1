"""Every count in the Compare lab's store (playground/data/lab_counts.json) is the engine's:
recomputed here for each shipped encoding with the lab's own count, so a stored count can
never differ from what the lab would compute (a file of its own: it loads every encoding)."""

from __future__ import annotations

import json

import pytest

import bbpe_core
from playground.lab.stored import STORE, STORED_ENCODINGS, count_texts, shipped_texts, stored_count

TEXTS = shipped_texts()
STORED = json.loads(STORE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("name", STORED_ENCODINGS)
def test_every_stored_count_is_the_engine_s_count_of_a_shipped_text(name):
    enc = bbpe_core.get_encoding(name)
    fresh = count_texts({name: enc}, TEXTS)
    assert STORED["texts"] == fresh["texts"]  # no text missing, none stale
    assert STORED["counts"][name] == fresh["counts"][name], (
        "the engine's counts changed: run python scripts/make_lab_counts.py")
    for digest, description in fresh["texts"].items():  # the page's reader gives the pair
        assert stored_count(name, TEXTS[description]) == tuple(fresh["counts"][name][digest])
