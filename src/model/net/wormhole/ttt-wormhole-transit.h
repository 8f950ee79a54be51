/* ttt-wormhole-transit.h — two wormhole sides find a connection
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * magic-wormhole's transit: once the wormhole has given both sides a
 * transit key, each says through it where it can be reached — a
 * "transit" message with its direct hints (a TCP port this side listens
 * on, at each of its addresses) and the relay it uses — then both try
 * every way at once: the other's direct hints and, a moment later so
 * that a direct connection wins when there is one, the relays ("please
 * relay TOKEN for side SIDE"). On each connection the two say who they
 * are ("transit sender KEY ready", "transit receiver KEY ready"); the
 * sender (the host) keeps the first that got that far with "go" and
 * turns away the others. What it gives is the record stream over that
 * connection (ttt-wormhole-transit-stream.h).
 *
 * The transit does not know the wormhole: it asks for its message to be
 * sent through the "send" signal, and is given the other's with
 * ttt_wormhole_transit_receive(), so two transits can be joined by hand.
 * What the other side says is hostile until checked: its message is
 * bounded and its hints counted, each byte on a connection is compared
 * with what is due and the first wrong one drops that connection.
 *
 * Everything runs on the main loop (and the cancellable is cancelled
 * there). Errors are in TTT_CONNECTION_ERROR, each a sentence a person
 * can read.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-wormhole-records.h"

G_BEGIN_DECLS

/* The most a transit message from the other side may be, and the most
 * of its hints that are tried. */
#define TTT_WORMHOLE_TRANSIT_MAX_MESSAGE  (16 * 1024)
#define TTT_WORMHOLE_TRANSIT_MAX_DIRECT   16
#define TTT_WORMHOLE_TRANSIT_MAX_RELAYS   4

#define TTT_TYPE_WORMHOLE_TRANSIT (ttt_wormhole_transit_get_type ())
G_DECLARE_FINAL_TYPE (TttWormholeTransit, ttt_wormhole_transit, TTT, WORMHOLE_TRANSIT, GObject)

/* @relay_url: "tcp:HOST:PORT", or NULL for none of this side's own (the
 * other side's relay is still tried). */
TttWormholeTransit *ttt_wormhole_transit_new          (TttWormholeRecordRole  role,
                                                       const guint8           transit_key[TTT_WORMHOLE_KEY_SIZE],
                                                       const char            *relay_url);
/* Before connecting: whether to listen and connect directly (TRUE, the
 * default) or only through the relays. */
void                ttt_wormhole_transit_set_direct   (TttWormholeTransit    *self,
                                                       gboolean               direct);
/* Before connecting: listen on @address alone and hint only it (a test's
 * "127.0.0.1"); NULL, the default, listens everywhere and hints every
 * address this computer has but loopback. */
void                ttt_wormhole_transit_set_listen_address (TttWormholeTransit *self,
                                                             const char         *address);

/* Once: listens, emits "send" with this side's transit message, and
 * completes with the record stream once a connection is agreed, or with
 * an error: the relay is no address, nobody could be reached in time,
 * the other side's message was malformed. */
void                ttt_wormhole_transit_connect_async  (TttWormholeTransit   *self,
                                                         GCancellable         *cancellable,
                                                         GAsyncReadyCallback   callback,
                                                         gpointer              user_data);
GIOStream          *ttt_wormhole_transit_connect_finish (TttWormholeTransit   *self,
                                                         GAsyncResult         *result,
                                                         GError              **error);

/* The other side's transit message (its JSON text), before or after
 * connecting began; a malformed one fails the connecting. */
void                ttt_wormhole_transit_receive       (TttWormholeTransit    *self,
                                                        GBytes                *message);

/* Signals:
 *   "send" (GBytes *message) — this side's transit message, to go to the
 *                              other side through the wormhole. */

G_END_DECLS
