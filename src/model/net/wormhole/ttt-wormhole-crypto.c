/* ttt-wormhole-crypto.c — the key exchange and the boxes of magic-wormhole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Everything here must give the bytes python-spake2 and magic-wormhole
 * give, so the figures that are not plain libsodium are spelled out:
 *
 * - HKDF is RFC 5869 over HMAC-SHA256 with an empty salt (HMAC pads an
 *   empty key with zeros, so it is the same as a salt of 32 zeros).
 * - The password becomes a scalar as python-spake2 makes it: 48 bytes of
 *   HKDF(password, info "SPAKE2 pw"), read as a big-endian number,
 *   reduced modulo the group order L. libsodium reads scalars
 *   little-endian, so the bytes are turned round before reducing.
 * - The symmetric element S is python-spake2's arbitrary_element
 *   ("symmetric"): found by trying y coordinates from an HKDF of the seed,
 *   which needs field arithmetic libsodium does not offer, so its
 *   encoding is written down here; the test asks python-spake2 for it.
 * - A message is 'S' followed by X + pw·S; the key is
 *   SHA256(SHA256(password) ‖ SHA256(id) ‖ the two points sorted
 *   bytewise ‖ K), where K = x·(Y − pw·S) and the points are the 32 bytes
 *   without the side byte.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <sodium.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-crypto.h"

#define POINT_SIZE  crypto_core_ed25519_BYTES         /* 32 */
#define SCALAR_SIZE crypto_core_ed25519_SCALARBYTES   /* 32 */
#define HASH_SIZE   crypto_hash_sha256_BYTES          /* 32 */

/* python-spake2's side byte of a symmetric exchange. */
#define SIDE_SYMMETRIC 'S'

/* python-spake2's ParamsEd25519.S: arbitrary_element (b"symmetric"). */
static const guint8 symmetric_element[POINT_SIZE] = {
  0x6f, 0x00, 0xda, 0xe8, 0x7c, 0x1b, 0xe1, 0xa7,
  0x3b, 0x59, 0x22, 0xef, 0x43, 0x1c, 0xd8, 0xf5,
  0x78, 0x79, 0x56, 0x9c, 0x22, 0x2d, 0x22, 0xb1,
  0xcd, 0x71, 0xe8, 0x54, 0x6a, 0xb8, 0xe6, 0xf1,
};

struct _TttSpake2 {
  guint8  *password;
  gsize    password_len;
  guint8  *id;
  gsize    id_len;
  guint8   pw_scalar[SCALAR_SIZE];
  guint8   x[SCALAR_SIZE];
  guint8   blinding[POINT_SIZE];   /* pw·S, or nothing when pw is 0 */
  gboolean blinded;
  guint8   outbound[POINT_SIZE];   /* X + pw·S */
  gboolean finished;
};

gboolean
ttt_wormhole_crypto_init (void)
{
  return sodium_init () >= 0;
}

/* HKDF */

static void
hmac_sha256 (const guint8 *key,
             gsize         key_len,
             const guint8 *part1,
             gsize         part1_len,
             const guint8 *part2,
             gsize         part2_len,
             const guint8 *part3,
             gsize         part3_len,
             guint8        out[HASH_SIZE])
{
  static const guint8 no_key[1] = { 0 };
  crypto_auth_hmacsha256_state state;

  /* An empty key still needs a pointer. */
  crypto_auth_hmacsha256_init (&state, key_len > 0 ? key : no_key, key_len);
  if (part1_len > 0)
    crypto_auth_hmacsha256_update (&state, part1, part1_len);
  if (part2_len > 0)
    crypto_auth_hmacsha256_update (&state, part2, part2_len);
  if (part3_len > 0)
    crypto_auth_hmacsha256_update (&state, part3, part3_len);
  crypto_auth_hmacsha256_final (&state, out);
  sodium_memzero (&state, sizeof state);
}

void
ttt_wormhole_hkdf (const guint8 *ikm,
                   gsize         ikm_len,
                   const guint8 *info,
                   gsize         info_len,
                   guint8       *out,
                   gsize         out_len)
{
  guint8 prk[HASH_SIZE];
  guint8 block[HASH_SIZE];
  gsize block_len = 0;
  gsize done = 0;
  guint8 counter = 0;

  g_return_if_fail (ikm != NULL || ikm_len == 0);
  g_return_if_fail (info != NULL || info_len == 0);
  g_return_if_fail (out != NULL || out_len == 0);
  g_return_if_fail (out_len <= 255 * HASH_SIZE);

  /* Extract: the salt is empty, so HMAC's key is all zeros. */
  hmac_sha256 (NULL, 0, ikm, ikm_len, NULL, 0, NULL, 0, prk);

  /* Expand: T(n) = HMAC(PRK, T(n-1) ‖ info ‖ n). */
  while (done < out_len)
    {
      gsize take;

      counter++;
      hmac_sha256 (prk, sizeof prk, block, block_len, info, info_len,
                   &counter, 1, block);
      block_len = sizeof block;
      take = MIN (out_len - done, sizeof block);
      memcpy (out + done, block, take);
      done += take;
    }

  sodium_memzero (prk, sizeof prk);
  sodium_memzero (block, sizeof block);
}

void
ttt_wormhole_derive_key (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                         const char   *purpose,
                         guint8        out[TTT_WORMHOLE_KEY_SIZE])
{
  g_return_if_fail (key != NULL);
  g_return_if_fail (purpose != NULL);
  g_return_if_fail (out != NULL);

  ttt_wormhole_hkdf (key, TTT_WORMHOLE_KEY_SIZE,
                     (const guint8 *) purpose, strlen (purpose),
                     out, TTT_WORMHOLE_KEY_SIZE);
}

void
ttt_wormhole_derive_phase_key (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                               const char   *side,
                               const char   *phase,
                               guint8        out[TTT_WORMHOLE_KEY_SIZE])
{
  static const char prefix[] = "wormhole:phase:";
  guint8 purpose[sizeof prefix - 1 + 2 * HASH_SIZE];

  g_return_if_fail (key != NULL);
  g_return_if_fail (side != NULL);
  g_return_if_fail (phase != NULL);
  g_return_if_fail (out != NULL);

  /* Not a string: the hashes may hold zero bytes. */
  memcpy (purpose, prefix, sizeof prefix - 1);
  crypto_hash_sha256 (purpose + sizeof prefix - 1,
                      (const guint8 *) side, strlen (side));
  crypto_hash_sha256 (purpose + sizeof prefix - 1 + HASH_SIZE,
                      (const guint8 *) phase, strlen (phase));
  ttt_wormhole_hkdf (key, TTT_WORMHOLE_KEY_SIZE, purpose, sizeof purpose,
                     out, TTT_WORMHOLE_KEY_SIZE);
}

/* Secret boxes */

GBytes *
ttt_wormhole_seal (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                   const guint8 *nonce,
                   const guint8 *plaintext,
                   gsize         plaintext_len)
{
  guint8 *sealed;
  gsize sealed_len;

  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (plaintext != NULL || plaintext_len == 0, NULL);
  g_return_val_if_fail (plaintext_len <= G_MAXSIZE - TTT_WORMHOLE_NONCE_SIZE - TTT_WORMHOLE_MAC_SIZE, NULL);

  sealed_len = TTT_WORMHOLE_NONCE_SIZE + TTT_WORMHOLE_MAC_SIZE + plaintext_len;
  sealed = g_malloc (sealed_len);
  if (nonce != NULL)
    memcpy (sealed, nonce, TTT_WORMHOLE_NONCE_SIZE);
  else
    randombytes_buf (sealed, TTT_WORMHOLE_NONCE_SIZE);

  /* libsodium reads no byte of an empty message, but wants a pointer. */
  crypto_secretbox_easy (sealed + TTT_WORMHOLE_NONCE_SIZE,
                         plaintext_len > 0 ? plaintext : sealed,
                         plaintext_len, sealed, key);

  return g_bytes_new_take (sealed, sealed_len);
}

GBytes *
ttt_wormhole_open (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                   const guint8 *sealed,
                   gsize         sealed_len,
                   guint8       *nonce_out,
                   GError      **error)
{
  const guint8 *box;
  gsize box_len;
  guint8 *plaintext;
  gsize plaintext_len;

  g_return_val_if_fail (key != NULL, NULL);
  g_return_val_if_fail (sealed != NULL || sealed_len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (sealed_len < TTT_WORMHOLE_NONCE_SIZE + TTT_WORMHOLE_MAC_SIZE)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side sent an encrypted message too short to be one."));
      return NULL;
    }

  box = sealed + TTT_WORMHOLE_NONCE_SIZE;
  box_len = sealed_len - TTT_WORMHOLE_NONCE_SIZE;
  plaintext_len = box_len - TTT_WORMHOLE_MAC_SIZE;
  /* One byte more, so that an empty text still has a buffer. */
  plaintext = g_malloc (plaintext_len + 1);
  if (crypto_secretbox_open_easy (plaintext, box, box_len, sealed, key) != 0)
    {
      g_free (plaintext);
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("A message from the other side could not be decrypted: "
                             "it was changed on the way, or the code was wrong."));
      return NULL;
    }

  if (nonce_out != NULL)
    memcpy (nonce_out, sealed, TTT_WORMHOLE_NONCE_SIZE);

  return g_bytes_new_take (plaintext, plaintext_len);
}

/* Hex */

char *
ttt_wormhole_hex (const guint8 *bytes,
                  gsize         len)
{
  static const char digits[] = "0123456789abcdef";
  char *hex;
  gsize i;

  g_return_val_if_fail (bytes != NULL || len == 0, NULL);
  g_return_val_if_fail (len < G_MAXSIZE / 2, NULL);

  hex = g_malloc (2 * len + 1);
  for (i = 0; i < len; i++)
    {
      hex[2 * i] = digits[bytes[i] >> 4];
      hex[2 * i + 1] = digits[bytes[i] & 0x0f];
    }
  hex[2 * len] = '\0';

  return hex;
}

GBytes *
ttt_wormhole_unhex (const char *hex)
{
  gsize hex_len;
  guint8 *bytes;
  gsize i;

  g_return_val_if_fail (hex != NULL, NULL);

  hex_len = strlen (hex);
  if (hex_len % 2 != 0)
    return NULL;

  bytes = g_malloc (hex_len / 2 + 1);
  for (i = 0; i < hex_len / 2; i++)
    {
      int high = g_ascii_xdigit_value (hex[2 * i]);
      int low = g_ascii_xdigit_value (hex[2 * i + 1]);

      if (high < 0 || low < 0)
        {
          g_free (bytes);
          return NULL;
        }
      bytes[i] = (guint8) (high << 4 | low);
    }

  return g_bytes_new_take (bytes, hex_len / 2);
}

/* SPAKE2 */

/* A big-endian number of @len bytes (at most 64) modulo L, as libsodium's
 * little-endian scalar. */
static void
reduce_big_endian (const guint8 *number,
                   gsize         len,
                   guint8        scalar[SCALAR_SIZE])
{
  guint8 wide[crypto_core_ed25519_NONREDUCEDSCALARBYTES] = { 0 };
  gsize i;

  g_assert (len <= sizeof wide);
  for (i = 0; i < len; i++)
    wide[i] = number[len - 1 - i];
  crypto_core_ed25519_scalar_reduce (scalar, wide);
  sodium_memzero (wide, sizeof wide);
}

static TttSpake2 *
spake2_new (const guint8 *password,
            gsize         password_len,
            const guint8 *id,
            gsize         id_len,
            const guint8  x[SCALAR_SIZE])
{
  TttSpake2 *self;
  guint8 expanded[SCALAR_SIZE + 16];
  guint8 xb[POINT_SIZE];

  self = g_new0 (TttSpake2, 1);
  /* One byte more, so that an empty one still has a buffer. */
  self->password = g_malloc0 (password_len + 1);
  if (password_len > 0)
    memcpy (self->password, password, password_len);
  self->password_len = password_len;
  self->id = g_malloc0 (id_len + 1);
  if (id_len > 0)
    memcpy (self->id, id, id_len);
  self->id_len = id_len;
  memcpy (self->x, x, SCALAR_SIZE);

  /* python-spake2's password_to_scalar: 16 bytes more than a scalar, so
   * that the reduction is nearly uniform. */
  ttt_wormhole_hkdf (password, password_len,
                     (const guint8 *) "SPAKE2 pw", strlen ("SPAKE2 pw"),
                     expanded, sizeof expanded);
  reduce_big_endian (expanded, sizeof expanded, self->pw_scalar);
  sodium_memzero (expanded, sizeof expanded);

  /* pw·S fails only for pw = 0 (the identity), one chance in 2^252;
   * X + 0 is X, as python-spake2 computes it. */
  self->blinded = crypto_scalarmult_ed25519_noclamp (self->blinding, self->pw_scalar,
                                                     symmetric_element) == 0;

  /* x is never 0 (the callers see to it), so X is a point of the group. */
  if (crypto_scalarmult_ed25519_base_noclamp (xb, self->x) != 0)
    g_assert_not_reached ();
  if (self->blinded)
    crypto_core_ed25519_add (self->outbound, xb, self->blinding);
  else
    memcpy (self->outbound, xb, POINT_SIZE);
  sodium_memzero (xb, sizeof xb);

  return self;
}

TttSpake2 *
ttt_spake2_new (const guint8 *password,
                gsize         password_len,
                const guint8 *id,
                gsize         id_len)
{
  TttSpake2 *self;
  guint8 x[SCALAR_SIZE];

  g_return_val_if_fail (password != NULL || password_len == 0, NULL);
  g_return_val_if_fail (id != NULL || id_len == 0, NULL);

  /* Uniform in [1, L). */
  crypto_core_ed25519_scalar_random (x);
  self = spake2_new (password, password_len, id, id_len, x);
  sodium_memzero (x, sizeof x);

  return self;
}

TttSpake2 *
ttt_spake2_new_with_seed (const guint8 *password,
                          gsize         password_len,
                          const guint8 *id,
                          gsize         id_len,
                          const guint8  seed[32])
{
  guint8 wide[crypto_core_ed25519_NONREDUCEDSCALARBYTES] = { 0 };
  guint8 x[SCALAR_SIZE];

  g_return_val_if_fail (password != NULL || password_len == 0, NULL);
  g_return_val_if_fail (id != NULL || id_len == 0, NULL);
  g_return_val_if_fail (seed != NULL, NULL);

  memcpy (wide, seed, 32);
  crypto_core_ed25519_scalar_reduce (x, wide);
  g_return_val_if_fail (!sodium_is_zero (x, sizeof x), NULL);

  return spake2_new (password, password_len, id, id_len, x);
}

void
ttt_spake2_get_message (TttSpake2 *self,
                        guint8     message[TTT_SPAKE2_MESSAGE_SIZE])
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (message != NULL);

  message[0] = SIDE_SYMMETRIC;
  memcpy (message + 1, self->outbound, POINT_SIZE);
}

gboolean
ttt_spake2_finish (TttSpake2    *self,
                   const guint8 *inbound,
                   gsize         inbound_len,
                   guint8        key[TTT_WORMHOLE_KEY_SIZE],
                   GError      **error)
{
  const guint8 *point;
  const guint8 *first, *second;
  guint8 y[POINT_SIZE];
  guint8 k[POINT_SIZE];
  guint8 digest[HASH_SIZE];
  crypto_hash_sha256_state state;
  gboolean ok;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (inbound != NULL || inbound_len == 0, FALSE);
  g_return_val_if_fail (key != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);
  /* A second finish could tell the other side about the password. */
  g_return_val_if_fail (!self->finished, FALSE);

  self->finished = TRUE;

  if (inbound_len != TTT_SPAKE2_MESSAGE_SIZE)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side’s key exchange message has the wrong size."));
      return FALSE;
    }
  if (inbound[0] != SIDE_SYMMETRIC)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side does not exchange keys as a wormhole does."));
      return FALSE;
    }

  point = inbound + 1;
  /* On the curve, in the group of order L, not a point of small order,
   * encoded as it always is. */
  if (!crypto_core_ed25519_is_valid_point (point))
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side’s key exchange message is not a valid key."));
      return FALSE;
    }
  if (sodium_memcmp (point, self->outbound, POINT_SIZE) == 0)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("Someone sent this side’s own key exchange message back to it."));
      return FALSE;
    }

  /* K = x·(Y* − pw·S); Y* − pw·S is the identity only if the other side
   * blinded nothing (its x was 0), which no honest side does. */
  if (self->blinded)
    crypto_core_ed25519_sub (y, point, self->blinding);
  else
    memcpy (y, point, POINT_SIZE);
  ok = crypto_scalarmult_ed25519_noclamp (k, self->x, y) == 0;
  sodium_memzero (y, sizeof y);
  if (!ok)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side’s key exchange message is not a valid key."));
      return FALSE;
    }

  /* The transcript: neither side knows which one it is, so the two
   * messages go in in byte order. */
  if (memcmp (point, self->outbound, POINT_SIZE) < 0)
    {
      first = point;
      second = self->outbound;
    }
  else
    {
      first = self->outbound;
      second = point;
    }

  crypto_hash_sha256_init (&state);
  crypto_hash_sha256 (digest, self->password, self->password_len);
  crypto_hash_sha256_update (&state, digest, sizeof digest);
  crypto_hash_sha256 (digest, self->id, self->id_len);
  crypto_hash_sha256_update (&state, digest, sizeof digest);
  crypto_hash_sha256_update (&state, first, POINT_SIZE);
  crypto_hash_sha256_update (&state, second, POINT_SIZE);
  crypto_hash_sha256_update (&state, k, sizeof k);
  crypto_hash_sha256_final (&state, key);

  sodium_memzero (k, sizeof k);
  sodium_memzero (digest, sizeof digest);
  sodium_memzero (&state, sizeof state);

  return TRUE;
}

void
ttt_spake2_free (TttSpake2 *self)
{
  if (self == NULL)
    return;

  sodium_memzero (self->password, self->password_len);
  g_free (self->password);
  g_free (self->id);
  sodium_memzero (self, sizeof *self);
  g_free (self);
}
