/* ttt-test-hooks.c — actions for tests that drive the real program
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A test in another process (tests/system/test-net-processes.c) plays the real
 * program through these, over the program's own session bus
 * (org.gtk.Actions, as GApplication exports every app action):
 *
 *   app.test-click-cell (i)  clicks the main window's cell, as a person does
 *                            (its place on the board in reading order)
 *   app.test-press (s)       activates the shown, sensitive button of that
 *                            label ("The Codes _Match") in any window
 *   app.test-report          a stateful action whose a{sv} state is what
 *                            the windows show: the game's state, outcome
 *                            and board, the status line, the network tally
 *                            and, under "net", what the network window
 *                            shows (ttt_net_window_describe()) and, under
 *                            "code", what the window of play by a code
 *                            shows (ttt_code_dialog_describe()); it
 *                            changes, and the bus says so, as they do
 *
 * They are built only into tictactoe-hooked, the suite's own build of the
 * game (tests/meson.build): a person's game has none of them (the
 * "shipped" test looks). They press buttons and cells rather than call the model, so
 * the test goes through the same code a click does.
 */

#include "config.h"

#include "ttt-test-hooks.h"
#include "ttt-window-private.h"
#ifdef TTT_HAVE_NETWORK
#include "ttt-code-dialog.h"
#include "ttt-net-bar.h"
#include "ttt-net-window.h"
#endif

static TttWindow *
main_window (GtkApplication *application)
{
  for (GList *l = gtk_application_get_windows (application); l != NULL; l = l->next)
    if (TTT_IS_WINDOW (l->data))
      return l->data;
  return NULL;
}

#ifdef TTT_HAVE_NETWORK
/* The network window is the main window's, not the application's: it is
 * found among the toplevels. */
static TttNetWindow *
net_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (TTT_IS_NET_WINDOW (window))
        return TTT_NET_WINDOW (window);
    }
  return NULL;
}

static TttCodeDialog *
code_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (TTT_IS_CODE_DIALOG (window))
        return TTT_CODE_DIALOG (window);
    }
  return NULL;
}
#endif

static void
refresh_report (GSimpleAction *report)
{
  GtkApplication *application = g_object_get_data (G_OBJECT (report), "application");
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  TttWindow *window = main_window (application);

  if (window != NULL)
    {
      TttGame *game = ttt_window_get_game (window);
      g_autoptr(GString) board = g_string_new (NULL);
      TttTally tally;

      for (int cell = 0; cell < ttt_match_get_n_cells (ttt_game_get_match (game)); cell++)
        {
          TttMark mark = ttt_match_get_cell (ttt_game_get_match (game), cell);

          g_string_append_c (board, mark == TTT_MARK_X ? 'X' : mark == TTT_MARK_O ? 'O' : '.');
        }
      ttt_statistics_get_tally (ttt_table_get_statistics (ttt_game_get_table (game)),
                                ttt_tally_id_for_network (ttt_game_get_variant (game)), &tally);
      g_variant_builder_add (&builder, "{sv}", "game-state", g_variant_new_int32 (ttt_game_get_state (game)));
      g_variant_builder_add (&builder, "{sv}", "outcome", g_variant_new_int32 (ttt_game_get_outcome (game)));
      g_variant_builder_add (&builder, "{sv}", "variant", g_variant_new_int32 (ttt_game_get_variant (game)));
      g_variant_builder_add (&builder, "{sv}", "board", g_variant_new_string (board->str));
      g_variant_builder_add (&builder, "{sv}", "window-status",
                             g_variant_new_string (ttt_window_get_status (window)));
      g_variant_builder_add (&builder, "{sv}", "network-tally",
                             g_variant_new ("(uuu)", tally.won, tally.drawn, tally.lost));
    }

#ifdef TTT_HAVE_NETWORK
  {
    TttNetWindow *network = net_window ();
    TttCodeDialog *dialog = code_dialog ();

    /* The network window while it connects; then the main window's bar,
     * where the code is compared and the game played. */
    if (network != NULL)
      g_variant_builder_add (&builder, "{sv}", "net", ttt_net_window_describe (network));
    else if (window != NULL && ttt_window_get_net_session (window) != NULL &&
             gtk_revealer_get_child_revealed (GTK_REVEALER (gtk_widget_get_parent (ttt_window_get_net_bar (window)))))
      g_variant_builder_add (&builder, "{sv}", "net",
                             ttt_net_bar_describe (TTT_NET_BAR (ttt_window_get_net_bar (window))));
    if (dialog != NULL)
      g_variant_builder_add (&builder, "{sv}", "code", ttt_code_dialog_describe (dialog));
  }
#endif

  g_simple_action_set_state (report, g_variant_builder_end (&builder));
}

static void
window_added_cb (GtkApplication *application,
                 GtkWindow      *window,
                 GSimpleAction  *report)
{
  if (TTT_IS_WINDOW (window))
    {
      TttGame *game = ttt_window_get_game (TTT_WINDOW (window));

      /* Every property of the game, and the tally, as they change; the
       * status line follows the game's signals, which these come after. */
      g_signal_connect_object (game, "notify", G_CALLBACK (refresh_report), report, G_CONNECT_SWAPPED);
      g_signal_connect_object (ttt_table_get_statistics (ttt_game_get_table (game)), "changed", G_CALLBACK (refresh_report),
                               report, G_CONNECT_SWAPPED);
#ifdef TTT_HAVE_NETWORK
      g_signal_connect_object (ttt_window_get_net_bar (TTT_WINDOW (window)), "changed", G_CALLBACK (refresh_report),
                               report, G_CONNECT_SWAPPED);
      /* Its buttons can be pressed once it has slid in. */
      g_signal_connect_object (gtk_widget_get_parent (ttt_window_get_net_bar (TTT_WINDOW (window))),
                               "notify::child-revealed", G_CALLBACK (refresh_report), report, G_CONNECT_SWAPPED);
#endif
    }
  refresh_report (report);
}

#ifdef TTT_HAVE_NETWORK
static gboolean
hook_net_window (gpointer data)
{
  GSimpleAction *report = data;
  TttNetWindow *network = net_window ();
  TttCodeDialog *dialog = code_dialog ();

  if (network != NULL && g_object_get_data (G_OBJECT (network), "ttt-test-hooks") == NULL)
    {
      g_object_set_data (G_OBJECT (network), "ttt-test-hooks", report);
      g_signal_connect_object (network, "changed", G_CALLBACK (refresh_report), report, G_CONNECT_SWAPPED);
    }
  if (dialog != NULL && g_object_get_data (G_OBJECT (dialog), "ttt-test-hooks") == NULL)
    {
      g_object_set_data (G_OBJECT (dialog), "ttt-test-hooks", report);
      g_signal_connect_object (dialog, "changed", G_CALLBACK (refresh_report), report, G_CONNECT_SWAPPED);
    }
  refresh_report (report);
  return G_SOURCE_REMOVE;
}

/* A window joins the toplevels from inside its own construction: it is
 * looked at once that is over. */
static void
toplevels_changed_cb (GSimpleAction *report)
{
  g_idle_add_full (G_PRIORITY_DEFAULT, hook_net_window, g_object_ref (report), g_object_unref);
}
#endif

static void
click_cell_cb (GSimpleAction *action,
               GVariant      *parameter,
               gpointer       user_data)
{
  TttWindow *window = main_window (user_data);
  int cell = g_variant_get_int32 (parameter);
  GtkWidget *button;

  if (window == NULL || cell < 0 || cell >= ttt_match_get_n_cells (ttt_game_get_match (ttt_window_get_game (window))))
    {
      g_warning ("test hook: no cell %d to click", cell);
      return;
    }
  button = ttt_window_get_cell (window, cell);
  g_signal_emit_by_name (button, "clicked");
}

/* Shown as a person would see it: it and every container up to its window
 * visible, none a hidden page of a stack. */
static gboolean
is_shown (GtkWidget *widget)
{
  for (; widget != NULL; widget = gtk_widget_get_parent (widget))
    if (!gtk_widget_get_visible (widget) || !gtk_widget_get_child_visible (widget))
      return FALSE;
  return TRUE;
}

static GtkWidget *
find_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0 &&
      is_shown (widget) && gtk_widget_is_sensitive (widget))
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static void
press_cb (GSimpleAction *action,
          GVariant      *parameter,
          gpointer       user_data)
{
  const char *label = g_variant_get_string (parameter, NULL);

  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWidget) window = g_list_model_get_item (toplevels, i);
      GtkWidget *button = find_button (window, label);

      if (button != NULL)
        {
          gtk_widget_activate (button);
          return;
        }
    }
  g_warning ("test hook: no button “%s” shown to press", label);
}

static void
install (GtkApplication *application)
{
  g_autoptr(GSimpleAction) click = g_simple_action_new ("test-click-cell", G_VARIANT_TYPE_INT32);
  g_autoptr(GSimpleAction) press = g_simple_action_new ("test-press", G_VARIANT_TYPE_STRING);
  g_autoptr(GSimpleAction) report = NULL;

  g_return_if_fail (GTK_IS_APPLICATION (application));

  g_signal_connect (click, "activate", G_CALLBACK (click_cell_cb), application);
  g_signal_connect (press, "activate", G_CALLBACK (press_cb), application);
  report = g_simple_action_new_stateful ("test-report", NULL,
                                         g_variant_new_array (G_VARIANT_TYPE ("{sv}"), NULL, 0));
  /* Read, never activated or changed from outside. */
  g_simple_action_set_enabled (report, FALSE);
  g_object_set_data (G_OBJECT (report), "application", application);
  g_signal_connect_object (application, "window-added", G_CALLBACK (window_added_cb), report, 0);
  g_signal_connect_object (application, "window-removed", G_CALLBACK (refresh_report), report,
                           G_CONNECT_SWAPPED);
#ifdef TTT_HAVE_NETWORK
  g_signal_connect_object (gtk_window_get_toplevels (), "items-changed", G_CALLBACK (toplevels_changed_cb),
                           report, G_CONNECT_SWAPPED);
#endif
  g_action_map_add_action (G_ACTION_MAP (application), G_ACTION (click));
  g_action_map_add_action (G_ACTION_MAP (application), G_ACTION (press));
  g_action_map_add_action (G_ACTION_MAP (application), G_ACTION (report));
}

static void
startup_cb (GApplication *application)
{
  install (GTK_APPLICATION (application));
}

void
ttt_test_hooks_attach (GApplication *application)
{
  g_return_if_fail (GTK_IS_APPLICATION (application));

  /* After the application's own start-up, which makes its actions. */
  g_signal_connect (application, "startup", G_CALLBACK (startup_cb), NULL);
}
