/* ttt-verification.h — the short code both people compare
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Six digits from SHA-256 over both certificates' public keys and the TLS
 * channel binding of this very connection. A man in the middle has to run
 * two TLS connections with keys of his own, so the two sides hash different
 * keys and different channel bindings and show different codes; the people
 * comparing them aloud are the check.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* The transcript's parts, in their order: the binding's kind, the host's
 * public key, the guest's, the binding data. Each is prefixed by its length
 * (32 bits, big-endian) so no two different transcripts hash the same bytes.
 * Returns "123 456". */
char     *ttt_verification_code_from_parts (const char     *binding_type,
                                            GBytes         *host_key,
                                            GBytes         *guest_key,
                                            GBytes         *binding);

/* The code of a TLS connection after its handshake. @is_host says which
 * certificate is the host's. @binding_type is set to "tls-exporter", or
 * "tls-unique" where the TLS backend has no exporter. */
char     *ttt_verification_code            (GTlsConnection *tls,
                                            gboolean        is_host,
                                            const char    **binding_type,
                                            GError        **error);

G_END_DECLS
