"""BBPE playground: the router. Pages live in views/ and share the sidebar's encoding."""

import streamlit as st

ABOUT = (
    "A tokenizer playground with its own pure-Python engine, exact against tiktoken, HF "
    "tokenizers and mistral-common. Vocabularies: OpenAI (tiktoken), Meta Llama 3 and 4, "
    "Qwen, DeepSeek, Mistral, Anthropic's Claude 1/2 tokenizer; sources and licences in "
    "bbpe_core/data/MANIFEST.json and NOTICE. Built with Llama."
)


def playground_alias() -> None:
    """/playground: the Playground, which is served at the root (the default page)."""
    st.switch_page("views/playground.py", query_params=st.query_params.to_dict())


st.set_page_config(page_title="BBPE tokenizer playground", page_icon="🧩", layout="wide",
                   menu_items={"About": ABOUT})
st.navigation(
    [
        # the default page is served at the root and reserves its path without serving it:
        # "home" frees "playground" for the alias that sends /playground to the root
        st.Page("views/playground.py", title="Playground", icon="🔤", default=True,
                url_path="home"),
        st.Page(playground_alias, title="Playground", url_path="playground", visibility="hidden"),
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
