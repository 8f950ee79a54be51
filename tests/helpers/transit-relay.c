/* transit-relay.c — a magic-wormhole transit relay of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <string.h>

#include "die-with-parent.h"
#include "net-helpers.h"
#include "transit-relay.h"

#define START_GUARD_MS 30000

struct _TransitRelay
{
  GSubprocess      *process;
  GDataInputStream *output;
  guint16           port;
  gboolean          ended;
};

static void read_line (TransitRelay *relay);

/* The port it listens on is in the line twistd logs as the relay's port
 * starts: "Transit starting on PORT" from Debian 12's relay (0.2), whose
 * factory is its own, "ServerFactory starting on PORT" from sid's (0.3),
 * which uses Twisted's. It listens on nothing else, so the first such
 * line is the one: waiting for it is waiting for the relay to be ready.
 * Its log goes on being read, so it never blocks on a full pipe. */
static void
line_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  TransitRelay *relay = user_data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                 result, NULL, NULL);
  const char *found;

  if (line == NULL)
    {
      relay->ended = TRUE;
      return;
    }
  found = strstr (line, " starting on ");
  if (found != NULL && relay->port == 0)
    relay->port = (guint16) g_ascii_strtoull (found + strlen (" starting on "), NULL, 10);
  read_line (relay);
}

static void
read_line (TransitRelay *relay)
{
  g_data_input_stream_read_line_async (relay->output, G_PRIORITY_DEFAULT, NULL, line_cb, relay);
}

static gboolean
started (gpointer data)
{
  TransitRelay *relay = data;

  return relay->port != 0 || relay->ended;
}

static gboolean
ended (gpointer data)
{
  return ((TransitRelay *) data)->ended;
}

TransitRelay *
transit_relay_start (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *twistd = g_find_program_in_path ("twistd3");
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  TransitRelay *relay;

  /* Debian 12 has twistd3; sid's python3-twisted may have only twistd. */
  if (twistd == NULL)
    twistd = g_find_program_in_path ("twistd");
  if (twistd == NULL || !g_file_test ("/usr/lib/python3/dist-packages/wormhole_transit_relay",
                                      G_FILE_TEST_IS_DIR))
    return NULL;

  relay = g_new0 (TransitRelay, 1);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_child_setup (launcher, ttt_test_die_with_parent, NULL, NULL);
  relay->process = g_subprocess_launcher_spawn (launcher, &error,
                                                twistd, "--nodaemon", "--pidfile=", "--logfile=-",
                                                "transitrelay", "--port=tcp:0:interface=127.0.0.1",
                                                NULL);
  g_assert_no_error (error);
  relay->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (relay->process));
  read_line (relay);
  ttt_net_wait (started, relay, START_GUARD_MS);
  g_assert_cmpuint (relay->port, !=, 0);
  return relay;
}

char *
transit_relay_get_url (TransitRelay *relay)
{
  return g_strdup_printf ("tcp:127.0.0.1:%u", relay->port);
}

void
transit_relay_kill (TransitRelay *relay)
{
  if (relay->ended)
    return;
  g_subprocess_force_exit (relay->process);
  ttt_net_wait (ended, relay, START_GUARD_MS);
}

void
transit_relay_free (TransitRelay *relay)
{
  transit_relay_kill (relay);
  g_subprocess_wait (relay->process, NULL, NULL);
  g_object_unref (relay->output);
  g_object_unref (relay->process);
  g_free (relay);
}
