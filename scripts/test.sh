#!/usr/bin/env bash
# The README's test command: install the dev requirements, then run every test
# (engine, formats, HTML builder, AppTest, and the real-browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements-dev.txt
python3 -m pytest -q "$@"
