/* bench-ladder.c — Ultimate's ladder: each level against the next, and a
 * scripted casual player against each
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The casual player plays as a person who knows the rules and a little
 * more: it wins the game if it can, else wins a small board, else stops
 * the opponent winning the small board it plays in, else avoids sending
 * the opponent to a board they can win at once, else plays at random
 * (each choice among equals at random, from the game's seed).
 *
 * Each pair with a target plays TTT_BENCH_LADDER_GAMES games (100 unless
 * given), the others a quarter as many; each side is X in half of them, every game from its own fixed seed, so a rerun
 * gives the same table; the games are spread over TTT_BENCH_LADDER_THREADS
 * threads (2 unless given). TTT_BENCH_LADDER_ONLY=a,b,… plays only the
 * pairs of those rows (the first column's names, as "casual-beginner",
 * "master-strong"), for a quick look while tuning.
 *
 * The score counts a draw as half a win; its 95 % interval is Wilson's.
 * The ladder holds when the casual player scores at least 60 % against
 * the lowest level, each level 65 % against the one below, and the top
 * 90 % against the one below (with at least 100 games a pair); the
 * benchmark says so, and fails only where a pair with that many games
 * falls short.
 */

/* First: it sets the POSIX level the system headers read. */
#include "bench-helpers.h"

#include <math.h>
#include <pthread.h>

#include "ttt-engine.h"
#include "ttt-ultimate.h"

#define SCRIPT (-1)

typedef struct
{
  const char *name;     /* the row's id for TTT_BENCH_LADDER_ONLY */
  const char *label;
  int         first;    /* a TttLevel, or SCRIPT */
  int         second;
  double      target;   /* the first's score to reach, 0 for none */
} Pair;

static const Pair pairs[] = {
  { "casual-beginner", "Casual player - Beginner", SCRIPT, TTT_LEVEL_BEGINNER, 0.60 },
  { "casual-casual", "Casual player - Casual", SCRIPT, TTT_LEVEL_CASUAL, 0 },
  { "casual-club", "Casual player - Club", SCRIPT, TTT_LEVEL_CLUB, 0 },
  { "casual-strong", "Casual player - Strong", SCRIPT, TTT_LEVEL_STRONG, 0 },
  { "casual-master", "Casual player - Master", SCRIPT, TTT_LEVEL_MASTER, 0 },
  { "casual-level-beginner", "Casual - Beginner", TTT_LEVEL_CASUAL, TTT_LEVEL_BEGINNER, 0.65 },
  { "club-casual", "Club - Casual", TTT_LEVEL_CLUB, TTT_LEVEL_CASUAL, 0.65 },
  { "strong-club", "Strong - Club", TTT_LEVEL_STRONG, TTT_LEVEL_CLUB, 0.65 },
  { "master-strong", "Master - Strong", TTT_LEVEL_MASTER, TTT_LEVEL_STRONG, 0.90 },
};

#define N_PAIRS (sizeof pairs / sizeof pairs[0])

/* The small boards a side to move could win at once, bit b for board b:
 * those with an empty cell that completes a line of @mine. */
static unsigned
winnable_boards (const TttUltimate *pos,
                 const uint16_t    *mine,
                 unsigned           boards)
{
  unsigned out = 0;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    {
      unsigned empty = 0x1ff & ~(unsigned) (pos->x[b] | pos->o[b]);

      if (!(boards & (1u << b)) || (pos->closed & (1u << b)))
        continue;
      for (int c = 0; c < 9; c++)
        if ((empty & (1u << c)) && ttt_line_within (mine[b] | (1u << c)) != 0)
          out |= 1u << b;
    }

  return out;
}

/* The boards the side to move in @pos may play in. */
static unsigned
boards_in_play (const TttUltimate *pos)
{
  if (ttt_ultimate_outcome (pos) != TTT_OUTCOME_ONGOING)
    return 0;
  if (pos->next != TTT_ULTIMATE_ANY)
    return 1u << pos->next;

  return 0x1ff & ~(unsigned) pos->closed;
}

static int
pick (const int *moves,
      int        n,
      uint64_t  *rng)
{
  return moves[ttt_rng_next (rng) % (uint64_t) n];
}

static int
script_choose (const TttUltimate *pos,
               uint64_t          *rng)
{
  TttUltimateMoves legal;
  int all[81], wins_board[81], blocks[81], safe[81];
  int n = 0, n_wins_board = 0, n_blocks = 0, n_safe = 0;
  const uint16_t *mine = pos->turn == TTT_MARK_X ? pos->x : pos->o;
  const uint16_t *theirs = pos->turn == TTT_MARK_X ? pos->o : pos->x;

  ttt_ultimate_legal_moves (pos, &legal);
  for (int b = 0; b < 9; b++)
    for (int c = 0; c < 9; c++)
      if (legal.cells[b] & (1u << c))
        {
          int move = b * 9 + c;
          TttUltimate after = *pos;
          const uint16_t *their_after;

          all[n++] = move;
          ttt_ultimate_play (&after, move);
          if (ttt_ultimate_outcome (&after) == (pos->turn == TTT_MARK_X ? TTT_OUTCOME_X_WINS
                                                                         : TTT_OUTCOME_O_WINS))
            return move;
          if (ttt_line_within (mine[b] | (1u << c)) != 0)
            wins_board[n_wins_board++] = move;
          else if (ttt_line_within (theirs[b] | (1u << c)) != 0)
            blocks[n_blocks++] = move;

          their_after = after.turn == TTT_MARK_X ? after.x : after.o;
          if (winnable_boards (&after, their_after, boards_in_play (&after)) == 0)
            safe[n_safe++] = move;
        }

  if (n_wins_board > 0)
    return pick (wins_board, n_wins_board, rng);
  if (n_blocks > 0)
    return pick (blocks, n_blocks, rng);
  if (n_safe > 0)
    return pick (safe, n_safe, rng);

  return pick (all, n, rng);
}

typedef struct
{
  int               who;     /* a TttLevel, or SCRIPT */
  TttUltimateLevel  params;
  TttSearch        *search;
} Side;

static bool
side_init (Side *side,
           int   who)
{
  side->who = who;
  side->search = NULL;
  if (who == SCRIPT)
    return true;
  if (!ttt_ultimate_level_get ((TttLevel) who, &side->params))
    return false;
  side->search = ttt_search_new (side->params.tree_bytes);

  return side->search != NULL;
}

static int
side_choose (Side              *side,
             const TttUltimate *pos,
             uint64_t          *rng)
{
  int move = -1;

  if (side->who == SCRIPT)
    return script_choose (pos, rng);

  /* As the app: only a level that keeps its tree searches from it. */
  if (!side->params.keeps_tree)
    ttt_search_reset (side->search);
  if (ttt_ultimate_choose (side->search, pos, (TttLevel) side->who, NULL, rng, &move) != TTT_OK)
    return -1;

  return move;
}

/* The first side's result in half points (2 a win), or −1 on an error. */
static int
play_game (const Pair *pair,
           unsigned    game)
{
  Side sides[2];
  TttUltimate pos;
  uint64_t rng = UINT64_C (0x1adde5) * (game + 1) + (uint64_t) (pair - pairs) * UINT64_C (1000003);
  /* The first side plays X in the even games. */
  int first_as = game % 2 == 0 ? TTT_MARK_X : TTT_MARK_O;
  int result = -1;
  TttOutcome outcome;

  if (!side_init (&sides[0], pair->first) || !side_init (&sides[1], pair->second))
    goto out;

  ttt_ultimate_clear (&pos);
  while ((outcome = ttt_ultimate_outcome (&pos)) == TTT_OUTCOME_ONGOING)
    {
      Side *side = &sides[pos.turn == first_as ? 0 : 1];
      int move = side_choose (side, &pos, &rng);

      if (move < 0 || ttt_ultimate_play (&pos, move) != TTT_OK)
        goto out;
    }

  if (outcome == TTT_OUTCOME_DRAW)
    result = 1;
  else
    result = (outcome == TTT_OUTCOME_X_WINS) == (first_as == TTT_MARK_X) ? 2 : 0;

out:
  ttt_search_free (sides[0].search);
  ttt_search_free (sides[1].search);

  return result;
}

typedef struct
{
  const Pair *pair;
  unsigned    n_games;
  unsigned    next;       /* the next game to play, under the lock */
  unsigned    counts[3];  /* the first side's losses, draws, wins */
  unsigned    errors;
  pthread_mutex_t lock;
} Match;

static void *
match_thread (void *data)
{
  Match *match = data;

  for (;;)
    {
      unsigned game;
      int result;

      pthread_mutex_lock (&match->lock);
      game = match->next++;
      pthread_mutex_unlock (&match->lock);
      if (game >= match->n_games)
        return NULL;

      result = play_game (match->pair, game);
      pthread_mutex_lock (&match->lock);
      if (result < 0)
        match->errors++;
      else
        match->counts[result]++;
      pthread_mutex_unlock (&match->lock);
    }
}

static bool
wanted (const char *only,
        const char *name)
{
  size_t length = strlen (name);

  if (only == NULL || *only == '\0')
    return true;
  for (const char *at = only; (at = strstr (at, name)) != NULL; at += length)
    if ((at == only || at[-1] == ',') && (at[length] == ',' || at[length] == '\0'))
      return true;

  return false;
}

static unsigned
env_unsigned (const char *name,
              unsigned    fallback)
{
  const char *text = getenv (name);
  char *end;
  unsigned long value;

  if (text == NULL || *text == '\0')
    return fallback;
  value = strtoul (text, &end, 10);
  if (*end != '\0' || value == 0 || value > 100000)
    {
      fail ("%s=%s is not a count", name, text);
      return fallback;
    }

  return (unsigned) value;
}

int
main (void)
{
  unsigned n_games = env_unsigned ("TTT_BENCH_LADDER_GAMES", 100);
  unsigned n_threads = env_unsigned ("TTT_BENCH_LADDER_THREADS", 2);
  const char *only = getenv ("TTT_BENCH_LADDER_ONLY");
  uint64_t start = now_ns ();

  if (n_threads > 64)
    n_threads = 64;

  printf ("Ultimate's ladder, %u games a pair with a target (a quarter without) on %u "
          "threads; the first side's wins-draws-losses, its score (a draw half) and the score's 95 %% "
          "interval (Wilson)\n\n", n_games, n_threads);
  printf ("| %-28s | games | %-11s | score   | 95 %% interval  | target |\n", "pair", "W-D-L");
  printf ("| %-28s | ----: | %-11s | ------: | -------------- | -----: |\n",
          "----------------------------", "-----------");

  for (size_t i = 0; i < N_PAIRS; i++)
    {
      /* A pair without a target plays a quarter as many: the casual
       * player's games against the top levels take most of the time and
       * only show it losing. */
      unsigned pair_games = pairs[i].target > 0 ? n_games : (n_games + 3) / 4;
      Match match = { &pairs[i], pair_games, 0, { 0, 0, 0 }, 0, PTHREAD_MUTEX_INITIALIZER };
      pthread_t threads[64];
      unsigned n_started = 0;
      double games, score, low, high;
      char wdl[32], target[16];
      uint64_t pair_start = now_ns ();

      if (!wanted (only, pairs[i].name))
        continue;

      for (unsigned t = 0; t < n_threads; t++)
        if (pthread_create (&threads[t], NULL, match_thread, &match) == 0)
          n_started++;
      if (n_started == 0)
        match_thread (&match);
      for (unsigned t = 0; t < n_started; t++)
        pthread_join (threads[t], NULL);

      if (match.errors > 0)
        fail ("%s: %u games stopped on an error", pairs[i].label, match.errors);
      games = match.counts[0] + match.counts[1] + match.counts[2];
      if (games < 1)
        continue;
      score = (match.counts[2] + 0.5 * match.counts[1]) / games;
      wilson (score, games, &low, &high);
      snprintf (wdl, sizeof wdl, "%u-%u-%u", match.counts[2], match.counts[1], match.counts[0]);
      if (pairs[i].target > 0)
        snprintf (target, sizeof target, "%.0f %%", 100 * pairs[i].target);
      else
        snprintf (target, sizeof target, "-");
      printf ("| %-28s | %5.0f | %-11s | %5.1f %% | %5.1f-%5.1f %% | %6s |   (%.0f s)\n",
              pairs[i].label, games, wdl, 100 * score, 100 * low, 100 * high, target,
              (double) (now_ns () - pair_start) / 1e9);
      fflush (stdout);

      if (pairs[i].target > 0 && games >= 100 && score < pairs[i].target)
        fail ("%s scores %.1f %%, below %.0f %%", pairs[i].label, 100 * score,
              100 * pairs[i].target);
    }

  printf ("\n%.0f s of wall clock\n", (double) (now_ns () - start) / 1e9);

  return failed ? 1 : 0;
}
