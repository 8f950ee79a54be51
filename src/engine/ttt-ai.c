/* ttt-ai.c — the three computer opponents
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stddef.h>

#include "ttt-solver-private.h"

/* The rule player: it sees one move ahead and no further, so a fork (two
 * threats at once) beats it. */
static int
choose_medium (const TttBoard *board,
               uint64_t       *rng_state)
{
  bool x_to_move = ttt_popcount (board->x) == ttt_popcount (board->o);
  unsigned mine = x_to_move ? board->x : board->o;
  unsigned theirs = x_to_move ? board->o : board->x;
  unsigned empty = ttt_board_empty (board);
  unsigned cells;

  if ((cells = ttt_lines_threats (mine, empty)) != 0)
    return ttt_rng_pick_cell (rng_state, cells);
  if ((cells = ttt_lines_threats (theirs, empty)) != 0)
    return ttt_rng_pick_cell (rng_state, cells);
  if (empty & TTT_CENTRE)
    return __builtin_ctz (TTT_CENTRE);
  if ((cells = empty & TTT_CORNERS) != 0)
    return ttt_rng_pick_cell (rng_state, cells);

  return ttt_rng_pick_cell (rng_state, empty & TTT_SIDES);
}

/* The cell the computer plays for the side to move, or −1 when the game is
 * over. Also −1 for a NULL argument, an unknown level or a board no game can
 * reach. All randomness is drawn from *rng_state, which it advances. */
int
ttt_ai_choose (const TttBoard *board,
               TttLevel        level,
               uint64_t       *rng_state)
{
  unsigned code;
  unsigned best;

  if (rng_state == NULL || !ttt_board_code (board, &code))
    return -1;

  /* Only finished boards have no best move. */
  best = ttt_best_table[code];
  if (best == 0)
    return -1;

  switch (level)
    {
    case TTT_LEVEL_EASY:
      return ttt_rng_pick_cell (rng_state, ttt_board_empty (board));
    case TTT_LEVEL_MEDIUM:
      return choose_medium (board, rng_state);
    case TTT_LEVEL_HARD:
      return ttt_rng_pick_cell (rng_state, best);
    default:
      return -1;
    }
}
