/* ttt-wormhole-transport.h — play by a code: a wormhole and its transit
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttTransport over magic-wormhole: opening makes or claims the code on
 * the mailbox server (ttt-wormhole.h), then the two sides exchange
 * transit hints through the wormhole and connect directly when one can
 * reach the other, else through the transit relay
 * (ttt-wormhole-transit.h). The stream it gives carries the game's
 * channel inside the transit's sealed records. The typed code was the
 * proof, so ttt_transport_get_code() is NULL.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-transport.h"

G_BEGIN_DECLS

/* The game's own appid, so its wormholes never meet a file transfer's;
 * the transit key is derived with it too (APPID "/transit-key"). */
#define TTT_WORMHOLE_APPID               "io.github.jingzi.TicTacToe/play"
/* The magic-wormhole project's public servers, until settings say
 * otherwise. */
#define TTT_WORMHOLE_DEFAULT_MAILBOX_URL "ws://relay.magic-wormhole.io:4000/v1"
#define TTT_WORMHOLE_DEFAULT_RELAY_URL   "tcp:transit.magic-wormhole.io:4001"
/* Words in the host's code after the nameplate ("7-guitarist-revenge"). */
#define TTT_WORMHOLE_CODE_WORDS          2

#define TTT_TYPE_WORMHOLE_TRANSPORT (ttt_wormhole_transport_get_type ())
G_DECLARE_FINAL_TYPE (TttWormholeTransport, ttt_wormhole_transport, TTT, WORMHOLE_TRANSPORT, GObject)

/* The host's: opening allocates a code, notified as "wormhole-code" while
 * the transport is WAITING for the friend. */
TttWormholeTransport *ttt_wormhole_transport_new_host   (const char           *mailbox_url,
                                                         const char           *relay_url);
/* The friend's, with the code they typed. */
TttWormholeTransport *ttt_wormhole_transport_new_guest  (const char           *mailbox_url,
                                                         const char           *relay_url,
                                                         const char           *code);
/* The code people tell each other ("7-guitarist-revenge"); NULL until
 * the host's is allocated. */
const char           *ttt_wormhole_transport_get_wormhole_code (TttWormholeTransport *self);
/* For tests: whether to offer direct hints (TRUE) or go through the relay
 * only. */
void                  ttt_wormhole_transport_set_direct (TttWormholeTransport *self,
                                                         gboolean              direct);
/* For tests: listen for direct connections on @address alone and hint
 * only it ("127.0.0.1"); NULL, the default, is every address. */
void                  ttt_wormhole_transport_set_listen_address (TttWormholeTransport *self,
                                                                 const char           *address);

G_END_DECLS
