"""The analyses a command asks for, over the floors below: one simulation (run, summary,
report folder), what-if sweeps, the skill ladder, matches against OpenSpiel's bots,
comparisons of stored runs, and the reports of the what-ifs and the ladder."""
