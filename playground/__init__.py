"""Plain Python behind the Streamlit pages: analysis and HTML building, no Streamlit here
(except ``cached``, the one module that wraps these in Streamlit's caches)."""
