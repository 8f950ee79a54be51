/* ttt-analyst-search.c — the coach's searches of an Ultimate position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "ttt-analyst-search.h"

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
