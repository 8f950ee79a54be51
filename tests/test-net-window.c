/* test-net-window.c — the pages of a game with someone elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two windows of the real application, each with its game and a
 * TttNetWindow, in one process over loopback: hosting shows the addresses,
 * joining shows the code on both sides, the buttons that say the codes
 * match begin the game, the status says whose move it is by name, and an
 * end — a resignation, the other side leaving — is said in words; the
 * game the host's New Game screen chose (Ultimate) is the one both play. The
 * controls are found as a person finds them: by their labels.
 */

#include "config.h"

#include <string.h>

#include "ttt-net-window.h"
#include "ui-helpers.h"

static gboolean
label_is (GtkWidget *widget,
          gpointer   data,
          gboolean  *prune)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static void
click (TttNetWindow *window,
       const char   *label)
{
  GtkWidget *button = ttt_test_find_widget (GTK_WIDGET (window), label_is, (gpointer) label);

  if (button == NULL)
    g_error ("No button “%s” on the page shown", label);
  g_assert_true (gtk_widget_is_sensitive (button));
  g_signal_emit_by_name (button, "clicked");
}

static gboolean
text_shown (GtkWidget *widget,
            gpointer   data,
            gboolean  *prune)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), data) != NULL;
}

static gboolean
expire_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* Runs the main loop until @text is on the page shown; a guard, which
 * only a hang reaches, fails the test. */
static void
wait_text (TttNetWindow *window,
           const char   *text)
{
  gboolean expired = FALSE;
  guint guard = g_timeout_add_seconds (60, expire_cb, &expired);

  while (ttt_test_find_widget (GTK_WIDGET (window), text_shown, (gpointer) text) == NULL)
    {
      if (expired)
        g_error ("“%s” never shown", text);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (guard);
}

/* A click on the main window's board; ttt_test_click() would wait for
 * the other side's answer, which takes a person. */
static void
play (TttWindow *window,
      int        cell)
{
  g_signal_emit_by_name (ttt_window_get_cell (window, cell), "clicked");
}

typedef struct {
  TttWindow    *windows[2];
  TttGame      *games[2];
  TttNetWindow *net[2];
  TttVariant    variants[2];  /* chosen on each side's New Game screen */
} Pair;

static void
pair_open (Pair *pair)
{
  TttApplication *app = ttt_test_application ();
  g_autofree char *address = NULL;
  TttNetSession *host;

  for (guint i = 0; i < 2; i++)
    {
      pair->windows[i] = ttt_test_window_new (app);
      pair->games[i] = ttt_window_get_game (pair->windows[i]);
      ttt_game_set_variant (pair->games[i], pair->variants[i]);
      gtk_window_present (GTK_WINDOW (pair->windows[i]));
      pair->net[i] = ttt_net_window_new (GTK_WINDOW (pair->windows[i]), pair->games[i]);
      gtk_window_present (GTK_WINDOW (pair->net[i]));
      ttt_test_wait_for_mapped (GTK_WIDGET (pair->net[i]));
    }

  /* The host names itself and hosts; its addresses and port are shown. */
  click (pair->net[0], "_Host a Game");
  click (pair->net[0], "_Start Hosting");
  wait_text (pair->net[0], "Tell the other person");
  host = ttt_net_window_get_session (pair->net[0]);
  g_assert_nonnull (host);

  /* The guest types the address in. */
  click (pair->net[1], "_Join a Game");
  address = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (ttt_net_session_get_connection (host)));
  ttt_net_window_join (pair->net[1], address);

  for (guint i = 0; i < 2; i++)
    wait_text (pair->net[i], "Compare the Code With");
  g_assert_cmpstr (ttt_net_session_get_code (ttt_net_window_get_session (pair->net[0])), ==,
                   ttt_net_session_get_code (ttt_net_window_get_session (pair->net[1])));
  for (guint i = 0; i < 2; i++)
    wait_text (pair->net[i], ttt_net_session_get_code (ttt_net_window_get_session (pair->net[i])));

  /* Until the game starts, the main board does not go on with the old
   * game, and says why. */
  for (guint i = 0; i < 2; i++)
    {
      guint n_moves = ttt_game_get_n_moves (pair->games[i]);

      g_assert_nonnull (ttt_test_find_widget (GTK_WIDGET (pair->windows[i]), text_shown,
                                              (gpointer) "Waiting for the other computer…"));
      play (pair->windows[i], 8);
      ttt_test_iterate ();
      g_assert_cmpuint (ttt_game_get_n_moves (pair->games[i]), ==, n_moves);
    }
}

static void
pair_close (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      gtk_window_destroy (GTK_WINDOW (pair->net[i]));
      gtk_window_destroy (GTK_WINDOW (pair->windows[i]));
    }
  ttt_test_iterate ();
}

/* Whether the window's own Undo button can be pressed. Not through
 * ttt_test_action_enabled(), which runs the loop until no one thinks: the
 * other side of a network game "thinks" until it is played. */
static gboolean
undo_button_sensitive (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.undo") == 0)
    return gtk_widget_get_sensitive (widget);

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    if (undo_button_sensitive (child))
      return TRUE;

  return FALSE;
}

static void
test_play (void)
{
  Pair pair = { 0 };
  g_autofree char *name = g_strdup (g_get_real_name ());
  g_autofree char *waiting = NULL;

  pair_open (&pair);

  click (pair.net[0], "The Codes _Match");
  wait_text (pair.net[0], "to confirm the code");
  click (pair.net[1], "The Codes _Match");
  wait_text (pair.net[0], "Your move.");
  waiting = g_strdup_printf ("Waiting for %s’s move…", name);
  wait_text (pair.net[1], waiting);

  /* The board of the main window plays; the badges name the other. */
  g_assert_cmpstr (ttt_game_get_side_name (pair.games[1], TTT_MARK_X), ==, name);
  play (pair.windows[0], 4);
  wait_text (pair.net[1], "Your move.");
  wait_text (pair.net[0], "Waiting for");
  /* The main window says it too, by name, not "Computer". */
  g_assert_cmpstr (ttt_window_get_status (pair.windows[0]), ==, waiting);
  play (pair.windows[1], 0);
  wait_text (pair.net[0], "Your move.");

  /* Each has a move to take back, but only by asking the other (the
   * network window's Ask to Undo): the main window's Undo is off. */
  g_assert_true (ttt_game_get_can_undo (pair.games[0]));
  g_assert_false (undo_button_sensitive (GTK_WIDGET (pair.windows[0])));
  g_assert_false (undo_button_sensitive (GTK_WIDGET (pair.windows[1])));

  /* The guest gives up; both say who won. */
  click (pair.net[1], "Re_sign");
  wait_text (pair.net[1], "won.");
  wait_text (pair.net[0], "You won.");
  click (pair.net[1], "Offer a _Rematch");
  wait_text (pair.net[0], "offers a rematch");
  click (pair.net[0], "_Accept Rematch");
  wait_text (pair.net[1], "Your move.");

  /* The host leaves: the guest is told, with Leave. */
  gtk_window_close (GTK_WINDOW (pair.net[0]));
  wait_text (pair.net[1], "left the game.");
  g_assert_true (ttt_game_get_abandoned (pair.games[1]));
  click (pair.net[1], "_Leave");
  pair.net[0] = NULL;
  pair.net[1] = NULL;
  for (guint i = 0; i < 2; i++)
    gtk_window_destroy (GTK_WINDOW (pair.windows[i]));
  ttt_test_iterate ();
}

/* The host's New Game screen chose Ultimate, the guest's classic: the
 * host page offers Ultimate first, and both boards play it. */
static void
test_ultimate (void)
{
  Pair pair = { .variants = { TTT_VARIANT_ULTIMATE, TTT_VARIANT_CLASSIC } };

  pair_open (&pair);
  g_assert_cmpint (ttt_net_session_get_net_game (ttt_net_window_get_session (pair.net[0])), ==,
                   TTT_NET_GAME_ULTIMATE);
  g_assert_cmpint (ttt_net_session_get_net_game (ttt_net_window_get_session (pair.net[1])), ==,
                   TTT_NET_GAME_ULTIMATE);
  click (pair.net[0], "The Codes _Match");
  click (pair.net[1], "The Codes _Match");
  wait_text (pair.net[0], "Your move.");
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (ttt_game_get_current_variant (pair.games[i]), ==, TTT_VARIANT_ULTIMATE);
      g_assert_nonnull (ttt_window_get_cell (pair.windows[i], 80));
    }

  /* The centre of the centre board sends the guest there. The board's
   * cells are in reading order over the 9 × 9 grid; 40 is the centre in
   * both. */
  play (pair.windows[0], 40);
  wait_text (pair.net[1], "Your move.");
  g_assert_cmpint (ttt_game_get_cell (pair.games[1], 40), ==, TTT_MARK_X);
  g_assert_false (ttt_game_is_legal (pair.games[1], 0));
  /* The top left cell of the centre board, move 36. */
  play (pair.windows[1], ttt_ultimate_move_row (36) * 9 + ttt_ultimate_move_col (36));
  wait_text (pair.net[0], "Your move.");
  g_assert_cmpint (ttt_game_get_cell (pair.games[0], 36), ==, TTT_MARK_O);
  pair_close (&pair);
}

static void
test_codes_differ (void)
{
  Pair pair = { 0 };

  pair_open (&pair);
  click (pair.net[1], "They _Differ");
  wait_text (pair.net[1], "The codes differ");
  wait_text (pair.net[0], "left the game.");
  for (guint i = 0; i < 2; i++)
    g_assert_cmpuint (ttt_game_get_n_moves (pair.games[i]), ==, 0);
  pair_close (&pair);
}

static void
test_join_errors (void)
{
  TttApplication *app = ttt_test_application ();
  TttWindow *window = ttt_test_window_new (app);
  TttNetWindow *net = ttt_net_window_new (GTK_WINDOW (window), ttt_window_get_game (window));

  gtk_window_present (GTK_WINDOW (net));
  ttt_test_wait_for_mapped (GTK_WIDGET (net));
  click (net, "_Join a Game");
  /* Said in words on the join page, which stays. */
  ttt_net_window_join (net, "[::1");
  wait_text (net, "lacks its closing");
  g_assert_null (ttt_net_window_get_session (net));
  gtk_window_destroy (GTK_WINDOW (net));
  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

int
main (int   argc,
      char *argv[])
{
  g_setenv ("TTT_NO_DISCOVERY", "1", TRUE);
  ttt_test_init (&argc, &argv);

  g_test_add_func ("/net-window/play", test_play);
  g_test_add_func ("/net-window/ultimate", test_ultimate);
  g_test_add_func ("/net-window/codes-differ", test_codes_differ);
  g_test_add_func ("/net-window/join-errors", test_join_errors);

  return g_test_run ();
}
