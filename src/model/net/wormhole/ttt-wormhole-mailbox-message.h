/* ttt-wormhole-mailbox-message.h — what a mailbox server says, checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The messages of magic-wormhole's mailbox server (its server-protocol
 * document), one JSON object per WebSocket text message, become values
 * here and only here. The parser takes bytes from the network and trusts
 * none of them: a bound on the length, UTF-8 without a NUL, the strict
 * shape the game's own protocol checks (ttt-protocol-shape.h), then the
 * members each type needs with their JSON types and bounds. Members it
 * does not need (the server's "server_tx", a newer welcome's keys) are
 * let through, as the protocol asks; a type it does not know is
 * TTT_MAILBOX_MESSAGE_UNKNOWN, for the caller to pass by.
 *
 * No network, no state: the fuzz target calls it on arbitrary bytes, and
 * the tests' fake servers write their messages with the writer below.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest message taken from a mailbox server, in bytes: the
 * WebSocket's bound on a message, and the parser's. A pake or version
 * message is a few hundred bytes, the game's a few dozen; a reference
 * client's text message fits in far less. */
#define TTT_MAILBOX_MAX_MESSAGE      (64 * 1024)
/* The longest side, phase, mailbox id and message id, in bytes. */
#define TTT_MAILBOX_MAX_NAME         64
/* The longest nameplate, in digits. */
#define TTT_MAILBOX_MAX_NAMEPLATE    16
/* The longest text of the server's shown to a person (motd, errors), in
 * characters; what is longer is cut. */
#define TTT_MAILBOX_MAX_TEXT         200

typedef enum {
  TTT_MAILBOX_MESSAGE_UNKNOWN,
  TTT_MAILBOX_MESSAGE_WELCOME,     /* motd?, welcome_error? */
  TTT_MAILBOX_MESSAGE_ACK,         /* id? */
  TTT_MAILBOX_MESSAGE_PONG,
  TTT_MAILBOX_MESSAGE_NAMEPLATES,
  TTT_MAILBOX_MESSAGE_ALLOCATED,   /* nameplate */
  TTT_MAILBOX_MESSAGE_CLAIMED,     /* mailbox */
  TTT_MAILBOX_MESSAGE_RELEASED,
  TTT_MAILBOX_MESSAGE_MESSAGE,     /* side, phase, body, id? */
  TTT_MAILBOX_MESSAGE_CLOSED,
  TTT_MAILBOX_MESSAGE_ERROR,       /* error, orig_type? */
  TTT_N_MAILBOX_MESSAGE_TYPES,
} TttMailboxMessageType;

typedef struct {
  TttMailboxMessageType  type;
  char                  *type_name;      /* as on the wire, UNKNOWN's too */
  char                  *motd;
  char                  *welcome_error;
  char                  *nameplate;      /* digits */
  char                  *mailbox;
  char                  *side;           /* printable ASCII, no space */
  char                  *phase;          /* printable ASCII, no space */
  char                  *body;           /* hex (lower-cased), an even number of digits */
  char                  *id;
  char                  *error;
  char                  *orig_type;
} TttMailboxMessage;

/* The name on the wire of @type ("welcome"…); NULL for UNKNOWN. */
const char        *ttt_mailbox_message_type_to_string (TttMailboxMessageType type);

/* A new message of @type, every member NULL. */
TttMailboxMessage *ttt_mailbox_message_new     (TttMailboxMessageType    type);
/* @text (@length bytes, or up to a NUL if -1) as one server message; NULL
 * with a TTT_CONNECTION_ERROR_PROTOCOL error, a sentence a person can
 * read, if it is not one. */
TttMailboxMessage *ttt_mailbox_message_parse   (const char              *text,
                                                gssize                   length,
                                                GError                 **error);
/* The JSON text a server would send for @message (no "server_tx"), for
 * tests and the fuzz target; NULL for UNKNOWN. A new string. */
char              *ttt_mailbox_message_write   (const TttMailboxMessage *message);
gboolean           ttt_mailbox_message_equal   (const TttMailboxMessage *a,
                                                const TttMailboxMessage *b);
void               ttt_mailbox_message_free    (TttMailboxMessage       *message);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttMailboxMessage, ttt_mailbox_message_free)

/* Whether @name may be a side, phase, mailbox or message id: 1 to
 * TTT_MAILBOX_MAX_NAME bytes of printable ASCII without a space. */
gboolean           ttt_mailbox_name_check      (const char              *name);

G_END_DECLS
