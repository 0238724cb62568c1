"""Image inputs: width x height in pixels -> input tokens, by each provider's published rule.

Pure arithmetic, no image is read. Each rule names its source page and the date of the
version of that page it follows (``ImageRule.source``, ``ImageRule.date``):

- OpenAI, tiles (``openai_tiles``): "Images and vision", Calculating costs
  (platform.openai.com/docs/guides/images-vision). ``detail="low"``: the model's base tokens.
  ``"high"``: scaled to fit in 2048 x 2048, then (if its shorter side is longer) to a
  shorter side of 768 px; each 512 px tile costs the tile tokens, plus the base once. Per
  model: gpt-4o, gpt-4.1, gpt-4.5: 85 + 170 per tile; gpt-4o-mini: 2,833 + 5,667;
  o1, o1-pro, o3: 75 + 150. The page's examples: 1024 x 1024 high -> 765; 2048 x 4096 high
  -> 1,105; 4096 x 8192 low -> 85 (gpt-4o).
- Anthropic (``anthropic``): "Vision", Evaluate image size
  (docs.anthropic.com/en/docs/build-with-claude/vision): tokens = width x height / 750, after
  an image whose long edge is over 1,568 px or that is over about 1,600 tokens (about 1.15
  megapixels; ``ANTHROPIC_MAX_PIXELS``) is scaled down, keeping its aspect ratio. The page's
  table: 200 x 200 -> ~54; 1000 x 1000 -> ~1,334; 1092 x 1092 -> ~1,590 (rounded up here, as
  the table rounds).
- Google Gemini (``gemini``): "Understand and count tokens", images
  (ai.google.dev/gemini-api/docs/tokens), Gemini 2.0 and later: an image with both sides at
  most 384 px is 258 tokens; a larger one is cropped and scaled into 768 x 768 tiles of 258
  tokens each. The page does not say how the tiles are cut; they are counted here as
  ceil(width / 768) x ceil(height / 768).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["IMAGE_RULES", "MAX_IMAGE_SIDE", "MAX_IMAGES", "ImageRule", "anthropic", "gemini",
           "image_tokens", "openai_tiles"]

MAX_IMAGE_SIDE = 100_000
"""Pixels of an image's side that Chat mode accepts (8,000 is Anthropic's largest; OpenAI and
Gemini scale any size down)."""
MAX_IMAGES = 100
"""Images in one Chat mode request (Anthropic's API accepts up to 100)."""


@dataclass(frozen=True)
class ImageRule:
    """One provider's rule for one model family.

    Attributes:
        provider: ``"OpenAI"``, ``"Anthropic"`` or ``"Google"``.
        models: the models it applies to, as the page names them.
        source: the page's address.
        date: the version of the page the rule follows (YYYY-MM).
        base: OpenAI's base tokens (the whole count at ``detail="low"``); else 0.
        per_tile: OpenAI's tokens per 512 px tile, or Gemini's per 768 px tile; else 0.
        price_model: a model id to price the tokens with (``pricing.model_price``).
    """

    provider: str
    models: str
    source: str
    date: str
    base: int = 0
    per_tile: int = 0
    price_model: str = ""


_OPENAI = "https://platform.openai.com/docs/guides/images-vision#calculating-costs"
_ANTHROPIC = "https://docs.anthropic.com/en/docs/build-with-claude/vision#evaluate-image-size"
_GEMINI = "https://ai.google.dev/gemini-api/docs/tokens"

IMAGE_RULES: dict[str, ImageRule] = {
    "OpenAI gpt-4o / gpt-4.1": ImageRule("OpenAI", "gpt-4o, gpt-4.1, gpt-4.5", _OPENAI, "2025-06",
                                         85, 170, "gpt-4o"),
    "OpenAI gpt-4o-mini": ImageRule("OpenAI", "gpt-4o-mini", _OPENAI, "2025-06", 2833, 5667,
                                    "gpt-4o-mini"),
    "OpenAI o1 / o3": ImageRule("OpenAI", "o1, o1-pro, o3", _OPENAI, "2025-06", 75, 150, "o3"),
    "Anthropic Claude": ImageRule("Anthropic", "Claude 3 and later", _ANTHROPIC, "2025-06",
                                  price_model="claude-sonnet-4-0"),
    "Google Gemini 2.0+": ImageRule("Google", "Gemini 2.0 and later", _GEMINI, "2025-06",
                                    per_tile=258, price_model="gemini-2.0-flash"),
}
"""Label -> rule, in the order Chat mode lists them."""


def _check(width: int, height: int) -> None:
    for side in (width, height):
        if type(side) is not int or not 1 <= side <= MAX_IMAGE_SIDE:
            raise ValueError(f"an image's width and height must be whole numbers of pixels "
                             f"from 1 to {MAX_IMAGE_SIDE:,}")


def openai_tiles(width: int, height: int, base: int, per_tile: int, detail: str = "high"
                 ) -> int:
    """OpenAI's tile rule (module docstring).

    Args:
        width, height: the image's size in pixels.
        base, per_tile: the model's tokens (``ImageRule``).
        detail: ``"high"`` or ``"low"`` (``"auto"`` is the model's choice: not counted).

    Raises:
        ValueError: for a side outside 1..``MAX_IMAGE_SIDE`` or another ``detail``.

    >>> openai_tiles(1024, 1024, 85, 170), openai_tiles(2048, 4096, 85, 170)
    (765, 1105)
    """
    _check(width, height)
    if detail == "low":
        return base
    if detail != "high":
        raise ValueError('detail must be "high" or "low"')
    w, h = float(width), float(height)
    if max(w, h) > 2048:
        w, h = w * 2048 / max(w, h), h * 2048 / max(w, h)
    if min(w, h) > 768:
        w, h = w * 768 / min(w, h), h * 768 / min(w, h)
    return base + per_tile * math.ceil(w / 512) * math.ceil(h / 512)


ANTHROPIC_LONG_EDGE = 1568
"""Pixels of the long edge above which Anthropic scales an image down."""
ANTHROPIC_MAX_PIXELS = 784 * 1568
"""Pixels above which Anthropic scales an image down (the page says "about 1.15 megapixels";
its table of the largest sizes not resized, 1092 x 1092 to 784 x 1568, holds up to this
many, so none of them is scaled here)."""


def anthropic(width: int, height: int) -> int:
    """Anthropic's rule: ``ceil(width * height / 750)`` after the scaling (module docstring).

    Raises:
        ValueError: for a side outside 1..``MAX_IMAGE_SIDE``.

    >>> anthropic(200, 200), anthropic(1000, 1000), anthropic(1092, 1092)
    (54, 1334, 1590)
    """
    _check(width, height)
    scale = min(1.0, ANTHROPIC_LONG_EDGE / max(width, height),
                math.sqrt(ANTHROPIC_MAX_PIXELS / (width * height)))
    w, h = width, height
    if scale < 1.0:
        w, h = max(1, math.floor(width * scale)), max(1, math.floor(height * scale))
    return math.ceil(w * h / 750)


def gemini(width: int, height: int, per_tile: int = 258) -> int:
    """Gemini's rule (Gemini 2.0 and later; module docstring).

    Raises:
        ValueError: for a side outside 1..``MAX_IMAGE_SIDE``.

    >>> gemini(384, 384), gemini(385, 100), gemini(1600, 900)
    (258, 258, 1548)
    """
    _check(width, height)
    if width <= 384 and height <= 384:
        return per_tile
    return per_tile * math.ceil(width / 768) * math.ceil(height / 768)


def image_tokens(label: str, width: int, height: int, detail: str = "high") -> int:
    """An image's input tokens by the rule ``IMAGE_RULES[label]``.

    Args:
        label: a key of ``IMAGE_RULES``.
        width, height: pixels.
        detail: OpenAI's ``"high"`` or ``"low"`` (ignored by the others).

    Raises:
        KeyError: for an unknown label.
        ValueError: for a side outside 1..``MAX_IMAGE_SIDE`` or an unknown ``detail``.
    """
    rule = IMAGE_RULES[label]
    if rule.provider == "OpenAI":
        return openai_tiles(width, height, rule.base, rule.per_tile, detail)
    if rule.provider == "Anthropic":
        return anthropic(width, height)
    return gemini(width, height, rule.per_tile)
