/* ttt-shortcuts-window.c — the keyboard shortcuts, in a window that fits
 * a phone
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.8's GtkShortcutsWindow cannot be made narrower than about 950 px:
 * it may not be resized, its sections always lay their groups out in two
 * columns side by side, its lines never wrap, and its search field asks
 * for 40 characters. This window lists the same groups one under the
 * other, each line a row whose words wrap beside its keys, in the
 * 360 px the game promises. The keys of the lines that run an action are
 * the application's own accelerators, read as the window is made. The
 * digits and the keypad are drawn as the board they play, so that the
 * one counting in reading order and the other playing by place are told
 * apart at a glance.
 */

#include "config.h"

#include "ttt-accessible.h"
#include "ttt-shortcuts-window.h"

struct _TttShortcutsWindow
{
  TttCompatDialog parent_instance;

  GtkWidget *keypad_grid;
};

G_DEFINE_FINAL_TYPE (TttShortcutsWindow, ttt_shortcuts_window, ttt_compat_dialog_get_type ())

/* The lines whose keys are an action's accelerators: the template's
 * shortcut label and the action. */
static const struct {
  const char *keys;
  const char *action;
} action_keys[] = {
  { "choose_game_keys", "win.choose-game" },
  { "undo_keys", "win.undo" },
  { "hint_keys", "win.hint" },
  { "show_analysis_keys", "win.show-analysis" },
  { "review_keys", "win.review" },
  { "statistics_keys", "app.statistics" },
  { "say_last_move_keys", "win.say-last-move" },
  { "say_turn_keys", "win.say-turn" },
  { "say_board_keys", "win.say-board" },
  { "preferences_keys", "app.preferences" },
  { "help_keys", "app.help" },
  { "shortcuts_keys", "win.show-help-overlay" },
  { "quit_keys", "app.quit" },
};

static GtkShortcutLabel *
get_keys (TttShortcutsWindow *self,
          guint               i)
{
  return GTK_SHORTCUT_LABEL (gtk_widget_get_template_child (GTK_WIDGET (self), TTT_TYPE_SHORTCUTS_WINDOW,
                                                            action_keys[i].keys));
}

static GtkWidget *
get_row (GtkShortcutLabel *keys)
{
  return gtk_widget_get_ancestor (GTK_WIDGET (keys), ADW_TYPE_ACTION_ROW);
}

/* Each action's accelerators, as the application has them; a line with
 * no keys is not shown. */
static void
set_keys (TttShortcutsWindow *self,
          GtkApplication     *application)
{
  for (guint i = 0; i < G_N_ELEMENTS (action_keys); i++)
    {
      g_auto(GStrv) accels = gtk_application_get_accels_for_action (application, action_keys[i].action);
      g_autofree char *joined = g_strjoinv (" ", accels);
      GtkShortcutLabel *keys = get_keys (self, i);

      gtk_shortcut_label_set_accelerator (keys, joined);
      gtk_widget_set_visible (get_row (keys), *joined != '\0');
    }
}

static void
ttt_shortcuts_window_class_init (TttShortcutsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  ttt_compat_dialog_set_template (widget_class, RESOURCE_BASE "/ttt-shortcuts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttShortcutsWindow, keypad_grid);
  /* Found by their names, with gtk_widget_get_template_child(). */
  for (guint i = 0; i < G_N_ELEMENTS (action_keys); i++)
    gtk_widget_class_bind_template_child_full (widget_class, action_keys[i].keys, FALSE, 0);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, ttt_compat_dialog_close_binding, NULL);
}

static void
ttt_shortcuts_window_init (TttShortcutsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ttt_compat_dialog_init (GTK_WIDGET (self), 480, 640);
  /* The keypad plays by place, and is not mirrored in a right-to-left
   * language. */
  gtk_widget_set_direction (self->keypad_grid, GTK_TEXT_DIR_LTR);
}

/**
 * ttt_shortcuts_window_new:
 * @application: the application whose accelerators the window lists
 *
 * Returns: (transfer floating): a new window, or dialog, not yet shown:
 *   show it with ttt_compat_dialog_present()
 */
TttShortcutsWindow *
ttt_shortcuts_window_new (GtkApplication *application)
{
  TttShortcutsWindow *self;

  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);

  self = g_object_new (TTT_TYPE_SHORTCUTS_WINDOW, NULL);
  set_keys (self, application);
  ttt_accessible_hide_type_names (GTK_WIDGET (self));
  ttt_accessible_speak_shortcuts (GTK_WIDGET (self));

  return self;
}

/**
 * ttt_shortcuts_window_get_row:
 * @self: a #TttShortcutsWindow
 * @action: an action's full name, "win.undo"
 *
 * Returns: (transfer none) (nullable): the line that shows the keys of
 *   @action, or %NULL when the window has none
 */
AdwActionRow *
ttt_shortcuts_window_get_row (TttShortcutsWindow *self,
                              const char         *action)
{
  g_return_val_if_fail (TTT_IS_SHORTCUTS_WINDOW (self), NULL);
  g_return_val_if_fail (action != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (action_keys); i++)
    if (g_str_equal (action_keys[i].action, action))
      return ADW_ACTION_ROW (get_row (get_keys (self, i)));

  return NULL;
}
