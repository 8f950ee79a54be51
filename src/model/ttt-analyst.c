/* ttt-analyst.c — the coach's searches of an Ultimate position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "ttt-analyst.h"

/* Whether @mark, with the cells @held of a small board, would win it by
 * taking @cell too. */
static gboolean
completes_line (guint held,
                int   cell)
{
  return ttt_line_within (held | (1u << cell)) != 0 && ttt_line_within (held) == 0;
}

/* A search of the coach's stops once its cancellable (if any) is
 * cancelled: the hint's and the analysis's, off the main thread. */
static bool
search_should_stop (void *data)
{
  return data != NULL && g_cancellable_is_cancelled (data);
}

/* The hint in Ultimate: the move a search of its own prefers, and why,
 * the first reason that applies. Pure, so that it runs in any thread: the
 * position and the random state are the caller's copies. Returns −1 when
 * cancelled. */
int
ttt_analyst_ultimate_hint (const TttUltimate *pos,
                           guint64            rng,
                           GCancellable      *cancellable,
                           TttUltimateHint   *reason,
                           int               *percent)
{
  TttSearchBudget budget = { TTT_ANALYST_HINT_ITERATIONS, search_should_stop, cancellable };
  TttMoveAnalysis best;
  TttSearch *search;
  TttUltimate after;
  gboolean x = pos->turn == TTT_MARK_X;
  int move = -1, board, next;

  search = ttt_search_new (0);
  if (search == NULL)
    return -1;
  if (ttt_search_run (search, pos, &budget, &rng, &move) != TTT_OK ||
      ttt_search_analyse (search, &best, 1) != 1 ||
      g_cancellable_is_cancelled (cancellable))
    {
      ttt_search_free (search);
      return -1;
    }
  ttt_search_free (search);
  move = best.move;

  board = move / 9;
  after = *pos;
  if (ttt_ultimate_play (&after, move) != TTT_OK)
    return -1;
  next = move % 9;

  if (percent != NULL)
    *percent = (int) (best.win_chance * 100 + 0.5);
  if (reason == NULL)
    return move;

  if (ttt_ultimate_outcome (&after) == (x ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS))
    *reason = TTT_ULTIMATE_HINT_WINS_GAME;
  else if (ttt_ultimate_board_winner (&after, board) == (TttMark) pos->turn)
    *reason = TTT_ULTIMATE_HINT_WINS_BOARD;
  else if (completes_line (x ? pos->o[board] : pos->x[board], move % 9))
    *reason = TTT_ULTIMATE_HINT_BLOCKS_BOARD;
  else if (after.next == next)
    {
      /* The board the opponent is sent to: can they win it with one move? */
      guint theirs = x ? after.o[next] : after.x[next];
      guint empty = 0777 & ~(after.x[next] | after.o[next]);
      gboolean threat = FALSE;

      for (int c = 0; c < 9 && !threat; c++)
        threat = (empty & (1u << c)) && completes_line (theirs, c);
      *reason = threat ? TTT_ULTIMATE_HINT_BEST_ESTIMATE : TTT_ULTIMATE_HINT_SENDS_SAFE;
    }
  else
    *reason = TTT_ULTIMATE_HINT_BEST_ESTIMATE;

  return move;
}

/* What a hint's search takes to its thread. */
typedef struct
{
  TttUltimate    pos;
  guint64        rng;
  TttAnalystHint hint;
} HintTask;

static void
hint_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  HintTask *data = task_data;

  data->hint.move = ttt_analyst_ultimate_hint (&data->pos, data->rng, cancellable,
                                               &data->hint.reason, &data->hint.percent);
  g_task_return_boolean (task, data->hint.move >= 0 && !g_cancellable_is_cancelled (cancellable));
}

void
ttt_analyst_ultimate_hint_async (const TttUltimate   *pos,
                                 guint64              rng,
                                 GCancellable        *cancellable,
                                 GAsyncReadyCallback  callback,
                                 gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  HintTask *data;

  g_return_if_fail (pos != NULL);

  data = g_new0 (HintTask, 1);
  data->pos = *pos;
  data->rng = rng;
  data->hint.move = -1;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ttt_analyst_ultimate_hint_async);
  /* The answer comes even when cancelled: the caller counts its
   * searches, and tells a cancelled one by its cancellable. */
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, hint_thread);
}

gboolean
ttt_analyst_ultimate_hint_finish (GAsyncResult   *result,
                                  TttAnalystHint *hint)
{
  HintTask *data;

  g_return_val_if_fail (g_task_is_valid (result, NULL), FALSE);
  g_return_val_if_fail (hint != NULL, FALSE);

  data = g_task_get_task_data (G_TASK (result));
  *hint = data->hint;
  if (!g_task_propagate_boolean (G_TASK (result), NULL))
    {
      hint->move = -1;
      return FALSE;
    }
  return TRUE;
}

/* What an analysis takes to its thread and brings back. */
typedef struct
{
  TttUltimate     pos;
  guint64         rng;
  TttMoveAnalysis analysis[TTT_ULTIMATE_N_MOVES];
  int             n_analysis;
} AnalysisTask;

static void
analysis_thread (GTask        *task,
                 gpointer      source_object,
                 gpointer      task_data,
                 GCancellable *cancellable)
{
  AnalysisTask *data = task_data;
  TttSearchBudget budget = { TTT_ANALYST_ANALYSIS_ITERATIONS, search_should_stop, cancellable };
  TttSearch *tree = ttt_search_new (TTT_SEARCH_DEFAULT_BYTES / 4);
  uint64_t rng = data->rng;
  int move;

  data->n_analysis = 0;
  if (tree != NULL && ttt_search_run (tree, &data->pos, &budget, &rng, &move) == TTT_OK &&
      !g_cancellable_is_cancelled (cancellable))
    data->n_analysis = MAX (ttt_search_analyse (tree, data->analysis, TTT_ULTIMATE_N_MOVES), 0);
  ttt_search_free (tree);
  if (g_cancellable_is_cancelled (cancellable))
    data->n_analysis = -1;
  g_task_return_boolean (task, TRUE);
}

void
ttt_analyst_ultimate_analyse_async (const TttUltimate   *pos,
                                    guint64              rng,
                                    GCancellable        *cancellable,
                                    GAsyncReadyCallback  callback,
                                    gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;
  AnalysisTask *data;

  g_return_if_fail (pos != NULL);

  data = g_new0 (AnalysisTask, 1);
  data->pos = *pos;
  data->rng = rng;
  task = g_task_new (NULL, cancellable, callback, user_data);
  g_task_set_source_tag (task, ttt_analyst_ultimate_analyse_async);
  g_task_set_check_cancellable (task, FALSE);
  g_task_set_task_data (task, data, g_free);
  g_task_run_in_thread (task, analysis_thread);
}

int
ttt_analyst_ultimate_analyse_finish (GAsyncResult    *result,
                                     TttMoveAnalysis  analysis[TTT_ULTIMATE_N_MOVES])
{
  AnalysisTask *data;

  g_return_val_if_fail (g_task_is_valid (result, NULL), -1);
  g_return_val_if_fail (analysis != NULL, -1);

  data = g_task_get_task_data (G_TASK (result));
  g_task_propagate_boolean (G_TASK (result), NULL);
  if (data->n_analysis > 0)
    memcpy (analysis, data->analysis, sizeof data->analysis);
  return data->n_analysis;
}

/* The coach's state for one match */

struct _TttAnalyst
{
  GObject          parent_instance;

  TttMatch        *match;

  /* The hint shown, held until the board next changes; −1 for none. */
  int              hint_cell;
  TttMotive        hint_motive;
  /* From a search: why, and its estimated chance to win, 0–100. */
  TttUltimateHint  hint_reason;
  int              hint_percent;
  /* The hint's search on its way, off the main thread. */
  GCancellable    *hint_search;

  /* The position asked about (when has_analysis) and what a search made
   * of it; analysis_search is set while that search is on its way. */
  TttUltimate      analysed;
  gboolean         has_analysis;
  GCancellable    *analysis_search;
  TttMoveAnalysis  analysis[TTT_ULTIMATE_N_MOVES];
  int              n_analysis;
};

G_DEFINE_FINAL_TYPE (TttAnalyst, ttt_analyst, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HINT_THINKING,
  N_PROPS
};

enum {
  HINT_CHANGED,
  ANALYSIS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Searches asked for whose answers have not come back: main thread only. */
static guint n_thinking;

static gboolean
analyst_solved (TttAnalyst *self)
{
  return ttt_match_get_solved (self->match);
}

static const TttUltimate *
analyst_ultimate (TttAnalyst *self)
{
  return &ttt_match_get_position (self->match)->ultimate;
}

static void
ttt_analyst_dispose (GObject *object)
{
  TttAnalyst *self = TTT_ANALYST (object);

  /* Nothing of a search on its way comes, and nobody is told. */
  if (self->hint_search != NULL)
    g_cancellable_cancel (self->hint_search);
  g_clear_object (&self->hint_search);
  if (self->analysis_search != NULL)
    g_cancellable_cancel (self->analysis_search);
  g_clear_object (&self->analysis_search);
  g_clear_object (&self->match);

  G_OBJECT_CLASS (ttt_analyst_parent_class)->dispose (object);
}

static void
ttt_analyst_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TttAnalyst *self = TTT_ANALYST (object);

  switch (prop_id)
    {
    case PROP_HINT_THINKING:
      g_value_set_boolean (value, self->hint_search != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_analyst_class_init (TttAnalystClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_analyst_dispose;
  object_class->get_property = ttt_analyst_get_property;

  properties[PROP_HINT_THINKING] =
    g_param_spec_boolean ("hint-thinking", NULL, NULL, FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* As TttGame's signals of the same names, which re-emit them. */
  signals[HINT_CHANGED] =
    g_signal_new ("hint-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, TTT_TYPE_MOTIVE);
  signals[ANALYSIS_CHANGED] =
    g_signal_new ("analysis-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ttt_analyst_init (TttAnalyst *self)
{
  self->hint_cell = -1;
}

TttAnalyst *
ttt_analyst_new (TttMatch *match)
{
  TttAnalyst *self;

  g_return_val_if_fail (TTT_IS_MATCH (match), NULL);

  self = g_object_new (TTT_TYPE_ANALYST, NULL);
  self->match = g_object_ref (match);

  return self;
}

void
ttt_analyst_drop_hint (TttAnalyst *self)
{
  g_return_if_fail (TTT_IS_ANALYST (self));

  /* A hint on its way is for the board as it was: nothing of it comes. */
  if (self->hint_search != NULL)
    {
      g_cancellable_cancel (self->hint_search);
      g_clear_object (&self->hint_search);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_THINKING]);
    }

  if (self->hint_cell < 0)
    return;

  self->hint_cell = -1;
  g_signal_emit (self, signals[HINT_CHANGED], 0, -1, self->hint_motive);
}

/* The next question about the board as it is starts the search anew. */
void
ttt_analyst_drop_analysis (TttAnalyst *self)
{
  g_return_if_fail (TTT_IS_ANALYST (self));

  if (self->analysis_search != NULL)
    {
      g_cancellable_cancel (self->analysis_search);
      g_clear_object (&self->analysis_search);
    }
  self->has_analysis = FALSE;
  self->n_analysis = 0;
}

/* A search on its way: the analyst it is for (weakly, it may go first)
 * and what cancels it. */
typedef struct
{
  GWeakRef      analyst;
  GCancellable *cancellable;
} Pending;

static Pending *
pending_new (TttAnalyst   *self,
             GCancellable *cancellable)
{
  Pending *pending = g_new0 (Pending, 1);

  g_weak_ref_init (&pending->analyst, self);
  pending->cancellable = g_object_ref (cancellable);
  n_thinking++;
  return pending;
}

/* The analyst the search is still for, or NULL: the board changed, or
 * the analyst has gone. */
static TttAnalyst *
pending_finish (Pending *pending)
{
  TttAnalyst *self = NULL;

  n_thinking--;
  if (!g_cancellable_is_cancelled (pending->cancellable))
    self = g_weak_ref_get (&pending->analyst);
  g_weak_ref_clear (&pending->analyst);
  g_clear_object (&pending->cancellable);
  g_free (pending);
  return self;
}

guint
ttt_analyst_count_thinking (void)
{
  return n_thinking;
}

/* The hint: in a solved game the lowest of its rules' best moves, so that
 * a hint shown twice marks the same cell, and its motive by the rules'
 * review; in another the search's move, blocking for a second or two. */
int
ttt_analyst_hint (TttAnalyst *self,
                  guint64     rng,
                  TttMotive  *motive)
{
  const TttPosition *pos;
  const TttRules *rules;
  TttReview review;
  unsigned best;
  int cell;

  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  /* A search's hint says why by its reason, not a motive: the motive is
   * the one its asynchronous answer gives too. */
  if (motive != NULL)
    *motive = TTT_MOTIVE_WIN;
  if (!analyst_solved (self))
    return ttt_analyst_ultimate_hint (analyst_ultimate (self), rng, NULL, NULL, NULL);

  pos = ttt_match_get_position (self->match);
  rules = ttt_match_get_rules (self->match);
  best = rules->best_moves (&pos->rules);
  if (best == 0)
    return -1;
  cell = g_bit_nth_lsf (best, -1);
  if (rules->review (&pos->rules, cell, &review) != TTT_OK)
    g_return_val_if_reached (-1);
  if (motive != NULL)
    *motive = review.motive;

  return cell;
}

static void
hint_search_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  g_autoptr(TttAnalyst) self = pending_finish (user_data);
  TttAnalystHint hint;

  if (self == NULL || self->hint_search != cancellable)
    return;

  g_clear_object (&self->hint_search);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_THINKING]);
  if (!ttt_analyst_ultimate_hint_finish (result, &hint) ||
      !ttt_match_is_legal (self->match, hint.move))
    return;

  self->hint_cell = hint.move;
  self->hint_reason = hint.reason;
  self->hint_percent = hint.percent;
  self->hint_motive = TTT_MOTIVE_WIN;
  g_signal_emit (self, signals[HINT_CHANGED], 0, self->hint_cell, self->hint_motive);
}

int
ttt_analyst_show_hint (TttAnalyst *self,
                       guint64     rng)
{
  TttMotive motive;
  int cell;

  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (analyst_solved (self))
    {
      cell = ttt_analyst_hint (self, rng, &motive);
      if (cell < 0)
        return -1;
      self->hint_cell = cell;
      self->hint_motive = motive;
      g_signal_emit (self, signals[HINT_CHANGED], 0, cell, motive);
      return cell;
    }

  /* A search takes a couple of seconds: it runs off the main thread. */
  if (self->hint_cell >= 0)
    {
      g_signal_emit (self, signals[HINT_CHANGED], 0, self->hint_cell, self->hint_motive);
      return self->hint_cell;
    }
  if (self->hint_search == NULL)
    {
      self->hint_search = g_cancellable_new ();
      ttt_analyst_ultimate_hint_async (analyst_ultimate (self), rng, self->hint_search,
                                       hint_search_done_cb, pending_new (self, self->hint_search));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_THINKING]);
    }
  return -1;
}

int
ttt_analyst_get_shown_hint (TttAnalyst *self,
                            TttMotive  *motive)
{
  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (motive != NULL && self->hint_cell >= 0)
    *motive = self->hint_motive;

  return self->hint_cell;
}

gboolean
ttt_analyst_get_hint_thinking (TttAnalyst *self)
{
  g_return_val_if_fail (TTT_IS_ANALYST (self), FALSE);

  return self->hint_search != NULL;
}

/* The hint shown with a search's reasons; −1 in a solved game. */
int
ttt_analyst_get_search_hint (TttAnalyst      *self,
                             TttUltimateHint *reason,
                             int             *percent)
{
  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (analyst_solved (self) || self->hint_cell < 0)
    return -1;
  if (reason != NULL)
    *reason = self->hint_reason;
  if (percent != NULL)
    *percent = self->hint_percent;

  return self->hint_cell;
}

/* A solved game's analysis of @cell, by its rules' review: FALSE in a
 * game that is not solved, or for a cell that cannot be played. */
gboolean
ttt_analyst_get_cell_analysis (TttAnalyst *self,
                               int         cell,
                               TttVerdict *verdict,
                               guint      *n_moves)
{
  const TttPosition *pos;
  TttReview review;

  g_return_val_if_fail (TTT_IS_ANALYST (self), FALSE);

  if (!analyst_solved (self))
    return FALSE;
  pos = ttt_match_get_position (self->match);
  if (ttt_match_get_rules (self->match)->review (&pos->rules, cell, &review) != TTT_OK)
    return FALSE;

  /* The score is ±(TTT_SCORE_MAX − plies after this move). */
  if (verdict != NULL)
    *verdict = review.score > 0 ? TTT_VERDICT_WIN
             : review.score < 0 ? TTT_VERDICT_LOSS
             : TTT_VERDICT_DRAW;
  if (n_moves != NULL)
    *n_moves = review.score > 0 ? (guint) (TTT_SCORE_MAX - review.score + 1)
             : review.score < 0 ? (guint) (TTT_SCORE_MAX + review.score + 1)
             : (guint) ttt_match_get_n_cells (self->match) - ttt_match_get_n_moves (self->match);

  return TRUE;
}

static void
analysis_search_done_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  g_autoptr(TttAnalyst) self = pending_finish (user_data);
  int n;

  if (self == NULL || self->analysis_search != cancellable)
    return;

  g_clear_object (&self->analysis_search);
  /* A search that failed leaves the position without an analysis, and
   * is not asked for again until the board changes. */
  n = ttt_analyst_ultimate_analyse_finish (result, self->analysis);
  self->n_analysis = MAX (n, 0);
  g_signal_emit (self, signals[ANALYSIS_CHANGED], 0);
}

/* A searched game's estimate for @cell: the first question about a
 * position starts the search, and like every question until it is done
 * gets FALSE; "analysis-changed" says when the answer is there. */
gboolean
ttt_analyst_get_search_analysis (TttAnalyst *self,
                                 int         cell,
                                 guint64     rng,
                                 int        *percent,
                                 gboolean   *proved,
                                 TttVerdict *verdict,
                                 guint      *n_moves)
{
  const TttUltimate *pos;

  g_return_val_if_fail (TTT_IS_ANALYST (self), FALSE);

  if (analyst_solved (self) || !ttt_match_is_legal (self->match, cell))
    return FALSE;

  /* Never an answer about another position than the board's. */
  pos = analyst_ultimate (self);
  if (!self->has_analysis || memcmp (&self->analysed, pos, sizeof *pos) != 0)
    {
      ttt_analyst_drop_analysis (self);
      self->analysed = *pos;
      self->has_analysis = TRUE;
      self->analysis_search = g_cancellable_new ();
      ttt_analyst_ultimate_analyse_async (pos, rng, self->analysis_search,
                                          analysis_search_done_cb,
                                          pending_new (self, self->analysis_search));
      return FALSE;
    }
  if (self->analysis_search != NULL)
    return FALSE;

  for (int i = 0; i < self->n_analysis; i++)
    if (self->analysis[i].move == cell)
      {
        const TttMoveAnalysis *a = &self->analysis[i];

        if (percent != NULL)
          *percent = (int) (a->win_chance * 100 + 0.5);
        if (proved != NULL)
          *proved = a->proof != TTT_PROOF_NONE;
        if (verdict != NULL && a->proof != TTT_PROOF_NONE)
          *verdict = a->proof == TTT_PROOF_WIN ? TTT_VERDICT_WIN
                   : a->proof == TTT_PROOF_LOSS ? TTT_VERDICT_LOSS
                   : TTT_VERDICT_DRAW;
        if (n_moves != NULL && a->proof != TTT_PROOF_NONE)
          *n_moves = (guint) MAX (a->plies, 1);
        return TRUE;
      }

  return FALSE;
}
