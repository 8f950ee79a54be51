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
char       *ttt_words_net_subtitle (TttVariant  variant,
                                    TttMark     mine,
                                    const char *other);
char       *ttt_words_net_short_subtitle (TttVariant  variant,
                                          const char *other);
/* The same in fewer parts, for a narrow header: the game and the
 * level, or in a network game the friend's name. */
char       *ttt_words_short_subtitle (TttGame *game);
/* Why the game refused @cell, when its block or its mark is why; NULL
 * otherwise. */
char       *ttt_words_refusal  (TttGame  *game,
                                int       cell);

/* A cell's name for a screen reader and the review's list: "Row 2,
 * column 3, X" on a board of one block; in Ultimate "Top-left board,
 * row 2, column 3, empty" (row and column inside its small board). */
char       *ttt_words_cell_name           (TttVariant variant,
                                           int        cell,
                                           TttMark    mark);
/* An Ultimate cell's name, as above. */
char       *ttt_words_ultimate_cell_name  (int      move,
                                           TttMark  mark);
const char *ttt_words_variant_name        (TttVariant variant);
/* Ultimate, play free: the board a first digit picked, or -1 for none. */
char       *ttt_words_board_picked        (int        board);
char       *ttt_words_ultimate_hint       (TttGame   *game,
                                           gboolean   sentence);

G_END_DECLS
