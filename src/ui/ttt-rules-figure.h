/* ttt-rules-figure.h — Ultimate's rule in a picture: a move in this cell
 * sends the opponent to that board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TTT_TYPE_RULES_FIGURE (ttt_rules_figure_get_type ())
G_DECLARE_FINAL_TYPE (TttRulesFigure, ttt_rules_figure, TTT, RULES_FIGURE, GtkWidget)

GtkWidget *ttt_rules_figure_new (void);

G_END_DECLS
