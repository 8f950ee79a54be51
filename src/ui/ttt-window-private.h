/* ttt-window-private.h — the window's insides, and what tests may reach
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is three files: ttt-window.c (the game followed, the status,
 * the badges, focus), ttt-window-review.c (a finished game stepped
 * through) and ttt-window-actions.c (what the menus, buttons and keys
 * ask for). They share the struct and the few functions below; tests
 * reach in through the getters at the end.
 */

#pragma once

#include "ttt-announcer.h"
#include "ttt-board-view-private.h"
#include "ttt-new-game-dialog.h"
#include "ttt-news.h"
#include "ttt-player-badge.h"
#include "ttt-review-cursor.h"
#include "ttt-sound-player-private.h"
#include "ttt-window.h"
#ifdef TTT_HAVE_NETWORK
#include "ttt-net-session.h"
#endif

G_BEGIN_DECLS

struct _TttWindow
{
  AdwApplicationWindow  parent_instance;

  TttGame              *game;
  GSignalGroup         *game_signals;
  GSignalGroup         *analyst_signals;
  GSettings            *settings;
  /* The game's, followed for the score. */
  TttStatistics        *statistics;
  TttSoundPlayer       *sound_player;

  /* What a screen reader hears of the game, and how it gets there. */
  TttNews              *news;
  TttAnnouncer         *announcer;

  gboolean              show_analysis;
  /* Why the last move asked for was refused (Ultimate: "Play in the
   * top-left board"), said in the status until the game moves on. */
  char                 *refusal;
  /* Why the hint shown on the board is good, until the next move. */
  /* The finished game being reviewed, or NULL in play. */
  TttReviewCursor      *review;
  /* The review's line as the buttons say it, so that it is said once. */
  char                 *review_said;

  /* A game with someone elsewhere (ttt-window-net.c): the session, once
   * connected, and its bar under the header; a question asked before
   * leaving or resigning, while it is shown. */
#ifdef TTT_HAVE_NETWORK
  TttNetSession        *net_session;
#endif
  GtkWidget            *net_revealer;
  GtkWidget            *net_bar;
  GtkWidget            *question;
  /* What the bar told as it was handed a session, told once it shows. */
  char                 *net_held_news;

  /* Template widgets */
  GtkWidget            *content_box;
  GtkWidget            *header_bar;
  AdwToastOverlay      *toast_overlay;
  /* The toast of the last level change, on show or waiting to be, and,
   * while one that went is still sinking, the next one waiting. */
  AdwToast             *level_toast;
  AdwToast             *waiting_level_toast;
  guint                 level_toast_delay_id;
  gint64                level_toast_gone_at;
  /* The toast of an answer asked for (Alt+L, Alt+T, Alt+B), while up. */
  AdwToast             *answer_toast;
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

/* ttt-window.c */
void _ttt_window_update_status             (TttWindow        *self);
void _ttt_window_update_players            (TttWindow        *self);

/* ttt-window-review.c */
void _ttt_window_update_review             (TttWindow        *self);
void _ttt_window_reserve_review_lines      (TttWindow        *self);
void _ttt_window_enter_review              (TttWindow        *self);
void _ttt_window_leave_review              (TttWindow        *self);
void _ttt_window_moves_popover_mapped_cb   (TttWindow        *self);
void _ttt_window_moves_popover_closed_cb   (TttWindow        *self);
void _ttt_window_move_activated_cb         (TttWindow        *self,
                                            GtkListBoxRow    *row,
                                            GtkListBox       *list);

/* ttt-window-actions.c */
void _ttt_window_class_actions_init        (GtkWidgetClass   *widget_class);
void _ttt_window_add_review_keys           (TttWindow        *self);
void _ttt_window_add_refusal_keys          (TttWindow        *self);
void _ttt_window_say                       (TttWindow        *self,
                                            const char       *text);

/* ttt-window-net.c */
#ifdef TTT_HAVE_NETWORK
void     _ttt_window_net_init                (TttWindow        *self);
void     _ttt_window_net_dispose             (TttWindow        *self);
void     _ttt_window_net_update_play_again   (TttWindow        *self);
gboolean _ttt_window_net_play_again          (TttWindow        *self);
gboolean _ttt_window_net_ask_before_close    (TttWindow        *self);
gboolean _ttt_window_net_ask_before_new_game (TttWindow        *self);
char    *_ttt_window_net_status              (TttWindow        *self);
char    *_ttt_window_net_subtitle            (TttWindow        *self,
                                              char            **short_text);
gboolean _ttt_window_net_players             (TttWindow        *self,
                                              TttMark          *mine,
                                              const char      **other);
gboolean _ttt_window_net_ask_undo            (TttWindow        *self);

/* The bar (a TttNetBar) and the question shown, for tests. */
GtkWidget *ttt_window_get_net_bar (TttWindow *self);
#endif
GtkWidget *ttt_window_get_question (TttWindow *self);

/* For tests */

TttBoardView   *ttt_window_get_board  (TttWindow *self);
GtkWidget  *ttt_window_get_cell   (TttWindow *self,
                                   int        cell);
const char *ttt_window_get_status (TttWindow *self);
const char *ttt_window_get_notice (TttWindow *self);
TttReviewCursor *ttt_window_get_review (TttWindow *self);
AdwToast   *ttt_window_get_level_toast (TttWindow *self);
AdwToast   *ttt_window_get_answer_toast (TttWindow *self);

/* What the window tells a screen reader, through its announcer. */
TttNews        *ttt_window_get_news   (TttWindow *self);

/* Made by the window for its game; its "enabled" follows the sound key. */
TttSoundPlayer *ttt_window_get_sound_player (TttWindow *self);

G_END_DECLS
