/* ttt-net-bar.h — a game with someone elsewhere, in a bar of the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-net-session.h"

G_BEGIN_DECLS

#define TTT_TYPE_NET_BAR (ttt_net_bar_get_type ())
G_DECLARE_FINAL_TYPE (TttNetBar, ttt_net_bar, TTT, NET_BAR, GtkWidget)

TttNetBar     *ttt_net_bar_new          (void);
/* Follows @session (nullable); the bar never leaves it itself: its Leave
 * and Resign emit "leave-asked" and "resign-asked", its Close "dismissed". */
void           ttt_net_bar_set_session  (TttNetBar     *self,
                                         TttNetSession *session);
TttNetSession *ttt_net_bar_get_session  (TttNetBar     *self);
/* Where the focus goes inside the bar: its first button shown. */
gboolean       ttt_net_bar_focus        (TttNetBar     *self);
/* Ctrl+Z: asks the other person to take back the last move, as Ask to
 * Undo does, or says again that it has been asked. FALSE where the bar
 * cannot ask (no game, no move of one's own to take back). */
gboolean       ttt_net_bar_ask_undo     (TttNetBar     *self);
/* The other person in a sentence, quoted; "the other person" before
 * their name is known. */
const char    *ttt_net_bar_get_peer     (TttNetBar     *self);
/* For tests and the test hooks: the page, code, status and session. */
GVariant      *ttt_net_bar_describe     (TttNetBar     *self);

G_END_DECLS
