/* ttt-sound-player.h — the game's sounds, from its signals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_SOUND_PLAYER (ttt_sound_player_get_type ())
G_DECLARE_FINAL_TYPE (TttSoundPlayer, ttt_sound_player, TTT, SOUND_PLAYER, GObject)

TttSoundPlayer *ttt_sound_player_new         (TttGame        *game);
TttGame        *ttt_sound_player_get_game    (TttSoundPlayer *self);
gboolean        ttt_sound_player_get_enabled (TttSoundPlayer *self);
void            ttt_sound_player_set_enabled (TttSoundPlayer *self,
                                              gboolean        enabled);

void            ttt_sound_player_prepare_environment (void);

G_END_DECLS
