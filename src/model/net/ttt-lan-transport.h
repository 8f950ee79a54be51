/* ttt-lan-transport.h — the transport on one network: TCP, TLS and a code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttTransport. A guest connects to an address; a host's listener
 * (ttt-listener.h) makes one for each guest that connects. Either way the
 * stream is TLS from its first byte with both sides' ephemeral
 * certificates (ttt-tls.h), and the code the people compare is made from
 * the TLS channel binding (ttt-verification.h), so a man in the middle
 * shows them two different codes.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-transport.h"

G_BEGIN_DECLS

#define TTT_TYPE_LAN_TRANSPORT (ttt_lan_transport_get_type ())
G_DECLARE_FINAL_TYPE (TttLanTransport, ttt_lan_transport, TTT, LAN_TRANSPORT, GObject)

/* A guest's: connects to @host (a name or an address) on @port. The
 * certificate presented is @certificate, or the process's own if NULL. */
TttLanTransport *ttt_lan_transport_new_guest           (const char         *host,
                                                        guint16             port,
                                                        GTlsCertificate    *certificate);
/* A host's, for a guest that has just connected on @tcp: opening waits
 * for the guest's first byte, which must begin TLS. */
TttLanTransport *ttt_lan_transport_new_for_guest       (GSocketConnection  *tcp,
                                                        GTlsCertificate    *certificate);

/* Once open: "tls-exporter", or "tls-unique" where the TLS backend has no
 * exporter. */
const char      *ttt_lan_transport_get_channel_binding (TttLanTransport    *self);
/* The other side's address, for messages; "" before it is known. */
const char      *ttt_lan_transport_get_peer_label      (TttLanTransport    *self);

G_END_DECLS
