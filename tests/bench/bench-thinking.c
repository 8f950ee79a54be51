/* bench-thinking.c — the window while the computer thinks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plays a game of Ultimate against Hard in the real window: the person's
 * moves are random legal ones, and while the computer thinks (about a
 * second a move, in a thread of its own) the window is kept drawing, as
 * it would be with something moving on it. Prints how long each search
 * took and how far apart the window's frames were meanwhile: the longest
 * gap and the frames later than 50 ms (three frames at 60 Hz). Issue 24's
 * target is that no frame is late; this prints, it does not judge (these
 * machines are shared), and fails only if the game does not go on.
 *
 * Needs a display: `xvfb-run -a meson test -C _build --benchmark --suite
 * ui -v` where there is none.
 */

#include "config.h"

#include <gtk/gtk.h>
#include <stdio.h>
#include <stdlib.h>

#include "ui-helpers.h"

#define MOVES 8
#define LATE_US (50 * 1000)

typedef struct
{
  gint64  last;
  GArray *gaps;  /* gint64 µs between two frames while thinking */
} Frames;

static gboolean
tick_cb (GtkWidget     *widget,
         GdkFrameClock *clock,
         gpointer       user_data)
{
  Frames *frames = user_data;
  gint64 now = g_get_monotonic_time ();

  if (frames->last != 0)
    {
      gint64 gap = now - frames->last;

      g_array_append_val (frames->gaps, gap);
    }
  frames->last = now;

  return G_SOURCE_CONTINUE;
}

static int
compare_gint64 (gconstpointer a,
                gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return x < y ? -1 : x > y;
}

/* The board's cell (in reading order over the 9 × 9 grid) of a move. */
static int
index_of (int move)
{
  return ttt_ultimate_move_row (move) * 9 + ttt_ultimate_move_col (move);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (24);
  g_autoptr(GArray) searches = g_array_new (FALSE, FALSE, sizeof (gint64));
  Frames frames = { 0, g_array_new (FALSE, FALSE, sizeof (gint64)) };
  TttApplication *app;
  GSettings *settings;
  TttWindow *window;
  TttGame *game;
  guint tick, late = 0;
  gint64 longest = 0;

  if (g_getenv ("DISPLAY") == NULL && g_getenv ("WAYLAND_DISPLAY") == NULL)
    {
      g_printerr ("bench-thinking: no display (run it under xvfb-run)\n");
      return 1;
    }

  ttt_test_init (&argc, &argv);
  app = ttt_test_application ();
  ttt_test_reset_settings (app);
  settings = ttt_application_get_settings (app);
  g_settings_set_boolean (settings, "new-game-shown", TRUE);
  g_settings_set_string (settings, "game", "ultimate");
  g_settings_set_string (settings, "opponent", "computer");
  g_settings_set_string (settings, "difficulty", "hard");
  g_settings_set_string (settings, "first-player", "human");

  window = ttt_test_window_new (app);
  game = ttt_window_get_game (window);
  ttt_table_set_delay (ttt_game_get_table (game), 0);
  ttt_table_set_rng_state (ttt_game_get_table (game), 24);
  gtk_window_present (GTK_WINDOW (window));
  ttt_test_wait_for_mapped (GTK_WIDGET (ttt_window_get_board (window)));
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_ULTIMATE);

  tick = gtk_widget_add_tick_callback (GTK_WIDGET (window), tick_cb, &frames, NULL);

  for (guint m = 0; m < MOVES && ttt_game_get_state (game) != TTT_GAME_STATE_OVER; m++)
    {
      int legal[81], n = 0;
      guint before;
      gint64 start, deadline;

      for (int move = 0; move < 81; move++)
        if (ttt_match_is_legal (ttt_game_get_match (game), move))
          legal[n++] = move;
      g_assert_cmpint (n, >, 0);

      before = ttt_game_get_n_moves (game);
      frames.last = 0;
      start = g_get_monotonic_time ();
      /* Clicked as a person would, without waiting for the reply. */
      g_signal_emit_by_name (ttt_window_get_cell (window, index_of (legal[g_rand_int_range (rand, 0, n)])),
                             "clicked");
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, before + 1);

      /* Until the reply: the computer's move, or the end. */
      deadline = start + 30 * G_USEC_PER_SEC;
      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER &&
             ttt_game_get_n_moves (game) == before + 1)
        {
          g_main_context_iteration (NULL, TRUE);
          if (g_get_monotonic_time () > deadline)
            g_error ("the computer did not answer within 30 s");
        }
      {
        gint64 took = g_get_monotonic_time () - start;

        g_array_append_val (searches, took);
      }
    }

  gtk_widget_remove_tick_callback (GTK_WIDGET (window), tick);

  g_assert_cmpuint (frames.gaps->len, >, 0);
  for (guint i = 0; i < frames.gaps->len; i++)
    {
      gint64 gap = g_array_index (frames.gaps, gint64, i);

      longest = MAX (longest, gap);
      if (gap > LATE_US)
        late++;
    }
  g_array_sort (frames.gaps, compare_gint64);
  g_array_sort (searches, compare_gint64);

  printf ("thinking: %u replies of Hard in Ultimate, median %.2f s, longest %.2f s\n",
          searches->len,
          g_array_index (searches, gint64, searches->len / 2) / 1e6,
          g_array_index (searches, gint64, searches->len - 1) / 1e6);
  printf ("frames meanwhile: %u, gap median %.1f ms, 99th percentile %.1f ms, longest %.1f ms; "
          "later than %d ms: %u\n",
          frames.gaps->len + 1,
          g_array_index (frames.gaps, gint64, frames.gaps->len / 2) / 1e3,
          g_array_index (frames.gaps, gint64, frames.gaps->len * 99 / 100) / 1e3,
          longest / 1e3, LATE_US / 1000, late);

  g_array_unref (frames.gaps);
  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();

  return 0;
}
