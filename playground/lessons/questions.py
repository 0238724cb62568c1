"""Lessons: questions about LLM quirks from Karpathy's "Let's build the GPT Tokenizer", each
answered by numbers the tokenizer computes live.

Each lesson has a question, a short explanation (true for today's encodings; the lecture is
corrected where it is out of date: GPT-3 kept GPT-2's r50k_base ranks and so its
one-token-per-space), an editable example, and a function that turns the example into
the numbers that make the point, reusing the compare lab's computations.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from bbpe_core import Encoding

from ..lab.code import number_pieces, reindent
from ..lab.formats import RECORDS, render_formats
from .algorithms import ALGORITHM_LESSON_ENCODINGS, algorithm_facts, marks_facts

__all__ = ["Lesson", "LESSONS", "guess_feedback", "corpus_count"]

Facts = Callable[[dict[str, Encoding], str], list[dict]]
CORPUS = Path(__file__).resolve().parents[1] / "assets" / "corpora" / "en_python_docs.txt"


@dataclass(frozen=True)
class Lesson:
    """One lesson: key, question, explanation, the example text, how special tokens in it
    are treated (``encode`` keyword arguments), its facts function and, for a lesson about
    particular models, their encodings."""

    key: str
    question: str
    explanation: str
    example: str
    facts: Facts
    special: dict
    encodings: tuple[str, ...] = ()
    """The encodings the lesson is about (those shipped); empty for the page's default."""


def _count(enc: Encoding, text: str, **special) -> int:
    return len(enc.encode(text, **({"disallowed_special": ()} | special)))


def _spelling(encs, text):
    word = text.strip()
    return [{"encoding": n, "letters": len(word), "tokens": _count(e, word),
             "tokens of the reversed word": _count(e, word[::-1])} for n, e in encs.items()]


def _languages(encs, text):
    en, _, zh = text.partition("\n")
    return [{"encoding": n, "English tokens": _count(e, en), "Chinese tokens": _count(e, zh),
             "Chinese ÷ English": round(_count(e, zh) / max(_count(e, en), 1), 2)}
            for n, e in encs.items()]


def _numbers(encs, text):
    return [{"encoding": n, "number": num, "tokens": len(number_pieces(e, num)),
             "pieces": " | ".join(number_pieces(e, num))}
            for n, e in encs.items() for num in text.split()]


def _python(encs, text):
    return [{"encoding": n, "4 spaces": _count(e, text), "tabs": _count(e, reindent(text, "\t")),
             "8 spaces": _count(e, reindent(text, " " * 8))} for n, e in encs.items()]


def _endoftext(encs, text):
    return [{"encoding": n, "as a special token": _count(e, text, allowed_special="all"),
             "as plain text": _count(e, text)} for n, e in encs.items()]


@lru_cache(maxsize=8)
def corpus_count(enc: Encoding) -> Counter:
    """How often each id occurs when the shipped English corpus (1 MB) is encoded."""
    return Counter(enc.encode_ordinary(CORPUS.read_text(encoding="utf-8")))


def _glitch(encs, text):
    """Per encoding: the text's pieces, each with how often it occurs in the shipped English
    corpus (the CPython docs), and how many never do. (The rarest piece's count alone is 0 for
    every encoding: no piece of " SolidGoldMagikarp" is common in technical English; what
    differs is whether the name is one unseen token or ordinary pieces.)"""
    rows = []
    for n, e in encs.items():
        ids = e.encode_ordinary(text)
        counts = corpus_count(e)
        unseen = sum(counts[i] == 0 for i in ids)
        rows.append({"encoding": n, "tokens": len(ids), "ids": str(ids),
                     "pieces × count in 1 MB of English": " | ".join(
                         f"{e.decode([i])!r} ×{counts[i]:,}" for i in ids),
                     "pieces never seen there": f"{unseen} of {len(ids)}",
                     "longest piece (characters)": max((len(e.decode([i])) for i in ids),
                                                       default=0)})
    return rows


def _yaml(encs, text):
    rendered = render_formats(RECORDS[:1])
    return [{"encoding": n, "JSON (indent 4)": _count(e, rendered["JSON (indent 4)"]),
             "JSON (minified)": _count(e, rendered["JSON (minified)"]),
             "YAML": _count(e, rendered["YAML"]), "your text": _count(e, text)}
            for n, e in encs.items()]


LESSONS = [
    Lesson("spelling", "Why do LLMs struggle to spell words and reverse strings?",
           "A model sees tokens, not letters: strawberry, ten letters, is three tokens, and which "
           "letters are inside a token is never shown to it. How many r's are in it? Reversed, "
           "the letters are cut into other pieces: a common word such as 'understanding', one or "
           "two tokens, costs five or six reversed, while a word already cut into pieces, like "
           "strawberry, may cost about the same either way. Try both.",
           "strawberry", _spelling, {}),
    Lesson("languages", "Why do LLMs do better in English?",
           "The tokenizers were trained mostly on English, so English words are whole tokens "
           "while other scripts fall apart into pieces, often single UTF-8 bytes. The same meaning "
           "takes more tokens: less fits in the context, and each token carries less. In gpt2 this "
           "Chinese sentence costs more than twice the tokens of the English; newer vocabularies "
           "narrow the gap (o200k_base, Llama 3), and Qwen, trained on much Chinese, spends no "
           "more on it than on the English.",
           "All human beings are born free and equal in dignity and rights.\n"
           "人人生而自由，在尊严和权利上一律平等。", _languages, {}),
    Lesson("arithmetic", "Why are LLMs bad at arithmetic?",
           "Digits are cut into tokens arbitrarily in gpt2 (998 is one token, 9988 two), so "
           "aligning ones, tens and hundreds is hard. cl100k_base, o200k_base, Llama 3 and "
           "DeepSeek cut digit runs into groups of at most three, from the left, which is "
           "regular but still not aligned to place value; Qwen and Mistral NeMo give every "
           "digit a token of its own.", "998 9988 123456789 3.14159", _numbers, {}),
    Lesson("python", "Why was GPT-2 bad at Python?",
           "GPT-2's pattern leaves every space of indentation its own token, so deeply indented "
           "code eats the context. GPT-3 used the same r50k_base ranks and had the same problem "
           "(the lecture says it was fixed; it was fixed in cl100k_base, for GPT-3.5 and GPT-4, "
           "which has tokens for runs of spaces).",
           "def f(items):\n    for x in items:\n        if x:\n            print(x)\n",
           _python, {}),
    Lesson("endoftext", "Why does a model stop at <|endoftext|>?",
           "During training every document ends with the special token <|endoftext|>, one id "
           "(50256 in gpt2), so a model learns that after it nothing follows. Typed as plain text "
           "the same characters are seven ordinary tokens; tiktoken refuses the text by default "
           "because it could be used to trick a model. Llama 3, DeepSeek and Mistral NeMo end "
           "text with special tokens of other names (Llama 3's <|end_of_text|>, Mistral's </s>), "
           "so for them these characters are plain text either way.", "Done.<|endoftext|>",
           _endoftext,
           {"allowed_special": "all"}),
    Lesson("glitch", "Why did \"SolidGoldMagikarp\" break models?",
           "The tokenizer was trained on text in which a Reddit user name was frequent, so it got "
           "its own token; the model's training text hardly contained it, so its embedding was "
           "never trained, and prompts with it produced strange output. Count how often its "
           "pieces occur in a megabyte of English (the CPython docs): in GPT-2 the whole name is "
           "one token that never occurs; newer encodings cut it into ordinary pieces.",
           " SolidGoldMagikarp", _glitch, {}),
    Lesson("yaml", "Why is YAML cheaper than JSON?",
           "Indented JSON spends tokens on braces, quotes, commas and indentation that YAML does "
           "not write; the same record costs fewer tokens as YAML. Minified JSON drops most of "
           "them too and costs about as much as YAML, a little more or less by encoding. Edit the "
           "text to compare your own.", render_formats(RECORDS[:1])["YAML"],
           _yaml, {}),
    Lesson("marks", "Why does my model see ▁ and <0xE4>?",
           "SentencePiece (Kudo & Richardson 2018), the tokenizer of Llama 2, Mistral 7B and "
           "Gemma, replaces every space with ▁ (U+2581) before it merges, and Llama 2 puts one "
           "▁ before the text, so ▁world is world after a space. It merges characters, not "
           "bytes: a character no piece covers is spelled with the pieces <0x00>..<0xFF> of its "
           "UTF-8 bytes (byte fallback), so 丼, whose UTF-8 starts with byte E4, becomes "
           "<0xE4> <0xB8> <0xBC>, and decoding joins the bytes back. GPT-2's byte-level BPE "
           "works on bytes from the start and writes them through its byte map (Ġ for a space); "
           "BERT's WordPiece has no byte pieces and drops the spaces.",
           "Hello world 丼 and 你好", marks_facts, {}, ALGORITHM_LESSON_ENCODINGS),
    Lesson("algorithms", "BPE, byte-level BPE, WordPiece, Unigram: what is the difference?",
           "BPE (Sennrich et al. 2016) learns merges: start from symbols and merge the most "
           "frequent adjacent pair, again and again; encoding replays the merges. Byte-level "
           "BPE (GPT-2, Radford et al. 2019) starts from the 256 bytes, so every text has tokens "
           "and comes back exactly; character-level BPE starts from the characters it saw, so "
           "an unseen one is unknown unless byte fallback spells it (Llama 2). WordPiece "
           "(Schuster & Nakajima 2012; BERT, Devlin et al. 2019) takes the longest vocabulary "
           "piece from the start of each word, ## for the rest of it, and makes a word it "
           "cannot cover one [UNK]; BERT also lowercases and strips accents, so its text does "
           "not come back. Unigram (Kudo 2018) starts from many substrings, prunes those that "
           "help the likelihood least, and encodes with the most probable cut. The last rows "
           "are trained here on the Algorithms page's corpus.",
           "Hello World, the café serves 麵.", algorithm_facts, {}, ALGORITHM_LESSON_ENCODINGS),
]
"""The lessons, in the order the lecture asks them."""


def guess_feedback(guess: int, actual: int) -> str:
    """What the page says after a guess.

    >>> guess_feedback(3, 3)
    'Exactly right: 3 tokens.'
    >>> guess_feedback(2, 5)
    'It is 5 tokens: you were 3 too low (60% off).'
    """
    tokens = f"{actual} token{'' if actual == 1 else 's'}"
    if guess == actual:
        return f"Exactly right: {tokens}."
    diff = guess - actual
    side = "high" if diff > 0 else "low"
    off = abs(diff) / actual * 100 if actual else 100
    return f"It is {tokens}: you were {abs(diff)} too {side} ({off:.0f}% off)."
