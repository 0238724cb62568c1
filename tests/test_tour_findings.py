"""Issue 33, a new user's tour: each finding as an AppTest (or a plain check) that failed on the
main branch of the day the tour was taken and passes now."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_2_no_pages_directory_competes_with_st_navigation():
    # Streamlit lists every script of a `pages/` folder beside the main script by itself (its
    # first multipage mechanism); opened by a direct link before st.navigation has run once,
    # the sidebar showed those file names for the whole session. The pages live in views/.
    assert not (ROOT / "pages").exists()
    router = (ROOT / "app.py").read_text(encoding="utf-8")
    assert '"pages/' not in router
    for line in router.splitlines():
        if "st.Page(" in line:
            path = line.split('st.Page("', 1)[1].split('"', 1)[0]
            assert path.startswith("views/") and (ROOT / path).is_file(), path
