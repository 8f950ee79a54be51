/* ttt-rules-window.c — the rules of each game, in the game itself
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How to Play opens it, and F1 when the desktop has no help viewer for
 * the manual: the rules must never depend on one. A page for each game
 * of the table (ttt-variants.h), in its order, switched above; a game
 * the words below do not know yet still gets its page, with its line
 * from the table.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-rules-figure.h"
#include "ttt-rules-window.h"
#include "ttt-variants.h"

struct _TttRulesWindow
{
  TttCompatDialog parent_instance;

  GtkWidget      *switcher;
  GtkStack       *stack;
};

G_DEFINE_FINAL_TYPE (TttRulesWindow, ttt_rules_window, ttt_compat_dialog_get_type ())

static GtkWidget *
paragraph (const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0.0);
  gtk_label_set_selectable (GTK_LABEL (label), FALSE);
  return label;
}

/* One game's page: its line from the table as a heading, its rules, and,
 * for a game of several boards, a picture of where a move sends. */
static GtkWidget *
make_page (const TttVariantInfo *info)
{
  const char *text;
  GtkWidget *scrolled = gtk_scrolled_window_new ();
  GtkWidget *clamp = adw_clamp_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *summary = paragraph (ttt_variants_get_description (info->variant));

  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC);
  gtk_widget_set_margin_top (box, 18);
  gtk_widget_set_margin_bottom (box, 18);
  gtk_widget_set_margin_start (box, 18);
  gtk_widget_set_margin_end (box, 18);
  adw_clamp_set_maximum_size (ADW_CLAMP (clamp), 520);

  gtk_widget_add_css_class (summary, "heading");
  gtk_box_append (GTK_BOX (box), summary);

  for (guint i = 0; (text = ttt_variants_get_rules_text (info->variant, i)) != NULL; i++)
    gtk_box_append (GTK_BOX (box), paragraph (text));

  if (info->rules->n_blocks > 1)
    {
      GtkWidget *figure = ttt_rules_figure_new ();
      GtkWidget *caption = paragraph (_("X plays in the top right cell of the middle board, so O must play next in the top right board."));

      gtk_widget_set_halign (figure, GTK_ALIGN_CENTER);
      gtk_widget_set_margin_top (figure, 6);
      gtk_label_set_xalign (GTK_LABEL (caption), 0.5);
      gtk_label_set_justify (GTK_LABEL (caption), GTK_JUSTIFY_CENTER);
      gtk_widget_add_css_class (caption, "caption");
      gtk_widget_add_css_class (caption, "dim-label");
      gtk_accessible_update_relation (GTK_ACCESSIBLE (figure),
                                      GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL,
                                      -1);
      gtk_box_append (GTK_BOX (box), figure);
      gtk_box_append (GTK_BOX (box), caption);
    }

  adw_clamp_set_child (ADW_CLAMP (clamp), box);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scrolled), clamp);
  return scrolled;
}

static void
ttt_rules_window_class_init (TttRulesWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  g_type_ensure (TTT_TYPE_RULES_FIGURE);

  ttt_compat_dialog_set_template (widget_class, "/io/github/jingzi/TicTacToe/ttt-rules-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttRulesWindow, switcher);
  gtk_widget_class_bind_template_child (widget_class, TttRulesWindow, stack);
  /* A dialog closes on Escape by itself; a window is told to. */
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, ttt_compat_dialog_close_binding, NULL);
}

static void
ttt_rules_window_init (TttRulesWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (guint i = 0; i < ttt_variants_get_n (); i++)
    {
      const TttVariantInfo *info = ttt_variants_get_nth (i);

      gtk_stack_add_titled (self->stack, make_page (info), info->id,
                            ttt_variants_get_name (info->variant));
    }

  /* Tall enough for Ultimate's page whole, its picture's caption included. */
  ttt_compat_dialog_init (GTK_WIDGET (self), 480, 640);
}

/**
 * ttt_rules_window_new:
 * @variant: the game whose rules show first
 *
 * Returns: (transfer floating): a new #TttRulesWindow, not yet shown
 */
TttRulesWindow *
ttt_rules_window_new (TttVariant variant)
{
  TttRulesWindow *self = g_object_new (TTT_TYPE_RULES_WINDOW, NULL);

  ttt_rules_window_set_variant (self, variant);
  /* The focus on the game shown, not on the first of the switcher's
   * buttons: a key there would switch to other rules, and a screen
   * reader would name a game not shown, "not pressed". */
  for (GtkWidget *button = gtk_widget_get_first_child (self->switcher); button != NULL;
       button = gtk_widget_get_next_sibling (button))
    if (GTK_IS_TOGGLE_BUTTON (button) && gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (button)))
      ttt_compat_dialog_focus_on_show (GTK_WIDGET (self), button);
  return self;
}

/**
 * ttt_rules_window_get_variant:
 * @self: a #TttRulesWindow
 *
 * Returns: the game whose rules show now
 */
TttVariant
ttt_rules_window_get_variant (TttRulesWindow *self)
{
  const TttVariantInfo *info;

  g_return_val_if_fail (TTT_IS_RULES_WINDOW (self), TTT_VARIANT_CLASSIC);

  info = ttt_variants_lookup (gtk_stack_get_visible_child_name (self->stack));
  return info != NULL ? info->variant : ttt_variants_get_nth (0)->variant;
}

/**
 * ttt_rules_window_set_variant:
 * @self: a #TttRulesWindow
 * @variant: a game of the table
 *
 * Shows the rules of @variant.
 */
void
ttt_rules_window_set_variant (TttRulesWindow *self,
                              TttVariant      variant)
{
  g_return_if_fail (TTT_IS_RULES_WINDOW (self));

  gtk_stack_set_visible_child_name (self->stack, ttt_variants_get (variant)->id);
}

/**
 * ttt_rules_window_show:
 * @parent: (nullable): a widget of the window (or dialog) it is for
 * @variant: the game whose rules show first
 *
 * Opens the rules over @parent.
 *
 * Returns: (transfer none): the rules, shown
 */
GtkWidget *
ttt_rules_window_show (GtkWidget  *parent,
                       TttVariant  variant)
{
  GtkWidget *self = GTK_WIDGET (ttt_rules_window_new (variant));

  ttt_compat_dialog_present (self, parent);
  return self;
}
