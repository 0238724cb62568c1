"""The Streamlit glue of the pages: caches (``cached``), this session's tokenizers and
encoding resolution (``session``), shared widgets (``widgets``) and one module per page
section. The logic they draw lives one level up, in ``playground``."""
