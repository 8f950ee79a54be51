/* bench-code-join.c — from Join by a code to the first move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints figures, fails only on something wrong. The reference mailbox
 * server (Debian's python3-magic-wormhole-mailbox-server) runs on
 * 127.0.0.1, started here; a host's TttNetSession over a wormhole
 * transport gets a code, and each run times what a friend waits for:
 * from Join (ttt_net_session_open() with the typed code, what the Join
 * button calls) until the host's first move is on the friend's board,
 * the host playing it as soon as its game begins. On the way: the
 * WebSocket, the nameplate and mailbox, SPAKE2, the versions, the
 * transit hints and handshake, the two hellos. Directly, and with
 * direct connections off through the reference transit relay (when
 * installed). TTT_BENCH_CODE_RUNS runs each (20 unless given).
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>

#include "session-helpers.h"
#include "transit-relay.h"
#include "ttt-net-session.h"
#include "ttt-wormhole-transport.h"
#include "wormhole-helpers.h"

#define GUARD_MS 60000

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
print_figures (const char *what,
               double     *ms,
               guint       n)
{
  qsort (ms, n, sizeof *ms, compare_doubles);
  printf ("%-44s median %8.2f ms  p90 %8.2f ms  min %8.2f ms  max %8.2f ms  (%u runs)\n",
          what, ms[n / 2], ms[(n * 9) / 10], ms[0], ms[n - 1], n);
}

static gboolean
has_code (gpointer data)
{
  return ttt_wormhole_transport_get_wormhole_code (data) != NULL;
}

/* One join: a new host and guest, each with its own transport. */
static double
join_once (const char *mailbox,
           const char *relay,
           gboolean    direct)
{
  g_autoptr(TttGame) host_game = ttt_game_new ();
  g_autoptr(TttGame) guest_game = ttt_game_new ();
  g_autoptr(TttNetSession) host = NULL;
  g_autoptr(TttNetSession) guest = NULL;
  g_autoptr(TttWormholeTransport) host_transport = ttt_wormhole_transport_new_host (mailbox, relay);
  g_autoptr(TttWormholeTransport) guest_transport = NULL;
  gint64 start;
  double ms;

  ttt_game_start_new (host_game);
  ttt_game_start_new (guest_game);
  host = ttt_net_session_new (host_game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  guest = ttt_net_session_new (guest_game, TTT_CONNECTION_ROLE_GUEST, "Ben", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  ttt_net_set_patient_timeouts (ttt_net_session_get_connection (host));
  ttt_net_set_patient_timeouts (ttt_net_session_get_connection (guest));
  ttt_wormhole_transport_set_direct (host_transport, direct);
  if (direct)
    ttt_wormhole_transport_set_listen_address (host_transport, "127.0.0.1");
  ttt_net_session_open (host, TTT_TRANSPORT (host_transport));
  ttt_net_wait (has_code, host_transport, GUARD_MS);

  guest_transport = ttt_wormhole_transport_new_guest (mailbox, relay,
                                                      ttt_wormhole_transport_get_wormhole_code (host_transport));
  ttt_wormhole_transport_set_direct (guest_transport, direct);
  if (direct)
    ttt_wormhole_transport_set_listen_address (guest_transport, "127.0.0.1");

  start = g_get_monotonic_time ();
  ttt_net_session_open (guest, TTT_TRANSPORT (guest_transport));
  ttt_net_wait_session (host, TTT_NET_SESSION_PLAYING, GUARD_MS);
  if (!ttt_game_play (host_game, 4))
    g_error ("The host's first move was refused");
  ttt_net_wait_moves (guest_game, 1, GUARD_MS);
  ms = (g_get_monotonic_time () - start) / 1000.0;
  if (ttt_match_get_cell (ttt_game_get_match (guest_game), 4) != TTT_MARK_X)
    g_error ("The first move is not on the friend's board");

  ttt_net_session_leave (guest);
  ttt_net_session_leave (host);
  g_clear_object (&guest);
  g_clear_object (&host);
  ttt_net_drain ();
  return ms;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(MailboxServer) mailbox = NULL;
  g_autoptr(TransitRelay) relay = NULL;
  const char *runs_text = g_getenv ("TTT_BENCH_CODE_RUNS");
  guint runs = runs_text != NULL ? (guint) g_ascii_strtoull (runs_text, NULL, 10) : 20;
  g_autofree double *ms = NULL;

  g_test_init (&argc, &argv, NULL);
  if (runs == 0)
    runs = 1;
  ms = g_new (double, runs);

  mailbox = mailbox_server_start ();
  if (mailbox == NULL)
    {
      printf ("SKIPPED: the magic-wormhole mailbox server is not installed\n");
      return 0;
    }

  for (guint i = 0; i < runs; i++)
    ms[i] = join_once (mailbox_server_get_url (mailbox), NULL, TRUE);
  print_figures ("Join by a code to the first move, direct", ms, runs);

  relay = transit_relay_start ();
  if (relay == NULL)
    {
      printf ("SKIPPED: the transit relay is not installed\n");
      return 0;
    }
  {
    g_autofree char *url = transit_relay_get_url (relay);

    for (guint i = 0; i < runs; i++)
      ms[i] = join_once (mailbox_server_get_url (mailbox), url, FALSE);
    print_figures ("Join by a code to the first move, relayed", ms, runs);
  }
  return 0;
}
