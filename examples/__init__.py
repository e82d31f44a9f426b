"""Example games, written from nothing to show how a game joins the toolkit (the README's
"Writing a game"). They register on import and are not among the toolkit's four games."""
