"""The complete playground in headless Chromium: hover links, whitespace, modes, upload,
share links and a 100 KB paste (its time to show is printed, never asserted)."""

from __future__ import annotations

import json
import time

import pytest
from browser_helpers import screenshot, set_text, wait_for_chips, wait_for_metric

import bbpe_core
from playground.share.links import encode_state

pytestmark = pytest.mark.browser


def outline(page, selector: str) -> str:
    return page.locator(selector).first.evaluate("e => getComputedStyle(e).outlineStyle")


def choose_mode(page, mode: str) -> None:
    (page.locator('[data-testid="stRadio"]').filter(has_text="Mode")
     .get_by_text(mode, exact=True).click())
    page.wait_for_timeout(500)


def test_hover_links_token_view_and_layers(page):
    set_text(page, "dog dog cat dog")
    wait_for_metric(page, "Tokens", "4")
    wait_for_chips(page, 4)
    page.wait_for_function("() => document.querySelectorAll('.bbpe-cells .cell').length === 4")
    dog, cat = (bbpe_core.get_encoding("gpt2").encode(w)[0] for w in (" dog", " cat"))
    dog_cell, cat_cell = (f'.bbpe-cells [data-id="{i}"]' for i in (dog, cat))
    assert outline(page, dog_cell) == "none"
    page.locator(f'.bbpe-view [data-id="{dog}"]').first.hover()
    assert outline(page, dog_cell) == "solid"
    assert outline(page, cat_cell) == "none"  # " cat" is not lit
    page.mouse.move(1, 1)
    page.locator(dog_cell).nth(1).hover()
    assert outline(page, f'.bbpe-view [data-id="{dog}"]') == "solid"
    screenshot(page, "hover_link")


def test_whitespace_toggle(page):
    n = len(bbpe_core.get_encoding("gpt2").encode("a b\tc"))
    set_text(page, "a b\tc")
    wait_for_metric(page, "Tokens", str(n))
    wait_for_chips(page, n)
    assert "·" in page.locator(".bbpe-view").first.inner_text()
    page.get_by_text("Show whitespace").first.click()
    page.wait_for_function("() => !document.querySelector('.bbpe-view').innerText.includes('·')")
    assert "a b\tc" == page.locator(".bbpe-view").first.inner_text()
    screenshot(page, "whitespace_off")


def test_chat_mode(page):
    choose_mode(page, "Chat")
    page.wait_for_function(  # the text mode's view also has a special chip: wait for chat's
        "() => (document.querySelector('.bbpe-view .tok.special') || {}).innerText "
        "=== '<|im_start|>'")
    chips = page.locator(".bbpe-view .tok.special").all_inner_texts()
    assert chips[0] == "<|im_start|>" and chips[-1] == "<|im_sep|>"
    screenshot(page, "chat_mode")


def test_compare_mode_shows_more_of_a_long_text(page):
    text = "The quick brown fox jumps over the lazy dog. " * 150  # 1,501 tokens in each
    set_text(page, text)
    choose_mode(page, "Compare")
    page.wait_for_selector(".stPlotlyChart", timeout=30_000)
    n = len(bbpe_core.get_encoding("gpt2").encode(text))
    notice = f"Showing the first 1,000 of {n:,} tokens"
    page.wait_for_function("t => document.body.innerText.includes(t)", arg=notice, timeout=30_000)
    page.get_by_role("button", name="Show more").click()
    page.wait_for_function("t => !document.body.innerText.includes(t)", arg=notice, timeout=30_000)
    counts = page.eval_on_selector_all(".bbpe-view",
                                       "vs => vs.map(v => v.querySelectorAll('.tok').length)")
    expected = [len(bbpe_core.get_encoding(n).encode(text))
                for n in ("gpt2", "cl100k_base", "o200k_base")]
    assert counts == expected
    page.locator(".bbpe-view").last.scroll_into_view_if_needed()
    screenshot(page, "compare_show_more")


def test_decode_mode(page):
    choose_mode(page, "Decode")
    area = page.get_by_role("textbox", name="Token ids")
    area.fill("31373, 220, 19526, 254, 220, 19526")  # "hello 你 " and half of 你 again
    area.press("Control+Enter")
    page.wait_for_function("() => (document.querySelector('.decoded') || {innerText: ''})"
                           ".innerText.includes('你')")
    assert page.locator(".badbytes").inner_text() == "e4 bd"
    assert page.locator(".decoded").inner_text().startswith("hello 你 ")  # no whitespace marks
    plain = page.locator('[data-testid="stCode"]').first.inner_text()
    assert plain.startswith("hello 你 ") and "·" not in plain
    screenshot(page, "decode_mode")


def test_upload_tokenizer_json(page, tmp_path):
    path = tmp_path / "tiny-gpt2.json"
    bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding("gpt2"), path)
    page.locator('[data-testid="stSidebarNav"]').get_by_text("Bring your own tokenizer").click()
    page.wait_for_selector('[data-testid="stFileUploader"]', timeout=60_000)
    page.locator('[data-testid="stFileUploader"] input[type=file]').first.set_input_files(str(path))
    page.wait_for_timeout(1500)
    page.get_by_role("button", name="Add tokenizer").click()
    page.wait_for_selector("text=choose it in the sidebar", timeout=60_000)
    screenshot(page, "upload_added")
    page.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').click()
    page.keyboard.type("tiny-gpt2")  # the list is long and drawn lazily: filter it first
    page.get_by_role("option", name="tiny-gpt2.json").click()
    page.locator('[data-testid="stSidebarNav"]').get_by_text("Playground").click()
    page.get_by_role("textbox", name="Text", exact=True).wait_for(timeout=60_000)
    set_text(page, "hello world")
    wait_for_metric(page, "Tokens", "2")
    wait_for_chips(page, 2)
    page.wait_for_function("() => document.querySelectorAll('.bbpe-cells .row.id').length === 2")
    assert page.locator(".bbpe-cells .row.id").all_inner_texts() == ["31373", "995"]
    screenshot(page, "upload_tokenizer_json")


def test_shared_url_reopens_view(page, app_url):
    page.goto(f"{app_url}/?s={encode_state('o200k_base', 'Text', 'shared 你好')}")
    wait_for_metric(page, "Tokens",
                    str(len(bbpe_core.get_encoding("o200k_base").encode("shared 你好"))))
    assert page.get_by_role("textbox", name="Text", exact=True).input_value() == "shared 你好"
    screenshot(page, "shared_url")


def test_paste_100kb(page):
    text = ("Byte-level BPE 字节级 BPE 123 " * 4000)[:100_000]
    expected = len(bbpe_core.get_encoding("gpt2").encode(text))
    start = time.perf_counter()
    set_text(page, text)
    wait_for_metric(page, "Tokens", f"{expected:,}")
    page.wait_for_selector(".bbpe-notice")
    elapsed = time.perf_counter() - start
    print(json.dumps({"paste_100kb_seconds_to_show": round(elapsed, 2)}))
    assert "Showing the first 3,000" in page.locator(".bbpe-notice").first.inner_text()
    screenshot(page, "paste_100kb")
