/* ttt-net-error.h — why play over the network ended or could not begin
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One error domain for the network core: the address a person typed, the
 * transport (TCP and TLS) and the channel over it all say what went wrong
 * in its terms, with a message a person can read. It keeps the name of the
 * connection, which is what the rest of the game sees.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Why a connection, or the channel inside it, ended or could not begin. */
#define TTT_CONNECTION_ERROR (ttt_connection_error_quark ())

typedef enum {
  TTT_CONNECTION_ERROR_CLOSED,        /* closed on this side */
  TTT_CONNECTION_ERROR_PEER_LEFT,     /* the other side said goodbye */
  TTT_CONNECTION_ERROR_LOST,          /* the connection broke */
  TTT_CONNECTION_ERROR_TIMED_OUT,     /* no hello, or silence */
  TTT_CONNECTION_ERROR_PROTOCOL,      /* a message that breaks the protocol */
  TTT_CONNECTION_ERROR_VERSION,       /* the other side has another version */
  TTT_CONNECTION_ERROR_TLS,           /* no encryption, or it failed */
  TTT_CONNECTION_ERROR_BAD_ADDRESS,   /* an address that cannot be one */
  TTT_CONNECTION_ERROR_NOT_FOUND,     /* no such computer */
  TTT_CONNECTION_ERROR_REFUSED,       /* nobody hosts there */
  TTT_CONNECTION_ERROR_UNREACHABLE,   /* no way to that computer */
  TTT_CONNECTION_ERROR_PORT_IN_USE,
  TTT_CONNECTION_ERROR_FAILED,
} TttConnectionError;

GQuark ttt_connection_error_quark (void);

G_END_DECLS
