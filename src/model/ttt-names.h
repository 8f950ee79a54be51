/* ttt-names.h — the names of the things on the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The words every sentence is made of, translated: a mark's name, and
 * Ultimate's small boards (0–8 in reading order) by a name that stands
 * alone ("Top-left board") and one inside a sentence ("the top-left
 * board"). They come below the coach, the news and the status line, which
 * all put them into sentences.
 */

#pragma once

#include "ttt-game.h"

G_BEGIN_DECLS

const char *ttt_names_mark              (TttMark  mark);
const char *ttt_names_board             (int      board);
const char *ttt_names_board_in_sentence (int      board);

G_END_DECLS
