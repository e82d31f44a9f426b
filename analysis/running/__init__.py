"""Playing games: seeded chunks, the runner (processes, a Dask cluster), the results
store, signals (interrupts), folders written whole or not at all, provenance (version,
date) and the one-line user error."""
