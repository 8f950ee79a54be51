/* ttt-settings-file.c — the settings file, when settings live in one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With the keyfile backend (GSETTINGS_BACKEND=keyfile, and inside a Flatpak
 * without dconf) the settings are one text file that people edit by hand.
 * GLib reads such a file up to its first unreadable line and quietly drops
 * the rest; the next write then replaces the whole file with what was read,
 * losing the rest for good, this game's settings and other programs' alike.
 * So before anything is written the file is checked, and an unreadable one
 * is copied aside as it is and reported once.
 */

#include "config.h"

#include <errno.h>

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>

#include "ttt-settings-file.h"

/* What GKeyfileSettingsBackend passes when it reads the file. */
#define KEYFILE_FLAGS (G_KEY_FILE_KEEP_COMMENTS | G_KEY_FILE_KEEP_TRANSLATIONS)

static gboolean
parses (const char  *data,
        gsize        length,
        GError     **error)
{
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();

  return g_key_file_load_from_data (keyfile, data, length, KEYFILE_FLAGS, error);
}

/* The number (from 1) of the first line GKeyFile cannot read in @data,
 * which does not parse as a whole, and its complaint. GKeyFile reads line
 * after line and stops at the first it cannot, so the first n lines parse
 * exactly when n is below that line's number: a binary search finds it in
 * a few parses however long the file. */
static guint
first_unreadable_line (const char  *data,
                       gsize        length,
                       char       **complaint)
{
  g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  g_autoptr(GError) error = NULL;
  guint good = 0;  /* the first @good lines parse */
  guint bad;       /* the first @bad lines do not */

  for (gsize i = 0; i < length; i++)
    if (data[i] == '\n')
      {
        gsize end = i + 1;

        g_array_append_val (ends, end);
      }
  if (ends->len == 0 || g_array_index (ends, gsize, ends->len - 1) != length)
    g_array_append_val (ends, length);
  bad = ends->len;

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

  return bad;
}

/* Writes @data beside @filename as FILENAME.broken-DATE-TIME, never over an
 * earlier copy. Returns the copy's name, or NULL with @error set. */
static char *
keep_copy (const char  *filename,
           const char  *data,
           gsize        length,
           GError     **error)
{
  g_autoptr(GDateTime) now = g_date_time_new_now_local ();
  g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");

  for (guint n = 0; n < 100; n++)
    {
      g_autofree char *copy = NULL;

      if (n == 0)
        copy = g_strdup_printf ("%s.broken-%s", filename, stamp);
      else
        copy = g_strdup_printf ("%s.broken-%s-%u", filename, stamp, n);

      if (g_file_test (copy, G_FILE_TEST_EXISTS))
        continue;

      /* Private, like the settings file itself. */
      if (!g_file_set_contents_full (copy, data, (gssize) length,
                                     G_FILE_SET_CONTENTS_CONSISTENT, 0600, error))
        return NULL;

      return g_steal_pointer (&copy);
    }

  g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_EXIST, "%s.broken-%s: %s",
               filename, stamp, g_strerror (EEXIST));
  return NULL;
}

/**
 * ttt_settings_file_check:
 *
 * If the settings are kept in a keyfile (see above) that GLib cannot read
 * to the end, copies it aside as it is and says so once on stderr, naming
 * the file, the line and the copy. Call it before anything writes a
 * setting: the first write replaces the file.
 *
 * Returns: (transfer full) (nullable): the copy's file name, or %NULL when
 *   there was nothing to keep (no keyfile, no such file, or one that reads)
 */
char *
ttt_settings_file_check (void)
{
  g_autoptr(GSettingsBackend) backend = g_settings_backend_get_default ();
  g_autoptr(GError) error = NULL;
  g_autofree char *filename = NULL;
  g_autofree char *data = NULL;
  g_autofree char *complaint = NULL;
  g_autofree char *display_name = NULL;
  char *copy;
  gsize length;
  guint line;

  /* Its type is private; the name and the property are what is known. */
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (backend), "GKeyfileSettingsBackend") != 0 ||
      g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "filename") == NULL)
    return NULL;

  g_object_get (backend, "filename", &filename, NULL);
  if (filename == NULL || !g_file_get_contents (filename, &data, &length, NULL))
    return NULL;
  if (parses (data, length, NULL))
    return NULL;

  line = first_unreadable_line (data, length, &complaint);
  display_name = g_filename_display_name (filename);
  copy = keep_copy (filename, data, length, &error);

  if (copy != NULL)
    {
      g_autofree char *display_copy = g_filename_display_name (copy);

      /* Translators: the first %u is a line number, then come the settings
       * file, what is wrong with that line (from GLib), and the copy's name. */
      g_printerr (_("tictactoe: line %u of the settings file %s cannot be read (%s); "
                    "settings from that line on are ignored, and the file as it was "
                    "is kept as %s\n"),
                  line, display_name, complaint, display_copy);
    }
  else
    {
      /* Translators: the first %u is a line number, then come the settings
       * file, what is wrong with that line (from GLib), and why no copy of
       * the file could be written. */
      g_printerr (_("tictactoe: line %u of the settings file %s cannot be read (%s); "
                    "settings from that line on are ignored, and no copy of the file "
                    "could be kept: %s\n"),
                  line, display_name, complaint, error->message);
    }

  return copy;
}

/* The settings file of the keyfile backend, the only one whose raw values
 * can be read; NULL for any other backend. */
static GKeyFile *
load_settings_keyfile (char **filename)
{
  g_autoptr(GSettingsBackend) backend = g_settings_backend_get_default ();
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();

  *filename = NULL;
  if (g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "filename") == NULL ||
      g_strcmp0 (G_OBJECT_TYPE_NAME (backend), "GKeyfileSettingsBackend") != 0)
    return NULL;

  g_object_get (backend, "filename", filename, NULL);
  if (*filename == NULL || !g_key_file_load_from_file (keyfile, *filename, G_KEY_FILE_NONE, NULL))
    return NULL;

  return g_steal_pointer (&keyfile);
}

/* GSettings quietly replaces a stored value of the wrong type, or out of
 * range, by the key's default. Someone who edited the settings file by hand
 * deserves to know why it had no effect, so with the keyfile backend the
 * bad keys are named once. The statistics are the exception: they keep
 * what can be kept of a broken value, so their text as stored is handed
 * back in @statistics_text for them to say so themselves. */
void
ttt_settings_file_warn_invalid (GSettings  *settings,
                                char      **statistics_text)
{
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GKeyFile) keyfile = NULL;
  g_autoptr(GString) invalid = g_string_new (NULL);
  g_autofree char *filename = NULL;
  /* The keyfile backend files the keys of /a/b/ under the group "a/b". */
  const char *group = &RESOURCE_BASE[1];
  g_auto(GStrv) keys = NULL;

  *statistics_text = NULL;
  keyfile = load_settings_keyfile (&filename);
  if (keyfile == NULL)
    return;

  g_object_get (settings, "settings-schema", &schema, NULL);
  keys = g_settings_schema_list_keys (schema);

  for (guint i = 0; keys[i] != NULL; i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, keys[i]);
      g_autofree char *text = g_key_file_get_value (keyfile, group, keys[i], NULL);
      g_autoptr(GVariant) value = NULL;

      if (text == NULL)
        continue;

      if (g_str_equal (keys[i], "statistics"))
        {
          *statistics_text = g_steal_pointer (&text);
          continue;
        }

      value = g_variant_parse (g_settings_schema_key_get_value_type (key), text, NULL, NULL, NULL);
      if (value == NULL || !g_settings_schema_key_range_check (key, value))
        g_string_append_printf (invalid, "%s%s", invalid->len > 0 ? ", " : "", keys[i]);
    }

  if (invalid->len > 0)
    g_warning ("Ignoring invalid settings in %s (%s): using their defaults", filename, invalid->str);
}


/* Why the settings cannot be written, in words for people. */
char *
ttt_settings_file_describe_unwritable (void)
{
  g_autoptr(GSettingsBackend) backend = g_settings_backend_get_default ();
  g_autofree char *filename = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *shown = NULL;

  /* A keyfile can be written while its folder can (see GLib). */
  if (g_strcmp0 (G_OBJECT_TYPE_NAME (backend), "GKeyfileSettingsBackend") == 0 &&
      g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "filename") != NULL)
    g_object_get (backend, "filename", &filename, NULL);
  if (filename == NULL)
    return g_strdup (_("the settings are locked"));

  folder = g_path_get_dirname (filename);
  shown = g_filename_display_name (folder);
  /* Translators: %s is a folder, such as ~/.config/glib-2.0/settings. */
  return g_strdup_printf (_("the folder %s cannot be written to"), shown);
}
