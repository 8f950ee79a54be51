/* ttt-game.h — one match of tic-tac-toe, as a GObject
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttGame brings together the three parts of a game and tells the views
 * of each change: the match on the board (TttMatch: rules, position,
 * history, outcome), the table it is played at (TttTable: who sits at
 * each side, who starts, the computer's or someone elsewhere's move) and
 * the coach (TttAnalyst: hints and analysis). It begins each game by its
 * TttSetup; the table counts each finished game.
 * It uses GLib and GObject only: the views call its methods, ask it who
 * plays each side, and redraw from its signals and property
 * notifications.
 */

#pragma once

#include <glib-object.h>

#include "ttt-analyst.h"
#include "ttt-engine.h"
#include "ttt-enums.h"
#include "ttt-match.h"
#include "ttt-player.h"
#include "ttt-position.h"
#include "ttt-setup.h"
#include "ttt-statistics.h"
#include "ttt-table.h"

G_BEGIN_DECLS


/* The iterations of the search behind an Ultimate hint: twice Hard's,
 * so the hint is a better move than Hard would play, about two seconds
 * off the main thread (ttt_analyst_show_hint()). */
#define TTT_GAME_ULTIMATE_HINT_ITERATIONS TTT_ANALYST_HINT_ITERATIONS
/* The iterations of Show Analysis: a tenth of a second or so, once per
 * position, off the main thread (ttt_analyst_get_search_analysis()). */
#define TTT_GAME_ULTIMATE_ANALYSIS_ITERATIONS TTT_ANALYST_ANALYSIS_ITERATIONS

#define TTT_TYPE_GAME (ttt_game_get_type ())
G_DECLARE_FINAL_TYPE (TttGame, ttt_game, TTT, GAME, GObject)

/* ttt_game_new() gives an empty board with the human to move as X and
 * schedules nothing: set its setup (or bind it to GSettings) first,
 * then call ttt_game_start_new() to begin the first game by them, which is
 * when the computer may make the opening move. */
TttGame        *ttt_game_new                 (void);

void            ttt_game_start_new           (TttGame        *self);
gboolean        ttt_game_play                (TttGame        *self,
                                              int             cell);
gboolean        ttt_game_undo                (TttGame        *self);

guint           ttt_game_get_n_moves         (TttGame        *self);
TttGameState    ttt_game_get_state           (TttGame        *self);
TttMark         ttt_game_get_turn            (TttGame        *self);
TttOutcome      ttt_game_get_outcome         (TttGame        *self);
TttMark         ttt_game_get_human_mark      (TttGame        *self);
gboolean        ttt_game_get_can_undo        (TttGame        *self);


/* What the game in progress plays by; its setup may already hold the
 * values for the next game. */
TttSetup       *ttt_game_get_setup           (TttGame        *self);
TttVariant      ttt_game_get_variant         (TttGame        *self);
TttLevel        ttt_game_get_difficulty      (TttGame        *self);
TttOpponent     ttt_game_get_opponent        (TttGame        *self);


/* The game on the board (its cells, moves, playable boards and outcome);
 * the coach, who says what each empty cell leads to and gives the hint
 * and why. */
TttMatch       *ttt_game_get_match           (TttGame        *self);
TttAnalyst     *ttt_game_get_analyst         (TttGame        *self);

/* The sides and who plays them: what the views, the news and the sound
 * ask instead of deciding for themselves. */
TttTable       *ttt_game_get_table           (TttGame        *self);

/* A game with someone on another computer, run by a network session. */
void            ttt_game_start_remote        (TttGame        *self,
                                              TttPlayer      *remote,
                                              TttVariant      variant,
                                              TttMark         local_mark);
gboolean        ttt_game_take_back           (TttGame        *self,
                                              TttMark         side);
gboolean        ttt_game_resign              (TttGame        *self,
                                              TttMark         side);
gboolean        ttt_game_abandon             (TttGame        *self);
void            ttt_game_set_held            (TttGame        *self,
                                              gboolean        held);
gboolean        ttt_game_get_held            (TttGame        *self);

G_END_DECLS
