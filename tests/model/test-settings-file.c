/* test-settings-file.c — the settings file: odd things in its place, and
 * two games on one file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model's own backend (ttt-settings-file.c) on a file in a folder of
 * each test's own, with the statistics bound to it as the application
 * binds them. What the window and stderr make of it is test-startup's.
 */

/* unshare() */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "model-helpers.h"
#include "ttt-settings-file.h"
#include "ttt-statistics.h"

#define GROUP "io/github/jingzi/TicTacToe"

typedef struct
{
  char *folder;
  char *path;     /* the settings file, FOLDER/keyfile */
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GError) error = NULL;

  fixture->folder = g_dir_make_tmp ("tictactoe-settings-file-XXXXXX", &error);
  g_assert_no_error (error);
  fixture->path = g_build_filename (fixture->folder, "keyfile", NULL);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  ttt_test_remove_tree (fixture->folder);
  g_free (fixture->folder);
  g_free (fixture->path);
}

/* One game on the file: its backend, its settings and its statistics. */
typedef struct
{
  TttSettingsFile *file;
  GSettings       *settings;
  TttStatistics   *statistics;
} Game;

static void
game_open (Game       *game,
           const char *path)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  /* Made for its schema, which the game's file takes too. */
  GSettings *memory = ttt_test_memory_settings (&schema);

  game->file = ttt_settings_file_new (path);
  game->settings = g_settings_new_full (schema, G_SETTINGS_BACKEND (game->file), NULL);
  game->statistics = ttt_statistics_new ();
  ttt_statistics_bind_settings (game->statistics, game->settings, NULL);
  g_object_unref (memory);
}

static void
game_close (Game *game)
{
  g_clear_object (&game->statistics);
  g_clear_object (&game->settings);
  g_clear_object (&game->file);
}

/* A two-player game won by X. */
static void
game_win (Game *game)
{
  ttt_statistics_record (game->statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_WON);
}

static guint32
game_won (Game *game)
{
  TttTally tally;

  ttt_statistics_get_tally (game->statistics, TTT_TALLY_TWO_PLAYERS, &tally);
  return tally.won;
}

/* X's wins between two people as the file holds them; 0 when it holds
 * none. */
static guint32
saved_won (const char *path)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;
  g_autoptr(GVariant) value = NULL;
  guint32 won, drawn, lost, streak, best;

  g_key_file_load_from_file (keyfile, path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  text = g_key_file_get_value (keyfile, GROUP, "statistics", NULL);
  if (text == NULL)
    return 0;
  value = g_variant_parse (G_VARIANT_TYPE ("a{s(uuuuu)}"), text, NULL, NULL, &error);
  g_assert_no_error (error);
  if (!g_variant_lookup (value, "two-players", "(uuuuu)", &won, &drawn, &lost, &streak, &best))
    return 0;
  return won;
}

/* Serves the main loop until @done says so: the file monitor's events
 * come in their own time. The deadline only turns a hang into a
 * failure. */
static gboolean
deadline_cb (gpointer data)
{
  *(gboolean *) data = TRUE;

  return G_SOURCE_REMOVE;
}

static void
wait_until (gboolean (*done) (gpointer),
            gpointer   data)
{
  gboolean late = FALSE;
  guint deadline = g_timeout_add (TTT_TEST_DEADLINE_US / 1000, deadline_cb, &late);

  while (!done (data))
    {
      g_assert_false (late);
      g_main_context_iteration (NULL, TRUE);
    }
  g_source_remove (deadline);
}

static gboolean
saved_cb (gpointer data)
{
  Game *game = data;

  return ttt_settings_file_get_save_error (game->file) == NULL;
}

static void
write_file (const char *path,
            const char *contents)
{
  g_autoptr(GError) error = NULL;

  g_file_set_contents (path, contents, -1, &error);
  g_assert_no_error (error);
}

/* The names of the copies of a broken file kept beside @path. */
static GPtrArray *
list_copies (const char *path)
{
  g_autofree char *folder = g_path_get_dirname (path);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  GPtrArray *copies = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    if (g_str_has_prefix (name, "keyfile.broken-"))
      g_ptr_array_add (copies, g_build_filename (folder, name, NULL));

  return copies;
}

/* A hand-edited file with a line GKeyFile cannot read, and after it
 * another program's settings. */
static const char broken_keyfile[] =
  "[" GROUP "]\n"
  "opponent='human'\n"
  "no equals\n"
  "[org/example/Other]\n"
  "precious='keep me'\n";

/* Symbolic links in a loop */

/* Links that lead round in a loop name no file: refused in words, and
 * left as they are (GLib's backend, and the game before, renamed a file
 * over one of them). */
static void
test_symlink_loop (Fixture       *fixture,
                   gconstpointer  data)
{
  g_autofree char *other = g_build_filename (fixture->folder, "other", NULL);
  g_autofree char *expected = g_strdup_printf ("the settings path %s is a loop of symbolic links",
                                               fixture->path);
  g_autofree char *link = NULL;
  g_autoptr(GError) error = NULL;
  Game game = { 0 };
  GStatBuf st;

  g_assert_cmpint (symlink ("other", fixture->path), ==, 0);
  g_assert_cmpint (symlink ("keyfile", other), ==, 0);

  game_open (&game, fixture->path);
  g_assert_cmpstr (ttt_settings_file_get_save_error (game.file), ==, expected);

  /* A result and a preference: kept for the session, not written. */
  game_win (&game);
  g_settings_set_string (game.settings, "opponent", "human");
  g_assert_cmpuint (game_won (&game), ==, 1);
  g_assert_cmpstr (ttt_settings_file_get_save_error (game.file), ==, expected);
  g_assert_false (ttt_settings_file_save (game.file));
  game_close (&game);

  g_assert_cmpint (g_lstat (fixture->path, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  link = g_file_read_link (fixture->path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (link, ==, "other");
  g_clear_pointer (&link, g_free);
  link = g_file_read_link (other, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (link, ==, "keyfile");
}

/* Something else in the file's place for a while */

/* A folder or a named pipe put in the file's place, then the same file
 * put back: the results counted meanwhile are written as soon as it is
 * back, the reason goes, and the writes go on (they stopped for the
 * session, when the file came back byte for byte as it was). */
static void
test_back_after (Fixture       *fixture,
                 gconstpointer  data)
{
  const char *kind = data;
  g_autofree char *away = g_strconcat (fixture->path, ".away", NULL);
  g_autofree char *expected = g_strdup_printf ("the settings path %s is not a file", fixture->path);
  Game game = { 0 };

  game_open (&game, fixture->path);
  game_win (&game);
  g_assert_null (ttt_settings_file_get_save_error (game.file));
  g_assert_cmpuint (saved_won (fixture->path), ==, 1);

  g_assert_cmpint (g_rename (fixture->path, away), ==, 0);
  if (g_str_equal (kind, "fifo"))
    g_assert_cmpint (mkfifo (fixture->path, 0600), ==, 0);
  else
    g_assert_cmpint (g_mkdir (fixture->path, 0700), ==, 0);
  game_win (&game);
  game_win (&game);
  g_assert_cmpuint (game_won (&game), ==, 3);
  g_assert_cmpstr (ttt_settings_file_get_save_error (game.file), ==, expected);
  g_assert_cmpuint (saved_won (away), ==, 1);

  /* The same file back: the notice goes without another result. */
  if (g_str_equal (kind, "fifo"))
    g_assert_cmpint (g_remove (fixture->path), ==, 0);
  else
    g_assert_cmpint (g_rmdir (fixture->path), ==, 0);
  g_assert_cmpint (g_rename (away, fixture->path), ==, 0);
  wait_until (saved_cb, &game);
  g_assert_cmpuint (saved_won (fixture->path), ==, 3);

  game_win (&game);
  g_assert_null (ttt_settings_file_get_save_error (game.file));
  g_assert_cmpuint (saved_won (fixture->path), ==, 4);
  game_close (&game);
  g_assert_cmpuint (saved_won (fixture->path), ==, 4);
}

/* The same without the file monitor: the next result writes. */
static void
test_back_unwatched (Fixture       *fixture,
                     gconstpointer  data)
{
  g_autofree char *away = g_strconcat (fixture->path, ".away", NULL);
  Game game = { 0 };

  game_open (&game, fixture->path);
  game_win (&game);
  g_assert_cmpint (g_rename (fixture->path, away), ==, 0);
  g_assert_cmpint (g_mkdir (fixture->path, 0700), ==, 0);
  game_win (&game);
  g_assert_nonnull (ttt_settings_file_get_save_error (game.file));
  g_assert_cmpint (g_rmdir (fixture->path), ==, 0);
  g_assert_cmpint (g_rename (away, fixture->path), ==, 0);

  game_win (&game);
  g_assert_null (ttt_settings_file_get_save_error (game.file));
  g_assert_cmpuint (saved_won (fixture->path), ==, 3);
  game_close (&game);
}

/* Two games on one file */

static gboolean
won_sixteen_cb (gpointer data)
{
  return game_won (data) == 16;
}

/* Two games on one file (two logins, a remote session beside a local
 * one), 8 wins in each, one after the other's, faster than either hears
 * of the other's writes: the file ends at 16, not at one game's 8, and
 * each game's preference stays. Then each game hears of the other's. */
static void
test_two_games (Fixture       *fixture,
                gconstpointer  data)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *difficulty = NULL;
  g_autofree char *opponent = NULL;
  g_autofree char *heard_opponent = NULL;
  g_autofree char *heard_difficulty = NULL;
  Game one = { 0 };
  Game two = { 0 };

  write_file (fixture->path,
              "[" GROUP "]\n"
              "first-player='computer'\n"
              "\n"
              "[org/example/Other]\n"
              "precious='keep me'\n");
  game_open (&one, fixture->path);
  game_open (&two, fixture->path);

  g_settings_set_string (one.settings, "difficulty", "hard");
  g_settings_set_string (two.settings, "opponent", "human");
  for (guint i = 0; i < 8; i++)
    {
      game_win (&one);
      game_win (&two);
    }
  g_assert_null (ttt_settings_file_get_save_error (one.file));
  g_assert_null (ttt_settings_file_get_save_error (two.file));

  g_assert_cmpuint (saved_won (fixture->path), ==, 16);
  g_key_file_load_from_file (keyfile, fixture->path, G_KEY_FILE_NONE, &error);
  g_assert_no_error (error);
  difficulty = g_key_file_get_value (keyfile, GROUP, "difficulty", NULL);
  opponent = g_key_file_get_value (keyfile, GROUP, "opponent", NULL);
  g_assert_cmpstr (difficulty, ==, "'hard'");
  g_assert_cmpstr (opponent, ==, "'human'");
  g_assert_true (g_key_file_has_key (keyfile, GROUP, "first-player", NULL));
  g_assert_true (g_key_file_has_key (keyfile, "org/example/Other", "precious", NULL));

  /* The second game took the first's on its last write; the first hears
   * of the second's last from the file monitor. */
  g_assert_cmpuint (game_won (&two), ==, 16);
  wait_until (won_sixteen_cb, &one);
  heard_opponent = g_settings_get_string (one.settings, "opponent");
  heard_difficulty = g_settings_get_string (two.settings, "difficulty");
  g_assert_cmpstr (heard_opponent, ==, "human");
  g_assert_cmpstr (heard_difficulty, ==, "hard");

  game_close (&one);
  game_close (&two);
  g_assert_cmpuint (saved_won (fixture->path), ==, 16);
}

/* A reset in one game stands, over what the other counted before it;
 * what the other counts after it adds to it. */
static void
test_two_games_reset (Fixture       *fixture,
                      gconstpointer  data)
{
  Game one = { 0 };
  Game two = { 0 };

  game_open (&one, fixture->path);
  game_open (&two, fixture->path);
  for (guint i = 0; i < 5; i++)
    game_win (&one);
  game_win (&two);
  g_assert_cmpuint (saved_won (fixture->path), ==, 6);
  g_assert_cmpuint (game_won (&two), ==, 6);

  ttt_statistics_reset_all (one.statistics);
  g_assert_cmpuint (saved_won (fixture->path), ==, 0);
  g_assert_cmpuint (game_won (&one), ==, 0);

  game_win (&two);
  g_assert_cmpuint (saved_won (fixture->path), ==, 1);
  g_assert_cmpuint (game_won (&two), ==, 1);

  game_close (&one);
  game_close (&two);
}

/* The same in two processes at once, which the lock takes turns. */
#define PROCESS_WINS 50

/* A child: waits for its standard input to close (the start for both),
 * then counts PROCESS_WINS wins on the file TTT_SETTINGS_FILE names. */
static int
child_count_wins (void)
{
  Game game = { 0 };
  char byte;
  gssize n;

  game_open (&game, g_getenv ("TTT_SETTINGS_FILE"));
  do
    n = read (STDIN_FILENO, &byte, 1);
  while (n > 0 || (n < 0 && errno == EINTR));
  for (guint i = 0; i < PROCESS_WINS; i++)
    game_win (&game);
  if (ttt_settings_file_get_save_error (game.file) != NULL)
    {
      g_printerr ("%s\n", ttt_settings_file_get_save_error (game.file));
      return 1;
    }
  game_close (&game);
  return 0;
}

static char *test_program;

static void
test_two_processes (Fixture       *fixture,
                    gconstpointer  data)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE);
  g_autoptr(GSubprocess) one = NULL;
  g_autoptr(GSubprocess) two = NULL;
  g_autoptr(GError) error = NULL;
  const char *argv[] = { test_program, NULL };

  g_subprocess_launcher_setenv (launcher, "TTT_SETTINGS_FILE", fixture->path, TRUE);
  g_subprocess_launcher_setenv (launcher, "TTT_TEST_COUNT_WINS", "1", TRUE);
  one = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  two = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);

  /* Both at once. */
  g_output_stream_close (g_subprocess_get_stdin_pipe (one), NULL, &error);
  g_assert_no_error (error);
  g_output_stream_close (g_subprocess_get_stdin_pipe (two), NULL, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check (one, NULL, &error);
  g_assert_no_error (error);
  g_subprocess_wait_check (two, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpuint (saved_won (fixture->path), ==, 2 * PROCESS_WINS);
}

/* A broken file */

/* A start of the game on @path: a result, then quitting. */
static void
child_start (const char *path)
{
  Game game = { 0 };

  game_open (&game, path);
  game_win (&game);
  game_close (&game);
}

/* A broken file that cannot be written over is found again at every
 * start: copied aside the first time only, and each start names that
 * copy. */
static void
test_broken_read_only (Fixture       *fixture,
                       gconstpointer  data)
{
  g_autoptr(GPtrArray) copies = NULL;
  g_autofree char *named = NULL;
  g_autofree char *kept = NULL;
  g_autofree char *after = NULL;
  g_autoptr(GError) error = NULL;

  if (g_test_subprocess ())
    {
      child_start (g_getenv ("TTT_SETTINGS_FILE"));
      return;
    }

  write_file (fixture->path, broken_keyfile);
  g_assert_cmpint (g_chmod (fixture->path, 0444), ==, 0);
  g_setenv ("TTT_SETTINGS_FILE", fixture->path, TRUE);

  for (guint start = 0; start < 3; start++)
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      g_test_trap_assert_stderr ("tictactoe: line 3 of the settings file *keyfile cannot be read*"
                                 "is kept as *keyfile.broken-*\n");

      g_clear_pointer (&copies, g_ptr_array_unref);
      copies = list_copies (fixture->path);
      g_assert_cmpuint (copies->len, ==, 1);
      g_free (named);
      named = g_strconcat ("*kept as ", (char *) copies->pdata[0], "\n", NULL);
      g_test_trap_assert_stderr (named);
    }

  g_file_get_contents (copies->pdata[0], &kept, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (kept, ==, broken_keyfile);
  g_file_get_contents (fixture->path, &after, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, broken_keyfile);
}

/* A broken file on a disk too full for its copy: never written over;
 * once there is room, the next result keeps the copy and writes (the
 * writes stopped for the session). The disk is a small tmpfs mounted in
 * a mount namespace of the child's own, so nothing of it is seen
 * outside. */
static void
child_broken_full_disk (Fixture *fixture)
{
  g_autoptr(GString) contents = g_string_new (broken_keyfile);
  g_autofree char *filler = g_build_filename (fixture->folder, "filler", NULL);
  g_autofree char *after = NULL;
  g_autoptr(GPtrArray) copies = NULL;
  g_autoptr(GError) error = NULL;
  static const char block[1024];
  Game game = { 0 };
  int fd;

  g_assert_cmpint (unshare (CLONE_NEWNS), ==, 0);
  g_assert_cmpint (mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL), ==, 0);
  g_assert_cmpint (mount ("tictactoe-test", fixture->folder, "tmpfs", 0, "size=64k"), ==, 0);

  /* Longer than the room left once the disk is full. */
  for (guint i = 0; i < 700; i++)
    g_string_append_printf (contents, "line%u='a setting of another program'\n", i);
  write_file (fixture->path, contents->str);
  fd = g_open (filler, O_WRONLY | O_CREAT | O_TRUNC, 0600);
  g_assert_cmpint (fd, >=, 0);
  while (write (fd, block, sizeof block) == sizeof block)
    ;
  g_assert_cmpint (errno, ==, ENOSPC);
  close (fd);

  game_open (&game, fixture->path);
  g_assert_true (g_pattern_match_simple ("the settings file *keyfile cannot be read and no copy of it could be kept",
                                         ttt_settings_file_get_save_error (game.file)));
  game_win (&game);
  g_file_get_contents (fixture->path, &after, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, contents->str);

  /* Room again. */
  g_assert_cmpint (g_remove (filler), ==, 0);
  game_win (&game);
  game_win (&game);
  g_assert_null (ttt_settings_file_get_save_error (game.file));
  g_assert_cmpuint (saved_won (fixture->path), ==, 3);
  game_close (&game);

  copies = list_copies (fixture->path);
  g_assert_cmpuint (copies->len, ==, 1);
  g_clear_pointer (&after, g_free);
  g_file_get_contents (copies->pdata[0], &after, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (after, ==, contents->str);
  g_assert_cmpint (umount (fixture->folder), ==, 0);
}

static void
test_broken_full_disk (Fixture       *fixture,
                       gconstpointer  data)
{
  if (g_test_subprocess ())
    {
      child_broken_full_disk (fixture);
      return;
    }

  if (!ttt_test_can_mount_namespaces ())
    {
      g_test_skip ("needs root and mount namespaces, to mount a small tmpfs (CI has both)");
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  /* The copy failed, and is said; then it is kept, and said. */
  g_test_trap_assert_stderr ("tictactoe: line 3 of the settings file *keyfile cannot be read*"
                             "no copy of the file could be kept*\n"
                             "tictactoe: line 3 of the settings file *keyfile cannot be read*"
                             "is kept as *keyfile.broken-*\n");
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("TTT_TEST_COUNT_WINS") != NULL)
    return child_count_wins ();

  test_program = argv[0];
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/settings-file/symlink-loop", Fixture, NULL,
              fixture_set_up, test_symlink_loop, fixture_tear_down);

  g_test_add ("/settings-file/back-after/directory", Fixture, "directory",
              fixture_set_up, test_back_after, fixture_tear_down);
  g_test_add ("/settings-file/back-after/fifo", Fixture, "fifo",
              fixture_set_up, test_back_after, fixture_tear_down);
  g_test_add ("/settings-file/back-unwatched", Fixture, NULL,
              fixture_set_up, test_back_unwatched, fixture_tear_down);
  g_test_add ("/settings-file/two-games", Fixture, NULL,
              fixture_set_up, test_two_games, fixture_tear_down);
  g_test_add ("/settings-file/two-games-reset", Fixture, NULL,
              fixture_set_up, test_two_games_reset, fixture_tear_down);
  g_test_add ("/settings-file/two-processes", Fixture, NULL,
              fixture_set_up, test_two_processes, fixture_tear_down);
  g_test_add ("/settings-file/broken-full-disk", Fixture, NULL,
              fixture_set_up, test_broken_full_disk, fixture_tear_down);
  g_test_add ("/settings-file/broken-read-only", Fixture, NULL,
              fixture_set_up, test_broken_read_only, fixture_tear_down);

  return g_test_run ();
}
