/* ttt-review-grades.c — the grades of a review, and what views ask of them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every move's grade lands in the cursor's reviews[]: a solved game's at
 * once, the rules' own review of it (TttRules.review: the classic game
 * against its perfect play, Misère against Misère's), a game that is not
 * solved once its searches are done (ttt-review-search.c). So whatever
 * the game, counting the grades, the turning move and the move that was
 * best instead read one array, and no question here needs to know which
 * game it is.
 */

#include "config.h"

#include "ttt-review-cursor-private.h"

/* Where a won game turned: the loser's last move that was not Best.
 *
 * A solved game starts with a value, and only a move that is not best
 * changes it, so in a won game the last such move is the loser's, and
 * from it on the winner could not be stopped. By a search's estimates
 * the same holds as far as they go, and only where the loser's moves are
 * graded: not when a person beat the computer, whose moves are told. */
static guint
find_turning_move (TttReviewCursor *self)
{
  const TttPosition *last = &self->positions[self->n_moves];
  TttMark loser;

  switch (self->info->rules->outcome (&last->rules))
    {
    case TTT_OUTCOME_X_WINS:
      loser = TTT_MARK_O;
      break;
    case TTT_OUTCOME_O_WINS:
      loser = TTT_MARK_X;
      break;
    case TTT_OUTCOME_ONGOING:
    case TTT_OUTCOME_DRAW:
    case TTT_OUTCOME_INVALID:
    default:
      return 0;
    }

  for (guint n = self->n_moves; n > 0; n--)
    if (ttt_review_cursor_mover (self, n) == loser &&
        ttt_review_cursor_grade_known (self, n) &&
        self->reviews[n - 1].grade != TTT_GRADE_BEST)
      return n;

  return 0;
}

/* A solved game's grades, all at once, from the rules' review of each
 * move on the position before it. */
gboolean
ttt_review_cursor_grade_solved (TttReviewCursor *self)
{
  const TttRules *rules = self->info->rules;

  for (guint i = 0; i < self->n_moves; i++)
    {
      const TttReview *review = &self->reviews[i];

      if (rules->review (&self->positions[i].rules, self->moves[i], &self->reviews[i]) != TTT_OK)
        return FALSE;
      self->best_moves[i] = review->grade != TTT_GRADE_BEST && review->best != 0
                            ? g_bit_nth_lsf (review->best, -1) : -1;
    }

  self->ready = TRUE;
  self->progress = 1.0;
  self->turning_move = find_turning_move (self);

  return TRUE;
}

/* A searched game's grades, once the searches have stored them in
 * grades[]: their grade in reviews[] like a solved game's. */
void
ttt_review_cursor_store_searched (TttReviewCursor *self)
{
  for (guint n = 1; n <= self->n_moves; n++)
    if (ttt_review_cursor_get_graded (self, n))
      {
        const TttUltimateGrade *grade = &self->grades[n - 1];

        self->reviews[n - 1] = (TttReview) { .grade = grade->grade };
        self->best_moves[n - 1] = grade->grade != TTT_GRADE_BEST ? grade->best : -1;
      }

  self->ready = TRUE;
  self->progress = 1.0;
  self->turning_move = find_turning_move (self);
}

gboolean
ttt_review_cursor_grade_known (TttReviewCursor *self,
                               guint            number)
{
  if (!self->ready || number < 1 || number > self->n_moves)
    return FALSE;

  /* A solved game's review grades every move, the computer's too; the
   * searches grade the person's only. */
  return ttt_review_cursor_is_solved (self) || ttt_review_cursor_get_graded (self, number);
}

/**
 * ttt_review_cursor_count_grade:
 * @self: a #TttReviewCursor
 * @mark: whose moves, or %TTT_MARK_NONE for both sides'
 * @grade: which grade
 *
 * Returns: how many of the moves of @mark have @grade (of a game graded
 *   by searches, of the graded moves, and 0 until the grades are ready)
 */
guint
ttt_review_cursor_count_grade (TttReviewCursor *self,
                               TttMark          mark,
                               TttGrade         grade)
{
  guint n = 0;

  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  for (guint number = 1; number <= self->n_moves; number++)
    if ((mark == TTT_MARK_NONE || mark == ttt_review_cursor_mover (self, number)) &&
        ttt_review_cursor_grade_known (self, number) &&
        self->reviews[number - 1].grade == grade)
      n++;

  return n;
}

/**
 * ttt_review_cursor_get_turning_move:
 * @self: a #TttReviewCursor
 *
 * Where a won game turned: the last move that was not best. It is always
 * the loser's, and after it the winner had a forced win. A drawn or
 * unfinished game has none. In a game graded by searches (Ultimate) it is
 * the loser's last move not graded Best, after which by the estimates the
 * game was lost: known once the grades are (TttReviewCursor:ready), and
 * only where the loser's moves are graded, so not when a person beat the
 * computer.
 *
 * Returns: the move's number, from 1, or 0 for none
 */
guint
ttt_review_cursor_get_turning_move (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->turning_move;
}

/**
 * ttt_review_cursor_get_graded:
 * @self: a #TttReviewCursor
 * @number: a move's number, from 1
 *
 * Returns: whether move @number is graded: a person's move (both sides'
 *   between two people), not the computer's, which is only told
 */
gboolean
ttt_review_cursor_get_graded (TttReviewCursor *self,
                              guint            number)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  if (number < 1 || number > self->n_moves)
    return FALSE;

  return self->person == TTT_MARK_NONE || ttt_review_cursor_mover (self, number) == self->person;
}

/**
 * ttt_review_cursor_get_ultimate_grade:
 * @self: a #TttReviewCursor of a game graded by searches (Ultimate)
 * @number: a move's number, from 1
 * @grade: (out) (optional): its grade, with the estimates behind it
 *
 * Returns: %FALSE, with nothing stored, unless the game's grades are a
 *   search's, move @number is graded (ttt_review_cursor_get_graded()) and
 *   its grade is known
 */
gboolean
ttt_review_cursor_get_ultimate_grade (TttReviewCursor  *self,
                                      guint             number,
                                      TttUltimateGrade *grade)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  if (self->grades == NULL || !self->ready ||
      !ttt_review_cursor_get_graded (self, number))
    return FALSE;
  if (grade != NULL)
    *grade = self->grades[number - 1];

  return TRUE;
}

/**
 * ttt_review_cursor_get_best_move:
 * @self: a #TttReviewCursor
 * @number: a move's number, from 1
 *
 * Returns: the move (the cell, in the rules' numbering) that would have
 *   been best instead of move @number, as its explanation names it; −1
 *   when the move was graded Best, is not graded, or its grade is not
 *   known yet
 */
int
ttt_review_cursor_get_best_move (TttReviewCursor *self,
                                 guint            number)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), -1);

  if (!self->ready || !ttt_review_cursor_get_graded (self, number))
    return -1;

  return self->best_moves[number - 1];
}
