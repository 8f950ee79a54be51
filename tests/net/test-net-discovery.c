/* test-net-discovery.c — discovery against a stand-in Avahi on a private bus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A small GDBus object plays org.freedesktop.Avahi (the methods and signals
 * the game uses) on a bus of the test's own (GTestDBus). It sends ItemNew
 * before the reply to ServiceBrowserNew, as the real daemon may, so the
 * race is met every time. Then: publishing and finding a game, losing it,
 * a discovery dropped by a handler of either,
 * a name taken, a TXT record that is not a game's, Avahi missing and Avahi
 * refusing, each said once. The real daemon is tested apart
 * (test-net-avahi.sh).
 */

#include <string.h>

#include "net-helpers.h"
#include "ttt-discovery.h"

static const char standin_xml[] =
  "<node>"
  " <interface name='org.freedesktop.Avahi.Server'>"
  "  <method name='EntryGroupNew'><arg type='o' direction='out'/></method>"
  "  <method name='ServiceBrowserNew'>"
  "   <arg type='i' direction='in'/><arg type='i' direction='in'/><arg type='s' direction='in'/>"
  "   <arg type='s' direction='in'/><arg type='u' direction='in'/><arg type='o' direction='out'/>"
  "  </method>"
  "  <method name='ResolveService'>"
  "   <arg type='i' direction='in'/><arg type='i' direction='in'/><arg type='s' direction='in'/>"
  "   <arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='i' direction='in'/>"
  "   <arg type='u' direction='in'/>"
  "   <arg type='i' direction='out'/><arg type='i' direction='out'/><arg type='s' direction='out'/>"
  "   <arg type='s' direction='out'/><arg type='s' direction='out'/><arg type='s' direction='out'/>"
  "   <arg type='i' direction='out'/><arg type='s' direction='out'/><arg type='q' direction='out'/>"
  "   <arg type='aay' direction='out'/><arg type='u' direction='out'/>"
  "  </method>"
  " </interface>"
  " <interface name='org.freedesktop.Avahi.EntryGroup'>"
  "  <method name='AddService'>"
  "   <arg type='i' direction='in'/><arg type='i' direction='in'/><arg type='u' direction='in'/>"
  "   <arg type='s' direction='in'/><arg type='s' direction='in'/><arg type='s' direction='in'/>"
  "   <arg type='s' direction='in'/><arg type='q' direction='in'/><arg type='aay' direction='in'/>"
  "  </method>"
  "  <method name='Commit'/>"
  "  <method name='Reset'/>"
  "  <method name='Free'/>"
  "  <signal name='StateChanged'><arg type='i'/><arg type='s'/></signal>"
  " </interface>"
  " <interface name='org.freedesktop.Avahi.ServiceBrowser'>"
  "  <method name='Free'/>"
  "  <signal name='ItemNew'><arg type='i'/><arg type='i'/><arg type='s'/><arg type='s'/><arg type='s'/><arg type='u'/></signal>"
  "  <signal name='ItemRemove'><arg type='i'/><arg type='i'/><arg type='s'/><arg type='s'/><arg type='s'/><arg type='u'/></signal>"
  " </interface>"
  "</node>";

typedef struct {
  char     *group;     /* the entry group's path, NULL when injected */
  char     *name;
  guint16   port;
  GVariant *txt;
  gboolean  committed;
} Service;

typedef struct {
  GDBusConnection *bus;
  GDBusNodeInfo   *info;
  guint            owner_id;
  gboolean         owned;
  guint            server_id;
  GHashTable      *objects;        /* path → registration id */
  GPtrArray       *services;
  GPtrArray       *browsers;       /* paths */
  guint            counter;
  const char      *taken;          /* a name someone else has */
  gboolean         refuse;
  guint            early_items;    /* ItemNew sent before a reply */
} StandIn;

static void
service_free (Service *service)
{
  g_free (service->group);
  g_free (service->name);
  g_clear_pointer (&service->txt, g_variant_unref);
  g_free (service);
}

static void
emit_item (StandIn    *standin,
           const char *browser,
           const char *signal,
           Service    *service)
{
  g_dbus_connection_emit_signal (standin->bus, NULL, browser, "org.freedesktop.Avahi.ServiceBrowser",
                                 signal,
                                 g_variant_new ("(iisssu)", 1, 0, service->name,
                                                TTT_DISCOVERY_SERVICE_TYPE, "local", 0u),
                                 NULL);
}

static void
emit_to_browsers (StandIn    *standin,
                  const char *signal,
                  Service    *service)
{
  for (guint i = 0; i < standin->browsers->len; i++)
    emit_item (standin, standin->browsers->pdata[i], signal, service);
}

static void standin_method_cb (GDBusConnection       *bus,
                               const char            *sender,
                               const char            *path,
                               const char            *interface,
                               const char            *method,
                               GVariant              *parameters,
                               GDBusMethodInvocation *invocation,
                               gpointer               user_data);

static const GDBusInterfaceVTable standin_vtable = { standin_method_cb, NULL, NULL, { 0 } };

static char *
register_object (StandIn    *standin,
                 const char *kind,
                 guint       interface)
{
  char *path = g_strdup_printf ("/Client1/%s%u", kind, ++standin->counter);
  guint id = g_dbus_connection_register_object (standin->bus, path, standin->info->interfaces[interface],
                                                &standin_vtable, standin, NULL, NULL);

  g_assert_cmpuint (id, >, 0);
  g_hash_table_insert (standin->objects, g_strdup (path), GUINT_TO_POINTER (id));
  return path;
}

static void
unregister_object (StandIn    *standin,
                   const char *path)
{
  guint id = GPOINTER_TO_UINT (g_hash_table_lookup (standin->objects, path));

  if (id != 0)
    g_dbus_connection_unregister_object (standin->bus, id);
  g_hash_table_remove (standin->objects, path);
}

static void
remove_group_services (StandIn    *standin,
                       const char *group)
{
  for (guint i = standin->services->len; i > 0; i--)
    {
      Service *service = standin->services->pdata[i - 1];

      if (g_strcmp0 (service->group, group) != 0)
        continue;
      if (service->committed)
        emit_to_browsers (standin, "ItemRemove", service);
      g_ptr_array_remove_index (standin->services, i - 1);
    }
}

static void
standin_method_cb (GDBusConnection       *bus,
                   const char            *sender,
                   const char            *path,
                   const char            *interface,
                   const char            *method,
                   GVariant              *parameters,
                   GDBusMethodInvocation *invocation,
                   gpointer               user_data)
{
  StandIn *standin = user_data;

  if (standin->refuse)
    {
      g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.AccessDenied",
                                                  "Not for you");
      return;
    }

  if (g_str_equal (method, "EntryGroupNew"))
    {
      g_autofree char *group = register_object (standin, "EntryGroup", 1);

      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", group));
    }
  else if (g_str_equal (method, "ServiceBrowserNew"))
    {
      char *browser = register_object (standin, "ServiceBrowser", 2);

      g_ptr_array_add (standin->browsers, browser);
      /* The race: what is there already is announced before the caller
       * knows the browser's path. */
      for (guint i = 0; i < standin->services->len; i++)
        {
          Service *service = standin->services->pdata[i];

          if (service->committed)
            {
              emit_item (standin, browser, "ItemNew", service);
              standin->early_items++;
            }
        }
      g_dbus_method_invocation_return_value (invocation, g_variant_new ("(o)", browser));
    }
  else if (g_str_equal (method, "ResolveService"))
    {
      const char *name;
      int interface_index, protocol;

      g_variant_get (parameters, "(ii&s&s&siu)", &interface_index, &protocol, &name, NULL, NULL, NULL, NULL);
      for (guint i = 0; i < standin->services->len; i++)
        {
          Service *service = standin->services->pdata[i];

          if (service->committed && g_str_equal (service->name, name))
            {
              g_dbus_method_invocation_return_value (invocation,
                g_variant_new ("(iissssisq@aayu)", interface_index, protocol, name,
                               TTT_DISCOVERY_SERVICE_TYPE, "local", "standin.local", 0,
                               "127.0.0.1", service->port, service->txt, 0u));
              return;
            }
        }
      g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.Avahi.TimeoutError",
                                                  "Timeout reached");
    }
  else if (g_str_equal (method, "AddService"))
    {
      Service *service;
      const char *name;

      /* As Avahi: a service name is one DNS label, 63 bytes at most. */
      g_variant_get_child (parameters, 3, "&s", &name);
      if (strlen (name) > 63 || name[0] == '\0')
        {
          g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.Avahi.InvalidServiceNameError",
                                                      "Invalid service name");
          return;
        }
      service = g_new0 (Service, 1);

      g_variant_get (parameters, "(iiu&s&s&s&sq@aay)", NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                     &service->port, &service->txt);
      g_variant_get_child (parameters, 3, "s", &service->name);
      service->group = g_strdup (path);
      g_ptr_array_add (standin->services, service);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (g_str_equal (method, "Commit"))
    {
      gboolean collision = FALSE;

      g_dbus_method_invocation_return_value (invocation, NULL);
      g_dbus_connection_emit_signal (bus, NULL, path, "org.freedesktop.Avahi.EntryGroup", "StateChanged",
                                     g_variant_new ("(is)", 1, ""), NULL);
      for (guint i = 0; i < standin->services->len; i++)
        {
          Service *service = standin->services->pdata[i];

          if (g_str_equal (service->group, path) && g_strcmp0 (service->name, standin->taken) == 0)
            collision = TRUE;
        }
      if (collision)
        {
          g_dbus_connection_emit_signal (bus, NULL, path, "org.freedesktop.Avahi.EntryGroup", "StateChanged",
                                         g_variant_new ("(is)", 3, "Local name collision"), NULL);
          return;
        }
      for (guint i = 0; i < standin->services->len; i++)
        {
          Service *service = standin->services->pdata[i];

          if (g_str_equal (service->group, path) && !service->committed)
            {
              service->committed = TRUE;
              emit_to_browsers (standin, "ItemNew", service);
            }
        }
      g_dbus_connection_emit_signal (bus, NULL, path, "org.freedesktop.Avahi.EntryGroup", "StateChanged",
                                     g_variant_new ("(is)", 2, ""), NULL);
    }
  else if (g_str_equal (method, "Reset"))
    {
      remove_group_services (standin, path);
      g_dbus_method_invocation_return_value (invocation, NULL);
    }
  else if (g_str_equal (method, "Free"))
    {
      remove_group_services (standin, path);
      for (guint i = 0; i < standin->browsers->len; i++)
        if (g_str_equal (standin->browsers->pdata[i], path))
          g_ptr_array_remove_index (standin->browsers, i--);
      g_dbus_method_invocation_return_value (invocation, NULL);
      unregister_object (standin, path);
    }
  else
    g_dbus_method_invocation_return_dbus_error (invocation, "org.freedesktop.DBus.Error.UnknownMethod", method);
}

static GDBusConnection *
bus_connect (void)
{
  g_autoptr(GError) error = NULL;
  GDBusConnection *bus;

  bus = g_dbus_connection_new_for_address_sync (g_getenv ("DBUS_SESSION_BUS_ADDRESS"),
                                                G_DBUS_CONNECTION_FLAGS_AUTHENTICATION_CLIENT
                                                | G_DBUS_CONNECTION_FLAGS_MESSAGE_BUS_CONNECTION,
                                                NULL, NULL, &error);
  g_assert_no_error (error);
  return bus;
}

static void
name_acquired_cb (GDBusConnection *bus,
                  const char      *name,
                  gpointer         user_data)
{
  ((StandIn *) user_data)->owned = TRUE;
}

static gboolean
standin_owned (gpointer data)
{
  return ((StandIn *) data)->owned;
}

static StandIn *
standin_new (void)
{
  StandIn *standin = g_new0 (StandIn, 1);
  g_autoptr(GError) error = NULL;

  standin->bus = bus_connect ();
  standin->info = g_dbus_node_info_new_for_xml (standin_xml, &error);
  g_assert_no_error (error);
  standin->objects = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  standin->services = g_ptr_array_new_with_free_func ((GDestroyNotify) service_free);
  standin->browsers = g_ptr_array_new_with_free_func (g_free);
  standin->server_id = g_dbus_connection_register_object (standin->bus, "/", standin->info->interfaces[0],
                                                          &standin_vtable, standin, NULL, &error);
  g_assert_no_error (error);
  standin->owner_id = g_bus_own_name_on_connection (standin->bus, "org.freedesktop.Avahi",
                                                    G_BUS_NAME_OWNER_FLAGS_NONE,
                                                    name_acquired_cb, NULL, standin, NULL);
  ttt_net_wait (standin_owned, standin, 10000);
  return standin;
}

static void
standin_free (StandIn *standin)
{
  GHashTableIter iter;
  gpointer id;

  g_bus_unown_name (standin->owner_id);
  g_dbus_connection_unregister_object (standin->bus, standin->server_id);
  g_hash_table_iter_init (&iter, standin->objects);
  while (g_hash_table_iter_next (&iter, NULL, &id))
    g_dbus_connection_unregister_object (standin->bus, GPOINTER_TO_UINT (id));
  g_dbus_connection_flush_sync (standin->bus, NULL, NULL);
  g_dbus_connection_close_sync (standin->bus, NULL, NULL);
  g_object_unref (standin->bus);
  g_dbus_node_info_unref (standin->info);
  g_hash_table_unref (standin->objects);
  g_ptr_array_unref (standin->services);
  g_ptr_array_unref (standin->browsers);
  g_free (standin);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StandIn, standin_free)

/* What a TttDiscovery said */

typedef struct {
  TttDiscovery *discovery;
  char         *published;
  guint         n_published;
  GPtrArray    *found;       /* of TttDiscoveredGame */
  GPtrArray    *lost;
  GPtrArray    *unavailable; /* of GError */
} Heard;

static void
published_cb (TttDiscovery *discovery,
              const char   *name,
              gpointer      user_data)
{
  Heard *heard = user_data;

  g_free (heard->published);
  heard->published = g_strdup (name);
  heard->n_published++;
}

static void
found_cb (TttDiscovery            *discovery,
          const TttDiscoveredGame *game,
          gpointer                 user_data)
{
  g_ptr_array_add (((Heard *) user_data)->found, ttt_discovered_game_copy (game));
}

static void
lost_cb (TttDiscovery            *discovery,
         const TttDiscoveredGame *game,
         gpointer                 user_data)
{
  g_ptr_array_add (((Heard *) user_data)->lost, ttt_discovered_game_copy (game));
}

static void
unavailable_cb (TttDiscovery *discovery,
                const GError *error,
                gpointer      user_data)
{
  g_assert_error (error, TTT_DISCOVERY_ERROR, TTT_DISCOVERY_ERROR_UNAVAILABLE);
  g_test_message ("unavailable: %s", error->message);
  g_ptr_array_add (((Heard *) user_data)->unavailable, g_error_copy (error));
}

static Heard *
heard_new (void)
{
  g_autoptr(GDBusConnection) bus = bus_connect ();
  Heard *heard = g_new0 (Heard, 1);

  heard->discovery = ttt_discovery_new (bus);
  heard->found = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_discovered_game_free);
  heard->lost = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_discovered_game_free);
  heard->unavailable = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_signal_connect (heard->discovery, "published", G_CALLBACK (published_cb), heard);
  g_signal_connect (heard->discovery, "game-found", G_CALLBACK (found_cb), heard);
  g_signal_connect (heard->discovery, "game-lost", G_CALLBACK (lost_cb), heard);
  g_signal_connect (heard->discovery, "unavailable", G_CALLBACK (unavailable_cb), heard);
  return heard;
}

static void
heard_free (Heard *heard)
{
  gpointer weak = heard->discovery;

  g_object_add_weak_pointer (weak, &weak);
  g_signal_handlers_disconnect_by_data (heard->discovery, heard);
  g_clear_object (&heard->discovery);
  g_assert_null (weak);
  g_ptr_array_unref (heard->found);
  g_ptr_array_unref (heard->lost);
  g_ptr_array_unref (heard->unavailable);
  g_free (heard->published);
  g_free (heard);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Heard, heard_free)

static gboolean
has_published (gpointer data)
{
  Heard *heard = data;

  return heard->published != NULL || heard->unavailable->len > 0;
}

static gboolean
has_found (gpointer data)
{
  Heard *heard = data;

  return heard->found->len > 0 || heard->unavailable->len > 0;
}

static gboolean
has_lost (gpointer data)
{
  Heard *heard = data;

  return heard->lost->len > 0 || heard->unavailable->len > 0;
}

static gboolean
has_unavailable (gpointer data)
{
  return ((Heard *) data)->unavailable->len > 0;
}

/* Lets the bus deliver what is on its way: a round trip through the
 * daemon, which answers after everything sent before. */
static void
settle (void)
{
  g_autoptr(GDBusConnection) bus = bus_connect ();
  g_autoptr(GVariant) reply = NULL;

  reply = g_dbus_connection_call_sync (bus, "org.freedesktop.DBus", "/org/freedesktop/DBus",
                                       "org.freedesktop.DBus", "GetId", NULL, NULL,
                                       G_DBUS_CALL_FLAGS_NONE, -1, NULL, NULL);
  ttt_net_drain ();
  g_dbus_connection_close_sync (bus, NULL, NULL);
}

static void
test_publish_and_browse (void)
{
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) host = heard_new ();
  g_autoptr(Heard) guest = heard_new ();
  TttDiscoveredGame *game;
  g_autofree char *address = NULL;

  /* Browsing first: the game appears as it is published, not before
   * the browser's path is known. */
  ttt_discovery_browse (guest->discovery);
  settle ();
  g_assert_cmpuint (guest->found->len, ==, 0);
  g_assert_cmpuint (standin->early_items, ==, 0);

  ttt_discovery_publish (host->discovery, "Ana", "ultimate", 5000);
  ttt_net_wait (has_published, host, 10000);
  g_assert_cmpstr (host->published, ==, "Ana");
  ttt_net_wait (has_found, guest, 10000);
  g_assert_cmpuint (guest->unavailable->len, ==, 0);
  g_assert_cmpuint (guest->found->len, ==, 1);
  game = guest->found->pdata[0];
  g_assert_cmpstr (game->service_name, ==, "Ana");
  g_assert_cmpstr (game->player_name, ==, "Ana");
  g_assert_cmpstr (game->game, ==, "ultimate");
  g_assert_cmpuint (game->version, ==, TTT_PROTOCOL_VERSION);
  g_assert_cmpstr (game->address, ==, "127.0.0.1");
  g_assert_cmpstr (game->host_name, ==, "standin.local");
  g_assert_cmpuint (game->port, ==, 5000);
  address = ttt_discovered_game_to_address (game);
  g_assert_cmpstr (address, ==, "127.0.0.1:5000");
  g_assert_cmpuint (ttt_discovery_get_games (guest->discovery)->len, ==, 1);
  g_assert_true (ttt_discovery_get_available (guest->discovery));

  ttt_discovery_unpublish (host->discovery);
  ttt_net_wait (has_lost, guest, 10000);
  g_assert_cmpuint (guest->lost->len, ==, 1);
  g_assert_cmpstr (((TttDiscoveredGame *) guest->lost->pdata[0])->service_name, ==, "Ana");
  g_assert_cmpuint (ttt_discovery_get_games (guest->discovery)->len, ==, 0);
  g_assert_cmpuint (host->unavailable->len, ==, 0);
}

/* Published before anyone browses: Avahi announces it before its reply. */
static void
test_browse_race (void)
{
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) host = heard_new ();
  g_autoptr(Heard) guest = heard_new ();

  ttt_discovery_publish (host->discovery, "Bo", "classic", 6000);
  ttt_net_wait (has_published, host, 10000);

  ttt_discovery_browse (guest->discovery);
  ttt_net_wait (has_found, guest, 10000);
  g_assert_cmpuint (standin->early_items, ==, 1);
  g_assert_cmpuint (guest->found->len, ==, 1);
  g_assert_cmpstr (((TttDiscoveredGame *) guest->found->pdata[0])->player_name, ==, "Bo");

  /* Browsing again changes nothing; stopping forgets. */
  ttt_discovery_browse (guest->discovery);
  settle ();
  g_assert_cmpuint (guest->found->len, ==, 1);
  ttt_discovery_stop_browsing (guest->discovery);
  g_assert_cmpuint (ttt_discovery_get_games (guest->discovery)->len, ==, 0);
  ttt_discovery_unpublish (host->discovery);
  settle ();
  g_assert_cmpuint (guest->lost->len, ==, 0);
}

static void
drop_cb (TttDiscovery            *discovery,
         const TttDiscoveredGame *game,
         gpointer                 user_data)
{
  TttDiscovery **slot = user_data;

  g_clear_object (slot);
}

static gboolean
is_gone (gpointer data)
{
  return *(gpointer *) data == NULL;
}

static gboolean
holds_one_game (gpointer data)
{
  TttDiscovery **discovery = data;

  return *discovery == NULL || ttt_discovery_get_games (*discovery)->len == 1;
}

/* A handler drops the discovery as it hears of a game found, or of one
 * lost: the browser inside goes with it and nothing of either is touched
 * afterwards (the sanitizer pass sees to that). */
static void
test_dropped_in_handler (void)
{
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) host = heard_new ();
  g_autoptr(Heard) watcher = heard_new ();
  g_autoptr(GDBusConnection) bus = bus_connect ();
  TttDiscovery *finder = ttt_discovery_new (bus);
  TttDiscovery *loser = ttt_discovery_new (bus);
  gpointer finder_weak = finder;
  gpointer loser_weak = loser;

  /* The stand-in Avahi only has to be on the bus for the test's length. */
  (void) standin;
  g_object_add_weak_pointer (G_OBJECT (finder), &finder_weak);
  g_object_add_weak_pointer (G_OBJECT (loser), &loser_weak);
  g_signal_connect (finder, "game-found", G_CALLBACK (drop_cb), &finder);
  g_signal_connect (loser, "game-lost", G_CALLBACK (drop_cb), &loser);

  ttt_discovery_publish (host->discovery, "Bo", "classic", 6000);
  ttt_net_wait (has_published, host, 10000);
  ttt_discovery_browse (finder);
  ttt_discovery_browse (loser);
  ttt_discovery_browse (watcher->discovery);
  ttt_net_wait (is_gone, &finder_weak, 10000);
  ttt_net_wait (has_found, watcher, 10000);
  /* The loser hears of the game in its own time, which the watcher's
   * says nothing of on a busy machine. */
  ttt_net_wait (holds_one_game, &loser, 10000);
  settle ();
  g_assert_nonnull (loser);
  g_assert_cmpuint (ttt_discovery_get_games (loser)->len, ==, 1);

  ttt_discovery_unpublish (host->discovery);
  ttt_net_wait (is_gone, &loser_weak, 10000);
  ttt_net_wait (has_lost, watcher, 10000);
  settle ();
  g_assert_null (finder);
  g_assert_null (loser);
}

static void
test_name_taken (void)
{
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) host = heard_new ();
  g_autoptr(Heard) guest = heard_new ();

  standin->taken = "Ana";
  ttt_discovery_publish (host->discovery, "Ana", "classic", 5000);
  ttt_net_wait (has_published, host, 10000);
  g_assert_cmpstr (host->published, ==, "Ana (2)");
  g_assert_cmpuint (host->n_published, ==, 1);

  ttt_discovery_browse (guest->discovery);
  ttt_net_wait (has_found, guest, 10000);
  /* The network name changed, the player's did not. */
  g_assert_cmpstr (((TttDiscoveredGame *) guest->found->pdata[0])->service_name, ==, "Ana (2)");
  g_assert_cmpstr (((TttDiscoveredGame *) guest->found->pdata[0])->player_name, ==, "Ana");
}

static void
inject (StandIn    *standin,
        const char *name,
        const char *const *txt)
{
  Service *service = g_new0 (Service, 1);
  GVariantBuilder builder;

  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  for (guint i = 0; txt[i] != NULL; i++)
    g_variant_builder_add_value (&builder, g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, txt[i], strlen (txt[i]), 1));
  service->name = g_strdup (name);
  service->port = 7000;
  service->txt = g_variant_ref_sink (g_variant_builder_end (&builder));
  service->committed = TRUE;
  g_ptr_array_add (standin->services, service);
}

/* Services whose TXT records are not a game's are not offered. */
static void
test_bad_txt (void)
{
  static const char *const control[] = { "v=1", "name=A\x1b[2J", "game=classic", NULL };
  /* Issue 32, D4: one row of "Games nearby" read as two. */
  static const char *const separator[] = { "v=1", "name=Ana\xe2\x80\xa8" "Bob at 10.0.0.1:41414",
                                           "game=classic", NULL };
  static const char *const override[] = { "v=1", "name=\xe2\x80\xae" "anA", "game=classic", NULL };
  static const char *const no_version[] = { "name=A", "game=classic", NULL };
  static const char *const bad_version[] = { "v=one", "name=A", "game=classic", NULL };
  static const char *const no_name[] = { "v=1", "game=classic", NULL };
  static const char *const good[] = { "v=2", "name=Cy", "game=chess", "extra", "=x", NULL };
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) guest = heard_new ();
  TttDiscoveredGame *game;

  inject (standin, "control", control);
  inject (standin, "separator", separator);
  inject (standin, "override", override);
  inject (standin, "no-version", no_version);
  inject (standin, "bad-version", bad_version);
  inject (standin, "no-name", no_name);
  inject (standin, "good", good);
  ttt_discovery_browse (guest->discovery);
  ttt_net_wait (has_found, guest, 10000);
  settle ();
  g_assert_cmpuint (guest->found->len, ==, 1);
  game = guest->found->pdata[0];
  g_assert_cmpstr (game->service_name, ==, "good");
  /* A newer host: its version is there for the list to say so. */
  g_assert_cmpuint (game->version, ==, 2);
}

/* Issue 32, D12: a real name over 64 characters (or empty) was refused
 * by a CRITICAL and the game silently not published. Now it is published
 * under the name the hello sends, its service name cut to a DNS label. */
static void
test_publish_any_name (void)
{
  /* Avahi's stand-in, on the bus for as long as the test lasts. */
  g_autoptr(StandIn) standin G_GNUC_UNUSED = standin_new ();
  g_autoptr(Heard) host = heard_new ();
  g_autoptr(Heard) guest = heard_new ();
  g_autofree char *long_name = g_strnfill (TTT_PROTOCOL_MAX_NAME + 6, 'x');
  g_autofree char *sent = ttt_protocol_sanitize_name (long_name);
  g_autofree char *label = g_strnfill (63, 'x');
  TttDiscoveredGame *game;

  ttt_discovery_browse (guest->discovery);
  ttt_discovery_publish (host->discovery, long_name, "classic", 5000);
  ttt_net_wait (has_published, host, 10000);
  g_assert_cmpuint (host->unavailable->len, ==, 0);
  g_assert_cmpstr (host->published, ==, label);
  ttt_net_wait (has_found, guest, 10000);
  game = guest->found->pdata[0];
  g_assert_cmpstr (game->player_name, ==, sent);
  g_assert_cmpuint (g_utf8_strlen (game->player_name, -1), ==, TTT_PROTOCOL_MAX_NAME);

  /* Empty, or nothing but a line break: the name the hello falls back to. */
  g_clear_pointer (&host->published, g_free);
  ttt_discovery_publish (host->discovery, "\xe2\x80\xa8", "classic", 5000);
  ttt_net_wait (has_published, host, 10000);
  g_assert_cmpstr (host->published, ==, "Player");
  g_assert_cmpuint (host->unavailable->len, ==, 0);
}

/* A long name taken: the number still fits in the label. */
static void
test_long_name_taken (void)
{
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) host = heard_new ();
  g_autoptr(GString) name = g_string_new (NULL);
  g_autofree char *taken = NULL;

  /* 64 characters of three bytes: a label holds 21 of them. */
  for (guint i = 0; i < TTT_PROTOCOL_MAX_NAME; i++)
    g_string_append (name, "井");
  taken = g_strndup (name->str, 21 * 3);
  standin->taken = taken;
  ttt_discovery_publish (host->discovery, name->str, "classic", 5000);
  ttt_net_wait (has_published, host, 10000);
  g_assert_cmpuint (host->unavailable->len, ==, 0);
  g_assert_true (g_str_has_suffix (host->published, " (2)"));
  g_assert_cmpuint (strlen (host->published), <=, 63);
  g_assert_true (g_str_has_prefix (host->published, "井井井"));
  g_assert_true (g_utf8_validate (host->published, -1, NULL));
}

static void
test_unavailable (void)
{
  g_autoptr(Heard) heard = heard_new ();

  ttt_discovery_browse (heard->discovery);
  ttt_discovery_publish (heard->discovery, "Ana", "classic", 5000);
  ttt_net_wait (has_unavailable, heard, 10000);
  settle ();
  g_assert_cmpuint (heard->unavailable->len, ==, 1);
  g_assert_cmpstr (((GError *) heard->unavailable->pdata[0])->message, ==,
                   "Nearby games cannot be found: the service that finds them is not running on this computer. You can still join by address.");
  g_assert_false (ttt_discovery_get_available (heard->discovery));
  g_assert_null (heard->published);

  /* Asking again says nothing new. */
  ttt_discovery_stop_browsing (heard->discovery);
  ttt_discovery_browse (heard->discovery);
  settle ();
  g_assert_cmpuint (heard->unavailable->len, ==, 1);
}

static void
test_refused (void)
{
  g_autoptr(StandIn) standin = standin_new ();
  g_autoptr(Heard) heard = heard_new ();

  standin->refuse = TRUE;
  ttt_discovery_browse (heard->discovery);
  ttt_discovery_publish (heard->discovery, "Ana", "classic", 5000);
  ttt_net_wait (has_unavailable, heard, 10000);
  settle ();
  g_assert_cmpuint (heard->unavailable->len, ==, 1);
  g_assert_cmpstr (((GError *) heard->unavailable->pdata[0])->message, ==,
                   "Nearby games cannot be found: this computer does not let the game look for them. You can still join by address.");
}

static void
test_address (void)
{
  TttDiscoveredGame game = { 0 };
  g_autofree char *v6 = NULL;
  g_autofree char *v4 = NULL;

  game.address = (char *) "fe80::1%eth0";
  game.port = 41414;
  v6 = ttt_discovered_game_to_address (&game);
  g_assert_cmpstr (v6, ==, "[fe80::1%eth0]:41414");
  game.address = (char *) "10.0.0.2";
  v4 = ttt_discovered_game_to_address (&game);
  g_assert_cmpstr (v4, ==, "10.0.0.2:41414");
}

int
main (int   argc,
      char *argv[])
{
  g_autoptr(GTestDBus) bus = NULL;
  int status;

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/discovery/publish-and-browse", test_publish_and_browse);
  g_test_add_func ("/net/discovery/browse-race", test_browse_race);
  g_test_add_func ("/net/discovery/dropped-in-handler", test_dropped_in_handler);
  g_test_add_func ("/net/discovery/name-taken", test_name_taken);
  g_test_add_func ("/net/discovery/bad-txt", test_bad_txt);
  g_test_add_func ("/net/discovery/publish-any-name", test_publish_any_name);
  g_test_add_func ("/net/discovery/long-name-taken", test_long_name_taken);
  g_test_add_func ("/net/discovery/unavailable", test_unavailable);
  g_test_add_func ("/net/discovery/refused", test_refused);
  g_test_add_func ("/net/discovery/address", test_address);

  bus = g_test_dbus_new (G_TEST_DBUS_NONE);
  g_test_dbus_up (bus);
  status = g_test_run ();
  g_test_dbus_down (bus);
  return status;
}
