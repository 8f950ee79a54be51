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
    {
      N_("Two players take turns putting their mark in an empty square of a three by three board. X always moves first."),
      N_("The first to get three marks in a row, across, down or diagonally, wins the game."),
      N_("When all nine squares are full and nobody has three in a row, the game is a draw."),
      NULL,
    },
  },
  {
    TTT_VARIANT_ULTIMATE, "ultimate", &ttt_rules_ultimate,
    /* Translators: Ultimate Tic-Tac-Toe, a board of nine boards, as a
     * short name beside "Classic". */
    "game", NC_("game", "Ultimate"),
    N_("Nine small boards: where you play sends your opponent to that board; win three boards in a row"),
    "ultimate", FALSE,
    {
      N_("The board is nine small boards in a three by three grid. Each move puts your mark in a cell of a small board, and the place of that cell sends your opponent to the matching small board."),
      N_("A small board is closed when someone has three in a row in it or when it is full. A player sent to a closed board may play in any open board."),
      N_("Win three small boards in a row, across, down or diagonally, to win the game. A small board that fills up without a row counts for nobody."),
      NULL,
    },
  },
  {
    TTT_VARIANT_MISERE, "misere", &ttt_rules_misere,
    /* Translators: Misère Tic-Tac-Toe, where three in a row loses, as a
     * short name beside "Classic" and "Ultimate". */
    "game", NC_("game", "Misère"),
    N_("One board, turned around: whoever makes three in a row loses"),
    "misere", TRUE,
    {
      N_("Misère is played on the board of the classic game, and X moves first, but the goal is turned around: whoever completes three of their own marks in a row loses the game."),
      N_("Every move must still go on an empty square, so a player whose every empty square would complete a row of their own has to take one of them and lose."),
      N_("When all nine squares are full and nobody has a row, the game is a draw."),
      NULL,
    },
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

const char *
ttt_variants_get_rules_text (TttVariant variant,
                             guint      index)
{
  const TttVariantInfo *info = ttt_variants_get (variant);

  if (index >= G_N_ELEMENTS (info->rules_text) || info->rules_text[index] == NULL)
    return NULL;

  return _(info->rules_text[index]);
}

const TttVariantInfo *
ttt_variants_get_nth (guint index)
{
  g_return_val_if_fail (index < G_N_ELEMENTS (variants), NULL);

  return &variants[index];
}
