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

/* The cells Medium's rules allow the side to move, among which it picks
 * uniformly: a win, else a block, else the centre, else a corner, else a
 * side. Shared by Medium itself and by the model Hard sets its traps for,
 * so that the model is Medium exactly. */
static inline unsigned
ttt_medium_cells (const TttBoard *board)
{
  bool x_to_move = ttt_popcount (board->x) == ttt_popcount (board->o);
  unsigned mine = x_to_move ? board->x : board->o;
  unsigned theirs = x_to_move ? board->o : board->x;
  unsigned empty = ttt_board_empty (board);
  unsigned cells;

  if ((cells = ttt_lines_threats (mine, empty)) != 0)
    return cells;
  if ((cells = ttt_lines_threats (theirs, empty)) != 0)
    return cells;
  if (empty & TTT_CENTRE)
    return TTT_CENTRE;
  if ((cells = empty & TTT_CORNERS) != 0)
    return cells;

  return empty & TTT_SIDES;
}

bool     ttt_board_is_valid (const TttBoard *board);

/* The whole game, solved by memoised negamax from the empty board.
 * @scores receives ttt_solver_score() of every encoding (or
 * TTT_SCORE_UNREACHABLE), @best the mask of best cells to play.
 * Used at build time by the table generator and by the benchmark. */
void     ttt_solve_all      (int8_t   scores[TTT_N_CODES],
                             uint16_t best[TTT_N_CODES]);
/* The same for Misère (ttt-misere.h), on the same scale: the side to
 * move on a board with a line has won (+TTT_SCORE_MAX), since the line is
 * the last mover's and loses. */
void     ttt_solve_misere   (int8_t   scores[TTT_N_CODES],
                             uint16_t best[TTT_N_CODES]);

/* Hard's traps: among the best cells, those a model of a fallible opponent
 * is most likely to answer badly (the model is described in ttt-solve.c).
 * From the @scores and @best of ttt_solve_all(), @traps receives the cells
 * Hard plays (0 for a finished or unreachable board) and @values what the
 * side to move, playing as Hard, can expect against the model: +1 a win,
 * 0 a draw, −1 a loss, in units of 1 / ttt_trap_unit (empty cells); 0 where
 * unreachable. Used at build time by the generator, and by the tests. */
void     ttt_solve_traps    (const int8_t   scores[TTT_N_CODES],
                             const uint16_t best[TTT_N_CODES],
                             uint16_t       traps[TTT_N_CODES],
                             int64_t        values[TTT_N_CODES]);

/* Each move of the model has a probability that is a whole number of
 * 1/5040ths: 5040 = 2 × lcm (1, …, 9), half of 1/n for one of n empty cells
 * plus half of 1/k for one of Medium's k cells. A value with Hard to move
 * on @n_empty cells, the model having at most n_empty / 2 moves left, is
 * therefore exact in units of 5040^−(n_empty / 2): at most 5040⁴ (6.5e14)
 * per whole game, well within int64_t, and two moves worth the same tie
 * exactly. */
#define TTT_TRAP_WEIGHT 5040

static inline int64_t
ttt_trap_unit (int n_empty)
{
  int64_t unit = 1;

  for (int i = 0; i < n_empty / 2; i++)
    unit *= TTT_TRAP_WEIGHT;

  return unit;
}

/* Computed at build time (ttt-tables.c, written by ttt-gen-tables). */
extern const uint16_t ttt_ternary_table[512];
/* Per 9-bit mask of one player's marks: the cells of its completed lines
 * (ttt_lines_completed()), so a win is one lookup. */
extern const uint16_t ttt_line_table[512];
/* Per 9-bit mask and k below its number of cells: the k-th cell, lowest
 * first, so picking a random cell needs no loop. */
extern const uint8_t  ttt_select_table[512][9];
extern const int8_t   ttt_score_table[TTT_N_CODES];
extern const uint16_t ttt_best_table[TTT_N_CODES];
extern const uint16_t ttt_trap_table[TTT_N_CODES];
/* Misère's solution, as ttt_solve_misere() gives it. */
extern const int8_t   ttt_misere_score_table[TTT_N_CODES];
extern const uint16_t ttt_misere_best_table[TTT_N_CODES];

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

/* SplitMix64's step, inline for the playouts; ttt_rng_next() is this. */
static inline uint64_t
ttt_rng_step (uint64_t *state)
{
  uint64_t z;

  *state += UINT64_C (0x9e3779b97f4a7c15);
  z = *state;
  z = (z ^ (z >> 30)) * UINT64_C (0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C (0x94d049bb133111eb);

  return z ^ (z >> 31);
}

unsigned ttt_rng_below     (uint64_t *state,
                            unsigned  n);
int      ttt_rng_pick_cell (uint64_t *state,
                            unsigned  mask);
