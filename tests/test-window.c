/* test-window.c — the real widgets, driven as a player would
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Needs a display: build-aux/test runs the suite under xvfb-run when there
 * is none. Without one, gtk_test_init() aborts, so the test fails rather
 * than passing unseen.
 */

#include "config.h"

#include <gtk/gtk.h>

#include "ui-helpers.h"

static TttApplication *app;

typedef struct
{
  TttWindow *window;
  TttGame   *game;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  ttt_test_reset_settings (app);

  fixture->window = ttt_test_window_new (app);
  fixture->game = ttt_window_get_game (fixture->window);
  ttt_game_set_computer_delay (fixture->game, 0);
  ttt_game_set_seed (fixture->game, 42);
  gtk_window_present (GTK_WINDOW (fixture->window));
  ttt_test_iterate ();
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  ttt_test_iterate ();
}

static void
click (Fixture *fixture,
       int      cell)
{
  ttt_test_click (fixture->window, cell);
}

static void
assert_cell_name (Fixture    *fixture,
                  int         cell,
                  const char *name)
{
  GtkWidget *button = ttt_window_get_cell (fixture->window, cell);

  gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, name);
  gtk_test_accessible_assert_role (button, GTK_ACCESSIBLE_ROLE_BUTTON);
}

static int
count_marks (TttGame *game)
{
  int n = 0;

  for (int i = 0; i < TTT_N_CELLS; i++)
    n += ttt_game_get_cell (game, i) != TTT_MARK_NONE;

  return n;
}

static void
test_click_and_answer (Fixture       *fixture,
                       gconstpointer  data)
{
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");
  assert_cell_name (fixture, 4, "Row 2, column 2, empty");

  click (fixture, 4);
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 4), ==, TTT_MARK_X);
  assert_cell_name (fixture, 4, "Row 2, column 2, X");

  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (count_marks (fixture->game), ==, 2);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (ttt_game_get_cell (fixture->game, i) == TTT_MARK_O)
      {
        g_autofree char *name = g_strdup_printf ("Row %d, column %d, O", i / 3 + 1, i % 3 + 1);

        assert_cell_name (fixture, i, name);
      }

  /* A taken cell is refused and changes nothing. */
  click (fixture, 4);
  g_assert_cmpint (count_marks (fixture->game), ==, 2);
}

static void
test_thinking_refuses_clicks (Fixture       *fixture,
                              gconstpointer  data)
{
  /* Long enough that no slow machine or sanitizer reaches the move before
   * the second click. */
  ttt_game_set_computer_delay (fixture->game, 1500);
  click (fixture, 0);
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Computer is thinking…");

  click (fixture, 8);
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 8), ==, TTT_MARK_NONE);
  g_assert_cmpint (count_marks (fixture->game), ==, 1);

  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (count_marks (fixture->game), ==, 2);
}

static void
test_two_players_win_highlight (Fixture       *fixture,
                                gconstpointer  data)
{
  static const int moves[] = { 0, 3, 1, 4, 2 };
  GSettings *settings = ttt_application_get_settings (app);

  /* No move yet, so the change applies at once. */
  g_settings_set_string (settings, "opponent", "human");
  ttt_test_iterate ();
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X’s turn");

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    click (fixture, moves[i]);

  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X won!");
  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      GtkWidget *button = ttt_window_get_cell (fixture->window, i);
      gboolean on_line = i <= 2;

      g_assert_cmpint (gtk_widget_has_css_class (button, "winning"), ==, on_line);
    }
  gtk_test_accessible_assert_property (gtk_widget_get_parent (ttt_window_get_cell (fixture->window, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "X won!");
  g_assert_cmpuint (ttt_game_get_score_x (fixture->game), ==, 1);
  g_assert_cmpuint (g_settings_get_uint (settings, "score-x"), ==, 1);

  /* Clicks after the end change nothing. */
  click (fixture, 8);
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 8), ==, TTT_MARK_NONE);

  /* New Game clears the board and the highlight. */
  ttt_test_activate (fixture->window, "win.new-game");
  ttt_test_iterate ();
  g_assert_cmpint (count_marks (fixture->game), ==, 0);
  for (int i = 0; i < TTT_N_CELLS; i++)
    g_assert_false (gtk_widget_has_css_class (ttt_window_get_cell (fixture->window, i), "winning"));
  assert_cell_name (fixture, 0, "Row 1, column 1, empty");
}

static void
test_computer_wins_status (Fixture       *fixture,
                           gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (app);

  /* Against Hard, a human who only plays the first free cell loses. */
  g_settings_set_string (settings, "difficulty", "hard");
  ttt_test_iterate ();

  while (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_HUMAN_TURN)
    {
      for (int i = 0; i < TTT_N_CELLS; i++)
        if (ttt_game_get_cell (fixture->game, i) == TTT_MARK_NONE)
          {
            click (fixture, i);
            break;
          }
      ttt_test_wait_for_human (fixture->game);
    }

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Computer won");
  g_assert_cmpuint (g_settings_get_uint (settings, "score-computer"), ==, 1);
}

static gboolean
press (Fixture *fixture,
       guint    keyval)
{
  return ttt_test_press (fixture->window, keyval);
}

static void
test_keyboard_play (Fixture       *fixture,
                    gconstpointer  data)
{
  GtkWidget *focus;

  g_settings_set_string (ttt_application_get_settings (app), "opponent", "human");
  ttt_test_iterate ();

  /* Digits in reading order; keypad digits in their physical layout. */
  g_assert_true (press (fixture, GDK_KEY_1));
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 0), ==, TTT_MARK_X);
  g_assert_true (press (fixture, GDK_KEY_KP_1));
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 6), ==, TTT_MARK_O);
  g_assert_true (press (fixture, GDK_KEY_KP_Page_Up));
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 2), ==, TTT_MARK_X);
  g_assert_true (press (fixture, GDK_KEY_9));
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 8), ==, TTT_MARK_O);

  /* Playing a cell focuses it; arrows walk from there and stop at edges. */
  focus = gtk_root_get_focus (GTK_ROOT (fixture->window));
  g_assert_true (focus == ttt_window_get_cell (fixture->window, 8));
  press (fixture, GDK_KEY_Up);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == ttt_window_get_cell (fixture->window, 5));
  press (fixture, GDK_KEY_Left);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == ttt_window_get_cell (fixture->window, 4));
  press (fixture, GDK_KEY_Up);
  press (fixture, GDK_KEY_Up);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (fixture->window)) == ttt_window_get_cell (fixture->window, 1));

  /* Enter/Space activate the focused button (its own key binding), which
   * shows the press briefly before it clicks. */
  gtk_widget_activate (gtk_root_get_focus (GTK_ROOT (fixture->window)));
  {
    gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;

    while (ttt_game_get_cell (fixture->game, 1) == TTT_MARK_NONE &&
           g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
  }
  g_assert_cmpint (ttt_game_get_cell (fixture->game, 1), ==, TTT_MARK_X);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X won!");
}

static void
assert_accel (const char *accel,
              const char *action)
{
  g_auto(GStrv) actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (app), accel);

  g_assert_true (g_strv_contains ((const char * const *) actions, action));
}

static gboolean
action_enabled (Fixture    *fixture,
                const char *name)
{
  g_autofree char *full = g_strconcat ("win.", name, NULL);

  return ttt_test_action_enabled (fixture->window, full);
}

static void
test_actions (Fixture       *fixture,
              gconstpointer  data)
{
  int hint;

  assert_accel ("<Control>n", "win.new-game");
  assert_accel ("<Control>z", "win.undo");
  assert_accel ("<Control>h", "win.hint");
  assert_accel ("<Control>comma", "app.preferences");
  assert_accel ("<Control>q", "app.quit");
  assert_accel ("<Control>question", "win.show-help-overlay");

  g_assert_false (action_enabled (fixture, "undo"));
  g_assert_true (action_enabled (fixture, "hint"));

  ttt_test_activate (fixture->window, "win.hint");
  ttt_test_iterate ();
  hint = ttt_game_hint (fixture->game);
  g_assert_cmpint (hint, >=, 0);
  g_assert_true (gtk_widget_has_css_class (ttt_window_get_cell (fixture->window, hint), "hint"));

  click (fixture, hint);
  g_assert_false (gtk_widget_has_css_class (ttt_window_get_cell (fixture->window, hint), "hint"));
  ttt_test_wait_for_human (fixture->game);
  g_assert_true (action_enabled (fixture, "undo"));

  ttt_test_activate (fixture->window, "win.undo");
  ttt_test_iterate ();
  g_assert_cmpint (count_marks (fixture->game), ==, 0);
  g_assert_false (action_enabled (fixture, "undo"));

  /* Reset Scores zeroes what the settings hold, and only then applies. */
  g_assert_false (action_enabled (fixture, "reset-scores"));
  g_settings_set_uint (ttt_application_get_settings (app), "score-human", 3);
  ttt_test_iterate ();
  g_assert_true (action_enabled (fixture, "reset-scores"));
  g_assert_cmpuint (ttt_game_get_score_human (fixture->game), ==, 3);
  ttt_test_activate (fixture->window, "win.reset-scores");
  ttt_test_iterate ();
  g_assert_cmpuint (g_settings_get_uint (ttt_application_get_settings (app), "score-human"), ==, 0);
  g_assert_false (action_enabled (fixture, "reset-scores"));
}

static void
assert_setting (GSettings  *settings,
                const char *key,
                const char *expected)
{
  g_autofree char *value = g_settings_get_string (settings, key);

  g_assert_cmpstr (value, ==, expected);
}

static void
test_preferences (Fixture       *fixture,
                  gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (app);
  TttPreferencesWindow *preferences = ttt_preferences_window_new (settings, fixture->game);
  AdwComboRow *difficulty = ttt_test_preferences_row (preferences, "difficulty");
  AdwComboRow *first = ttt_test_preferences_row (preferences, "first-player");
  AdwComboRow *opponent = ttt_test_preferences_row (preferences, "opponent");

  gtk_window_set_transient_for (GTK_WINDOW (preferences), GTK_WINDOW (fixture->window));
  gtk_window_present (GTK_WINDOW (preferences));
  ttt_test_iterate ();

  /* The drop-downs show the settings… */
  g_assert_cmpuint (adw_combo_row_get_selected (difficulty), ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpuint (adw_combo_row_get_selected (first), ==, TTT_FIRST_PLAYER_HUMAN);
  g_assert_cmpuint (adw_combo_row_get_selected (opponent), ==, TTT_OPPONENT_COMPUTER);

  /* …and write them. With no move made, the game takes them at once. */
  adw_combo_row_set_selected (difficulty, TTT_LEVEL_HARD);
  ttt_test_iterate ();
  assert_setting (settings, "difficulty", "hard");
  g_assert_cmpint (ttt_game_get_current_difficulty (fixture->game), ==, TTT_LEVEL_HARD);

  adw_combo_row_set_selected (first, TTT_FIRST_PLAYER_COMPUTER);
  ttt_test_iterate ();
  assert_setting (settings, "first-player", "computer");
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (ttt_game_get_human_mark (fixture->game), ==, TTT_MARK_O);
  g_assert_cmpint (count_marks (fixture->game), ==, 1);

  /* Mid-game, a change waits for the next game. */
  adw_combo_row_set_selected (opponent, TTT_OPPONENT_HUMAN);
  ttt_test_iterate ();
  assert_setting (settings, "opponent", "human");
  g_assert_cmpint (ttt_game_get_current_opponent (fixture->game), ==, TTT_OPPONENT_COMPUTER);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");

  ttt_test_activate (fixture->window, "win.new-game");
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_current_opponent (fixture->game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X’s turn");

  /* A setting changed elsewhere shows in an open window. */
  g_settings_set_string (settings, "difficulty", "easy");
  ttt_test_iterate ();
  g_assert_cmpuint (adw_combo_row_get_selected (difficulty), ==, TTT_LEVEL_EASY);

  gtk_window_destroy (GTK_WINDOW (preferences));
  ttt_test_iterate ();
}

static void
test_preferences_in_effect (Fixture       *fixture,
                            gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (app);
  TttPreferencesWindow *preferences;
  AdwComboRow *difficulty;
  AdwComboRow *first;

  /* What --difficulty=hard does: the game plays Hard, the setting stays. */
  ttt_game_set_difficulty (fixture->game, TTT_LEVEL_HARD);
  preferences = ttt_preferences_window_new (settings, fixture->game);
  difficulty = ttt_test_preferences_row (preferences, "difficulty");
  first = ttt_test_preferences_row (preferences, "first-player");
  gtk_window_present (GTK_WINDOW (preferences));
  ttt_test_iterate ();

  /* The row shows the value in effect, and says why. */
  g_assert_cmpuint (adw_combo_row_get_selected (difficulty), ==, TTT_LEVEL_HARD);
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (difficulty)), ==,
                   "Chosen on the command line for this run");
  assert_setting (settings, "difficulty", "medium");

  /* Choosing a value there, even the one the setting holds, ends it. */
  adw_combo_row_set_selected (difficulty, TTT_LEVEL_MEDIUM);
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_difficulty (fixture->game), ==, TTT_LEVEL_MEDIUM);
  assert_setting (settings, "difficulty", "medium");
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (difficulty)), ==,
                   "How strong the computer plays");

  /* Between two people, neither row applies, and they say so. */
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (difficulty)));
  g_settings_set_string (settings, "opponent", "human");
  ttt_test_iterate ();
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (difficulty)));
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (first)));
  g_assert_cmpstr (adw_action_row_get_subtitle (ADW_ACTION_ROW (first)), ==,
                   "Between two people, X always moves first");

  gtk_window_destroy (GTK_WINDOW (preferences));
  ttt_test_iterate ();
}

static void
test_window_size_saved (Fixture       *fixture,
                        gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (app);

  gtk_window_set_default_size (GTK_WINDOW (fixture->window), 611, 677);
  gtk_window_close (GTK_WINDOW (fixture->window));
  ttt_test_iterate ();
  g_assert_cmpint (g_settings_get_int (settings, "window-width"), ==, 611);
  g_assert_cmpint (g_settings_get_int (settings, "window-height"), ==, 677);

  /* The next window opens at that size. */
  fixture->window = ttt_test_window_new (app);
  {
    int width, height;

    gtk_window_get_default_size (GTK_WINDOW (fixture->window), &width, &height);
    g_assert_cmpint (width, ==, 611);
    g_assert_cmpint (height, ==, 677);
  }
}

static void
test_close_while_thinking (Fixture       *fixture,
                           gconstpointer  data)
{
  g_autoptr(TttGame) game = g_object_ref (fixture->game);

  /* Long enough for a slow machine to get from the click to the check. */
  ttt_game_set_computer_delay (game, 400);
  click (fixture, 4);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);

  gtk_window_destroy (GTK_WINDOW (fixture->window));
  g_clear_object (&game);

  /* Nothing may run on the dead window or game (fatal-warnings), past
   * the moment the move was due. */
  {
    gint64 until = g_get_monotonic_time () + 600 * 1000;

    while (g_get_monotonic_time () < until)
      g_main_context_iteration (NULL, FALSE);
  }

  fixture->window = ttt_test_window_new (app);
}

/* Every button that shows only an icon has a name a screen reader can say. */
static guint
assert_icon_buttons_named (GtkWidget *widget)
{
  guint n = 0;
  const char *icon = NULL;

  if (GTK_IS_MENU_BUTTON (widget))
    icon = gtk_menu_button_get_icon_name (GTK_MENU_BUTTON (widget));
  else if (GTK_IS_BUTTON (widget) && gtk_widget_get_ancestor (widget, GTK_TYPE_WINDOW_CONTROLS) == NULL &&
           !GTK_IS_TOGGLE_BUTTON (widget))
    icon = gtk_button_get_icon_name (GTK_BUTTON (widget));

  if (icon != NULL)
    {
      if (!gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_LABEL))
        g_error ("The %s button has no accessible name", icon);
      n++;
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += assert_icon_buttons_named (child);

  return n;
}

static void
test_icon_buttons_named (Fixture       *fixture,
                         gconstpointer  data)
{
  /* New Game, Undo, the main menu, Hint, the notice's Dismiss, and the
   * review's Previous and Next. */
  g_assert_cmpuint (assert_icon_buttons_named (GTK_WIDGET (fixture->window)), ==, 7);
}

static void
test_about (Fixture       *fixture,
            gconstpointer  data)
{
  GListModel *toplevels = gtk_window_get_toplevels ();
  AdwAboutWindow *about = NULL;

  g_action_group_activate_action (G_ACTION_GROUP (app), "about", NULL);
  ttt_test_iterate ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) window = g_list_model_get_item (toplevels, i);

      if (ADW_IS_ABOUT_WINDOW (window))
        about = ADW_ABOUT_WINDOW (window);
    }
  g_assert_nonnull (about);

  g_assert_cmpstr (adw_about_window_get_version (about), ==, PACKAGE_VERSION);
  g_assert_cmpstr (adw_about_window_get_issue_url (about), ==, PACKAGE_WEBSITE "/issues");
  g_assert_cmpint (adw_about_window_get_license_type (about), ==, GTK_LICENSE_GPL_3_0);

  /* The newest release's notes, read from the metainfo. */
  g_assert_cmpstr (adw_about_window_get_release_notes_version (about), ==, PACKAGE_VERSION);
  g_assert_true (g_str_has_prefix (adw_about_window_get_release_notes (about), "<p>"));
  g_assert_nonnull (strstr (adw_about_window_get_release_notes (about), "<li>Hard still never loses"));

  gtk_window_destroy (GTK_WINDOW (about));
  ttt_test_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  gtk_test_init (&argc, &argv, NULL);

  /* Motion has tests of its own (test-board); here it would only keep the
   * main loop busy between the steps of tests that race the computer's
   * move. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  app = ttt_application_new ();
  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_NON_UNIQUE);
  if (!g_application_register (G_APPLICATION (app), NULL, &error))
    g_error ("Could not register the application: %s", error->message);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)

  ADD ("/window/click-and-answer", test_click_and_answer);
  ADD ("/window/thinking-refuses-clicks", test_thinking_refuses_clicks);
  ADD ("/window/two-players-win-highlight", test_two_players_win_highlight);
  ADD ("/window/computer-wins-status", test_computer_wins_status);
  ADD ("/window/keyboard-play", test_keyboard_play);
  ADD ("/window/actions", test_actions);
  ADD ("/window/preferences", test_preferences);
  ADD ("/window/preferences-in-effect", test_preferences_in_effect);
  ADD ("/window/size-saved", test_window_size_saved);
  ADD ("/window/close-while-thinking", test_close_while_thinking);
  ADD ("/window/about", test_about);
  ADD ("/window/icon-buttons-named", test_icon_buttons_named);

#undef ADD

  status = g_test_run ();
  g_clear_object (&app);

  return status;
}
