/* ttt-variants.h — the games this game plays, in one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per TttVariant: its id (the settings' nick, the network's game
 * name), its rules (the engine's TttRules, which know the geometry and
 * every rule), its name and its line as the New Game screen and the
 * subtitle say them, and the manual's page on its rules. Code above asks the row, not the variant: a new game is a new row.
 */

#pragma once

#include <glib.h>

#include "ttt-enums.h"
#include "ttt-rules.h"

G_BEGIN_DECLS

#define TTT_VARIANTS_MAX_LEVELS 5

typedef struct
{
  TttVariant      variant;
  const char     *id;        /* "classic", "ultimate" */
  const TttRules *rules;
  const char     *name_context;
  const char     *name;         /* untranslated; see ttt_variants_get_name() */
  const char     *description;  /* untranslated; ttt_variants_get_description() */
  const char     *help_page;    /* the manual's page on its rules */
  gboolean        solved;       /* the coach's figures are exact, not a
                                 * search's estimates */
  /* The rules in a few paragraphs, untranslated, NULL after the last:
   * what the rules window shows; the manual says the same at length. */
  const char     *rules_text[4];
  /* The levels of the computer it offers, weakest first, and the one a
   * setup starts at. */
  TttLevel        levels[TTT_VARIANTS_MAX_LEVELS];
  guint           n_levels;
  TttLevel        default_level;
} TttVariantInfo;

guint                  ttt_variants_get_n     (void);
/* The row of @variant; the first row for a value there is none of. */
const TttVariantInfo  *ttt_variants_get       (TttVariant  variant);
/* The row whose id is @id, or NULL. */
const TttVariantInfo  *ttt_variants_lookup    (const char *id);
const TttRules        *ttt_variants_get_rules (TttVariant  variant);
/* The game's short name, translated: "Classic", "Ultimate". */
const char            *ttt_variants_get_name  (TttVariant  variant);
/* What it is in a line, translated, as the New Game screen says it. */
const char            *ttt_variants_get_description (TttVariant variant);
/* Paragraph @index of its rules, translated; NULL past the last. */
const char            *ttt_variants_get_rules_text (TttVariant variant,
                                                    guint      index);
/* The row at @index, 0 to ttt_variants_get_n() − 1, in the order a list
 * of the games shows them. */
const TttVariantInfo  *ttt_variants_get_nth   (guint       index);

/* The levels */

/* How many levels @variant offers, and the one at @index (weakest first). */
guint                  ttt_variants_get_n_levels   (TttVariant variant);
TttLevel               ttt_variants_get_level      (TttVariant variant,
                                                    guint      index);
/* Where @level is in @variant's list, or −1 if it does not offer it. */
int                    ttt_variants_find_level     (TttVariant variant,
                                                    TttLevel   level);
/* @level if @variant offers it, else its counterpart there: the level of
 * the nearest strength (Easy is Casual in Ultimate, Medium Club, Hard
 * Master; and back, Beginner and Casual are Easy, Club is Medium, Strong
 * and Master Hard). So a level chosen for one game stays meaningful in
 * another, and the settings of a version before the ladder keep theirs. */
TttLevel               ttt_variants_fit_level      (TttVariant variant,
                                                    TttLevel   level);
/* The level's name, translated: "Easy", "Club". */
const char            *ttt_variants_get_level_name (TttLevel   level);
/* Its nick, as the settings store it: "easy", "club". */
const char            *ttt_variants_get_level_id   (TttLevel   level);

G_END_DECLS
