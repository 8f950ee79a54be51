/* ttt-discovery.c — Avahi's D-Bus API with GDBus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Publishing: Server.EntryGroupNew gives a group, EntryGroup.AddService and
 * Commit publish it, EntryGroup.StateChanged says whether the name was
 * free. Browsing: Server.ServiceBrowserNew gives a browser whose ItemNew
 * and ItemRemove signals tell of services; Server.ResolveService turns
 * each into an address, a port and its TXT record.
 *
 * Avahi starts browsing as soon as ServiceBrowserNew returns, and may send
 * the first ItemNew before the caller has even read the reply with the
 * browser's path (the well-known race of Avahi before 0.8's Start()). So
 * this side subscribes to the browser signals on every path before asking,
 * keeps what comes while the reply is on its way, and replays what belongs
 * to its own browser once it knows which that is.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <net/if.h>
#include <string.h>

#include "ttt-discovery.h"

#define AVAHI_NAME         "org.freedesktop.Avahi"
#define AVAHI_SERVER       "org.freedesktop.Avahi.Server"
#define AVAHI_ENTRY_GROUP  "org.freedesktop.Avahi.EntryGroup"
#define AVAHI_BROWSER      "org.freedesktop.Avahi.ServiceBrowser"

#define AVAHI_IF_UNSPEC    (-1)
#define AVAHI_PROTO_UNSPEC (-1)
#define AVAHI_PROTO_INET6  1

enum {
  GROUP_UNCOMMITED,
  GROUP_REGISTERING,
  GROUP_ESTABLISHED,
  GROUP_COLLISION,
  GROUP_FAILURE,
};

/* Names taken by others get " (2)", " (3)"…; after this many, give up. */
#define MAX_RENAMES 12

/* One TXT string holds at most 255 bytes. */
#define TXT_MAX 255

/* The longest service name Avahi takes, in bytes (a DNS label). */
#define SERVICE_NAME_MAX 63

struct _TttDiscovery
{
  GObject          parent_instance;

  GDBusConnection *bus;
  gboolean         getting_bus;
  GCancellable    *cancellable;
  gboolean         available;
  gboolean         said_unavailable;

  /* Publishing */
  gboolean         want_publish;
  char            *player_name;
  char            *service_name;
  char            *game;
  guint            port;
  guint            renames;
  char            *group_path;
  gboolean         group_pending;
  guint            group_state_id;

  /* Browsing */
  gboolean         want_browse;
  char            *browser_path;
  gboolean         browser_pending;
  guint            browser_signal_id;
  GPtrArray       *early_signals;    /* (path, name, parameters) while pending */
  GHashTable      *resolving;        /* key → nothing, while resolving */
  GHashTable      *found;            /* key → TttDiscoveredGame */
  GPtrArray       *games;            /* the found ones, in order */
};

G_DEFINE_FINAL_TYPE (TttDiscovery, ttt_discovery, G_TYPE_OBJECT)

G_DEFINE_QUARK (ttt-discovery-error-quark, ttt_discovery_error)

G_DEFINE_BOXED_TYPE (TttDiscoveredGame, ttt_discovered_game,
                     ttt_discovered_game_copy, ttt_discovered_game_free)

enum {
  PUBLISHED,
  GAME_FOUND,
  GAME_LOST,
  UNAVAILABLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_publishing (TttDiscovery *self);
static void start_browsing   (TttDiscovery *self);

/* Games */

TttDiscoveredGame *
ttt_discovered_game_copy (const TttDiscoveredGame *game)
{
  TttDiscoveredGame *copy;

  g_return_val_if_fail (game != NULL, NULL);

  copy = g_memdup2 (game, sizeof *game);
  copy->service_name = g_strdup (game->service_name);
  copy->player_name = g_strdup (game->player_name);
  copy->game = g_strdup (game->game);
  copy->host_name = g_strdup (game->host_name);
  copy->address = g_strdup (game->address);
  copy->domain = g_strdup (game->domain);
  return copy;
}

void
ttt_discovered_game_free (TttDiscoveredGame *game)
{
  if (game == NULL)
    return;
  g_free (game->service_name);
  g_free (game->player_name);
  g_free (game->game);
  g_free (game->host_name);
  g_free (game->address);
  g_free (game->domain);
  g_free (game);
}

char *
ttt_discovered_game_to_address (const TttDiscoveredGame *game)
{
  g_return_val_if_fail (game != NULL && game->address != NULL, NULL);

  if (strchr (game->address, ':') != NULL)
    return g_strdup_printf ("[%s]:%u", game->address, game->port);
  return g_strdup_printf ("%s:%u", game->address, game->port);
}

/* Unavailable, said once */

static gboolean
is_missing (const GError *error)
{
  return g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_SERVICE_UNKNOWN)
         || g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_NAME_HAS_NO_OWNER)
         || g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_METHOD)
         || g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_OBJECT)
         || g_error_matches (error, G_DBUS_ERROR, G_DBUS_ERROR_UNKNOWN_INTERFACE)
         || error->domain == G_IO_ERROR
         || error->domain == G_SPAWN_ERROR;
}

static void
say_unavailable (TttDiscovery *self,
                 const GError *cause)
{
  g_autoptr(GError) error = NULL;

  self->available = FALSE;
  if (self->said_unavailable)
    return;
  self->said_unavailable = TRUE;

  g_debug ("Avahi unavailable: %s", cause->message);
  if (g_error_matches (cause, G_DBUS_ERROR, G_DBUS_ERROR_ACCESS_DENIED))
    error = g_error_new_literal (TTT_DISCOVERY_ERROR, TTT_DISCOVERY_ERROR_UNAVAILABLE,
                                 _("Nearby games cannot be found: this computer does not let the game use Avahi. You can still join by address."));
  else if (is_missing (cause))
    error = g_error_new_literal (TTT_DISCOVERY_ERROR, TTT_DISCOVERY_ERROR_UNAVAILABLE,
                                 _("Nearby games cannot be found: Avahi is not running on this computer. You can still join by address."));
  else
    /* Translators: %s is Avahi's explanation. */
    error = g_error_new (TTT_DISCOVERY_ERROR, TTT_DISCOVERY_ERROR_UNAVAILABLE,
                         _("Nearby games cannot be found (%s). You can still join by address."),
                         cause->message);
  g_signal_emit (self, signals[UNAVAILABLE], 0, error);
}

/* The bus */

static void
bus_cb (GObject      *source,
        GAsyncResult *result,
        gpointer      user_data)
{
  TttDiscovery *self = user_data;
  g_autoptr(GError) error = NULL;
  GDBusConnection *bus = g_bus_get_finish (result, &error);

  if (bus == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->getting_bus = FALSE;
  if (bus == NULL)
    {
      say_unavailable (self, error);
      return;
    }
  self->bus = bus;
  if (self->want_publish)
    start_publishing (self);
  if (self->want_browse)
    start_browsing (self);
}

/* Whether the bus is there; if not, fetches it and FALSE. */
static gboolean
have_bus (TttDiscovery *self)
{
  if (self->bus != NULL)
    return TRUE;
  if (!self->getting_bus)
    {
      self->getting_bus = TRUE;
      g_bus_get (G_BUS_TYPE_SYSTEM, self->cancellable, bus_cb, self);
    }
  return FALSE;
}

static void
call_and_forget (TttDiscovery *self,
                 const char   *path,
                 const char   *interface,
                 const char   *method)
{
  g_dbus_connection_call (self->bus, AVAHI_NAME, path, interface, method, NULL, NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
}

/* Publishing */

/* The game's name on the network: the player's, cut at a character where
 * it is too long for a DNS label, numbered after a collision ("Ana (2)"). */
static char *
make_service_name (const char *player_name,
                   guint       number)
{
  g_autofree char *suffix_only = NULL;
  g_autoptr(GString) base = g_string_new (NULL);
  gsize room = SERVICE_NAME_MAX;
  const char *p;

  if (number > 1)
    {
      /* Translators: a game's name on the network when the player's name
       * alone is taken: "Ana (2)". */
      suffix_only = g_strdup_printf (_("%s (%u)"), "", number);
      room -= MIN (strlen (suffix_only), room);
    }
  for (p = player_name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gsize length = g_utf8_next_char (p) - p;

      if (base->len + length > room)
        break;
      g_string_append_len (base, p, length);
    }
  if (number > 1)
    return g_strdup_printf (_("%s (%u)"), base->str, number);
  return g_string_free (g_steal_pointer (&base), FALSE);
}

static GVariant *
make_txt (TttDiscovery *self)
{
  GVariantBuilder builder;
  g_autofree char *version = g_strdup_printf ("v=%u", TTT_PROTOCOL_VERSION);
  g_autofree char *game = g_strdup_printf ("game=%s", self->game);
  g_autoptr(GString) name = g_string_new ("name=");
  const char *p;
  const char *strings[3];

  /* A name too long for one TXT string is cut at a character. */
  for (p = self->player_name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gsize length = g_utf8_next_char (p) - p;

      if (name->len + length > TXT_MAX)
        break;
      g_string_append_len (name, p, length);
    }

  strings[0] = version;
  strings[1] = name->str;
  strings[2] = game;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_variant_builder_add_value (&builder,
                                 g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, strings[i],
                                                            strlen (strings[i]), 1));
  return g_variant_builder_end (&builder);
}

static void
commit_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  TttDiscovery *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    say_unavailable (self, error);
}

static void
add_service_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  TttDiscovery *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        say_unavailable (self, error);
      return;
    }
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Commit",
                          NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                          commit_cb, self);
}

static void
add_service (TttDiscovery *self)
{
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "AddService",
                          g_variant_new ("(iiussssq@aay)", AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0u,
                                         self->service_name, TTT_DISCOVERY_SERVICE_TYPE, "", "",
                                         (guint16) self->port, make_txt (self)),
                          NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                          add_service_cb, self);
}

static void
reset_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  TttDiscovery *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        say_unavailable (self, error);
      return;
    }
  add_service (self);
}

static void
group_state_cb (GDBusConnection *bus,
                const char      *sender,
                const char      *path,
                const char      *interface,
                const char      *signal,
                GVariant        *parameters,
                gpointer         user_data)
{
  TttDiscovery *self = user_data;
  const char *message = NULL;
  int state = 0;

  if (g_strcmp0 (path, self->group_path) != 0
      || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;
  g_variant_get (parameters, "(i&s)", &state, &message);

  switch (state)
    {
    case GROUP_ESTABLISHED:
      g_signal_emit (self, signals[PUBLISHED], 0, self->service_name);
      break;

    case GROUP_COLLISION:
      if (++self->renames > MAX_RENAMES)
        {
          g_autoptr(GError) error = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_FAILED,
                                                         _("every name for this game is taken"));

          say_unavailable (self, error);
          return;
        }
      g_free (self->service_name);
      self->service_name = make_service_name (self->player_name, self->renames + 1);
      g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Reset",
                              NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                              reset_cb, self);
      break;

    case GROUP_FAILURE:
      {
        g_autoptr(GError) error = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_FAILED,
                                                       message != NULL && message[0] != '\0'
                                                       ? message : "failure");

        say_unavailable (self, error);
      }
      break;

    default:
      break;
    }
}

static void
entry_group_new_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  TttDiscovery *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->group_pending = FALSE;
  if (reply == NULL)
    {
      say_unavailable (self, error);
      return;
    }
  if (!self->want_publish)
    {
      /* Unpublished while the group was being made. */
      const char *path;

      g_variant_get (reply, "(&o)", &path);
      call_and_forget (self, path, AVAHI_ENTRY_GROUP, "Free");
      return;
    }
  self->available = TRUE;
  g_variant_get (reply, "(o)", &self->group_path);
  /* StateChanged comes only after Commit, so subscribing now is early
   * enough. */
  self->group_state_id =
    g_dbus_connection_signal_subscribe (self->bus, NULL, AVAHI_ENTRY_GROUP, "StateChanged",
                                        self->group_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        group_state_cb, self, NULL);
  add_service (self);
}

static void
start_publishing (TttDiscovery *self)
{
  if (self->group_path != NULL)
    {
      g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Reset",
                              NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                              reset_cb, self);
      return;
    }
  if (self->group_pending)
    return;
  self->group_pending = TRUE;
  g_dbus_connection_call (self->bus, AVAHI_NAME, "/", AVAHI_SERVER, "EntryGroupNew",
                          NULL, G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                          self->cancellable, entry_group_new_cb, self);
}

void
ttt_discovery_publish (TttDiscovery *self,
                       const char   *player_name,
                       const char   *game,
                       guint         port)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));
  g_return_if_fail (player_name != NULL);
  g_return_if_fail (ttt_net_game_check (game));
  g_return_if_fail (port > 0 && port <= G_MAXUINT16);

  /* The same name as the hello's, whatever was typed. */
  g_free (self->player_name);
  self->player_name = ttt_protocol_sanitize_name (player_name);
  g_free (self->service_name);
  self->service_name = make_service_name (self->player_name, 1);
  self->renames = 0;
  g_free (self->game);
  self->game = g_strdup (game);
  self->port = port;
  self->want_publish = TRUE;
  if (have_bus (self))
    start_publishing (self);
}

static void
free_group (TttDiscovery *self)
{
  if (self->bus != NULL && self->group_state_id != 0)
    g_dbus_connection_signal_unsubscribe (self->bus, self->group_state_id);
  self->group_state_id = 0;
  if (self->bus != NULL && self->group_path != NULL)
    call_and_forget (self, self->group_path, AVAHI_ENTRY_GROUP, "Free");
  g_clear_pointer (&self->group_path, g_free);
}

void
ttt_discovery_unpublish (TttDiscovery *self)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));

  self->want_publish = FALSE;
  free_group (self);
}

/* Browsing */

static char *
item_key (int         interface,
          int         protocol,
          const char *name,
          const char *domain)
{
  return g_strdup_printf ("%d/%d/%s/%s", interface, protocol, domain, name);
}

/* The TXT record is the host's word, taken only when it is well formed. */
static gboolean
read_txt (GVariant          *txt,
          TttDiscoveredGame *game)
{
  gboolean have_version = FALSE;
  gboolean have_game = FALSE;
  gsize n = g_variant_n_children (txt);

  for (gsize i = 0; i < n; i++)
    {
      g_autoptr(GVariant) child = g_variant_get_child_value (txt, i);
      gsize length = 0;
      const char *data = g_variant_get_fixed_array (child, &length, 1);
      g_autofree char *text = NULL;
      char *equals;

      if (length == 0 || memchr (data, '\0', length) != NULL)
        continue;
      text = g_strndup (data, length);
      if ((equals = strchr (text, '=')) == NULL)
        continue;
      *equals = '\0';
      if (g_str_equal (text, "v"))
        {
          guint64 version;

          if (!g_ascii_string_to_unsigned (equals + 1, 10, 1, G_MAXUINT32, &version, NULL))
            return FALSE;
          game->version = (guint) version;
          have_version = TRUE;
        }
      else if (g_str_equal (text, "name"))
        {
          if (!ttt_protocol_check_name (equals + 1, NULL))
            return FALSE;
          g_free (game->player_name);
          game->player_name = g_strdup (equals + 1);
        }
      else if (g_str_equal (text, "game"))
        {
          /* A game this version does not know is kept by its id: the
           * one who joins is told. One that is no id at all is no
           * game of ours. */
          if (!ttt_net_game_check (equals + 1))
            return FALSE;
          g_free (game->game);
          game->game = g_strdup (equals + 1);
          have_game = TRUE;
        }
    }
  return have_version && have_game && game->player_name != NULL;
}

typedef struct {
  TttDiscovery *self;
  char         *key;
} Resolve;

static void
resolve_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Resolve *resolve = user_data;
  TttDiscovery *self = resolve->self;
  g_autofree char *key = resolve->key;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = NULL;
  g_autoptr(GVariant) txt = NULL;
  TttDiscoveredGame *game;
  const char *name, *type, *domain, *host, *address;
  int interface, protocol, aprotocol;
  guint16 port;
  guint32 flags;

  g_free (resolve);
  reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  /* Lost (or browsing stopped) while resolving: nothing to say. */
  if (!g_hash_table_remove (self->resolving, key))
    return;
  if (reply == NULL)
    {
      /* Gone before it answered, or its host is unreachable: such a game
       * is not one to offer. */
      g_debug ("Cannot resolve %s: %s", key, error->message);
      return;
    }

  g_variant_get (reply, "(ii&s&s&s&si&sq@aayu)", &interface, &protocol, &name, &type, &domain,
                 &host, &aprotocol, &address, &port, &txt, &flags);
  game = g_new0 (TttDiscoveredGame, 1);
  if (!read_txt (txt, game) || port == 0)
    {
      g_debug ("Ignoring %s: its TXT record is not a game's", key);
      ttt_discovered_game_free (game);
      return;
    }
  game->service_name = g_strdup (name);
  game->host_name = g_strdup (host);
  game->port = port;
  game->interface = interface;
  game->protocol = protocol;
  game->domain = g_strdup (domain);
  {
    g_autoptr(GInetAddress) inet = g_inet_address_new_from_string (address);
    char interface_name[IF_NAMESIZE];

    if (inet == NULL)
      {
        g_debug ("Ignoring %s: “%s” is not an address", key, address);
        ttt_discovered_game_free (game);
        return;
      }
    /* A link-local IPv6 address is only reachable through its interface. */
    if (g_inet_address_get_family (inet) == G_SOCKET_FAMILY_IPV6
        && g_inet_address_get_is_link_local (inet)
        && interface > 0 && if_indextoname ((unsigned) interface, interface_name) != NULL)
      game->address = g_strdup_printf ("%s%%%s", address, interface_name);
    else
      game->address = g_strdup (address);
  }

  g_hash_table_insert (self->found, g_strdup (key), game);
  g_ptr_array_add (self->games, game);
  /* The table owns it now. */
  g_signal_emit (self, signals[GAME_FOUND], 0, game);
}

static void
item_new (TttDiscovery *self,
          GVariant     *parameters)
{
  const char *name, *type, *domain;
  int interface, protocol;
  guint32 flags;
  g_autofree char *key = NULL;
  Resolve *resolve;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(iisssu)")))
    return;
  g_variant_get (parameters, "(ii&s&s&su)", &interface, &protocol, &name, &type, &domain, &flags);
  key = item_key (interface, protocol, name, domain);
  if (g_hash_table_contains (self->found, key) || g_hash_table_contains (self->resolving, key))
    return;

  g_hash_table_add (self->resolving, g_strdup (key));
  resolve = g_new0 (Resolve, 1);
  resolve->self = self;
  resolve->key = g_steal_pointer (&key);
  g_dbus_connection_call (self->bus, AVAHI_NAME, "/", AVAHI_SERVER, "ResolveService",
                          g_variant_new ("(iisssiu)", interface, protocol, name, type, domain,
                                         protocol, 0u),
                          G_VARIANT_TYPE ("(iissssisqaayu)"), G_DBUS_CALL_FLAGS_NO_AUTO_START,
                          -1, self->cancellable, resolve_cb, resolve);
}

static void
item_remove (TttDiscovery *self,
             GVariant     *parameters)
{
  const char *name, *type, *domain;
  int interface, protocol;
  guint32 flags;
  g_autofree char *key = NULL;
  g_autofree char *stored_key = NULL;
  gpointer game_pointer = NULL;
  TttDiscoveredGame *game;

  if (!g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(iisssu)")))
    return;
  g_variant_get (parameters, "(ii&s&s&su)", &interface, &protocol, &name, &type, &domain, &flags);
  key = item_key (interface, protocol, name, domain);
  g_hash_table_remove (self->resolving, key);
  if (!g_hash_table_steal_extended (self->found, key, (gpointer *) &stored_key, &game_pointer))
    return;
  game = game_pointer;

  g_object_ref (self);
  g_ptr_array_remove (self->games, game);
  g_signal_emit (self, signals[GAME_LOST], 0, game);
  ttt_discovered_game_free (game);
  g_object_unref (self);
}

static void
browser_signal (TttDiscovery *self,
                const char   *signal,
                GVariant     *parameters)
{
  if (g_str_equal (signal, "ItemNew"))
    item_new (self, parameters);
  else if (g_str_equal (signal, "ItemRemove"))
    item_remove (self, parameters);
  else if (g_str_equal (signal, "Failure"))
    {
      const char *message = "failure";
      g_autoptr(GError) error = NULL;

      if (g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(s)")))
        g_variant_get (parameters, "(&s)", &message);
      error = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_FAILED, message);
      say_unavailable (self, error);
    }
}

typedef struct {
  char     *path;
  char     *signal;
  GVariant *parameters;
} EarlySignal;

static void
early_signal_free (EarlySignal *early)
{
  g_free (early->path);
  g_free (early->signal);
  g_variant_unref (early->parameters);
  g_free (early);
}

static void
browser_signal_cb (GDBusConnection *bus,
                   const char      *sender,
                   const char      *path,
                   const char      *interface,
                   const char      *signal,
                   GVariant        *parameters,
                   gpointer         user_data)
{
  TttDiscovery *self = user_data;

  if (self->browser_path == NULL)
    {
      EarlySignal *early;

      if (!self->browser_pending)
        return;
      /* Whose browser this is shows once ServiceBrowserNew answers. */
      early = g_new0 (EarlySignal, 1);
      early->path = g_strdup (path);
      early->signal = g_strdup (signal);
      early->parameters = g_variant_ref (parameters);
      g_ptr_array_add (self->early_signals, early);
      return;
    }
  if (g_str_equal (path, self->browser_path))
    browser_signal (self, signal, parameters);
}

static void
service_browser_new_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  TttDiscovery *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);
  g_autoptr(GPtrArray) early = NULL;

  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->browser_pending = FALSE;
  early = g_steal_pointer (&self->early_signals);
  self->early_signals = g_ptr_array_new_with_free_func ((GDestroyNotify) early_signal_free);
  if (reply == NULL)
    {
      say_unavailable (self, error);
      return;
    }
  if (!self->want_browse)
    {
      const char *path;

      g_variant_get (reply, "(&o)", &path);
      call_and_forget (self, path, AVAHI_BROWSER, "Free");
      return;
    }
  self->available = TRUE;
  g_variant_get (reply, "(o)", &self->browser_path);

  g_object_ref (self);
  for (guint i = 0; i < early->len && self->browser_path != NULL; i++)
    {
      EarlySignal *signal = g_ptr_array_index (early, i);

      if (g_str_equal (signal->path, self->browser_path))
        browser_signal (self, signal->signal, signal->parameters);
    }
  g_object_unref (self);
}

static void
start_browsing (TttDiscovery *self)
{
  if (self->browser_path != NULL || self->browser_pending)
    return;

  /* Subscribed before asking: see the top of this file. */
  if (self->browser_signal_id == 0)
    self->browser_signal_id =
      g_dbus_connection_signal_subscribe (self->bus, NULL, AVAHI_BROWSER, NULL, NULL, NULL,
                                          G_DBUS_SIGNAL_FLAGS_NONE, browser_signal_cb, self, NULL);
  self->browser_pending = TRUE;
  g_dbus_connection_call (self->bus, AVAHI_NAME, "/", AVAHI_SERVER, "ServiceBrowserNew",
                          g_variant_new ("(iissu)", AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC,
                                         TTT_DISCOVERY_SERVICE_TYPE, "", 0u),
                          G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                          self->cancellable, service_browser_new_cb, self);
}

void
ttt_discovery_browse (TttDiscovery *self)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));

  self->want_browse = TRUE;
  if (have_bus (self))
    start_browsing (self);
}

static void
free_browser (TttDiscovery *self)
{
  if (self->bus != NULL && self->browser_signal_id != 0)
    g_dbus_connection_signal_unsubscribe (self->bus, self->browser_signal_id);
  self->browser_signal_id = 0;
  if (self->bus != NULL && self->browser_path != NULL)
    call_and_forget (self, self->browser_path, AVAHI_BROWSER, "Free");
  g_clear_pointer (&self->browser_path, g_free);
  g_ptr_array_set_size (self->early_signals, 0);
  g_hash_table_remove_all (self->resolving);
  g_ptr_array_set_size (self->games, 0);
  g_hash_table_remove_all (self->found);
}

void
ttt_discovery_stop_browsing (TttDiscovery *self)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));

  self->want_browse = FALSE;
  free_browser (self);
}

GPtrArray *
ttt_discovery_get_games (TttDiscovery *self)
{
  g_return_val_if_fail (TTT_IS_DISCOVERY (self), NULL);

  return self->games;
}

gboolean
ttt_discovery_get_available (TttDiscovery *self)
{
  g_return_val_if_fail (TTT_IS_DISCOVERY (self), FALSE);

  return self->available;
}

/* GObject */

TttDiscovery *
ttt_discovery_new (GDBusConnection *bus)
{
  TttDiscovery *self;

  g_return_val_if_fail (bus == NULL || G_IS_DBUS_CONNECTION (bus), NULL);

  self = g_object_new (TTT_TYPE_DISCOVERY, NULL);
  if (bus != NULL)
    self->bus = g_object_ref (bus);
  return self;
}

static void
ttt_discovery_dispose (GObject *object)
{
  TttDiscovery *self = TTT_DISCOVERY (object);

  g_cancellable_cancel (self->cancellable);
  free_group (self);
  free_browser (self);
  g_clear_object (&self->bus);

  G_OBJECT_CLASS (ttt_discovery_parent_class)->dispose (object);
}

static void
ttt_discovery_finalize (GObject *object)
{
  TttDiscovery *self = TTT_DISCOVERY (object);

  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->early_signals, g_ptr_array_unref);
  g_clear_pointer (&self->resolving, g_hash_table_unref);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->found, g_hash_table_unref);
  g_free (self->player_name);
  g_free (self->game);
  g_free (self->service_name);

  G_OBJECT_CLASS (ttt_discovery_parent_class)->finalize (object);
}

static void
ttt_discovery_class_init (TttDiscoveryClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_discovery_dispose;
  object_class->finalize = ttt_discovery_finalize;

  /* The game is published under (const char *name). */
  signals[PUBLISHED] =
    g_signal_new ("published", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  /* (const TttDiscoveredGame *game), resolved. */
  signals[GAME_FOUND] =
    g_signal_new ("game-found", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  TTT_TYPE_DISCOVERED_GAME | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* (const TttDiscoveredGame *game), as it was found. */
  signals[GAME_LOST] =
    g_signal_new ("game-lost", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  TTT_TYPE_DISCOVERED_GAME | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* Once: (const GError *error), TTT_DISCOVERY_ERROR_UNAVAILABLE, its
   * message to be shown as it is. */
  signals[UNAVAILABLE] =
    g_signal_new ("unavailable", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
ttt_discovery_init (TttDiscovery *self)
{
  self->cancellable = g_cancellable_new ();
  self->available = TRUE;
  self->early_signals = g_ptr_array_new_with_free_func ((GDestroyNotify) early_signal_free);
  self->resolving = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) ttt_discovered_game_free);
  self->games = g_ptr_array_new ();
}
