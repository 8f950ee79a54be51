/* ttt-wormhole-mailbox-requests.c — the client's messages to a mailbox server, and their acks
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The half of TttWormholeMailbox (ttt-wormhole-mailbox-private.h) that
 * writes: each client message goes out as one JSON object with a new
 * "id", and is counted until the server acks it.
 *
 * The server acks every message that carries an "id". The acks are how
 * a server that has gone silent without closing shows: the oldest
 * message not acked within the ack timeout ends the connection, and an
 * idle connection pings now and then so that there is always something
 * to be acked.
 *
 * What the session has asked for is kept, so that a connection made
 * again (ttt-wormhole-mailbox.c) can ask for it again, as the server
 * protocol lets a client: bind once more, allocate if no nameplate came,
 * claim the nameplate again unless it was released (a released one
 * cannot be claimed back), open the mailbox again (the server then gives
 * everything in it once more) and add again each of our messages the
 * server has not given back to us, which is the proof it has it. The
 * server may then hold one of ours twice; the other side passes the
 * second by, as it does every phase it has handled.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "ttt-wormhole-crypto.h"
#include "ttt-wormhole-mailbox-private.h"

typedef struct
{
  char   *id;
  gint64  sent;      /* monotonic, µs */
} Unacked;

typedef struct
{
  char   *phase;
  char   *hex;
} Added;

static void
unacked_free (Unacked *unacked)
{
  g_free (unacked->id);
  g_free (unacked);
}

static void
added_free (Added *added)
{
  g_free (added->phase);
  g_free (added->hex);
  g_free (added);
}

/* Acks and pings */

static gboolean ack_timeout_cb (gpointer user_data);

static void
schedule_ack_timeout (TttWormholeMailbox *self)
{
  Unacked *oldest = g_queue_peek_head (&self->unacked);
  gint64 due, now;

  g_clear_handle_id (&self->ack_timeout_id, g_source_remove);
  if (oldest == NULL)
    return;
  due = oldest->sent + (gint64) self->ack_ms * 1000;
  now = g_get_monotonic_time ();
  self->ack_timeout_id = g_timeout_add (due > now ? (guint) ((due - now + 999) / 1000) : 0,
                                        ack_timeout_cb, self);
}

static gboolean
ack_timeout_cb (gpointer user_data)
{
  TttWormholeMailbox *self = user_data;
  Unacked *oldest = g_queue_peek_head (&self->unacked);

  self->ack_timeout_id = 0;
  if (oldest != NULL && g_get_monotonic_time () - oldest->sent >= (gint64) self->ack_ms * 1000)
    {
      ttt_wormhole_mailbox_fail (self, TTT_CONNECTION_ERROR_TIMED_OUT,
                                 _("The mailbox server stopped answering."));
      return G_SOURCE_REMOVE;
    }
  schedule_ack_timeout (self);
  return G_SOURCE_REMOVE;
}

void
ttt_wormhole_mailbox_requests_got_ack (TttWormholeMailbox *self,
                                       const char         *id)
{
  /* The server acks in order, so the match is nearly always the oldest;
   * an ack of something never sent (an "id" of null, or a server's
   * mistake) is passed by. */
  for (GList *l = self->unacked.head; l != NULL && id != NULL; l = l->next)
    {
      Unacked *unacked = l->data;

      if (g_strcmp0 (unacked->id, id) == 0)
        {
          g_queue_delete_link (&self->unacked, l);
          unacked_free (unacked);
          schedule_ack_timeout (self);
          return;
        }
    }
  g_debug ("Mailbox server acked %s, which was not sent", id != NULL ? id : "null");
}

static gboolean
ping_cb (gpointer user_data)
{
  TttWormholeMailbox *self = user_data;

  if (g_queue_is_empty (&self->unacked))
    ttt_wormhole_mailbox_ping (self);
  return G_SOURCE_CONTINUE;
}

/* Sending */

/* Sends {"type": @type, "id": …, @members…}; @members is an open object
 * of a JsonBuilder whose members are added after these, or NULL. */
static void
send_object (TttWormholeMailbox *self,
             const char         *type,
             JsonBuilder        *members)
{
  g_autoptr(JsonBuilder) builder = members != NULL ? g_object_ref (members) : json_builder_new_immutable ();
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;
  Unacked *unacked;

  if (self->finished || !self->connected || self->websocket == NULL)
    {
      g_debug ("Mailbox message %s not sent: not connected", type);
      return;
    }

  if (members == NULL)
    json_builder_begin_object (builder);
  unacked = g_new0 (Unacked, 1);
  unacked->id = g_strdup_printf ("%" G_GINT64_MODIFIER "x", ++self->next_id);
  unacked->sent = g_get_monotonic_time ();
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, type);
  json_builder_set_member_name (builder, "id");
  json_builder_add_string_value (builder, unacked->id);
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  text = json_generator_to_data (generator, NULL);
  soup_websocket_connection_send_text (self->websocket, text);

  g_queue_push_tail (&self->unacked, unacked);
  if (self->ack_timeout_id == 0)
    schedule_ack_timeout (self);
}

static JsonBuilder *
begin (void)
{
  JsonBuilder *builder = json_builder_new_immutable ();

  json_builder_begin_object (builder);
  return builder;
}

static void
add_member (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

/* The messages as sent, then each as asked for and kept */

static void
send_bind (TttWormholeMailbox *self)
{
  g_autoptr(JsonBuilder) builder = begin ();

  add_member (builder, "appid", self->bound_appid);
  add_member (builder, "side", self->bound_side);
  json_builder_set_member_name (builder, "client_version");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, TTT_WORMHOLE_CLIENT_NAME);
  json_builder_add_string_value (builder, PACKAGE_VERSION);
  json_builder_end_array (builder);
  send_object (self, "bind", builder);
}

/* {"type": @type, @name: @value} */
static void
send_one (TttWormholeMailbox *self,
          const char         *type,
          const char         *name,
          const char         *value)
{
  g_autoptr(JsonBuilder) builder = begin ();

  add_member (builder, name, value);
  send_object (self, type, builder);
}

static void
send_add (TttWormholeMailbox *self,
          const Added        *added)
{
  g_autoptr(JsonBuilder) builder = begin ();

  add_member (builder, "phase", added->phase);
  add_member (builder, "body", added->hex);
  send_object (self, "add", builder);
}

void
ttt_wormhole_mailbox_bind (TttWormholeMailbox *self,
                           const char         *appid,
                           const char         *side)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (appid != NULL);
  g_return_if_fail (ttt_mailbox_name_check (side));

  g_free (self->bound_appid);
  g_free (self->bound_side);
  self->bound_appid = g_strdup (appid);
  self->bound_side = g_strdup (side);
  send_bind (self);
}

void
ttt_wormhole_mailbox_allocate (TttWormholeMailbox *self)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));

  self->allocating = TRUE;
  send_object (self, "allocate", NULL);
}

void
ttt_wormhole_mailbox_claim (TttWormholeMailbox *self,
                            const char         *nameplate)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (nameplate != NULL);

  g_free (self->claimed);
  self->claimed = g_strdup (nameplate);
  send_one (self, "claim", "nameplate", nameplate);
}

void
ttt_wormhole_mailbox_release (TttWormholeMailbox *self,
                              const char         *nameplate)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (nameplate != NULL);

  if (g_strcmp0 (self->claimed, nameplate) == 0)
    g_clear_pointer (&self->claimed, g_free);
  add_member (builder, "nameplate", nameplate);
  send_object (self, "release", builder);
}

void
ttt_wormhole_mailbox_open (TttWormholeMailbox *self,
                           const char         *mailbox)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (mailbox != NULL);

  g_free (self->opened);
  self->opened = g_strdup (mailbox);
  add_member (builder, "mailbox", mailbox);
  send_object (self, "open", builder);
}

void
ttt_wormhole_mailbox_add (TttWormholeMailbox *self,
                          const char         *phase,
                          GBytes             *body)
{
  Added *added;
  const guint8 *data;
  gsize size;

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (ttt_mailbox_name_check (phase));
  g_return_if_fail (body != NULL);

  data = g_bytes_get_data (body, &size);
  added = g_new0 (Added, 1);
  added->phase = g_strdup (phase);
  added->hex = ttt_wormhole_hex (data, size);
  g_queue_push_tail (&self->added, added);
  send_add (self, added);
}

void
ttt_wormhole_mailbox_close_mailbox (TttWormholeMailbox *self,
                                    const char         *mailbox,
                                    const char         *mood)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (mailbox != NULL);
  g_return_if_fail (mood != NULL);

  /* Nothing more goes to the mailbox, or comes from it. */
  g_clear_pointer (&self->opened, g_free);
  g_queue_clear_full (&self->added, (GDestroyNotify) added_free);
  add_member (builder, "mailbox", mailbox);
  add_member (builder, "mood", mood);
  send_object (self, "close", builder);
}

void
ttt_wormhole_mailbox_ping (TttWormholeMailbox *self)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));

  json_builder_set_member_name (builder, "ping");
  json_builder_add_int_value (builder, (gint64) (self->next_id + 1));
  send_object (self, "ping", builder);
}

guint
ttt_wormhole_mailbox_get_n_unacked (TttWormholeMailbox *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_MAILBOX (self), 0);

  return self->unacked.length;
}

void
ttt_wormhole_mailbox_set_timeouts (TttWormholeMailbox *self,
                                   guint               ack_ms,
                                   guint               ping_ms)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (ack_ms > 0 && ping_ms > 0);

  self->ack_ms = ack_ms;
  self->ping_ms = ping_ms;
  if (self->ping_id != 0)
    {
      g_source_remove (self->ping_id);
      self->ping_id = g_timeout_add (self->ping_ms, ping_cb, self);
    }
  if (self->ack_timeout_id != 0)
    schedule_ack_timeout (self);
}

/* The connection's life */

void
ttt_wormhole_mailbox_requests_start (TttWormholeMailbox *self)
{
  self->ping_id = g_timeout_add (self->ping_ms, ping_cb, self);
}

void
ttt_wormhole_mailbox_requests_stop (TttWormholeMailbox *self)
{
  g_clear_handle_id (&self->ack_timeout_id, g_source_remove);
  g_clear_handle_id (&self->ping_id, g_source_remove);
  g_queue_clear_full (&self->unacked, (GDestroyNotify) unacked_free);
}

/* What the session asked for */

void
ttt_wormhole_mailbox_requests_seen (TttWormholeMailbox      *self,
                                    const TttMailboxMessage *message)
{
  if (message->type == TTT_MAILBOX_MESSAGE_ALLOCATED)
    self->allocating = FALSE;
  if (message->type != TTT_MAILBOX_MESSAGE_MESSAGE || g_strcmp0 (message->side, self->bound_side) != 0)
    return;
  for (GList *l = self->added.head; l != NULL; l = l->next)
    {
      Added *added = l->data;

      if (strcmp (added->phase, message->phase) == 0 && strcmp (added->hex, message->body) == 0)
        {
          g_queue_delete_link (&self->added, l);
          added_free (added);
          return;
        }
    }
}

void
ttt_wormhole_mailbox_requests_replay (TttWormholeMailbox *self)
{
  /* Nothing asked yet, not even a bind: a ping, whose ack shows the new
   * connection works. With nothing to ack, it was never mended, and
   * was given up at the give-up time as if the server were gone. */
  if (self->bound_side == NULL)
    {
      ttt_wormhole_mailbox_ping (self);
      return;
    }
  g_debug ("Mailbox connection made again: asking for %s%s%s and %u messages again",
           self->allocating ? "a nameplate, " : "", self->claimed != NULL ? "the nameplate, " : "",
           self->opened != NULL ? "the mailbox" : "no mailbox", self->added.length);
  send_bind (self);
  if (self->allocating)
    send_object (self, "allocate", NULL);
  if (self->claimed != NULL)
    send_one (self, "claim", "nameplate", self->claimed);
  if (self->opened == NULL)
    return;
  send_one (self, "open", "mailbox", self->opened);
  for (GList *l = self->added.head; l != NULL; l = l->next)
    send_add (self, l->data);
}

void
ttt_wormhole_mailbox_requests_clear (TttWormholeMailbox *self)
{
  g_clear_pointer (&self->bound_appid, g_free);
  g_clear_pointer (&self->bound_side, g_free);
  g_clear_pointer (&self->claimed, g_free);
  g_clear_pointer (&self->opened, g_free);
  g_queue_clear_full (&self->added, (GDestroyNotify) added_free);
}
