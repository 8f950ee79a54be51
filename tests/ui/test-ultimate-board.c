/* test-ultimate-board.c — the board of Ultimate Tic-Tac-Toe in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nine small boards in a 9 × 9 grid of cells: the cells say their small
 * board and place, the boards the side to move may not play in stand back,
 * a whole game plays by clicks, and the keys play it too: the arrows cross
 * the edges of the small boards; a digit plays the cell of the board the
 * side is sent to, and when play is free the first digit picks the board.
 */

#include "config.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include <gtk/gtk.h>

#include "ttt-board-view-private.h"
#include "ttt-compat.h"
#include "ttt-names.h"
#include "ttt-window-private.h"
#include "ui-helpers.h"

/* The board's cell (in reading order over the grid) of an Ultimate move. */
static int
index_of (int move)
{
  return ttt_ultimate_move_row (move) * 9 + ttt_ultimate_move_col (move);
}

static GtkWidget *
cell_widget (TttTestWindow *fixture,
             int            move)
{
  return ttt_board_view_get_cell (fixture->board, index_of (move));
}

/* Waits until the board's cells are at least @side px, or the time is
 * up; their size then. */
static int
wait_for_cells (TttTestWindow *fixture,
                int            side)
{
  GtkWidget *cell = GTK_WIDGET (ttt_board_view_get_cell (fixture->board, 0));
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (gtk_widget_get_width (cell) < side && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  ttt_test_iterate ();
  return gtk_widget_get_width (cell);
}

static void
set_up (TttTestWindow *fixture,
        gconstpointer  seed)
{
  ttt_test_window_set_up (fixture, seed);
  ttt_test_two_players (fixture);
  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "ultimate");
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_variant (fixture->game), ==, TTT_VARIANT_ULTIMATE);
  /* The window, at its default size, grows for Ultimate: the tests
   * resize it from the size it has grown to. */
  wait_for_cells (fixture, 44);
}

/* 81 cells in nine blocks, named by their small board. */
static void
test_layout_and_names (TttTestWindow *fixture,
                       gconstpointer  data)
{
  TttBoardGeometry geometry;

  ttt_board_view_get_geometry (fixture->board, &geometry);
  g_assert_cmpint (ttt_board_view_get_n_cells (fixture->board), ==, 81);
  g_assert_cmpint (geometry.block_rows, ==, 3);

  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Top-left board, row 1, column 1, empty");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 1 * 9 + 5)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Top-centre board, row 2, column 3, empty");

  ttt_test_click (fixture->window, index_of (4 * 9 + 4));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 40), ==, TTT_MARK_X);
  /* The last move is marked: it says where play goes on. */
  g_assert_true (gtk_widget_has_css_class (cell_widget (fixture, 40), "last-move"));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 40)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Centre board, row 2, column 2, X");

  /* O is sent to the centre board: its empty cells can be played, the
   * others stand back and refuse a click. */
  g_assert_true (gtk_widget_has_css_class (cell_widget (fixture, 4 * 9 + 0), "playable"));
  g_assert_false (gtk_widget_has_css_class (cell_widget (fixture, 0), "playable"));
  g_assert_cmpfloat (gtk_widget_get_opacity (cell_widget (fixture, 0)), <, 1.0);
  g_assert_cmpfloat (gtk_widget_get_opacity (cell_widget (fixture, 4 * 9 + 0)), >, 0.99);
  ttt_test_click (fixture->window, index_of (0));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 0), ==, TTT_MARK_NONE);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 1);

  /* Classic again: the board is 3 × 3 once more. */
  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "classic");
  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_cmpint (ttt_board_view_get_n_cells (fixture->board), ==, 9);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (ttt_board_view_get_cell (fixture->board, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Row 1, column 1, empty");
}

/* A small board is heard by its state in its cells' descriptions: the
 * one a person is sent to, and a won one; the others say nothing more. */
static void
test_board_states (TttTestWindow *fixture,
                   gconstpointer  data)
{
  /* X takes the centre cell of the top-left board: O is sent to the
   * centre board. Then X completes the top-left board's diagonal (4, 8,
   * 0), O answering in cell 0 of the boards X is sent from. */
  static const int moves[] = { 0 * 9 + 4, 4 * 9 + 0, 0 * 9 + 8, 8 * 9 + 0, 0 * 9 + 0 };

  ttt_test_click (fixture->window, index_of (moves[0]));
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << 4);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 4 * 9 + 1)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "You play in this board");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 4 * 9 + 1)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Centre board, row 1, column 2, empty");
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_widget (fixture, 0 * 9 + 1)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  for (gsize i = 1; i < G_N_ELEMENTS (moves); i++)
    ttt_test_click (fixture->window, index_of (moves[i]));
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, G_N_ELEMENTS (moves));
  g_assert_cmpint (ttt_match_get_board_winner (ttt_game_get_match (fixture->game), 0), ==, TTT_MARK_X);

  /* O may play in any open board: none is "the one", and the won board
   * says so in every cell, marked or not. */
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 0x1ff & ~1u);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 0 * 9 + 1)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Board won by X");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 0 * 9 + 4)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Board won by X");
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 0 * 9 + 4)),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, "Top-left board, row 2, column 2, X");
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_widget (fixture, 4 * 9 + 1)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
}

/* A whole game by clicks, each on a legal cell, until it ends. */
static void
test_whole_game_by_clicks (TttTestWindow *fixture,
                           gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (9);

  while (ttt_game_get_state (fixture->game) != TTT_GAME_STATE_OVER)
    {
      int legal[81], n = 0;
      guint before = ttt_game_get_n_moves (fixture->game);

      for (int move = 0; move < 81; move++)
        if (ttt_match_is_legal (ttt_game_get_match (fixture->game), move))
          legal[n++] = move;
      g_assert_cmpint (n, >, 0);
      ttt_test_click (fixture->window, index_of (legal[g_rand_int_range (rand, 0, n)]));
      g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, before + 1);
    }

  g_assert_cmpint (ttt_game_get_outcome (fixture->game), !=, TTT_OUTCOME_ONGOING);
  /* A finished board takes no clicks, but can be read cell by cell. */
  for (int i = 0; i < 81; i++)
    {
      GtkWidget *cell = ttt_board_view_get_cell (fixture->board, i);

      g_assert_true (gtk_widget_get_sensitive (cell));
      g_assert_true (gtk_widget_get_focusable (cell));
      g_assert_false (gtk_widget_get_can_target (cell));
      gtk_test_accessible_assert_state (cell, GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
    }
}

/* Digits: board then cell when play is free, one digit when forced; the
 * arrows cross from one small board into the next. */
static void
test_keys (TttTestWindow *fixture,
           gconstpointer  data)
{
  /* Free: 5 picks the centre board (the focus goes to its middle), then
   * 3 its top-right cell. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_5));
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 4 * 9 + 4));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_3));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 4 * 9 + 2), ==, TTT_MARK_X);

  /* O is sent to the top-right board: one digit plays there. */
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << 2);
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_7));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 2 * 9 + 6), ==, TTT_MARK_O);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 2 * 9 + 6));

  /* From the top-right cell of the top-left board, Right reaches the
   * top-left cell of the top-centre board. */
  ttt_board_view_focus_cell (fixture->board, index_of (0 * 9 + 2));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Right));
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 1 * 9 + 0));
  /* From the bottom row of the top-left board, Down enters the board below. */
  ttt_board_view_focus_cell (fixture->board, index_of (0 * 9 + 7));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Down));
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 3 * 9 + 1));
}

static gboolean
any_note (TttTestWindow *fixture)
{
  for (int i = 0; i < 81; i++)
    if (ttt_board_view_get_note (fixture->board, i, NULL) != NULL)
      return TRUE;

  return FALSE;
}

/* Show Analysis: each playable cell of the board sent to shows the
 * search's estimate, and says it is one, or the draw's symbol alone when
 * the search cannot tell the moves apart; the others show nothing. The
 * search runs off the main thread: until it is done, and after a move
 * until the new board's is, no cell shows a figure. */
static void
test_analysis (TttTestWindow *fixture,
               gconstpointer  data)
{
  const char *symbol = NULL;
  const char *note;

  ttt_test_click (fixture->window, index_of (4 * 9 + 4));
  /* Not ttt_test_activate(), which waits for every search to end. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-analysis", NULL));
  g_assert_true (ttt_board_view_get_show_analysis (fixture->board));
  g_assert_cmpuint (ttt_test_count_thinking (), ==, 1);
  g_assert_false (any_note (fixture));
  ttt_test_iterate ();

  note = ttt_board_view_get_note (fixture->board, index_of (4 * 9 + 0), &symbol);
  g_assert_nonnull (note);
  g_assert_nonnull (symbol);
  g_assert_true (g_str_has_suffix (note, "%") || g_str_has_prefix (note, "Win") ||
                 g_str_has_prefix (note, "Loss") || g_str_has_prefix (note, "Draw") || note[0] == '\0');
  g_assert_null (ttt_board_view_get_note (fixture->board, index_of (0), NULL));
  if (g_str_has_suffix (note, "%"))
    {
      g_autofree char *expected = g_strdup_printf ("Playing here: about %d%% to win, an estimate", atoi (note));

      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 4 * 9 + 0)),
                                           GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, expected);
    }
  else if (note[0] == '\0')
    {
      /* After the centre, O's first move: no search of the analysis's
       * budget tells those apart. */
      g_assert_cmpstr (symbol, ==, "draw");
      gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 4 * 9 + 0)),
                                           GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                           "Playing here: no better or worse than the other moves, as far as the search can tell");
      g_assert_cmpstr (ttt_board_view_get_note (fixture->board, index_of (4 * 9 + 8), NULL), ==, "");
    }

  /* A move: the old board's figures go with it. */
  g_signal_emit_by_name (cell_widget (fixture, 4 * 9 + 0), "clicked");
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 4 * 9 + 0), ==, TTT_MARK_O);
  g_assert_false (any_note (fixture));
  ttt_test_iterate ();
  g_assert_nonnull (ttt_board_view_get_note (fixture->board, index_of (0 * 9 + 4), NULL));
  g_assert_null (ttt_board_view_get_note (fixture->board, index_of (4 * 9 + 1), NULL));
  ttt_test_activate (fixture->window, "win.show-analysis");
  g_assert_false (any_note (fixture));
}

/* Hint: the hinted cell of the 9 × 9 grid shows it and takes the focus;
 * the status line says why. The analysis and the review stay off. */
static void
test_hint (TttTestWindow *fixture,
           gconstpointer  data)
{
  int cell;

  g_assert_true (ttt_test_action_enabled (fixture->window, "win.hint"));
  g_assert_false (ttt_test_action_enabled (fixture->window, "win.review"));
  ttt_test_activate (fixture->window, "win.hint");
  cell = ttt_analyst_get_shown_hint (ttt_game_get_analyst (fixture->game), NULL);
  g_assert_true (ttt_match_is_legal (ttt_game_get_match (fixture->game), cell));
  g_assert_true (gtk_widget_has_css_class (cell_widget (fixture, cell), "hint"));
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, cell));
  g_assert_true (g_str_has_prefix (gtk_label_get_label (GTK_LABEL (ttt_test_window_child (fixture->window, "status_label"))),
                                   "Hint: "));
}

typedef struct
{
  TttTestWindow *fixture;
  guint          n_news;
  char          *text;
  /* The focused cell's description as the news was told on it. */
  gboolean       described;
} NewsHeard;

/* After the window's own handler, which has told the news on the focused
 * widget. */
static void
news_heard_cb (TttNews    *news,
               const char *text,
               NewsHeard  *heard)
{
  GtkWidget *focus = ttt_test_focus (heard->fixture->window);

  heard->n_news++;
  g_free (heard->text);
  heard->text = g_strdup (text);
  heard->described = focus != NULL &&
                     gtk_test_accessible_has_property (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

/* The news names the board a person is sent to; a cell of that board,
 * which says so in its description, does not say it again after the news
 * told on it, and has its description back once the focus moves on. */
static void
test_sent_to_said_once (TttTestWindow *fixture,
                        gconstpointer  data)
{
  NewsHeard heard = { fixture, 0, NULL, FALSE };
  const char *own = "You play in this board";

  g_signal_connect_after (ttt_window_get_news (fixture->window), "news", G_CALLBACK (news_heard_cb), &heard);

  /* 1 picks the top-left board, 1 its top-left cell: O is sent to the
   * top-left board, where the focus stays. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_1));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_1));
  ttt_test_iterate ();
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 0), ==, TTT_MARK_X);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << 0);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 0));

  g_assert_cmpuint (heard.n_news, >=, 1);
  g_assert_cmpstr (heard.text, ==, "O plays in the top-left board.");
  /* Heard alone: not "O plays in the top-left board. You play in this
   * board". */
  g_assert_false (heard.described);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  /* The cell next to it says where it is; the one left has its own
   * description again once the focus is back on it (not as the focus
   * leaves, when a screen reader that lags behind would say it). */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Right));
  ttt_test_iterate ();
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 1));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 1)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, own);
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Left));
  ttt_test_iterate ();
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 0));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, own);

  g_signal_handlers_disconnect_by_data (ttt_window_get_news (fixture->window), &heard);
  g_free (heard.text);
}

/* A small board closed by a key of the person's is said once, in the
 * news of the move: not by the focused cell, whose description would be
 * heard again as it changes (and after every news told on it); the cell
 * says it once the focus has moved on, as do the board's others. */
static void
test_board_closed_said_once (TttTestWindow *fixture,
                             gconstpointer  data)
{
  /* 1 5: the top-left board's centre, O to the centre board; O's 1 sends
   * X back, X's 9 sends O to the bottom-right board, O's 1 sends X back,
   * and X's 1 takes the diagonal. */
  static const guint keys[] = { GDK_KEY_1, GDK_KEY_5, GDK_KEY_1, GDK_KEY_9, GDK_KEY_1, GDK_KEY_1 };
  NewsHeard heard = { fixture, 0, NULL, FALSE };

  g_signal_connect_after (ttt_window_get_news (fixture->window), "news", G_CALLBACK (news_heard_cb), &heard);

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      g_assert_true (ttt_test_press (fixture->window, keys[i]));
      ttt_test_iterate ();
    }
  g_assert_cmpint (ttt_match_get_board_winner (ttt_game_get_match (fixture->game), 0), ==, TTT_MARK_X);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 0));

  g_assert_cmpstr (heard.text, ==, "Top-left board: won by X. O can play in any open board.");
  g_assert_false (heard.described);
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  /* Not said again as the window describes its cells anew. */
  ttt_test_activate (fixture->window, "win.show-analysis");
  ttt_test_activate (fixture->window, "win.show-analysis");
  ttt_test_iterate ();
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));

  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Right));
  ttt_test_iterate ();
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 1));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 1)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Board won by X");
  /* The cell left has them once the focus is back, not as it leaves:
   * a screen reader that still takes it for its focus would say them. */
  g_assert_false (gtk_test_accessible_has_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Left));
  ttt_test_iterate ();
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 0));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, 0)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Board won by X");

  g_signal_handlers_disconnect_by_data (ttt_window_get_news (fixture->window), &heard);
  g_free (heard.text);
}

/* Only the marks of @moves are on the board. */
static void
assert_marks_only (TttTestWindow *fixture,
                   const int     *moves,
                   guint          n_moves)
{
  for (int cell = 0; cell < 81; cell++)
    {
      gboolean played = FALSE;

      for (guint i = 0; i < n_moves; i++)
        played = played || moves[i] == cell;
      g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), cell) != TTT_MARK_NONE, ==, played);
    }
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, n_moves);
}

/* The status says where the side to move may play; a click in a board it
 * is not sent to changes nothing on the board and says where to play, on
 * screen and once to a screen reader, until the next move. */
static void
test_where_to_play (TttTestWindow *fixture,
                    gconstpointer  data)
{
  /* X takes the centre of the top-left board, O is sent to the centre
   * board; O then plays its top-left cell and sends X back. */
  static const int moves[] = { 0 * 9 + 4, 4 * 9 + 0 };
  NewsHeard heard = { fixture, 0, NULL, FALSE };

  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X’s turn — play in any open board");

  ttt_test_click (fixture->window, index_of (moves[0]));
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "O’s turn — play in the centre board");
  ttt_news_flush (ttt_window_get_news (fixture->window));

  g_signal_connect_after (ttt_window_get_news (fixture->window), "news", G_CALLBACK (news_heard_cb), &heard);

  /* An empty cell of the top-left board: refused, and said why. */
  ttt_test_click (fixture->window, index_of (0 * 9 + 0));
  assert_marks_only (fixture, moves, 1);
  g_assert_cmpint (ttt_game_get_turn (fixture->game), ==, TTT_MARK_O);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Play in the centre board");
  g_assert_cmpuint (heard.n_news, ==, 1);
  g_assert_cmpstr (heard.text, ==, "Play in the centre board");
  /* The board still tells a screen reader whose turn it is and where. */
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (fixture->board), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION,
                                       "O’s turn — play in the centre board");

  /* X's own mark, in a board O is not sent to either: the same words. */
  ttt_test_click (fixture->window, index_of (moves[0]));
  assert_marks_only (fixture, moves, 1);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Play in the centre board");
  g_assert_cmpuint (heard.n_news, ==, 2);

  /* A move in the centre board ends the words: X is sent to the top-left
   * board. */
  ttt_test_click (fixture->window, index_of (moves[1]));
  assert_marks_only (fixture, moves, 2);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X’s turn — play in the top-left board");

  /* A taken cell of the board one is sent to is no question of where:
   * its mark is why, said once, as in the classic game (it was silent). */
  ttt_news_flush (ttt_window_get_news (fixture->window));
  heard.n_news = 0;
  ttt_test_click (fixture->window, index_of (moves[0]));
  assert_marks_only (fixture, moves, 2);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "That cell is taken by X");
  g_assert_cmpuint (heard.n_news, ==, 1);

  g_signal_handlers_disconnect_by_data (ttt_window_get_news (fixture->window), &heard);
  g_free (heard.text);
}

/* Free to play: the first digit says the board it picked and what the
 * next key does; Escape drops the pick, and says so; so does moving on
 * with the arrows, and the next digit picks a board again (3, Down into
 * another board, then 9 played in the top-right board). */
static void
test_board_pick (TttTestWindow *fixture,
                 gconstpointer  data)
{
  NewsHeard heard = { fixture, 0, NULL, FALSE };
  TttMatch *match = ttt_game_get_match (fixture->game);

  g_signal_connect_after (ttt_window_get_news (fixture->window), "news", G_CALLBACK (news_heard_cb), &heard);

  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_3));
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 2 * 9 + 4));
  g_assert_cmpuint (heard.n_news, ==, 1);
  g_assert_cmpstr (heard.text, ==, "Top-right board. Press a digit for the cell, Escape to choose another board.");

  /* Escape: no board picked, said; the focus stays. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Escape));
  g_assert_cmpuint (heard.n_news, ==, 2);
  g_assert_cmpstr (heard.text, ==, "No board chosen. Press a digit for the board.");
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 2 * 9 + 4));
  /* So 9 picks the bottom-right board, and plays nothing. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_9));
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 8 * 9 + 4));
  g_assert_cmpuint (heard.n_news, ==, 3);
  g_assert_cmpstr (heard.text, ==, "Bottom-right board. Press a digit for the cell, Escape to choose another board.");

  /* Without a pick, Escape is not the board's. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Escape));
  g_assert_false (ttt_test_press (fixture->window, GDK_KEY_Escape));
  g_assert_cmpuint (heard.n_news, ==, 4);

  /* 3, then Down twice into the centre-right board: 9 picks a board
   * again, where it played the top-right board's bottom-right cell. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_3));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Down));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_Down));
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 5 * 9 + 1));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_9));
  g_assert_cmpint (ttt_match_get_cell (match, 2 * 9 + 8), ==, TTT_MARK_NONE);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, 0);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, 8 * 9 + 4));

  /* And the digit after a pick plays its cell. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_1));
  g_assert_cmpint (ttt_match_get_cell (match, 8 * 9 + 0), ==, TTT_MARK_X);

  g_signal_handlers_disconnect_by_data (ttt_window_get_news (fixture->window), &heard);
  g_free (heard.text);
}

/* Free to play in any open board: a click or a digit in a won board is
 * refused and says so. */
static void
test_where_to_play_when_free (TttTestWindow *fixture,
                              gconstpointer  data)
{
  /* As in test_board_states: X wins the top-left board, and O may play
   * in any other. */
  static const int moves[] = { 0 * 9 + 4, 4 * 9 + 0, 0 * 9 + 8, 8 * 9 + 0, 0 * 9 + 0 };

  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    ttt_test_click (fixture->window, index_of (moves[i]));
  g_assert_cmpint (ttt_match_get_board_winner (ttt_game_get_match (fixture->game), 0), ==, TTT_MARK_X);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "O’s turn — play in any open board");

  /* The first digit picks a board: the won one's is refused, said why. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_1));
  assert_marks_only (fixture, moves, G_N_ELEMENTS (moves));
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Play in any open board");

  /* So is a click on an empty cell of the won board. */
  ttt_test_click (fixture->window, index_of (0 * 9 + 1));
  assert_marks_only (fixture, moves, G_N_ELEMENTS (moves));
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Play in any open board");

  /* Another board, and its cell: played. */
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_9));
  g_assert_true (ttt_test_press (fixture->window, GDK_KEY_9));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), 8 * 9 + 8), ==, TTT_MARK_O);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "X’s turn — play in the bottom-right board");
}

/* Against the computer: "Your turn" says where; the games of one block
 * say only whose turn it is, as ever. */
static void
test_where_to_play_against_computer (TttTestWindow *fixture,
                                     gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);
  guint boards;
  g_autofree char *expected = NULL;

  g_settings_set_string (settings, "opponent", "computer");
  g_settings_set_string (settings, "difficulty", "easy");
  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_cmpint (ttt_game_get_opponent (fixture->game), ==, TTT_OPPONENT_COMPUTER);
  ttt_test_wait_for_human (fixture->game);
  if (ttt_game_get_n_moves (fixture->game) == 0)
    {
      g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn — play in any open board");
      ttt_test_click (fixture->window, index_of (4 * 9 + 4));
      ttt_test_wait_for_human (fixture->game);
    }

  boards = ttt_match_get_playable_boards (ttt_game_get_match (fixture->game));
  if ((boards & (boards - 1)) == 0)
    expected = g_strdup_printf ("Your turn — play in %s", ttt_names_board_in_sentence (g_bit_nth_lsf (boards, -1)));
  else
    expected = g_strdup ("Your turn — play in any open board");
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, expected);

  for (int cell = 0; cell < 81; cell++)
    if (!(boards & (1u << (cell / 9))))
      {
        guint before = ttt_game_get_n_moves (fixture->game);

        ttt_test_click (fixture->window, index_of (cell));
        g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, before);
        g_assert_true (g_str_has_prefix (ttt_window_get_status (fixture->window), "Play in "));
        break;
      }

  /* Misère and the classic game: one block, no "where". */
  g_settings_set_string (settings, "game", "misere");
  ttt_test_activate (fixture->window, "win.new-game");
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (ttt_game_get_variant (fixture->game), ==, TTT_VARIANT_MISERE);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");
  g_settings_set_string (settings, "game", "classic");
  ttt_test_activate (fixture->window, "win.new-game");
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpstr (ttt_window_get_status (fixture->window), ==, "Your turn");
}

/* A whole game through the accessibility tree, as a screen reader plays
 * it: the cells are found by their role and name under the window, not
 * through the board; where to play is read from their names and
 * descriptions and checked against the rules; each move is the button's
 * activation, which is AT-SPI's "click". */

/* The value of @property as GTK's test backend holds it: the check
 * against a value no widget has gives back the real one. */
static char *
accessible_text (GtkWidget             *widget,
                 GtkAccessibleProperty  property)
{
  static const char never[] = "\x01never";
  char *text = gtk_test_accessible_check_property (GTK_ACCESSIBLE (widget), property, never);

  return text != NULL ? text : g_strdup (never);
}

typedef struct
{
  GtkWidget *widget;
  char      *board;
  int        row;
  int        column;
  TttMark    mark;
  char      *description;
} TreeCell;

static void
collect_cells (GtkWidget *widget,
               GRegex    *pattern,
               GArray    *cells)
{
  if (gtk_accessible_get_accessible_role (GTK_ACCESSIBLE (widget)) == GTK_ACCESSIBLE_ROLE_BUTTON)
    {
      g_autofree char *name = accessible_text (widget, GTK_ACCESSIBLE_PROPERTY_LABEL);
      g_autoptr(GMatchInfo) match = NULL;

      if (g_regex_match (pattern, name, 0, &match))
        {
          g_autofree char *row = g_match_info_fetch (match, 2);
          g_autofree char *column = g_match_info_fetch (match, 3);
          g_autofree char *mark = g_match_info_fetch (match, 4);
          TreeCell cell = {
            widget, g_match_info_fetch (match, 1), atoi (row), atoi (column),
            g_str_equal (mark, "X") ? TTT_MARK_X : g_str_equal (mark, "O") ? TTT_MARK_O : TTT_MARK_NONE,
            accessible_text (widget, GTK_ACCESSIBLE_PROPERTY_DESCRIPTION),
          };

          g_array_append_val (cells, cell);
        }
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_cells (child, pattern, cells);
}

static void
tree_cell_clear (gpointer data)
{
  TreeCell *cell = data;

  g_free (cell->board);
  g_free (cell->description);
}

static GArray *
read_tree (TttTestWindow *fixture)
{
  static GRegex *pattern;
  GArray *cells = g_array_new (FALSE, FALSE, sizeof (TreeCell));

  if (pattern == NULL)
    pattern = g_regex_new ("^(.+) board, row ([1-3]), column ([1-3]), (X|O|empty)$", G_REGEX_DEFAULT,
                           G_REGEX_MATCH_DEFAULT, NULL);
  g_array_set_clear_func (cells, tree_cell_clear);
  collect_cells (GTK_WIDGET (fixture->window), pattern, cells);
  return cells;
}

/* The model's move of a cell read from the tree: its board's place
 * comes from the board's name. */
static int
move_of_tree_cell (const TreeCell *cell)
{
  static const char *boards[] = {
    "Top-left", "Top-centre", "Top-right", "Centre-left", "Centre",
    "Centre-right", "Bottom-left", "Bottom-centre", "Bottom-right",
  };

  for (int b = 0; b < 9; b++)
    if (g_str_equal (cell->board, boards[b]))
      return b * 9 + (cell->row - 1) * 3 + (cell->column - 1);
  g_error ("No such board: %s", cell->board);
}

static void
test_whole_game_by_accessibility (TttTestWindow *fixture,
                                  gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  NewsHeard heard = { fixture, 0, NULL, FALSE };
  g_autoptr(GString) all_news = g_string_new (NULL);
  g_autoptr(GHashTable) was_focused = g_hash_table_new (NULL, NULL);
  guint n_moves = 0;

  g_signal_connect_after (ttt_window_get_news (fixture->window), "news", G_CALLBACK (news_heard_cb), &heard);
  /* No mark grows in: a move is in place once it is made. */
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", FALSE, NULL);

  for (;;)
    {
      g_autoptr(GArray) cells = read_tree (fixture);
      g_autoptr(GPtrArray) open = g_ptr_array_new ();
      const char *sent_to = NULL;
      gboolean over = ttt_game_get_state (fixture->game) == TTT_GAME_STATE_OVER;
      TreeCell *chosen;

      g_assert_cmpuint (cells->len, ==, 81);
      g_hash_table_add (was_focused, ttt_test_focus (fixture->window));
      if (heard.text != NULL)
        g_string_append_printf (all_news, "%s\n", heard.text);

      /* The board a person is sent to says so in all its cells, and no
       * other does. */
      for (guint i = 0; i < cells->len; i++)
        {
          TreeCell *cell = &g_array_index (cells, TreeCell, i);

          /* News told on the focused cell goes in front of its own
           * description until the focus moves on (TttAnnouncer). */
          if (heard.text != NULL && g_str_has_prefix (cell->description, heard.text) &&
              cell->description[strlen (heard.text)] == ' ')
            memmove (cell->description, cell->description + strlen (heard.text) + 1,
                     strlen (cell->description + strlen (heard.text) + 1) + 1);

          if (g_str_equal (cell->description, "You play in this board"))
            {
              g_assert_true (sent_to == NULL || g_str_equal (sent_to, cell->board));
              sent_to = cell->board;
            }
        }

      for (guint i = 0; i < cells->len; i++)
        {
          TreeCell *cell = &g_array_index (cells, TreeCell, i);
          int move = move_of_tree_cell (cell);
          TttMark winner = ttt_match_get_board_winner (ttt_game_get_match (fixture->game), move / 9);
          gboolean closed = (ttt_match_get_closed_boards (ttt_game_get_match (fixture->game)) & (1u << (move / 9))) != 0;
          gboolean can_play;

          /* The name says the mark, the description a closed board's
           * state. */
          g_assert_cmpint (cell->mark, ==, ttt_match_get_cell (ttt_game_get_match (fixture->game), move));
          /* But for a cell that had the focus since (or as) its board
           * closed, which the news said it on; it says it once the focus
           * comes back (see test_board_closed_said_once()). */
          if (closed && g_hash_table_contains (was_focused, cell->widget) &&
              g_str_equal (cell->description, "undefined"))
            {
              g_autofree char *said = g_strdup_printf ("%s board: %s", cell->board,
                                                       winner == TTT_MARK_NONE ? "drawn." : "won by");

              g_assert_nonnull (strstr (all_news->str, said));
            }
          else if (closed && !g_str_equal (cell->description, "Part of the winning line"))
            g_assert_cmpstr (cell->description, ==,
                             winner == TTT_MARK_X ? "Board won by X" :
                             winner == TTT_MARK_O ? "Board won by O" : "Board drawn");
          /* But for the focused cell, which the news was just told on
           * alone (see test_sent_to_said_once()). */
          else if (!closed && !over && sent_to != NULL && g_str_equal (cell->board, sent_to) &&
                   cell->widget != ttt_test_focus (fixture->window))
            g_assert_cmpstr (cell->description, ==, "You play in this board");

          /* What the tree says may be played is what the rules allow,
           * and what is drawn standing forward. */
          can_play = !over && cell->mark == TTT_MARK_NONE && !closed &&
                     (sent_to == NULL || g_str_equal (cell->board, sent_to));
          g_assert_cmpint (can_play, ==, ttt_match_is_legal (ttt_game_get_match (fixture->game), move));
          g_assert_cmpint (can_play, ==, gtk_widget_has_css_class (cell->widget, "playable"));
          /* The last move stays whole: it says where play goes on. */
          if (!over)
            g_assert_cmpfloat_with_epsilon (gtk_widget_get_opacity (cell->widget),
                                            (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)) & (1u << (move / 9))) != 0 ||
                                            move == ttt_match_get_position (ttt_game_get_match (fixture->game))->last_move
                                            ? 1.0 : TTT_BOARD_VIEW_STAND_BACK_OPACITY, 0.01);
          if (can_play)
            g_ptr_array_add (open, cell);
          if (over)
            gtk_test_accessible_assert_state (cell->widget, GTK_ACCESSIBLE_STATE_DISABLED, TRUE);
        }

      /* The news ends where the next move goes, as the cells say. */
      if (n_moves > 0 && !over)
        {
          g_autofree char *expected = NULL;
          const char *side = ttt_game_get_turn (fixture->game) == TTT_MARK_X ? "X" : "O";

          if (sent_to != NULL)
            {
              g_autofree char *lower = g_utf8_strdown (sent_to, -1);

              expected = g_strdup_printf ("%s plays in the %s board.", side, lower);
            }
          else
            expected = g_strdup_printf ("%s can play in any open board.", side);
          g_assert_nonnull (heard.text);
          g_assert_true (g_str_has_suffix (heard.text, expected));
        }

      if (over)
        break;

      g_assert_cmpuint (open->len, >, 0);
      chosen = g_ptr_array_index (open, g_rand_int_range (rand, 0, open->len));
      g_clear_pointer (&heard.text, g_free);
      /* A button shows the press for a moment before it clicks. */
      g_assert_true (gtk_widget_activate (chosen->widget));
      {
        gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

        while (ttt_game_get_n_moves (fixture->game) == n_moves && g_get_monotonic_time () < deadline)
          g_main_context_iteration (NULL, TRUE);
      }
      ttt_test_iterate ();
      n_moves++;
      g_assert_cmpuint (ttt_game_get_n_moves (fixture->game), ==, n_moves);
    }

  /* The last piece of news says how it ended. */
  g_assert_nonnull (heard.text);
  g_assert_true (g_str_has_suffix (heard.text, "X won!") || g_str_has_suffix (heard.text, "O won!") ||
                 g_str_has_suffix (heard.text, "It’s a draw."));
  g_test_message ("%u moves; %s", n_moves, heard.text);
  g_object_set (gtk_settings_get_default (), "gtk-enable-animations", TRUE, NULL);

  g_signal_handlers_disconnect_by_data (ttt_window_get_news (fixture->window), &heard);
  g_free (heard.text);
}

/* 81 cells a finger can hit at a phone's 360 px, and at a large window
 * larger cells, still whole, with a game under way so that the
 * highlight, the last move and a won board are all drawn. */
static void
test_sizes (TttTestWindow *fixture,
            gconstpointer  data)
{
  static const int moves[] = { 0 * 9 + 4, 4 * 9 + 0, 0 * 9 + 8, 8 * 9 + 0, 0 * 9 + 0 };
  int side;

  for (gsize i = 0; i < G_N_ELEMENTS (moves); i++)
    ttt_test_click (fixture->window, index_of (moves[i]));

  ttt_test_set_content_size (fixture->window, 360, 600);
  side = ttt_test_assert_cells_whole (fixture->window, 32);
  g_test_message ("360 × 600: cells of %d px", side);
  {
    int minimum;

    gtk_widget_measure (adw_application_window_get_content (ADW_APPLICATION_WINDOW (fixture->window)),
                        GTK_ORIENTATION_VERTICAL, 360, &minimum, NULL, NULL, NULL);
    /* For the log: the height a window of 360 px needs in Ultimate. */
    g_test_message ("at 360 px wide the content needs %d px of height", minimum);
  }

  ttt_test_set_content_size (fixture->window, 1200, 900);
  side = ttt_test_assert_cells_whole (fixture->window, 56);
  g_test_message ("1200 × 900: cells of %d px", side);

  /* And back: the smallest size is the one the window allows. */
  ttt_test_set_content_size (fixture->window, 360, 600);
  ttt_test_assert_cells_whole (fixture->window, 32);
}

/* The room between the board as drawn (its first and last cells) and
 * the badges above it and the status below: the boxes' spacing, no
 * band. */
static void
assert_no_band (TttTestWindow *fixture,
                const char    *what)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  GtkWidget *first = ttt_board_view_get_cell (fixture->board, 0);
  GtkWidget *last = ttt_board_view_get_cell (fixture->board, ttt_board_view_get_n_cells (fixture->board) - 1);
  graphene_rect_t badges, status, top, bottom;
  double above, below;

  g_assert_true (gtk_widget_compute_bounds (ttt_test_window_child (fixture->window, "badges"), window, &badges));
  g_assert_true (gtk_widget_compute_bounds (ttt_test_window_child (fixture->window, "status_stack"), window, &status));
  g_assert_true (gtk_widget_compute_bounds (first, window, &top));
  g_assert_true (gtk_widget_compute_bounds (last, window, &bottom));
  above = top.origin.y - (badges.origin.y + badges.size.height);
  below = status.origin.y - (bottom.origin.y + bottom.size.height);
  g_test_message ("%s at 360 × 740: %.0f px above the board, %.0f px below it", what, above, below);
  g_assert_cmpfloat (above, <=, 16);
  g_assert_cmpfloat (below, <=, 16);
}

/* A tall, narrow window (a phone's 360 × 740): the board is as wide as
 * it can be, and the height it cannot use went to an empty band of
 * about 70 px above and below it, between it and the status, while the
 * review's summary scrolled in two lines under it. The height goes under
 * the status now, and in a review to its text, which needs no scrolling;
 * classic's board the same. */
static void
test_narrow_tall (TttTestWindow *fixture,
                  gconstpointer  data)
{
  static const int moves[] = {
    16, 70, 63, 2, 20, 23, 45, 3, 30, 32, 47, 22, 36, 4, 42, 58, 41, 51, 60, 57,
    27, 8, 78, 59, 46, 13, 39, 31, 33,
  };
  const char *scrollers[] = { "summary_scroller", "move_scroller" };
  TttReviewCursor *review;
  gint64 deadline;

  ttt_test_set_content_size (fixture->window, 360, 740);
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  assert_no_band (fixture, "Ultimate");

  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    ttt_test_click (fixture->window, index_of (moves[i]));
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_OVER);
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  assert_no_band (fixture, "Ultimate's end");

  ttt_test_activate (fixture->window, "win.review");
  review = ttt_window_get_review (fixture->window);
  g_assert_nonnull (review);
  deadline = g_get_monotonic_time () + 4 * TTT_TEST_DEADLINE_US;
  while (!ttt_review_cursor_get_ready (review) && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_review_cursor_get_ready (review));
  /* A blunder's explanation, one of the longest. */
  ttt_test_activate (fixture->window, "win.review-previous");
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  ttt_test_iterate ();
  for (guint i = 0; i < G_N_ELEMENTS (scrollers); i++)
    {
      GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (ttt_test_window_child (fixture->window, scrollers[i]));
      GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);

      g_test_message ("%s: %.0f px of text in %.0f px", scrollers[i], gtk_adjustment_get_upper (adjustment),
                      gtk_adjustment_get_page_size (adjustment));
      g_assert_cmpfloat (gtk_adjustment_get_upper (adjustment), <=, gtk_adjustment_get_page_size (adjustment));
    }
  ttt_test_activate (fixture->window, "win.review-done");
  ttt_test_iterate ();

  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "classic");
  ttt_test_activate (fixture->window, "win.new-game");
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  assert_no_band (fixture, "Classic");
}

/* At the size the window opens at by default, Ultimate's cells were
 * 38 px: choosing it grows the window, within the screen, until they
 * are a finger's 44 px. A size the person chose stays as it is. */
static void
test_grows_at_default_size (TttTestWindow *fixture,
                            gconstpointer  data)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (fixture->window));
  GdkMonitor *monitor = gdk_display_get_monitor_at_surface (display,
                                                            gtk_native_get_surface (GTK_NATIVE (fixture->window)));
  GdkRectangle geometry;
  int side, width, height;

  side = wait_for_cells (fixture, 44);
  g_test_message ("at the default size Ultimate's cells are %d px", side);
  g_assert_cmpint (side, >=, 44);
  g_assert_nonnull (monitor);
  gdk_monitor_get_geometry (monitor, &geometry);
  g_assert_cmpint (gtk_widget_get_height (GTK_WIDGET (fixture->window)), <=, geometry.height);

  /* Chosen by the person: back to classic, a size of their own, and
   * Ultimate again. */
  g_settings_set_string (settings, "game", "classic");
  ttt_test_iterate ();
  ttt_test_set_content_size (fixture->window, 500, 600);
  gtk_window_get_default_size (GTK_WINDOW (fixture->window), &width, &height);
  g_settings_set_string (settings, "game", "ultimate");
  ttt_test_iterate ();
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  {
    int now_width, now_height;

    gtk_window_get_default_size (GTK_WINDOW (fixture->window), &now_width, &now_height);
    g_assert_cmpint (now_width, ==, width);
    g_assert_cmpint (now_height, ==, height);
  }
}

/* How much paint covers the top-left corner of @cell, drawn alone: where
 * a tint would lie, clear of the marks' strokes. */
static double
corner_paint (TttTestWindow *fixture,
              GtkWidget     *cell)
{
  int width = gtk_widget_get_width (cell);
  int height = gtk_widget_get_height (cell);
  g_autofree guchar *pixels = NULL;
  gsize stride;
  double most = 0;

  g_assert_cmpint (width, >=, 32);
  pixels = ttt_test_render_widget (cell, &stride);

  /* A few pixels about 15 % in from the corner: inside a tint's rounded
   * square, outside an X's or an O's strokes. */
  for (int y = height * 13 / 100; y <= height * 16 / 100; y++)
    for (int x = width * 13 / 100; x <= width * 16 / 100; x++)
      most = MAX (most, pixels[(gsize) y * stride + (gsize) x * 4 + 3] / 255.0);

  return most;
}

/* A won game: the win is the line of boards and their large marks; the
 * cells of those boards, which hold both marks and empty ones, take no
 * tint of their own (a cell's tint has its own mark's colour: an O's or
 * an empty cell's tint in a board X won read as O's). Classic's winning
 * cells, all the winner's, keep theirs. */
static void
test_won_game_drawn (TttTestWindow *fixture,
                     gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1);
  guint winning = 0;
  int plain = -1;

  /* Random games until one is won, not drawn. */
  while (winning == 0)
    {
      ttt_test_activate (fixture->window, "win.new-game");
      while (ttt_game_get_state (fixture->game) != TTT_GAME_STATE_OVER)
        {
          int legal[81], n = 0;

          for (int move = 0; move < 81; move++)
            if (ttt_match_is_legal (ttt_game_get_match (fixture->game), move))
              legal[n++] = move;
          ttt_test_click (fixture->window, index_of (legal[g_rand_int_range (rand, 0, n)]));
        }
      winning = ttt_match_get_winning_cells (ttt_game_get_match (fixture->game));
    }
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));

  /* An O or an empty cell in a board of X's win (or the other way round). */
  for (int move = 0; move < 81 && plain < 0; move++)
    if ((winning & (1u << (move / 9))) &&
        ttt_match_get_cell (ttt_game_get_match (fixture->game), move) != ttt_match_get_board_winner (ttt_game_get_match (fixture->game), move / 9))
      plain = move;
  g_assert_cmpint (plain, >=, 0);
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (cell_widget (fixture, plain)),
                                       GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, "Part of the winning line");
  g_assert_cmpfloat (corner_paint (fixture, cell_widget (fixture, plain)), <, 0.02);

  /* Classic's win, for comparison: its cells are tinted. */
  g_settings_set_string (ttt_application_get_settings (fixture->app), "game", "classic");
  ttt_test_activate (fixture->window, "win.new-game");
  ttt_test_play_top_row_for_x (fixture->window);
  g_assert_cmpuint (ttt_match_get_winning_cells (ttt_game_get_match (fixture->game)), ==, 0x7);
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  g_assert_cmpfloat (corner_paint (fixture, ttt_board_view_get_cell (fixture->board, 0)), >, 0.05);
}

/* The review of a won game draws each step's won boards, as they stood
 * then: none before the first move, and at the end the game's own (the
 * board drew the final position's over every step, issue 35). */
static void
test_review_won_boards (TttTestWindow *fixture,
                        gconstpointer  data)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(TttReviewCursor) review = NULL;
  guint n_won = 0;

  /* Random games until one ends with a small board won. */
  while (n_won == 0)
    {
      ttt_test_activate (fixture->window, "win.new-game");
      while (ttt_game_get_state (fixture->game) != TTT_GAME_STATE_OVER)
        {
          int legal[81], n = 0;

          for (int move = 0; move < 81; move++)
            if (ttt_match_is_legal (ttt_game_get_match (fixture->game), move))
              legal[n++] = move;
          ttt_test_click (fixture->window, index_of (legal[g_rand_int_range (rand, 0, n)]));
        }
      for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
        n_won += ttt_match_get_board_winner (ttt_game_get_match (fixture->game), b) != TTT_MARK_NONE;
    }

  review = ttt_review_cursor_new (fixture->game);
  ttt_board_view_set_review (fixture->board, review);

  ttt_review_cursor_set_position (review, 0);
  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    g_assert_cmpint (ttt_board_view_get_shown_block_winner (fixture->board, b), ==, TTT_MARK_NONE);

  ttt_review_cursor_set_position (review, ttt_game_get_n_moves (fixture->game));
  for (int b = 0; b < TTT_ULTIMATE_N_BOARDS; b++)
    g_assert_cmpint (ttt_board_view_get_shown_block_winner (fixture->board, b), ==,
                     ttt_match_get_board_winner (ttt_game_get_match (fixture->game), b));

  ttt_board_view_set_review (fixture->board, NULL);
}

/* WCAG 2's relative luminance of an sRGB colour. */
static double
luminance (double r,
           double g,
           double b)
{
  double c[3] = { r, g, b };

  for (int i = 0; i < 3; i++)
    c[i] = c[i] <= 0.04045 ? c[i] / 12.92 : pow ((c[i] + 0.055) / 1.055, 2.4);

  return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
}

/* The contrast against the window of the strongest pixel of @cell's
 * mark, as drawn on the board (its opacity too). */
static double
mark_contrast (TttTestWindow *fixture,
               GtkWidget     *cell)
{
  GtkWidget *window = GTK_WIDGET (fixture->window);
  int size = gtk_widget_get_width (cell);
  g_autofree guchar *pixels = NULL;
  GdkRGBA bg;
  gsize stride;
  double best = 1.0;
  double bg_luminance;

  ttt_compat_lookup_color (window, "window_bg_color", &bg);
  bg_luminance = luminance (bg.red, bg.green, bg.blue);
  pixels = ttt_test_render_widget (cell, &stride);
  for (int y = 0; y < gtk_widget_get_height (cell); y++)
    for (int x = 0; x < size; x++)
      {
        const guchar *p = pixels + (gsize) y * stride + (gsize) x * 4;
        double alpha = p[3] / 255.0;
        /* Premultiplied B, G, R over the window's background. */
        double l = luminance (p[2] / 255.0 + (1 - alpha) * bg.red,
                              p[1] / 255.0 + (1 - alpha) * bg.green,
                              p[0] / 255.0 + (1 - alpha) * bg.blue);
        double ratio = (MAX (l, bg_luminance) + 0.05) / (MIN (l, bg_luminance) + 0.05);

        best = MAX (best, ratio);
      }

  return best;
}

/* The boards that may not be played in now stand back, but their marks
 * still read: at 3:1 against the window (WCAG's floor for graphics), in
 * the light style and the dark. */
static void
test_stand_back_readable (TttTestWindow *fixture,
                          gconstpointer  data)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  ttt_test_set_content_size (fixture->window, 1000, 900);
  ttt_test_two_players (fixture);
  /* X in the centre of the centre board, O in its top-left cell: X is
   * sent to the top-left board, and the centre board stands back. */
  ttt_test_click (fixture->window, index_of (40));
  ttt_test_click (fixture->window, index_of (36));
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << 0);
  g_assert_cmpfloat (gtk_widget_get_opacity (cell_widget (fixture, 40)), <, 1.0);

  for (int dark = 0; dark < 2; dark++)
    {
      adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
      ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
      ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
      g_assert_cmpint (adw_style_manager_get_dark (style), ==, dark);
      for (int i = 0; i < 2; i++)
        {
          double ratio = mark_contrast (fixture, cell_widget (fixture, i == 0 ? 40 : 36));

          g_test_message ("%s, %s standing back: %.2f:1", dark ? "dark" : "light", i == 0 ? "X" : "O", ratio);
          g_assert_cmpfloat (ratio, >=, 3.0);
        }
    }
  adw_style_manager_set_color_scheme (style, ADW_COLOR_SCHEME_DEFAULT);
}

/* What a rendered region shows most strongly: the colour, over the
 * window's background, of its pixel that stands out most from that
 * background, and by how much (WCAG 2 ratio). */
typedef struct
{
  double contrast;
  double rgb[3];
} Paint;

static Paint
strongest_paint (TttTestWindow *fixture,
                 const guchar  *pixels,
                 gsize          stride,
                 int            x0,
                 int            x1,
                 int            y0,
                 int            y1)
{
  GdkRGBA bg;
  double bg_luminance;
  Paint best = { 1.0, { 0, 0, 0 } };

  ttt_compat_lookup_color (GTK_WIDGET (fixture->window), "window_bg_color", &bg);
  bg_luminance = luminance (bg.red, bg.green, bg.blue);
  for (int y = y0; y <= y1; y++)
    for (int x = x0; x <= x1; x++)
      {
        const guchar *p = pixels + (gsize) y * stride + (gsize) x * 4;
        double alpha = p[3] / 255.0;
        /* Premultiplied B, G, R over the window's background. */
        double rgb[3] = { p[2] / 255.0 + (1 - alpha) * bg.red,
                          p[1] / 255.0 + (1 - alpha) * bg.green,
                          p[0] / 255.0 + (1 - alpha) * bg.blue };
        double l = luminance (rgb[0], rgb[1], rgb[2]);
        double ratio = (MAX (l, bg_luminance) + 0.05) / (MIN (l, bg_luminance) + 0.05);

        if (ratio > best.contrast)
          best = (Paint) { ratio, { rgb[0], rgb[1], rgb[2] } };
      }

  return best;
}

/* Whether @paint is @mark's colour, as the style draws it now. */
static gboolean
is_mark_color (TttTestWindow *fixture,
               const Paint   *paint,
               TttMark        mark)
{
  GdkRGBA color;

  ttt_compat_lookup_color (GTK_WIDGET (fixture->window), mark == TTT_MARK_X ? "ttt_x_color" : "ttt_o_color", &color);
  return fabs (paint->rgb[0] - color.red) < 0.12 && fabs (paint->rgb[1] - color.green) < 0.12 &&
         fabs (paint->rgb[2] - color.blue) < 0.12;
}

static double
chroma (const Paint *paint)
{
  return MAX (MAX (paint->rgb[0], paint->rgb[1]), paint->rgb[2]) -
         MIN (MIN (paint->rgb[0], paint->rgb[1]), paint->rgb[2]);
}

static void
set_dark (TttTestWindow *fixture,
          gboolean       dark)
{
  AdwStyleManager *style = adw_style_manager_get_default ();

  adw_style_manager_set_color_scheme (style, dark ? ADW_COLOR_SCHEME_FORCE_DARK : ADW_COLOR_SCHEME_FORCE_LIGHT);
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  ttt_test_wait_for_frame (GTK_WIDGET (fixture->board));
  g_assert_cmpint (adw_style_manager_get_dark (style), ==, dark);
}

/* The gap to the left of small board @board, as far as the # in its
 * middle, on the height of the board's middle row, rendered: what frames
 * the board on that side. */
static Paint
left_of_board (TttTestWindow *fixture,
               int            board)
{
  GtkWidget *widget = GTK_WIDGET (fixture->board);
  g_autofree guchar *pixels = NULL;
  graphene_rect_t inside, outside;
  gsize stride;
  int gap;

  g_assert_cmpint (board % 3, >, 0);
  /* The middle row's first cell, and the last of the board to its left. */
  g_assert_true (gtk_widget_compute_bounds (cell_widget (fixture, board * 9 + 3), widget, &inside));
  g_assert_true (gtk_widget_compute_bounds (cell_widget (fixture, (board - 1) * 9 + 5), widget, &outside));
  gap = (int) (inside.origin.x - (outside.origin.x + outside.size.width));
  g_assert_cmpint (gap, >=, 8);

  pixels = ttt_test_render_widget (widget, &stride);
  return strongest_paint (fixture, pixels, stride,
                          (int) inside.origin.x - gap * 2 / 5, (int) inside.origin.x - 1,
                          (int) (inside.origin.y + inside.size.height * 0.3),
                          (int) (inside.origin.y + inside.size.height * 0.7));
}

/* Against the computer: Ultimate after its reply, the person to move. */
static void
computer_game (TttTestWindow *fixture)
{
  GSettings *settings = ttt_application_get_settings (fixture->app);

  g_settings_set_string (settings, "opponent", "computer");
  g_settings_set_string (settings, "difficulty", "easy");
  ttt_test_activate (fixture->window, "win.new-game");
  g_assert_cmpint (ttt_game_get_opponent (fixture->game), ==, TTT_OPPONENT_COMPUTER);
  ttt_test_wait_for_human (fixture->game);
  if (ttt_game_get_n_moves (fixture->game) == 0)
    {
      ttt_test_click (fixture->window, index_of (4 * 9 + 4));
      ttt_test_wait_for_human (fixture->game);
    }
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_LOCAL_TURN);
}

/* While the computer is to move, where it will play is not framed in a
 * side's colour: nothing there is the person's to do. */
static void
assert_outline_neutral_while_computer_thinks (TttTestWindow *fixture)
{
  guint boards;
  int board;

  computer_game (fixture);
  /* The computer's answer held (ttt_table_set_delay()). */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), TTT_TEST_HOLD_MS);
  boards = ttt_match_get_playable_boards (ttt_game_get_match (fixture->game));
  g_assert_cmpuint (boards & (boards - 1), ==, 0);
  board = g_bit_nth_lsf (boards, -1);
  /* A cell of the board sent to, which sends the computer to a board
   * with a board to its left. */
  for (int c = 0; c < 9; c++)
    if (c % 3 > 0 && ttt_match_is_legal (ttt_game_get_match (fixture->game), board * 9 + c) &&
        (ttt_match_get_closed_boards (ttt_game_get_match (fixture->game)) & (1u << c)) == 0)
      {
        ttt_test_click (fixture->window, index_of (board * 9 + c));
        board = c;
        break;
      }
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_WAITING);
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << board);

  for (int dark = 0; dark < 2; dark++)
    {
      Paint frame;

      set_dark (fixture, dark);
      frame = left_of_board (fixture, board);
      g_test_message ("%s, computer to move: %.2f:1, chroma %.2f", dark ? "dark" : "light", frame.contrast,
                      chroma (&frame));
      g_assert_cmpfloat (chroma (&frame), <, 0.1);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  /* And let it answer at once. */
  ttt_table_set_delay (ttt_game_get_table (fixture->game), 0);
  ttt_test_wait_for_human (fixture->game);
}

/* The board a person here is sent to is framed in the colour of their
 * side, at 3:1 or more against the window, in the light style and the
 * dark, at 360 px and in a large window; the others are not (issue 35:
 * a faint grey ground was all, and in the dark style next to nothing).
 * Where the computer is to play is not. */
static void
test_playable_outline (TttTestWindow *fixture,
                       gconstpointer  data)
{
  static const int sizes[][2] = { { 360, 600 }, { 1000, 900 } };

  /* X in the centre board's middle: O is sent to the centre board. */
  ttt_test_click (fixture->window, index_of (4 * 9 + 4));
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << 4);
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_LOCAL_TURN);

  for (gsize i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      ttt_test_set_content_size (fixture->window, sizes[i][0], sizes[i][1]);
      for (int dark = 0; dark < 2; dark++)
        {
          Paint framed, plain;

          set_dark (fixture, dark);
          framed = left_of_board (fixture, 4);
          plain = left_of_board (fixture, 1);
          g_test_message ("%d px, %s: the centre board's frame %.2f:1, the top one's side %.2f:1",
                          sizes[i][0], dark ? "dark" : "light", framed.contrast, plain.contrast);
          g_assert_cmpfloat (framed.contrast, >=, 3.0);
          g_assert_true (is_mark_color (fixture, &framed, TTT_MARK_O));
          /* Beside a board not played in, only the #'s grey. */
          g_assert_cmpfloat (chroma (&plain), <, 0.1);
        }
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);

  assert_outline_neutral_while_computer_thinks (fixture);
}

/* The computer's last move is framed in its mark's colour at 3:1 or
 * more against the window, light and dark, and does not stand back with
 * its board (issue 35: a pale tint in a small cell, almost nothing in
 * the dark style). */
static void
test_last_move_marked (TttTestWindow *fixture,
                       gconstpointer  data)
{
  TttMark computer;
  int last;
  GtkWidget *cell;

  computer_game (fixture);
  computer = ttt_game_get_human_mark (fixture->game) == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
  last = ttt_match_get_position (ttt_game_get_match (fixture->game))->last_move;
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), last), ==, computer);
  g_assert_cmpint (ttt_board_view_get_last_computer_cell (fixture->board), ==, index_of (last));
  cell = cell_widget (fixture, last);
  g_assert_true (gtk_widget_has_css_class (cell, "last-move"));

  ttt_test_set_content_size (fixture->window, 360, 600);
  for (int dark = 0; dark < 2; dark++)
    {
      int width = gtk_widget_get_width (cell);
      int height = gtk_widget_get_height (cell);
      g_autofree guchar *pixels = NULL;
      gsize stride;
      Paint edge;

      set_dark (fixture, dark);
      pixels = ttt_test_render_widget (cell, &stride);
      /* The cell's left edge about its middle, clear of the mark. */
      edge = strongest_paint (fixture, pixels, stride, 0, width / 10, height * 2 / 5, height * 3 / 5);
      g_test_message ("%s, %d px cells: the last move's edge %.2f:1", dark ? "dark" : "light", width,
                      edge.contrast);
      g_assert_cmpfloat (edge.contrast, >=, 3.0);
      g_assert_true (is_mark_color (fixture, &edge, computer));
      /* And the mark still reads on it. */
      g_assert_cmpfloat (mark_contrast (fixture, cell), >=, 3.0);
    }
  adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_DEFAULT);
  g_assert_cmpfloat (gtk_widget_get_opacity (cell), >, 0.99);
}

/* After the computer's reply the keyboard's focus, if it was on the
 * board, goes into the board the person is sent to: the cell in the
 * reply's place, or its first empty one. A focus elsewhere stays. */
static void
test_focus_follows_reply (TttTestWindow *fixture,
                          gconstpointer  data)
{
  static const guint digits[] = { GDK_KEY_1, GDK_KEY_2, GDK_KEY_3, GDK_KEY_4, GDK_KEY_5,
                                  GDK_KEY_6, GDK_KEY_7, GDK_KEY_8, GDK_KEY_9 };
  GtkWidget *elsewhere;
  guint boards;
  int played = -1;
  int reply, board, expected;

  computer_game (fixture);
  boards = ttt_match_get_playable_boards (ttt_game_get_match (fixture->game));
  g_assert_cmpuint (boards & (boards - 1), ==, 0);
  board = g_bit_nth_lsf (boards, -1);

  /* On the board, by the keys: a digit plays the board sent to. */
  ttt_board_view_focus_cell (fixture->board, index_of (board * 9 + 4));
  for (int c = 0; c < 9 && played < 0; c++)
    if (ttt_match_is_legal (ttt_game_get_match (fixture->game), board * 9 + c) &&
        (ttt_match_get_closed_boards (ttt_game_get_match (fixture->game)) & (1u << c)) == 0)
      {
        g_assert_true (ttt_test_press (fixture->window, digits[c]));
        played = board * 9 + c;
      }
  g_assert_cmpint (played, >=, 0);
  ttt_test_wait_for_human (fixture->game);
  reply = ttt_match_get_position (ttt_game_get_match (fixture->game))->last_move;
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), played), !=, TTT_MARK_NONE);
  g_assert_cmpint (reply / 9, ==, played % 9);
  g_assert_cmpint (ttt_game_get_state (fixture->game), ==, TTT_GAME_STATE_LOCAL_TURN);
  board = reply % 9;
  g_assert_cmpuint (ttt_match_get_playable_boards (ttt_game_get_match (fixture->game)), ==, 1u << board);
  expected = board * 9 + reply % 9;
  for (int c = 0; !ttt_match_is_legal (ttt_game_get_match (fixture->game), expected); c++)
    expected = board * 9 + c;
  g_test_message ("played %d, the reply %d: the focus expected on %d", played, reply, expected);
  g_assert_true (ttt_test_focus (fixture->window) == cell_widget (fixture, expected));

  /* Elsewhere: the menu button keeps it through a move and a reply. */
  elsewhere = ttt_test_window_child (fixture->window, "menu_button");
  g_assert_true (gtk_widget_grab_focus (elsewhere));
  elsewhere = ttt_test_focus (fixture->window);
  g_assert_false (gtk_widget_is_ancestor (elsewhere, GTK_WIDGET (fixture->board)));
  ttt_test_click (fixture->window, index_of (expected));
  ttt_test_wait_for_human (fixture->game);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (fixture->game), expected), !=, TTT_MARK_NONE);
  g_assert_cmpuint (ttt_game_get_n_moves (fixture->game) % 2, ==,
                    ttt_game_get_human_mark (fixture->game) == TTT_MARK_X ? 0 : 1);
  g_assert_true (ttt_test_focus (fixture->window) == elsewhere);
}

int
main (int   argc,
      char *argv[])
{
  ttt_test_init (&argc, &argv);

#define ADD(path, func) \
  g_test_add (path, TttTestWindow, GUINT_TO_POINTER (3), set_up, func, ttt_test_window_tear_down)

  ADD ("/ultimate-board/layout-and-names", test_layout_and_names);
  ADD ("/ultimate-board/board-states", test_board_states);
  ADD ("/ultimate-board/whole-game-by-clicks", test_whole_game_by_clicks);
  ADD ("/ultimate-board/keys", test_keys);
  ADD ("/ultimate-board/hint", test_hint);
  ADD ("/ultimate-board/analysis", test_analysis);
  ADD ("/ultimate-board/sizes", test_sizes);
  ADD ("/ultimate-board/grows-at-default-size", test_grows_at_default_size);
  ADD ("/ultimate-board/narrow-tall", test_narrow_tall);
  ADD ("/ultimate-board/sent-to-said-once", test_sent_to_said_once);
  ADD ("/ultimate-board/board-closed-said-once", test_board_closed_said_once);
  ADD ("/ultimate-board/where-to-play", test_where_to_play);
  ADD ("/ultimate-board/where-to-play-when-free", test_where_to_play_when_free);
  ADD ("/ultimate-board/board-pick", test_board_pick);
  ADD ("/ultimate-board/where-to-play-against-computer", test_where_to_play_against_computer);
  ADD ("/ultimate-board/whole-game-by-accessibility", test_whole_game_by_accessibility);
  ADD ("/ultimate-board/won-game-drawn", test_won_game_drawn);
  ADD ("/ultimate-board/review-won-boards", test_review_won_boards);
  ADD ("/ultimate-board/stand-back-readable", test_stand_back_readable);
  ADD ("/ultimate-board/playable-outline", test_playable_outline);
  ADD ("/ultimate-board/last-move-marked", test_last_move_marked);
  ADD ("/ultimate-board/focus-follows-reply", test_focus_follows_reply);

#undef ADD

  return g_test_run ();
}
