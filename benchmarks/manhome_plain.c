/* Man Home, the default rules, as a plain C program: the yardstick for the Cython kernel's
 * speed (benchmarks/bench_manhome_plain.py builds it with the kernel's compiler and flags,
 * checks that it plays the kernel's games, then times both).
 *
 * Written from solver/manhome/RULES.md, not from the kernel: a board of owners, each
 * player's men in a small sorted array, the legal moves listed in canonical order and one
 * picked. The dice are solver/dice.py's: a game's key starts a SplitMix64 dice stream
 * (state = key) and a choice stream (state = key ^ CHOICE_SALT); an n-sided draw is
 * Lemire's multiply-and-reject. Same keys, same draws in the same order: the same games.
 *
 *   manhome_plain rows  PLAYER N [PLAYERS] [TABLE]  N games' result rows, int32, binary,
 *                                                    row after row, on stdout
 *   manhome_plain time  PLAYER N [PLAYERS] [TABLE]  CPU seconds of N games (the rows kept
 *                                                    in memory), and a checksum of them
 *
 * Game i (0-based) has key (i + 1) * 0x9E3779B97F4A7C15 mod 2**64. PLAYER is random,
 * greedy, solitaire or expert, in every seat; PLAYERS the seats (default 2). The solitaire
 * and expert players read their solved table from TABLE (written by the benchmark from
 * solver.manhome.policies): solitaire, one byte per (side, kind) — the option at kind 0
 * (1 = new man), the index of the move to make at kinds 1..3; expert, one int64 per side,
 * the side's expected goes to win alone times 2**24. A side of h men home and men on the
 * squares s_0 < s_1 < ... < s_{k-1} is numbered offset[h][k] + sum_i C(s_i - 2, i + 1),
 * offset running over h = 0.., k = 0..min(CAP, MEN - h) (solver/manhome/sides.py).
 *
 * A result row: winner (-1 cut off), turns, decision turns, then per seat turns, men home,
 * kills, deaths, killed (each block PLAYERS wide), as the kernel's play_chunk gives it.
 */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* the default rules */
#define MEN 6              /* men per player */
#define TO_WIN 3           /* men home to win */
#define EXTRA_TURN 1
#define MAX_TURNS 10000
#define ROWS 12
#define SQUARES (6 * ROWS) /* 0 death, 1 home, 2..71 the board */
#define DEATH 0
#define HOME 1
#define MAXP 8
#define CAP 4              /* the solved tables' most men on the board */
#define NO_ONE (-1)

enum { RANDOM, GREEDY, SOLITAIRE, EXPERT };
enum { NEW_MAN, SUB_ONE, SUB_PRIME, DIV_PRIME };
static const int KIND_OF_FACE[7] = {0, SUB_ONE, SUB_PRIME, DIV_PRIME, SUB_PRIME, SUB_ONE, DIV_PRIME};

/* ---- dice (solver/dice.py) ---- */
static inline uint64_t word(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int below(uint64_t *s, uint64_t n) {
    __uint128_t p = (__uint128_t)word(s) * n;
    if ((uint64_t)p < n) {
        uint64_t threshold = (0 - n) % n;
        while ((uint64_t)p < threshold)
            p = (__uint128_t)word(s) * n;
    }
    return (int)(p >> 64);
}

/* ---- squares ---- */
static int nprimes[SQUARES];       /* distinct prime factors of a square, ascending */
static int primes[SQUARES][3];
static int is_prime[SQUARES];
static int lands[4][SQUARES][3];   /* where a man lands by each entry of a kind */

static void init_primes(void) {
    for (int s = 2; s < SQUARES; s++) {
        int n = s;
        for (int p = 2; p <= n; p++) {
            if (n % p == 0) {
                primes[s][nprimes[s]++] = p;
                while (n % p == 0) n /= p;
            }
        }
        is_prime[s] = nprimes[s] == 1 && primes[s][0] == s;
        lands[SUB_ONE][s][0] = s - 1;
        for (int j = 0; j < nprimes[s]; j++) {
            lands[SUB_PRIME][s][j] = s - primes[s][j];
            lands[DIV_PRIME][s][j] = s / primes[s][j];
        }
    }
}

/* ---- a game ---- */
typedef struct {
    int board[SQUARES];          /* owner of a square, or NO_ONE */
    int men[MAXP][MEN];          /* each player's men, squares ascending */
    int nmen[MAXP];
    int reserve[MAXP], home[MAXP];
    int turns_by[MAXP], kills[MAXP], deaths[MAXP], killed[MAXP];
    int winner, turns, decision_turns;
    uint64_t dice, choice;
} Game;

static int nplayers = 2, player = RANDOM;
static const uint8_t *solitaire_table;   /* SOLITAIRE: 4 bytes a side */
static const int64_t *goes;              /* EXPERT: a value a side */
static int64_t offset[TO_WIN][CAP + 1];
static int64_t binom[SQUARES][CAP + 2];

static void put(Game *g, int p, int s) {
    int i = g->nmen[p]++;
    while (i > 0 && g->men[p][i - 1] > s) {
        g->men[p][i] = g->men[p][i - 1];
        i--;
    }
    g->men[p][i] = s;
    g->board[s] = p;
}

static void take(Game *g, int p, int s) {
    int i = 0;
    while (g->men[p][i] != s) i++;
    for (g->nmen[p]--; i < g->nmen[p]; i++) g->men[p][i] = g->men[p][i + 1];
    g->board[s] = NO_ONE;
}

/* the moves of an action of this kind, canonical order: men ascending, primes ascending */
static int list_moves(const Game *g, int p, int kind, int *from, int *to) {
    int n = 0;
    for (int i = 0; i < g->nmen[p]; i++) {
        int s = g->men[p][i];
        int entries = kind == SUB_ONE ? 1 : nprimes[s];
        for (int j = 0; j < entries; j++) {
            from[n] = s;
            to[n++] = lands[kind][s][j];
        }
    }
    return n;
}

/* ---- the solved tables' side numbers ---- */
static void init_sides(void) {
    for (int n = 0; n < SQUARES; n++) {
        binom[n][0] = 1;
        for (int k = 1; k < CAP + 2; k++)
            binom[n][k] = n == 0 ? 0 : binom[n - 1][k - 1] + binom[n - 1][k];
    }
    int64_t start = 0;
    for (int h = 0; h < TO_WIN; h++)
        for (int k = 0; k <= CAP && k <= MEN - h; k++) {
            offset[h][k] = start;
            start += binom[SQUARES - 2][k];
        }
}

static int64_t side(int home, const int *men, int k) {   /* men ascending */
    int64_t index = offset[home][k];
    for (int i = 0; i < k; i++) index += binom[men[i] - 2][i + 1];
    return index;
}

/* ---- the expert (solver/manhome/policies.py, ExpertPolicy) ---- */
#define SCALE (1LL << 24)
#define Q_NUM 15   /* the attacker wins a face-off when his d6 beats the defender's: 15/36 */
#define Q_DEN 36

static int64_t g_of(int home, const int *men, int k) {
    return home >= TO_WIN ? 0 : goes[side(home, men, k)];
}

/* Q_DEN times the worth of moving the man on `from` (-1: a new man) to `to` */
static int64_t worth(const Game *g, int p, int from, int to) {
    int men[MEN + 1], k = 0, with[MEN + 1], kw = 0;
    int64_t bonus = EXTRA_TURN ? SCALE : 0;
    for (int i = 0; i < g->nmen[p]; i++)
        if (g->men[p][i] != from) men[k++] = g->men[p][i];
    if (to == HOME) return Q_DEN * (bonus - g_of(g->home[p] + 1, men, k));
    int holder = to == DEATH ? NO_ONE : g->board[to];
    if (to == DEATH || holder == p) return -Q_DEN * g_of(g->home[p], men, k);
    for (int i = 0; i < k; i++) {            /* the men with one on `to`, ascending */
        if (kw == i && men[i] > to) with[kw++] = to;
        with[kw++] = men[i];
    }
    if (kw == k) with[kw++] = to;
    if (holder == NO_ONE) return -Q_DEN * g_of(g->home[p], with, kw);
    int lone[1] = {to};
    int64_t kill = g_of(g->home[holder], lone, 0) - g_of(g->home[holder], lone, 1);
    return Q_NUM * (bonus + kill - g_of(g->home[p], with, kw))
           - (Q_DEN - Q_NUM) * g_of(g->home[p], men, k);
}

static int expert_new_man(const Game *g, int p) {
    if (g->nmen[p] >= CAP) return 0;
    int from[MEN * 3], to[MEN * 3];
    int64_t new_sum = 0, best_sum = 0;
    for (int s = 0; s < SQUARES; s++) new_sum += worth(g, p, -1, s);
    for (int kind = SUB_ONE; kind <= DIV_PRIME; kind++) {
        int n = list_moves(g, p, kind, from, to);
        int64_t best = worth(g, p, from[0], to[0]);
        for (int i = 1; i < n; i++) {
            int64_t w = worth(g, p, from[i], to[i]);
            if (w > best) best = w;
        }
        best_sum += best;
    }
    return 3 * new_sum > SQUARES * best_sum;
}

/* ---- the players ---- */
static int greedy_score(const Game *g, int p, int to) {
    int rank;
    if (to == HOME) rank = 4;
    else if (to == DEATH || g->board[to] == p) rank = 0;
    else if (g->board[to] != NO_ONE) rank = 3;
    else if (is_prime[to]) rank = 1;
    else rank = 2;
    return rank * SQUARES - to;
}

static int choose_new_man(Game *g, int p) {   /* both options legal */
    switch (player) {
    case RANDOM: return below(&g->choice, 2) == 0;
    case GREEDY: return g->nmen[p] < 2;
    case SOLITAIRE: return solitaire_table[4 * side(g->home[p], g->men[p], g->nmen[p])] == 1;
    default: return expert_new_man(g, p);
    }
}

static int choose_move(Game *g, int p, int kind, const int *from, const int *to, int n) {
    int best = 0;
    switch (player) {
    case RANDOM:
        return below(&g->choice, n);
    case GREEDY: {
        int best_score = greedy_score(g, p, to[0]);
        for (int i = 1; i < n; i++) {
            int score = greedy_score(g, p, to[i]);
            if (score > best_score) best = i, best_score = score;
        }
        return best;
    }
    case SOLITAIRE:
        return solitaire_table[4 * side(g->home[p], g->men[p], g->nmen[p]) + kind];
    default: {
        int64_t best_worth = worth(g, p, from[0], to[0]);
        for (int i = 1; i < n; i++) {
            int64_t w = worth(g, p, from[i], to[i]);
            if (w > best_worth) best = i, best_worth = w;
        }
        return best;
    }
    }
}

static inline int d6(Game *g) { return below(&g->dice, 6) + 1; }

static void play(Game *g, uint64_t key) {
    memset(g, 0, sizeof *g);
    for (int s = 0; s < SQUARES; s++) g->board[s] = NO_ONE;
    for (int p = 0; p < nplayers; p++) g->reserve[p] = MEN;
    g->winner = NO_ONE;
    g->dice = key;
    g->choice = key ^ 0xD1B54A32D192ED03ULL;
    int p = 0;
    while (g->winner == NO_ONE && g->turns < MAX_TURNS) {
        int can_new = g->reserve[p] > 0, can_act = g->nmen[p] > 0;
        int decision = can_new && can_act;
        int new_man = decision ? choose_new_man(g, p) : can_new;
        int from, to;
        if (new_man) {
            int row = below(&g->dice, ROWS) + 1;        /* the top face of the row die is 0 */
            to = 6 * (row < ROWS ? row : 0) + d6(g) % 6;
            from = -1;
        } else {
            int kind = KIND_OF_FACE[d6(g)];
            int froms[MEN * 3], tos[MEN * 3];
            int n = list_moves(g, p, kind, froms, tos), i = 0;
            if (n > 1) {
                decision = 1;
                i = choose_move(g, p, kind, froms, tos, n);
            }
            from = froms[i];
            to = tos[i];
        }
        /* the man leaves his square (or the reserve) and arrives */
        if (from < 0) g->reserve[p]--;
        else take(g, p, from);
        int again = 0;
        if (to == DEATH) {
            g->reserve[p]++;
            g->deaths[p]++;
        } else if (to == HOME) {
            if (++g->home[p] >= TO_WIN) g->winner = p;
            again = EXTRA_TURN;
        } else if (g->board[to] == NO_ONE) {
            put(g, p, to);
        } else if (g->board[to] == p) {
            g->reserve[p]++;                            /* one of the two goes back */
        } else {                                        /* a face-off; a tie holds */
            int q = g->board[to];
            int attacker = d6(g), defender = d6(g);
            if (attacker > defender) {
                take(g, q, to);
                g->reserve[q]++;
                g->killed[q]++;
                put(g, p, to);
                g->kills[p]++;
                again = EXTRA_TURN;
            } else {
                g->reserve[p]++;
                g->killed[p]++;
            }
        }
        g->turns++;
        g->turns_by[p]++;
        g->decision_turns += decision;
        if (!again && ++p == nplayers) p = 0;
    }
}

static int width(void) { return 3 + 5 * nplayers; }

static void write_row(const Game *g, int32_t *row) {
    int n = nplayers;
    row[0] = g->winner;
    row[1] = g->turns;
    row[2] = g->decision_turns;
    for (int p = 0; p < n; p++) {
        row[3 + p] = g->turns_by[p];
        row[3 + n + p] = g->home[p];
        row[3 + 2 * n + p] = g->kills[p];
        row[3 + 3 * n + p] = g->deaths[p];
        row[3 + 4 * n + p] = g->killed[p];
    }
}

static void *read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f) { perror(path); exit(2); }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    void *data = malloc(size);
    if (!data || fread(data, 1, size, f) != (size_t)size) { perror(path); exit(2); }
    fclose(f);
    return data;
}

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    static const char *names[] = {"random", "greedy", "solitaire", "expert"};
    if (argc < 4) {
        fprintf(stderr, "usage: %s rows|time PLAYER N [PLAYERS] [TABLE]\n", argv[0]);
        return 2;
    }
    player = -1;
    for (int i = 0; i < 4; i++)
        if (strcmp(argv[2], names[i]) == 0) player = i;
    long n = atol(argv[3]);
    if (argc > 4) nplayers = atoi(argv[4]);
    if (player < 0 || n < 0 || nplayers < 1 || nplayers > MAXP) {
        fprintf(stderr, "bad arguments\n");
        return 2;
    }
    if (player == SOLITAIRE || player == EXPERT) {
        if (argc < 6) { fprintf(stderr, "%s needs its table\n", argv[2]); return 2; }
        if (player == SOLITAIRE) solitaire_table = read_file(argv[5]);
        else goes = read_file(argv[5]);
    }
    init_primes();
    init_sides();
    int w = width();
    int32_t *rows = malloc(sizeof(int32_t) * w * (n > 0 ? n : 1));
    Game g;
    double start = cpu_seconds();
    for (long i = 0; i < n; i++) {
        play(&g, (uint64_t)(i + 1) * 0x9E3779B97F4A7C15ULL);
        write_row(&g, rows + i * w);
    }
    double seconds = cpu_seconds() - start;
    if (strcmp(argv[1], "rows") == 0) {
        fwrite(rows, sizeof(int32_t), (size_t)w * n, stdout);
    } else {
        uint64_t sum = 0;
        for (long i = 0; i < (long)w * n; i++) sum = sum * 31 + (uint32_t)rows[i];
        printf("%.6f %llu\n", seconds, (unsigned long long)sum);
    }
    free(rows);
    return 0;
}
