"""The HTTP API as an ASGI app, mounted at ``/api/v1`` on the app's own server (``serve.py``
passes it to ``st.App(routes=...)``).

Per request, in this order: the route and method (404, 405), the client's rate limit (429,
``ratelimit``), the requests held at once (429, ``API_PENDING``), the body's size (413, read
in pieces up to ``caps.MAX_API_BODY_BYTES``), JSON (400), then the route's handler in a worker
thread, at most ``API_WORKERS`` at a time so the pages keep their share of the process. A
handler's ``ApiError`` gives its status; a ``ValueError`` (the engine's refusals: special-token
text, a chat template's ``raise_exception``, the engine's ``PatternTimeoutError`` deadline)
gives 400; anything else 500 with a fixed sentence, never a traceback. Every answer is JSON
(``{"error": "..."}`` for errors), but the docs page.
"""

from __future__ import annotations

import json
import logging
import math

import anyio
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from ..caps import MAX_API_BODY_BYTES
from . import handlers
from .docs import docs_html
from .fields import ApiError
from .ratelimit import from_environment

__all__ = ["API_PENDING", "API_WORKERS", "ROUTES", "app"]

ROUTES = {
    "/encodings": ("GET", handlers.encodings),
    "/encode": ("POST", handlers.encode),
    "/count": ("POST", handlers.count),
    "/decode": ("POST", handlers.decode),
    "/chunk": ("POST", handlers.chunk),
    "/count_chat": ("POST", handlers.count_chat),
    "/docs": ("GET", None),
}
"""Path under the mount -> (method, handler); the docs page has none."""

API_WORKERS = 2
"""Requests the API works on at once (threads); the others wait their turn."""
API_PENDING = 16
"""Requests the API holds at once, reading, waiting or worked on (all clients together): one
more is answered 429 at once, so the bodies held stay within ``API_PENDING`` times
``caps.MAX_API_BODY_BYTES``."""

LIMITER = from_environment()
_WORKERS = anyio.CapacityLimiter(API_WORKERS)
_pending = 0  # requests held now (the event loop's thread alone changes it)
_log = logging.getLogger(__name__)


def error(status: int, message: str, headers: dict[str, str] | None = None) -> JSONResponse:
    """``{"error": message}`` with ``status``."""
    return JSONResponse({"error": message}, status, headers=headers)


async def _body(request: Request) -> bytes:
    """The body, refused (413) past ``MAX_API_BODY_BYTES`` before more of it is read."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_API_BODY_BYTES:
        raise ApiError(413, f"the body has {int(declared):,} bytes; the limit is "
                       f"{MAX_API_BODY_BYTES:,}")
    parts, size = [], 0
    async for part in request.stream():
        size += len(part)
        if size > MAX_API_BODY_BYTES:
            raise ApiError(413, f"the body has more than {MAX_API_BODY_BYTES:,} bytes")
        parts.append(part)
    return b"".join(parts)


def _parse(data: bytes) -> object:
    """The body as JSON (400 if it is not)."""
    try:
        return json.loads(data)
    except (ValueError, RecursionError) as e:  # UnicodeDecodeError is a ValueError
        raise ApiError(400, f"the body is not valid JSON: {str(e)[:200]}") from None


def _route_path(scope: dict) -> str:
    """The path under the mount (Starlette's ``Mount`` keeps the full path in ``path`` and the
    mount's prefix in ``root_path``)."""
    path, root = scope["path"], scope.get("root_path", "")
    return path[len(root):] if root and path.startswith(root) else path


async def _answer(request: Request) -> Response:
    global _pending
    path = _route_path(request.scope)
    if path not in ROUTES:
        return error(404, "no such route; GET /api/v1/docs lists them")
    method, handler = ROUTES[path]
    if request.method != method:
        return error(405, f"use {method} for /api/v1{path}", {"Allow": method})
    client = request.client.host if request.client else "unknown"
    wait = LIMITER.take(client)
    if wait:
        return error(429, f"too many requests; retry in {math.ceil(wait)} s",
                     {"Retry-After": str(math.ceil(wait))})
    if handler is None:
        return HTMLResponse(docs_html())
    if _pending >= API_PENDING:
        return error(429, "the API is busy; retry in 1 s", {"Retry-After": "1"})
    _pending += 1
    try:
        body = _parse(await _body(request)) if method == "POST" else None
        result = await anyio.to_thread.run_sync(handler, body, limiter=_WORKERS)
        return JSONResponse(result)
    except ApiError as e:
        return error(e.status, str(e))
    except ValueError as e:  # the engine's refusals, with its own one-line message
        return error(400, str(e).splitlines()[0][:500] if str(e) else type(e).__name__)
    except Exception:
        _log.exception("API %s failed", path)
        return error(500, "the server could not answer this request")
    finally:
        _pending -= 1


async def app(scope, receive, send) -> None:
    """The ASGI app (HTTP only)."""
    if scope["type"] == "http":
        await (await _answer(Request(scope, receive)))(scope, receive, send)
