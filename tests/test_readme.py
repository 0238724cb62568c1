"""The README is a user's first page: short, its two commands, and its API examples run as
written (its ``>>>`` lines are a doctest), as do those of the engine's page it links to."""

import doctest
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
ENGINE_DOC = ROOT / "docs" / "engine.md"
"""The engine's page: its examples and the routes each shipped encoding takes."""

MAX_README_LINES = 250


def test_readme_is_short_and_gives_the_two_commands():
    text = README.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= MAX_README_LINES
    # scripts/start.sh sets up and starts the app; scripts/test.sh (run by .ci/run) the tests
    for command in ("bash scripts/start.sh", "bash scripts/test.sh"):
        assert f"```bash\n{command}\n```" in text, command
        assert (ROOT / command.split()[1]).is_file(), command


def test_readme_examples_give_the_ids_shown():
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    for page in (README, ENGINE_DOC):
        blocks = re.findall(r"```python\n(.*?)```", page.read_text(encoding="utf-8"), re.S)
        assert blocks, page
        for k, block in enumerate(blocks):
            runner.run(parser.get_doctest(block, {}, f"{page.name} block {k}", str(page), 0))
    assert runner.summarize(verbose=False).failed == 0


ROUTE_ENCODERS = {
    "1": "FastEncoder", "2": "CjkPartsEncoder", "3": "CharBPEEncoder", "4": "UnigramEncoder",
    "5": "WordPieceEncoder", "6": "MissingBytesEncoder",
}
"""The engine page's numbered routes (where a chunk is cut, where a merge happens) and the
encoder each names."""


def test_the_routes_name_every_shipped_encoding_with_its_encoder():
    import bbpe_core

    text = ENGINE_DOC.read_text(encoding="utf-8")
    routes = re.findall(r"^  (\d)\. [^(]*\(([a-z0-9_, ]+)\):", text, re.M)
    assert [number for number, _ in routes] == list(ROUTE_ENCODERS)
    listed = {name: number for number, names in routes for name in names.split(", ")}
    assert sorted(listed) == sorted(bbpe_core.list_encoding_names())
    for name, number in listed.items():
        encoder = bbpe_core.get_encoding(name).encoder
        encoder = type(getattr(encoder, "inner", encoder)).__name__  # through UnknownAs
        assert encoder == ROUTE_ENCODERS[number], (name, number, encoder)
