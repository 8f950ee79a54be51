/* ttt-solve.c — solving the whole game once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * There are only 5,478 positions, so the game is solved outright by negamax
 * with a table of every encoding; each position is searched once.
 */

#include <limits.h>
#include <string.h>

#include "ttt-engine-private.h"

static const uint16_t powers_of_three[TTT_N_CELLS] = {
  1, 3, 9, 27, 81, 243, 729, 2187, 6561,
};

/* A score seen from the other side, one ply further from the end. */
static inline int
negate_and_age (int score)
{
  if (score > 0)
    return -score + 1;
  if (score < 0)
    return -score - 1;
  return 0;
}

static int
solve (TttBoard  board,
       unsigned  code,
       int8_t   *scores,
       uint16_t *best)
{
  unsigned empty;
  unsigned digit;
  unsigned best_cells = 0;
  int best_score = INT_MIN;

  if (scores[code] != TTT_SCORE_UNREACHABLE)
    return scores[code];

  empty = ttt_board_empty (&board);

  if (ttt_lines_completed (board.x) || ttt_lines_completed (board.o))
    {
      /* The last move won: the side to move has lost. */
      best_score = -TTT_SCORE_MAX;
    }
  else if (empty == 0)
    {
      best_score = 0;
    }
  else
    {
      bool x_to_move = ttt_popcount (board.x) == ttt_popcount (board.o);

      digit = x_to_move ? 1 : 2;
      for (int i = 0; i < TTT_N_CELLS; i++)
        {
          TttBoard child = board;
          int score;

          if (!(empty & TTT_CELL (i)))
            continue;

          if (x_to_move)
            child.x |= TTT_CELL (i);
          else
            child.o |= TTT_CELL (i);

          score = negate_and_age (solve (child, code + digit * powers_of_three[i], scores, best));
          if (score > best_score)
            {
              best_score = score;
              best_cells = TTT_CELL (i);
            }
          else if (score == best_score)
            {
              best_cells |= TTT_CELL (i);
            }
        }
    }

  scores[code] = (int8_t) best_score;
  best[code] = (uint16_t) best_cells;

  return best_score;
}

void
ttt_solve_all (int8_t   scores[TTT_N_CODES],
               uint16_t best[TTT_N_CODES])
{
  TttBoard empty = { 0, 0 };

  memset (scores, TTT_SCORE_UNREACHABLE, TTT_N_CODES * sizeof scores[0]);
  memset (best, 0, TTT_N_CODES * sizeof best[0]);

  solve (empty, 0, scores, best);
}
