/* ttt-tally.c — one tally of results: which one, and how games add up in it
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A tally is a game of the registry and a kind of opponent (a level, two
 * people here, someone elsewhere); its counts never wrap, they stop at
 * G_MAXUINT32. TttStatistics keeps one of each (ttt-statistics.c); what
 * is here needs no statistics object: the tallies' names, and the
 * arithmetic of one tally.
 */

#include "config.h"

#include "ttt-tally-private.h"
#include "ttt-variants.h"

/* The tallies' names, made once from the registry: a tally of each kind
 * for each game (see ttt-statistics.h). */
GType
ttt_tally_id_get_type (void)
{
  static const char *const kind_nicks[TTT_N_TALLY_KINDS] = {
    "easy", "medium", "hard", "two-players", "network",
    "beginner", "casual", "club", "strong", "master",
  };
  static gsize type;

  if (g_once_init_enter (&type))
    {
      /* Kept for the life of the type, as GType wants them. */
      GEnumValue *values = g_new0 (GEnumValue, TTT_N_TALLIES + 1);

      for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
        {
          const TttVariantInfo *info = ttt_variants_get (ttt_tally_id_get_variant (id));
          const char *kind = kind_nicks[ttt_tally_id_get_kind (id)];
          g_autofree char *nick = g_strdup_printf ("%s-%s", info->id, kind);

          values[id].value = (int) id;
          values[id].value_nick = id < TTT_N_TALLY_KINDS ? kind : g_intern_string (nick);
          values[id].value_name = values[id].value_nick;
        }
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("TttTallyId"), values));
    }

  return type;
}

G_DEFINE_ENUM_TYPE (TttResult, ttt_result,
  G_DEFINE_ENUM_VALUE (TTT_RESULT_WON, "won"),
  G_DEFINE_ENUM_VALUE (TTT_RESULT_DRAWN, "drawn"),
  G_DEFINE_ENUM_VALUE (TTT_RESULT_LOST, "lost"))

static guint32
add_saturated (guint32 a,
               guint32 b)
{
  return a > G_MAXUINT32 - b ? G_MAXUINT32 : a + b;
}

/* The key of @id in the stored value: its nick. */
const char *
ttt_tally_key (TttTallyId id)
{
  GEnumClass *klass = g_type_class_peek (TTT_TYPE_TALLY_ID);

  return g_enum_get_value (klass, id)->value_nick;
}

/* A key names the tally it is the nick of; a level its game does not
 * offer (the results of Ultimate at Easy, Medium and Hard from before the
 * ladder) names the tally of its counterpart there. */
gboolean
ttt_tally_id_from_key (const char *key,
                   TttTallyId *id)
{
  GEnumClass *klass = g_type_class_peek (TTT_TYPE_TALLY_ID);
  GEnumValue *value = g_enum_get_value_by_nick (klass, key);
  TttLevel level;

  if (value == NULL)
    return FALSE;

  *id = value->value;
  if (ttt_tally_kind_get_level (ttt_tally_id_get_kind (*id), &level))
    *id = ttt_tally_id_for_game (ttt_tally_id_get_variant (*id), FALSE, level);

  return TRUE;
}

/* The levels' kinds, in the enum's order of levels. */
static const TttTallyKind level_kinds[TTT_N_LEVELS] = {
  TTT_TALLY_EASY, TTT_TALLY_MEDIUM, TTT_TALLY_HARD,
  TTT_TALLY_BEGINNER, TTT_TALLY_CASUAL, TTT_TALLY_CLUB, TTT_TALLY_STRONG, TTT_TALLY_MASTER,
};

/**
 * ttt_tally_id_for_level:
 * @level: a level against the computer
 *
 * Returns: the tally that classic games at @level count into, and the
 *   kind of tally of that level in any game
 */
TttTallyId
ttt_tally_id_for_level (TttLevel level)
{
  g_return_val_if_fail ((guint) level < TTT_N_LEVELS, TTT_TALLY_MEDIUM);

  return level_kinds[level];
}

gboolean
ttt_tally_kind_get_level (TttTallyKind  kind,
                          TttLevel     *level)
{
  for (guint i = 0; i < TTT_N_LEVELS; i++)
    if (level_kinds[i] == kind)
      {
        if (level != NULL)
          *level = (TttLevel) i;
        return TRUE;
      }

  return FALSE;
}

gboolean
ttt_tally_id_is_shown (TttTallyId id)
{
  TttLevel level;

  g_return_val_if_fail (id < TTT_N_TALLIES, FALSE);

  if (!ttt_tally_kind_get_level (ttt_tally_id_get_kind (id), &level))
    return TRUE;

  return ttt_variants_find_level (ttt_tally_id_get_variant (id), level) >= 0;
}

/**
 * ttt_tally_id_for_game:
 * @variant: the game played
 * @two_players: whether two people played it, rather than one against
 *   the computer
 * @level: the computer's level (unused for two people); one the game
 *   does not offer counts as its counterpart there
 *
 * Returns: the tally that such a game counts into
 */
TttTallyId
ttt_tally_id_for_game (TttVariant variant,
                       gboolean   two_players,
                       TttLevel   level)
{
  g_return_val_if_fail ((guint) variant < TTT_N_VARIANTS, TTT_TALLY_MEDIUM);

  if (two_players)
    return TTT_TALLY_ID (variant, TTT_TALLY_TWO_PLAYERS);

  /* A level the game does not offer plays, and counts, as its
   * counterpart. */
  return TTT_TALLY_ID (variant, ttt_tally_id_for_level (ttt_variants_fit_level (variant, level)));
}

/* Between two people: no streaks, X's wins where a level has the person's. */
gboolean
ttt_tally_id_is_two_players (TttTallyId id)
{
  return ttt_tally_id_get_kind (id) == TTT_TALLY_TWO_PLAYERS;
}

/* Against someone on another computer, in @variant. */
TttTallyId
ttt_tally_id_for_network (TttVariant variant)
{
  g_return_val_if_fail ((guint) variant < TTT_N_VARIANTS, TTT_TALLY_NETWORK);

  return TTT_TALLY_ID (variant, TTT_TALLY_NETWORK);
}

gboolean
ttt_tally_id_is_network (TttTallyId id)
{
  return ttt_tally_id_get_kind (id) == TTT_TALLY_NETWORK;
}

TttVariant
ttt_tally_id_get_variant (TttTallyId id)
{
  g_return_val_if_fail (id < TTT_N_TALLIES, 0);

  return (TttVariant) (id / TTT_N_TALLY_KINDS);
}

TttTallyKind
ttt_tally_id_get_kind (TttTallyId id)
{
  return (TttTallyKind) (id % TTT_N_TALLY_KINDS);
}

/* Wider than the counts, which may each be at their maximum. */
guint64
ttt_tally_get_games (const TttTally *tally)
{
  g_return_val_if_fail (tally != NULL, 0);

  return (guint64) tally->won + tally->drawn + tally->lost;
}

gboolean
ttt_tally_is_empty (const TttTally *tally)
{
  g_return_val_if_fail (tally != NULL, TRUE);

  return tally->won == 0 && tally->drawn == 0 && tally->lost == 0 &&
         tally->streak == 0 && tally->best_streak == 0;
}

/* @part of @games as a whole percent, 100 and 0 only when exact. */
static int
share_percent (guint64 part,
               guint64 games)
{
  guint64 percent = (200 * part + games) / (2 * games);

  if (percent == 100 && part < games)
    percent = 99;
  else if (percent == 0 && part > 0)
    percent = 1;

  return (int) percent;
}

/**
 * ttt_tally_get_win_percent:
 * @tally: a tally
 *
 * The share of games won, rounded to a whole percent, except that it says
 * 100 only when every game was won and 0 only when none was: one loss in
 * a thousand games is not a perfect record.
 *
 * Returns: 0–100, or −1 when no game was played
 */
int
ttt_tally_get_win_percent (const TttTally *tally)
{
  guint64 games;

  g_return_val_if_fail (tally != NULL, -1);

  games = ttt_tally_get_games (tally);
  if (games == 0)
    return -1;

  return share_percent (tally->won, games);
}

/**
 * ttt_tally_get_not_lost_percent:
 * @tally: a tally
 *
 * The share of games won or drawn, rounded as ttt_tally_get_win_percent()
 * rounds: the figure that can grow against a side that never loses.
 *
 * Returns: 0–100, or −1 when no game was played
 */
int
ttt_tally_get_not_lost_percent (const TttTally *tally)
{
  guint64 games;

  g_return_val_if_fail (tally != NULL, -1);

  games = ttt_tally_get_games (tally);
  if (games == 0)
    return -1;

  return share_percent ((guint64) tally->won + tally->drawn, games);
}

/* Whether @tally is one that counting games can produce: a streak is never
 * longer than the best, nor the best than the wins; two people have none. */
gboolean
ttt_tally_is_consistent (TttTallyId      id,
                     const TttTally *tally)
{
  if (ttt_tally_id_is_two_players (id))
    return tally->streak == 0 && tally->best_streak == 0;

  return tally->streak <= tally->best_streak && tally->best_streak <= tally->won;
}

/* One game's @result counted into @tally, of @id. */
void
ttt_tally_add_result (TttTallyId  id,
                  TttTally   *tally,
                  TttResult   result)
{
  switch (result)
    {
    case TTT_RESULT_WON:
      tally->won = add_saturated (tally->won, 1);
      if (!ttt_tally_id_is_two_players (id))
        {
          tally->streak = add_saturated (tally->streak, 1);
          tally->best_streak = MAX (tally->best_streak, tally->streak);
        }
      break;

    case TTT_RESULT_DRAWN:
      tally->drawn = add_saturated (tally->drawn, 1);
      tally->streak = 0;
      break;

    case TTT_RESULT_LOST:
      tally->lost = add_saturated (tally->lost, 1);
      tally->streak = 0;
      break;

    default:
      g_assert_not_reached ();
    }
}

/* @earlier counted into @tally as if its games had come first. */
void
ttt_tally_merge (TttTally       *tally,
             const TttTally *earlier)
{
  TttTally later = *tally;

  tally->won = add_saturated (earlier->won, later.won);
  tally->drawn = add_saturated (earlier->drawn, later.drawn);
  tally->lost = add_saturated (earlier->lost, later.lost);
  if (later.drawn == 0 && later.lost == 0)
    tally->streak = add_saturated (earlier->streak, later.streak);
  else
    tally->streak = later.streak;
  tally->best_streak = MAX (MAX (earlier->best_streak, later.best_streak), tally->streak);
}
