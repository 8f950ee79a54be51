/* ttt-protocol-shape.h — the strict shape of a message line, before JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * json-glib is lenient where the protocol is not (a second value after
 * the first, 'single quotes', a repeated member that silently replaces
 * the first, deep nesting, an escaped NUL). The parser runs this check
 * over the raw bytes first, so json-glib only ever sees a line of the
 * protocol's own shape. Private to the parser.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @line (@length bytes, valid UTF-8 without a NUL) is one JSON value with
 * nothing after it, no single quotes, no member of the top-level object
 * twice or escaped, nested at most 8 deep, no escaped NUL; else FALSE with
 * a TTT_PROTOCOL_ERROR_MALFORMED error that says which when it can. */
gboolean ttt_protocol_check_shape (const char  *line,
                                   gsize        length,
                                   GError     **error);

G_END_DECLS
