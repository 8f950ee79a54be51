/* ttt-new-game-dialog.h — the New Game screen: which game, against whom,
 * who starts
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "ttt-compat.h"
#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_NEW_GAME_DIALOG (ttt_new_game_dialog_get_type ())
/* A dialog on libadwaita 1.5 and later, a window before (ttt-compat.h). */
G_DECLARE_FINAL_TYPE (TttNewGameDialog, ttt_new_game_dialog, TTT, NEW_GAME_DIALOG, TttCompatDialog)

TttNewGameDialog *ttt_new_game_dialog_new        (GtkWindow        *parent,
                                                  TttGame          *game,
                                                  GSettings        *settings);
void              ttt_new_game_dialog_get_choice (TttNewGameDialog *self,
                                                  TttVariant       *variant,
                                                  TttOpponent      *opponent,
                                                  TttLevel         *difficulty,
                                                  TttFirstPlayer   *first_player);

G_END_DECLS
