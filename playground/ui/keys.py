"""Every session key of the app, named in one place.

Session state (``st.session_state``) holds two kinds of key:

- state the app keeps for itself: the constants below, used by name everywhere;
- widget keys: each page's widgets take keys that start with the page's prefix
  (``WIDGET_PREFIXES``), and ``widgets.kept`` stores a widget's value a second time under
  ``"kept__" + key`` so it survives page switches. ``tests/test_layers.py`` checks that every
  widget key in the code starts with one of these prefixes.
"""

from __future__ import annotations

__all__ = ["CHAT_MESSAGES", "CHAT_NEXT_ID", "ENCODING", "EXTEND_RESULTS", "FILE_CHAT_TEMPLATES",
           "FIND_MODEL", "HUB_FLASH", "KEPT_TOKEN",
           "LINK_APPLIED", "MODEL_FILE_FLASH", "SHOWN_TOKENS", "TRAIN_FLASH", "TRAIN_RESULT",
           "TRAIN_SPBPE_RESULT", "TRAIN_UNIGRAM_RESULT", "UPLOAD_FILES", "UPLOAD_FLASH",
           "USER_ENCODINGS",
           "USER_ENCODING_MEMORY", "WIDGET_PREFIXES"]

ENCODING = "encoding"
"""The sidebar's encoding selector (a widget every page draws)."""
FIND_MODEL = "find_model"
"""The sidebar's search box over models, vendors and encodings (every page)."""
USER_ENCODINGS = "user_encodings"
"""This session's uploaded and trained tokenizers: name -> (Encoding, fingerprint)."""
USER_ENCODING_MEMORY = "user_encoding_memory"
"""This session's tokenizers' estimated memory: name -> bytes (``caps.SESSION_MEMORY_MB``)."""
KEPT_TOKEN = "kept_token"
"""This browser tab's token for its kept tokenizers (``kept_session``)."""
LINK_APPLIED = "link_applied"
"""The share link (``?s=``) already applied, so a rerun does not apply it again."""
CHAT_MESSAGES = "chat_messages"
"""Chat mode's messages, in order."""
CHAT_NEXT_ID = "chat_next_id"
"""The next chat message's id (widget keys of a message end with it)."""
SHOWN_TOKENS = "pg_shown"
"""The (view, number of tokens drawn) after "Show more" in Text, Chat or Compare mode."""
UPLOAD_FILES = "up_files"
"""The upload form's format and files (their ids) the name field was last typed for."""
UPLOAD_FLASH = "up_flash"
"""The name of the tokenizer just added, said once after the rerun."""
HUB_FLASH = "up_hub_flash"
"""The name a Hub model's tokenizer got in the selectors, said once after the rerun."""
MODEL_FILE_FLASH = "up_gguf_flash"
"""The outcome of opening a model file, ("ok", name, has a chat template) or ("error", reason),
said once."""
FILE_CHAT_TEMPLATES = "file_chat_templates"
"""The chat templates of this session's model files: fingerprint -> ``FileChatTemplate``."""
TRAIN_FLASH = "tr_flash"
"""The name the trained tokenizer got in the selectors, said once after the rerun."""
TRAIN_RESULT = "tr_result"
"""The Train page's last trained tokenizer, its steps and its corpus sizes."""
TRAIN_SPBPE_RESULT = "tr_spbpe_result"
"""The Train page's last SentencePiece BPE run: its encoding and merge steps."""
TRAIN_UNIGRAM_RESULT = "tr_unigram_result"
"""The Train page's last Unigram run: its encoding and rounds."""
EXTEND_RESULTS = "tr_extend_results"
"""The Train page's vocabulary extensions of this session: settings -> result (a few kept)."""

WIDGET_PREFIXES = {
    "pg_": "Playground: text, chat, decode and compare modes",
    "find_": "the sidebar's model search (every page)",
    "sidebar_": "the sidebar's selector block (every page)",
    "chat_": "Playground, chat mode's message rows",
    "cmp_": "Playground, compare mode",
    "decode_": "Playground, decode mode",
    "share_": "share-link buttons",
    "dl_": "download buttons",
    "up_": "Bring your own tokenizer",
    "lab_": "Compare lab",
    "reveal_": "Lessons: the Reveal buttons",
    "guess_": "Lessons: the guesses",
    "lesson_": "Lessons: the examples",
    "tr_": "Train",
    "vo_": "Vocabulary",
    "bm_": "Byte map",
    "al_": "Algorithms",
}
"""Widget-key prefix -> the page or section whose widgets use it."""
