/* test-wormhole-transit.c — two transits find each other and keep records
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two TttWormholeTransits in one process, their transit messages passed
 * by hand as the wormhole would: directly over loopback, and through a
 * real transit relay (magic-wormhole-transit-relay's twistd plugin) the
 * test starts on a free port of 127.0.0.1, with no direct hints. Then
 * the record stream against a peer of the test's own over a socket pair:
 * a tampered record, a replayed one and a length beyond the bound each
 * fail the stream with an error, the relay killed in the middle fails it
 * with "the connection was interrupted", a peer that stops reading makes the
 * writes wait with never more than one record held, and a stranger on
 * the listener is turned away without spoiling the real connection.
 */

#include "config.h"

#include <string.h>
#include <sys/socket.h>

#include "net-helpers.h"
#include "transit-relay.h"
#include "ttt-wormhole-crypto.h"
#include "ttt-wormhole-records.h"
#include "ttt-wormhole-hints.h"
#include "ttt-wormhole-transit.h"
#include "ttt-wormhole-transit-stream.h"

#define GUARD_MS 20000

static guint8 test_key[TTT_WORMHOLE_KEY_SIZE];

/* Two transits joined by hand */

typedef struct {
  TttWormholeTransit *transit;
  TttWormholeTransit *peer;
  GBytes             *sent;       /* its transit message */
  GIOStream          *stream;
  GError             *error;
  gboolean            done;
} Side;

static void
send_cb (TttWormholeTransit *transit,
         GBytes             *message,
         gpointer            user_data)
{
  Side *side = user_data;

  side->sent = g_bytes_ref (message);
  if (side->peer != NULL)
    ttt_wormhole_transit_receive (side->peer, message);
}

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Side *side = user_data;

  side->stream = ttt_wormhole_transit_connect_finish (TTT_WORMHOLE_TRANSIT (source), result, &side->error);
  side->done = TRUE;
}

static void
side_init (Side                  *side,
           TttWormholeRecordRole  role,
           const char            *relay,
           gboolean               direct)
{
  memset (side, 0, sizeof *side);
  side->transit = ttt_wormhole_transit_new (role, test_key, relay);
  ttt_wormhole_transit_set_direct (side->transit, direct);
  ttt_wormhole_transit_set_listen_address (side->transit, "127.0.0.1");
  g_signal_connect (side->transit, "send", G_CALLBACK (send_cb), side);
}

static void
side_clear (Side *side)
{
  if (side->stream != NULL)
    g_io_stream_close (side->stream, NULL, NULL);
  g_clear_object (&side->stream);
  g_clear_object (&side->transit);
  g_clear_pointer (&side->sent, g_bytes_unref);
  g_clear_error (&side->error);
}

static gboolean
side_done (gpointer data)
{
  return ((Side *) data)->done;
}

static gboolean
sides_done (gpointer data)
{
  Side *sides = data;

  return sides[0].done && sides[1].done;
}

/* The host (sender) and the guest (receiver), connected. */
static void
join (Side       sides[2],
      const char *relay,
      gboolean    direct)
{
  side_init (&sides[0], TTT_WORMHOLE_RECORD_SENDER, relay, direct);
  side_init (&sides[1], TTT_WORMHOLE_RECORD_RECEIVER, relay, direct);
  sides[0].peer = sides[1].transit;
  sides[1].peer = sides[0].transit;
  ttt_wormhole_transit_connect_async (sides[0].transit, NULL, connected_cb, &sides[0]);
  ttt_wormhole_transit_connect_async (sides[1].transit, NULL, connected_cb, &sides[1]);
  ttt_net_wait (sides_done, sides, GUARD_MS);
  g_assert_no_error (sides[0].error);
  g_assert_no_error (sides[1].error);
  g_assert_nonnull (sides[0].stream);
  g_assert_nonnull (sides[1].stream);
}

/* @size random bytes from @from to @to: what comes out is what went in. */
static void
check_carries (GIOStream *from,
               GIOStream *to,
               gsize      size)
{
  g_autofree guint8 *sent = g_malloc (size);

  for (gsize i = 0; i < size; i++)
    sent[i] = (guint8) g_test_rand_int ();
  ttt_net_check_carries (from, to, sent, size, GUARD_MS);
}

/* Reads one byte and gives the error it fails with. */
static GError *
read_error (GIOStream *stream)
{
  guint8 byte;
  TttNetIo io;

  ttt_net_io_read_all (stream, &byte, 1, &io);
  ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
  g_assert_nonnull (io.error);
  return io.error;
}

/* Over a direct connection */

static void
test_direct (void)
{
  Side sides[2];
  guint n_direct = 0, n_relays = 0;
  const char *text;
  gsize length;

  join (sides, NULL, TRUE);

  /* Each said where it listens, and nothing of a relay it has not. */
  text = g_bytes_get_data (sides[0].sent, &length);
  g_assert_true (ttt_wormhole_hints_check (text, length, &n_direct, &n_relays, NULL));
  g_assert_cmpuint (n_direct, ==, 1);
  g_assert_cmpuint (n_relays, ==, 0);
  g_assert_nonnull (strstr (text, "\"abilities-v1\""));

  check_carries (sides[0].stream, sides[1].stream, 10);
  check_carries (sides[1].stream, sides[0].stream, 10);
  /* More than a record holds, so several records in a row. */
  check_carries (sides[0].stream, sides[1].stream, 3 * TTT_WORMHOLE_RECORD_MAX_TEXT + 17);
  check_carries (sides[1].stream, sides[0].stream, 100 * 1024);

  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

/* Through the relay alone */

static void
test_relay (void)
{
  g_autoptr(TransitRelay) relay = transit_relay_start ();
  g_autofree char *url = NULL;
  Side sides[2];
  guint n_direct = 1, n_relays = 0;
  const char *text;
  gsize length;

  if (relay == NULL)
    {
      g_test_fail_printf ("No transit relay (twistd3 and magic-wormhole-transit-relay) here");
      return;
    }
  url = transit_relay_get_url (relay);
  join (sides, url, FALSE);

  text = g_bytes_get_data (sides[1].sent, &length);
  g_assert_true (ttt_wormhole_hints_check (text, length, &n_direct, &n_relays, NULL));
  g_assert_cmpuint (n_direct, ==, 0);
  g_assert_cmpuint (n_relays, ==, 1);

  check_carries (sides[0].stream, sides[1].stream, 1000);
  check_carries (sides[1].stream, sides[0].stream, 40 * 1024);

  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

/* The relay gone in the middle */

static void
test_relay_killed (void)
{
  g_autoptr(TransitRelay) relay = transit_relay_start ();
  g_autofree char *url = NULL;
  g_autoptr(GError) error = NULL;
  Side sides[2];

  if (relay == NULL)
    {
      g_test_fail_printf ("No transit relay (twistd3 and magic-wormhole-transit-relay) here");
      return;
    }
  url = transit_relay_get_url (relay);
  join (sides, url, FALSE);
  check_carries (sides[0].stream, sides[1].stream, 100);

  transit_relay_kill (relay);
  error = read_error (sides[1].stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  g_assert_cmpstr (error->message, ==, "The connection to the other side was interrupted.");
  g_clear_error (&error);
  error = read_error (sides[0].stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);

  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

/* A stranger at the listener */

typedef struct {
  GSocketConnection *connection;
  GError            *error;
  gboolean           done;
} Dialled;

static void
dialled_cb (GObject      *source,
            GAsyncResult *result,
            gpointer      user_data)
{
  Dialled *dialled = user_data;

  dialled->connection = g_socket_client_connect_finish (G_SOCKET_CLIENT (source), result, &dialled->error);
  dialled->done = TRUE;
}

static gboolean
dialled_done (gpointer data)
{
  return ((Dialled *) data)->done;
}

/* The port of the first direct hint of a transit message. */
static guint16
hinted_port (GBytes *message)
{
  const char *text = g_bytes_get_data (message, NULL);
  const char *port = strstr (text, "\"port\"");

  g_assert_nonnull (port);
  port += strlen ("\"port\"");
  while (*port == ' ' || *port == ':')
    port++;
  return (guint16) g_ascii_strtoull (port, NULL, 10);
}

static void
test_stranger (void)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnectable) address = NULL;
  Dialled dialled = { 0 };
  TttNetIo io;
  guint8 answer[512];
  const char *probe = "GET / HTTP/1.1\r\nHost: example\r\n\r\n";
  Side sides[2];

  /* The host alone first: its listener is there, the guest is not yet. */
  side_init (&sides[0], TTT_WORMHOLE_RECORD_SENDER, NULL, TRUE);
  side_init (&sides[1], TTT_WORMHOLE_RECORD_RECEIVER, NULL, TRUE);
  sides[1].peer = sides[0].transit;
  ttt_wormhole_transit_connect_async (sides[0].transit, NULL, connected_cb, &sides[0]);
  g_assert_nonnull (sides[0].sent);

  address = g_network_address_new ("127.0.0.1", hinted_port (sides[0].sent));
  g_socket_client_connect_async (client, address, NULL, dialled_cb, &dialled);
  ttt_net_wait (dialled_done, &dialled, GUARD_MS);
  g_assert_no_error (dialled.error);
  g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (dialled.connection)),
                             probe, strlen (probe), NULL, NULL, NULL);
  /* It hears the host's handshake (which proves nothing without the
   * key), then the connection is closed on it at its first wrong byte. */
  ttt_net_io_read_all (G_IO_STREAM (dialled.connection), answer, sizeof answer, &io);
  ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
  g_assert_cmpuint (io.count, <, sizeof answer);
  g_assert_true (g_str_has_prefix ((const char *) answer, "transit sender "));
  g_clear_error (&io.error);
  g_assert_false (sides[0].done);

  /* The real guest still gets through. */
  sides[0].peer = sides[1].transit;
  ttt_wormhole_transit_receive (sides[1].transit, sides[0].sent);
  ttt_wormhole_transit_connect_async (sides[1].transit, NULL, connected_cb, &sides[1]);
  ttt_net_wait (sides_done, sides, GUARD_MS);
  g_assert_no_error (sides[0].error);
  g_assert_no_error (sides[1].error);
  check_carries (sides[0].stream, sides[1].stream, 100);

  g_io_stream_close (G_IO_STREAM (dialled.connection), NULL, NULL);
  g_object_unref (dialled.connection);
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

/* What the other side's message may not be */

static void
test_bad_message (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) many = g_string_new ("{\"transit\": {\"hints-v1\": [");
  g_autoptr(GString) deep = g_string_new ("{\"transit\": {\"hints-v1\": ");
  g_autoptr(GBytes) garbage = g_bytes_new_static ("{\"offer\": {}}", 13);
  guint n_direct = 0, n_relays = 0;
  const char *skipped = "{\"transit\": {\"hints-v1\": ["
                        "{\"type\": \"direct-tcp-v1\", \"hostname\": \"a b\", \"port\": 1},"
                        "{\"type\": \"direct-tcp-v1\", \"hostname\": \"h\", \"port\": 70000},"
                        "{\"type\": \"direct-tcp-v1\", \"hostname\": \"h\", \"port\": \"1\"},"
                        "{\"type\": \"tor-tcp-v1\", \"hostname\": \"x.onion\", \"port\": 1},"
                        "{\"type\": \"direct-tcp-v1\", \"hostname\": \"h\", \"port\": 1}]}}";
  Side side;

  /* Hints beyond the bound are not tried. */
  for (guint i = 0; i < 100; i++)
    g_string_append_printf (many, "%s{\"type\": \"direct-tcp-v1\", \"hostname\": \"10.0.0.%u\", \"port\": 9}",
                            i > 0 ? "," : "", i);
  for (guint i = 0; i < 100; i++)
    g_string_append_printf (many, ",{\"type\": \"relay-v1\", \"hints\": [{\"type\": \"direct-tcp-v1\", "
                            "\"hostname\": \"r%u\", \"port\": 9}]}", i);
  g_string_append (many, "]}}");
  g_assert_true (ttt_wormhole_hints_check (many->str, many->len, &n_direct, &n_relays, NULL));
  g_assert_cmpuint (n_direct, ==, TTT_WORMHOLE_TRANSIT_MAX_DIRECT);
  g_assert_cmpuint (n_relays, ==, TTT_WORMHOLE_TRANSIT_MAX_RELAYS);

  /* Hints it cannot use are skipped, as the reference skips them. */
  g_assert_true (ttt_wormhole_hints_check (skipped, strlen (skipped), &n_direct, &n_relays, NULL));
  g_assert_cmpuint (n_direct, ==, 1);

  /* Too deep for json-glib to be handed it, or too long, or not JSON. */
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (deep, '[');
  g_assert_false (ttt_wormhole_hints_check (deep->str, deep->len, NULL, NULL, &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_clear_error (&error);
  g_assert_false (ttt_wormhole_hints_check ("{\"transit\": 1}", 14, NULL, NULL, &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_clear_error (&error);
  g_assert_false (ttt_wormhole_hints_check ("\xff\xfe", 2, NULL, NULL, &error));
  g_clear_error (&error);

  /* And connecting fails with it, in words. */
  side_init (&side, TTT_WORMHOLE_RECORD_RECEIVER, NULL, TRUE);
  ttt_wormhole_transit_connect_async (side.transit, NULL, connected_cb, &side);
  ttt_wormhole_transit_receive (side.transit, garbage);
  ttt_net_wait (side_done, &side, GUARD_MS);
  g_assert_error (side.error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_cmpstr (side.error->message, ==, "The other side sent a transit message this game cannot read.");
  side_clear (&side);
}

/* Nobody to reach: with no listener and every way failed, it fails at
 * once, in words, rather than wait for its time limit. */
static void
test_unreachable (void)
{
  g_autoptr(GBytes) message = NULL;
  const char *text = "{\"transit\": {\"abilities-v1\": [{\"type\": \"relay-v1\"}], \"hints-v1\": ["
                     "{\"type\": \"relay-v1\", \"hints\": [{\"type\": \"direct-tcp-v1\", "
                     "\"hostname\": \"127.0.0.1\", \"port\": 1}]}]}}";
  Side side;

  side_init (&side, TTT_WORMHOLE_RECORD_RECEIVER, NULL, FALSE);
  ttt_wormhole_transit_connect_async (side.transit, NULL, connected_cb, &side);
  message = g_bytes_new_static (text, strlen (text));
  ttt_wormhole_transit_receive (side.transit, message);
  ttt_net_wait (side_done, &side, GUARD_MS);
  g_assert_error (side.error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_UNREACHABLE);
  g_assert_cmpstr (side.error->message, ==, "The other side could not be reached, directly or through the relay.");
  side_clear (&side);
}

/* Cancelled while it listens and waits: it answers at once and lets
 * everything go (the listener too: nothing holds the transit after). */
static void
test_cancelled (void)
{
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  TttWormholeTransit *transit;
  Side side;

  side_init (&side, TTT_WORMHOLE_RECORD_SENDER, "tcp:127.0.0.1:1", TRUE);
  ttt_wormhole_transit_connect_async (side.transit, cancellable, connected_cb, &side);
  g_assert_nonnull (side.sent);
  g_cancellable_cancel (cancellable);
  ttt_net_wait (side_done, &side, GUARD_MS);
  g_assert_error (side.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);

  transit = g_steal_pointer (&side.transit);
  ttt_net_drain ();
  g_assert_finalize_object (transit);
  side_clear (&side);
}

/* A relay that is no address fails the connecting, in words. */
static void
test_bad_relay (void)
{
  g_autofree char *host = NULL;
  guint16 port = 0;
  Side side;

  g_assert_true (ttt_wormhole_hints_parse_url ("tcp:transit.magic-wormhole.io:4001", &host, &port));
  g_assert_cmpstr (host, ==, "transit.magic-wormhole.io");
  g_assert_cmpuint (port, ==, 4001);
  g_clear_pointer (&host, g_free);
  g_assert_true (ttt_wormhole_hints_parse_url ("tcp:[::1]:4001", &host, &port));
  g_assert_cmpstr (host, ==, "::1");
  g_clear_pointer (&host, g_free);
  g_assert_false (ttt_wormhole_hints_parse_url ("ws://relay:4000/v1", &host, &port));
  g_assert_false (ttt_wormhole_hints_parse_url ("tcp:relay:0", &host, &port));
  g_assert_false (ttt_wormhole_hints_parse_url ("tcp:relay:70000", &host, &port));
  g_assert_false (ttt_wormhole_hints_parse_url ("tcp:relay", &host, &port));
  g_assert_false (ttt_wormhole_hints_parse_url ("tcp:re lay:4001", &host, &port));

  side_init (&side, TTT_WORMHOLE_RECORD_SENDER, "relay.example:4001", TRUE);
  ttt_wormhole_transit_connect_async (side.transit, NULL, connected_cb, &side);
  ttt_net_wait (side_done, &side, GUARD_MS);
  g_assert_error (side.error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS);
  g_assert_null (side.sent);
  side_clear (&side);
}

/* The record stream against a peer of the test's own */

static GIOStream *
stream_new (int fd)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) socket = g_socket_new_from_fd (fd, &error);

  g_assert_no_error (error);
  return G_IO_STREAM (g_socket_connection_factory_create_connection (socket));
}

/* A receiver's record stream on one end, the raw other end for the test. */
static void
raw_pair (GIOStream **stream,
          GIOStream **raw)
{
  g_autoptr(GIOStream) base = NULL;
  int fds[2];

  g_assert_cmpint (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), ==, 0);
  base = stream_new (fds[0]);
  *stream = ttt_wormhole_transit_stream_new (base, test_key, TTT_WORMHOLE_RECORD_RECEIVER);
  *raw = stream_new (fds[1]);
}

static void
raw_write (GIOStream    *raw,
           const guint8 *data,
           gsize         size)
{
  g_autoptr(GError) error = NULL;

  g_output_stream_write_all (g_io_stream_get_output_stream (raw), data, size, NULL, NULL, &error);
  g_assert_no_error (error);
}

static void
raw_write_bytes (GIOStream *raw,
                 GBytes    *bytes)
{
  gsize size;
  const guint8 *data = g_bytes_get_data (bytes, &size);

  raw_write (raw, data, size);
}

/* Reads @size bytes that must be @expected. */
static void
check_reads (GIOStream  *stream,
             const char *expected)
{
  gsize size = strlen (expected);
  g_autofree char *got = g_malloc0 (size + 1);
  TttNetIo io;

  ttt_net_io_read_all (stream, got, size, &io);
  ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
  g_assert_no_error (io.error);
  g_assert_cmpstr (got, ==, expected);
}

static void
test_tampered (void)
{
  g_autoptr(TttWormholeRecordWriter) writer = ttt_wormhole_record_writer_new (test_key, TTT_WORMHOLE_RECORD_SENDER);
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GIOStream) raw = NULL;
  g_autoptr(GBytes) good = NULL;
  g_autoptr(GBytes) bad = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) again = NULL;
  g_autofree guint8 *copy = NULL;
  gsize size;

  raw_pair (&stream, &raw);
  good = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "move 4\n", 7);
  raw_write_bytes (raw, good);
  check_reads (stream, "move 4\n");

  /* One bit of the box changed on the way. */
  bad = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "move 5\n", 7);
  g_bytes_get_data (bad, &size);
  copy = g_memdup2 (g_bytes_get_data (bad, NULL), size);
  copy[size - 3] ^= 0x01;
  raw_write (raw, copy, size);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_cmpstr (error->message, ==, "A record from the other side was changed on the way, "
                                       "or sealed with another key.");

  /* Failed for good: the true record after it is not taken either. */
  raw_write_bytes (raw, bad);
  again = read_error (stream);
  g_assert_error (again, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
}

static void
test_wrong_key (void)
{
  guint8 other_key[TTT_WORMHOLE_KEY_SIZE];
  g_autoptr(TttWormholeRecordWriter) writer = NULL;
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GIOStream) raw = NULL;
  g_autoptr(GBytes) record = NULL;
  g_autoptr(GError) error = NULL;

  memcpy (other_key, test_key, sizeof other_key);
  other_key[0] ^= 0x80;
  writer = ttt_wormhole_record_writer_new (other_key, TTT_WORMHOLE_RECORD_SENDER);
  raw_pair (&stream, &raw);
  record = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "hello\n", 6);
  raw_write_bytes (raw, record);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
}

static void
test_replayed (void)
{
  g_autoptr(TttWormholeRecordWriter) writer = ttt_wormhole_record_writer_new (test_key, TTT_WORMHOLE_RECORD_SENDER);
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GIOStream) raw = NULL;
  g_autoptr(GBytes) first = NULL;
  g_autoptr(GBytes) second = NULL;
  g_autoptr(GBytes) third = NULL;
  g_autoptr(GError) error = NULL;

  raw_pair (&stream, &raw);
  first = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "one\n", 4);
  second = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "two\n", 4);
  third = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "three\n", 6);
  raw_write_bytes (raw, first);
  raw_write_bytes (raw, second);
  check_reads (stream, "one\ntwo\n");

  /* The first again: sealed with the right key, but an old nonce. */
  raw_write_bytes (raw, first);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (error->message, "out of order"));
}

static void
test_reordered (void)
{
  g_autoptr(TttWormholeRecordWriter) writer = ttt_wormhole_record_writer_new (test_key, TTT_WORMHOLE_RECORD_SENDER);
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GIOStream) raw = NULL;
  g_autoptr(GBytes) first = NULL;
  g_autoptr(GBytes) second = NULL;
  g_autoptr(GError) error = NULL;

  raw_pair (&stream, &raw);
  first = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "one\n", 4);
  second = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "two\n", 4);
  raw_write_bytes (raw, second);
  raw_write_bytes (raw, first);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
}

static void
test_oversize (void)
{
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GIOStream) raw = NULL;
  g_autoptr(GError) error = NULL;
  const guint8 huge[4] = { 0xff, 0xff, 0xff, 0xf0 };
  const guint8 tiny[4] = { 0, 0, 0, 39 };

  /* Refused on its four bytes of length: nothing of the body is awaited
   * (none is sent) and nothing that size is allocated. */
  raw_pair (&stream, &raw);
  raw_write (raw, huge, sizeof huge);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (error->message, "4294967280 bytes"));
  g_clear_object (&stream);
  g_clear_object (&raw);
  g_clear_error (&error);

  /* Just past the bound. */
  raw_pair (&stream, &raw);
  {
    guint32 length = TTT_WORMHOLE_RECORD_MAX_SEALED + 1;
    const guint8 over[4] = { (guint8) (length >> 24), (guint8) (length >> 16),
                             (guint8) (length >> 8), (guint8) length };

    raw_write (raw, over, sizeof over);
  }
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_clear_object (&stream);
  g_clear_object (&raw);
  g_clear_error (&error);

  /* Too short to hold a nonce and a box. */
  raw_pair (&stream, &raw);
  raw_write (raw, tiny, sizeof tiny);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
}

static void
test_cut_short (void)
{
  g_autoptr(TttWormholeRecordWriter) writer = ttt_wormhole_record_writer_new (test_key, TTT_WORMHOLE_RECORD_SENDER);
  g_autoptr(GIOStream) stream = NULL;
  g_autoptr(GIOStream) raw = NULL;
  g_autoptr(GBytes) record = NULL;
  g_autoptr(GError) error = NULL;
  gsize size;
  const guint8 *data;

  /* Half a record, then the end: lost, not a quiet end of stream. */
  raw_pair (&stream, &raw);
  record = ttt_wormhole_record_writer_seal (writer, (const guint8 *) "hello\n", 6);
  data = g_bytes_get_data (record, &size);
  raw_write (raw, data, size / 2);
  g_io_stream_close (raw, NULL, NULL);
  error = read_error (stream);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
}

/* A peer that stops reading */

static void
test_peer_stops_reading (void)
{
  g_autoptr(GIOStream) base_a = NULL;
  g_autoptr(GIOStream) base_b = NULL;
  g_autoptr(GIOStream) writer = NULL;
  g_autoptr(GIOStream) reader = NULL;
  g_autofree guint8 *chunk = g_malloc0 (TTT_WORMHOLE_RECORD_MAX_TEXT * 4);
  g_autofree guint8 *sink = NULL;
  GPollableOutputStream *output;
  gsize accepted = 0, most_pending = 0;
  int fds[2];
  int buffer = 64 * 1024;
  TttNetIo write_io;
  TttNetIo read_io;

  g_assert_cmpint (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), ==, 0);
  /* Small kernel buffers, so the test reaches the stream's own bound. */
  setsockopt (fds[0], SOL_SOCKET, SO_SNDBUF, &buffer, sizeof buffer);
  setsockopt (fds[1], SOL_SOCKET, SO_RCVBUF, &buffer, sizeof buffer);
  base_a = stream_new (fds[0]);
  base_b = stream_new (fds[1]);
  writer = ttt_wormhole_transit_stream_new (base_a, test_key, TTT_WORMHOLE_RECORD_SENDER);
  reader = ttt_wormhole_transit_stream_new (base_b, test_key, TTT_WORMHOLE_RECORD_RECEIVER);
  output = G_POLLABLE_OUTPUT_STREAM (g_io_stream_get_output_stream (writer));

  /* Writing as fast as it is taken: it stops taking, long before memory
   * matters, and never holds more than one record itself. */
  while (TRUE)
    {
      g_autoptr(GError) error = NULL;
      gssize n = g_pollable_output_stream_write_nonblocking (output, chunk, TTT_WORMHOLE_RECORD_MAX_TEXT * 4,
                                                             NULL, &error);
      gsize pending = ttt_wormhole_transit_stream_get_pending (TTT_WORMHOLE_TRANSIT_STREAM (writer));

      most_pending = MAX (most_pending, pending);
      if (n < 0)
        {
          g_assert_error (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK);
          break;
        }
      g_assert_cmpint (n, <=, TTT_WORMHOLE_RECORD_MAX_TEXT);
      accepted += (gsize) n;
      g_assert_cmpuint (accepted, <, 16 * 1024 * 1024);
    }
  g_test_message ("Taken before the peer's silence stopped it: %" G_GSIZE_FORMAT " bytes, "
                  "at most %" G_GSIZE_FORMAT " held by the stream", accepted, most_pending);
  g_assert_cmpuint (most_pending, <=, TTT_WORMHOLE_RECORD_HEADER + TTT_WORMHOLE_NONCE_SIZE
                                      + TTT_WORMHOLE_MAC_SIZE + TTT_WORMHOLE_RECORD_MAX_TEXT);
  g_assert_false (g_pollable_output_stream_is_writable (output));

  /* An asynchronous write waits; memory does not grow meanwhile. */
  ttt_net_io_write_all (writer, chunk, TTT_WORMHOLE_RECORD_MAX_TEXT * 4, &write_io);
  ttt_net_drain ();
  g_assert_false (write_io.done);
  g_assert_cmpuint (ttt_wormhole_transit_stream_get_pending (TTT_WORMHOLE_TRANSIT_STREAM (writer)), <=,
                    most_pending);

  /* The peer reads again: everything arrives, the waiting write too. */
  sink = g_malloc (accepted + TTT_WORMHOLE_RECORD_MAX_TEXT * 4);
  ttt_net_io_read_all (reader, sink, accepted + TTT_WORMHOLE_RECORD_MAX_TEXT * 4, &read_io);
  ttt_net_wait (ttt_net_io_done, &write_io, GUARD_MS);
  ttt_net_wait (ttt_net_io_done, &read_io, GUARD_MS);
  g_assert_no_error (write_io.error);
  g_assert_no_error (read_io.error);
  g_assert_cmpuint (read_io.count, ==, accepted + TTT_WORMHOLE_RECORD_MAX_TEXT * 4);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_assert_true (ttt_wormhole_crypto_init ());
  for (guint i = 0; i < sizeof test_key; i++)
    test_key[i] = (guint8) g_test_rand_int ();

  g_test_add_func ("/wormhole-transit/direct", test_direct);
  g_test_add_func ("/wormhole-transit/relay", test_relay);
  g_test_add_func ("/wormhole-transit/relay-killed", test_relay_killed);
  g_test_add_func ("/wormhole-transit/stranger", test_stranger);
  g_test_add_func ("/wormhole-transit/bad-message", test_bad_message);
  g_test_add_func ("/wormhole-transit/unreachable", test_unreachable);
  g_test_add_func ("/wormhole-transit/cancelled", test_cancelled);
  g_test_add_func ("/wormhole-transit/bad-relay", test_bad_relay);
  g_test_add_func ("/wormhole-transit/tampered", test_tampered);
  g_test_add_func ("/wormhole-transit/wrong-key", test_wrong_key);
  g_test_add_func ("/wormhole-transit/replayed", test_replayed);
  g_test_add_func ("/wormhole-transit/reordered", test_reordered);
  g_test_add_func ("/wormhole-transit/oversize", test_oversize);
  g_test_add_func ("/wormhole-transit/cut-short", test_cut_short);
  g_test_add_func ("/wormhole-transit/peer-stops-reading", test_peer_stops_reading);
  return g_test_run ();
}
