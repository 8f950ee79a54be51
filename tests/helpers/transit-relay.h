/* transit-relay.h — a magic-wormhole transit relay of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Debian package's relay (magic-wormhole-transit-relay, a twistd
 * plugin) on a port of 127.0.0.1 the system picks, known and ready once
 * its log says where it listens. How it is started is decided here, in
 * one place, for every release the tests run on.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _TransitRelay TransitRelay;

/* The relay, listening; NULL when it is not installed (the test skips). */
TransitRelay *transit_relay_start    (void);
/* "tcp:127.0.0.1:PORT", a new string. */
char         *transit_relay_get_url  (TransitRelay *relay);
/* Kills it at once (SIGKILL) and waits for it to be gone. */
void          transit_relay_kill     (TransitRelay *relay);
void          transit_relay_free     (TransitRelay *relay);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TransitRelay, transit_relay_free)

G_END_DECLS
