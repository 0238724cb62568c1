"""Load test: a real ``streamlit run`` server on 127.0.0.1 and 10 sessions at once, each
pasting its own 100 KB of text and uploading a tokenizer.json; among them one hostile session
uploads the heaviest tokenizer.json the caps allow (``bench/hostile_upload.py``) and opens the
heaviest share link they allow (``HOSTILE_LINK``), and another uploads the densest
SentencePiece ``.model`` and opens the densest GGUF model file its session's memory budget
takes (half of it each).

The sessions are browsers (a headless Chromium each, Debian's ``/usr/bin/chromium`` driven by
playwright; ``--one-browser``: contexts of one Chromium), or with ``--clients protocol`` the
ten ordinary ones speak Streamlit's protocol without a browser (``bench/ws_session.py``), so
the server's time is measured alone; the hostile sessions are always browsers. The browsers
share the server's two cores, so they run at a lower CPU priority (``--browser-nice``, 10 by
default; 0 for the server's peer). ``--no-hostile`` runs the same sessions with the hostile
visitors only opening the Playground: the control that shows what the hostile sessions cost
the others.

It prints, and writes to ``bench/results/<--out>.md``: the server's peak memory (VmHWM), each
session's seconds from paste to the right token count as drawn and the server's part of it
(WebSocket messages), whether the count was exact (it is checked against ``bbpe_core``'s
count of the same text), whether the upload was added, what the hostile sessions got and how
long it took, the CPU seconds of the server and of the browsers, and the machine's load
average. Bounded: every wait has a timeout, the whole run stops after ``--limit`` seconds,
and the server is stopped at the end, whatever happened.

Run from the repository root: ``python3 bench/load_test.py [--sessions 10] [--kb 100]
[--clients browser|protocol] [--one-browser] [--browser-nice 10] [--no-hostile]
[--out load]``.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from functools import partial
from pathlib import Path

import bbpe_core

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "playground" / "assets"
sys.path.insert(0, str(ROOT))

from bench.hostile_upload import (  # noqa: E402
    hostile_gguf,
    hostile_model,
    hostile_tokenizer_json,
)
from bench.report import results_page  # noqa: E402
from bench.ws_session import protocol_session  # noqa: E402
from playground.caps import (  # noqa: E402
    MAX_COMPARE_BYTES,
    MAX_COMPARE_ENCODINGS,
    SESSION_MEMORY_MB,
)
from playground.share.links import encode_state  # noqa: E402
from playground.upload.files import MAX_UPLOAD_MB  # noqa: E402

UPLOAD_LINK = "Bring your own tokenizer (tokenizer.json"
"""The playground's link to the upload page (the sidebar's link has the page's shorter name)."""
HOSTILE_ENCODINGS = ["gpt2", "cl100k_base", "o200k_base", "llama3", "qwen3", "deepseek_v3"]
HOSTILE_LINK = encode_state(
    "gpt2", "Compare", "\U0001F600" * (MAX_COMPARE_BYTES // MAX_COMPARE_ENCODINGS // 4),
    {"special": "as special tokens", "compare": HOSTILE_ENCODINGS[:MAX_COMPARE_ENCODINGS]})
"""The heaviest link the caps allow: Compare mode, the most encodings, the most characters
(emoji: one long chunk of 4-byte characters, the slowest text per character measured for
byte-level BPE)."""

CHROMIUM = "/usr/bin/chromium"
SET_VALUE = """(area, text) => {
    const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, "value").set;
    setter.call(area, text);
    area.dispatchEvent(new Event("input", {bubbles: true}));
}"""
"""Script that puts a text into a React text area as a paste does (value, then one event)."""


def free_port() -> int:
    """A free TCP port on 127.0.0.1."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_server(port: int) -> subprocess.Popen:
    """``python -m playground`` (``bbpe-playground``, as scripts/start.sh) on 127.0.0.1:port,
    once it answers its health check.

    Raises:
        RuntimeError: if it does not answer within 60 s.
    """
    server = subprocess.Popen(
        [sys.executable, "-m", "playground", "--server.port", str(port),
         "--server.address", "127.0.0.1", "--server.headless", "true"],
        cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    for _ in range(120):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/_stcore/health", timeout=1):
                return server
        except OSError:
            time.sleep(0.5)
    server.terminate()
    raise RuntimeError("streamlit did not start within 60 s")


def cpu_seconds() -> dict[int, tuple[str, float]]:
    """Every process's CPU time so far (user + system), seconds, with its name: pid ->
    (name, seconds), from ``/proc/<pid>/stat`` (``proc(5)``: fields 14 and 15, in clock
    ticks)."""
    tick = os.sysconf("SC_CLK_TCK")
    seen = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # it ended
                continue
            name, rest = stat[stat.index("(") + 1:stat.rindex(")")], stat[stat.rindex(")") + 2:]
            fields = rest.split()
            seen[int(entry.name)] = (name, (int(fields[11]) + int(fields[12])) / tick)
    return seen


class CpuWatch:
    """The CPU seconds the server and the browser used during a run, sampled every second
    (a process that ends between two samples loses at most its last second).

    Args:
        server (int): the server's pid.
    """

    def __init__(self, server: int) -> None:
        self.server, self.start = server, cpu_seconds()
        self.last: dict[int, tuple[str, float]] = dict(self.start)

    def sample(self) -> None:
        """Take one sample."""
        self.last.update(cpu_seconds())

    def used(self) -> tuple[float, float]:
        """(server, browser) CPU seconds since the watch began."""
        def spent(pid: int) -> float:
            return self.last[pid][1] - self.start.get(pid, ("", 0.0))[1]
        browser = sum(spent(pid) for pid, (name, _) in self.last.items() if name == "chromium")
        return spent(self.server), browser


def peak_memory_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


async def session(browser, url: str, k: int, text: str, expected: int, upload: Path) -> dict:
    """One user: paste ``text``, wait for the count, upload a tokenizer; what happened."""
    context = await browser.new_context(viewport={"width": 1300, "height": 1000})
    page = await context.new_page()
    result = {"session": k, "seconds to tokens": None, "server seconds": None, "exact": False,
              "upload": False}
    frames = _Frames(f"{expected:,}".encode())
    page.on("websocket", frames.watch)
    step = "open"
    try:
        await asyncio.sleep(2 * k)  # arrivals two seconds apart, all overlapping
        await page.goto(url, timeout=120_000)
        await page.wait_for_selector(".bbpe-view .tok", timeout=120_000)
        area = page.get_by_role("textbox", name="Text", exact=True)
        frames.armed = True
        await area.evaluate(SET_VALUE, text)  # a paste: one input event, not 100 KB of keys
        start = time.perf_counter()
        await area.press("Control+Enter", timeout=60_000)
        await page.wait_for_function(
            """n => [...document.querySelectorAll('[data-testid="stMetric"]')].some(m =>
                 m.innerText.includes('Tokens') && m.querySelector('[data-testid="stMetricValue"]')
                 .innerText.trim() === n)""", arg=f"{expected:,}", timeout=120_000)
        result["seconds to tokens"] = round(time.perf_counter() - start, 2)
        result["server seconds"] = frames.seconds()
        result["exact"] = True
        step = "upload"
        await upload_file(page, upload)
        result["upload"] = True
    except Exception as error:  # a lost session is a result to report, not a crash
        result["error"] = f"{step}: {_first_lines(error)}"
    finally:
        await context.close()
    return result


class _Frames:
    """When the page sent the paste to the server and when the server's answer holding the
    count came back, from the page's WebSocket frames as the browser passes them on: the
    server's part of the time to tokens, without the drawing.

    Args:
        needle (bytes): the count as the page shows it (``28,676``), looked for in each frame
            the server sends after the paste.
    """

    def __init__(self, needle: bytes) -> None:
        self.needle, self.armed = needle, False
        self.sent: float | None = None
        self.got: float | None = None

    def watch(self, socket) -> None:
        """Follow ``socket`` (playwright's ``page.on("websocket")``)."""
        socket.on("framesent", self._sent)
        socket.on("framereceived", self._received)

    def _sent(self, payload) -> None:
        if self.armed and self.sent is None:
            self.sent = time.perf_counter()

    def _received(self, payload) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        if self.sent is not None and self.got is None and self.needle in data:
            self.got = time.perf_counter()

    def seconds(self) -> float | None:
        """From the paste's frame to the count's, seconds (None if either was not seen)."""
        return None if self.got is None or self.sent is None else round(
            self.got - self.sent, 2)


def _first_lines(error: Exception) -> str:
    """An error's first line and the locator it waited for (playwright's "waiting for" line)."""
    lines = str(error).splitlines()
    waited = next((line.strip() for line in lines if "waiting for" in line), "")
    return f"{type(error).__name__}: {lines[0][:100] if lines else ''} {waited[:100]}".strip()


async def upload_file(page, path: Path) -> None:
    """Open the upload page, add the tokenizer.json at ``path``, wait until it is added."""
    await page.get_by_role("link", name=UPLOAD_LINK).click(timeout=180_000)
    await page.get_by_text("Memory: your tokenizers may hold", exact=False).wait_for(
        timeout=180_000)
    await page.locator('[data-testid="stFileUploader"] input[type="file"]').first.set_input_files(
        str(path), timeout=180_000)  # the tokenizer's uploader, not the model file's input
    await page.get_by_role("button", name="Add tokenizer").click(timeout=300_000)
    await page.get_by_text("choose it in the sidebar", exact=False).wait_for(timeout=300_000)


async def scripted(browser, url: str, delay: float, name: str, steps: list) -> dict:
    """A user who opens the app after ``delay`` seconds, then takes ``steps`` in order.

    Args:
        steps (list): ``(label, act)`` pairs, ``act`` an async function of the page.

    Returns:
        dict: for each label, whether its step ended and in how many seconds; the error of
        the step that failed, if one did.
    """
    context = await browser.new_context(viewport={"width": 1300, "height": 1000})
    page = await context.new_page()
    result = {"session": name}
    for label, _ in steps:
        result[label], result[f"{label} seconds"] = False, None
    step = "open"
    try:
        await asyncio.sleep(delay)
        await page.goto(url, timeout=120_000)
        await page.wait_for_selector(".bbpe-view .tok", timeout=120_000)
        for step, act in steps:
            start = time.perf_counter()
            await act(page)
            result[step], result[f"{step} seconds"] = True, round(time.perf_counter() - start, 2)
    except Exception as error:  # a lost session is a result to report, not a crash
        result["error"] = f"{step}: {_first_lines(error)}"
    finally:
        await context.close()
    return result


async def upload_model(page, path: Path) -> None:
    """Open the upload page, add the SentencePiece ``.model`` at ``path``, wait until added."""
    await page.get_by_role("link", name=UPLOAD_LINK).click(timeout=180_000)
    await page.get_by_text(".model (SentencePiece)", exact=True).click(timeout=180_000)
    uploader = page.locator('[data-testid="stFileUploader"]').filter(  # the page's rerun
        has=page.get_by_text(".model", exact=True))  # drew the .model's uploader
    await uploader.locator('input[type="file"]').set_input_files(str(path), timeout=180_000)
    await page.get_by_role("button", name="Add tokenizer").click(timeout=300_000)
    await page.get_by_text("choose it in the sidebar", exact=False).wait_for(timeout=300_000)


async def open_gguf(page, path: Path) -> None:
    """On the upload page, open the GGUF model file at ``path`` and wait until its tokenizer
    is added under the file's name (or refused: "Not added.", which fails the step).

    Raises:
        RuntimeError: with the page's reason, if the file was refused.
    """
    await page.locator('input[aria-label="GGUF model file"]').set_input_files(
        str(path), timeout=180_000)
    added = page.get_by_text(path.stem, exact=True)
    refused = page.get_by_text("Not added.", exact=True)
    await added.or_(refused).first.wait_for(timeout=300_000)
    if await refused.count():
        reason = await page.locator('[data-testid="stCode"]').last.inner_text()
        raise RuntimeError(f"refused: {reason[:200]}")


async def open_link(page, url: str) -> None:
    """Open ``HOSTILE_LINK`` and wait until Compare mode has drawn its bars."""
    await page.goto(f"{url}/?s={HOSTILE_LINK}", timeout=120_000)
    await page.get_by_text("Bars: tokens each encoding needs", exact=False).wait_for(
        timeout=300_000)


async def run(port: int, sessions: int, kb: int, upload: Path, hostile_upload: Path,
              files: tuple[Path, Path], limit: float, browser: str, hostile: bool,
              watch: CpuWatch, one_browser: bool, protocol: bool
              ) -> tuple[list[dict], dict, dict]:
    """All sessions at once, each in its own Chromium (the executable ``browser``), or all
    in one with ``one_browser``; with ``protocol``, the ordinary sessions speak Streamlit's
    protocol without a browser (``ws_session``: they paste and upload, nothing is drawn).
    Stopped after ``limit`` seconds. With ``hostile``, the hostile sessions (browsers)
    arrive third and sixth. ``watch`` samples the CPU time used while the sessions run."""
    from playwright.async_api import async_playwright

    url = f"http://127.0.0.1:{port}"
    corpus = (ASSETS / "corpora" / "en_python_docs.txt").read_text(encoding="utf-8")
    enc = bbpe_core.get_encoding("gpt2")
    texts = [corpus[k * 7919: k * 7919 + kb * 1000] for k in range(sessions)]
    async with async_playwright() as p:
        launch = partial(p.chromium.launch, executable_path=browser,
                         args=["--no-sandbox", "--disable-gpu"])
        first = await launch()
        # a browser per visitor, as visitors have (one browser's shared processes made one
        # session's heavy page hold up the drawing of every other's); started before the
        # first arrival
        browsers = [first] * (sessions + 2) if one_browser else [
            first, *[await launch() for _ in range(1 if protocol else sessions + 1)]]
        try:
            counts = [len(enc.encode(t, allowed_special="all")) for t in texts]
            data = upload.read_bytes() if protocol else b""  # read once for every session
            jobs = [protocol_session(port, k, t, n, data) if protocol else
                    session(browsers[k], url, k, t, n, upload)
                    for k, (t, n) in enumerate(zip(texts, counts))]
            jobs.append(scripted(browsers[-2], url, 3.0, "hostile", [  # the heaviest upload, link
                ("upload", lambda page: upload_file(page, hostile_upload)),
                ("link", lambda page: open_link(page, url))] if hostile else []))
            jobs.append(scripted(browsers[-1], url, 9.0, "hostile files", [  # half the budget each
                ("model", lambda page: upload_model(page, files[0])),
                ("gguf", lambda page: open_gguf(page, files[1]))] if hostile else []))
            sampler = asyncio.create_task(_sample(watch))
            try:
                *results, bad, bad_files = await asyncio.wait_for(asyncio.gather(*jobs),
                                                                  timeout=limit)
            finally:
                sampler.cancel()
            watch.sample()
            return results, bad, bad_files
        finally:
            for each in set(browsers):
                await each.close()


async def _sample(watch: CpuWatch) -> None:
    """Sample ``watch`` every second until cancelled."""
    while True:
        watch.sample()
        await asyncio.sleep(1.0)


def niced(folder: Path, nice: int) -> str:
    """An executable in ``folder`` that runs Debian's Chromium at CPU priority ``nice``
    (``nice(1)``), or Chromium itself for 0.

    The visitors' browsers run on their own machines; here they draw every session's pages
    on the server's two cores, and took many times the server's CPU time
    (``bench/results/load.md``). Lowered, they get what the server leaves.
    """
    if nice == 0:
        return CHROMIUM
    wrapper = folder / "chromium"
    wrapper.write_text(f'#!/bin/sh\nexec nice -n {nice} {CHROMIUM} "$@"\n')
    wrapper.chmod(0o755)
    return str(wrapper)


CLIENTS = {"browser": "a headless Chromium each",
           "one browser": "contexts of one headless Chromium",
           "protocol": "Streamlit's protocol without a browser, `bench/ws_session.py`; the "
                       "hostile sessions are browsers"}
"""What the ordinary sessions were, by ``--clients`` (and ``--one-browser``)."""


def report(results: list[dict], bad: dict, bad_files: dict, peak: float, sessions: int, kb: int,
           load: tuple[float, float, float], hostile_mb: float, files_mb: tuple[float, float],
           cpu: tuple[float, float], nice: int, clients: str) -> str:
    """The results as Markdown (``bad`` and ``bad_files`` empty for a run without the
    hostile sessions); ``clients`` says what the ordinary sessions were."""
    times, p95 = _spread(results, "seconds to tokens")
    server_times, server_p95 = _spread(results, "server seconds")
    intro = [
        f"{sessions} sessions ({CLIENTS[clients]}), arriving two seconds apart and "
        f"overlapping, each paste {kb} KB and upload a tokenizer.json"
        f"{' (nothing drawn)' if clients == 'protocol' else ''}, against one `streamlit run` on "
        "127.0.0.1 (2 cores, the browsers on the same machine). " + (
            "Among them, arriving third, one hostile session uploads the heaviest "
            f"tokenizer.json the caps allow ({hostile_mb:.1f} MB of short entries, "
            "`bench/hostile_upload.py`) and then opens the heaviest share link they allow "
            f"(Compare mode, {MAX_COMPARE_ENCODINGS} encodings × "
            f"{MAX_COMPARE_BYTES // MAX_COMPARE_ENCODINGS // 4:,} emoji). Arriving sixth, "
            "another hostile session uploads the densest SentencePiece .model "
            f"({files_mb[0]:.1f} MB of short pieces) and opens the densest GGUF model file "
            f"({files_mb[1]:.1f} MB of short pieces), each charged half of its session's "
            "memory budget (`bench/hostile_upload.py`)." if "upload" in bad else
            "Two more visitors in browsers, arriving third and sixth, only open the Playground "
            "(the control: the hostile sessions without their steps)."),
        "",
        f"- answered with exact counts: {sum(r['exact'] for r in results)} of {sessions}",
        f"- uploads added: {sum(bool(r['upload']) for r in results)} of {sessions}",
        f"- server peak memory: {peak:,.0f} MB",
        f"- time from paste to tokens: median {times[len(times) // 2]} s, p95 {p95} s (drawn in "
        "the browser)" if times else "- time from paste to tokens: nothing drawn (no browser)",
        f"- the server's part (the paste's WebSocket message out to the count's message in): "
        f"median {server_times[len(server_times) // 2] if server_times else 'n/a'} s, p95 "
        f"{server_p95} s",
        *([f"- hostile session: upload added {bad['upload']} in {bad['upload seconds']} s; "
           f"link drawn in {bad['link seconds']} s {bad.get('error', '')}",
           f"- hostile files session: .model added {bad_files['model']} in "
           f"{bad_files['model seconds']} s; GGUF added {bad_files['gguf']} in "
           f"{bad_files['gguf seconds']} s {bad_files.get('error', '')}"] if "upload" in bad
          else ["- **no hostile steps in this run** (`--no-hostile`, the control: the two "
                "hostile visitors only open the Playground)"]),
        f"- CPU time while the sessions ran: server {cpu[0]:.1f} s, browser {cpu[1]:.1f} s "
        f"(the browser at nice {nice}; `--browser-nice`)",
        f"- load average at the end (1, 5, 15 min): {load[0]:.2f}, {load[1]:.2f}, {load[2]:.2f}",
    ]
    return results_page(
        "Load test: one server, sessions at once", intro,
        ["session", "seconds to tokens", "server seconds", "exact", "upload", "error"],
        [[r["session"], r["seconds to tokens"], r["server seconds"], r["exact"], r["upload"],
          r.get("error", "")] for r in results])


def _spread(results: list[dict], field: str) -> tuple[list[float], float]:
    """The sessions' ``field`` values, sorted, and their 95th percentile (nan if none)."""
    times = sorted(r[field] for r in results if r[field] is not None)
    return times, times[min(len(times) - 1, int(0.95 * len(times)))] if times else float("nan")


def main() -> None:
    """Start the server, run the sessions, stop the server, write the report."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sessions", type=int, default=10)
    parser.add_argument("--kb", type=int, default=100)
    parser.add_argument("--limit", type=float, default=600, help="seconds for the whole run")
    parser.add_argument("--browser-nice", type=int, default=10, choices=range(20),
                        help="the browser's CPU priority (nice); 0 runs it as the server's peer")
    parser.add_argument("--no-hostile", action="store_true",
                        help="the control: the same sessions without the hostile ones")
    parser.add_argument("--one-browser", action="store_true",
                        help="every session a context of one Chromium, not a Chromium each")
    parser.add_argument("--clients", choices=["browser", "protocol"], default="browser",
                        help="the ordinary sessions: browsers, or Streamlit's protocol spoken "
                        "without one (the server's time alone)")
    parser.add_argument("--out", default="load", help="the results' file name in bench/results")
    args = parser.parse_args()
    port = free_port()
    server = start_server(port)
    try:
        with tempfile.TemporaryDirectory() as folder:
            upload = Path(folder) / "tokenizer.json"
            bbpe_core.save_hf_tokenizer_json(bbpe_core.get_encoding("gpt2"), upload)
            heavy = Path(folder) / "hostile" / "tokenizer.json"  # the name the page asks for
            heavy.parent.mkdir()
            # Streamlit's server.maxUploadSize counts MB of 10**6 bytes in the browser
            heavy.write_bytes(hostile_tokenizer_json(MAX_UPLOAD_MB * 10**6))
            hostile_mb = heavy.stat().st_size / 2**20
            half = SESSION_MEMORY_MB * 2**20 // 2
            model, gguf = Path(folder) / "dense.model", Path(folder) / "hostile-file.gguf"
            model.write_bytes(hostile_model(half))
            gguf.write_bytes(hostile_gguf(half))
            files_mb = (model.stat().st_size / 2**20, gguf.stat().st_size / 2**20)
            watch = CpuWatch(server.pid)
            results, bad, bad_files = asyncio.run(run(
                port, args.sessions, args.kb, upload, heavy,
                (model, gguf), args.limit, niced(Path(folder), args.browser_nice),
                not args.no_hostile, watch, args.one_browser, args.clients == "protocol"))
        peak = peak_memory_mb(server.pid)
        load = os.getloadavg()
    finally:
        server.terminate()
        server.wait(timeout=30)
    text = report(results, bad, bad_files, peak, args.sessions, args.kb, load, hostile_mb,
                  files_mb, watch.used(), args.browser_nice,
                  "one browser" if args.one_browser else args.clients)
    (ROOT / "bench" / "results" / f"{args.out}.md").write_text(text, encoding="utf-8")
    print(text)


if __name__ == "__main__":
    main()
