#!/usr/bin/env bash
# The README's start command: install the package with its app extra (pyproject.toml) and
# start the app as bbpe-playground does (streamlit run playground/serve.py; options pass
# through). `python3 -m playground` is bbpe-playground's entry point run by the python3 pip
# installed into: the console script itself may land off PATH (pyenv, --user installs).
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m pip install -q -e '.[app]'
exec python3 -m playground "$@"
