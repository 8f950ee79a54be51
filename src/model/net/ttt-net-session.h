/* ttt-net-session.h — a whole game with someone on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttNetSession runs a TttGame over a TttConnection: the hellos, the code
 * both people confirm, then games between the person here and a
 * TttRemotePlayer — moves both ways, resignation, undo asked and answered,
 * rematches with the colours swapped — until one side leaves or the
 * connection breaks. Whatever the other side sends is checked: a move
 * against the rules, out of turn or repeated ends the game with a message
 * and changes nothing, and a game cut off is abandoned, never counted as a
 * loss. Everything runs on the main loop.
 */

#pragma once

#include "ttt-connection.h"
#include "ttt-game.h"

G_BEGIN_DECLS

typedef enum {
  TTT_NET_SESSION_CONNECTING,  /* listening, connecting, TLS and the hellos */
  TTT_NET_SESSION_VERIFYING,   /* the code is known; the person here has not confirmed */
  TTT_NET_SESSION_CONFIRMED,   /* confirmed here; the other person has not yet */
  TTT_NET_SESSION_PLAYING,
  TTT_NET_SESSION_GAME_OVER,   /* a rematch may follow */
  TTT_NET_SESSION_CLOSED,      /* see ttt_net_session_get_message() */
} TttNetSessionState;

/* Why a session closed. */
typedef enum {
  TTT_NET_SESSION_END_NONE,         /* still open */
  TTT_NET_SESSION_END_LEFT,         /* the person here left */
  TTT_NET_SESSION_END_CODES_DIFFER, /* the person here said the codes differ */
  TTT_NET_SESSION_END_PEER_LEFT,
  TTT_NET_SESSION_END_LOST,         /* broken or silent */
  TTT_NET_SESSION_END_RULES,        /* the other side broke the rules */
  TTT_NET_SESSION_END_FAILED,       /* never connected: see the message */
} TttNetSessionEnd;

#define TTT_TYPE_NET_SESSION (ttt_net_session_get_type ())
G_DECLARE_FINAL_TYPE (TttNetSession, ttt_net_session, TTT, NET_SESSION, GObject)

/* @name is shown to the other side, as ttt_protocol_sanitize_name() makes
 * it; @variant and @first are what a host
 * plays (a guest's are only asked for: it plays the host's). Then
 * ttt_net_session_host() or _join(). */
TttNetSession       *ttt_net_session_new             (TttGame            *game,
                                                      TttConnectionRole   role,
                                                      const char         *name,
                                                      TttVariant          variant,
                                                      TttNetFirst         first);
/* For the port, the addresses, and tests' timeouts and certificates. */
TttConnection       *ttt_net_session_get_connection  (TttNetSession      *self);
TttGame             *ttt_net_session_get_game        (TttNetSession      *self);

gboolean             ttt_net_session_host            (TttNetSession      *self,
                                                      const char         *address,
                                                      guint               port,
                                                      GError            **error);
gboolean             ttt_net_session_join            (TttNetSession      *self,
                                                      const char         *address,
                                                      GError            **error);
/* Instead of hosting or joining: over @transport (new, not opened), any
 * TttTransport. The role given to ttt_net_session_new() says whose hello
 * chooses the game; whatever happens comes as with _join(). A transport
 * without a code to compare (ttt_transport_get_code()) has proved the
 * other side already: the session confirms by itself. */
void                 ttt_net_session_open            (TttNetSession      *self,
                                                      TttTransport       *transport);

/* The person here compared the codes: the same (the game begins once the
 * other person says so too) or different (the session closes). */
void                 ttt_net_session_confirm         (TttNetSession      *self,
                                                      gboolean            same);
gboolean             ttt_net_session_resign          (TttNetSession      *self);
/* Offers a rematch, or accepts the other side's offer. */
gboolean             ttt_net_session_offer_rematch   (TttNetSession      *self);
gboolean             ttt_net_session_request_undo    (TttNetSession      *self);
gboolean             ttt_net_session_answer_undo     (TttNetSession      *self,
                                                      gboolean            accept);
/* Abandons a game in progress and closes. */
void                 ttt_net_session_leave           (TttNetSession      *self);

TttNetSessionState   ttt_net_session_get_state       (TttNetSession      *self);
TttNetSessionEnd     ttt_net_session_get_end         (TttNetSession      *self);
/* Once closed: what happened, in words ("Connection to Ana lost"). */
const char          *ttt_net_session_get_message     (TttNetSession      *self);
/* Once the other side's hello has come, else NULL: the name as it came,
 * checked (ttt_protocol_check_name()); to be shown quoted
 * (ttt_protocol_quote_name()). */
const char          *ttt_net_session_get_peer_name   (TttNetSession      *self);
const char          *ttt_net_session_get_code        (TttNetSession      *self);
/* The game played: the host's choice, on a guest once its hello came. */
TttVariant           ttt_net_session_get_variant     (TttNetSession      *self);
/* The mark of the person here in the game in progress or the last one. */
TttMark              ttt_net_session_get_local_mark  (TttNetSession      *self);
gboolean             ttt_net_session_get_peer_confirmed (TttNetSession   *self);
/* An undo asked here, not answered yet. */
gboolean             ttt_net_session_get_undo_asked  (TttNetSession      *self);
/* An undo the other side asked for, to answer. */
gboolean             ttt_net_session_get_undo_requested (TttNetSession   *self);
gboolean             ttt_net_session_get_rematch_offered (TttNetSession  *self);
gboolean             ttt_net_session_get_rematch_asked (TttNetSession    *self);

G_END_DECLS
