"""A benchmark's results: the Markdown page, and the files it writes under bench/results/."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "results"


def results_page(title: str, intro: list[str], columns: list[str], rows: list[list]) -> str:
    """A results page in Markdown: the heading, the intro, then one table.

    Args:
        title: the page's level-1 heading, without ``#``.
        intro: the lines between the heading and the table (paragraphs, list items, blank
            lines), each written as given.
        columns: the table's column headings.
        rows: one list of cells per table row, as many as ``columns``; each cell written as
            ``str`` gives it (format numbers before).

    Returns:
        The page, ending in a newline.
    """
    lines = [f"# {title}", "", *intro, "",
             "| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    lines += ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def publish(stem: str, page: str, chart=None) -> None:
    """Print ``page`` and write it to ``bench/results/<stem>.md``, and ``chart`` (if any) to
    ``<stem>.html`` (plotly.js from its CDN, so the file stays small).

    Args:
        stem: the file name without its suffix.
        page: the Markdown results.
        chart: a plotly ``Figure``, or None.
    """
    print(page)
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / f"{stem}.md").write_text(page, encoding="utf-8")
    if chart is not None:
        chart.write_html(RESULTS / f"{stem}.html", include_plotlyjs="cdn")
