/* ttt-net-window.c — host or join a game with someone elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pages are built in code: each is a column of a heading, a line of
 * text and a few controls, every one named for a screen reader. What a
 * person waits for, the code, the other's moves and the end are announced.
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

/* Building blocks */

static GtkWidget *
page_new (GtkStack   *stack,
          const char *name,
          const char *title,
          GtkLabel  **title_label)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 12);
  GtkWidget *heading = gtk_label_new (title);

  gtk_widget_set_margin_start (box, 24);
  gtk_widget_set_margin_end (box, 24);
  gtk_widget_set_margin_top (box, 24);
  gtk_widget_set_margin_bottom (box, 24);
  gtk_widget_add_css_class (heading, "title-2");
  gtk_label_set_wrap (GTK_LABEL (heading), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (heading), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_justify (GTK_LABEL (heading), GTK_JUSTIFY_CENTER);
  gtk_box_append (GTK_BOX (box), heading);
  gtk_stack_add_named (stack, box, name);
  if (title_label != NULL)
    *title_label = GTK_LABEL (heading);
  return box;
}

static GtkLabel *
text_new (GtkWidget  *page,
          const char *text)
{
  GtkWidget *label = gtk_label_new (text);

  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  /* An address or a name can be longer than a narrow window. */
  gtk_label_set_wrap_mode (GTK_LABEL (label), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_box_append (GTK_BOX (page), label);
  return GTK_LABEL (label);
}

static GtkWidget *
button_new (GtkWidget  *row,
            const char *label,
            GCallback   callback,
            gpointer    data)
{
  GtkWidget *button = gtk_button_new_with_mnemonic (label);

  g_signal_connect_swapped (button, "clicked", callback, data);
  ttt_button_row_append (TTT_BUTTON_ROW (row), button);
  return button;
}

static GtkWidget *
row_new (GtkWidget *page)
{
  GtkWidget *row = ttt_button_row_new ();

  gtk_box_append (GTK_BOX (page), row);
  return row;
}

/* A labelled entry: the label names it for a screen reader too. */
static GtkEntry *
entry_new (GtkWidget  *page,
           const char *label)
{
  GtkWidget *caption = gtk_label_new_with_mnemonic (label);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (caption), PANGO_WRAP_WORD_CHAR);
  gtk_label_set_mnemonic_widget (GTK_LABEL (caption), entry);
  gtk_accessible_update_relation (GTK_ACCESSIBLE (entry),
                                  GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL, -1);
  gtk_box_append (GTK_BOX (page), caption);
  gtk_box_append (GTK_BOX (page), entry);
  return GTK_ENTRY (entry);
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

  G_OBJECT_CLASS (ttt_net_window_parent_class)->dispose (object);
}

static void
ttt_net_window_class_init (TttNetWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ttt_net_window_dispose;

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, close_key_cb, NULL);
  gtk_widget_class_add_binding (widget_class, GDK_KEY_w, GDK_CONTROL_MASK, close_key_cb, NULL);

  /* What ttt_net_window_describe() tells may have changed. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
build_pages (TttNetWindow *self)
{
  GtkWidget *page, *row, *scroller;
  const char *firsts[3] = { NULL, NULL, NULL };

  /* Start: the name, then host or join. */
  page = page_new (self->stack, "start", _("Play With Someone Elsewhere"), NULL);
  text_new (page, _("Play against someone on another computer: host a game, or join one. The connection is encrypted, and both of you check a code before the first move."));
  self->name = entry_new (page, _("Your _name, as the other person sees it"));
  /* What the other side would see: the real name may be long or hold
   * what a name cannot. */
  gtk_entry_set_max_length (self->name, TTT_PROTOCOL_MAX_NAME);
  {
    g_autofree char *real_name = ttt_protocol_sanitize_name (g_get_real_name ());

    gtk_editable_set_text (GTK_EDITABLE (self->name), real_name);
  }
  row = row_new (page);
  button_new (row, _("_Join a Game"), G_CALLBACK (show_join_cb), self);
  self->host_game = button_new (row, _("_Host a Game"), G_CALLBACK (show_host_cb), self);
  gtk_widget_add_css_class (self->host_game, "suggested-action");

  /* Host */
  page = page_new (self->stack, "host", _("Host a Game"), NULL);
  {
    /* The games of the registry, by the names of the New Game screen. */
    g_autoptr(GtkStringList) games = gtk_string_list_new (NULL);
    GtkWidget *caption = gtk_label_new_with_mnemonic (_("_Game"));

    for (guint i = 0; i < ttt_variants_get_n (); i++)
      gtk_string_list_append (games, ttt_variants_get_name (ttt_variants_get_nth (i)->variant));
    self->net_game = GTK_DROP_DOWN (gtk_drop_down_new (G_LIST_MODEL (g_steal_pointer (&games)), NULL));
    gtk_label_set_xalign (GTK_LABEL (caption), 0);
    gtk_label_set_mnemonic_widget (GTK_LABEL (caption), GTK_WIDGET (self->net_game));
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->net_game),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL, -1);
    gtk_box_append (GTK_BOX (page), caption);
    gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->net_game));
  }
  {
    GtkWidget *caption = gtk_label_new_with_mnemonic (_("_Who moves first"));

    firsts[0] = C_("first move", "You");
    firsts[1] = _("The other person");
    self->first = GTK_DROP_DOWN (gtk_drop_down_new_from_strings (firsts));
    gtk_label_set_xalign (GTK_LABEL (caption), 0);
    gtk_label_set_mnemonic_widget (GTK_LABEL (caption), GTK_WIDGET (self->first));
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->first),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL, -1);
    gtk_box_append (GTK_BOX (page), caption);
    gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->first));
  }
  {
    GtkWidget *caption = gtk_label_new_with_mnemonic (_("_Port (0 picks a free one)"));

    self->port = GTK_SPIN_BUTTON (gtk_spin_button_new_with_range (0, 65535, 1));
    gtk_spin_button_set_value (self->port, 0);
    gtk_label_set_xalign (GTK_LABEL (caption), 0);
    gtk_label_set_mnemonic_widget (GTK_LABEL (caption), GTK_WIDGET (self->port));
    gtk_accessible_update_relation (GTK_ACCESSIBLE (self->port),
                                    GTK_ACCESSIBLE_RELATION_LABELLED_BY, caption, NULL, -1);
    gtk_box_append (GTK_BOX (page), caption);
    gtk_box_append (GTK_BOX (page), GTK_WIDGET (self->port));
  }
  self->host_error = text_new (page, "");
  gtk_widget_add_css_class (GTK_WIDGET (self->host_error), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->host_error), FALSE);
  row = row_new (page);
  button_new (row, _("_Back"), G_CALLBACK (back_cb), self);
  self->start_hosting = button_new (row, _("_Start Hosting"), G_CALLBACK (start_hosting_cb), self);
  gtk_widget_add_css_class (self->start_hosting, "suggested-action");

  /* Waiting (host) or connecting (guest) */
  page = page_new (self->stack, "waiting", "", &self->waiting_title);
  self->waiting_text = text_new (page, "");
  gtk_label_set_selectable (self->waiting_text, TRUE);
  row = row_new (page);
  self->cancel = button_new (row, _("_Cancel"), G_CALLBACK (back_cb), self);

  /* Join */
  page = page_new (self->stack, "join", _("Join a Game"), NULL);
  text_new (page, _("Games nearby"));
  self->nearby = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_widget_add_css_class (GTK_WIDGET (self->nearby), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->nearby),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Games nearby"), -1);
  g_signal_connect (self->nearby, "row-activated", G_CALLBACK (nearby_activated_cb), self);
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_min_content_height (GTK_SCROLLED_WINDOW (scroller), 100);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (self->nearby));
  gtk_box_append (GTK_BOX (page), scroller);
  self->nearby_note = text_new (page, "");
  gtk_widget_add_css_class (GTK_WIDGET (self->nearby_note), "dim-label");
  self->address = entry_new (page, _("Or an _address, such as 192.168.1.20:41414 or [2001:db8::1]:41414"));
  g_signal_connect_swapped (self->address, "activate", G_CALLBACK (join_address_cb), self);
  self->join_error = text_new (page, "");
  gtk_widget_add_css_class (GTK_WIDGET (self->join_error), "error");
  gtk_widget_set_visible (GTK_WIDGET (self->join_error), FALSE);
  row = row_new (page);
  button_new (row, _("_Back"), G_CALLBACK (back_cb), self);
  gtk_widget_add_css_class (button_new (row, _("_Join"), G_CALLBACK (join_address_cb), self),
                            "suggested-action");

  /* The code */
  page = page_new (self->stack, "code", "", &self->code_title);
  self->code = text_new (page, "");
  gtk_label_set_xalign (self->code, 0.5);
  gtk_widget_add_css_class (GTK_WIDGET (self->code), "title-1");
  gtk_widget_add_css_class (GTK_WIDGET (self->code), "numeric");
  self->code_note = text_new (page, "");
  self->code_buttons = row_new (page);
  button_new (self->code_buttons, _("They _Differ"), G_CALLBACK (codes_differ_cb), self);
  self->codes_match = button_new (self->code_buttons, _("The Codes _Match"), G_CALLBACK (codes_match_cb), self);
  gtk_widget_add_css_class (self->codes_match, "suggested-action");

  /* The game */
  page = page_new (self->stack, "play", _("Game With Someone Elsewhere"), NULL);
  self->status = text_new (page, "");
  self->undo_box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  self->undo_text = GTK_LABEL (gtk_label_new (""));
  gtk_label_set_wrap (self->undo_text, TRUE);
  gtk_label_set_wrap_mode (self->undo_text, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_xalign (self->undo_text, 0);
  gtk_box_append (GTK_BOX (self->undo_box), GTK_WIDGET (self->undo_text));
  row = ttt_button_row_new ();
  button_new (row, _("_Refuse"), G_CALLBACK (refuse_undo_cb), self);
  button_new (row, _("A_llow"), G_CALLBACK (allow_undo_cb), self);
  gtk_box_append (GTK_BOX (self->undo_box), row);
  gtk_widget_set_visible (self->undo_box, FALSE);
  gtk_box_append (GTK_BOX (page), self->undo_box);
  row = row_new (page);
  button_new (row, _("_Leave"), G_CALLBACK (leave_cb), self);
  self->resign = button_new (row, _("Re_sign"), G_CALLBACK (resign_cb), self);
  self->undo = button_new (row, _("Ask to _Undo"), G_CALLBACK (undo_cb), self);
  self->rematch = button_new (row, _("Offer a _Rematch"), G_CALLBACK (rematch_cb), self);
  gtk_widget_add_css_class (self->rematch, "suggested-action");

  /* Closed */
  page = page_new (self->stack, "closed", _("The Game Has Ended"), NULL);
  self->closed_text = text_new (page, "");
  row = row_new (page);
  self->closed_leave = button_new (row, _("_Leave"), G_CALLBACK (leave_cb), self);
  gtk_widget_add_css_class (self->closed_leave, "suggested-action");
}

static void
ttt_net_window_init (TttNetWindow *self)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);

  self->found = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_discovered_game_free);
  gtk_window_set_title (GTK_WINDOW (self), _("Play With Someone Elsewhere"));
  gtk_window_set_default_size (GTK_WINDOW (self), 420, -1);
  gtk_box_append (GTK_BOX (box), adw_header_bar_new ());
  self->stack = GTK_STACK (gtk_stack_new ());
  gtk_stack_set_transition_type (self->stack, GTK_STACK_TRANSITION_TYPE_CROSSFADE);
  gtk_stack_set_vhomogeneous (self->stack, FALSE);
  gtk_stack_set_hhomogeneous (self->stack, FALSE);
  gtk_box_append (GTK_BOX (box), GTK_WIDGET (self->stack));
  adw_window_set_content (ADW_WINDOW (self), box);
  build_pages (self);
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
    if (ttt_variants_get_nth (i)->variant == ttt_game_get_variant (game))
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
