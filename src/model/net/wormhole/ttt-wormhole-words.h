/* ttt-wormhole-words.h — the words of a wormhole code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A code is a nameplate number and words: "7-guitarist-revenge". The
 * words come from the PGP word list, as magic-wormhole's clients choose
 * them: the list's odd words (three syllables, "guitarist") for the
 * first word after the number, its even words (two, "revenge") for the
 * next, and so on, so a person can type any client's code here and
 * complete it as they type.
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* @n_words random words joined by '-' (a new string), alternating odd
 * and even lists, from libsodium's random source. */
char     *ttt_wormhole_words_choose     (guint        n_words);

/* The words that complete what a person typed after the nameplate:
 * @typed is everything after "7-" ("guit" or "guitarist-re"); returns a
 * NULL-terminated array of whole completions ("guitarist-revenge"), in
 * the list's order, at most @max_results. Free with g_strfreev(). */
char    **ttt_wormhole_words_complete   (const char  *typed,
                                         guint        max_results);

/* TRUE if @code looks like a code: digits, then at least one '-' and a
 * word, no spaces; whether the words are in the list does not matter
 * (any text is a password). Trims nothing. */
gboolean  ttt_wormhole_code_is_valid    (const char  *code);

G_END_DECLS
