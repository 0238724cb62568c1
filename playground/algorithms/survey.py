"""The survey's table: which systems run which tokenization algorithm, each with the
encoding that reproduces it here, or why there is none and how to bring its file.

The rows follow the usual survey of subword tokenizers (BPE: Sennrich et al. 2016;
byte-level BPE: Radford et al. 2019; Unigram LM: Kudo 2018; WordPiece: Schuster & Nakajima
2012, Devlin et al. 2019; SentencePiece: Kudo & Richardson 2018). Each system is named by a
model id of its own tokenizer files, and the encoding is found with
``encoding_name_for_model``, so a family the build ships is linked and one it does not is
said to be absent, never guessed.

>>> row = next(r for r in survey_rows() if r.system == "GPT-2")
>>> row.encoding, row.algorithm
('gpt2', 'byte-level BPE')
"""

from __future__ import annotations

from dataclasses import dataclass

from bbpe_core import encoding_name_for_model

__all__ = ["ABSENT", "SURVEY", "NOT_SHIPPED", "SurveyRow", "survey_rows"]

SURVEY = (
    ("BPE", "GPT-J", "EleutherAI/gpt-j-6b"),
    ("BPE", "GPT-Neo", "EleutherAI/gpt-neo-1.3B"),
    ("BPE", "RoBERTa", "FacebookAI/roberta-base"),
    ("BPE", "BART", "facebook/bart-large"),
    ("BPE", "ChatGLM-6B", "THUDM/chatglm-6b"),
    ("BPE", "Baichuan", "baichuan-inc/Baichuan-7B"),
    ("byte-level BPE", "GPT-2", "gpt2"),
    ("byte-level BPE", "LLaMA", "meta-llama/Llama-2-7b-hf"),
    ("Unigram LM", "mBART", "facebook/mbart-large-50"),
    ("Unigram LM", "XLNet", "xlnet/xlnet-base-cased"),
    ("WordPiece", "BERT", "google-bert/bert-base-uncased"),
    ("WordPiece", "DistilBERT", "distilbert/distilbert-base-uncased"),
    ("WordPiece", "MobileBERT", "google/mobilebert-uncased"),
    ("SentencePiece", "ALBERT", "albert/albert-base-v2"),
    ("SentencePiece", "T5", "google-t5/t5-base"),
    ("SentencePiece", "Flan-T5", "google/flan-t5-base"),
    ("SentencePiece", "XLM-RoBERTa", "FacebookAI/xlm-roberta-base"),
)
"""(algorithm, system, model id of its tokenizer files), in the survey's order."""

ABSENT = "open its own tokenizer.json or .model under 'Bring your own tokenizer'"
"""What to do for a system the build does not ship, where its note says nothing else."""
_GPT2_FILES = ("open its vocab.json + merges.txt under 'Bring your own tokenizer' (its "
               "tokenizer.json is refused: its RobertaProcessing post-processor is not reproduced)")

NOT_SHIPPED = {
    "GPT-J": "GPT-2's vocabulary plus 143 added tokens <|extratoken_1|>...<|extratoken_143|> "
             f"(ids 50257-50399); no installable package carries its tokenizer file; {ABSENT}",
    "RoBERTa": "GPT-2's merges with ids of its own (fairseq's dictionary order); no installable "
               f"package carries its vocab.json; {_GPT2_FILES}",
    "BART": f"RoBERTa's vocab.json and merges.txt; no installable package carries them; "
            f"{_GPT2_FILES}",
    "ChatGLM-6B": "its ice_text.model is in no installable package (icetk downloads it when "
                  f"first used); {ABSENT}",
    "Baichuan": "llama.cpp's source archive carries it converted (ggml-vocab-baichuan.gguf, "
                "read by our GGUF tests) but not its licence, Baichuan's own, so it is not "
                "shipped; open that GGUF as a model file, or its tokenizer.model, under 'Bring "
                "your own tokenizer'",
    "mBART": "its sentencepiece.bpe.model (with its language codes added as tokens) is in no "
             f"installable package; {ABSENT}",
    "XLNet": f"its spiece.model is in no installable package; {ABSENT}",
    "ALBERT": "its spiece.model is in no installable package (transformers lowercases and strips "
              "accents before it: its tokenizer.json does so, the .model alone does not); "
              f"{ABSENT}",
    "XLM-RoBERTa": "its sentencepiece.bpe.model is in no installable package (XLM-R's ids are "
                   "sentencepiece's plus one, fairseq's: its tokenizer.json gives them, the "
                   f".model gives sentencepiece's); {ABSENT}",
}
"""The note of each system the build does not ship: what its file is, why it is absent (we
looked in the registries' packages, their vendored files and llama.cpp's vocabularies,
November 2026) and how to bring it."""


@dataclass(frozen=True)
class SurveyRow:
    """One system of the survey.

    Attributes:
        algorithm (str): the survey's algorithm column.
        system (str): the system, e.g. ``"T5"``.
        model (str): the model id its tokenizer files are published under.
        encoding (str | None): the shipped encoding that reproduces it, or None.
        note (str): "" where shipped, else why not and what to do.
    """

    algorithm: str
    system: str
    model: str
    encoding: str | None
    note: str


def _encoding(model: str) -> str | None:
    try:
        return encoding_name_for_model(model)
    except KeyError:
        return None


def survey_rows() -> list[SurveyRow]:
    """The survey's table with today's build: each row's encoding, or why there is none.

    Returns:
        list[SurveyRow]: one row per entry of ``SURVEY``, in its order.
    """
    rows = []
    for algorithm, system, model in SURVEY:
        name = _encoding(model)
        note = "" if name else NOT_SHIPPED.get(system, f"not shipped; {ABSENT}")
        rows.append(SurveyRow(algorithm, system, model, name, note))
    return rows
