/* ttt-variants.c — the games this game plays, in one table
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-variants.h"

/* Every level, in the enum's order. The strength is on one scale for both
 * ladders, 0 to 4, so that a level has a counterpart in the other. */
static const struct
{
  TttLevel    level;
  const char *id;
  const char *name;
  int         strength;
} levels[TTT_N_LEVELS] = {
  /* Translators: a level of the computer in the classic game and
   * Misère. */
  { TTT_LEVEL_EASY, "easy", NC_("difficulty", "Easy"), 1 },
  { TTT_LEVEL_MEDIUM, "medium", NC_("difficulty", "Medium"), 2 },
  { TTT_LEVEL_HARD, "hard", NC_("difficulty", "Hard"), 4 },
  /* Translators: the levels of the computer in Ultimate, named for the
   * players they play like, from someone who has just learnt the rules
   * to a master. */
  { TTT_LEVEL_BEGINNER, "beginner", NC_("difficulty", "Beginner"), 0 },
  { TTT_LEVEL_CASUAL, "casual", NC_("difficulty", "Casual"), 1 },
  { TTT_LEVEL_CLUB, "club", NC_("difficulty", "Club"), 2 },
  { TTT_LEVEL_STRONG, "strong", NC_("difficulty", "Strong"), 3 },
  { TTT_LEVEL_MASTER, "master", NC_("difficulty", "Master"), 4 },
};

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
    { TTT_LEVEL_EASY, TTT_LEVEL_MEDIUM, TTT_LEVEL_HARD }, 3, TTT_LEVEL_MEDIUM,
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
    /* A ladder (ttt-ultimate.h): the search is strong enough that three
     * levels left a cliff between the first and the second. */
    {
      TTT_LEVEL_BEGINNER, TTT_LEVEL_CASUAL, TTT_LEVEL_CLUB, TTT_LEVEL_STRONG, TTT_LEVEL_MASTER,
    },
    5, TTT_LEVEL_CLUB,
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
    { TTT_LEVEL_EASY, TTT_LEVEL_MEDIUM, TTT_LEVEL_HARD }, 3, TTT_LEVEL_MEDIUM,
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

guint
ttt_variants_get_n_levels (TttVariant variant)
{
  return ttt_variants_get (variant)->n_levels;
}

TttLevel
ttt_variants_get_level (TttVariant variant,
                        guint      index)
{
  const TttVariantInfo *info = ttt_variants_get (variant);

  g_return_val_if_fail (index < info->n_levels, info->default_level);

  return info->levels[index];
}

int
ttt_variants_find_level (TttVariant variant,
                         TttLevel   level)
{
  const TttVariantInfo *info = ttt_variants_get (variant);

  for (guint i = 0; i < info->n_levels; i++)
    if (info->levels[i] == level)
      return (int) i;

  return -1;
}

TttLevel
ttt_variants_fit_level (TttVariant variant,
                        TttLevel   level)
{
  const TttVariantInfo *info = ttt_variants_get (variant);
  TttLevel best;
  int best_gap = G_MAXINT;

  g_return_val_if_fail ((guint) level < TTT_N_LEVELS, info->default_level);

  if (ttt_variants_find_level (variant, level) >= 0)
    return level;

  /* The nearest in strength; between two as near, the stronger. */
  best = info->default_level;
  for (guint i = 0; i < info->n_levels; i++)
    {
      int gap = ABS (levels[info->levels[i]].strength - levels[level].strength);

      if (gap < best_gap || (gap == best_gap && levels[info->levels[i]].strength > levels[best].strength))
        {
          best_gap = gap;
          best = info->levels[i];
        }
    }

  return best;
}

const char *
ttt_variants_get_level_name (TttLevel level)
{
  g_return_val_if_fail ((guint) level < TTT_N_LEVELS, "");

  return g_dpgettext2 (NULL, "difficulty", levels[level].name);
}

const char *
ttt_variants_get_level_id (TttLevel level)
{
  g_return_val_if_fail ((guint) level < TTT_N_LEVELS, "");

  return levels[level].id;
}
