"""What the pages draw, as plain HTML and plotly figures: token chips, chunks, merge
traces, bar charts, and the shared style sheet."""
