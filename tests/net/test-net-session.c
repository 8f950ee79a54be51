/* test-net-session.c — whole network games between two games in one process
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two TttGames, each with a TttNetSession, over a loopback connection: the
 * code confirmed on both sides, a whole classic game, a rematch with the
 * colours swapped, an undo refused then granted, a resignation, and the
 * connection ending in each phase (handshake, verification, mid-game, game
 * over) with each side in the right state and saying the right thing; a
 * whole Ultimate game and its rematch. Then hostile peers written by hand
 * against a session: a move out of turn, an illegal move (in Ultimate, one
 * in a board the rules do not send it to), a repeated sequence number, a
 * newer protocol version; none changes the board or the statistics.
 */

#include "config.h"

#include <string.h>

#include "model-helpers.h"
#include "net-helpers.h"
#include "session-helpers.h"
#include "ttt-certificate.h"
#include "ttt-net-session.h"
#include "ttt-remote-player.h"
#include "ttt-words.h"

/* A name as sentences show it: quoted, its direction isolated. */
#define QUOTED(name) "“\xe2\x81\xa8" name "\xe2\x81\xa9”"

typedef struct {
  TttGame       *games[2];     /* host, guest */
  TttNetSession *sessions[2];
  TttVariant     net_game;     /* what the host hosts: classic unless set */
} Pair;

static TttGame *
game_new (void)
{
  TttGame *game = ttt_game_new ();

  ttt_table_set_rng_state (ttt_game_get_table (game), 20);
  ttt_game_start_new (game);
  return game;
}

static TttNetSession *
session_new_for (TttGame           *game,
                 TttConnectionRole  role,
                 const char        *name,
                 TttVariant         net_game,
                 TttNetFirst        first)
{
  TttNetSession *session = ttt_net_session_new (game, role, name, net_game, first);

  ttt_net_set_patient_timeouts (ttt_net_session_get_connection (session));
  return session;
}

static TttNetSession *
session_new (TttGame           *game,
             TttConnectionRole  role,
             const char        *name,
             TttNetFirst        first)
{
  TttNetSession *session = ttt_net_session_new (game, role, name, TTT_VARIANT_CLASSIC, first);

  ttt_net_set_patient_timeouts (ttt_net_session_get_connection (session));
  return session;
}

/* Host and guest, both showing the code. */
static void
pair_connect (Pair        *pair,
              TttNetFirst  first)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;

  pair->games[0] = game_new ();
  pair->games[1] = game_new ();
  pair->sessions[0] = session_new_for (pair->games[0], TTT_CONNECTION_ROLE_HOST, "Ana", pair->net_game, first);
  /* A guest's own choices are only asked for: it plays the host's. */
  pair->sessions[1] = session_new_for (pair->games[1], TTT_CONNECTION_ROLE_GUEST, "Ben",
                                       pair->net_game == TTT_VARIANT_CLASSIC ? TTT_VARIANT_ULTIMATE
                                                                             : TTT_VARIANT_CLASSIC,
                                       TTT_NET_X_HOST);

  g_assert_true (ttt_net_session_host (pair->sessions[0], "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  address = g_strdup_printf ("127.0.0.1:%u",
                             ttt_connection_get_port (ttt_net_session_get_connection (pair->sessions[0])));
  g_assert_true (ttt_net_session_join (pair->sessions[1], address, &error));
  g_assert_no_error (error);

  ttt_net_wait_session (pair->sessions[0], TTT_NET_SESSION_VERIFYING, 60000);
  ttt_net_wait_session (pair->sessions[1], TTT_NET_SESSION_VERIFYING, 60000);
  g_assert_cmpstr (ttt_net_session_get_code (pair->sessions[0]), ==,
                   ttt_net_session_get_code (pair->sessions[1]));
  g_assert_cmpstr (ttt_net_session_get_peer_name (pair->sessions[0]), ==, "Ben");
  g_assert_cmpstr (ttt_net_session_get_peer_name (pair->sessions[1]), ==, "Ana");
}

/* Both confirm: the game begins on both sides. */
static void
pair_open (Pair        *pair,
           TttNetFirst  first)
{
  pair_connect (pair, first);

  ttt_net_session_confirm (pair->sessions[0], TRUE);
  g_assert_cmpint (ttt_net_session_get_state (pair->sessions[0]), ==, TTT_NET_SESSION_CONFIRMED);
  ttt_net_session_confirm (pair->sessions[1], TRUE);
  ttt_net_wait_session (pair->sessions[0], TTT_NET_SESSION_PLAYING, 60000);
  ttt_net_wait_session (pair->sessions[1], TTT_NET_SESSION_PLAYING, 60000);
}

static void
pair_close (Pair *pair)
{
  for (guint i = 0; i < 2; i++)
    {
      if (pair->sessions[i] != NULL)
        ttt_net_session_leave (pair->sessions[i]);
      g_clear_object (&pair->sessions[i]);
    }
  ttt_net_drain ();
  for (guint i = 0; i < 2; i++)
    g_clear_object (&pair->games[i]);
}

/* The person to move plays @cell; the other side sees it come. */
static void
play (Pair    *pair,
      int      cell)
{
  guint mover = ttt_game_get_state (pair->games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1;
  guint n_wanted = ttt_game_get_n_moves (pair->games[mover]) + 1;

  g_assert_cmpint (ttt_game_get_state (pair->games[mover]), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpint (ttt_game_get_state (pair->games[1 - mover]), ==, TTT_GAME_STATE_WAITING);
  g_assert_true (ttt_game_play (pair->games[mover], cell));
  ttt_net_wait_moves (pair->games[1 - mover], n_wanted, 60000);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (pair->games[1 - mover]), cell), ==,
                   ttt_match_get_cell (ttt_game_get_match (pair->games[mover]), cell));
}

static void
assert_same_board (Pair *pair)
{
  g_assert_cmpint (ttt_game_get_variant (pair->games[0]), ==,
                   ttt_game_get_variant (pair->games[1]));
  for (int cell = 0; cell < ttt_match_get_n_cells (ttt_game_get_match (pair->games[0])); cell++)
    g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (pair->games[0]), cell), ==, ttt_match_get_cell (ttt_game_get_match (pair->games[1]), cell));
  g_assert_cmpuint (ttt_game_get_n_moves (pair->games[0]), ==, ttt_game_get_n_moves (pair->games[1]));
}

/* The person here's network tally of the game's variant; nothing else
 * counted a network game. */
static void
assert_network_tally (TttGame *game,
                      guint    won,
                      guint    drawn,
                      guint    lost)
{
  TttTallyId network = ttt_tally_id_for_network (ttt_game_get_variant (game));
  TttTally tally = ttt_test_tally (game, network);

  g_assert_cmpuint (tally.won, ==, won);
  g_assert_cmpuint (tally.drawn, ==, drawn);
  g_assert_cmpuint (tally.lost, ==, lost);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (id != network)
      g_assert_cmpuint (ttt_test_games (game, id), ==, 0);
}

/* A whole game, then a rematch */

static void
test_whole_game (void)
{
  Pair pair = { 0 };
  static const int x_wins[] = { 0, 3, 1, 4, 2 };

  pair_open (&pair, TTT_NET_X_HOST);

  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[0]), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[1]), ==, TTT_MARK_O);
  g_assert_true (TTT_IS_REMOTE_PLAYER (ttt_table_get_player (ttt_game_get_table (pair.games[0]), TTT_MARK_O)));
  g_assert_true (TTT_IS_REMOTE_PLAYER (ttt_table_get_player (ttt_game_get_table (pair.games[1]), TTT_MARK_X)));
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (pair.games[0]), TTT_MARK_O), ==, QUOTED ("Ben"));
  g_assert_cmpstr (ttt_table_get_side_name (ttt_game_get_table (pair.games[1]), TTT_MARK_X), ==, QUOTED ("Ana"));
  g_assert_cmpint (ttt_table_get_tally (ttt_game_get_table (pair.games[0])), ==, TTT_TALLY_NETWORK);

  for (guint i = 0; i < G_N_ELEMENTS (x_wins); i++)
    play (&pair, x_wins[i]);

  assert_same_board (&pair);
  for (guint i = 0; i < 2; i++)
    {
      ttt_net_wait_session (pair.sessions[i], TTT_NET_SESSION_GAME_OVER, 60000);
      g_assert_cmpint (ttt_game_get_outcome (pair.games[i]), ==, TTT_OUTCOME_X_WINS);
    }
  assert_network_tally (pair.games[0], 1, 0, 0);
  assert_network_tally (pair.games[1], 0, 0, 1);

  /* The guest offers a rematch; the host sees the offer and accepts. */
  g_assert_true (ttt_net_session_offer_rematch (pair.sessions[1]));
  g_assert_true (ttt_net_session_get_rematch_asked (pair.sessions[1]));
  g_assert_false (ttt_net_session_offer_rematch (pair.sessions[1]));
  while (!ttt_net_session_get_rematch_offered (pair.sessions[0]))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_net_session_offer_rematch (pair.sessions[0]));
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_PLAYING, 60000);
  ttt_net_wait_session (pair.sessions[1], TTT_NET_SESSION_PLAYING, 60000);

  /* The colours swapped: Ben plays X and moves first. */
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[0]), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[1]), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_game_get_state (pair.games[1]), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpuint (ttt_game_get_n_moves (pair.games[0]), ==, 0);

  {
    static const int draw[] = { 4, 0, 8, 2, 1, 7, 6, 3, 5 };

    for (guint i = 0; i < G_N_ELEMENTS (draw); i++)
      play (&pair, draw[i]);
  }
  assert_same_board (&pair);
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_GAME_OVER, 60000);
  ttt_net_wait_session (pair.sessions[1], TTT_NET_SESSION_GAME_OVER, 60000);
  assert_network_tally (pair.games[0], 1, 1, 0);
  assert_network_tally (pair.games[1], 0, 1, 1);

  pair_close (&pair);
}

/* The guest asked to move first: the host's choice is what is played. */
static void
test_guest_first (void)
{
  Pair pair = { 0 };

  pair_open (&pair, TTT_NET_X_GUEST);
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[0]), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[1]), ==, TTT_MARK_X);
  play (&pair, 4);
  play (&pair, 0);
  assert_same_board (&pair);
  pair_close (&pair);
}

/* Ultimate */

/* Plays random legal moves (from @seed) until the game ends, each seen
 * on both sides; returns how many. */
static guint
play_to_the_end (Pair    *pair,
                 guint32  seed)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (seed);
  guint n = 0;

  while (ttt_game_get_state (pair->games[0]) != TTT_GAME_STATE_OVER)
    {
      TttGame *mover = pair->games[ttt_game_get_state (pair->games[0]) == TTT_GAME_STATE_LOCAL_TURN ? 0 : 1];
      int legal[TTT_ULTIMATE_N_MOVES];
      guint n_legal = 0;

      for (int cell = 0; cell < ttt_match_get_n_cells (ttt_game_get_match (mover)); cell++)
        if (ttt_match_is_legal (ttt_game_get_match (mover), cell))
          legal[n_legal++] = cell;
      g_assert_cmpuint (n_legal, >, 0);
      play (pair, legal[g_rand_int_range (rand, 0, (gint32) n_legal)]);
      assert_same_board (pair);
      n++;
    }
  return n;
}

/* The host hosts Ultimate: the guest, which would have hosted classic,
 * plays the host's game; a whole game with every move checked on both
 * sides, counted once each, then a rematch of the same game. */
static void
test_ultimate_game (void)
{
  Pair pair = { .net_game = TTT_VARIANT_ULTIMATE };
  TttOutcome outcome;
  guint n_moves;

  pair_open (&pair, TTT_NET_X_HOST);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (ttt_net_session_get_variant (pair.sessions[i]), ==, TTT_VARIANT_ULTIMATE);
      g_assert_cmpint (ttt_game_get_variant (pair.games[i]), ==, TTT_VARIANT_ULTIMATE);
      g_assert_cmpint (ttt_match_get_n_cells (ttt_game_get_match (pair.games[i])), ==, TTT_ULTIMATE_N_MOVES);
      g_assert_cmpint (ttt_table_get_tally (ttt_game_get_table (pair.games[i])), ==, TTT_TALLY_ID (TTT_VARIANT_ULTIMATE, TTT_TALLY_NETWORK));
    }

  n_moves = play_to_the_end (&pair, 24);
  g_test_message ("an Ultimate game of %u moves", n_moves);
  g_assert_cmpuint (n_moves, >=, 17);
  outcome = ttt_game_get_outcome (pair.games[0]);
  g_assert_cmpint (ttt_game_get_outcome (pair.games[1]), ==, outcome);
  for (guint i = 0; i < 2; i++)
    ttt_net_wait_session (pair.sessions[i], TTT_NET_SESSION_GAME_OVER, 60000);
  switch (outcome)
    {
    case TTT_OUTCOME_X_WINS:
      assert_network_tally (pair.games[0], 1, 0, 0);
      assert_network_tally (pair.games[1], 0, 0, 1);
      break;
    case TTT_OUTCOME_O_WINS:
      assert_network_tally (pair.games[0], 0, 0, 1);
      assert_network_tally (pair.games[1], 1, 0, 0);
      break;
    case TTT_OUTCOME_DRAW:
      assert_network_tally (pair.games[0], 0, 1, 0);
      assert_network_tally (pair.games[1], 0, 1, 0);
      break;
    case TTT_OUTCOME_ONGOING:
    case TTT_OUTCOME_INVALID:
    default:
      g_assert_not_reached ();
    }

  /* A rematch is Ultimate again, the colours swapped. */
  g_assert_true (ttt_net_session_offer_rematch (pair.sessions[0]));
  while (!ttt_net_session_get_rematch_offered (pair.sessions[1]))
    g_main_context_iteration (NULL, TRUE);
  g_assert_true (ttt_net_session_offer_rematch (pair.sessions[1]));
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_PLAYING, 60000);
  ttt_net_wait_session (pair.sessions[1], TTT_NET_SESSION_PLAYING, 60000);
  g_assert_cmpint (ttt_game_get_variant (pair.games[0]), ==, TTT_VARIANT_ULTIMATE);
  g_assert_cmpint (ttt_net_session_get_local_mark (pair.sessions[1]), ==, TTT_MARK_X);
  /* X in the centre of the centre board sends O there. */
  play (&pair, 40);
  play (&pair, 36);
  assert_same_board (&pair);
  pair_close (&pair);
}

/* Undo */

static void
undo_answered_cb (TttNetSession *session,
                  gboolean       accepted,
                  gpointer       user_data)
{
  int *answer = user_data;

  *answer = accepted;
}

static gboolean
is_answered (gpointer data)
{
  return *(int *) data >= 0;
}

static void
wait_requested (TttNetSession *session)
{
  while (!ttt_net_session_get_undo_requested (session))
    g_main_context_iteration (NULL, TRUE);
}

static void
test_undo (void)
{
  Pair pair = { 0 };
  int answer = -1;

  pair_open (&pair, TTT_NET_X_HOST);
  g_signal_connect (pair.sessions[0], "undo-answered", G_CALLBACK (undo_answered_cb), &answer);

  /* Nothing of the host's to take back yet. */
  g_assert_false (ttt_net_session_request_undo (pair.sessions[0]));
  g_assert_false (ttt_game_undo (pair.games[0]));

  play (&pair, 0);
  play (&pair, 4);
  play (&pair, 8);

  /* Refused: nothing changes. */
  g_assert_true (ttt_net_session_request_undo (pair.sessions[0]));
  g_assert_false (ttt_net_session_request_undo (pair.sessions[0]));
  wait_requested (pair.sessions[1]);
  g_assert_true (ttt_net_session_answer_undo (pair.sessions[1], FALSE));
  g_assert_false (ttt_net_session_answer_undo (pair.sessions[1], FALSE));
  ttt_net_wait (is_answered, &answer, 60000);
  g_assert_cmpint (answer, ==, FALSE);
  g_assert_false (ttt_net_session_get_undo_asked (pair.sessions[0]));
  g_assert_cmpuint (ttt_game_get_n_moves (pair.games[0]), ==, 3);
  assert_same_board (&pair);

  /* Granted: the host's last move goes on both sides; the host moves. */
  answer = -1;
  g_assert_true (ttt_net_session_request_undo (pair.sessions[0]));
  wait_requested (pair.sessions[1]);
  g_assert_true (ttt_net_session_answer_undo (pair.sessions[1], TRUE));
  g_assert_cmpuint (ttt_game_get_n_moves (pair.games[1]), ==, 2);
  ttt_net_wait (is_answered, &answer, 60000);
  g_assert_cmpint (answer, ==, TRUE);
  assert_same_board (&pair);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (pair.games[0]), 8), ==, TTT_MARK_NONE);
  g_assert_cmpint (ttt_game_get_state (pair.games[0]), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_cmpint (ttt_game_get_state (pair.games[1]), ==, TTT_GAME_STATE_WAITING);

  /* The guest's turn now: its request takes back its own move and the
   * host's answer. */
  play (&pair, 2);
  answer = -1;
  g_signal_connect (pair.sessions[1], "undo-answered", G_CALLBACK (undo_answered_cb), &answer);
  g_assert_true (ttt_net_session_request_undo (pair.sessions[1]));
  wait_requested (pair.sessions[0]);
  g_assert_true (ttt_net_session_answer_undo (pair.sessions[0], TRUE));
  ttt_net_wait (is_answered, &answer, 60000);
  g_assert_cmpint (answer, ==, TRUE);
  assert_same_board (&pair);
  g_assert_cmpuint (ttt_game_get_n_moves (pair.games[0]), ==, 1);
  g_assert_cmpint (ttt_game_get_state (pair.games[1]), ==, TTT_GAME_STATE_LOCAL_TURN);

  /* And the game goes on. */
  play (&pair, 1);
  ttt_net_wait_moves (pair.games[0], 2, 60000);
  assert_same_board (&pair);
  assert_network_tally (pair.games[0], 0, 0, 0);

  pair_close (&pair);
}


/* Resigning */

static void
test_resign (void)
{
  Pair pair = { 0 };

  pair_open (&pair, TTT_NET_X_HOST);
  play (&pair, 0);

  /* The guest, to move, gives up. */
  g_assert_true (ttt_net_session_resign (pair.sessions[1]));
  g_assert_cmpint (ttt_net_session_get_state (pair.sessions[1]), ==, TTT_NET_SESSION_GAME_OVER);
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_GAME_OVER, 60000);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (ttt_game_get_outcome (pair.games[i]), ==, TTT_OUTCOME_X_WINS);
      g_assert_cmpint (ttt_game_get_state (pair.games[i]), ==, TTT_GAME_STATE_OVER);
      g_assert_cmpint (ttt_game_get_turn (pair.games[i]), ==, TTT_MARK_NONE);
      g_assert_false (ttt_game_play (pair.games[i], 4));
      g_assert_false (ttt_net_session_resign (pair.sessions[i]));
    }
  assert_network_tally (pair.games[0], 1, 0, 0);
  assert_network_tally (pair.games[1], 0, 0, 1);

  pair_close (&pair);
}

/* The connection ends */

static gboolean
is_closed (gpointer data)
{
  return ttt_net_session_get_state (data) == TTT_NET_SESSION_CLOSED;
}

static void
wait_closed (TttNetSession *session)
{
  ttt_net_wait (is_closed, session, 60000);
  g_test_message ("closed: %s", ttt_net_session_get_message (session));
}

static void
assert_untouched (TttGame *game)
{
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    g_assert_cmpuint (ttt_test_games (game, id), ==, 0);
}

static gboolean
host_handshaking (gpointer data)
{
  return ttt_connection_get_state (data) == TTT_CONNECTION_STATE_HANDSHAKE;
}

static gboolean
host_listening (gpointer data)
{
  return ttt_connection_get_state (data) == TTT_CONNECTION_STATE_LISTENING;
}

static void
test_lost_in_handshake (void)
{
  Pair pair = { 0 };
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;

  pair.games[0] = game_new ();
  pair.games[1] = game_new ();
  pair.sessions[0] = session_new (pair.games[0], TTT_CONNECTION_ROLE_HOST, "Ana", TTT_NET_X_HOST);
  pair.sessions[1] = session_new (pair.games[1], TTT_CONNECTION_ROLE_GUEST, "Ben", TTT_NET_X_HOST);
  g_assert_true (ttt_net_session_host (pair.sessions[0], "127.0.0.1", 0, &error));
  address = g_strdup_printf ("127.0.0.1:%u",
                             ttt_connection_get_port (ttt_net_session_get_connection (pair.sessions[0])));
  g_assert_true (ttt_net_session_join (pair.sessions[1], address, &error));
  g_assert_no_error (error);

  /* The guest goes while the host is still in the TLS handshake: it
   * never got in, and the host goes on hosting for someone else. */
  ttt_net_wait (host_handshaking, ttt_net_session_get_connection (pair.sessions[0]), 60000);
  ttt_net_session_leave (pair.sessions[1]);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[1]), ==, TTT_NET_SESSION_END_LEFT);
  g_assert_cmpstr (ttt_net_session_get_message (pair.sessions[1]), ==, "You left the game.");
  ttt_net_wait (host_listening, ttt_net_session_get_connection (pair.sessions[0]), 60000);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[0]), ==, TTT_NET_SESSION_END_NONE);
  g_assert_null (ttt_net_session_get_peer_name (pair.sessions[0]));
  for (guint i = 0; i < 2; i++)
    assert_untouched (pair.games[i]);

  pair_close (&pair);
}

static void
test_refused (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) host = session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_NET_X_HOST);
  g_autoptr(TttNetSession) guest = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *address = NULL;

  /* A port nobody listens on any more. */
  g_assert_true (ttt_net_session_host (host, "127.0.0.1", 0, &error));
  address = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (ttt_net_session_get_connection (host)));
  ttt_net_session_leave (host);
  ttt_net_drain ();

  guest = session_new (game, TTT_CONNECTION_ROLE_GUEST, "Ben", TTT_NET_X_HOST);
  g_assert_true (ttt_net_session_join (guest, address, &error));
  wait_closed (guest);
  g_assert_cmpint (ttt_net_session_get_end (guest), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_nonnull (strstr (ttt_net_session_get_message (guest), "refused"));
  assert_untouched (game);

  /* A bad address is said at once and changes nothing. */
  g_clear_object (&guest);
  guest = session_new (game, TTT_CONNECTION_ROLE_GUEST, "Ben", TTT_NET_X_HOST);
  g_assert_false (ttt_net_session_join (guest, "[::1", &error));
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_BAD_ADDRESS);
  g_assert_cmpint (ttt_net_session_get_state (guest), ==, TTT_NET_SESSION_CONNECTING);
}

static void
test_codes_differ (void)
{
  Pair pair = { 0 };

  pair_connect (&pair, TTT_NET_X_HOST);
  ttt_net_session_confirm (pair.sessions[0], TRUE);
  ttt_net_session_confirm (pair.sessions[1], FALSE);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[1]), ==, TTT_NET_SESSION_END_CODES_DIFFER);
  wait_closed (pair.sessions[0]);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[0]), ==, TTT_NET_SESSION_END_PEER_LEFT);
  /* Issue 34: told about the code, not only that Ben left. */
  g_assert_cmpstr (ttt_net_session_get_message (pair.sessions[0]), ==,
                   QUOTED ("Ben") " did not confirm the code: the codes may differ, so the connection was closed. Nothing was played.");
  for (guint i = 0; i < 2; i++)
    assert_untouched (pair.games[i]);
  pair_close (&pair);
}

static void
test_lost_in_verification (void)
{
  Pair pair = { 0 };

  pair_connect (&pair, TTT_NET_X_HOST);
  /* The host's computer goes away without a word. */
  g_object_run_dispose (G_OBJECT (ttt_net_session_get_connection (pair.sessions[0])));
  wait_closed (pair.sessions[1]);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[1]), ==, TTT_NET_SESSION_END_LOST);
  g_assert_cmpstr (ttt_net_session_get_message (pair.sessions[1]), ==, "Connection to " QUOTED ("Ana") " lost");
  ttt_net_session_confirm (pair.sessions[1], TRUE);
  g_assert_cmpint (ttt_net_session_get_state (pair.sessions[1]), ==, TTT_NET_SESSION_CLOSED);
  for (guint i = 0; i < 2; i++)
    assert_untouched (pair.games[i]);
  pair_close (&pair);
}

static void
test_lost_mid_game (gconstpointer data)
{
  gboolean goodbye = GPOINTER_TO_INT (data);
  Pair pair = { 0 };

  pair_open (&pair, TTT_NET_X_HOST);
  play (&pair, 0);
  play (&pair, 4);

  if (goodbye)
    ttt_net_session_leave (pair.sessions[1]);
  else
    g_object_run_dispose (G_OBJECT (ttt_net_session_get_connection (pair.sessions[1])));
  wait_closed (pair.sessions[0]);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[0]), ==,
                   goodbye ? TTT_NET_SESSION_END_PEER_LEFT : TTT_NET_SESSION_END_LOST);
  /* Issue 32, D18: the main window's status says the game was cut off
   * (it was empty). */
  g_assert_cmpstr (ttt_words_result (pair.games[0]), ==, "The game was abandoned: nothing was counted");
  g_assert_cmpstr (ttt_net_session_get_message (pair.sessions[0]), ==,
                   goodbye ? QUOTED ("Ben") " left the game." : "Connection to " QUOTED ("Ben") " lost");

  /* Abandoned, not lost: nothing counted, and nobody can play on. */
  g_assert_cmpint (ttt_game_get_state (pair.games[0]), ==, TTT_GAME_STATE_OVER);
  g_assert_true (ttt_match_get_abandoned (ttt_game_get_match (pair.games[0])));
  g_assert_cmpint (ttt_game_get_outcome (pair.games[0]), ==, TTT_OUTCOME_ONGOING);
  g_assert_false (ttt_game_play (pair.games[0], 8));
  g_assert_cmpuint (ttt_game_get_n_moves (pair.games[0]), ==, 2);
  assert_network_tally (pair.games[0], 0, 0, 0);
  if (goodbye)
    {
      g_assert_true (ttt_match_get_abandoned (ttt_game_get_match (pair.games[1])));
      assert_network_tally (pair.games[1], 0, 0, 0);
    }

  pair_close (&pair);
}

static void
test_lost_after_game (void)
{
  Pair pair = { 0 };
  static const int x_wins[] = { 0, 3, 1, 4, 2 };

  pair_open (&pair, TTT_NET_X_HOST);
  for (guint i = 0; i < G_N_ELEMENTS (x_wins); i++)
    play (&pair, x_wins[i]);
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_GAME_OVER, 60000);
  ttt_net_wait_session (pair.sessions[1], TTT_NET_SESSION_GAME_OVER, 60000);
  g_assert_true (ttt_net_session_offer_rematch (pair.sessions[0]));

  g_object_run_dispose (G_OBJECT (ttt_net_session_get_connection (pair.sessions[0])));
  wait_closed (pair.sessions[1]);
  g_assert_cmpstr (ttt_net_session_get_message (pair.sessions[1]), ==, "Connection to " QUOTED ("Ana") " lost");
  /* The result stands; the offer went with the connection. */
  g_assert_false (ttt_net_session_get_rematch_offered (pair.sessions[1]));
  g_assert_false (ttt_net_session_offer_rematch (pair.sessions[1]));
  g_assert_false (ttt_match_get_abandoned (ttt_game_get_match (pair.games[1])));
  g_assert_cmpint (ttt_game_get_outcome (pair.games[1]), ==, TTT_OUTCOME_X_WINS);
  assert_network_tally (pair.games[1], 0, 0, 1);
  pair_close (&pair);
}

/* The person here begins another game: the network game is left. */
static void
test_new_game_leaves (void)
{
  Pair pair = { 0 };

  pair_open (&pair, TTT_NET_X_HOST);
  play (&pair, 0);
  ttt_game_start_new (pair.games[1]);
  g_assert_cmpint (ttt_net_session_get_state (pair.sessions[1]), ==, TTT_NET_SESSION_CLOSED);
  g_assert_false (TTT_IS_REMOTE_PLAYER (ttt_table_get_player (ttt_game_get_table (pair.games[1]), TTT_MARK_O)));
  g_assert_false (TTT_IS_REMOTE_PLAYER (ttt_table_get_player (ttt_game_get_table (pair.games[1]), TTT_MARK_X)));
  g_assert_cmpint (ttt_table_get_tally (ttt_game_get_table (pair.games[1])), !=, TTT_TALLY_NETWORK);
  wait_closed (pair.sessions[0]);
  g_assert_cmpint (ttt_net_session_get_end (pair.sessions[0]), ==, TTT_NET_SESSION_END_PEER_LEFT);
  pair_close (&pair);
}

/* Hostile peers */

/* A host session against a bare connection that says what it likes. */
typedef struct {
  TttGame       *game;
  TttNetSession *host;
  TttConnection *peer;
  TttNetRecord  *record;
} Hostile;

static void
hostile_open_for (Hostile    *h,
                  TttVariant  net_game)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) hello = ttt_net_hello ("Mallory");
  g_autofree char *address = NULL;

  h->game = game_new ();
  h->host = session_new_for (h->game, TTT_CONNECTION_ROLE_HOST, "Ana", net_game, TTT_NET_X_HOST);
  g_assert_true (ttt_net_session_host (h->host, "127.0.0.1", 0, &error));
  h->peer = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  ttt_net_set_patient_timeouts (h->peer);
  h->record = ttt_net_record_new (h->peer);
  address = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (ttt_net_session_get_connection (h->host)));
  g_assert_true (ttt_connection_connect (h->peer, address, &error));
  g_assert_no_error (error);
  ttt_net_wait_ready (h->record);
  ttt_net_wait_session (h->host, TTT_NET_SESSION_VERIFYING, 60000);
}

static void
hostile_open (Hostile *h)
{
  hostile_open_for (h, TTT_VARIANT_CLASSIC);
}

static void
hostile_send (Hostile    *h,
              TttMessage *message)
{
  g_autoptr(TttMessage) owned = message;

  g_assert_true (ttt_connection_send (h->peer, owned, NULL));
}

static void
hostile_confirm (Hostile *h)
{
  hostile_send (h, ttt_message_new (TTT_MESSAGE_CODE_CONFIRMED));
  ttt_net_session_confirm (h->host, TRUE);
  ttt_net_wait_session (h->host, TTT_NET_SESSION_PLAYING, 60000);
}

static void
hostile_close (Hostile *h)
{
  g_clear_object (&h->host);
  g_clear_pointer (&h->record, ttt_net_record_free);
  g_clear_object (&h->peer);
  ttt_net_drain ();
  g_clear_object (&h->game);
}

static void
assert_broke_rules (Hostile    *h,
                    const char *says)
{
  wait_closed (h->host);
  g_assert_cmpint (ttt_net_session_get_end (h->host), ==, TTT_NET_SESSION_END_RULES);
  if (strstr (ttt_net_session_get_message (h->host), says) == NULL)
    g_error ("“%s” does not say “%s”", ttt_net_session_get_message (h->host), says);
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    g_assert_cmpuint (ttt_test_games (h->game, id), ==, 0);
  /* The other side is told the game ended. */
  ttt_net_wait_closed (h->record);
  g_assert_cmpint (h->record->reason->code, ==, TTT_CONNECTION_ERROR_PEER_LEFT);
}

static void
test_hostile_out_of_turn (void)
{
  Hostile h = { 0 };

  hostile_open (&h);
  hostile_confirm (&h);
  /* The host plays X and is to move: O moves anyway. */
  hostile_send (&h, ttt_message_new_move (4));
  assert_broke_rules (&h, "out of turn");
  g_assert_cmpuint (ttt_game_get_n_moves (h.game), ==, 0);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (h.game), 4), ==, TTT_MARK_NONE);
  g_assert_true (ttt_match_get_abandoned (ttt_game_get_match (h.game)));
  hostile_close (&h);
}

static void
test_hostile_before_confirming (void)
{
  Hostile h = { 0 };

  hostile_open (&h);
  /* A move before the confirmation, from the side that plays O. */
  hostile_send (&h, ttt_message_new_move (4));
  assert_broke_rules (&h, "out of turn");
  assert_untouched (h.game);
  hostile_close (&h);
}

static void
test_hostile_illegal (gconstpointer data)
{
  guint cell = GPOINTER_TO_UINT (data);
  Hostile h = { 0 };

  hostile_open (&h);
  hostile_confirm (&h);
  g_assert_true (ttt_game_play (h.game, 0));
  ttt_net_wait_messages (h.record, 2);  /* the confirmation, the move */
  /* Taken, or beyond the classic board. */
  hostile_send (&h, ttt_message_new_move (cell));
  assert_broke_rules (&h, "rules do not allow");
  g_assert_cmpuint (ttt_game_get_n_moves (h.game), ==, 1);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (h.game), 0), ==, TTT_MARK_X);
  g_assert_true (ttt_match_get_abandoned (ttt_game_get_match (h.game)));
  hostile_close (&h);
}

/* The host (X) and the hostile guest (O) play @moves in turn, each
 * move waited on until the other side has it. */
static void
hostile_play (Hostile   *h,
              const int *moves,
              guint      n_moves)
{
  for (guint i = 0; i < n_moves; i++)
    if (i % 2 == 0)
      {
        g_assert_true (ttt_game_play (h->game, moves[i]));
        ttt_net_wait_messages (h->record, 2 + i / 2);
      }
    else
      {
        hostile_send (h, ttt_message_new_move (moves[i]));
        while (ttt_game_get_n_moves (h->game) < i + 1)
          g_main_context_iteration (NULL, TRUE);
      }
}

/* The guest plays its winning move and says goodbye in the same write,
 * as a program that quits right after moving does: the move still
 * reaches the board, and the game is over and counted, before the end. */
static void
test_hostile_win_and_goodbye (void)
{
  static const int moves[] = { 0, 3, 1, 4, 8 };
  Hostile h = { 0 };


  hostile_open (&h);
  hostile_confirm (&h);
  hostile_play (&h, moves, G_N_ELEMENTS (moves));
  /* O wins with 5 (3, 4, 5) and leaves in one write: the host's
   * connection hands both on at once, before the game has even asked for
   * O's move (it asks on the next turn of the main loop). */
  {
    TttConnection *connection = ttt_net_session_get_connection (h.host);
    g_autoptr(TttMessage) move = ttt_message_new_move (5);
    g_autoptr(GError) left = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PEER_LEFT,
                                                  "The other side left.");

    g_signal_emit_by_name (connection, "message-received", move);
    g_signal_emit_by_name (connection, "closed", left);
  }
  wait_closed (h.host);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (h.game), 5), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (h.game), ==, TTT_GAME_STATE_OVER);
  g_assert_false (ttt_match_get_abandoned (ttt_game_get_match (h.game)));
  g_assert_cmpuint (ttt_test_games (h.game, TTT_TALLY_NETWORK), ==, 1);
  g_assert_cmpint (ttt_net_session_get_end (h.host), ==, TTT_NET_SESSION_END_PEER_LEFT);
  hostile_close (&h);
}

static gboolean
rematch_offered (gpointer data)
{
  return ttt_net_session_get_rematch_offered (data) ||
         ttt_net_session_get_state (data) == TTT_NET_SESSION_CLOSED;
}

/* A move that comes after the game has ended here (the other side had
 * not heard of the end yet) changes nothing and is not called a broken
 * rule: the finished game stands, and a rematch may still follow. */
static void
test_hostile_move_after_end (void)
{
  static const int moves[] = { 0, 3, 1, 4, 8, 5 };
  Hostile h = { 0 };

  hostile_open (&h);
  hostile_confirm (&h);
  hostile_play (&h, moves, G_N_ELEMENTS (moves));
  g_assert_cmpint (ttt_game_get_state (h.game), ==, TTT_GAME_STATE_OVER);

  /* Another move, then a rematch offer: once the offer is seen, the
   * move before it has been handled. */
  hostile_send (&h, ttt_message_new_move (6));
  hostile_send (&h, ttt_message_new (TTT_MESSAGE_REMATCH_OFFER));
  ttt_net_wait (rematch_offered, h.host, 60000);
  g_assert_cmpint (ttt_net_session_get_state (h.host), ==, TTT_NET_SESSION_GAME_OVER);
  g_assert_null (ttt_net_session_get_message (h.host));
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (h.game), 6), ==, TTT_MARK_NONE);
  g_assert_cmpuint (ttt_test_games (h.game, TTT_TALLY_NETWORK), ==, 1);
  hostile_close (&h);
}

/* A guest gone before it said its name: the message begins with a
 * capital, as every sentence does. */
static void
test_unnamed_left (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) host = session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_NET_X_HOST);
  g_autoptr(GError) error = NULL;
  g_autoptr(GError) left = g_error_new_literal (TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PEER_LEFT,
                                                "The other side left.");

  g_assert_true (ttt_net_session_host (host, "127.0.0.1", 0, &error));
  g_signal_emit_by_name (ttt_net_session_get_connection (host), "closed", left);
  g_assert_cmpint (ttt_net_session_get_state (host), ==, TTT_NET_SESSION_CLOSED);
  g_assert_cmpstr (ttt_net_session_get_message (host), ==, "The other side left the game.");
  g_clear_object (&host);
  ttt_net_drain ();
}

/* In Ultimate the host checks the sending rule too: after X's move in
 * cell 0 of board 0, O must play in board 0, and cell 1 of board 1 (free
 * as it is) is refused. A cell beyond the 81 never gets past the parser. */
static void
test_hostile_ultimate (void)
{
  Hostile h = { 0 };

  hostile_open_for (&h, TTT_VARIANT_ULTIMATE);
  hostile_confirm (&h);
  g_assert_cmpint (ttt_game_get_variant (h.game), ==, TTT_VARIANT_ULTIMATE);
  g_assert_true (ttt_game_play (h.game, 0));
  ttt_net_wait_messages (h.record, 2);
  hostile_send (&h, ttt_message_new_move (10));
  assert_broke_rules (&h, "rules do not allow");
  g_assert_cmpuint (ttt_game_get_n_moves (h.game), ==, 1);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (h.game), 10), ==, TTT_MARK_NONE);
  g_assert_true (ttt_match_get_abandoned (ttt_game_get_match (h.game)));
  hostile_close (&h);
}

static void
test_hostile_twice (void)
{
  Hostile h = { 0 };

  hostile_open (&h);
  hostile_confirm (&h);
  g_assert_true (ttt_game_play (h.game, 0));
  ttt_net_wait_messages (h.record, 2);
  /* Two moves in a row, both on free cells. */
  hostile_send (&h, ttt_message_new_move (4));
  hostile_send (&h, ttt_message_new_move (5));
  assert_broke_rules (&h, "out of turn");
  g_assert_cmpuint (ttt_game_get_n_moves (h.game), ==, 2);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (h.game), 5), ==, TTT_MARK_NONE);
  hostile_close (&h);
}

/* A repeated sequence number needs a peer that writes its own lines. */
typedef struct {
  GSocketConnection *tcp;
  GIOStream         *tls;
  gboolean           done;
  GError            *error;
} RawPeer;

static void
raw_handshake_cb (GObject      *source,
                  GAsyncResult *result,
                  gpointer      user_data)
{
  RawPeer *peer = user_data;

  g_tls_connection_handshake_finish (G_TLS_CONNECTION (source), result, &peer->error);
  peer->done = TRUE;
}

static gboolean
raw_done (gpointer data)
{
  return ((RawPeer *) data)->done;
}

static void
raw_write (RawPeer    *peer,
           const char *line)
{
  g_output_stream_write_all (g_io_stream_get_output_stream (peer->tls), line, strlen (line), NULL, NULL, NULL);
}

/* A peer with a certificate of its own, through TLS to @host, its lines
 * written by hand. */
static void
raw_open (RawPeer       *peer,
          TttNetSession *host)
{
  g_autoptr(GSocketClient) client = g_socket_client_new ();
  g_autoptr(GTlsCertificate) own = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_true (ttt_net_session_host (host, "127.0.0.1", 0, &error));
  peer->tcp = g_socket_client_connect_to_host (client, "127.0.0.1",
                                               ttt_connection_get_port (ttt_net_session_get_connection (host)),
                                               NULL, &error);
  g_assert_no_error (error);
  peer->tls = g_tls_client_connection_new (G_IO_STREAM (peer->tcp), NULL, &error);
  g_assert_no_error (error);
  g_signal_connect (peer->tls, "accept-certificate", G_CALLBACK (ttt_net_accept_any_cb), NULL);
  own = ttt_certificate_new (&error);
  g_assert_no_error (error);
  g_tls_connection_set_certificate (G_TLS_CONNECTION (peer->tls), own);
  g_tls_connection_handshake_async (G_TLS_CONNECTION (peer->tls), G_PRIORITY_DEFAULT, NULL,
                                    raw_handshake_cb, peer);
  ttt_net_wait (raw_done, peer, 60000);
  g_assert_no_error (peer->error);
}

static void
raw_close (RawPeer *peer)
{
  g_io_stream_close (G_IO_STREAM (peer->tcp), NULL, NULL);
  g_clear_object (&peer->tls);
  g_clear_object (&peer->tcp);
}

/* A peer that speaks protocol 99: the session says so in words a person
 * can act on, before any code or game, and nothing is changed. */
static void
test_hostile_version (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) host = session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_NET_X_HOST);
  RawPeer peer = { 0 };

  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  raw_open (&peer, host);
  raw_write (&peer, "{\"type\":\"hello\",\"seq\":1,\"version\":99,\"app\":\"99.0\",\"name\":\"Mallory\",\"game\":\"classic\",\"x\":\"host\"}\n");
  wait_closed (host);
  g_assert_cmpint (ttt_net_session_get_end (host), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_cmpstr (ttt_net_session_get_message (host), ==,
                   "The other side has a newer version of Tic-Tac-Toe (network protocol 99, this one speaks 1). "
                   "Both players need the same version.");
  g_assert_null (ttt_net_session_get_code (host));
  g_assert_null (ttt_net_session_get_peer_name (host));
  /* The game here is as it was: no move, nothing counted, not held, and
   * still against its own opponent. */
  assert_untouched (game);
  g_assert_false (ttt_game_get_held (game));
  g_assert_false (ttt_match_get_abandoned (ttt_game_get_match (game)));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_LOCAL_TURN);
  g_assert_false (TTT_IS_REMOTE_PLAYER (ttt_table_get_player (ttt_game_get_table (game), TTT_MARK_O)));
  g_assert_true (ttt_game_play (game, 4));

  raw_close (&peer);
  g_clear_object (&host);
  ttt_net_drain ();
}

static void
test_hostile_repeated_sequence (void)
{
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) host = session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_NET_X_HOST);
  RawPeer peer = { 0 };

  raw_open (&peer, host);

  raw_write (&peer, "{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"9.9\",\"name\":\"Mallory\",\"game\":\"classic\",\"x\":\"host\"}\n"
                    "{\"type\":\"code-confirmed\",\"seq\":2}\n");
  ttt_net_wait_session (host, TTT_NET_SESSION_VERIFYING, 60000);
  ttt_net_session_confirm (host, TRUE);
  ttt_net_wait_session (host, TTT_NET_SESSION_PLAYING, 60000);
  g_assert_true (ttt_game_play (game, 0));

  /* A good move, then, once it is on the board, another numbered the
   * same. */
  raw_write (&peer, "{\"type\":\"move\",\"seq\":3,\"cell\":4}\n");
  ttt_net_wait_moves (game, 2, 60000);
  g_assert_true (ttt_game_play (game, 1));
  raw_write (&peer, "{\"type\":\"move\",\"seq\":3,\"cell\":8}\n");
  wait_closed (host);
  g_assert_cmpint (ttt_net_session_get_end (host), ==, TTT_NET_SESSION_END_RULES);
  g_assert_nonnull (strstr (ttt_net_session_get_message (host), "came again"));
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 3);
  g_assert_cmpint (ttt_match_get_cell (ttt_game_get_match (game), 8), ==, TTT_MARK_NONE);
  g_assert_true (ttt_match_get_abandoned (ttt_game_get_match (game)));
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    g_assert_cmpuint (ttt_test_games (game, id), ==, 0);

  raw_close (&peer);
  g_clear_object (&host);
  ttt_net_drain ();
}

/* Issue 32, D4 and D17: a hello whose name would break the line under
 * "Compare the Code With %s" (a man in the middle knows both codes and
 * could show each side the other's), or whose NUL would cut it short, is
 * refused before any code is shown, with a word on why; and, like any
 * guest that fails before it gets in (D7), it does not end hosting. */
typedef struct {
  const char *name;  /* as the JSON has it */
  const char *says;
} BadName;

static void
name_refused_cb (TttConnection *connection,
                 const GError  *reason,
                 char         **message)
{
  g_free (*message);
  *message = g_strdup (reason->message);
}

static gboolean
have_message (gpointer data)
{
  return *(char **) data != NULL;
}

static void
test_hostile_name (gconstpointer data)
{
  const BadName *bad = data;
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) host = session_new (game, TTT_CONNECTION_ROLE_HOST, "Ana", TTT_NET_X_HOST);
  g_autofree char *hello = g_strdup_printf ("{\"type\":\"hello\",\"seq\":1,\"version\":1,\"app\":\"9.9\","
                                            "\"name\":\"%s\",\"game\":\"classic\",\"x\":\"host\"}\n",
                                            bad->name);
  g_autofree char *refusal = NULL;
  RawPeer peer = { 0 };

  raw_open (&peer, host);
  g_signal_connect (ttt_net_session_get_connection (host), "guest-refused",
                    G_CALLBACK (name_refused_cb), &refusal);
  raw_write (&peer, hello);
  ttt_net_wait (have_message, &refusal, 60000);
  g_test_message ("refused: %s", refusal);
  g_assert_nonnull (strstr (refusal, bad->says));

  g_assert_cmpint (ttt_net_session_get_state (host), ==, TTT_NET_SESSION_CONNECTING);
  g_assert_cmpint (ttt_net_session_get_end (host), ==, TTT_NET_SESSION_END_NONE);
  g_assert_null (ttt_net_session_get_code (host));
  g_assert_null (ttt_net_session_get_peer_name (host));
  assert_untouched (game);

  raw_close (&peer);
  g_signal_handlers_disconnect_by_data (ttt_net_session_get_connection (host), &refusal);
  g_clear_object (&host);
  ttt_net_drain ();
}

/* From hosting or joining until the game starts, the game on the board
 * does not go on against the old opponent; a closed session lets it go. */
static void
test_held_while_setting_up (void)
{
  Pair pair = { 0 };

  pair_connect (&pair, TTT_NET_X_HOST);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_true (ttt_game_get_held (pair.games[i]));
      g_assert_cmpint (ttt_game_get_state (pair.games[i]), ==, TTT_GAME_STATE_LOCAL_TURN);
      g_assert_false (ttt_game_play (pair.games[i], 0));
      g_assert_cmpuint (ttt_game_get_n_moves (pair.games[i]), ==, 0);
    }

  /* Still held while the other side has not confirmed. */
  ttt_net_session_confirm (pair.sessions[0], TRUE);
  g_assert_true (ttt_game_get_held (pair.games[0]));
  g_assert_false (ttt_game_play (pair.games[0], 0));
  ttt_net_session_confirm (pair.sessions[1], TRUE);
  ttt_net_wait_session (pair.sessions[0], TTT_NET_SESSION_PLAYING, 60000);
  ttt_net_wait_session (pair.sessions[1], TTT_NET_SESSION_PLAYING, 60000);
  g_assert_false (ttt_game_get_held (pair.games[0]));
  g_assert_false (ttt_game_get_held (pair.games[1]));
  play (&pair, 0);
  pair_close (&pair);

  /* Codes that differ end it: the old game plays again. */
  pair_connect (&pair, TTT_NET_X_HOST);
  ttt_net_session_confirm (pair.sessions[1], FALSE);
  g_assert_false (ttt_game_get_held (pair.games[1]));
  wait_closed (pair.sessions[0]);
  g_assert_false (ttt_game_get_held (pair.games[0]));
  g_assert_true (ttt_game_play (pair.games[1], 0));
  pair_close (&pair);
}

/* While this side's undo request waits, it plays no move. */
static void
test_held_while_undo_asked (void)
{
  Pair pair = { 0 };
  int answer = -1;

  pair_open (&pair, TTT_NET_X_HOST);
  g_signal_connect (pair.sessions[0], "undo-answered", G_CALLBACK (undo_answered_cb), &answer);
  play (&pair, 0);
  play (&pair, 4);
  g_assert_cmpint (ttt_game_get_state (pair.games[0]), ==, TTT_GAME_STATE_LOCAL_TURN);

  g_assert_true (ttt_net_session_request_undo (pair.sessions[0]));
  g_assert_true (ttt_game_get_held (pair.games[0]));
  g_assert_false (ttt_game_play (pair.games[0], 8));
  g_assert_cmpuint (ttt_game_get_n_moves (pair.games[0]), ==, 2);
  wait_requested (pair.sessions[1]);
  g_assert_true (ttt_net_session_answer_undo (pair.sessions[1], FALSE));
  ttt_net_wait (is_answered, &answer, 60000);
  g_assert_false (ttt_game_get_held (pair.games[0]));
  assert_same_board (&pair);

  /* Answered: the move goes through. */
  play (&pair, 8);
  assert_same_board (&pair);
  pair_close (&pair);
}

/* A host that plays a game this version does not know: the guest ends
 * the session before any code is shown, and says why in words. */
static void
test_unknown_game (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(TttMessage) hello = ttt_message_new_hello ("9.0", "Mallory", "chess", TTT_NET_X_HOST);
  g_autoptr(TttConnection) peer = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
  g_autoptr(TttGame) game = game_new ();
  g_autoptr(TttNetSession) guest = NULL;
  g_autofree char *address = NULL;

  ttt_net_set_patient_timeouts (peer);
  g_assert_true (ttt_connection_listen (peer, "127.0.0.1", 0, &error));
  g_assert_no_error (error);
  guest = session_new_for (game, TTT_CONNECTION_ROLE_GUEST, "Ben", TTT_VARIANT_CLASSIC, TTT_NET_X_HOST);
  address = g_strdup_printf ("127.0.0.1:%u", ttt_connection_get_port (peer));
  g_assert_true (ttt_net_session_join (guest, address, &error));
  g_assert_no_error (error);

  ttt_net_wait_session (guest, TTT_NET_SESSION_CLOSED, 60000);
  g_assert_cmpint (ttt_net_session_get_end (guest), ==, TTT_NET_SESSION_END_FAILED);
  g_assert_nonnull (strstr (ttt_net_session_get_message (guest), "a game this version does not know"));
  g_assert_nonnull (strstr (ttt_net_session_get_message (guest), "Mallory"));
  /* Nothing was started on the board. */
  g_assert_cmpint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_CLASSIC);
}

/* Misère over the network: the host's game reaches the guest by its id,
 * and both boards play it by Misère's rule. */
static void
test_misere (void)
{
  Pair pair = { .net_game = TTT_VARIANT_MISERE };
  /* X fills the top row (0, 1, 2) while O plays 3 and 4: X's line, so O
   * wins. */
  static const int moves[] = { 0, 3, 1, 4, 2 };

  pair_open (&pair, TTT_NET_X_HOST);
  for (guint i = 0; i < 2; i++)
    {
      g_assert_cmpint (ttt_net_session_get_variant (pair.sessions[i]), ==, TTT_VARIANT_MISERE);
      g_assert_cmpint (ttt_game_get_variant (pair.games[i]), ==, TTT_VARIANT_MISERE);
    }
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    play (&pair, moves[i]);
  for (guint i = 0; i < 2; i++)
    g_assert_cmpint (ttt_game_get_outcome (pair.games[i]), ==, TTT_OUTCOME_O_WINS);
  pair_close (&pair);
}

int
main (int   argc,
      char *argv[])
{
  static const BadName line_separator = { "Mallory\xe2\x80\xa8The code is 000 000", "name" };
  static const BadName paragraph_separator = { "Mallory\\u2029The code is 000 000", "name" };
  static const BadName nul = { "Ana\\u0000Mallory", "null character" };

  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/net/session/whole-game", test_whole_game);
  g_test_add_func ("/net/session/guest-first", test_guest_first);
  g_test_add_func ("/net/session/ultimate", test_ultimate_game);
  g_test_add_func ("/net/session/undo", test_undo);
  g_test_add_func ("/net/session/held/setting-up", test_held_while_setting_up);
  g_test_add_func ("/net/session/held/undo-asked", test_held_while_undo_asked);
  g_test_add_func ("/net/session/resign", test_resign);
  g_test_add_func ("/net/session/end/handshake", test_lost_in_handshake);
  g_test_add_func ("/net/session/end/refused", test_refused);
  g_test_add_func ("/net/session/end/codes-differ", test_codes_differ);
  g_test_add_func ("/net/session/end/verification", test_lost_in_verification);
  g_test_add_data_func ("/net/session/end/mid-game-lost", GINT_TO_POINTER (FALSE), test_lost_mid_game);
  g_test_add_data_func ("/net/session/end/mid-game-left", GINT_TO_POINTER (TRUE), test_lost_mid_game);
  g_test_add_func ("/net/session/end/game-over", test_lost_after_game);
  g_test_add_func ("/net/session/end/new-game", test_new_game_leaves);
  g_test_add_func ("/net/session/hostile/out-of-turn", test_hostile_out_of_turn);
  g_test_add_func ("/net/session/hostile/before-confirming", test_hostile_before_confirming);
  g_test_add_data_func ("/net/session/hostile/taken-cell", GUINT_TO_POINTER (0), test_hostile_illegal);
  g_test_add_data_func ("/net/session/hostile/off-the-board", GUINT_TO_POINTER (40), test_hostile_illegal);
  g_test_add_func ("/net/session/hostile/ultimate-wrong-board", test_hostile_ultimate);
  g_test_add_func ("/net/session/hostile/win-and-goodbye", test_hostile_win_and_goodbye);
  g_test_add_func ("/net/session/hostile/move-after-end", test_hostile_move_after_end);
  g_test_add_func ("/net/session/end/unnamed-left", test_unnamed_left);
  g_test_add_func ("/net/session/hostile/version", test_hostile_version);
  g_test_add_func ("/net/session/unknown-game", test_unknown_game);
  g_test_add_func ("/net/session/misere", test_misere);
  g_test_add_func ("/net/session/hostile/twice", test_hostile_twice);
  g_test_add_func ("/net/session/hostile/repeated-sequence", test_hostile_repeated_sequence);
  g_test_add_data_func ("/net/session/hostile/name-line-separator", &line_separator, test_hostile_name);
  g_test_add_data_func ("/net/session/hostile/name-paragraph-separator", &paragraph_separator,
                        test_hostile_name);
  g_test_add_data_func ("/net/session/hostile/name-nul", &nul, test_hostile_name);

  return g_test_run ();
}
