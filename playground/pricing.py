"""What a count costs: a model's context window and its input, output and cached-input price
per text, from the pinned PyPI package genai-prices (Pydantic's maintained price data, read
from the copy bundled in the package; nothing is fetched). An encoding is priced as the first
model of its catalogue row (``bbpe_core.encodings.catalogue``) that the data knows; a model it
does not know has no price and no context window here, never a guess.
"""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from importlib.metadata import version

from bbpe_core.encodings.catalogue import encoding_catalogue

__all__ = ["Cost", "data_note", "model_cost", "model_price"]

_PROVIDERS = {"OpenAI": "openai", "Anthropic": "anthropic", "DeepSeek": "deepseek",
              "Mistral": "mistral", "Google": "google"}
"""Catalogue family -> genai-prices provider id (a family not listed is looked up by model)."""


@dataclass(frozen=True)
class Cost:
    """Prices and context window of the model an encoding is priced as.

    Attributes:
        model: the model's id in the price data (e.g. ``"gpt-4o"``).
        provider: the provider's name (e.g. ``"OpenAI"``).
        context_window: tokens the model takes in one request, or None if the data lacks it.
        input_mtok, output_mtok, cached_mtok: US dollars per million tokens as input, as
            output, and as cached input (None where the data has no such price).
    """

    model: str
    provider: str
    context_window: int | None
    input_mtok: Decimal | None
    output_mtok: Decimal | None
    cached_mtok: Decimal | None

    def dollars(self, n_tokens: int) -> dict[str, Decimal | None]:
        """The price of ``n_tokens`` tokens as input, output and cached input, in US dollars.

        >>> Cost("m", "P", None, Decimal("2.5"), Decimal(10), None).dollars(1000)["input"]
        Decimal('0.0025')
        """
        per = {"input": self.input_mtok, "output": self.output_mtok,
               "cached input": self.cached_mtok}
        return {k: None if v is None else v * n_tokens / 1_000_000 for k, v in per.items()}


def _snapshot():
    from genai_prices.data_snapshot import get_snapshot

    return get_snapshot()


def _current(prices, today: datetime.date):
    """The ``ModelPrice`` in force ``today`` (the data lists dated changes for some models)."""
    if not isinstance(prices, list):
        return prices
    started = [c for c in prices if c.constraint is None
               or getattr(c.constraint, "start_date", today) <= today]
    return started[-1].prices if started else None


def _flat(price) -> Decimal | None:
    """A price per million tokens as one number: a tiered price (``TieredPrices``: cheaper or
    dearer past a number of tokens) by its base tier, which holds for a text of a page."""
    return getattr(price, "base", price)


def _cost(snap, ref: str, provider_id: str | None) -> Cost | None:
    """The ``Cost`` of model ``ref`` in the data (a provider id narrows the search), or None
    if the data does not know it or has no input or output price in force today."""
    try:
        provider, info = snap.find_provider_model(ref, None, provider_id, None)
    except LookupError:
        return None
    price = _current(info.prices, datetime.date.today())
    if price is None or (price.input_mtok is None and price.output_mtok is None):
        return None
    return Cost(info.id, provider.name, info.context_window, _flat(price.input_mtok),
                _flat(price.output_mtok), _flat(price.cache_read_mtok))


@cache
def model_cost(name: str) -> Cost | None:
    """The cost data of the shipped encoding ``name``, or None if no model of its catalogue
    row is in the price data (or ``name`` is not shipped)."""
    row = next((r for r in encoding_catalogue() if r.name == name), None)
    if row is None:
        return None
    snap = _snapshot()
    return next(filter(None, (_cost(snap, ref, _PROVIDERS.get(row.family))
                              for ref in row.models)), None)


@cache
def model_price(model: str, provider: str) -> Cost | None:
    """The cost data of one model by its id (``"gpt-4o"``), or None if the data lacks it.

    Args:
        model: the model's id as the price data names it.
        provider: its provider's name, a key of ``_PROVIDERS`` (``"OpenAI"``, ``"Google"``).
    """
    return _cost(_snapshot(), model, _PROVIDERS.get(provider))


@cache
def data_note() -> str:
    """Where the prices come from and how recent they are, e.g. ``"genai-prices 0.2.3,
    newest price change 2026-10-14"``."""
    today = datetime.date.today()
    dates = [c.constraint.start_date
             for p in _snapshot().providers for m in p.models
             for c in [*(m.prices if isinstance(m.prices, list) else []), *(m.price_variants or [])]
             if getattr(c.constraint, "start_date", None) and c.constraint.start_date <= today]
    newest = f", newest price change {max(dates).isoformat()}" if dates else ""
    return f"genai-prices {version('genai-prices')}{newest}"
