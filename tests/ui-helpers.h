/* ui-helpers.h — what every test of the real windows needs
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-application.h"
#include "ttt-preferences-window.h"
#include "ttt-window-private.h"

G_BEGIN_DECLS

void          ttt_test_iterate            (void);
void          ttt_test_reset_settings     (TttApplication       *app);
void          ttt_test_wait_for_human     (TttGame              *game);
void          ttt_test_wait_for_mapped    (GtkWidget            *widget);
TttWindow    *ttt_test_window_new         (TttApplication       *app);
AdwComboRow  *ttt_test_preferences_row    (TttPreferencesWindow *preferences,
                                           const char           *key);
void          ttt_test_click              (TttWindow            *window,
                                           int                   cell);
gboolean      ttt_test_press              (TttWindow            *window,
                                           guint                 keyval);
gboolean      ttt_test_action_enabled     (TttWindow            *window,
                                           const char           *action);
void          ttt_test_activate           (TttWindow            *window,
                                           const char           *action);
void          ttt_test_assert_labels_whole (GtkWidget           *widget);
void          ttt_test_set_content_size   (TttWindow            *window,
                                           int                   width,
                                           int                   height);

G_END_DECLS
