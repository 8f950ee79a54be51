/* test-wormhole-transport.c — play by a code, end to end on loopback
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two TttWormholeTransports through the reference mailbox server
 * (python3-magic-wormhole-mailbox-server) and transit relay (helpers/
 * transit-relay.h), both started here on 127.0.0.1: the host's code is
 * shown while it waits, the guest types it and both get a stream,
 * directly or through the relay alone; a wrong code fails both; and two
 * game sessions play a whole game over them, beginning without a code
 * to compare since the typed one was the proof.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "model-helpers.h"
#include "net-helpers.h"
#include "transit-relay.h"
#include "ttt-net-session.h"
#include "ttt-remote-player.h"
#include "ttt-wormhole-transport.h"

#define GUARD_MS 30000

/* The mailbox server */

typedef struct {
  GSubprocess      *process;
  GDataInputStream *output;
  char             *folder;
  guint16           port;
  gboolean          ended;
} Mailbox;

static void mailbox_read_line (Mailbox *mailbox);

/* Ready once its log says the port it listens on. */
static void
mailbox_line_cb (GObject      *source,
                 GAsyncResult *result,
                 gpointer      user_data)
{
  Mailbox *mailbox = user_data;
  g_autofree char *line = g_data_input_stream_read_line_finish (G_DATA_INPUT_STREAM (source),
                                                                 result, NULL, NULL);
  const char *found;

  if (line == NULL)
    {
      mailbox->ended = TRUE;
      return;
    }
  found = strstr (line, "Site starting on ");
  if (found != NULL && mailbox->port == 0)
    mailbox->port = (guint16) g_ascii_strtoull (found + strlen ("Site starting on "), NULL, 10);
  mailbox_read_line (mailbox);
}

static void
mailbox_read_line (Mailbox *mailbox)
{
  g_data_input_stream_read_line_async (mailbox->output, G_PRIORITY_DEFAULT, NULL, mailbox_line_cb, mailbox);
}

static gboolean
mailbox_started (gpointer data)
{
  Mailbox *mailbox = data;

  return mailbox->port != 0 || mailbox->ended;
}

static gboolean
mailbox_ended (gpointer data)
{
  return ((Mailbox *) data)->ended;
}

static Mailbox *
mailbox_start (void)
{
  g_autoptr(GSubprocessLauncher) launcher = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *twistd = g_find_program_in_path ("twistd3");
  Mailbox *mailbox;

  if (twistd == NULL || !g_file_test ("/usr/lib/python3/dist-packages/wormhole_mailbox_server",
                                      G_FILE_TEST_IS_DIR))
    return NULL;
  mailbox = g_new0 (Mailbox, 1);
  mailbox->folder = g_dir_make_tmp ("ttt-mailbox-XXXXXX", &error);
  g_assert_no_error (error);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_MERGE);
  g_subprocess_launcher_set_cwd (launcher, mailbox->folder);
  mailbox->process = g_subprocess_launcher_spawn (launcher, &error,
                                                  twistd, "--nodaemon", "--pidfile=", "--logfile=-",
                                                  "wormhole-mailbox", "--port=tcp:0:interface=127.0.0.1",
                                                  "--channel-db=channel.sqlite",
                                                  NULL);
  g_assert_no_error (error);
  mailbox->output = g_data_input_stream_new (g_subprocess_get_stdout_pipe (mailbox->process));
  mailbox_read_line (mailbox);
  ttt_net_wait (mailbox_started, mailbox, GUARD_MS);
  g_assert_cmpuint (mailbox->port, !=, 0);
  return mailbox;
}

static char *
mailbox_url (Mailbox *mailbox)
{
  return g_strdup_printf ("ws://127.0.0.1:%u/v1", mailbox->port);
}

static void
mailbox_free (Mailbox *mailbox)
{
  g_autofree char *database = g_build_filename (mailbox->folder, "channel.sqlite", NULL);

  if (!mailbox->ended)
    {
      g_subprocess_force_exit (mailbox->process);
      ttt_net_wait (mailbox_ended, mailbox, GUARD_MS);
    }
  g_subprocess_wait (mailbox->process, NULL, NULL);
  g_unlink (database);
  g_rmdir (mailbox->folder);
  g_free (mailbox->folder);
  g_object_unref (mailbox->output);
  g_object_unref (mailbox->process);
  g_free (mailbox);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Mailbox, mailbox_free)

/* Two transports */

typedef struct {
  TttWormholeTransport *transport;
  GIOStream            *stream;
  GError               *error;
  gboolean              done;
  GArray               *states;   /* of TttTransportState, as notified */
} Side;

static void
state_cb (GObject    *object,
          GParamSpec *pspec,
          gpointer    user_data)
{
  Side *side = user_data;
  TttTransportState state = ttt_transport_get_state (TTT_TRANSPORT (object));

  g_array_append_val (side->states, state);
}

static void
opened_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Side *side = user_data;

  side->stream = ttt_transport_open_finish (TTT_TRANSPORT (source), result, &side->error);
  side->done = TRUE;
}

static void
side_open (Side                 *side,
           TttWormholeTransport *transport,
           gboolean              direct)
{
  side->transport = transport;
  side->states = g_array_new (FALSE, FALSE, sizeof (TttTransportState));
  ttt_wormhole_transport_set_direct (transport, direct);
  ttt_wormhole_transport_set_listen_address (transport, "127.0.0.1");
  g_signal_connect (transport, "notify::state", G_CALLBACK (state_cb), side);
  ttt_transport_open_async (TTT_TRANSPORT (transport), NULL, opened_cb, side);
}

static void
side_clear (Side *side)
{
  if (side->transport != NULL)
    ttt_transport_close (TTT_TRANSPORT (side->transport));
  g_clear_object (&side->stream);
  g_clear_object (&side->transport);
  g_clear_error (&side->error);
  g_clear_pointer (&side->states, g_array_unref);
}

static gboolean
has_code (gpointer data)
{
  Side *side = data;

  return ttt_wormhole_transport_get_wormhole_code (side->transport) != NULL || side->done;
}

static gboolean
sides_done (gpointer data)
{
  Side *sides = data;

  return sides[0].done && sides[1].done;
}

static gboolean
io_done (gpointer data)
{
  return *(gboolean *) data;
}

typedef struct {
  gboolean  done;
  gsize     count;
  GError   *error;
} Io;

static void
write_all_cb (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  Io *io = user_data;

  g_output_stream_write_all_finish (G_OUTPUT_STREAM (source), result, &io->count, &io->error);
  io->done = TRUE;
}

static void
read_all_cb (GObject      *source,
             GAsyncResult *result,
             gpointer      user_data)
{
  Io *io = user_data;

  g_input_stream_read_all_finish (G_INPUT_STREAM (source), result, &io->count, &io->error);
  io->done = TRUE;
}

static void
check_carries (GIOStream  *from,
               GIOStream  *to,
               const char *text)
{
  gsize size = strlen (text);
  g_autofree char *got = g_malloc0 (size + 1);
  Io ios[2] = { { 0 } };

  g_output_stream_write_all_async (g_io_stream_get_output_stream (from), text, size,
                                   G_PRIORITY_DEFAULT, NULL, write_all_cb, &ios[0]);
  g_input_stream_read_all_async (g_io_stream_get_input_stream (to), got, size,
                                 G_PRIORITY_DEFAULT, NULL, read_all_cb, &ios[1]);
  ttt_net_wait (io_done, &ios[0].done, GUARD_MS);
  ttt_net_wait (io_done, &ios[1].done, GUARD_MS);
  g_assert_no_error (ios[0].error);
  g_assert_no_error (ios[1].error);
  g_assert_cmpstr (got, ==, text);
}

/* The host opens and shows its code; the guest comes with it. */
static void
join (Side        sides[2],
      const char *mailbox,
      const char *relay,
      gboolean    direct,
      const char *wrong_code)
{
  const char *code;

  memset (sides, 0, 2 * sizeof *sides);
  side_open (&sides[0], ttt_wormhole_transport_new_host (mailbox, relay), direct);
  ttt_net_wait (has_code, &sides[0], GUARD_MS);
  code = ttt_wormhole_transport_get_wormhole_code (sides[0].transport);
  g_assert_nonnull (code);
  g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (sides[0].transport)), ==,
                   TTT_TRANSPORT_STATE_WAITING);
  g_test_message ("The code: %s", code);

  side_open (&sides[1], ttt_wormhole_transport_new_guest (mailbox, relay, wrong_code != NULL ? wrong_code : code),
             direct);
  ttt_net_wait (sides_done, sides, GUARD_MS);
}

static void
check_open (Side sides[2])
{
  for (guint i = 0; i < 2; i++)
    {
      g_assert_no_error (sides[i].error);
      g_assert_nonnull (sides[i].stream);
      g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (sides[i].transport)), ==,
                       TTT_TRANSPORT_STATE_OPEN);
      /* The code was the proof: nothing to compare. */
      g_assert_null (ttt_transport_get_code (TTT_TRANSPORT (sides[i].transport)));
      g_assert_cmpint (g_array_index (sides[i].states, TttTransportState, sides[i].states->len - 1), ==,
                       TTT_TRANSPORT_STATE_OPEN);
    }
  check_carries (sides[0].stream, sides[1].stream, "{\"type\": \"hello\"}\n");
  check_carries (sides[1].stream, sides[0].stream, "{\"type\": \"hello\", \"name\": \"Ben\"}\n");
}

static void
test_direct (void)
{
  g_autoptr(Mailbox) mailbox = mailbox_start ();
  g_autofree char *url = NULL;
  Side sides[2];

  if (mailbox == NULL)
    {
      g_test_skip ("No magic-wormhole mailbox server here");
      return;
    }
  url = mailbox_url (mailbox);
  join (sides, url, NULL, TRUE, NULL);
  check_open (sides);
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

static void
test_relay (void)
{
  g_autoptr(Mailbox) mailbox = mailbox_start ();
  g_autoptr(TransitRelay) relay = NULL;
  g_autofree char *url = NULL;
  g_autofree char *relay_url = NULL;
  Side sides[2];

  if (mailbox == NULL || (relay = transit_relay_start ()) == NULL)
    {
      g_test_skip ("No magic-wormhole mailbox server or transit relay here");
      return;
    }
  url = mailbox_url (mailbox);
  relay_url = transit_relay_get_url (relay);
  join (sides, url, relay_url, FALSE, NULL);
  check_open (sides);

  /* Through the relay indeed: killing it ends the stream. */
  transit_relay_kill (relay);
  {
    guint8 byte;
    Io io = { 0 };

    g_input_stream_read_all_async (g_io_stream_get_input_stream (sides[1].stream), &byte, 1,
                                   G_PRIORITY_DEFAULT, NULL, read_all_cb, &io);
    ttt_net_wait (io_done, &io.done, GUARD_MS);
    g_assert_error (io.error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
    g_clear_error (&io.error);
  }
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

static void
test_wrong_code (void)
{
  g_autoptr(Mailbox) mailbox = mailbox_start ();
  g_autofree char *url = NULL;
  g_autofree char *wrong = NULL;
  Side sides[2];
  const char *code;

  if (mailbox == NULL)
    {
      g_test_skip ("No magic-wormhole mailbox server here");
      return;
    }
  url = mailbox_url (mailbox);

  /* The right nameplate, the wrong words. */
  memset (sides, 0, sizeof sides);
  side_open (&sides[0], ttt_wormhole_transport_new_host (url, NULL), TRUE);
  ttt_net_wait (has_code, &sides[0], GUARD_MS);
  code = ttt_wormhole_transport_get_wormhole_code (sides[0].transport);
  wrong = g_strdup_printf ("%.*s-wrong-words", (int) strcspn (code, "-"), code);
  side_open (&sides[1], ttt_wormhole_transport_new_guest (url, NULL, wrong), TRUE);
  ttt_net_wait (sides_done, sides, GUARD_MS);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_nonnull (sides[i].error);
      g_assert_true (sides[i].error->domain == TTT_CONNECTION_ERROR);
      g_test_message ("Side %u: %s", i, sides[i].error->message);
      g_assert_null (sides[i].stream);
      g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (sides[i].transport)), ==,
                       TTT_TRANSPORT_STATE_CLOSED);
    }
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

/* Two game sessions over it */

typedef struct {
  TttNetSession      *session;
  TttNetSessionState  state;
} StateWait;

static gboolean
reached_state (gpointer data)
{
  StateWait *wait = data;
  TttNetSessionState state = ttt_net_session_get_state (wait->session);

  return state == wait->state || state == TTT_NET_SESSION_CLOSED;
}

static void
wait_state (TttNetSession      *session,
            TttNetSessionState  state)
{
  StateWait wait = { session, state };

  ttt_net_wait (reached_state, &wait, GUARD_MS);
  if (ttt_net_session_get_state (session) != state)
    g_error ("Closed instead (%s)", ttt_net_session_get_message (session));
}

typedef struct {
  TttGame *game;
  guint    n_moves;
} MovesWait;

static gboolean
has_moves (gpointer data)
{
  MovesWait *wait = data;

  return ttt_game_get_n_moves (wait->game) >= wait->n_moves;
}

static void
play (TttGame *games[2],
      int      cell)
{
  guint mover = ttt_game_get_state (games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1;
  MovesWait wait = { games[1 - mover], ttt_game_get_n_moves (games[mover]) + 1 };

  g_assert_cmpint (ttt_game_get_state (games[mover]), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_true (ttt_game_play (games[mover], cell));
  ttt_net_wait (has_moves, &wait, GUARD_MS);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (games[1 - mover]), cell), ==,
                   ttt_match_get_cell (ttt_game_get_match (games[mover]), cell));
}

static void
play_sessions (gboolean direct)
{
  static const TttConnectionRole roles[] = { TTT_CONNECTION_ROLE_HOST, TTT_CONNECTION_ROLE_GUEST };
  static const char *names[] = { "Ana", "Ben" };
  static const int x_wins[] = { 0, 3, 1, 4, 2 };
  g_autoptr(Mailbox) mailbox = mailbox_start ();
  g_autoptr(TransitRelay) relay = NULL;
  g_autofree char *url = NULL;
  g_autofree char *relay_url = NULL;
  TttWormholeTransport *transports[2];
  TttNetSession *sessions[2];
  TttGame *games[2];

  if (mailbox == NULL || (relay = transit_relay_start ()) == NULL)
    {
      g_test_skip ("No magic-wormhole mailbox server or transit relay here");
      return;
    }
  url = mailbox_url (mailbox);
  relay_url = transit_relay_get_url (relay);

  transports[0] = ttt_wormhole_transport_new_host (url, relay_url);
  for (guint i = 0; i < 2; i++)
    {
      Side waiting = { transports[0] };

      if (i == 1)
        {
          /* The friend types the code the host's screen shows. */
          ttt_net_wait (has_code, &waiting, GUARD_MS);
          transports[1] = ttt_wormhole_transport_new_guest (url, relay_url,
                                                            ttt_wormhole_transport_get_wormhole_code (transports[0]));
        }
      ttt_wormhole_transport_set_direct (transports[i], direct);
      ttt_wormhole_transport_set_listen_address (transports[i], "127.0.0.1");
      games[i] = ttt_game_new ();
      ttt_table_set_rng_state (ttt_game_get_table (games[i]), 20);
      ttt_game_start_new (games[i]);
      sessions[i] = ttt_net_session_new (games[i], roles[i], names[i], TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
      ttt_net_set_patient_timeouts (ttt_net_session_get_connection (sessions[i]));
      ttt_net_session_open (sessions[i], TTT_TRANSPORT (transports[i]));
    }

  /* No code to compare: the game begins. */
  for (guint i = 0; i < 2; i++)
    {
      wait_state (sessions[i], TTT_NET_SESSION_PLAYING);
      g_assert_null (ttt_net_session_get_code (sessions[i]));
    }
  g_assert_cmpstr (ttt_net_session_get_peer_name (sessions[0]), ==, "Ben");
  g_assert_cmpstr (ttt_net_session_get_peer_name (sessions[1]), ==, "Ana");
  for (guint i = 0; i < G_N_ELEMENTS (x_wins); i++)
    play (games, x_wins[i]);
  for (guint i = 0; i < 2; i++)
    {
      wait_state (sessions[i], TTT_NET_SESSION_GAME_OVER);
      g_assert_cmpint (ttt_game_get_outcome (games[i]), ==, TTT_OUTCOME_X_WINS);
    }

  /* Ben leaves: his goodbye comes through the transit to Ana. */
  ttt_net_session_leave (sessions[1]);
  wait_state (sessions[0], TTT_NET_SESSION_CLOSED);
  g_assert_cmpint (ttt_net_session_get_end (sessions[0]), ==, TTT_NET_SESSION_END_PEER_LEFT);

  for (guint i = 0; i < 2; i++)
    {
      ttt_net_session_leave (sessions[i]);
      g_clear_object (&sessions[i]);
    }
  ttt_net_drain ();
  for (guint i = 0; i < 2; i++)
    {
      g_assert_finalize_object (transports[i]);
      g_clear_object (&games[i]);
    }
}

static void
test_sessions_direct (void)
{
  play_sessions (TRUE);
}

static void
test_sessions_relay (void)
{
  play_sessions (FALSE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/wormhole-transport/direct", test_direct);
  g_test_add_func ("/wormhole-transport/relay", test_relay);
  g_test_add_func ("/wormhole-transport/wrong-code", test_wrong_code);
  g_test_add_func ("/wormhole-transport/sessions-direct", test_sessions_direct);
  g_test_add_func ("/wormhole-transport/sessions-relay", test_sessions_relay);
  return g_test_run ();
}
