/* ttt-wormhole-mailbox.h — the WebSocket to a magic-wormhole mailbox server
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layer under TttWormhole: it connects to the server with libsoup,
 * waits for its welcome, writes each client message as JSON with an "id"
 * and counts the server's acks, and hands on each server message parsed
 * and checked (ttt-wormhole-mailbox-message.h). What it knows of the
 * protocol is the framing and the server's own words (its welcome, its
 * errors, its acks); nameplates, mailboxes and phases are TttWormhole's.
 *
 * Once the server has welcomed us, a WebSocket that breaks (or a server
 * gone silent) is connected again with growing waits, and what the
 * session had asked for is asked again; the server then gives the
 * mailbox's messages once more, so the "message" signal may repeat one.
 * Whatever else goes wrong, or a connection not made again in time, ends
 * the connection once, with "closed" and an error in
 * TTT_CONNECTION_ERROR that a person can read: the server gone or
 * silent, a malformed or over-long message, a refusal. Everything runs
 * on the main loop.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-wormhole-mailbox-message.h"

G_BEGIN_DECLS

#define TTT_TYPE_WORMHOLE_MAILBOX (ttt_wormhole_mailbox_get_type ())
G_DECLARE_FINAL_TYPE (TttWormholeMailbox, ttt_wormhole_mailbox, TTT, WORMHOLE_MAILBOX, GObject)

/* The client's name and version in "bind", as the server logs them. */
#define TTT_WORMHOLE_CLIENT_NAME "tictactoe"

TttWormholeMailbox *ttt_wormhole_mailbox_new           (const char          *url);

/* Connects and waits for the server's welcome. Fails with a sentence
 * when the server cannot be reached, is no mailbox server, turns us away
 * (its welcome's "error") or sends anything before its welcome; with
 * G_IO_ERROR_CANCELLED as it is. */
void                ttt_wormhole_mailbox_connect_async (TttWormholeMailbox  *self,
                                                        GCancellable        *cancellable,
                                                        GAsyncReadyCallback  callback,
                                                        gpointer             user_data);
gboolean            ttt_wormhole_mailbox_connect_finish (TttWormholeMailbox *self,
                                                         GAsyncResult       *result,
                                                         GError            **error);
/* The welcome's message of the day, or NULL. */
const char         *ttt_wormhole_mailbox_get_motd      (TttWormholeMailbox  *self);

/* The client's messages, once connected; each is sent with a new "id"
 * and counted until the server acks it. */
void                ttt_wormhole_mailbox_bind          (TttWormholeMailbox  *self,
                                                        const char          *appid,
                                                        const char          *side);
void                ttt_wormhole_mailbox_allocate      (TttWormholeMailbox  *self);
void                ttt_wormhole_mailbox_claim         (TttWormholeMailbox  *self,
                                                        const char          *nameplate);
void                ttt_wormhole_mailbox_release       (TttWormholeMailbox  *self,
                                                        const char          *nameplate);
void                ttt_wormhole_mailbox_open          (TttWormholeMailbox  *self,
                                                        const char          *mailbox);
/* @body: the bytes, sent as hex. */
void                ttt_wormhole_mailbox_add           (TttWormholeMailbox  *self,
                                                        const char          *phase,
                                                        GBytes              *body);
void                ttt_wormhole_mailbox_close_mailbox (TttWormholeMailbox  *self,
                                                        const char          *mailbox,
                                                        const char          *mood);
void                ttt_wormhole_mailbox_ping          (TttWormholeMailbox  *self);

/* How many messages the server has not acked yet. */
guint               ttt_wormhole_mailbox_get_n_unacked (TttWormholeMailbox  *self);
/* How long the server may take to ack a message before the connection
 * counts as lost (30 s unless set; for tests), and how often an idle
 * connection pings (60 s). */
void                ttt_wormhole_mailbox_set_timeouts  (TttWormholeMailbox  *self,
                                                        guint                ack_ms,
                                                        guint                ping_ms);

/* How long to wait before the first try to connect again (1 s unless
 * set; each next wait is twice the last, up to 8 times the first), and
 * how long after the break to give up (60 s, counted from the first
 * break since the connection last stayed mended that long); for tests. */
void                ttt_wormhole_mailbox_set_reconnect (TttWormholeMailbox *self,
                                                        guint               first_ms,
                                                        guint               give_up_ms);

/* Whether a WebSocket that broke is being made again: TRUE from the
 * break until the server has acked all that was asked again, or the
 * connection ends. Also the "reconnecting" property, notified once each
 * way, not on each try. */
gboolean            ttt_wormhole_mailbox_get_reconnecting (TttWormholeMailbox *self);

/* Closes the WebSocket after what is already queued, without waiting for
 * the server; no signal is emitted after this. */
void                ttt_wormhole_mailbox_disconnect    (TttWormholeMailbox  *self);

/* Signals:
 *   "message" (const TttMailboxMessage *message) — each server message
 *       after the welcome but for acks and pongs, already checked;
 *   "closed"  (const GError *error) — the connection ended by itself,
 *       once, and only after connecting succeeded. */

G_END_DECLS
