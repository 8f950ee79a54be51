/* ttt-wormhole-private.h — what the wormhole's two files share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TttWormhole is written in two files along the line between the
 * mailbox and what the other side sends through it: ttt-wormhole.c
 * connects, binds, makes or claims the nameplate, opens the mailbox and
 * ends the wormhole once; ttt-wormhole-peer.c takes the other side's
 * messages as the mailbox gives them (the pake, the version, the
 * numbered phases), makes the key and hands the phases on in order.
 * Nothing outside these two files includes this header.
 */

#pragma once

#include "ttt-net-error.h"
#include "ttt-wormhole.h"
#include "ttt-wormhole-mailbox.h"

G_BEGIN_DECLS

struct _TttWormhole
{
  GObject             parent_instance;

  char               *url;
  char               *appid;
  char               *side;
  TttWormholeState    state;

  guint               n_words;          /* the host's; 0 for a guest */
  char               *code;
  char               *nameplate;
  char               *mailbox_id;
  char               *app_versions;     /* ours, JSON text */
  char               *peer_versions;

  TttWormholeMailbox *mailbox;
  gboolean            reconnecting;     /* the mailbox's, while there is one */
  guint               reconnect_ms[2];  /* for tests: first wait, give-up; or 0 */
  GTask              *task;             /* the opening */
  GSource            *cancel_source;
  gboolean            claimed;
  gboolean            released;
  gboolean            opened;

  TttSpake2          *spake2;
  gboolean            have_key;
  guint8              key[TTT_WORMHOLE_KEY_SIZE];
  char               *peer_side;
  gboolean            have_version;

  GHashTable         *pending;          /* phase → GBytes (sealed) */
  guint64             next_in;          /* the next numbered phase to deliver */
  guint64             next_out;
};

/* In ttt-wormhole.c: the wormhole ends by itself with a sentence, the
 * mailbox closed with @mood ("scary", "errory"), once; the versions
 * agreed, the opening is done (the wormhole is OPEN); one of the other
 * side's messages, opened, is handed on ("message"). */
void ttt_wormhole_fail_with        (TttWormhole        *self,
                                    TttConnectionError  code,
                                    const char         *message,
                                    const char         *mood);
void ttt_wormhole_opened           (TttWormhole        *self);
void ttt_wormhole_emit_message     (TttWormhole        *self,
                                    GBytes             *message);

/* In ttt-wormhole-peer.c: a message the mailbox gave, once it is open;
 * ours echoed and a third side's are passed by. */
void ttt_wormhole_peer_got_message (TttWormhole             *self,
                                    const TttMailboxMessage *message);

G_END_DECLS
