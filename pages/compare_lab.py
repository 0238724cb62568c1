"""Compare lab: what the same content costs per language, format, indentation and number."""

import streamlit as st

from playground.encoding_labels import COMPARE_DEFAULT, label, ordered
from playground.session import all_encoding_names, resolve
from playground.ui import lab_sections
from playground.widgets import kept

st.title("Compare lab")
names = ordered(all_encoding_names())
chosen = [n for n in st.multiselect("Encodings", names, format_func=label,
                                    **kept("lab_names", COMPARE_DEFAULT)) if n in names]
if not chosen:
    st.info("Choose at least one encoding.")
    st.stop()
resolved = {n: resolve(n) for n in chosen}
encs = {n: e for n, (e, _) in resolved.items()}
keys = tuple(k for _, k in resolved.values())
tab_lang, tab_fmt, tab_indent, tab_num = st.tabs(["Languages", "Formats", "Indentation", "Numbers"])
with tab_lang:
    lab_sections.languages(keys, encs)
with tab_fmt:
    lab_sections.formats(keys, encs)
with tab_indent:
    lab_sections.indentation(keys, encs)
with tab_num:
    lab_sections.numbers(keys, encs)
