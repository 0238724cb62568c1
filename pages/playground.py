"""Playground: paste text, see its tokens, ids and Ġ strings."""

import streamlit as st

from playground.analysis import MAX_RENDER_TOKENS, SPECIAL_MODES
from playground.cached import cached_analysis
from playground.samples import DEFAULT_TEXT
from playground.token_html import token_cells_html, token_view_html
from playground.widgets import encoding_selector, kept

st.title("Tokenizer playground")
st.caption(
    "Byte-level BPE, token for token as tiktoken. Hover a token for its id, Ġ string and bytes."
)

name = encoding_selector()
text = st.text_area("Text", height=180, **kept("pg_text", DEFAULT_TEXT))
left, right = st.columns(2)
mode = left.radio(
    "Special tokens in the text (e.g. <|endoftext|>)",
    list(SPECIAL_MODES),
    **kept("pg_special", next(iter(SPECIAL_MODES))),
    horizontal=True,
    help="Tiktokenizer encodes them as special tokens (one id each); "
    "OpenAI's tokenizer page encodes them as plain text.",
)
show_ws = right.toggle("Show whitespace (· → ↵ ␍)", **kept("pg_ws", True))

try:
    result = cached_analysis(name, text, mode)
except ValueError as e:  # includes PatternTimeoutError
    st.error(f"This text cannot be encoded with {name}: {e}")
    st.stop()

c1, c2, c3, c4 = st.columns(4)
c1.metric("Tokens", f"{result.n_tokens:,}")
c2.metric("Characters", f"{result.n_chars:,}")
c3.metric("UTF-8 bytes", f"{result.n_bytes:,}")
c4.metric("Characters per token", f"{result.chars_per_token:.2f}")

notice = ""
if result.truncated:
    notice = (
        f"Showing the first {len(result.spans):,} of {result.n_tokens:,} tokens "
        f"(the page draws at most {MAX_RENDER_TOKENS:,}); the counts above cover the whole text."
    )
drawn = text[: result.spans[-1].end] if result.spans else ""
st.html(token_view_html(drawn, result.spans, show_whitespace=show_ws, notice=notice))
st.subheader("Ids and Ġ strings")
st.html(token_cells_html(result.spans))
