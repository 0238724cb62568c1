"""A visitor without a browser: Streamlit's WebSocket protocol spoken directly, for the load
test's ``--clients protocol`` (``bench/load_test.py``).

It sends what the page sends for a paste and an upload: it opens a session
(``/_stcore/stream``, the ``streamlit`` subprotocol), asks for the first run, reads the live
text area's widget id off the page's elements, then sends a rerun whose widget state holds
the pasted text (the live text component's ``{"value": text}``), and times the server's
answer until a message holds the count. Nothing is drawn, so the time is the server's
alone. Then it opens the upload page, asks for an upload URL (``file_urls_request``), PUTs
the tokenizer.json there with the XSRF token the health check's cookie carries, and presses
"Add tokenizer" (the uploader's state and the button's trigger), until the page says it was
added. The messages are Streamlit's own protobufs (``streamlit.proto``).
"""

from __future__ import annotations

import asyncio
import json
import re
import time

__all__ = ["protocol_session"]

TEXT_KEY = "pg_text"
"""The Playground's live text area's widget key (``playground.ui.text_mode.text_input``)."""
UPLOADER_KEY = "up_file_tokenizer.json"
"""The upload page's tokenizer.json uploader's widget key (``playground.ui.upload``)."""
ADDED = b"choose it in the sidebar"
"""What the upload page says once a tokenizer is added."""


async def protocol_session(port: int, k: int, text: str, expected: int, upload: bytes,
                           timeout: float = 120.0) -> dict:
    """One visitor who arrives after ``2 * k`` seconds, pastes ``text`` and uploads
    ``upload`` as a tokenizer.json.

    Args:
        port (int): the server's port on 127.0.0.1.
        k (int): the visitor's number (arrivals two seconds apart).
        text (str): the pasted text.
        expected (int): its token count, as the page shows it once formatted (``28,676``).
        upload (bytes): the tokenizer.json's bytes.
        timeout (float): seconds any one answer may take.

    Returns:
        dict: the load test's row: ``server seconds`` from the paste's message to the first
        message holding the count, ``exact`` whether one came, ``upload`` whether the
        tokenizer was added, ``error`` if something failed.
    """
    import requests
    import websockets
    from streamlit.proto import BackMsg_pb2

    result = {"session": k, "seconds to tokens": None, "server seconds": None, "exact": False,
              "upload": False}
    await asyncio.sleep(2 * k)
    step = "open"
    try:
        http = requests.Session()  # the health check sets the XSRF cookie an upload needs
        await asyncio.to_thread(http.get, f"http://127.0.0.1:{port}/_stcore/health", timeout=60)
        async with websockets.connect(f"ws://127.0.0.1:{port}/_stcore/stream",
                                      subprotocols=["streamlit"], max_size=None) as socket:
            first = BackMsg_pb2.BackMsg()
            first.rerun_script.query_string = ""
            await socket.send(first.SerializeToString())
            run = await _run(socket, timeout)
            widget = _widget_id(run, TEXT_KEY)
            paste = BackMsg_pb2.BackMsg()
            paste.rerun_script.query_string = ""
            state = paste.rerun_script.widget_states.widgets.add()
            state.id, state.json_value = widget, json.dumps({"value": text})
            start = time.perf_counter()
            await socket.send(paste.SerializeToString())
            await _until(socket, f"{expected:,}".encode(), timeout)
            result["server seconds"] = round(time.perf_counter() - start, 2)
            result["exact"] = True
            await _run(socket, timeout)  # the rest of the page, as a visitor waits for it
            step = "upload"
            session_id = next(m.new_session.initialize.session_id for m in run
                              if m.WhichOneof("type") == "new_session")
            await _upload(socket, http, port, session_id, upload, timeout)
            result["upload"] = True
    except Exception as error:  # a lost session is a result to report, not a crash
        result["error"] = f"{step}: {type(error).__name__}: {str(error)[:100]}"
    return result


async def _upload(socket, http, port: int, session_id: str, data: bytes,
                  timeout: float) -> None:
    """Open the upload page, upload ``data`` as a tokenizer.json, press "Add tokenizer" and
    wait until the page says it was added."""
    from streamlit.proto import BackMsg_pb2, ForwardMsg_pb2

    page = BackMsg_pb2.BackMsg()
    page.rerun_script.query_string, page.rerun_script.page_name = "", "upload"
    await socket.send(page.SerializeToString())
    run = await _run(socket, timeout)
    uploader = _widget_id(run, UPLOADER_KEY)
    page.rerun_script.page_name = ""
    page.rerun_script.page_script_hash = next(
        m.navigation.page_script_hash for m in reversed(run) if m.WhichOneof("type") ==
        "navigation")
    ask = BackMsg_pb2.BackMsg()
    ask.file_urls_request.request_id, ask.file_urls_request.session_id = "upload", session_id
    ask.file_urls_request.file_names.append("tokenizer.json")
    await socket.send(ask.SerializeToString())
    while True:
        message = ForwardMsg_pb2.ForwardMsg()
        message.ParseFromString(await asyncio.wait_for(socket.recv(), timeout))
        if message.WhichOneof("type") == "file_urls_response":
            urls = message.file_urls_response.file_urls[0]
            break
    answer = await asyncio.to_thread(
        http.put, f"http://127.0.0.1:{port}{urls.upload_url}", timeout=timeout,
        files={"file": ("tokenizer.json", data)},
        headers={"X-Xsrftoken": http.cookies.get("_streamlit_xsrf", "")})
    answer.raise_for_status()
    state = page.rerun_script.widget_states.widgets.add()
    state.id = uploader
    info = state.file_uploader_state_value.uploaded_file_info.add()
    info.name, info.size, info.file_id = "tokenizer.json", len(data), urls.file_id
    info.file_urls.CopyFrom(urls)
    await socket.send(page.SerializeToString())
    run = await _run(socket, timeout)
    button = re.search(r'button \{\s*id: "([^"]+)"\s*label: "Add tokenizer"', _text(run))
    if button is None:
        raise LookupError("the upload page drew no Add tokenizer button")
    press = page.rerun_script.widget_states.widgets.add()
    press.id, press.trigger_value = button.group(1), True
    await socket.send(page.SerializeToString())
    await _until(socket, ADDED, timeout)


async def _run(socket, timeout: float) -> list:
    """The messages of one script run, to its ``script_finished``."""
    from streamlit.proto import ForwardMsg_pb2

    messages = []
    while not messages or messages[-1].WhichOneof("type") != "script_finished":
        message = ForwardMsg_pb2.ForwardMsg()
        message.ParseFromString(await asyncio.wait_for(socket.recv(), timeout))
        messages.append(message)
    return messages


async def _until(socket, needle: bytes, timeout: float) -> None:
    """Read messages until one holds ``needle``."""
    while needle not in await asyncio.wait_for(socket.recv(), timeout):
        pass


def _text(run: list) -> str:
    """A run's elements as protobuf text."""
    return "\n".join(str(m.delta) for m in run if m.WhichOneof("type") == "delta")


def _widget_id(run: list, key: str) -> str:
    """The id of the widget with ``key`` among a run's elements.

    Raises:
        LookupError: if the run drew no such widget.
    """
    found = re.search(rf'id: "(\$\$ID-[0-9a-f]+-{re.escape(key)})"', _text(run))
    if found is None:
        raise LookupError(f"the run drew no widget {key!r}")
    return found.group(1)
