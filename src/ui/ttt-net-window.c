/* ttt-net-window.c — host or join a game with someone elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pages are a stack in the template (ttt-net-window.ui): each is a
 * column of a heading, a line of text and a few controls, every one named
 * for a screen reader. What a person waits for, the code, the other's
 * moves and the end are announced.
 * The window owns the session; closing it leaves the game.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-announcer.h"
#include "ttt-button-row.h"
#include "ttt-discovery.h"
#include "ttt-net-session.h"
#include "ttt-net-window.h"
#include "ttt-variants.h"

struct _TttNetWindow
{
  AdwWindow        parent_instance;

  TttGame         *game;
  TttNetSession   *session;
  TttDiscovery    *discovery;
  TttAnnouncer    *announcer;
  GPtrArray       *found;          /* of TttDiscoveredGame, as the list shows them */

  GtkStack        *stack;
  GtkEntry        *name;
  GtkWidget       *host_game;
  GtkWidget       *start_hosting;
  GtkWidget       *cancel;
  GtkDropDown     *net_game;
  GtkDropDown     *first;
  GtkSpinButton   *port;
  GtkLabel        *waiting_title;
  GtkLabel        *waiting_text;
  GtkListBox      *nearby;
  GtkLabel        *nearby_note;
  GtkEntry        *address;
  GtkLabel        *join_error;
  GtkLabel        *host_error;
  GtkLabel        *code_title;
  GtkLabel        *code;
  GtkLabel        *code_note;
  GtkWidget       *code_buttons;
  GtkWidget       *codes_match;
  GtkLabel        *status;
  GtkWidget       *resign;
  GtkWidget       *undo;
  GtkWidget       *rematch;
  GtkWidget       *undo_box;
  GtkLabel        *undo_text;
  GtkLabel        *closed_text;
  GtkWidget       *closed_leave;
  guint            fit_source;
  char            *peer_quoted;    /* the other person's name as shown */
  char            *own_name;       /* this side's, as sent and published */
};

G_DEFINE_FINAL_TYPE (TttNetWindow, ttt_net_window, ADW_TYPE_WINDOW)

enum {
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
changed (TttNetWindow *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
announce (TttNetWindow *self,
          const char   *text)
{
  ttt_announcer_announce (self->announcer, text);
}

/* The other person in a sentence: their name in quotation marks, so
 * that it cannot pass for the window's own words. */
static const char *
peer (TttNetWindow *self)
{
  const char *name = self->session != NULL ? ttt_net_session_get_peer_name (self->session) : NULL;

  if (name == NULL)
    /* Translators: the other person, before their name is known. */
    return _("the other person");
  /* A session's other side has one name: it came with their hello. */
  if (self->peer_quoted == NULL)
    self->peer_quoted = ttt_protocol_quote_name (name);
  return self->peer_quoted;
}

/* The window is as tall as the page it shows: short pages leave no empty
 * space below, long ones grow it. The width is the person's (or the
 * first page's); the height the window needs at that width. Once for all
 * the changes of a moment: asked twice before the first was done, GTK 4.8
 * at times took the page's natural width as well. Before the window is
 * shown its first size is GTK's anyway. */
static gboolean
fit_height_cb (gpointer data)
{
  TttNetWindow *self = data;
  int width, height;

  self->fit_source = 0;
  if (!gtk_widget_get_mapped (GTK_WIDGET (self)))
    return G_SOURCE_REMOVE;
  /* GTK 4.8 needs both places to write to. The width stays the one the
   * window has: with no default width yet (-1) GTK would give the window
   * its natural width, wider than it was (420 px in Japanese). */
  gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
  if (width <= 0)
    width = gtk_widget_get_width (GTK_WIDGET (self));
  gtk_widget_measure (GTK_WIDGET (self), GTK_ORIENTATION_VERTICAL, width, NULL, &height, NULL, NULL);
  gtk_window_set_default_size (GTK_WINDOW (self), width, height);
  return G_SOURCE_REMOVE;
}

static void
fit_height (TttNetWindow *self)
{
  if (self->fit_source == 0 && gtk_widget_get_mapped (GTK_WIDGET (self)))
    self->fit_source = g_idle_add (fit_height_cb, self);
}

static void
grab_focus (GtkWidget *focus)
{
  if (GTK_IS_ENTRY (focus))
    {
      gtk_entry_grab_focus_without_selecting (GTK_ENTRY (focus));
      gtk_editable_set_position (GTK_EDITABLE (focus), -1);
    }
  else if (focus != NULL)
    gtk_widget_grab_focus (focus);
}

/* Each page opens on its useful control, as GNOME's dialogs do. Left to
 * itself, GTK would focus the first control it finds (at the start, or
 * the stack when the focus is on the page it hides), the name entry or
 * the selectable addresses, and select all of its text. So the control
 * takes the focus before its page is shown, and again once it is there
 * (an entry cannot before), an entry with its text left as it is. */
static void
show_page (TttNetWindow *self,
           const char   *name,
           GtkWidget    *focus)
{
  grab_focus (focus);
  gtk_stack_set_visible_child_name (self->stack, name);
  grab_focus (focus);
  fit_height (self);
  changed (self);
}

/* The session */

static void update_play (TttNetWindow *self);

static void
session_state_cb (TttNetWindow *self)
{
  TttNetSessionState state = ttt_net_session_get_state (self->session);

  if (state != TTT_NET_SESSION_CONNECTING && self->discovery != NULL)
    ttt_discovery_unpublish (self->discovery);

  switch (state)
    {
    case TTT_NET_SESSION_CONNECTING:
      break;

    case TTT_NET_SESSION_VERIFYING:
      {
        g_autofree char *title = g_strdup_printf (_("Compare the Code With %s"), peer (self));
        g_autofree char *said = NULL;

        gtk_label_set_text (self->code_title, title);
        gtk_label_set_text (self->code, ttt_net_session_get_code (self->session));
        gtk_label_set_text (self->code_note,
                            _("Both screens must show the same code. Read it to each other, then say whether they match."));
        gtk_widget_set_visible (self->code_buttons, TRUE);
        show_page (self, "code", self->codes_match);
        /* Translators: %s is the six-digit code. */
        said = g_strdup_printf (_("The code is %s. Compare it with the other screen."),
                                ttt_net_session_get_code (self->session));
        announce (self, said);
        break;
      }

    case TTT_NET_SESSION_CONFIRMED:
      {
        g_autofree char *text = g_strdup_printf (_("Waiting for %s to confirm the code…"), peer (self));

        gtk_widget_set_visible (self->code_buttons, FALSE);
        gtk_label_set_text (self->code_note, text);
        fit_height (self);
        announce (self, text);
        break;
      }

    case TTT_NET_SESSION_PLAYING:
    case TTT_NET_SESSION_GAME_OVER:
      /* The page's buttons first, so that the window fits the ones shown. */
      update_play (self);
      show_page (self, "play", NULL);
      break;

    case TTT_NET_SESSION_CLOSED:
    default:
      gtk_label_set_text (self->closed_text, ttt_net_session_get_message (self->session));
      show_page (self, "closed", self->closed_leave);
      announce (self, ttt_net_session_get_message (self->session));
      break;
    }
  changed (self);
}

/* The play page follows the game and the session's questions. */
static void
update_play (TttNetWindow *self)
{
  TttNetSessionState state;
  g_autofree char *text = NULL;
  /* The main window's news tells the moves, the turn and the result ("Ana
   * played row 1, column 2. Your turn."); said here too, they would be
   * heard twice. What only this window knows is said here. */
  const char *said = NULL;

  if (self->session == NULL)
    return;
  state = ttt_net_session_get_state (self->session);
  if (state != TTT_NET_SESSION_PLAYING && state != TTT_NET_SESSION_GAME_OVER)
    return;

  if (state == TTT_NET_SESSION_GAME_OVER)
    {
      TttOutcome outcome = ttt_game_get_outcome (self->game);
      TttMark mine = ttt_net_session_get_local_mark (self->session);

      if (outcome == TTT_OUTCOME_DRAW)
        text = g_strdup (_("The game is a draw."));
      else if ((outcome == TTT_OUTCOME_X_WINS) == (mine == TTT_MARK_X))
        text = g_strdup (_("You won."));
      else
        /* Translators: %s is the other person's name. */
        text = g_strdup_printf (_("%s won."), peer (self));
      if (ttt_net_session_get_rematch_offered (self->session))
        {
          g_autofree char *offer = g_strdup_printf (_("%s offers a rematch."), peer (self));
          char *both = g_strdup_printf ("%s %s", text, offer);

          g_free (text);
          text = both;
          said = text;
        }
    }
  else if (ttt_net_session_get_undo_asked (self->session))
    {
      text = g_strdup_printf (_("Waiting for %s to answer…"), peer (self));
      said = text;
    }
  else if (ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN)
    text = g_strdup (_("Your move."));
  else
    /* Translators: %s is the other person's name. */
    text = g_strdup_printf (_("Waiting for %s’s move…"), peer (self));

  if (g_strcmp0 (gtk_label_get_text (self->status), text) != 0)
    {
      gtk_label_set_text (self->status, text);
      if (said != NULL)
        announce (self, said);
    }

  gtk_widget_set_visible (self->resign, state == TTT_NET_SESSION_PLAYING);
  gtk_widget_set_visible (self->undo, state == TTT_NET_SESSION_PLAYING);
  gtk_widget_set_sensitive (self->undo, ttt_game_get_can_undo (self->game) &&
                                        !ttt_net_session_get_undo_asked (self->session));
  gtk_widget_set_visible (self->rematch, state == TTT_NET_SESSION_GAME_OVER);
  gtk_widget_set_sensitive (self->rematch, !ttt_net_session_get_rematch_asked (self->session));
  gtk_button_set_label (GTK_BUTTON (self->rematch),
                        ttt_net_session_get_rematch_offered (self->session) ? _("_Accept Rematch")
                                                                            : _("Offer a _Rematch"));
  gtk_widget_set_visible (self->undo_box, ttt_net_session_get_undo_requested (self->session));
  changed (self);
}

static void
undo_requested_cb (TttNetWindow *self)
{
  if (ttt_net_session_get_undo_requested (self->session))
    {
      g_autofree char *text = g_strdup_printf (_("%s asks to take back their last move."), peer (self));

      gtk_label_set_text (self->undo_text, text);
      announce (self, text);
    }
  update_play (self);
  /* The question's lines come and go. */
  fit_height (self);
}

static void
undo_answered_cb (TttNetWindow *self,
                  gboolean      accepted)
{
  g_autofree char *text = accepted ? g_strdup_printf (_("%s agreed: your move is taken back."), peer (self))
                                   : g_strdup_printf (_("%s said no to taking back your move."), peer (self));

  update_play (self);
  announce (self, text);
}

static void
clear_session (TttNetWindow *self)
{
  if (self->session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->session, self);
  ttt_net_session_leave (self->session);
  g_clear_object (&self->session);
  g_clear_pointer (&self->peer_quoted, g_free);
}

static void
session_start (TttNetWindow      *self,
               TttConnectionRole  role)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name));
  TttNetFirst first = gtk_drop_down_get_selected (self->first) == 0 ? TTT_NET_X_HOST : TTT_NET_X_GUEST;
  /* A guest plays whatever the host hosts. The list is the registry's. */
  TttVariant variant = ttt_variants_get_nth (gtk_drop_down_get_selected (self->net_game))->variant;

  clear_session (self);
  if (name == NULL || *name == '\0')
    name = g_get_real_name ();
  /* One name for the hello and the game published nearby: the real name
   * may be empty, long or anything at all. */
  g_free (self->own_name);
  self->own_name = ttt_protocol_sanitize_name (name);

  self->session = ttt_net_session_new (self->game, role, self->own_name, variant, first);
  g_signal_connect_swapped (self->session, "notify::state", G_CALLBACK (session_state_cb), self);
  g_signal_connect_swapped (self->session, "notify::undo-asked", G_CALLBACK (update_play), self);
  g_signal_connect_swapped (self->session, "notify::undo-requested", G_CALLBACK (undo_requested_cb), self);
  g_signal_connect_swapped (self->session, "notify::rematch-offered", G_CALLBACK (update_play), self);
  g_signal_connect_swapped (self->session, "notify::rematch-asked", G_CALLBACK (update_play), self);
  g_signal_connect_swapped (self->session, "undo-answered", G_CALLBACK (undo_answered_cb), self);
}

/* Hosting */

void
ttt_net_window_host (TttNetWindow *self,
                     guint         port)
{
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) addresses = NULL;
  g_autofree char *list = NULL;
  g_autofree char *text = NULL;
  TttConnection *connection;

  g_return_if_fail (TTT_IS_NET_WINDOW (self));

  session_start (self, TTT_CONNECTION_ROLE_HOST);
  if (!ttt_net_session_host (self->session, NULL, port, &error))
    {
      clear_session (self);
      gtk_label_set_text (self->host_error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->host_error), TRUE);
      gtk_spin_button_set_value (self->port, port);
      show_page (self, "host", self->start_hosting);
      announce (self, error->message);
      return;
    }

  connection = ttt_net_session_get_connection (self->session);
  addresses = ttt_connection_get_addresses (connection);
  list = g_strjoinv ("\n", addresses);
  /* Translators: then come this computer's addresses, one a line, each
   * with its port. */
  text = g_strdup_printf (_("Tell the other person one of these addresses, or let them find the game nearby:\n%s"), list);
  gtk_label_set_text (self->waiting_title, _("Waiting for Someone to Join…"));
  gtk_label_set_text (self->waiting_text, text);
  show_page (self, "waiting", self->cancel);
  announce (self, _("Waiting for someone to join."));

  if (self->discovery != NULL)
    ttt_discovery_publish (self->discovery, self->own_name,
                           ttt_variants_get (ttt_net_session_get_variant (self->session))->id,
                           ttt_connection_get_port (connection));
}

static void
start_hosting_cb (TttNetWindow *self)
{
  ttt_net_window_host (self, (guint) gtk_spin_button_get_value_as_int (self->port));
}

/* Joining */

void
ttt_net_window_join (TttNetWindow *self,
                     const char   *address)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (TTT_IS_NET_WINDOW (self));

  session_start (self, TTT_CONNECTION_ROLE_GUEST);
  if (!ttt_net_session_join (self->session, address, &error))
    {
      clear_session (self);
      gtk_editable_set_text (GTK_EDITABLE (self->address), address);
      gtk_label_set_text (self->join_error, error->message);
      gtk_widget_set_visible (GTK_WIDGET (self->join_error), TRUE);
      show_page (self, "join", GTK_WIDGET (self->address));
      announce (self, error->message);
      return;
    }

  /* Translators: %s is the address being joined. */
  text = g_strdup_printf (_("Connecting to %s…"), address);
  gtk_label_set_text (self->waiting_title, text);
  gtk_label_set_text (self->waiting_text, "");
  show_page (self, "waiting", self->cancel);
  announce (self, text);
}

static void
join_address_cb (TttNetWindow *self)
{
  ttt_net_window_join (self, gtk_editable_get_text (GTK_EDITABLE (self->address)));
}

static void
nearby_activated_cb (GtkListBox    *list,
                     GtkListBoxRow *row,
                     gpointer       user_data)
{
  TttNetWindow *self = user_data;
  guint index = (guint) gtk_list_box_row_get_index (row);
  g_autofree char *address = NULL;

  if (index >= self->found->len)
    return;
  address = ttt_discovered_game_to_address (self->found->pdata[index]);
  ttt_net_window_join (self, address);
}

static void
update_nearby_note (TttNetWindow *self)
{
  if (self->found->len == 0 && gtk_label_get_text (self->nearby_note)[0] == '\0')
    gtk_label_set_text (self->nearby_note, _("No nearby games found"));
  else if (self->found->len > 0)
    gtk_label_set_text (self->nearby_note, "");
}

static void
game_found_cb (TttDiscovery            *discovery,
               const TttDiscoveredGame *game,
               gpointer                 user_data)
{
  TttNetWindow *self = user_data;
  g_autofree char *address = ttt_discovered_game_to_address (game);
  /* Checked when the TXT record was read; quoted, as every name from
   * the network is shown. */
  g_autofree char *name = ttt_protocol_quote_name (game->player_name);
  /* Translators: a game found nearby: the host's name, quoted, then its
   * address. */
  g_autofree char *text = g_strdup_printf (_("%s at %s"), name, address);
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_widget_set_margin_top (label, 6);
  gtk_widget_set_margin_bottom (label, 6);
  gtk_list_box_append (self->nearby, label);
  g_ptr_array_add (self->found, ttt_discovered_game_copy (game));
  gtk_label_set_text (self->nearby_note, "");
  /* Translators: %s is the name of the person hosting a game nearby. */
  g_free (text);
  text = g_strdup_printf (_("Game hosted by %s found nearby"), name);
  announce (self, text);
}

static void
game_lost_cb (TttDiscovery            *discovery,
              const TttDiscoveredGame *game,
              gpointer                 user_data)
{
  TttNetWindow *self = user_data;

  for (guint i = 0; i < self->found->len; i++)
    {
      TttDiscoveredGame *known = self->found->pdata[i];

      if (g_strcmp0 (known->service_name, game->service_name) == 0 &&
          known->interface == game->interface && known->protocol == game->protocol)
        {
          GtkListBoxRow *row = gtk_list_box_get_row_at_index (self->nearby, (int) i);

          if (row != NULL)
            gtk_list_box_remove (self->nearby, GTK_WIDGET (row));
          g_ptr_array_remove_index (self->found, i);
          break;
        }
    }
  update_nearby_note (self);
}

static void
unavailable_cb (TttDiscovery *discovery,
                const GError *error,
                gpointer      user_data)
{
  TttNetWindow *self = user_data;
  /* Translators: %s says why, in words from the system. */
  g_autofree char *text = g_strdup_printf (_("Nearby games cannot be found: %s"), error->message);

  gtk_label_set_text (self->nearby_note, text);
}

static void
show_join_cb (TttNetWindow *self)
{
  show_page (self, "join", GTK_WIDGET (self->address));
  update_nearby_note (self);
  if (self->discovery != NULL)
    ttt_discovery_browse (self->discovery);
}

static void
show_host_cb (TttNetWindow *self)
{
  show_page (self, "host", self->start_hosting);
}

static void
back_cb (TttNetWindow *self)
{
  clear_session (self);
  show_page (self, "start", self->host_game);
}

/* The code and the game */

static void
codes_match_cb (TttNetWindow *self)
{
  ttt_net_session_confirm (self->session, TRUE);
}

static void
codes_differ_cb (TttNetWindow *self)
{
  ttt_net_session_confirm (self->session, FALSE);
}

static void
resign_cb (TttNetWindow *self)
{
  ttt_net_session_resign (self->session);
}

static void
undo_cb (TttNetWindow *self)
{
  if (ttt_net_session_request_undo (self->session))
    {
      g_autofree char *text = g_strdup_printf (_("Asked %s to take back your last move."), peer (self));

      announce (self, text);
    }
}

static void
allow_undo_cb (TttNetWindow *self)
{
  ttt_net_session_answer_undo (self->session, TRUE);
}

static void
refuse_undo_cb (TttNetWindow *self)
{
  ttt_net_session_answer_undo (self->session, FALSE);
}

static void
rematch_cb (TttNetWindow *self)
{
  ttt_net_session_offer_rematch (self->session);
}

static void
leave_cb (TttNetWindow *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
move_played_cb (TttGame   *game,
                int        cell,
                TttMark    mark,
                TttPlayer *player,
                gpointer   user_data)
{
  TttNetWindow *self = user_data;

  /* The main window's news tells the other person's move. */
  update_play (self);
}

/* Escape and Ctrl+W close the window, as they do the game's other
 * windows, but not while a game is played: closing leaves the game, which
 * Resign says in words. */
static gboolean
close_key_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  TttNetWindow *self = TTT_NET_WINDOW (widget);

  if (self->session != NULL && ttt_net_session_get_state (self->session) == TTT_NET_SESSION_PLAYING)
    return FALSE;

  gtk_window_close (GTK_WINDOW (self));
  return TRUE;
}

/* GObject */

static void
ttt_net_window_dispose (GObject *object)
{
  TttNetWindow *self = TTT_NET_WINDOW (object);

  clear_session (self);
  g_clear_handle_id (&self->fit_source, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  if (self->discovery != NULL)
    g_signal_handlers_disconnect_by_data (self->discovery, self);
  g_clear_object (&self->discovery);
  g_clear_object (&self->game);
  g_clear_object (&self->announcer);
  g_clear_pointer (&self->found, g_ptr_array_unref);
  g_clear_pointer (&self->peer_quoted, g_free);
  g_clear_pointer (&self->own_name, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (object), TTT_TYPE_NET_WINDOW);

  G_OBJECT_CLASS (ttt_net_window_parent_class)->dispose (object);
}

static void
ttt_net_window_class_init (TttNetWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ttt_net_window_dispose;

  g_type_ensure (TTT_TYPE_BUTTON_ROW);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-net-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, name);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, host_game);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, start_hosting);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, cancel);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, net_game);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, first);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, port);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, waiting_title);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, waiting_text);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, nearby);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, nearby_note);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, address);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, join_error);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, host_error);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, code_title);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, code);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, code_note);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, code_buttons);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, codes_match);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, status);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, resign);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, undo);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, rematch);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, undo_box);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, undo_text);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, closed_text);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, closed_leave);
  gtk_widget_class_bind_template_callback (widget_class, show_join_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_host_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_hosting_cb);
  gtk_widget_class_bind_template_callback (widget_class, nearby_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_address_cb);
  gtk_widget_class_bind_template_callback (widget_class, codes_differ_cb);
  gtk_widget_class_bind_template_callback (widget_class, codes_match_cb);
  gtk_widget_class_bind_template_callback (widget_class, refuse_undo_cb);
  gtk_widget_class_bind_template_callback (widget_class, allow_undo_cb);
  gtk_widget_class_bind_template_callback (widget_class, leave_cb);
  gtk_widget_class_bind_template_callback (widget_class, resign_cb);
  gtk_widget_class_bind_template_callback (widget_class, undo_cb);
  gtk_widget_class_bind_template_callback (widget_class, rematch_cb);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_key_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, close_key_cb, NULL);

  /* What ttt_net_window_describe() tells may have changed. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ttt_net_window_init (TttNetWindow *self)
{
  g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
  g_autofree char *real_name = ttt_protocol_sanitize_name (g_get_real_name ());

  gtk_widget_init_template (GTK_WIDGET (self));
  self->found = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_discovered_game_free);

  /* The games of the registry, by the names of the New Game screen. */
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    gtk_string_list_append (games, ttt_variants_get_name (ttt_variants_get_nth (i)->variant));
  gtk_drop_down_set_model (self->net_game, G_LIST_MODEL (games));

  /* What the other side would see: the real name may be long or hold
   * what a name cannot. */
  gtk_entry_set_max_length (self->name, TTT_PROTOCOL_MAX_NAME);
  gtk_editable_set_text (GTK_EDITABLE (self->name), real_name);

  show_page (self, "start", self->host_game);
  self->announcer = ttt_announcer_new (GTK_WIDGET (self));

  /* Tests and sandboxes without a system bus still join by address. */
  if (g_getenv ("TTT_NO_DISCOVERY") == NULL)
    {
      self->discovery = ttt_discovery_new (NULL);
      g_signal_connect (self->discovery, "game-found", G_CALLBACK (game_found_cb), self);
      g_signal_connect (self->discovery, "game-lost", G_CALLBACK (game_lost_cb), self);
      g_signal_connect (self->discovery, "unavailable", G_CALLBACK (unavailable_cb), self);
    }
}

TttNetWindow *
ttt_net_window_new (GtkWindow *parent,
                    TttGame   *game)
{
  TttNetWindow *self;

  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  self = g_object_new (TTT_TYPE_NET_WINDOW, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  /* The game chosen on the New Game screen is the one offered to host. */
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    if (ttt_variants_get_nth (i)->variant == ttt_setup_get_variant (ttt_game_get_setup (game)))
      gtk_drop_down_set_selected (self->net_game, i);
  g_signal_connect (game, "move-played", G_CALLBACK (move_played_cb), self);
  g_signal_connect_swapped (game, "notify::state", G_CALLBACK (update_play), self);
  return self;
}

TttNetSession *
ttt_net_window_get_session (TttNetWindow *self)
{
  g_return_val_if_fail (TTT_IS_NET_WINDOW (self), NULL);

  return self->session;
}

GVariant *
ttt_net_window_describe (TttNetWindow *self)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  const char *page;

  g_return_val_if_fail (TTT_IS_NET_WINDOW (self), NULL);

  page = gtk_stack_get_visible_child_name (self->stack);
  g_variant_builder_add (&builder, "{sv}", "page", g_variant_new_string (page != NULL ? page : ""));
  g_variant_builder_add (&builder, "{sv}", "code", g_variant_new_string (gtk_label_get_text (self->code)));
  g_variant_builder_add (&builder, "{sv}", "status", g_variant_new_string (gtk_label_get_text (self->status)));
  g_variant_builder_add (&builder, "{sv}", "message", g_variant_new_string (gtk_label_get_text (self->closed_text)));
  if (self->session != NULL)
    {
      TttConnection *connection = ttt_net_session_get_connection (self->session);
      const char *name = ttt_net_session_get_peer_name (self->session);

      g_variant_builder_add (&builder, "{sv}", "state",
                             g_variant_new_int32 (ttt_net_session_get_state (self->session)));
      g_variant_builder_add (&builder, "{sv}", "port",
                             g_variant_new_uint32 (ttt_connection_get_port (connection)));
      g_variant_builder_add (&builder, "{sv}", "local-mark",
                             g_variant_new_int32 (ttt_net_session_get_local_mark (self->session)));
      g_variant_builder_add (&builder, "{sv}", "peer", g_variant_new_string (name != NULL ? name : ""));
      g_variant_builder_add (&builder, "{sv}", "game",
                             g_variant_new_int32 (ttt_net_session_get_variant (self->session)));
    }
  return g_variant_builder_end (&builder);
}
