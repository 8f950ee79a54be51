/* ttt-net-bar.c — a game with someone elsewhere, in a bar of the main window
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Once the other computer is connected the game is played in the main
 * window: this bar, under the header, says who the other person is, shows
 * the code both compare, and holds what only a game between two people
 * has (Ask to Undo, Resign, the answer to their request, Leave). It covers
 * nothing of the board. What it tells, it also gives the window to say
 * ("announce"), so that a screen reader hears it wherever the focus is.
 * Its buttons have no mnemonics: the window's own keys are near.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-compat.h"
#include "ttt-net-bar.h"
#include "ttt-protocol.h"

struct _TttNetBar
{
  GtkWidget        parent_instance;

  TttNetSession   *session;
  char            *peer_quoted;
  /* A resignation ended the last game: by the other side, or here. */
  gboolean         resigned;
  gboolean         resigned_by_peer;

  GtkWidget       *heading;
  GtkLabel        *title;
  GtkLabel        *code;
  GtkStack        *buttons;
  GtkWidget       *codes_match;
  GtkWidget       *codes_differ;
  GtkWidget       *ask_undo;
  GtkWidget       *resign;
  GtkWidget       *allow_undo;
  GtkWidget       *refuse_undo;
  GtkWidget       *leave_confirmed;
  GtkWidget       *leave_over;
  GtkWidget       *close;
};

G_DEFINE_FINAL_TYPE (TttNetBar, ttt_net_bar, GTK_TYPE_WIDGET)

enum {
  ANNOUNCE,
  LEAVE_ASKED,
  RESIGN_ASKED,
  DISMISSED,
  DONE,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
announce (TttNetBar  *self,
          const char *text)
{
  g_signal_emit (self, signals[ANNOUNCE], 0, text);
}

const char *
ttt_net_bar_get_peer (TttNetBar *self)
{
  const char *name;

  g_return_val_if_fail (TTT_IS_NET_BAR (self), NULL);

  name = self->session != NULL ? ttt_net_session_get_peer_name (self->session) : NULL;
  if (name == NULL)
    /* Translators: the other person, before their name is known. */
    return _("the other person");
  if (self->peer_quoted == NULL)
    self->peer_quoted = ttt_protocol_quote_name (name);
  return self->peer_quoted;
}

/* "651 283" said digit by digit, in its two halves: "6 5 1, 2 8 3". */
static char *
spoken_code (const char *code)
{
  GString *said = g_string_new (NULL);

  for (const char *c = code; *c != '\0'; c++)
    {
      if (g_ascii_isdigit (*c))
        {
          if (said->len > 0 && said->str[said->len - 1] != ' ')
            g_string_append_c (said, ' ');
          g_string_append_c (said, *c);
        }
      else if (*c == ' ' && said->len > 0)
        /* Translators: between the two halves of a code said aloud. */
        g_string_append (said, _(", "));
    }
  return g_string_free (said, FALSE);
}

static void
set_title (TttNetBar  *self,
           const char *text)
{
  if (g_strcmp0 (gtk_label_get_text (self->title), text) != 0)
    gtk_label_set_text (self->title, text);
}

static void
update (TttNetBar *self)
{
  TttNetSessionState state;
  const char *page = "closed";
  g_autofree char *title = NULL;
  const char *code;

  if (self->session == NULL)
    return;

  state = ttt_net_session_get_state (self->session);
  code = ttt_net_session_get_code (self->session);
  switch (state)
    {
    case TTT_NET_SESSION_CONNECTING:
    case TTT_NET_SESSION_VERIFYING:
      /* Translators: %s is the other person's name, quoted. */
      title = g_strdup_printf (_("Compare the code with %s"), ttt_net_bar_get_peer (self));
      page = "verify";
      break;

    case TTT_NET_SESSION_CONFIRMED:
      title = g_strdup_printf (_("Waiting for %s to confirm the code…"), ttt_net_bar_get_peer (self));
      page = "confirmed";
      break;

    case TTT_NET_SESSION_PLAYING:
      if (ttt_net_session_get_undo_requested (self->session))
        {
          title = g_strdup_printf (_("%s asks to take back their last move."), ttt_net_bar_get_peer (self));
          page = "request";
        }
      else
        {
          if (ttt_net_session_get_undo_asked (self->session))
            title = g_strdup_printf (_("Waiting for %s to answer…"), ttt_net_bar_get_peer (self));
          else
            /* Translators: %s is the other person's name, quoted. */
            title = g_strdup_printf (_("Playing with %s"), ttt_net_bar_get_peer (self));
          page = "play";
        }
      gtk_widget_set_sensitive (self->ask_undo,
                                ttt_game_get_can_undo (ttt_net_session_get_game (self->session)) &&
                                !ttt_net_session_get_undo_asked (self->session));
      break;

    case TTT_NET_SESSION_GAME_OVER:
      if (ttt_net_session_get_rematch_offered (self->session))
        /* Translators: %s is the other person's name, quoted. Play
         * Again, under the board, accepts. */
        title = g_strdup_printf (_("%s offers a rematch."), ttt_net_bar_get_peer (self));
      else if (ttt_net_session_get_rematch_asked (self->session))
        title = g_strdup_printf (_("Rematch offered: waiting for %s…"), ttt_net_bar_get_peer (self));
      else if (self->resigned && self->resigned_by_peer)
        /* Translators: %s is the other person's name, quoted. */
        title = g_strdup_printf (_("%s resigned: you won."), ttt_net_bar_get_peer (self));
      else if (self->resigned)
        title = g_strdup_printf (_("You resigned: %s won."), ttt_net_bar_get_peer (self));
      else
        title = g_strdup_printf (_("Playing with %s"), ttt_net_bar_get_peer (self));
      page = "over";
      break;

    case TTT_NET_SESSION_CLOSED:
    default:
      title = g_strdup (ttt_net_session_get_message (self->session));
      page = "closed";
      break;
    }

  set_title (self, title);
  if (code != NULL && state != TTT_NET_SESSION_CLOSED)
    {
      /* Translators: %s is the six-digit code, as "651 283". */
      g_autofree char *shown = g_strdup_printf (_("Code %s"), code);
      g_autofree char *digits = spoken_code (code);
      /* Translators: said by a screen reader: the code digit by digit,
       * then the other person's name, quoted. */
      g_autofree char *said = g_strdup_printf (_("Code %s. Compare it with %s’s screen."),
                                               digits, ttt_net_bar_get_peer (self));

      gtk_label_set_text (self->code, shown);
      gtk_accessible_update_property (GTK_ACCESSIBLE (self->code),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, said,
                                      -1);
    }
  gtk_widget_set_visible (GTK_WIDGET (self->code), code != NULL && state != TTT_NET_SESSION_CLOSED);

  /* The focus in the bar stays in it, on the page's first button. */
  {
    GtkRoot *root = gtk_widget_get_root (GTK_WIDGET (self));
    GtkWidget *focus = root != NULL ? gtk_root_get_focus (root) : NULL;
    gboolean had_focus = focus != NULL && gtk_widget_is_ancestor (focus, GTK_WIDGET (self->buttons));

    if (g_strcmp0 (gtk_stack_get_visible_child_name (self->buttons), page) != 0)
      {
        gtk_stack_set_visible_child_name (self->buttons, page);
        if (had_focus)
          ttt_net_bar_focus (self);
      }
  }
  g_signal_emit (self, signals[CHANGED], 0);
}

gboolean
ttt_net_bar_focus (TttNetBar *self)
{
  GtkWidget *page;

  g_return_val_if_fail (TTT_IS_NET_BAR (self), FALSE);

  page = gtk_stack_get_visible_child (self->buttons);
  if (page == NULL)
    return FALSE;
  /* The suggested button of a page comes last, as in a dialog. */
  for (GtkWidget *child = gtk_widget_get_last_child (page); child != NULL;
       child = gtk_widget_get_prev_sibling (child))
    if (gtk_widget_get_visible (child) && gtk_widget_is_sensitive (child) &&
        gtk_widget_grab_focus (child))
      return TRUE;
  return FALSE;
}

/* What the session says */

static void
state_cb (TttNetBar *self)
{
  TttNetSessionState state = ttt_net_session_get_state (self->session);
  g_autofree char *text = NULL;

  if (state == TTT_NET_SESSION_PLAYING)
    self->resigned = FALSE;
  update (self);

  switch (state)
    {
    case TTT_NET_SESSION_VERIFYING:
      {
        g_autofree char *digits = spoken_code (ttt_net_session_get_code (self->session));

        text = g_strdup_printf (_("Code %s. Compare it with %s’s screen."), digits, ttt_net_bar_get_peer (self));
        break;
      }
    case TTT_NET_SESSION_CONFIRMED:
      text = g_strdup (gtk_label_get_text (self->title));
      break;
    case TTT_NET_SESSION_CLOSED:
      text = g_strdup (ttt_net_session_get_message (self->session));
      break;
    case TTT_NET_SESSION_CONNECTING:
    case TTT_NET_SESSION_PLAYING:
    case TTT_NET_SESSION_GAME_OVER:
    default:
      /* The window's news tells the game's start, moves and end. */
      break;
    }
  if (text != NULL)
    announce (self, text);
}

static void
undo_requested_cb (TttNetBar *self)
{
  update (self);
  if (ttt_net_session_get_undo_requested (self->session))
    announce (self, gtk_label_get_text (self->title));
}

static void
undo_answered_cb (TttNetBar *self,
                  gboolean   accepted)
{
  g_autofree char *text = accepted ? g_strdup_printf (_("%s agreed: your move is taken back."), ttt_net_bar_get_peer (self))
                                   : g_strdup_printf (_("%s said no to taking back your move."), ttt_net_bar_get_peer (self));

  update (self);
  announce (self, text);
}

static void
rematch_offered_cb (TttNetBar *self)
{
  update (self);
  if (ttt_net_session_get_rematch_offered (self->session))
    {
      /* Translators: %s is the other person's name, quoted. */
      g_autofree char *text = g_strdup_printf (_("%s offers a rematch. Play Again accepts it."),
                                               ttt_net_bar_get_peer (self));

      announce (self, text);
    }
}

static void
resigned_cb (TttNetBar *self,
             gboolean   by_peer)
{
  self->resigned = TRUE;
  self->resigned_by_peer = by_peer;
  if (by_peer)
    {
      /* Before the news of the end, which says who won. */
      /* Translators: %s is the other person's name, quoted. */
      g_autofree char *text = g_strdup_printf (_("%s resigned."), ttt_net_bar_get_peer (self));

      announce (self, text);
    }
  update (self);
}

static void
game_changed_cb (TttNetBar *self)
{
  update (self);
}

void
ttt_net_bar_set_session (TttNetBar     *self,
                         TttNetSession *session)
{
  g_return_if_fail (TTT_IS_NET_BAR (self));
  g_return_if_fail (session == NULL || TTT_IS_NET_SESSION (session));

  if (self->session == session)
    return;
  if (self->session != NULL)
    {
      g_signal_handlers_disconnect_by_data (self->session, self);
      g_signal_handlers_disconnect_by_data (ttt_net_session_get_game (self->session), self);
    }
  g_set_object (&self->session, session);
  g_clear_pointer (&self->peer_quoted, g_free);
  self->resigned = FALSE;
  if (session == NULL)
    return;

  g_signal_connect_swapped (session, "notify::state", G_CALLBACK (state_cb), self);
  g_signal_connect_swapped (session, "notify::undo-asked", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "notify::undo-requested", G_CALLBACK (undo_requested_cb), self);
  g_signal_connect_swapped (session, "notify::rematch-offered", G_CALLBACK (rematch_offered_cb), self);
  g_signal_connect_swapped (session, "notify::rematch-asked", G_CALLBACK (update), self);
  g_signal_connect_swapped (session, "undo-answered", G_CALLBACK (undo_answered_cb), self);
  g_signal_connect_swapped (session, "resigned", G_CALLBACK (resigned_cb), self);
  g_signal_connect_swapped (ttt_net_session_get_game (session), "notify::can-undo",
                            G_CALLBACK (game_changed_cb), self);
  state_cb (self);
}

TttNetSession *
ttt_net_bar_get_session (TttNetBar *self)
{
  g_return_val_if_fail (TTT_IS_NET_BAR (self), NULL);

  return self->session;
}

GVariant *
ttt_net_bar_describe (TttNetBar *self)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  const char *page;
  const char *code = NULL;

  g_return_val_if_fail (TTT_IS_NET_BAR (self), NULL);

  page = gtk_stack_get_visible_child_name (self->buttons);
  /* The pages by the names the network window's had. */
  if (g_strcmp0 (page, "verify") == 0 || g_strcmp0 (page, "confirmed") == 0)
    page = "code";
  else if (g_strcmp0 (page, "closed") != 0)
    page = "play";
  if (self->session != NULL)
    code = ttt_net_session_get_code (self->session);
  g_variant_builder_add (&builder, "{sv}", "page", g_variant_new_string (page != NULL ? page : ""));
  g_variant_builder_add (&builder, "{sv}", "code", g_variant_new_string (code != NULL ? code : ""));
  g_variant_builder_add (&builder, "{sv}", "status", g_variant_new_string (gtk_label_get_text (self->title)));
  g_variant_builder_add (&builder, "{sv}", "message",
                         g_variant_new_string (self->session != NULL && ttt_net_session_get_message (self->session) != NULL
                                               ? ttt_net_session_get_message (self->session) : ""));
  if (self->session != NULL)
    {
      TttConnection *connection = ttt_net_session_get_connection (self->session);
      const char *name = ttt_net_session_get_peer_name (self->session);

      g_variant_builder_add (&builder, "{sv}", "state",
                             g_variant_new_int32 (ttt_net_session_get_state (self->session)));
      g_variant_builder_add (&builder, "{sv}", "port",
                             g_variant_new_uint32 (connection != NULL ? ttt_connection_get_port (connection) : 0));
      g_variant_builder_add (&builder, "{sv}", "local-mark",
                             g_variant_new_int32 (ttt_net_session_get_local_mark (self->session)));
      g_variant_builder_add (&builder, "{sv}", "peer", g_variant_new_string (name != NULL ? name : ""));
      g_variant_builder_add (&builder, "{sv}", "game",
                             g_variant_new_int32 (ttt_net_session_get_variant (self->session)));
    }
  return g_variant_builder_end (&builder);
}

/* The buttons */

static void
codes_match_cb (TttNetBar *self)
{
  ttt_net_session_confirm (self->session, TRUE);
  /* Waiting for the other: on Leave, the one button left. */
  if (ttt_net_session_get_state (self->session) == TTT_NET_SESSION_CONFIRMED)
    gtk_widget_grab_focus (self->leave_confirmed);
}

static void
codes_differ_cb (TttNetBar *self)
{
  ttt_net_session_confirm (self->session, FALSE);
}

/* The bar's part is done: the keys go back to the game (the window
 * gives the board the focus), rather than stay on a button that has just
 * gone or grown insensitive, where GTK would drop the focus. */
static void
done (TttNetBar *self)
{
  g_signal_emit (self, signals[DONE], 0);
}

/* Tells that the other person has been asked to take back a move. */
static void
announce_undo_asked (TttNetBar *self)
{
  g_autofree char *text = g_strdup_printf (_("Asked %s to take back your last move."), ttt_net_bar_get_peer (self));

  announce (self, text);
}

static void
ask_undo_cb (TttNetBar *self)
{
  gboolean asked = ttt_net_session_request_undo (self->session);

  /* The keys go back to the board first: the button has just grown
   * insensitive and lost the focus, and news told then would go on the
   * window, which a screen reader that is still on the button drops. */
  done (self);
  if (asked)
    announce_undo_asked (self);
}

gboolean
ttt_net_bar_ask_undo (TttNetBar *self)
{
  g_return_val_if_fail (TTT_IS_NET_BAR (self), FALSE);

  if (self->session == NULL)
    return FALSE;
  if (gtk_widget_get_visible (self->ask_undo) && gtk_widget_is_sensitive (self->ask_undo))
    {
      ask_undo_cb (self);
      return TRUE;
    }
  if (ttt_net_session_get_undo_asked (self->session))
    {
      announce_undo_asked (self);
      return TRUE;
    }
  return FALSE;
}

static void
allow_undo_cb (TttNetBar *self)
{
  ttt_net_session_answer_undo (self->session, TRUE);
  done (self);
}

static void
refuse_undo_cb (TttNetBar *self)
{
  ttt_net_session_answer_undo (self->session, FALSE);
  done (self);
}

static void
resign_cb (TttNetBar *self)
{
  g_signal_emit (self, signals[RESIGN_ASKED], 0);
}

static void
leave_cb (TttNetBar *self)
{
  g_signal_emit (self, signals[LEAVE_ASKED], 0);
}

static void
close_cb (TttNetBar *self)
{
  g_signal_emit (self, signals[DISMISSED], 0);
}

/* Layout: the heading (title and code) and the row of buttons side by
 * side where that makes the bar shorter: always in a wide window, and
 * in a narrow one when the buttons are few ("Leave") and the title
 * wraps beside them. Otherwise, with many buttons ("Leave", "Resign",
 * "Ask to Undo" at 360 px), the buttons go under the heading, at its
 * end. The bar's padding is its style's. */

/* Between the heading and the buttons, side by side or one above. */
#define COLUMN_SPACING 12
#define ROW_SPACING    4

static int
height_for (GtkWidget *widget,
            int        width)
{
  int height;

  gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, width, &height, NULL, NULL, NULL);
  return height;
}

static int
buttons_width (TttNetBar *self,
               int        width)
{
  int min, nat;

  gtk_widget_measure (GTK_WIDGET (self->buttons), GTK_ORIENTATION_HORIZONTAL, -1, &min, &nat, NULL, NULL);
  return CLAMP (nat, min, MAX (width, min));
}

/* Whether the two parts go side by side at @width, and their heights
 * then in @heading_height and @buttons_height. */
static gboolean
one_row (TttNetBar *self,
         int        width,
         int       *heading_height,
         int       *buttons_height)
{
  int heading_min, buttons = buttons_width (self, width);
  int beside = width - buttons - COLUMN_SPACING;
  int stacked;

  gtk_widget_measure (self->heading, GTK_ORIENTATION_HORIZONTAL, -1, &heading_min, NULL, NULL, NULL);
  *buttons_height = height_for (GTK_WIDGET (self->buttons), buttons);
  stacked = height_for (self->heading, width) + ROW_SPACING + *buttons_height;
  if (beside >= heading_min)
    {
      *heading_height = height_for (self->heading, beside);
      if (MAX (*heading_height, *buttons_height) < stacked)
        return TRUE;
    }
  *heading_height = height_for (self->heading, width);
  return FALSE;
}

static GtkSizeRequestMode
ttt_net_bar_get_request_mode (GtkWidget *widget)
{
  return GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH;
}

static void
ttt_net_bar_measure (GtkWidget      *widget,
                     GtkOrientation  orientation,
                     int             for_size,
                     int            *minimum,
                     int            *natural,
                     int            *minimum_baseline,
                     int            *natural_baseline)
{
  TttNetBar *self = TTT_NET_BAR (widget);
  int heading_min, heading_nat, buttons_min, buttons_nat;

  if (orientation == GTK_ORIENTATION_HORIZONTAL)
    {
      gtk_widget_measure (self->heading, orientation, -1, &heading_min, &heading_nat, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (self->buttons), orientation, -1, &buttons_min, &buttons_nat, NULL, NULL);
      *minimum = MAX (heading_min, buttons_min);
      *natural = heading_nat + COLUMN_SPACING + buttons_nat;
    }
  else if (for_size < 0)
    {
      /* For no width in particular, as a label measures: for all the
       * width it could want, side by side. GTK 4.24 warns if a window
       * is then given less height than this. */
      gtk_widget_measure (self->heading, orientation, -1, &heading_min, &heading_nat, NULL, NULL);
      gtk_widget_measure (GTK_WIDGET (self->buttons), orientation, -1, &buttons_min, &buttons_nat, NULL, NULL);
      *minimum = MAX (heading_min, buttons_min);
      *natural = MAX (heading_nat, buttons_nat);
    }
  else
    {
      int heading_height, buttons_height;

      if (one_row (self, for_size, &heading_height, &buttons_height))
        *minimum = MAX (heading_height, buttons_height);
      else
        *minimum = heading_height + ROW_SPACING + buttons_height;
      *natural = *minimum;
    }
}

static void
ttt_net_bar_size_allocate (GtkWidget *widget,
                           int        width,
                           int        height,
                           int        baseline)
{
  TttNetBar *self = TTT_NET_BAR (widget);
  gboolean rtl = gtk_widget_get_direction (widget) == GTK_TEXT_DIR_RTL;
  int buttons = buttons_width (self, width);
  int heading_height, buttons_height;
  GtkAllocation heading_box, buttons_box;

  if (one_row (self, width, &heading_height, &buttons_height))
    {
      int row = MAX (heading_height, buttons_height);

      heading_box = (GtkAllocation) { 0, (height - row) / 2 + (row - heading_height) / 2,
                                      width - buttons - COLUMN_SPACING, heading_height };
      buttons_box = (GtkAllocation) { width - buttons, (height - row) / 2 + (row - buttons_height) / 2,
                                      buttons, buttons_height };
    }
  else
    {
      heading_box = (GtkAllocation) { 0, 0, width, heading_height };
      buttons_box = (GtkAllocation) { width - buttons, heading_height + ROW_SPACING,
                                      buttons, buttons_height };
    }
  if (rtl)
    {
      heading_box.x = width - heading_box.x - heading_box.width;
      buttons_box.x = width - buttons_box.x - buttons_box.width;
    }
  gtk_widget_size_allocate (self->heading, &heading_box, -1);
  gtk_widget_size_allocate (GTK_WIDGET (self->buttons), &buttons_box, -1);
}

/* Drawing: the bar's parts, all of it repainted whenever it is drawn
 * again, or dots of an old Chinese title stay (ttt-compat.c). */
static void
ttt_net_bar_snapshot (GtkWidget   *widget,
                      GtkSnapshot *snapshot)
{
  ttt_compat_snapshot_whole (widget, snapshot);
  GTK_WIDGET_CLASS (ttt_net_bar_parent_class)->snapshot (widget, snapshot);
}

/* GObject */

static void
ttt_net_bar_dispose (GObject *object)
{
  TttNetBar *self = TTT_NET_BAR (object);
  GtkWidget *child;

  ttt_net_bar_set_session (self, NULL);
  g_clear_pointer (&self->peer_quoted, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), TTT_TYPE_NET_BAR);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self))) != NULL)
    gtk_widget_unparent (child);

  G_OBJECT_CLASS (ttt_net_bar_parent_class)->dispose (object);
}

static void
ttt_net_bar_class_init (TttNetBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ttt_net_bar_dispose;

  widget_class->get_request_mode = ttt_net_bar_get_request_mode;
  widget_class->measure = ttt_net_bar_measure;
  widget_class->size_allocate = ttt_net_bar_size_allocate;
  widget_class->snapshot = ttt_net_bar_snapshot;

  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-net-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, heading);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, title);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, code);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, buttons);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, codes_match);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, codes_differ);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, ask_undo);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, resign);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, allow_undo);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, refuse_undo);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, leave_confirmed);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, leave_over);
  gtk_widget_class_bind_template_child (widget_class, TttNetBar, close);
  gtk_widget_class_bind_template_callback (widget_class, codes_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, codes_differ_cb);
  gtk_widget_class_bind_template_callback (widget_class, ask_undo_cb);
  gtk_widget_class_bind_template_callback (widget_class, allow_undo_cb);
  gtk_widget_class_bind_template_callback (widget_class, refuse_undo_cb);
  gtk_widget_class_bind_template_callback (widget_class, resign_cb);
  gtk_widget_class_bind_template_callback (widget_class, leave_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_cb);

  /* A sentence for the window to tell (through its news). */
  signals[ANNOUNCE] =
    g_signal_new ("announce", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  signals[LEAVE_ASKED] =
    g_signal_new ("leave-asked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[RESIGN_ASKED] =
    g_signal_new ("resign-asked", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A request asked or answered: the focus may go back to the game. */
  signals[DONE] =
    g_signal_new ("done", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  signals[DISMISSED] =
    g_signal_new ("dismissed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* What ttt_net_bar_describe() tells may have changed. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  gtk_widget_class_set_css_name (widget_class, "netbar");
}

/* A button's words go onto two lines rather than widen the bar past a
 * narrow window ("Um Zurücknehmen bitten" beside two more, in German). */
static void
wrap_button_labels (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget))
    {
      GtkWidget *label = gtk_button_get_child (GTK_BUTTON (widget));

      if (GTK_IS_LABEL (label))
        {
          gtk_label_set_wrap (GTK_LABEL (label), TRUE);
          gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
          gtk_label_set_justify (GTK_LABEL (label), GTK_JUSTIFY_CENTER);
          /* Its natural width on one line, whatever height it is asked
           * for: GTK 4.24 otherwise measures it narrower than its
           * minimum for a short height. */
          gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_NONE);
        }
      return;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    wrap_button_labels (child);
}

static void
ttt_net_bar_init (TttNetBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  wrap_button_labels (GTK_WIDGET (self->buttons));
}

TttNetBar *
ttt_net_bar_new (void)
{
  return g_object_new (TTT_TYPE_NET_BAR, NULL);
}
