/* ttt-words.h — what the window says of a game, in one place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The status line, the result, the subtitle and the names of the levels,
 * composed from the game alone, so that the views say the same thing the
 * same way (the screen reader's sentences are TttNews's).
 */

#pragma once

#include "ttt-game.h"

G_BEGIN_DECLS

const char *ttt_level_name     (TttLevel  level);
const char *ttt_words_result   (TttGame  *game);
char       *ttt_words_status   (TttGame  *game);
char       *ttt_words_subtitle (TttGame  *game);

G_END_DECLS
