/* test-game-responsive.c — no search on the main thread
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * In Ultimate the coach runs three searches: Show Analysis, the hint and
 * the review's grades. A window draws a frame every 16 ms or so, and
 * nothing of that may wait for a search: here a 16 ms timeout stands for
 * the frames while all three run at once, and keeps firing until each
 * has given its answer.
 *
 * A search on the main thread shows up whatever the machine's speed or
 * load, so nothing here is timed by the clock on the wall: the question
 * would come back with its answer, and the timeout could not fire between
 * the two, so the test counts the firings while each search was on its
 * way; and the main thread's own CPU time between two firings stays far
 * below a search's (a gap the main thread spent waiting for a core is
 * the machine's load, not this program's work, and is only told).
 */

#include "config.h"

#include <string.h>
#include <time.h>

#include "model-helpers.h"
#include "ttt-review-cursor.h"

/* A frame of a window, about. */
#define TICK_MS 16
/* The most CPU time the main thread may spend between two firings: about
 * 1 ms is what it takes here (the tasks' answers, the review's set-up),
 * a search of the analysis 70 ms and more, the hint's and the grades'
 * seconds. */
#define MAX_BUSY_MS 25

/* A game of Ultimate of 28 moves (test-ultimate-review.c's, where O's
 * last move is a blunder), graded by the review: 1.4 million iterations
 * of search in all. */
static const int review_moves[] = {
  16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
  27, 8, 78, 59, 46, 13, 39, 31,
};

typedef struct
{
  gint64 last;         /* µs, of the last firing or the start */
  gint64 last_cpu;     /* µs of the main thread's CPU time, then */
  gint64 max_gap;      /* µs */
  gint64 max_gap_cpu;  /* µs of the main thread's CPU time in it */
  gint64 max_busy;     /* µs: the most CPU time between two firings */
  guint  n_fired;
} Ticker;

/* The CPU time the calling thread has used, in µs. */
static gint64
thread_cpu_time (void)
{
  struct timespec ts;

  g_assert_cmpint (clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts), ==, 0);

  return (gint64) ts.tv_sec * G_USEC_PER_SEC + ts.tv_nsec / 1000;
}

static void
ticker_start (Ticker *ticker)
{
  memset (ticker, 0, sizeof *ticker);
  ticker->last = g_get_monotonic_time ();
  ticker->last_cpu = thread_cpu_time ();
}

static gboolean
tick_cb (gpointer data)
{
  Ticker *ticker = data;
  gint64 now = g_get_monotonic_time ();
  gint64 cpu = thread_cpu_time ();

  if (now - ticker->last > ticker->max_gap)
    {
      ticker->max_gap = now - ticker->last;
      ticker->max_gap_cpu = cpu - ticker->last_cpu;
    }
  ticker->max_busy = MAX (ticker->max_busy, cpu - ticker->last_cpu);
  ticker->last = now;
  ticker->last_cpu = cpu;
  ticker->n_fired++;

  return G_SOURCE_CONTINUE;
}

static gboolean
analysis_shown (TttGame *game)
{
  for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
    if (ttt_analyst_get_search_analysis (ttt_game_get_analyst (game), move, NULL, NULL, NULL, NULL))
      return TRUE;

  return FALSE;
}

/* The analysis, the hint and the review's grades at once: while they run
 * the main loop keeps turning, and each comes with its answer. */
static void
test_coach_searches (void)
{
  g_autoptr(TttGame) analysed = ttt_test_two_player_game_new ();
  g_autoptr(TttGame) hinted = ttt_test_two_player_game_new ();
  g_autoptr(TttReviewCursor) review = NULL;
  Ticker ticker;
  guint tick_id, n_analyses = 0, fired_in_analysis = 0, fired_in_all;
  gint64 deadline;
  int hint;

  if (g_getenv ("TTT_TEST_UNDER_VALGRIND") != NULL)
    {
      /* Valgrind runs one thread at a time: the main loop waits there. */
      g_test_skip ("valgrind runs the workers on the main thread's time");
      return;
    }

  ttt_setup_set_variant (ttt_game_get_setup (analysed), TTT_VARIANT_ULTIMATE);
  ttt_game_start_new (analysed);
  ttt_setup_set_variant (ttt_game_get_setup (hinted), TTT_VARIANT_ULTIMATE);
  ttt_game_start_new (hinted);
  TTT_TEST_PLAY (hinted, 4 * 9 + 4, 4 * 9 + 0);
  review = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, review_moves,
                                              G_N_ELEMENTS (review_moves), TTT_MARK_O);
  g_assert_nonnull (review);
  g_signal_connect_swapped (ttt_game_get_analyst (analysed), "analysis-changed", G_CALLBACK (ttt_test_count_cb), &n_analyses);

  ticker_start (&ticker);
  tick_id = g_timeout_add (TICK_MS, tick_cb, &ticker);
  deadline = g_get_monotonic_time () + 4 * TTT_TEST_DEADLINE_US;

  ttt_review_cursor_start_grading (review);
  g_assert_false (ttt_review_cursor_get_ready (review));
  g_assert_cmpint (ttt_analyst_show_hint (ttt_game_get_analyst (hinted)), ==, -1);
  g_assert_true (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (hinted)));

  /* The analysis of eight positions one after the other, as a person
   * would play them with it shown. */
  for (guint i = 0; i < 8; i++)
    {
      guint fired = ticker.n_fired;
      int n = 0;

      /* Asked, it is not there yet: the question starts its search. */
      g_assert_false (analysis_shown (analysed));
      g_assert_cmpuint (n_analyses, ==, i);
      while (n_analyses == i && g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, TRUE);
      g_assert_cmpuint (n_analyses, ==, i + 1);
      fired_in_analysis += ticker.n_fired - fired;

      for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
        {
          int percent = -1;

          g_assert_cmpint (ttt_analyst_get_search_analysis (ttt_game_get_analyst (analysed), move, &percent, NULL, NULL, NULL), ==,
                           ttt_match_is_legal (ttt_game_get_match (analysed), move));
          if (!ttt_match_is_legal (ttt_game_get_match (analysed), move))
            continue;
          /* −1: the search cannot tell the moves apart. */
          g_assert_cmpint (percent, >=, -1);
          g_assert_cmpint (percent, <=, 100);
          n++;
        }
      g_assert_cmpint (n, >, 0);
      g_assert_true (ttt_game_play (analysed, review_moves[i]));
    }

  while ((ttt_analyst_get_hint_thinking (ttt_game_get_analyst (hinted)) || !ttt_review_cursor_get_ready (review)) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  fired_in_all = ticker.n_fired;
  g_source_remove (tick_id);

  /* Each search gave its answer. */
  g_assert_false (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (hinted)));
  hint = ttt_analyst_get_search_hint (ttt_game_get_analyst (hinted), NULL, NULL);
  g_assert_true (ttt_match_is_legal (ttt_game_get_match (hinted), hint));
  g_assert_true (ttt_review_cursor_get_ready (review));
  {
    TttUltimateGrade grade;

    g_assert_true (ttt_review_cursor_get_ultimate_grade (review, G_N_ELEMENTS (review_moves), &grade));
    g_assert_cmpint (grade.grade, ==, TTT_GRADE_BLUNDER);
  }

  g_test_message ("%u firings in all, %u while the analysis was on its way; "
                  "longest gap %.1f ms, the main thread busy %.1f ms of it; "
                  "at most %.1f ms busy between two firings",
                  fired_in_all, fired_in_analysis, ticker.max_gap / 1000.0, ticker.max_gap_cpu / 1000.0,
                  ticker.max_busy / 1000.0);
  /* The main loop turned while the analyses were searched: asked on the
   * main thread, each would have come back with the question. */
  g_assert_cmpuint (fired_in_analysis, >, 0);
  /* The hint and the grades take seconds: the frames went on meanwhile. */
  g_assert_cmpuint (fired_in_all, >=, 10);
  g_assert_cmpint (ticker.max_busy, <=, MAX_BUSY_MS * G_TIME_SPAN_MILLISECOND);

  ttt_test_iterate ();
  g_assert_cmpuint (ttt_test_count_thinking (), ==, 0);
  g_assert_cmpuint (ttt_review_cursor_count_grading (), ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/game-responsive/coach-searches", test_coach_searches);

  return g_test_run ();
}
