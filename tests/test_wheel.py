"""The package as a user gets it (issue 44): a wheel built from a clean copy of the checkout
(``git archive HEAD``: nothing untracked leaks in), installed with ``[app,cluster]`` into a
fresh virtual environment without the system's packages (so its own metadata must bring
every dependency), then its two commands run from a directory that is not the checkout.

Slow (minutes: the build and the install); scripts/test.sh runs it.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import tomllib
import urllib.request
import zipfile
from pathlib import Path

import pytest

from oracles import tiktoken_encoding

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

SCRIPTS = {"bbpe": "bbpe_core.__main__:main", "bbpe-playground": "playground.__main__:main"}
"""The console scripts and their entry points."""

TOP_LEVEL = {"bbpe_core", "playground"}
"""The only packages at the wheel's top level (besides its ``.dist-info``)."""


def _run(args: list, **kwargs) -> subprocess.CompletedProcess:
    """``args`` run to completion (text output, checked); the checkout's PYTHONPATH removed, so
    nothing but the installed package is imported."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    return subprocess.run([str(a) for a in args], capture_output=True, text=True, check=True,
                          env=env, **kwargs)


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict:
    """The wheel built from ``git archive HEAD`` and a fresh venv with it installed:
    ``{"wheel": Path, "bin": Path, "elsewhere": Path}`` (``elsewhere``: an empty directory)."""
    tmp = tmp_path_factory.mktemp("wheel")
    source, dist, venv = tmp / "source", tmp / "dist", tmp / "venv"
    source.mkdir()
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", "HEAD"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(source)], input=archive, check=True)
    _run([sys.executable, "-m", "build", "--wheel", "--outdir", dist, source], timeout=600)
    (wheel,) = dist.glob("*.whl")
    _run([sys.executable, "-m", "venv", venv], timeout=300)
    _run([venv / "bin" / "python", "-m", "pip", "install", "-q", f"{wheel}[app,cluster]"],
         timeout=1800)
    elsewhere = tmp / "elsewhere"
    elsewhere.mkdir()
    return {"wheel": wheel, "bin": venv / "bin", "elsewhere": elsewhere}


def test_the_wheel_holds_the_two_packages_their_data_and_the_licences(installed):
    names = zipfile.ZipFile(installed["wheel"]).namelist()
    dist_info = next(n.split("/")[0] for n in names if n.split("/")[0].endswith(".dist-info"))
    assert {n.split("/")[0] for n in names} == TOP_LEVEL | {dist_info}
    for name in ("bbpe_core/py.typed", "bbpe_core/data/MANIFEST.json",
                 "bbpe_core/data/cl100k_base.tiktoken.gz", "playground/serve.py",
                 "playground/app.py", "playground/views/playground.py",
                 "playground/assets/style.css", "playground/assets/udhr/index.json",
                 "playground/.streamlit/config.toml", "playground/data/n_vocab.json"):
        assert name in names, name
    licences = {n.split("/licenses/", 1)[1] for n in names if "/licenses/" in n}
    expected = {"LICENSE", "NOTICE"} | {f"LICENSES/{p.name}" for p in (ROOT / "LICENSES").iterdir()}
    assert licences == expected


def test_the_metadata_lists_the_dependencies_extras_and_console_scripts(installed):
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    code = ("import json; from importlib.metadata import distribution as d\n"
            "m = d('bbpe-playground')\n"
            "print(json.dumps({'requires': m.requires, 'extras': m.metadata.get_all("
            "'Provides-Extra'), 'scripts': {e.name: e.value for e in m.entry_points "
            "if e.group == 'console_scripts'}, 'version': m.version}))")
    got = json.loads(_run([installed["bin"] / "python", "-c", code],
                          cwd=installed["elsewhere"]).stdout)
    assert set(got["extras"]) == {"app", "cluster", "hub", "numpy", "dev"} == set(
        pyproject["optional-dependencies"])
    base = [r for r in got["requires"] if "extra ==" not in r]
    assert base == pyproject["dependencies"]
    for extra, wanted in pyproject["optional-dependencies"].items():
        listed = [r.split(";")[0].strip() for r in got["requires"] if f'extra == "{extra}"' in r]
        assert listed == wanted, extra
    assert got["scripts"] == SCRIPTS
    version = _run([installed["bin"] / "python", "-c",
                    "import bbpe_core; print(bbpe_core.__version__)"],
                   cwd=installed["elsewhere"]).stdout.strip()
    assert version == got["version"]


def test_bbpe_count_from_another_directory_equals_tiktoken(installed):
    text = ((ROOT / "playground/assets/corpora/en_python_docs.txt").read_text("utf-8")[:20_000]
            + (ROOT / "playground/assets/corpora/zh_tang_poems.txt").read_text("utf-8")[:5_000])
    (installed["elsewhere"] / "sample.txt").write_text(text, encoding="utf-8")
    done = _run([installed["bin"] / "bbpe", "count", "--encoding", "cl100k_base", "--workers",
                 "1", "--json", "sample.txt"], cwd=installed["elsewhere"], timeout=300)
    counted = json.loads(done.stdout)["total"]["tokens"]["cl100k_base"]
    assert counted == len(tiktoken_encoding("cl100k_base").encode_ordinary(text))


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _get(url: str) -> tuple[int, str]:
    with urllib.request.urlopen(url, timeout=5) as r:
        return r.status, r.read().decode("utf-8", errors="replace")


def test_bbpe_playground_serves_the_app_from_another_directory(installed):
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    server = subprocess.Popen(
        [str(installed["bin"] / "bbpe-playground"), "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=installed["elsewhere"], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                health = _get(f"{url}/_stcore/health")
                break
            except OSError:
                assert server.poll() is None and time.monotonic() < deadline, (
                    server.stdout.read() if server.poll() is not None else "no answer in 120 s")
                time.sleep(0.5)
        assert health == (200, "ok")
        status, page = _get(f"{url}/")
        assert status == 200 and "<div id=\"root\">" in page
    finally:
        server.terminate()
        server.wait(timeout=30)


def test_the_installed_server_reads_its_caps_beside_serve_py(installed):
    # as `streamlit run` does (streamlit.web.cli._main_run): the main script's path, then the
    # config files, the script's own .streamlit/config.toml last
    code = ("from streamlit import config; from playground.__main__ import SERVE\n"
            "config._main_script_path = str(SERVE)\n"
            "config.get_config_options(force_reparse=True)\n"
            "print(config.get_option('server.maxUploadSize'), "
            "config.get_option('client.showErrorDetails'))")
    shipped = tomllib.loads((ROOT / "playground/.streamlit/config.toml").read_text("utf-8"))
    got = _run([installed["bin"] / "python", "-c", code], cwd=installed["elsewhere"]).stdout
    assert got.split() == [str(shipped["server"]["maxUploadSize"]),
                           shipped["client"]["showErrorDetails"]]
