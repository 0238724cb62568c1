"""The one way the tests open the app under Streamlit's AppTest (test support)."""

from __future__ import annotations

from pathlib import Path

from streamlit import config
from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parent.parent


def new_app(timeout: float = 180) -> AppTest:
    """The app's router (``app.py``), not yet run; ``timeout`` bounds each run in seconds.

    The tests see an uncaught exception in full (type, message, trace): the deployed app's
    ``client.showErrorDetails = "none"`` (``.streamlit/config.toml``) would hide them.
    """
    config.set_option("client.showErrorDetails", "full")
    return AppTest.from_file(str(ROOT / "playground" / "app.py"), default_timeout=timeout)


def live(at: AppTest, key: str, text: str) -> AppTest:
    """Put ``text`` in the live text area ``key`` as its script reports it (AppTest cannot
    run the component's JavaScript; the browser tests type key by key)."""
    at.session_state[f"kept__{key}"] = text
    return at


def lab_tab(at: AppTest, label: str) -> AppTest:
    """Open the Compare lab's tab ``label`` for the next run, as a click on it does (the page
    runs only the open tab); ``"Tables"`` also opens the Languages tab's table expander."""
    if label == "Tables":
        label, at.session_state["lab_tables"] = "Languages", True
    at.session_state["lab_tab"] = label
    return at


def chat_keys(at: AppTest) -> list[str]:
    """The live text keys of Chat mode's messages, in the order shown (give one to ``live``;
    ``chat_texts`` reads them)."""
    return [f"chat_content_{m['id']}" for m in at.session_state["chat_messages"]]


def chat_texts(at: AppTest) -> list[str]:
    """Chat mode's message contents as their live text areas hold them, in the order shown."""
    return [at.session_state[f"kept__{key}"] for key in chat_keys(at)]


def train_page() -> AppTest:
    """The app run once, then switched to the Train page (no exception)."""
    at = new_app()
    at.run()
    at.switch_page("views/train.py").run()
    assert not at.exception
    return at


def train_pasted(at: AppTest, algorithm: str, vocab_key: str, text: str, vocab: int) -> None:
    """On the Train page: choose ``algorithm``, paste ``text``, set the slider ``vocab_key``
    to ``vocab`` and click Train."""
    at.radio(key="tr_algo").set_value(algorithm).run()
    at.radio(key="tr_source").set_value("paste").run()
    at.text_area(key="tr_paste").input(text).run()
    at.slider(key=vocab_key).set_value(vocab).run()
    next(b for b in at.button if b.label == "Train").click().run()
