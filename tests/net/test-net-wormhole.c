/* test-net-wormhole.c — our wormhole client against the reference ones
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On 127.0.0.1, with a reference mailbox server each test starts itself
 * (wormhole-helpers.h): our TttWormhole and the reference client
 * (`wormhole send --text` / `receive`) exchange a text message both ways
 * with the same code, as the reference text protocol does it (the
 * sender's phase "0" is {"offer": {"message": …}}, the receiver answers
 * {"answer": {"message_ack": "ok"}}); a wrong code fails on both sides;
 * two of ours exchange messages in order both ways and derive the same
 * key; the server restarted while a host waits for its friend, and
 * again once both are open, changes nothing: they connect again and go
 * on; the server killed under open wormholes closes them with the same
 * sentence as ever once they have tried long enough; a server that is
 * not there, and a cancel.
 */

#include <json-glib/json-glib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole.h"
#include "wormhole-helpers.h"

#define APPID          "io.github.jingzi.TicTacToe/test"
#define WRONG_CODE     "The code is wrong, or someone else tried it first. Ask your friend for a new code."

static WormholeSide *
side_new (const char *url)
{
  return wormhole_side_new (url, APPID);
}

typedef struct
{
  WormholeSide *side;
  guint n;
} Count;

static gboolean
has_messages (gpointer user_data)
{
  Count *count = user_data;

  return count->side->messages->len >= count->n || count->side->closed;
}

static void
wait_messages (WormholeSide  *side,
               guint  n)
{
  Count count = { side, n };

  wormhole_wait_until (has_messages, &count, 60, "messages through the wormhole");
  g_assert_no_error (side->closed_error);
  g_assert_cmpuint (side->messages->len, ==, n);
}

static void
send_text (WormholeSide       *side,
           const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  ttt_wormhole_send (side->wormhole, bytes);
}

/* The member @path ("offer.message") of the JSON object @bytes, as text. */
static char *
json_member (GBytes     *bytes,
             const char *outer,
             const char *inner)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonObject *object;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  json_parser_load_from_data (parser, data, size, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  object = json_node_get_object (json_parser_get_root (parser));
  g_assert_true (json_object_has_member (object, outer));
  object = json_object_get_object_member (object, outer);
  g_assert_nonnull (object);
  return g_strdup (json_object_get_string_member (object, inner));
}

static gboolean
skip_without_reference (void)
{
  if (!reference_client_available ())
    {
      g_test_fail_printf ("The reference client (magic-wormhole) is not installed");
      return TRUE;
    }
  return FALSE;
}

/* The reference sends, we receive and answer. */
static void
test_reference_sends (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(ReferenceClient) reference = NULL;
  g_autoptr(WormholeSide) ours = NULL;
  g_autofree char *text = NULL;
  const char *code;

  if (skip_without_reference () || (server = mailbox_server_start ()) == NULL)
    return;

  reference = reference_client_spawn (APPID, mailbox_server_get_url (server),
                                      "send", "--text", "Hello from the reference", NULL);
  code = reference_client_wait_code (reference);
  g_test_message ("The reference's code: %s", code);

  ours = side_new (mailbox_server_get_url (server));
  ttt_wormhole_set_code (ours->wormhole, code);
  wormhole_side_open (ours, NULL, NULL);
  wormhole_wait (&ours->opened, 60, "our wormhole to open");
  g_assert_no_error (ours->open_error);
  g_assert_cmpint (ttt_wormhole_get_state (ours->wormhole), ==, TTT_WORMHOLE_STATE_OPEN);
  g_assert_nonnull (ttt_wormhole_get_peer_versions (ours->wormhole));
  g_assert_true (ttt_wormhole_get_peer_versions (ours->wormhole)[0] == '{');

  wait_messages (ours, 1);
  text = json_member (g_ptr_array_index (ours->messages, 0), "offer", "message");
  g_assert_cmpstr (text, ==, "Hello from the reference");
  send_text (ours, "{\"answer\": {\"message_ack\": \"ok\"}}");

  g_assert_cmpint (reference_client_wait_exit (reference), ==, 0);
  ttt_wormhole_close (ours->wormhole, "happy");
  g_assert_false (ours->closed);
}

/* We send, the reference receives and answers. */
static void
test_reference_receives (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(ReferenceClient) reference = NULL;
  g_autoptr(WormholeSide) ours = NULL;
  g_autofree char *ack = NULL;

  if (skip_without_reference () || (server = mailbox_server_start ()) == NULL)
    return;

  ours = side_new (mailbox_server_get_url (server));
  ttt_wormhole_allocate_code (ours->wormhole, 2);
  wormhole_side_open (ours, "{\"game\": \"classic\"}", NULL);
  wormhole_wait (&ours->has_code, 60, "our code");
  g_assert_cmpint (ttt_wormhole_get_state (ours->wormhole), ==, TTT_WORMHOLE_STATE_WAITING);
  g_test_message ("Our code: %s", ttt_wormhole_get_code (ours->wormhole));
  g_assert_true (g_regex_match_simple ("^[0-9]+-[a-z]+-[a-z]+$", ttt_wormhole_get_code (ours->wormhole), 0, 0));

  reference = reference_client_spawn (APPID, mailbox_server_get_url (server),
                                      "receive", ttt_wormhole_get_code (ours->wormhole), NULL);
  wormhole_wait (&ours->opened, 60, "our wormhole to open");
  g_assert_no_error (ours->open_error);

  send_text (ours, "{\"offer\": {\"message\": \"Hello from the game\"}}");
  wait_messages (ours, 1);
  ack = json_member (g_ptr_array_index (ours->messages, 0), "answer", "message_ack");
  g_assert_cmpstr (ack, ==, "ok");

  g_assert_cmpint (reference_client_wait_exit (reference), ==, 0);
  g_assert_nonnull (strstr (reference_client_output (reference), "Hello from the game"));
  ttt_wormhole_close (ours->wormhole, "happy");
}

/* The words after the nameplate of @code replaced. */
static char *
wrong_code (const char *code)
{
  const char *dash = strchr (code, '-');

  g_assert_nonnull (dash);
  return g_strdup_printf ("%.*s-wrong-words", (int) (dash - code), code);
}

static void
test_reference_wrong_code_guest (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(ReferenceClient) reference = NULL;
  g_autoptr(WormholeSide) ours = NULL;
  g_autofree char *code = NULL;

  if (skip_without_reference () || (server = mailbox_server_start ()) == NULL)
    return;

  reference = reference_client_spawn (APPID, mailbox_server_get_url (server),
                                      "send", "--text", "Not for you", NULL);
  code = wrong_code (reference_client_wait_code (reference));

  ours = side_new (mailbox_server_get_url (server));
  ttt_wormhole_set_code (ours->wormhole, code);
  wormhole_side_open (ours, NULL, NULL);
  wormhole_wait (&ours->opened, 60, "our wormhole to fail");
  g_assert_error (ours->open_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED);
  g_assert_cmpstr (ours->open_error->message, ==, WRONG_CODE);
  g_assert_cmpint (ttt_wormhole_get_state (ours->wormhole), ==, TTT_WORMHOLE_STATE_CLOSED);
  g_assert_false (ours->closed);
  g_assert_cmpuint (ours->messages->len, ==, 0);

  g_assert_cmpint (reference_client_wait_exit (reference), !=, 0);
  g_assert_null (strstr (reference_client_output (reference), "Not for you\n"));
}

static void
test_reference_wrong_code_host (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(ReferenceClient) reference = NULL;
  g_autoptr(WormholeSide) ours = NULL;
  g_autofree char *code = NULL;

  if (skip_without_reference () || (server = mailbox_server_start ()) == NULL)
    return;

  ours = side_new (mailbox_server_get_url (server));
  ttt_wormhole_allocate_code (ours->wormhole, 2);
  wormhole_side_open (ours, NULL, NULL);
  wormhole_wait (&ours->has_code, 60, "our code");
  code = wrong_code (ttt_wormhole_get_code (ours->wormhole));

  reference = reference_client_spawn (APPID, mailbox_server_get_url (server), "receive", code, NULL);
  wormhole_wait (&ours->opened, 60, "our wormhole to fail");
  g_assert_error (ours->open_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED);
  g_assert_cmpstr (ours->open_error->message, ==, WRONG_CODE);

  g_assert_cmpint (reference_client_wait_exit (reference), !=, 0);
}

/* Opens a host and a guest of ours on @url; if @give_up_ms, their
 * mailbox connections give up that long after a break. */
static void
open_pair (const char    *url,
           guint          give_up_ms,
           WormholeSide **host_out,
           WormholeSide **guest_out)
{
  WormholeSide *host = side_new (url);
  WormholeSide *guest = side_new (url);

  if (give_up_ms > 0)
    {
      ttt_wormhole_set_reconnect (host->wormhole, 100, give_up_ms);
      ttt_wormhole_set_reconnect (guest->wormhole, 100, give_up_ms);
    }

  ttt_wormhole_allocate_code (host->wormhole, 3);
  wormhole_side_open (host, "{\"side\": \"host\"}", NULL);
  wormhole_wait (&host->has_code, 60, "the host's code");
  g_assert_cmpint (ttt_wormhole_get_state (host->wormhole), ==, TTT_WORMHOLE_STATE_WAITING);

  ttt_wormhole_set_code (guest->wormhole, ttt_wormhole_get_code (host->wormhole));
  wormhole_side_open (guest, "{\"side\": \"guest\"}", NULL);
  wormhole_wait (&host->opened, 60, "the host to open");
  wormhole_wait (&guest->opened, 60, "the guest to open");
  g_assert_no_error (host->open_error);
  g_assert_no_error (guest->open_error);
  *host_out = host;
  *guest_out = guest;
}

static void
test_ours_both_ways (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  guint8 host_key[TTT_WORMHOLE_KEY_SIZE], guest_key[TTT_WORMHOLE_KEY_SIZE];
  const guint n = 25;

  if ((server = mailbox_server_start ()) == NULL)
    return;
  open_pair (mailbox_server_get_url (server), 0, &host, &guest);

  g_assert_cmpstr (ttt_wormhole_get_peer_versions (host->wormhole), ==, "{\"side\":\"guest\"}");
  g_assert_cmpstr (ttt_wormhole_get_peer_versions (guest->wormhole), ==, "{\"side\":\"host\"}");
  g_assert_cmpstr (ttt_wormhole_get_side (host->wormhole), !=, ttt_wormhole_get_side (guest->wormhole));

  ttt_wormhole_derive_shared_key (host->wormhole, APPID "/transit-key", host_key);
  ttt_wormhole_derive_shared_key (guest->wormhole, APPID "/transit-key", guest_key);
  g_assert_cmpmem (host_key, sizeof host_key, guest_key, sizeof guest_key);

  /* Interleaved, several at once each way. */
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *h = g_strdup_printf ("host %u", i);
      g_autofree char *g = g_strdup_printf ("guest %u", i);

      send_text (host, h);
      send_text (guest, g);
    }
  wait_messages (host, n);
  wait_messages (guest, n);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *h = g_strdup_printf ("host %u", i);
      g_autofree char *g = g_strdup_printf ("guest %u", i);
      GBytes *to_guest = g_ptr_array_index (guest->messages, i);
      GBytes *to_host = g_ptr_array_index (host->messages, i);

      g_assert_cmpmem (g_bytes_get_data (to_guest, NULL), g_bytes_get_size (to_guest), h, strlen (h));
      g_assert_cmpmem (g_bytes_get_data (to_host, NULL), g_bytes_get_size (to_host), g, strlen (g));
    }

  /* An empty message is a message too. */
  {
    g_autoptr(GBytes) empty = g_bytes_new (NULL, 0);

    ttt_wormhole_send (host->wormhole, empty);
    wait_messages (guest, n + 1);
    g_assert_cmpuint (g_bytes_get_size (g_ptr_array_index (guest->messages, n)), ==, 0);
  }

  ttt_wormhole_close (host->wormhole, "happy");
  ttt_wormhole_close (guest->wormhole, "happy");
  g_assert_false (host->closed);
  g_assert_false (guest->closed);
}

static gboolean
both_opened (gpointer user_data)
{
  WormholeSide **sides = user_data;

  return sides[0]->opened && sides[1]->opened;
}

static gboolean
both_closed (gpointer user_data)
{
  WormholeSide **sides = user_data;

  return sides[0]->closed && sides[1]->closed && sides[2]->opened;
}

/* The host waits for its friend while the server restarts (its
 * database kept, as a server's keeper restarts it): the host connects
 * again and claims its nameplate again, the friend who comes then with
 * the code finds it, and the two talk. The server restarts again once
 * both are open: what each sends then arrives once, and nothing that
 * came before comes twice. */
static void
test_server_restarted (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  WormholeSide *sides[2];

  if ((server = mailbox_server_start ()) == NULL)
    return;
  host = side_new (mailbox_server_get_url (server));
  guest = side_new (mailbox_server_get_url (server));
  ttt_wormhole_allocate_code (host->wormhole, 2);
  wormhole_side_open (host, "{\"side\": \"host\"}", NULL);
  wormhole_wait (&host->has_code, 60, "the host's code");

  mailbox_server_restart (server);
  ttt_wormhole_set_code (guest->wormhole, ttt_wormhole_get_code (host->wormhole));
  wormhole_side_open (guest, "{\"side\": \"guest\"}", NULL);
  sides[0] = host;
  sides[1] = guest;
  wormhole_wait_until (both_opened, sides, 60, "both to open");
  g_assert_no_error (host->open_error);
  g_assert_no_error (guest->open_error);
  g_assert_cmpstr (ttt_wormhole_get_peer_versions (host->wormhole), ==, "{\"side\":\"guest\"}");
  send_text (host, "before");
  send_text (guest, "before, back");
  wait_messages (guest, 1);
  wait_messages (host, 1);

  mailbox_server_restart (server);
  send_text (host, "after");
  send_text (guest, "after, back");
  wait_messages (guest, 2);
  wait_messages (host, 2);
  /* A round trip more: anything given twice would be there by now. */
  send_text (host, "last");
  wait_messages (guest, 3);
  g_assert_cmpuint (host->messages->len, ==, 2);
  g_assert_cmpmem (g_bytes_get_data (g_ptr_array_index (guest->messages, 1), NULL),
                   g_bytes_get_size (g_ptr_array_index (guest->messages, 1)), "after", 5);
  g_assert_cmpmem (g_bytes_get_data (g_ptr_array_index (host->messages, 1), NULL),
                   g_bytes_get_size (g_ptr_array_index (host->messages, 1)), "after, back", 11);
  g_assert_false (host->closed);
  g_assert_false (guest->closed);
  ttt_wormhole_close (host->wormhole, "happy");
  ttt_wormhole_close (guest->wormhole, "happy");
}

/* The server killed for good: each wormhole tries to connect again
 * until its give-up time, and only then closes, with the sentence a
 * broken connection always had. */
static void
test_server_killed (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  g_autoptr(WormholeSide) waiting = NULL;
  WormholeSide *sides[3];
  const guint give_up_ms = 3000;
  gint64 killed;

  if ((server = mailbox_server_start ()) == NULL)
    return;
  open_pair (mailbox_server_get_url (server), give_up_ms, &host, &guest);
  /* A third still waiting for its friend. */
  waiting = side_new (mailbox_server_get_url (server));
  ttt_wormhole_set_reconnect (waiting->wormhole, 100, give_up_ms);
  ttt_wormhole_allocate_code (waiting->wormhole, 2);
  wormhole_side_open (waiting, NULL, NULL);
  wormhole_wait (&waiting->has_code, 60, "the waiting host's code");

  killed = g_get_monotonic_time ();
  mailbox_server_kill (server);
  sides[0] = host;
  sides[1] = guest;
  sides[2] = waiting;
  wormhole_wait_until (both_closed, sides, 60, "the wormholes to close");
  g_assert_cmpint (g_get_monotonic_time () - killed, >=, (gint64) give_up_ms * 1000);

  for (guint i = 0; i < 2; i++)
    {
      g_assert_error (sides[i]->closed_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
      g_assert_cmpstr (sides[i]->closed_error->message, ==, "The connection to the mailbox server broke.");
      g_assert_cmpint (ttt_wormhole_get_state (sides[i]->wormhole), ==, TTT_WORMHOLE_STATE_CLOSED);
    }
  g_assert_error (waiting->open_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  g_assert_false (waiting->closed);

  /* Sending on a closed wormhole is nothing. */
  send_text (host, "anyone?");
}

/* Nobody listens where the server should be. */
static void
test_no_server (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(WormholeSide) ours = NULL;
  g_autofree char *url = NULL;
  guint16 port;

  /* A port that was free a moment ago and is closed again. */
  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (listener);
  url = g_strdup_printf ("ws://127.0.0.1:%u/v1", port);

  ours = side_new (url);
  ttt_wormhole_set_code (ours->wormhole, "4-purple-sausages");
  wormhole_side_open (ours, NULL, NULL);
  wormhole_wait (&ours->opened, 60, "the opening to fail");
  g_assert_error (ours->open_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_REFUSED);
  g_assert_cmpint (ttt_wormhole_get_state (ours->wormhole), ==, TTT_WORMHOLE_STATE_CLOSED);
}

static void
test_cancel_waiting (void)
{
  g_autoptr(MailboxServer) server = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(WormholeSide) ours = NULL;

  if ((server = mailbox_server_start ()) == NULL)
    return;
  ours = side_new (mailbox_server_get_url (server));
  ttt_wormhole_allocate_code (ours->wormhole, 2);
  wormhole_side_open (ours, NULL, cancellable);
  wormhole_wait (&ours->has_code, 60, "our code");
  g_cancellable_cancel (cancellable);
  wormhole_wait (&ours->opened, 60, "the opening to end");
  g_assert_error (ours->open_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (ours->closed);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/wormhole/reference/sends", test_reference_sends);
  g_test_add_func ("/wormhole/reference/receives", test_reference_receives);
  g_test_add_func ("/wormhole/reference/wrong-code-guest", test_reference_wrong_code_guest);
  g_test_add_func ("/wormhole/reference/wrong-code-host", test_reference_wrong_code_host);
  g_test_add_func ("/wormhole/ours/both-ways", test_ours_both_ways);
  g_test_add_func ("/wormhole/ours/server-restarted", test_server_restarted);
  g_test_add_func ("/wormhole/ours/server-killed", test_server_killed);
  g_test_add_func ("/wormhole/ours/no-server", test_no_server);
  g_test_add_func ("/wormhole/ours/cancel", test_cancel_waiting);

  return g_test_run ();
}
