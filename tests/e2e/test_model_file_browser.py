"""Open a 2 GB GGUF model file in headless Chromium: only its header is read in the browser,
only the tokenizer reaches the server, and the encoding is added (the seconds it took are
printed: a test asserts no time).

The file is sparse: GPT-2's tokenizer keys (written with the `gguf` package's GGUFWriter from
our shipped gpt2 encoding) followed by zeros up to 2 GiB, as a model file's weights follow
its header. The page's ``Blob.prototype.slice`` is wrapped to record every byte range the
script asks for.
"""

from __future__ import annotations

import time

import pytest
from browser_helpers import screenshot, wait_for_idle
from gguf_files import write_gguf

pytestmark = pytest.mark.browser

RECORD_SLICES = """
window.__slices = [];
const slice = Blob.prototype.slice;
Blob.prototype.slice = function (start, end, type) {
  window.__slices.push([start || 0, end === undefined ? this.size : end, this.size]);
  return slice.call(this, start, end, type);
};
"""


@pytest.fixture(scope="module")
def model_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("gguf") / "gpt2-2GB.gguf"
    header = write_gguf(path, "gpt2")
    with open(path, "r+b") as f:
        f.truncate(2 << 30)  # a sparse tail: the "weights"
    return path, header


@pytest.mark.parametrize("size", [(1400, 1000), (390, 844)], ids=["desktop", "phone"])
def test_a_2_gb_model_file_opens_from_its_header_alone(browser, app_url, model_file, size):
    path, header = model_file
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    context.add_init_script(RECORD_SLICES)
    page = context.new_page()
    try:
        page.goto(f"{app_url}/upload")
        page.get_by_text("Open a model file").first.wait_for(timeout=60_000)
        wait_for_idle(page)
        started = time.perf_counter()
        page.locator('input[type="file"][accept=".gguf"]').set_input_files(str(path))
        page.get_by_text("Added; choose it in the sidebar").wait_for(timeout=30_000)
        seconds = time.perf_counter() - started
        slices = page.evaluate("window.__slices")
        read_to = max(end for _, end, file_size in slices if file_size == 2 << 30)
        print(f"\n{size}: 2 GiB GGUF opened in {seconds:.2f} s; the browser read its first "
              f"{read_to / 2**20:.1f} MiB (header {header / 2**20:.1f} MiB)")
        assert read_to <= max(4 << 20, 2 * header) and read_to < 64 << 20
        screenshot(page, f"model_file_{size[0]}")
    finally:
        context.close()
