"""One lesson on the page: explanation, editable example, a guess, then (after Reveal) the
token views and the facts."""

from __future__ import annotations

import streamlit as st

from ..analysis import MAX_RENDER_TOKENS
from ..caps import MAX_LESSON_CHARS, check
from ..lessons.questions import Lesson, guess_feedback
from ..render.base import esc
from ..render.tokens import token_view_html
from ..share.links import encode_state
from .common import tokens_phrase
from .live_text import live_text_area
from .session import resolve
from .show_more import truncation_notice


def render(lesson: Lesson, names: list[str], guessed: str) -> None:
    """Draw ``lesson`` for the encodings ``names``; every count stays hidden until the reader
    presses Reveal for the example as it stands (editing it hides them again).

    Args:
        lesson: the lesson.
        names: the encodings shown, in order; ``guessed`` is one of them.
        guessed: the encoding the reader guesses the count of (the sidebar's).
    """
    st.write(lesson.explanation)
    text = live_text_area(f"Example (edit it; at most {MAX_LESSON_CHARS:,} characters)",
                          f"lesson_{lesson.key}", lesson.example, height=90,
                          max_chars=MAX_LESSON_CHARS)
    try:
        check("The example", len(text), MAX_LESSON_CHARS, "characters")
    except ValueError as e:  # our sentence: numbers only
        st.error(str(e))
        return
    special = lesson.special or {"disallowed_special": ()}
    c1, c2 = st.columns([2, 3])
    guess = c1.number_input(f"Predict: how many {guessed} tokens is the example?", min_value=0,
                            step=1, key=f"guess_{lesson.key}")
    shown = f"revealed_{lesson.key}"
    if c1.button("Reveal", key=f"reveal_{lesson.key}"):
        st.session_state[shown] = text
    if st.session_state.get(shown) != text:
        c2.caption("Guess first: the counts, the tokens and the table appear after Reveal.")
        return
    # loaded after Reveal: loading the six encodings of every lesson before any was revealed
    # held the page's first visit back by seconds
    encs = {n: resolve(n)[0] for n in names}
    encoded = {name: enc.encode_rich(text, max_tokens=MAX_RENDER_TOKENS, **special)
               for name, enc in encs.items()}
    counts = {name: len(out.ids) for name, out in encoded.items()}
    c2.info(guess_feedback(int(guess), counts[guessed]))
    for name, out in encoded.items():
        drawn = out.tokens
        st.html(f"<p><b>{esc(name)}</b>: {tokens_phrase(counts[name])}</p>"
                + token_view_html(text, drawn, show_whitespace=True,
                                  notice=truncation_notice(len(drawn), counts[name])))
    st.dataframe(lesson.facts(encs, text), hide_index=True, width="stretch")
    try:
        link = f"./?s={encode_state(guessed, 'Text', text)}"  # the playground is the root page
    except ValueError:
        return
    c2.markdown(f"[Open this example on the playground]({link})")
