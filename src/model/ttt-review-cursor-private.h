/* ttt-review-cursor-private.h — the review's insides, shared by its files
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The review is four files: ttt-review-cursor.c (the moves, the
 * position at each step and the walk through them), ttt-review-grades.c
 * (every move's grade and what views ask of them; a solved game's made
 * there), ttt-review-search.c (the grades of a game that is not solved,
 * from searches off the main thread) and ttt-review-words.c (the lines a
 * view shows). They share the struct and the few functions below;
 * nothing outside the review reads them.
 */

#pragma once

#include "ttt-position.h"
#include "ttt-review-cursor.h"
#include "ttt-variants.h"

G_BEGIN_DECLS

struct _TttReviewCursor
{
  GObject               parent_instance;

  const TttVariantInfo *info;
  TttMark               person;
  guint                 n_moves;
  int                   moves[TTT_RULES_MAX_CELLS];
  /* positions[i]: after the first i moves, 0 to n_moves; effects[i]: what
   * move i + 1 did, by the rules. */
  TttPosition          *positions;
  TttRulesEffects      *effects;

  /* The grades, reviews[i] of move i + 1. A solved game's are the
   * engine's (TttRules.review), known at once; a game that is not solved
   * has only their grade, from the searches, which keep the rest of what
   * they found in grades[] (NULL for a solved game). best_moves[i] is the
   * move that would have been best instead, −1 for none. */
  TttReview            *reviews;
  TttUltimateGrade     *grades;
  int                  *best_moves;
  gboolean              ready;
  double                progress;
  GCancellable         *grading;
  guint                 turning_move;

  guint                 position;
};

/* Whether the rules grade every move at once (TttRules.review). */
static inline gboolean
ttt_review_cursor_is_solved (TttReviewCursor *self)
{
  return self->info->rules->review != NULL;
}

/* The side that played move @number, from 1: whose turn it was before. */
static inline TttMark
ttt_review_cursor_mover (TttReviewCursor *self,
                         guint            number)
{
  return self->info->rules->turn (&self->positions[number - 1].rules);
}

/* Whether move @number has a grade now: ready, and graded or solved. */
gboolean ttt_review_cursor_grade_known    (TttReviewCursor *self,
                                           guint            number);

/* ttt-review-grades.c: grades a solved game at once, FALSE for moves its
 * rules refuse; takes a searched game's grades into reviews[]. Either
 * way the cursor is ready after. */
gboolean ttt_review_cursor_grade_solved    (TttReviewCursor *self);
void     ttt_review_cursor_store_searched  (TttReviewCursor *self);

/* For ttt-review-search.c, on the main thread: how far the searches
 * are, and that they are done, once every grade is in grades[]. */
void     ttt_review_cursor_report_progress (TttReviewCursor *self,
                                            double           progress);
void     ttt_review_cursor_grades_done     (TttReviewCursor *self);

G_END_DECLS
