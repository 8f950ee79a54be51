/* ttt-discovery.c — Avahi's D-Bus API with GDBus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The object itself: the bus (fetched when first needed) and "unavailable"
 * said once whatever part of Avahi failed. It owns two parts that know
 * nothing of it: a TttAvahiPublisher (this host's game) and a
 * TttAvahiBrowser (others' games), which tell it what happens through
 * callbacks, so that the dependency goes one way.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-avahi-browser.h"
#include "ttt-avahi-publisher.h"
#include "ttt-discovery.h"

struct _TttDiscovery
{
  GObject            parent_instance;

  GDBusConnection   *bus;
  gboolean           getting_bus;
  GCancellable      *cancellable;
  gboolean           available;
  gboolean           said_unavailable;

  TttAvahiPublisher *publisher;
  TttAvahiBrowser   *browser;
};

G_DEFINE_FINAL_TYPE (TttDiscovery, ttt_discovery, G_TYPE_OBJECT)

G_DEFINE_QUARK (ttt-discovery-error-quark, ttt_discovery_error)

enum {
  PUBLISHED,
  GAME_FOUND,
  GAME_LOST,
  UNAVAILABLE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

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
                                 _("Nearby games cannot be found: this computer does not let the game look for them. You can still join by address."));
  else if (is_missing (cause))
    error = g_error_new_literal (TTT_DISCOVERY_ERROR, TTT_DISCOVERY_ERROR_UNAVAILABLE,
                                 _("Nearby games cannot be found: the service that finds them is not running on this computer. You can still join by address."));
  else
    /* Translators: %s is the system's explanation. */
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
  /* Each starts now if it was asked to. */
  ttt_avahi_publisher_set_bus (self->publisher, bus);
  ttt_avahi_browser_set_bus (self->browser, bus);
}

/* Fetches the bus if there is none yet and it is not on its way. */
static void
want_bus (TttDiscovery *self)
{
  if (self->bus != NULL || self->getting_bus)
    return;
  self->getting_bus = TRUE;
  g_bus_get (G_BUS_TYPE_SYSTEM, self->cancellable, bus_cb, self);
}

/* What the parts say */

static void
working_cb (gpointer user_data)
{
  TttDiscovery *self = user_data;

  self->available = TRUE;
}

static void
failed_cb (const GError *cause,
           gpointer      user_data)
{
  say_unavailable (user_data, cause);
}

static void
published_cb (const char *name,
              gpointer    user_data)
{
  g_signal_emit (user_data, signals[PUBLISHED], 0, name);
}

static void
game_found_cb (const TttDiscoveredGame *game,
               gpointer                 user_data)
{
  g_signal_emit (user_data, signals[GAME_FOUND], 0, game);
}

static void
game_lost_cb (const TttDiscoveredGame *game,
              gpointer                 user_data)
{
  TttDiscovery *self = user_data;

  /* A handler may drop the discovery. */
  g_object_ref (self);
  g_signal_emit (self, signals[GAME_LOST], 0, game);
  g_object_unref (self);
}

static const TttAvahiPublisherEvents publisher_events = {
  .working = working_cb,
  .published = published_cb,
  .failed = failed_cb,
};

static const TttAvahiBrowserEvents browser_events = {
  .working = working_cb,
  .found = game_found_cb,
  .lost = game_lost_cb,
  .failed = failed_cb,
};

/* API */

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

  ttt_avahi_publisher_publish (self->publisher, player_name, game, port);
  want_bus (self);
}

void
ttt_discovery_unpublish (TttDiscovery *self)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));

  ttt_avahi_publisher_unpublish (self->publisher);
}

void
ttt_discovery_browse (TttDiscovery *self)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));

  ttt_avahi_browser_start (self->browser);
  want_bus (self);
}

void
ttt_discovery_stop_browsing (TttDiscovery *self)
{
  g_return_if_fail (TTT_IS_DISCOVERY (self));

  ttt_avahi_browser_stop (self->browser);
}

GPtrArray *
ttt_discovery_get_games (TttDiscovery *self)
{
  g_return_val_if_fail (TTT_IS_DISCOVERY (self), NULL);

  return ttt_avahi_browser_get_games (self->browser);
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
    {
      self->bus = g_object_ref (bus);
      ttt_avahi_publisher_set_bus (self->publisher, bus);
      ttt_avahi_browser_set_bus (self->browser, bus);
    }
  return self;
}

static void
ttt_discovery_dispose (GObject *object)
{
  TttDiscovery *self = TTT_DISCOVERY (object);

  g_cancellable_cancel (self->cancellable);
  g_clear_pointer (&self->publisher, ttt_avahi_publisher_free);
  g_clear_pointer (&self->browser, ttt_avahi_browser_free);
  g_clear_object (&self->bus);

  G_OBJECT_CLASS (ttt_discovery_parent_class)->dispose (object);
}

static void
ttt_discovery_finalize (GObject *object)
{
  TttDiscovery *self = TTT_DISCOVERY (object);

  g_clear_object (&self->cancellable);

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
  self->publisher = ttt_avahi_publisher_new (&publisher_events, self);
  self->browser = ttt_avahi_browser_new (&browser_events, self);
}
