/* ttt-accessible.h — what GTK 4.8 does not say for a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void ttt_accessible_hide_type_names (GtkWidget  *root);
void ttt_accessible_hide_all        (GtkWidget  *root,
                                     GType       type);
void ttt_accessible_quiet_tooltips  (GtkWidget  *root);
void ttt_accessible_speak_shortcuts (GtkWidget  *window);
void ttt_accessible_menu_shortcuts  (GtkPopover *popover);
void ttt_accessible_focus_once_active (GtkWindow *window);

G_END_DECLS
