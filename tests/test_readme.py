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
