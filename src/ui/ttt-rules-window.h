/* ttt-rules-window.h — the rules of each game, in the game itself
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-compat.h"
#include "ttt-enums.h"

G_BEGIN_DECLS

#define TTT_TYPE_RULES_WINDOW (ttt_rules_window_get_type ())
/* A dialog on libadwaita 1.5 and later, a window before (ttt-compat.h). */
G_DECLARE_FINAL_TYPE (TttRulesWindow, ttt_rules_window, TTT, RULES_WINDOW, TttCompatDialog)

TttRulesWindow *ttt_rules_window_new         (TttVariant      variant);
TttVariant      ttt_rules_window_get_variant (TttRulesWindow *self);
void            ttt_rules_window_set_variant (TttRulesWindow *self,
                                              TttVariant      variant);
GtkWidget      *ttt_rules_window_show        (GtkWidget      *parent,
                                              TttVariant      variant);

G_END_DECLS
