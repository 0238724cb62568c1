"""Post-processors: the pipeline stage that adds the tokens a model's API puts around ids.

HF tokenizers' ``TemplateProcessing`` for one sequence: fixed ids before and after, such as
the ``<|begin_of_text|>`` that Llama 3's tokenizer.json adds (its ``post_processor``). It is
an option of ``Encoding.post_process``: ``encode`` never adds it (tiktoken's semantics), so a
count "as the API does" is ``len(enc.post_process(enc.encode(text)))``.

>>> TemplateProcessing(prefix=(1,)).process([5, 6])
[1, 5, 6]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["TemplateProcessing"]


@dataclass(frozen=True)
class TemplateProcessing:
    """Ids added before and after a single sequence (HF's ``TemplateProcessing.single``).

    Attributes:
        prefix: ids put before, e.g. ``(128000,)`` for Llama 3's BOS.
        suffix: ids put after.
    """

    prefix: tuple[int, ...] = ()
    suffix: tuple[int, ...] = ()

    def process(self, ids: Sequence[int]) -> list[int]:
        """``prefix + ids + suffix`` as a new list."""
        return [*self.prefix, *ids, *self.suffix]
