/* ttt-review-search.c — the grades of a game that is not solved
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A game whose rules have no perfect play to grade by (TttRules.review is
 * NULL: Ultimate) is graded by a search instead, and its grades are
 * estimates. After ttt_review_cursor_start_grading(), a worker thread
 * runs one search of TTT_REVIEW_ULTIMATE_ITERATIONS iterations per
 * position that a graded move starts from or leads to, each from the same
 * fixed seed, and the grades arrive together on the main thread
 * (TttReviewCursor:ready), with TttReviewCursor:progress on the way.
 *
 * A move's grade is the drop in the mover's estimated chance to win (a
 * draw counting half) from the position before it (the search's best) to
 * the position after it (one minus the opponent's best there, or the
 * result if the move ended the game); the thresholds are in
 * ttt-review-cursor.h. The search's own choice, or a mirror image of it
 * (ttt_ultimate_moves_symmetric()), is never marked down, so noise
 * between two searches cannot make a Mistake of the move it would play
 * itself.
 *
 * The engine's one search (ttt_search_run()) and the coach's words on
 * what a move does (ttt_coach_ultimate_effect()) take Ultimate's
 * positions, the one game there is that is not solved: they are read from
 * the rules' positions as such. A second such game would bring its search
 * into TttRules, and this file would ask the rules for it.
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>

#include "ttt-review-cursor-private.h"

/* Gradings whose answer has not come back to the main thread. */
static guint n_grading;

/* The job is a copy of what the worker needs: it shares nothing with the
 * cursor, which may go away meanwhile (its dispose cancels).
 * Reference-counted, since the progress reports queued on the main thread
 * may outlive the task. */
typedef struct
{
  TttRulesPosition positions[TTT_RULES_MAX_CELLS + 1];
  gboolean         wanted[TTT_RULES_MAX_CELLS + 1];
  guint            n_positions;
  guint            n_wanted;
  /* What the search made of each wanted position: its best move, the
   * mover's estimated chance by it, and whether that is proved. */
  int              best[TTT_RULES_MAX_CELLS + 1];
  double           value[TTT_RULES_MAX_CELLS + 1];
  TttProof         proof[TTT_RULES_MAX_CELLS + 1];
  gint             n_done;   /* atomic */
  GCancellable    *cancellable;
  GWeakRef         cursor;   /* used on the main thread only */
} GradeJob;

static void
grade_job_clear (gpointer data)
{
  GradeJob *job = data;

  g_clear_object (&job->cancellable);
  g_weak_ref_clear (&job->cursor);
}

static void
grade_job_release (gpointer job)
{
  g_atomic_rc_box_release_full (job, grade_job_clear);
}

static bool
grade_should_stop (void *data)
{
  return g_cancellable_is_cancelled (data);
}

/* On the main thread: how far the worker is. */
static gboolean
grade_progress_cb (gpointer data)
{
  GradeJob *job = data;
  g_autoptr(TttReviewCursor) self = NULL;

  if (g_cancellable_is_cancelled (job->cancellable))
    return G_SOURCE_REMOVE;
  self = g_weak_ref_get (&job->cursor);
  if (self == NULL)
    return G_SOURCE_REMOVE;

  ttt_review_cursor_report_progress (self, job->n_wanted == 0
                                           ? 1.0
                                           : (double) g_atomic_int_get (&job->n_done) / job->n_wanted);

  return G_SOURCE_REMOVE;
}

static void
grade_thread (GTask        *task,
              gpointer      source_object,
              gpointer      task_data,
              GCancellable *cancellable)
{
  GradeJob *job = task_data;
  TttSearch *search = ttt_search_new (TTT_SEARCH_DEFAULT_BYTES / 4);
  TttSearchBudget budget = { TTT_REVIEW_ULTIMATE_ITERATIONS, grade_should_stop, cancellable };

  if (search == NULL)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "Out of memory for the search");
      return;
    }

  for (guint i = 0; i < job->n_positions; i++)
    {
      /* The same seed for the same position in every game, and a fresh
       * tree: the grade of a move depends on the move alone. */
      uint64_t rng = TTT_REVIEW_ULTIMATE_SEED ^ (G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) * (i + 1));
      TttMoveAnalysis best;
      int move;

      if (!job->wanted[i])
        continue;

      ttt_search_reset (search);
      if (ttt_search_run (search, &job->positions[i].ultimate, &budget, &rng, &move) != TTT_OK ||
          ttt_search_analyse (search, &best, 1) != 1)
        break;
      if (g_cancellable_is_cancelled (cancellable))
        break;

      job->best[i] = best.move;
      job->proof[i] = best.proof;
      job->value[i] = best.proof == TTT_PROOF_WIN ? 1.0
                    : best.proof == TTT_PROOF_LOSS ? 0.0
                    : best.proof == TTT_PROOF_DRAW ? 0.5
                    : best.win_chance;

      g_atomic_int_inc (&job->n_done);
      g_main_context_invoke_full (g_task_get_context (task), G_PRIORITY_DEFAULT, grade_progress_cb,
                                  g_atomic_rc_box_acquire (job), grade_job_release);
    }
  ttt_search_free (search);

  if (g_task_return_error_if_cancelled (task))
    return;
  if ((guint) g_atomic_int_get (&job->n_done) != job->n_wanted)
    {
      g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED, "The search failed");
      return;
    }
  g_task_return_boolean (task, TRUE);
}

/* The grades from the worker's estimates, by the rules at the top. */
static void
apply_grades (TttReviewCursor *self,
              const GradeJob  *job)
{
  const TttRules *rules = self->info->rules;

  for (guint n = 1; n <= self->n_moves; n++)
    {
      const TttRulesPosition *before = &self->positions[n - 1].rules;
      const TttRulesPosition *after = &self->positions[n].rules;
      TttUltimateGrade *grade = &self->grades[n - 1];
      int move = self->moves[n - 1];
      int drop;

      if (!ttt_review_cursor_get_graded (self, n))
        continue;

      grade->before = job->value[n - 1];
      grade->best = job->best[n - 1];
      switch (rules->outcome (after))
        {
        case TTT_OUTCOME_ONGOING:
          grade->after = 1.0 - job->value[n];
          grade->forced_loss = job->proof[n] == TTT_PROOF_WIN;
          break;
        case TTT_OUTCOME_DRAW:
          grade->after = 0.5;
          break;
        case TTT_OUTCOME_X_WINS:
        case TTT_OUTCOME_O_WINS:
        case TTT_OUTCOME_INVALID:
        default:
          /* A move cannot lose the game it ends. */
          grade->after = 1.0;
          break;
        }

      /* A mirror image of the best move is as good: graded as the best,
       * it is the best shown. */
      if (grade->best >= 0 && ttt_ultimate_moves_symmetric (&before->ultimate, move, grade->best))
        grade->best = move;

      drop = (int) ((grade->before - grade->after) * 100 + 0.5);
      if (move == grade->best)
        grade->grade = TTT_GRADE_BEST;
      else if ((grade->forced_loss && job->proof[n - 1] != TTT_PROOF_LOSS) ||
               drop >= TTT_REVIEW_ULTIMATE_BLUNDER_DROP)
        grade->grade = TTT_GRADE_BLUNDER;
      else if (drop >= TTT_REVIEW_ULTIMATE_MISTAKE_DROP)
        grade->grade = TTT_GRADE_MISTAKE;
      else
        grade->grade = TTT_GRADE_BEST;

      grade->effect = ttt_coach_ultimate_effect (&before->ultimate, move, grade->grade != TTT_GRADE_BEST);
      grade->best_effect = grade->best >= 0 ? ttt_coach_ultimate_effect (&before->ultimate, grade->best, FALSE)
                                            : TTT_ULTIMATE_EFFECT_SENDS_SAFE;
    }
}

static void
grade_done_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GradeJob *job = user_data;
  g_autoptr(TttReviewCursor) self = NULL;
  g_autoptr(GError) error = NULL;

  n_grading--;
  if (!g_task_propagate_boolean (G_TASK (result), &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_warning ("The review could not grade the game: %s", error->message);
      grade_job_release (job);
      return;
    }

  self = g_weak_ref_get (&job->cursor);
  if (self != NULL && !g_cancellable_is_cancelled (job->cancellable))
    {
      apply_grades (self, job);
      ttt_review_cursor_grades_done (self);
    }
  grade_job_release (job);
}

/**
 * ttt_review_cursor_start_grading:
 * @self: a #TttReviewCursor
 *
 * Grades the moves of a game that is not solved off the main thread (see
 * the top of this file); TttReviewCursor:ready turns %TRUE on the
 * thread-default main context of the caller once they are known.
 * Disposing of the cursor cancels. Does nothing if the cursor is ready
 * (as a solved game's is from the start) or grading already.
 */
void
ttt_review_cursor_start_grading (TttReviewCursor *self)
{
  g_autoptr(GTask) task = NULL;
  const TttRules *rules;
  GradeJob *job;

  g_return_if_fail (TTT_IS_REVIEW_CURSOR (self));

  if (self->ready || self->grading != NULL)
    return;

  rules = self->info->rules;
  job = g_atomic_rc_box_new0 (GradeJob);
  job->n_positions = self->n_moves + 1;
  for (guint i = 0; i < job->n_positions; i++)
    job->positions[i] = self->positions[i].rules;
  /* The positions a graded move starts from, and those it leads to
   * unless the game is over there. */
  for (guint n = 1; n <= self->n_moves; n++)
    if (ttt_review_cursor_get_graded (self, n))
      {
        job->wanted[n - 1] = TRUE;
        if (rules->outcome (&job->positions[n]) == TTT_OUTCOME_ONGOING)
          job->wanted[n] = TRUE;
      }
  for (guint i = 0; i < job->n_positions; i++)
    {
      job->best[i] = -1;
      job->n_wanted += job->wanted[i];
    }
  self->grading = g_cancellable_new ();
  job->cancellable = g_object_ref (self->grading);
  g_weak_ref_init (&job->cursor, self);

  task = g_task_new (NULL, self->grading, grade_done_cb, job);
  g_task_set_source_tag (task, ttt_review_cursor_start_grading);
  g_task_set_task_data (task, g_atomic_rc_box_acquire (job), grade_job_release);
  n_grading++;
  g_task_run_in_thread (task, grade_thread);
}

/**
 * ttt_review_cursor_count_grading:
 *
 * How many gradings, of all cursors, cancelled or not, have not had their
 * answer back on the main thread: a test waits for none.
 *
 * Returns: the number of gradings on their way
 */
guint
ttt_review_cursor_count_grading (void)
{
  return n_grading;
}
