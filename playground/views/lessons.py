"""Lessons: questions about LLM quirks (from Karpathy's "Let's build the GPT Tokenizer"), each
answered live by the tokenizer."""

import streamlit as st

from bbpe_core import list_encoding_names
from playground.lessons.questions import LESSONS
from playground.selector.labels import COMPARE_DEFAULT
from playground.ui import lesson_view
from playground.ui.common import markdown_safe_name
from playground.ui.session import user_encodings
from playground.ui.widgets import encoding_selector

st.title("Lessons")
st.caption(f"{len(LESSONS)} questions a tokenizer answers. Guess how many tokens an example "
           "is, press Reveal; edit it and reveal again.")
sidebar = encoding_selector()
others = [*COMPARE_DEFAULT, *user_encodings()]
st.caption(f"One rule on this page: you guess, and the answer is told, for the sidebar's encoding "
           f"({markdown_safe_name(sidebar)}); Reveal shows it beside GPT-4o, Llama 3, Qwen 3, "
           "DeepSeek V3, Mistral NeMo, GPT-2 and your own tokenizers, or, in a lesson about other "
           "kinds of tokenizer, beside the ones it is about.")
shipped = set(list_encoding_names())
for lesson in LESSONS:
    shown = [n for n in lesson.encodings if n in shipped] or others
    with st.expander(lesson.question, expanded=lesson is LESSONS[0]):
        lesson_view.render(lesson, shown if sidebar in shown else [sidebar, *shown], sidebar)
