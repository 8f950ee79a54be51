/* ttt-avahi-publisher.c — this host's game, published through Avahi
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Server.EntryGroupNew gives a group, EntryGroup.AddService and Commit
 * publish it, EntryGroup.StateChanged says whether the name was free; a
 * name taken is numbered and tried again.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-avahi.h"
#include "ttt-avahi-publisher.h"
#include "ttt-discovered-game.h"
#include "ttt-protocol.h"

struct _TttAvahiPublisher
{
  const TttAvahiPublisherEvents *events;
  gpointer                       user_data;

  GDBusConnection               *bus;
  GCancellable                  *cancellable;
  gboolean                       wanted;
  char                          *player_name;
  char                          *service_name;
  char                          *game;
  guint                          port;
  guint                          renames;
  char                          *group_path;
  gboolean                       group_pending;
  guint                          group_state_id;
};

enum {
  GROUP_UNCOMMITED,
  GROUP_REGISTERING,
  GROUP_ESTABLISHED,
  GROUP_COLLISION,
  GROUP_FAILURE,
};

/* Names taken by others get " (2)", " (3)"…; after this many, give up. */
#define MAX_RENAMES 12

/* One TXT string holds at most 255 bytes. */
#define TXT_MAX 255

/* The longest service name Avahi takes, in bytes (a DNS label). */
#define SERVICE_NAME_MAX 63

/* The game's name on the network: the player's, cut at a character where
 * it is too long for a DNS label, numbered after a collision ("Ana (2)"). */
static char *
make_service_name (const char *player_name,
                   guint       number)
{
  g_autofree char *suffix_only = NULL;
  g_autoptr(GString) base = g_string_new (NULL);
  gsize room = SERVICE_NAME_MAX;
  const char *p;

  if (number > 1)
    {
      /* Translators: a game's name on the network when the player's name
       * alone is taken: "Ana (2)". */
      suffix_only = g_strdup_printf (_("%s (%u)"), "", number);
      room -= MIN (strlen (suffix_only), room);
    }
  for (p = player_name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gsize length = g_utf8_next_char (p) - p;

      if (base->len + length > room)
        break;
      g_string_append_len (base, p, length);
    }
  if (number > 1)
    return g_strdup_printf (_("%s (%u)"), base->str, number);
  return g_string_free (g_steal_pointer (&base), FALSE);
}

static GVariant *
make_txt (TttAvahiPublisher *self)
{
  GVariantBuilder builder;
  g_autofree char *version = g_strdup_printf ("v=%u", TTT_PROTOCOL_VERSION);
  g_autofree char *game = g_strdup_printf ("game=%s", self->game);
  g_autoptr(GString) name = g_string_new ("name=");
  const char *p;
  const char *strings[3];

  /* A name too long for one TXT string is cut at a character. */
  for (p = self->player_name; *p != '\0'; p = g_utf8_next_char (p))
    {
      gsize length = g_utf8_next_char (p) - p;

      if (name->len + length > TXT_MAX)
        break;
      g_string_append_len (name, p, length);
    }

  strings[0] = version;
  strings[1] = name->str;
  strings[2] = game;
  g_variant_builder_init (&builder, G_VARIANT_TYPE ("aay"));
  for (guint i = 0; i < G_N_ELEMENTS (strings); i++)
    g_variant_builder_add_value (&builder,
                                 g_variant_new_fixed_array (G_VARIANT_TYPE_BYTE, strings[i],
                                                            strlen (strings[i]), 1));
  return g_variant_builder_end (&builder);
}

static void
commit_cb (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  TttAvahiPublisher *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL && !g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    self->events->failed (error, self->user_data);
}

static void
add_service_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  TttAvahiPublisher *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        self->events->failed (error, self->user_data);
      return;
    }
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Commit",
                          NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                          commit_cb, self);
}

static void
add_service (TttAvahiPublisher *self)
{
  g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "AddService",
                          g_variant_new ("(iiussssq@aay)", AVAHI_IF_UNSPEC, AVAHI_PROTO_UNSPEC, 0u,
                                         self->service_name, TTT_DISCOVERY_SERVICE_TYPE, "", "",
                                         (guint16) self->port, make_txt (self)),
                          NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                          add_service_cb, self);
}

static void
reset_cb (GObject      *source,
          GAsyncResult *result,
          gpointer      user_data)
{
  TttAvahiPublisher *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL)
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        self->events->failed (error, self->user_data);
      return;
    }
  add_service (self);
}

static void
group_state_cb (GDBusConnection *bus,
                const char      *sender,
                const char      *path,
                const char      *interface,
                const char      *signal,
                GVariant        *parameters,
                gpointer         user_data)
{
  TttAvahiPublisher *self = user_data;
  const char *message = NULL;
  int state = 0;

  if (g_strcmp0 (path, self->group_path) != 0
      || !g_variant_is_of_type (parameters, G_VARIANT_TYPE ("(is)")))
    return;
  g_variant_get (parameters, "(i&s)", &state, &message);

  switch (state)
    {
    case GROUP_ESTABLISHED:
      self->events->published (self->service_name, self->user_data);
      break;

    case GROUP_COLLISION:
      if (++self->renames > MAX_RENAMES)
        {
          g_autoptr(GError) error = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_FAILED,
                                                         _("every name for this game is taken"));

          self->events->failed (error, self->user_data);
          return;
        }
      g_free (self->service_name);
      self->service_name = make_service_name (self->player_name, self->renames + 1);
      g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Reset",
                              NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                              reset_cb, self);
      break;

    case GROUP_FAILURE:
      {
        g_autoptr(GError) error = g_error_new_literal (G_DBUS_ERROR, G_DBUS_ERROR_FAILED,
                                                       message != NULL && message[0] != '\0'
                                                       ? message : "failure");

        self->events->failed (error, self->user_data);
      }
      break;

    default:
      break;
    }
}

static void
entry_group_new_cb (GObject      *source,
                    GAsyncResult *result,
                    gpointer      user_data)
{
  TttAvahiPublisher *self = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(GVariant) reply = g_dbus_connection_call_finish (G_DBUS_CONNECTION (source), result, &error);

  if (reply == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    return;
  self->group_pending = FALSE;
  if (reply == NULL)
    {
      self->events->failed (error, self->user_data);
      return;
    }
  if (!self->wanted)
    {
      /* Unpublished while the group was being made. */
      const char *path;

      g_variant_get (reply, "(&o)", &path);
      ttt_avahi_call_and_forget (self->bus, path, AVAHI_ENTRY_GROUP, "Free");
      return;
    }
  self->events->working (self->user_data);
  g_variant_get (reply, "(o)", &self->group_path);
  /* StateChanged comes only after Commit, so subscribing now is early
   * enough. */
  self->group_state_id =
    g_dbus_connection_signal_subscribe (self->bus, NULL, AVAHI_ENTRY_GROUP, "StateChanged",
                                        self->group_path, NULL, G_DBUS_SIGNAL_FLAGS_NONE,
                                        group_state_cb, self, NULL);
  add_service (self);
}

static void
start (TttAvahiPublisher *self)
{
  if (self->bus == NULL || !self->wanted)
    return;
  if (self->group_path != NULL)
    {
      g_dbus_connection_call (self->bus, AVAHI_NAME, self->group_path, AVAHI_ENTRY_GROUP, "Reset",
                              NULL, NULL, G_DBUS_CALL_FLAGS_NO_AUTO_START, -1, self->cancellable,
                              reset_cb, self);
      return;
    }
  if (self->group_pending)
    return;
  self->group_pending = TRUE;
  g_dbus_connection_call (self->bus, AVAHI_NAME, "/", AVAHI_SERVER, "EntryGroupNew",
                          NULL, G_VARIANT_TYPE ("(o)"), G_DBUS_CALL_FLAGS_NO_AUTO_START, -1,
                          self->cancellable, entry_group_new_cb, self);
}

void
ttt_avahi_publisher_publish (TttAvahiPublisher *self,
                             const char        *player_name,
                             const char        *game,
                             guint              port)
{
  /* The same name as the hello's, whatever was typed. */
  g_free (self->player_name);
  self->player_name = ttt_protocol_sanitize_name (player_name);
  g_free (self->service_name);
  self->service_name = make_service_name (self->player_name, 1);
  self->renames = 0;
  g_free (self->game);
  self->game = g_strdup (game);
  self->port = port;
  self->wanted = TRUE;
  start (self);
}

static void
free_group (TttAvahiPublisher *self)
{
  if (self->bus != NULL && self->group_state_id != 0)
    g_dbus_connection_signal_unsubscribe (self->bus, self->group_state_id);
  self->group_state_id = 0;
  if (self->bus != NULL && self->group_path != NULL)
    ttt_avahi_call_and_forget (self->bus, self->group_path, AVAHI_ENTRY_GROUP, "Free");
  g_clear_pointer (&self->group_path, g_free);
}

void
ttt_avahi_publisher_unpublish (TttAvahiPublisher *self)
{
  self->wanted = FALSE;
  free_group (self);
}

void
ttt_avahi_publisher_set_bus (TttAvahiPublisher *self,
                             GDBusConnection   *bus)
{
  g_return_if_fail (self->bus == NULL);

  self->bus = g_object_ref (bus);
  start (self);
}

TttAvahiPublisher *
ttt_avahi_publisher_new (const TttAvahiPublisherEvents *events,
                         gpointer                       user_data)
{
  TttAvahiPublisher *self = g_new0 (TttAvahiPublisher, 1);

  self->events = events;
  self->user_data = user_data;
  self->cancellable = g_cancellable_new ();
  return self;
}

void
ttt_avahi_publisher_free (TttAvahiPublisher *self)
{
  if (self == NULL)
    return;
  /* Every call under way returns at its cancellation without looking at
   * self, which is gone then. */
  g_cancellable_cancel (self->cancellable);
  free_group (self);
  g_clear_object (&self->cancellable);
  g_clear_object (&self->bus);
  g_free (self->player_name);
  g_free (self->service_name);
  g_free (self->game);
  g_free (self);
}
