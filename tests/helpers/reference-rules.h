/* reference-rules.h — the rules of tic-tac-toe once more, for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the tests check the engine against, written apart from it so that
 * a mistake shared by both cannot hide: lines are cell triples, not the
 * engine's named masks; reachability is the textbook rule; the game is
 * solved by a plain minimax with a ply count, not by the engine's negamax
 * tables; Medium's rules are read from their description. Only the
 * engine's public types are used.
 *
 * Plain C on libc, like the engine, so the fuzz target and the benchmark
 * can use it too; every function is static inline, so a test pays only
 * for what it calls.
 */

#pragma once

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

#include "ttt-engine.h"

#define REF_ALL     0x1ffu
#define REF_CENTRE  (1u << 4)
#define REF_CORNERS ((1u << 0) | (1u << 2) | (1u << 6) | (1u << 8))
#define REF_SIDES   ((1u << 1) | (1u << 3) | (1u << 5) | (1u << 7))
#define REF_N_LINES 8
/* 3⁹: every way of putting nothing, X or O on each cell. */
#define REF_N_CODES 19683

/* Cell @i (0–2) of line @line (0–7): rows, columns, then the diagonals. */
static inline int
ref_line_cell (int line,
               int i)
{
  static const int lines[REF_N_LINES][3] = {
    { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
    { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
    { 0, 4, 8 }, { 2, 4, 6 },
  };

  return lines[line][i];
}

static inline unsigned
ref_line_mask (int line)
{
  return (1u << ref_line_cell (line, 0)) | (1u << ref_line_cell (line, 1)) | (1u << ref_line_cell (line, 2));
}

static inline int
ref_count (unsigned mask)
{
  int n = 0;

  for (; mask != 0; mask &= mask - 1)
    n++;

  return n;
}

/* Cells of every line that @marks fills completely. */
static inline unsigned
ref_completed (unsigned marks)
{
  unsigned cells = 0;

  for (int i = 0; i < REF_N_LINES; i++)
    if ((marks & ref_line_mask (i)) == ref_line_mask (i))
      cells |= ref_line_mask (i);

  return cells;
}

/* Cells among @empty where @marks would complete a line: the one cell of
 * a line that @marks holds two of. */
static inline unsigned
ref_threats (unsigned marks,
             unsigned empty)
{
  unsigned cells = 0;

  for (int i = 0; i < REF_N_LINES; i++)
    {
      unsigned gap = ref_line_mask (i) & ~marks;

      if (ref_count (gap) == 1 && (gap & empty) != 0)
        cells |= gap;
    }

  return cells;
}

static inline unsigned
ref_empty (const TttBoard *board)
{
  return REF_ALL & ~(unsigned) (board->x | board->o);
}

static inline bool
ref_x_to_move (const TttBoard *board)
{
  return ref_count (board->x) == ref_count (board->o);
}

static inline unsigned
ref_mine (const TttBoard *board)
{
  return ref_x_to_move (board) ? board->x : board->o;
}

static inline unsigned
ref_theirs (const TttBoard *board)
{
  return ref_x_to_move (board) ? board->o : board->x;
}

static inline bool
ref_finished (const TttBoard *board)
{
  return ref_completed (board->x) != 0 || ref_completed (board->o) != 0 || ref_empty (board) == 0;
}

/* Whether a game from the empty board can reach @board: X moves first and
 * play stops at the first line, so the winner made the last move. */
static inline bool
ref_is_valid (const TttBoard *board)
{
  unsigned x = board->x, o = board->o;
  int n_x = ref_count (x), n_o = ref_count (o);
  bool x_line = ref_completed (x) != 0;
  bool o_line = ref_completed (o) != 0;

  if (((x | o) & ~REF_ALL) != 0 || (x & o) != 0)
    return false;
  if (n_x != n_o && n_x != n_o + 1)
    return false;
  if (x_line && (o_line || n_x != n_o + 1))
    return false;
  if (o_line && n_x != n_o)
    return false;

  return true;
}

/* Only for a valid board. */
static inline TttOutcome
ref_outcome (const TttBoard *board)
{
  if (ref_completed (board->x) != 0)
    return TTT_OUTCOME_X_WINS;
  if (ref_completed (board->o) != 0)
    return TTT_OUTCOME_O_WINS;
  if (ref_empty (board) == 0)
    return TTT_OUTCOME_DRAW;

  return TTT_OUTCOME_ONGOING;
}

/* The base-3 number of @board, cell 0 the lowest digit: 0 empty, 1 X, 2 O. */
static inline unsigned
ref_code (const TttBoard *board)
{
  unsigned code = 0;

  for (int i = TTT_N_CELLS - 1; i >= 0; i--)
    code = code * 3 + ((board->x >> i) & 1u) + 2 * ((board->o >> i) & 1u);

  return code;
}

static inline TttBoard
ref_decode (unsigned code)
{
  TttBoard board = { 0, 0 };

  for (int i = 0; i < TTT_N_CELLS; i++, code /= 3)
    {
      if (code % 3 == 1)
        board.x |= (uint16_t) (1u << i);
      else if (code % 3 == 2)
        board.o |= (uint16_t) (1u << i);
    }

  return board;
}

/* @board with @cell played by the side to move; nothing is checked. */
static inline TttBoard
ref_play (const TttBoard *board,
          int             cell)
{
  TttBoard child = *board;

  if (ref_x_to_move (board))
    child.x |= (uint16_t) (1u << cell);
  else
    child.o |= (uint16_t) (1u << cell);

  return child;
}

/* "XO./.X./..O", for messages. */
static inline const char *
ref_format (const TttBoard *board,
            char            out[12])
{
  int k = 0;

  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      if (i == 3 || i == 6)
        out[k++] = '/';
      out[k++] = (board->x & (1u << i)) ? 'X' : (board->o & (1u << i)) ? 'O' : '.';
    }
  out[k] = '\0';

  return out;
}

/* The cells Medium's rules allow: a win, else a block, else the centre,
 * else a corner, else a side. @rule (may be NULL) gets which one, 0–4. */
static inline unsigned
ref_medium_cells (const TttBoard *board,
                  int            *rule)
{
  unsigned empty = ref_empty (board);
  unsigned cells;
  int which;

  if ((cells = ref_threats (ref_mine (board), empty)) != 0)
    which = 0;
  else if ((cells = ref_threats (ref_theirs (board), empty)) != 0)
    which = 1;
  else if ((cells = empty & REF_CENTRE) != 0)
    which = 2;
  else if ((cells = empty & REF_CORNERS) != 0)
    which = 3;
  else
    {
      which = 4;
      cells = empty;
    }

  if (rule != NULL)
    *rule = which;

  return cells;
}

/* Textbook minimax with the ply count from the root: the value for the
 * side to move at the root is 10 − n for a win n plies away and n − 10 for
 * a loss, on the engine's scale (TTT_SCORE_MAX is 10). */
static inline int
ref_minimax (unsigned x,
             unsigned o,
             bool     root_is_x,
             int      ply)
{
  bool x_to_move = ref_count (x) == ref_count (o);
  bool maximise = x_to_move == root_is_x;
  int best = maximise ? INT_MIN : INT_MAX;

  if (ref_completed (x))
    return root_is_x ? TTT_SCORE_MAX - ply : ply - TTT_SCORE_MAX;
  if (ref_completed (o))
    return root_is_x ? ply - TTT_SCORE_MAX : TTT_SCORE_MAX - ply;
  if ((x | o) == REF_ALL)
    return 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      int value;

      if ((x | o) & (1u << cell))
        continue;

      if (x_to_move)
        value = ref_minimax (x | (1u << cell), o, root_is_x, ply + 1);
      else
        value = ref_minimax (x, o | (1u << cell), root_is_x, ply + 1);

      if (maximise ? value > best : value < best)
        best = value;
    }

  return best;
}

/* ref_minimax() from @board, which must be valid, for the side to move;
 * remembered per position, since the tests ask again and again. */
static inline int
ref_score (const TttBoard *board)
{
  static signed char scores[REF_N_CODES];
  static bool known[REF_N_CODES];
  unsigned code = ref_code (board);

  if (!known[code])
    {
      scores[code] = (signed char) ref_minimax (board->x, board->o, ref_x_to_move (board), 0);
      known[code] = true;
    }

  return scores[code];
}

/* The value of a move for the side making it, from the score of the
 * position it leads to (seen by the opponent): negated, and one ply
 * further from the end, so a win is worth less and a loss costs less the
 * later it comes. */
static inline int
ref_parent_value (int child_score)
{
  if (child_score > 0)
    return -child_score + 1;
  if (child_score < 0)
    return -child_score - 1;

  return 0;
}

/* The outcome class of a score: 1 a win, 0 a draw, −1 a loss. */
static inline int
ref_class (int score)
{
  return (score > 0) - (score < 0);
}

/* The empty cells of @board whose move keeps its score: what perfect play
 * chooses among. 0 once the game is over. */
static inline unsigned
ref_best_moves (const TttBoard *board)
{
  unsigned best = 0;

  if (ref_finished (board))
    return 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ref_empty (board) & (1u << cell))
      {
        TttBoard child = ref_play (board, cell);

        if (ref_parent_value (ref_score (&child)) == ref_score (board))
          best |= 1u << cell;
      }

  return best;
}

/* The review of playing @cell, empty, on @before, valid and not finished,
 * read from the definitions in ttt-engine.h: each field in the order the
 * header gives, the first that applies. */
static inline TttReview
ref_review (const TttBoard *before,
            int             cell)
{
  unsigned move = 1u << cell;
  unsigned mine = ref_mine (before) | move;
  unsigned theirs = ref_theirs (before);
  unsigned empty = ref_empty (before) & ~move;
  unsigned wins_before = ref_threats (ref_mine (before), ref_empty (before));
  unsigned blocks_before = ref_threats (theirs, ref_empty (before));
  int n_threats = ref_count (ref_threats (mine, empty));
  TttBoard after = ref_play (before, cell);
  TttReview review;

  review.score = -ref_score (&after);
  review.best = ref_best_moves (before);
  review.grade = (TttGrade) (ref_class (ref_score (before)) - ref_class (review.score));

  if (ref_completed (mine) != 0)
    review.motive = TTT_MOTIVE_WIN;
  else if (blocks_before & move)
    review.motive = TTT_MOTIVE_BLOCK;
  else if (n_threats >= 2)
    review.motive = TTT_MOTIVE_FORK;
  else if (n_threats == 1)
    review.motive = TTT_MOTIVE_THREAT;
  else if (move & REF_CENTRE)
    review.motive = TTT_MOTIVE_CENTRE;
  else if (move & REF_CORNERS)
    review.motive = TTT_MOTIVE_CORNER;
  else
    review.motive = TTT_MOTIVE_SIDE;

  if (review.grade == TTT_GRADE_BEST)
    review.fault = TTT_FAULT_NONE;
  else if (wins_before != 0)
    review.fault = TTT_FAULT_MISSED_WIN;
  else if (blocks_before != 0 && !(blocks_before & move))
    review.fault = TTT_FAULT_MISSED_BLOCK;
  else
    {
      unsigned replies = ref_best_moves (&after);

      review.fault = TTT_FAULT_WEAKER;
      for (int reply = 0; reply < TTT_N_CELLS; reply++)
        if ((replies & (1u << reply)) &&
            ref_count (ref_threats (theirs | (1u << reply), empty & ~(1u << reply))) >= 2)
          review.fault = TTT_FAULT_ALLOWS_FORK;
    }

  return review;
}
