"""HF ``tokenizer.json`` of SentencePiece-style BPE with byte fallback (Mistral 7B, Gemma 2 / 3).

``hf_json.load_hf_tokenizer_json`` hands a file here when its ``BPE`` model has
``byte_fallback``. Accepted, as those files have them (HF tokenizers' serialization:
``tokenizers/src/normalizers``, ``pre_tokenizers``, ``decoders``, ``models/bpe``):

- normalizer: ``Prepend``, ``Replace`` with a ``String`` pattern, a Unicode form, or a
  ``Sequence`` of those;
- pre-tokenizer: none, ``Split`` (Gemma 3's, on spaces the normalizer already replaced), or
  ``Metaspace`` (``▁``, ``prepend_scheme`` always or never, with or without ``split``);
- model: ``BPE`` with ``byte_fallback``, ``unk_token``, ``fuse_unk``; merges as ``"a b"``
  or ``["a", "b"]``, applied in list order (``models.bpe.char_bpe``; Gemma 3's ids as ranks
  would be wrong on runs of spaces);
- decoder: a ``Sequence`` of ``Replace`` (``▁`` -> space), ``ByteFallback``, ``Fuse`` and
  ``Strip``, or ``Metaspace``; post-processor and added tokens as for byte-level files.

Anything else (dropout, ``ignore_merges``, a subword prefix, other components) is refused
with a ``VocabFileError`` that names it.
"""

from __future__ import annotations

import base64
import binascii
from array import array
from itertools import chain
from operator import add, methodcaller

import regex

from ..decoders import Strip
from ..encoding import Encoding
from ..models.bpe.char_bpe import CharBPEEncoder
from ..models.bpe.merge_table import POSITION, MergeTable
from ..normalizers import BertNormalizer
from ..normalizers.precompiled import CharsMap, HFPrecompiled
from ..normalizers.replace import (
    SPACE_MARK,
    NormalizerSequence,
    Prepend,
    RegexReplace,
    Remove,
    Replace,
)
from ..pre_tokenizers import PreTokenizer, Sequence, Split
from ..source import VocabFileError
from ..token_table import TokenTable, byte_value
from .hf_stages import added_tokens, normalizer, post_processor, refuse, shown, split_step

__all__ = ["char_bpe_encoding", "load_hf_char_bpe", "metaspace_stage", "normalizer_steps",
           "piece_decoder"]

_TIMEOUT = 2.0  # seconds a Replace pattern read from a file may take (hf_json's default)

_MODEL_VALUES = {
    "dropout": (None,),
    "continuing_subword_prefix": (None, ""),
    "end_of_word_suffix": (None, ""),
    "ignore_merges": (False, None),
}


def normalizer_steps(spec: object, name: str) -> list:
    """The normalizer section as a list of steps: ``Prepend``, ``Replace`` (a ``String``, or
    a ``Regex``, given 2 seconds per call), ``Precompiled`` (HF's reading of a
    SentencePiece map), ``Strip``, ``StripAccents``, ``Lowercase``, a Unicode form, or a
    ``Sequence`` of those.

    Raises:
        VocabFileError: for another normalizer, a malformed one, or a damaged map.
    """
    if spec is None:
        return []
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind == "Sequence" and isinstance(spec.get("normalizers"), list):
        return [step for inner in spec["normalizers"] for step in normalizer_steps(inner, name)]
    try:  # a pattern refused, a replacement over growth.MAX_REPLACEMENT_CHARS
        if kind == "Prepend" and isinstance(spec.get("prepend"), str):
            return [Prepend(spec["prepend"])]
        pattern, content = (spec.get("pattern"), spec.get("content")) if kind else (None, None)
        if kind == "Replace" and isinstance(pattern, dict) and isinstance(content, str):
            if isinstance(pattern.get("String"), str) and pattern["String"]:
                return [Replace(pattern["String"], content)]
            if isinstance(pattern.get("Regex"), str):
                return [RegexReplace(pattern["Regex"], content, timeout=_TIMEOUT)]
    except ValueError as e:
        raise VocabFileError(f"{name}: {kind} normalizer: {e}") from e
    if kind == "Precompiled":
        return [_precompiled(spec, name)]
    if kind == "Strip":
        left, right = spec.get("strip_left", False), spec.get("strip_right", False)
        if not (isinstance(left, bool) and isinstance(right, bool)):
            raise VocabFileError(f"{name}: Strip.strip_left and strip_right must be true or false")
        return [Remove.strip(left, right)]
    if kind == "StripAccents":
        return [Remove.strip_accents()]
    if kind == "Lowercase":  # Rust's char::to_lowercase, as BERT's lowercasing step
        return [BertNormalizer(clean_text=False, handle_chinese_chars=False,
                               strip_accents=False, lowercase=True)]
    found = normalizer(spec, name)  # a Unicode form, or refused by name
    return [found] if found is not None else []


def _scheme(spec: dict, name: str = "tokenizer.json") -> object:
    """A Metaspace's ``prepend_scheme`` (older files say ``add_prefix_space``), its flags'
    types checked.

    Raises:
        VocabFileError: if ``add_prefix_space`` or ``split`` is not true or false.
    """
    for flag in ("add_prefix_space", "split"):
        if not isinstance(spec.get(flag, True), bool):
            raise VocabFileError(f"{name}: Metaspace.{flag} must be true or false")
    return spec.get("prepend_scheme", "always" if spec.get("add_prefix_space", True) else "never")


def _metaspace(spec: dict, name: str) -> tuple[list, PreTokenizer | None]:
    """Metaspace as normalizer steps (``▁`` for spaces, the prefix) and an optional split
    before each ``▁`` (``tokenizers/src/pre_tokenizers/metaspace.rs``)."""
    scheme = _scheme(spec, name)
    if spec.get("replacement") != SPACE_MARK or scheme not in ("always", "never"):
        raise refuse(name, f"Metaspace pre-tokenizer with replacement {spec.get('replacement')!r}"
                           f" and prepend_scheme {scheme!r}")
    steps = [Replace(" ", SPACE_MARK)]
    if scheme == "always":
        steps.append(Prepend(SPACE_MARK, unless_present=True))
    split = Split(regex.escape(SPACE_MARK), "MergedWithNext") if spec.get("split", True) else None
    return steps, split


def _precompiled(spec: dict, name: str) -> HFPrecompiled:
    raw = spec.get("precompiled_charsmap")
    if not isinstance(raw, str):
        raise VocabFileError(f"{name}: Precompiled.precompiled_charsmap must be a base64 string")
    try:
        return HFPrecompiled(CharsMap(base64.b64decode(raw, validate=True)))
    except (ValueError, binascii.Error) as e:
        raise VocabFileError(f"{name}: Precompiled.{e}") from e


def metaspace_stage(spec: object, name: str, timeout: float | None = None
                    ) -> tuple[list, PreTokenizer | None]:
    """Normalizer steps a Metaspace pre-tokenizer adds (``▁`` for spaces, the prefix), and
    the split stage (None for none); a ``Split`` pattern's scans get ``timeout`` seconds in
    all per call (None: no limit).

    Raises:
        VocabFileError: for another pre-tokenizer or a Metaspace we do not reproduce.
    """
    if spec is None:
        return [], None
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind == "Metaspace":
        return _metaspace(spec, name)
    if kind == "Split":
        return [], split_step(spec, name, timeout)
    raise refuse(name, f"byte_fallback with the pre_tokenizer {shown(spec)}")


def _never_matches(split: dict, steps: list) -> bool:
    """Whether a ``Split`` on one character (a ``String``) can never match the normalized
    text: a ``Replace`` removed every occurrence and no later step writes one."""
    pattern = split.get("pattern", {}).get("String") if split.get("type") == "Split" else None
    if not isinstance(pattern, str) or len(pattern) != 1:
        return False
    removed = False
    for step in steps:
        if isinstance(step, Replace):
            removed = (removed or step.pattern == pattern) and pattern not in step.content
        elif isinstance(step, Prepend):
            removed = removed and pattern not in step.prepend
        else:
            removed = False
    return removed


def piece_decoder(spec: object, name: str) -> Strip | None:
    """Check the decoder is what the token table does (``▁`` -> space, byte pieces to
    bytes, fused); return the ``Strip`` it ends with, if any (a ``Metaspace`` decoder that
    prepends strips the first space).

    Raises:
        VocabFileError: for a decoder that does something else.
    """
    kind = spec.get("type") if isinstance(spec, dict) else None
    if kind == "Metaspace":
        return Strip(" ", 1) if _scheme(spec, name) != "never" else None
    steps = spec.get("decoders") if kind == "Sequence" else None
    if not isinstance(steps, list):
        raise refuse(name, f"decoder {shown(spec)}")
    strip = None
    replaced = False
    for step in steps:
        kind = step.get("type") if isinstance(step, dict) else None
        if kind == "Replace" and step.get("pattern") == {"String": SPACE_MARK} \
                and step.get("content") == " ":
            replaced = True
        elif kind == "Strip" and step.get("content") == " " and strip is None:
            start, stop = step.get("start", 0), step.get("stop", 0)
            if type(start) is not int or type(stop) is not int:
                raise VocabFileError(f"{name}: Strip decoder counts must be integers")
            strip = Strip(" ", start, stop)
        elif kind not in ("ByteFallback", "Fuse"):
            raise refuse(name, f"decoder step {shown(step)}")
    if not replaced:
        raise refuse(name, "a decoder without Replace('▁', ' ')")
    return strip


def load_hf_char_bpe(doc: dict, name: str, merges: list[tuple[str, str]],
                     pattern_timeout: float | None) -> Encoding:
    """Build an ``Encoding`` from a parsed tokenizer.json whose BPE has byte fallback.

    Args:
        doc: the file's JSON object.
        name: the encoding's name (also used in messages).
        merges: the model's merges as pairs of piece strings, in priority order.
        pattern_timeout: seconds all scans by a ``Split`` pattern of the file may take in
            one call (``pattern_deadline``), or None for a shipped file.

    Raises:
        VocabFileError: naming what is malformed or not reproduced, or a merge with a part
            that is not in ``model.vocab`` (HF tokenizers refuses it too:
            ``MergeTokenOutOfVocabulary``).
    """
    model = doc["model"]
    vocab = model.get("vocab")
    if not isinstance(vocab, dict) or set(map(type, vocab.values())) - {int} or \
            min(vocab.values(), default=0) < 0:  # C speed: Gemma's 262,144 pieces
        raise VocabFileError(f"{name}: model.vocab must map pieces to ids >= 0")
    pieces = list(vocab)
    position = dict(zip(pieces, range(len(pieces))))
    found = list(map(position.get, chain.from_iterable(merges)))
    del position
    if None in found:
        raise VocabFileError(f"{name}: merge {merges[found.index(None) // 2]!r} has a part "
                             "not in model.vocab")
    return char_bpe_encoding(doc, name, vocab, MergeTable(pieces, array(POSITION, found)),
                             pattern_timeout)


def char_bpe_encoding(doc: dict, name: str, vocab: dict[str, int], merges: MergeTable,
                      pattern_timeout: float | None, *, check_merges: bool = True) -> Encoding:
    """Build an ``Encoding`` from a tokenizer.json's sections (``doc``: its JSON object, whose
    ``model.vocab`` and ``model.merges`` are not read) and its vocabulary and merges, given
    apart (``load_hf_char_bpe`` reads them from the JSON, ``packed_char_bpe`` from arrays).

    Args:
        doc: the file's JSON object (or a packed file's JSON line).
        name: the encoding's name (also used in messages).
        vocab: piece string -> id (ints >= 0), in the file's order.
        merges: the merge list, its pieces those of ``vocab``.
        pattern_timeout: as ``load_hf_char_bpe``.
        check_merges: join each merge's parts to check the piece it makes is in ``vocab``
            (half a million joins for Gemma's); False only for merges checked so before
            (a shipped packed file: ``packed_char_bpe.load_packed_char_bpe``).

    Raises:
        VocabFileError: naming what is malformed or not reproduced.
    """
    model = doc["model"]
    extra, split = metaspace_stage(doc.get("pre_tokenizer"), name, pattern_timeout)
    for key, allowed in _MODEL_VALUES.items():
        if model.get(key) not in allowed:
            raise refuse(name, f"model.{key} = {model.get(key)!r}")
    special, plain = added_tokens(doc.get("added_tokens"), name)
    steps = normalizer_steps(doc.get("normalizer"), name) + extra
    if split is not None and _never_matches(doc["pre_tokenizer"], steps):
        split = None  # Gemma 3's Split on spaces, which the normalizer replaced
    strip = piece_decoder(doc.get("decoder"), name)
    if check_merges and not all(map(vocab.__contains__, map(add, merges.lefts(),
                                                            merges.rights()))):
        unknown = next((a, b) for a, b in merges if a + b not in vocab)  # C speed, then the name
        raise VocabFileError(f"{name}: merge {unknown!r} makes a piece not in model.vocab")
    # the largest table first: the space its growth left is reused by the tables below
    priority = merges.priority(vocab)
    pieces = dict(zip(vocab.values(), vocab))
    if len(pieces) != len(vocab):
        raise VocabFileError(f"{name}: model.vocab gives an id to more than one piece")
    pieces.update({i: text for text, i in {**plain, **special}.items()})
    # every piece at C speed, then the few written like <0xHH> (byte_value) one by one
    token_bytes = dict(zip(vocab.values(), map(str.encode, map(
        methodcaller("replace", SPACE_MARK, " "), vocab))))
    surface = dict(token_bytes)  # the same bytes objects, but where a piece has a ▁
    marked = list(filter(methodcaller("__contains__", SPACE_MARK), vocab))
    surface.update(zip(map(vocab.__getitem__, marked), map(str.encode, marked)))
    del marked
    byte_ids = {}
    for piece in [p for p in vocab if p[:3] == "<0x"]:
        try:
            value = byte_value(piece)
        except ValueError as e:
            raise VocabFileError(f"{name}: model.vocab: {e}") from e
        if value is not None:
            i = vocab[piece]
            byte_ids[value] = i
            token_bytes[i] = surface[i] = bytes([value])
    for text, i in plain.items():  # HF's decoder chain reads added tokens too
        token_bytes.setdefault(i, text.replace(SPACE_MARK, " ").encode("utf-8"))
    for text, i in special.items():  # its text, as TokenTable would give it, so that the
        token_bytes.setdefault(i, text.encode("utf-8"))  # table keeps these dicts, no copies
    surface.update({i: token_bytes[i] for i in chain(plain.values(), special.values())
                    if i not in surface})
    unk = model.get("unk_token")
    if not isinstance(unk, str | None) or not isinstance(model.get("fuse_unk"), bool | None):
        raise VocabFileError(f"{name}: model.unk_token must be a string and fuse_unk a boolean")
    if unk is not None and unk not in vocab:
        raise VocabFileError(f"{name}: unk_token {unk!r} is not in model.vocab")
    encoder = CharBPEEncoder(vocab, priority,
                             pre_tokenizer=split, byte_ids=byte_ids,
                             unk_id=vocab.get(unk) if unk is not None else None,
                             fuse_unk=bool(model.get("fuse_unk")), merges=merges)
    try:
        table = TokenTable(name, pieces, token_bytes, special, plain, surface=surface)
    except ValueError as e:
        raise VocabFileError(f"{name}: {e}") from e
    post = post_processor(doc.get("post_processor"), name)
    try:
        return Encoding(
            name, vocab=table, model=encoder,
            pre_tokenizer=split if split is not None else Sequence([]),
            normalizer=NormalizerSequence(steps) if steps else None,
            post_processor=post, decoder=strip,
        )
    except ValueError as e:  # a post-processor id that is not a token
        raise VocabFileError(f"{name}: {e}") from e
