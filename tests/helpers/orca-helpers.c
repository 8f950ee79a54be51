/* orca-helpers.c — the real screen reader on a display of its own, for tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What test-orca.c and test-orca-net.c share: a private X server and
 * session bus, Orca on them with its debug log read back line by line
 * (what it spoke, "S:", showed in braille, "B:", and the events it
 * noted), the game started under it, keys sent as a person types them,
 * and the waits for what Orca presents. See orca-helpers.h.
 */

/* posix_openpt(), ptsname(), cfmakeraw() */
#define _GNU_SOURCE

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>

#include <glib/gstdio.h>

#include "model-helpers.h"
#include "orca-helpers.h"

Session session;

/* Lets the test's own main loop (a network peer of its own, children
 * ending) run for @ms: the pace of a look at the log or the screen,
 * never what a result depends on. */
static gboolean
paced_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

void
pace (guint ms)
{
  gboolean done = FALSE;

  g_timeout_add (ms, paced_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

/* Children */

/* What a child of the test prints is kept beside the session's files,
 * named after the program, for the diagnosis of a failure. */
static char *
output_path (const char *program)
{
  g_autofree char *base = g_path_get_basename (program);
  g_autofree char *name = g_strdup_printf ("%s.out", base);

  return g_build_filename (session.tmpdir, name, NULL);
}

GSubprocess *
spawn (const char * const  *argv,
       int                  pipe_write_fd,
       GError             **error)
{
  g_autofree char *out_path = output_path (argv[0]);

  return ttt_test_spawn_child (argv, session.env, out_path, pipe_write_fd, error);
}

/* Starts @argv, which writes one line on fd 3 once it is ready, and
 * returns that line. */
char *
spawn_and_read_line (const char * const  *argv,
                     GSubprocess        **process)
{
  g_autofree char *out_path = output_path (argv[0]);

  return ttt_test_spawn_and_read_line (argv, session.env, out_path, process);
}

char *
run_sync (const char * const *argv)
{
  g_autoptr(GError) error = NULL;
  char *out = NULL;
  int status;

  g_spawn_sync (NULL, (char **) argv, session.env, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, NULL))
    g_clear_pointer (&out, g_free);

  return out;
}

/* Orca's log
 *
 * Orca opens its debug file with Python's default buffering, so a file
 * would show the last few kilobytes only once more come, and the news of
 * the latest key could wait in Orca's buffer while nothing else happens.
 * On a terminal Python buffers by line: Orca writes to a pseudo-terminal,
 * and a thread copies all that arrives to a file as it arrives.
 */

static gpointer
copy_log_thread (gpointer user_data)
{
  int out = GPOINTER_TO_INT (user_data);
  char buffer[16384];

  for (;;)
    {
      ssize_t n = read (session.pty_master, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      /* EIO once every writer, this program's own end included, is gone. */
      if (n <= 0)
        break;
      for (ssize_t done = 0; done < n;)
        {
          ssize_t w = write (out, buffer + done, (size_t) (n - done));

          if (w < 0 && errno == EINTR)
            continue;
          if (w <= 0)
            break;
          done += w;
        }
    }

  close (out);
  return NULL;
}

/* Returns the terminal's path, for Orca's --debug-file. */
static char *
open_log_terminal (void)
{
  struct termios raw;
  char *path;
  int out;

  session.pty_master = posix_openpt (O_RDWR | O_NOCTTY | O_CLOEXEC);
  g_assert_cmpint (session.pty_master, >=, 0);
  g_assert_cmpint (grantpt (session.pty_master), ==, 0);
  g_assert_cmpint (unlockpt (session.pty_master), ==, 0);
  path = g_strdup (ptsname (session.pty_master));
  g_assert_nonnull (path);

  /* Held open so that reads wait for Orca rather than fail before it
   * comes; raw, so that lines end in "\n" alone. */
  session.pty_slave = open (path, O_RDWR | O_NOCTTY | O_CLOEXEC);
  g_assert_cmpint (session.pty_slave, >=, 0);
  g_assert_cmpint (tcgetattr (session.pty_slave, &raw), ==, 0);
  cfmakeraw (&raw);
  g_assert_cmpint (tcsetattr (session.pty_slave, TCSANOW, &raw), ==, 0);

  out = open (session.log_path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
  g_assert_cmpint (out, >=, 0);
  session.log_thread = g_thread_new ("orca-log", copy_log_thread, GINT_TO_POINTER (out));

  return path;
}

void
close_log_terminal (void)
{
  if (session.log_thread == NULL)
    return;

  /* Orca has ended: with this end closed too, the copy reads EIO. */
  close (session.pty_slave);
  g_thread_join (session.log_thread);
  session.log_thread = NULL;
  close (session.pty_master);
}


static void
add_presented (const char *line)
{
  static const struct {
    const char *marker;
    const char *prefix;
  } kinds[] = {
    { "SPEECH OUTPUT: '", "S:" },
    { "BRAILLE LINE:  '", "B:" },
  };

  /* The game joined the desktop Orca watches (Orca 43 writes the object
   * "[application | tictactoe]", Orca 51 "[application: 'tictactoe' (…)]"). */
  if (strstr (line, "children-changed:add for [desktop frame") != NULL &&
      (strstr (line, "[application | tictactoe]") != NULL ||
       strstr (line, "[application: 'tictactoe'") != NULL))
    session.app_heard = TRUE;

  /* Orca 48 and later: "EVENT MANAGER: Queued window:activate for […]
   * priority: 2, counter: 173", "EVENT MANAGER: Dequeued …, counter:
   * 173", and once it is dealt with "^^^^^ FINISHED …". */
  {
    const char *counter = strstr (line, ", counter: ");

    if (counter != NULL && strstr (line, "EVENT MANAGER: Queued ") != NULL)
      session.queued_last = MAX (session.queued_last, g_ascii_strtoll (counter + strlen (", counter: "), NULL, 10));
    else if (counter != NULL && strstr (line, "EVENT MANAGER: Dequeued ") != NULL)
      {
        session.dequeued_last = MAX (session.dequeued_last, g_ascii_strtoll (counter + strlen (", counter: "), NULL, 10));
        session.dealing = TRUE;
      }
    else if (g_str_has_prefix (line, "^^^^^ FINISHED "))
      session.dealing = FALSE;
    /* Keys are not queued: "vvvvv PROCESS ATSPI_KEY_PRESSED_EVENT:
     * 'Return' (36) vvvvv" … "^^^^^ PROCESS …". */
    else if (g_str_has_prefix (line, "vvvvv PROCESS ATSPI_KEY_"))
      session.dealing_key = TRUE;
    else if (g_str_has_prefix (line, "^^^^^ PROCESS ATSPI_KEY_"))
      {
        session.dealing_key = FALSE;
        if (g_str_has_prefix (line, "^^^^^ PROCESS ATSPI_KEY_RELEASED_EVENT"))
          session.keys_done++;
      }
  }

  /* The game's window activated before the game was on the desktop:
   * Orca 48 and 51 name it "[DEAD]" and drop the event (see
   * app_start()). */
  if (strstr (line, "EVENT MANAGER: window:activate for [DEAD") != NULL)
    session.activation_lost = TRUE;

  /* Three events Orca logs as it receives them, before it decides what
   * to present: what the game announced (gtk_accessible_announce(), GTK
   * 4.14 and later), "A:", a new accessible name, "N:", and a new
   * description, "C:". The line is
   * "EVENT MANAGER: object:announcement for [button: 'Row 1, column 1,
   * X' (0x…)] in tictactoe (GTK 4.24.1) (1, 0, Computer played row 2,
   * column 2. Your turn.)"; Orca quotes it again in other lines, which go
   * on after the last parenthesis. Neither is a presentation. */
  {
    static const struct {
      const char *marker;
      const char *prefix;
    } events[] = {
      { "EVENT MANAGER: object:announcement for [", "A:" },
      { "EVENT MANAGER: object:property-change:accessible-name for [", "N:" },
      { "EVENT MANAGER: object:property-change:accessible-description for [", "C:" },
    };
    const char *gtk = strstr (line, " in tictactoe (GTK 4.");

    if (gtk != NULL && session.gtk_minor == 0)
      session.gtk_minor = atoi (gtk + strlen (" in tictactoe (GTK 4."));
    for (guint i = 0; gtk != NULL && i < G_N_ELEMENTS (events); i++)
      {
        const char *text = strstr (line, events[i].marker) != NULL ? strstr (gtk + 1, ") (") : NULL;
        const char *end = strrchr (line, ')');

        /* Two numbers, then the text. */
        for (int commas = 0; text != NULL && commas < 2; commas++)
          text = strchr (text + 1, ',');
        if (text != NULL && end != NULL && end[1] == '\0' && end > text + 2)
          g_ptr_array_add (session.said, g_strdup_printf ("%s%.*s", events[i].prefix,
                                                          (int) (end - text - 2), text + 2));
      }
  }

  /* Orca 43 names the game otherwise: "EVENT MANAGER: object:property-
   * change:accessible-description for [push button | Move 6 of 6 ] in
   * [application | tictactoe] (0, 0, Move 6 — O at row 3, column 1. …)". */
  {
    const char *app = strstr (line, "EVENT MANAGER: object:property-change:accessible-description for [") != NULL
                      ? strstr (line, "] in [application | tictactoe] (") : NULL;
    const char *text = app != NULL ? app + strlen ("] in [application | tictactoe] (") : NULL;
    const char *end = strrchr (line, ')');

    for (int commas = 0; text != NULL && commas < 2; commas++)
      text = strchr (text, ',') != NULL ? strchr (text, ',') + 1 : NULL;
    if (text != NULL && end != NULL && end[1] == '\0' && end > text)
      g_ptr_array_add (session.said, g_strdup_printf ("C:%.*s", (int) (end - text - 1), text + 1));
  }

  /* Orca 48 and later, when a key comes while their focus is the window
   * itself, look for the focused object and move there without a word:
   * "FOCUS MANAGER: Changing locus of focus from [frame: 'Tic-Tac-Toe']
   * to [button: 'Row 1, column 1, X']. Notify: False", "F:" with the
   * name. Not a presentation either. */
  {
    const char *to = strstr (line, "FOCUS MANAGER: Changing locus of focus from [");
    const char *end = g_str_has_suffix (line, "']. Notify: False") ? strrchr (line, ']') - 1 : NULL;

    to = to != NULL ? strstr (to, "] to [") : NULL;
    to = to != NULL ? strstr (to, ": '") : NULL;
    if (to != NULL && end != NULL && end >= to + 3)
      g_ptr_array_add (session.said, g_strdup_printf ("F:%.*s", (int) (end - to - 3), to + 3));
  }

  /* Orca deals with a list's change of selection in its turn, after
   * the focus events: "EVENT MANAGER: Dequeued object:selection-changed
   * for [list (0x…)] in tictactoe (GTK 4.24.1) …", "D:" with the event.
   * Not a presentation either. */
  if (strstr (line, "EVENT MANAGER: Dequeued object:selection-changed for [list") != NULL)
    g_ptr_array_add (session.said, g_strdup ("D:selection-changed for list"));

  for (guint i = 0; i < G_N_ELEMENTS (kinds); i++)
    {
      const char *start = strstr (line, kinds[i].marker);
      const char *end;

      if (start == NULL)
        continue;
      start += strlen (kinds[i].marker);
      /* The text is quoted; speech is followed by its voice, "{…}",
       * which has quotes of its own. */
      end = g_strrstr (start, "'{");
      if (end == NULL)
        end = g_strrstr (start, "' {");
      if (end == NULL)
        end = strrchr (start, '\'');
      if (end == NULL)
        continue;
      g_ptr_array_add (session.said, g_strdup_printf ("%s%.*s", kinds[i].prefix, (int) (end - start), start));
    }
}

/* Reads whatever Orca has written since the last call. */
void
read_log (void)
{
  FILE *file = fopen (session.log_path, "rb");
  char buffer[8192];
  size_t n;

  if (file == NULL)
    return;

  if (fseek (file, (long) session.log_read, SEEK_SET) == 0)
    while ((n = fread (buffer, 1, sizeof buffer, file)) > 0)
      {
        char *newline;

        session.log_read += n;
        g_string_append_len (session.partial, buffer, (gssize) n);
        while ((newline = strchr (session.partial->str, '\n')) != NULL)
          {
            *newline = '\0';
            add_presented (session.partial->str);
            g_string_erase (session.partial, 0, newline - session.partial->str + 1);
          }
      }
  fclose (file);
}

/* Entry @index: read the array after whatever may have grown it. */
const char *
said_at (guint index)
{
  return g_ptr_array_index (session.said, index);
}

void
dump_said (guint from)
{
  g_printerr ("orca: its log and the children's output are kept in %s\n", session.tmpdir);
  for (guint i = from; i < session.said->len; i++)
    g_printerr ("orca: %s\n", (const char *) g_ptr_array_index (session.said, i));
}

/* Fails at once, with what Orca printed, if it has quit. */
void
orca_still_running (void)
{
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;

  if (session.orca == NULL)
    return;
  while (g_main_context_iteration (NULL, FALSE));
  if (g_subprocess_get_identifier (session.orca) != NULL)
    return;

  path = g_build_filename (session.tmpdir, session.orca_out, NULL);
  g_file_get_contents (path, &out, NULL, NULL);
  g_error ("Orca quit (exit status %d) before the test was done; it printed: %s",
           g_subprocess_get_exit_status (session.orca), out != NULL ? out : "(nothing)");
}

/* Waits until Orca presents a line that matches @pattern (a GRegex on the
 * "S:" or "B:" entry) at or after entry @from; returns its index. */
/* The expectations are written in Orca 43's words (Debian 12). Later
 * Orcas, with the GTK beside them, name roles otherwise: "X push
 * button." is "X button." in Orca 48 and "X button" in Orca 51; the
 * board, a panel to GTK 4.8, is a grouping to GTK 4.18 and later, heard
 * after the board's description (the state of play), a combo box is
 * followed by its value again, and Orca 51 ends no role, nor any
 * utterance whose text has none, with a full stop. This is the one
 * place that turns a pattern into the running Orca's words; each still
 * pins the name and the role. */
char *
in_orca_words (const char *pattern)
{
  static const struct {
    const char *orca43;
    const char *later;
  } roles[] = {
    { " push button\\.", " button\\.?" },
    { " panel\\.", "( [^ ].*)? (grouping|panel)\\.?" },
    { " combo box\\.", " combo box( [^ ].*)?\\.?" },
    { " frame\\.", " (frame|dialog)\\.?" },
    { " grayed\\.", " (grayed|unavailable)\\.?" },
  };
  GString *words = g_string_new (pattern);

  if (session.orca_major > 43)
    {
      for (guint i = 0; i < G_N_ELEMENTS (roles); i++)
        g_string_replace (words, roles[i].orca43, roles[i].later, 0);
      /* Orca 43 ended every utterance with a full stop, Orca 51 only
       * those whose text has one: so too where the last of a choice of
       * utterances ends with one. */
      if (g_str_has_suffix (words->str, "\\.$"))
        g_string_insert_c (words, words->len - 1, '?');
      else if (g_str_has_suffix (words->str, "\\.)$"))
        g_string_insert_c (words, words->len - 2, '?');
    }

  return g_string_free (words, FALSE);
}

guint
wait_within (guint       from,
             const char *orca43_pattern,
             int         seconds)
{
  g_autofree char *pattern = in_orca_words (orca43_pattern);
  g_autoptr(GRegex) regex = g_regex_new (pattern, G_REGEX_OPTIMIZE, 0, NULL);
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  g_assert_nonnull (regex);

  for (;;)
    {
      read_log ();
      for (guint i = from; i < session.said->len; i++)
        if (g_regex_match (regex, g_ptr_array_index (session.said, i), 0, NULL))
          return i;

      /* An Orca that has quit will present nothing more: say why at
       * once rather than wait out the deadline. */
      orca_still_running ();

      if (g_get_monotonic_time () > deadline)
        break;
      /* The pace of a look at the log, not a deadline: nothing depends on it. */
      pace (50);
    }

  dump_said (from);
  g_error ("Orca did not present /%s/ within %d s", pattern, seconds);
}

guint
wait_for (guint       from,
          const char *pattern)
{
  return wait_within (from, pattern, PRESENT_TIMEOUT_S);
}

/* Keys */

/* Orca takes keys as they come, the game's events in their turn: a key
 * that comes while Orca is still busy with the events of the last one
 * is dealt with against a focus Orca has not reached yet. Orca 48, told
 * of a key while its focus is a window that has just opened, moves to
 * the window's focus without a word ("Notify: False"), and says nothing
 * when that focus's own event comes: the control the key went to is
 * never heard. Orca 43 numbers no events: no wait there. */
void
orca_idle (void)
{
  gint64 deadline = g_get_monotonic_time () + PRESENT_TIMEOUT_S * G_USEC_PER_SEC;

  for (;;)
    {
      read_log ();
      /* Orca 43 numbers no events, nor keys. */
      if (session.orca_major < 48)
        return;
      if (!session.dealing && session.dequeued_last >= session.queued_last &&
          !session.dealing_key && (gint64) session.keys_done > session.keys_done_at_press)
        return;
      orca_still_running ();
      if (g_get_monotonic_time () > deadline)
        {
          g_test_message ("Orca still busy after %d s: event %" G_GINT64_FORMAT " of %" G_GINT64_FORMAT,
                          PRESENT_TIMEOUT_S, session.dequeued_last, session.queued_last);
          return;
        }
      pace (50);  /* the pace of a look at the log; the deadline bounds it */
    }
}

void
press (const char *key)
{
  const char *argv[] = { "xdotool", "key", "--delay", "60", key, NULL };
  g_autofree char *out = NULL;

  read_log ();
  session.keys_done_at_press = session.keys_done;
  out = run_sync (argv);

  g_assert_nonnull (out);
}

/* The keycode, as xdotool takes it ("76"), of the key whose first level
 * types @keysym on this display.
 *
 * xdotool (3.20160805, Debian 12 to sid, and upstream still) presses with
 * a key it is given by name the modifiers of the first entry of the key's
 * type that leads to the name's level, even to level one, which needs
 * none. xkeyboard-config 2.44 and later (sid) give the function keys'
 * type, "CTRL+ALT", such entries ("map[Alt] = Level1"): F10 by name
 * arrives as Alt+F10 and opens no menu. A keycode it sends bare, and the
 * first level is what a key types without a modifier in every keymap, so
 * the key is found in the display's own (xkbcomp, beside every X
 * server) rather than the keymap mended. */
char *
level_one_keycode (const char *keysym)
{
  const char *display = g_environ_getenv (session.env, "DISPLAY");
  const char *argv[] = { "xkbcomp", "-xkb", display, "-", NULL };
  g_autofree char *keymap = run_sync (argv);
  g_autofree char *escaped = g_regex_escape_string (keysym, -1);
  /* "key <FK10> { type= \"CTRL+ALT\", symbols[Group1]= [ F10, F10, …" */
  g_autofree char *key_pattern = g_strdup_printf ("key <([^>]+)> \\{[^}]*\\[\\s*%s\\s*[],]", escaped);
  g_autoptr(GRegex) key_regex = g_regex_new (key_pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) key_match = NULL;
  g_autofree char *name = NULL;
  g_autofree char *code_pattern = NULL;
  g_autoptr(GRegex) code_regex = NULL;
  g_autoptr(GMatchInfo) code_match = NULL;

  g_assert_nonnull (keymap);
  if (!g_regex_match (key_regex, keymap, 0, &key_match))
    g_error ("no key types %s on its first level in this display's keymap", keysym);
  name = g_match_info_fetch (key_match, 1);

  /* "<FK10> = 76;" */
  code_pattern = g_strdup_printf ("<%s>\\s*=\\s*([0-9]+);", name);
  code_regex = g_regex_new (code_pattern, 0, 0, NULL);
  if (!g_regex_match (code_regex, keymap, 0, &code_match))
    g_error ("the key <%s> has no keycode in this display's keymap", name);

  return g_match_info_fetch (code_match, 1);
}

GArray *heard;

guint
expect (guint       from,
        const char *pattern)
{
  guint at = wait_for (from, pattern);
  Heard h = { from, g_strdup (said_at (at)) };

  g_array_append_val (heard, h);
  return at;
}

/* News: what expect() waits for, which on GTK 4.14 and later must also
 * have come as a real announcement, not through a description. */
guint
expect_news (guint       from,
             const char *pattern)
{
  guint at = expect (from, pattern);

  if (session.gtk_minor >= 14)
    {
      const char *text = said_at (at) + 2;
      g_autofree char *escaped = g_regex_escape_string (text, -1);
      /* Orca 51 logs a long one by its ends and its length: "You played
       * in the top-left... play in the centre-right board. (142 chars.)" */
      g_autofree char *head = g_regex_escape_string (text, MIN ((int) strlen (text), 20));
      g_autofree char *announced = g_strdup_printf ("^A:(%s|%s.*\\.\\.\\..* \\([0-9]+ chars\\.\\))$", escaped, head);

      wait_for (from, announced);
    }

  return at;
}

void
heard_clear (gpointer data)
{
  g_free (((Heard *) data)->said);
}

guint
mark_step (void)
{
  read_log ();
  return session.said->len;
}

/* The first cell a presented text names, "row 2, column 3" or "Row …". */
int
parse_cell (const char *text)
{
  g_autoptr(GRegex) regex = g_regex_new ("[Rr]ow ([1-3]), column ([1-3])", 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  g_autofree char *row = NULL;
  g_autofree char *column = NULL;

  g_assert_true (g_regex_match (regex, text, 0, &match));
  row = g_match_info_fetch (match, 1);
  column = g_match_info_fetch (match, 2);

  return (atoi (row) - 1) * 3 + atoi (column) - 1;
}

/* "Row 1, column 2" as the cells' names begin, for a pattern. */
char *
cell_name (int cell)
{
  return g_strdup_printf ("Row %d, column %d", cell / 3 + 1, cell % 3 + 1);
}

/* "row 1, column 2" as the news says it. */
char *
cell_words (int cell)
{
  return g_strdup_printf ("row %d, column %d", cell / 3 + 1, cell % 3 + 1);
}

/* Setup */

/* How to start a program in a PID namespace of its own, with /proc to
 * match, dying with the test: the prefix for its argv, or NULL if the
 * system allows no such namespace. */
static const char * const *
own_process_namespace (void)
{
  static const char * const as_root[] = {
    "unshare", "--pid", "--fork", "--mount-proc", "--kill-child", NULL
  };
  static const char * const as_user[] = {
    "unshare", "--user", "--map-current-user", "--pid", "--fork", "--mount-proc",
    "--kill-child", NULL
  };
  const char * const *prefixes[] = { as_root, as_user };
  g_autofree char *unshare = g_find_program_in_path ("unshare");

  if (unshare == NULL)
    return NULL;

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      g_autoptr(GPtrArray) argv = g_ptr_array_new ();
      int status = -1;

      for (const char * const *arg = prefixes[i]; *arg != NULL; arg++)
        g_ptr_array_add (argv, (char *) *arg);
      g_ptr_array_add (argv, (gpointer) "true");
      g_ptr_array_add (argv, NULL);
      if (g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                        G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                        NULL, NULL, NULL, NULL, &status, NULL) &&
          g_spawn_check_wait_status (status, NULL))
        return prefixes[i];
    }

  return NULL;
}

/* Whether an Orca of this user runs already, where this one would see it. */
static gboolean
other_orca_running (void)
{
  g_autofree char *uid = g_strdup_printf ("%u", (guint) getuid ());
  const char *argv[] = { "pgrep", "-u", uid, "-x", "orca", NULL };
  int status = -1;

  return g_spawn_sync (NULL, (char **) argv, NULL,
                       G_SPAWN_SEARCH_PATH | G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                       NULL, NULL, NULL, NULL, &status, NULL) &&
         g_spawn_check_wait_status (status, NULL);
}

void
orca_start (void)
{
  static const char *tools[] = { "orca", "xdotool", "Xvfb", "xkbcomp", "dbus-daemon" };
  g_autoptr(GError) error = NULL;
  g_autofree char *display = NULL;
  g_autofree char *bus_address = NULL;
  g_autofree char *prefs = NULL;
  g_autofree char *runtime = NULL;
  g_autofree char *speechd = NULL;
  g_autofree char *debug_file = NULL;

  /* A missing tool fails the test: build-aux/deps installs them all. */
  for (guint i = 0; i < G_N_ELEMENTS (tools); i++)
    {
      g_autofree char *path = g_find_program_in_path (tools[i]);

      if (path == NULL)
        g_error ("%s is not installed: build-aux/deps installs it", tools[i]);
    }

  /* "43.1" (Debian 12), "Orca version 51.1, AT-SPI2 version: …" (sid). */
  {
    const char *argv[] = { "orca", "--version", NULL };
    g_autofree char *out = NULL;
    const char *digit;

    g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_SEARCH_PATH | G_SPAWN_STDERR_TO_DEV_NULL,
                                 NULL, NULL, &out, NULL, NULL, NULL));
    digit = out != NULL ? strpbrk (out, "0123456789") : NULL;
    if (digit == NULL)
      g_error ("orca --version says no version: %s", out != NULL ? out : "(nothing)");
    session.orca_major = atoi (digit);
    g_test_message ("Orca %d", session.orca_major);
  }

  session.tmpdir = g_dir_make_tmp ("ttt-orca-XXXXXX", &error);
  g_assert_no_error (error);
  session.log_path = g_build_filename (session.tmpdir, "orca.log", NULL);
  session.said = g_ptr_array_new_with_free_func (g_free);
  session.partial = g_string_new (NULL);
  session.queued_last = -1;
  session.dequeued_last = -1;
  session.dealing = FALSE;
  session.keys_done_at_press = -1;
  prefs = g_build_filename (session.tmpdir, "orca-prefs", NULL);
  runtime = g_build_filename (session.tmpdir, "runtime", NULL);
  g_assert_cmpint (g_mkdir (prefs, 0700), ==, 0);
  g_assert_cmpint (g_mkdir (runtime, 0700), ==, 0);

  session.env = g_get_environ ();
  /* The other UI tests use GTK's test backend and no bridge: this one
   * wants the real thing. */
  session.env = g_environ_unsetenv (session.env, "GTK_A11Y");
  session.env = g_environ_unsetenv (session.env, "NO_AT_BRIDGE");
  session.env = g_environ_unsetenv (session.env, "WAYLAND_DISPLAY");
  session.env = g_environ_unsetenv (session.env, "AT_SPI_BUS_ADDRESS");
  session.env = g_environ_unsetenv (session.env, "LANGUAGE");
  session.env = g_environ_setenv (session.env, "LC_ALL", "C.UTF-8", TRUE);
  /* Orca 48 wrote "…" in its log as "?" without it. */
  session.env = g_environ_setenv (session.env, "PYTHONUTF8", "1", TRUE);
  session.env = g_environ_setenv (session.env, "GDK_BACKEND", "x11", TRUE);
  session.env = g_environ_setenv (session.env, "XDG_RUNTIME_DIR", runtime, TRUE);
  /* The game's results file, never the user's. */
  {
    g_autofree char *data_home = g_build_filename (session.tmpdir, "data", NULL);

    session.env = g_environ_setenv (session.env, "XDG_DATA_HOME", data_home, TRUE);
  }
  /* Speech stays on in Orca, but its engine is never started. */
  speechd = g_strdup_printf ("unix_socket:%s/speechd.sock", runtime);
  session.env = g_environ_setenv (session.env, "SPEECHD_ADDRESS", speechd, TRUE);
  session.env = g_environ_setenv (session.env, "SPEECHD_CMD", "/bin/false", TRUE);
  /* Nothing of the desktop's portal is needed on a bus of its own. */
  session.env = g_environ_setenv (session.env, "ADW_DISABLE_PORTAL", "1", TRUE);
  /* A seed makes the computer's replies, and so the game, the same. */
  session.env = g_environ_setenv (session.env, "TTT_SEED", "14", TRUE);

  {
    const char *argv[] = { "Xvfb", "-displayfd", "3", "-screen", "0", "1280x1024x24", "-nolisten", "tcp", NULL };

    display = spawn_and_read_line (argv, &session.xvfb);
    g_assert_cmpstr (display, !=, "");
  }
  {
    g_autofree char *value = g_strdup_printf (":%s", display);

    session.env = g_environ_setenv (session.env, "DISPLAY", value, TRUE);
  }
  {
    const char *argv[] = { "dbus-daemon", "--session", "--nofork", "--print-address=3", NULL };

    bus_address = spawn_and_read_line (argv, &session.bus);
    g_assert_true (g_str_has_prefix (bus_address, "unix:"));
    session.env = g_environ_setenv (session.env, "DBUS_SESSION_BUS_ADDRESS", bus_address, TRUE);
  }

  /* Orca is Python on GObject: GLib's warnings from its libraries must not
   * abort it as they would a test. */
  {
    g_auto(GStrv) saved = g_strdupv (session.env);
    g_autofree char *terminal = open_log_terminal ();
    const char * const *prefix = own_process_namespace ();
    g_autoptr(GPtrArray) argv = g_ptr_array_new ();
    g_autofree char *base = NULL;

    if (prefix == NULL && other_orca_running ())
      g_error ("another Orca of this user is running, and Orca will not start beside it; "
               "this system allows no process namespace (unshare) to keep them apart: "
               "quit the other Orca to run this test");
    if (prefix == NULL)
      g_test_message ("Orca runs beside the system's processes: no process namespace can be made");

    for (; prefix != NULL && *prefix != NULL; prefix++)
      g_ptr_array_add (argv, (char *) *prefix);
    debug_file = g_strdup_printf ("--debug-file=%s", terminal);
    g_ptr_array_add (argv, (gpointer) "orca");
    g_ptr_array_add (argv, (gpointer) "--user-prefs");
    g_ptr_array_add (argv, prefs);
    g_ptr_array_add (argv, debug_file);
    g_ptr_array_add (argv, NULL);
    base = g_path_get_basename (argv->pdata[0]);
    session.orca_out = g_strdup_printf ("%s.out", base);
    session.env = g_environ_unsetenv (session.env, "G_DEBUG");
    session.orca = spawn ((const char * const *) argv->pdata, -1, &error);
    g_assert_no_error (error);
    g_strfreev (session.env);
    session.env = g_steal_pointer (&saved);
  }
  wait_within (0, "^[SB]:Screen reader on\\.$", START_TIMEOUT_S);
}

void
app_start (const char * const *app_options,
           const char * const *env)
{
  const char *executable = g_getenv ("TTT_EXECUTABLE");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) command = g_ptr_array_new ();
  gint64 deadline;

  g_assert_nonnull (executable);
  g_assert_null (session.app);
  g_ptr_array_add (command, (gpointer) executable);
  for (; app_options != NULL && *app_options != NULL; app_options++)
    g_ptr_array_add (command, (gpointer) *app_options);
  g_ptr_array_add (command, NULL);
  session.app_heard = FALSE;
  session.activation_lost = FALSE;
  g_clear_pointer (&session.window_id, g_free);

  {
    g_auto(GStrv) saved = g_strdupv (session.env);

    for (; env != NULL && *env != NULL; env++)
      {
        g_autofree char *name = g_strndup (*env, strcspn (*env, "="));

        g_assert_nonnull (strchr (*env, '='));
        session.env = g_environ_setenv (session.env, name, strchr (*env, '=') + 1, TRUE);
      }

    /* GTK warns when a screen reader asks where on the screen something
     * is, which X11 cannot tell it: a warning that is the reader's doing
     * must not abort the game. Criticals still do, and test_once reads
     * every other warning in the game's output. */
    session.env = g_environ_setenv (session.env, "G_DEBUG", "fatal-criticals", TRUE);

    /* See tests/meson.build: said, not silently passed. */
    if (g_strcmp0 (g_getenv ("TTT_ORCA_GAME_LEAKS"), "unchecked") == 0)
      {
        g_autofree char *options = g_strdup_printf ("%s%sdetect_leaks=0",
                                                    g_getenv ("ASAN_OPTIONS") ? g_getenv ("ASAN_OPTIONS") : "",
                                                    g_getenv ("ASAN_OPTIONS") ? ":" : "");

        g_test_message ("the game runs with AddressSanitizer and UBSan, but no leak check at its exit "
                        "(GTK 4.8's AT-SPI backend leaks there)");
        session.env = g_environ_setenv (session.env, "ASAN_OPTIONS", options, TRUE);
      }
    session.app = spawn ((const char * const *) command->pdata, -1, &error);
    g_assert_no_error (error);
    g_strfreev (session.env);
    session.env = g_steal_pointer (&saved);
  }

  /* The window, given the keyboard focus as a window manager would. */
  deadline = g_get_monotonic_time () + START_TIMEOUT_S * G_USEC_PER_SEC;
  while (session.window_id == NULL)
    {
      const char *argv[] = { "xdotool", "search", "--onlyvisible", "--name", "^Tic-Tac-Toe$", NULL };
      g_autofree char *out = run_sync (argv);

      if (out != NULL && *out != '\0')
        session.window_id = g_strndup (out, strcspn (out, "\n"));
      else if (g_get_monotonic_time () > deadline)
        {
          /* Why, in the failure itself: the session's files go with the
           * stack's root (trixie's and sid's /tmp). */
          const char *id = g_subprocess_get_identifier (session.app);
          g_autofree char *proc = g_strdup_printf ("/proc/%s", id != NULL ? id : "0");
          g_autofree char *path = output_path (executable);
          g_autofree char *output = NULL;
          gsize length = 0;

          g_file_get_contents (path, &output, &length, NULL);
          g_error ("the game's window did not appear within %d s; its process %s; the end of its output:\n%s",
                   START_TIMEOUT_S, g_file_test (proc, G_FILE_TEST_EXISTS) ? "is still there" : "has ended",
                   output == NULL ? "(none)" : output + (length > 3000 ? length - 3000 : 0));
        }
      else
        pace (100);  /* the pace of a look; the deadline bounds it */
    }
  {
    const char *argv[] = { "xdotool", "windowfocus", "--sync", session.window_id, NULL };
    g_autofree char *out = run_sync (argv);

    g_assert_nonnull (out);
  }

  /* Keys are only sent once Orca knows the game: before that it would
   * miss what they do. */
  deadline = g_get_monotonic_time () + START_TIMEOUT_S * G_USEC_PER_SEC;
  while (!session.app_heard)
    {
      read_log ();
      if (g_get_monotonic_time () > deadline)
        g_error ("Orca did not see the game start within %d s", START_TIMEOUT_S);
      orca_still_running ();
      pace (50);  /* the pace of a look at the log, not a deadline */
    }

  /* With no window manager on this display GTK gives its window the
   * focus itself, as it shows, before it has put the window's objects on
   * the accessibility bus and the game on its desktop: Orca 48 and 51,
   * asking after the window and its focus, are told "Object does not
   * exist at path", drop both as dead, and follow nothing of the game
   * until a key comes (the second game of a run heard only "Tic-Tac-Toe",
   * the name asked for at --host not at all). A window manager gives the
   * focus once the window is mapped, which in a desktop is after that:
   * so the window is given the focus again, away and back, as one would,
   * now that Orca knows the game. */
  if (session.activation_lost)
    {
      const char *root_argv[] = { "xdotool", "search", "--maxdepth", "0", "", NULL };
      g_autofree char *root = run_sync (root_argv);
      const char *away_argv[] = { "xdotool", "windowfocus", "--sync", NULL, NULL };
      const char *back_argv[] = { "xdotool", "windowfocus", "--sync", session.window_id, NULL };
      g_autofree char *away = NULL;
      g_autofree char *back = NULL;

      g_assert_nonnull (root);
      root[strcspn (root, "\n")] = '\0';
      away_argv[3] = root;
      g_test_message ("Orca dropped the game's activation as it started: given again");
      /* Each once Orca is done with what came before: Orca 51 drops an
       * event that comes within 0.1 s of one of its kind from the same
       * game, the focus given back too. */
      orca_idle ();
      away = run_sync (away_argv);
      g_assert_nonnull (away);
      orca_idle ();
      back = run_sync (back_argv);
      g_assert_nonnull (back);
    }
}

gboolean
process_ended (GSubprocess *process,
               guint        seconds)
{
  gint64 deadline = g_get_monotonic_time () + seconds * G_USEC_PER_SEC;

  while (g_get_monotonic_time () < deadline)
    {
      /* Reaps it without blocking the wait beyond the deadline. */
      while (g_main_context_iteration (NULL, FALSE));
      if (g_subprocess_get_identifier (process) == NULL)
        return TRUE;
      pace (50);  /* the pace of a look, not a deadline */
    }

  return FALSE;
}

void
stop (GSubprocess **process)
{
  if (*process == NULL)
    return;

  if (g_subprocess_get_identifier (*process) != NULL)
    {
      g_subprocess_send_signal (*process, SIGTERM);
      if (!process_ended (*process, 5))
        g_subprocess_force_exit (*process);
    }
  g_subprocess_wait (*process, NULL, NULL);
  g_clear_object (process);
}

/* Asks Orca to quit, as stop() does any child. In a namespace of its own
 * it is unshare's child: unshare passes on no signal, so Orca is told
 * directly (and --kill-child ends it if unshare must be forced). */
void
stop_orca (void)
{
  if (session.orca != NULL && g_strcmp0 (session.orca_out, "unshare.out") == 0 &&
      g_subprocess_get_identifier (session.orca) != NULL)
    {
      const char *id = g_subprocess_get_identifier (session.orca);
      g_autofree char *path = g_strdup_printf ("/proc/%s/task/%s/children", id, id);
      g_autofree char *children = NULL;

      if (g_file_get_contents (path, &children, NULL, NULL) && atoi (children) > 0)
        kill (atoi (children), SIGTERM);
    }
  stop (&session.orca);
}

void
session_stop (void)
{
  stop (&session.app);
  stop_orca ();
  close_log_terminal ();
  stop (&session.bus);
  stop (&session.xvfb);

  /* TTT_ORCA_KEEP=1 keeps Orca's raw log and the children's output of
   * a run that passed too, to compare runs. */
  if (g_getenv ("TTT_ORCA_KEEP") != NULL)
    g_test_message ("Orca's log and the children's output are kept in %s", session.tmpdir);
  else
    ttt_test_remove_tree (session.tmpdir);
  g_clear_pointer (&session.tmpdir, g_free);
  g_clear_pointer (&session.log_path, g_free);
  g_clear_pointer (&session.env, g_strfreev);
  g_clear_pointer (&session.window_id, g_free);
  g_clear_pointer (&session.orca_out, g_free);
  g_clear_pointer (&session.said, g_ptr_array_unref);
  if (session.partial != NULL)
    g_string_free (session.partial, TRUE);
  session.partial = NULL;
}

/* Windows */

/* Gives the keyboard focus to the window named @title (a GRegex), as a
 * window manager would: there is none on this display. */
void
focus_window (const char *title)
{
  gint64 deadline = g_get_monotonic_time () + START_TIMEOUT_S * G_USEC_PER_SEC;
  g_autofree char *id = NULL;

  while (id == NULL)
    {
      const char *argv[] = { "xdotool", "search", "--onlyvisible", "--name", title, NULL };
      g_autofree char *out = run_sync (argv);

      if (out != NULL && *out != '\0')
        id = g_strndup (out, strcspn (out, "\n"));
      else if (g_get_monotonic_time () > deadline)
        g_error ("no window /%s/ appeared within %d s", title, START_TIMEOUT_S);
      else
        pace (100);  /* the pace of a look; the deadline bounds it */
    }

  {
    const char *argv[] = { "xdotool", "windowfocus", "--sync", id, NULL };
    g_autofree char *out = run_sync (argv);

    g_assert_nonnull (out);
  }
}

/* Gives the keyboard focus to what the game opened, named @title (plain
 * text), from entry @from on. On libadwaita 1.2 (Debian 12) it is a window
 * of its own, which has no focus until the test gives it, as a window
 * manager would; on libadwaita 1.5 and later (trixie, sid) a dialog drawn
 * inside the game's window, which has the focus already, and Orca says
 * so: "@title dialog". Whichever comes first, within the deadline. */
void
focus_opened (guint       from,
              const char *title)
{
  g_autofree char *escaped = g_regex_escape_string (title, -1);
  g_autofree char *window = g_strdup_printf ("^%s$", escaped);
  g_autofree char *dialog = g_strdup_printf ("^S:%s dialog\\.?$", escaped);
  g_autoptr(GRegex) dialog_regex = g_regex_new (dialog, 0, 0, NULL);
  gint64 deadline = g_get_monotonic_time () + START_TIMEOUT_S * G_USEC_PER_SEC;

  for (;;)
    {
      const char *argv[] = { "xdotool", "search", "--onlyvisible", "--name", window, NULL };
      g_autofree char *out = run_sync (argv);

      if (out != NULL && *out != '\0')
        {
          focus_window (window);
          return;
        }

      read_log ();
      for (guint i = from; i < session.said->len; i++)
        if (g_regex_match (dialog_regex, said_at (i), 0, NULL))
          return;

      orca_still_running ();
      if (g_get_monotonic_time () > deadline)
        {
          dump_said (from);
          g_error ("neither a window nor a dialog /%s/ appeared within %d s", title, START_TIMEOUT_S);
        }
      pace (100);  /* the pace of a look; the deadline bounds it */
    }
}

/* Presses @key and waits for each of the patterns (NULL-terminated) that
 * follow, in any order, as the news of one step. */
guint
step (const char *key,
      ...)
{
  guint from = mark_step ();
  const char *pattern;
  va_list args;

  if (key != NULL)
    press (key);

  va_start (args, key);
  while ((pattern = va_arg (args, const char *)) != NULL)
    expect (from, pattern);
  va_end (args);

  return from;
}

/* Back to the game's window once a window over it has closed. */
void
back_to_game (const char *focus_pattern)
{
  guint from = mark_step ();

  focus_window ("^Tic-Tac-Toe$");
  expect (from, focus_pattern);
}


/* Orca presents a description that changed without its full stop: the
 * same words as the one presented with the focus ("…leads to." and "…leads
 * to"). */
static gboolean
same_words (const char *a,
            const char *b)
{
  size_t a_len = strlen (a);
  size_t b_len = strlen (b);

  if (a_len > 0 && a[a_len - 1] == '.')
    a_len--;
  if (b_len > 0 && b[b_len - 1] == '.')
    b_len--;

  return a_len == b_len && strncmp (a, b, a_len) == 0;
}

void
assert_heard_once (void)
{
  gboolean twice = FALSE;

  for (guint i = 0; i < heard->len; i++)
    {
      Heard *h = &g_array_index (heard, Heard, i);
      guint until = session.said->len;
      guint count = 0;

      /* Until the next step began: the same words later are news of
       * their own (the computer may answer an undone move the same way). */
      for (guint j = i + 1; j < heard->len; j++)
        if (g_array_index (heard, Heard, j).from > h->from)
          {
            until = g_array_index (heard, Heard, j).from;
            break;
          }

      for (guint k = h->from; k < until; k++)
        if (same_words (g_ptr_array_index (session.said, k), h->said))
          count++;

      if (count != 1)
        {
          g_test_message ("presented %u times: %s", count, h->said + 2);
          twice = TRUE;
        }
    }

  if (twice)
    dump_said (0);
  g_assert_false (twice);
}

void
assert_not_described_again (guint from,
                            guint focus,
                            guint at)
{
  read_log ();
  g_assert_true (g_str_has_prefix (said_at (at), "S:"));
  for (guint i = from; i < focus; i++)
    if (g_str_has_prefix (said_at (i), "C:") && same_words (said_at (i) + 2, said_at (at) + 2))
      {
        dump_said (from);
        g_error ("the game sent again a description heard with the focus: %s", said_at (at) + 2);
      }
}

void
assert_no_class_names (void)
{
  /* GTK 4.8 names what has no name by its class: none of it was heard;
   * nor a mnemonic's underscore ("Re_sign"). */
  {
    g_autoptr(GRegex) class_name = g_regex_new ("^S:.*(Gtk|Adw)[A-Z]", 0, 0, NULL);

    for (guint i = 0; i < session.said->len; i++)
      if (g_regex_match (class_name, said_at (i), 0, NULL))
        {
          dump_said (0);
          g_error ("Orca said a class name: %s", said_at (i) + 2);
        }
      else if (g_str_has_prefix (said_at (i), "S:") && strchr (said_at (i), '_') != NULL)
        {
          dump_said (0);
          g_error ("Orca said an underscore: %s", said_at (i) + 2);
        }
  }
}
