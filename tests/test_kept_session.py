"""Uploaded tokenizers kept for the browser session (issue 45, "kept"): the server keeps a
tab's tokenizers under a random token that only that tab holds, bounded in count, idle time
and memory; a reload gives them back (tests/e2e/test_kept_browser.py reloads a real tab)."""

from __future__ import annotations

import pytest
from apptest import new_app

import bbpe_core
from playground.ui import kept_session
from playground.ui.kept_session import (
    KEPT_IDLE_SECONDS,
    KEPT_MEMORY_MB,
    MAX_KEPT_BROWSERS,
    recall,
    remember,
)
from playground.ui.keys import KEPT_TOKEN, USER_ENCODING_MEMORY, USER_ENCODINGS


@pytest.fixture(autouse=True)
def empty_store(monkeypatch):
    monkeypatch.setattr(kept_session, "_STORE", type(kept_session._STORE)())


def _token(k: int) -> str:
    return f"{k:043d}"


def _kept(mb: int = 1) -> dict:
    return {USER_ENCODINGS: {"mine": ("enc", "fp")}, USER_ENCODING_MEMORY: {"mine": mb << 20}}


def test_a_token_gives_back_what_was_kept_and_nothing_else_does():
    remember(_token(1), _kept(), now=0.0)
    assert recall(_token(1), now=1.0)[USER_ENCODINGS] == {"mine": ("enc", "fp")}
    assert recall(_token(2), now=1.0) is None
    for bad in (None, 5, "short", _token(1) + "x", "../" + _token(1)[3:], {"t": 1}):
        assert recall(bad, now=1.0) is None


def test_idle_tokens_are_dropped():
    remember(_token(1), _kept(), now=0.0)
    assert recall(_token(1), now=KEPT_IDLE_SECONDS + 1.0) is None
    remember(_token(2), _kept(), now=0.0)
    remember(_token(3), _kept(), now=KEPT_IDLE_SECONDS + 1.0)  # sweeps the idle one
    assert _token(2) not in kept_session._STORE


def test_at_most_so_many_tabs_and_so_much_memory_the_oldest_go_first():
    for k in range(MAX_KEPT_BROWSERS + 5):
        remember(_token(k), _kept(), now=float(k))
    assert len(kept_session._STORE) == MAX_KEPT_BROWSERS
    assert recall(_token(0), now=50.0) is None and recall(_token(MAX_KEPT_BROWSERS + 4), now=50.0)
    half = KEPT_MEMORY_MB // 2 + 1
    remember(_token(100), _kept(half), now=60.0)
    remember(_token(101), _kept(half), now=61.0)
    assert recall(_token(100), now=62.0) is None and recall(_token(101), now=62.0)


def test_a_session_with_its_own_tokenizer_keeps_it_under_a_token(tmp_path):
    path = tmp_path / "small.json"
    bbpe_core.save_hf_tokenizer_json(bbpe_core.train("low lower lowest newer wider " * 40, 270),
                                     path)
    at = new_app()
    at.run()
    assert KEPT_TOKEN not in at.session_state  # nothing of its own: no token
    at.switch_page("views/upload.py").run()
    at.radio(key="up_kind").set_value("tokenizer.json").run()
    at.file_uploader(key="up_file_tokenizer.json").set_value(
        ("small.json", path.read_bytes(), "application/json"))
    at.run()
    next(b for b in at.button if b.label == "Add tokenizer").click().run()
    assert not at.exception
    kept = recall(at.session_state[KEPT_TOKEN])
    assert kept is not None and list(kept[USER_ENCODINGS]) == ["small.json"]
    next(b for b in at.button if b.label == "Remove").click().run()
    assert recall(at.session_state[KEPT_TOKEN])[USER_ENCODINGS] == {}
