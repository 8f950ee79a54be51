/* test-ultimate-review.c — the review of a game of Ultimate, graded off the
 * main thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ultimate has no perfect oracle, so its grades are the search's
 * estimates; what can be checked is what they must get right: a move that
 * lets the opponent win the game at once is a Blunder, the search's own
 * choice is Best, the same game gets the same grades every time, and
 * nothing is graded until the worker thread is done.
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "model-helpers.h"
#include "ttt-review-cursor.h"

/* 27 moves of a random game; then O (move 28) may play 31, the centre of
 * the centre-left board, which sends X to the centre board: it is closed,
 * so X may play in any open board, and in one of them X completes a line
 * of won boards. O has several safer moves. */
static const int opening[] = {
  16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
  27, 8, 78, 59, 46, 13, 39,
};
#define N_OPENING G_N_ELEMENTS (opening)
#define BLUNDER_MOVE 31

/* Grading the 28 positions of the opening takes 1.4 million iterations,
 * minutes under valgrind: there the short games alone are graded. */
static gboolean
skip_long_game (void)
{
  if (g_getenv ("TTT_TEST_UNDER_VALGRIND") == NULL)
    return FALSE;
  g_test_skip ("grading a long game is too slow under valgrind");
  return TRUE;
}

static gboolean
ready_or_late (TttReviewCursor *cursor,
               gint64           deadline)
{
  return ttt_review_cursor_get_ready (cursor) || g_get_monotonic_time () > deadline;
}

/* Waits, on the main loop, until the worker's grades are in. */
static void
wait_ready (TttReviewCursor *cursor)
{
  gint64 deadline = g_get_monotonic_time () + 4 * TTT_TEST_DEADLINE_US;

  while (!ready_or_late (cursor, deadline))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_review_cursor_get_ready (cursor));
}

static TttReviewCursor *
graded_game (int      last,
             TttMark  person)
{
  int moves[N_OPENING + 1];
  TttReviewCursor *cursor;

  memcpy (moves, opening, sizeof opening);
  moves[N_OPENING] = last;
  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, N_OPENING + 1, person);
  g_assert_nonnull (cursor);
  ttt_review_cursor_start_grading (cursor);
  wait_ready (cursor);

  return cursor;
}

/* The opening really gives O the choice the tests rely on. */
static void
test_setup (void)
{
  TttUltimate pos;

  ttt_ultimate_clear (&pos);
  for (guint i = 0; i < N_OPENING; i++)
    g_assert_cmpint (ttt_ultimate_play (&pos, opening[i]), ==, TTT_OK);
  g_assert_cmpint (pos.turn, ==, TTT_MARK_O);
  g_assert_cmpint (ttt_ultimate_play (&pos, BLUNDER_MOVE), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_outcome (&pos), ==, TTT_OUTCOME_ONGOING);
  /* X to move: some move wins the game at once. */
  {
    TttUltimateMoves legal;
    gboolean wins = FALSE;

    g_assert_cmpint (ttt_ultimate_legal_moves (&pos, &legal), >, 0);
    for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
      if (legal.cells[move / 9] & (1u << (move % 9)))
        {
          TttUltimate after = pos;

          ttt_ultimate_play (&after, move);
          wins |= ttt_ultimate_outcome (&after) == TTT_OUTCOME_X_WINS;
        }
    g_assert_true (wins);
  }
}

/* Letting the opponent win the game is the worst grade, with a reason
 * and the move the engine preferred, said as estimates; the summary
 * counts it and says the grades are estimates. */
static void
test_blunder (void)
{
  g_autoptr(TttReviewCursor) cursor = NULL;
  g_autofree char *text = NULL;
  g_autofree char *summary = NULL;
  TttUltimateGrade grade;
  gint64 start = g_get_monotonic_time ();

  if (skip_long_game ())
    return;

  cursor = graded_game (BLUNDER_MOVE, TTT_MARK_O);
  g_test_message ("graded %u of O's moves in %.0f ms (%d iterations a position)",
                  (guint) (N_OPENING + 1) / 2, (g_get_monotonic_time () - start) / 1000.0,
                  TTT_REVIEW_ULTIMATE_ITERATIONS);

  g_assert_true (ttt_review_cursor_get_ultimate_grade (cursor, N_OPENING + 1, &grade));
  g_assert_cmpint (grade.grade, ==, TTT_GRADE_BLUNDER);
  g_assert_true (grade.forced_loss);
  g_assert_cmpfloat_with_epsilon (grade.after, 0.0, 1e-9);
  g_assert_cmpint (grade.best, !=, BLUNDER_MOVE);
  g_assert_cmpint (grade.effect, ==, TTT_ULTIMATE_EFFECT_FREE_CHOICE);
  g_assert_cmpint (ttt_review_cursor_get_best_move (cursor, N_OPENING + 1), ==, grade.best);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_BLUNDER), >=, 1);
  /* Against the computer the computer's moves are told, not graded. */
  g_assert_false (ttt_review_cursor_get_ultimate_grade (cursor, N_OPENING, NULL));
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_X, TTT_GRADE_BEST), ==, 0);

  text = ttt_review_cursor_dup_move_text (cursor);
  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "Move 28 — O in the centre-left board, row 2, column 2: Blunder. "
                                         "It lets your opponent play in any open board. "));
  g_assert_nonnull (strstr (text, "The engine preferred "));
  g_assert_nonnull (strstr (text, "Estimated chance to win: "));
  g_assert_true (g_str_has_suffix (text, "after."));

  summary = ttt_review_cursor_dup_summary (cursor);
  g_assert_true (g_str_has_suffix (summary, "The grades are the engine’s estimates."));
  g_assert_nonnull (strstr (summary, "blunder"));
  /* The game goes on: it has not turned yet. */
  g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, 0);
  g_assert_null (strstr (summary, "turned"));
}

/* Won, the game says where it turned, as classic does: at the loser's
 * last move that was not Best, here O's blunder, since X wins at once. */
static void
test_turning_move (void)
{
  int moves[N_OPENING + 2];
  g_autoptr(TttReviewCursor) cursor = NULL;
  g_autofree char *summary = NULL;
  TttUltimate pos;

  if (skip_long_game ())
    return;

  memcpy (moves, opening, sizeof opening);
  moves[N_OPENING] = BLUNDER_MOVE;
  moves[N_OPENING + 1] = 33;
  ttt_ultimate_clear (&pos);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_cmpint (ttt_ultimate_play (&pos, moves[i]), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_outcome (&pos), ==, TTT_OUTCOME_X_WINS);

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, G_N_ELEMENTS (moves), TTT_MARK_O);
  g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, 0);
  ttt_review_cursor_start_grading (cursor);
  wait_ready (cursor);

  g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, N_OPENING + 1);
  summary = ttt_review_cursor_dup_summary (cursor);
  g_test_message ("%s", summary);
  g_assert_nonnull (strstr (summary, " The game turned at move 28. "));
  g_assert_true (g_str_has_suffix (summary, "The grades are the engine’s estimates."));
}

/* The search's own choice is Best, and the grades repeat exactly. (O's
 * moves only, as against the computer: half the searches of grading
 * both sides, which matters under valgrind.) */
static void
test_best_and_repeatable (void)
{
  g_autoptr(TttReviewCursor) blunder = NULL;
  g_autoptr(TttReviewCursor) best = NULL;
  g_autoptr(TttReviewCursor) again = NULL;
  TttUltimateGrade grade, other;

  if (skip_long_game ())
    return;

  blunder = graded_game (BLUNDER_MOVE, TTT_MARK_O);
  g_assert_true (ttt_review_cursor_get_ultimate_grade (blunder, N_OPENING + 1, &grade));
  g_assert_cmpint (grade.grade, ==, TTT_GRADE_BLUNDER);

  best = graded_game (grade.best, TTT_MARK_O);
  g_assert_true (ttt_review_cursor_get_ultimate_grade (best, N_OPENING + 1, &other));
  g_assert_cmpint (other.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (other.best, ==, grade.best);
  g_assert_false (other.forced_loss);
  g_assert_cmpint (ttt_review_cursor_get_best_move (best, N_OPENING + 1), ==, -1);
  g_assert_cmpfloat (other.after, >, grade.after);

  again = graded_game (BLUNDER_MOVE, TTT_MARK_O);
  for (guint n = 2; n <= N_OPENING + 1; n += 2)
    {
      g_assert_true (ttt_review_cursor_get_ultimate_grade (blunder, n, &grade));
      g_assert_true (ttt_review_cursor_get_ultimate_grade (again, n, &other));
      /* Exactly: the same searches, not merely close ones. */
      g_assert_true (memcmp (&grade, &other, sizeof grade) == 0);
    }
}

/* A quarter turn of the 9 × 9 grid on a move (board × 9 + cell): the
 * test's own, on rows and columns. */
static int
quarter_turn (int move)
{
  int row = move / 27 * 3 + move % 9 / 3, col = move / 9 % 3 * 3 + move % 3;
  int r = col, c = 8 - row;

  return r / 3 * 27 + c / 3 * 9 + r % 3 * 3 + c % 3;
}

/* After X's centre, every quarter turn leaves the board as it is: O's
 * move a quarter turn from the search's choice is as good, so it is Best
 * and no other cell is shown as the best. */
static void
test_mirror_of_best (void)
{
  int moves[2] = { 40, 36 };
  g_autoptr(TttReviewCursor) first = NULL;
  g_autoptr(TttReviewCursor) turned = NULL;
  TttUltimateGrade grade;

  first = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, 2, TTT_MARK_O);
  ttt_review_cursor_start_grading (first);
  wait_ready (first);
  g_assert_true (ttt_review_cursor_get_ultimate_grade (first, 2, &grade));
  g_assert_cmpint (grade.best / 9, ==, 4);
  g_assert_cmpint (grade.best, !=, 40);

  moves[1] = quarter_turn (grade.best);
  g_assert_cmpint (moves[1] / 9, ==, 4);
  g_assert_cmpint (moves[1], !=, grade.best);
  turned = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, 2, TTT_MARK_O);
  ttt_review_cursor_start_grading (turned);
  wait_ready (turned);
  g_assert_true (ttt_review_cursor_get_ultimate_grade (turned, 2, &grade));
  g_assert_cmpint (grade.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (grade.best, ==, moves[1]);
  g_assert_cmpint (ttt_review_cursor_get_best_move (turned, 2), ==, -1);
}

/* Between two people both sides are graded. */
static void
test_two_people (void)
{
  static const int moves[] = { 40, 36, 4, 39 };
  g_autoptr(TttReviewCursor) cursor = NULL;

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, G_N_ELEMENTS (moves), TTT_MARK_NONE);
  ttt_review_cursor_start_grading (cursor);
  wait_ready (cursor);
  for (guint n = 1; n <= G_N_ELEMENTS (moves); n++)
    {
      TttUltimateGrade grade;

      g_assert_true (ttt_review_cursor_get_ultimate_grade (cursor, n, &grade));
      g_assert_cmpfloat (grade.before, >=, 0.0);
      g_assert_cmpfloat (grade.before, <=, 1.0);
      g_assert_cmpint (grade.best, >=, 0);
    }
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_NONE, TTT_GRADE_BEST) +
                    ttt_review_cursor_count_grade (cursor, TTT_MARK_NONE, TTT_GRADE_MISTAKE) +
                    ttt_review_cursor_count_grade (cursor, TTT_MARK_NONE, TTT_GRADE_BLUNDER), ==, 4);
}

/* Until the worker is done nothing is graded and the summary says it is
 * on its way; the board at the cursor is Ultimate's. */
static void
test_pending (void)
{
  static const int moves[] = { 40, 36, 4, 39 };
  g_autoptr(TttReviewCursor) cursor = NULL;
  g_autofree char *summary = NULL;
  g_autofree char *text = NULL;
  guint n_ready = 0, n_progress = 0;

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, G_N_ELEMENTS (moves), TTT_MARK_O);
  g_assert_cmpint (ttt_review_cursor_get_variant (cursor), ==, TTT_VARIANT_ULTIMATE);
  g_signal_connect_swapped (cursor, "notify::ready", G_CALLBACK (ttt_test_count_cb), &n_ready);
  g_signal_connect_swapped (cursor, "notify::progress", G_CALLBACK (ttt_test_count_cb), &n_progress);
  ttt_review_cursor_start_grading (cursor);

  g_assert_false (ttt_review_cursor_get_ready (cursor));
  g_assert_false (ttt_review_cursor_get_ultimate_grade (cursor, 4, NULL));
  g_assert_cmpint (ttt_review_cursor_get_best_move (cursor, 4), ==, -1);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_BEST), ==, 0);
  summary = ttt_review_cursor_dup_summary (cursor);
  g_assert_cmpstr (summary, ==, "Grading the moves… 0%");
  text = ttt_review_cursor_dup_move_text (cursor);
  /* What it does needs no search, its grade does. */
  g_assert_cmpstr (text, ==, "Move 4 — O in the centre board, row 2, column 1. "
                             "It sends your opponent to the centre-left board, which they cannot win at once.");
  g_assert_cmpint (ttt_review_cursor_get_cell (cursor, 39), ==, TTT_MARK_O);
  ttt_review_cursor_first (cursor);
  g_assert_cmpint (ttt_review_cursor_get_cell (cursor, 39), ==, TTT_MARK_NONE);

  wait_ready (cursor);
  g_assert_cmpuint (n_ready, ==, 1);
  /* A report for each position searched (four: before and after O's two
   * moves), the last with the grades. */
  g_assert_cmpuint (n_progress, >=, 2);
  g_assert_cmpuint (ttt_review_cursor_count_grading (), ==, 0);
  g_assert_cmpfloat_with_epsilon (ttt_review_cursor_get_progress (cursor), 1.0, 1e-9);
  g_assert_true (ttt_review_cursor_get_ultimate_grade (cursor, 4, NULL));
  g_clear_pointer (&summary, g_free);
  summary = ttt_review_cursor_dup_summary (cursor);
  g_assert_true (g_str_has_suffix (summary, " The grades are the engine’s estimates."));
}

/* A cursor let go while it grades cancels its worker: no answer comes. */
static void
test_cancel (void)
{
  int moves[N_OPENING + 1];
  TttReviewCursor *cursor;
  GWeakRef weak;

  memcpy (moves, opening, sizeof opening);
  moves[N_OPENING] = BLUNDER_MOVE;
  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, N_OPENING + 1, TTT_MARK_NONE);
  g_weak_ref_init (&weak, cursor);
  ttt_review_cursor_start_grading (cursor);
  g_object_unref (cursor);
  g_assert_null (g_weak_ref_get (&weak));
  g_weak_ref_clear (&weak);
  /* What the worker sends back finds nobody and warns of nothing. */
  {
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

    while (ttt_review_cursor_count_grading () > 0 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    g_assert_cmpuint (ttt_review_cursor_count_grading (), ==, 0);
  }

  /* Moves the rules refuse make no cursor: as in the classic game, they
   * are not a game at all. */
  moves[1] = moves[0];
  g_test_expect_message (G_LOG_DOMAIN, G_LOG_LEVEL_CRITICAL, "*should not be reached*");
  g_assert_null (ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, moves, 2, TTT_MARK_NONE));
  g_test_assert_expected_messages ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ultimate-review/setup", test_setup);
  g_test_add_func ("/ultimate-review/blunder", test_blunder);
  g_test_add_func ("/ultimate-review/turning-move", test_turning_move);
  g_test_add_func ("/ultimate-review/best-and-repeatable", test_best_and_repeatable);
  g_test_add_func ("/ultimate-review/two-people", test_two_people);
  g_test_add_func ("/ultimate-review/mirror-of-best", test_mirror_of_best);
  g_test_add_func ("/ultimate-review/pending", test_pending);
  g_test_add_func ("/ultimate-review/cancel", test_cancel);

  return g_test_run ();
}
