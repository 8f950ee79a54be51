/* ttt-certificate.c — making a key and a self-signed certificate with GnuTLS
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <gnutls/abstract.h>
#include <gnutls/gnutls.h>
#include <gnutls/x509.h>
#include <string.h>

#include "ttt-certificate.h"

static gboolean
check (int          status,
       GError     **error)
{
  if (status >= 0)
    return TRUE;
  g_set_error (error, G_TLS_ERROR, G_TLS_ERROR_MISC,
               _("Could not make a certificate for this computer: %s"),
               gnutls_strerror (status));
  return FALSE;
}

/* GnuTLS hands out buffers it allocated; they become a string here. */
static char *
take_datum (gnutls_datum_t *datum)
{
  char *text = g_strndup ((const char *) datum->data, datum->size);

  gnutls_free (datum->data);
  datum->data = NULL;
  return text;
}

GTlsCertificate *
ttt_certificate_new (GError **error)
{
  gnutls_x509_privkey_t key = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_datum_t datum = { NULL, 0 };
  g_autofree char *key_pem = NULL;
  g_autofree char *crt_pem = NULL;
  g_autofree char *pem = NULL;
  guint8 serial[16];
  time_t now = time (NULL);
  GTlsCertificate *certificate = NULL;
  guint i;

  for (i = 0; i < sizeof serial; i++)
    serial[i] = (guint8) g_random_int_range (0, 256);
  /* A positive serial number, as RFC 5280 asks. */
  serial[0] &= 0x7f;
  serial[0] |= 0x01;

  if (!check (gnutls_x509_privkey_init (&key), error)
      || !check (gnutls_x509_privkey_generate (key, GNUTLS_PK_ECDSA,
                                               GNUTLS_CURVE_TO_BITS (GNUTLS_ECC_CURVE_SECP256R1), 0),
                 error)
      || !check (gnutls_x509_crt_init (&crt), error)
      || !check (gnutls_x509_crt_set_version (crt, 3), error)
      || !check (gnutls_x509_crt_set_serial (crt, serial, sizeof serial), error)
      || !check (gnutls_x509_crt_set_dn_by_oid (crt, GNUTLS_OID_X520_COMMON_NAME, 0,
                                                "Tic-Tac-Toe", sizeof "Tic-Tac-Toe" - 1),
                 error)
      /* A day back, for clocks a little behind. */
      || !check (gnutls_x509_crt_set_activation_time (crt, now - 24 * 60 * 60), error)
      || !check (gnutls_x509_crt_set_expiration_time (crt, now + 365 * 24 * 60 * 60), error)
      || !check (gnutls_x509_crt_set_key (crt, key), error)
      || !check (gnutls_x509_crt_sign2 (crt, crt, key, GNUTLS_DIG_SHA256, 0), error))
    goto out;

  if (!check (gnutls_x509_crt_export2 (crt, GNUTLS_X509_FMT_PEM, &datum), error))
    goto out;
  crt_pem = take_datum (&datum);
  /* PKCS #8 ("PRIVATE KEY"), the form GTlsCertificate reads. */
  if (!check (gnutls_x509_privkey_export2_pkcs8 (key, GNUTLS_X509_FMT_PEM, NULL,
                                                 GNUTLS_PKCS_PLAIN, &datum),
              error))
    goto out;
  key_pem = take_datum (&datum);

  pem = g_strconcat (crt_pem, key_pem, NULL);
  certificate = g_tls_certificate_new_from_pem (pem, -1, error);
  /* The key's text should not linger in freed memory. */
  memset (key_pem, 0, strlen (key_pem));
  memset (pem, 0, strlen (pem));

out:
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  if (key != NULL)
    gnutls_x509_privkey_deinit (key);
  return certificate;
}

GTlsCertificate *
ttt_certificate_get_default (GError **error)
{
  static GTlsCertificate *certificate;
  static GMutex lock;
  GTlsCertificate *result;

  g_mutex_lock (&lock);
  if (certificate == NULL)
    certificate = ttt_certificate_new (error);
  result = certificate;
  g_mutex_unlock (&lock);
  return result;
}

GBytes *
ttt_certificate_get_public_key (GTlsCertificate  *certificate,
                                GError          **error)
{
  g_autoptr(GByteArray) der = NULL;
  gnutls_x509_crt_t crt = NULL;
  gnutls_pubkey_t pubkey = NULL;
  gnutls_datum_t datum = { NULL, 0 };
  GBytes *result = NULL;

  g_return_val_if_fail (G_IS_TLS_CERTIFICATE (certificate), NULL);

  g_object_get (certificate, "certificate", &der, NULL);
  if (der == NULL)
    {
      g_set_error_literal (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                           _("The other side’s certificate cannot be read"));
      return NULL;
    }
  datum.data = der->data;
  datum.size = der->len;
  if (gnutls_x509_crt_init (&crt) < 0
      || gnutls_x509_crt_import (crt, &datum, GNUTLS_X509_FMT_DER) < 0
      || gnutls_pubkey_init (&pubkey) < 0
      || gnutls_pubkey_import_x509 (pubkey, crt, 0) < 0)
    {
      g_set_error_literal (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                           _("The other side’s certificate cannot be read"));
      goto out;
    }
  datum.data = NULL;
  datum.size = 0;
  if (gnutls_pubkey_export2 (pubkey, GNUTLS_X509_FMT_DER, &datum) < 0)
    {
      g_set_error_literal (error, G_TLS_ERROR, G_TLS_ERROR_BAD_CERTIFICATE,
                           _("The other side’s certificate cannot be read"));
      goto out;
    }
  result = g_bytes_new (datum.data, datum.size);
  gnutls_free (datum.data);

out:
  if (pubkey != NULL)
    gnutls_pubkey_deinit (pubkey);
  if (crt != NULL)
    gnutls_x509_crt_deinit (crt);
  return result;
}
