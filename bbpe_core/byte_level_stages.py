"""tiktoken's way to make an encoding, ``Encoding(name, pat_str=..., mergeable_ranks=...,
special_tokens=...)`` (tiktoken ``core.py``), as stages: the byte-level BPE vocabulary, its
model (an encoder) and its pre-tokenizer, which ``Encoding``'s one constructor then holds
like any other encoding's stages.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from .models import CjkPartsEncoder, Encoder, FastEncoder, MissingBytesEncoder, SimpleEncoder
from .pre_tokenizers import PreTokenizer, RegexSplit
from .pre_tokenizers.patterns import SHIPPED_PATTERNS
from .vocab import Vocab

__all__ = ["ByteLevelStages", "byte_level_stages"]


class ByteLevelStages(NamedTuple):
    """The stages tiktoken's tables stand for: ``vocab``, ``model``, ``pre_tokenizer``."""

    vocab: Vocab
    model: Encoder
    pre_tokenizer: PreTokenizer


def byte_level_stages(name: str, pat_str: str, mergeable_ranks: dict[bytes, int],
                      special_tokens: dict[str, int], *,
                      merges: Sequence[tuple[bytes, bytes]] | None = None,
                      explicit_n_vocab: int | None = None, add_prefix_space: bool = False,
                      ignore_merges: bool = True, pattern_timeout: float | None = None,
                      cache_size: int = 65536, pre_tokenizer: PreTokenizer | None = None,
                      added_tokens: dict[str, int] | None = None, fast: bool = True,
                      missing_bytes: str | None = None) -> ByteLevelStages:
    """Byte-level BPE's stages from tiktoken's tables (arguments as ``Encoding``'s).

    The model is ``FastEncoder`` for a shipped pattern with no pre-tokenizer stage and no
    prefix space, else ``CjkPartsEncoder`` (the reference with the CJK cut);
    ``SimpleEncoder`` (the reference) when ``fast`` is False; ``MissingBytesEncoder`` for a
    vocabulary that lacks single bytes.

    Raises:
        ValueError: if the vocabulary is inconsistent (see ``validate.check_vocab``) or the
            pattern does not compile.
    """
    vocab = Vocab(name, mergeable_ranks, special_tokens, added_tokens, merges,
                  explicit_n_vocab, ignore_merges, missing_bytes)
    stage: PreTokenizer = (
        pre_tokenizer if pre_tokenizer is not None
        else RegexSplit(pat_str, timeout=pattern_timeout)
    )
    plain = pre_tokenizer is None and not add_prefix_space and pat_str in SHIPPED_PATTERNS
    model: Encoder = (
        MissingBytesEncoder(vocab, stage, cache_size) if vocab.missing
        else SimpleEncoder(vocab, stage, cache_size) if not fast
        else FastEncoder(vocab, pat_str, cache_size) if plain
        else CjkPartsEncoder(vocab, stage, cache_size)
    )
    return ByteLevelStages(vocab, model, stage)
