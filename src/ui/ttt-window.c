/* ttt-window.c — the game window: badges, board, status and actions
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window only shows what its TttGame tells it and forwards what the
 * player asks for. The application creates and configures the game and
 * hands it over, with the settings, as construct-only properties, so
 * g_object_new (TTT_TYPE_WINDOW, …) alone builds a working window.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-accessible.h"
#include "ttt-announcer.h"
#include "ttt-board-view.h"
#include "ttt-coach.h"
#include "ttt-names.h"
#include "ttt-news.h"
#include "ttt-player-badge.h"
#include "ttt-new-game-dialog.h"
#include "ttt-review-cursor.h"
#include "ttt-shortcuts-window.h"
#include "ttt-sound-player.h"
#include "ttt-window-private.h"
#include "ttt-words.h"

struct _TttWindow
{
  AdwApplicationWindow  parent_instance;

  TttGame              *game;
  GSettings            *settings;
  /* The game's, followed for the score. */
  TttStatistics        *statistics;
  TttSoundPlayer       *sound_player;

  /* What a screen reader hears of the game, and how it gets there. */
  TttNews              *news;
  TttAnnouncer         *announcer;

  gboolean              show_analysis;
  /* Why the hint shown on the board is good, until the next move. */
  /* The finished game being reviewed, or NULL in play. */
  TttReviewCursor      *review;
  /* The review's line as the buttons say it, so that it is said once. */
  char                 *review_said;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  /* The toast of the last level change, on show or waiting to be, and,
   * while one that went is still sinking, the next one waiting. */
  AdwToast             *level_toast;
  AdwToast             *waiting_level_toast;
  guint                 level_toast_delay_id;
  gint64                level_toast_gone_at;
  /* Whether a key, rather than a click, was the last input. */
  gboolean              keyboard_last;
  /* Holds GTK's timeout that would hide the focus ring. */
  guint                 hold_ring_id;
  GtkWidget            *notice_bar;
  GtkLabel             *notice_label;
  GtkButton            *notice_close_button;
  AdwWindowTitle       *window_title;
  GtkWidget            *narrow_subtitle;
  GtkMenuButton        *menu_button;
  GtkWidget            *badges;
  TttPlayerBadge       *badge_start;
  TttPlayerBadge       *badge_end;
  GtkWidget            *draws_box;
  GtkLabel             *draws_value;
  TttBoardView             *board;
  GtkStack             *status_stack;
  GtkSpinner           *spinner;
  GtkLabel             *status_label;
  GtkLabel             *result_label;
  GtkButton            *review_button;
  GtkButton            *play_again_button;
  GtkWidget            *review_box;
  GtkWidget            *hint_button;
  GtkLabel             *summary_label;
  GtkLabel             *move_label;
  GtkScrolledWindow    *summary_scroller;
  GtkScrolledWindow    *move_scroller;
  GtkLabel             *position_label;
  GtkMenuButton        *position_button;
  GtkPopover           *moves_popover;
  GtkListBox           *move_list;
  guint                 scroll_moves_id;
  GtkWidget            *previous_button;
  GtkWidget            *next_button;
  GtkWidget            *done_button;
};

G_DEFINE_FINAL_TYPE (TttWindow, ttt_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SETTINGS,
  PROP_SHOW_ANALYSIS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
update_subtitle (TttWindow *self)
{
  g_autofree char *subtitle = ttt_words_subtitle (self->game);

  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* The same words where the header has no room for the title too. */
  gtk_label_set_text (GTK_LABEL (self->narrow_subtitle), subtitle);
}


/* The review */

static gboolean
review_has_focus (TttWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && gtk_widget_is_ancestor (focus, self->review_box);
}

/* A new text is read from its start. */
static void
scroll_to_top (GtkScrolledWindow *scroller)
{
  GtkAdjustment *adjustment = gtk_scrolled_window_get_vadjustment (scroller);

  gtk_adjustment_set_value (adjustment, gtk_adjustment_get_lower (adjustment));
}

/* The part of the menu button that takes the focus and is heard. */
static GtkWidget *
position_toggle (TttWindow *self)
{
  return gtk_widget_get_first_child (GTK_WIDGET (self->position_button));
}

/* The words of the review follow its cursor: the explanation line, where
 * in the game it is, and, for a screen reader, the same line as the
 * description of the board and as news. */
static void
update_review (TttWindow *self)
{
  guint position = ttt_review_cursor_get_position (self->review);
  gboolean has_previous = ttt_review_cursor_get_has_previous (self->review);
  gboolean has_next = ttt_review_cursor_get_has_next (self->review);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  g_autofree char *move_text = ttt_review_cursor_dup_move_text (self->review);
  g_autofree char *position_text = NULL;

  if (move_text == NULL)
    /* Translators: the review's line for the empty board it starts from. */
    move_text = g_strdup (_("Before the first move."));

  if (position == 0)
    /* Translators: where the review is, on the empty board; it stands in
     * for "Move 1 of 7" in the same place. */
    position_text = g_strdup (C_("review", "Start"));
  else
    /* Translators: where the review is: the move shown and how many the
     * game had. */
    position_text = g_strdup_printf (_("Move %1$u of %2$u"), position,
                                     ttt_review_cursor_get_n_moves (self->review));

  gtk_label_set_label (self->move_label, move_text);
  scroll_to_top (self->move_scroller);
  gtk_label_set_label (self->position_label, position_text);
  /* The button that opens the list of moves is named by where the
   * review is; its tooltip says what it does. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (position_toggle (self)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, position_text,
                                  -1);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-first", has_previous);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-previous", has_previous);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-next", has_next);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-last", has_next);

  /* A button that has reached the end of the game hands the focus to the
   * other rather than drop it. A screen reader hears the line once per
   * position, as news once the focus is where it goes: not as the
   * buttons' description, which GTK 4.8 sends again as the focus reaches
   * a button (heard twice, or the old line and then the new). The same
   * line again (the window updates more than once a step) is not news. */
  if (focus == self->next_button && !has_next)
    gtk_widget_grab_focus (self->previous_button);
  else if (focus == self->previous_button && !has_previous)
    gtk_widget_grab_focus (self->next_button);

  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, move_text,
                                  -1);
  if (g_strcmp0 (self->review_said, move_text) != 0)
    {
      GtkWidget *toggle = position_toggle (self);

      g_free (self->review_said);
      self->review_said = g_strdup (move_text);
      /* The button of the list describes the line it stands for, which
       * on it is the news: after a jump, Orca presents the button anew
       * as the window has its focus back from the list, and a change of
       * its description before that would not be heard. */
      ttt_announcer_describe_full (toggle, move_text, FALSE);
      if (review_has_focus (self) && gtk_root_get_focus (GTK_ROOT (self)) != toggle)
        ttt_announcer_announce (self->announcer, move_text);
    }
}

/* The review's summary and explanation are two lines tall whatever they
 * say, and the review shares the room of the status (a homogeneous
 * stack): the board keeps its size and place when the game ends, when
 * the review opens and when an explanation wraps. Two lines of the font
 * in use, measured again when the font changes. A longer text (Ultimate
 * explains a move in up to eight lines at 360 px in Spanish) scrolls in
 * its two lines rather than push the board or be cut. */
static void
reserve_review_lines (TttWindow *self)
{
  GtkScrolledWindow *scrollers[] = { self->summary_scroller, self->move_scroller };
  GtkWidget *labels[] = { GTK_WIDGET (self->summary_label), GTK_WIDGET (self->move_label) };

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (labels[i], "Ag\nAg");
      int height;

      pango_layout_get_pixel_size (layout, NULL, &height);
      gtk_scrolled_window_set_min_content_height (scrollers[i], height);
      gtk_scrolled_window_set_max_content_height (scrollers[i], height);
    }
}

static void update_status (TttWindow *self);

/* The list of moves: one row per position, the empty board first, then
 * each move by its number, its cell as a screen reader names a cell and,
 * once it is known, its grade. A row goes to its position, as the step
 * buttons do, and the list closes on the way. */
static GtkWidget *
move_row_new (TttReviewCursor *review,
              guint            number)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 12);
  GtkWidget *number_label = gtk_label_new (NULL);
  GtkWidget *place_label;
  g_autofree char *place = NULL;
  g_autofree char *name = NULL;
  int cell;
  TttMark mark;
  TttReview graded;

  gtk_widget_add_css_class (number_label, "numeric");
  gtk_widget_add_css_class (number_label, "dim-label");
  gtk_label_set_width_chars (GTK_LABEL (number_label), 2);
  gtk_label_set_xalign (GTK_LABEL (number_label), 1.0);
  gtk_box_append (GTK_BOX (box), number_label);

  if (!ttt_review_cursor_get_move (review, number, &cell, &mark, &graded))
    place = g_strdup (C_("review", "Start"));
  else if (ttt_review_cursor_get_variant (review) == TTT_VARIANT_ULTIMATE)
    place = ttt_words_ultimate_cell_name (cell, mark);
  else
    /* Translators: the name of a cell for a screen reader, e.g. "Row 2,
     * column 3, X" (or "empty"). */
    place = g_strdup_printf (_("Row %d, column %d, %s"), cell / 3 + 1, cell % 3 + 1,
                             ttt_names_mark (mark));

  place_label = gtk_label_new (place);
  gtk_label_set_wrap (GTK_LABEL (place_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (place_label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_max_width_chars (GTK_LABEL (place_label), 24);
  gtk_label_set_xalign (GTK_LABEL (place_label), 0.0);
  gtk_widget_set_hexpand (place_label, TRUE);
  gtk_box_append (GTK_BOX (box), place_label);

  if (number == 0)
    name = g_strdup (place);
  else if (ttt_review_cursor_get_ready (review) && ttt_review_cursor_get_graded (review, number))
    {
      static const char *classes[] = {
        [TTT_GRADE_BEST] = "dim-label", [TTT_GRADE_MISTAKE] = "warning", [TTT_GRADE_BLUNDER] = "error",
      };
      const char *grade = ttt_coach_grade_name (graded.grade);
      GtkWidget *grade_label = gtk_label_new (grade);

      gtk_widget_add_css_class (grade_label, classes[graded.grade]);
      gtk_box_append (GTK_BOX (box), grade_label);
      /* Translators: a move in the review's list of moves, as a screen
       * reader names it: its number, its cell ("Row 2, column 1, O", or
       * in Ultimate "Centre board, row 2, column 1, O") and its grade
       * ("Mistake"). */
      name = g_strdup_printf (C_("move list", "Move %1$u: %2$s, %3$s"), number, place, grade);
    }
  else
    /* Translators: as "Move %1$u: %2$s, %3$s", for a move that has no
     * grade (the computer's, or one of Ultimate not graded yet). */
    name = g_strdup_printf (C_("move list", "Move %1$u: %2$s"), number, place);

  if (number > 0)
    {
      g_autofree char *number_text = g_strdup_printf ("%u", number);

      gtk_label_set_label (GTK_LABEL (number_label), number_text);
    }

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                  -1);
  return row;
}

static void
fill_move_list (TttWindow *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->move_list))) != NULL)
    gtk_list_box_remove (self->move_list, child);
  if (self->review == NULL)
    return;

  for (guint number = 0; number <= ttt_review_cursor_get_n_moves (self->review); number++)
    gtk_list_box_append (self->move_list, move_row_new (self->review, number));
}

/* The row of the position shown, scrolled into the middle of the list's
 * view at the first frame the list has been laid out in: at the map the
 * rows have no place yet, and a long Ultimate game opened on its first
 * rows with the focus out of sight. (Set while the list is laid out, the
 * value was put back by the viewport's own allocation.) */
static gboolean
scroll_to_position_tick (GtkWidget     *list,
                         GdkFrameClock *clock,
                         gpointer       user_data)
{
  TttWindow *self = user_data;
  GtkWidget *scroller = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
  GtkListBoxRow *row = self->review != NULL
                       ? gtk_list_box_get_row_at_index (GTK_LIST_BOX (list),
                                                        ttt_review_cursor_get_position (self->review))
                       : NULL;
  GtkAdjustment *adjustment;
  graphene_rect_t bounds;

  /* Closed before it was laid out, or nothing to show. */
  if (scroller == NULL || row == NULL || !gtk_widget_get_mapped (list))
    {
      self->scroll_moves_id = 0;
      return G_SOURCE_REMOVE;
    }
  /* Not laid out yet: the next frame. */
  if (!gtk_widget_compute_bounds (GTK_WIDGET (row), list, &bounds) || bounds.size.height <= 0)
    return G_SOURCE_CONTINUE;

  adjustment = gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (scroller));
  gtk_adjustment_set_value (adjustment, bounds.origin.y + bounds.size.height / 2 -
                                        gtk_adjustment_get_page_size (adjustment) / 2);
  self->scroll_moves_id = 0;
  return G_SOURCE_REMOVE;
}

/* The list opens on the position shown, with the focus there. */
static void
moves_popover_mapped_cb (TttWindow *self)
{
  GtkListBoxRow *row;

  if (self->review == NULL)
    return;

  row = gtk_list_box_get_row_at_index (self->move_list, ttt_review_cursor_get_position (self->review));
  gtk_list_box_select_row (self->move_list, row);
  if (row != NULL)
    gtk_widget_grab_focus (GTK_WIDGET (row));
  if (self->scroll_moves_id != 0)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->move_list), self->scroll_moves_id);
  self->scroll_moves_id = gtk_widget_add_tick_callback (GTK_WIDGET (self->move_list),
                                                        scroll_to_position_tick, self, NULL);
}

/* Closed with Escape, the list gives the focus back to its button
 * rather than drop it; a click elsewhere keeps the focus it gave. */
static void
moves_popover_closed_cb (TttWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (self->review != NULL &&
      (focus == NULL || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->moves_popover))))
    gtk_widget_grab_focus (position_toggle (self));
}

static void
move_activated_cb (TttWindow     *self,
                   GtkListBoxRow *row,
                   GtkListBox    *list)
{
  if (self->review == NULL)
    return;

  /* The focus back on the button first, so that the move's line is
   * heard there, as after a step. */
  gtk_popover_popdown (self->moves_popover);
  gtk_widget_grab_focus (position_toggle (self));
  ttt_review_cursor_set_position (self->review, gtk_list_box_row_get_index (row));
}

static void
review_position_cb (TttWindow       *self,
                    GParamSpec      *pspec,
                    TttReviewCursor *review)
{
  update_review (self);
}

static void
update_review_summary (TttWindow *self)
{
  g_autofree char *summary = ttt_review_cursor_dup_summary (self->review);

  gtk_label_set_label (self->summary_label, summary);
  scroll_to_top (self->summary_scroller);
  /* A screen reader says the summary as the focus enters the review. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->review_box),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, summary,
                                  -1);
}

/* Ultimate's grades come from a worker thread: the summary counts its
 * progress, and once they are in, the lines say them; a screen reader in
 * the review hears the summary then. */
static void
review_progress_cb (TttWindow       *self,
                    GParamSpec      *pspec,
                    TttReviewCursor *review)
{
  update_review_summary (self);
}

static void
review_ready_cb (TttWindow       *self,
                 GParamSpec      *pspec,
                 TttReviewCursor *review)
{
  update_review_summary (self);
  update_review (self);
  fill_move_list (self);
  if (review_has_focus (self))
    ttt_announcer_announce (self->announcer, gtk_label_get_label (self->summary_label));
}

/* The review works on a copy of the game's moves: neither the game nor
 * any score changes, whatever the cursor does. */
static void
enter_review (TttWindow *self)
{
  if (self->review != NULL || ttt_game_get_state (self->game) != TTT_GAME_STATE_OVER)
    return;

  self->review = ttt_review_cursor_new (self->game);
  g_signal_connect_object (self->review, "notify::position", G_CALLBACK (review_position_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "notify::progress", G_CALLBACK (review_progress_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "notify::ready", G_CALLBACK (review_ready_cb), self,
                           G_CONNECT_SWAPPED);
  /* Grading Ultimate takes a few seconds, off the main thread; leaving
   * the review lets go of the cursor, which cancels it. */
  ttt_review_cursor_start_grading (self->review);
  ttt_board_view_set_review (self->board, self->review);
  update_review_summary (self);
  fill_move_list (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-done", TRUE);
  /* update_status() hides the Review button; GTK 4.18 and later hand its
   * focus on into the review, where update_review() would announce the
   * line before it is announced below with the focus in its place: no
   * widget has the focus in between, and the line is heard once. */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  update_status (self);

  /* It opens on the final position: the way is back. */
  gtk_widget_grab_focus (ttt_review_cursor_get_has_previous (self->review) ? self->previous_button
                                                                           : self->done_button);
  ttt_announcer_announce (self->announcer, self->review_said);
}

/* Back to the game as it ended, or as it goes on when a new game has
 * begun; the focus, if the review had it, goes to what comes next. */
static void
leave_review (TttWindow *self)
{
  gboolean had_focus;

  if (self->review == NULL)
    return;

  had_focus = review_has_focus (self);

  ttt_board_view_set_review (self->board, NULL);
  g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  g_clear_pointer (&self->review_said, g_free);
  gtk_popover_popdown (self->moves_popover);
  fill_move_list (self);

  for (guint i = 0; i < 5; i++)
    {
      static const char *actions[] = {
        "win.review-first", "win.review-previous", "win.review-next", "win.review-last",
        "win.review-done",
      };

      gtk_widget_action_set_enabled (GTK_WIDGET (self), actions[i], FALSE);
    }
  update_status (self);

  if (had_focus)
    {
      if (ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
        gtk_widget_grab_focus (GTK_WIDGET (self->play_again_button));
      else
        gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
    }
  /* Back at the end of the game: how it ended, again, as the eye sees it. */
  if (had_focus && ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
    ttt_announcer_announce (self->announcer, gtk_label_get_label (self->result_label));
}

/* The badge of the side to move stands out. */
static void
update_badges_active (TttWindow *self)
{
  gboolean over = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;
  TttMark turn = ttt_game_get_turn (self->game);

  ttt_player_badge_set_active (self->badge_start, !over && ttt_player_badge_get_mark (self->badge_start) == turn);
  ttt_player_badge_set_active (self->badge_end, !over && ttt_player_badge_get_mark (self->badge_end) == turn);
}

static void
update_status (TttWindow *self)
{
  TttGameState state = ttt_game_get_state (self->game);
  gboolean over = state == TTT_GAME_STATE_OVER;
  g_autofree char *text = ttt_words_status (self->game);
  gboolean classic;

  /* A network game being set up, or an undo asked of the other side: the
   * board takes no move until the other computer answers. */
  if (!over && ttt_game_get_held (self->game))
    {
      g_free (text);
      text = g_strdup (_("Waiting for the other computer…"));
    }
  gtk_label_set_label (self->status_label, over ? "" : text);
  gtk_label_set_label (self->result_label, over ? text : "");
  gtk_stack_set_visible_child_name (self->status_stack, self->review != NULL ? "review" : over ? "over" : "play");
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), state == TTT_GAME_STATE_WAITING);
  gtk_spinner_set_spinning (self->spinner, state == TTT_GAME_STATE_WAITING);

  update_badges_active (self);

  /* A screen reader hears the state of play when it reaches the board. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                  -1);

  /* Ultimate's hint, analysis and review are estimates of a search, and
   * the hint button's tooltip says so. */
  classic = ttt_game_get_current_variant (self->game) == TTT_VARIANT_CLASSIC;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", state == TTT_GAME_STATE_LOCAL_TURN);
  /* With someone elsewhere a move is taken back only if they agree: the
   * network window asks them (Ask to Undo); this one would do nothing. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 ttt_game_get_can_undo (self->game) &&
                                 !ttt_tally_id_is_network (ttt_game_get_current_tally (self->game)));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review", over && self->review == NULL);
  if (ttt_game_get_hint_thinking (self->game))
    /* Translators: the tooltip of the Hint button while the search for an
     * Ultimate hint runs (a couple of seconds). */
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_button), _("Looking for a hint…"));
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_button),
                                 classic ? _("Hint")
                                         /* Translators: the tooltip of the Hint button in a game of
                                          * Ultimate Tic-Tac-Toe. */
                                         : _("Hint (an estimate from a search)"));

  /* While a review lasts, it speaks for the board. */
  if (self->review != NULL)
    update_review (self);
}

static void
set_label_number (GtkLabel *label,
                  guint     value)
{
  char text[16];

  g_snprintf (text, sizeof text, "%u", value);
  gtk_label_set_label (label, text);
}

/* The badges show the tally of what is being played: the level against
 * the computer, or the two-player tally. The person here keeps the first
 * badge whichever mark they play, so "You" does not swap sides when who
 * moves first alternates; each badge takes the colour of its mark, as on
 * the board. */
static void
update_badges (TttWindow *self)
{
  /* A tally counts from the side of the person here: X's between two. */
  TttMark near = ttt_game_get_side_kind (self->game, TTT_MARK_X) == TTT_PLAYER_KIND_LOCAL ? TTT_MARK_X
                                                                                          : TTT_MARK_O;
  TttMark far = near == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
  TttTally tally;

  ttt_statistics_get_tally (self->statistics, ttt_game_get_current_tally (self->game), &tally);
  ttt_player_badge_set_mark (self->badge_start, near);
  ttt_player_badge_set_mark (self->badge_end, far);
  ttt_player_badge_set_name (self->badge_start, ttt_game_get_side_name (self->game, near));
  ttt_player_badge_set_name (self->badge_end, ttt_game_get_side_name (self->game, far));
  ttt_player_badge_set_score (self->badge_start, tally.won);
  ttt_player_badge_set_score (self->badge_end, tally.lost);
  update_badges_active (self);

  set_label_number (self->draws_value, tally.drawn);
  {
    /* Translators: read by a screen reader between the two players' badges. */
    g_autofree char *label = g_strdup_printf (ngettext ("%u draw", "%u draws", tally.drawn), tally.drawn);

    gtk_accessible_update_property (GTK_ACCESSIBLE (self->draws_box),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, label,
                                    -1);
  }
}

static void
update_all (TttWindow *self)
{
  update_status (self);
  update_subtitle (self);
  update_badges (self);
}

/* Game signals */

static void
game_over_cb (TttWindow  *self,
              TttOutcome  outcome,
              guint       winning_cells,
              TttGame    *game)
{
  update_status (self);

  /* The board stops taking the focus; Enter starts the next game. */
  gtk_widget_grab_focus (GTK_WIDGET (self->play_again_button));
}

static void
state_changed_cb (TttWindow  *self,
                  GParamSpec *pspec,
                  TttGame    *game)
{
  /* Whether the window is active or not, where its focus would be. */
  gboolean had_focus = gtk_root_get_focus (GTK_ROOT (self)) == GTK_WIDGET (self->play_again_button);

  /* A new game ends the review of the last one. */
  if (self->review != NULL && ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    leave_review (self);

  update_status (self);

  /* Play Again goes away with the end; the focus goes back to the board
   * rather than to nowhere. */
  if (had_focus && ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

/* An Ultimate hint is searched for off the main thread: meanwhile its
 * button spins, and says it is busy to a screen reader. */
static void
hint_thinking_cb (TttWindow  *self,
                  GParamSpec *pspec,
                  TttGame    *game)
{
  gboolean thinking = ttt_game_get_hint_thinking (game);

  if (thinking)
    {
      GtkWidget *spinner = gtk_spinner_new ();

      gtk_spinner_start (GTK_SPINNER (spinner));
      gtk_button_set_child (GTK_BUTTON (self->hint_button), spinner);
    }
  else
    gtk_button_set_icon_name (GTK_BUTTON (self->hint_button), "ttt-hint-symbolic");
  gtk_accessible_update_state (GTK_ACCESSIBLE (self->hint_button),
                               GTK_ACCESSIBLE_STATE_BUSY, thinking,
                               -1);
  update_status (self);
}

/* The hint the game holds: the status line says why until the next move
 * ends it; a screen reader hears it as news once the focus is on the cell. */
static void
hint_changed_cb (TttWindow *self,
                 int        cell,
                 TttMotive  motive,
                 TttGame   *game)
{
  update_status (self);
  if (cell >= 0)
    ttt_board_view_show_hint (self->board, cell);
}

static void
players_changed_cb (TttWindow  *self,
                    GParamSpec *pspec,
                    TttGame    *game)
{
  update_subtitle (self);
  update_badges (self);
  update_status (self);
}

/* How long libadwaita 1.2's toast takes to sink (300 ms), and a margin. */
#define TOAST_HIDE_MS 400

/* Going: a change from now on needs a toast of its own, shown once this
 * one has sunk. */
static void
level_toast_dismissed_cb (TttWindow *self,
                          AdwToast  *toast)
{
  if (self->level_toast == toast)
    g_clear_weak_pointer (&self->level_toast);
  self->level_toast_gone_at = g_get_monotonic_time ();
}

static gboolean
show_waiting_level_toast_cb (gpointer user_data)
{
  TttWindow *self = user_data;

  self->level_toast_delay_id = 0;
  adw_toast_overlay_add_toast (self->toast_overlay, g_steal_pointer (&self->waiting_level_toast));

  return G_SOURCE_REMOVE;
}

/* The badges switch to the new level's own tally; said in a toast, or the
 * change of the numbers would look like the score was wiped. */
static void
difficulty_changed_cb (TttWindow  *self,
                       GParamSpec *pspec,
                       TttGame    *game)
{
  g_autofree char *title = NULL;
  AdwToast *toast;
  gint64 since_gone;

  if (ttt_game_get_current_opponent (game) != TTT_OPPONENT_COMPUTER)
    return;

  /* Translators: a toast when the difficulty changes and the score badges
   * switch to the games played at it; %s is a difficulty such as "Hard". */
  title = g_strdup_printf (_("Showing the score at %s"), ttt_level_name (ttt_game_get_current_difficulty (game)));

  /* A newer change while the toast is up (or waiting) says so in the same
   * toast, rather than replacing it; and a new toast waits for the last
   * one to have sunk. A toast shown while another sinks rises for 500 ms,
   * and if it goes within 200 ms (a dismissal, Escape), libadwaita 1.2
   * frees its record when its 300 ms sinking ends, before its rise does,
   * which then calls back into freed memory: the stress test, which
   * changes levels that fast, crashed so in one run of four. */
  if (self->level_toast != NULL)
    {
      adw_toast_set_title (self->level_toast, title);
      return;
    }

  toast = adw_toast_new (title);
  adw_toast_set_timeout (toast, 3);
  g_set_weak_pointer (&self->level_toast, toast);
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (level_toast_dismissed_cb), self, G_CONNECT_SWAPPED);

  since_gone = (g_get_monotonic_time () - self->level_toast_gone_at) / G_TIME_SPAN_MILLISECOND;
  if (self->level_toast_gone_at != 0 && since_gone < TOAST_HIDE_MS)
    {
      self->waiting_level_toast = toast;
      self->level_toast_delay_id = g_timeout_add (TOAST_HIDE_MS - since_gone, show_waiting_level_toast_cb, self);
      g_source_set_name_by_id (self->level_toast_delay_id, "[tictactoe] level toast");
    }
  else
    adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
tally_changed_cb (TttWindow     *self,
                  TttTallyId     id,
                  TttStatistics *statistics)
{
  update_badges (self);
}

static void
follow_statistics (TttWindow *self)
{
  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  g_set_object (&self->statistics, ttt_game_get_statistics (self->game));
  g_signal_connect_object (self->statistics, "changed", G_CALLBACK (tally_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
statistics_replaced_cb (TttWindow  *self,
                        GParamSpec *pspec,
                        TttGame    *game)
{
  follow_statistics (self);
  update_badges (self);
}

static void
news_cb (TttWindow  *self,
         const char *text,
         TttNews    *news)
{
  ttt_announcer_announce (self->announcer, text);
}

/* Actions */

static void
new_game_action (GtkWidget  *widget,
                 const char *action_name,
                 GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  ttt_game_start_new (self->game);
}

static void
new_game_chosen_cb (TttWindow        *self,
                    TttNewGameDialog *dialog)
{
  ttt_game_start_new (self->game);
}

/* The New Game screen (New Game, Ctrl+N, the first start); Play Again
 * repeats the last choice without it. */
static void
choose_game_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  ttt_window_choose_game (TTT_WINDOW (widget));
}

/* The keyboard shortcuts, over the window. */
static void
show_shortcuts_action (GtkWidget  *widget,
                       const char *action_name,
                       GVariant   *parameter)
{
  GtkApplication *application = gtk_window_get_application (GTK_WINDOW (widget));
  TttShortcutsWindow *shortcuts;

  g_return_if_fail (application != NULL);

  shortcuts = ttt_shortcuts_window_new (application);
  ttt_compat_dialog_present (GTK_WIDGET (shortcuts), widget);
}

static void
undo_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  ttt_game_undo (self->game);
}

static void
hint_action (GtkWidget  *widget,
             const char *action_name,
             GVariant   *parameter)
{
  ttt_game_show_hint (TTT_WINDOW (widget)->game);
}

static void
review_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  enter_review (TTT_WINDOW (widget));
}

static void
review_step_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  TttWindow *self = TTT_WINDOW (widget);

  if (self->review == NULL)
    return;

  if (g_str_equal (action_name, "win.review-first"))
    ttt_review_cursor_first (self->review);
  else if (g_str_equal (action_name, "win.review-previous"))
    ttt_review_cursor_previous (self->review);
  else if (g_str_equal (action_name, "win.review-next"))
    ttt_review_cursor_next (self->review);
  else if (g_str_equal (action_name, "win.review-last"))
    ttt_review_cursor_last (self->review);
}

static void
review_done_action (GtkWidget  *widget,
                    const char *action_name,
                    GVariant   *parameter)
{
  leave_review (TTT_WINDOW (widget));
}

/* The review's keys work wherever the focus is in the window, before the
 * focused widget sees them (the arrows would move the focus), and only
 * while a review lasts: otherwise, or in a menu open over the window,
 * they go on as usual. On the board the arrows are its own: they walk
 * the reviewed position cell by cell. */
static gboolean
review_key_cb (GtkWidget *widget,
               GVariant  *args,
               gpointer   user_data)
{
  TttWindow *self = TTT_WINDOW (widget);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));
  const char *action;
  gboolean arrow;

  if (self->review == NULL)
    return FALSE;
  if (focus != NULL && gtk_widget_get_native (focus) != GTK_NATIVE (self))
    return FALSE;

  g_variant_get (args, "(&sb)", &action, &arrow);
  if (arrow && focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board)))
    return FALSE;

  /* Left and Right go the way the buttons point. */
  if (arrow && gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL)
    action = g_str_equal (action, "win.review-next") ? "win.review-previous" : "win.review-next";

  /* At either end a step does nothing: said, rather than silence. */
  if (!g_str_equal (action, "win.review-done"))
    {
      gboolean back = g_str_equal (action, "win.review-previous") || g_str_equal (action, "win.review-first");

      if (back ? ttt_review_cursor_get_has_previous (self->review) : ttt_review_cursor_get_has_next (self->review))
        {
          gtk_widget_activate_action (widget, action, NULL);
          return TRUE;
        }
      ttt_announcer_announce (self->announcer,
                              /* Translators: a screen reader says it when the review
                               * can go no further back, or no further on. */
                              back ? _("Already at the start.") : _("Already at the last move."));
      return TRUE;
    }

  gtk_widget_activate_action (widget, action, NULL);
  return TRUE;
}

static void
add_review_keys (TttWindow *self)
{
  static const struct {
    guint       keyval;
    const char *action;
    gboolean    arrow;
  } keys[] = {
    { GDK_KEY_Left, "win.review-previous", TRUE },
    { GDK_KEY_KP_Left, "win.review-previous", TRUE },
    { GDK_KEY_Right, "win.review-next", TRUE },
    { GDK_KEY_KP_Right, "win.review-next", TRUE },
    { GDK_KEY_Page_Up, "win.review-previous", FALSE },
    { GDK_KEY_KP_Page_Up, "win.review-previous", FALSE },
    { GDK_KEY_Page_Down, "win.review-next", FALSE },
    { GDK_KEY_KP_Page_Down, "win.review-next", FALSE },
    { GDK_KEY_Home, "win.review-first", FALSE },
    { GDK_KEY_KP_Home, "win.review-first", FALSE },
    { GDK_KEY_End, "win.review-last", FALSE },
    { GDK_KEY_KP_End, "win.review-last", FALSE },
    { GDK_KEY_Escape, "win.review-done", FALSE },
  };
  GtkEventController *controller = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (controller, GTK_PHASE_CAPTURE);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      GtkShortcut *shortcut = gtk_shortcut_new (gtk_keyval_trigger_new (keys[i].keyval, 0),
                                                gtk_callback_action_new (review_key_cb, NULL, NULL));

      gtk_shortcut_set_arguments (shortcut, g_variant_new ("(sb)", keys[i].action, keys[i].arrow));
      gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (controller), shortcut);
    }

  gtk_widget_add_controller (GTK_WIDGET (self), controller);
}

/* GObject */

static void
ttt_window_constructed (GObject *object)
{
  TttWindow *self = TTT_WINDOW (object);

  G_OBJECT_CLASS (ttt_window_parent_class)->constructed (object);

  g_return_if_fail (TTT_IS_GAME (self->game));

  g_object_set (self->board, "game", self->game, NULL);
  /* The game starts on the board: the arrows and Return play at once,
   * and the first Tab goes on from it, not into the header bar. */
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);

  self->news = ttt_news_new (self->game);
  self->announcer = ttt_announcer_new (GTK_WIDGET (self));
  g_signal_connect_object (self->news, "news", G_CALLBACK (news_cb), self, G_CONNECT_SWAPPED);

  self->sound_player = ttt_sound_player_new (self->game);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "sound", self->sound_player, "enabled", G_SETTINGS_BIND_GET);

  g_signal_connect_object (self->game, "game-over", G_CALLBACK (game_over_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "hint-changed", G_CALLBACK (hint_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::hint-thinking", G_CALLBACK (hint_thinking_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::state", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::turn", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::held", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::can-undo", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::human-mark", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::current-difficulty", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::current-difficulty", G_CALLBACK (difficulty_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::current-opponent", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::x-name", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::o-name", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::current-variant", G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "notify::statistics", G_CALLBACK (statistics_replaced_cb), self, G_CONNECT_SWAPPED);
  follow_statistics (self);

  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));

      /* The analysis stays on, or off, from one run to the next. Without
       * NO_SENSITIVITY GSettings would make the whole window insensitive
       * whenever the key cannot be written (a locked key, settings that
       * cannot be saved), leaving the game unplayable. */
      g_settings_bind (self->settings, "show-analysis", self, "show-analysis",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
    }

  update_all (self);
}

static gboolean
ttt_window_close_request (GtkWindow *window)
{
  TttWindow *self = TTT_WINDOW (window);
  int width, height;

  if (self->settings != NULL)
    {
      gtk_window_get_default_size (window, &width, &height);
      g_settings_delay (self->settings);
      if (width > 0 && height > 0)
        {
          g_settings_set_int (self->settings, "window-width", width);
          g_settings_set_int (self->settings, "window-height", height);
        }
      g_settings_set_boolean (self->settings, "window-maximized", gtk_window_is_maximized (window));
      g_settings_apply (self->settings);
    }

  return GTK_WINDOW_CLASS (ttt_window_parent_class)->close_request (window);
}

static void
ttt_window_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  TttWindow *self = TTT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;

    case PROP_SETTINGS:
      self->settings = g_value_dup_object (value);
      break;

    case PROP_SHOW_ANALYSIS:
      ttt_window_set_show_analysis (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TttWindow *self = TTT_WINDOW (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_SETTINGS:
      g_value_set_object (value, self->settings);
      break;

    case PROP_SHOW_ANALYSIS:
      g_value_set_boolean (value, self->show_analysis);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_window_dispose (GObject *object)
{
  TttWindow *self = TTT_WINDOW (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  g_clear_pointer (&self->review_said, g_free);
  if (self->scroll_moves_id != 0 && self->move_list != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->move_list), self->scroll_moves_id);
  self->scroll_moves_id = 0;

  g_clear_object (&self->news);
  g_clear_object (&self->announcer);
  g_clear_weak_pointer (&self->level_toast);
  g_clear_handle_id (&self->level_toast_delay_id, g_source_remove);
  g_clear_object (&self->waiting_level_toast);
  g_clear_handle_id (&self->hold_ring_id, g_source_remove);

  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_WINDOW);

  g_clear_object (&self->sound_player);
  g_clear_object (&self->game);
  g_clear_object (&self->statistics);
  g_clear_object (&self->settings);

  G_OBJECT_CLASS (ttt_window_parent_class)->dispose (object);
}

static void
ttt_window_class_init (TttWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->constructed = ttt_window_constructed;
  object_class->dispose = ttt_window_dispose;
  object_class->get_property = ttt_window_get_property;
  object_class->set_property = ttt_window_set_property;
  window_class->close_request = ttt_window_close_request;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  properties[PROP_SETTINGS] =
    g_param_spec_object ("settings", NULL, NULL,
                         G_TYPE_SETTINGS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  /**
   * TttWindow:show-analysis:
   *
   * Whether every empty cell says what playing it leads to while a person
   * is to move; the stateful action win.show-analysis toggles it, and the
   * setting of the same name keeps it.
   */
  properties[PROP_SHOW_ANALYSIS] =
    g_param_spec_boolean ("show-analysis", NULL, NULL,
                          FALSE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TTT_TYPE_BOARD_VIEW);
  g_type_ensure (TTT_TYPE_PLAYER_BADGE);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_bar);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_close_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, narrow_subtitle);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, menu_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, badges);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, badge_start);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, badge_end);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, draws_box);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, draws_value);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, board);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, status_stack);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, spinner);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, result_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, review_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, play_again_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, review_box);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, hint_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, summary_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, move_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, summary_scroller);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, move_scroller);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, position_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, position_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, moves_popover);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, move_list);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, previous_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, next_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, done_button);

  gtk_widget_class_install_action (widget_class, "win.new-game", NULL, new_game_action);
  gtk_widget_class_install_action (widget_class, "win.choose-game", NULL, choose_game_action);
  gtk_widget_class_install_action (widget_class, "win.undo", NULL, undo_action);
  gtk_widget_class_install_action (widget_class, "win.hint", NULL, hint_action);
  gtk_widget_class_install_property_action (widget_class, "win.show-analysis", "show-analysis");
  gtk_widget_class_install_action (widget_class, "win.review", NULL, review_action);
  gtk_widget_class_install_action (widget_class, "win.review-first", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-previous", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-next", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-last", NULL, review_step_action);
  gtk_widget_class_install_action (widget_class, "win.review-done", NULL, review_done_action);
  /* The name GtkApplicationWindow gives its own shortcuts window's. */
  gtk_widget_class_install_action (widget_class, "win.show-help-overlay", NULL, show_shortcuts_action);
}

static void
notice_close_cb (TttWindow *self)
{
  gtk_widget_set_visible (self->notice_bar, FALSE);
}

/* Focus */

/* GTK 4.8 takes the focus ring away three seconds after the last key
 * (a timeout of its own, restarted by every key): the ring of a keyboard
 * player's cell vanished while they thought, and the whole window was
 * restyled and redrawn with nothing moving. The ring stays for as long as
 * the keyboard was the last thing used; a click hides it at once. */

/* GTK's timeout is held rather than removed: GTK removes it by its id
 * later, which must still find it. A source that is never ready costs
 * nothing while the window rests. */
static gboolean
hold_focus_ring (gpointer user_data)
{
  TttWindow *self = user_data;
  GSource *source;

  self->hold_ring_id = 0;
  /* GTK shows the ring only for a key that moves the focus: Return or
   * Space on a cell that cannot be played would leave it hidden (or hide
   * it) while the focus stays there. */
  if (self->keyboard_last && !gtk_window_get_focus_visible (GTK_WINDOW (self)))
    gtk_window_set_focus_visible (GTK_WINDOW (self), TRUE);
  source = g_main_context_find_source_by_funcs_user_data (NULL, &g_timeout_funcs, self);
  if (source != NULL && self->keyboard_last &&
      g_strcmp0 (g_source_get_name (source), "[gtk] unset_focus_visible") == 0)
    g_source_set_ready_time (source, -1);

  return G_SOURCE_REMOVE;
}

/* After GTK has handled the key (and restarted its timeout). */
static void
queue_hold_focus_ring (TttWindow *self)
{
  if (self->hold_ring_id == 0)
    self->hold_ring_id = g_idle_add_full (G_PRIORITY_HIGH, hold_focus_ring, self, NULL);
}

static void
focus_visible_changed_cb (TttWindow  *self,
                          GParamSpec *pspec,
                          gpointer    user_data)
{
  if (!gtk_window_get_focus_visible (GTK_WINDOW (self)) && self->keyboard_last)
    gtk_window_set_focus_visible (GTK_WINDOW (self), TRUE);
  if (gtk_window_get_focus_visible (GTK_WINDOW (self)))
    queue_hold_focus_ring (self);
}

static gboolean
key_used_cb (TttWindow             *self,
             guint                  keyval,
             guint                  keycode,
             GdkModifierType        state,
             GtkEventControllerKey *controller)
{
  self->keyboard_last = TRUE;
  queue_hold_focus_ring (self);
  return GDK_EVENT_PROPAGATE;
}

static void
key_released_cb (TttWindow             *self,
                 guint                  keyval,
                 guint                  keycode,
                 GdkModifierType        state,
                 GtkEventControllerKey *controller)
{
  queue_hold_focus_ring (self);
}

static void
pointer_used_cb (TttWindow       *self,
                 int              n_press,
                 double           x,
                 double           y,
                 GtkGestureClick *gesture)
{
  self->keyboard_last = FALSE;
  /* GTK's own timeout is held: the ring goes now, as later GTK does. */
  gtk_window_set_focus_visible (GTK_WINDOW (self), FALSE);
}

static void
follow_input (TttWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkGesture *clicks = gtk_gesture_click_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (keys, "key-pressed", G_CALLBACK (key_used_cb), self);
  g_signal_connect_swapped (keys, "key-released", G_CALLBACK (key_released_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  /* Any button, seen first, and never claimed: the click goes on. */
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (clicks), 0);
  gtk_event_controller_set_propagation_phase (GTK_EVENT_CONTROLLER (clicks), GTK_PHASE_CAPTURE);
  g_signal_connect_swapped (clicks, "pressed", G_CALLBACK (pointer_used_cb), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (clicks));

  g_signal_connect (self, "notify::focus-visible", G_CALLBACK (focus_visible_changed_cb), NULL);
}

static void
ttt_window_init (TttWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  reserve_review_lines (self);
  g_signal_connect_object (gtk_settings_get_default (), "notify::gtk-font-name",
                           G_CALLBACK (reserve_review_lines), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_settings_get_default (), "notify::gtk-xft-dpi",
                           G_CALLBACK (reserve_review_lines), self, G_CONNECT_SWAPPED);

  g_object_bind_property (self, "show-analysis", self->board, "show-analysis", G_BINDING_SYNC_CREATE);
  add_review_keys (self);
  follow_input (self);

  /* Outside a review its steps do nothing. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-first", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-previous", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-next", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-last", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-done", FALSE);

  g_signal_connect_swapped (self->notice_close_button, "clicked", G_CALLBACK (notice_close_cb), self);
  g_signal_connect_swapped (self->move_list, "row-activated", G_CALLBACK (move_activated_cb), self);
  g_signal_connect_object (self->moves_popover, "map", G_CALLBACK (moves_popover_mapped_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->moves_popover, "closed", G_CALLBACK (moves_popover_closed_cb), self,
                           G_CONNECT_SWAPPED);

  /* Nothing a screen reader hears may be a GTK class name ("GtkImage New
   * Game push button", "GtkPopoverMenu menu"), nor a tooltip twice. */
  ttt_accessible_hide_type_names (GTK_WIDGET (self));
  ttt_accessible_quiet_tooltips (GTK_WIDGET (self));
  gtk_accessible_update_property (GTK_ACCESSIBLE (gtk_menu_button_get_popover (self->menu_button)),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Main Menu"),
                                  -1);
  ttt_accessible_menu_shortcuts (gtk_menu_button_get_popover (self->menu_button));
  /* GTK 4.8 would name the menu button around the focused part by its
   * class ("GtkMenuButton push button"). */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->position_button),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, "",
                                  -1);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->moves_popover),
                                  /* Translators: what a screen reader calls the review's
                                   * list of the moves of the game. */
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, C_("review", "Moves"),
                                  -1);
}

TttWindow *
ttt_window_new (GtkApplication *application,
                TttGame        *game,
                GSettings      *settings)
{
  g_return_val_if_fail (GTK_IS_APPLICATION (application), NULL);
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);
  g_return_val_if_fail (settings == NULL || G_IS_SETTINGS (settings), NULL);

  return g_object_new (TTT_TYPE_WINDOW,
                       "application", application,
                       "game", game,
                       "settings", settings,
                       NULL);
}

TttGame *
ttt_window_get_game (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->game;
}

/* Shows @text above the board until the person dismisses it: for what
 * must not pass unseen, such as scores that cannot be saved. */
void
ttt_window_show_notice (TttWindow  *self,
                        const char *text)
{
  g_return_if_fail (TTT_IS_WINDOW (self));
  g_return_if_fail (text != NULL);

  gtk_label_set_label (self->notice_label, text);
  gtk_widget_set_visible (self->notice_bar, TRUE);
}

/* Takes the notice away, when what it said no longer holds. */
void
ttt_window_hide_notice (TttWindow *self)
{
  g_return_if_fail (TTT_IS_WINDOW (self));

  gtk_widget_set_visible (self->notice_bar, FALSE);
}

const char *
ttt_window_get_notice (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  if (!gtk_widget_get_visible (self->notice_bar))
    return NULL;
  return gtk_label_get_label (self->notice_label);
}

TttNews *
ttt_window_get_news (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->news;
}

TttBoardView *
ttt_window_get_board (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->board;
}

GtkWidget *
ttt_window_get_cell (TttWindow *self,
                     int        cell)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return ttt_board_view_get_cell (self->board, cell);
}

TttSoundPlayer *
ttt_window_get_sound_player (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->sound_player;
}

const char *
ttt_window_get_status (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  if (self->review != NULL)
    return gtk_label_get_label (self->move_label);
  if (ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER)
    return gtk_label_get_label (self->result_label);
  return gtk_label_get_label (self->status_label);
}

gboolean
ttt_window_get_show_analysis (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), FALSE);

  return self->show_analysis;
}

void
ttt_window_set_show_analysis (TttWindow *self,
                              gboolean   show_analysis)
{
  g_return_if_fail (TTT_IS_WINDOW (self));

  show_analysis = !!show_analysis;
  if (self->show_analysis == show_analysis)
    return;

  self->show_analysis = show_analysis;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_ANALYSIS]);

  /* Ctrl+A changes nothing a screen reader would otherwise hear at once. */
  if (self->announcer != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    ttt_announcer_announce (self->announcer,
                            /* Translators: a screen reader says it as Show Analysis
                             * is turned on, or off. */
                            show_analysis ? _("Analysis shown.") : _("Analysis hidden."));
}

/* The review under way, or NULL. */
/* The toast that says the badges now show another level's tally, while
 * it is on show. */
AdwToast *
ttt_window_get_level_toast (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->level_toast;
}

TttReviewCursor *
ttt_window_get_review (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->review;
}

/**
 * ttt_window_choose_game:
 * @self: a #TttWindow
 *
 * Shows the New Game screen over the window: the game, the opponent and
 * who moves first; Start begins that game.
 *
 * Returns: (transfer none): the screen, shown
 */
GtkWidget *
ttt_window_choose_game (TttWindow *self)
{
  TttNewGameDialog *dialog;

  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  dialog = ttt_new_game_dialog_new (GTK_WINDOW (self), self->game, self->settings);
  g_signal_connect_object (dialog, "start", G_CALLBACK (new_game_chosen_cb), self, G_CONNECT_SWAPPED);
  ttt_compat_dialog_present (GTK_WIDGET (dialog), GTK_WIDGET (self));

  return GTK_WIDGET (dialog);
}
