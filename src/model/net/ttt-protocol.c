/* ttt-protocol.c — parsing and writing the network messages
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The parser is the one place where bytes from another computer become
 * values, so it checks everything before json-glib sees the text (length,
 * UTF-8, no NUL) and everything json-glib hands back (the exact members of
 * each type, their JSON types, their ranges). The raw line's shape is
 * checked by ttt-protocol-shape.c and a name by ttt-protocol-names.c.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "ttt-protocol.h"
#include "ttt-protocol-shape.h"

G_DEFINE_QUARK (ttt-protocol-error-quark, ttt_protocol_error)

G_DEFINE_BOXED_TYPE (TttMessage, ttt_message, ttt_message_copy, ttt_message_free)

/* The names on the wire; the order is that of TttMessageType. */
static const char *const type_names[TTT_N_MESSAGE_TYPES] = {
  "hello",
  "move",
  "resign",
  "rematch-offer",
  "rematch-accept",
  "undo-request",
  "undo-answer",
  "keep-alive",
  "goodbye",
  "code-confirmed",
};

/* The members each type has beside "type" and "seq", all of them required. */
static const char *const hello_members[] = { "version", "app", "name", "game", "x", NULL };
static const char *const move_members[] = { "cell", NULL };
static const char *const undo_answer_members[] = { "accepted", NULL };
static const char *const no_members[] = { NULL };

static const char *const *
members_of (TttMessageType type)
{
  switch (type)
    {
    case TTT_MESSAGE_HELLO:
      return hello_members;
    case TTT_MESSAGE_MOVE:
      return move_members;
    case TTT_MESSAGE_UNDO_ANSWER:
      return undo_answer_members;
    case TTT_MESSAGE_RESIGN:
    case TTT_MESSAGE_REMATCH_OFFER:
    case TTT_MESSAGE_REMATCH_ACCEPT:
    case TTT_MESSAGE_UNDO_REQUEST:
    case TTT_MESSAGE_KEEP_ALIVE:
    case TTT_MESSAGE_GOODBYE:
    case TTT_MESSAGE_CODE_CONFIRMED:
    case TTT_N_MESSAGE_TYPES:
    default:
      return no_members;
    }
}

const char *
ttt_message_type_to_string (TttMessageType type)
{
  g_return_val_if_fail ((guint) type < TTT_N_MESSAGE_TYPES, NULL);

  return type_names[type];
}

/* Whether @game is a well-formed game id (see TTT_NET_GAME_MAX_CHARS). */
gboolean
ttt_net_game_check (const char *game)
{
  gsize length = 0;

  if (game == NULL)
    return FALSE;
  for (const char *p = game; *p != '\0'; p++, length++)
    if (length >= TTT_NET_GAME_MAX_CHARS ||
        !(g_ascii_islower (*p) || g_ascii_isdigit (*p) || *p == '-'))
      return FALSE;

  return length > 0;
}

/* Messages */

TttMessage *
ttt_message_new (TttMessageType type)
{
  TttMessage *message;

  g_return_val_if_fail ((guint) type < TTT_N_MESSAGE_TYPES, NULL);

  message = g_new0 (TttMessage, 1);
  message->type = type;
  if (type == TTT_MESSAGE_HELLO)
    message->version = TTT_PROTOCOL_VERSION;
  return message;
}

TttMessage *
ttt_message_new_hello (const char  *app_version,
                       const char  *name,
                       const char  *game,
                       TttNetFirst  x_player)
{
  TttMessage *message;

  g_return_val_if_fail (app_version != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);
  g_return_val_if_fail (game != NULL, NULL);

  message = ttt_message_new (TTT_MESSAGE_HELLO);
  message->app_version = g_strdup (app_version);
  message->name = g_strdup (name);
  message->game = g_strdup (game);
  message->x_player = x_player;
  return message;
}

TttMessage *
ttt_message_new_move (guint cell)
{
  TttMessage *message = ttt_message_new (TTT_MESSAGE_MOVE);

  message->cell = cell;
  return message;
}

TttMessage *
ttt_message_new_undo_answer (gboolean accepted)
{
  TttMessage *message = ttt_message_new (TTT_MESSAGE_UNDO_ANSWER);

  message->accepted = !!accepted;
  return message;
}

TttMessage *
ttt_message_copy (const TttMessage *message)
{
  TttMessage *copy;

  g_return_val_if_fail (message != NULL, NULL);

  copy = g_memdup2 (message, sizeof *message);
  copy->app_version = g_strdup (message->app_version);
  copy->name = g_strdup (message->name);
  copy->game = g_strdup (message->game);
  return copy;
}

void
ttt_message_free (TttMessage *message)
{
  if (message == NULL)
    return;
  g_free (message->app_version);
  g_free (message->name);
  g_free (message->game);
  g_free (message);
}

/* Checks */

/* Versions are short and plain: digits, letters, dots, plus, minus, tilde. */
static gboolean
check_app_version (const char  *version,
                   GError     **error)
{
  size_t length = strlen (version);
  size_t i;

  if (length == 0 || length > TTT_PROTOCOL_MAX_APP_VERSION)
    goto bad;
  for (i = 0; i < length; i++)
    if (!g_ascii_isalnum (version[i]) && strchr (".+-~", version[i]) == NULL)
      goto bad;
  return TRUE;

bad:
  g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
               _("The field “%s” is out of range"), "app");
  return FALSE;
}

static gboolean
check_version (guint    version,
               GError **error)
{
  if (version < TTT_PROTOCOL_VERSION)
    g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_VERSION,
                 _("The other side has an older version of Tic-Tac-Toe (network protocol %u, this one speaks %u). Both players need the same version."),
                 version, TTT_PROTOCOL_VERSION);
  else if (version > TTT_PROTOCOL_VERSION)
    g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_VERSION,
                 _("The other side has a newer version of Tic-Tac-Toe (network protocol %u, this one speaks %u). Both players need the same version."),
                 version, TTT_PROTOCOL_VERSION);
  else
    return TRUE;
  return FALSE;
}

static gboolean
check_message (const TttMessage  *message,
               GError           **error)
{
  if ((guint) message->type >= TTT_N_MESSAGE_TYPES)
    {
      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_UNKNOWN_TYPE,
                   _("Unknown message type “%s”"), "?");
      return FALSE;
    }
  if (message->seq == 0 || message->seq > (guint64) G_MAXINT64)
    {
      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                   _("The field “%s” is out of range"), "seq");
      return FALSE;
    }

  switch (message->type)
    {
    case TTT_MESSAGE_HELLO:
      if (!check_version (message->version, error))
        return FALSE;
      if (message->app_version == NULL || !check_app_version (message->app_version, error))
        {
          if (error != NULL && *error == NULL)
            g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MISSING_FIELD,
                         _("A message has no “%s” field"), "app");
          return FALSE;
        }
      if (!ttt_protocol_check_name (message->name, error))
        return FALSE;
      if (!ttt_net_game_check (message->game))
        {
          g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                       _("The field “%s” is out of range"), "game");
          return FALSE;
        }
      if ((guint) message->x_player > TTT_NET_X_GUEST)
        {
          g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                       _("The field “%s” is out of range"), "x");
          return FALSE;
        }
      break;

    case TTT_MESSAGE_MOVE:
      /* Which of the cells the game allows is the game's to check; 0–80
       * covers every game. */
      if (message->cell >= TTT_NET_MAX_CELLS)
        {
          g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                       _("The field “%s” is out of range"), "cell");
          return FALSE;
        }
      break;

    case TTT_MESSAGE_RESIGN:
    case TTT_MESSAGE_REMATCH_OFFER:
    case TTT_MESSAGE_REMATCH_ACCEPT:
    case TTT_MESSAGE_UNDO_REQUEST:
    case TTT_MESSAGE_UNDO_ANSWER:
    case TTT_MESSAGE_KEEP_ALIVE:
    case TTT_MESSAGE_GOODBYE:
    case TTT_MESSAGE_CODE_CONFIRMED:
    case TTT_N_MESSAGE_TYPES:
    default:
      break;
    }
  return TRUE;
}

/* Parsing */

static void
set_wrong_type (GError     **error,
                const char  *member)
{
  g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_WRONG_TYPE,
               _("The field “%s” has the wrong type"), member);
}

static JsonNode *
get_member (JsonObject  *object,
            const char  *member,
            GError     **error)
{
  JsonNode *node = json_object_get_member (object, member);

  if (node == NULL)
    g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MISSING_FIELD,
                 _("A message has no “%s” field"), member);
  return node;
}

/* A JSON integer (not a fraction, not a string of digits) from 0 to @max. */
static gboolean
get_uint (JsonObject  *object,
          const char  *member,
          guint64      max,
          guint64     *value,
          GError     **error)
{
  JsonNode *node = get_member (object, member, error);
  gint64 number;

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_INT64)
    {
      set_wrong_type (error, member);
      return FALSE;
    }
  number = json_node_get_int (node);
  if (number < 0 || (guint64) number > max)
    {
      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                   _("The field “%s” is out of range"), member);
      return FALSE;
    }
  *value = (guint64) number;
  return TRUE;
}

static const char *
get_string (JsonObject  *object,
            const char  *member,
            GError     **error)
{
  JsonNode *node = get_member (object, member, error);

  if (node == NULL)
    return NULL;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_STRING)
    {
      set_wrong_type (error, member);
      return NULL;
    }
  return json_node_get_string (node);
}

static gboolean
get_boolean (JsonObject  *object,
             const char  *member,
             gboolean    *value,
             GError     **error)
{
  JsonNode *node = get_member (object, member, error);

  if (node == NULL)
    return FALSE;
  if (!JSON_NODE_HOLDS_VALUE (node) || json_node_get_value_type (node) != G_TYPE_BOOLEAN)
    {
      set_wrong_type (error, member);
      return FALSE;
    }
  *value = json_node_get_boolean (node);
  return TRUE;
}

static gboolean
check_members (JsonObject      *object,
               TttMessageType   type,
               GError         **error)
{
  const char *const *allowed = members_of (type);
  JsonObjectIter iter;
  const char *member;
  JsonNode *node;

  g_return_val_if_fail ((guint) type < TTT_N_MESSAGE_TYPES, FALSE);

  json_object_iter_init (&iter, object);
  while (json_object_iter_next (&iter, &member, &node))
    {
      if (g_str_equal (member, "type") || g_str_equal (member, "seq")
          || g_strv_contains (allowed, member))
        continue;
      /* The name is the peer's text: shown only when it is short and plain,
       * so that an error message cannot carry a page of garbage. */
      if (strlen (member) <= 32 && g_str_is_ascii (member))
        {
          g_autofree char *shown = g_strescape (member, NULL);

          g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_UNKNOWN_FIELD,
                       _("A “%s” message has an unknown field “%s”"),
                       type_names[type], shown);
        }
      else
        g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_UNKNOWN_FIELD,
                     _("A “%s” message has an unknown field"), type_names[type]);
      return FALSE;
    }
  return TRUE;
}

static gboolean
parse_type (JsonObject      *object,
            TttMessageType  *type,
            GError         **error)
{
  const char *name = get_string (object, "type", error);
  guint i;

  if (name == NULL)
    return FALSE;
  for (i = 0; i < TTT_N_MESSAGE_TYPES; i++)
    if (g_str_equal (name, type_names[i]))
      {
        *type = i;
        return TRUE;
      }
  if (strlen (name) <= 32 && g_str_is_ascii (name))
    {
      g_autofree char *shown = g_strescape (name, NULL);

      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_UNKNOWN_TYPE,
                   _("Unknown message type “%s”"), shown);
    }
  else
    g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_UNKNOWN_TYPE,
                         _("Unknown message type"));
  return FALSE;
}

/* The members of @message's type into @message. */
static gboolean
parse_fields (JsonObject  *object,
              TttMessage  *message,
              GError     **error)
{
  guint64 value;

  if (!get_uint (object, "seq", G_MAXINT64, &message->seq, error))
    return FALSE;

  switch (message->type)
    {
    case TTT_MESSAGE_HELLO:
      {
        const char *text;

        if (!get_uint (object, "version", G_MAXUINT32, &value, error))
          return FALSE;
        message->version = (guint) value;
        if ((text = get_string (object, "app", error)) == NULL)
          return FALSE;
        message->app_version = g_strdup (text);
        if ((text = get_string (object, "name", error)) == NULL)
          return FALSE;
        message->name = g_strdup (text);
        if ((text = get_string (object, "game", error)) == NULL)
          return FALSE;
        if (!ttt_net_game_check (text))
          {
            g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                         _("The field “%s” is out of range"), "game");
            return FALSE;
          }
        message->game = g_strdup (text);
        if ((text = get_string (object, "x", error)) == NULL)
          return FALSE;
        if (g_str_equal (text, "host"))
          message->x_player = TTT_NET_X_HOST;
        else if (g_str_equal (text, "guest"))
          message->x_player = TTT_NET_X_GUEST;
        else
          {
            g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                         _("The field “%s” is out of range"), "x");
            return FALSE;
          }
      }
      break;

    case TTT_MESSAGE_MOVE:
      if (!get_uint (object, "cell", G_MAXUINT32, &value, error))
        return FALSE;
      message->cell = (guint) value;
      break;

    case TTT_MESSAGE_UNDO_ANSWER:
      if (!get_boolean (object, "accepted", &message->accepted, error))
        return FALSE;
      break;

    case TTT_MESSAGE_RESIGN:
    case TTT_MESSAGE_REMATCH_OFFER:
    case TTT_MESSAGE_REMATCH_ACCEPT:
    case TTT_MESSAGE_UNDO_REQUEST:
    case TTT_MESSAGE_KEEP_ALIVE:
    case TTT_MESSAGE_GOODBYE:
    case TTT_MESSAGE_CODE_CONFIRMED:
    case TTT_N_MESSAGE_TYPES:
    default:
      break;
    }

  return TRUE;
}

TttMessage *
ttt_protocol_parse (const char  *line,
                    gssize       length,
                    GError     **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(GError) json_error = NULL;
  TttMessage *message;
  JsonObject *object;
  JsonNode *root;
  TttMessageType type;

  g_return_val_if_fail (line != NULL || length == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (length < 0)
    length = strlen (line);
  if ((gsize) length > TTT_PROTOCOL_MAX_LINE)
    {
      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_TOO_LONG,
                   _("A message is longer than %d bytes"), TTT_PROTOCOL_MAX_LINE);
      return NULL;
    }
  /* json-glib takes a length but stops at a NUL on some paths; a NUL or
   * broken UTF-8 has no business in a message anyway. */
  if (memchr (line, '\0', length) != NULL || !g_utf8_validate_len (line, length, NULL))
    {
      g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                           _("A message is not valid text"));
      return NULL;
    }

  if (!ttt_protocol_check_shape (line, length, error))
    return NULL;

  parser = json_parser_new_immutable ();
  if (!json_parser_load_from_data (parser, line, length, &json_error))
    {
      g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                           _("A message is not valid JSON"));
      return NULL;
    }
  root = json_parser_get_root (parser);
  if (root == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    {
      g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                           _("A message is not a JSON object"));
      return NULL;
    }
  object = json_node_get_object (root);

  if (!parse_type (object, &type, error))
    return NULL;
  /* A newer peer's hello may well have fields this one does not know:
   * "newer version" is what a person can act on, so it is said first. */
  if (type == TTT_MESSAGE_HELLO && json_object_has_member (object, "version"))
    {
      guint64 version;

      if (!get_uint (object, "version", G_MAXUINT32, &version, error)
          || !check_version ((guint) version, error))
        return NULL;
    }
  if (!check_members (object, type, error))
    return NULL;

  message = ttt_message_new (type);
  if (!parse_fields (object, message, error) || !check_message (message, error))
    {
      ttt_message_free (message);
      return NULL;
    }
  return message;
}

/* Writing */

char *
ttt_protocol_serialize (const TttMessage  *message,
                        guint64            seq,
                        GError           **error)
{
  TttMessage numbered;
  g_autoptr(JsonBuilder) builder = NULL;
  g_autoptr(JsonNode) root = NULL;
  g_autofree char *text = NULL;

  g_return_val_if_fail (message != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  /* A shallow copy to check: nothing of it is freed. */
  numbered = *message;
  numbered.seq = seq;
  if (!check_message (&numbered, error))
    return NULL;

  builder = json_builder_new_immutable ();
  json_builder_begin_object (builder);
  json_builder_set_member_name (builder, "type");
  json_builder_add_string_value (builder, type_names[message->type]);
  json_builder_set_member_name (builder, "seq");
  json_builder_add_int_value (builder, (gint64) seq);
  switch (message->type)
    {
    case TTT_MESSAGE_HELLO:
      json_builder_set_member_name (builder, "version");
      json_builder_add_int_value (builder, message->version);
      json_builder_set_member_name (builder, "app");
      json_builder_add_string_value (builder, message->app_version);
      json_builder_set_member_name (builder, "name");
      json_builder_add_string_value (builder, message->name);
      json_builder_set_member_name (builder, "game");
      json_builder_add_string_value (builder, message->game);
      json_builder_set_member_name (builder, "x");
      json_builder_add_string_value (builder, message->x_player == TTT_NET_X_HOST ? "host" : "guest");
      break;
    case TTT_MESSAGE_MOVE:
      json_builder_set_member_name (builder, "cell");
      json_builder_add_int_value (builder, message->cell);
      break;
    case TTT_MESSAGE_UNDO_ANSWER:
      json_builder_set_member_name (builder, "accepted");
      json_builder_add_boolean_value (builder, message->accepted);
      break;
    case TTT_MESSAGE_RESIGN:
    case TTT_MESSAGE_REMATCH_OFFER:
    case TTT_MESSAGE_REMATCH_ACCEPT:
    case TTT_MESSAGE_UNDO_REQUEST:
    case TTT_MESSAGE_KEEP_ALIVE:
    case TTT_MESSAGE_GOODBYE:
    case TTT_MESSAGE_CODE_CONFIRMED:
    case TTT_N_MESSAGE_TYPES:
    default:
      break;
    }
  json_builder_end_object (builder);

  root = json_builder_get_root (builder);
  /* json-glib escapes newlines inside strings, so the line is one line. */
  text = json_to_string (root, FALSE);
  if (strlen (text) > TTT_PROTOCOL_MAX_LINE)
    {
      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_TOO_LONG,
                   _("A message is longer than %d bytes"), TTT_PROTOCOL_MAX_LINE);
      return NULL;
    }
  return g_strconcat (text, "\n", NULL);
}

/* Sequence */

void
ttt_protocol_sequence_init (TttProtocolSequence *sequence)
{
  g_return_if_fail (sequence != NULL);

  sequence->last = 0;
}

gboolean
ttt_protocol_sequence_check (TttProtocolSequence  *sequence,
                             const TttMessage     *message,
                             GError              **error)
{
  g_return_val_if_fail (sequence != NULL, FALSE);
  g_return_val_if_fail (message != NULL, FALSE);

  if (message->seq != sequence->last + 1)
    {
      g_autofree char *got = g_strdup_printf ("%" G_GUINT64_FORMAT, message->seq);
      g_autofree char *expected = g_strdup_printf ("%" G_GUINT64_FORMAT, sequence->last + 1);

      if (message->seq <= sequence->last)
        /* Translators: the numbers of messages; a repeated message may be
         * a replay of an earlier one. */
        g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_SEQUENCE,
                     _("Message %s came again (the next one should be %s)"), got, expected);
      else
        g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_SEQUENCE,
                     _("Message %s came out of order (the next one should be %s)"), got, expected);
      return FALSE;
    }
  sequence->last = message->seq;
  return TRUE;
}
