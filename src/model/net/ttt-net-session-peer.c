/* ttt-net-session-peer.c — a TttNetSession made, and what its other side says
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session is made here with its connection, and opened over a
 * transport: TCP and TLS for ttt_net_session_host() and _join(), any
 * other through ttt_net_session_open(); nothing else here or in
 * ttt-net-session.c knows which. This file builds on ttt-net-session.c
 * (the state, and the person here), which calls nothing here, so the
 * dependency goes one way.
 *
 * The connection speaks for the other side: its hello (who it is, and on
 * a guest which game and which mark), each message, and the end. Every
 * message is checked against the session's state and the game's before
 * anything is changed; one that does not fit ends the session by
 * ttt_net_session_fail(). An end that comes right behind a move waits
 * until the move has reached the game.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-net-session-private.h"
#include "ttt-variants.h"

static void
move_refused_cb (TttRemotePlayer *player,
                 const GError    *error,
                 gpointer         user_data)
{
  TttNetSession *self = TTT_NET_SESSION (user_data);

  ttt_net_session_fail (self, _("%s played a move the rules do not allow, so the game has ended."),
                        ttt_net_session_peer_subject (self));
}

static void
verification_ready_cb (TttConnection *connection,
                       const char    *code,
                       gpointer       user_data)
{
  TttNetSession *self = user_data;
  const TttMessage *hello = ttt_connection_get_peer_hello (connection);

  /* The parser has checked the name: one line, nothing that rearranges
   * the text it is shown in. */
  g_free (self->peer_name);
  self->peer_name = g_strdup (hello->name);
  g_free (self->peer_quoted);
  self->peer_quoted = ttt_protocol_quote_name (hello->name);
  /* The main window names the other side by its player. */
  self->remote = ttt_remote_player_new (self->peer_quoted);
  g_signal_connect (self->remote, "move-refused", G_CALLBACK (move_refused_cb), self);
  ttt_net_session_notify (self, PROP_PEER_NAME);
  ttt_net_session_notify (self, PROP_CODE);

  /* The host's hello says who plays X and which game; a guest plays by
   * it (the host's own were set with its hello). The parser has checked
   * that the game is named as a game is; whether this version knows it,
   * the registry says. */
  if (ttt_connection_get_role (connection) == TTT_CONNECTION_ROLE_GUEST)
    {
      const TttVariantInfo *info = ttt_variants_lookup (hello->game);

      if (info == NULL)
        {
          ttt_net_session_finish (self, TTT_NET_SESSION_END_FAILED,
                                  /* Translators: %s is the other person's name, in quotation marks. */
                                  g_strdup_printf (_("%s plays a game this version does not know. "
                                                     "A newer version of Tic-Tac-Toe may play it."),
                                                   self->peer_quoted));
          return;
        }
      self->variant = info->variant;
      self->local_mark = hello->x_player == TTT_NET_X_GUEST ? TTT_MARK_X : TTT_MARK_O;
    }

  ttt_net_session_set_state (self, TTT_NET_SESSION_VERIFYING);

  /* No code to compare: the transport authenticated the other side
   * already (the code typed to connect was the key), so there is nothing
   * for the person here to confirm. */
  if (code == NULL)
    ttt_net_session_confirm (self, TRUE);
}

static void
receive_move (TttNetSession    *self,
              const TttMessage *message)
{
  g_autoptr(GError) error = NULL;

  /* The game has ended here already (the other side had not yet heard
   * of it when it moved): the move changes nothing, and nothing is said
   * of a rule broken in a game that is over. */
  if (self->state == TTT_NET_SESSION_GAME_OVER ||
      (self->state == TTT_NET_SESSION_PLAYING && ttt_net_session_game_is_ours (self) &&
       ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER))
    {
      g_debug ("A move after the end of the game, ignored");
      return;
    }

  /* Before the person here confirmed the code no game has begun: the
   * other side cannot have had its turn (it begins on our confirmation). */
  if (self->state != TTT_NET_SESSION_PLAYING || !ttt_net_session_game_is_ours (self) ||
      ttt_game_get_state (self->game) != TTT_GAME_STATE_WAITING ||
      ttt_game_get_turn (self->game) != ttt_net_session_remote_mark (self))
    {
      /* Translators: %s is the other person's name. */
      ttt_net_session_fail (self, _("%s moved out of turn, so the game has ended."), ttt_net_session_peer_subject (self));
      return;
    }

  if (!ttt_remote_player_deliver (TTT_REMOTE_PLAYER (self->remote), message->cell, &error))
    ttt_net_session_fail (self, _("%s played a move the rules do not allow, so the game has ended."), ttt_net_session_peer_subject (self));
}

static void
receive_undo_request (TttNetSession *self)
{
  /* Only a game in progress where the other side has a move to take back;
   * any other request is simply refused. */
  if (self->state != TTT_NET_SESSION_PLAYING || self->undo_requested ||
      !ttt_net_session_game_is_ours (self) || ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
    {
      ttt_net_session_send (self, ttt_message_new_undo_answer (FALSE));
      return;
    }
  {
    guint n_moves;
    const int *moves G_GNUC_UNUSED = ttt_match_get_moves (ttt_game_get_match (self->game), &n_moves);
    gboolean has_move = ttt_net_session_remote_mark (self) == TTT_MARK_X ? n_moves >= 1 : n_moves >= 2;

    if (!has_move)
      {
        ttt_net_session_send (self, ttt_message_new_undo_answer (FALSE));
        return;
      }
  }
  ttt_net_session_set_flag (self, PROP_UNDO_REQUESTED, TRUE);
}

static void
receive_undo_answer (TttNetSession    *self,
                     const TttMessage *message)
{
  if (!self->undo_asked)
    {
      ttt_net_session_fail (self, _("%s answered a question nobody asked, so the game has ended."), ttt_net_session_peer_subject (self));
      return;
    }
  ttt_net_session_set_flag (self, PROP_UNDO_ASKED, FALSE);
  if (message->accepted && self->state == TTT_NET_SESSION_PLAYING && ttt_net_session_game_is_ours (self))
    {
      ttt_remote_player_reset (TTT_REMOTE_PLAYER (self->remote));
      ttt_game_take_back (self->game, self->local_mark);
    }
  ttt_net_session_emit_undo_answered (self, message->accepted);
}

static void
message_received_cb (TttConnection    *connection,
                     const TttMessage *message,
                     gpointer          user_data)
{
  TttNetSession *self = user_data;

  if (self->state == TTT_NET_SESSION_CLOSED)
    return;

  /* A handler of the news may drop the session. */
  g_object_ref (self);
  switch (message->type)
    {
    case TTT_MESSAGE_CODE_CONFIRMED:
      if ((self->state != TTT_NET_SESSION_VERIFYING && self->state != TTT_NET_SESSION_CONFIRMED)
          || self->peer_confirmed)
        {
          ttt_net_session_fail (self, _("%s confirmed the code out of place, so the game has ended."), ttt_net_session_peer_subject (self));
          break;
        }
      ttt_net_session_set_flag (self, PROP_PEER_CONFIRMED, TRUE);
      if (self->state == TTT_NET_SESSION_CONFIRMED)
        ttt_net_session_start_game (self, self->local_mark);
      break;

    case TTT_MESSAGE_MOVE:
      receive_move (self, message);
      break;

    case TTT_MESSAGE_RESIGN:
      if (self->state == TTT_NET_SESSION_PLAYING && ttt_net_session_game_is_ours (self))
        {
          ttt_net_session_emit_resigned (self, TRUE);
          ttt_game_resign (self->game, ttt_net_session_remote_mark (self));
        }
      else if (self->state != TTT_NET_SESSION_GAME_OVER)
        ttt_net_session_fail (self, _("%s resigned a game that was not being played, so the game has ended."), ttt_net_session_peer_subject (self));
      break;

    case TTT_MESSAGE_REMATCH_OFFER:
      if (self->state != TTT_NET_SESSION_GAME_OVER)
        ttt_net_session_fail (self, _("%s offered a rematch during the game, so the game has ended."), ttt_net_session_peer_subject (self));
      else if (self->rematch_asked)
        /* Both offered at once: each side starts the rematch. */
        ttt_net_session_start_game (self, ttt_net_session_remote_mark (self));
      else
        ttt_net_session_set_flag (self, PROP_REMATCH_OFFERED, TRUE);
      break;

    case TTT_MESSAGE_REMATCH_ACCEPT:
      if (self->state != TTT_NET_SESSION_GAME_OVER || !self->rematch_asked)
        ttt_net_session_fail (self, _("%s accepted a rematch nobody offered, so the game has ended."), ttt_net_session_peer_subject (self));
      else
        ttt_net_session_start_game (self, ttt_net_session_remote_mark (self));
      break;

    case TTT_MESSAGE_UNDO_REQUEST:
      receive_undo_request (self);
      break;

    case TTT_MESSAGE_UNDO_ANSWER:
      receive_undo_answer (self, message);
      break;

    case TTT_MESSAGE_HELLO:
    case TTT_MESSAGE_KEEP_ALIVE:
    case TTT_MESSAGE_GOODBYE:
    case TTT_N_MESSAGE_TYPES:
    default:
      /* The connection keeps these for itself. */
      break;
    }
  g_object_unref (self);
}

static void handle_close (TttNetSession *self,
                          const GError  *reason);

typedef struct {
  TttNetSession *self;
  GError        *reason;
  gint64         deadline;
} LateClose;

static void
late_close_free (LateClose *late)
{
  g_object_unref (late->self);
  g_error_free (late->reason);
  g_free (late);
}

/* The move that came before the goodbye has reached the game now. */
static gboolean
late_close_cb (gpointer data)
{
  LateClose *late = data;

  /* A game that no longer asks (it was left meanwhile) is not waited
   * for long. */
  if (late->self->remote != NULL && g_get_monotonic_time () < late->deadline &&
      ttt_remote_player_is_answering (TTT_REMOTE_PLAYER (late->self->remote)))
    return G_SOURCE_CONTINUE;
  handle_close (late->self, late->reason);
  return G_SOURCE_REMOVE;
}

static void
closed_cb (TttConnection *connection,
           const GError  *reason,
           gpointer       user_data)
{
  TttNetSession *self = user_data;

  /* Whatever came before the end takes effect before it: a move the
   * other side sent with its goodbye is still on its way to the game
   * (it is taken on the next turn of the main loop). */
  if (self->state != TTT_NET_SESSION_CLOSED && self->remote != NULL &&
      ttt_remote_player_is_answering (TTT_REMOTE_PLAYER (self->remote)))
    {
      LateClose *late = g_new0 (LateClose, 1);

      late->self = g_object_ref (self);
      late->reason = g_error_copy (reason);
      late->deadline = g_get_monotonic_time () + G_USEC_PER_SEC;
      g_idle_add_full (G_PRIORITY_LOW, late_close_cb, late, (GDestroyNotify) late_close_free);
      return;
    }
  handle_close (self, reason);
}

static void
handle_close (TttNetSession *self,
              const GError  *reason)
{
  TttNetSessionEnd end;
  char *message;

  if (self->state == TTT_NET_SESSION_CLOSED)
    return;

  switch (reason->code)
    {
    case TTT_CONNECTION_ERROR_CLOSED:
      end = TTT_NET_SESSION_END_LEFT;
      message = g_strdup (_("You left the game."));
      break;
    case TTT_CONNECTION_ERROR_PEER_LEFT:
      end = TTT_NET_SESSION_END_PEER_LEFT;
      /* Before the first game the other person leaves by saying the
       * codes differ (or by closing): the code is what they were
       * looking at, and the protocol has no word of its own for it. */
      if (self->state == TTT_NET_SESSION_VERIFYING || self->state == TTT_NET_SESSION_CONFIRMED)
        {
          /* Translators: %s is the other person's name, quoted. */
          message = g_strdup_printf (_("%s did not confirm the code: the codes may differ, so the connection was closed. Nothing was played."),
                                     ttt_net_session_peer_subject (self));
          break;
        }
      /* Translators: %s is the other person's name, quoted. */
      message = g_strdup_printf (_("%s left the game."), ttt_net_session_peer_subject (self));
      break;
    case TTT_CONNECTION_ERROR_LOST:
    case TTT_CONNECTION_ERROR_TIMED_OUT:
      if (self->state != TTT_NET_SESSION_CONNECTING)
        {
          end = TTT_NET_SESSION_END_LOST;
          /* Translators: %s is the other person's name. */
          message = g_strdup_printf (_("Connection to %s lost"), ttt_net_session_peer_quoted (self));
          break;
        }
      G_GNUC_FALLTHROUGH;
    default:
      end = self->state == TTT_NET_SESSION_CONNECTING ? TTT_NET_SESSION_END_FAILED
                                                      : TTT_NET_SESSION_END_RULES;
      message = g_strdup (reason->message);
      break;
    }
  ttt_net_session_finish (self, end, message);
}

/* Follows the connection's "verification-ready", "message-received" and
 * "closed". */
static void
follow_connection (TttNetSession *self)
{
  g_signal_connect (self->connection, "verification-ready", G_CALLBACK (verification_ready_cb), self);
  g_signal_connect (self->connection, "message-received", G_CALLBACK (message_received_cb), self);
  g_signal_connect (self->connection, "closed", G_CALLBACK (closed_cb), self);
}

/* API */

TttNetSession *
ttt_net_session_new (TttGame           *game,
                     TttConnectionRole  role,
                     const char        *name,
                     TttVariant         variant,
                     TttNetFirst        first)
{
  g_autoptr(TttMessage) hello = NULL;
  g_autofree char *clean = NULL;
  TttNetSession *self;

  g_return_val_if_fail (TTT_IS_GAME (game), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail ((guint) variant < ttt_variants_get_n (), NULL);

  self = g_object_new (TTT_TYPE_NET_SESSION, NULL);
  self->game = g_object_ref (game);
  self->variant = variant;
  /* A name the other side's parser takes, whatever was typed; the game by
   * its id in the registry. */
  clean = ttt_protocol_sanitize_name (name);
  hello = ttt_message_new_hello (PACKAGE_VERSION, clean, ttt_variants_get (variant)->id, first);
  self->connection = ttt_connection_new (role, hello);
  if (role == TTT_CONNECTION_ROLE_HOST)
    self->local_mark = first == TTT_NET_X_HOST ? TTT_MARK_X : TTT_MARK_O;

  follow_connection (self);
  ttt_net_session_follow_game (self);

  return self;
}

gboolean
ttt_net_session_host (TttNetSession  *self,
                      const char     *address,
                      guint           port,
                      GError        **error)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (self->state == TTT_NET_SESSION_CONNECTING, FALSE);

  if (!ttt_connection_listen (self->connection, address, port, error))
    return FALSE;
  self->setting_up = TRUE;
  ttt_net_session_update_hold (self);

  return TRUE;
}

gboolean
ttt_net_session_join (TttNetSession  *self,
                      const char     *address,
                      GError        **error)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);
  g_return_val_if_fail (self->state == TTT_NET_SESSION_CONNECTING, FALSE);

  if (!ttt_connection_connect (self->connection, address, error))
    return FALSE;
  self->setting_up = TRUE;
  ttt_net_session_update_hold (self);

  return TRUE;
}

void
ttt_net_session_open (TttNetSession *self,
                      TttTransport  *transport)
{
  g_return_if_fail (TTT_IS_NET_SESSION (self));
  g_return_if_fail (TTT_IS_TRANSPORT (transport));
  g_return_if_fail (self->state == TTT_NET_SESSION_CONNECTING);

  ttt_connection_open (self->connection, transport);
  self->setting_up = TRUE;
  ttt_net_session_update_hold (self);
}
