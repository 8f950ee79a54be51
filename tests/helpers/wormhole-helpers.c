/* wormhole-helpers.c — the reference mailbox server and client for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The server is twistd's "wormhole-mailbox" plugin, with its database in
 * a folder of the test's own and "tcp:0" for a port: Twisted logs "…
 * starting on PORT" once it listens, which is both the port and the sign
 * that it is ready. Its log is read to the end so that it never blocks
 * on a full pipe. The PATH's python3 may be another than Debian's, so
 * the programs are the packages' own scripts, whose first line names
 * Debian's.
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>

#include "die-with-parent.h"
#include "wormhole-helpers.h"

typedef struct
{
  GDataInputStream *stream;
  GString          *text;
  gboolean          eof;
  void            (*line_cb) (const char *line, gpointer user_data);
  gpointer          user_data;
} Lines;

static void read_next (Lines *lines);

static void
read_line_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Lines *lines = user_data;
  g_autofree char *line = NULL;
  g_autoptr(GError) error = NULL;

  line = g_data_input_stream_read_line_finish_utf8 (G_DATA_INPUT_STREAM (source), result, NULL, &error);
  if (line == NULL)
    {
      lines->eof = TRUE;
      return;
    }
  g_string_append (lines->text, line);
  g_string_append_c (lines->text, '\n');
  if (lines->line_cb != NULL)
    lines->line_cb (line, lines->user_data);
  read_next (lines);
}

static void
read_next (Lines *lines)
{
  g_data_input_stream_read_line_async (lines->stream, G_PRIORITY_DEFAULT, NULL, read_line_cb, lines);
}

static Lines *
lines_new (GInputStream *stream,
           void        (*line_cb) (const char *, gpointer),
           gpointer      user_data)
{
  Lines *lines = g_new0 (Lines, 1);

  lines->stream = g_data_input_stream_new (stream);
  lines->text = g_string_new (NULL);
  lines->line_cb = line_cb;
  lines->user_data = user_data;
  read_next (lines);
  return lines;
}

/* Only once the stream is at its end: a read under way holds @lines. */
static void
lines_free (Lines *lines)
{
  g_object_unref (lines->stream);
  g_string_free (lines->text, TRUE);
  g_free (lines);
}

static gboolean
timed_out_cb (gpointer user_data)
{
  gboolean *timed_out = user_data;

  *timed_out = TRUE;
  return G_SOURCE_REMOVE;
}

void
wormhole_wait_until (gboolean   (*done) (gpointer user_data),
                     gpointer     user_data,
                     guint        seconds,
                     const char  *what)
{
  gboolean timed_out = FALSE;
  guint id = g_timeout_add_seconds (seconds, timed_out_cb, &timed_out);

  while (!done (user_data) && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (!timed_out)
    g_source_remove (id);
  if (!done (user_data))
    g_error ("Timed out after %u s waiting for %s", seconds, what);
}

static gboolean
flag_set (gpointer user_data)
{
  return *(const gboolean *) user_data;
}

void
wormhole_wait (const gboolean *flag,
               guint           seconds,
               const char     *what)
{
  wormhole_wait_until (flag_set, (gpointer) flag, seconds, what);
}

/* The server */

struct _MailboxServer
{
  GSubprocess *process;
  char        *dir;
  char        *url;
  Lines       *log;
  gboolean     exited;
  guint        port;        /* where the present process listens, once it does */
};

static void
server_line_cb (const char *line,
                gpointer    user_data)
{
  MailboxServer *server = user_data;
  const char *at;

  if (server->port == 0 && (at = strstr (line, " starting on ")) != NULL)
    {
      guint64 port = g_ascii_strtoull (at + strlen (" starting on "), NULL, 10);

      if (port > 0 && port < 65536)
        server->port = (guint) port;
    }
}

static void
server_exited_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  gboolean *exited = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  *exited = TRUE;
}

static const char *
twistd (void)
{
  /* Debian 12 has twistd3; sid's python3-twisted only twistd. */
  static const char *const names[] = { "twistd3", "twistd" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_find_program_in_path (names[i]);

      if (path != NULL)
        return names[i];
    }
  return NULL;
}

static gboolean
server_listening_or_gone (gpointer user_data)
{
  MailboxServer *server = user_data;

  return server->port != 0 || server->exited;
}

/* Starts its process listening on @port (0: one the system picks), in
 * its folder with its database, and waits until it listens. */
static void
server_spawn (MailboxServer *server,
              guint          port)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *db = g_build_filename (server->dir, "relay.sqlite", NULL);
  g_autofree char *channel_db = g_strconcat ("--channel-db=", db, NULL);
  g_autofree char *port_option = g_strdup_printf ("--port=tcp:%u:interface=127.0.0.1", port);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_cwd (launcher, server->dir);
  g_subprocess_launcher_set_child_setup (launcher, ttt_test_die_with_parent, NULL, NULL);
  server->exited = FALSE;
  server->port = 0;
  server->process = g_subprocess_launcher_spawn (launcher, &error, twistd (), "-n", "--pidfile=",
                                                 "--logfile=-", "wormhole-mailbox", port_option,
                                                 channel_db, NULL);
  g_assert_no_error (error);
  server->log = lines_new (g_subprocess_get_stdout_pipe (server->process), server_line_cb, server);
  g_subprocess_wait_async (server->process, NULL, server_exited_cb, &server->exited);

  /* Ready once it says where it listens, or gone. */
  wormhole_wait_until (server_listening_or_gone, server, 60, "the mailbox server to listen");
  if (server->port == 0)
    g_error ("The mailbox server did not start:\n%s", server->log->text->str);
}

MailboxServer *
mailbox_server_start (void)
{
  g_autoptr(GError) error = NULL;
  MailboxServer *server;

  if (twistd () == NULL)
    {
      g_test_fail_printf ("twistd (the mailbox server's) is not installed");
      return NULL;
    }

  server = g_new0 (MailboxServer, 1);
  server->dir = g_dir_make_tmp ("ttt-mailbox-XXXXXX", &error);
  g_assert_no_error (error);
  server_spawn (server, 0);
  server->url = g_strdup_printf ("ws://127.0.0.1:%u/v1", server->port);
  return server;
}

const char *
mailbox_server_get_url (MailboxServer *server)
{
  return server->url;
}

void
mailbox_server_kill (MailboxServer *server)
{
  if (server->exited)
    return;
  g_subprocess_send_signal (server->process, SIGKILL);
  wormhole_wait (&server->exited, 30, "the mailbox server to exit");
  wormhole_wait (&server->log->eof, 30, "the end of the mailbox server's log");
}

void
mailbox_server_revive (MailboxServer *server)
{
  guint port = server->port;

  g_assert_true (server->exited);
  /* A read under way holds the log until its end. */
  wormhole_wait (&server->log->eof, 30, "the end of the mailbox server's log");
  g_clear_pointer (&server->log, lines_free);
  g_clear_object (&server->process);
  server_spawn (server, port);
  g_assert_cmpuint (server->port, ==, port);
}

void
mailbox_server_restart (MailboxServer *server)
{
  mailbox_server_kill (server);
  mailbox_server_revive (server);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        remove_tree (child);
      else
        g_unlink (child);
    }
  g_rmdir (path);
}

void
mailbox_server_free (MailboxServer *server)
{
  if (server == NULL)
    return;
  if (!server->exited)
    {
      g_subprocess_send_signal (server->process, SIGTERM);
      wormhole_wait (&server->exited, 30, "the mailbox server to exit");
    }
  wormhole_wait (&server->log->eof, 30, "the end of the mailbox server's log");
  lines_free (server->log);
  g_object_unref (server->process);
  remove_tree (server->dir);
  g_free (server->dir);
  g_free (server->url);
  g_free (server);
}

/* The client */

struct _ReferenceClient
{
  GSubprocess *process;
  char        *home;
  Lines       *output;
  char        *code;
  gboolean     has_code;
  gboolean     exited;
  int          status;
};

gboolean
reference_client_available (void)
{
  g_autofree char *path = g_find_program_in_path ("wormhole");

  return path != NULL;
}

static void
client_line_cb (const char *line,
                gpointer    user_data)
{
  ReferenceClient *client = user_data;
  const char *at;

  if (client->code == NULL && (at = strstr (line, "Wormhole code is: ")) != NULL)
    {
      client->code = g_strstrip (g_strdup (at + strlen ("Wormhole code is: ")));
      client->has_code = TRUE;
    }
}

static void
client_exited_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  ReferenceClient *client = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  client->status = g_subprocess_get_if_exited (G_SUBPROCESS (source))
                   ? g_subprocess_get_exit_status (G_SUBPROCESS (source)) : 128;
  client->exited = TRUE;
}

ReferenceClient *
reference_client_spawn (const char *appid,
                        const char *url,
                        const char *first_arg,
                        ...)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  ReferenceClient *client = g_new0 (ReferenceClient, 1);
  va_list args;

  client->home = g_dir_make_tmp ("ttt-wormhole-home-XXXXXX", &error);
  g_assert_no_error (error);

  g_ptr_array_add (argv, (gpointer) "wormhole");
  g_ptr_array_add (argv, (gpointer) "--appid");
  g_ptr_array_add (argv, (gpointer) appid);
  g_ptr_array_add (argv, (gpointer) "--relay-url");
  g_ptr_array_add (argv, (gpointer) url);
  va_start (args, first_arg);
  for (const char *arg = first_arg; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (gpointer) arg);
  va_end (args);
  g_ptr_array_add (argv, NULL);

  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  /* Its own home, so that nothing of the user's is read or written. */
  g_subprocess_launcher_setenv (launcher, "HOME", client->home, TRUE);
  g_subprocess_launcher_setenv (launcher, "PYTHONUNBUFFERED", "1", TRUE);
  g_subprocess_launcher_set_cwd (launcher, client->home);
  g_subprocess_launcher_set_child_setup (launcher, ttt_test_die_with_parent, NULL, NULL);
  client->process = g_subprocess_launcher_spawnv (launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  client->output = lines_new (g_subprocess_get_stdout_pipe (client->process), client_line_cb, client);
  g_subprocess_wait_async (client->process, NULL, client_exited_cb, client);
  return client;
}

static gboolean
client_has_code_or_exited (gpointer user_data)
{
  ReferenceClient *client = user_data;

  return client->has_code || client->exited;
}

const char *
reference_client_wait_code (ReferenceClient *client)
{
  wormhole_wait_until (client_has_code_or_exited, client, 60, "the reference client's code");
  if (client->code == NULL)
    g_error ("The reference client gave no code:\n%s", client->output->text->str);
  return client->code;
}

int
reference_client_wait_exit (ReferenceClient *client)
{
  wormhole_wait (&client->exited, 90, "the reference client to exit");
  wormhole_wait (&client->output->eof, 30, "the end of the reference client's output");
  return client->status;
}

const char *
reference_client_output (ReferenceClient *client)
{
  return client->output->text->str;
}

void
reference_client_free (ReferenceClient *client)
{
  if (client == NULL)
    return;
  if (!client->exited)
    {
      g_subprocess_send_signal (client->process, SIGKILL);
      wormhole_wait (&client->exited, 30, "the reference client to exit");
    }
  wormhole_wait (&client->output->eof, 30, "the end of the reference client's output");
  lines_free (client->output);
  g_object_unref (client->process);
  remove_tree (client->home);
  g_free (client->home);
  g_free (client->code);
  g_free (client);
}

/* Our side */

static void
side_message_cb (TttWormhole  *wormhole,
                 GBytes       *message,
                 WormholeSide *side)
{
  g_ptr_array_add (side->messages, g_bytes_ref (message));
}

static void
side_closed_cb (TttWormhole  *wormhole,
                const GError *error,
                WormholeSide *side)
{
  g_assert_false (side->closed);
  side->closed = TRUE;
  side->closed_error = g_error_copy (error);
}

static void
side_code_cb (TttWormhole  *wormhole,
              GParamSpec   *pspec,
              WormholeSide *side)
{
  side->has_code = ttt_wormhole_get_code (wormhole) != NULL;
}

static void
side_opened_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  WormholeSide *side = user_data;

  ttt_wormhole_open_finish (TTT_WORMHOLE (source), result, &side->open_error);
  side->opened = TRUE;
}

WormholeSide *
wormhole_side_new (const char *url,
                   const char *appid)
{
  WormholeSide *side = g_new0 (WormholeSide, 1);

  side->wormhole = ttt_wormhole_new (url, appid);
  side->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_signal_connect (side->wormhole, "message", G_CALLBACK (side_message_cb), side);
  g_signal_connect (side->wormhole, "closed", G_CALLBACK (side_closed_cb), side);
  g_signal_connect (side->wormhole, "notify::code", G_CALLBACK (side_code_cb), side);
  return side;
}

void
wormhole_side_open (WormholeSide *side,
                    const char   *versions,
                    GCancellable *cancellable)
{
  ttt_wormhole_open_async (side->wormhole, versions, cancellable, side_opened_cb, side);
}

void
wormhole_side_free (WormholeSide *side)
{
  g_object_add_weak_pointer (G_OBJECT (side->wormhole), (gpointer *) &side->wormhole);
  g_object_unref (side->wormhole);
  g_assert_null (side->wormhole);
  g_ptr_array_unref (side->messages);
  g_clear_error (&side->open_error);
  g_clear_error (&side->closed_error);
  g_free (side);
}
