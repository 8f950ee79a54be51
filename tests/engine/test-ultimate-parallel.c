/* test-ultimate-parallel.c — the Ultimate search on several threads, and
 * the tree it keeps from move to move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Budgets are iterations, which each thread counts for its own tree, so
 * every result here repeats whatever the threads' timing or the machine's
 * load: nothing waits, nothing is timed.
 */

#include <string.h>

#include <glib.h>

#include "ttt-ultimate.h"

#define N_THREADS 2

static gboolean
under_valgrind (void)
{
  return g_getenv ("TTT_TEST_UNDER_VALGRIND") != NULL;
}

/* A few thousand iterations, fewer under valgrind. */
static uint64_t
budget_iterations (void)
{
  return under_valgrind () ? 300 : 3000;
}

/* The position @plies into a game of uniformly random moves from @seed;
 * none of those tried has a symmetry past ply 8, so each move is its own
 * class and every tree has each of them. */
static TttUltimate
random_position (int      plies,
                 uint64_t seed)
{
  TttUltimate pos;

  ttt_ultimate_clear (&pos);
  for (int i = 0; i < plies; i++)
    {
      TttUltimateMoves legal;
      int n = ttt_ultimate_legal_moves (&pos, &legal);
      int k;

      g_assert_cmpint (n, >, 0);
      k = (int) (ttt_rng_next (&seed) % (uint64_t) n);
      for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
        if (legal.cells[move / 9] & (1u << (move % 9)) && k-- == 0)
          {
            g_assert_cmpint (ttt_ultimate_play (&pos, move), ==, TTT_OK);
            break;
          }
    }
  g_assert_cmpint (ttt_ultimate_outcome (&pos), ==, TTT_OUTCOME_ONGOING);

  return pos;
}

static gboolean
has_symmetry (const TttUltimate *pos)
{
  for (int a = 0; a < TTT_ULTIMATE_N_MOVES; a++)
    for (int b = 0; b < TTT_ULTIMATE_N_MOVES; b++)
      if (a != b && ttt_ultimate_moves_symmetric (pos, a, b))
        return TRUE;

  return FALSE;
}

/* The analysis's visits of @move, or 0. */
static uint32_t
visits_of (const TttMoveAnalysis *analysis,
           int                    n,
           int                    move)
{
  for (int i = 0; i < n; i++)
    if (analysis[i].move == move)
      return analysis[i].visits;

  return 0;
}

static void
test_new (void)
{
  TttSearch *one = ttt_search_new (TTT_SEARCH_MIN_BYTES);
  TttSearch *two = ttt_search_new_parallel (TTT_SEARCH_MIN_BYTES, 2);

  g_assert_null (ttt_search_new_parallel (0, 0));
  g_assert_null (ttt_search_new_parallel (0, TTT_SEARCH_MAX_THREADS + 1));
  g_assert_null (ttt_search_new_parallel (TTT_SEARCH_MIN_BYTES - 1, 2));
  g_assert_null (ttt_search_new_parallel ((size_t) TTT_SEARCH_DEFAULT_BYTES + 1, 2));
  g_assert_cmpuint (ttt_search_get_n_threads (NULL), ==, 0);

  /* A block for each thread's tree. */
  g_assert_cmpuint (ttt_search_get_n_threads (one), ==, 1);
  g_assert_cmpuint (ttt_search_get_n_threads (two), ==, 2);
  g_assert_cmpuint (ttt_search_get_memory (two), ==, 2 * ttt_search_get_memory (one));
  g_assert_cmpuint (ttt_search_get_capacity (two), ==, 2 * ttt_search_get_capacity (one));
  g_assert_cmpuint (ttt_search_get_n_nodes (two), ==, 0);
  g_assert_cmpuint (ttt_search_get_visits (two), ==, 0);
  ttt_search_free (one);
  ttt_search_free (two);
}

/* Bad input changes nothing: the kept trees and the last run's analysis
 * stay as they were. */
static void
test_errors (void)
{
  TttSearch *search = ttt_search_new_parallel (1024 * 1024, N_THREADS);
  TttSearchBudget budget = { budget_iterations (), NULL, NULL };
  TttSearchBudget no_budget = { 0, NULL, NULL };
  TttMoveAnalysis before[TTT_ULTIMATE_N_MOVES], after[TTT_ULTIMATE_N_MOVES];
  TttUltimate pos = random_position (12, 3), bad = pos, over;
  uint64_t rng = 5, rng_copy;
  int move = -7, n;

  g_assert_cmpint (ttt_search_analyse (search, before, TTT_ULTIMATE_N_MOVES), ==, -1);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  n = ttt_search_analyse (search, before, TTT_ULTIMATE_N_MOVES);
  g_assert_cmpint (n, >, 0);

  bad.x[0] = 0x1ff;
  ttt_ultimate_clear (&over);
  for (int m = 0; ttt_ultimate_outcome (&over) == TTT_OUTCOME_ONGOING && m < 200; m++)
    {
      TttUltimateMoves legal;

      ttt_ultimate_legal_moves (&over, &legal);
      for (int k = 0; k < TTT_ULTIMATE_N_MOVES; k++)
        if (legal.cells[k / 9] & (1u << (k % 9)))
          {
            ttt_ultimate_play (&over, k);
            break;
          }
    }
  g_assert_cmpint (ttt_ultimate_outcome (&over), !=, TTT_OUTCOME_ONGOING);

  move = -7;
  rng_copy = rng;
  g_assert_cmpint (ttt_search_run (search, &bad, &budget, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &pos, &no_budget, &rng, &move), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_search_run (search, &over, &budget, &rng, &move), ==, TTT_ERROR_GAME_OVER);
  g_assert_cmpint (ttt_ultimate_choose (search, &bad, TTT_LEVEL_MASTER, NULL, &rng, &move), ==,
                   TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_ultimate_choose (search, &over, TTT_LEVEL_MASTER, NULL, &rng, &move), ==,
                   TTT_ERROR_GAME_OVER);
  g_assert_cmpint (move, ==, -7);
  g_assert_cmpuint (rng, ==, rng_copy);

  g_assert_cmpint (ttt_search_analyse (search, after, TTT_ULTIMATE_N_MOVES), ==, n);
  g_assert_cmpmem (before, sizeof before[0] * (size_t) n, after, sizeof after[0] * (size_t) n);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, N_THREADS * budget.iterations);
  ttt_search_free (search);
}

/* What a run of a parallel search gives, to compare runs by. */
typedef struct
{
  int             move;
  uint64_t        rng_after;
  uint64_t        iterations;
  uint64_t        visits;
  int             n;
  TttMoveAnalysis analysis[TTT_ULTIMATE_N_MOVES];
} Run;

static Run
run_once (const TttUltimate *pos,
          unsigned           n_threads,
          uint64_t           seed)
{
  TttSearch *search = ttt_search_new_parallel (1024 * 1024, n_threads);
  TttSearchBudget budget = { budget_iterations (), NULL, NULL };
  Run run;

  memset (&run, 0, sizeof run);
  run.rng_after = seed;
  g_assert_nonnull (search);
  g_assert_cmpint (ttt_search_run (search, pos, &budget, &run.rng_after, &run.move), ==, TTT_OK);
  run.iterations = ttt_search_get_iterations (search);
  run.visits = ttt_search_get_visits (search);
  run.n = ttt_search_analyse (search, run.analysis, TTT_ULTIMATE_N_MOVES);
  ttt_search_free (search);

  return run;
}

static void
assert_same_run (const Run *a,
                 const Run *b)
{
  g_assert_cmpint (a->move, ==, b->move);
  g_assert_cmpuint (a->rng_after, ==, b->rng_after);
  g_assert_cmpuint (a->iterations, ==, b->iterations);
  g_assert_cmpuint (a->visits, ==, b->visits);
  g_assert_cmpint (a->n, ==, b->n);
  g_assert_cmpmem (a->analysis, sizeof a->analysis[0] * (size_t) a->n, b->analysis,
                   sizeof b->analysis[0] * (size_t) b->n);
}

/* On several threads every thread makes the budget's iterations, and the
 * analysis adds up the trees: every move once, the visits those of the
 * root. The same seed gives the same run, however the threads ran; one
 * thread of a parallel search is the search as it was. */
static void
test_adds_up (void)
{
  for (int i = 0; i < 4; i++)
    {
      TttUltimate pos = random_position (10 + 7 * i, (uint64_t) i);
      TttUltimateMoves legal;
      Run two = run_once (&pos, N_THREADS, (uint64_t) i);
      Run again = run_once (&pos, N_THREADS, (uint64_t) i);
      Run one = run_once (&pos, 1, (uint64_t) i);
      TttSearch *plain = ttt_search_new (1024 * 1024);
      TttSearchBudget budget = { budget_iterations (), NULL, NULL };
      uint64_t rng = (uint64_t) i, sum = 0;
      int move;

      g_assert_false (has_symmetry (&pos));
      assert_same_run (&two, &again);
      g_assert_cmpuint (two.iterations, ==, N_THREADS * budget.iterations);
      g_assert_cmpint (two.n, ==, ttt_ultimate_legal_moves (&pos, &legal));
      g_assert_true (ttt_ultimate_is_legal (&pos, two.move));
      g_assert_cmpint (two.analysis[0].move, ==, two.move);
      for (int k = 0; k < two.n; k++)
        {
          g_assert_true (ttt_ultimate_is_legal (&pos, two.analysis[k].move));
          for (int j = 0; j < k; j++)
            g_assert_cmpint (two.analysis[j].move, !=, two.analysis[k].move);
          sum += two.analysis[k].visits;
        }
      /* Every iteration went through one move, unless it ended on a
       * proof at the root. */
      if (two.analysis[0].proof == TTT_PROOF_NONE)
        g_assert_cmpuint (sum, ==, two.visits);

      g_assert_cmpint (ttt_search_run (plain, &pos, &budget, &rng, &move), ==, TTT_OK);
      g_assert_cmpint (move, ==, one.move);
      g_assert_cmpuint (rng, ==, one.rng_after);
      g_assert_cmpuint (one.iterations, ==, budget.iterations);
      ttt_search_free (plain);
    }
}

/* The move that wins the game at once in @pos, or −1. */
static int
winning_move (const TttUltimate *pos)
{
  for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
    {
      TttUltimate after = *pos;

      if (ttt_ultimate_play (&after, move) == TTT_OK &&
          ttt_ultimate_outcome (&after) == (pos->turn == TTT_MARK_X ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS))
        return move;
    }

  return -1;
}

/* Positions with a win in one, from random games: found and played on
 * every thread. */
static void
test_win_in_one (void)
{
  int found = 0;

  for (uint64_t seed = 0; found < 5 && seed < 1000; seed++)
    {
      TttUltimate pos;
      Run run;

      uint64_t rng = seed;

      ttt_ultimate_clear (&pos);
      while (ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING && winning_move (&pos) < 0)
        {
          TttUltimateMoves legal;
          int k = (int) (ttt_rng_next (&rng) % (uint64_t) ttt_ultimate_legal_moves (&pos, &legal));

          for (int move = 0; move < TTT_ULTIMATE_N_MOVES; move++)
            if (legal.cells[move / 9] & (1u << (move % 9)) && k-- == 0)
              {
                ttt_ultimate_play (&pos, move);
                break;
              }
        }
      if (ttt_ultimate_outcome (&pos) != TTT_OUTCOME_ONGOING)
        continue;

      run = run_once (&pos, N_THREADS, seed);
      g_assert_cmpint (run.analysis[0].proof, ==, TTT_PROOF_WIN);
      g_assert_cmpint (run.analysis[0].plies, ==, 1);
      g_assert_cmpint (ttt_ultimate_play (&pos, run.move), ==, TTT_OK);
      g_assert_cmpint (ttt_ultimate_outcome (&pos), !=, TTT_OUTCOME_ONGOING);
      g_assert_cmpint (ttt_ultimate_outcome (&pos), !=, TTT_OUTCOME_DRAW);
      found++;
    }
  g_assert_cmpint (found, ==, 5);
}

static bool
stop_at_once (void *data)
{
  return true;
}

/* Each thread asks should_stop for itself, and stops at its first poll. */
static void
test_should_stop (void)
{
  TttSearch *search = ttt_search_new_parallel (TTT_SEARCH_MIN_BYTES, N_THREADS);
  TttSearchBudget budget = { 0, stop_at_once, NULL };
  TttUltimate pos;
  uint64_t rng = 1;
  int move;

  ttt_ultimate_clear (&pos);
  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, N_THREADS * TTT_SEARCH_POLL);
  g_assert_true (ttt_ultimate_is_legal (&pos, move));
  ttt_search_free (search);
}

/* Master searches on every thread of its search; Hard, the other levels,
 * on one. */
static void
test_levels (void)
{
  TttSearch *search = ttt_search_new_parallel (TTT_SEARCH_DEFAULT_BYTES / 16, N_THREADS);
  TttSearchBudget budget = { budget_iterations (), NULL, NULL };
  TttUltimateLevel params;
  TttUltimate pos = random_position (20, 4);
  uint64_t rng = 2;
  int move;

  g_assert_true (ttt_ultimate_level_get (TTT_LEVEL_MASTER, &params));
  g_assert_true (params.parallel);
  for (int level = 0; level < TTT_N_LEVELS; level++)
    if (level != TTT_LEVEL_MASTER)
      {
        g_assert_true (ttt_ultimate_level_get ((TttLevel) level, &params));
        g_assert_false (params.parallel);
      }

  g_assert_cmpint (ttt_ultimate_choose (search, &pos, TTT_LEVEL_MASTER, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, N_THREADS * budget.iterations);
  ttt_search_reset (search);
  g_assert_cmpint (ttt_ultimate_choose (search, &pos, TTT_LEVEL_HARD, &budget, &rng, &move), ==, TTT_OK);
  g_assert_cmpuint (ttt_search_get_iterations (search), ==, budget.iterations);
  ttt_search_free (search);
}

/* The tree kept from move to move: a move walks it down to the subtree
 * of the move, so the next search starts with the visits the last gave
 * that move, on each thread; the reply walks it down again. */
static void
test_kept_subtree (gconstpointer data)
{
  unsigned n_threads = GPOINTER_TO_UINT (data);
  TttSearch *search = ttt_search_new_parallel (8 * 1024 * 1024, n_threads);
  TttSearchBudget budget = { budget_iterations (), NULL, NULL };
  TttMoveAnalysis analysis[TTT_ULTIMATE_N_MOVES];
  TttUltimate pos = random_position (12, 7);
  uint64_t rng = 11;
  int move, n;

  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  for (int ply = 0; ply < 6 && ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING; ply++)
    {
      uint32_t chosen_visits;
      uint64_t visits;
      int reply;

      n = ttt_search_analyse (search, analysis, TTT_ULTIMATE_N_MOVES);
      g_assert_cmpint (n, >, 0);
      /* The computer plays its move; then the other side's move, not
       * always the search's first choice: its second when it has one
       * with visits. */
      reply = ply % 2 == 1 && n > 1 && analysis[1].visits > 0 ? analysis[1].move : move;
      chosen_visits = visits_of (analysis, n, reply);
      g_assert_cmpuint (chosen_visits, >, 0);
      g_assert_cmpint (ttt_ultimate_play (&pos, reply), ==, TTT_OK);
      if (ttt_ultimate_outcome (&pos) != TTT_OUTCOME_ONGOING)
        break;
      g_assert_false (has_symmetry (&pos));

      g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
      visits = ttt_search_get_visits (search);
      g_assert_cmpuint (ttt_search_get_iterations (search), ==, n_threads * budget.iterations);
      /* The root's visits before this run: the chosen subtree's. */
      g_assert_cmpuint (visits - ttt_search_get_iterations (search), ==, chosen_visits);
    }

  /* Forgotten after a reset: a run sees its own iterations alone. */
  ttt_search_reset (search);
  if (ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING)
    {
      g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
      g_assert_cmpuint (ttt_search_get_visits (search), ==, ttt_search_get_iterations (search));
    }
  ttt_search_free (search);
}

/* Two moves at once, the computer's and the person's: the tree goes down
 * both, to a subtree of the computer's move's. */
static void
test_kept_two_plies (gconstpointer data)
{
  unsigned n_threads = GPOINTER_TO_UINT (data);
  TttSearch *search = ttt_search_new_parallel (8 * 1024 * 1024, n_threads);
  TttSearchBudget budget = { 4 * budget_iterations (), NULL, NULL };
  TttMoveAnalysis analysis[TTT_ULTIMATE_N_MOVES];
  TttUltimate pos = random_position (14, 9);
  uint64_t rng = 12;
  uint32_t move_visits;
  uint64_t kept;
  int move, reply, n;

  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  n = ttt_search_analyse (search, analysis, TTT_ULTIMATE_N_MOVES);
  move_visits = visits_of (analysis, n, move);
  g_assert_cmpint (ttt_ultimate_play (&pos, move), ==, TTT_OK);

  /* The person's answer: the one the search expects (its own choice
   * from there, on a search of its own). */
  {
    TttSearch *other = ttt_search_new (8 * 1024 * 1024);
    uint64_t other_rng = 13;

    g_assert_cmpint (ttt_search_run (other, &pos, &budget, &other_rng, &reply), ==, TTT_OK);
    ttt_search_free (other);
  }
  g_assert_cmpint (ttt_ultimate_play (&pos, reply), ==, TTT_OK);
  g_assert_cmpint (ttt_ultimate_outcome (&pos), ==, TTT_OUTCOME_ONGOING);

  g_assert_cmpint (ttt_search_run (search, &pos, &budget, &rng, &move), ==, TTT_OK);
  kept = ttt_search_get_visits (search) - ttt_search_get_iterations (search);
  g_test_message ("%u visits of the move, %" G_GUINT64_FORMAT " of the reply kept", move_visits, kept);
  g_assert_cmpuint (kept, >, 0);
  g_assert_cmpuint (kept, <, move_visits);
  ttt_search_free (search);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/ultimate/parallel/new", test_new);
  g_test_add_func ("/ultimate/parallel/errors", test_errors);
  g_test_add_func ("/ultimate/parallel/adds-up", test_adds_up);
  g_test_add_func ("/ultimate/parallel/win-in-one", test_win_in_one);
  g_test_add_func ("/ultimate/parallel/should-stop", test_should_stop);
  g_test_add_func ("/ultimate/parallel/levels", test_levels);
  g_test_add_data_func ("/ultimate/kept/subtree/1", GUINT_TO_POINTER (1), test_kept_subtree);
  g_test_add_data_func ("/ultimate/kept/subtree/2", GUINT_TO_POINTER (N_THREADS), test_kept_subtree);
  g_test_add_data_func ("/ultimate/kept/two-plies/1", GUINT_TO_POINTER (1), test_kept_two_plies);
  g_test_add_data_func ("/ultimate/kept/two-plies/2", GUINT_TO_POINTER (N_THREADS), test_kept_two_plies);

  return g_test_run ();
}
