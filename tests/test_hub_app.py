"""The Upload page's "Open a model from the Hugging Face Hub" under AppTest: shown when the
server is online (decided from the environment, no network), a plain sentence when it is
not; ids that are not Hub repo ids refused before any request; a model opened from the Hub
cache (``huggingface_hub`` offline) added to the session and charged to its memory budget."""

from __future__ import annotations

from pathlib import Path

import pytest
from apptest import new_app
from hub_server import write_hub_cache

from playground.caps import MEMORY_PER_MODEL_BYTE, SESSION_MEMORY_MB
from playground.ui.keys import USER_ENCODING_MEMORY

MODEL = (Path(__file__).resolve().parent / ".refs" / "mistral_v3.model").read_bytes()


@pytest.fixture
def online(monkeypatch):
    for name in ("BBPE_HUB", "HF_HUB_OFFLINE", "TRANSFORMERS_OFFLINE"):
        monkeypatch.delenv(name, raising=False)


def _page():
    at = new_app()
    at.run()
    at.switch_page("views/upload.py").run()
    assert not at.exception, at.exception
    return at


def _open(at, repo_id: str):
    at.text_input(key="up_hub_repo").set_value(repo_id).run()
    at.button(key="up_hub_open").click().run()
    assert not at.exception, at.exception
    return at


@pytest.mark.parametrize("env", [{"HF_HUB_OFFLINE": "1"}, {"BBPE_HUB": "off"}])
def test_offline_the_page_says_so_plainly(monkeypatch, env):
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    at = _page()
    assert any("not available here" in i.value and next(iter(env)) in i.value for i in at.info)
    assert not [t for t in at.text_input if t.key == "up_hub_repo"]


@pytest.mark.parametrize("bad", ["https://huggingface.co/gpt2", "../../etc/passwd", "gpt2",
                                 "<b>x</b>/y"])
def test_online_only_hub_ids_are_accepted(online, bad):
    at = _open(_page(), bad)
    assert any(e.value.startswith("Not opened.") for e in at.error)
    assert any("is not a Hub repo id" in c.value for c in at.code)


@pytest.fixture
def hub_cache(tmp_path, monkeypatch, online):
    """The Hub cache in a tmp folder with one SentencePiece model, ``huggingface_hub`` set
    offline as ``HF_HUB_OFFLINE`` sets it at import (the page's check reads the environment,
    where the switch is unset: the form is shown)."""
    from huggingface_hub import constants
    write_hub_cache(tmp_path, "mistralai/tokenizer-v3", {"tokenizer.model": MODEL})
    monkeypatch.setattr(constants, "HF_HUB_OFFLINE", True)
    monkeypatch.setattr(constants, "HF_HUB_CACHE", str(tmp_path))
    return tmp_path


def test_a_hub_model_is_added_and_charged_like_an_upload(hub_cache):
    at = _open(_page(), "  mistralai/tokenizer-v3 ")
    assert any(s.value.startswith("Added") for s in at.success), [e.value for e in at.error]
    assert "mistralai/tokenizer-v3" in at.session_state["user_encodings"]
    assert at.session_state[USER_ENCODING_MEMORY]["mistralai/tokenizer-v3"] == \
        MEMORY_PER_MODEL_BYTE * len(MODEL)
    at.switch_page("views/playground.py").run()
    at.selectbox(key="encoding").select("mistralai/tokenizer-v3").run()
    assert not at.exception


def test_a_hub_model_over_the_sessions_memory_is_refused_before_it_is_read(hub_cache):
    at = _page()
    at.session_state[USER_ENCODING_MEMORY] = {"earlier": SESSION_MEMORY_MB * 2**20}
    at = _open(at, "mistralai/tokenizer-v3")
    assert any(e.value.startswith("Not opened.") for e in at.error)
    assert any("may hold" in c.value for c in at.code)
    assert "mistralai/tokenizer-v3" not in at.session_state["user_encodings"]


def test_a_repo_not_in_the_cache_is_one_sentence(hub_cache):
    at = _open(_page(), "org/absent")
    assert any("not in the Hub cache" in c.value for c in at.code)


def test_loads_at_once_are_capped_server_wide(monkeypatch, hub_cache):
    from playground.upload import hub as hub_models
    monkeypatch.setattr(hub_models, "HUB_WAIT_SECONDS", 0.1)
    taken = [hub_models._SLOTS.acquire(blocking=False)
             for _ in range(hub_models.HUB_DOWNLOADS_AT_ONCE)]
    try:
        assert all(taken)
        with pytest.raises(ValueError, match="busy opening other Hub models"):
            hub_models.open_hub_model("mistralai/tokenizer-v3", None, lambda *_: None)
    finally:
        for _ in taken:
            hub_models._SLOTS.release()
    enc = hub_models.open_hub_model("mistralai/tokenizer-v3", None, lambda *_: None)
    assert enc.n_vocab == 32768
