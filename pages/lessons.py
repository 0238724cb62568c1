"""Lessons: questions about LLM quirks (from Karpathy's "Let's build the GPT Tokenizer"), each
answered live by the tokenizer."""

import streamlit as st

from playground.encoding_labels import COMPARE_DEFAULT
from playground.lessons import LESSONS
from playground.session import user_encodings
from playground.ui import lesson_view

st.title("Lessons")
st.caption("Seven questions a tokenizer answers. Guess how many tokens an example is, press "
           "Reveal; edit it and reveal again.")
names = COMPARE_DEFAULT + list(user_encodings())  # GPT-4o, Llama 3, Qwen, DeepSeek, ...
for lesson in LESSONS:
    with st.expander(lesson.question, expanded=lesson is LESSONS[0]):
        lesson_view.render(lesson, names)
