"""Compare lab: what the same content costs per language, format, indentation and number."""

import streamlit as st

from playground.selector.labels import COMPARE_DEFAULT, label
from playground.ui import lab_sections
from playground.ui.common import markdown_safe_name, problem
from playground.ui.lazy_encodings import LazyEncodings
from playground.ui.page_link import apply_page_link, page_share_button
from playground.ui.session import all_encoding_names
from playground.ui.widgets import encoding_selector, kept

apply_page_link("Compare lab")  # before any widget: a shared link's view
st.title("Compare lab")
sidebar = encoding_selector()
names = all_encoding_names()
chosen = [n for n in st.multiselect("Encodings", names, format_func=label, filter_mode="contains",
                                    select_all=False,  # Enter picks one, not every match
                                    **kept("lab_names", COMPARE_DEFAULT)) if n in names]
if sidebar not in chosen:
    chosen.insert(0, sidebar)
st.caption(f"Comparing {len(chosen)} encodings: the sidebar's ({markdown_safe_name(sidebar)}) "
           "always, and the ones chosen above (by default GPT-4o, Llama 3, Qwen 3, DeepSeek V3, "
           "Mistral NeMo and GPT-2: the models people compare most).")
page_share_button("Compare lab", sidebar)
encs = LazyEncodings(chosen)  # loaded when a count or drawing needs one: the first chart needs none
keys = encs.cache_keys()
# only the open tab runs (a switch reruns the page): a fresh visitor's first chart waits for
# no other tab's elements, and typing in one tab recomputes that tab alone
tabs = {"Languages": lab_sections.languages, "Formats": lab_sections.formats,
        "Indentation": lab_sections.indentation, "Numbers": lab_sections.numbers}
for tab, draw in zip(st.tabs(list(tabs), key="lab_tab", on_change="rerun"), tabs.values()):
    if tab.open:
        with tab:
            try:
                draw(keys, encs)
            except ValueError as e:  # an uploaded encoding's caps: its normalizer's growth,
                # its pattern's deadline
                problem("One of the chosen encodings cannot encode this tab's texts; take it "
                        "out of the list to compare the others.", str(e))
