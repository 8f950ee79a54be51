/* ttt-protocol-names.c — the rules for a player's name on the wire
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A name is the one free text a peer sends that is shown to a person, so
 * the rules are about what the text may do to the page around it, not
 * only about bytes: see ttt-protocol-names.h.
 */

#include "config.h"

#include <glib/gi18n-lib.h>

#include "ttt-protocol.h"
#include "ttt-protocol-names.h"

/* Whether @c may be in a name: nothing that breaks the line or
 * rearranges the text the name is shown in. */
static gboolean
name_char_allowed (gunichar c)
{
  switch (g_unichar_type (c))
    {
    /* NUL, newlines, escapes. */
    case G_UNICODE_CONTROL:
    /* Invisible, and some rearrange: bidirectional embeddings, overrides,
     * isolates and marks, zero-width joiners and spaces. */
    case G_UNICODE_FORMAT:
    /* U+2028 and U+2029 break the line as a newline does. */
    case G_UNICODE_LINE_SEPARATOR:
    case G_UNICODE_PARAGRAPH_SEPARATOR:
    case G_UNICODE_SURROGATE:
      return FALSE;
    default:
      return TRUE;
    }
}

gboolean
ttt_protocol_check_name (const char  *name,
                         GError     **error)
{
  const char *p;
  glong length;

  if (name == NULL || name[0] == '\0')
    {
      g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                           _("The player’s name is empty"));
      return FALSE;
    }
  if (!g_utf8_validate (name, -1, NULL))
    {
      g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_MALFORMED,
                           _("The player’s name is not valid text"));
      return FALSE;
    }
  length = g_utf8_strlen (name, -1);
  if (length > TTT_PROTOCOL_MAX_NAME)
    {
      g_set_error (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                   _("The player’s name is longer than %d characters"), TTT_PROTOCOL_MAX_NAME);
      return FALSE;
    }
  for (p = name; *p != '\0'; p = g_utf8_next_char (p))
    if (!name_char_allowed (g_utf8_get_char (p)))
      {
        g_set_error_literal (error, TTT_PROTOCOL_ERROR, TTT_PROTOCOL_ERROR_OUT_OF_RANGE,
                             _("The player’s name contains control characters"));
        return FALSE;
      }
  return TRUE;
}

char *
ttt_protocol_sanitize_name (const char *name)
{
  g_autofree char *valid = g_utf8_make_valid (name != NULL ? name : "", -1);
  g_autoptr(GString) clean = g_string_new (NULL);
  gboolean space = FALSE;
  guint length = 0;
  const char *p;

  for (p = valid; *p != '\0' && length < TTT_PROTOCOL_MAX_NAME; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      /* Invisible anyway: gone without a trace. */
      if (g_unichar_type (c) == G_UNICODE_FORMAT)
        continue;
      /* A line break or a tab is a space; none at either end. */
      if (g_unichar_isspace (c) || !name_char_allowed (c))
        {
          space = clean->len > 0;
          continue;
        }
      if (space)
        {
          /* Room for the space and a character after it. */
          if (length + 2 > TTT_PROTOCOL_MAX_NAME)
            break;
          g_string_append_c (clean, ' ');
          length++;
          space = FALSE;
        }
      g_string_append_unichar (clean, c);
      length++;
    }

  if (clean->len == 0)
    /* Translators: the name shown to the other side when none was given. */
    return g_strdup (_("Player"));
  return g_string_free (g_steal_pointer (&clean), FALSE);
}

char *
ttt_protocol_quote_name (const char *name)
{
  g_autofree char *isolated = NULL;

  g_return_val_if_fail (name != NULL, NULL);

  /* FIRST STRONG ISOLATE … POP DIRECTIONAL ISOLATE: a name in Hebrew or
   * Arabic keeps its order and leaves that of the sentence alone. */
  isolated = g_strconcat ("\xe2\x81\xa8", name, "\xe2\x81\xa9", NULL);
  /* Translators: a name someone gave, quoted in a sentence ("%s left the
   * game"); use the quotation marks of your language. */
  return g_strdup_printf (_("“%s”"), isolated);
}
