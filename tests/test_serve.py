"""playground/serve.py, what scripts/start.sh serves: st.App over the router, importing at
start-up what the pages' first runs need (issue 33, finding 15), and loading nothing else.
Each check runs in a fresh interpreter: this test process has imported the pages' modules
already."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FIRST_RUN_MODULES = ["streamlit.emojis", "bbpe_core", "playground.ui.widgets",
                     "playground.ui.lab_sections", "playground.ui.lazy_encodings",
                     "playground.ui.text_mode", "playground.ui.chat_mode", "pandas", "pyarrow"]
"""Modules a page's first run imports: Streamlit's emoji table (the icons), the sidebar,
the Compare lab's first view, the playground's modes, what the first ``st.dataframe``
converts with."""


def _fresh(code: str) -> dict:
    """Run ``code`` (it prints one JSON object) in a fresh interpreter at the repository's
    root and return what it printed."""
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=300, check=True)
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_importing_serve_imports_no_page_and_names_the_router():
    got = _fresh("import json, sys; from playground import serve; print(json.dumps({"
                 "'pages': [m for m in sys.modules if m.startswith('playground')"
                 " and m not in ('playground', 'playground.serve')],"
                 "'script': str(serve.app.script_path)}))")
    assert got == {"pages": [], "script": "app.py"}


def test_the_start_up_hook_imports_the_pages_modules_and_loads_no_encoding():
    got = _fresh(
        "import json, sys\nfrom playground import serve\n"
        "from bbpe_core.encodings import registry\n"
        "serve.import_pages_modules()\n"
        f"print(json.dumps({{'missing': [m for m in {FIRST_RUN_MODULES!r} "
        "if m not in sys.modules], 'loaded': registry._load.cache_info().currsize}))")
    assert got == {"missing": [], "loaded": 0}
