/* ttt-wormhole-phases.h — what the other side says in the mailbox, checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The bodies of the other client's phases, after the mailbox server's
 * message around them was checked (ttt-wormhole-mailbox-message.h): the
 * SPAKE2 message of phase "pake", the opened "version", and the names of
 * the numbered phases. Bytes from the network, trusted in nothing: UTF-8
 * without a NUL, JSON of the one shape each needs, bounded.
 *
 * No state and no network, so any of them can be fed arbitrary bytes.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest app_versions taken from the other side, in bytes of JSON. */
#define TTT_WORMHOLE_MAX_VERSIONS 4096

/* Phase "pake", {"pake_v1": "hex…"}: the SPAKE2 message, or NULL. */
GBytes   *ttt_wormhole_phase_parse_pake     (GBytes       *body);
/* Phase "version" once opened, {"app_versions": {…}, …} (the rest is the
 * wormhole's own, which this client does not offer): app_versions as
 * JSON text, "{}" without it; or NULL with a TTT_CONNECTION_ERROR_PROTOCOL
 * error a person can read. */
char     *ttt_wormhole_phase_parse_version  (GBytes       *plain,
                                             GError      **error);
/* A numbered phase ("0", "1", … without a leading zero): TRUE and its
 * @number, or FALSE for any other name. */
gboolean  ttt_wormhole_phase_parse_number   (const char   *phase,
                                             guint64      *number);

G_END_DECLS
