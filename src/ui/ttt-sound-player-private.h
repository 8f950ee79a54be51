/* ttt-sound-player-private.h — what tests may see of the sound player
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "ttt-sound-player.h"

G_BEGIN_DECLS

/* The media streams are the process's, shared by every player. */
guint           ttt_sound_player_get_n_streams (void);
guint           ttt_sound_player_get_n_playing (void);
GtkMediaStream *ttt_sound_player_get_stream    (const char *name);
gboolean        ttt_sound_player_get_failed    (void);

G_END_DECLS
