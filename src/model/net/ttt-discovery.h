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

#include "ttt-protocol.h"

G_BEGIN_DECLS

#define TTT_DISCOVERY_SERVICE_TYPE "_tictactoe._tcp"

#define TTT_DISCOVERY_ERROR (ttt_discovery_error_quark ())

typedef enum {
  TTT_DISCOVERY_ERROR_UNAVAILABLE,
  TTT_DISCOVERY_ERROR_FAILED,
} TttDiscoveryError;

/* A game someone publishes nearby. */
typedef struct {
  char       *service_name;   /* Avahi's name for it, unique on the network */
  char       *player_name;    /* from the TXT record */
  char       *game;           /* the game's id, well formed (ttt_net_game_check());
                               * one this version may not know */
  guint       version;        /* the host's protocol version */
  char       *host_name;      /* "ana-laptop.local" */
  char       *address;        /* "192.168.1.20", "fe80::1%eth0" */
  guint16     port;
  int         interface;
  int         protocol;       /* Avahi's: 0 IPv4, 1 IPv6 */
  char       *domain;
} TttDiscoveredGame;

GType              ttt_discovered_game_get_type   (void) G_GNUC_CONST;
#define TTT_TYPE_DISCOVERED_GAME (ttt_discovered_game_get_type ())
TttDiscoveredGame *ttt_discovered_game_copy       (const TttDiscoveredGame *game);
void               ttt_discovered_game_free       (TttDiscoveredGame       *game);
/* "192.168.1.20:41414", "[fe80::1%eth0]:41414": for ttt_connection_connect(). */
char              *ttt_discovered_game_to_address (const TttDiscoveredGame *game);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttDiscoveredGame, ttt_discovered_game_free)

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
