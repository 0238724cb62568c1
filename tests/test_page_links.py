"""Share links for Merge trace, Compare lab, Vocabulary, Byte map and Algorithms, and the
Playground's link keeping its View (issue 45, "Quick, linkable, kept"): a page's link restores
its encoding and fields; every field is checked by shape before anything is set."""

from __future__ import annotations

import json

import pytest
from apptest import new_app

from playground.algorithms.side_by_side import MAX_ALGORITHM_ENCODINGS
from playground.share.links import decode_state, encode_state
from playground.share.pages import (
    LAB_TABS,
    MAX_LINK_LAB_ENCODINGS,
    MAX_LINK_QUERY_CHARS,
    PAGE_FIELDS,
    page_fields,
)

ENCODINGS = {"gpt2", "llama2", "t5", "o200k_base", "gemma3"}
LINKS = {
    "trace": ("Merge trace", "llama2", {"text": "词 lower"}, {"tr_text": "词 lower"}),
    "vocabulary": ("Vocabulary", "t5", {"query": "^▁", "search": "regex", "form": "vocabulary"},
                   {"vo_query": "^▁", "vo_mode": "regex", "vo_form": "vocabulary"}),
    "byte_map": ("Byte map", "llama2", {"text": "é x", "g": "Ã©"},
                 {"bm_text": "é x", "bm_g": "Ã©"}),
    "compare_lab": ("Compare lab", "t5", {"encodings": ["gpt2", "t5"], "tab": "Numbers"},
                    {"lab_names": ["gpt2", "t5"]}),
    "algorithms": ("Algorithms", "llama2",
                   {"text": "unseen 麵", "sample": "春眠", "encodings": ["gpt2", "gemma3"]},
                   {"al_text": "unseen 麵", "al_sample": "春眠", "al_names": ["gpt2", "gemma3"]}),
}


def _link(page: str, encoding: str, fields: dict) -> str:
    return encode_state(encoding, page, json.dumps(fields, ensure_ascii=False))


def _opened(page: str, link: str):
    """The app opened at ``page`` with ``?s=link`` (AppTest starts on the Playground, which
    must not see the link: a visitor opens the page's address)."""
    at = new_app()
    at.run()
    at.query_params["s"] = link
    at.switch_page(page).run()
    return at


def test_the_lab_tabs_are_the_pages():
    from pathlib import Path

    root = Path(__file__).resolve().parent.parent
    view = (root / "playground" / "views" / "compare_lab.py").read_text()
    assert all(f'"{tab}": lab_sections.' in view for tab in LAB_TABS)


@pytest.mark.parametrize("raw, message", [
    ("[]", "not a Vocabulary view"),
    ('{"query": "a", "other": 1}', "not a Vocabulary view"),
    ('{"query": 5}', "not a text"),
    ('{"query": "' + "a" * (MAX_LINK_QUERY_CHARS + 1) + '"}', "5,000"),
    ('{"search": "glob"}', "unknown search"),
    ('{"form": ["text"]}', "unknown form"),
    ("{", "could not be read"),
])
def test_a_bad_field_is_refused_by_shape(raw, message):
    with pytest.raises(ValueError, match=message):
        page_fields("Vocabulary", raw, ENCODINGS)


@pytest.mark.parametrize("names, message", [
    (["gpt2", "nope"], "not all encodings"), ("gpt2", "not all encodings"),
    (["gpt2"] * (MAX_LINK_LAB_ENCODINGS + 1), "encodings"),
])
def test_lab_encodings_are_this_apps_and_capped(names, message):
    with pytest.raises(ValueError, match=message):
        page_fields("Compare lab", json.dumps({"encodings": names}), ENCODINGS)


@pytest.mark.parametrize("names, message", [
    (["gpt2", "**pwn**"], "not all encodings"), ({"gpt2": 1}, "not all encodings"),
    ([["gpt2"]], "not all encodings"),
    (["gpt2"] * (MAX_ALGORITHM_ENCODINGS + 1), f"limit is {MAX_ALGORITHM_ENCODINGS}"),
])
def test_algorithms_encodings_are_this_apps_and_capped(names, message):
    with pytest.raises(ValueError, match=message):
        page_fields("Algorithms", json.dumps({"encodings": names}), ENCODINGS)


def test_every_page_round_trips_through_a_link():
    for page, encoding, fields, _ in LINKS.values():
        state = decode_state(_link(page, encoding, fields), ENCODINGS, {page})
        assert page_fields(page, state["text"], ENCODINGS) == fields
        assert set(fields) <= set(PAGE_FIELDS[page])


@pytest.mark.parametrize("view", list(LINKS))
def test_a_page_link_restores_the_page(view):
    page, encoding, fields, kept = LINKS[view]
    at = _opened(f"views/{view}.py", _link(page, encoding, fields))
    assert not at.exception, at.exception
    assert at.selectbox(key="encoding").value == encoding
    for key, value in kept.items():
        assert at.session_state[f"kept__{key}"] == value, key
    assert any(b.label == "Share link" for b in at.button)
    if view == "compare_lab":
        assert at.session_state["lab_tab"] == "Numbers"


def test_a_bad_page_link_is_a_warning_and_sets_nothing():
    at = _opened("views/trace.py", _link("Merge trace", "gpt2", {"text": "x" * 500}))
    assert not at.exception
    assert at.warning and "could not be opened" in at.warning[0].value
    assert at.session_state["kept__tr_text"] != "x" * 500


def test_the_playground_link_keeps_the_view():
    at = new_app()
    at.query_params["s"] = encode_state("gpt2", "Text", "hi", {"view": "Both"})
    at.run()
    assert not at.exception
    assert at.session_state["pg_view"] == "Both"
    with pytest.raises(ValueError, match="unknown view"):
        decode_state(encode_state("gpt2", "Text", "hi", {"view": "Chips"}), ENCODINGS, {"Text"})
