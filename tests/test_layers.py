"""The app's layering: the logic in ``playground`` runs without Streamlit, and the engine
never imports the app or a reference library."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

BLOCKED = """
import importlib, pkgutil, sys
class Block:
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in {blocked}:
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Block())
import {package}
for info in pkgutil.walk_packages({package}.__path__, "{package}."):
    if not info.name.startswith(tuple({skip})):
        importlib.import_module(info.name)
print("ok")
"""


def _imports_without(package: str, blocked: set[str], skip: tuple[str, ...] = ()) -> None:
    code = BLOCKED.format(package=package, blocked=sorted(blocked), skip=list(skip))
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                         timeout=300)
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr[-2000:]


def test_playground_logic_imports_with_streamlit_blocked():
    _imports_without("playground", {"streamlit"},
                     skip=("playground.ui", "playground.app", "playground.serve"))


def test_the_engine_imports_no_app_and_no_reference_library():
    _imports_without("bbpe_core", {"streamlit", "playground", "tiktoken", "tokenizers",
                                   "sentencepiece", "transformers", "mistral_common"},
                     skip=("bbpe_core.cluster",))


def test_every_widget_key_starts_with_its_pages_prefix():
    import re

    from playground.ui.keys import ENCODING, WIDGET_PREFIXES

    literal = re.compile(r"""(?:kept|kept_value|set_kept)\(f?["']([^"'{]*)|key=f?["']([^"'{]*)""")
    keys = {m.group(1) or m.group(2)
            for path in [*ROOT.glob("playground/views/*.py"), *ROOT.glob("playground/**/*.py")]
            for m in literal.finditer(path.read_text(encoding="utf-8"))}
    assert len(keys) > 30  # the scan finds the app's widgets
    keys.discard("")  # f"{key}_chart": derived from a key passed in, itself checked where written
    strays = sorted(k for k in keys if k != ENCODING and not k.startswith(tuple(WIDGET_PREFIXES)))
    assert not strays, strays
