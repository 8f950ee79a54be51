/* test-wormhole-crypto.c — the key exchange, boxes and words of a wormhole
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A code typed here must give the key magic-wormhole's clients compute,
 * so what ttt-wormhole-crypto.c and ttt-wormhole-words.c compute is
 * compared with what the reference implementations compute from the
 * same bytes: python-spake2, magic-wormhole's derive_key and
 * derive_phase_key, PyNaCl's SecretBox and magic-wormhole's word list,
 * asked through wormhole-reference.py (one process per test, all its
 * questions at once). HKDF is also checked against RFC 5869 and a
 * second HKDF written here on GLib's HMAC; boxes and SPAKE2 messages
 * that were tampered with, cut short or reflected must be refused.
 */

#include "config.h"

#include <gio/gio.h>
#include <sodium.h>
#include <string.h>

#include "ttt-net-error.h"
#include "ttt-wormhole-crypto.h"
#include "ttt-wormhole-words.h"

/* magic-wormhole's own appid, and the game's. */
#define APPID_REFERENCE "lothar.com/wormhole/text-or-file-xfer"
#define APPID_GAME      "io.github.jingzi.TicTacToe"

/* The reference */

/* Runs wormhole-reference.py once with @requests (one a line) and
 * returns its answers, one a line, each split at spaces. */
static GPtrArray *
ask_reference (const char *requests)
{
  const char *python = g_getenv ("TTT_WORMHOLE_PYTHON");
  const char *script = g_getenv ("TTT_WORMHOLE_REFERENCE");
  g_autoptr(GSubprocess) process = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto(GStrv) lines = NULL;
  GPtrArray *answers;
  guint n_requests = 0;
  const char *p;
  guint i;

  if (python == NULL)
    python = "/usr/bin/python3";
  g_assert_nonnull (script);

  process = g_subprocess_new (G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE |
                              G_SUBPROCESS_FLAGS_STDERR_PIPE,
                              &error, python, script, NULL);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, requests, NULL, &out, &err, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_successful (process))
    g_error ("%s %s could not answer (it needs Debian's python3-spake2, "
             "magic-wormhole and python3-nacl):\n%s", python, script, err);

  for (p = requests; *p != '\0'; p++)
    if (*p == '\n')
      n_requests++;

  lines = g_strsplit (out, "\n", -1);
  /* One answer a request, and the empty text after the last newline. */
  g_assert_cmpuint (g_strv_length (lines), ==, n_requests + 1);
  g_assert_cmpstr (lines[n_requests], ==, "");

  answers = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  /* An empty answer (no completion, an empty text) is one empty field. */
  for (i = 0; i < n_requests; i++)
    g_ptr_array_add (answers, lines[i][0] != '\0' ? g_strsplit (lines[i], " ", -1)
                                                  : g_strdupv ((char *[]) { (char *) "", NULL }));

  return answers;
}

static const char *
answer (GPtrArray *answers,
        guint      index,
        guint      field)
{
  char **fields;

  g_assert_cmpuint (index, <, answers->len);
  fields = g_ptr_array_index (answers, index);
  g_assert_cmpuint (field, <, g_strv_length (fields));

  return fields[field];
}

static char *
hex (const guint8 *bytes,
     gsize         len)
{
  return ttt_wormhole_hex (bytes, len);
}

static char *
hex_of_string (const char *text)
{
  return ttt_wormhole_hex ((const guint8 *) text, strlen (text));
}

/* HKDF */

/* HKDF-SHA256 with an empty salt again, on GLib's HMAC, to compare with. */
static void
other_hkdf (const guint8 *ikm,
            gsize         ikm_len,
            const guint8 *info,
            gsize         info_len,
            guint8       *out,
            gsize         out_len)
{
  static const guint8 zeros[32] = { 0 };
  guint8 prk[32];
  guint8 block[32];
  gsize block_len = 0;
  gsize prk_len = sizeof prk;
  gsize done = 0;
  guint8 counter = 0;
  g_autoptr(GHmac) extract = g_hmac_new (G_CHECKSUM_SHA256, zeros, sizeof zeros);

  g_hmac_update (extract, ikm, (gssize) ikm_len);
  g_hmac_get_digest (extract, prk, &prk_len);

  while (done < out_len)
    {
      g_autoptr(GHmac) expand = g_hmac_new (G_CHECKSUM_SHA256, prk, sizeof prk);
      gsize len = sizeof block;

      counter++;
      g_hmac_update (expand, block, (gssize) block_len);
      g_hmac_update (expand, info, (gssize) info_len);
      g_hmac_update (expand, &counter, 1);
      g_hmac_get_digest (expand, block, &len);
      block_len = len;
      memcpy (out + done, block, MIN (out_len - done, len));
      done += MIN (out_len - done, len);
    }
}

static GBytes *
unhex (const char *text)
{
  GBytes *bytes = ttt_wormhole_unhex (text);

  g_assert_nonnull (bytes);
  return bytes;
}

static void
assert_bytes_hex (const guint8 *bytes,
                  gsize         len,
                  const char   *expected)
{
  g_autofree char *text = hex (bytes, len);

  g_assert_cmpstr (text, ==, expected);
}

/* RFC 5869's SHA-256 test cases with an empty salt (A.3) and what its
 * others become without their salt: A.3 directly, and the other
 * implementations for the rest. */
static void
test_hkdf_rfc5869 (void)
{
  guint8 ikm[22];
  guint8 okm[42];

  /* A.3: IKM 22 × 0x0b, salt and info empty, L = 42. */
  memset (ikm, 0x0b, sizeof ikm);
  ttt_wormhole_hkdf (ikm, sizeof ikm, NULL, 0, okm, sizeof okm);
  assert_bytes_hex (okm, sizeof okm,
                    "8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"
                    "9d201395faa4b61a96c8");

  /* Fewer bytes are the first bytes of more. */
  {
    guint8 shorter[13];

    ttt_wormhole_hkdf (ikm, sizeof ikm, NULL, 0, shorter, sizeof shorter);
    g_assert_cmpmem (shorter, sizeof shorter, okm, sizeof shorter);
  }
}

/* Against magic-wormhole's HKDF (through derive_key, which takes any
 * key) and the one above, for IKMs, infos and lengths across the block
 * boundaries up to the longest HKDF gives. */
static void
test_hkdf_others (void)
{
  static const gsize lengths[] = { 1, 31, 32, 33, 64, 65, 100, 255 * 32 };
  static const char *const infos[] = { "", "SPAKE2 pw", "wormhole:phase:", "x" };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  guint8 ikm[80];
  guint n = 0;
  gsize i, j;

  for (i = 0; i < sizeof ikm; i++)
    ikm[i] = (guint8) (i * 7 + 3);

  /* derive_key of the reference with 1, 16 and 80 bytes of IKM. */
  for (i = 0; i < G_N_ELEMENTS (lengths); i++)
    for (j = 0; j < G_N_ELEMENTS (infos); j++)
      {
        gsize ikm_len = (i + j) % 3 == 0 ? 1 : (i + j) % 3 == 1 ? 16 : 80;
        g_autofree char *ikm_hex = hex (ikm, ikm_len);
        g_autofree char *info_hex = hex_of_string (infos[j]);

        g_string_append_printf (requests, "derive-key %s %s %" G_GSIZE_FORMAT "\n",
                                ikm_hex, info_hex, lengths[i]);
      }
  answers = ask_reference (requests->str);

  for (i = 0; i < G_N_ELEMENTS (lengths); i++)
    for (j = 0; j < G_N_ELEMENTS (infos); j++)
      {
        gsize ikm_len = (i + j) % 3 == 0 ? 1 : (i + j) % 3 == 1 ? 16 : 80;
        g_autofree guint8 *ours = g_malloc (lengths[i]);
        g_autofree guint8 *theirs = g_malloc (lengths[i]);

        ttt_wormhole_hkdf (ikm, ikm_len, (const guint8 *) infos[j], strlen (infos[j]),
                           ours, lengths[i]);
        other_hkdf (ikm, ikm_len, (const guint8 *) infos[j], strlen (infos[j]),
                    theirs, lengths[i]);
        g_assert_cmpmem (ours, lengths[i], theirs, lengths[i]);
        assert_bytes_hex (ours, lengths[i], answer (answers, n++, 0));
      }
}

/* derive_key and derive_phase_key */

static void
test_derive (void)
{
  static const char *const purposes[] = {
    APPID_REFERENCE "/transit-key", APPID_GAME "/transit-key", "", "wormhole:verifier",
  };
  static const char *const sides[] = { "0123456789abcdef", "fedcba9876543210", "" };
  static const char *const phases[] = { "pake", "version", "0", "1", "17" };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  g_autofree char *key_hex = NULL;
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  guint8 out[TTT_WORMHOLE_KEY_SIZE];
  guint8 other[TTT_WORMHOLE_KEY_SIZE];
  guint n = 0;
  gsize i, j;

  randombytes_buf (key, sizeof key);
  key_hex = hex (key, sizeof key);

  for (i = 0; i < G_N_ELEMENTS (purposes); i++)
    {
      g_autofree char *purpose_hex = hex_of_string (purposes[i]);

      g_string_append_printf (requests, "derive-key %s %s 32\n", key_hex, purpose_hex);
    }
  for (i = 0; i < G_N_ELEMENTS (sides); i++)
    for (j = 0; j < G_N_ELEMENTS (phases); j++)
      {
        g_autofree char *side_hex = hex_of_string (sides[i]);
        g_autofree char *phase_hex = hex_of_string (phases[j]);

        g_string_append_printf (requests, "derive-phase-key %s %s %s\n",
                                key_hex, side_hex, phase_hex);
      }
  answers = ask_reference (requests->str);

  for (i = 0; i < G_N_ELEMENTS (purposes); i++)
    {
      ttt_wormhole_derive_key (key, purposes[i], out);
      assert_bytes_hex (out, sizeof out, answer (answers, n++, 0));
    }
  for (i = 0; i < G_N_ELEMENTS (sides); i++)
    for (j = 0; j < G_N_ELEMENTS (phases); j++)
      {
        ttt_wormhole_derive_phase_key (key, sides[i], phases[j], out);
        assert_bytes_hex (out, sizeof out, answer (answers, n++, 0));
      }

  /* Each side's phase keys are its own. */
  ttt_wormhole_derive_phase_key (key, sides[0], "0", out);
  ttt_wormhole_derive_phase_key (key, sides[1], "0", other);
  g_assert_false (memcmp (out, other, sizeof out) == 0);
}

/* Secret boxes */

static void
random_key (guint8 key[TTT_WORMHOLE_KEY_SIZE])
{
  randombytes_buf (key, TTT_WORMHOLE_KEY_SIZE);
}

static void
test_box_round_trip (void)
{
  static const gsize sizes[] = { 0, 1, 15, 16, 17, 1000, 70000 };
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  gsize i;

  random_key (key);
  for (i = 0; i < G_N_ELEMENTS (sizes); i++)
    {
      g_autofree guint8 *text = g_malloc (sizes[i] + 1);
      g_autoptr(GBytes) sealed = NULL;
      g_autoptr(GBytes) again = NULL;
      g_autoptr(GBytes) opened = NULL;
      g_autoptr(GError) error = NULL;
      guint8 nonce[TTT_WORMHOLE_NONCE_SIZE];
      const guint8 *data;
      gsize len;

      randombytes_buf (text, sizes[i] + 1);
      sealed = ttt_wormhole_seal (key, NULL, text, sizes[i]);
      data = g_bytes_get_data (sealed, &len);
      g_assert_cmpuint (len, ==, TTT_WORMHOLE_NONCE_SIZE + TTT_WORMHOLE_MAC_SIZE + sizes[i]);

      memset (nonce, 0, sizeof nonce);
      opened = ttt_wormhole_open (key, data, len, nonce, &error);
      g_assert_no_error (error);
      g_assert_nonnull (opened);
      g_assert_cmpmem (g_bytes_get_data (opened, NULL), g_bytes_get_size (opened), text, sizes[i]);
      g_assert_cmpmem (nonce, sizeof nonce, data, TTT_WORMHOLE_NONCE_SIZE);

      /* A random nonce each time: the same text seals differently. */
      again = ttt_wormhole_seal (key, NULL, text, sizes[i]);
      g_assert_false (g_bytes_equal (sealed, again));
    }

  /* A nonce given is the nonce used. */
  {
    guint8 nonce[TTT_WORMHOLE_NONCE_SIZE] = { 0 };
    g_autoptr(GBytes) sealed = NULL;

    nonce[TTT_WORMHOLE_NONCE_SIZE - 1] = 5;
    sealed = ttt_wormhole_seal (key, nonce, (const guint8 *) "move", 4);
    g_assert_cmpmem (g_bytes_get_data (sealed, NULL), TTT_WORMHOLE_NONCE_SIZE, nonce, sizeof nonce);
  }
}

static void
assert_refused (const guint8 key[TTT_WORMHOLE_KEY_SIZE],
                const guint8 *sealed,
                gsize         len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) opened = NULL;
  guint8 nonce[TTT_WORMHOLE_NONCE_SIZE];

  memset (nonce, 0xaa, sizeof nonce);
  opened = ttt_wormhole_open (key, sealed, len, nonce, &error);
  g_assert_null (opened);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_cmpuint (strlen (error->message), >, 0);
  /* Nothing copied out of a refused box. */
  g_assert_cmpuint (nonce[0], ==, 0xaa);
}

/* Every bit of the nonce, the MAC and the text flipped in turn. */
static void
test_box_flipped_bit (void)
{
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  g_autoptr(GBytes) sealed = NULL;
  g_autofree guint8 *copy = NULL;
  gsize len;
  gsize bit;

  random_key (key);
  sealed = ttt_wormhole_seal (key, NULL, (const guint8 *) "a move of the game", 18);
  copy = g_bytes_unref_to_data (g_bytes_ref (sealed), &len);
  for (bit = 0; bit < len * 8; bit++)
    {
      copy[bit / 8] ^= (guint8) (1 << (bit % 8));
      assert_refused (key, copy, len);
      copy[bit / 8] ^= (guint8) (1 << (bit % 8));
    }

  /* And the untouched copy still opens. */
  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) opened = ttt_wormhole_open (key, copy, len, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_bytes_get_size (opened), ==, 18);
  }
}

static void
test_box_wrong_key (void)
{
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  guint8 other[TTT_WORMHOLE_KEY_SIZE];
  g_autoptr(GBytes) sealed = NULL;
  gsize len;
  const guint8 *data;

  random_key (key);
  memcpy (other, key, sizeof other);
  other[31] ^= 0x80;
  sealed = ttt_wormhole_seal (key, NULL, (const guint8 *) "hello", 5);
  data = g_bytes_get_data (sealed, &len);
  assert_refused (other, data, len);

  random_key (other);
  assert_refused (other, data, len);
}

static void
test_box_too_short (void)
{
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  g_autoptr(GBytes) sealed = NULL;
  const guint8 *data;
  gsize len;
  gsize cut;

  random_key (key);
  /* An empty text: 40 bytes, the least that opens. */
  sealed = ttt_wormhole_seal (key, NULL, NULL, 0);
  data = g_bytes_get_data (sealed, &len);
  g_assert_cmpuint (len, ==, TTT_WORMHOLE_NONCE_SIZE + TTT_WORMHOLE_MAC_SIZE);
  for (cut = 0; cut < len; cut++)
    assert_refused (key, data, cut);
  assert_refused (key, NULL, 0);

  {
    g_autoptr(GError) error = NULL;
    g_autoptr(GBytes) opened = ttt_wormhole_open (key, data, len, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (g_bytes_get_size (opened), ==, 0);
  }
}

/* Our boxes are PyNaCl's, both ways. */
static void
test_box_pynacl (void)
{
  static const char *const texts[] = { "", "{\"app_versions\": {}}", "x" };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  g_autoptr(GBytes) tampered = NULL;
  g_autofree char *key_hex = NULL;
  g_autofree char *nonce_hex = NULL;
  g_autofree char *tampered_hex = NULL;
  GBytes *ours[G_N_ELEMENTS (texts)];
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  guint8 nonce[TTT_WORMHOLE_NONCE_SIZE];
  guint n = 0;
  gsize i;

  random_key (key);
  randombytes_buf (nonce, sizeof nonce);
  key_hex = hex (key, sizeof key);
  nonce_hex = hex (nonce, sizeof nonce);

  for (i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autofree char *text_hex = hex_of_string (texts[i]);
      g_autofree char *ours_hex = NULL;

      /* PyNaCl seals with the same nonce, and opens ours (sealed with a
       * random one). */
      ours[i] = ttt_wormhole_seal (key, NULL, (const guint8 *) texts[i], strlen (texts[i]));
      ours_hex = hex (g_bytes_get_data (ours[i], NULL), g_bytes_get_size (ours[i]));
      g_string_append_printf (requests, "seal %s %s %s\n", key_hex, nonce_hex, text_hex);
      g_string_append_printf (requests, "open %s %s\n", key_hex, ours_hex);
    }
  /* PyNaCl refuses a box of ours with a bit flipped too. */
  {
    gsize len;
    guint8 *data = g_bytes_unref_to_data (g_bytes_ref (ours[1]), &len);

    data[len - 1] ^= 1;
    tampered = g_bytes_new_take (data, len);
    tampered_hex = hex (data, len);
    g_string_append_printf (requests, "open %s %s\n", key_hex, tampered_hex);
  }
  answers = ask_reference (requests->str);

  for (i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr(GBytes) sealed = ttt_wormhole_seal (key, nonce, (const guint8 *) texts[i],
                                                   strlen (texts[i]));
      g_autoptr(GBytes) theirs = unhex (answer (answers, n++, 0));
      g_autoptr(GBytes) opened = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *text_hex = hex_of_string (texts[i]);

      /* Byte for byte what PyNaCl seals … */
      g_assert_true (g_bytes_equal (sealed, theirs));
      /* … which we open … */
      opened = ttt_wormhole_open (key, g_bytes_get_data (theirs, NULL), g_bytes_get_size (theirs),
                                  NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpmem (g_bytes_get_data (opened, NULL), g_bytes_get_size (opened),
                       texts[i], strlen (texts[i]));
      /* … and ours PyNaCl opens. */
      g_assert_cmpstr (answer (answers, n++, 0), ==, text_hex);
      g_bytes_unref (ours[i]);
    }
  g_assert_cmpstr (answer (answers, n, 0), ==, "error");
  g_assert_cmpstr (answer (answers, n, 1), ==, "CryptoError");
}

/* Hex */

static void
test_hex (void)
{
  static const guint8 bytes[] = { 0x00, 0x01, 0x7f, 0x80, 0xab, 0xff };
  g_autofree char *text = ttt_wormhole_hex (bytes, sizeof bytes);
  g_autofree char *empty = ttt_wormhole_hex (NULL, 0);
  g_autoptr(GBytes) back = NULL;
  g_autoptr(GBytes) upper = NULL;
  g_autoptr(GBytes) nothing = NULL;
  static const char *const bad[] = { "0", "abc", "0g", "g0", "0x00", " 00", "00 ", "-1", "é0" };
  gsize i;

  g_assert_cmpstr (text, ==, "00017f80abff");
  g_assert_cmpstr (empty, ==, "");

  back = ttt_wormhole_unhex (text);
  g_assert_cmpmem (g_bytes_get_data (back, NULL), g_bytes_get_size (back), bytes, sizeof bytes);
  upper = ttt_wormhole_unhex ("00017F80ABFF");
  g_assert_true (g_bytes_equal (back, upper));
  nothing = ttt_wormhole_unhex ("");
  g_assert_nonnull (nothing);
  g_assert_cmpuint (g_bytes_get_size (nothing), ==, 0);

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    g_assert_null (ttt_wormhole_unhex (bad[i]));
}

/* SPAKE2 */

static void
finish_ok (TttSpake2    *side,
           const guint8  inbound[TTT_SPAKE2_MESSAGE_SIZE],
           guint8        key[TTT_WORMHOLE_KEY_SIZE])
{
  g_autoptr(GError) error = NULL;
  gboolean ok;

  ok = ttt_spake2_finish (side, inbound, TTT_SPAKE2_MESSAGE_SIZE, key, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
}

static void
exchange (const char *password_a,
          const char *id_a,
          const char *password_b,
          const char *id_b,
          guint8      key_a[TTT_WORMHOLE_KEY_SIZE],
          guint8      key_b[TTT_WORMHOLE_KEY_SIZE])
{
  g_autoptr(TttSpake2) a = ttt_spake2_new ((const guint8 *) password_a, strlen (password_a),
                                           (const guint8 *) id_a, strlen (id_a));
  g_autoptr(TttSpake2) b = ttt_spake2_new ((const guint8 *) password_b, strlen (password_b),
                                           (const guint8 *) id_b, strlen (id_b));
  guint8 message_a[TTT_SPAKE2_MESSAGE_SIZE];
  guint8 message_b[TTT_SPAKE2_MESSAGE_SIZE];

  ttt_spake2_get_message (a, message_a);
  ttt_spake2_get_message (b, message_b);
  g_assert_cmpuint (message_a[0], ==, 'S');
  g_assert_cmpuint (message_b[0], ==, 'S');
  g_assert_false (memcmp (message_a, message_b, sizeof message_a) == 0);
  finish_ok (a, message_b, key_a);
  finish_ok (b, message_a, key_b);
}

static void
test_spake2_agree (void)
{
  guint8 key_a[TTT_WORMHOLE_KEY_SIZE];
  guint8 key_b[TTT_WORMHOLE_KEY_SIZE];
  guint8 key_c[TTT_WORMHOLE_KEY_SIZE];
  guint8 key_d[TTT_WORMHOLE_KEY_SIZE];

  exchange ("7-guitarist-revenge", APPID_GAME, "7-guitarist-revenge", APPID_GAME, key_a, key_b);
  g_assert_cmpmem (key_a, sizeof key_a, key_b, sizeof key_b);
  g_assert_false (sodium_is_zero (key_a, sizeof key_a));

  /* Another exchange with the same code: another key (fresh scalars). */
  exchange ("7-guitarist-revenge", APPID_GAME, "7-guitarist-revenge", APPID_GAME, key_c, key_d);
  g_assert_cmpmem (key_c, sizeof key_c, key_d, sizeof key_d);
  g_assert_false (memcmp (key_a, key_c, sizeof key_a) == 0);

  /* An empty password and id are still a password and an id. */
  exchange ("", "", "", "", key_a, key_b);
  g_assert_cmpmem (key_a, sizeof key_a, key_b, sizeof key_b);
}

static void
test_spake2_wrong_password (void)
{
  guint8 key_a[TTT_WORMHOLE_KEY_SIZE];
  guint8 key_b[TTT_WORMHOLE_KEY_SIZE];

  exchange ("7-guitarist-revenge", APPID_GAME, "7-guitarist-revenue", APPID_GAME, key_a, key_b);
  g_assert_false (memcmp (key_a, key_b, sizeof key_a) == 0);
  exchange ("7-guitarist-revenge", APPID_GAME, "8-guitarist-revenge", APPID_GAME, key_a, key_b);
  g_assert_false (memcmp (key_a, key_b, sizeof key_a) == 0);
  /* Another appid: another key, even with the same code. */
  exchange ("7-guitarist-revenge", APPID_GAME, "7-guitarist-revenge", APPID_REFERENCE, key_a, key_b);
  g_assert_false (memcmp (key_a, key_b, sizeof key_a) == 0);
}

/* The points of small order (libsodium's list of them, in the encodings
 * it refuses), as a message's point. */
static const char *const small_order_points[] = {
  /* 0 (order 4), the identity, order 8, order 8, order 2 (y = -1) */
  "0000000000000000000000000000000000000000000000000000000000000000",
  "0100000000000000000000000000000000000000000000000000000000000000",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
  "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
  /* the same with x's sign bit */
  "0000000000000000000000000000000000000000000000000000000000000080",
  "26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
  "c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
};

/* y = 2 has no x on the curve (python-spake2 says NotOnCurve). */
#define NOT_ON_CURVE "0200000000000000000000000000000000000000000000000000000000000000"

static void
assert_finish_refused (const guint8 *inbound,
                       gsize         len)
{
  g_autoptr(TttSpake2) side = ttt_spake2_new ((const guint8 *) "4-purple-sausages", 17,
                                              (const guint8 *) APPID_GAME, strlen (APPID_GAME));
  g_autoptr(GError) error = NULL;
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  gboolean ok;

  memset (key, 0x55, sizeof key);
  ok = ttt_spake2_finish (side, inbound, len, key, &error);
  g_assert_false (ok);
  g_assert_error (error, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  g_assert_cmpuint (strlen (error->message), >, 0);
  /* No key came out of it. */
  for (gsize i = 0; i < sizeof key; i++)
    g_assert_cmpuint (key[i], ==, 0x55);
}

static void
assert_point_refused (const char *point_hex,
                      char        side)
{
  g_autoptr(GBytes) point = unhex (point_hex);
  guint8 message[TTT_SPAKE2_MESSAGE_SIZE];

  g_assert_cmpuint (g_bytes_get_size (point), ==, 32);
  message[0] = (guint8) side;
  memcpy (message + 1, g_bytes_get_data (point, NULL), 32);
  assert_finish_refused (message, sizeof message);
}

static void
test_spake2_bad_messages (void)
{
  g_autoptr(TttSpake2) side = ttt_spake2_new ((const guint8 *) "4-purple-sausages", 17,
                                              (const guint8 *) APPID_GAME, strlen (APPID_GAME));
  g_autoptr(TttSpake2) other = ttt_spake2_new ((const guint8 *) "4-purple-sausages", 17,
                                               (const guint8 *) APPID_GAME, strlen (APPID_GAME));
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  g_autofree char *password_hex = hex_of_string ("4-purple-sausages");
  g_autofree char *id_hex = hex_of_string (APPID_GAME);
  guint8 good[TTT_SPAKE2_MESSAGE_SIZE];
  guint8 mine[TTT_SPAKE2_MESSAGE_SIZE];
  guint8 longer[TTT_SPAKE2_MESSAGE_SIZE + 1];
  guint8 bad[TTT_SPAKE2_MESSAGE_SIZE];
  guint8 key[TTT_WORMHOLE_KEY_SIZE];
  g_autoptr(GBytes) order_2 = unhex (small_order_points[4]);
  g_autofree char *mixed_hex = NULL;
  g_autofree char *side_a_hex = NULL;
  guint8 p[32];
  guint n;
  gsize i;

  ttt_spake2_get_message (other, good);
  ttt_spake2_get_message (side, mine);

  /* The wrong size. */
  assert_finish_refused (good, 0);
  assert_finish_refused (good, 1);
  assert_finish_refused (good, TTT_SPAKE2_MESSAGE_SIZE - 1);
  memcpy (longer, good, sizeof good);
  longer[TTT_SPAKE2_MESSAGE_SIZE] = 0;
  assert_finish_refused (longer, sizeof longer);

  /* The wrong side byte: A and B are the asymmetric sides. */
  memcpy (bad, good, sizeof bad);
  bad[0] = 'A';
  assert_finish_refused (bad, sizeof bad);
  bad[0] = 'B';
  assert_finish_refused (bad, sizeof bad);
  bad[0] = 's';
  assert_finish_refused (bad, sizeof bad);

  /* Not a point, and points of small order. */
  assert_point_refused (NOT_ON_CURVE, 'S');
  for (i = 0; i < G_N_ELEMENTS (small_order_points); i++)
    assert_point_refused (small_order_points[i], 'S');

  /* A good point plus the one of order 2: on the curve, but not in the
   * group of order L. */
  g_assert_cmpint (crypto_core_ed25519_add (p, good + 1, g_bytes_get_data (order_2, NULL)), ==, 0);
  mixed_hex = hex (p, sizeof p);
  assert_point_refused (mixed_hex, 'S');

  /* The identity (y = 1) written as y = 1 + p, an encoding nobody makes. */
  assert_point_refused ("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", 'S');

  /* Our own message, reflected. */
  {
    g_autoptr(GError) reflected = NULL;

    g_assert_false (ttt_spake2_finish (side, mine, sizeof mine, key, &reflected));
    g_assert_error (reflected, TTT_CONNECTION_ERROR, TTT_CONNECTION_ERROR_PROTOCOL);
  }

  /* python-spake2 refuses them too (not the wrong sizes: it reads the
   * first 32 bytes of the point and no more). */
  g_string_append_printf (requests, "spake2 %s %s - 53%s\n", password_hex, id_hex, NOT_ON_CURVE);
  for (i = 0; i < G_N_ELEMENTS (small_order_points); i++)
    g_string_append_printf (requests, "spake2 %s %s - 53%s\n", password_hex, id_hex, small_order_points[i]);
  g_string_append_printf (requests, "spake2 %s %s - 53%s\n", password_hex, id_hex, mixed_hex);
  side_a_hex = hex (good + 1, 32);
  g_string_append_printf (requests, "spake2 %s %s - 41%s\n", password_hex, id_hex, side_a_hex);
  answers = ask_reference (requests->str);
  for (n = 0; n < answers->len; n++)
    g_assert_cmpstr (answer (answers, n, 0), ==, "error");
  g_assert_cmpstr (answer (answers, 0, 1), ==, "NotOnCurve");
  g_assert_cmpstr (answer (answers, answers->len - 1, 1), ==, "OffSides");

  /* The good message is still good, to a side that has not finished. */
  {
    g_autoptr(TttSpake2) fresh = ttt_spake2_new ((const guint8 *) "4-purple-sausages", 17,
                                                 (const guint8 *) APPID_GAME, strlen (APPID_GAME));

    finish_ok (fresh, good, key);
  }
}

/* The seeds our tests give and the scalar they make. */
static void
seed_from (guint    index,
           guint8   seed[32])
{
  gsize i;

  for (i = 0; i < 32; i++)
    seed[i] = (guint8) (index * 37 + i * 11 + 1);
  /* Some above L, which both reduce. */
  if (index % 2 == 0)
    seed[31] |= 0xf0;
}

/* With the same scalar, our message is python-spake2's, byte for byte:
 * the password's scalar, the element S written down in
 * ttt-wormhole-crypto.c and the arithmetic all agree (with a wrong S,
 * or the password's bytes read the other way round, no message would).
 * And with fixed scalars on both sides, python-spake2's key from our
 * message is ours from its message, whichever message sorts first in
 * the transcript. */
static void
test_spake2_python_seeded (void)
{
  static const char *const passwords[] = {
    "7-guitarist-revenge", "", "0-a", "井字棋-密码",
    "a rather long password that goes on well past one SHA-256 block of sixty-four bytes",
  };
  static const char *const ids[] = { APPID_REFERENCE, APPID_GAME, "" };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  TttSpake2 *ours[G_N_ELEMENTS (passwords) * G_N_ELEMENTS (ids)];
  TttSpake2 *theirs[G_N_ELEMENTS (passwords) * G_N_ELEMENTS (ids)];
  guint ours_first = 0;
  guint theirs_first = 0;
  gsize i, j, k;

  for (i = 0, k = 0; i < G_N_ELEMENTS (passwords); i++)
    for (j = 0; j < G_N_ELEMENTS (ids); j++, k++)
      {
        g_autofree char *password_hex = hex_of_string (passwords[i]);
        g_autofree char *id_hex = hex_of_string (ids[j]);
        g_autofree char *seed_hex = NULL;
        g_autofree char *message_hex = NULL;
        guint8 seed[32];
        guint8 message[TTT_SPAKE2_MESSAGE_SIZE];

        seed_from ((guint) k, seed);
        ours[k] = ttt_spake2_new_with_seed ((const guint8 *) passwords[i], strlen (passwords[i]),
                                            (const guint8 *) ids[j], strlen (ids[j]), seed);
        ttt_spake2_get_message (ours[k], message);
        message_hex = hex (message, sizeof message);

        /* The other side's scalar, for python-spake2 and for ours. */
        seed_from ((guint) k + 64, seed);
        theirs[k] = ttt_spake2_new_with_seed ((const guint8 *) passwords[i], strlen (passwords[i]),
                                              (const guint8 *) ids[j], strlen (ids[j]), seed);
        seed_hex = hex (seed, sizeof seed);
        g_string_append_printf (requests, "spake2 %s %s %s %s\n",
                                password_hex, id_hex, seed_hex, message_hex);
      }
  answers = ask_reference (requests->str);

  for (k = 0; k < G_N_ELEMENTS (ours); k++)
    {
      g_autoptr(GBytes) their_message = unhex (answer (answers, (guint) k, 0));
      g_autoptr(GBytes) their_key = unhex (answer (answers, (guint) k, 1));
      guint8 message[TTT_SPAKE2_MESSAGE_SIZE];
      guint8 mine[TTT_SPAKE2_MESSAGE_SIZE];
      guint8 key[TTT_WORMHOLE_KEY_SIZE];

      /* The same scalar, the same message. */
      ttt_spake2_get_message (theirs[k], message);
      g_assert_cmpmem (message, sizeof message,
                       g_bytes_get_data (their_message, NULL), g_bytes_get_size (their_message));

      /* The same key. */
      finish_ok (ours[k], message, key);
      g_assert_cmpmem (key, sizeof key, g_bytes_get_data (their_key, NULL), g_bytes_get_size (their_key));

      ttt_spake2_get_message (ours[k], mine);
      if (memcmp (mine + 1, message + 1, 32) < 0)
        ours_first++;
      else
        theirs_first++;
      ttt_spake2_free (ours[k]);
      ttt_spake2_free (theirs[k]);
    }
  /* Both orders of the transcript were tried. */
  g_assert_cmpuint (ours_first, >, 0);
  g_assert_cmpuint (theirs_first, >, 0);
}

/* With random scalars on both sides, python-spake2 finishes with our
 * message and we with its, to the same key; a wrong password to
 * different keys. */
static void
test_spake2_python_exchange (void)
{
  static const struct {
    const char *password;
    const char *id;
    const char *their_password;
    const char *their_id;
    gboolean    agree;
  } cases[] = {
    { "7-guitarist-revenge", APPID_REFERENCE, "7-guitarist-revenge", APPID_REFERENCE, TRUE },
    { "123-absurd-adviser-aardvark", APPID_GAME, "123-absurd-adviser-aardvark", APPID_GAME, TRUE },
    { "", "", "", "", TRUE },
    { "7-guitarist-revenge", APPID_REFERENCE, "7-guitarist-revenue", APPID_REFERENCE, FALSE },
    { "7-guitarist-revenge", APPID_GAME, "7-guitarist-revenge", APPID_REFERENCE, FALSE },
  };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  TttSpake2 *sides[G_N_ELEMENTS (cases)];
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *password_hex = hex_of_string (cases[i].their_password);
      g_autofree char *id_hex = hex_of_string (cases[i].their_id);
      g_autofree char *message_hex = NULL;
      guint8 message[TTT_SPAKE2_MESSAGE_SIZE];

      sides[i] = ttt_spake2_new ((const guint8 *) cases[i].password, strlen (cases[i].password),
                                 (const guint8 *) cases[i].id, strlen (cases[i].id));
      ttt_spake2_get_message (sides[i], message);
      message_hex = hex (message, sizeof message);
      g_string_append_printf (requests, "spake2 %s %s - %s\n", password_hex, id_hex, message_hex);
    }
  answers = ask_reference (requests->str);

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GBytes) theirs = unhex (answer (answers, i, 0));
      g_autoptr(GBytes) their_key = unhex (answer (answers, i, 1));
      guint8 key[TTT_WORMHOLE_KEY_SIZE];

      g_assert_cmpuint (g_bytes_get_size (theirs), ==, TTT_SPAKE2_MESSAGE_SIZE);
      finish_ok (sides[i], g_bytes_get_data (theirs, NULL), key);
      if (cases[i].agree)
        g_assert_cmpmem (key, sizeof key, g_bytes_get_data (their_key, NULL), g_bytes_get_size (their_key));
      else
        g_assert_false (memcmp (key, g_bytes_get_data (their_key, NULL), sizeof key) == 0);
      ttt_spake2_free (sides[i]);
    }
}

/* Words */

static GPtrArray *
reference_words (char ***even,
                 char ***odd)
{
  GPtrArray *answers = ask_reference ("words even\nwords odd\n");

  *even = g_ptr_array_index (answers, 0);
  *odd = g_ptr_array_index (answers, 1);
  g_assert_cmpuint (g_strv_length (*even), ==, 256);
  g_assert_cmpuint (g_strv_length (*odd), ==, 256);

  return answers;
}

/* Our lists, in order, through completion: everything after "" (the
 * first word: odd) and after "x-" (the second: even). */
static void
test_words_lists (void)
{
  g_autoptr(GPtrArray) answers = NULL;
  g_auto(GStrv) first = ttt_wormhole_words_complete ("", 1000);
  g_auto(GStrv) second = ttt_wormhole_words_complete ("x-", 1000);
  char **even, **odd;
  guint i;

  answers = reference_words (&even, &odd);
  g_assert_cmpuint (answers->len, ==, 2);
  g_assert_cmpuint (g_strv_length (first), ==, 256);
  g_assert_cmpuint (g_strv_length (second), ==, 256);
  for (i = 0; i < 256; i++)
    {
      g_autofree char *prefixed = g_strconcat ("x-", even[i], NULL);

      g_assert_cmpstr (first[i], ==, odd[i]);
      g_assert_cmpstr (second[i], ==, prefixed);
    }
  /* The two lists have no word in common, or a dropped word could pass. */
  for (i = 0; i < 256; i++)
    g_assert_false (g_strv_contains ((const char *const *) odd, even[i]));
}

static void
test_words_complete (void)
{
  static const char *const prefixes[] = {
    "guit", "guitarist-re", "guitarist-revenge-", "guitarist-revenge-g", "a", "ab",
    "zz", "revenge", "guitarist-guit", "x-y-z-", "aardvark", "adroitness",
  };
  g_autoptr(GString) requests = g_string_new (NULL);
  g_autoptr(GPtrArray) answers = NULL;
  char **even, **odd;
  g_autoptr(GPtrArray) lists = reference_words (&even, &odd);
  gsize i;

  g_assert_cmpuint (lists->len, ==, 2);
  for (i = 0; i < G_N_ELEMENTS (prefixes); i++)
    g_string_append_printf (requests, "complete %s\n", prefixes[i]);
  answers = ask_reference (requests->str);

  /* The two of the header. */
  {
    g_auto(GStrv) guit = ttt_wormhole_words_complete ("guit", 10);
    g_auto(GStrv) re = ttt_wormhole_words_complete ("guitarist-re", 10);

    g_assert_cmpuint (g_strv_length (guit), ==, 1);
    g_assert_cmpstr (guit[0], ==, "guitarist");
    g_assert_true (g_strv_contains ((const char *const *) re, "guitarist-revenge"));
    g_assert_cmpstr (re[0], ==, "guitarist-rebirth");
  }

  for (i = 0; i < G_N_ELEMENTS (prefixes); i++)
    {
      g_auto(GStrv) ours = ttt_wormhole_words_complete (prefixes[i], 1000);
      char **theirs = g_ptr_array_index (answers, i);
      guint n_theirs = g_str_equal (theirs[0], "") ? 0 : g_strv_length (theirs);
      const char *last = strrchr (prefixes[i], '-');
      guint n_dashes = 0;
      char **list;
      const char *c;
      guint j, k = 0;

      for (c = prefixes[i]; *c != '\0'; c++)
        n_dashes += *c == '-';
      list = n_dashes % 2 == 0 ? odd : even;

      /* The same completions as magic-wormhole's … */
      g_assert_cmpuint (g_strv_length (ours), ==, n_theirs);
      for (j = 0; j < n_theirs; j++)
        g_assert_true (g_strv_contains ((const char *const *) ours, theirs[j]));

      /* … in the list's order. */
      last = last != NULL ? last + 1 : prefixes[i];
      for (j = 0; ours[j] != NULL; j++)
        {
          const char *word = ours[j] + (last - prefixes[i]);

          while (k < 256 && !g_str_equal (list[k], word))
            k++;
          g_assert_cmpuint (k, <, 256);
        }
    }

  /* As typed: no upper case in the list, and at most what was asked. */
  {
    g_auto(GStrv) upper = ttt_wormhole_words_complete ("Guit", 10);
    g_auto(GStrv) three = ttt_wormhole_words_complete ("", 3);
    g_auto(GStrv) none = ttt_wormhole_words_complete ("a", 0);

    g_assert_cmpuint (g_strv_length (upper), ==, 0);
    g_assert_cmpuint (g_strv_length (three), ==, 3);
    g_assert_cmpstr (three[0], ==, odd[0]);
    g_assert_cmpuint (g_strv_length (none), ==, 0);
  }
}

static void
test_words_choose (void)
{
  char **even, **odd;
  g_autoptr(GPtrArray) lists = reference_words (&even, &odd);
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint n_words;
  guint round;

  g_assert_cmpuint (lists->len, ==, 2);
  for (n_words = 1; n_words <= 4; n_words++)
    for (round = 0; round < 50; round++)
      {
        g_autofree char *words = ttt_wormhole_words_choose (n_words);
        g_autofree char *code = g_strconcat ("7-", words, NULL);
        g_auto(GStrv) parts = g_strsplit (words, "-", -1);
        g_auto(GStrv) completed = NULL;
        guint i;

        g_assert_cmpuint (g_strv_length (parts), ==, n_words);
        /* Odd, even, odd, …: the lists alternate. */
        for (i = 0; i < n_words; i++)
          g_assert_true (g_strv_contains ((const char *const *) (i % 2 == 0 ? odd : even), parts[i]));
        g_assert_true (ttt_wormhole_code_is_valid (code));
        /* What completion offers for it, it chose. */
        completed = ttt_wormhole_words_complete (words, 256);
        g_assert_true (g_strv_contains ((const char *const *) completed, words));
        if (n_words == 2)
          g_hash_table_add (seen, g_steal_pointer (&words));
      }

  /* Fifty two-word codes from 65,536: all the same would be chance
   * once in 2^800. */
  g_assert_cmpuint (g_hash_table_size (seen), >, 1);
}

static void
test_code_valid (void)
{
  static const char *const valid[] = {
    "7-guitarist-revenge", "7-a", "0-x", "007-x", "123456-abc-def-ghi",
    "7-anything", "7-Guitarist-REVENGE", "7-井字棋", "7-x-y", "7-a_b", "7-a.b",
  };
  static const char *const invalid[] = {
    "", "7", "7-", "-", "-guitarist", "guitarist-revenge", "7guitarist",
    "7 -guitarist", "7- guitarist", "7-guitarist revenge", "7-guitarist-",
    "7--revenge", "7-guitarist--revenge", " 7-a", "7-a ", "7-a\t", "7-a\n",
    "x7-a", "٣-a", "7-\u200b", "7-a\u00a0b", "7-a\x7f", "7-\xff",
  };
  gsize i;

  for (i = 0; i < G_N_ELEMENTS (valid); i++)
    {
      g_test_message ("valid: %s", valid[i]);
      g_assert_true (ttt_wormhole_code_is_valid (valid[i]));
    }
  for (i = 0; i < G_N_ELEMENTS (invalid); i++)
    {
      g_test_message ("invalid: %s", invalid[i]);
      g_assert_false (ttt_wormhole_code_is_valid (invalid[i]));
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_assert_true (ttt_wormhole_crypto_init ());
  g_assert_true (ttt_wormhole_crypto_init ());

  g_test_add_func ("/wormhole/hkdf/rfc5869", test_hkdf_rfc5869);
  g_test_add_func ("/wormhole/hkdf/others", test_hkdf_others);
  g_test_add_func ("/wormhole/derive", test_derive);
  g_test_add_func ("/wormhole/box/round-trip", test_box_round_trip);
  g_test_add_func ("/wormhole/box/flipped-bit", test_box_flipped_bit);
  g_test_add_func ("/wormhole/box/wrong-key", test_box_wrong_key);
  g_test_add_func ("/wormhole/box/too-short", test_box_too_short);
  g_test_add_func ("/wormhole/box/pynacl", test_box_pynacl);
  g_test_add_func ("/wormhole/hex", test_hex);
  g_test_add_func ("/wormhole/spake2/agree", test_spake2_agree);
  g_test_add_func ("/wormhole/spake2/wrong-password", test_spake2_wrong_password);
  g_test_add_func ("/wormhole/spake2/bad-messages", test_spake2_bad_messages);
  g_test_add_func ("/wormhole/spake2/python-seeded", test_spake2_python_seeded);
  g_test_add_func ("/wormhole/spake2/python-exchange", test_spake2_python_exchange);
  g_test_add_func ("/wormhole/words/lists", test_words_lists);
  g_test_add_func ("/wormhole/words/complete", test_words_complete);
  g_test_add_func ("/wormhole/words/choose", test_words_choose);
  g_test_add_func ("/wormhole/code/valid", test_code_valid);

  return g_test_run ();
}
