/* ttt-wormhole-mailbox-message.c — parsing and writing a mailbox server's messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The checks come in the order the dangers do: the length and the bytes
 * before json-glib sees them, the raw shape (no second value, no repeated
 * member, no deep nesting) by the game's own protocol's check, then each
 * member the type needs. A server is not one of our programs, so members
 * we do not read are let through, as its protocol asks of clients; the
 * ones we read are checked as strictly as the game's own.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-protocol-shape.h"
#include "ttt-wormhole-mailbox-message.h"

/* The order is that of TttMailboxMessageType. */
static const char *const type_names[TTT_N_MAILBOX_MESSAGE_TYPES] = {
  NULL,
  "welcome",
  "ack",
  "pong",
  "nameplates",
  "allocated",
  "claimed",
  "released",
  "message",
  "closed",
  "error",
};

const char *
ttt_mailbox_message_type_to_string (TttMailboxMessageType type)
{
  g_return_val_if_fail ((guint) type < TTT_N_MAILBOX_MESSAGE_TYPES, NULL);

  return type_names[type];
}

TttMailboxMessage *
ttt_mailbox_message_new (TttMailboxMessageType type)
{
  TttMailboxMessage *message;

  g_return_val_if_fail ((guint) type < TTT_N_MAILBOX_MESSAGE_TYPES, NULL);

  message = g_new0 (TttMailboxMessage, 1);
  message->type = type;
  message->type_name = g_strdup (type_names[type]);
  return message;
}

void
ttt_mailbox_message_free (TttMailboxMessage *message)
{
  if (message == NULL)
    return;
  g_free (message->type_name);
  g_free (message->motd);
  g_free (message->welcome_error);
  g_free (message->nameplate);
  g_free (message->mailbox);
  g_free (message->side);
  g_free (message->phase);
  g_free (message->body);
  g_free (message->id);
  g_free (message->error);
  g_free (message->orig_type);
  g_free (message);
}

gboolean
ttt_mailbox_message_equal (const TttMailboxMessage *a,
                           const TttMailboxMessage *b)
{
  return a->type == b->type
         && g_strcmp0 (a->type_name, b->type_name) == 0
         && g_strcmp0 (a->motd, b->motd) == 0
         && g_strcmp0 (a->welcome_error, b->welcome_error) == 0
         && g_strcmp0 (a->nameplate, b->nameplate) == 0
         && g_strcmp0 (a->mailbox, b->mailbox) == 0
         && g_strcmp0 (a->side, b->side) == 0
         && g_strcmp0 (a->phase, b->phase) == 0
         && g_strcmp0 (a->body, b->body) == 0
         && g_strcmp0 (a->id, b->id) == 0
         && g_strcmp0 (a->error, b->error) == 0
         && g_strcmp0 (a->orig_type, b->orig_type) == 0;
}

/* Checks of values */

gboolean
ttt_mailbox_name_check (const char *name)
{
  gsize length = 0;

  if (name == NULL)
    return FALSE;
  for (const char *p = name; *p != '\0'; p++, length++)
    if (length >= TTT_MAILBOX_MAX_NAME || !g_ascii_isgraph (*p))
      return FALSE;
  return length > 0;
}

static gboolean
nameplate_check (const char *nameplate)
{
  gsize length = 0;

  for (const char *p = nameplate; *p != '\0'; p++, length++)
    if (length >= TTT_MAILBOX_MAX_NAMEPLATE || !g_ascii_isdigit (*p))
      return FALSE;
  return length > 0;
}

/* Lower-cases @hex in place; FALSE if it is not an even number of hex
 * digits. */
static gboolean
hex_check (char *hex)
{
  gsize length = 0;

  for (char *p = hex; *p != '\0'; p++, length++)
    {
      if (!g_ascii_isxdigit (*p))
        return FALSE;
      *p = g_ascii_tolower (*p);
    }
  return length % 2 == 0;
}

/* What a person may be shown of the server's words: at most
 * TTT_MAILBOX_MAX_TEXT characters, the last an ellipsis when cut, control
 * characters as spaces. json-glib may make a lone surrogate of an escape,
 * so the text is made valid UTF-8 first. Cutting what was cut changes
 * nothing, so a message written back parses the same. */
static char *
text_for_people (const char *text)
{
  g_autofree char *valid = g_utf8_make_valid (text, -1);
  GString *out = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p), n++)
    {
      gunichar c = g_utf8_get_char (p);
      const char *next = g_utf8_next_char (p);

      if (n == TTT_MAILBOX_MAX_TEXT - 1 && *next != '\0')
        {
          g_string_append_unichar (out, 0x2026);
          break;
        }
      if (g_unichar_iscntrl (c) || c == 0x2028 || c == 0x2029)
        g_string_append_c (out, ' ');
      else
        g_string_append_unichar (out, c);
    }
  return g_string_free (out, FALSE);
}

/* Parsing */

static void set_protocol_error (GError    **error,
                                const char *format,
                                ...) G_GNUC_PRINTF (2, 3);

static void
set_protocol_error (GError    **error,
                    const char *format,
                    ...)
{
  va_list args;
  char *text;

  va_start (args, format);
  text = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL, text);
  g_free (text);
}

/* The string member @name of @object: required or not, and NULL with an
 * error if it is there and not a string (JSON null counts as absent where
 * it is not required). */
static gboolean
get_string (JsonObject  *object,
            const char  *type,
            const char  *name,
            gboolean     required,
            char       **out,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, name);

  if (node == NULL || (!required && JSON_NODE_HOLDS_NULL (node)))
    {
      if (required)
        {
          set_protocol_error (error, _("The mailbox server sent a “%s” message without its “%s”."),
                              type, name);
          return FALSE;
        }
      return TRUE;
    }
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      set_protocol_error (error, _("The mailbox server sent a “%s” message whose “%s” is not text."),
                          type, name);
      return FALSE;
    }
  *out = g_strdup (json_node_get_string (node));
  return TRUE;
}

static gboolean
check_name (const char  *value,
            const char  *type,
            const char  *name,
            GError     **error)
{
  if (value == NULL || ttt_mailbox_name_check (value))
    return TRUE;
  set_protocol_error (error, _("The mailbox server sent a “%s” message whose “%s” cannot be one."),
                      type, name);
  return FALSE;
}

static gboolean
parse_welcome (JsonObject         *root,
               TttMailboxMessage  *message,
               GError            **error)
{
  JsonNode *node = json_object_get_member (root, "welcome");
  JsonObject *welcome;
  g_autofree char *motd = NULL;
  g_autofree char *welcome_error = NULL;

  if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
    {
      set_protocol_error (error, _("The mailbox server’s welcome is not one."));
      return FALSE;
    }
  welcome = json_node_get_object (node);
  if (!get_string (welcome, "welcome", "motd", FALSE, &motd, error)
      || !get_string (welcome, "welcome", "error", FALSE, &welcome_error, error))
    return FALSE;
  if (motd != NULL)
    message->motd = text_for_people (motd);
  if (welcome_error != NULL)
    message->welcome_error = text_for_people (welcome_error);
  return TRUE;
}

static gboolean
parse_members (JsonObject         *root,
               TttMailboxMessage  *message,
               GError            **error)
{
  const char *type = message->type_name;

  switch (message->type)
    {
    case TTT_MAILBOX_MESSAGE_WELCOME:
      return parse_welcome (root, message, error);

    case TTT_MAILBOX_MESSAGE_ACK:
      return get_string (root, type, "id", FALSE, &message->id, error)
             && check_name (message->id, type, "id", error);

    case TTT_MAILBOX_MESSAGE_ALLOCATED:
      if (!get_string (root, type, "nameplate", TRUE, &message->nameplate, error))
        return FALSE;
      if (!nameplate_check (message->nameplate))
        {
          set_protocol_error (error, _("The mailbox server allocated a nameplate that cannot be one."));
          return FALSE;
        }
      return TRUE;

    case TTT_MAILBOX_MESSAGE_CLAIMED:
      return get_string (root, type, "mailbox", TRUE, &message->mailbox, error)
             && check_name (message->mailbox, type, "mailbox", error);

    case TTT_MAILBOX_MESSAGE_MESSAGE:
      if (!get_string (root, type, "side", TRUE, &message->side, error)
          || !check_name (message->side, type, "side", error)
          || !get_string (root, type, "phase", TRUE, &message->phase, error)
          || !check_name (message->phase, type, "phase", error)
          || !get_string (root, type, "body", TRUE, &message->body, error)
          || !get_string (root, type, "id", FALSE, &message->id, error)
          || !check_name (message->id, type, "id", error))
        return FALSE;
      if (!hex_check (message->body))
        {
          set_protocol_error (error, _("The mailbox server sent a message whose body is not hexadecimal."));
          return FALSE;
        }
      return TRUE;

    case TTT_MAILBOX_MESSAGE_ERROR:
      {
        g_autofree char *text = NULL;
        JsonNode *orig;

        if (!get_string (root, type, "error", TRUE, &text, error))
          return FALSE;
        message->error = text_for_people (text);
        orig = json_object_get_member (root, "orig");
        if (orig != NULL && JSON_NODE_HOLDS_OBJECT (orig))
          {
            /* What we sent, echoed: only its type is of use, and a
             * strange one is left out rather than refused. */
            g_autofree char *orig_type = NULL;

            if (get_string (json_node_get_object (orig), type, "type", FALSE, &orig_type, NULL)
                && orig_type != NULL && ttt_mailbox_name_check (orig_type))
              message->orig_type = g_steal_pointer (&orig_type);
          }
        return TRUE;
      }

    case TTT_MAILBOX_MESSAGE_PONG:
    case TTT_MAILBOX_MESSAGE_NAMEPLATES:
    case TTT_MAILBOX_MESSAGE_RELEASED:
    case TTT_MAILBOX_MESSAGE_CLOSED:
    case TTT_MAILBOX_MESSAGE_UNKNOWN:
    case TTT_N_MAILBOX_MESSAGE_TYPES:
    default:
      return TRUE;
    }
}

TttMailboxMessage *
ttt_mailbox_message_parse (const char  *text,
                           gssize       length,
                           GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) shape_error = NULL;
  g_autoptr(TttMailboxMessage) message = NULL;
  g_autofree char *type = NULL;
  JsonNode *root;
  JsonObject *object;

  g_return_val_if_fail (text != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (text);
  if ((gsize) length > TTT_MAILBOX_MAX_MESSAGE)
    {
      set_protocol_error (error, _("The mailbox server sent a message longer than %d bytes."),
                          TTT_MAILBOX_MAX_MESSAGE);
      return NULL;
    }
  if (length == 0 || memchr (text, '\0', length) != NULL || !g_utf8_validate_len (text, length, NULL))
    {
      set_protocol_error (error, _("The mailbox server sent a message that is not text."));
      return NULL;
    }
  if (!ttt_protocol_check_shape (text, length, &shape_error))
    {
      set_protocol_error (error, _("The mailbox server sent a message that is not one JSON object."));
      return NULL;
    }

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, text, length, NULL))
    {
      set_protocol_error (error, _("The mailbox server sent a message that is not JSON."));
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      set_protocol_error (error, _("The mailbox server sent a message that is not one JSON object."));
      return NULL;
    }
  object = json_node_get_object (root);

  if (!get_string (object, "?", "type", TRUE, &type, NULL) || !ttt_mailbox_name_check (type))
    {
      set_protocol_error (error, _("The mailbox server sent a message without a type."));
      return NULL;
    }

  message = ttt_mailbox_message_new (TTT_MAILBOX_MESSAGE_UNKNOWN);
  for (guint i = 1; i < TTT_N_MAILBOX_MESSAGE_TYPES; i++)
    if (strcmp (type, type_names[i]) == 0)
      message->type = i;
  g_free (message->type_name);
  message->type_name = g_steal_pointer (&type);

  if (!parse_members (object, message, error))
    return NULL;
  return g_steal_pointer (&message);
}

/* Writing */

static void
add_string (JsonBuilder *builder,
            const char  *name,
            const char  *value)
{
  if (value == NULL)
    return;
  json_builder_set_member_name (builder, name);
  json_builder_add_string_value (builder, value);
}

char *
ttt_mailbox_message_write (const TttMailboxMessage *message)
{
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonGenerator) generator = NULL;
  g_autoptr(JsonNode) root = NULL;

  g_return_val_if_fail (message != NULL, NULL);

  if (message->type == TTT_MAILBOX_MESSAGE_UNKNOWN || message->type >= TTT_N_MAILBOX_MESSAGE_TYPES)
    return NULL;

  builder = json_builder_new_immutable ();
  json_builder_begin_object (builder);
  add_string (builder, "type", type_names[message->type]);
  switch (message->type)
    {
    case TTT_MAILBOX_MESSAGE_WELCOME:
      json_builder_set_member_name (builder, "welcome");
      json_builder_begin_object (builder);
      add_string (builder, "motd", message->motd);
      add_string (builder, "error", message->welcome_error);
      json_builder_end_object (builder);
      break;
    case TTT_MAILBOX_MESSAGE_ERROR:
      add_string (builder, "error", message->error);
      if (message->orig_type != NULL)
        {
          json_builder_set_member_name (builder, "orig");
          json_builder_begin_object (builder);
          add_string (builder, "type", message->orig_type);
          json_builder_end_object (builder);
        }
      break;
    case TTT_MAILBOX_MESSAGE_UNKNOWN:
    case TTT_MAILBOX_MESSAGE_ACK:
    case TTT_MAILBOX_MESSAGE_PONG:
    case TTT_MAILBOX_MESSAGE_NAMEPLATES:
    case TTT_MAILBOX_MESSAGE_ALLOCATED:
    case TTT_MAILBOX_MESSAGE_CLAIMED:
    case TTT_MAILBOX_MESSAGE_RELEASED:
    case TTT_MAILBOX_MESSAGE_MESSAGE:
    case TTT_MAILBOX_MESSAGE_CLOSED:
    case TTT_N_MAILBOX_MESSAGE_TYPES:
    default:
      add_string (builder, "nameplate", message->nameplate);
      add_string (builder, "mailbox", message->mailbox);
      add_string (builder, "side", message->side);
      add_string (builder, "phase", message->phase);
      add_string (builder, "body", message->body);
      add_string (builder, "id", message->id);
      break;
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  generator = json_generator_new ();
  json_generator_set_root (generator, root);
  return json_generator_to_data (generator, NULL);
}
