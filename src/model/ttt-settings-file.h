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

/**
 * TttSettingsFileMergeFunc:
 * @base: (nullable): the key's text as the game last read or wrote it
 * @mine: (nullable): its text in this session
 * @theirs: (nullable): its text in the file now, as another program left it
 *
 * Joins what this session and another program (another game on the same
 * file) each changed since @base.
 *
 * Returns: (transfer full) (nullable): the text to keep, or %NULL for none
 */
typedef char *(*TttSettingsFileMergeFunc) (const char *base,
                                           const char *mine,
                                           const char *theirs);

TttSettingsFile *ttt_settings_file_new          (const char      *filename);
TttSettingsFile *ttt_settings_file_new_default  (void);
const char      *ttt_settings_file_get_filename (TttSettingsFile *self);
const char      *ttt_settings_file_get_save_error (TttSettingsFile *self);
char            *ttt_settings_file_dup_text     (TttSettingsFile *self,
                                                 const char      *key);
gboolean         ttt_settings_file_save         (TttSettingsFile *self);
void             ttt_settings_file_set_merge_func (TttSettingsFile        *self,
                                                   const char             *key,
                                                   TttSettingsFileMergeFunc func);

G_END_DECLS
