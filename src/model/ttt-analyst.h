/* ttt-analyst.h — the coach of one table: hints, their reasons, analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttAnalyst answers what the coach asks about the match it watches:
 * the hint and why, and what each cell leads to. A solved game's answers
 * are its rules' perfect play (best_moves, review: Misère's are its own);
 * a game that is not solved is searched. It holds the hint shown and the
 * analysis of the position until its TttGame says the board changed.
 *
 * Ultimate is not solved: the coach's hint and Show Analysis are searches
 * of the engine's, of fixed budgets, which take from a tenth of a second
 * to a few. They run here, in a GTask's thread, never on the caller's
 * (the hint's blocking form aside, for tests and tools). Each takes a copy
 * of the position and of the random state, so that the same position is
 * searched alike whenever it is asked about; a cancellable stops a search
 * on its way (the board changed), and a cancelled search answers nothing.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-enums.h"
#include "ttt-match.h"
#include "ttt-ultimate.h"

G_BEGIN_DECLS

/* What an Ultimate hint does, the first that applies. */
typedef enum
{
  TTT_ULTIMATE_HINT_WINS_GAME,
  TTT_ULTIMATE_HINT_WINS_BOARD,    /* wins the small board it is in */
  TTT_ULTIMATE_HINT_BLOCKS_BOARD,  /* takes the cell that would win it for the opponent */
  TTT_ULTIMATE_HINT_SENDS_SAFE,    /* sends the opponent to a board they cannot win at once */
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

/* The coach's state, for one match. The searches take the random state
 * they are handed: the same position is searched alike whenever asked. */

#define TTT_TYPE_ANALYST (ttt_analyst_get_type ())
G_DECLARE_FINAL_TYPE (TttAnalyst, ttt_analyst, TTT, ANALYST, GObject)

TttAnalyst *ttt_analyst_new                   (TttMatch            *match);
/* The board changed: the hint shown ends ("hint-changed" with −1) and a
 * hint's search on its way is cancelled; the analysis is forgotten. */
void        ttt_analyst_drop_hint             (TttAnalyst          *self);
void        ttt_analyst_drop_analysis         (TttAnalyst          *self);
/* The hint on the caller's thread, of either kind of game. */
int         ttt_analyst_hint                  (TttAnalyst          *self,
                                               guint64              rng,
                                               TttMotive           *motive);
/* Shows the hint: at once in a solved game, in a search's time in
 * another (−1 meanwhile; "hint-changed" brings it). */
int         ttt_analyst_show_hint             (TttAnalyst          *self,
                                               guint64              rng);
int         ttt_analyst_get_shown_hint        (TttAnalyst          *self,
                                               TttMotive           *motive);
gboolean    ttt_analyst_get_hint_thinking     (TttAnalyst          *self);
int         ttt_analyst_get_search_hint       (TttAnalyst          *self,
                                               TttUltimateHint     *reason,
                                               int                 *percent);
gboolean    ttt_analyst_get_cell_analysis     (TttAnalyst          *self,
                                               int                  cell,
                                               TttVerdict          *verdict,
                                               guint               *n_moves);
gboolean    ttt_analyst_get_search_analysis   (TttAnalyst          *self,
                                               int                  cell,
                                               guint64              rng,
                                               int                 *percent,
                                               gboolean            *proved,
                                               TttVerdict          *verdict,
                                               guint               *n_moves);
/* Hints and analyses asked for, in all analysts, whose answers have not
 * come back to the main thread. */
guint       ttt_analyst_count_thinking        (void);

G_END_DECLS
