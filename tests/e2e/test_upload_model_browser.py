"""A SentencePiece ``.model`` uploaded in a real browser (issue 34), at a desktop and a phone
size: sentencepiece's botchan Unigram model is added, chosen in the sidebar, and the
playground's chips carry the library's ids; a truncated copy is refused with a message."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import sentencepiece as spm
from browser_helpers import (
    chip_ids,
    close_sidebar,
    open_sidebar,
    screenshot,
    set_text,
    wait_for_chip_ids,
    wait_for_idle,
)

pytestmark = pytest.mark.browser
SIZES = {"desktop": {"width": 1400, "height": 1000}, "phone": {"width": 390, "height": 844}}
BOTCHAN = Path(__file__).resolve().parents[1] / ".refs" / "botchan_en_unigram_1000.model"
TEXT = "I don't think so, said Botchan. ｆｕｌｌ-width"


def _add(pg, path: Path) -> str:
    """Choose the .model format, put ``path`` in the uploader, press Add; the alerts' text."""
    pg.get_by_text(".model (SentencePiece)", exact=True).click()
    pg.locator('[data-testid="stFileUploader"]').get_by_text(".model", exact=True).wait_for()
    wait_for_idle(pg)
    pg.locator('[data-testid="stFileUploaderDropzoneInput"]').set_input_files(str(path))
    pg.locator(f'[data-testid="stFileChipName"][title="{path.name}"]').wait_for()
    pg.wait_for_timeout(500)  # the upload's rerun starts after the file's name is shown
    wait_for_idle(pg)
    field = pg.get_by_label("Name in the selectors")  # new files empty it, in that rerun
    pg.wait_for_function("f => f.value === ''", arg=field.element_handle(), timeout=20_000)
    wait_for_idle(pg)
    pg.get_by_role("button", name="Add tokenizer").click()
    pg.locator('[data-testid="stAlert"]').first.wait_for(timeout=60_000)
    pg.locator('[data-testid="stCode"]').first.wait_for()  # the detail under the message
    pg.wait_for_timeout(500)
    wait_for_idle(pg)
    return " | ".join(
        pg.locator('[data-testid="stAlert"], [data-testid="stCode"]').all_inner_texts())


@pytest.mark.parametrize("size", SIZES)
def test_a_unigram_model_uploads_and_its_ids_are_sentencepieces(browser, app_url, tmp_path,
                                                                size):
    model = tmp_path / "botchan.model"
    shutil.copyfile(BOTCHAN, model)
    broken = tmp_path / "broken.model"
    broken.write_bytes(BOTCHAN.read_bytes()[:5000])
    context = browser.new_context(viewport=SIZES[size])
    pg = context.new_page()
    try:
        pg.goto(f"{app_url}/upload")
        pg.wait_for_selector('[data-testid="stFileUploader"]', timeout=60_000)
        wait_for_idle(pg)
        said = _add(pg, broken)
        assert "Not added" in said and "broken.model: field" in said and "Traceback" not in said
        screenshot(pg, f"upload_model_refused_{size}")
        said = _add(pg, model)
        assert "Added" in said and "botchan.model" in said
        screenshot(pg, f"upload_model_added_{size}")
        open_sidebar(pg)
        sidebar = pg.locator('[data-testid="stSidebar"]')
        sidebar.locator('[data-testid="stSelectbox"]').first.click()
        pg.keyboard.type("botchan")  # the list is long and drawn lazily: filter it first
        pg.get_by_role("option", name="botchan.model").first.click()
        wait_for_idle(pg)
        if size == "phone":  # the app slides a phone's sidebar out once an encoding is chosen
            close_sidebar(pg)
        open_sidebar(pg)
        sidebar.locator('[data-testid="stSidebarNav"]').get_by_text("Playground").click()
        pg.get_by_role("textbox", name="Text", exact=True).wait_for(timeout=60_000)
        if size == "phone":
            close_sidebar(pg)
        set_text(pg, TEXT)
        expected = spm.SentencePieceProcessor(model_file=str(BOTCHAN)).encode(TEXT)
        wait_for_chip_ids(pg, len(expected))
        assert chip_ids(pg) == expected
        assert pg.evaluate("document.scrollingElement.scrollWidth <= window.innerWidth")
        screenshot(pg, f"upload_model_playground_{size}")
    finally:
        context.close()
