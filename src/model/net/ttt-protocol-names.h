/* ttt-protocol-names.h — the rules for a player's name on the wire
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A name crosses the network in the hello and in what discovery
 * publishes, and ends up in sentences on the other side's screen. The
 * parser refuses a name that breaks those rules
 * (ttt_protocol_check_name()); everything this side sends goes through
 * ttt_protocol_sanitize_name() first; and a name in a sentence is quoted
 * and isolated (ttt_protocol_quote_name()). TTT_PROTOCOL_MAX_NAME and the
 * TTT_PROTOCOL_ERROR domain are ttt-protocol.h's.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Checks that a name is one the parser accepts: 1 to TTT_PROTOCOL_MAX_NAME
 * characters of valid UTF-8, one line, nothing that rearranges the text
 * around it (controls, line and paragraph separators, format characters
 * such as bidirectional overrides and isolates or zero-width joiners). */
gboolean     ttt_protocol_check_name       (const char       *name,
                                            GError          **error);

/* Any text as a name ttt_protocol_check_name() accepts: what it refuses
 * taken out (a run of separators and spaces becomes one space), cut to
 * TTT_PROTOCOL_MAX_NAME characters, "Player" if nothing is left. Every
 * name this side sends or publishes goes through it. */
char        *ttt_protocol_sanitize_name    (const char       *name);

/* A checked name as a sentence shows it: in quotation marks, its
 * direction isolated from the text around it, so that it cannot pass for
 * part of the page ("“Ana”"). */
char        *ttt_protocol_quote_name       (const char       *name);

G_END_DECLS
