/* ttt-ultimate-private.h — the Ultimate rules the engine's files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The unchecked moves the search plays by the million: each is a few
 * masks and one table lookup, and trusts its caller that the position is
 * consistent and the move legal.
 */

#pragma once

#include "ttt-engine-private.h"
#include "ttt-ultimate.h"

static inline bool
ttt_ult_is_over (const TttUltimate *pos)
{
  return ttt_line_table[pos->x_won] != 0 || ttt_line_table[pos->o_won] != 0 ||
         pos->closed == TTT_ALL_CELLS;
}

static inline unsigned
ttt_ult_empty (const TttUltimate *pos,
               int                board)
{
  return TTT_ALL_CELLS & ~(unsigned) (pos->x[board] | pos->o[board]);
}

/* The boards the side to move may play in, as a mask; 0 once over. */
static inline unsigned
ttt_ult_boards_in_play (const TttUltimate *pos)
{
  if (ttt_ult_is_over (pos))
    return 0;
  if (pos->next != TTT_ULTIMATE_ANY)
    return TTT_CELL (pos->next);

  return TTT_ALL_CELLS & ~(unsigned) pos->closed;
}

/* Plays cell @cell of board @board, empty and in play, for the side to
 * move. Returns true when the move ends the game (won or drawn); then
 * next is TTT_ULTIMATE_ANY. */
static inline bool
ttt_ult_play_unchecked (TttUltimate *pos,
                        int          board,
                        int          cell)
{
  unsigned board_bit = TTT_CELL (board);
  uint16_t *mine = pos->turn == TTT_MARK_X ? pos->x : pos->o;
  uint16_t *won = pos->turn == TTT_MARK_X ? &pos->x_won : &pos->o_won;
  unsigned marks = mine[board] | TTT_CELL (cell);
  bool over = false;

  mine[board] = (uint16_t) marks;
  if (ttt_line_table[marks] != 0)
    {
      *won = (uint16_t) (*won | board_bit);
      pos->closed = (uint16_t) (pos->closed | board_bit);
      over = ttt_line_table[*won] != 0;
    }
  else if ((marks | pos->x[board] | pos->o[board]) == TTT_ALL_CELLS)
    pos->closed = (uint16_t) (pos->closed | board_bit);

  over = over || pos->closed == TTT_ALL_CELLS;
  pos->turn = pos->turn == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
  pos->next = (int8_t) (over || (pos->closed & TTT_CELL (cell)) ? TTT_ULTIMATE_ANY : cell);

  return over;
}

/* Uniform in [0, n) from one draw, n ≤ 81: the bias of a multiply-shift
 * (below n / 2³²) does not matter to a playout and saves a division. */
static inline unsigned
ttt_ult_random_below (uint64_t *rng,
                      unsigned  n)
{
  return (unsigned) (((ttt_rng_step (rng) >> 32) * n) >> 32);
}

/* A random legal move: every legal cell equally likely. The game must not
 * be over. */
static inline void
ttt_ult_random_move (const TttUltimate *pos,
                     uint64_t          *rng,
                     int               *board,
                     int               *cell)
{
  unsigned empty;
  unsigned k;

  if (pos->next != TTT_ULTIMATE_ANY)
    {
      *board = pos->next;
      empty = ttt_ult_empty (pos, *board);
      k = ttt_ult_random_below (rng, (unsigned) ttt_popcount (empty));
    }
  else
    {
      unsigned open = TTT_ALL_CELLS & ~(unsigned) pos->closed;
      unsigned total = 0;
      int b;

      for (unsigned m = open; m != 0; m &= m - 1)
        total += (unsigned) ttt_popcount (ttt_ult_empty (pos, __builtin_ctz (m)));

      k = ttt_ult_random_below (rng, total);
      for (unsigned m = open;; m &= m - 1)
        {
          unsigned n;

          b = __builtin_ctz (m);
          n = (unsigned) ttt_popcount (ttt_ult_empty (pos, b));
          if (k < n)
            break;
          k -= n;
        }
      *board = b;
      empty = ttt_ult_empty (pos, b);
    }

  *cell = ttt_select_table[empty][k];
}

bool ttt_ult_consistent (const TttUltimate *pos);

/* The eight symmetries of the square (0 the identity, 1–3 the rotations,
 * 4–7 the reflections) act on the 3 × 3 of small boards and, the same
 * way, on the cells inside each: so on the whole grid, and on the board
 * the side to move is sent to. */
/* The symmetries that leave @pos as it is, bit s for symmetry s (bit 0,
 * the identity, always). */
unsigned ttt_ult_symmetries     (const TttUltimate *pos);
/* Move @move under symmetry @symmetry. */
int      ttt_ult_symmetric_move (int                symmetry,
                                 int                move);
