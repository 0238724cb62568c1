"""The token view in a notebook or a terminal: ``visualize(text, encoding)``.

The returned ``TokenView`` draws itself through IPython's rich display protocol
(``_repr_html_``, which Jupyter, VS Code's notebooks and Colab call): the Playground's
coloured chips (``viewer.html.chip_html``), the id, display string and bytes of each token in
its tooltip on hover. The HTML is self-contained: an inline ``<style>`` scoped to its own
class, no script, no external file, every text escaped. ``str()`` gives a plain-text
rendering for terminals. Neither needs Streamlit or the Playground.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..encoded import TokenSpan
from ..encoding import Encoding
from ..encodings.registry import get_encoding
from ..special import AllowedSpecial, DisallowedSpecial
from .html import chip_html, esc, group_shared

__all__ = ["MAX_DRAWN_TOKENS", "TokenView", "visualize"]

MAX_DRAWN_TOKENS = 5000
"""The most tokens a view draws by default (the count covers the whole text): a notebook
cell's output stays a few hundred KB."""

CSS = """
.bbpe-nb { font-family: ui-monospace, Menlo, Consolas, "Noto Sans Mono CJK SC", monospace;
  font-size: 14px; line-height: 1.9; color: #1d2330; }
.bbpe-nb .bbpe-head { font-family: system-ui, sans-serif; font-size: 12px; color: #555c6b; }
.bbpe-nb .bbpe-chips { white-space: pre-wrap; overflow-wrap: anywhere; padding: .4rem .6rem;
  border: 1px solid #d0d4dc; border-radius: .4rem; background: #fff; }
.bbpe-nb .tok { display: inline-block; max-width: 100%; vertical-align: top; color: #1d2330;
  border-radius: 3px; margin-right: 1px; padding: 1px 0; unicode-bidi: isolate;
  box-shadow: inset 0 0 0 1px rgba(0, 0, 0, .22); }
.bbpe-nb .tok:hover { outline: 2px solid #1d2330; }
.bbpe-nb .tok.split { text-decoration: underline dashed #b3261e; text-underline-offset: 4px; }
.bbpe-nb .tok.special { box-shadow: inset 0 0 0 2px #3b3f99; font-weight: 600; }
.bbpe-nb .ws { color: #8a90a0; }
.bbpe-nb .ctl { color: #b3261e; font-size: 11px; }
"""
"""The view's style sheet, scoped to ``.bbpe-nb`` (the rules of the Playground's chips in
``assets/style.css``)."""

TEXT_MARKS = {"\n": "↵", "\t": "→", "\r": "CR"}
"""Whitespace drawn as a mark in the plain-text rendering, so each token stays on its line."""


@dataclass(frozen=True)
class TokenView:
    """A text's tokens, ready to draw (``visualize`` builds it).

    Attributes:
        text: the text.
        encoding: the encoding's name.
        spans: the first ``len(spans)`` tokens (``Encoding.encode_detailed``).
        n_tokens: the tokens of the whole text.
    """

    text: str
    encoding: str
    spans: list[TokenSpan]
    n_tokens: int

    @property
    def ids(self) -> list[int]:
        """The ids drawn."""
        return [s.id for s in self.spans]

    def _summary(self) -> str:
        drawn = (f" (the first {len(self.spans):,} drawn)"
                 if len(self.spans) < self.n_tokens else "")
        return f"{self.encoding}: {self.n_tokens:,} tokens, {len(self.text):,} characters{drawn}"

    def _repr_html_(self) -> str:
        """The chips as a self-contained HTML fragment (IPython's rich display protocol)."""
        chips = []
        for group in group_shared(self.spans):
            start, end = group[0].start, max(s.end for s in group)
            chips.append(chip_html(self.text[start:end], group))
        return (f'<div class="bbpe-nb"><style>{CSS}</style>'
                f'<div class="bbpe-head">{esc(self._summary())}</div>'
                f'<div class="bbpe-chips">{"".join(chips)}</div></div>')

    def __str__(self) -> str:
        """Plain text for a terminal: the summary, the tokens' text between ``|`` (whitespace
        other than spaces as ↵ → ␍; tokens sharing a character shown once), and the ids."""
        pieces = []
        for group in group_shared(self.spans):
            piece = self.text[group[0].start : max(s.end for s in group)]
            pieces.append("".join(TEXT_MARKS.get(ch, ch) for ch in piece))
        return f"{self._summary()}\n|{'|'.join(pieces)}|\n{self.ids}"

    def __repr__(self) -> str:
        return f"<TokenView {self._summary()}>"


def visualize(text: str, encoding: Encoding | str, *,
              allowed_special: AllowedSpecial = frozenset(),
              disallowed_special: DisallowedSpecial = "all",
              max_tokens: int = MAX_DRAWN_TOKENS) -> TokenView:
    """The text's tokens as coloured chips in a notebook, or as plain text in a terminal.

    Args:
        text (str): the text.
        encoding (Encoding | str): an ``Encoding``, or a shipped encoding's name.
        allowed_special, disallowed_special: as for ``Encoding.encode`` (special-token text
            raises by default, as tiktoken's ``encode``).
        max_tokens (int): the most tokens drawn (the count covers the whole text).

    Returns:
        TokenView: displays itself in Jupyter, VS Code and Colab (``_repr_html_``); ``str()``
        of it is the plain-text rendering.

    Raises:
        TypeError: if ``text`` is not a str.
        ValueError: for an unknown encoding name, disallowed special-token text, or a
            ``max_tokens`` below 1.

    >>> print(visualize("hello world", "gpt2"))
    gpt2: 2 tokens, 11 characters
    |hello| world|
    [31373, 995]
    """
    if isinstance(max_tokens, bool) or not isinstance(max_tokens, int) or max_tokens < 1:
        raise ValueError(f"max_tokens must be a whole number of at least 1, not {max_tokens!r}")
    enc = encoding if isinstance(encoding, Encoding) else get_encoding(encoding)
    out = enc.encode_rich(text, allowed_special=allowed_special,
                          disallowed_special=disallowed_special, max_tokens=max_tokens)
    return TokenView(text, enc.name, out.tokens, len(out.ids))
