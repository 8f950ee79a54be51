/* test-net-processes.c — two real programs play each other over 127.0.0.1
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two processes of the real program, one started with --host and one with
 * --join=127.0.0.1:PORT (the port the host shows), each with a virtual
 * display, a session bus, settings and XDG folders of its own (on one
 * display, GTK 4.8's X11 backend leaves allocations behind for the events
 * of the other's windows, which LeakSanitizer would report). Each is
 * driven over its bus through the actions GApplication exports, with the
 * test hooks of ttt-test-hooks.c (built into the suite's tictactoe-hooked
 * alone): buttons pressed by their labels, cells clicked, and what the
 * windows show read back from a
 * stateful action whose changes the bus announces. The test waits on those
 * announcements, each wait bounded by a deadline; it never sleeps.
 *
 * The host waits, the guest joins, both screens show the same code, both
 * people say it matches, and a whole classic game is played to the host's
 * win: each side ends with the right board, result and tally. Then the
 * same moves in Misère (the host's --game=misere), which X loses.
 *
 * By a code, over the internet's protocol on loopback: the reference
 * mailbox server and transit relay (Debian's) are started here and put
 * in each side's settings (a keyfile of its own). The host starts with
 * --invite; its code is read from what its window shows and given to the
 * guest's --join; a whole game and a rematch with the colours swapped
 * are played, and each side's tally counts one win and one loss. Once
 * with no relay, so the transit must be direct, and once with direct
 * connections off on both sides, so it must go through the relay.
 *
 * Hostile turns of play by a code: the relay killed in the rematch,
 * which both sides call a lost connection, counting nothing of the
 * unfinished game (as over a LAN), then playing locally at once; and
 * the mailbox server restarted mid-game, which the game, on its
 * transit by then, goes on through to its end.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <gio/gio.h>

#include "model-helpers.h"
#include "transit-relay.h"
#include "ttt-game.h"
#include "ttt-net-session.h"
#include "wormhole-helpers.h"

#define APP_ID   "io.github.jingzi.TicTacToe"
#define APP_PATH "/io/github/jingzi/TicTacToe"
/* Generous: two programs with sanitizers on a loaded 2-core machine,
 * where a program busy making its window may take longer than D-Bus's
 * 25 s to answer a call. A deadline, never a pause. */
#define WAIT_S   120

typedef struct
{
  const char      *name;       /* "host" or "guest", for the messages */
  char            *dir;
  GSubprocess     *xvfb;
  char            *display;
  GSubprocess     *bus;
  GDBusConnection *connection;
  guint            changed_id;
  GSubprocess     *app;
  char            *log_path;
  gboolean         exited;
  GVariant        *report;     /* the latest a{sv} of app.test-report */
  char            *keyfile;    /* settings of its own, if any */
} Side;

static struct
{
  char        *tmpdir;
  char       **env;
} run;

/* Children */

static void
show_log (Side *side)
{
  g_autofree char *text = NULL;

  if (side->log_path != NULL && g_file_get_contents (side->log_path, &text, NULL, NULL))
    g_printerr ("--- what the %s printed:\n%s--- end\n", side->name, text);
}

/* The bus and the program of one side */

static void
changed_cb (GDBusConnection *connection,
            const char      *sender,
            const char      *path,
            const char      *interface,
            const char      *signal,
            GVariant        *parameters,
            gpointer         user_data)
{
  Side *side = user_data;
  g_autoptr(GVariant) states = g_variant_get_child_value (parameters, 2);
  g_autoptr(GVariant) report = g_variant_lookup_value (states, "test-report", G_VARIANT_TYPE_VARDICT);

  if (report != NULL)
    {
      g_clear_pointer (&side->report, g_variant_unref);
      side->report = g_steal_pointer (&report);
    }
}

static void
exited_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Side *side = user_data;

  g_subprocess_wait_finish (G_SUBPROCESS (source), result, NULL);
  side->exited = TRUE;
}

static void
side_start_bus (Side       *side,
                const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;
  g_autofree char *log_path = NULL;
  const char *argv[] = { "dbus-daemon", "--session", "--nofork", "--print-address=3", NULL };
  const char *xvfb[] = { "Xvfb", "-displayfd", "3", "-screen", "0", "1024x768x24", "-nolisten", "tcp", NULL };
  g_autofree char *number = NULL;

  side->name = name;
  side->dir = g_build_filename (run.tmpdir, name, NULL);
  g_assert_cmpint (g_mkdir (side->dir, 0700), ==, 0);
  log_path = g_build_filename (side->dir, "xvfb.out", NULL);
  number = ttt_test_spawn_and_read_line (xvfb, run.env, log_path, &side->xvfb);
  g_assert_cmpstr (number, !=, "");
  side->display = g_strdup_printf (":%s", number);
  g_free (log_path);
  log_path = g_build_filename (side->dir, "bus.out", NULL);
  address = ttt_test_spawn_and_read_line (argv, run.env, log_path, &side->bus);
  g_assert_true (g_str_has_prefix (address, "unix:"));

  side->connection = g_dbus_connection_new_for_address_sync (address,
                                                             G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT |
                                                             G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                             NULL, NULL, &error);
  g_assert_no_error (error);
  /* Subscribed before the program starts, so no change is missed. */
  side->changed_id = g_dbus_connection_signal_subscribe (side->connection, NULL, "org.gtk.Actions", "Changed",
                                                         APP_PATH, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                                         changed_cb, side, NULL);
  g_object_set_data_full (G_OBJECT (side->connection), "address", g_steal_pointer (&address), g_free);
}

static gboolean
name_owned (Side *side)
{
  g_autoptr(GVariant) reply = NULL;
  gboolean owned = FALSE;

  reply = g_dbus_connection_call_sync (side->connection, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "NameHasOwner", g_variant_new ("(s)", APP_ID),
                                       G_VARIANT_TYPE ("(b)"), G_DBUS_CALL_FLAGS_NONE, WAIT_S * 1000, NULL, NULL);
  if (reply != NULL)
    g_variant_get (reply, "(b)", &owned);
  return owned;
}

static void
name_cb (GDBusConnection *connection,
         const char      *sender,
         const char      *path,
         const char      *interface,
         const char      *signal,
         GVariant        *parameters,
         gpointer         user_data)
{
  *(gboolean *) user_data = TRUE;
}

static void
read_report (Side *side)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) states = NULL;

  reply = g_dbus_connection_call_sync (side->connection, APP_ID, APP_PATH, "org.gtk.Actions", "Describe",
                                       g_variant_new ("(s)", "test-report"), G_VARIANT_TYPE ("((bgav))"),
                                       G_DBUS_CALL_FLAGS_NONE, WAIT_S * 1000, NULL, &error);
  g_assert_no_error (error);
  g_variant_get (reply, "((bg@av))", NULL, NULL, &states);
  g_assert_cmpuint (g_variant_n_children (states), ==, 1);
  g_clear_pointer (&side->report, g_variant_unref);
  {
    g_autoptr(GVariant) boxed = g_variant_get_child_value (states, 0);

    side->report = g_variant_get_variant (boxed);
  }
}

static void
side_start_app (Side       *side,
                const char *option,
                const char *game)
{
  const char *executable = g_getenv ("TTT_HOOKED_EXECUTABLE");
  const char *folders[] = { "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME",
                            "XDG_RUNTIME_DIR" };
  const char *argv[] = { executable, "--difficulty=medium", option, game, NULL };
  g_auto(GStrv) env = g_strdupv (run.env);
  g_autoptr(GError) error = NULL;
  gboolean appeared = FALSE;
  gint64 deadline;
  guint watch;

  g_assert_nonnull (executable);
  env = g_environ_setenv (env, "DISPLAY", side->display, TRUE);
  env = g_environ_setenv (env, "DBUS_SESSION_BUS_ADDRESS",
                          g_object_get_data (G_OBJECT (side->connection), "address"), TRUE);
  for (guint i = 0; i < G_N_ELEMENTS (folders); i++)
    {
      g_autofree char *path = g_build_filename (side->dir, folders[i], NULL);

      g_assert_cmpint (g_mkdir (path, 0700), ==, 0);
      env = g_environ_setenv (env, folders[i], path, TRUE);
    }
  if (side->keyfile != NULL)
    {
      g_autofree char *folder = g_build_filename (side->dir, "XDG_CONFIG_HOME", "glib-2.0", "settings", NULL);
      g_autofree char *path = g_build_filename (folder, "keyfile", NULL);

      g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
      g_file_set_contents (path, side->keyfile, -1, &error);
      g_assert_no_error (error);
      env = g_environ_setenv (env, "GSETTINGS_BACKEND", "keyfile", TRUE);
    }

  /* The name's owner, whenever it comes: watched before the start. */
  watch = g_dbus_connection_signal_subscribe (side->connection, "org.freedesktop.DBus", "org.freedesktop.DBus",
                                              "NameOwnerChanged", "/org/freedesktop/DBus", APP_ID,
                                              G_DBUS_SIGNAL_FLAGS_NONE, name_cb, &appeared, NULL);
  side->log_path = g_build_filename (side->dir, "tictactoe.out", NULL);
  side->app = ttt_test_spawn_child (argv, env, side->log_path, -1, &error);
  g_assert_no_error (error);
  g_subprocess_wait_async (side->app, NULL, exited_cb, side);

  deadline = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;
  appeared = name_owned (side);
  while (!appeared && !side->exited && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);
  g_dbus_connection_signal_unsubscribe (side->connection, watch);
  if (!appeared)
    {
      show_log (side);
      g_error ("the %s's program %s within %d s", side->name,
               side->exited ? "ended before it took its name on the bus" : "did not take its name on the bus",
               WAIT_S);
    }
  read_report (side);
}

static void
activate (Side       *side,
          const char *action,
          GVariant   *parameter)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariantBuilder) parameters = g_variant_builder_new (G_VARIANT_TYPE ("av"));
  g_autoptr(GVariant) reply = NULL;

  if (parameter != NULL)
    g_variant_builder_add (parameters, "v", parameter);
  reply = g_dbus_connection_call_sync (side->connection, APP_ID, APP_PATH, "org.gtk.Actions", "Activate",
                                       g_variant_new ("(sava{sv})", action, parameters, NULL), NULL,
                                       G_DBUS_CALL_FLAGS_NONE, WAIT_S * 1000, NULL, &error);
  if (error != NULL)
    show_log (side);
  g_assert_no_error (error);
}

/* What the windows show */

static int
report_int (Side       *side,
            const char *key)
{
  int value = -1;

  g_variant_lookup (side->report, key, "i", &value);
  return value;
}

static const char *
report_string (Side       *side,
               const char *key)
{
  const char *value = NULL;

  g_variant_lookup (side->report, key, "&s", &value);
  return value;
}

static GVariant *
report_net (Side *side)
{
  return g_variant_lookup_value (side->report, "net", G_VARIANT_TYPE_VARDICT);
}

static int
net_int (Side       *side,
         const char *key)
{
  g_autoptr(GVariant) net = report_net (side);
  int value = -1;

  if (net != NULL)
    g_variant_lookup (net, key, "i", &value);
  return value;
}

/* Copied: the report may be replaced while it is looked at. */
static char *
net_string (Side       *side,
            const char *key)
{
  g_autoptr(GVariant) net = report_net (side);
  const char *value = NULL;

  if (net != NULL)
    g_variant_lookup (net, key, "&s", &value);
  return g_strdup (value);
}

static guint
net_port (Side *side)
{
  g_autoptr(GVariant) net = report_net (side);
  guint32 value = 0;

  if (net != NULL)
    g_variant_lookup (net, "port", "u", &value);
  return value;
}

/* What the window of play by a code shows. */
static char *
code_string (Side       *side,
             const char *key)
{
  g_autoptr(GVariant) code = g_variant_lookup_value (side->report, "code", G_VARIANT_TYPE_VARDICT);
  const char *value = NULL;

  if (code != NULL)
    g_variant_lookup (code, key, "&s", &value);
  return g_strdup (value);
}

typedef gboolean (*Check) (Side *side, gconstpointer data);

static gboolean
stop_waiting (gpointer data)
{
  return G_SOURCE_REMOVE;
}

/* Serves the main loop, where the bus's news arrives, until @check holds
 * for @side; a program that ends or a deadline that passes fails. */
static void
wait_for (Side          *side,
          Check          check,
          gconstpointer  data,
          const char    *what)
{
  gint64 deadline = g_get_monotonic_time () + WAIT_S * G_USEC_PER_SEC;

  while (!check (side, data))
    {
      if (side->exited || g_get_monotonic_time () > deadline)
        {
          g_autofree char *shown = g_variant_print (side->report, FALSE);

          show_log (side);
          g_error ("the %s %s %s; it shows %s", side->name,
                   side->exited ? "ended before it showed" : "did not show within the deadline",
                   what, shown);
        }
      {
        /* Woken by the bus or, at the latest, to look at the deadline. */
        g_autoptr(GSource) timeout = g_timeout_source_new_seconds (1);

        g_source_set_callback (timeout, stop_waiting, NULL, NULL);
        g_source_attach (timeout, NULL);
        g_main_context_iteration (NULL, TRUE);
        g_source_destroy (timeout);
      }
    }
}

static gboolean
has_net_state (Side          *side,
               gconstpointer  data)
{
  return net_int (side, "state") == GPOINTER_TO_INT (data);
}

static gboolean
hosting (Side          *side,
         gconstpointer  data)
{
  g_autofree char *page = net_string (side, "page");

  return g_strcmp0 (page, "waiting") == 0 && net_port (side) != 0;
}

static gboolean
has_code_page (Side          *side,
               gconstpointer  data)
{
  g_autofree char *page = net_string (side, "page");
  g_autofree char *code = net_string (side, "code");

  return net_int (side, "state") == TTT_NET_SESSION_VERIFYING && g_strcmp0 (page, "code") == 0 &&
         code != NULL && *code != '\0';
}

static gboolean
has_board (Side          *side,
           gconstpointer  data)
{
  return g_strcmp0 (report_string (side, "board"), data) == 0;
}

static gboolean
my_turn (Side          *side,
         gconstpointer  data)
{
  return has_board (side, data) && report_int (side, "game-state") == TTT_GAME_STATE_LOCAL_TURN;
}

static gboolean
has_status (Side          *side,
            gconstpointer  data)
{
  /* The main window's status line: the game is played there. */
  const char *status = report_string (side, "window-status");

  return status != NULL && strstr (status, data) != NULL;
}

static gboolean
has_net_page (Side          *side,
              gconstpointer  data)
{
  g_autofree char *page = net_string (side, "page");

  return g_strcmp0 (page, data) == 0;
}

static gboolean
shows_invite (Side          *side,
              gconstpointer  data)
{
  g_autofree char *page = code_string (side, "page");
  g_autofree char *code = code_string (side, "code");

  return g_strcmp0 (page, "invite") == 0 && code != NULL && *code != '\0';
}

/* Nothing of play by a code is left over the board. */
static gboolean
code_window_closed (Side          *side,
                    gconstpointer  data)
{
  g_autoptr(GVariant) code = g_variant_lookup_value (side->report, "code", G_VARIANT_TYPE_VARDICT);

  return code == NULL;
}

static gboolean
has_net_status_ending (Side          *side,
                       gconstpointer  data)
{
  g_autofree char *status = net_string (side, "status");

  return status != NULL && g_str_has_suffix (status, data);
}

static gboolean
has_exited (Side          *side,
            gconstpointer  data)
{
  return side->exited;
}

static void
side_stop (Side *side)
{
  if (side->app != NULL && !side->exited)
    {
      activate (side, "quit", NULL);
      wait_for (side, has_exited, NULL, "its end after Quit");
    }
  if (side->app != NULL)
    {
      if (!g_subprocess_get_if_exited (side->app) || g_subprocess_get_exit_status (side->app) != 0)
        {
          show_log (side);
          g_error ("the %s's program did not end cleanly after Quit", side->name);
        }
    }
  g_dbus_connection_signal_unsubscribe (side->connection, side->changed_id);
  g_dbus_connection_close_sync (side->connection, NULL, NULL);
  g_clear_object (&side->connection);
  g_subprocess_force_exit (side->bus);
  g_subprocess_wait (side->bus, NULL, NULL);
  g_clear_object (&side->bus);
  g_subprocess_force_exit (side->xvfb);
  g_subprocess_wait (side->xvfb, NULL, NULL);
  g_clear_object (&side->xvfb);
  g_clear_pointer (&side->display, g_free);
  g_clear_object (&side->app);
  g_clear_pointer (&side->report, g_variant_unref);
  g_clear_pointer (&side->log_path, g_free);
  g_clear_pointer (&side->dir, g_free);
  g_clear_pointer (&side->keyfile, g_free);
}

/* The environment both programs share */

static void
session_start (void)
{
  g_autoptr(GError) error = NULL;

  run.tmpdir = g_dir_make_tmp ("ttt-net-processes-XXXXXX", &error);
  g_assert_no_error (error);
  run.env = g_get_environ ();
  /* Each side's display is its own: no other window test shares it. */
  run.env = g_environ_unsetenv (run.env, "DISPLAY");
  run.env = g_environ_unsetenv (run.env, "WAYLAND_DISPLAY");
  run.env = g_environ_setenv (run.env, "GDK_BACKEND", "x11", TRUE);
  /* The words the test reads back are the English ones. */
  run.env = g_environ_unsetenv (run.env, "LANGUAGE");
  run.env = g_environ_setenv (run.env, "LC_ALL", "C.UTF-8", TRUE);
  /* Joined by address: no system bus, no Avahi. */
  run.env = g_environ_setenv (run.env, "TTT_NO_DISCOVERY", "1", TRUE);
  run.env = g_environ_setenv (run.env, "ADW_DISABLE_PORTAL", "1", TRUE);
}

static void
remove_tree (const char *path)
{
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        remove_tree (child);
      else
        g_remove (child);
    }
  g_rmdir (path);
}

static void
session_stop (void)
{
  g_clear_pointer (&run.env, g_strfreev);
  remove_tree (run.tmpdir);
  g_clear_pointer (&run.tmpdir, g_free);
}

/* The game */

static void
play (Side       *mover,
      Side       *other,
      int         cell,
      const char *before,
      const char *after)
{
  wait_for (mover, my_turn, before, "its turn");
  activate (mover, "test-click-cell", g_variant_new_int32 (cell));
  wait_for (mover, has_board, after, "its own move");
  wait_for (other, has_board, after, "the other side's move");
}

/* Starts both programs, the host with @game (NULL for its default),
 * joins them by address and has both people say the codes match: the
 * host then plays X. Returns the guest's name for the host, quoted. */
static char *
connect_sides (Side       *host,
               Side       *guest,
               const char *game)
{
  g_autofree char *join = NULL;
  g_autofree char *host_code = NULL;
  g_autofree char *guest_code = NULL;
  g_autofree char *peer = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *text = NULL;

  session_start ();
  side_start_bus (host, "host");
  side_start_bus (guest, "guest");

  /* The host listens on a free port and shows it. */
  side_start_app (host, "--host", game);
  /* Issue 34: with no name ever typed, --host asks for one first. */
  wait_for (host, has_net_page, "name", "the name asked for");
  activate (host, "test-press", g_variant_new_string ("_Continue"));
  wait_for (host, hosting, NULL, "the waiting page with its port");
  join = g_strdup_printf ("--join=127.0.0.1:%u", net_port (host));

  /* The guest joins it by address; both show the code. */
  side_start_app (guest, join, NULL);
  wait_for (guest, has_net_page, "name", "the name asked for");
  activate (guest, "test-press", g_variant_new_string ("_Continue"));
  wait_for (host, has_code_page, NULL, "the code");
  wait_for (guest, has_code_page, NULL, "the code");
  host_code = net_string (host, "code");
  guest_code = net_string (guest, "code");
  g_assert_cmpstr (host_code, ==, guest_code);
  g_assert_cmpuint (strlen (host_code), >=, 6);

  /* Each person says the codes match: then the game begins, the host on X
   * (who moves first is the host's "You" by default). */
  activate (host, "test-press", g_variant_new_string ("The Codes Match"));
  wait_for (host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_CONFIRMED), "that it waits for the other");
  activate (guest, "test-press", g_variant_new_string ("The Codes Match"));
  wait_for (host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_PLAYING), "the game");
  wait_for (guest, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_PLAYING), "the game");
  g_assert_cmpint (net_int (host, "local-mark"), ==, TTT_MARK_X);
  g_assert_cmpint (net_int (guest, "local-mark"), ==, TTT_MARK_O);
  /* Each shows the name the other gave (both the same here: this user's). */
  peer = net_string (guest, "peer");
  g_assert_cmpstr (peer, !=, "");
  /* The name quoted, its direction isolated (ttt_protocol_quote_name()). */
  quoted = g_strdup_printf ("“\xe2\x81\xa8%s\xe2\x81\xa9”", peer);
  text = g_strdup_printf ("Waiting for %s to move…", quoted);
  wait_for (guest, has_status, text, "that it waits for the host's move");

  return g_steal_pointer (&quoted);
}

/* Each side's tally of network games of the game played. */
static void
assert_network_tally (Side    *side,
                      guint32  want_won,
                      guint32  want_drawn,
                      guint32  want_lost)
{
  guint32 won, drawn, lost;

  g_assert_true (g_variant_lookup (side->report, "network-tally", "(uuu)", &won, &drawn, &lost));
  g_assert_cmpuint (won, ==, want_won);
  g_assert_cmpuint (drawn, ==, want_drawn);
  g_assert_cmpuint (lost, ==, want_lost);
}

/* X takes the top row, O the left of the middle row. */
static void
play_top_row (Side *host,
              Side *guest)
{
  play (host, guest, 0, ".........", "X........");
  play (guest, host, 3, "X........", "X..O.....");
  play (host, guest, 1, "X..O.....", "XX.O.....");
  play (guest, host, 4, "XX.O.....", "XX.OO....");
  play (host, guest, 2, "XX.OO....", "XXXOO....");
}

/* The game is over on both screens with @outcome, which @winner's screen
 * calls its win and the other's the other's (named @quoted); each
 * counts it once in its network row. Both programs then end cleanly. */
static void
assert_won_and_stop (Side       *winner,
                     Side       *loser,
                     const char *quoted,
                     TttOutcome  outcome)
{
  g_autofree char *text = g_strdup_printf ("%s won", quoted);

  wait_for (winner, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the game");
  wait_for (loser, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the game");
  wait_for (winner, has_status, "You won", "its win");
  wait_for (loser, has_status, text, "the other's win");
  g_assert_cmpint (report_int (winner, "outcome"), ==, outcome);
  g_assert_cmpint (report_int (loser, "outcome"), ==, outcome);
  g_assert_cmpint (report_int (winner, "game-state"), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (report_int (loser, "game-state"), ==, TTT_GAME_STATE_OVER);
  assert_network_tally (winner, 1, 0, 0);
  assert_network_tally (loser, 0, 0, 1);

  side_stop (loser);
  side_stop (winner);
  session_stop ();
}

static void
test_classic_game (void)
{
  Side host = { 0 }, guest = { 0 };
  g_autofree char *quoted = connect_sides (&host, &guest, NULL);

  play_top_row (&host, &guest);
  g_assert_cmpint (report_int (&host, "variant"), ==, TTT_VARIANT_CLASSIC);
  assert_won_and_stop (&host, &guest, quoted, TTT_OUTCOME_X_WINS);
}

/* The host plays Misère (--game=misere): the guest, which would have
 * hosted classic, plays it too, and the same top row that won the
 * classic game loses it for X on both screens. */
static void
test_misere_game (void)
{
  Side host = { 0 }, guest = { 0 };
  g_autofree char *quoted = connect_sides (&host, &guest, "--game=misere");

  play_top_row (&host, &guest);
  g_assert_cmpint (report_int (&host, "variant"), ==, TTT_VARIANT_MISERE);
  g_assert_cmpint (report_int (&guest, "variant"), ==, TTT_VARIANT_MISERE);
  assert_won_and_stop (&guest, &host, quoted, TTT_OUTCOME_O_WINS);
}

/* By a code */

typedef struct
{
  MailboxServer *mailbox;
  TransitRelay  *relay;
} Servers;

/* The settings of a side: the local mailbox server, and the relay
 * (none: "") and direct connections as asked. */
static char *
code_keyfile (const char *name,
              const char *mailbox,
              const char *relay,
              gboolean    direct)
{
  /* A name typed before: the first game by a code asks for one. */
  return g_strdup_printf ("[io/github/jingzi/TicTacToe]\n"
                          "player-name='%s'\n"
                          "wormhole-mailbox='%s'\n"
                          "wormhole-relay='%s'\n"
                          "wormhole-direct=%s\n",
                          name, mailbox, relay, direct ? "true" : "false");
}

/* The host invites, the guest joins with the code the host's window
 * shows; both begin the game, the host on X, in the main window's bar:
 * the window of play by a code has handed the game over and closed. */
static void
connect_by_code (Side       *host,
                 Side       *guest,
                 const char *mailbox,
                 const char *relay,
                 gboolean    direct)
{
  g_autofree char *code = NULL;
  g_autofree char *join = NULL;

  session_start ();
  side_start_bus (host, "host");
  side_start_bus (guest, "guest");
  host->keyfile = code_keyfile ("Ana", mailbox, relay, direct);
  guest->keyfile = code_keyfile ("Ben", mailbox, relay, direct);

  side_start_app (host, "--invite", NULL);
  wait_for (host, shows_invite, NULL, "its code");
  code = code_string (host, "code");
  g_assert_true (g_regex_match_simple ("^[0-9]+-[a-z]+-[a-z]+$", code, 0, 0));
  join = g_strconcat ("--join=", code, NULL);

  side_start_app (guest, join, NULL);
  wait_for (host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_PLAYING), "the game");
  wait_for (guest, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_PLAYING), "the game");
  g_assert_cmpint (net_int (host, "local-mark"), ==, TTT_MARK_X);
  g_assert_cmpint (net_int (guest, "local-mark"), ==, TTT_MARK_O);
  wait_for (host, code_window_closed, NULL, "the window of play by a code to close");
  wait_for (guest, code_window_closed, NULL, "the window of play by a code to close");
}

static gboolean
has_game_state (Side          *side,
                gconstpointer  data)
{
  return report_int (side, "game-state") == GPOINTER_TO_INT (data);
}

/* A game to the host's win, a rematch offered and accepted, and the
 * same moves with the colours swapped to the guest's: one win and one
 * loss on each side, in its network row. */
static void
play_game_and_rematch (Side *host,
                       Side *guest)
{
  play_top_row (host, guest);
  wait_for (host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the game");
  wait_for (guest, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the game");
  g_assert_cmpint (report_int (host, "outcome"), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmpint (report_int (guest, "outcome"), ==, TTT_OUTCOME_X_WINS);
  assert_network_tally (host, 1, 0, 0);
  assert_network_tally (guest, 0, 0, 1);

  activate (host, "test-press", g_variant_new_string ("Offer a Rematch"));
  wait_for (guest, has_net_status_ending, "offers a rematch.", "the rematch offered");
  activate (guest, "test-press", g_variant_new_string ("Accept Rematch"));
  wait_for (host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_PLAYING), "the rematch");
  wait_for (guest, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_PLAYING), "the rematch");
  g_assert_cmpint (net_int (host, "local-mark"), ==, TTT_MARK_O);
  g_assert_cmpint (net_int (guest, "local-mark"), ==, TTT_MARK_X);

  play_top_row (guest, host);
  wait_for (host, has_game_state, GINT_TO_POINTER (TTT_GAME_STATE_OVER), "the end of the rematch");
  wait_for (guest, has_game_state, GINT_TO_POINTER (TTT_GAME_STATE_OVER), "the end of the rematch");
  wait_for (host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the rematch");
  wait_for (guest, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the rematch");
  g_assert_cmpint (report_int (host, "outcome"), ==, TTT_OUTCOME_X_WINS);
  assert_network_tally (host, 1, 0, 1);
  assert_network_tally (guest, 1, 0, 1);

  side_stop (guest);
  side_stop (host);
  session_stop ();
}

static gboolean
start_servers (Servers  *servers,
               gboolean  relay)
{
  /* Skips the test by itself when the server is not installed. */
  servers->mailbox = mailbox_server_start ();
  if (servers->mailbox == NULL)
    return FALSE;
  if (relay)
    {
      servers->relay = transit_relay_start ();
      if (servers->relay == NULL)
        {
          g_test_fail_printf ("the transit relay (magic-wormhole-transit-relay) is not installed");
          g_clear_pointer (&servers->mailbox, mailbox_server_free);
          return FALSE;
        }
    }
  return TRUE;
}

static void
stop_servers (Servers *servers)
{
  g_clear_pointer (&servers->relay, transit_relay_free);
  g_clear_pointer (&servers->mailbox, mailbox_server_free);
}

/* No relay at all: the two programs can only have met directly. */
static void
test_code_direct (void)
{
  Side host = { 0 }, guest = { 0 };
  Servers servers = { 0 };
  const char *mailbox;

  if (!start_servers (&servers, FALSE))
    return;
  mailbox = mailbox_server_get_url (servers.mailbox);
  connect_by_code (&host, &guest, mailbox, "", TRUE);
  play_game_and_rematch (&host, &guest);
  stop_servers (&servers);
}

/* Neither side offers direct connections: only the relay joins them. */
static void
test_code_relay (void)
{
  Side host = { 0 }, guest = { 0 };
  Servers servers = { 0 };
  const char *mailbox;
  g_autofree char *relay = NULL;

  if (!start_servers (&servers, TRUE))
    return;
  mailbox = mailbox_server_get_url (servers.mailbox);
  relay = transit_relay_get_url (servers.relay);
  connect_by_code (&host, &guest, mailbox, relay, FALSE);
  play_game_and_rematch (&host, &guest);
  stop_servers (&servers);
}

/* Whether the main window's board has @data's mark in its centre. */
static gboolean
has_centre (Side          *side,
            gconstpointer  data)
{
  const char *board = report_string (side, "board");

  return board != NULL && strlen (board) == 9 && board[4] == *(const char *) data;
}

/* After a connection lost mid-game: the bar says so in the player's
 * words, the game in progress is abandoned and counted nowhere (as a
 * lost LAN connection's is), the finished one stays counted once, and
 * Play Here gives a local game the person can play at once. */
static void
assert_lost_and_usable (Side       *side,
                        const char *peer_quoted,
                        guint32     won,
                        guint32     lost)
{
  g_autofree char *said = g_strdup_printf ("Connection to %s lost", peer_quoted);
  g_autofree char *status = NULL;

  wait_for (side, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_CLOSED), "the connection closed");
  status = net_string (side, "status");
  g_assert_cmpstr (status, ==, said);
  wait_for (side, has_status, "abandoned", "the game abandoned");
  assert_network_tally (side, won, 0, lost);

  activate (side, "test-press", g_variant_new_string ("Play Here"));
  wait_for (side, my_turn, ".........", "a fresh local game");
  activate (side, "test-click-cell", g_variant_new_int32 (4));
  wait_for (side, has_centre, "X", "the person's move in the local game");
  assert_network_tally (side, won, 0, lost);
}

/* Quoted as connect_sides() does: the peer's name the bar shows. */
static char *
quoted_peer (Side *side)
{
  g_autofree char *peer = net_string (side, "peer");

  return g_strdup_printf ("“\xe2\x81\xa8%s\xe2\x81\xa9”", peer);
}

/* Through the relay alone, the relay dies in the rematch: both sides
 * lose the connection, and neither counts the unfinished game. */
static void
test_code_relay_lost (void)
{
  Side host = { 0 }, guest = { 0 };
  Servers servers = { 0 };
  g_autofree char *relay = NULL;
  g_autofree char *host_peer = NULL;
  g_autofree char *guest_peer = NULL;

  if (!start_servers (&servers, TRUE))
    return;
  relay = transit_relay_get_url (servers.relay);
  connect_by_code (&host, &guest, mailbox_server_get_url (servers.mailbox), relay, FALSE);
  host_peer = quoted_peer (&host);
  guest_peer = quoted_peer (&guest);

  play_top_row (&host, &guest);
  wait_for (&host, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the game");
  wait_for (&guest, has_net_state, GINT_TO_POINTER (TTT_NET_SESSION_GAME_OVER), "the end of the game");
  activate (&host, "test-press", g_variant_new_string ("Offer a Rematch"));
  wait_for (&guest, has_net_status_ending, "offers a rematch.", "the rematch offered");
  activate (&guest, "test-press", g_variant_new_string ("Accept Rematch"));
  play (&guest, &host, 0, ".........", "X........");

  transit_relay_kill (servers.relay);
  assert_lost_and_usable (&host, host_peer, 1, 0);
  assert_lost_and_usable (&guest, guest_peer, 0, 1);

  side_stop (&guest);
  side_stop (&host);
  session_stop ();
  stop_servers (&servers);
}

/* Once the transit is open the mailbox has done its work: a mailbox
 * server restarted mid-game changes nothing, and the game goes on to
 * its end on both sides. */
static void
test_code_mailbox_restart (void)
{
  Side host = { 0 }, guest = { 0 };
  Servers servers = { 0 };
  g_autofree char *quoted = NULL;

  if (!start_servers (&servers, FALSE))
    return;
  connect_by_code (&host, &guest, mailbox_server_get_url (servers.mailbox), "", TRUE);
  quoted = quoted_peer (&guest);
  play (&host, &guest, 0, ".........", "X........");
  play (&guest, &host, 3, "X........", "X..O.....");

  mailbox_server_restart (servers.mailbox);
  play (&host, &guest, 1, "X..O.....", "XX.O.....");
  play (&guest, &host, 4, "XX.O.....", "XX.OO....");
  play (&host, &guest, 2, "XX.OO....", "XXXOO....");
  assert_won_and_stop (&host, &guest, quoted, TTT_OUTCOME_X_WINS);
  stop_servers (&servers);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net-processes/classic-game", test_classic_game);
  g_test_add_func ("/net-processes/misere-game", test_misere_game);
  g_test_add_func ("/net-processes/code-direct", test_code_direct);
  g_test_add_func ("/net-processes/code-relay", test_code_relay);
  g_test_add_func ("/net-processes/code-relay-lost", test_code_relay_lost);
  g_test_add_func ("/net-processes/code-mailbox-restart", test_code_mailbox_restart);

  return g_test_run ();
}
