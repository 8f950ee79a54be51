/* ttt-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-game.h"

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

G_END_DECLS
