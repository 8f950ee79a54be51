/* bench-ultimate-helpers.h — what the Ultimate benchmarks share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Positions to measure the search on, from seeded random games, so that
 * every run and every benchmark measures the same ones.
 */

#pragma once

/* First: it sets _POSIX_C_SOURCE before any system header. */
#include "bench-helpers.h"

#include "ttt-ultimate-private.h"

/* A position @plies into a random game from @seed (fewer if it ends). */
static inline TttUltimate
random_position (int      plies,
                 uint64_t seed)
{
  TttUltimate pos;

  ttt_ultimate_clear (&pos);
  for (int i = 0; i < plies && !ttt_ult_is_over (&pos); i++)
    {
      TttUltimate next = pos;
      int board, cell;

      ttt_ult_random_move (&pos, &seed, &board, &cell);
      if (ttt_ult_play_unchecked (&next, board, cell))
        break;
      pos = next;
    }

  return pos;
}
