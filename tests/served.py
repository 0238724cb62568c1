"""The app served as scripts/start.sh serves it (``python -m playground``, what the
``bbpe-playground`` script runs), on a free local port, for the browser tests (``e2e``) and
the HTTP API's tests."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def serve_app(root: Path = ROOT, env: dict[str, str] | None = None):
    """A fresh ``python -m playground`` (as scripts/start.sh starts the app) of the checkout
    ``root`` on a free local port, with ``env`` added to the environment: yields its URL once
    healthy."""
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "playground", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=root, env={**os.environ, "PYTHONPATH": str(root), **(env or {})},
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    try:
        for _ in range(120):
            try:
                with urllib.request.urlopen(f"{url}/_stcore/health", timeout=1) as r:
                    if r.status == 200:
                        break
            except OSError:
                time.sleep(0.5)
        else:
            pytest.fail("streamlit did not start within 60 s")
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=20)
