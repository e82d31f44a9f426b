"""The dice routine: known SplitMix64 words, Lemire's method, and C == Python (the C
routine through the test-only ``checks`` helpers, tests/conftest.py)."""
from hypothesis import given, strategies as st

from numbergames.solver.dice import CHOICE_SALT, MASK64, Stream, game_streams


def test_splitmix64_known_words():
    # The reference outputs of SplitMix64 seeded with 1234567 (Vigna's splitmix64.c).
    s = Stream(1234567)
    assert [s.word() for _ in range(3)] == [6457827717110365317, 3203168211198807973,
                                            9817491932198370423]


@given(st.integers(0, MASK64))
def test_c_and_python_words_agree(checks, state):
    s = Stream(state)
    assert [int(w) for w in checks.words(state, 8)] == [s.word() for _ in range(8)]


@given(st.integers(0, MASK64), st.lists(st.integers(1, 2**63), min_size=1, max_size=20))
def test_c_and_python_bounded_integers_agree(checks, state, bounds):
    s = Stream(state)
    assert checks.below(state, bounds) == [s.below(b) for b in bounds]
    s = Stream(state)
    assert checks.choose(state, bounds) == [s.choose(b) for b in bounds]


def test_lemire_rejects_the_biased_low_words():
    # With n = 2**63 + 1 nearly half of all words are rejected: the threshold is 2**63 - 1.
    n = 2**63 + 1
    s, words = Stream(99), Stream(99)
    value = s.below(n)
    used = 1
    while True:
        product = words.word() * n
        if product & MASK64 >= (1 << 64) % n:
            assert value == product >> 64
            break
        used += 1
    assert s.state == words.state


def test_choice_of_one_draws_nothing():
    s = Stream(5)
    assert s.choose(1) == 0 and s.state == 5


def test_dice_are_fair():
    s = Stream(2024)
    rolls = [s.roll(6) for _ in range(60_000)]
    for face in range(1, 7):
        # 10,000 expected, standard deviation ~91: 5 sigma
        assert abs(rolls.count(face) - 10_000) < 460


def test_game_streams_are_salted(checks):
    dice, choices = game_streams(77)
    assert dice.state == 77 and choices.state == 77 ^ CHOICE_SALT
    assert checks.CHOICE_SALT == CHOICE_SALT
