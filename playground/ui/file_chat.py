"""The chat templates of this session's model files, offered in Chat mode.

A GGUF file opened on the upload page may carry its model's chat template
(``chat.gguf``); it is kept with the fingerprint of the file's tokenizer, and Chat mode lists
it while that tokenizer is one of this session's encodings. Rendering is ``chat.sandbox``'s.
"""

from __future__ import annotations

import streamlit as st

from ..chat.gguf import FileChatTemplate
from .keys import FILE_CHAT_TEMPLATES
from .session import user_encodings

__all__ = ["FILE_MODEL_SUFFIX", "file_chat_models", "keep_file_template"]

FILE_MODEL_SUFFIX = " (template from its file)"
"""Added to an encoding's name to label its chat model in Chat mode's selector."""


def keep_file_template(fingerprint: str, template: FileChatTemplate | None) -> None:
    """Keep a model file's chat template for Chat mode, and forget those of tokenizers this
    session no longer keeps.

    Args:
        fingerprint (str): the tokenizer's fingerprint (``session.add_user_encoding``).
        template (FileChatTemplate | None): the file's template; None keeps nothing.
    """
    live = {fp for _, fp in user_encodings().values()}
    kept = {fp: t for fp, t in st.session_state.get(FILE_CHAT_TEMPLATES, {}).items()
            if fp in live}
    if template is not None:
        kept[fingerprint] = template
    st.session_state[FILE_CHAT_TEMPLATES] = kept


def file_chat_models() -> dict[str, tuple[str, FileChatTemplate]]:
    """Chat mode's models from this session's files: label -> (encoding name, template)."""
    kept = st.session_state.get(FILE_CHAT_TEMPLATES, {})
    return {name + FILE_MODEL_SUFFIX: (name, kept[fp])
            for name, (_, fp) in user_encodings().items() if fp in kept}
