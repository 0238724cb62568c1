"""Open a model file: a GGUF of any size, read in the browser, its tokenizer added here.

A model file holds gigabytes of weights and, in its header, the whole tokenizer. The
component (``assets/gguf_header.js``, Streamlit Components v2, no build step) reads only the
header with ``File.slice`` and sends a small GGUF holding the tokenizer's keys and no
tensors; the weights never leave the browser. This module checks what arrives (type, size,
base64) and builds the encoding with ``bbpe_core.load_gguf``; the file's chat template
(``chat.gguf``), if it has one, is kept for Chat mode (``file_chat``).
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import warnings
from pathlib import Path

import streamlit as st

import bbpe_core
from bbpe_core.formats.gguf_header import array_lengths
from bbpe_core.pre_tokenizers.byte_level import fix_surrogates

from ..caps import MEMORY_PER_GGUF_BYTE, MEMORY_PER_GGUF_MERGE, MEMORY_PER_GGUF_TOKEN
from ..chat.gguf import FileChatTemplate, file_chat_template
from ..upload.files import parse_slot
from .common import problem, said
from .file_chat import keep_file_template
from .keys import MODEL_FILE_FLASH
from .session import add_user_encoding, check_memory

__all__ = ["MAX_HEADER_MB", "add_model_file", "model_file_memory", "open_model_file", "render"]

MAX_HEADER_MB = 64
"""The most of a model file's header the browser reads, in MB (a 262,144-token vocabulary
with its merges and chat template takes about 10 MB)."""

_ASSETS = Path(__file__).resolve().parents[1] / "assets"
_CSS = """
:host { display: block; font-family: var(--st-font, sans-serif); }
label { display: block; font-size: 14px; margin-bottom: 4px; color: var(--st-text-color); }
.drop { position: relative; display: flex; align-items: center; gap: 12px; flex-wrap: wrap;
  padding: 14px 16px; border-radius: 8px; border: 1px dashed rgba(127, 127, 127, .45);
  background: var(--st-secondary-background-color, #f0f2f6); color: var(--st-text-color); }
.drop:focus-within, .drop:hover { border-color: var(--st-primary-color, #ff4b4b); }
.drop .hint { flex: 1 1 12em; font-size: 14px; }
.drop .hint small { display: block; opacity: .7; font-size: 12px; }
.drop .pick { font-size: 14px; padding: 6px 12px; border-radius: 8px; white-space: nowrap;
  border: 1px solid rgba(127, 127, 127, .45); background: var(--st-background-color, #fff); }
.drop input { position: absolute; inset: 0; width: 100%; height: 100%; opacity: 0;
  cursor: pointer; }
progress { display: block; width: 100%; margin-top: 8px; }
progress[hidden] { display: none; }
.status { font-size: 13px; opacity: .75; margin-top: 4px; min-height: 1.2em; }
"""
_COMPONENT = st.components.v2.component(
    "bbpe_gguf_header",
    html='<label></label><div class="drop"><span class="hint">Drag and drop a .gguf file here'
         '<small>read in your browser: only its header is sent</small></span>'
         '<span class="pick">Browse files</span>'
         '<input type="file" accept=".gguf" aria-label="GGUF model file"></div>'
         '<progress max="1" hidden></progress><div class="status"></div>',
    css=_CSS,
    js=(_ASSETS / "gguf_header.js").read_text(encoding="utf-8"),
)


def model_file_memory(event: object) -> int:
    """Estimated bytes of memory the tokenizer the browser sent will hold once loaded, from
    the header's counts of tokens and merges and its size (``caps.MEMORY_PER_GGUF_TOKEN``,
    ``MEMORY_PER_GGUF_MERGE``, ``MEMORY_PER_GGUF_BYTE``), read without building the tokenizer.

    Args:
        event (object): the component's ``opened`` value (as ``open_model_file``'s).

    Returns:
        int: the estimate in bytes (0 when the value holds no GGUF, which
        ``open_model_file`` refuses).

    Raises:
        ValueError: (``VocabFileError``) for a damaged header.
    """
    encoded = event.get("gguf") if isinstance(event, dict) else None
    if not isinstance(encoded, str) or len(encoded) > (MAX_HEADER_MB << 20) * 4 // 3 + 4:
        return 0
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError):
        return 0
    lengths = array_lengths(data, name=str(event.get("name"))[:60])
    return (lengths.get("tokenizer.ggml.tokens", 0) * MEMORY_PER_GGUF_TOKEN
            + lengths.get("tokenizer.ggml.merges", 0) * MEMORY_PER_GGUF_MERGE
            + len(data) * MEMORY_PER_GGUF_BYTE)


def open_model_file(event: object) -> tuple[bbpe_core.Encoding, str, FileChatTemplate | None]:
    """Build the encoding from what the component sent.

    Args:
        event (object): the component's ``opened`` trigger value, a dict with ``name`` (str),
            ``size`` (int, bytes) and either ``gguf`` (str: base64 of a GGUF holding the
            tokenizer's keys, at most ``MAX_HEADER_MB`` MB decoded) or ``error`` (str: why the
            browser could not read the header).

    Returns:
        tuple[Encoding, str, FileChatTemplate | None]: the encoding, a fingerprint of the
        tokenizer's bytes, and the file's chat template (None if it has none).

    Raises:
        ValueError: if the value is malformed, over the size cap, the browser's error, or the
            server busy parsing another file (``upload.files.parse_slot``); and
            ``bbpe_core.VocabFileError`` (a ValueError) from ``load_gguf`` for a tokenizer it
            does not reproduce, or whose chat template is not a string.
    """
    if not isinstance(event, dict) or not isinstance(event.get("name"), str):
        raise ValueError("the browser sent no model file")
    if isinstance(event.get("error"), str):
        raise ValueError(f"{event['name']} could not be read: {event['error']}")
    encoded = event.get("gguf")
    if not isinstance(encoded, str) or len(encoded) > (MAX_HEADER_MB << 20) * 4 // 3 + 4:
        raise ValueError(f"{event['name']}: its tokenizer is over {MAX_HEADER_MB} MB")
    try:
        data = base64.b64decode(encoded, validate=True)
    except (binascii.Error, ValueError) as e:
        raise ValueError(f"{event['name']}: the browser sent damaged data") from e
    name = fix_surrogates(Path(event["name"]).stem[:60]) or "model"  # a browser's name may
    # hold a lone surrogate, which no page can draw
    with parse_slot():
        enc = bbpe_core.load_gguf(data, name=name)
    return enc, "gguf:" + hashlib.sha256(data).hexdigest(), file_chat_template(data, enc, name)


def add_model_file(event: object) -> None:
    """Add the tokenizer the browser sent to this session, charged to its memory budget
    (``model_file_memory``) like an upload before the header is parsed, and leave what
    happened for ``render`` to say (``keys.MODEL_FILE_FLASH``).

    Args:
        event (object): the component's ``opened`` value (as ``open_model_file``'s).
    """
    try:
        memory = model_file_memory(event)
        check_memory(memory)
        with warnings.catch_warnings(record=True) as caught:  # llama.cpp's own warnings
            warnings.simplefilter("always", bbpe_core.GGUFWarning)
            enc, fingerprint, template = open_model_file(event)
        notes = [str(w.message) for w in caught if w.category is bbpe_core.GGUFWarning]
        added = add_user_encoding(enc, fingerprint, memory)
        keep_file_template(fingerprint, template)
        st.session_state[MODEL_FILE_FLASH] = ("ok", added, template is not None, notes)
    except ValueError as e:
        st.session_state[MODEL_FILE_FLASH] = ("error", str(e))


def render() -> None:
    """Draw "Open a model file" and add the file's tokenizer to this session when one
    arrives (``add_model_file``); refusals are shown as a fixed sentence with the reason as
    plain text."""
    st.subheader("Open a model file")
    st.caption("A .gguf file of any size (llama.cpp, Ollama, LM Studio): your browser reads "
               f"only its header (at most {MAX_HEADER_MB} MB) and sends the tokenizer; the "
               "weights never leave your computer.")

    def opened() -> None:
        add_model_file((st.session_state.get("up_gguf") or {}).get("opened"))

    flash = st.session_state.pop(MODEL_FILE_FLASH, None)
    done = ("" if not flash else f"Added to the selectors as {flash[1]}" if flash[0] == "ok"
            else "Not added: the reason is below")
    _COMPONENT(key="up_gguf", data={"label": "GGUF model file", "limit": MAX_HEADER_MB << 20,
                                    "done": done}, on_opened_change=opened)
    if flash and flash[0] == "ok":
        said("Added; choose it in the sidebar's selector"
             + (" (its chat template is in Chat mode's list of chat models):" if flash[2] else ":"),
             flash[1])
        for note in flash[3]:
            problem("As llama.cpp runs it:", note, level="warning")
    elif flash:
        problem("Not added.", flash[1])
