/* ttt-solver-private.h — looking a board up in the solved tables
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stddef.h>

#include "ttt-engine-private.h"

/* The base-3 encoding of @board, if it is one a game can reach. */
static inline bool
ttt_board_code (const TttBoard *board,
                unsigned       *code)
{
  if (board == NULL)
    return false;
  if ((board->x | board->o) > TTT_ALL_CELLS || (board->x & board->o) != 0)
    return false;

  *code = ttt_ternary_table[board->x] + 2u * ttt_ternary_table[board->o];

  return ttt_score_table[*code] != TTT_SCORE_UNREACHABLE;
}

/* What a review starts from, in either game: the codes of @before and of
 * the board after playing @cell on it, with the errors of
 * ttt_review_move() (checked in its order) and nothing written on one. */
static inline TttStatus
ttt_review_codes (const TttBoard *before,
                  int             cell,
                  unsigned       *code_before,
                  unsigned       *code_after)
{
  TttBoard after;
  TttStatus status;

  if (before == NULL || !ttt_board_code (before, code_before))
    return TTT_ERROR_INVALID_ARGUMENT;

  /* The rules decide whether the move is legal, so the errors are theirs. */
  after = *before;
  status = ttt_board_play (&after, cell);
  if (status != TTT_OK)
    return status;
  if (!ttt_board_code (&after, code_after))
    return TTT_ERROR_INVALID_ARGUMENT;

  return TTT_OK;
}
