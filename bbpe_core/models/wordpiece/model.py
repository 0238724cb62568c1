"""WordPiece, BERT's model: each chunk (a word) is cut greedily, longest piece first.

Source: HF tokenizers ``models/wordpiece/mod.rs`` (``WordPiece::tokenize``) and
``decoders/wordpiece.rs``; transformers' ``WordpieceTokenizer``; Wu et al. 2016 (GNMT),
Devlin et al. 2019 (BERT). From the start of the word, take the longest vocabulary entry that
matches; every piece after the first is looked up with the ``##`` prefix (``##ing``). A word
with no full cover, or longer than ``max_input_chars_per_word`` characters, is one
``[UNK]``. Unlike BPE there are no merges and no byte fallback: a character the vocabulary
lacks makes its whole word ``[UNK]``, and the text cannot always be given back.

>>> vocab = {"[UNK]": 0, "un": 1, "##aff": 2, "##able": 3, "a": 4}
>>> from bbpe_core.pre_tokenizers import BertPreTokenizer
>>> WordPieceEncoder(vocab, BertPreTokenizer()).encode_segment("unaffable ab")
[1, 2, 3, 0]
>>> WordPieceDecoder().decode(["un", "##aff", "##able", ",", "ok"])
'unaffable, ok'
"""

from __future__ import annotations

from collections.abc import Container, Sequence

from ...decoders import join_parts
from ...pre_tokenizers import PreTokenizer
from ..base import WORDPIECE, Encoder, Vocabulary
from ..cache import BoundedCache

__all__ = ["WordPieceDecoder", "WordPieceEncoder", "piece_bytes"]


def piece_bytes(vocab: dict[str, int], continuing_subword_prefix: str = "##",
                skip: Container[str] = ()) -> dict[int, bytes]:
    """Each WordPiece token's bytes: the text it covers in the normalized text, so a
    continuation piece is its text without the prefix (``##ing`` -> ``b"ing"``), as HF
    tokenizers' ``WordPiece`` decoder joins pieces.

    Args:
        vocab: token -> id, continuation pieces with their prefix.
        continuing_subword_prefix: the ``##`` of continuation pieces.
        skip: tokens left out (the special tokens, matched whole in the raw text).

    Returns:
        id -> UTF-8 bytes, for every token not in ``skip``.

    >>> piece_bytes({"play": 0, "##ing": 1, "[CLS]": 2}, skip={"[CLS]"})
    {0: b'play', 1: b'ing'}
    """
    return {i: t.removeprefix(continuing_subword_prefix).encode("utf-8")
            for t, i in vocab.items() if t not in skip}


class WordPieceEncoder(Encoder):
    """WordPiece over a pre-tokenizer's chunks, one bounded cache.

    Args:
        vocab: token -> id, continuation pieces with their prefix (``load_wordpiece_vocab``).
        pre_tokenizer: cuts a segment into words (``BertPreTokenizer`` for BERT).
        unk_token: the token of a word that cannot be covered.
        continuing_subword_prefix: marks a piece that continues a word.
        max_input_chars_per_word: longer words are ``unk_token`` (HF's and BERT's 100).
        cache_size: words remembered; the cache (``cache.BoundedCache``, also bounded in
            characters) is emptied when full, so memory stays bounded whatever is encoded.

    Raises:
        ValueError: if ``unk_token`` is not in the vocabulary or the vocabulary is empty.
    """

    model_kind = WORDPIECE

    def __init__(self, vocab: dict[str, int], pre_tokenizer: PreTokenizer, *,
                 unk_token: str = "[UNK]", continuing_subword_prefix: str = "##",
                 max_input_chars_per_word: int = 100, cache_size: int = 65536) -> None:
        if unk_token not in vocab:
            raise ValueError(f"the WordPiece vocabulary has no unknown token {unk_token!r}")
        self.vocab = vocab
        self.pre_tokenizer = pre_tokenizer
        self.unk_token = unk_token
        self.unk_id = vocab[unk_token]
        self.prefix = continuing_subword_prefix
        self.max_input_chars_per_word = max_input_chars_per_word
        self._longest = max(map(len, vocab))  # no longer piece can match
        self._cache = BoundedCache(cache_size, compute=self._word_ids)

    def word_pieces(self, word: str) -> list[tuple[int, int, int]]:
        """The pieces of one word with their character spans in it.

        Args:
            word: one chunk.

        Returns:
            ``[(id, start, end), ...]``; ``[(unk_id, 0, len(word))]`` if the word is too
            long or has no full cover.
        """
        n = len(word)
        unk = [(self.unk_id, 0, n)]
        if n > self.max_input_chars_per_word:
            return unk
        pieces: list[tuple[int, int, int]] = []
        start = 0
        while start < n:
            prefix = self.prefix if start else ""
            for end in range(min(n, start + self._longest), start, -1):
                token_id = self.vocab.get(prefix + word[start:end])
                if token_id is not None:
                    pieces.append((token_id, start, end))
                    start = end
                    break
            else:
                return unk
        return pieces

    def _word_ids(self, word: str) -> list[int]:
        return [token_id for token_id, _, _ in self.word_pieces(word)]

    def encode_chunk(self, chunk: str) -> list[int]:
        """The ids of one word, from the cache or ``word_pieces``."""
        return self._cache.ids(chunk)

    def encode_segment(self, segment: str) -> list[int]:
        """The ids of a normalized segment, word by word; words seen before at C speed.

        Raises:
            UnicodeEncodeError: if the segment holds a lone surrogate (``Encoding.encode``
                then encodes the repaired text, as for the byte-level models).
        """
        segment.encode("utf-8")
        return self._cache.joined_ids(self.pre_tokenizer.chunks(segment))

    def chunk_surfaces(self, chunk: str, ids: list[int], surface: dict[int, bytes]
                       ) -> list[bytes]:
        """Each id's bytes of ``chunk`` (``Encoder.chunk_surfaces``): an ``[UNK]`` stands for
        the whole word, whatever its own text."""
        if ids == [self.unk_id]:
            return [chunk.encode("utf-8")]
        return [surface[i] for i in ids]

    def clear_cache(self) -> None:
        """Empty the word cache."""
        self._cache.clear()


_CLEANUP = ((" .", "."), (" ?", "?"), (" !", "!"), (" ,", ","), (" ' ", "'"), (" n't", "n't"),
            (" 'm", "'m"), (" do not", " don't"), (" 's", "'s"), (" 've", "'ve"),
            (" 're", "'re"))
"""HF tokenizers' ``decoders::wordpiece::cleanup`` replacements, in its order."""


class WordPieceDecoder:
    """HF tokenizers' ``WordPiece`` decoder: tokens -> text.

    A token with the prefix is glued to the one before (the prefix dropped), any other
    token after the first gets a space before it; with ``cleanup`` each token then has
    the space before ``. ? ! ,`` and English contractions removed. WARNING: lossy:
    BERT's normalizer already dropped case, accents and the text's own spacing.

    Args:
        prefix: the continuation prefix (``##``).
        cleanup: apply HF's ``cleanup`` (its default, as ``BertWordPieceTokenizer`` has).
        skip_ids: ids ``decode_ids`` leaves out (BERT's special tokens, as HF's ``decode``
            skips them by default).
    """

    def __init__(self, prefix: str = "##", cleanup: bool = True,
                 skip_ids: frozenset[int] = frozenset()) -> None:
        self.prefix = prefix
        self.cleanup = cleanup
        self.skip_ids = skip_ids

    def __repr__(self) -> str:
        return f"WordPieceDecoder(prefix={self.prefix!r}, cleanup={self.cleanup})"

    def decode(self, tokens: list[str]) -> str:
        """The text of the tokens (vocabulary strings such as ``"##ing"``).

        Args:
            tokens: the tokens, special tokens already removed if they are to be skipped.
        """
        return "".join(self._texts(tokens))

    def _texts(self, tokens: list[str]) -> list[str]:
        """What each token writes: its text with the prefix dropped or a space added, then
        cleaned up."""
        out = []
        for i, token in enumerate(tokens):
            if i:
                token = token[len(self.prefix):] if token.startswith(self.prefix) else " " + token
            if self.cleanup:
                for dirty, clean in _CLEANUP:
                    token = token.replace(dirty, clean)
            out.append(token)
        return out

    def decode_parts(self, table: Vocabulary, ids: Sequence[int]) -> list[bytes]:
        """The UTF-8 each id writes in ``decode`` over the ids' piece strings, ``b""`` for
        the ``skip_ids`` (``decoders.Decoder``).

        Raises:
            TypeError: if an id is not an int.
            KeyError: for an id not in ``table`` (named).
        """
        for i in ids:
            table.token_bytes(i)  # raises the typed error for a bad id
        kept = [i for i in ids if i not in self.skip_ids]
        written = iter(self._texts([table.token_str(i) for i in kept]))
        return [b"" if i in self.skip_ids else next(written).encode("utf-8") for i in ids]

    def decode_ids(self, table: Vocabulary, ids: Sequence[int]) -> bytes:
        """The UTF-8 of ``decode`` over the ids' piece strings, ``skip_ids`` left out
        (``decoders.Decoder``, what ``Encoding.decode_bytes`` calls; errors as
        ``decode_parts``)."""
        return join_parts(self, table, ids)
