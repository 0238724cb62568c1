#!/usr/bin/env bash
# The README's start command: install the runtime requirements and start the app.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -r requirements.txt
exec python3 -m streamlit run playground/serve.py "$@"
