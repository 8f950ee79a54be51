/* test-net-connection.c — two connections over loopback, and hostile peers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A host and a guest in one process: the TLS handshake and the hellos, the
 * same code on both sides, every game message both ways, a close at each
 * phase with the right reason on each side, silence and keep-alives. Then
 * peers that misbehave, written here by hand over TLS or plain TCP:
 * garbage, an over-long line, a slow drip, a wrong version, a repeated
 * sequence number, no certificate, no TLS at all — each ends the
 * connection with a clear reason, and nothing else happens. Last, a man in
 * the middle with certificates of his own: both sides connect, and their
 * codes differ.
 */

#include <stdlib.h>
#include <string.h>

#include "net-helpers.h"
#include "ttt-certificate.h"
#include "ttt-verification.h"

static void
assert_code (const char *code)
{
  g_assert_nonnull (code);
  g_assert_cmpuint (strlen (code), ==, 7);
  for (guint i = 0; i < 7; i++)
    if (i == 3)
      g_assert_cmpint (code[i], ==, ' ');
    else
      g_assert_true (g_ascii_isdigit (code[i]));
}

/* A host and a guest, connected and ready. */
typedef struct {
  TttConnection *host;
  TttConnection *guest;
  TttNetRecord  *records[2];
} Pair;

static void
pair_open (Pair       *pair,
           const char *address)
{
  pair->host = ttt_net_host_new (address, "Ana");
  pair->records[0] = ttt_net_record_new (pair->host);
  pair->guest = ttt_net_guest_new (pair->host, address, "Bo");
  pair->records[1] = ttt_net_record_new (pair->guest);
  ttt_net_wait (ttt_net_records_ready, pair->records, 30000);
  g_assert_null (pair->records[0]->reason);
  g_assert_null (pair->records[1]->reason);
}

static void
pair_close (Pair *pair)
{
  if (ttt_connection_get_state (pair->host) != TTT_CONNECTION_STATE_CLOSED)
    ttt_connection_close (pair->host);
  ttt_net_wait (ttt_net_records_closed, pair->records, 30000);
  g_clear_pointer (&pair->records[0], ttt_net_record_free);
  g_clear_pointer (&pair->records[1], ttt_net_record_free);
  ttt_net_drain ();
  if (pair->host != NULL)
    ttt_net_drop (&pair->host);
  if (pair->guest != NULL)
    ttt_net_drop (&pair->guest);
}

/* The handshake */

static void
test_handshake (void)
{
  Pair pair = { 0 };
  const TttMessage *hello;
  const char *binding;

  pair_open (&pair, NULL);

  assert_code (pair.records[0]->code);
  g_assert_cmpstr (pair.records[0]->code, ==, pair.records[1]->code);
  g_assert_cmpstr (ttt_connection_get_verification_code (pair.host), ==, pair.records[0]->code);
  g_assert_cmpstr (ttt_connection_get_verification_code (pair.guest), ==, pair.records[1]->code);
  g_assert_cmpint (ttt_connection_get_state (pair.host), ==, TTT_CONNECTION_STATE_READY);
  g_assert_cmpint (ttt_connection_get_state (pair.guest), ==, TTT_CONNECTION_STATE_READY);

  binding = ttt_connection_get_channel_binding (pair.host);
  g_test_message ("channel binding: %s", binding);
  g_assert_true (g_strcmp0 (binding, "tls-exporter") == 0 || g_strcmp0 (binding, "tls-unique") == 0);
  g_assert_cmpstr (binding, ==, ttt_connection_get_channel_binding (pair.guest));

  hello = ttt_connection_get_peer_hello (pair.host);
  g_assert_nonnull (hello);
  g_assert_cmpstr (hello->name, ==, "Bo");
  hello = ttt_connection_get_peer_hello (pair.guest);
  g_assert_nonnull (hello);
  g_assert_cmpstr (hello->name, ==, "Ana");
  g_assert_cmpstr (hello->app_version, ==, "0.2.0");

  pair_close (&pair);
}

static void
test_handshake_ipv6 (void)
{
  g_autoptr(GSocket) probe = g_socket_new (G_SOCKET_FAMILY_IPV6, G_SOCKET_TYPE_STREAM, G_SOCKET_PROTOCOL_TCP, NULL);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV6);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  Pair pair = { 0 };

  if (probe == NULL || !g_socket_bind (probe, address, TRUE, NULL))
    {
      g_test_skip ("No IPv6 loopback on this machine");
      return;
    }
  pair.host = ttt_net_host_new ("::1", "Ana");
  pair.records[0] = ttt_net_record_new (pair.host);
  pair.guest = ttt_net_guest_new (pair.host, "[::1]", "Bo");
  pair.records[1] = ttt_net_record_new (pair.guest);
  ttt_net_wait (ttt_net_records_ready, pair.records, 30000);
  g_assert_null (pair.records[1]->reason);
  g_assert_cmpstr (pair.records[0]->code, ==, pair.records[1]->code);
  {
    g_auto(GStrv) addresses = ttt_connection_get_addresses (pair.host);
    g_autofree char *expected = g_strdup_printf ("[::1]:%u", ttt_connection_get_port (pair.host));

    g_assert_cmpuint (g_strv_length (addresses), ==, 1);
    g_assert_cmpstr (addresses[0], ==, expected);
  }
  pair_close (&pair);
}

/* Nobody else gets in once a guest has. */
static void
test_one_guest (void)
{
  Pair pair = { 0 };
  g_autoptr(TttConnection) second = NULL;
  g_autoptr(TttNetRecord) record = NULL;

  pair_open (&pair, NULL);
  second = ttt_net_guest_new (pair.host, NULL, "Cy");
  record = ttt_net_record_new (second);
  ttt_net_wait_closed (record);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED);
  g_assert_nonnull (strstr (record->reason->message, "not hosting"));
  g_assert_cmpint (ttt_connection_get_state (pair.host), ==, TTT_CONNECTION_STATE_READY);
  g_clear_pointer (&record, ttt_net_record_free);
  ttt_net_drop (&second);
  pair_close (&pair);
}

/* Messages */

static void
send (TttConnection *connection,
      TttMessage    *message)
{
  g_autoptr(TttMessage) owned = message;
  g_autoptr(GError) error = NULL;

  g_assert_true (ttt_connection_send (connection, owned, &error));
  g_assert_no_error (error);
}

static void
test_messages (void)
{
  Pair pair = { 0 };
  TttMessage *m;

  pair_open (&pair, NULL);

  send (pair.host, ttt_message_new_move (4));
  send (pair.guest, ttt_message_new_move (80));
  send (pair.host, ttt_message_new (TTT_MESSAGE_UNDO_REQUEST));
  send (pair.guest, ttt_message_new_undo_answer (TRUE));
  send (pair.guest, ttt_message_new (TTT_MESSAGE_UNDO_REQUEST));
  send (pair.host, ttt_message_new_undo_answer (FALSE));
  send (pair.guest, ttt_message_new (TTT_MESSAGE_RESIGN));
  send (pair.host, ttt_message_new (TTT_MESSAGE_REMATCH_OFFER));
  send (pair.guest, ttt_message_new (TTT_MESSAGE_REMATCH_ACCEPT));

  ttt_net_wait_messages (pair.records[1], 4);
  ttt_net_wait_messages (pair.records[0], 5);

  /* What the guest got from the host, in order. */
  m = pair.records[1]->messages->pdata[0];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_MOVE);
  g_assert_cmpuint (m->cell, ==, 4);
  g_assert_cmpuint (m->seq, ==, 2);
  m = pair.records[1]->messages->pdata[1];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_UNDO_REQUEST);
  m = pair.records[1]->messages->pdata[2];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_UNDO_ANSWER);
  g_assert_false (m->accepted);
  m = pair.records[1]->messages->pdata[3];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_REMATCH_OFFER);

  /* And what the host got from the guest. */
  m = pair.records[0]->messages->pdata[0];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_MOVE);
  g_assert_cmpuint (m->cell, ==, 80);
  m = pair.records[0]->messages->pdata[1];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_UNDO_ANSWER);
  g_assert_true (m->accepted);
  m = pair.records[0]->messages->pdata[2];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_UNDO_REQUEST);
  m = pair.records[0]->messages->pdata[3];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_RESIGN);
  m = pair.records[0]->messages->pdata[4];
  g_assert_cmpint (m->type, ==, TTT_MESSAGE_REMATCH_ACCEPT);

  pair_close (&pair);
  /* Closed on the host: its reason is its own, the guest's is the
   * goodbye. */
}

static void
test_send_when_closed (void)
{
  Pair pair = { 0 };
  g_autoptr(TttMessage) move = ttt_message_new_move (0);
  g_autoptr(GError) error = NULL;

  pair_open (&pair, NULL);
  ttt_connection_close (pair.guest);
  g_assert_false (ttt_connection_send (pair.guest, move, &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED);
  pair_close (&pair);
}

/* Closing at each phase */

/* After the codes, as when they do not match and one person says so. */
static void
test_close_after_verification (void)
{
  Pair pair = { 0 };

  pair_open (&pair, NULL);
  ttt_connection_close (pair.guest);
  ttt_net_wait (ttt_net_records_closed, pair.records, 30000);
  g_assert_error (pair.records[1]->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED);
  g_assert_error (pair.records[0]->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PEER_LEFT);
  g_assert_cmpstr (pair.records[0]->reason->message, ==, "The other side left.");
  pair_close (&pair);
}

/* Gone in the middle of a game without a goodbye (the program crashed,
 * the cable came out). */
static void
test_close_mid_stream (void)
{
  Pair pair = { 0 };

  pair_open (&pair, NULL);
  send (pair.host, ttt_message_new_move (0));
  send (pair.guest, ttt_message_new_move (1));
  ttt_net_wait_messages (pair.records[0], 1);
  ttt_net_wait_messages (pair.records[1], 1);

  g_clear_pointer (&pair.records[0], ttt_net_record_free);
  ttt_net_drop (&pair.host);
  ttt_net_wait_closed (pair.records[1]);
  g_assert_error (pair.records[1]->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  g_assert_cmpstr (pair.records[1]->reason->message, ==, "The connection to the other side was interrupted.");
  g_clear_pointer (&pair.records[1], ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&pair.guest);
}

static void
test_close_listening (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(TttConnection) guest = NULL;
  g_autoptr(TttNetRecord) guest_record = NULL;

  ttt_connection_close (host);
  g_assert_cmpuint (record->closed, ==, 1);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED);
  /* Closing again says nothing more. */
  ttt_connection_close (host);
  g_assert_cmpuint (record->closed, ==, 1);

  /* The port is closed with it. */
  guest = ttt_net_guest_new (host, NULL, "Bo");
  guest_record = ttt_net_record_new (guest);
  ttt_net_wait_closed (guest_record);
  g_assert_error (guest_record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED);

  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&guest_record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
  ttt_net_drop (&guest);
}

/* Silence and keep-alives */

static void
test_silence (void)
{
  Pair pair = { 0 };
  g_autoptr(TttMessage) hello = ttt_net_hello ("Ana");
  g_autoptr(GError) error = NULL;

  /* A host that never sends its keep-alives, a guest that waits 200 ms. */
  pair.host = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  ttt_connection_set_timeouts (pair.host, 120000, 3600000, 3600000);
  g_assert_true (ttt_connection_listen (pair.host, "127.0.0.1", 0, &error));
  pair.records[0] = ttt_net_record_new (pair.host);
  pair.guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  ttt_connection_set_timeouts (pair.guest, 120000, 3600000, 200);
  pair.records[1] = ttt_net_record_new (pair.guest);
  {
    g_autofree char *target = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (pair.host));

    g_assert_true (ttt_connection_connect (pair.guest, target, &error));
  }
  ttt_net_wait (ttt_net_records_closed, pair.records, 30000);
  g_assert_nonnull (pair.records[1]->code);
  g_assert_error (pair.records[1]->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TIMED_OUT);
  g_assert_cmpstr (pair.records[1]->reason->message, ==, "Nothing was heard from the other side for 1 second.");
  g_assert_error (pair.records[0]->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  pair_close (&pair);
}

static gboolean
flag_cb (gpointer user_data)
{
  *(gboolean *) user_data = TRUE;
  return G_SOURCE_REMOVE;
}

static gboolean
is_set (gpointer data)
{
  return *(gboolean *) data;
}

/* Keep-alives every 20 ms hold a connection whose silence limit is 1 s
 * open for three times that limit. */
static void
test_keep_alive (void)
{
  Pair pair = { 0 };
  g_autoptr(TttMessage) hello = ttt_net_hello ("Ana");
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;
  gboolean later = FALSE;

  pair.host = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  ttt_connection_set_timeouts (pair.host, 120000, 20, 1000);
  g_assert_true (ttt_connection_listen (pair.host, "127.0.0.1", 0, &error));
  pair.records[0] = ttt_net_record_new (pair.host);
  pair.guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  ttt_connection_set_timeouts (pair.guest, 120000, 20, 1000);
  pair.records[1] = ttt_net_record_new (pair.guest);
  target = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (pair.host));
  g_assert_true (ttt_connection_connect (pair.guest, target, &error));
  ttt_net_wait (ttt_net_records_ready, pair.records, 30000);

  /* What is tested is an absence (no timeout), so it takes a while by
   * nature: three silence limits. */
  g_timeout_add (3000, flag_cb, &later);
  ttt_net_wait (is_set, &later, 30000);
  g_assert_cmpuint (pair.records[0]->closed, ==, 0);
  g_assert_cmpuint (pair.records[1]->closed, ==, 0);
  /* The keep-alives are the connection's own: the game never sees one. */
  g_assert_cmpuint (pair.records[0]->messages->len, ==, 0);
  pair_close (&pair);
}

/* Addresses */

typedef struct {
  const char *text;
  const char *host;     /* NULL: refused */
  guint       port;
} AddressCase;

static void
test_parse_address (void)
{
  static const AddressCase cases[] = {
    { "192.168.1.20:5000", "192.168.1.20", 5000 },
    { "192.168.1.20", "192.168.1.20", TTT_CONNECTION_DEFAULT_PORT },
    { "  ana-laptop.local:65535 ", "ana-laptop.local", 65535 },
    { "ana-laptop", "ana-laptop", TTT_CONNECTION_DEFAULT_PORT },
    { "[::1]:1", "::1", 1 },
    { "[2001:db8::7]", "2001:db8::7", TTT_CONNECTION_DEFAULT_PORT },
    { "[fe80::1%eth0]:80", "fe80::1%eth0", 80 },
    /* Internationalised names: GLib looks up their ASCII form. */
    { "münchen.de:41414", "münchen.de", 41414 },
    { "日本", "日本", TTT_CONNECTION_DEFAULT_PORT },
    { "", NULL, 0 },
    { "   ", NULL, 0 },
    { "::1", NULL, 0 },
    { "2001:db8::7:5000", NULL, 0 },
    { "[::1", NULL, 0 },
    { "[::1]5000", NULL, 0 },
    { "[192.168.1.1]:80", NULL, 0 },
    { "[nonsense]:80", NULL, 0 },
    { "host:", NULL, 0 },
    { "host:0", NULL, 0 },
    { "host:65536", NULL, 0 },
    { "host:-1", NULL, 0 },
    { "host:+80", NULL, 0 },
    { "host:80x", NULL, 0 },
    { "host:99999999999999999999", NULL, 0 },
    { "a b", NULL, 0 },
    { "host..local", NULL, 0 },
    { ".local", NULL, 0 },
    { "ho/st", NULL, 0 },
    { "mün chen.de", NULL, 0 },
    { "[fe80::1%eth0eth0eth0eth0]", NULL, 0 },
    { "[fe80::1%eth/0]", NULL, 0 },
    { "a:b:c", NULL, 0 },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autofree char *host = NULL;
      guint16 port = 0;
      gboolean ok;

      ok = ttt_address_parse (cases[i].text, TTT_CONNECTION_DEFAULT_PORT, &host, &port, &error);
      g_test_message ("“%s”: %s", cases[i].text, ok ? host : error->message);
      if (cases[i].host != NULL)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          g_assert_cmpstr (host, ==, cases[i].host);
          g_assert_cmpuint (port, ==, cases[i].port);
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS);
          g_assert_null (host);
        }
    }

  {
    g_autoptr(GError) error = NULL;

    ttt_address_parse ("::1", 5000, NULL, NULL, &error);
    g_assert_cmpstr (error->message, ==, "An IPv6 address goes in brackets, such as [::1]:5000.");
  }

  /* What was typed comes back as typed: in its own letters, with only
   * what would steer a terminal escaped, and cut short. */
  {
    g_autoptr(GError) error = NULL;

    ttt_address_parse ("mün chen.de", 5000, NULL, NULL, &error);
    g_assert_cmpstr (error->message, ==, "“mün chen.de” is not a computer’s name or address.");
  }
  {
    g_autoptr(GError) error = NULL;

    ttt_address_parse ("a\033[2Jb:80", 5000, NULL, NULL, &error);
    g_assert_cmpstr (error->message, ==, "“a\\x1b[2Jb” is not a computer’s name or address.");
  }
  {
    g_autoptr(GError) error = NULL;
    g_autofree char *long_name = g_strnfill (20000, 'a');

    ttt_address_parse (long_name, 5000, NULL, NULL, &error);
    g_assert_nonnull (strstr (error->message, "…”"));
    g_assert_cmpuint (strlen (error->message), <, 200);
  }
  /* A right address with a name no interface can have. */
  {
    g_autoptr(GError) error = NULL;

    ttt_address_parse ("[fe80::1%eth0eth0eth0eth0]", 5000, NULL, NULL, &error);
    g_assert_cmpstr (error->message, ==, "“eth0eth0eth0eth0” is not the name of a network interface: "
                     "such a name has at most 15 letters, digits, “.”, “_” or “-”.");
  }
}

static void
test_listen_errors (void)
{
  g_autoptr(TttConnection) first = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttMessage) hello = ttt_net_hello ("Bo");
  g_autoptr(TttConnection) second = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(TttConnection) third = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(TttConnection) fourth = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(GError) error = NULL;
  g_autofree char *expected = NULL;

  g_assert_false (ttt_connection_listen (second, "127.0.0.1", ttt_connection_get_port (first), &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PORT_IN_USE);
  expected = g_strdup_printf ("Port %u is already in use by another program. Choose another port, or let the game pick a free one.",
                              ttt_connection_get_port (first));
  g_assert_cmpstr (error->message, ==, expected);
  g_assert_cmpint (ttt_connection_get_state (second), ==, TTT_CONNECTION_STATE_NEW);
  g_clear_error (&error);

  g_assert_false (ttt_connection_listen (third, "my-laptop", 0, &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS);
  g_clear_error (&error);

  g_assert_false (ttt_connection_listen (fourth, NULL, 70000, &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS);
  g_clear_error (&error);

  ttt_connection_close (first);
  ttt_net_drain ();
}

static void
test_connect_errors (void)
{
  g_autoptr(TttMessage) hello = ttt_net_hello ("Bo");
  g_autoptr(TttConnection) guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  g_autoptr(GError) error = NULL;

  /* A bad address is refused at once and changes nothing. */
  g_assert_false (ttt_connection_connect (guest, "::1:80", &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS);
  g_assert_cmpint (ttt_connection_get_state (guest), ==, TTT_CONNECTION_STATE_NEW);
}

/* Each way connecting can fail, said in words with the address as typed:
 * most of them cannot happen on loopback, so the causes are made here. */
static void
test_connect_error_words (void)
{
  const struct {
    GQuark              domain;
    int                 code;
    TttConnectionError  expected;
    const char         *message;
  } cases[] = {
    { G_RESOLVER_ERROR, G_RESOLVER_ERROR_NOT_FOUND, TTT_CONNECTION_ERROR_NOT_FOUND,
      "No computer called “ana.local” was found. Check the address." },
    { G_IO_ERROR, G_IO_ERROR_CONNECTION_REFUSED, TTT_CONNECTION_ERROR_REFUSED,
      "ana.local is not hosting a game on port 5000: the connection was refused." },
    { G_IO_ERROR, G_IO_ERROR_HOST_UNREACHABLE, TTT_CONNECTION_ERROR_UNREACHABLE,
      "ana.local cannot be reached from this computer. Check that both computers are on the same network." },
    { G_IO_ERROR, G_IO_ERROR_NETWORK_UNREACHABLE, TTT_CONNECTION_ERROR_UNREACHABLE,
      "ana.local cannot be reached from this computer. Check that both computers are on the same network." },
    { G_IO_ERROR, G_IO_ERROR_TIMED_OUT, TTT_CONNECTION_ERROR_TIMED_OUT,
      "ana.local did not answer." },
    { G_IO_ERROR, G_IO_ERROR_PERMISSION_DENIED, TTT_CONNECTION_ERROR_FAILED,
      "Cannot connect to ana.local: the system said no" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) cause = g_error_new_literal (cases[i].domain, cases[i].code, "the system said no");
      g_autoptr(GError) error = ttt_address_connect_error ("ana.local", 5000, cause);

      g_assert_error (error, TTT_CONNECTION_ERROR, (int) cases[i].expected);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* A port nobody listens on: one taken and given back. */
static guint
free_port (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) effective = NULL;
  guint port;

  g_assert_true (g_socket_listener_add_address (listener, address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, NULL));
  port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_socket_listener_close (listener);
  return port;
}

static void
test_refused (void)
{
  g_autoptr(TttMessage) hello = ttt_net_hello ("Bo");
  g_autoptr(TttConnection) guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  g_autoptr(TttNetRecord) record = ttt_net_record_new (guest);
  g_autoptr(GError) error = NULL;
  g_autofree char *target = g_strdup_printf ("127.0.0.1:%u", free_port ());

  g_assert_true (ttt_connection_connect (guest, target, &error));
  ttt_net_wait_closed (record);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED);
  g_assert_nonnull (strstr (record->reason->message, "127.0.0.1 is not hosting a game"));
  g_clear_pointer (&record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&guest);
}

static void
test_addresses (void)
{
  g_autoptr(TttMessage) hello = ttt_net_hello ("Ana");
  g_autoptr(TttConnection) host = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) addresses = NULL;
  g_autofree char *suffix = NULL;

  g_assert_true (ttt_connection_listen (host, NULL, 0, &error));
  g_assert_no_error (error);
  addresses = ttt_connection_get_addresses (host);
  suffix = g_strdup_printf (":%u", ttt_connection_get_port (host));
  g_assert_cmpuint (g_strv_length (addresses), >, 0);
  for (guint i = 0; addresses[i] != NULL; i++)
    {
      g_autofree char *host_part = NULL;
      guint16 port = 0;

      g_test_message ("address: %s", addresses[i]);
      g_assert_true (g_str_has_suffix (addresses[i], suffix));
      /* Each one reads back as what a guest would type. */
      g_assert_true (ttt_address_parse (addresses[i], 1, &host_part, &port, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (port, ==, ttt_connection_get_port (host));
    }
  ttt_connection_close (host);
  ttt_net_drain ();
}

/* Hostile peers */

/* A peer written by hand: plain TCP, or TLS with or without a certificate,
 * that sends whatever the test says. */
typedef struct {
  GSocketConnection *tcp;
  GIOStream         *stream;
  gboolean           handshaken;
  GError            *error;
  GString           *drip;
  gsize              dripped;
  guint              drip_id;
} RawPeer;

static void
raw_handshake_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  RawPeer *peer = user_data;

  g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &peer->error);
  peer->handshaken = TRUE;
}

static gboolean
raw_handshaken (gpointer data)
{
  return ((RawPeer *) data)->handshaken;
}

static RawPeer *
raw_peer_new (TttConnection *host,
              gboolean       tls,
              gboolean       certificate)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GError) error = NULL;
  RawPeer *peer = g_new0 (RawPeer, 1);

  peer->tcp = g_socket_client_connect_to_host (client, "127.0.0.1", ttt_connection_get_port (host), NULL, &error);
  g_assert_no_error (error);
  if (!tls)
    {
      peer->stream = g_object_ref (G_IO_STREAM (peer->tcp));
      return peer;
    }
  peer->stream = g_tls_client_connection_new (G_IO_STREAM (peer->tcp), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (peer->stream, "accept-certificate", G_CALLBACK (ttt_net_accept_any_cb), NULL);
  if (certificate)
    {
      g_autoptr(GTlsCertificate) own = ttt_certificate_new (&error);

      g_assert_no_error (error);
      g_tls_connection_set_certificate (G_TLS_CONNECTION (peer->stream), own);
    }
  g_tls_connection_handshake_async (G_TLS_CONNECTION (peer->stream), G_PRIORITY_DEFAULT, NULL,
                                    raw_handshake_cb, peer);
  ttt_net_wait (raw_handshaken, peer, 30000);
  return peer;
}

static void
raw_write (RawPeer    *peer,
           const char *data,
           gssize      length)
{
  /* The other side may have hung up already: that is its right. */
  g_output_stream_write_all (g_io_stream_get_output_stream (peer->stream), data,
                             length < 0 ? strlen (data) : (gsize) length, NULL, NULL, NULL);
}

static void
raw_peer_free (RawPeer *peer)
{
  g_clear_handle_id (&peer->drip_id, g_source_remove);
  g_io_stream_close (G_IO_STREAM (peer->tcp), NULL, NULL);
  g_clear_object (&peer->stream);
  g_clear_object (&peer->tcp);
  g_clear_error (&peer->error);
  if (peer->drip != NULL)
    g_string_free (peer->drip, TRUE);
  g_free (peer);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (RawPeer, raw_peer_free)

/* What a host says of the guests it let go while it went on hosting. */
typedef struct {
  GPtrArray *reasons;   /* of GError */
  guint      wanted;
} Refusals;

static gboolean
refused_enough (gpointer data)
{
  Refusals *refusals = data;

  return refusals->reasons->len >= refusals->wanted;
}

static void
refused_cb (TttConnection *host,
            const GError  *reason,
            Refusals      *refusals)
{
  g_ptr_array_add (refusals->reasons, g_error_copy (reason));
}

static gboolean
refused_once (gpointer data)
{
  return ((Refusals *) data)->reasons->len > 0;
}

/* The one guest that connected to @host was let go for @code, saying
 * @says, and hosting goes on: a real guest then gets in and plays. */
static void
assert_refused_and_hosting (TttConnection *host,
                            TttNetRecord  *record,
                            Refusals      *refusals,
                            int            code,
                            const char    *says)
{
  g_autoptr(TttConnection) guest = NULL;
  g_autoptr(TttNetRecord) guest_record = NULL;
  GError *reason;

  ttt_net_wait (refused_once, refusals, 30000);
  reason = g_ptr_array_index (refusals->reasons, 0);
  g_test_message ("refused: %s", reason->message);
  g_assert_error (reason, TTT_CONNECTION_ERROR, code);
  if (says != NULL)
    g_assert_nonnull (strstr (reason->message, says));
  g_assert_cmpuint (record->closed, ==, 0);
  g_assert_cmpint (ttt_connection_get_state (host), ==, TTT_CONNECTION_STATE_LISTENING);

  guest = ttt_net_guest_new (host, NULL, "Bo");
  guest_record = ttt_net_record_new (guest);
  ttt_net_wait_ready (guest_record);
  ttt_net_wait_ready (record);
  g_assert_cmpstr (record->code, ==, guest_record->code);
  send (guest, ttt_message_new_move (4));
  ttt_net_wait_messages (record, 1);

  ttt_connection_close (host);
  ttt_net_wait_closed (guest_record);
  g_clear_pointer (&guest_record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&guest);
}

static Refusals *
refusals_new (TttConnection *host)
{
  Refusals *refusals = g_new0 (Refusals, 1);

  refusals->reasons = g_ptr_array_new_with_free_func ((GDestroyNotify) g_error_free);
  g_signal_connect (host, "guest-refused", G_CALLBACK (refused_cb), refusals);
  return refusals;
}

static void
refusals_free (Refusals *refusals)
{
  g_ptr_array_unref (refusals->reasons);
  g_free (refusals);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Refusals, refusals_free)

#define GOOD_HELLO "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"9.9\",\"name\":\"Mallory\",\"game\":\"classic\",\"x\":\"host\"}\n"

typedef struct {
  const char         *name;
  const char         *sent;      /* after the TLS handshake */
  gboolean            ready;     /* the hello was good: the code came */
  int                 code;      /* a TttConnectionError */
  const char         *says;      /* part of the reason's message */
  guint               delivered; /* messages that reached the game first */
} Hostile;

static const Hostile hostile[] = {
  { "garbage", "\x01\x02garbage\xff\n", FALSE, TTT_CONNECTION_ERROR_PROTOCOL, "not valid text" },
  { "not-json", "hello there\n", FALSE, TTT_CONNECTION_ERROR_PROTOCOL, "not valid JSON" },
  { "no-hello", "{\"type\":\"move\",\"seq\":1,\"cell\":4}\n", FALSE, TTT_CONNECTION_ERROR_PROTOCOL, "before introducing" },
  { "wrong-version", "{\"type\":\"hello\",\"seq\":1,\"version\":2,\"app\":\"9.9\",\"name\":\"M\",\"game\":\"classic\",\"x\":\"host\",\"new\":1}\n",
    FALSE, TTT_CONNECTION_ERROR_VERSION, "newer version of Tic-Tac-Toe" },
  { "old-version", "{\"type\":\"hello\",\"seq\":1,\"version\":0}\n", FALSE, TTT_CONNECTION_ERROR_VERSION, "older version" },
  { "garbage-after-hello", GOOD_HELLO "][\n", TRUE, TTT_CONNECTION_ERROR_PROTOCOL, "not valid JSON" },
  { "hello-twice", GOOD_HELLO "{\"type\":\"hello\",\"seq\":2,\"version\":1,\"app\":\"9.9\",\"name\":\"M\",\"game\":\"classic\",\"x\":\"host\"}\n",
    TRUE, TTT_CONNECTION_ERROR_PROTOCOL, "introduced itself twice" },
  { "duplicate-seq", GOOD_HELLO "{\"type\":\"move\",\"seq\":2,\"cell\":4}\n{\"type\":\"move\",\"seq\":2,\"cell\":5}\n",
    TRUE, TTT_CONNECTION_ERROR_PROTOCOL, "Message 2 came again", 1 },
  { "skipped-seq", GOOD_HELLO "{\"type\":\"move\",\"seq\":3,\"cell\":4}\n", TRUE, TTT_CONNECTION_ERROR_PROTOCOL, "out of order" },
  { "cell-out-of-range", GOOD_HELLO "{\"type\":\"move\",\"seq\":2,\"cell\":81}\n", TRUE, TTT_CONNECTION_ERROR_PROTOCOL, "out of range" },
  { "wrong-type", GOOD_HELLO "{\"type\":\"move\",\"seq\":2,\"cell\":\"4\"}\n", TRUE, TTT_CONNECTION_ERROR_PROTOCOL, "wrong type" },
  { "goodbye-first", "{\"type\":\"goodbye\",\"seq\":1}\n", FALSE, TTT_CONNECTION_ERROR_PEER_LEFT, "left" },
};

static void
test_hostile (gconstpointer data)
{
  const Hostile *h = data;
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, TRUE, TRUE);

  g_assert_no_error (peer->error);
  raw_write (peer, h->sent, -1);
  /* Before its hello, a guest that breaks the protocol is let go and the
   * host goes on hosting. */
  if (!h->ready && h->code != TTT_CONNECTION_ERROR_VERSION)
    {
      assert_refused_and_hosting (host, record, refusals, h->code, h->says);
      g_clear_pointer (&record, ttt_net_record_free);
      g_clear_pointer (&peer, raw_peer_free);
      ttt_net_drain ();
      ttt_net_drop (&host);
      return;
    }
  ttt_net_wait_closed (record);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, h->code);
  g_assert_nonnull (strstr (record->reason->message, h->says));
  g_assert_cmpint (record->code != NULL, ==, h->ready);
  /* Nothing of the bad message reached the game. */
  g_assert_cmpuint (record->messages->len, ==, h->delivered);
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* Closed while a guest is in its handshake (its TLS is up, its hello has
 * not come): the host ends as asked, and the guest's socket with it. */
static void
test_close_in_handshake (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, TRUE, TRUE);
  g_autoptr(GError) error = NULL;
  char buffer[4096];
  gssize count;

  g_assert_no_error (peer->error);
  g_assert_cmpint (ttt_connection_get_state (host), ==, TTT_CONNECTION_STATE_HANDSHAKE);
  ttt_connection_close (host);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED);
  g_assert_null (record->code);

  /* The host's hello may be there to read; then the end. */
  do
    count = g_input_stream_read (g_io_stream_get_input_stream (peer->stream), buffer, sizeof buffer, NULL, &error);
  while (count > 0);
  g_assert_true (count == 0 || error != NULL);

  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* A port scan and worse: 200 connections that close at once, send
 * something that is not the game, or hold on saying nothing (fewer than
 * the host hears at once). Each is let go on its own, the host listens
 * on throughout, and a real guest gets in while the silent ones still
 * hold on, and plays. */
static void
test_flood (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GPtrArray) held = g_ptr_array_new_with_free_func (g_object_unref);
  guint quick = 0;

  for (guint i = 0; i < 200; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GSocketConnection) tcp =
        g_socket_client_connect_to_host (client, "127.0.0.1", ttt_connection_get_port (host), NULL, &error);

      g_assert_no_error (error);
      if (i % 40 == 39)
        {
          /* Held open, silent, until the end. */
          g_ptr_array_add (held, g_steal_pointer (&tcp));
          continue;
        }
      if (i % 2 == 1)
        g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (tcp)),
                                   "GET / HTTP/1.0\r\n\r\n", 18, NULL, NULL, NULL);
      g_io_stream_close (G_IO_STREAM (tcp), NULL, NULL);
      quick++;
      /* Let go before the next one: waited on, not guessed. */
      refusals->wanted = quick;
      ttt_net_wait (refused_enough, refusals, 30000);
      /* Listening still; "handshake" while the silent ones hold on. */
      g_assert_cmpint (ttt_connection_get_state (host), ==,
                       held->len > 0 ? TTT_CONNECTION_STATE_HANDSHAKE : TTT_CONNECTION_STATE_LISTENING);
    }
  g_assert_cmpuint (record->closed, ==, 0);
  g_test_message ("%u let go at once, %u held", quick, held->len);

  {
    g_autoptr(TttConnection) guest = ttt_net_guest_new (host, NULL, "Bo");
    g_autoptr(TttNetRecord) guest_record = ttt_net_record_new (guest);

    ttt_net_wait_ready (guest_record);
    ttt_net_wait_ready (record);
    g_assert_cmpstr (record->code, ==, guest_record->code);
    for (guint cell = 0; cell < 5; cell++)
      send (guest, ttt_message_new_move (cell));
    ttt_net_wait_messages (record, 5);
    ttt_connection_close (host);
    ttt_net_wait_closed (guest_record);
    g_clear_pointer (&guest_record, ttt_net_record_free);
    ttt_net_drain ();
    ttt_net_drop (&guest);
  }
  g_ptr_array_set_size (held, 0);
  g_clear_pointer (&record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* A guest that introduces itself and then never reads what it is sent:
 * what waits for it is bounded, and past the bound it is dropped with a
 * reason, not held in memory without end. */
static void
test_never_reads (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, TRUE, TRUE);
  gsize sent = 0;

  g_assert_no_error (peer->error);
  raw_write (peer, GOOD_HELLO, -1);
  ttt_net_wait_ready (record);
  while (record->closed == 0 && sent < 256 * 1024 * 1024)
    {
      for (guint i = 0; i < 100 && record->closed == 0; i++)
        {
          send (host, ttt_message_new_move (i % 9));
          sent += 34;
        }
      g_main_context_iteration (NULL, FALSE);
    }
  g_test_message ("about %" G_GSIZE_FORMAT " bytes sent before the host gave up", sent);
  g_assert_cmpuint (record->closed, ==, 1);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  g_assert_nonnull (strstr (record->reason->message, "stopped reading"));
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* The bound is on what a peer leaves unread, not on a burst: a guest
 * that reads takes a thousand messages sent at once. */
static void
test_burst (void)
{
  Pair pair = { 0 };

  pair_open (&pair, NULL);
  for (guint i = 0; i < 1000; i++)
    send (pair.host, ttt_message_new_move (i % 9));
  ttt_net_wait_messages (pair.records[1], 1000);
  g_assert_cmpuint (pair.records[0]->closed, ==, 0);
  g_assert_cmpint (ttt_connection_get_state (pair.host), ==, TTT_CONNECTION_STATE_READY);
  pair_close (&pair);
}

static void
test_over_long (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, TRUE, TRUE);
  g_autofree char *line = g_strnfill (TTT_PROTOCOL_MAX_LINE + 100, 'a');

  /* No newline at all: the cap holds without waiting for one. */
  raw_write (peer, GOOD_HELLO, -1);
  raw_write (peer, line, -1);
  ttt_net_wait_closed (record);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (record->reason->message, "longer than 4096 bytes"));
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* A line of exactly the cap is fine, one byte more is not. */
static void
test_line_at_cap (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, TRUE, TRUE);
  g_autoptr(GString) line = g_string_new ("{\"type\":\"move\",\"seq\":2,\"cell\":4}");

  while (line->len < TTT_PROTOCOL_MAX_LINE)
    g_string_append_c (line, ' ');
  g_string_append_c (line, '\n');
  raw_write (peer, GOOD_HELLO, -1);
  raw_write (peer, line->str, line->len);
  ttt_net_wait_messages (record, 1);
  g_assert_cmpuint (record->closed, ==, 0);

  g_string_overwrite (line, 0, "{\"type\":\"move\",\"seq\":3,\"cell\":5}");
  g_string_insert_c (line, 10, ' ');
  raw_write (peer, line->str, line->len);
  ttt_net_wait_closed (record);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_nonnull (strstr (record->reason->message, "longer than"));
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

static gboolean
drip_cb (gpointer user_data)
{
  RawPeer *peer = user_data;

  if (peer->dripped >= peer->drip->len)
    {
      peer->drip_id = 0;
      return G_SOURCE_REMOVE;
    }
  raw_write (peer, peer->drip->str + peer->dripped, 1);
  peer->dripped++;
  return G_SOURCE_CONTINUE;
}

static gboolean
tick_cb (gpointer user_data)
{
  (*(guint *) user_data)++;
  return G_SOURCE_CONTINUE;
}

/* A hello sent a byte at a time and never finished: the main loop keeps
 * running (a timer beside it keeps ticking), and the handshake times out
 * however slowly the bytes come. */
static void
test_slow_drip (void)
{
  g_autoptr(TttMessage) hello = ttt_net_hello ("Ana");
  g_autoptr(TttConnection) host = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(RawPeer) peer = NULL;
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(GError) error = NULL;
  guint ticks = 0;
  guint ticker;

  /* Long enough for a TLS handshake on a slow machine under a sanitizer,
   * short enough not to keep the suite waiting. */
  ttt_connection_set_timeouts (host, 2000, 10000, 30000);
  g_assert_true (ttt_connection_listen (host, "127.0.0.1", 0, &error));
  ticker = g_timeout_add (5, tick_cb, &ticks);
  peer = raw_peer_new (host, TRUE, TRUE);
  /* All of the hello but its newline. */
  peer->drip = g_string_new_len (GOOD_HELLO, strlen (GOOD_HELLO) - 1);
  drip_cb (peer);
  peer->drip_id = g_timeout_add (10, drip_cb, peer);

  ttt_net_wait (refused_once, refusals, 30000);
  g_source_remove (ticker);
  g_test_message ("%" G_GSIZE_FORMAT " bytes dripped, %u ticks beside", peer->dripped, ticks);
  g_assert_cmpuint (peer->dripped, >=, 1);
  g_assert_cmpuint (ticks, >, 1);
  g_assert_cmpstr (((GError *) g_ptr_array_index (refusals->reasons, 0))->message, ==,
                   "The other side did not answer within 2 seconds.");
  assert_refused_and_hosting (host, record, refusals, TTT_CONNECTION_ERROR_TIMED_OUT, NULL);
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* TCP that never starts TLS, and TCP that speaks something else. */
static void
test_plain_tcp_silent (void)
{
  g_autoptr(TttMessage) hello = ttt_net_hello ("Ana");
  g_autoptr(TttConnection) host = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(RawPeer) peer = NULL;
  g_autoptr(GError) error = NULL;

  /* Long enough for the real guest after it on a slow machine. */
  ttt_connection_set_timeouts (host, 2000, 10000, 30000);
  g_assert_true (ttt_connection_listen (host, "127.0.0.1", 0, &error));
  peer = raw_peer_new (host, FALSE, FALSE);
  assert_refused_and_hosting (host, record, refusals, TTT_CONNECTION_ERROR_TIMED_OUT, NULL);
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

static void
test_plain_tcp_client (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, FALSE, FALSE);

  raw_write (peer, GOOD_HELLO, -1);
  assert_refused_and_hosting (host, record, refusals, TTT_CONNECTION_ERROR_TLS,
                              "The other side is not a Tic-Tac-Toe game: it does not speak its encrypted protocol.");
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* What the server of test_plain_tcp_server() says, and when: at once,
 * as an SSH server does, or in answer to what it was sent, as a web
 * server does. */
typedef struct {
  const char *name;
  const char *says;
  gboolean    at_once;
} PlainServer;

static const PlainServer plain_servers[] = {
  { "game-text", GOOD_HELLO, TRUE },
  { "ssh", "SSH-2.0-OpenSSH_9.2p1 Debian-2\r\n", TRUE },
  { "http", "HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\nConnection: close\r\n\r\n", FALSE },
};

static void
plain_read_cb (GObject      *source,
               GAsyncResult *result,
               gpointer      user_data)
{
  GIOStream *connection = user_data;
  const char *says = g_object_get_data (G_OBJECT (connection), "says");
  g_autoptr(GBytes) bytes = g_input_stream_read_bytes_finish (G_INPUT_STREAM (source), result, NULL);

  if (bytes != NULL && g_bytes_get_size (bytes) > 0)
    g_output_stream_write_all (g_io_stream_get_output_stream (connection), says, strlen (says), NULL, NULL, NULL);
  g_object_unref (connection);
}

static gboolean
plain_server_cb (GSocketService    *service,
                 GSocketConnection *connection,
                 GObject           *source,
                 gpointer           user_data)
{
  const PlainServer *server = g_object_get_data (G_OBJECT (service), "server");

  g_object_set_data (G_OBJECT (connection), "says", (gpointer) server->says);
  if (server->at_once)
    g_output_stream_write_all (g_io_stream_get_output_stream (G_IO_STREAM (connection)),
                               server->says, strlen (server->says), NULL, NULL, NULL);
  else
    g_input_stream_read_bytes_async (g_io_stream_get_input_stream (G_IO_STREAM (connection)), 4096,
                                     G_PRIORITY_DEFAULT, NULL, plain_read_cb, g_object_ref (connection));
  g_ptr_array_add (user_data, g_object_ref (connection));
  return TRUE;
}

/* A guest that reaches something which is not a game: said plainly, as
 * the host says it of a guest that is not one. */
static void
test_plain_tcp_server (gconstpointer data)
{
  const PlainServer *server = data;
  g_autoptr(GSocketService) service = g_socket_service_new ();
  g_autoptr(GPtrArray) accepted = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) effective = NULL;
  g_autoptr(TttMessage) hello = ttt_net_hello ("Bo");
  g_autoptr(TttConnection) guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  g_autoptr(TttNetRecord) record = ttt_net_record_new (guest);
  g_autoptr(GError) error = NULL;
  g_autofree char *target = NULL;

  g_assert_true (g_socket_listener_add_address (G_SOCKET_LISTENER (service), address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  g_object_set_data (G_OBJECT (service), "server", (gpointer) server);
  g_signal_connect (service, "incoming", G_CALLBACK (plain_server_cb), accepted);
  target = g_strdup_printf ("127.0.0.1:%u", g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective)));
  g_assert_true (ttt_connection_connect (guest, target, &error));
  ttt_net_wait_closed (record);
  g_test_message ("%s: %s", server->name, record->reason->message);
  g_assert_error (record->reason, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TLS);
  g_assert_cmpstr (record->reason->message, ==,
                   "The other side is not a Tic-Tac-Toe game: it does not speak its encrypted protocol.");
  g_socket_service_stop (service);
  g_socket_listener_close (G_SOCKET_LISTENER (service));
  g_clear_pointer (&record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&guest);
}

static void
test_no_client_certificate (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(RawPeer) peer = raw_peer_new (host, TRUE, FALSE);

  /* TLS 1.3 lets the client finish before the server has judged it. */
  raw_write (peer, GOOD_HELLO, -1);
  assert_refused_and_hosting (host, record, refusals, TTT_CONNECTION_ERROR_TLS, NULL);
  g_clear_pointer (&record, ttt_net_record_free);
  g_clear_pointer (&peer, raw_peer_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

/* The man in the middle */

/* Terminates the guest's TLS with certificate A, opens its own TLS to the
 * host with certificate B, and passes the plain text between them, so that
 * each side has a working encrypted connection, to him. */
typedef struct {
  GSocketService  *service;
  guint            port;
  guint            host_port;
  GTlsCertificate *to_guest;
  GTlsCertificate *to_host;
  GIOStream       *guest_side;
  GIOStream       *host_side;
  GCancellable    *cancellable;
  gboolean         spliced;
} Relay;

static void
relay_splice_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  g_io_stream_splice_finish (result, NULL);
}

static void
relay_host_handshake_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  Relay *relay = user_data;
  g_autoptr(GError) error = NULL;

  g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error);
  g_assert_no_error (error);
  relay->spliced = TRUE;
  g_io_stream_splice_async (relay->guest_side, relay->host_side, G_IO_STREAM_SPLICE_NONE,
                            G_PRIORITY_DEFAULT, relay->cancellable, relay_splice_cb, NULL);
}

static void
relay_guest_handshake_cb (GObject      *source,
                          GAsyncResult *result,
                          gpointer      user_data)
{
  Relay *relay = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) tcp = NULL;

  g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &error);
  g_assert_no_error (error);

  tcp = g_socket_client_connect_to_host (client, "127.0.0.1", relay->host_port, NULL, &error);
  g_assert_no_error (error);
  relay->host_side = g_tls_client_connection_new (G_IO_STREAM (tcp), NULL, &error);
  g_assert_no_error (error);
  g_tls_connection_set_certificate (G_TLS_CONNECTION (relay->host_side), relay->to_host);
  g_signal_connect (relay->host_side, "accept-certificate", G_CALLBACK (ttt_net_accept_any_cb), NULL);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (relay->host_side), G_PRIORITY_DEFAULT,
                                    relay->cancellable, relay_host_handshake_cb, relay);
}

static gboolean
relay_incoming_cb (GSocketService    *service,
                   GSocketConnection *tcp,
                   GObject           *source,
                   gpointer           user_data)
{
  Relay *relay = user_data;
  g_autoptr(GError) error = NULL;

  g_socket_service_stop (service);
  relay->guest_side = g_tls_server_connection_new (G_IO_STREAM (tcp), relay->to_guest, &error);
  g_assert_no_error (error);
  g_object_set (relay->guest_side, "authentication-mode", G_TLS_AUTHENTICATION_REQUIRED, NULL);
  g_signal_connect (relay->guest_side, "accept-certificate", G_CALLBACK (ttt_net_accept_any_cb), NULL);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (relay->guest_side), G_PRIORITY_DEFAULT,
                                    relay->cancellable, relay_guest_handshake_cb, relay);
  return TRUE;
}

static void
test_man_in_the_middle (void)
{
  Relay relay = { 0 };
  g_autoptr(GInetAddress) loopback = g_inet_address_new_loopback (G_SOCKET_FAMILY_IPV4);
  g_autoptr(GSocketAddress) address = g_inet_socket_address_new (loopback, 0);
  g_autoptr(GSocketAddress) effective = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) hello = ttt_net_hello ("Bo");
  g_autofree char *target = NULL;
  Pair pair = { 0 };

  relay.to_guest = ttt_certificate_new (&error);
  g_assert_no_error (error);
  relay.to_host = ttt_certificate_new (&error);
  g_assert_no_error (error);
  relay.cancellable = g_cancellable_new ();

  pair.host = ttt_net_host_new (NULL, "Ana");
  pair.records[0] = ttt_net_record_new (pair.host);
  relay.host_port = ttt_connection_get_port (pair.host);

  relay.service = g_socket_service_new ();
  g_assert_true (g_socket_listener_add_address (G_SOCKET_LISTENER (relay.service), address, G_SOCKET_TYPE_STREAM,
                                                G_SOCKET_PROTOCOL_TCP, NULL, &effective, &error));
  relay.port = g_inet_socket_address_get_port (G_INET_SOCKET_ADDRESS (effective));
  g_signal_connect (relay.service, "incoming", G_CALLBACK (relay_incoming_cb), &relay);

  /* The guest believes the relay is the host. */
  pair.guest = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  ttt_net_set_patient_timeouts (pair.guest);
  pair.records[1] = ttt_net_record_new (pair.guest);
  target = g_strdup_printf ("127.0.0.1:%u", relay.port);
  g_assert_true (ttt_connection_connect (pair.guest, target, &error));

  ttt_net_wait (ttt_net_records_ready, pair.records, 30000);
  g_assert_true (relay.spliced);
  g_assert_null (pair.records[0]->reason);
  g_assert_null (pair.records[1]->reason);
  /* Both have a working connection, through him… */
  g_assert_cmpstr (ttt_connection_get_peer_hello (pair.host)->name, ==, "Bo");
  g_assert_cmpstr (ttt_connection_get_peer_hello (pair.guest)->name, ==, "Ana");
  assert_code (pair.records[0]->code);
  assert_code (pair.records[1]->code);
  g_test_message ("host sees %s, guest sees %s", pair.records[0]->code, pair.records[1]->code);
  /* …and the codes give him away. */
  g_assert_cmpstr (pair.records[0]->code, !=, pair.records[1]->code);

  pair_close (&pair);
  g_cancellable_cancel (relay.cancellable);
  ttt_net_drain ();
  g_socket_listener_close (G_SOCKET_LISTENER (relay.service));
  g_clear_object (&relay.service);
  g_clear_object (&relay.guest_side);
  g_clear_object (&relay.host_side);
  g_clear_object (&relay.to_guest);
  g_clear_object (&relay.to_host);
  g_clear_object (&relay.cancellable);
}

/* The code itself */

static void
test_code_parts (void)
{
  g_autoptr(GBytes) a = g_bytes_new_static ("key-a", 5);
  g_autoptr(GBytes) b = g_bytes_new_static ("key-b", 5);
  g_autoptr(GBytes) binding = g_bytes_new_static ("binding", 7);
  g_autoptr(GBytes) other_binding = g_bytes_new_static ("bindinh", 7);
  g_autoptr(GBytes) ab = g_bytes_new_static ("key-akey-b", 10);
  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_autofree char *code = ttt_verification_code_from_parts ("tls-exporter", a, b, binding);
  g_autofree char *same = ttt_verification_code_from_parts ("tls-exporter", a, b, binding);
  g_autofree char *swapped = ttt_verification_code_from_parts ("tls-exporter", b, a, binding);
  g_autofree char *rebound = ttt_verification_code_from_parts ("tls-exporter", a, b, other_binding);
  g_autofree char *unique = ttt_verification_code_from_parts ("tls-unique", a, b, binding);
  /* The lengths are hashed: moving bytes from one part to the next is
   * another transcript. */
  g_autofree char *shifted = ttt_verification_code_from_parts ("tls-exporter", ab, empty, binding);
  g_autofree char *shifted_back = ttt_verification_code_from_parts ("tls-exporter", empty, ab, binding);

  assert_code (code);
  g_assert_cmpstr (code, ==, same);
  g_assert_cmpstr (code, !=, swapped);
  g_assert_cmpstr (code, !=, rebound);
  g_assert_cmpstr (code, !=, unique);
  g_assert_cmpstr (shifted, !=, shifted_back);
}

static void
test_certificates (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GTlsCertificate) one = ttt_certificate_new (&error);
  g_autoptr(GTlsCertificate) two = ttt_certificate_new (&error);
  g_autoptr(GBytes) key_one = NULL;
  g_autoptr(GBytes) key_two = NULL;
  g_autofree char *private_pem = NULL;

  g_assert_no_error (error);
  g_object_get (one, "private-key-pem", &private_pem, NULL);
  g_assert_nonnull (private_pem);
  key_one = ttt_certificate_get_public_key (one, &error);
  g_assert_no_error (error);
  key_two = ttt_certificate_get_public_key (two, &error);
  g_assert_no_error (error);
  g_assert_false (g_bytes_equal (key_one, key_two));
  /* The default is made once. */
  g_assert_true (ttt_certificate_get_default (&error) == ttt_certificate_get_default (&error));
}

/* The peer of test_tls_1_2(), in a process of its own: GnuTLS reads its
 * priorities (here, no TLS 1.3) once per process. */
static int
run_tls_1_2_peer (const char *port)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GSocketConnection) tcp = NULL;
  g_autoptr(GIOStream) tls = NULL;
  g_autoptr(GTlsCertificate) own = NULL;
  g_autoptr(GError) error = NULL;
  char byte;

  tcp = g_socket_client_connect_to_host (client, "127.0.0.1", (guint16) atoi (port), NULL, &error);
  if (tcp == NULL)
    return 2;
  tls = g_tls_client_connection_new (G_IO_STREAM (tcp), NULL, &error);
  own = ttt_certificate_new (&error);
  if (tls == NULL || own == NULL)
    return 2;
  g_signal_connect (tls, "accept-certificate", G_CALLBACK (ttt_net_accept_any_cb), NULL);
  g_tls_connection_set_certificate (G_TLS_CONNECTION (tls), own);
  if (!g_tls_connection_handshake (G_TLS_CONNECTION (tls), NULL, &error))
    return 3;
  g_output_stream_write_all (g_io_stream_get_output_stream (tls), GOOD_HELLO, strlen (GOOD_HELLO), NULL, NULL, NULL);
  /* Until the host lets go. */
  g_input_stream_read (g_io_stream_get_input_stream (tls), &byte, 1, NULL, NULL);
  return 0;
}

/* A peer that offers only TLS 1.2: let go with a clear sentence, the
 * code never made from the weaker binding; hosting goes on. */
static void
test_tls_1_2 (void)
{
  g_autoptr(TttConnection) host = ttt_net_host_new (NULL, "Ana");
  g_autoptr(TttNetRecord) record = ttt_net_record_new (host);
  g_autoptr(Refusals) refusals = refusals_new (host);
  g_autoptr(GSubprocessLauncher) launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
  g_autoptr(GSubprocess) peer = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *port = g_strdup_printf ("%u", ttt_connection_get_port (host));

  g_subprocess_launcher_setenv (launcher, "G_TLS_GNUTLS_PRIORITY", "NORMAL:-VERS-TLS1.3", TRUE);
  g_subprocess_launcher_setenv (launcher, "TTT_TEST_TLS_1_2_PEER", port, TRUE);
  peer = g_subprocess_launcher_spawn (launcher, &error, "/proc/self/exe", NULL);
  g_assert_no_error (error);
  assert_refused_and_hosting (host, record, refusals, TTT_CONNECTION_ERROR_TLS, "TLS 1.3");
  g_assert_true (g_subprocess_wait (peer, NULL, NULL));
  g_clear_pointer (&record, ttt_net_record_free);
  ttt_net_drain ();
  ttt_net_drop (&host);
}

int
main (int   argc,
      char *argv[])
{
  if (g_getenv ("TTT_TEST_TLS_1_2_PEER") != NULL)
    return run_tls_1_2_peer (g_getenv ("TTT_TEST_TLS_1_2_PEER"));

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/connection/handshake", test_handshake);
  g_test_add_func ("/net/connection/handshake-ipv6", test_handshake_ipv6);
  g_test_add_func ("/net/connection/one-guest", test_one_guest);
  g_test_add_func ("/net/connection/messages", test_messages);
  g_test_add_func ("/net/connection/send-when-closed", test_send_when_closed);
  g_test_add_func ("/net/connection/close/handshake", test_close_in_handshake);
  g_test_add_func ("/net/connection/close/after-verification", test_close_after_verification);
  g_test_add_func ("/net/connection/close/mid-stream", test_close_mid_stream);
  g_test_add_func ("/net/connection/close/listening", test_close_listening);
  g_test_add_func ("/net/connection/silence", test_silence);
  g_test_add_func ("/net/connection/keep-alive", test_keep_alive);
  g_test_add_func ("/net/address/parse", test_parse_address);
  g_test_add_func ("/net/address/listen-errors", test_listen_errors);
  g_test_add_func ("/net/address/connect-errors", test_connect_errors);
  g_test_add_func ("/net/address/connect-error-words", test_connect_error_words);
  g_test_add_func ("/net/address/refused", test_refused);
  g_test_add_func ("/net/address/list", test_addresses);
  for (gsize i = 0; i < G_N_ELEMENTS (hostile); i++)
    {
      g_autofree char *path = g_strdup_printf ("/net/hostile/%s", hostile[i].name);

      g_test_add_data_func (path, &hostile[i], test_hostile);
    }
  g_test_add_func ("/net/hostile/flood", test_flood);
  g_test_add_func ("/net/hostile/never-reads", test_never_reads);
  g_test_add_func ("/net/hostile/burst", test_burst);
  g_test_add_func ("/net/hostile/tls-1-2", test_tls_1_2);
  g_test_add_func ("/net/hostile/over-long", test_over_long);
  g_test_add_func ("/net/hostile/line-at-cap", test_line_at_cap);
  g_test_add_func ("/net/hostile/slow-drip", test_slow_drip);
  g_test_add_func ("/net/hostile/plain-tcp-silent", test_plain_tcp_silent);
  g_test_add_func ("/net/hostile/plain-tcp-client", test_plain_tcp_client);
  for (gsize i = 0; i < G_N_ELEMENTS (plain_servers); i++)
    {
      g_autofree char *path = g_strdup_printf ("/net/hostile/plain-tcp-server/%s", plain_servers[i].name);

      g_test_add_data_func (path, &plain_servers[i], test_plain_tcp_server);
    }
  g_test_add_func ("/net/hostile/no-client-certificate", test_no_client_certificate);
  g_test_add_func ("/net/verification/man-in-the-middle", test_man_in_the_middle);
  g_test_add_func ("/net/verification/code-parts", test_code_parts);
  g_test_add_func ("/net/verification/certificates", test_certificates);

  return g_test_run ();
}
