/* ttt-settings-file.h — the settings file, when settings live in one
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gio.h>
#include <gio/gsettingsbackend.h>

G_BEGIN_DECLS

#define TTT_TYPE_SETTINGS_FILE (ttt_settings_file_get_type ())

G_DECLARE_FINAL_TYPE (TttSettingsFile, ttt_settings_file, TTT, SETTINGS_FILE, GSettingsBackend)

TttSettingsFile *ttt_settings_file_new          (const char      *filename);
TttSettingsFile *ttt_settings_file_new_default  (void);
const char      *ttt_settings_file_get_filename (TttSettingsFile *self);
const char      *ttt_settings_file_get_save_error (TttSettingsFile *self);
char            *ttt_settings_file_dup_text     (TttSettingsFile *self,
                                                 const char      *key);
gboolean         ttt_settings_file_save         (TttSettingsFile *self);

char            *ttt_text_for_message           (const char      *text,
                                                 gssize           length,
                                                 guint            max_chars);

G_END_DECLS
