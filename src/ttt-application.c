/* ttt-application.c
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>
#include <glib-unix.h>
#include <signal.h>
#include <string.h>

#include "ttt-about.h"
#include "ttt-application-private.h"
#include "ttt-compat.h"
#include "ttt-message.h"
#include "ttt-preferences-window.h"
#include "ttt-record-file.h"
#include "ttt-resources.h"
#include "ttt-rules-window.h"
#include "ttt-statistics-window.h"
#include "ttt-variants.h"
#include "ttt-window.h"
#ifdef TTT_HAVE_NETWORK
#include "ttt-code-dialog.h"
#include "ttt-connection.h"
#include "ttt-net-window.h"
#include "ttt-wormhole-words.h"
#endif

struct _TttApplication
{
  AdwApplication  parent_instance;

  GSettings      *settings;
  TttStatistics  *statistics;
  /* SIGTERM, SIGINT and SIGHUP end the game as Ctrl+Q does. */
  guint           signal_ids[3];

  /* Command-line choices for this run only; never written to settings. */
  TttLevel        level_override;
  TttFirstPlayer  first_override;
  TttVariant      game_override;
  guint           has_level_override : 1;
  guint           has_first_override : 1;
  guint           has_game_override : 1;

  /* --host (the port, 0 for a free one; -1 without) and --join: done
   * once, when the window is presented. */
  int             net_host_port;
  char           *net_join;
  /* --invite, and --join with a code: played by a code, over the
   * internet. */
  gboolean        net_invite;
  char           *net_join_code;

  /* Why a changed score could not be saved, once that has happened. */
  char           *save_error;

  /* How the manual is handed to the desktop: ttt-compat.c's, or a
   * test's. */
  TttShowUriFunc        show_uri;
  TttShowUriFinishFunc  show_uri_finish;

  /* The command line, while GApplication parses it: see option_error_cb(). */
  char          **arguments;
};

G_DEFINE_FINAL_TYPE (TttApplication, ttt_application, ADW_TYPE_APPLICATION)

enum {
  PROP_0,
  PROP_SAVE_ERROR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Text from the command line is quoted back cut to this many characters. */
#define QUOTE_MAX_CHARS 64

/* @text, as typed, fit for one line of a message: escape sequences
 * escaped, bytes that are not UTF-8 as \xNN, and cut short. */
static char *
quote_argument (const char *text)
{
  return ttt_text_for_message (text, -1, QUOTE_MAX_CHARS);
}

#ifdef TTT_HAVE_NETWORK
/* --host takes an optional value, which GOption gives only to a callback;
 * handle_local_options() checks it. */
static gboolean  host_option_given;
static char     *host_option_value;

static gboolean
host_option_cb (const char  *name,
                const char  *value,
                gpointer     data,
                GError     **error)
{
  host_option_given = TRUE;
  g_free (host_option_value);
  host_option_value = g_strdup (value);
  return TRUE;
}

/* --join takes an address or a code. A code is a number, a hyphen and
 * more, with no "." or ":" and no space ("7-guitarist-revenge", "7-"):
 * no address looks like that but a bare name beginning with a number and
 * a hyphen, which on a network is written with its domain or port. Any
 * other value is an address. */
static gboolean
ttt_application_is_code (const char *value)
{
  gsize digits = strspn (value, "0123456789");

  return digits > 0 && value[digits] == '-' && strpbrk (value, ".:[] ") == NULL;
}
#endif

/* The values are taken as typed (FILENAME rather than STRING): GOption
 * would convert a STRING from the locale's encoding and refuse one it
 * cannot convert with "Invalid byte sequence in conversion input",
 * naming neither the program nor the option. Each is checked below. */
static const GOptionEntry option_entries[] = {
#ifdef TTT_HAVE_NETWORK
  { "host", 0, G_OPTION_FLAG_OPTIONAL_ARG | G_OPTION_FLAG_FILENAME, G_OPTION_ARG_CALLBACK,
    (gpointer) host_option_cb,
    N_("Host a game with someone elsewhere, on PORT or on a free port"),
    /* Translators: the placeholder of --host's value. */
    N_("PORT") },
  { "join", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
    N_("Join the game hosted at ADDRESS (host:port; an IPv6 address in brackets), "
       "or by the CODE a friend tells (a number and words: 7-guitarist-revenge)"),
    /* Translators: the placeholder of --join's value; keep the "|". */
    N_("ADDRESS|CODE") },
  { "invite", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Host a game over the internet: get a code to tell a friend anywhere"), NULL },
#endif
  { "game", 'g', G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
    N_("Which game to play for this run (an unknown one lists them)"),
    /* Translators: the placeholder of --game's value, a game's id such
     * as "ultimate". */
    N_("GAME") },
  { "difficulty", 'd', G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
    N_("How strong the computer plays for this run"),
    /* Translators: the values the option accepts; they are typed as they
     * are, so keep them in English. */
    N_("easy|medium|hard|beginner|casual|club|strong|master") },
  { "first", 'f', G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME, NULL,
    N_("Who moves first for this run"),
    /* Translators: the values the option accepts; they are typed as they
     * are, so keep them in English. */
    N_("human|computer|alternate|random") },
  { "version", 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_NONE, NULL,
    N_("Show the version and quit"), NULL },
  /* The game opens no files: collected only to be refused by name, rather
   * than left to GApplication, which would try to open them. */
  { G_OPTION_REMAINING, 0, G_OPTION_FLAG_NONE, G_OPTION_ARG_FILENAME_ARRAY, NULL,
    NULL, NULL },
  { NULL }
};

/* The longest of @candidates that @message contains: GOption names the
 * argument at fault only inside its sentence. */
static const char *
find_named (const char         *message,
            const char * const *candidates)
{
  const char *found = NULL;

  for (guint i = 0; candidates[i] != NULL; i++)
    if (strstr (message, candidates[i]) != NULL &&
        (found == NULL || strlen (candidates[i]) > strlen (found)))
      found = candidates[i];

  return found;
}

/* GApplication prints GOption's complaints as they are, without
 * "tictactoe:" or a word of what to do, and with the argument as typed,
 * escape sequences, invalid bytes, ten kilobytes and all. This hook puts
 * them in the game's words before they are printed. */
static void
option_error_cb (GOptionContext  *context,
                 GOptionGroup    *group,
                 gpointer         data,
                 GError         **error)
{
  TttApplication *self = data;
  const char *message;
  char *replaced = NULL;

  if (error == NULL || *error == NULL)
    return;
  message = (*error)->message;

  if (g_error_matches (*error, G_OPTION_ERROR, G_OPTION_ERROR_UNKNOWN_OPTION) &&
      self->arguments != NULL)
    {
      g_autoptr(GPtrArray) options = g_ptr_array_new ();
      const char *named;

      /* Options only: after "--" every argument is a plain one. */
      for (guint i = 1; self->arguments[i] != NULL && !g_str_equal (self->arguments[i], "--"); i++)
        if (self->arguments[i][0] == '-')
          g_ptr_array_add (options, self->arguments[i]);
      g_ptr_array_add (options, NULL);

      named = find_named (message, (const char * const *) options->pdata);
      if (named != NULL)
        {
          /* Its name; a value after "=" is beside the point. */
          g_autofree char *name = g_strndup (named, strcspn (named, "="));
          g_autofree char *shown = quote_argument (name);

          /* Translators: %s is an option as typed, such as --colour. */
          replaced = g_strdup_printf (_("tictactoe: unknown option “%s”; see --help"), shown);
        }
    }
  else if (g_error_matches (*error, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE))
    {
      /* The one value GOption itself finds bad is a missing one. */
      g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
      const char *named;

      for (guint i = 0; option_entries[i].long_name != NULL; i++)
        {
          if (*option_entries[i].long_name == '\0')
            continue;
          g_ptr_array_add (names, g_strconcat ("--", option_entries[i].long_name, NULL));
          if (option_entries[i].short_name != '\0')
            g_ptr_array_add (names, g_strdup_printf ("-%c", option_entries[i].short_name));
        }
      g_ptr_array_add (names, NULL);

      named = find_named (message, (const char * const *) names->pdata);
      if (named != NULL)
        /* Translators: %s is an option, such as --join. */
        replaced = g_strdup_printf (_("tictactoe: %s needs a value; see --help"), named);
    }

  if (replaced == NULL)
    {
      g_autofree char *shown = ttt_text_for_message (message, -1, QUOTE_MAX_CHARS * 2);

      /* Translators: %s is GLib's own message, such as “Unknown option
       * --colour”, already in the person's language. */
      replaced = g_strdup_printf (_("tictactoe: %s; see --help"), shown);
    }

  g_free ((*error)->message);
  (*error)->message = replaced;
}

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

  {
    g_autofree char *shown = quote_argument (nick);

    /* Translators: the first %s is the value given, the second the option
     * name such as --difficulty, the third the list of valid values. */
    g_printerr (_("tictactoe: invalid value “%s” for %s; valid values are: %s\n"),
                shown, option, valid->str);
  }

  return FALSE;
}

/* GTK would print "cannot open display:" with an empty name and exit; say
 * in words what is missing, naming the display that was tried if any. */
static gboolean
check_display (void)
{
  const char *name = g_getenv ("WAYLAND_DISPLAY");

  if (gtk_init_check ())
    return TRUE;

  if (name == NULL || *name == '\0')
    name = g_getenv ("DISPLAY");

  if (name == NULL || *name == '\0')
    g_printerr (_("tictactoe: no display to open a window on\n"));
  else
    /* Translators: %s names a display, such as :0 or wayland-0. */
    g_printerr (_("tictactoe: cannot open the display “%s”\n"), name);

  return FALSE;
}

static int
ttt_application_handle_local_options (GApplication *app,
                                      GVariantDict *options)
{
  TttApplication *self = TTT_APPLICATION (app);
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autofree const char **remaining = NULL;
  GSettingsSchemaSource *source;
  const char *value = NULL;
  int parsed;

  if (g_variant_dict_contains (options, "version"))
    {
      g_print ("tictactoe %s\n", PACKAGE_VERSION);
      return 0;
    }

  if (g_variant_dict_lookup (options, G_OPTION_REMAINING, "^a&ay", &remaining) &&
      remaining[0] != NULL)
    {
      g_autofree char *shown = quote_argument (remaining[0]);

      /* Translators: %s is what was typed after the program name. */
      g_printerr (_("tictactoe: unexpected argument “%s”; see --help\n"), shown);
      return 1;
    }

  if (g_variant_dict_lookup (options, "game", "^&ay", &value))
    {
      if (!parse_enum_option (TTT_TYPE_VARIANT, "--game", value, &parsed))
        return 1;
      self->game_override = parsed;
      self->has_game_override = TRUE;
    }

  if (g_variant_dict_lookup (options, "difficulty", "^&ay", &value))
    {
      if (!parse_enum_option (TTT_TYPE_LEVEL, "--difficulty", value, &parsed))
        return 1;
      self->level_override = parsed;
      self->has_level_override = TRUE;
    }

  if (g_variant_dict_lookup (options, "first", "^&ay", &value))
    {
      if (!parse_enum_option (TTT_TYPE_FIRST_PLAYER, "--first", value, &parsed))
        return 1;
      self->first_override = parsed;
      self->has_first_override = TRUE;
    }

#ifdef TTT_HAVE_NETWORK
  if (host_option_given)
    {
      guint64 port = 0;

      if (host_option_value != NULL &&
          !g_ascii_string_to_unsigned (host_option_value, 10, 1, 65535, &port, NULL))
        {
          g_autofree char *shown = quote_argument (host_option_value);

          /* Translators: %s is the value given. */
          g_printerr (_("tictactoe: invalid port “%s” for --host; use a number from 1 to 65535\n"),
                      shown);
          return 1;
        }
      self->net_host_port = (int) port;
    }
  if (g_variant_dict_contains (options, "invite"))
    {
      if (host_option_given)
        {
          g_printerr (_("tictactoe: --host and --invite cannot be used together\n"));
          return 1;
        }
      if (g_variant_dict_contains (options, "join"))
        {
          g_printerr (_("tictactoe: --invite and --join cannot be used together\n"));
          return 1;
        }
      self->net_invite = TRUE;
    }
  if (g_variant_dict_lookup (options, "join", "^&ay", &value))
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *address = NULL;
      g_autofree char *host = NULL;
      guint16 port;

      if (host_option_given)
        {
          g_printerr (_("tictactoe: --host and --join cannot be used together\n"));
          return 1;
        }
      if (ttt_application_is_code (value))
        {
          g_autofree char *code = g_ascii_strdown (value, -1);

          if (!ttt_wormhole_code_is_valid (code))
            {
              g_autofree char *shown = quote_argument (value);

              /* Translators: %s is the value given. */
              g_printerr (_("tictactoe: invalid code “%s” for --join: a code is a number and "
                            "words, such as 7-guitarist-revenge\n"), shown);
              return 1;
            }
          g_free (self->net_join_code);
          self->net_join_code = g_steal_pointer (&code);
        }
      else
        {
          /* As typed, in a locale that is not UTF-8: a name such as
           * münchen.de is text in the locale's encoding. */
          if (g_utf8_validate (value, -1, NULL))
            address = g_strdup (value);
          else
            address = g_locale_to_utf8 (value, -1, NULL, NULL, NULL);
          if (address == NULL)
            address = g_strdup (value);  /* refused just below as not text */
          if (!ttt_address_parse (address, TTT_CONNECTION_DEFAULT_PORT, &host, &port, &error))
            {
              g_autofree char *shown = quote_argument (value);

              /* Translators: the first %s is the value given, the second says
               * what is wrong with it. */
              g_printerr (_("tictactoe: invalid address “%s” for --join: %s\n"), shown, error->message);
              return 1;
            }
          g_free (self->net_join);
          self->net_join = g_steal_pointer (&address);
        }
    }
#endif

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

  /* Last, so that every mistake above is reported without a display. */
  if (!check_display ())
    return 1;

  return G_APPLICATION_CLASS (ttt_application_parent_class)->handle_local_options (app, options);
}

static gboolean
ttt_application_local_command_line (GApplication   *app,
                                    char         ***arguments,
                                    int            *exit_status)
{
  TttApplication *self = TTT_APPLICATION (app);
  gboolean handled;

  /* For option_error_cb(), which is not told the arguments. */
  self->arguments = g_strdupv (*arguments);
  handled = G_APPLICATION_CLASS (ttt_application_parent_class)->local_command_line (app, arguments,
                                                                                     exit_status);
  g_clear_pointer (&self->arguments, g_strfreev);

  return handled;
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

  preferences = ttt_preferences_window_new (self->settings, game != NULL ? ttt_game_get_setup (game) : NULL);
  ttt_compat_dialog_present (GTK_WIDGET (preferences), parent != NULL ? GTK_WIDGET (parent) : NULL);
}

static void
about_action (GSimpleAction *action,
              GVariant      *parameter,
              gpointer       user_data)
{
  ttt_about_present (gtk_application_get_active_window (GTK_APPLICATION (user_data)));
}

static void
quit_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  GApplication *app = user_data;
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (app));

  /* Closing the windows, rather than quitting outright, lets each one save
   * its size. A dialog open inside one (the New Game screen, Preferences)
   * would take the close for itself and leave the window. */
  while (windows != NULL)
    {
      GList *next = windows->next;

      ttt_compat_window_drop_dialogs (GTK_WINDOW (windows->data));
      gtk_window_close (GTK_WINDOW (windows->data));
      windows = next;
    }
}

static void
statistics_action (GSimpleAction *action,
                   GVariant      *parameter,
                   gpointer       user_data)
{
  TttApplication *self = user_data;
  GtkWindow *parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  TttStatisticsWindow *statistics;

  statistics = ttt_statistics_window_new (self->statistics);
  ttt_compat_dialog_present (GTK_WIDGET (statistics), parent != NULL ? GTK_WIDGET (parent) : NULL);
}

/* The window that has the keyboard focus: on libadwaita 1.2 the New
 * Game screen is a window of its own, not one of the application's. */
static GtkWindow *
focused_window (TttApplication *self)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) toplevel = g_list_model_get_item (toplevels, i);

      if (gtk_widget_get_visible (GTK_WIDGET (toplevel)) && gtk_window_is_active (toplevel))
        return toplevel;
    }
  return gtk_application_get_active_window (GTK_APPLICATION (self));
}

/* The game in play in @window's game window, or the table's first. */
static TttVariant
variant_in_play (TttApplication *self)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (self));

  if (TTT_IS_WINDOW (window))
    return ttt_game_get_variant (ttt_window_get_game (TTT_WINDOW (window)));
  return ttt_variants_get_nth (0)->variant;
}

typedef struct
{
  TttApplication *app;
  GtkWindow      *parent;
  TttVariant      variant;
} HelpRequest;

static void
help_request_free (HelpRequest *request)
{
  g_clear_object (&request->app);
  g_clear_object (&request->parent);
  g_free (request);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HelpRequest, help_request_free)

/* Where the desktop cannot show the manual (no help viewer: GTK would
 * have said only "Operation not supported"), the game's own rules show
 * instead, over the window that asked. */
static void
help_shown_cb (GObject      *object,
               GAsyncResult *result,
               gpointer      user_data)
{
  g_autoptr(HelpRequest) request = user_data;
  g_autoptr(GError) error = NULL;
  GtkWindow *parent;

  if (request->app->show_uri_finish (request->parent, result, &error))
    return;

  g_debug ("The manual could not be shown: %s", error->message);
  parent = request->parent;
  if (parent == NULL || !gtk_widget_get_visible (GTK_WIDGET (parent)))
    parent = gtk_application_get_active_window (GTK_APPLICATION (request->app));
  if (parent != NULL)
    ttt_rules_window_show (GTK_WIDGET (parent), request->variant);
}

/* Opens @uri in the help viewer, or else the rules of @variant. */
static void
show_help (TttApplication *self,
           const char     *uri,
           TttVariant      variant)
{
  HelpRequest *request = g_new0 (HelpRequest, 1);
  GtkWindow *parent = focused_window (self);

  request->app = g_object_ref (self);
  request->parent = parent != NULL ? g_object_ref (parent) : NULL;
  request->variant = variant;
  self->show_uri (parent, uri, NULL, help_shown_cb, request);
}

/* The manual, in the person's language where it is translated; the help:
 * scheme hands it to the desktop's help viewer (Yelp). */
static void
help_action (GSimpleAction *action,
             GVariant      *parameter,
             gpointer       user_data)
{
  TttApplication *self = user_data;

  show_help (self, "help:tictactoe", variant_in_play (self));
}

/* One page of the manual ("rules"), for a link from where it is needed.
 * A page id is made of letters and hyphens: anything else is ignored
 * rather than handed to the help viewer. The action can be activated from
 * outside (over D-Bus), so a bad id is bad input, said as such, not a
 * warning that G_DEBUG=fatal-warnings turns into an abort. Without a help
 * viewer, the rules of the game whose page it is show instead. */
static void
help_page_action (GSimpleAction *action,
                  GVariant      *parameter,
                  gpointer       user_data)
{
  TttApplication *self = user_data;
  const char *page = g_variant_get_string (parameter, NULL);
  TttVariant variant;
  g_autofree char *uri = NULL;

  if (*page == '\0' || strspn (page, "abcdefghijklmnopqrstuvwxyz-") != strlen (page))
    {
      g_autofree char *shown = g_strescape (page, NULL);

      /* Translators: %s is the page asked for, as it was given. */
      g_printerr (_("tictactoe: no page “%s” in the manual\n"), shown);
      return;
    }

  variant = variant_in_play (self);
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    if (g_str_equal (ttt_variants_get_nth (i)->help_page, page))
      variant = ttt_variants_get_nth (i)->variant;

  uri = g_strconcat ("help:tictactoe/", page, NULL);
  show_help (self, uri, variant);
}

/**
 * ttt_application_set_show_uri:
 * @self: a #TttApplication
 * @show: (nullable): what hands a URI to the desktop, as
 *   ttt_compat_show_uri_async() does; %NULL for that one
 * @finish: (nullable): its finish function
 *
 * For tests: the manual is shown, or not, by @show, whatever help viewer
 * the machine has.
 */
void
ttt_application_set_show_uri (TttApplication       *self,
                              TttShowUriFunc        show,
                              TttShowUriFinishFunc  finish)
{
  g_return_if_fail (TTT_IS_APPLICATION (self));
  g_return_if_fail ((show == NULL) == (finish == NULL));

  self->show_uri = show != NULL ? show : ttt_compat_show_uri_async;
  self->show_uri_finish = finish != NULL ? finish : ttt_compat_show_uri_finish;
}

#ifdef TTT_HAVE_NETWORK
/* The window's game (the active one's) is the one played with someone
 * elsewhere. */
static TttNetWindow *
find_network_window (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (TTT_IS_NET_WINDOW (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return TTT_NET_WINDOW (toplevel);
    }
  return NULL;
}

/* One network game at a time: asked again (the menu, --host or --join
 * from a second start), the window already open comes to the front, and
 * @existing says so. */
static TttNetWindow *
ttt_application_open_network (TttApplication *self,
                              GtkWindow      *parent,
                              gboolean       *existing)
{
  TttNetWindow *network = find_network_window ();

  *existing = network != NULL;
  if (network != NULL)
    {
      gtk_window_present (GTK_WINDOW (network));
      return network;
    }

  if (parent == NULL)
    parent = gtk_application_get_active_window (GTK_APPLICATION (self));

  /* A game already played in the window: it is the one in front. */
  if (TTT_IS_WINDOW (parent) && ttt_window_get_net_session (TTT_WINDOW (parent)) != NULL &&
      ttt_net_session_get_state (ttt_window_get_net_session (TTT_WINDOW (parent))) != TTT_NET_SESSION_CLOSED)
    {
      *existing = TRUE;
      gtk_window_present (parent);
      return NULL;
    }

  if (!TTT_IS_WINDOW (parent))
    return NULL;
  network = ttt_net_window_new (parent, ttt_window_get_game (TTT_WINDOW (parent)));
  /* No wider than a narrow game window. */
  ttt_compat_dialog_present (GTK_WIDGET (network), GTK_WIDGET (parent));
  return network;
}

static void
network_action (GSimpleAction *action,
                GVariant      *parameter,
                gpointer       user_data)
{
  gboolean existing;

  ttt_application_open_network (user_data, NULL, &existing);
}

static TttCodeDialog *
find_code_dialog (void)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GObject) toplevel = g_list_model_get_item (toplevels, i);

      if (TTT_IS_CODE_DIALOG (toplevel) && gtk_widget_get_visible (GTK_WIDGET (toplevel)))
        return TTT_CODE_DIALOG (toplevel);
    }
  return NULL;
}

static gboolean
code_session_opened_cb (TttCodeDialog *dialog,
                        TttNetSession *session,
                        TttWindow     *window)
{
  ttt_window_set_net_session (window, session);
  return TRUE;
}

/* Play by a code: a window of its own over the main window while it
 * connects, one at a time, as the network window. A session already
 * under way stays; a window that has ended is used again. */
static TttCodeDialog *
ttt_application_open_code (TttApplication *self,
                           GtkWindow      *parent)
{
  TttCodeDialog *dialog = find_code_dialog ();
  TttNetSession *session = dialog != NULL ? ttt_code_dialog_get_session (dialog) : NULL;

  if (session != NULL && ttt_net_session_get_state (session) != TTT_NET_SESSION_CLOSED)
    {
      g_printerr (_("tictactoe: a game over the network is already under way; its window is in front\n"));
      gtk_window_present (GTK_WINDOW (dialog));
      return NULL;
    }
  if (dialog != NULL)
    {
      gtk_window_present (GTK_WINDOW (dialog));
      return dialog;
    }

  if (parent == NULL)
    parent = gtk_application_get_active_window (GTK_APPLICATION (self));
  if (!TTT_IS_WINDOW (parent))
    return NULL;
  /* A game already played in the window: it is the one in front. */
  if (ttt_window_get_net_session (TTT_WINDOW (parent)) != NULL &&
      ttt_net_session_get_state (ttt_window_get_net_session (TTT_WINDOW (parent))) != TTT_NET_SESSION_CLOSED)
    {
      g_printerr (_("tictactoe: a game over the network is already under way; its window is in front\n"));
      gtk_window_present (parent);
      return NULL;
    }
  dialog = ttt_code_dialog_new (parent, ttt_window_get_game (TTT_WINDOW (parent)), self->settings);
  /* The small window only connects: once the game begins the main
   * window's bar takes the session over and the small window closes,
   * as the network window does for a game on one network. */
  g_signal_connect_object (dialog, "session-opened", G_CALLBACK (code_session_opened_cb), parent, 0);
  ttt_compat_dialog_present (GTK_WIDGET (dialog), GTK_WIDGET (parent));
  return dialog;
}

static void
host_by_code_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  TttCodeDialog *dialog = ttt_application_open_code (user_data, NULL);

  if (dialog != NULL)
    ttt_code_dialog_host (dialog);
}

static void
join_by_code_action (GSimpleAction *action,
                     GVariant      *parameter,
                     gpointer       user_data)
{
  TttCodeDialog *dialog = ttt_application_open_code (user_data, NULL);

  if (dialog != NULL)
    ttt_code_dialog_join (dialog, NULL);
}
#endif

static const GActionEntry app_actions[] = {
#ifdef TTT_HAVE_NETWORK
  { "network", network_action },
  { "host-by-code", host_by_code_action },
  { "join-by-code", join_by_code_action },
#endif
  { "help-page", help_page_action, "s" },
  { "preferences", preferences_action },
  { "statistics", statistics_action },
  { "help", help_action },
  { "about", about_action },
  { "quit", quit_action },
};

/* Shows the save error, or takes it back, in every window: the windows'
 * notice is the application's to tell this. */
static void
update_notices (TttApplication *self)
{
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
    {
      if (!TTT_IS_WINDOW (l->data))
        continue;
      if (self->save_error != NULL)
        ttt_window_show_notice (l->data, self->save_error);
      else
        ttt_window_hide_notice (l->data);
    }
}

/* Says once, on stderr and in the windows, that the results on screen are
 * not saved and why; or, with %NULL, that they are saved again. */
static void
set_save_error (TttApplication *self,
                const char     *reason)
{
  if ((reason != NULL) == (self->save_error != NULL))
    return;

  g_clear_pointer (&self->save_error, g_free);
  if (reason != NULL)
    {
      /* Translators: %s says why, such as “the disk is full”. */
      g_printerr (_("tictactoe: scores can’t be saved: %s\n"), reason);
      /* Translators: shown in the window; %s says why, such as “the disk
       * is full”. */
      self->save_error = g_strdup_printf (_("Scores can’t be saved: %s"), reason);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SAVE_ERROR]);
  update_notices (self);
}

/* The results file could not be written, or could again. */
static void
update_save_error (TttApplication *self)
{
  set_save_error (self, ttt_statistics_get_save_error (self->statistics));
}

static void
save_error_cb (TttApplication *self,
               GParamSpec     *pspec,
               GObject        *object)
{
  update_save_error (self);
}

/* A signal to end the game: as Ctrl+Q, so that the window keeps its size,
 * but without asking before leaving a game with someone elsewhere. */
static gboolean
quit_signal_cb (gpointer user_data)
{
#ifdef TTT_HAVE_NETWORK
  for (GList *l = gtk_application_get_windows (GTK_APPLICATION (user_data)); l != NULL; l = l->next)
    if (TTT_IS_WINDOW (l->data))
      ttt_window_leave_network (l->data);
#endif
  g_action_group_activate_action (G_ACTION_GROUP (user_data), "quit", NULL);

  return G_SOURCE_CONTINUE;
}

static void
ttt_application_startup (GApplication *app)
{
  TttApplication *self = TTT_APPLICATION (app);
  static const struct {
    const char *action;
    const char *accels[3];
  } accels[] = {
    { "app.preferences", { "<Control>comma", NULL } },
    { "app.statistics", { "<Control>i", NULL } },
    { "app.help", { "F1", NULL } },
    { "app.quit", { "<Control>q", NULL } },
    { "win.choose-game", { "<Control>n", NULL } },
    { "win.undo", { "<Control>z", NULL } },
    { "win.hint", { "<Control>h", NULL } },
    { "win.show-analysis", { "<Control>a", NULL } },
    { "win.review", { "<Control>r", NULL } },
    { "win.show-help-overlay", { "<Control>question", NULL } },
    /* Asking, above all with a screen reader: no mnemonic of the window
     * uses these letters (its menu's are S, P, K, H, A and E). */
    { "win.say-last-move", { "<Alt>l", NULL } },
    { "win.say-turn", { "<Alt>t", NULL } },
    { "win.say-board", { "<Alt>b", NULL } },
  };

  G_APPLICATION_CLASS (ttt_application_parent_class)->startup (app);

  /* GStreamer reads the sounds from the resource on threads of its own,
   * and can still be setting one up as the process ends, after the
   * resource's destructor has unregistered it: the sound cannot be read
   * then (GTK 4.24 fails "stream != NULL"; fatal in a test, it ended one
   * test child in some two hundred). Registered once more and never
   * unregistered, the resource stays readable to the end. */
  g_resources_register (ttt_get_resource ());

  g_set_application_name (_("Tic-Tac-Toe"));
  gtk_window_set_default_icon_name (APPLICATION_ID);

  /* Whatever backend the platform gives: dconf on a desktop, GLib's
   * keyfile in a Flatpak. The results are not in the settings, so a
   * setting that cannot be written loses only itself. */
  self->settings = g_settings_new (APPLICATION_ID);

  /* One tally for all the windows' games, each result a record in the
   * results file; the key "statistics" is carried over into it once. */
  {
    g_autoptr(TttRecordFile) records = ttt_record_file_new_default ();

    self->statistics = ttt_statistics_new ();
    ttt_statistics_bind_records (self->statistics, records, self->settings);
    g_signal_connect_object (self->statistics, "notify::save-error", G_CALLBACK (save_error_cb),
                             self, G_CONNECT_SWAPPED);
    update_save_error (self);
  }

  /* The stylesheets are not at the resource base, where AdwApplication
   * would take them: which ones depends on the stack (ttt-compat.c). */
  ttt_compat_load_styles ();

  g_action_map_add_action_entries (G_ACTION_MAP (self), app_actions,
                                   G_N_ELEMENTS (app_actions), self);
  {
    /* The menu's check item and the preferences' switch both show the key. */
    g_autoptr(GAction) sound = g_settings_create_action (self->settings, "sound");

    g_action_map_add_action (G_ACTION_MAP (self), sound);
  }
  for (guint i = 0; i < G_N_ELEMENTS (accels); i++)
    gtk_application_set_accels_for_action (GTK_APPLICATION (self),
                                           accels[i].action, accels[i].accels);
  {
    const int signals[] = { SIGTERM, SIGINT, SIGHUP };

    for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
      self->signal_ids[i] = g_unix_signal_add (signals[i], quit_signal_cb, self);
  }
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
      gtk_window_present (window);

      /* The first start asks what to play, unless the command line has
       * said how (--host and --join open their own window). Once is
       * enough: New Game asks again. */
      if (!self->has_level_override && !self->has_first_override && !self->has_game_override &&
          self->net_host_port < 0 && self->net_join == NULL &&
          !self->net_invite && self->net_join_code == NULL &&
          !g_settings_get_boolean (self->settings, "new-game-shown"))
        {
          ttt_window_choose_game (TTT_WINDOW (window));
          g_settings_set_boolean (self->settings, "new-game-shown", TRUE);
        }
    }
  else
    gtk_window_present (window);

#ifdef TTT_HAVE_NETWORK
  /* --host and --join, once. */
  if (self->net_host_port >= 0 || self->net_join != NULL)
    {
      gboolean existing;
      TttNetWindow *network = ttt_application_open_network (self, window, &existing);
      TttNetSession *session = network != NULL ? ttt_net_window_get_session (network) : NULL;

      if (existing && (network == NULL ||
                       (session != NULL && ttt_net_session_get_state (session) != TTT_NET_SESSION_CLOSED)))
        g_printerr (_("tictactoe: a game over the network is already under way; its window is in front\n"));
      else if (network != NULL)
        {
          /* The name the other side sees, asked once if never typed. */
          ttt_net_window_set_ask_name (network, TRUE);
          if (self->net_join != NULL)
            ttt_net_window_join (network, self->net_join);
          else
            ttt_net_window_host (network, (guint) self->net_host_port);
        }
      self->net_host_port = -1;
      g_clear_pointer (&self->net_join, g_free);
    }
  /* --invite and --join with a code, once. */
  if (self->net_invite || self->net_join_code != NULL)
    {
      TttCodeDialog *dialog = ttt_application_open_code (self, window);

      if (dialog != NULL && self->net_join_code != NULL)
        ttt_code_dialog_join (dialog, self->net_join_code);
      else if (dialog != NULL)
        ttt_code_dialog_host (dialog);
      self->net_invite = FALSE;
      g_clear_pointer (&self->net_join_code, g_free);
    }
#endif
}

/* Every new window says what the others said, if it still holds. */
static void
ttt_application_window_added (GtkApplication *app,
                              GtkWindow      *window)
{
  TttApplication *self = TTT_APPLICATION (app);

  GTK_APPLICATION_CLASS (ttt_application_parent_class)->window_added (app, window);

  if (self->save_error != NULL && TTT_IS_WINDOW (window))
    ttt_window_show_notice (TTT_WINDOW (window), self->save_error);
}

/* The options of a second launch. GApplication reads the command line in
 * the process that was started, which then only activates the running
 * one; so they travel with the activation, as its platform data. */
#define PLATFORM_GAME       "tictactoe-game"
#define PLATFORM_DIFFICULTY "tictactoe-difficulty"
#define PLATFORM_FIRST      "tictactoe-first"
#define PLATFORM_HOST       "tictactoe-host"
#define PLATFORM_JOIN       "tictactoe-join"
#define PLATFORM_INVITE     "tictactoe-invite"
#define PLATFORM_JOIN_CODE  "tictactoe-join-code"

static void
ttt_application_add_platform_data (GApplication    *app,
                                   GVariantBuilder *builder)
{
  TttApplication *self = TTT_APPLICATION (app);

  G_APPLICATION_CLASS (ttt_application_parent_class)->add_platform_data (app, builder);

  /* By nick, as on the command line: the running game may be another
   * version, whose enums need not number their values alike. */
  if (self->has_game_override)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (TTT_TYPE_VARIANT);

      g_variant_builder_add (builder, "{sv}", PLATFORM_GAME,
                             g_variant_new_string (g_enum_get_value (klass, self->game_override)->value_nick));
    }
  if (self->has_level_override)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (TTT_TYPE_LEVEL);

      g_variant_builder_add (builder, "{sv}", PLATFORM_DIFFICULTY,
                             g_variant_new_string (g_enum_get_value (klass, self->level_override)->value_nick));
    }
  if (self->has_first_override)
    {
      g_autoptr(GEnumClass) klass = g_type_class_ref (TTT_TYPE_FIRST_PLAYER);

      g_variant_builder_add (builder, "{sv}", PLATFORM_FIRST,
                             g_variant_new_string (g_enum_get_value (klass, self->first_override)->value_nick));
    }
  if (self->net_host_port >= 0)
    g_variant_builder_add (builder, "{sv}", PLATFORM_HOST, g_variant_new_uint32 ((guint32) self->net_host_port));
  if (self->net_join != NULL)
    g_variant_builder_add (builder, "{sv}", PLATFORM_JOIN, g_variant_new_string (self->net_join));
  if (self->net_invite)
    g_variant_builder_add (builder, "{sv}", PLATFORM_INVITE, g_variant_new_boolean (TRUE));
  if (self->net_join_code != NULL)
    g_variant_builder_add (builder, "{sv}", PLATFORM_JOIN_CODE, g_variant_new_string (self->net_join_code));
}

static gboolean
lookup_enum_nick (GVariant   *platform_data,
                  const char *key,
                  GType       enum_type,
                  int        *value)
{
  g_autoptr(GEnumClass) klass = NULL;
  const char *nick;
  GEnumValue *found;

  if (!g_variant_lookup (platform_data, key, "&s", &nick))
    return FALSE;

  klass = g_type_class_ref (enum_type);
  found = g_enum_get_value_by_nick (klass, nick);
  if (found == NULL)
    return FALSE;

  *value = found->value;
  return TRUE;
}

/* In the running game, before it presents its window: the options of a
 * second launch apply as they would at a fresh start, to the next game (or
 * at once while no move has been made), and to any game created later. */
static void
ttt_application_before_emit (GApplication *app,
                             GVariant     *platform_data)
{
  TttApplication *self = TTT_APPLICATION (app);
  int value;

  G_APPLICATION_CLASS (ttt_application_parent_class)->before_emit (app, platform_data);

  if (lookup_enum_nick (platform_data, PLATFORM_GAME, TTT_TYPE_VARIANT, &value))
    {
      self->game_override = value;
      self->has_game_override = TRUE;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
        if (TTT_IS_WINDOW (l->data))
          ttt_setup_set_variant (ttt_game_get_setup (ttt_window_get_game (l->data)), value);
    }

  if (lookup_enum_nick (platform_data, PLATFORM_DIFFICULTY, TTT_TYPE_LEVEL, &value))
    {
      self->level_override = value;
      self->has_level_override = TRUE;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
        if (TTT_IS_WINDOW (l->data))
          ttt_setup_set_difficulty (ttt_game_get_setup (ttt_window_get_game (l->data)), value);
    }

  {
    guint32 port;
    const char *address;

    /* Checked by the launch that sent them; a port is checked again,
     * since anyone on the session bus may send one. */
    if (g_variant_lookup (platform_data, PLATFORM_HOST, "u", &port) && port <= 65535)
      self->net_host_port = (int) port;
    if (g_variant_lookup (platform_data, PLATFORM_JOIN, "&s", &address))
      {
        g_free (self->net_join);
        self->net_join = g_strdup (address);
      }
    g_variant_lookup (platform_data, PLATFORM_INVITE, "b", &self->net_invite);
    /* Anyone on the session bus may send one: checked again. */
    if (g_variant_lookup (platform_data, PLATFORM_JOIN_CODE, "&s", &address) &&
        g_utf8_validate (address, -1, NULL) && ttt_wormhole_code_is_valid (address))
      {
        g_free (self->net_join_code);
        self->net_join_code = g_strdup (address);
      }
  }

  if (lookup_enum_nick (platform_data, PLATFORM_FIRST, TTT_TYPE_FIRST_PLAYER, &value))
    {
      self->first_override = value;
      self->has_first_override = TRUE;
      for (GList *l = gtk_application_get_windows (GTK_APPLICATION (self)); l != NULL; l = l->next)
        if (TTT_IS_WINDOW (l->data))
          ttt_setup_set_first_player (ttt_game_get_setup (ttt_window_get_game (l->data)), value);
    }
}

static void
ttt_application_dispose (GObject *object)
{
  TttApplication *self = TTT_APPLICATION (object);

  for (guint i = 0; i < G_N_ELEMENTS (self->signal_ids); i++)
    g_clear_handle_id (&self->signal_ids[i], g_source_remove);
  g_clear_object (&self->statistics);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ttt_application_parent_class)->dispose (object);
}

static void
ttt_application_finalize (GObject *object)
{
  TttApplication *self = TTT_APPLICATION (object);

  g_free (self->save_error);
  g_free (self->net_join);
  g_free (self->net_join_code);

  G_OBJECT_CLASS (ttt_application_parent_class)->finalize (object);
}

static void
ttt_application_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TttApplication *self = TTT_APPLICATION (object);

  switch (prop_id)
    {
    case PROP_SAVE_ERROR:
      g_value_set_string (value, self->save_error);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_application_class_init (TttApplicationClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);
  GtkApplicationClass *gtk_app_class = GTK_APPLICATION_CLASS (klass);

  object_class->dispose = ttt_application_dispose;
  object_class->finalize = ttt_application_finalize;
  object_class->get_property = ttt_application_get_property;

  /**
   * TttApplication:save-error:
   *
   * %NULL while the scores are saved. When they cannot be (the disk is
   * full, the results file or its folder is read-only, a file is where
   * the folder should be) it becomes a sentence for people, such as
   * “Scores can’t be saved: the disk is full”, said once on stderr and
   * shown in every window's notice; it goes back to %NULL, and the notice
   * away, when a later write of the results file succeeds.
   */
  properties[PROP_SAVE_ERROR] =
    g_param_spec_string ("save-error", NULL, NULL,
                         NULL,
                         (G_PARAM_READABLE |
                          G_PARAM_EXPLICIT_NOTIFY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);

  app_class->local_command_line = ttt_application_local_command_line;
  app_class->handle_local_options = ttt_application_handle_local_options;
  app_class->startup = ttt_application_startup;
  app_class->activate = ttt_application_activate;
  app_class->add_platform_data = ttt_application_add_platform_data;
  app_class->before_emit = ttt_application_before_emit;
  gtk_app_class->window_added = ttt_application_window_added;
}

static void
ttt_application_init (TttApplication *self)
{
  GOptionGroup *errors;

  self->net_host_port = -1;
  self->show_uri = ttt_compat_show_uri_async;
  self->show_uri_finish = ttt_compat_show_uri_finish;
  g_application_add_main_option_entries (G_APPLICATION (self), option_entries);
  /* A group without options, for its error hook alone: GApplication
   * gives no way to the main group's. */
  errors = g_option_group_new ("tictactoe", "", "", self, NULL);
  g_option_group_set_error_hook (errors, option_error_cb);
  g_application_add_option_group (G_APPLICATION (self), errors);
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

/* Every game of the application counts into these. */
TttStatistics *
ttt_application_get_statistics (TttApplication *self)
{
  g_return_val_if_fail (TTT_IS_APPLICATION (self), NULL);

  return self->statistics;
}

/* A new game as the person has set it up: the preferences bound to the
 * settings, the command line's choices for this run on top, and the first
 * game begun (so the computer may already be about to open). */
TttGame *
ttt_application_create_game (TttApplication *self)
{
  g_autoptr(TttGame) game = ttt_game_new ();
  TttSetup *setup = ttt_game_get_setup (game);
  const char *seed;

  g_return_val_if_fail (TTT_IS_APPLICATION (self), NULL);
  g_return_val_if_fail (self->settings != NULL, NULL);

  /* TTT_SEED makes the computer's choices repeatable, for bug reports. */
  seed = g_getenv ("TTT_SEED");
  if (seed != NULL)
    ttt_table_set_rng_state (ttt_game_get_table (game), g_ascii_strtoull (seed, NULL, 10));

  /* Preferences are written by the preferences window only. */
  g_settings_bind (self->settings, "game", setup, "variant", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "difficulty", setup, "difficulty", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "first-player", setup, "first-player", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "opponent", setup, "opponent", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "x-name", ttt_game_get_table (game), "x-name", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "o-name", ttt_game_get_table (game), "o-name", G_SETTINGS_BIND_GET);

  /* The statistics are saved, so the results survive a restart. */
  ttt_table_set_statistics (ttt_game_get_table (game), self->statistics);

  /* The command line chooses for this run only: with GET bindings, setting
   * the setup does not write the setting, and the next change of the
   * setting (in the preferences) ends the override. */
  if (self->has_game_override)
    ttt_setup_set_variant (setup, self->game_override);
  if (self->has_level_override)
    ttt_setup_set_difficulty (setup, self->level_override);
  if (self->has_first_override)
    ttt_setup_set_first_player (setup, self->first_override);

  /* The settings shape the first game, so they come before it starts. */
  ttt_game_start_new (game);

  return g_steal_pointer (&game);
}

/**
 * ttt_application_get_save_error:
 * @self: a #TttApplication
 *
 * See #TttApplication:save-error.
 *
 * Returns: (nullable): why changed scores cannot be saved, or %NULL
 */
const char *
ttt_application_get_save_error (TttApplication *self)
{
  g_return_val_if_fail (TTT_IS_APPLICATION (self), NULL);

  return self->save_error;
}
