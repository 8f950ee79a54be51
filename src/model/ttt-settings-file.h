/* ttt-settings-file.h — the settings file, when settings live in one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *ttt_settings_file_check                (void);
void  ttt_settings_file_warn_invalid         (GSettings  *settings,
                                              char      **statistics_text);
char *ttt_settings_file_describe_unwritable  (void);

G_END_DECLS
