/* ttt-ai.c — the three computer opponents
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stddef.h>

#include "ttt-solver-private.h"

/* The rule player: it sees one move ahead and no further, so a fork (two
 * threats at once) beats it. It draws from the generator only when its
 * rules leave it a choice. */
static int
choose_medium (const TttBoard *board,
               uint64_t       *rng_state)
{
  unsigned cells = ttt_medium_cells (board);

  if ((cells & (cells - 1)) == 0)
    return __builtin_ctz (cells);

  return ttt_rng_pick_cell (rng_state, cells);
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
      /* Best cells only, and of those the traps (ttt-solve.c). */
      return ttt_rng_pick_cell (rng_state, ttt_trap_table[code]);
    default:
      return -1;
    }
}
