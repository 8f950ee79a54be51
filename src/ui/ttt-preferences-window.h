/* ttt-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_PREFERENCES_WINDOW (ttt_preferences_window_get_type ())
G_DECLARE_FINAL_TYPE (TttPreferencesWindow, ttt_preferences_window, TTT, PREFERENCES_WINDOW, AdwPreferencesWindow)

TttPreferencesWindow *ttt_preferences_window_new (GSettings *settings,
                                                  TttGame   *game);

G_END_DECLS
