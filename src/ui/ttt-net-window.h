/* ttt-net-window.h — host or join a game with someone elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A small window beside the game's: its pages lead from the choice of
 * hosting or joining, through the waiting and the code both people
 * compare, to the controls of the network game the main window's board
 * plays (resign, undo asked and answered, rematch, leave). Built only with
 * the network feature.
 */

#pragma once

#include <adwaita.h>

#include "ttt-game.h"
#include "ttt-net-session.h"

G_BEGIN_DECLS

#define TTT_TYPE_NET_WINDOW (ttt_net_window_get_type ())
G_DECLARE_FINAL_TYPE (TttNetWindow, ttt_net_window, TTT, NET_WINDOW, AdwWindow)

TttNetWindow  *ttt_net_window_new   (GtkWindow    *parent,
                                     TttGame      *game);
/* Hosts at once on @port (0: a free one). */
void           ttt_net_window_host  (TttNetWindow *self,
                                     guint         port);
/* Joins @address at once. */
void           ttt_net_window_join  (TttNetWindow *self,
                                     const char   *address);

/* From the command line: the first ttt_net_window_host() or _join()
 * asks for a name first if none was ever typed. */
void           ttt_net_window_set_ask_name (TttNetWindow *self,
                                            gboolean      ask);

/* The session under way or ended, if any. */
TttNetSession *ttt_net_window_get_session (TttNetWindow *self);
/* What the window shows, as an a{sv} (the page, the code, the status
 * line, the closing message, the port, the session's state), for the
 * test hooks of another process (ttt-test-hooks.c). "changed" tells when
 * it may differ. */
GVariant      *ttt_net_window_describe    (TttNetWindow *self);

G_END_DECLS
