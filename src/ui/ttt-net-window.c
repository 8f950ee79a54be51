/* ttt-net-window.c — host or join a game with someone elsewhere
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pages are a stack in the template (ttt-net-window.ui): each is a
 * column of a heading, a line of text and a few controls, every one named
 * for a screen reader, and each step is announced. The window owns the
 * session while it connects (closing it gives up); once the other
 * computer is there and the code is known, it hands the session to the
 * main window, where the code is compared and the game played
 * (ttt-window-net.c), and goes.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-accessible.h"
#include "ttt-announcer.h"
#include "ttt-button-row.h"
#include "ttt-discovery.h"
#include "ttt-net-session.h"
#include "ttt-net-window.h"
#include "ttt-variants.h"
#include "ttt-window.h"

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
  GtkLabel        *closed_title;
  GtkLabel        *closed_text;
  GtkWidget       *closed_leave;
  GtkWidget       *closed_retry;
  GSettings       *settings;
  GtkEntry        *first_name;
  GtkWidget       *name_continue;
  /* Asked for the name before the command line's hosting or joining. */
  gboolean         ask_name;
  gboolean         pending_join;
  /* What Try Again repeats: joining this address, or hosting. */
  char            *retry_address;
  guint            retry_port;
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
  GtkWidget *page = gtk_stack_get_child_by_name (self->stack, name);
  gboolean other_page = page != NULL && g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), name) != 0;

  /* A page of its own, with its heading, is a step to hear. */
  if (other_page && self->announcer != NULL &&
      (g_str_equal (name, "host") || g_str_equal (name, "join") || g_str_equal (name, "start")))
    {
      GtkWidget *heading = gtk_widget_get_first_child (gtk_stack_page_get_child (gtk_stack_get_page (self->stack, page)));

      if (GTK_IS_LABEL (heading))
        announce (self, gtk_label_get_text (GTK_LABEL (heading)));
    }
  grab_focus (focus);
  gtk_stack_set_visible_child_name (self->stack, name);
  /* The focus came while its page was hidden, where the control is not
   * yet known to a screen reader: GTK told none of it, and the reader's
   * focus stayed on the page that went, where it drops news told on the
   * new one ("Waiting for someone to join."). Given again, now that it
   * shows, the focus is told. */
  if (other_page && focus != NULL && gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      GtkWidget *now = gtk_root_get_focus (GTK_ROOT (self));

      /* An entry's focus is on the text inside it. */
      if (now != NULL && (now == focus || gtk_widget_is_ancestor (now, focus)))
        gtk_window_set_focus (GTK_WINDOW (self), NULL);
    }
  grab_focus (focus);
  fit_height (self);
  changed (self);
}

/* The session */

static void clear_session (TttNetWindow *self);

/* The main window plays the session from here on; this one goes. */
static void
hand_over (TttNetWindow *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));
  g_autoptr(TttNetSession) session = NULL;

  if (!TTT_IS_WINDOW (parent))
    return;
  g_signal_handlers_disconnect_by_data (self->session, self);
  session = g_steal_pointer (&self->session);
  g_clear_pointer (&self->peer_quoted, g_free);
  ttt_window_set_net_session (TTT_WINDOW (parent), session);
  changed (self);
  gtk_window_destroy (GTK_WINDOW (self));
}

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
    case TTT_NET_SESSION_CONFIRMED:
    case TTT_NET_SESSION_PLAYING:
    case TTT_NET_SESSION_GAME_OVER:
      hand_over (self);
      return;

    case TTT_NET_SESSION_CLOSED:
    default:
      {
        TttNetSessionEnd end = ttt_net_session_get_end (self->session);
        gboolean failed = end == TTT_NET_SESSION_END_FAILED;
        gboolean retry = failed || end == TTT_NET_SESSION_END_LOST;

        gtk_label_set_text (self->closed_title, failed ? _("Could Not Connect") : _("The Connection Has Ended"));
        gtk_label_set_text (self->closed_text, ttt_net_session_get_message (self->session));
        gtk_widget_set_visible (self->closed_retry, retry);
        show_page (self, "closed", retry ? self->closed_retry : self->closed_leave);
        {
          g_autofree char *said = g_strdup_printf ("%s. %s", gtk_label_get_text (self->closed_title),
                                                   ttt_net_session_get_message (self->session));

          announce (self, said);
        }
        break;
      }
    }
  changed (self);
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
  /* The name typed is remembered for the next game. */
  if (self->settings != NULL && name != NULL && *name != '\0')
    {
      g_autofree char *clean = ttt_protocol_sanitize_name (name);

      g_settings_set_string (self->settings, "player-name", clean);
    }
  if (name == NULL || *name == '\0')
    name = g_get_real_name ();
  /* One name for the hello and the game published nearby: the real name
   * may be empty, long or anything at all. */
  g_free (self->own_name);
  self->own_name = ttt_protocol_sanitize_name (name);

  self->session = ttt_net_session_new (self->game, role, self->own_name, variant, first);
  g_signal_connect_swapped (self->session, "notify::state", G_CALLBACK (session_state_cb), self);
}

/* The name, once */

/* Before the command line's first hosting or joining, with no name ever
 * typed (two people with the same login would both be "root"): asked,
 * and what was asked is done once it is given. */
static gboolean
ask_name_first (TttNetWindow *self,
                gboolean      join)
{
  g_autofree char *remembered = NULL;

  if (!self->ask_name)
    return FALSE;
  self->ask_name = FALSE;
  remembered = g_settings_get_string (self->settings, "player-name");
  if (*remembered != '\0')
    return FALSE;

  self->pending_join = join;
  gtk_editable_set_text (GTK_EDITABLE (self->first_name), gtk_editable_get_text (GTK_EDITABLE (self->name)));
  gtk_window_set_default_widget (GTK_WINDOW (self), self->name_continue);
  show_page (self, "name", GTK_WIDGET (self->first_name));
  /* Translators: said by a screen reader when the name is asked for. */
  announce (self, _("What is your name? The other person sees it."));
  return TRUE;
}

static void
name_continue_cb (TttNetWindow *self)
{
  gtk_editable_set_text (GTK_EDITABLE (self->name), gtk_editable_get_text (GTK_EDITABLE (self->first_name)));
  gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
  if (self->pending_join)
    {
      g_autofree char *address = g_strdup (self->retry_address);

      ttt_net_window_join (self, address);
    }
  else
    ttt_net_window_host (self, self->retry_port);
}

void
ttt_net_window_set_ask_name (TttNetWindow *self,
                             gboolean      ask)
{
  g_return_if_fail (TTT_IS_NET_WINDOW (self));

  self->ask_name = ask;
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

  g_clear_pointer (&self->retry_address, g_free);
  self->retry_port = port;
  if (ask_name_first (self, FALSE))
    return;
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

  if (self->retry_address != address)
    {
      g_free (self->retry_address);
      self->retry_address = g_strdup (address);
    }
  if (ask_name_first (self, TRUE))
    return;
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
  /* The message is a whole sentence already ("Nearby games cannot be
   * found: …"). */
  gtk_label_set_text (self->nearby_note, error->message);
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

/* Try Again */

static void
retry_cb (TttNetWindow *self)
{
  g_autofree char *address = g_strdup (self->retry_address);

  if (address != NULL)
    ttt_net_window_join (self, address);
  else
    ttt_net_window_host (self, self->retry_port);
}

/* The port: 0 is any free one, said in words. */
static gboolean
port_output_cb (GtkSpinButton *spin,
                gpointer       user_data)
{
  int value = gtk_spin_button_get_value_as_int (spin);
  g_autofree char *text = NULL;

  if (value == 0)
    /* Translators: the port field's value when the system picks one. */
    gtk_editable_set_text (GTK_EDITABLE (spin), _("Automatic"));
  else
    {
      text = g_strdup_printf ("%d", value);
      gtk_editable_set_text (GTK_EDITABLE (spin), text);
    }
  return TRUE;
}

static int
port_input_cb (GtkSpinButton *spin,
               double        *value,
               gpointer       user_data)
{
  const char *text = gtk_editable_get_text (GTK_EDITABLE (spin));
  char *end = NULL;
  guint64 number;

  if (g_strcmp0 (text, _("Automatic")) == 0 || *text == '\0')
    {
      *value = 0;
      return TRUE;
    }
  number = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '\0' || number > 65535)
    return GTK_INPUT_ERROR;
  *value = (double) number;
  return TRUE;
}

/* Escape and Ctrl+W close the window, as they do the game's other
 * windows: nothing is played here. */
static gboolean
close_key_cb (GtkWidget *widget,
              GVariant  *args,
              gpointer   user_data)
{
  TttNetWindow *self = TTT_NET_WINDOW (widget);

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
  if (self->discovery != NULL)
    g_signal_handlers_disconnect_by_data (self->discovery, self);
  g_clear_object (&self->discovery);
  g_clear_object (&self->game);
  g_clear_object (&self->announcer);
  g_clear_pointer (&self->found, g_ptr_array_unref);
  g_clear_pointer (&self->peer_quoted, g_free);
  g_clear_pointer (&self->own_name, g_free);
  g_clear_pointer (&self->retry_address, g_free);
  g_clear_object (&self->settings);

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
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, closed_text);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, closed_title);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, first_name);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, name_continue);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, closed_leave);
  gtk_widget_class_bind_template_child (widget_class, TttNetWindow, closed_retry);
  gtk_widget_class_bind_template_callback (widget_class, show_join_cb);
  gtk_widget_class_bind_template_callback (widget_class, show_host_cb);
  gtk_widget_class_bind_template_callback (widget_class, back_cb);
  gtk_widget_class_bind_template_callback (widget_class, start_hosting_cb);
  gtk_widget_class_bind_template_callback (widget_class, nearby_activated_cb);
  gtk_widget_class_bind_template_callback (widget_class, join_address_cb);
  gtk_widget_class_bind_template_callback (widget_class, retry_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_continue_cb);
  gtk_widget_class_bind_template_callback (widget_class, port_output_cb);
  gtk_widget_class_bind_template_callback (widget_class, port_input_cb);

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
  /* GTK 4.8 names the stack's pages by their class ("GtkStackPage
   * panel"), which Orca says as a page opens. */
  ttt_accessible_hide_type_names (GTK_WIDGET (self));
  self->found = g_ptr_array_new_with_free_func ((GDestroyNotify) ttt_discovered_game_free);

  /* The games of the registry, by the names of the New Game screen. */
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    gtk_string_list_append (games, ttt_variants_get_name (ttt_variants_get_nth (i)->variant));
  gtk_drop_down_set_model (self->net_game, G_LIST_MODEL (games));

  /* What the other side would see: the real name may be long or hold
   * what a name cannot. */
  gtk_entry_set_max_length (self->name, TTT_PROTOCOL_MAX_NAME);
  gtk_entry_set_max_length (self->first_name, TTT_PROTOCOL_MAX_NAME);
  self->settings = g_settings_new (APPLICATION_ID);
  {
    g_autofree char *remembered = g_settings_get_string (self->settings, "player-name");

    gtk_editable_set_text (GTK_EDITABLE (self->name), *remembered != '\0' ? remembered : real_name);
  }

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
  g_variant_builder_add (&builder, "{sv}", "code", g_variant_new_string (""));
  g_variant_builder_add (&builder, "{sv}", "status", g_variant_new_string (""));
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
