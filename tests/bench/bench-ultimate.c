/* bench-ultimate.c — how fast and how strong the Ultimate search is
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Figures, never timed tests: simulations (search iterations) per CPU
 * second, the cost of a legal move, Hard's time per move, and a strength
 * table at fixed iteration budgets, so the table repeats on any machine.
 * The exit status is non-zero only for something wrong (an illegal move,
 * a game that does not end), never for something slow or weak.
 *
 * The strength table plays each level against a uniformly random player,
 * against a flat Monte-Carlo player of this file's own (the same number of
 * playouts spread evenly over the legal moves, no tree) and against each
 * other, colours alternated. At the levels' own budgets it takes hours, so:
 *
 *   (default)                    a quick table, 10 games a pair, budgets / 10
 *   TTT_BENCH_STRENGTH=full      200 games a pair (1,000 for Hard against
 *                                random), budgets / 10
 *   TTT_BENCH_STRENGTH=N         N games for every pair
 *   TTT_BENCH_STRENGTH_SCALE=N   budgets / N instead (1: the levels' own)
 */

/* First: it sets _POSIX_C_SOURCE before any system header. */
#include "bench-ultimate-helpers.h"

#include <pthread.h>

#define N_MID_GAME       6
#define SIM_ITERATIONS   200000
#define N_MOVE_POSITIONS 2000
#define N_HARD_POSITIONS 5

static double
thread_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);

  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

/* Simulations */

static double
sims_per_second (const TttUltimate *pos,
                 uint64_t           seed)
{
  TttSearch *search = ttt_search_new (0);
  TttSearchBudget budget = { SIM_ITERATIONS, NULL, NULL };
  double start, seconds;
  uint64_t iterations;
  int move;

  start = cpu_seconds ();
  if (ttt_search_run (search, pos, &budget, &seed, &move) != TTT_OK || !ttt_ultimate_is_legal (pos, move))
    fail ("search from a random position");
  seconds = cpu_seconds () - start;
  iterations = ttt_search_get_iterations (search);
  ttt_search_free (search);

  return (double) iterations / seconds;
}

static void
bench_simulations (void)
{
  TttUltimate empty;
  double rates[N_MID_GAME];
  double playouts_start, playout_rate;
  uint64_t seed = 1;
  Stats stats;
  Table table;
  int n_playouts = 300000;

  ttt_ultimate_clear (&empty);

  /* Playouts alone, without the tree, from the empty board. */
  playouts_start = cpu_seconds ();
  for (int i = 0; i < n_playouts; i++)
    {
      TttUltimate pos = empty;
      int board, cell;

      do
        ttt_ult_random_move (&pos, &seed, &board, &cell);
      while (!ttt_ult_play_unchecked (&pos, board, cell));
      sink += pos.x_won;
    }
  playout_rate = n_playouts / (cpu_seconds () - playouts_start);

  for (int i = 0; i < N_MID_GAME; i++)
    {
      TttUltimate mid = random_position (i < N_MID_GAME / 2 ? 15 : 30, (uint64_t) i);

      rates[i] = sims_per_second (&mid, (uint64_t) i);
    }
  stats = stats_of (rates, N_MID_GAME);

  printf ("## Simulations per CPU-second (target: at least 500,000 from the empty board)\n\n");
  table_begin (&table, "lr");
  table_add (&table, "from");
  table_add (&table, "simulations / s");
  table_add (&table, "the empty board, %d iterations", SIM_ITERATIONS);
  table_add (&table, "%.0f", sims_per_second (&empty, 7));
  table_add (&table, "mid-game (plies 15 and 30), median of %d", N_MID_GAME);
  table_add (&table, "%.0f", stats.median);
  table_add (&table, "the empty board, playouts alone, no tree");
  table_add (&table, "%.0f", playout_rate);
  table_print (&table);
}

/* A legal move */

static void
bench_legal_move (void)
{
  double play_ns[N_MOVE_POSITIONS], moves_ns[N_MOVE_POSITIONS];
  Stats play, moves;
  Table table;

  for (int i = 0; i < N_MOVE_POSITIONS; i++)
    {
      TttUltimate pos = random_position (i % 60, (uint64_t) i);
      TttUltimateMoves legal;
      double best_play = 1e30, best_moves = 1e30;
      uint64_t seed = (uint64_t) i;
      int board, cell, move;

      if (ttt_ult_is_over (&pos))
        pos = random_position (0, 0);
      ttt_ult_random_move (&pos, &seed, &board, &cell);
      move = board * 9 + cell;

      for (int sample = 0; sample < SAMPLES; sample++)
        {
          uint64_t start = now_ns ();
          double ns;

          for (int call = 0; call < CALLS_PER_SAMPLE; call++)
            {
              TttUltimate copy = pos;

              sink = ttt_ultimate_play (&copy, move);
              sink += copy.next;
            }
          ns = (double) (now_ns () - start) / CALLS_PER_SAMPLE;
          if (ns < best_play)
            best_play = ns;

          start = now_ns ();
          for (int call = 0; call < CALLS_PER_SAMPLE; call++)
            sink = ttt_ultimate_legal_moves (&pos, &legal);
          ns = (double) (now_ns () - start) / CALLS_PER_SAMPLE;
          if (ns < best_moves)
            best_moves = ns;
        }
      if (sink < 0)
        fail ("a legal move refused");
      play_ns[i] = best_play;
      moves_ns[i] = best_moves;
    }
  play = stats_of (play_ns, N_MOVE_POSITIONS);
  moves = stats_of (moves_ns, N_MOVE_POSITIONS);

  printf ("## A legal move (target: at most 50 ns median), %d positions of random games\n\n",
          N_MOVE_POSITIONS);
  table_begin (&table, "lrr");
  table_add (&table, "call (position checked first)");
  table_add (&table, "median ns");
  table_add (&table, "worst ns");
  table_add (&table, "`ttt_ultimate_play` (and a copy)");
  table_add (&table, "%.1f", play.median);
  table_add (&table, "%.1f", play.worst);
  table_add (&table, "`ttt_ultimate_legal_moves`");
  table_add (&table, "%.1f", moves.median);
  table_add (&table, "%.1f", moves.worst);
  table_print (&table);
}

/* Hard's time per move */

static void
bench_hard (void)
{
  TttSearch *search = ttt_search_new (0);
  double wall[N_HARD_POSITIONS], cpu[N_HARD_POSITIONS];
  size_t most_nodes = 0;
  Stats wall_stats, cpu_stats;
  Table table;

  for (int i = 0; i < N_HARD_POSITIONS; i++)
    {
      TttUltimate pos = random_position (i * 10, (uint64_t) i + 100);
      uint64_t rng = (uint64_t) i;
      uint64_t start = now_ns ();
      double cpu_start = cpu_seconds ();
      int move;

      ttt_search_reset (search);
      if (ttt_ultimate_choose (search, &pos, TTT_LEVEL_HARD, NULL, &rng, &move) != TTT_OK ||
          !ttt_ultimate_is_legal (&pos, move))
        fail ("Hard's move in a random position");
      wall[i] = (double) (now_ns () - start) * 1e-9;
      cpu[i] = cpu_seconds () - cpu_start;
      if (ttt_search_get_n_nodes (search) > most_nodes)
        most_nodes = ttt_search_get_n_nodes (search);
    }
  wall_stats = stats_of (wall, N_HARD_POSITIONS);
  cpu_stats = stats_of (cpu, N_HARD_POSITIONS);

  printf ("## Hard's time per move (target: at most 1.0 s), %d iterations, plies 0–%d\n\n",
          TTT_ULTIMATE_HARD_ITERATIONS, (N_HARD_POSITIONS - 1) * 10);
  table_begin (&table, "lrrr");
  table_add (&table, "clock");
  table_add (&table, "median s");
  table_add (&table, "mean s");
  table_add (&table, "worst s");
  table_add (&table, "wall");
  table_add (&table, "%.3f", wall_stats.median);
  table_add (&table, "%.3f", wall_stats.mean);
  table_add (&table, "%.3f", wall_stats.worst);
  table_add (&table, "CPU");
  table_add (&table, "%.3f", cpu_stats.median);
  table_add (&table, "%.3f", cpu_stats.mean);
  table_add (&table, "%.3f", cpu_stats.worst);
  table_print (&table);
  printf ("Most nodes in Hard's tree: %zu of %zu (%zu bytes)\n\n", most_nodes,
          ttt_search_get_capacity (search), ttt_search_get_memory (search));
  ttt_search_free (search);
}

/* Strength */

typedef enum
{
  PLAYER_RANDOM,
  PLAYER_FLAT,
  PLAYER_EASY,
  PLAYER_MEDIUM,
  PLAYER_HARD,
} PlayerKind;

static const char *const player_names[] = { "Random", "Flat MC", "Easy", "Medium", "Hard" };

typedef struct
{
  PlayerKind kind;
  uint64_t   iterations;  /* for the flat player: its playouts per move */
} Player;

/* The flat player: every legal move gets the same share of the playouts;
 * a move that wins at once is played at once. */
static int
flat_choose (const TttUltimate *pos,
             uint64_t           playouts,
             uint64_t          *rng)
{
  unsigned boards = ttt_ult_boards_in_play (pos);
  int moves[TTT_ULTIMATE_N_MOVES];
  int n = 0, best = -1;
  uint64_t best_score = 0, each;

  for (unsigned bm = boards; bm != 0; bm &= bm - 1)
    for (unsigned cm = ttt_ult_empty (pos, __builtin_ctz (bm)); cm != 0; cm &= cm - 1)
      moves[n++] = __builtin_ctz (bm) * 9 + __builtin_ctz (cm);
  if (n == 0)
    return -1;
  each = playouts / (uint64_t) n > 0 ? playouts / (uint64_t) n : 1;

  for (int i = 0; i < n; i++)
    {
      TttUltimate after = *pos;
      uint64_t score = 0;

      if (ttt_ult_play_unchecked (&after, moves[i] / 9, moves[i] % 9))
        {
          if (ttt_line_table[after.x_won] != 0 || ttt_line_table[after.o_won] != 0)
            return moves[i];
          score = each;
        }
      else
        for (uint64_t k = 0; k < each; k++)
          {
            TttUltimate play = after;
            int board, cell;

            do
              ttt_ult_random_move (&play, rng, &board, &cell);
            while (!ttt_ult_play_unchecked (&play, board, cell));
            if (ttt_line_table[pos->turn == TTT_MARK_X ? play.x_won : play.o_won] != 0)
              score += 2;
            else if (ttt_line_table[play.x_won] == 0 && ttt_line_table[play.o_won] == 0)
              score += 1;
          }
      if (best < 0 || score > best_score)
        {
          best = moves[i];
          best_score = score;
        }
    }

  return best;
}

static int
player_choose (const Player      *player,
               TttSearch         *search,
               const TttUltimate *pos,
               uint64_t          *rng)
{
  TttSearchBudget budget = { player->iterations, NULL, NULL };
  int move = -1, board, cell;

  switch (player->kind)
    {
    case PLAYER_RANDOM:
      ttt_ult_random_move (pos, rng, &board, &cell);
      return board * 9 + cell;
    case PLAYER_FLAT:
      return flat_choose (pos, player->iterations, rng);
    default:
      if (ttt_ultimate_choose (search, pos, (TttLevel) (player->kind - PLAYER_EASY), &budget, rng, &move) !=
          TTT_OK)
        fail ("a level refused a position");
      return move;
    }
}

/* The outcome of one game, @a playing X when @a_is_x. */
static TttOutcome
play_game (const Player *a,
           const Player *b,
           bool          a_is_x,
           uint64_t      seed,
           TttSearch    *search_a,
           TttSearch    *search_b)
{
  TttUltimate pos;

  ttt_ultimate_clear (&pos);
  ttt_search_reset (search_a);
  ttt_search_reset (search_b);
  while (ttt_ultimate_outcome (&pos) == TTT_OUTCOME_ONGOING)
    {
      bool a_moves = (pos.turn == TTT_MARK_X) == a_is_x;
      int move = player_choose (a_moves ? a : b, a_moves ? search_a : search_b, &pos, &seed);

      if (ttt_ultimate_play (&pos, move) != TTT_OK)
        {
          fail ("%s played an illegal move", player_names[(a_moves ? a : b)->kind]);
          return TTT_OUTCOME_INVALID;
        }
    }

  return ttt_ultimate_outcome (&pos);
}

typedef struct
{
  Player a, b;
  int    first_game, n_games, step;
  /* For a, as X and as O: wins, draws, losses. */
  int    tally[2][3];
  double cpu;
} Match;

static void *
match_thread (void *data)
{
  Match *match = data;
  TttSearch *search_a = ttt_search_new (0);
  TttSearch *search_b = ttt_search_new (0);
  double start = thread_cpu_seconds ();

  for (int game = match->first_game; game < match->n_games; game += match->step)
    {
      bool a_is_x = game % 2 == 0;
      TttOutcome outcome = play_game (&match->a, &match->b, a_is_x, (uint64_t) game * 7919 + 1, search_a, search_b);
      int result = outcome == TTT_OUTCOME_DRAW ? 1 : (outcome == TTT_OUTCOME_X_WINS) == a_is_x ? 0 : 2;

      match->tally[a_is_x ? 0 : 1][result]++;
    }
  match->cpu = thread_cpu_seconds () - start;
  ttt_search_free (search_a);
  ttt_search_free (search_b);

  return NULL;
}

/* Two threads, the even and the odd games, each its own searches. */
static void
play_match (const Player *a,
            const Player *b,
            int           n_games,
            Table        *table)
{
  Match halves[2];
  pthread_t threads[2];
  int tally[2][3] = { { 0 } };
  double score, cpu = 0;
  char name_a[48], name_b[48];

  for (int t = 0; t < 2; t++)
    {
      memset (&halves[t], 0, sizeof halves[t]);
      halves[t].a = *a;
      halves[t].b = *b;
      halves[t].first_game = t;
      halves[t].n_games = n_games;
      halves[t].step = 2;
      if (pthread_create (&threads[t], NULL, match_thread, &halves[t]) != 0)
        {
          fail ("cannot start a thread");
          exit (EXIT_FAILURE);
        }
    }
  for (int t = 0; t < 2; t++)
    {
      pthread_join (threads[t], NULL);
      for (int c = 0; c < 2; c++)
        for (int r = 0; r < 3; r++)
          tally[c][r] += halves[t].tally[c][r];
      cpu += halves[t].cpu;
    }

  score = (tally[0][0] + tally[1][0] + 0.5 * (tally[0][1] + tally[1][1])) / n_games;
  snprintf (name_a, sizeof name_a, "%s (%llu)", player_names[a->kind], (unsigned long long) a->iterations);
  snprintf (name_b, sizeof name_b, "%s (%llu)", player_names[b->kind], (unsigned long long) b->iterations);
  table_add (table, "%s", name_a);
  table_add (table, "%s", b->kind == PLAYER_RANDOM ? "Random" : name_b);
  table_add (table, "%d", n_games);
  table_add (table, "%d–%d–%d", tally[0][0], tally[0][1], tally[0][2]);
  table_add (table, "%d–%d–%d", tally[1][0], tally[1][1], tally[1][2]);
  table_add (table, "%.1f %%", 100 * score);
  table_add (table, "%.0f", cpu);
  /* The table comes at the end; a long run shows it is alive. */
  fprintf (stderr, "%s against %s: %.1f %% of %d games\n", name_a, name_b, 100 * score, n_games);

  if (a->kind == PLAYER_HARD && b->kind == PLAYER_RANDOM && tally[0][2] + tally[1][2] > 0)
    printf ("Note: Hard lost %d games to the random player (target: none).\n", tally[0][2] + tally[1][2]);
}

static void
bench_strength (void)
{
  const char *mode = getenv ("TTT_BENCH_STRENGTH");
  const char *scale_text = getenv ("TTT_BENCH_STRENGTH_SCALE");
  bool full = mode != NULL && strcmp (mode, "full") == 0;
  long scale = scale_text != NULL ? strtol (scale_text, NULL, 10) : 10;
  /* A number instead of "full": that many games for every pair. */
  long asked = mode != NULL && !full ? strtol (mode, NULL, 10) : 0;
  int games = full ? 200 : asked >= 2 && asked <= 100000 ? (int) asked : 10;
  uint64_t budgets[3] = { TTT_ULTIMATE_EASY_ITERATIONS, TTT_ULTIMATE_MEDIUM_ITERATIONS,
                          TTT_ULTIMATE_HARD_ITERATIONS };
  Player random_player = { PLAYER_RANDOM, 0 };
  Player levels[3];
  Table table;

  if (scale < 1)
    scale = 10;
  for (int i = 0; i < 3; i++)
    {
      levels[i].kind = (PlayerKind) (PLAYER_EASY + i);
      levels[i].iterations = budgets[i] / (uint64_t) scale > 0 ? budgets[i] / (uint64_t) scale : 1;
    }

  printf ("## Strength (targets: Hard never loses to Random in 1,000 games, scores at least 95 %% "
          "against Flat MC and at least 80 %% against Medium)\n\n");
  printf ("Iteration budgets are the levels' own divided by %ld; Flat MC has as many playouts per\n"
          "move as its opponent has iterations. Results are wins–draws–losses of the first player;\n"
          "score counts a draw as half. %s\n\n",
          scale,
          full || asked != 0 ? "" : "A quick table of 10 games a pair: TTT_BENCH_STRENGTH=full for 200 (about half an hour).");

  table_begin (&table, "llrrrrr");
  table_add (&table, "player (iterations)");
  table_add (&table, "against");
  table_add (&table, "games");
  table_add (&table, "as X");
  table_add (&table, "as O");
  table_add (&table, "score");
  table_add (&table, "CPU s");

  for (int i = 0; i < 3; i++)
    play_match (&levels[i], &random_player, full && i == 2 ? 1000 : games, &table);
  play_match (&levels[2], &levels[1], games, &table);
  play_match (&levels[2], &levels[0], games, &table);
  play_match (&levels[1], &levels[0], games, &table);
  for (int i = 0; i < 3; i++)
    {
      Player flat = { PLAYER_FLAT, levels[i].iterations };

      play_match (&levels[i], &flat, games, &table);
    }
  table_print (&table);
}

int
main (void)
{
  printf ("# The Ultimate search\n\n");
  fflush (stdout);
  bench_simulations ();
  fflush (stdout);
  bench_legal_move ();
  fflush (stdout);
  bench_hard ();
  fflush (stdout);
  bench_strength ();

  printf ("%s\n", failed ? "Something is WRONG: see FAILED above." : "All figures printed.");

  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
