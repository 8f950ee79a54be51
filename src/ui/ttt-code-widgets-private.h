/* ttt-code-widgets-private.h — what the widgets of play by a code share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Names @button for a screen reader by its label without the mnemonic's
 * underscore: GTK 4.8 can leave "Re_sign" in the name. */
void  ttt_code_name_button (GtkWidget  *button);

G_END_DECLS
