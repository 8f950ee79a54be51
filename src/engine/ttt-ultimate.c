/* ttt-ultimate.c — the rules of Ultimate Tic-Tac-Toe and its notation
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <stddef.h>
#include <string.h>

#include "ttt-ultimate-private.h"

void
ttt_ultimate_clear (TttUltimate *pos)
{
  if (pos == NULL)
    return;

  memset (pos, 0, sizeof *pos);
  pos->next = TTT_ULTIMATE_ANY;
  pos->turn = TTT_MARK_X;
}

/* Every field recomputed from the marks and compared, so that a position
 * put together by hand gets no further than this. */
bool
ttt_ult_consistent (const TttUltimate *pos)
{
  unsigned x_won = 0, o_won = 0, full = 0;
  int n_x = 0, n_o = 0;
  bool x_line, o_line;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    {
      unsigned x = pos->x[b], o = pos->o[b];

      if (((x | o) & ~TTT_ALL_CELLS) != 0 || (x & o) != 0)
        return false;
      n_x += ttt_popcount (x);
      n_o += ttt_popcount (o);
      if (ttt_line_table[x] != 0)
        x_won |= TTT_CELL (b);
      if (ttt_line_table[o] != 0)
        o_won |= TTT_CELL (b);
      if ((x | o) == TTT_ALL_CELLS)
        full |= TTT_CELL (b);
    }

  if ((x_won & o_won) != 0 || pos->x_won != x_won || pos->o_won != o_won ||
      pos->closed != (x_won | o_won | full))
    return false;

  /* X moves first. */
  if (n_x == n_o ? pos->turn != TTT_MARK_X : n_x != n_o + 1 || pos->turn != TTT_MARK_O)
    return false;

  /* The game stops at its first line, so its winner moved last. */
  x_line = ttt_line_table[x_won] != 0;
  o_line = ttt_line_table[o_won] != 0;
  if ((x_line && (o_line || n_x != n_o + 1)) || (o_line && n_x != n_o))
    return false;

  if (pos->next == TTT_ULTIMATE_ANY)
    return true;
  if (pos->next < 0 || pos->next >= TTT_ULTIMATE_N_BOARDS || n_x == 0)
    return false;

  return !ttt_ult_is_over (pos) && (pos->closed & TTT_CELL (pos->next)) == 0;
}

bool
ttt_ultimate_is_consistent (const TttUltimate *pos)
{
  return pos != NULL && ttt_ult_consistent (pos);
}

TttStatus
ttt_ultimate_play (TttUltimate *pos,
                   int          move)
{
  int board, cell;

  if (pos == NULL || !ttt_ult_consistent (pos))
    return TTT_ERROR_INVALID_ARGUMENT;
  if (move < 0 || move >= TTT_ULTIMATE_N_MOVES)
    return TTT_ERROR_OUT_OF_RANGE;
  if (ttt_ult_is_over (pos))
    return TTT_ERROR_GAME_OVER;

  board = move / TTT_N_CELLS;
  cell = move % TTT_N_CELLS;
  if ((ttt_ult_empty (pos, board) & TTT_CELL (cell)) == 0)
    return TTT_ERROR_OCCUPIED;
  if ((ttt_ult_boards_in_play (pos) & TTT_CELL (board)) == 0)
    return TTT_ERROR_INVALID_MOVE;

  ttt_ult_play_unchecked (pos, board, cell);

  return TTT_OK;
}

int
ttt_ultimate_legal_moves (const TttUltimate *pos,
                          TttUltimateMoves  *out)
{
  unsigned boards;
  int n = 0;

  if (pos == NULL || out == NULL || !ttt_ult_consistent (pos))
    return -1;

  boards = ttt_ult_boards_in_play (pos);
  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    {
      unsigned cells = boards & TTT_CELL (b) ? ttt_ult_empty (pos, b) : 0;

      out->cells[b] = (uint16_t) cells;
      n += ttt_popcount (cells);
    }

  return n;
}

bool
ttt_ultimate_is_legal (const TttUltimate *pos,
                       int                move)
{
  TttUltimate copy;

  if (pos == NULL)
    return false;

  copy = *pos;

  return ttt_ultimate_play (&copy, move) == TTT_OK;
}

TttOutcome
ttt_ultimate_outcome (const TttUltimate *pos)
{
  if (pos == NULL || !ttt_ult_consistent (pos))
    return TTT_OUTCOME_INVALID;
  if (ttt_line_table[pos->x_won] != 0)
    return TTT_OUTCOME_X_WINS;
  if (ttt_line_table[pos->o_won] != 0)
    return TTT_OUTCOME_O_WINS;
  if (pos->closed == TTT_ALL_CELLS)
    return TTT_OUTCOME_DRAW;

  return TTT_OUTCOME_ONGOING;
}

TttMark
ttt_ultimate_get (const TttUltimate *pos,
                  int                move)
{
  unsigned bit;

  if (pos == NULL || move < 0 || move >= TTT_ULTIMATE_N_MOVES || !ttt_ult_consistent (pos))
    return TTT_MARK_NONE;

  bit = TTT_CELL (move % TTT_N_CELLS);
  if (pos->x[move / TTT_N_CELLS] & bit)
    return TTT_MARK_X;
  if (pos->o[move / TTT_N_CELLS] & bit)
    return TTT_MARK_O;

  return TTT_MARK_NONE;
}

TttMark
ttt_ultimate_board_winner (const TttUltimate *pos,
                           int                board)
{
  if (pos == NULL || board < 0 || board >= TTT_ULTIMATE_N_BOARDS || !ttt_ult_consistent (pos))
    return TTT_MARK_NONE;
  if (pos->x_won & TTT_CELL (board))
    return TTT_MARK_X;
  if (pos->o_won & TTT_CELL (board))
    return TTT_MARK_O;

  return TTT_MARK_NONE;
}

unsigned
ttt_ultimate_winning_boards (const TttUltimate *pos)
{
  switch (ttt_ultimate_outcome (pos))
    {
    case TTT_OUTCOME_X_WINS:
      return ttt_lines_completed (pos->x_won);
    case TTT_OUTCOME_O_WINS:
      return ttt_lines_completed (pos->o_won);
    default:
      return 0;
    }
}

int
ttt_ultimate_n_moves (const TttUltimate *pos)
{
  int n = 0;

  if (pos == NULL || !ttt_ult_consistent (pos))
    return -1;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    n += ttt_popcount (pos->x[b] | pos->o[b]);

  return n;
}

int
ttt_ultimate_move_at (int row,
                      int col)
{
  if (row < 0 || row >= 9 || col < 0 || col >= 9)
    return -1;

  return ((row / 3) * 3 + col / 3) * TTT_N_CELLS + (row % 3) * 3 + col % 3;
}

int
ttt_ultimate_move_row (int move)
{
  if (move < 0 || move >= TTT_ULTIMATE_N_MOVES)
    return -1;

  return (move / TTT_N_CELLS / 3) * 3 + move % TTT_N_CELLS / 3;
}

int
ttt_ultimate_move_col (int move)
{
  if (move < 0 || move >= TTT_ULTIMATE_N_MOVES)
    return -1;

  return (move / TTT_N_CELLS % 3) * 3 + move % TTT_N_CELLS % 3;
}

/* Symmetry */

/* The eight symmetries of the square on cells 0–8 (row-major): identity,
 * the three rotations, the four reflections. A symmetry of the 9 × 9 grid
 * moves small board b to board perm[b] and cell c in it to cell perm[c]. */
static const uint8_t ttt_symmetry_cell[8][TTT_N_CELLS] = {
  { 0, 1, 2, 3, 4, 5, 6, 7, 8 },
  { 2, 5, 8, 1, 4, 7, 0, 3, 6 },
  { 8, 7, 6, 5, 4, 3, 2, 1, 0 },
  { 6, 3, 0, 7, 4, 1, 8, 5, 2 },
  { 2, 1, 0, 5, 4, 3, 8, 7, 6 },
  { 6, 7, 8, 3, 4, 5, 0, 1, 2 },
  { 0, 3, 6, 1, 4, 7, 2, 5, 8 },
  { 8, 5, 2, 7, 4, 1, 6, 3, 0 },
};

static unsigned
ttt_symmetry_mask (int      symmetry,
                   unsigned mask)
{
  unsigned out = 0;

  for (; mask != 0; mask &= mask - 1)
    out |= TTT_CELL (ttt_symmetry_cell[symmetry][__builtin_ctz (mask)]);

  return out;
}

int
ttt_ult_symmetric_move (int symmetry,
                        int move)
{
  return ttt_symmetry_cell[symmetry][move / TTT_N_CELLS] * TTT_N_CELLS +
         ttt_symmetry_cell[symmetry][move % TTT_N_CELLS];
}

/* Most positions past the opening have no symmetry, and show it at
 * their first marked board. */
unsigned
ttt_ult_symmetries (const TttUltimate *pos)
{
  unsigned found = 1;

  for (int s = 1; s < 8; s++)
    {
      const uint8_t *perm = ttt_symmetry_cell[s];
      bool same = pos->next == TTT_ULTIMATE_ANY || perm[pos->next] == pos->next;

      for (int b = 0; b < TTT_ULTIMATE_N_BOARDS && same; b++)
        same = ttt_symmetry_mask (s, pos->x[b]) == pos->x[perm[b]] &&
               ttt_symmetry_mask (s, pos->o[b]) == pos->o[perm[b]];
      if (same)
        found |= 1u << s;
    }

  return found;
}

bool
ttt_ultimate_moves_symmetric (const TttUltimate *pos,
                              int                a,
                              int                b)
{
  unsigned symmetries;

  if (pos == NULL || !ttt_ult_consistent (pos) || a < 0 || a >= TTT_ULTIMATE_N_MOVES || b < 0 ||
      b >= TTT_ULTIMATE_N_MOVES)
    return false;

  symmetries = ttt_ult_symmetries (pos);
  for (unsigned sm = symmetries; sm != 0; sm &= sm - 1)
    if (ttt_ult_symmetric_move (__builtin_ctz (sm), a) == b)
      return true;

  return false;
}

/* The notation */

/* Whether a won board's marks @marks could have been won by one move:
 * some mark lies on every line of them (play in a board stops when it is
 * won, so two separate lines cannot both be there). */
static bool
ttt_ult_has_winning_move (unsigned marks)
{
  for (unsigned m = marks; m != 0; m &= m - 1)
    if (ttt_line_table[marks & ~(m & -m)] == 0)
      return true;

  return false;
}

/* Whether the mark of the last mover on @cell of @board can have been the
 * last move of @pos (consistent, not empty). */
static bool
ttt_ult_could_be_last (const TttUltimate *pos,
                       int                board,
                       int                cell)
{
  bool last_is_x = pos->turn == TTT_MARK_O;
  unsigned before = (last_is_x ? pos->x[board] : pos->o[board]) & ~TTT_CELL (cell);
  unsigned other = last_is_x ? pos->o[board] : pos->x[board];
  unsigned last_won = (last_is_x ? pos->x_won : pos->o_won) & ~TTT_CELL (board);
  unsigned other_won = last_is_x ? pos->o_won : pos->x_won;

  /* Its board was open, and the game not over. */
  if (ttt_line_table[before] != 0 || ttt_line_table[other] != 0)
    return false;
  if (ttt_line_table[last_won] != 0 || ttt_line_table[other_won] != 0)
    return false;

  if (ttt_ult_is_over (pos))
    return true;
  if (pos->next == TTT_ULTIMATE_ANY)
    return (pos->closed & TTT_CELL (cell)) != 0;

  return pos->next == cell;
}

/* How many moves back the parser checks that a game leads to a position:
 * each step back tries every mark that could have been the last move, with
 * both places the move before could have sent it, so the cost grows as
 * (9 × 2)^depth at worst. */
#define TTT_ULT_CHECK_DEPTH 3

/* Whether @pos, consistent, has a last move that leads there from a
 * position that has one in turn, @depth moves back. */
static bool
ttt_ult_has_history (const TttUltimate *pos,
                     int                depth)
{
  bool last_is_x = pos->turn == TTT_MARK_O;
  const uint16_t *last = last_is_x ? pos->x : pos->o;

  if (depth == 0 || ttt_ultimate_n_moves (pos) == 0)
    return true;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    for (unsigned m = last[b]; m != 0; m &= m - 1)
      {
        int cell = __builtin_ctz (m);
        TttUltimate before = *pos;

        if (!ttt_ult_could_be_last (pos, b, cell))
          continue;

        /* Its board was open before the move, and the game on. */
        if (last_is_x)
          {
            before.x[b] = (uint16_t) (before.x[b] & ~TTT_CELL (cell));
            before.x_won = (uint16_t) (before.x_won & ~TTT_CELL (b));
          }
        else
          {
            before.o[b] = (uint16_t) (before.o[b] & ~TTT_CELL (cell));
            before.o_won = (uint16_t) (before.o_won & ~TTT_CELL (b));
          }
        before.closed = (uint16_t) (before.closed & ~TTT_CELL (b));
        before.turn = last_is_x ? TTT_MARK_X : TTT_MARK_O;

        /* The mover was sent to this board, or to a closed one. */
        before.next = (int8_t) b;
        if (ttt_ult_consistent (&before) && ttt_ult_has_history (&before, depth - 1))
          return true;
        before.next = TTT_ULTIMATE_ANY;
        if (ttt_ult_consistent (&before) && ttt_ult_has_history (&before, depth - 1))
          return true;
      }

  return false;
}

static bool
ttt_ult_reachable (const TttUltimate *pos)
{
  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    if ((pos->x_won & TTT_CELL (b) && !ttt_ult_has_winning_move (pos->x[b])) ||
        (pos->o_won & TTT_CELL (b) && !ttt_ult_has_winning_move (pos->o[b])))
      return false;

  return ttt_ult_has_history (pos, TTT_ULT_CHECK_DEPTH);
}

TttStatus
ttt_ultimate_parse (TttUltimate *pos,
                    const char  *text)
{
  TttUltimate parsed;
  int n_x = 0, n_o = 0;
  const char *p;

  if (pos == NULL || text == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;

  ttt_ultimate_clear (&parsed);
  p = text;
  for (int row = 0; row < 9; row++)
    {
      if (row > 0 && *p++ != '/')
        return TTT_ERROR_INVALID_TEXT;
      for (int col = 0; col < 9; col++, p++)
        {
          int move = ttt_ultimate_move_at (row, col);
          uint16_t bit = (uint16_t) TTT_CELL (move % TTT_N_CELLS);

          if (*p == 'X')
            {
              parsed.x[move / TTT_N_CELLS] |= bit;
              n_x++;
            }
          else if (*p == 'O')
            {
              parsed.o[move / TTT_N_CELLS] |= bit;
              n_o++;
            }
          else if (*p != '.')
            return TTT_ERROR_INVALID_TEXT;
        }
    }

  if (*p++ != ' ')
    return TTT_ERROR_INVALID_TEXT;
  if (*p == '-')
    parsed.next = TTT_ULTIMATE_ANY;
  else if (*p >= '0' && *p <= '8')
    parsed.next = (int8_t) (*p - '0');
  else
    return TTT_ERROR_INVALID_TEXT;
  if (p[1] != '\0')
    return TTT_ERROR_INVALID_TEXT;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    {
      unsigned x = parsed.x[b], o = parsed.o[b];

      if (ttt_line_table[x] != 0)
        parsed.x_won = (uint16_t) (parsed.x_won | TTT_CELL (b));
      if (ttt_line_table[o] != 0)
        parsed.o_won = (uint16_t) (parsed.o_won | TTT_CELL (b));
      if (ttt_line_table[x] != 0 || ttt_line_table[o] != 0 || (x | o) == TTT_ALL_CELLS)
        parsed.closed = (uint16_t) (parsed.closed | TTT_CELL (b));
    }
  parsed.turn = n_x > n_o ? TTT_MARK_O : TTT_MARK_X;

  if (!ttt_ult_consistent (&parsed) || !ttt_ult_reachable (&parsed))
    return TTT_ERROR_INVALID_TEXT;

  *pos = parsed;

  return TTT_OK;
}

TttStatus
ttt_ultimate_format (const TttUltimate *pos,
                     char               out[TTT_ULTIMATE_TEXT_SIZE])
{
  char *p = out;

  if (out == NULL)
    return TTT_ERROR_INVALID_ARGUMENT;
  out[0] = '\0';
  if (pos == NULL || !ttt_ult_consistent (pos))
    return TTT_ERROR_INVALID_ARGUMENT;

  for (int row = 0; row < 9; row++)
    {
      if (row > 0)
        *p++ = '/';
      for (int col = 0; col < 9; col++)
        {
          int move = ttt_ultimate_move_at (row, col);
          unsigned bit = TTT_CELL (move % TTT_N_CELLS);

          *p++ = pos->x[move / TTT_N_CELLS] & bit   ? 'X'
                 : pos->o[move / TTT_N_CELLS] & bit ? 'O'
                                                    : '.';
        }
    }
  *p++ = ' ';
  *p++ = pos->next == TTT_ULTIMATE_ANY ? '-' : (char) ('0' + pos->next);
  *p = '\0';

  return TTT_OK;
}
