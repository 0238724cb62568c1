"""Live beyond the Playground's text (issue 45, "Live everywhere"): a Chat message, the merge
trace's word and the vocabulary search follow typing key by key, with no Enter and no
Ctrl+Enter, at desktop and phone sizes."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot, wait_for_idle

import bbpe_core
from playground.inside.entries import vocab_entries
from playground.inside.vocabulary import search

pytestmark = pytest.mark.browser


def _typed(sized, path: str, size: str, field_name: str, text: str):
    """The page at ``path`` and window ``size``, with ``text`` typed key by key (never Enter)
    into its emptied text field ``field_name``; returns the page and the field."""
    page = sized(path, size)
    field = page.get_by_role("textbox", name=field_name)
    field.wait_for(timeout=60_000)
    field.fill("")
    field.press_sequentially(text, delay=40)
    return page, field


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_a_chat_message_follows_typing(sized, size):
    page = sized("", size)
    page.wait_for_selector(".bbpe-view .tok", timeout=60_000)
    (page.locator('[data-testid="stRadio"]').filter(has_text="Mode")
     .get_by_text("Chat", exact=True).click())
    content = page.get_by_role("textbox", name="Content").first
    content.wait_for(timeout=60_000)
    wait_for_idle(page)
    content.click()
    content.press("End")
    content.press_sequentially(" zebrafish", delay=40)
    page.wait_for_function(
        "() => [...document.querySelectorAll('.bbpe-view')].some(v => "
        "v.innerText.includes('zebra'))",
        timeout=60_000)
    screenshot(page, f"live_chat_{size}")


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_the_merge_trace_word_follows_typing(sized, size):
    page, _ = _typed(sized, "trace", size, "Word or short text", "one two three four")
    page.wait_for_function(
        "() => document.body.innerText.includes('4 chunk(s) after pre-tokenization')",
        timeout=60_000)
    screenshot(page, f"live_trace_{size}")


@pytest.mark.parametrize("size", ["wide", "phone"])
def test_the_vocabulary_search_follows_typing(sized, size):
    page, query = _typed(sized, "vocabulary", size, "Query", "SolidGold")
    entries = vocab_entries(bbpe_core.get_encoding("gpt2"), merges=False)
    found = search(entries, "substring", "SolidGold")
    assert len(found) != len(search(entries, "substring", "token"))  # the first query's
    page.wait_for_function(  # the count of the typed query's tokens, not of the first one's
        "n => document.body.innerText.includes(n + ' shown (at most 200)')",
        arg=len(found), timeout=60_000)
    assert query.input_value() == "SolidGold"  # no key was taken back by a rerun
    screenshot(page, f"live_vocabulary_{size}")
