/* ttt-move-request.h — asking a player not played here for its move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttMoveRequest asks one player at a time for its move on a position:
 * first a pause (the computer's, which makes its answer feel considered;
 * none for someone elsewhere), then the player's choice, which may think
 * off the main thread. The answer comes back from the main loop as
 * "answered", unless ttt_move_request_cancel() or a new request came
 * first: a cancelled request says nothing, ever.
 *
 * The table (ttt-table.h) keeps one for the seats it does not play here.
 */

#pragma once

#include <glib-object.h>

#include "ttt-player.h"

G_BEGIN_DECLS

#define TTT_TYPE_MOVE_REQUEST (ttt_move_request_get_type ())
G_DECLARE_FINAL_TYPE (TttMoveRequest, ttt_move_request, TTT, MOVE_REQUEST, GObject)

TttMoveRequest *ttt_move_request_new            (void);

void            ttt_move_request_start          (TttMoveRequest    *self,
                                                 TttPlayer         *player,
                                                 const TttPosition *position,
                                                 guint64            rng_state,
                                                 guint              pause_ms);
/* A request still in its pause waits @pause_ms, counted from now. */
void            ttt_move_request_set_pause      (TttMoveRequest    *self,
                                                 guint              pause_ms);
void            ttt_move_request_cancel         (TttMoveRequest    *self);

/* Whether the player is choosing right now, past its pause. */
gboolean        ttt_move_request_get_thinking   (TttMoveRequest    *self);
/* Choices asked for at every request whose answers have not come back
 * to the main thread, cancelled or not: a test waits for none before it
 * looks. Main thread only. */
guint           ttt_move_request_count_thinking (void);

G_END_DECLS
