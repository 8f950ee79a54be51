/* ttt-wormhole.h — a magic-wormhole client: a code, a key, messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One side of a wormhole, as magic-wormhole's client protocol defines it:
 * it connects to a mailbox server over a WebSocket, binds with the appid
 * and a random side, allocates a nameplate and makes a code (the host) or
 * claims the nameplate of a code a person typed (the guest), opens the
 * mailbox, runs SPAKE2 with the code on the "pake" phase, checks the
 * other side's "version" message (a wrong code fails there, on both
 * sides) and then carries messages, each sealed with its own phase key
 * ("0", "1", …) and handed on in order.
 *
 * What comes over the mailbox is hostile until checked: every message is
 * parsed with a bound on its size, its shape checked, and a malformed
 * one ends the wormhole with an error, never a crash.
 *
 * Everything runs on the main loop. Errors are in TTT_CONNECTION_ERROR
 * (ttt-net-error.h), each a sentence a person can read.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-wormhole-crypto.h"

G_BEGIN_DECLS

typedef enum {
  TTT_WORMHOLE_STATE_NEW,
  TTT_WORMHOLE_STATE_CONNECTING,   /* to the mailbox server */
  TTT_WORMHOLE_STATE_WAITING,      /* the code is known; the other side is not there yet */
  TTT_WORMHOLE_STATE_OPEN,         /* the key is agreed, the versions exchanged */
  TTT_WORMHOLE_STATE_CLOSED,
} TttWormholeState;

#define TTT_TYPE_WORMHOLE (ttt_wormhole_get_type ())
G_DECLARE_FINAL_TYPE (TttWormhole, ttt_wormhole, TTT, WORMHOLE, GObject)

/* @mailbox_url: "ws://relay.magic-wormhole.io:4000/v1" or a test's
 * "ws://127.0.0.1:PORT/v1". @appid: the game's own, so it never meets a
 * file transfer; a test of the reference client passes its appid. */
TttWormhole      *ttt_wormhole_new            (const char    *mailbox_url,
                                               const char    *appid);

/* Either one, once, before opening: the host's wormhole makes a code of
 * @n_words words on a nameplate the server allocates ("code" is notified
 * once it is known, in the WAITING state); the guest's uses the code a
 * person typed. */
void              ttt_wormhole_allocate_code  (TttWormhole   *self,
                                               guint          n_words);
void              ttt_wormhole_set_code       (TttWormhole   *self,
                                               const char    *code);
/* The code, or NULL before the host's is allocated. */
const char       *ttt_wormhole_get_code       (TttWormhole   *self);
/* This side's random side string (hex), as sent to the server. */
const char       *ttt_wormhole_get_side       (TttWormhole   *self);

/* Connects, exchanges the keys and the versions. Completes once the
 * wormhole is OPEN, or with an error: the server cannot be reached, the
 * nameplate is unknown or taken, the code was wrong ("The code is
 * wrong…"), the other side never came before @cancellable was
 * cancelled. @app_versions (may be NULL: {}) is this side's
 * "app_versions" object, as JSON text. */
void              ttt_wormhole_open_async     (TttWormhole   *self,
                                               const char    *app_versions,
                                               GCancellable  *cancellable,
                                               GAsyncReadyCallback callback,
                                               gpointer       user_data);
gboolean          ttt_wormhole_open_finish    (TttWormhole   *self,
                                               GAsyncResult  *result,
                                               GError       **error);
/* Once open: the other side's "app_versions", as JSON text. */
const char       *ttt_wormhole_get_peer_versions (TttWormhole *self);

/* Once open: seals @message with the next phase's key and adds it to the
 * mailbox. The "message" signal gives the other side's, opened and in
 * phase order: void (*message) (TttWormhole *self, GBytes *message). */
void              ttt_wormhole_send           (TttWormhole   *self,
                                               GBytes        *message);

/* Once open: derive_key(key, @purpose) of the agreed key, as the
 * transit needs (appid + "/transit-key"). Not ttt_wormhole_derive_key:
 * that is the function of bytes in ttt-wormhole-crypto.h. */
void              ttt_wormhole_derive_shared_key (TttWormhole *self,
                                                  const char  *purpose,
                                                  guint8       out[TTT_WORMHOLE_KEY_SIZE]);

/* For tests, before opening: the mailbox connection's first wait before
 * connecting again after a break, and how long after the break it gives
 * up (1 s and 60 s unless set; ttt-wormhole-mailbox.h). */
void              ttt_wormhole_set_reconnect  (TttWormhole   *self,
                                               guint          first_ms,
                                               guint          give_up_ms);

/* Also the "state" property, notified. */
TttWormholeState  ttt_wormhole_get_state      (TttWormhole   *self);
/* Whether the mailbox connection broke and is being made again
 * (ttt_wormhole_mailbox_get_reconnecting()); FALSE again once it works,
 * or once the wormhole is closed. Also the "reconnecting" property,
 * notified. */
gboolean          ttt_wormhole_get_reconnecting (TttWormhole *self);

/* Releases the nameplate, closes the mailbox with @mood ("happy",
 * "lonely", "scary", "errory") and the WebSocket; does not wait for the
 * server's answer. After this, "closed" is not emitted. */
void              ttt_wormhole_close          (TttWormhole   *self,
                                               const char    *mood);

/* Signals:
 *   "message" (GBytes *message)        — the other side's, in order
 *   "closed"  (GError *error)          — the wormhole ended by itself
 *                                        (server gone, tampering, a
 *                                        malformed message), once. */

G_END_DECLS
