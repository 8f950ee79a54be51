/* ttt-discovered-game.h — a game someone publishes nearby
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What TttAvahiBrowser finds and TttDiscovery hands on: a leaf of its own,
 * so that neither has to reach into the other for it.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The service a game is published as, and browsed for. */
#define TTT_DISCOVERY_SERVICE_TYPE "_tictactoe._tcp"

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

G_END_DECLS
