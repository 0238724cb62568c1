"""What a token viewer needs and tiktoken lacks: chunks, token spans, Ġ strings.

A mixin of ``Encoding`` (see ``encoding``); it reads the encoding's tables and
reuses its chunk merging, so the ids always equal ``encode``'s.
"""

from __future__ import annotations

from collections.abc import Iterator

from .byte_level import fix_surrogates, to_gpt2_str
from .packed_ids import unpack
from .pre_tokenizer import iter_split
from .spans import Chunk, TokenSpan, chunk_spans, is_utf8
from .special import AllowedSpecial, DisallowedSpecial, split_on_special

__all__ = ["ViewerMethods"]


class ViewerMethods:
    """``pre_tokenize``, ``encode_detailed`` and ``tokenize`` for ``Encoding``."""

    def pre_tokenize(
        self,
        text: str,
        *,
        allowed_special: AllowedSpecial = frozenset(),
        disallowed_special: DisallowedSpecial = "all",
    ) -> list[Chunk]:
        """Split text into its pre-tokens (chunks) and allowed special tokens.

        Arguments and errors as for ``encode``. Offsets refer to ``text`` (to its
        surrogate-fixed form if it holds surrogates). A prefix space added by
        ``add_prefix_space`` is not part of any chunk's text.

        Returns:
            The chunks, covering the text in order.

        >>> from bbpe_core import get_encoding
        >>> [c.text for c in get_encoding("gpt2").pre_tokenize("it's 998")]
        ['it', "'s", ' 998']
        """
        return list(self._iter_chunks(text, allowed_special, disallowed_special))

    def _iter_chunks(self, text, allowed_special, disallowed_special) -> Iterator[Chunk]:
        """Yield ``pre_tokenize``'s chunks lazily (the regex scan runs as they are taken)."""
        allowed = self._allowed(text, allowed_special, disallowed_special)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = fix_surrogates(text)
        for segment, start, end, is_special in split_on_special(text, allowed | self._added_set):
            if is_special:
                yield Chunk(segment, start, end, True)
                continue
            normalized = self._normalized(segment)
            if normalized != segment:
                yield from self._normalized_chunks(segment, start)
                continue
            skip = int(self.add_prefix_space and not segment.startswith(" "))
            for a, b in self._chunk_spans(" " * skip + segment):
                a, b = max(a - skip, 0), b - skip
                yield Chunk(segment[a:b], start + a, start + b)

    def _chunk_spans(self, segment: str) -> Iterator[tuple[int, int]]:
        """The chunks of an ordinary segment as character spans (the pre-tokenizer stage,
        or the split pattern)."""
        if self.pre_tokenizer is not None:
            yield from self.pre_tokenizer.split(segment)
            return
        for _, a, b in iter_split(segment, self.pat_str, timeout=self.pattern_timeout):
            yield a, b

    def _normalized_chunks(self, segment: str, start: int) -> Iterator[Chunk]:
        """The chunks of a segment the normalizer changes: their text is the normalized
        text (what is encoded), their span the input characters it came from."""
        normalized, origin = self.normalizer.normalize_with_offsets(segment)
        skip = int(self.add_prefix_space and not normalized.startswith(" "))
        for a, b in self._chunk_spans(" " * skip + normalized):
            a, b = max(a - skip, 0), b - skip
            yield Chunk(normalized[a:b], start + origin[a][0], start + origin[b - 1][1],
                        normalized=True)

    def encode_detailed(
        self,
        text: str,
        *,
        allowed_special: AllowedSpecial = frozenset(),
        disallowed_special: DisallowedSpecial = "all",
        max_tokens: int | None = None,
    ) -> list[TokenSpan]:
        """Encode text and describe every token: id, bytes, Ġ string, span, flags.

        Arguments and errors as for ``encode``; the ids equal ``encode``'s. See
        ``spans`` for how a character cut over two tokens is shared.

        Args:
            max_tokens: stop after the chunk that reaches this many tokens (the rest
                of the text is then not even split); the tokens returned are exactly
                the first ones of the whole text. None for all.

        Returns:
            One ``TokenSpan`` per token, in order (up to ``max_tokens``).

        >>> from bbpe_core import get_encoding
        >>> [(t.token_str, t.start, t.end) for t in get_encoding("gpt2").encode_detailed("你 a")]
        [('ä½', 0, 1), ('ł', 0, 1), ('Ġa', 1, 3)]
        """
        out: list[TokenSpan] = []
        prefixed = False
        for index, chunk in enumerate(self._iter_chunks(text, allowed_special, disallowed_special)):
            if max_tokens is not None and len(out) >= max_tokens:
                return out[:max_tokens]
            if chunk.special:
                tid = self._whole_tokens[chunk.text]
                data = chunk.text.encode("utf-8")
                out.append(TokenSpan(tid, data, chunk.text, chunk.start, chunk.end, True, True, index))
                prefixed = False
                continue
            skip = int(self.add_prefix_space and not prefixed and not chunk.text.startswith(" "))
            prefixed = True
            ids = unpack(self._chunk_ids([" " * skip + chunk.text])[0])
            tokens = [self._decoder[i] for i in ids]
            if chunk.normalized:  # each token spans the input its chunk came from
                out.extend(TokenSpan(i, data, to_gpt2_str(data), chunk.start, chunk.end,
                                     is_utf8(data), False, index) for i, data in zip(ids, tokens))
            else:
                out.extend(chunk_spans(chunk, index, ids, tokens, skip))
        return out if max_tokens is None else out[:max_tokens]

    def tokenize(
        self,
        text: str,
        *,
        allowed_special: AllowedSpecial = frozenset(),
        disallowed_special: DisallowedSpecial = "all",
    ) -> list[str]:
        """The tokens as GPT-2 printable strings, as ``GPT2Tokenizer.tokenize`` returns.

        Arguments and errors as for ``encode``: special-token text raises by default;
        with ``allowed_special`` a special token comes back whole as its own text
        (``"<|endoftext|>"``, not byte-mapped), as GPT2Tokenizer keeps it.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").tokenize("hello<|endoftext|>", allowed_special="all")
        ['hello', '<|endoftext|>']
        """
        ids = self.encode(text, allowed_special=allowed_special, disallowed_special=disallowed_special)
        return [
            self._decoder[i].decode("utf-8") if i in self._special_ids else to_gpt2_str(self._decoder[i])
            for i in ids
        ]
