"""Issue 45, "Phone and polish", the parts AppTest sees: no raw "None" and an "…" for cut
lists on the Algorithms page, a short vocabulary line in the sidebar with the source folded,
no ␍ glyph (tests/e2e/test_polish_browser.py checks layout in a browser)."""

from __future__ import annotations

from apptest import new_app

import bbpe_core
from playground.algorithms.side_by_side import differences, run
from playground.render.base import show_text
from playground.selector.labels import describe, source_line


def test_a_cut_list_of_characters_ends_with_an_ellipsis():
    text = "麵 麴 麵 鬱 齉 a"  # four characters llama2 spells in bytes
    results = [run(bbpe_core.get_encoding(n), text) for n in ("gpt2", "llama2")]
    lacks = dict(differences(text, results))["Characters the vocabulary lacks"]
    assert all("…" in sentence for sentence in lacks), lacks


def test_the_algorithms_page_shows_no_raw_none():
    at = new_app()
    at.run()
    at.switch_page("views/algorithms.py").run()
    assert not at.exception
    for frame in at.dataframe:
        assert not frame.value.isnull().values.any(), list(frame.value.columns)


def test_the_sidebar_line_is_short_and_the_source_folded():
    assert "Vocabulary:" not in describe("t5", 32100) and len(describe("t5", 32100)) < 100
    assert "clip_t5.hpp" in source_line("t5")
    at = new_app()
    at.run()
    at.selectbox(key="encoding").select("t5").run()
    assert not at.exception
    assert [t.value for t in at.sidebar.text][0] == describe("t5", 32100)
    assert any(e.label == "Vocabulary source" for e in at.sidebar.expander)


def test_a_carriage_return_is_drawn_with_letters_every_font_has():
    assert "␍" not in show_text("a\r\nb", True) and "CR" in show_text("a\r\nb", True)
