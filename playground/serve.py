"""The app as served (``streamlit run serve.py``, scripts/start.sh): Streamlit's ASGI app
(``st.App``, Streamlit docs "st.App") over the router ``app.py``, which imports at start-up
what the pages' first runs would otherwise import while the first user waits.

On a fresh server, the first run of a page imported the engine and the page's modules, and
Streamlit compiled its pattern of every emoji (``streamlit.emojis``: the router's icons are
emoji), all before the page's title was sent (the Compare lab's first chart waited for it).
The start-up hook (a Starlette lifespan: it runs before the server answers its health check)
runs the import statements at the top of each page in ``views/`` and imports
``streamlit.emojis``, pandas and pyarrow; it loads no encoding and reads no data file.
``streamlit run app.py`` serves the same pages without it, and without the HTTP API that
serve.py mounts at ``/api/v1`` (``playground.api``).
"""

from __future__ import annotations

import ast
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

import streamlit as st
from starlette.routing import Mount

VIEWS = Path(__file__).resolve().parent / "views"
"""The pages (``st.Page`` scripts of ``app.py``)."""


def import_pages_modules() -> None:
    """Run the import statements at the top level of every page in ``VIEWS`` (what each
    page's first run imports), and import ``streamlit.emojis`` and what Streamlit's first
    table imports (``pandas``, ``pyarrow``).

    Raises:
        SyntaxError, ImportError: as the page's own first run would.
    """
    # Streamlit compiles its emoji pattern on import; a page's first st.dataframe imports
    # pandas and pyarrow (Streamlit converts tables with them)
    import pandas  # noqa: F401
    import pyarrow  # noqa: F401
    import streamlit.emojis  # noqa: F401

    for page in sorted(VIEWS.glob("*.py")):
        tree = ast.parse(page.read_text(encoding="utf-8"), str(page))
        imports = [n for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom))]
        exec(compile(ast.Module(body=imports, type_ignores=[]), str(page), "exec"), {})


@asynccontextmanager
async def _import_at_start(_app: st.App) -> AsyncIterator[None]:
    import_pages_modules()
    yield


async def _api(scope, receive, send) -> None:
    """The HTTP API (``playground.api.server.app``), imported on its first request."""
    from playground.api.server import app as api

    await api(scope, receive, send)


app = st.App("app.py", lifespan=_import_at_start, routes=[Mount("/api/v1", app=_api)])
