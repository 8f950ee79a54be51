/* ttt-connection.h — one encrypted connection to a game on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A connection opens a transport (ttt-transport.h), then each side sends
 * its hello over the secured stream. On one network a host listens
 * (ttt_connection_listen), a guest connects (ttt_connection_connect), and
 * the transport is TLS with both sides' ephemeral self-signed certificates
 * (ttt-lan-transport.h); any other is given to ttt_connection_open(). Once
 * the other side's hello has come, "verification-ready" gives the code the
 * two people compare; from then on ttt_connection_send() and
 * "message-received" carry the game. The connection ends once, with
 * "closed" and a reason a person can read: a timeout, a broken message, the
 * other side leaving or lost. The host stops listening once a guest has
 * come: one game per connection.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-address.h"
#include "ttt-channel.h"
#include "ttt-protocol.h"
#include "ttt-transport.h"

G_BEGIN_DECLS


typedef enum {
  TTT_CONNECTION_ROLE_HOST,
  TTT_CONNECTION_ROLE_GUEST,
} TttConnectionRole;

typedef enum {
  TTT_CONNECTION_STATE_NEW,
  TTT_CONNECTION_STATE_LISTENING,     /* host: waiting for a guest */
  TTT_CONNECTION_STATE_HANDSHAKE,     /* connecting, TLS, the hellos */
  TTT_CONNECTION_STATE_READY,         /* the code is known, messages flow */
  TTT_CONNECTION_STATE_CLOSED,
} TttConnectionState;

/* The port a guest tries when the address has none. */
#define TTT_CONNECTION_DEFAULT_PORT 41414

#define TTT_TYPE_CONNECTION (ttt_connection_get_type ())
G_DECLARE_FINAL_TYPE (TttConnection, ttt_connection, TTT, CONNECTION, GObject)


/* @hello is this side's introduction (copied); its seq is set when sent. */
TttConnection       *ttt_connection_new               (TttConnectionRole   role,
                                                       const TttMessage   *hello);

/* Instead of the process's own certificate (ttt_certificate_get_default);
 * before listening or connecting. */
void                 ttt_connection_set_certificate   (TttConnection      *self,
                                                       GTlsCertificate    *certificate);

/* In milliseconds: the hellos must have come within @handshake, a
 * keep-alive is sent every @keep_alive, and a peer silent for @silence is
 * dropped. 10 s, 10 s and 30 s unless set (tests shorten them). */
void                 ttt_connection_set_timeouts      (TttConnection      *self,
                                                       guint               handshake,
                                                       guint               keep_alive,
                                                       guint               silence);

/* Host: listens on @port (0: any free port) at @address (NULL: every
 * address of this computer, IPv4 and IPv6). */
gboolean             ttt_connection_listen            (TttConnection      *self,
                                                       const char         *address,
                                                       guint               port,
                                                       GError            **error);
guint                ttt_connection_get_port          (TttConnection      *self);
/* For @host's listener (ttt-listener.h): a connection of its own for a
 * guest who has just connected on @tcp, its handshake begun; made with
 * @host's hello, certificate and timeouts. */
TttConnection       *ttt_connection_new_for_guest     (TttConnection      *host,
                                                       GSocketConnection  *tcp);
/* Where a guest can reach this host: "192.168.1.20:41414",
 * "[2001:db8::1]:41414"; loopback only when there is nothing else. */
GStrv                ttt_connection_get_addresses     (TttConnection      *self);

/* Guest: checks @address at once (error); whatever happens later comes as
 * "verification-ready" or "closed". */
gboolean             ttt_connection_connect           (TttConnection      *self,
                                                       const char         *address,
                                                       GError            **error);

/* Opens @transport (new, not yet opened), which either role may use;
 * whatever happens comes as "verification-ready" or "closed", as for
 * ttt_connection_connect(). */
void                 ttt_connection_open              (TttConnection      *self,
                                                       TttTransport       *transport);

/* Ready only; hello, keep-alive and goodbye are the connection's own. */
gboolean             ttt_connection_send              (TttConnection      *self,
                                                       const TttMessage   *message,
                                                       GError            **error);

/* Says goodbye (when ready) and closes; "closed" comes with
 * TTT_CONNECTION_ERROR_CLOSED. Nothing when closed already. */
void                 ttt_connection_close             (TttConnection      *self);

TttConnectionRole    ttt_connection_get_role          (TttConnection      *self);
TttConnectionState   ttt_connection_get_state         (TttConnection      *self);
/* The other side's hello once ready, else NULL. */
const TttMessage    *ttt_connection_get_peer_hello    (TttConnection      *self);
/* "123 456" once ready, else NULL; NULL also where the transport
 * authenticated the other side itself (ttt_transport_get_code()). */
const char          *ttt_connection_get_verification_code (TttConnection  *self);
/* "tls-exporter", or "tls-unique" where the TLS backend has no exporter;
 * NULL on another transport than TttLanTransport. */
const char          *ttt_connection_get_channel_binding (TttConnection    *self);
/* Why it closed, once closed. */
const GError        *ttt_connection_get_close_reason  (TttConnection      *self);

G_END_DECLS
