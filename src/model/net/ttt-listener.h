/* ttt-listener.h — the host's door: waiting for guests and letting one in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hosting TttConnection listens through a TttListener: a socket service
 * on one port, and the guests that have connected and are still in their
 * handshake, each a connection of its own made by
 * ttt_connection_new_for_guest(). A crowd at the door is turned away; each
 * guest inside is bounded by its handshake's time limit. The first guest
 * to introduce itself is chosen ("guest-chosen"): the listener stops
 * listening and drops the others without a word. A guest that fails
 * before it gets in is refused ("guest-refused") while listening goes on;
 * what that means for hosting is the connection's to decide.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-connection.h"

G_BEGIN_DECLS

#define TTT_TYPE_LISTENER (ttt_listener_get_type ())
G_DECLARE_FINAL_TYPE (TttListener, ttt_listener, TTT, LISTENER, GObject)

/* The door of @host, which owns it (not referenced): each guest is made
 * from @host's hello, certificate and timeouts. */
TttListener         *ttt_listener_new                 (TttConnection      *host);

/* Listens on @port (0: any free port) at @address (NULL: every address of
 * this computer, IPv4 and IPv6); a TTT_CONNECTION_ERROR otherwise. */
gboolean             ttt_listener_start               (TttListener        *self,
                                                       const char         *address,
                                                       guint               port,
                                                       GError            **error);
/* Stops listening and drops the guests still in their handshake; nothing
 * is emitted from then on. Nothing when stopped already. */
void                 ttt_listener_stop                (TttListener        *self);

guint                ttt_listener_get_port            (TttListener        *self);
/* Where a guest can reach it, as ttt_connection_get_addresses() says. */
GStrv                ttt_listener_get_addresses       (TttListener        *self);
/* The guests connected and still in their handshake. */
guint                ttt_listener_get_n_guests        (TttListener        *self);

G_END_DECLS
