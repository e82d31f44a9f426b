"""What is learnt from played games, computed per chunk and merged: tallies, summaries
with their intervals and tests, paired sums and differences, distributions, outcomes, and
JSON-ready values. It plays nothing and writes nothing."""
