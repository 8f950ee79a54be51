/* ttt-window-net.c — a game with someone elsewhere, played in the window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Once the network window has connected, it hands the session to the
 * main window: the game is played on its board, with a bar under the
 * header (ttt-net-bar.c) for what only two people have. The window owns
 * the session from then on: leaving, closing the window and quitting
 * ask first, and the other side is told ("Ana left the game"); Play
 * Again offers or accepts a rematch; once the session is over, a fresh
 * game on this computer takes its place.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-compat.h"
#include "ttt-net-bar.h"
#include "ttt-window-private.h"
#include "ttt-words.h"

static TttNetSession *
session_of (TttWindow *self)
{
  return self->net_session;
}

static gboolean
session_live (TttWindow *self)
{
  return session_of (self) != NULL &&
         ttt_net_session_get_state (session_of (self)) != TTT_NET_SESSION_CLOSED;
}

/* Leaving now would end a game in progress: that is asked first. Between
 * games, or before the first, nothing is lost (the other side is told
 * all the same). */
static gboolean
mid_game (TttWindow *self)
{
  return session_of (self) != NULL &&
         ttt_net_session_get_state (session_of (self)) == TTT_NET_SESSION_PLAYING;
}

/* The board takes the focus, on a cell. */
static void
focus_board (TttWindow *self)
{
  gtk_widget_child_focus (GTK_WIDGET (self->board), GTK_DIR_TAB_FORWARD);
}

static void
bar_announce_cb (TttWindow  *self,
                 const char *text)
{
  if (text != NULL && *text != '\0')
    ttt_news_tell (self->news, text);
}

static void bar_mapped_cb (TttWindow *self);

/* The bar shows or goes. While it shows, the room under the board is as
 * tall as what it holds, not always as tall as the review of a finished
 * game: the bar takes that room's place, and the window with it fits a
 * phone's screen, 360 × 640, in Ultimate too. In a window with height to
 * spare, which goes under the status, the board still keeps its place
 * when the game ends and its review opens; a window at its least height
 * grows for them. */
static void
show_bar (TttWindow *self,
          gboolean   shown)
{
  gtk_revealer_set_reveal_child (GTK_REVEALER (self->net_revealer), shown);
  /* A fading revealer keeps its child's height: hidden, it has none. */
  gtk_widget_set_visible (self->net_revealer, shown);
  gtk_stack_set_vhomogeneous (self->status_stack, !shown);
}

/* The session is over for this window: the bar goes, and a game on this
 * computer takes the dead network board's place. */
static void
drop_session (TttWindow *self)
{
  g_autoptr(TttNetSession) session = g_steal_pointer (&self->net_session);

  if (session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (session, self);
  g_signal_handlers_disconnect_by_func (self->net_bar, bar_mapped_cb, self);
  g_clear_pointer (&self->net_held_news, g_free);
  ttt_net_bar_set_session (TTT_NET_BAR (self->net_bar), NULL);
  show_bar (self, FALSE);
  if (ttt_net_session_get_state (session) != TTT_NET_SESSION_CLOSED)
    ttt_net_session_leave (session);
  ttt_game_start_new (self->game);
  _ttt_window_net_update_play_again (self);
  focus_board (self);
}

void
_ttt_window_net_update_play_again (TttWindow *self)
{
  TttNetSession *session = session_of (self);
  const char *label = _("Play Again");
  gboolean sensitive = TRUE;

  if (session != NULL && ttt_net_session_get_state (session) == TTT_NET_SESSION_GAME_OVER)
    {
      if (ttt_net_session_get_rematch_offered (session))
        label = _("Accept Rematch");
      else if (ttt_net_session_get_rematch_asked (session))
        {
          label = _("Rematch Offered");
          sensitive = FALSE;
        }
      else
        label = _("Offer a Rematch");
    }
  gtk_button_set_label (self->play_again_button, label);
  /* Insensitive, the button would drop the focus: it keeps it, and
   * Enter does nothing until the other side answers. */
  gtk_widget_set_sensitive (GTK_WIDGET (self->play_again_button),
                            sensitive || gtk_widget_has_focus (GTK_WIDGET (self->play_again_button)));
}

static void
session_state_cb (TttWindow *self)
{
  TttNetSession *session = session_of (self);
  TttNetSessionState state = ttt_net_session_get_state (session);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  _ttt_window_net_update_play_again (self);
  _ttt_window_update_status (self);
  _ttt_window_update_players (self);

  switch (state)
    {
    case TTT_NET_SESSION_PLAYING:
      /* A game begins (the first, or a rematch): the keys play on the
       * board, from wherever they were in the bar or on Play Again. */
      focus_board (self);
      break;

    case TTT_NET_SESSION_CLOSED:
      if (ttt_net_session_get_end (session) == TTT_NET_SESSION_END_LEFT)
        {
          drop_session (self);
          return;
        }
      /* What happened stays in the bar, with Play Here; the focus, if it
       * was in the bar or nowhere, goes there. */
      if (focus == NULL || gtk_widget_is_ancestor (focus, self->net_bar) || !gtk_widget_get_mapped (focus))
        ttt_net_bar_focus (TTT_NET_BAR (self->net_bar));
      break;

    case TTT_NET_SESSION_CONNECTING:
    case TTT_NET_SESSION_VERIFYING:
    case TTT_NET_SESSION_CONFIRMED:
    case TTT_NET_SESSION_GAME_OVER:
    default:
      break;
    }
}

static void
session_requests_cb (TttWindow *self)
{
  _ttt_window_net_update_play_again (self);
  _ttt_window_update_status (self);
}

/* Questions */

static void
leave_confirmed (gpointer data)
{
  TttWindow *self = data;

  drop_session (self);
}

static gboolean
close_now (gpointer data)
{
  gtk_window_close (GTK_WINDOW (data));
  return G_SOURCE_REMOVE;
}

static void
close_confirmed (gpointer data)
{
  TttWindow *self = data;

  drop_session (self);
  /* The question is still answering, transient for this window: closed
   * now, the window would take the question with it in the middle of its
   * answer (libadwaita 1.2's message dialog then crashed). It goes once
   * the answer is over. */
  g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, close_now, g_object_ref (self), g_object_unref);
}

static void
choose_confirmed (gpointer data)
{
  TttWindow *self = data;

  drop_session (self);
  ttt_window_choose_game (self);
}

static void
resign_confirmed (gpointer data)
{
  TttWindow *self = data;

  if (session_of (self) != NULL)
    ttt_net_session_resign (session_of (self));
}

static void
ask (TttWindow  *self,
     const char *heading,
     const char *body,
     const char *confirm,
     void      (*then) (gpointer data))
{
  if (self->question != NULL)
    ttt_compat_question_answer (self->question, FALSE);
  g_clear_weak_pointer (&self->question);
  g_set_weak_pointer (&self->question, ttt_compat_ask (GTK_WIDGET (self), heading, body, confirm,
                                                       G_CALLBACK (then), self));
}

static void
ask_leave (TttWindow *self,
           void     (*then) (gpointer data))
{
  TttNetBar *bar = TTT_NET_BAR (self->net_bar);
  /* Translators: %s is the other person's name, quoted. */
  g_autofree char *heading = g_strdup_printf (_("Leave the Game With %s?"), ttt_net_bar_get_peer (bar));
  /* Translators: %s is the other person's name, quoted. */
  g_autofree char *body = g_strdup_printf (_("The game in progress ends without a result, and %s is told that you left."),
                                           ttt_net_bar_get_peer (bar));

  ask (self, heading, body, _("_Leave"), then);
}

static void
bar_leave_asked_cb (TttWindow *self)
{
  if (mid_game (self))
    ask_leave (self, leave_confirmed);
  else
    drop_session (self);
}

static void
bar_resign_asked_cb (TttWindow *self)
{
  g_autofree char *body = NULL;

  if (!session_live (self))
    return;
  /* Translators: %s is the other person's name, quoted. */
  body = g_strdup_printf (_("%s wins this game. You can offer a rematch afterwards."),
                          ttt_net_bar_get_peer (TTT_NET_BAR (self->net_bar)));
  ask (self, _("Resign This Game?"), body, _("_Resign"), resign_confirmed);
}

static void
bar_dismissed_cb (TttWindow *self)
{
  drop_session (self);
}

/* Ctrl+Z with someone elsewhere asks them, as the bar's Ask to Undo. */
gboolean
_ttt_window_net_ask_undo (TttWindow *self)
{
  return session_live (self) && ttt_net_bar_ask_undo (TTT_NET_BAR (self->net_bar));
}

/* The window */

void
_ttt_window_net_init (TttWindow *self)
{
  self->net_bar = GTK_WIDGET (ttt_net_bar_new ());
  self->net_revealer = gtk_revealer_new ();
  gtk_revealer_set_child (GTK_REVEALER (self->net_revealer), self->net_bar);
  /* Not a slide: GTK 4.24 measures a sliding child for heights it has
   * no width for, and warns. */
  gtk_revealer_set_transition_type (GTK_REVEALER (self->net_revealer), GTK_REVEALER_TRANSITION_TYPE_CROSSFADE);
  gtk_widget_set_visible (self->net_revealer, FALSE);
  gtk_box_insert_child_after (GTK_BOX (self->content_box), self->net_revealer, self->header_bar);
  g_signal_connect_object (self->net_bar, "announce", G_CALLBACK (bar_announce_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->net_bar, "leave-asked", G_CALLBACK (bar_leave_asked_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->net_bar, "resign-asked", G_CALLBACK (bar_resign_asked_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->net_bar, "dismissed", G_CALLBACK (bar_dismissed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->net_bar, "done", G_CALLBACK (focus_board), self, G_CONNECT_SWAPPED);
}

void
_ttt_window_net_dispose (TttWindow *self)
{
  g_autoptr(TttNetSession) session = g_steal_pointer (&self->net_session);

  if (session != NULL)
    {
      g_signal_handlers_disconnect_by_data (session, self);
      if (self->net_bar != NULL)
        ttt_net_bar_set_session (TTT_NET_BAR (self->net_bar), NULL);
      ttt_net_session_leave (session);
    }
  if (self->question != NULL)
    ttt_compat_dialog_destroy (self->question);
  g_clear_weak_pointer (&self->question);
  g_clear_pointer (&self->net_held_news, g_free);
}

/* Play Again in a network game offers a rematch, or accepts the other's;
 * once the session is over it plays here again. */
gboolean
_ttt_window_net_play_again (TttWindow *self)
{
  TttNetSession *session = session_of (self);

  if (session == NULL)
    return FALSE;
  switch (ttt_net_session_get_state (session))
    {
    case TTT_NET_SESSION_GAME_OVER:
      ttt_net_session_offer_rematch (session);
      return TRUE;
    case TTT_NET_SESSION_CLOSED:
      drop_session (self);
      return TRUE;
    case TTT_NET_SESSION_CONNECTING:
    case TTT_NET_SESSION_VERIFYING:
    case TTT_NET_SESSION_CONFIRMED:
    case TTT_NET_SESSION_PLAYING:
    default:
      return TRUE;
    }
}

/* New Game and closing the window, in a session that lasts, ask first:
 * TRUE if they asked (the caller stops there). */
gboolean
_ttt_window_net_ask_before_close (TttWindow *self)
{
  if (!mid_game (self))
    {
      /* The other side is told as the window goes. */
      if (session_live (self))
        ttt_net_session_leave (session_of (self));
      return FALSE;
    }
  ask_leave (self, close_confirmed);
  return TRUE;
}

gboolean
_ttt_window_net_ask_before_new_game (TttWindow *self)
{
  if (!mid_game (self))
    {
      if (session_of (self) != NULL)
        drop_session (self);
      return FALSE;
    }
  ask_leave (self, choose_confirmed);
  return TRUE;
}

/* What the status line says in place of the game's words, or NULL. */
char *
_ttt_window_net_status (TttWindow *self)
{
  TttNetSession *session = session_of (self);
  const char *peer;

  if (session == NULL || ttt_net_session_get_state (session) != TTT_NET_SESSION_PLAYING)
    return NULL;
  peer = ttt_net_bar_get_peer (TTT_NET_BAR (self->net_bar));
  if (ttt_net_session_get_undo_requested (session))
    return g_strdup_printf (_("%s asks to take back their last move."), peer);
  if (ttt_net_session_get_undo_asked (session))
    return g_strdup_printf (_("Waiting for %s to answer…"), peer);
  return NULL;
}

/* While the two set the game up (compare the code, wait for the other to
 * confirm it), the board still holds the game before: the header and the
 * badges name who plays next all the same, the other by name once it is
 * known. FALSE at other times. */
gboolean
_ttt_window_net_players (TttWindow   *self,
                         TttMark     *mine,
                         const char **other)
{
  TttNetSession *session = session_of (self);

  if (session == NULL || ttt_net_session_get_state (session) > TTT_NET_SESSION_CONFIRMED)
    return FALSE;
  *mine = ttt_net_session_get_local_mark (session);
  *other = ttt_net_session_get_peer_name (session) != NULL ? ttt_net_bar_get_peer (TTT_NET_BAR (self->net_bar))
                                                           /* Translators: see "You" in the same context. */
                                                           : C_("score", "Other player");
  return TRUE;
}

/* The header's subtitle while the two set the game up, and in @short_text
 * its shorter form for a narrow header, which keeps the friend's name;
 * NULL at other times. */
char *
_ttt_window_net_subtitle (TttWindow  *self,
                          char      **short_text)
{
  TttMark mine;
  const char *other;
  TttVariant variant;

  if (!_ttt_window_net_players (self, &mine, &other))
    return NULL;
  variant = ttt_net_session_get_variant (session_of (self));
  *short_text = ttt_words_net_short_subtitle (variant, other);
  return ttt_words_net_subtitle (variant, mine, other);
}

/* Keeps what the bar tells while the window hands the session to it. */
static void
hold_news_cb (GString    *held,
              const char *text)
{
  if (text != NULL && *text != '\0')
    g_string_append_printf (held, "%s%s", held->len > 0 ? " " : "", text);
}

/* The bar shows (a revealer shows its child from its first frame on):
 * only now does a screen reader know its buttons. The focus, given one
 * of them before, was told to none, and news told on it would be
 * dropped: it is given again, and the news the bar told follows it. */
static void
bar_mapped_cb (TttWindow *self)
{
  g_autofree char *held = g_steal_pointer (&self->net_held_news);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  g_signal_handlers_disconnect_by_func (self->net_bar, bar_mapped_cb, self);
  if (focus != NULL && gtk_widget_is_ancestor (focus, self->net_bar))
    {
      gtk_window_set_focus (GTK_WINDOW (self), NULL);
      ttt_net_bar_focus (TTT_NET_BAR (self->net_bar));
    }
  if (held != NULL)
    ttt_news_tell (self->news, held);
}

/**
 * ttt_window_set_net_session:
 * @self: a #TttWindow
 * @session: a session on the window's game, connected (its code known)
 *
 * Plays @session in the window: the window owns it from now on.
 */
void
ttt_window_set_net_session (TttWindow     *self,
                            TttNetSession *session)
{
  g_autoptr(GString) held = g_string_new (NULL);
  gulong hold_id;

  g_return_if_fail (TTT_IS_WINDOW (self));
  g_return_if_fail (TTT_IS_NET_SESSION (session));
  g_return_if_fail (ttt_net_session_get_game (session) == self->game);

  if (self->net_session == session)
    return;
  if (self->net_session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->net_session, self);
      ttt_net_session_leave (self->net_session);
      g_clear_object (&self->net_session);
    }
  self->net_session = g_object_ref (session);
  g_signal_connect_swapped (session, "notify::state", G_CALLBACK (session_state_cb), self);
  g_signal_connect_swapped (session, "notify::undo-asked", G_CALLBACK (session_requests_cb), self);
  g_signal_connect_swapped (session, "notify::undo-requested", G_CALLBACK (session_requests_cb), self);
  g_signal_connect_swapped (session, "notify::rematch-offered", G_CALLBACK (session_requests_cb), self);
  g_signal_connect_swapped (session, "notify::rematch-asked", G_CALLBACK (session_requests_cb), self);
  g_signal_connect_swapped (session, "notify::peer-name", G_CALLBACK (_ttt_window_update_players), self);
  /* What the bar tells of the session (the code) waits until the focus
   * is where the person is to answer, in the bar once it shows: told
   * at once, it went on the focus about to leave, and a screen reader
   * dropped it. */
  g_signal_handlers_block_by_func (self->net_bar, bar_announce_cb, self);
  hold_id = g_signal_connect_swapped (self->net_bar, "announce", G_CALLBACK (hold_news_cb), held);
  ttt_net_bar_set_session (TTT_NET_BAR (self->net_bar), session);
  g_signal_handler_disconnect (self->net_bar, hold_id);
  g_signal_handlers_unblock_by_func (self->net_bar, bar_announce_cb, self);
  g_free (self->net_held_news);
  self->net_held_news = held->len > 0 ? g_strdup (held->str) : NULL;
  g_signal_handlers_disconnect_by_func (self->net_bar, bar_mapped_cb, self);
  show_bar (self, TRUE);
  session_state_cb (self);
  /* The code is compared in the bar: the focus goes to its answer. */
  if (ttt_net_session_get_state (session) == TTT_NET_SESSION_VERIFYING)
    ttt_net_bar_focus (TTT_NET_BAR (self->net_bar));
  if (!gtk_widget_get_mapped (self->net_bar))
    g_signal_connect_swapped (self->net_bar, "map", G_CALLBACK (bar_mapped_cb), self);
  else if (self->net_held_news != NULL)
    {
      g_autofree char *news = g_steal_pointer (&self->net_held_news);

      ttt_news_tell (self->news, news);
    }
}

TttNetSession *
ttt_window_get_net_session (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->net_session;
}

/**
 * ttt_window_leave_network:
 * @self: a #TttWindow
 *
 * Leaves the session without asking (the program was told to end).
 */
void
ttt_window_leave_network (TttWindow *self)
{
  g_return_if_fail (TTT_IS_WINDOW (self));

  if (self->net_session != NULL && ttt_net_session_get_state (self->net_session) != TTT_NET_SESSION_CLOSED)
    ttt_net_session_leave (self->net_session);
}

GtkWidget *
ttt_window_get_net_bar (TttWindow *self)
{
  g_return_val_if_fail (TTT_IS_WINDOW (self), NULL);

  return self->net_bar;
}
