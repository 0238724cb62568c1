"""What one visitor may ask the shared server for: every input size the pages accept, and the
memory a session's own tokenizers may hold, each checked before any work starts.

The public playground is one Python process shared by every visitor, so each input is bounded
in size (text, chat messages, ids, encodings compared, lab inputs, lesson examples, training
corpora, share links) and a session's uploaded or trained tokenizers share one memory budget.
A page that meets an input over its cap says so in one plain sentence of ours (numbers only,
never the user's text) and does no work on it; a share link over a cap opens nothing.
"""

from __future__ import annotations

__all__ = [
    "MAX_TEXT_BYTES", "MAX_COMPARE_ENCODINGS", "MAX_COMPARE_BYTES", "MAX_CHAT_MESSAGES",
    "MAX_CHAT_CHARS", "MAX_DECODE_CHARS", "MAX_DECODE_IDS", "MAX_LESSON_CHARS", "MAX_LAB_CHARS",
    "MAX_ALGORITHM_CHARS", "MAX_SAMPLE_CHARS", "MAX_TRACE_CHARS", "MAX_TRAIN_BYTES",
    "MAX_EXTEND_CHARS", "MAX_DECODE_BYTES", "MAX_SHOWN_HEX_BYTES", "MAX_DRAWN_CHARS",
    "MAX_EXPORT_TOKENS", "MAX_SHOWN_PRUNED", "TRAIN_SECONDS", "MAX_EXTEND_PIECES", "MAX_SEED_VOCAB",
    "SESSION_MEMORY_MB",
    "MEMORY_PER_FILE_BYTE", "MEMORY_PER_MODEL_BYTE", "MEMORY_PER_TRAINED_ID",
    "check", "compare_budget", "utf8_size",
]

MAX_TEXT_BYTES = 1024 * 1024
"""UTF-8 bytes of text in Text and Compare modes (a typed, pasted or linked text): a book of
about a million Latin characters. Bytes, not characters, bound the work: byte-level BPE cuts
a chunk's bytes, and one chunk of 4-byte characters is the slowest text per character."""
MAX_COMPARE_ENCODINGS = 6
"""Encodings Compare mode (and a Compare link) may set side by side."""
MAX_COMPARE_BYTES = 1024 * 1024
"""Compare mode's work: UTF-8 bytes of text times encodings compared (three encodings of a
300 KB text, six of a 170 KB text)."""
MAX_CHAT_MESSAGES = 100
"""Messages in Chat mode (added by hand or carried by a link)."""
MAX_CHAT_CHARS = 100_000
"""Characters of all chat messages together (contents and role names)."""
MAX_DECODE_CHARS = 800_000
"""Characters typed into Decode mode's id list."""
MAX_DECODE_IDS = 100_000
"""Items (ids) in Decode mode's list."""
MAX_DECODE_BYTES = 1024 * 1024
"""UTF-8 bytes Decode mode builds from its ids (the Text mode's cap, read the other way): a
list of ids whose tokens hold more is refused before it is decoded (100,000 ids of one
1,024-byte token would be 100 MB of text)."""
MAX_SHOWN_HEX_BYTES = 65_536
"""Bytes a page writes out as hex (Decode mode's byte view); the counts cover them all."""
MAX_DRAWN_CHARS = 50_000
"""Characters of decoded text drawn with labels and hex runs (Decode mode's "as drawn" view);
the plain text above it holds them all."""
MAX_SHOWN_PRUNED = 1_000
"""Pruned pieces a Unigram run on the Train page keeps and shows per round (the first ones
the trainer lists; a round of a 1 MB corpus may prune hundreds of thousands)."""
MAX_EXPORT_TOKENS = 100_000
"""Tokens written to a text's CSV and JSON downloads (the first ones; about 4 MB of CSV)."""
MAX_LESSON_CHARS = 2_000
"""Characters of a lesson's edited example."""
MAX_LAB_CHARS = 20_000
"""Characters of each Compare lab input (your own text, your JSON, your code)."""
MAX_ALGORITHM_CHARS = 5_000
"""Characters of the Algorithms page's text (run through four kinds of tokenizer)."""
MAX_SAMPLE_CHARS = 300
"""Characters of the Algorithms page's sample to segment."""
MAX_TRACE_CHARS = 200
"""Characters of the Merge trace page's word or short text (every merge step is drawn)."""
MAX_TRAIN_BYTES = 1024 * 1024
"""UTF-8 bytes of a training corpus (pasted or uploaded; the shipped corpora are 1 MB)."""
MAX_EXTEND_CHARS = 200_000
"""The vocabulary extension's training corpus is cut to its first this many characters (about
10 s of training here for Chinese), so the shared server stays responsive."""
MAX_EXTEND_PIECES = 2_000
"""The most new pieces one extension asks for."""
MAX_SEED_VOCAB = 8_000
"""The largest Unigram model trained for the new pieces (its characters and the new pieces)."""
TRAIN_SECONDS = 120
"""Wall-clock seconds one training run on the Train page may take (the trainers' ``stop``);
the shipped 1 MB corpora train well within it with the page's defaults."""
SESSION_MEMORY_MB = 640
"""Memory, in MB, this session's uploaded and trained tokenizers may hold together (estimated)."""
MEMORY_PER_FILE_BYTE = 25
"""Estimated bytes of memory a loaded tokenizer holds per byte of its files: a ``tokenizer.json``
of many short entries (the densest kind) holds about 24 times its size once loaded, Gemma 2's
about 20 times, Llama 3's about 14 times (``tests/test_hostile_app.py`` measures the densest)."""
MEMORY_PER_MODEL_BYTE = 80
"""Estimated bytes of memory a tokenizer loaded from a SentencePiece ``.model`` holds per byte of
the file: its protobuf is denser than JSON (a model of many short pieces holds about 65 times
its size once loaded, Jurassic-2's about 48 times; ``tests/test_upload_model.py`` measures the
densest)."""
MEMORY_PER_TRAINED_ID = 2_000
"""Estimated bytes of memory per id of a tokenizer trained on the Train page (its files are
written only on request, so its size is estimated from its n_vocab: about 80 bytes of
``tokenizer.json`` per id, times ``MEMORY_PER_FILE_BYTE``)."""


def check(what: str, size: int, cap: int, unit: str) -> None:
    """Refuse an input over its cap, before any work is done on it.

    Args:
        what (str): our words for the input, e.g. ``"The text"`` (never a user string).
        size (int): its size, in ``unit``.
        cap (int): the most allowed, in ``unit``.
        unit (str): e.g. ``"characters"``.

    Raises:
        ValueError: if ``size > cap``, with a plain sentence naming both numbers.

    >>> check("The text", 3, 2, "characters")
    Traceback (most recent call last):
    ...
    ValueError: The text has 3 characters; the limit is 2.
    """
    if size > cap:
        raise ValueError(f"{what} has {size:,} {unit}; the limit is {cap:,}.")


def utf8_size(text: str) -> int:
    """Bytes of ``text`` in UTF-8 (a lone surrogate, which no page can send, counts 3)."""
    return len(text.encode("utf-8", "surrogatepass"))


def compare_budget(n_bytes: int, n_encodings: int) -> None:
    """Refuse a comparison over ``MAX_COMPARE_ENCODINGS`` or ``MAX_COMPARE_BYTES``.

    Args:
        n_bytes (int): UTF-8 bytes of the text.
        n_encodings (int): encodings chosen.

    Raises:
        ValueError: with a plain sentence naming the numbers.
    """
    if n_encodings > MAX_COMPARE_ENCODINGS:
        raise ValueError(f"{n_encodings} encodings are chosen; Compare mode sets at most "
                         f"{MAX_COMPARE_ENCODINGS} side by side.")
    if n_bytes * n_encodings > MAX_COMPARE_BYTES:
        raise ValueError(f"{n_bytes:,} UTF-8 bytes × {n_encodings} encodings is "
                         f"{n_bytes * n_encodings:,}; Compare mode encodes at most "
                         f"{MAX_COMPARE_BYTES:,} (choose fewer encodings or a shorter text).")
