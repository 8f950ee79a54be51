/* ttt-ultimate.h — the rules of Ultimate Tic-Tac-Toe and its search
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The second public header of the engine, beside ttt-engine.h (whose
 * TttStatus, TttOutcome, TttMark and TttLevel it shares). Plain C11 on
 * libc and libm: it knows nothing of GLib, GTK or time, keeps no mutable
 * global state, and may be called from several threads at once (a
 * TttSearch by one thread at a time).
 *
 * The rules (the standard ones): nine small boards in a 3 × 3 grid, both
 * numbered 0–8 row-major like the classic board's cells. X moves first,
 * anywhere. A move is cell c of small board b, written as the move number
 * b × 9 + c (0–80); it sends the opponent to small board c. A small board
 * with a line of three is won, and a won or full board is closed; a player
 * sent to a closed board may play in any open board. A line of three won
 * small boards wins the game; a drawn small board counts for nobody; when
 * every small board is closed and nobody has such a line, the game is
 * drawn.
 *
 * On the 9 × 9 grid, move b × 9 + c is row (b / 3) × 3 + c / 3 and column
 * (b % 3) × 3 + c % 3, both 0–8 from the top left.
 *
 * Text notation (ttt_ultimate_parse(), ttt_ultimate_format()): the nine
 * rows of the 9 × 9 grid from the top, each nine characters from the left,
 * 'X', 'O' or '.' for an empty cell, the rows separated by '/'; then one
 * space and the small board the side to move is sent to, a digit '0'–'8',
 * or '-' when it may play in any open board (which includes the empty
 * board and a finished game). Whose turn it is follows from the marks. The
 * empty board:
 *
 *   ........./........./........./........./........./........./........./........./......... -
 *
 * Exactly that: 91 characters, no other spaces, nothing after.
 *
 * Which positions are valid. The struct is public, so any values can be put
 * in it. Every rule checks that the fields agree with each other
 * (ttt_ultimate_is_consistent()): no cell held by both, no bit outside a
 * board, the won and closed sets those the marks give, X with as many marks
 * as O or one more and `turn` saying whose move it is, at most one winner
 * of a small board and of the game, the winner of the game its last mover,
 * `next` either TTT_ULTIMATE_ANY or an open board, and TTT_ULTIMATE_ANY on
 * the empty board and once the game is over. On anything else it returns
 * TTT_ERROR_INVALID_ARGUMENT (or an invalid outcome) and changes nothing.
 *
 * The parser asks more, so that it refuses positions no game reaches: a
 * won small board must have a winning move, one of its winner's marks that
 * every line of its passes through (play inside a board stops when it is
 * won); and there must be a last move, a mark of the player who moved last
 * whose removal leaves its board open and nobody's, the game unfinished,
 * and which sent the side to move where `next` says (to that board, or to
 * a closed one for '-'); and the position before it must pass the same
 * test, three moves back. A position that passes is not proved reachable
 * (the parser does not search a whole history back to the empty board),
 * but one that fails is certainly not.
 */

#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ttt-engine.h"

#ifdef __cplusplus
extern "C" {
#endif

#define TTT_ULTIMATE_N_BOARDS 9
#define TTT_ULTIMATE_N_MOVES  81
/* The board the side to move is sent to when it may play anywhere open. */
#define TTT_ULTIMATE_ANY      (-1)
/* Bytes ttt_ultimate_format() writes, the final NUL included. */
#define TTT_ULTIMATE_TEXT_SIZE 92

/* A position is a value: copy it by assignment. Bit c of x[b] is cell c of
 * small board b held by X; bit b of x_won is small board b won by X. */
typedef struct
{
  uint16_t x[TTT_ULTIMATE_N_BOARDS];
  uint16_t o[TTT_ULTIMATE_N_BOARDS];
  uint16_t x_won;
  uint16_t o_won;
  uint16_t closed;   /* won or full */
  int8_t   next;     /* 0–8, or TTT_ULTIMATE_ANY */
  uint8_t  turn;     /* TTT_MARK_X or TTT_MARK_O: who moves next */
} TttUltimate;

/* The legal moves: bit c of cells[b] is move b × 9 + c. */
typedef struct
{
  uint16_t cells[TTT_ULTIMATE_N_BOARDS];
} TttUltimateMoves;

/* Rules */

void        ttt_ultimate_clear          (TttUltimate       *pos);
bool        ttt_ultimate_is_consistent  (const TttUltimate *pos);
/* Errors, in this order: TTT_ERROR_INVALID_ARGUMENT (NULL, or not
 * consistent), TTT_ERROR_OUT_OF_RANGE (not 0–80), TTT_ERROR_GAME_OVER,
 * TTT_ERROR_OCCUPIED (the cell holds a mark), TTT_ERROR_INVALID_MOVE (an
 * empty cell outside the boards the side to move may play in). On an error
 * *pos is unchanged. */
TttStatus   ttt_ultimate_play           (TttUltimate       *pos,
                                         int                move);
/* The number of legal moves (0 once the game is over), the moves in *out;
 * −1 with *out untouched for NULL or an inconsistent position. */
int         ttt_ultimate_legal_moves    (const TttUltimate *pos,
                                         TttUltimateMoves  *out);
bool        ttt_ultimate_is_legal       (const TttUltimate *pos,
                                         int                move);
TttOutcome  ttt_ultimate_outcome        (const TttUltimate *pos);
/* Who holds a cell, or who won a small board (TTT_MARK_NONE for an open
 * or drawn one, and for NULL, an inconsistent position or a bad index). */
TttMark     ttt_ultimate_get            (const TttUltimate *pos,
                                         int                move);
TttMark     ttt_ultimate_board_winner   (const TttUltimate *pos,
                                         int                board);
/* The small boards of the winner's line of won boards, bit b for board
 * b; every such line (a last move can complete two), as
 * ttt_board_winning_cells() does for cells; 0 unless the game is won, and
 * for NULL or an inconsistent position. */
unsigned    ttt_ultimate_winning_boards (const TttUltimate *pos);
/* Marks on the grid: the number of moves played; −1 if not consistent. */
int         ttt_ultimate_n_moves        (const TttUltimate *pos);

/* TTT_ERROR_INVALID_TEXT, *pos untouched, for text that is not the
 * notation above or a position no game reaches; TTT_ERROR_INVALID_ARGUMENT
 * for NULL. */
TttStatus   ttt_ultimate_parse          (TttUltimate       *pos,
                                         const char        *text);
/* Writes the notation; TTT_ERROR_INVALID_ARGUMENT, and an empty string if
 * out is not NULL, for NULL or an inconsistent position. */
TttStatus   ttt_ultimate_format         (const TttUltimate *pos,
                                         char               out[TTT_ULTIMATE_TEXT_SIZE]);

/* Whether a rotation or reflection of the whole grid that leaves @pos as
 * it is (small boards and the cells in each alike, and the board the side
 * to move is sent to) maps move @a onto move @b: then the two lead to the
 * same position seen in a mirror and are worth the same. True when @a is
 * @b; false for NULL, an inconsistent position or a move out of range. */
bool        ttt_ultimate_moves_symmetric (const TttUltimate *pos,
                                          int                a,
                                          int                b);

/* Move numbers and the 9 × 9 grid; −1 for anything out of range. */
int         ttt_ultimate_move_at        (int                row,
                                         int                col);
int         ttt_ultimate_move_row       (int                move);
int         ttt_ultimate_move_col       (int                move);

/* The search: Monte-Carlo tree search with a solver
 *
 * UCT over random playouts, which are played on the bit masks. Results
 * the tree proves (a move that wins, or every move losing or drawing) are
 * propagated up, so the search plays a win it has proved, never chooses a
 * move proved to lose while another is not, and stops early once the root
 * is proved. Each node is a move; they live in one block allocated by
 * ttt_search_new() and never grown: when it is full the tree stops
 * growing and the search goes on with playouts from its leaves.
 *
 * Randomness comes from the caller's SplitMix64 state (ttt_rng_next()), so
 * the same position, state and iteration budget give the same move. Time
 * the engine does not know: a caller with a clock passes should_stop,
 * asked every TTT_SEARCH_POLL iterations, and gets the best move so far.
 *
 * On several threads the search is root parallel: each thread searches a
 * tree of its own from the same position with a generator seeded from
 * the caller's, and the analysis adds the trees' figures up move by move.
 * The threads share no node, so they scale with the cores, and a run of
 * fixed iterations gives the same move for the same state on any machine
 * and at any load (not the move one thread would play). The number of
 * threads is the caller's to choose (ttt_search_new_parallel()): the
 * engine knows nothing of the machine.
 */

typedef struct TttSearch TttSearch;

#define TTT_SEARCH_POLL 64
/* What ttt_search_new() takes when given 0, and the most it accepts. */
#define TTT_SEARCH_DEFAULT_BYTES (64u * 1024u * 1024u)
#define TTT_SEARCH_MIN_BYTES     (16u * 1024u)
/* The most threads a search runs on. */
#define TTT_SEARCH_MAX_THREADS   8

/* On several threads, each thread makes at most @iterations in its own
 * tree (so a run takes about as long on n free cores as on one, and makes
 * n times the iterations), and each asks should_stop itself: it must be
 * safe to call from several threads at once. */
typedef struct
{
  uint64_t iterations;              /* at most this many a thread; 0 for no limit */
  bool   (*should_stop) (void *data); /* may be NULL; polled, never first */
  void    *data;
} TttSearchBudget;

/* One block of at most @max_bytes (0: TTT_SEARCH_DEFAULT_BYTES), allocated
 * here once; NULL if @max_bytes is below TTT_SEARCH_MIN_BYTES, above
 * TTT_SEARCH_DEFAULT_BYTES, or malloc fails. It searches on one thread,
 * the caller's. */
TttSearch  *ttt_search_new              (size_t             max_bytes);
/* A search on @n_threads threads, the caller's and n − 1 it starts for
 * each run and joins before the run returns: one such block for each
 * thread's tree. NULL as above, and for @n_threads 0 or above
 * TTT_SEARCH_MAX_THREADS. */
TttSearch  *ttt_search_new_parallel     (size_t             max_bytes,
                                         unsigned           n_threads);
void        ttt_search_free             (TttSearch         *search);
/* The threads it searches on; 0 for NULL. */
unsigned    ttt_search_get_n_threads    (const TttSearch   *search);
/* Forgets the kept trees, so the next run starts afresh. */
void        ttt_search_reset            (TttSearch         *search);
/* Bytes the search holds (its whole allocation), and nodes in its trees
 * now and at most, all threads' together. */
size_t      ttt_search_get_memory       (const TttSearch   *search);
size_t      ttt_search_get_n_nodes      (const TttSearch   *search);
size_t      ttt_search_get_capacity     (const TttSearch   *search);

/* Searches @pos, on all the search's threads, and puts the move it would
 * play in *move. Each thread keeps its tree of an earlier run when @pos
 * is that run's position or one or two moves on from it (the same game:
 * the moves walk the tree down to the subtree they chose) and the tree
 * fills at most half its block, otherwise starts afresh; so a run repeats
 * exactly from the same trees: call ttt_search_reset() first when it
 * must. Errors:
 * TTT_ERROR_INVALID_ARGUMENT for a NULL pointer, an inconsistent position
 * or a budget with neither iterations nor should_stop; TTT_ERROR_GAME_OVER.
 * On an error *move is untouched. */
TttStatus   ttt_search_run              (TttSearch             *search,
                                         const TttUltimate     *pos,
                                         const TttSearchBudget *budget,
                                         uint64_t              *rng_state,
                                         int                   *move);
/* Iterations the last run made, on all its threads (those of kept trees
 * not counted). */
uint64_t    ttt_search_get_iterations   (const TttSearch   *search);
/* Visits of the last run's position: its iterations and those the kept
 * trees had made of it before; so before the run, the visits the last
 * run but one gave the move or the two moves that led here. (The
 * analysis's visits do not add up to it when moves share their figures,
 * below.) */
uint64_t    ttt_search_get_visits       (const TttSearch   *search);

typedef enum
{
  TTT_PROOF_NONE,   /* not proved: see the estimate */
  TTT_PROOF_WIN,    /* the mover wins, whatever the opponent does */
  TTT_PROOF_DRAW,   /* neither side can do better than a draw */
  TTT_PROOF_LOSS,   /* the opponent wins, whatever the mover does */
} TttProof;

/* What the last run thinks of one legal move of its position: on several
 * threads, the trees' visits and results added up. */
typedef struct
{
  int      move;
  uint32_t visits;
  double   win_chance;   /* the mover's mean result, a win 1 and a draw ½, 0–1;
                          * 1, ½ or 0 when proved; ½ with no visits */
  TttProof proof;
  int      plies;        /* when proved, plies to the end of the game along the
                          * line found (1: the move itself ends it); 0 otherwise */
} TttMoveAnalysis;

/* The analysis of the last run: every legal move of its position once, in
 * the order the search prefers them (the first is the move it plays):
 * proved wins by fewest plies, then the unproved and proved draws by
 * visits, then proved losses by most plies. Returns the number written (at
 * most @n_max), or −1 for NULL or no run yet.
 *
 * Symmetric moves share their figures. Where a rotation or reflection of
 * the whole grid (small boards and the cells in each alike, and the board
 * the side to move is sent to) leaves the position as it is, the moves it
 * maps onto each other lead to the same position seen in a mirror: the
 * search looks at one of each such class, and every move of the class is
 * told with its visits, chance and proof, the one it looked at first
 * among them. So on the empty board the 81 moves have 15 figures. */
int         ttt_search_analyse          (const TttSearch   *search,
                                         TttMoveAnalysis   *out,
                                         int                n_max);

/* Whether @analysis (@n moves, as ttt_search_analyse() wrote them) tells
 * its moves apart: whether some move's figure differs from the first's
 * by more than the search's noise (TTT_SEARCH_NOISE_ERRORS standard
 * errors of the two estimates together, each at most ½ / √visits; a
 * proof has none). When it does not, the figures are noise: a coach
 * should not show one move as better than another. False for NULL and
 * for fewer than two moves. */
#define TTT_SEARCH_NOISE_ERRORS 4.0

bool        ttt_search_tells_apart      (const TttMoveAnalysis *analysis,
                                         int                    n);

/* The levels. Each is a search budget in iterations (documented, so a
 * level plays the same move for the same seed on any machine) and the ways
 * a person of that strength plays short of it:
 *
 *   noise    0: plays the move the search prefers. Otherwise it picks
 *            among the moves the search did not prove lost, each with a
 *            weight of its visits to the power 100 / noise: at 100 in
 *            proportion to the visits, so a move the search liked half as
 *            much is played half as often. Like a person who weighs a
 *            few good-looking moves and goes with a feeling. A proved win
 *            is always played.
 *   greedy   takes a small board whenever it can (the one of them the
 *            search likes best), without looking at where the move sends
 *            the opponent: the newcomer's blind spot.
 *   slip     a share of the moves played uniformly at random (the old Easy
 *            only; the ladder has none), though a move that wins the game
 *            at once is always taken.
 *
 * Every level takes a move that wins the game at once. The ladder,
 * Beginner to Master, is Ultimate's; Easy, Medium and Hard are the older
 * three, kept for the engine tools (ttt_ultimate_choose() takes any level).
 * Master is today's Hard on every thread its search has: on one, the
 * same budget and the same move, about one second on a 2-core machine of
 * 2024; on n, the budget on each, n times the iterations in that time. It
 * keeps its tree between moves. The other levels search on one thread. */
#define TTT_ULTIMATE_EASY_ITERATIONS     300
#define TTT_ULTIMATE_EASY_SLIP_PERCENT   33
#define TTT_ULTIMATE_MEDIUM_ITERATIONS   10000
#define TTT_ULTIMATE_HARD_ITERATIONS     400000

typedef struct
{
  uint64_t iterations;
  unsigned noise;         /* 0: none; 100: in proportion to visits */
  bool     greedy;
  unsigned slip_percent;
  bool     keeps_tree;    /* worth keeping from move to move */
  size_t   tree_bytes;    /* the block its search needs (ttt_search_new()) */
  bool     parallel;      /* searches on all its search's threads */
} TttUltimateLevel;

/* The parameters of @level into *out; false, *out untouched, for NULL or
 * a value that is no level. */
bool        ttt_ultimate_level_get      (TttLevel               level,
                                         TttUltimateLevel      *out);

/* Chooses the move at @level (the parameters above) in @pos: on all the
 * threads of @search for a parallel level, on the caller's alone else.
 * @budget may be NULL (the level's iterations alone); its iterations, when
 * not 0, replace the level's; its should_stop applies too. Errors as for
 * ttt_search_run(), and TTT_ERROR_INVALID_ARGUMENT for an unknown level. */
TttStatus   ttt_ultimate_choose         (TttSearch             *search,
                                         const TttUltimate     *pos,
                                         TttLevel               level,
                                         const TttSearchBudget *budget,
                                         uint64_t              *rng_state,
                                         int                   *move);

#ifdef __cplusplus
}
#endif
