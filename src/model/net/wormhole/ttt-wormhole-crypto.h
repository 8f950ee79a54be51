/* ttt-wormhole-crypto.h — the key exchange and the boxes of magic-wormhole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What two programs that speak the magic-wormhole protocol must compute
 * alike, as its client-protocol and transit documents specify, on
 * libsodium: symmetric SPAKE2 over Ed25519 (the code typed by a person
 * becomes a key only someone who knows the code shares), HKDF-SHA256
 * derivations of that key for each purpose, and NaCl secret boxes.
 *
 * Plain functions of bytes, no state but TttSpake2's; nothing here reads
 * the network. Every function that takes bytes from the other side
 * checks them and fails with FALSE and an error in
 * TTT_CONNECTION_ERROR (ttt-net-error.h) rather than trusting them.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define TTT_WORMHOLE_KEY_SIZE        32   /* every key here */
#define TTT_WORMHOLE_NONCE_SIZE      24   /* a secret box's nonce */
#define TTT_WORMHOLE_MAC_SIZE        16   /* what a box adds to its text */
#define TTT_SPAKE2_MESSAGE_SIZE      33   /* 'S' and a point */

/* Once per process, before anything below (libsodium's sodium_init());
 * FALSE if libsodium cannot work here. Safe to call again. */
gboolean   ttt_wormhole_crypto_init       (void);

/* One side of a symmetric SPAKE2 exchange (python-spake2's
 * SPAKE2_Symmetric, as magic-wormhole uses it, with idSymmetric = the
 * appid). */
typedef struct _TttSpake2 TttSpake2;

/* A fresh secret scalar from libsodium's random source. */
TttSpake2 *ttt_spake2_new                 (const guint8 *password,
                                           gsize         password_len,
                                           const guint8 *id,
                                           gsize         id_len);
/* For tests only: the scalar from @seed (32 bytes, reduced mod L), so a
 * test can compare with another implementation's figures. */
TttSpake2 *ttt_spake2_new_with_seed       (const guint8 *password,
                                           gsize         password_len,
                                           const guint8 *id,
                                           gsize         id_len,
                                           const guint8  seed[32]);
/* The message to send, TTT_SPAKE2_MESSAGE_SIZE bytes ('S' + the point). */
void       ttt_spake2_get_message         (TttSpake2    *self,
                                           guint8        message[TTT_SPAKE2_MESSAGE_SIZE]);
/* The shared key from the other side's message; FALSE with an error for
 * a message of the wrong size, side byte or point (not on the curve,
 * small order, or the same as ours: a reflection). */
gboolean   ttt_spake2_finish              (TttSpake2    *self,
                                           const guint8 *inbound,
                                           gsize         inbound_len,
                                           guint8        key[TTT_WORMHOLE_KEY_SIZE],
                                           GError      **error);
void       ttt_spake2_free                (TttSpake2    *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttSpake2, ttt_spake2_free)

/* HKDF-SHA256 (RFC 5869) with an empty salt: @out_len bytes (at most
 * 255 × 32) of @ikm for @info. */
void       ttt_wormhole_hkdf              (const guint8 *ikm,
                                           gsize         ikm_len,
                                           const guint8 *info,
                                           gsize         info_len,
                                           guint8       *out,
                                           gsize         out_len);
/* derive_key(key, purpose): HKDF of the key with the purpose as info. */
void       ttt_wormhole_derive_key        (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                                           const char   *purpose,
                                           guint8        out[TTT_WORMHOLE_KEY_SIZE]);
/* derive_phase_key(key, side, phase): purpose "wormhole:phase:" +
 * SHA256(side) + SHA256(phase). */
void       ttt_wormhole_derive_phase_key  (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                                           const char   *side,
                                           const char   *phase,
                                           guint8        out[TTT_WORMHOLE_KEY_SIZE]);

/* A secret box: nonce (24 bytes) followed by the box. @nonce NULL takes
 * a random one (the mailbox's phases); the transit's records give their
 * counter. Returns a new GBytes. */
GBytes    *ttt_wormhole_seal              (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                                           const guint8 *nonce,
                                           const guint8 *plaintext,
                                           gsize         plaintext_len);
/* Opens nonce + box; NULL with an error if it is too short or was not
 * sealed with @key (tampered, or another key: the wrong code). The nonce
 * is copied to @nonce_out when not NULL, for the transit to check its
 * counter. */
GBytes    *ttt_wormhole_open              (const guint8  key[TTT_WORMHOLE_KEY_SIZE],
                                           const guint8 *sealed,
                                           gsize         sealed_len,
                                           guint8       *nonce_out,
                                           GError      **error);

/* Lower-case hex of @len bytes, a new string. */
char      *ttt_wormhole_hex               (const guint8 *bytes,
                                           gsize         len);
/* Hex to bytes; NULL (and no error set: the caller says what it was) if
 * @hex is not an even number of hex digits. */
GBytes    *ttt_wormhole_unhex             (const char   *hex);

G_END_DECLS
