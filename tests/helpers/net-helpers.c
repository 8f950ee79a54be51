/* net-helpers.c — the main loop, recorders and loopback pairs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "net-helpers.h"

#include <string.h>

static gboolean
guard_cb (gpointer user_data)
{
  gboolean *expired = user_data;

  *expired = TRUE;
  return G_SOURCE_REMOVE;
}

void
ttt_net_wait (TttNetCondition done,
              gpointer        data,
              guint           guard_ms)
{
  gboolean expired = FALSE;
  guint guard = g_timeout_add (guard_ms, guard_cb, &expired);

  while (!done (data) && !expired)
    g_main_context_iteration (NULL, TRUE);
  if (expired)
    g_error ("Waited %u ms for the network: it hangs", guard_ms);
  g_source_remove (guard);
}

void
ttt_net_drain (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
}

static void
verification_ready_cb (TttConnection *connection,
                       const char    *code,
                       gpointer       user_data)
{
  TttNetRecord *record = user_data;

  g_assert_null (record->code);
  g_assert_nonnull (code);
  record->code = g_strdup (code);
}

static void
message_received_cb (TttConnection    *connection,
                     const TttMessage *message,
                     gpointer          user_data)
{
  TttNetRecord *record = user_data;

  g_ptr_array_add (record->messages, ttt_message_copy (message));
}

static void
closed_cb (TttConnection *connection,
           const GError  *reason,
           gpointer       user_data)
{
  TttNetRecord *record = user_data;

  g_assert_nonnull (reason);
  g_assert_cmpint (reason->domain, ==, TTT_CONNECTION_ERROR);
  g_assert_cmpuint (record->closed, ==, 0);
  g_assert_cmpint (ttt_connection_get_state (connection), ==, TTT_CONNECTION_STATE_CLOSED);
  if (g_test_initialized ())
    g_test_message ("closed: %s", reason->message);
  record->closed++;
  record->reason = g_error_copy (reason);
}

TttNetRecord *
ttt_net_record_new (TttConnection *connection)
{
  TttNetRecord *record = g_new0 (TttNetRecord, 1);

  record->connection = g_object_ref (connection);
  record->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_message_free);
  g_signal_connect (connection, "verification-ready", G_CALLBACK (verification_ready_cb), record);
  g_signal_connect (connection, "message-received", G_CALLBACK (message_received_cb), record);
  g_signal_connect (connection, "closed", G_CALLBACK (closed_cb), record);
  return record;
}

void
ttt_net_record_free (TttNetRecord *record)
{
  g_signal_handlers_disconnect_by_data (record->connection, record);
  g_object_unref (record->connection);
  g_ptr_array_unref (record->messages);
  g_clear_error (&record->reason);
  g_free (record->code);
  g_free (record);
}

gboolean
ttt_net_record_ready (gpointer data)
{
  TttNetRecord *record = data;

  return record->code != NULL || record->closed > 0;
}

gboolean
ttt_net_record_closed (gpointer data)
{
  TttNetRecord *record = data;

  return record->closed > 0;
}

void
ttt_net_wait_ready (TttNetRecord *record)
{
  ttt_net_wait (ttt_net_record_ready, record, 30000);
  if (record->reason != NULL)
    g_error ("Closed instead of ready: %s", record->reason->message);
}

void
ttt_net_wait_closed (TttNetRecord *record)
{
  ttt_net_wait (ttt_net_record_closed, record, 30000);
}

typedef struct {
  TttNetRecord *record;
  guint         count;
} MessageCount;

static gboolean
has_messages (gpointer data)
{
  MessageCount *wanted = data;

  return wanted->record->messages->len >= wanted->count || wanted->record->closed > 0;
}

void
ttt_net_wait_messages (TttNetRecord *record,
                       guint         count)
{
  MessageCount wanted = { record, count };

  ttt_net_wait (has_messages, &wanted, 30000);
  g_assert_cmpuint (record->messages->len, ==, count);
}

gboolean
ttt_net_records_ready (gpointer data)
{
  TttNetRecord **records = data;

  return ttt_net_record_ready (records[0]) && ttt_net_record_ready (records[1]);
}

gboolean
ttt_net_records_closed (gpointer data)
{
  TttNetRecord **records = data;

  return ttt_net_record_closed (records[0]) && ttt_net_record_closed (records[1]);
}

TttMessage *
ttt_net_hello (const char *name)
{
  return ttt_message_new_hello ("0.2.0", name, "classic", TTT_NET_X_HOST);
}

void
ttt_net_set_patient_timeouts (TttConnection *connection)
{
  /* The defaults (10 s for the handshake, 30 s of silence) are for
   * people; under valgrind a TLS handshake alone can take longer. */
  ttt_connection_set_timeouts (connection, 120000, 10000, 300000);
}

TttConnection *
ttt_net_host_new (const char *address,
                  const char *name)
{
  g_autoptr(TttMessage) hello = ttt_net_hello (name);
  g_autoptr(GError) error = NULL;
  TttConnection *host = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);

  ttt_net_set_patient_timeouts (host);
  g_assert_true (ttt_connection_listen (host, address != NULL ? address : "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (ttt_connection_get_port (host), >, 0);
  g_assert_cmpint (ttt_connection_get_state (host), ==, TTT_CONNECTION_STATE_LISTENING);
  return host;
}

TttConnection *
ttt_net_guest_new (TttConnection *host,
                   const char    *address,
                   const char    *name)
{
  g_autoptr(TttMessage) hello = ttt_net_hello (name);
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;
  TttConnection *guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);

  ttt_net_set_patient_timeouts (guest);
  if (address == NULL)
    address = "127.0.0.1";
  target = g_strdup_printf ("%s:%u", address, ttt_connection_get_port (host));
  g_assert_true (ttt_connection_connect (guest, target, &error));
  g_assert_no_error (error);
  return guest;
}

void
ttt_net_drop (TttConnection **connection)
{
  gpointer weak = *connection;

  g_object_add_weak_pointer (G_OBJECT (weak), &weak);
  g_clear_object (connection);
  g_assert_null (weak);
}

gboolean
ttt_net_accept_any_cb (GTlsConnection       *tls,
                       GTlsCertificate      *peer,
                       GTlsCertificateFlags  errors,
                       gpointer              user_data)
{
  return TRUE;
}

static void
write_all_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  TttNetIo *io = user_data;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, &io->count, &io->error);
  io->done = TRUE;
}

static void
read_all_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  TttNetIo *io = user_data;

  g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &io->count, &io->error);
  io->done = TRUE;
}

void
ttt_net_io_write_all (GIOStream  *stream,
                      const void *data,
                      gsize       size,
                      TttNetIo   *io)
{
  memset (io, 0, sizeof *io);
  g_output_stream_write_all_async (g_io_stream_get_output_stream (stream), data, size,
                                   G_PRIORITY_DEFAULT, NULL, write_all_cb, io);
}

void
ttt_net_io_read_all (GIOStream *stream,
                     void      *buffer,
                     gsize      size,
                     TttNetIo  *io)
{
  memset (io, 0, sizeof *io);
  g_input_stream_read_all_async (g_io_stream_get_input_stream (stream), buffer, size,
                                 G_PRIORITY_DEFAULT, NULL, read_all_cb, io);
}

gboolean
ttt_net_io_done (gpointer data)
{
  return ((TttNetIo *) data)->done;
}

gboolean
ttt_net_ios_done (gpointer data)
{
  TttNetIo *ios = data;

  return ios[0].done && ios[1].done;
}

void
ttt_net_check_carries (GIOStream  *from,
                       GIOStream  *to,
                       const void *data,
                       gsize       size,
                       guint       guard_ms)
{
  g_autofree guint8 *got = g_malloc0 (size + 1);
  TttNetIo ios[2];

  ttt_net_io_write_all (from, data, size, &ios[0]);
  ttt_net_io_read_all (to, got, size, &ios[1]);
  ttt_net_wait (ttt_net_ios_done, ios, guard_ms);
  g_assert_no_error (ios[0].error);
  g_assert_no_error (ios[1].error);
  g_assert_cmpuint (ios[0].count, ==, size);
  g_assert_cmpuint (ios[1].count, ==, size);
  g_assert_cmpmem (data, size, got, size);
}
