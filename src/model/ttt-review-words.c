/* ttt-review-words.c — what the review says of a game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The review's two kinds of line: the one that explains the move at the
 * cursor, and the summary shown when the review opens. The coach makes
 * the sentences (ttt-coach.h); this picks which, by whether the game's
 * grades are perfect play's (a solved game: the engine's whole review of
 * each move) or a search's estimates, which say so and may not be in yet.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-review-cursor-private.h"

/* A move of a game graded by searches: its grade once known, else what
 * it does, which needs no search (the computer's moves, and any before
 * the grades are in). */
static char *
searched_move_text (TttReviewCursor *self,
                    guint            number)
{
  int move = self->moves[number - 1];
  TttUltimateGrade told = { .best = -1 };

  if (self->ready && ttt_review_cursor_get_graded (self, number))
    return ttt_coach_ultimate_move_text (number, move, &self->grades[number - 1], TRUE);

  told.effect = ttt_coach_ultimate_effect (&self->positions[number - 1].rules.ultimate, move, FALSE);
  return ttt_coach_ultimate_move_text (number, move, &told, FALSE);
}

/**
 * ttt_review_cursor_dup_move_text:
 * @self: a #TttReviewCursor
 *
 * Returns: (transfer full) (nullable): the line that explains the move
 *   just played at the cursor (see ttt_coach_move_text()), or %NULL at
 *   position 0
 */
char *
ttt_review_cursor_dup_move_text (TttReviewCursor *self)
{
  guint number;

  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  number = self->position;
  if (number == 0)
    return NULL;

  if (!ttt_review_cursor_is_solved (self))
    return searched_move_text (self, number);

  return ttt_coach_move_text (number, self->moves[number - 1], &self->reviews[number - 1],
                              ttt_review_cursor_get_graded (self, number));
}

/**
 * ttt_review_cursor_dup_summary:
 * @self: a #TttReviewCursor
 *
 * Returns: (transfer full): the summary shown when the review opens (see
 *   ttt_coach_summary_text())
 */
char *
ttt_review_cursor_dup_summary (TttReviewCursor *self)
{
  g_autofree char *counts = NULL;

  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  if (!self->ready)
    /* Translators: the review's summary while the engine grades the
     * moves of a game of Ultimate; %u is how much of it is done. */
    return g_strdup_printf (_("Grading the moves… %u%%"), (guint) (self->progress * 100 + 0.5));

  counts = ttt_coach_summary_text (self->person,
                                   ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_MISTAKE),
                                   ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_BLUNDER),
                                   ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_MISTAKE),
                                   ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_BLUNDER),
                                   self->turning_move);
  if (ttt_review_cursor_is_solved (self))
    return g_steal_pointer (&counts);

  /* Translators: the review's summary of a game of Ultimate ends
   * with this, since its grades come from a search, not a proof. */
  return g_strdup_printf (C_("sentences", "%s %s"), counts, _("The grades are the engine’s estimates."));
}
