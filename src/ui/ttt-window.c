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
#include "ttt-repaint-bin.h"
#include "ttt-new-game-dialog.h"
#include "ttt-review-cursor.h"
#include "ttt-shortcuts-window.h"
#include "ttt-sound-player.h"
#include "ttt-variants.h"
#include "ttt-window-private.h"
#include "ttt-words.h"

G_DEFINE_FINAL_TYPE (TttWindow, ttt_window, ADW_TYPE_APPLICATION_WINDOW)

enum {
  PROP_0,
  PROP_GAME,
  PROP_SETTINGS,
  PROP_SHOW_ANALYSIS,
  PROP_REVIEWING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* @text with a word joiner (U+2060) between two ideographs: Chinese
 * and Japanese may break a line between any two, and on two short lines
 * the subtitle split 中等 ("Medium"). Its lines break only between its
 * parts then. */
static char *
join_ideographs (const char *text)
{
  GString *joined = g_string_new (NULL);
  gunichar last = 0;

  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (last != 0 && g_unichar_break_type (last) == G_UNICODE_BREAK_IDEOGRAPHIC &&
          g_unichar_break_type (c) == G_UNICODE_BREAK_IDEOGRAPHIC)
        g_string_append_unichar (joined, 0x2060);
      g_string_append_unichar (joined, c);
      last = c;
    }

  return g_string_free (joined, FALSE);
}

static void
update_subtitle (TttWindow *self)
{
  g_autofree char *subtitle = NULL;
  g_autofree char *short_subtitle = NULL;
  g_autofree char *joined = NULL;

#ifdef TTT_HAVE_NETWORK
  subtitle = _ttt_window_net_subtitle (self, &short_subtitle);
#endif
  if (subtitle == NULL)
    {
      subtitle = ttt_words_subtitle (self->game);
      short_subtitle = ttt_words_short_subtitle (self->game);
    }
  joined = join_ideographs (short_subtitle);

  adw_window_title_set_subtitle (self->window_title, subtitle);
  /* Fewer words where the header has no room for the title too, on two
   * lines if need be, a part on each; in a network game the friend's
   * name whole rather than "You play X". */
  gtk_label_set_text (GTK_LABEL (self->narrow_subtitle), joined);
}


/* The badge of the side to move stands out. */
static void
update_badges_active (TttWindow *self)
{
  gboolean nobody = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;
  TttMark turn = ttt_game_get_turn (self->game);

#ifdef TTT_HAVE_NETWORK
  {
    TttMark mine;
    const char *other;

    /* A game with someone elsewhere being set up: the board still holds
     * the game before, whose turn (X's on an empty board) is nobody's;
     * the two have not begun. */
    if (_ttt_window_net_players (self, &mine, &other))
      nobody = TRUE;
  }
#endif
  ttt_player_badge_set_active (self->badge_start, !nobody && ttt_player_badge_get_mark (self->badge_start) == turn);
  ttt_player_badge_set_active (self->badge_end, !nobody && ttt_player_badge_get_mark (self->badge_end) == turn);
}

void
_ttt_window_update_status (TttWindow *self)
{
  TttGameState state = ttt_game_get_state (self->game);
  gboolean over = state == TTT_GAME_STATE_OVER;
  g_autofree char *text = ttt_words_status (self->game);
  g_autofree char *board_text = NULL;
  gboolean solved;

  /* A network game being set up, or an undo asked of the other side: the
   * board takes no move until the other computer answers. Over a game
   * that ended (a window connecting again), its result is old news. */
  if (ttt_game_get_held (self->game))
    {
      g_free (text);
      text = g_strdup (_("Waiting for the other computer…"));
      over = FALSE;
    }
  /* The state of play, for the board's description: a request between
   * two people is news, told as it comes (ttt-net-bar.c); as the
   * description of the board around the focus as well, Orca 51 says it
   * again as a change of it. */
  board_text = g_strdup (text);
#ifdef TTT_HAVE_NETWORK
  /* A request between two people: the status says it, by name. */
  {
    char *net = _ttt_window_net_status (self);

    if (net != NULL)
      {
        g_free (text);
        text = net;
      }
  }
#endif
  /* A refused move is said where the turn is, until the game moves on;
   * the board's description keeps the state of play. */
  if (over)
    gtk_label_set_label (self->status_label, "");
  else if (self->refusal != NULL && state == TTT_GAME_STATE_LOCAL_TURN)
    gtk_label_set_label (self->status_label, self->refusal);
  else
    gtk_label_set_label (self->status_label, text);
  gtk_label_set_label (self->result_label, over ? text : "");
  gtk_stack_set_visible_child_name (self->status_stack, self->review != NULL ? "review" : over ? "over" : "play");
  /* Height the board cannot use (a tall, narrow window, where the board
   * is as wide as it can be) goes under the status, not between it and
   * the board; in a review, to the text, whose lines then need not
   * scroll. */
  gtk_widget_set_vexpand (GTK_WIDGET (self->status_stack), self->review != NULL);
  gtk_widget_set_visible (GTK_WIDGET (self->spinner), state == TTT_GAME_STATE_WAITING);
  gtk_spinner_set_spinning (self->spinner, state == TTT_GAME_STATE_WAITING);

  update_badges_active (self);

  /* A screen reader hears the state of play when it reaches the board. */
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->board),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, board_text,
                                  -1);

  /* Where the game is not solved (Ultimate), the hint, analysis and review
   * are estimates of a search, and the hint button's tooltip says so. */
  solved = ttt_variants_get (ttt_game_get_variant (self->game))->solved;
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.hint", state == TTT_GAME_STATE_LOCAL_TURN);
  /* With someone elsewhere a move is taken back only if they agree: the
   * network window asks them (Ask to Undo); this one would do nothing. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.undo",
                                 ttt_game_get_can_undo (self->game) &&
                                 !ttt_tally_id_is_network (ttt_table_get_tally (ttt_game_get_table (self->game))));
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review", over && self->review == NULL);
  if (ttt_analyst_get_hint_thinking (ttt_game_get_analyst (self->game)))
    /* Translators: the tooltip of the Hint button while the search for an
     * Ultimate hint runs (a couple of seconds). */
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_button), _("Looking for a hint…"));
  else
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->hint_button),
                                 solved ? _("Hint")
                                         /* Translators: the tooltip of the Hint button in a game of
                                          * Ultimate Tic-Tac-Toe. */
                                         : _("Hint (an estimate from a search)"));

  /* While a review lasts, it speaks for the board. */
  if (self->review != NULL)
    _ttt_window_update_review (self);
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
  TttTable *table = ttt_game_get_table (self->game);
  TttMark near = ttt_player_is_local (ttt_table_get_player (table, TTT_MARK_X)) ? TTT_MARK_X : TTT_MARK_O;
  TttMark far = near == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
  const char *near_name = ttt_table_get_side_name (table, near);
  const char *far_name = ttt_table_get_side_name (table, far);
  TttTallyId tally_id = ttt_table_get_tally (table);
  TttTally tally;

#ifdef TTT_HAVE_NETWORK
  /* The game with someone elsewhere being set up: its players already,
   * over the board of the game before. */
  if (_ttt_window_net_players (self, &near, &far_name))
    {
      far = near == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X;
      /* Translators: the names of the two sides against the computer. */
      near_name = C_("score", "You");
      tally_id = ttt_tally_id_for_network (ttt_net_session_get_variant (self->net_session));
    }
#endif
  ttt_statistics_get_tally (self->statistics, tally_id, &tally);
  ttt_player_badge_set_mark (self->badge_start, near);
  ttt_player_badge_set_mark (self->badge_end, far);
  ttt_player_badge_set_name (self->badge_start, near_name);
  ttt_player_badge_set_name (self->badge_end, far_name);
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

/* Who plays: the header's subtitle and the badges. */
void
_ttt_window_update_players (TttWindow *self)
{
  update_subtitle (self);
  update_badges (self);
}

static void
update_all (TttWindow *self)
{
  _ttt_window_update_status (self);
  update_subtitle (self);
  update_badges (self);
}

/* Game signals */

/* The status says the turn again: the game moved on since the refusal. */
static void
forget_refusal (TttWindow *self)
{
  g_clear_pointer (&self->refusal, g_free);
}

static void
game_over_cb (TttWindow  *self,
              TttOutcome  outcome,
              guint       winning_cells,
              TttGame    *game)
{
  forget_refusal (self);
  _ttt_window_update_status (self);

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
    _ttt_window_leave_review (self);

  forget_refusal (self);
  _ttt_window_update_status (self);

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
                  TttAnalyst *analyst)
{
  gboolean thinking = ttt_analyst_get_hint_thinking (analyst);

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
  forget_refusal (self);
  _ttt_window_update_status (self);
}

/* The hint the game holds: the status line says why until the next move
 * ends it; a screen reader hears it as news once the focus is on the cell. */
static void
hint_changed_cb (TttWindow  *self,
                 int         cell,
                 TttMotive   motive,
                 TttAnalyst *analyst)
{
  forget_refusal (self);
  _ttt_window_update_status (self);
  if (cell >= 0)
    ttt_board_view_show_hint (self->board, cell);
}

/* The height a window of the default width needs for Ultimate's cells
 * to be about 44 px, as big as a finger's touch; at the default 640 px
 * they are 38 px. */
#define ULTIMATE_HEIGHT 740

static int
default_size_of (GSettings  *settings,
                 const char *key)
{
  g_autoptr(GVariant) value = g_settings_get_default_value (settings, key);

  return g_variant_get_int32 (value);
}

/* Ultimate's 81 cells need more height than classic's nine: a window
 * still at the size it opens at by default grows to give them it, as
 * far as the screen allows. A size the person chose stays theirs. */
static void
fit_variant (TttWindow *self)
{
  GtkWindow *window = GTK_WINDOW (self);
  GdkDisplay *display = gtk_widget_get_display (GTK_WIDGET (self));
  GdkSurface *surface = gtk_native_get_surface (GTK_NATIVE (self));
  g_autoptr(GdkMonitor) first = NULL;
  GdkMonitor *monitor = NULL;
  int width, height, target = ULTIMATE_HEIGHT;

  if (self->settings == NULL || ttt_game_get_variant (self->game) != TTT_VARIANT_ULTIMATE ||
      gtk_window_is_maximized (window) || gtk_window_is_fullscreen (window) ||
      g_settings_get_boolean (self->settings, "window-maximized"))
    return;
  gtk_window_get_default_size (window, &width, &height);
  if (width != default_size_of (self->settings, "window-width") ||
      height != default_size_of (self->settings, "window-height"))
    return;

  if (surface != NULL)
    monitor = gdk_display_get_monitor_at_surface (display, surface);
  if (monitor == NULL)
    {
      first = g_list_model_get_item (gdk_display_get_monitors (display), 0);
      monitor = first;
    }
  if (monitor != NULL)
    {
      GdkRectangle geometry;

      gdk_monitor_get_geometry (monitor, &geometry);
      target = MIN (target, geometry.height);
    }
  if (target > height)
    gtk_window_set_default_size (window, width, target);
}

static void
variant_changed_cb (TttWindow  *self,
                    GParamSpec *pspec,
                    TttGame    *game)
{
  fit_variant (self);
}

static void
players_changed_cb (TttWindow  *self,
                    GParamSpec *pspec,
                    TttGame    *game)
{
  update_subtitle (self);
  update_badges (self);
  forget_refusal (self);
  _ttt_window_update_status (self);
}

/* A game that begins may seat someone new at the same marks (another
 * person elsewhere, met after the last one left): the header and the
 * badges name whoever plays now. */
static void
game_started_cb (TttWindow *self,
                 TttGame   *game)
{
  update_subtitle (self);
  update_badges (self);
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
  g_clear_weak_pointer (&self->answer_toast);
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

  if (ttt_game_get_opponent (game) != TTT_OPPONENT_COMPUTER)
    return;

  /* Translators: a toast when the difficulty changes and the score badges
   * switch to the games played at it; %s is a difficulty such as "Hard". */
  title = g_strdup_printf (_("Showing the score at %s"), ttt_level_name (ttt_game_get_difficulty (game)));

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
  g_set_object (&self->statistics, ttt_table_get_statistics (ttt_game_get_table (self->game)));
  g_signal_connect_object (self->statistics, "changed", G_CALLBACK (tally_changed_cb), self, G_CONNECT_SWAPPED);
}

static void
statistics_replaced_cb (TttWindow  *self,
                        GParamSpec *pspec,
                        TttTable   *table)
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

/* A click or key the game refused: when the reason is where one may play
 * (Ultimate's boards), the status says so, and a screen reader hears it
 * once; any other refusal changes nothing, as before. */
static void
move_refused_cb (TttWindow    *self,
                 int           cell,
                 TttBoardView *board)
{
  g_autofree char *refusal = ttt_words_refusal (self->game, cell);

  if (refusal == NULL)
    return;

  g_free (self->refusal);
  self->refusal = g_steal_pointer (&refusal);
  _ttt_window_update_status (self);
  ttt_news_tell (self->news, self->refusal);
}

/* Ultimate, play free: the board a first digit picked, and what the next
 * key does; or the pick Escape dropped. */
static void
board_picked_cb (TttWindow    *self,
                 int           board,
                 TttBoardView *view)
{
  g_autofree char *words = ttt_words_board_picked (board);

  ttt_news_tell (self->news, words);
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
  g_signal_connect_object (self->board, "move-refused", G_CALLBACK (move_refused_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->board, "board-picked", G_CALLBACK (board_picked_cb), self, G_CONNECT_SWAPPED);

  self->sound_player = ttt_sound_player_new (self->game);
  if (self->settings != NULL)
    g_settings_bind (self->settings, "sound", self->sound_player, "enabled", G_SETTINGS_BIND_GET);

  /* Everything the window shows of the game follows these. */
  self->game_signals = g_signal_group_new (TTT_TYPE_GAME);
  {
    static const struct {
      const char *signal;
      GCallback   callback;
    } follow[] = {
      { "game-over", G_CALLBACK (game_over_cb) },
      { "notify::state", G_CALLBACK (state_changed_cb) },
      { "notify::turn", G_CALLBACK (state_changed_cb) },
      { "notify::held", G_CALLBACK (state_changed_cb) },
      { "notify::can-undo", G_CALLBACK (state_changed_cb) },
      { "notify::human-mark", G_CALLBACK (players_changed_cb) },
      { "notify::difficulty", G_CALLBACK (players_changed_cb) },
      { "notify::difficulty", G_CALLBACK (difficulty_changed_cb) },
      { "notify::opponent", G_CALLBACK (players_changed_cb) },
      { "notify::variant", G_CALLBACK (players_changed_cb) },
      { "notify::variant", G_CALLBACK (variant_changed_cb) },
      { "game-started", G_CALLBACK (game_started_cb) },
    };

    for (guint i = 0; i < G_N_ELEMENTS (follow); i++)
      g_signal_group_connect_swapped (self->game_signals, follow[i].signal, follow[i].callback, self);
  }
  g_signal_group_set_target (self->game_signals, self->game);
  /* The names two people gave, and the statistics, are the table's. */
  g_signal_connect_object (ttt_game_get_table (self->game), "notify::statistics",
                           G_CALLBACK (statistics_replaced_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ttt_game_get_table (self->game), "notify::x-name",
                           G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ttt_game_get_table (self->game), "notify::o-name",
                           G_CALLBACK (players_changed_cb), self, G_CONNECT_SWAPPED);
  /* And the game's coach: the hint, and its search on its way. */
  self->analyst_signals = g_signal_group_new (TTT_TYPE_ANALYST);
  g_signal_group_connect_swapped (self->analyst_signals, "hint-changed", G_CALLBACK (hint_changed_cb), self);
  g_signal_group_connect_swapped (self->analyst_signals, "notify::hint-thinking", G_CALLBACK (hint_thinking_cb), self);
  g_signal_group_set_target (self->analyst_signals, ttt_game_get_analyst (self->game));
  follow_statistics (self);

  if (self->settings != NULL)
    {
      gtk_window_set_default_size (GTK_WINDOW (self),
                                   g_settings_get_int (self->settings, "window-width"),
                                   g_settings_get_int (self->settings, "window-height"));
      if (g_settings_get_boolean (self->settings, "window-maximized"))
        gtk_window_maximize (GTK_WINDOW (self));
      fit_variant (self);

      /* The analysis stays on, or off, from one run to the next. Without
       * NO_SENSITIVITY GSettings would make the whole window insensitive
       * whenever the key cannot be written (a locked key, settings that
       * cannot be saved), leaving the game unplayable. */
      g_settings_bind (self->settings, "show-analysis", self, "show-analysis",
                       G_SETTINGS_BIND_DEFAULT | G_SETTINGS_BIND_NO_SENSITIVITY);
    }

  /* The review (ttt-window-review.c) says when it begins and ends; the
   * status and the buttons follow. */
  g_signal_connect (self, "notify::reviewing", G_CALLBACK (_ttt_window_update_status), NULL);

  update_all (self);
}

static gboolean
ttt_window_close_request (GtkWindow *window)
{
  TttWindow *self = TTT_WINDOW (window);
  int width, height;

#ifdef TTT_HAVE_NETWORK
  /* Not in the middle of a game with someone elsewhere, unasked. */
  if (_ttt_window_net_ask_before_close (self))
    return TRUE;
#endif

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

    case PROP_REVIEWING:
      g_value_set_boolean (value, self->review != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_window_dispose (GObject *object)
{
  TttWindow *self = TTT_WINDOW (object);

  if (self->game_signals != NULL)
    g_signal_group_set_target (self->game_signals, NULL);
  g_clear_object (&self->game_signals);
  if (self->analyst_signals != NULL)
    g_signal_group_set_target (self->analyst_signals, NULL);
  g_clear_object (&self->analyst_signals);
  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);
  if (self->review != NULL)
    g_signal_handlers_disconnect_by_data (self->review, self);
  g_clear_object (&self->review);
  g_clear_pointer (&self->review_said, g_free);
  g_clear_pointer (&self->refusal, g_free);
  if (self->scroll_moves_id != 0 && self->move_list != NULL)
    gtk_widget_remove_tick_callback (GTK_WIDGET (self->move_list), self->scroll_moves_id);
  self->scroll_moves_id = 0;

#ifdef TTT_HAVE_NETWORK
  _ttt_window_net_dispose (self);
#endif
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
  /**
   * TttWindow:reviewing:
   *
   * Whether a finished game is being stepped through (Review), rather than
   * the game in play shown.
   */
  properties[PROP_REVIEWING] =
    g_param_spec_boolean ("reviewing", NULL, NULL,
                          FALSE,
                          (G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (TTT_TYPE_BOARD_VIEW);
  g_type_ensure (TTT_TYPE_PLAYER_BADGE);
  g_type_ensure (TTT_TYPE_REPAINT_BIN);

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_bar);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_label);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, notice_close_button);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, content_box);
  gtk_widget_class_bind_template_child (widget_class, TttWindow, header_bar);
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

  _ttt_window_class_actions_init (widget_class);
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

/* A menu button's tooltip says what the menu is; with the menu open it
 * only covers it (GTK leaves it shown over the popover). */
static void
menu_popover_visible_cb (GtkWidget  *popover,
                         GParamSpec *pspec,
                         GtkWidget  *button)
{
  gtk_widget_set_has_tooltip (button, !gtk_widget_get_visible (popover));
  gtk_widget_trigger_tooltip_query (button);
}

static void
ttt_window_init (TttWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  _ttt_window_reserve_review_lines (self);
  g_signal_connect_object (gtk_settings_get_default (), "notify::gtk-font-name",
                           G_CALLBACK (_ttt_window_reserve_review_lines), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (gtk_settings_get_default (), "notify::gtk-xft-dpi",
                           G_CALLBACK (_ttt_window_reserve_review_lines), self, G_CONNECT_SWAPPED);

  g_object_bind_property (self, "show-analysis", self->board, "show-analysis", G_BINDING_SYNC_CREATE);
  _ttt_window_add_review_keys (self);
  _ttt_window_add_refusal_keys (self);
  follow_input (self);
#ifdef TTT_HAVE_NETWORK
  _ttt_window_net_init (self);
#endif

  /* Outside a review its steps do nothing. */
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-first", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-previous", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-next", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-last", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.review-done", FALSE);

  g_signal_connect_swapped (self->notice_close_button, "clicked", G_CALLBACK (notice_close_cb), self);
  /* GTK 4.8's menu button has no "active" to follow: its popover. */
  g_signal_connect_object (gtk_menu_button_get_popover (self->menu_button), "notify::visible",
                           G_CALLBACK (menu_popover_visible_cb), self->menu_button, 0);
  g_signal_connect_object (self->moves_popover, "notify::visible",
                           G_CALLBACK (menu_popover_visible_cb), self->position_button, 0);
  g_signal_connect_swapped (self->move_list, "row-activated", G_CALLBACK (_ttt_window_move_activated_cb), self);
  g_signal_connect_object (self->moves_popover, "map", G_CALLBACK (_ttt_window_moves_popover_mapped_cb), self,
                           G_CONNECT_SWAPPED | G_CONNECT_AFTER);
  g_signal_connect_object (self->moves_popover, "closed", G_CALLBACK (_ttt_window_moves_popover_closed_cb), self,
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

GtkWidget *
ttt_window_get_question (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->question;
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

  /* On classic's empty board the analysis shows nothing (every first
   * move draws with best play: TttBoardView), and the toggle looked dead
   * (issue 35): said, and shown, instead. */
  if (show_analysis && self->game != NULL && self->review == NULL && gtk_widget_get_mapped (GTK_WIDGET (self)) &&
      ttt_game_get_variant (self->game) == TTT_VARIANT_CLASSIC && ttt_game_get_n_moves (self->game) == 0 &&
      ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN)
    {
      _ttt_window_say (self,
                       /* Translators: said and shown as Show Analysis is turned on over
                        * the empty classic board, where it marks no cell. */
                       _("Analysis shown. Every first move draws with best play: the analysis marks the cells from the next move on."));
      return;
    }

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
/* The toast of the last answer asked for, while it shows. */
AdwToast *
ttt_window_get_answer_toast (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->answer_toast;
}

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
