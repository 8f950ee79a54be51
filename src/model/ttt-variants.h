/* ttt-variants.h — the games this game plays, in one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One row per TttVariant: its id (the settings' nick, the network's game
 * name), its rules (the engine's TttRules, which know the geometry and
 * every rule) and its name as the New Game screen and the subtitle say
 * it. Code above asks the row, not the variant: a new game is a new row.
 */

#pragma once

#include <glib.h>

#include "ttt-enums.h"
#include "ttt-rules.h"

G_BEGIN_DECLS

typedef struct
{
  TttVariant      variant;
  const char     *id;        /* "classic", "ultimate" */
  const TttRules *rules;
  const char     *name_context;
  const char     *name;      /* untranslated; see ttt_variants_get_name() */
} TttVariantInfo;

guint                  ttt_variants_get_n     (void);
/* The row of @variant; the first row for a value there is none of. */
const TttVariantInfo  *ttt_variants_get       (TttVariant  variant);
/* The row whose id is @id, or NULL. */
const TttVariantInfo  *ttt_variants_lookup    (const char *id);
const TttRules        *ttt_variants_get_rules (TttVariant  variant);
/* The game's short name, translated: "Classic", "Ultimate". */
const char            *ttt_variants_get_name  (TttVariant  variant);

G_END_DECLS
