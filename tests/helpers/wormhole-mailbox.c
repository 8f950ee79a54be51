/* wormhole-mailbox.c — a magic-wormhole mailbox server of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>

#include "net-helpers.h"
#include "wormhole-mailbox.h"

#define START_GUARD_MS 60000

struct _WormholeMailbox
{
  GSubprocess      *process;
  GDataInputStream *output;
  char             *folder;
  guint16           port;
  gboolean          ended;
};

static void read_line (WormholeMailbox *mailbox);

/* Ready once its log says the port it listens on ("Site starting on
 * PORT"); the log goes on being read, so it never blocks on a full pipe. */
static void
line_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  WormholeMailbox *mailbox = user_data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                 result, NULL, NULL);
  const char *found;

  if (line == NULL)
    {
      mailbox->ended = TRUE;
      return;
    }
  found = strstr (line, "Site starting on ");
  if (found != NULL && mailbox->port == 0)
    mailbox->port = (guint16) g_ascii_strtoull (found + strlen ("Site starting on "), NULL, 10);
  read_line (mailbox);
}

static void
read_line (WormholeMailbox *mailbox)
{
  g_data_input_stream_read_line_async (mailbox->output, G_PRIORITY_DEFAULT, NULL, line_cb, mailbox);
}

static gboolean
started (gpointer data)
{
  WormholeMailbox *mailbox = data;

  return mailbox->port != 0 || mailbox->ended;
}

static gboolean
ended (gpointer data)
{
  return ((WormholeMailbox *) data)->ended;
}

WormholeMailbox *
wormhole_mailbox_start (void)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *twistd = g_find_program_in_path ("twistd3");
  WormholeMailbox *mailbox;

  if (twistd == NULL || !g_file_test ("/usr/lib/python3/dist-packages/wormhole_mailbox_server",
                                      G_FILE_TEST_IS_DIR))
    return NULL;
  mailbox = g_new0 (WormholeMailbox, 1);
  mailbox->folder = g_dir_make_tmp ("ttt-mailbox-XXXXXX", &error);
  g_assert_no_error (error);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_cwd (launcher, mailbox->folder);
  /* Debian's own Python, whatever python3 comes first on PATH. */
  g_subprocess_launcher_unsetenv (launcher, "PYTHONPATH");
  g_subprocess_launcher_unsetenv (launcher, "PYTHONHOME");
  mailbox->process = g_subprocess_launcher_spawn (launcher, &error,
                                                  twistd, "--nodaemon", "--pidfile=", "--logfile=-",
                                                  "wormhole-mailbox", "--port=tcp:0:interface=127.0.0.1",
                                                  "--channel-db=channel.sqlite",
                                                  NULL);
  g_assert_no_error (error);
  mailbox->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (mailbox->process));
  read_line (mailbox);
  ttt_net_wait (started, mailbox, START_GUARD_MS);
  g_assert_cmpuint (mailbox->port, !=, 0);
  return mailbox;
}

char *
wormhole_mailbox_get_url (WormholeMailbox *mailbox)
{
  return g_strdup_printf ("ws://127.0.0.1:%u/v1", mailbox->port);
}

void
wormhole_mailbox_free (WormholeMailbox *mailbox)
{
  g_autofree char *database = g_build_filename (mailbox->folder, "channel.sqlite", NULL);
  g_autofree char *wal = g_strconcat (database, "-wal", NULL);
  g_autofree char *shm = g_strconcat (database, "-shm", NULL);

  if (!mailbox->ended)
    {
      g_subprocess_force_exit (mailbox->process);
      ttt_net_wait (ended, mailbox, START_GUARD_MS);
    }
  g_subprocess_wait (mailbox->process, NULL, NULL);
  g_unlink (database);
  g_unlink (wal);
  g_unlink (shm);
  g_rmdir (mailbox->folder);
  g_free (mailbox->folder);
  g_object_unref (mailbox->output);
  g_object_unref (mailbox->process);
  g_free (mailbox);
}
