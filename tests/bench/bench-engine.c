/* bench-engine.c — how fast and how strong the computer players are
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C11 on libc, like the engine, so the numbers carry no harness cost.
 * The targets are only reported here, never enforced by a timed test: timing
 * depends on the machine. The exit status is non-zero only when something is
 * wrong rather than slow (a lost game for Hard, an illegal move, a wrong
 * count or score).
 */

/* First: it sets _POSIX_C_SOURCE before any system header. */
#include "bench-helpers.h"

#include <math.h>

#include "reference-rules.h"
#include "ttt-engine-private.h"

#define N_REACHABLE 5478
#define N_FINISHED  958

#define STRENGTH_GAMES 20000

static const char *const level_names[] = { "Easy", "Medium", "Hard" };

/* Every reachable position, by walking every game with the engine's rules. */

typedef struct
{
  TttBoard all[N_REACHABLE + 1];
  int      n_all;
  TttBoard to_move[N_REACHABLE];  /* the positions with a move to make */
  int      n_to_move;
  bool     seen[TTT_N_CODES];
} Positions;

static Positions positions;

static void
walk (const TttBoard *board)
{
  unsigned code = ref_code (board);

  if (positions.seen[code] || positions.n_all > N_REACHABLE)
    return;
  positions.seen[code] = true;
  positions.all[positions.n_all++] = *board;

  if (ttt_board_outcome (board) != TTT_OUTCOME_ONGOING)
    return;
  positions.to_move[positions.n_to_move++] = *board;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      TttBoard child = *board;

      if (ttt_board_play (&child, cell) == TTT_OK)
        walk (&child);
    }
}

/* The plain recursive minimax: no table, no pruning, bit masks. */

static const unsigned plain_lines[8] = {
  0x007, 0x038, 0x1c0, 0x049, 0x092, 0x124, 0x111, 0x054,
};

static bool
plain_has_line (unsigned marks)
{
  for (int i = 0; i < 8; i++)
    if ((marks & plain_lines[i]) == plain_lines[i])
      return true;

  return false;
}

/* A child's score seen by the side that moved there, one ply further. */
static int
plain_through (int child)
{
  return child > 0 ? -child + 1 : child < 0 ? -child - 1 : 0;
}

/* The score of the side to move, which holds @mine. */
static int
plain_score (unsigned mine,
             unsigned theirs)
{
  unsigned empty = 0x1ffu & ~(mine | theirs);
  int best = INT8_MIN;

  if (plain_has_line (theirs))
    return -TTT_SCORE_MAX;
  if (empty == 0)
    return 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (empty & (1u << cell))
      {
        int value = plain_through (plain_score (theirs, mine | (1u << cell)));

        if (value > best)
          best = value;
      }

  return best;
}

/* What a minimax player does per move: search every reply, keep the best.
 * Stores the chosen move's value in @value and the mask of every cell
 * worth as much in @cells. */
static int
plain_choose (const TttBoard *board,
              int            *value,
              unsigned       *cells)
{
  bool x_to_move = __builtin_popcount (board->x) == __builtin_popcount (board->o);
  unsigned mine = x_to_move ? board->x : board->o;
  unsigned theirs = x_to_move ? board->o : board->x;
  unsigned empty = 0x1ffu & ~(mine | theirs);
  int best_cell = -1;
  int best = INT8_MIN;

  *cells = 0;
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (empty & (1u << cell))
      {
        int v = plain_through (plain_score (theirs, mine | (1u << cell)));

        if (v > best)
          {
            best = v;
            best_cell = cell;
            *cells = 1u << cell;
          }
        else if (v == best)
          {
            *cells |= 1u << cell;
          }
      }
  *value = best;

  return best_cell;
}

static uint64_t
ratio (double slow,
       double fast)
{
  return (uint64_t) (slow / fast + 0.5);
}

/* Timing */

/* Nanoseconds per ttt_ai_choose() on @board, best of SAMPLES samples. */
static double
time_choose (const TttBoard *board,
             TttLevel        level,
             int             calls,
             int             samples)
{
  uint64_t rng = UINT64_C (0x243f6a8885a308d3);
  double best = 1e30;

  for (int s = 0; s < samples; s++)
    {
      uint64_t start = now_ns ();
      double ns;

      for (int i = 0; i < calls; i++)
        sink = ttt_ai_choose (board, level, &rng);
      ns = (double) (now_ns () - start) / calls;
      if (ns < best)
        best = ns;
    }

  return best;
}

/* Nanoseconds per ttt_review_move() of @cell on @board, best of @samples
 * samples; the review's score goes to @score. */
static double
time_review (const TttBoard *board,
             int             cell,
             int             calls,
             int             samples,
             int            *score)
{
  double best = 1e30;
  TttReview review = { TTT_GRADE_BEST, TTT_MOTIVE_SIDE, TTT_FAULT_NONE, TTT_SCORE_INVALID, 0 };

  for (int s = 0; s < samples; s++)
    {
      uint64_t start = now_ns ();
      double ns;

      for (int i = 0; i < calls; i++)
        {
          sink = ttt_review_move (board, cell, &review);
          sink = review.score;
        }
      ns = (double) (now_ns () - start) / calls;
      if (ns < best)
        best = ns;
    }
  *score = review.score;

  return best;
}

/* Nanoseconds per legal ttt_board_play() on @board, best of @samples
 * samples: each call plays one of the empty cells, in turn, on a fresh copy,
 * so the cost of checking the board and the move is all that is timed. */
static double
time_play (const TttBoard *board,
           int             calls,
           int             samples)
{
  int cells[TTT_N_CELLS];
  int n_cells = 0;
  double best = 1e30;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_board_get (board, cell) == TTT_MARK_NONE)
      cells[n_cells++] = cell;

  for (int s = 0; s < samples; s++)
    {
      uint64_t start = now_ns ();
      int next = 0;
      double ns;

      for (int i = 0; i < calls; i++)
        {
          TttBoard copy = *board;

          sink = ttt_board_play (&copy, cells[next]);
          if (++next == n_cells)
            next = 0;
        }
      ns = (double) (now_ns () - start) / calls;
      if (ns < best)
        best = ns;
    }

  return best;
}

/* Nanoseconds per plain_choose() on @board: the number of calls grows until a
 * sample lasts long enough to time, then the fastest of three counts. */
static double
time_plain (const TttBoard *board)
{
  int calls = 1;
  double best = 1e30;
  int value;
  unsigned cells;

  for (;;)
    {
      uint64_t start = now_ns ();
      uint64_t elapsed;

      for (int i = 0; i < calls; i++)
        sink = plain_choose (board, &value, &cells);
      elapsed = now_ns () - start;
      if (elapsed >= 20000 || calls >= 1 << 20)
        break;
      calls *= 4;
    }

  for (int s = 0; s < 3; s++)
    {
      uint64_t start = now_ns ();
      double ns;

      for (int i = 0; i < calls; i++)
        sink = plain_choose (board, &value, &cells);
      ns = (double) (now_ns () - start) / calls;
      if (ns < best)
        best = ns;
    }

  return best;
}

/* Strength: one game, @level against @opponent. Returns +1, 0 or −1 for
 * @level. */

typedef enum
{
  OPPONENT_RANDOM,  /* a uniformly random empty cell, by a generator of its own */
  OPPONENT_MEDIUM,
  OPPONENT_HARD,
  N_OPPONENTS,
} Opponent;

static const char *const opponent_names[] = { "Random", "Medium", "Hard" };

static unsigned
random_below (uint64_t *state,
              unsigned  n)
{
  /* xorshift64*, independent of the engine's generator. */
  uint64_t limit = UINT64_MAX - UINT64_MAX % n;
  uint64_t value;

  do
    {
      *state ^= *state >> 12;
      *state ^= *state << 25;
      *state ^= *state >> 27;
      value = *state * UINT64_C (0x2545f4914f6cdd1d);
    }
  while (value >= limit);

  return (unsigned) (value % n);
}

static int
random_cell (const TttBoard *board,
             uint64_t       *state)
{
  unsigned empty = 0x1ffu & ~(unsigned) (board->x | board->o);
  unsigned k = random_below (state, (unsigned) __builtin_popcount (empty));

  while (k-- > 0)
    empty &= empty - 1;

  return __builtin_ctz (empty);
}

static int
play_one (TttLevel  level,
          Opponent  opponent,
          bool      level_first,
          uint64_t *level_rng,
          uint64_t *opponent_rng)
{
  TttBoard board;
  TttMark level_mark = level_first ? TTT_MARK_X : TTT_MARK_O;
  TttOutcome outcome;

  ttt_board_clear (&board);
  while ((outcome = ttt_board_outcome (&board)) == TTT_OUTCOME_ONGOING)
    {
      int cell;

      if (ttt_board_turn (&board) == level_mark)
        cell = ttt_ai_choose (&board, level, level_rng);
      else if (opponent == OPPONENT_RANDOM)
        cell = random_cell (&board, opponent_rng);
      else
        cell = ttt_ai_choose (&board, opponent == OPPONENT_MEDIUM ? TTT_LEVEL_MEDIUM : TTT_LEVEL_HARD,
                              opponent_rng);

      if (ttt_board_play (&board, cell) != TTT_OK)
        {
          char text[10];

          ttt_board_format (&board, text);
          fail ("illegal move %d on %s", cell, text);
          return 0;
        }
    }

  if (outcome == TTT_OUTCOME_DRAW)
    return 0;

  return (outcome == TTT_OUTCOME_X_WINS) == level_first ? 1 : -1;
}

/* Hard's chances, exactly: an expectimax of the benchmark's own over the
 * game, apart from the generator's (chances as doubles, not exact
 * integers; Hard's choices from the plain minimax above, not from the
 * solved tables; Medium's rules from reference-rules.h). Either Hard plays as
 * it does, uniformly among the cells of its trap table, or, for the
 * ceiling, it plays the cell of best plain-minimax score that gives the
 * highest chance of a win against that very opponent: the most that a
 * player who never gives away the best score can win. */

/* Per encoding, the cells of best plain-minimax score (main fills it). */
static uint16_t plain_best[TTT_N_CODES];

typedef struct
{
  Opponent opponent;
  bool     ceiling;
  TttMark  hard;
  bool     known[TTT_N_CODES];
  double   wins[TTT_N_CODES];
} Chances;

/* The chance that Hard wins from @board. */
static double
chance_of_win (Chances        *chances,
               const TttBoard *board)
{
  unsigned code = ref_code (board);
  TttOutcome outcome = ttt_board_outcome (board);
  bool hard_to_move;
  unsigned cells;
  double sum = 0;
  double best = 0;

  if (chances->known[code])
    return chances->wins[code];

  if (outcome != TTT_OUTCOME_ONGOING)
    {
      TttOutcome won = chances->hard == TTT_MARK_X ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS;

      chances->known[code] = true;
      chances->wins[code] = outcome == won ? 1 : 0;
      return chances->wins[code];
    }

  hard_to_move = ttt_board_turn (board) == chances->hard;
  if (hard_to_move)
    cells = chances->ceiling ? plain_best[code] : ttt_trap_table[code];
  else if (chances->opponent == OPPONENT_RANDOM)
    cells = 0x1ffu & ~(unsigned) (board->x | board->o);
  else if (chances->opponent == OPPONENT_MEDIUM)
    cells = ref_medium_cells (board, NULL);
  else
    cells = ttt_trap_table[code];

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (cells & (1u << cell))
      {
        TttBoard child = *board;
        double p;

        ttt_board_play (&child, cell);
        p = chance_of_win (chances, &child);
        sum += p;
        if (p > best)
          best = p;
      }

  chances->known[code] = true;
  chances->wins[code] = hard_to_move && chances->ceiling
                          ? best
                          : sum / __builtin_popcount (cells);

  return chances->wins[code];
}

static double
chance_from_start (Opponent opponent,
                   bool     ceiling,
                   bool     hard_first)
{
  static Chances chances;
  TttBoard empty;

  memset (&chances, 0, sizeof chances);
  chances.opponent = opponent;
  chances.ceiling = ceiling;
  chances.hard = hard_first ? TTT_MARK_X : TTT_MARK_O;
  ttt_board_clear (&empty);

  return chance_of_win (&chances, &empty);
}

static void
print_machine (void)
{
  FILE *cpuinfo = fopen ("/proc/cpuinfo", "r");
  char line[256];
  struct timespec resolution;

  if (cpuinfo != NULL)
    {
      while (fgets (line, sizeof line, cpuinfo) != NULL)
        if (strncmp (line, "model name", 10) == 0 && strchr (line, ':') != NULL)
          {
            printf ("CPU:      %s", strchr (line, ':') + 2);
            break;
          }
      fclose (cpuinfo);
    }
#if defined(__clang__)
  printf ("Compiler: %s", __VERSION__);
#elif defined(__GNUC__)
  printf ("Compiler: GCC %s", __VERSION__);
#else
  printf ("Compiler: unknown");
#endif
#ifdef __OPTIMIZE__
  printf (", optimised\n");
#else
  printf (", not optimised\n");
#endif
  clock_getres (CLOCK_MONOTONIC, &resolution);
  printf ("Clock:    CLOCK_MONOTONIC, resolution %ld ns\n\n", resolution.tv_nsec);
}

int
main (void)
{
  static int8_t solved_scores[TTT_N_CODES];
  static uint16_t solved_best[TTT_N_CODES];
  static uint16_t solved_traps[TTT_N_CODES];
  static int64_t trap_values[TTT_N_CODES];
  static double times[N_REACHABLE];
  static double review_times[N_REACHABLE * TTT_N_CELLS];
  int n_reviews = 0;
  Stats review_stats;
  uint64_t bench_start = now_ns ();
  TttBoard empty;
  Stats level_stats[3];
  const Stats *hard_stats = &level_stats[TTT_LEVEL_HARD];
  Stats plain_stats;
  Stats play_stats;
  Stats solve_stats;
  Stats negamax_stats;
  Stats traps_stats;
  double solve_samples[3][51];
  double wins[N_OPPONENTS][2];
  double expected[N_OPPONENTS][2];
  double ceiling[N_OPPONENTS][2];
  double hard_empty_ns;
  double plain_empty_ns;
  double ratio_empty;
  double samples[201];
  char a[32], b[32], c[32];
  Table table;

  printf ("Tic-Tac-Toe engine benchmark\n\n");
  print_machine ();

  ttt_board_clear (&empty);
  walk (&empty);
  printf ("Positions: %d reachable, %d finished, %d with a move to make.\n\n", positions.n_all,
          positions.n_all - positions.n_to_move, positions.n_to_move);
  if (positions.n_all != N_REACHABLE || positions.n_all - positions.n_to_move != N_FINISHED)
    fail ("expected %d reachable positions, %d finished", N_REACHABLE, N_FINISHED);

  /* Time per move, over every position with a move to make. */
  for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
    {
      for (int i = 0; i < positions.n_to_move; i++)
        times[i] = time_choose (&positions.to_move[i], (TttLevel) level, CALLS_PER_SAMPLE, SAMPLES);
      level_stats[level] = stats_of (times, positions.n_to_move);
    }

  /* The rules themselves: a legal move, checked and made. */
  for (int i = 0; i < positions.n_to_move; i++)
    times[i] = time_play (&positions.to_move[i], CALLS_PER_SAMPLE, SAMPLES);
  play_stats = stats_of (times, positions.n_to_move);

  for (int i = 0; i < positions.n_to_move; i++)
    {
      int value;
      unsigned cells;

      plain_choose (&positions.to_move[i], &value, &cells);
      plain_best[ref_code (&positions.to_move[i])] = (uint16_t) cells;
      if (value != ttt_solver_score (&positions.to_move[i]))
        {
          char text[10];

          ttt_board_format (&positions.to_move[i], text);
          fail ("%s: plain minimax %d, ttt_solver_score %d", text, value,
                ttt_solver_score (&positions.to_move[i]));
        }
      times[i] = time_plain (&positions.to_move[i]);
    }
  plain_stats = stats_of (times, positions.n_to_move);

  /* The coach reviews every legal move of every position. */
  for (int i = 0; i < positions.n_to_move; i++)
    for (int cell = 0; cell < TTT_N_CELLS; cell++)
      {
        TttBoard after = positions.to_move[i];
        int score;

        if (ttt_board_play (&after, cell) != TTT_OK)
          continue;
        review_times[n_reviews++] = time_review (&positions.to_move[i], cell, CALLS_PER_SAMPLE,
                                                 SAMPLES, &score);
        if (score != -ttt_solver_score (&after))
          {
            char text[10];

            ttt_board_format (&positions.to_move[i], text);
            fail ("%s, cell %d: ttt_review_move score %d, not %d", text, cell, score,
                  -ttt_solver_score (&after));
          }
      }
  review_stats = stats_of (review_times, n_reviews);

  /* The empty board: the largest search, and the first move of every game
   * the computer opens. */
  for (int s = 0; s < 201; s++)
    samples[s] = time_choose (&empty, TTT_LEVEL_HARD, 10000, 1);
  hard_empty_ns = stats_of (samples, 201).median;
  for (int s = 0; s < 15; s++)
    {
      uint64_t start = now_ns ();
      int value;
      unsigned cells;

      sink = plain_choose (&empty, &value, &cells);
      samples[s] = (double) (now_ns () - start);
    }
  plain_empty_ns = stats_of (samples, 15).median;
  ratio_empty = plain_empty_ns / hard_empty_ns;

  /* The one-time solve, as the table generator runs it. */
  for (int s = 0; s < 51; s++)
    {
      uint64_t start = now_ns ();
      uint64_t middle;

      ttt_solve_all (solved_scores, solved_best);
      middle = now_ns ();
      ttt_solve_traps (solved_scores, solved_best, solved_traps, trap_values);
      solve_samples[0][s] = (double) (middle - start) / 1000.0;
      solve_samples[1][s] = (double) (now_ns () - middle) / 1000.0;
      solve_samples[2][s] = solve_samples[0][s] + solve_samples[1][s];
    }
  negamax_stats = stats_of (solve_samples[0], 51);
  traps_stats = stats_of (solve_samples[1], 51);
  solve_stats = stats_of (solve_samples[2], 51);
  if (memcmp (solved_scores, ttt_score_table, sizeof solved_scores) != 0 ||
      memcmp (solved_best, ttt_best_table, sizeof solved_best) != 0)
    fail ("ttt_solve_all() disagrees with the tables built in");
  if (memcmp (solved_traps, ttt_trap_table, sizeof solved_traps) != 0)
    fail ("ttt_solve_traps() disagrees with the table built in");

  printf ("Time per move over the %d positions with a move to make (per position the\n"
          "fastest of %d runs of %d calls):\n\n",
          positions.n_to_move, SAMPLES, CALLS_PER_SAMPLE);
  table_begin (&table, "lrrr");
  table_add (&table, "Player");
  table_add (&table, "median ns");
  table_add (&table, "worst ns");
  table_add (&table, "mean ns");
  for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
    {
      table_add (&table, "%s", level_names[level]);
      table_add (&table, "%.1f", level_stats[level].median);
      table_add (&table, "%.1f", level_stats[level].worst);
      table_add (&table, "%.1f", level_stats[level].mean);
    }
  table_add (&table, "Plain minimax (no table)");
  table_add (&table, "%s", with_commas ((uint64_t) (plain_stats.median + 0.5), a));
  table_add (&table, "%s", with_commas ((uint64_t) (plain_stats.worst + 0.5), b));
  table_add (&table, "%s", with_commas ((uint64_t) (plain_stats.mean + 0.5), c));
  table_add (&table, "Plain minimax ÷ Hard");
  table_add (&table, "%s×", with_commas (ratio (plain_stats.median, hard_stats->median), a));
  table_add (&table, "%s×", with_commas (ratio (plain_stats.worst, hard_stats->worst), b));
  table_add (&table, "%s×", with_commas (ratio (plain_stats.mean, hard_stats->mean), c));
  table_print (&table);

  printf ("The coach: time per ttt_review_move() over the %s legal moves of those positions:\n\n",
          with_commas ((uint64_t) n_reviews, a));
  table_begin (&table, "lrrr");
  table_add (&table, "Call");
  table_add (&table, "median ns");
  table_add (&table, "worst ns");
  table_add (&table, "mean ns");
  table_add (&table, "ttt_review_move");
  table_add (&table, "%.1f", review_stats.median);
  table_add (&table, "%.1f", review_stats.worst);
  table_add (&table, "%.1f", review_stats.mean);
  table_print (&table);

  printf ("A legal move played by the rules, over the same positions (each of its\n"
          "empty cells in turn on a copy of the board):\n\n");
  table_begin (&table, "lrrr");
  table_add (&table, "Rules");
  table_add (&table, "median ns");
  table_add (&table, "worst ns");
  table_add (&table, "mean ns");
  table_add (&table, "ttt_board_play");
  table_add (&table, "%.1f", play_stats.median);
  table_add (&table, "%.1f", play_stats.worst);
  table_add (&table, "%.1f", play_stats.mean);
  table_print (&table);

  table_begin (&table, "lr");
  table_add (&table, "Empty board");
  table_add (&table, "time per move");
  table_add (&table, "Hard");
  table_add (&table, "%.1f ns", hard_empty_ns);
  table_add (&table, "Plain minimax");
  table_add (&table, "%s ns", with_commas ((uint64_t) (plain_empty_ns + 0.5), a));
  table_add (&table, "Plain minimax ÷ Hard");
  table_add (&table, "%s×", with_commas (ratio (plain_empty_ns, hard_empty_ns), a));
  table_add (&table, "One-time solve: scores (ttt_solve_all)");
  table_add (&table, "%.0f µs", negamax_stats.median);
  table_add (&table, "One-time solve: traps (ttt_solve_traps)");
  table_add (&table, "%.0f µs", traps_stats.median);
  table_add (&table, "One-time solve, in all");
  table_add (&table, "%.0f µs", solve_stats.median);
  table_print (&table);
  printf ("The solve runs once, at build time (median of 51 runs; worst %.0f µs in all).\n\n",
          solve_stats.worst);

  /* Strength. */
  printf ("Strength: wins / draws / losses of %s games for each level; for Hard,\n"
          "its share of wins, the share its tables give exactly, and the ceiling:\n"
          "the most a player who keeps the best score can win against that\n"
          "opponent (both by the benchmark's own expectimax).\n\n",
          with_commas (STRENGTH_GAMES, a));
  table_begin (&table, "lrrrrrr");
  table_add (&table, "Level");
  for (int opponent = 0; opponent < N_OPPONENTS; opponent++)
    {
      table_add (&table, "vs %s, 1st", opponent_names[opponent]);
      table_add (&table, "vs %s, 2nd", opponent_names[opponent]);
    }
  for (int level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
    {
      table_add (&table, "%s", level_names[level]);
      for (int opponent = 0; opponent < N_OPPONENTS; opponent++)
        for (int first = 1; first >= 0; first--)
          {
            uint64_t level_rng = UINT64_C (1000) * (uint64_t) (level * 6 + opponent * 2 + first);
            uint64_t opponent_rng = ~level_rng;
            int tally[3] = { 0, 0, 0 };

            for (int g = 0; g < STRENGTH_GAMES; g++)
              {
                int result = play_one ((TttLevel) level, (Opponent) opponent, first, &level_rng,
                                       &opponent_rng);

                tally[result + 1]++;
              }

            table_add (&table, "%s / %s / %s", with_commas ((uint64_t) tally[2], a),
                       with_commas ((uint64_t) tally[1], b), with_commas ((uint64_t) tally[0], c));
            if (level == TTT_LEVEL_HARD)
              {
                wins[opponent][first] = (double) tally[2] / STRENGTH_GAMES;
                if (tally[0] != 0)
                  fail ("Hard lost %d games against %s", tally[0], opponent_names[opponent]);
              }
            if (opponent == OPPONENT_HARD && tally[2] != 0)
              fail ("%s beat Hard in %d games", level_names[level], tally[2]);
          }
    }

  for (int opponent = 0; opponent < N_OPPONENTS; opponent++)
    for (int first = 1; first >= 0; first--)
      {
        double p, spread;

        expected[opponent][first] = p = chance_from_start ((Opponent) opponent, false, first);
        ceiling[opponent][first] = chance_from_start ((Opponent) opponent, true, first);

        /* Hard cannot beat the ceiling, and its games must bear out its
         * exact chance: more than five standard errors (and a game) away
         * is a wrong table or a wrong count, not bad luck. */
        if (p > ceiling[opponent][first] + 1e-12)
          fail ("Hard's chance %.6f against %s is above the ceiling %.6f", p,
                opponent_names[opponent], ceiling[opponent][first]);
        spread = 5 * sqrt (p * (1 - p) / STRENGTH_GAMES) + 1.0 / STRENGTH_GAMES;
        if (fabs (wins[opponent][first] - p) > spread)
          fail ("Hard won %.4f of its games against %s (%s), its exact chance is %.4f",
                wins[opponent][first], opponent_names[opponent], first ? "1st" : "2nd", p);
      }

  table_add (&table, "Hard: wins");
  for (int opponent = 0; opponent < N_OPPONENTS; opponent++)
    for (int first = 1; first >= 0; first--)
      table_add (&table, "%.2f %%", 100 * wins[opponent][first]);
  table_add (&table, "Hard: exact chance");
  for (int opponent = 0; opponent < N_OPPONENTS; opponent++)
    for (int first = 1; first >= 0; first--)
      table_add (&table, "%.2f %%", 100 * expected[opponent][first]);
  table_add (&table, "Hard: ceiling");
  for (int opponent = 0; opponent < N_OPPONENTS; opponent++)
    for (int first = 1; first >= 0; first--)
      table_add (&table, "%.2f %%", 100 * ceiling[opponent][first]);
  table_print (&table);

  /* Targets: reported, not enforced. */
  printf ("Targets (informational: timings depend on the machine):\n\n");
  table_begin (&table, "lrrl");
  table_add (&table, "Target");
  table_add (&table, "goal");
  table_add (&table, "measured");
  table_add (&table, "%s", "");
  table_add (&table, "Hard, median per move");
  table_add (&table, "≤ 50 ns");
  table_add (&table, "%.1f ns", hard_stats->median);
  table_add (&table, "%s", hard_stats->median <= 50 ? "OK" : "MISSED");
  table_add (&table, "Hard, move on the empty board");
  table_add (&table, "≤ 50 ns");
  table_add (&table, "%.1f ns", hard_empty_ns);
  table_add (&table, "%s", hard_empty_ns <= 50 ? "OK" : "MISSED");
  table_add (&table, "Plain minimax ÷ Hard, empty board");
  table_add (&table, "≥ 100,000×");
  table_add (&table, "%s×", with_commas (ratio (plain_empty_ns, hard_empty_ns), a));
  table_add (&table, "%s", ratio_empty >= 100000 ? "OK" : "MISSED");
  table_add (&table, "ttt_review_move, worst");
  table_add (&table, "≤ 1,000 ns");
  table_add (&table, "%.1f ns", review_stats.worst);
  table_add (&table, "%s", review_stats.worst <= 1000 ? "OK" : "MISSED");
  table_add (&table, "ttt_board_play, median");
  table_add (&table, "≤ 10 ns");
  table_add (&table, "%.1f ns", play_stats.median);
  table_add (&table, "%s", play_stats.median <= 10 ? "OK" : "MISSED");
  table_add (&table, "One-time solve, scores and traps");
  table_add (&table, "≤ 10 ms");
  table_add (&table, "%.0f µs", solve_stats.median);
  table_add (&table, "%s", solve_stats.median <= 10000 ? "OK" : "MISSED");
  {
    static const struct
    {
      Opponent    opponent;
      bool        first;
      double      goal;
      const char *name;
    } goals[] = {
      { OPPONENT_RANDOM, true, 0.985, "Hard wins vs Random, 1st" },
      { OPPONENT_RANDOM, false, 0.905, "Hard wins vs Random, 2nd" },
      { OPPONENT_MEDIUM, true, 0.995, "Hard wins vs Medium, 1st" },
    };

    for (size_t i = 0; i < sizeof goals / sizeof goals[0]; i++)
      {
        double measured = wins[goals[i].opponent][goals[i].first];

        table_add (&table, "%s", goals[i].name);
        table_add (&table, "≥ %.1f %%", 100 * goals[i].goal);
        table_add (&table, "%.2f %%", 100 * measured);
        table_add (&table, "%s", measured >= goals[i].goal ? "OK" : "MISSED");
      }
  }
  table_print (&table);

  printf ("Benchmark took %.1f s.%s\n", (double) (now_ns () - bench_start) / 1e9,
          failed ? " Something is WRONG: see FAILED above." : "");

  return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
