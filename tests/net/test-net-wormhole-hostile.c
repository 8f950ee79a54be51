/* test-net-wormhole-hostile.c — our wormhole client against bad mailbox servers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A fake mailbox server inside the test (libsoup's SoupServer with a
 * WebSocket handler on 127.0.0.1) plays the protocol as far as a test
 * needs, relaying added messages between its connections like the real
 * one, and breaks it where the test says: JSON that is not, members of
 * the wrong type, a message past the bound, a message before the
 * welcome, a refusal of the nameplate, a binary frame, a server that
 * never acks or that acks and drops us each time; a phase changed on
 * its way, phases repeated and out of order, a phase far ahead; and a
 * cancel after the opening, which ends nothing. Connections dropped
 * under a waiting host and under an open pair, with the server
 * swallowing a message, closing again right after its welcome, giving
 * the mailbox twice and acking ids nobody sent: the wormholes connect
 * again and go on, each phase handled once, saying they reconnect once
 * each time, not on each try. Each ends in a sentence,
 * never a crash, and the wormhole is finalized when dropped. The
 * parser's bounds are checked on their own too.
 */

#include <json-glib/json-glib.h>
#include <libsoup/soup.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole.h"
#include "ttt-wormhole-mailbox.h"
#include "wormhole-helpers.h"

#define APPID "io.github.jingzi.TicTacToe/test"

/* The fake server */

typedef enum {
  FAKE_GOOD,
  FAKE_NOT_JSON,            /* after bind: a message cut short */
  FAKE_WRONG_TYPES,         /* allocated's nameplate a number */
  FAKE_WELCOME_NOT_OBJECT,
  FAKE_BEFORE_WELCOME,
  FAKE_HUGE,                /* after bind: 70,000 bytes */
  FAKE_BINARY,
  FAKE_WELCOME_ERROR,
  FAKE_UNKNOWN_NAMEPLATE,   /* claim refused */
  FAKE_CROWDED,
  FAKE_BODY_NOT_HEX,
  FAKE_NO_ACKS,
  FAKE_TAMPER,              /* phase "1" changed on its way */
  FAKE_SHUFFLE,             /* numbered phases held, repeated, reordered */
  FAKE_FAR_AHEAD,           /* phase "0" renumbered 1000 */
} FakeMode;

typedef struct
{
  SoupServer *server;
  char       *url;
  FakeMode    mode;
  GPtrArray  *connections;   /* SoupWebsocketConnection, with "side" and "open" data */
  GPtrArray  *held;          /* FAKE_SHUFFLE: JSON texts */
  GPtrArray  *added;         /* every message relayed, for a later open */
  guint       n_shuffled;
  /* Whatever the mode: */
  gboolean    swallow;       /* the next add acked, never kept */
  gboolean    swallowed;
  guint       refuse;        /* so many connections closed after the welcome */
  gboolean    replay_twice;  /* an open gives the mailbox twice, after bogus acks */
  gboolean    drop_acked;    /* every connection closed once a message is acked */
  guint       n_opens;
} Fake;

static void
send_json (SoupWebsocketConnection *connection,
           const char              *text)
{
  if (soup_websocket_connection_get_state (connection) == SOUP_WEBSOCKET_STATE_OPEN)
    soup_websocket_connection_send_text (connection, text);
}

static char *
message_text (const char *side,
              const char *phase,
              const char *body)
{
  return g_strdup_printf ("{\"type\": \"message\", \"side\": \"%s\", \"phase\": \"%s\", "
                          "\"body\": \"%s\", \"server_tx\": 1.5}", side, phase, body);
}

static void
broadcast (Fake       *fake,
           const char *text)
{
  g_ptr_array_add (fake->added, g_strdup (text));
  for (guint i = 0; i < fake->connections->len; i++)
    {
      SoupWebsocketConnection *connection = g_ptr_array_index (fake->connections, i);

      if (g_object_get_data (G_OBJECT (connection), "open") != NULL)
        send_json (connection, text);
    }
}

static void
relay (Fake       *fake,
       const char *side,
       const char *phase,
       const char *body)
{
  g_autofree char *text = NULL;
  g_autofree char *changed = g_strdup (body);

  switch (fake->mode)
    {
    case FAKE_TAMPER:
      if (strcmp (phase, "1") == 0)
        {
          /* One bit of the box's last byte. */
          gsize n = strlen (changed);

          changed[n - 1] = changed[n - 1] == '0' ? '1' : '0';
        }
      break;
    case FAKE_FAR_AHEAD:
      if (strcmp (phase, "0") == 0)
        phase = "1000";
      break;
    case FAKE_SHUFFLE:
      if (g_ascii_isdigit (phase[0]) && fake->n_shuffled++ < 8)
        {
          /* The first eight held four at a time, then sent 3, 1, 0, 2,
           * each twice. */
          static const guint order[] = { 3, 1, 0, 2 };

          g_ptr_array_add (fake->held, message_text (side, phase, body));
          if (fake->held->len < 4)
            return;
          for (guint i = 0; i < G_N_ELEMENTS (order); i++)
            {
              broadcast (fake, g_ptr_array_index (fake->held, order[i]));
              broadcast (fake, g_ptr_array_index (fake->held, order[i]));
            }
          g_ptr_array_set_size (fake->held, 0);
          return;
        }
      if (strcmp (phase, "version") == 0)
        {
          /* The version twice too. */
          text = message_text (side, phase, body);
          broadcast (fake, text);
        }
      break;
    case FAKE_GOOD:
    case FAKE_NOT_JSON:
    case FAKE_WRONG_TYPES:
    case FAKE_WELCOME_NOT_OBJECT:
    case FAKE_BEFORE_WELCOME:
    case FAKE_HUGE:
    case FAKE_BINARY:
    case FAKE_WELCOME_ERROR:
    case FAKE_UNKNOWN_NAMEPLATE:
    case FAKE_CROWDED:
    case FAKE_BODY_NOT_HEX:
    case FAKE_NO_ACKS:
    default:
      break;
    }
  g_clear_pointer (&text, g_free);
  text = message_text (side, phase, fake->mode == FAKE_BODY_NOT_HEX ? "xyz1" : changed);
  broadcast (fake, text);
}

static void
fake_message_cb (SoupWebsocketConnection *connection,
                 gint                     data_type,
                 GBytes                  *bytes,
                 Fake                    *fake)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autofree char *ack = NULL;
  JsonObject *object;
  const char *type, *id;
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);

  /* What comes on a connection the fake is closing is not listened to. */
  if (soup_websocket_connection_get_state (connection) != SOUP_WEBSOCKET_STATE_OPEN)
    return;
  g_assert_cmpint (data_type, ==, SOUP_WEBSOCKET_DATA_TEXT);
  g_assert_true (json_parser_load_from_data (parser, data, size, NULL));
  object = json_node_get_object (json_parser_get_root (parser));
  type = json_object_get_string_member (object, "type");
  id = json_object_get_string_member (object, "id");
  /* Every client message has an id. */
  g_assert_nonnull (id);

  if (fake->mode != FAKE_NO_ACKS)
    {
      ack = g_strdup_printf ("{\"type\": \"ack\", \"id\": \"%s\", \"server_tx\": 1.5}", id);
      send_json (connection, ack);
      if (fake->drop_acked)
        {
          soup_websocket_connection_close (connection, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
          return;
        }
    }

  if (strcmp (type, "bind") == 0)
    {
      JsonArray *version = json_object_get_array_member (object, "client_version");

      g_assert_cmpstr (json_object_get_string_member (object, "appid"), ==, APPID);
      g_assert_cmpuint (json_array_get_length (version), ==, 2);
      g_object_set_data_full (G_OBJECT (connection), "side",
                              g_strdup (json_object_get_string_member (object, "side")), g_free);
      switch (fake->mode)
        {
        case FAKE_NOT_JSON:
          send_json (connection, "{\"type\": \"allocated\", \"nameplate\": ");
          break;
        case FAKE_HUGE:
          {
            g_autofree char *padding = g_strnfill (70000, 'a');
            g_autofree char *huge = g_strdup_printf ("{\"type\": \"motd\", \"x\": \"%s\"}", padding);

            send_json (connection, huge);
          }
          break;
        case FAKE_BINARY:
          soup_websocket_connection_send_binary (connection, "{\"type\": \"pong\"}", 16);
          break;
        case FAKE_GOOD:
        case FAKE_WRONG_TYPES:
        case FAKE_WELCOME_NOT_OBJECT:
        case FAKE_BEFORE_WELCOME:
        case FAKE_WELCOME_ERROR:
        case FAKE_UNKNOWN_NAMEPLATE:
        case FAKE_CROWDED:
        case FAKE_BODY_NOT_HEX:
        case FAKE_NO_ACKS:
        case FAKE_TAMPER:
        case FAKE_SHUFFLE:
        case FAKE_FAR_AHEAD:
        default:
          break;
        }
    }
  else if (strcmp (type, "allocate") == 0)
    {
      if (fake->mode == FAKE_WRONG_TYPES)
        send_json (connection, "{\"type\": \"allocated\", \"nameplate\": 4}");
      else
        send_json (connection, "{\"type\": \"allocated\", \"nameplate\": \"4\"}");
    }
  else if (strcmp (type, "claim") == 0)
    {
      if (fake->mode == FAKE_UNKNOWN_NAMEPLATE)
        send_json (connection, "{\"type\": \"error\", \"error\": \"unknown nameplate\", "
                               "\"orig\": {\"type\": \"claim\", \"nameplate\": \"4\"}}");
      else if (fake->mode == FAKE_CROWDED)
        send_json (connection, "{\"type\": \"error\", \"error\": \"crowded\", \"orig\": {\"type\": \"claim\"}}");
      else
        send_json (connection, "{\"type\": \"claimed\", \"mailbox\": \"mb4\"}");
    }
  else if (strcmp (type, "open") == 0)
    {
      g_assert_cmpstr (json_object_get_string_member (object, "mailbox"), ==, "mb4");
      g_object_set_data (G_OBJECT (connection), "open", GINT_TO_POINTER (TRUE));
      fake->n_opens++;
      /* What was added before, as the real server does. */
      for (guint n = 0; n < (fake->replay_twice ? 2 : 1); n++)
        for (guint i = 0; i < fake->added->len; i++)
          send_json (connection, g_ptr_array_index (fake->added, i));
    }
  else if (strcmp (type, "add") == 0 && fake->swallow && !fake->swallowed)
    fake->swallowed = TRUE;
  else if (strcmp (type, "add") == 0)
    relay (fake, g_object_get_data (G_OBJECT (connection), "side"),
           json_object_get_string_member (object, "phase"),
           json_object_get_string_member (object, "body"));
  else if (strcmp (type, "release") == 0)
    send_json (connection, "{\"type\": \"released\"}");
  else if (strcmp (type, "close") == 0)
    send_json (connection, "{\"type\": \"closed\"}");
}

static void
fake_websocket_cb (SoupServer              *server,
                   SoupServerMessage       *message,
                   const char              *path,
                   SoupWebsocketConnection *connection,
                   gpointer                 user_data)
{
  Fake *fake = user_data;

  g_ptr_array_add (fake->connections, g_object_ref (connection));
  g_signal_connect (connection, "message", G_CALLBACK (fake_message_cb), fake);
  switch (fake->mode)
    {
    case FAKE_BEFORE_WELCOME:
      send_json (connection, "{\"type\": \"ack\", \"id\": \"1\"}");
      break;
    case FAKE_WELCOME_NOT_OBJECT:
      send_json (connection, "{\"type\": \"welcome\", \"welcome\": \"hello\"}");
      break;
    case FAKE_WELCOME_ERROR:
      send_json (connection, "{\"type\": \"welcome\", \"welcome\": {\"error\": \"Closed for repairs\"}}");
      break;
    case FAKE_GOOD:
    case FAKE_NOT_JSON:
    case FAKE_WRONG_TYPES:
    case FAKE_HUGE:
    case FAKE_BINARY:
    case FAKE_UNKNOWN_NAMEPLATE:
    case FAKE_CROWDED:
    case FAKE_BODY_NOT_HEX:
    case FAKE_NO_ACKS:
    case FAKE_TAMPER:
    case FAKE_SHUFFLE:
    case FAKE_FAR_AHEAD:
    default:
      send_json (connection, "{\"type\": \"welcome\", \"welcome\": {\"motd\": \"Be nice\", "
                             "\"your-address\": \"127.0.0.1\"}, \"server_tx\": 1.5}");
      break;
    }
  if (fake->replay_twice)
    {
      send_json (connection, "{\"type\": \"ack\", \"id\": \"ffffff\"}");
      send_json (connection, "{\"type\": \"ack\", \"id\": null}");
    }
  if (fake->refuse > 0)
    {
      fake->refuse--;
      soup_websocket_connection_close (connection, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
    }
}

/* Closes every connection, as a server going down for a moment does. */
static void
fake_drop_all (Fake *fake)
{
  for (guint i = 0; i < fake->connections->len; i++)
    {
      SoupWebsocketConnection *connection = g_ptr_array_index (fake->connections, i);

      if (soup_websocket_connection_get_state (connection) == SOUP_WEBSOCKET_STATE_OPEN)
        soup_websocket_connection_close (connection, SOUP_WEBSOCKET_CLOSE_GOING_AWAY, NULL);
    }
}

static Fake *
fake_new (FakeMode mode)
{
  Fake *fake = g_new0 (Fake, 1);
  g_autoptr(GError) error = NULL;
  GSList *uris;

  fake->mode = mode;
  fake->connections = g_ptr_array_new ();
  fake->held = g_ptr_array_new_with_free_func (g_free);
  fake->added = g_ptr_array_new_with_free_func (g_free);
  fake->server = soup_server_new (NULL, NULL);
  soup_server_add_websocket_handler (fake->server, "/v1", NULL, NULL, fake_websocket_cb, fake, NULL);
  soup_server_listen_local (fake->server, 0, SOUP_SERVER_LISTEN_IPV4_ONLY, &error);
  g_assert_no_error (error);
  uris = soup_server_get_uris (fake->server);
  g_assert_nonnull (uris);
  fake->url = g_strdup_printf ("ws://127.0.0.1:%d/v1", g_uri_get_port (uris->data));
  g_slist_free_full (uris, (GDestroyNotify) g_uri_unref);
  return fake;
}

static void
fake_free (Fake *fake)
{
  for (guint i = 0; i < fake->connections->len; i++)
    {
      SoupWebsocketConnection *connection = g_ptr_array_index (fake->connections, i);

      g_signal_handlers_disconnect_by_data (connection, fake);
      g_object_unref (connection);
    }
  g_ptr_array_unref (fake->connections);
  g_ptr_array_unref (fake->held);
  g_ptr_array_unref (fake->added);
  soup_server_disconnect (fake->server);
  g_object_unref (fake->server);
  g_free (fake->url);
  g_free (fake);
}
G_DEFINE_AUTOPTR_CLEANUP_FUNC (Fake, fake_free)

/* Our side */

/* A host (@code NULL) or a guest, opening under @cancellable. */
static WormholeSide *
side_open_full (const char   *url,
                const char   *code,
                GCancellable *cancellable)
{
  WormholeSide *side = wormhole_side_new (url, APPID);

  if (code != NULL)
    ttt_wormhole_set_code (side->wormhole, code);
  else
    ttt_wormhole_allocate_code (side->wormhole, 2);
  wormhole_side_open (side, NULL, cancellable);
  return side;
}

static WormholeSide *
side_open (const char *url,
           const char *code)
{
  return side_open_full (url, code, NULL);
}

/* The opening against @mode fails with @code and @message. */
static void
check_open_fails (FakeMode            mode,
                  gboolean            host,
                  TttConnectionError  code,
                  const char         *message)
{
  g_autoptr(Fake) fake = fake_new (mode);
  g_autoptr(WormholeSide) side = side_open (fake->url, host ? NULL : "4-purple-sausages");

  wormhole_wait (&side->opened, 30, "the opening to end");
  g_assert_error (side->open_error, TTT_CONNECTION_ERROR, (gint) code);
  g_assert_cmpstr (side->open_error->message, ==, message);
  g_assert_cmpint (ttt_wormhole_get_state (side->wormhole), ==, TTT_WORMHOLE_STATE_CLOSED);
  g_assert_false (side->closed);
}

static void
test_not_json (void)
{
  check_open_fails (FAKE_NOT_JSON, FALSE, TTT_CONNECTION_ERROR_PROTOCOL,
                    "The mailbox server sent a message that is not JSON.");
}

static void
test_wrong_types (void)
{
  check_open_fails (FAKE_WRONG_TYPES, TRUE, TTT_CONNECTION_ERROR_PROTOCOL,
                    "The mailbox server sent a “allocated” message whose “nameplate” is not text.");
  check_open_fails (FAKE_WELCOME_NOT_OBJECT, TRUE, TTT_CONNECTION_ERROR_PROTOCOL,
                    "The mailbox server’s welcome is not one.");
  check_open_fails (FAKE_BODY_NOT_HEX, FALSE, TTT_CONNECTION_ERROR_PROTOCOL,
                    "The mailbox server sent a message whose body is not hexadecimal.");
}

static void
test_before_welcome (void)
{
  check_open_fails (FAKE_BEFORE_WELCOME, FALSE, TTT_CONNECTION_ERROR_PROTOCOL,
                    "The mailbox server did not begin with its welcome.");
}

static void
test_huge (void)
{
  g_autofree char *message = g_strdup_printf ("The mailbox server sent a message longer than %d bytes.",
                                              TTT_MAILBOX_MAX_MESSAGE);

  check_open_fails (FAKE_HUGE, FALSE, TTT_CONNECTION_ERROR_PROTOCOL, message);
}

static void
test_binary (void)
{
  check_open_fails (FAKE_BINARY, FALSE, TTT_CONNECTION_ERROR_PROTOCOL,
                    "The mailbox server sent a message that is not text.");
}

static void
test_refusals (void)
{
  check_open_fails (FAKE_WELCOME_ERROR, FALSE, TTT_CONNECTION_ERROR_REFUSED,
                    "The mailbox server turned us away: “Closed for repairs”.");
  check_open_fails (FAKE_UNKNOWN_NAMEPLATE, FALSE, TTT_CONNECTION_ERROR_REFUSED,
                    "The mailbox server refused: “unknown nameplate”.");
  check_open_fails (FAKE_CROWDED, FALSE, TTT_CONNECTION_ERROR_REFUSED,
                    "Someone else is already using this code. Ask your friend for a new code.");
}

static void
test_not_a_server (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_GOOD);
  g_autofree char *url = g_strdup_printf ("%.*s/elsewhere", (int) (strlen (fake->url) - 3), fake->url);
  g_autoptr(WormholeSide) side = side_open (url, "4-purple-sausages");

  wormhole_wait (&side->opened, 30, "the opening to end");
  g_assert_error (side->open_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
}

/* Acks */

static void
connected_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  gboolean *done = user_data;
  g_autoptr(GError) error = NULL;

  g_assert_true (ttt_wormhole_mailbox_connect_finish (TTT_WORMHOLE_MAILBOX (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static void
mailbox_closed_cb (TttWormholeMailbox *mailbox,
                   const GError       *error,
                   GError            **out)
{
  g_assert_null (*out);
  *out = g_error_copy (error);
}

static gboolean
error_set (gpointer user_data)
{
  return *(GError **) user_data != NULL;
}

/* What "reconnecting" was notified as, in order. */
static void
reconnecting_cb (GObject    *object,
                 GParamSpec *pspec,
                 GArray     *seen)
{
  gboolean reconnecting;

  g_object_get (object, "reconnecting", &reconnecting, NULL);
  g_array_append_val (seen, reconnecting);
}

static gboolean
seen_two (gpointer user_data)
{
  return ((GArray *) user_data)->len >= 2;
}

static gboolean
all_acked (gpointer user_data)
{
  return ttt_wormhole_mailbox_get_n_unacked (user_data) == 0;
}

/* A server that never acks is lost after the ack timeout; the ping of
 * an idle connection is what needs acking. A connection made again to
 * it is no better, so the first sentence stands at the give-up time,
 * and the reconnecting ends with it. */
static void
test_no_acks (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_NO_ACKS);
  g_autoptr(TttWormholeMailbox) mailbox = ttt_wormhole_mailbox_new (fake->url);
  g_autoptr(GError) error = NULL;
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gboolean connected = FALSE;

  ttt_wormhole_mailbox_set_timeouts (mailbox, 300, 100);
  ttt_wormhole_mailbox_set_reconnect (mailbox, 50, 1500);
  ttt_wormhole_mailbox_connect_async (mailbox, NULL, connected_cb, &connected);
  wormhole_wait (&connected, 30, "the fake server's welcome");
  g_assert_cmpstr (ttt_wormhole_mailbox_get_motd (mailbox), ==, "Be nice");
  g_assert_cmpuint (ttt_wormhole_mailbox_get_n_unacked (mailbox), ==, 0);

  g_signal_connect (mailbox, "closed", G_CALLBACK (mailbox_closed_cb), &error);
  g_signal_connect (mailbox, "notify::reconnecting", G_CALLBACK (reconnecting_cb), seen);
  wormhole_wait_until (error_set, &error, 30, "the mailbox connection to time out");
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_TIMED_OUT);
  g_assert_cmpstr (error->message, ==, "The mailbox server stopped answering.");
  g_assert_cmpuint (fake->connections->len, >, 1);
  /* Reconnecting once, through every try, until given up. */
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_true (g_array_index (seen, gboolean, 0));
  g_assert_false (g_array_index (seen, gboolean, 1));
  g_assert_false (ttt_wormhole_mailbox_get_reconnecting (mailbox));
  g_signal_handlers_disconnect_by_data (mailbox, seen);
}

/* A bound connection dropped, then closed twice more right after the
 * welcome: "reconnecting" turns TRUE once as it breaks, not again on
 * each try, and FALSE once the server has acked what was asked again. */
static void
test_reconnecting (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_GOOD);
  g_autoptr(TttWormholeMailbox) mailbox = ttt_wormhole_mailbox_new (fake->url);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gboolean));
  gboolean connected = FALSE;

  ttt_wormhole_mailbox_set_reconnect (mailbox, 50, 20000);
  ttt_wormhole_mailbox_connect_async (mailbox, NULL, connected_cb, &connected);
  wormhole_wait (&connected, 30, "the fake server's welcome");
  g_signal_connect (mailbox, "notify::reconnecting", G_CALLBACK (reconnecting_cb), seen);
  ttt_wormhole_mailbox_bind (mailbox, APPID, "side");
  wormhole_wait_until (all_acked, mailbox, 30, "the bind to be acked");
  g_assert_false (ttt_wormhole_mailbox_get_reconnecting (mailbox));
  g_assert_cmpuint (seen->len, ==, 0);

  fake->refuse = 2;
  fake_drop_all (fake);
  wormhole_wait_until (seen_two, seen, 30, "the connection to break and be made again");
  g_assert_cmpuint (fake->refuse, ==, 0);
  g_assert_true (g_array_index (seen, gboolean, 0));
  g_assert_false (g_array_index (seen, gboolean, 1));
  g_assert_false (ttt_wormhole_mailbox_get_reconnecting (mailbox));
  g_assert_cmpuint (ttt_wormhole_mailbox_get_n_unacked (mailbox), ==, 0);
  /* The next message goes through and is acked, and nothing more is said. */
  ttt_wormhole_mailbox_ping (mailbox);
  wormhole_wait_until (all_acked, mailbox, 30, "the ping to be acked");
  g_assert_cmpuint (seen->len, ==, 2);
  g_signal_handlers_disconnect_by_data (mailbox, seen);
  ttt_wormhole_mailbox_disconnect (mailbox);
}

/* A connection that breaks before anything was asked of the server (not
 * even a bind) is mended as soon as the server welcomes us again: there
 * is nothing to wait the acks of. It was given up at the give-up time,
 * as if the server had never answered. */
static void
test_reconnect_unbound (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_GOOD);
  g_autoptr(TttWormholeMailbox) mailbox = ttt_wormhole_mailbox_new (fake->url);
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autoptr(GError) error = NULL;
  gboolean connected = FALSE;

  ttt_wormhole_mailbox_set_reconnect (mailbox, 50, 1500);
  ttt_wormhole_mailbox_connect_async (mailbox, NULL, connected_cb, &connected);
  wormhole_wait (&connected, 30, "the fake server's welcome");
  g_signal_connect (mailbox, "closed", G_CALLBACK (mailbox_closed_cb), &error);
  g_signal_connect (mailbox, "notify::reconnecting", G_CALLBACK (reconnecting_cb), seen);

  fake_drop_all (fake);
  wormhole_wait_until (seen_two, seen, 30, "the connection to break and be made again");
  g_assert_no_error (error);
  g_assert_true (g_array_index (seen, gboolean, 0));
  g_assert_false (g_array_index (seen, gboolean, 1));
  g_assert_cmpuint (fake->connections->len, ==, 2);
  /* Mended, not given up: a bind goes through. */
  ttt_wormhole_mailbox_bind (mailbox, APPID, "side");
  wormhole_wait_until (all_acked, mailbox, 30, "the bind to be acked");
  g_assert_no_error (error);
  g_signal_handlers_disconnect_by_data (mailbox, seen);
  g_signal_handlers_disconnect_by_data (mailbox, &error);
  ttt_wormhole_mailbox_disconnect (mailbox);
}

/* A server that acks all it is asked and then drops us, each time: the
 * connection is mended each time, and made again without end unless the
 * give-up time counts from the first break. */
static void
test_drops_after_acks (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_GOOD);
  g_autoptr(TttWormholeMailbox) mailbox = ttt_wormhole_mailbox_new (fake->url);
  g_autoptr(GError) error = NULL;
  gboolean connected = FALSE;

  ttt_wormhole_mailbox_set_reconnect (mailbox, 50, 1500);
  ttt_wormhole_mailbox_connect_async (mailbox, NULL, connected_cb, &connected);
  wormhole_wait (&connected, 30, "the fake server's welcome");
  g_signal_connect (mailbox, "closed", G_CALLBACK (mailbox_closed_cb), &error);
  fake->drop_acked = TRUE;
  /* Asked again on each connection, acked, and dropped. */
  ttt_wormhole_mailbox_bind (mailbox, APPID, "side");
  wormhole_wait_until (error_set, &error, 30, "the mailbox connection to be given up");
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
  g_assert_cmpuint (fake->connections->len, >, 2);
}

/* Two of ours through the fake relay */

typedef struct
{
  WormholeSide  *side;
  guint  n;
} Count;

static gboolean
has_messages_or_closed (gpointer user_data)
{
  Count *count = user_data;

  return count->side->messages->len >= count->n || count->side->closed;
}

static gboolean
both_open (gpointer user_data)
{
  WormholeSide **sides = user_data;

  return sides[0]->opened && sides[1]->opened;
}

static void
open_pair (Fake  *fake,
           WormholeSide **host_out,
           WormholeSide **guest_out)
{
  WormholeSide *sides[2];

  sides[0] = side_open (fake->url, NULL);
  wormhole_wait (&sides[0]->has_code, 30, "the host's code");
  sides[1] = side_open (fake->url, ttt_wormhole_get_code (sides[0]->wormhole));
  wormhole_wait_until (both_open, sides, 30, "both to open");
  g_assert_no_error (sides[0]->open_error);
  g_assert_no_error (sides[1]->open_error);
  *host_out = sides[0];
  *guest_out = sides[1];
}

static void
send_text (WormholeSide       *side,
           const char *text)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, strlen (text));

  ttt_wormhole_send (side->wormhole, bytes);
}

static void
check_text (WormholeSide       *side,
            guint       i,
            const char *text)
{
  GBytes *bytes = g_ptr_array_index (side->messages, i);

  g_assert_cmpmem (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), text, strlen (text));
}

static void
test_tampered (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_TAMPER);
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  Count count;

  open_pair (fake, &host, &guest);
  send_text (host, "first");
  send_text (host, "second");
  send_text (host, "third");
  count = (Count) { guest, 3 };
  wormhole_wait_until (has_messages_or_closed, &count, 30, "the guest to close");

  g_assert_true (guest->closed);
  g_assert_error (guest->closed_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_cmpstr (guest->closed_error->message, ==, "A message from the other side was changed on the way.");
  /* The first arrived, nothing after the changed one. */
  g_assert_cmpuint (guest->messages->len, ==, 1);
  check_text (guest, 0, "first");
  g_assert_cmpint (ttt_wormhole_get_state (guest->wormhole), ==, TTT_WORMHOLE_STATE_CLOSED);
}

static void
test_shuffled (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_SHUFFLE);
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  static const char *const texts[] = { "zero", "one", "two", "three" };
  Count count;

  open_pair (fake, &host, &guest);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      send_text (host, texts[i]);
      send_text (guest, texts[i]);
    }
  count = (Count) { guest, 4 };
  wormhole_wait_until (has_messages_or_closed, &count, 30, "the guest's messages");
  count = (Count) { host, 4 };
  wormhole_wait_until (has_messages_or_closed, &count, 30, "the host's messages");
  g_assert_no_error (guest->closed_error);
  g_assert_no_error (host->closed_error);

  /* Once each, in order, though they came 3, 3, 1, 1, 0, 0, 2, 2. Any
   * repeat would be seen with the next message, after a round trip. */
  send_text (host, "four");
  count = (Count) { guest, 5 };
  wormhole_wait_until (has_messages_or_closed, &count, 30, "the guest's fifth");
  g_assert_cmpuint (guest->messages->len, ==, 5);
  g_assert_cmpuint (host->messages->len, ==, 4);
  for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      check_text (guest, i, texts[i]);
      check_text (host, i, texts[i]);
    }
  check_text (guest, 4, "four");
}

static void
test_far_ahead (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_FAR_AHEAD);
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  Count count;

  open_pair (fake, &host, &guest);
  send_text (host, "zero");
  count = (Count) { guest, 1 };
  wormhole_wait_until (has_messages_or_closed, &count, 30, "the guest to close");
  g_assert_error (guest->closed_error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_cmpstr (guest->closed_error->message, ==, "The other side sent messages too far out of order.");
  g_assert_cmpuint (guest->messages->len, ==, 0);
}

/* The cancellable is the opening's: cancelled once the wormhole is
 * open, it ends nothing. */
static void
test_cancel_after_open (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_GOOD);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(WormholeSide) host = NULL;
  g_autoptr(WormholeSide) guest = NULL;
  WormholeSide *sides[2];
  Count count;

  host = side_open_full (fake->url, NULL, cancellable);
  wormhole_wait (&host->has_code, 30, "the host's code");
  guest = side_open (fake->url, ttt_wormhole_get_code (host->wormhole));
  sides[0] = host;
  sides[1] = guest;
  wormhole_wait_until (both_open, sides, 30, "both to open");
  g_assert_no_error (host->open_error);

  g_cancellable_cancel (cancellable);
  send_text (guest, "still there?");
  count = (Count) { host, 1 };
  wormhole_wait_until (has_messages_or_closed, &count, 30, "the host's message");
  g_assert_false (host->closed);
  g_assert_cmpint (ttt_wormhole_get_state (host->wormhole), ==, TTT_WORMHOLE_STATE_OPEN);
  check_text (host, 0, "still there?");
}

/* Connecting again */

static gboolean
opened_again (gpointer user_data)
{
  Fake *fake = user_data;

  return fake->n_opens >= 2;
}

static void
wait_text (WormholeSide *side,
           guint         n,
           const char   *text)
{
  Count count = { side, n + 1 };

  wormhole_wait_until (has_messages_or_closed, &count, 30, "a message after connecting again");
  g_assert_no_error (side->closed_error);
  g_assert_cmpuint (side->messages->len, ==, n + 1);
  check_text (side, n, text);
}

/* Dropped while the host waits, its pake swallowed before: it connects
 * again through two connections closed after the welcome, adds its pake
 * again, and the friend who comes then finds it. Dropped again once
 * both are open, with a message sent meanwhile: it arrives, and the
 * mailbox given twice on each open delivers nothing twice. */
static void
test_reconnect (void)
{
  g_autoptr(Fake) fake = fake_new (FAKE_GOOD);
  g_autoptr(WormholeSide) host = wormhole_side_new (fake->url, APPID);
  g_autoptr(WormholeSide) guest = wormhole_side_new (fake->url, APPID);
  WormholeSide *sides[2] = { host, guest };
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gboolean));

  fake->swallow = TRUE;
  ttt_wormhole_set_reconnect (host->wormhole, 50, 20000);
  ttt_wormhole_set_reconnect (guest->wormhole, 50, 20000);
  ttt_wormhole_allocate_code (host->wormhole, 2);
  wormhole_side_open (host, NULL, NULL);
  wormhole_wait (&host->has_code, 30, "the host's code");
  wormhole_wait (&fake->swallowed, 30, "the host's pake");

  fake->replay_twice = TRUE;
  fake->refuse = 2;
  g_signal_connect (host->wormhole, "notify::reconnecting", G_CALLBACK (reconnecting_cb), seen);
  fake_drop_all (fake);
  wormhole_wait_until (opened_again, fake, 30, "the host to open the mailbox again");
  g_assert_cmpuint (fake->refuse, ==, 0);
  /* Said once through the three tries, and once when all is acked. */
  wormhole_wait_until (seen_two, seen, 30, "the host's reconnecting to end");
  g_assert_true (g_array_index (seen, gboolean, 0));
  g_assert_false (g_array_index (seen, gboolean, 1));
  g_assert_false (ttt_wormhole_get_reconnecting (host->wormhole));
  g_signal_handlers_disconnect_by_data (host->wormhole, seen);
  g_assert_false (host->opened);
  g_assert_cmpint (ttt_wormhole_get_state (host->wormhole), ==, TTT_WORMHOLE_STATE_WAITING);

  ttt_wormhole_set_code (guest->wormhole, ttt_wormhole_get_code (host->wormhole));
  wormhole_side_open (guest, NULL, NULL);
  wormhole_wait_until (both_open, sides, 30, "both to open");
  g_assert_no_error (host->open_error);
  g_assert_no_error (guest->open_error);
  send_text (host, "zero");
  wait_text (guest, 0, "zero");
  send_text (guest, "zero back");
  wait_text (host, 0, "zero back");

  fake_drop_all (fake);
  send_text (host, "one");
  wait_text (guest, 1, "one");
  send_text (guest, "one back");
  wait_text (host, 1, "one back");
  /* A round trip more: anything given twice would be there by now. */
  send_text (host, "two");
  wait_text (guest, 2, "two");
  g_assert_cmpuint (host->messages->len, ==, 2);
  g_assert_false (host->closed);
  g_assert_false (guest->closed);
}

/* The parser alone */

static void
check_refused (const char *text,
               const char *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMailboxMessage) parsed = ttt_mailbox_message_parse (text, -1, &error);

  g_assert_null (parsed);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  if (message != NULL)
    g_assert_cmpstr (error->message, ==, message);
}

static void
test_parser (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMailboxMessage) message = NULL;
  g_autoptr(TttMailboxMessage) again = NULL;
  g_autofree char *written = NULL;
  g_autofree char *long_motd = NULL;
  g_autofree char *text = NULL;

  check_refused ("", "The mailbox server sent a message that is not text.");
  check_refused ("[1, 2]", "The mailbox server sent a message that is not one JSON object.");
  check_refused ("{\"type\": \"ack\"} {}", NULL);
  check_refused ("{\"type\": \"ack\", \"type\": \"welcome\"}", NULL);
  check_refused ("{\"kind\": \"ack\"}", "The mailbox server sent a message without a type.");
  check_refused ("{\"type\": 7}", "The mailbox server sent a message without a type.");
  check_refused ("{\"type\": \"claimed\"}", "The mailbox server sent a “claimed” message without its “mailbox”.");
  check_refused ("{\"type\": \"claimed\", \"mailbox\": \"a b\"}",
                 "The mailbox server sent a “claimed” message whose “mailbox” cannot be one.");
  check_refused ("{\"type\": \"allocated\", \"nameplate\": \"4a\"}",
                 "The mailbox server allocated a nameplate that cannot be one.");
  check_refused ("{\"type\": \"message\", \"side\": \"a\", \"phase\": \"0\", \"body\": \"abc\"}",
                 "The mailbox server sent a message whose body is not hexadecimal.");
  check_refused ("{\"type\": \"message\", \"side\": \"a\", \"phase\": [], \"body\": \"ab\"}",
                 "The mailbox server sent a “message” message whose “phase” is not text.");
  check_refused ("{\"type\": \"ack\", \"id\": {}}", NULL);
  check_refused ("{\"type\": \"error\"}", NULL);
  check_refused ("{\"a\": [[[[[[[[[[[[1]]]]]]]]]]]]}", NULL);

  /* Over the bound, however well formed. */
  {
    g_autofree char *padding = g_strnfill (TTT_MAILBOX_MAX_MESSAGE, ' ');

    text = g_strdup_printf ("{\"type\": \"pong\"%s}", padding);
    check_refused (text, NULL);
    g_clear_pointer (&text, g_free);
  }

  /* A message, its hex lower-cased, written back the same. */
  message = ttt_mailbox_message_parse ("{\"type\": \"message\", \"side\": \"abc\", \"phase\": \"pake\", "
                                       "\"body\": \"00FF\", \"server_rx\": 1.0, \"id\": null}", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (message->type, ==, TTT_MAILBOX_MESSAGE_MESSAGE);
  g_assert_cmpstr (message->body, ==, "00ff");
  g_assert_null (message->id);
  written = ttt_mailbox_message_write (message);
  again = ttt_mailbox_message_parse (written, -1, &error);
  g_assert_no_error (error);
  g_assert_true (ttt_mailbox_message_equal (message, again));
  g_clear_pointer (&message, ttt_mailbox_message_free);

  /* Unknown types pass, as the protocol asks. */
  message = ttt_mailbox_message_parse ("{\"type\": \"news\", \"x\": 1}", -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (message->type, ==, TTT_MAILBOX_MESSAGE_UNKNOWN);
  g_assert_cmpstr (message->type_name, ==, "news");
  g_assert_null (ttt_mailbox_message_write (message));
  g_clear_pointer (&message, ttt_mailbox_message_free);

  /* A motd is cut for people, control characters made spaces. */
  long_motd = g_strnfill (500, 'm');
  text = g_strdup_printf ("{\"type\": \"welcome\", \"welcome\": {\"motd\": \"a\\tb%s\"}}", long_motd);
  message = ttt_mailbox_message_parse (text, -1, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_utf8_strlen (message->motd, -1), ==, TTT_MAILBOX_MAX_TEXT);
  g_assert_true (g_str_has_prefix (message->motd, "a b"));
  g_assert_true (g_str_has_suffix (message->motd, "…"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/wormhole-hostile/not-json", test_not_json);
  g_test_add_func ("/wormhole-hostile/wrong-types", test_wrong_types);
  g_test_add_func ("/wormhole-hostile/before-welcome", test_before_welcome);
  g_test_add_func ("/wormhole-hostile/huge", test_huge);
  g_test_add_func ("/wormhole-hostile/binary", test_binary);
  g_test_add_func ("/wormhole-hostile/refusals", test_refusals);
  g_test_add_func ("/wormhole-hostile/not-a-server", test_not_a_server);
  g_test_add_func ("/wormhole-hostile/no-acks", test_no_acks);
  g_test_add_func ("/wormhole-hostile/tampered", test_tampered);
  g_test_add_func ("/wormhole-hostile/shuffled", test_shuffled);
  g_test_add_func ("/wormhole-hostile/far-ahead", test_far_ahead);
  g_test_add_func ("/wormhole-hostile/cancel-after-open", test_cancel_after_open);
  g_test_add_func ("/wormhole-hostile/reconnect", test_reconnect);
  g_test_add_func ("/wormhole-hostile/drops-after-acks", test_drops_after_acks);
  g_test_add_func ("/wormhole-hostile/reconnecting", test_reconnecting);
  g_test_add_func ("/wormhole-hostile/reconnect-unbound", test_reconnect_unbound);
  g_test_add_func ("/wormhole-hostile/parser", test_parser);

  return g_test_run ();
}
