"""The HTTP API on the app's own server, at ``/api/v1``: encode, count, decode,
chunk and count a chat, JSON in and out, within the pages' caps and a per-client rate limit.

- ``server``: the ASGI app ``serve.py`` mounts: routing, rate limit, body cap, JSON, errors.
- ``handlers``: each route's answer; ``fields``: its checked request fields.
- ``ratelimit``: the per-client token buckets; ``docs``: the page at ``/api/v1/docs``.
"""
