"""What the games are: rules as data, reference engines, players and exact solvers."""
