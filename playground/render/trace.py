"""HTML and words for the merge trace page: parts as chips, a sentence per step, merge trees.

One meaning of "rank" on the page: a merge's rank is its priority (lower merges first), the
number ``MergeStep.rank`` carries, as the step sentence, the runner-up table and the merge
tree all say it. Under tiktoken's semantics it equals the merged token's id; under a merge
list (GPT-2 files, HF tokenizer.json) it is the merge's place in that list and the id is
another number, so the tree shows both, each named.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bbpe_core import ChunkTrace, MergeStep
from bbpe_core.pre_tokenizers.byte_level import to_gpt2_str

from .base import esc, page_css, token_colour

__all__ = ["chunk_form", "runner_up_rows", "step_sentence", "parts_html", "Node", "merge_trees",
           "tree_label", "trees_html"]

Part = bytes | str
"""A part of a chunk: bytes for byte-level BPE, characters for SentencePiece BPE."""


def _shown(part: Part) -> str:
    """How a part is written: its Ġ string, or its piece text (``▁hi``)."""
    return to_gpt2_str(part) if isinstance(part, bytes) else part


def _hex(part: Part) -> str:
    return (part if isinstance(part, bytes) else part.encode("utf-8")).hex(" ")


def chunk_form(t: ChunkTrace, pieces: dict[int, str] | None) -> str:
    """The chunk as the model sees it: its Ġ string (byte-level BPE), or the pieces of its ids
    (SentencePiece; the chunk is already normalized, ``▁`` for spaces, so nothing is added).

    Args:
        t: a traced chunk.
        pieces: id -> piece string for SentencePiece (``TokenTable.pieces``); None for
            byte-level BPE.

    >>> from bbpe_core import get_encoding, trace
    >>> enc = get_encoding("llama2")
    >>> chunk_form(trace(enc, "hello")[0], enc.vocab.pieces)
    "pieces ['▁hello']"
    """
    if pieces is None:
        return f"Ġ form {to_gpt2_str(t.chunk.text.encode())!r}"
    return f"pieces {[pieces[i] for i in t.ids]!r}"


def runner_up_rows(step: MergeStep) -> list[dict[str, str | float]]:
    """The table of a step's other candidate pairs: each pair as the parts are written, and
    its rank (byte-level BPE) or its merged piece's score (SentencePiece), as
    ``step_sentence`` names the winner's.

    >>> from bbpe_core import get_encoding, trace
    >>> runner_up_rows(trace(get_encoding("llama2"), "hello")[0].steps[0])[0]
    {'pair': "'▁' + 'h'", 'score': -39.0}
    """
    scored = isinstance(step.pair[0], str)
    return [{"pair": f"{_shown(a)!r} + {_shown(b)!r}", **({"score": -r} if scored else {"rank": r})}
            for (a, b), r in step.runner_up]


def step_sentence(step: MergeStep, number: int) -> str:
    """One plain sentence saying why this pair merged at this step.

    >>> from bbpe_core import get_encoding, trace
    >>> step_sentence(trace(get_encoding("gpt2"), "朋友")[0].steps[0], 1)
    ... # doctest: +NORMALIZE_WHITESPACE
    "Step 1: of the 2 adjacent pairs that form a token, ('æ', 'ľ') has the lowest rank (17312), so
    it merges into 'æľ'."
    """
    left, right = _shown(step.pair[0]), _shown(step.pair[1])
    n = len(step.runner_up) + 1
    tie = any(r == step.rank for _, r in step.runner_up)
    scored = isinstance(step.pair[0], str)  # SentencePiece: the merged piece's score
    measure, value = ("score", -step.rank) if scored else ("rank", step.rank)
    how = ("the highest score" if scored else "the lowest rank") + (
        f", and it is the leftmost of equal {measure}s" if tie else "")
    if n == 1:
        return (f"Step {number}: only ({left!r}, {right!r}) forms a token ({measure} {value}), "
                f"so it merges into {left + right!r}.")
    return (f"Step {number}: of the {n} adjacent pairs that form a token, ({left!r}, {right!r}) "
            f"has {how} ({value}), so it merges into {left + right!r}.")


def fallback_ids(part: Part, ranks: dict[Part, int], fallback: dict[int, int]) -> list[int]:
    """The ids a part ends as: its own id if it is a token, else (SentencePiece byte fallback)
    the ``<0xNN>`` pieces' ids of its UTF-8 bytes; empty if neither.

    Args:
        part: a part of a trace.
        ranks: part -> id (``inside.merges.part_ids``).
        fallback: byte value -> its ``<0xNN>`` piece's id (empty without byte fallback).

    >>> fallback_ids("词", {}, {0xE8: 235, 0xAF: 178, 0x8D: 144})
    [235, 178, 144]
    """
    if part in ranks:
        return [ranks[part]]
    data = part.encode("utf-8") if isinstance(part, str) else part
    return [fallback[b] for b in data] if all(b in fallback for b in data) else []


def _ids_label(part: Part, ids: list[int], ranks: dict[Part, int]) -> str:
    """``"id N"`` for a token, ``"ids a b c (byte fallback)"`` for a part spelled in bytes."""
    if part in ranks or not ids:
        return " ".join(f"id {i}" for i in ids)
    return f"ids {' '.join(map(str, ids))} (byte fallback)"


def parts_html(parts: list[Part], ranks: dict[Part, int], highlight: int | None = None,
               fallback: dict[int, int] | None = None) -> str:
    """The parts as chips (Ġ form or piece text, with "id N" when the part is a token, and the
    ``<0xNN>`` pieces' ids when byte fallback spells it).

    Args:
        parts: the current parts.
        ranks: token bytes -> id, for labels and colours.
        highlight: index of the part just made by a merge.
        fallback: byte value -> its ``<0xNN>`` piece's id (SentencePiece byte fallback).
    """
    chips = []
    for k, p in enumerate(parts):
        ids = fallback_ids(p, ranks, fallback or {})
        extra = " just-merged" if k == highlight else ""
        label = f'<span class="id">{esc(_ids_label(p, ids, ranks))}</span>' if ids else ""
        colour = token_colour(ids[0]) if ids else "#eee"
        chips.append(f'<span class="cell{extra}" style="background:{colour}" '
                     f'title="{esc(_hex(p))}"><span class="gs">{esc(_shown(p))}</span>'
                     f"{label}</span>")
    return f'<style>{page_css()}</style><div class="bbpe-cells">{"".join(chips)}</div>'


@dataclass
class Node:
    """A part in a merge tree: its bytes, the step that made it (0 = a single byte), that
    merge's rank (None for a single byte), children."""

    data: Part
    step: int = 0
    rank: float | None = None  # a rank, or minus a SentencePiece score
    children: list["Node"] = field(default_factory=list)


def merge_trees(t: ChunkTrace) -> list[Node]:
    """How each final part was built from bytes, replaying the steps."""
    nodes = [Node(b) for b in t.initial]
    for number, step in enumerate(t.steps, start=1):
        i = step.position
        nodes[i : i + 2] = [Node(step.pair[0] + step.pair[1], number, step.rank, nodes[i : i + 2])]
    return nodes


def tree_label(node: Node, tid: int | None) -> str:
    """The small label of a merged part in a tree: the step, the merge's priority as the step
    sentence says it (rank for byte-level BPE, the piece's score for SentencePiece) and the id.

    >>> tree_label(Node(b"er", 2, 5), 264)
    'step 2, rank 5, id 264'
    >>> tree_label(Node("▁the", 3, -7.5), 278)
    'step 3, score 7.5, id 278'
    """
    if isinstance(node.data, str):
        return f"step {node.step}, score {-node.rank:g}, id {tid}"
    return f"step {node.step}, rank {node.rank}, id {tid}"


def _node_html(node: Node, ranks: dict[Part, int], fallback: dict[int, int]) -> str:
    tid = ranks.get(node.data)
    ids = fallback_ids(node.data, ranks, fallback)
    colour = token_colour(ids[0]) if ids else "#eee"
    small = (tree_label(node, tid) if node.step else
             "" if tid is not None or not ids else _ids_label(node.data, ids, ranks))
    head = (f'<span class="node" style="background:{colour}" title="{esc(_hex(node.data))}">'
            f"{esc(_shown(node.data))}"
            + (f" <small>{esc(small)}</small>" if small else "") + "</span>")
    kids = "".join(_node_html(c, ranks, fallback) for c in node.children)
    return f'<div class="tree">{head}{f"<div class=kids>{kids}</div>" if kids else ""}</div>'


def trees_html(t: ChunkTrace, ranks: dict[Part, int],
               fallback: dict[int, int] | None = None) -> str:
    """Nested boxes: each final token above the parts it was merged from; a part byte
    fallback spells shows its ``<0xNN>`` pieces' ids (``fallback``: byte -> id)."""
    body = "".join(_node_html(n, ranks, fallback or {}) for n in merge_trees(t))
    return f'<style>{page_css()}</style><div class="bbpe-trees">{body}</div>'
