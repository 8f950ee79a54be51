/* ttt-player-badge.h — one side of the game: its mark, name and score
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "ttt-game.h"

G_BEGIN_DECLS

#define TTT_TYPE_PLAYER_BADGE (ttt_player_badge_get_type ())
G_DECLARE_FINAL_TYPE (TttPlayerBadge, ttt_player_badge, TTT, PLAYER_BADGE, GtkWidget)

TttMark     ttt_player_badge_get_mark   (TttPlayerBadge *self);
void        ttt_player_badge_set_mark   (TttPlayerBadge *self,
                                         TttMark         mark);
const char *ttt_player_badge_get_name   (TttPlayerBadge *self);
void        ttt_player_badge_set_name   (TttPlayerBadge *self,
                                         const char     *name);
guint       ttt_player_badge_get_score  (TttPlayerBadge *self);
void        ttt_player_badge_set_score  (TttPlayerBadge *self,
                                         guint           score);
gboolean    ttt_player_badge_get_active (TttPlayerBadge *self);
void        ttt_player_badge_set_active (TttPlayerBadge *self,
                                         gboolean        active);

G_END_DECLS
