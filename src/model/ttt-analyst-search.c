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
  TttMoveAnalysis analysis[TTT_ULTIMATE_N_MOVES];
  TttSearch *search;
  int move = -1, n;

  search = ttt_search_new (0);
  if (search == NULL)
    return -1;
  if (ttt_search_run (search, pos, &budget, &rng, &move) != TTT_OK ||
      (n = ttt_search_analyse (search, analysis, TTT_ULTIMATE_N_MOVES)) < 1 ||
      g_cancellable_is_cancelled (cancellable))
    {
      ttt_search_free (search);
      return -1;
    }
  ttt_search_free (search);
  move = analysis[0].move;

  if (percent != NULL)
    *percent = (int) (analysis[0].win_chance * 100 + 0.5);
  if (reason != NULL)
    *reason = ttt_analyst_ultimate_hint_reason (pos, move, analysis, n);

  return move;
}

/* Whether, after @move, the side to move next can win a small board with
 * its very next move: the board it is sent to, or any open board when it
 * may play anywhere. */
static gboolean
gives_a_board (const TttUltimate *pos,
               int                move)
{
  TttUltimate after = *pos;

  if (ttt_ultimate_play (&after, move) != TTT_OK || ttt_ultimate_outcome (&after) != TTT_OUTCOME_ONGOING)
    return FALSE;

  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    {
      guint theirs = after.turn == TTT_MARK_X ? after.x[b] : after.o[b];
      guint empty = 0777 & ~(after.x[b] | after.o[b]);

      if ((after.next != TTT_ULTIMATE_ANY && after.next != b) || (after.closed & (1u << b)))
        continue;
      for (int c = 0; c < 9; c++)
        if ((empty & (1u << c)) && completes_line (theirs, c))
          return TRUE;
    }

  return FALSE;
}

TttUltimateHint
ttt_analyst_ultimate_hint_reason (const TttUltimate     *pos,
                                  int                    move,
                                  const TttMoveAnalysis *analysis,
                                  int                    n)
{
  gboolean x = pos->turn == TTT_MARK_X;
  int board = move / 9;
  TttUltimate after = *pos;

  if (ttt_ultimate_play (&after, move) != TTT_OK)
    return TTT_ULTIMATE_HINT_BEST_ESTIMATE;

  if (ttt_ultimate_outcome (&after) == (x ? TTT_OUTCOME_X_WINS : TTT_OUTCOME_O_WINS))
    return TTT_ULTIMATE_HINT_WINS_GAME;
  if (ttt_ultimate_board_winner (&after, board) == (TttMark) pos->turn)
    return TTT_ULTIMATE_HINT_WINS_BOARD;
  if (completes_line (x ? pos->o[board] : pos->x[board], move % 9))
    return TTT_ULTIMATE_HINT_BLOCKS_BOARD;

  /* Sent to one board they cannot win at once: a reason only where some
   * other move would give them a board. Early on none does, and "which
   * they cannot win at once" was true of every move (issue 35). */
  if (after.next == move % 9 && !gives_a_board (pos, move))
    {
      TttUltimateMoves legal;

      if (ttt_ultimate_legal_moves (pos, &legal) > 0)
        for (int m = 0; m < TTT_ULTIMATE_N_MOVES; m++)
          if ((legal.cells[m / 9] & (1u << (m % 9))) && m != move && gives_a_board (pos, m))
            return TTT_ULTIMATE_HINT_SENDS_SAFE;
    }

  /* Where the search's figures are noise, no move stands out: said so,
   * rather than an estimate that reads as better than the others. */
  if (!ttt_search_tells_apart (analysis, n))
    return TTT_ULTIMATE_HINT_NONE_STANDS_OUT;

  return TTT_ULTIMATE_HINT_BEST_ESTIMATE;
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
