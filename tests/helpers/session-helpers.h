/* session-helpers.h — waiting on whole network games in tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The waits every test and benchmark of TttNetSession needs, over any
 * transport: for a session to reach a state, or for a game to hold a
 * number of moves. Each runs the main loop until it holds, bounded by
 * @guard_ms (a hang fails the test, never a pause).
 */

#pragma once

#include "net-helpers.h"
#include "ttt-game.h"
#include "ttt-net-session.h"

G_BEGIN_DECLS

/* Until @session is in @state; fails with the session's message if it
 * closed instead (unless @state is TTT_NET_SESSION_CLOSED). */
void ttt_net_wait_session (TttNetSession      *session,
                           TttNetSessionState  state,
                           guint               guard_ms);
/* Until @game holds at least @n_moves moves, or is over. */
void ttt_net_wait_moves   (TttGame            *game,
                           guint               n_moves,
                           guint               guard_ms);

G_END_DECLS
