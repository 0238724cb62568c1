"""Vocabulary explorer: search tokens, see how each was built, the vocabulary's anatomy."""

import streamlit as st

from playground.ui import vocabulary_view as view
from playground.ui.session import resolve
from playground.ui.widgets import encoding_selector

st.title("Vocabulary")
name = encoding_selector()
enc, key = resolve(name)
entries = view.entries_for(key, enc)
view.search_section(enc, entries)
view.anatomy_section(enc, entries)
view.charts(entries)
view.tables(enc, entries)
view.export(enc, key)
