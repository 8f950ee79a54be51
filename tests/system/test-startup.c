/* test-startup.c — bad input from outside the window, and restarts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The command line is tested on the real executable. Settings cases run the
 * real application code in a child process each (g_test_trap_subprocess),
 * because the GSettings backend is chosen once per process.
 */

/* unshare() */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <glib/gstdio.h>
#include <unistd.h>
#include <gtk/gtk.h>

#include "ttt-record-file.h"
#include "ui-helpers.h"

#define GROUP "io/github/jingzi/TicTacToe"

static char *executable;
static char *config_home;

/* Command line */

static void
run_executable (const char * const *args,
                const char * const *env_overrides,
                int                *exit_status,
                char              **out,
                char              **err)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_auto(GStrv) envp = g_get_environ ();
  g_autoptr(GError) error = NULL;
  int wait_status;

  g_ptr_array_add (argv, executable);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  /* Pairs of name and value; a NULL value removes the variable. */
  for (guint i = 0; env_overrides != NULL && env_overrides[i] != NULL; i += 2)
    {
      if (env_overrides[i + 1] == NULL)
        envp = g_environ_unsetenv (envp, env_overrides[i]);
      else
        envp = g_environ_setenv (envp, env_overrides[i], env_overrides[i + 1], TRUE);
    }

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                out, err, &wait_status, &error);
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (wait_status));
  *exit_status = WEXITSTATUS (wait_status);
}

static void
assert_refused (const char *option,
                const char *expected)
{
  const char *args[] = { option, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  run_executable (args, NULL, &status, &out, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, expected));
  /* One clear line, no GLib critical or backtrace. */
  g_assert_null (strstr (err, "CRITICAL"));
  g_assert_null (strstr (err, "WARNING"));
}

static void
test_cli_bad_difficulty (void)
{
  assert_refused ("--difficulty=impossible",
                  "invalid value “impossible” for --difficulty; valid values are: easy, medium, hard, beginner, casual, club, strong, master");
}

/* The games are the registry's, listed by their ids. */
static void
test_cli_bad_game (void)
{
  assert_refused ("--game=chess",
                  "invalid value “chess” for --game; valid values are: classic, ultimate, misere");
}

static void
test_cli_bad_first (void)
{
  assert_refused ("--first=nobody",
                  "invalid value “nobody” for --first; valid values are: human, computer, alternate, random");
}

static void
test_cli_empty_value (void)
{
  assert_refused ("--difficulty=", "valid values are: easy, medium, hard, beginner, casual, club, strong, master");
}


static void
test_cli_version (void)
{
  const char *args[] = { "--version", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  run_executable (args, NULL, &status, &out, &err);
  g_assert_cmpint (status, ==, 0);
  g_assert_cmpstr (out, ==, "tictactoe " PACKAGE_VERSION "\n");
}

static void
test_cli_missing_schema (void)
{
  const char *args[] = { NULL };
  const char *env[] = {
    "GSETTINGS_SCHEMA_DIR", "/nonexistent",
    "XDG_DATA_DIRS", "/nonexistent",
    NULL
  };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  run_executable (args, env, &status, &out, &err);
  g_assert_cmpint (status, ==, 1);
  g_assert_nonnull (strstr (err, "the settings schema " APPLICATION_ID " is not installed"));
}

/* What a session without a graphical display looks like. */
#define NO_DISPLAY "DISPLAY", NULL, "WAYLAND_DISPLAY", NULL

/* Runs the program and expects exit status 1 with exactly @expected on
 * stderr: one line, nothing from GLib or GTK beside it. */
static void
assert_fails_with (const char * const *args,
                   const char * const *env,
                   const char         *expected)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  run_executable (args, env, &status, &out, &err);
  g_assert_cmpstr (err, ==, expected);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpint (status, ==, 1);
}

static void
test_cli_stray_argument (void)
{
  const char *env[] = { NO_DISPLAY, NULL };

  assert_fails_with ((const char *[]) { "foo", NULL }, NULL,
                     "tictactoe: unexpected argument “foo”; see --help\n");
  assert_fails_with ((const char *[]) { "--difficulty=hard", "extra", NULL }, NULL,
                     "tictactoe: unexpected argument “extra”; see --help\n");
  assert_fails_with ((const char *[]) { "--", "--version", NULL }, NULL,
                     "tictactoe: unexpected argument “--version”; see --help\n");

  /* Refused before any display is opened: without one, the argument is
   * still what is reported. */
  assert_fails_with ((const char *[]) { "foo", "bar", NULL }, env,
                     "tictactoe: unexpected argument “foo”; see --help\n");
}

/* GOption's own complaints in the game's words: "tictactoe:", the
 * option by its name alone, and where to look. */
static void
test_cli_unknown_option (void)
{
  const char *env[] = { NO_DISPLAY, NULL };

  assert_fails_with ((const char *[]) { "--colour=red", NULL }, env,
                     "tictactoe: unknown option “--colour”; see --help\n");
  assert_fails_with ((const char *[]) { "--first=human", "-x", NULL }, env,
                     "tictactoe: unknown option “-x”; see --help\n");
  /* "-f" is inside "--fast", but it is not the option at fault. */
  assert_fails_with ((const char *[]) { "-f", "human", "--fast", NULL }, env,
                     "tictactoe: unknown option “--fast”; see --help\n");
}

static void
test_cli_missing_value (void)
{
  const char *env[] = { NO_DISPLAY, NULL };

  assert_fails_with ((const char *[]) { "--difficulty", NULL }, env,
                     "tictactoe: --difficulty needs a value; see --help\n");
  assert_fails_with ((const char *[]) { "--first=human", "-d", NULL }, env,
                     "tictactoe: -d needs a value; see --help\n");
#ifdef TTT_HAVE_NETWORK
  assert_fails_with ((const char *[]) { "--join", NULL }, env,
                     "tictactoe: --join needs a value; see --help\n");
#endif
}

/* What was typed is quoted back with what would steer the terminal
 * escaped, and cut short: a pasted page is not echoed whole. */
static void
test_cli_quoted_values (void)
{
  const char *env[] = { NO_DISPLAY, NULL };
  g_autofree char *long_text = g_strnfill (10000, 'a');
  g_autofree char *cut = g_strnfill (64, 'a');
  g_autofree char *long_difficulty = g_strconcat ("--difficulty=", long_text, NULL);
  g_autofree char *long_option = g_strconcat ("--", long_text, NULL);
  g_autofree char *expected = NULL;

  assert_fails_with ((const char *[]) { "--difficulty=\033[2J", NULL }, env,
                     "tictactoe: invalid value “\\x1b[2J” for --difficulty; "
                     "valid values are: easy, medium, hard, beginner, casual, club, strong, master\n");
  assert_fails_with ((const char *[]) { "--\033[2J", NULL }, env,
                     "tictactoe: unknown option “--\\x1b[2J”; see --help\n");
  assert_fails_with ((const char *[]) { "foo\033]0;owned\007", NULL }, env,
                     "tictactoe: unexpected argument “foo\\x1b]0;owned\\x07”; see --help\n");

  expected = g_strdup_printf ("tictactoe: invalid value “%s…” for --difficulty; "
                              "valid values are: easy, medium, hard, beginner, casual, club, strong, master\n", cut);
  assert_fails_with ((const char *[]) { long_difficulty, NULL }, env, expected);
  g_free (expected);
  expected = g_strdup_printf ("tictactoe: unknown option “--%.62s…”; see --help\n", cut);
  assert_fails_with ((const char *[]) { long_option, NULL }, env, expected);
  g_free (expected);
  expected = g_strdup_printf ("tictactoe: unexpected argument “%s…”; see --help\n", cut);
  assert_fails_with ((const char *[]) { long_text, NULL }, env, expected);

  /* Not UTF-8: refused by the option's own check, which names it,
   * rather than by GOption's "Invalid byte sequence in conversion
   * input". */
  assert_fails_with ((const char *[]) { "--first=\xff", NULL }, env,
                     "tictactoe: invalid value “\\xff” for --first; "
                     "valid values are: human, computer, alternate, random\n");
}

#ifdef TTT_HAVE_NETWORK
/* --host and --join: a bad value is one line and exit status 1, said
 * before any window opens. */
static void
test_cli_bad_network (void)
{
  const char *env[] = { NO_DISPLAY, NULL };

  assert_refused ("--host=abc", "invalid port “abc” for --host; use a number from 1 to 65535");
  assert_refused ("--host=0", "invalid port “0” for --host");
  assert_refused ("--host=70000", "invalid port “70000” for --host");
  assert_refused ("--join=", "invalid address “” for --join: Enter the address");
  assert_refused ("--join=[::1", "invalid address “[::1” for --join: An IPv6 address in brackets lacks its closing “]”.");
  assert_refused ("--join=host:99999", "invalid address “host:99999” for --join:");
  assert_fails_with ((const char *[]) { "--host", "--join=127.0.0.1", NULL }, env,
                     "tictactoe: --host and --join cannot be used together\n");
  assert_fails_with ((const char *[]) { "--join=a:b:c", NULL }, env,
                     "tictactoe: invalid address “a:b:c” for --join: An address has at most one “:”, "
                     "before the port; an IPv6 address goes in brackets.\n");
}

/* The values of --host and --join quoted back: escape sequences
 * escaped, bytes that are not text named as such, and cut short. */
static void
test_cli_quoted_network (void)
{
  const char *env[] = { NO_DISPLAY, NULL };
  g_autofree char *port = g_strnfill (10000, '1');
  g_autofree char *host = g_strnfill (20000, 'a');
  g_autofree char *long_host = g_strconcat ("--host=", port, NULL);
  g_autofree char *long_join = g_strconcat ("--join=", host, NULL);
  g_autofree char *expected = NULL;

  assert_fails_with ((const char *[]) { "--host=\033[2J", NULL }, env,
                     "tictactoe: invalid port “\\x1b[2J” for --host; use a number from 1 to 65535\n");
  assert_fails_with ((const char *[]) { "--join=a\033[31mb", NULL }, env,
                     "tictactoe: invalid address “a\\x1b[31mb” for --join: "
                     "“a\\x1b[31mb” is not a computer’s name or address.\n");
  assert_fails_with ((const char *[]) { "--host=\xff", NULL }, env,
                     "tictactoe: invalid port “\\xff” for --host; use a number from 1 to 65535\n");
  assert_fails_with ((const char *[]) { "--join=\xff", NULL }, env,
                     "tictactoe: invalid address “\\xff” for --join: The address is not valid text.\n");

  expected = g_strdup_printf ("tictactoe: invalid port “%.64s…” for --host; "
                              "use a number from 1 to 65535\n", port);
  assert_fails_with ((const char *[]) { long_host, NULL }, env, expected);
  g_free (expected);
  expected = g_strdup_printf ("tictactoe: invalid address “%.64s…” for --join: "
                              "“%.64s…” is not a computer’s name or address.\n", host, host);
  assert_fails_with ((const char *[]) { long_join, NULL }, env, expected);
}

/* Names in any script: GLib looks up their ASCII form. Accepted, they
 * get as far as the display; refused, they are quoted in their own
 * letters. An interface name too long to be one is said to be that. */
static void
test_cli_international_address (void)
{
  const char *env[] = { NO_DISPLAY, NULL };
  /* Without a UTF-8 locale GOption used to refuse the bytes outright. */
  const char *c_locale[] = { NO_DISPLAY, "LC_ALL", "C", "LANGUAGE", NULL, NULL };

  assert_fails_with ((const char *[]) { "--join=münchen.de:41414", NULL }, env,
                     "tictactoe: no display to open a window on\n");
  assert_fails_with ((const char *[]) { "--join=münchen.de", NULL }, c_locale,
                     "tictactoe: no display to open a window on\n");
  assert_fails_with ((const char *[]) { "--join=mün chen.de", NULL }, env,
                     "tictactoe: invalid address “mün chen.de” for --join: "
                     "“mün chen.de” is not a computer’s name or address.\n");
  assert_fails_with ((const char *[]) { "--join=[fe80::1%eeeeeeeeeeeeeeeeeeee]", NULL }, env,
                     "tictactoe: invalid address “[fe80::1%eeeeeeeeeeeeeeeeeeee]” for --join: "
                     "“eeeeeeeeeeeeeeeeeeee” is not the name of a network interface: such a name has "
                     "at most 15 letters, digits, “.”, “_” or “-”.\n");
}

/* --join takes a code as well as an address, told apart by its form (a
 * number, a hyphen, no "." or ":"), and --invite hosts by a code: a good
 * value gets as far as the display, a bad one is one line naming what a
 * code is. */
static void
test_cli_code (void)
{
  const char *env[] = { NO_DISPLAY, NULL };
  const char *help[] = { "--help", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  assert_fails_with ((const char *[]) { "--join=7-guitarist-revenge", NULL }, env,
                     "tictactoe: no display to open a window on\n");
  /* As read aloud and typed in capitals: still a code. */
  assert_fails_with ((const char *[]) { "--join=12-Guitarist-Revenge", NULL }, env,
                     "tictactoe: no display to open a window on\n");
  assert_fails_with ((const char *[]) { "--invite", NULL }, env,
                     "tictactoe: no display to open a window on\n");
  /* An address that begins with a number and a hyphen is still one. */
  assert_fails_with ((const char *[]) { "--join=7-eleven.example:41414", NULL }, env,
                     "tictactoe: no display to open a window on\n");

  assert_fails_with ((const char *[]) { "--join=7-", NULL }, env,
                     "tictactoe: invalid code “7-” for --join: a code is a number and words, "
                     "such as 7-guitarist-revenge\n");
  assert_fails_with ((const char *[]) { "--join=7--revenge", NULL }, env,
                     "tictactoe: invalid code “7--revenge” for --join: a code is a number and words, "
                     "such as 7-guitarist-revenge\n");
  assert_fails_with ((const char *[]) { "--join=7-a\033Pb", NULL }, env,
                     "tictactoe: invalid code “7-a\\x1bPb” for --join: a code is a number and words, "
                     "such as 7-guitarist-revenge\n");
  assert_fails_with ((const char *[]) { "--invite", "--host", NULL }, env,
                     "tictactoe: --host and --invite cannot be used together\n");
  assert_fails_with ((const char *[]) { "--invite", "--join=7-guitarist-revenge", NULL }, env,
                     "tictactoe: --invite and --join cannot be used together\n");

  run_executable (help, env, &status, &out, &err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "--invite"));
  g_assert_nonnull (strstr (out, "--join=ADDRESS|CODE"));
  g_assert_nonnull (strstr (out, "7-guitarist-revenge"));
}
#endif

static void
test_cli_no_display (void)
{
  const char *none[] = { NO_DISPLAY, NULL };
  const char *unreachable[] = { "DISPLAY", ":4242", "WAYLAND_DISPLAY", NULL, NULL };
  const char *help[] = { "--help", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  assert_fails_with ((const char *[]) { NULL }, none,
                     "tictactoe: no display to open a window on\n");
  assert_fails_with ((const char *[]) { "--first=computer", NULL }, none,
                     "tictactoe: no display to open a window on\n");
  assert_fails_with ((const char *[]) { NULL }, unreachable,
                     "tictactoe: cannot open the display “:4242”\n");

  /* What needs no window works without a display. */
  run_executable (help, none, &status, &out, &err);
  g_assert_cmpint (status, ==, 0);
  g_assert_nonnull (strstr (out, "--difficulty"));
  g_assert_cmpstr (err, ==, "");
}

/* build-aux/run sets TTT_LOCALEDIR to the build tree's catalogs, so the
 * program speaks a language before it is installed. */
static void
test_cli_build_tree_translation (void)
{
  g_autofree char *localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  const char *env[] = {
    "TTT_LOCALEDIR", localedir,
    /* gettext reads LANGUAGE in a real locale only. */
    "LC_ALL", ttt_test_translating_locale (),
    "LANGUAGE", "zh_CN",
    NULL
  };

  assert_fails_with ((const char *[]) { "foo", NULL }, env,
                     "tictactoe：意外的参数“foo”；请参阅 --help\n");
}

/* A second launch, while this process is the running game */

typedef struct
{
  gboolean  done;
  char     *out;
  char     *err;
} Launch;

static void
launch_done_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Launch *launch = user_data;
  g_autoptr(GError) error = NULL;

  g_subprocess_communicate_utf8_finish (G_SUBPROCESS (source), result,
                                        &launch->out, &launch->err, &error);
  g_assert_no_error (error);
  launch->done = TRUE;
}

/* Starts the real program again and serves this process's main loop until
 * it has exited: meanwhile it asks this process, over the session bus, to
 * take its options and present the window. It must say nothing and exit 0. */
static void
launch_again (const char * const *args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  Launch launch = { 0 };

  g_ptr_array_add (argv, executable);
  for (guint i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (char *) args[i]);
  g_ptr_array_add (argv, NULL);

  process = g_subprocess_newv ((const char * const *) argv->pdata,
                               G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE,
                               &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8_async (process, NULL, NULL, launch_done_cb, &launch);
  while (!launch.done)
    g_main_context_iteration (NULL, TRUE);
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  ttt_test_iterate ();

  g_assert_cmpstr (launch.err, ==, "");
  g_assert_cmpstr (launch.out, ==, "");
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, 0);
  g_free (launch.out);
  g_free (launch.err);
}

static void
child_second_launch (void)
{
  g_autoptr(TttApplication) app = ttt_application_new ();
  g_autoptr(GError) error = NULL;
  GtkWindow *window;
  TttGame *game;

  /* The running game, as a first launch makes it. */
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_assert_false (g_application_get_is_remote (G_APPLICATION (app)));
  g_application_activate (G_APPLICATION (app));
  window = gtk_application_get_active_window (GTK_APPLICATION (app));
  g_assert_true (TTT_IS_WINDOW (window));
  game = ttt_window_get_game (TTT_WINDOW (window));
  ttt_table_set_delay (ttt_game_get_table (game), 0);
  g_assert_cmpint (ttt_setup_get_difficulty (ttt_game_get_setup (game)), ==, TTT_LEVEL_MEDIUM);

  /* With a move made, the options wait for the next game. */
  g_assert_true (ttt_game_play (game, 4));
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 2);
  launch_again ((const char *[]) { "--difficulty=hard", NULL });
  g_assert_cmpint (ttt_setup_get_difficulty (ttt_game_get_setup (game)), ==, TTT_LEVEL_HARD);
  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 2);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_HARD);

  /* With none yet, they apply at once, as at a fresh start. */
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  launch_again ((const char *[]) { "--first=computer", "--difficulty=easy", NULL });
  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_EASY);
  g_assert_cmpint (ttt_setup_get_first_player (ttt_game_get_setup (game)), ==, TTT_FIRST_PLAYER_COMPUTER);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  ttt_test_wait_for_human (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);

  /* They are for this run: nothing was written to the settings. */
  {
    g_autofree char *difficulty = g_settings_get_string (ttt_application_get_settings (app), "difficulty");

    g_assert_cmpstr (difficulty, ==, "medium");
  }

  /* Without options the window is only presented, even when hidden, and
   * the game goes on as it was. */
  gtk_widget_set_visible (GTK_WIDGET (window), FALSE);
  launch_again ((const char *[]) { NULL });
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (window)));
  g_assert_true (gtk_application_get_active_window (GTK_APPLICATION (app)) == window);
  g_assert_cmpint (ttt_setup_get_difficulty (ttt_game_get_setup (game)), ==, TTT_LEVEL_EASY);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);

  /* --game chooses the game for the next one, and writes nothing. */
  launch_again ((const char *[]) { "--game=misere", NULL });
  g_assert_cmpint (ttt_setup_get_variant (ttt_game_get_setup (game)), ==, TTT_VARIANT_MISERE);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_MISERE);
  {
    g_autofree char *variant = g_settings_get_string (ttt_application_get_settings (app), "game");

    g_assert_cmpstr (variant, ==, "classic");
  }

  gtk_window_close (window);
  ttt_test_iterate ();
}

/* A session bus of the test's own, so that the options reach this test's
 * game and never a game that the person running the tests has open. No
 * service can be started on it. (GTestDBus would do, but it then waits for
 * every connection of this process to the bus to go, and GTK keeps one.) */
static GSubprocess *
start_private_bus (void)
{
  g_autofree char *config = g_build_filename (config_home, "bus.conf", NULL);
  g_autoptr(GDataInputStream) output = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *config_arg = NULL;
  g_autofree char *address = NULL;
  GSubprocess *daemon;

  g_file_set_contents (config,
                       "<busconfig>\n"
                       "  <type>session</type>\n"
                       "  <listen>unix:tmpdir=/tmp</listen>\n"
                       "  <policy context=\"default\">\n"
                       "    <allow send_destination=\"*\" eavesdrop=\"true\"/>\n"
                       "    <allow eavesdrop=\"true\"/>\n"
                       "    <allow own=\"*\"/>\n"
                       "  </policy>\n"
                       "</busconfig>\n",
                       -1, &error);
  g_assert_no_error (error);

  config_arg = g_strconcat ("--config-file=", config, NULL);
  daemon = g_subprocess_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE, &error,
                             "dbus-daemon", config_arg, "--nofork", "--print-address", NULL);
  g_assert_no_error (error);

  /* It prints its address once it listens. */
  output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (daemon));
  address = g_data_input_stream_read_line (output, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (address);
  g_setenv ("DBUS_SESSION_BUS_ADDRESS", g_strstrip (address), TRUE);

  return daemon;
}

static void
test_second_launch (void)
{
  g_autoptr(GSubprocess) bus = NULL;
  g_autofree char *saved = NULL;

  if (g_test_subprocess ())
    {
      child_second_launch ();
      return;
    }

  saved = g_strdup (g_getenv ("DBUS_SESSION_BUS_ADDRESS"));
  bus = start_private_bus ();

  g_test_trap_subprocess (NULL, 60 * G_USEC_PER_SEC, G_TEST_SUBPROCESS_DEFAULT);

  g_subprocess_force_exit (bus);
  g_subprocess_wait (bus, NULL, NULL);
  if (saved != NULL)
    g_setenv ("DBUS_SESSION_BUS_ADDRESS", saved, TRUE);
  else
    g_unsetenv ("DBUS_SESSION_BUS_ADDRESS");

  g_test_trap_assert_passed ();
}

/* Settings, each in a child process */

typedef struct
{
  TttApplication *app;
  TttWindow      *window;
  TttGame        *game;
} App;

static void
app_start (App *app)
{
  app->app = ttt_test_application_new ();
  app->window = ttt_test_window_new (app->app);
  app->game = ttt_window_get_game (app->window);
  ttt_table_set_delay (ttt_game_get_table (app->game), 0);
  gtk_window_present (GTK_WINDOW (app->window));
  ttt_test_iterate ();
}

static void
app_quit (App *app)
{
  /* What app.quit does: close the windows, which saves their size. */
  gtk_window_close (GTK_WINDOW (app->window));
  ttt_test_iterate ();
  g_settings_sync ();
  g_clear_object (&app->app);
}

/* The app's tally @id: won, drawn and lost (X's wins, draws, O's wins). */
static void
assert_tally (App        *app,
              TttTallyId  id,
              guint32     won,
              guint32     drawn,
              guint32     lost)
{
  TttTally tally;

  ttt_statistics_get_tally (ttt_application_get_statistics (app->app), id, &tally);
  g_assert_cmpuint (tally.won, ==, won);
  g_assert_cmpuint (tally.drawn, ==, drawn);
  g_assert_cmpuint (tally.lost, ==, lost);
}

/* Where the keyfile backend keeps the settings under our XDG_CONFIG_HOME. */
static char *
keyfile_path (void)
{
  return g_build_filename (config_home, "glib-2.0", "settings", "keyfile", NULL);
}

/* The results file under our XDG_DATA_HOME. */
static char *
results_path (void)
{
  return g_build_filename (config_home, "data", "tictactoe", "results", NULL);
}

/* The tally @id as the results file's records add up to, written as
 * GVariant prints it: "(1, 0, 0, 0, 0)". */
static void
assert_recorded_tally (TttTallyId  id,
                       const char *expected)
{
  g_autofree char *path = results_path ();
  g_autoptr(TttRecordFile) records = ttt_record_file_new (path);
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();
  g_autoptr(GVariant) tally = NULL;
  g_autofree char *printed = NULL;
  TttTally t;

  ttt_statistics_bind_records (statistics, records, NULL);
  ttt_statistics_get_tally (statistics, id, &t);
  tally = g_variant_ref_sink (g_variant_new ("(uuuuu)", t.won, t.drawn, t.lost, t.streak, t.best_streak));
  printed = g_variant_print (tally, FALSE);
  g_assert_cmpstr (printed, ==, expected);
}

/* A fresh start, with no results yet. */
static void
remove_results (void)
{
  g_autofree char *results = results_path ();

  g_remove (results);
}

/* A settings file written is a fresh start: no results file yet, so the
 * key "statistics" is carried over into one. */
static void
write_keyfile (const char *contents)
{
  g_autofree char *path = keyfile_path ();
  g_autofree char *dir = g_path_get_dirname (path);
  g_autoptr(GError) error = NULL;

  remove_results ();

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

static void
use_keyfile_backend (void)
{
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("XDG_CONFIG_HOME", config_home, TRUE);
}

static void
child_invalid_keyfile (void)
{
  App app = { 0 };

  /* GSettings reads a value it cannot use as the key's default. */
  app_start (&app);

  g_assert_cmpint (ttt_game_get_difficulty (app.game), ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpint (ttt_setup_get_first_player (ttt_game_get_setup (app.game)), ==, TTT_FIRST_PLAYER_HUMAN);
  g_assert_cmpint (ttt_game_get_opponent (app.game), ==, TTT_OPPONENT_COMPUTER);
  /* A valid total beside the bad ones still counts: carried over into
   * the level in effect, the default one. */
  assert_tally (&app, TTT_TALLY_MEDIUM, 0, 0, 7);

  /* And the game plays. */
  ttt_test_click (app.window, 4);
  g_assert_cmpuint (ttt_game_get_n_moves (app.game), ==, 2);

  app_quit (&app);
}

static void
test_invalid_keyfile (void)
{
  if (g_test_subprocess ())
    {
      child_invalid_keyfile ();
      return;
    }

  write_keyfile ("[" GROUP "]\n"
                 "difficulty='impossible'\n"
                 "first-player=3\n"
                 "opponent=garbage\n"
                 "score-human=-5\n"
                 "score-draws='many'\n"
                 "score-computer=7\n"
                 "window-width=0\n");
  use_keyfile_backend ();

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*WARNING*");

  /* The total carried over once: the next start finds the same. */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*WARNING*");
}

static void
child_unknown_backend (void)
{
  App app = { 0 };

  /* GIO says it once and keeps the settings in memory. */
  g_test_expect_message ("GLib-GIO", G_LOG_LEVEL_WARNING, "Can't find module 'no-such-backend'*");
  app_start (&app);
  g_test_assert_expected_messages ();

  ttt_test_click (app.window, 0);
  g_assert_cmpuint (ttt_game_get_n_moves (app.game), ==, 2);
  app_quit (&app);
}

static void
test_unknown_backend (void)
{
  if (g_test_subprocess ())
    {
      child_unknown_backend ();
      return;
    }

  g_setenv ("GSETTINGS_BACKEND", "no-such-backend", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

static void
child_unwritable (void)
{
  App app = { 0 };
  GSettings *settings;

  /* GLib's keyfile backend says it once, and then holds the settings
   * as they are, not writable (the preferences show them so, as for a
   * key an administrator locked). */
  g_test_expect_message ("GLib-GIO", G_LOG_LEVEL_WARNING, "Failed to create *: Not a directory");
  app_start (&app);
  g_test_assert_expected_messages ();
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (app.window)));
  g_assert_true (gtk_widget_is_sensitive (ttt_window_get_cell (app.window, 4)));
  settings = ttt_application_get_settings (app.app);
  g_assert_false (g_settings_is_writable (settings, "opponent"));

  /* The game goes on, and keeps count: the results are not in the
   * settings, so there is nothing to warn of. */
  ttt_setup_set_opponent (ttt_game_get_setup (app.game), TTT_OPPONENT_HUMAN);
  ttt_test_activate (app.window, "win.new-game");
  ttt_test_play_top_row_for_x (app.window);
  g_assert_cmpint (ttt_game_get_outcome (app.game), ==, TTT_OUTCOME_X_WINS);
  assert_tally (&app, TTT_TALLY_TWO_PLAYERS, 1, 0, 0);
  g_assert_null (ttt_window_get_notice (app.window));

  gtk_window_close (GTK_WINDOW (app.window));
  ttt_test_iterate ();
  g_clear_object (&app.app);
}

static void
test_unwritable (void)
{
  g_autofree char *file = g_build_filename (config_home, "not-a-directory", NULL);
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      child_unwritable ();
      return;
    }

  /* As root, permissions would not stop the write: a file where the
   * directory should be does. */
  g_file_set_contents (file, "", 0, &error);
  g_assert_no_error (error);
  g_setenv ("GSETTINGS_BACKEND", "keyfile", TRUE);
  g_setenv ("XDG_CONFIG_HOME", file, TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* Where the results file would be written, and cannot. */
static char *
unsaved_folder (void)
{
  if (g_strcmp0 (g_getenv ("TTT_UNSAVED_MODE"), "read-only") == 0)
    return g_build_filename (config_home, "data", "tictactoe", NULL);

  return g_build_filename (config_home, "not-a-directory", "tictactoe", NULL);
}

static void
child_scores_unsaved (void)
{
  g_autofree char *folder = unsaved_folder ();
  g_autofree char *expected = g_strdup_printf ("Scores can’t be saved: the folder %s cannot be written to",
                                               folder);
  App app = { 0 };
  guint notified = 0;

  app_start (&app);
  g_signal_connect_swapped (app.app, "notify::save-error", G_CALLBACK (ttt_test_count_cb), &notified);

  /* Nothing to tell until a result has changed. */
  g_assert_null (ttt_application_get_save_error (app.app));
  g_assert_null (ttt_window_get_notice (app.window));

  ttt_setup_set_opponent (ttt_game_get_setup (app.game), TTT_OPPONENT_HUMAN);
  ttt_test_iterate ();
  ttt_test_play_top_row_for_x (app.window);
  assert_tally (&app, TTT_TALLY_TWO_PLAYERS, 1, 0, 0);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (ttt_application_get_save_error (app.app), ==, expected);
  /* The window says it too, until it is dismissed. */
  g_assert_cmpstr (ttt_window_get_notice (app.window), ==, expected);

  /* Once: more unsaved changes say nothing more. */
  ttt_statistics_reset_all (ttt_application_get_statistics (app.app));
  ttt_game_start_new (app.game);
  ttt_test_play_top_row_for_x (app.window);
  g_assert_cmpuint (notified, ==, 1);
  g_assert_cmpstr (ttt_application_get_save_error (app.app), ==, expected);

  gtk_window_close (GTK_WINDOW (app.window));
  ttt_test_iterate ();
  g_clear_object (&app.app);
}

static void
test_scores_unsaved (gconstpointer data)
{
  g_autofree char *folder = NULL;
  g_autofree char *expected = NULL;
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;
  gboolean read_only;

  if (g_test_subprocess ())
    {
      child_scores_unsaved ();
      return;
    }

  /* The results folder read-only, as the issue saw it for the settings
   * (the game heeds that even as root, whom the permissions would not
   * stop), or a file where the data folder should be. The settings can
   * be written: the results are not in them. */
  read_only = g_str_equal (data, "read-only");
  g_setenv ("TTT_UNSAVED_MODE", data, TRUE);
  folder = unsaved_folder ();
  write_keyfile ("[" GROUP "]\nopponent='computer'\n");
  use_keyfile_backend ();
  if (read_only)
    {
      g_autofree char *results = results_path ();

      g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
      g_file_set_contents (results, "1\t5\tgame\thard\tlost\t6\n", -1, &error);
      g_assert_no_error (error);
      g_assert_cmpint (g_chmod (folder, 0500), ==, 0);
      g_file_get_contents (results, &before, NULL, &error);
      g_assert_no_error (error);
    }
  else
    {
      g_autofree char *file = g_build_filename (config_home, "not-a-directory", NULL);

      g_file_set_contents (file, "", 0, &error);
      g_assert_no_error (error);
      g_setenv ("XDG_DATA_HOME", file, TRUE);
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  if (read_only)
    g_chmod (folder, 0700);
  else
    {
      g_autofree char *data_home = g_build_filename (config_home, "data", NULL);

      g_setenv ("XDG_DATA_HOME", data_home, TRUE);
    }
  g_test_trap_assert_passed ();

  /* Nothing already recorded lost: the file as it was. */
  if (read_only)
    {
      g_autofree char *results = results_path ();

      g_file_get_contents (results, &after, NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpstr (after, ==, before);
    }

  /* And on stderr, once, in one line. (The child runs in the C locale, in
   * which g_printerr() writes the apostrophe as "?": either matches.) */
  expected = g_strdup_printf ("*tictactoe: scores can?t be saved: the folder %s cannot be written to\n*", folder);
  g_test_trap_assert_stderr (expected);
}

static void
child_restart_first (void)
{
  App app = { 0 };
  GSettings *settings;

  app_start (&app);
  settings = ttt_application_get_settings (app.app);

  /* A loss at Hard, then a two-player win. */
  g_settings_set_string (settings, "difficulty", "hard");
  ttt_test_iterate ();
  while (ttt_game_get_state (app.game) != TTT_GAME_STATE_OVER)
    {
      ttt_test_click (app.window, ttt_test_strategy_lowest (app.game, NULL));
      ttt_test_wait_for_human (app.game);
    }
  assert_tally (&app, TTT_TALLY_HARD, 0, 0, 1);

  g_settings_set_string (settings, "opponent", "human");
  ttt_test_activate (app.window, "win.new-game");
  ttt_test_play_top_row_for_x (app.window);
  assert_tally (&app, TTT_TALLY_TWO_PLAYERS, 1, 0, 0);
  gtk_window_set_default_size (GTK_WINDOW (app.window), 600, 700);

  app_quit (&app);
}

static void
child_restart_second (void)
{
  App app = { 0 };
  int width, height;

  app_start (&app);

  /* Both tallies, and the two-player one on the badges, as it is what
   * is played now. */
  assert_tally (&app, TTT_TALLY_HARD, 0, 0, 1);
  assert_tally (&app, TTT_TALLY_TWO_PLAYERS, 1, 0, 0);
  g_assert_cmpint (ttt_game_get_opponent (app.game), ==, TTT_OPPONENT_HUMAN);
  ttt_test_assert_badges (app.window, 1, 0, 0);
  g_assert_cmpint (ttt_setup_get_difficulty (ttt_game_get_setup (app.game)), ==, TTT_LEVEL_HARD);
  gtk_window_get_default_size (GTK_WINDOW (app.window), &width, &height);
  g_assert_cmpint (width, ==, 600);
  g_assert_cmpint (height, ==, 700);

  app_quit (&app);
}

/* Two processes, one after the other, on one settings file: the
 * statistics, the preferences and the window's size are all found again. */
static void
test_restart_keeps_everything (void)
{
  g_autofree char *path = keyfile_path ();
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;

  /* Two children, one after the other: the phase tells them apart. */
  if (g_test_subprocess ())
    {
      if (g_strcmp0 (g_getenv ("TTT_RESTART_PHASE"), "first") == 0)
        child_restart_first ();
      else
        child_restart_second ();
      return;
    }

  g_remove (path);
  remove_results ();
  use_keyfile_backend ();

  g_setenv ("TTT_RESTART_PHASE", "first", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  /* It is on disk, not just in the first process's memory… */
  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  assert_recorded_tally (TTT_TALLY_HARD, "(0, 0, 1, 0, 0)");
  assert_recorded_tally (TTT_TALLY_TWO_PLAYERS, "(1, 0, 0, 0, 0)");

  /* …and a new process starts from it. */
  g_setenv ("TTT_RESTART_PHASE", "second", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* The first release's six totals, on the first start of this one. */
static const char old_scores_keyfile[] =
  "[" GROUP "]\n"
  "difficulty='easy'\n"
  "score-human=4\n"
  "score-draws=1\n"
  "score-computer=2\n"
  "score-x=3\n"
  "score-pair-draws=6\n"
  "score-o=5\n";

static void
child_migrate_scores (void)
{
  App app = { 0 };

  app_start (&app);
  assert_tally (&app, TTT_TALLY_EASY, 4, 1, 2);
  assert_tally (&app, TTT_TALLY_TWO_PLAYERS, 3, 6, 5);
  assert_tally (&app, TTT_TALLY_MEDIUM, 0, 0, 0);
  assert_tally (&app, TTT_TALLY_HARD, 0, 0, 0);
  /* You 4, draws 1, computer 2, at the level being played. */
  ttt_test_assert_badges (app.window, 4, 1, 2);
  app_quit (&app);
}

static void
test_migrate_scores (void)
{
  g_autofree char *path = keyfile_path ();

  if (g_test_subprocess ())
    {
      child_migrate_scores ();
      return;
    }

  write_keyfile (old_scores_keyfile);
  use_keyfile_backend ();

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("");

  /* Carried over into the results file; the settings are left alone
   * (the results file says they were carried over). */
  {
    g_autoptr(GKeyFile) keyfile = g_key_file_new ();
    g_autoptr(GError) error = NULL;

    g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
    g_assert_no_error (error);
    assert_recorded_tally (TTT_TALLY_EASY, "(4, 1, 2, 0, 0)");
    assert_recorded_tally (TTT_TALLY_TWO_PLAYERS, "(3, 6, 5, 0, 0)");
    g_assert_cmpint (g_key_file_get_integer (keyfile, GROUP, "score-human", NULL), ==, 4);
    g_assert_cmpint (g_key_file_get_integer (keyfile, GROUP, "score-o", NULL), ==, 5);
  }

  /* Once: a second start finds the same, not twice as much. */
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* Statistics edited by hand into a value whose entries do not add up:
 * the good ones are carried over, the rest said. */
static const char broken_statistics_keyfile[] =
  "[" GROUP "]\n"
  "statistics={'easy': (3, 1, 2, 1, 2), 'hard': (1, 2, 0, 4, 5)}\n";

static void
child_broken_statistics (void)
{
  App app = { 0 };

  app_start (&app);

  assert_tally (&app, TTT_TALLY_EASY, 3, 1, 2);
  assert_tally (&app, TTT_TALLY_HARD, 0, 0, 0);
  app_quit (&app);
}

static void
test_broken_statistics (void)
{
  g_autofree char *path = keyfile_path ();

  if (g_test_subprocess ())
    {
      child_broken_statistics ();
      return;
    }

  write_keyfile (broken_statistics_keyfile);
  use_keyfile_backend ();

  /* Said once, the good entry carried over into the results file. */
  g_setenv ("TTT_STATISTICS_PHASE", "first", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("tictactoe: the statistics in the settings were repaired, keeping what "
                             "was good: *?hard? does not add up*\n*");
  {
    g_autoptr(GKeyFile) keyfile = g_key_file_new ();
    g_autoptr(GError) error = NULL;

    g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
    g_assert_no_error (error);
    assert_recorded_tally (TTT_TALLY_EASY, "(3, 1, 2, 1, 2)");
    assert_recorded_tally (TTT_TALLY_HARD, "(0, 0, 0, 0, 0)");
  }

  /* The next start has nothing to say. */
  g_setenv ("TTT_STATISTICS_PHASE", "second", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr_unmatched ("*tictactoe:*");
}

/* The results file, whatever happens to it */

/* Serves the main loop until @done says so: the file monitor's events
 * and the window's come in their own time. The deadline only turns a
 * hang into a failure. */
static void
wait_until (gboolean (*done) (gpointer),
            gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + 20 * G_USEC_PER_SEC;

  while (!done (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, TRUE);
    }
}

/* Two people's tally at 40, another program's group after ours. */
static const char forty_wins_keyfile[] =
  "[" GROUP "]\n"
  "opponent='human'\n"
  "statistics={'easy': (0, 0, 0, 0, 0), 'medium': (0, 0, 0, 0, 0), 'hard': (0, 0, 0, 0, 0), "
  "'two-players': (40, 0, 0, 0, 0)}\n"
  "\n"
  "[org/example/Other]\n"
  "precious='keep me'\n";

static void
assert_notice (App        *app,
               const char *pattern)
{
  const char *notice = ttt_window_get_notice (app->window);

  g_assert_nonnull (notice);
  if (!g_pattern_match_simple (pattern, notice))
    g_error ("the notice “%s” is not “%s”", notice, pattern);
}

static void
child_play_one_win (void)
{
  App app = { 0 };

  app_start (&app);
  ttt_test_assert_badges (app.window, 40, 0, 0);
  ttt_test_play_top_row_for_x (app.window);
  ttt_test_assert_badges (app.window, 41, 0, 0);
  if (g_getenv ("TTT_EXPECT_NOTICE") != NULL)
    assert_notice (&app, g_getenv ("TTT_EXPECT_NOTICE"));
  else
    g_assert_null (ttt_window_get_notice (app.window));
  app_quit (&app);
}

/* A results file made read-only stays as it is; the window says so,
 * once, and the game goes on counting for this run. */
static void
test_read_only_file (void)
{
  static const char forty_wins_results[] = "1\t5\tcarried\ttwo-players\t40\t0\t0\t0\t0\n";
  g_autofree char *results = results_path ();
  g_autofree char *folder = g_path_get_dirname (results);
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      child_play_one_win ();
      return;
    }

  write_keyfile (forty_wins_keyfile);
  g_assert_cmpint (g_mkdir_with_parents (folder, 0700), ==, 0);
  g_file_set_contents (results, forty_wins_results, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_chmod (results, 0444), ==, 0);
  use_keyfile_backend ();
  g_setenv ("TTT_EXPECT_NOTICE", "Scores can’t be saved: the results file *results cannot be written to", TRUE);

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_unsetenv ("TTT_EXPECT_NOTICE");
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*tictactoe: scores can?t be saved: the results file *results cannot be written to\n*");
  g_test_trap_assert_stderr_unmatched ("*can?t be saved*can?t be saved*");

  g_file_get_contents (results, &after, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, forty_wins_results);
  g_chmod (results, 0600);
}

static void
count_changed_cb (TttStatistics *statistics,
                  TttTallyId     id,
                  guint         *n)
{
  (*n)++;
}

static gboolean
counted (gpointer data)
{
  return *(guint *) data > 0;
}

/* Another game on the same data folder adds its results while this one
 * runs, and a line someone broke: they appear, it is skipped. */
static void
child_results_added (void)
{
  App app = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *results = results_path ();
  g_autoptr(GFileOutputStream) stream = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (results);
  static const char added[] = "1\t5\tgame\teasy\twon\t9\n"
                              "1\t6\tgame\teasy\tno idea\t9\n"
                              "1\t7\tgame\ttwo-players\twon\t5\n";
  guint changed = 0;

  app_start (&app);
  ttt_test_play_top_row_for_x (app.window);
  ttt_test_assert_badges (app.window, 41, 0, 0);

  g_signal_connect (ttt_application_get_statistics (app.app), "changed",
                    G_CALLBACK (count_changed_cb), &changed);
  stream = g_file_append_to (file, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_output_stream_write_all (G_OUTPUT_STREAM (stream), added, strlen (added),
                                            NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (G_OUTPUT_STREAM (stream), NULL, &error));
  wait_until (counted, &changed);
  assert_tally (&app, TTT_TALLY_EASY, 1, 0, 0);
  assert_tally (&app, TTT_TALLY_TWO_PLAYERS, 42, 0, 0);
  ttt_test_assert_badges (app.window, 42, 0, 0);

  ttt_test_activate (app.window, "win.new-game");
  ttt_test_play_top_row_for_x (app.window);
  ttt_test_assert_badges (app.window, 43, 0, 0);
  app_quit (&app);
}

static void
test_results_added (void)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = keyfile_path ();

  if (g_test_subprocess ())
    {
      child_results_added ();
      return;
    }

  write_keyfile (forty_wins_keyfile);
  use_keyfile_backend ();

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (g_key_file_has_key (keyfile, "org/example/Other", "precious", NULL));
  g_test_trap_assert_stderr ("*tictactoe: the results file *results has lines that cannot be "
                             "read (1); they are skipped\n*");
  g_test_trap_assert_stderr_unmatched ("*skipped*skipped*");
  assert_recorded_tally (TTT_TALLY_EASY, "(1, 0, 0, 1, 1)");
  assert_recorded_tally (TTT_TALLY_TWO_PLAYERS, "(43, 0, 0, 0, 0)");
}

static gboolean
window_gone (gpointer data)
{
  return gtk_application_get_windows (data) == NULL;
}

/* SIGTERM mid-game ends it as Ctrl+Q does: the window keeps its size. */
static void
test_sigterm (void)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = keyfile_path ();

  if (g_test_subprocess ())
    {
      App app = { 0 };

      app_start (&app);
      gtk_window_set_default_size (GTK_WINDOW (app.window), 640, 720);
      ttt_test_click (app.window, 4);
      g_assert_cmpint (kill (getpid (), SIGTERM), ==, 0);
      wait_until (window_gone, app.app);
      g_clear_object (&app.app);
      return;
    }

  g_remove (path);
  remove_results ();
  use_keyfile_backend ();
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();

  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_key_file_get_integer (keyfile, GROUP, "window-width", NULL), ==, 640);
  g_assert_cmpint (g_key_file_get_integer (keyfile, GROUP, "window-height", NULL), ==, 720);
}

/* SIGTERM (a session that logs out) ends the game even while the New
 * Game screen is open: from libadwaita 1.5 a window closed with a dialog
 * in it closes only the dialog, and the game went on running. */
static void
test_sigterm_new_game (void)
{
  if (g_test_subprocess ())
    {
      App app = { 0 };

      app_start (&app);
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (app.window), "win.choose-game", NULL));
      ttt_test_iterate ();
      g_assert_cmpint (kill (getpid (), SIGTERM), ==, 0);
      wait_until (window_gone, app.app);
      g_clear_object (&app.app);
      return;
    }

  remove_results ();
  use_keyfile_backend ();
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
}

/* A full disk, on a small tmpfs mounted in a mount namespace of the
 * child's own, so nothing of it is seen outside. */
#define TMPFS_SIZE "64k"

static void
mount_small_disk (void)
{
  /* Under the results: the settings are GLib's to keep. */
  g_autofree char *results = results_path ();
  g_autofree char *dir = g_path_get_dirname (results);

  g_assert_cmpint (g_mkdir_with_parents (dir, 0700), ==, 0);
  g_assert_cmpint (unshare (CLONE_NEWNS), ==, 0);
  g_assert_cmpint (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), ==, 0);
  g_assert_cmpint (mount ("tictactoe-test", dir, "tmpfs", 0, "size=" TMPFS_SIZE), ==, 0);
}

/* Fills the results' disk. */
static char *
fill_disk (void)
{
  g_autofree char *results = results_path ();
  g_autofree char *dir = g_path_get_dirname (results);
  char *filler = g_build_filename (dir, "filler", NULL);
  static const char block[1024];
  int fd = g_open (filler, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) == sizeof block)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);
  return filler;
}

static void
child_full_disk (void)
{
  g_autofree char *filler = NULL;
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *path = keyfile_path ();
  App app = { 0 };

  write_keyfile (forty_wins_keyfile);
  mount_small_disk ();
  filler = fill_disk ();

  /* The key's 40 wins are carried over at the start, kept in memory. */
  app_start (&app);
  ttt_test_play_top_row_for_x (app.window);
  /* The session's count on screen, the reason in the window. */
  ttt_test_assert_badges (app.window, 41, 0, 0);
  assert_notice (&app, "Scores can’t be saved: the disk is full");
  g_assert_true (gtk_widget_is_sensitive (GTK_WIDGET (app.window)));

  /* Room again: the next result saves all, and the notice goes. */
  g_assert_cmpint (g_remove (filler), ==, 0);
  ttt_test_activate (app.window, "win.new-game");
  ttt_test_play_top_row_for_x (app.window);
  ttt_test_assert_badges (app.window, 42, 0, 0);
  g_assert_null (ttt_window_get_notice (app.window));
  app_quit (&app);

  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  g_assert_true (g_key_file_has_key (keyfile, "org/example/Other", "precious", NULL));
  /* Nothing lost: what was kept in memory was written with the next. */
  assert_recorded_tally (TTT_TALLY_TWO_PLAYERS, "(42, 0, 0, 0, 0)");
}

static void
test_full_disk (void)
{
  if (g_test_subprocess ())
    {
      child_full_disk ();
      return;
    }

  if (!ttt_test_can_mount_namespaces ())
    {
      g_test_skip ("needs root and mount namespaces, to mount a small tmpfs (CI has both)");
      return;
    }

  use_keyfile_backend ();
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*tictactoe: scores can?t be saved: the disk is full\n*");
  g_test_trap_assert_stderr_unmatched ("*can?t be saved*can?t be saved*");
  g_test_trap_assert_stderr_unmatched ("*Failed to write*");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GError) error = NULL;
  int status;

  /* The window tests' log filters (ui-helpers.c): GObject's doubled
   * start-up warning has come in these children too, and made one fail. */
  ttt_test_gtk_init (&argc, &argv);

  executable = g_strdup (g_getenv ("TTT_EXECUTABLE"));
  if (executable == NULL)
    g_error ("TTT_EXECUTABLE must name the tictactoe program to test");

  /* The parent makes one folder; the children it starts inherit it. */
  config_home = g_strdup (g_getenv ("TTT_TEST_CONFIG_HOME"));
  if (config_home == NULL)
    {
      config_home = g_dir_make_tmp ("tictactoe-startup-XXXXXX", &error);
      g_assert_no_error (error);
      g_setenv ("TTT_TEST_CONFIG_HOME", config_home, TRUE);
      /* The results file, never the user's; the children inherit it. */
      {
        g_autofree char *data_home = g_build_filename (config_home, "data", NULL);

        g_setenv ("XDG_DATA_HOME", data_home, TRUE);
      }
    }

  g_test_add_func ("/startup/cli/bad-difficulty", test_cli_bad_difficulty);
  g_test_add_func ("/startup/cli/bad-game", test_cli_bad_game);
  g_test_add_func ("/startup/cli/bad-first", test_cli_bad_first);
  g_test_add_func ("/startup/cli/empty-value", test_cli_empty_value);
  g_test_add_func ("/startup/cli/unknown-option", test_cli_unknown_option);
  g_test_add_func ("/startup/cli/missing-value", test_cli_missing_value);
  g_test_add_func ("/startup/cli/quoted-values", test_cli_quoted_values);
#ifdef TTT_HAVE_NETWORK
  g_test_add_func ("/startup/cli/bad-network", test_cli_bad_network);
  g_test_add_func ("/startup/cli/quoted-network", test_cli_quoted_network);
  g_test_add_func ("/startup/cli/international-address", test_cli_international_address);
  g_test_add_func ("/startup/cli/code", test_cli_code);
#endif
  g_test_add_func ("/startup/cli/version", test_cli_version);
  g_test_add_func ("/startup/cli/missing-schema", test_cli_missing_schema);
  g_test_add_func ("/startup/cli/stray-argument", test_cli_stray_argument);
  g_test_add_func ("/startup/cli/no-display", test_cli_no_display);
  g_test_add_func ("/startup/cli/build-tree-translation", test_cli_build_tree_translation);

  g_test_add_func ("/startup/second-launch", test_second_launch);
  g_test_add_func ("/startup/settings/invalid-keyfile", test_invalid_keyfile);
  g_test_add_func ("/startup/settings/unknown-backend", test_unknown_backend);
  g_test_add_func ("/startup/settings/unwritable", test_unwritable);
  g_test_add_data_func ("/startup/settings/scores-unsaved/read-only-folder", "read-only",
                        test_scores_unsaved);
  g_test_add_data_func ("/startup/settings/scores-unsaved/file-as-folder", "not-a-directory",
                        test_scores_unsaved);
  g_test_add_func ("/startup/settings/restart", test_restart_keeps_everything);
  g_test_add_func ("/startup/settings/migrate-scores", test_migrate_scores);
  g_test_add_func ("/startup/settings/broken-statistics", test_broken_statistics);
  g_test_add_func ("/startup/results/read-only", test_read_only_file);
  g_test_add_func ("/startup/results/added", test_results_added);
  g_test_add_func ("/startup/results/full-disk", test_full_disk);
  g_test_add_func ("/startup/settings/sigterm", test_sigterm);
  g_test_add_func ("/startup/settings/sigterm-new-game", test_sigterm_new_game);

  status = g_test_run ();

  if (!g_test_subprocess ())
    ttt_test_remove_tree (config_home);

  return status;
}
