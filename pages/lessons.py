"""Lessons: seed 002's questions about LLM quirks, each answered live by the tokenizer."""

import streamlit as st

from playground.lessons import LESSONS
from playground.session import all_encoding_names
from playground.ui import lesson_view

st.title("Lessons")
st.caption("Seven questions a tokenizer answers. Edit any example; the numbers follow.")
names = all_encoding_names()
for lesson in LESSONS:
    with st.expander(lesson.question, expanded=lesson is LESSONS[0]):
        lesson_view.render(lesson, names)
