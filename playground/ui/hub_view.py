"""The Upload page's "Open a model from the Hugging Face Hub": a repo id in, the model's
tokenizer added to this session's selectors (``upload.hub``), or one plain sentence why not."""

from __future__ import annotations

import streamlit as st

from ..caps import MEMORY_PER_FILE_BYTE, MEMORY_PER_MODEL_BYTE
from ..upload.files import FIRST_TEXT, SUPPORTED, fingerprint
from ..upload.hub import MAX_HUB_MB, hub_offline_reason, open_hub_model
from .common import problem, said
from .keys import HUB_FLASH
from .session import add_user_encoding, check_memory

_DENSE = ("tokenizer.model", "gguf")
"""Kinds charged at ``MEMORY_PER_MODEL_BYTE`` (binary files, denser than JSON)."""


def _open(repo_id: str, revision: str | None) -> str | None:
    """Open the model's tokenizer and add it to the session; the name it got, or None after
    saying why not."""
    charged = {"bytes": 0}

    def before_load(kind: str, size: int) -> None:
        charged["bytes"] = (MEMORY_PER_MODEL_BYTE if kind in _DENSE else
                            MEMORY_PER_FILE_BYTE) * size
        check_memory(charged["bytes"])  # before the file is parsed, as for an upload

    try:
        enc = open_hub_model(repo_id, revision, before_load)
        enc.encode_ordinary(FIRST_TEXT)
    except ValueError as e:
        problem(f"Not opened. Supported: {SUPPORTED}.", str(e))
        return None
    try:
        key = fingerprint("hub", [], f"{repo_id.strip()}@{revision}|{enc.n_vocab}")
        return add_user_encoding(enc, key, charged["bytes"])
    except ValueError as e:
        problem("Not added.", str(e))
        return None


def render() -> None:
    """Draw the Hub section: the form when the server is online, else one plain sentence."""
    st.subheader("Open a model from the Hugging Face Hub")
    reason = hub_offline_reason()
    if reason is not None:  # our sentence, no user text
        st.info(f"Opening a model from the Hugging Face Hub is not available here: {reason}. "
                "Download its tokenizer file and upload it above instead.")
        return
    st.caption("A public model's tokenizer by its id (namespace/name, e.g. Qwen/Qwen3-0.6B): "
               "its tokenizer.json, else tokenizer.model, else vocab.json + merges.txt, else a "
               ".tiktoken file, else a GGUF file's header (read by range requests, never the "
               f"weights). Files up to {MAX_HUB_MB} MB; no token is sent, so private and gated "
               "models cannot be opened; it counts against your tokenizers' memory as an "
               "upload does.")
    repo_id = st.text_input("Model id", key="up_hub_repo", max_chars=96,
                            placeholder="namespace/name")
    revision = st.text_input("Revision (branch, tag or commit; empty for main)",
                             key="up_hub_revision", max_chars=100)
    added = st.session_state.pop(HUB_FLASH, None)
    if st.button("Open from the Hub", key="up_hub_open", disabled=not repo_id.strip()):
        if name := _open(repo_id, revision.strip() or None):
            st.session_state[HUB_FLASH] = name
            st.rerun()  # so the sidebar's selector, drawn earlier in this run, lists it
    if added:
        said("Added; choose it in the sidebar's selector:", added)
