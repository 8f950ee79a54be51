/* test-engine.c — the engine's rules, solver and opponents, checked exhaustively
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tic-tac-toe is small enough to check every position rather than samples,
 * so most tests walk the whole game, against the reference rules and the
 * reference minimax of reference-rules.h, written apart from the engine.
 */

#include <limits.h>
#include <string.h>

#include <glib.h>

#include "reference-rules.h"
#include "ttt-engine-private.h"

#define N_REACHABLE 5478
#define N_FINISHED  958

/* Every reachable position, found once by walking games with the engine. */

typedef struct
{
  TttBoard boards[N_REACHABLE + 1];
  int      n_boards;
  int      n_finished;
  int      n_x_wins;
  int      n_o_wins;
  int      n_draws;
  gboolean reachable[TTT_N_CODES];
  int      scores[TTT_N_CODES];  /* ref_score(), for reachable codes */
} Positions;

static Positions *positions;

static void
walk_games (Positions      *p,
            const TttBoard *board)
{
  unsigned code = ref_code (board);
  TttOutcome outcome;

  if (p->reachable[code])
    return;

  g_assert_cmpint (p->n_boards, <, N_REACHABLE + 1);
  p->reachable[code] = TRUE;
  p->boards[p->n_boards++] = *board;

  outcome = ttt_board_outcome (board);
  if (outcome != TTT_OUTCOME_ONGOING)
    {
      p->n_finished++;
      p->n_x_wins += outcome == TTT_OUTCOME_X_WINS;
      p->n_o_wins += outcome == TTT_OUTCOME_O_WINS;
      p->n_draws += outcome == TTT_OUTCOME_DRAW;
      return;
    }

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      TttBoard child = *board;

      if (ttt_board_play (&child, cell) == TTT_OK)
        walk_games (p, &child);
    }
}

static const Positions *
get_positions (void)
{
  if (positions == NULL)
    {
      TttBoard empty;

      positions = g_new0 (Positions, 1);
      ttt_board_clear (&empty);
      walk_games (positions, &empty);

      for (int i = 0; i < positions->n_boards; i++)
        {
          const TttBoard *board = &positions->boards[i];

          positions->scores[ref_code (board)] = ref_score (board);
        }
    }

  return positions;
}

/* Compares the whole struct, and shows both boards when they differ. */
#define assert_board_equal(expected, actual)                                   \
  G_STMT_START {                                                               \
    char expected_text_[12], actual_text_[12];                                 \
    g_assert_cmpstr (ref_format ((expected), expected_text_), ==,              \
                     ref_format ((actual), actual_text_));                     \
    g_assert_cmpint (memcmp ((expected), (actual), sizeof (TttBoard)), ==, 0); \
  } G_STMT_END

static TttBoard
parse_or_die (const char *text)
{
  TttBoard board;

  g_assert_cmpint (ttt_board_parse (&board, text), ==, TTT_OK);

  return board;
}

/* Plays @cells in order; every move must be accepted. */
static TttBoard
play_moves (const int *cells,
            int        n_cells)
{
  TttBoard board;

  ttt_board_clear (&board);
  for (int i = 0; i < n_cells; i++)
    {
      g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_ONGOING);
      g_assert_cmpint (ttt_board_play (&board, cells[i]), ==, TTT_OK);
    }

  return board;
}

/* Rules */

static void
test_status_codes (void)
{
  const TttStatus codes[] = {
    TTT_OK, TTT_ERROR_OUT_OF_RANGE, TTT_ERROR_OCCUPIED, TTT_ERROR_GAME_OVER,
    TTT_ERROR_INVALID_TEXT, TTT_ERROR_INVALID_ARGUMENT,
  };

  g_assert_cmpint (TTT_OK, ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (codes); i++)
    {
      g_assert_nonnull (ttt_status_to_string (codes[i]));
      for (guint j = i + 1; j < G_N_ELEMENTS (codes); j++)
        {
          g_assert_cmpint (codes[i], !=, codes[j]);
          g_assert_cmpstr (ttt_status_to_string (codes[i]), !=, ttt_status_to_string (codes[j]));
        }
    }
}

static void
test_clear (void)
{
  TttBoard board = parse_or_die ("XO./.X./..O");
  char text[10];

  ttt_board_clear (&board);
  g_assert_cmpuint (board.x, ==, 0);
  g_assert_cmpuint (board.o, ==, 0);
  g_assert_cmpint (ttt_board_turn (&board), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_ONGOING);
  g_assert_cmpint (ttt_board_n_moves (&board), ==, 0);
  g_assert_cmpuint (ttt_board_winning_cells (&board), ==, 0);
  ttt_board_format (&board, text);
  g_assert_cmpstr (text, ==, ".........");
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_cmpint (ttt_board_get (&board, cell), ==, TTT_MARK_NONE);
}

/* Each line completed by each mark through ttt_board_play(), the loser's
 * moves placed where they make no line of their own. */
static void
test_lines (void)
{
  for (int line = 0; line < TTT_N_LINES; line++)
    {
      unsigned mask = ref_line_mask (line);
      int others[6];
      int n_others = 0;

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        if (!(mask & (1u << cell)))
          others[n_others++] = cell;
      g_assert_cmpint (n_others, ==, 6);

      /* X wins: X takes the line, O two cells off it. */
      {
        int moves[5] = { ref_line_cell (line, 0), others[0], ref_line_cell (line, 1), others[1],
                         ref_line_cell (line, 2) };
        TttBoard board = play_moves (moves, 5);

        g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_X_WINS);
        g_assert_cmpuint (ttt_board_winning_cells (&board), ==, mask);
        g_assert_cmpint (ttt_board_turn (&board), ==, TTT_MARK_NONE);
        for (int j = 0; j < 3; j++)
          g_assert_cmpint (ttt_board_get (&board, ref_line_cell (line, j)), ==, TTT_MARK_X);
      }

      /* O wins: X takes three cells off the line that are not a line. */
      {
        gboolean found = FALSE;

        for (int a = 0; a < 6 && !found; a++)
          for (int b = a + 1; b < 6 && !found; b++)
            for (int c = b + 1; c < 6 && !found; c++)
              {
                unsigned x_cells = (1u << others[a]) | (1u << others[b]) | (1u << others[c]);
                int moves[6] = { others[a], ref_line_cell (line, 0), others[b], ref_line_cell (line, 1),
                                 others[c], ref_line_cell (line, 2) };
                TttBoard board;

                if (ref_completed (x_cells))
                  continue;

                found = TRUE;
                board = play_moves (moves, 6);
                g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_O_WINS);
                g_assert_cmpuint (ttt_board_winning_cells (&board), ==, mask);
                g_assert_cmpint (ttt_board_turn (&board), ==, TTT_MARK_NONE);
                for (int j = 0; j < 3; j++)
                  g_assert_cmpint (ttt_board_get (&board, ref_line_cell (line, j)), ==, TTT_MARK_O);
              }
        g_assert_true (found);
      }
    }
}

static void
test_draw (void)
{
  const int moves[9] = { 0, 1, 2, 4, 3, 5, 7, 6, 8 };
  TttBoard board = play_moves (moves, 9);
  const Positions *p = get_positions ();
  char text[10];

  ttt_board_format (&board, text);
  g_assert_cmpstr (text, ==, "XOXXOOOXX");
  g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_DRAW);
  g_assert_cmpuint (ttt_board_winning_cells (&board), ==, 0);
  g_assert_cmpint (ttt_board_turn (&board), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_board_n_moves (&board), ==, 9);

  /* A full board with a line is a win, not a draw. */
  board = parse_or_die ("XOX/OXO/OXX");
  g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_X_WINS);

  /* Every full board without a line, and only those, is a draw. */
  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      gboolean draw = ref_empty (b) == 0 && ref_completed (b->x) == 0 && ref_completed (b->o) == 0;

      g_assert_cmpint (ttt_board_outcome (b) == TTT_OUTCOME_DRAW, ==, draw);
    }
}

static void
test_turn_order (void)
{
  const int moves[9] = { 4, 0, 8, 2, 1, 7, 6, 3, 5 };
  const Positions *p = get_positions ();
  TttBoard board;

  ttt_board_clear (&board);
  for (int i = 0; i < 9; i++)
    {
      TttMark expected = i % 2 == 0 ? TTT_MARK_X : TTT_MARK_O;

      g_assert_cmpint (ttt_board_n_moves (&board), ==, i);
      g_assert_cmpint (ttt_board_turn (&board), ==, expected);
      g_assert_cmpint (ttt_board_play (&board, moves[i]), ==, TTT_OK);
      g_assert_cmpint (ttt_board_get (&board, moves[i]), ==, expected);
    }

  /* Whose turn it is follows from the counts, until the game ends. */
  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      TttMark expected;

      if (ref_finished (b))
        expected = TTT_MARK_NONE;
      else
        expected = ref_x_to_move (b) ? TTT_MARK_X : TTT_MARK_O;
      g_assert_cmpint (ttt_board_turn (b), ==, expected);
      g_assert_cmpint (ttt_board_n_moves (b), ==, ref_count (b->x | b->o));
    }
}

/* Every position: a move is accepted exactly when the game is on and the cell
 * is empty, it adds the mover's mark and nothing else, and a refusal leaves
 * the board as it was. */
static void
test_play_everywhere (void)
{
  const Positions *p = get_positions ();

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttBoard board = *b;
          TttStatus status = ttt_board_play (&board, cell);

          if (ref_finished (b))
            {
              if (ref_empty (b) & (1u << cell))
                g_assert_cmpint (status, ==, TTT_ERROR_GAME_OVER);
              else
                g_assert_true (status == TTT_ERROR_GAME_OVER || status == TTT_ERROR_OCCUPIED);
              assert_board_equal (b, &board);
            }
          else if (!(ref_empty (b) & (1u << cell)))
            {
              g_assert_cmpint (status, ==, TTT_ERROR_OCCUPIED);
              assert_board_equal (b, &board);
            }
          else
            {
              TttBoard expected = ref_play (b, cell);

              g_assert_cmpint (status, ==, TTT_OK);
              assert_board_equal (&expected, &board);
            }
        }
    }
}

static void
test_winning_cells (void)
{
  const int double_row_column[9] = { 1, 4, 2, 5, 3, 7, 6, 8, 0 };
  const int double_diagonals[9] = { 0, 1, 2, 3, 6, 5, 8, 7, 4 };
  const Positions *p = get_positions ();
  TttBoard board;
  int n_double = 0;

  board = parse_or_die ("XXX/OO./...");
  g_assert_cmpuint (ttt_board_winning_cells (&board), ==, 0x007);
  board = parse_or_die ("XXO/XO./O..");
  g_assert_cmpuint (ttt_board_winning_cells (&board), ==, 0x054);

  /* One move completing two lines at once marks both: five cells. */
  board = play_moves (double_row_column, 9);
  g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmpuint (ttt_board_winning_cells (&board), ==, 0x007 | 0x049);
  g_assert_cmpint (ref_count (ttt_board_winning_cells (&board)), ==, 5);

  board = play_moves (double_diagonals, 9);
  g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmpuint (ttt_board_winning_cells (&board), ==, 0x111 | 0x054);
  g_assert_cmpint (ref_count (ttt_board_winning_cells (&board)), ==, 5);

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      unsigned cells = ttt_board_winning_cells (b);

      g_assert_cmpuint (cells, ==, ref_completed (b->x) | ref_completed (b->o));
      g_assert_true (ref_count (cells) == 0 || ref_count (cells) == 3 || ref_count (cells) == 5);
      n_double += ref_count (cells) == 5;
    }
  g_assert_cmpint (n_double, >, 0);
  g_test_message ("%d reachable positions won with two lines at once", n_double);

  /* The line a view draws: the first of the reference's order within any
   * set of cells, none when no line is whole. */
  for (unsigned cells = 0; cells <= REF_ALL; cells++)
    {
      unsigned expected = 0;

      for (int l = 0; l < REF_N_LINES && expected == 0; l++)
        if ((cells & ref_line_mask (l)) == ref_line_mask (l))
          expected = ref_line_mask (l);
      g_assert_cmpuint (ttt_line_within (cells), ==, expected);
      g_assert_cmpuint (ttt_line_within (cells | ~REF_ALL), ==, expected);
    }

  /* Every line a view draws: all the reference's whole lines, in its
   * order, the first of them the one above. */
  for (unsigned cells = 0; cells <= REF_ALL; cells++)
    {
      unsigned lines[TTT_N_BOARD_LINES];
      int n = ttt_lines_within (cells, lines);
      int expected = 0;

      g_assert_cmpint (ttt_lines_within (cells | ~REF_ALL, NULL), ==, n);
      for (int l = 0; l < REF_N_LINES; l++)
        if ((cells & ref_line_mask (l)) == ref_line_mask (l))
          {
            g_assert_cmpint (expected, <, n);
            g_assert_cmpuint (lines[expected], ==, ref_line_mask (l));
            expected++;
          }
      g_assert_cmpint (n, ==, expected);
      if (n > 0)
        g_assert_cmpuint (lines[0], ==, ttt_line_within (cells));
    }
}

static void
test_out_of_range (void)
{
  const int cells[] = { -1, -2, -9, 9, 10, 16, 100, 1 << 20, INT_MIN, INT_MIN + 1, INT_MAX };
  const char *boards[] = { ".........", "XO./.X./..O", "XXX/OO./...", "XOX/XOO/OXX" };

  for (guint b = 0; b < G_N_ELEMENTS (boards); b++)
    for (guint i = 0; i < G_N_ELEMENTS (cells); i++)
      {
        TttBoard before = parse_or_die (boards[b]);
        TttBoard board = before;

        g_assert_cmpint (ttt_board_play (&board, cells[i]), ==, TTT_ERROR_OUT_OF_RANGE);
        assert_board_equal (&before, &board);
        g_assert_cmpint (ttt_board_get (&board, cells[i]), ==, TTT_MARK_NONE);
      }
}

static void
test_occupied (void)
{
  TttBoard before = parse_or_die ("XO./.X./..O");
  const int occupied[] = { 0, 1, 4, 8 };

  for (guint i = 0; i < G_N_ELEMENTS (occupied); i++)
    {
      TttBoard board = before;

      g_assert_cmpint (ttt_board_play (&board, occupied[i]), ==, TTT_ERROR_OCCUPIED);
      assert_board_equal (&before, &board);
    }

  /* Playing the same cell twice in a row. */
  ttt_board_clear (&before);
  g_assert_cmpint (ttt_board_play (&before, 4), ==, TTT_OK);
  {
    TttBoard board = before;

    g_assert_cmpint (ttt_board_play (&board, 4), ==, TTT_ERROR_OCCUPIED);
    assert_board_equal (&before, &board);
    g_assert_cmpint (ttt_board_turn (&board), ==, TTT_MARK_O);
  }
}

static void
test_game_over (void)
{
  const char *finished[] = {
    "XXX/OO./...",  /* X won */
    "OOO/XX./X..",  /* O won */
    "XOX/XOO/OXX",  /* drawn */
    "XXX/XOO/OXO",  /* X won on the last cell */
  };

  for (guint i = 0; i < G_N_ELEMENTS (finished); i++)
    {
      TttBoard before = parse_or_die (finished[i]);

      g_assert_cmpint (ttt_board_turn (&before), ==, TTT_MARK_NONE);
      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttBoard board = before;
          TttStatus status = ttt_board_play (&board, cell);

          if (ttt_board_get (&before, cell) == TTT_MARK_NONE)
            g_assert_cmpint (status, ==, TTT_ERROR_GAME_OVER);
          else
            g_assert_cmpint (status, !=, TTT_OK);
          assert_board_equal (&before, &board);
        }
    }

  /* Play after a win, reached by playing rather than parsing. */
  {
    const int moves[5] = { 0, 3, 1, 4, 2 };
    TttBoard before = play_moves (moves, 5);
    TttBoard board = before;

    g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_X_WINS);
    g_assert_cmpint (ttt_board_play (&board, 5), ==, TTT_ERROR_GAME_OVER);
    assert_board_equal (&before, &board);
  }
}

/* Boards no game reaches get clear answers: no turn, an invalid outcome,
 * no winning line, and every move refused with the board left as it was. */
static void
assert_unreachable (const TttBoard *before)
{
  g_assert_cmpint (ttt_board_turn (before), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_board_outcome (before), ==, TTT_OUTCOME_INVALID);
  g_assert_cmpuint (ttt_board_winning_cells (before), ==, 0);

  for (int cell = -1; cell <= TTT_N_CELLS; cell++)
    {
      TttBoard board = *before;

      g_assert_cmpint (ttt_board_play (&board, cell), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_cmpint (memcmp (&board, before, sizeof board), ==, 0);
    }
}

static void
test_unreachable (void)
{
  const Positions *p = get_positions ();
  const TttBoard broken[] = {
    { 0x000, 0x001 },  /* O moved first */
    { 0x007, 0x038 },  /* both sides hold a line */
    { 0x007, 0x058 },  /* X won, and O moved after it */
    { 0x01b, 0x1c0 },  /* O won, and X moved after it */
    { 0x003, 0x000 },  /* X moved twice */
    { 0x001, 0x001 },  /* one cell, two marks */
    { 0x200, 0x000 },  /* a cell past the ninth */
    { 0x000, 0x400 },
    { 0xffff, 0xffff },
  };
  int n_unreachable = 0;

  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    assert_unreachable (&broken[i]);

  /* Every encoding a game cannot reach, and none that it can. */
  for (unsigned code = 0; code < TTT_N_CODES; code++)
    {
      TttBoard board = ref_decode (code);

      if (p->reachable[code])
        {
          g_assert_cmpint (ttt_board_outcome (&board), !=, TTT_OUTCOME_INVALID);
          continue;
        }
      assert_unreachable (&board);
      n_unreachable++;
    }
  g_assert_cmpint (n_unreachable, ==, TTT_N_CODES - N_REACHABLE);
}

static void
test_parse_valid (void)
{
  const struct
  {
    const char *text;
    uint16_t    x;
    uint16_t    o;
  } cases[] = {
    { ".........",               0x000, 0x000 },
    { "XO..X...O",               0x011, 0x102 },
    { "XO./.X./..O",             0x011, 0x102 },
    { "X O . / . X . / . . O",   0x011, 0x102 },
    { "X/O/././././././.",       0x001, 0x002 },
    { "XOX/XOO/OXX",             0x18d, 0x072 },
  };
  const Positions *p = get_positions ();

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TttBoard board = { 0x1ff, 0x1ff };

      g_assert_cmpint (ttt_board_parse (&board, cases[i].text), ==, TTT_OK);
      g_assert_cmphex (board.x, ==, cases[i].x);
      g_assert_cmphex (board.o, ==, cases[i].o);
    }

  /* format() and parse() are inverses on every reachable position. */
  for (int i = 0; i < p->n_boards; i++)
    {
      char text[10];
      TttBoard board = { 0, 0 };

      ttt_board_format (&p->boards[i], text);
      g_assert_cmpint (strlen (text), ==, 9);
      g_assert_cmpint (ttt_board_parse (&board, text), ==, TTT_OK);
      assert_board_equal (&p->boards[i], &board);
    }
}

static void
test_parse_invalid (void)
{
  const struct
  {
    const char *why;
    const char *text;
  } cases[] = {
    { "empty",                     "" },
    { "only separators",           "// / //" },
    { "eight cells",               "........" },
    { "eight cells, separated",    "XO./.X./.." },
    { "ten cells",                 ".........." },
    { "ten cells, separated",      "XO./.X./..O/." },
    { "bad character",             "X.O.....-" },
    { "digit",                     "X.O.....0" },
    { "tab is not a separator",    "X.O.\t....." },
    { "newline",                   "X.O/...\n/..." },
    { "comma",                     "X,O,.,.,.,.,.,.,." },
    { "non-ASCII",                 "X\xc2\xb7O......" },
    { "lowercase x",               "x........" },
    { "lowercase o",               "XO.......o" },
    { "lowercase both",            "xo......." },
    { "O moved first",             "O........" },
    { "too many O",                "XOO......" },
    { "too many O, full",          "OXO/XOX/OXO" },
    { "two X, no O",               "XX......." },
    { "too many X",                "XX.O.X..." },
    { "too many X, full",          "XXO/XXO/OXX" },
    { "both win",                  "XXX/OOO/..." },
    { "both win, columns",         "XO./XO./XO." },
    { "X wins on O's count",       "XXX/OO./O.." },
    { "O wins on X's count",       "OOO/XX./XX." },
    { "X kept playing after O won", "OOO/X.X/.XX" },
    { "O kept playing after X won", "XXX/O.O/.O." },
  };
  const TttBoard before = parse_or_die ("XO./.X./..O");

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      TttBoard board = before;
      TttStatus status = ttt_board_parse (&board, cases[i].text);

      if (status != TTT_ERROR_INVALID_TEXT)
        g_error ("parse (\"%s\") [%s] gave %s", cases[i].text, cases[i].why,
                 ttt_status_to_string (status));
      assert_board_equal (&before, &board);
    }
}

static void
test_null_arguments (void)
{
  const TttBoard before = parse_or_die ("XO./.X./..O");
  TttBoard board = before;
  uint64_t rng = 1;

  g_assert_cmpint (ttt_board_parse (NULL, "........."), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_board_parse (&board, NULL), !=, TTT_OK);
  assert_board_equal (&before, &board);
  g_assert_cmpint (ttt_board_play (NULL, 4), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_board_play (NULL, -1), !=, TTT_OK);

  ttt_board_clear (NULL);
  ttt_board_format (&board, NULL);
  assert_board_equal (&before, &board);
  g_assert_cmpint (ttt_board_get (NULL, 0), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_board_turn (NULL), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_board_outcome (NULL), ==, TTT_OUTCOME_INVALID);
  g_assert_cmpuint (ttt_board_winning_cells (NULL), ==, 0);
  g_assert_cmpint (ttt_board_n_moves (NULL), ==, 0);
  g_assert_cmpint (ttt_solver_score (NULL), ==, TTT_SCORE_INVALID);
  g_assert_cmpuint (ttt_solver_best_moves (NULL), ==, 0);
  g_assert_cmpint (ttt_ai_choose (NULL, TTT_LEVEL_HARD, &rng), ==, -1);
  g_assert_cmpint (ttt_ai_choose (&board, TTT_LEVEL_HARD, NULL), ==, -1);
}

/* Enumeration */

static void
test_enumerate_games (void)
{
  const Positions *p = get_positions ();

  g_assert_cmpint (p->n_boards, ==, N_REACHABLE);
  g_assert_cmpint (p->n_finished, ==, N_FINISHED);
  g_assert_cmpint (p->n_x_wins, ==, 626);
  g_assert_cmpint (p->n_o_wins, ==, 316);
  g_assert_cmpint (p->n_draws, ==, 16);

  /* The engine's walk agrees with the reference rules. */
  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];

      g_assert_cmpint (ttt_board_outcome (b) != TTT_OUTCOME_ONGOING, ==, ref_finished (b));
      g_assert_cmpint (ref_count (b->x) - ref_count (b->o), >=, 0);
      g_assert_cmpint (ref_count (b->x) - ref_count (b->o), <=, 1);
    }
  g_test_message ("%d reachable positions, %d finished (%d X wins, %d O wins, %d draws)",
                  p->n_boards, p->n_finished, p->n_x_wins, p->n_o_wins, p->n_draws);
}

/* The parser accepts exactly the positions a game can reach. */
static void
test_enumerate_encodings (void)
{
  const Positions *p = get_positions ();
  int n_accepted = 0;

  for (unsigned code = 0; code < TTT_N_CODES; code++)
    {
      TttBoard expected = ref_decode (code);
      TttBoard board = { 0x1ff, 0x1ff };
      char text[12];
      TttStatus status;

      ref_format (&expected, text);
      status = ttt_board_parse (&board, text);
      if (p->reachable[code])
        {
          if (status != TTT_OK)
            g_error ("reachable %s refused: %s", text, ttt_status_to_string (status));
          assert_board_equal (&expected, &board);
          n_accepted++;
        }
      else
        {
          const TttBoard untouched = { 0x1ff, 0x1ff };

          if (status != TTT_ERROR_INVALID_TEXT)
            g_error ("unreachable %s gave %s", text, ttt_status_to_string (status));
          assert_board_equal (&untouched, &board);
        }
    }
  g_assert_cmpint (n_accepted, ==, N_REACHABLE);
}

/* Solver */

static void
test_solver_differential (void)
{
  const Positions *p = get_positions ();
  int n_unreachable = 0;

  for (unsigned code = 0; code < TTT_N_CODES; code++)
    {
      TttBoard board = ref_decode (code);
      int score = ttt_solver_score (&board);

      if (p->reachable[code])
        {
          if (score != p->scores[code])
            {
              char text[12];

              g_error ("%s: solver %d, minimax %d", ref_format (&board, text), score,
                       p->scores[code]);
            }
          g_assert_cmpint (score, >=, -TTT_SCORE_MAX);
          g_assert_cmpint (score, <, TTT_SCORE_MAX);
          if (ttt_board_outcome (&board) == TTT_OUTCOME_DRAW)
            g_assert_cmpint (score, ==, 0);
          else if (ttt_board_outcome (&board) != TTT_OUTCOME_ONGOING)
            g_assert_cmpint (score, ==, -TTT_SCORE_MAX);
        }
      else
        {
          g_assert_cmpint (score, ==, TTT_SCORE_INVALID);
          g_assert_cmpuint (ttt_solver_best_moves (&board), ==, 0);
          n_unreachable++;
        }
    }
  g_assert_cmpint (n_unreachable, ==, TTT_N_CODES - N_REACHABLE);

  /* Masks that are not boards at all. */
  {
    const TttBoard broken[] = { { 0x001, 0x001 }, { 0x200, 0x000 }, { 0x000, 0x400 },
                                { 0xffff, 0xffff } };

    for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
      {
        uint64_t rng = 7;

        g_assert_cmpint (ttt_solver_score (&broken[i]), ==, TTT_SCORE_INVALID);
        g_assert_cmpuint (ttt_solver_best_moves (&broken[i]), ==, 0);
        g_assert_cmpint (ttt_ai_choose (&broken[i], TTT_LEVEL_HARD, &rng), ==, -1);
      }
  }
}

static void
test_solver_empty_board (void)
{
  TttBoard board;

  ttt_board_clear (&board);
  g_assert_cmpint (ttt_solver_score (&board), ==, 0);
  g_assert_cmpint (ref_score (&board), ==, 0);
  /* Every first move draws with perfect play. */
  g_assert_cmpuint (ttt_solver_best_moves (&board), ==, 0x1ff);
}

/* The best-move mask holds exactly the moves that keep the position's value. */
static void
test_solver_best_moves (void)
{
  const Positions *p = get_positions ();

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      int score = p->scores[ref_code (b)];
      unsigned expected = 0;
      int best_value = INT_MIN;

      if (ref_finished (b))
        {
          g_assert_cmpuint (ttt_solver_best_moves (b), ==, 0);
          continue;
        }

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        if (ref_empty (b) & (1u << cell))
          {
            TttBoard child = ref_play (b, cell);
            int value = ref_parent_value (p->scores[ref_code (&child)]);

            best_value = MAX (best_value, value);
            if (value == score)
              expected |= 1u << cell;
          }
      g_assert_cmpint (best_value, ==, score);
      g_assert_cmpuint (expected, !=, 0);
      g_assert_cmphex (ttt_solver_best_moves (b), ==, expected);
    }
}

static void
test_solver_tables (void)
{
  int8_t *scores = g_new (int8_t, TTT_N_CODES);
  uint16_t *best = g_new (uint16_t, TTT_N_CODES);
  uint16_t *traps = g_new (uint16_t, TTT_N_CODES);
  int64_t *values = g_new (int64_t, TTT_N_CODES);

  ttt_solve_all (scores, best);
  g_assert_cmpmem (scores, TTT_N_CODES, ttt_score_table, TTT_N_CODES);
  g_assert_cmpmem (best, TTT_N_CODES * sizeof best[0], ttt_best_table,
                   TTT_N_CODES * sizeof ttt_best_table[0]);
  ttt_solve_traps (scores, best, traps, values);
  g_assert_cmpmem (traps, TTT_N_CODES * sizeof traps[0], ttt_trap_table,
                   TTT_N_CODES * sizeof ttt_trap_table[0]);

  for (unsigned mask = 0; mask < 512; mask++)
    {
      TttBoard x_only = { (uint16_t) mask, 0 };

      g_assert_cmpuint (ttt_ternary_table[mask], ==, ttt_ternary (mask));
      g_assert_cmpuint (ttt_ternary_table[mask], ==, ref_code (&x_only));
    }

  g_free (scores);
  g_free (best);
  g_free (traps);
  g_free (values);
}

/* Hard */

typedef struct
{
  guint64 n_games;
  guint64 n_wins;
  guint64 n_draws;
  guint64 n_losses;
} Tally;

/* Every game Hard can play against every sequence of replies: at Hard's turn
 * the game branches on each move Hard might choose, at the opponent's on
 * every empty cell. */
static void
hard_all_games (const TttBoard *board,
                TttMark         hard,
                Tally          *tally)
{
  TttOutcome outcome = ttt_board_outcome (board);
  unsigned moves;

  if (outcome != TTT_OUTCOME_ONGOING)
    {
      tally->n_games++;
      if (outcome == TTT_OUTCOME_DRAW)
        tally->n_draws++;
      else if ((outcome == TTT_OUTCOME_X_WINS) == (hard == TTT_MARK_X))
        tally->n_wins++;
      else
        {
          char text[12];

          tally->n_losses++;
          g_test_message ("Hard lost: %s", ref_format (board, text));
        }
      return;
    }

  if (ttt_board_turn (board) == hard)
    {
      moves = ttt_solver_best_moves (board);
      /* An empty mask would end the walk without counting a game. */
      g_assert_cmpuint (moves, !=, 0);
      for (uint64_t seed = 0; seed < 4; seed++)
        {
          uint64_t rng = seed * 0x9e3779b97f4a7c15u + ref_code (board);
          int cell = ttt_ai_choose (board, TTT_LEVEL_HARD, &rng);

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          g_assert_true (moves & (1u << cell));
        }
    }
  else
    {
      moves = ref_empty (board);
    }

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (moves & (1u << cell))
      {
        TttBoard child = *board;

        g_assert_cmpint (ttt_board_play (&child, cell), ==, TTT_OK);
        hard_all_games (&child, hard, tally);
      }
}

static void
test_hard_never_loses (void)
{
  TttBoard empty;
  Tally first = { 0 };
  Tally second = { 0 };

  ttt_board_clear (&empty);
  hard_all_games (&empty, TTT_MARK_X, &first);
  hard_all_games (&empty, TTT_MARK_O, &second);

  g_test_message ("Hard moving first: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
                  " won, %" G_GUINT64_FORMAT " drawn, %" G_GUINT64_FORMAT " lost",
                  first.n_games, first.n_wins, first.n_draws, first.n_losses);
  g_test_message ("Hard moving second: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
                  " won, %" G_GUINT64_FORMAT " drawn, %" G_GUINT64_FORMAT " lost",
                  second.n_games, second.n_wins, second.n_draws, second.n_losses);
  g_test_message ("Hard: %" G_GUINT64_FORMAT " games checked in all, none lost",
                  first.n_games + second.n_games);

  g_assert_cmpuint (first.n_losses, ==, 0);
  g_assert_cmpuint (second.n_losses, ==, 0);
  g_assert_cmpuint (first.n_games, >, 0);
  g_assert_cmpuint (second.n_games, >, 0);
  g_assert_cmpuint (first.n_wins + first.n_draws, ==, first.n_games);
  g_assert_cmpuint (second.n_wins + second.n_draws, ==, second.n_games);
}

/* The same from every position that is not already lost for the side to
 * move (a game picked up in the middle, say), with Hard playing that side. */
static void
test_hard_never_loses_anywhere (void)
{
  const Positions *p = get_positions ();
  Tally all = { 0 };
  int n_roots = 0;

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];

      if (ref_finished (b) || p->scores[ref_code (b)] < 0)
        continue;
      n_roots++;
      hard_all_games (b, ref_x_to_move (b) ? TTT_MARK_X : TTT_MARK_O, &all);
    }

  g_test_message ("Hard from %d positions: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT
                  " won, %" G_GUINT64_FORMAT " drawn, %" G_GUINT64_FORMAT " lost",
                  n_roots, all.n_games, all.n_wins, all.n_draws, all.n_losses);
  g_assert_cmpint (n_roots, >, 0);
  g_assert_cmpuint (all.n_losses, ==, 0);
  g_assert_cmpuint (all.n_wins + all.n_draws, ==, all.n_games);
}

/* From every position Hard's move keeps the position's value, which is the
 * fastest win or the slowest loss. (Which of those moves it tries is
 * /engine/hard/traps's to check.) */
static void
test_hard_optimal (void)
{
  const Positions *p = get_positions ();

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      int score = p->scores[ref_code (b)];
      unsigned optimal = 0;
      unsigned chosen = 0;

      if (ref_finished (b))
        continue;

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        if (ref_empty (b) & (1u << cell))
          {
            TttBoard child = ref_play (b, cell);

            if (ref_parent_value (p->scores[ref_code (&child)]) == score)
              optimal |= 1u << cell;
          }

      for (uint64_t seed = 0; seed < 64; seed++)
        {
          uint64_t rng = seed;
          int cell = ttt_ai_choose (b, TTT_LEVEL_HARD, &rng);
          TttBoard child;

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          g_assert_true (ref_empty (b) & (1u << cell));
          child = ref_play (b, cell);
          if (ref_parent_value (p->scores[ref_code (&child)]) != score)
            {
              char text[12];

              g_error ("%s (value %d): Hard played %d worth %d", ref_format (b, text), score,
                       cell, ref_parent_value (p->scores[ref_code (&child)]));
            }
          chosen |= 1u << cell;
        }
      g_assert_cmphex (chosen & ~optimal, ==, 0);
    }
}

/* Two perfect players always draw, whatever their seeds. */
static void
test_hard_self_play (void)
{
  for (uint64_t seed = 0; seed < 2000; seed++)
    {
      uint64_t rng_x = seed;
      uint64_t rng_o = ~seed;
      TttBoard board;

      ttt_board_clear (&board);
      while (ttt_board_outcome (&board) == TTT_OUTCOME_ONGOING)
        {
          uint64_t *rng = ttt_board_turn (&board) == TTT_MARK_X ? &rng_x : &rng_o;

          g_assert_cmpint (ttt_board_play (&board, ttt_ai_choose (&board, TTT_LEVEL_HARD, rng)),
                           ==, TTT_OK);
        }
      g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_DRAW);
    }
}

/* Medium */

static void
test_medium_rules (void)
{
  const Positions *p = get_positions ();
  int n_rule[5] = { 0 };

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      unsigned candidates;
      unsigned chosen = 0;
      int rule;

      if (ref_finished (b))
        continue;

      candidates = ref_medium_cells (b, &rule);
      n_rule[rule]++;

      for (uint64_t seed = 0; seed < 64; seed++)
        {
          uint64_t rng = seed;
          int cell = ttt_ai_choose (b, TTT_LEVEL_MEDIUM, &rng);
          char text[12];

          if (cell < 0 || cell >= TTT_N_CELLS || !(candidates & (1u << cell)))
            g_error ("%s: Medium played %d, rule %d allows 0x%03x", ref_format (b, text), cell,
                     rule, candidates);
          chosen |= 1u << cell;

          if (rule == 0)
            {
              TttBoard child = *b;
              TttOutcome wins = ref_x_to_move (b) ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS;

              g_assert_cmpint (ttt_board_play (&child, cell), ==, TTT_OK);
              g_assert_cmpint (ttt_board_outcome (&child), ==, wins);
            }
        }

      /* The corner is picked at random among the free ones. */
      if (rule == 3)
        g_assert_cmphex (chosen, ==, candidates);
    }

  g_test_message ("Medium positions: %d win, %d block, %d centre, %d corner, %d side",
                  n_rule[0], n_rule[1], n_rule[2], n_rule[3], n_rule[4]);
  for (int rule = 0; rule < 5; rule++)
    g_assert_cmpint (n_rule[rule], >, 0);
}

/* Whether @human can force a win whatever Medium's rules let it choose. */
static gboolean
beats_medium (const TttBoard *board,
              TttMark         human)
{
  TttOutcome outcome = ttt_board_outcome (board);
  gboolean human_to_move;
  unsigned moves;

  if (outcome != TTT_OUTCOME_ONGOING)
    return outcome == (human == TTT_MARK_X ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS);

  human_to_move = ttt_board_turn (board) == human;
  moves = human_to_move ? ref_empty (board) : ref_medium_cells (board, NULL);

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (moves & (1u << cell))
      {
        TttBoard child = ref_play (board, cell);
        gboolean won = beats_medium (&child, human);

        if (human_to_move && won)
          return TRUE;
        if (!human_to_move && !won)
          return FALSE;
      }

  return !human_to_move;
}

static int
human_winning_move (const TttBoard *board,
                    TttMark         human)
{
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ref_empty (board) & (1u << cell))
      {
        TttBoard child = ref_play (board, cell);

        if (beats_medium (&child, human))
          return cell;
      }

  return -1;
}

static void
test_medium_fork (void)
{
  TttBoard empty;
  GString *line = g_string_new (NULL);
  gboolean forked = FALSE;

  ttt_board_clear (&empty);
  g_assert_true (beats_medium (&empty, TTT_MARK_X));

  /* The strategy wins against the real Medium whatever its seed. */
  for (uint64_t seed = 0; seed < 1000; seed++)
    {
      TttBoard board = empty;
      uint64_t rng = seed;

      while (ttt_board_outcome (&board) == TTT_OUTCOME_ONGOING)
        {
          gboolean human = ttt_board_turn (&board) == TTT_MARK_X;
          int cell;

          if (human)
            cell = human_winning_move (&board, TTT_MARK_X);
          else
            cell = ttt_ai_choose (&board, TTT_LEVEL_MEDIUM, &rng);
          g_assert_cmpint (cell, >=, 0);

          if (seed == 0)
            {
              unsigned threats;

              g_string_append_printf (line, "%s%c %d", line->len ? ", " : "",
                                      human ? 'X' : 'O', cell);
              g_assert_cmpint (ttt_board_play (&board, cell), ==, TTT_OK);

              /* A fork: the human leaves two winning cells, Medium can block one. */
              threats = ref_threats (board.x, ref_empty (&board));
              if (human && ref_count (threats) >= 2 &&
                  ref_threats (board.o, ref_empty (&board)) == 0)
                forked = TRUE;
            }
          else
            {
              g_assert_cmpint (ttt_board_play (&board, cell), ==, TTT_OK);
            }
        }
      g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_X_WINS);

      if (seed == 0)
        {
          char text[12];

          g_test_message ("fork line beating Medium (human X first, Medium O): %s -> %s, X wins",
                          line->str, ref_format (&board, text));
        }
    }
  g_assert_true (forked);

  g_string_free (line, TRUE);
}

/* Hard's traps */

/* The opponent model Hard sets its traps for, written again from its
 * description in ttt-solve.c: at each move, half the time a uniformly random
 * empty cell, half the time one of Medium's cells (ref_medium_cells(), the
 * reference's reading of Medium's rules). The reference works in
 * doubles from a fixed Hard mark (+1 Hard won, −1 lost) with textbook
 * recursion over the reference rules and minimax scores, where the
 * generator works in exact integers for the side to move. */

typedef struct
{
  gboolean known[2][TTT_N_CODES];
  double   values[2][TTT_N_CODES];  /* [Hard is O][code] */
} ModelValues;

static ModelValues *model_values;

static double
ref_model_value (const TttBoard *b,
                 gboolean        hard_is_x)
{
  unsigned code = ref_code (b);
  unsigned empty = ref_empty (b);
  double value;

  if (model_values->known[!hard_is_x][code])
    return model_values->values[!hard_is_x][code];

  if (ref_completed (b->x) != 0)
    value = hard_is_x ? 1 : -1;
  else if (ref_completed (b->o) != 0)
    value = hard_is_x ? -1 : 1;
  else if (empty == 0)
    value = 0;
  else if (ref_x_to_move (b) == hard_is_x)
    {
      unsigned optimal = ref_best_moves (b);

      value = -2;
      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        if (optimal & (1u << cell))
          {
            TttBoard child = ref_play (b, cell);

            value = MAX (value, ref_model_value (&child, hard_is_x));
          }
    }
  else
    {
      int rule;
      unsigned medium = ref_medium_cells (b, &rule);

      value = 0;
      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        if (empty & (1u << cell))
          {
            TttBoard child = ref_play (b, cell);
            double odds = 0.5 / ref_count (empty);

            if (medium & (1u << cell))
              odds += 0.5 / ref_count (medium);
            value += odds * ref_model_value (&child, hard_is_x);
          }
    }

  model_values->known[!hard_is_x][code] = TRUE;
  model_values->values[!hard_is_x][code] = value;

  return value;
}

/* The cells the reference would play on @b as the side to move: those of
 * ref_best_moves() worth the most against the model. Their worth, and the
 * next one down, go to @value and @next (−2 when all tie). */
static unsigned
ref_traps (const TttBoard *b,
           double         *value,
           double         *next)
{
  gboolean hard_is_x = ref_x_to_move (b);
  unsigned optimal = ref_best_moves (b);
  unsigned traps = 0;

  *value = ref_model_value (b, hard_is_x);
  *next = -2;
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (optimal & (1u << cell))
      {
        TttBoard child = ref_play (b, cell);
        double v = ref_model_value (&child, hard_is_x);

        if (ABS (v - *value) < 1e-12)
          traps |= 1u << cell;
        else
          *next = MAX (*next, v);
      }

  return traps;
}

/* On every reachable position, the generator's values are the reference's,
 * its table holds the reference's cells, and Hard plays each of them and
 * nothing else. */
static void
test_hard_traps (void)
{
  const Positions *p = get_positions ();
  int8_t *scores = g_new (int8_t, TTT_N_CODES);
  uint16_t *best = g_new (uint16_t, TTT_N_CODES);
  uint16_t *traps = g_new (uint16_t, TTT_N_CODES);
  int64_t *values = g_new (int64_t, TTT_N_CODES);
  double closest = 2;
  int n_narrowed = 0;
  int n_ongoing = 0;

  model_values = g_new0 (ModelValues, 1);
  ttt_solve_all (scores, best);
  ttt_solve_traps (scores, best, traps, values);

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      unsigned code = ref_code (b);
      double expected = ref_model_value (b, ref_x_to_move (b));
      double value = (double) values[code] / (double) ttt_trap_unit (ref_count (ref_empty (b)));
      unsigned cells;
      unsigned chosen = 0;
      double next;
      char text[12];

      if (ABS (value - expected) > 1e-12)
        g_error ("%s: generator expects %.15f, reference %.15f", ref_format (b, text), value,
                 expected);

      if (ref_finished (b))
        {
          g_assert_cmphex (ttt_trap_table[code], ==, 0);
          continue;
        }
      n_ongoing++;

      cells = ref_traps (b, &expected, &next);
      g_assert_cmphex (cells, !=, 0);
      if (ttt_trap_table[code] != cells)
        g_error ("%s: trap table 0x%03x, reference 0x%03x", ref_format (b, text),
                 ttt_trap_table[code], cells);
      if (cells != ref_best_moves (b))
        n_narrowed++;
      /* The doubles must leave no doubt which cells tie. */
      if (next > -2)
        closest = MIN (closest, expected - next);

      for (uint64_t seed = 0; seed < 64; seed++)
        {
          uint64_t rng = seed * 0x9e3779b97f4a7c15u;
          int cell = ttt_ai_choose (b, TTT_LEVEL_HARD, &rng);

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          chosen |= 1u << cell;
        }
      if (chosen != cells)
        g_error ("%s: Hard played 0x%03x over 64 seeds, the traps are 0x%03x",
                 ref_format (b, text), chosen, cells);
    }

  g_test_message ("traps: %d of %d positions narrowed below the best cells; the closest "
                  "cell not taken is %.3g below the trap", n_narrowed, n_ongoing, closest);
  g_assert_cmpint (n_narrowed, >, 0);
  g_assert_cmpfloat (closest, >, 1e-9);

  g_clear_pointer (&model_values, g_free);
  g_free (scores);
  g_free (best);
  g_free (traps);
  g_free (values);
}

/* Hard's first move as X still varies, among the cells the model ties. */
static void
test_hard_varies (void)
{
  TttBoard empty;
  unsigned chosen = 0;
  double value, next;

  ttt_board_clear (&empty);
  model_values = g_new0 (ModelValues, 1);

  for (uint64_t seed = 0; seed < 200; seed++)
    {
      uint64_t rng = seed;

      chosen |= 1u << ttt_ai_choose (&empty, TTT_LEVEL_HARD, &rng);
    }
  g_assert_cmphex (chosen, ==, ref_traps (&empty, &value, &next));
  g_assert_cmpint (ref_count (chosen), >, 1);
  /* As documented: the four corners, which the model prefers to the centre
   * and the sides. */
  g_assert_cmphex (chosen, ==, (1u << 0) | (1u << 2) | (1u << 6) | (1u << 8));
  g_test_message ("Hard's first move: any corner, %.4f against the model (next best %.4f)",
                  value, next);

  g_clear_pointer (&model_values, g_free);
}

/* Easy */

static void
test_easy_legal (void)
{
  const Positions *p = get_positions ();

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      unsigned used = 0;

      if (ref_finished (b))
        continue;

      for (uint64_t seed = 0; seed < 256; seed++)
        {
          uint64_t rng = seed;
          int cell = ttt_ai_choose (b, TTT_LEVEL_EASY, &rng);

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          g_assert_true (ref_empty (b) & (1u << cell));
          used |= 1u << cell;
        }
      g_assert_cmphex (used, ==, ref_empty (b));
    }
}

/* Pearson's chi-square of Easy's choices on @text against a uniform spread.
 * The bound is loose (far beyond the 99.99th percentile) because the seeds
 * are fixed: the test can only fail on a real bias. */
static void
check_easy_uniform (const char *text,
                    int         n_draws)
{
  TttBoard board = parse_or_die (text);
  unsigned empty = ref_empty (&board);
  int n_empty = ref_count (empty);
  int counts[TTT_N_CELLS] = { 0 };
  double expected = (double) n_draws / n_empty;
  double chi2 = 0;
  uint64_t rng = 0x5eed;

  for (int i = 0; i < n_draws; i++)
    {
      int cell = ttt_ai_choose (&board, TTT_LEVEL_EASY, &rng);

      g_assert_cmpint (cell, >=, 0);
      g_assert_cmpint (cell, <, TTT_N_CELLS);
      counts[cell]++;
    }

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      if (!(empty & (1u << cell)))
        {
          g_assert_cmpint (counts[cell], ==, 0);
          continue;
        }
      chi2 += (counts[cell] - expected) * (counts[cell] - expected) / expected;
    }

  g_test_message ("Easy on %s: chi-square %.2f with %d degrees of freedom", text, chi2,
                  n_empty - 1);
  /* Twice the degrees of freedom plus 25 is beyond p = 1e-5 for 1–8 dof. */
  g_assert_cmpfloat (chi2, <, 2.0 * (n_empty - 1) + 25.0);
}

static void
test_easy_uniform (void)
{
  check_easy_uniform (".........", 90000);
  check_easy_uniform ("X.O/.X./..O", 60000);
  check_easy_uniform ("XOX/OX./.O.", 30000);
}

/* Reproducibility */

static int
self_play (TttLevel  level,
           uint64_t  seed,
           int       moves[TTT_N_CELLS])
{
  TttBoard board;
  uint64_t rng = seed;
  int n = 0;

  ttt_board_clear (&board);
  while (ttt_board_outcome (&board) == TTT_OUTCOME_ONGOING)
    {
      moves[n] = ttt_ai_choose (&board, level, &rng);
      g_assert_cmpint (ttt_board_play (&board, moves[n]), ==, TTT_OK);
      n++;
    }

  return n;
}

static void
test_same_seed (void)
{
  const uint64_t seeds[] = { 0, 1, 2, 42, 0xdeadbeef, UINT64_MAX, UINT64_MAX / 3 };
  const TttLevel levels[] = { TTT_LEVEL_EASY, TTT_LEVEL_MEDIUM, TTT_LEVEL_HARD };
  const Positions *p = get_positions ();

  for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
    for (guint s = 0; s < G_N_ELEMENTS (seeds); s++)
      {
        int first[TTT_N_CELLS];
        int again[TTT_N_CELLS];
        int n = self_play (levels[l], seeds[s], first);

        g_assert_cmpint (self_play (levels[l], seeds[s], again), ==, n);
        g_assert_cmpmem (first, n * sizeof (int), again, n * sizeof (int));
      }

  /* A move depends on the board and the seed only, and advances the seed the
   * same way each time. */
  for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
    for (int i = 0; i < p->n_boards; i++)
      {
        uint64_t rng_a = (uint64_t) i * 0x2545f4914f6cdd1du;
        uint64_t rng_b = rng_a;
        int a = ttt_ai_choose (&p->boards[i], levels[l], &rng_a);
        int b = ttt_ai_choose (&p->boards[i], levels[l], &rng_b);

        g_assert_cmpint (a, ==, b);
        g_assert_cmpuint (rng_a, ==, rng_b);
      }
}

static void
test_different_seeds (void)
{
  GHashTable *games = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_seeds = 200;

  for (uint64_t seed = 0; seed < n_seeds; seed++)
    {
      int moves[TTT_N_CELLS];
      int n = self_play (TTT_LEVEL_EASY, seed, moves);
      char key[TTT_N_CELLS + 1];

      for (int i = 0; i < n; i++)
        key[i] = (char) ('0' + moves[i]);
      key[n] = '\0';
      g_hash_table_add (games, g_strdup (key));
    }

  g_test_message ("Easy self-play: %u distinct games from %u seeds",
                  g_hash_table_size (games), n_seeds);
  g_assert_cmpuint (g_hash_table_size (games), >, n_seeds * 9 / 10);

  g_hash_table_unref (games);
}

/* The generator callers share with the engine: SplitMix64, checked
 * against the first values of its published reference for seed 0, and a
 * NULL state refused without a crash. */
static void
test_rng_next (void)
{
  static const uint64_t expected[] = {
    UINT64_C (0xe220a8397b1dcdaf), UINT64_C (0x6e789e6aa1b965f4), UINT64_C (0x06c45d188009454f),
  };
  uint64_t state = 0;
  uint64_t again = 0;

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmphex (ttt_rng_next (&state), ==, expected[i]);

  /* The state is all there is: one value, then the same sequence. */
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    ttt_rng_next (&again);
  g_assert_cmphex (again, ==, state);
  g_assert_cmphex (ttt_rng_next (NULL), ==, 0);

  /* ttt_ai_choose() draws from the same sequence: Easy's first move from
   * seed 0 is the cell the first value picks among all nine. */
  {
    uint64_t rng = 0;
    uint64_t probe = 0;
    uint64_t value;
    TttBoard board;

    ttt_board_clear (&board);
    do
      value = ttt_rng_next (&probe);
    while (value >= UINT64_MAX - UINT64_MAX % 9);
    g_assert_cmpint (ttt_ai_choose (&board, TTT_LEVEL_EASY, &rng), ==, (int) (value % 9));
    g_assert_cmphex (rng, ==, probe);
  }
}

static void
test_choose_refuses (void)
{
  const TttLevel levels[] = { TTT_LEVEL_EASY, TTT_LEVEL_MEDIUM, TTT_LEVEL_HARD };
  const Positions *p = get_positions ();
  TttBoard board;
  uint64_t rng = 3;
  int n_finished = 0;

  for (int i = 0; i < p->n_boards; i++)
    {
      if (!ref_finished (&p->boards[i]))
        continue;
      n_finished++;
      for (guint l = 0; l < G_N_ELEMENTS (levels); l++)
        g_assert_cmpint (ttt_ai_choose (&p->boards[i], levels[l], &rng), ==, -1);
    }
  g_assert_cmpint (n_finished, ==, N_FINISHED);

  ttt_board_clear (&board);
  g_assert_cmpint (ttt_ai_choose (&board, (TttLevel) 3, &rng), ==, -1);
  g_assert_cmpint (ttt_ai_choose (&board, (TttLevel) -1, &rng), ==, -1);
  g_assert_cmpint (ttt_ai_choose (&board, (TttLevel) 1000, &rng), ==, -1);
  g_assert_cmpint (ttt_ai_choose (NULL, TTT_LEVEL_EASY, &rng), ==, -1);
  g_assert_cmpint (ttt_ai_choose (&board, TTT_LEVEL_EASY, NULL), ==, -1);
  g_assert_cmpint (ttt_ai_choose (&board, TTT_LEVEL_MEDIUM, NULL), ==, -1);

  /* A valid call still works after all the refusals. */
  g_assert_cmpint (ttt_ai_choose (&board, TTT_LEVEL_MEDIUM, &rng), ==, 4);
}

/* Threads: the engine has no shared mutable state, so concurrent callers
 * each on their own seed get exactly what one caller gets. */

#define N_THREADS 4

typedef struct
{
  uint64_t seed;
  int     *choices;  /* 3 levels × every position */
} ThreadJob;

static void
choose_everywhere (uint64_t  seed,
                   int      *choices)
{
  const Positions *p = get_positions ();
  uint64_t rng = seed;
  int k = 0;

  for (int round = 0; round < 4; round++)
    for (TttLevel level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
      for (int i = 0; i < p->n_boards; i++)
        choices[k++] = ttt_ai_choose (&p->boards[i], level, &rng);
}

static gpointer
thread_main (gpointer data)
{
  ThreadJob *job = data;

  choose_everywhere (job->seed, job->choices);

  return NULL;
}

static void
test_threads (void)
{
  const Positions *p = get_positions ();
  gsize n = 4 * 3 * (gsize) p->n_boards;
  ThreadJob jobs[N_THREADS];
  GThread *threads[N_THREADS];

  for (int t = 0; t < N_THREADS; t++)
    {
      jobs[t].seed = (uint64_t) t * 1000003u + 17;
      jobs[t].choices = g_new0 (int, n);
      threads[t] = g_thread_new ("chooser", thread_main, &jobs[t]);
    }

  for (int t = 0; t < N_THREADS; t++)
    {
      g_autofree int *serial = g_new0 (int, n);

      g_thread_join (threads[t]);
      choose_everywhere (jobs[t].seed, serial);
      g_assert_cmpmem (jobs[t].choices, n * sizeof (int), serial, n * sizeof (int));
      g_free (jobs[t].choices);
    }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/rules/status-codes", test_status_codes);
  g_test_add_func ("/engine/rules/clear", test_clear);
  g_test_add_func ("/engine/rules/lines", test_lines);
  g_test_add_func ("/engine/rules/draw", test_draw);
  g_test_add_func ("/engine/rules/turn-order", test_turn_order);
  g_test_add_func ("/engine/rules/play-everywhere", test_play_everywhere);
  g_test_add_func ("/engine/rules/winning-cells", test_winning_cells);
  g_test_add_func ("/engine/rules/error/out-of-range", test_out_of_range);
  g_test_add_func ("/engine/rules/error/occupied", test_occupied);
  g_test_add_func ("/engine/rules/error/game-over", test_game_over);
  g_test_add_func ("/engine/rules/error/unreachable", test_unreachable);
  g_test_add_func ("/engine/rules/parse/valid", test_parse_valid);
  g_test_add_func ("/engine/rules/parse/invalid", test_parse_invalid);
  g_test_add_func ("/engine/rules/null-arguments", test_null_arguments);
  g_test_add_func ("/engine/enumeration/games", test_enumerate_games);
  g_test_add_func ("/engine/enumeration/encodings", test_enumerate_encodings);
  g_test_add_func ("/engine/solver/differential", test_solver_differential);
  g_test_add_func ("/engine/solver/empty-board", test_solver_empty_board);
  g_test_add_func ("/engine/solver/best-moves", test_solver_best_moves);
  g_test_add_func ("/engine/solver/tables", test_solver_tables);
  g_test_add_func ("/engine/hard/never-loses", test_hard_never_loses);
  g_test_add_func ("/engine/hard/never-loses-anywhere", test_hard_never_loses_anywhere);
  g_test_add_func ("/engine/hard/optimal", test_hard_optimal);
  g_test_add_func ("/engine/hard/traps", test_hard_traps);
  g_test_add_func ("/engine/hard/varies", test_hard_varies);
  g_test_add_func ("/engine/hard/self-play", test_hard_self_play);
  g_test_add_func ("/engine/medium/rules", test_medium_rules);
  g_test_add_func ("/engine/medium/fork", test_medium_fork);
  g_test_add_func ("/engine/easy/legal", test_easy_legal);
  g_test_add_func ("/engine/easy/uniform", test_easy_uniform);
  g_test_add_func ("/engine/ai/same-seed", test_same_seed);
  g_test_add_func ("/engine/ai/different-seeds", test_different_seeds);
  g_test_add_func ("/engine/ai/refuses", test_choose_refuses);
  g_test_add_func ("/engine/ai/rng", test_rng_next);
  g_test_add_func ("/engine/ai/threads", test_threads);

  status = g_test_run ();
  g_free (positions);

  return status;
}
