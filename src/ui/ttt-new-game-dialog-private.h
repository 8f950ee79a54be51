/* ttt-new-game-dialog-private.h — what tests may reach inside the New
 * Game screen
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-new-game-dialog.h"

G_BEGIN_DECLS

/* The check button of @variant's row (one per game of the table). */
GtkCheckButton *ttt_new_game_dialog_get_game_check (TttNewGameDialog *self,
                                                    TttVariant        variant);

G_END_DECLS
