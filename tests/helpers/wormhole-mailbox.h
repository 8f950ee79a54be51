/* wormhole-mailbox.h — a magic-wormhole mailbox server of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Debian package's mailbox server (python3-magic-wormhole-mailbox-
 * server, a twistd plugin) on a port of 127.0.0.1 the system picks,
 * ready once its log says where it listens, with its database in a
 * folder of its own. For tests of play by a code between programs.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _WormholeMailbox WormholeMailbox;

/* The server, listening; NULL when it is not installed (the test skips). */
WormholeMailbox *wormhole_mailbox_start   (void);
/* "ws://127.0.0.1:PORT/v1", a new string. */
char            *wormhole_mailbox_get_url (WormholeMailbox *mailbox);
void             wormhole_mailbox_free    (WormholeMailbox *mailbox);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (WormholeMailbox, wormhole_mailbox_free)

G_END_DECLS
