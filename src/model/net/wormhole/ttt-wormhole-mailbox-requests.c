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
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>

#include "ttt-wormhole-crypto.h"
#include "ttt-wormhole-mailbox-private.h"

typedef struct
{
  char   *id;
  gint64  sent;      /* monotonic, µs */
} Unacked;

static void
unacked_free (Unacked *unacked)
{
  g_free (unacked->id);
  g_free (unacked);
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

void
ttt_wormhole_mailbox_bind (TttWormholeMailbox *self,
                           const char         *appid,
                           const char         *side)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (appid != NULL);
  g_return_if_fail (ttt_mailbox_name_check (side));

  add_member (builder, "appid", appid);
  add_member (builder, "side", side);
  json_builder_set_member_name (builder, "client_version");
  json_builder_begin_array (builder);
  json_builder_add_string_value (builder, TTT_WORMHOLE_CLIENT_NAME);
  json_builder_add_string_value (builder, PACKAGE_VERSION);
  json_builder_end_array (builder);
  send_object (self, "bind", builder);
}

void
ttt_wormhole_mailbox_allocate (TttWormholeMailbox *self)
{
  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));

  send_object (self, "allocate", NULL);
}

void
ttt_wormhole_mailbox_claim (TttWormholeMailbox *self,
                            const char         *nameplate)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (nameplate != NULL);

  add_member (builder, "nameplate", nameplate);
  send_object (self, "claim", builder);
}

void
ttt_wormhole_mailbox_release (TttWormholeMailbox *self,
                              const char         *nameplate)
{
  g_autoptr(JsonBuilder) builder = begin ();

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (nameplate != NULL);

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

  add_member (builder, "mailbox", mailbox);
  send_object (self, "open", builder);
}

void
ttt_wormhole_mailbox_add (TttWormholeMailbox *self,
                          const char         *phase,
                          GBytes             *body)
{
  g_autoptr(JsonBuilder) builder = begin ();
  g_autofree char *hex = NULL;
  const guint8 *data;
  gsize size;

  g_return_if_fail (TTT_IS_WORMHOLE_MAILBOX (self));
  g_return_if_fail (ttt_mailbox_name_check (phase));
  g_return_if_fail (body != NULL);

  data = g_bytes_get_data (body, &size);
  hex = ttt_wormhole_hex (data, size);
  add_member (builder, "phase", phase);
  add_member (builder, "body", hex);
  send_object (self, "add", builder);
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
