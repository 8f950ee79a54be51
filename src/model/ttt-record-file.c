/* ttt-record-file.c — the results of finished games, as records in a file
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Results are data, not a setting: each finished game, each reset of the
 * statistics and each undone reset is one line added to the end of a file
 * of the game's own, $XDG_DATA_HOME/tictactoe/results. The file is never
 * rewritten, so a full disk, a read-only folder or a crash can cost at
 * most the line being written, never one written before; and two games
 * on one data folder each add their lines rather than write their
 * snapshot over the other's.
 *
 * A line is tab-separated UTF-8 text, its first field the version of the
 * format (1), its second the time in seconds since 1970 (UTC), its third
 * the kind of record, then the kind's fields:
 *
 *   1 TIME game TALLY RESULT MOVES      a finished game: the tally's nick
 *                                       (variant, opponent and level, as
 *                                       "hard" or "ultimate-two-players"),
 *                                       won/drawn/lost (for the person here
 *                                       against the computer or elsewhere,
 *                                       for X between two people), moves
 *   1 TIME reset TALLY                  a tally set to 0; TALLY "all" for all
 *   1 TIME restore TALLY W D L S B      a reset undone: the tally as it was
 *                                       (won, drawn, lost, streak, best
 *                                       streak), counted before the games
 *                                       since
 *   1 TIME carried TALLY W D L S B      the same, carried over once from the
 *                                       settings key "statistics"
 *
 * A line of a later version, or of a kind this version does not know, is
 * skipped quietly: a later game may add records. A line that cannot be
 * read (torn by a crash or a full disk, or edited) is skipped and counted;
 * one torn inside its kind reads as an unknown kind, skipped the same.
 *
 * Each record is one write() of the whole line to the file opened with
 * O_APPEND: for a regular file on Linux the kernel takes the file's lock
 * for the whole write and moves to the end under it, so the lines of two
 * games never interleave (a line is some 60 bytes; PIPE_BUF is about pipes
 * and does not apply). A write that fails part way leaves a torn line; the
 * next write then starts with a newline of its own, so that the torn one
 * costs only itself. There is no fsync(): a record whose fsync() failed
 * may still be in the file, and writing it again would count a game
 * twice; what a power cut can cost is the last lines the kernel had not
 * written yet, never an earlier one.
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ttt-record-file.h"

#define FORMAT_VERSION 1

/* A line longer than this is no record of ours. */
#define MAX_LINE 1024

struct _TttRecordFile
{
  GObject       parent_instance;

  char         *filename;
  GFileMonitor *monitor;

  /* How far the file was read, and which file that was: a file replaced
   * or cut short is read again from the start. */
  goffset       offset;
  dev_t         device;
  ino_t         inode;
};

G_DEFINE_FINAL_TYPE (TttRecordFile, ttt_record_file, G_TYPE_OBJECT)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *kind_names[] = { "game", "reset", "restore", "carried" };

static const char *
tally_nick (int id)
{
  GEnumClass *klass = g_type_class_ref (TTT_TYPE_TALLY_ID);
  const char *nick = g_enum_get_value (klass, id)->value_nick;

  g_type_class_unref (klass);
  return nick;
}

static gboolean
tally_from_nick (const char *nick,
                 int        *id)
{
  GEnumClass *klass = g_type_class_ref (TTT_TYPE_TALLY_ID);
  GEnumValue *value = g_enum_get_value_by_nick (klass, nick);

  g_type_class_unref (klass);
  if (value == NULL)
    return FALSE;

  *id = value->value;
  return TRUE;
}

static const char *result_names[] = { "won", "drawn", "lost" };

/**
 * ttt_record_to_line:
 * @record: a record
 *
 * Returns: (transfer full): @record as a line of the file, with its newline
 */
char *
ttt_record_to_line (const TttRecord *record)
{
  GString *line;

  g_return_val_if_fail (record != NULL, NULL);
  g_return_val_if_fail (record->kind <= TTT_RECORD_CARRIED, NULL);

  line = g_string_new (NULL);
  g_string_append_printf (line, "%d\t%" G_GINT64_FORMAT "\t%s\t", FORMAT_VERSION, record->time,
                          kind_names[record->kind]);

  switch (record->kind)
    {
    case TTT_RECORD_GAME:
      g_string_append_printf (line, "%s\t%s\t%u", tally_nick (record->tally),
                              result_names[record->result], record->moves);
      break;

    case TTT_RECORD_RESET:
      g_string_append (line, record->tally == TTT_RECORD_ALL_TALLIES ? "all" : tally_nick (record->tally));
      break;

    case TTT_RECORD_RESTORE:
    case TTT_RECORD_CARRIED:
      g_string_append_printf (line, "%s\t%u\t%u\t%u\t%u\t%u", tally_nick (record->tally),
                              record->counts.won, record->counts.drawn, record->counts.lost,
                              record->counts.streak, record->counts.best_streak);
      break;

    default:
      g_assert_not_reached ();
    }

  g_string_append_c (line, '\n');
  return g_string_free (line, FALSE);
}

static gboolean
parse_number (const char *text,
              guint64     max,
              guint64    *number)
{
  return text != NULL && g_ascii_string_to_unsigned (text, 10, 0, max, number, NULL);
}

/**
 * ttt_record_parse_line:
 * @line: a line of the file, without its newline
 * @record: (out caller-allocates): where to read it
 *
 * Returns: whether @line was read into @record, or is skipped
 */
TttRecordLine
ttt_record_parse_line (const char *line,
                       TttRecord  *record)
{
  g_auto(GStrv) fields = NULL;
  guint64 version, time, n;
  guint n_fields;
  int kind = -1;

  g_return_val_if_fail (line != NULL, TTT_RECORD_LINE_BROKEN);
  g_return_val_if_fail (record != NULL, TTT_RECORD_LINE_BROKEN);

  memset (record, 0, sizeof *record);
  fields = g_strsplit (line, "\t", 12);
  n_fields = g_strv_length (fields);

  if (!parse_number (fields[0], G_MAXUINT32, &version) || version == 0)
    return TTT_RECORD_LINE_BROKEN;
  if (version > FORMAT_VERSION)
    return TTT_RECORD_LINE_UNKNOWN;
  if (n_fields < 3 || !parse_number (fields[1], G_MAXINT64, &time))
    return TTT_RECORD_LINE_BROKEN;
  record->time = (gint64) time;

  for (guint i = 0; i < G_N_ELEMENTS (kind_names); i++)
    if (g_str_equal (fields[2], kind_names[i]))
      kind = (int) i;
  if (kind < 0)
    return g_utf8_validate (fields[2], -1, NULL) && *fields[2] != '\0' ?
           TTT_RECORD_LINE_UNKNOWN : TTT_RECORD_LINE_BROKEN;
  record->kind = kind;

  switch (record->kind)
    {
    case TTT_RECORD_GAME:
      if (n_fields != 6 || !tally_from_nick (fields[3], &record->tally) ||
          !parse_number (fields[5], G_MAXUINT32, &n))
        return TTT_RECORD_LINE_BROKEN;
      record->moves = (guint) n;
      for (guint i = 0; i < G_N_ELEMENTS (result_names); i++)
        if (g_str_equal (fields[4], result_names[i]))
          {
            record->result = i;
            return TTT_RECORD_LINE_READ;
          }
      return TTT_RECORD_LINE_BROKEN;

    case TTT_RECORD_RESET:
      if (n_fields != 4)
        return TTT_RECORD_LINE_BROKEN;
      if (g_str_equal (fields[3], "all"))
        {
          record->tally = TTT_RECORD_ALL_TALLIES;
          return TTT_RECORD_LINE_READ;
        }
      return tally_from_nick (fields[3], &record->tally) ? TTT_RECORD_LINE_READ : TTT_RECORD_LINE_BROKEN;

    case TTT_RECORD_RESTORE:
    case TTT_RECORD_CARRIED:
      {
        guint32 counts[5];

        if (n_fields != 9 || !tally_from_nick (fields[3], &record->tally))
          return TTT_RECORD_LINE_BROKEN;
        for (guint i = 0; i < 5; i++)
          {
            if (!parse_number (fields[4 + i], G_MAXUINT32, &n))
              return TTT_RECORD_LINE_BROKEN;
            counts[i] = (guint32) n;
          }
        record->counts = (TttTally) { counts[0], counts[1], counts[2], counts[3], counts[4] };
        /* A streak is never longer than the best, nor the best than the
         * wins; two people have none. */
        if (ttt_tally_id_is_two_players (record->tally) ?
            counts[3] != 0 || counts[4] != 0 :
            counts[3] > counts[4] || counts[4] > counts[0])
          return TTT_RECORD_LINE_BROKEN;
        return TTT_RECORD_LINE_READ;
      }

    default:
      g_assert_not_reached ();
    }
}

static void
monitor_changed_cb (TttRecordFile     *self,
                    GFile             *file,
                    GFile             *other_file,
                    GFileMonitorEvent  event,
                    GFileMonitor      *monitor)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      g_signal_emit (self, signals[CHANGED], 0);
      break;

    default:
      break;
    }
}

static void
ttt_record_file_dispose (GObject *object)
{
  TttRecordFile *self = TTT_RECORD_FILE (object);

  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->monitor, self);
      g_file_monitor_cancel (self->monitor);
    }
  g_clear_object (&self->monitor);

  G_OBJECT_CLASS (ttt_record_file_parent_class)->dispose (object);
}

static void
ttt_record_file_finalize (GObject *object)
{
  TttRecordFile *self = TTT_RECORD_FILE (object);

  g_free (self->filename);

  G_OBJECT_CLASS (ttt_record_file_parent_class)->finalize (object);
}

static void
ttt_record_file_class_init (TttRecordFileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_record_file_dispose;
  object_class->finalize = ttt_record_file_finalize;

  /**
   * TttRecordFile::changed:
   *
   * The file changed on disk, maybe by another game: read what is new
   * with ttt_record_file_read_new().
   */
  signals[CHANGED] = g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                   0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ttt_record_file_init (TttRecordFile *self)
{
}

/**
 * ttt_record_file_new:
 * @filename: the file, which need not exist yet
 *
 * Returns: (transfer full): the records in @filename, followed as it
 *   changes
 */
TttRecordFile *
ttt_record_file_new (const char *filename)
{
  TttRecordFile *self;
  g_autoptr(GFile) file = NULL;

  g_return_val_if_fail (filename != NULL, NULL);

  self = g_object_new (TTT_TYPE_RECORD_FILE, NULL);
  self->filename = g_strdup (filename);

  file = g_file_new_for_path (filename);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_WATCH_MOVES, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect_object (self->monitor, "changed", G_CALLBACK (monitor_changed_cb), self,
                             G_CONNECT_SWAPPED);

  return self;
}

/**
 * ttt_record_file_new_default:
 *
 * Returns: (transfer full): the game's results, in
 *   $XDG_DATA_HOME/tictactoe/results
 */
TttRecordFile *
ttt_record_file_new_default (void)
{
  g_autofree char *filename = g_build_filename (g_get_user_data_dir (), "tictactoe", "results", NULL);

  return ttt_record_file_new (filename);
}

const char *
ttt_record_file_get_filename (TttRecordFile *self)
{
  g_return_val_if_fail (TTT_IS_RECORD_FILE (self), NULL);

  return self->filename;
}

/* Whether the file is there, even empty: what says that the old key was
 * carried over. */
gboolean
ttt_record_file_exists (TttRecordFile *self)
{
  GStatBuf st;

  g_return_val_if_fail (TTT_IS_RECORD_FILE (self), FALSE);

  return g_lstat (self->filename, &st) == 0;
}

/* Why a write failed with @error_code, in words for people. */
static void
set_failure (GError    **error,
             int         error_code,
             const char *filename,
             gboolean    in_folder)
{
  g_autofree char *folder = g_path_get_dirname (filename);
  g_autofree char *shown_file = g_filename_display_name (filename);
  g_autofree char *shown_folder = g_filename_display_name (folder);
  GIOErrorEnum code = g_io_error_from_errno (error_code);

  switch (error_code)
    {
    case ENOSPC:
    case EDQUOT:
      /* Translators: why scores can't be saved. */
      g_set_error_literal (error, G_IO_ERROR, code, _("the disk is full"));
      break;

    case EACCES:
    case EPERM:
    case EROFS:
    case ENOTDIR:
      if (in_folder)
        /* Translators: %s is a folder, such as ~/.config/glib-2.0/settings. */
        g_set_error (error, G_IO_ERROR, code, _("the folder %s cannot be written to"), shown_folder);
      else
        /* Translators: why scores can't be saved; %s is a file name. */
        g_set_error (error, G_IO_ERROR, code, _("the results file %s cannot be written to"), shown_file);
      break;

    default:
      g_set_error (error, G_IO_ERROR, code, "%s: %s", shown_file, g_strerror (error_code));
    }
}

/**
 * ttt_record_file_append:
 * @self: a #TttRecordFile
 * @lines: whole lines, each with its newline
 * @error: return location for a #GError, whose message says why in words
 *   for people
 *
 * Adds @lines at the end of the file, in one write (see above), making
 * the file and its folder when they are missing.
 *
 * Returns: whether all of @lines were written; if not, none of them
 *   counts (a part written is a torn line, skipped when read)
 */
gboolean
ttt_record_file_append (TttRecordFile  *self,
                        const char     *lines,
                        GError        **error)
{
  g_autofree char *folder = NULL;
  g_autofree char *text = NULL;
  gboolean existed;
  GStatBuf st;
  gsize length;
  gssize written;
  int fd, saved;

  g_return_val_if_fail (TTT_IS_RECORD_FILE (self), FALSE);
  g_return_val_if_fail (lines != NULL && g_str_has_suffix (lines, "\n"), FALSE);

  folder = g_path_get_dirname (self->filename);
  if (g_mkdir_with_parents (folder, 0700) != 0)
    {
      saved = errno;
      set_failure (error, saved, self->filename, TRUE);
      return FALSE;
    }

  /* A folder or file made read-only says not to write it, even to root,
   * whom the permissions would not stop. */
  if (g_stat (folder, &st) == 0 && (st.st_mode & 0222) == 0)
    {
      set_failure (error, EACCES, self->filename, TRUE);
      return FALSE;
    }
  if (g_stat (self->filename, &st) == 0 && (st.st_mode & 0222) == 0)
    {
      set_failure (error, EACCES, self->filename, FALSE);
      return FALSE;
    }

  existed = ttt_record_file_exists (self);
  fd = g_open (self->filename, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, 0600);
  if (fd < 0)
    {
      saved = errno;
      /* A read-only disk is the folder's, not the file's. */
      set_failure (error, saved, self->filename, !existed || saved == EROFS);
      return FALSE;
    }

  /* After a torn line, a line of its own. */
  text = g_strdup (lines);
  if (fstat (fd, &st) == 0 && st.st_size > 0)
    {
      char last = '\n';

      if (pread (fd, &last, 1, st.st_size - 1) == 1 && last != '\n')
        {
          g_free (text);
          text = g_strconcat ("\n", lines, NULL);
        }
    }

  length = strlen (text);
  do
    written = write (fd, text, length);
  while (written < 0 && errno == EINTR);
  saved = written < 0 ? errno : ENOSPC;

  if (close (fd) != 0 && written == (gssize) length)
    {
      written = -1;
      saved = errno;
    }

  if (written != (gssize) length)
    {
      set_failure (error, saved, self->filename, TRUE);
      return FALSE;
    }

  return TRUE;
}

/**
 * ttt_record_file_read_new:
 * @self: a #TttRecordFile
 * @restarted: (out): set to whether the file is read from its start again
 *   (it was replaced, cut short or removed): then what was read before no
 *   longer counts
 *
 * Reads the whole lines added since the last call; a line not finished
 * yet is left for the next. A missing file has none.
 *
 * Returns: (transfer container) (element-type utf8): the lines, without
 *   their newlines
 */
GPtrArray *
ttt_record_file_read_new (TttRecordFile *self,
                          gboolean      *restarted)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) text = g_string_new (NULL);
  struct stat st;
  const char *p;
  char buffer[4096];
  gssize n;
  int fd;

  g_return_val_if_fail (TTT_IS_RECORD_FILE (self), lines);
  g_return_val_if_fail (restarted != NULL, lines);

  *restarted = FALSE;
  fd = g_open (self->filename, O_RDONLY | O_CLOEXEC, 0);
  if (fd < 0 || fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      if (fd >= 0)
        close (fd);
      *restarted = self->offset > 0;
      self->offset = 0;
      return lines;
    }

  if (st.st_dev != self->device || st.st_ino != self->inode || st.st_size < self->offset)
    {
      *restarted = self->offset > 0;
      self->offset = 0;
      self->device = st.st_dev;
      self->inode = st.st_ino;
    }

  while ((n = pread (fd, buffer, sizeof buffer, self->offset + (goffset) text->len)) > 0 ||
         (n < 0 && errno == EINTR))
    if (n > 0)
      g_string_append_len (text, buffer, n);
  close (fd);

  p = text->str;
  for (const char *end; (end = memchr (p, '\n', text->str + text->len - p)) != NULL; p = end + 1)
    g_ptr_array_add (lines, g_strndup (p, MIN (end - p, MAX_LINE)));
  self->offset += p - text->str;

  return lines;
}
