/* session-helpers.c — waiting on whole network games in tests
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "session-helpers.h"

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

void
ttt_net_wait_session (TttNetSession      *session,
                      TttNetSessionState  state,
                      guint               guard_ms)
{
  StateWait wait = { session, state };

  ttt_net_wait (reached_state, &wait, guard_ms);
  if (ttt_net_session_get_state (session) != state)
    g_error ("Closed instead: %s", ttt_net_session_get_message (session));
}

typedef struct {
  TttGame *game;
  guint    n_moves;
} MovesWait;

static gboolean
has_moves (gpointer data)
{
  MovesWait *wait = data;

  return ttt_game_get_n_moves (wait->game) >= wait->n_moves ||
         ttt_game_get_state (wait->game) == TTT_GAME_STATE_OVER;
}

void
ttt_net_wait_moves (TttGame *game,
                    guint    n_moves,
                    guint    guard_ms)
{
  MovesWait wait = { game, n_moves };

  ttt_net_wait (has_moves, &wait, guard_ms);
}
