/* ttt-protocol-shape.c — the strict shape of a message line, before JSON
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the raw bytes of a line that json-glib would read too
 * kindly; see ttt-protocol-shape.h.
 */

#include "config.h"

#include <glib/gi18n-lib.h>
#include <string.h>

#include "ttt-protocol.h"
#include "ttt-protocol-shape.h"

/* Messages are flat; a little nesting is allowed so that a later version's
 * hello may carry an object, not more (json-glib parses recursively). */
#define MAX_DEPTH 8

/* json-glib is lenient where this protocol is not: it ignores a second
 * value after the first, takes 'single quotes', and lets a repeated member
 * silently replace the first. One pass over the bytes refuses all three
 * (and deep nesting, and an escaped NUL) before json-glib sees them.
 * Member names of the message itself must be plain (no escapes), so
 * repeated ones show. */
gboolean
ttt_protocol_check_shape (const char  *line,
                          gsize        length,
                          GError     **error)
{
  g_autoptr(GHashTable) keys = NULL;
  gboolean root_is_object = FALSE;
  gboolean in_string = FALSE;
  gboolean escaped = FALSE;
  gboolean string_escaped = FALSE;
  gboolean string_is_key = FALSE;
  gboolean expect_key = FALSE;
  gboolean done = FALSE;
  gsize string_start = 0;
  guint depth = 0;
  gsize i;

  for (i = 0; i < length; i++)
    {
      char c = line[i];

      if (in_string)
        {
          if (escaped)
            {
              escaped = FALSE;
              /* json-glib decodes \u0000 into a NUL that cuts the text
               * short without a word ("Ana\u0000Bob" would be "Ana"). */
              if (c == 'u' && length - i > 4 && g_ascii_strncasecmp (line + i + 1, "0000", 4) == 0)
                {
                  g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                                       _("A message contains a null character"));
                  return FALSE;
                }
            }
          else if (c == '\\')
            escaped = string_escaped = TRUE;
          else if (c == '"')
            {
              in_string = FALSE;
              if (string_is_key)
                {
                  g_autofree char *key = NULL;

                  if (string_escaped)
                    goto malformed;
                  if (keys == NULL)
                    keys = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
                  key = g_strndup (line + string_start, i - string_start);
                  if (g_hash_table_contains (keys, key))
                    {
                      if (strlen (key) <= 32 && g_str_is_ascii (key))
                        g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                                     _("A message has the field “%s” twice"), key);
                      else
                        goto malformed;
                      return FALSE;
                    }
                  g_hash_table_add (keys, g_steal_pointer (&key));
                }
            }
          continue;
        }

      if (done)
        {
          if (!g_ascii_isspace (c))
            goto malformed;
          continue;
        }

      switch (c)
        {
        case '"':
          in_string = TRUE;
          string_escaped = FALSE;
          string_start = i + 1;
          string_is_key = depth == 1 && root_is_object && expect_key;
          break;
        case '{':
        case '[':
          if (++depth > MAX_DEPTH)
            goto malformed;
          if (depth == 1)
            {
              root_is_object = c == '{';
              expect_key = TRUE;
            }
          break;
        case '}':
        case ']':
          if (depth == 0)
            goto malformed;
          if (--depth == 0)
            done = TRUE;
          break;
        case ',':
          if (depth == 1)
            expect_key = TRUE;
          break;
        case ':':
          if (depth == 1)
            expect_key = FALSE;
          break;
        case '\'':
          goto malformed;
        default:
          break;
        }
    }
  return TRUE;

malformed:
  g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                       _("A message is not valid JSON"));
  return FALSE;
}
