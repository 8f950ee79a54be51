/* test-net-transport.c — the session over a transport of the test's own
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The seam a new way of reaching the other side plugs into: a TttTransport
 * written here, over a socket pair with no TCP and no TLS, given to two
 * TttNetSessions through ttt_net_session_open(). They show the transport's
 * code, play a whole game and part; where the transport has no code (it
 * proved the other side itself, as a typed wormhole code does) they begin
 * without asking anyone to compare; and a transport that cannot open ends
 * the session with its own sentence. Nothing here would pass if the
 * session or the connection reached past the interface for TCP.
 */

#include "config.h"

#include <string.h>
#include <sys/socket.h>

#include "model-helpers.h"
#include "net-helpers.h"
#include "session-helpers.h"
#include "ttt-lan-transport.h"
#include "ttt-net-session.h"
#include "ttt-remote-player.h"

/* A transport over one end of a socket pair */

#define TEST_TYPE_PAIR_TRANSPORT (test_pair_transport_get_type ())
G_DECLARE_FINAL_TYPE (TestPairTransport, test_pair_transport, TEST, PAIR_TRANSPORT, GObject)

struct _TestPairTransport
{
  GObject            parent_instance;

  TttTransportState  state;
  GIOStream         *stream;
  char              *code;
  GError            *failure;     /* what opening gives instead of the stream */
  gboolean           hold;        /* opening waits for the test to go on */
  GTask             *pending;     /* the held opening */
  guint              n_opened;
  guint              n_closed;
};

static void test_pair_transport_iface_init (TttTransportInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (TestPairTransport, test_pair_transport, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (TTT_TYPE_TRANSPORT,
                                                      test_pair_transport_iface_init))

enum {
  PROP_0,
  PROP_STATE,
  PROP_RECONNECTING,
};

static void
set_state (TestPairTransport *self,
           TttTransportState  state)
{
  self->state = state;
  g_object_notify (G_OBJECT (self), "state");
}

static void
pair_open_async (TttTransport        *transport,
                 GCancellable        *cancellable,
                 GAsyncReadyCallback  callback,
                 gpointer             user_data)
{
  TestPairTransport *self = TEST_PAIR_TRANSPORT (transport);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);

  self->n_opened++;
  if (self->hold)
    {
      /* Waiting for the other person to come, as a host's code does. */
      self->pending = g_steal_pointer (&task);
      set_state (self, TTT_TRANSPORT_STATE_WAITING);
      return;
    }
  /* The task answers on the next turn of the main loop, as a real
   * transport would. */
  if (self->failure != NULL)
    {
      set_state (self, TTT_TRANSPORT_STATE_CLOSED);
      g_task_return_error (task, g_error_copy (self->failure));
      return;
    }
  set_state (self, TTT_TRANSPORT_STATE_OPEN);
  g_task_return_pointer (task, g_object_ref (self->stream), g_object_unref);
}

static GIOStream *
pair_open_finish (TttTransport  *transport,
                  GAsyncResult  *result,
                  GError       **error)
{
  return g_task_propagate_pointer (G_TASK (result), error);
}

static TttTransportState
pair_get_state (TttTransport *transport)
{
  return TEST_PAIR_TRANSPORT (transport)->state;
}

static const char *
pair_get_code (TttTransport *transport)
{
  return TEST_PAIR_TRANSPORT (transport)->code;
}

static void
pair_close (TttTransport *transport)
{
  TestPairTransport *self = TEST_PAIR_TRANSPORT (transport);

  self->n_closed++;
  if (self->pending != NULL)
    {
      g_autoptr(GTask) pending = g_steal_pointer (&self->pending);

      g_task_return_new_error (pending, G_IO_ERROR, G_IO_ERROR_CANCELLED, "Closed");
    }
  if (self->stream != NULL)
    g_io_stream_close (self->stream, NULL, NULL);
  set_state (self, TTT_TRANSPORT_STATE_CLOSED);
}

static void
test_pair_transport_iface_init (TttTransportInterface *iface)
{
  iface->open_async = pair_open_async;
  iface->open_finish = pair_open_finish;
  iface->get_state = pair_get_state;
  iface->get_code = pair_get_code;
  iface->close = pair_close;
}

static void
test_pair_transport_finalize (GObject *object)
{
  TestPairTransport *self = TEST_PAIR_TRANSPORT (object);

  g_assert_null (self->pending);
  g_clear_object (&self->stream);
  g_free (self->code);
  g_clear_error (&self->failure);

  G_OBJECT_CLASS (test_pair_transport_parent_class)->finalize (object);
}

static void
test_pair_transport_get_property (GObject    *object,
                                  guint       prop_id,
                                  GValue     *value,
                                  GParamSpec *pspec)
{
  if (prop_id == PROP_RECONNECTING)
    {
      g_value_set_boolean (value, FALSE);
      return;
    }
  g_assert_cmpuint (prop_id, ==, PROP_STATE);
  g_value_set_int (value, TEST_PAIR_TRANSPORT (object)->state);
}

static void
test_pair_transport_class_init (TestPairTransportClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = test_pair_transport_finalize;
  object_class->get_property = test_pair_transport_get_property;
  g_object_class_override_property (object_class, PROP_STATE, "state");
  g_object_class_override_property (object_class, PROP_RECONNECTING, "reconnecting");
}

static void
test_pair_transport_init (TestPairTransport *self)
{
}

static GIOStream *
stream_new (int fd)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GSocket) socket = g_socket_new_from_fd (fd, &error);

  g_assert_no_error (error);
  return G_IO_STREAM (g_socket_connection_factory_create_connection (socket));
}

/* Two transports joined to each other, both with @code. */
static void
transports_new (const char         *code,
                TestPairTransport **a,
                TestPairTransport **b)
{
  int fds[2];

  g_assert_cmpint (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds), ==, 0);
  *a = g_object_new (TEST_TYPE_PAIR_TRANSPORT, NULL);
  *b = g_object_new (TEST_TYPE_PAIR_TRANSPORT, NULL);
  (*a)->stream = stream_new (fds[0]);
  (*b)->stream = stream_new (fds[1]);
  (*a)->code = g_strdup (code);
  (*b)->code = g_strdup (code);
}

/* Two sessions */

typedef struct {
  TttGame           *games[2];       /* host, guest */
  TttNetSession     *sessions[2];
  TestPairTransport *transports[2];
} Pair;

static TttGame *
game_new (void)
{
  TttGame *game = ttt_game_new ();

  ttt_table_set_rng_state (ttt_game_get_table (game), 20);
  ttt_game_start_new (game);
  return game;
}

/* Host (Ana, X) and guest (Ben) opened over a pair of @code. */
static void
pair_start (Pair       *pair,
            const char *code)
{
  static const TttConnectionRole roles[] = { TTT_CONNECTION_ROLE_HOST, TTT_CONNECTION_ROLE_GUEST };
  static const char *names[] = { "Ana", "Ben" };

  transports_new (code, &pair->transports[0], &pair->transports[1]);
  for (guint i = 0; i < 2; i++)
    {
      pair->games[i] = game_new ();
      pair->sessions[i] = ttt_net_session_new (pair->games[i], roles[i], names[i],
                                               TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
      ttt_net_set_patient_timeouts (ttt_net_session_get_connection (pair->sessions[i]));
      ttt_net_session_open (pair->sessions[i], TTT_TRANSPORT (pair->transports[i]));
      /* The game waits for the network, whatever carries it. */
      g_assert_true (ttt_game_get_held (pair->games[i]));
    }
}

static void
pair_finish (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      ttt_net_session_leave (pair->sessions[i]);
      g_clear_object (&pair->sessions[i]);
    }
  ttt_net_drain ();
  for (guint i = 0; i < 2; i++)
    {
      /* The connection let go of its transport: nothing else holds it. */
      g_assert_finalize_object (pair->transports[i]);
      g_clear_object (&pair->games[i]);
    }
}

/* The person to move plays @cell; the other side sees it come. */
static void
play (Pair *pair,
      int   cell)
{
  guint mover = ttt_game_get_state (pair->games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1;
  guint n_wanted = ttt_game_get_n_moves (pair->games[mover]) + 1;

  g_assert_cmpint (ttt_game_get_state (pair->games[mover]), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_true (ttt_game_play (pair->games[mover], cell));
  ttt_net_wait_moves (pair->games[1 - mover], n_wanted, 60000);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (pair->games[1 - mover]), cell), ==,
                   ttt_match_get_cell (ttt_game_get_match (pair->games[mover]), cell));
}

/* The code shown is the transport's; the people compare it, then play a
 * whole game over the socket pair, and one leaves. */
static void
test_whole_game (void)
{
  Pair pair = { 0 };
  static const int x_wins[] = { 0, 3, 1, 4, 2 };

  pair_start (&pair, "314 159");
  for (guint i = 0; i < 2; i++)
    {
      ttt_net_wait_session (pair.sessions[i], TTT_NET_SESSION_VERIFYING, 60000);
      g_assert_cmpstr (ttt_net_session_get_code (pair.sessions[i]), ==, "314 159");
      g_assert_cmpuint (pair.transports[i]->n_opened, ==, 1);
      g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (pair.transports[i])), ==,
                       TTT_TRANSPORT_STATE_OPEN);
    }
  g_assert_cmpstr (ttt_net_session_get_peer_name (pair.sessions[0]), ==, "Ben");
  g_assert_cmpstr (ttt_net_session_get_peer_name (pair.sessions[1]), ==, "Ana");
  /* No lan transport under it: no TLS channel binding to name. */
  g_assert_null (ttt_connection_get_channel_binding (ttt_net_session_get_connection (pair.sessions[0])));

  ttt_net_session_confirm (pair.sessions[0], TRUE);
  ttt_net_session_confirm (pair.sessions[1], TRUE);
  for (guint i = 0; i < 2; i++)
    ttt_net_wait_session (pair.sessions[i], TTT_NET_SESSION_PLAYING, 60000);
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[0]), ==, TTT_MARK_X);
  g_assert_true (TTT_IS_REMOTE_PLAYER (ttt_table_get_player (ttt_game_get_table (pair.games[1]), TTT_MARK_X)));

  for (guint i = 0; i < G_N_ELEMENTS (x_wins); i++)
    play (&pair, x_wins[i]);
  for (guint i = 0; i < 2; i++)
    {
      ttt_net_wait_session (pair.sessions[i], TTT_NET_SESSION_GAME_OVER, 60000);
      g_assert_cmpint (ttt_game_get_outcome (pair.games[i]), ==, TTT_OUTCOME_X_WINS);
    }

  /* Ben leaves: his goodbye comes through the transport to Ana. */
  ttt_net_session_leave (pair.sessions[1]);
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_CLOSED, 60000);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[0]), ==, TTT_NET_SESSION_END_PEER_LEFT);

  pair_finish (&pair);
}

/* A transport without a code proved the other side itself: nobody is
 * asked to compare, and the game begins. */
static void
test_code_is_proof (void)
{
  Pair pair = { 0 };

  pair_start (&pair, NULL);
  for (guint i = 0; i < 2; i++)
    {
      ttt_net_wait_session (pair.sessions[i], TTT_NET_SESSION_PLAYING, 60000);
      g_assert_null (ttt_net_session_get_code (pair.sessions[i]));
      g_assert_true (ttt_net_session_get_peer_confirmed (pair.sessions[i]));
    }
  g_assert_cmpint (ttt_game_get_state (pair.games[0]), ==, TTT_GAME_STATE_LOCAL_TURN);
  play (&pair, 4);
  play (&pair, 0);

  pair_finish (&pair);
}

/* A transport that cannot open: its sentence is the session's, and the
 * game is let go. */
static void
test_open_fails (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) session = NULL;
  g_autoptr(TestPairTransport) transport = g_object_new (TEST_TYPE_PAIR_TRANSPORT, NULL);

  transport->failure = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_UNREACHABLE,
                                            "The mailbox cannot be reached.");
  session = ttt_net_session_new (game, TTT_CONNECTION_ROLE_GUEST, "Ben",
                                 TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  ttt_net_session_open (session, TTT_TRANSPORT (transport));
  ttt_net_wait_session (session, TTT_NET_SESSION_CLOSED, 60000);
  g_assert_cmpint (ttt_net_session_get_end (session), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_cmpstr (ttt_net_session_get_message (session), ==, "The mailbox cannot be reached.");
  g_assert_false (ttt_game_get_held (game));
  g_assert_cmpuint (transport->n_opened, ==, 1);
}

/* Hostile input through a transport of any kind: a line that is no
 * message ends the session with a sentence, the board untouched. */
static void
test_hostile_line (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) session = NULL;
  g_autoptr(TestPairTransport) ours = NULL;
  g_autoptr(TestPairTransport) theirs = NULL;
  static const char garbage[] = "{\"type\": \"hello\", \"v\": \"x\"}\n";

  transports_new ("000 000", &ours, &theirs);
  session = ttt_net_session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana",
                                 TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  ttt_net_set_patient_timeouts (ttt_net_session_get_connection (session));
  ttt_net_session_open (session, TTT_TRANSPORT (ours));
  g_assert_true (g_output_stream_write_all (g_io_stream_get_output_stream (theirs->stream),
                                            garbage, strlen (garbage), NULL, NULL, NULL));
  ttt_net_wait_session (session, TTT_NET_SESSION_CLOSED, 60000);
  g_assert_cmpint (ttt_net_session_get_end (session), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_nonnull (ttt_net_session_get_message (session));
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
}

static gboolean
flag_set (gpointer data)
{
  return *(gboolean *) data;
}

static void
set_flag (gpointer data)
{
  *(gboolean *) data = TRUE;
}

/* Runs the main loop for @ms, whatever happens meanwhile. */
static void
run_for (guint ms)
{
  gboolean over = FALSE;

  g_timeout_add_once (ms, set_flag, &over);
  ttt_net_wait (flag_set, &over, ms + 30000);
}

/* A host waiting for the friend to type its code waits as long as the
 * person here does: the handshake's time limit does not run meanwhile.
 * Once the transport connects, the whole limit runs again: a side that
 * never finishes is still given up. */
static void
test_waiting_is_not_timed (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) session = NULL;
  g_autoptr(TestPairTransport) ours = NULL;
  g_autoptr(TestPairTransport) theirs = NULL;
  TttConnection *connection;

  transports_new (NULL, &ours, &theirs);
  ours->hold = TRUE;
  session = ttt_net_session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana",
                                 TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  connection = ttt_net_session_get_connection (session);
  ttt_connection_set_timeouts (connection, 20, 10000, 30000);
  ttt_net_session_open (session, TTT_TRANSPORT (ours));
  g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (ours)), ==, TTT_TRANSPORT_STATE_WAITING);

  /* Twenty-five times the limit, and still waiting. */
  run_for (500);
  g_assert_cmpint (ttt_net_session_get_state (session), ==, TTT_NET_SESSION_CONNECTING);
  g_assert_cmpint (ttt_connection_get_state (connection), ==, TTT_CONNECTION_STATE_HANDSHAKE);

  /* The friend came; the transport connects and never finishes. */
  set_state (ours, TTT_TRANSPORT_STATE_CONNECTING);
  ttt_net_wait_session (session, TTT_NET_SESSION_CLOSED, 60000);
  g_assert_cmpint (ttt_net_session_get_end (session), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_nonnull (strstr (ttt_net_session_get_message (session), "did not answer"));
  g_assert_null (ours->pending);
}

/* The control: a transport that connects and never finishes, with no
 * wait, is given up after the limit. */
static void
test_connecting_is_timed (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) session = NULL;
  g_autoptr(TestPairTransport) ours = NULL;
  g_autoptr(TestPairTransport) theirs = NULL;

  transports_new (NULL, &ours, &theirs);
  ours->hold = TRUE;
  session = ttt_net_session_new (game, TTT_CONNECTION_ROLE_GUEST, "Ben",
                                 TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  ttt_connection_set_timeouts (ttt_net_session_get_connection (session), 20, 10000, 30000);
  ttt_net_session_open (session, TTT_TRANSPORT (ours));
  set_state (ours, TTT_TRANSPORT_STATE_CONNECTING);
  ttt_net_wait_session (session, TTT_NET_SESSION_CLOSED, 60000);
  g_assert_cmpint (ttt_net_session_get_end (session), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_nonnull (strstr (ttt_net_session_get_message (session), "did not answer"));
}

/* Neither a LAN transport nor one that says nothing of it (no
 * get_reconnecting) ever reconnects; both have the property. */
static void
test_never_reconnects (void)
{
  g_autoptr(TttLanTransport) lan = ttt_lan_transport_new_guest ("127.0.0.1", 1, NULL);
  TestPairTransport *ours = NULL;
  TestPairTransport *theirs = NULL;
  gboolean reconnecting = TRUE;

  g_assert_false (ttt_transport_get_reconnecting (TTT_TRANSPORT (lan)));
  g_object_get (lan, "reconnecting", &reconnecting, NULL);
  g_assert_false (reconnecting);

  transports_new (NULL, &ours, &theirs);
  g_assert_false (ttt_transport_get_reconnecting (TTT_TRANSPORT (ours)));
  reconnecting = TRUE;
  g_object_get (ours, "reconnecting", &reconnecting, NULL);
  g_assert_false (reconnecting);
  g_object_unref (ours);
  g_object_unref (theirs);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/transport/whole-game", test_whole_game);
  g_test_add_func ("/net/transport/code-is-proof", test_code_is_proof);
  g_test_add_func ("/net/transport/open-fails", test_open_fails);
  g_test_add_func ("/net/transport/hostile-line", test_hostile_line);
  g_test_add_func ("/net/transport/waiting-is-not-timed", test_waiting_is_not_timed);
  g_test_add_func ("/net/transport/connecting-is-timed", test_connecting_is_timed);
  g_test_add_func ("/net/transport/never-reconnects", test_never_reconnects);

  return g_test_run ();
}
