/* ttt-discovered-game.c — a game someone publishes nearby
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "ttt-discovered-game.h"

G_DEFINE_BOXED_TYPE (TttDiscoveredGame, ttt_discovered_game,
                     ttt_discovered_game_copy, ttt_discovered_game_free)

TttDiscoveredGame *
ttt_discovered_game_copy (const TttDiscoveredGame *game)
{
  TttDiscoveredGame *copy;

  g_return_val_if_fail (game != NULL, NULL);

  copy = g_memdup2 (game, sizeof *game);
  copy->service_name = g_strdup (game->service_name);
  copy->player_name = g_strdup (game->player_name);
  copy->game = g_strdup (game->game);
  copy->host_name = g_strdup (game->host_name);
  copy->address = g_strdup (game->address);
  copy->domain = g_strdup (game->domain);
  return copy;
}

void
ttt_discovered_game_free (TttDiscoveredGame *game)
{
  if (game == NULL)
    return;
  g_free (game->service_name);
  g_free (game->player_name);
  g_free (game->game);
  g_free (game->host_name);
  g_free (game->address);
  g_free (game->domain);
  g_free (game);
}

char *
ttt_discovered_game_to_address (const TttDiscoveredGame *game)
{
  g_return_val_if_fail (game != NULL && game->address != NULL, NULL);

  if (strchr (game->address, ':') != NULL)
    return g_strdup_printf ("[%s]:%u", game->address, game->port);
  return g_strdup_printf ("%s:%u", game->address, game->port);
}
