/* ttt-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-application.h"
#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_WINDOW (ttt_window_get_type ())
G_DECLARE_FINAL_TYPE (TttWindow, ttt_window, TTT, WINDOW, GtkApplicationWindow)

TttWindow *ttt_window_new         (TttApplication *application);
TttGame   *ttt_window_get_game    (TttWindow      *self);
GtkWidget *ttt_window_get_cell    (TttWindow      *self,
                                   int             cell);
const char *ttt_window_get_status (TttWindow      *self);

G_END_DECLS
