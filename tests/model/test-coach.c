/* test-coach.c — the coach's model: analysis, hints, review and words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GLib only, no display. The analysis is checked against the reference
 * minimax (reference-rules.h); the review against games whose mistakes are known;
 * the words in English as the UI shows them, and in German and Chinese
 * from the catalogs the build compiles, plural forms included.
 */

#include "config.h"

#include <locale.h>
#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "model-helpers.h"
#include "reference-rules.h"
#include "ttt-coach.h"
#include "ttt-misere.h"
#include "ttt-review-cursor.h"

/* The game: X centre, O corner, X opposite corner, then O's side
 * move lets X block with a fork, and X wins on the seventh move. */
static const int forked_game[] = { 4, 0, 8, 3, 6, 7, 2 };

/* The game: moves and analysis */

static void
test_game_moves (void)
{
  g_autoptr(TttGame) game = ttt_test_two_player_game_new ();
  const int *moves;
  guint n_moves = 99;

  moves = ttt_match_get_moves (ttt_game_get_match (game), &n_moves);
  g_assert_nonnull (moves);
  g_assert_cmpuint (n_moves, ==, 0);

  ttt_test_play_cells (game, forked_game, 5);
  moves = ttt_match_get_moves (ttt_game_get_match (game), &n_moves);
  g_assert_cmpuint (n_moves, ==, 5);
  g_assert_cmpmem (moves, n_moves * sizeof (int), forked_game, 5 * sizeof (int));

  g_assert_true (ttt_game_undo (game));
  moves = ttt_match_get_moves (ttt_game_get_match (game), &n_moves);
  g_assert_cmpuint (n_moves, ==, 4);
  g_assert_cmpmem (moves, n_moves * sizeof (int), forked_game, 4 * sizeof (int));
  g_assert_nonnull (ttt_match_get_moves (ttt_game_get_match (game), NULL));

  ttt_game_start_new (game);
  ttt_match_get_moves (ttt_game_get_match (game), &n_moves);
  g_assert_cmpuint (n_moves, ==, 0);
}

/* "XX./OO./..." with X to move: a win, a draw and losses side by side. */
static void
test_analysis_fixed_position (void)
{
  static const int moves[] = { 0, 3, 1, 4 };
  static const struct
  {
    int         cell;
    TttVerdict  verdict;
    guint       n_moves;
    const char *label;
    const char *description;
  } expected[] = {
    { 2, TTT_VERDICT_WIN, 1, "Win in 1", "Playing here wins in 1 move" },
    { 5, TTT_VERDICT_DRAW, 5, "Draw", "Playing here draws" },
    { 6, TTT_VERDICT_LOSS, 2, "Loss in 2", "Playing here loses in 2 moves" },
    { 7, TTT_VERDICT_LOSS, 2, "Loss in 2", "Playing here loses in 2 moves" },
    { 8, TTT_VERDICT_LOSS, 2, "Loss in 2", "Playing here loses in 2 moves" },
  };
  g_autoptr(TttGame) game = ttt_test_two_player_game_new ();
  TttVerdict verdict = TTT_VERDICT_WIN;
  guint n_moves = 0;

  ttt_test_play_cells (game, moves, G_N_ELEMENTS (moves));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *label = NULL;
      g_autofree char *description = NULL;

      g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), expected[i].cell, &verdict, &n_moves));
      g_assert_cmpint (verdict, ==, expected[i].verdict);
      g_assert_cmpuint (n_moves, ==, expected[i].n_moves);

      label = ttt_coach_analysis_label (verdict, n_moves);
      description = ttt_coach_analysis_description (verdict, n_moves);
      g_assert_cmpstr (label, ==, expected[i].label);
      g_assert_cmpstr (description, ==, expected[i].description);
    }

  /* Occupied cells have nothing to say, and say nothing. */
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      verdict = TTT_VERDICT_LOSS;
      n_moves = 42;
      g_assert_false (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), moves[i], &verdict, &n_moves));
      g_assert_cmpint (verdict, ==, TTT_VERDICT_LOSS);
      g_assert_cmpuint (n_moves, ==, 42);
    }

  g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), 2, NULL, NULL));

  /* Once the game is over, no cell is analysed. */
  g_assert_true (ttt_game_play (game, 2));
  for (int cell = 0; cell < 9; cell++)
    g_assert_false (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), cell, &verdict, &n_moves));
}

/* Random two-player games: at every position, every empty cell against the
 * reference minimax. */
static void
test_analysis_oracle (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);
  guint n_checked = 0;

  for (int game_index = 0; game_index < 300; game_index++)
    {
      g_autoptr(TttGame) game = ttt_test_two_player_game_new ();

      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
        {
          unsigned x = 0, o = 0;
          gboolean x_to_move = ttt_game_get_turn (game) == TTT_MARK_X;
          int empty[9];
          int n_empty = 0;

          for (int cell = 0; cell < 9; cell++)
            {
              TttMark mark = ttt_match_get_cell (ttt_game_get_match (game), cell);

              if (mark == TTT_MARK_X)
                x |= 1u << cell;
              else if (mark == TTT_MARK_O)
                o |= 1u << cell;
              else
                empty[n_empty++] = cell;
            }

          for (int i = 0; i < n_empty; i++)
            {
              TttBoard before = { (uint16_t) x, (uint16_t) o };
              TttBoard after = ref_play (&before, empty[i]);
              /* For the opponent, who moves next: ±(10 − plies to the end). */
              int score = ref_score (&after);
              int plies = score != 0 ? TTT_SCORE_MAX - ABS (score) : ref_count (ref_empty (&after));
              TttVerdict verdict;
              guint n_moves;

              g_assert_true (x_to_move == ref_x_to_move (&before));
              g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), empty[i], &verdict, &n_moves));
              g_assert_cmpint (verdict, ==, score < 0 ? TTT_VERDICT_WIN
                                            : score > 0 ? TTT_VERDICT_LOSS
                                            : TTT_VERDICT_DRAW);
              g_assert_cmpuint (n_moves, ==, (guint) plies + 1);
              n_checked++;
            }

          g_assert_true (ttt_game_play (game, empty[g_rand_int_range (rand, 0, n_empty)]));
        }
    }

  g_test_message ("%u cells checked", n_checked);
}

/* Against the computer the analysis is for the person only. */
static void
test_analysis_person_only (void)
{
  g_autoptr(TttGame) game = ttt_game_new ();
  TttVerdict verdict;
  guint n_moves;

  ttt_table_set_delay (ttt_game_get_table (game), 0);
  ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_COMPUTER);
  ttt_table_set_rng_state (ttt_game_get_table (game), 7);
  ttt_game_start_new (game);

  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_WAITING);
  for (int cell = 0; cell < 9; cell++)
    g_assert_false (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), cell, &verdict, &n_moves));
  g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, -1);

  ttt_test_wait_for_human (game);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  for (int cell = 0; cell < 9; cell++)
    g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), cell, &verdict, &n_moves) ==
                   (ttt_match_get_cell (ttt_game_get_match (game), cell) == TTT_MARK_NONE));
}

/* Hints */

typedef struct
{
  const char *name;
  int         moves[4];
  guint       n_moves;
  int         cell;
  TttMotive   motive;
  const char *text;
} HintCase;

static void
test_hint_motive (void)
{
  static const HintCase cases[] = {
    { "opening", { 0 }, 0, 0, TTT_MOTIVE_CORNER, "Hint: take a corner" },
    { "answer a corner", { 0 }, 1, 4, TTT_MOTIVE_CENTRE, "Hint: take the center" },
    { "block", { 0, 4, 1 }, 3, 2, TTT_MOTIVE_BLOCK, "Hint: block X’s line" },
    { "fork", { 0, 1, 4, 8 }, 4, 3, TTT_MOTIVE_FORK, "Hint: make a fork — two ways to win" },
    { "win", { 0, 3, 1, 4 }, 4, 2, TTT_MOTIVE_WIN, "Hint: complete your line and win" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(TttGame) game = ttt_test_two_player_game_new ();
      g_autofree char *text = NULL;
      TttMotive motive = (TttMotive) -1;
      TttReview review;
      TttBoard board;
      int cell;

      g_test_message ("%s", cases[i].name);
      ttt_board_clear (&board);
      for (guint j = 0; j < cases[i].n_moves; j++)
        {
          g_assert_true (ttt_game_play (game, cases[i].moves[j]));
          ttt_board_play (&board, cases[i].moves[j]);
        }

      cell = ttt_analyst_hint (ttt_game_get_analyst (game), &motive);
      g_assert_cmpint (cell, ==, cases[i].cell);
      g_assert_cmpint (cell, ==, ttt_analyst_hint (ttt_game_get_analyst (game), NULL));
      g_assert_cmpint (motive, ==, cases[i].motive);
      g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_OK);
      g_assert_cmpint (review.motive, ==, motive);
      g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), NULL), ==, cell);

      text = ttt_coach_hint_text (motive, ttt_game_get_turn (game));
      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

static void
test_hint_over (void)
{
  g_autoptr(TttGame) game = ttt_test_two_player_game_new ();
  TttMotive motive = TTT_MOTIVE_SIDE;

  ttt_test_play_cells (game, forked_game, G_N_ELEMENTS (forked_game));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (ttt_analyst_hint (ttt_game_get_analyst (game), &motive), ==, -1);
  g_assert_cmpint (motive, ==, TTT_MOTIVE_SIDE);
}

/* The review */

static void
assert_board_at (TttReviewCursor *cursor,
                 const int       *moves)
{
  guint position = ttt_review_cursor_get_position (cursor);

  for (int cell = 0; cell < 9; cell++)
    {
      TttMark expected = TTT_MARK_NONE;

      for (guint i = 0; i < position; i++)
        if (moves[i] == cell)
          expected = i % 2 == 0 ? TTT_MARK_X : TTT_MARK_O;
      g_assert_cmpint (ttt_review_cursor_get_cell (cursor, cell), ==, expected);
    }
}

static void
test_review_navigation (void)
{
  g_autoptr(TttReviewCursor) cursor = NULL;
  guint n_position = 0, n_previous = 0, n_next = 0;

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, forked_game, G_N_ELEMENTS (forked_game), TTT_MARK_O);
  g_assert_nonnull (cursor);
  g_signal_connect_swapped (cursor, "notify::position", G_CALLBACK (ttt_test_count_cb), &n_position);
  g_signal_connect_swapped (cursor, "notify::has-previous", G_CALLBACK (ttt_test_count_cb), &n_previous);
  g_signal_connect_swapped (cursor, "notify::has-next", G_CALLBACK (ttt_test_count_cb), &n_next);

  /* It opens on the final position, as the game left the board. */
  g_assert_cmpuint (ttt_review_cursor_get_n_moves (cursor), ==, 7);
  g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, 7);
  g_assert_true (ttt_review_cursor_get_has_previous (cursor));
  g_assert_false (ttt_review_cursor_get_has_next (cursor));
  g_assert_cmpuint (ttt_review_cursor_get_winning_cells (cursor), ==, (1u << 2) | (1u << 4) | (1u << 6));
  assert_board_at (cursor, forked_game);
  g_assert_false (ttt_review_cursor_next (cursor));
  g_assert_false (ttt_review_cursor_last (cursor));
  g_assert_cmpuint (n_position, ==, 0);

  g_assert_true (ttt_review_cursor_previous (cursor));
  g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, 6);
  g_assert_cmpuint (ttt_review_cursor_get_winning_cells (cursor), ==, 0);
  g_assert_cmpuint (n_position, ==, 1);
  g_assert_cmpuint (n_next, ==, 1);
  g_assert_cmpuint (n_previous, ==, 0);
  assert_board_at (cursor, forked_game);

  g_assert_true (ttt_review_cursor_first (cursor));
  g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, 0);
  g_assert_false (ttt_review_cursor_get_has_previous (cursor));
  g_assert_cmpuint (n_previous, ==, 1);
  g_assert_false (ttt_review_cursor_previous (cursor));
  g_assert_false (ttt_review_cursor_first (cursor));
  g_assert_null (ttt_review_cursor_dup_move_text (cursor));
  g_assert_false (ttt_review_cursor_get_move (cursor, 0, NULL, NULL, NULL));
  assert_board_at (cursor, forked_game);

  for (guint position = 1; position <= 7; position++)
    {
      g_assert_true (ttt_review_cursor_next (cursor));
      g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, position);
      assert_board_at (cursor, forked_game);
    }
  g_assert_cmpuint (n_position, ==, 9);
  g_assert_cmpuint (n_next, ==, 2);

  g_object_set (cursor, "position", 4, NULL);
  g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, 4);
  ttt_review_cursor_set_position (cursor, 4);
  g_assert_cmpuint (n_position, ==, 10);
  g_assert_true (ttt_review_cursor_last (cursor));
  g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, 7);
}

static void
test_review_grades (void)
{
  g_autoptr(TttReviewCursor) cursor = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  TttReview review;
  TttMark mark;
  int cell;

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, forked_game, G_N_ELEMENTS (forked_game), TTT_MARK_O);
  g_assert_cmpint (ttt_review_cursor_get_person (cursor), ==, TTT_MARK_O);

  for (guint number = 1; number <= 7; number++)
    {
      g_assert_true (ttt_review_cursor_get_move (cursor, number, &cell, &mark, &review));
      g_assert_cmpint (cell, ==, forked_game[number - 1]);
      g_assert_cmpint (mark, ==, number % 2 ? TTT_MARK_X : TTT_MARK_O);
      g_assert_cmpint (review.grade, ==, number == 4 ? TTT_GRADE_MISTAKE : TTT_GRADE_BEST);
    }
  g_assert_false (ttt_review_cursor_get_move (cursor, 8, &cell, &mark, &review));

  g_assert_true (ttt_review_cursor_get_move (cursor, 4, NULL, NULL, &review));
  g_assert_cmpint (review.fault, ==, TTT_FAULT_ALLOWS_FORK);
  g_assert_cmpuint (review.best, ==, (1u << 2) | (1u << 6));

  ttt_review_cursor_set_position (cursor, 4);
  text = ttt_review_cursor_dup_move_text (cursor);
  g_assert_cmpstr (text, ==, "Move 4 — O at row 2, column 1: Mistake. It lets X make a fork. "
                             "Best was row 1, column 3.");
  g_clear_pointer (&text, g_free);

  ttt_review_cursor_set_position (cursor, 1);
  text = ttt_review_cursor_dup_move_text (cursor);
  /* The computer's moves (X's here) are told without a grade. */
  g_assert_false (ttt_review_cursor_get_graded (cursor, 1));
  g_assert_true (ttt_review_cursor_get_graded (cursor, 4));
  g_assert_cmpstr (text, ==, "Move 1 — X at row 2, column 2. It takes the center.");
  g_clear_pointer (&text, g_free);

  ttt_review_cursor_set_position (cursor, 5);
  text = ttt_review_cursor_dup_move_text (cursor);
  g_assert_cmpstr (text, ==, "Move 5 — X at row 3, column 1. It blocks O’s line.");

  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_MISTAKE), ==, 1);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_BLUNDER), ==, 0);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_BEST), ==, 2);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_X, TTT_GRADE_BEST), ==, 4);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_NONE, TTT_GRADE_BEST), ==, 6);
  g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, 4);

  summary = ttt_review_cursor_dup_summary (cursor);
  g_assert_cmpstr (summary, ==, "You made 1 mistake. The game turned at move 4.");
}

/* A review of a real two-player game counts both sides and changes nothing
 * in the game. */
static void
test_review_two_players (void)
{
  g_autoptr(TttGame) game = ttt_test_two_player_game_new ();
  g_autoptr(TttReviewCursor) cursor = NULL;
  g_autofree char *summary = NULL;

  ttt_test_play_cells (game, forked_game, G_N_ELEMENTS (forked_game));
  g_assert_cmpuint (ttt_test_tally (game, TTT_TALLY_TWO_PLAYERS).won, ==, 1);

  cursor = ttt_review_cursor_new (game);
  g_assert_cmpint (ttt_review_cursor_get_person (cursor), ==, TTT_MARK_NONE);
  g_assert_cmpuint (ttt_review_cursor_get_n_moves (cursor), ==, 7);
  summary = ttt_review_cursor_dup_summary (cursor);
  g_assert_cmpstr (summary, ==, "X played perfectly. O made 1 mistake. The game turned at move 4.");

  ttt_review_cursor_first (cursor);
  ttt_review_cursor_next (cursor);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 7);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpuint (ttt_test_tally (game, TTT_TALLY_TWO_PLAYERS).won, ==, 1);
  g_assert_cmpuint (ttt_test_games (game, TTT_TALLY_TWO_PLAYERS), ==, 1);

  /* The review keeps its copy when the game moves on. */
  ttt_game_start_new (game);
  g_assert_cmpuint (ttt_review_cursor_get_n_moves (cursor), ==, 7);
  ttt_review_cursor_last (cursor);
  assert_board_at (cursor, forked_game);
}

/* Against Hard, whose every move is best: the person's moves are the ones
 * graded, and each grade is the engine's. */
static void
test_review_against_computer (void)
{
  for (guint64 seed = 1; seed <= 20; seed++)
    {
      g_autoptr(TttGame) game = ttt_game_new ();
      g_autoptr(TttReviewCursor) cursor = NULL;
      g_autofree char *summary = NULL;
      g_autofree char *expected = NULL;
      const int *moves;
      guint n_moves;
      TttMark person;
      TttBoard board;

      ttt_table_set_delay (ttt_game_get_table (game), 0);
      ttt_setup_set_difficulty (ttt_game_get_setup (game), TTT_LEVEL_HARD);
      ttt_setup_set_first_player (ttt_game_get_setup (game), TTT_FIRST_PLAYER_RANDOM);
      ttt_table_set_rng_state (ttt_game_get_table (game), seed);
      ttt_game_start_new (game);

      /* The person plays the first free cell in reading order. */
      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
        {
          ttt_test_wait_for_human (game);
          for (int cell = 0; cell < 9; cell++)
            if (ttt_game_get_state (game) == TTT_GAME_STATE_LOCAL_TURN &&
                ttt_game_play (game, cell))
              break;
        }

      person = ttt_game_get_human_mark (game);
      cursor = ttt_review_cursor_new (game);
      moves = ttt_match_get_moves (ttt_game_get_match (game), &n_moves);
      g_assert_cmpint (ttt_review_cursor_get_person (cursor), ==, person);
      g_assert_cmpuint (ttt_review_cursor_get_n_moves (cursor), ==, n_moves);

      ttt_board_clear (&board);
      for (guint number = 1; number <= n_moves; number++)
        {
          TttReview got, expected_review;
          int cell;

          g_assert_true (ttt_review_cursor_get_move (cursor, number, &cell, NULL, &got));
          g_assert_cmpint (cell, ==, moves[number - 1]);
          g_assert_cmpint (ttt_review_move (&board, cell, &expected_review), ==, TTT_OK);
          g_assert_true (memcmp (&got, &expected_review, sizeof got) == 0);
          ttt_board_play (&board, cell);
        }

      g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, person == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X,
                                                       TTT_GRADE_BEST),
                        ==, person == TTT_MARK_X ? n_moves / 2 : (n_moves + 1) / 2);

      /* Hard never loses, so the person never wins. */
      g_assert_true (ttt_game_get_outcome (game) == TTT_OUTCOME_DRAW ||
                     ttt_game_get_outcome (game) == (person == TTT_MARK_X ? TTT_OUTCOME_O_WINS
                                                                          : TTT_OUTCOME_X_WINS));
      if (ttt_game_get_outcome (game) == TTT_OUTCOME_DRAW)
        g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, 0);
      else
        {
          guint turn = ttt_review_cursor_get_turning_move (cursor);
          TttReview review;
          TttMark mark;

          g_assert_true (ttt_review_cursor_get_move (cursor, turn, NULL, &mark, &review));
          g_assert_cmpint (mark, ==, person);
          g_assert_cmpint (review.grade, !=, TTT_GRADE_BEST);
        }

      summary = ttt_review_cursor_dup_summary (cursor);
      expected = ttt_coach_summary_text (person,
                                         ttt_review_cursor_count_grade (cursor, TTT_MARK_X, TTT_GRADE_MISTAKE),
                                         ttt_review_cursor_count_grade (cursor, TTT_MARK_X, TTT_GRADE_BLUNDER),
                                         ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_MISTAKE),
                                         ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_BLUNDER),
                                         ttt_review_cursor_get_turning_move (cursor));
      g_assert_cmpstr (summary, ==, expected);
    }
}

/* Both sides playing the first best cell: a draw with nothing to regret. */
static void
test_review_perfect (void)
{
  int moves[9];
  guint n_moves = 0;
  TttBoard board;

  ttt_board_clear (&board);
  while (ttt_solver_best_moves (&board) != 0)
    {
      moves[n_moves] = g_bit_nth_lsf (ttt_solver_best_moves (&board), -1);
      ttt_board_play (&board, moves[n_moves++]);
    }
  g_assert_cmpint (ttt_board_outcome (&board), ==, TTT_OUTCOME_DRAW);

  for (TttMark person = TTT_MARK_NONE; person <= TTT_MARK_O; person++)
    {
      g_autoptr(TttReviewCursor) cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, moves, n_moves, person);
      g_autofree char *summary = ttt_review_cursor_dup_summary (cursor);

      g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_NONE, TTT_GRADE_BEST), ==, 9);
      g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, 0);
      g_assert_cmpstr (summary, ==, "Perfect game.");
    }
}

static void
test_review_empty_and_illegal (void)
{
  static const int occupied[] = { 4, 4 };
  static const int after_win[] = { 0, 3, 1, 4, 2, 5 };
  static const int out_of_range[] = { 9 };
  g_autoptr(TttReviewCursor) empty = NULL;
  TttReviewCursor *cursor;

  empty = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, NULL, 0, TTT_MARK_X);
  g_assert_nonnull (empty);
  g_assert_cmpuint (ttt_review_cursor_get_position (empty), ==, 0);
  g_assert_false (ttt_review_cursor_get_has_previous (empty));
  g_assert_false (ttt_review_cursor_get_has_next (empty));
  g_assert_false (ttt_review_cursor_next (empty));

  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, "*should not be reached*");
  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, occupied, G_N_ELEMENTS (occupied), TTT_MARK_X);
  g_test_assert_expected_messages ();
  g_assert_null (cursor);

  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, "*should not be reached*");
  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, after_win, G_N_ELEMENTS (after_win), TTT_MARK_NONE);
  g_test_assert_expected_messages ();
  g_assert_null (cursor);

  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, "*should not be reached*");
  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_CLASSIC, out_of_range, 1, TTT_MARK_NONE);
  g_test_assert_expected_messages ();
  g_assert_null (cursor);
}

/* The words */

static void
test_words_hints (void)
{
  static const char *const expected[] = {
    "Hint: complete your line and win",
    NULL,  /* names the opponent: below */
    "Hint: make a fork — two ways to win",
    "Hint: make two in a row",
    "Hint: take the center",
    "Hint: take a corner",
    "Hint: take a side",
  };

  for (TttMotive motive = TTT_MOTIVE_WIN; motive <= TTT_MOTIVE_SIDE; motive++)
    for (TttMark mover = TTT_MARK_X; mover <= TTT_MARK_O; mover++)
      {
        g_autofree char *text = ttt_coach_hint_text (motive, mover);
        g_autofree char *want = NULL;

        if (motive == TTT_MOTIVE_BLOCK)
          want = g_strdup (mover == TTT_MARK_X ? "Hint: block O’s line" : "Hint: block X’s line");
        else
          want = g_strdup (expected[motive]);
        g_assert_cmpstr (text, ==, want);
      }
}

/* Misère's own words: the squeeze as a hint and a reason, and a move
 * that completes the mover's own line, in a review of a real position. */
static void
test_words_misere (void)
{
  g_autofree char *hint = ttt_coach_hint_text (TTT_MOTIVE_SQUEEZE, TTT_MARK_X);
  g_autofree char *reason = ttt_coach_motive_text (TTT_MOTIVE_SQUEEZE, TTT_MARK_O);
  g_autofree char *own_line = NULL;
  TttBoard board;
  TttReview review;

  g_assert_cmpstr (hint, ==, "Hint: leave O only cells that make their own line");
  g_assert_cmpstr (reason, ==, "It leaves X only cells that make their own line.");

  /* X to move, winning by Misère's solver: taking the top right
   * completes X's own line and throws the win away for a loss. */
  g_assert_cmpint (ttt_board_parse (&board, "XX./.OO/..."), ==, TTT_OK);
  g_assert_cmpint (ttt_misere_review_move (&board, 2, &review), ==, TTT_OK);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_OWN_LINE);
  own_line = ttt_coach_move_text (5, 2, &review, TRUE);
  g_assert_nonnull (strstr (own_line, "It makes three in a row of its own, and loses."));
  g_assert_true (g_str_has_prefix (own_line, "Move 5 — X at row 1, column 3: Blunder."));
}

static void
test_words_analysis (void)
{
  static const struct
  {
    TttVerdict  verdict;
    guint       n_moves;
    const char *label;
    const char *description;
  } cases[] = {
    { TTT_VERDICT_WIN, 1, "Win in 1", "Playing here wins in 1 move" },
    { TTT_VERDICT_WIN, 3, "Win in 3", "Playing here wins in 3 moves" },
    { TTT_VERDICT_DRAW, 7, "Draw", "Playing here draws" },
    { TTT_VERDICT_LOSS, 2, "Loss in 2", "Playing here loses in 2 moves" },
  };
  static const char *const words[] = { "wins", "draws", "loses" };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *label = ttt_coach_analysis_label (cases[i].verdict, cases[i].n_moves);
      g_autofree char *description = ttt_coach_analysis_description (cases[i].verdict,
                                                                     cases[i].n_moves);

      g_assert_cmpstr (label, ==, cases[i].label);
      g_assert_cmpstr (description, ==, cases[i].description);
      g_assert_nonnull (strstr (description, words[cases[i].verdict]));
    }

  g_assert_cmpstr (ttt_coach_grade_name (TTT_GRADE_BEST), ==, "Best");
  g_assert_cmpstr (ttt_coach_grade_name (TTT_GRADE_MISTAKE), ==, "Mistake");
  g_assert_cmpstr (ttt_coach_grade_name (TTT_GRADE_BLUNDER), ==, "Blunder");
}

static char *
move_text_of (const char *before,
              int         cell)
{
  TttBoard board;
  TttReview review;

  g_assert_cmpint (ttt_board_parse (&board, before), ==, TTT_OK);
  g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_OK);

  return ttt_coach_move_text ((guint) ttt_board_n_moves (&board) + 1, cell, &review, TRUE);
}

/* One line for every kind of fault, and for best moves by their motive. */
static void
test_words_moves (void)
{
  static const struct
  {
    const char *before;
    int         cell;
    const char *text;
  } cases[] = {
    { "XX./OO./...", 2, "Move 5 — X at row 1, column 3: Best. It completes a line and wins." },
    { "XX./OO./...", 5, "Move 5 — X at row 2, column 3: Mistake. It misses a win. "
                        "Best was row 1, column 3." },
    { "XX./OO./...", 8, "Move 5 — X at row 3, column 3: Blunder. It misses a win. "
                        "Best was row 1, column 3." },
    { "XX./.O./...", 6, "Move 4 — O at row 3, column 1: Mistake. It leaves X’s line open. "
                        "Best was row 1, column 3." },
    { "XO./.X./..O", 6, "Move 5 — X at row 3, column 1: Best. It makes a fork — two ways to win." },
    { "X../.O./...", 1, "Move 3 — X at row 1, column 2: Best. It makes two in a row." },
    { "X../.O./...", 8, "Move 3 — X at row 3, column 3: Best. It takes a corner." },
    { "X../.../...", 1, "Move 2 — O at row 1, column 2: Mistake. It lets X force a win. "
                        "Best was row 2, column 2." },
    { ".../.../...", 7, "Move 1 — X at row 3, column 2: Best. It takes a side." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = move_text_of (cases[i].before, cases[i].cell);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* A weaker move that was a win: thrown away, not "forced". */
static void
test_words_throws_win (void)
{
  TttReview review = { TTT_GRADE_MISTAKE, TTT_MOTIVE_CORNER, TTT_FAULT_WEAKER, 0, 1u << 4 };
  g_autofree char *text = ttt_coach_move_text (5, 0, &review, TRUE);

  g_assert_cmpstr (text, ==, "Move 5 — X at row 1, column 1: Mistake. It throws away the win. "
                             "Best was row 2, column 2.");
}

static void
test_words_summary (void)
{
  static const struct
  {
    TttMark     person;
    guint       counts[4];
    guint       turn;
    const char *text;
  } cases[] = {
    { TTT_MARK_X, { 0, 0, 3, 1 }, 0, "Perfect game." },
    { TTT_MARK_X, { 0, 0, 1, 0 }, 5, "Perfect game. The game turned at move 5." },
    { TTT_MARK_O, { 0, 0, 1, 0 }, 4, "You made 1 mistake. The game turned at move 4." },
    { TTT_MARK_O, { 2, 0, 2, 0 }, 0, "You made 2 mistakes." },
    { TTT_MARK_X, { 0, 1, 0, 0 }, 3, "You made 1 blunder. The game turned at move 3." },
    { TTT_MARK_X, { 1, 2, 0, 0 }, 5, "You made 1 mistake and 2 blunders. The game turned at move 5." },
    { TTT_MARK_NONE, { 0, 0, 0, 0 }, 0, "Perfect game." },
    { TTT_MARK_NONE, { 1, 0, 0, 0 }, 0, "X made 1 mistake. O played perfectly." },
    { TTT_MARK_NONE, { 0, 0, 2, 1 }, 6, "X played perfectly. O made 2 mistakes and 1 blunder. "
                                        "The game turned at move 6." },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ttt_coach_summary_text (cases[i].person, cases[i].counts[0],
                                                      cases[i].counts[1], cases[i].counts[2],
                                                      cases[i].counts[3], cases[i].turn);

      g_assert_cmpstr (text, ==, cases[i].text);
    }
}

/* The catalogs: plural forms through ngettext, and the sentence joiner of
 * languages without spaces. */

static void
test_words_translated (void)
{
  g_autofree char *one = NULL;
  g_autofree char *three = NULL;
  g_autofree char *hint = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *english = NULL;

  ttt_test_use_language ("de");
  one = ttt_coach_analysis_description (TTT_VERDICT_WIN, 1);
  three = ttt_coach_analysis_description (TTT_VERDICT_WIN, 3);
  hint = ttt_coach_hint_text (TTT_MOTIVE_BLOCK, TTT_MARK_O);
  ttt_test_use_language (NULL);

  /* German has two plural forms, and the catalog gives both. */
  g_assert_cmpstr (one, ==, "Wer hier setzt, gewinnt in 1 Zug");
  g_assert_cmpstr (three, ==, "Wer hier setzt, gewinnt in 3 Zügen");
  g_assert_cmpstr (hint, ==, "Hinweis: die Reihe von X blockieren");

  /* Chinese puts no space between sentences. */
  ttt_test_use_language ("zh_CN");
  summary = ttt_coach_summary_text (TTT_MARK_O, 0, 0, 1, 0, 4);
  ttt_test_use_language (NULL);
  g_assert_cmpstr (summary, ==, "你有 1 次失误。胜负在第 4 步已定。");

  /* And back in English. */
  english = ttt_coach_hint_text (TTT_MOTIVE_CENTRE, TTT_MARK_X);
  g_assert_cmpstr (english, ==, "Hint: take the center");
}

/* The setting */

static void
test_setting_show_analysis (void)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettings) settings = ttt_test_memory_settings (&schema);
  g_autoptr(GSettingsSchemaKey) key = NULL;
  g_autoptr(GVariant) value = NULL;

  g_assert_true (g_settings_schema_has_key (schema, "show-analysis"));

  key = g_settings_schema_get_key (schema, "show-analysis");
  g_assert_true (g_variant_type_equal (g_settings_schema_key_get_value_type (key),
                                       G_VARIANT_TYPE_BOOLEAN));
  value = g_settings_schema_key_get_default_value (key);
  g_assert_false (g_variant_get_boolean (value));
  g_assert_false (g_settings_get_boolean (settings, "show-analysis"));
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *localedir = NULL;

  g_test_init (&argc, &argv, NULL);

  /* A locale in which gettext follows LANGUAGE; unset, the English tests
   * see the source strings. */
  ttt_test_use_translating_locale ();
  g_unsetenv ("LANGUAGE");
  localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/coach/game/moves", test_game_moves);
  g_test_add_func ("/coach/analysis/fixed-position", test_analysis_fixed_position);
  g_test_add_func ("/coach/analysis/oracle", test_analysis_oracle);
  g_test_add_func ("/coach/analysis/person-only", test_analysis_person_only);
  g_test_add_func ("/coach/hint/motive", test_hint_motive);
  g_test_add_func ("/coach/hint/over", test_hint_over);
  g_test_add_func ("/coach/review/navigation", test_review_navigation);
  g_test_add_func ("/coach/review/grades", test_review_grades);
  g_test_add_func ("/coach/review/two-players", test_review_two_players);
  g_test_add_func ("/coach/review/against-computer", test_review_against_computer);
  g_test_add_func ("/coach/review/perfect", test_review_perfect);
  g_test_add_func ("/coach/review/empty-and-illegal", test_review_empty_and_illegal);
  g_test_add_func ("/coach/words/hints", test_words_hints);
  g_test_add_func ("/coach/words/analysis", test_words_analysis);
  g_test_add_func ("/coach/words/misere", test_words_misere);
  g_test_add_func ("/coach/words/moves", test_words_moves);
  g_test_add_func ("/coach/words/throws-win", test_words_throws_win);
  g_test_add_func ("/coach/words/summary", test_words_summary);
  g_test_add_func ("/coach/words/translated", test_words_translated);
  g_test_add_func ("/coach/setting/show-analysis", test_setting_show_analysis);

  return g_test_run ();
}
