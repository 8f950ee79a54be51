/* ttt-protocol.h — the messages two games exchange over the network
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One JSON object per line (newline-delimited JSON), at most
 * TTT_PROTOCOL_MAX_LINE bytes. Every message has a "type" and a "seq": the
 * sender numbers its messages 1, 2, 3… so that a repeated, lost or replayed
 * message shows (TttProtocolSequence). The first message each way is the
 * hello; its "version" must be TTT_PROTOCOL_VERSION. The parser is strict: an
 * unknown type or member, a wrong JSON type, a missing member or a value out
 * of range is an error that says which, and nothing a peer sends can crash it.
 */

#pragma once

#include <glib-object.h>

/* The rules for names are part of the protocol: its callers get them here. */
#include "ttt-protocol-names.h"

G_BEGIN_DECLS

#define TTT_PROTOCOL_VERSION 1

/* The longest line accepted, newline not counted. */
#define TTT_PROTOCOL_MAX_LINE 4096

/* The longest player name, in characters. */
#define TTT_PROTOCOL_MAX_NAME 64

/* The longest application version string, in bytes. */
#define TTT_PROTOCOL_MAX_APP_VERSION 32

#define TTT_PROTOCOL_ERROR (ttt_protocol_error_quark ())

typedef enum {
  TTT_PROTOCOL_ERROR_TOO_LONG,
  TTT_PROTOCOL_ERROR_MALFORMED,
  TTT_PROTOCOL_ERROR_UNKNOWN_TYPE,
  TTT_PROTOCOL_ERROR_MISSING_FIELD,
  TTT_PROTOCOL_ERROR_UNKNOWN_FIELD,
  TTT_PROTOCOL_ERROR_WRONG_TYPE,
  TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
  TTT_PROTOCOL_ERROR_VERSION,
  TTT_PROTOCOL_ERROR_SEQUENCE,
} TttProtocolError;

typedef enum {
  TTT_MESSAGE_HELLO,
  TTT_MESSAGE_MOVE,
  TTT_MESSAGE_RESIGN,
  TTT_MESSAGE_REMATCH_OFFER,
  TTT_MESSAGE_REMATCH_ACCEPT,
  TTT_MESSAGE_UNDO_REQUEST,
  TTT_MESSAGE_UNDO_ANSWER,
  TTT_MESSAGE_KEEP_ALIVE,
  TTT_MESSAGE_GOODBYE,
  TTT_MESSAGE_CODE_CONFIRMED,  /* the person saw the same code on both screens */
  TTT_N_MESSAGE_TYPES,
} TttMessageType;

/* A move is a cell number below this, in every game: 81 for Ultimate's
 * nine boards of nine. Which cells a game allows is the game's to say. */
#define TTT_NET_MAX_CELLS 81
/* A game is named on the wire by the game's own id ("classic",
 * "ultimate", "misere"): lower-case ASCII letters, digits and '-', at
 * most this many of them. Which ids are known is the game's to say: the
 * protocol only checks that one is well formed. */
#define TTT_NET_GAME_MAX_CHARS 16

/* Who plays X, the side that moves first. The host decides; a guest's hello
 * says what it asks for, and the host's hello is what is played. */
typedef enum {
  TTT_NET_X_HOST,
  TTT_NET_X_GUEST,
} TttNetFirst;

typedef struct {
  TttMessageType type;
  guint64        seq;

  /* hello */
  guint          version;
  char          *app_version;
  char          *name;
  char          *game;
  TttNetFirst    x_player;

  /* move: 0–8 (one board), 0–80 (Ultimate, the small boards in reading
   * order, each in reading order) */
  guint          cell;

  /* undo-answer */
  gboolean       accepted;
} TttMessage;

GQuark       ttt_protocol_error_quark      (void);

TttMessage  *ttt_message_new               (TttMessageType    type);
TttMessage  *ttt_message_new_hello         (const char       *app_version,
                                            const char       *name,
                                            const char       *game,
                                            TttNetFirst       x_player);
TttMessage  *ttt_message_new_move          (guint             cell);
TttMessage  *ttt_message_new_undo_answer   (gboolean          accepted);
TttMessage  *ttt_message_copy              (const TttMessage *message);
void         ttt_message_free              (TttMessage       *message);

const char  *ttt_message_type_to_string    (TttMessageType    type);
gboolean     ttt_net_game_check            (const char       *game);

/* A line without its newline; NULL with an error if it is not one valid
 * message. @length may be -1 for a NUL-terminated line. */
TttMessage  *ttt_protocol_parse            (const char       *line,
                                            gssize            length,
                                            GError          **error);

/* The message as one line, newline included, numbered @seq; NULL with an
 * error if a field is out of range (a message the parser would refuse). */
char        *ttt_protocol_serialize        (const TttMessage *message,
                                            guint64           seq,
                                            GError          **error);

/* The numbering of the messages one side receives: each must be the one
 * after the last. */
typedef struct {
  guint64 last;
} TttProtocolSequence;

void         ttt_protocol_sequence_init    (TttProtocolSequence *sequence);
gboolean     ttt_protocol_sequence_check   (TttProtocolSequence *sequence,
                                            const TttMessage    *message,
                                            GError             **error);

GType        ttt_message_get_type          (void) G_GNUC_CONST;
#define TTT_TYPE_MESSAGE (ttt_message_get_type ())

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttMessage, ttt_message_free)

G_END_DECLS
