"""Issue 45 in headless Chromium at 1400x1000 and 390x844 (screenshots in tests/artifacts/):
t5's unknown token drawn over the text it loses, the chips keeping the text's lines; a page's
share link (Merge trace, with llama2's byte-fallback ids); an uploaded tokenizer kept across a
reload of the tab."""

from __future__ import annotations

import json

import pytest
from browser_helpers import screenshot, screenshot_element, wait_for_idle
from conftest import SIZES

import bbpe_core
from playground.share.links import encode_state

pytestmark = pytest.mark.browser

CJK = "分词器很有趣。"


def _top(pg, text: str) -> float:
    """The top of the first chip holding ``text``, in the token view that holds the unknown
    token (the page's other views, e.g. the chunk view, hold the same words)."""
    return pg.evaluate("""t => [...document.querySelector('.tok.unk').closest('.bbpe-view')
        .querySelectorAll('.tok')]
        .find(e => e.textContent.replaceAll('·', ' ').includes(t)).getBoundingClientRect().top""",
                       text)


@pytest.mark.parametrize("size", SIZES)
def test_t5_shows_the_lost_text_and_keeps_the_lines(sized, size):
    text = CJK + "\ndef f(x):\n    return x"
    pg = sized("?s=" + encode_state("t5", "Text", text), size)
    pg.wait_for_selector(".bbpe-view .tok.unk", timeout=60_000)
    wait_for_idle(pg)
    unk = pg.locator(".bbpe-view .tok.unk").first
    assert unk.inner_text() == CJK
    title = unk.get_attribute("title")
    assert "e5 88 86" in title and "lost" in title
    assert pg.get_by_text("7 characters of this text cannot be represented").is_visible()
    assert _top(pg, "return") > _top(pg, "de") + 10  # "return" starts a line of its own
    pg.locator(".bbpe-view").first.scroll_into_view_if_needed()
    screenshot(pg, f"issue45_t5_lost_{size}")


@pytest.mark.parametrize("size", SIZES)
def test_a_merge_trace_link_opens_llama2_with_byte_fallback_ids(sized, size):
    link = encode_state("llama2", "Merge trace", json.dumps({"text": "词 lower"}))
    pg = sized(f"trace?s={link}", size)
    found = pg.get_by_text("ids 235 178 144 (byte fallback)").first
    found.wait_for(timeout=60_000)
    wait_for_idle(pg)
    found.scroll_into_view_if_needed()
    pg.wait_for_timeout(300)
    screenshot_element(pg.locator(".bbpe-cells").first, f"issue45_trace_link_{size}")


@pytest.mark.parametrize("size", SIZES)
def test_an_uploaded_tokenizer_is_kept_across_a_reload(sized, size, tmp_path):
    path = tmp_path / "small.json"
    bbpe_core.save_hf_tokenizer_json(bbpe_core.train("low lower lowest newer wider " * 40, 270),
                                     path)
    pg = sized("upload", size)
    pg.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    pg.locator('[data-testid="stFileChipName"][title="small.json"]').wait_for()
    pg.wait_for_timeout(500)
    wait_for_idle(pg)
    pg.get_by_role("button", name="Add tokenizer").click()
    pg.get_by_role("button", name="Remove", exact=True).wait_for(timeout=60_000)
    wait_for_idle(pg)
    pg.reload()
    pg.get_by_role("button", name="Remove", exact=True).wait_for(timeout=60_000)
    wait_for_idle(pg)
    assert pg.get_by_text("small.json  (").first.is_visible()
    screenshot(pg, f"issue45_kept_after_reload_{size}")
