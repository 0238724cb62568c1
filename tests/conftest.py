"""Shared fixtures: hypothesis profiles, each shipped encoding with its tiktoken oracle, and
the app under AppTest."""

from __future__ import annotations

import os

import pytest
from apptest import new_app, train_page
from hypothesis import settings

import bbpe_core
from oracles import ENCODING_NAMES, tiktoken_encoding

settings.register_profile("ci", max_examples=150, deadline=None)
settings.register_profile("dev", max_examples=60, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "dev")


@pytest.fixture(scope="session", params=ENCODING_NAMES)
def name(request) -> str:
    return request.param


@pytest.fixture(scope="session")
def enc(name):
    return bbpe_core.get_encoding(name)


@pytest.fixture(scope="session")
def oracle(name):
    return tiktoken_encoding(name)


@pytest.fixture
def app():
    """The app, run once on its default page (the playground) without an exception."""
    at = new_app()
    at.run()
    assert not at.exception
    return at


@pytest.fixture
def train_app():
    """The app switched to its Train page without an exception (``apptest.train_page``)."""
    return train_page()
