/* ttt-solver.c — perfect play, answered from the tables solved at build time
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stddef.h>

#include "ttt-solver-private.h"

/* The value of @board for the side to move under perfect play from both
 * sides: TTT_SCORE_MAX − n > 0 when it wins n plies from now, n − TTT_SCORE_MAX
 * < 0 when it loses n plies from now, 0 for a draw.
 *
 * A finished board scores as seen by the side whose turn it would be: −10
 * after a win (that side has lost, 0 plies to the end), 0 after a draw.
 * A NULL board or one no game can reach gives TTT_SCORE_INVALID. */
int
ttt_solver_score (const TttBoard *board)
{
  unsigned code;

  if (!ttt_board_code (board, &code))
    return TTT_SCORE_INVALID;

  return ttt_score_table[code];
}

/* The mask of cells (bit i for cell i) whose moves keep the best score:
 * the fastest win, else a draw, else the slowest loss. 0 when the game is
 * over or the board is not reachable. */
unsigned
ttt_solver_best_moves (const TttBoard *board)
{
  unsigned code;

  if (!ttt_board_code (board, &code))
    return 0;

  return ttt_best_table[code];
}
