/* ttt-analyst-search.h — the coach's searches of an Ultimate position
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The hint and the analysis of every move are searches of the engine's,
 * of fixed budgets, which take from a tenth of a second to a few. Each
 * is pure, on copies of the position and the random state, so that it
 * runs in any thread; the asynchronous forms run it in a GTask's thread
 * and stop when the cancellable is cancelled, answering nothing.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-enums.h"
#include "ttt-ultimate.h"

G_BEGIN_DECLS

/* What an Ultimate hint does, the first that applies. */
typedef enum
{
  TTT_ULTIMATE_HINT_WINS_GAME,
  TTT_ULTIMATE_HINT_WINS_BOARD,    /* wins the small board it is in */
  TTT_ULTIMATE_HINT_BLOCKS_BOARD,  /* takes the cell that would win it for the opponent */
  TTT_ULTIMATE_HINT_SENDS_SAFE,    /* sends the opponent to a board they cannot win at once,
                                    * where another move would not */
  TTT_ULTIMATE_HINT_NONE_STANDS_OUT, /* none of these, and the search tells no move apart */
  TTT_ULTIMATE_HINT_BEST_ESTIMATE, /* none of these: the search's estimate alone */
} TttUltimateHint;

/* The budgets, in iterations: the hint searches twice as long as Hard
 * thinks; the analysis of every cell, once per position, less. */
#define TTT_ANALYST_HINT_ITERATIONS     (2 * TTT_ULTIMATE_HARD_ITERATIONS)
#define TTT_ANALYST_ANALYSIS_ITERATIONS 20000

typedef struct
{
  int             move;     /* −1: none (cancelled, or no memory) */
  TttUltimateHint reason;
  int             percent;  /* the search's chance to win by it, 0–100 */
} TttAnalystHint;

/* The hint on the caller's thread: the move, or −1. */
int       ttt_analyst_ultimate_hint           (const TttUltimate   *pos,
                                               guint64              rng,
                                               GCancellable        *cancellable,
                                               TttUltimateHint     *reason,
                                               int                 *percent);
void      ttt_analyst_ultimate_hint_async     (const TttUltimate   *pos,
                                               guint64              rng,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* FALSE, with @hint's move −1, when cancelled or there is none. */
gboolean  ttt_analyst_ultimate_hint_finish    (GAsyncResult        *result,
                                               TttAnalystHint      *hint);

/* Every legal move's estimate (ttt_search_analyse()). */
void      ttt_analyst_ultimate_analyse_async  (const TttUltimate   *pos,
                                               guint64              rng,
                                               GCancellable        *cancellable,
                                               GAsyncReadyCallback  callback,
                                               gpointer             user_data);
/* The number of moves written to @analysis; 0 when the search failed,
 * −1 when it was cancelled. */
int       ttt_analyst_ultimate_analyse_finish (GAsyncResult        *result,
                                               TttMoveAnalysis      analysis[TTT_ULTIMATE_N_MOVES]);

/* Why @move is the hint in @pos: the first reason that applies and is
 * not true of nearly every move; @analysis (@n moves, as
 * ttt_search_analyse() wrote them) says whether the search tells the
 * moves apart at all. */
TttUltimateHint ttt_analyst_ultimate_hint_reason (const TttUltimate     *pos,
                                                  int                    move,
                                                  const TttMoveAnalysis *analysis,
                                                  int                    n);

G_END_DECLS
