/* ttt-message.h — text from a file or a command line, fit for a message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

char *ttt_text_for_message (const char *text,
                            gssize      length,
                            guint       max_chars);

G_END_DECLS
