"""Text mode: counts, the token view, the layers grid, the chunk view, downloads and the
share link."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

import streamlit as st

from bbpe_core import Encoding, TokenSpan

from ..analysis import MAX_RENDER_TOKENS, SPECIAL_MODES, analyse
from ..caps import MAX_EXPORT_TOKENS, MAX_LAYER_TOKENS, MAX_TEXT_BYTES, check, utf8_size
from ..export import tokens_csv, tokens_json
from ..inside.vocabulary import lost_bytes
from ..render.tokens import LAYERS, VIEWS, layers_html, token_view_html
from ..samples import DEFAULT_TEXT
from . import chunk_view, cost_view
from .cached import cached_analysis
from .common import counted_with, lost_sentence, metric_row, problem, tokens_phrase
from .live_text import live_text_area
from .session import resolve
from .share_link import share_button
from .show_more import drawn_tokens, show_more, truncation_notice
from .widgets import kept


def text_input() -> str | None:
    """The text area shared by text and compare modes; the page follows it as the user types.

    Returns:
        The text, or None (with a message on the page) if it is longer than
        ``caps.MAX_TEXT_BYTES`` in UTF-8: nothing is encoded then.
    """
    text = live_text_area("Text", "pg_text", DEFAULT_TEXT)
    try:
        check("The text", utf8_size(text), MAX_TEXT_BYTES, "UTF-8 bytes")
    except ValueError as e:  # our sentence: numbers only
        st.error(f"{e} Shorten it to see its tokens.")
        return None
    return text


def view_options(name: str) -> tuple[str, bool]:
    """The special-token switch (its label shows a special token of the encoding ``name``)
    and the whitespace toggle."""
    left, right = st.columns(2)
    specials = sorted(resolve(name)[0].special_tokens, key=lambda s: (len(s), s))
    example = f" (e.g. {specials[0]})" if specials else ""
    mode = left.radio(
        f"Special tokens in the text{example}",
        list(SPECIAL_MODES),
        horizontal=True,
        help="Tiktokenizer encodes them as special tokens (one id each); "
        "OpenAI's tokenizer page encodes them as plain text.",
        **kept("pg_special", next(iter(SPECIAL_MODES))),
    )
    show_ws = right.toggle("Show whitespace (· → ↵ CR)", **kept("pg_ws", True))
    return mode, show_ws


def render(name: str) -> None:
    """Draw text mode for the encoding ``name``."""
    text = text_input()
    if text is None:
        return
    mode, show_ws = view_options(name)
    show = st.segmented_control("View", VIEWS, help="The text as token chips, the token ids "
                                "as a list you can copy, or both side by side.",
                                **kept("pg_view", "Text")) or "Text"
    enc, key = resolve(name)
    view = (key, mode, len(text), hash(text))
    try:
        result = cached_analysis(key, text, mode, enc,
                                 drawn_tokens(view, MAX_RENDER_TOKENS))
    except ValueError as e:  # includes PatternTimeoutError
        problem("This text cannot be encoded with the chosen tokenizer.", str(e))
        return
    added = len(enc.post_process([]))  # tokens the model's API adds (Llama's BOS)
    api = st.toggle(  # drawn for every encoding (disabled if none) so the chips never jump
        f"Count as the API does (+{tokens_phrase(added)} the model's API adds, e.g. its BOS)"
        if added else "Count as the API does (this model's API adds no tokens)",
        help="Off: the ids encode() gives, as tiktoken counts. On: with the post-processor "
        "of the model's tokenizer.json (Llama 3 and 4 add <|begin_of_text|>).",
        disabled=not added, **kept("pg_api_count", False)) and added > 0
    n_tokens = result.n_tokens + (added if api else 0)
    counted_with(name)
    metric_row([("Tokens", f"{n_tokens:,}"), ("Characters", f"{result.n_chars:,}"),
                ("UTF-8 bytes", f"{result.n_bytes:,}"),
                ("Characters per token", f"{result.chars_per_token:.2f}")])
    if result.lost:
        st.warning(lost_sentence(result.lost))
    if lost := lost_bytes(enc, text):
        st.caption(f"{lost:,} bytes of this text have no token in this vocabulary: they give no "
                   "id (as in llama.cpp and HF tokenizers), so the ids do not decode back to the "
                   "whole text.")
    cost_view.render(name, n_tokens)
    notice = truncation_notice(len(result.spans), result.n_tokens)
    st.html(token_view_html(text, result.spans, show_whitespace=show_ws, notice=notice,
                            show=show, standalone=False))
    show_more(view, len(result.spans), result.n_tokens, MAX_RENDER_TOKENS, "pg_more")
    layers = st.multiselect("Layers", list(LAYERS), format_func=LAYERS.get,
                            **kept("pg_layers", ["chunks", "normalized", "tokens", "ids", "gs"]))
    if layers and result.spans:
        st.html(layers_html(text, result.spans[:MAX_LAYER_TOKENS], set(layers),
                            show_whitespace=show_ws, standalone=False,
                            normalized=result.normalized))
        if result.n_tokens > MAX_LAYER_TOKENS:
            st.caption(f"The layers grid shows the first {MAX_LAYER_TOKENS:,} tokens of "
                       f"{result.n_tokens:,}; the chips above and the counts cover more.")
    chunk_view.render(text, enc, key, show_ws)
    d1, d2, d3 = st.columns(3)
    first = (f" (the first {MAX_EXPORT_TOKENS:,})" if result.n_tokens > MAX_EXPORT_TOKENS
             else "")
    # written when a visitor clicks (Streamlit's deferred download, on its own thread), not
    # on every rerun of every session that pastes a text
    d1.download_button(f"Tokens as CSV{first}", partial(_export, tokens_csv, enc, text, mode),
                       "tokens.csv", "text/csv")
    d2.download_button(f"Tokens as JSON{first}", partial(_export, tokens_json, enc, text, mode),
                       "tokens.json", "application/json")
    with d3:
        share_button(name, "Text", text, {"special": mode, "view": show})


def _export(write: Callable[[list[TokenSpan]], str], enc: Encoding, text: str, mode: str) -> str:
    """``write`` (``export.tokens_csv`` or ``tokens_json``) of the first
    ``caps.MAX_EXPORT_TOKENS`` tokens of ``text``, not only the tokens drawn."""
    return write(analyse(enc, text, mode, MAX_EXPORT_TOKENS).spans)
