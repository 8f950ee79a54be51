/* test-stress.c — thousands of random actions on the real window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Anything a person can do, in any order and at any moment — clicks on any
 * cell (free, taken, during the computer's pause), New Game, Undo, Hint,
 * preference changes mid-game, the preferences window opened and closed,
 * the Statistics window with its resets and the Undo of their toasts (and
 * closed, or its parent closed, while a toast shows and the board still
 * moves), the main window closed while the computer thinks, the analysis
 * turned on and off, a review opened, stepped through and left — and after
 * each action the model and the view must still agree with the rules, and
 * every game that ended be counted once.
 *
 * TTT_STRESS_SEED and TTT_STRESS_ACTIONS override the fixed seed and the
 * number of actions; the seed is printed so that a failure can be replayed.
 */

#include "config.h"

#include <gtk/gtk.h>

#include "ttt-coach.h"
#include "ttt-record-file.h"
#include "ttt-statistics-window-private.h"
#include "ui-helpers.h"

#define DEFAULT_SEED    20261129
#define DEFAULT_ACTIONS 3000

typedef struct
{
  TttApplication       *app;
  GSettings            *settings;
  TttWindow            *window;
  TttGame              *game;
  TttPreferencesWindow *preferences;
  TttStatisticsWindow  *statistics_window;
  GRand                *rand;
  guint                 action;

  /* Games ended during the action, and whether it reset or restored any
   * statistics, which then may count otherwise. */
  guint                 n_ended;
  gboolean              touched_statistics;
  guint64               games_before;
} Stress;

static guint64
all_games (Stress *stress)
{
  TttStatistics *statistics = ttt_application_get_statistics (stress->app);
  guint64 games = 0;

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      TttTally tally;

      ttt_statistics_get_tally (statistics, id, &tally);
      games += ttt_tally_get_games (&tally);
    }

  return games;
}

static void
game_over_cb (Stress *stress)
{
  stress->n_ended++;
}

static void
open_window (Stress *stress)
{
  stress->window = ttt_test_window_new (stress->app);
  stress->game = ttt_window_get_game (stress->window);
  ttt_table_set_rng_state (ttt_game_get_table (stress->game), g_rand_int (stress->rand));
  ttt_table_set_delay (ttt_game_get_table (stress->game), g_rand_int_range (stress->rand, 0, 4));
  g_signal_connect_swapped (stress->game, "game-over", G_CALLBACK (game_over_cb), stress);
  gtk_window_present (GTK_WINDOW (stress->window));
  ttt_test_iterate ();
}

/* Every game that ended counted once, nothing else counted; the tallies
 * add up, are what the results file's records add up to, read afresh,
 * and the badges show the one of the game in play. */
static void
check_statistics (Stress *stress)
{
  TttStatistics *statistics = ttt_application_get_statistics (stress->app);
  g_autoptr(TttRecordFile) records = ttt_record_file_new_default ();
  g_autoptr(TttStatistics) recorded = ttt_statistics_new ();
  TttGame *game = stress->game;
  TttTally tally;

  ttt_statistics_bind_records (recorded, records, NULL);

  if (!stress->touched_statistics)
    g_assert_cmpuint (all_games (stress), ==, stress->games_before + stress->n_ended);

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      TttTally saved;

      ttt_statistics_get_tally (statistics, id, &tally);
      g_assert_cmpuint (tally.streak, <=, tally.best_streak);
      g_assert_cmpuint (tally.best_streak, <=, tally.won);
      if (id == TTT_TALLY_TWO_PLAYERS)
        g_assert_cmpuint (tally.best_streak, ==, 0);
      ttt_statistics_get_tally (recorded, id, &saved);
      g_assert_cmpmem (&saved, sizeof saved, &tally, sizeof tally);
    }

  ttt_statistics_get_tally (statistics, ttt_table_get_tally (ttt_game_get_table (game)), &tally);
  /* The person here keeps the first badge, whichever mark they play. */
  ttt_test_assert_badges (stress->window, tally.won, tally.drawn, tally.lost);
}

static void
check_invariants (Stress *stress)
{
  TttGame *game = stress->game;
  TttGameState state = ttt_game_get_state (game);
  TttOutcome outcome = ttt_game_get_outcome (game);
  TttMark turn = ttt_game_get_turn (game);
  guint winning = ttt_match_get_winning_cells (ttt_game_get_match (game));
  int n_x = 0, n_o = 0;
  TttBoardView *view = ttt_window_get_board (stress->window);
  TttReviewCursor *review = ttt_window_get_review (stress->window);
  guint shown_winning = review != NULL ? ttt_review_cursor_get_winning_cells (review) : winning;
  TttBoard board;
  char text[TTT_N_CELLS + 1];

  /* A review is of a finished game, and the board shows it. */
  g_assert_true (ttt_board_view_get_review (view) == review);
  if (review != NULL)
    g_assert_cmpint (state, ==, TTT_GAME_STATE_OVER);

  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      TttMark mark = ttt_match_get_cell (ttt_game_get_match (game), i);
      TttMark shown = review != NULL ? ttt_review_cursor_get_cell (review, i) : mark;
      g_autofree char *name = NULL;
      g_autofree char *error = NULL;
      GtkWidget *button = ttt_window_get_cell (stress->window, i);
      const char *note = ttt_board_view_get_note (view, i, NULL);
      TttVerdict verdict;
      guint n_plies;

      text[i] = mark == TTT_MARK_X ? 'X' : mark == TTT_MARK_O ? 'O' : '.';
      n_x += mark == TTT_MARK_X;
      n_o += mark == TTT_MARK_O;

      /* The view shows what the model holds, or the review's position. */
      name = g_strdup_printf ("Row %d, column %d, %s", i / 3 + 1, i % 3 + 1,
                              shown == TTT_MARK_X ? "X" : shown == TTT_MARK_O ? "O" : "empty");
      error = gtk_test_accessible_check_property (GTK_ACCESSIBLE (button),
                                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      if (error != NULL)
        g_error ("action %u: cell %d: %s", stress->action, i, error);
      g_assert_cmpint (gtk_widget_has_css_class (button, "winning"), ==, (shown_winning >> i) & 1);

      /* In play, the analysis is on every cell the model analyses while
       * it is shown, but on the empty board, and on none otherwise. */
      if (review == NULL)
        {
          if (ttt_window_get_show_analysis (stress->window) && ttt_game_get_n_moves (game) > 0 &&
              ttt_analyst_get_cell_analysis (ttt_game_get_analyst (game), i, &verdict, &n_plies))
            {
              g_autofree char *label = ttt_coach_analysis_label (verdict, n_plies);

              g_assert_cmpstr (note, ==, label);
            }
          else
            g_assert_null (note);
        }
    }
  text[TTT_N_CELLS] = '\0';

  /* A board the rules allow, whose turn and outcome follow from it. */
  g_assert_cmpint (ttt_board_parse (&board, text), ==, TTT_OK);
  g_assert_cmpint (n_x - n_o, >=, 0);
  g_assert_cmpint (n_x - n_o, <=, 1);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, (guint) (n_x + n_o));
  g_assert_cmpint (outcome, ==, ttt_board_outcome (&board));
  g_assert_cmpint (turn, ==, ttt_board_turn (&board));
  g_assert_cmpuint (winning, ==, ttt_board_winning_cells (&board));

  if (outcome == TTT_OUTCOME_ONGOING)
    g_assert_cmpint (state, !=, TTT_GAME_STATE_OVER);
  else
    g_assert_cmpint (state, ==, TTT_GAME_STATE_OVER);

  if (state == TTT_GAME_STATE_WAITING)
    {
      g_assert_cmpint (ttt_game_get_opponent (game), ==, TTT_OPPONENT_COMPUTER);
      g_assert_cmpint (turn, !=, ttt_game_get_human_mark (game));
    }

  /* Sounds never pile up: the newest replaces the one playing. */
  g_assert_cmpuint (ttt_sound_player_get_n_playing (), <=, 1);

  /* A result is final. */
  if (state == TTT_GAME_STATE_OVER)
    g_assert_false (ttt_game_get_can_undo (game));

  check_statistics (stress);
}

/* After the end nothing may move until the player asks for it. */
static void
check_quiet_after_end (Stress *stress)
{
  char before[TTT_N_CELLS], after[TTT_N_CELLS];

  if (ttt_game_get_state (stress->game) != TTT_GAME_STATE_OVER)
    return;

  for (int i = 0; i < TTT_N_CELLS; i++)
    before[i] = (char) ttt_match_get_cell (ttt_game_get_match (stress->game), i);
  ttt_test_run_for (5);
  for (int i = 0; i < TTT_N_CELLS; i++)
    after[i] = (char) ttt_match_get_cell (ttt_game_get_match (stress->game), i);

  g_assert_cmpmem (before, sizeof before, after, sizeof after);
  g_assert_cmpint (ttt_game_get_state (stress->game), ==, TTT_GAME_STATE_OVER);
}

static const char *
random_nick (GRand *rand,
             GType  enum_type)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (enum_type);

  return klass->values[g_rand_int_range (rand, 0, klass->n_values)].value_nick;
}

static void
change_preference (Stress *stress)
{
  switch (g_rand_int_range (stress->rand, 0, 3))
    {
    case 0:
      g_settings_set_string (stress->settings, "difficulty", random_nick (stress->rand, TTT_TYPE_LEVEL));
      break;
    case 1:
      g_settings_set_string (stress->settings, "first-player", random_nick (stress->rand, TTT_TYPE_FIRST_PLAYER));
      break;
    default:
      g_settings_set_string (stress->settings, "opponent", random_nick (stress->rand, TTT_TYPE_OPPONENT));
      break;
    }
}

static void
toggle_preferences_window (Stress *stress)
{
  if (stress->preferences == NULL)
    {
      stress->preferences = ttt_preferences_window_new (stress->settings, ttt_game_get_setup (stress->game));
      ttt_compat_dialog_present (GTK_WIDGET (stress->preferences), GTK_WIDGET (stress->window));
      g_object_add_weak_pointer (G_OBJECT (stress->preferences), (gpointer *) &stress->preferences);
    }
  else if (g_rand_boolean (stress->rand))
    {
      static const char *keys[] = { "difficulty", "first-player", "opponent" };
      AdwComboRow *row = ttt_test_preferences_row (stress->preferences,
                                                   keys[g_rand_int_range (stress->rand, 0, 3)]);
      guint n = g_list_model_get_n_items (adw_combo_row_get_model (row));

      adw_combo_row_set_selected (row, g_rand_int_range (stress->rand, 0, n));
    }
  else
    {
      ttt_compat_dialog_close (GTK_WIDGET (stress->preferences));
    }
}

static void
statistics_window_action (Stress *stress)
{
  TttStatisticsWindow *window = stress->statistics_window;
  GtkWidget *undo;

  if (window == NULL)
    {
      stress->statistics_window = ttt_test_open_statistics (stress->window);
      g_object_add_weak_pointer (G_OBJECT (stress->statistics_window),
                                 (gpointer *) &stress->statistics_window);
      return;
    }

  stress->touched_statistics = TRUE;

  switch (g_rand_int_range (stress->rand, 0, 6))
    {
    case 0:
    case 1:
      {
        TttTallyId id;

        /* A row there is: none for a level its game does not offer. */
        do
          id = g_rand_int_range (stress->rand, 0, TTT_N_TALLIES);
        while (!ttt_tally_id_is_shown (id));
        g_signal_emit_by_name (ttt_statistics_window_get_reset (window, id), "clicked");
      }
      break;

    case 2:
      gtk_widget_activate_action (GTK_WIDGET (window), "statistics.reset-all", NULL);
      break;

    case 3:
    case 4:
      /* Undo, and at times close at once, before the toast has gone. A
       * person clicks what has been drawn: a frame or two first (a click
       * in the frame that shows the toast crashes libadwaita 1.2). */
      ttt_test_run_for (50);
      /* A dialog closed by an earlier action may have finished closing
       * in those frames (libadwaita ≥ 1.5 animates it away). */
      window = stress->statistics_window;
      if (window == NULL)
        break;
      undo = ttt_test_find_restore_button (window);
      if (undo != NULL)
        g_signal_emit_by_name (undo, "clicked");
      if (g_rand_boolean (stress->rand))
        ttt_compat_dialog_destroy (GTK_WIDGET (window));
      break;

    default:
      ttt_compat_dialog_close (GTK_WIDGET (window));
      break;
    }
}

static void
close_main_window (Stress *stress)
{
  /* Best done while the computer thinks: its move must die with the game. */
  if (stress->preferences != NULL)
    ttt_compat_dialog_destroy (GTK_WIDGET (stress->preferences));
  gtk_window_close (GTK_WINDOW (stress->window));
  ttt_test_run_for (5);
  open_window (stress);
}

/* Any step of a review; outside one, or where a step cannot go, the
 * action is disabled and does nothing. */
static void
review_step (Stress *stress)
{
  static const char *actions[] = {
    "win.review-first", "win.review-previous", "win.review-next",
    "win.review-last", "win.review-done",
  };

  /* A finished game is reviewed at once, so that a run spends a while
   * in reviews. */
  if (ttt_window_get_review (stress->window) == NULL)
    ttt_test_activate (stress->window, "win.review");
  else
    ttt_test_activate (stress->window, actions[g_rand_int_range (stress->rand, 0, G_N_ELEMENTS (actions))]);
}

static void
random_action (Stress *stress)
{
  int choice = g_rand_int_range (stress->rand, 0, 100);

  stress->n_ended = 0;
  stress->touched_statistics = FALSE;
  stress->games_before = all_games (stress);

  if (choice < 53)
    {
      int cell = g_rand_int_range (stress->rand, 0, TTT_N_CELLS);

      g_signal_emit_by_name (ttt_window_get_cell (stress->window, cell), "clicked");
    }
  else if (choice < 61)
    ttt_test_activate (stress->window, "win.new-game");
  else if (choice < 69)
    ttt_test_activate (stress->window, "win.undo");
  else if (choice < 74)
    ttt_test_activate (stress->window, "win.hint");
  else if (choice < 78)
    statistics_window_action (stress);
  else if (choice < 84)
    change_preference (stress);
  else if (choice < 89)
    toggle_preferences_window (stress);
  else if (choice < 91)
    close_main_window (stress);
  else if (choice < 94)
    ttt_table_set_delay (ttt_game_get_table (stress->game), g_rand_int_range (stress->rand, 0, 4));
  else if (choice < 95)
    ttt_test_activate (stress->window, "win.show-analysis");
  else if (choice < 99)
    review_step (stress);
  else
    ttt_test_run_for (g_rand_int_range (stress->rand, 1, 6));

  ttt_test_iterate ();
}

static guint
env_uint (const char *name,
          guint       fallback)
{
  const char *value = g_getenv (name);

  return value != NULL ? (guint) g_ascii_strtoull (value, NULL, 10) : fallback;
}

static void
test_random_actions (void)
{
  Stress stress = { 0 };
  guint seed = env_uint ("TTT_STRESS_SEED", DEFAULT_SEED);
  guint n_actions = env_uint ("TTT_STRESS_ACTIONS", DEFAULT_ACTIONS);
  guint games_over = 0;
  guint reviewed = 0;

  g_test_message ("seed %u (replay with TTT_STRESS_SEED=%u), %u actions", seed, seed, n_actions);

  stress.app = ttt_test_application_new ();
  stress.settings = ttt_application_get_settings (stress.app);
  stress.rand = g_rand_new_with_seed (seed);

  open_window (&stress);

  for (stress.action = 0; stress.action < n_actions; stress.action++)
    {
      random_action (&stress);
      check_invariants (&stress);
      if (ttt_game_get_state (stress.game) == TTT_GAME_STATE_OVER)
        {
          games_over++;
          reviewed += ttt_window_get_review (stress.window) != NULL;
          check_quiet_after_end (&stress);
        }
    }

  g_test_message ("%u actions, %u checks of a finished board, %u in a review",
                  n_actions, games_over, reviewed);
  g_assert_cmpuint (games_over, >, 0);
  /* The fixed run, at least, checks a review. */
  if (n_actions >= DEFAULT_ACTIONS)
    g_assert_cmpuint (reviewed, >, 0);

  if (stress.preferences != NULL)
    ttt_compat_dialog_destroy (GTK_WIDGET (stress.preferences));
  gtk_window_destroy (GTK_WINDOW (stress.window));
  ttt_test_iterate ();
  g_rand_free (stress.rand);
  g_clear_object (&stress.app);
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

  g_test_add_func ("/stress/random-actions", test_random_actions);

  return g_test_run ();
}
