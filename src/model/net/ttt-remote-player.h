/* ttt-remote-player.h — the other side of a game, played on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttPlayer for a person elsewhere. The game asks it for its move
 * as it asks the computer; the answer is whatever the network session
 * hands it with ttt_remote_player_deliver(), checked against the position
 * the game gave (ttt_position_is_legal), so a move of either game — classic
 * or Ultimate — that breaks the rules never reaches the board. A move that
 * comes before the game has asked is held until it does, and checked then.
 */

#pragma once

#include "ttt-player.h"

G_BEGIN_DECLS

#define TTT_TYPE_REMOTE_PLAYER (ttt_remote_player_get_type ())
G_DECLARE_FINAL_TYPE (TttRemotePlayer, ttt_remote_player, TTT, REMOTE_PLAYER, TttPlayer)

TttPlayer  *ttt_remote_player_new      (const char       *name);

/* The peer's move. FALSE with an error (G_IO_ERROR_INVALID_DATA) when it
 * is checked at once — the game has asked — and breaks the rules, or when
 * a move is already held. A held move found illegal later is reported by
 * "move-refused" (const GError *); either way the game gets no answer and
 * the session ends it. */
gboolean    ttt_remote_player_deliver  (TttRemotePlayer  *self,
                                        guint             cell,
                                        GError          **error);

/* Whether the game is waiting for this player's answer. */
gboolean    ttt_remote_player_get_asked (TttRemotePlayer *self);
gboolean    ttt_remote_player_is_answering (TttRemotePlayer *self);

/* Forgets a held move (a new game, an undo). */
void        ttt_remote_player_reset    (TttRemotePlayer  *self);

G_END_DECLS
