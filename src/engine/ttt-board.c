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

/* Whether a game played from the empty board can reach @board. */
bool
ttt_board_is_valid (const TttBoard *board)
{
  int n_x, n_o;
  bool x_line, o_line;

  if ((board->x | board->o) & ~TTT_ALL_CELLS)
    return false;
  if (board->x & board->o)
    return false;

  n_x = ttt_popcount (board->x);
  n_o = ttt_popcount (board->o);
  if (n_x != n_o && n_x != n_o + 1)
    return false;

  x_line = ttt_lines_completed (board->x) != 0;
  o_line = ttt_lines_completed (board->o) != 0;

  /* The game stops at the first line, so the winner made the last move. */
  if (x_line && o_line)
    return false;
  if (x_line && n_x != n_o + 1)
    return false;
  if (o_line && n_x != n_o)
    return false;

  return true;
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
  if (board == NULL)
    return TTT_OUTCOME_ONGOING;

  if (ttt_lines_completed (board->x))
    return TTT_OUTCOME_X_WINS;
  if (ttt_lines_completed (board->o))
    return TTT_OUTCOME_O_WINS;
  if ((board->x | board->o) == TTT_ALL_CELLS)
    return TTT_OUTCOME_DRAW;

  return TTT_OUTCOME_ONGOING;
}

/* TTT_MARK_NONE once the game is over. */
TttMark
ttt_board_turn (const TttBoard *board)
{
  if (ttt_board_outcome (board) != TTT_OUTCOME_ONGOING || board == NULL)
    return TTT_MARK_NONE;

  return ttt_popcount (board->x) == ttt_popcount (board->o) ? TTT_MARK_X : TTT_MARK_O;
}

TttStatus
ttt_board_play (TttBoard *board,
                int       cell)
{
  TttMark turn;

  if (board == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;
  if (cell < 0 || cell >= TTT_N_CELLS)
    return TTT_ERROR_OUT_OF_RANGE;

  turn = ttt_board_turn (board);
  if (turn == TTT_MARK_NONE)
    return TTT_ERROR_GAME_OVER;
  if (ttt_board_get (board, cell) != TTT_MARK_NONE)
    return TTT_ERROR_OCCUPIED;

  if (turn == TTT_MARK_X)
    board->x |= TTT_CELL (cell);
  else
    board->o |= TTT_CELL (cell);

  return TTT_OK;
}

unsigned
ttt_board_winning_cells (const TttBoard *board)
{
  if (board == NULL)
    return 0;

  return ttt_lines_completed (board->x) | ttt_lines_completed (board->o);
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
    default:
      return "unknown status";
    }
}
