/* ttt-misere.c — Misère Tic-Tac-Toe: its outcome, solver and opponents
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The board's rules are the classic ones (ttt-board.c); the solution is
 * computed at build time beside the classic one (ttt_solve_misere()), so
 * the answers here are lookups.
 */

#include <stddef.h>

#include "ttt-misere.h"
#include "ttt-solver-private.h"

TttOutcome
ttt_misere_outcome (const TttBoard *board)
{
  TttOutcome outcome = ttt_board_outcome (board);

  switch (outcome)
    {
    case TTT_OUTCOME_X_WINS:
      return TTT_OUTCOME_O_WINS;
    case TTT_OUTCOME_O_WINS:
      return TTT_OUTCOME_X_WINS;
    case TTT_OUTCOME_ONGOING:
    case TTT_OUTCOME_DRAW:
    case TTT_OUTCOME_INVALID:
    default:
      return outcome;
    }
}

/* The line is where it is whoever it counts for. */
unsigned
ttt_misere_losing_cells (const TttBoard *board)
{
  return ttt_board_winning_cells (board);
}

int
ttt_misere_score (const TttBoard *board)
{
  unsigned code;

  if (!ttt_board_code (board, &code))
    return TTT_SCORE_INVALID;

  return ttt_misere_score_table[code];
}

unsigned
ttt_misere_best_moves (const TttBoard *board)
{
  unsigned code;

  if (!ttt_board_code (board, &code))
    return 0;

  return ttt_misere_best_table[code];
}

static int
outcome_class (int score)
{
  return (score > 0) - (score < 0);
}

/* See ttt-misere.h for the contract. */
TttStatus
ttt_misere_review_move (const TttBoard *before,
                        int             cell,
                        TttReview      *out)
{
  TttReview review;
  TttStatus status;
  unsigned code_before, code_after;
  unsigned mine, theirs, empty_after, move;
  int drop;

  if (out == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;
  status = ttt_review_codes (before, cell, &code_before, &code_after);
  if (status != TTT_OK)
    return status;

  mine = ttt_popcount (before->x) == ttt_popcount (before->o) ? before->x : before->o;
  theirs = mine == before->x ? before->o : before->x;
  move = TTT_CELL (cell);
  empty_after = ttt_board_empty (before) & ~move;

  review.score = -ttt_misere_score_table[code_after];
  review.best = ttt_misere_best_table[code_before];

  /* A move that ends the game with a line is the mover's own line; every
   * other move is told by what it leaves the opponent, then by where it
   * is. */
  if (ttt_lines_completed (mine | move) == 0 && empty_after != 0 &&
      (empty_after & ~ttt_lines_threats (theirs, empty_after)) == 0)
    review.motive = TTT_MOTIVE_SQUEEZE;
  else if (move & TTT_CENTRE)
    review.motive = TTT_MOTIVE_CENTRE;
  else if (move & TTT_CORNERS)
    review.motive = TTT_MOTIVE_CORNER;
  else
    review.motive = TTT_MOTIVE_SIDE;

  drop = outcome_class (ttt_misere_score_table[code_before]) - outcome_class (review.score);
  review.grade = drop <= 0 ? TTT_GRADE_BEST : drop == 1 ? TTT_GRADE_MISTAKE : TTT_GRADE_BLUNDER;
  if (review.grade == TTT_GRADE_BEST)
    review.fault = TTT_FAULT_NONE;
  else if (ttt_lines_completed (mine | move) != 0)
    review.fault = TTT_FAULT_OWN_LINE;
  else
    review.fault = TTT_FAULT_WEAKER;

  *out = review;

  return TTT_OK;
}

/* Medium's cells (ttt-misere.h gives the rules), for a board that is
 * neither finished nor unreachable. */
static unsigned
misere_medium_cells (const TttBoard *board)
{
  bool x_to_move = ttt_popcount (board->x) == ttt_popcount (board->o);
  unsigned mine = x_to_move ? board->x : board->o;
  unsigned theirs = x_to_move ? board->o : board->x;
  unsigned empty = ttt_board_empty (board);
  unsigned safe = empty & ~ttt_lines_threats (mine, empty);
  unsigned kept;

  if (safe == 0)
    return empty;
  kept = safe & ~ttt_lines_threats (theirs, empty);
  if (kept != 0)
    safe = kept;

  if (empty == TTT_ALL_CELLS)
    return TTT_CENTRE;
  if ((safe & TTT_SIDES) != 0)
    return safe & TTT_SIDES;
  if ((safe & TTT_CORNERS) != 0)
    return safe & TTT_CORNERS;

  return safe;
}

int
ttt_misere_choose (const TttBoard *board,
                   TttLevel        level,
                   uint64_t       *rng_state)
{
  unsigned code;
  unsigned best;

  if (rng_state == NULL || !ttt_board_code (board, &code))
    return -1;

  /* Only finished boards have no best move. */
  best = ttt_misere_best_table[code];
  if (best == 0)
    return -1;

  switch (level)
    {
    case TTT_LEVEL_EASY:
      return ttt_rng_pick_cell (rng_state, ttt_board_empty (board));
    case TTT_LEVEL_MEDIUM:
      {
        unsigned cells = misere_medium_cells (board);

        /* As the classic Medium: no draw when the rules leave one cell. */
        if ((cells & (cells - 1)) == 0)
          return __builtin_ctz (cells);
        return ttt_rng_pick_cell (rng_state, cells);
      }
    case TTT_LEVEL_HARD:
      return ttt_rng_pick_cell (rng_state, best);
    default:
      return -1;
    }
}
