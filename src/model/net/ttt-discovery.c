/* ttt-discovery.c — Avahi's D-Bus API with GDBus
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The object itself: the bus (fetched when first needed), the games as
 * boxed values, and "unavailable" said once whatever part of Avahi failed.
 * Publishing is in ttt-discovery-publish.c, browsing in
 * ttt-discovery-browse.c.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-discovery-private.h"

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

void
ttt_discovery_say_unavailable (TttDiscovery *self,
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
      ttt_discovery_say_unavailable (self, error);
      return;
    }
  self->bus = bus;
  if (self->want_publish)
    ttt_discovery_start_publishing (self);
  if (self->want_browse)
    ttt_discovery_start_browsing (self);
}

gboolean
ttt_discovery_have_bus (TttDiscovery *self)
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

void
ttt_discovery_call_and_forget (TttDiscovery *self,
                               const char   *path,
                               const char   *interface,
                               const char   *method)
{
  g_dbus_connection_call (self->bus, AVAHI_NAME, path, interface, method, NULL, NULL,
                          G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, NULL, NULL, NULL);
}

void
ttt_discovery_emit_published (TttDiscovery *self)
{
  g_signal_emit (self, signals[PUBLISHED], 0, self->service_name);
}

void
ttt_discovery_emit_game_found (TttDiscovery            *self,
                               const TttDiscoveredGame *game)
{
  g_signal_emit (self, signals[GAME_FOUND], 0, game);
}

void
ttt_discovery_emit_game_lost (TttDiscovery            *self,
                              const TttDiscoveredGame *game)
{
  g_signal_emit (self, signals[GAME_LOST], 0, game);
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
  ttt_discovery_free_group (self);
  ttt_discovery_free_browser (self);
  g_clear_object (&self->bus);

  G_OBJECT_CLASS (ttt_discovery_parent_class)->dispose (object);
}

static void
ttt_discovery_finalize (GObject *object)
{
  TttDiscovery *self = TTT_DISCOVERY (object);

  g_clear_object (&self->cancellable);
  ttt_discovery_finalize_browsing (self);
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
  ttt_discovery_init_browsing (self);
}
