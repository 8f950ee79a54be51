/* test-statistics-window.c — the Statistics window, as a person meets it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opened from the main menu and its shortcut: a row per tally that a
 * screen reader hears as one sentence, resets that happen at once and
 * come back from the toast's Undo, and a window that can be closed at any
 * moment, toast or not, while the board still moves.
 */

#include "config.h"

#include <gtk/gtk.h>

#include "ttt-variants.h"
#include "ui-helpers.h"

typedef struct
{
  TttTestWindow        main;
  TttStatistics       *statistics;
  TttStatisticsWindow *window;
} Fixture;

static void
set_up (Fixture       *fixture,
        gconstpointer  data)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  ttt_test_window_set_up (&fixture->main, GUINT_TO_POINTER (5));
  fixture->statistics = ttt_application_get_statistics (fixture->main.app);
  g_assert_false (ttt_statistics_get_can_reset (fixture->statistics));
}

static void
tear_down (Fixture       *fixture,
           gconstpointer  data)
{
  if (fixture->window != NULL)
    ttt_compat_dialog_destroy (GTK_WIDGET (fixture->window));
  ttt_test_window_tear_down (&fixture->main, data);
}

/* Opens it, and forgets it when it goes. */
static void
open_statistics (Fixture *fixture)
{
  fixture->window = ttt_test_open_statistics (fixture->main.window);
  g_object_add_weak_pointer (G_OBJECT (fixture->window), (gpointer *) &fixture->window);
  ttt_test_wait_for_mapped (GTK_WIDGET (fixture->window));
}

static void
record_games (Fixture    *fixture,
              TttTallyId  id,
              const char *results)
{
  for (const char *r = results; *r != '\0'; r++)
    ttt_statistics_record (fixture->statistics, id,
                           *r == 'w' ? TTT_RESULT_WON : *r == 'd' ? TTT_RESULT_DRAWN : TTT_RESULT_LOST);
  ttt_test_iterate ();
}

static void
assert_row (Fixture    *fixture,
            TttTallyId  id,
            const char *subtitle,
            const char *rate,
            const char *description)
{
  AdwActionRow *row = ttt_statistics_window_get_row (fixture->window, id);
  GtkLabel *rate_label = ttt_statistics_window_get_rate (fixture->window, id);

  g_assert_cmpstr (adw_action_row_get_subtitle (row), ==, subtitle);
  if (ttt_tally_id_is_two_players (id))
    g_assert_null (rate_label);
  else if (rate == NULL)
    g_assert_false (gtk_widget_is_visible (GTK_WIDGET (rate_label)));
  else
    {
      g_assert_true (gtk_widget_is_visible (GTK_WIDGET (rate_label)));
      g_assert_cmpstr (gtk_label_get_label (rate_label), ==, rate);
    }
  /* One sentence, in the name: GTK 4.8 sends a row's description again
   * each time the focus reaches it, which a screen reader then says twice. */
  {
    /* Another game's rows say their game: the heading above them is not
     * heard from row to row. */
    static const char *const games[] = { "", "Ultimate, ", "Misère, " };
    g_autofree char *name = g_strdup_printf ("%s%s: %s", games[ttt_tally_id_get_variant (id)],
                                             adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)),
                                             description);

    gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL, name);
    g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  }
}

static gboolean
reset_all_enabled (Fixture *fixture)
{
  GtkWidget *button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                                 TTT_TYPE_STATISTICS_WINDOW,
                                                                 "reset_all_button"));

  return gtk_widget_get_sensitive (button);
}

static void
click_reset (Fixture    *fixture,
             TttTallyId  id)
{
  g_signal_emit_by_name (ttt_statistics_window_get_reset (fixture->window, id), "clicked");
  ttt_test_iterate ();
}

/* From the main menu, and its shortcut, listed in the shortcuts window. */
static void
test_opened_from_menu (Fixture       *fixture,
                       gconstpointer  data)
{
  g_auto(GStrv) accel_actions = gtk_application_get_actions_for_accel (GTK_APPLICATION (fixture->main.app),
                                                                       "<Control>i");

  g_assert_true (g_strv_contains ((const char * const *) accel_actions, "app.statistics"));
  g_assert_true (ttt_test_main_menu_has (fixture->main.window, "app.statistics"));
  g_assert_true (ttt_test_shortcut_listed (fixture->main.window, "app.statistics"));

  /* And it opens, for the window it came from, modal. */
  open_statistics (fixture);
  g_assert_true (ttt_compat_dialog_get_window (GTK_WIDGET (fixture->window)) == GTK_WINDOW (fixture->main.window));
  /* A dialog is modal by nature. */
  if (GTK_IS_WINDOW (fixture->window))
    g_assert_true (gtk_window_get_modal (GTK_WINDOW (fixture->window)));
}

/* A row per tally: what the eye reads, and the sentence a screen reader
 * hears. */
static void
test_rows (Fixture       *fixture,
           gconstpointer  data)
{
  record_games (fixture, TTT_TALLY_EASY, "wwdwww");
  record_games (fixture, TTT_TALLY_HARD, "dl");
  record_games (fixture, TTT_TALLY_TWO_PLAYERS, "wdll");
  open_statistics (fixture);

  assert_row (fixture, TTT_TALLY_EASY,
              "6 games: 5 won, 1 drawn, 0 lost\nWinning streak 3, best 3", "83%",
              "6 games: 5 won, 1 drawn, 0 lost; 83% won; Winning streak 3, best 3.");
  assert_row (fixture, TTT_TALLY_MEDIUM, "No games yet\n\u00a0", NULL, "No games yet");
  /* Hard is never beaten: its figure is the share not lost, its second
   * line says why, rather than a streak of wins that stays at 0. */
  assert_row (fixture, TTT_TALLY_HARD,
              "2 games: 0 won, 1 drawn, 1 lost\nA draw is the best result against Hard", "50%",
              "2 games: 0 won, 1 drawn, 1 lost; 50% not lost; A draw is the best result against Hard.");
  assert_row (fixture, TTT_TALLY_TWO_PLAYERS, "4 games: X won 1, 1 drawn, O won 2", NULL,
              "4 games: X won 1, 1 drawn, O won 2");

  /* Ultimate's rows, beside the classic ones, in groups of their own. */
  record_games (fixture, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_MASTER), "wl");
  record_games (fixture, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS), "d");
  assert_row (fixture, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_MASTER),
              "2 games: 1 won, 0 drawn, 1 lost\nWinning streak 0, best 1", "50%",
              "2 games: 1 won, 0 drawn, 1 lost; 50% won; Winning streak 0, best 1.");
  assert_row (fixture, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS), "1 game: X won 0, 1 drawn, O won 0", NULL,
              "1 game: X won 0, 1 drawn, O won 0");
  assert_row (fixture, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_CASUAL), "No games yet\n\u00a0", NULL, "No games yet");
  assert_row (fixture, TTT_TALLY_HARD,
              "2 games: 0 won, 1 drawn, 1 lost\nA draw is the best result against Hard", "50%",
              "2 games: 0 won, 1 drawn, 1 lost; 50% not lost; A draw is the best result against Hard.");
  g_assert_false (gtk_widget_get_parent (GTK_WIDGET (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_MASTER)))) ==
                  gtk_widget_get_parent (GTK_WIDGET (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_HARD))));
  gtk_test_accessible_assert_property (ttt_statistics_window_get_reset (fixture->window, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_MASTER)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Ultimate: Reset Master Statistics");
  ttt_statistics_reset (fixture->statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_MASTER));
  ttt_statistics_reset (fixture->statistics, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_TWO_PLAYERS));
  ttt_test_iterate ();

  /* One game reads as one. */
  record_games (fixture, TTT_TALLY_MEDIUM, "l");
  assert_row (fixture, TTT_TALLY_MEDIUM,
              "1 game: 0 won, 0 drawn, 1 lost\nWinning streak 0, best 0", "0%",
              "1 game: 0 won, 0 drawn, 1 lost; 0% won; Winning streak 0, best 0.");

  /* A row for each level a game offers: Ultimate's ladder, the classic
   * game's three, and none for another game's levels. */
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    for (TttTallyKind kind = 0; kind < TTT_N_TALLY_KINDS; kind++)
      {
        TttVariant variant = ttt_variants_get_nth (i)->variant;
        TttLevel level;
        gboolean offered = !ttt_tally_kind_get_level (kind, &level) ||
                           ttt_variants_find_level (variant, level) >= 0;

        g_assert_cmpint (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_ID (variant, kind)) != NULL, ==,
                         offered);
      }
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_CLUB)))),
                   ==, "Club");

  /* Named for a screen reader, and their resets too; no two rows by the
   * same words ("Easy" and "Ultimate, Casual"). */
  {
    const char *easy = "Easy: 6 games: 5 won, 1 drawn, 0 lost; 83% won; Winning streak 3, best 3.";

    gtk_test_accessible_assert_property (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_CASUAL)),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, "Ultimate, Casual: No games yet");
    gtk_test_accessible_assert_property (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_EASY),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, easy);
  }
  {
    /* Not a literal in the macro, which makes a format of it. */
    const char *hard = "Hard: 2 games: 0 won, 1 drawn, 1 lost; 50% not lost; A draw is the best result against Hard.";

    gtk_test_accessible_assert_property (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_HARD),
                                         GTK_ACCESSIBLE_PROPERTY_LABEL, hard);
  }
  gtk_test_accessible_assert_property (ttt_statistics_window_get_reset (fixture->window, TTT_TALLY_HARD),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Reset Hard Statistics");
  gtk_test_accessible_assert_property (ttt_statistics_window_get_reset (fixture->window, TTT_TALLY_TWO_PLAYERS),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Reset Two-Player Statistics");

  /* Nothing to reset in an empty row; Reset All while anything counts. */
  g_assert_true (reset_all_enabled (fixture));
  ttt_statistics_reset (fixture->statistics, TTT_TALLY_MEDIUM);
  ttt_test_iterate ();
  g_assert_false (gtk_widget_get_sensitive (GTK_WIDGET (ttt_statistics_window_get_reset (fixture->window,
                                                                                         TTT_TALLY_MEDIUM))));
  g_assert_true (gtk_widget_get_sensitive (GTK_WIDGET (ttt_statistics_window_get_reset (fixture->window,
                                                                                        TTT_TALLY_EASY))));
  ttt_statistics_reset_all (fixture->statistics);
  ttt_test_iterate ();
  g_assert_false (reset_all_enabled (fixture));
}

/* A game that ends while the window is open shows in it at once. */
static void
test_follows_games (Fixture       *fixture,
                    gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->main.app);

  g_settings_set_string (settings, "opponent", "human");
  ttt_test_iterate ();
  open_statistics (fixture);
  ttt_test_play_top_row_for_x (fixture->main.window);

  assert_row (fixture, TTT_TALLY_TWO_PLAYERS, "1 game: X won 1, 0 drawn, O won 0", NULL,
              "1 game: X won 1, 0 drawn, O won 0");
  g_assert_true (reset_all_enabled (fixture));
}

/* A reset is at once, and the toast's Undo puts it back, with a game
 * finished in between counted after it. */
static void
test_reset_and_undo (Fixture       *fixture,
                     gconstpointer  data)
{
  AdwToast *toast;
  TttTally tally;

  record_games (fixture, TTT_TALLY_EASY, "www");
  record_games (fixture, TTT_TALLY_HARD, "d");
  open_statistics (fixture);
  g_assert_null (ttt_statistics_window_get_undo_toast (fixture->window));

  {
    GtkWidget *row = GTK_WIDGET (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_EASY));
    int before, after;

    /* The rows below stay where they were, under the pointer. */
    gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (row), &before, NULL, NULL, NULL);
    click_reset (fixture, TTT_TALLY_EASY);
    gtk_widget_measure (row, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (row), &after, NULL, NULL, NULL);
    g_assert_cmpint (after, ==, before);
  }
  assert_row (fixture, TTT_TALLY_EASY, "No games yet\n\u00a0", NULL, "No games yet");
  g_assert_cmpuint (ttt_test_recorded_tally (TTT_TALLY_EASY).won, ==, 0);
  g_assert_cmpuint (ttt_test_recorded_tally (TTT_TALLY_HARD).drawn, ==, 1);

  toast = ttt_statistics_window_get_undo_toast (fixture->window);
  g_assert_nonnull (toast);
  g_assert_cmpstr (ttt_test_toast_title (toast), ==, "Easy statistics reset");
  /* GNOME's word for it, without a mnemonic: Orca 51 reads a toast's
   * button label as it is ("A toast appeared, has a button: _Undo"). */
  g_assert_cmpstr (adw_toast_get_button_label (toast), ==, "Undo");
  g_assert_cmpuint (adw_toast_get_timeout (toast), >, 0);

  /* A win since, then the undo: four in a row. */
  record_games (fixture, TTT_TALLY_EASY, "w");
  g_signal_emit_by_name (toast, "button-clicked");
  ttt_test_iterate ();
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_EASY, &tally);
  g_assert_cmpuint (tally.won, ==, 4);
  g_assert_cmpuint (tally.streak, ==, 4);
  g_assert_cmpuint (ttt_test_recorded_tally (TTT_TALLY_EASY).won, ==, 4);

  /* Once only. */
  g_signal_emit_by_name (toast, "button-clicked");
  ttt_test_iterate ();
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_EASY, &tally);
  g_assert_cmpuint (tally.won, ==, 4);

  /* Reset All, and back. */
  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "statistics.reset-all", NULL);
  ttt_test_iterate ();
  g_assert_false (ttt_statistics_get_can_reset (fixture->statistics));
  toast = ttt_statistics_window_get_undo_toast (fixture->window);
  g_assert_cmpstr (ttt_test_toast_title (toast), ==, "All statistics reset");
  g_signal_emit_by_name (toast, "button-clicked");
  ttt_test_iterate ();
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_HARD, &tally);
  g_assert_cmpuint (tally.drawn, ==, 1);
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_EASY, &tally);
  g_assert_cmpuint (tally.won, ==, 4);

  /* The two-player row says so in its own words. */
  record_games (fixture, TTT_TALLY_TWO_PLAYERS, "w");
  click_reset (fixture, TTT_TALLY_TWO_PLAYERS);
  g_assert_cmpstr (ttt_test_toast_title (ttt_statistics_window_get_undo_toast (fixture->window)), ==,
                   "Two-player statistics reset");
}

/* Resets while a toast shows share it: one Undo puts them all back, a
 * tally reset twice with a game between included. */
static void
test_resets_share_toast (Fixture       *fixture,
                         gconstpointer  data)
{
  AdwToast *toast;
  TttTally tally;

  record_games (fixture, TTT_TALLY_EASY, "ww");
  record_games (fixture, TTT_TALLY_HARD, "l");
  open_statistics (fixture);

  click_reset (fixture, TTT_TALLY_EASY);
  toast = ttt_statistics_window_get_undo_toast (fixture->window);
  g_assert_nonnull (toast);
  click_reset (fixture, TTT_TALLY_HARD);
  g_assert_true (ttt_statistics_window_get_undo_toast (fixture->window) == toast);
  g_assert_cmpstr (ttt_test_toast_title (toast), ==, "Statistics reset");

  record_games (fixture, TTT_TALLY_EASY, "w");
  click_reset (fixture, TTT_TALLY_EASY);
  g_assert_true (ttt_statistics_window_get_undo_toast (fixture->window) == toast);
  g_assert_false (ttt_statistics_get_can_reset (fixture->statistics));

  g_signal_emit_by_name (toast, "button-clicked");
  ttt_test_iterate ();
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_EASY, &tally);
  g_assert_cmpuint (tally.won, ==, 3);
  g_assert_cmpuint (tally.streak, ==, 3);
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_HARD, &tally);
  g_assert_cmpuint (tally.lost, ==, 1);

  /* Used, it offers nothing more: the next reset has a toast of its own. */
  g_assert_null (ttt_statistics_window_get_undo_toast (fixture->window));
  click_reset (fixture, TTT_TALLY_HARD);
  g_assert_nonnull (ttt_statistics_window_get_undo_toast (fixture->window));
  g_assert_false (ttt_statistics_window_get_undo_toast (fixture->window) == toast);
  g_assert_cmpstr (ttt_test_toast_title (ttt_statistics_window_get_undo_toast (fixture->window)), ==,
                   "Hard statistics reset");
}

/* The Undo button of the toast, once a person could have seen it: a
 * click in the very frame the toast appears, before it is drawn, is out
 * of a person's reach, and crashes libadwaita 1.2 (see
 * ttt-statistics-window.c). */
static GtkWidget *
wait_for_restore_button (Fixture *fixture)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  GtkWidget *undo;

  while ((undo = ttt_test_find_restore_button (fixture->window)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (undo);
  ttt_test_run_for (100);

  /* Still the one on show. */
  g_assert_true (ttt_test_find_restore_button (fixture->window) == undo);

  return undo;
}

/* The toast's own Undo button, clicked as a person does, and the toast
 * going away by itself. */
static void
test_undo_button (Fixture       *fixture,
                  gconstpointer  data)
{
  GtkWidget *undo;
  TttTally tally;
  gint64 deadline;

  record_games (fixture, TTT_TALLY_MEDIUM, "wl");
  open_statistics (fixture);
  click_reset (fixture, TTT_TALLY_MEDIUM);

  undo = wait_for_restore_button (fixture);
  g_signal_emit_by_name (undo, "clicked");

  /* The toast goes once it has been used. */
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while (ttt_statistics_window_get_undo_toast (fixture->window) != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_null (ttt_statistics_window_get_undo_toast (fixture->window));
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_MEDIUM, &tally);
  g_assert_cmpuint (tally.won, ==, 1);
  g_assert_cmpuint (tally.lost, ==, 1);

  /* Reset again at once, while that toast hides, and undone as soon as
   * the new toast shows: it comes only once the other has gone, or
   * libadwaita 1.2 would free it while it still appears. */
  click_reset (fixture, TTT_TALLY_MEDIUM);
  g_assert_false (ttt_statistics_get_can_reset (fixture->statistics));
  undo = wait_for_restore_button (fixture);
  g_signal_emit_by_name (undo, "clicked");
  ttt_test_run_for (700);
  g_assert_null (ttt_statistics_window_get_undo_toast (fixture->window));
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_MEDIUM, &tally);
  g_assert_cmpuint (tally.won, ==, 1);

  /* Left alone, a toast goes after its few seconds, and the reset stays. */
  click_reset (fixture, TTT_TALLY_MEDIUM);
  g_assert_nonnull (ttt_statistics_window_get_undo_toast (fixture->window));
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while (ttt_statistics_window_get_undo_toast (fixture->window) != NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_null (ttt_statistics_window_get_undo_toast (fixture->window));
  g_assert_false (ttt_statistics_get_can_reset (fixture->statistics));
}

/* Reset from the keyboard: the focus does not drop with the button the
 * reset makes insensitive, but goes to the notice's Restore, and the
 * notice stays while it holds the focus; Ctrl+Z undoes the reset, with
 * the focus back on the row. */
static void
test_reset_by_keyboard (Fixture       *fixture,
                        gconstpointer  data)
{
  GtkWidget *reset;
  GtkWidget *restore;
  AdwToast *toast;
  TttTally tally;

  record_games (fixture, TTT_TALLY_MEDIUM, "wl");
  open_statistics (fixture);
  reset = GTK_WIDGET (ttt_statistics_window_get_reset (fixture->window, TTT_TALLY_MEDIUM));
  g_assert_true (gtk_widget_grab_focus (reset));
  g_signal_emit_by_name (reset, "clicked");
  ttt_test_iterate ();

  toast = ttt_statistics_window_get_undo_toast (fixture->window);
  g_assert_nonnull (toast);
  g_assert_false (gtk_widget_is_sensitive (reset));
  restore = ttt_test_find_restore_button (fixture->window);
  g_assert_nonnull (restore);
  g_assert_true (ttt_compat_dialog_get_focus (GTK_WIDGET (fixture->window)) == restore);

  /* Held while it has the focus… */
  g_assert_cmpuint (adw_toast_get_timeout (toast), ==, 0);

  /* …and it goes on its own again once the focus leaves it. */
  gtk_widget_grab_focus (GTK_WIDGET (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_EASY)));
  ttt_test_iterate ();
  g_assert_true (ttt_statistics_window_get_undo_toast (fixture->window) == toast);
  g_assert_cmpuint (adw_toast_get_timeout (toast), >, 0);

  /* Ctrl+Z, as the notice says. */
  gtk_widget_grab_focus (restore);
  ttt_test_iterate ();
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "statistics.undo-reset", NULL));
  ttt_test_iterate ();
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_MEDIUM, &tally);
  g_assert_cmpuint (tally.won, ==, 1);
  g_assert_cmpuint (tally.lost, ==, 1);
  g_assert_true (ttt_compat_dialog_get_focus (GTK_WIDGET (fixture->window)) ==
                 GTK_WIDGET (ttt_statistics_window_get_row (fixture->window, TTT_TALLY_MEDIUM)));
  g_assert_null (ttt_statistics_window_get_undo_toast (fixture->window));

  /* With nothing to restore, Ctrl+Z does nothing. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "statistics.undo-reset", NULL));
  ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_MEDIUM, &tally);
  g_assert_cmpuint (tally.won, ==, 1);
}

/* Plays a move, so that the board has a mark drawing in (and, soon, the
 * computer's answer). Not through ttt_test_click(): with a toast moving
 * too, running the loop until nothing is pending lasts until all motion
 * has ended. */
static void
set_board_moving (Fixture *fixture)
{
  ttt_game_start_new (fixture->main.game);
  g_signal_emit_by_name (ttt_window_get_cell (fixture->main.window, 4), "clicked");
  g_assert_true (ttt_board_view_is_animating (fixture->main.board));
}

/* However the window goes while a toast shows, nothing runs on what is
 * gone (a critical would be fatal here), the board goes on moving, and
 * the reset or its undo stands. */
static void
test_close_with_toast (Fixture       *fixture,
                       gconstpointer  data)
{
  TttTally tally;

  for (int round = 0; round < 4; round++)
    {
      GtkWidget *undo = NULL;

      record_games (fixture, TTT_TALLY_EASY, "w");
      open_statistics (fixture);
      click_reset (fixture, TTT_TALLY_EASY);
      set_board_moving (fixture);

      switch (round)
        {
        case 0:
          /* Closed with the toast up. */
          ttt_compat_dialog_close (GTK_WIDGET (fixture->window));
          break;

        case 1:
          /* Undone, and destroyed in the same breath, before the toast
           * has gone. */
          undo = wait_for_restore_button (fixture);
          g_signal_emit_by_name (undo, "clicked");
          ttt_compat_dialog_destroy (GTK_WIDGET (fixture->window));
          break;

        case 2:
          /* A second reset while the first toast shows, then closed. */
          click_reset (fixture, TTT_TALLY_EASY);
          gtk_widget_activate_action (GTK_WIDGET (fixture->window), "statistics.reset-all", NULL);
          ttt_test_run_for (100);
          ttt_compat_dialog_destroy (GTK_WIDGET (fixture->window));
          break;

        default:
          /* The main window closed under it: it goes too. */
          gtk_window_destroy (GTK_WINDOW (fixture->main.window));
          fixture->main.window = ttt_test_window_new (fixture->main.app);
          fixture->main.game = ttt_window_get_game (fixture->main.window);
          fixture->main.board = ttt_window_get_board (fixture->main.window);
          gtk_window_present (GTK_WINDOW (fixture->main.window));
          break;
        }

      ttt_test_run_for (700);
      g_assert_null (fixture->window);

      ttt_statistics_get_tally (fixture->statistics, TTT_TALLY_EASY, &tally);
      g_assert_cmpuint (tally.won, ==, round == 1 ? 1 : 0);
      ttt_statistics_reset_all (fixture->statistics);
    }
}

/* At 360 px wide, every label is whole and every reset within reach. */
static void
test_narrow (Fixture       *fixture,
             gconstpointer  data)
{
  guint n_shown = 0;
  GtkWidget *content;
  gint64 deadline;
  int minimum;

  record_games (fixture, TTT_TALLY_EASY, "wwwwwwwwwwwwdl");
  record_games (fixture, TTT_TALLY_TWO_PLAYERS, "wwwwwdddllll");
  open_statistics (fixture);
  content = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                      TTT_TYPE_STATISTICS_WINDOW, "toast_overlay"));

  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);

  if (GTK_IS_WINDOW (fixture->window))
    gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, 600);
  else
    ttt_test_set_content_size (fixture->main.window, 360, 600);
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while ((gtk_widget_get_width (content) > 360 || gtk_widget_get_width (content) == 0) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  ttt_test_iterate ();
  g_assert_cmpint (gtk_widget_get_width (content), <=, 360);

  ttt_test_assert_labels_whole (GTK_WIDGET (fixture->window));
  /* The resets of the rows there are, named for a screen reader. */
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    n_shown += ttt_tally_id_is_shown (id);
  g_assert_cmpuint (ttt_test_assert_icon_buttons_named (GTK_WIDGET (fixture->window)), ==, n_shown);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      GtkWidget *reset;
      graphene_rect_t bounds;

      if (!ttt_tally_id_is_shown (id))
        {
          g_assert_null (ttt_statistics_window_get_reset (fixture->window, id));
          continue;
        }
      reset = GTK_WIDGET (ttt_statistics_window_get_reset (fixture->window, id));

      g_assert_true (gtk_widget_get_mapped (reset));
      g_assert_true (gtk_widget_compute_bounds (reset, content, &bounds));
      g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, 360);
      g_assert_cmpint (gtk_widget_get_width (reset), >=, 24);
    }
}

/* The toast of Reset All leaves Reset All in sight (issue 35, item 9):
 * at 360 × 480 (a dialog: in a window of 360 × 600), the page scrolled
 * to its end, the toast lies below the button, not over it. */
static void
test_toast_clear_of_reset_all (Fixture       *fixture,
                               gconstpointer  data)
{
  GtkWidget *overlay, *button, *restore, *toast = NULL, *scroller;
  GtkAdjustment *adjustment;
  graphene_rect_t button_bounds, toast_bounds;
  gint64 deadline;
  int height;

  record_games (fixture, TTT_TALLY_EASY, "wwwwwwwwwwwwdl");
  record_games (fixture, TTT_TALLY_TWO_PLAYERS, "wwwwwdddllll");
  open_statistics (fixture);
  overlay = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                      TTT_TYPE_STATISTICS_WINDOW, "toast_overlay"));
  button = GTK_WIDGET (gtk_widget_get_template_child (GTK_WIDGET (fixture->window),
                                                     TTT_TYPE_STATISTICS_WINDOW, "reset_all_button"));
  /* As a dialog (libadwaita 1.5 and later) it is a sheet of the game's
   * window, which cannot be as short as 480 px. */
  height = GTK_IS_WINDOW (fixture->window) ? 480 : 600;
  if (GTK_IS_WINDOW (fixture->window))
    gtk_window_set_default_size (GTK_WINDOW (fixture->window), 360, height);
  else
    ttt_test_set_content_size (fixture->main.window, 360, height);
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while ((gtk_widget_get_height (overlay) > height || gtk_widget_get_height (overlay) == 0) &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  gtk_widget_activate_action (GTK_WIDGET (fixture->window), "statistics.reset-all", NULL);
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while ((restore = ttt_test_find_restore_button (fixture->window)) == NULL && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_nonnull (restore);

  scroller = ttt_test_find_widget (overlay, ttt_test_is_of_type, GSIZE_TO_POINTER (GTK_TYPE_SCROLLED_WINDOW));
  g_assert_nonnull (scroller);
  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_upper (adjustment) - gtk_adjustment_get_page_size (adjustment));
  ttt_test_wait_for_frame (overlay);
  ttt_test_wait_for_frame (overlay);

  /* The toast: the overlay's child that holds its Undo. */
  for (GtkWidget *w = restore; w != NULL && w != overlay; w = gtk_widget_get_parent (w))
    if (gtk_widget_get_parent (w) == overlay)
      toast = w;
  g_assert_nonnull (toast);
  /* Once it has risen into place. */
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  do
    {
      ttt_test_wait_for_frame (overlay);
      g_assert_true (gtk_widget_compute_bounds (toast, overlay, &toast_bounds));
    }
  while (toast_bounds.origin.y + toast_bounds.size.height > gtk_widget_get_height (overlay) &&
         g_get_monotonic_time () < deadline);
  g_assert_true (gtk_widget_compute_bounds (button, overlay, &button_bounds));
  g_test_message ("Reset All at %.0f–%.0f px, the toast at %.0f–%.0f px of %d", button_bounds.origin.y,
                  button_bounds.origin.y + button_bounds.size.height, toast_bounds.origin.y,
                  toast_bounds.origin.y + toast_bounds.size.height, gtk_widget_get_height (overlay));
  g_assert_true (gtk_widget_get_mapped (button));
  g_assert_false (graphene_rect_intersection (&button_bounds, &toast_bounds, NULL));
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, set_up, func, tear_down)

  ADD ("/statistics-window/opened-from-menu", test_opened_from_menu);
  ADD ("/statistics-window/rows", test_rows);
  ADD ("/statistics-window/follows-games", test_follows_games);
  ADD ("/statistics-window/reset-and-undo", test_reset_and_undo);
  ADD ("/statistics-window/resets-share-toast", test_resets_share_toast);
  ADD ("/statistics-window/undo-button", test_undo_button);
  ADD ("/statistics-window/reset-by-keyboard", test_reset_by_keyboard);
  ADD ("/statistics-window/close-with-toast", test_close_with_toast);
  ADD ("/statistics-window/narrow", test_narrow);
  ADD ("/statistics-window/toast-clear-of-reset-all", test_toast_clear_of_reset_all);

#undef ADD

  return g_test_run ();
}
