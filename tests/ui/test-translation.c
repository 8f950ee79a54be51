/* test-translation.c — the real windows in Simplified Chinese
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loads the catalogs that the build compiles into <builddir>/po, asks for
 * zh_CN through LANGUAGE as a user would, and reads the strings back from
 * the widgets: the title must be 井字棋 and no visible text may be left in
 * English. Then, in every language of po/LINGUAS, the windows must fit a
 * 360 px wide screen with no text cut, and Ultimate's 81 cells be 32 px
 * or more there. Needs a display, like test-window.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <gtk/gtk.h>
#include <locale.h>

#include "ttt-new-game-dialog.h"
#include "ui-helpers.h"

static TttApplication *app;

/* Text is Chinese when no Latin word is left in it. The marks X and O and
 * the mnemonic letter in "新游戏(_N)" are Latin in Chinese too. */
static gboolean
is_chinese (const char *text)
{
  static GRegex *allowed;
  g_autofree char *rest = NULL;

  if (allowed == NULL)
    allowed = g_regex_new ("\\(_?[A-Za-z]\\)|\\b[XO]\\b", G_REGEX_DEFAULT, G_REGEX_MATCH_DEFAULT, NULL);

  rest = g_regex_replace_literal (allowed, text, -1, 0, "", G_REGEX_MATCH_DEFAULT, NULL);
  for (const char *p = rest; *p != '\0'; p++)
    if (g_ascii_isalpha (*p))
      return FALSE;

  return TRUE;
}

static gboolean
has_han (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_HAN)
      return TRUE;

  return FALSE;
}

static void
assert_chinese (const char *where,
                const char *text)
{
  if (text == NULL || *text == '\0')
    return;

  if (!is_chinese (text))
    g_error ("%s is not in Chinese: “%s”", where, text);
}

static void
check_menu (GMenuModel *menu,
            guint      *n_items)
{
  for (int i = 0; i < g_menu_model_get_n_items (menu); i++)
    {
      g_autofree char *label = NULL;
      g_autoptr(GMenuLinkIter) links = NULL;
      GMenuModel *link;

      if (g_menu_model_get_item_attribute (menu, i, G_MENU_ATTRIBUTE_LABEL, "s", &label))
        {
          g_assert_true (has_han (label));
          assert_chinese ("A menu item", label);
          (*n_items)++;
        }

      links = g_menu_model_iterate_item_links (menu, i);
      while (g_menu_link_iter_get_next (links, NULL, &link))
        {
          check_menu (link, n_items);
          g_object_unref (link);
        }
    }
}

/* Every label, tooltip and menu under @widget. Returns how many labels with
 * text it read. */
static guint
check_widget_tree (GtkWidget *widget,
                   guint     *n_menu_items)
{
  guint n_labels = 0;

  /* A menu's items are read from its model below; its key names, like
   * Ctrl+H, are GTK's. */
  if (GTK_IS_POPOVER_MENU (widget))
    return 0;

  assert_chinese ("A tooltip", gtk_widget_get_tooltip_text (widget));

  if (GTK_IS_LABEL (widget))
    {
      const char *text = gtk_label_get_text (GTK_LABEL (widget));

      assert_chinese ("A label", text);
      if (*text != '\0')
        n_labels++;
    }

  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)) != NULL)
    check_menu (gtk_menu_button_get_menu_model (GTK_MENU_BUTTON (widget)), n_menu_items);

  for (GtkWidget *child = gtk_widget_get_first_child (widget);
       child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n_labels += check_widget_tree (child, n_menu_items);

  return n_labels;
}

static void
test_catalog (void)
{
  /* Not the widgets yet: only that the compiled catalog is found. */
  if (g_strcmp0 (_("Tic-Tac-Toe"), "Tic-Tac-Toe") == 0)
    g_error ("The title is not translated: %s/zh_CN/LC_MESSAGES/%s.mo was not built, "
             "not loaded (locale %s) or lacks it",
             bindtextdomain (GETTEXT_PACKAGE, NULL), GETTEXT_PACKAGE, setlocale (LC_MESSAGES, NULL));

  g_assert_cmpstr (_("Tic-Tac-Toe"), ==, "井字棋");
  g_assert_cmpstr (C_("difficulty", "Medium"), !=, "Medium");
}

static void
test_window (void)
{
  TttWindow *window = ttt_test_window_new (app);
  g_autofree char *cell_name = NULL;
  const char *status;
  guint n_menu_items = 0;
  guint n_labels;

  gtk_window_present (GTK_WINDOW (window));
  ttt_test_iterate ();

  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "井字棋");

  status = ttt_window_get_status (window);
  g_assert_cmpstr (status, ==, _("Your turn"));
  g_assert_cmpstr (status, !=, "Your turn");
  g_assert_true (has_han (status));

  /* The header bar, status, subtitle and scores, the tooltips and the
   * primary menu. */
  n_labels = check_widget_tree (GTK_WIDGET (window), &n_menu_items);
  g_assert_cmpuint (n_labels, >=, 8);
  /* Play With Someone Elsewhere, Play Over the Internet and Join With a
   * Code (hidden where the game is built without the network, but in the
   * menu's model), Show Analysis, Statistics, Sound; Preferences,
   * Keyboard Shortcuts, Help, About. */
  g_assert_cmpuint (n_menu_items, ==, 10);

  /* What a screen reader says about a cell. */
  cell_name = g_strdup_printf (_("Row %d, column %d, %s"), 2, 2, C_("mark", "empty"));
  g_assert_true (has_han (cell_name));
  assert_chinese ("A cell's name", cell_name);
  gtk_test_accessible_assert_property (ttt_window_get_cell (window, 4),
                                       GTK_ACCESSIBLE_PROPERTY_LABEL, cell_name);

  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

static void
test_preferences (void)
{
  TttWindow *window = ttt_test_window_new (app);
  TttPreferencesWindow *preferences;
  static const char *keys[] = { "difficulty", "first-player", "opponent" };
  guint n_menu_items = 0;

  preferences = ttt_preferences_window_new (ttt_application_get_settings (app), ttt_game_get_setup (ttt_window_get_game (window)));
  ttt_compat_dialog_present (GTK_WIDGET (preferences), GTK_WIDGET (window));
  ttt_test_iterate ();

  g_assert_true (has_han (ttt_compat_dialog_get_title (GTK_WIDGET (preferences))));
  assert_chinese ("The preferences title", ttt_compat_dialog_get_title (GTK_WIDGET (preferences)));
  g_assert_cmpuint (check_widget_tree (GTK_WIDGET (preferences), &n_menu_items), >=, 10);

  /* The choices, including those not shown until the list opens. */
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GListModel *model = adw_combo_row_get_model (ttt_test_preferences_row (preferences, keys[i]));

      g_assert_cmpuint (g_list_model_get_n_items (model), >=, 2);
      for (guint j = 0; j < g_list_model_get_n_items (model); j++)
        {
          const char *item = gtk_string_list_get_string (GTK_STRING_LIST (model), j);

          g_assert_true (has_han (item));
          assert_chinese ("A drop-down item", item);
        }
    }

  ttt_compat_dialog_destroy (GTK_WIDGET (preferences));
  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

/* The Statistics window, its rows as a screen reader hears them, and the
 * notice of a reset. */
static void
test_statistics (void)
{
  TttWindow *window = ttt_test_window_new (app);
  TttStatistics *statistics = ttt_application_get_statistics (app);
  TttStatisticsWindow *statistics_window;
  guint n_menu_items = 0;

  ttt_statistics_reset_all (statistics);
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_WON);
  ttt_statistics_record (statistics, TTT_TALLY_MEDIUM, TTT_RESULT_LOST);
  ttt_statistics_record (statistics, TTT_TALLY_TWO_PLAYERS, TTT_RESULT_DRAWN);
  gtk_window_present (GTK_WINDOW (window));
  ttt_test_iterate ();

  statistics_window = ttt_test_open_statistics (window);
  g_assert_true (has_han (ttt_compat_dialog_get_title (GTK_WIDGET (statistics_window))));
  g_assert_cmpuint (check_widget_tree (GTK_WIDGET (statistics_window), &n_menu_items), >=, 10);

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    {
      GtkWidget *row = GTK_WIDGET (ttt_statistics_window_get_row (statistics_window, id));
      GtkWidget *reset = GTK_WIDGET (ttt_statistics_window_get_reset (statistics_window, id));

      /* No row for a level its game does not offer. */
      if (!ttt_tally_id_is_shown (id))
        continue;

      assert_chinese ("A row's title", adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)));
      assert_chinese ("A row's line", adw_action_row_get_subtitle (ADW_ACTION_ROW (row)));
      g_assert_true (has_han (gtk_widget_get_tooltip_text (reset)));
    }

  g_signal_emit_by_name (ttt_statistics_window_get_reset (statistics_window, TTT_TALLY_MEDIUM), "clicked");
  ttt_test_iterate ();
  g_assert_nonnull (ttt_statistics_window_get_undo_toast (statistics_window));
  g_assert_true (has_han (ttt_test_toast_title (ttt_statistics_window_get_undo_toast (statistics_window))));
  assert_chinese ("The notice of a reset", ttt_test_toast_title (ttt_statistics_window_get_undo_toast (statistics_window)));

  ttt_compat_dialog_destroy (GTK_WIDGET (statistics_window));
  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

/* The coach in Chinese: the analysis on the cells, and a review with its
 * summary, explanation line, grades and buttons. */
/* The review keeps two lines of room for its summary, measured with a
 * sample of the language's own script: a line of Chinese in a CJK font
 * is taller than "Ag" in a Latin one, and was cut. */
static void
assert_review_lines_fit (TttWindow *window)
{
  const char *line = C_("line-height sample", "Ag");
  GtkWidget *label = ttt_test_window_child (window, "summary_label");
  GtkScrolledWindow *scroller = GTK_SCROLLED_WINDOW (ttt_test_window_child (window, "summary_scroller"));
  g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, "下棋\n下棋");
  int height;

  g_assert_true (has_han (line));
  pango_layout_get_pixel_size (layout, NULL, &height);
  g_assert_cmpint (gtk_scrolled_window_get_min_content_height (scroller), >=, height);
}

static void
test_coach (void)
{
  static const int moves[] = { 4, 0, 8, 3, 6, 7, 2 };
  TttWindow *window = ttt_test_window_new (app);
  TttGame *game = ttt_window_get_game (window);
  TttBoardView *board = ttt_window_get_board (window);
  GtkWidget *review_box = ttt_test_window_child (window, "review_box");
  guint n_menu_items = 0;

  gtk_window_present (GTK_WINDOW (window));
  ttt_test_iterate ();

  /* After a first move: the empty board has no labels. */
  ttt_setup_set_opponent (ttt_game_get_setup (game), TTT_OPPONENT_HUMAN);
  g_assert_true (ttt_game_play (game, moves[0]));
  ttt_test_activate (window, "win.show-analysis");
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      const char *note = ttt_board_view_get_note (board, cell, NULL);

      if (cell == moves[0])
        continue;
      g_assert_nonnull (note);
      g_assert_true (has_han (note));
      assert_chinese ("An analysis label", note);
    }

  ttt_game_start_new (game);
  for (guint i = 0; i < G_N_ELEMENTS (moves); i++)
    g_assert_true (ttt_game_play (game, moves[i]));
  ttt_test_iterate ();

  ttt_test_activate (window, "win.review");
  assert_review_lines_fit (window);
  ttt_test_press (window, GDK_KEY_Home);
  for (guint i = 0; i < 4; i++)
    ttt_test_press (window, GDK_KEY_Right);
  g_assert_cmpuint (ttt_review_cursor_get_position (ttt_window_get_review (window)), ==, 4);

  /* Summary, line, position and Done; in the list of moves, the start,
   * then each move's number, cell and grade. */
  g_assert_cmpuint (check_widget_tree (review_box, &n_menu_items), ==, 4 + 1 + 7 * 3);
  g_assert_true (has_han (ttt_window_get_status (window)));
  g_assert_true (has_han (ttt_board_view_get_note (board, 3, NULL)));
  assert_chinese ("A grade", ttt_board_view_get_note (board, 3, NULL));

  ttt_test_press (window, GDK_KEY_Home);
  assert_chinese ("The review's first line", ttt_window_get_status (window));
  g_assert_cmpuint (check_widget_tree (review_box, &n_menu_items), ==, 4 + 1 + 7 * 3);

  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

static void
test_shortcuts (void)
{
  TttWindow *window = ttt_test_window_new (app);
  TttShortcutsWindow *shortcuts;
  g_autoptr(GPtrArray) todo = g_ptr_array_new ();
  guint n_groups = 0;
  guint n_rows = 0;

  gtk_window_present (GTK_WINDOW (window));
  shortcuts = ttt_test_open_shortcuts (window);
  assert_chinese ("The shortcuts window's title", ttt_compat_dialog_get_title (GTK_WIDGET (shortcuts)));
  g_assert_true (has_han (ttt_compat_dialog_get_title (GTK_WIDGET (shortcuts))));

  /* Only our own titles: the key names come from GTK's catalog. */
  g_ptr_array_add (todo, shortcuts);
  while (todo->len > 0)
    {
      GtkWidget *widget = g_ptr_array_steal_index (todo, todo->len - 1);
      const char *title = NULL;

      if (ADW_IS_PREFERENCES_GROUP (widget))
        {
          title = adw_preferences_group_get_title (ADW_PREFERENCES_GROUP (widget));
          n_groups++;
        }
      else if (ADW_IS_ACTION_ROW (widget))
        {
          title = adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget));
          assert_chinese ("A shortcut's note", adw_action_row_get_subtitle (ADW_ACTION_ROW (widget)));
          n_rows++;
        }
      if (title != NULL)
        {
          g_assert_true (has_han (title));
          assert_chinese ("A shortcut title", title);
        }

      for (GtkWidget *child = gtk_widget_get_first_child (widget);
           child != NULL;
           child = gtk_widget_get_next_sibling (child))
        g_ptr_array_add (todo, child);
    }

  g_assert_cmpuint (n_groups, ==, 5);
  /* Every shortcut of the window, Ultimate's "Choose another board" the
   * last added. */
  g_assert_cmpuint (n_rows, ==, 23);

  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

/* Every language at 360 px */

/* Fails, naming what is too wide, unless @content fits @width. */
static void
assert_fits (const char *language,
             const char *where,
             GtkWidget  *content,
             int         width)
{
  GString *wide = g_string_new (NULL);
  int minimum;

  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum <= width)
    {
      g_string_free (wide, TRUE);
      return;
    }

  /* The widgets at least as wide as the limit, innermost last. */
  for (GtkWidget *w = content; w != NULL;)
    {
      GtkWidget *widest = NULL;
      int widest_minimum = 0;

      for (GtkWidget *c = gtk_widget_get_first_child (w); c != NULL; c = gtk_widget_get_next_sibling (c))
        {
          int m;

          if (!gtk_widget_should_layout (c))
            continue;
          gtk_widget_measure (c, GTK_ORIENTATION_HORIZONTAL, -1, &m, NULL, NULL, NULL);
          if (m > widest_minimum)
            {
              widest = c;
              widest_minimum = m;
            }
        }
      if (widest != NULL)
        g_string_append_printf (wide, " > %s.%s %d px", G_OBJECT_TYPE_NAME (widest),
                                gtk_widget_get_css_classes (widest)[0] != NULL
                                  ? gtk_widget_get_css_classes (widest)[0] : "",
                                widest_minimum);
      w = widest;
    }

  g_error ("%s: %s needs %d px, more than %d:%s", language, where, minimum, width, wide->str);
}

static char **
linguas (void)
{
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GStrvBuilder) languages = g_strv_builder_new ();
  g_auto(GStrv) lines = NULL;

  if (!g_file_get_contents (g_test_get_filename (G_TEST_DIST, "..", "po", "LINGUAS", NULL),
                            &text, NULL, &error))
    g_error ("%s", error->message);

  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] != '\0' && lines[i][0] != '#')
        g_strv_builder_add (languages, lines[i]);
    }

  return g_strv_builder_end (languages);
}

static void
check_narrow_window (const char *language)
{
  TttWindow *window = ttt_test_window_new (app);
  GtkWidget *content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  GtkWidget *header = gtk_widget_get_ancestor (ttt_test_window_child (window, "window_title"), ADW_TYPE_HEADER_BAR);

  gtk_window_present (GTK_WINDOW (window));
  ttt_test_iterate ();

  /* At the start; the status's stack measures the end's page too. */
  assert_fits (language, "the window", content, 360);
  ttt_test_set_content_size (window, 360, 600);
  ttt_test_assert_labels_whole (header);
  ttt_test_assert_labels_whole (ttt_test_window_child (window, "badges"));

  /* The end, between two people so that it needs no computer. */
  g_settings_set_string (ttt_application_get_settings (app), "opponent", "human");
  ttt_test_iterate ();
  ttt_test_play_top_row_for_x (window);
  ttt_test_iterate ();
  assert_fits (language, "the window at the end", content, 360);
  ttt_test_assert_labels_whole (header);
  ttt_test_assert_labels_whole (ttt_test_window_child (window, "status_stack"));

  /* And its review. */
  ttt_test_activate (window, "win.review");
  ttt_test_press (window, GDK_KEY_Home);
  ttt_test_press (window, GDK_KEY_Right);
  assert_fits (language, "the window in a review", content, 360);
  ttt_test_assert_labels_whole (ttt_test_window_child (window, "review_box"));

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (ttt_application_get_settings (app), "opponent");
  ttt_test_iterate ();
}

/* Ultimate at 360 × 600: 81 cells of 32 px or more inside the board, and
 * the words around it whole, at the start and at the end of a game
 * between two people. */
static void
check_narrow_ultimate (const char *language)
{
  GSettings *settings = ttt_application_get_settings (app);
  TttWindow *window;
  TttGame *game;
  GtkWidget *content;
  GtkWidget *header;

  g_settings_set_string (settings, "game", "ultimate");
  g_settings_set_string (settings, "opponent", "human");
  window = ttt_test_window_new (app);
  game = ttt_window_get_game (window);
  content = adw_application_window_get_content (ADW_APPLICATION_WINDOW (window));
  header = gtk_widget_get_ancestor (ttt_test_window_child (window, "window_title"), ADW_TYPE_HEADER_BAR);
  gtk_window_present (GTK_WINDOW (window));
  ttt_test_iterate ();
  g_assert_cmpint (ttt_game_get_variant (game), ==, TTT_VARIANT_ULTIMATE);

  assert_fits (language, "the window in Ultimate", content, 360);
  ttt_test_set_content_size (window, 360, 600);
  ttt_test_assert_cells_whole (window, 32);
  ttt_test_assert_labels_whole (header);

  /* To the end: the first legal cell each time, the same game in every
   * language. */
  while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    {
      int move = 0;

      while (!ttt_match_is_legal (ttt_game_get_match (game), move))
        move++;
      g_assert_true (ttt_game_play (game, move));
    }
  ttt_test_iterate ();
  assert_fits (language, "the window at the end of Ultimate", content, 360);
  ttt_test_assert_cells_whole (window, 32);
  ttt_test_assert_labels_whole (header);
  ttt_test_assert_labels_whole (ttt_test_window_child (window, "status_stack"));

  /* Its review, at a move of two digits, the widest "Move 12 of 34". */
  ttt_test_activate (window, "win.review");
  g_assert_cmpuint (ttt_game_get_n_moves (game), >=, 10);
  ttt_test_press (window, GDK_KEY_Home);
  for (guint i = 0; i < 10; i++)
    ttt_test_press (window, GDK_KEY_Right);
  assert_fits (language, "the window in a review of Ultimate", content, 360);
  ttt_test_assert_labels_whole (ttt_test_window_child (window, "review_box"));
  ttt_test_activate (window, "win.review-done");

  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "game");
  g_settings_reset (settings, "opponent");
  ttt_test_iterate ();
}

/* Until @widget is laid out, as a toast is once it has come in. */
static void
wait_for_width (GtkWidget *widget)
{
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;

  while (gtk_widget_get_width (widget) == 0 && g_get_monotonic_time () < deadline)
    g_main_context_iteration (NULL, FALSE);
  ttt_test_iterate ();
  g_assert_cmpint (gtk_widget_get_width (widget), >, 0);
}

static void
check_narrow_dialogs (const char *language)
{
  TttWindow *window = ttt_test_window_new (app);
  TttPreferencesWindow *preferences;
  TttStatisticsWindow *statistics;
  AdwToast *toast;
  GtkWidget *content;

  gtk_window_present (GTK_WINDOW (window));
  ttt_test_iterate ();

  preferences = ttt_preferences_window_new (ttt_application_get_settings (app), ttt_game_get_setup (ttt_window_get_game (window)));
  /* A window of its own on libadwaita 1.2; a dialog after, which at
   * 360 px is a sheet as wide as the game's window: made narrow first,
   * as a phone's is. */
  if (!GTK_IS_WINDOW (preferences))
    ttt_test_set_content_size (window, 360, 600);
  ttt_compat_dialog_present (GTK_WIDGET (preferences), GTK_WIDGET (window));
  ttt_test_iterate ();
  content = ttt_compat_dialog_get_child (GTK_WIDGET (preferences));
  assert_fits (language, "the preferences", content, 360);
  if (GTK_IS_WINDOW (preferences))
    ttt_test_set_window_content_size (GTK_WINDOW (preferences), content, 360, 600);
  else
    {
      wait_for_width (content);
      g_assert_cmpint (gtk_widget_get_width (content), <=, 360);
    }
  ttt_test_assert_labels_whole (content);
  ttt_compat_dialog_destroy (GTK_WIDGET (preferences));
  ttt_test_iterate ();

  /* The New Game screen, as it opens on a classic game against the
   * computer and on Ultimate between two people (whose first-move row
   * says another line). */
  for (int ultimate = 0; ultimate <= 1; ultimate++)
    {
      GSettings *settings = ttt_application_get_settings (app);
      GtkWidget *new_game;

      if (ultimate)
        {
          g_settings_set_string (settings, "game", "ultimate");
          g_settings_set_string (settings, "opponent", "human");
          ttt_test_iterate ();
        }
      new_game = ttt_window_choose_game (window);
      ttt_test_iterate ();
      content = ttt_compat_dialog_get_child (new_game);
      /* On the second, the row of someone elsewhere open on its ways. */
      if (ultimate)
        {
          GObject *ways = gtk_widget_get_template_child (new_game, TTT_TYPE_NEW_GAME_DIALOG, "network_row");

          adw_expander_row_set_expanded (ADW_EXPANDER_ROW (ways), TRUE);
          ttt_test_iterate ();
        }
      assert_fits (language, ultimate ? "the New Game screen on Ultimate" : "the New Game screen", content, 360);
      ttt_test_set_dialog_width (window, new_game, 360, 600);
      ttt_test_assert_labels_whole (content);
      ttt_compat_dialog_destroy (new_game);
      g_settings_reset (settings, "game");
      g_settings_reset (settings, "opponent");
      ttt_test_iterate ();
    }

  /* The keyboard shortcuts, every line whole, its words wrapped only
   * between words. */
  {
    TttShortcutsWindow *shortcuts = ttt_test_open_shortcuts (window);

    content = ttt_compat_dialog_get_child (GTK_WIDGET (shortcuts));
    assert_fits (language, "the keyboard shortcuts", content, 360);
    ttt_test_set_dialog_width (window, GTK_WIDGET (shortcuts), 360, 600);
    ttt_test_assert_labels_whole (content);
    ttt_test_assert_words_whole (content);
    ttt_compat_dialog_destroy (GTK_WIDGET (shortcuts));
    ttt_test_iterate ();
  }

  statistics = ttt_test_open_statistics (window);
  content = ttt_compat_dialog_get_child (GTK_WIDGET (statistics));
  assert_fits (language, "the statistics", content, 360);
  ttt_test_set_dialog_width (window, GTK_WIDGET (statistics), 360, 600);
  ttt_test_assert_labels_whole (content);

  /* With a reset's notice: the two players' game of check_narrow_window()
   * is there to reset. */
  g_signal_emit_by_name (ttt_statistics_window_get_reset (statistics, TTT_TALLY_TWO_PLAYERS), "clicked");
  toast = ttt_statistics_window_get_undo_toast (statistics);
  g_assert_nonnull (toast);
  wait_for_width (adw_toast_get_custom_title (toast));
  ttt_test_assert_labels_whole (content);
  g_signal_emit_by_name (toast, "button-clicked");

  gtk_window_destroy (GTK_WINDOW (window));
  ttt_test_iterate ();
}

/* @text without the word joiners (U+2060) that hold words together. */
static char *
without_joiners (const char *text)
{
  GString *plain = g_string_new (NULL);

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_utf8_get_char (p) != 0x2060)
      g_string_append_unichar (plain, g_utf8_get_char (p));

  return g_string_free (plain, FALSE);
}

static gboolean
shows_whole (GtkWidget *widget,
             gpointer   text,
             gboolean  *prune)
{
  g_autofree char *plain = NULL;

  if (!GTK_IS_LABEL (widget) || !gtk_widget_get_mapped (widget))
    return FALSE;
  plain = without_joiners (gtk_label_get_text (GTK_LABEL (widget)));
  return g_strcmp0 (plain, text) == 0 &&
         !pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
}

static gboolean
is_cut (GtkWidget *widget,
        gpointer   data,
        gboolean  *prune)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
}

/* The subtitle, where it has to go on two lines, breaks only after a
 * space, between its parts ("Ultimate · You play X · Medium"): in
 * Chinese it split 中等. Laid out a little narrower than its one line,
 * its last word must go to the next line whole. */
static void
assert_subtitle_lines (GtkWidget *widget)
{
  g_autoptr(PangoLayout) layout = NULL;
  const char *text;
  int width;

  g_assert_true (GTK_IS_LABEL (widget));
  layout = pango_layout_copy (gtk_label_get_layout (GTK_LABEL (widget)));
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  pango_layout_get_pixel_size (layout, &width, NULL);
  pango_layout_set_width (layout, (width - 4) * PANGO_SCALE);
  text = pango_layout_get_text (layout);
  /* A subtitle of one word ("双人对战") has nowhere else to break. */
  if (strchr (text, ' ') == NULL)
    return;
  g_assert_cmpint (pango_layout_get_line_count (layout), >=, 2);
  for (GSList *l = pango_layout_get_lines_readonly (layout); l != NULL; l = l->next)
    {
      int start = pango_layout_line_get_start_index (l->data);

      if (start > 0 && !g_unichar_isspace (g_utf8_get_char (g_utf8_prev_char (text + start))))
        g_error ("the subtitle “%s” breaks inside a word on two lines", text);
    }
}

/* The narrow subtitle is whole within its lines in any font: laid out
 * only as wide as its widest part (as "Ultimate ·"), a part on a line,
 * it still fits them. Japanese's three parts ("アルティメット · あなたは
 * X · クラブ級") needed three lines at 360 px with a wide Japanese font
 * (Noto Sans CJK) and were cut; in the suite's font they fit two. */
static void
assert_subtitle_parts_fit (GtkWidget *widget)
{
  g_autoptr(PangoLayout) layout = NULL;
  g_auto(GStrv) parts = NULL;
  const char *text;
  int widest = 0;

  g_assert_true (GTK_IS_LABEL (widget));
  layout = pango_layout_copy (gtk_label_get_layout (GTK_LABEL (widget)));
  pango_layout_set_width (layout, -1);
  pango_layout_set_ellipsize (layout, PANGO_ELLIPSIZE_NONE);
  text = gtk_label_get_text (GTK_LABEL (widget));
  parts = g_strsplit (text, " · ", -1);
  for (guint i = 0; parts[i] != NULL; i++)
    {
      g_autofree char *part = parts[i + 1] != NULL ? g_strconcat (parts[i], " ·", NULL) : g_strdup (parts[i]);
      int width;

      pango_layout_set_text (layout, part, -1);
      pango_layout_get_pixel_size (layout, &width, NULL);
      widest = MAX (widest, width);
    }
  pango_layout_set_text (layout, text, -1);
  pango_layout_set_width (layout, widest * PANGO_SCALE);
  if (pango_layout_get_line_count (layout) > gtk_label_get_lines (GTK_LABEL (widget)))
    g_error ("the narrow subtitle “%s” needs %d lines at the width of its widest part, more than its %d",
             text, pango_layout_get_line_count (layout), gtk_label_get_lines (GTK_LABEL (widget)));
}

/* The subtitle of each kind of game at 360 px, beside a title bar with
 * minimize and maximize buttons too: shown whole, and nothing in the
 * header cut. */
static void
check_narrow_subtitle (const char *language)
{
  static const char *games[] = { "classic", "ultimate" };
  static const char *opponents[] = { "computer", "human" };
  GSettings *settings = ttt_application_get_settings (app);

  g_object_set (gtk_settings_get_default (), "gtk-decoration-layout", ":minimize,maximize,close", NULL);
  for (guint g = 0; g < G_N_ELEMENTS (games); g++)
    for (guint o = 0; o < G_N_ELEMENTS (opponents); o++)
      {
        gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
        TttWindow *window;
        GtkWidget *title, *header;
        const char *subtitle;
        g_autofree char *shown = NULL;

        g_settings_set_string (settings, "game", games[g]);
        g_settings_set_string (settings, "opponent", opponents[o]);
        window = ttt_test_window_new (app);
        title = ttt_test_window_child (window, "window_title");
        header = gtk_widget_get_ancestor (title, ADW_TYPE_HEADER_BAR);
        gtk_window_present (GTK_WINDOW (window));
        ttt_test_iterate ();
        /* A desktop's title bar (a phone's has no minimize or maximize
         * button): there Chinese Ultimate's subtitle on two lines needs
         * 602 px, more than the 600 px of a phone. */
        ttt_test_set_content_size (window, 360, 640);
        subtitle = adw_window_title_get_subtitle (ADW_WINDOW_TITLE (title));
        g_assert_true (subtitle != NULL && *subtitle != '\0');

        /* In a header too narrow for the title, fewer words. */
        shown = without_joiners (gtk_label_get_text (GTK_LABEL (ttt_test_window_child (window, "narrow_subtitle"))));
        g_assert_cmpstr (shown, !=, "");

        /* Until the squeezed title has gone from the header. */
        while ((ttt_test_find_widget (GTK_WIDGET (window), shows_whole, (gpointer) subtitle) == NULL &&
                ttt_test_find_widget (GTK_WIDGET (window), shows_whole, shown) == NULL) ||
               ttt_test_find_widget (header, is_cut, NULL) != NULL)
          {
            if (g_get_monotonic_time () > deadline)
              g_error ("%s: the subtitle “%s” is not shown whole at 360 px", language, shown);
            g_main_context_iteration (NULL, FALSE);
          }
        ttt_test_iterate ();
        ttt_test_assert_labels_whole (header);
        assert_subtitle_lines (ttt_test_window_child (window, "narrow_subtitle"));
        assert_subtitle_parts_fit (ttt_test_window_child (window, "narrow_subtitle"));
        g_test_message ("%s, %s against %s: “%s” (narrow “%s”) in a header bar %d px tall", language, games[g],
                        opponents[o], subtitle, shown, gtk_widget_get_height (header));
        gtk_window_destroy (GTK_WINDOW (window));
        ttt_test_iterate ();
      }
  g_settings_reset (settings, "game");
  g_settings_reset (settings, "opponent");
  ttt_test_use_gnome_title_bar ();
}

static void
test_every_language_subtitle (void)
{
  g_auto(GStrv) languages = linguas ();

  ttt_test_use_language (NULL);
  check_narrow_subtitle ("en");
  for (guint i = 0; languages[i] != NULL; i++)
    {
      ttt_test_use_language (languages[i]);
      check_narrow_subtitle (languages[i]);
    }
  ttt_test_use_language ("zh_CN");
}

static void
test_every_language_narrow (void)
{
  g_auto(GStrv) languages = linguas ();

  g_assert_cmpuint (g_strv_length (languages), >=, 6);

  for (guint i = 0; languages[i] != NULL; i++)
    {
      ttt_test_use_language (languages[i]);
      /* Not English by accident: the catalog is the one in use. */
      g_assert_cmpstr (C_("difficulty", "Medium"), !=, "Medium");

      check_narrow_window (languages[i]);
      check_narrow_ultimate (languages[i]);
      check_narrow_dialogs (languages[i]);
    }

  ttt_test_use_language ("zh_CN");
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *localedir = NULL;
  int status;

  g_setenv ("LANGUAGE", "zh_CN", TRUE);
  ttt_test_use_own_data_home ();

  /* As gtk_test_init(), but with a locale that lets LANGUAGE work. */
  g_test_init (&argc, &argv, NULL);
  gtk_disable_setlocale ();
  ttt_test_use_translating_locale ();
  gtk_init ();
  ttt_test_use_gnome_title_bar ();

  /* The catalogs that the build compiled: <builddir>/po/<lang>/LC_MESSAGES. */
  localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  app = ttt_test_application_new ();

  g_test_add_func ("/translation/zh_CN/catalog", test_catalog);
  g_test_add_func ("/translation/zh_CN/window", test_window);
  g_test_add_func ("/translation/zh_CN/preferences", test_preferences);
  g_test_add_func ("/translation/zh_CN/shortcuts", test_shortcuts);
  g_test_add_func ("/translation/zh_CN/statistics", test_statistics);
  g_test_add_func ("/translation/zh_CN/coach", test_coach);
  g_test_add_func ("/translation/every-language/narrow", test_every_language_narrow);
  g_test_add_func ("/translation/every-language/subtitle", test_every_language_subtitle);

  status = g_test_run ();
  g_clear_object (&app);

  return status;
}
