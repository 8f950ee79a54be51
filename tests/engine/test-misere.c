/* test-misere.c — Misère Tic-Tac-Toe: rules, solver and opponents, exhaustively
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Misère is as small as the classic game, so every position is checked:
 * the outcome against the reference rules of reference-rules.h turned
 * round, the solver against a plain minimax written here apart from the
 * engine, Hard against every sequence of moves an opponent can make,
 * Medium against its rules read from ttt-misere.h.
 */

#include <limits.h>
#include <string.h>

#include <glib.h>

#include "reference-rules.h"
#include "ttt-misere.h"

#define N_REACHABLE 5478

/* Every reachable position, found by the reference rules alone. */

typedef struct
{
  TttBoard boards[N_REACHABLE + 1];
  int      n_boards;
  gboolean reachable[REF_N_CODES];
} Positions;

static Positions *positions;

static void
walk (Positions      *p,
      const TttBoard *board)
{
  unsigned code = ref_code (board);

  if (p->reachable[code])
    return;

  g_assert_cmpint (p->n_boards, <, N_REACHABLE + 1);
  p->reachable[code] = TRUE;
  p->boards[p->n_boards++] = *board;
  if (ref_finished (board))
    return;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ref_empty (board) & (1u << cell))
      {
        TttBoard child = ref_play (board, cell);

        walk (p, &child);
      }
}

static const Positions *
get_positions (void)
{
  if (positions == NULL)
    {
      TttBoard empty = { 0, 0 };

      positions = g_new0 (Positions, 1);
      walk (positions, &empty);
      g_assert_cmpint (positions->n_boards, ==, N_REACHABLE);
    }

  return positions;
}

/* The reference Misère: who completes a line loses. */

static TttOutcome
ref_misere_outcome (const TttBoard *board)
{
  if (ref_completed (board->x) != 0)
    return TTT_OUTCOME_O_WINS;
  if (ref_completed (board->o) != 0)
    return TTT_OUTCOME_X_WINS;
  if (ref_empty (board) == 0)
    return TTT_OUTCOME_DRAW;

  return TTT_OUTCOME_ONGOING;
}

/* Textbook minimax with the ply count from the root, as ref_minimax() but
 * with the line against its maker: 10 − n for the root's side to move
 * when it wins n plies away, n − 10 when it loses, 0 for a draw. */
static int
misere_minimax (unsigned x,
                unsigned o,
                bool     root_is_x,
                int      ply)
{
  bool x_to_move = ref_count (x) == ref_count (o);
  bool maximise = x_to_move == root_is_x;
  int best = maximise ? INT_MIN : INT_MAX;

  /* A line of X's: X made it and lost. */
  if (ref_completed (x))
    return root_is_x ? ply - TTT_SCORE_MAX : TTT_SCORE_MAX - ply;
  if (ref_completed (o))
    return root_is_x ? TTT_SCORE_MAX - ply : ply - TTT_SCORE_MAX;
  if ((x | o) == REF_ALL)
    return 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      int value;

      if ((x | o) & (1u << cell))
        continue;

      if (x_to_move)
        value = misere_minimax (x | (1u << cell), o, root_is_x, ply + 1);
      else
        value = misere_minimax (x, o | (1u << cell), root_is_x, ply + 1);

      if (maximise ? value > best : value < best)
        best = value;
    }

  return best;
}

static int
misere_ref_score (const TttBoard *board)
{
  static signed char scores[REF_N_CODES];
  static bool known[REF_N_CODES];
  unsigned code = ref_code (board);

  if (!known[code])
    {
      scores[code] = (signed char) misere_minimax (board->x, board->o, ref_x_to_move (board), 0);
      known[code] = true;
    }

  return scores[code];
}

static unsigned
misere_ref_best (const TttBoard *board)
{
  unsigned best = 0;

  if (ref_finished (board))
    return 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ref_empty (board) & (1u << cell))
      {
        TttBoard child = ref_play (board, cell);

        if (ref_parent_value (misere_ref_score (&child)) == misere_ref_score (board))
          best |= 1u << cell;
      }

  return best;
}

/* Medium's rules as ttt-misere.h words them. @rule gets which decided:
 * 0 every cell loses, 1 the opening centre, 2 a side, 3 a corner, 4 the
 * centre later. */
static unsigned
misere_ref_medium (const TttBoard *board,
                   int            *rule)
{
  unsigned empty = ref_empty (board);
  unsigned own_lines = ref_threats (ref_mine (board), empty);
  unsigned their_lines = ref_threats (ref_theirs (board), empty);
  unsigned safe = empty & ~own_lines;

  if (safe == 0)
    {
      *rule = 0;
      return empty;
    }
  if ((safe & ~their_lines) != 0)
    safe &= ~their_lines;

  if (empty == REF_ALL)
    {
      *rule = 1;
      return REF_CENTRE;
    }
  if (safe & REF_SIDES)
    {
      *rule = 2;
      return safe & REF_SIDES;
    }
  if (safe & REF_CORNERS)
    {
      *rule = 3;
      return safe & REF_CORNERS;
    }

  *rule = 4;
  return safe;
}

/* Rules */

static void
test_outcome (void)
{
  const Positions *p = get_positions ();
  int counts[5] = { 0 };

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      TttOutcome expected = ref_misere_outcome (b);
      unsigned line = ref_completed (b->x) | ref_completed (b->o);
      char text[12];

      if (ttt_misere_outcome (b) != expected)
        g_error ("%s: outcome %d, expected %d", ref_format (b, text), ttt_misere_outcome (b),
                 expected);
      counts[expected]++;
      g_assert_cmphex (ttt_misere_losing_cells (b), ==, line);

      /* The board's own rules serve Misère unchanged. */
      g_assert_cmpint (ttt_board_turn (b), ==,
                       expected != TTT_OUTCOME_ONGOING ? TTT_MARK_NONE
                       : ref_x_to_move (b)             ? TTT_MARK_X
                                                       : TTT_MARK_O);
    }

  g_test_message ("%d positions: %d ongoing, %d won by X, %d won by O, %d drawn", p->n_boards,
                  counts[TTT_OUTCOME_ONGOING], counts[TTT_OUTCOME_X_WINS],
                  counts[TTT_OUTCOME_O_WINS], counts[TTT_OUTCOME_DRAW]);
  /* 626 lines of X's and 316 of O's in the classic game, 16 draws. */
  g_assert_cmpint (counts[TTT_OUTCOME_O_WINS], ==, 626);
  g_assert_cmpint (counts[TTT_OUTCOME_X_WINS], ==, 316);
  g_assert_cmpint (counts[TTT_OUTCOME_DRAW], ==, 16);
}

/* A line made by X loses at once; so does one made by O. */
static void
test_line_loses (void)
{
  TttBoard board;

  /* X: 0 1 2, O: 3 4. */
  g_assert_cmpint (ttt_board_parse (&board, "XXX/OO./..."), ==, TTT_OK);
  g_assert_cmpint (ttt_misere_outcome (&board), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmphex (ttt_misere_losing_cells (&board), ==, 0x007);

  g_assert_cmpint (ttt_board_parse (&board, "XX./OOO/X.."), ==, TTT_OK);
  g_assert_cmpint (ttt_misere_outcome (&board), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmphex (ttt_misere_losing_cells (&board), ==, 0x038);

  g_assert_cmpint (ttt_board_parse (&board, "XOX/XOO/OXX"), ==, TTT_OK);
  g_assert_cmpint (ttt_misere_outcome (&board), ==, TTT_OUTCOME_DRAW);
  g_assert_cmphex (ttt_misere_losing_cells (&board), ==, 0);

  /* A last move that completes two lines loses both. */
  g_assert_cmpint (ttt_board_parse (&board, "XOX/OXO/XOX"), ==, TTT_OK);
  g_assert_cmpint (ttt_misere_outcome (&board), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmphex (ttt_misere_losing_cells (&board), ==, 0x111 | 0x054);
}

static void
test_refuses (void)
{
  const TttBoard bad[] = {
    { 0x001, 0x001 },   /* a cell held by both */
    { 0x200, 0 },       /* a bit above cell 8 */
    { 0x003, 0 },       /* two marks of X's, none of O's */
    { 0x007, 0x0c8 },   /* O moved after X's line */
  };
  uint64_t rng = 1;

  g_assert_cmpint (ttt_misere_outcome (NULL), ==, TTT_OUTCOME_INVALID);
  g_assert_cmphex (ttt_misere_losing_cells (NULL), ==, 0);
  g_assert_cmpint (ttt_misere_score (NULL), ==, TTT_SCORE_INVALID);
  g_assert_cmphex (ttt_misere_best_moves (NULL), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_cmpint (ttt_misere_outcome (&bad[i]), ==, TTT_OUTCOME_INVALID);
      g_assert_cmphex (ttt_misere_losing_cells (&bad[i]), ==, 0);
      g_assert_cmpint (ttt_misere_score (&bad[i]), ==, TTT_SCORE_INVALID);
      g_assert_cmphex (ttt_misere_best_moves (&bad[i]), ==, 0);
      for (TttLevel level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
        g_assert_cmpint (ttt_misere_choose (&bad[i], level, &rng), ==, -1);
    }
}

/* Solver */

/* Every reachable position: the engine's score and best moves against the
 * minimax above, which knows nothing of the engine's tables. */
static void
test_solver_differential (void)
{
  const Positions *p = get_positions ();
  int n_compared = 0;
  int n_class[3] = { 0 };

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      int expected = misere_ref_score (b);
      char text[12];

      if (ttt_misere_score (b) != expected)
        g_error ("%s: score %d, minimax %d", ref_format (b, text), ttt_misere_score (b),
                 expected);
      if (ttt_misere_best_moves (b) != misere_ref_best (b))
        g_error ("%s: best 0x%03x, minimax 0x%03x", ref_format (b, text),
                 ttt_misere_best_moves (b), misere_ref_best (b));
      n_compared++;
      if (!ref_finished (b))
        n_class[ref_class (expected) + 1]++;
    }

  g_test_message ("%d positions compared; of those in play, %d lost, %d drawn, %d won for "
                  "the side to move", n_compared, n_class[0], n_class[1], n_class[2]);
  g_assert_cmpint (n_compared, ==, N_REACHABLE);
}

/* The review grades every move of every position from the reference's
 * scores, names a move that completes the mover's own line as its fault,
 * and a move that leaves the opponent only lines of their own as a
 * squeeze; errors leave the output untouched. */
static void
test_review (void)
{
  const Positions *p = get_positions ();
  int n_reviewed = 0, n_own_line = 0, n_squeeze = 0;

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      gboolean x_to_move = __builtin_popcount (b->x) == __builtin_popcount (b->o);
      char text[12];

      if (ref_finished (b))
        {
          TttReview untouched = { .score = 77 };
          unsigned empty = 0x1ff & ~(b->x | b->o);
          int cell = empty != 0 ? __builtin_ctz (empty) : 0;

          g_assert_cmpint (ttt_misere_review_move (b, cell, &untouched), !=, TTT_OK);
          g_assert_cmpint (untouched.score, ==, 77);
          continue;
        }

      for (int cell = 0; cell < 9; cell++)
        {
          TttReview review = { .score = 77 };
          TttBoard after = *b;
          int before_class, after_class;

          if (((b->x | b->o) >> cell) & 1)
            {
              g_assert_cmpint (ttt_misere_review_move (b, cell, &review), ==, TTT_ERROR_OCCUPIED);
              g_assert_cmpint (review.score, ==, 77);
              continue;
            }

          g_assert_cmpint (ttt_misere_review_move (b, cell, &review), ==, TTT_OK);
          if (x_to_move)
            after.x |= 1u << cell;
          else
            after.o |= 1u << cell;
          if (review.score != -misere_ref_score (&after))
            g_error ("%s at %d: score %d, minimax %d", ref_format (b, text), cell, review.score,
                     -misere_ref_score (&after));
          g_assert_cmphex (review.best, ==, misere_ref_best (b));
          before_class = ref_class (misere_ref_score (b));
          after_class = ref_class (review.score);
          g_assert_cmpint (review.grade, ==,
                           before_class - after_class <= 0 ? TTT_GRADE_BEST
                           : before_class - after_class == 1 ? TTT_GRADE_MISTAKE
                                                             : TTT_GRADE_BLUNDER);
          g_assert_cmpint (review.grade == TTT_GRADE_BEST, ==, review.fault == TTT_FAULT_NONE);

          if (ref_misere_outcome (&after) == (x_to_move ? TTT_OUTCOME_O_WINS : TTT_OUTCOME_X_WINS))
            {
              /* Its own line: lost at once, a blunder or a mistake
               * unless every cell lost. */
              g_assert_cmpint (review.score, <, 0);
              if (review.grade != TTT_GRADE_BEST)
                {
                  g_assert_cmpint (review.fault, ==, TTT_FAULT_OWN_LINE);
                  n_own_line++;
                }
              g_assert_cmpint (review.motive, !=, TTT_MOTIVE_SQUEEZE);
            }
          else if (review.grade != TTT_GRADE_BEST)
            g_assert_cmpint (review.fault, ==, TTT_FAULT_WEAKER);

          if (review.motive == TTT_MOTIVE_SQUEEZE)
            {
              unsigned theirs = x_to_move ? after.o : after.x;
              unsigned empty = 0x1ff & ~(after.x | after.o);

              /* Every cell left makes a line of theirs. */
              g_assert_cmpuint (empty, !=, 0);
              for (int c = 0; c < 9; c++)
                if ((empty >> c) & 1)
                  {
                    TttBoard next = after;

                    if (x_to_move)
                      next.o = theirs | (1u << c);
                    else
                      next.x = theirs | (1u << c);
                    g_assert_cmpint (ref_misere_outcome (&next), ==,
                                     x_to_move ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS);
                  }
              n_squeeze++;
            }
          n_reviewed++;
        }
    }

  g_test_message ("%d moves reviewed: %d own lines, %d squeezes", n_reviewed, n_own_line,
                  n_squeeze);
  g_assert_cmpint (n_own_line, >, 0);
  g_assert_cmpint (n_squeeze, >, 0);
  g_assert_cmpint (ttt_misere_review_move (NULL, 4, &(TttReview) { 0 }), ==,
                   TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_misere_review_move (&p->boards[0], 4, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_misere_review_move (&p->boards[0], 9, &(TttReview) { 0 }), ==,
                   TTT_ERROR_OUT_OF_RANGE);
}

/* What the reference finds about the opening, which the engine must agree
 * with: a draw, and the centre X's only first move that does not lose. */
static void
test_solver_opening (void)
{
  TttBoard empty = { 0, 0 };
  unsigned not_losing = 0;

  g_assert_cmpint (misere_ref_score (&empty), ==, 0);
  g_assert_cmpint (ttt_misere_score (&empty), ==, 0);

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      TttBoard child = ref_play (&empty, cell);
      int value = ref_parent_value (misere_ref_score (&child));

      g_assert_cmpint (ref_parent_value (ttt_misere_score (&child)), ==, value);
      if (value >= 0)
        not_losing |= 1u << cell;
      else
        /* Every other first move loses, on X's own fifth mark. */
        g_assert_cmpint (value, ==, -1);
    }

  g_assert_cmphex (not_losing, ==, REF_CENTRE);
  g_assert_cmphex (ttt_misere_best_moves (&empty), ==, REF_CENTRE);
}

/* Finished boards: +10 after a line (the side to move has won), 0 after a
 * draw, and no moves. */
static void
test_solver_finished (void)
{
  const Positions *p = get_positions ();

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];

      if (!ref_finished (b))
        continue;
      g_assert_cmpint (ttt_misere_score (b), ==,
                       ref_misere_outcome (b) == TTT_OUTCOME_DRAW ? 0 : TTT_SCORE_MAX);
      g_assert_cmphex (ttt_misere_best_moves (b), ==, 0);
    }
}

/* Hard */

typedef struct
{
  guint64 n_games;
  guint64 n_wins;
  guint64 n_draws;
  guint64 n_losses;
} Tally;

static TttOutcome
win_for (TttMark mark)
{
  return mark == TTT_MARK_X ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS;
}

/* Every game from @board with Hard playing @hard: at Hard's turn the game
 * branches on each cell Hard chooses for sixteen seeds, at the opponent's
 * on every empty cell (or, when @medium, on every cell Medium's rules
 * allow). */
static void
hard_all_games (const TttBoard *board,
                TttMark         hard,
                gboolean        medium,
                Tally          *tally)
{
  TttOutcome outcome = ttt_misere_outcome (board);
  unsigned moves = 0;

  if (outcome != TTT_OUTCOME_ONGOING)
    {
      tally->n_games++;
      if (outcome == TTT_OUTCOME_DRAW)
        tally->n_draws++;
      else if (outcome == win_for (hard))
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
      unsigned best = misere_ref_best (board);

      for (uint64_t seed = 0; seed < 16; seed++)
        {
          uint64_t rng = seed * 0x9e3779b97f4a7c15u + ref_code (board);
          int cell = ttt_misere_choose (board, TTT_LEVEL_HARD, &rng);

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          g_assert_true (best & (1u << cell));
          moves |= 1u << cell;
        }
    }
  else if (medium)
    {
      int rule;

      moves = misere_ref_medium (board, &rule);
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
        hard_all_games (&child, hard, medium, tally);
      }
}

static void
report (const char  *what,
        const Tally *t)
{
  g_test_message ("%s: %" G_GUINT64_FORMAT " games, %" G_GUINT64_FORMAT " won, %" G_GUINT64_FORMAT
                  " drawn, %" G_GUINT64_FORMAT " lost", what, t->n_games, t->n_wins, t->n_draws,
                  t->n_losses);
}

static void
test_hard_never_loses (void)
{
  TttBoard empty = { 0, 0 };
  Tally first = { 0 };
  Tally second = { 0 };

  hard_all_games (&empty, TTT_MARK_X, FALSE, &first);
  hard_all_games (&empty, TTT_MARK_O, FALSE, &second);
  report ("Hard as X against every opponent", &first);
  report ("Hard as O against every opponent", &second);

  g_assert_cmpuint (first.n_losses, ==, 0);
  g_assert_cmpuint (second.n_losses, ==, 0);
  g_assert_cmpuint (first.n_games, >, 0);
  g_assert_cmpuint (second.n_games, >, 0);
  /* Opponents that go wrong are punished: both seats win games. */
  g_assert_cmpuint (first.n_wins, >, 0);
  g_assert_cmpuint (second.n_wins, >, 0);
}

/* The same from every position not already lost for the side to move,
 * Hard playing that side: a game picked up in the middle. */
static void
test_hard_never_loses_anywhere (void)
{
  const Positions *p = get_positions ();
  Tally all = { 0 };
  int n_roots = 0;

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];

      if (ref_finished (b) || misere_ref_score (b) < 0)
        continue;
      n_roots++;
      hard_all_games (b, ref_x_to_move (b) ? TTT_MARK_X : TTT_MARK_O, FALSE, &all);
    }

  g_test_message ("from %d positions not lost:", n_roots);
  report ("Hard against every opponent", &all);
  g_assert_cmpint (n_roots, >, 0);
  g_assert_cmpuint (all.n_losses, ==, 0);
}

/* Hard's move always keeps the position's value (the fastest win, else a
 * draw, else the slowest loss), and over seeds it plays every such move. */
static void
test_hard_optimal (void)
{
  const Positions *p = get_positions ();

  for (int i = 0; i < p->n_boards; i++)
    {
      const TttBoard *b = &p->boards[i];
      unsigned chosen = 0;

      if (ref_finished (b))
        continue;

      for (uint64_t seed = 0; seed < 128; seed++)
        {
          uint64_t rng = seed;
          int cell = ttt_misere_choose (b, TTT_LEVEL_HARD, &rng);
          TttBoard child;

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          g_assert_true (ref_empty (b) & (1u << cell));
          child = ref_play (b, cell);
          g_assert_cmpint (ref_parent_value (misere_ref_score (&child)), ==, misere_ref_score (b));
          chosen |= 1u << cell;
        }
      g_assert_cmphex (chosen, ==, misere_ref_best (b));
    }
}

/* Two Hards always draw. */
static void
test_hard_self_play (void)
{
  for (uint64_t seed = 0; seed < 1000; seed++)
    {
      uint64_t rng_x = seed;
      uint64_t rng_o = ~seed;
      TttBoard board = { 0, 0 };

      while (ttt_misere_outcome (&board) == TTT_OUTCOME_ONGOING)
        {
          uint64_t *rng = ttt_board_turn (&board) == TTT_MARK_X ? &rng_x : &rng_o;

          g_assert_cmpint (ttt_board_play (&board, ttt_misere_choose (&board, TTT_LEVEL_HARD, rng)),
                           ==, TTT_OK);
        }
      g_assert_cmpint (ttt_misere_outcome (&board), ==, TTT_OUTCOME_DRAW);
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
      unsigned allowed, chosen = 0;
      int rule;

      if (ref_finished (b))
        continue;

      allowed = misere_ref_medium (b, &rule);
      n_rule[rule]++;
      for (uint64_t seed = 0; seed < 64; seed++)
        {
          uint64_t rng = seed;
          int cell = ttt_misere_choose (b, TTT_LEVEL_MEDIUM, &rng);
          char text[12];

          if (cell < 0 || cell >= TTT_N_CELLS || !(allowed & (1u << cell)))
            g_error ("%s: Medium played %d, rule %d allows 0x%03x", ref_format (b, text), cell,
                     rule, allowed);
          chosen |= 1u << cell;

          /* It completes a line of its own only when every cell would. */
          if (rule != 0)
            {
              TttBoard child = ref_play (b, cell);

              g_assert_cmpint (ref_completed (ref_theirs (&child)), ==, 0);
            }
        }
      g_assert_cmphex (chosen, ==, allowed);
    }

  g_test_message ("Medium positions: %d lost anyway, %d opening, %d side, %d corner, "
                  "%d centre", n_rule[0], n_rule[1], n_rule[2], n_rule[3], n_rule[4]);
  for (int rule = 0; rule < 5; rule++)
    g_assert_cmpint (n_rule[rule], >, 0);
}

/* Medium is not Hard: a player who sees further beats it, in either seat. */
static void
test_medium_beatable (void)
{
  TttBoard empty = { 0, 0 };
  Tally hard_first = { 0 };
  Tally hard_second = { 0 };

  hard_all_games (&empty, TTT_MARK_X, TRUE, &hard_first);
  hard_all_games (&empty, TTT_MARK_O, TRUE, &hard_second);
  report ("Hard as X against Medium", &hard_first);
  report ("Hard as O against Medium", &hard_second);

  g_assert_cmpuint (hard_first.n_losses + hard_second.n_losses, ==, 0);
  g_assert_cmpuint (hard_first.n_wins, >, 0);
  g_assert_cmpuint (hard_second.n_wins, >, 0);
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
          int cell = ttt_misere_choose (b, TTT_LEVEL_EASY, &rng);

          g_assert_cmpint (cell, >=, 0);
          g_assert_cmpint (cell, <, TTT_N_CELLS);
          g_assert_true (ref_empty (b) & (1u << cell));
          used |= 1u << cell;
        }
      g_assert_cmphex (used, ==, ref_empty (b));
    }
}

/* All levels */

static void
test_choose_refuses (void)
{
  const Positions *p = get_positions ();
  TttBoard board = { 0, 0 };
  uint64_t rng = 3;
  int n_finished = 0;

  for (int i = 0; i < p->n_boards; i++)
    {
      if (!ref_finished (&p->boards[i]))
        continue;
      n_finished++;
      for (TttLevel level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
        g_assert_cmpint (ttt_misere_choose (&p->boards[i], level, &rng), ==, -1);
    }
  g_assert_cmpint (n_finished, ==, 958);

  g_assert_cmpint (ttt_misere_choose (&board, (TttLevel) 3, &rng), ==, -1);
  g_assert_cmpint (ttt_misere_choose (&board, (TttLevel) -1, &rng), ==, -1);
  g_assert_cmpint (ttt_misere_choose (NULL, TTT_LEVEL_EASY, &rng), ==, -1);
  g_assert_cmpint (ttt_misere_choose (&board, TTT_LEVEL_EASY, NULL), ==, -1);

  /* A valid call still works after the refusals. */
  g_assert_cmpint (ttt_misere_choose (&board, TTT_LEVEL_MEDIUM, &rng), ==, 4);
  g_assert_cmpint (ttt_misere_choose (&board, TTT_LEVEL_HARD, &rng), ==, 4);
}

/* One seed, one game; whatever a level draws comes from the caller's state. */
static void
test_same_seed (void)
{
  for (TttLevel level = TTT_LEVEL_EASY; level <= TTT_LEVEL_HARD; level++)
    for (uint64_t seed = 0; seed < 200; seed++)
      {
        TttBoard first = { 0, 0 };
        TttBoard again = { 0, 0 };
        uint64_t rng_first = seed;
        uint64_t rng_again = seed;

        while (ttt_misere_outcome (&first) == TTT_OUTCOME_ONGOING)
          {
            int a = ttt_misere_choose (&first, level, &rng_first);
            int b = ttt_misere_choose (&again, level, &rng_again);

            g_assert_cmpint (a, ==, b);
            g_assert_cmpint (ttt_board_play (&first, a), ==, TTT_OK);
            g_assert_cmpint (ttt_board_play (&again, b), ==, TTT_OK);
          }
        g_assert_cmphex (rng_first, ==, rng_again);
      }
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/misere/rules/outcome", test_outcome);
  g_test_add_func ("/misere/rules/line-loses", test_line_loses);
  g_test_add_func ("/misere/rules/refuses", test_refuses);
  g_test_add_func ("/misere/solver/differential", test_solver_differential);
  g_test_add_func ("/misere/solver/opening", test_solver_opening);
  g_test_add_func ("/misere/review", test_review);
  g_test_add_func ("/misere/solver/finished", test_solver_finished);
  g_test_add_func ("/misere/hard/never-loses", test_hard_never_loses);
  g_test_add_func ("/misere/hard/never-loses-anywhere", test_hard_never_loses_anywhere);
  g_test_add_func ("/misere/hard/optimal", test_hard_optimal);
  g_test_add_func ("/misere/hard/self-play", test_hard_self_play);
  g_test_add_func ("/misere/medium/rules", test_medium_rules);
  g_test_add_func ("/misere/medium/beatable", test_medium_beatable);
  g_test_add_func ("/misere/easy/legal", test_easy_legal);
  g_test_add_func ("/misere/ai/refuses", test_choose_refuses);
  g_test_add_func ("/misere/ai/same-seed", test_same_seed);

  status = g_test_run ();
  g_free (positions);

  return status;
}
