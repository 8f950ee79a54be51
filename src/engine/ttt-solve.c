/* ttt-solve.c — solving the whole game once
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * There are only 5,478 positions, so the game is solved outright by negamax
 * with a table of every encoding; each position is searched once. Hard's
 * traps are then solved the same way, by an expectimax over that solution.
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
       bool      misere,
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
      /* The last move made a line: in the classic game it won, so the
       * side to move has lost; in Misère it lost, so that side has won. */
      best_score = misere ? TTT_SCORE_MAX : -TTT_SCORE_MAX;
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

          score = negate_and_age (solve (child, code + digit * powers_of_three[i], misere, scores, best));
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

  solve (empty, 0, false, scores, best);
}

/* Misère is played on the same board by the same moves and stops at the
 * same first line, so it reaches the same positions; only who the line
 * counts against differs, at the leaves, and the negamax does the rest. */
void
ttt_solve_misere (int8_t   scores[TTT_N_CODES],
                  uint16_t best[TTT_N_CODES])
{
  TttBoard empty = { 0, 0 };

  memset (scores, TTT_SCORE_UNREACHABLE, TTT_N_CODES * sizeof scores[0]);
  memset (best, 0, TTT_N_CODES * sizeof best[0]);

  solve (empty, 0, true, scores, best);
}

/* Traps
 *
 * Hard never leaves the solution: it plays only cells of the best mask, so
 * it never loses a game it can draw, wins as fast as it can and loses as
 * slowly as it can. Between those cells perfect play cannot choose, but a
 * fallible opponent can: some cells leave it more ways to go wrong. Hard
 * picks those, for a model of the opponent that at each of its moves
 * plays with probability ½ a uniformly random empty cell (careless play,
 * like Easy) and with probability ½ like Medium, uniformly among the cells
 * ttt_medium_cells() allows (rule play that misses forks). A model of
 * either kind alone serves the other badly: tuned to random play alone,
 * Hard as X never beats Medium; tuned to Medium alone, Hard as O beats
 * random play 74 % of the time where 91.6 % can be had. The blend is
 * within 0.6 of a point of the most a never-losing player can win against
 * each (the benchmark prints both).
 *
 * A finished game is worth +1 to Hard when it won, 0 drawn, −1 lost; a
 * cell is worth the average over the model's replies, a position the best
 * of its cells. Where Hard cannot lose, that is its chance of winning.
 * Values are exact integers (see TTT_TRAP_WEIGHT), so cells worth the
 * same are kept together and Hard still chooses among them at random. */

/* Not yet computed: below any value, which is at least −5040⁴. */
#define TRAP_UNKNOWN INT64_MIN

typedef struct
{
  const uint16_t *best;
  uint16_t       *traps;
  int64_t        *values;
} Traps;

static int64_t trap_value (const Traps *t,
                           TttBoard     board,
                           unsigned     code);

/* The child of @board, and of its @code, where the side to move plays @cell. */
static TttBoard
trap_play (TttBoard  board,
           unsigned  code,
           int       cell,
           unsigned *child_code)
{
  if (ttt_popcount (board.x) == ttt_popcount (board.o))
    {
      board.x |= TTT_CELL (cell);
      *child_code = code + powers_of_three[cell];
    }
  else
    {
      board.o |= TTT_CELL (cell);
      *child_code = code + 2u * powers_of_three[cell];
    }

  return board;
}

/* Hard has just moved to @board; the model replies. In units of
 * 1 / ttt_trap_unit (empty cells + 1), those of the position Hard moved from. */
static int64_t
trap_reply_value (const Traps *t,
                  TttBoard     board,
                  unsigned     code)
{
  unsigned empty = ttt_board_empty (&board);
  int n_empty = ttt_popcount (empty);
  unsigned medium;
  int64_t per_empty;
  int64_t per_medium;
  int64_t sum = 0;

  if (ttt_lines_completed (board.x) || ttt_lines_completed (board.o))
    return ttt_trap_unit (n_empty + 1);
  if (empty == 0)
    return 0;

  medium = ttt_medium_cells (&board);
  per_empty = TTT_TRAP_WEIGHT / 2 / n_empty;
  per_medium = TTT_TRAP_WEIGHT / 2 / ttt_popcount (medium);

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (empty & TTT_CELL (i))
      {
        int64_t weight = per_empty + ((medium & TTT_CELL (i)) ? per_medium : 0);
        unsigned child_code;
        TttBoard child = trap_play (board, code, i, &child_code);

        sum += weight * trap_value (t, child, child_code);
      }

  return sum;
}

/* Hard to move on @board. In units of 1 / ttt_trap_unit (empty cells). */
static int64_t
trap_value (const Traps *t,
            TttBoard     board,
            unsigned     code)
{
  unsigned best = t->best[code];
  unsigned cells = 0;
  int64_t value = TRAP_UNKNOWN;

  if (t->values[code] != TRAP_UNKNOWN)
    return t->values[code];

  if (ttt_lines_completed (board.x) || ttt_lines_completed (board.o))
    value = -ttt_trap_unit (ttt_popcount (ttt_board_empty (&board)));
  else if (best == 0)
    value = 0;

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (best & TTT_CELL (i))
      {
        unsigned child_code;
        TttBoard child = trap_play (board, code, i, &child_code);
        int64_t reply = trap_reply_value (t, child, child_code);

        if (reply > value)
          {
            value = reply;
            cells = TTT_CELL (i);
          }
        else if (reply == value)
          {
            cells |= TTT_CELL (i);
          }
      }

  t->traps[code] = (uint16_t) cells;
  t->values[code] = value;

  return value;
}

static TttBoard
decode (unsigned code)
{
  TttBoard board = { 0, 0 };

  for (int i = 0; i < TTT_N_CELLS; i++, code /= 3)
    {
      if (code % 3 == 1)
        board.x |= (uint16_t) TTT_CELL (i);
      else if (code % 3 == 2)
        board.o |= (uint16_t) TTT_CELL (i);
    }

  return board;
}

void
ttt_solve_traps (const int8_t   scores[TTT_N_CODES],
                 const uint16_t best[TTT_N_CODES],
                 uint16_t       traps[TTT_N_CODES],
                 int64_t        values[TTT_N_CODES])
{
  Traps t = { best, traps, values };

  memset (traps, 0, TTT_N_CODES * sizeof traps[0]);
  for (unsigned code = 0; code < TTT_N_CODES; code++)
    values[code] = TRAP_UNKNOWN;

  /* Every reachable board, as the side to move would meet it as Hard. */
  for (unsigned code = 0; code < TTT_N_CODES; code++)
    if (scores[code] != TTT_SCORE_UNREACHABLE)
      trap_value (&t, decode (code), code);

  for (unsigned code = 0; code < TTT_N_CODES; code++)
    if (values[code] == TRAP_UNKNOWN)
      values[code] = 0;
}
