/* ttt-settings-file.h — the settings file, when settings live in one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

char *ttt_settings_file_check (void);

G_END_DECLS
