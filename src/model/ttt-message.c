/* ttt-message.c — text from a file or a command line, fit for a message
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the game quotes back on stderr or in the window comes from
 * outside (a results file, a setting, an argument), so it may hold
 * escape sequences meant for the terminal, bytes that are not UTF-8, or
 * be very long.
 */

#include "config.h"

#include <string.h>

#include "ttt-message.h"

/**
 * ttt_text_for_message:
 * @text: text from a file, in any encoding
 * @length: its length, or -1 when nul-terminated
 * @max_chars: how many characters to keep at most
 *
 * @text made fit for one line of a message: control characters and bytes
 * that are not UTF-8 are escaped (a file's ESC sequences must not reach the
 * terminal), and past @max_chars it is cut, with "…".
 *
 * Returns: (transfer full): the text to print
 */
char *
ttt_text_for_message (const char *text,
                      gssize      length,
                      guint       max_chars)
{
  GString *out = g_string_new (NULL);
  const char *end;
  const char *p = text;
  guint chars = 0;

  if (length < 0)
    length = (gssize) strlen (text);
  end = text + length;

  while (p < end)
    {
      gunichar c = g_utf8_get_char_validated (p, end - p);

      if (chars == max_chars)
        {
          g_string_append (out, "…");
          break;
        }
      chars++;

      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          g_string_append_printf (out, "\\x%02x", (guchar) *p);
          p++;
          continue;
        }

      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c < 0x20 || c == 0x7f || (c >= 0x80 && c < 0xa0))
        g_string_append_printf (out, "\\x%02x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }

  return g_string_free (out, FALSE);
}
