"""The CJK cut's tables shipped precomputed (``bbpe_core/data/cut_tables``, written by
``scripts/write_cut_tables.py``): each is the one read off its vocabulary, every vocabulary the
cut serves has its file, and a file that is damaged or names another vocabulary, kind or
version is refused (a warning, the tables read off the vocabulary), never used."""

from __future__ import annotations

import gzip
import json
import sys
import warnings
from functools import cache
from pathlib import Path

import pytest

import bbpe_core
from bbpe_core.models.bpe.fast import cut_tables
from bbpe_core.models.bpe.fast.char_path import CharPath
from bbpe_core.models.bpe.fast.cut_tables import read_off, tables_of, to_file, vocab_digest
from bbpe_core.models.bpe.fast.unspaced import LONG_CHARS
from bbpe_core.vocab import Vocab

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "scripts"))
from write_cut_tables import OUT, served  # noqa: E402


@cache
def shipped() -> list[tuple[str, Vocab, str, str]]:
    """``write_cut_tables.served()``: (encoding, vocabulary, digest, kind) per shipped table."""
    return list(served())


SHIPPED_KINDS = [("o200k_base", "cjk"), ("o200k_base", "chars"), ("cl100k_base", "cjk"),
                 ("cl100k_base", "chars"), ("p50k_base", "cjk"), ("p50k_base", "chars"),
                 ("gpt2", "cjk"), ("gpt2", "chars"), ("llama3", "cjk"), ("llama3", "chars"),
                 ("llama4", "cjk"), ("llama4", "chars"), ("qwen3", "cjk"), ("qwen3_6", "cjk"),
                 ("deepseek_v3", "cjk"), ("mistral_tekken", "cjk"), ("claude_legacy", "cjk"),
                 ("claude_legacy", "chars"), ("whisper_v3", "cjk"), ("whisper_v3", "chars")]
"""What ``served()`` lists today (the first encoding of each vocabulary): the tables each
shipped vocabulary served by the CJK cut reads (``"chars"`` on the fast path only)."""


def test_every_table_the_shipped_encodings_read_is_shipped_and_no_other():
    listed = shipped()
    assert [(name, kind) for name, _, _, kind in listed] == SHIPPED_KINDS
    files = {path.name for path in OUT.iterdir()}
    expected = {f"{digest}.{kind}.json.gz" for _, _, digest, kind in listed}
    assert files == expected, "run python scripts/write_cut_tables.py"


@pytest.mark.parametrize(("name", "kind"), SHIPPED_KINDS)
def test_each_shipped_table_is_the_one_read_off_its_vocabulary(name, kind):
    vocab, digest = next((v, d) for n, v, d, k in shipped() if (n, k) == (name, kind))
    data = (OUT / f"{digest}.{kind}.json.gz").read_bytes()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        found = tables_of(kind, vocab, digest)
    computed = read_off(kind, vocab)
    assert found == computed
    assert to_file(kind, digest, computed) == data  # the script's output, byte for byte


def test_a_shipped_vocabulary_reads_its_tables_from_the_file(monkeypatch):
    vocab = bbpe_core.get_encoding("qwen3").vocab
    digest = vocab_digest(vocab)

    def refuse(kind, vocab):
        raise AssertionError("read off the vocabulary")

    monkeypatch.setattr(cut_tables, "read_off", refuse)
    assert tables_of("cjk", vocab, digest).exact  # from the file: read_off is never called
    with pytest.raises(AssertionError, match="read off"):  # a vocabulary with no file
        tables_of("cjk", small_vocab(), vocab_digest(small_vocab()))


def small_vocab(**changes) -> Vocab:
    """A vocabulary of the 256 bytes and a few merges joining CJK characters."""
    ranks = {bytes([b]): b for b in range(256)}
    for text in ["中国", "人民", "中", "国", "人", "民", "。\n", "しない"]:
        for k in range(2, len(text.encode()) + 1):
            ranks.setdefault(text.encode()[:k], len(ranks))
    ranks.update(changes.pop("extra", {}))
    return Vocab("small", ranks, {}, **changes)


def test_the_digest_names_the_tokens_ids_merges_and_rules():
    base = vocab_digest(small_vocab())
    assert vocab_digest(small_vocab()) == base  # the same vocabulary built again
    others = [small_vocab(extra={"中国人".encode(): 300}),
              small_vocab(ignore_merges=False),
              small_vocab(missing_bytes="skip")]
    moved = small_vocab()
    ranks = dict(moved.mergeable_ranks)
    ranks["中国".encode()], ranks["人民".encode()] = ranks["人民".encode()], ranks["中国".encode()]
    others.append(Vocab("small", ranks, {}))
    merges = [(b"\xe4", b"\xb8"), (b"\xe4\xb8", b"\xad")]
    others.append(Vocab("small", small_vocab().mergeable_ranks, {}, merges=merges))
    others.append(Vocab("small", small_vocab().mergeable_ranks, {}, merges=merges[:1]))
    digests = [base, *map(vocab_digest, others)]
    assert len(set(digests)) == len(digests)


@cache
def small_tables(kind: str):
    """``read_off(kind, small_vocab())``, once (not to be changed)."""
    return read_off(kind, small_vocab())


@pytest.fixture
def planted(tmp_path, monkeypatch):
    """Point ``shipped_path`` at a temporary folder; returns (vocab, digest, path of kind)."""
    monkeypatch.setattr(cut_tables, "shipped_path",
                        lambda kind, digest: tmp_path / f"{digest}.{kind}.json.gz")
    vocab = small_vocab()
    digest = vocab_digest(vocab)
    return vocab, digest, lambda kind: tmp_path / f"{digest}.{kind}.json.gz"


@pytest.mark.parametrize("kind", cut_tables.KINDS)
def test_a_file_naming_the_vocabulary_is_read_and_round_trips(planted, kind):
    vocab, digest, path = planted
    tables = small_tables(kind)
    assert tables.exact  # the small vocabulary joins pairs: the round trip carries some
    path(kind).write_bytes(to_file(kind, digest, tables))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert tables_of(kind, vocab, digest) == tables
    # what is read is the file's: a table planted under the right names is taken as is
    marked = tables._replace(exact={*tables.exact, (0x4E00, 0x4E01)})
    path(kind).write_bytes(to_file(kind, digest, marked))
    assert tables_of(kind, vocab, digest) == marked


def _envelope(kind: str, digest: str, tables, changes: dict) -> bytes:
    """``to_file``'s file with some of its fields changed."""
    found = json.loads(gzip.decompress(to_file(kind, digest, tables)))
    found.update(changes)
    return gzip.compress(json.dumps(found).encode())


@pytest.mark.parametrize("kind", cut_tables.KINDS)
@pytest.mark.parametrize("damage", ["other digest", "old version", "other kind", "flipped byte",
                                    "truncated", "not gzip", "not json", "odd pairs",
                                    "missing field", "wrong shape"])
def test_a_damaged_or_stale_file_is_refused_and_the_tables_read_off(planted, kind, damage):
    vocab, digest, path = planted
    tables = small_tables(kind)
    good = to_file(kind, digest, tables)
    body = json.loads(gzip.decompress(good))["tables"]
    other_kind = cut_tables.KINDS[1 - cut_tables.KINDS.index(kind)]
    data = {  # built for the case at hand only (each takes a gzip of the tables)
        "other digest": lambda: _envelope(kind, digest, tables, {"digest": "0" * 64}),
        "old version": lambda: _envelope(kind, digest, tables,
                                         {"version": cut_tables.VERSION - 1}),
        "other kind": lambda: _envelope(kind, digest, tables, {"kind": other_kind}),
        "flipped byte": lambda: good[:30] + bytes([good[30] ^ 0xFF]) + good[31:],
        "truncated": lambda: good[: len(good) // 2],
        "not gzip": lambda: b"{}",
        "not json": lambda: gzip.compress(b"{not json"),
        "odd pairs": lambda: _envelope(kind, digest, tables,
                                       {"tables": {**body, "exact": body["exact"] + "中"}}),
        "missing field": lambda: _envelope(kind, digest, tables,
                                           {"tables": {"wide": body["wide"]}}),
        "wrong shape": lambda: _envelope(kind, digest, tables, {"tables": {  # an id list too many
            **body, "ids": [*body["ids"], [1]]} if kind == "chars" else {**body, "whole": 5}}),
    }[damage]()
    path(kind).write_bytes(data)
    with pytest.warns(RuntimeWarning, match="refused"):
        found = tables_of(kind, vocab, digest)
    assert found == tables


def test_a_first_chinese_text_through_the_shipped_tables_gives_the_references_ids():
    """A fresh encoding of llama3's ranks (a new ranks object: a cut of its own, whose
    tables come from llama3's files) encodes a first Chinese text, long enough to take the
    character path and the CJK cut, as the reference (``fast=False``) does."""
    enc = bbpe_core.get_encoding("llama3")
    fresh = bbpe_core.Encoding("fresh", pat_str=enc.pat_str,
                               mergeable_ranks=dict(enc.mergeable_ranks), special_tokens={})
    plain = bbpe_core.Encoding("plain", pat_str=enc.pat_str,
                               mergeable_ranks=enc.mergeable_ranks, special_tokens={}, fast=False)
    text = ("床前明月光，疑是地上霜。\n举头望明月，低头思故乡。\n" * 20
            + "東京は日本の首都です。コンピューターのデータをアップデートしないでください。")
    assert len(text) > LONG_CHARS
    assert fresh.encode_ordinary(text) == plain.encode_ordinary(text)
    cut = fresh.encoder.chunks.cut
    assert cut.char_path is not None and cut.char_path.table == CharPath.from_tables(
        read_off("chars", enc.vocab)).table
