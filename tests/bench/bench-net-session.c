/* bench-net-session.c — a move's round trip through two games and sessions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints figures, fails only on something wrong. Two TttGames with
 * TttNetSessions over loopback in one process play draws, rematch after
 * rematch: each round trip is from a person's move on one board (the game,
 * the session, TLS) until the other side's answer is on that board again,
 * the answer played as soon as the move arrives. Before that, the time
 * from Join (ttt_net_session_join(), what the Join button calls) until the
 * guest's session shows its code, the moment its window turns to the
 * verification page: TCP, TLS with both certificates, the two hellos.
 * The network core's own round trips, in one process and between two, are
 * bench-net's.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "net-helpers.h"
#include "session-helpers.h"
#include "ttt-net-session.h"

#define GAMES 40
#define JOINS 20

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef struct {
  TttGame *game;
  guint    n_moves;
} MovesWait;

static gboolean
has_moves (gpointer data)
{
  MovesWait *wait = data;

  return ttt_game_get_n_moves (wait->game) >= wait->n_moves;
}

static void
print_figures (const char *what,
               double     *ms,
               guint       n)
{
  qsort (ms, n, sizeof *ms, compare_doubles);
  printf ("%-44s median %7.3f ms  p90 %7.3f ms  min %7.3f ms  max %7.3f ms  (%u runs)\n",
          what, ms[n / 2], ms[(n * 9) / 10], ms[0], ms[n - 1], n);
}

/* Join to the verification page, each time with new sessions (and so new
 * certificates, made when a connection first needs one). */
static void
bench_join (void)
{
  double ms[JOINS];

  for (guint j = 0; j < JOINS; j++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *address = NULL;
      g_autoptr(TttGame) host_game = ttt_game_new ();
      g_autoptr(TttGame) guest_game = ttt_game_new ();
      g_autoptr(TttNetSession) host = NULL;
      g_autoptr(TttNetSession) guest = NULL;
      gint64 start;

      ttt_game_start_new (host_game);
      ttt_game_start_new (guest_game);
      host = ttt_net_session_new (host_game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
      guest = ttt_net_session_new (guest_game, TTT_CONNECTION_ROLE_GUEST, "Ben", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
      ttt_net_set_patient_timeouts (ttt_net_session_get_connection (host));
      ttt_net_set_patient_timeouts (ttt_net_session_get_connection (guest));
      if (!ttt_net_session_host (host, "127.0.0.1", 0, &error))
        g_error ("%s", error->message);
      address = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (ttt_net_session_get_connection (host)));

      start = g_get_monotonic_time ();
      if (!ttt_net_session_join (guest, address, &error))
        g_error ("%s", error->message);
      ttt_net_wait_session (guest, TTT_NET_SESSION_VERIFYING, 60000);
      ms[j] = (g_get_monotonic_time () - start) / 1000.0;
      if (ttt_net_session_get_code (guest) == NULL)
        g_error ("The verification page has no code");

      ttt_net_session_leave (guest);
      ttt_net_session_leave (host);
      g_clear_object (&guest);
      g_clear_object (&host);
      ttt_net_drain ();
    }
  print_figures ("Join to the verification page, loopback", ms, JOINS);
}

int
main (int   argc,
      char *argv[])
{
  static const int draw[] = { 4, 0, 8, 2, 1, 7, 6, 3, 5 };
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree double *ms = g_new (double, GAMES * 4);
  TttGame *games[2];
  TttNetSession *sessions[2];
  guint n = 0;

  bench_join ();

  for (guint i = 0; i < 2; i++)
    {
      games[i] = ttt_game_new ();
      ttt_game_start_new (games[i]);
      sessions[i] = ttt_net_session_new (games[i], i == 0 ? TTT_CONNECTION_ROLE_HOST : TTT_CONNECTION_ROLE_GUEST,
                                         i == 0 ? "Ana" : "Ben", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
      ttt_net_set_patient_timeouts (ttt_net_session_get_connection (sessions[i]));
    }
  if (!ttt_net_session_host (sessions[0], "127.0.0.1", 0, &error))
    g_error ("%s", error->message);
  address = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (ttt_net_session_get_connection (sessions[0])));
  if (!ttt_net_session_join (sessions[1], address, &error))
    g_error ("%s", error->message);
  for (guint i = 0; i < 2; i++)
    ttt_net_wait_session (sessions[i], TTT_NET_SESSION_VERIFYING, 60000);
  for (guint i = 0; i < 2; i++)
    ttt_net_session_confirm (sessions[i], TRUE);

  for (guint g = 0; g < GAMES; g++)
    {
      for (guint i = 0; i < 2; i++)
        ttt_net_wait_session (sessions[i], TTT_NET_SESSION_PLAYING, 60000);
      /* X is whoever plays it this game; moves alternate from there. */
      for (guint m = 0; m + 1 < G_N_ELEMENTS (draw); m += 2)
        {
          guint x = ttt_game_get_state (games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1;
          MovesWait there = { games[1 - x], m + 1 };
          MovesWait back = { games[x], m + 2 };
          gint64 start = g_get_monotonic_time ();

          if (!ttt_game_play (games[x], draw[m]))
            g_error ("Move %u of game %u refused", m, g);
          ttt_net_wait (has_moves, &there, 60000);
          if (!ttt_game_play (games[1 - x], draw[m + 1]))
            g_error ("Answer %u of game %u refused", m + 1, g);
          ttt_net_wait (has_moves, &back, 60000);
          ms[n++] = (g_get_monotonic_time () - start) / 1000.0;
        }
      {
        guint x = ttt_game_get_state (games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1;

        ttt_game_play (games[x], draw[8]);
      }
      for (guint i = 0; i < 2; i++)
        ttt_net_wait_session (sessions[i], TTT_NET_SESSION_GAME_OVER, 60000);
      ttt_net_session_offer_rematch (sessions[g % 2]);
      while (!ttt_net_session_get_rematch_offered (sessions[1 - g % 2]))
        g_main_context_iteration (NULL, TRUE);
      ttt_net_session_offer_rematch (sessions[1 - g % 2]);
    }

  print_figures ("move round trip, games and sessions", ms, n);

  for (guint i = 0; i < 2; i++)
    {
      TttTally tally;

      ttt_statistics_get_tally (ttt_table_get_statistics (ttt_game_get_table (games[i])), TTT_TALLY_NETWORK, &tally);
      if (tally.drawn != GAMES)
        {
          printf ("FAILED: %u draws counted, not %u\n", tally.drawn, GAMES);
          return 1;
        }
      g_clear_object (&sessions[i]);
    }
  ttt_net_drain ();
  for (guint i = 0; i < 2; i++)
    g_clear_object (&games[i]);
  return 0;
}
