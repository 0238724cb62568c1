"""Walk every lesson in headless Chromium: the counts hidden until Reveal, then shown; a
screenshot of each."""

from __future__ import annotations

import pytest
from browser_helpers import screenshot_element

from playground.lessons import LESSONS

pytestmark = pytest.mark.browser


def test_walk_every_lesson(page, app_url):
    page.goto(f"{app_url}/lessons")
    page.wait_for_selector("details[open] button", timeout=90_000)
    for k, lesson in enumerate(LESSONS):
        summary = page.locator("summary").filter(has_text=lesson.question)
        if k:  # the first one starts open
            summary.click()
        details = page.locator("details[open]").filter(has_text=lesson.question)
        details.get_by_role("button", name="Reveal").wait_for()
        assert details.locator(".bbpe-view").count() == 0
        assert details.locator("[data-testid='stDataFrame']").count() == 0
        details.get_by_role("button", name="Reveal").click()
        page.wait_for_function(
            "q => [...document.querySelectorAll('details')].some(d => d.open && d.innerText.includes(q) && d.querySelector('.bbpe-view'))",
            arg=lesson.question, timeout=120_000)  # each Reveal reruns every lesson
        details.locator("[data-testid='stDataFrame'] canvas").first.wait_for()
        screenshot_element(details, f"lesson_{k + 1}_{lesson.key}")
    assert page.locator("details[open]").count() == len(LESSONS)
