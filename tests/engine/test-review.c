/* test-review.c — ttt_review_move(), checked on every move of every game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The oracle, ref_review() of reference-rules.h, shares nothing with the
 * engine: lines are cell triples, the game is solved by a plain minimax,
 * and each field of a review is read from its definition in the public
 * header, the only one used, so the review is checked as a caller sees
 * it.
 */

#include <limits.h>
#include <string.h>

#include <glib.h>

#include "reference-rules.h"
#include "ttt-engine.h"
#include "ttt-misere.h"

#define N_REACHABLE 5478
#define N_FINISHED  958

/* Every position a game reaches, walked with the reference's own rules. */

static gboolean reached[REF_N_CODES];
static TttBoard reachable[N_REACHABLE];
static int n_reachable;

static void
walk (const TttBoard *board)
{
  unsigned code = ref_code (board);

  if (reached[code])
    return;
  reached[code] = TRUE;
  g_assert_cmpint (n_reachable, <, N_REACHABLE);
  reachable[n_reachable++] = *board;

  if (ref_finished (board))
    return;
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ref_empty (board) & (1u << cell))
      {
        TttBoard child = ref_play (board, cell);

        walk (&child);
      }
}

static void
ensure_walked (void)
{
  TttBoard empty = { 0, 0 };

  if (n_reachable == 0)
    walk (&empty);
}

/* A review no call could produce, to see that failing calls write nothing. */
static const TttReview untouched = {
  (TttGrade) 77, (TttMotive) 78, (TttFault) 79, 12345, 0xdeadu,
};

static void
assert_untouched (const TttReview *review)
{
  g_assert_true (memcmp (review, &untouched, sizeof untouched) == 0);
}

static void
assert_same_review (const TttBoard  *board,
                    int              cell,
                    const TttReview *got,
                    const TttReview *expected)
{
  char text[12];

  if (got->grade == expected->grade && got->motive == expected->motive &&
      got->fault == expected->fault && got->score == expected->score &&
      got->best == expected->best)
    return;

  g_error ("%s, cell %d: got grade %d motive %d fault %d score %d best 0x%03x; "
           "expected grade %d motive %d fault %d score %d best 0x%03x",
           ref_format (board, text), cell,
           got->grade, got->motive, got->fault, got->score, got->best,
           expected->grade, expected->motive, expected->fault, expected->score, expected->best);
}

/* Tests */

/* Every legal move of every reachable position, all five fields. */
static void
test_review_exhaustive (void)
{
  int n_moves = 0;
  int n_finished = 0;
  int grades[3] = { 0 }, motives[7] = { 0 }, faults[5] = { 0 };

  ensure_walked ();
  g_assert_cmpint (n_reachable, ==, N_REACHABLE);

  for (int i = 0; i < n_reachable; i++)
    {
      const TttBoard *board = &reachable[i];

      if (ref_finished (board))
        {
          n_finished++;
          continue;
        }

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttReview got = untouched;
          TttReview expected;

          if (!(ref_empty (board) & (1u << cell)))
            continue;

          g_assert_cmpint (ttt_review_move (board, cell, &got), ==, TTT_OK);
          expected = ref_review (board, cell);
          assert_same_review (board, cell, &got, &expected);

          n_moves++;
          grades[got.grade]++;
          motives[got.motive]++;
          faults[got.fault]++;
        }
    }

  g_assert_cmpint (n_finished, ==, N_FINISHED);
  g_test_message ("%d moves reviewed", n_moves);

  /* An oracle that never says "fork" would agree with an engine that never
   * does: every grade, motive and fault must occur somewhere. */
  for (int i = 0; i < 3; i++)
    g_assert_cmpint (grades[i], >, 0);
  for (int i = 0; i < 7; i++)
    g_assert_cmpint (motives[i], >, 0);
  for (int i = 0; i < 5; i++)
    g_assert_cmpint (faults[i], >, 0);
}

/* The score and best moves are the solver's, as the header promises. */
static void
test_review_matches_solver (void)
{
  ensure_walked ();

  for (int i = 0; i < n_reachable; i++)
    {
      TttBoard board = reachable[i];

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttBoard after = board;
          TttReview review;

          if (ttt_board_play (&after, cell) != TTT_OK)
            continue;
          g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_OK);
          g_assert_cmpint (review.score, ==, -ttt_solver_score (&after));
          g_assert_cmpuint (review.best, ==, ttt_solver_best_moves (&board));
          g_assert_true (review.best & (1u << cell) ? review.grade == TTT_GRADE_BEST : TRUE);
        }
    }
}

/* Show Analysis in classic and Misère is the review's score of each cell:
 * exact, so two cells that a rotation or reflection of the board maps
 * onto each other, where it leaves the board as it is, score the same.
 * (Ultimate's estimates needed the search to see to it.) */
static void
test_review_symmetric (void)
{
  /* The eight symmetries of the square on cells 0–8, the test's own. */
  static const int turn[TTT_N_CELLS] = { 2, 5, 8, 1, 4, 7, 0, 3, 6 };
  static const int mirror[TTT_N_CELLS] = { 2, 1, 0, 5, 4, 3, 8, 7, 6 };
  int n_checked = 0;

  ensure_walked ();

  for (int s = 1; s < 8; s++)
    {
      int perm[TTT_N_CELLS];

      for (int c = 0; c < TTT_N_CELLS; c++)
        {
          int image = s >= 4 ? mirror[c] : c;

          for (int k = 0; k < s % 4; k++)
            image = turn[image];
          perm[c] = image;
        }

      for (int i = 0; i < n_reachable; i++)
        {
          const TttBoard *board = &reachable[i];
          TttBoard image = { 0, 0 };

          for (int c = 0; c < TTT_N_CELLS; c++)
            {
              image.x |= (uint16_t) ((board->x >> c & 1u) << perm[c]);
              image.o |= (uint16_t) ((board->o >> c & 1u) << perm[c]);
            }
          if (image.x != board->x || image.o != board->o || ref_finished (board))
            continue;

          for (int c = 0; c < TTT_N_CELLS; c++)
            {
              TttReview a, b;

              if ((ref_empty (board) & (1u << c)) == 0)
                continue;
              g_assert_cmpint (ttt_review_move (board, c, &a), ==, TTT_OK);
              g_assert_cmpint (ttt_review_move (board, perm[c], &b), ==, TTT_OK);
              g_assert_cmpint (a.score, ==, b.score);
              g_assert_cmpint (a.grade, ==, b.grade);
              g_assert_cmpint (ttt_misere_review_move (board, c, &a), ==, TTT_OK);
              g_assert_cmpint (ttt_misere_review_move (board, perm[c], &b), ==, TTT_OK);
              g_assert_cmpint (a.score, ==, b.score);
              g_assert_cmpint (a.grade, ==, b.grade);
              n_checked++;
            }
        }
    }
  g_test_message ("%d pairs of symmetric cells", n_checked);
  g_assert_cmpint (n_checked, >, 0);
}

/* Illegal moves on reachable boards fail as ttt_board_play() does, and
 * write nothing. */
static void
test_review_errors (void)
{
  static const int out_of_range[] = { -1, 9, 10, 100, INT_MIN, INT_MAX };

  ensure_walked ();

  for (int i = 0; i < n_reachable; i++)
    {
      TttBoard board = reachable[i];
      TttBoard copy = board;

      for (gsize j = 0; j < G_N_ELEMENTS (out_of_range); j++)
        {
          TttReview review = untouched;

          g_assert_cmpint (ttt_review_move (&board, out_of_range[j], &review), ==,
                           TTT_ERROR_OUT_OF_RANGE);
          assert_untouched (&review);
        }

      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        {
          TttReview review = untouched;
          TttStatus status = ttt_review_move (&board, cell, &review);

          if (ref_finished (&board))
            g_assert_cmpint (status, ==, TTT_ERROR_GAME_OVER);
          else if (!(ref_empty (&board) & (1u << cell)))
            g_assert_cmpint (status, ==, TTT_ERROR_OCCUPIED);
          else
            continue;
          assert_untouched (&review);
        }

      g_assert_cmpint (ttt_review_move (&board, 0, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
      g_assert_true (memcmp (&board, &copy, sizeof board) == 0);
    }
}

/* Every encoding no game reaches, and boards that are not encodings at all,
 * are refused for every cell. */
static void
test_review_unreachable (void)
{
  static const TttBoard broken[] = {
    { 0x0001, 0x0001 },   /* X and O on one cell */
    { 0x0200, 0x0000 },   /* a mark beyond the ninth cell */
    { 0x0000, 0x8000 },
    { 0xffff, 0xffff },
  };
  int n_unreachable = 0;
  TttReview review = untouched;

  ensure_walked ();

  for (unsigned code = 0; code < REF_N_CODES; code++)
    {
      TttBoard board = ref_decode (code);

      if (reached[code])
        continue;
      n_unreachable++;
      for (int cell = -1; cell <= 9; cell++)
        {
          g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_ERROR_INVALID_ARGUMENT);
          assert_untouched (&review);
        }
    }
  g_assert_cmpint (n_unreachable, ==, REF_N_CODES - N_REACHABLE);

  for (gsize i = 0; i < G_N_ELEMENTS (broken); i++)
    for (int cell = -1; cell <= 9; cell++)
      {
        g_assert_cmpint (ttt_review_move (&broken[i], cell, &review), ==, TTT_ERROR_INVALID_ARGUMENT);
        assert_untouched (&review);
      }

  g_assert_cmpint (ttt_review_move (NULL, 4, &review), ==, TTT_ERROR_INVALID_ARGUMENT);
  g_assert_cmpint (ttt_review_move (NULL, 4, NULL), ==, TTT_ERROR_INVALID_ARGUMENT);
  assert_untouched (&review);
}

static TttReview
review_of (const char *text,
           int         cell)
{
  TttBoard board;
  TttReview review = untouched;

  g_assert_cmpint (ttt_board_parse (&board, text), ==, TTT_OK);
  g_assert_cmpint (ttt_review_move (&board, cell, &review), ==, TTT_OK);

  return review;
}

/* A few positions a teacher would use, spelled out. */
static void
test_review_examples (void)
{
  TttReview review;

  /* The opening: every cell draws; the centre is the centre. */
  review = review_of (".../.../...", 4);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_CENTRE);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_NONE);
  g_assert_cmpint (review.score, ==, 0);
  g_assert_cmpuint (review.best, ==, 0x1ff);
  g_assert_cmpint (review_of (".../.../...", 0).motive, ==, TTT_MOTIVE_CORNER);
  g_assert_cmpint (review_of (".../.../...", 1).motive, ==, TTT_MOTIVE_SIDE);

  /* The example: X centre, O corner, X opposite corner; O on a side
   * must be answered at row 3, column 1, which gives X two ways to win. */
  review = review_of ("O../.XO/..X", 6);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  review = review_of ("O../.X./..X", 3);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_MISTAKE);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_THREAT);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_ALLOWS_FORK);
  g_assert_cmpuint (review.best, ==, (1u << 2) | (1u << 6));
  g_assert_cmpint (review.score, <, 0);

  /* A winning move scores +10. Blocking instead only draws: a mistake that
   * missed the win, however sensible the block looks. */
  review = review_of ("XX./OO./...", 2);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_WIN);
  g_assert_cmpint (review.score, ==, TTT_SCORE_MAX);
  g_assert_cmpuint (review.best, ==, 1u << 2);
  review = review_of ("XX./OO./...", 5);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_BLOCK);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_MISTAKE);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_MISSED_WIN);
  g_assert_cmpint (review.score, ==, 0);
  review = review_of ("XX./OO./...", 8);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BLUNDER);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_MISSED_WIN);
  g_assert_cmpint (review.score, ==, -(TTT_SCORE_MAX - 1));

  /* O must block X's row or lose at once. */
  review = review_of ("XX./.O./...", 6);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_MISTAKE);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_MISSED_BLOCK);
  g_assert_cmpuint (review.best, ==, 1u << 2);
  review = review_of ("XX./.O./...", 2);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_BLOCK);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);

  /* X makes a fork: two ways to win, and the win comes two plies later. A
   * block that happens to make a fork is a block first. */
  review = review_of ("XO./.X./..O", 6);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_FORK);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.score, ==, TTT_SCORE_MAX - 2);
  review = review_of ("X.O/.O./..X", 6);
  g_assert_cmpint (review.motive, ==, TTT_MOTIVE_BLOCK);

  /* The last move fills the board and draws: 0, and best. */
  review = review_of ("XOX/XOO/OX.", 8);
  g_assert_cmpint (review.score, ==, 0);
  g_assert_cmpint (review.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (review.fault, ==, TTT_FAULT_NONE);
  g_assert_cmpuint (review.best, ==, 1u << 8);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/engine/review/exhaustive", test_review_exhaustive);
  g_test_add_func ("/engine/review/matches-solver", test_review_matches_solver);
  g_test_add_func ("/engine/review/symmetric", test_review_symmetric);
  g_test_add_func ("/engine/review/errors", test_review_errors);
  g_test_add_func ("/engine/review/unreachable", test_review_unreachable);
  g_test_add_func ("/engine/review/examples", test_review_examples);

  return g_test_run ();
}
