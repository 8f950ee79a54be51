/* ttt-shortcuts-window.h — the keyboard shortcuts, in a window that fits
 * a phone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-compat.h"

G_BEGIN_DECLS

#define TTT_TYPE_SHORTCUTS_WINDOW (ttt_shortcuts_window_get_type ())
/* A dialog on libadwaita 1.5 and later, a window before (ttt-compat.h). */
G_DECLARE_FINAL_TYPE (TttShortcutsWindow, ttt_shortcuts_window, TTT, SHORTCUTS_WINDOW, TttCompatDialog)

TttShortcutsWindow *ttt_shortcuts_window_new     (GtkApplication     *application);
AdwActionRow       *ttt_shortcuts_window_get_row (TttShortcutsWindow *self,
                                                  const char         *action);

G_END_DECLS
