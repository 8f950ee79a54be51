/* ttt-discovery.h — nearby games, published and found through Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A host publishes _tictactoe._tcp with its port and a TXT record (the
 * protocol version, the host's name, the game); a guest browses for it and
 * gets each game resolved to an address and port as it appears, and hears
 * when it goes. Avahi is spoken to over D-Bus (the system bus, or one given
 * for tests) with GDBus only. Where there is no Avahi — not installed, not
 * running, refused by a sandbox — "unavailable" says so once, and joining
 * by address still works.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-discovered-game.h"
#include "ttt-protocol.h"

G_BEGIN_DECLS

#define TTT_DISCOVERY_ERROR (ttt_discovery_error_quark ())

typedef enum {
  TTT_DISCOVERY_ERROR_UNAVAILABLE,
  TTT_DISCOVERY_ERROR_FAILED,
} TttDiscoveryError;

#define TTT_TYPE_DISCOVERY (ttt_discovery_get_type ())
G_DECLARE_FINAL_TYPE (TttDiscovery, ttt_discovery, TTT, DISCOVERY, GObject)

GQuark             ttt_discovery_error_quark      (void);

/* @bus: where Avahi is, NULL for the system bus. */
TttDiscovery      *ttt_discovery_new              (GDBusConnection *bus);

/* Publishes this host's game under @player_name as
 * ttt_protocol_sanitize_name() makes it; "published" gives the name it got
 * on the network (cut to fit, numbered when it was taken). Again to
 * change it. */
void               ttt_discovery_publish          (TttDiscovery    *self,
                                                   const char      *player_name,
                                                   const char      *game,
                                                   guint            port);
void               ttt_discovery_unpublish        (TttDiscovery    *self);

/* "game-found" for each game as it is resolved, "game-lost" when it goes. */
void               ttt_discovery_browse           (TttDiscovery    *self);
void               ttt_discovery_stop_browsing    (TttDiscovery    *self);

/* The games found and not lost, in the order found. */
GPtrArray         *ttt_discovery_get_games        (TttDiscovery    *self);
/* FALSE once Avahi has been found missing (and said so). */
gboolean           ttt_discovery_get_available    (TttDiscovery    *self);

G_END_DECLS
