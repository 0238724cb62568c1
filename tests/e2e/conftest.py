"""Real-browser fixtures: the app served by `streamlit run` on a free local port, and
Debian's headless Chromium driven by playwright (never a downloaded browser).

Under CI (CI=true) a missing browser is an error, not a skip."""

from __future__ import annotations

import os

import pytest
from served import serve_app  # noqa: F401 (test_tour_browser imports it from here)

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]


@pytest.fixture(scope="session")
def app_url():
    with serve_app() as url:
        yield url


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing: .ci/run installs Debian's chromium package")
        pytest.skip(f"{CHROMIUM} not installed")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser, app_url):
    context = browser.new_context(viewport={"width": 1300, "height": 1800})
    pg = context.new_page()
    pg.dialogs = []
    pg.on("dialog", lambda d: (pg.dialogs.append(d.message), d.dismiss()))
    pg.goto(app_url)
    pg.wait_for_selector(".bbpe-view .tok", timeout=60_000)
    yield pg
    context.close()


SIZES = {"wide": {"width": 1400, "height": 1000}, "phone": {"width": 390, "height": 844}}
"""The window sizes every page is checked at: a desktop and a phone."""


@pytest.fixture
def sized(browser, app_url):
    """Open a page of the app in a window of one of ``SIZES``: ``sized(path, size)``, once its
    sidebar is there and the page has run."""
    from browser_helpers import wait_for_idle

    contexts = []

    def open_page(path: str = "", size: str = "wide"):
        context = browser.new_context(viewport=SIZES[size])
        contexts.append(context)
        pg = context.new_page()
        pg.goto(f"{app_url}/{path}")
        pg.wait_for_selector('[data-testid="stSidebar"]', state="attached", timeout=60_000)
        wait_for_idle(pg)
        return pg

    yield open_page
    for context in contexts:
        context.close()
