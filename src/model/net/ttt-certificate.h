/* ttt-certificate.h — the ephemeral self-signed certificate of this game
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No authority vouches for a game on someone's laptop: each side makes a
 * fresh key and self-signed certificate when it first needs one, keeps it in
 * memory for the life of the process, and the people compare the
 * verification code (ttt-verification.h) instead.
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A new key and certificate (ECDSA P-256, SHA-256, valid for a year). */
GTlsCertificate *ttt_certificate_new             (GError          **error);

/* The process's certificate, made on the first call. Transfer none. */
GTlsCertificate *ttt_certificate_get_default     (GError          **error);

/* The certificate's public key as DER SubjectPublicKeyInfo. */
GBytes          *ttt_certificate_get_public_key  (GTlsCertificate  *certificate,
                                                  GError          **error);

G_END_DECLS
