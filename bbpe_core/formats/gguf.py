"""An ``Encoding`` from the tokenizer in a GGUF model file's header (llama.cpp, Ollama, LM Studio).

``gguf_header`` reads the ``tokenizer.*`` metadata, never the tensors; this module checks each
field's type and builds the encoding with the engine's existing builders, by
``tokenizer.ggml.model`` (llama.cpp's ``llama_vocab::impl::load``, ``src/llama-vocab.cpp``):

- ``gpt2``: byte-level BPE; tokens are GPT-2 byte strings (``Ġhello``), merges ``"a b"``
  strings in priority order, the pre-tokenizer named by ``tokenizer.ggml.pre`` (``gguf_pre``;
  llama.cpp's ``default`` when the file names none: Aquila's, GPT-NeoX's); built as a HF
  ``tokenizer.json``'s (``hf_json.byte_level_encoding``). A single byte no token holds
  (Falcon's 0x03, StarCoder's 0xF1) gives no id and parts its neighbours, as llama.cpp's
  ``llm_tokenizer_bpe_session`` does (``vocab.Vocab``'s ``missing_bytes="split"``);
- ``llama``: SentencePiece BPE by scores with byte fallback (``<0xNN>`` pieces), ``▁`` for
  spaces and a dummy prefix unless ``tokenizer.ggml.add_space_prefix`` is false; built as a
  ``.model`` file's (``sentencepiece.sentencepiece_encoding``);
- ``gemma4``: SentencePiece-style BPE with merges (``▁`` for spaces, no dummy prefix, byte
  fallback); built as a HF ``tokenizer.json`` with byte fallback (``hf_char_bpe``);
- ``bert``: WordPiece, BERT's normalizer (lowercased) and pre-tokenizer
  (``models.wordpiece.stages.wordpiece_stages``);
- ``t5``: SentencePiece Unigram with its precompiled normalization map, built as a
  ``.model`` file's (``sentencepiece_unigram``).

Every other kind (``rwkv``, ``plamo2``, ...) is refused by name. Token types
(``tokenizer.ggml.token_type``, llama.cpp's ``llama_token_type``: 1 normal, 2 unknown,
3 control, 4 user-defined, 5 unused, 6 byte) decide what text matches: control, unknown
and unused tokens are special tokens (matched only when allowed, so ``encode_ordinary``
gives llama.cpp's ``tokenize(..., parse_special=false)``), user-defined ones are matched
whole in any text, as llama.cpp and HF tokenizers match them.

The input may be the header alone: ``gguf_header.header_length`` bytes from the start of
the file (what a browser sends instead of the whole model).
"""

from __future__ import annotations

import os
import warnings
from pathlib import Path

from ..encoding import Encoding
from ..models.wordpiece.stages import wordpiece_stages
from ..normalizers.replace import SPACE_MARK
from ..pre_tokenizers import Sequence, Split
from ..pre_tokenizers.byte_level import from_gpt2_str, from_gpt2_strs
from ..processors import TemplateProcessing
from ..source import VocabFileError
from ..validate import MAX_MERGES, MAX_VOCAB_ENTRIES, check_piece_texts, check_whole_tokens
from . import gguf_header
from .gguf_header import read_gguf_typed
from .gguf_pre import PRE_TOKENIZERS, REFUSED
from .hf_char_bpe import load_hf_char_bpe
from .hf_json import DEFAULT_PATTERN_TIMEOUT, _merge_parts, byte_level_encoding
from .hf_stages import refuse
from .sentencepiece import sentencepiece_encoding
from .sentencepiece_model import PIECE_TYPES, Piece, SentencePieceModel, check_pieces

__all__ = ["GGUFWarning", "KEYS", "MISSING_PRE", "gguf_warnings", "load_gguf",
           "read_gguf_unigram"]

KEYS = {
    **dict.fromkeys(("tokenizer.ggml.tokens", "tokenizer.ggml.token_type",
                     "tokenizer.ggml.scores"), MAX_VOCAB_ENTRIES),
    "tokenizer.ggml.merges": MAX_MERGES,
    "tokenizer.ggml.precompiled_charsmap": gguf_header.MAX_ARRAY_LENGTH,
    **dict.fromkeys([f"tokenizer.ggml.{k}" for k in (
        "model", "pre", "add_space_prefix", "remove_extra_whitespaces", "add_bos_token",
        "add_eos_token", "bos_token_id", "eos_token_id", "unknown_token_id", "cls_token_id",
        "seperator_token_id")], 0),
}
"""The header entries ``load_gguf`` reads, and the most elements each array may have: the
caps of every other loader (``validate.MAX_VOCAB_ENTRIES`` tokens, ``validate.MAX_MERGES``
merges), checked before the array is built; every other entry is skipped unbuilt."""

MISSING_PRE = ("{name}: tokenizer.ggml.pre is missing, so llama.cpp splits with its 'default' "
               "pre-tokenizer and warns that generation quality will be degraded; these are "
               "llama.cpp's ids, which may differ from the model's own tokenizer's")
"""What ``load_gguf`` warns when a byte-level file names no pre-tokenizer (older conversions:
Aquila, GPT-NeoX), as llama.cpp does."""


class GGUFWarning(UserWarning):
    """A GGUF tokenizer that loads, but as llama.cpp runs it rather than as its model's own
    tokenizer does (``MISSING_PRE``)."""


_NORMAL, _UNKNOWN, _CONTROL, _USER_DEFINED, _UNUSED, _BYTE = 1, 2, 3, 4, 5, 6
_INTS = ("uint8", "int8", "uint16", "int16", "uint32", "int32", "uint64", "int64")


class _Fields:
    """Typed access to the ``tokenizer.*`` entries; every wrong type names the key."""

    def __init__(self, meta: dict[str, tuple[str, object]], name: str) -> None:
        self.meta, self.name = meta, name

    def get(self, key: str, types: tuple[str, ...], default=None, *, required: bool = False):
        if key not in self.meta:
            if required:
                raise VocabFileError(f"{self.name}: {key} is missing")
            return default
        kind, value = self.meta[key]
        if kind not in types:
            raise VocabFileError(f"{self.name}: {key} is a {kind}, not a {' or '.join(types)}")
        return value

    def token_id(self, key: str, n: int) -> int | None:
        value = self.get(f"tokenizer.ggml.{key}", _INTS)
        if value is not None and not 0 <= value < n:
            raise VocabFileError(f"{self.name}: tokenizer.ggml.{key} = {value} is not a token id "
                                 f"(0..{n - 1})")
        return value

    def flag(self, key: str, default: bool) -> bool:
        return self.get(f"tokenizer.ggml.{key}", ("bool",), default)

    def array(self, key: str, types: tuple[str, ...], n: int, *, required: bool = True) -> list:
        value = self.get(key, tuple(f"array[{t}]" for t in types), required=required)
        if value is not None and len(value) != n:
            raise VocabFileError(f"{self.name}: {key} has {len(value):,} entries for {n:,} tokens")
        return value


def _tokens(f: _Fields) -> tuple[list[str], list[int]]:
    """The tokens and their types, checked by the rules of every loader
    (``validate.check_piece_texts``, ``validate.check_whole_tokens``)."""
    tokens = f.get("tokenizer.ggml.tokens", ("array[string]",), required=True)
    types = f.array("tokenizer.ggml.token_type", ("int32", "uint32"), len(tokens),
                    required=False) or [_NORMAL] * len(tokens)
    bad = next((i for i, t in enumerate(types) if t not in PIECE_TYPES), None)
    if bad is not None:
        raise VocabFileError(f"{f.name}: tokenizer.ggml.token_type[{bad}] = {types[bad]} is not "
                             "a token type (1 normal .. 6 byte)")
    try:
        check_piece_texts(tokens, "tokenizer.ggml.tokens")
        check_whole_tokens([t for t, k in zip(tokens, types) if k not in (_NORMAL, _BYTE)])
    except ValueError as e:
        raise VocabFileError(f"{f.name}: {e}") from e
    return tokens, types


def _merges(f: _Fields) -> list[tuple[str, str]]:
    """``"a b"`` strings as pairs (llama-vocab.cpp cuts at the first space after the first
    character; a merge with a space elsewhere is refused by ``hf_json``'s reader, naming it)."""
    raw = f.get("tokenizer.ggml.merges", ("array[string]",), required=True)
    return list(zip(*_merge_parts(raw, f"{f.name}: tokenizer.ggml.merges")))


def _post(f: _Fields, n: int, add_bos: bool, add_eos: bool = False, *,
          bos_default: int | None = None, eos_default: int | None = None
          ) -> TemplateProcessing | None:
    """BOS / EOS as llama.cpp adds them with ``add_special`` (``llama_vocab::impl::tokenize``):
    ``add_bos`` / ``add_eos`` are the kind's defaults, which ``tokenizer.ggml.add_bos_token``
    / ``add_eos_token`` override; the ids are the file's, else the kind's defaults."""
    bos, eos = f.token_id("bos_token_id", n), f.token_id("eos_token_id", n)
    bos = bos_default if bos is None and bos_default is not None and bos_default < n else bos
    eos = eos_default if eos is None and eos_default is not None and eos_default < n else eos
    prefix = (bos,) if f.flag("add_bos_token", add_bos) and bos is not None else ()
    suffix = (eos,) if f.flag("add_eos_token", add_eos) and eos is not None else ()
    return TemplateProcessing(prefix, suffix) if prefix or suffix else None


def _byte_level_bpe(f: _Fields, name: str, pattern_timeout: float | None) -> Encoding:
    pre = f.get("tokenizer.ggml.pre", ("string",))
    if pre is None:  # llama_vocab::impl::load: "missing pre-tokenizer type, using: 'default'"
        warnings.warn(MISSING_PRE.format(name=name), GGUFWarning, stacklevel=3)
        pre = "default"
    if pre in REFUSED:
        raise refuse(name, f"the pre-tokenizer {pre!r} ({REFUSED[pre]})")
    spec = PRE_TOKENIZERS.get(pre)
    if spec is None:
        raise refuse(name, f"the unknown pre-tokenizer {pre!r} (tokenizer.ggml.pre)")
    if not spec.byte_level:
        raise refuse(name, f"the pre-tokenizer {pre!r} on raw UTF-8")
    tokens, types = _tokens(f)
    ranks, special, added = _byte_level_tables(tokens, types, name)
    try:
        merges = [(from_gpt2_str(a), from_gpt2_str(b)) for a, b in _merges(f)]
    except ValueError as e:
        raise VocabFileError(f"{name}: tokenizer.ggml.merges: {e}") from e
    splits = [Split(p, timeout=pattern_timeout) for p in spec.patterns]
    stage = Sequence(splits) if len(splits) > 1 else None
    options = {"pat_str": spec.patterns[-1], "add_prefix_space": False, "pre_tokenizer": stage,
               "normalizer": None, "post_processor": _post(f, len(tokens), False),
               "special_tokens": special, "added_tokens": added,
               "ignore_merges": spec.ignore_merges, "pattern_timeout": pattern_timeout,
               "missing_bytes": "split"}  # a byte no token holds: as llama.cpp, no id
    return byte_level_encoding(name, ranks, merges, options)


def _byte_level_tables(tokens: list[str], types: list[int], name: str
                       ) -> tuple[dict[bytes, int], dict[str, int], dict[str, int]]:
    """Ordinary tokens (bytes -> id), special and added tokens (text -> id).

    A normal token that is not a GPT-2 byte string (Command R lists 1,403 raw characters:
    ``\\u200d``, emoji) is one no text reaches, in HF tokenizers or llama.cpp: its id is left
    unassigned. A user-defined token that is the GPT-2 character of a byte no other token
    holds (DeepSeek's ``õ`` for 0xF5, a byte UTF-8 never uses) is that byte's token.
    """
    texts = [t if k == _NORMAL else "" for t, k in zip(tokens, types)]
    decoded = from_gpt2_strs(texts) or [_gpt2_bytes(t) for t in texts]
    ranks: dict[bytes, int] = {}
    for i, data in enumerate(decoded):
        if data:
            if data in ranks:
                raise VocabFileError(f"{name}: tokenizer.ggml.tokens[{i}] repeats "
                                     f"tokens[{ranks[data]}]")
            ranks[data] = i
    special, added = {}, {}
    for i, (token, kind) in enumerate(zip(tokens, types)):
        if kind == _BYTE:
            raise VocabFileError(f"{name}: tokenizer.ggml.tokens[{i}] is a byte token in a "
                                 "byte-level vocabulary")
        if kind == _USER_DEFINED:
            data = _gpt2_bytes(token) if len(token) == 1 else None
            if data and data not in ranks:
                ranks[data] = i
            else:
                added[token] = i
        elif kind != _NORMAL:
            special[token] = i
    return ranks, special, added


def _gpt2_bytes(text: str) -> bytes | None:
    try:
        return from_gpt2_str(text)
    except ValueError:
        return None


_PIECE_FIELDS = ("tokenizer.ggml.tokens", "tokenizer.ggml.scores", "tokenizer.ggml.token_type")
"""The header keys a SentencePiece vocabulary's checks name (``check_pieces``'s fields)."""


def _sentencepiece_model(f: _Fields, model_type: str) -> SentencePieceModel:
    """A SentencePiece model (``BPE`` for ``llama``, ``UNIGRAM`` for ``t5``) as its ``.model``
    would be read: pieces, scores, types, the precompiled normalization map
    (``tokenizer.ggml.precompiled_charsmap``) and the normalizer flags."""
    tokens, types = _tokens(f)
    scores = f.array("tokenizer.ggml.scores", ("float32",), len(tokens))
    charsmap = f.get("tokenizer.ggml.precompiled_charsmap", ("array[uint8]", "array[int8]"), [])
    unk = f.token_id("unknown_token_id", len(tokens))
    if unk is None or types[unk] != _UNKNOWN:
        unk = next((i for i, k in enumerate(types) if k == _UNKNOWN), None)
    # llama.cpp matches an UNKNOWN-type token as it does a CONTROL one (special, only with
    # parse_special: llama-vocab.cpp's tokenizer_st_partition); Phi-3's file has 53. One of
    # them is the unknown piece (the file's unknown_token_id, else the first); the others are
    # control pieces, so the one check of every SentencePiece vocabulary applies
    names = [PIECE_TYPES[_CONTROL] if k == _UNKNOWN and i != unk else PIECE_TYPES[k]
             for i, k in enumerate(types)]
    model = SentencePieceModel(
        pieces=tuple(Piece(t, s, k) for t, s, k in zip(tokens, scores, names)),
        model_type=model_type, byte_fallback=_BYTE in types,
        normalizer_name="precompiled" if charsmap else "identity",
        precompiled_charsmap=bytes(b & 0xFF for b in charsmap),
        add_dummy_prefix=f.flag("add_space_prefix", True),
        remove_extra_whitespaces=f.flag("remove_extra_whitespaces", False),
        escape_whitespaces=True)
    return model


def _unigram_post(f: _Fields, n: int) -> TemplateProcessing | None:
    """llama.cpp's UGM (T5) defaults: eos 1, no BOS, adds EOS (HF's T5 tokenizer.json:
    ``"$A </s>"``); the file's keys override."""
    return _post(f, n, False, True, eos_default=1)


def _sentencepiece(f: _Fields, name: str, model_type: str) -> Encoding:
    """The ``Encoding`` of a ``llama`` or ``t5`` kind, built as its ``.model`` file's."""
    model = _sentencepiece_model(f, model_type)
    enc = sentencepiece_encoding(model, name, _PIECE_FIELDS)
    # llama.cpp's defaults (llama_vocab::impl::load): SPM bos 1, eos 2, adds BOS; UGM: above
    n = len(model.pieces)
    enc.post_processor = (_unigram_post(f, n) if model_type == "UNIGRAM"
                          else _post(f, n, True, False, bos_default=1, eos_default=2))
    return enc


def read_gguf_unigram(source: str | os.PathLike | bytes, *, name: str
                      ) -> tuple[SentencePieceModel, TemplateProcessing | None]:
    """A ``t5``-kind GGUF tokenizer as the SentencePiece Unigram model it was converted from,
    and what llama.cpp adds around its ids (for a builder that runs the model another
    library's way: ``encodings.zoo_gguf.nomic_bert_moe``).

    Args:
        source: as ``load_gguf``'s.
        name: the file's name for messages.

    Raises:
        VocabFileError: for a damaged header, a field of the wrong type, a tokenizer that is
            not of the ``t5`` kind, or pieces ``check_pieces`` refuses (as ``load_gguf``).
        OSError: if the path cannot be read.
    """
    f = _Fields(read_gguf_typed(source, name=name, keep=tuple(KEYS), caps=KEYS), name)
    kind = f.get("tokenizer.ggml.model", ("string",), required=True)
    if kind != "t5":
        raise refuse(name, f"tokenizer.ggml.model {kind[:60]!r} (a t5 kind is read here)")
    model = _sentencepiece_model(f, "UNIGRAM")
    check_pieces(model, name, _PIECE_FIELDS)
    return model, _unigram_post(f, len(model.pieces))


def _gemma4(f: _Fields, name: str) -> Encoding:
    """Gemma 4: BPE by merges on ``▁``-escaped text, byte fallback, no dummy prefix
    (``LLAMA_VOCAB_PRE_TYPE_GEMMA4``), as HF's tokenizer.json with byte fallback."""
    tokens, types = _tokens(f)
    if f.flag("add_space_prefix", False):
        raise refuse(name, "a gemma4 tokenizer with add_space_prefix")
    vocab = dict(zip(tokens, range(len(tokens))))
    if len(vocab) != len(tokens):
        raise VocabFileError(f"{name}: tokenizer.ggml.tokens lists a token twice")
    added = [{"id": i, "content": t, "special": k != _USER_DEFINED}
             for i, (t, k) in enumerate(zip(tokens, types))
             if k in (_CONTROL, _USER_DEFINED, _UNUSED)]
    unk = f.token_id("unknown_token_id", len(tokens))
    doc = {
        "model": {"type": "BPE", "byte_fallback": True, "vocab": vocab,
                  "unk_token": tokens[unk] if unk is not None else None},
        "normalizer": {"type": "Replace", "pattern": {"String": " "}, "content": SPACE_MARK},
        "pre_tokenizer": None, "added_tokens": added,
        "decoder": {"type": "Sequence", "decoders": [
            {"type": "Replace", "pattern": {"String": SPACE_MARK}, "content": " "},
            {"type": "ByteFallback"}, {"type": "Fuse"}]},
        "post_processor": None,
    }
    enc = load_hf_char_bpe(doc, name, _merges(f), None)  # no pattern of the file: none to time
    enc.post_processor = _post(f, len(tokens), False)  # BPE: BOS only if the file asks
    return enc


def _wordpiece_token(token: str, kind: int) -> str:
    """BERT's ``vocab.txt`` form of a GGUF WordPiece token: llama.cpp's converter
    (``convert_hf_to_gguf.py``, ``BertModel``'s ``phantom``) writes a word-initial piece with
    ``▁`` before it and a continuation without its ``##``; control tokens as they are."""
    if kind == _CONTROL:
        return token
    return token[1:] if token.startswith(SPACE_MARK) else "##" + token


def _wordpiece(f: _Fields, name: str) -> Encoding:
    tokens, types = _tokens(f)
    tokens = [_wordpiece_token(t, k) for t, k in zip(tokens, types)]
    vocab = {t: i for i, t in enumerate(tokens)}
    if len(vocab) != len(tokens):
        raise VocabFileError(f"{name}: tokenizer.ggml.tokens lists a token twice")
    ids = {key: f.token_id(f"{key}_token_id", len(tokens))
           for key in ("unknown", "cls", "seperator")}  # llama.cpp's spelling of the key
    missing = [key for key, i in ids.items() if i is None]
    if missing:
        raise VocabFileError(f"{name}: tokenizer.ggml.{missing[0]}_token_id is missing")
    special = [t for t, k in zip(tokens, types) if k == _CONTROL]
    try:
        return Encoding(**wordpiece_stages(
            name, vocab, special_tokens=special, unk_token=tokens[ids["unknown"]],
            cls_token=tokens[ids["cls"]], sep_token=tokens[ids["seperator"]]))
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e


def gguf_warnings(source: str | os.PathLike | bytes, *, name: str) -> list[str]:
    """What ``load_gguf`` would warn about the file, read from two header keys without
    building the encoding (for a caller that builds it elsewhere: the CLI's ``count``).

    Args:
        source: as ``load_gguf``'s.
        name: the encoding's name, for the message.

    Raises:
        VocabFileError: for a damaged header (``gguf_header``).
        OSError: if the path cannot be read.
    """
    meta = read_gguf_typed(source, name=name, keep=("tokenizer.ggml.model", "tokenizer.ggml.pre"))
    kind = meta.get("tokenizer.ggml.model", (None, None))[1]
    missing_pre = kind == "gpt2" and "tokenizer.ggml.pre" not in meta
    return [MISSING_PRE.format(name=name)] if missing_pre else []


def load_gguf(source: str | os.PathLike | bytes, *, name: str | None = None,
              pattern_timeout: float | None = DEFAULT_PATTERN_TIMEOUT) -> Encoding:
    """Build an ``Encoding`` from the tokenizer in a GGUF file's header.

    Args:
        source: a path (memory-mapped: a model of any size costs what its tokenizer costs),
            or bytes: the whole file or a prefix of at least ``gguf_header.header_length``
            bytes.
        name: the encoding's name (default: the file's name without ``.gguf``, or
            ``"gguf"`` for bytes); also used in messages.
        pattern_timeout: seconds one split by the pre-tokenizer's patterns may take.

    Returns:
        The encoding; ``post_process`` adds BOS / EOS as the file asks
        (``tokenizer.ggml.add_bos_token`` / ``add_eos_token``).

    Raises:
        VocabFileError: (a ValueError) for a damaged header (``gguf_header``), a field of the
            wrong type, a missing one, a count or length over its cap (``KEYS``,
            ``validate.check_piece_texts``, ``validate.check_whole_tokens``), pieces the one
            check of SentencePiece vocabularies refuses (``sentencepiece_model.check_pieces``:
            ``llama`` and ``t5``), or a tokenizer kind or pre-tokenizer we do not reproduce,
            each named.
        OSError: if the path cannot be read.
    """
    if name is None:
        name = "gguf" if isinstance(source, (bytes, bytearray, memoryview)) else \
            Path(os.fspath(source)).name.removesuffix(".gguf")
    f = _Fields(read_gguf_typed(source, name=name, keep=tuple(KEYS), caps=KEYS), name)
    kind = f.get("tokenizer.ggml.model", ("string",), required=True)
    try:
        if kind == "gpt2":
            return _byte_level_bpe(f, name, pattern_timeout)
        if kind in ("llama", "t5"):
            return _sentencepiece(f, name, "BPE" if kind == "llama" else "UNIGRAM")
        if kind == "gemma4":
            return _gemma4(f, name)
        if kind == "bert":
            return _wordpiece(f, name)
    except VocabFileError:
        raise
    except ValueError as e:  # the engine's checks of the tables
        raise VocabFileError(f"{name}: {e}") from e
    raise refuse(name, f"tokenizer.ggml.model {kind[:60]!r}")
