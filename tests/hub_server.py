"""A local stand-in for the Hugging Face Hub's HTTP endpoints that ``huggingface_hub`` calls,
for tests run with ``HF_ENDPOINT=http://127.0.0.1:<port>``, and a Hub cache laid out as
``huggingface_hub`` lays it out.

Endpoints, as ``huggingface_hub`` 2.x calls them (``hf_api.py``, ``file_download.py``,
``hf_file_system.py``):

- ``GET /api/models/{repo}[/revision/{rev}]``: ``repo_info`` (``HfFileSystem.resolve_path``);
- ``GET /api/models/{repo}/tree/{rev}[/{path}]?recursive=&expand=``: ``list_repo_tree`` and
  ``HfFileSystem.ls`` (entries ``{"type", "path", "size", "oid"}``);
- ``POST /api/models/{repo}/paths-info/{rev}``: ``get_paths_info`` (``HfFileSystem.info``);
- ``HEAD`` / ``GET /{repo}/resolve/{rev}/{path}``: ``hf_hub_download``'s metadata
  (``X-Repo-Commit``, ``ETag``, ``Content-Length``) and content, and ``HfFileSystemFile``'s
  range reads (``Range: bytes=a-b`` -> 206).

A repository or file it does not hold answers 404 with the ``X-Error-Code`` the Hub sends
(``RepoNotFound``, ``EntryNotFound``), which ``hf_raise_for_status`` reads. Every GET of a
file is logged with the bytes sent, so a test can assert what was never downloaded.
"""

from __future__ import annotations

import hashlib
import json
import re
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

COMMIT = "0123456789abcdef0123456789abcdef01234567"


class HubServer:
    """Serves ``repos`` (repo id -> {path in repo: content}) at one commit, ``COMMIT``, as
    the revision ``main``; ``sent`` logs ``(path, first byte, bytes sent)`` per file GET;
    ``listed`` (path -> size) makes the file lists give a size other than the content's (a
    hostile or stale listing)."""

    def __init__(self, repos: dict[str, dict[str, bytes]],
                 listed: dict[str, int] | None = None) -> None:
        self.repos = repos
        self.listed = listed or {}
        self.sent: list[tuple[str, int, int]] = []
        self.unknown: list[str] = []
        handler = type("Handler", (_Handler,), {"hub": self})
        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}"
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)

    def __enter__(self) -> HubServer:
        self.thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()


def _entry(path: str, data: bytes | None, listed: dict[str, int] | None = None) -> dict:
    if data is None:
        return {"type": "directory", "path": path, "oid": hashlib.sha1(path.encode()).hexdigest()}
    return {"type": "file", "path": path, "size": (listed or {}).get(path, len(data)),
            "oid": hashlib.sha1(data).hexdigest()}


class _Handler(BaseHTTPRequestHandler):
    hub: HubServer
    protocol_version = "HTTP/1.1"

    def log_message(self, *args) -> None:  # quiet
        pass

    def _send(self, status: int, body: bytes = b"", headers: dict | None = None,
              head: bool = False) -> None:
        self.send_response(status)
        for k, v in (headers or {}).items():
            self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if not head:
            self.wfile.write(body)

    def _json(self, value) -> None:
        self._send(200, json.dumps(value).encode(), {"Content-Type": "application/json"})

    def _missing(self, code: str, head: bool = False) -> None:
        self._send(404, json.dumps({"error": code}).encode(), {"X-Error-Code": code}, head)

    def _repo(self, repo_id: str) -> dict[str, bytes] | None:
        return self.hub.repos.get(repo_id)

    def _listing(self, files: dict[str, bytes], under: str, recursive: bool) -> list[dict]:
        prefix = f"{under}/" if under else ""
        out, folders = [], set()
        for path in sorted(files):
            if not path.startswith(prefix):
                continue
            rest = path[len(prefix):]
            if "/" in rest and not recursive:
                folders.add(prefix + rest.split("/")[0])
                continue
            parts = rest.split("/")
            folders.update(prefix + "/".join(parts[:i]) for i in range(1, len(parts)))
            out.append(_entry(path, files[path], self.hub.listed))
        return [_entry(f, None) for f in sorted(folders)] + out

    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        self._route(head=False)

    def do_HEAD(self) -> None:  # noqa: N802
        self._route(head=True)

    def do_POST(self) -> None:  # noqa: N802
        url = urlsplit(self.path)
        m = re.fullmatch(r"/api/models/([^/]+/[^/]+)/paths-info/([^/]+)", url.path)
        files = self._repo(m.group(1)) if m else None
        if files is None:
            self.hub.unknown.append(f"POST {self.path}")
            return self._missing("RepoNotFound")
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
        form = parse_qs(body) if "json" not in (self.headers.get("Content-Type") or "") else \
            {"paths": json.loads(body).get("paths", [])}
        paths = form.get("paths", [])
        self._json([_entry(p, files[p], self.hub.listed) for p in paths if p in files])

    def _route(self, head: bool) -> None:
        url = urlsplit(self.path)
        path = unquote(url.path)
        query = parse_qs(url.query)
        if m := re.fullmatch(r"/api/models/([^/]+/[^/]+)(?:/revision/([^/]+))?", path):
            files = self._repo(m.group(1))
            if files is None:
                return self._missing("RepoNotFound", head)
            return self._json({"id": m.group(1), "sha": COMMIT, "private": False,
                               "siblings": [{"rfilename": p} for p in sorted(files)]})
        if m := re.fullmatch(r"/api/models/([^/]+/[^/]+)/tree/([^/]+)(?:/(.*))?", path):
            files = self._repo(m.group(1))
            if files is None:
                return self._missing("RepoNotFound", head)
            recursive = query.get("recursive", ["false"])[0].lower() == "true"
            return self._json(self._listing(files, m.group(3) or "", recursive))
        if m := re.fullmatch(r"/([^/]+/[^/]+)/resolve/([^/]+)/(.+)", path):
            files = self._repo(m.group(1))
            if files is None:
                return self._missing("RepoNotFound", head)
            if m.group(3) not in files:
                return self._missing("EntryNotFound", head)
            return self._file(m.group(3), files[m.group(3)], head)
        self.hub.unknown.append(f"{self.command} {self.path}")
        self._missing("RepoNotFound", head)

    def _file(self, name: str, data: bytes, head: bool) -> None:
        headers = {"X-Repo-Commit": COMMIT, "ETag": f'"{hashlib.sha256(data).hexdigest()}"',
                   "Accept-Ranges": "bytes", "Content-Type": "application/octet-stream"}
        wanted = re.fullmatch(r"bytes=(\d+)-(\d*)", self.headers.get("Range") or "")
        if head:
            return self._send(200, data, headers, head=True)
        if wanted:
            start = int(wanted.group(1))
            end = min(int(wanted.group(2) or len(data) - 1), len(data) - 1)
            part = data[start:end + 1]
            headers["Content-Range"] = f"bytes {start}-{end}/{len(data)}"
            self.hub.sent.append((name, start, len(part)))
            return self._send(206, part, headers)
        self.hub.sent.append((name, 0, len(data)))
        self._send(200, data, headers)


def write_hub_cache(cache: Path, repo_id: str, files: dict[str, bytes]) -> Path:
    """Lay ``files`` out as ``huggingface_hub`` caches a download of ``repo_id`` at
    ``COMMIT`` (``file_download.py``: ``models--{org}--{name}/blobs/{etag}``, the snapshot's
    files as relative symlinks to the blobs, ``refs/main`` holding the commit).

    Returns:
        The snapshot folder.
    """
    repo = cache / ("models--" + repo_id.replace("/", "--"))
    snapshot = repo / "snapshots" / COMMIT
    (repo / "blobs").mkdir(parents=True, exist_ok=True)
    (repo / "refs").mkdir(exist_ok=True)
    (repo / "refs" / "main").write_text(COMMIT)
    for path, data in files.items():
        etag = hashlib.sha256(data).hexdigest()
        (repo / "blobs" / etag).write_bytes(data)
        link = snapshot / path
        link.parent.mkdir(parents=True, exist_ok=True)
        depth = len(Path(path).parts) + 1  # up to the repo folder from the link's folder
        link.symlink_to(Path(*[".."] * depth) / "blobs" / etag)
    return snapshot
