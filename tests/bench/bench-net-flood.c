/* bench-net-flood.c — a host's memory under a guest that never reads
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints figures. A hosting session (a game, TLS, the protocol) faces a
 * peer in a process of its own (this program run with --flood PORT) that
 * introduces itself and then sends undo requests as fast as it can,
 * reading nothing, before any code is confirmed: each request is answered,
 * and the answers pile up. The host drops it once 64 KiB wait; the peer
 * connects again, and the host hosts again, for TTT_BENCH_FLOOD_SECONDS
 * (60 unless given). The figures: the host's resident memory at the start,
 * at its highest and at the end, and how often the peer was dropped. The
 * target is at most 20 MB above the start; more fails, as a leak would.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "net-helpers.h"
#include "ttt-certificate.h"
#include "ttt-net-session.h"

#define HELLO "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"9.9\",\"name\":\"Flood\",\"game\":\"classic\",\"x\":\"host\"}\n"
#define TARGET_MB 20.0

/* One connection's flood: until the host lets go. */
static void
flood_once (guint16 port)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) tcp = NULL;
  g_autoptr(GIOStream) tls = NULL;
  g_autoptr(GTlsCertificate) own = NULL;
  g_autoptr(GError) error = NULL;
  GOutputStream *out;

  tcp = g_socket_client_connect_to_host (client, "127.0.0.1", port, NULL, &error);
  if (tcp == NULL)
    {
      g_usleep (G_USEC_PER_SEC / 20);
      return;
    }
  tls = g_tls_client_connection_new (G_IO_STREAM (tcp), NULL, &error);
  own = ttt_certificate_new (&error);
  if (tls == NULL || own == NULL)
    g_error ("No TLS here: %s", error->message);
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (ttt_net_accept_any_cb), NULL);
  g_tls_connection_set_certificate (G_TLS_CONNECTION (tls), own);
  if (!g_tls_connection_handshake (G_TLS_CONNECTION (tls), NULL, NULL))
    return;
  out = g_io_stream_get_output_stream (tls);
  if (!g_output_stream_write_all (out, HELLO, strlen (HELLO), NULL, NULL, NULL))
    return;
  for (guint64 seq = 2;; seq++)
    {
      g_autofree char *line = g_strdup_printf ("{\"type\":\"undo-request\",\"seq\":%" G_GUINT64_FORMAT "}\n", seq);

      if (!g_output_stream_write_all (out, line, strlen (line), NULL, NULL, NULL))
        return;
    }
}

static int
run_flood (const char *port)
{
  for (;;)
    flood_once ((guint16) atoi (port));
  return 0;
}

/* Resident memory, in MB. */
static double
resident_mb (void)
{
  g_autofree char *text = NULL;
  unsigned long size = 0, resident = 0;

  if (!g_file_get_contents ("/proc/self/statm", &text, NULL, NULL) ||
      sscanf (text, "%lu %lu", &size, &resident) != 2)
    g_error ("Cannot read /proc/self/statm");
  return resident * (double) sysconf (_SC_PAGESIZE) / (1024.0 * 1024.0);
}

static gboolean
tick_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(TttGame) game = NULL;
  g_autoptr(TttNetSession) host = NULL;
  g_autoptr(GSubprocess) flood = NULL;
  g_autoptr(GError) error = NULL;
  const char *seconds_text = g_getenv ("TTT_BENCH_FLOOD_SECONDS");
  guint seconds = seconds_text != NULL ? (guint) atoi (seconds_text) : 60;
  g_autofree char *port = NULL;
  double start_mb, top_mb, end_mb;
  guint hostings = 0;
  gint64 end;

  if (argc == 3 && strcmp (argv[1], "--flood") == 0)
    return run_flood (argv[2]);

  game = ttt_game_new ();
  ttt_game_start_new (game);
  host = ttt_net_session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  if (!ttt_net_session_host (host, "127.0.0.1", 0, &error))
    g_error ("%s", error->message);
  hostings++;
  port = g_strdup_printf ("%u", ttt_connection_get_port (ttt_net_session_get_connection (host)));

  /* Warm: TLS and the certificate made once before counting. */
  start_mb = resident_mb ();
  top_mb = start_mb;
  flood = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, "/proc/self/exe", "--flood", port, NULL);
  if (flood == NULL)
    g_error ("%s", error->message);

  end = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < end)
    {
      gboolean ticked = FALSE;

      g_timeout_add (100, tick_cb, &ticked);
      while (!ticked)
        g_main_context_iteration (NULL, TRUE);
      top_mb = MAX (top_mb, resident_mb ());

      /* Dropped: host again, on the same port, as a person would. */
      if (ttt_net_session_get_state (host) == TTT_NET_SESSION_CLOSED)
        {
          guint number = (guint) atoi (port);

          g_clear_object (&host);
          host = ttt_net_session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
          if (!ttt_net_session_host (host, "127.0.0.1", number, &error))
            g_error ("%s", error->message);
          hostings++;
        }
    }
  g_subprocess_force_exit (flood);
  g_subprocess_wait (flood, NULL, NULL);
  ttt_net_session_leave (host);
  g_clear_object (&host);
  ttt_net_drain ();
  end_mb = resident_mb ();

  printf ("%-44s start %6.1f MB  highest %6.1f MB  end %6.1f MB  (+%.1f MB at most, target %.0f)\n",
          "Host's memory under a never-reading flood", start_mb, top_mb, end_mb, top_mb - start_mb, TARGET_MB);
  printf ("%-44s %u in %u s\n", "Times hosted (the flooder dropped between)", hostings, seconds);
  if (hostings < 2)
    g_error ("The flooder was never dropped");
  if (top_mb - start_mb > TARGET_MB)
    g_error ("The host grew by %.1f MB under the flood", top_mb - start_mb);
  return 0;
}
