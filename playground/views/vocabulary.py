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
# drawn when opened (a click reruns the page): classifying every token by script held the
# page's first visit and every encoding switch back by seconds
with st.expander("Charts: tokens by length and by script", key="vo_charts",
                 on_change="rerun") as charts:
    if charts.open:
        view.charts(entries)
view.tables(enc, entries)
view.export(enc, key)
