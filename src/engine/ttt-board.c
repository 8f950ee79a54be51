/* ttt-board.c — the rules
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stddef.h>

#include "ttt-engine-private.h"

void
ttt_board_clear (TttBoard *board)
{
  if (board == NULL)
    return;

  board->x = 0;
  board->o = 0;
}

/* The outcome of @board, or TTT_OUTCOME_INVALID unless a game played from
 * the empty board can reach it; and whether X would move next. Every rule
 * asks this first, so it counts and scans each mask only once. */
static inline TttOutcome
ttt_board_classify (const TttBoard *board,
                    bool           *x_to_move)
{
  unsigned x, o;
  int lead;

  if (board == NULL)
    return TTT_OUTCOME_INVALID;

  x = board->x;
  o = board->o;
  if (((x | o) & ~TTT_ALL_CELLS) != 0 || (x & o) != 0)
    return TTT_OUTCOME_INVALID;

  /* X moves first: it has as many marks as O, or one more. */
  lead = ttt_popcount (x) - ttt_popcount (o);
  if (lead != 0 && lead != 1)
    return TTT_OUTCOME_INVALID;
  *x_to_move = lead == 0;

  /* The game stops at the first line, so the winner made the last move and
   * the loser has none. */
  if (ttt_lines_completed (x) != 0)
    return ttt_lines_completed (o) == 0 && lead == 1 ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_INVALID;
  if (ttt_lines_completed (o) != 0)
    return lead == 0 ? TTT_OUTCOME_O_WINS : TTT_OUTCOME_INVALID;
  if ((x | o) == TTT_ALL_CELLS)
    return TTT_OUTCOME_DRAW;

  return TTT_OUTCOME_ONGOING;
}

/* Whether a game played from the empty board can reach @board. */
bool
ttt_board_is_valid (const TttBoard *board)
{
  bool x_to_move;

  return ttt_board_classify (board, &x_to_move) != TTT_OUTCOME_INVALID;
}

TttStatus
ttt_board_parse (TttBoard   *board,
                 const char *text)
{
  TttBoard parsed = { 0, 0 };
  int cell = 0;

  if (board == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;
  if (text == NULL)
    return TTT_ERROR_INVALID_TEXT;

  for (const char *p = text; *p != '\0'; p++)
    {
      if (*p == '/' || *p == ' ')
        continue;
      if (cell == TTT_N_CELLS)
        return TTT_ERROR_INVALID_TEXT;

      switch (*p)
        {
        case 'X':
          parsed.x |= TTT_CELL (cell);
          break;
        case 'O':
          parsed.o |= TTT_CELL (cell);
          break;
        case '.':
          break;
        default:
          return TTT_ERROR_INVALID_TEXT;
        }
      cell++;
    }

  if (cell != TTT_N_CELLS || !ttt_board_is_valid (&parsed))
    return TTT_ERROR_INVALID_TEXT;

  *board = parsed;
  return TTT_OK;
}

void
ttt_board_format (const TttBoard *board,
                  char            out[10])
{
  if (out == NULL)
    return;

  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      switch (ttt_board_get (board, i))
        {
        case TTT_MARK_X:
          out[i] = 'X';
          break;
        case TTT_MARK_O:
          out[i] = 'O';
          break;
        case TTT_MARK_NONE:
        default:
          out[i] = '.';
          break;
        }
    }
  out[TTT_N_CELLS] = '\0';
}

/* Returns TTT_MARK_NONE for a cell out of range. */
TttMark
ttt_board_get (const TttBoard *board,
               int             cell)
{
  if (board == NULL || cell < 0 || cell >= TTT_N_CELLS)
    return TTT_MARK_NONE;

  if (board->x & TTT_CELL (cell))
    return TTT_MARK_X;
  if (board->o & TTT_CELL (cell))
    return TTT_MARK_O;

  return TTT_MARK_NONE;
}

int
ttt_board_n_moves (const TttBoard *board)
{
  if (board == NULL)
    return 0;

  return ttt_popcount (board->x | board->o);
}

TttOutcome
ttt_board_outcome (const TttBoard *board)
{
  bool x_to_move;

  return ttt_board_classify (board, &x_to_move);
}

/* TTT_MARK_NONE once the game is over, and for a board no game reaches. */
TttMark
ttt_board_turn (const TttBoard *board)
{
  bool x_to_move;

  if (ttt_board_classify (board, &x_to_move) != TTT_OUTCOME_ONGOING)
    return TTT_MARK_NONE;

  return x_to_move ? TTT_MARK_X : TTT_MARK_O;
}

TttStatus
ttt_board_play (TttBoard *board,
                int       cell)
{
  bool x_to_move;
  TttOutcome outcome = ttt_board_classify (board, &x_to_move);
  uint16_t mask;

  /* The board is checked before the cell: no move, however well chosen,
   * makes sense on a board that no game reaches. */
  if (outcome == TTT_OUTCOME_INVALID)
    return TTT_ERROR_INVALID_ARGUMENT;
  if (cell < 0 || cell >= TTT_N_CELLS)
    return TTT_ERROR_OUT_OF_RANGE;
  if (outcome != TTT_OUTCOME_ONGOING)
    return TTT_ERROR_GAME_OVER;

  mask = (uint16_t) TTT_CELL (cell);
  if (((board->x | board->o) & mask) != 0)
    return TTT_ERROR_OCCUPIED;

  if (x_to_move)
    board->x |= mask;
  else
    board->o |= mask;

  return TTT_OK;
}

unsigned
ttt_board_winning_cells (const TttBoard *board)
{
  bool x_to_move;
  TttOutcome outcome = ttt_board_classify (board, &x_to_move);

  if (outcome != TTT_OUTCOME_X_WINS && outcome != TTT_OUTCOME_O_WINS)
    return 0;

  return ttt_lines_completed (board->x) | ttt_lines_completed (board->o);
}

/* The first line (rows top to bottom, columns left to right, then the
 * diagonal from the top left and the one from the top right) whose three
 * cells are all in @cells, as a mask; 0 if there is none. Of winning
 * cells that hold two lines, it is the one a view draws. */
unsigned
ttt_line_within (unsigned cells)
{
  for (int i = 0; i < TTT_N_LINES; i++)
    if ((cells & ttt_lines[i]) == ttt_lines[i])
      return ttt_lines[i];

  return 0;
}

/* Every line whose three cells are all in @cells, in ttt_line_within()'s
 * order: a last move can complete two at once (a row and a column, or
 * both diagonals), and a view draws each. Writes their masks to @lines
 * unless it is NULL and returns how many there are. */
int
ttt_lines_within (unsigned cells,
                  unsigned lines[TTT_N_BOARD_LINES])
{
  int n = 0;

  for (int i = 0; i < TTT_N_LINES; i++)
    if ((cells & ttt_lines[i]) == ttt_lines[i])
      {
        if (lines != NULL)
          lines[n] = ttt_lines[i];
        n++;
      }

  return n;
}

const char *
ttt_status_to_string (TttStatus status)
{
  switch (status)
    {
    case TTT_OK:
      return "ok";
    case TTT_ERROR_OUT_OF_RANGE:
      return "cell out of range";
    case TTT_ERROR_OCCUPIED:
      return "cell occupied";
    case TTT_ERROR_GAME_OVER:
      return "game already over";
    case TTT_ERROR_INVALID_TEXT:
      return "invalid board text";
    case TTT_ERROR_INVALID_ARGUMENT:
      return "invalid argument";
    case TTT_ERROR_INVALID_MOVE:
      return "move outside the boards in play";
    default:
      return "unknown status";
    }
}
