/* ttt-wormhole-transit-stream.h — a stream inside the transit's records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GIOStream a transit gives once the two sides have agreed on a
 * connection: what is written goes out in sealed records
 * (ttt-wormhole-records.h), what is read comes out of them opened and
 * checked. Both halves are pollable, so GIO's asynchronous calls run on
 * the main loop and never in a thread.
 *
 * A record that cannot be taken (too long, out of order, tampered) or
 * the connection ending fails the input for good with an error in
 * TTT_CONNECTION_ERROR; the end of the connection is an error too, never
 * a quiet end of stream, since nothing in a transit says that the other
 * side meant to stop there. What waits to be written is at most one
 * record: a peer that stops reading makes the writes wait, not the
 * memory grow.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-wormhole-records.h"

G_BEGIN_DECLS

#define TTT_TYPE_WORMHOLE_TRANSIT_STREAM (ttt_wormhole_transit_stream_get_type ())
G_DECLARE_FINAL_TYPE (TttWormholeTransitStream, ttt_wormhole_transit_stream, TTT, WORMHOLE_TRANSIT_STREAM, GIOStream)

/* Over @base (a connected socket: its streams must be pollable), which
 * it closes when closed; @role is this side's. */
GIOStream *ttt_wormhole_transit_stream_new         (GIOStream             *base,
                                                    const guint8           transit_key[TTT_WORMHOLE_KEY_SIZE],
                                                    TttWormholeRecordRole  role);
/* For tests: bytes sealed and accepted but not yet on the connection. */
gsize      ttt_wormhole_transit_stream_get_pending (TttWormholeTransitStream *self);
GIOStream *ttt_wormhole_transit_stream_get_base    (TttWormholeTransitStream *self);

G_END_DECLS
