/* test-wormhole-phases.c — the other side's phase bodies, checked
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * ttt-wormhole-phases.h on good bodies and on every way a hostile one
 * can be wrong: not JSON, not an object, a NUL, broken UTF-8, a member
 * of the wrong type, bad hex, app_versions over their bound; and the
 * names of numbered phases up to the largest number and one past it.
 */

#include "config.h"

#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-phases.h"

static GBytes *
bytes_of (const char *text)
{
  return g_bytes_new (text, strlen (text));
}

static void
test_pake (void)
{
  g_autoptr(GBytes) good = bytes_of ("{\"pake_v1\": \"00ff10\", \"extra\": 1}");
  g_autoptr(GBytes) message = ttt_wormhole_phase_parse_pake (good);
  const char *bad[] = {
    "",
    "not json",
    "[\"pake_v1\"]",
    "{}",
    "{\"pake_v1\": 7}",
    "{\"pake_v1\": null}",
    "{\"pake_v1\": {\"x\": \"00\"}}",
    "{\"pake_v1\": \"0g\"}",
    "{\"pake_v1\": \"abc\"}",
    "{\"pake_v1\": \"00\xff\"}",
  };

  g_assert_nonnull (message);
  g_assert_cmpmem (g_bytes_get_data (message, NULL), g_bytes_get_size (message), "\x00\xff\x10", 3);

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr(GBytes) body = bytes_of (bad[i]);
      g_autoptr(GBytes) refused = ttt_wormhole_phase_parse_pake (body);

      g_test_message ("%s", bad[i]);
      g_assert_null (refused);
    }

  {
    /* A NUL inside, which a C string parser would stop at. */
    static const char with_nul[] = "{\"pake_v1\": \"00\"}\0{}";
    g_autoptr(GBytes) body = g_bytes_new (with_nul, sizeof with_nul - 1);
    g_autoptr(GBytes) refused = ttt_wormhole_phase_parse_pake (body);

    g_assert_null (refused);
  }
}

static void
test_version (void)
{
  struct {
    const char *body;
    const char *versions;   /* NULL: refused */
  } cases[] = {
    { "{\"app_versions\": {\"game\": \"classic\"}}", "{\"game\":\"classic\"}" },
    { "{\"app_versions\": {}, \"can-dilate\": [\"1\"]}", "{}" },
    { "{}", "{}" },
    { "{\"app_versions\": \"classic\"}", NULL },
    { "{\"app_versions\": [1]}", NULL },
    { "[]", NULL },
    { "", NULL },
    { "{\"app_versions\": {\"a\": \"\xc3\x28\"}}", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) body = bytes_of (cases[i].body);
      g_autoptr(GError) error = NULL;
      g_autofree char *versions = ttt_wormhole_phase_parse_version (body, &error);

      g_test_message ("%s", cases[i].body);
      if (cases[i].versions != NULL)
        {
          g_assert_no_error (error);
          g_assert_cmpstr (versions, ==, cases[i].versions);
        }
      else
        {
          g_assert_null (versions);
          g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
          g_assert_cmpstr (error->message, ==, "The other side’s version message is not one.");
        }
    }

  /* At the bound, taken; one byte over, refused with its own sentence. */
  for (gsize length = TTT_WORMHOLE_MAX_VERSIONS; length <= TTT_WORMHOLE_MAX_VERSIONS + 1; length++)
    {
      g_autoptr(GString) versions_text = g_string_new ("{\"p\":\"");
      g_autofree char *text = NULL;
      g_autoptr(GBytes) body = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *versions = NULL;

      while (versions_text->len < length - 2)
        g_string_append_c (versions_text, 'x');
      g_string_append (versions_text, "\"}");
      g_assert_cmpuint (versions_text->len, ==, length);
      text = g_strdup_printf ("{\"app_versions\": %s}", versions_text->str);
      body = bytes_of (text);
      versions = ttt_wormhole_phase_parse_version (body, &error);
      if (length == TTT_WORMHOLE_MAX_VERSIONS)
        {
          g_assert_no_error (error);
          g_assert_cmpstr (versions, ==, versions_text->str);
        }
      else
        {
          g_assert_null (versions);
          g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
          g_assert_cmpstr (error->message, ==, "The other side’s version message is too long.");
        }
    }
}

static void
test_number (void)
{
  struct {
    const char *phase;
    gboolean    numbered;
    guint64     number;
  } cases[] = {
    { "0", TRUE, 0 },
    { "1", TRUE, 1 },
    { "42", TRUE, 42 },
    { "18446744073709551609", TRUE, G_GUINT64_CONSTANT (18446744073709551609) },
    { "18446744073709551616", FALSE, 0 },
    { "99999999999999999999", FALSE, 0 },
    { "01", FALSE, 0 },
    { "00", FALSE, 0 },
    { "", FALSE, 0 },
    { "-1", FALSE, 0 },
    { "+1", FALSE, 0 },
    { "1a", FALSE, 0 },
    { "version", FALSE, 0 },
    { "pake", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      guint64 number = 12345;

      g_test_message ("“%s”", cases[i].phase);
      g_assert_cmpint (ttt_wormhole_phase_parse_number (cases[i].phase, &number), ==, cases[i].numbered);
      if (cases[i].numbered)
        g_assert_cmpuint (number, ==, cases[i].number);
      else
        g_assert_cmpuint (number, ==, 12345);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/wormhole/phases/pake", test_pake);
  g_test_add_func ("/wormhole/phases/version", test_version);
  g_test_add_func ("/wormhole/phases/number", test_number);

  return g_test_run ();
}
