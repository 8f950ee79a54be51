/* ttt-settings-file.c — the settings file, when settings live in one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With the keyfile backend (GSETTINGS_BACKEND=keyfile, and inside a Flatpak
 * without dconf) the settings are one text file that people edit by hand,
 * shared with other programs. GLib's own backend loses that file in ways a
 * game must not: it reads a file up to its first unreadable line and the
 * next write drops the rest; on a full disk its write renames an empty
 * file over the original; a named pipe in the file's place hangs it; a
 * symbolic link is replaced by a file; a file it cannot write only gets a
 * warning. So the game keeps the file itself, in GLib's format and place:
 *
 * - an unreadable file, at start or when another program changes it while
 *   the game runs, is copied aside as it is and reported once; if no copy
 *   can be kept, nothing is written over it;
 * - every write goes to a temporary file beside the target, is checked and
 *   synced, then renamed over it: on any failure the old file stays as it
 *   was, byte for byte, and #TttSettingsFile:save-error says why in words;
 *   the settings stay as they are in memory, for the session, and the next
 *   write that succeeds saves them;
 * - anything that is not a regular file in the file's place (a folder, a
 *   named pipe, symbolic links in a loop) is never read nor written;
 * - a symbolic link stays one: its target is written;
 * - two games on one file (two logins, a remote session beside a local
 *   one) add up: each write reads the file again, under an advisory lock
 *   on its folder, and joins what changed there since the game last read
 *   or wrote it with what changed in the session, key by key (a key
 *   changed here is this session's; one of the statistics adds the games
 *   counted here to those on disk, see ttt_settings_file_set_merge_func()).
 */

#include "config.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <glib/gi18n.h>
#include <glib/gstdio.h>

#include "ttt-message.h"
#include "ttt-settings-file.h"

/* What GKeyfileSettingsBackend passes when it reads the file. */
#define KEYFILE_FLAGS (G_KEY_FILE_KEEP_COMMENTS | G_KEY_FILE_KEEP_TRANSLATIONS)

/* Temporary files of a write: the game's own, and GLib's (which older
 * versions of the game left behind when killed during a write). */
#define TEMP_PREFIX       ".tictactoe-"
#define GLIB_TEMP_PREFIX  ".goutputstream-"
/* A temporary file older than this is nobody's write in progress. */
#define STALE_AGE_SECONDS 60

/* Complaints quoted from a file are cut to this many characters. */
#define QUOTE_MAX_CHARS   120

struct _TttSettingsFile
{
  GSettingsBackend  parent_instance;

  char             *filename;
  GKeyFile         *keyfile;       /* the settings of this session */
  GBytes           *on_disk;       /* the file as last read or written */
  GFileMonitor     *monitor;
  GHashTable       *merge_funcs;   /* a key's path → TttSettingsFileMergeFunc */

  char             *save_error;    /* why the last write failed, in words */
  /* The file holds a line that cannot be read and no copy of it could be
   * kept: nothing may be written over it. */
  gboolean          broken_uncopied;
};

G_DEFINE_FINAL_TYPE (TttSettingsFile, ttt_settings_file, G_TYPE_SETTINGS_BACKEND)

enum {
  PROP_0,
  PROP_FILENAME,
  PROP_SAVE_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Keys */

/* GLib's keyfile backend files the key /a/b/c under the group "a/b" as
 * "c"; the game's format is GLib's, so that the file reads either way. */
static gboolean
split_key (const char  *key,
           char       **group,
           const char **name)
{
  const char *last = strrchr (key, '/');

  if (key[0] != '/' || last == NULL || last == key || last[1] == '\0')
    return FALSE;

  *group = g_strndup (key + 1, last - key - 1);
  *name = last + 1;
  return TRUE;
}

/* Reading the file */

static gboolean
parses (const char  *data,
        gsize        length,
        GError     **error)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();

  return g_key_file_load_from_data (keyfile, data, length, KEYFILE_FLAGS, error);
}

/* The ends of the lines of @data: ends[i] is where line i + 1 ends. */
static GArray *
line_ends (const char *data,
           gsize       length)
{
  GArray *ends = g_array_new (FALSE, FALSE, sizeof (gsize));

  for (gsize i = 0; i < length; i++)
    if (data[i] == '\n')
      {
        gsize end = i + 1;

        g_array_append_val (ends, end);
      }
  if (ends->len == 0 || g_array_index (ends, gsize, ends->len - 1) != length)
    g_array_append_val (ends, length);

  return ends;
}

/* The number (from 1) of the first line of @data that cannot be read, and
 * what is wrong with it; 0 when the whole reads. @readable is the length
 * of the lines before it, which read. GKeyFile reads line after line and
 * stops at the first it cannot, so the first n lines parse exactly when n
 * is below that line's number: a binary search finds it in a few parses
 * however long the file. A NUL byte, which GKeyFile would take for the end
 * of its line's value, makes its line unreadable too. */
static guint
first_unreadable_line (const char  *data,
                       gsize        length,
                       gsize       *readable,
                       char       **complaint)
{
  g_autoptr(GArray) ends = NULL;
  g_autoptr(GError) error = NULL;
  const char *nul = memchr (data, '\0', length);
  guint good = 0;  /* the first @good lines parse */
  guint bad;       /* the first @bad lines do not */

  *readable = length;
  *complaint = NULL;
  if (nul == NULL && parses (data, length, NULL))
    return 0;

  ends = line_ends (data, length);
  bad = ends->len;
  if (nul != NULL)
    {
      /* The line of the NUL byte and after it are out. */
      bad = 0;
      while (g_array_index (ends, gsize, bad) <= (gsize) (nul - data))
        bad++;
      bad++;
      if (parses (data, bad > 1 ? g_array_index (ends, gsize, bad - 2) : 0, NULL))
        {
          *readable = bad > 1 ? g_array_index (ends, gsize, bad - 2) : 0;
          *complaint = g_strdup (_("it holds a NUL byte"));
          return bad;
        }
      bad--;
    }

  while (bad - good > 1)
    {
      guint middle = good + (bad - good) / 2;

      if (parses (data, g_array_index (ends, gsize, middle - 1), NULL))
        good = middle;
      else
        bad = middle;
    }

  parses (data, g_array_index (ends, gsize, bad - 1), &error);
  *complaint = g_strdup (error != NULL ? error->message : "");
  *readable = bad > 1 ? g_array_index (ends, gsize, bad - 2) : 0;

  return bad;
}

/* Reads the file without ever blocking: a named pipe or a device in its
 * place would hang a plain read. Sets @data to NULL, and returns TRUE,
 * when there is no file; returns FALSE when something other than a
 * regular file is there. */
static gboolean
read_file (const char  *filename,
           GBytes     **data)
{
  g_autoptr(GByteArray) bytes = NULL;
  struct stat st;
  int fd;

  *data = NULL;
  /* Not even opened unless it is a regular file: opening a device can do
   * things. The type is checked again on what was opened. Symbolic links
   * that lead round in a loop name no file at all, and a write would
   * replace one of them with a file. */
  if (g_stat (filename, &st) != 0)
    return errno != ELOOP;
  if (!S_ISREG (st.st_mode))
    return FALSE;

  fd = g_open (filename, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC, 0);
  if (fd < 0)
    return errno != ENXIO && errno != EISDIR;  /* ENXIO: a socket */

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return FALSE;
    }

  bytes = g_byte_array_sized_new (st.st_size > 0 ? (guint) MIN (st.st_size, G_MAXINT) : 0);
  for (;;)
    {
      guint8 buffer[16384];
      gssize n = read (fd, buffer, sizeof buffer);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      g_byte_array_append (bytes, buffer, (guint) n);
    }
  close (fd);

  *data = g_byte_array_free_to_bytes (g_steal_pointer (&bytes));
  return TRUE;
}

/* An earlier copy of @data beside @filename (FILENAME.broken-…), byte for
 * byte, or NULL: a broken file that cannot be written over (read-only)
 * is found again at every start, and one copy of it is enough. */
static char *
find_copy (const char *filename,
           const char *data,
           gsize       length)
{
  g_autofree char *folder = g_path_get_dirname (filename);
  g_autofree char *base = g_path_get_basename (filename);
  g_autofree char *prefix = g_strconcat (base, ".broken-", NULL);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autoptr(GBytes) copy = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (name, prefix))
        continue;
      path = g_build_filename (folder, name, NULL);
      /* Only regular files of the right size are read at all. */
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) || (gsize) st.st_size != length)
        continue;
      if (read_file (path, &copy) && copy != NULL && g_bytes_get_size (copy) == length &&
          memcmp (g_bytes_get_data (copy, NULL), data, length) == 0)
        return g_steal_pointer (&path);
    }

  return NULL;
}

/* Writes @data beside @filename as FILENAME.broken-DATE-TIME, never over an
 * earlier copy, unless such a copy holds it already. Returns the copy's
 * name, or NULL with @error set. */
static char *
keep_copy (const char  *filename,
           const char  *data,
           gsize        length,
           GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
  char *earlier = find_copy (filename, data, length);

  if (earlier != NULL)
    return earlier;

  for (guint n = 0; n < 100; n++)
    {
      g_autofree char *copy = NULL;

      if (n == 0)
        copy = g_strdup_printf ("%s.broken-%s", filename, stamp);
      else
        copy = g_strdup_printf ("%s.broken-%s-%u", filename, stamp, n);

      if (g_file_test (copy, G_FILE_TEST_EXISTS))
        continue;

      /* Private, like the settings file itself; written in full and
       * synced, or not at all. */
      if (!g_file_set_contents_full (copy, data, (gssize) length,
                                     G_FILE_SET_CONTENTS_CONSISTENT |
                                     G_FILE_SET_CONTENTS_DURABLE,
                                     0600, error))
        return NULL;

      return g_steal_pointer (&copy);
    }

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s.broken-%s: %s",
               filename, stamp, g_strerror (EEXIST));
  return NULL;
}

static void
set_save_error (TttSettingsFile *self,
                const char      *save_error)
{
  if (g_strcmp0 (self->save_error, save_error) == 0)
    return;

  g_free (self->save_error);
  self->save_error = g_strdup (save_error);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
}

/* Something other than a regular file is in the file's place: said, and
 * checked again before each write rather than remembered, so that the
 * writes go on once the file is back. */
static void
say_not_a_file (TttSettingsFile *self)
{
  g_autofree char *shown = g_filename_display_name (self->filename);
  g_autofree char *why = NULL;
  GStatBuf st;

  if (g_stat (self->filename, &st) != 0 && errno == ELOOP)
    /* Translators: why scores can't be saved; %s is a file name. */
    why = g_strdup_printf (_("the settings path %s is a loop of symbolic links"), shown);
  else
    /* Translators: why scores can't be saved; %s is a file name. */
    why = g_strdup_printf (_("the settings path %s is not a file"), shown);
  set_save_error (self, why);
}

static void
say_broken_uncopied (TttSettingsFile *self)
{
  g_autofree char *shown = g_filename_display_name (self->filename);
  g_autofree char *why = NULL;

  /* Translators: why scores can't be saved; %s is a file name. */
  why = g_strdup_printf (_("the settings file %s cannot be read and no copy of it could be kept"),
                         shown);
  set_save_error (self, why);
}

/* Checks @data, the file as read; a file that does not read to its end is
 * copied aside and said once; when no copy of it can be kept, nothing may
 * be written over it (#TttSettingsFile.broken_uncopied). Returns the
 * settings that can be read. @again: the copy is tried again, after it
 * failed for the same file: said only when it is kept now. */
static GKeyFile *
check_contents (TttSettingsFile *self,
                GBytes          *data,
                gboolean         again)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *complaint = NULL;
  g_autofree char *quoted = NULL;
  g_autofree char *display_name = NULL;
  g_autofree char *copy = NULL;
  const char *bytes;
  gsize length;
  gsize readable;
  guint line;

  self->broken_uncopied = FALSE;
  if (data == NULL)
    return g_steal_pointer (&keyfile);

  bytes = g_bytes_get_data (data, &length);
  line = first_unreadable_line (bytes, length, &readable, &complaint);
  if (line == 0)
    {
      g_key_file_load_from_data (keyfile, bytes, length, KEYFILE_FLAGS, NULL);
      return g_steal_pointer (&keyfile);
    }

  g_key_file_load_from_data (keyfile, bytes, readable, KEYFILE_FLAGS, NULL);
  display_name = g_filename_display_name (self->filename);
  quoted = ttt_text_for_message (complaint, -1, QUOTE_MAX_CHARS);
  copy = keep_copy (self->filename, bytes, length, &error);

  if (copy != NULL)
    {
      g_autofree char *display_copy = g_filename_display_name (copy);

      /* Translators: the first %u is a line number, then come the settings
       * file, what is wrong with that line (from GLib), and the copy's name. */
      g_printerr (_("tictactoe: line %u of the settings file %s cannot be read (%s); "
                    "settings from that line on are ignored, and the file as it was "
                    "is kept as %s\n"),
                  line, display_name, quoted, display_copy);

      /* Kept: it may be written over. */
      return g_steal_pointer (&keyfile);
    }
  else
    {
      if (!again)
        /* Translators: the first %u is a line number, then come the
         * settings file, what is wrong with that line (from GLib), and why
         * no copy of the file could be written. */
        g_printerr (_("tictactoe: line %u of the settings file %s cannot be read (%s); "
                      "settings from that line on are ignored, and no copy of the file "
                      "could be kept: %s\n"),
                    line, display_name, quoted, error->message);

      self->broken_uncopied = TRUE;
      say_broken_uncopied (self);
      return g_steal_pointer (&keyfile);
    }
}

/* Removes temporary files that a write killed half-way left behind. */
static void
remove_stale_temporaries (const char *filename)
{
  g_autofree char *folder = g_path_get_dirname (filename);
  g_autoptr(GDir) dir = g_dir_open (folder, 0, NULL);
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;
  const char *name;

  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *contents = NULL;
      g_autofree char *header = NULL;
      GStatBuf st;

      if (!g_str_has_prefix (name, TEMP_PREFIX) && !g_str_has_prefix (name, GLIB_TEMP_PREFIX))
        continue;

      path = g_build_filename (folder, name, NULL);
      if (g_lstat (path, &st) != 0 || !S_ISREG (st.st_mode) ||
          now - st.st_mtime < STALE_AGE_SECONDS)
        continue;

      /* GLib's are anybody's: only those holding this game's settings. */
      header = g_strdup_printf ("[%s]", &RESOURCE_BASE[1]);
      if (g_str_has_prefix (name, GLIB_TEMP_PREFIX) &&
          (!g_file_get_contents (path, &contents, NULL, NULL) ||
           strstr (contents, header) == NULL))
        continue;

      g_remove (path);
    }
}

/* Writing the file */

/* Where a write goes: through symbolic links, to the file they name. */
static char *
write_target (const char *filename)
{
  char *target = g_strdup (filename);

  for (guint i = 0; i < 32; i++)
    {
      g_autofree char *link = NULL;
      GStatBuf st;

      if (g_lstat (target, &st) != 0 || !S_ISLNK (st.st_mode))
        break;
      link = g_file_read_link (target, NULL);
      if (link == NULL)
        break;
      if (!g_path_is_absolute (link))
        {
          g_autofree char *folder = g_path_get_dirname (target);
          char *resolved = g_build_filename (folder, link, NULL);

          g_free (target);
          target = resolved;
        }
      else
        {
          g_free (target);
          target = g_steal_pointer (&link);
        }
    }

  return target;
}

/* Why a write failed with @error_code, in words for people. */
static char *
describe_failure (int         error_code,
                  const char *target,
                  gboolean    in_folder)
{
  g_autofree char *folder = g_path_get_dirname (target);
  g_autofree char *shown_file = g_filename_display_name (target);
  g_autofree char *shown_folder = g_filename_display_name (folder);

  switch (error_code)
    {
    case ENOSPC:
    case EDQUOT:
      /* Translators: why scores can't be saved. */
      return g_strdup (_("the disk is full"));

    case EACCES:
    case EPERM:
    case EROFS:
    case ENOTDIR:
      if (!in_folder)
        /* Translators: why scores can't be saved; %s is a file name. */
        return g_strdup_printf (_("the settings file %s is read-only"), shown_file);
      /* Translators: %s is a folder, such as ~/.config/glib-2.0/settings. */
      return g_strdup_printf (_("the folder %s cannot be written to"), shown_folder);

    default:
      return g_strdup_printf ("%s: %s", shown_file, g_strerror (error_code));
    }
}

static gboolean
write_all (int          fd,
           const char  *data,
           gsize        length)
{
  while (length > 0)
    {
      gssize n = write (fd, data, length);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          if (n == 0)
            errno = ENOSPC;
          return FALSE;
        }
      data += n;
      length -= (gsize) n;
    }

  return TRUE;
}

/* Writes @data to @target through a synced temporary file renamed over
 * it: the target is the old file or the new one, whole, whatever fails.
 * Returns 0, or the errno of what failed, with @in_folder telling whether
 * it was the folder that refused rather than the file. */
static int
replace_file (const char *target,
              const char *data,
              gsize       length,
              gboolean   *in_folder)
{
  g_autofree char *folder = g_path_get_dirname (target);
  g_autofree char *base = g_path_get_basename (target);
  g_autofree char *temp = NULL;
  GStatBuf st;
  int mode = 0600;
  int saved;
  int fd;

  *in_folder = TRUE;
  if (g_mkdir_with_parents (folder, 0700) != 0)
    return errno;

  /* A file or folder made read-only says not to write it, even to root,
   * whom the permissions would not stop. */
  if (g_stat (folder, &st) == 0 && (st.st_mode & 0222) == 0)
    return EACCES;
  if (g_stat (target, &st) == 0)
    {
      *in_folder = FALSE;
      if ((st.st_mode & 0222) == 0)
        return EACCES;
      mode = st.st_mode & 0777;
      *in_folder = TRUE;
    }

  temp = g_strdup_printf ("%s%c" TEMP_PREFIX "%s-XXXXXX", folder, G_DIR_SEPARATOR, base);
  fd = g_mkstemp_full (temp, O_RDWR | O_CLOEXEC, 0600);
  if (fd < 0)
    return errno;

  if (fchmod (fd, (mode_t) mode) != 0 ||
      !write_all (fd, data, length) ||
      fsync (fd) != 0)
    {
      saved = errno;
      close (fd);
      g_unlink (temp);
      return saved;
    }
  if (close (fd) != 0)
    {
      saved = errno;
      g_unlink (temp);
      return saved;
    }

  if (g_rename (temp, target) != 0)
    {
      saved = errno;
      g_unlink (temp);
      return saved;
    }

  /* The rename itself must outlive a crash too. */
  fd = g_open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
  if (fd >= 0)
    {
      fsync (fd);
      close (fd);
    }

  return 0;
}

/* Joining two games' changes */

/* Says which keys differ between @old and @new to the settings. */
static void
announce_changes (TttSettingsFile *self,
                  GKeyFile        *old,
                  GKeyFile        *new)
{
  g_autoptr(GPtrArray) changed = g_ptr_array_new_with_free_func (g_free);
  GKeyFile *files[2] = { old, new };

  for (guint f = 0; f < 2; f++)
    {
      g_auto(GStrv) groups = g_key_file_get_groups (files[f], NULL);

      for (guint g = 0; groups[g] != NULL; g++)
        {
          g_auto(GStrv) keys = g_key_file_get_keys (files[f], groups[g], NULL, NULL);

          for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
            {
              g_autofree char *a = g_key_file_get_value (old, groups[g], keys[k], NULL);
              g_autofree char *b = g_key_file_get_value (new, groups[g], keys[k], NULL);
              g_autofree char *path = NULL;

              if (g_strcmp0 (a, b) == 0 || (f == 1 && a != NULL))
                continue;
              path = g_strdup_printf ("/%s/%s", groups[g], keys[k]);
              g_ptr_array_add (changed, g_steal_pointer (&path));
            }
        }
    }

  for (guint i = 0; i < changed->len; i++)
    g_settings_backend_changed (G_SETTINGS_BACKEND (self), changed->pdata[i], NULL);
}

static gboolean
same_bytes (GBytes *a,
            GBytes *b)
{
  return a == NULL ? b == NULL : b != NULL && g_bytes_equal (a, b);
}

/* The settings @data holds, up to its first line that cannot be read. */
static GKeyFile *
readable_settings (GBytes *data)
{
  GKeyFile *keyfile = g_key_file_new ();
  g_autofree char *complaint = NULL;
  const char *bytes;
  gsize length;
  gsize readable;

  if (data == NULL)
    return keyfile;

  bytes = g_bytes_get_data (data, &length);
  first_unreadable_line (bytes, length, &readable, &complaint);
  g_key_file_load_from_data (keyfile, bytes, readable, KEYFILE_FLAGS, NULL);
  return keyfile;
}

/* @theirs, the file as another program left it, with what the session
 * changed since @base, the file as the game last read or wrote it: a key
 * changed here is the session's, or what its merge function makes of
 * both; any other is the file's. A broken file loses the lines from its
 * first bad one (@broken): what the session had of those stays. The
 * file's comments, order and other groups stay as they are. */
static GKeyFile *
merge_settings (TttSettingsFile *self,
                GKeyFile        *base,
                GKeyFile        *mine,
                GKeyFile        *theirs,
                gboolean         broken)
{
  GKeyFile *merged = g_key_file_new ();
  GKeyFile *sides[2] = { mine, base };
  g_autofree char *text = NULL;
  gsize length;

  text = g_key_file_to_data (theirs, &length, NULL);
  g_key_file_load_from_data (merged, text, length, KEYFILE_FLAGS, NULL);

  for (guint side = 0; side < 2; side++)
    {
      g_auto(GStrv) groups = g_key_file_get_groups (sides[side], NULL);

      for (guint g = 0; groups[g] != NULL; g++)
        {
          g_auto(GStrv) keys = g_key_file_get_keys (sides[side], groups[g], NULL, NULL);

          for (guint k = 0; keys != NULL && keys[k] != NULL; k++)
            {
              g_autofree char *m = g_key_file_get_value (mine, groups[g], keys[k], NULL);
              g_autofree char *b = g_key_file_get_value (base, groups[g], keys[k], NULL);
              g_autofree char *t = g_key_file_get_value (theirs, groups[g], keys[k], NULL);
              g_autofree char *path = NULL;
              g_autofree char *value = NULL;
              TttSettingsFileMergeFunc func;

              /* Those of the session were seen on the first side. */
              if (side == 1 && m != NULL)
                continue;

              if (g_strcmp0 (m, b) == 0)
                {
                  if (!broken || t != NULL || m == NULL)
                    continue;
                  value = g_strdup (m);
                }
              else
                {
                  path = g_strdup_printf ("/%s/%s", groups[g], keys[k]);
                  func = g_hash_table_lookup (self->merge_funcs, path);
                  value = func != NULL ? func (b, m, t) : g_strdup (m);
                }

              if (value != NULL)
                g_key_file_set_value (merged, groups[g], keys[k], value);
              else
                g_key_file_remove_key (merged, groups[g], keys[k], NULL);
            }
        }
    }

  return merged;
}

/* @data, the file now, is not the one the game last read or wrote: takes
 * what another program wrote, joined with what the session changed since
 * (see merge_settings()). Returns the session's settings as they were,
 * for announce_changes(). */
static GKeyFile *
take_file (TttSettingsFile *self,
           GBytes          *data)
{
  g_autoptr(GKeyFile) base = readable_settings (self->on_disk);
  g_autoptr(GKeyFile) theirs = NULL;
  g_autofree char *complaint = NULL;
  GKeyFile *old = self->keyfile;
  gsize readable;
  gboolean broken;

  broken = data != NULL &&
           first_unreadable_line (g_bytes_get_data (data, NULL), g_bytes_get_size (data),
                                  &readable, &complaint) != 0;
  theirs = check_contents (self, data, FALSE);

  g_clear_pointer (&self->on_disk, g_bytes_unref);
  self->on_disk = data != NULL ? g_bytes_ref (data) : NULL;
  self->keyfile = merge_settings (self, base, old, theirs, broken);

  return old;
}

/* Two games on one file take turns to read, join and write it: an
 * advisory lock on the folder of the file written (the file itself is
 * replaced by each write, so a lock on it would hold nothing), held only
 * while a write reads the file again and replaces it, never while anyone
 * is told anything, so that a handler that writes again cannot wait for
 * its own lock. Returns the descriptor that holds it, or -1 where there
 * is none to have (no folder yet, a file system without flock()): then
 * the write goes on, joined with the file as read just before. */
static int
lock_folder (const char *target)
{
  g_autofree char *folder = g_path_get_dirname (target);
  int fd = g_open (folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);

  if (fd < 0)
    return -1;

  /* Waits for the other game's write, which holds it for one read, one
   * write and two fsync()s. */
  while (flock (fd, LOCK_EX) != 0)
    if (errno != EINTR)
      {
        close (fd);
        return -1;
      }

  return fd;
}

/* Writing, under the lock; sets @old when it took another program's
 * changes into the session first. */
static gboolean
save_locked (TttSettingsFile  *self,
             const char       *target,
             GKeyFile        **old)
{
  g_autoptr(GBytes) current = NULL;
  g_autofree char *data = NULL;
  gboolean in_folder;
  gsize length;
  int failure;

  /* What is in the file's place now, not what was there once: a folder
   * or a named pipe put there for a while, then the file put back, must
   * not stop the writes for the rest of the session. */
  if (!read_file (self->filename, &current))
    {
      say_not_a_file (self);
      return FALSE;
    }

  /* Another game (or program) wrote since: its changes are joined with
   * the session's rather than written over. A broken file that could
   * not be copied aside has its copy tried again (the disk may have room
   * now). */
  if (!same_bytes (current, self->on_disk))
    *old = take_file (self, current);
  else if (self->broken_uncopied && current != NULL)
    {
      /* Only for the copy aside it makes again; what it read is known. */
      GKeyFile *again = check_contents (self, current, TRUE);

      g_clear_pointer (&again, g_key_file_unref);
    }
  if (self->broken_uncopied)
    {
      say_broken_uncopied (self);
      return FALSE;
    }

  data = g_key_file_to_data (self->keyfile, &length, NULL);
  if (self->on_disk != NULL && g_bytes_get_size (self->on_disk) == length &&
      memcmp (g_bytes_get_data (self->on_disk, NULL), data, length) == 0)
    {
      set_save_error (self, NULL);
      return TRUE;
    }

  {
    GStatBuf st;

    if (g_stat (target, &st) == 0 ? !S_ISREG (st.st_mode) : errno == ELOOP)
      {
        say_not_a_file (self);
        return FALSE;
      }
  }

  failure = replace_file (target, data, length, &in_folder);
  if (failure != 0)
    {
      g_autofree char *why = describe_failure (failure, target, in_folder);

      set_save_error (self, why);
      return FALSE;
    }

  g_clear_pointer (&self->on_disk, g_bytes_unref);
  self->on_disk = g_bytes_new_take (g_steal_pointer (&data), length);
  set_save_error (self, NULL);
  return TRUE;
}

/**
 * ttt_settings_file_save:
 * @self: a #TttSettingsFile
 *
 * Writes the settings of the session to the file, unless it holds them
 * already, joined with what another program (another game) wrote there
 * since the game last read or wrote it; those changes are taken into the
 * session too, and announced. On failure the file is left as it was and
 * #TttSettingsFile:save-error says why; it goes back to %NULL once a write
 * succeeds.
 *
 * Returns: whether the file holds the settings of the session
 */
gboolean
ttt_settings_file_save (TttSettingsFile *self)
{
  g_autoptr(GKeyFile) old = NULL;
  g_autofree char *target = NULL;
  gboolean saved;
  int lock;

  g_return_val_if_fail (TTT_IS_SETTINGS_FILE (self), FALSE);

  target = write_target (self->filename);

  /* Nobody is told anything under the lock. */
  g_object_freeze_notify (G_OBJECT (self));
  lock = lock_folder (target);
  saved = save_locked (self, target, &old);
  if (lock >= 0)
    close (lock);  /* which releases it */
  g_object_thaw_notify (G_OBJECT (self));

  if (old != NULL)
    announce_changes (self, old, self->keyfile);

  return saved;
}

/**
 * ttt_settings_file_set_merge_func:
 * @self: a #TttSettingsFile
 * @key: a key's full path, such as /io/github/jingzi/TicTacToe/statistics
 * @func: how to join two games' changes to it
 *
 * When the session and another program both changed @key since the game
 * last read or wrote the file, @func says what to keep, rather than the
 * session's value: counts add up, for one.
 */
void
ttt_settings_file_set_merge_func (TttSettingsFile          *self,
                                  const char               *key,
                                  TttSettingsFileMergeFunc  func)
{
  g_return_if_fail (TTT_IS_SETTINGS_FILE (self));
  g_return_if_fail (key != NULL);
  g_return_if_fail (func != NULL);

  g_hash_table_insert (self->merge_funcs, g_strdup (key), func);
}

/* Following other programs */

/* The file changed under the game: take what another program wrote,
 * joined with what the session changed since. */
static void
reload (TttSettingsFile *self)
{
  g_autoptr(GBytes) data = NULL;

  if (!read_file (self->filename, &data))
    {
      say_not_a_file (self);
      return;
    }

  /* Not the game's own write, nor nothing new. */
  if (!same_bytes (data, self->on_disk))
    {
      g_autoptr(GKeyFile) old = take_file (self, data);

      announce_changes (self, old, self->keyfile);
    }

  /* A file again, or room again: what the session could not write is
   * written now (a file back in its place byte for byte as it was too),
   * and a reason that no longer holds goes. */
  if (self->save_error != NULL)
    ttt_settings_file_save (self);
}

static void
file_changed_cb (TttSettingsFile   *self,
                 GFile             *file,
                 GFile             *other_file,
                 GFileMonitorEvent  event,
                 GFileMonitor      *monitor)
{
  switch (event)
    {
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
    case G_FILE_MONITOR_EVENT_RENAMED:
      reload (self);
      break;

    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

/* GSettingsBackend */

static GVariant *
ttt_settings_file_read (GSettingsBackend   *backend,
                        const char         *key,
                        const GVariantType *expected_type,
                        gboolean            default_value)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (backend);
  g_autofree char *group = NULL;
  g_autofree char *text = NULL;
  const char *name;

  /* The file holds no defaults: those are the schema's. */
  if (default_value || !split_key (key, &group, &name))
    return NULL;

  text = g_key_file_get_value (self->keyfile, group, name, NULL);
  if (text == NULL)
    return NULL;

  /* Of the wrong type, the key's default shows, as with GLib. */
  return g_variant_parse (expected_type, text, NULL, NULL, NULL);
}

static void
store (TttSettingsFile *self,
       const char      *key,
       GVariant        *value)
{
  g_autofree char *group = NULL;
  const char *name;

  if (!split_key (key, &group, &name))
    return;

  if (value != NULL)
    {
      g_autoptr(GVariant) owned = g_variant_ref_sink (value);
      g_autofree char *text = g_variant_print (owned, FALSE);

      g_key_file_set_value (self->keyfile, group, name, text);
    }
  else
    g_key_file_remove_key (self->keyfile, group, name, NULL);
}

static gboolean
ttt_settings_file_write (GSettingsBackend *backend,
                         const char       *key,
                         GVariant         *value,
                         gpointer          origin_tag)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (backend);
  g_autofree char *group = NULL;
  const char *name;

  if (!split_key (key, &group, &name))
    return FALSE;

  /* The session keeps the value whether or not the file can. */
  store (self, key, value);
  g_settings_backend_changed (backend, key, origin_tag);
  ttt_settings_file_save (self);

  return TRUE;
}

static gboolean
store_tree_cb (gpointer key,
               gpointer value,
               gpointer user_data)
{
  /* The tree keeps its values: store() only borrows them. */
  store (user_data, key, value);

  return FALSE;
}

static gboolean
ttt_settings_file_write_tree (GSettingsBackend *backend,
                              GTree            *tree,
                              gpointer          origin_tag)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (backend);

  g_tree_foreach (tree, store_tree_cb, self);
  g_settings_backend_changed_tree (backend, tree, origin_tag);
  ttt_settings_file_save (self);

  return TRUE;
}

static void
ttt_settings_file_reset (GSettingsBackend *backend,
                         const char       *key,
                         gpointer          origin_tag)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (backend);

  store (self, key, NULL);
  g_settings_backend_changed (backend, key, origin_tag);
  ttt_settings_file_save (self);
}

/* Always: what cannot be saved is kept for the session, and said. A key
 * reported unwritable would make GSettings refuse it, and grey out what
 * is bound to it. */
static gboolean
ttt_settings_file_get_writable (GSettingsBackend *backend,
                                const char       *key)
{
  g_autofree char *group = NULL;
  const char *name;

  return split_key (key, &group, &name);
}

static GPermission *
ttt_settings_file_get_permission (GSettingsBackend *backend,
                                  const char       *path)
{
  return g_simple_permission_new (TRUE);
}

/* GObject */

static void
ttt_settings_file_constructed (GObject *object)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (object);
  g_autoptr(GFile) file = NULL;
  g_autoptr(GBytes) data = NULL;

  G_OBJECT_CLASS (ttt_settings_file_parent_class)->constructed (object);

  g_return_if_fail (self->filename != NULL);

  remove_stale_temporaries (self->filename);

  if (!read_file (self->filename, &data))
    {
      say_not_a_file (self);
      self->keyfile = g_key_file_new ();
    }
  else
    {
      self->on_disk = data != NULL ? g_bytes_ref (data) : NULL;
      self->keyfile = check_contents (self, data, FALSE);
    }

  file = g_file_new_for_path (self->filename);
  self->monitor = g_file_monitor_file (file, G_FILE_MONITOR_NONE, NULL, NULL);
  if (self->monitor != NULL)
    g_signal_connect_object (self->monitor, "changed", G_CALLBACK (file_changed_cb),
                             self, G_CONNECT_SWAPPED);
}

static void
ttt_settings_file_finalize (GObject *object)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (object);

  if (self->monitor != NULL)
    g_file_monitor_cancel (self->monitor);
  g_clear_object (&self->monitor);
  g_clear_pointer (&self->keyfile, g_key_file_unref);
  g_clear_pointer (&self->on_disk, g_bytes_unref);
  g_free (self->filename);
  g_free (self->save_error);
  g_hash_table_unref (self->merge_funcs);

  G_OBJECT_CLASS (ttt_settings_file_parent_class)->finalize (object);
}

static void
ttt_settings_file_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (object);

  switch (prop_id)
    {
    case PROP_FILENAME:
      g_value_set_string (value, self->filename);
      break;

    case PROP_SAVE_ERROR:
      g_value_set_string (value, self->save_error);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_settings_file_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  TttSettingsFile *self = TTT_SETTINGS_FILE (object);

  switch (prop_id)
    {
    case PROP_FILENAME:
      self->filename = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_settings_file_class_init (TttSettingsFileClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GSettingsBackendClass *backend_class = G_SETTINGS_BACKEND_CLASS (klass);

  object_class->constructed = ttt_settings_file_constructed;
  object_class->finalize = ttt_settings_file_finalize;
  object_class->get_property = ttt_settings_file_get_property;
  object_class->set_property = ttt_settings_file_set_property;

  backend_class->read = ttt_settings_file_read;
  backend_class->write = ttt_settings_file_write;
  backend_class->write_tree = ttt_settings_file_write_tree;
  backend_class->reset = ttt_settings_file_reset;
  backend_class->get_writable = ttt_settings_file_get_writable;
  backend_class->get_permission = ttt_settings_file_get_permission;

  properties[PROP_FILENAME] =
    g_param_spec_string ("filename", NULL, NULL,
                         NULL,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS));

  /**
   * TttSettingsFile:save-error:
   *
   * %NULL while the file holds the settings of the session; else why it
   * does not, in words for people, such as “the disk is full”.
   */
  properties[PROP_SAVE_ERROR] =
    g_param_spec_string ("save-error", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ttt_settings_file_init (TttSettingsFile *self)
{
  self->merge_funcs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

/**
 * ttt_settings_file_new:
 * @filename: the settings file, in GLib's keyfile format
 *
 * Reads @filename, checking it as described above (an unreadable file is
 * copied aside and said once on stderr), and follows its changes.
 *
 * Returns: (transfer full): a settings backend on @filename
 */
TttSettingsFile *
ttt_settings_file_new (const char *filename)
{
  g_return_val_if_fail (filename != NULL, NULL);

  return g_object_new (TTT_TYPE_SETTINGS_FILE, "filename", filename, NULL);
}

/**
 * ttt_settings_file_new_default:
 *
 * A backend on the file of GLib's keyfile backend, when GLib would keep
 * the settings in it (GSETTINGS_BACKEND=keyfile, or it is the backend GIO
 * prefers, as in a Flatpak); %NULL otherwise. GLib's backend is not
 * created on the way: it would hang on a named pipe in the file's place.
 *
 * Returns: (transfer full) (nullable): the backend, or %NULL
 */
TttSettingsFile *
ttt_settings_file_new_default (void)
{
  const char *name = g_getenv ("GSETTINGS_BACKEND");
  g_autofree char *filename = NULL;

  if (name != NULL && *name != '\0')
    {
      if (!g_str_equal (name, "keyfile"))
        return NULL;
    }
  else
    {
      GIOExtensionPoint *point;
      GList *extensions;

      /* Loads GIO's modules, which register the backends they have. */
      g_vfs_get_default ();
      point = g_io_extension_point_lookup (G_SETTINGS_BACKEND_EXTENSION_POINT_NAME);
      extensions = point != NULL ? g_io_extension_point_get_extensions (point) : NULL;
      /* GIO takes the one of highest priority, which comes first. */
      if (extensions == NULL || !g_str_equal (g_io_extension_get_name (extensions->data), "keyfile"))
        return NULL;
    }

  filename = g_build_filename (g_get_user_config_dir (), "glib-2.0", "settings", "keyfile", NULL);
  return ttt_settings_file_new (filename);
}

const char *
ttt_settings_file_get_filename (TttSettingsFile *self)
{
  g_return_val_if_fail (TTT_IS_SETTINGS_FILE (self), NULL);

  return self->filename;
}

/* See #TttSettingsFile:save-error. */
const char *
ttt_settings_file_get_save_error (TttSettingsFile *self)
{
  g_return_val_if_fail (TTT_IS_SETTINGS_FILE (self), NULL);

  return self->save_error;
}

/**
 * ttt_settings_file_dup_text:
 * @self: a #TttSettingsFile
 * @key: a key's full path, such as /io/github/jingzi/TicTacToe/statistics
 *
 * The value of @key as the file holds it, as text, whether or not it reads
 * as the key's type: GSettings hides a value of the wrong type behind the
 * default, and what can be kept of it would be lost.
 *
 * Returns: (transfer full) (nullable): the text, or %NULL when not set
 */
char *
ttt_settings_file_dup_text (TttSettingsFile *self,
                            const char      *key)
{
  g_autofree char *group = NULL;
  const char *name;

  g_return_val_if_fail (TTT_IS_SETTINGS_FILE (self), NULL);
  g_return_val_if_fail (key != NULL, NULL);

  if (!split_key (key, &group, &name))
    return NULL;

  return g_key_file_get_value (self->keyfile, group, name, NULL);
}
