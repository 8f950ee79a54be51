/* test-variants.c — the table of the games, and positions over it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every TttVariant has one row, whose id is the settings' nick for it and
 * whose rules are the engine's of that id; a TttPosition plays by its
 * row's rules alone, refusing what they refuse and leaving itself as it
 * was.
 */

#include "config.h"

#include <string.h>

#include "model-helpers.h"
#include "ttt-game.h"
#include "ttt-player.h"
#include "ttt-position.h"
#include "ttt-setup.h"
#include "ttt-variants.h"
#include "ttt-words.h"

static void
test_rows (void)
{
  g_autoptr(GEnumClass) variants = g_type_class_ref (TTT_TYPE_VARIANT);

  /* One row per value of the enum the settings use, each its own. */
  g_assert_cmpuint (ttt_variants_get_n (), ==, variants->n_values);
  for (guint i = 0; i < variants->n_values; i++)
    {
      const GEnumValue *value = &variants->values[i];
      const TttVariantInfo *info = ttt_variants_get (value->value);

      g_assert_cmpint (info->variant, ==, value->value);
      g_assert_cmpstr (info->id, ==, value->value_nick);
      g_assert_true (ttt_variants_lookup (info->id) == info);
      g_assert_nonnull (info->rules);
      g_assert_cmpstr (info->rules->id, ==, info->id);
      g_assert_true (ttt_variants_get_rules (value->value) == info->rules);
      g_assert_cmpstr (ttt_variants_get_name (value->value), !=, "");
    }
  g_assert_cmpstr (ttt_variants_get_name (TTT_VARIANT_CLASSIC), ==, "Classic");
  g_assert_cmpstr (ttt_variants_get_name (TTT_VARIANT_ULTIMATE), ==, "Ultimate");
  g_assert_true (ttt_variants_get (TTT_VARIANT_CLASSIC)->solved);
  g_assert_false (ttt_variants_get (TTT_VARIANT_ULTIMATE)->solved);
  g_assert_cmpstr (ttt_variants_get_name (TTT_VARIANT_MISERE), ==, "Misère");
  g_assert_true (ttt_variants_get (TTT_VARIANT_MISERE)->solved);
  /* A solved game answers perfect play through its rules, and one that
   * is not has none to answer. */
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    {
      const TttVariantInfo *info = ttt_variants_get_nth (i);

      g_assert_true (info->solved == (info->rules->score != NULL));
      g_assert_true (info->solved == (info->rules->review != NULL));
    }
  g_assert_null (ttt_variants_lookup ("chess"));
  g_assert_null (ttt_variants_lookup (""));
}

/* The levels each game offers, and a level's counterpart in a game that
 * does not offer it. */
static void
test_levels (void)
{
  static const TttLevel three[] = { TTT_LEVEL_EASY, TTT_LEVEL_MEDIUM, TTT_LEVEL_HARD };
  static const TttLevel ladder[] = {
    TTT_LEVEL_BEGINNER, TTT_LEVEL_CASUAL, TTT_LEVEL_CLUB, TTT_LEVEL_STRONG, TTT_LEVEL_MASTER,
  };
  static const struct { TttVariant variant; TttLevel level, fits; } counterparts[] = {
    { TTT_VARIANT_ULTIMATE, TTT_LEVEL_EASY, TTT_LEVEL_CASUAL },
    { TTT_VARIANT_ULTIMATE, TTT_LEVEL_MEDIUM, TTT_LEVEL_CLUB },
    { TTT_VARIANT_ULTIMATE, TTT_LEVEL_HARD, TTT_LEVEL_MASTER },
    { TTT_VARIANT_CLASSIC, TTT_LEVEL_BEGINNER, TTT_LEVEL_EASY },
    { TTT_VARIANT_CLASSIC, TTT_LEVEL_CASUAL, TTT_LEVEL_EASY },
    { TTT_VARIANT_CLASSIC, TTT_LEVEL_CLUB, TTT_LEVEL_MEDIUM },
    { TTT_VARIANT_MISERE, TTT_LEVEL_STRONG, TTT_LEVEL_HARD },
    { TTT_VARIANT_MISERE, TTT_LEVEL_MASTER, TTT_LEVEL_HARD },
  };
  g_autoptr(GEnumClass) levels = g_type_class_ref (TTT_TYPE_LEVEL);
  g_autoptr(TttSetup) setup = ttt_setup_new ();

  g_assert_cmpuint (ttt_variants_get_n_levels (TTT_VARIANT_CLASSIC), ==, G_N_ELEMENTS (three));
  g_assert_cmpuint (ttt_variants_get_n_levels (TTT_VARIANT_MISERE), ==, G_N_ELEMENTS (three));
  for (guint i = 0; i < G_N_ELEMENTS (three); i++)
    {
      g_assert_cmpint (ttt_variants_get_level (TTT_VARIANT_CLASSIC, i), ==, three[i]);
      g_assert_cmpint (ttt_variants_get_level (TTT_VARIANT_MISERE, i), ==, three[i]);
    }
  g_assert_cmpuint (ttt_variants_get_n_levels (TTT_VARIANT_ULTIMATE), ==, G_N_ELEMENTS (ladder));
  for (guint i = 0; i < G_N_ELEMENTS (ladder); i++)
    {
      g_assert_cmpint (ttt_variants_get_level (TTT_VARIANT_ULTIMATE, i), ==, ladder[i]);
      g_assert_cmpint (ttt_variants_find_level (TTT_VARIANT_ULTIMATE, ladder[i]), ==, (int) i);
      g_assert_cmpint (ttt_variants_find_level (TTT_VARIANT_CLASSIC, ladder[i]), ==, -1);
    }
  g_assert_cmpstr (ttt_variants_get_level_name (TTT_LEVEL_CLUB), ==, "Club");
  g_assert_cmpstr (ttt_variants_get_level_name (TTT_LEVEL_MEDIUM), ==, "Medium");

  /* Each level's id is the nick the settings store. */
  for (guint i = 0; i < levels->n_values; i++)
    g_assert_cmpstr (ttt_variants_get_level_id (levels->values[i].value), ==, levels->values[i].value_nick);

  for (guint i = 0; i < G_N_ELEMENTS (counterparts); i++)
    {
      g_assert_cmpint (ttt_variants_fit_level (counterparts[i].variant, counterparts[i].level), ==,
                       counterparts[i].fits);
      /* A setup keeps the level chosen and plays its counterpart. */
      ttt_setup_set_variant (setup, counterparts[i].variant);
      ttt_setup_set_difficulty (setup, counterparts[i].level);
      g_assert_cmpint (ttt_setup_get_difficulty (setup), ==, counterparts[i].fits);
      {
        TttLevel kept;

        g_object_get (setup, "difficulty", &kept, NULL);
        g_assert_cmpint (kept, ==, counterparts[i].level);
      }
    }
}

/* A whole game of each variant through TttPosition: the first legal move
 * each time, every illegal one refused with the position unchanged. */
static void
test_positions (void)
{
  for (guint v = 0; v < ttt_variants_get_n (); v++)
    {
      g_autoptr(GEnumClass) variants = g_type_class_ref (TTT_TYPE_VARIANT);
      TttVariant variant = variants->values[v].value;
      const TttRules *rules = ttt_variants_get_rules (variant);
      TttPosition position;
      guint moves = 0;

      ttt_position_clear (&position, variant);
      g_assert_cmpint (position.variant, ==, variant);
      g_assert_cmpint (position.last_move, ==, -1);
      g_assert_cmpint (ttt_position_get_n_cells (&position), ==, rules->n_cells);
      g_assert_cmpint (ttt_position_get_turn (&position), ==, TTT_MARK_X);

      while (ttt_position_get_outcome (&position) == TTT_OUTCOME_ONGOING)
        {
          TttMark turn = ttt_position_get_turn (&position);
          int played = -1;

          for (int cell = -1; cell <= rules->n_cells; cell++)
            {
              TttPosition before;

              /* Every byte, padding too, to compare every byte. */
              memcpy (&before, &position, sizeof before);

              if (!ttt_position_is_legal (&position, cell))
                {
                  g_assert_cmpint (ttt_position_play (&position, cell), !=, TTT_OK);
                  g_assert_cmpmem (&position, sizeof position, &before, sizeof before);
                  continue;
                }
              if (played < 0)
                played = cell;
            }
          g_assert_cmpint (played, >=, 0);
          g_assert_cmpint (ttt_position_play (&position, played), ==, TTT_OK);
          g_assert_cmpint (ttt_position_get_cell (&position, played), ==, turn);
          g_assert_cmpint (position.last_move, ==, played);
          moves++;
        }
      g_test_message ("%s: %u moves to %d", ttt_variants_get (variant)->id, moves,
                      ttt_position_get_outcome (&position));
      g_assert_cmpint (ttt_position_get_turn (&position), ==, TTT_MARK_NONE);
      g_assert_cmpint (ttt_position_get_cell (&position, -1), ==, TTT_MARK_NONE);
      g_assert_cmpint (ttt_position_get_cell (&position, rules->n_cells), ==, TTT_MARK_NONE);
    }
}

/* A cell's name comes from the game's rules: rows and columns of its
 * one block, or the small board first. */
static void
test_cell_names (void)
{
  g_autofree char *first = ttt_words_cell_name (TTT_VARIANT_CLASSIC, 0, TTT_MARK_X);
  g_autofree char *last = ttt_words_cell_name (TTT_VARIANT_CLASSIC, 8, TTT_MARK_NONE);
  g_autofree char *ultimate = ttt_words_cell_name (TTT_VARIANT_ULTIMATE, 5, TTT_MARK_O);

  g_assert_cmpstr (first, ==, "Row 1, column 1, X");
  g_assert_cmpstr (last, ==, "Row 3, column 3, empty");
  /* Board 0's sixth cell: its row 2, column 3. */
  g_assert_cmpstr (ultimate, ==, "Top-left board, row 2, column 3, O");
}

/* A network game's subtitle says which mark the person here plays and
 * against whom; its narrow form, for a header with no room for the
 * title, names the game (but the classic one) and the friend only, so
 * that the name is not what is cut: the badges say the marks. A game
 * being played says the same as the one being set up. */
static void
test_net_subtitles (void)
{
  static const struct {
    TttVariant  variant;
    TttMark     mine;
    const char *subtitle;
    const char *narrow;
  } games[] = {
    { TTT_VARIANT_CLASSIC, TTT_MARK_X, "You play X against “Ben”", "vs. “Ben”" },
    { TTT_VARIANT_CLASSIC, TTT_MARK_O, "You play O against “Ben”", "vs. “Ben”" },
    { TTT_VARIANT_ULTIMATE, TTT_MARK_X, "Ultimate · You play X against “Ben”", "Ultimate · vs. “Ben”" },
    { TTT_VARIANT_ULTIMATE, TTT_MARK_O, "Ultimate · You play O against “Ben”", "Ultimate · vs. “Ben”" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (games); i++)
    {
      g_autofree char *subtitle = ttt_words_net_subtitle (games[i].variant, games[i].mine, "“Ben”");
      g_autofree char *narrow = ttt_words_net_short_subtitle (games[i].variant, "“Ben”");
      g_autofree char *playing = NULL;
      g_autofree char *playing_narrow = NULL;
      TttGame *game = ttt_test_game_new (1);
      /* Someone elsewhere, as far as the game can tell: not local. */
      g_autoptr(TttPlayer) ben = g_object_new (TTT_TYPE_COMPUTER_PLAYER, "name", "“Ben”", NULL);

      g_assert_cmpstr (subtitle, ==, games[i].subtitle);
      g_assert_cmpstr (narrow, ==, games[i].narrow);

      ttt_game_start_remote (game, ben, games[i].variant, games[i].mine);
      playing = ttt_words_subtitle (game);
      playing_narrow = ttt_words_short_subtitle (game);
      g_assert_cmpstr (playing, ==, games[i].subtitle);
      g_assert_cmpstr (playing_narrow, ==, games[i].narrow);
      g_object_unref (game);
      ttt_test_iterate ();
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/model/variants/rows", test_rows);
  g_test_add_func ("/model/variants/levels", test_levels);
  g_test_add_func ("/model/variants/positions", test_positions);
  g_test_add_func ("/model/variants/cell-names", test_cell_names);
  g_test_add_func ("/model/variants/net-subtitles", test_net_subtitles);

  return g_test_run ();
}
