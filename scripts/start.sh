#!/usr/bin/env bash
# The README's start command: install the package with its app extra (pyproject.toml) and
# start the app (bbpe-playground: streamlit run playground/serve.py; options pass through).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -e '.[app]'
exec bbpe-playground "$@"
