"""AppTest: the live text area's logic, the id view, "Show more", the encoding notes of the
chat and compare modes, and share links that carry each mode's choices."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import chat_keys, chat_texts, live, new_app
from streamlit.testing.v1 import AppTest

import bbpe_core
from playground.share.links import encode_state

ROOT = Path(__file__).resolve().parent.parent
GPT2 = bbpe_core.get_encoding("gpt2")



def _type(at, text: str):
    """The text as the live text area's script reports it (AppTest runs no JavaScript)."""
    at.session_state["kept__pg_text"] = text
    return at.run()


def _tokens(at) -> str:
    return next(m.value for m in at.metric if m.label == "Tokens")


def _views(at) -> list[str]:
    return [h.proto.body for h in at.get("html") if 'class="bbpe-tv' in h.proto.body]


def test_the_text_area_is_the_live_component_and_the_page_follows_its_value(app):
    assert [e for e in app.main if type(e).__name__ == "UnknownElement"]  # the component
    _type(app, "hello world")
    assert _tokens(app) == "2"
    _type(app, "hello world again")
    assert _tokens(app) == "3" and "again" in _views(app)[0]


@pytest.mark.parametrize("show, chips, ids", [("Text", True, False), ("Ids", False, True),
                                              ("Both", True, True)])
def test_text_ids_both(app, show, chips, ids):
    _type(app, "dog dog cat")
    app.get("button_group")[0].set_value(show).run()
    assert not app.exception
    view = _views(app)[0]
    assert ('class="tok' in view) == chips and ('class="bbpe-idlist"' in view) == ids
    if ids:
        assert view.count('class="idn"') == len(GPT2.encode("dog dog cat"))


def test_show_more_draws_more_until_the_last_token(app):
    text = "The quick brown fox jumps over the lazy dog. " * 800  # 8,000 tokens
    n = len(GPT2.encode(text))
    _type(app, text)
    assert _tokens(app) == f"{n:,}"
    for drawn in (3000, 6000):
        more = [b for b in app.button if b.key == "pg_more"]
        assert more and f"of the {n - drawn:,} tokens not drawn" in more[0].label
        assert _views(app)[0].count('class="tok') == drawn
        more[0].click().run()
    assert not [b for b in app.button if b.key == "pg_more"]
    assert _views(app)[0].count('class="tok') == n and "Showing the first" not in _views(app)[0]
    _type(app, text + "!")  # a new text starts again at 3,000
    assert _views(app)[0].count('class="tok') == 3000


def _mode(at, mode: str):
    at.radio(key="pg_mode").set_value(mode).run()
    assert not at.exception


def test_chat_and_compare_say_which_encodings_they_show_and_why(app):
    _mode(app, "Chat")
    assert any("not with the sidebar's encoding (`gpt2`)" in c.value for c in app.caption)
    _mode(app, "Compare")
    app.multiselect(key="cmp_names").set_value(["o200k_base", "llama3"]).run()
    note = next(c.value for c in app.caption if c.value.startswith("Compare mode shows"))
    assert "the sidebar's encoding is `gpt2`" in note and "not among them" in note


def test_compare_mode_says_what_it_leaves_out_and_shows_more(app):
    text = "The quick brown fox jumps over the lazy dog. " * 360  # 3,600 gpt2 tokens
    _mode(app, "Compare")
    app.multiselect(key="cmp_names").set_value(["gpt2", "cl100k_base"]).run()
    _type(app, text)
    counts = {n: len(bbpe_core.get_encoding(n).encode(text)) for n in ("gpt2", "cl100k_base")}
    for drawn in (1000, 2000):
        views = _views(app)
        assert [v.count('class="tok') for v in views] == [drawn, drawn]
        assert all(f"Showing the first {drawn:,} of {counts[n]:,} tokens" in v
                   for n, v in zip(counts, views))
        [more] = [b for b in app.button if b.key == "cmp_more"]
        more.click().run()
    for _ in range(3):  # 3,000 drawn after the loop; 3,600 and more to go
        more = [b for b in app.button if b.key == "cmp_more"]
        if not more:
            break
        more[0].click().run()
    assert not [b for b in app.button if b.key == "cmp_more"]
    assert [v.count('class="tok') for v in _views(app)] == list(counts.values())
    assert not any("Showing the first" in v for v in _views(app))


def test_chat_mode_draws_a_long_prompt_to_its_end(app):
    _mode(app, "Chat")
    app.selectbox(key="chat_model").set_value("gpt-3.5-turbo").run()
    live(app, chat_keys(app)[0], "Count every token of this sentence. " * 600).run()
    n = int(next(m.value for m in app.metric if m.label == "Tokens in the prompt").replace(",", ""))
    assert n > 3000 and _views(app)[0].count('class="tok') == 3000
    assert f"Showing the first 3,000 of {n:,} tokens" in _views(app)[0]
    [b for b in app.button if b.key == "chat_more"][0].click().run()
    assert _views(app)[0].count('class="tok') == min(n, 6000)


def _open(value: str) -> AppTest:
    at = new_app()
    at.query_params["s"] = value
    at.run()
    assert not at.exception
    return at


def test_compare_link_carries_the_special_token_choice_and_encodings():
    at = _open(encode_state("gpt2", "Compare", "<|endoftext|>",
                            {"special": "as plain text", "compare": ["cl100k_base", "gpt2"]}))
    assert at.radio(key="pg_special").value == "as plain text"
    assert at.multiselect(key="cmp_names").value == ["cl100k_base", "gpt2"]
    assert list(at.dataframe[0].value["tokens"]) == [
        len(bbpe_core.get_encoding(n).encode("<|endoftext|>", disallowed_special=()))
        for n in ("cl100k_base", "gpt2")]


def test_text_link_carries_the_special_token_choice():
    at = _open(encode_state("gpt2", "Text", "<|endoftext|>", {"special": "as plain text"}))
    assert _tokens(at) == "7"


def test_chat_link_carries_model_and_messages():
    at = _open(encode_state("gpt2", "Chat", "", {
        "chat_model": "gpt-3.5-turbo",
        "messages": [["user", "Hi there"], ["critic", "Too short"]]}))
    assert at.selectbox(key="chat_model").value == "gpt-3.5-turbo"
    assert chat_texts(at) == ["Hi there", "Too short"]
    assert [t.value for t in at.text_input if t.key.startswith("chat_name_")] == ["critic"]


@pytest.mark.parametrize("options", [{"special": "**bold**"}, {"compare": ["evil"]},
                                     {"messages": [["user"]]}, {"unknown": 1}])
def test_a_link_with_bad_options_is_a_warning(options):
    at = _open(encode_state("gpt2", "Text", "x", options))
    assert "could not be opened" in at.warning[0].value
