/* ttt-tls.h — TLS as two copies of the game speak it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules of the encrypted stream under a connection, and what breaking
 * them means in words: both sides present their ephemeral self-signed
 * certificate (ttt-certificate.h) and no authority is asked, since the
 * code the people compare is the check (ttt-verification.h); the stream
 * must be TLS from its first byte and TLS 1.3, whose channel binding the
 * code rests on. Errors are in the TTT_CONNECTION_ERROR domain, with a
 * sentence a person can read. The connection drives the handshake on the
 * main loop; these are its steps.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-net-error.h"

G_BEGIN_DECLS

/* The host's look at the first byte a guest sent (peeked at, so that TLS
 * reads it again): FALSE with an error if the guest is gone or is not
 * speaking TLS (a browser, a port scanner, telnet). */
gboolean     ttt_tls_check_first_byte   (GSocket            *socket,
                                         GError            **error);

/* The TLS stream over @tcp, the server's for the host and the client's for
 * the guest, presenting @certificate (NULL: the process's own) and ready
 * for g_tls_connection_handshake_async(). */
GIOStream   *ttt_tls_new                (GSocketConnection  *tcp,
                                         gboolean            is_host,
                                         GTlsCertificate    *certificate,
                                         GError            **error);

/* Ends the handshake of @tls (made by ttt_tls_new()) and checks it; the
 * verification code ("123 456") with @binding_type set to its channel
 * binding's kind, or NULL with an error. A cancelled handshake gives
 * G_IO_ERROR_CANCELLED as it is. */
char        *ttt_tls_handshake_finish   (GIOStream          *tls,
                                         GAsyncResult       *result,
                                         const char        **binding_type,
                                         GError            **error);

G_END_DECLS
