/* ttt-code-dialog.c — play with a friend anywhere, by a code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The pages follow the session: the host's code while the wormhole waits
 * for the friend, "Joining…" while a guest's code is tried, then the
 * game, or what went wrong. Every page change is announced and moves the
 * focus onto the page, so a screen reader hears each step.
 *
 * A host whose friend never comes is not left waiting for ever: after
 * WAIT_FOR_FRIEND_S the code is given up and the window says so.
 *
 * While the connection to the mailbox server is made again (the
 * transport is reconnecting) a notice above the page says so, told once
 * to a screen reader, and so is its end; a connection that is not made
 * again in time is a failure like any other.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-accessible.h"
#include "ttt-announcer.h"
#include "ttt-compat.h"
#include "ttt-code-dialog.h"
#include "ttt-code-entry.h"
#include "ttt-code-invite.h"
#include "ttt-code-widgets-private.h"
#include "ttt-protocol-names.h"
#include "ttt-variants.h"
#include "ttt-wormhole-words.h"

#define WAIT_FOR_FRIEND_S (10 * 60)

struct _TttCodeDialog
{
  AdwWindow             parent_instance;

  GtkWidget            *reconnecting_text;
  GtkStack             *stack;
  TttCodeInvite        *invite;
  TttCodeEntry         *entry;
  GtkEntry             *name_entry;
  GtkWidget            *name_continue;
  GtkLabel             *connecting_text;
  GtkWidget            *connecting_cancel;
  GtkLabel             *failed_title;
  GtkLabel             *failed_text;
  GtkWidget            *try_again;
  GtkWidget            *failed_close;
  GtkLabel             *playing_text;
  GtkWidget            *rematch;
  GtkWidget            *leave;

  TttGame              *game;
  GSettings            *settings;
  TttAnnouncer         *announcer;
  TttNetSession        *session;
  TttWormholeTransport *transport;
  gboolean              hosting;
  gboolean              opened;     /* "session-opened" was emitted */
  char                 *code;       /* the guest's, as tried */
  gboolean              name_asked;
  char                 *pending;    /* what the name was asked before */
  guint                 wait_id;
};

G_DEFINE_FINAL_TYPE (TttCodeDialog, ttt_code_dialog, ADW_TYPE_WINDOW)

enum {
  SESSION_OPENED,
  CHANGED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

TttWormholeTransport *
ttt_code_dialog_new_transport (GSettings  *settings,
                               const char *code)
{
  g_autofree char *mailbox = NULL;
  g_autofree char *relay = NULL;
  TttWormholeTransport *transport;

  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  mailbox = g_settings_get_string (settings, "wormhole-mailbox");
  relay = g_settings_get_string (settings, "wormhole-relay");
  /* No mailbox server is no game: the public one then. No relay is a
   * choice: direct connections only. */
  if (*mailbox == '\0')
    {
      g_free (mailbox);
      mailbox = g_strdup (TTT_WORMHOLE_DEFAULT_MAILBOX_URL);
    }
  if (code == NULL)
    transport = ttt_wormhole_transport_new_host (mailbox, *relay != '\0' ? relay : NULL);
  else
    transport = ttt_wormhole_transport_new_guest (mailbox, *relay != '\0' ? relay : NULL, code);
  ttt_wormhole_transport_set_direct (transport, g_settings_get_boolean (settings, "wormhole-direct"));
  return transport;
}

static void
changed (TttCodeDialog *self)
{
  g_signal_emit (self, signals[CHANGED], 0);
}

static void
announce (TttCodeDialog *self,
          const char    *text)
{
  if (text != NULL && *text != '\0')
    ttt_announcer_announce (self->announcer, text);
}

static void
show_page (TttCodeDialog *self,
           const char    *name)
{
  gtk_stack_set_visible_child_name (self->stack, name);
  if (g_str_equal (name, "invite"))
    ttt_code_invite_focus (self->invite);
  else if (g_str_equal (name, "join"))
    ttt_code_entry_focus (self->entry);
  else if (g_str_equal (name, "name"))
    gtk_widget_grab_focus (GTK_WIDGET (self->name_entry));
  else if (g_str_equal (name, "connecting"))
    gtk_widget_grab_focus (self->connecting_cancel);
  else if (g_str_equal (name, "failed"))
    gtk_widget_grab_focus (self->try_again);
  else if (g_str_equal (name, "playing"))
    gtk_widget_grab_focus (gtk_widget_get_sensitive (self->rematch) ? self->rematch : self->leave);
  changed (self);
}

static void
clear_session (TttCodeDialog *self,
               gboolean       leave)
{
  g_clear_handle_id (&self->wait_id, g_source_remove);
  if (self->transport != NULL)
    g_signal_handlers_disconnect_by_data (self->transport, self);
  g_clear_object (&self->transport);
  /* Gone with the template on a second dispose. */
  if (self->reconnecting_text != NULL)
    gtk_widget_set_visible (self->reconnecting_text, FALSE);
  if (self->session == NULL)
    return;
  g_signal_handlers_disconnect_by_data (self->session, self);
  if (leave && ttt_net_session_get_state (self->session) != TTT_NET_SESSION_CLOSED)
    ttt_net_session_leave (self->session);
  g_clear_object (&self->session);
}

static void
show_failure (TttCodeDialog *self,
              const char    *title,
              const char    *text)
{
  g_autofree char *said = g_strdup_printf ("%s %s", title, text);

  gtk_label_set_text (self->failed_title, title);
  gtk_label_set_text (self->failed_text, text);
  show_page (self, "failed");
  announce (self, said);
}

/* The friend never came: the code is given up. */
static gboolean
wait_over_cb (gpointer data)
{
  TttCodeDialog *self = data;

  self->wait_id = 0;
  clear_session (self, TRUE);
  show_failure (self, _("Your Friend Did Not Come"),
                _("Nobody typed the code within ten minutes, so it no longer works. "
                  "Try again for a new code."));
  return G_SOURCE_REMOVE;
}

static void
code_cb (TttCodeDialog *self)
{
  const char *code = ttt_wormhole_transport_get_wormhole_code (self->transport);

  if (!self->hosting || code == NULL)
    return;
  ttt_code_invite_set_code (self->invite, code);
  show_page (self, "invite");
  /* What waited to be told (getting a code) is over. */
  ttt_announcer_drop_held (self->announcer);
  {
    GtkWidget *focus = ttt_compat_dialog_get_focus (GTK_WIDGET (self));
    g_autofree char *spoken = NULL;
    g_autofree char *text = NULL;

    /* The focus on Copy says the code, which Copy is described by; told
     * as news as well, it was heard twice. */
    if (ttt_code_invite_says_code (self->invite, focus))
      return;
    spoken = ttt_code_invite_spoken (code);
    /* Translators: said by a screen reader; %s is the code as words,
     * "7, guitarist, revenge". */
    text = g_strdup_printf (_("Tell your friend this code: %s"), spoken);
    announce (self, text);
  }
}

static void
transport_state_cb (TttCodeDialog *self)
{
  if (ttt_transport_get_state (TTT_TRANSPORT (self->transport)) == TTT_TRANSPORT_STATE_WAITING)
    {
      if (self->wait_id == 0)
        self->wait_id = g_timeout_add_seconds (WAIT_FOR_FRIEND_S, wait_over_cb, self);
    }
  else
    g_clear_handle_id (&self->wait_id, g_source_remove);
}

static void
transport_reconnecting_cb (TttCodeDialog *self)
{
  TttTransport *transport = TTT_TRANSPORT (self->transport);
  gboolean reconnecting = ttt_transport_get_reconnecting (transport);
  TttTransportState state = ttt_transport_get_state (transport);

  if (reconnecting == gtk_widget_get_visible (self->reconnecting_text))
    return;
  gtk_widget_set_visible (self->reconnecting_text, reconnecting);
  /* A window keeps its height when its content shrinks: without the
   * notice, as tall as the page again rather than a gap under it. */
  if (!reconnecting)
    {
      int width, height;

      gtk_window_get_default_size (GTK_WINDOW (self), &width, &height);
      gtk_window_set_default_size (GTK_WINDOW (self), width, -1);
    }
  changed (self);
  if (reconnecting)
    announce (self, gtk_label_get_text (GTK_LABEL (self->reconnecting_text)));
  /* Told only while the wait goes on: a connection given up is said by
   * the failure, one that opened by the game. */
  else if (state == TTT_TRANSPORT_STATE_WAITING || state == TTT_TRANSPORT_STATE_CONNECTING)
    /* Translators: said by a screen reader once the connection that
     * broke works again. */
    announce (self, _("Connected to the mailbox server again."));
}

static const char *
peer (TttCodeDialog *self)
{
  const char *name = ttt_net_session_get_peer_name (self->session);

  return name != NULL ? name : _("your friend");
}

static void
update_playing (TttCodeDialog *self)
{
  TttNetSessionState state;
  g_autofree char *quoted = NULL;
  g_autofree char *text = NULL;

  if (self->session == NULL)
    return;
  state = ttt_net_session_get_state (self->session);
  quoted = ttt_protocol_quote_name (peer (self));
  if (state == TTT_NET_SESSION_GAME_OVER && ttt_net_session_get_rematch_offered (self->session))
    /* Translators: %s is the other person's name, quoted. */
    text = g_strdup_printf (_("%s offers a rematch."), quoted);
  else if (state == TTT_NET_SESSION_GAME_OVER && ttt_net_session_get_rematch_asked (self->session))
    /* Translators: %s is the other person's name, quoted. */
    text = g_strdup_printf (_("Waiting for %s to accept the rematch…"), quoted);
  else if (state == TTT_NET_SESSION_GAME_OVER)
    text = g_strdup (_("The game is over."));
  else
    /* Translators: %s is the other person's name, quoted. */
    text = g_strdup_printf (_("Playing with %s on the board."), quoted);
  gtk_label_set_text (self->playing_text, text);
  gtk_widget_set_sensitive (self->rematch, state == TTT_NET_SESSION_GAME_OVER &&
                                           !ttt_net_session_get_rematch_asked (self->session));
  gtk_button_set_label (GTK_BUTTON (self->rematch),
                        ttt_net_session_get_rematch_offered (self->session) ? _("_Accept Rematch")
                                                                            : _("Offer a _Rematch"));
  ttt_code_name_button (self->rematch);
  changed (self);
}

/* A game begins: the keys go to the board of the main window, which
 * this small window stays above. */
static void
play_on_board (TttCodeDialog *self)
{
  GtkWindow *parent = gtk_window_get_transient_for (GTK_WINDOW (self));

  if (parent != NULL)
    gtk_window_present (parent);
}

static void
session_state_cb (TttCodeDialog *self)
{
  TttNetSessionState state = ttt_net_session_get_state (self->session);

  switch (state)
    {
    case TTT_NET_SESSION_PLAYING:
      if (!self->opened)
        {
          gboolean handled = FALSE;
          g_autoptr(TttNetSession) session = g_object_ref (self->session);

          self->opened = TRUE;
          g_clear_handle_id (&self->wait_id, g_source_remove);
          g_signal_emit (self, signals[SESSION_OPENED], 0, session, &handled);
          if (handled)
            {
              /* Someone else plays it now: let go without leaving. */
              clear_session (self, FALSE);
              gtk_window_destroy (GTK_WINDOW (self));
              return;
            }
          update_playing (self);
          show_page (self, "playing");
          announce (self, gtk_label_get_text (self->playing_text));
          play_on_board (self);
          return;
        }
      update_playing (self);
      play_on_board (self);
      break;

    case TTT_NET_SESSION_GAME_OVER:
      /* The rematch is offered or accepted here: the keys come back. */
      update_playing (self);
      gtk_window_present (GTK_WINDOW (self));
      gtk_widget_grab_focus (gtk_widget_get_sensitive (self->rematch) ? self->rematch : self->leave);
      break;

    case TTT_NET_SESSION_CLOSED:
      {
        TttNetSessionEnd end = ttt_net_session_get_end (self->session);
        g_autofree char *message = g_strdup (ttt_net_session_get_message (self->session));
        const char *title;

        if (end == TTT_NET_SESSION_END_LEFT)
          return;
        if (end == TTT_NET_SESSION_END_FAILED)
          title = self->hosting ? _("No Game Could Be Hosted") : _("Could Not Join");
        else if (end == TTT_NET_SESSION_END_LOST)
          title = _("Disconnected");
        else
          title = _("The Game Has Ended");
        clear_session (self, FALSE);
        show_failure (self, title, message);
      }
      break;

    case TTT_NET_SESSION_CONNECTING:
    case TTT_NET_SESSION_VERIFYING:
    case TTT_NET_SESSION_CONFIRMED:
    default:
      changed (self);
      break;
    }
}

static void
session_start (TttCodeDialog *self,
               const char    *code)
{
  g_autofree char *remembered = g_settings_get_string (self->settings, "player-name");
  /* The name typed for a game nearby, else the real one. */
  g_autofree char *name = ttt_protocol_sanitize_name (*remembered != '\0' ? remembered : g_get_real_name ());
  TttConnectionRole role = code == NULL ? TTT_CONNECTION_ROLE_HOST : TTT_CONNECTION_ROLE_GUEST;
  TttVariant variant = ttt_setup_get_variant (ttt_game_get_setup (self->game));

  clear_session (self, TRUE);
  self->opened = FALSE;
  self->hosting = code == NULL;
  self->session = ttt_net_session_new (self->game, role, name, variant, TTT_NET_X_HOST);
  self->transport = ttt_code_dialog_new_transport (self->settings, code);
  g_signal_connect_swapped (self->transport, "notify::wormhole-code", G_CALLBACK (code_cb), self);
  g_signal_connect_swapped (self->transport, "notify::state", G_CALLBACK (transport_state_cb), self);
  g_signal_connect_swapped (self->transport, "notify::reconnecting", G_CALLBACK (transport_reconnecting_cb), self);
  g_signal_connect_swapped (self->session, "notify::state", G_CALLBACK (session_state_cb), self);
  g_signal_connect_swapped (self->session, "notify::rematch-offered", G_CALLBACK (update_playing), self);
  g_signal_connect_swapped (self->session, "notify::rematch-asked", G_CALLBACK (update_playing), self);
  ttt_net_session_open (self->session, TTT_TRANSPORT (self->transport));
}

/* The name, once */

/* Before the first game by a code, with no name ever typed (two people
 * with the same login would both be "root"): asked, as --host and
 * --join ask it, and what was asked is done once it is given. @code is
 * the guest's, %NULL to host. */
static gboolean
ask_name_first (TttCodeDialog *self,
                const char    *code)
{
  g_autofree char *remembered = NULL;
  g_autofree char *real_name = NULL;

  if (self->name_asked)
    return FALSE;
  self->name_asked = TRUE;
  remembered = g_settings_get_string (self->settings, "player-name");
  if (*remembered != '\0')
    return FALSE;

  clear_session (self, TRUE);
  self->hosting = code == NULL;
  g_free (self->pending);
  self->pending = g_strdup (code);
  real_name = ttt_protocol_sanitize_name (g_get_real_name ());
  gtk_editable_set_text (GTK_EDITABLE (self->name_entry), real_name);
  gtk_window_set_default_widget (GTK_WINDOW (self), self->name_continue);
  show_page (self, "name");
  /* Translators: said by a screen reader when the name is asked for. */
  announce (self, _("What is your name? The other person sees it."));
  return TRUE;
}

static void
name_continue_cb (TttCodeDialog *self)
{
  const char *name = gtk_editable_get_text (GTK_EDITABLE (self->name_entry));
  g_autofree char *pending = g_steal_pointer (&self->pending);

  /* Remembered for the next game, here and nearby. */
  if (*name != '\0')
    {
      g_autofree char *clean = ttt_protocol_sanitize_name (name);

      g_settings_set_string (self->settings, "player-name", clean);
    }
  gtk_window_set_default_widget (GTK_WINDOW (self), NULL);
  if (pending != NULL)
    ttt_code_dialog_join (self, pending);
  else
    ttt_code_dialog_host (self);
}

void
ttt_code_dialog_host (TttCodeDialog *self)
{
  g_return_if_fail (TTT_IS_CODE_DIALOG (self));

  if (ask_name_first (self, NULL))
    return;
  ttt_code_invite_set_code (self->invite, NULL);
  session_start (self, NULL);
  show_page (self, "invite");
  announce (self, _("Getting a code from the mailbox server…"));
}

void
ttt_code_dialog_join (TttCodeDialog *self,
                      const char    *code)
{
  g_autofree char *normalized = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (TTT_IS_CODE_DIALOG (self));

  if (code == NULL)
    {
      clear_session (self, TRUE);
      self->hosting = FALSE;
      show_page (self, "join");
      return;
    }
  normalized = ttt_code_entry_normalize (code);
  g_free (self->code);
  self->code = g_strdup (normalized);
  ttt_code_entry_set_code (self->entry, normalized);
  if (!ttt_wormhole_code_is_valid (normalized))
    {
      clear_session (self, TRUE);
      self->hosting = FALSE;
      show_page (self, "join");
      ttt_code_entry_set_error (self->entry, _("A code is a number and words, such as 7-guitarist-revenge."));
      return;
    }
  if (ask_name_first (self, normalized))
    return;
  session_start (self, normalized);
  /* Translators: %s is the code typed, such as 7-guitarist-revenge. */
  text = g_strdup_printf (_("Joining with the code %s…"), normalized);
  gtk_label_set_text (self->connecting_text, text);
  show_page (self, "connecting");
  announce (self, text);
}

static void
entry_join_cb (TttCodeDialog *self,
               const char    *code)
{
  ttt_code_dialog_join (self, code);
}

static void
cancel_cb (TttCodeDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
close_cb (TttCodeDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

static void
copied_cb (TttCodeDialog *self)
{
  announce (self, _("The code is copied."));
}

/* The host gets a new code; a guest types one again (a code works once:
 * the friend gives a new one), the last one there to change. */
static void
try_again_cb (TttCodeDialog *self)
{
  if (self->hosting)
    ttt_code_dialog_host (self);
  else
    {
      show_page (self, "join");
      ttt_code_entry_set_code (self->entry, self->code);
    }
}

static void
rematch_cb (TttCodeDialog *self)
{
  if (self->session != NULL)
    ttt_net_session_offer_rematch (self->session);
}

static void
leave_cb (TttCodeDialog *self)
{
  gtk_window_close (GTK_WINDOW (self));
}

TttNetSession *
ttt_code_dialog_get_session (TttCodeDialog *self)
{
  g_return_val_if_fail (TTT_IS_CODE_DIALOG (self), NULL);

  return self->session;
}

GVariant *
ttt_code_dialog_describe (TttCodeDialog *self)
{
  g_auto(GVariantBuilder) builder = G_VARIANT_BUILDER_INIT (G_VARIANT_TYPE_VARDICT);
  const char *page;
  const char *code;

  g_return_val_if_fail (TTT_IS_CODE_DIALOG (self), NULL);

  page = gtk_stack_get_visible_child_name (self->stack);
  code = ttt_code_invite_get_code (self->invite);
  g_variant_builder_add (&builder, "{sv}", "page", g_variant_new_string (page != NULL ? page : ""));
  g_variant_builder_add (&builder, "{sv}", "code", g_variant_new_string (code != NULL ? code : ""));
  g_variant_builder_add (&builder, "{sv}", "title", g_variant_new_string (gtk_label_get_text (self->failed_title)));
  g_variant_builder_add (&builder, "{sv}", "message", g_variant_new_string (gtk_label_get_text (self->failed_text)));
  g_variant_builder_add (&builder, "{sv}", "status", g_variant_new_string (gtk_label_get_text (self->playing_text)));
  g_variant_builder_add (&builder, "{sv}", "reconnecting",
                         g_variant_new_boolean (gtk_widget_get_visible (self->reconnecting_text)));
  if (self->session != NULL)
    {
      const char *name = ttt_net_session_get_peer_name (self->session);

      g_variant_builder_add (&builder, "{sv}", "state",
                             g_variant_new_int32 (ttt_net_session_get_state (self->session)));
      g_variant_builder_add (&builder, "{sv}", "local-mark",
                             g_variant_new_int32 (ttt_net_session_get_local_mark (self->session)));
      g_variant_builder_add (&builder, "{sv}", "peer", g_variant_new_string (name != NULL ? name : ""));
    }
  return g_variant_builder_end (&builder);
}

/* GObject */

static gboolean
ttt_code_dialog_close_request (GtkWindow *window)
{
  clear_session (TTT_CODE_DIALOG (window), TRUE);

  return GTK_WINDOW_CLASS (ttt_code_dialog_parent_class)->close_request (window);
}

static void
ttt_code_dialog_dispose (GObject *object)
{
  TttCodeDialog *self = TTT_CODE_DIALOG (object);

  clear_session (self, TRUE);
  g_clear_object (&self->game);
  g_clear_object (&self->settings);
  g_clear_object (&self->announcer);
  g_clear_pointer (&self->code, g_free);
  g_clear_pointer (&self->pending, g_free);

  gtk_widget_dispose_template (GTK_WIDGET (object), TTT_TYPE_CODE_DIALOG);

  G_OBJECT_CLASS (ttt_code_dialog_parent_class)->dispose (object);
}

static void
ttt_code_dialog_class_init (TttCodeDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ttt_code_dialog_dispose;
  GTK_WINDOW_CLASS (klass)->close_request = ttt_code_dialog_close_request;

  g_type_ensure (TTT_TYPE_CODE_INVITE);
  g_type_ensure (TTT_TYPE_CODE_ENTRY);
  gtk_widget_class_set_template_from_resource (widget_class, RESOURCE_BASE "/ttt-code-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, reconnecting_text);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, invite);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, entry);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, name_entry);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, name_continue);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, connecting_text);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, connecting_cancel);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, failed_title);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, failed_text);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, try_again);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, failed_close);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, playing_text);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, rematch);
  gtk_widget_class_bind_template_child (widget_class, TttCodeDialog, leave);
  gtk_widget_class_bind_template_callback (widget_class, cancel_cb);
  gtk_widget_class_bind_template_callback (widget_class, copied_cb);
  gtk_widget_class_bind_template_callback (widget_class, entry_join_cb);
  gtk_widget_class_bind_template_callback (widget_class, name_continue_cb);
  gtk_widget_class_bind_template_callback (widget_class, try_again_cb);
  gtk_widget_class_bind_template_callback (widget_class, close_cb);
  gtk_widget_class_bind_template_callback (widget_class, rematch_cb);
  gtk_widget_class_bind_template_callback (widget_class, leave_cb);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  /**
   * TttCodeDialog::session-opened:
   * @session: the session, its game begun
   *
   * Returns: %TRUE if a handler has taken @session over: the window lets
   *   it go, without leaving it, and closes.
   */
  signals[SESSION_OPENED] =
    g_signal_new ("session-opened", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, g_signal_accumulator_true_handled, NULL, NULL,
                  G_TYPE_BOOLEAN, 1, TTT_TYPE_NET_SESSION);
  /* What ttt_code_dialog_describe() tells may have changed. */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
}

static void
ttt_code_dialog_init (TttCodeDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  /* GTK 4.8 names the stack's pages by their class ("GtkStackPage
   * panel"), which Orca says as the window opens on one. */
  ttt_accessible_hide_type_names (GTK_WIDGET (self));
  gtk_entry_set_max_length (self->name_entry, TTT_PROTOCOL_MAX_NAME);
  ttt_code_name_button (self->name_continue);
  ttt_code_name_button (self->connecting_cancel);
  ttt_code_name_button (self->try_again);
  ttt_code_name_button (self->failed_close);
  ttt_code_name_button (self->rematch);
  ttt_code_name_button (self->leave);
  self->announcer = ttt_announcer_new (GTK_WIDGET (self));
}

TttCodeDialog *
ttt_code_dialog_new (GtkWindow *parent,
                     TttGame   *game,
                     GSettings *settings)
{
  TttCodeDialog *self;

  g_return_val_if_fail (TTT_IS_GAME (game), NULL);
  g_return_val_if_fail (G_IS_SETTINGS (settings), NULL);

  self = g_object_new (TTT_TYPE_CODE_DIALOG, "transient-for", parent, NULL);
  self->game = g_object_ref (game);
  self->settings = g_object_ref (settings);
  return self;
}
