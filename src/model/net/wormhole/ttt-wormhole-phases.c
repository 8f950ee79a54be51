/* ttt-wormhole-phases.c — what the other side says in the mailbox, checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-crypto.h"
#include "ttt-wormhole-mailbox-message.h"
#include "ttt-wormhole-phases.h"

/* @bytes as one JSON object, or NULL: never a NUL, always UTF-8. */
static JsonObject *
parse_object (GBytes      *bytes,
              JsonParser **parser)
{
  gsize size;
  const char *data = g_bytes_get_data (bytes, &size);
  JsonNode *root;

  *parser = json_parser_new_immutable ();
  if (size == 0 || size > TTT_MAILBOX_MAX_MESSAGE || memchr (data, '\0', size) != NULL
      || !g_utf8_validate_len (data, size, NULL)
      || !json_parser_load_from_data (*parser, data, (gssize) size, NULL)
      || (root = json_parser_get_root (*parser)) == NULL || !JSON_NODE_HOLDS_OBJECT (root))
    return NULL;
  return json_node_get_object (root);
}

GBytes *
ttt_wormhole_phase_parse_pake (GBytes *body)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *object;
  JsonNode *pake;

  g_return_val_if_fail (body != NULL, NULL);

  if ((object = parse_object (body, &parser)) == NULL
      || (pake = json_object_get_member (object, "pake_v1")) == NULL
      || !JSON_NODE_HOLDS_VALUE (pake) || json_node_get_value_type (pake) != G_TYPE_STRING)
    return NULL;
  return ttt_wormhole_unhex (json_node_get_string (pake));
}

char *
ttt_wormhole_phase_parse_version (GBytes  *plain,
                                  GError **error)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autofree char *text = NULL;
  JsonObject *object;
  JsonNode *versions;

  g_return_val_if_fail (plain != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if ((object = parse_object (plain, &parser)) == NULL
      || ((versions = json_object_get_member (object, "app_versions")) != NULL
          && !JSON_NODE_HOLDS_OBJECT (versions)))
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side’s version message is not one."));
      return NULL;
    }
  text = versions != NULL ? json_to_string (versions, FALSE) : g_strdup ("{}");
  if (strlen (text) > TTT_WORMHOLE_MAX_VERSIONS)
    {
      g_set_error_literal (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL,
                           _("The other side’s version message is too long."));
      return NULL;
    }
  return g_steal_pointer (&text);
}

gboolean
ttt_wormhole_phase_parse_number (const char *phase,
                                 guint64    *number)
{
  guint64 value = 0;

  g_return_val_if_fail (phase != NULL && number != NULL, FALSE);

  if (phase[0] == '\0' || (phase[0] == '0' && phase[1] != '\0'))
    return FALSE;
  for (const char *p = phase; *p != '\0'; p++)
    {
      if (!g_ascii_isdigit (*p) || value > (G_MAXUINT64 - 9) / 10)
        return FALSE;
      value = value * 10 + (guint64) (*p - '0');
    }
  *number = value;
  return TRUE;
}
