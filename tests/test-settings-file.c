/* test-settings-file.c — the settings file: odd things in its place, and
 * two games on one file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model's own backend (ttt-settings-file.c) on a file in a folder of
 * each test's own, with the statistics bound to it as the application
 * binds them. What the window and stderr make of it is test-startup's.
 */

#include "config.h"

#include <errno.h>
#include <sys/stat.h>
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
  g_autoptr(GSettings) memory = ttt_test_memory_settings (&schema);

  game->file = ttt_settings_file_new (path);
  game->settings = g_settings_new_full (schema, G_SETTINGS_BACKEND (game->file), NULL);
  game->statistics = ttt_statistics_new ();
  ttt_statistics_bind_settings (game->statistics, game->settings, NULL);
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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/settings-file/symlink-loop", Fixture, NULL,
              fixture_set_up, test_symlink_loop, fixture_tear_down);

  g_test_add ("/settings-file/broken-read-only", Fixture, NULL,
              fixture_set_up, test_broken_read_only, fixture_tear_down);

  return g_test_run ();
}
