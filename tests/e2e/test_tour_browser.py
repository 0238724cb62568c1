"""Issue 33, a new user's tour, in headless Chromium: the findings AppTest cannot see (file
uploads, layout, chips, timings). Screenshots go to tests/artifacts/ at 1400x1000 and 390x844."""

from __future__ import annotations

import json
import os

import pytest
from browser_helpers import screenshot, set_text, wait_for_chips, wait_for_idle
from conftest import SIZES

import bbpe_core

pytestmark = pytest.mark.browser


def _tokenizer_files(tmp_path):
    """A small byte-level BPE tokenizer.json (loads), and a WordPiece one without its
    pre-tokenizer (refused)."""
    good = tmp_path / "small.json"
    bbpe_core.save_hf_tokenizer_json(bbpe_core.train("low lower lowest newer wider " * 40, 300),
                                     good)
    wordpiece = tmp_path / "wordpiece.json"
    wordpiece.write_text(json.dumps({"model": {"type": "WordPiece", "vocab": {"a": 0}}}))
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"model": {"type": "Unigram", "vocab": []}}))
    return good, wordpiece, other


def _add(pg, path, name: str | None = None) -> str:
    """Choose ``path`` in the uploader, type ``name`` (if given), press Add, and return the
    page's alert and code texts."""
    pg.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    pg.locator(f'[data-testid="stFileChipName"][title="{path.name}"]').wait_for()
    pg.wait_for_timeout(500)  # the upload's rerun starts after the file's name is shown
    wait_for_idle(pg)
    field = pg.get_by_label("Name in the selectors")
    if name is not None:
        field.fill(name)
        field.press("Enter")
        wait_for_idle(pg)
    else:  # new files empty the name field (after the upload's rerun, which may come late)
        pg.wait_for_function("f => f.value === ''", arg=field.element_handle(), timeout=20_000)
    pg.get_by_role("button", name="Add tokenizer").click()
    pg.locator('[data-testid="stCode"]').first.wait_for()
    pg.wait_for_timeout(500)
    wait_for_idle(pg)
    return " | ".join(
        pg.locator('[data-testid="stAlert"], [data-testid="stCode"]').all_inner_texts())


def test_6_upload_says_what_is_supported_resets_the_name_and_adds_a_file_once(sized, tmp_path):
    good, wordpiece, other = _tokenizer_files(tmp_path)
    pg = sized("upload")
    said = _add(pg, wordpiece, "mine")
    assert "Not added" in said and "bbpe_core" not in said
    assert pg.get_by_text("Supported: BPE").first.is_visible()  # under the reason
    assert "mine" in said
    said = _add(pg, other)  # another file: the name typed for the last one is gone
    assert (pg.get_by_label("Name in the selectors").input_value() == ""
            and "other.json" in said and "mine" not in said)
    said = _add(pg, good)
    assert "Added" in said and "small.json" in said
    screenshot(pg, "tour_upload_added")
    said = _add(pg, good)  # the same file again
    assert "already in the selectors as 'small.json'" in said
    screenshot(pg, "tour_upload_twice")
    assert pg.get_by_role("button", name="Remove", exact=True).count() == 1


def _chip_top(pg, text: str) -> float:
    """The top (px) of the first chip of the playground's view whose text is ``text``."""
    return pg.evaluate("""t => [...document.querySelectorAll('.bbpe-view .tok')]
        .find(e => e.textContent.replaceAll('·', ' ') === t).getBoundingClientRect().top""", text)


@pytest.mark.parametrize("size", SIZES)
def test_9_code_keeps_its_lines_in_the_chips(sized, size):
    pg = sized("", size)
    set_text(pg, "def f(a, b):\n    return a\n\nprint(f(1, 2))")
    wait_for_chips(pg, 23)
    wait_for_idle(pg)
    assert _chip_top(pg, " return") > _chip_top(pg, "def") + 10
    assert _chip_top(pg, "print") > _chip_top(pg, " return") + 30  # the empty line kept
    pg.locator(".bbpe-view").first.scroll_into_view_if_needed()
    screenshot(pg, f"tour_chips_newlines_{size}")


CUT_OPTIONS = """() => [...document.querySelectorAll('[role="option"]')]
    .filter(o => { const r = o.getBoundingClientRect(), c = o.firstElementChild;
                   return c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > r.height + 1
                          || r.right > innerWidth; })
    .map(o => o.innerText)"""
"""Script listing the open selector's options whose label is cut (or runs off the window)."""


@pytest.mark.parametrize("size", SIZES)
def test_10_the_selector_list_shows_whole_labels_and_the_page_names_the_model(sized, size):
    pg = sized("", size)
    assert "Counted with OpenAI · GPT-2 / GPT-3 → gpt2" in pg.locator(".bbpe-counted").inner_text()
    if size == "phone":
        pg.locator('[data-testid="stExpandSidebarButton"], '
                   '[data-testid="stSidebarCollapsedControl"] button').first.click()
    pg.locator('[data-testid="stSidebar"] [data-testid="stSelectbox"]').click()
    pg.locator('[role="option"]').first.wait_for()
    cut = pg.evaluate(CUT_OPTIONS)
    screenshot(pg, f"tour_selector_list_{size}")
    assert cut == []
    pg.keyboard.type("Claude")  # the longest label (the list draws only the options in view)
    pg.wait_for_timeout(400)
    assert pg.locator('[role="option"]').count() == 1 and pg.evaluate(CUT_OPTIONS) == []
    screenshot(pg, f"tour_selector_claude_{size}")


def _tops(pg, selector: str) -> list[float]:
    return pg.eval_on_selector_all(selector, "els => els.map(e => e.getBoundingClientRect().top)")


def test_11_phone_metrics_in_one_row_and_chat_buttons_in_one_row(sized):
    pg = sized("", "phone")
    pg.wait_for_selector('[data-testid="stMetric"]', timeout=60_000)
    tops = _tops(pg, '[data-testid="stMetric"]')
    assert len(tops) == 4 and max(tops) - min(tops) < 2, tops
    pg.locator('[data-testid="stMetric"]').first.scroll_into_view_if_needed()
    screenshot(pg, "tour_phone_metrics")
    pg.get_by_text("Chat", exact=True).click()
    pg.locator('[class*="st-key-chat_del_"] button').first.wait_for(state="attached")
    pg.wait_for_timeout(1000)
    wait_for_idle(pg)
    for key in ("chat_up_", "chat_down_", "chat_del_"):
        assert pg.locator(f'[class*="st-key-{key}"]').count() >= 2
    rows = pg.evaluate(
        """() => [...document.querySelectorAll('[class*="st-key-chat_del_"]')].map(d => {
        const id = [...d.classList].find(c => c.startsWith('st-key-chat_del_')).slice(16);
        return ['up', 'down', 'del'].map(k => document.querySelector(`.st-key-chat_${k}_${id}`)
            .getBoundingClientRect().top); })""")
    assert all(max(r) - min(r) < 2 for r in rows), rows
    pg.locator('[class*="st-key-chat_del_"]').first.scroll_into_view_if_needed()
    screenshot(pg, "tour_phone_chat_buttons")


@pytest.mark.parametrize("size", SIZES)
def test_11_lab_chart_names_every_language_and_the_encodings_box_keeps_its_tags(sized, size):
    from playground.lab.languages import load_udhr

    pg = sized("compare_lab", size)
    pg.wait_for_selector(".bbpe-bars .bar", timeout=120_000)
    wait_for_idle(pg)
    chart = pg.locator(".bbpe-bars").first
    labels = chart.locator(".label")
    assert labels.count() == len(load_udhr())
    boxes = [labels.nth(k).bounding_box() for k in range(labels.count())]
    plot = chart.locator(".plot").bounding_box()
    # every name drawn, inside the chart's width
    assert all(b["width"] > 0 and b["x"] >= plot["x"] - 1
               and b["x"] + b["width"] <= plot["x"] + plot["width"] + 1
               for b in boxes)
    assert all(a["x"] + a["width"] <= b["x"] + 0.5 for a, b in zip(boxes, boxes[1:]))  # no overlap
    cut = pg.evaluate("""() => [...document.querySelectorAll(
        '.st-key-lab_names [data-testid="stMultiSelectTagsContainer"] > span > span > span')]
        .filter(s => s.scrollWidth > s.clientWidth + 1 || s.scrollHeight > s.clientHeight + 1)
        .map(s => s.innerText)""")
    assert len(pg.locator('.st-key-lab_names [data-testid="stMultiSelectTagsContainer"]'
                          ' > span > span').all()) >= 6
    assert cut == []
    chart.scroll_into_view_if_needed()
    screenshot(pg, f"tour_lab_chart_{size}")
    pg.locator(".st-key-lab_names").scroll_into_view_if_needed()
    screenshot(pg, f"tour_lab_encodings_{size}")


COLD_LAB_SECONDS = 2.0
"""Target: the compare lab's first chart, opened first on a fresh server (issue 33)."""

def test_15_compare_lab_cold_first_chart(browser):
    """``cold_start.FIRST_SEEN`` timed in the page itself, so that one drawn late does not
    hide when another was drawn; the times are printed, not asserted (a shared machine is
    noisy: ``bench/bench_cold_lab.py`` takes the median of many fresh servers). What makes the
    chart early is asserted: the first load fetches no script of a plotly chart or a data grid
    (the lab runs only its open tab, and its tables when opened), and the page's scripts, the
    first element of the sidebar (drawn before the main area), fetch the chart's renderer
    (``Html``) before any widget's."""
    from cold_start import first_load
    from conftest import serve_app

    with serve_app() as url:
        load = first_load(browser, f"{url}/compare_lab", SIZES["wide"],
                          then=lambda pg: screenshot(pg, "tour_lab_cold"))
    seen, fetched = load["seen"], load["scripts"]
    print(f"\ncompare lab, fresh server: first chart after {seen['chart']:.2f} s (the "
          f"websocket open after {load['websocket']:.2f} s, the page's title after "
          f"{seen['title']:.2f} s, the sidebar's selector after {seen['sidebar']:.2f} s; "
          f"target {COLD_LAB_SECONDS} s; load average {os.getloadavg()[0]:.1f}; "
          f"{len(fetched)} scripts fetched)")
    assert "PlotlyChart" not in fetched and "DataFrame" not in fetched, fetched
    assert fetched.index("Html") < min(fetched.index("Selectbox"), fetched.index("TextInput"))


def test_2_a_page_opened_first_on_a_fresh_server_lists_page_titles(browser):
    from conftest import serve_app

    with serve_app() as url:
        context = browser.new_context(viewport=SIZES["wide"])
        pg = context.new_page()
        pg.goto(f"{url}/lessons")  # the server's first request
        pg.wait_for_selector('[data-testid="stSidebarNav"]', timeout=120_000)
        wait_for_idle(pg)
        nav = pg.locator('[data-testid="stSidebarNav"]').inner_text()
        screenshot(pg, "tour_fresh_lessons")
        context.close()
    assert "Lessons" in nav and "Merge trace" in nav and "byte map" not in nav, nav


def _wait_for_text(pg, text: str) -> None:
    pg.wait_for_function("t => document.body.innerText.includes(t)", arg=text, timeout=60_000)


def test_8_chat_merge_trace_and_vocabulary_follow_typing_without_enter(sized):
    from playground.chat.prompt import Message, build_prompt, chat_encoding

    pg = sized("", "wide")
    pg.get_by_text("Chat", exact=True).click()
    content = pg.get_by_role("textbox", name="Content").nth(1)
    content.wait_for()
    content.click()
    pg.keyboard.press("Control+End")
    content.press_sequentially(" More words", delay=40)  # key by key; never Enter
    prompt, _ = build_prompt([Message("system", "You are a helpful assistant."),
                              Message("user", "Hello! How many tokens is this? More words")],
                             "gpt-4o")
    expected = len(chat_encoding("gpt-4o").encode(prompt, allowed_special="all"))
    pg.wait_for_function(
        """n => [...document.querySelectorAll('[data-testid="stMetric"]')].some(m =>
            m.innerText.includes('Tokens in the prompt') && m.innerText.includes(String(n)))""",
        arg=expected, timeout=60_000)
    screenshot(pg, "tour_live_chat")

    pg = _type_live(sized("trace", "wide"), "Word or short text", "lower", "ids: [21037]")
    word = pg.get_by_role("textbox", name="Word or short text")
    word.press("Enter")  # a one-line field: Enter sends, and adds no newline
    pg.wait_for_timeout(500)
    assert word.input_value() == "lower"
    screenshot(pg, "tour_live_trace")
    pg = _type_live(sized("vocabulary", "phone"), "Query", "SolidGoldMagikarp",
                    "1 shown (at most 200)")
    screenshot(pg, "tour_live_vocabulary_phone")


def _type_live(pg, field: str, text: str, shown: str):
    """Empty the live field named ``field``, type ``text`` key by key (never Enter), and wait
    until the page shows ``shown``; returns the page."""
    box = pg.get_by_role("textbox", name=field)
    box.fill("")
    box.press_sequentially(text, delay=40)
    _wait_for_text(pg, shown)
    assert box.input_value() == text
    return pg


@pytest.mark.parametrize("size", SIZES)
def test_13_the_algorithms_token_counts_line_up(sized, size):
    from playground.algorithms.side_by_side import available

    pg = sized("algorithms", size)
    pg.wait_for_selector('[data-testid="stMetric"]', timeout=120_000)
    wait_for_idle(pg)  # a run in progress may show some columns of the last run only
    pg.wait_for_function(
        "n => document.querySelector('[data-testid=\"stHorizontalBlock\"]')"
        ".querySelectorAll('[data-testid=\"stMetric\"]').length === n",
        arg=len(available()), timeout=60_000)
    metrics = (pg.locator('[data-testid="stHorizontalBlock"]').first
               .locator('[data-testid="stMetric"]'))
    labels = [t.strip() for t in metrics.locator('[data-testid="stMetricLabel"]').all_inner_texts()]
    assert labels == [f"{name} tokens" for name in available()]
    tops = _tops(pg, '[data-testid="stHorizontalBlock"] [data-testid="stMetricValue"]')
    if size == "wide":  # side by side: one row of numbers, whatever the kinds' names wrap to
        assert max(tops) - min(tops) < 2, tops
    metrics.first.scroll_into_view_if_needed()
    screenshot(pg, f"tour_algorithms_counts_{size}")
