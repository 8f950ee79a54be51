/* ttt-wormhole-transit-stream.c — a stream inside the transit's records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two small stream types of this file's own carry the halves: the input
 * reads from the connection only what the record under way lacks and
 * hands out its text; the output seals what it is given into one record
 * and holds what the connection would not take yet, written by a source
 * on the connection as it drains. Accepting the next record waits until
 * that is gone, which is the whole bound on memory.
 *
 * Closing writes what it still holds as far as the connection takes it
 * without waiting, then closes the connection: the game says goodbye
 * before closing, and a peer that does not read by then is not waited for.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-transit-stream.h"

static GError *
lost_error (void)
{
  return g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST,
                              _("The connection to the other side was interrupted."));
}

/* The input */

#define TTT_TYPE_TRANSIT_INPUT (ttt_transit_input_get_type ())
G_DECLARE_FINAL_TYPE (TttTransitInput, ttt_transit_input, TTT, TRANSIT_INPUT, GInputStream)

struct _TttTransitInput
{
  GInputStream             parent_instance;

  GInputStream            *base;
  TttWormholeRecordReader *reader;
  GBytes                  *text;     /* the record opened last, not all read yet */
  gsize                    offset;
  GError                  *error;    /* once failed, every read says this */
};

static void ttt_transit_input_pollable_init (GPollableInputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TttTransitInput, ttt_transit_input, G_TYPE_INPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_INPUT_STREAM,
                                                      ttt_transit_input_pollable_init))

static gssize
input_copy_out (TttTransitInput *self,
                void            *buffer,
                gsize            count)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (self->text, &size);
  gsize n = MIN (count, size - self->offset);

  memcpy (buffer, data + self->offset, n);
  self->offset += n;
  if (self->offset == size)
    {
      g_clear_pointer (&self->text, g_bytes_unref);
      self->offset = 0;
    }
  return (gssize) n;
}

static gssize
input_fail (TttTransitInput  *self,
            GError           *error,
            GError          **out)
{
  if (self->error == NULL)
    self->error = error;
  else
    g_error_free (error);
  g_propagate_error (out, g_error_copy (self->error));
  return -1;
}

/* Reads records until one has text to give: without blocking (a
 * would-block error) or blocking with @cancellable. */
static gssize
input_read (TttTransitInput  *self,
            void             *buffer,
            gsize             count,
            gboolean          blocking,
            GCancellable     *cancellable,
            GError          **error)
{
  while (TRUE)
    {
      GError *local_error = NULL;
      GBytes *text = NULL;
      guint8 *space;
      gsize wanted;
      gssize n;

      if (self->text != NULL)
        return input_copy_out (self, buffer, count);
      if (self->error != NULL)
        {
          g_propagate_error (error, g_error_copy (self->error));
          return -1;
        }

      space = ttt_wormhole_record_reader_space (self->reader, &wanted);
      if (blocking)
        n = g_input_stream_read (self->base, space, wanted, cancellable, &local_error);
      else
        n = g_pollable_input_stream_read_nonblocking (G_POLLABLE_INPUT_STREAM (self->base),
                                                      space, wanted, NULL, &local_error);
      if (n < 0)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK)
              || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_propagate_error (error, local_error);
              return -1;
            }
          g_debug ("Reading the transit failed: %s", local_error->message);
          g_error_free (local_error);
          return input_fail (self, lost_error (), error);
        }
      if (n == 0)
        return input_fail (self, lost_error (), error);
      if (!ttt_wormhole_record_reader_take (self->reader, (gsize) n, &text, &local_error))
        return input_fail (self, local_error, error);
      if (text != NULL && g_bytes_get_size (text) == 0)
        g_bytes_unref (text);
      else if (text != NULL)
        {
          self->text = text;
          self->offset = 0;
        }
    }
}

static gssize
ttt_transit_input_read_fn (GInputStream  *stream,
                           void          *buffer,
                           gsize          count,
                           GCancellable  *cancellable,
                           GError       **error)
{
  return input_read (TTT_TRANSIT_INPUT (stream), buffer, count, TRUE, cancellable, error);
}

static gboolean
ttt_transit_input_close_fn (GInputStream  *stream,
                            GCancellable  *cancellable,
                            GError       **error)
{
  /* The connection is the transit stream's to close. */
  return TRUE;
}

static gboolean
ttt_transit_input_can_poll (GPollableInputStream *stream)
{
  return TRUE;
}

static gboolean
ttt_transit_input_is_readable (GPollableInputStream *stream)
{
  TttTransitInput *self = TTT_TRANSIT_INPUT (stream);

  return self->text != NULL || self->error != NULL
         || g_pollable_input_stream_is_readable (G_POLLABLE_INPUT_STREAM (self->base));
}

static GSource *
ttt_transit_input_create_source (GPollableInputStream *stream,
                                 GCancellable         *cancellable)
{
  TttTransitInput *self = TTT_TRANSIT_INPUT (stream);
  g_autoptr(GSource) base_source = NULL;

  if (self->text != NULL || self->error != NULL)
    base_source = g_timeout_source_new (0);
  else
    base_source = g_pollable_input_stream_create_source (G_POLLABLE_INPUT_STREAM (self->base), NULL);
  return g_pollable_source_new_full (stream, base_source, cancellable);
}

static gssize
ttt_transit_input_read_nonblocking (GPollableInputStream  *stream,
                                    void                  *buffer,
                                    gsize                  count,
                                    GError               **error)
{
  return input_read (TTT_TRANSIT_INPUT (stream), buffer, count, FALSE, NULL, error);
}

static void
ttt_transit_input_finalize (GObject *object)
{
  TttTransitInput *self = TTT_TRANSIT_INPUT (object);

  g_clear_object (&self->base);
  g_clear_pointer (&self->reader, ttt_wormhole_record_reader_free);
  g_clear_pointer (&self->text, g_bytes_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (ttt_transit_input_parent_class)->finalize (object);
}

static void
ttt_transit_input_class_init (TttTransitInputClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GInputStreamClass *input_class = G_INPUT_STREAM_CLASS (klass);

  object_class->finalize = ttt_transit_input_finalize;
  input_class->read_fn = ttt_transit_input_read_fn;
  input_class->close_fn = ttt_transit_input_close_fn;
}

static void
ttt_transit_input_pollable_init (GPollableInputStreamInterface *iface)
{
  iface->can_poll = ttt_transit_input_can_poll;
  iface->is_readable = ttt_transit_input_is_readable;
  iface->create_source = ttt_transit_input_create_source;
  iface->read_nonblocking = ttt_transit_input_read_nonblocking;
}

static void
ttt_transit_input_init (TttTransitInput *self)
{
}

/* The output */

#define TTT_TYPE_TRANSIT_OUTPUT (ttt_transit_output_get_type ())
G_DECLARE_FINAL_TYPE (TttTransitOutput, ttt_transit_output, TTT, TRANSIT_OUTPUT, GOutputStream)

struct _TttTransitOutput
{
  GOutputStream            parent_instance;

  GOutputStream           *base;
  TttWormholeRecordWriter *writer;
  GBytes                  *pending;  /* one record, part of it written already */
  gsize                    offset;
  GSource                 *flusher;  /* writes the pending record as the connection drains */
  GError                  *error;
};

static void ttt_transit_output_pollable_init (GPollableOutputStreamInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TttTransitOutput, ttt_transit_output, G_TYPE_OUTPUT_STREAM,
                               G_IMPLEMENT_INTERFACE (G_TYPE_POLLABLE_OUTPUT_STREAM,
                                                      ttt_transit_output_pollable_init))

static gboolean
output_fail (TttTransitOutput  *self,
             GError            *error,
             GError           **out)
{
  if (self->error == NULL)
    self->error = error;
  else
    g_error_free (error);
  g_propagate_error (out, g_error_copy (self->error));
  return FALSE;
}

static gboolean
output_failed (TttTransitOutput  *self,
               GError           **error)
{
  if (self->error == NULL)
    return FALSE;
  g_propagate_error (error, g_error_copy (self->error));
  return TRUE;
}

/* Writes what is pending: TRUE once nothing is. Without blocking, FALSE
 * with a would-block error while the connection takes no more. */
static gboolean
output_flush (TttTransitOutput  *self,
              gboolean           blocking,
              GCancellable      *cancellable,
              GError           **error)
{
  while (self->pending != NULL)
    {
      GError *local_error = NULL;
      gsize size;
      const guint8 *data = g_bytes_get_data (self->pending, &size);
      gssize n;

      if (blocking)
        n = g_output_stream_write (self->base, data + self->offset, size - self->offset,
                                   cancellable, &local_error);
      else
        n = g_pollable_output_stream_write_nonblocking (G_POLLABLE_OUTPUT_STREAM (self->base),
                                                        data + self->offset, size - self->offset,
                                                        NULL, &local_error);
      if (n < 0)
        {
          if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK)
              || g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            {
              g_propagate_error (error, local_error);
              return FALSE;
            }
          g_debug ("Writing the transit failed: %s", local_error->message);
          g_error_free (local_error);
          g_clear_pointer (&self->pending, g_bytes_unref);
          return output_fail (self, lost_error (), error);
        }
      self->offset += (gsize) n;
      if (self->offset == size)
        {
          g_clear_pointer (&self->pending, g_bytes_unref);
          self->offset = 0;
        }
    }
  return TRUE;
}

static gboolean
flusher_cb (GObject  *base,
            gpointer  user_data)
{
  TttTransitOutput *self = user_data;

  if (!output_flush (self, FALSE, NULL, NULL) && self->pending != NULL)
    return G_SOURCE_CONTINUE;
  g_clear_pointer (&self->flusher, g_source_unref);
  return G_SOURCE_REMOVE;
}

static void
start_flusher (TttTransitOutput *self)
{
  if (self->flusher != NULL || self->pending == NULL)
    return;
  self->flusher = g_pollable_output_stream_create_source (G_POLLABLE_OUTPUT_STREAM (self->base), NULL);
  g_source_set_callback (self->flusher, G_SOURCE_FUNC (flusher_cb), self, NULL);
  g_source_attach (self->flusher, g_main_context_get_thread_default ());
}

static void
stop_flusher (TttTransitOutput *self)
{
  if (self->flusher == NULL)
    return;
  g_source_destroy (self->flusher);
  g_clear_pointer (&self->flusher, g_source_unref);
}

static gssize
output_write (TttTransitOutput  *self,
              const void        *buffer,
              gsize              count,
              gboolean           blocking,
              GCancellable      *cancellable,
              GError           **error)
{
  GError *local_error = NULL;
  gsize chunk = MIN (count, TTT_WORMHOLE_RECORD_MAX_TEXT);

  if (output_failed (self, error) || !output_flush (self, blocking, cancellable, error))
    return -1;

  self->pending = ttt_wormhole_record_writer_seal (self->writer, buffer, chunk);
  self->offset = 0;
  /* The record is taken now, whatever the connection does with it. */
  if (!output_flush (self, blocking, cancellable, &local_error))
    {
      g_error_free (local_error);
      if (output_failed (self, error))
        return -1;
      start_flusher (self);
    }
  return (gssize) chunk;
}

static gssize
ttt_transit_output_write_fn (GOutputStream  *stream,
                             const void     *buffer,
                             gsize           count,
                             GCancellable   *cancellable,
                             GError        **error)
{
  return output_write (TTT_TRANSIT_OUTPUT (stream), buffer, count, TRUE, cancellable, error);
}

static gboolean
ttt_transit_output_flush (GOutputStream  *stream,
                          GCancellable   *cancellable,
                          GError        **error)
{
  TttTransitOutput *self = TTT_TRANSIT_OUTPUT (stream);

  return !output_failed (self, error) && output_flush (self, TRUE, cancellable, error);
}

static gboolean
ttt_transit_output_close_fn (GOutputStream  *stream,
                             GCancellable   *cancellable,
                             GError        **error)
{
  return TRUE;
}

static gboolean
ttt_transit_output_can_poll (GPollableOutputStream *stream)
{
  return TRUE;
}

static gboolean
ttt_transit_output_is_writable (GPollableOutputStream *stream)
{
  TttTransitOutput *self = TTT_TRANSIT_OUTPUT (stream);

  return self->pending == NULL || self->error != NULL
         || g_pollable_output_stream_is_writable (G_POLLABLE_OUTPUT_STREAM (self->base));
}

static GSource *
ttt_transit_output_create_source (GPollableOutputStream *stream,
                                  GCancellable          *cancellable)
{
  TttTransitOutput *self = TTT_TRANSIT_OUTPUT (stream);
  g_autoptr(GSource) base_source = NULL;

  if (self->pending == NULL || self->error != NULL)
    base_source = g_timeout_source_new (0);
  else
    base_source = g_pollable_output_stream_create_source (G_POLLABLE_OUTPUT_STREAM (self->base), NULL);
  return g_pollable_source_new_full (stream, base_source, cancellable);
}

static gssize
ttt_transit_output_write_nonblocking (GPollableOutputStream  *stream,
                                      const void             *buffer,
                                      gsize                   count,
                                      GError                **error)
{
  return output_write (TTT_TRANSIT_OUTPUT (stream), buffer, count, FALSE, NULL, error);
}

static void
ttt_transit_output_dispose (GObject *object)
{
  stop_flusher (TTT_TRANSIT_OUTPUT (object));

  G_OBJECT_CLASS (ttt_transit_output_parent_class)->dispose (object);
}

static void
ttt_transit_output_finalize (GObject *object)
{
  TttTransitOutput *self = TTT_TRANSIT_OUTPUT (object);

  g_clear_object (&self->base);
  g_clear_pointer (&self->writer, ttt_wormhole_record_writer_free);
  g_clear_pointer (&self->pending, g_bytes_unref);
  g_clear_error (&self->error);

  G_OBJECT_CLASS (ttt_transit_output_parent_class)->finalize (object);
}

static void
ttt_transit_output_class_init (TttTransitOutputClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GOutputStreamClass *output_class = G_OUTPUT_STREAM_CLASS (klass);

  object_class->dispose = ttt_transit_output_dispose;
  object_class->finalize = ttt_transit_output_finalize;
  output_class->write_fn = ttt_transit_output_write_fn;
  output_class->flush = ttt_transit_output_flush;
  output_class->close_fn = ttt_transit_output_close_fn;
}

static void
ttt_transit_output_pollable_init (GPollableOutputStreamInterface *iface)
{
  iface->can_poll = ttt_transit_output_can_poll;
  iface->is_writable = ttt_transit_output_is_writable;
  iface->create_source = ttt_transit_output_create_source;
  iface->write_nonblocking = ttt_transit_output_write_nonblocking;
}

static void
ttt_transit_output_init (TttTransitOutput *self)
{
}

/* The stream */

struct _TttWormholeTransitStream
{
  GIOStream         parent_instance;

  GIOStream        *base;
  TttTransitInput  *input;
  TttTransitOutput *output;
};

G_DEFINE_FINAL_TYPE (TttWormholeTransitStream, ttt_wormhole_transit_stream, G_TYPE_IO_STREAM)

static GInputStream *
ttt_wormhole_transit_stream_get_input_stream (GIOStream *stream)
{
  return G_INPUT_STREAM (TTT_WORMHOLE_TRANSIT_STREAM (stream)->input);
}

static GOutputStream *
ttt_wormhole_transit_stream_get_output_stream (GIOStream *stream)
{
  return G_OUTPUT_STREAM (TTT_WORMHOLE_TRANSIT_STREAM (stream)->output);
}

static gboolean
close_now (TttWormholeTransitStream  *self,
           GError                   **error)
{
  /* What the connection takes at once; see the top of the file. */
  output_flush (self->output, FALSE, NULL, NULL);
  stop_flusher (self->output);
  g_output_stream_close (G_OUTPUT_STREAM (self->output), NULL, NULL);
  g_input_stream_close (G_INPUT_STREAM (self->input), NULL, NULL);
  return g_io_stream_close (self->base, NULL, error);
}

static gboolean
ttt_wormhole_transit_stream_close_fn (GIOStream     *stream,
                                      GCancellable  *cancellable,
                                      GError       **error)
{
  return close_now (TTT_WORMHOLE_TRANSIT_STREAM (stream), error);
}

/* Closing a socket never blocks: done on the main loop, not in a thread
 * as GIOStream would by default. */
static void
ttt_wormhole_transit_stream_close_async (GIOStream           *stream,
                                         int                  io_priority,
                                         GCancellable        *cancellable,
                                         GAsyncReadyCallback  callback,
                                         gpointer             user_data)
{
  g_autoptr(GTask) task = g_task_new (stream, cancellable, callback, user_data);
  GError *error = NULL;

  g_task_set_source_tag (task, ttt_wormhole_transit_stream_close_async);
  if (close_now (TTT_WORMHOLE_TRANSIT_STREAM (stream), &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static gboolean
ttt_wormhole_transit_stream_close_finish (GIOStream     *stream,
                                          GAsyncResult  *result,
                                          GError       **error)
{
  return g_task_propagate_boolean (G_TASK (result), error);
}

static void
ttt_wormhole_transit_stream_dispose (GObject *object)
{
  TttWormholeTransitStream *self = TTT_WORMHOLE_TRANSIT_STREAM (object);

  if (self->output != NULL)
    stop_flusher (self->output);

  G_OBJECT_CLASS (ttt_wormhole_transit_stream_parent_class)->dispose (object);
}

static void
ttt_wormhole_transit_stream_finalize (GObject *object)
{
  TttWormholeTransitStream *self = TTT_WORMHOLE_TRANSIT_STREAM (object);

  g_clear_object (&self->input);
  g_clear_object (&self->output);
  g_clear_object (&self->base);

  G_OBJECT_CLASS (ttt_wormhole_transit_stream_parent_class)->finalize (object);
}

static void
ttt_wormhole_transit_stream_class_init (TttWormholeTransitStreamClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GIOStreamClass *stream_class = G_IO_STREAM_CLASS (klass);

  object_class->dispose = ttt_wormhole_transit_stream_dispose;
  object_class->finalize = ttt_wormhole_transit_stream_finalize;
  stream_class->get_input_stream = ttt_wormhole_transit_stream_get_input_stream;
  stream_class->get_output_stream = ttt_wormhole_transit_stream_get_output_stream;
  stream_class->close_fn = ttt_wormhole_transit_stream_close_fn;
  stream_class->close_async = ttt_wormhole_transit_stream_close_async;
  stream_class->close_finish = ttt_wormhole_transit_stream_close_finish;
}

static void
ttt_wormhole_transit_stream_init (TttWormholeTransitStream *self)
{
}

GIOStream *
ttt_wormhole_transit_stream_new (GIOStream             *base,
                                 const guint8           transit_key[TTT_WORMHOLE_KEY_SIZE],
                                 TttWormholeRecordRole  role)
{
  TttWormholeTransitStream *self;
  GInputStream *base_input;
  GOutputStream *base_output;

  g_return_val_if_fail (G_IS_IO_STREAM (base), NULL);
  g_return_val_if_fail (transit_key != NULL, NULL);

  base_input = g_io_stream_get_input_stream (base);
  base_output = g_io_stream_get_output_stream (base);
  g_return_val_if_fail (G_IS_POLLABLE_INPUT_STREAM (base_input), NULL);
  g_return_val_if_fail (G_IS_POLLABLE_OUTPUT_STREAM (base_output), NULL);

  self = g_object_new (TTT_TYPE_WORMHOLE_TRANSIT_STREAM, NULL);
  self->base = g_object_ref (base);
  self->input = g_object_new (TTT_TYPE_TRANSIT_INPUT, NULL);
  self->input->base = g_object_ref (base_input);
  self->input->reader = ttt_wormhole_record_reader_new (transit_key, role);
  self->output = g_object_new (TTT_TYPE_TRANSIT_OUTPUT, NULL);
  self->output->base = g_object_ref (base_output);
  self->output->writer = ttt_wormhole_record_writer_new (transit_key, role);
  return G_IO_STREAM (self);
}

gsize
ttt_wormhole_transit_stream_get_pending (TttWormholeTransitStream *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_TRANSIT_STREAM (self), 0);

  if (self->output->pending == NULL)
    return 0;
  return g_bytes_get_size (self->output->pending) - self->output->offset;
}

GIOStream *
ttt_wormhole_transit_stream_get_base (TttWormholeTransitStream *self)
{
  g_return_val_if_fail (TTT_IS_WORMHOLE_TRANSIT_STREAM (self), NULL);

  return self->base;
}
