"""AppTest: the page's logic (AppTest does not render st.html; the browser tests do)."""

from __future__ import annotations

from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

import bbpe_core

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def app():
    at = AppTest.from_file(str(ROOT / "app.py"), default_timeout=60)
    at.run()
    assert not at.exception
    return at


def _metrics(at) -> dict[str, str]:
    return {m.label: m.value for m in at.metric}


def test_default_page(app):
    m = _metrics(app)
    text = app.text_area(key="pg_text").value
    assert m["Tokens"] == f"{len(bbpe_core.get_encoding('gpt2').encode(text, allowed_special='all')):,}"
    assert m["Characters"] == f"{len(text):,}"


@pytest.mark.parametrize("name", ["gpt2", "cl100k_base", "o200k_base"])
def test_counts_follow_encoding(app, name):
    app.selectbox(key="encoding").select(name).run()
    app.text_area(key="pg_text").input("    return x 你好").run()
    expected = len(bbpe_core.get_encoding(name).encode("    return x 你好"))
    assert _metrics(app)["Tokens"] == str(expected)
    assert not app.exception


def test_empty_text_is_zero_tokens(app):
    app.text_area(key="pg_text").input("").run()
    assert _metrics(app)["Tokens"] == "0" and not app.error and not app.exception


def test_special_token_modes(app):
    app.text_area(key="pg_text").input("<|endoftext|>").run()
    assert _metrics(app)["Tokens"] == "1"
    app.radio(key="pg_special").set_value("as plain text").run()
    assert _metrics(app)["Tokens"] == "7"


def test_large_paste_counts_and_notice(app):
    text = "The quick brown fox jumps over the lazy dog. " * 23_000  # ~1 MB
    app.text_area(key="pg_text").input(text).run(timeout=120)
    assert not app.exception
    expected = len(bbpe_core.get_encoding("gpt2").encode(text))
    assert _metrics(app)["Tokens"] == f"{expected:,}"
