/* reference-ultimate.h — the rules of Ultimate Tic-Tac-Toe once more, for the tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the tests check the engine against, written apart from it, as a
 * person would read the rules: a 9 × 9 grid of characters addressed by row
 * and column, small boards found by dividing by three, lines as the cell
 * triples of reference-rules.h, every state worked out afresh from the
 * grid. No masks, no tables, nothing cached; only the engine's public
 * types, to convert. A small depth-limited solver checks the search's
 * proofs.
 *
 * Plain C on libc, every function static inline, like reference-rules.h
 * beside it.
 */

#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "reference-rules.h"
#include "ttt-ultimate.h"

/* The state of a small board or of the game. */
enum
{
  REF_U_OPEN,
  REF_U_X,
  REF_U_O,
  REF_U_DRAWN,
};

typedef struct
{
  char grid[9][9];   /* '.', 'X' or 'O' */
  int  forced;       /* the small board to play in, or −1 for any open one */
  char to_move;      /* 'X' or 'O' */
} RefUltimate;

static inline void
ref_u_clear (RefUltimate *r)
{
  memset (r->grid, '.', sizeof r->grid);
  r->forced = -1;
  r->to_move = 'X';
}

/* The mark on cell @cell (0–8, row-major) of small board @board. */
static inline char
ref_u_at (const RefUltimate *r,
          int                board,
          int                cell)
{
  return r->grid[(board / 3) * 3 + cell / 3][(board % 3) * 3 + cell % 3];
}

static inline int
ref_u_board_state (const RefUltimate *r,
                   int                board)
{
  bool full = true;

  for (int line = 0; line < REF_N_LINES; line++)
    {
      char a = ref_u_at (r, board, ref_line_cell (line, 0));

      if (a != '.' && a == ref_u_at (r, board, ref_line_cell (line, 1)) &&
          a == ref_u_at (r, board, ref_line_cell (line, 2)))
        return a == 'X' ? REF_U_X : REF_U_O;
    }

  for (int cell = 0; cell < 9; cell++)
    if (ref_u_at (r, board, cell) == '.')
      full = false;

  return full ? REF_U_DRAWN : REF_U_OPEN;
}

static inline int
ref_u_game_state (const RefUltimate *r)
{
  int states[9];
  bool all_closed = true;

  for (int b = 0; b < 9; b++)
    {
      states[b] = ref_u_board_state (r, b);
      if (states[b] == REF_U_OPEN)
        all_closed = false;
    }

  for (int line = 0; line < REF_N_LINES; line++)
    {
      int a = states[ref_line_cell (line, 0)];

      if ((a == REF_U_X || a == REF_U_O) && a == states[ref_line_cell (line, 1)] &&
          a == states[ref_line_cell (line, 2)])
        return a;
    }

  return all_closed ? REF_U_DRAWN : REF_U_OPEN;
}

static inline TttOutcome
ref_u_outcome (const RefUltimate *r)
{
  switch (ref_u_game_state (r))
    {
    case REF_U_X:
      return TTT_OUTCOME_X_WINS;
    case REF_U_O:
      return TTT_OUTCOME_O_WINS;
    case REF_U_DRAWN:
      return TTT_OUTCOME_DRAW;
    default:
      return TTT_OUTCOME_ONGOING;
    }
}

static inline bool
ref_u_is_legal (const RefUltimate *r,
                int                row,
                int                col)
{
  int board = (row / 3) * 3 + col / 3;

  if (row < 0 || row > 8 || col < 0 || col > 8)
    return false;
  if (ref_u_game_state (r) != REF_U_OPEN || r->grid[row][col] != '.')
    return false;
  if (ref_u_board_state (r, board) != REF_U_OPEN)
    return false;

  return r->forced < 0 || r->forced == board;
}

/* Plays a legal move: the cell's place in its small board is where the
 * opponent must play next, unless that board is closed or the game over. */
static inline void
ref_u_play (RefUltimate *r,
            int          row,
            int          col)
{
  int target = (row % 3) * 3 + col % 3;

  r->grid[row][col] = r->to_move;
  r->to_move = r->to_move == 'X' ? 'O' : 'X';
  if (ref_u_game_state (r) != REF_U_OPEN || ref_u_board_state (r, target) != REF_U_OPEN)
    r->forced = -1;
  else
    r->forced = target;
}

/* The legal moves in reading order, as row × 9 + col, into @moves; their
 * number. The states are worked out once, not per cell, for speed. */
static inline int
ref_u_legal_moves (const RefUltimate *r,
                   int                moves[81])
{
  int states[9];
  int n = 0;

  if (ref_u_game_state (r) != REF_U_OPEN)
    return 0;
  for (int b = 0; b < 9; b++)
    states[b] = ref_u_board_state (r, b);

  for (int row = 0; row < 9; row++)
    for (int col = 0; col < 9; col++)
      {
        int board = (row / 3) * 3 + col / 3;

        if (r->grid[row][col] == '.' && states[board] == REF_U_OPEN &&
            (r->forced < 0 || r->forced == board))
          moves[n++] = row * 9 + col;
      }

  return n;
}

/* A 64-bit xorshift of the tests' own, so that the games they play do not
 * depend on the engine's generator. */
static inline uint64_t
ref_u_random (uint64_t *state)
{
  uint64_t x = *state ? *state : UINT64_C (0x2545f4914f6cdd1d);

  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  *state = x;

  return x;
}

/* A uniformly random legal move (row × 9 + col); −1 once the game is over. */
static inline int
ref_u_random_move (const RefUltimate *r,
                   uint64_t          *state)
{
  int moves[81];
  int n = ref_u_legal_moves (r, moves);

  return n == 0 ? -1 : moves[ref_u_random (state) % (uint64_t) n];
}

/* The engine's position as the grid: only its marks, its `next` and its
 * `turn` are read. */
static inline RefUltimate
ref_u_from_engine (const TttUltimate *pos)
{
  RefUltimate r;

  ref_u_clear (&r);
  for (int row = 0; row < 9; row++)
    for (int col = 0; col < 9; col++)
      {
        int board = (row / 3) * 3 + col / 3;
        int bit = 1 << ((row % 3) * 3 + col % 3);

        if (pos->x[board] & bit)
          r.grid[row][col] = 'X';
        else if (pos->o[board] & bit)
          r.grid[row][col] = 'O';
      }
  r.forced = pos->next;
  r.to_move = pos->turn == TTT_MARK_O ? 'O' : 'X';

  return r;
}

/* The notation of ttt-ultimate.h, written from its description. */
static inline void
ref_u_format (const RefUltimate *r,
              char               out[TTT_ULTIMATE_TEXT_SIZE])
{
  int k = 0;

  for (int row = 0; row < 9; row++)
    {
      if (row > 0)
        out[k++] = '/';
      for (int col = 0; col < 9; col++)
        out[k++] = r->grid[row][col];
    }
  out[k++] = ' ';
  out[k++] = r->forced < 0 ? '-' : (char) ('0' + r->forced);
  out[k] = '\0';
}

/* Leaves of the game tree @depth plies below @r, games that end sooner
 * not counted further. */
static inline uint64_t
ref_u_perft (const RefUltimate *r,
             int                depth)
{
  int moves[81];
  int n_moves;
  uint64_t n = 0;

  if (depth == 0)
    return 1;

  n_moves = ref_u_legal_moves (r, moves);
  for (int i = 0; i < n_moves; i++)
    {
      RefUltimate child = *r;

      ref_u_play (&child, moves[i] / 9, moves[i] % 9);
      n += ref_u_perft (&child, depth - 1);
    }

  return n;
}

/* Whether the side to move at @r can force a win within @plies plies of
 * its own and the opponent's, counted from @r (1: a move that wins now). */
static inline bool
ref_u_wins_within (const RefUltimate *r,
                   int                plies);

/* Whether playing (@row, @col), legal, on @r wins for its mover within
 * @plies plies, the move included, whatever the opponent does. */
static inline bool
ref_u_move_wins_within (const RefUltimate *r,
                        int                row,
                        int                col,
                        int                plies)
{
  RefUltimate after = *r;
  int state;

  if (plies < 1)
    return false;

  ref_u_play (&after, row, col);
  state = ref_u_game_state (&after);
  if (state != REF_U_OPEN)
    return state == (r->to_move == 'X' ? REF_U_X : REF_U_O);
  if (plies < 3)
    return false;

  for (int rr = 0; rr < 9; rr++)
    for (int cc = 0; cc < 9; cc++)
      if (ref_u_is_legal (&after, rr, cc))
        {
          RefUltimate reply = after;

          ref_u_play (&reply, rr, cc);
          if (ref_u_game_state (&reply) != REF_U_OPEN || !ref_u_wins_within (&reply, plies - 2))
            return false;
        }

  return true;
}

static inline bool
ref_u_wins_within (const RefUltimate *r,
                   int                plies)
{
  for (int row = 0; row < 9; row++)
    for (int col = 0; col < 9; col++)
      if (ref_u_is_legal (r, row, col) && ref_u_move_wins_within (r, row, col, plies))
        return true;

  return false;
}
