# The board's arithmetic as C tables, filled from the readable solver code
# (solver.manhome.rules.PRIME_FACTORS) when a kernel module is imported.

cdef struct PrimeTable:
    int count[72]          # distinct prime factors of each square 0..71
    int primes[72][3]      # ... ascending (at most three below 72)
    int is_prime[72]       # the square is itself a prime


cdef inline int fill_prime_table(PrimeTable* table) except -1:
    from solver.manhome.rules import PRIME_FACTORS, SQUARES
    if SQUARES != 72:
        raise ImportError("the prime table does not fit the board")
    for square, primes in enumerate(PRIME_FACTORS):
        if len(primes) > 3:
            raise ImportError("the prime table does not fit the board")
        table.count[square] = len(primes)
        table.is_prime[square] = primes == (square,)
        for i, p in enumerate(primes):
            table.primes[square][i] = p
    return 0
