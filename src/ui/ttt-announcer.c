/* ttt-announcer.c — passes a piece of news on to a screen reader
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * GTK 4.14 and later have gtk_accessible_announce(), used where the
 * accessible context can announce (ttt_compat_announce()). Before that
 * (Debian 12 has GTK 4.8), and without an accessibility bus, nothing
 * tells a screen reader about a change away from the focus, and Orca presents a change of the focused object's description as
 * a message. So the news becomes the description of the focused widget for
 * a moment and is taken off again at once:
 *
 *  - Orca reads the text from the change event itself, so it still says it
 *    when it only gets to the event later;
 *  - a screen reader that gets to a focus change later than that finds the
 *    description gone and does not say the news a second time with the
 *    newly focused widget (the news is told after the views have moved the
 *    focus, see TttNews);
 *  - going back to the widget later does not repeat old news.
 *
 * Taking the description off also takes off a widget's own one, which GTK
 * sets from its tooltip; it is given back once the focus leaves, when a
 * screen reader does not present it.
 *
 * A widget whose own description says something a tooltip does not (a
 * cell's analysis, "Playing here draws") is described through
 * ttt_announcer_describe(). That one is not taken off: the news goes in
 * front of it, so the person hears the news and then what the place they
 * are on now means, in one message, and the description still carries
 * the analysis afterwards. Giving it back alone at once would be a second
 * change, and Orca's second message would cut the news short. Only news
 * told as the focus arrives (a hint's cell) is taken off at once, for a
 * screen reader that reads the focus after it would say it twice. Once the
 * focus leaves (or the owner describes it anew) the widget has its own
 * description again, without the news. A description that says what the
 * news says anyway (Ultimate's "You play in this board", where the news
 * ends "You play in the top-left board.") is left out of it, so that it
 * is not heard twice: ttt_announcer_describe_full().
 *
 * A screen reader says any change of the focused widget's description,
 * so while a widget has the focus its description is not set again to
 * what it already said (the owner describes its widgets anew after each
 * change of the game), and one the news says as it comes true is not put
 * on it at all until the focus has left (ttt_announcer_describe_said()):
 * "Board won by X" was heard up to three times a move, and after
 * unrelated news.
 */

#include "config.h"

#include "ttt-announcer.h"
#include "ttt-compat.h"

struct _TttAnnouncer
{
  GObject    parent_instance;

  GtkWidget *window;   /* a window, or a dialog (ttt-compat.h) */

  /* The widget whose own description is to be given back. */
  GtkWidget *borrowed;

  /* News that came while the window was not the active one, the newest
   * last and at most MAX_HELD, and the focus that moved then (see
   * ttt_announcer_announce()). */
  GQueue    *held;
  gboolean   focus_moved_inactive;
  guint      active_id;

  /* Set while the focus has just moved, until the main loop is idle
   * (see tell()). */
  guint      fresh_focus_id;
};

G_DEFINE_FINAL_TYPE (TttAnnouncer, ttt_announcer, G_TYPE_OBJECT)

#define OWN_DESCRIPTION "ttt-announcer-own-description"
#define NOT_AFTER_NEWS  "ttt-announcer-not-after-news"
#define NEXT_FOCUS      "ttt-announcer-next-focus"
#define QUIET           "ttt-announcer-quiet"

/* A window left inactive for long (a game elsewhere going on) would
 * otherwise keep all it was told; what is heard on its return is the
 * latest. */
#define MAX_HELD 4

/* What @widget says of itself when no news is on it: what its owner gave
 * ttt_announcer_describe(), else its tooltip (GTK's own choice). */
static const char *
own_description (GtkWidget *widget,
                 gboolean  *described)
{
  const char *own = g_object_get_data (G_OBJECT (widget), OWN_DESCRIPTION);

  *described = own != NULL;
  if (own != NULL)
    return *own != '\0' ? own : NULL;

  return gtk_widget_get_tooltip_text (widget);
}

static void
set_description (GtkWidget  *widget,
                 const char *text)
{
  if (text != NULL)
    gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                    GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text,
                                    -1);
  else
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
}

static gboolean
give_back_cb (gpointer data)
{
  GtkWidget *widget = data;
  gboolean described;
  const char *own = own_description (widget, &described);
  GtkRoot *root = gtk_widget_get_root (widget);

  /* Unless the focus has come back to it, and it is news again, or its
   * tooltip is its name (see ttt_accessible_hide_type_names()). */
  if ((own != NULL || described) && (root == NULL || gtk_root_get_focus (root) != widget) &&
      g_object_get_data (G_OBJECT (widget), QUIET) == NULL &&
      (described || g_object_get_data (G_OBJECT (widget), "ttt-named-by-tooltip") == NULL))
    set_description (widget, own);

  return G_SOURCE_REMOVE;
}

/* Once the focus has moved on: GTK 4.8 sends a change of description
 * late, and given back at once it would reach a screen reader while the
 * widget still has its focus, said as news ("Next Move"). */
static void
give_back (TttAnnouncer *self)
{
  if (self->borrowed == NULL)
    return;

  g_idle_add_full (G_PRIORITY_LOW, give_back_cb, g_steal_pointer (&self->borrowed), g_object_unref);
}

static gboolean
focus_settled_cb (gpointer data)
{
  TttAnnouncer *self = data;

  self->fresh_focus_id = 0;
  return G_SOURCE_REMOVE;
}

static void
focus_changed_cb (TttAnnouncer *self,
                  GParamSpec   *pspec,
                  GtkWidget    *window)
{
  if (self->fresh_focus_id == 0)
    self->fresh_focus_id = g_idle_add_full (G_PRIORITY_LOW, focus_settled_cb, self, NULL);
  if (self->borrowed != NULL && ttt_compat_dialog_get_focus (window) != self->borrowed)
    give_back (self);
  if (GTK_IS_WINDOW (window) && !gtk_window_is_active (GTK_WINDOW (window)))
    self->focus_moved_inactive = TRUE;
}

static void tell (TttAnnouncer *self,
                  const char   *text);

static void
drop_held (GQueue *held)
{
  g_queue_free_full (held, g_free);
}

/* The window has become active: what it held is told now, after its
 * activation and after its focus.
 *
 * A screen reader drops news told on a window that is not the active
 * one (Orca presents only what happens where its focus is): the news of
 * the main window while the network window closes, the code of a window
 * shown before it had the focus. And a focus set while the window was
 * not active is told together with the activation, in an order Orca
 * does not keep: it says the window's title and then nothing. So the
 * focus is given again, after the activation for certain (a reader that
 * had presented it already does not present it again), and the news
 * follows it, heard as news where the focus now is. */
static gboolean
active_cb (gpointer data)
{
  TttAnnouncer *self = data;
  GtkWindow *window = self->window != NULL ? GTK_WINDOW (self->window) : NULL;
  g_autofree char *held = NULL;

  self->active_id = 0;
  if (window == NULL || !gtk_window_is_active (window))
    return G_SOURCE_REMOVE;

  if (self->held != NULL)
    {
      g_autoptr(GString) joined = g_string_new (NULL);
      g_autoptr(GQueue) queue = g_steal_pointer (&self->held);

      for (GList *l = queue->head; l != NULL; l = l->next)
        g_string_append_printf (joined, "%s%s", joined->len > 0 ? " " : "", (const char *) l->data);
      g_queue_clear_full (queue, g_free);
      held = g_string_free (g_steal_pointer (&joined), FALSE);
    }
  if (self->focus_moved_inactive || held != NULL)
    {
      GtkWidget *focus = gtk_window_get_focus (window);

      if (focus != NULL)
        {
          int start = 0, end = 0;
          gboolean selected;

          /* A selectable label selects all as it takes the focus: the
           * selection it had is kept. */
          selected = GTK_IS_LABEL (focus) && gtk_label_get_selection_bounds (GTK_LABEL (focus), &start, &end);
          g_object_ref (focus);
          gtk_window_set_focus (window, NULL);
          gtk_widget_grab_focus (focus);
          if (GTK_IS_LABEL (focus) && gtk_label_get_selectable (GTK_LABEL (focus)))
            gtk_label_select_region (GTK_LABEL (focus), selected ? start : 0, selected ? end : 0);
          g_object_unref (focus);
        }
    }
  self->focus_moved_inactive = FALSE;
  /* Told after the focus given again, not as the focus comes (see
   * tell()): kept on it, it is read with it. */
  g_clear_handle_id (&self->fresh_focus_id, g_source_remove);
  if (held != NULL)
    tell (self, held);

  return G_SOURCE_REMOVE;
}

static void
is_active_cb (TttAnnouncer *self,
              GParamSpec   *pspec,
              GtkWindow    *window)
{
  if (!gtk_window_is_active (window))
    return;
  /* Once GTK has told of the activation and of the focus it had. */
  if (self->active_id == 0)
    self->active_id = g_idle_add_full (G_PRIORITY_LOW, active_cb, self, NULL);
}

static void
ttt_announcer_dispose (GObject *object)
{
  TttAnnouncer *self = TTT_ANNOUNCER (object);

  g_clear_object (&self->borrowed);
  g_clear_handle_id (&self->active_id, g_source_remove);
  g_clear_handle_id (&self->fresh_focus_id, g_source_remove);
  g_clear_pointer (&self->held, drop_held);
  if (self->window != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->window, self);
      g_object_remove_weak_pointer (G_OBJECT (self->window), (gpointer *) &self->window);
      self->window = NULL;
    }

  G_OBJECT_CLASS (ttt_announcer_parent_class)->dispose (object);
}

static void
ttt_announcer_class_init (TttAnnouncerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_announcer_dispose;
}

static void
ttt_announcer_init (TttAnnouncer *self)
{
}

/**
 * ttt_announcer_new:
 * @window: the window (or dialog) whose focus hears the news
 *
 * Returns: (transfer full): a new #TttAnnouncer; it does not keep @window
 *   alive
 */
TttAnnouncer *
ttt_announcer_new (GtkWidget *window)
{
  TttAnnouncer *self;

  g_return_val_if_fail (GTK_IS_WIDGET (window), NULL);

  self = g_object_new (TTT_TYPE_ANNOUNCER, NULL);
  self->window = window;
  g_object_add_weak_pointer (G_OBJECT (window), (gpointer *) &self->window);
  g_signal_connect_object (window, "notify::focus-widget", G_CALLBACK (focus_changed_cb), self, G_CONNECT_SWAPPED);
  if (GTK_IS_WINDOW (window))
    g_signal_connect_object (window, "notify::is-active", G_CALLBACK (is_active_cb), self, G_CONNECT_SWAPPED);

  return self;
}

/* Has a screen reader say @text once, wherever the focus is. A window
 * on screen that is not the active one holds it until it is, and until
 * its activation is told (see active_cb()). */
void
ttt_announcer_announce (TttAnnouncer *self,
                        const char   *text)
{
  g_return_if_fail (TTT_IS_ANNOUNCER (self));
  g_return_if_fail (text != NULL);

  if (self->window == NULL || *text == '\0')
    return;

  /* Also while the activation is yet to be told (active_cb()): a screen
   * reader still busy with it drops news on a focus it has not reached
   * (the game's start, as the code's window goes). */
  if (GTK_IS_WINDOW (self->window) && gtk_widget_get_mapped (self->window) &&
      (!gtk_window_is_active (GTK_WINDOW (self->window)) || self->active_id != 0))
    {
      if (self->held == NULL)
        self->held = g_queue_new ();
      g_queue_push_tail (self->held, g_strdup (text));
      while (g_queue_get_length (self->held) > MAX_HELD)
        g_free (g_queue_pop_head (self->held));
      return;
    }
  tell (self, text);
}

static void
tell (TttAnnouncer *self,
      const char   *text)
{
  GtkWidget *target;
  gboolean described;
  const char *own;

  target = ttt_compat_dialog_get_focus (self->window);
  if (target == NULL)
    target = self->window;

  /* Where the stack and the accessible context can announce (see
   * ttt_compat_announce()), an announcement; else the description. */
  if (ttt_compat_announce (GTK_ACCESSIBLE (target), text))
    return;

  /* The focus is about to move on (ttt_announcer_set_next_focus()):
   * told on the cell it leaves, the news would be dropped by a screen
   * reader that reaches the event once the focus has gone; put on the
   * next one before the focus is, it is read with the focus, and kept
   * until the focus leaves again. */
  {
    GtkWidget *root = GTK_WIDGET (gtk_widget_get_root (self->window));
    GtkWidget *next = root != NULL ? g_object_get_data (G_OBJECT (root), NEXT_FOCUS) : NULL;

    if (next != NULL && next != target && gtk_widget_get_root (next) == GTK_ROOT (root) &&
        gtk_widget_get_mapped (next))
      {
        if (self->borrowed != next)
          {
            give_back (self);
            self->borrowed = g_object_ref (next);
          }
        g_object_set_data (G_OBJECT (next), QUIET, NULL);
        set_description (next, text);
        return;
      }
  }

  if (self->borrowed != target)
    {
      give_back (self);
      self->borrowed = g_object_ref (target);
    }

  own = own_description (target, &described);
  if (described && own != NULL && g_object_get_data (G_OBJECT (target), NOT_AFTER_NEWS) == NULL)
    {
      g_autofree char *both = g_strconcat (text, " ", own, NULL);

      set_description (target, both);
      /* The focus has only just come here (a hint's cell): a screen
       * reader that presents it after this reads the news with it, from
       * the description, and then says the change again ("Suggested
       * move: … Playing here draws", twice). Taken off at once, silently,
       * it is heard once, from the change, and the widget's own words
       * come back once the focus leaves. */
      if (self->fresh_focus_id != 0)
        gtk_accessible_reset_property (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
  else
    {
      set_description (target, text);
      gtk_accessible_reset_property (GTK_ACCESSIBLE (target), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
    }
}

/**
 * ttt_announcer_drop_held:
 * @self: a #TttAnnouncer
 *
 * Forgets news held for the window's activation (see
 * ttt_announcer_announce()) that is no longer true.
 */
void
ttt_announcer_drop_held (TttAnnouncer *self)
{
  g_return_if_fail (TTT_IS_ANNOUNCER (self));

  g_clear_pointer (&self->held, drop_held);
}

/**
 * ttt_announcer_describe:
 * @widget: a widget that news may be told on
 * @description: (nullable): what @widget means, for a screen reader
 *
 * Sets @widget's accessible description, and keeps it for the announcer to
 * put after news told while @widget has the focus and to give back once
 * the focus leaves (see above). %NULL takes the description off.
 */
void
ttt_announcer_describe (GtkWidget  *widget,
                        const char *description)
{
  ttt_announcer_describe_full (widget, description, TRUE);
}

/**
 * ttt_announcer_describe_full:
 * @widget: a widget that news may be told on
 * @description: (nullable): what @widget means, for a screen reader
 * @after_news: whether news told on @widget is followed by @description
 *
 * As ttt_announcer_describe(); with @after_news %FALSE, news told while
 * @widget has the focus is heard alone, as on a widget of no description
 * of its own, because the news says what @description says. @widget has
 * @description back once the focus leaves.
 */
void
ttt_announcer_describe_full (GtkWidget  *widget,
                             const char *description,
                             gboolean    after_news)
{
  const char *old;
  GtkRoot *root;
  gboolean focused, same;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  old = g_object_get_data (G_OBJECT (widget), OWN_DESCRIPTION);
  same = old != NULL && g_strcmp0 (old, description != NULL ? description : "") == 0 &&
         GPOINTER_TO_INT (g_object_get_data (G_OBJECT (widget), NOT_AFTER_NEWS)) == !after_news;
  root = gtk_widget_get_root (widget);
  focused = root != NULL && gtk_root_get_focus (root) == widget;

  g_object_set_data_full (G_OBJECT (widget), OWN_DESCRIPTION,
                          g_strdup (description != NULL ? description : ""), g_free);
  g_object_set_data (G_OBJECT (widget), NOT_AFTER_NEWS, GINT_TO_POINTER (!after_news));
  g_object_set_data (G_OBJECT (widget), QUIET, NULL);

  /* Said already, or news is on it: it is given back once the focus
   * leaves (see above). */
  if (focused && same)
    return;
  set_description (widget, description);
  /* Or GTK 4.8 may send it again with the focus. */
  ttt_compat_settle_accessible (widget);
}

/**
 * ttt_announcer_describe_said:
 * @widget: a widget that news may be told on
 * @description: (nullable): what @widget means, which the news says
 *   as it comes to be so
 *
 * As ttt_announcer_describe_full() with @after_news %FALSE, for words
 * the news says when they become true ("Board won by X"): on the
 * focused widget the old description goes at once, silently, and
 * @description comes once the focus has left and come back, so that it
 * is not heard a second time as a change.
 */
void
ttt_announcer_describe_said (GtkWidget  *widget,
                             const char *description)
{
  GtkRoot *root;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  root = gtk_widget_get_root (widget);
  if (description == NULL ||
      (g_object_get_data (G_OBJECT (widget), QUIET) == NULL && (root == NULL || gtk_root_get_focus (root) != widget)))
    {
      ttt_announcer_describe_full (widget, description, FALSE);
      return;
    }

  /* A screen reader may still take the widget for its focus well after
   * the focus has moved on (a busy one lags by several moves): the words
   * wait until the focus comes back (ttt_announcer_prepare_focus()). */
  if (g_strcmp0 (g_object_get_data (G_OBJECT (widget), OWN_DESCRIPTION), description) != 0 &&
      g_object_get_data (G_OBJECT (widget), QUIET) == NULL)
    gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_object_set_data_full (G_OBJECT (widget), OWN_DESCRIPTION, g_strdup (description), g_free);
  g_object_set_data (G_OBJECT (widget), NOT_AFTER_NEWS, GINT_TO_POINTER (TRUE));
  g_object_set_data (G_OBJECT (widget), QUIET, GINT_TO_POINTER (TRUE));
}

/**
 * ttt_announcer_hold_description:
 * @widget: a widget about to change and take the focus, whose change the
 *   news will tell
 *
 * Takes @widget's description off, silently, and keeps a description
 * the news says (ttt_announcer_describe_said()) off until the focus
 * comes back after it has left: the cell a digit plays is heard by its
 * name and the news, not by "Board won by X" as well.
 */
void
ttt_announcer_hold_description (GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (widget));

  gtk_accessible_reset_property (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION);
  g_object_set_data (G_OBJECT (widget), QUIET, GINT_TO_POINTER (TRUE));
}

/**
 * ttt_announcer_prepare_focus:
 * @widget: a widget about to be given the focus
 *
 * Gives @widget the description that waited (ttt_announcer_describe_said()),
 * before the focus comes, so that it is read with the focus rather than
 * as a change.
 */
void
ttt_announcer_prepare_focus (GtkWidget *widget)
{
  const char *own;

  g_return_if_fail (GTK_IS_WIDGET (widget));

  if (g_object_get_data (G_OBJECT (widget), QUIET) == NULL)
    return;

  g_object_set_data (G_OBJECT (widget), QUIET, NULL);
  own = g_object_get_data (G_OBJECT (widget), OWN_DESCRIPTION);
  set_description (widget, own != NULL && *own != '\0' ? own : NULL);
}

/**
 * ttt_announcer_set_next_focus:
 * @root: the window the focus moves in
 * @widget: (nullable): the widget that takes the focus next, once the
 *   news being gathered is told; %NULL when no move is coming
 *
 * News told before the focus moves goes on @widget rather than on the
 * widget the focus is about to leave (see ttt_announcer_announce()).
 */
void
ttt_announcer_set_next_focus (GtkWidget *root,
                              GtkWidget *widget)
{
  g_return_if_fail (GTK_IS_WIDGET (root));
  g_return_if_fail (widget == NULL || GTK_IS_WIDGET (widget));

  g_object_set_data_full (G_OBJECT (root), NEXT_FOCUS, widget != NULL ? g_object_ref (widget) : NULL,
                          g_object_unref);
}
