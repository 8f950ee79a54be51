/* ttt-engine-private.h — what the engine's own files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "ttt-engine.h"

#define TTT_ALL_CELLS 0x1ffu
#define TTT_CELL(i)   (1u << (i))

/* 3^9 base-3 encodings: cell i contributes 3^i × (0 empty, 1 X, 2 O). */
#define TTT_N_CODES 19683

/* Table entry for an encoding that no game can reach. */
#define TTT_SCORE_UNREACHABLE INT8_MIN

/* The eight lines, as masks. */
#define TTT_LINE_ROW_TOP      0x007u
#define TTT_LINE_ROW_MIDDLE   0x038u
#define TTT_LINE_ROW_BOTTOM   0x1c0u
#define TTT_LINE_COL_LEFT     0x049u
#define TTT_LINE_COL_CENTRE   0x092u
#define TTT_LINE_COL_RIGHT    0x124u
#define TTT_LINE_DIAGONAL     0x111u
#define TTT_LINE_ANTIDIAGONAL 0x054u

#define TTT_CENTRE  0x010u
#define TTT_CORNERS 0x145u
#define TTT_SIDES   0x0aau

#define TTT_N_LINES 8

static const uint16_t ttt_lines[TTT_N_LINES] = {
  TTT_LINE_ROW_TOP, TTT_LINE_ROW_MIDDLE, TTT_LINE_ROW_BOTTOM,
  TTT_LINE_COL_LEFT, TTT_LINE_COL_CENTRE, TTT_LINE_COL_RIGHT,
  TTT_LINE_DIAGONAL, TTT_LINE_ANTIDIAGONAL,
};

static inline int
ttt_popcount (unsigned mask)
{
  return __builtin_popcount (mask);
}

static inline unsigned
ttt_board_empty (const TttBoard *board)
{
  return TTT_ALL_CELLS & ~(unsigned) (board->x | board->o);
}

/* Union of the completed lines within @marks. */
static inline unsigned
ttt_lines_completed (unsigned marks)
{
  unsigned cells = 0;

  for (int i = 0; i < TTT_N_LINES; i++)
    if ((marks & ttt_lines[i]) == ttt_lines[i])
      cells |= ttt_lines[i];

  return cells;
}

/* Empty cells that would complete a line for @marks. */
static inline unsigned
ttt_lines_threats (unsigned marks,
                   unsigned empty)
{
  unsigned cells = 0;

  for (int i = 0; i < TTT_N_LINES; i++)
    {
      unsigned line = ttt_lines[i];

      if (ttt_popcount (marks & line) == 2 && (empty & line) != 0)
        cells |= empty & line;
    }

  return cells;
}

bool     ttt_board_is_valid (const TttBoard *board);

/* The whole game, solved by memoised negamax from the empty board.
 * @scores receives ttt_solver_score() of every encoding (or
 * TTT_SCORE_UNREACHABLE), @best the mask of best cells to play.
 * Used at build time by the table generator and by the benchmark. */
void     ttt_solve_all      (int8_t   scores[TTT_N_CODES],
                             uint16_t best[TTT_N_CODES]);

/* Computed at build time (ttt-tables.c, written by ttt-gen-tables). */
extern const uint16_t ttt_ternary_table[512];
extern const int8_t   ttt_score_table[TTT_N_CODES];
extern const uint16_t ttt_best_table[TTT_N_CODES];

/* Slow but table-free, for the generator. */
static inline unsigned
ttt_ternary (unsigned mask)
{
  unsigned value = 0;
  unsigned power = 1;

  for (int i = 0; i < TTT_N_CELLS; i++, power *= 3)
    if (mask & TTT_CELL (i))
      value += power;

  return value;
}

uint64_t ttt_rng_next      (uint64_t *state);
unsigned ttt_rng_below     (uint64_t *state,
                            unsigned  n);
int      ttt_rng_pick_cell (uint64_t *state,
                            unsigned  mask);
