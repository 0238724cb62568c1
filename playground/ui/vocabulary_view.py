"""The Vocabulary page's sections (Streamlit glue over ``playground.inside.vocabulary``):
search, the vocabulary's anatomy, charts of lengths and scripts, tables of longest, special,
added and odd tokens, and the export."""

from __future__ import annotations

import heapq

import streamlit as st

from bbpe_core import Encoding
from bbpe_core.models.base import WORDPIECE
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str

from ..export import EXPORT_NOTES, vocabulary_files
from ..inside.entries import Entries, merges_of, vocab_entries
from ..inside.lattice import piece_scores
from ..inside.vocabulary import (
    SEARCH_FORMS,
    SEARCH_MODES,
    anatomy,
    anatomy_sentence,
    length_counts,
    oddities,
    script_shares,
    search,
    split_characters,
)
from ..model_kind import model_kind
from ..render.charts import count_bar
from .common import problem
from .live_text import live_text_area
from .widgets import kept

__all__ = ["anatomy_section", "charts", "entries_for", "export", "search_section", "tables"]


@st.cache_resource(max_entries=6, show_spinner="Reading the vocabulary…")
def entries_for(key: str, _enc):
    """The vocabulary's entries, cached per encoding key (``_enc`` is not hashed)."""
    return vocab_entries(_enc, merges=False)  # merges_of finds those of the rows shown


@st.cache_data(max_entries=3, show_spinner="Writing the files…")
def files_for(key: str, _enc):
    """Every export format's file, cached per encoding key."""
    return vocabulary_files(_enc)


def _shown_as(enc: Encoding) -> str:
    return enc.vocab.form


def _form_labels(enc: Encoding) -> dict[str, str]:
    """``vocab.SEARCH_FORMS`` -> a label naming this vocabulary's own form (Ġ, ▁ or ##)."""
    marks = ("Ġ for a space" if enc.byte_level else
             "## before a continuation" if enc.model_kind == WORDPIECE else "▁ for a space")
    return {"either": "either", "text": "decoded text",
            "vocabulary": f"{_shown_as(enc)} ({marks})"}


def _split_hint(enc: Encoding, query: str) -> None:
    """Say which characters of ``query`` the vocabulary splits into bytes (a text search
    cannot find them) and how to find their tokens."""
    split = split_characters(enc, query)
    if not split:
        return
    st.info("No token holds these characters whole: this vocabulary splits each into tokens of "
            "part of its UTF-8 bytes. Search their bytes with \"byte prefix (hex)\", or their "
            f"{_shown_as(enc)}s (shown below) in the vocabulary form.")
    st.code("\n".join(f"{ch!r}: bytes {data.hex(' ')} -> {' + '.join(map(repr, forms))}"
                      for ch, data, forms in split), language=None, wrap_lines=True)


def search_section(enc: Encoding, entries: Entries) -> None:
    """Search by substring, regex (with a time budget), id or id range, or byte prefix."""
    shown_as = _shown_as(enc)
    st.subheader("Search")
    c1, c2 = st.columns([1, 3])
    mode = c1.selectbox("Search by", SEARCH_MODES, **kept("vo_mode", "substring"))
    with c2:  # follows typing, as the playground's text does
        query = live_text_area("Query", "vo_query", "token", one_line=True)
    labels = _form_labels(enc)
    form = "either"
    if mode in ("substring", "regex"):
        form = st.radio("Search in", SEARCH_FORMS, format_func=labels.get, horizontal=True,
                        help="A token's decoded text (' world'), the form its vocabulary writes "
                        "it in ('Ġworld', '▁world', '##ing'), or either.",
                        **kept("vo_form", "either"))
    try:
        found = search(entries, mode, query, form=form)
    except ValueError as e:
        problem("This search cannot run.", str(e))
        found = []
    scores = piece_scores(enc)
    st.dataframe(
        [{"id": e.id, shown_as: e.token_str, "bytes": e.data.hex(" "),
          **({"score": round(scores[e.id], 4)} if scores and 0 <= e.id < len(scores) else {}),
          "text": e.text if e.text is not None else "(partial UTF-8)",
          "length (bytes)": len(e.data),
          "made by merging": (f"{to_gpt2_str(pair[0])!r} + {to_gpt2_str(pair[1])!r}"
                              if pair else "special" if e.special else "—")}
         for e, pair in zip(found, merges_of(enc, found))],
        hide_index=True, width="stretch")
    where = f" Searched in: {labels[form]}." if mode in ("substring", "regex") else ""
    st.caption(f"{len(found)} shown (at most 200).{where} Regex searches stop after 1 s.")
    if mode in ("substring", "regex") and form != "vocabulary":
        _split_hint(enc, query)


def anatomy_section(enc: Encoding, entries: Entries) -> None:
    """How the ids divide: single bytes or byte pieces, merged tokens, special, unassigned."""
    st.subheader("Anatomy")
    a = anatomy(enc)
    cols = st.columns(5)
    names = ([("ids (n_vocab)", "n_vocab"), ("single bytes", "single_bytes"),
              ("merged tokens", "merged"), ("special tokens", "special"),
              ("unassigned ids", "unassigned")] if enc.byte_level else
             [("ids (n_vocab)", "n_vocab"), ("byte-fallback pieces", "single_bytes"),
              ("other pieces", "merged"), ("special / added tokens", "special"),
              ("unassigned ids", "unassigned")])
    for col, (label, k) in zip(cols, names):
        col.metric(label, f"{a[k]:,}")
    if not enc.byte_level:
        st.text(anatomy_sentence(enc, a))  # plain text: a user's unknown token is not Markdown
    else:
        first = entries.token_strs[entries.ids.index(0)]
        st.write(f"{a['single_bytes']} + {a['merged']:,} + {a['special']} + {a['unassigned']} "
                 f"unassigned = {a['n_vocab']:,} ids. Single bytes are "
                 f"{'in byte order' if a['byte_order'] else 'not in byte order'}: bytes 0x00..0x0F "
                 f"have ids {a['first_byte_ids']} (id 0 is {first!r}).")
        if a["single_bytes"] < 256:
            st.write(f"{256 - a['single_bytes']} single bytes have no token: a byte of the text "
                     "no token holds gives no id (it is left out, as llama.cpp and HF tokenizers "
                     "do), so such text does not decode back whole.")


def charts(entries: Entries) -> None:
    """Tokens by length and by script."""
    lengths = length_counts(entries)
    st.plotly_chart(count_bar(sorted(lengths), [lengths[k] for k in sorted(lengths)],
                              title="Tokens by length", x_title="token length (bytes)",
                              y_title="tokens (count)"), width="stretch")
    st.caption("How many ordinary tokens have each byte length.")
    shares = script_shares(entries).most_common()
    st.plotly_chart(count_bar([s for s, _ in shares], [c for _, c in shares],
                              title="Tokens by script", x_title="class of the token's first letter",
                              y_title="tokens (count, log scale)", log_y=True), width="stretch")
    st.caption("Partial UTF-8: tokens holding part of a character's bytes.")


def tables(enc: Encoding, entries: Entries) -> None:
    """The longest, special, added and odd tokens."""
    shown_as = _shown_as(enc)
    datas, specials = entries.datas, entries.specials
    longest = entries.at(heapq.nsmallest(  # sorted()[:20], stable, one pass over the column
        20, (k for k in range(len(entries)) if not specials[k]), key=lambda k: -len(datas[k])))
    st.markdown("**Longest tokens**")
    st.dataframe([{"id": e.id, shown_as: e.token_str, "bytes": len(e.data)} for e in longest],
                 hide_index=True, width="stretch")
    st.markdown("**Special tokens**")
    st.dataframe([{"text": s, "id": i} for s, i in enc.special_tokens.items()], hide_index=True)
    if not enc.byte_level and enc.added_tokens:
        st.markdown("**Added tokens** (matched whole in any text, before the normalizer)")
        st.dataframe([{"text": s, "id": i} for s, i in enc.added_tokens.items()], hide_index=True)
    st.markdown("**Oddities for teaching**")
    st.dataframe(oddities(enc), hide_index=True, width="stretch")


def export(enc: Encoding, key: str) -> None:
    """Every format the engine saves, for byte-level BPE."""
    kind = model_kind(enc)
    st.subheader("Export")
    for note_name, note in EXPORT_NOTES.items():
        st.caption(f"{note_name}: {note}")
    if not enc.byte_level:
        st.info(f"The export formats are byte-level BPE's (ranks and merges); this encoding is "
                f"{kind}, so there is nothing to export here.")
    elif st.button("Prepare downloads"):
        for fname, data in files_for(key, enc).items():
            st.download_button(fname, data, fname, key=f"dl_{fname}")
