"""Chat mode's tools and images: tool definitions given to the model's template (or OpenAI's
estimate), and what images add by each provider's published rule, with the price."""

from __future__ import annotations

import streamlit as st

from bbpe_core import Encoding

from ..chat.images import IMAGE_RULES, MAX_IMAGE_SIDE, MAX_IMAGES, image_tokens
from ..chat.tools import MAX_TOOLS, MAX_TOOLS_CHARS, OPENAI_TOOL_METHOD, openai_tools_tokens
from ..chat.tools import parse_tools as parse_tools_text
from ..pricing import data_note, model_price
from .common import problem
from .live_text import live_text_area
from .widgets import kept

EXAMPLE_TOOLS = """[{"type": "function", "function": {
  "name": "get_current_weather",
  "description": "Get the current weather in a given location",
  "parameters": {"type": "object", "properties": {
    "location": {"type": "string", "description": "The city and state, e.g. San Francisco, CA"},
    "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}},
    "required": ["location"]}}}]"""
"""The placeholder: the OpenAI Cookbook's example tool."""


def tools_field() -> list[dict]:
    """The tool definitions typed in Chat mode's Tools box (none when it is empty or after
    saying why they are not read)."""
    with st.expander("Tools (function definitions)"):
        st.caption(f"A JSON array in OpenAI's tools shape, up to {MAX_TOOLS} tools and "
                   f"{MAX_TOOLS_CHARS:,} characters; they are given to the model's chat template "
                   "as transformers' apply_chat_template(tools=...) gives them.")
        st.caption("For example:")
        st.code(EXAMPLE_TOOLS, language="json")
        text = live_text_area("Tools as JSON", "chat_tools", "", height=150,
                              max_chars=MAX_TOOLS_CHARS)
    try:
        return parse_tools_text(text)
    except ValueError as e:  # our sentence
        problem("The tools are not counted:", str(e))
        return []


def template_tools_note(enc: Encoding, prompt: str, without: str) -> None:
    """Say what the tools add to a template's prompt (``without``: the same chat, no tools)."""
    if prompt == without:
        st.info("This model's chat template writes no tool definitions: the prompt is the same "
                "with and without them.")
        return
    added = (len(enc.encode(prompt, allowed_special="all"))
             - len(enc.encode(without, allowed_special="all")))
    st.caption(f"The tools add {added:,} tokens, as the model's own template writes them.")


def openai_tools_note(tools: list[dict], model: str, enc: Encoding, n_prompt: int) -> None:
    """The prompt's count with the tools for an OpenAI model, said to be an estimate."""
    try:
        added = openai_tools_tokens(tools, model, enc)
    except KeyError:
        st.info("No published method counts tools for this model.")
        return
    st.metric("Tokens with the tools (estimate)", f"{n_prompt + added:,}",
              delta=f"+{added:,} for the tools", delta_color="off")
    st.caption(f"The tools' count is {OPENAI_TOOL_METHOD}.")


def images_section() -> None:
    """Width x height (and how many) -> input tokens and their price, per provider's rule."""
    with st.expander("Images: what they cost"):
        cols = st.columns(4)
        width = cols[0].number_input("Width (px)", 1, MAX_IMAGE_SIDE, step=1,
                                     **kept("chat_img_width", 1024))
        height = cols[1].number_input("Height (px)", 1, MAX_IMAGE_SIDE, step=1,
                                      **kept("chat_img_height", 1024))
        count = cols[2].number_input("Images", 1, MAX_IMAGES, step=1, **kept("chat_img_count", 1))
        detail = cols[3].radio("OpenAI detail", ["high", "low"], horizontal=True,
                               **kept("chat_img_detail", "high"))
        rows = []
        for label, rule in IMAGE_RULES.items():
            tokens = image_tokens(label, int(width), int(height), detail) * int(count)
            cost = model_price(rule.price_model, rule.provider)
            dollars = None if cost is None or cost.input_mtok is None else \
                float(cost.dollars(tokens)["input"])
            rows.append({"rule": label, "models": rule.models, "tokens": tokens,
                         "input price (USD)": dollars, "priced as": rule.price_model,
                         "source": rule.source, "as of": rule.date})
        st.dataframe(rows, hide_index=True, column_config={
            "source": st.column_config.LinkColumn("source"),
            "input price (USD)": st.column_config.NumberColumn(format="$%.6f")})
        st.caption("Each provider's published rule for an image's input tokens; OpenAI's "
                   "detail 'auto' is the model's choice and is not counted. Prices: "
                   f"{data_note()}.")
