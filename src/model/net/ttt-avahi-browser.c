/* ttt-avahi-browser.c — others' games, found through Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Server.ServiceBrowserNew gives a browser whose ItemNew and ItemRemove
 * signals tell of services; Server.ResolveService turns each into an
 * address, a port and its TXT record.
 *
 * Avahi starts browsing as soon as ServiceBrowserNew returns, and may send
 * the first ItemNew before the caller has even read the reply with the
 * browser's path (the well-known race of Avahi before 0.8's Start()). So
 * this side subscribes to the browser signals on every path before asking,
 * keeps what comes while the reply is on its way, and replays what belongs
 * to its own browser once it knows which that is.
 *
 * A callback may free the browser (its owner dropped): the struct is
 * reference counted, and whatever goes on after a callback holds a
 * reference and looks whether it was stopped meanwhile.
 */

#include "config.h"

#include <net/if.h>
#include <string.h>

#include "ttt-avahi.h"
#include "ttt-avahi-browser.h"
#include "ttt-protocol.h"

struct _TttAvahiBrowser
{
  const TttAvahiBrowserEvents *events;
  gpointer                     user_data;

  GDBusConnection             *bus;
  GCancellable                *cancellable;
  gboolean                     wanted;
  char                        *browser_path;
  gboolean                     browser_pending;
  guint                        browser_signal_id;
  GPtrArray                   *early_signals;  /* (path, name, parameters) while pending */
  GHashTable                  *resolving;      /* key → nothing, while resolving */
  GHashTable                  *found;          /* key → TttDiscoveredGame */
  GPtrArray                   *games;          /* the found ones, in order */
};

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
  TttAvahiBrowser *self;
  char         *key;
} Resolve;

static void
resolve_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Resolve *resolve = user_data;
  TttAvahiBrowser *self = resolve->self;
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
  self->events->found (game, self->user_data);
}

static void
item_new (TttAvahiBrowser *self,
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
item_remove (TttAvahiBrowser *self,
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

  g_ptr_array_remove (self->games, game);
  self->events->lost (game, self->user_data);
  ttt_discovered_game_free (game);
}

static void
browser_signal (TttAvahiBrowser *self,
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
      self->events->failed (error, self->user_data);
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
  TttAvahiBrowser *self = user_data;

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

static void finalize (TttAvahiBrowser *self);

static void
service_browser_new_cb (GObject      *source,
                        GAsyncResult *result,
                        gpointer      user_data)
{
  TttAvahiBrowser *self = user_data;
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
      self->events->failed (error, self->user_data);
      return;
    }
  if (!self->wanted)
    {
      const char *path;

      g_variant_get (reply, "(&o)", &path);
      ttt_avahi_call_and_forget (self->bus, path, AVAHI_BROWSER, "Free");
      return;
    }
  self->events->working (self->user_data);
  g_variant_get (reply, "(o)", &self->browser_path);

  g_rc_box_acquire (self);
  for (guint i = 0; i < early->len && self->browser_path != NULL; i++)
    {
      EarlySignal *signal = g_ptr_array_index (early, i);

      if (g_str_equal (signal->path, self->browser_path))
        browser_signal (self, signal->signal, signal->parameters);
    }
  g_rc_box_release_full (self, (GDestroyNotify) finalize);
}

static void
start (TttAvahiBrowser *self)
{
  if (self->bus == NULL || !self->wanted || self->browser_path != NULL || self->browser_pending)
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
ttt_avahi_browser_start (TttAvahiBrowser *self)
{
  self->wanted = TRUE;
  start (self);
}

void
ttt_avahi_browser_stop (TttAvahiBrowser *self)
{
  self->wanted = FALSE;
  if (self->bus != NULL && self->browser_signal_id != 0)
    g_dbus_connection_signal_unsubscribe (self->bus, self->browser_signal_id);
  self->browser_signal_id = 0;
  if (self->bus != NULL && self->browser_path != NULL)
    ttt_avahi_call_and_forget (self->bus, self->browser_path, AVAHI_BROWSER, "Free");
  g_clear_pointer (&self->browser_path, g_free);
  g_ptr_array_set_size (self->early_signals, 0);
  g_hash_table_remove_all (self->resolving);
  g_ptr_array_set_size (self->games, 0);
  g_hash_table_remove_all (self->found);
}

GPtrArray *
ttt_avahi_browser_get_games (TttAvahiBrowser *self)
{
  return self->games;
}

void
ttt_avahi_browser_set_bus (TttAvahiBrowser *self,
                           GDBusConnection *bus)
{
  g_return_if_fail (self->bus == NULL);

  self->bus = g_object_ref (bus);
  start (self);
}

TttAvahiBrowser *
ttt_avahi_browser_new (const TttAvahiBrowserEvents *events,
                       gpointer                     user_data)
{
  TttAvahiBrowser *self = g_rc_box_new0 (TttAvahiBrowser);

  self->events = events;
  self->user_data = user_data;
  self->cancellable = g_cancellable_new ();
  self->early_signals = g_ptr_array_new_with_free_func ((GDestroyNotify) early_signal_free);
  self->resolving = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->found = g_hash_table_new_full (g_str_hash, g_str_equal, g_free,
                                       (GDestroyNotify) ttt_discovered_game_free);
  self->games = g_ptr_array_new ();
  return self;
}

static void
finalize (TttAvahiBrowser *self)
{
  g_clear_object (&self->cancellable);
  g_clear_object (&self->bus);
  g_clear_pointer (&self->early_signals, g_ptr_array_unref);
  g_clear_pointer (&self->resolving, g_hash_table_unref);
  g_clear_pointer (&self->games, g_ptr_array_unref);
  g_clear_pointer (&self->found, g_hash_table_unref);
}

void
ttt_avahi_browser_free (TttAvahiBrowser *self)
{
  if (self == NULL)
    return;
  /* Every call under way returns at its cancellation without looking at
   * self; a replay under way holds its own reference and ends, as the
   * browser has no path any more. */
  g_cancellable_cancel (self->cancellable);
  ttt_avahi_browser_stop (self);
  g_rc_box_release_full (self, (GDestroyNotify) finalize);
}
