/* ttt-variants.c — the games this game plays, in one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-variants.h"

static const TttVariantInfo variants[] = {
  {
    TTT_VARIANT_CLASSIC, "classic", &ttt_rules_classic,
    /* Translators: classic tic-tac-toe on one board, as a short name
     * beside "Ultimate". */
    "game", NC_("game", "Classic"),
    N_("Three in a row on one board"),
    "rules", TRUE,
  },
  {
    TTT_VARIANT_ULTIMATE, "ultimate", &ttt_rules_ultimate,
    /* Translators: Ultimate Tic-Tac-Toe, a board of nine boards, as a
     * short name beside "Classic". */
    "game", NC_("game", "Ultimate"),
    N_("Nine small boards: where you play sends your opponent to that board; win three boards in a row"),
    "ultimate", FALSE,
  },
  {
    TTT_VARIANT_MISERE, "misere", &ttt_rules_misere,
    /* Translators: Misère Tic-Tac-Toe, where three in a row loses, as a
     * short name beside "Classic" and "Ultimate". */
    "game", NC_("game", "Misère"),
    N_("One board, turned around: whoever makes three in a row loses"),
    "misere", TRUE,
  },
};

guint
ttt_variants_get_n (void)
{
  return G_N_ELEMENTS (variants);
}

const TttVariantInfo *
ttt_variants_get (TttVariant variant)
{
  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    if (variants[i].variant == variant)
      return &variants[i];

  g_return_val_if_reached (&variants[0]);
}

const TttVariantInfo *
ttt_variants_lookup (const char *id)
{
  g_return_val_if_fail (id != NULL, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (variants); i++)
    if (g_str_equal (variants[i].id, id))
      return &variants[i];

  return NULL;
}

const TttRules *
ttt_variants_get_rules (TttVariant variant)
{
  return ttt_variants_get (variant)->rules;
}

const char *
ttt_variants_get_name (TttVariant variant)
{
  const TttVariantInfo *info = ttt_variants_get (variant);

  return g_dpgettext2 (NULL, info->name_context, info->name);
}

const char *
ttt_variants_get_description (TttVariant variant)
{
  return _(ttt_variants_get (variant)->description);
}

const TttVariantInfo *
ttt_variants_get_nth (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (variants), NULL);

  return &variants[index];
}
