"""The one report writer: a report folder (Markdown, self-contained HTML, PNG/SVG plots
kept when the picture is the same, CSV/JSON data, the games' table) and the text of its
figures. It reads results; it runs nothing."""
