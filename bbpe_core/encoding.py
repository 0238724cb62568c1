"""``Encoding``: tiktoken's API over the field's pipeline, composed of its stages.

    text -> added/special tokens split out (``special``) -> normalizer (``normalizers``)
         -> prefix space            (these three: ``Encoding.segments``, shared with ``rich``)
         -> pre-tokenizer (``pre_tokenizers``: where a chunk is cut)
         -> model: an encoder (``models``: ``SimpleEncoder``, the reference,
            ``FastEncoder`` for the shipped patterns, ``CjkPartsEncoder`` for the others,
            one per other model kind; a merge happens in ``models.bpe``) -> ids
         -> post-processor (``processors``, on request: ``post_process``)
    ids -> bytes (``vocab``) -> text (``decoders``)

``Encoding`` owns the vocabulary and one of each stage, chosen at construction, and keeps
tiktoken's special-token rules; it holds no cache (the encoder does). ``encode_rich``
runs the pipeline once and keeps what a viewer reads (``rich``, ``encoded``). Does not
load files (see ``formats``) or know encoding names (see ``encodings.registry``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple

from . import rich
from .byte_level_stages import byte_level_stages
from .decoders import Decoder
from .encoded import Chunk, Encoded, TokenSpan
from .encoding_extras import TiktokenExtras
from .models import Encoder
from .models.base import BYTE_LEVEL_BPE, Vocabulary
from .normalizers import Normalizer
from .pre_tokenizers import PreTokenizer
from .pre_tokenizers.byte_level import fix_surrogates
from .pre_tokenizers.pattern_deadline import pattern_budget
from .processors import TemplateProcessing
from .special import (
    AllowedSpecial,
    DisallowedSpecial,
    check_disallowed,
    resolve_special,
    special_segments,
)
from .validate import check_known_ids
from .vocab import Vocab

__all__ = ["Encoding", "Segment"]



class Segment(NamedTuple):
    """One piece of text between the pipeline's front half and its model stage.

    Attributes:
        text: what the model stage takes: the normalized text with its prefix space (an
            ordinary segment), or the token's text (a special or added token).
        start, end: the character span of the input it came from.
        special: whether it is a special or added token (one id, not encoded).
        source: the input's characters ``[start:end]``, before normalization.
        skip: 1 if ``text`` begins with a prefix space the input does not have, else 0.
        origin: for a segment the normalizer changed and ``segments``' ``offsets`` asked
            for, the input's character span each character of ``text[skip:]`` came from;
            else None.
    """

    text: str
    start: int
    end: int
    special: bool
    source: str
    skip: int
    origin: list[tuple[int, int]] | None = None


class Encoding(TiktokenExtras):
    """An encoding: tiktoken's ``Encoding`` (its batch, offset, numpy and unstable methods
    in ``encoding_extras``) plus viewer methods, built one way: from its stages.

    ``Encoding(name, vocab=..., model=..., pre_tokenizer=..., normalizer=...,
    post_processor=..., decoder=...)`` holds the stages of any model kind (HF tokenizers'
    ``Tokenizer`` holds its normalizer, pre-tokenizer, model, post-processor and decoder the
    same way). tiktoken's call, ``Encoding(name, pat_str=..., mergeable_ranks=...,
    special_tokens=...)``, builds byte-level BPE's stages from those tables first
    (``byte_level_stages``) and then goes the same way.

    Args:
        name: the encoding's name, e.g. ``"gpt2"``.
        vocab: the vocabulary (``models.base.Vocabulary``: a ``token_table.TokenTable`` of
            pieces, or byte-level BPE's ``vocab.Vocab``), with its special and added tokens.
        model: special-free normalized text -> ids (an ``Encoder``: SentencePiece BPE,
            WordPiece, Unigram, byte-level BPE). Without it, tiktoken's tables below make
            the byte-level stages.
        pre_tokenizer: where chunks are cut (``pre_tokenizers.Sequence([])`` for none), as
            the viewer shows them; with tiktoken's tables, a split used instead of
            ``pat_str`` (HF ``Split`` / ``Sequence`` steps; ``pat_str`` then only describes
            the split).
        normalizer: rewrites each ordinary segment before it is split (HF's NFC / NFKC,
            SentencePiece's ``▁`` for spaces and dummy prefix), or None.
        post_processor: what ``post_process`` adds around ids (Llama 3's BOS), or None.
        decoder: turns ids into the text's bytes for ``decode_bytes`` (``decoders.Strip``
            removes a dummy prefix's space; a WordPiece decoder joins ``##`` pieces), or None
            for the joined bytes of the ids.
        special_tokens: special-token text -> id: tiktoken's table; with ``vocab``, None or
            the vocabulary's own.
        add_prefix_space: prepend a space to each ordinary segment that does not
            start with one (HF ``ByteLevel(add_prefix_space=True)``).
        pattern_timeout: seconds all the scans by a pattern users supplied may take in one
            call (``encode``, ``pre_tokenize``, ``encode_detailed``: ``pattern_deadline``);
            None for no limit (with ``model``: the pre-tokenizer's own ``timeout``).
        pat_str: tiktoken's split pattern (``regex`` syntax); "" for an encoding built from
            its stages.
        mergeable_ranks: tiktoken's token bytes -> id. Without ``merges`` the id is also
            the token's merge priority (tiktoken's semantics: lower merges first).
        merges, explicit_n_vocab, ignore_merges, cache_size, added_tokens, fast,
            missing_bytes: byte-level BPE's options with tiktoken's tables, as
            ``byte_level_stages`` takes them: ``merges`` in priority order (GPT-2 / HF
            semantics: only listed pairs merge); ``n_vocab`` must equal
            ``explicit_n_vocab``; ``ignore_merges`` looks a whole chunk up first (tiktoken
            always does); ``cache_size`` entries per encoder cache; ``added_tokens`` text ->
            id of non-special tokens matched whole in the raw text before normalization (HF's
            non-special added tokens, Qwen's ``<think>``); ``fast`` False takes the reference
            ``SimpleEncoder``; ``missing_bytes`` None (every byte a token), ``"skip"`` (HF
            tokenizers) or ``"split"`` (llama.cpp) for a byte no token holds.

    Raises:
        TypeError: if neither ``model`` with ``vocab`` and ``pre_tokenizer`` nor tiktoken's
            ``pat_str``, ``mergeable_ranks`` and ``special_tokens`` are given.
        ValueError: if the vocabulary is inconsistent (see ``validate.check_vocab``),
            ``special_tokens`` differ from ``vocab``'s, the post-processor adds an id the
            vocabulary does not have, or the pattern does not compile.

    >>> from bbpe_core import get_encoding
    >>> enc = get_encoding("gpt2")
    >>> enc.encode("hello world")
    [31373, 995]
    >>> enc.tokenize("你好 ma")
    ['ä½', 'ł', 'å¥', '½', 'Ġma']
    >>> get_encoding("llama2").tokenize("Hello 𝔸")
    ['▁Hello', '▁', '<0xF0>', '<0x9D>', '<0x94>', '<0xB8>']
    """

    def __init__(
        self,
        name: str,
        *,
        vocab: Vocabulary | None = None,
        model: Encoder | None = None,
        pre_tokenizer: PreTokenizer | None = None,
        normalizer: Normalizer | None = None,
        post_processor: TemplateProcessing | None = None,
        decoder: Decoder | None = None,
        special_tokens: dict[str, int] | None = None,
        add_prefix_space: bool = False,
        pattern_timeout: float | None = None,
        pat_str: str | None = None,
        mergeable_ranks: dict[bytes, int] | None = None,
        merges: Sequence[tuple[bytes, bytes]] | None = None,
        explicit_n_vocab: int | None = None,
        ignore_merges: bool = True,
        cache_size: int = 65536,
        added_tokens: dict[str, int] | None = None,
        fast: bool = True,
        missing_bytes: str | None = None,
    ) -> None:
        if model is None:  # tiktoken's call: its tables make byte-level BPE's stages
            if pat_str is None or mergeable_ranks is None or special_tokens is None:
                raise TypeError("Encoding needs its stages (vocab=, model=, pre_tokenizer=) "
                                "or tiktoken's pat_str=, mergeable_ranks= and special_tokens=")
            vocab, model, pre_tokenizer = byte_level_stages(
                name, pat_str, mergeable_ranks, special_tokens, merges=merges,
                explicit_n_vocab=explicit_n_vocab, add_prefix_space=add_prefix_space,
                ignore_merges=ignore_merges, pattern_timeout=pattern_timeout,
                cache_size=cache_size, pre_tokenizer=pre_tokenizer, added_tokens=added_tokens,
                fast=fast, missing_bytes=missing_bytes)
        elif vocab is None or pre_tokenizer is None:
            raise TypeError("an Encoding built from its model needs vocab= and pre_tokenizer=")
        elif special_tokens is not None and special_tokens != vocab.special_tokens:
            raise ValueError("special_tokens differ from the vocabulary's special tokens")
        if post_processor is not None:
            check_known_ids("post-processor", [*post_processor.prefix, *post_processor.suffix],
                            vocab.id_to_bytes)
        self.name = name
        self.vocab: Vocabulary = vocab
        self.encoder: Encoder = model
        self.pre_tokenizer: PreTokenizer = pre_tokenizer
        self.normalizer = normalizer
        self.post_processor = post_processor
        self.decoder = decoder
        self.pat_str = pat_str or ""
        self.add_prefix_space = add_prefix_space
        self.pattern_timeout = (pattern_timeout if pattern_timeout is not None
                                else pre_tokenizer.timeout)
        # one time budget per call for the scans of every pattern a user supplied: the
        # pre-tokenizer's, else a normalizer's (a tokenizer.json Replace with a Regex)
        self.scan_budget: float | None = (
            pre_tokenizer.timeout if pre_tokenizer.timeout is not None
            else normalizer.timeout if normalizer is not None else None)
        self.special_tokens_set: frozenset[str] = frozenset(vocab.special_tokens)
        self._special_ids: frozenset[int] = frozenset(vocab.special_tokens.values())
        self.max_token_value: int = vocab.max_token_value
        self.added_set: frozenset[str] = frozenset(vocab.added_tokens)
        self._loader: Callable[[str], Encoding] | None = None

    def __repr__(self) -> str:
        return f"<Encoding {self.name!r}>"

    def __reduce__(self):
        """Pickle a shipped encoding by name: the receiver reloads it from package data
        (``registry.get_encoding`` registers itself as the loader).

        Raises:
            TypeError: for any other encoding (its tables are not sent between processes).
        """
        if self._loader is None:
            raise TypeError(f"only the shipped encodings pickle (by name); "
                            f"{self.name!r} is not one")
        return (self._loader, (self.name,))

    def register_loader(self, loader: Callable[[str], Encoding]) -> None:
        """Make this encoding pickle as ``loader(self.name)`` (for the registry's encodings).

        Args:
            loader: a function that returns this encoding again from its name.
        """
        self._loader = loader

    def clear_cache(self) -> None:
        """Empty the encoder's caches (for cold-cache benchmarks); ids do not change."""
        self.encoder.clear_cache()

    # ---- properties ----------------------------------------------------------
    @property
    def n_vocab(self) -> int:
        """Number of ids, ``max_token_value + 1`` (unassigned ids inside count too)."""
        return self.max_token_value + 1

    @property
    def eot_token(self) -> int:
        """The id of ``<|endoftext|>``.

        Raises:
            KeyError: if the encoding has no ``<|endoftext|>``.
        """
        return self.vocab.special_tokens["<|endoftext|>"]

    @property
    def model_kind(self) -> str:
        """Which model the encoding runs, as its encoder declares it: ``"byte-level BPE"``,
        ``"SentencePiece BPE"``, ``"WordPiece"`` or ``"Unigram"`` (``models.base``)."""
        return self.encoder.model_kind

    @property
    def byte_level(self) -> bool:
        """Whether the model is byte-level BPE (tokens keyed by bytes, ``mergeable_ranks``),
        rather than a model of piece strings (a ``TokenTable`` vocabulary)."""
        return self.encoder.model_kind == BYTE_LEVEL_BPE

    @property
    def mergeable_ranks(self) -> dict[bytes, int]:
        """Token bytes -> id of the ordinary tokens (shared: do not modify).

        Raises:
            AttributeError: for a model that is not byte-level (see ``byte_level``).
        """
        if not isinstance(self.vocab, Vocab):
            raise AttributeError(f"{self.name} is not byte-level BPE: it has pieces "
                                 "(vocab.pieces), not mergeable_ranks")
        return self.vocab.mergeable_ranks

    @property
    def ignore_merges(self) -> bool:
        """Whether a chunk that is a token is looked up whole before merging (tiktoken)."""
        return self.vocab.ignore_merges

    @property
    def special_tokens(self) -> dict[str, int]:
        """Special-token text -> id (a copy)."""
        return dict(self.vocab.special_tokens)

    @property
    def added_tokens(self) -> dict[str, int]:
        """Non-special added-token text -> id (a copy); see the constructor."""
        return dict(self.vocab.added_tokens)

    def post_process(self, ids: Sequence[int]) -> list[int]:
        """The ids as the model's API sees them: the post-processor's tokens added around
        them (Llama 3's ``<|begin_of_text|>``), or a copy when there is none.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").post_process([31373])
        [31373]
        """
        return list(ids) if self.post_processor is None else self.post_processor.process(ids)

    @property
    def merges(self) -> list[tuple[bytes, bytes]] | None:
        """The merge list for GPT-2 / HF semantics, or None for tiktoken's ranks."""
        return None if self.vocab.merges is None else list(self.vocab.merges)

    def encode_ordinary(self, text: str) -> list[int]:
        """Encode text, treating special-token text as plain text.

        Args:
            text: the text.

        Returns:
            The ids.

        Raises:
            TypeError: if ``text`` is not a str.
            PatternTimeoutError: if a user-supplied pattern ran out of time.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").encode_ordinary("<|endoftext|>")
        [27, 91, 437, 1659, 5239, 91, 29]
        """
        return self.encode(text, disallowed_special=())

    def encode(
        self,
        text: str,
        *,
        allowed_special: AllowedSpecial = frozenset(),
        disallowed_special: DisallowedSpecial = "all",
    ) -> list[int]:
        """Encode text into ids (tiktoken's ``Encoding.encode``).

        Args:
            text: the text. Lone surrogates become U+FFFD; surrogate pairs are joined.
            allowed_special: ``"all"`` or special-token texts to encode as one id each.
            disallowed_special: ``"all"`` (the default: every special not allowed) or
                texts that raise if found; ``()`` encodes them as plain text.

        Returns:
            The ids.

        Raises:
            TypeError: if ``text`` is not a str.
            ValueError: if disallowed special-token text occurs (tiktoken's message).
            PatternTimeoutError: if a user-supplied pattern ran out of time.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("cl100k_base").encode("hello <|endoftext|>", allowed_special="all")
        [15339, 220, 100257]
        """
        allowed = self.resolve_allowed(text, allowed_special, disallowed_special)
        if self.scan_budget is None:
            return self._encode_text(text, allowed)
        with pattern_budget(self.scan_budget):  # one budget for all its scans
            return self._encode_text(text, allowed)

    def _encode_text(self, text: str, allowed: frozenset[str]) -> list[int]:
        segments = list(self.segments(text, allowed))
        if len(segments) == 1 and not segments[0].special:  # no copy of a long id list
            return self.encoder.encode_segment(segments[0].text)
        ids: list[int] = []
        for segment in segments:
            if segment.special:
                ids.append(self.vocab.whole_tokens[segment.text])
            else:
                ids.extend(self.encoder.encode_segment(segment.text))
        return ids

    def segments(self, text: str, allowed: frozenset[str],
                 offsets: Callable[[], bool] | None = None) -> Iterator[Segment]:
        """The front half of ``encode``, shared with ``rich``: the text's special and
        added tokens cut out (``special.special_segments``), and each ordinary segment
        normalized and given the prefix space, ready for the model stage.

        Args:
            text: the text; lone surrogates become U+FFFD and pairs are joined first
                (``fix_surrogates``), and offsets refer to that form.
            allowed: the special-token texts to match (``resolve_allowed``'s result).
            offsets: asked before each ordinary segment is normalized: True normalizes it
                with its offsets (``Segment.origin``, for the rich encode's spans).

        Returns:
            The segments in order, covering the text (empty ordinary ones left out).
        """
        if not text.isascii():
            try:
                text.encode("utf-8")
            except UnicodeEncodeError:
                text = fix_surrogates(text)
        for part, start, end, special in special_segments(text, allowed | self.added_set):
            if special:
                yield Segment(part, start, end, True, part, 0)
                continue
            origin = None
            if self.normalizer is None:
                normalized = part
            elif offsets is not None and offsets():
                normalized, origin = self.normalizer.normalize_with_offsets(part)
                origin = None if normalized == part else [(start + a, start + b)
                                                          for a, b in origin]
            else:
                normalized = self.normalizer.normalize(part)
            skip = int(self.add_prefix_space and not normalized.startswith(" "))
            yield Segment(" " * skip + normalized, start, end, False, part, skip, origin)

    def resolve_allowed(self, text: str, allowed_special: AllowedSpecial,
                        disallowed_special: DisallowedSpecial) -> frozenset[str]:
        """Check the text and the special-token arguments (tiktoken's rules).

        Args:
            text: the text to encode.
            allowed_special, disallowed_special: as for ``encode``.

        Returns:
            The special-token texts to match in ``text``.

        Raises:
            TypeError: if ``text`` is not a str.
            ValueError: if disallowed special-token text occurs, or an argument names a
                text that is not a special token.
        """
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        allowed, disallowed = resolve_special(
            allowed_special, disallowed_special, self.special_tokens_set
        )
        check_disallowed(text, disallowed)
        return allowed

    def encode_batch(
        self,
        text: Sequence[str],
        *,
        num_threads: int = 8,
        allowed_special: AllowedSpecial = frozenset(),
        disallowed_special: DisallowedSpecial = "all",
    ) -> list[list[int]]:
        """Encode several texts; same arguments and errors as ``encode``.

        ``num_threads`` is accepted for tiktoken's signature; the texts are encoded in this
        thread, in order (threads would not run pure Python in parallel).

        Returns:
            One id list per text, in order.
        """
        return [
            self.encode(t, allowed_special=allowed_special, disallowed_special=disallowed_special)
            for t in text
        ]

    def encode_ordinary_batch(self, text: Sequence[str], *,
                              num_threads: int = 8) -> list[list[int]]:
        """Encode several texts with ``encode_ordinary`` (``num_threads`` as ``encode_batch``)."""
        return [self.encode_ordinary(t) for t in text]

    def encode_single_token(self, text_or_bytes: str | bytes) -> int:
        """The id of text or bytes that form exactly one token (specials included).

        Raises:
            KeyError: if it is not a single token.
        """
        return self.vocab.token_id(text_or_bytes)

    # ---- decoding ----------------------------------------------------------------
    def decode_single_token_bytes(self, token: int) -> bytes:
        """The bytes of one id (special and added tokens give their UTF-8 text; a piece
        ``▁hello`` gives ``b" hello"``, ``<0xE4>`` the byte 0xE4).

        Raises:
            KeyError: if the id is unknown or unassigned (the message names it).
            TypeError: if ``token`` is not an int.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").decode_single_token_bytes(995)
        b' world'
        """
        return self.vocab.token_bytes(token)

    def decode_tokens_bytes(self, tokens: Sequence[int]) -> list[bytes]:
        """The bytes of each id; same errors as ``decode_single_token_bytes``."""
        return list(map(self.vocab.token_bytes, tokens))

    def decode_bytes(self, tokens: Sequence[int]) -> bytes:
        """Decode ids to bytes: lossless, even where tokens cut a character, for byte-level
        BPE and SentencePiece (their decoder removes what the normalizer added: a dummy
        prefix's space); WordPiece's decoder gives its lossy text (see ``wordpiece``).

        Raises:
            KeyError: for an unknown id (named).
        """
        if self.decoder is None:
            return b"".join(map(self.vocab.token_bytes, tokens))
        return self.decoder.decode_ids(self.vocab, tokens)

    def decode(self, tokens: Sequence[int], errors: str = "replace") -> str:
        """Decode ids to text.

        WARNING: lossy with the default ``errors="replace"``: bytes that are not valid
        UTF-8 (a sequence cut inside a character) become U+FFFD. Decode whole
        sequences, not token by token; use ``decode_bytes`` for the exact bytes.

        Args:
            tokens: the ids.
            errors: as for ``bytes.decode`` (``"strict"`` raises UnicodeDecodeError).

        Raises:
            KeyError: for an unknown id (named).

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").decode([31373, 995])
        'hello world'
        """
        return self.decode_bytes(tokens).decode("utf-8", errors=errors)

    # ---- the rich encode (``rich``) ------------------------------------------------
    def encode_rich(self, text: str, *, allowed_special: AllowedSpecial = frozenset(),
                    disallowed_special: DisallowedSpecial = "all",
                    max_tokens: int | None = None) -> Encoded:
        """Encode once and keep, for each token, what a viewer shows: id, bytes, display
        string, span in the text, chunk, special or not, unknown or not (``encoded``; HF
        tokenizers' ``Encoding`` with its ids, tokens and offsets is the model).

        Arguments and errors as for ``encode``; the ids equal ``encode``'s. See
        ``encoded`` for how a character cut over two tokens is shared. The display string
        is the vocabulary's (``token_str``): a GPT-2 ``Ġ`` string for byte-level BPE, the
        piece (``▁hello``, ``<0xE4>``) for SentencePiece. Where a normalizer rewrote the
        text, a token spans the typed characters its normalized characters came from.
        Plain ``encode`` is faster; take this when the spans are needed.

        Args:
            max_tokens: describe only the first this many tokens (``Encoded.tokens``);
                ``ids`` and ``lost`` still cover the whole text. None for all.

        >>> from bbpe_core import get_encoding
        >>> out = get_encoding("gpt2").encode_rich("你 a", max_tokens=2)
        >>> out.ids, [(t.token_str, t.start, t.end) for t in out.tokens], out.truncated
        ([19526, 254, 257], [('ä½', 0, 1), ('ł', 0, 1)], True)
        """
        allowed = self.resolve_allowed(text, allowed_special, disallowed_special)
        return rich.encode_rich(self, text, allowed, max_tokens)

    def pre_tokenize(self, text: str, *, allowed_special: AllowedSpecial = frozenset(),
                     disallowed_special: DisallowedSpecial = "all") -> list[Chunk]:
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
        allowed = self.resolve_allowed(text, allowed_special, disallowed_special)
        return list(rich.iter_chunks(self, text, allowed))

    def encode_detailed(self, text: str, *, allowed_special: AllowedSpecial = frozenset(),
                        disallowed_special: DisallowedSpecial = "all",
                        max_tokens: int | None = None) -> list[TokenSpan]:
        """Every token with its id, bytes, display string and span: ``encode_rich``'s
        tokens, arguments and errors.

        Args:
            max_tokens: stop after the chunk that reaches this many tokens (the rest of the
                text is then not even split); the tokens returned are exactly the first ones
                of the whole text. None for all.

        >>> from bbpe_core import get_encoding
        >>> [(t.token_str, t.start, t.end) for t in get_encoding("gpt2").encode_detailed("你 a")]
        [('ä½', 0, 1), ('ł', 0, 1), ('Ġa', 1, 3)]
        """
        allowed = self.resolve_allowed(text, allowed_special, disallowed_special)
        return rich.encode_rich(self, text, allowed, max_tokens, whole=False).tokens

    def tokenize(self, text: str, *, allowed_special: AllowedSpecial = frozenset(),
                 disallowed_special: DisallowedSpecial = "all") -> list[str]:
        """The tokens as their vocabulary writes them: GPT-2 printable strings for byte-level
        BPE, as ``GPT2Tokenizer.tokenize`` returns; piece strings (``▁hello``, ``<0xE4>``) for
        SentencePiece, as its ``encode(out_type=str)`` does.

        Arguments and errors as for ``encode``: special-token text raises by default; with
        ``allowed_special`` a special token comes back whole as its own text
        (``"<|endoftext|>"``, not byte-mapped), as GPT2Tokenizer keeps it.

        >>> from bbpe_core import get_encoding
        >>> get_encoding("gpt2").tokenize("hello<|endoftext|>", allowed_special="all")
        ['hello', '<|endoftext|>']
        """
        ids = self.encode(text, allowed_special=allowed_special,
                          disallowed_special=disallowed_special)
        return list(map(self.vocab.token_str, ids))
