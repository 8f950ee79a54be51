/* ttt-rng.c — the opponents' randomness, from a caller-owned state
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * SplitMix64: every 64-bit value is a good seed, and the whole state is the
 * one integer the caller passes in, so the engine holds none.
 */

#include <stddef.h>

#include "ttt-engine-private.h"

uint64_t
ttt_rng_next (uint64_t *state)
{
  if (state == NULL)
    return 0;

  return ttt_rng_step (state);
}

/* Uniform in [0, n), n > 0: draws past the last whole multiple of n are
 * thrown away so that no value is favoured. */
unsigned
ttt_rng_below (uint64_t *state,
               unsigned  n)
{
  uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t value;

  do
    value = ttt_rng_next (state);
  while (value >= limit);

  return (unsigned) (value % n);
}

/* A uniformly chosen cell among the set bits of @mask (not 0). */
int
ttt_rng_pick_cell (uint64_t *state,
                   unsigned  mask)
{
  unsigned k = ttt_rng_below (state, (unsigned) ttt_popcount (mask));

  while (k-- > 0)
    mask &= mask - 1;

  return __builtin_ctz (mask);
}
