"""The README's API example runs as written (its ``>>>`` lines are a doctest)."""

import doctest
import re
from pathlib import Path

README = Path(__file__).resolve().parent.parent / "README.md"


def test_readme_examples_give_the_ids_shown():
    blocks = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.S)
    assert blocks
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner(verbose=False)
    for k, block in enumerate(blocks):
        runner.run(parser.get_doctest(block, {}, f"README block {k}", str(README), 0))
    assert runner.summarize(verbose=False).failed == 0


ROUTE_ENCODERS = {
    "1": "FastEncoder", "2": "CjkPartsEncoder", "3": "CharBPEEncoder", "4": "UnigramEncoder",
    "5": "WordPieceEncoder", "6": "MissingBytesEncoder",
}
"""The README's numbered routes (where a chunk is cut, where a merge happens) and the encoder
each names."""


def test_readme_routes_name_every_shipped_encoding_with_its_encoder():
    import bbpe_core

    text = README.read_text(encoding="utf-8")
    routes = re.findall(r"^  (\d)\. [^(]*\(([a-z0-9_, ]+)\):", text, re.M)
    assert [number for number, _ in routes] == list(ROUTE_ENCODERS)
    listed = {name: number for number, names in routes for name in names.split(", ")}
    assert sorted(listed) == sorted(bbpe_core.list_encoding_names())
    for name, number in listed.items():
        encoder = bbpe_core.get_encoding(name).encoder
        encoder = type(getattr(encoder, "inner", encoder)).__name__  # through UnknownAs
        assert encoder == ROUTE_ENCODERS[number], (name, number, encoder)
