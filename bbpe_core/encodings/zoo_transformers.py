"""The Unigram encodings as transformers builds them (T5, Flan-T5, umT5; XLM-RoBERTa's, for
``zoo_gguf.nomic_bert_moe``), where the model's own tokenizer.json says otherwise.

transformers 5.25.0's ``T5Tokenizer`` (``models/t5/tokenization_t5.py``) and
``XLMRobertaTokenizer`` (``models/xlm_roberta/tokenization_xlm_roberta.py``) rebuild the
pipeline in ``__init__`` whatever the model's tokenizer.json writes: the normalizer is the
model's precompiled map alone (``Precompiled``, if the file has one; T5's ``Replace(" {2,}",
" ")`` is dropped), the pre-tokenizer ``Sequence([WhitespaceSplit(), Metaspace("▁",
prepend_scheme="always", split=True)])``, the model a ``Unigram`` of the file's pieces with a
fixed ``unk_id`` (T5's: 2, XLM-R's: 3). So text is cut at whitespace first and a ``▁`` never
ends a chunk (Flan-T5's file keeps one at the end of ``'trailing space   '``).

Here the whitespace split is written as normalizer steps before the encoding's own ``▁``
split (``formats.hf_unigram.whitespace_split_steps``, which say why the chunks are the
same; a tokenizer.json of such an encoding writes transformers' pre-tokenizer). The
variants share their base encoding's table and model (one copy of each in a process).
"""

from __future__ import annotations

from ..encoding import Encoding
from ..formats.hf_unigram import whitespace_split_steps
from ..models.base import UNIGRAM, Encoder
from ..normalizers.precompiled import HFPrecompiled
from ..normalizers.replace import NormalizerSequence

__all__ = ["T5_UNK_ID", "UnknownAs", "t5_transformers", "transformers_variant",
           "umt5_transformers"]

T5_UNK_ID = 2
"""The ``unk_id`` transformers' ``T5Tokenizer`` gives its ``Unigram`` (``tokenization_t5.py``),
whatever the vocabulary: T5's ``<unk>``, but umT5's ``<s>`` (its ``<unk>`` is 3)."""


class UnknownAs(Encoder):
    """A Unigram encoder whose unknown piece is reported under another id: transformers'
    ``T5Tokenizer`` fixes ``unk_id`` at 2, so an umT5 character no piece holds comes out as
    umT5's ``<s>`` (2), not its ``<unk>`` (3). Everything else is the inner encoder's (its
    cache too); other attributes (``scores``, ``pieces``, ``flavour``) are read from it.

    Args:
        inner: the encoder with the vocabulary's own unknown id.
        unk_id: the id to report instead.
    """

    model_kind = UNIGRAM

    def __init__(self, inner: Encoder, unk_id: int) -> None:
        self.inner = inner
        self.unk_id = unk_id

    def __getattr__(self, name: str):
        return getattr(self.inner, name)

    def _renamed(self, ids: list[int]) -> list[int]:
        old, new = self.inner.unk_id, self.unk_id
        return [new if i == old else i for i in ids] if old in ids else ids

    def encode_segment(self, segment: str) -> list[int]:
        """The inner encoder's ids, its unknown id renamed."""
        return self._renamed(self.inner.encode_segment(segment))

    def encode_chunk(self, chunk: str) -> list[int]:
        """The inner encoder's ids of one chunk, its unknown id renamed."""
        return self._renamed(self.inner.encode_chunk(chunk))

    def pieces_of(self, chunk: str) -> list[tuple[int, bytes]]:
        """The inner encoder's ``(id, bytes)`` pieces of one chunk, its unknown id renamed."""
        old = self.inner.unk_id
        return [(self.unk_id if i == old else i, data) for i, data in self.inner.pieces_of(chunk)]

    def chunk_surfaces(self, chunk: str, ids: list[int], surface: dict[int, bytes]
                       ) -> list[bytes]:
        """Each id's bytes of ``chunk`` (the inner encoder's)."""
        return self.inner.chunk_surfaces(chunk, ids, surface)

    def clear_cache(self) -> None:
        """Empty the inner encoder's cache."""
        self.inner.clear_cache()


def transformers_variant(base: Encoding, name: str, unk_id: int | None = None) -> Encoding:
    """``base`` (a Unigram encoding read from a tokenizer.json: Metaspace with its split) as
    transformers 5 builds it: its precompiled map, the whitespace split
    (``whitespace_split_steps``), its pieces and ``▁`` split, decoder and post-processor, with
    the same table and model objects.

    Args:
        base: the encoding of the model's tokenizer.json.
        name: the variant's name.
        unk_id: the unknown id transformers reports, if it is not ``base``'s (``UnknownAs``).
    """
    steps = getattr(base.normalizer, "steps", [base.normalizer])
    precompiled = [step for step in steps if isinstance(step, HFPrecompiled)]
    encoder = base.encoder
    if unk_id is not None and unk_id != encoder.unk_id:
        encoder = UnknownAs(encoder, unk_id)
    return Encoding(
        name, vocab=base.vocab, model=encoder, pre_tokenizer=base.pre_tokenizer,
        normalizer=NormalizerSequence(precompiled + whitespace_split_steps()),
        post_processor=base.post_processor, decoder=base.decoder)


def t5_transformers(t5: Encoding) -> Encoding:
    """T5 v1.0 and v1.1, Flan-T5 as transformers 5 (``T5Tokenizer``) encodes them: ``t5``'s
    pieces and map, text cut at whitespace first (the module)."""
    return transformers_variant(t5, "t5_transformers", T5_UNK_ID)


def umt5_transformers(umt5: Encoding) -> Encoding:
    """umT5 as transformers 5 (``T5Tokenizer``, the class its files name) encodes it: cut at
    whitespace first, and a character no piece holds as id 2 (``T5_UNK_ID``)."""
    return transformers_variant(umt5, "umt5_transformers", T5_UNK_ID)
