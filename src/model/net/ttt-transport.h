/* ttt-transport.h — how two games reach each other, whatever the way
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A transport brings this side and the other together and secures the
 * stream between them: on the same network by TCP and TLS
 * (TttLanTransport), and whatever comes next (a code spoken over a
 * mailbox server) the same way. What it gives is a GIOStream that
 * nobody else can read or change, and how the people know they are
 * talking to each other: a code for them to compare, or nothing when the
 * code they typed to connect was the proof already. A TttConnection runs
 * the game's channel (ttt-channel.h) over the stream; nothing above it
 * knows which transport it has.
 *
 * An interface rather than an abstract class: the transports share no
 * state or code — a TCP socket and TLS here, a WebSocket, a key exchange
 * and a relay there — only what they promise, and a test's transport over
 * a socket pair is a plain GObject with a few functions.
 *
 * Everything runs on the main loop. Errors are in the TTT_CONNECTION_ERROR
 * domain, each a sentence a person can read; a cancelled opening gives
 * G_IO_ERROR_CANCELLED as it is.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-net-error.h"

G_BEGIN_DECLS

typedef enum {
  TTT_TRANSPORT_STATE_NEW,
  TTT_TRANSPORT_STATE_WAITING,     /* for the other side to come: the
                                    * connection's handshake clock stops */
  TTT_TRANSPORT_STATE_CONNECTING,  /* reaching it, securing the stream */
  TTT_TRANSPORT_STATE_OPEN,        /* the stream is secured */
  TTT_TRANSPORT_STATE_CLOSED,
} TttTransportState;

#define TTT_TYPE_TRANSPORT (ttt_transport_get_type ())
G_DECLARE_INTERFACE (TttTransport, ttt_transport, TTT, TRANSPORT, GObject)

struct _TttTransportInterface
{
  GTypeInterface parent_iface;

  /* Once: reaches the other side as the transport was made to (connect
   * to an address, accept a socket, claim a code…) and secures the stream. */
  void                (*open_async)  (TttTransport         *self,
                                      GCancellable         *cancellable,
                                      GAsyncReadyCallback   callback,
                                      gpointer              user_data);
  GIOStream          *(*open_finish) (TttTransport         *self,
                                      GAsyncResult         *result,
                                      GError              **error);
  TttTransportState   (*get_state)   (TttTransport         *self);
  /* Once open: what the people compare ("123 456"), the same on both
   * sides only if nobody is in between; NULL where opening proved that
   * already (the typed code was the key). */
  const char         *(*get_code)    (TttTransport         *self);
  /* Drops what is under way and the stream at once, without waiting for
   * the other side: a goodbye is the channel's, before this. */
  void                (*close)       (TttTransport         *self);
  /* Optional (NULL: never): whether a connection the opening needs
   * broke and is being made again by itself. */
  gboolean            (*get_reconnecting) (TttTransport    *self);
};

void                ttt_transport_open_async  (TttTransport         *self,
                                               GCancellable         *cancellable,
                                               GAsyncReadyCallback   callback,
                                               gpointer              user_data);
/* The secured stream (a full reference), or NULL with an error. */
GIOStream          *ttt_transport_open_finish (TttTransport         *self,
                                               GAsyncResult         *result,
                                               GError              **error);
/* Also the "state" property, notified as it changes. */
TttTransportState   ttt_transport_get_state   (TttTransport         *self);
const char         *ttt_transport_get_code    (TttTransport         *self);
/* While opening: TRUE while a broken connection is being made again (a
 * code's mailbox server gone for a moment), for the person waiting to be
 * told; FALSE once it works again, and once the transport is open or
 * closed. A LAN transport never reconnects. Also the "reconnecting"
 * property, notified as it changes. */
gboolean            ttt_transport_get_reconnecting (TttTransport    *self);
void                ttt_transport_close       (TttTransport         *self);

G_END_DECLS
