/* test-code-dialog.c — play by a code: the host's code, the friend's entry
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The widgets of play by a code as a person meets them: the entry
 * suggests the code's words as they are typed, the arrows reach the
 * suggestions and Enter takes one, Join waits for a code that can be
 * one; the host's code is spoken as words. The window says each failure
 * in a sentence with Try Again: a mailbox server that is not there, and
 * a wrong code, on both sides, through the reference mailbox server
 * started here; while that server restarts under a host, a notice says
 * the connection is made again, and goes; the names remembered for network play are the ones the
 * two sides see. The settings' servers default to the project's public
 * ones. Every page fits 360 px with large text, in every language, its
 * words whole.
 */

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>
#include <string.h>

#include "net-helpers.h"
#include "ttt-code-dialog.h"
#include "ttt-code-entry.h"
#include "ttt-code-invite.h"
#include "ui-helpers.h"
#include "wormhole-helpers.h"

#define GUARD_MS 60000

static GtkWidget *
window_with (GtkWidget *child)
{
  GtkWidget *window = gtk_window_new ();

  gtk_window_set_child (GTK_WINDOW (window), child);
  gtk_window_present (GTK_WINDOW (window));
  ttt_test_wait_for_mapped (child);
  return window;
}

static gboolean
strv_equal (char       **got,
            const char  *const *want)
{
  return g_strv_equal ((const char * const *) got, want);
}

/* Completion as magic-wormhole's client does it: after the number, an
 * odd word, then an even one; nothing before the hyphen or once whole. */
static void
test_entry_completes (void)
{
  TttCodeEntry *entry = TTT_CODE_ENTRY (ttt_code_entry_new ());
  GtkWidget *window = window_with (GTK_WIDGET (entry));
  g_auto(GStrv) none = NULL;
  g_auto(GStrv) first = NULL;
  g_auto(GStrv) second = NULL;
  g_auto(GStrv) whole = NULL;

  ttt_code_entry_set_code (entry, "7");
  none = ttt_code_entry_get_suggestions (entry);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_false (ttt_code_entry_get_valid (entry));

  ttt_code_entry_set_code (entry, "7-guit");
  first = ttt_code_entry_get_suggestions (entry);
  g_assert_true (strv_equal (first, (const char *[]) { "7-guitarist", NULL }));
  /* A word of the list or not, any text is a password. */
  g_assert_true (ttt_code_entry_get_valid (entry));

  ttt_code_entry_set_code (entry, "7-guitarist-rev");
  second = ttt_code_entry_get_suggestions (entry);
  g_assert_true (strv_equal (second, (const char *[]) { "7-guitarist-revenge", NULL }));

  ttt_code_entry_set_code (entry, "7-guitarist-revenge");
  whole = ttt_code_entry_get_suggestions (entry);
  g_assert_cmpuint (g_strv_length (whole), ==, 0);
  g_assert_true (ttt_code_entry_get_valid (entry));

  ttt_code_entry_set_code (entry, "7-");
  g_assert_false (ttt_code_entry_get_valid (entry));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_entry (GtkWidget *widget,
          gpointer   data,
          gboolean  *prune)
{
  return GTK_IS_ENTRY (widget);
}

static gboolean
is_list (GtkWidget *widget,
         gpointer   data,
         gboolean  *prune)
{
  return GTK_IS_LIST_BOX (widget);
}

static void
joined_cb (TttCodeEntry *entry,
           const char   *code,
           char        **joined)
{
  g_free (*joined);
  *joined = g_strdup (code);
}

/* Down goes into the suggestions, Enter takes one and puts the focus
 * back in the entry, ready for the next word; Escape goes back too. Join
 * gives the code as the mailbox wants it. */
static void
test_entry_keyboard (void)
{
  TttCodeEntry *entry = TTT_CODE_ENTRY (ttt_code_entry_new ());
  GtkWidget *window = window_with (GTK_WIDGET (entry));
  GtkWidget *text = ttt_test_find_widget (GTK_WIDGET (entry), is_entry, NULL);
  GtkWidget *list = ttt_test_find_widget (GTK_WIDGET (entry), is_list, NULL);
  g_autofree char *joined = NULL;
  GtkWidget *focus;

  g_signal_connect (entry, "join", G_CALLBACK (joined_cb), &joined);
  ttt_code_entry_focus (entry);
  ttt_code_entry_set_code (entry, "12-dino");
  g_assert_true (gtk_widget_get_visible (list));
  g_assert_true (ttt_test_press_key (text, GDK_KEY_Down));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_LIST_BOX_ROW (focus));
  g_assert_cmpint (gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (focus)), ==, 0);

  /* Escape: back in the entry, nothing taken. */
  g_assert_true (ttt_test_press_key (list, GDK_KEY_Escape));
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (window)), text) ||
                 gtk_root_get_focus (GTK_ROOT (window)) == text);
  g_assert_cmpstr (ttt_code_entry_get_code (entry), ==, "12-dino");

  /* Down again and Enter: the word, and the hyphen for the next. */
  g_assert_true (ttt_test_press_key (text, GDK_KEY_Down));
  gtk_widget_activate (gtk_root_get_focus (GTK_ROOT (window)));
  g_assert_cmpstr (ttt_code_entry_get_code (entry), ==, "12-dinosaur-");
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (focus == text || gtk_widget_is_ancestor (focus, text));

  /* Said aloud and typed with spaces and capitals: made a code. */
  ttt_code_entry_set_code (entry, "  12 Dinosaur  Upshot ");
  g_assert_cmpstr (ttt_code_entry_get_code (entry), ==, "12-dinosaur-upshot");
  g_signal_emit_by_name (text, "activate");
  g_assert_cmpstr (joined, ==, "12-dinosaur-upshot");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_code_label (GtkWidget *widget,
               gpointer   data,
               gboolean  *prune)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* The code is said as words; the focus is on Copy, which the code
 * describes. The code can be selected but is no Tab stop: focused, it
 * showed a text cursor and said nothing more. */
static void
test_invite (void)
{
  TttCodeInvite *invite = TTT_CODE_INVITE (ttt_code_invite_new ());
  GtkWidget *window = window_with (GTK_WIDGET (invite));
  g_autofree char *spoken = ttt_code_invite_spoken ("7-guitarist-revenge");
  GtkWidget *label;
  GtkWidget *focus;

  g_assert_cmpstr (spoken, ==, "7, guitarist, revenge");
  ttt_code_invite_set_code (invite, "7-guitarist-revenge");
  g_assert_true (ttt_code_invite_focus (invite));
  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_BUTTON (focus));
  g_assert_cmpstr (gtk_button_get_label (GTK_BUTTON (focus)), ==, "_Copy");

  label = ttt_test_find_widget (GTK_WIDGET (invite), is_code_label, (gpointer) "7-guitarist-revenge");
  g_assert_nonnull (label);
  g_assert_true (gtk_label_get_selectable (GTK_LABEL (label)));
  /* No Tab stop: Tab passes by what cannot be focused. */
  g_assert_false (gtk_widget_get_focusable (label));
  gtk_test_accessible_assert_property (GTK_ACCESSIBLE (label), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                       "Tell your friend this code: 7, guitarist, revenge");
  gtk_test_accessible_assert_relation (GTK_ACCESSIBLE (focus), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY,
                                       label, NULL);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The public servers by default, as the transport's constants say. */
static void
test_settings_defaults (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  g_autofree char *mailbox = g_settings_get_string (settings, "wormhole-mailbox");
  g_autofree char *relay = g_settings_get_string (settings, "wormhole-relay");

  g_assert_cmpstr (mailbox, ==, TTT_WORMHOLE_DEFAULT_MAILBOX_URL);
  g_assert_cmpstr (relay, ==, TTT_WORMHOLE_DEFAULT_RELAY_URL);
  g_assert_true (g_settings_get_boolean (settings, "wormhole-direct"));
}

/* The window's page and failure, as the test hooks read them. */
static char *
describe (TttCodeDialog *dialog,
          const char    *key)
{
  g_autoptr(GVariant) shown = ttt_code_dialog_describe (dialog);
  const char *value = "";

  g_variant_lookup (shown, key, "&s", &value);
  return g_strdup (value);
}

static gboolean
failed (gpointer data)
{
  g_autofree char *page = describe (data, "page");

  return g_str_equal (page, "failed");
}

static gboolean
shows_code (gpointer data)
{
  g_autofree char *code = describe (data, "code");

  return *code != '\0';
}

static gboolean
is_button (GtkWidget *widget,
           gpointer   data,
           gboolean  *prune)
{
  return GTK_IS_BUTTON (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), data) == 0;
}

static TttCodeDialog *
dialog_new (GSettings *settings)
{
  g_autoptr(TttGame) game = ttt_game_new ();

  ttt_game_start_new (game);
  return ttt_code_dialog_new (NULL, game, settings);
}

/* No mailbox server where the settings say: said so, with Try Again on
 * the focus. */
static void
test_mailbox_unreachable (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *url = NULL;
  g_autofree char *title = NULL;
  g_autofree char *message = NULL;
  TttCodeDialog *dialog;
  GtkWidget *again;
  guint16 port;

  /* A port nobody listens on: taken, then given back. */
  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (listener);
  url = g_strdup_printf ("ws://127.0.0.1:%u/v1", port);
  g_settings_set_string (settings, "wormhole-mailbox", url);
  g_settings_set_string (settings, "player-name", "Ana");

  dialog = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialog));
  ttt_code_dialog_host (dialog);
  ttt_net_wait (failed, dialog, GUARD_MS);
  title = describe (dialog, "title");
  message = describe (dialog, "message");
  g_assert_cmpstr (title, ==, "No Game Could Be Hosted");
  g_assert_nonnull (strstr (message, "mailbox server"));
  again = ttt_test_find_widget (GTK_WIDGET (dialog), is_button, (gpointer) "_Try Again");
  g_assert_nonnull (again);
  g_assert_true (gtk_root_get_focus (GTK_ROOT (dialog)) == again);
  gtk_window_destroy (GTK_WINDOW (dialog));
  g_settings_reset (settings, "wormhole-mailbox");
  g_settings_reset (settings, "player-name");
}

static char *
unreachable_mailbox (void)
{
  g_autoptr(GSocketListener) listener = g_socket_listener_new ();
  g_autoptr(GError) error = NULL;
  guint16 port;

  /* A port nobody listens on: taken, then given back. */
  port = g_socket_listener_add_any_inet_port (listener, NULL, &error);
  g_assert_no_error (error);
  g_socket_listener_close (listener);
  return g_strdup_printf ("ws://127.0.0.1:%u/v1", port);
}

static gboolean
is_entry_on_page (GtkWidget *widget,
                  gpointer   data,
                  gboolean  *prune)
{
  return GTK_IS_ENTRY (widget) && gtk_widget_get_mapped (widget);
}

/* With no name ever typed, the first game by a code asks for one (the
 * login's real name is not sent unasked), on either side, once; the
 * name given is remembered, and the game goes on as asked. */
static void
test_asks_name (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  g_autofree char *url = unreachable_mailbox ();
  g_autofree char *page = NULL;
  g_autofree char *name = NULL;
  TttCodeDialog *dialog;
  GtkWidget *entry;

  g_settings_set_string (settings, "wormhole-mailbox", url);
  g_settings_reset (settings, "player-name");

  /* Inviting: the name first, on the focus. */
  dialog = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialog));
  ttt_code_dialog_host (dialog);
  page = describe (dialog, "page");
  g_assert_cmpstr (page, ==, "name");
  entry = ttt_test_find_widget (GTK_WIDGET (dialog), is_entry_on_page, NULL);
  g_assert_nonnull (entry);
  g_assert_true (gtk_widget_is_ancestor (gtk_root_get_focus (GTK_ROOT (dialog)), entry));
  gtk_editable_set_text (GTK_EDITABLE (entry), "Cleo");
  g_signal_emit_by_name (ttt_test_find_widget (GTK_WIDGET (dialog), is_button, (gpointer) "_Continue"),
                         "clicked");
  name = g_settings_get_string (settings, "player-name");
  g_assert_cmpstr (name, ==, "Cleo");
  g_free (page);
  page = describe (dialog, "page");
  g_assert_cmpstr (page, !=, "name");
  ttt_net_wait (failed, dialog, GUARD_MS);
  /* Try Again does not ask again. */
  g_signal_emit_by_name (ttt_test_find_widget (GTK_WIDGET (dialog), is_button, (gpointer) "_Try Again"),
                         "clicked");
  g_free (page);
  page = describe (dialog, "page");
  g_assert_cmpstr (page, !=, "name");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Remembered: not asked again in the next window. */
  dialog = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialog));
  ttt_code_dialog_join (dialog, "7-guitarist-revenge");
  g_free (page);
  page = describe (dialog, "page");
  g_assert_cmpstr (page, ==, "connecting");
  gtk_window_destroy (GTK_WINDOW (dialog));

  /* Joining with no name: asked, then joined with the code typed. */
  g_settings_reset (settings, "player-name");
  dialog = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialog));
  ttt_code_dialog_join (dialog, "7-guitarist-revenge");
  g_free (page);
  page = describe (dialog, "page");
  g_assert_cmpstr (page, ==, "name");
  entry = ttt_test_find_widget (GTK_WIDGET (dialog), is_entry_on_page, NULL);
  gtk_editable_set_text (GTK_EDITABLE (entry), "Dan");
  g_signal_emit_by_name (ttt_test_find_widget (GTK_WIDGET (dialog), is_button, (gpointer) "_Continue"),
                         "clicked");
  g_free (name);
  name = g_settings_get_string (settings, "player-name");
  g_assert_cmpstr (name, ==, "Dan");
  g_free (page);
  page = describe (dialog, "page");
  g_assert_cmpstr (page, ==, "connecting");
  gtk_window_destroy (GTK_WINDOW (dialog));

  g_settings_reset (settings, "player-name");
  g_settings_reset (settings, "wormhole-mailbox");
}

/* A friend who types the number right and a word wrong: both sides are
 * told, in the game's sentence, and may try again. */
static void
test_wrong_code (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  const char *url;
  g_autofree char *code = NULL;
  g_autofree char *wrong = NULL;
  g_autofree char *guest_message = NULL;
  g_autofree char *host_page = NULL;
  TttCodeDialog *host;
  TttCodeDialog *guest;

  /* Skipped by the helper when the server is not installed. */
  if (mailbox == NULL)
    return;
  url = mailbox_server_get_url (mailbox);
  g_settings_set_string (settings, "wormhole-mailbox", url);
  g_settings_set_string (settings, "wormhole-relay", "");
  g_settings_set_string (settings, "player-name", "Ana");

  host = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (host));
  ttt_code_dialog_host (host);
  ttt_net_wait (shows_code, host, GUARD_MS);
  code = describe (host, "code");
  /* The nameplate and a word of another. */
  wrong = g_strdup_printf ("%.*s-aardvark-aardvark", (int) strcspn (code, "-"), code);
  g_assert_cmpstr (wrong, !=, code);

  guest = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (guest));
  ttt_code_dialog_join (guest, wrong);
  ttt_net_wait (failed, guest, GUARD_MS);
  ttt_net_wait (failed, host, GUARD_MS);
  guest_message = describe (guest, "message");
  g_assert_cmpstr (guest_message, ==,
                   "The code is wrong, or someone else tried it first. Ask your friend for a new code.");
  host_page = describe (host, "page");
  g_assert_cmpstr (host_page, ==, "failed");
  g_assert_nonnull (ttt_test_find_widget (GTK_WIDGET (host), is_button, (gpointer) "_Try Again"));

  /* Try Again on the guest's side: the entry, with the code to change. */
  g_signal_emit_by_name (ttt_test_find_widget (GTK_WIDGET (guest), is_button, (gpointer) "_Try Again"),
                         "clicked");
  g_free (guest_message);
  guest_message = describe (guest, "page");
  g_assert_cmpstr (guest_message, ==, "join");

  gtk_window_destroy (GTK_WINDOW (guest));
  gtk_window_destroy (GTK_WINDOW (host));
  g_settings_reset (settings, "wormhole-mailbox");
  g_settings_reset (settings, "wormhole-relay");
  g_settings_reset (settings, "player-name");
}

static gboolean
describes (TttCodeDialog *dialog,
           const char    *key)
{
  g_autoptr(GVariant) shown = ttt_code_dialog_describe (dialog);
  gboolean value = FALSE;

  g_variant_lookup (shown, key, "b", &value);
  return value;
}

typedef struct {
  TttCodeDialog *dialog;
  guint          n_shown;   /* times the notice came */
  gboolean       shown;
} Reconnecting;

static void
reconnecting_changed_cb (TttCodeDialog *dialog,
                         Reconnecting  *seen)
{
  gboolean shown = describes (dialog, "reconnecting");

  if (shown && !seen->shown)
    seen->n_shown++;
  seen->shown = shown;
}

static gboolean
notice_came (gpointer data)
{
  return ((Reconnecting *) data)->n_shown > 0;
}

static gboolean
notice_went (gpointer data)
{
  Reconnecting *seen = data;

  return seen->n_shown > 0 && !seen->shown;
}

static gboolean
is_shown_label (GtkWidget *widget,
                gpointer   data,
                gboolean  *prune)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), data) == 0;
}

/* The mailbox server restarts while the host shows its code: a notice
 * above the code says the connection broke and is made again, once, and
 * goes once it works again; the code and its page stay as they were. */
static void
test_reconnecting (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  const char *sentence = "The connection to the mailbox server broke. Connecting again…";
  g_autofree char *code = NULL;
  g_autofree char *now = NULL;
  Reconnecting seen = { 0 };
  TttCodeDialog *host;

  /* Skipped by the helper when the server is not installed. */
  if (mailbox == NULL)
    return;
  g_settings_set_string (settings, "wormhole-mailbox", mailbox_server_get_url (mailbox));
  g_settings_set_string (settings, "player-name", "Ana");

  host = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (host));
  ttt_code_dialog_host (host);
  ttt_net_wait (shows_code, host, GUARD_MS);
  code = describe (host, "code");
  g_assert_false (describes (host, "reconnecting"));
  g_assert_null (ttt_test_find_widget (GTK_WIDGET (host), is_shown_label, (gpointer) sentence));
  seen.dialog = host;
  g_signal_connect (host, "changed", G_CALLBACK (reconnecting_changed_cb), &seen);

  /* Down until the notice is seen: a server back at once could mend the
   * connection before the notice is drawn. */
  mailbox_server_kill (mailbox);
  ttt_net_wait (notice_came, &seen, GUARD_MS);
  ttt_test_wait_for_mapped (ttt_test_find_widget (GTK_WIDGET (host), is_code_label, (gpointer) sentence));
  g_assert_nonnull (ttt_test_find_widget (GTK_WIDGET (host), is_shown_label, (gpointer) sentence));
  now = describe (host, "page");
  g_assert_cmpstr (now, ==, "invite");

  mailbox_server_revive (mailbox);
  ttt_net_wait (notice_went, &seen, GUARD_MS);
  g_assert_cmpuint (seen.n_shown, ==, 1);
  g_assert_null (ttt_test_find_widget (GTK_WIDGET (host), is_shown_label, (gpointer) sentence));
  g_free (now);
  now = describe (host, "page");
  g_assert_cmpstr (now, ==, "invite");
  g_free (now);
  now = describe (host, "code");
  g_assert_cmpstr (now, ==, code);

  g_signal_handlers_disconnect_by_data (host, &seen);
  gtk_window_destroy (GTK_WINDOW (host));
  g_settings_reset (settings, "wormhole-mailbox");
  g_settings_reset (settings, "player-name");
}

static gboolean
both_named (gpointer data)
{
  TttCodeDialog **dialogs = data;
  g_autofree char *host_peer = describe (dialogs[0], "peer");
  g_autofree char *guest_peer = describe (dialogs[1], "peer");

  return (*host_peer != '\0' && *guest_peer != '\0') || failed (dialogs[0]) || failed (dialogs[1]);
}

/* Each side goes by the name remembered for network play (the one typed
 * for a game nearby), not by the login's: two people with one login
 * would both be "root". */
static void
test_names (void)
{
  g_autoptr(MailboxServer) mailbox = mailbox_server_start ();
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  g_autofree char *host_peer = NULL;
  g_autofree char *guest_peer = NULL;
  g_autofree char *code = NULL;
  TttCodeDialog *dialogs[2];

  if (mailbox == NULL)
    return;   /* failed by the helper */
  g_settings_set_string (settings, "wormhole-mailbox", mailbox_server_get_url (mailbox));
  g_settings_set_string (settings, "wormhole-relay", "");

  g_settings_set_string (settings, "player-name", "Ana");
  dialogs[0] = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialogs[0]));
  ttt_code_dialog_host (dialogs[0]);
  ttt_net_wait (shows_code, dialogs[0], GUARD_MS);
  code = describe (dialogs[0], "code");

  g_settings_set_string (settings, "player-name", "Ben");
  dialogs[1] = dialog_new (settings);
  gtk_window_present (GTK_WINDOW (dialogs[1]));
  ttt_code_dialog_join (dialogs[1], code);
  ttt_net_wait (both_named, dialogs, GUARD_MS);

  host_peer = describe (dialogs[0], "peer");
  guest_peer = describe (dialogs[1], "peer");
  g_assert_cmpstr (host_peer, ==, "Ben");
  g_assert_cmpstr (guest_peer, ==, "Ana");

  gtk_window_destroy (GTK_WINDOW (dialogs[1]));
  gtk_window_destroy (GTK_WINDOW (dialogs[0]));
  g_settings_reset (settings, "player-name");
  g_settings_reset (settings, "wormhole-mailbox");
  g_settings_reset (settings, "wormhole-relay");
}

static void
collect_stacks (GtkWidget *widget,
                GPtrArray *stacks)
{
  if (GTK_IS_STACK (widget))
    g_ptr_array_add (stacks, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_stacks (child, stacks);
}

/* No page of the window is named by its class: Orca said "GtkStackPage
 * panel" as the invitation opened. */
static void
test_no_class_names (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  TttCodeDialog *dialog = dialog_new (settings);
  g_autoptr(GPtrArray) stacks = g_ptr_array_new ();
  guint n_pages = 0;

  collect_stacks (GTK_WIDGET (dialog), stacks);
  g_assert_cmpuint (stacks->len, >, 0);
  for (guint i = 0; i < stacks->len; i++)
    {
      g_autoptr(GListModel) pages = G_LIST_MODEL (gtk_stack_get_pages (g_ptr_array_index (stacks, i)));

      for (guint j = 0; j < g_list_model_get_n_items (pages); j++)
        {
          g_autoptr(GObject) page = g_list_model_get_item (pages, j);

          if (gtk_stack_page_get_title (GTK_STACK_PAGE (page)) != NULL)
            continue;
          g_assert_true (gtk_test_accessible_has_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL));
          gtk_test_accessible_assert_property (GTK_ACCESSIBLE (page), GTK_ACCESSIBLE_PROPERTY_LABEL, "");
          n_pages++;
        }
    }
  g_assert_cmpuint (n_pages, >, 0);
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* The dialog's content 360 px wide, its page as tall as it needs. */
static void
assert_fits (TttCodeDialog *dialog,
             const char    *language,
             const char    *where)
{
  GtkWidget *content = adw_window_get_content (ADW_WINDOW (dialog));
  gint64 deadline = g_get_monotonic_time () + TTT_TEST_DEADLINE_US;
  int minimum;

  gtk_widget_measure (content, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, NULL, NULL, NULL);
  if (minimum > 360)
    g_error ("%s: %s needs %d px, more than 360", language, where, minimum);
  while (gtk_widget_get_width (content) != 360 && g_get_monotonic_time () < deadline)
    {
      /* GTK 4.8 can give the window its natural width when two resizes
       * come close together: asked back to 360 px, the page must still
       * fit (as test-net-window.c's pages). */
      if (gtk_widget_get_width (content) > 0)
        {
          int width, height;

          gtk_window_get_default_size (GTK_WINDOW (dialog), &width, &height);
          if (width <= 0)
            width = gtk_widget_get_width (GTK_WIDGET (dialog));
          width += 360 - gtk_widget_get_width (content);
          if (width >= 360)
            gtk_window_set_default_size (GTK_WINDOW (dialog), width, -1);
        }
      g_main_context_iteration (NULL, FALSE);
    }
  if (gtk_widget_get_width (content) != 360)
    g_error ("%s: %s is %d px wide, not 360 (it needs %d)", language, where,
             gtk_widget_get_width (content), minimum);
  /* What was just shown is laid out in the next frame. */
  ttt_test_wait_for_frame (content);
  ttt_test_iterate ();
  ttt_test_assert_labels_whole (content);
  ttt_test_assert_words_whole (content);
}

static void
check_pages (const char *language,
             GSettings  *settings)
{
  TttCodeDialog *dialog = dialog_new (settings);
  GtkWidget *content = adw_window_get_content (ADW_WINDOW (dialog));
  GtkWidget *invite = ttt_test_find_widget (GTK_WIDGET (dialog), ttt_test_is_of_type,
                                            GSIZE_TO_POINTER (TTT_TYPE_CODE_INVITE));
  GtkWidget *notice = ttt_test_find_widget (GTK_WIDGET (dialog), is_code_label,
                                            (gpointer) _("The connection to the mailbox server broke. "
                                                         "Connecting again…"));
  int width, height;

  g_assert_nonnull (notice);

  gtk_window_present (GTK_WINDOW (dialog));
  ttt_test_wait_for_mapped (GTK_WIDGET (dialog));
  ttt_test_iterate ();
  gtk_window_get_default_size (GTK_WINDOW (dialog), &width, &height);
  gtk_window_set_default_size (GTK_WINDOW (dialog), width + 360 - gtk_widget_get_width (content), -1);

  ttt_code_dialog_join (dialog, NULL);
  assert_fits (dialog, language, "the entry");
  /* The longest words of both lists, and six suggestions. */
  ttt_code_dialog_join (dialog, "7-");
  assert_fits (dialog, language, "the entry with its error");
  ttt_code_entry_set_code (TTT_CODE_ENTRY (ttt_test_find_widget (GTK_WIDGET (dialog), ttt_test_is_of_type,
                                                                 GSIZE_TO_POINTER (TTT_TYPE_CODE_ENTRY))),
                           "255-co");
  assert_fits (dialog, language, "the entry with suggestions");

  /* The invitation as it shows the longest code. */
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (gtk_widget_get_parent (invite))),
                               gtk_widget_get_parent (invite));
  ttt_code_invite_set_code (TTT_CODE_INVITE (invite), "255-stethoscope-christmas");
  assert_fits (dialog, language, "the invitation");
  /* And the notice above it while the connection is made again. */
  gtk_widget_set_visible (notice, TRUE);
  assert_fits (dialog, language, "the invitation, reconnecting");
  gtk_widget_set_visible (notice, FALSE);
  ttt_code_invite_set_code (TTT_CODE_INVITE (invite), NULL);
  assert_fits (dialog, language, "the invitation, getting a code");
  gtk_window_destroy (GTK_WINDOW (dialog));
}

/* 360 px with large text (120 dpi), in English and every language. */
static void
test_pages_fit (void)
{
  g_autoptr(GSettings) settings = g_settings_new ("io.github.jingzi.TicTacToe");
  g_autofree char *text = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) lines = NULL;
  int dpi;

  g_object_get (gtk_settings_get_default (), "gtk-xft-dpi", &dpi, NULL);
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", 120 * 1024, NULL);
  check_pages ("en", settings);
  if (!g_file_get_contents (g_test_get_filename (G_TEST_DIST, "..", "po", "LINGUAS", NULL), &text, NULL, &error))
    g_error ("%s", error->message);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_strstrip (lines[i]);
      if (lines[i][0] == '\0' || lines[i][0] == '#')
        continue;
      ttt_test_use_language (lines[i]);
      /* Not English by accident. */
      g_assert_cmpstr (_("Play Over the Internet"), !=, "Play Over the Internet");
      check_pages (lines[i], settings);
    }
  ttt_test_use_language (NULL);
  g_object_set (gtk_settings_get_default (), "gtk-xft-dpi", dpi, NULL);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *localedir = NULL;

  ttt_test_init (&argc, &argv);
  /* gettext follows LANGUAGE in a real locale only (gtk_test_init()
   * chose C). */
  ttt_test_use_translating_locale ();
  localedir = g_test_build_filename (G_TEST_BUILT, "..", "po", NULL);
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_add_func ("/code/entry/completes", test_entry_completes);
  g_test_add_func ("/code/entry/keyboard", test_entry_keyboard);
  g_test_add_func ("/code/invite", test_invite);
  g_test_add_func ("/code/settings-defaults", test_settings_defaults);
  g_test_add_func ("/code/mailbox-unreachable", test_mailbox_unreachable);
  g_test_add_func ("/code/wrong-code", test_wrong_code);
  g_test_add_func ("/code/reconnecting", test_reconnecting);
  g_test_add_func ("/code/asks-name", test_asks_name);
  g_test_add_func ("/code/names", test_names);
  g_test_add_func ("/code/no-class-names", test_no_class_names);
  g_test_add_func ("/code/pages-fit", test_pages_fit);

  return g_test_run ();
}
