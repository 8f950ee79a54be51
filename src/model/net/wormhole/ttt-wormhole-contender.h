/* ttt-wormhole-contender.h — one way a transit may reach the other side
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A contender is one connection that may become the transit's: outbound
 * to one of the other side's direct hints or to a relay, or one that came
 * in on the listener. It asks the relay to pair it first when it goes
 * through one, says this side's handshake, and compares every byte it
 * reads with what is due, never reading more than that, so no byte of
 * the records is read here. Its owner (ttt-wormhole-transit.c) hears when
 * the other side's handshake has come to a sender, which then says "go"
 * on the one it keeps; when a contender has won (the sender's "go" is
 * written, or the receiver heard it); and when one has failed.
 *
 * Reference-counted: each asynchronous step holds a reference. Dropping a
 * contender cancels its steps and closes its connection, and a step that
 * ends afterwards tells nobody. The handshake texts are the owner's: it
 * must keep them until it has dropped every contender.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-wormhole-records.h"

G_BEGIN_DECLS

typedef struct _TttWormholeContender TttWormholeContender;

typedef struct {
  /* A sender's contender heard the other side's handshake: the owner
   * drops the others and calls ttt_wormhole_contender_say_go(). (A
   * receiver's goes on to wait for "go" by itself.) */
  void (*heard)  (TttWormholeContender *contender,
                  gpointer              user_data);
  /* This connection is the transit's: take it with
   * ttt_wormhole_contender_steal_connection(). */
  void (*won)    (TttWormholeContender *contender,
                  gpointer              user_data);
  /* It cannot be: @why is for the debug log, never for a person. */
  void (*failed) (TttWormholeContender *contender,
                  const char           *why,
                  gpointer              user_data);
} TttWormholeContenderEvents;

/* @relay_handshake is NULL for a direct connection. */
TttWormholeContender *ttt_wormhole_contender_new        (const char                       *label,
                                                         TttWormholeRecordRole             role,
                                                         const char                       *relay_handshake,
                                                         const char                       *our_handshake,
                                                         const char                       *their_handshake,
                                                         const TttWormholeContenderEvents *events,
                                                         gpointer                          user_data);
TttWormholeContender *ttt_wormhole_contender_ref        (TttWormholeContender *self);
void                  ttt_wormhole_contender_unref      (TttWormholeContender *self);

/* Connects to @address with @client, then begins. */
void                  ttt_wormhole_contender_connect    (TttWormholeContender *self,
                                                         GSocketClient        *client,
                                                         GSocketConnectable   *address);
/* Begins on a connection that came in (taken). */
void                  ttt_wormhole_contender_accept     (TttWormholeContender *self,
                                                         GSocketConnection    *connection);
void                  ttt_wormhole_contender_say_go     (TttWormholeContender *self);
/* Stops what it does; no event is told after. Idempotent. */
void                  ttt_wormhole_contender_drop       (TttWormholeContender *self);

gboolean              ttt_wormhole_contender_is_inbound (TttWormholeContender *self);
const char           *ttt_wormhole_contender_get_label  (TttWormholeContender *self);
/* The winner's connection, which the contender no longer closes. */
GSocketConnection    *ttt_wormhole_contender_steal_connection (TttWormholeContender *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (TttWormholeContender, ttt_wormhole_contender_unref)

G_END_DECLS
