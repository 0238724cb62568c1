"""``MissingBytesEncoder``: the reference encoder for a vocabulary that lacks single bytes.

A byte no token holds gives no id (``vocab.Vocab``'s ``missing_bytes``: HF tokenizers leave
it out before merging, llama.cpp after); the fast path and the CJK cut assume all 256 bytes
are tokens, so such a vocabulary always takes ``SimpleEncoder``'s path. Only the viewer's
spans differ: a token's ids no longer cover the chunk's bytes, so each token's surface is
the stretch of the chunk it was made from, with the bytes left out before it (or, at the
end of the chunk, after the last token) counted in.
"""

from __future__ import annotations

from .simple import SimpleEncoder

__all__ = ["MissingBytesEncoder"]


class MissingBytesEncoder(SimpleEncoder):
    """``SimpleEncoder`` whose token surfaces step over the bytes the vocabulary lacks.

    Args: as ``SimpleEncoder``'s; ``vocab.missing`` names the bytes no token holds.
    """

    def chunk_surfaces(self, chunk: str, ids: list[int], surface: dict[int, bytes]
                       ) -> list[bytes]:
        """Each id's stretch of the chunk's UTF-8: its own bytes, in order, with any missing
        byte between or before them; the chunk's trailing missing bytes go to the last id.
        The stretches concatenate to the chunk's bytes when ``ids`` are all its ids."""
        data = chunk.encode("utf-8", "surrogatepass")
        missing = self.vocab.missing
        out: list[bytes] = []
        pos = 0
        for i in ids:
            start = pos
            for byte in surface[i]:
                while pos < len(data) and data[pos] != byte and data[pos] in missing:
                    pos += 1
                pos += 1
            out.append(data[start:pos])
        if out and pos < len(data) and not data[pos:].translate(None, missing):
            out[-1] += data[pos:]
        return out
