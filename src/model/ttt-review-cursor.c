/* ttt-review-cursor.c — walking back through a finished game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttReviewCursor holds a copy of a game's moves, each reviewed once by
 * the engine, and a position among them: 0 is the empty board, n the board
 * after the last move. It is a value of its own: the game it came from may
 * start again, or go away, without changing the review, and a review
 * changes nothing in the game or its scores.
 *
 * A classic game is graded at once against perfect play (ttt_review_move()).
 * Ultimate has no such oracle, and its grades are estimates: after
 * ttt_review_cursor_start_grading(), a worker thread runs one search of
 * TTT_REVIEW_ULTIMATE_ITERATIONS iterations per position that a graded
 * move starts from or leads to, each from the same fixed seed, and the
 * grades arrive together on the main thread (TttReviewCursor:ready), with
 * TttReviewCursor:progress on the way. A move's grade is the drop in the
 * mover's estimated chance to win (a draw counting half) from the
 * position before it (the search's best) to the position after it (one
 * minus the opponent's best there, or the result if the move ended the
 * game); the thresholds are in ttt-review-cursor.h. The search's own choice
 * is never marked down, so noise between two searches cannot make a
 * Mistake of the move it would play itself.
 */

#include "config.h"

#include <string.h>

#include <gio/gio.h>
#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-review-cursor.h"

struct _TttReviewCursor
{
  GObject    parent_instance;

  TttVariant variant;
  int        moves[TTT_ULTIMATE_N_MOVES];
  TttReview  reviews[TTT_N_CELLS];
  TttBoard   boards[TTT_N_CELLS + 1];  /* boards[i]: after the first i moves */
  guint      n_moves;
  TttMark    person;
  guint      turning_move;

  /* Ultimate: the positions (positions[i] after the first i moves), the
   * grades once the worker has them, and the worker's cancellable. */
  TttUltimate      *positions;
  TttUltimateGrade *grades;
  gboolean          ready;
  double            progress;
  GCancellable     *grading;

  guint      position;
};

G_DEFINE_FINAL_TYPE (TttReviewCursor, ttt_review_cursor, G_TYPE_OBJECT)

/* Gradings whose answer has not come back to the main thread. */
static guint n_grading;

enum {
  PROP_0,
  PROP_POSITION,
  PROP_N_MOVES,
  PROP_PERSON,
  PROP_HAS_PREVIOUS,
  PROP_HAS_NEXT,
  PROP_READY,
  PROP_PROGRESS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static TttMark
mark_of_number (guint number)
{
  return number % 2 == 1 ? TTT_MARK_X : TTT_MARK_O;
}

static void
ttt_review_cursor_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      g_value_set_uint (value, self->position);
      break;

    case PROP_N_MOVES:
      g_value_set_uint (value, self->n_moves);
      break;

    case PROP_PERSON:
      g_value_set_enum (value, self->person);
      break;

    case PROP_HAS_PREVIOUS:
      g_value_set_boolean (value, ttt_review_cursor_get_has_previous (self));
      break;

    case PROP_HAS_NEXT:
      g_value_set_boolean (value, ttt_review_cursor_get_has_next (self));
      break;

    case PROP_READY:
      g_value_set_boolean (value, self->ready);
      break;

    case PROP_PROGRESS:
      g_value_set_double (value, self->progress);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_review_cursor_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  switch (prop_id)
    {
    case PROP_POSITION:
      ttt_review_cursor_set_position (self, g_value_get_uint (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_review_cursor_dispose (GObject *object)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  /* The worker stops within TTT_SEARCH_POLL iterations and its answer
   * finds nobody. */
  g_cancellable_cancel (self->grading);
  g_clear_object (&self->grading);

  G_OBJECT_CLASS (ttt_review_cursor_parent_class)->dispose (object);
}

static void
ttt_review_cursor_finalize (GObject *object)
{
  TttReviewCursor *self = TTT_REVIEW_CURSOR (object);

  g_free (self->positions);
  g_free (self->grades);

  G_OBJECT_CLASS (ttt_review_cursor_parent_class)->finalize (object);
}

static void
ttt_review_cursor_class_init (TttReviewCursorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_review_cursor_dispose;
  object_class->finalize = ttt_review_cursor_finalize;
  object_class->get_property = ttt_review_cursor_get_property;
  object_class->set_property = ttt_review_cursor_set_property;

  /**
   * TttReviewCursor:position:
   *
   * How many moves the board at the cursor holds: 0 is the empty board,
   * #TttReviewCursor:n-moves the final one, where a new cursor starts.
   */
  properties[PROP_POSITION] =
    g_param_spec_uint ("position", NULL, NULL,
                       0, TTT_ULTIMATE_N_MOVES, 0,
                       (G_PARAM_READWRITE |
                        G_PARAM_EXPLICIT_NOTIFY |
                        G_PARAM_STATIC_STRINGS));

  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL,
                       0, TTT_ULTIMATE_N_MOVES, 0,
                       (G_PARAM_READABLE |
                        G_PARAM_STATIC_STRINGS));

  /**
   * TttReviewCursor:person:
   *
   * The mark of the person who played the computer, whose moves the
   * summary counts; %TTT_MARK_NONE when two people played and both are
   * counted.
   */
  properties[PROP_PERSON] =
    g_param_spec_enum ("person", NULL, NULL,
                       TTT_TYPE_MARK,
                       TTT_MARK_NONE,
                       (G_PARAM_READABLE |
                        G_PARAM_STATIC_STRINGS));

  /* For the sensitivity of the Previous and Next actions. */
  properties[PROP_HAS_PREVIOUS] =
    g_param_spec_boolean ("has-previous", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  properties[PROP_HAS_NEXT] =
    g_param_spec_boolean ("has-next", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  /**
   * TttReviewCursor:ready:
   *
   * Whether the grades are known: at once for a classic game; for
   * Ultimate once the grading that ttt_review_cursor_start_grading()
   * began is done.
   */
  properties[PROP_READY] =
    g_param_spec_boolean ("ready", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));

  /* How much of the grading is done, 0–1, for a progress bar. */
  properties[PROP_PROGRESS] =
    g_param_spec_double ("progress", NULL, NULL,
                         0.0, 1.0, 0.0,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ttt_review_cursor_init (TttReviewCursor *self)
{
  self->person = TTT_MARK_NONE;
  self->variant = TTT_VARIANT_CLASSIC;
}

/**
 * ttt_review_cursor_new_for_moves:
 * @moves: (array length=n_moves): the cells played, first move first
 * @n_moves: how many, 0–9
 * @person: the person's mark against the computer, or %TTT_MARK_NONE for
 *   a game between two people
 *
 * Returns: (transfer full) (nullable): a cursor at the last position, or
 *   %NULL if @moves is not a game the rules allow
 */
TttReviewCursor *
ttt_review_cursor_new_for_moves (const int *moves,
                                 guint      n_moves,
                                 TttMark    person)
{
  g_autoptr(TttReviewCursor) self = NULL;
  TttBoard board;

  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_return_val_if_fail (n_moves <= TTT_N_CELLS, NULL);
  g_return_val_if_fail (person <= TTT_MARK_O, NULL);

  self = g_object_new (TTT_TYPE_REVIEW_CURSOR, NULL);
  self->person = person;

  ttt_board_clear (&board);
  self->boards[0] = board;
  for (guint i = 0; i < n_moves; i++)
    {
      if (ttt_review_move (&board, moves[i], &self->reviews[i]) != TTT_OK)
        g_return_val_if_reached (NULL);
      ttt_board_play (&board, moves[i]);
      self->moves[i] = moves[i];
      self->boards[i + 1] = board;
    }
  self->n_moves = n_moves;
  self->position = n_moves;
  self->ready = TRUE;
  self->progress = 1.0;

  /* Every game starts as a draw and only a move that is not best changes
   * that, so in a won game the last such move is the loser's, and from it
   * on the winner could not be stopped. */
  if (ttt_board_winning_cells (&board) != 0)
    for (guint i = n_moves; i-- > 0;)
      if (self->reviews[i].grade != TTT_GRADE_BEST)
        {
          self->turning_move = i + 1;
          break;
        }

  return g_steal_pointer (&self);
}

/**
 * ttt_review_cursor_new_for_ultimate_moves:
 * @moves: (array length=n_moves): the moves of a game of Ultimate (0–80),
 *   first move first
 * @n_moves: how many, 0–81
 * @person: as for ttt_review_cursor_new_for_moves()
 *
 * The moves are not graded yet: see ttt_review_cursor_start_grading().
 *
 * Returns: (transfer full) (nullable): a cursor at the last position, or
 *   %NULL if @moves is not a game the rules allow
 */
TttReviewCursor *
ttt_review_cursor_new_for_ultimate_moves (const int *moves,
                                          guint      n_moves,
                                          TttMark    person)
{
  g_autoptr(TttReviewCursor) self = NULL;

  g_return_val_if_fail (moves != NULL || n_moves == 0, NULL);
  g_return_val_if_fail (n_moves <= TTT_ULTIMATE_N_MOVES, NULL);
  g_return_val_if_fail (person <= TTT_MARK_O, NULL);

  self = g_object_new (TTT_TYPE_REVIEW_CURSOR, NULL);
  self->variant = TTT_VARIANT_ULTIMATE;
  self->person = person;
  self->positions = g_new (TttUltimate, n_moves + 1);
  self->grades = g_new0 (TttUltimateGrade, MAX (n_moves, 1));

  ttt_ultimate_clear (&self->positions[0]);
  for (guint i = 0; i < n_moves; i++)
    {
      self->positions[i + 1] = self->positions[i];
      if (ttt_ultimate_play (&self->positions[i + 1], moves[i]) != TTT_OK)
        return NULL;
      self->moves[i] = moves[i];
      self->grades[i].best = -1;
    }
  self->n_moves = n_moves;
  self->position = n_moves;

  return g_steal_pointer (&self);
}

/* The grading of Ultimate, off the main thread. The job is a copy of
 * what the worker needs: it shares nothing with the cursor, which may go
 * away meanwhile (its dispose cancels). Reference-counted, since the
 * progress reports queued on the main thread may outlive the task. */
typedef struct
{
  TttUltimate   positions[TTT_ULTIMATE_N_MOVES + 1];
  gboolean      wanted[TTT_ULTIMATE_N_MOVES + 1];
  guint         n_positions;
  guint         n_wanted;
  /* What the search made of each wanted position: its best move, the
   * mover's estimated chance by it, and whether that is proved. */
  int           best[TTT_ULTIMATE_N_MOVES + 1];
  double        value[TTT_ULTIMATE_N_MOVES + 1];
  TttProof      proof[TTT_ULTIMATE_N_MOVES + 1];
  gint          n_done;   /* atomic */
  GCancellable *cancellable;
  GWeakRef      cursor;   /* used on the main thread only */
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
  if (self == NULL || self->ready)
    return G_SOURCE_REMOVE;

  self->progress = job->n_wanted == 0 ? 1.0 : (double) g_atomic_int_get (&job->n_done) / job->n_wanted;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);

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
      if (ttt_search_run (search, &job->positions[i], &budget, &rng, &move) != TTT_OK ||
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
  for (guint n = 1; n <= self->n_moves; n++)
    {
      const TttUltimate *before = &self->positions[n - 1];
      const TttUltimate *after = &self->positions[n];
      TttUltimateGrade *grade = &self->grades[n - 1];
      int move = self->moves[n - 1];
      int drop;

      if (!ttt_review_cursor_get_graded (self, n))
        continue;

      grade->before = job->value[n - 1];
      grade->best = job->best[n - 1];
      switch (ttt_ultimate_outcome (after))
        {
        case TTT_OUTCOME_ONGOING:
          grade->after = 1.0 - job->value[n];
          grade->forced_loss = job->proof[n] == TTT_PROOF_WIN;
          break;
        case TTT_OUTCOME_DRAW:
          grade->after = 0.5;
          break;
        default:
          grade->after = 1.0;
          break;
        }

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

      grade->effect = ttt_coach_ultimate_effect (before, move, grade->grade != TTT_GRADE_BEST);
      grade->best_effect = grade->best >= 0 ? ttt_coach_ultimate_effect (before, grade->best, FALSE)
                                            : TTT_ULTIMATE_EFFECT_SENDS_SAFE;
    }
}

/* Where a won game of Ultimate turned, as in classic (see
 * ttt_review_cursor_new_for_moves()) but by the grades' estimates: the
 * loser's last move that was not Best, after which by the search every
 * move of theirs was the best there was and still lost. Only when the
 * loser's moves are graded: against the computer, when the person lost. */
static guint
ultimate_turning_move (TttReviewCursor *self)
{
  TttMark loser;

  switch (ttt_ultimate_outcome (&self->positions[self->n_moves]))
    {
    case TTT_OUTCOME_X_WINS:
      loser = TTT_MARK_O;
      break;
    case TTT_OUTCOME_O_WINS:
      loser = TTT_MARK_X;
      break;
    default:
      return 0;
    }
  if (self->person != TTT_MARK_NONE && self->person != loser)
    return 0;

  for (guint n = self->n_moves; n > 0; n--)
    if (mark_of_number (n) == loser && ttt_review_cursor_get_graded (self, n) &&
        self->grades[n - 1].grade != TTT_GRADE_BEST)
      return n;

  return 0;
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
      self->turning_move = ultimate_turning_move (self);
      self->ready = TRUE;
      self->progress = 1.0;
      g_clear_object (&self->grading);
      g_object_freeze_notify (G_OBJECT (self));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PROGRESS]);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_READY]);
      g_object_thaw_notify (G_OBJECT (self));
    }
  grade_job_release (job);
}

/**
 * ttt_review_cursor_start_grading:
 * @self: a #TttReviewCursor of Ultimate
 *
 * Grades the moves off the main thread (see the top of this file);
 * TttReviewCursor:ready turns %TRUE on the thread-default main context
 * of the caller once they are known. Disposing of the cursor cancels.
 * Does nothing if the cursor is ready or grading already.
 */
void
ttt_review_cursor_start_grading (TttReviewCursor *self)
{
  g_autoptr(GTask) task = NULL;
  GradeJob *job;

  g_return_if_fail (TTT_IS_REVIEW_CURSOR (self));

  if (self->ready || self->grading != NULL)
    return;

  job = g_atomic_rc_box_new0 (GradeJob);
  job->n_positions = self->n_moves + 1;
  memcpy (job->positions, self->positions, sizeof *self->positions * job->n_positions);
  /* The positions a graded move starts from, and those it leads to
   * unless the game is over there. */
  for (guint n = 1; n <= self->n_moves; n++)
    if (ttt_review_cursor_get_graded (self, n))
      {
        job->wanted[n - 1] = TRUE;
        if (ttt_ultimate_outcome (&self->positions[n]) == TTT_OUTCOME_ONGOING)
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

TttVariant
ttt_review_cursor_get_variant (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_VARIANT_CLASSIC);

  return self->variant;
}

gboolean
ttt_review_cursor_get_ready (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->ready;
}

double
ttt_review_cursor_get_progress (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0.0);

  return self->progress;
}

/**
 * ttt_review_cursor_get_ultimate_grade:
 * @self: a #TttReviewCursor of Ultimate
 * @number: a move's number, from 1
 * @grade: (out) (optional): its grade
 *
 * Returns: %FALSE, with nothing stored, unless move @number is graded
 *   (ttt_review_cursor_get_graded()) and its grade is known
 */
gboolean
ttt_review_cursor_get_ultimate_grade (TttReviewCursor  *self,
                                      guint             number,
                                      TttUltimateGrade *grade)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  if (self->variant != TTT_VARIANT_ULTIMATE || !self->ready ||
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
 * Returns: the cell (in Ultimate, the move 0–80) that would have been
 *   best instead of move @number, as its explanation names it; −1 when the
 *   move was graded Best, is not graded, or its grade is not known yet
 */
int
ttt_review_cursor_get_best_move (TttReviewCursor *self,
                                 guint            number)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), -1);

  if (!self->ready || !ttt_review_cursor_get_graded (self, number))
    return -1;

  if (self->variant == TTT_VARIANT_ULTIMATE)
    {
      const TttUltimateGrade *grade = &self->grades[number - 1];

      return grade->grade != TTT_GRADE_BEST ? grade->best : -1;
    }

  if (self->reviews[number - 1].grade == TTT_GRADE_BEST || self->reviews[number - 1].best == 0)
    return -1;
  return g_bit_nth_lsf (self->reviews[number - 1].best, -1);
}

/**
 * ttt_review_cursor_new:
 * @game: a #TttGame, usually one that is over
 *
 * A review of the moves @game has played so far; against the computer it
 * counts the person's moves, between two people both sides'.
 *
 * Returns: (transfer full): a cursor at the last position
 */
TttReviewCursor *
ttt_review_cursor_new (TttGame *game)
{
  const int *moves;
  guint n_moves;
  TttMark person = TTT_MARK_NONE;

  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  moves = ttt_game_get_moves (game, &n_moves);
  if (ttt_game_get_current_opponent (game) == TTT_OPPONENT_COMPUTER)
    person = ttt_game_get_human_mark (game);

  if (ttt_game_get_current_variant (game) == TTT_VARIANT_ULTIMATE)
    return ttt_review_cursor_new_for_ultimate_moves (moves, n_moves, person);
  return ttt_review_cursor_new_for_moves (moves, n_moves, person);
}

guint
ttt_review_cursor_get_n_moves (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->n_moves;
}

TttMark
ttt_review_cursor_get_person (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_MARK_NONE);

  return self->person;
}

guint
ttt_review_cursor_get_position (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  return self->position;
}

/**
 * ttt_review_cursor_set_position:
 * @self: a #TttReviewCursor
 * @position: 0 to #TttReviewCursor:n-moves
 */
void
ttt_review_cursor_set_position (TttReviewCursor *self,
                                guint            position)
{
  gboolean had_previous, had_next;

  g_return_if_fail (TTT_IS_REVIEW_CURSOR (self));
  g_return_if_fail (position <= self->n_moves);

  if (self->position == position)
    return;

  had_previous = ttt_review_cursor_get_has_previous (self);
  had_next = ttt_review_cursor_get_has_next (self);
  self->position = position;

  g_object_freeze_notify (G_OBJECT (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_POSITION]);
  if (had_previous != ttt_review_cursor_get_has_previous (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_PREVIOUS]);
  if (had_next != ttt_review_cursor_get_has_next (self))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HAS_NEXT]);
  g_object_thaw_notify (G_OBJECT (self));
}

gboolean
ttt_review_cursor_get_has_previous (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position > 0;
}

gboolean
ttt_review_cursor_get_has_next (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position < self->n_moves;
}

/* The four steps return whether the cursor moved. */
static gboolean
ttt_review_cursor_go (TttReviewCursor *self,
                      guint            position)
{
  if (position == self->position)
    return FALSE;

  ttt_review_cursor_set_position (self, position);

  return TRUE;
}

gboolean
ttt_review_cursor_first (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return ttt_review_cursor_go (self, 0);
}

gboolean
ttt_review_cursor_previous (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position > 0 && ttt_review_cursor_go (self, self->position - 1);
}

gboolean
ttt_review_cursor_next (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return self->position < self->n_moves && ttt_review_cursor_go (self, self->position + 1);
}

gboolean
ttt_review_cursor_last (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  return ttt_review_cursor_go (self, self->n_moves);
}

/* The mark on @cell of the board at the cursor (in Ultimate a move
 * number, 0–80). */
TttMark
ttt_review_cursor_get_cell (TttReviewCursor *self,
                            int              cell)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), TTT_MARK_NONE);

  if (self->variant == TTT_VARIANT_ULTIMATE)
    {
      g_return_val_if_fail (cell >= 0 && cell < TTT_ULTIMATE_N_MOVES, TTT_MARK_NONE);
      return ttt_ultimate_get (&self->positions[self->position], cell);
    }

  g_return_val_if_fail (cell >= 0 && cell < TTT_N_CELLS, TTT_MARK_NONE);

  return ttt_board_get (&self->boards[self->position], cell);
}

/* Bit i per cell of a completed line on the board at the cursor (in
 * Ultimate bit b per small board of the winning line or lines, as
 * ttt_game_get_winning_cells() says it): 0 except at the last position of
 * a won game. */
guint
ttt_review_cursor_get_winning_cells (TttReviewCursor *self)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  if (self->variant == TTT_VARIANT_ULTIMATE)
    return ttt_ultimate_winning_boards (&self->positions[self->position]);

  return ttt_board_winning_cells (&self->boards[self->position]);
}

/**
 * ttt_review_cursor_get_move:
 * @self: a #TttReviewCursor
 * @number: a move's number, 1 to #TttReviewCursor:n-moves; the move just
 *   played at the cursor is #TttReviewCursor:position
 * @cell: (out) (optional): the cell it played
 * @mark: (out) (optional): who played it
 * @review: (out) (optional): its review, whose best cells are those of the
 *   board before it
 *
 * Returns: %FALSE, with nothing stored, if there is no such move (as for
 *   the position 0)
 */
gboolean
ttt_review_cursor_get_move (TttReviewCursor *self,
                            guint            number,
                            int             *cell,
                            TttMark         *mark,
                            TttReview       *review)
{
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), FALSE);

  if (number < 1 || number > self->n_moves)
    return FALSE;

  if (cell != NULL)
    *cell = self->moves[number - 1];
  if (mark != NULL)
    *mark = mark_of_number (number);
  if (review != NULL && self->variant == TTT_VARIANT_ULTIMATE)
    {
      /* The engine's review of a classic move has no meaning here: the
       * grade alone (see ttt_review_cursor_get_ultimate_grade()). */
      *review = (TttReview) { .grade = self->grades[number - 1].grade };
    }
  else if (review != NULL)
    *review = self->reviews[number - 1];

  return TRUE;
}

/**
 * ttt_review_cursor_count_grade:
 * @self: a #TttReviewCursor
 * @mark: whose moves, or %TTT_MARK_NONE for both sides'
 * @grade: which grade
 *
 * Returns: how many of the moves of @mark have @grade (in Ultimate, of
 *   the graded moves, and 0 until the grades are ready)
 */
guint
ttt_review_cursor_count_grade (TttReviewCursor *self,
                               TttMark          mark,
                               TttGrade         grade)
{
  guint n = 0;

  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), 0);

  if (!self->ready)
    return 0;

  /* A classic review grades every move, the computer's too; Ultimate's
   * searches grade the person's only. */
  for (guint i = 0; i < self->n_moves; i++)
    if ((mark == TTT_MARK_NONE || mark == mark_of_number (i + 1)) &&
        (self->variant == TTT_VARIANT_ULTIMATE
         ? ttt_review_cursor_get_graded (self, i + 1) && self->grades[i].grade == grade
         : self->reviews[i].grade == grade))
      n++;

  return n;
}

/**
 * ttt_review_cursor_get_turning_move:
 * @self: a #TttReviewCursor
 *
 * Where a won game turned: the last move that was not best. It is always
 * the loser's, and after it the winner had a forced win. A drawn or
 * unfinished game has none. In Ultimate it is the loser's last move not
 * graded Best, after which by the estimates the game was lost: known
 * once the grades are (TttReviewCursor:ready), and only where the loser's
 * moves are graded, so not when a person beat the computer.
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
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  if (self->position == 0)
    return NULL;

  if (self->variant == TTT_VARIANT_ULTIMATE)
    {
      int move = self->moves[self->position - 1];
      gboolean known = self->ready && ttt_review_cursor_get_graded (self, self->position);
      /* A move told (the computer's, or one not graded yet) says what it
       * does, which needs no search. */
      TttUltimateGrade told = { .best = -1 };

      if (!known)
        told.effect = ttt_coach_ultimate_effect (&self->positions[self->position - 1], move, FALSE);
      return ttt_coach_ultimate_move_text (self->position, move,
                                           known ? &self->grades[self->position - 1] : &told, known);
    }

  return ttt_coach_move_text (self->position, self->moves[self->position - 1],
                              &self->reviews[self->position - 1],
                              ttt_review_cursor_get_graded (self, self->position));
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

  return self->person == TTT_MARK_NONE || mark_of_number (number) == self->person;
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
  g_return_val_if_fail (TTT_IS_REVIEW_CURSOR (self), NULL);

  if (self->variant == TTT_VARIANT_ULTIMATE)
    {
      guint done = (guint) (self->progress * 100 + 0.5);

      if (!self->ready)
        /* Translators: the review's summary while the engine grades the
         * moves of a game of Ultimate; %u is how much of it is done. */
        return g_strdup_printf (_("Grading the moves… %u%%"), done);
      g_autofree char *counts = ttt_coach_summary_text (self->person,
                                                        ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_MISTAKE),
                                                        ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_BLUNDER),
                                                        ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_MISTAKE),
                                                        ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_BLUNDER),
                                                        self->turning_move);

      /* Translators: the review's summary of a game of Ultimate ends
       * with this, since its grades come from a search, not a proof. */
      return g_strdup_printf (C_("sentences", "%s %s"), counts, _("The grades are the engine’s estimates."));
    }

  return ttt_coach_summary_text (self->person,
                                 ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_MISTAKE),
                                 ttt_review_cursor_count_grade (self, TTT_MARK_X, TTT_GRADE_BLUNDER),
                                 ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_MISTAKE),
                                 ttt_review_cursor_count_grade (self, TTT_MARK_O, TTT_GRADE_BLUNDER),
                                 self->turning_move);
}
