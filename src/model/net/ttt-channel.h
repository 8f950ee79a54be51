/* ttt-channel.h — the game's messages over a stream already secured
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What two games say to each other, whatever carries it: lines of JSON
 * (ttt-protocol.h), each side's hello first, numbered messages, a
 * keep-alive while nothing else is said and a peer dropped after a
 * silence, a goodbye before closing. A transport (ttt-transport.h: TCP
 * and TLS on one network today) brings the two sides together, secures
 * the stream and makes the code the people compare; the connection then
 * hands the stream to a channel.
 *
 * Everything runs on the main loop and nothing blocks it: reads are
 * asynchronous and fill a buffer of the channel's own, bounded to one line
 * of TTT_PROTOCOL_MAX_LINE bytes, and writes go out one after the other
 * from a queue bounded to 64 KiB.
 *
 * The channel ends once, with "closed" and a reason in the
 * TTT_CONNECTION_ERROR domain: the other side's goodbye, a broken
 * message, silence, a broken stream, or ttt_channel_close() here.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-net-error.h"
#include "ttt-protocol.h"

G_BEGIN_DECLS

typedef enum {
  TTT_CHANNEL_STATE_HELLO,   /* this side's hello sent; the other's awaited */
  TTT_CHANNEL_STATE_READY,   /* both hellos said: messages flow */
  TTT_CHANNEL_STATE_CLOSED,
} TttChannelState;

#define TTT_TYPE_CHANNEL (ttt_channel_get_type ())

G_DECLARE_FINAL_TYPE (TttChannel, ttt_channel, TTT, CHANNEL, GObject)

/* Sends @hello (copied; its seq is set when sent) on @stream and reads the
 * other side's; "ready" comes with it. @keep_alive and @silence are in
 * milliseconds, as ttt_connection_set_timeouts() says. */
TttChannel        *ttt_channel_new            (GIOStream        *stream,
                                               const TttMessage *hello,
                                               guint             keep_alive,
                                               guint             silence);

/* Queues @message (not a hello, keep-alive or goodbye: those are the
 * channel's own). Nothing when closed. */
void               ttt_channel_send           (TttChannel       *self,
                                               const TttMessage *message);

/* Ends the channel with @reason (copied). With @goodbye and ready, what is
 * queued goes out, then a goodbye, then the stream closes. "closed" comes
 * once; nothing when closed already. */
void               ttt_channel_close          (TttChannel       *self,
                                               const GError     *reason,
                                               gboolean          goodbye);

TttChannelState    ttt_channel_get_state      (TttChannel       *self);
/* The other side's hello once ready, else NULL. */
const TttMessage  *ttt_channel_get_peer_hello (TttChannel       *self);

G_END_DECLS
