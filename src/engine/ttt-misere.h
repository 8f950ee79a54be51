/* ttt-misere.h — Misère Tic-Tac-Toe: whoever makes three in a row loses
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The third public header of the engine, beside ttt-engine.h, whose board
 * it plays on. Misère has the classic game's board, cells, moves and
 * notation, and stops, as that one does, at the first line of three; only
 * the line counts the other way: the player who completes it loses. So a
 * position is a TttBoard, and ttt_board_clear(), ttt_board_play(),
 * ttt_board_turn(), ttt_board_get(), ttt_board_n_moves(),
 * ttt_board_parse() and ttt_board_format() serve Misère unchanged, with
 * their checks (the positions a game reaches are the same); what differs
 * is below. Plain C11 on libc, no mutable global state.
 */

#pragma once

#include <stdint.h>

#include "ttt-engine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The outcome under Misère's rule: a line of X's is TTT_OUTCOME_O_WINS, a
 * line of O's TTT_OUTCOME_X_WINS; a full board without one is a draw.
 * TTT_OUTCOME_INVALID for NULL or a board no game can reach. */
TttOutcome  ttt_misere_outcome       (const TttBoard *board);
/* The cells of the line that lost the game (both lines, when the last
 * move completed two), bit i for cell i: the line a view marks, though
 * in Misère it is the loser's. 0 unless the game is over with a line. */
unsigned    ttt_misere_losing_cells  (const TttBoard *board);

/* Perfect play, on the scale of ttt_solver_score(): for the side to move,
 * TTT_SCORE_MAX − n when it wins n plies from now, n − TTT_SCORE_MAX when
 * it loses n plies from now, 0 for a draw. A finished board scores as the
 * side whose turn it would be sees it: +10 after a line (the opponent made
 * it and lost), 0 after a draw. The game is a draw from the empty board.
 * TTT_SCORE_INVALID for NULL or a board no game can reach. */
int         ttt_misere_score         (const TttBoard *board);
/* The cells (bit i for cell i) whose moves keep that score: the fastest
 * win, else a draw, else the slowest loss. 0 when the game is over or the
 * board is not reachable. */
unsigned    ttt_misere_best_moves    (const TttBoard *board);

/* Reviews playing @cell on @before as ttt_review_move() does for the
 * classic game, against Misère's perfect play (ttt_misere_score()), with
 * the same grades, errors and scale of scores. What the move does is
 * TTT_MOTIVE_SQUEEZE when every cell left would complete a line of the
 * opponent's, else where it is (centre, corner, side); what it gets wrong
 * is TTT_FAULT_OWN_LINE when it completes a line of the mover's, else
 * TTT_FAULT_WEAKER. */
TttStatus   ttt_misere_review_move   (const TttBoard *before,
                                      int             cell,
                                      TttReview      *out);

/* The opponents, as ttt_ai_choose() for the classic game:
 *
 *   Easy    any empty cell, uniformly.
 *   Medium  rules that look one move ahead, in Misère's terms, picking
 *           uniformly among the cells of the first that applies:
 *           1. never complete a line of its own while another cell is
 *              empty (when every cell would, it has lost, and plays any);
 *           2. of those, leave alone the cells that would complete a line
 *              of the opponent's, which only the opponent can be made to
 *              fill, while another such safe cell is empty;
 *           3. on the empty board, the centre (X's one first move that
 *              does not lose); otherwise a side (each side is on two lines,
 *              the fewest of any cell), else a corner (three), else the
 *              centre (four).
 *           It cannot see two moves ahead, so play that runs it out of
 *           safe cells beats it.
 *   Hard    a cell of ttt_misere_best_moves(), uniformly: it never loses
 *           a game it can draw, wins as fast as it can, and loses as
 *           slowly as it can.
 *
 * Returns the cell, or −1 when the game is over, and for a NULL argument,
 * an unknown level or a board no game can reach. All randomness is drawn
 * from *rng_state (ttt_rng_next()), which it advances. */
int         ttt_misere_choose        (const TttBoard *board,
                                      TttLevel        level,
                                      uint64_t       *rng_state);

#ifdef __cplusplus
}
#endif
