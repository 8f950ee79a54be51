/* test-net-channel.c — the game's messages over any stream
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttChannel is the seam between a transport (TCP and TLS today) and the
 * game: these tests give it a plain socket pair, no TLS and no address,
 * and check what it does alone — the hellos, messages each way in order,
 * the goodbye, a broken or endless line, silence, and a peer that never
 * reads. Everything waits on the main loop with a guard, never a sleep.
 */

#include "config.h"

#include <gio/gio.h>
#include <string.h>
#include <sys/socket.h>

#include "net-helpers.h"
#include "ttt-channel.h"

#define PATIENT_MS 600000

/* What a channel said. */
typedef struct {
  TttChannel *channel;
  gboolean    ready;
  GPtrArray  *messages;  /* of TttMessage */
  GError     *reason;
  guint       closed;
} Heard;

static void
ready_cb (TttChannel *channel,
          Heard      *heard)
{
  g_assert_false (heard->ready);
  heard->ready = TRUE;
}

static void
message_cb (TttChannel       *channel,
            const TttMessage *message,
            Heard            *heard)
{
  g_ptr_array_add (heard->messages, ttt_message_copy (message));
}

static void
closed_cb (TttChannel   *channel,
           const GError *reason,
           Heard        *heard)
{
  heard->closed++;
  g_clear_error (&heard->reason);
  heard->reason = g_error_copy (reason);
}

static void
heard_init (Heard      *heard,
            TttChannel *channel)
{
  heard->channel = channel;
  heard->messages = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_message_free);
  g_signal_connect (channel, "ready", G_CALLBACK (ready_cb), heard);
  g_signal_connect (channel, "message-received", G_CALLBACK (message_cb), heard);
  g_signal_connect (channel, "closed", G_CALLBACK (closed_cb), heard);
}

static void
heard_clear (Heard *heard)
{
  if (heard->channel != NULL)
    {
      g_signal_handlers_disconnect_by_data (heard->channel, heard);
      g_clear_object (&heard->channel);
    }
  g_clear_pointer (&heard->messages, g_ptr_array_unref);
  g_clear_error (&heard->reason);
}

static gboolean
is_ready (gpointer data)
{
  return ((Heard *) data)->ready;
}

static gboolean
is_closed (gpointer data)
{
  return ((Heard *) data)->closed > 0;
}

typedef struct {
  Heard *heard;
  guint  count;
} Count;

static gboolean
has_messages (gpointer data)
{
  Count *count = data;

  return count->heard->messages->len >= count->count;
}

/* One end of a socket pair as a GIOStream. */
static GIOStream *
stream_new (int fd)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) socket = g_socket_new_from_fd (fd, &error);

  g_assert_no_error (error);
  return G_IO_STREAM (g_socket_connection_factory_create_connection (socket));
}

static void
socket_pair (GIOStream **a,
             GIOStream **b)
{
  int fds[2];

  g_assert_cmpint (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), ==, 0);
  *a = stream_new (fds[0]);
  *b = stream_new (fds[1]);
}

static TttChannel *
channel_new (GIOStream  *stream,
             const char *name,
             guint       silence)
{
  g_autoptr(TttMessage) hello = ttt_net_hello (name);

  return ttt_channel_new (stream, hello, PATIENT_MS, silence);
}

/* Two channels say hello, exchange moves in order, and one says goodbye:
 * the other hears that it left, after every move sent before. */
static void
test_game (void)
{
  g_autoptr(GIOStream) a = NULL;
  g_autoptr(GIOStream) b = NULL;
  Heard ana = { 0 }, ben = { 0 };
  Count count = { &ben, 3 };

  socket_pair (&a, &b);
  heard_init (&ana, channel_new (a, "Ana", PATIENT_MS));
  heard_init (&ben, channel_new (b, "Ben", PATIENT_MS));
  g_assert_cmpint (ttt_channel_get_state (ana.channel), ==, TTT_CHANNEL_STATE_HELLO);
  g_assert_null (ttt_channel_get_peer_hello (ana.channel));

  ttt_net_wait (is_ready, &ana, 60000);
  ttt_net_wait (is_ready, &ben, 60000);
  g_assert_cmpint (ttt_channel_get_state (ana.channel), ==, TTT_CHANNEL_STATE_READY);
  g_assert_cmpstr (ttt_channel_get_peer_hello (ana.channel)->name, ==, "Ben");
  g_assert_cmpstr (ttt_channel_get_peer_hello (ben.channel)->name, ==, "Ana");

  for (int cell = 0; cell < 3; cell++)
    {
      g_autoptr(TttMessage) move = ttt_message_new_move (cell);

      ttt_channel_send (ana.channel, move);
    }
  {
    g_autoptr(GError) reason = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED, "bye");

    ttt_channel_close (ana.channel, reason, TRUE);
    /* Once only. */
    ttt_channel_close (ana.channel, reason, TRUE);
  }
  g_assert_cmpuint (ana.closed, ==, 1);
  g_assert_error (ana.reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED);

  ttt_net_wait (has_messages, &count, 60000);
  ttt_net_wait (is_closed, &ben, 60000);
  g_assert_cmpuint (ben.messages->len, ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      const TttMessage *move = g_ptr_array_index (ben.messages, i);

      g_assert_cmpint (move->type, ==, TTT_MESSAGE_MOVE);
      g_assert_cmpuint (move->cell, ==, i);
    }
  g_assert_error (ben.reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PEER_LEFT);
  g_assert_cmpuint (ben.closed, ==, 1);

  heard_clear (&ana);
  heard_clear (&ben);
  ttt_net_drain ();
}

/* Raw bytes from a peer that is not a channel. */
static void
write_raw (GIOStream  *stream,
           const char *bytes,
           gsize       length)
{
  g_autoptr(GError) error = NULL;

  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (stream), bytes, length,
                                            NULL, NULL, &error));
  g_assert_no_error (error);
}

typedef struct {
  const char *name;
  const char *sent;
  int         code;
  const char *says;
} Broken;

static const Broken broken[] = {
  { "not-json", "hello there\n", TTT_CONNECTION_ERROR_PROTOCOL, "not valid JSON" },
  { "move-first", "{\"type\":\"move\",\"seq\":1,\"cell\":4}\n", TTT_CONNECTION_ERROR_PROTOCOL,
    "before introducing" },
  { "goodbye-first", "{\"type\":\"goodbye\",\"seq\":1}\n", TTT_CONNECTION_ERROR_PEER_LEFT, "left" },
  { "newer", "{\"type\":\"hello\",\"seq\":1,\"version\":2,\"app\":\"9\",\"name\":\"M\",\"game\":\"classic\","
    "\"x\":\"host\",\"new\":1}\n", TTT_CONNECTION_ERROR_VERSION, "newer version" },
};

static void
test_broken (gconstpointer data)
{
  const Broken *bad = data;
  g_autoptr(GIOStream) a = NULL;
  g_autoptr(GIOStream) b = NULL;
  Heard ana = { 0 };

  socket_pair (&a, &b);
  heard_init (&ana, channel_new (a, "Ana", PATIENT_MS));
  write_raw (b, bad->sent, strlen (bad->sent));
  ttt_net_wait (is_closed, &ana, 60000);
  g_test_message ("closed: %s", ana.reason->message);
  g_assert_error (ana.reason, TTT_CONNECTION_ERROR, bad->code);
  g_assert_nonnull (strstr (ana.reason->message, bad->says));
  g_assert_false (ana.ready);
  g_assert_cmpint (ttt_channel_get_state (ana.channel), ==, TTT_CHANNEL_STATE_CLOSED);

  heard_clear (&ana);
  ttt_net_drain ();
}

/* A line that never ends is cut off at its bound, not buffered for ever. */
static void
test_endless_line (void)
{
  g_autoptr(GIOStream) a = NULL;
  g_autoptr(GIOStream) b = NULL;
  g_autofree char *junk = g_malloc (TTT_PROTOCOL_MAX_LINE + 2);
  Heard ana = { 0 };

  memset (junk, 'x', TTT_PROTOCOL_MAX_LINE + 2);
  socket_pair (&a, &b);
  heard_init (&ana, channel_new (a, "Ana", PATIENT_MS));
  write_raw (b, junk, TTT_PROTOCOL_MAX_LINE + 2);
  ttt_net_wait (is_closed, &ana, 60000);
  g_assert_error (ana.reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (ana.reason->message, "longer than"));

  heard_clear (&ana);
  ttt_net_drain ();
}

/* A peer that says hello and then nothing at all is dropped after the
 * silence, with the time in the sentence. */
static void
test_silence (void)
{
  g_autoptr(GIOStream) a = NULL;
  g_autoptr(GIOStream) b = NULL;
  g_autoptr(TttMessage) hello = ttt_net_hello ("Mallory");
  g_autofree char *line = ttt_protocol_serialize (hello, 1, NULL);
  Heard ana = { 0 };

  socket_pair (&a, &b);
  heard_init (&ana, channel_new (a, "Ana", 200));
  write_raw (b, line, strlen (line));
  ttt_net_wait (is_ready, &ana, 60000);
  ttt_net_wait (is_closed, &ana, 60000);
  g_assert_error (ana.reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TIMED_OUT);
  g_assert_nonnull (strstr (ana.reason->message, "1 second"));

  heard_clear (&ana);
  ttt_net_drain ();
}

/* A peer that never reads: what waits for it is bounded, and past the
 * bound the channel ends with a sentence rather than hold more. */
static void
test_never_reads (void)
{
  g_autoptr(GIOStream) a = NULL;
  g_autoptr(GIOStream) b = NULL;
  g_autoptr(TttMessage) hello = ttt_net_hello ("Mallory");
  g_autofree char *line = ttt_protocol_serialize (hello, 1, NULL);
  Heard ana = { 0 };
  guint sent = 0;

  socket_pair (&a, &b);
  heard_init (&ana, channel_new (a, "Ana", PATIENT_MS));
  write_raw (b, line, strlen (line));
  ttt_net_wait (is_ready, &ana, 60000);
  /* The socket buffers take some; the queue the rest, up to its bound.
   * Sent from the main loop's own turn, so no write can finish between. */
  while (ana.closed == 0 && sent < 100000)
    {
      g_autoptr(TttMessage) offer = ttt_message_new (TTT_MESSAGE_REMATCH_OFFER);

      ttt_channel_send (ana.channel, offer);
      sent++;
      if (sent % 64 == 0)
        ttt_net_drain ();
    }
  g_test_message ("closed after %u messages", sent);
  g_assert_cmpuint (ana.closed, ==, 1);
  g_assert_error (ana.reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  g_assert_nonnull (strstr (ana.reason->message, "stopped reading"));

  heard_clear (&ana);
  ttt_net_drain ();
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/channel/game", test_game);
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *path = g_strdup_printf ("/net/channel/broken/%s", broken[i].name);

      g_test_add_data_func (path, &broken[i], test_broken);
    }
  g_test_add_func ("/net/channel/endless-line", test_endless_line);
  g_test_add_func ("/net/channel/silence", test_silence);
  g_test_add_func ("/net/channel/never-reads", test_never_reads);

  return g_test_run ();
}
