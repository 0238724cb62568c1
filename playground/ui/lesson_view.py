"""One lesson on the page: explanation, editable example, token views, facts, a guess."""

from __future__ import annotations

import streamlit as st

from ..html_base import esc
from ..lessons import Lesson, guess_feedback
from ..session import resolve
from ..share import encode_state
from ..token_html import token_view_html
from ..widgets import kept


def render(lesson: Lesson, names: list[str]) -> None:
    """Draw ``lesson`` for the encodings ``names``."""
    st.write(lesson.explanation)
    text = st.text_area("Example (edit it)", height=90, **kept(f"lesson_{lesson.key}", lesson.example))
    encs = {n: resolve(n)[0] for n in names}
    special = lesson.special or {"disallowed_special": ()}
    counts = {}
    for name, enc in encs.items():
        spans = enc.encode_detailed(text, **special)
        counts[name] = len(spans)
        st.html(f"<p><b>{esc(name)}</b>: {len(spans)} tokens</p>"
                + token_view_html(text, spans, show_whitespace=True))
    st.dataframe(lesson.facts(encs, text), hide_index=True, width="stretch")
    first = names[0]
    c1, c2 = st.columns([2, 3])
    guess = c1.number_input(f"Predict: how many {first} tokens is the example?", min_value=0,
                            step=1, key=f"guess_{lesson.key}")
    if c1.button("Reveal", key=f"reveal_{lesson.key}"):
        c2.info(guess_feedback(int(guess), counts[first]))
    try:
        link = f"./?s={encode_state(first, 'Text', text)}"  # the playground is the root page
    except ValueError:
        return
    c2.markdown(f"[Open this example on the playground]({link})")
