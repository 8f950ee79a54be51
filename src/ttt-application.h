/* ttt-application.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_APPLICATION (ttt_application_get_type ())
G_DECLARE_FINAL_TYPE (TttApplication, ttt_application, TTT, APPLICATION, GtkApplication)

TttApplication *ttt_application_new                  (void);
GSettings      *ttt_application_get_settings         (TttApplication *self);
gboolean        ttt_application_get_level_override   (TttApplication *self,
                                                      TttLevel       *level);
gboolean        ttt_application_get_first_override   (TttApplication *self,
                                                      TttFirstPlayer *first_player);

G_END_DECLS
