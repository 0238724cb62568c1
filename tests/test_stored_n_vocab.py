"""Each shipped encoding's n_vocab stored ahead of time (playground/data/n_vocab.json) is a
checked cache: every one is the loaded encoding's, and the sidebar names a shipped encoding's
size without loading it (issue 33, finding 15)."""

from __future__ import annotations

import pytest
from streamlit.testing.v1 import AppTest

import bbpe_core
from playground.selector.labels import describe
from playground.selector.n_vocab import _checked, load_n_vocab, stored_n_vocab


def test_every_shipped_encoding_is_stored_and_nothing_else():
    assert list(load_n_vocab()) == bbpe_core.list_encoding_names(), (
        "the shipped encodings changed: run python scripts/make_n_vocab.py")


@pytest.mark.parametrize("name", bbpe_core.list_encoding_names())
def test_each_stored_n_vocab_is_the_loaded_encoding_s(name):
    assert stored_n_vocab(name) == bbpe_core.get_encoding(name).n_vocab, (
        "an encoding's vocabulary changed: run python scripts/make_n_vocab.py")


def test_a_name_not_shipped_has_no_stored_n_vocab():
    assert stored_n_vocab("r50k_base") is None  # an alias: the selectors list gpt2
    assert stored_n_vocab("my tokenizer") is None


@pytest.mark.parametrize("bad", [[], {"gpt2": "50257"}, {"gpt2": 0}, {"gpt2": -1},
                                 {"gpt2": True}, {"gpt2": 50257.0}, {"gpt2": None}])
def test_the_store_s_fields_are_type_checked(bad):
    with pytest.raises(ValueError, match="n_vocab.json"):
        _checked(bad)


def _sidebar(user_tokenizer: bool) -> None:
    """The sidebar's encoding selector alone (an AppTest script): gpt2, or a tokenizer
    trained in this session."""
    import bbpe_core
    from playground.ui.session import add_user_encoding
    from playground.ui.widgets import encoding_selector, set_kept

    if user_tokenizer:
        enc = bbpe_core.train("low lower lowest newer wider " * 20, 270)
        set_kept("encoding", add_user_encoding(enc, "test-fingerprint"))
    encoding_selector()


def _no_loading(name):
    raise AssertionError(f"{name} was loaded")


def test_the_sidebar_names_a_shipped_encoding_s_size_without_loading_it(monkeypatch):
    monkeypatch.setattr("playground.ui.widgets.resolve", _no_loading)
    at = AppTest.from_function(_sidebar, args=(False,)).run()
    assert not at.exception
    assert at.sidebar.text[0].value == describe("gpt2", 50257)  # then the folded source


def test_the_sidebar_asks_a_session_s_tokenizer_its_size():
    at = AppTest.from_function(_sidebar, args=(True,)).run()
    assert not at.exception
    assert at.sidebar.text[0].value.startswith("270 ids; your tokenizer")
