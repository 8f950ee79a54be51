/* net-avahi-peer.c — one side of the real-Avahi test, in its namespace
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 *   net-avahi-peer host NAME   listens on every address at a free port,
 *                              publishes the game through Avahi on the
 *                              system bus, prints "published NAME PORT",
 *                              then "code CODE" once a guest is verified,
 *                              and exits when the guest leaves.
 *   net-avahi-peer join NAME   browses until it finds NAME's game, prints
 *                              "found NAME ADDRESS", connects to it,
 *                              prints "code CODE" once verified.
 *
 * Both then stay until the connection ends (the test ends them once it has
 * compared the codes); status 0 if the code was reached, 1 with the reason
 * on stderr if not. test-net-avahi.sh runs the two in two network
 * namespaces.
 */

#include <stdio.h>
#include <stdlib.h>

#include "ttt-connection.h"
#include "ttt-discovery.h"

typedef struct {
  GMainLoop     *loop;
  TttDiscovery  *discovery;
  TttConnection *connection;
  const char    *name;
  int            status;
} Peer;

static void
quit (Peer       *peer,
      int         status,
      const char *message)
{
  if (message != NULL)
    fprintf (stderr, "net-avahi-peer: %s\n", message);
  peer->status = status;
  g_main_loop_quit (peer->loop);
}

static void
unavailable_cb (TttDiscovery *discovery,
                const GError *error,
                gpointer      user_data)
{
  quit (user_data, 1, error->message);
}

static void
published_cb (TttDiscovery *discovery,
              const char   *name,
              gpointer      user_data)
{
  Peer *peer = user_data;

  printf ("published %s %u\n", name, ttt_connection_get_port (peer->connection));
  fflush (stdout);
}

static void
ready_cb (TttConnection *connection,
          const char    *code,
          gpointer       user_data)
{
  printf ("code %s\n", code);
  fflush (stdout);
}

static void
closed_cb (TttConnection *connection,
           const GError  *reason,
           gpointer       user_data)
{
  Peer *peer = user_data;
  gboolean expected = ttt_connection_get_verification_code (connection) != NULL;

  quit (peer, expected ? 0 : 1, expected ? NULL : reason->message);
}

static void
found_cb (TttDiscovery            *discovery,
          const TttDiscoveredGame *game,
          gpointer                 user_data)
{
  Peer *peer = user_data;
  g_autofree char *address = NULL;
  g_autoptr(GError) error = NULL;

  if (peer->connection != NULL || g_strcmp0 (game->player_name, peer->name) != 0)
    return;
  address = ttt_discovered_game_to_address (game);
  printf ("found %s %s\n", game->player_name, address);
  fflush (stdout);
  {
    g_autoptr(TttMessage) hello = ttt_message_new_hello ("0.2.0", "Guest", "classic", TTT_NET_X_HOST);

    peer->connection = ttt_connection_new (TTT_CONNECTION_ROLE_GUEST, hello);
  }
  g_signal_connect (peer->connection, "verification-ready", G_CALLBACK (ready_cb), peer);
  g_signal_connect (peer->connection, "closed", G_CALLBACK (closed_cb), peer);
  if (!ttt_connection_connect (peer->connection, address, &error))
    quit (peer, 1, error->message);
}

int
main (int   argc,
      char *argv[])
{
  Peer peer = { 0 };
  g_autoptr(GError) error = NULL;

  if (argc != 3 || (g_strcmp0 (argv[1], "host") != 0 && g_strcmp0 (argv[1], "join") != 0))
    {
      fprintf (stderr, "usage: %s host|join NAME\n", argv[0]);
      return 2;
    }
  peer.name = argv[2];
  peer.loop = g_main_loop_new (NULL, FALSE);
  peer.discovery = ttt_discovery_new (NULL);
  g_signal_connect (peer.discovery, "unavailable", G_CALLBACK (unavailable_cb), &peer);

  if (g_str_equal (argv[1], "host"))
    {
      g_autoptr(TttMessage) hello = ttt_message_new_hello ("0.2.0", peer.name, "classic", TTT_NET_X_HOST);

      peer.connection = ttt_connection_new (TTT_CONNECTION_ROLE_HOST, hello);
      g_signal_connect (peer.connection, "verification-ready", G_CALLBACK (ready_cb), &peer);
      g_signal_connect (peer.connection, "closed", G_CALLBACK (closed_cb), &peer);
      if (!ttt_connection_listen (peer.connection, NULL, 0, &error))
        {
          fprintf (stderr, "net-avahi-peer: %s\n", error->message);
          return 1;
        }
      g_signal_connect (peer.discovery, "published", G_CALLBACK (published_cb), &peer);
      ttt_discovery_publish (peer.discovery, peer.name, "classic",
                             ttt_connection_get_port (peer.connection));
    }
  else
    {
      g_signal_connect (peer.discovery, "game-found", G_CALLBACK (found_cb), &peer);
      ttt_discovery_browse (peer.discovery);
    }

  g_main_loop_run (peer.loop);

  if (peer.connection != NULL)
    g_signal_handlers_disconnect_by_data (peer.connection, &peer);
  g_clear_object (&peer.connection);
  g_signal_handlers_disconnect_by_data (peer.discovery, &peer);
  g_clear_object (&peer.discovery);
  g_main_loop_unref (peer.loop);
  return peer.status;
}
