"""Vocabulary explorer: search tokens, see how each was built, the vocabulary's anatomy."""

import streamlit as st

from playground.ui import vocabulary_view as view
from playground.ui.page_link import apply_page_link, page_share_button
from playground.ui.session import resolve
from playground.ui.widgets import encoding_selector

apply_page_link("Vocabulary")  # before any widget: a shared link's view
st.title("Vocabulary")
name = encoding_selector()
enc, key = resolve(name)
entries = view.entries_for(key, enc)
view.search_section(enc, entries)
page_share_button("Vocabulary", name)
view.anatomy_section(enc, entries)
view.charts(entries)
view.tables(enc, entries)
view.export(enc, key)
