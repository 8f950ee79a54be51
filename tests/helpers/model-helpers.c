/* model-helpers.c — what the tests of the model share: GLib only
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define _GNU_SOURCE
#define G_SETTINGS_ENABLE_BACKEND

#include "config.h"

#include <string.h>
#include <locale.h>
#include <gnu/libc-version.h>
#include <sched.h>
#include <signal.h>
#include <sys/mount.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "die-with-parent.h"
#include "model-helpers.h"
#include "ttt-record-file.h"
#include "reference-rules.h"

#define SCHEMA_ID "io.github.jingzi.TicTacToe"

/* The main loop */

/* How many requests for a move, a hint or an analysis, in all games,
 * have not had their answer back on the main thread: what a test waits
 * for before it looks. */
guint
ttt_test_count_thinking (void)
{
  return ttt_table_count_thinking () + ttt_analyst_count_thinking ();
}

/* Runs whatever is ready, without waiting, but for the answer of a
 * computer already thinking off the main thread: a move that the main loop
 * alone would have made at once before it thought in a thread. */
void
ttt_test_iterate (void)
{
  while (g_main_context_pending (NULL) || ttt_test_count_thinking () > 0)
    g_main_context_iteration (NULL, ttt_test_count_thinking () > 0);
}

/* Runs the loop for @ms milliseconds, whatever comes. */
void
ttt_test_run_for (guint ms)
{
  gint64 until = g_get_monotonic_time () + ms * G_TIME_SPAN_MILLISECOND;

  do
    ttt_test_iterate ();
  while (g_get_monotonic_time () < until);
}

static gboolean
set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the loop long enough that anything due within a few milliseconds
 * (a computer move left behind) would have run. */
void
ttt_test_drain (void)
{
  gboolean done = FALSE;

  g_timeout_add (30, set_flag_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  ttt_test_iterate ();
}

/* Runs the loop until the computer has moved: fails after a generous deadline rather
 * than hang. */
void
ttt_test_wait_for_human (TttGame *game)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (ttt_game_get_state (game) == TTT_GAME_STATE_WAITING &&
         g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, TRUE);

  g_assert_cmpint (ttt_game_get_state (game), !=, TTT_GAME_STATE_WAITING);
  ttt_test_iterate ();
}

/* Whether the game's table has a main loop source pending for the
 * computer's move, in its pause. */
gboolean
ttt_test_has_pending_source (TttGame *game)
{
  return g_main_context_find_source_by_user_data (NULL, ttt_table_get_move_request (ttt_game_get_table (game))) != NULL;
}

/* For g_signal_connect_swapped(): counts emissions into a guint. */
void
ttt_test_count_cb (gpointer counter)
{
  (*(guint *) counter)++;
}

/* Removes a folder of the test's own and everything in it; follows no
 * link out of it. */
void
ttt_test_remove_tree (const char *path)
{
  GDir *dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR) && !g_file_test (child, G_FILE_TEST_IS_SYMLINK))
        ttt_test_remove_tree (child);
      else
        g_remove (child);
    }
  g_clear_pointer (&dir, g_dir_close);
  g_rmdir (path);
}

/* Games and boards */

const char *
ttt_test_nick (GType type,
               int   value)
{
  GEnumClass *klass = g_type_class_peek (type);
  GEnumValue *enum_value;

  /* Kept for the life of the test, with the nicks it holds. */
  if (klass == NULL)
    klass = g_type_class_ref (type);

  enum_value = g_enum_get_value (klass, value);
  g_assert_nonnull (enum_value);

  return enum_value->value_nick;
}

/* A game whose computer answers at once, from @seed. */
TttGame *
ttt_test_game_new (guint64 seed)
{
  TttGame *game = ttt_game_new ();

  ttt_table_set_delay (ttt_game_get_table (game), 0);
  ttt_table_set_rng_state (ttt_game_get_table (game), seed);

  return game;
}

/* A game between two people, begun. */
TttGame *
ttt_test_two_player_game_new (void)
{
  TttGame *game = ttt_test_game_new (1);

  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);

  return game;
}

/* The board as the game's getters show it. */
TttBoard
ttt_test_read_board (TttGame *game)
{
  TttBoard board = { 0, 0 };

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      TttMark mark = ttt_match_get_cell (ttt_game_get_match (game), cell);

      if (mark == TTT_MARK_X)
        board.x |= 1u << cell;
      else if (mark == TTT_MARK_O)
        board.o |= 1u << cell;
    }

  return board;
}

/* @expected as ttt_board_format() writes it: "X...O....". */
void
ttt_test_assert_board (TttGame    *game,
                       const char *expected)
{
  TttBoard board = ttt_test_read_board (game);
  char text[10];

  ttt_board_format (&board, text);
  g_assert_cmpstr (text, ==, expected);
}

gboolean
ttt_test_boards_equal (const TttBoard *a,
                       const TttBoard *b)
{
  return a->x == b->x && a->o == b->o;
}

/* The one cell set in @after but not in @before. */
int
ttt_test_new_cell (const TttBoard *before,
                   const TttBoard *after)
{
  unsigned added = (unsigned) (after->x | after->o) & ~(unsigned) (before->x | before->o);

  g_assert_cmpint (__builtin_popcount (added), ==, 1);

  return __builtin_ctz (added);
}

/* The one cell the game has played since it showed @before. */
int
ttt_test_played_since (const TttBoard *before,
                       TttGame        *game)
{
  TttBoard after = ttt_test_read_board (game);

  return ttt_test_new_cell (before, &after);
}

/* An empty cell that would complete a line of @mark (the lowest, if
 * there are more), or -1: by the reference rules, not the engine's. */
int
ttt_test_completing_cell (TttGame *game,
                          TttMark  mark)
{
  TttBoard board = ttt_test_read_board (game);
  unsigned cells = ref_threats (mark == TTT_MARK_X ? board.x : board.o, ref_empty (&board));

  return cells == 0 ? -1 : __builtin_ctz (cells);
}

/* The game's settings, from the schema the build compiles, in a memory
 * backend of their own: never the user's. @schema, if given, gets the
 * schema too. */
GSettings *
ttt_test_memory_settings (GSettingsSchema **schema)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) found = NULL;
  g_autoptr(GSettingsBackend) backend = g_memory_settings_backend_new ();

  source = g_settings_schema_source_new_from_directory (TTT_SCHEMA_DIR, NULL, TRUE, &error);
  g_assert_no_error (error);
  found = g_settings_schema_source_lookup (source, SCHEMA_ID, FALSE);
  g_assert_nonnull (found);

  if (schema != NULL)
    *schema = g_settings_schema_ref (found);

  return g_settings_new_full (found, backend, NULL);
}

/* A tally of the game's statistics, and the games it counts. */
TttTally
ttt_test_tally (TttGame    *game,
                TttTallyId  id)
{
  TttTally tally;

  ttt_statistics_get_tally (ttt_table_get_statistics (ttt_game_get_table (game)), id, &tally);

  return tally;
}

guint64
ttt_test_games (TttGame    *game,
                TttTallyId  id)
{
  TttTally tally = ttt_test_tally (game, id);

  return ttt_tally_get_games (&tally);
}

/* A tally as the game's results file holds it, read afresh. */
TttTally
ttt_test_recorded_tally (TttTallyId id)
{
  g_autoptr(TttRecordFile) records = ttt_record_file_new_default ();
  g_autoptr(TttStatistics) statistics = ttt_statistics_new ();
  TttTally tally;

  ttt_statistics_bind_records (statistics, records, NULL);
  ttt_statistics_get_tally (statistics, id, &tally);

  return tally;
}

/* Playing whole games */

/* The best cell by perfect play. */
int
ttt_test_strategy_hint (TttGame  *game,
                        gpointer  data)
{
  return ttt_analyst_hint (ttt_game_get_analyst (game), NULL);
}

/* The first empty cell in reading order: Hard beats it. */
int
ttt_test_strategy_lowest (TttGame  *game,
                          gpointer  data)
{
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_match_get_cell (ttt_game_get_match (game), cell) == TTT_MARK_NONE)
      return cell;

  g_assert_not_reached ();
}

/* Wins when it can, blocks when it must, and otherwise takes the first
 * free cell of the corners, the centre, then the sides: opposite corners
 * that Medium does not answer well. */
int
ttt_test_strategy_corners (TttGame  *game,
                           gpointer  data)
{
  static const int order[] = { 0, 8, 2, 6, 4, 1, 3, 5, 7 };
  TttMark mine = ttt_game_get_turn (game);
  int cell = ttt_test_completing_cell (game, mine);

  if (cell < 0)
    cell = ttt_test_completing_cell (game, mine == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X);
  for (guint i = 0; cell < 0 && i < G_N_ELEMENTS (order); i++)
    if (ttt_match_get_cell (ttt_game_get_match (game), order[i]) == TTT_MARK_NONE)
      cell = order[i];

  g_assert_cmpint (cell, >=, 0);
  return cell;
}

/* Any empty cell, from the GRand in @data. */
int
ttt_test_strategy_random (TttGame  *game,
                          gpointer  data)
{
  GRand *rand = data;
  int empty[TTT_N_CELLS];
  int n = 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_match_get_cell (ttt_game_get_match (game), cell) == TTT_MARK_NONE)
      empty[n++] = cell;

  g_assert_cmpint (n, >, 0);

  return empty[g_rand_int_range (rand, 0, n)];
}

/* Plays the game to its end: @strategy for every person's move, the
 * computer from the main loop, each of its moves shown to @check (which
 * may be NULL) with the board before it. */
void
ttt_test_play_out (TttGame              *game,
                   TttTestStrategy       strategy,
                   gpointer              strategy_data,
                   TttTestComputerCheck  check,
                   gpointer              check_data)
{
  guint guard = 0;

  while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    {
      g_assert_cmpuint (++guard, <=, TTT_N_CELLS);

      if (ttt_game_get_state (game) == TTT_GAME_STATE_WAITING)
        {
          TttBoard before = ttt_test_read_board (game);
          TttBoard after;

          ttt_test_wait_for_human (game);
          after = ttt_test_read_board (game);
          if (check != NULL)
            check (&before, ttt_test_new_cell (&before, &after), check_data);
        }
      else
        {
          int cell = strategy (game, strategy_data);

          g_assert_true (ttt_game_play (game, cell));
        }
    }
}

/* Plays @cells in order as the person (or people); each must be taken. */
void
ttt_test_play_cells (TttGame   *game,
                     const int *cells,
                     guint      n_cells)
{
  for (guint i = 0; i < n_cells; i++)
    g_assert_true (ttt_game_play (game, cells[i]));
}

/* Recording the news */

static void
record (TttTestRecorder *rec,
        const char      *format,
        ...) G_GNUC_PRINTF (2, 3);

static void
record (TttTestRecorder *rec,
        const char      *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (rec->events, g_strdup_vprintf (format, args));
  va_end (args);
}

static void
cell_changed_cb (TttGame         *game,
                 int              cell,
                 TttMark          mark,
                 TttTestRecorder *rec)
{
  g_assert_true (game == rec->game);
  g_assert_cmpint (cell, >=, 0);
  g_assert_cmpint (cell, <, TTT_N_CELLS);

  /* The model must already show what the signal says. */
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), cell), ==, mark);

  rec->shadow.x &= ~(1u << cell);
  rec->shadow.o &= ~(1u << cell);
  if (mark == TTT_MARK_X)
    rec->shadow.x |= 1u << cell;
  else if (mark == TTT_MARK_O)
    rec->shadow.o |= 1u << cell;

  record (rec, "cell %d %s", cell, ttt_test_nick (TTT_TYPE_MARK, mark));
}

static void
turn_changed_cb (TttGame         *game,
                 TttMark          turn,
                 TttTestRecorder *rec)
{
  g_assert_cmpint (ttt_game_get_turn (game), ==, turn);
  record (rec, "turn %s", ttt_test_nick (TTT_TYPE_MARK, turn));
}

static void
game_over_cb (TttGame         *game,
              TttOutcome       outcome,
              guint            winning_cells,
              TttTestRecorder *rec)
{
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, outcome);
  g_assert_cmpuint (ttt_match_get_winning_cells (ttt_game_get_match (game)), ==, winning_cells);

  rec->n_game_over++;
  rec->last_outcome = outcome;
  record (rec, "over %s %03x", ttt_test_nick (TTT_TYPE_OUTCOME, outcome), winning_cells);
}

static void
notify_cb (TttGame         *game,
           GParamSpec      *pspec,
           TttTestRecorder *rec)
{
  record (rec, "notify %s", pspec->name);
}

static void
tally_changed_cb (TttStatistics   *statistics,
                  TttTallyId       id,
                  TttTestRecorder *rec)
{
  record (rec, "tally %s", ttt_test_nick (TTT_TYPE_TALLY_ID, id));
}

void
ttt_test_recorder_init (TttTestRecorder *rec,
                        TttGame         *game)
{
  memset (rec, 0, sizeof *rec);
  rec->game = game;
  rec->events = g_ptr_array_new_with_free_func (g_free);
  rec->shadow = ttt_test_read_board (game);

  g_signal_connect (game, "cell-changed", G_CALLBACK (cell_changed_cb), rec);
  g_signal_connect (game, "turn-changed", G_CALLBACK (turn_changed_cb), rec);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), rec);
  g_signal_connect (game, "notify", G_CALLBACK (notify_cb), rec);
  rec->statistics = g_object_ref (ttt_table_get_statistics (ttt_game_get_table (game)));
  g_signal_connect (rec->statistics, "changed", G_CALLBACK (tally_changed_cb), rec);
}

void
ttt_test_recorder_clear (TttTestRecorder *rec)
{
  if (rec->game != NULL)
    g_signal_handlers_disconnect_by_data (rec->game, rec);
  if (rec->statistics != NULL)
    g_signal_handlers_disconnect_by_data (rec->statistics, rec);
  g_clear_pointer (&rec->events, g_ptr_array_unref);
  g_clear_object (&rec->statistics);
  rec->game = NULL;
}

/* Drops what was recorded so far, unchecked. */
void
ttt_test_recorder_forget (TttTestRecorder *rec)
{
  g_ptr_array_set_size (rec->events, 0);
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* GLib does not promise the order in which frozen notifications come out,
 * so within a run of consecutive notifications only the set counts. */
static char *
normalise (char  **events,
           guint   n_events)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char **copy = g_memdup2 (events, sizeof (char *) * n_events);
  guint i = 0;

  while (i < n_events)
    {
      guint j = i;

      while (j < n_events && g_str_has_prefix (copy[j], "notify "))
        j++;
      if (j > i)
        qsort (copy + i, j - i, sizeof (char *), compare_strings);
      else
        j = i + 1;

      for (; i < j; i++)
        g_string_append_printf (out, "%s\n", copy[i]);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

/* The news since the last check is @expected, in order (but for the order
 * within a run of notifications), and adds up to the board the model
 * holds. Then forgets it. */
void
ttt_test_recorder_assert (TttTestRecorder    *rec,
                          const char * const *expected)
{
  g_autofree char *actual_text = normalise ((char **) rec->events->pdata, rec->events->len);
  g_autofree char *expected_text = normalise ((char **) expected, g_strv_length ((char **) expected));
  TttBoard board = ttt_test_read_board (rec->game);

  g_assert_cmpstr (actual_text, ==, expected_text);
  g_assert_true (ttt_test_boards_equal (&rec->shadow, &board));
  ttt_test_recorder_forget (rec);
}

/* Asks gettext for @language from now on, as LANGUAGE would at start-up,
 * or for none (NULL): the catalogs must already be bound. */
void
ttt_test_use_language (const char *language)
{
  if (language != NULL)
    g_setenv ("LANGUAGE", language, TRUE);
  else
    g_unsetenv ("LANGUAGE");
  /* Makes gettext forget the translations it looked up before. */
  textdomain (GETTEXT_PACKAGE);
}

/* The name of an installed locale in which gettext follows LANGUAGE, as a
 * person's desktop session has: gettext ignores LANGUAGE in the C locale,
 * and glibc 2.41 and later in C.UTF-8 too. The messages of these locales
 * are the source strings, so the English tests see those. Aborts, saying
 * what to do, where there is none (build-aux/stack generates en_US.UTF-8
 * in its roots; glibc before 2.41 always has C.UTF-8). */
const char *
ttt_test_translating_locale (void)
{
  static const char *candidates[] = { "en_US.UTF-8", "en_US.utf8", "C.UTF-8", "C.utf8" };
  int major = 0, minor = 0;
  gboolean c_translates;

  sscanf (gnu_get_libc_version (), "%d.%d", &major, &minor);
  c_translates = major < 2 || (major == 2 && minor < 41);

  for (guint i = 0; i < G_N_ELEMENTS (candidates); i++)
    {
      locale_t found;

      if (!c_translates && g_str_has_prefix (candidates[i], "C."))
        break;
      found = newlocale (LC_ALL_MASK, candidates[i], (locale_t) 0);
      if (found != (locale_t) 0)
        {
          freelocale (found);
          return candidates[i];
        }
    }

  g_error ("No locale in which gettext follows LANGUAGE (glibc %s): generate en_US.UTF-8 "
           "(in /etc/locale.gen, then locale-gen)", gnu_get_libc_version ());
}

/* Sets ttt_test_translating_locale() for the whole process, and in LC_ALL
 * for its children; returns its name. */
const char *
ttt_test_use_translating_locale (void)
{
  const char *name = ttt_test_translating_locale ();

  if (setlocale (LC_ALL, name) == NULL)
    g_error ("Could not set the locale %s", name);
  g_setenv ("LC_ALL", name, TRUE);

  return name;
}

/* Children of a test */

/* Starts @argv with the environment @env, what it prints (stdout and
 * stderr) kept in @log_path for the diagnosis of a failure. With
 * @ready_fd ≥ 0 the child gets it as its fd 3 (taken). The child is
 * killed if the test dies. */
GSubprocess *
ttt_test_spawn_child (const char * const  *argv,
                      char               **env,
                      const char          *log_path,
                      int                  ready_fd,
                      GError             **error)
{
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_MERGE);

  g_subprocess_launcher_set_environ (launcher, env);
  g_subprocess_launcher_set_child_setup (launcher, ttt_test_die_with_parent, NULL, NULL);
  g_subprocess_launcher_set_stdout_file_path (launcher, log_path);
  if (ready_fd >= 0)
    g_subprocess_launcher_take_fd (launcher, ready_fd, 3);

  return g_subprocess_launcher_spawnv (launcher, argv, error);
}

/* Starts @argv as ttt_test_spawn_child() does; it writes one line on its
 * fd 3 once it is ready (Xvfb's -displayfd 3, dbus-daemon's
 * --print-address=3), which is returned without its newline. */
char *
ttt_test_spawn_and_read_line (const char * const  *argv,
                              char               **env,
                              const char          *log_path,
                              GSubprocess        **process)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GIOChannel) channel = NULL;
  char *line = NULL;
  int fds[2];

  g_assert_cmpint (pipe (fds), ==, 0);
  *process = ttt_test_spawn_child (argv, env, log_path, fds[1], &error);
  g_assert_no_error (error);

  channel = g_io_channel_unix_new (fds[0]);
  g_io_channel_set_close_on_unref (channel, TRUE);
  g_io_channel_read_line (channel, &line, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (line);
  g_strchomp (line);

  return line;
}

/* Whether this process may make a mount namespace of its own (to mount
 * a small tmpfs as a full disk): root, and not denied by a container. */
gboolean
ttt_test_can_mount_namespaces (void)
{
  pid_t pid;
  int status;

  if (geteuid () != 0)
    return FALSE;

  /* A container may deny it even to root. */
  pid = fork ();
  if (pid == 0)
    _exit (unshare (CLONE_NEWNS) == 0 &&
           mount (NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) == 0 ? 0 : 1);
  return pid > 0 && waitpid (pid, &status, 0) == pid && WIFEXITED (status) &&
         WEXITSTATUS (status) == 0;
}
