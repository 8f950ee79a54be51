/* bench-net.c — how fast the network core is on loopback
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Prints figures, fails only when something goes wrong, never on speed:
 *
 *   - connect to verification-ready: from ttt_connection_connect() to the
 *     code on the guest (TCP, TLS with both certificates, the hellos);
 *   - a move's round trip: the host sends a move, the guest sends one
 *     back, in one process and between two (the guest a child process,
 *     this program run with --guest PORT). The target is at most 20 ms
 *     (median) on loopback.
 */

#include <stdio.h>
#include <stdlib.h>

#include "net-helpers.h"
#include "ttt-certificate.h"

#define CONNECT_RUNS   20
#define ROUND_TRIPS    300

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
report (const char *what,
        double     *ms,
        guint       n)
{
  qsort (ms, n, sizeof *ms, compare_doubles);
  printf ("%-44s median %7.3f ms  p90 %7.3f ms  min %7.3f ms  max %7.3f ms  (%u runs)\n",
          what, ms[n / 2], ms[(n * 9) / 10], ms[0], ms[n - 1], n);
}

/* Echoes each move back: the guest's half of a round trip. */
static void
echo_cb (TttConnection    *connection,
         const TttMessage *message,
         gpointer          user_data)
{
  if (message->type == TTT_MESSAGE_MOVE)
    ttt_connection_send (connection, message, NULL);
}

static int
run_guest (const char *port)
{
  g_autoptr(TttMessage) hello = ttt_net_hello ("Bench guest");
  g_autoptr(TttConnection) guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  g_autoptr(TttNetRecord) record = ttt_net_record_new (guest);
  g_autofree char *target = g_strdup_printf ("127.0.0.1:%s", port);
  g_autoptr(GError) error = NULL;

  g_signal_connect (guest, "message-received", G_CALLBACK (echo_cb), NULL);
  if (!ttt_connection_connect (guest, target, &error))
    {
      fprintf (stderr, "bench-net guest: %s\n", error->message);
      return 1;
    }
  ttt_net_wait (ttt_net_record_closed, record, 300000);
  return record->code != NULL && record->reason->code == TTT_CONNECTION_ERROR_PEER_LEFT ? 0 : 1;
}

static gint64 sent_at;
static guint replies;

static void
timed_reply_cb (TttConnection    *connection,
                const TttMessage *message,
                gpointer          user_data)
{
  double *ms = user_data;

  ms[replies++] = (g_get_monotonic_time () - sent_at) / 1000.0;
}

static gboolean
has_reply (gpointer data)
{
  return replies > GPOINTER_TO_UINT (data);
}

/* Ping-pongs moves through @host, whose guest echoes them. */
static void
round_trips (TttConnection *host,
             const char    *what)
{
  double ms[ROUND_TRIPS];
  gulong handler = g_signal_connect (host, "message-received", G_CALLBACK (timed_reply_cb), ms);

  replies = 0;
  for (guint i = 0; i < ROUND_TRIPS; i++)
    {
      g_autoptr(TttMessage) move = ttt_message_new_move (i % 81);

      sent_at = g_get_monotonic_time ();
      if (!ttt_connection_send (host, move, NULL))
        g_error ("The connection closed during the benchmark");
      ttt_net_wait (has_reply, GUINT_TO_POINTER (i), 30000);
    }
  g_signal_handler_disconnect (host, handler);
  report (what, ms, ROUND_TRIPS);
}

static void
bench_connect_and_in_process (void)
{
  double ms[CONNECT_RUNS];

  for (guint run = 0; run < CONNECT_RUNS; run++)
    {
      TttConnection *host = ttt_net_host_new (NULL, "Bench host");
      TttNetRecord *records[2];
      g_autoptr(TttMessage) hello = ttt_net_hello ("Bench guest");
      TttConnection *guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
      g_autofree char *target = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (host));
      gint64 start;

      records[0] = ttt_net_record_new (host);
      records[1] = ttt_net_record_new (guest);
      start = g_get_monotonic_time ();
      if (!ttt_connection_connect (guest, target, NULL))
        g_error ("Cannot connect to %s", target);
      ttt_net_wait (ttt_net_record_ready, records[1], 30000);
      ms[run] = (g_get_monotonic_time () - start) / 1000.0;
      ttt_net_wait (ttt_net_records_ready, records, 30000);
      if (records[0]->reason != NULL || records[1]->reason != NULL)
        g_error ("The handshake failed");

      if (run == CONNECT_RUNS - 1)
        {
          g_signal_connect (guest, "message-received", G_CALLBACK (echo_cb), NULL);
          round_trips (host, "move round trip, one process");
        }

      ttt_connection_close (host);
      ttt_net_wait (ttt_net_records_closed, records, 30000);
      ttt_net_record_free (records[0]);
      ttt_net_record_free (records[1]);
      ttt_net_drain ();
      ttt_net_drop (&host);
      ttt_net_drop (&guest);
    }
  report ("connect to verification-ready (loopback)", ms, CONNECT_RUNS);
}

static void
bench_two_processes (const char *self)
{
  TttConnection *host = ttt_net_host_new (NULL, "Bench host");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autofree char *port = g_strdup_printf ("%u", ttt_connection_get_port (host));
  g_autoptr(GError) error = NULL;
  g_autoptr(GSubprocess) child = NULL;

  child = g_subprocess_new (G_SUBPROCESS_FLAGS_NONE, &error, self, "--guest", port, NULL);
  if (child == NULL)
    g_error ("Cannot start the guest: %s", error->message);
  ttt_net_wait_ready (record);
  round_trips (host, "move round trip, two processes");

  ttt_connection_close (host);
  if (!g_subprocess_wait_check (child, NULL, &error))
    g_error ("The guest failed: %s", error->message);
  g_clear_pointer (&record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  gint64 start;

  if (argc == 3 && g_str_equal (argv[1], "--guest"))
    return run_guest (argv[2]);

  start = g_get_monotonic_time ();
  if (ttt_certificate_get_default (&error) == NULL)
    g_error ("%s", error->message);
  printf ("%-44s %7.3f ms\n", "making the certificate (once)", (g_get_monotonic_time () - start) / 1000.0);

  bench_connect_and_in_process ();
  bench_two_processes ("/proc/self/exe");
  return 0;
}
