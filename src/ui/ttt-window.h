/* ttt-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-game.h"
#ifdef TTT_HAVE_NETWORK
#include "ttt-net-session.h"
#endif

G_BEGIN_DECLS

#define TTT_TYPE_WINDOW (ttt_window_get_type ())
G_DECLARE_FINAL_TYPE (TttWindow, ttt_window, TTT, WINDOW, AdwApplicationWindow)

TttWindow  *ttt_window_new        (GtkApplication *application,
                                   TttGame        *game,
                                   GSettings      *settings);
TttGame    *ttt_window_get_game   (TttWindow      *self);
void        ttt_window_show_notice (TttWindow     *self,
                                    const char    *text);
void        ttt_window_hide_notice (TttWindow     *self);
GtkWidget  *ttt_window_choose_game (TttWindow     *self);
gboolean    ttt_window_get_show_analysis (TttWindow *self);
void        ttt_window_set_show_analysis (TttWindow *self,
                                          gboolean   show_analysis);

#ifdef TTT_HAVE_NETWORK
/* A game with someone elsewhere, once connected, is played in the window,
 * which owns its session from then on. */
void           ttt_window_set_net_session (TttWindow     *self,
                                           TttNetSession *session);
TttNetSession *ttt_window_get_net_session (TttWindow     *self);
void           ttt_window_leave_network   (TttWindow     *self);
#endif

G_END_DECLS
