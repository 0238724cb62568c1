"""The Dockerfile, read as text (no Docker engine runs in the tests): a slim Python base, a
non-root user, port 8501 exposed and health-checked on Streamlit's health endpoint, the app
served by ``bbpe-playground``, and the same extras as docs/deploy.md says it installs."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCKERFILE = ROOT / "Dockerfile"
DEPLOY = ROOT / "docs" / "deploy.md"


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions as ``(KEYWORD, arguments)``, continuation lines joined
    and comments left out."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text(encoding="utf-8"))
    lines = [line.strip() for line in text.splitlines()]
    return [(line.split(None, 1)[0].upper(), line.split(None, 1)[1])
            for line in lines if line and not line.startswith("#")]


def _all(keyword: str) -> list[str]:
    return [args for k, args in instructions() if k == keyword]


def test_the_base_is_a_slim_python():
    (base,) = _all("FROM")
    assert re.fullmatch(r"python:3\.\d+-slim", base), base


def test_the_server_runs_as_a_user_that_is_not_root():
    users = _all("USER")
    assert users and users[-1] not in {"root", "0"} and not users[-1].startswith("0:")
    keywords = [k for k, _ in instructions()]
    assert keywords.index("USER") < keywords.index("CMD")


def test_port_8501_is_exposed_health_checked_and_served():
    assert _all("EXPOSE") == ["8501"]
    (check,) = _all("HEALTHCHECK")
    assert "http://127.0.0.1:8501/_stcore/health" in check
    (cmd,) = _all("CMD")
    argv = json.loads(cmd)  # the exec form: a JSON list of strings
    assert argv[0] == "bbpe-playground"
    assert argv[argv.index("--server.port") + 1] == "8501"


def test_the_caps_come_from_the_packaged_config_not_from_weaker_flags():
    # the image's command may set only where it listens: the caps stay those of
    # playground/.streamlit/config.toml (SECURITY.md)
    config = tomllib.loads((ROOT / "playground/.streamlit/config.toml").read_text("utf-8"))
    assert config["server"]["maxUploadSize"] == 25
    assert config["client"]["showErrorDetails"] == "none"
    # no full garbage collection after every rerun: it holds the GIL and stalls every
    # visitor's session (bench/results/load.md)
    assert config["runner"]["postScriptGC"] is False
    assert config["server"]["fileWatcherType"] == "none"  # no threads polling the source
    argv = json.loads(_all("CMD")[0])
    flags = {a for a in argv if a.startswith("--")}
    assert flags <= {"--server.port", "--server.address", "--server.headless"}, flags


def _extras(text: str) -> set[str]:
    (found,) = set(re.findall(r'"/src\[([a-z,]+)\]"', text))
    return set(found.split(","))


def test_the_image_installs_the_extras_the_docs_name():
    installs = [a for a in _all("RUN") if "pip install" in a]
    assert len(installs) == 1
    in_image = _extras(installs[0])
    assert in_image == _extras(DEPLOY.read_text(encoding="utf-8")) == {"app"}
    extras = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
        "optional-dependencies"]
    assert in_image <= set(extras)


def test_the_image_copies_what_the_wheel_is_built_from():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    copied = {Path(p).name for args in _all("COPY") for p in shlex.split(args)[:-1]}
    needed = {"pyproject.toml", project["readme"], "bbpe_core", "playground"}
    needed |= {p.split("/")[0] for p in project["license-files"]}
    assert needed <= copied, needed - copied
