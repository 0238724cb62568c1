"""BBPE playground: the router. Pages live in views/ and share the sidebar's encoding."""

import streamlit as st

ABOUT = (
    "A tokenizer playground with its own pure-Python engine, exact against tiktoken, HF "
    "tokenizers and mistral-common. Vocabularies: OpenAI (tiktoken), Meta Llama 3 and 4, "
    "Qwen, DeepSeek, Mistral, Anthropic's Claude 1/2 tokenizer; sources and licences in "
    "bbpe_core/data/MANIFEST.json and NOTICE. Built with Llama."
)
st.set_page_config(page_title="BBPE tokenizer playground", page_icon="🧩", layout="wide",
                   menu_items={"About": ABOUT})
st.navigation(
    [
        st.Page("views/playground.py", title="Playground", icon="🔤", default=True),
        st.Page("views/upload.py", title="Bring your own tokenizer", icon="📥"),
        st.Page("views/compare_lab.py", title="Compare lab", icon="⚖️"),
        st.Page("views/algorithms.py", title="Algorithms", icon="🧮"),
        st.Page("views/lessons.py", title="Lessons", icon="🎓"),
        st.Page("views/train.py", title="Train", icon="🏋️"),
        st.Page("views/trace.py", title="Merge trace", icon="🪜"),
        st.Page("views/byte_map.py", title="Byte map", icon="🔢"),
        st.Page("views/vocabulary.py", title="Vocabulary", icon="📚"),
    ]
).run()
