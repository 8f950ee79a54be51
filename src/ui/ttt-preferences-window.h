/* ttt-preferences-window.h
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-compat.h"
#include "ttt-setup.h"

G_BEGIN_DECLS

#define TTT_TYPE_PREFERENCES_WINDOW (ttt_preferences_window_get_type ())
/* A dialog on libadwaita 1.5 and later, a window before (ttt-compat.h):
 * shown and closed with ttt_compat_dialog_present() and its kin. */
G_DECLARE_FINAL_TYPE (TttPreferencesWindow, ttt_preferences_window, TTT, PREFERENCES_WINDOW, TttCompatPreferences)

TttPreferencesWindow *ttt_preferences_window_new (GSettings *settings,
                                                  TttSetup  *setup);

G_END_DECLS
