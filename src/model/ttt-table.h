/* ttt-table.h — the two seats a match is played from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttTable says who sits at each side of the match on the board: the
 * person here, the computer, another person here or someone elsewhere.
 * It decides who starts a game against the computer (the first-player
 * policy, with its alternation and its dice), keeps what two people at
 * this screen call themselves, and asks a seat that is not played here
 * for its move (a TttMoveRequest: after the computer's pause, off the
 * main thread), which any change of the board cancels. The chosen move comes
 * back as "move-chosen"; playing it, and telling the views, is the
 * TttGame's. Each finished game is counted here, in the tally of its
 * game, opponent and level.
 *
 * The random state behind the computer's choices and a random first
 * player is the table's: one seed fixes a whole session.
 */

#pragma once

#include <glib-object.h>

#include "ttt-enums.h"
#include "ttt-match.h"
#include "ttt-move-request.h"
#include "ttt-player.h"
#include "ttt-statistics.h"

G_BEGIN_DECLS

#define TTT_TYPE_TABLE (ttt_table_get_type ())
G_DECLARE_FINAL_TYPE (TttTable, ttt_table, TTT, TABLE, GObject)

/* The longest name ttt_table_set_local_name() keeps, in characters. */
#define TTT_TABLE_NAME_MAX_CHARS 20

/* The computer's pause before its move, unless ttt_table_set_delay(). */
#define TTT_TABLE_DEFAULT_DELAY 450

/* A table for @match: the person here plays X against the computer at
 * Medium until the first ttt_table_seat(). */
TttTable     *ttt_table_new                (TttMatch       *match);

/* Seats the players of the game that begins, against @opponent (the
 * computer at @level, or a second person here), or against the player
 * of ttt_table_set_remote() while there is one. Against the computer
 * @first_player decides whether the person here plays X; @restarting
 * says the same empty game is being set up again, which neither
 * re-rolls a random start nor takes a turn of the alternation unless
 * @first_player itself changed. */
void          ttt_table_seat               (TttTable       *self,
                                            TttOpponent     opponent,
                                            TttLevel        level,
                                            TttFirstPlayer  first_player,
                                            gboolean        restarting);
/* As ttt_table_seat(), keeping each mark where it is: before the first
 * game nobody has been chosen to start. */
void          ttt_table_reseat             (TttTable       *self,
                                            TttOpponent     opponent,
                                            TttLevel        level);

TttPlayer    *ttt_table_get_player         (TttTable       *self,
                                            TttMark         side);
TttMark       ttt_table_get_local_mark     (TttTable       *self);
TttOpponent   ttt_table_get_opponent       (TttTable       *self);
TttLevel      ttt_table_get_level          (TttTable       *self);
gboolean      ttt_table_get_two_local      (TttTable       *self);
/* Replaces the computer (a TttComputerPlayer at first) from the next
 * seating: for tests, a player that thinks as long as it likes. */
gboolean      ttt_table_set_computer       (TttTable       *self,
                                            TttPlayer      *computer);

/* Someone elsewhere, on the side that is not @local_mark, from the next
 * ttt_table_seat(); %NULL seats nobody elsewhere again. */
void          ttt_table_set_remote         (TttTable       *self,
                                            TttPlayer      *remote,
                                            TttMark         local_mark);
TttPlayer    *ttt_table_get_remote         (TttTable       *self);

/* Which moves an undo would take back (how many it keeps). */
gboolean      ttt_table_find_undo          (TttTable       *self,
                                            guint          *keep);

const char   *ttt_table_get_side_name      (TttTable       *self,
                                            TttMark         side);
const char   *ttt_table_get_local_name     (TttTable       *self,
                                            TttMark         side);
const char   *ttt_table_get_given_name     (TttTable       *self,
                                            TttMark         side);
gboolean      ttt_table_set_local_name     (TttTable       *self,
                                            TttMark         side,
                                            const char     *name);

/* Asks the player to move for its move, after the computer's pause
 * (none for someone elsewhere); "move-chosen" brings it unless
 * ttt_table_stop_waiting() comes first. */
void          ttt_table_request_move       (TttTable       *self);
/* The computer's pause before it answers, in milliseconds: 0 still
 * answers from the main loop. A move still in its pause waits the new
 * pause, counted from now: a test holds the computer's answer with a long
 * pause, checks what is true meanwhile, then lets it answer at once. */
guint         ttt_table_get_delay          (TttTable       *self);
void          ttt_table_set_delay          (TttTable       *self,
                                            guint           delay_ms);
void          ttt_table_stop_waiting       (TttTable       *self);
gboolean      ttt_table_get_thinking       (TttTable       *self);
guint         ttt_table_count_thinking     (void);
/* How the table asks: the pause is a main loop source of the request's. */
TttMoveRequest *ttt_table_get_move_request (TttTable *self);

/* The state of the computer's choices and of a random first player: set
 * it to make a game reproducible. */
guint64       ttt_table_get_rng_state      (TttTable       *self);
void          ttt_table_set_rng_state      (TttTable       *self,
                                            guint64         rng_state);

/* Where the finished games are counted. */
TttStatistics *ttt_table_get_statistics    (TttTable       *self);
void          ttt_table_set_statistics     (TttTable       *self,
                                            TttStatistics  *statistics);
TttTallyId    ttt_table_get_tally          (TttTable       *self);
void          ttt_table_count_result       (TttTable       *self);

G_END_DECLS
