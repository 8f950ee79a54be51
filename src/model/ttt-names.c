/* ttt-names.c — the names of the things on the board
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-names.h"

/**
 * ttt_names_mark:
 * @mark: %TTT_MARK_X or %TTT_MARK_O
 *
 * Returns: (transfer none): the mark's name, or "" for %TTT_MARK_NONE
 */
const char *
ttt_names_mark (TttMark mark)
{
  switch (mark)
    {
    case TTT_MARK_X:
      /* Translators: the mark, as the board's cells, the badges, the
       * news and the coach's sentences name it. */
      return C_("mark", "X");
    case TTT_MARK_O:
      /* Translators: as above. */
      return C_("mark", "O");
    case TTT_MARK_NONE:
    default:
      return "";
    }
}

/* The board's name on its own, as a cell's or a board's accessible name
 * begins. */
const char *
ttt_names_board (int board)
{
  g_return_val_if_fail (board >= 0 && board < TTT_ULTIMATE_N_BOARDS, "");

  switch (board)
    {
    /* Translators: the nine small boards of Ultimate Tic-Tac-Toe, by their
     * place in the 3 × 3 grid of boards, as a name on its own. */
    case 0: return C_("board", "Top-left board");
    case 1: return C_("board", "Top-centre board");
    case 2: return C_("board", "Top-right board");
    case 3: return C_("board", "Centre-left board");
    case 4: return C_("board", "Centre board");
    case 5: return C_("board", "Centre-right board");
    case 6: return C_("board", "Bottom-left board");
    case 7: return C_("board", "Bottom-centre board");
    case 8: default: return C_("board", "Bottom-right board");
    }
}

/* The board's name inside a sentence of the news, such as "Computer
 * played in %s, row 1, column 1." */
const char *
ttt_names_board_in_sentence (int board)
{
  g_return_val_if_fail (board >= 0 && board < TTT_ULTIMATE_N_BOARDS, "");

  switch (board)
    {
    /* Translators: the nine small boards of Ultimate Tic-Tac-Toe inside a
     * sentence, with what goes before the name in your language (English
     * puts "the"): "Computer played in the top-left board, row 1, column 1."
     * and "You play in the top-left board." */
    case 0: return C_("board in a sentence", "the top-left board");
    case 1: return C_("board in a sentence", "the top-centre board");
    case 2: return C_("board in a sentence", "the top-right board");
    case 3: return C_("board in a sentence", "the centre-left board");
    case 4: return C_("board in a sentence", "the centre board");
    case 5: return C_("board in a sentence", "the centre-right board");
    case 6: return C_("board in a sentence", "the bottom-left board");
    case 7: return C_("board in a sentence", "the bottom-centre board");
    case 8: default: return C_("board in a sentence", "the bottom-right board");
    }
}
