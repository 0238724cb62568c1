"""Lessons: questions about LLM quirks (from Karpathy's "Let's build the GPT Tokenizer"), each
answered live by the tokenizer."""

import streamlit as st

from bbpe_core import list_encoding_names
from playground.encoding_labels import COMPARE_DEFAULT
from playground.lessons import LESSONS
from playground.ui import lesson_view
from playground.ui.common import markdown_safe_name
from playground.ui.session import user_encodings
from playground.ui.widgets import encoding_selector

st.title("Lessons")
st.caption(f"{len(LESSONS)} questions a tokenizer answers. Guess how many tokens an example "
           "is, press Reveal; edit it and reveal again.")
sidebar = encoding_selector()
others = [*COMPARE_DEFAULT, *user_encodings()]
names = others if sidebar in others else [sidebar, *others]
st.caption(f"Each example is counted with the sidebar's encoding ({markdown_safe_name(sidebar)}) "
           "and, to compare, GPT-4o, Llama 3, Qwen 3, DeepSeek V3, Mistral NeMo, GPT-2 and your "
           "own tokenizers; a lesson about other kinds of tokenizer shows the ones it is about.")
shipped = set(list_encoding_names())
for lesson in LESSONS:
    with st.expander(lesson.question, expanded=lesson is LESSONS[0]):
        lesson_view.render(lesson, [n for n in lesson.encodings if n in shipped] or names)
