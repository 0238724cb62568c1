"""Lessons: questions about LLM quirks (from Karpathy's "Let's build the GPT Tokenizer"), each
answered live by the tokenizer."""

import streamlit as st

from bbpe_core import list_encoding_names
from playground.encoding_labels import COMPARE_DEFAULT
from playground.lessons import LESSONS
from playground.session import user_encodings
from playground.ui import lesson_view

st.title("Lessons")
st.caption(f"{len(LESSONS)} questions a tokenizer answers. Edit any example; the numbers "
           "follow.")
names = COMPARE_DEFAULT + list(user_encodings())  # GPT-4o, Llama 3, Qwen, DeepSeek, ...
shipped = set(list_encoding_names())
for lesson in LESSONS:
    with st.expander(lesson.question, expanded=lesson is LESSONS[0]):
        lesson_view.render(lesson, [n for n in lesson.encodings if n in shipped] or names)
