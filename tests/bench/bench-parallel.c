/* bench-parallel.c — the Ultimate search on one thread and on several
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Figures, never timed tests: simulations (search iterations) a second of
 * wall time on 1 and 2 threads and their ratio (target: at least 1.7 on 2
 * free cores); Master's time per move, on the threads it is given, against
 * Hard's on one (target: no longer); and Master on 2 threads against Hard
 * on 1 at the same iterations a thread, so the same time a move on 2
 * cores, beside Hard with twice the iterations in one tree against Hard,
 * the most a parallel search could gain. The exit status is non-zero only for something wrong (an illegal
 * move, a game that does not end), never for something slow or weak.
 *
 * Wall time on a shared machine is what others leave: the load average is
 * printed before and after, and each rate is the best of a few rounds,
 * the threads' counts taking turns, so that a busy moment costs both.
 *
 *   TTT_BENCH_PARALLEL_THREADS=N   N threads instead of 2 for the parallel
 *                                  side (the ratio is still to 1 thread)
 *   TTT_BENCH_PARALLEL_GAMES=N     games of the match (20 unless given;
 *                                  0 for none)
 *   TTT_BENCH_PARALLEL_SCALE=N     the match's budgets / N (10 unless
 *                                  given; 1: the levels' own)
 */

/* First: it sets _POSIX_C_SOURCE before any system header. */
#include "bench-ultimate-helpers.h"

#define SIM_ITERATIONS   200000
#define N_SIM_POSITIONS  4
#define N_ROUNDS         3
#define N_MOVE_POSITIONS 5

/* The load average of the last minute, or −1. */
static double
load_average (void)
{
  FILE *file = fopen ("/proc/loadavg", "r");
  double load = -1;

  if (file == NULL)
    return -1;
  if (fscanf (file, "%lf", &load) != 1)
    load = -1;
  fclose (file);

  return load;
}

static long
env_number (const char *name,
            long        fallback,
            long        low,
            long        high)
{
  const char *text = getenv (name);
  long value = text != NULL ? strtol (text, NULL, 10) : fallback;

  return value >= low && value <= high ? value : fallback;
}

typedef struct
{
  double wall;  /* iterations a second of wall time */
  double cpu;   /* and a second of CPU time, all threads' */
} Rate;

/* One run of SIM_ITERATIONS a thread from a fresh tree. */
static Rate
sims_per_second (TttSearch         *search,
                 const TttUltimate *pos,
                 uint64_t           seed)
{
  TttSearchBudget budget = { SIM_ITERATIONS, NULL, NULL };
  uint64_t start;
  double cpu_start;
  Rate rate;
  int move;

  ttt_search_reset (search);
  start = now_ns ();
  cpu_start = cpu_seconds ();
  if (ttt_search_run (search, pos, &budget, &seed, &move) != TTT_OK || !ttt_ultimate_is_legal (pos, move))
    fail ("search from a random position");
  rate.cpu = (double) ttt_search_get_iterations (search) / (cpu_seconds () - cpu_start);
  rate.wall = (double) ttt_search_get_iterations (search) / ((double) (now_ns () - start) * 1e-9);

  return rate;
}

static void
bench_simulations (unsigned n_threads)
{
  TttSearch *one = ttt_search_new (0);
  TttSearch *many = ttt_search_new_parallel (0, n_threads);
  TttUltimate positions[N_SIM_POSITIONS];
  double ratios[N_SIM_POSITIONS];
  double load_before = load_average ();
  Stats ratio_stats;
  Table table;

  if (one == NULL || many == NULL)
    {
      fail ("no memory for the searches");
      ttt_search_free (one);
      ttt_search_free (many);
      return;
    }

  ttt_ultimate_clear (&positions[0]);
  for (int i = 1; i < N_SIM_POSITIONS; i++)
    positions[i] = random_position (10 * i, (uint64_t) i);

  printf ("## Simulations a second of wall time, 1 thread and %u (target: at least 1.7 times "
          "on 2 cores)\n\n", n_threads);
  printf ("%d iterations a thread, the best of %d rounds. Load average before: %.2f. A second of\n"
          "CPU is all threads' together: where their ratio is near 1, the threads lose nothing to\n"
          "each other, and the wall ratio falls short of %u only for want of free cores.\n\n",
          SIM_ITERATIONS, N_ROUNDS, load_before, n_threads);
  table_begin (&table, "lrrrrrr");
  table_add (&table, "from");
  table_add (&table, "1 thread / s");
  table_add (&table, "%u threads / s", n_threads);
  table_add (&table, "ratio");
  table_add (&table, "1 thread / CPU-s");
  table_add (&table, "%u / CPU-s", n_threads);
  table_add (&table, "CPU ratio");

  for (int i = 0; i < N_SIM_POSITIONS; i++)
    {
      Rate best_one = { 0, 0 }, best_many = { 0, 0 };

      for (int round = 0; round < N_ROUNDS; round++)
        {
          Rate rate_one = sims_per_second (one, &positions[i], (uint64_t) round + 1);
          Rate rate_many = sims_per_second (many, &positions[i], (uint64_t) round + 1);

          if (rate_one.wall > best_one.wall)
            best_one = rate_one;
          if (rate_many.wall > best_many.wall)
            best_many = rate_many;
        }
      ratios[i] = best_many.wall / best_one.wall;
      if (i == 0)
        table_add (&table, "the empty board");
      else
        table_add (&table, "ply %d of a random game", 10 * i);
      table_add (&table, "%.0f", best_one.wall);
      table_add (&table, "%.0f", best_many.wall);
      table_add (&table, "%.2f", ratios[i]);
      table_add (&table, "%.0f", best_one.cpu);
      table_add (&table, "%.0f", best_many.cpu);
      table_add (&table, "%.2f", best_many.cpu / best_one.cpu);
    }
  ratio_stats = stats_of (ratios, N_SIM_POSITIONS);
  table_print (&table);
  printf ("Median ratio: %.2f. Load average after: %.2f.\n\n", ratio_stats.median, load_average ());

  ttt_search_free (one);
  ttt_search_free (many);
}

/* Time per move */

typedef struct
{
  double   seconds;
  uint64_t iterations;
} MoveCost;

static MoveCost
time_move (TttSearch         *search,
           TttLevel           level,
           const TttUltimate *pos,
           uint64_t           seed)
{
  MoveCost cost;
  uint64_t start;
  int move;

  ttt_search_reset (search);
  start = now_ns ();
  if (ttt_ultimate_choose (search, pos, level, NULL, &seed, &move) != TTT_OK || !ttt_ultimate_is_legal (pos, move))
    fail ("a level's move in a random position");
  cost.seconds = (double) (now_ns () - start) * 1e-9;
  cost.iterations = ttt_search_get_iterations (search);

  return cost;
}

static void
bench_time_per_move (unsigned n_threads)
{
  TttSearch *one = ttt_search_new (0);
  TttSearch *many = ttt_search_new_parallel (0, n_threads);
  double hard[N_MOVE_POSITIONS], master[N_MOVE_POSITIONS];
  double hard_iterations[N_MOVE_POSITIONS], master_iterations[N_MOVE_POSITIONS];
  Stats hard_stats, master_stats, hard_it, master_it;
  Table table;

  if (one == NULL || many == NULL)
    {
      fail ("no memory for the searches");
      ttt_search_free (one);
      ttt_search_free (many);
      return;
    }

  for (int i = 0; i < N_MOVE_POSITIONS; i++)
    {
      TttUltimate pos = random_position (i * 10, (uint64_t) i + 100);
      MoveCost cost;

      cost = time_move (one, TTT_LEVEL_HARD, &pos, (uint64_t) i);
      hard[i] = cost.seconds;
      hard_iterations[i] = (double) cost.iterations;
      cost = time_move (many, TTT_LEVEL_MASTER, &pos, (uint64_t) i);
      master[i] = cost.seconds;
      master_iterations[i] = (double) cost.iterations;
    }
  hard_stats = stats_of (hard, N_MOVE_POSITIONS);
  master_stats = stats_of (master, N_MOVE_POSITIONS);
  hard_it = stats_of (hard_iterations, N_MOVE_POSITIONS);
  master_it = stats_of (master_iterations, N_MOVE_POSITIONS);

  printf ("## Time per move, plies 0–%d of random games (target: Master no longer than Hard)\n\n",
          (N_MOVE_POSITIONS - 1) * 10);
  table_begin (&table, "lrrrr");
  table_add (&table, "level");
  table_add (&table, "iterations");
  table_add (&table, "median s");
  table_add (&table, "mean s");
  table_add (&table, "worst s");
  table_add (&table, "Hard, 1 thread");
  table_add (&table, "%.0f", hard_it.median);
  table_add (&table, "%.3f", hard_stats.median);
  table_add (&table, "%.3f", hard_stats.mean);
  table_add (&table, "%.3f", hard_stats.worst);
  table_add (&table, "Master, %u threads", n_threads);
  table_add (&table, "%.0f", master_it.median);
  table_add (&table, "%.3f", master_stats.median);
  table_add (&table, "%.3f", master_stats.mean);
  table_add (&table, "%.3f", master_stats.worst);
  table_print (&table);
  printf ("Load average after: %.2f.\n\n", load_average ());

  ttt_search_free (one);
  ttt_search_free (many);
}

/* Master on several threads against Hard on one */

/* One side of a game: its search, level and iterations a thread. */
typedef struct
{
  TttSearch *search;
  TttLevel   level;
  uint64_t   iterations;
} Side;

/* One game, each side keeping its tree from move to move as the app does;
 * the score of @a, playing X when @a_is_x, in half points. */
static int
play_game (const Side *a,
           const Side *b,
           bool        a_is_x,
           uint64_t    seed)
{
  TttUltimate pos;
  TttOutcome outcome;

  ttt_ultimate_clear (&pos);
  ttt_search_reset (a->search);
  ttt_search_reset (b->search);
  while (ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING)
    {
      const Side *side = (pos.turn == TTT_MARK_X) == a_is_x ? a : b;
      TttSearchBudget budget = { side->iterations, NULL, NULL };
      int move = -1;

      if (ttt_ultimate_choose (side->search, &pos, side->level, &budget, &seed, &move) != TTT_OK ||
          ttt_ultimate_play (&pos, move) != TTT_OK)
        {
          fail ("an illegal move in a game");
          return 0;
        }
    }
  outcome = ttt_ultimate_outcome (&pos);
  if (outcome == TTT_OUTCOME_DRAW)
    return 1;

  return (outcome == TTT_OUTCOME_X_WINS) == a_is_x ? 2 : 0;
}

/* @n_games of @a against @b, colours alternated, as a row of the table. */
static void
play_match (const char *name,
            const Side *a,
            const Side *b,
            long        n_games)
{
  int counts[3] = { 0 };
  double score, low, high;
  uint64_t start = now_ns ();

  for (long game = 0; game < n_games; game++)
    counts[play_game (a, b, game % 2 == 0, (uint64_t) game * 7919 + 1)]++;
  score = (counts[2] + 0.5 * counts[1]) / (double) n_games;
  wilson (score, (double) n_games, &low, &high);
  printf ("| %s | %ld | %d-%d-%d | %.1f %% | %.1f–%.1f %% | %.0f |\n", name, n_games, counts[2], counts[1],
          counts[0], 100 * score, 100 * low, 100 * high, (double) (now_ns () - start) * 1e-9);
  fflush (stdout);
}

static void
bench_match (unsigned n_threads)
{
  long n_games = env_number ("TTT_BENCH_PARALLEL_GAMES", 20, 0, 100000);
  long scale = env_number ("TTT_BENCH_PARALLEL_SCALE", 10, 1, 1000000);
  uint64_t iterations = TTT_ULTIMATE_HARD_ITERATIONS / (uint64_t) scale;
  Side master = { NULL, TTT_LEVEL_MASTER, iterations };
  Side hard = { NULL, TTT_LEVEL_HARD, iterations };
  Side ceiling = { NULL, TTT_LEVEL_HARD, n_threads * iterations };
  char name[64];

  if (n_games == 0)
    return;
  master.search = ttt_search_new_parallel (0, n_threads);
  hard.search = ttt_search_new (0);
  ceiling.search = ttt_search_new (0);
  if (master.search == NULL || hard.search == NULL || ceiling.search == NULL)
    {
      fail ("no memory for the searches");
      ttt_search_free (master.search);
      ttt_search_free (hard.search);
      ttt_search_free (ceiling.search);
      return;
    }

  printf ("## Master on %u threads against Hard on 1, %llu iterations a thread a move\n\n", n_threads,
          (unsigned long long) iterations);
  printf ("The same time a move on %u free cores; colours alternate; each side keeps its tree\n"
          "from move to move. Budgets are the levels' own divided by %ld. The second row is\n"
          "the ceiling: one tree with all %u threads' iterations, which a parallel search\n"
          "that lost nothing to its threads would match.\n\n", n_threads, scale, n_threads);
  printf ("| player | games | W-D-L | score | 95 %% interval (Wilson) | wall s |\n");
  printf ("| ------ | ----: | ----- | ----: | ---------------------- | -----: |\n");
  snprintf (name, sizeof name, "Master, %u threads", n_threads);
  play_match (name, &master, &hard, n_games);
  snprintf (name, sizeof name, "Hard, 1 thread, %u× iterations", n_threads);
  play_match (name, &ceiling, &hard, n_games);
  printf ("\n");

  ttt_search_free (master.search);
  ttt_search_free (hard.search);
  ttt_search_free (ceiling.search);
}

int
main (void)
{
  unsigned n_threads = (unsigned) env_number ("TTT_BENCH_PARALLEL_THREADS", 2, 2, TTT_SEARCH_MAX_THREADS);

  printf ("# The Ultimate search on %u threads\n\n", n_threads);
  fflush (stdout);
  bench_simulations (n_threads);
  fflush (stdout);
  bench_time_per_move (n_threads);
  fflush (stdout);
  bench_match (n_threads);

  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
