/* ttt-tls.c — TLS as two copies of the game speak it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GnuTLS (through glib-networking) explains a failed handshake for TLS
 * experts; here each failure becomes what it means between two games: a
 * peer gone, something that is not a game, a game tampered with.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-certificate.h"
#include "ttt-tls.h"
#include "ttt-verification.h"

/* Every TLS connection opens with a handshake record, byte 22. A guest
 * whose first byte is anything else is not a game of ours (a browser, a
 * port scanner, telnet): said plainly rather than as GnuTLS's "unexpected
 * packet". The byte is only peeked at; TLS reads it again. */
#define TLS_HANDSHAKE_RECORD 22

gboolean
ttt_tls_check_first_byte (GSocket  *socket,
                          GError  **error)
{
  GInputVector vector;
  guint8 byte = 0;
  int flags = G_SOCKET_MSG_PEEK;
  gssize count;

  g_return_val_if_fail (G_IS_SOCKET (socket), FALSE);

  vector.buffer = &byte;
  vector.size = 1;
  count = g_socket_receive_message (socket, NULL, &vector, 1, NULL, NULL, &flags, NULL, NULL);
  if (count <= 0)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST,
                           _("The connection to the other side was interrupted."));
      return FALSE;
    }
  if (byte != TLS_HANDSHAKE_RECORD)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS,
                           _("The other side is not a Tic-Tac-Toe game: it does not speak its encrypted protocol."));
      return FALSE;
    }
  return TRUE;
}

static gboolean
accept_certificate_cb (GTlsConnection       *tls,
                       GTlsCertificate      *peer,
                       GTlsCertificateFlags  errors,
                       gpointer              user_data)
{
  /* Self-signed, so never trusted by an authority: what makes it trusted
   * is the code the two people compare. It must be there, though (the
   * server requires one from the client). */
  return peer != NULL;
}

GIOStream *
ttt_tls_new (GSocketConnection  *tcp,
             gboolean            is_host,
             GTlsCertificate    *certificate,
             GError            **error)
{
  g_autoptr(GError) local_error = NULL;
  GTlsBackend *backend;
  GIOStream *tls;

  g_return_val_if_fail (G_IS_SOCKET_CONNECTION (tcp), NULL);
  g_return_val_if_fail (certificate == NULL || G_IS_TLS_CERTIFICATE (certificate), NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (certificate == NULL)
    certificate = ttt_certificate_get_default (&local_error);
  if (certificate == NULL)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS, local_error->message);
      return NULL;
    }

  /* Made with no database of authorities from the start: none is
   * trusted (the people compare the code instead), and glib-networking
   * would otherwise read the system's whole list for every connection,
   * which takes seconds on a slow machine. */
  backend = g_tls_backend_get_default ();
  if (is_host)
    tls = g_initable_new (g_tls_backend_get_server_connection_type (backend), NULL, &local_error,
                          "base-io-stream", tcp,
                          "certificate", certificate,
                          "database", NULL,
                          "authentication-mode", G_TLS_AUTHENTICATION_REQUIRED,
                          NULL);
  else
    tls = g_initable_new (g_tls_backend_get_client_connection_type (backend), NULL, &local_error,
                          "base-io-stream", tcp,
                          "certificate", certificate,
                          "database", NULL,
                          NULL);
  if (tls == NULL)
    {
      /* No glib-networking: a broken installation, said as it is. */
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS, local_error->message);
      return NULL;
    }
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (accept_certificate_cb), NULL);
  return tls;
}

/* GnuTLS reports a peer that hung up in the middle of the handshake as
 * "not TLS", like one that sent something else. What is left on the
 * socket tells them apart: the end of the stream, or bytes or nothing yet. */
static gboolean
peer_hung_up (GIOStream *tls)
{
  g_autoptr(GIOStream) base = NULL;
  GSocket *socket;
  char byte;
  gssize count;

  g_object_get (tls, "base-io-stream", &base, NULL);
  if (!G_IS_SOCKET_CONNECTION (base))
    return TRUE;
  socket = g_socket_connection_get_socket (G_SOCKET_CONNECTION (base));
  count = g_socket_receive_with_blocking (socket, &byte, 1, FALSE, NULL, NULL);
  return count == 0;
}

/* @error of a failed handshake, in words. */
static void
set_handshake_error (GError       **error,
                     GIOStream     *tls,
                     const GError  *cause)
{
  gboolean is_host = G_IS_TLS_SERVER_CONNECTION (tls);

  g_debug ("TLS handshake failed: %s", cause->message);
  if (g_error_matches (cause, G_TLS_ERROR, G_TLS_ERROR_EOF)
      || g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED)
      || g_error_matches (cause, G_IO_ERROR, G_IO_ERROR_BROKEN_PIPE)
      || peer_hung_up (tls))
    g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST,
                         _("The connection to the other side was interrupted."));
  /* Two copies of the game never fail a handshake on the protocol
   * itself: a guest that reached a web or SSH server hears GnuTLS's
   * "unexpected TLS packet" (a TLS error of no particular kind), which
   * means the same as "not TLS" here. */
  else if (g_error_matches (cause, G_TLS_ERROR, G_TLS_ERROR_NOT_TLS) ||
           (!is_host && g_error_matches (cause, G_TLS_ERROR, G_TLS_ERROR_MISC)))
    g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS,
                         _("The other side is not a Tic-Tac-Toe game: it does not speak its encrypted protocol."));
  else if (g_error_matches (cause, G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED))
    g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS,
                         _("The other side did not present a certificate."));
  else if (cause->domain == G_TLS_ERROR || cause->domain == G_IO_ERROR)
    /* Translators: %s is the TLS library's own explanation. */
    g_set_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS,
                 _("The encrypted connection could not be set up: %s"), cause->message);
  else
    g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS,
                         _("The connection to the other side was interrupted."));
}

char *
ttt_tls_handshake_finish (GIOStream     *tls,
                          GAsyncResult  *result,
                          const char   **binding_type,
                          GError       **error)
{
  g_autoptr(GError) local_error = NULL;
  char *code;

  g_return_val_if_fail (G_IS_TLS_CONNECTION (tls), NULL);
  g_return_val_if_fail (binding_type != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_tls_connection_handshake_finish (G_TLS_CONNECTION (tls), result, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else
        set_handshake_error (error, tls, local_error);
      return NULL;
    }

  /* Two copies of the game always agree on TLS 1.3, whose channel
   * binding (tls-exporter) the code rests on. A peer that offers less is
   * not one, or is one tampered with. */
  if (g_tls_connection_get_protocol_version (G_TLS_CONNECTION (tls)) < G_TLS_PROTOCOL_VERSION_TLS_1_3)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS,
                           _("The other side offered only an older, weaker encryption than TLS 1.3, "
                             "which every copy of Tic-Tac-Toe speaks."));
      return NULL;
    }

  code = ttt_verification_code (G_TLS_CONNECTION (tls), G_IS_TLS_SERVER_CONNECTION (tls),
                                binding_type, &local_error);
  if (code == NULL)
    g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS, local_error->message);
  return code;
}
