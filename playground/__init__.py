"""Plain Python behind the Streamlit pages, one package per feature: ``chat`` (Chat mode),
``lab`` (the Compare lab), ``algorithms``, ``lessons``, ``training`` (the Train page),
``upload`` (files and Hub models), ``inside`` (Merge trace, Byte map, Vocabulary),
``selector`` (the sidebar's encoding selector), ``share`` (share links) and ``render`` (HTML
and charts); beside them the modules every page shares (``analysis``, ``caps``, ...). Nothing
here imports Streamlit; ``playground.ui`` is the Streamlit glue (caches, session keys, widgets,
one module per page section) and ``playground.api`` the HTTP API."""
