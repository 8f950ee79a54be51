/* test-ultimate.c — the Ultimate rules and notation, against the reference
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ultimate is too big to walk whole, so the rules are checked on the
 * positions of random games (100,000 of them, a tenth under valgrind) and
 * on every game of the first five plies, against reference-ultimate.h,
 * which is written apart from the engine.
 */

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include <glib.h>

#include "reference-ultimate.h"
#include "ttt-ultimate.h"

#define EMPTY_TEXT \
  "........./........./........./........./........./........./........./........./......... -"

/* Valgrind runs the engine suite some fifty times slower: the tests do a
 * tenth of their sampling there (meson.build sets this in its setup). */
static int
scaled (int n)
{
  return g_getenv ("TTT_TEST_UNDER_VALGRIND") != NULL ? n / 10 : n;
}

static int
move_of (int row,
         int col)
{
  return ((row / 3) * 3 + col / 3) * 9 + (row % 3) * 3 + col % 3;
}

/* Everything the engine says about @pos, compared with the reference. */
/* The boards of every line of boards the winner holds, worked out by the
 * reference: 0 unless the game is won. */
static unsigned
ref_winning_boards (const RefUltimate *ref)
{
  int winner = ref_u_game_state (ref);
  unsigned boards = 0;

  if (winner != REF_U_X && winner != REF_U_O)
    return 0;
  for (int line = 0; line < REF_N_LINES; line++)
    {
      gboolean whole = TRUE;

      for (int i = 0; i < 3; i++)
        whole = whole && ref_u_board_state (ref, ref_line_cell (line, i)) == winner;
      if (whole)
        for (int i = 0; i < 3; i++)
          boards |= 1u << ref_line_cell (line, i);
    }

  return boards;
}

static void
compare_with_reference (const TttUltimate *pos,
                        const RefUltimate *ref,
                        gboolean           every_move)
{
  TttUltimateMoves moves;
  int ref_moves[81];
  int n_ref = ref_u_legal_moves (ref, ref_moves);
  gboolean legal[81] = { FALSE };
  char text[TTT_ULTIMATE_TEXT_SIZE], ref_text[TTT_ULTIMATE_TEXT_SIZE];
  TttUltimate parsed;

  g_assert_true (ttt_ultimate_is_consistent (pos));
  g_assert_cmpint (ttt_ultimate_legal_moves (pos, &moves), ==, n_ref);
  for (int i = 0; i < n_ref; i++)
    legal[move_of (ref_moves[i] / 9, ref_moves[i] % 9)] = TRUE;
  for (int m = 0; m < 81; m++)
    {
      g_assert_cmpint (!!(moves.cells[m / 9] & (1u << (m % 9))), ==, legal[m]);
      if (every_move)
        g_assert_cmpint (ttt_ultimate_is_legal (pos, m), ==, legal[m]);
    }

  for (int b = 0; b < 9; b++)
    {
      int state = ref_u_board_state (ref, b);
      TttMark winner = state == REF_U_X ? TTT_MARK_X : state == REF_U_O ? TTT_MARK_O : TTT_MARK_NONE;

      g_assert_cmpint (!!(pos->closed & (1u << b)), ==, state != REF_U_OPEN);
      g_assert_cmpint (ttt_ultimate_board_winner (pos, b), ==, winner);
    }

  g_assert_cmpint (ttt_ultimate_outcome (pos), ==, ref_u_outcome (ref));
  g_assert_cmpuint (ttt_ultimate_winning_boards (pos), ==, ref_winning_boards (ref));
  g_assert_cmpint (pos->next, ==, ref->forced);
  g_assert_cmpint (pos->turn, ==, ref->to_move == 'X' ? TTT_MARK_X : TTT_MARK_O);

  g_assert_cmpint (ttt_ultimate_format (pos, text), ==, TTT_OK);
  ref_u_format (ref, ref_text);
  g_assert_cmpstr (text, ==, ref_text);
  g_assert_cmpint (ttt_ultimate_parse (&parsed, text), ==, TTT_OK);
  g_assert_true (memcmp (&parsed, pos, sizeof parsed) == 0);
}

static void
test_random_games (void)
{
  int n_positions = scaled (100000);
  int n_seen = 0, n_games = 0, n_double = 0;
  int outcomes[5] = { 0 };
  uint64_t rng = 24;

  while (n_seen < n_positions)
    {
      TttUltimate pos;
      RefUltimate ref;

      ttt_ultimate_clear (&pos);
      ref_u_clear (&ref);
      for (;;)
        {
          int move;
          int cell;
          TttUltimate before;
          TttStatus status;

          compare_with_reference (&pos, &ref, n_seen % 8 == 0);
          n_seen++;
          move = ref_u_random_move (&ref, &rng);
          if (move < 0)
            break;

          /* A random cell the reference does not allow is refused, with
           * the reason, and changes nothing. */
          cell = (int) (ref_u_random (&rng) % 81);
          if (!ref_u_is_legal (&ref, cell / 9, cell % 9))
            {
              before = pos;
              status = ttt_ultimate_play (&pos, move_of (cell / 9, cell % 9));
              g_assert_cmpint (status, ==, ref.grid[cell / 9][cell % 9] != '.' ? TTT_ERROR_OCCUPIED : TTT_ERROR_INVALID_MOVE);
              g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
            }

          g_assert_cmpint (ttt_ultimate_play (&pos, move_of (move / 9, move % 9)), ==, TTT_OK);
          ref_u_play (&ref, move / 9, move % 9);
        }
      outcomes[ttt_ultimate_outcome (&pos)]++;
      n_double += __builtin_popcount (ttt_ultimate_winning_boards (&pos)) > 3;
      n_games++;
    }

  g_test_message ("%d positions in %d games: X won %d, O won %d, drawn %d; %d won with two lines at once",
                  n_seen, n_games, outcomes[TTT_OUTCOME_X_WINS], outcomes[TTT_OUTCOME_O_WINS],
                  outcomes[TTT_OUTCOME_DRAW], n_double);
  g_assert_cmpint (outcomes[TTT_OUTCOME_X_WINS], >, 0);
  g_assert_cmpint (outcomes[TTT_OUTCOME_O_WINS], >, 0);
  g_assert_cmpint (outcomes[TTT_OUTCOME_DRAW], >, 0);
  g_assert_cmpint (n_double, >, 0);
  g_assert_cmpint (outcomes[TTT_OUTCOME_ONGOING] + outcomes[TTT_OUTCOME_INVALID], ==, 0);
}

static uint64_t
engine_perft (const TttUltimate *pos,
              int                depth)
{
  TttUltimateMoves moves;
  uint64_t n = 0;

  if (depth == 0)
    return 1;

  ttt_ultimate_legal_moves (pos, &moves);
  for (int b = 0; b < 9; b++)
    for (unsigned m = moves.cells[b]; m != 0; m &= m - 1)
      {
        TttUltimate child = *pos;

        g_assert_cmpint (ttt_ultimate_play (&child, b * 9 + __builtin_ctz (m)), ==, TTT_OK);
        n += engine_perft (&child, depth - 1);
      }

  return n;
}

static void
test_perft (void)
{
  /* The published counts for the standard rules. */
  static const uint64_t expected[] = { 1, 81, 720, 6336, 55080, 473256 };
  int max_depth = g_getenv ("TTT_TEST_UNDER_VALGRIND") != NULL ? 4 : 5;
  TttUltimate pos;
  RefUltimate ref;

  ttt_ultimate_clear (&pos);
  ref_u_clear (&ref);
  for (int depth = 1; depth <= max_depth; depth++)
    {
      uint64_t n = engine_perft (&pos, depth);

      g_test_message ("perft %d: %" G_GUINT64_FORMAT, depth, n);
      g_assert_cmpuint (n, ==, ref_u_perft (&ref, depth));
      g_assert_cmpuint (n, ==, expected[depth]);
    }

  /* By hand: 81 first moves; 9 of them send O to their own board, which
   * then has 8 empty cells, the other 72 to one with 9. */
  g_assert_cmpuint (engine_perft (&pos, 1), ==, 81);
  g_assert_cmpuint (engine_perft (&pos, 2), ==, 9 * 8 + 72 * 9);
}

/* A position with some of everything: a board won by each side, the
 * side to move sent to one board. From the first random game that has it,
 * played by the engine, so it is consistent by construction. */
static TttUltimate
mid_game (void)
{
  uint64_t rng = 1;

  for (;;)
    {
      TttUltimate pos;
      RefUltimate ref;

      ttt_ultimate_clear (&pos);
      ref_u_clear (&ref);
      for (int move; (move = ref_u_random_move (&ref, &rng)) >= 0;)
        {
          g_assert_cmpint (ttt_ultimate_play (&pos, move_of (move / 9, move % 9)), ==, TTT_OK);
          ref_u_play (&ref, move / 9, move % 9);
          if (pos.x_won != 0 && pos.o_won != 0 && pos.next != TTT_ULTIMATE_ANY &&
              ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING)
            return pos;
        }
    }
}

static void
test_errors (void)
{
  TttUltimate pos = mid_game ();
  TttUltimate before = pos;
  TttUltimateMoves moves;
  char text[TTT_ULTIMATE_TEXT_SIZE];
  static const int out_of_range[] = { -1, 81, 82, INT_MIN, INT_MAX, 100 };
  int n;

  for (size_t i = 0; i < G_N_ELEMENTS (out_of_range); i++)
    {
      g_assert_cmpint (ttt_ultimate_play (&pos, out_of_range[i]), ==, TTT_ERROR_OUT_OF_RANGE);
      g_assert_false (ttt_ultimate_is_legal (&pos, out_of_range[i]));
      g_assert_cmpint (ttt_ultimate_get (&pos, out_of_range[i]), ==, TTT_MARK_NONE);
      g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
    }

  /* Every cell that is not legal is refused with its reason. */
  n = ttt_ultimate_legal_moves (&pos, &moves);
  g_assert_cmpint (n, >, 0);
  for (int m = 0; m < 81; m++)
    {
      TttStatus status;

      if (moves.cells[m / 9] & (1u << (m % 9)))
        continue;
      status = ttt_ultimate_play (&pos, m);
      if (ttt_ultimate_get (&pos, m) != TTT_MARK_NONE)
        g_assert_cmpint (status, ==, TTT_ERROR_OCCUPIED);
      else
        g_assert_cmpint (status, ==, TTT_ERROR_INVALID_MOVE);
      g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
    }

  /* NULL everywhere. */
  g_assert_cmpint (ttt_ultimate_play (NULL, 0), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_legal_moves (NULL, &moves), ==, -1);
  g_assert_cmpint (ttt_ultimate_legal_moves (&pos, NULL), ==, -1);
  g_assert_false (ttt_ultimate_is_legal (NULL, 0));
  g_assert_false (ttt_ultimate_is_consistent (NULL));
  g_assert_cmpint (ttt_ultimate_outcome (NULL), ==, TTT_OUTCOME_INVALID);
  g_assert_cmpint (ttt_ultimate_get (NULL, 0), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_ultimate_board_winner (NULL, 0), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_ultimate_board_winner (&pos, -1), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_ultimate_board_winner (&pos, 9), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_ultimate_n_moves (NULL), ==, -1);
  g_assert_cmpint (ttt_ultimate_parse (NULL, EMPTY_TEXT), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_parse (&pos, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_format (NULL, text), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpstr (text, ==, "");
  g_assert_cmpint (ttt_ultimate_format (&pos, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
  ttt_ultimate_clear (NULL);
  g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);

  g_assert_cmpint (ttt_ultimate_move_at (-1, 0), ==, -1);
  g_assert_cmpint (ttt_ultimate_move_at (0, 9), ==, -1);
  g_assert_cmpint (ttt_ultimate_move_row (81), ==, -1);
  g_assert_cmpint (ttt_ultimate_move_col (-1), ==, -1);
}

static void
test_game_over (void)
{
  TttUltimate pos;
  TttUltimate before;
  TttUltimateMoves moves;
  uint64_t rng = 7;

  /* Random games to their end: every move is then refused as over. */
  for (int game = 0; game < 20; game++)
    {
      ttt_ultimate_clear (&pos);
      while (ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING)
        {
          RefUltimate ref = ref_u_from_engine (&pos);
          int move = ref_u_random_move (&ref, &rng);

          g_assert_cmpint (ttt_ultimate_play (&pos, move_of (move / 9, move % 9)), ==, TTT_OK);
        }

      before = pos;
      g_assert_cmpint (pos.next, ==, TTT_ULTIMATE_ANY);
      g_assert_cmpint (ttt_ultimate_legal_moves (&pos, &moves), ==, 0);
      for (int m = 0; m < 81; m++)
        g_assert_cmpint (ttt_ultimate_play (&pos, m), ==, TTT_ERROR_GAME_OVER);
      g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
    }
}

/* Positions whose fields disagree: refused by every rule, unchanged. */
static void
test_inconsistent (void)
{
  TttUltimate good = mid_game ();
  TttUltimate bad[16];
  int x_board = __builtin_ctz (good.x_won);
  int open_board = __builtin_ctz (~good.closed & 0x1ff);
  int n = 0;

  for (int i = 0; i < 16; i++)
    bad[i] = good;
  bad[n++].x[0] |= 0x200;                              /* a bit outside the board */
  bad[n++].o[x_board] |= good.x[x_board] & -good.x[x_board];  /* a cell held by both */
  bad[n++].x_won ^= 1u << open_board;                  /* won sets that are not the marks' */
  bad[n++].o_won ^= 1u << x_board;
  bad[n++].closed ^= 1u << open_board;
  bad[n++].closed |= 1u << 12;
  bad[n++].turn = good.turn == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
  bad[n++].turn = TTT_MARK_NONE;
  bad[n++].next = 9;
  bad[n++].next = -2;
  bad[n++].next = (int8_t) x_board;                    /* a closed board */
  bad[n++].x[open_board] = (uint16_t) (good.x[open_board] | (~(good.x[open_board] | good.o[open_board]) & 0x1ff));

  for (int i = 0; i < n; i++)
    {
      TttUltimate before = bad[i];
      TttUltimateMoves moves;
      char text[TTT_ULTIMATE_TEXT_SIZE];

      g_test_message ("inconsistent position %d", i);
      g_assert_false (ttt_ultimate_is_consistent (&bad[i]));
      for (int m = 0; m < 81; m++)
        g_assert_cmpint (ttt_ultimate_play (&bad[i], m), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (ttt_ultimate_legal_moves (&bad[i], &moves), ==, -1);
      g_assert_cmpint (ttt_ultimate_outcome (&bad[i]), ==, TTT_OUTCOME_INVALID);
      g_assert_cmpint (ttt_ultimate_n_moves (&bad[i]), ==, -1);
      g_assert_cmpuint (ttt_ultimate_winning_boards (&bad[i]), ==, 0);
      g_assert_cmpint (ttt_ultimate_get (&bad[i], 40), ==, TTT_MARK_NONE);
      g_assert_cmpint (ttt_ultimate_format (&bad[i], text), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpstr (text, ==, "");
      g_assert_true (memcmp (&before, &bad[i], sizeof before) == 0);
    }

  g_assert_cmpuint (ttt_ultimate_winning_boards (NULL), ==, 0);

  /* The empty board sends nobody anywhere. */
  ttt_ultimate_clear (&good);
  g_assert_true (ttt_ultimate_is_consistent (&good));
  good.next = 4;
  g_assert_false (ttt_ultimate_is_consistent (&good));
}

static void
test_notation (void)
{
  TttUltimate pos, parsed;
  char text[TTT_ULTIMATE_TEXT_SIZE];

  /* The header's example. */
  ttt_ultimate_clear (&pos);
  g_assert_cmpint (ttt_ultimate_format (&pos, text), ==, TTT_OK);
  g_assert_cmpstr (text, ==, EMPTY_TEXT);
  g_assert_cmpuint (strlen (text), ==, TTT_ULTIMATE_TEXT_SIZE - 1);

  /* X in the centre of the centre board sends O there. */
  g_assert_cmpint (ttt_ultimate_play (&pos, 40), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_format (&pos, text), ==, TTT_OK);
  g_assert_cmpstr (text, ==, "........./........./........./........./....X..../........./........./........./......... 4");
  g_assert_cmpint (ttt_ultimate_parse (&parsed, text), ==, TTT_OK);
  g_assert_true (memcmp (&parsed, &pos, sizeof pos) == 0);

  /* The grid: row 1, column 5 is cell 5 of board 1. */
  g_assert_cmpint (ttt_ultimate_move_at (1, 5), ==, 1 * 9 + 5);
  for (int m = 0; m < 81; m++)
    {
      g_assert_cmpint (ttt_ultimate_move_at (ttt_ultimate_move_row (m), ttt_ultimate_move_col (m)), ==, m);
      g_assert_cmpint (ttt_ultimate_move_at (ttt_ultimate_move_row (m), ttt_ultimate_move_col (m)), ==,
                       move_of (ttt_ultimate_move_row (m), ttt_ultimate_move_col (m)));
    }

  /* A mid-game position round trips. */
  pos = mid_game ();
  g_assert_cmpint (ttt_ultimate_format (&pos, text), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_parse (&parsed, text), ==, TTT_OK);
  g_assert_true (memcmp (&parsed, &pos, sizeof pos) == 0);
}

/* Nine rows and the sent-to character as one text. */
static char *
grid_text (const char *const rows[9],
           char              next)
{
  GString *text = g_string_new (NULL);

  for (int i = 0; i < 9; i++)
    {
      if (i > 0)
        g_string_append_c (text, '/');
      g_string_append (text, rows[i]);
    }
  g_string_append_printf (text, " %c", next);

  return g_string_free (text, FALSE);
}

static void
assert_refused (const char *text)
{
  TttUltimate pos = mid_game ();
  TttUltimate before = pos;

  g_test_message ("refused: \"%s\"", text);
  g_assert_cmpint (ttt_ultimate_parse (&pos, text), ==, TTT_ERROR_INVALID_TEXT);
  g_assert_true (memcmp (&before, &pos, sizeof pos) == 0);
}

static void
assert_accepted (const char *text)
{
  TttUltimate pos;
  char out[TTT_ULTIMATE_TEXT_SIZE];

  g_assert_cmpint (ttt_ultimate_parse (&pos, text), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_format (&pos, out), ==, TTT_OK);
  g_assert_cmpstr (out, ==, text);
}

static void
test_parse_malformed (void)
{
  static const char *const texts[] = {
    "",
    " -",
    EMPTY_TEXT " ",
    EMPTY_TEXT "-",
    "........./........./........./........./........./........./........./........./........ -",
    "........../........./........./........./........./........./........./........./......... -",
    "........./........./........./........./........./........./........./......... -",
    "........./........./........./........./........./........./........./........./.........  -",
    "........./........./........./........./........./........./........./........./.........-",
    "........./........./........./........./........./........./........./........./......... 9",
    "........./........./........./........./........./........./........./........./......... *",
    "........./........./........./........./........./........./........./........./......... ",
    "........./........./........./........./........./........./........./........./.........",
    "........./........./........./........./....x..../........./........./........./......... 4",
    "........./........./........./........./....0..../........./........./........./......... 4",
    "........./........./........./........./........./........./........./........./.........\n-",
    "........./........./........./........./........./........./........./.........|......... -",
    "........ ./........./........./........./........./........./........./........./......... -",
  };

  for (size_t i = 0; i < G_N_ELEMENTS (texts); i++)
    assert_refused (texts[i]);
}

/* The grid @rows with each sent-to character of @nexts: all accepted, or
 * all refused. */
static void
check_grid (const char *const rows[9],
            const char       *nexts,
            gboolean          accepted)
{
  for (; *nexts != '\0'; nexts++)
    {
      g_autofree char *text = grid_text (rows, *nexts);

      if (accepted)
        assert_accepted (text);
      else
        assert_refused (text);
    }
}

static void
test_parse_unreachable (void)
{
  const char *const empty[9] = {
    ".........", ".........", ".........", ".........", ".........",
    ".........", ".........", ".........", ".........",
  };
  /* X took the top row of the top-left board, O answered in boards 1 and
   * 2: reachable (X b0c1, O b1c0, X b0c2, O b2c0, X b0c0), with O sent to
   * a closed board (cell 0), board 1 or board 2. */
  const char *const won[9] = {
    "XXXO..O..", ".........", ".........", ".........", ".........",
    ".........", ".........", ".........", ".........",
  };
  const char *const o_first[9] = {
    "O........", ".........", ".........", ".........", ".........",
    ".........", ".........", ".........", ".........",
  };
  const char *const x_twice[9] = {
    "X...X....", ".........", ".........", ".........", ".........",
    ".........", ".........", ".........", ".........",
  };
  /* One X at board 0 cell 0 sends O to board 0. */
  const char *const one_x[9] = {
    "X........", ".........", ".........", ".........", ".........",
    ".........", ".........", ".........", ".........",
  };
  /* X in board 1 sends O to board 1, yet O played in board 0. */
  const char *const o_elsewhere[9] = {
    "O...X....", ".........", ".........", ".........", ".........",
    ".........", ".........", ".........", ".........",
  };
  /* Board 0 holds two separate lines of X: play there stops at the first. */
  const char *const two_lines[9] = {
    "XXXO..O..", "...O..O..", "XXX...O..", ".........", "O........",
    ".........", ".........", ".........", ".........",
  };
  /* Board 0 won by both. */
  const char *const both[9] = {
    "XXX......", "OOO......", "X........", ".........", ".........",
    ".........", "..O......", ".........", ".........",
  };
  /* X won the game (boards 0, 1, 2 by their top rows) and O moved after. */
  const char *const after_win[9] = {
    "XXXXXXXXX", "O.OO.OO.O", ".........", ".........", ".........",
    ".........", "...O.O.O.", ".........", ".........",
  };

  check_grid (empty, "-", TRUE);
  check_grid (empty, "012345678", FALSE);
  check_grid (won, "-12", TRUE);
  check_grid (won, "0", FALSE);   /* closed */
  check_grid (won, "4", FALSE);   /* no X sent O there */
  check_grid (one_x, "0", TRUE);
  check_grid (one_x, "-4", FALSE);
  check_grid (o_first, "-012345678", FALSE);
  check_grid (x_twice, "-012345678", FALSE);
  check_grid (o_elsewhere, "-012345678", FALSE);
  check_grid (two_lines, "-012345678", FALSE);
  check_grid (both, "-012345678", FALSE);
  check_grid (after_win, "-012345678", FALSE);
}

/* Every position of random games, each mark removed in turn: what the
 * parser accepts then must at least be consistent and round trip. */
static void
test_parse_mutations (void)
{
  uint64_t rng = 99;
  int n_games = scaled (40);

  for (int game = 0; game < n_games; game++)
    {
      RefUltimate ref;

      ref_u_clear (&ref);
      for (int move; (move = ref_u_random_move (&ref, &rng)) >= 0;)
        {
          char text[TTT_ULTIMATE_TEXT_SIZE];

          ref_u_play (&ref, move / 9, move % 9);
          ref_u_format (&ref, text);
          assert_accepted (text);

          for (int i = 0; i < 81; i++)
            {
              char mutated[TTT_ULTIMATE_TEXT_SIZE];
              int at = i + i / 9;
              TttUltimate pos;

              memcpy (mutated, text, sizeof mutated);
              mutated[at] = mutated[at] == '.' ? 'O' : '.';
              if (ttt_ultimate_parse (&pos, mutated) == TTT_OK)
                {
                  char out[TTT_ULTIMATE_TEXT_SIZE];

                  g_assert_true (ttt_ultimate_is_consistent (&pos));
                  ttt_ultimate_format (&pos, out);
                  g_assert_cmpstr (out, ==, mutated);
                }
            }
        }
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ultimate/rules/random-games", test_random_games);
  g_test_add_func ("/ultimate/rules/perft", test_perft);
  g_test_add_func ("/ultimate/rules/errors", test_errors);
  g_test_add_func ("/ultimate/rules/game-over", test_game_over);
  g_test_add_func ("/ultimate/rules/inconsistent", test_inconsistent);
  g_test_add_func ("/ultimate/notation/format", test_notation);
  g_test_add_func ("/ultimate/notation/malformed", test_parse_malformed);
  g_test_add_func ("/ultimate/notation/unreachable", test_parse_unreachable);
  g_test_add_func ("/ultimate/notation/mutations", test_parse_mutations);

  return g_test_run ();
}
