/* ttt-net-session.c — a whole game with someone on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The session listens to the game for the person here (their moves go out
 * from "move-played", the end of a game from "game-over") and to the
 * connection for the other side. It checks each message against its own
 * state and the game's before anything is changed; a message that does not
 * fit ends the session by ttt_net_session_fail(), which abandons a game in
 * progress (nothing counted) and closes the connection with a goodbye.
 *
 * The session is made, with its connection, in ttt-net-session-peer.c,
 * which takes what the other side says through it; this file is what
 * that one builds on, and calls nothing there.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-net-session-private.h"
#include "ttt-variants.h"

G_DEFINE_FINAL_TYPE (TttNetSession, ttt_net_session, G_TYPE_OBJECT)

enum {
  UNDO_ANSWERED,
  RESIGNED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

void
ttt_net_session_notify (TttNetSession *self,
                        guint          prop)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
}

void
ttt_net_session_emit_undo_answered (TttNetSession *self,
                                    gboolean       accepted)
{
  g_signal_emit (self, signals[UNDO_ANSWERED], 0, accepted);
}

void
ttt_net_session_emit_resigned (TttNetSession *self,
                               gboolean       by_peer)
{
  g_signal_emit (self, signals[RESIGNED], 0, by_peer);
}

/* The game on the board takes no move from the views while the network
 * game is being set up (it is not to go on against the old opponent) nor
 * while this side's undo request waits for an answer. */
void
ttt_net_session_update_hold (TttNetSession *self)
{
  gboolean hold = FALSE;

  switch (self->state)
    {
    case TTT_NET_SESSION_CONNECTING:
    case TTT_NET_SESSION_VERIFYING:
    case TTT_NET_SESSION_CONFIRMED:
      hold = self->setting_up;
      break;
    case TTT_NET_SESSION_PLAYING:
      hold = self->undo_asked;
      break;
    case TTT_NET_SESSION_GAME_OVER:
    case TTT_NET_SESSION_CLOSED:
    default:
      break;
    }

  if (self->game == NULL || !self->holding == !hold)
    return;
  self->holding = hold;
  ttt_game_set_held (self->game, hold);
}

void
ttt_net_session_set_flag (TttNetSession *self,
                          guint          prop,
                          gboolean       value)
{
  gboolean old;

  switch (prop)
    {
    case PROP_PEER_CONFIRMED:
      old = self->peer_confirmed;
      self->peer_confirmed = value;
      break;
    case PROP_UNDO_ASKED:
      old = self->undo_asked;
      self->undo_asked = value;
      break;
    case PROP_UNDO_REQUESTED:
      old = self->undo_requested;
      self->undo_requested = value;
      break;
    case PROP_REMATCH_OFFERED:
      old = self->rematch_offered;
      self->rematch_offered = value;
      break;
    case PROP_REMATCH_ASKED:
      old = self->rematch_asked;
      self->rematch_asked = value;
      break;
    default:
      g_return_if_reached ();
    }
  if (!old != !value)
    {
      ttt_net_session_update_hold (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
    }
}

void
ttt_net_session_set_state (TttNetSession      *self,
                           TttNetSessionState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  ttt_net_session_update_hold (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

TttMark
ttt_net_session_remote_mark (TttNetSession *self)
{
  return self->local_mark == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
}

/* The other side in a sentence: its name quoted, so that it cannot pass
 * for the sentence's own words. */
const char *
ttt_net_session_peer_quoted (TttNetSession *self)
{
  /* Translators: how a message names the other person before their
   * name is known. */
  return self->peer_quoted != NULL ? self->peer_quoted : _("the other side");
}

/* The same at the start of a sentence: "The other side left the game." */
const char *
ttt_net_session_peer_subject (TttNetSession *self)
{
  /* Translators: how a message begins when it names the other person
   * before their name is known, as in "The other side left the game." */
  return self->peer_quoted != NULL ? self->peer_quoted : _("The other side");
}

/* Whether the game holds the session's own game, not one begun since. */
gboolean
ttt_net_session_game_is_ours (TttNetSession *self)
{
  return self->remote != NULL &&
         (ttt_table_get_player (ttt_game_get_table (self->game), TTT_MARK_X) == self->remote ||
          ttt_table_get_player (ttt_game_get_table (self->game), TTT_MARK_O) == self->remote);
}

static void
clear_requests (TttNetSession *self)
{
  ttt_net_session_set_flag (self, PROP_UNDO_ASKED, FALSE);
  ttt_net_session_set_flag (self, PROP_UNDO_REQUESTED, FALSE);
  ttt_net_session_set_flag (self, PROP_REMATCH_OFFERED, FALSE);
  ttt_net_session_set_flag (self, PROP_REMATCH_ASKED, FALSE);
}

/* Ends the session: a game in progress is abandoned (nothing counted),
 * the connection says goodbye. */
void
ttt_net_session_finish (TttNetSession    *self,
                        TttNetSessionEnd  end,
                        char             *message)
{
  if (self->state == TTT_NET_SESSION_CLOSED)
    {
      g_free (message);
      return;
    }

  /* A handler of the news may drop the session. */
  g_object_ref (self);
  self->end = end;
  g_free (self->message);
  self->message = message;
  if (self->state == TTT_NET_SESSION_PLAYING && ttt_net_session_game_is_ours (self))
    ttt_game_abandon (self->game);
  clear_requests (self);
  ttt_net_session_set_state (self, TTT_NET_SESSION_CLOSED);
  ttt_connection_close (self->connection);
  g_object_unref (self);
}

/* The other side broke the rules: @format names them with its %s. */
void
ttt_net_session_fail (TttNetSession *self,
                      const char    *format,
                      ...)
{
  va_list args;
  char *message;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  ttt_net_session_finish (self, TTT_NET_SESSION_END_RULES, message);
}

void
ttt_net_session_send (TttNetSession *self,
                      TttMessage    *message)
{
  g_autoptr(TttMessage) owned = message;

  /* A connection that has just closed tells the session itself. */
  ttt_connection_send (self->connection, owned, NULL);
}

void
ttt_net_session_start_game (TttNetSession *self,
                            TttMark        local_mark)
{
  self->local_mark = local_mark;
  clear_requests (self);
  ttt_net_session_set_state (self, TTT_NET_SESSION_PLAYING);
  self->starting = TRUE;
  ttt_game_start_remote (self->game, self->remote, self->variant, local_mark);
  self->starting = FALSE;
}

/* From the game */

static void
move_played_cb (TttGame   *game,
                int        cell,
                TttMark    mark,
                TttPlayer *player,
                gpointer   user_data)
{
  TttNetSession *self = user_data;

  if (self->state != TTT_NET_SESSION_PLAYING || !ttt_net_session_game_is_ours (self) ||
      !ttt_player_is_local (player))
    return;
  ttt_net_session_send (self, ttt_message_new_move ((guint) cell));
}

static void
game_over_cb (TttGame    *game,
              TttOutcome  outcome,
              guint       winning_cells,
              gpointer    user_data)
{
  TttNetSession *self = user_data;

  if (self->state != TTT_NET_SESSION_PLAYING || !ttt_net_session_game_is_ours (self))
    return;
  /* A move held for the game's request is stale now. */
  ttt_remote_player_reset (TTT_REMOTE_PLAYER (self->remote));
  clear_requests (self);
  ttt_net_session_set_state (self, TTT_NET_SESSION_GAME_OVER);
}

static void
game_started_cb (TttGame  *game,
                 gpointer  user_data)
{
  TttNetSession *self = user_data;

  /* The person here began another game: this one is left. */
  if (self->starting || self->state == TTT_NET_SESSION_CLOSED || ttt_net_session_game_is_ours (self))
    return;
  if (self->state == TTT_NET_SESSION_PLAYING || self->state == TTT_NET_SESSION_GAME_OVER)
    ttt_net_session_leave (self);
}

void
ttt_net_session_follow_game (TttNetSession *self)
{
  g_signal_connect (self->game, "move-played", G_CALLBACK (move_played_cb), self);
  g_signal_connect (self->game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (self->game, "game-started", G_CALLBACK (game_started_cb), self);
}

/* GObject */

static void
ttt_net_session_dispose (GObject *object)
{
  TttNetSession *self = TTT_NET_SESSION (object);

  if (self->game != NULL)
    {
      if (self->holding)
        ttt_game_set_held (self->game, FALSE);
      self->holding = FALSE;
      g_signal_handlers_disconnect_by_data (self->game, self);
      if (self->state == TTT_NET_SESSION_PLAYING && ttt_net_session_game_is_ours (self))
        ttt_game_abandon (self->game);
    }
  if (self->connection != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->connection, self);
      ttt_connection_close (self->connection);
    }
  if (self->remote != NULL)
    g_signal_handlers_disconnect_by_data (self->remote, self);
  g_clear_object (&self->game);
  g_clear_object (&self->connection);
  g_clear_object (&self->remote);

  G_OBJECT_CLASS (ttt_net_session_parent_class)->dispose (object);
}

static void
ttt_net_session_finalize (GObject *object)
{
  TttNetSession *self = TTT_NET_SESSION (object);

  g_free (self->peer_name);
  g_free (self->peer_quoted);
  g_free (self->message);

  G_OBJECT_CLASS (ttt_net_session_parent_class)->finalize (object);
}

static void
ttt_net_session_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  TttNetSession *self = TTT_NET_SESSION (object);

  switch (prop_id)
    {
    case PROP_STATE:
      g_value_set_int (value, self->state);
      break;
    case PROP_PEER_NAME:
      g_value_set_string (value, self->peer_name);
      break;
    case PROP_CODE:
      g_value_set_string (value, ttt_net_session_get_code (self));
      break;
    case PROP_PEER_CONFIRMED:
      g_value_set_boolean (value, self->peer_confirmed);
      break;
    case PROP_UNDO_ASKED:
      g_value_set_boolean (value, self->undo_asked);
      break;
    case PROP_UNDO_REQUESTED:
      g_value_set_boolean (value, self->undo_requested);
      break;
    case PROP_REMATCH_OFFERED:
      g_value_set_boolean (value, self->rematch_offered);
      break;
    case PROP_REMATCH_ASKED:
      g_value_set_boolean (value, self->rematch_asked);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_net_session_class_init (TttNetSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  const GParamFlags flags = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ttt_net_session_dispose;
  object_class->finalize = ttt_net_session_finalize;
  object_class->get_property = ttt_net_session_get_property;

  /* A TttNetSessionState. */
  properties[PROP_STATE] =
    g_param_spec_int ("state", NULL, NULL,
                      TTT_NET_SESSION_CONNECTING, TTT_NET_SESSION_CLOSED, TTT_NET_SESSION_CONNECTING,
                      flags);
  properties[PROP_PEER_NAME] = g_param_spec_string ("peer-name", NULL, NULL, NULL, flags);
  properties[PROP_CODE] = g_param_spec_string ("code", NULL, NULL, NULL, flags);
  properties[PROP_PEER_CONFIRMED] = g_param_spec_boolean ("peer-confirmed", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_ASKED] = g_param_spec_boolean ("undo-asked", NULL, NULL, FALSE, flags);
  properties[PROP_UNDO_REQUESTED] = g_param_spec_boolean ("undo-requested", NULL, NULL, FALSE, flags);
  properties[PROP_REMATCH_OFFERED] = g_param_spec_boolean ("rematch-offered", NULL, NULL, FALSE, flags);
  properties[PROP_REMATCH_ASKED] = g_param_spec_boolean ("rematch-asked", NULL, NULL, FALSE, flags);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /* The other side answered the undo asked here: (gboolean accepted);
   * granted, the moves are already taken back. */
  signals[UNDO_ANSWERED] =
    g_signal_new ("undo-answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
  /* A game ended by a resignation, here or there (the board alone does
   * not say so): before the game's "game-over". */
  signals[RESIGNED] =
    g_signal_new ("resigned", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_BOOLEAN);
}

static void
ttt_net_session_init (TttNetSession *self)
{
  self->local_mark = TTT_MARK_X;
}

/* API */

TttConnection *
ttt_net_session_get_connection (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), NULL);

  return self->connection;
}

TttGame *
ttt_net_session_get_game (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), NULL);

  return self->game;
}

void
ttt_net_session_confirm (TttNetSession *self,
                         gboolean       same)
{
  g_return_if_fail (TTT_IS_NET_SESSION (self));

  if (self->state != TTT_NET_SESSION_VERIFYING)
    return;

  if (!same)
    {
      ttt_net_session_finish (self, TTT_NET_SESSION_END_CODES_DIFFER,
                              g_strdup (_("The codes differ, so the connection was closed: the other computer may not be the one you meant. Nothing was played.")));
      return;
    }

  ttt_net_session_send (self, ttt_message_new (TTT_MESSAGE_CODE_CONFIRMED));
  if (self->state == TTT_NET_SESSION_CLOSED)
    return;
  ttt_net_session_set_state (self, TTT_NET_SESSION_CONFIRMED);
  if (self->peer_confirmed)
    ttt_net_session_start_game (self, self->local_mark);
}

gboolean
ttt_net_session_resign (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (self->state != TTT_NET_SESSION_PLAYING || !ttt_net_session_game_is_ours (self))
    return FALSE;

  ttt_net_session_send (self, ttt_message_new (TTT_MESSAGE_RESIGN));
  ttt_net_session_emit_resigned (self, FALSE);
  return ttt_game_resign (self->game, self->local_mark);
}

gboolean
ttt_net_session_offer_rematch (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (self->state != TTT_NET_SESSION_GAME_OVER || self->rematch_asked)
    return FALSE;

  if (self->rematch_offered)
    {
      ttt_net_session_send (self, ttt_message_new (TTT_MESSAGE_REMATCH_ACCEPT));
      if (self->state == TTT_NET_SESSION_GAME_OVER)
        ttt_net_session_start_game (self, ttt_net_session_remote_mark (self));
      return TRUE;
    }

  ttt_net_session_send (self, ttt_message_new (TTT_MESSAGE_REMATCH_OFFER));
  ttt_net_session_set_flag (self, PROP_REMATCH_ASKED, TRUE);
  return TRUE;
}

gboolean
ttt_net_session_request_undo (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (self->state != TTT_NET_SESSION_PLAYING || self->undo_asked ||
      !ttt_net_session_game_is_ours (self) || !ttt_game_get_can_undo (self->game))
    return FALSE;

  ttt_net_session_send (self, ttt_message_new (TTT_MESSAGE_UNDO_REQUEST));
  ttt_net_session_set_flag (self, PROP_UNDO_ASKED, TRUE);
  return TRUE;
}

gboolean
ttt_net_session_answer_undo (TttNetSession *self,
                             gboolean       accept)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (!self->undo_requested)
    return FALSE;

  ttt_net_session_set_flag (self, PROP_UNDO_REQUESTED, FALSE);
  ttt_net_session_send (self, ttt_message_new_undo_answer (accept));
  if (accept && self->state == TTT_NET_SESSION_PLAYING && ttt_net_session_game_is_ours (self))
    {
      ttt_remote_player_reset (TTT_REMOTE_PLAYER (self->remote));
      ttt_game_take_back (self->game, ttt_net_session_remote_mark (self));
    }
  return TRUE;
}

void
ttt_net_session_leave (TttNetSession *self)
{
  g_return_if_fail (TTT_IS_NET_SESSION (self));

  ttt_net_session_finish (self, TTT_NET_SESSION_END_LEFT, g_strdup (_("You left the game.")));
}

TttNetSessionState
ttt_net_session_get_state (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), TTT_NET_SESSION_CLOSED);

  return self->state;
}

TttNetSessionEnd
ttt_net_session_get_end (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), TTT_NET_SESSION_END_NONE);

  return self->end;
}

const char *
ttt_net_session_get_message (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), NULL);

  return self->message;
}

const char *
ttt_net_session_get_peer_name (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), NULL);

  return self->peer_name;
}

const char *
ttt_net_session_get_code (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), NULL);

  return ttt_connection_get_verification_code (self->connection);
}

/* The game played: the host's, as a guest learns it from its hello. */
TttVariant
ttt_net_session_get_variant (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), TTT_VARIANT_CLASSIC);

  return self->variant;
}

TttMark
ttt_net_session_get_local_mark (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), TTT_MARK_NONE);

  return self->local_mark;
}

gboolean
ttt_net_session_get_peer_confirmed (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  return self->peer_confirmed;
}

gboolean
ttt_net_session_get_undo_asked (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  return self->undo_asked;
}

gboolean
ttt_net_session_get_undo_requested (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  return self->undo_requested;
}

gboolean
ttt_net_session_get_rematch_offered (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  return self->rematch_offered;
}

gboolean
ttt_net_session_get_rematch_asked (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  return self->rematch_asked;
}
