/* ttt-setup.c — what the next game will be
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-setup.h"
#include "ttt-variants.h"

struct _TttSetup
{
  GObject         parent_instance;

  TttVariant      variant;
  TttLevel        difficulty;
  TttFirstPlayer  first_player;
  TttOpponent     opponent;
};

G_DEFINE_FINAL_TYPE (TttSetup, ttt_setup, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_VARIANT,
  PROP_DIFFICULTY,
  PROP_FIRST_PLAYER,
  PROP_OPPONENT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The game of the registry's first row: what a game is before anyone
 * chooses. */
static TttVariant
first_variant (void)
{
  return ttt_variants_get_nth (0)->variant;
}

static void
ttt_setup_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TttSetup *self = TTT_SETUP (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      g_value_set_enum (value, self->variant);
      break;

    case PROP_DIFFICULTY:
      g_value_set_enum (value, self->difficulty);
      break;

    case PROP_FIRST_PLAYER:
      g_value_set_enum (value, self->first_player);
      break;

    case PROP_OPPONENT:
      g_value_set_enum (value, self->opponent);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_setup_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TttSetup *self = TTT_SETUP (object);

  switch (prop_id)
    {
    case PROP_VARIANT:
      ttt_setup_set_variant (self, g_value_get_enum (value));
      break;

    case PROP_DIFFICULTY:
      ttt_setup_set_difficulty (self, g_value_get_enum (value));
      break;

    case PROP_FIRST_PLAYER:
      ttt_setup_set_first_player (self, g_value_get_enum (value));
      break;

    case PROP_OPPONENT:
      ttt_setup_set_opponent (self, g_value_get_enum (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_setup_class_init (TttSetupClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags flags = G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->get_property = ttt_setup_get_property;
  object_class->set_property = ttt_setup_set_property;

  /**
   * TttSetup:variant:
   *
   * Which game: a row of the registry (ttt-variants.h).
   */
  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, TTT_TYPE_VARIANT, first_variant (), flags);

  /**
   * TttSetup:difficulty:
   *
   * How strongly the computer plays: any level, as chosen; the game is
   * played at its counterpart among the game's levels when it does not
   * offer it (see ttt_setup_get_difficulty()).
   */
  properties[PROP_DIFFICULTY] =
    g_param_spec_enum ("difficulty", NULL, NULL, TTT_TYPE_LEVEL, TTT_LEVEL_MEDIUM, flags);

  /**
   * TttSetup:first-player:
   *
   * Who moves first (and plays X) against the computer. "alternate"
   * gives the person the first game of a game object's life and then
   * swaps each game (see ttt_table_seat()).
   */
  properties[PROP_FIRST_PLAYER] =
    g_param_spec_enum ("first-player", NULL, NULL, TTT_TYPE_FIRST_PLAYER,
                       TTT_FIRST_PLAYER_HUMAN, flags);

  /**
   * TttSetup:opponent:
   *
   * The computer, or another person clicking at the same screen. (A game
   * with someone elsewhere is set up by its network session instead.)
   */
  properties[PROP_OPPONENT] =
    g_param_spec_enum ("opponent", NULL, NULL, TTT_TYPE_OPPONENT, TTT_OPPONENT_COMPUTER, flags);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ttt_setup_init (TttSetup *self)
{
  self->variant = first_variant ();
  self->difficulty = TTT_LEVEL_MEDIUM;
  self->first_player = TTT_FIRST_PLAYER_HUMAN;
  self->opponent = TTT_OPPONENT_COMPUTER;
}

/**
 * ttt_setup_new:
 *
 * Returns: (transfer full): a setup for the first game of the registry,
 *   at Medium, against the computer, with the person moving first
 */
TttSetup *
ttt_setup_new (void)
{
  return g_object_new (TTT_TYPE_SETUP, NULL);
}

TttVariant
ttt_setup_get_variant (TttSetup *self)
{
  g_return_val_if_fail (TTT_IS_SETUP (self), first_variant ());

  return self->variant;
}

void
ttt_setup_set_variant (TttSetup   *self,
                       TttVariant  variant)
{
  g_return_if_fail (TTT_IS_SETUP (self));
  g_return_if_fail ((guint) variant < ttt_variants_get_n ());

  if (self->variant == variant)
    return;

  self->variant = variant;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VARIANT]);
}

/* The level chosen if the game offers it, else its counterpart there
 * (ttt_variants_fit_level()): the property keeps the choice as made, so
 * that the settings of a version before the ladder keep their meaning. */
TttLevel
ttt_setup_get_difficulty (TttSetup *self)
{
  g_return_val_if_fail (TTT_IS_SETUP (self), TTT_LEVEL_MEDIUM);

  return ttt_variants_fit_level (self->variant, self->difficulty);
}

void
ttt_setup_set_difficulty (TttSetup *self,
                          TttLevel  difficulty)
{
  g_return_if_fail (TTT_IS_SETUP (self));
  g_return_if_fail ((guint) difficulty < TTT_N_LEVELS);

  if (self->difficulty == difficulty)
    return;

  self->difficulty = difficulty;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DIFFICULTY]);
}

TttFirstPlayer
ttt_setup_get_first_player (TttSetup *self)
{
  g_return_val_if_fail (TTT_IS_SETUP (self), TTT_FIRST_PLAYER_HUMAN);

  return self->first_player;
}

void
ttt_setup_set_first_player (TttSetup       *self,
                            TttFirstPlayer  first_player)
{
  g_return_if_fail (TTT_IS_SETUP (self));
  g_return_if_fail (first_player <= TTT_FIRST_PLAYER_RANDOM);

  if (self->first_player == first_player)
    return;

  self->first_player = first_player;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_FIRST_PLAYER]);
}

TttOpponent
ttt_setup_get_opponent (TttSetup *self)
{
  g_return_val_if_fail (TTT_IS_SETUP (self), TTT_OPPONENT_COMPUTER);

  return self->opponent;
}

void
ttt_setup_set_opponent (TttSetup    *self,
                        TttOpponent  opponent)
{
  g_return_if_fail (TTT_IS_SETUP (self));
  g_return_if_fail (opponent <= TTT_OPPONENT_HUMAN);

  if (self->opponent == opponent)
    return;

  self->opponent = opponent;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_OPPONENT]);
}
