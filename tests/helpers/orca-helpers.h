/* orca-helpers.h — the real screen reader on a display of its own, for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Orca on a private X server and session bus, with its debug log read
 * back as what it presented; the game started under it, keys sent with
 * xdotool, and waits, each bounded, for what Orca presents. The test
 * programs tests/system/test-orca.c (the game against the computer) and
 * test-orca-net.c (network play) share it. Everything waits on Orca's
 * log or the display and lets the test's own main loop run meanwhile.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* How long Orca may take to present something: its debug log slows it
 * down, and the machine may be busy with other tests. */
#define PRESENT_TIMEOUT_S  20
#define START_TIMEOUT_S    90

typedef struct
{
  char        *tmpdir;
  char        *log_path;
  int          pty_master;
  int          pty_slave;
  GThread     *log_thread;
  char       **env;
  GSubprocess *xvfb;
  GSubprocess *bus;
  GSubprocess *orca;
  char        *orca_out;
  GSubprocess *app;
  char        *window_id;

  /* Everything Orca presented so far, one entry per log line: "S:text" for
   * speech, "B:text" for braille, and the events of add_presented()
   * ("A:", "N:", "F:", "D:"), in the order of the log. */
  GPtrArray   *said;
  gsize        log_read;
  GString     *partial;

  /* Whether Orca knows the game yet, and whether it had the game's
   * window activated before that, from an object it could not reach. */
  gboolean     app_heard;
  gboolean     activation_lost;

  /* Orca 48 and later number the events they queue: the last queued,
   * the last taken from the queue, and whether that one is still being
   * dealt with (see orca_idle()). */
  gint64       queued_last;
  gint64       dequeued_last;
  gboolean     dealing;
  /* And the keys: how many releases Orca has dealt with, how many it had
   * when the test last pressed one, and whether it deals with one now. */
  guint        keys_done;
  gint64       keys_done_at_press;
  gboolean     dealing_key;

  /* Orca's major version, and the minor version of the game's GTK as
   * Orca names it in its log (0 until it has). */
  int          orca_major;
  int          gtk_minor;

  /* Where the current game's presentations start. */
  guint        game_start;

  /* The board as the test knows it from its own keys and Orca's news. */
  char         board[9];
  int          cursor;
} Session;

extern Session session;

/* What each step made Orca present, to prove at the end that it was
 * presented once: the entry, and where the step began in the log. */
typedef struct
{
  guint  from;
  char  *said;
} Heard;

/* Every step's Heard, in order; the test makes it (heard_clear frees an
 * entry). */
extern GArray *heard;

/* Runs the test's main loop for @ms: the pace of a look, never what a
 * result depends on. */
void         pace                (guint                ms);

/* Children, with the session's environment; output kept in its folder. */
GSubprocess *spawn               (const char * const  *argv,
                                  int                  pipe_write_fd,
                                  GError             **error);
char        *spawn_and_read_line (const char * const  *argv,
                                  GSubprocess        **process);
/* Its standard output, or NULL if it failed. */
char        *run_sync            (const char * const  *argv);
gboolean     process_ended       (GSubprocess         *process,
                                  guint                seconds);
void         stop                (GSubprocess        **process);

/* Xvfb, a session bus and Orca, which has said it is on. */
void         orca_start          (void);
/* The game (TTT_EXECUTABLE) with @options and @env ("NAME=value", both
 * NULL-terminated, either NULL), its window focused and known to Orca. */
void         app_start           (const char * const  *app_options,
                                  const char * const  *env);
void         stop_orca           (void);
void         close_log_terminal  (void);
/* Everything ended, the session's folder removed. */
void         session_stop        (void);

/* Orca's log */
void         read_log            (void);
const char  *said_at             (guint                index);
void         dump_said           (guint                from);
void         orca_still_running  (void);
/* @pattern, written in Orca 43's words, in the running Orca's. */
char        *in_orca_words       (const char          *pattern);
/* The index of the first entry from @from that matches; fails the test
 * with what was presented if none comes in time. */
guint        wait_within         (guint                from,
                                  const char          *orca43_pattern,
                                  int                  seconds);
guint        wait_for            (guint                from,
                                  const char          *pattern);
/* wait_for(), and the entry kept in heard. */
guint        expect              (guint                from,
                                  const char          *pattern);
/* expect(), and on GTK 4.14 and later also a real announcement. */
guint        expect_news         (guint                from,
                                  const char          *pattern);
void         heard_clear         (gpointer             data);
/* Where the next step's presentations begin. */
guint        mark_step           (void);
/* Fails the test if an entry of heard was presented more than once in
 * its step, or if anything heard named a GTK class or had an
 * underscore. */
void         assert_heard_once   (void);
void         assert_no_class_names (void);
/* Fails the test if the words of entry @at, presented with the focus,
 * came as a new description from entry @from until the focus was
 * presented, entry @focus: a screen reader says a change of its focus's
 * description, so they were heard twice, if perhaps only once the test
 * had gone on to its next key (GTK 4.8 sent a description it had kept
 * as the focus came, before the screen reader said the focus). One that
 * comes after (words not ready when the focus came) is heard once. */
void         assert_not_described_again (guint from,
                                         guint focus,
                                         guint at);

/* Keys */
/* Waits, at most PRESENT_TIMEOUT_S, until Orca has dealt with every event
 * it has received, as a person waits for Orca before the next key. */
void         orca_idle           (void);
void         press               (const char          *key);
char        *level_one_keycode   (const char          *keysym);

/* Cells: the first "row 2, column 3" in a text; "Row 1, column 2" as
 * the cells' names begin; "row 1, column 2" as the news says it. */
int          parse_cell          (const char          *text);
char        *cell_name           (int                  cell);
char        *cell_words          (int                  cell);

/* Windows */
void         focus_window        (const char          *title);
void         focus_opened        (guint                from,
                                  const char          *title);
guint        step                (const char          *key,
                                  ...) G_GNUC_NULL_TERMINATED;
void         back_to_game        (const char          *focus_pattern);

G_END_DECLS
