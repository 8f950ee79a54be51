/* ui-helpers.c — what the tests of the real windows share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glib/gi18n.h>

#include "ttt-player-badge.h"
#include "ui-helpers.h"

/* GNOME's own title bar layout, a close button only, which the narrow
 * windows are measured with, and one font on every stack: GTK 4.8's
 * default, "Sans 10" (DejaVu Sans through fontconfig), which every stack
 * has. Newer GTKs default to Adwaita Sans 11, which a machine may lack;
 * the stand-in fontconfig picks at that size is much wider. */
void
ttt_test_use_gnome_title_bar (void)
{
  g_object_set (gtk_settings_get_default (),
                "gtk-decoration-layout", "appmenu:close",
                "gtk-font-name", "Sans 10",
                NULL);
}

/* GTK 4.24's X11 backend warns "gdk_frame_timings_submitted() called on
 * submitted frame." the first time a popover is shown on a server without
 * a compositing window manager, as the tests' Xvfb is: the popup surface
 * shares its window's frame clock, and both report the frame they drew
 * together as submitted. It comes whatever GDK_DISABLE and GSK_RENDERER
 * say (a bare GtkPopover in a window of its own gets it every time), and
 * only once a process, so it fails whichever test opens a popover first.
 * Nothing a program calls causes it. GDK logs it structured, past
 * g_test_log_set_fatal_handler(), so it is taken out at the writer: that
 * one message of GDK's alone; every other goes on to GLib's own writer,
 * fatal as before. */
/* GObject's "cannot register existing fundamental type 'gchar' (as
 * 'gchar')": twice in six runs of the test of a broken settings file (on
 * Debian 12 and on sid, a warning there and a critical here), in the
 * child just after the broken file was copied aside, and never in any
 * other test. It says GObject's own start-up ran a second time in one
 * process, which nothing of ours can cause (we register no fundamental
 * type) and which we could not find the cause of; every other message
 * stays fatal. Left in, it failed the suite at random. test-startup's
 * children, where it came most (a broken settings file, scores-unsaved), set
 * these filters too (ttt_test_gtk_init()). */
static gboolean
is_double_fundamental (const char *domain,
                       const char *message)
{
  return g_strcmp0 (domain, "GLib-GObject") == 0 && message != NULL &&
         g_str_has_prefix (message, "cannot register existing fundamental type ");
}

/* GTK 4.18's GDK, with GL and Vulkan both turned off (GDK_DISABLE, as
 * the tests run), sets its "Vulkan support disabled via GDK_DISABLE"
 * error over the one it had set already, and GLib warns of the bug. Seen
 * once, in trixie, in a child of test-startup that plays a game to its
 * end; no call of ours passes GDK an error. Only that message is let
 * through; every other stays fatal. It came from GStreamer's streaming
 * thread, finding the display's dmabuf formats for GTK's sink at the
 * first sound, and there it still ended the child, silently (exit status
 * 1, one startup run in ten): the game now finds them on the main thread
 * first (ttt_compat_prepare_media()). */
static gboolean
is_gdk_error_overwritten (const char *domain,
                          const char *message)
{
  return g_strcmp0 (domain, "GLib") == 0 && message != NULL &&
         g_str_has_prefix (message, "GError set over the top of a previous GError") &&
         strstr (message, "Vulkan support disabled via GDK_DISABLE") != NULL;
}

static GLogWriterOutput
log_writer_cb (GLogLevelFlags   log_level,
               const GLogField *fields,
               gsize            n_fields,
               gpointer         user_data)
{
  const char *domain = NULL;
  const char *message = NULL;
  GLogWriterOutput output;

  for (gsize i = 0; i < n_fields; i++)
    if (fields[i].length < 0 && strcmp (fields[i].key, "GLIB_DOMAIN") == 0)
      domain = fields[i].value;
    else if (fields[i].length < 0 && strcmp (fields[i].key, "MESSAGE") == 0)
      message = fields[i].value;

  if ((log_level & G_LOG_LEVEL_WARNING) != 0 && g_strcmp0 (domain, "Gdk") == 0 &&
      g_strcmp0 (message, "gdk_frame_timings_submitted() called on submitted frame.") == 0)
    return G_LOG_WRITER_HANDLED;
  if (is_double_fundamental (domain, message) || is_gdk_error_overwritten (domain, message))
    return G_LOG_WRITER_HANDLED;

  output = g_log_writer_default (log_level, fields, n_fields, user_data);
  /* A fatal message in a test's child ends it with _exit(1), as GDK does
   * after its message of a lost display: what stdio holds would be lost,
   * and with it the only word of why the child failed. */
  if ((log_level & (G_LOG_LEVEL_ERROR | G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING |
                    G_LOG_LEVEL_MESSAGE)) != 0)
    {
      fflush (stdout);
      fflush (stderr);
    }
  return output;
}

static gboolean
fatal_cb (const char     *domain,
          GLogLevelFlags  log_level,
          const char     *message,
          gpointer        user_data)
{
  return !is_double_fundamental (domain, message) && !is_gdk_error_overwritten (domain, message);
}

static char *data_home;

static void
remove_data_home (void)
{
  ttt_test_remove_tree (data_home);
  g_free (data_home);
}

/* A data folder of the program's own, removed when it exits: the results
 * file starts empty and is never the user's. */
void
ttt_test_use_own_data_home (void)
{
  g_autoptr(GError) error = NULL;

  data_home = g_dir_make_tmp ("tictactoe-data-XXXXXX", &error);
  g_assert_no_error (error);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  atexit (remove_data_home);
}

/* gtk_test_init(), with the two messages above taken out and every other
 * one as fatal as G_DEBUG makes it. */
void
ttt_test_gtk_init (int    *argc,
                   char ***argv)
{
  g_log_set_writer_func (log_writer_cb, NULL, NULL);
  gtk_test_init (argc, argv, NULL);
  g_test_log_set_fatal_handler (fatal_cb, NULL);
}

/* ttt_test_gtk_init(), GNOME's title bar, and a data folder of its own. */
void
ttt_test_init (int    *argc,
               char ***argv)
{
  ttt_test_use_own_data_home ();
  ttt_test_gtk_init (argc, argv);
  ttt_test_use_gnome_title_bar ();
}

/* The application as it runs, but for a test: not unique, so a test
 * can run beside the game or another test, and registered, so that its
 * start-up has made the settings and the statistics. */
TttApplication *
ttt_test_application_new (void)
{
  g_autoptr(GError) error = NULL;
  TttApplication *app = ttt_application_new ();

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("Could not register the application: %s", error->message);

  return app;
}

/* One application for the whole test program, made on first use. */
TttApplication *
ttt_test_application (void)
{
  static TttApplication *app;

  if (app == NULL)
    app = ttt_test_application_new ();

  return app;
}

/* Every key of the application's settings back to its default, and the
 * statistics to none. */
void
ttt_test_reset_settings (TttApplication *app)
{
  GSettings *settings = ttt_application_get_settings (app);
  TttStatistics *statistics = ttt_application_get_statistics (app);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_auto(GStrv) keys = NULL;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);
  for (guint i = 0; keys[i] != NULL; i++)
    g_settings_reset (settings, keys[i]);

  /* The results are no setting: a reset of them all is a record. */
  if (ttt_statistics_get_can_reset (statistics))
    ttt_statistics_reset_all (statistics);
}

/* Runs the main loop until @widget is on screen (or the deadline passes): only then
 * does anything animate. */
void
ttt_test_wait_for_mapped (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (!gtk_widget_get_mapped (widget) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  ttt_test_iterate ();
  g_assert_true (gtk_widget_get_mapped (widget));
}

static void
frame_painted_cb (gboolean *painted)
{
  *painted = TRUE;
}

/* Runs the main loop until @widget's window has laid itself out and drawn
 * a frame since the call: only then are allocations what they show. */
void
ttt_test_wait_for_frame (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  GdkFrameClock *clock = gtk_widget_get_frame_clock (widget);
  gboolean painted = FALSE;
  gulong id;

  g_assert_nonnull (clock);
  id = g_signal_connect_swapped (clock, "after-paint", G_CALLBACK (frame_painted_cb), &painted);
  gtk_widget_queue_draw (widget);
  while (!painted && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_signal_handler_disconnect (clock, id);
  g_assert_true (painted);
}

/* A window as the application opens one: with a game it configured. */
TttWindow *
ttt_test_window_new (TttApplication *app)
{
  g_autoptr(TttGame) game = ttt_application_create_game (app);

  return ttt_window_new (GTK_APPLICATION (app), game, ttt_application_get_settings (app));
}

/* The row of the preferences that edits @key. */
AdwComboRow *
ttt_test_preferences_row (TttPreferencesWindow *preferences,
                          const char           *key)
{
  g_autofree char *name = g_strdup_printf ("%s_row", key);

  g_strdelimit (name, "-", '_');
  return ADW_COMBO_ROW (gtk_widget_get_template_child (GTK_WIDGET (preferences),
                                                       TTT_TYPE_PREFERENCES_WINDOW,
                                                       name));
}

/* Activates one of the window's actions ("win.new-game"…) as a menu item
 * or a button would. */
void
ttt_test_activate (TttWindow  *window,
                   const char *action)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), action, NULL));
  ttt_test_iterate ();
}

/* Clicks @cell as the pointer would, and runs what follows from it. */
void
ttt_test_click (TttWindow *window,
                int        cell)
{
  g_signal_emit_by_name (ttt_window_get_cell (window, cell), "clicked");
  ttt_test_iterate ();
}

/* Runs the shortcuts of @widget's controllers in @phase that @keyval
 * with @modifiers triggers, until one takes it. */
static gboolean
activate_shortcuts_with (GtkWidget           *widget,
                         GtkPropagationPhase  phase,
                         guint                keyval,
                         GdkModifierType      modifiers)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; !handled && i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (!GTK_IS_SHORTCUT_CONTROLLER (controller) ||
          gtk_event_controller_get_propagation_phase (controller) != phase)
        continue;

      for (guint j = 0; !handled && j < g_list_model_get_n_items (G_LIST_MODEL (controller)); j++)
        {
          g_autoptr(GtkShortcut) shortcut = g_list_model_get_item (G_LIST_MODEL (controller), j);
          GtkShortcutTrigger *trigger = gtk_shortcut_get_trigger (shortcut);

          if (GTK_IS_KEYVAL_TRIGGER (trigger) &&
              gtk_keyval_trigger_get_keyval (GTK_KEYVAL_TRIGGER (trigger)) == keyval &&
              gtk_keyval_trigger_get_modifiers (GTK_KEYVAL_TRIGGER (trigger)) == modifiers)
            handled = gtk_shortcut_action_activate (gtk_shortcut_get_action (shortcut), 0, widget,
                                                    gtk_shortcut_get_arguments (shortcut));
        }
    }

  return handled;
}

static gboolean
activate_shortcuts (GtkWidget           *widget,
                    GtkPropagationPhase  phase,
                    guint                keyval)
{
  return activate_shortcuts_with (widget, phase, keyval, 0);
}

/* Presses @keyval with @modifiers on a window's own shortcuts (its class's
 * key bindings among them), capture phase first. Returns whether one took
 * the key. The loop is not run: in a game over the network the other side
 * counts as thinking, which ttt_test_iterate() would wait for. */
gboolean
ttt_test_press_window_key (GtkWindow       *window,
                           guint            keyval,
                           GdkModifierType  modifiers)
{
  return activate_shortcuts_with (GTK_WIDGET (window), GTK_PHASE_CAPTURE, keyval, modifiers) ||
         activate_shortcuts_with (GTK_WIDGET (window), GTK_PHASE_BUBBLE, keyval, modifiers);
}

/* The same for a widget's own shortcuts: a dialog's (ttt-compat.h). */
gboolean
ttt_test_press_key (GtkWidget *widget,
                    guint      keyval)
{
  return activate_shortcuts_with (widget, GTK_PHASE_CAPTURE, keyval, 0) ||
         activate_shortcuts_with (widget, GTK_PHASE_BUBBLE, keyval, 0);
}

/* The same with @modifiers held. */
gboolean
ttt_test_press_key_with (GtkWidget       *widget,
                         guint            keyval,
                         GdkModifierType  modifiers)
{
  return activate_shortcuts_with (widget, GTK_PHASE_CAPTURE, keyval, modifiers) ||
         activate_shortcuts_with (widget, GTK_PHASE_BUBBLE, keyval, modifiers);
}

/* Presses @keyval as far as the window is concerned, in GTK's order: the
 * window's own capture-phase shortcuts first (the review's keys), then
 * the arrows and Tab move the focus as GTK's own key bindings do, and
 * anything else goes to the board's shortcuts. Returns whether something
 * took the key. */
gboolean
ttt_test_press (TttWindow *window,
                guint      keyval)
{
  GtkWidget *board = GTK_WIDGET (ttt_window_get_board (window));
  GtkDirectionType direction;
  gboolean handled = FALSE;

  if (activate_shortcuts (GTK_WIDGET (window), GTK_PHASE_CAPTURE, keyval))
    {
      ttt_test_iterate ();
      return TRUE;
    }

  switch (keyval)
    {
    case GDK_KEY_Up:    direction = GTK_DIR_UP; break;
    case GDK_KEY_Down:  direction = GTK_DIR_DOWN; break;
    case GDK_KEY_Left:  direction = GTK_DIR_LEFT; break;
    case GDK_KEY_Right: direction = GTK_DIR_RIGHT; break;
    case GDK_KEY_Tab:   direction = GTK_DIR_TAB_FORWARD; break;
    case GDK_KEY_ISO_Left_Tab: direction = GTK_DIR_TAB_BACKWARD; break;
    default:            direction = -1; break;
    }

  if ((int) direction >= 0)
    {
      handled = gtk_widget_child_focus (GTK_WIDGET (window), direction);
      ttt_test_iterate ();
      return handled;
    }

  handled = activate_shortcuts (board, GTK_PHASE_BUBBLE, keyval);

  ttt_test_iterate ();
  return handled;
}

/* Hands @keyval to the key controllers of @widget in the bubble phase
 * (a popover's Escape), until one takes it. */
static gboolean
press_key_controllers (GtkWidget *widget,
                       guint      keyval)
{
  g_autoptr(GListModel) controllers = gtk_widget_observe_controllers (widget);
  gboolean handled = FALSE;

  for (guint i = 0; !handled && i < g_list_model_get_n_items (controllers); i++)
    {
      g_autoptr(GtkEventController) controller = g_list_model_get_item (controllers, i);

      if (GTK_IS_EVENT_CONTROLLER_KEY (controller) &&
          gtk_event_controller_get_propagation_phase (controller) == GTK_PHASE_BUBBLE)
        g_signal_emit_by_name (controller, "key-pressed", keyval, 0, (GdkModifierType) 0, &handled);
    }

  return handled;
}

/* Presses @keyval where the focus is, in a popover too: the window's
 * capture-phase shortcuts first, then the key bindings and key handlers
 * of the focused widget and of each widget it is in (a list's arrows and
 * Enter, a button's Enter, a popover's Escape), as GTK hands a key on.
 * Returns whether one took it. */
gboolean
ttt_test_press_on_focus (TttWindow *window,
                         guint      keyval)
{
  gboolean handled = activate_shortcuts (GTK_WIDGET (window), GTK_PHASE_CAPTURE, keyval);

  for (GtkWidget *w = ttt_test_focus (window); !handled && w != NULL; w = gtk_widget_get_parent (w))
    handled = activate_shortcuts (w, GTK_PHASE_BUBBLE, keyval) || press_key_controllers (w, keyval);

  ttt_test_iterate ();
  return handled;
}

/* Whether @action can be used, as a button that activates it shows: a
 * probe button is put beside the board for the time of the question. */
gboolean
ttt_test_action_enabled (TttWindow  *window,
                         const char *action)
{
  GtkWidget *board = GTK_WIDGET (ttt_window_get_board (window));
  GtkWidget *box = gtk_widget_get_parent (board);
  GtkWidget *probe = gtk_button_new ();
  gboolean sensitive;

  g_assert_true (GTK_IS_BOX (box));
  gtk_actionable_set_action_name (GTK_ACTIONABLE (probe), action);
  gtk_box_append (GTK_BOX (box), probe);
  ttt_test_iterate ();
  sensitive = gtk_widget_get_sensitive (probe);
  gtk_box_remove (GTK_BOX (box), probe);

  return sensitive;
}

/* Clicks each of @cells in turn, each of which must take a mark. */
void
ttt_test_click_cells (TttWindow *window,
                      const int *cells,
                      guint      n_cells)
{
  TttGame *game = ttt_window_get_game (window);

  for (guint i = 0; i < n_cells; i++)
    {
      ttt_test_click (window, cells[i]);
      g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), cells[i]), !=, TTT_MARK_NONE);
    }
}

/* The game of the fixture's window between two people, from now on. */
void
ttt_test_two_players (TttTestWindow *fixture)
{
  g_settings_set_string (ttt_application_get_settings (fixture->app), "opponent", "human");
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_opponent (fixture->game), ==, TTT_OPPONENT_HUMAN);
}

/* Between two people: X takes the top row while O plays below it. */
void
ttt_test_play_top_row_for_x (TttWindow *window)
{
  static const int moves[] = { 0, 3, 1, 4, 2 };
  TttGame *game = ttt_window_get_game (window);

  g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_HUMAN);
  ttt_test_click_cells (window, moves, G_N_ELEMENTS (moves));
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_X_WINS);
}

static void
count_click_cb (GtkButton *button,
                guint     *clicks)
{
  (*clicks)++;
}

/* @cell of a board that is to be read only (after a game, in a review):
 * it takes the focus, but says it is unavailable, lets the pointer
 * through, and Enter or Space on it (activate) shows no press, clicks
 * nothing and changes neither the game nor the focus. */
void
ttt_test_assert_cell_read_only (TttWindow *window,
                                int        cell)
{
  GtkWidget *widget = ttt_window_get_cell (window, cell);
  TttGame *game = ttt_window_get_game (window);
  GtkWidget *focus = ttt_test_focus (window);
  TttMark mark = ttt_match_get_cell (ttt_game_get_match (game), cell);
  guint n_moves = ttt_game_get_n_moves (game);
  TttGameState state = ttt_game_get_state (game);
  GtkWidget *box = gtk_widget_get_parent (GTK_WIDGET (ttt_window_get_board (window)));
  GtkWidget *probe = gtk_button_new ();
  guint clicks = 0, probe_clicks = 0;
  gulong handler;

  g_assert_true (gtk_widget_is_sensitive (widget));
  g_assert_true (gtk_widget_get_focusable (widget));
  g_assert_false (gtk_widget_get_can_target (widget));
  g_assert_false (gtk_widget_has_css_class (widget, "playable"));
  gtk_test_accessible_assert_state (widget, GTK_ACCESSIBLE_STATE_DISABLED, TRUE);

  /* A button shows its press for a moment before it clicks: a plain
   * button beside the board, activated just after, clicks no earlier than
   * the cell would, so once it has clicked the cell would have too. */
  handler = g_signal_connect (widget, "clicked", G_CALLBACK (count_click_cb), &clicks);
  gtk_box_append (GTK_BOX (box), probe);
  g_signal_connect (probe, "clicked", G_CALLBACK (count_click_cb), &probe_clicks);
  gtk_widget_activate (widget);
  g_assert_true (gtk_widget_activate (probe));
  {
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

    while (probe_clicks == 0 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpuint (probe_clicks, ==, 1);
  gtk_box_remove (GTK_BOX (box), probe);
  ttt_test_iterate ();
  g_signal_handler_disconnect (widget, handler);

  g_assert_cmpuint (clicks, ==, 0);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), cell), ==, mark);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, n_moves);
  g_assert_cmpint (ttt_game_get_state (game), ==, state);
  g_assert_true (ttt_test_focus (window) == focus);
}

/* A widget of the window's template, by its id. */
GtkWidget *
ttt_test_window_child (TttWindow  *window,
                       const char *name)
{
  GObject *child = gtk_widget_get_template_child (GTK_WIDGET (window), TTT_TYPE_WINDOW, name);

  g_assert_nonnull (child);

  return GTK_WIDGET (child);
}

/* The words of a toast: its title, or its own title widget's label. */
const char *
ttt_test_toast_title (AdwToast *toast)
{
  GtkWidget *custom = adw_toast_get_custom_title (toast);

  if (custom == NULL)
    return adw_toast_get_title (toast);

  g_assert_true (GTK_IS_LABEL (custom));
  return gtk_label_get_label (GTK_LABEL (custom));
}

/* The widget with the window's focus. Not gtk_widget_has_focus(): that
 * is false while the window is not the active one, which on a busy X
 * server it may not be yet. */
GtkWidget *
ttt_test_focus (TttWindow *window)
{
  return gtk_root_get_focus (GTK_ROOT (window));
}

/* The score the window shows: the first badge (the person here's, X's
 * between two), the draws between, the other badge. */
void
ttt_test_assert_badges (TttWindow *window,
                        guint      start,
                        guint      draws,
                        guint      end)
{
  g_autofree char *draws_text = g_strdup_printf ("%u", draws);

  g_assert_cmpuint (ttt_player_badge_get_score (TTT_PLAYER_BADGE (ttt_test_window_child (window, "badge_start"))), ==, start);
  g_assert_cmpuint (ttt_player_badge_get_score (TTT_PLAYER_BADGE (ttt_test_window_child (window, "badge_end"))), ==, end);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (ttt_test_window_child (window, "draws_value"))), ==, draws_text);
}

/* Adds to @found every shown widget of @type under @widget, in
 * depth-first order. */
static void
collect_shown (GtkWidget *widget,
               GType      type,
               GPtrArray *found)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type) && gtk_widget_get_visible (widget))
    g_ptr_array_add (found, widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_shown (child, type, found);
}

/* The newest secondary window of @type shown over @window: a dialog
 * drawn inside it (the last one added), or a window transient for it
 * (ttt-compat.h). There may be others, closing. */
static GtkWidget *
newest_dialog_over (TttWindow *window,
                    GType      type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  g_autoptr(GPtrArray) found = g_ptr_array_new ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (toplevel, type) && gtk_widget_get_visible (GTK_WIDGET (toplevel)) &&
          gtk_window_get_transient_for (GTK_WINDOW (toplevel)) == GTK_WINDOW (window))
        g_ptr_array_add (found, toplevel);
    }
  collect_shown (GTK_WIDGET (window), type, found);
  g_assert_cmpuint (found->len, >, 0);

  return g_ptr_array_index (found, found->len - 1);
}

/* Opens the Statistics window as the main menu does, and returns it. */
TttStatisticsWindow *
ttt_test_open_statistics (TttWindow *window)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "app.statistics", NULL));
  ttt_test_iterate ();

  GtkWidget *found = newest_dialog_over (window, TTT_TYPE_STATISTICS_WINDOW);

  ttt_test_wait_for_dialog_open (found);
  return TTT_STATISTICS_WINDOW (found);
}

/* The keyboard shortcuts over @window, as its action opens them, shown. */
TttShortcutsWindow *
ttt_test_open_shortcuts (TttWindow *window)
{
  TttShortcutsWindow *found;

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-help-overlay", NULL));
  found = TTT_SHORTCUTS_WINDOW (newest_dialog_over (window, TTT_TYPE_SHORTCUTS_WINDOW));
  ttt_test_wait_for_dialog_open (GTK_WIDGET (found));
  ttt_test_iterate ();

  return found;
}

/* Every label under @widget that is on screen shows all of its text. */
void
ttt_test_assert_labels_whole (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      if (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))))
        g_error ("“%s” is cut to fit %d px", gtk_label_get_text (GTK_LABEL (widget)),
                 gtk_widget_get_width (widget));
    }

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    ttt_test_assert_labels_whole (c);
}

/* Every label under @widget that is on screen has room for its text,
 * and wraps only where a line may break: between words, or between
 * characters in Chinese and Japanese, never inside a word. */
void
ttt_test_assert_words_whole (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
      *gtk_label_get_text (GTK_LABEL (widget)) != '\0')
    {
      PangoLayout *layout = gtk_label_get_layout (GTK_LABEL (widget));
      const char *text = pango_layout_get_text (layout);
      const PangoLogAttr *attrs;
      PangoRectangle text_extent;
      int n_attrs;

      /* The text as laid out, wrapped or not, inside the label. */
      pango_layout_get_pixel_extents (layout, NULL, &text_extent);
      if (text_extent.width > gtk_widget_get_width (widget))
        g_error ("“%s” needs %d px and has %d", gtk_label_get_text (GTK_LABEL (widget)),
                 text_extent.width, gtk_widget_get_width (widget));

      attrs = pango_layout_get_log_attrs_readonly (layout, &n_attrs);
      for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
        {
          PangoLayoutLine *line = l->data;
          glong offset = g_utf8_pointer_to_offset (text, text + pango_layout_line_get_start_index (line));

          if (offset > 0 && offset < n_attrs && !attrs[offset].is_line_break)
            g_error ("“%s” breaks a word to fit %d px", gtk_label_get_text (GTK_LABEL (widget)),
                     gtk_widget_get_width (widget));
        }
    }

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    ttt_test_assert_words_whole (c);
}

/* Every cell of @window's board is at least @min_side square and lies
 * inside the board, the board inside the window's content, and the
 * content needs no more than it has: nothing is cut. Returns the
 * smallest side, for the log. */
int
ttt_test_assert_cells_whole (TttWindow *window,
                             int        min_side)
{
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  TttBoardView *view = ttt_window_get_board (window);
  GtkWidget *board = GTK_WIDGET (view);
  graphene_rect_t board_bounds, content_bounds;
  int smallest = G_MAXINT;
  int minimum;

  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, gtk_widget_get_width (content));
  gtk_widget_measure (board, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, gtk_widget_get_width (board));
  gtk_widget_measure (board, GTK_ORIENTATION_VERTICAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, gtk_widget_get_height (board));

  g_assert_true (gtk_widget_compute_bounds (content, content, &content_bounds));
  g_assert_true (gtk_widget_compute_bounds (board, content, &board_bounds));
  g_assert_true (graphene_rect_contains_rect (&content_bounds, &board_bounds));

  for (int i = 0; i < ttt_board_view_get_n_cells (view); i++)
    {
      GtkWidget *cell = ttt_board_view_get_cell (view, i);
      graphene_rect_t bounds;

      g_assert_true (gtk_widget_get_mapped (cell));
      g_assert_true (gtk_widget_compute_bounds (cell, content, &bounds));
      if (!graphene_rect_contains_rect (&board_bounds, &bounds))
        g_error ("Cell %d (%g, %g, %g × %g) is cut by the board (%g, %g, %g × %g)", i,
                 bounds.origin.x, bounds.origin.y, bounds.size.width, bounds.size.height,
                 board_bounds.origin.x, board_bounds.origin.y, board_bounds.size.width, board_bounds.size.height);
      g_assert_cmpint (gtk_widget_get_width (cell), ==, gtk_widget_get_height (cell));
      smallest = MIN (smallest, gtk_widget_get_width (cell));
    }

  if (smallest < min_side)
    g_error ("A cell is %d px, under %d px, at %d × %d", smallest, min_side,
             gtk_widget_get_width (content), gtk_widget_get_height (content));
  ttt_test_assert_labels_whole (content);
  return smallest;
}

/* The first widget under @root, in depth-first order, that @match
 * accepts, or NULL. What @match refuses is not searched further in when
 * it says so through @prune. */
GtkWidget *
ttt_test_find_widget (GtkWidget          *root,
                      TttTestWidgetMatch  match,
                      gpointer            data)
{
  gboolean prune = FALSE;

  if (match (root, data, &prune))
    return root;
  if (prune)
    return NULL;

  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = ttt_test_find_widget (child, match, data);

      if (found != NULL)
        return found;
    }

  return NULL;
}

static gboolean
is_restore_button (GtkWidget *widget,
                   gpointer   data,
                   gboolean  *prune)
{
  /* A toast on its way out takes no clicks, and is soon gone. */
  *prune = !gtk_widget_get_can_target (widget);

  return !*prune && GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), C_("undo a reset", "Undo")) == 0;
}

/* The Undo button of the toast on show in @window, the widget a person
 * clicks, or NULL: not that of a toast hiding. */
GtkWidget *
ttt_test_find_restore_button (TttStatisticsWindow *window)
{
  return ttt_test_find_widget (GTK_WIDGET (window), is_restore_button, NULL);
}

static gboolean
menu_has_action (GMenuModel *model,
                 const char *action)
{
  for (int i = 0; i < g_menu_model_get_n_items (model); i++)
    {
      g_autofree char *name = NULL;
      g_autoptr(GMenuLinkIter) links = g_menu_model_iterate_item_links (model, i);

      if (g_menu_model_get_item_attribute (model, i, G_MENU_ATTRIBUTE_ACTION, "s", &name) &&
          g_str_equal (name, action))
        return TRUE;

      while (g_menu_link_iter_next (links))
        {
          g_autoptr(GMenuModel) linked = g_menu_link_iter_get_value (links);

          if (menu_has_action (linked, action))
            return TRUE;
        }
    }

  return FALSE;
}

static gboolean
is_primary_menu_button (GtkWidget *widget,
                        gpointer   data,
                        gboolean  *prune)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

/* Whether the main menu of @window, in a section or submenu, has an item
 * for @action ("app.statistics"…). */
gboolean
ttt_test_main_menu_has (TttWindow  *window,
                        const char *action)
{
  GtkWidget *button = ttt_test_find_widget (GTK_WIDGET (window), is_primary_menu_button, NULL);
  GMenuModel *menu;

  g_assert_nonnull (button);
  menu = gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (button));
  g_assert_nonnull (menu);

  return menu_has_action (menu, action);
}

/* A TttTestWidgetMatch: whether @widget is of @type, a GType in a
 * pointer (GSIZE_TO_POINTER). */
gboolean
ttt_test_is_of_type (GtkWidget *widget,
                     gpointer   type,
                     gboolean  *prune)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type));
}

/* Whether the shortcuts window of @window lists @action with the keys
 * the application has for it. */
gboolean
ttt_test_shortcut_listed (TttWindow  *window,
                          const char *action)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (window));
  TttShortcutsWindow *shortcuts = ttt_shortcuts_window_new (app);
  AdwActionRow *row = ttt_shortcuts_window_get_row (shortcuts, action);
  g_auto(GStrv) accels = gtk_application_get_accels_for_action (app, action);
  gboolean listed = FALSE;

  if (row != NULL && accels != NULL && accels[0] != NULL && gtk_widget_get_visible (GTK_WIDGET (row)))
    {
      GtkWidget *keys = ttt_test_find_widget (GTK_WIDGET (row), ttt_test_is_of_type,
                                              GSIZE_TO_POINTER (GTK_TYPE_SHORTCUT_LABEL));
      g_autofree char *joined = g_strjoinv (" ", accels);

      g_assert_nonnull (keys);
      listed = g_strcmp0 (gtk_shortcut_label_get_accelerator (GTK_SHORTCUT_LABEL (keys)), joined) == 0;
    }
  ttt_compat_dialog_destroy (GTK_WIDGET (shortcuts));

  return listed;
}

/* libadwaita's own chrome in a header bar, which libadwaita names itself:
 * the window controls, and from 1.4 on the back button every AdwHeaderBar
 * holds (AdwBackButton, "Back", shown only in a navigation view; private,
 * so known by its type name). Not ours to name, and not there at all on
 * libadwaita 1.2, so not counted either. */
static gboolean
is_header_bar_chrome (GtkWidget *widget)
{
  GType back_button = g_type_from_name ("AdwBackButton");

  return gtk_widget_get_ancestor (widget, GTK_TYPE_WINDOW_CONTROLS) != NULL ||
         (back_button != G_TYPE_INVALID && gtk_widget_get_ancestor (widget, back_button) != NULL);
}

/* Every button under @widget that shows only an icon has a name a screen
 * reader can say. Returns how many there are, libadwaita's chrome left
 * out. */
guint
ttt_test_assert_icon_buttons_named (GtkWidget *widget)
{
  guint n = 0;
  const char *icon = NULL;

  if (is_header_bar_chrome (widget))
    return 0;

  if (GTK_IS_MENU_BUTTON (widget))
    icon = gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget));
  else if (GTK_IS_BUTTON (widget) && !GTK_IS_TOGGLE_BUTTON (widget))
    icon = gtk_button_get_icon_name (GTK_BUTTON (widget));

  if (icon != NULL)
    {
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_error ("The %s button has no accessible name", icon);
      n++;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += ttt_test_assert_icon_buttons_named (child);

  return n;
}

void
ttt_test_window_set_up (TttTestWindow *fixture,
                        gconstpointer  seed)
{
  fixture->app = ttt_test_application ();
  ttt_test_reset_settings (fixture->app);

  fixture->window = ttt_test_window_new (fixture->app);
  fixture->game = ttt_window_get_game (fixture->window);
  fixture->board = ttt_window_get_board (fixture->window);
  ttt_table_set_delay (ttt_game_get_table (fixture->game), 0);
  ttt_table_set_rng_state (ttt_game_get_table (fixture->game), GPOINTER_TO_UINT (seed));
  gtk_window_present (GTK_WINDOW (fixture->window));
  ttt_test_wait_for_mapped (GTK_WIDGET (fixture->board));
}

void
ttt_test_window_tear_down (TttTestWindow *fixture,
                           gconstpointer  seed)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ttt_test_iterate ();
}

/* Resizes @window until @content, the widget that holds everything the
 * window shows, is @width × @height, as on a phone; without a compositor
 * the window's size counts its frame too. */
void
ttt_test_set_window_content_size (GtkWindow *window,
                                  GtkWidget *content,
                                  int        width,
                                  int        height)
{
  /* Again if the window was still on its way to a size it was given
   * (the game's window grows for Ultimate): the frame was then measured
   * against a size the content did not have yet. */
  for (int attempt = 0; attempt < 3; attempt++)
    {
      gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC / (attempt + 1);
      int extra_width, extra_height;

      gtk_window_get_default_size (window, &extra_width, &extra_height);
      extra_width -= gtk_widget_get_width (content);
      extra_height -= gtk_widget_get_height (content);
      gtk_window_set_default_size (window, width + extra_width, height + extra_height);
      while ((gtk_widget_get_width (content) != width || gtk_widget_get_height (content) != height) &&
             g_get_monotonic_time () < deadline)
        g_main_context_iteration (NULL, FALSE);
      ttt_test_iterate ();
      if (gtk_widget_get_width (content) == width && gtk_widget_get_height (content) == height)
        break;
    }
  g_assert_cmpint (gtk_widget_get_width (content), ==, width);
  g_assert_cmpint (gtk_widget_get_height (content), ==, height);
}

/* The same for the game's window: its content is all under the title
 * bar's frame. */
void
ttt_test_set_content_size (TttWindow *window,
                           int        width,
                           int        height)
{
  ttt_test_set_window_content_size (GTK_WINDOW (window),
                                    adw_application_window_get_content (ADW_APPLICATION_WINDOW (window)),
                                    width, height);
}

static gboolean
is_shown_of_type (GtkWidget *widget,
                  gpointer   type,
                  gboolean  *prune)
{
  return G_TYPE_CHECK_INSTANCE_TYPE (widget, GPOINTER_TO_SIZE (type)) && gtk_widget_get_visible (widget);
}

/* The secondary windows of @type shown now, dialogs drawn inside a
 * window or windows of their own (ttt-compat.h), up to @max of them put
 * in @found. */
static guint
find_dialogs (GType       type,
              GtkWidget **found,
              guint       max)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  guint n = 0;

  for (GList *l = toplevels; l != NULL; l = l->next)
    {
      GtkWidget *dialog = ttt_test_find_widget (l->data, is_shown_of_type, GSIZE_TO_POINTER (type));

      if (dialog == NULL)
        continue;
      if (n < max)
        found[n] = dialog;
      n++;
    }

  return n;
}

/* Until the object @weak_pointer watches (with a weak pointer) is gone:
 * a dialog goes once its closing has run its course. */
void
ttt_test_wait_for_finalized (gpointer *weak_pointer)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (*weak_pointer != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (*weak_pointer);
}

/* Until @dialog has opened: a dialog opens two frames after it is
 * shown, and takes the focus then; closed before, libadwaita 1.10 never
 * takes it away. A window is open once mapped. */
void
ttt_test_wait_for_dialog_open (GtkWidget *dialog)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  GtkWidget *focus = NULL;

  ttt_test_wait_for_mapped (dialog);
  if (GTK_IS_WINDOW (dialog))
    return;

  while (g_get_monotonic_time () < deadline &&
         ((focus = gtk_root_get_focus (gtk_widget_get_root (dialog))) == NULL ||
          (focus != dialog && !gtk_widget_is_ancestor (focus, dialog))))
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (focus);
  g_assert_true (focus == dialog || gtk_widget_is_ancestor (focus, dialog));
}

/* The one dialog of @type shown now, or NULL. */
GtkWidget *
ttt_test_find_dialog (GType type)
{
  GtkWidget *dialog = NULL;

  g_assert_cmpuint (find_dialogs (type, &dialog, 1), <=, 1);
  return dialog;
}

/* How many dialogs of @type are shown now. */
guint
ttt_test_count_dialogs (GType type)
{
  return find_dialogs (type, NULL, 0);
}

/* Lays @dialog out @width px wide: as a window, at that width and
 * @height; as a dialog, in the game's window at that size, where a
 * narrow window shows it as a bottom sheet. Returns its content. */
GtkWidget *
ttt_test_set_dialog_width (TttWindow *window,
                           GtkWidget *dialog,
                           int        width,
                           int        height)
{
  GtkWidget *content = ttt_compat_dialog_get_child (dialog);
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  ttt_test_wait_for_mapped (content);
  if (GTK_IS_WINDOW (dialog))
    {
      ttt_test_set_window_content_size (GTK_WINDOW (dialog), content, width, height);
      return content;
    }

  ttt_test_set_content_size (window, width, height);
  while (gtk_widget_get_width (content) != width && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  ttt_test_iterate ();
  g_assert_cmpint (gtk_widget_get_width (content), ==, width);

  return content;
}

/* A cairo node as large as @bounds, anywhere under @node. */
static gboolean
has_cairo_node (GskRenderNode         *node,
                const graphene_rect_t *bounds)
{
  graphene_rect_t node_bounds;

  gsk_render_node_get_bounds (node, &node_bounds);
  switch (gsk_render_node_get_node_type (node))
    {
    case GSK_CAIRO_NODE:
      return graphene_rect_contains_rect (&node_bounds, bounds);
    case GSK_CONTAINER_NODE:
      for (guint i = 0; i < gsk_container_node_get_n_children (node); i++)
        if (has_cairo_node (gsk_container_node_get_child (node, i), bounds))
          return TRUE;
      return FALSE;
    case GSK_TRANSFORM_NODE:
      /* The widget's own offset, if any. */
      return has_cairo_node (gsk_transform_node_get_child (node), bounds);
    default:
      return FALSE;
    }
}

/* @widget, drawn, is repainted whole whenever it is drawn again: its
 * drawing holds a cairo node as large as itself, which GTK cannot
 * compare with the last frame's (ttt_compat_snapshot_whole()). The
 * stale pixels GTK 4.24 left without it are not seen here: a test
 * draws the widget anew. */
void
ttt_test_assert_repainted_whole (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  graphene_rect_t bounds = GRAPHENE_RECT_INIT (0, 0, gtk_widget_get_width (widget), gtk_widget_get_height (widget));

  g_assert_cmpfloat (bounds.size.width, >, 0);
  g_assert_cmpfloat (bounds.size.height, >, 0);
  gdk_paintable_snapshot (paintable, GDK_SNAPSHOT (snapshot), bounds.size.width, bounds.size.height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  if (!has_cairo_node (node, &bounds))
    g_error ("%s is not repainted whole when drawn again", G_OBJECT_TYPE_NAME (widget));
}

/* @widget drawn alone at its size, as it would be on screen, in
 * premultiplied B, G, R, A bytes, @stride of them a row. Free with
 * g_free(). */
guchar *
ttt_test_render_widget (GtkWidget *widget,
                        gsize     *stride)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  guchar *pixels;

  g_assert_nonnull (renderer);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (height, >, 0);
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  g_assert_nonnull (node);
  texture = gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  *stride = (gsize) gdk_texture_get_width (texture) * 4;
  pixels = g_malloc (*stride * gdk_texture_get_height (texture));
  gdk_texture_download (texture, pixels, *stride);

  return pixels;
}
