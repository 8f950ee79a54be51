/* ttt-window-review.c — a finished game stepped through, in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Review opens a TttReviewCursor on the game just finished: the board
 * shows each position with the grades of the moves, the line under it
 * says what the move did, a list jumps to any move, and Done (or the game
 * going on) leaves it. The keys are ttt-window-actions.c's.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-names.h"
#include "ttt-window-private.h"
#include "ttt-words.h"

static gboolean
review_has_focus (TttWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return focus != NULL && gtk_widget_is_ancestor (focus, self->review_box);
}

/* The board shows the review's position while it lasts, and its keys
 * step it there too: a person on the board hears the steps and the end
 * as one in the review's own controls does. */
static gboolean
review_or_board_has_focus (TttWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  return review_has_focus (self) ||
         (focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->board)));
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
void
_ttt_window_update_review (TttWindow *self)
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
  /* The scroller is a Tab stop (a long line scrolls in it): named by its
   * text, or a screen reader said "scroll pane" and nothing more. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->move_scroller),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, move_text,
                                  -1);
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
      /* On the line's own scroller, its new name is heard already. */
      if (review_or_board_has_focus (self) && gtk_root_get_focus (GTK_ROOT (self)) != toggle &&
          gtk_root_get_focus (GTK_ROOT (self)) != GTK_WIDGET (self->move_scroller))
        ttt_announcer_announce (self->announcer, move_text);
    }
}

/* The review's summary and explanation keep their height whatever they
 * say, and the review shares the room of the status (a homogeneous
 * stack): the board keeps its size and place when the game ends and
 * when an explanation wraps. Lines of the font in use, measured again
 * when the font changes: two each, and in a review of Ultimate, whose
 * moves are explained in up to four sentences, four for the explanation
 * (the board gives up that room while the review lasts). The review is
 * wider than the status, up to 640 px (ttt-window.ui), so that at a
 * large window the explanation fits its lines; a longer text (eight
 * lines at 360 px in Spanish) scrolls in them rather than push the
 * board or be cut. */
void
_ttt_window_reserve_review_lines (TttWindow *self)
{
  GtkScrolledWindow *scrollers[] = { self->summary_scroller, self->move_scroller };
  GtkWidget *labels[] = { GTK_WIDGET (self->summary_label), GTK_WIDGET (self->move_label) };
  gboolean long_lines = self->review != NULL && self->game != NULL &&
                        ttt_game_get_variant (self->game) == TTT_VARIANT_ULTIMATE;

  /* Translators: letters as tall as any of your script's, above and below
   * the line, after "Ag": the review measures a line of its text with
   * them. A line of Chinese set in Noto Sans CJK is a good deal taller
   * than "Ag" in DejaVu Sans; Chinese writes "Ag国". */
  const char *line = C_("line-height sample", "Ag");

  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      guint n_lines = long_lines && labels[i] == GTK_WIDGET (self->move_label) ? 4 : 2;
      g_autoptr(GString) sample = g_string_new (line);
      g_autoptr(PangoLayout) layout = NULL;
      int height;

      for (guint n = 1; n < n_lines; n++)
        g_string_append_printf (sample, "\n%s", line);
      layout = gtk_widget_create_pango_layout (labels[i], sample->str);
      pango_layout_get_pixel_size (layout, NULL, &height);
      /* Unbounded first: a new minimum may be over the old maximum. */
      gtk_scrolled_window_set_max_content_height (scrollers[i], -1);
      gtk_scrolled_window_set_min_content_height (scrollers[i], height);
      gtk_scrolled_window_set_max_content_height (scrollers[i], height);
    }
}

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
  else
    place = ttt_words_cell_name (ttt_review_cursor_get_variant (review), cell, mark);

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
void
_ttt_window_moves_popover_mapped_cb (TttWindow *self)
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
void
_ttt_window_moves_popover_closed_cb (TttWindow *self)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if (self->review != NULL &&
      (focus == NULL || gtk_widget_is_ancestor (focus, GTK_WIDGET (self->moves_popover))))
    gtk_widget_grab_focus (position_toggle (self));
}

void
_ttt_window_move_activated_cb (TttWindow     *self,
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
  _ttt_window_update_review (self);
}

static void
update_review_summary (TttWindow *self)
{
  g_autofree char *summary = ttt_review_cursor_dup_summary (self->review);

  gtk_label_set_label (self->summary_label, summary);
  scroll_to_top (self->summary_scroller);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->summary_scroller),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, summary,
                                  -1);
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
  _ttt_window_update_review (self);
  fill_move_list (self);
  if (review_has_focus (self) && gtk_root_get_focus (GTK_ROOT (self)) != GTK_WIDGET (self->summary_scroller))
    ttt_announcer_announce (self->announcer, gtk_label_get_label (self->summary_label));
}

/* The review works on a copy of the game's moves: neither the game nor
 * any score changes, whatever the cursor does. */
void
_ttt_window_enter_review (TttWindow *self)
{
  if (self->review != NULL || ttt_game_get_state (self->game) != TTT_GAME_STATE_OVER)
    return;

  self->review = ttt_review_cursor_new (self->game);
  /* After the board has shown the new position: news told with the focus
   * on a cell ends with the cell's description, which is then the new
   * one ("Before the first move." was followed by the old grade). */
  g_signal_connect_object (self->review, "notify::position", G_CALLBACK (review_position_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->review, "notify::progress", G_CALLBACK (review_progress_cb), self,
                           G_CONNECT_SWAPPED);
  g_signal_connect_object (self->review, "notify::ready", G_CALLBACK (review_ready_cb), self,
                           G_CONNECT_SWAPPED);
  /* Grading Ultimate takes a few seconds, off the main thread; leaving
   * the review lets go of the cursor, which cancels it. */
  ttt_review_cursor_start_grading (self->review);
  ttt_board_view_set_review (self->board, self->review);
  _ttt_window_reserve_review_lines (self);
  update_review_summary (self);
  fill_move_list (self);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-done", TRUE);
  /* The status, on "reviewing", hides the Review button; GTK 4.18 and later hand its
   * focus on into the review, where _ttt_window_update_review() would announce the
   * line before it is announced below with the focus in its place: no
   * widget has the focus in between, and the line is heard once. */
  gtk_window_set_focus (GTK_WINDOW (self), NULL);
  g_object_notify (G_OBJECT (self), "reviewing");

  /* It opens on the final position: the way is back. */
  gtk_widget_grab_focus (ttt_review_cursor_get_has_previous (self->review) ? self->previous_button
                                                                           : self->done_button);
  ttt_announcer_announce (self->announcer, self->review_said);
}

/* Back to the game as it ended, or as it goes on when a new game has
 * begun; the focus, if the review had it, goes to what comes next. */
void
_ttt_window_leave_review (TttWindow *self)
{
  gboolean had_focus;

  if (self->review == NULL)
    return;

  had_focus = review_or_board_has_focus (self);

  ttt_board_view_set_review (self->board, NULL);
  g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  g_clear_pointer (&self->review_said, g_free);
  _ttt_window_reserve_review_lines (self);
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
  g_object_notify (G_OBJECT (self), "reviewing");

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
