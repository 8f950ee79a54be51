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
#include "ttt-analyst-search.h"
#include "ttt-table.h"

G_BEGIN_DECLS

/* The coach's state, for one match at one table. It speaks to a person
 * here about to move, never for the computer or someone elsewhere: every
 * question gets −1 or FALSE, with nothing stored, while no local person
 * is to move. Its searches take the table's random state mixed with the
 * number of moves, without changing it: the same position is searched
 * alike whenever it is asked about, and asking changes no game. */

#define TTT_TYPE_ANALYST (ttt_analyst_get_type ())
G_DECLARE_FINAL_TYPE (TttAnalyst, ttt_analyst, TTT, ANALYST, GObject)

TttAnalyst *ttt_analyst_new                   (TttMatch            *match,
                                               TttTable            *table);
/* The board changed: the hint shown ends ("hint-changed" with −1) and a
 * hint's search on its way is cancelled; the analysis is forgotten. */
void        ttt_analyst_drop_hint             (TttAnalyst          *self);
void        ttt_analyst_drop_analysis         (TttAnalyst          *self);

int         ttt_analyst_hint                  (TttAnalyst          *self,
                                               TttMotive           *motive);
int         ttt_analyst_show_hint             (TttAnalyst          *self);
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
                                               int                 *percent,
                                               gboolean            *proved,
                                               TttVerdict          *verdict,
                                               guint               *n_moves);
guint       ttt_analyst_count_thinking        (void);

G_END_DECLS
