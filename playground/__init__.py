"""Plain Python behind the Streamlit pages: analysis, HTML building, charts, share links,
labs and lessons. Nothing in this package imports Streamlit; ``playground.ui`` is the
Streamlit glue (caches, session keys, widgets, one module per page section)."""
