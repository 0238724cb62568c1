"""The live playground in headless Chromium: the page follows typing (no Ctrl+Enter), a
100 KB paste (its time to tokens and what a key costs the main thread, with 3,000 tokens
drawn and with all of them, printed, never asserted), "Show more" to the last token, the id
list, tap popovers, and the phone layout."""

from __future__ import annotations

import json
import time

import pytest
from browser_helpers import (
    key_costs,
    paste,
    screenshot,
    text_area,
    wait_for_chips,
    wait_for_metric,
)

import bbpe_core

pytestmark = pytest.mark.browser

GPT2 = bbpe_core.get_encoding("gpt2")
BIG = ("The quick brown fox jumps over the lazy dog; 字节级 BPE 2024. " * 2000)[:100_000]

LONG_TASKS = """() => {
    window.bbpeLongTasks = [];  // main-thread tasks over 50 ms, e.g. drawing the new view
    new PerformanceObserver((list) => list.getEntries().forEach(
        (e) => window.bbpeLongTasks.push(e.duration))).observe({type: "longtask"});
}"""


def wait_for_tokens_drawn(page, n: int) -> None:
    """Wait until the token view's last chip holds token ``n - 1`` (chips that share a
    character hold several tokens, so chips are not counted)."""
    page.wait_for_function(
        """n => { const t = [...document.querySelectorAll('.bbpe-view .tok')].pop();
                  return t && t.dataset.k.split(' ').pop() === String(n - 1); }""",
        arg=n, timeout=60_000)


def metric(page, label: str) -> str:
    return page.locator('[data-testid="stMetric"]').filter(has_text=label).first.locator(
        '[data-testid="stMetricValue"]').inner_text().strip()


def test_typing_key_by_key_updates_without_ctrl_enter(page):
    area = text_area(page)
    area.fill("")
    wait_for_metric(page, "Tokens", "0")
    seen = []
    for word in ("hello", " world", " again"):
        area.press_sequentially(word, delay=40)  # key by key; never Enter
        expected = len(GPT2.encode(area.input_value()))
        wait_for_metric(page, "Tokens", str(expected))
        seen.append(metric(page, "Tokens"))
    assert seen == ["1", "2", "3"]
    assert area.input_value() == "hello world again"  # the page never took a key back
    wait_for_chips(page, 3)


def test_keys_slower_than_the_debounce_each_rerun_and_none_is_lost(page):
    area = text_area(page)
    area.fill("")
    wait_for_metric(page, "Tokens", "0")
    typed = "Tokens 你好 🙂 as typed"
    area.press_sequentially(typed, delay=190)  # each key outlives the 150 ms debounce
    wait_for_metric(page, "Tokens", str(len(GPT2.encode(typed))))
    page.wait_for_timeout(1000)  # late echoes of older values must not take keys back
    assert area.input_value() == typed


def type_at_the_end(page, keys: str) -> dict[str, float]:
    """Wait for a quiet page, then type ``keys`` at the end of the text area and return
    what each key cost (``browser_helpers.key_costs``); the counts then follow the keys."""
    area = text_area(page)
    text = area.input_value()
    page.wait_for_timeout(1000)  # the rerun's last deltas and frames
    area.focus()
    page.keyboard.press("Control+End")
    costs = key_costs(page, keys)
    wait_for_metric(page, "Tokens", f"{len(GPT2.encode(text + keys, allowed_special='all')):,}")
    return costs


def test_paste_100kb_time_to_tokens_and_key_cost(page):
    expected = len(GPT2.encode(BIG, allowed_special="all"))
    start = time.perf_counter()
    paste(page, BIG)
    wait_for_metric(page, "Tokens", f"{expected:,}")
    wait_for_tokens_drawn(page, 3000)
    to_tokens = time.perf_counter() - start
    page.evaluate(LONG_TASKS)
    costs = type_at_the_end(page, "abcdefghijklmnopqrst")
    page.wait_for_timeout(1000)
    print(json.dumps({"paste_100kb_seconds_to_tokens": round(to_tokens, 2),
                      "redraw_longest_task_ms": round(max(page.evaluate(
                          "window.bbpeLongTasks"), default=0), 1),
                      "key_with_3000_tokens_drawn": costs}))
    # the text area draws the text in the chips' font (the theme's web font costs more a key)
    assert text_area(page).evaluate("a => getComputedStyle(a).fontFamily") == page.evaluate(
        "getComputedStyle(document.querySelector('.bbpe-view')).fontFamily")
    screenshot(page, "live_paste_100kb")


def test_show_more_reaches_the_last_token(page):
    """The browser draws the chips page after page to the last token: three pages (the
    paging's logic is ``test_live_app``'s; 100 KB took 13 pages, each drawing every chip
    before it again, and two minutes)."""
    text = BIG[:22_000]
    paste(page, text)
    ids = GPT2.encode(text, allowed_special="all")
    assert 6000 < len(ids) <= 9000
    wait_for_metric(page, "Tokens", f"{len(ids):,}")
    drawn = 3000
    while drawn < len(ids):
        wait_for_tokens_drawn(page, drawn)
        page.get_by_role("button", name="Show more").click()
        drawn = min(drawn + 3000, len(ids))
    wait_for_tokens_drawn(page, len(ids))
    assert page.get_by_role("button", name="Show more").count() == 0
    last = page.locator(".bbpe-view .tok").last
    assert last.get_attribute("data-id") == str(ids[-1])
    assert last.get_attribute("data-k") == str(len(ids) - 1)
    print(json.dumps({"key_with_all_tokens_drawn": type_at_the_end(page, "abcdefghijklmnopqrst"),
                      "tokens": len(ids)}))


def test_id_list_is_copyable_and_linked_both_ways(page):
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    text = "dog dog cat 你"
    ids = GPT2.encode(text)
    area = text_area(page)
    area.fill(text)
    wait_for_metric(page, "Tokens", str(len(ids)))
    page.get_by_text("Both", exact=True).click()
    page.wait_for_function("n => document.querySelectorAll('.bbpe-idlist .idn').length === n",
                           arg=len(ids))
    listed = page.locator(".bbpe-idlist").inner_text()
    assert listed == ", ".join(map(str, ids))
    page.get_by_role("button", name="Copy ids").click()
    page.wait_for_function("() => document.querySelector('.bbpe-copy').innerText === 'Copied'")
    assert page.evaluate("navigator.clipboard.readText()") == listed
    page.locator(".bbpe-idlist .idn").nth(2).hover()  # " cat": its chip lights up
    assert page.locator(".bbpe-view .tok.bbpe-hk").inner_text().strip("·") == " cat".strip()
    page.locator(".bbpe-view .tok").first.hover()  # "dog": its id lights up
    assert page.locator(".bbpe-idlist .idn.bbpe-hk").inner_text() == str(ids[0])
    screenshot(page, "live_ids_both")


@pytest.fixture
def phone(browser, app_url):
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                                  has_touch=True, device_scale_factor=2)
    pg = context.new_page()
    pg.goto(app_url)
    pg.wait_for_selector(".bbpe-view .tok", timeout=60_000)
    yield pg
    context.close()


def test_phone_layout_tap_popover_and_no_horizontal_scroll(phone):
    screenshot(phone, "live_phone_top")
    phone.get_by_text("Both", exact=True).tap()
    phone.wait_for_selector(".bbpe-idlist .idn")
    chip = phone.locator(".bbpe-view .tok").nth(1)
    chip.tap()
    pop = phone.locator(".bbpe-pop")
    pop.wait_for()
    assert pop.inner_text().startswith(f"id {chip.get_attribute('data-id')} ")
    assert "bytes" in pop.inner_text()
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert phone.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    screenshot(phone, "live_phone_390")
    for mode, ready in (("Chat", ".bbpe-view .tok.special"), ("Compare", ".stPlotlyChart")):
        phone.locator('[data-testid="stRadio"]').filter(has_text="Mode").get_by_text(
            mode, exact=True).tap()
        phone.wait_for_selector(ready, timeout=30_000)
        phone.wait_for_timeout(500)
        assert phone.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth"), mode
        screenshot(phone, f"live_phone_{mode.lower()}")


def test_desktop_screenshot(page):
    page.set_viewport_size({"width": 1300, "height": 900})
    page.get_by_text("Both", exact=True).click()
    page.wait_for_selector(".bbpe-idlist .idn")
    assert page.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
    screenshot(page, "live_desktop_1300")


def test_phone_sidebar_closes_after_choosing_an_encoding(phone):
    phone.locator('[data-testid="stExpandSidebarButton"]').tap()
    sidebar = phone.locator('[data-testid="stSidebar"]')
    phone.wait_for_function(
        "() => document.querySelector('[data-testid=stSidebar]').getBoundingClientRect().x >= 0")
    screenshot(phone, "live_phone_sidebar_open")
    sidebar.locator('[data-testid="stSelectbox"]').tap()
    phone.get_by_role("option", name="cl100k_base").first.tap()
    phone.wait_for_function(  # slid out of view
        "() => document.querySelector('[data-testid=stSidebar]')"
        ".getBoundingClientRect().right <= 0")
    wait_for_metric(phone, "Tokens", str(len(bbpe_core.get_encoding("cl100k_base").encode(
        text_area(phone).input_value(), allowed_special="all"))))
    assert phone.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
