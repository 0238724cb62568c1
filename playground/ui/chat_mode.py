"""Chat mode: a message editor, the ChatML prompt it builds, and tokens per message; tool
definitions and images (``chat_extras``)."""

from __future__ import annotations

import streamlit as st

from ..analysis import MAX_RENDER_TOKENS
from ..caps import MAX_CHAT_CHARS, MAX_CHAT_MESSAGES, check
from ..chat.prompt import (
    CHAT_MODELS,
    ROLES,
    Message,
    build_prompt,
    chat_encoding,
    template,
    tokens_per_message,
)
from ..chat.sandbox import sandboxed_prompt_ranges
from ..chat.templates import TEMPLATE_MODELS, prompt_ranges, render_chat_prompt
from ..render.tokens import token_view_html
from .cached import load_encoding
from .chat_extras import images_section, openai_tools_note, template_tools_note, tools_field
from .common import markdown_safe_name, problem
from .file_chat import file_chat_models
from .keys import CHAT_MESSAGES, CHAT_NEXT_ID
from .live_text import live_text_area
from .session import resolve
from .share_link import LINKED_MESSAGES, share_button
from .show_more import drawn_tokens, show_more, truncation_notice
from .widgets import kept, set_kept

CUSTOM = "custom…"


def _new_id() -> int:
    """A message id unique in this session (widget keys follow a message when it moves)."""
    st.session_state[CHAT_NEXT_ID] = st.session_state.get(CHAT_NEXT_ID, 0) + 1
    return st.session_state[CHAT_NEXT_ID]


def _messages() -> list[dict]:
    linked = st.session_state.pop(LINKED_MESSAGES, None)
    if linked is not None:  # from a shared link
        st.session_state[CHAT_MESSAGES] = [
            {"id": _new_id(), "role": role if role in ROLES else CUSTOM,
             "name": "" if role in ROLES else role, "content": content}
            for role, content in linked]
    if CHAT_MESSAGES not in st.session_state:
        st.session_state[CHAT_MESSAGES] = [
            {"id": _new_id(), "role": "system", "name": "",
             "content": "You are a helpful assistant."},
            {"id": _new_id(), "role": "user", "name": "",
             "content": "Hello! How many tokens is this?"},
        ]
    return st.session_state[CHAT_MESSAGES]


def _move(i: int, step: int) -> None:
    rows = _messages()
    j = i + step
    if 0 <= j < len(rows):
        rows[i], rows[j] = rows[j], rows[i]


def _remove(i: int) -> None:
    del _messages()[i]


def _add() -> None:
    rows = _messages()
    role = "system" if not rows else "assistant" if rows[-1]["role"] == "user" else "user"
    rows.append({"id": _new_id(), "role": role, "name": "", "content": ""})


def _row(i: int, row: dict, last: int) -> None:
    mid = row["id"]
    cols = st.columns([2, 7, 3], vertical_alignment="bottom")
    options = [*ROLES, CUSTOM]
    role = cols[0].selectbox("Role", options, index=options.index(row["role"]),
                             key=f"chat_role_{mid}")
    row["role"] = role
    if role == CUSTOM:
        row["name"] = cols[0].text_input("Name", row["name"], key=f"chat_name_{mid}")
    with cols[1]:  # follows typing, as the playground's text does
        row["content"] = live_text_area("Content", f"chat_content_{mid}", row["content"], height=68)
    moves = cols[2].container(horizontal=True, wrap=False, gap="small")  # one row, phones too
    moves.button("↑", key=f"chat_up_{mid}", on_click=_move, args=(i, -1), disabled=i == 0,
                 help="Move up")
    moves.button("↓", key=f"chat_down_{mid}", on_click=_move, args=(i, 1), disabled=i == last,
                 help="Move down")
    moves.button("✕", key=f"chat_del_{mid}", on_click=_remove, args=(i,), help="Remove")


def render(name: str, show_ws: bool) -> None:
    """Draw chat mode: its chat model decides the encoding, not the sidebar's ``name``."""
    files = file_chat_models()
    models = [*CHAT_MODELS, *TEMPLATE_MODELS, *files]
    if st.session_state.get("kept__chat_model") not in (None, *models):
        set_kept("chat_model", "gpt-4o")  # e.g. a shared link naming a model we lack
    model = st.selectbox("Chat model", models, **kept("chat_model", "gpt-4o"))
    st.caption(f"Chat mode counts with the chat model's own tokenizer and template, not with "
               f"the sidebar's encoding ({markdown_safe_name(name)}): a prompt's special tokens "
               "belong to its model.")
    rows = _messages()
    for i, row in enumerate(rows):
        _row(i, row, len(rows) - 1)
    st.button("Add message", on_click=_add, disabled=len(rows) >= MAX_CHAT_MESSAGES,
              help=f"A chat holds at most {MAX_CHAT_MESSAGES} messages of "
                   f"{MAX_CHAT_CHARS:,} characters in all.")
    messages = [Message(r["name"] or "user" if r["role"] == CUSTOM else r["role"], r["content"])
                for r in rows]
    try:
        check("The chat", len(messages), MAX_CHAT_MESSAGES, "messages")
        check("The chat", sum(len(m.role) + len(m.content) for m in messages), MAX_CHAT_CHARS,
              "characters")
    except ValueError as e:  # our sentence: numbers only
        st.error(f"{e} Remove some before it is counted.")
        return
    share_button(name, "Chat", "", {"chat_model": model,
                                    "messages": [[m.role, m.content] for m in messages]})
    tools = tools_field()
    if model in TEMPLATE_MODELS:
        _render_template_model(model, messages, show_ws, tools)
    elif model in files:
        _render_file_model(*files[model], messages, show_ws, tools)
    else:
        prompt, ranges = build_prompt(messages, model)
        enc = chat_encoding(model)
        spans = enc.encode_detailed(prompt, allowed_special="all")
        counts = tokens_per_message(spans, ranges)
        st.caption(f"{model} uses {enc.name}; the ChatML tokens are added as special tokens. "
                   f"Template: {template(model)}")
        if tools:
            openai_tools_note(tools, model, enc, len(spans))
        _show(prompt, spans, messages, counts, show_ws)
    images_section()


def _render_template_model(model: str, messages: list[Message], show_ws: bool,
                           tools: list[dict]) -> None:
    """The prompt of a model with a published chat template, and tokens per message."""
    name = TEMPLATE_MODELS[model][0]
    enc = load_encoding(name)
    turns = [{"role": m.role, "content": m.content} for m in messages]
    try:
        prompt, ranges = prompt_ranges(model, turns, tools=tools or None)
        if tools:
            template_tools_note(enc, prompt, render_chat_prompt(model, turns))
    except ValueError as e:
        st.error("This conversation cannot be rendered with the model's template:")
        st.code(str(e), language=None)
        return
    st.caption(f"{model} uses the {name} encoding; the prompt is rendered from the model's "
               "chat template with jinja2, as transformers' apply_chat_template does.")
    spans = enc.encode_detailed(prompt, allowed_special="all")
    _show(prompt, spans, messages, tokens_per_message(spans, ranges), show_ws)


def _render_file_model(name: str, template, messages: list[Message], show_ws: bool,
                       tools: list[dict]) -> None:
    """The prompt of a model file's own chat template (``chat.gguf.FileChatTemplate``),
    rendered outside this process (``chat.sandbox``), and tokens per message."""
    enc, _ = resolve(name)
    turns = [{"role": m.role, "content": m.content} for m in messages]
    try:
        prompt, ranges = sandboxed_prompt_ranges(template.template, turns,
                                                 dict(template.variables), tools or None)
        if tools:
            without, _ = sandboxed_prompt_ranges(template.template, turns,
                                                 dict(template.variables))
            template_tools_note(enc, prompt, without)
    except ValueError as e:  # ChatTemplateRefused: one line, may quote the template
        problem("The model file's chat template gives no prompt for this conversation:", str(e))
        return
    st.caption("The prompt is rendered from the chat template in your model file, with jinja2's "
               "sandbox as transformers' apply_chat_template does, in a separate process with "
               "time and memory limits; it is counted with that file's tokenizer.")
    spans = enc.encode_detailed(prompt, allowed_special="all")
    _show(prompt, spans, messages, tokens_per_message(spans, ranges), show_ws)


def _show(prompt: str, spans, messages: list[Message], counts: list[int], show_ws: bool) -> None:
    st.metric("Tokens in the prompt", f"{len(spans):,}")
    table = [{"message": f"{k + 1}. {m.role}", "tokens": c}
             for k, (m, c) in enumerate(zip(messages, counts))]
    table.append({"message": "separators + reply primer", "tokens": counts[-1]})
    st.dataframe(table, hide_index=True, width="content")
    view = ("chat", len(prompt), hash(prompt))
    drawn = drawn_tokens(view, MAX_RENDER_TOKENS)
    st.html(token_view_html(prompt, spans[:drawn], show_whitespace=show_ws,
                            notice=truncation_notice(min(drawn, len(spans)), len(spans), "prompt"),
                            standalone=False))
    show_more(view, drawn, len(spans), MAX_RENDER_TOKENS, "chat_more")
