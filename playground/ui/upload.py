"""Bring your own tokenizer: upload, validate, and add it to this session's selectors."""

from __future__ import annotations

import streamlit as st

from ..caps import MEMORY_PER_FILE_BYTE, MEMORY_PER_MODEL_BYTE, SESSION_MEMORY_MB
from ..upload.files import (
    FIRST_TEXT,
    KINDS,
    MAX_UPLOAD_MB,
    PATTERN_TIMEOUT,
    PATTERNS,
    SUPPORTED,
    default_name,
    file_digests,
    fingerprint,
    load_upload,
    parse_special_tokens,
)
from .common import problem, said
from .keys import UPLOAD_FILES, UPLOAD_FLASH
from .session import (
    MAX_USER_ENCODINGS,
    add_user_encoding,
    check_memory,
    remove_user_encoding,
    session_memory,
    user_encodings,
)

CUSTOM = "custom pattern"


def _pattern(kind: str) -> str | None:
    if kind in (KINDS[0], KINDS[3]):  # tokenizer.json and .model carry their own pre-tokenizer
        return None
    choice = st.selectbox("Split pattern (these files carry none)", [*PATTERNS, CUSTOM],
                          key="up_pattern_choice")
    if choice == CUSTOM:
        return st.text_input(f"Pattern (regex syntax; runs with a {PATTERN_TIMEOUT:g} s timeout)",
                             key="up_pattern")
    return PATTERNS[choice]


def _specials_field(kind: str) -> str | None:
    """The special-tokens field of a .tiktoken upload (drawn before the button, so what it
    shows is what is applied)."""
    if kind != ".tiktoken + pattern":
        return None
    return st.text_input('Special tokens as JSON, e.g. {"<|endoftext|>": 100257}', "{}",
                         key="up_specials")


def _add(kind: str, files: list, pattern: str | None, specials_text: str | None,
         name: str) -> str | None:
    """Load the uploaded ``files`` and add them to the session; returns the name they got, or
    None after showing why not (what the upload supports, for a file it cannot read)."""
    per_byte = MEMORY_PER_MODEL_BYTE if kind == KINDS[3] else MEMORY_PER_FILE_BYTE
    memory = per_byte * sum(f.size for f in files)
    try:
        check_memory(memory)  # before the files are parsed
    except ValueError as e:
        problem("Not added.", str(e))
        return None
    try:
        specials = None if specials_text is None else parse_special_tokens(specials_text)
        data = [f.getvalue() for f in files]
        digests = file_digests(data)  # the shared parse's key and the session's, one hashing
        enc = load_upload(kind, data, name=name or default_name(kind, [f.name for f in files]),
                          **({"pattern": pattern} if pattern else {}), special_tokens=specials,
                          digests=digests)
        enc.encode_ordinary(FIRST_TEXT)  # a custom pattern fails here, not later
    except ValueError as e:  # the reason first, then what the upload reads
        problem("Not added. This file cannot be used, because:", str(e))
        st.caption(f"Supported: {SUPPORTED}.")
        return None
    try:
        return add_user_encoding(
            enc, fingerprint(kind, data, f"{pattern}|{specials}", digests=digests), memory)
    except ValueError as e:
        problem("Not added.", str(e))
        return None


def render() -> None:
    """Draw the upload form and the list of this session's tokenizers."""
    st.caption(f"Supported: {SUPPORTED}. Files up to {MAX_UPLOAD_MB} MB each, checked before "
               "use (all 256 single bytes, unique non-negative ids, merges made of known "
               "tokens). Nothing is unpickled. "
               f"Your tokenizers are visible to you only, {MAX_USER_ENCODINGS} at most (remove "
               "one to add another), and kept while this browser tab is open: a reload finds "
               "them again.")
    st.caption(f"Memory: your tokenizers may hold {SESSION_MEMORY_MB:,} MB in all, estimated as "
               f"{MEMORY_PER_FILE_BYTE} times the size of their files (a 17 MB tokenizer.json "
               f"counts as about {17 * MEMORY_PER_FILE_BYTE} MB; a SentencePiece .model, denser, "
               f"{MEMORY_PER_MODEL_BYTE} times its size); they hold about "
               f"{session_memory() / 2**20:,.0f} MB now.")
    kind = st.radio("Format", KINDS, horizontal=True, key="up_kind")
    labels = (["vocab.json", "merges.txt"] if kind == "vocab.json + merges.txt"
              else [kind.split(" ")[0]])
    files = [st.file_uploader(label, key=f"up_file_{label}") for label in labels]
    added = st.session_state.pop(UPLOAD_FLASH, None)
    chosen = (kind, *(f.file_id if f else None for f in files))
    if added or st.session_state.get(UPLOAD_FILES) != chosen:  # a name belongs to its files
        st.session_state[UPLOAD_FILES] = chosen
        st.session_state["up_name"] = ""
    pattern = _pattern(kind)
    specials_text = _specials_field(kind)
    name = st.text_input("Name in the selectors", key="up_name", max_chars=60,
                         placeholder="the file's name")
    if st.button("Add tokenizer", type="primary", disabled=not all(files)):
        if added := _add(kind, files, pattern, specials_text, name):
            st.session_state[UPLOAD_FLASH] = added
            st.rerun()  # so the sidebar's selector, drawn earlier in this run, lists it
    if added:
        said("Added; choose it in the sidebar's selector:", added)
    for existing in list(user_encodings()):
        c1, c2 = st.columns([5, 1])
        c1.text(f"{existing}  ({user_encodings()[existing][0].n_vocab:,} ids)")
        c2.button("Remove", key=f"up_rm_{existing}", on_click=remove_user_encoding,
                  args=(existing,))
