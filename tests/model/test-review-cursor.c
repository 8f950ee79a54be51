/* test-review-cursor.c — the review of any game, by its rules alone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The review cursor knows no game by name: Misère, a solved game, is
 * graded at once against its own perfect play (ttt_misere_review_move()),
 * not the classic game's, and a move that completes the mover's own line
 * is the fault it is there. Every position the cursor shows, Ultimate's
 * small boards won or not included, is the one after that many moves, not
 * the final one (issue 35).
 */

#include "config.h"

#include <string.h>

#include <glib.h>

#include "ttt-misere.h"
#include "ttt-review-cursor.h"
#include "ttt-ultimate.h"
#include "ttt-variants.h"

/* X takes the top row's first two cells, O the centre and the cell right
 * of it, two of the middle row; then X completes the top row and, in
 * Misère, loses a game it had won: O was to be made to finish the middle
 * row. */
static const int own_line_game[] = { 0, 4, 1, 5, 2 };

/* Asserts that move @number of @cursor has Misère's review of it on the
 * position before it, and returns that review. */
static TttReview
assert_misere_review (TttReviewCursor *cursor,
                      const TttBoard  *before,
                      guint            number,
                      int              move)
{
  TttReview expected, got;
  int cell;

  g_assert_cmpint (ttt_misere_review_move (before, move, &expected), ==, TTT_OK);
  g_assert_true (ttt_review_cursor_get_move (cursor, number, &cell, NULL, &got));
  g_assert_cmpint (cell, ==, move);
  g_assert_cmpint (got.grade, ==, expected.grade);
  g_assert_cmpint (got.motive, ==, expected.motive);
  g_assert_cmpint (got.fault, ==, expected.fault);
  g_assert_cmpint (got.score, ==, expected.score);
  g_assert_cmpuint (got.best, ==, expected.best);
  /* The cell that was best instead, for a person's move (the computer's
   * are told, not graded, though a solved game knows their grade). */
  g_assert_cmpint (ttt_review_cursor_get_best_move (cursor, number), ==,
                   ttt_review_cursor_get_graded (cursor, number) &&
                   expected.grade != TTT_GRADE_BEST && expected.best != 0
                   ? g_bit_nth_lsf (expected.best, -1) : -1);

  return got;
}

static void
test_misere_own_line (void)
{
  g_autoptr(TttReviewCursor) cursor = NULL;
  TttReview last, classic;
  TttBoard board;
  TttMark mark;
  guint n = G_N_ELEMENTS (own_line_game);

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_MISERE, own_line_game, n, TTT_MARK_NONE);
  g_assert_nonnull (cursor);
  g_assert_cmpint (ttt_review_cursor_get_variant (cursor), ==, TTT_VARIANT_MISERE);
  /* Solved: graded at once, nothing to start. */
  g_assert_true (ttt_review_cursor_get_ready (cursor));
  ttt_review_cursor_start_grading (cursor);
  g_assert_cmpuint (ttt_review_cursor_count_grading (), ==, 0);
  g_assert_false (ttt_review_cursor_get_ultimate_grade (cursor, 1, NULL));

  ttt_board_clear (&board);
  for (guint number = 1; number <= n; number++)
    {
      last = assert_misere_review (cursor, &board, number, own_line_game[number - 1]);
      g_assert_true (ttt_review_cursor_get_move (cursor, number, NULL, &mark, NULL));
      g_assert_cmpint (mark, ==, number % 2 == 1 ? TTT_MARK_X : TTT_MARK_O);
      if (number == n)
        g_assert_cmpint (ttt_review_move (&board, own_line_game[number - 1], &classic), ==, TTT_OK);
      g_assert_cmpint (ttt_board_play (&board, own_line_game[number - 1]), ==, TTT_OK);
    }

  /* The last move completes X's own line: a win thrown to a loss, for
   * that. The classic game's review would call the same move a Best win,
   * so these grades are Misère's. */
  g_assert_cmpint (last.grade, ==, TTT_GRADE_BLUNDER);
  g_assert_cmpint (last.fault, ==, TTT_FAULT_OWN_LINE);
  g_assert_cmpint (classic.grade, ==, TTT_GRADE_BEST);
  g_assert_cmpint (classic.motive, ==, TTT_MOTIVE_WIN);
  g_assert_cmpint (ttt_review_cursor_get_best_move (cursor, n), >=, 0);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_X, TTT_GRADE_BLUNDER), ==, 1);
  g_assert_cmpuint (ttt_review_cursor_count_grade (cursor, TTT_MARK_NONE, TTT_GRADE_BLUNDER), ==,
                    1 + ttt_review_cursor_count_grade (cursor, TTT_MARK_O, TTT_GRADE_BLUNDER));

  /* The line X made is the one shown, and it lost: O won, X's last move
   * turned the game. */
  g_assert_cmpuint (ttt_review_cursor_get_winning_cells (cursor), ==, 0x7);
  g_assert_cmpint (ttt_review_cursor_get_block_outcome (cursor, 0), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmpuint (ttt_review_cursor_get_turning_move (cursor), ==, n);

  ttt_review_cursor_set_position (cursor, n - 1);
  g_assert_cmpuint (ttt_review_cursor_get_winning_cells (cursor), ==, 0);
  g_assert_cmpint (ttt_review_cursor_get_block_outcome (cursor, 0), ==, TTT_OUTCOME_ONGOING);
  g_assert_cmpint (ttt_review_cursor_get_cell (cursor, 2), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_review_cursor_get_cell (cursor, 1), ==, TTT_MARK_X);
}

/* Random games of Misère, every move graded as Misère grades it, until
 * the games have shown a squeeze, Misère's own motive, and a line of the
 * mover's own. */
static void
test_misere_random_games (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (35);
  gboolean seen_squeeze = FALSE, seen_own_line = FALSE;

  for (guint game = 0; game < 2000 && !(seen_squeeze && seen_own_line); game++)
    {
      g_autoptr(TttReviewCursor) cursor = NULL;
      int moves[TTT_N_CELLS];
      guint n = 0;
      TttBoard board;

      ttt_board_clear (&board);
      while (ttt_misere_outcome (&board) == TTT_OUTCOME_ONGOING)
        {
          int cell;

          do
            cell = g_rand_int_range (rand, 0, TTT_N_CELLS);
          while (ttt_board_get (&board, cell) != TTT_MARK_NONE);
          g_assert_cmpint (ttt_board_play (&board, cell), ==, TTT_OK);
          moves[n++] = cell;
        }

      cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_MISERE, moves, n,
                                                  n % 2 == 1 ? TTT_MARK_O : TTT_MARK_X);
      g_assert_nonnull (cursor);
      ttt_board_clear (&board);
      for (guint number = 1; number <= n; number++)
        {
          TttReview review = assert_misere_review (cursor, &board, number, moves[number - 1]);

          seen_squeeze |= review.motive == TTT_MOTIVE_SQUEEZE;
          seen_own_line |= review.fault == TTT_FAULT_OWN_LINE;
          ttt_board_play (&board, moves[number - 1]);
        }
      g_assert_cmpuint (ttt_review_cursor_get_winning_cells (cursor), ==, ttt_misere_losing_cells (&board));
    }

  g_assert_true (seen_squeeze);
  g_assert_true (seen_own_line);
}

/* The opening of test-ultimate-review.c: a random game of Ultimate in
 * which small boards are won along the way. */
static const int ultimate_game[] = {
  16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
  27, 8, 78, 59, 46, 13, 39, 31,
};

static TttOutcome
expected_board (const TttUltimate *pos,
                int                board)
{
  switch (ttt_ultimate_board_winner (pos, board))
    {
    case TTT_MARK_X:
      return TTT_OUTCOME_X_WINS;
    case TTT_MARK_O:
      return TTT_OUTCOME_O_WINS;
    case TTT_MARK_NONE:
    default:
      return (pos->closed & (1u << board)) != 0 ? TTT_OUTCOME_DRAW : TTT_OUTCOME_ONGOING;
    }
}

/* Issue 35: before the first move the review showed the final position's
 * won small boards. The cursor's position, and the state of each small
 * board, are those after that many moves, replayed here on the engine. */
static void
test_ultimate_steps (void)
{
  g_autoptr(TttReviewCursor) cursor = NULL;
  guint n = G_N_ELEMENTS (ultimate_game);
  TttUltimate pos;
  guint won_at_end = 0;

  cursor = ttt_review_cursor_new_for_variant (TTT_VARIANT_ULTIMATE, ultimate_game, n, TTT_MARK_NONE);
  g_assert_nonnull (cursor);
  /* Not solved: nothing graded until a search has been. */
  g_assert_false (ttt_review_cursor_get_ready (cursor));

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    won_at_end += ttt_review_cursor_get_block_outcome (cursor, b) == TTT_OUTCOME_X_WINS ||
                  ttt_review_cursor_get_block_outcome (cursor, b) == TTT_OUTCOME_O_WINS;
  g_assert_cmpuint (won_at_end, >=, 2);

  ttt_ultimate_clear (&pos);
  g_assert_true (ttt_review_cursor_first (cursor));
  for (guint step = 0; step <= n; step++)
    {
      const TttPosition *shown = ttt_review_cursor_get_shown_position (cursor);

      g_assert_cmpuint (ttt_review_cursor_get_position (cursor), ==, step);
      g_assert_cmpint (shown->variant, ==, TTT_VARIANT_ULTIMATE);
      g_assert_cmpint (memcmp (&shown->ultimate, &pos, sizeof pos), ==, 0);
      for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
        {
          g_assert_cmpint (ttt_review_cursor_get_block_outcome (cursor, b), ==, expected_board (&pos, b));
          if (step == 0)
            g_assert_cmpint (ttt_review_cursor_get_block_outcome (cursor, b), ==, TTT_OUTCOME_ONGOING);
        }
      for (int cell = 0; cell < TTT_ULTIMATE_N_MOVES; cell++)
        g_assert_cmpint (ttt_review_cursor_get_cell (cursor, cell), ==, ttt_ultimate_get (&pos, cell));
      g_assert_cmpuint (ttt_review_cursor_get_winning_cells (cursor), ==, ttt_ultimate_winning_boards (&pos));

      if (step < n)
        {
          g_assert_cmpint (ttt_ultimate_play (&pos, ultimate_game[step]), ==, TTT_OK);
          g_assert_true (ttt_review_cursor_next (cursor));
        }
    }
}

/* Every game of the registry makes a cursor, ready at once exactly when
 * its rules can grade a move without a search. */
static void
test_every_variant (void)
{
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    {
      const TttVariantInfo *info = ttt_variants_get_nth (i);
      g_autoptr(TttReviewCursor) cursor = NULL;
      TttPosition empty;
      int first[TTT_RULES_MAX_CELLS];
      int n_first;

      ttt_position_clear (&empty, info->variant);
      n_first = info->rules->legal_moves (&empty.rules, first);
      g_assert_cmpint (n_first, >, 0);

      cursor = ttt_review_cursor_new_for_variant (info->variant, first, 1, TTT_MARK_NONE);
      g_assert_nonnull (cursor);
      g_assert_cmpint (ttt_review_cursor_get_variant (cursor), ==, info->variant);
      g_assert_cmpint (ttt_review_cursor_get_ready (cursor), ==, info->rules->review != NULL);
      g_assert_cmpint (ttt_review_cursor_get_ready (cursor), ==, info->solved);
      g_assert_cmpint (ttt_review_cursor_get_cell (cursor, first[0]), ==, TTT_MARK_X);
      ttt_review_cursor_first (cursor);
      g_assert_cmpint (ttt_review_cursor_get_cell (cursor, first[0]), ==, TTT_MARK_NONE);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/review-cursor/misere/own-line", test_misere_own_line);
  g_test_add_func ("/review-cursor/misere/random-games", test_misere_random_games);
  g_test_add_func ("/review-cursor/ultimate/steps", test_ultimate_steps);
  g_test_add_func ("/review-cursor/every-variant", test_every_variant);

  return g_test_run ();
}
