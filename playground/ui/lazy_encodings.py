"""Encodings by selector name, each loaded the first time it is looked up.

The Compare lab names six encodings but its first view needs none of them loaded (its counts
are stored: ``playground.lab.stored``); loading them all up front cost its first chart
seconds on a fresh server. This mapping loads an encoding (``session.resolve``) only when a
count or a drawing needs it.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from bbpe_core import Encoding, list_encoding_names

from .session import resolve, user_encodings

__all__ = ["LazyEncodings"]


class LazyEncodings(Mapping[str, Encoding]):
    """A read-only mapping: selector name -> encoding, loaded on first access.

    Args:
        names: selector names (shipped, or this session's), in order; each must resolve.
    """

    def __init__(self, names: list[str]) -> None:
        self._names = list(names)
        self._loaded: dict[str, Encoding] = {}

    def __getitem__(self, name: str) -> Encoding:
        """The encoding ``name``, loaded now if it was not yet.

        Raises:
            KeyError: if ``name`` is not one of this mapping's names.
        """
        if name not in self._names:
            raise KeyError(name)
        if name not in self._loaded:
            self._loaded[name] = resolve(name)[0]
        return self._loaded[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def cache_keys(self) -> tuple[str, ...]:
        """Each name's cache key (as ``session.resolve`` gives it), without loading any:
        a shipped encoding's name, or ``user:<fingerprint>``.

        Raises:
            KeyError: if a name is neither shipped nor this session's.
        """
        shipped = set(list_encoding_names())
        return tuple(n if n in shipped else f"user:{user_encodings()[n][1]}"
                     for n in self._names)
