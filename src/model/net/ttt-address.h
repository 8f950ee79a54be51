/* ttt-address.h — addresses as people type and read them
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a guest types to join ("192.168.1.20:41414", "[2001:db8::1]",
 * "münchen.de"), checked part by part with a sentence for each mistake
 * (the text quoted back cut short, control characters escaped); and what
 * a host shows for a guest to type; and, when an address cannot be
 * reached, why, in the same words.
 */

#pragma once

#include <gio/gio.h>

#include "ttt-net-error.h"

G_BEGIN_DECLS

/* Splits "host", "host:port", "1.2.3.4:port", "[v6]:port" or "[v6]" and
 * checks each part; an error (TTT_CONNECTION_ERROR_BAD_ADDRESS) says
 * what is wrong in words. */
gboolean  ttt_address_parse      (const char  *text,
                                  guint        default_port,
                                  char       **host,
                                  guint16     *port,
                                  GError     **error);

/* "1.2.3.4:41414", or "[2001:db8::1]:41414" for IPv6. */
char     *ttt_address_format     (const char  *ip,
                                  guint        port);

/* Where a guest can reach a host listening on @port at @listen_address
 * (NULL: every address of this computer): that address alone, or each
 * address of the computer's interfaces that are up, link-local ones
 * left out; loopback only when there is nothing else. Empty for port 0. */
GStrv     ttt_address_list_local (const char  *listen_address,
                                  guint        port);

/* Why connecting to @host (a name or address, as typed) on @port failed
 * with @cause, as a TTT_CONNECTION_ERROR a person can act on: no such
 * computer, nobody hosting there, a network that does not reach it, no
 * answer. */
GError   *ttt_address_connect_error (const char   *host,
                                     guint         port,
                                     const GError *cause);

G_END_DECLS
