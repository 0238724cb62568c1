"""``bbpe-playground`` (and ``python -m playground``): serve the app as ``streamlit run
playground/serve.py`` does, from an installed wheel or the checkout, in any directory.

Streamlit's own options pass through (``bbpe-playground --server.port 8502``; the options of
``streamlit run --help``). The server's caps (SECURITY.md) are in ``.streamlit/config.toml``
beside ``serve.py``: Streamlit reads that file as the main script's configuration, and a
command-line option overrides it (Streamlit docs, "Configuration options": flags come last).
"""

from __future__ import annotations

import sys
from pathlib import Path

SERVE = Path(__file__).resolve().parent / "serve.py"
"""The served script: ``st.App`` over the router, with its start-up hook."""


def main(argv: list[str] | None = None) -> None:
    """Run ``streamlit run SERVE`` with ``argv`` (default: this command's own arguments)
    after it, through Streamlit's command line (``streamlit.web.cli``, a click group).

    Args:
        argv (list[str] | None): Streamlit options, e.g. ``["--server.port", "8502"]``.

    Raises:
        SystemExit: always, with Streamlit's exit status (2 for an unknown option).
    """
    from streamlit.web import cli

    args = sys.argv[1:] if argv is None else argv
    cli.main(args=["run", str(SERVE), *args], prog_name="bbpe-playground")


if __name__ == "__main__":
    main()
