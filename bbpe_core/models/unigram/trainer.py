"""EM and pruning of a Unigram LM over counted units (sentencepiece's
``unigram_model_trainer.cc``: ``RunEStep``, ``RunMStep``, ``PruneSentencePieces``).

- E step: for each unit, the lattice of every piece that occurs in it; forward-backward
  gives each piece's expected count (the marginal of its edges times the unit's count)
  and the corpus log-likelihood. A position no one-character piece covers gets an unknown
  edge scored ``min score - 10`` (``unigram_model.cc``'s ``kUnkPenalty``).
- M step: pieces expected fewer than 0.5 times are dropped; the others get
  ``digamma(count) - digamma(total)`` (the "Bayesianified/DPified EM" sentencepiece cites:
  Liang's ACL 2007 tutorial; ``Digamma`` below is its asymptotic series).
- Pruning: each piece's loss is how much the corpus likelihood drops if the piece's
  Viterbi occurrences are resegmented by its best segmentation without it; the pieces a
  Viterbi never uses, or splits anyway, go first; single characters (no alternative) stay.

Probabilities, not logs, are multiplied along a unit's lattice; a unit whose total
underflows (very long, all rare pieces) is redone in log space.

Memory: one edge ``(start, end, piece index)`` per occurrence of a piece in a distinct
unit, packed as three 32-bit ints in an ``array`` per unit (12 bytes an edge: at most
``max_piece_length`` edges per character of the distinct units), rebuilt (only smaller) each
time the vocabulary shrinks; each unit's edges become tuples only while it is worked on.
A ``stop`` function (``budget``) is checked every ``STOP_EVERY`` units.
"""

from __future__ import annotations

import math
from array import array
from collections import Counter

from ..budget import Stop, check_stop

__all__ = ["Lattices", "digamma", "m_step", "prune"]

UNK_PENALTY = 10.0
"""``kUnkPenalty`` of sentencepiece's ``unigram_model.cc``."""

EXPECTED_FREQUENCY_THRESHOLD = 0.5
"""``kExpectedFrequencyThreshold`` of ``RunMStep``."""

STOP_EVERY = 256
"""Units worked on between two calls of ``stop``."""


def digamma(x: float) -> float:
    """The digamma function, as sentencepiece's ``Digamma`` computes it (recurrence up to 7,
    then the asymptotic series).

    >>> round(digamma(1.0), 6)
    -0.577216
    """
    result = 0.0
    while x < 7:
        result -= 1 / x
        x += 1
    x -= 0.5
    xx = 1.0 / x
    xx2 = xx * xx
    xx4 = xx2 * xx2
    return (result + math.log(x) + xx2 / 24 - 7 * xx4 / 960 + 31 * xx4 * xx2 / 8064
            - 127 * xx4 * xx4 / 30720)


class Lattices:
    """The units of a corpus with the edges of the current pieces.

    Args:
        units: unit -> count.
        pieces: the current pieces (their index is their id in edges).
        max_piece_length: the longest piece, in characters.
        stop: checked every ``STOP_EVERY`` units (``budget``).

    Raises:
        TrainingStopped: when ``stop`` says so (here or in a later step).
    """

    def __init__(self, units: Counter, pieces: list[str], max_piece_length: int,
                 stop: Stop = None) -> None:
        self.units = list(units)
        self.counts = [units[u] for u in self.units]
        self.total = sum(self.counts)
        self.stop = stop
        index = {p: i for i, p in enumerate(pieces)}
        self.size = len(pieces)
        self.edges: list[array] = []
        for k, unit in enumerate(self.units):
            self._tick(k)
            n = len(unit)
            self.edges.append(array("i", [x for s in range(n)
                                          for e in range(s + 1, min(n, s + max_piece_length) + 1)
                                          if unit[s:e] in index
                                          for x in (s, e, index[unit[s:e]])]))

    def _tick(self, k: int) -> None:
        """Check ``stop`` before every ``STOP_EVERY``-th unit."""
        if k % STOP_EVERY == 0:
            check_stop(self.stop, "train_unigram")

    def keep(self, kept: list[int]) -> None:
        """Keep only the pieces ``kept`` (old indices, in their new order)."""
        new = [-1] * self.size
        for k, old in enumerate(kept):
            new[old] = k
        self.size = len(kept)
        for k, edges in enumerate(self.edges):
            self._tick(k)
            self.edges[k] = array("i", [x for s, e, i in _triples(edges) if new[i] >= 0
                                        for x in (s, e, new[i])])

    def _with_unknowns(self, k: int) -> list[tuple[int, int, int]]:
        """The edges of unit ``k``, an unknown edge (index ``size``) where no piece of
        one character starts; sorted by start."""
        edges = _triples(self.edges[k])
        single = {s for s, e, _ in edges if e == s + 1}
        n = len(self.units[k])
        if len(single) == n:
            return edges
        extra = [(s, s + 1, self.size) for s in range(n) if s not in single]
        return sorted(edges + extra)

    def e_step(self, scores: list[float]) -> tuple[list[float], float]:
        """Expected counts of the pieces and the corpus log-likelihood (natural log).

        Args:
            scores: log probability of each piece.
        """
        unk = min(scores) - UNK_PENALTY
        probs = [*map(math.exp, scores), math.exp(unk)]
        logs = [*scores, unk]
        expected = [0.0] * (self.size + 1)
        loglik = 0.0
        for k, count in enumerate(self.counts):
            self._tick(k)
            edges = self._with_unknowns(k)
            n = len(self.units[k])
            alpha = [0.0] * (n + 1)
            alpha[0] = 1.0
            for s, e, i in edges:
                alpha[e] += alpha[s] * probs[i]
            z = alpha[n]
            if z < 1e-280:
                loglik += count * _log_space_marginals(edges, n, logs, count, expected)
                continue
            beta = [0.0] * (n + 1)
            beta[n] = 1.0
            for s, e, i in reversed(edges):
                beta[s] += probs[i] * beta[e]
            scale = count / z
            for s, e, i in edges:
                expected[i] += alpha[s] * probs[i] * beta[e] * scale
            loglik += count * math.log(z)
        return expected[:-1], loglik

    def viterbi_counts(self, scores: list[float]) -> tuple[list[float], int]:
        """How often each piece is in the units' best segmentations (times their
        counts), and the number of tokens of the corpus so segmented."""
        unk = min(scores) - UNK_PENALTY
        logs = [*scores, unk]
        freq = [0.0] * (self.size + 1)
        tokens = 0
        for k, count in enumerate(self.counts):
            self._tick(k)
            path = _viterbi(self._with_unknowns(k), len(self.units[k]), logs)
            for i in path:
                freq[i] += count
            tokens += count * len(path)
        return freq[:-1], tokens


def _triples(packed: array) -> list[tuple[int, int, int]]:
    """A unit's packed edges as ``(start, end, piece index)`` tuples."""
    it = iter(packed)
    return list(zip(it, it, it))


def _viterbi(edges: list[tuple[int, int, int]], n: int, logs: list[float]) -> list[int]:
    """The piece indices of the best path over ``edges`` (sorted by start) from 0 to ``n``;
    empty if there is none."""
    best = [-math.inf] * (n + 1)
    best[0] = 0.0
    back: list[tuple[int, int] | None] = [None] * (n + 1)
    for s, e, i in edges:
        value = best[s] + logs[i]
        if value > best[e]:
            best[e] = value
            back[e] = (s, i)
    path = []
    at = n
    while at > 0 and (step := back[at]) is not None:
        at, i = step
        path.append(i)
    return path[::-1] if at == 0 else []


def _log_space_marginals(edges, n, logs, count, expected) -> float:
    """Forward-backward in log space for one unit; adds its expected counts and returns
    its log-likelihood."""
    def add(a: float, b: float) -> float:
        if a == -math.inf:
            return b
        hi, lo = (a, b) if a > b else (b, a)
        return hi + math.log1p(math.exp(lo - hi))

    alpha = [-math.inf] * (n + 1)
    alpha[0] = 0.0
    for s, e, i in edges:
        alpha[e] = add(alpha[e], alpha[s] + logs[i])
    beta = [-math.inf] * (n + 1)
    beta[n] = 0.0
    for s, e, i in reversed(edges):
        beta[s] = add(beta[s], logs[i] + beta[e])
    z = alpha[n]
    for s, e, i in edges:
        expected[i] += count * math.exp(alpha[s] + logs[i] + beta[e] - z)
    return z


def m_step(pieces: list[str], expected: list[float]) -> tuple[list[int], list[float]]:
    """``(kept indices, their new log probabilities)``: pieces expected at least 0.5 times,
    scored ``digamma(count) - digamma(sum)``."""
    kept = [i for i, f in enumerate(expected) if f >= EXPECTED_FREQUENCY_THRESHOLD]
    total = digamma(sum(expected[i] for i in kept))
    return kept, [digamma(expected[i]) - total for i in kept]


def _alternatives(pieces: list[str], scores: list[float], max_piece_length: int,
                  stop: Stop = None) -> list[list[int] | None]:
    """For each piece: None if it must stay (no other segmentation), [] if its best
    segmentation already splits it (removable), else the pieces of its best segmentation
    without it (``PruneSentencePieces``' second-best path)."""
    index = {p: i for i, p in enumerate(pieces)}
    unk = min(scores) - UNK_PENALTY
    logs = [*scores, unk]
    out: list[list[int] | None] = []
    for own, piece in enumerate(pieces):
        if own % STOP_EVERY == 0:
            check_stop(stop, "train_unigram")
        n = len(piece)
        if n == 1:
            out.append(None)
            continue
        edges = [(s, e, index[piece[s:e]]) for s in range(n)
                 for e in range(s + 1, min(n, s + max_piece_length) + 1)
                 if piece[s:e] in index and (s, e) != (0, n)]
        single = {s for s, e, _ in edges if e == s + 1}
        edges = sorted(edges + [(s, s + 1, len(pieces)) for s in range(n) if s not in single])
        path = _viterbi(edges, n, logs)
        if not path:
            out.append(None)
        elif sum(logs[i] for i in path) > scores[own]:
            out.append([])
        else:
            out.append([i for i in path if i < len(pieces)] or None)
    return out


def prune(pieces: list[str], scores: list[float], lattices: Lattices, *, target: int,
          shrinking_factor: float, max_piece_length: int
          ) -> tuple[list[int], list[tuple[str, float]], int]:
    """One pruning round (``PruneSentencePieces``).

    Args:
        pieces: the current pieces; ``scores`` their log probabilities.
        lattices: the corpus, with the current pieces' edges.
        target: never keep fewer pieces than this (1.1 x the vocabulary wanted).
        shrinking_factor: keep this share of the pieces (0.75 in sentencepiece).
        max_piece_length: the longest piece, in characters.

    Returns:
        ``(kept indices, removed, tokens)``: the indices kept (in their old order), each
        removed piece with its loss (0.0 for the pieces no best segmentation uses or keeps
        whole), and the corpus' tokens in its best segmentation before pruning.
    """
    alternatives = _alternatives(pieces, scores, max_piece_length, lattices.stop)
    freq, tokens = lattices.viterbi_counts(scores)
    total = sum(freq)
    logsum = math.log(total)
    vsum = lattices.total
    keep: list[int] = []
    candidates: list[tuple[float, int]] = []
    free: list[int] = []
    for i, alt in enumerate(alternatives):
        if freq[i] == 0 or alt == []:
            free.append(i)
        elif alt is None:
            keep.append(i)
        else:
            logprob = math.log(freq[i]) - logsum
            logsum_alt = math.log(total + freq[i] * (len(alt) - 1))
            logprob_alt = sum(math.log(freq[j] + freq[i]) - logsum_alt for j in alt)
            candidates.append((freq[i] / vsum * (logprob - logprob_alt), i))
    size = max(target, int(shrinking_factor * len(pieces)))
    candidates.sort(key=lambda c: (-c[0], c[1]))
    room = max(0, size - len(keep))
    kept = sorted(keep + [i for _, i in candidates[:room]])
    removed = [(pieces[i], 0.0) for i in free] + [(pieces[i], loss)
                                                   for loss, i in candidates[room:]]
    return kept, removed, tokens
