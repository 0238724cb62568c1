"""HF ``tokenizer.json`` with a ``WordPiece`` model (BERT, DistilBERT, MiniLM, BGE and the
other BERT-style embeddings).

``hf_json.load_hf_tokenizer_json`` hands a file here when ``model.type`` is ``WordPiece``.
Accepted, as HF tokenizers reads them (``models/wordpiece/serialization.rs``,
``normalizers/bert.rs``, ``pre_tokenizers/bert.rs``, ``processors/bert.rs``,
``decoders/wordpiece.rs``):

- model: ``vocab`` (piece -> id; the ids are HF's, kept as they are), ``unk_token``,
  ``continuing_subword_prefix``, ``max_input_chars_per_word``;
- normalizer: ``BertNormalizer`` (``clean_text``, ``handle_chinese_chars``,
  ``strip_accents``, ``lowercase``);
- pre-tokenizer: ``BertPreTokenizer``;
- post-processor: ``BertProcessing`` (``cls`` and ``sep``), ``TemplateProcessing`` or none;
- decoder: ``WordPiece`` (``prefix``, ``cleanup``) or none;
- ``added_tokens``: matched whole in any text, before the normalizer, as HF does.

Anything else is refused with a ``VocabFileError`` naming it.
"""

from __future__ import annotations

from ..encoding import Encoding
from ..models.wordpiece.stages import wordpiece_stages
from ..normalizers import BertNormalizer
from ..processors import TemplateProcessing
from ..source import VocabFileError
from ..validate import check_ids
from .hf_stages import added_tokens, post_processor, refuse, shown

__all__ = ["load_hf_wordpiece"]

_NORMALIZER_FLAGS = ("clean_text", "handle_chinese_chars", "strip_accents", "lowercase")


def _vocab(model: dict, name: str) -> dict[str, int]:
    """``model.vocab``, every entry a piece string with an int id (ranges and repeats:
    ``load_hf_wordpiece``)."""
    vocab = model.get("vocab")
    if not isinstance(vocab, dict) or not vocab:
        raise VocabFileError(f"{name}: model.vocab must be a non-empty JSON object")
    for piece, tid in vocab.items():
        if type(tid) is not int:
            raise VocabFileError(f"{name}: model.vocab[{piece[:40]!r}] is not an integer id")
    return vocab


def _string(spec: dict, key: str, default: str, name: str, where: str) -> str:
    value = spec.get(key, default)
    if not isinstance(value, str) or not value:
        raise VocabFileError(f"{name}: {where}.{key} must be a non-empty string")
    return value


def _normalizer(spec: object, name: str) -> BertNormalizer:
    if not isinstance(spec, dict) or spec.get("type") != "BertNormalizer":
        raise refuse(name, f"normalizer {shown(spec)} for a WordPiece model")
    flags = {k: spec.get(k, None if k == "strip_accents" else True) for k in _NORMALIZER_FLAGS}
    if any(not isinstance(v, bool) and not (k == "strip_accents" and v is None)
           for k, v in flags.items()):
        raise VocabFileError(f"{name}: normalizer flags {', '.join(_NORMALIZER_FLAGS)} must be "
                             "true or false (strip_accents may be null)")
    return BertNormalizer(**flags)  # type: ignore[arg-type]  # each checked above


def _processor(spec: object, name: str) -> TemplateProcessing:
    """``BertProcessing``'s ``[CLS] $A [SEP]``, another post-processor (``hf_stages``), or
    none (nothing added)."""
    if isinstance(spec, dict) and spec.get("type") == "BertProcessing":
        cls, sep = spec.get("cls"), spec.get("sep")
        if not all(isinstance(e, list) and len(e) == 2 and type(e[1]) is int
                   for e in (cls, sep)):
            raise VocabFileError(f"{name}: BertProcessing needs cls and sep as [token, id]")
        return TemplateProcessing((cls[1],), (sep[1],))  # type: ignore[index]
    return post_processor(spec, name) or TemplateProcessing()


def _decoder(spec: object, name: str) -> tuple[str | None, bool]:
    """The decoder's prefix (None: no decoder) and cleanup flag."""
    if spec is None:
        return None, True
    if not isinstance(spec, dict) or spec.get("type") != "WordPiece":
        raise refuse(name, f"decoder {shown(spec)} for a WordPiece model")
    cleanup = spec.get("cleanup", True)
    if not isinstance(cleanup, bool):
        raise VocabFileError(f"{name}: decoder.cleanup must be true or false")
    return _string(spec, "prefix", "##", name, "decoder"), cleanup


def load_hf_wordpiece(doc: dict, name: str) -> Encoding:
    """Build an ``Encoding`` from a parsed tokenizer.json whose model is ``WordPiece``, with
    HF's ids (``models.wordpiece.stages.wordpiece_stages`` composes BERT's stages).

    Args:
        doc: the file's JSON object.
        name: the encoding's name (also used in messages).

    Raises:
        VocabFileError: naming the field that is malformed or the component not
            reproduced (an id out of range or given twice included).
    """
    model = doc["model"]
    vocab = dict(_vocab(model, name))
    prefix = _string(model, "continuing_subword_prefix", "##", name, "model")
    unk = _string(model, "unk_token", "[UNK]", name, "model")
    longest = model.get("max_input_chars_per_word", 100)
    if type(longest) is not int or longest < 1:
        raise VocabFileError(f"{name}: model.max_input_chars_per_word must be a positive "
                             "integer")
    if doc.get("pre_tokenizer") != {"type": "BertPreTokenizer"}:
        raise refuse(name, f"pre_tokenizer {shown(doc.get('pre_tokenizer'))} for a WordPiece "
                     "model")
    decoded_prefix, cleanup = _decoder(doc.get("decoder"), name)
    if decoded_prefix not in (None, prefix):
        raise refuse(name, f"a decoder prefix {decoded_prefix!r} other than the model's "
                     f"{prefix!r}")
    special, plain = added_tokens(doc.get("added_tokens"), name)
    whole = {**special, **plain}
    for text, tid in whole.items():
        if vocab.setdefault(text, tid) != tid:
            raise VocabFileError(f"{name}: added token {text!r} has id {tid}, the vocabulary "
                                 f"{vocab[text]}")
    try:
        check_ids("model.vocab and added_tokens", list(vocab.values()))
        return Encoding(**wordpiece_stages(
            name, vocab, special_tokens=tuple(whole), unk_token=unk,
            continuing_subword_prefix=prefix,
            normalizer=_normalizer(doc.get("normalizer"), name),
            post_processor=_processor(doc.get("post_processor"), name),
            max_input_chars_per_word=longest, cleanup=cleanup))
    except VocabFileError:
        raise
    except ValueError as e:  # an id out of range or twice, an unknown token not a piece
        raise VocabFileError(f"{name}: {e}") from e
