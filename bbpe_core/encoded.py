"""The rich result of one encode (``Encoding.encode_rich``): the ids, and for each token its
bytes, its span in the text, the pre-tokenizer's chunk it came from, special or not, unknown
or not; HF tokenizers' ``Encoding`` (ids, tokens, offsets, special-tokens mask: its
``tokenizer/encoding.rs``) is the model. ``rich`` produces it, running the pipeline once.

Token spans: a token covers a run of UTF-8 bytes; its character span ``[start, end)`` is the
smallest run of whole characters holding those bytes. When BPE cuts a character's bytes over
several tokens (common for CJK and emoji in gpt2), each of those tokens includes that whole
character, so neighbouring spans overlap by one character; ``TokenSpan.valid_utf8`` is then
False for at least one of them. A viewer draws the shared character once and marks it.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Chunk", "Encoded", "TokenSpan", "chunk_spans", "is_utf8", "lost_characters"]


@dataclass(frozen=True, slots=True)
class Chunk:
    """A pre-token: one piece of the split, or one special token.

    Attributes:
        text: the chunk's text.
        start, end: its character offsets in the source text, ``[start, end)``.
        special: True if it is an allowed special or an added token (never split or
            merged).
        normalized: True if ``text`` is the normalizer's output, which differs from the
            source text ``[start, end)`` it came from.
    """

    text: str
    start: int
    end: int
    special: bool = False
    normalized: bool = False


@dataclass(frozen=True, slots=True)
class TokenSpan:
    """One token of an encoded text, with everything a viewer shows.

    Attributes:
        id: the token id.
        token_bytes: its bytes (UTF-8 of the special token's text for specials).
        token_str: how its vocabulary writes it: the GPT-2 printable form (``"Ġma"``) for
            byte-level BPE, the piece (``"▁ma"``, ``"<0xE4>"``) for SentencePiece; a special
            token's own text.
        start, end: character offsets ``[start, end)`` in the source text (see the
            module docstring for characters shared by two tokens).
        valid_utf8: whether ``token_bytes`` decode as UTF-8 on their own.
        special: whether it is a special token.
        chunk: the index of the pre-token (``Chunk``) it came from.
        unknown: whether it is the model's unknown token (``<unk>``, ``[UNK]``) standing
            for source characters ``[start, end)`` no piece covers: those characters are
            lost (the ids decode to the unknown token's text, ``token_bytes``, not to them).
    """

    id: int
    token_bytes: bytes
    token_str: str
    start: int
    end: int
    valid_utf8: bool
    special: bool
    chunk: int
    unknown: bool = False


def is_utf8(data: bytes) -> bool:
    """Whether ``data`` decodes as UTF-8 on its own (a token holding part of a character
    does not)."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return True


def chunk_spans(
    chunk: Chunk, index: int, ids: list[int], surfaces: list[bytes], token_bytes: list[bytes],
    token_strs: list[str], skip: int = 0, origin: list[tuple[int, int]] | None = None,
    unk_id: int | None = None,
) -> list[TokenSpan]:
    """Give the tokens of one ordinary chunk their character spans.

    Args:
        chunk: the chunk, with its offsets in the source text.
        index: the chunk's index among the text's chunks.
        ids: the chunk's token ids, in order.
        surfaces: each id's bytes of chunk text; they concatenate to ``skip`` added
            bytes followed by ``chunk.text`` in UTF-8 (byte-level BPE: the token's bytes;
            SentencePiece: ``▁hello``'s UTF-8, ``<0xE4>``'s one byte).
        token_bytes: each id's decoded bytes (``TokenSpan.token_bytes``).
        token_strs: each id's display string (``TokenSpan.token_str``).
        skip: bytes at the front that are not in the source text (a prefix space the
            encoding added); they cover no character.
        origin: for a normalized chunk, the source span of each of its characters; a
            token then spans from its first character's origin to its last one's.

    Returns:
        One ``TokenSpan`` per id. ``ids`` may be the first ids of the chunk only (a viewer
        that draws a few tokens of one long chunk): only the characters they cover are
        looked at.
    """
    needed = skip + sum(map(len, surfaces))  # bytes the tokens cover: map only those
    char_of_byte: list[int] = [0] * skip
    for k, ch in enumerate(chunk.text):
        if len(char_of_byte) >= needed:
            break
        char_of_byte.extend([k] * len(ch.encode("utf-8", "surrogatepass")))
    out = []
    pos = 0
    for tid, surface, data, shown in zip(ids, surfaces, token_bytes, token_strs):
        first, last = pos, pos + len(surface) - 1
        pos += len(surface)
        start = _source(chunk, origin, char_of_byte[first])[0] if first >= skip else chunk.start
        end = _source(chunk, origin, char_of_byte[last])[1] if last >= skip else chunk.start
        out.append(TokenSpan(tid, data, shown, start, end, is_utf8(data), False, index,
                             unk_id is not None and tid == unk_id))
    return out


def _source(chunk: Chunk, origin: list[tuple[int, int]] | None, k: int) -> tuple[int, int]:
    """The source span of the chunk's character ``k``: from ``origin`` for a normalized
    chunk, else the character itself."""
    return origin[k] if origin is not None else (chunk.start + k, chunk.start + k + 1)


@dataclass(frozen=True)
class Encoded:
    """One text encoded once, with what a viewer reads (``Encoding.encode_rich``).

    Attributes:
        ids: every id of the text, equal to ``Encoding.encode``'s.
        tokens: the first tokens described (all of them unless ``encode_rich`` was given
            ``max_tokens``), one ``TokenSpan`` each; ``tokens[k].id == ids[k]``.
        chunks: the chunks the described tokens came from (``TokenSpan.chunk`` indexes
            them): pre-tokens and special tokens in order, from the text's start.
        lost: characters of the whole text the unknown tokens stand for (characters the
            encoding cannot represent; 0 for a model without an unknown token).
    """

    ids: list[int]
    tokens: list[TokenSpan]
    chunks: list[Chunk]
    lost: int = 0

    @property
    def truncated(self) -> bool:
        """Whether fewer tokens are described than the text has."""
        return len(self.tokens) < len(self.ids)

    @property
    def offsets(self) -> list[tuple[int, int]]:
        """Each described token's character span ``(start, end)`` in the text (HF
        tokenizers' ``Encoding.offsets``, in code points)."""
        return [(t.start, t.end) for t in self.tokens]


def lost_characters(spans: list[TokenSpan]) -> int:
    """How many source characters the unknown tokens of ``spans`` stand for: characters the
    encoding cannot represent (sentencepiece's and HF tokenizers' ``<unk>``/``[UNK]`` decode
    to their own text, not to these).

    Args:
        spans: tokens in order, as ``Encoding.encode_rich`` describes them.

    >>> lost_characters([TokenSpan(2, b"<unk>", "<unk>", 1, 4, True, False, 0, True)])
    3
    """
    return sum(s.end - s.start for s in spans if s.unknown)
