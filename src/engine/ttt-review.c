/* ttt-review.c — the coach's view of one move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A review answers from the solved tables and a few line masks, so it costs
 * about as much as a handful of table lookups: a view may review every move
 * of a game, or every empty cell, each time it redraws.
 */

#include <stddef.h>

#include "ttt-solver-private.h"

static int
outcome_class (int score)
{
  return (score > 0) - (score < 0);
}

static TttMotive
motive_of (unsigned mine,
           unsigned theirs,
           unsigned empty,
           unsigned move)
{
  unsigned mine_after = mine | move;
  int n_threats;

  if (ttt_lines_completed (mine_after) != 0)
    return TTT_MOTIVE_WIN;
  if (ttt_lines_threats (theirs, empty) & move)
    return TTT_MOTIVE_BLOCK;

  n_threats = ttt_popcount (ttt_lines_threats (mine_after, empty & ~move));
  if (n_threats >= 2)
    return TTT_MOTIVE_FORK;
  if (n_threats == 1)
    return TTT_MOTIVE_THREAT;

  if (move & TTT_CENTRE)
    return TTT_MOTIVE_CENTRE;
  if (move & TTT_CORNERS)
    return TTT_MOTIVE_CORNER;

  return TTT_MOTIVE_SIDE;
}

/* Whether one of @replies (the opponent's best answers) leaves the opponent
 * two cells or more that each complete a line. */
static bool
allows_fork (unsigned theirs,
             unsigned empty_after,
             unsigned replies)
{
  for (; replies != 0; replies &= replies - 1)
    {
      unsigned reply = TTT_CELL (__builtin_ctz (replies));

      if (ttt_popcount (ttt_lines_threats (theirs | reply, empty_after & ~reply)) >= 2)
        return true;
    }

  return false;
}

static TttFault
fault_of (unsigned mine,
          unsigned theirs,
          unsigned empty,
          unsigned move,
          unsigned replies)
{
  unsigned wins = ttt_lines_threats (mine, empty);
  unsigned blocks = ttt_lines_threats (theirs, empty);

  if (wins != 0 && !(wins & move))
    return TTT_FAULT_MISSED_WIN;
  if (blocks != 0 && !(blocks & move))
    return TTT_FAULT_MISSED_BLOCK;
  if (allows_fork (theirs, empty & ~move, replies))
    return TTT_FAULT_ALLOWS_FORK;

  return TTT_FAULT_WEAKER;
}

/* See ttt-engine.h for the contract. */
TttStatus
ttt_review_move (const TttBoard *before,
                 int             cell,
                 TttReview      *out)
{
  TttReview review;
  TttStatus status;
  unsigned code_before, code_after;
  unsigned mine, theirs, empty, move;
  bool x_to_move;
  int drop;

  if (out == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;
  status = ttt_review_codes (before, cell, &code_before, &code_after);
  if (status != TTT_OK)
    return status;

  x_to_move = ttt_popcount (before->x) == ttt_popcount (before->o);
  mine = x_to_move ? before->x : before->o;
  theirs = x_to_move ? before->o : before->x;
  empty = ttt_board_empty (before);
  move = TTT_CELL (cell);

  review.score = -ttt_score_table[code_after];
  review.best = ttt_best_table[code_before];
  review.motive = motive_of (mine, theirs, empty, move);

  /* The position's own score is the best over the mover's moves. */
  drop = outcome_class (ttt_score_table[code_before]) - outcome_class (review.score);
  review.grade = drop <= 0 ? TTT_GRADE_BEST : drop == 1 ? TTT_GRADE_MISTAKE : TTT_GRADE_BLUNDER;
  review.fault = review.grade == TTT_GRADE_BEST
                   ? TTT_FAULT_NONE
                   : fault_of (mine, theirs, empty, move, ttt_best_table[code_after]);

  *out = review;

  return TTT_OK;
}
