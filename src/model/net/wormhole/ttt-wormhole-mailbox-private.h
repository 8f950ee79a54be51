/* ttt-wormhole-mailbox-private.h — what the mailbox connection's two files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttWormholeMailbox is written in two files along the line between the
 * WebSocket's life and what goes through it: ttt-wormhole-mailbox.c
 * connects, reads and checks the server's messages, connects again when
 * the WebSocket breaks and ends the connection once;
 * ttt-wormhole-mailbox-requests.c writes the client's messages, each
 * with an id, keeps count of the server's acks and of the pings that
 * keep an idle connection honest, and keeps what the session asked for
 * to ask it again on a new connection. Nothing outside these two files
 * includes this header.
 */

#pragma once

#include <libsoup/soup.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-mailbox.h"

G_BEGIN_DECLS

#define TTT_MAILBOX_DEFAULT_ACK_MS   30000
#define TTT_MAILBOX_DEFAULT_PING_MS  60000
/* The first wait before connecting again; each next one is twice the
 * last, up to TTT_MAILBOX_MAX_BACKOFF times the first. */
#define TTT_MAILBOX_DEFAULT_RETRY_MS   1000
#define TTT_MAILBOX_MAX_BACKOFF        8
/* How long after the connection broke it may take to be made again
 * before the session fails as it broke. */
#define TTT_MAILBOX_DEFAULT_GIVE_UP_MS 60000

struct _TttWormholeMailbox
{
  GObject                  parent_instance;

  char                    *url;
  SoupSession             *session;
  SoupWebsocketConnection *websocket;
  GTask                   *task;              /* connecting, until the welcome */
  GSource                 *cancel_source;     /* the task's cancellable, meanwhile */
  gboolean                 connected;         /* welcomed on this WebSocket */
  gboolean                 welcomed;          /* on the first: a break after is mended */
  gboolean                 finished;          /* closed, by us or by what happened */
  GError                  *websocket_error;   /* what libsoup said before closing */
  char                    *motd;

  /* Connecting again, while lost_error is set; "reconnecting" says so. */
  GError                  *lost_error;        /* what broke it first */
  gboolean                 reconnecting;
  /* When the trouble began: the first break since the connection last
   * stayed mended a whole give-up time; and when it was last mended. */
  gint64                   lost_since;
  gint64                   mended_at;
  GCancellable            *retry_cancellable; /* the attempt under way */
  guint                    first_retry_ms;
  guint                    retry_ms;          /* the next wait */
  guint                    give_up_ms;
  guint                    retry_id;
  guint                    give_up_id;

  /* The requests' (ttt-wormhole-mailbox-requests.c). */
  guint64                  next_id;
  GQueue                   unacked;           /* of Unacked, oldest first */
  guint                    ack_ms;
  guint                    ping_ms;
  guint                    ack_timeout_id;
  guint                    ping_id;
  /* What the session asked for, to ask again. */
  char                    *bound_appid;
  char                    *bound_side;
  gboolean                 allocating;        /* no "allocated" yet */
  char                    *claimed;           /* and not released */
  char                    *opened;            /* and not closed */
  GQueue                   added;             /* of ours the server has not given back */
};

/* In ttt-wormhole-mailbox.c: the connection ends with a sentence made of
 * @format, once. */
void ttt_wormhole_mailbox_fail            (TttWormholeMailbox *self,
                                           TttConnectionError  code,
                                           const char         *format,
                                           ...) G_GNUC_PRINTF (3, 4);

/* In ttt-wormhole-mailbox-requests.c: pinging starts once the server has
 * welcomed us; everything stops, the count of acks too, when the
 * connection ends; @id (may be NULL) is what the server acked. */
void ttt_wormhole_mailbox_requests_start  (TttWormholeMailbox *self);
void ttt_wormhole_mailbox_requests_stop   (TttWormholeMailbox *self);
void ttt_wormhole_mailbox_requests_got_ack (TttWormholeMailbox *self,
                                            const char         *id);
/* Each server message, before it is handed on: an allocation, or one of
 * our messages given back. */
void ttt_wormhole_mailbox_requests_seen   (TttWormholeMailbox      *self,
                                           const TttMailboxMessage *message);
/* On a new connection once welcomed: what the session asked for, again,
 * or a ping if it asked nothing yet; the connection is mended once the
 * server has acked all of it. */
void ttt_wormhole_mailbox_requests_replay (TttWormholeMailbox *self);
void ttt_wormhole_mailbox_requests_clear  (TttWormholeMailbox *self);

G_END_DECLS
