/* test-wormhole-transport.c — play by a code, end to end on loopback
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two TttWormholeTransports through the reference mailbox server
 * (helpers/wormhole-helpers.h) and transit relay (helpers/
 * transit-relay.h), both started here on 127.0.0.1: the host's code is
 * shown while it waits, the guest types it and both get a stream,
 * directly or through the relay alone, and after the mailbox server
 * restarted while the host waited; a wrong code fails both; and two
 * game sessions play a whole game over them, beginning without a code
 * to compare since the typed one was the proof.
 *
 * Then the transit against the reference client itself (magic-wormhole's
 * "wormhole send" and "receive", with its file transfer's appid and
 * messages): a file goes each way, directly and through the relay, and
 * each side checks the other's sha256 acknowledgement, which crosses in
 * a record sealed the other way. The reference keeps its own listener
 * off, so every connection is to ours or the relay, on loopback.
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "model-helpers.h"
#include "net-helpers.h"
#include "session-helpers.h"
#include "transit-relay.h"
#include "ttt-net-session.h"
#include "ttt-remote-player.h"
#include "ttt-wormhole.h"
#include "ttt-wormhole-transit.h"
#include "ttt-wormhole-transport.h"
#include "wormhole-helpers.h"

#define GUARD_MS 30000

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

static void
check_carries (GIOStream  *from,
               GIOStream  *to,
               const char *text)
{
  ttt_net_check_carries (from, to, text, strlen (text), GUARD_MS);
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
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autofree char *url = NULL;
  Side sides[2];

  if (mailbox == NULL)
    return;   /* failed: no server */
  url = g_strdup (mailbox_server_get_url (mailbox));
  join (sides, url, NULL, TRUE, NULL);
  check_open (sides);
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

static void
test_relay (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(TransitRelay) relay = NULL;
  g_autofree char *url = NULL;
  g_autofree char *relay_url = NULL;
  Side sides[2];

  if (mailbox == NULL || (relay = transit_relay_start ()) == NULL)
    {
      g_test_fail_printf ("No magic-wormhole mailbox server or transit relay here");
      return;
    }
  url = g_strdup (mailbox_server_get_url (mailbox));
  relay_url = transit_relay_get_url (relay);
  join (sides, url, relay_url, FALSE, NULL);
  check_open (sides);

  /* Through the relay indeed: killing it ends the stream. */
  transit_relay_kill (relay);
  {
    guint8 byte;
    TttNetIo io;

    ttt_net_io_read_all (sides[1].stream, &byte, 1, &io);
    ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
    g_assert_error (io.error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_LOST);
    g_clear_error (&io.error);
  }
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

/* What "reconnecting" was notified as, in order. */
static void
reconnecting_cb (GObject    *object,
                 GParamSpec *pspec,
                 gpointer    user_data)
{
  GArray *seen = user_data;
  gboolean reconnecting = ttt_transport_get_reconnecting (TTT_TRANSPORT (object));

  g_array_append_val (seen, reconnecting);
}

static gboolean
seen_two (gpointer data)
{
  return ((GArray *) data)->len >= 2;
}

/* The mailbox server restarts while the host waits for its friend: the
 * host's screen keeps its code and its waiting, and is told the
 * connection is made again while it is, and when it is done; the friend
 * who comes with the code then joins, and the stream carries the game's
 * words. */
static void
test_mailbox_restarted (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(GArray) seen = g_array_new (FALSE, FALSE, sizeof (gboolean));
  g_autofree char *url = NULL;
  Side sides[2] = { 0 };

  if (mailbox == NULL)
    return;   /* failed: no server */
  url = g_strdup (mailbox_server_get_url (mailbox));
  side_open (&sides[0], ttt_wormhole_transport_new_host (url, NULL), TRUE);
  ttt_net_wait (has_code, &sides[0], GUARD_MS);
  g_assert_nonnull (ttt_wormhole_transport_get_wormhole_code (sides[0].transport));
  g_assert_false (ttt_transport_get_reconnecting (TTT_TRANSPORT (sides[0].transport)));
  g_signal_connect (sides[0].transport, "notify::reconnecting", G_CALLBACK (reconnecting_cb), seen);

  mailbox_server_restart (mailbox);
  ttt_net_wait (seen_two, seen, GUARD_MS);
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_true (g_array_index (seen, gboolean, 0));
  g_assert_false (g_array_index (seen, gboolean, 1));
  g_assert_false (sides[0].done);
  g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (sides[0].transport)), ==,
                   TTT_TRANSPORT_STATE_WAITING);
  g_signal_handlers_disconnect_by_data (sides[0].transport, seen);
  side_open (&sides[1], ttt_wormhole_transport_new_guest (url, NULL,
                                                          ttt_wormhole_transport_get_wormhole_code (sides[0].transport)),
             TRUE);
  ttt_net_wait (sides_done, sides, GUARD_MS);
  check_open (sides);
  side_clear (&sides[0]);
  side_clear (&sides[1]);
}

static void
test_wrong_code (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autofree char *url = NULL;
  g_autofree char *wrong = NULL;
  Side sides[2];
  const char *code;

  if (mailbox == NULL)
    return;   /* failed: no server */
  url = g_strdup (mailbox_server_get_url (mailbox));

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

/* The host gives up while it waits for the friend: the opening answers
 * that it was closed, and nothing holds the transport after. */
static void
test_close_while_waiting (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  TttWormholeTransport *transport;
  Side side = { 0 };

  if (mailbox == NULL)
    return;   /* failed: no server */
  side_open (&side, ttt_wormhole_transport_new_host (mailbox_server_get_url (mailbox), NULL), TRUE);
  ttt_net_wait (has_code, &side, GUARD_MS);
  g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (side.transport)), ==, TTT_TRANSPORT_STATE_WAITING);

  ttt_transport_close (TTT_TRANSPORT (side.transport));
  ttt_net_wait (side_done, &side, GUARD_MS);
  g_assert_error (side.error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_CLOSED);
  g_assert_cmpint (ttt_transport_get_state (TTT_TRANSPORT (side.transport)), ==, TTT_TRANSPORT_STATE_CLOSED);

  transport = g_steal_pointer (&side.transport);
  ttt_net_drain ();
  g_assert_finalize_object (transport);
  side_clear (&side);
}

/* Two game sessions over it */

static void
play (TttGame *games[2],
      int      cell)
{
  guint mover = ttt_game_get_state (games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1;
  guint n_moves = ttt_game_get_n_moves (games[mover]) + 1;

  g_assert_cmpint (ttt_game_get_state (games[mover]), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_true (ttt_game_play (games[mover], cell));
  ttt_net_wait_moves (games[1 - mover], n_moves, GUARD_MS);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (games[1 - mover]), cell), ==,
                   ttt_match_get_cell (ttt_game_get_match (games[mover]), cell));
}

static void
play_sessions (gboolean direct)
{
  static const TttConnectionRole roles[] = { TTT_CONNECTION_ROLE_HOST, TTT_CONNECTION_ROLE_GUEST };
  static const char *names[] = { "Ana", "Ben" };
  static const int x_wins[] = { 0, 3, 1, 4, 2 };
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(TransitRelay) relay = NULL;
  g_autofree char *url = NULL;
  g_autofree char *relay_url = NULL;
  TttWormholeTransport *transports[2];
  TttNetSession *sessions[2];
  TttGame *games[2];

  if (mailbox == NULL || (relay = transit_relay_start ()) == NULL)
    {
      g_test_fail_printf ("No magic-wormhole mailbox server or transit relay here");
      return;
    }
  url = g_strdup (mailbox_server_get_url (mailbox));
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
      ttt_net_wait_session (sessions[i], TTT_NET_SESSION_PLAYING, GUARD_MS);
      g_assert_null (ttt_net_session_get_code (sessions[i]));
    }
  g_assert_cmpstr (ttt_net_session_get_peer_name (sessions[0]), ==, "Ben");
  g_assert_cmpstr (ttt_net_session_get_peer_name (sessions[1]), ==, "Ana");
  for (guint i = 0; i < G_N_ELEMENTS (x_wins); i++)
    play (games, x_wins[i]);
  for (guint i = 0; i < 2; i++)
    {
      ttt_net_wait_session (sessions[i], TTT_NET_SESSION_GAME_OVER, GUARD_MS);
      g_assert_cmpint (ttt_game_get_outcome (games[i]), ==, TTT_OUTCOME_X_WINS);
    }

  /* Ben leaves: his goodbye comes through the transit to Ana. */
  ttt_net_session_leave (sessions[1]);
  ttt_net_wait_session (sessions[0], TTT_NET_SESSION_CLOSED, GUARD_MS);
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

/* The reference client: our transit against magic-wormhole's own */

#define REFERENCE_APPID "lothar.com/wormhole/text-or-file-xfer"

/* Our side of a file transfer: a wormhole with the reference's appid
 * and a transit over it, as its file transfer uses them. */
typedef struct {
  TttWormhole        *wormhole;
  TttWormholeTransit *transit;
  GIOStream          *stream;
  GError             *error;
  gboolean            opened;
  gboolean            connected;
  GPtrArray          *messages;     /* of char *, the other's non-transit ones */
  GBytes             *early;        /* its transit message, before ours was made */
} Ours;

static void
ours_transit_send_cb (TttWormholeTransit *transit,
                      GBytes             *message,
                      gpointer            user_data)
{
  Ours *ours = user_data;

  ttt_wormhole_send (ours->wormhole, message);
}

static void
ours_message_cb (TttWormhole *wormhole,
                 GBytes      *message,
                 gpointer     user_data)
{
  Ours *ours = user_data;
  gsize size;
  const char *text = g_bytes_get_data (message, &size);

  if (g_strstr_len (text, (gssize) size, "\"transit\"") != NULL && ours->transit == NULL)
    ours->early = g_bytes_ref (message);
  else if (g_strstr_len (text, (gssize) size, "\"transit\"") != NULL)
    ttt_wormhole_transit_receive (ours->transit, message);
  else
    g_ptr_array_add (ours->messages, g_strndup (text, size));
}

static void
ours_opened_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Ours *ours = user_data;

  ttt_wormhole_open_finish (TTT_WORMHOLE (source), result, &ours->error);
  ours->opened = TRUE;
}

static void
ours_connected_cb (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  Ours *ours = user_data;

  ours->stream = ttt_wormhole_transit_connect_finish (TTT_WORMHOLE_TRANSIT (source), result, &ours->error);
  ours->connected = TRUE;
}

static gboolean
ours_opened (gpointer data)
{
  return ((Ours *) data)->opened;
}

static gboolean
ours_connected (gpointer data)
{
  return ((Ours *) data)->connected;
}

static gboolean
ours_has_message (gpointer data)
{
  return ((Ours *) data)->messages->len > 0;
}

/* Opens the wormhole, with @code or making one. */
static void
ours_open (Ours       *ours,
           const char *mailbox,
           const char *code)
{
  memset (ours, 0, sizeof *ours);
  ours->messages = g_ptr_array_new_with_free_func (g_free);
  ours->wormhole = ttt_wormhole_new (mailbox, REFERENCE_APPID);
  if (code != NULL)
    ttt_wormhole_set_code (ours->wormhole, code);
  else
    ttt_wormhole_allocate_code (ours->wormhole, 2);
  g_signal_connect (ours->wormhole, "message", G_CALLBACK (ours_message_cb), ours);
  ttt_wormhole_open_async (ours->wormhole, NULL, NULL, ours_opened_cb, ours);
}

static gboolean
ours_has_code (gpointer data)
{
  Ours *ours = data;

  return ttt_wormhole_get_code (ours->wormhole) != NULL || ours->opened;
}

/* Once the wormhole is open: the transit of @role, not connecting yet. */
static void
ours_make_transit (Ours                  *ours,
                   const char            *relay,
                   TttWormholeRecordRole  role,
                   gboolean               direct)
{
  guint8 key[TTT_WORMHOLE_KEY_SIZE];

  ttt_net_wait (ours_opened, ours, GUARD_MS);
  g_assert_no_error (ours->error);
  ttt_wormhole_derive_shared_key (ours->wormhole, REFERENCE_APPID "/transit-key", key);
  ours->transit = ttt_wormhole_transit_new (role, key, relay);
  ttt_wormhole_transit_set_direct (ours->transit, direct);
  ttt_wormhole_transit_set_listen_address (ours->transit, "127.0.0.1");
  g_signal_connect (ours->transit, "send", G_CALLBACK (ours_transit_send_cb), ours);
  if (ours->early != NULL)
    ttt_wormhole_transit_receive (ours->transit, ours->early);
}

static void
ours_send_json (Ours       *ours,
                const char *json)
{
  g_autoptr(GBytes) message = g_bytes_new (json, strlen (json));

  ttt_wormhole_send (ours->wormhole, message);
}

static void
ours_clear (Ours *ours)
{
  if (ours->stream != NULL)
    g_io_stream_close (ours->stream, NULL, NULL);
  g_clear_object (&ours->stream);
  g_clear_object (&ours->transit);
  if (ours->wormhole != NULL)
    ttt_wormhole_close (ours->wormhole, "happy");
  g_clear_object (&ours->wormhole);
  g_clear_pointer (&ours->messages, g_ptr_array_unref);
  g_clear_pointer (&ours->early, g_bytes_unref);
  g_clear_error (&ours->error);
}

/* Reads what the other side sends until it stops (its ack is one
 * record, then it closes). */
static char *
read_until_end (GIOStream *stream)
{
  GString *got = g_string_new (NULL);

  while (TRUE)
    {
      char byte;
      TttNetIo io;

      ttt_net_io_read_all (stream, &byte, 1, &io);
      ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
      if (io.error != NULL || io.count == 0)
        {
          g_clear_error (&io.error);
          break;
        }
      g_string_append_c (got, byte);
      if (strchr (got->str, '}') != NULL)
        break;
    }
  return g_string_free (got, FALSE);
}

static guint8 *
file_contents (gsize size)
{
  guint8 *contents = g_malloc (size);

  for (gsize i = 0; i < size; i++)
    contents[i] = (guint8) g_test_rand_int ();
  return contents;
}

/* We send a file the reference receives ("wormhole receive"). */
static void
reference_receives (gboolean direct)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(TransitRelay) relay = NULL;
  g_autofree char *url = NULL;
  g_autofree char *relay_url = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *target = NULL;
  g_autofree char *offer = NULL;
  g_autofree char *ack = NULL;
  g_autofree char *sha256 = NULL;
  g_autofree char *written = NULL;
  g_autofree guint8 *contents = NULL;
  g_autoptr(GError) error = NULL;
  const gsize size = 3 * TTT_WORMHOLE_RECORD_MAX_TEXT + 1234;
  gsize written_size = 0;
  g_autoptr(ReferenceClient) reference = NULL;
  Ours ours;
  TttNetIo io;

  if (mailbox == NULL || (relay = transit_relay_start ()) == NULL || !reference_client_available ())
    {
      g_test_fail_printf ("No magic-wormhole client, mailbox server or transit relay here");
      return;
    }
  url = g_strdup (mailbox_server_get_url (mailbox));
  relay_url = transit_relay_get_url (relay);
  folder = g_dir_make_tmp ("ttt-reference-XXXXXX", &error);
  g_assert_no_error (error);
  target = g_build_filename (folder, "received", NULL);
  contents = file_contents (size);

  ours_open (&ours, url, NULL);
  {
    const char *code;

    ttt_net_wait (ours_has_code, &ours, GUARD_MS);
    code = ttt_wormhole_get_code (ours.wormhole);
    g_assert_nonnull (code);
    /* Its own listener stays off: it reaches ours, or the relay. */
    reference = reference_client_spawn (REFERENCE_APPID, url, "--transit-helper", relay_url,
                                        "receive", "--hide-progress", "--accept-file", "--no-listen",
                                        "-o", target, code, NULL);
  }
  ours_make_transit (&ours, relay_url, TTT_WORMHOLE_RECORD_SENDER, direct);

  /* The file transfer's messages: our transit hints, then the offer. */
  ttt_wormhole_transit_connect_async (ours.transit, NULL, ours_connected_cb, &ours);
  offer = g_strdup_printf ("{\"offer\": {\"file\": {\"filename\": \"board.bin\", \"filesize\": %" G_GSIZE_FORMAT "}}}",
                           size);
  ours_send_json (&ours, offer);
  ttt_net_wait (ours_has_message, &ours, GUARD_MS);
  g_assert_nonnull (strstr (g_ptr_array_index (ours.messages, 0), "\"file_ack\": \"ok\""));
  ttt_net_wait (ours_connected, &ours, GUARD_MS);
  g_assert_no_error (ours.error);

  ttt_net_io_write_all (ours.stream, contents, size, &io);
  ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
  g_assert_no_error (io.error);

  /* Its answer comes in a record of its own, sealed the other way. */
  ack = read_until_end (ours.stream);
  sha256 = g_compute_checksum_for_data (G_CHECKSUM_SHA256, contents, size);
  g_test_message ("The reference's ack: %s", ack);
  g_assert_nonnull (strstr (ack, "\"ack\": \"ok\""));
  g_assert_nonnull (strstr (ack, sha256));

  if (reference_client_wait_exit (reference) != 0)
    g_error ("The reference client failed:\n%s", reference_client_output (reference));
  g_assert_true (g_file_get_contents (target, &written, &written_size, NULL));
  g_assert_cmpmem (written, written_size, contents, size);

  ours_clear (&ours);
  g_unlink (target);
  g_rmdir (folder);
}

/* The reference sends a file ("wormhole send") that we receive. */
static void
reference_sends (gboolean direct)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(TransitRelay) relay = NULL;
  g_autofree char *url = NULL;
  g_autofree char *relay_url = NULL;
  g_autofree char *folder = NULL;
  g_autofree char *source = NULL;
  g_autofree char *sha256 = NULL;
  g_autofree char *ack = NULL;
  g_autofree guint8 *contents = NULL;
  g_autofree guint8 *got = NULL;
  g_autoptr(GError) error = NULL;
  const gsize size = 2 * TTT_WORMHOLE_RECORD_MAX_TEXT + 99;
  g_autoptr(ReferenceClient) reference = NULL;
  Ours ours;
  TttNetIo io;
  TttNetIo sent;

  if (mailbox == NULL || (relay = transit_relay_start ()) == NULL || !reference_client_available ())
    {
      g_test_fail_printf ("No magic-wormhole client, mailbox server or transit relay here");
      return;
    }
  url = g_strdup (mailbox_server_get_url (mailbox));
  relay_url = transit_relay_get_url (relay);
  folder = g_dir_make_tmp ("ttt-reference-XXXXXX", &error);
  g_assert_no_error (error);
  source = g_build_filename (folder, "board.bin", NULL);
  contents = file_contents (size);
  g_assert_true (g_file_set_contents (source, (const char *) contents, (gssize) size, NULL));

  reference = reference_client_spawn (REFERENCE_APPID, url, "--transit-helper", relay_url,
                                      "send", "--hide-progress", "--no-listen", source, NULL);
  ours_open (&ours, url, reference_client_wait_code (reference));
  ours_make_transit (&ours, relay_url, TTT_WORMHOLE_RECORD_RECEIVER, direct);
  ttt_wormhole_transit_connect_async (ours.transit, NULL, ours_connected_cb, &ours);
  /* Its offer, after its transit message. */
  ttt_net_wait (ours_has_message, &ours, GUARD_MS);
  g_assert_nonnull (strstr (g_ptr_array_index (ours.messages, 0), "\"offer\""));
  ours_send_json (&ours, "{\"answer\": {\"file_ack\": \"ok\"}}");
  ttt_net_wait (ours_connected, &ours, GUARD_MS);
  g_assert_no_error (ours.error);

  got = g_malloc (size);
  ttt_net_io_read_all (ours.stream, got, size, &io);
  ttt_net_wait (ttt_net_io_done, &io, GUARD_MS);
  g_assert_no_error (io.error);
  g_assert_cmpmem (got, size, contents, size);

  /* Our ack, in one record, which it must open and check. */
  sha256 = g_compute_checksum_for_data (G_CHECKSUM_SHA256, contents, size);
  ack = g_strdup_printf ("{\"ack\": \"ok\", \"sha256\": \"%s\"}", sha256);
  ttt_net_io_write_all (ours.stream, ack, strlen (ack), &sent);
  ttt_net_wait (ttt_net_io_done, &sent, GUARD_MS);
  g_assert_no_error (sent.error);

  if (reference_client_wait_exit (reference) != 0)
    g_error ("The reference client failed:\n%s", reference_client_output (reference));
  g_test_message ("The reference said:\n%s", reference_client_output (reference));

  ours_clear (&ours);
  g_unlink (source);
  g_rmdir (folder);
}

static void
test_reference_receives_direct (void)
{
  reference_receives (TRUE);
}

static void
test_reference_receives_relay (void)
{
  reference_receives (FALSE);
}

static void
test_reference_sends_direct (void)
{
  reference_sends (TRUE);
}

static void
test_reference_sends_relay (void)
{
  reference_sends (FALSE);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/wormhole-transport/direct", test_direct);
  g_test_add_func ("/wormhole-transport/relay", test_relay);
  g_test_add_func ("/wormhole-transport/mailbox-restarted", test_mailbox_restarted);
  g_test_add_func ("/wormhole-transport/wrong-code", test_wrong_code);
  g_test_add_func ("/wormhole-transport/close-while-waiting", test_close_while_waiting);
  g_test_add_func ("/wormhole-transport/sessions-direct", test_sessions_direct);
  g_test_add_func ("/wormhole-transport/sessions-relay", test_sessions_relay);
  g_test_add_func ("/wormhole-transport/reference-receives-direct", test_reference_receives_direct);
  g_test_add_func ("/wormhole-transport/reference-receives-relay", test_reference_receives_relay);
  g_test_add_func ("/wormhole-transport/reference-sends-direct", test_reference_sends_direct);
  g_test_add_func ("/wormhole-transport/reference-sends-relay", test_reference_sends_relay);
  return g_test_run ();
}
