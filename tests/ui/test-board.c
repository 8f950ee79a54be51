/* test-board.c — the board and the end of a game, as a person meets them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real window under a display: a finished board that stops reacting
 * but can still be read cell by cell, Play Again, motion that comes to
 * rest (and none at all when animations are off), a phone-sized window, the board as one Tab stop, the keypad in
 * a right-to-left language, the header following the game in play, and
 * the board in Ultimate's geometry of blocks.
 */

#include "config.h"

#include <gtk/gtk.h>

#include "ui-helpers.h"

/* Motion is on for every test but the one that turns it off. */
static void
set_up (TttTestWindow *fixture,
        gconstpointer  seed)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);
  ttt_test_window_set_up (fixture, seed);
}

/* X takes the top row between two people. */
static void
play_two_player_win (TttTestWindow *fixture)
{
  ttt_test_two_players (fixture);
  ttt_test_play_top_row_for_x (fixture->window);
}

static int
focused_cell (TttTestWindow *fixture)
{
  GtkWidget *focus = ttt_test_focus (fixture->window);

  for (int i = 0; i < TTT_N_CELLS; i++)
    if (focus == ttt_window_get_cell (fixture->window, i))
      return i;

  return -1;
}

/* Runs the main loop until the board has nothing left to animate. */
static gboolean
wait_for_rest (TttTestWindow *fixture,
               guint          ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * 1000;

  while (ttt_board_view_is_animating (fixture->board) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);

  return !ttt_board_view_is_animating (fixture->board);
}

static void
test_end_stops_board (TttTestWindow *fixture,
                      gconstpointer  data)
{
  GtkWidget *play_again = ttt_test_window_child (fixture->window, "play_again_button");

  g_assert_false (gtk_widget_get_mapped (play_again));
  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      GtkWidget *cell = ttt_window_get_cell (fixture->window, i);

      g_assert_true (gtk_widget_is_sensitive (cell));
      g_assert_true (gtk_widget_has_css_class (cell, "playable"));
    }

  play_two_player_win (fixture);

  /* Nothing on the board answers any more: no hover, no press, no click;
   * it can still be read (test_finished_board_readable). */
  for (int i = 0; i < TTT_N_CELLS; i++)
    ttt_test_assert_cell_read_only (fixture->window, i);
  ttt_test_click (fixture->window, 8);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 8), ==, TTT_MARK_NONE);
  ttt_test_press (fixture->window, GDK_KEY_9);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 8), ==, TTT_MARK_NONE);

  /* The result is said, and Play Again is offered with the focus. */
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X won!");
  g_assert_true (gtk_widget_get_mapped (play_again));
  g_assert_true (gtk_widget_has_css_class (play_again, "suggested-action"));
  g_assert_true (ttt_test_focus (fixture->window) == play_again);
  gtk_test_accessible_assert_property (GTK_WIDGET (fixture->board),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "X won!");

  /* Enter on it starts the next game, and the focus goes back to the board. */
  gtk_widget_activate (play_again);
  {
    /* A button shows its press briefly before it clicks. */
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

    while (ttt_game_get_n_moves (fixture->game) > 0 && g_get_monotonic_time () < deadline)
      g_main_context_iteration (NULL, TRUE);
    ttt_test_iterate ();
  }
  g_assert_cmpint (ttt_game_get_n_moves (fixture->game), ==, 0);
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_false (gtk_widget_get_mapped (play_again));
  g_assert_cmpint (focused_cell (fixture), >=, 0);
  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      GtkWidget *cell = ttt_window_get_cell (fixture->window, i);

      g_assert_true (gtk_widget_is_sensitive (cell));
      g_assert_true (gtk_widget_get_can_target (cell));
      gtk_test_accessible_assert_state (cell, GTK_ACCESSIBLE_STATE_DISABLED, FALSE);
    }
}

/* Tabs from Play Again until the board has the focus; returns the cell. */
static int
tab_to_board (TttTestWindow *fixture)
{
  for (guint i = 0; i < 40 && focused_cell (fixture) < 0; i++)
    ttt_test_press (fixture->window, GDK_KEY_Tab);

  return focused_cell (fixture);
}

static void
test_finished_board_readable (TttTestWindow *fixture,
                              gconstpointer  data)
{
  GtkWidget *play_again = ttt_test_window_child (fixture->window, "play_again_button");
  int entered;

  /* X: 0 1 2 across the top, O: 3 4 below. */
  play_two_player_win (fixture);
  g_assert_true (ttt_test_focus (fixture->window) == play_again);

  /* Tab reaches the board, as one stop, and the arrows walk it. */
  entered = tab_to_board (fixture);
  g_assert_cmpint (entered, >=, 0);
  ttt_test_press (fixture->window, GDK_KEY_Tab);
  g_assert_cmpint (focused_cell (fixture), ==, -1);
  g_assert_cmpint (tab_to_board (fixture), ==, entered);

  ttt_test_press (fixture->window, GDK_KEY_Up);
  ttt_test_press (fixture->window, GDK_KEY_Up);
  ttt_test_press (fixture->window, GDK_KEY_Left);
  ttt_test_press (fixture->window, GDK_KEY_Left);
  g_assert_cmpint (focused_cell (fixture), ==, 0);
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 1, X");
  ttt_test_press (fixture->window, GDK_KEY_Down);
  ttt_test_press (fixture->window, GDK_KEY_Right);
  g_assert_cmpint (focused_cell (fixture), ==, 4);
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 2, column 2, O");
  ttt_test_press (fixture->window, GDK_KEY_Down);
  g_assert_cmpint (focused_cell (fixture), ==, 7);
  gtk_test_accessible_assert_property (ttt_test_focus (fixture->window),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 3, column 2, empty");

  /* Enter on an empty cell plays nothing, nor does its digit, and the
   * focus stays where it is. */
  ttt_test_assert_cell_read_only (fixture->window, 7);
  ttt_test_press (fixture->window, GDK_KEY_9);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 8), ==, TTT_MARK_NONE);
  g_assert_cmpint (focused_cell (fixture), ==, 7);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 5);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X won!");

  /* The pointer passes through a cell: nothing there takes a click. */
  {
    GtkWidget *cell = ttt_window_get_cell (fixture->window, 7);
    graphene_rect_t bounds;
    double x, y;

    /* Bounds, which every GTK 4 has undeprecated, rather than
     * gtk_widget_translate_coordinates(), deprecated in 4.12. */
    g_assert_true (gtk_widget_compute_bounds (cell, GTK_WIDGET (fixture->window), &bounds));
    x = bounds.origin.x + bounds.size.width / 2.0;
    y = bounds.origin.y + bounds.size.height / 2.0;
    g_assert_true (gtk_widget_pick (GTK_WIDGET (fixture->window), x, y, GTK_PICK_DEFAULT) ==
                   GTK_WIDGET (fixture->board));
  }
}

static void
test_motion_comes_to_rest (TttTestWindow *fixture,
                           gconstpointer  data)
{
  /* A mark placed in a shown window grows in: it starts undrawn (looked
   * at before the main loop runs, so that no machine is too slow)… */
  g_signal_emit_by_name (ttt_window_get_cell (fixture->window, 4), "clicked");
  g_assert_true (ttt_board_view_is_animating (fixture->board));
  g_assert_cmpfloat (ttt_board_view_get_mark_progress (fixture->board, 4), <, 1.0);
  ttt_test_iterate ();

  /* …and the computer's reply is the cell emphasised. */
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (ttt_board_view_get_last_computer_cell (fixture->board), >=, 0);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), ttt_board_view_get_last_computer_cell (fixture->board)),
                   ==, TTT_MARK_O);

  /* Then everything stops: no animation, so no tick callback, is left. */
  g_assert_true (wait_for_rest (fixture, 3000));
  for (int i = 0; i < TTT_N_CELLS; i++)
    g_assert_cmpfloat_with_epsilon (ttt_board_view_get_mark_progress (fixture->board, i), 1.0, 1e-9);

  /* A win draws its line, then rests too. */
  ttt_game_start_new (fixture->game);
  play_two_player_win (fixture);
  g_assert_true (wait_for_rest (fixture, 3000));
  g_assert_cmpfloat_with_epsilon (ttt_board_view_get_finish_progress (fixture->board), 1.0, 1e-9);
}

static void
test_animations_off (TttTestWindow *fixture,
                     gconstpointer  data)
{
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  /* Every final state at once: nothing ever plays. */
  ttt_test_click (fixture->window, 4);
  g_assert_false (ttt_board_view_is_animating (fixture->board));
  g_assert_cmpfloat_with_epsilon (ttt_board_view_get_mark_progress (fixture->board, 4), 1.0, 1e-9);
  ttt_test_wait_for_human (fixture->game);
  g_assert_false (ttt_board_view_is_animating (fixture->board));

  ttt_game_start_new (fixture->game);
  play_two_player_win (fixture);
  g_assert_false (ttt_board_view_is_animating (fixture->board));
  g_assert_cmpfloat_with_epsilon (ttt_board_view_get_finish_progress (fixture->board), 1.0, 1e-9);
  for (int i = 0; i < TTT_N_CELLS; i++)
    g_assert_cmpfloat_with_epsilon (ttt_board_view_get_mark_progress (fixture->board, i), 1.0, 1e-9);
}

static void
assert_buttons_shown (GtkWidget *widget,
                      guint     *n_buttons)
{
  /* What is hidden on purpose is not lost for room: libadwaita 1.4's
   * header bar holds a back button (AdwBackButton) of its own, hidden
   * outside an AdwNavigationView, so never mapped. A button of ours
   * hidden would be one fewer in the count. */
  if (!gtk_widget_get_visible (widget))
    return;

  if (GTK_IS_BUTTON (widget) || GTK_IS_MENU_BUTTON (widget))
    {
      g_assert_true (gtk_widget_get_mapped (widget));
      g_assert_cmpint (gtk_widget_get_width (widget), >=, 24);
      (*n_buttons)++;
      if (GTK_IS_MENU_BUTTON (widget))
        return;
    }

  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    assert_buttons_shown (c, n_buttons);
}

static void
test_narrow_window (TttTestWindow *fixture,
                    gconstpointer  data)
{
  GtkWidget *header = gtk_widget_get_ancestor (ttt_test_window_child (fixture->window, "window_title"), ADW_TYPE_HEADER_BAR);
  guint n_buttons = 0;

  GtkWidget *content = ttt_test_window_child (fixture->window, "toast_overlay");
  int minimum;

  /* What the window needs is its content's: 360 px wide, and at that width
   * no more than 600 px tall, header bar included. */
  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 360);
  gtk_widget_measure (content, GTK_ORIENTATION_VERTICAL, 360, &minimum, NULL, NULL, NULL);
  g_assert_cmpint (minimum, <=, 600);

  /* Laid out at that size. */
  ttt_test_set_content_size (fixture->window, 360, 600);

  /* The header keeps every button and all of its title and subtitle. */
  assert_buttons_shown (header, &n_buttons);
  g_assert_cmpuint (n_buttons, >=, 4);
  ttt_test_assert_labels_whole (header);

  /* The cells stay large enough to hit. */
  for (int i = 0; i < TTT_N_CELLS; i++)
    {
      GtkWidget *cell = ttt_window_get_cell (fixture->window, i);

      g_assert_cmpint (gtk_widget_get_width (cell), >=, 80);
      g_assert_cmpint (gtk_widget_get_height (cell), >=, 80);
    }

  /* So do the badges, with their names whole. */
  ttt_test_assert_labels_whole (ttt_test_window_child (fixture->window, "badges"));

  /* And at the end, the result and Play Again too. */
  play_two_player_win (fixture);
  ttt_test_iterate ();
  ttt_test_assert_labels_whole (ttt_test_window_child (fixture->window, "status_stack"));
}

static void
test_one_tab_stop (TttTestWindow *fixture,
                   gconstpointer  data)
{
  guint entries = 0;
  int previous = -1;

  ttt_board_view_focus_cell (fixture->board, 4);
  g_assert_cmpint (focused_cell (fixture), ==, 4);

  /* Tab leaves the board at once, from any cell. */
  ttt_test_press (fixture->window, GDK_KEY_Tab);
  g_assert_cmpint (focused_cell (fixture), ==, -1);

  /* Around the whole window, the board is entered once, at the cell the
   * focus left. */
  for (guint i = 0; i < 40; i++)
    {
      int cell;

      ttt_test_press (fixture->window, GDK_KEY_Tab);
      cell = focused_cell (fixture);
      if (cell >= 0)
        {
          g_assert_cmpint (previous, <, 0);
          g_assert_cmpint (cell, ==, 4);
          entries++;
        }
      previous = cell;
    }
  g_assert_cmpuint (entries, >=, 1);
  g_assert_cmpuint (entries, <=, 40 / 3);

  /* Shift+Tab leaves it too; arrows stay inside. */
  ttt_board_view_focus_cell (fixture->board, 0);
  ttt_test_press (fixture->window, GDK_KEY_Right);
  g_assert_cmpint (focused_cell (fixture), ==, 1);
  ttt_test_press (fixture->window, GDK_KEY_ISO_Left_Tab);
  g_assert_cmpint (focused_cell (fixture), ==, -1);
}

static void
test_keypad_right_to_left (TttTestWindow *fixture,
                           gconstpointer  data)
{
  graphene_rect_t first, third;

  g_settings_set_string (ttt_application_get_settings (fixture->app), "opponent", "human");
  gtk_widget_set_direction (GTK_WIDGET (fixture->board), GTK_TEXT_DIR_RTL);
  ttt_test_iterate ();

  /* The board mirrors: the first cell in reading order is on the right
   * once it is laid out again. */
  {
    gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

    do
      {
        g_main_context_iteration (NULL, FALSE);
        g_assert_true (gtk_widget_compute_bounds (ttt_window_get_cell (fixture->window, 0),
                                                  GTK_WIDGET (fixture->board), &first));
        g_assert_true (gtk_widget_compute_bounds (ttt_window_get_cell (fixture->window, 2),
                                                  GTK_WIDGET (fixture->board), &third));
      }
    while (third.origin.x >= first.origin.x && g_get_monotonic_time () < deadline);
  }
  g_assert_cmpfloat (third.origin.x, <, first.origin.x);

  /* The keypad is physical: 7 plays the cell shown at the top left… */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_KP_7));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 2), ==, TTT_MARK_X);
  /* …and 3 the one at the bottom right. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_KP_3));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 6), ==, TTT_MARK_O);

  /* Digits follow the reading order of the language. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_1));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 0), ==, TTT_MARK_X);

  /* Left walks towards the left of the screen, here the next cell. */
  ttt_board_view_focus_cell (fixture->board, 4);
  ttt_test_press (fixture->window, GDK_KEY_Left);
  g_assert_cmpint (focused_cell (fixture), ==, 5);
}

static void
test_header_follows_game (TttTestWindow *fixture,
                          gconstpointer  data)
{
  AdwWindowTitle *title = ADW_WINDOW_TITLE (ttt_test_window_child (fixture->window, "window_title"));

  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "You play X · Medium");

  /* Set on the game directly, not through the settings: an empty board
   * takes it at once, and the header says so. */
  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), TTT_LEVEL_HARD);
  ttt_test_iterate ();
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "You play X · Hard");

  /* Mid-game the preference waits, and so does the header. */
  ttt_test_click (fixture->window, 4);
  ttt_test_wait_for_human (fixture->game);
  ttt_setup_set_difficulty (ttt_game_get_setup (fixture->game), TTT_LEVEL_EASY);
  ttt_test_iterate ();
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "You play X · Hard");

  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "You play X · Easy");

  ttt_setup_set_opponent (ttt_game_get_setup (fixture->game), TTT_OPPONENT_HUMAN);
  ttt_test_iterate ();
  g_assert_cmpstr (adw_window_title_get_subtitle (title), ==, "Two players");
}

/* Where @cell of the board stands, in the board's coordinates. */
static graphene_rect_t
cell_bounds (TttTestWindow *fixture,
             int            cell)
{
  graphene_rect_t bounds;

  g_assert_true (gtk_widget_compute_bounds (ttt_board_view_get_cell (fixture->board, cell),
                                            GTK_WIDGET (fixture->board), &bounds));
  return bounds;
}

/* Runs the main loop until the last cell of the board has been given a
 * place of its own: the board has been laid out with its cells. */
static void
wait_for_cells_laid_out (TttTestWindow *fixture)
{
  GtkWidget *last = ttt_board_view_get_cell (fixture->board, ttt_board_view_get_n_cells (fixture->board) - 1);
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (gtk_widget_get_width (last) <= 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  g_assert_cmpint (gtk_widget_get_width (last), >, 0);
}

static gboolean
cell_has_focus (TttTestWindow *fixture,
                int            cell)
{
  return ttt_test_focus (fixture->window) == ttt_board_view_get_cell (fixture->board, cell);
}

static guint
count_children (GtkWidget *widget)
{
  guint n = 0;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n++;
  return n;
}

/* The board takes another geometry and nothing else: Ultimate's nine by
 * nine cells in blocks of three by three, with a wider gap at the edge of
 * a block; the arrows cross it; and back to the classic board, which
 * plays as before. A geometry that cannot be laid out changes nothing. */
static void
test_geometry_blocks (TttTestWindow *fixture,
                      gconstpointer  data)
{
  static const TttBoardGeometry bad[] = {
    { 0, 3, 3, 3 },
    { 9, 9, 2, 2 },
    { 9, 9, 0, 3 },
    { 99, 99, 1, 1 },
  };
  TttBoardGeometry ultimate = { 9, 9, 3, 3 };
  TttBoardGeometry classic = { 3, 3, 3, 3 };
  TttBoardGeometry shown;
  graphene_rect_t first, second, third, fourth, below, block_below;

  ttt_test_two_players (fixture);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_assert_false (ttt_board_view_set_geometry (fixture->board, &bad[i]));
      g_assert_cmpint (ttt_board_view_get_n_cells (fixture->board), ==, 9);
    }
  g_assert_false (ttt_board_view_set_geometry (fixture->board, NULL));
  ttt_board_view_get_geometry (fixture->board, &shown);
  g_assert_cmpmem (&shown, sizeof shown, &classic, sizeof classic);

  g_assert_true (ttt_board_view_set_geometry (fixture->board, &ultimate));
  g_assert_cmpint (ttt_board_view_get_n_cells (fixture->board), ==, 81);
  g_assert_cmpuint (count_children (GTK_WIDGET (fixture->board)), ==, 81);
  for (int i = 0; i < 81; i++)
    {
      GtkWidget *cell = ttt_board_view_get_cell (fixture->board, i);

      g_assert_true (GTK_IS_BUTTON (cell));
      g_assert_true (gtk_widget_get_parent (cell) == GTK_WIDGET (fixture->board));
      g_assert_true (gtk_widget_is_sensitive (cell));
    }
  gtk_test_accessible_assert_property (ttt_board_view_get_cell (fixture->board, 80),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 9, column 9, empty");
  gtk_test_accessible_assert_property (ttt_board_view_get_cell (fixture->board, 12),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 2, column 4, empty");

  /* Laid out in blocks: the step from the third cell of a row to the
   * fourth, across a block's edge, is wider than within a block; so is
   * the step down from the third row to the fourth. */
  wait_for_cells_laid_out (fixture);
  first = cell_bounds (fixture, 0);
  second = cell_bounds (fixture, 1);
  third = cell_bounds (fixture, 2);
  fourth = cell_bounds (fixture, 3);
  below = cell_bounds (fixture, 9);
  block_below = cell_bounds (fixture, 27);
  g_assert_cmpfloat (first.size.width, >, 0);
  g_assert_cmpint ((int) (first.size.width), ==, (int) (first.size.height));
  g_assert_cmpint ((int) (fourth.size.width), ==, (int) (first.size.width));
  g_assert_cmpfloat (second.origin.x - first.origin.x, >, first.size.width);
  g_assert_cmpfloat (fourth.origin.x - third.origin.x, >, second.origin.x - first.origin.x);
  g_assert_cmpint ((int) (below.origin.y - first.origin.y), ==,
                   (int) (second.origin.x - first.origin.x));
  g_assert_cmpfloat (block_below.origin.y - cell_bounds (fixture, 18).origin.y, >,
                     below.origin.y - first.origin.y);

  /* The arrows cross the edge of a block, and stop at the board's. */
  ttt_board_view_focus_cell (fixture->board, 2);
  g_assert_true (cell_has_focus (fixture, 2));
  ttt_test_press (fixture->window, GDK_KEY_Right);
  g_assert_true (cell_has_focus (fixture, 3));
  ttt_board_view_focus_cell (fixture->board, 20);
  ttt_test_press (fixture->window, GDK_KEY_Down);
  g_assert_true (cell_has_focus (fixture, 29));
  ttt_board_view_focus_cell (fixture->board, 80);
  ttt_test_press (fixture->window, GDK_KEY_Right);
  g_assert_true (cell_has_focus (fixture, 80));

  /* A cell the classic game does not have plays nothing. */
  g_signal_emit_by_name (ttt_board_view_get_cell (fixture->board, 40), "clicked");
  ttt_test_iterate ();
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);

  /* The classic board again: nine cells, played and walked as before. */
  g_assert_true (ttt_board_view_set_geometry (fixture->board, &classic));
  g_assert_cmpint (ttt_board_view_get_n_cells (fixture->board), ==, 9);
  g_assert_cmpuint (count_children (GTK_WIDGET (fixture->board)), ==, 9);
  wait_for_cells_laid_out (fixture);
  first = cell_bounds (fixture, 0);
  second = cell_bounds (fixture, 1);
  g_assert_cmpfloat (first.size.width, >=, 80);
  third = cell_bounds (fixture, 2);
  g_assert_cmpint ((int) (second.origin.x - first.origin.x - first.size.width), ==,
                   (int) (third.origin.x - second.origin.x - second.size.width));

  ttt_test_click (fixture->window, 4);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 4), ==, TTT_MARK_X);
  gtk_test_accessible_assert_property (ttt_window_get_cell (fixture->window, 4),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 2, column 2, X");
  ttt_board_view_focus_cell (fixture->board, 0);
  ttt_test_press (fixture->window, GDK_KEY_Right);
  g_assert_cmpint (focused_cell (fixture), ==, 1);
  ttt_test_press (fixture->window, GDK_KEY_Down);
  g_assert_cmpint (focused_cell (fixture), ==, 4);
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_9));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 8), ==, TTT_MARK_O);
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, TttTestWindow, GUINT_TO_POINTER (7), set_up, func, ttt_test_window_tear_down)

  ADD ("/board/end-stops-board", test_end_stops_board);
  ADD ("/board/motion-comes-to-rest", test_motion_comes_to_rest);
  ADD ("/board/animations-off", test_animations_off);
  ADD ("/board/narrow-window", test_narrow_window);
  ADD ("/board/one-tab-stop", test_one_tab_stop);
  ADD ("/board/finished-board-readable", test_finished_board_readable);
  ADD ("/board/keypad-right-to-left", test_keypad_right_to_left);
  ADD ("/board/header-follows-game", test_header_follows_game);
  ADD ("/board/geometry-blocks", test_geometry_blocks);

#undef ADD

  return g_test_run ();
}
