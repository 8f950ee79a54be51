/* ttt-verification.c — hashing the connection into six digits
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-certificate.h"
#include "ttt-verification.h"

/* Names the transcript so a hash made for something else never matches. */
#define TRANSCRIPT_LABEL "io.github.jingzi.TicTacToe verification v1"

static void
add_part (GChecksum    *checksum,
          const guint8 *data,
          gsize         size)
{
  guint8 length[4];

  length[0] = (guint8) (size >> 24);
  length[1] = (guint8) (size >> 16);
  length[2] = (guint8) (size >> 8);
  length[3] = (guint8) size;
  g_checksum_update (checksum, length, sizeof length);
  if (size > 0)
    g_checksum_update (checksum, data, size);
}

static void
add_bytes (GChecksum *checksum,
           GBytes    *bytes)
{
  gsize size = 0;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  add_part (checksum, data, size);
}

char *
ttt_verification_code_from_parts (const char *binding_type,
                                  GBytes     *host_key,
                                  GBytes     *guest_key,
                                  GBytes     *binding)
{
  g_autoptr(GChecksum) checksum = NULL;
  guint8 digest[32];
  gsize digest_length = sizeof digest;
  guint64 number = 0;
  guint code;
  guint i;

  g_return_val_if_fail (binding_type != NULL, NULL);
  g_return_val_if_fail (host_key != NULL && guest_key != NULL && binding != NULL, NULL);

  checksum = g_checksum_new (G_CHECKSUM_SHA256);
  add_part (checksum, (const guint8 *) TRANSCRIPT_LABEL, sizeof TRANSCRIPT_LABEL - 1);
  add_part (checksum, (const guint8 *) binding_type, strlen (binding_type));
  add_bytes (checksum, host_key);
  add_bytes (checksum, guest_key);
  add_bytes (checksum, binding);
  g_checksum_get_digest (checksum, digest, &digest_length);

  /* 64 bits reduced to a million codes: the bias is below 10^-13. */
  for (i = 0; i < 8; i++)
    number = (number << 8) | digest[i];
  code = (guint) (number % 1000000);
  return g_strdup_printf ("%03u %03u", code / 1000, code % 1000);
}

char *
ttt_verification_code (GTlsConnection  *tls,
                       gboolean         is_host,
                       const char     **binding_type,
                       GError         **error)
{
  g_autoptr(GByteArray) data = g_byte_array_new ();
  g_autoptr(GBytes) own_key = NULL;
  g_autoptr(GBytes) peer_key = NULL;
  g_autoptr(GBytes) binding = NULL;
  g_autoptr(GError) exporter_error = NULL;
  GTlsCertificate *own;
  GTlsCertificate *peer;
  const char *type;

  g_return_val_if_fail (G_IS_TLS_CONNECTION (tls), NULL);

  own = g_tls_connection_get_certificate (tls);
  peer = g_tls_connection_get_peer_certificate (tls);
  if (own == NULL || peer == NULL)
    {
      g_set_error_literal (error, G_TLS_ERROR, G_TLS_ERROR_CERTIFICATE_REQUIRED,
                           _("The other side did not present a certificate."));
      return NULL;
    }
  if ((own_key = ttt_certificate_get_public_key (own, error)) == NULL
      || (peer_key = ttt_certificate_get_public_key (peer, error)) == NULL)
    return NULL;

  /* The exporter (RFC 9266) is defined for TLS 1.3 and 1.2 alike;
   * tls-unique only for 1.2 and older, so it is the fallback. */
  type = "tls-exporter";
  if (!g_tls_connection_get_channel_binding_data (tls, G_TLS_CHANNEL_BINDING_TLS_EXPORTER,
                                                  data, &exporter_error))
    {
      g_debug ("No tls-exporter channel binding (%s); using tls-unique",
               exporter_error->message);
      type = "tls-unique";
      g_byte_array_set_size (data, 0);
      if (!g_tls_connection_get_channel_binding_data (tls, G_TLS_CHANNEL_BINDING_TLS_UNIQUE,
                                                      data, NULL))
        {
          g_set_error_literal (error, G_TLS_ERROR, G_TLS_ERROR_UNAVAILABLE,
                               _("This connection cannot be verified: the encryption library offers no channel binding"));
          return NULL;
        }
    }
  binding = g_byte_array_free_to_bytes (g_steal_pointer (&data));
  if (binding_type != NULL)
    *binding_type = type;

  return ttt_verification_code_from_parts (type,
                                           is_host ? own_key : peer_key,
                                           is_host ? peer_key : own_key,
                                           binding);
}
