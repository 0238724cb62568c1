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
    "MAX_EXPORT_TOKENS", "MAX_LAYER_TOKENS", "MAX_SHOWN_PRUNED", "TRAIN_SECONDS",
    "MAX_EXTEND_PIECES",
    "MAX_SEED_VOCAB", "SESSION_MEMORY_MB", "MEMORY_PER_FILE_BYTE", "MEMORY_PER_MODEL_BYTE",
    "MEMORY_PER_GGUF_TOKEN", "MEMORY_PER_GGUF_MERGE", "MEMORY_PER_GGUF_BYTE",
    "MEMORY_PER_TRAINED_ID", "MAX_CHUNK_BYTES", "MAX_ENCODE_BYTES", "MAX_API_BODY_BYTES",
    "MAX_CHUNKS", "MAX_CHUNKED_TOKENS", "chunk_budget",
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
MAX_LAYER_TOKENS = 1_000
"""Tokens the Playground's layers grid draws (the first ones): six rows of cells per token
make it twice the HTML of the chips, which draw ``analysis.MAX_RENDER_TOKENS``; the browser
lays every cell out on each rerun."""
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
MAX_CHUNK_BYTES = 256 * 1024
"""UTF-8 bytes of text the chunk view and the API's ``/chunk`` cut (every cut is checked by
encoding the chunk: the text is encoded about four times over)."""
MAX_CHUNKS = 2_000
"""Chunks one cut may make, estimated before it starts as the text's tokens over the tokens
each chunk adds (``chunk_budget``): each chunk costs a few encodes of its own text."""
MAX_CHUNKED_TOKENS = 500_000
"""Tokens of all the chunks of one cut together, estimated before it starts (chunks times
``max_tokens``): a large overlap repeats most of each chunk in the next one."""
MAX_ENCODE_BYTES = 256 * 1024
"""UTF-8 bytes of text the API's ``/encode`` describes token by token (each token is an object
of its answer: up to 256 Ki tokens, some 20 MB of JSON); ``/count`` takes ``MAX_TEXT_BYTES``."""
MAX_API_BODY_BYTES = 8 * 1024 * 1024
"""Bytes of one API request's body, read before it is parsed: room for ``MAX_TEXT_BYTES`` of
text written with JSON's ``\\uXXXX`` escapes (up to 6 bytes a character, 12 a surrogate pair)
or ``MAX_DECODE_IDS`` ids."""
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
MEMORY_PER_GGUF_TOKEN = 900
"""Estimated bytes of memory a tokenizer loaded from a GGUF model file holds per token (with
``MEMORY_PER_GGUF_MERGE`` and ``MEMORY_PER_GGUF_BYTE``, counted in the header before it is
built): a file of 400,000 short SentencePiece pieces peaks at about 770 bytes per piece while
it loads (``tests/test_hostile_files.py`` measures it); llama.cpp's Gemma 4 vocabulary (262,144
tokens, 514,906 merges, 15.8 MB) holds about 290 MB, estimated at 516 MB."""
MEMORY_PER_GGUF_MERGE = 300
"""Estimated bytes per merge of a GGUF tokenizer (500,000 tokens and merges of a byte-level
file peak at about 520 bytes per token and merge)."""
MEMORY_PER_GGUF_BYTE = 8
"""Estimated bytes per byte of the header the browser sends (the tokens' text, kept in a few
tables)."""
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


def chunk_budget(n_tokens: int, max_tokens: int, overlap: int) -> None:
    """Refuse a cut into chunks estimated to make more than ``MAX_CHUNKS``, or chunks of more
    than ``MAX_CHUNKED_TOKENS`` together.

    Args:
        n_tokens (int): the text's tokens (encoded whole).
        max_tokens (int): the most tokens of a chunk.
        overlap (int): tokens of a chunk's end repeated at the next one's start.

    Raises:
        ValueError: with a plain sentence naming the numbers.

    >>> chunk_budget(10_000, 4, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: Chunks of at most 4 tokens make about 2,500 chunks of this text's 10,000 ...
    """
    estimate = -(-n_tokens // max(max_tokens - overlap, 1))
    if estimate > MAX_CHUNKS:
        raise ValueError(f"Chunks of at most {max_tokens:,} tokens make about {estimate:,} chunks "
                         f"of this text's {n_tokens:,} tokens; the limit is {MAX_CHUNKS:,} "
                         "(choose larger chunks, less overlap or a shorter text).")
    together = estimate * min(max_tokens, n_tokens)
    if together > MAX_CHUNKED_TOKENS:
        raise ValueError(f"About {estimate:,} chunks of up to {max_tokens:,} tokens hold about "
                         f"{together:,} tokens together; the limit is {MAX_CHUNKED_TOKENS:,} "
                         "(choose less overlap or a shorter text).")
