/* ttt-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>
#include <glib/gi18n.h>

#include "ttt-application.h"
#include "ttt-preferences-window.h"
#include "ttt-window.h"

struct _TttApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;

  /* Command-line choices for this run only; never written to settings. */
  TttLevel        level_override;
  TttFirstPlayer  first_override;
  guint           has_level_override : 1;
  guint           has_first_override : 1;
};

G_DEFINE_FINAL_TYPE (TttApplication, ttt_application, ADW_TYPE_APPLICATION)

static const GOptionEntry option_entries[] = {
  { "difficulty", 'd', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, NULL,
    N_("How strong the computer plays for this run"),
    /* Translators: the values the option accepts; they are typed as they
     * are, so keep them in English. */
    N_("easy|medium|hard") },
  { "first", 'f', G_OPTION_FLAG_NONE, G_OPTION_ARG_STRING, NULL,
    N_("Who moves first for this run"),
    /* Translators: the values the option accepts; they are typed as they
     * are, so keep them in English. */
    N_("human|computer|alternate|random") },
  { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the version and quit"), NULL },
  { NULL }
};

/* Looks up @nick among the nicks of @enum_type; on failure prints which
 * values are valid, naming the option. */
static gboolean
parse_enum_option (GType        enum_type,
                   const char  *option,
                   const char  *nick,
                   int         *value)
{
  g_autoptr(GEnumClass) klass = g_type_class_ref (enum_type);
  g_autoptr(GString) valid = g_string_new (NULL);
  GEnumValue *found = g_enum_get_value_by_nick (klass, nick);

  if (found != NULL)
    {
      *value = found->value;
      return TRUE;
    }

  for (guint i = 0; i < klass->n_values; i++)
    g_string_append_printf (valid, "%s%s", i > 0 ? ", " : "", klass->values[i].value_nick);

  /* Translators: the first %s is an option name such as --difficulty, the
   * second the value given, the third the list of valid values. */
  g_printerr (_("tictactoe: invalid value “%s” for %s; valid values are: %s\n"),
              nick, option, valid->str);

  return FALSE;
}

static int
ttt_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  TttApplication *self = TTT_APPLICATION (app);
  g_autoptr(GSettingsSchema) schema = NULL;
  GSettingsSchemaSource *source;
  const char *value = NULL;
  int parsed;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("tictactoe %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_lookup (options, "difficulty", "&s", &value))
    {
      if (!parse_enum_option (TTT_TYPE_LEVEL, "--difficulty", value, &parsed))
        return 1;
      self->level_override = parsed;
      self->has_level_override = TRUE;
    }

  if (g_variant_dict_lookup (options, "first", "&s", &value))
    {
      if (!parse_enum_option (TTT_TYPE_FIRST_PLAYER, "--first", value, &parsed))
        return 1;
      self->first_override = parsed;
      self->has_first_override = TRUE;
    }

  /* Without its schema GSettings aborts; say what is wrong instead. */
  source = g_settings_schema_source_get_default ();
  if (source != NULL)
    schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  if (schema == NULL)
    {
      g_printerr (_("tictactoe: the settings schema %s is not installed; "
                    "install the game, or run it with build-aux/run\n"),
                  APPLICATION_ID);
      return 1;
    }

  return G_APPLICATION_CLASS (ttt_application_parent_class)->handle_local_options (app, options);
}

/* GSettings quietly replaces a stored value of the wrong type, or out of
 * range, by the key's default. Someone who edited the settings file by hand
 * deserves to know why it had no effect, so with the keyfile backend (the
 * only one whose raw values can be read) the bad keys are named once. */
static void
warn_about_invalid_settings (GSettings *settings)
{
  g_autoptr(GSettingsBackend) backend = g_settings_backend_get_default ();
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GKeyFile) keyfile = g_key_file_new ();
  g_autoptr(GString) invalid = g_string_new (NULL);
  g_autofree char *filename = NULL;
  /* The keyfile backend files the keys of /a/b/ under the group "a/b". */
  const char *group = &RESOURCE_BASE[1];
  g_auto(GStrv) keys = NULL;

  if (g_object_class_find_property (G_OBJECT_GET_CLASS (backend), "filename") == NULL ||
      g_strcmp0 (G_OBJECT_TYPE_NAME (backend), "GKeyfileSettingsBackend") != 0)
    return;

  g_object_get (backend, "filename", &filename, NULL);
  if (filename == NULL || !g_key_file_load_from_file (keyfile, filename, G_KEY_FILE_NONE, NULL))
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

      value = g_variant_parse (g_settings_schema_key_get_value_type (key), text, NULL, NULL, NULL);
      if (value == NULL || !g_settings_schema_key_range_check (key, value))
        g_string_append_printf (invalid, "%s%s", invalid->len > 0 ? ", " : "", keys[i]);
    }

  if (invalid->len > 0)
    g_warning ("Ignoring invalid settings in %s (%s): using their defaults", filename, invalid->str);
}

static void
preferences_action (GSimpleAction *action,
                    GVariant      *parameter,
                    gpointer       user_data)
{
  TttApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  TttGame *game = TTT_IS_WINDOW (parent) ? ttt_window_get_game (TTT_WINDOW (parent)) : NULL;
  TttPreferencesWindow *preferences;

  preferences = ttt_preferences_window_new (self->settings, game);
  gtk_window_set_transient_for (GTK_WINDOW (preferences), parent);
  gtk_window_present (GTK_WINDOW (preferences));
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  TttApplication *self = user_data;
  static const char *developers[] = { "The Tic-Tac-Toe developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (GTK_APPLICATION (self)),
                        "modal", TRUE,
                        "application-name", _("Tic-Tac-Toe"),
                        "application-icon", APPLICATION_ID,
                        "version", PACKAGE_VERSION,
                        "developer-name", "The Tic-Tac-Toe developers",
                        "developers", developers,
                        "comments", _("Three in a row against the computer or a friend"),
                        "website", PACKAGE_WEBSITE,
                        "issue-url", PACKAGE_WEBSITE "/issues",
                        "copyright", "© 2026 The Tic-Tac-Toe developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        /* Translators: your names, one per line. */
                        "translator-credits", _("translator-credits"),
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GApplication *app = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  /* Closing the windows, rather than quitting outright, lets each one save
   * its size. */
  while (windows != NULL)
    {
      GList *next = windows->next;

      gtk_window_close (GTK_WINDOW (windows->data));
      windows = next;
    }
}

static const GActionEntry app_actions[] = {
  { "preferences", preferences_action },
  { "about", about_action },
  { "quit", quit_action },
};

static void
ttt_application_startup (GApplication *app)
{
  TttApplication *self = TTT_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.new-game", { "<Control>n", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.show-analysis", { "<Control>a", NULL } },
    { "win.review", { "<Control>r", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
  };

  G_APPLICATION_CLASS (ttt_application_parent_class)->startup (app);

  g_set_application_name (_("Tic-Tac-Toe"));
  gtk_window_set_default_icon_name (APPLICATION_ID);

  self->settings = g_settings_new (APPLICATION_ID);
  warn_about_invalid_settings (self->settings);

  /* AdwApplication loads style.css and follows the dark style by itself. */

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                           accels[i].action, accels[i].accels);
}

static void
ttt_application_activate (GApplication *app)
{
  TttApplication *self = TTT_APPLICATION (app);
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    {
      g_autoptr(TttGame) game = ttt_application_create_game (self);

      window = GTK_WINDOW (ttt_window_new (GTK_APPLICATION (self), game, self->settings));
    }

  gtk_window_present (window);
}

static void
ttt_application_dispose (GObject *object)
{
  TttApplication *self = TTT_APPLICATION (object);

  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ttt_application_parent_class)->dispose (object);
}

static void
ttt_application_class_init (TttApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  object_class->dispose = ttt_application_dispose;

  app_class->handle_local_options = ttt_application_handle_local_options;
  app_class->startup = ttt_application_startup;
  app_class->activate = ttt_application_activate;
}

static void
ttt_application_init (TttApplication *self)
{
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  g_application_set_option_context_summary (G_APPLICATION (self),
                                            _("Play tic-tac-toe against the computer or a friend."));
}

TttApplication *
ttt_application_new (void)
{
  return g_object_new (TTT_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_DEFAULT_FLAGS,
                       "resource-base-path", RESOURCE_BASE,
                       NULL);
}

GSettings *
ttt_application_get_settings (TttApplication *self)
{
  g_return_val_if_fail (TTT_IS_APPLICATION (self), NULL);

  return self->settings;
}

/* A new game as the person has set it up: the preferences bound to the
 * settings, the command line's choices for this run on top, and the first
 * game begun (so the computer may already be about to open). */
TttGame *
ttt_application_create_game (TttApplication *self)
{
  static const char *scores[] = {
    "score-human", "score-computer", "score-draws",
    "score-x", "score-o", "score-pair-draws",
  };
  g_autoptr(TttGame) game = ttt_game_new ();
  const char *seed;

  g_return_val_if_fail (TTT_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (self->settings != NULL, NULL);

  /* TTT_SEED makes the computer's choices repeatable, for bug reports. */
  seed = g_getenv ("TTT_SEED");
  if (seed != NULL)
    ttt_game_set_seed (game, g_ascii_strtoull (seed, NULL, 10));

  /* Preferences are written by the preferences window only. */
  g_settings_bind (self->settings, "difficulty", game, "difficulty", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "first-player", game, "first-player", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "opponent", game, "opponent", G_SETTINGS_BIND_GET);

  /* Scores go both ways, so they survive a restart. */
  for (guint i = 0; i < G_N_ELEMENTS (scores); i++)
    g_settings_bind (self->settings, scores[i], game, scores[i], G_SETTINGS_BIND_DEFAULT);

  /* The command line chooses for this run only: with GET bindings, setting
   * the property does not write the setting, and the next change of the
   * setting (in the preferences) ends the override. */
  if (self->has_level_override)
    ttt_game_set_difficulty (game, self->level_override);
  if (self->has_first_override)
    ttt_game_set_first_player (game, self->first_override);

  /* The settings shape the first game, so they come before it starts. */
  ttt_game_start_new (game);

  return g_steal_pointer (&game);
}
