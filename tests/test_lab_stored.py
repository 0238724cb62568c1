"""The Compare lab's counts stored ahead of time (playground/data/lab_counts.json): the
store's shape, and the lab's first view drawn from them without loading an encoding
(test_lab_stored_counts.py recomputes every stored count with the engine)."""

from __future__ import annotations

from collections.abc import Mapping

import pytest

import bbpe_core
from playground.lab.formats import RECORDS, format_rows, render_formats
from playground.lab.languages import Sample, language_rows, load_udhr
from playground.lab.stored import (
    STORED_ENCODINGS,
    _checked,
    load_store,
    stored_count,
)
from playground.selector.labels import COMPARE_DEFAULT


def test_every_shipped_encoding_is_stored():
    """The lab's first set, the sidebar's default and any encoding the sidebar switches to."""
    assert set(STORED_ENCODINGS) == set(bbpe_core.list_encoding_names())
    assert set(COMPARE_DEFAULT) <= set(STORED_ENCODINGS) and "gpt2" in STORED_ENCODINGS
    assert set(load_store()) == set(STORED_ENCODINGS)
    assert stored_count("gemma3", load_udhr()[0].text) is not None


def test_a_text_or_encoding_not_stored_has_no_count():
    english = load_udhr()[0].text
    assert stored_count("gpt2", english) is not None
    assert stored_count("gpt2", english + " ") is None
    assert stored_count("no_such_encoding", english) is None
    assert stored_count("user:gpt2", english) is None


@pytest.mark.parametrize("bad", [[], {"texts": {}}, {"texts": {}, "counts": []},
                                 {"texts": {}, "counts": {"gpt2": {"ab": "3"}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": 3}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": [3]}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": [3, -1]}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": [True, 0]}}},
                                 {"texts": {}, "counts": {"gpt2": {"ab": [3, 0, 0]}}},
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
    encs = {n: bbpe_core.get_encoding(n) for n in ("gpt2", "t5", "bert_base_uncased")}
    samples = load_udhr()
    rendered = render_formats(RECORDS)
    assert (language_rows(NoLoading(encs), samples, known=stored_count)
            == language_rows(encs, samples))
    assert format_rows(NoLoading(encs), rendered, known=stored_count) == format_rows(encs, rendered)
    mine = samples + [Sample("user0", "Mine", "yours", "some text of mine")]
    with pytest.raises(AssertionError, match="was loaded"):  # the user's text is counted
        language_rows(NoLoading(encs), mine, known=stored_count)
    assert language_rows(encs, mine, known=stored_count) == language_rows(encs, mine)
