"""BBPE playground: the router. Pages live in pages/; the encoding choice is shared."""

import streamlit as st

from playground.cached import encoding_names

st.set_page_config(page_title="BBPE tokenizer playground", page_icon="🧩", layout="wide")

with st.sidebar:
    st.selectbox(
        "Encoding",
        encoding_names(),
        key="encoding",
        help="gpt2 = r50k_base (GPT-2, GPT-3); cl100k_base (GPT-3.5, GPT-4); o200k_base (GPT-4o).",
    )

st.navigation([st.Page("pages/playground.py", title="Playground", icon="🔤", default=True)]).run()
