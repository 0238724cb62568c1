"""HF ``tokenizer.json``: load what we can reproduce exactly, refuse the rest. A BPE model with
``byte_fallback`` (SentencePiece-style: Mistral 7B, Gemma) goes to ``hf_char_bpe``, a Unigram
model (T5, umT5, XLM-R) to ``hf_unigram``; this module reads byte-level BPE.

Accepted: model ``BPE`` (vocab, merges as ``"a b"`` or ``["a", "b"]``,
``ignore_merges``); normalizer none, ``NFC`` or ``NFKC``; pre-tokenizer ``ByteLevel``
(``use_regex`` = GPT-2's pattern, ``add_prefix_space``) alone or after ``Split`` steps (any
behaviour); decoder ``ByteLevel``; post-processor ``ByteLevel``, ``TemplateProcessing``
(kept as ``Encoding.post_process``, off in ``encode``) or none; ``added_tokens`` (special
ones become special tokens, the others added tokens, matched whole in any text); a vocabulary
that lacks single bytes (StarCoder's) leaves them out, as HF's ``BPE`` does with no
``unk_token`` (``vocab.Vocab``'s ``missing_bytes="skip"``). Anything
else (dropout, an unk token, other normalizers, pre-tokenizers or decoders) is
refused with a message that names it, never silently ignored (``hf_stages``). Format: HF
tokenizers' ``tokenizer.json`` serialization (tokenizers/src/tokenizer/serialization.rs and
models/bpe/serialization.rs). The official files of Llama 3, Qwen 3, DeepSeek V3/R1/V4,
gpt-oss and Claude 1/2 load as published.
"""

from __future__ import annotations

import json
import os
from itertools import repeat

from ..encoding import Encoding
from ..pre_tokenizers.byte_level import from_gpt2_str, to_gpt2_str
from ..source import VocabFileError, read_json_object
from ..validate import MAX_MERGES, MAX_VOCAB_ENTRIES
from ..vocab import Vocab
from .gpt2_files import gpt2_vocab, merge_list, ordinary_entries, parse_vocab
from .hf_char_bpe import load_hf_char_bpe
from .hf_stages import added_tokens, normalizer, post_processor, pre_tokenizer, refuse, shown
from .hf_unigram import load_hf_unigram, serde_float
from .hf_wordpiece import load_hf_wordpiece
from .sentencepiece_save import save_sentencepiece_tokenizer_json

__all__ = [
    "DEFAULT_PATTERN_TIMEOUT",
    "byte_level_encoding",
    "byte_level_options",
    "load_hf_tokenizer_json",
    "save_hf_tokenizer_json",
]

DEFAULT_PATTERN_TIMEOUT = 2.0
"""Seconds all the scans by a pattern read from a file may take in one call (``encode``,
``encode_detailed``...; a ReDoS guard: ``pattern_deadline``)."""

_ALLOWED_MODEL_VALUES = {
    "dropout": (None,),
    "unk_token": (None,),
    "continuing_subword_prefix": (None, ""),
    "end_of_word_suffix": (None, ""),
    "fuse_unk": (False, None),
    "byte_fallback": (False, None),
}


def _check_model(doc: dict, name: str) -> dict:
    model = doc.get("model")
    if not isinstance(model, dict) or model.get("type", "BPE") != "BPE":
        kind = model.get("type") if isinstance(model, dict) else model
        raise refuse(name, f"model type {kind!r}")
    for key, allowed in _ALLOWED_MODEL_VALUES.items():
        if model.get(key) not in allowed:
            raise refuse(name, f"model.{key} = {shown(model.get(key))}")
    if not isinstance(model.get("ignore_merges", False), bool):
        raise VocabFileError(f"{name}: model.ignore_merges must be true or false")
    decoder = doc.get("decoder")
    kind = decoder.get("type") if isinstance(decoder, dict) else decoder
    if decoder is not None and kind != "ByteLevel":
        raise refuse(name, f"decoder {kind!r}")
    return model


def _merge_parts(raw: list, name: str) -> tuple[list[str], list[str]]:
    """``model.merges`` (``"a b"`` strings or ``["a", "b"]`` lists) as (lefts, rights).

    Raises:
        VocabFileError: naming the first item that is not a pair of strings.
    """
    if set(map(type, raw)) == {str}:  # the common "a b" form, split at C speed
        words = " ".join(raw).split(" ")
        # n items, each with a space, joined by n - 1 more: 2n words iff each has exactly one
        if len(words) == 2 * len(raw) and all(map(str.__contains__, raw, repeat(" "))):
            return words[0::2], words[1::2]
    lefts, rights = [], []
    for k, item in enumerate(raw):
        pair = item.split(" ") if isinstance(item, str) else item
        if (not isinstance(pair, list) or len(pair) != 2
                or not all(isinstance(p, str) for p in pair)):
            raise VocabFileError(f"{name}: model.merges[{k}] is not a pair: {item!r}")
        lefts.append(pair[0])
        rights.append(pair[1])
    return lefts, rights


def load_hf_tokenizer_json(
    source: str | os.PathLike | bytes,
    *,
    name: str = "tokenizer.json",
    max_bytes: int | None = None,
    pattern_timeout: float | None = DEFAULT_PATTERN_TIMEOUT,
) -> Encoding:
    """Build an ``Encoding`` from a HF ``tokenizer.json`` (byte-level BPE, BPE with byte
    fallback: ``hf_char_bpe``, Unigram: ``hf_unigram``, or WordPiece: ``hf_wordpiece``).

    Its special ``added_tokens`` become the encoding's special tokens, so ``encode``
    refuses their text by default (pass ``allowed_special="all"`` to match HF, which always
    matches them); its non-special ones are matched whole in any text, as HF does.

    Args:
        source: a path or the file's bytes.
        name: the encoding's name (also used in messages).
        max_bytes: size cap, checked before parsing.
        pattern_timeout: seconds a split by the file's pattern may take.

    Raises:
        VocabFileError: (a ValueError) naming the file and what is unsupported or
            malformed, or a model.vocab or model.merges of more than
            ``validate.MAX_VOCAB_ENTRIES`` or ``validate.MAX_MERGES`` entries.
    """
    doc, name = read_json_object(source, name=name, max_bytes=max_bytes,
                                 parse_float=serde_float)  # as HF reads scores
    model = doc.get("model")
    for key, cap in (("vocab", MAX_VOCAB_ENTRIES), ("merges", MAX_MERGES)):  # before tables
        entries = model.get(key) if isinstance(model, dict) else None
        if isinstance(entries, list | dict) and len(entries) > cap:
            raise VocabFileError(f"{name}: model.{key} has more than {cap:,} entries")
    if isinstance(model, dict) and model.get("type") == "Unigram":
        return load_hf_unigram(doc, name)
    if isinstance(model, dict) and model.get("type") == "WordPiece":
        return load_hf_wordpiece(doc, name)
    if isinstance(model, dict) and model.get("type", "BPE") == "BPE" and model.get("byte_fallback"):
        merges = model.get("merges") or []
        if not isinstance(merges, list):
            raise VocabFileError(f"{name}: model.merges must be a list")
        return load_hf_char_bpe(doc, name, list(zip(*_merge_parts(merges, name))),
                                pattern_timeout)
    options = byte_level_options(doc, name, pattern_timeout)
    model = doc["model"]
    whole = {**options["special_tokens"], **options["added_tokens"]}
    vocab = model.get("vocab") or {}
    if not isinstance(vocab, dict):
        raise VocabFileError(f"{name}: model.vocab must be a JSON object")
    vocab = {**vocab, **whole}
    ranks, _ = parse_vocab(vocab, name, whole)
    merges = model.get("merges") or []
    if not isinstance(merges, list):
        raise VocabFileError(f"{name}: model.merges must be a list")
    left_strs, right_strs = _merge_parts(merges, name)
    keys = ordinary_entries(vocab, whole)  # in the order parse_vocab read
    known = dict(zip(keys, ranks)) if len(keys) == len(ranks) else {}  # Ġ string -> bytes
    lefts = list(map(known.get, left_strs))
    rights = list(map(known.get, right_strs))
    if None in lefts or None in rights:  # a part outside the vocabulary: decode it alone
        try:
            lefts = list(map(from_gpt2_str, left_strs))
            rights = list(map(from_gpt2_str, right_strs))
        except ValueError as e:
            raise VocabFileError(f"{name}: model.merges: {e}") from e
    return byte_level_encoding(name, ranks, list(zip(lefts, rights)), options)


def byte_level_options(doc: dict, name: str, pattern_timeout: float | None) -> dict:
    """The ``Encoding`` arguments of a byte-level BPE tokenizer.json, all but its vocabulary
    and merges: split pattern, pre-tokenizer stage, prefix space, normalizer,
    post-processor, ``ignore_merges``, special and added tokens; every section checked.

    Args:
        doc: the parsed tokenizer.json (or a packed file's JSON line, ``packed_bpe``).
        name: the file's name for messages.
        pattern_timeout: seconds a split by the file's pattern may take.

    Returns:
        Keyword arguments for ``Encoding`` (``byte_level_encoding`` passes them).

    Raises:
        VocabFileError: naming the file and the section that is malformed or not reproduced.
    """
    model = _check_model(doc, name)
    norm = normalizer(doc.get("normalizer"), name)
    pat_str, add_prefix_space, stage = pre_tokenizer(
        doc.get("pre_tokenizer"), name, pattern_timeout
    )
    post = post_processor(doc.get("post_processor"), name)
    special, plain = added_tokens(doc.get("added_tokens"), name)
    return {"pat_str": pat_str, "add_prefix_space": add_prefix_space, "pre_tokenizer": stage,
            "normalizer": norm, "post_processor": post, "special_tokens": special,
            "added_tokens": plain, "ignore_merges": bool(model.get("ignore_merges", False)),
            "pattern_timeout": pattern_timeout,
            "missing_bytes": "skip"}  # no unk_token: a byte with no token is left out, as HF


def byte_level_encoding(name: str, ranks: dict[bytes, int], merges: list[tuple[bytes, bytes]],
                        options: dict) -> Encoding:
    """The ``Encoding`` of a byte-level BPE file: its tables and ``byte_level_options``.

    Args:
        name: the encoding's name (also the file's, in messages).
        ranks: ordinary token bytes -> id.
        merges: the merge list in priority order.
        options: what ``byte_level_options`` returned for the file.

    Raises:
        VocabFileError: naming the file, if the tables are inconsistent
            (``validate.check_vocab``).
    """
    try:
        return Encoding(name, mergeable_ranks=ranks, merges=merges, **options)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e


def save_hf_tokenizer_json(enc: Encoding, path: str | os.PathLike) -> None:
    """Write a ``tokenizer.json`` that HF ``tokenizers`` loads to give ``enc``'s ids.

    The split pattern goes in a ``Split`` pre-tokenizer as written (our patterns
    are the original, non-possessive ones HF's engine reads correctly), followed
    by ``ByteLevel(use_regex=false)``; ``ignore_merges`` is set as ``enc`` has it,
    which tiktoken-style encodings need (some of their tokens no merge reaches).
    Special tokens become ``added_tokens``.

    A SentencePiece BPE or Unigram encoding (not byte-level) is written as the converter
    writes its file, a Unigram read from a tokenizer.json with its own stages
    (``sentencepiece_save.save_sentencepiece_tokenizer_json``).

    Args:
        enc: the encoding.
        path: the file to write (overwritten).

    Raises:
        ValueError: for an encoding that is neither byte-level nor SentencePiece BPE or
            Unigram, a stage the file cannot hold (named), or one that lacks single bytes
            with llama.cpp's semantics (a GGUF file's: HF tokenizers would merge across such
            a byte, ``vocab.Vocab``'s ``missing_bytes``).
    """
    if not isinstance(enc.vocab, Vocab):  # a vocabulary of pieces
        save_sentencepiece_tokenizer_json(enc, path)
        return
    if enc.vocab.missing and enc.vocab.missing_bytes != "skip":
        raise ValueError(f"{enc.name} lacks {len(enc.vocab.missing)} single bytes and leaves "
                         "them out as llama.cpp does; a tokenizer.json would give other ids "
                         "(HF tokenizers merge across such a byte), so none is written")
    byte_level = {"type": "ByteLevel", "add_prefix_space": enc.add_prefix_space,
                  "trim_offsets": True, "use_regex": False}
    split = {"type": "Split", "pattern": {"Regex": enc.pat_str}, "behavior": "Isolated",
             "invert": False}
    doc = {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [
            {"id": i, "content": s, "single_word": False, "lstrip": False, "rstrip": False,
             "normalized": False, "special": True}
            for s, i in sorted(enc.special_tokens.items(), key=lambda kv: kv[1])
        ],
        "normalizer": None,
        "pre_tokenizer": {"type": "Sequence", "pretokenizers": [split, byte_level]},
        "post_processor": None,
        "decoder": {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                    "use_regex": True},
        "model": {
            "type": "BPE", "dropout": None, "unk_token": None, "continuing_subword_prefix": None,
            "end_of_word_suffix": None, "fuse_unk": False, "byte_fallback": False,
            "ignore_merges": enc.ignore_merges,
            "vocab": gpt2_vocab(enc),  # with the specials, or HF renumbers added_tokens
            "merges": [[a, b] for a, b in _merge_strings(enc)],
        },
    }
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False)


def _merge_strings(enc: Encoding) -> list[tuple[str, str]]:
    return [(to_gpt2_str(a), to_gpt2_str(b)) for a, b in merge_list(enc)]
