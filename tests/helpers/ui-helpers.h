/* ui-helpers.h — what the tests of the real windows share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "model-helpers.h"
#include "ttt-application.h"
#include "ttt-preferences-window.h"
#include "ttt-shortcuts-window.h"
#include "ttt-statistics-window-private.h"
#include "ttt-window-private.h"

G_BEGIN_DECLS

void          ttt_test_use_gnome_title_bar (void);
void          ttt_test_use_own_data_home  (void);
/* gtk_test_init() with the log filters every window test has. */
void          ttt_test_gtk_init           (int                  *argc,
                                           char               ***argv);
void          ttt_test_init               (int                  *argc,
                                           char               ***argv);
TttApplication *ttt_test_application_new  (void);
TttApplication *ttt_test_application      (void);
void          ttt_test_reset_settings     (TttApplication       *app);
void          ttt_test_wait_for_mapped    (GtkWidget            *widget);
void          ttt_test_wait_for_frame     (GtkWidget            *widget);
TttWindow    *ttt_test_window_new         (TttApplication       *app);
AdwComboRow  *ttt_test_preferences_row    (TttPreferencesWindow *preferences,
                                           const char           *key);
void          ttt_test_click              (TttWindow            *window,
                                           int                   cell);
gboolean      ttt_test_press              (TttWindow            *window,
                                           guint                 keyval);
gboolean      ttt_test_press_on_focus     (TttWindow            *window,
                                           guint                 keyval);
gboolean      ttt_test_action_enabled     (TttWindow            *window,
                                           const char           *action);
void          ttt_test_activate           (TttWindow            *window,
                                           const char           *action);
void          ttt_test_click_cells        (TttWindow            *window,
                                           const int            *cells,
                                           guint                 n_cells);
void          ttt_test_play_top_row_for_x (TttWindow            *window);
void          ttt_test_assert_cell_read_only (TttWindow         *window,
                                           int                   cell);
GtkWidget    *ttt_test_window_child       (TttWindow            *window,
                                           const char           *name);
GtkWidget    *ttt_test_focus              (TttWindow            *window);
const char   *ttt_test_toast_title        (AdwToast             *toast);
void          ttt_test_assert_badges      (TttWindow            *window,
                                           guint                 start,
                                           guint                 draws,
                                           guint                 end);
TttStatisticsWindow *ttt_test_open_statistics (TttWindow        *window);
TttShortcutsWindow *ttt_test_open_shortcuts (TttWindow          *window);
void          ttt_test_assert_labels_whole (GtkWidget           *widget);
void          ttt_test_assert_words_whole (GtkWidget            *widget);
int           ttt_test_assert_cells_whole (TttWindow            *window,
                                           int                   min_side);
void          ttt_test_set_window_content_size (GtkWindow       *window,
                                           GtkWidget            *content,
                                           int                   width,
                                           int                   height);
gboolean      ttt_test_press_key          (GtkWidget            *widget,
                                           guint                 keyval);
gboolean      ttt_test_press_key_with     (GtkWidget            *widget,
                                           guint                 keyval,
                                           GdkModifierType       modifiers);
gboolean      ttt_test_press_window_key   (GtkWindow            *window,
                                           guint                 keyval,
                                           GdkModifierType       modifiers);
void          ttt_test_assert_repainted_whole (GtkWidget       *widget);
guchar       *ttt_test_render_widget      (GtkWidget            *widget,
                                           gsize                *stride);
void          ttt_test_wait_for_finalized (gpointer             *weak_pointer);
void          ttt_test_wait_for_dialog_open (GtkWidget          *dialog);
GtkWidget    *ttt_test_find_dialog        (GType                 type);
guint         ttt_test_count_dialogs      (GType                 type);
GtkWidget    *ttt_test_set_dialog_width   (TttWindow            *window,
                                           GtkWidget            *dialog,
                                           int                   width,
                                           int                   height);
void          ttt_test_set_content_size   (TttWindow            *window,
                                           int                   width,
                                           int                   height);
guint         ttt_test_assert_icon_buttons_named (GtkWidget     *widget);
GtkWidget    *ttt_test_find_restore_button (TttStatisticsWindow *window);
gboolean      ttt_test_main_menu_has      (TttWindow            *window,
                                           const char           *action);
gboolean      ttt_test_shortcut_listed    (TttWindow            *window,
                                           const char           *action);

typedef gboolean (*TttTestWidgetMatch)    (GtkWidget            *widget,
                                           gpointer              data,
                                           gboolean             *prune);

GtkWidget    *ttt_test_find_widget        (GtkWidget            *root,
                                           TttTestWidgetMatch    match,
                                           gpointer              data);
gboolean      ttt_test_is_of_type         (GtkWidget            *widget,
                                           gpointer              type,
                                           gboolean             *prune);

/* A window of the application's, with its game, for g_test_add(): the
 * settings back to their defaults, the computer answering at once from
 * the seed given as the test data (GUINT_TO_POINTER), on screen. */
typedef struct
{
  TttApplication *app;
  TttWindow      *window;
  TttGame        *game;
  TttBoardView   *board;
} TttTestWindow;

void          ttt_test_window_set_up      (TttTestWindow        *fixture,
                                           gconstpointer         seed);
void          ttt_test_window_tear_down   (TttTestWindow        *fixture,
                                           gconstpointer         seed);
void          ttt_test_two_players        (TttTestWindow        *fixture);

/* Adds a test on a TttTestWindow whose computer plays from @seed. */
#define TTT_TEST_ADD_WINDOW(path, seed, func) \
  g_test_add ((path), TttTestWindow, GUINT_TO_POINTER (seed), \
              ttt_test_window_set_up, (func), ttt_test_window_tear_down)

G_END_DECLS
