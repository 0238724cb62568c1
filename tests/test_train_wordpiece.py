"""The WordPiece trainer (``training.wordpiece``) against HF tokenizers' ``WordPieceTrainer``
(the oracle; tests only).

HF's trainer is not reproducible run to run: it counts words in a hash map seeded per process,
gives each ``##c`` token its id in that map's order, and breaks ties between equally frequent
pairs by their ids, so two HF runs on one corpus differ (a few tokens in a thousand on the
Algorithms page's corpus). Ours takes the words in the order given. So each comparison reads the
order of HF's run from its own vocabulary (its ``##c`` ids), hands our trainer the same words in
an order that gives those ids, and asserts the same vocabulary (every token with the same id)
and the same ids for held-out text; ``train_wordpiece`` itself is checked for what does not
depend on the order (specials, alphabet, size) and for encoding held-out text as HF's
``WordPiece`` model does over its vocabulary.
"""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from bbpe_core.models.wordpiece.trainer import learn_wordpiece_vocab
from bbpe_core.training import TrainingStopped, train_wordpiece
from bbpe_core.training.wordpiece import count_words, wordpiece_encoding
from playground.algorithms.training import corpus_parts

tokenizers = pytest.importorskip("tokenizers")

PREFIX = "##"


def hf_trained(texts: list[str], vocab_size: int, *, lowercase: bool, **options):
    """An HF tokenizer set up as the Algorithms page set it up, trained on ``texts``."""
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers, trainers

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    tok.normalizer = normalizers.BertNormalizer(lowercase=lowercase)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    trainer = trainers.WordPieceTrainer(vocab_size=vocab_size, show_progress=False,
                                        **{k: v for k, v in options.items() if v is not None})
    tok.train_from_iterator(texts, trainer)
    return tok


def in_hf_order(words: Counter, hf_vocab: dict[str, int], specials: list[str]) -> dict[str, int]:
    """``words`` reordered so that a trainer taking them in this order gives each ``##c`` token
    the id HF gave it.

    HF's order: its ``##c`` tokens by id. Greedy: at each step, a word whose first-shown ``##c``
    tokens (those not yet shown) are exactly the next ones of HF's order. One exists (the word
    HF itself met there: before it, the same tokens had been shown), so this never sticks.
    """
    target = [t for t, _ in sorted(hf_vocab.items(), key=lambda kv: kv[1])
              if t.startswith(PREFIX) and len(t) == len(PREFIX) + 1 and t not in specials]
    alphabet = {t for t in hf_vocab if len(t) == 1} | set(specials)

    def continued(word: str) -> list[str]:
        return list(dict.fromkeys(PREFIX + c for c in word[1:] if c in alphabet))

    by_token: dict[str, list[str]] = {}
    for word in words:
        for token in continued(word):
            by_token.setdefault(token, []).append(word)
    ordered: dict[str, int] = {}
    shown: set[str] = set()
    k = 0
    while k < len(target):
        for word in by_token[target[k]]:
            new = [t for t in continued(word) if t not in shown]
            if word not in ordered and new == target[k:k + len(new)]:
                ordered[word] = words[word]
                shown.update(new)
                k += len(new)
                break
        else:
            raise AssertionError(f"no word shows {target[k]!r} next")
    return ordered | {w: n for w, n in words.items() if w not in ordered}


def check_same_as_hf(texts: list[str], vocab_size: int, held_out: list[str], *,
                     lowercase: bool = False, special_tokens: tuple[str, ...] = ("[UNK]",),
                     **options) -> dict[str, int]:
    """Train both on ``texts``; assert the same vocabulary and the same ids for ``held_out``."""
    hf = hf_trained(texts, vocab_size, lowercase=lowercase,
                    special_tokens=list(special_tokens), **options)
    hf_vocab = hf.get_vocab()
    words = in_hf_order(count_words(texts, lowercase=lowercase), hf_vocab, list(special_tokens))
    ours = learn_wordpiece_vocab(words, vocab_size, special_tokens=special_tokens, **options)
    assert ours == hf_vocab
    enc = wordpiece_encoding(ours, special_tokens=special_tokens, lowercase=lowercase)
    for text in held_out:
        assert enc.encode_ordinary(text) == hf.encode(text, add_special_tokens=False).ids
    return ours


def alphabet_counts(texts: list[str], initial: list[str], *, lowercase: bool) -> list[float]:
    """How often each character occurs in the words, most frequent first, those of the
    initial alphabet counted as the most frequent (HF's ``compute_alphabet``): where
    ``limit_alphabet`` cuts between equal counts, HF's choice is its hash map's."""
    counts: Counter = Counter()
    for word, n in count_words(texts, lowercase=lowercase).items():
        for char in word:
            counts[char] += n
    counts.update({c: math.inf for c in initial})
    return sorted(counts.values(), reverse=True)


@pytest.fixture(scope="module")
def page_corpus():
    return corpus_parts()


@pytest.mark.parametrize("vocab_size", [2000, 4000])
def test_the_algorithms_page_corpus_gives_hf_s_vocabulary(page_corpus, vocab_size):
    corpus, held_out = page_corpus
    vocab = check_same_as_hf([corpus], vocab_size, list(held_out.values()))
    assert len(vocab) == vocab_size  # the corpus has pairs enough
    assert sum(t.startswith(PREFIX) for t in vocab) > 100


def test_uncased_with_bert_s_specials_and_a_limited_alphabet(page_corpus):
    corpus, held_out = page_corpus
    english = corpus[:40_000]
    initial = ["é", "ß"]
    ranked = alphabet_counts([english], initial, lowercase=True)
    limit = next(k for k in range(40, len(ranked)) if ranked[k - 1] > ranked[k])  # no tie
    assert limit < len(ranked)  # some characters are left out
    check_same_as_hf([english], 1200, [held_out["English"][:5000]], lowercase=True,
                     special_tokens=("[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"),
                     min_frequency=2, limit_alphabet=limit, initial_alphabet=initial)


_WORDS = st.text(alphabet="abcdeéX中,", min_size=1, max_size=7)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(_WORDS, min_size=1, max_size=8).map(" ".join), min_size=1,
                max_size=12),
       st.integers(5, 60), st.integers(0, 3), st.sampled_from([None, 3, 5]),
       st.sampled_from([[], ["z"], ["a", "q"]]))
def test_small_corpora_give_hf_s_vocabulary(lines, vocab_size, min_frequency, limit,
                                            initial):
    ranked = alphabet_counts(lines, initial, lowercase=False)
    assume(limit is None or limit >= len(ranked) or ranked[limit - 1] > ranked[limit])
    check_same_as_hf(lines, vocab_size, ["abc deé 中X", "eeee, ba"],
                     min_frequency=min_frequency, limit_alphabet=limit, initial_alphabet=initial)


def test_train_wordpiece_is_reproducible_and_encodes_as_hf_s_model_over_its_vocab(page_corpus):
    from tokenizers import Tokenizer, models, normalizers, pre_tokenizers

    corpus, held_out = page_corpus
    options = {"lowercase": False, "min_frequency": 0, "special_tokens": ["[UNK]"],
               "limit_alphabet": None}
    enc = train_wordpiece(corpus, 2000, **options)
    again = train_wordpiece(corpus, 2000, **options)
    vocab = enc.vocab.piece_ids
    assert vocab == again.vocab.piece_ids
    hf = hf_trained([corpus], 2000, lowercase=False, special_tokens=["[UNK]"]).get_vocab()
    assert len(vocab) == len(hf) == 2000
    first = 1 + sum(len(t) == 1 for t in hf)  # [UNK], then the alphabet by code point
    assert {t: i for t, i in vocab.items() if i < first} == \
        {t: i for t, i in hf.items() if i < first}
    model = Tokenizer(models.WordPiece(vocab, unk_token="[UNK]"))
    model.normalizer = normalizers.BertNormalizer(lowercase=False)
    model.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    for text in [*held_out.values(), "Tokenizers split text: 春眠不覺曉 unseen 麵"]:
        assert enc.encode_ordinary(text) == model.encode(text, add_special_tokens=False).ids
    assert enc.tokenize("unseen 麵")[-1] == "[UNK]"


def test_bert_s_specials_are_matched_whole_and_framed():
    enc = train_wordpiece(["the cat sat on the mat. " * 20], 60)
    cls, sep = enc.encode_single_token("[CLS]"), enc.encode_single_token("[SEP]")
    ids = enc.encode("the [MASK] sat")
    assert ids[1] == enc.encode_single_token("[MASK]")
    assert enc.post_process(ids) == [cls, *ids, sep]
    assert enc.decode(ids) == "the sat"


@pytest.mark.parametrize(("option", "value"), [
    ("vocab_size", 0), ("vocab_size", 2.5), ("vocab_size", True), ("vocab_size", 10**7),
    ("min_frequency", -1), ("min_frequency", math.nan), ("min_frequency", 2**63),
    ("limit_alphabet", 0), ("limit_alphabet", 1.0), ("limit_alphabet", 2**40),
    ("initial_alphabet", ["ab"]), ("initial_alphabet", "abc"), ("initial_alphabet", [1]),
    ("special_tokens", [""]), ("special_tokens", "[UNK]"), ("special_tokens", ["[UNK]", 3]),
    ("special_tokens", ["[UNK]", "x" * 65]), ("special_tokens", ["[UNK]"] + ["t"] * 1001),
    ("unk_token", "[NOPE]"), ("lowercase", 1), ("max_chars", 0), ("max_chars", math.inf),
    ("name", ""), ("name", None),
])
def test_a_bad_option_is_a_value_error_naming_it(option, value):
    options = {"vocab_size": 100, option: value}
    with pytest.raises(ValueError, match=f"train_wordpiece: {option}"):
        train_wordpiece("some words to train on", **options)


def test_a_bad_corpus_is_refused():
    with pytest.raises(TypeError, match="str"):
        train_wordpiece(["text", b"bytes"], 100)
    with pytest.raises(ValueError, match="empty"):
        train_wordpiece([" \n\t", ""], 100)
    with pytest.raises(ValueError, match="over 10 characters"):
        train_wordpiece(["12345", "678901"], 100, max_chars=10)
    with pytest.raises(ValueError, match="word_counts"):
        learn_wordpiece_vocab({"ok": 0}, 100)
    with pytest.raises(ValueError, match="word_counts"):
        learn_wordpiece_vocab({"": 3}, 100)


def test_a_stop_function_ends_training():
    calls = []

    def stop() -> bool:
        calls.append(1)
        return len(calls) > 5

    with pytest.raises(TrainingStopped, match="train_wordpiece"):
        train_wordpiece(["low lower lowest newer newest " * 20] * 50, 300, stop=stop)
