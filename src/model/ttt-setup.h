/* ttt-setup.h — what the next game will be
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttSetup holds the choices that shape a game before it begins: which
 * game, against whom, how strong the computer is and who moves first.
 * The app binds it to its settings (or to the command line's choices);
 * the New Game screen and Preferences change it. A TttGame reads it when
 * a game begins and keeps those values for the whole game: the game in
 * progress is never changed by a later choice (see ttt_game_get_setup()).
 */

#pragma once

#include <glib-object.h>

#include "ttt-enums.h"

G_BEGIN_DECLS

#define TTT_TYPE_SETUP (ttt_setup_get_type ())
G_DECLARE_FINAL_TYPE (TttSetup, ttt_setup, TTT, SETUP, GObject)

TttSetup       *ttt_setup_new              (void);

TttVariant      ttt_setup_get_variant      (TttSetup       *self);
void            ttt_setup_set_variant      (TttSetup       *self,
                                            TttVariant      variant);
TttLevel        ttt_setup_get_difficulty   (TttSetup       *self);
void            ttt_setup_set_difficulty   (TttSetup       *self,
                                            TttLevel        difficulty);
TttFirstPlayer  ttt_setup_get_first_player (TttSetup       *self);
void            ttt_setup_set_first_player (TttSetup       *self,
                                            TttFirstPlayer  first_player);
TttOpponent     ttt_setup_get_opponent     (TttSetup       *self);
void            ttt_setup_set_opponent     (TttSetup       *self,
                                            TttOpponent     opponent);

G_END_DECLS
