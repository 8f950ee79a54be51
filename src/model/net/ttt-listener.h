/* ttt-listener.h — the host's door: waiting for guests and letting one in
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A hosting TttConnection listens through a TttListener: a socket service
 * on one port, and the guests that have connected and are still in their
 * handshake, each an object of the host's making (a TttConnection made by
 * ttt_connection_new_for_guest()) that says "verification-ready" when it
 * introduced itself and "closed" when it failed. The listener knows them
 * by those two signals alone. A crowd at the door is turned away; each
 * guest inside is bounded by its handshake's time limit. The first guest
 * to introduce itself is chosen ("guest-chosen"): the listener stops
 * listening and drops the others without a word. A guest that fails
 * before it gets in is refused ("guest-refused") while listening goes on;
 * what that means for hosting is the connection's to decide.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-net-error.h"

G_BEGIN_DECLS

#define TTT_TYPE_LISTENER (ttt_listener_get_type ())
G_DECLARE_FINAL_TYPE (TttListener, ttt_listener, TTT, LISTENER, GObject)

/* Makes the guest that came in on @tcp: an object with the signals
 * "verification-ready" (const char *code) and "closed" (const GError
 * *reason), in its handshake; a full reference. */
typedef GObject   *(*TttListenerGuestFunc)            (GSocketConnection  *tcp,
                                                       gpointer            user_data);

/* A door whose guests @make_guest makes; @user_data (the host, which owns
 * the listener) is not referenced. */
TttListener         *ttt_listener_new                 (TttListenerGuestFunc make_guest,
                                                       gpointer            user_data);

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
