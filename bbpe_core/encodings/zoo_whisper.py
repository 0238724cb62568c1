"""Whisper's encodings: OpenAI's speech models tokenize text with tiktoken ranks and a block of
special tokens after them (openai-whisper 20250625's ``whisper/tokenizer.py``, ``get_encoding``):

    <|endoftext|>, <|startoftranscript|>, one <|xx|> per language (``LANGUAGES``, in order),
    <|translate|>, <|transcribe|>, <|startoflm|>, <|startofprev|>, <|nospeech|>,
    <|notimestamps|>, then the 1,501 timestamps <|0.00|> .. <|30.00|>,

numbered from ``len(ranks)``, with GPT-2's split pattern. Multilingual models read
``multilingual.tiktoken``; English-only ones (``tiny.en`` .. ``medium.en``) ``gpt2.tiktoken``,
the same file as r50k_base (same sha256). large-v3 and turbo have 100 languages (Cantonese,
``yue``, added), the others 99, so the ids from ``<|translate|>`` on differ by one.
"""

from __future__ import annotations

import json
from functools import lru_cache

from ..encoding import Encoding
from ..formats.tiktoken_file import load_tiktoken_bpe
from ..pre_tokenizers.patterns import GPT2_PATTERN
from ..source import VocabFileError

__all__ = ["whisper", "whisper_en", "whisper_special_tokens", "whisper_v3"]

_CONTROL = ("<|translate|>", "<|transcribe|>", "<|startoflm|>", "<|startofprev|>",
            "<|nospeech|>", "<|notimestamps|>")


def whisper_special_tokens(languages: list[str], first_id: int) -> dict[str, int]:
    """Whisper's special tokens, text -> id, as ``get_encoding`` numbers them.

    Args:
        languages: the language codes, in ``LANGUAGES`` order (the first 99 or 100).
        first_id: the id of ``<|endoftext|>`` (the number of ranks).
    """
    names = ["<|endoftext|>", "<|startoftranscript|>", *(f"<|{code}|>" for code in languages),
             *_CONTROL, *(f"<|{i * 0.02:.2f}|>" for i in range(1501))]
    return {name: first_id + k for k, name in enumerate(names)}


def _whisper(name: str, ranks: dict[bytes, int], n_ranks: int, languages: bytes,
             n_languages: int) -> Encoding:
    codes = json.loads(languages)[:n_languages]
    return Encoding(name, pat_str=GPT2_PATTERN, mergeable_ranks=ranks,
                    special_tokens=whisper_special_tokens(codes, n_ranks))


@lru_cache(maxsize=1)
def _multilingual_ranks(data: bytes) -> tuple[dict[bytes, int], int]:
    """The ranks of ``multilingual.tiktoken`` and how many lines it has, one copy for whisper
    and whisper_v3 (the last file read is kept: both encodings read the same). Its last line,
    ``= 50256``, gives the empty byte string a rank (``b64decode("=")`` is ``b""`` to
    whisper's lenient reader); no text encodes to it, so that id is left unassigned here
    and the special tokens still start after it, at 50,257."""
    lines = data.splitlines()
    kept = [line for line in lines if not line.startswith(b"= ")]
    if len(lines) - len(kept) != 1:
        raise VocabFileError("whisper's multilingual.tiktoken: expected one '= RANK' line")
    return load_tiktoken_bpe(b"\n".join(kept), name="whisper's multilingual.tiktoken"), len(lines)


def whisper(ranks: bytes, languages: bytes) -> Encoding:
    """Whisper tiny .. large-v2 (multilingual): 50,256 ranks (and the empty one), 99
    languages; n_vocab 51,865."""
    return _whisper("whisper", *_multilingual_ranks(ranks), languages, 99)


def whisper_v3(ranks: bytes, languages: bytes) -> Encoding:
    """Whisper large-v3 and turbo: the same ranks, 100 languages; n_vocab 51,866."""
    return _whisper("whisper_v3", *_multilingual_ranks(ranks), languages, 100)


def whisper_en(gpt2: Encoding, languages: bytes) -> Encoding:
    """Whisper's English-only models (``*.en``): GPT-2's ranks (``gpt2``'s), 99 language
    tokens still."""
    ranks = gpt2.mergeable_ranks
    return _whisper("whisper_en", ranks, len(ranks), languages, 99)
