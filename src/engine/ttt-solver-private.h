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
