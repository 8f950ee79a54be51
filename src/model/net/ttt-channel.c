/* ttt-channel.c — the game's messages over a stream already secured
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Asynchronous calls get the channel without a reference and a
 * cancellable that closing or disposing cancels; a cancelled call returns
 * before touching the channel, so a channel dropped while a read is
 * pending simply goes away.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-channel.h"

/* One read's worth. */
#define READ_SIZE 4096

/* What may wait to be written to a peer that does not read: a whole
 * game's messages are a few kilobytes. Beyond, the peer is dropped. */
#define MAX_QUEUED_BYTES (64 * 1024)

struct _TttChannel
{
  GObject              parent_instance;

  GIOStream           *stream;
  TttChannelState      state;
  TttMessage          *peer_hello;

  guint                keep_alive_ms;
  guint                silence_ms;
  guint                keep_alive_id;
  guint                silence_id;

  GCancellable        *read_cancellable;  /* the reads; cancelled on close */
  GCancellable        *write_cancellable; /* the writes; cancelled on dispose */
  GByteArray          *line;
  TttProtocolSequence  incoming;

  GQueue               outgoing;          /* of GBytes */
  gsize                queued;            /* bytes in outgoing */
  gboolean             writing;
  gboolean             close_after_writing;
  guint64              sent;
};

G_DEFINE_FINAL_TYPE (TttChannel, ttt_channel, G_TYPE_OBJECT)

G_DEFINE_QUARK (ttt-connection-error-quark, ttt_connection_error)

enum {
  READY,
  MESSAGE_RECEIVED,
  CLOSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void start_reading (TttChannel       *self);
static void write_next    (TttChannel       *self);
static void send_message  (TttChannel       *self,
                           const TttMessage *message);

static void
clear_outgoing (TttChannel *self)
{
  g_queue_clear_full (&self->outgoing, (GDestroyNotify) g_bytes_unref);
  self->queued = 0;
}

static void
close_stream_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  /* A peer gone already makes the close fail; there is nothing left to
   * tell anyone. */
  g_io_stream_close_finish (G_IO_STREAM (source), result, NULL);
  g_object_unref (source);
}

static void
close_stream (TttChannel *self)
{
  GIOStream *stream = g_steal_pointer (&self->stream);

  if (stream != NULL)
    g_io_stream_close_async (stream, G_PRIORITY_DEFAULT, NULL, close_stream_cb, stream);
}

static void
finish (TttChannel   *self,
        const GError *reason,
        gboolean      goodbye)
{
  if (self->state == TTT_CHANNEL_STATE_CLOSED)
    return;

  g_object_ref (self);

  g_clear_handle_id (&self->keep_alive_id, g_source_remove);
  g_clear_handle_id (&self->silence_id, g_source_remove);
  g_cancellable_cancel (self->read_cancellable);

  if (goodbye && self->state == TTT_CHANNEL_STATE_READY && self->stream != NULL)
    {
      g_autoptr(TttMessage) message = ttt_message_new (TTT_MESSAGE_GOODBYE);
      g_autofree char *line = ttt_protocol_serialize (message, ++self->sent, NULL);

      /* What is still queued goes first, then the goodbye, then the
       * close. */
      if (line != NULL)
        {
          gsize length = strlen (line);

          g_queue_push_tail (&self->outgoing, g_bytes_new_take (g_steal_pointer (&line), length));
          self->queued += length;
        }
      self->close_after_writing = TRUE;
    }
  else
    {
      clear_outgoing (self);
      /* A write under way finishes first; closing under it would fail. */
      if (self->writing)
        self->close_after_writing = TRUE;
      else
        close_stream (self);
    }

  self->state = TTT_CHANNEL_STATE_CLOSED;
  if (self->close_after_writing)
    write_next (self);
  g_signal_emit (self, signals[CLOSED], 0, reason);

  g_object_unref (self);
}

static void
finish_with (TttChannel         *self,
             TttConnectionError  code,
             const char         *message)
{
  g_autoptr(GError) reason = g_error_new_literal (TTT_CONNECTION_ERROR, code, message);

  finish (self, reason, FALSE);
}

/* A message from the peer that breaks the protocol: the version gets its
 * own code, a person can act on it. */
static void
finish_with_protocol_error (TttChannel   *self,
                            const GError *error)
{
  if (g_error_matches (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_VERSION))
    finish_with (self, TTT_CONNECTION_ERROR_VERSION, error->message);
  else
    {
      /* Translators: %s says what was wrong with the message. */
      g_autofree char *text = g_strdup_printf (_("The other side sent a message this game cannot accept: %s"),
                                               error->message);

      finish_with (self, TTT_CONNECTION_ERROR_PROTOCOL, text);
    }
}

/* Timers */

#define SECONDS(ms) (((ms) + 999) / 1000)

static gboolean
silence_cb (gpointer user_data)
{
  TttChannel *self = user_data;
  guint s = SECONDS (self->silence_ms);
  g_autofree char *text = g_strdup_printf (ngettext ("Nothing was heard from the other side for %u second.",
                                                     "Nothing was heard from the other side for %u seconds.",
                                                     s),
                                           s);

  self->silence_id = 0;
  finish_with (self, TTT_CONNECTION_ERROR_TIMED_OUT, text);
  return G_SOURCE_REMOVE;
}

static void
restart_silence (TttChannel *self)
{
  g_clear_handle_id (&self->silence_id, g_source_remove);
  self->silence_id = g_timeout_add (self->silence_ms, silence_cb, self);
}

static gboolean
keep_alive_cb (gpointer user_data)
{
  TttChannel *self = user_data;
  g_autoptr(TttMessage) message = ttt_message_new (TTT_MESSAGE_KEEP_ALIVE);

  send_message (self, message);
  return G_SOURCE_CONTINUE;
}

/* Writing */

/* A write under way owns its bytes: they must outlive a channel dropped
 * in the middle of it. */
typedef struct {
  TttChannel *self;
  GBytes     *bytes;
} Write;

static void
write_free (Write *write)
{
  g_bytes_unref (write->bytes);
  g_free (write);
}

static void
write_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  Write *write = user_data;
  TttChannel *self = write->self;
  g_autoptr(GError) error = NULL;
  gboolean written;

  written = g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, NULL, &error);
  write_free (write);
  if (!written && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  self->writing = FALSE;
  if (!written)
    {
      g_debug ("Write failed: %s", error->message);
      clear_outgoing (self);
      if (self->close_after_writing)
        {
          self->close_after_writing = FALSE;
          close_stream (self);
        }
      finish_with (self, TTT_CONNECTION_ERROR_LOST, _("The connection to the other side was interrupted."));
      return;
    }
  write_next (self);
}

static void
write_next (TttChannel *self)
{
  Write *write;
  gsize size;
  const void *data;

  if (self->writing || self->stream == NULL)
    return;
  if (g_queue_is_empty (&self->outgoing))
    {
      if (self->close_after_writing)
        {
          self->close_after_writing = FALSE;
          close_stream (self);
        }
      return;
    }

  write = g_new0 (Write, 1);
  write->self = self;
  /* Everything queued goes in one write: a burst of messages is written
   * as fast as the peer reads, not one per turn of the main loop. */
  if (self->outgoing.length == 1)
    write->bytes = g_queue_pop_head (&self->outgoing);
  else
    {
      GByteArray *all = g_byte_array_sized_new ((guint) self->queued);
      GBytes *bytes;

      while ((bytes = g_queue_pop_head (&self->outgoing)) != NULL)
        {
          data = g_bytes_get_data (bytes, &size);
          g_byte_array_append (all, data, (guint) size);
          g_bytes_unref (bytes);
        }
      write->bytes = g_byte_array_free_to_bytes (all);
    }
  data = g_bytes_get_data (write->bytes, &size);
  self->queued -= size;
  self->writing = TRUE;
  g_output_stream_write_all_async (g_io_stream_get_output_stream (self->stream),
                                   data, size, G_PRIORITY_DEFAULT, self->write_cancellable,
                                   write_cb, write);
}

static void
send_message (TttChannel       *self,
              const TttMessage *message)
{
  g_autoptr(GError) error = NULL;
  char *line = ttt_protocol_serialize (message, self->sent + 1, &error);

  if (line == NULL)
    {
      g_critical ("Not sending a %s message: %s",
                  ttt_message_type_to_string (message->type), error->message);
      return;
    }
  self->sent++;
  self->queued += strlen (line);
  g_queue_push_tail (&self->outgoing, g_bytes_new_take (line, strlen (line)));
  /* A peer that sends and never reads would have us hold its answers
   * without end. */
  if (self->queued > MAX_QUEUED_BYTES)
    {
      finish_with (self, TTT_CONNECTION_ERROR_LOST,
                   _("The other side stopped reading what this game sends."));
      return;
    }
  write_next (self);
}

/* Reading */

static void
handle_line (TttChannel *self,
             const char *line,
             gsize       length)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) message = ttt_protocol_parse (line, length, &error);

  if (message == NULL || !ttt_protocol_sequence_check (&self->incoming, message, &error))
    {
      finish_with_protocol_error (self, error);
      return;
    }

  if (self->state == TTT_CHANNEL_STATE_HELLO)
    {
      if (message->type != TTT_MESSAGE_HELLO)
        {
          if (message->type == TTT_MESSAGE_GOODBYE)
            finish_with (self, TTT_CONNECTION_ERROR_PEER_LEFT, _("The other side left."));
          else
            finish_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                         _("The other side sent a move before introducing itself."));
          return;
        }
      self->peer_hello = g_steal_pointer (&message);
      self->state = TTT_CHANNEL_STATE_READY;
      self->keep_alive_id = g_timeout_add (self->keep_alive_ms, keep_alive_cb, self);
      restart_silence (self);
      g_signal_emit (self, signals[READY], 0);
      return;
    }

  restart_silence (self);
  switch (message->type)
    {
    case TTT_MESSAGE_HELLO:
      finish_with (self, TTT_CONNECTION_ERROR_PROTOCOL,
                   _("The other side introduced itself twice."));
      break;
    case TTT_MESSAGE_KEEP_ALIVE:
      break;
    case TTT_MESSAGE_GOODBYE:
      finish_with (self, TTT_CONNECTION_ERROR_PEER_LEFT, _("The other side left."));
      break;
    case TTT_MESSAGE_MOVE:
    case TTT_MESSAGE_RESIGN:
    case TTT_MESSAGE_REMATCH_OFFER:
    case TTT_MESSAGE_REMATCH_ACCEPT:
    case TTT_MESSAGE_UNDO_REQUEST:
    case TTT_MESSAGE_UNDO_ANSWER:
    case TTT_MESSAGE_CODE_CONFIRMED:
    case TTT_N_MESSAGE_TYPES:
    default:
      g_signal_emit (self, signals[MESSAGE_RECEIVED], 0, message);
      break;
    }
}

static void
finish_too_long (TttChannel *self)
{
  g_autoptr(GError) error = g_error_new (TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_TOO_LONG,
                                         _("A message is longer than %d bytes"),
                                         TTT_PROTOCOL_MAX_LINE);

  finish_with_protocol_error (self, error);
}

/* Takes the complete lines out of the buffer; FALSE once the channel has
 * closed. */
static gboolean
handle_lines (TttChannel *self)
{
  while (self->state != TTT_CHANNEL_STATE_CLOSED)
    {
      guint8 *end = memchr (self->line->data, '\n', self->line->len);
      gsize length;

      if (end == NULL)
        {
          if (self->line->len > TTT_PROTOCOL_MAX_LINE)
            {
              finish_too_long (self);
              return FALSE;
            }
          return TRUE;
        }
      length = end - self->line->data;
      if (length > TTT_PROTOCOL_MAX_LINE)
        {
          finish_too_long (self);
          return FALSE;
        }
      {
        /* The handlers may close the channel and so clear the buffer: the
         * line is handled from a copy. */
        g_autofree char *line = g_strndup ((const char *) self->line->data, length);

        g_byte_array_remove_range (self->line, 0, length + 1);
        handle_line (self, line, length);
      }
    }
  return FALSE;
}

static void
read_cb (GObject      *source,
         GAsyncResult *result,
         gpointer      user_data)
{
  TttChannel *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  gsize count = 0;
  const guint8 *data = NULL;

  bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, &error);
  if (bytes == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;

  g_object_ref (self);
  if (bytes != NULL)
    data = g_bytes_get_data (bytes, &count);
  if (bytes == NULL)
    {
      g_debug ("Read failed: %s", error->message);
      finish_with (self, TTT_CONNECTION_ERROR_LOST, _("The connection to the other side was interrupted."));
    }
  else if (count == 0)
    finish_with (self, TTT_CONNECTION_ERROR_LOST, _("The connection to the other side was interrupted."));
  else
    {
      g_byte_array_append (self->line, data, (guint) count);
      if (handle_lines (self))
        start_reading (self);
    }
  g_object_unref (self);
}

static void
start_reading (TttChannel *self)
{
  g_input_stream_read_bytes_async (g_io_stream_get_input_stream (self->stream), READ_SIZE,
                                   G_PRIORITY_DEFAULT, self->read_cancellable, read_cb, self);
}

/* API */

TttChannel *
ttt_channel_new (GIOStream        *stream,
                 const TttMessage *hello,
                 guint             keep_alive,
                 guint             silence)
{
  TttChannel *self;

  g_return_val_if_fail (G_IS_IO_STREAM (stream), NULL);
  g_return_val_if_fail (hello != NULL && hello->type == TTT_MESSAGE_HELLO, NULL);
  g_return_val_if_fail (keep_alive > 0 && silence > 0, NULL);

  self = g_object_new (TTT_TYPE_CHANNEL, NULL);
  self->stream = g_object_ref (stream);
  self->keep_alive_ms = keep_alive;
  self->silence_ms = silence;
  send_message (self, hello);
  if (self->state != TTT_CHANNEL_STATE_CLOSED)
    start_reading (self);
  return self;
}

void
ttt_channel_send (TttChannel       *self,
                  const TttMessage *message)
{
  g_return_if_fail (TTT_IS_CHANNEL (self));
  g_return_if_fail (message != NULL);
  g_return_if_fail (message->type != TTT_MESSAGE_HELLO
                    && message->type != TTT_MESSAGE_KEEP_ALIVE
                    && message->type != TTT_MESSAGE_GOODBYE);

  if (self->state == TTT_CHANNEL_STATE_CLOSED)
    return;
  send_message (self, message);
}

void
ttt_channel_close (TttChannel   *self,
                   const GError *reason,
                   gboolean      goodbye)
{
  g_return_if_fail (TTT_IS_CHANNEL (self));
  g_return_if_fail (reason != NULL);

  finish (self, reason, goodbye);
}

TttChannelState
ttt_channel_get_state (TttChannel *self)
{
  g_return_val_if_fail (TTT_IS_CHANNEL (self), TTT_CHANNEL_STATE_CLOSED);

  return self->state;
}

const TttMessage *
ttt_channel_get_peer_hello (TttChannel *self)
{
  g_return_val_if_fail (TTT_IS_CHANNEL (self), NULL);

  return self->peer_hello;
}

/* GObject */

static void
ttt_channel_dispose (GObject *object)
{
  TttChannel *self = TTT_CHANNEL (object);

  g_clear_handle_id (&self->keep_alive_id, g_source_remove);
  g_clear_handle_id (&self->silence_id, g_source_remove);
  g_cancellable_cancel (self->read_cancellable);
  g_cancellable_cancel (self->write_cancellable);
  clear_outgoing (self);
  self->state = TTT_CHANNEL_STATE_CLOSED;
  /* Dropped without a goodbye: whoever owns the transport underneath
   * closes it at once. */
  g_clear_object (&self->stream);

  G_OBJECT_CLASS (ttt_channel_parent_class)->dispose (object);
}

static void
ttt_channel_finalize (GObject *object)
{
  TttChannel *self = TTT_CHANNEL (object);

  g_clear_object (&self->read_cancellable);
  g_clear_object (&self->write_cancellable);
  g_clear_pointer (&self->peer_hello, ttt_message_free);
  g_clear_pointer (&self->line, g_byte_array_unref);

  G_OBJECT_CLASS (ttt_channel_parent_class)->finalize (object);
}

static void
ttt_channel_class_init (TttChannelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_channel_dispose;
  object_class->finalize = ttt_channel_finalize;

  /* The other side's hello has come (ttt_channel_get_peer_hello()). */
  signals[READY] =
    g_signal_new ("ready", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A game message from the other side, its sequence checked:
   * (const TttMessage *message). */
  signals[MESSAGE_RECEIVED] =
    g_signal_new ("message-received", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  TTT_TYPE_MESSAGE | G_SIGNAL_TYPE_STATIC_SCOPE);
  /* Once, at the end: (const GError *reason), TTT_CONNECTION_ERROR. */
  signals[CLOSED] =
    g_signal_new ("closed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
ttt_channel_init (TttChannel *self)
{
  self->state = TTT_CHANNEL_STATE_HELLO;
  self->read_cancellable = g_cancellable_new ();
  self->write_cancellable = g_cancellable_new ();
  self->line = g_byte_array_new ();
  g_queue_init (&self->outgoing);
  ttt_protocol_sequence_init (&self->incoming);
}
