/* ttt-wormhole-contender.c — one way a transit may reach the other side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The steps, each an asynchronous read or write holding a reference:
 * connecting (outbound only), the relay's "ok" (through a relay only),
 * the other side's handshake, then "go" (the sender writes it on the one
 * it keeps, the receiver reads it).
 */

#include "config.h"

#include <string.h>

#include "ttt-wormhole-contender.h"

typedef enum {
  STEP_CONNECTING,
  STEP_RELAY,          /* waiting for the relay's "ok" */
  STEP_HANDSHAKE,      /* waiting for the other side's handshake */
  STEP_GO,             /* receiver: waiting for "go" */
  STEP_SAYING_GO,      /* sender: writing "go" */
} Step;

struct _TttWormholeContender
{
  const TttWormholeContenderEvents *events;   /* NULL once dropped */
  gpointer                          user_data;

  char                             *label;
  TttWormholeRecordRole             role;
  gboolean                          inbound;
  const char                       *relay_handshake;   /* the owner's texts */
  const char                       *our_handshake;
  const char                       *their_handshake;

  GSocketConnection                *connection;
  GCancellable                     *cancellable;
  Step                              step;
  const char                       *expect;            /* what is due from the other end */
  gsize                             expect_len;
  gsize                             matched;
  guint8                            buffer[128];
};

static void read_next (TttWormholeContender *self);

static void
clear (TttWormholeContender *self)
{
  if (self->connection != NULL)
    g_io_stream_close (G_IO_STREAM (self->connection), NULL, NULL);
  g_clear_object (&self->connection);
  g_clear_object (&self->cancellable);
  g_free (self->label);
}

static void
fail (TttWormholeContender *self,
      const char           *why)
{
  const TttWormholeContenderEvents *events = self->events;

  if (events != NULL)
    events->failed (self, why, self->user_data);
}

static void
win (TttWormholeContender *self)
{
  self->events->won (self, self->user_data);
}

/* Saying and hearing */

static void
write_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  g_autoptr(TttWormholeContender) self = user_data;
  g_autoptr(GError) error = NULL;

  if (!g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error))
    fail (self, error->message);
  else if (self->events != NULL && self->step == STEP_SAYING_GO)
    win (self);
}

static void
say (TttWormholeContender *self,
     const char           *text)
{
  GOutputStream *output = g_io_stream_get_output_stream (G_IO_STREAM (self->connection));

  /* The texts are the owner's, which keeps them until it has dropped
   * the contender, and dropping cancels the write first. */
  g_output_stream_write_all_async (output, text, strlen (text), G_PRIORITY_DEFAULT,
                                   self->cancellable, write_cb, ttt_wormhole_contender_ref (self));
}

static void
expect (TttWormholeContender *self,
        Step                  step,
        const char           *text)
{
  self->step = step;
  self->expect = text;
  self->expect_len = strlen (text);
  self->matched = 0;
  read_next (self);
}

static void
say_handshake (TttWormholeContender *self)
{
  say (self, self->our_handshake);
  expect (self, STEP_HANDSHAKE, self->their_handshake);
}

/* All that was due has come. */
static void
heard (TttWormholeContender *self)
{
  switch (self->step)
    {
    case STEP_RELAY:
      say_handshake (self);
      break;

    case STEP_HANDSHAKE:
      if (self->role == TTT_WORMHOLE_RECORD_RECEIVER)
        expect (self, STEP_GO, "go\n");
      else
        self->events->heard (self, self->user_data);
      break;

    case STEP_GO:
      win (self);
      break;

    case STEP_CONNECTING:
    case STEP_SAYING_GO:
    default:
      g_assert_not_reached ();
    }
}

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  g_autoptr(TttWormholeContender) self = user_data;
  g_autoptr(GError) error = NULL;
  gssize n;

  n = g_input_stream_read_finish (G_INPUT_STREAM (source), result, &error);
  if (self->events == NULL)
    return;   /* dropped: nobody to tell */
  if (n < 0)
    fail (self, error->message);
  else if (n == 0)
    fail (self, "the connection ended");
  else if (memcmp (self->buffer, self->expect + self->matched, (gsize) n) != 0)
    fail (self, "it said something else than the handshake");
  else
    {
      self->matched += (gsize) n;
      if (self->matched == self->expect_len)
        heard (self);
      else
        read_next (self);
    }
}

static void
read_next (TttWormholeContender *self)
{
  GInputStream *input = g_io_stream_get_input_stream (G_IO_STREAM (self->connection));
  gsize wanted = MIN (self->expect_len - self->matched, sizeof self->buffer);

  g_input_stream_read_async (input, self->buffer, wanted, G_PRIORITY_DEFAULT,
                             self->cancellable, read_cb, ttt_wormhole_contender_ref (self));
}

static void
begin (TttWormholeContender *self,
       GSocketConnection    *connection)
{
  self->connection = connection;
  if (self->relay_handshake != NULL)
    {
      say (self, self->relay_handshake);
      expect (self, STEP_RELAY, "ok\n");
    }
  else
    say_handshake (self);
}

static void
connect_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  g_autoptr(TttWormholeContender) self = user_data;
  g_autoptr(GError) error = NULL;
  GSocketConnection *connection;

  connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &error);
  if (self->events == NULL)
    g_clear_object (&connection);
  else if (connection == NULL)
    fail (self, error->message);
  else
    begin (self, connection);
}

/* API */

TttWormholeContender *
ttt_wormhole_contender_new (const char                       *label,
                            TttWormholeRecordRole             role,
                            const char                       *relay_handshake,
                            const char                       *our_handshake,
                            const char                       *their_handshake,
                            const TttWormholeContenderEvents *events,
                            gpointer                          user_data)
{
  TttWormholeContender *self;

  g_return_val_if_fail (label != NULL, NULL);
  g_return_val_if_fail (our_handshake != NULL && their_handshake != NULL, NULL);
  g_return_val_if_fail (events != NULL, NULL);

  self = g_rc_box_new0 (TttWormholeContender);
  self->label = g_strdup (label);
  self->role = role;
  self->relay_handshake = relay_handshake;
  self->our_handshake = our_handshake;
  self->their_handshake = their_handshake;
  self->events = events;
  self->user_data = user_data;
  self->cancellable = g_cancellable_new ();
  return self;
}

TttWormholeContender *
ttt_wormhole_contender_ref (TttWormholeContender *self)
{
  return g_rc_box_acquire (self);
}

void
ttt_wormhole_contender_unref (TttWormholeContender *self)
{
  g_rc_box_release_full (self, (GDestroyNotify) clear);
}

void
ttt_wormhole_contender_connect (TttWormholeContender *self,
                                GSocketClient        *client,
                                GSocketConnectable   *address)
{
  g_return_if_fail (self != NULL && self->connection == NULL);
  g_return_if_fail (G_IS_SOCKET_CLIENT (client));

  self->step = STEP_CONNECTING;
  g_socket_client_connect_async (client, address, self->cancellable, connect_cb,
                                 ttt_wormhole_contender_ref (self));
}

void
ttt_wormhole_contender_accept (TttWormholeContender *self,
                               GSocketConnection    *connection)
{
  g_return_if_fail (self != NULL && self->connection == NULL);
  g_return_if_fail (G_IS_SOCKET_CONNECTION (connection));

  self->inbound = TRUE;
  begin (self, connection);
}

void
ttt_wormhole_contender_say_go (TttWormholeContender *self)
{
  g_return_if_fail (self != NULL && self->events != NULL);
  g_return_if_fail (self->role == TTT_WORMHOLE_RECORD_SENDER && self->step == STEP_HANDSHAKE);

  self->step = STEP_SAYING_GO;
  say (self, "go\n");
}

void
ttt_wormhole_contender_drop (TttWormholeContender *self)
{
  g_return_if_fail (self != NULL);

  if (self->events == NULL)
    return;
  self->events = NULL;
  g_cancellable_cancel (self->cancellable);
  if (self->connection != NULL)
    g_io_stream_close (G_IO_STREAM (self->connection), NULL, NULL);
}

gboolean
ttt_wormhole_contender_is_inbound (TttWormholeContender *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->inbound;
}

const char *
ttt_wormhole_contender_get_label (TttWormholeContender *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->label;
}

GSocketConnection *
ttt_wormhole_contender_steal_connection (TttWormholeContender *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_steal_pointer (&self->connection);
}
