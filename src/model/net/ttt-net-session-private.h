/* ttt-net-session-private.h — what the two parts of TttNetSession share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttNetSession is two files: ttt-net-session.c (the object, its state and
 * requests, the game followed for the person here and what they ask for)
 * and ttt-net-session-peer.c (the session made with its connection, which
 * it follows for the other side: its hello, its messages checked, its
 * end). They share the struct; the functions below are ttt-net-session.c's,
 * for the peer's part, and the dependency goes that way only.
 */

#pragma once

#include "ttt-net-session.h"
#include "ttt-remote-player.h"

G_BEGIN_DECLS

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

/* Hooks the session on its game's signals, for the person here. */
void        ttt_net_session_follow_game        (TttNetSession      *self);
/* Holds the game, or lets it go, as the state and the requests say. */
void        ttt_net_session_update_hold        (TttNetSession      *self);

void        ttt_net_session_notify             (TttNetSession      *self,
                                                guint               prop);
void        ttt_net_session_emit_resigned (TttNetSession      *self,
                                           gboolean            by_peer);
void        ttt_net_session_emit_undo_answered (TttNetSession      *self,
                                                gboolean            accepted);
/* @prop: one of the boolean properties, PROP_PEER_CONFIRMED and after. */
void        ttt_net_session_set_flag           (TttNetSession      *self,
                                                guint               prop,
                                                gboolean            value);
void        ttt_net_session_set_state          (TttNetSession      *self,
                                                TttNetSessionState  state);
TttMark     ttt_net_session_remote_mark        (TttNetSession      *self);
/* The other side in a sentence, quoted: see ttt-net-session.c. */
const char *ttt_net_session_peer_quoted        (TttNetSession      *self);
const char *ttt_net_session_peer_subject       (TttNetSession      *self);
gboolean    ttt_net_session_game_is_ours       (TttNetSession      *self);
/* Takes @message. */
void        ttt_net_session_finish             (TttNetSession      *self,
                                                TttNetSessionEnd    end,
                                                char               *message);
void        ttt_net_session_fail               (TttNetSession      *self,
                                                const char         *format,
                                                ...) G_GNUC_PRINTF (2, 3);
/* Takes @message. */
void        ttt_net_session_send               (TttNetSession      *self,
                                                TttMessage         *message);
void        ttt_net_session_start_game         (TttNetSession      *self,
                                                TttMark             local_mark);

G_END_DECLS
