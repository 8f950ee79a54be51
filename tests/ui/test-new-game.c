/* test-new-game.c — the New Game screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opened by New Game (and Ctrl+N), it shows what the game plays by and
 * changes nothing until Start; Start writes the choices to the settings,
 * which the Preferences window shows too, and begins that game. Play
 * Again repeats the last choice without asking. It fits 360 px, and every
 * control has a name.
 */

#include "config.h"

#include <string.h>

#include <gtk/gtk.h>

#include "ttt-application-private.h"
#include "ttt-new-game-dialog-private.h"
#include "ttt-rules-figure.h"
#include "ttt-rules-window.h"
#ifdef TTT_HAVE_NETWORK
#include "ttt-code-dialog.h"
#include "ttt-net-window.h"
#endif
#include "ttt-variants.h"
#include "ui-helpers.h"

static GtkWidget *
child (GtkWidget  *dialog,
       const char *name)
{
  GtkWidget *widget;

  /* The games' rows are made from the table of the games. */
  if (g_str_equal (name, "classic_check"))
    return GTK_WIDGET (ttt_new_game_dialog_get_game_check (TTT_NEW_GAME_DIALOG (dialog), TTT_VARIANT_CLASSIC));
  if (g_str_equal (name, "ultimate_check"))
    return GTK_WIDGET (ttt_new_game_dialog_get_game_check (TTT_NEW_GAME_DIALOG (dialog), TTT_VARIANT_ULTIMATE));
  if (g_str_equal (name, "misere_check"))
    return GTK_WIDGET (ttt_new_game_dialog_get_game_check (TTT_NEW_GAME_DIALOG (dialog), TTT_VARIANT_MISERE));
  widget = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (dialog), TTT_TYPE_NEW_GAME_DIALOG, name));

  g_assert_nonnull (widget);
  return widget;
}

static void
check (GtkWidget  *dialog,
       const char *name)
{
  gtk_check_button_set_active (GTK_CHECK_BUTTON (child (dialog, name)), TRUE);
  ttt_test_iterate ();
}

static gboolean
is_active (GtkWidget  *dialog,
           const char *name)
{
  return gtk_check_button_get_active (GTK_CHECK_BUTTON (child (dialog, name)));
}

/* The New Game screens open now. */
static guint
count_dialogs (void)
{
  return ttt_test_count_dialogs (TTT_TYPE_NEW_GAME_DIALOG);
}

/* Waits until the screen @weak watches has gone (closed and freed). */
static void
wait_for_closed (GWeakRef *weak)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  GObject *still;

  while ((still = g_weak_ref_get (weak)) != NULL && g_get_monotonic_time () < deadline)
    {
      g_object_unref (still);
      g_main_context_iteration (NULL, FALSE);
    }
  g_assert_null (still);
  g_weak_ref_clear (weak);
}

/* New Game opens the screen; it shows the settings; Start writes them and
 * begins that game, which the Preferences window then shows. */
static void
test_start (TttTestWindow *fixture,
            gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);
  GtkWidget *dialog;
  guint n_started = 0;
  GWeakRef weak;

  g_signal_connect_swapped (fixture->game, "game-started", G_CALLBACK (ttt_test_count_cb), &n_started);
  ttt_test_click (fixture->window, 4);
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 2);

  ttt_test_activate (fixture->window, "win.choose-game");
  g_assert_cmpuint (count_dialogs (), ==, 1);
  dialog = ttt_test_find_dialog (TTT_TYPE_NEW_GAME_DIALOG);
  g_assert_true (ttt_compat_dialog_get_window (dialog) == GTK_WINDOW (fixture->window));
  /* A dialog is modal by nature. */
  if (GTK_IS_WINDOW (dialog))
    g_assert_true (gtk_window_get_modal (GTK_WINDOW (dialog)));

  /* What the game plays by: the defaults. */
  g_assert_true (is_active (dialog, "classic_check"));
  g_assert_true (is_active (dialog, "computer_check"));
  g_assert_cmpuint (adw_combo_row_get_selected (ADW_COMBO_ROW (child (dialog, "difficulty_row"))), ==, TTT_LEVEL_MEDIUM);
  g_assert_true (gtk_widget_get_sensitive (child (dialog, "difficulty_row")));

  /* Nothing changes before Start: the game goes on. */
  check (dialog, "ultimate_check");
  check (dialog, "person_check");
  g_assert_false (gtk_widget_get_sensitive (child (dialog, "difficulty_row")));
  g_assert_false (gtk_widget_get_sensitive (child (dialog, "first_player_row")));
  g_assert_cmpint (g_settings_get_enum (settings, "game"), ==, TTT_VARIANT_CLASSIC);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 2);
  g_assert_cmpuint (n_started, ==, 0);

  ttt_test_wait_for_dialog_open (dialog);
  g_weak_ref_init (&weak, dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL));
  ttt_test_iterate ();
  wait_for_closed (&weak);

  g_assert_cmpint (g_settings_get_enum (settings, "game"), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpint (g_settings_get_enum (settings, "opponent"), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpuint (n_started, ==, 1);
  g_assert_cmpint (ttt_game_get_variant (fixture->game), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpint (ttt_game_get_opponent (fixture->game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);

  /* Play Again repeats the choice without asking. */
  g_assert_true (ttt_game_play (fixture->game, 40));
  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_cmpuint (count_dialogs (), ==, 0);
  g_assert_cmpuint (n_started, ==, 2);
  g_assert_cmpint (ttt_game_get_variant (fixture->game), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);

  /* The Preferences window shows the same choice, and a change there is
   * what the screen shows next time. */
  {
    TttPreferencesWindow *preferences = ttt_preferences_window_new (settings, ttt_game_get_setup (fixture->game));
    GtkWidget *again;

    GListModel *games = adw_combo_row_get_model (ttt_test_preferences_row (preferences, "game"));

    /* It lists the games of the table, by their names. */
    g_assert_cmpuint (g_list_model_get_n_items (games), ==, ttt_variants_get_n ());
    for (guint i = 0; i < ttt_variants_get_n (); i++)
      g_assert_cmpstr (gtk_string_list_get_string (GTK_STRING_LIST (games), i), ==,
                       ttt_variants_get_name (ttt_variants_get_nth (i)->variant));
    g_assert_cmpuint (adw_combo_row_get_selected (ttt_test_preferences_row (preferences, "game")), ==, 1);
    g_assert_cmpuint (adw_combo_row_get_selected (ttt_test_preferences_row (preferences, "opponent")), ==, 1);
    adw_combo_row_set_selected (ttt_test_preferences_row (preferences, "game"), 0);
    g_assert_cmpint (g_settings_get_enum (settings, "game"), ==, TTT_VARIANT_CLASSIC);
    ttt_compat_dialog_destroy (GTK_WIDGET (preferences));

    again = ttt_window_choose_game (fixture->window);
    g_assert_true (is_active (again, "classic_check"));
    /* A row for each game of the table, titled and described by it. */
    for (guint i = 0; i < ttt_variants_get_n (); i++)
      {
        TttVariant variant = ttt_variants_get_nth (i)->variant;
        GtkWidget *check = GTK_WIDGET (ttt_new_game_dialog_get_game_check (TTT_NEW_GAME_DIALOG (again), variant));
        GtkWidget *row = gtk_widget_get_ancestor (check, ADW_TYPE_ACTION_ROW);

        g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==,
                         ttt_variants_get_name (variant));
        g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (row)), ==,
                         ttt_variants_get_description (variant));
        /* The row, which has the focus, is a radio button that says
         * whether it is the game chosen: as a list row, "Classic. not
         * selected." was heard of the chosen one. */
        gtk_test_accessible_assert_role (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_ROLE_RADIO);
        gtk_test_accessible_assert_state (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_STATE_CHECKED,
                                          variant == TTT_VARIANT_CLASSIC
                                          ? GTK_ACCESSIBLE_TRISTATE_TRUE : GTK_ACCESSIBLE_TRISTATE_FALSE);
      }
    /* And says the change when another is chosen. */
    {
      GtkCheckButton *ultimate = ttt_new_game_dialog_get_game_check (TTT_NEW_GAME_DIALOG (again), TTT_VARIANT_ULTIMATE);
      GtkCheckButton *classic = ttt_new_game_dialog_get_game_check (TTT_NEW_GAME_DIALOG (again), TTT_VARIANT_CLASSIC);

      gtk_check_button_set_active (ultimate, TRUE);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (gtk_widget_get_ancestor (GTK_WIDGET (ultimate), ADW_TYPE_ACTION_ROW)),
                                        GTK_ACCESSIBLE_STATE_CHECKED, GTK_ACCESSIBLE_TRISTATE_TRUE);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (gtk_widget_get_ancestor (GTK_WIDGET (classic), ADW_TYPE_ACTION_ROW)),
                                        GTK_ACCESSIBLE_STATE_CHECKED, GTK_ACCESSIBLE_TRISTATE_FALSE);
      gtk_check_button_set_active (classic, TRUE);
    }
    g_assert_true (is_active (again, "person_check"));
    /* The opponent rows too: radio buttons that say which is chosen. */
    {
      GtkWidget *computer_row = gtk_widget_get_ancestor (child (again, "computer_check"), ADW_TYPE_ACTION_ROW);
      GtkWidget *person_row = gtk_widget_get_ancestor (child (again, "person_check"), ADW_TYPE_ACTION_ROW);

      gtk_test_accessible_assert_role (GTK_ACCESSIBLE (computer_row), GTK_ACCESSIBLE_ROLE_RADIO);
      gtk_test_accessible_assert_role (GTK_ACCESSIBLE (person_row), GTK_ACCESSIBLE_ROLE_RADIO);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (person_row), GTK_ACCESSIBLE_STATE_CHECKED,
                                        GTK_ACCESSIBLE_TRISTATE_TRUE);
      gtk_test_accessible_assert_state (GTK_ACCESSIBLE (computer_row), GTK_ACCESSIBLE_STATE_CHECKED,
                                        GTK_ACCESSIBLE_TRISTATE_FALSE);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (person_row), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           "Another Person");
    }
    ttt_test_wait_for_dialog_open (again);
    g_weak_ref_init (&weak, again);
    ttt_compat_dialog_close (again);
    wait_for_closed (&weak);
  }
}

/* The names a difficulty row lists, joined by commas. */
static char *
level_names (AdwComboRow *row)
{
  GListModel *model = adw_combo_row_get_model (row);
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < g_list_model_get_n_items (model); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? "," : "",
                            gtk_string_list_get_string (GTK_STRING_LIST (model), i));

  return g_string_free (names, FALSE);
}

/* Each game lists its own levels: three for the classic game and Misère,
 * the ladder for Ultimate; a change of game shows the counterpart of the
 * level shown, writes nothing, and Start stores the level chosen. The
 * Preferences window lists them the same way. */
static void
test_levels (TttTestWindow *fixture,
             gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);
  GtkWidget *dialog = ttt_window_choose_game (fixture->window);
  AdwComboRow *row = ADW_COMBO_ROW (child (dialog, "difficulty_row"));
  TttPreferencesWindow *preferences;
  AdwComboRow *preferences_row;
  GWeakRef weak;
  char *names;

  names = level_names (row);
  g_assert_cmpstr (names, ==, "Easy,Medium,Hard");
  g_free (names);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 1);

  /* Medium's counterpart in Ultimate is the Club. */
  check (dialog, "ultimate_check");
  names = level_names (row);
  g_assert_cmpstr (names, ==, "Beginner,Casual,Club,Strong,Master");
  g_free (names);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 2);
  g_assert_cmpint (g_settings_get_enum (settings, "difficulty"), ==, TTT_LEVEL_MEDIUM);

  /* Master is Hard in Misère, and Hard Master again. */
  adw_combo_row_set_selected (row, 4);
  check (dialog, "misere_check");
  names = level_names (row);
  g_assert_cmpstr (names, ==, "Easy,Medium,Hard");
  g_free (names);
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 2);
  check (dialog, "ultimate_check");
  g_assert_cmpuint (adw_combo_row_get_selected (row), ==, 4);

  adw_combo_row_set_selected (row, 0);
  ttt_test_wait_for_dialog_open (dialog);
  g_weak_ref_init (&weak, dialog);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (dialog), "new-game.start", NULL));
  ttt_test_iterate ();
  wait_for_closed (&weak);
  g_assert_cmpint (g_settings_get_enum (settings, "difficulty"), ==, TTT_LEVEL_BEGINNER);
  g_assert_cmpint (ttt_game_get_variant (fixture->game), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpint (ttt_game_get_difficulty (fixture->game), ==, TTT_LEVEL_BEGINNER);

  /* Preferences: the ladder for Ultimate; another game there lists its
   * levels at the counterpart, writing no level. */
  preferences = ttt_preferences_window_new (settings, ttt_game_get_setup (fixture->game));
  preferences_row = ttt_test_preferences_row (preferences, "difficulty");
  names = level_names (preferences_row);
  g_assert_cmpstr (names, ==, "Beginner,Casual,Club,Strong,Master");
  g_free (names);
  g_assert_cmpuint (adw_combo_row_get_selected (preferences_row), ==, 0);
  adw_combo_row_set_selected (ttt_test_preferences_row (preferences, "game"), 0);
  names = level_names (preferences_row);
  g_assert_cmpstr (names, ==, "Easy,Medium,Hard");
  g_free (names);
  g_assert_cmpuint (adw_combo_row_get_selected (preferences_row), ==, 0);
  g_assert_cmpint (g_settings_get_enum (settings, "difficulty"), ==, TTT_LEVEL_BEGINNER);
  adw_combo_row_set_selected (preferences_row, 2);
  g_assert_cmpint (g_settings_get_enum (settings, "difficulty"), ==, TTT_LEVEL_HARD);
  ttt_compat_dialog_destroy (GTK_WIDGET (preferences));
}

/* Cancel (and Escape) leave the game and the settings as they were. */
static void
test_cancel (TttTestWindow *fixture,
             gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);
  GtkWidget *dialog;
  guint n_started = 0;
  GWeakRef weak;

  ttt_test_click (fixture->window, 0);
  ttt_test_wait_for_human (fixture->game);
  g_signal_connect_swapped (fixture->game, "game-started", G_CALLBACK (ttt_test_count_cb), &n_started);

  dialog = ttt_window_choose_game (fixture->window);
  check (dialog, "ultimate_check");
  adw_combo_row_set_selected (ADW_COMBO_ROW (child (dialog, "difficulty_row")), TTT_LEVEL_HARD);
  ttt_test_wait_for_dialog_open (dialog);
  g_weak_ref_init (&weak, dialog);
  gtk_widget_activate (child (dialog, "cancel_button"));
  ttt_test_iterate ();
  wait_for_closed (&weak);


  g_assert_cmpint (g_settings_get_enum (settings, "game"), ==, TTT_VARIANT_CLASSIC);
  g_assert_cmpint (g_settings_get_enum (settings, "difficulty"), ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpint (ttt_setup_get_variant (ttt_game_get_setup (fixture->game)), ==, TTT_VARIANT_CLASSIC);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 2);
  g_assert_cmpuint (n_started, ==, 0);

  dialog = ttt_window_choose_game (fixture->window);
  check (dialog, "ultimate_check");
  ttt_test_wait_for_dialog_open (dialog);
  g_weak_ref_init (&weak, dialog);
  g_assert_true (ttt_test_press_key (dialog, GDK_KEY_Escape));
  ttt_test_iterate ();
  wait_for_closed (&weak);
  g_assert_cmpint (g_settings_get_enum (settings, "game"), ==, TTT_VARIANT_CLASSIC);
  /* Escape closed the screen, not the game's window under it. */
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (fixture->window)));
}

static gboolean
is_how_to_play (GtkWidget *widget,
                gpointer   user_data,
                gboolean  *prune)
{
  return GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), "How to Play") == 0;
}

/* At 360 px every label shows whole, in the language of the run, and
 * every choice has a name a screen reader says. */
static void
test_narrow_and_named (TttTestWindow *fixture,
                       gconstpointer  data)
{
  static const struct { const char *check; const char *name; } names[] = {
    { "classic_check", "Classic" },
    { "ultimate_check", "Ultimate" },
    { "computer_check", "Computer" },
    { "person_check", "Another Person" },
  };
  GApplication *app = G_APPLICATION (fixture->app);
  GtkWidget *dialog = ttt_window_choose_game (fixture->window);
  GtkWidget *content = ttt_compat_dialog_get_child (dialog);
  int minimum;

  ttt_test_wait_for_mapped (content);
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  ttt_test_set_dialog_width (fixture->window, dialog, 360, 600);
  ttt_test_assert_labels_whole (content);
  g_assert_cmpuint (ttt_test_assert_icon_buttons_named (content), ==, 0);

  for (gsize i = 0; i < G_N_ELEMENTS (names); i++)
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (child (dialog, names[i].check)),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, names[i].name);
  if (g_action_group_has_action (G_ACTION_GROUP (app), "network"))
    gtk_test_accessible_assert_property (GTK_ACCESSIBLE (child (dialog, "network_row")),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, "Someone on Another Computer");

  /* Start is what Enter presses. */
  g_assert_true (ttt_compat_dialog_get_focus (dialog) == child (dialog, "start_button"));

  /* How to play is a click away, in the game's own rules. */
  {
    GtkWidget *how = ttt_test_find_widget (content, is_how_to_play, NULL);

    g_assert_nonnull (how);
    g_assert_cmpstr (gtk_actionable_get_action_name (GTK_ACTIONABLE (how)), ==, "new-game.how-to-play");
    /* It reaches the action: a button whose action is not found is
     * insensitive, and Tab passes it by. */
    g_assert_true (gtk_widget_is_sensitive (how));
    g_assert_true (gtk_widget_get_focusable (how));
  }

  ttt_compat_dialog_destroy (dialog);
}

/* Tab from the focus to the last stop of the screen, or Shift+Tab to
 * the first (a window goes round to where the walk began, a dialog
 * inside one ends): each step must reach a stop not reached before, or
 * the keys are caught. Returns the stops in @stops. */
static void
walk (GtkWidget        *dialog,
      GtkDirectionType  direction,
      GPtrArray        *stops)
{
  for (guint step = 0; step < 200; step++)
    {
      GtkWidget *focus;

      if (!gtk_widget_child_focus (dialog, direction))
        return;
      ttt_test_iterate ();
      focus = ttt_compat_dialog_get_focus (dialog);
      if (focus == NULL)
        return;
      g_test_message ("%s %s", direction == GTK_DIR_TAB_FORWARD ? "Tab" : "Shift+Tab",
                      G_OBJECT_TYPE_NAME (focus));
      if (stops->len > 0 && g_ptr_array_index (stops, 0) == focus)
        return;
      for (guint i = 0; i < stops->len; i++)
        if (g_ptr_array_index (stops, i) == focus)
          g_error ("Caught: %s, %s comes again on the %u-th step",
                   direction == GTK_DIR_TAB_FORWARD ? "Tab" : "Shift+Tab", G_OBJECT_TYPE_NAME (focus), step + 1);
      g_ptr_array_add (stops, focus);
    }
  g_error ("More than 200 stops on the screen");
}

static gboolean
reached (GPtrArray *stops,
         GtkWidget *widget)
{
  for (guint i = 0; i < stops->len; i++)
    if (g_ptr_array_index (stops, i) == widget ||
        gtk_widget_is_ancestor (g_ptr_array_index (stops, i), widget))
      return TRUE;
  return FALSE;
}

/* With the network row open, Tab walks from the first stop to the last
 * and Shift+Tab back, through every row, and no stop keeps the keys (on
 * sid a walk seemed caught on one row). */
static void
test_tab_walk (TttTestWindow *fixture,
               gconstpointer  data)
{
  GtkWidget *dialog = ttt_window_choose_game (fixture->window);
  GtkWidget *content = ttt_compat_dialog_get_child (dialog);
  g_autoptr(GPtrArray) forward = g_ptr_array_new ();
  g_autoptr(GPtrArray) backward = g_ptr_array_new ();
  /* Of a group of choices, the one chosen is the stop (the arrows go
   * to the others). */
  const char *rows[] = { "cancel_button", "start_button", "classic_check", "how_to_play_button",
                         "computer_check", "network_row", "nearby_row", "invite_row", "join_row",
                         "difficulty_row", "first_player_row" };

  ttt_test_wait_for_mapped (content);
  ttt_test_wait_for_dialog_open (dialog);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (child (dialog, "network_row")), TRUE);
  ttt_test_wait_for_mapped (child (dialog, "join_row"));

  /* To the end from where the screen opens, back to the start, and to
   * the end again: every stop is on the last walk. */
  walk (dialog, GTK_DIR_TAB_FORWARD, forward);
  walk (dialog, GTK_DIR_TAB_BACKWARD, backward);
  g_ptr_array_set_size (forward, 0);
  walk (dialog, GTK_DIR_TAB_FORWARD, forward);
  g_assert_cmpuint (forward->len + 1, ==, backward->len + 1);
  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *row = child (dialog, rows[i]);

      if (gtk_widget_get_mapped (row) && !reached (forward, row) && !reached (backward, row))
        g_error ("Tab never reaches %s", rows[i]);
    }
  ttt_compat_dialog_destroy (dialog);
}

/* Beside a window 360 px wide, on what may be a phone's screen, the
 * screen opens no wider than it: as a window of its own (libadwaita
 * 1.2) it opened 420 px wide. */
static void
test_fits_narrow_window (TttTestWindow *fixture,
                         gconstpointer  data)
{
  GtkWidget *dialog;
  GtkWidget *content;
  GtkWidget *root;

  ttt_test_set_content_size (fixture->window, 360, 600);
  dialog = ttt_window_choose_game (fixture->window);
  content = ttt_compat_dialog_get_child (dialog);
  ttt_test_wait_for_mapped (content);
  ttt_test_wait_for_frame (content);
  root = GTK_WIDGET (gtk_widget_get_root (content));
  g_test_message ("the screen is %d px wide beside a window of %d px",
                  gtk_widget_get_width (root), gtk_widget_get_width (GTK_WIDGET (fixture->window)));
  g_assert_cmpint (gtk_widget_get_width (root), <=, gtk_widget_get_width (GTK_WIDGET (fixture->window)));
  g_assert_cmpint (gtk_widget_get_width (content), <=, 360);
  g_assert_cmpint (gtk_widget_get_width (content), >, 0);

  ttt_compat_dialog_destroy (dialog);
}

/* The network windows open now. The type is looked up by name: a build
 * without the network core has none. */
static guint
count_network_windows (void)
{
  GType type = g_type_from_name ("TttNetWindow");
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();
  guint n = 0;

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (type != 0 && G_TYPE_CHECK_INSTANCE_TYPE (l->data, type) && gtk_widget_get_visible (l->data))
      n++;

  return n;
}

/* "Someone on Another Computer" is there exactly when the game can play
 * over the network (app.network exists); its nearby way closes the
 * screen, changes nothing, and opens the network window on the game's
 * window. */
static void
test_network (TttTestWindow *fixture,
              gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);
  gboolean has_network = g_action_group_has_action (G_ACTION_GROUP (fixture->app), "network");
  g_autoptr(GList) toplevels = NULL;
  GtkWidget *dialog;
  GtkWidget *row;
#ifdef TTT_HAVE_NETWORK
  TttNetWindow *network = NULL;
  TttNetSession *session;
#endif
  GWeakRef weak;

#ifdef TTT_HAVE_NETWORK
  g_assert_true (has_network);
#else
  g_assert_false (has_network);
#endif

  dialog = ttt_window_choose_game (fixture->window);
  row = child (dialog, "network_row");
  ttt_test_wait_for_mapped (ttt_compat_dialog_get_child (dialog));
  g_assert_true (gtk_widget_get_visible (row) == has_network);
  g_assert_true (gtk_widget_get_mapped (row) == has_network);
  if (!has_network)
    {
      ttt_compat_dialog_destroy (dialog);
      return;
    }

  g_assert_cmpuint (count_network_windows (), ==, 0);
  check (dialog, "ultimate_check");
  ttt_test_wait_for_dialog_open (dialog);
  g_weak_ref_init (&weak, dialog);
  adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), TRUE);
  gtk_widget_activate (child (dialog, "nearby_row"));
  ttt_test_iterate ();
  wait_for_closed (&weak);
  g_assert_cmpuint (count_dialogs (), ==, 0);
  g_assert_cmpuint (count_network_windows (), ==, 1);
  g_assert_cmpint (g_settings_get_enum (settings, "game"), ==, TTT_VARIANT_CLASSIC);

#ifdef TTT_HAVE_NETWORK
  /* One network game at a time: asked again, as the menu or a second
   * start with --host would, the window already open comes to the front,
   * and the game it hosts goes on. */
  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, g_type_from_name ("TttNetWindow")))
      network = l->data;
  g_assert_nonnull (network);
  ttt_net_window_host (network, 0);
  session = ttt_net_window_get_session (network);
  g_assert_nonnull (session);
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "network", NULL);
  ttt_test_iterate ();
  g_assert_cmpuint (count_network_windows (), ==, 1);
  g_assert_true (ttt_net_window_get_session (network) == session);
  g_assert_cmpint (ttt_net_session_get_state (session), !=, TTT_NET_SESSION_CLOSED);
  g_clear_pointer (&toplevels, g_list_free);
#endif

  toplevels = gtk_window_list_toplevels ();
  for (GList *l = toplevels; l != NULL; l = l->next)
    if (G_TYPE_CHECK_INSTANCE_TYPE (l->data, g_type_from_name ("TttNetWindow")))
      {
        g_assert_true (gtk_window_get_transient_for (l->data) == GTK_WINDOW (fixture->window));
        gtk_window_destroy (l->data);
      }
  ttt_test_iterate ();
  g_assert_cmpuint (count_network_windows (), ==, 0);
}

#ifdef TTT_HAVE_NETWORK
/* The window of play by a code open now, if any. */
static TttCodeDialog *
find_code_dialog (void)
{
  g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

  for (GList *l = toplevels; l != NULL; l = l->next)
    if (TTT_IS_CODE_DIALOG (l->data) && gtk_widget_get_visible (l->data))
      return l->data;
  return NULL;
}

/* The page the window of play by a code shows; a host's invitation
 * that the absent mailbox server has already failed is still hosting. */
static char *
code_page (TttCodeDialog *dialog)
{
  g_autoptr(GVariant) shown = ttt_code_dialog_describe (dialog);
  const char *page = NULL;
  const char *title = NULL;

  g_variant_lookup (shown, "page", "&s", &page);
  g_variant_lookup (shown, "title", "&s", &title);
  if (g_strcmp0 (page, "failed") == 0 && g_strcmp0 (title, "No Game Could Be Hosted") == 0)
    page = "invite";
  return g_strdup (page);
}
#endif

/* Issue 34: the row of someone elsewhere offers both ways the main menu
 * has: nearby, and by a code over the internet, to invite a friend or to
 * join one. The row takes the focus and Enter opens it; each way is a
 * focusable row with a name and a description, and each closes the screen and opens what the
 * menu's item opens: the network window, or the window of play by a code
 * on its invitation or on its entry. The mailbox server is one on
 * loopback that is not there: nothing leaves the machine. */
static void
test_network_ways (TttTestWindow *fixture,
                   gconstpointer  data)
{
#ifdef TTT_HAVE_NETWORK
  static const struct { const char *row; const char *name; const char *page; } ways[] = {
    { "nearby_row", "On the Same Network", NULL },
    { "invite_row", "Invite Over the Internet", "invite" },
    { "join_row", "Join With a Code", "join" },
  };
  GSettings *settings = ttt_application_get_settings (fixture->app);

  g_settings_set_string (settings, "wormhole-mailbox", "ws://127.0.0.1:9/v1");
  /* A name typed before: else the invitation asks for one first. */
  g_settings_set_string (settings, "player-name", "Ana");
  for (gsize i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      GtkWidget *dialog = ttt_window_choose_game (fixture->window);
      GtkWidget *expander = child (dialog, "network_row");
      GtkWidget *row = child (dialog, ways[i].row);
      GWeakRef weak;

      ttt_test_wait_for_mapped (ttt_compat_dialog_get_child (dialog));
      ttt_test_wait_for_dialog_open (dialog);
      /* The focus goes into the row, as Tab takes it there; Enter
       * opens it on its ways, each a focusable row of its list. */
      g_assert_false (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)));
      g_assert_true (gtk_widget_child_focus (expander, GTK_DIR_TAB_FORWARD));
      ttt_test_iterate ();
      g_assert_true (gtk_widget_is_ancestor (ttt_compat_dialog_get_focus (dialog), expander));
      gtk_widget_activate (ttt_compat_dialog_get_focus (dialog));
      ttt_test_wait_for_mapped (row);
      g_assert_true (adw_expander_row_get_expanded (ADW_EXPANDER_ROW (expander)));
      g_assert_true (gtk_widget_get_focusable (row));
      g_assert_true (gtk_list_box_row_get_activatable (GTK_LIST_BOX_ROW (row)));
      g_assert_true (gtk_widget_grab_focus (row));
      g_assert_true (ttt_compat_dialog_get_focus (dialog) == row);
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, ways[i].name);
      g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
      ttt_test_set_dialog_width (fixture->window, dialog, 360, 600);
      ttt_test_assert_labels_whole (ttt_compat_dialog_get_child (dialog));

      g_weak_ref_init (&weak, dialog);
      /* Enter on the focused row. */
      gtk_widget_activate (ttt_compat_dialog_get_focus (dialog));
      ttt_test_iterate ();
      wait_for_closed (&weak);
      g_assert_cmpuint (count_dialogs (), ==, 0);
      if (ways[i].page == NULL)
        {
          g_assert_cmpuint (count_network_windows (), ==, 1);
          g_assert_null (find_code_dialog ());
        }
      else
        {
          TttCodeDialog *code = find_code_dialog ();
          g_autofree char *page = NULL;

          g_assert_cmpuint (count_network_windows (), ==, 0);
          g_assert_nonnull (code);
          page = code_page (code);
          g_assert_cmpstr (page, ==, ways[i].page);
          g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (code)) == GTK_WINDOW (fixture->window));
        }

      {
        g_autoptr(GList) toplevels = gtk_window_list_toplevels ();

        for (GList *l = toplevels; l != NULL; l = l->next)
          if (TTT_IS_NET_WINDOW (l->data) || TTT_IS_CODE_DIALOG (l->data))
            gtk_window_destroy (l->data);
      }
      ttt_test_iterate ();
    }
  g_settings_reset (settings, "wormhole-mailbox");
  g_settings_reset (settings, "player-name");
#else
  g_test_skip ("built without network play");
#endif
}

/* The windows that connect a network game open beside a narrow game
 * window no wider than it, as the New Game screen does: the game by a
 * code (joining, which waits for a code and reaches no server) and the
 * game nearby. */
static void
test_network_windows_fit (TttTestWindow *fixture,
                          gconstpointer  data)
{
#ifdef TTT_HAVE_NETWORK
  const char *actions[] = { "join-by-code", "network" };

  ttt_test_set_content_size (fixture->window, 360, 600);
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    {
      g_autoptr(GList) toplevels = NULL;
      GtkWidget *opened = NULL;

      g_action_group_activate_action (G_ACTION_GROUP (fixture->app), actions[i], NULL);
      toplevels = gtk_window_list_toplevels ();
      for (GList *l = toplevels; l != NULL; l = l->next)
        if ((TTT_IS_CODE_DIALOG (l->data) || TTT_IS_NET_WINDOW (l->data)) && gtk_widget_get_visible (l->data))
          opened = l->data;
      g_assert_nonnull (opened);
      ttt_test_wait_for_mapped (opened);
      ttt_test_wait_for_frame (opened);
      g_test_message ("%s: %d px beside a window of %d px", actions[i], gtk_widget_get_width (opened),
                      gtk_widget_get_width (GTK_WIDGET (fixture->window)));
      g_assert_cmpint (gtk_widget_get_width (opened), >, 0);
      g_assert_cmpint (gtk_widget_get_width (opened), <=, gtk_widget_get_width (GTK_WIDGET (fixture->window)));
      g_assert_true (gtk_window_get_transient_for (GTK_WINDOW (opened)) == GTK_WINDOW (fixture->window));
      gtk_window_destroy (GTK_WINDOW (opened));
      ttt_test_iterate ();
    }
#else
  g_test_skip ("built without network play");
#endif
}

/* A desktop with no help viewer, or one with: whatever this machine
 * has, the manual is "shown" by these, which count what they were asked
 * and answer at once, as GTK does without a handler for help: URIs. */
static GPtrArray *asked_uris;

static void
show_uri_fails (GtkWindow           *parent,
                const char          *uri,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (parent, cancellable, callback, user_data);

  g_ptr_array_add (asked_uris, g_strdup (uri));
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_NOT_SUPPORTED, "Operation not supported");
}

static void
show_uri_works (GtkWindow           *parent,
                const char          *uri,
                GCancellable        *cancellable,
                GAsyncReadyCallback  callback,
                gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (parent, cancellable, callback, user_data);

  g_ptr_array_add (asked_uris, g_strdup (uri));
  g_task_return_boolean (task, TRUE);
}

static gboolean
show_uri_finish (GtkWindow     *parent,
                 GAsyncResult  *result,
                 GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
use_help_viewer (TttApplication *app,
                 gboolean        works)
{
  g_clear_pointer (&asked_uris, g_ptr_array_unref);
  asked_uris = g_ptr_array_new_with_free_func (g_free);
  ttt_application_set_show_uri (app, works ? show_uri_works : show_uri_fails, show_uri_finish);
}

/* Waits until a rules window shows, and returns it. */
static GtkWidget *
wait_for_rules (void)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  GtkWidget *rules;

  while ((rules = ttt_test_find_dialog (TTT_TYPE_RULES_WINDOW)) == NULL &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (rules);
  ttt_test_wait_for_dialog_open (rules);
  return rules;
}

static void
close_rules (GtkWidget *rules)
{
  GWeakRef weak;

  g_weak_ref_init (&weak, rules);
  g_assert_true (ttt_test_press_key (rules, GDK_KEY_Escape));
  ttt_test_iterate ();
  wait_for_closed (&weak);
}

static gboolean
is_figure (GtkWidget *widget,
           gpointer   user_data,
           gboolean  *prune)
{
  return TTT_IS_RULES_FIGURE (widget);
}

/* The rules open with the focus on the switcher's button of the game
 * shown: pressed, and named as the page's title. */
static void
assert_focus_on_shown_game (GtkWidget *rules)
{
  GtkWidget *focus = ttt_compat_dialog_get_focus (rules);
  GtkStack *stack = GTK_STACK (gtk_widget_get_template_child (rules, TTT_TYPE_RULES_WINDOW, "stack"));
  GtkStackPage *page = gtk_stack_get_page (stack, gtk_stack_get_visible_child (stack));
  GtkWidget *label;

  g_assert_true (GTK_IS_TOGGLE_BUTTON (focus));
  g_assert_true (gtk_widget_has_focus (focus));
  g_assert_true (gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (focus)));
  label = ttt_test_find_widget (focus, ttt_test_is_of_type, GSIZE_TO_POINTER (GTK_TYPE_LABEL));
  g_assert_nonnull (label);
  g_assert_cmpstr (gtk_label_get_text (GTK_LABEL (label)), ==, gtk_stack_page_get_title (page));
}

/* How to Play opens the game's own rules of the game chosen, with no
 * help viewer asked: a page for each game of the table, named by it, and
 * Ultimate's with its picture. The New Game screen is there after. */
static void
test_how_to_play (TttTestWindow *fixture,
                  gconstpointer  data)
{
  GtkWidget *dialog = ttt_window_choose_game (fixture->window);
  GtkWidget *rules;
  GtkStack *stack;
  GtkWidget *figure;

  use_help_viewer (fixture->app, FALSE);
  ttt_test_wait_for_dialog_open (dialog);
  check (dialog, "ultimate_check");
  gtk_widget_activate (child (dialog, "how_to_play_button"));
  rules = wait_for_rules ();
  g_assert_cmpuint (asked_uris->len, ==, 0);
  g_assert_cmpint (ttt_rules_window_get_variant (TTT_RULES_WINDOW (rules)), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpuint (ttt_test_count_dialogs (TTT_TYPE_RULES_WINDOW), ==, 1);
  assert_focus_on_shown_game (rules);

  stack = GTK_STACK (gtk_widget_get_template_child (rules, TTT_TYPE_RULES_WINDOW, "stack"));
  {
    g_autoptr(GtkSelectionModel) pages = gtk_stack_get_pages (stack);

    g_assert_cmpuint (g_list_model_get_n_items (G_LIST_MODEL (pages)), ==, ttt_variants_get_n ());
    for (guint i = 0; i < ttt_variants_get_n (); i++)
      {
        const TttVariantInfo *info = ttt_variants_get_nth (i);
        GtkStackPage *page = gtk_stack_get_page (stack, gtk_stack_get_child_by_name (stack, info->id));

        g_assert_nonnull (page);
        g_assert_cmpstr (gtk_stack_page_get_title (page), ==, ttt_variants_get_name (info->variant));
      }
  }
  figure = ttt_test_find_widget (gtk_stack_get_visible_child (stack), is_figure, NULL);
  g_assert_nonnull (figure);
  g_assert_cmpint (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (figure)), ==, GTK_ACCESSIBLE_ROLE_IMG);
  g_assert_true (gtk_test_accessible_has_relation (GTK_ACCESSIBLE (figure), GTK_ACCESSIBLE_RELATION_LABELLED_BY));
  /* As it opens, the page is whole, down to the picture's caption: a
   * caption cut in half by the window's edge looked like the end of it. */
  {
    GtkScrolledWindow *page = GTK_SCROLLED_WINDOW (gtk_stack_get_visible_child (stack));
    GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (page);

    ttt_test_wait_for_mapped (figure);
    ttt_test_iterate ();
    g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment));
  }
  ttt_test_set_dialog_width (fixture->window, rules, 360, 600);
  ttt_test_assert_labels_whole (ttt_compat_dialog_get_child (rules));

  close_rules (rules);
  g_assert_cmpuint (count_dialogs (), ==, 1);

  /* Classic's, for Classic. */
  check (dialog, "classic_check");
  gtk_widget_activate (child (dialog, "how_to_play_button"));
  rules = wait_for_rules ();
  g_assert_cmpint (ttt_rules_window_get_variant (TTT_RULES_WINDOW (rules)), ==, TTT_VARIANT_CLASSIC);
  assert_focus_on_shown_game (rules);
  close_rules (rules);

  ttt_compat_dialog_destroy (dialog);
  ttt_application_set_show_uri (fixture->app, NULL, NULL);
}

/* F1 opens the manual where a help viewer can; where none can, the
 * game's rules, of the game in play, and never an error; on the New
 * Game screen too. */
static void
test_help_fallback (TttTestWindow *fixture,
                    gconstpointer  data)
{
  GtkWidget *dialog;
  GtkWidget *rules;

  use_help_viewer (fixture->app, TRUE);
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "help", NULL);
  ttt_test_iterate ();
  g_assert_cmpuint (asked_uris->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (asked_uris, 0), ==, "help:tictactoe");
  g_assert_cmpuint (ttt_test_count_dialogs (TTT_TYPE_RULES_WINDOW), ==, 0);

  use_help_viewer (fixture->app, FALSE);
  g_assert_true (ttt_test_press_window_key (GTK_WINDOW (fixture->window), GDK_KEY_F1, 0));
  rules = wait_for_rules ();
  g_assert_cmpuint (asked_uris->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (asked_uris, 0), ==, "help:tictactoe");
  g_assert_cmpint (ttt_rules_window_get_variant (TTT_RULES_WINDOW (rules)), ==, TTT_VARIANT_CLASSIC);
  close_rules (rules);

  /* A page of the manual asked for: that game's rules. */
  g_action_group_activate_action (G_ACTION_GROUP (fixture->app), "help-page",
                                  g_variant_new_string (ttt_variants_get (TTT_VARIANT_MISERE)->help_page));
  rules = wait_for_rules ();
  g_assert_cmpint (ttt_rules_window_get_variant (TTT_RULES_WINDOW (rules)), ==, TTT_VARIANT_MISERE);
  close_rules (rules);

  /* F1 on the New Game screen, which is all there is at the first start. */
  dialog = ttt_window_choose_game (fixture->window);
  ttt_test_wait_for_dialog_open (dialog);
  g_assert_true (ttt_test_press_key (dialog, GDK_KEY_F1));
  rules = wait_for_rules ();
  close_rules (rules);
  g_assert_cmpuint (count_dialogs (), ==, 1);
  ttt_compat_dialog_destroy (dialog);
  ttt_application_set_show_uri (fixture->app, NULL, NULL);
}

static void
count_activate_cb (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  (*(guint *) user_data)++;
}

/* Ctrl+Q on the New Game screen quits, as everywhere. The application's
 * quit is swapped for one that counts, so that the test's window stays. */
static void
test_quit (TttTestWindow *fixture,
           gconstpointer  data)
{
  GActionMap *map = G_ACTION_MAP (fixture->app);
  g_autoptr(GAction) quit = g_object_ref (g_action_map_lookup_action (map, "quit"));
  g_autoptr(GSimpleAction) counting = g_simple_action_new ("quit", NULL);
  GtkWidget *dialog = ttt_window_choose_game (fixture->window);
  guint n_quits = 0;

  g_signal_connect (counting, "activate", G_CALLBACK (count_activate_cb), &n_quits);
  g_action_map_add_action (map, G_ACTION (counting));
  ttt_test_wait_for_dialog_open (dialog);
  g_assert_true (ttt_test_press_key_with (dialog, GDK_KEY_q, GDK_CONTROL_MASK));
  ttt_test_iterate ();
  g_assert_cmpuint (n_quits, ==, 1);
  g_action_map_add_action (map, quit);
  ttt_compat_dialog_destroy (dialog);
}

static gboolean
is_popover (GtkWidget *widget,
            gpointer   user_data,
            gboolean  *prune)
{
  return GTK_IS_POPOVER (widget) && gtk_widget_get_visible (widget);
}

/* Enter on a combo row opens its list, rather than starting with the
 * value it shows; Start then leaves the keyboard on the board. */
static void
test_combo_enter (TttTestWindow *fixture,
                  gconstpointer  data)
{
  static const char *const rows[] = { "difficulty_row", "first_player_row" };
  GtkWidget *dialog;
  GtkWindow *window;
  guint n_started = 0;
  guint n_start_activations = 0;
  GWeakRef weak;

  /* As when the main menu's New Game opened it: the focus was in the
   * header, not on the board. */
  gtk_widget_grab_focus (ttt_test_window_child (fixture->window, "menu_button"));
  dialog = ttt_window_choose_game (fixture->window);

  g_signal_connect_swapped (fixture->game, "game-started", G_CALLBACK (ttt_test_count_cb), &n_started);
  g_signal_connect_swapped (child (dialog, "start_button"), "activate",
                            G_CALLBACK (ttt_test_count_cb), &n_start_activations);
  ttt_test_wait_for_dialog_open (dialog);
  window = GTK_IS_WINDOW (dialog) ? GTK_WINDOW (dialog) : GTK_WINDOW (fixture->window);

  for (gsize i = 0; i < G_N_ELEMENTS (rows); i++)
    {
      GtkWidget *row = child (dialog, rows[i]);
      GtkWidget *popover;

      gtk_widget_grab_focus (row);
      g_assert_true (ttt_compat_dialog_get_focus (dialog) == row);
      g_assert_true (ttt_test_press_window_key (window, GDK_KEY_Return, 0));
      ttt_test_iterate ();
      /* Start was not activated (its click would come 250 ms later). */
      g_assert_cmpuint (n_start_activations, ==, 0);
      g_assert_cmpuint (n_started, ==, 0);
      g_assert_cmpuint (count_dialogs (), ==, 1);
      popover = ttt_test_find_widget (row, is_popover, NULL);
      g_assert_nonnull (popover);
      gtk_popover_popdown (GTK_POPOVER (popover));
      ttt_test_iterate ();
    }

  /* Start, chosen with the list closed. */
  g_weak_ref_init (&weak, dialog);
  g_assert_true (gtk_widget_activate_action (dialog, "new-game.start", NULL));
  ttt_test_iterate ();
  wait_for_closed (&weak);
  g_assert_cmpuint (n_started, ==, 1);

  {
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
    GtkWidget *board = GTK_WIDGET (fixture->board);
    GtkWidget *focus = NULL;

    while (g_get_monotonic_time () < deadline &&
           ((focus = gtk_window_get_focus (GTK_WINDOW (fixture->window))) == NULL ||
            (focus != board && !gtk_widget_is_ancestor (focus, board))))
      g_main_context_iteration (NULL, FALSE);
    g_assert_nonnull (focus);
    g_assert_true (focus == board || gtk_widget_is_ancestor (focus, board));
  }
}

/* The accessible label @accessible was given, or NULL. GTK has no getter:
 * the test API's check hands back the value it found when it is not the
 * one expected, and none is a control character. */
static char *
accessible_label (GtkAccessible *accessible)
{
  char *label;

  if (!gtk_test_accessible_has_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL))
    return NULL;
  label = gtk_test_accessible_check_property (accessible, GTK_ACCESSIBLE_PROPERTY_LABEL, "\x01");
  g_assert_nonnull (label);
  return label;
}

static gboolean
check_no_underscore (GtkWidget *widget,
                     gpointer   user_data,
                     gboolean  *prune)
{
  guint *n_checked = user_data;
  g_autofree char *label = accessible_label (GTK_ACCESSIBLE (widget));

  if (label != NULL)
    {
      if (strchr (label, '_') != NULL)
        g_error ("%s is named “%s”", G_OBJECT_TYPE_NAME (widget), label);
      (*n_checked)++;
    }
  /* A button's label with a mnemonic names it: it must be named
   * without the underscore, once. */
  if (GTK_IS_BUTTON (widget) && gtk_button_get_use_underline (GTK_BUTTON (widget)))
    {
      g_autofree char *bare = g_strdup (gtk_button_get_label (GTK_BUTTON (widget)));
      char *underscore;

      while ((underscore = strchr (bare, '_')) != NULL)
        memmove (underscore, underscore + 1, strlen (underscore));
      g_assert_cmpstr (label, ==, bare);
    }
  if (GTK_IS_LABEL (widget) && gtk_label_get_use_underline (GTK_LABEL (widget)))
    g_assert_null (strchr (gtk_label_get_text (GTK_LABEL (widget)), '_'));
  return FALSE;
}

/* No name a screen reader says on the New Game screen has a mnemonic's
 * underscore in it, nor says a button twice ("_Start Start"). */
static void
test_no_underscore (TttTestWindow *fixture,
                    gconstpointer  data)
{
  GtkWidget *dialog = ttt_window_choose_game (fixture->window);
  guint n_checked = 0;

  ttt_test_wait_for_dialog_open (dialog);
  g_assert_null (ttt_test_find_widget (dialog, check_no_underscore, &n_checked));
  g_assert_cmpuint (n_checked, >=, 4);
  ttt_compat_dialog_destroy (dialog);
}

/* The first start greets with the screen, once; a start whose command
 * line set the game up does not (see test-startup and the Orca test). */
static void
test_first_start (void)
{
  TttApplication *app = ttt_test_application ();
  GSettings *settings;
  GtkWindow *window;

  ttt_test_reset_settings (app);
  settings = ttt_application_get_settings (app);
  g_assert_false (g_settings_get_boolean (settings, "new-game-shown"));

  g_application_activate (G_APPLICATION (app));
  ttt_test_iterate ();
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (TTT_IS_WINDOW (window));
  g_assert_cmpuint (count_dialogs (), ==, 1);
  g_assert_true (g_settings_get_boolean (settings, "new-game-shown"));
  gtk_window_destroy (window);
  ttt_test_iterate ();
  g_assert_cmpuint (count_dialogs (), ==, 0);

  g_application_activate (G_APPLICATION (app));
  ttt_test_iterate ();
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (TTT_IS_WINDOW (window));
  g_assert_cmpuint (count_dialogs (), ==, 0);
  gtk_window_destroy (window);
  ttt_test_iterate ();
}

/* A page of the manual that is not one, as a script could ask for over
 * D-Bus: said on stderr in words and ignored, under G_DEBUG=fatal-warnings
 * too, with no help viewer started. */
static void
test_bad_help_page (void)
{
  if (g_test_subprocess ())
    {
      TttApplication *app = ttt_test_application ();

      g_action_group_activate_action (G_ACTION_GROUP (app), "help-page",
                                      g_variant_new_string ("../../etc/passwd"));
      g_action_group_activate_action (G_ACTION_GROUP (app), "help-page", g_variant_new_string (""));
      ttt_test_iterate ();
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  /* The quotes are ? where the locale cannot show them. */
  g_test_trap_assert_stderr ("*tictactoe: no page ?../../etc/passwd? in the manual\n"
                             "tictactoe: no page ?? in the manual\n*");
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

  g_test_add_func ("/new-game/first-start", test_first_start);
  g_test_add_func ("/new-game/bad-help-page", test_bad_help_page);
  TTT_TEST_ADD_WINDOW ("/new-game/start", 3, test_start);
  TTT_TEST_ADD_WINDOW ("/new-game/cancel", 3, test_cancel);
  TTT_TEST_ADD_WINDOW ("/new-game/levels", 3, test_levels);
  TTT_TEST_ADD_WINDOW ("/new-game/narrow-and-named", 3, test_narrow_and_named);
  TTT_TEST_ADD_WINDOW ("/new-game/fits-narrow-window", 3, test_fits_narrow_window);
  TTT_TEST_ADD_WINDOW ("/new-game/network", 3, test_network);
  TTT_TEST_ADD_WINDOW ("/new-game/network-ways", 3, test_network_ways);
  TTT_TEST_ADD_WINDOW ("/new-game/tab-walk", 3, test_tab_walk);
  TTT_TEST_ADD_WINDOW ("/new-game/network-windows-fit", 3, test_network_windows_fit);
  TTT_TEST_ADD_WINDOW ("/new-game/how-to-play", 3, test_how_to_play);
  TTT_TEST_ADD_WINDOW ("/new-game/help-fallback", 3, test_help_fallback);
  TTT_TEST_ADD_WINDOW ("/new-game/quit", 3, test_quit);
  TTT_TEST_ADD_WINDOW ("/new-game/combo-enter", 3, test_combo_enter);
  TTT_TEST_ADD_WINDOW ("/new-game/no-underscore", 3, test_no_underscore);

  return g_test_run ();
}
