"""``Encoding``: a byte-level BPE tokenizer with tiktoken's API and a viewer's extras.

Data flow: text -> special and added tokens split out (``special``) -> normalizer
(``normalizers``, none for OpenAI's encodings) -> chunks (the pattern of ``pre_tokenizer``, or
a ``pre_tokenizers`` stage) -> UTF-8 bytes -> BPE parts (``bpe``) -> ids, through the caches
of ``cached_encode``; ``post_process`` adds what a model's API adds (``post_processors``).

Does not load files (see ``formats``) or know encoding names (see ``registry``).
"""

from __future__ import annotations

from collections.abc import Sequence

from . import validate
from .byte_level import fix_surrogates
from .cached_encode import CachedEncodeMethods
from .decoding import DecodeMethods
from .normalizers import Normalizer
from .post_processors import TemplateProcessing
from .pre_tokenizer import SHIPPED_PATTERNS, find_chunks
from .pre_tokenizers import PreTokenizer
from .special import (
    AllowedSpecial,
    DisallowedSpecial,
    check_disallowed,
    resolve_special,
    split_on_special,
)
from .viewer import ViewerMethods

__all__ = ["Encoding"]


class Encoding(CachedEncodeMethods, DecodeMethods, ViewerMethods):
    """A byte-level BPE encoding (tiktoken's ``Encoding``, plus viewer methods).

    Args:
        name: the encoding's name, e.g. ``"gpt2"``.
        pat_str: the split pattern (``regex`` syntax).
        mergeable_ranks: token bytes -> id. Without ``merges`` the id is also the
            token's merge priority (tiktoken's semantics: lower merges first).
        special_tokens: special-token text -> id.
        merges: optional ``[(left, right), ...]`` in priority order (GPT-2 / HF
            semantics: only listed pairs merge, ids still come from
            ``mergeable_ranks``).
        explicit_n_vocab: if given, ``n_vocab`` must equal it.
        add_prefix_space: prepend a space to each ordinary segment that does not
            start with one (HF ``ByteLevel(add_prefix_space=True)``).
        ignore_merges: look a whole chunk up in the vocabulary before merging
            (tiktoken always does; HF's ``ignore_merges``).
        pattern_timeout: seconds a split may take, for patterns users supplied;
            None for none.
        cache_size: entries of each cache (chunks, words, phrases, parts); each is
            emptied when full.
        normalizer: rewrites each ordinary segment before it is split (HF's NFC / NFKC).
        pre_tokenizer: splits instead of ``pat_str`` (HF ``Split`` / ``Sequence`` steps);
            ``pat_str`` then only describes the split.
        added_tokens: text -> id of tokens that are not special but are matched whole in
            the raw text, before normalization, like HF's non-special added tokens (Qwen's
            ``<think>``): always, by ``encode`` and ``encode_ordinary`` alike.
        post_processor: what ``post_process`` adds around ids (Llama 3's BOS).

    Raises:
        ValueError: if the vocabulary is inconsistent (see ``validate.check_vocab``)
            or the pattern does not compile.

    >>> from bbpe_core import get_encoding
    >>> enc = get_encoding("gpt2")
    >>> enc.encode("hello world")
    [31373, 995]
    >>> enc.tokenize("你好 ma")
    ['ä½', 'ł', 'å¥', '½', 'Ġma']
    """

    def __init__(
        self,
        name: str,
        *,
        pat_str: str,
        mergeable_ranks: dict[bytes, int],
        special_tokens: dict[str, int],
        merges: Sequence[tuple[bytes, bytes]] | None = None,
        explicit_n_vocab: int | None = None,
        add_prefix_space: bool = False,
        ignore_merges: bool = True,
        pattern_timeout: float | None = None,
        cache_size: int = 65536,
        normalizer: Normalizer | None = None,
        pre_tokenizer: PreTokenizer | None = None,
        added_tokens: dict[str, int] | None = None,
        post_processor: TemplateProcessing | None = None,
    ) -> None:
        added_tokens = dict(added_tokens or {})
        validate.check_vocab(
            mergeable_ranks, {**added_tokens, **special_tokens}, merges, explicit_n_vocab
        )
        if set(added_tokens) & set(special_tokens):
            raise ValueError("a token is both special and added: "
                             f"{sorted(set(added_tokens) & set(special_tokens))[0]!r}")
        find_chunks("", pat_str)  # compiles, or raises ValueError now rather than later
        self.normalizer = normalizer
        self.pre_tokenizer = pre_tokenizer
        self.post_processor = post_processor
        self._added_tokens = added_tokens
        self._added_set = frozenset(added_tokens)
        self._whole_tokens = {**added_tokens, **special_tokens}  # matched whole in raw text
        self.name = name
        self.pat_str = pat_str
        self.add_prefix_space = add_prefix_space
        self.ignore_merges = ignore_merges
        self.pattern_timeout = pattern_timeout
        self._mergeable_ranks = mergeable_ranks
        self._special_tokens = dict(special_tokens)
        self._merges = list(merges) if merges is not None else None
        self.special_tokens_set: frozenset[str] = frozenset(special_tokens)
        self._decoder = {i: b for b, i in mergeable_ranks.items()}
        self._decoder.update({i: s.encode("utf-8") for s, i in self._whole_tokens.items()})
        self._special_ids = frozenset(self._whole_tokens.values())  # shown as their text
        self.max_token_value: int = max(self._decoder)
        if self._merges is None:
            ranks = mergeable_ranks
            self._pair_rank = lambda left, right: ranks.get(left + right)
        else:
            priority = {pair: i for i, pair in enumerate(self._merges)}
            self._pair_rank = lambda left, right: priority.get((left, right))
        plain = pre_tokenizer is None and not add_prefix_space  # the fast path splits
        self._init_caches(cache_size, presplit=plain and pat_str in SHIPPED_PATTERNS)

    def __repr__(self) -> str:
        return f"<Encoding {self.name!r}>"

    def __reduce__(self):
        """Pickle a shipped encoding by name: the receiver reloads it from package data.

        Raises:
            TypeError: for any other encoding (its tables are not sent between processes).
        """
        from .registry import get_encoding, list_encoding_names

        if self.name in list_encoding_names() and get_encoding(self.name) is self:
            return (get_encoding, (self.name,))
        raise TypeError(f"only the shipped encodings pickle (by name); {self.name!r} is not one")

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
        return self._special_tokens["<|endoftext|>"]

    @property
    def mergeable_ranks(self) -> dict[bytes, int]:
        """Token bytes -> id of the ordinary tokens (shared: do not modify)."""
        return self._mergeable_ranks

    @property
    def special_tokens(self) -> dict[str, int]:
        """Special-token text -> id (a copy)."""
        return dict(self._special_tokens)

    @property
    def added_tokens(self) -> dict[str, int]:
        """Non-special added-token text -> id (a copy); see the constructor."""
        return dict(self._added_tokens)

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
        return None if self._merges is None else list(self._merges)

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
        allowed = self._allowed(text, allowed_special, disallowed_special)
        try:
            return self._encode_checked(text, allowed)
        except UnicodeEncodeError:
            return self._encode_checked(fix_surrogates(text), allowed)

    def _allowed(self, text: str, allowed_special, disallowed_special) -> frozenset[str]:
        """Check the text and the special-token arguments; return the allowed set."""
        if not isinstance(text, str):
            raise TypeError(f"text must be a str, not {type(text).__name__}")
        allowed, disallowed = resolve_special(
            allowed_special, disallowed_special, self.special_tokens_set
        )
        check_disallowed(text, disallowed)
        return allowed

    def _encode_checked(self, text: str, allowed: frozenset[str]) -> list[int]:
        whole = allowed | self._added_set
        if not whole:
            return self._encode_segment(self._normalized(text)) if text else []
        ids: list[int] = []
        for segment, _, _, is_special in split_on_special(text, whole):
            if is_special:
                ids.append(self._whole_tokens[segment])
            else:
                ids.extend(self._encode_segment(self._normalized(segment)))
        return ids

    def _normalized(self, segment: str) -> str:
        """The segment after the normalizer (itself when there is none)."""
        return segment if self.normalizer is None else self.normalizer.normalize(segment)

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

    def encode_ordinary_batch(self, text: Sequence[str], *, num_threads: int = 8) -> list[list[int]]:
        """Encode several texts with ``encode_ordinary`` (``num_threads`` as ``encode_batch``)."""
        return [self.encode_ordinary(t) for t in text]

    def encode_single_token(self, text_or_bytes: str | bytes) -> int:
        """The id of text or bytes that form exactly one token (specials included).

        Raises:
            KeyError: if it is not a single token.
        """
        if isinstance(text_or_bytes, str):
            if text_or_bytes in self._whole_tokens:
                return self._whole_tokens[text_or_bytes]
            text_or_bytes = text_or_bytes.encode("utf-8")
        try:
            return self._mergeable_ranks[text_or_bytes]
        except KeyError:
            raise KeyError(f"{text_or_bytes!r} is not a single token of {self.name}") from None
