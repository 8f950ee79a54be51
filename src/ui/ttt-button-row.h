/* ttt-button-row.h — a dialog's buttons, in a row while they fit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TTT_TYPE_BUTTON_ROW (ttt_button_row_get_type ())

G_DECLARE_FINAL_TYPE (TttButtonRow, ttt_button_row, TTT, BUTTON_ROW, GtkWidget)

GtkWidget *ttt_button_row_new    (void);
void       ttt_button_row_append (TttButtonRow *self,
                                  GtkWidget    *child);

G_END_DECLS
