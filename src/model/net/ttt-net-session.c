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
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-net-session.h"
#include "ttt-remote-player.h"
#include "ttt-variants.h"

struct _TttNetSession
{
  GObject              parent_instance;

  TttGame             *game;
  TttConnection       *connection;
  TttPlayer           *remote;       /* once the other side's hello came */
  char                *peer_name;
  char                *peer_quoted;  /* as sentences show it: “Ana” */

  TttNetSessionState   state;
  TttNetSessionEnd     end;
  char                *message;
  TttMark              local_mark;
  /* The host's choice, told by its hello. */
  TttVariant           variant;

  guint                peer_confirmed : 1;
  guint                undo_asked : 1;
  guint                undo_requested : 1;
  guint                rematch_offered : 1;
  guint                rematch_asked : 1;
  /* Set while the session itself starts a game, so that "game-started"
   * is not taken for the person beginning another one. */
  guint                starting : 1;
  /* Hosting or joining has begun: the game is held until it starts. */
  guint                setting_up : 1;
  guint                holding : 1;
};

G_DEFINE_FINAL_TYPE (TttNetSession, ttt_net_session, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_PEER_NAME,
  PROP_CODE,
  PROP_PEER_CONFIRMED,
  PROP_UNDO_ASKED,
  PROP_UNDO_REQUESTED,
  PROP_REMATCH_OFFERED,
  PROP_REMATCH_ASKED,
  N_PROPS
};

enum {
  UNDO_ANSWERED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The game on the board takes no move from the views while the network
 * game is being set up (it is not to go on against the old opponent) nor
 * while this side's undo request waits for an answer. */
static void
update_hold (TttNetSession *self)
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

static void
set_flag (TttNetSession *self,
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
      update_hold (self);
      g_object_notify_by_pspec (G_OBJECT (self), properties[prop]);
    }
}

static void
set_state (TttNetSession      *self,
           TttNetSessionState  state)
{
  if (self->state == state)
    return;
  self->state = state;
  update_hold (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATE]);
}

static TttMark
remote_mark (TttNetSession *self)
{
  return self->local_mark == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
}

/* The other side in a sentence: its name quoted, so that it cannot pass
 * for the sentence's own words. */
static const char *
peer_name (TttNetSession *self)
{
  /* Translators: how a message names the other person before their
   * name is known. */
  return self->peer_quoted != NULL ? self->peer_quoted : _("the other side");
}

/* The same at the start of a sentence: "The other side left the game." */
static const char *
peer_subject (TttNetSession *self)
{
  /* Translators: how a message begins when it names the other person
   * before their name is known, as in "The other side left the game." */
  return self->peer_quoted != NULL ? self->peer_quoted : _("The other side");
}

/* Whether the game holds the session's own game, not one begun since. */
static gboolean
game_is_ours (TttNetSession *self)
{
  return self->remote != NULL &&
         (ttt_game_get_player (self->game, TTT_MARK_X) == self->remote ||
          ttt_game_get_player (self->game, TTT_MARK_O) == self->remote);
}

static void
clear_requests (TttNetSession *self)
{
  set_flag (self, PROP_UNDO_ASKED, FALSE);
  set_flag (self, PROP_UNDO_REQUESTED, FALSE);
  set_flag (self, PROP_REMATCH_OFFERED, FALSE);
  set_flag (self, PROP_REMATCH_ASKED, FALSE);
}

/* Ends the session: a game in progress is abandoned (nothing counted),
 * the connection says goodbye. */
static void
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
  if (self->state == TTT_NET_SESSION_PLAYING && game_is_ours (self))
    ttt_game_abandon (self->game);
  clear_requests (self);
  set_state (self, TTT_NET_SESSION_CLOSED);
  ttt_connection_close (self->connection);
  g_object_unref (self);
}

static void ttt_net_session_fail (TttNetSession *self,
                                  const char    *format,
                                  ...) G_GNUC_PRINTF (2, 3);

/* The other side broke the rules: @format names them with its %s. */
static void
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

static void
send_message (TttNetSession *self,
              TttMessage    *message)
{
  g_autoptr(TttMessage) owned = message;

  /* A connection that has just closed tells the session itself. */
  ttt_connection_send (self->connection, owned, NULL);
}

static void
start_game (TttNetSession *self,
            TttMark        local_mark)
{
  self->local_mark = local_mark;
  clear_requests (self);
  set_state (self, TTT_NET_SESSION_PLAYING);
  self->starting = TRUE;
  ttt_game_start_remote (self->game, self->remote, self->variant, local_mark);
  self->starting = FALSE;
}

static void move_refused_cb (TttRemotePlayer *player,
                             const GError    *error,
                             gpointer         user_data);

/* From the connection */

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
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_PEER_NAME]);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_CODE]);

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

  set_state (self, TTT_NET_SESSION_VERIFYING);
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
      (self->state == TTT_NET_SESSION_PLAYING && game_is_ours (self) &&
       ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER))
    {
      g_debug ("A move after the end of the game, ignored");
      return;
    }

  /* Before the person here confirmed the code no game has begun: the
   * other side cannot have had its turn (it begins on our confirmation). */
  if (self->state != TTT_NET_SESSION_PLAYING || !game_is_ours (self) ||
      ttt_game_get_state (self->game) != TTT_GAME_STATE_WAITING ||
      ttt_game_get_turn (self->game) != remote_mark (self))
    {
      /* Translators: %s is the other person's name. */
      ttt_net_session_fail (self, _("%s moved out of turn, so the game has ended."), peer_subject (self));
      return;
    }

  if (!ttt_remote_player_deliver (TTT_REMOTE_PLAYER (self->remote), message->cell, &error))
    ttt_net_session_fail (self, _("%s played a move the rules do not allow, so the game has ended."), peer_subject (self));
}

static void
receive_undo_request (TttNetSession *self)
{
  /* Only a game in progress where the other side has a move to take back;
   * any other request is simply refused. */
  if (self->state != TTT_NET_SESSION_PLAYING || self->undo_requested ||
      !game_is_ours (self) || ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
    {
      send_message (self, ttt_message_new_undo_answer (FALSE));
      return;
    }
  {
    guint n_moves;
    const int *moves G_GNUC_UNUSED = ttt_game_get_moves (self->game, &n_moves);
    gboolean has_move = remote_mark (self) == TTT_MARK_X ? n_moves >= 1 : n_moves >= 2;

    if (!has_move)
      {
        send_message (self, ttt_message_new_undo_answer (FALSE));
        return;
      }
  }
  set_flag (self, PROP_UNDO_REQUESTED, TRUE);
}

static void
receive_undo_answer (TttNetSession    *self,
                     const TttMessage *message)
{
  if (!self->undo_asked)
    {
      ttt_net_session_fail (self, _("%s answered a question nobody asked, so the game has ended."), peer_subject (self));
      return;
    }
  set_flag (self, PROP_UNDO_ASKED, FALSE);
  if (message->accepted && self->state == TTT_NET_SESSION_PLAYING && game_is_ours (self))
    {
      ttt_remote_player_reset (TTT_REMOTE_PLAYER (self->remote));
      ttt_game_take_back (self->game, self->local_mark);
    }
  g_signal_emit (self, signals[UNDO_ANSWERED], 0, message->accepted);
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
          ttt_net_session_fail (self, _("%s confirmed the code out of place, so the game has ended."), peer_subject (self));
          break;
        }
      set_flag (self, PROP_PEER_CONFIRMED, TRUE);
      if (self->state == TTT_NET_SESSION_CONFIRMED)
        start_game (self, self->local_mark);
      break;

    case TTT_MESSAGE_MOVE:
      receive_move (self, message);
      break;

    case TTT_MESSAGE_RESIGN:
      if (self->state == TTT_NET_SESSION_PLAYING && game_is_ours (self))
        ttt_game_resign (self->game, remote_mark (self));
      else if (self->state != TTT_NET_SESSION_GAME_OVER)
        ttt_net_session_fail (self, _("%s resigned a game that was not being played, so the game has ended."), peer_subject (self));
      break;

    case TTT_MESSAGE_REMATCH_OFFER:
      if (self->state != TTT_NET_SESSION_GAME_OVER)
        ttt_net_session_fail (self, _("%s offered a rematch during the game, so the game has ended."), peer_subject (self));
      else if (self->rematch_asked)
        /* Both offered at once: each side starts the rematch. */
        start_game (self, remote_mark (self));
      else
        set_flag (self, PROP_REMATCH_OFFERED, TRUE);
      break;

    case TTT_MESSAGE_REMATCH_ACCEPT:
      if (self->state != TTT_NET_SESSION_GAME_OVER || !self->rematch_asked)
        ttt_net_session_fail (self, _("%s accepted a rematch nobody offered, so the game has ended."), peer_subject (self));
      else
        start_game (self, remote_mark (self));
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
      /* Translators: %s is the other person's name, quoted. */
      message = g_strdup_printf (_("%s left the game."), peer_subject (self));
      break;
    case TTT_CONNECTION_ERROR_LOST:
    case TTT_CONNECTION_ERROR_TIMED_OUT:
      if (self->state != TTT_NET_SESSION_CONNECTING)
        {
          end = TTT_NET_SESSION_END_LOST;
          /* Translators: %s is the other person's name. */
          message = g_strdup_printf (_("Connection to %s lost"), peer_name (self));
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

/* From the game */

static void
move_played_cb (TttGame   *game,
                int        cell,
                TttMark    mark,
                TttPlayer *player,
                gpointer   user_data)
{
  TttNetSession *self = user_data;

  if (self->state != TTT_NET_SESSION_PLAYING || !game_is_ours (self) ||
      !ttt_player_is_local (player))
    return;
  send_message (self, ttt_message_new_move ((guint) cell));
}

static void
game_over_cb (TttGame    *game,
              TttOutcome  outcome,
              guint       winning_cells,
              gpointer    user_data)
{
  TttNetSession *self = user_data;

  if (self->state != TTT_NET_SESSION_PLAYING || !game_is_ours (self))
    return;
  /* A move held for the game's request is stale now. */
  ttt_remote_player_reset (TTT_REMOTE_PLAYER (self->remote));
  clear_requests (self);
  set_state (self, TTT_NET_SESSION_GAME_OVER);
}

static void
game_started_cb (TttGame  *game,
                 gpointer  user_data)
{
  TttNetSession *self = user_data;

  /* The person here began another game: this one is left. */
  if (self->starting || self->state == TTT_NET_SESSION_CLOSED || game_is_ours (self))
    return;
  if (self->state == TTT_NET_SESSION_PLAYING || self->state == TTT_NET_SESSION_GAME_OVER)
    ttt_net_session_leave (self);
}

static void
move_refused_cb (TttRemotePlayer *player,
                 const GError    *error,
                 gpointer         user_data)
{
  TttNetSession *self = TTT_NET_SESSION (user_data);

  ttt_net_session_fail (self, _("%s played a move the rules do not allow, so the game has ended."),
                        peer_subject (self));
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
      if (self->state == TTT_NET_SESSION_PLAYING && game_is_ours (self))
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
}

static void
ttt_net_session_init (TttNetSession *self)
{
  self->local_mark = TTT_MARK_X;
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

  g_signal_connect (self->connection, "verification-ready", G_CALLBACK (verification_ready_cb), self);
  g_signal_connect (self->connection, "message-received", G_CALLBACK (message_received_cb), self);
  g_signal_connect (self->connection, "closed", G_CALLBACK (closed_cb), self);
  g_signal_connect (game, "move-played", G_CALLBACK (move_played_cb), self);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), self);
  g_signal_connect (game, "game-started", G_CALLBACK (game_started_cb), self);

  return self;
}

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
  update_hold (self);

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
  update_hold (self);

  return TRUE;
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

  send_message (self, ttt_message_new (TTT_MESSAGE_CODE_CONFIRMED));
  if (self->state == TTT_NET_SESSION_CLOSED)
    return;
  set_state (self, TTT_NET_SESSION_CONFIRMED);
  if (self->peer_confirmed)
    start_game (self, self->local_mark);
}

gboolean
ttt_net_session_resign (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (self->state != TTT_NET_SESSION_PLAYING || !game_is_ours (self))
    return FALSE;

  send_message (self, ttt_message_new (TTT_MESSAGE_RESIGN));
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
      send_message (self, ttt_message_new (TTT_MESSAGE_REMATCH_ACCEPT));
      if (self->state == TTT_NET_SESSION_GAME_OVER)
        start_game (self, remote_mark (self));
      return TRUE;
    }

  send_message (self, ttt_message_new (TTT_MESSAGE_REMATCH_OFFER));
  set_flag (self, PROP_REMATCH_ASKED, TRUE);
  return TRUE;
}

gboolean
ttt_net_session_request_undo (TttNetSession *self)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (self->state != TTT_NET_SESSION_PLAYING || self->undo_asked ||
      !game_is_ours (self) || !ttt_game_get_can_undo (self->game))
    return FALSE;

  send_message (self, ttt_message_new (TTT_MESSAGE_UNDO_REQUEST));
  set_flag (self, PROP_UNDO_ASKED, TRUE);
  return TRUE;
}

gboolean
ttt_net_session_answer_undo (TttNetSession *self,
                             gboolean       accept)
{
  g_return_val_if_fail (TTT_IS_NET_SESSION (self), FALSE);

  if (!self->undo_requested)
    return FALSE;

  set_flag (self, PROP_UNDO_REQUESTED, FALSE);
  send_message (self, ttt_message_new_undo_answer (accept));
  if (accept && self->state == TTT_NET_SESSION_PLAYING && game_is_ours (self))
    {
      ttt_remote_player_reset (TTT_REMOTE_PLAYER (self->remote));
      ttt_game_take_back (self->game, remote_mark (self));
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
