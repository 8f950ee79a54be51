/* test-coach-ui.c — the coach in the real window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Show Analysis on the cells, in words, by a symbol and for a screen
 * reader; hints whose status says why; and the review of a finished game:
 * its keys and buttons, the grades on the board, the explanation line and
 * the summary, a live game and its scores left alone, a narrow window.
 */

#include "config.h"

#include <math.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ttt-cell.h"
#include "ttt-coach.h"
#include "ttt-compat.h"
#include "ui-helpers.h"

/* X centre, O corner, X opposite corner, then O's side move (move 4) lets
 * X block with a fork, and X wins on the seventh move. */
static const int forked_game[] = { 4, 0, 8, 3, 6, 7, 2 };

static void
assert_description (GtkWidget  *widget,
                    const char *expected)
{
  gtk_test_accessible_assert_property (widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
}

static void
assert_no_description (GtkWidget *widget)
{
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (widget),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
}

/* Show Analysis */

/* What each empty cell of the window says with the analysis on, against
 * the model's own analysis and words. */
static void
assert_notes_match_model (TttTestWindow *fixture)
{
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      GtkWidget *button = ttt_window_get_cell (fixture->window, cell);
      const char *symbol = NULL;
      const char *note = ttt_board_view_get_note (fixture->board, cell, &symbol);
      TttVerdict verdict;
      guint n_moves;

      if (!ttt_analyst_get_cell_analysis (ttt_game_get_analyst (fixture->game), cell, &verdict, &n_moves))
        {
          g_assert_null (note);
          g_assert_null (symbol);
          continue;
        }

      {
        static const char *symbols[] = { "win", "draw", "loss" };
        g_autofree char *label = ttt_coach_analysis_label (verdict, n_moves);
        g_autofree char *description = ttt_coach_analysis_description (verdict, n_moves);

        g_assert_cmpstr (note, ==, label);
        g_assert_cmpstr (symbol, ==, symbols[verdict]);
        assert_description (button, description);
      }
    }
}

static void
test_analysis_fixed_position (TttTestWindow *fixture,
                              gconstpointer  data)
{
  static const int moves[] = { 0, 3, 1, 4 };
  static const struct
  {
    int         cell;
    const char *label;
    const char *symbol;
    const char *description;
  } expected[] = {
    { 2, "Win in 1", "win", "Playing here wins in 1 move" },
    { 5, "Draw", "draw", "Playing here draws" },
    { 6, "Loss in 2", "loss", "Playing here loses in 2 moves" },
    { 7, "Loss in 2", "loss", "Playing here loses in 2 moves" },
    { 8, "Loss in 2", "loss", "Playing here loses in 2 moves" },
  };
  GSettings *settings = ttt_application_get_settings (fixture->app);

  ttt_test_two_players (fixture);
  ttt_test_click_cells (fixture->window, moves, G_N_ELEMENTS (moves));

  /* Off by default: nothing on any cell. */
  g_assert_false (g_settings_get_boolean (settings, "show-analysis"));
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
      assert_no_description (ttt_window_get_cell (fixture->window, cell));
    }

  /* The menu's toggle turns it on, and the setting remembers it. */
  ttt_test_activate (fixture->window, "win.show-analysis");
  g_assert_true (g_settings_get_boolean (settings, "show-analysis"));
  g_assert_true (ttt_board_view_get_show_analysis (fixture->board));

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      GtkWidget *button = ttt_window_get_cell (fixture->window, expected[i].cell);
      const char *symbol = NULL;

      g_assert_cmpstr (ttt_board_view_get_note (fixture->board, expected[i].cell, &symbol), ==,
                       expected[i].label);
      g_assert_cmpstr (symbol, ==, expected[i].symbol);
      assert_description (button, expected[i].description);
      /* The name still says where the cell is and that it is empty. */
      {
        g_autofree char *name = g_strdup_printf ("Row %d, column %d, empty",
                                                 expected[i].cell / 3 + 1, expected[i].cell % 3 + 1);

        gtk_test_accessible_assert_property (button, GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      }
    }
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_null (ttt_board_view_get_note (fixture->board, moves[i], NULL));
      assert_no_description (ttt_window_get_cell (fixture->window, moves[i]));
    }

  /* Between two people it is for the side to move: now O. */
  ttt_test_click (fixture->window, 5);
  g_assert_cmpint (ttt_game_get_turn (fixture->game), ==, TTT_MARK_O);
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 5, NULL), ==, NULL);
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 2, NULL), ==, "Draw");
  assert_notes_match_model (fixture);

  /* Undone, it is X's again, as before. */
  ttt_test_activate (fixture->window, "win.undo");
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 2, NULL), ==, "Win in 1");
  assert_notes_match_model (fixture);

  /* The accelerator turns it off again, and every word goes. */
  ttt_test_activate (fixture->window, "win.show-analysis");
  g_assert_false (g_settings_get_boolean (settings, "show-analysis"));
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
      assert_no_description (ttt_window_get_cell (fixture->window, cell));
    }
}

static void
test_analysis_not_for_computer (TttTestWindow *fixture,
                                gconstpointer  data)
{
  g_settings_set_boolean (ttt_application_get_settings (fixture->app), "show-analysis", TRUE);
  ttt_test_iterate ();
  g_assert_true (ttt_window_get_show_analysis (fixture->window));

  /* The empty board says nothing: every first move draws, and nine
   * "= Draw" at the start of every game would only shout. */
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
      assert_no_description (ttt_window_get_cell (fixture->window, cell));
    }

  /* While the computer is to move, nothing. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), TTT_TEST_HOLD_MS);
  ttt_test_click (fixture->window, 4);
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_WAITING);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
      assert_no_description (ttt_window_get_cell (fixture->window, cell));
    }

  /* Once it has moved, the person's turn is analysed again. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), 0);
  ttt_game_start_new (fixture->game);
  ttt_test_click (fixture->window, 4);
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 2);
  assert_notes_match_model (fixture);
  {
    guint n_notes = 0;

    for (int cell = 0; cell < TTT_N_CELLS; cell++)
      n_notes += ttt_board_view_get_note (fixture->board, cell, NULL) != NULL;
    g_assert_cmpuint (n_notes, ==, 7);
  }
}

/* The setting is read by a new window, as after a restart. */
static void
test_analysis_remembered (TttTestWindow *fixture,
                          gconstpointer  data)
{
  TttWindow *second;

  ttt_test_activate (fixture->window, "win.show-analysis");
  second = ttt_test_window_new (fixture->app);
  g_assert_true (ttt_window_get_show_analysis (second));
  g_assert_true (ttt_board_view_get_show_analysis (ttt_window_get_board (second)));
  gtk_window_destroy (GTK_WINDOW (second));
  ttt_test_iterate ();
}

/* In the main menu, with an accelerator, and in the shortcuts window. */
static void
test_coach_discoverable (TttTestWindow *fixture,
                         gconstpointer  data)
{
  static const char *actions[] = { "win.show-analysis", "win.review" };

  g_assert_true (ttt_test_main_menu_has (fixture->window, "win.show-analysis"));
  for (guint i = 0; i < G_N_ELEMENTS (actions); i++)
    g_assert_true (ttt_test_shortcut_listed (fixture->window, actions[i]));
}

/* Hints that say why */

static void
test_hint_reasons (TttTestWindow *fixture,
                   gconstpointer  data)
{
  static const struct
  {
    const char *name;
    int         moves[4];
    guint       n_moves;
    int         cell;
    const char *text;
    const char *after;
  } cases[] = {
    { "centre", { 0 }, 1, 4, "Hint: take the center", "X’s turn" },
    { "block", { 0, 4, 1 }, 3, 2, "Hint: block X’s line", "X’s turn" },
    { "fork", { 0, 1, 4, 8 }, 4, 3, "Hint: make a fork — two ways to win", "O’s turn" },
  };

  ttt_test_two_players (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_test_message ("%s", cases[i].name);
      ttt_test_activate (fixture->window, "win.new-game");
      ttt_test_click_cells (fixture->window, cases[i].moves, cases[i].n_moves);

      ttt_test_activate (fixture->window, "win.hint");
      g_assert_cmpint (ttt_board_view_get_hint_cell (fixture->board), ==, cases[i].cell);
      g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, cases[i].text);
      /* A screen reader hears it with the board; the cell, which takes
       * the focus, gets no description to say it twice (the news tells
       * the hint). */
      assert_description (GTK_WIDGET (fixture->board), cases[i].text);
      g_assert_true (ttt_test_focus (fixture->window) == ttt_window_get_cell (fixture->window, cases[i].cell));
      assert_no_description (ttt_window_get_cell (fixture->window, cases[i].cell));

      /* Until the next move. */
      ttt_test_click (fixture->window, cases[i].cell);
      g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, cases[i].after);
      assert_description (GTK_WIDGET (fixture->board), cases[i].after);
    }
}

/* Against the computer the reason lasts until the person's move, and the
 * hinted cell keeps its analysis, as it was before the hint, and again
 * once the focus has left it. */
static void
test_hint_with_analysis (TttTestWindow *fixture,
                         gconstpointer  data)
{
  int cell;

  ttt_test_activate (fixture->window, "win.show-analysis");
  ttt_test_click (fixture->window, 0);
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");

  ttt_test_activate (fixture->window, "win.hint");
  cell = ttt_board_view_get_hint_cell (fixture->board);
  g_assert_cmpint (cell, >=, 0);
  g_assert_true (g_str_has_prefix (ttt_window_get_status (fixture->window), "Hint: "));
  /* Its analysis is drawn at its foot, clear of the hint's faint mark;
   * the others' stay in their middle. */
  g_assert_nonnull (ttt_board_view_get_note (fixture->board, cell, NULL));
  g_assert_true (ttt_cell_get_note_at_foot (TTT_CELL (ttt_board_view_get_cell (fixture->board, cell))));
  g_assert_nonnull (ttt_board_view_get_note (fixture->board, cell == 8 ? 7 : 8, NULL));
  g_assert_false (ttt_cell_get_note_at_foot (TTT_CELL (ttt_board_view_get_cell (fixture->board, cell == 8 ? 7 : 8))));
  {
    TttVerdict verdict;
    guint n_moves;
    g_autofree char *analysis = NULL;

    g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (fixture->game), cell, &verdict, &n_moves));
    analysis = ttt_coach_analysis_description (verdict, n_moves);

    /* The news of the hint borrows the focused cell's description (see
     * TttAnnouncer; as it does before GTK 4.14, here by hand); the
     * analysis comes back when the focus moves on. */
    g_assert_true (ttt_test_focus (fixture->window) == ttt_window_get_cell (fixture->window, cell));
    gtk_accessible_reset_property (GTK_ACCESSIBLE (ttt_window_get_cell (fixture->window, cell)),
                                   GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    ttt_board_view_focus_cell (fixture->board, cell == 8 ? 7 : 8);
    ttt_test_iterate ();
    assert_description (ttt_window_get_cell (fixture->window, cell), analysis);
  }

  ttt_test_click (fixture->window, cell);
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");
}

/* News told while the focus is on an empty cell (here the computer's
 * reply) leaves the cell's analysis in its description: before GTK 4.14
 * the news borrows the description (TttAnnouncer) and goes in front of
 * the analysis; after the focus leaves, the analysis alone is left. */
static void
test_analysis_after_news (TttTestWindow *fixture,
                          gconstpointer  data)
{
  const int watched = 8;
  g_autofree char *analysis = NULL;
  guint n_moves;
  const int *moves;

  ttt_test_activate (fixture->window, "win.show-analysis");
  g_assert_true (ttt_board_view_focus_cell (fixture->board, watched));
  /* The focus has settled before the move, as a person's has: news on a
   * focus that has only just come is taken off at once (TttAnnouncer). */
  ttt_test_iterate ();
  g_assert_true (ttt_game_play (fixture->game, 0));
  ttt_test_wait_for_human (fixture->game);
  ttt_test_iterate ();
  g_assert_true (ttt_test_focus (fixture->window) == ttt_window_get_cell (fixture->window, watched));

  moves = ttt_match_get_moves (ttt_game_get_match (fixture->game), &n_moves);
  g_assert_cmpuint (n_moves, ==, 2);
  g_assert_cmpint (moves[1], !=, watched);
  {
    TttVerdict verdict;
    guint n;

    g_assert_true (ttt_analyst_get_cell_analysis (ttt_game_get_analyst (fixture->game), watched, &verdict, &n));
    analysis = ttt_coach_analysis_description (verdict, n);
  }

#if !GTK_CHECK_VERSION (4, 14, 0)
  {
    g_autofree char *told = g_strdup_printf ("Computer played row %d, column %d. Your turn. %s",
                                             moves[1] / 3 + 1, moves[1] % 3 + 1, analysis);

    assert_description (ttt_window_get_cell (fixture->window, watched), told);
  }
#endif

  ttt_board_view_focus_cell (fixture->board, watched - 1);
  ttt_test_iterate ();
  assert_description (ttt_window_get_cell (fixture->window, watched), analysis);
}

/* The review */

static void
assert_position (TttTestWindow *fixture,
                 guint          position,
                 const char    *position_text)
{
  TttReviewCursor *review = ttt_window_get_review (fixture->window);

  g_assert_nonnull (review);
  g_assert_cmpuint (ttt_review_cursor_get_position (review), ==, position);
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (ttt_test_window_child (fixture->window, "position_label"))), ==, position_text);

  /* The board shows the position, not the game. */
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      TttMark expected = TTT_MARK_NONE;
      g_autofree char *name = NULL;

      for (guint i = 0; i < position; i++)
        if (forked_game[i] == cell)
          expected = i % 2 == 0 ? TTT_MARK_X : TTT_MARK_O;
      name = g_strdup_printf ("Row %d, column %d, %s", cell / 3 + 1, cell % 3 + 1,
                              expected == TTT_MARK_X ? "X" : expected == TTT_MARK_O ? "O" : "empty");
      gtk_test_accessible_assert_property (ttt_window_get_cell (fixture->window, cell),
                                           GTK_ACCESSIBLE_PROPERTY_LABEL, name);
      ttt_test_assert_cell_read_only (fixture->window, cell);
    }

  /* The line and the board say the same; the buttons do not (the line
   * is news as it changes, which a description would repeat). */
  assert_description (GTK_WIDGET (fixture->board), ttt_window_get_status (fixture->window));
  assert_no_description (ttt_test_window_child (fixture->window, "previous_button"));
  assert_no_description (ttt_test_window_child (fixture->window, "next_button"));
  g_assert_true (ttt_test_action_enabled (fixture->window, "win.review-previous") == (position > 0));
  g_assert_true (ttt_test_action_enabled (fixture->window, "win.review-next") == (position < 7));
}

static void
assert_game_untouched (TttTestWindow *fixture)
{
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 7);
  g_assert_cmpuint (ttt_test_tally (fixture->game, TTT_TALLY_TWO_PLAYERS).won, ==, 1);
  g_assert_cmpuint (ttt_test_games (fixture->game, TTT_TALLY_TWO_PLAYERS), ==, 1);
  for (guint i = 0; i < G_N_ELEMENTS (forked_game); i++)
    g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), forked_game[i]), ==, i % 2 == 0 ? TTT_MARK_X : TTT_MARK_O);
}

static void
test_review_navigation (TttTestWindow *fixture,
                        gconstpointer  data)
{
  GtkWidget *review_button = ttt_test_window_child (fixture->window, "review_button");
  GtkWidget *play_again = ttt_test_window_child (fixture->window, "play_again_button");
  const char *symbol = NULL;

  ttt_test_two_players (fixture);
  g_assert_false (ttt_test_action_enabled (fixture->window, "win.review"));
  ttt_test_click_cells (fixture->window, forked_game, G_N_ELEMENTS (forked_game));
  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_X_WINS);

  /* Review is offered beside Play Again, which stays the default. */
  g_assert_true (gtk_widget_get_mapped (review_button));
  g_assert_true (ttt_test_action_enabled (fixture->window, "win.review"));
  g_assert_true (ttt_test_focus (fixture->window) == play_again);
  g_assert_true (gtk_widget_has_css_class (play_again, "suggested-action"));
  g_assert_false (gtk_widget_has_css_class (review_button, "suggested-action"));

  /* Outside a review its keys are not taken. */
  g_assert_false (ttt_test_press (fixture->window, GDK_KEY_Escape));
  g_assert_false (ttt_test_press (fixture->window, GDK_KEY_Home));
  g_assert_null (ttt_window_get_review (fixture->window));
  {
    gboolean reviewing = TRUE;

    g_object_get (fixture->window, "reviewing", &reviewing, NULL);
    g_assert_false (reviewing);
  }

  /* It opens on the final position with the summary, the focus on the
   * way back. */
  gtk_widget_activate (review_button);
  {
    /* A button shows its press briefly before it clicks; a busy machine
     * may take a while. */
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

    while (ttt_window_get_review (fixture->window) == NULL && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    ttt_test_iterate ();
  }
  g_assert_true (gtk_widget_get_mapped (ttt_test_window_child (fixture->window, "review_box")));
  g_assert_false (gtk_widget_get_mapped (ttt_test_window_child (fixture->window, "play_again_button")));
  g_assert_false (ttt_test_action_enabled (fixture->window, "win.review"));
  {
    gboolean reviewing = FALSE;

    g_object_get (fixture->window, "reviewing", &reviewing, NULL);
    g_assert_true (reviewing);
  }
  g_assert_true (ttt_test_focus (fixture->window) == ttt_test_window_child (fixture->window, "previous_button"));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (ttt_test_window_child (fixture->window, "summary_label"))), ==,
                   "X played perfectly. O made 1 mistake. The game turned at move 4.");
  gtk_test_accessible_assert_property (ttt_test_window_child (fixture->window, "review_box"), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "X played perfectly. O made 1 mistake. The game turned at move 4.");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==,
                   "Move 7 — X at row 1, column 3: Best. It completes a line and wins.");
  assert_position (fixture, 7, "Move 7 of 7");
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 2, &symbol), ==, "Best");
  g_assert_cmpstr (symbol, ==, "best");
  assert_description (ttt_window_get_cell (fixture->window, 2), "Move 7: Best");
  g_assert_cmpint (ttt_board_view_get_review_best_cell (fixture->board), ==, -1);

  /* Left steps back; the move just played carries its grade. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Left));
  assert_position (fixture, 6, "Move 6 of 7");
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 7, &symbol), ==, "Best");
  g_assert_null (ttt_board_view_get_note (fixture->board, 2, NULL));

  /* Home goes to the empty board, and there is nowhere further back. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Home));
  assert_position (fixture, 0, "Start");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Before the first move.");
  g_assert_true (ttt_test_focus (fixture->window) == ttt_test_window_child (fixture->window, "next_button"));
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Page_Up));
  assert_position (fixture, 0, "Start");

  /* Page Down and Right step forward to the mistake. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Page_Down));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Right));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Page_Down));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Right));
  assert_position (fixture, 4, "Move 4 of 7");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==,
                   "Move 4 — O at row 2, column 1: Mistake. It lets X make a fork. "
                   "Best was row 1, column 3.");
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 3, &symbol), ==, "Mistake");
  g_assert_cmpstr (symbol, ==, "mistake");
  assert_description (ttt_window_get_cell (fixture->window, 3), "Move 4: Mistake");
  /* The best cell is the one the line names, marked by a symbol and a
   * word too. */
  g_assert_cmpint (ttt_board_view_get_review_best_cell (fixture->board), ==, 2);
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 2, &symbol), ==, "Best");
  g_assert_cmpstr (symbol, ==, "best");
  assert_description (ttt_window_get_cell (fixture->window, 2), "The best move");
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (cell != 2 && cell != 3)
      g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));

  /* The buttons step too. */
  g_signal_emit_by_name (ttt_test_window_child (fixture->window, "next_button"), "clicked");
  ttt_test_iterate ();
  assert_position (fixture, 5, "Move 5 of 7");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==,
                   "Move 5 — X at row 3, column 1: Best. It blocks O’s line.");
  g_signal_emit_by_name (ttt_test_window_child (fixture->window, "previous_button"), "clicked");
  ttt_test_iterate ();
  assert_position (fixture, 4, "Move 4 of 7");

  /* End, and Right goes no further. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_End));
  assert_position (fixture, 7, "Move 7 of 7");
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Right));
  assert_position (fixture, 7, "Move 7 of 7");

  /* Nothing of this reached the game or the score. */
  assert_game_untouched (fixture);

  /* Escape goes back to the end of the game, Play Again with the focus. */
  ttt_test_press (fixture->window, GDK_KEY_Left);
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Escape));
  g_assert_null (ttt_window_get_review (fixture->window));
  g_assert_null (ttt_board_view_get_review (fixture->board));
  g_assert_false (gtk_widget_get_mapped (ttt_test_window_child (fixture->window, "review_box")));
  g_assert_true (gtk_widget_get_mapped (play_again));
  g_assert_true (ttt_test_focus (fixture->window) == play_again);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X won!");
  assert_description (GTK_WIDGET (fixture->board), "X won!");
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
  gtk_test_accessible_assert_property (ttt_window_get_cell (fixture->window, 2),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 3, X");
  assert_description (ttt_window_get_cell (fixture->window, 2), "Part of the winning line");
  assert_game_untouched (fixture);
  g_assert_true (ttt_test_action_enabled (fixture->window, "win.review"));
  g_assert_false (ttt_test_action_enabled (fixture->window, "win.review-previous"));
}

/* Done leaves as Escape does; a new game ends a review too. */
static int
focused_cell (TttTestWindow *fixture)
{
  GtkWidget *focus = ttt_test_focus (fixture->window);

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (focus == ttt_window_get_cell (fixture->window, i))
      return i;

  return -1;
}

/* The reviewed position can be read cell by cell: the board is one Tab
 * stop, the arrows walk it there and step the review elsewhere. */
static void
test_review_board_readable (TttTestWindow *fixture,
                            gconstpointer  data)
{
  GtkWidget *previous = ttt_test_window_child (fixture->window, "previous_button");

  ttt_test_two_players (fixture);
  ttt_test_click_cells (fixture->window, forked_game, G_N_ELEMENTS (forked_game));
  ttt_test_activate (fixture->window, "win.review");
  g_assert_true (ttt_test_focus (fixture->window) == previous);

  /* On the buttons Left steps back. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Left));
  assert_position (fixture, 6, "Move 6 of 7");
  g_assert_true (ttt_test_focus (fixture->window) == previous);

  /* Tab reaches the board; there the arrows move between the cells of
   * the reviewed position, which is left where it is. */
  for (guint i = 0; i < 40 && focused_cell (fixture) < 0; i++)
    ttt_test_press (fixture->window, GDK_KEY_Tab);
  g_assert_cmpint (focused_cell (fixture), >=, 0);
  ttt_test_press (fixture->window, GDK_KEY_Up);
  ttt_test_press (fixture->window, GDK_KEY_Up);
  ttt_test_press (fixture->window, GDK_KEY_Right);
  ttt_test_press (fixture->window, GDK_KEY_Right);
  g_assert_cmpint (focused_cell (fixture), ==, 2);
  /* X's winning move, 7th, is not yet played at move 6. */
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 3, empty");
  ttt_test_press (fixture->window, GDK_KEY_Left);
  ttt_test_press (fixture->window, GDK_KEY_Left);
  g_assert_cmpint (focused_cell (fixture), ==, 0);
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 1, O");
  assert_position (fixture, 6, "Move 6 of 7");

  /* Enter plays nothing there; the other review keys still step. */
  ttt_test_assert_cell_read_only (fixture->window, 0);
  ttt_test_assert_cell_read_only (fixture->window, 2);
  assert_game_untouched (fixture);
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Page_Up));
  assert_position (fixture, 5, "Move 5 of 7");
  g_assert_cmpint (focused_cell (fixture), ==, 0);
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 1, O");
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Home));
  assert_position (fixture, 0, "Start");
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 1, empty");
  assert_game_untouched (fixture);
}

static void
test_review_leave (TttTestWindow *fixture,
                   gconstpointer  data)
{
  ttt_test_two_players (fixture);
  ttt_test_click_cells (fixture->window, forked_game, G_N_ELEMENTS (forked_game));

  ttt_test_activate (fixture->window, "win.review");
  g_assert_nonnull (ttt_window_get_review (fixture->window));
  gtk_widget_activate (ttt_test_window_child (fixture->window, "done_button"));
  {
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

    while (ttt_window_get_review (fixture->window) != NULL && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    ttt_test_iterate ();
  }
  g_assert_null (ttt_window_get_review (fixture->window));
  g_assert_true (ttt_test_focus (fixture->window) == ttt_test_window_child (fixture->window, "play_again_button"));

  /* The accelerator's action opens it again; a new game closes it and
   * the board takes the focus and plays. */
  ttt_test_activate (fixture->window, "win.review");
  ttt_test_press (fixture->window, GDK_KEY_Home);
  g_assert_cmpuint (ttt_review_cursor_get_position (ttt_window_get_review (fixture->window)), ==, 0);
  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_null (ttt_window_get_review (fixture->window));
  g_assert_null (ttt_board_view_get_review (fixture->board));
  g_assert_false (gtk_widget_get_mapped (ttt_test_window_child (fixture->window, "review_box")));
  g_assert_true (gtk_widget_get_mapped (ttt_test_window_child (fixture->window, "status_label")));
  g_assert_cmpuint (ttt_test_tally (fixture->game, TTT_TALLY_TWO_PLAYERS).won, ==, 1);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);
  g_assert_true (GTK_IS_BUTTON (ttt_test_focus (fixture->window)));
  g_assert_true (gtk_widget_is_ancestor (ttt_test_focus (fixture->window), GTK_WIDGET (fixture->board)));
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      g_assert_true (gtk_widget_is_sensitive (ttt_window_get_cell (fixture->window, cell)));
      g_assert_null (ttt_board_view_get_note (fixture->board, cell, NULL));
    }
  ttt_test_click (fixture->window, 4);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 4), ==, TTT_MARK_X);
}

/* Against the computer the person's moves are counted, and a loss names
 * where it turned. */
static void
test_review_against_computer (TttTestWindow *fixture,
                              gconstpointer  data)
{
  TttReviewCursor *review;
  g_autofree char *summary = NULL;
  guint32 lost;

  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), TTT_LEVEL_HARD);
  ttt_test_activate (fixture->window, "win.new-game");

  /* The person plays the first free cell in reading order, which loses
   * to Hard. */
  while (ttt_game_get_state (fixture->game) != TTT_GAME_STATE_OVER)
    {
      ttt_test_wait_for_human (fixture->game);
      for (int cell = 0; cell < TTT_N_CELLS; cell++)
        if (ttt_game_get_state (fixture->game) == TTT_GAME_STATE_LOCAL_TURN &&
            ttt_match_get_cell (ttt_game_get_match (fixture->game), cell) == TTT_MARK_NONE)
          {
            ttt_test_click (fixture->window, cell);
            break;
          }
    }
  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_O_WINS);
  lost = ttt_test_tally (fixture->game, ttt_table_get_tally (ttt_game_get_table (fixture->game))).lost;

  ttt_test_activate (fixture->window, "win.review");
  review = ttt_window_get_review (fixture->window);
  g_assert_nonnull (review);
  g_assert_cmpint (ttt_review_cursor_get_person (review), ==, TTT_MARK_X);
  g_assert_cmpuint (ttt_review_cursor_get_turning_move (review), >, 0);
  summary = ttt_review_cursor_dup_summary (review);
  g_assert_true (g_str_has_prefix (summary, "You made "));
  g_assert_nonnull (strstr (summary, "The game turned at move "));
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (ttt_test_window_child (fixture->window, "summary_label"))), ==, summary);

  /* At the turning move, the person's move is graded as it was. */
  ttt_review_cursor_set_position (review, ttt_review_cursor_get_turning_move (review));
  ttt_test_iterate ();
  {
    TttReview move;
    int cell;
    const char *symbol = NULL;

    g_assert_true (ttt_review_cursor_get_move (review, ttt_review_cursor_get_turning_move (review),
                                               &cell, NULL, &move));
    g_assert_cmpint (move.grade, !=, TTT_GRADE_BEST);
    g_assert_cmpstr (ttt_board_view_get_note (fixture->board, cell, &symbol), ==,
                     ttt_coach_grade_name (move.grade));
    g_assert_cmpstr (symbol, ==, move.grade == TTT_GRADE_MISTAKE ? "mistake" : "blunder");
  }

  /* The computer's moves (O's, the even ones) are told, not graded: no
   * grade on the board, no best cell, no grade in the words. */
  for (guint number = 2; number <= ttt_review_cursor_get_n_moves (review); number += 2)
    {
      int cell;
      g_autofree char *text = NULL;

      ttt_review_cursor_set_position (review, number);
      ttt_test_iterate ();
      g_assert_false (ttt_review_cursor_get_graded (review, number));
      g_assert_true (ttt_review_cursor_get_graded (review, number - 1));
      g_assert_true (ttt_review_cursor_get_move (review, number, &cell, NULL, NULL));
      for (int i = 0; i < TTT_N_CELLS; i++)
        g_assert_null (ttt_board_view_get_note (fixture->board, i, NULL));
      g_assert_cmpint (ttt_board_view_get_review_best_cell (fixture->board), ==, -1);
      text = ttt_review_cursor_dup_move_text (review);
      g_assert_null (strstr (text, ": Best"));
      g_assert_null (strstr (text, ": Mistake"));
      g_assert_null (strstr (text, ": Blunder"));
    }

  ttt_test_press (fixture->window, GDK_KEY_Escape);
  g_assert_cmpuint (ttt_test_tally (fixture->game, ttt_table_get_tally (ttt_game_get_table (fixture->game))).lost, ==, lost);
  g_assert_cmpuint (ttt_test_tally (fixture->game, ttt_table_get_tally (ttt_game_get_table (fixture->game))).won, ==, 0);
}

/* Where the corner cell is, in the window. */
static graphene_rect_t
corner_bounds (TttTestWindow *fixture)
{
  graphene_rect_t bounds;

  ttt_test_iterate ();
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->window));
  g_assert_true (gtk_widget_compute_bounds (ttt_window_get_cell (fixture->window, 0),
                                            GTK_WIDGET (fixture->window), &bounds));
  return bounds;
}

static void
assert_same_place (const graphene_rect_t *a,
                   const graphene_rect_t *b)
{
  g_test_message ("corner at %g, %g: %g × %g, was at %g, %g: %g × %g", a->origin.x, a->origin.y,
                  a->size.width, a->size.height, b->origin.x, b->origin.y, b->size.width, b->size.height);
  g_assert_cmpfloat_with_epsilon (a->origin.x, b->origin.x, 0.5);
  g_assert_cmpfloat_with_epsilon (a->origin.y, b->origin.y, 0.5);
  g_assert_cmpfloat_with_epsilon (a->size.width, b->size.width, 0.5);
  g_assert_cmpfloat_with_epsilon (a->size.height, b->size.height, 0.5);
}

/* The review keeps the board's size and place, at the window's smallest
 * and at a large size, whatever each move's explanation wraps to; its
 * buttons are whole within the window, and close together when it is
 * wide. */
static void
test_review_steady (TttTestWindow *fixture,
                    gconstpointer  data)
{
  static const struct { int width, height; } sizes[] = { { 360, 520 }, { 1240, 900 } };

  ttt_test_two_players (fixture);
  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      graphene_rect_t playing, ended;
      guint n_moves;

      ttt_test_set_content_size (fixture->window, sizes[s].width, sizes[s].height);
      ttt_game_start_new (fixture->game);
      playing = corner_bounds (fixture);
      ttt_test_click_cells (fixture->window, forked_game, G_N_ELEMENTS (forked_game));
      ended = corner_bounds (fixture);
      assert_same_place (&ended, &playing);

      ttt_test_activate (fixture->window, "win.review");
      n_moves = ttt_review_cursor_get_n_moves (ttt_window_get_review (fixture->window));
      for (guint position = 0; position <= n_moves; position++)
        {
          graphene_rect_t now;

          ttt_review_cursor_set_position (ttt_window_get_review (fixture->window), position);
          now = corner_bounds (fixture);
          assert_same_place (&now, &playing);

          for (guint i = 0; i < 4; i++)
            {
              static const char *buttons[] = {
                "previous_button", "position_button", "next_button", "done_button"
              };
              GtkWidget *widget = ttt_test_window_child (fixture->window, buttons[i]);
              graphene_rect_t bounds;

              g_assert_true (gtk_widget_get_mapped (widget));
              g_assert_true (gtk_widget_compute_bounds (widget, GTK_WIDGET (fixture->window), &bounds));
              g_assert_cmpfloat (bounds.origin.x, >=, 0);
              g_assert_cmpfloat (bounds.origin.x + bounds.size.width, <=, sizes[s].width);
              g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, sizes[s].height);
            }
        }
      ttt_test_assert_labels_whole (ttt_test_window_child (fixture->window, "review_box"));

      /* Wide, the row stays as wide as the board at most, not stretched
       * to the window's corners. */
      {
        graphene_rect_t first, done;

        g_assert_true (gtk_widget_compute_bounds (ttt_test_window_child (fixture->window, "previous_button"),
                                                  GTK_WIDGET (fixture->window), &first));
        g_assert_true (gtk_widget_compute_bounds (ttt_test_window_child (fixture->window, "done_button"),
                                                  GTK_WIDGET (fixture->window), &done));
        g_assert_cmpfloat (done.origin.x + done.size.width - first.origin.x, <=, 440);
      }
      ttt_test_activate (fixture->window, "win.review-done");
    }
}

static GtkWidget *
position_toggle (TttTestWindow *fixture)
{
  return gtk_widget_get_first_child (ttt_test_window_child (fixture->window, "position_button"));
}

static GtkWidget *
move_row_label (GtkWidget *row,
                guint      i)
{
  GtkWidget *label = gtk_widget_get_first_child (gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row)));

  while (i-- > 0 && label != NULL)
    label = gtk_widget_get_next_sibling (label);
  return label;
}

/* Waits until @widget has been given a size. */
static void
wait_for_size (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (gtk_widget_get_width (widget) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

/* Opens the list of moves from the focused button with Enter, as a
 * person with the keyboard would; returns the list. */
static GtkListBox *
open_move_list (TttTestWindow *fixture)
{
  GtkWidget *popover = ttt_test_window_child (fixture->window, "moves_popover");

  g_assert_true (ttt_test_focus (fixture->window) == position_toggle (fixture));
  g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_Return));
  ttt_test_wait_for_mapped (popover);
  return GTK_LIST_BOX (ttt_test_window_child (fixture->window, "move_list"));
}

/* Any move is one choice away: the button between the steps lists the
 * moves with their grades, opens on the one shown, and goes to the one
 * chosen, with the keyboard alone; the board shows that position and its
 * grade, keeps its size and place at the window's smallest, and the
 * move's line is heard as after a step. */
static void
test_review_jump (TttTestWindow *fixture,
                  gconstpointer  data)
{
  GtkWidget *popover = ttt_test_window_child (fixture->window, "moves_popover");
  GtkListBox *list;
  GtkWidget *row;
  graphene_rect_t playing, now;
  const char *symbol = NULL;

  ttt_test_two_players (fixture);
  ttt_test_set_content_size (fixture->window, 360, 520);
  playing = corner_bounds (fixture);
  ttt_test_click_cells (fixture->window, forked_game, G_N_ELEMENTS (forked_game));
  ttt_test_activate (fixture->window, "win.review");
  g_assert_true (ttt_test_focus (fixture->window) == ttt_test_window_child (fixture->window, "previous_button"));

  /* Tab reaches the button, named by where the review is, once the
   * review is laid out, as a person sees it before pressing a key: GTK
   * 4.24 moves the focus past a button that has no size yet. */
  wait_for_size (position_toggle (fixture));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Tab));
  gtk_test_accessible_assert_property (position_toggle (fixture), GTK_ACCESSIBLE_PROPERTY_LABEL, "Move 7 of 7");

  /* The list: the start, then every move with its cell and grade; it
   * opens on the move shown. */
  list = open_move_list (fixture);
  g_assert_null (gtk_list_box_get_row_at_index (list, 8));
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 0));
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL, "Start");
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 4));
  gtk_test_accessible_assert_property (row, GTK_ACCESSIBLE_PROPERTY_LABEL, "Move 4: Row 2, column 1, O, Mistake");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (move_row_label (row, 0))), ==, "4");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (move_row_label (row, 1))), ==, "Row 2, column 1, O");
  g_assert_cmpstr (gtk_label_get_label (GTK_LABEL (move_row_label (row, 2))), ==, "Mistake");
  row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 7));
  g_assert_true (gtk_list_box_get_selected_row (list) == GTK_LIST_BOX_ROW (row));
  g_assert_true (ttt_test_focus (fixture->window) == row);

  /* Up three times and Enter: move 4, the list closed, the focus back on
   * its button, which says where the review is; the board and the line
   * at move 4. (The board's place is measured first: assert_position()
   * adds a probe to the window, which may grow it.) */
  for (guint i = 0; i < 3; i++)
    g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_Up));
  g_assert_true (ttt_test_focus (fixture->window) == GTK_WIDGET (gtk_list_box_get_row_at_index (list, 4)));
  g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_Return));
  now = corner_bounds (fixture);
  assert_same_place (&now, &playing);
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_true (ttt_test_focus (fixture->window) == position_toggle (fixture));
  gtk_test_accessible_assert_property (position_toggle (fixture), GTK_ACCESSIBLE_PROPERTY_LABEL, "Move 4 of 7");
  assert_position (fixture, 4, "Move 4 of 7");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==,
                   "Move 4 — O at row 2, column 1: Mistake. It lets X make a fork. "
                   "Best was row 1, column 3.");
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, 3, &symbol), ==, "Mistake");
  g_assert_cmpstr (symbol, ==, "mistake");
  g_assert_cmpint (ttt_board_view_get_review_best_cell (fixture->board), ==, 2);
  /* The button describes the line: what a screen reader says with it as
   * the window has the focus back from the list. */
  assert_description (position_toggle (fixture), ttt_window_get_status (fixture->window));
  ttt_test_set_content_size (fixture->window, 360, 520);

  /* Again, on move 4 now; Home and Enter go to the start. */
  list = open_move_list (fixture);
  g_assert_true (ttt_test_focus (fixture->window) == GTK_WIDGET (gtk_list_box_get_row_at_index (list, 4)));
  g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_Home));
  g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_Return));
  now = corner_bounds (fixture);
  assert_same_place (&now, &playing);
  assert_position (fixture, 0, "Start");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Before the first move.");
  ttt_test_set_content_size (fixture->window, 360, 520);

  /* Escape closes the list and goes nowhere: the review stays where it
   * was, the focus back on the button. */
  list = open_move_list (fixture);
  g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_End));
  g_assert_true (ttt_test_focus (fixture->window) == GTK_WIDGET (gtk_list_box_get_row_at_index (list, 7)));
  g_assert_true (ttt_test_press_on_focus (fixture->window, GDK_KEY_Escape));
  g_assert_false (gtk_widget_get_visible (popover));
  g_assert_nonnull (ttt_window_get_review (fixture->window));
  g_assert_cmpuint (ttt_review_cursor_get_position (ttt_window_get_review (fixture->window)), ==, 0);
  g_assert_true (ttt_test_focus (fixture->window) == position_toggle (fixture));

  /* The pointer: a click on a row. */
  gtk_menu_button_popup (GTK_MENU_BUTTON (ttt_test_window_child (fixture->window, "position_button")));
  ttt_test_wait_for_mapped (popover);
  g_signal_emit_by_name (list, "row-activated", gtk_list_box_get_row_at_index (list, 5));
  ttt_test_iterate ();
  now = corner_bounds (fixture);
  assert_same_place (&now, &playing);
  assert_position (fixture, 5, "Move 5 of 7");

  assert_game_untouched (fixture);
}

/* Ultimate: a game between two people that O loses at move 28 by giving
 * X a free choice, and X wins at once (as in test-ultimate-review.c). The
 * review opens at once and grades off the main thread, the summary
 * counting its way; then the lines give the grades, the move the engine
 * preferred, and say they are estimates; the board shows the grade and
 * the preferred cell. */
static void
test_review_ultimate (TttTestWindow *fixture,
                      gconstpointer  data)
{
  static const int moves[] = {
    16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
    27, 8, 78, 59, 46, 13, 39, 31, 33,
  };
  TttReviewCursor *review;
  GtkLabel *summary, *line;
  TttUltimateGrade grade;
  gint64 deadline;
  guint n_iterations = 0;
  const char *symbol = NULL;

  ttt_test_two_players (fixture);
  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "ultimate");
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_variant (fixture->game), ==, TTT_VARIANT_ULTIMATE);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    ttt_test_click (fixture->window, ttt_ultimate_move_row (moves[i]) * 9 + ttt_ultimate_move_col (moves[i]));
  g_assert_cmpint (ttt_game_get_outcome (fixture->game), ==, TTT_OUTCOME_X_WINS);

  g_assert_true (ttt_test_action_enabled (fixture->window, "win.review"));
  ttt_test_activate (fixture->window, "win.review");
  review = ttt_window_get_review (fixture->window);
  g_assert_nonnull (review);
  summary = GTK_LABEL (ttt_test_window_child (fixture->window, "summary_label"));
  line = GTK_LABEL (ttt_test_window_child (fixture->window, "move_label"));
  g_assert_false (ttt_review_cursor_get_ready (review));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (summary), "Grading the moves… "));
  g_assert_cmpstr (gtk_label_get_label (line), ==, "Move 29 — X in the centre-left board, row 3, column 1. It wins the game.");

  /* The window goes on answering meanwhile: the main loop turns, and
   * stepping works. */
  ttt_test_activate (fixture->window, "win.review-previous");
  g_assert_cmpuint (ttt_review_cursor_get_position (review), ==, 28);
  deadline = g_get_monotonic_time () + 4 * TTT_TEST_DEADLINE_US;
  while (!ttt_review_cursor_get_ready (review) && g_get_monotonic_time () < deadline)
    {
      g_main_context_iteration (NULL, TRUE);
      n_iterations++;
    }
  g_assert_true (ttt_review_cursor_get_ready (review));
  g_assert_cmpuint (n_iterations, >, 1);

  g_assert_true (g_str_has_suffix (gtk_label_get_label (summary), "The grades are the engine’s estimates."));
  g_assert_true (ttt_review_cursor_get_ultimate_grade (review, 28, &grade));
  g_assert_cmpint (grade.grade, ==, TTT_GRADE_BLUNDER);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (line),
                                   "Move 28 — O in the centre-left board, row 2, column 2: Blunder. "));
  g_assert_nonnull (strstr (gtk_label_get_label (line), "Estimated chance to win: "));
  g_assert_nonnull (strstr (gtk_label_get_label (line), "The engine preferred "));
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, ttt_ultimate_move_row (31) * 9 + ttt_ultimate_move_col (31),
                                            &symbol), ==, "Blunder");
  g_assert_cmpstr (ttt_board_view_get_note (fixture->board, ttt_ultimate_move_row (grade.best) * 9 +
                                                            ttt_ultimate_move_col (grade.best), NULL), ==, "Best");
  /* The board shows the position at the cursor: move 28 on, 29 not. */
  g_assert_cmpint (ttt_review_cursor_get_cell (review, 31), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_review_cursor_get_cell (review, 33), ==, TTT_MARK_NONE);

  /* At 360 px the explanation of move 28 is longer than its two lines:
   * it scrolls in them, whole, and neither the board nor the summary
   * moves from where they are at a short one. */
  ttt_test_set_content_size (fixture->window, 360, 640);
  {
    GtkWidget *scroller = ttt_test_window_child (fixture->window, "move_scroller");
    GtkWidget *summary_widget = GTK_WIDGET (summary);
    graphene_rect_t short_line, long_line, summary_short, summary_long;
    int height, minimum;

    ttt_test_activate (fixture->window, "win.review-first");
    short_line = corner_bounds (fixture);
    height = gtk_widget_get_height (scroller);
    g_assert_true (gtk_widget_compute_bounds (summary_widget, GTK_WIDGET (fixture->window), &summary_short));

    ttt_review_cursor_set_position (review, 28);
    long_line = corner_bounds (fixture);
    assert_same_place (&long_line, &short_line);
    g_assert_true (gtk_widget_compute_bounds (summary_widget, GTK_WIDGET (fixture->window), &summary_long));
    g_assert_cmpfloat_with_epsilon (summary_long.origin.y, summary_short.origin.y, 0.5);
    g_assert_cmpint (gtk_widget_get_height (scroller), ==, height);
    gtk_widget_measure (GTK_WIDGET (line), GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (GTK_WIDGET (line)),
                        &minimum, NULL, NULL, NULL);
    g_test_message ("the line of move 28: %d px tall in %d px", minimum, height);
    g_assert_cmpint (minimum, >, height);
    g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (line)), >=, minimum);
    ttt_test_assert_labels_whole (ttt_test_window_child (fixture->window, "review_box"));
  }

  /* The list of 29 moves opens with move 28 in view, where the focus is
   * (it opened on its first rows, the focus out of sight). */
  {
    GtkWidget *popover = ttt_test_window_child (fixture->window, "moves_popover");
    GtkWidget *moves_view;
    GtkListBox *list;
    GtkWidget *row;
    graphene_rect_t bounds;
    gint64 until;

    gtk_widget_grab_focus (position_toggle (fixture));
    list = open_move_list (fixture);
    row = GTK_WIDGET (gtk_list_box_get_row_at_index (list, 28));
    g_assert_true (ttt_test_focus (fixture->window) == row);
    moves_view = gtk_widget_get_ancestor (GTK_WIDGET (list), GTK_TYPE_SCROLLED_WINDOW);
    g_assert_nonnull (moves_view);
    until = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
    do
      {
        ttt_test_wait_for_frame (popover);
        g_assert_true (gtk_widget_compute_bounds (row, moves_view, &bounds));
      }
    while ((bounds.origin.y < 0 || bounds.origin.y + bounds.size.height > gtk_widget_get_height (moves_view)) &&
           g_get_monotonic_time () < until);
    g_test_message ("move 28's row at %.0f–%.0f px of %d", bounds.origin.y,
                    bounds.origin.y + bounds.size.height, gtk_widget_get_height (moves_view));
    g_assert_cmpfloat (bounds.origin.y, >=, 0);
    g_assert_cmpfloat (bounds.origin.y + bounds.size.height, <=, gtk_widget_get_height (moves_view));
    gtk_popover_popdown (GTK_POPOVER (popover));
    ttt_test_iterate ();
  }

  /* Leaving while another grading runs cancels it, and a new game is
   * played as usual. */
  ttt_test_activate (fixture->window, "win.review-done");
  ttt_test_activate (fixture->window, "win.review");
  g_assert_false (ttt_review_cursor_get_ready (ttt_window_get_review (fixture->window)));
  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_null (ttt_window_get_review (fixture->window));
  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while (ttt_review_cursor_count_grading () > 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (ttt_review_cursor_count_grading (), ==, 0);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);
}

/* Ultimate's hint is searched for off the main thread: the button spins
 * and says so meanwhile, the hint comes with its reason, and a move made
 * meanwhile cancels it. */
static void
test_hint_ultimate (TttTestWindow *fixture,
                    gconstpointer  data)
{
  GtkWidget *button = ttt_test_window_child (fixture->window, "hint_button");
  GtkWidget *status = ttt_test_window_child (fixture->window, "status_label");
  gint64 deadline;

  ttt_test_two_players (fixture);
  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "ultimate");
  ttt_test_iterate ();
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Hint (an estimate from a search)");
  ttt_test_click (fixture->window, ttt_ultimate_move_row (40) * 9 + ttt_ultimate_move_col (40));

  /* Not ttt_test_activate(), which waits for every search to end. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  g_assert_true (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (fixture->game)));
  g_assert_true (GTK_IS_SPINNER (gtk_button_get_child (GTK_BUTTON (button))));
  g_assert_cmpstr (gtk_widget_get_tooltip_text (button), ==, "Looking for a hint…");
  gtk_test_accessible_assert_state (button, GTK_ACCESSIBLE_STATE_BUSY, TRUE);

  deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  while (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (fixture->game)) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  ttt_test_iterate ();
  g_assert_false (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (fixture->game)));
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (fixture->game), NULL, NULL), >=, 0);
  g_assert_false (GTK_IS_SPINNER (gtk_button_get_child (GTK_BUTTON (button))));
  gtk_test_accessible_assert_state (button, GTK_ACCESSIBLE_STATE_BUSY, FALSE);
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (status)), "Hint: "));

  /* Again after a move, which is then played over it: nothing comes. */
  ttt_test_click (fixture->window, ttt_ultimate_move_row (36) * 9 + ttt_ultimate_move_col (36));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.hint", NULL));
  g_assert_true (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (fixture->game)));
  g_signal_emit_by_name (ttt_window_get_cell (fixture->window, ttt_ultimate_move_row (4) * 9 +
                                                               ttt_ultimate_move_col (4)), "clicked");
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 4), ==, TTT_MARK_X);
  g_assert_false (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (fixture->game)));
  g_assert_false (GTK_IS_SPINNER (gtk_button_get_child (GTK_BUTTON (button))));
  ttt_test_iterate ();
  g_assert_cmpint (ttt_analyst_get_search_hint (ttt_game_get_analyst (fixture->game), NULL, NULL), ==, -1);
  g_assert_false (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (status)), "Hint: "));
}

/* The review's two scrollers, Tab stops where a long text scrolls, are
 * named by their text (issue 35, item 13: a screen reader said "scroll
 * pane" twice and nothing else), at each step. */
static void
test_review_scrollers_named (TttTestWindow *fixture,
                             gconstpointer  data)
{
  GtkWidget *summary_scroller = ttt_test_window_child (fixture->window, "summary_scroller");
  GtkWidget *move_scroller = ttt_test_window_child (fixture->window, "move_scroller");
  GtkLabel *summary = GTK_LABEL (ttt_test_window_child (fixture->window, "summary_label"));
  GtkLabel *line = GTK_LABEL (ttt_test_window_child (fixture->window, "move_label"));

  ttt_test_two_players (fixture);
  ttt_test_play_top_row_for_x (fixture->window);
  ttt_test_activate (fixture->window, "win.review");
  for (int step = 0; step < 3; step++)
    {
      g_assert_cmpstr (gtk_label_get_label (line), !=, "");
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (summary_scroller), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           gtk_label_get_label (summary));
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (move_scroller), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                           gtk_label_get_label (line));
      ttt_test_activate (fixture->window, "win.review-previous");
    }
  ttt_test_activate (fixture->window, "win.review-done");
}

/* The topmost row of @cell, drawn alone, that holds a pixel of the
 * grade's colour @color (the badge's rim and symbol), or -1. */
static int
top_of_colour (GtkWidget     *cell,
               const GdkRGBA *color)
{
  g_autofree guchar *pixels = NULL;
  gsize stride;

  pixels = ttt_test_render_widget (cell, &stride);
  for (int y = 0; y < gtk_widget_get_height (cell); y++)
    for (int x = 0; x < gtk_widget_get_width (cell); x++)
      {
        const guchar *p = pixels + (gsize) y * stride + (gsize) x * 4;

        /* Premultiplied B, G, R, A: an opaque pixel near the colour,
         * whose components libadwaita 1.6 and later may give out of
         * gamut (a little below 0), drawn clamped. */
        if (p[3] > 230 && fabs (p[2] / 255.0 - CLAMP (color->red, 0, 1)) < 0.08 &&
            fabs (p[1] / 255.0 - CLAMP (color->green, 0, 1)) < 0.08 &&
            fabs (p[0] / 255.0 - CLAMP (color->blue, 0, 1)) < 0.08)
          return y;
      }

  return -1;
}

/* Ultimate's review fits: each grade in its small cell is a symbol in a
 * badge at the cell's foot, its word the cell's description (the word
 * wrapped letter by letter up the cell, "B-e-st", and a won board's
 * large mark was drawn over it); and in a large window the summary and
 * each explanation have the lines they need, with nothing to scroll (two
 * lines of 420 px scrolled even at 1158 px, issue 35). */
static void
test_review_ultimate_fits (TttTestWindow *fixture,
                           gconstpointer  data)
{
  static const int moves[] = {
    16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
    27, 8, 78, 59, 46, 13, 39, 31, 33,
  };
  GtkWidget *scrollers[] = {
    ttt_test_window_child (fixture->window, "summary_scroller"),
    ttt_test_window_child (fixture->window, "move_scroller"),
  };
  TttReviewCursor *review;
  TttUltimateGrade grade;
  gint64 deadline;
  int blunder, best;

  ttt_test_two_players (fixture);
  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "ultimate");
  ttt_test_iterate ();
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    ttt_test_click (fixture->window, ttt_ultimate_move_row (moves[i]) * 9 + ttt_ultimate_move_col (moves[i]));
  ttt_test_activate (fixture->window, "win.review");
  review = ttt_window_get_review (fixture->window);
  deadline = g_get_monotonic_time () + 4 * TTT_TEST_DEADLINE_US;
  while (!ttt_review_cursor_get_ready (review) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_review_cursor_get_ready (review));

  ttt_test_set_content_size (fixture->window, 1158, 860);
  for (guint position = 0; position <= ttt_review_cursor_get_n_moves (review); position++)
    {
      ttt_review_cursor_set_position (review, position);
      corner_bounds (fixture);
      for (guint i = 0; i < G_N_ELEMENTS (scrollers); i++)
        {
          GtkWidget *label = gtk_scrolled_window_get_child (GTK_SCROLLED_WINDOW (scrollers[i]));
          int minimum;

          if (GTK_IS_VIEWPORT (label))
            label = gtk_viewport_get_child (GTK_VIEWPORT (label));
          gtk_widget_measure (label, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (label),
                              &minimum, NULL, NULL, NULL);
          if (minimum > gtk_widget_get_height (scrollers[i]))
            g_test_message ("at move %u, %d px of text in %d px: %s", position, minimum,
                            gtk_widget_get_height (scrollers[i]), gtk_label_get_label (GTK_LABEL (label)));
          g_assert_cmpint (minimum, <=, gtk_widget_get_height (scrollers[i]));
        }
    }

  /* Move 28, O's blunder, and the cell the engine preferred, at 540 px:
   * cells of about 38 px. */
  ttt_test_set_content_size (fixture->window, 540, 640);
  ttt_review_cursor_set_position (review, 28);
  corner_bounds (fixture);
  g_assert_true (ttt_review_cursor_get_ultimate_grade (review, 28, &grade));
  blunder = ttt_ultimate_move_row (31) * 9 + ttt_ultimate_move_col (31);
  best = ttt_ultimate_move_row (grade.best) * 9 + ttt_ultimate_move_col (grade.best);
  for (int dark = 0; dark < 2; dark++)
    {
      AdwStyleManager *style = adw_style_manager_get_default ();
      struct { int cell; const char *color; const char *word; } notes[] = {
        { blunder, "error_color", "Blunder" },
        { best, "success_color", "Best" },
      };

      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
      for (guint i = 0; i < G_N_ELEMENTS (notes); i++)
        {
          GtkWidget *cell = ttt_window_get_cell (fixture->window, notes[i].cell);
          GdkRGBA color;
          int top;

          g_assert_cmpstr (ttt_board_view_get_note (fixture->board, notes[i].cell, NULL), ==, notes[i].word);
          g_assert_cmpint (gtk_widget_get_width (cell), <=, 44);
          ttt_compat_lookup_color (cell, notes[i].color, &color);
          top = top_of_colour (cell, &color);
          g_test_message ("%s, %s style: the grade's colour from row %d of %d", notes[i].word,
                          dark ? "dark" : "light", top, gtk_widget_get_height (cell));
          /* Drawn, and in the lower half of the cell, under the mark. */
          g_assert_cmpint (top, >=, gtk_widget_get_height (cell) / 2);
        }
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

#define ADD(path, func) TTT_TEST_ADD_WINDOW (path, 7, func)

  ADD ("/coach-ui/analysis/fixed-position", test_analysis_fixed_position);
  ADD ("/coach-ui/analysis/not-for-computer", test_analysis_not_for_computer);
  ADD ("/coach-ui/analysis/remembered", test_analysis_remembered);
  ADD ("/coach-ui/analysis/after-news", test_analysis_after_news);
  ADD ("/coach-ui/discoverable", test_coach_discoverable);
  ADD ("/coach-ui/hint/reasons", test_hint_reasons);
  ADD ("/coach-ui/hint/with-analysis", test_hint_with_analysis);
  ADD ("/coach-ui/hint/ultimate", test_hint_ultimate);
  ADD ("/coach-ui/review/navigation", test_review_navigation);
  ADD ("/coach-ui/review/board-readable", test_review_board_readable);
  ADD ("/coach-ui/review/leave", test_review_leave);
  ADD ("/coach-ui/review/against-computer", test_review_against_computer);
  ADD ("/coach-ui/review/steady", test_review_steady);
  ADD ("/coach-ui/review/jump", test_review_jump);
  ADD ("/coach-ui/review/ultimate", test_review_ultimate);
  ADD ("/coach-ui/review/ultimate-fits", test_review_ultimate_fits);
  ADD ("/coach-ui/review/scrollers-named", test_review_scrollers_named);

#undef ADD

  return g_test_run ();
}
