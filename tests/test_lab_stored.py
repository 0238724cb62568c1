"""The Compare lab's counts stored ahead of time (playground/data/lab_counts.json) are a
checked cache: every one is recomputed here with the engine, and the lab's first view is
drawn from them without loading an encoding (issue 33, finding 15)."""

from __future__ import annotations

import json
from collections.abc import Mapping

import pytest

import bbpe_core
from playground.lab.formats import RECORDS, format_rows, render_formats
from playground.lab.languages import Sample, language_rows, load_udhr
from playground.lab.stored import (
    STORE,
    STORED_ENCODINGS,
    _checked,
    count_texts,
    load_store,
    shipped_texts,
    stored_count,
)
from playground.selector.labels import COMPARE_DEFAULT


def test_the_lab_s_first_set_and_the_sidebar_s_default_are_stored():
    assert set(STORED_ENCODINGS) == set(COMPARE_DEFAULT) and "gpt2" in STORED_ENCODINGS
    assert set(load_store()) == set(STORED_ENCODINGS)


@pytest.mark.parametrize("name", STORED_ENCODINGS)
def test_every_stored_count_is_the_engine_s_count_of_a_shipped_text(name):
    texts = shipped_texts()
    fresh = count_texts({name: bbpe_core.get_encoding(name)}, texts)
    stored = json.loads(STORE.read_text(encoding="utf-8"))
    assert stored["texts"] == fresh["texts"]  # no text missing, none stale
    assert stored["counts"][name] == fresh["counts"][name], (
        "the engine's counts changed: run python scripts/make_lab_counts.py")
    for text in texts.values():
        assert stored_count(name, text) == len(bbpe_core.get_encoding(name).encode_ordinary(text))


def test_a_text_or_encoding_not_stored_has_no_count():
    english = load_udhr()[0].text
    assert stored_count("gpt2", english) is not None
    assert stored_count("gpt2", english + " ") is None
    assert stored_count("cl100k_base", english) is None
    assert stored_count("user:gpt2", english) is None


@pytest.mark.parametrize("bad", [[], {"texts": {}}, {"texts": {}, "counts": []},
                                 {"texts": {}, "counts": {"gpt2": {"ab": "3"}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": -1}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": True}}},
                                 {"texts": {}, "counts": {"gpt2": [3]}}])
def test_the_store_s_fields_are_type_checked(bad):
    with pytest.raises(ValueError, match="lab_counts.json"):
        _checked(bad)
    assert isinstance(load_store(), dict)


class NoLoading(Mapping):
    """Names only: looking an encoding up fails the test."""

    def __init__(self, names):
        self.names = list(names)

    def __getitem__(self, name):
        raise AssertionError(f"{name} was loaded")

    def __iter__(self):
        return iter(self.names)

    def __len__(self):
        return len(self.names)


def test_the_lab_s_first_view_needs_no_encoding_and_equals_the_engine_s():
    encs = {n: bbpe_core.get_encoding(n) for n in ("gpt2", "o200k_base")}
    samples = load_udhr()
    rendered = render_formats(RECORDS)
    assert (language_rows(NoLoading(encs), samples, known=stored_count)
            == language_rows(encs, samples))
    assert format_rows(NoLoading(encs), rendered, known=stored_count) == format_rows(encs, rendered)
    mine = samples + [Sample("user0", "Mine", "yours", "some text of mine")]
    with pytest.raises(AssertionError, match="was loaded"):  # the user's text is counted
        language_rows(NoLoading(encs), mine, known=stored_count)
    assert language_rows(encs, mine, known=stored_count) == language_rows(encs, mine)


def test_stored_encodings_lose_no_character():
    """``lab.languages.counted`` gives a stored count 0 characters lost without loading the
    encoding: that holds only for encodings with no unknown token."""
    assert all(bbpe_core.get_encoding(n).encoder.unk_id is None for n in STORED_ENCODINGS)
