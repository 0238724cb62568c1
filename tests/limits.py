"""Run hostile input in a fresh Python process under an address-space limit and a timeout.

The public app is one process shared by every visitor, so a hostile case must be shown to end
within a memory budget and a time budget: each case runs in its own interpreter, limited with
``resource.setrlimit(RLIMIT_AS)``, and is killed after ``timeout`` seconds.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_limited(code: str, *, memory_bytes: int = 1 << 30, timeout: float = 60.0,
                args: tuple[str, ...] = ()) -> subprocess.CompletedProcess:
    """Run Python source ``code`` (or, with ``args``, ``python -m``-style arguments after
    ``-c code``) in a fresh interpreter from the repository root.

    Args:
        code (str): Python source run with ``python -c``; the address-space limit is set first.
        memory_bytes (int): the process's RLIMIT_AS, in bytes (default 1 GiB).
        timeout (float): seconds before the process is killed.
        args (tuple[str, ...]): extra ``sys.argv`` entries for ``code``.

    Returns:
        subprocess.CompletedProcess: with ``stdout`` and ``stderr`` as text.

    Raises:
        subprocess.TimeoutExpired: when the process runs past ``timeout`` (the test fails).
    """
    limit = (f"import resource; resource.setrlimit(resource.RLIMIT_AS, "
             f"({memory_bytes}, {memory_bytes}))\n")
    return subprocess.run([sys.executable, "-c", limit + code, *args], capture_output=True,
                          text=True, timeout=timeout, cwd=ROOT)
