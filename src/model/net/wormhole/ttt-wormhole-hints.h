/* ttt-wormhole-hints.h — where a wormhole side can be reached, in words
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * magic-wormhole's transit message: {"transit": {"abilities-v1": […],
 * "hints-v1": […]}}, with direct-tcp-v1 hints (a host name or address
 * and a port) and relay-v1 hints (the relays a side uses). Built for
 * this side, and parsed from the other's, which is hostile until
 * checked: at most TTT_WORMHOLE_TRANSIT_MAX_MESSAGE bytes, nested no
 * deeper than a real one, at most TTT_WORMHOLE_TRANSIT_MAX_DIRECT direct
 * hints and TTT_WORMHOLE_TRANSIT_MAX_RELAYS relays kept; hints this game
 * cannot use are skipped, as magic-wormhole skips them.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct {
  char    *host;
  guint16  port;
} TttWormholeHint;

void       ttt_wormhole_hint_free        (TttWormholeHint       *hint);

/* This computer's addresses the other side might reach (not loopback,
 * not link-local), as text; 127.0.0.1 when it has none. */
GPtrArray *ttt_wormhole_local_addresses  (void);

/* This side's message: a direct hint for each of @addresses (may be
 * NULL: not listening) on @port, and @relay (may be NULL). */
GBytes    *ttt_wormhole_hints_build      (GPtrArray             *addresses,
                                          guint16                port,
                                          const TttWormholeHint *relay);
/* The other side's message: adds its direct hints to @direct and its
 * relays to @relays (arrays of TttWormholeHint that free them); FALSE
 * with an error for a message this game cannot read. */
gboolean   ttt_wormhole_hints_parse      (const char            *text,
                                          gsize                  length,
                                          GPtrArray             *direct,
                                          GPtrArray             *relays,
                                          GError               **error);

/* The checks of a transit message alone, for the fuzz target: FALSE with
 * an error for one that cannot be taken; the hints that can, counted in
 * @n_direct and @n_relays (at most the bounds). */
gboolean   ttt_wormhole_hints_check      (const char            *text,
                                          gsize                  length,
                                          guint                 *n_direct,
                                          guint                 *n_relays,
                                          GError               **error);
/* Splits a relay's "tcp:HOST:PORT" (HOST may be "[v6]"); FALSE if it is
 * not one. */
gboolean   ttt_wormhole_hints_parse_url  (const char            *url,
                                          char                 **host,
                                          guint16               *port);

gboolean   ttt_wormhole_hints_contain    (GPtrArray             *hints,
                                          const TttWormholeHint *hint);
/* Adds @hint (taken; NULL does nothing) unless @hints has it or holds
 * @max already. */
void       ttt_wormhole_hints_add        (GPtrArray             *hints,
                                          TttWormholeHint       *hint,
                                          guint                  max);

G_END_DECLS
