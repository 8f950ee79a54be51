/* ttt-words.c — what the window says of a game, in one place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-names.h"
#include "ttt-variants.h"
#include "ttt-words.h"

/* A level's name, as the window's subtitle and the statistics name it. */
const char *
ttt_level_name (TttLevel level)
{
  return ttt_variants_get_level_name (level);
}

static const char *
side_won (TttGame *game,
          TttMark  winner)
{
  char *text;

  if (ttt_table_get_local_name (ttt_game_get_table (game), winner) != NULL)
    {
      /* Translators: %s is the name one of two people at this screen
       * gave; see "X won!". */
      text = g_strdup_printf (_("%s won!"), ttt_table_get_local_name (ttt_game_get_table (game), winner));

      g_object_set_data_full (G_OBJECT (game), "ttt-words-local-won", text, g_free);
      return text;
    }
  if (ttt_table_get_two_local (ttt_game_get_table (game)))
    return winner == TTT_MARK_X ? _("X won!") : _("O won!");

  /* Each player says it in words of its own kind ("You won!", "Ana
   * won"), kept with the game, since the words are handed out unowned. */
  text = ttt_player_dup_won_text (ttt_table_get_player (ttt_game_get_table (game), winner));
  g_object_set_data_full (G_OBJECT (game), "ttt-words-player-won", text, g_free);

  return text;
}

/* The result of a finished game, "" while it goes on. */
const char *
ttt_words_result (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), "");

  switch (ttt_game_get_outcome (game))
    {
    case TTT_OUTCOME_X_WINS:
      return side_won (game, TTT_MARK_X);
    case TTT_OUTCOME_O_WINS:
      return side_won (game, TTT_MARK_O);
    case TTT_OUTCOME_DRAW:
      return _("It’s a draw");
    case TTT_OUTCOME_ONGOING:
    default:
      /* A network game cut off: left, lost or ended for a broken rule.
       * The network window says which; here, that it ended. */
      if (ttt_match_get_abandoned (ttt_game_get_match (game)))
        return _("The game was abandoned: nothing was counted");
      return "";
    }
}

/* The rules of the game in progress have several blocks (Ultimate's
 * small boards), so a side may be sent to one of them. */
static gboolean
has_blocks (TttGame *game)
{
  return ttt_variants_get_rules (ttt_game_get_variant (game))->n_blocks > 1;
}

/* The one board the side to move is sent to, or −1 when it may play in
 * any open board. */
static int
sent_to (TttGame *game)
{
  guint boards = ttt_match_get_playable_boards (ttt_game_get_match (game));

  if (boards != 0 && (boards & (boards - 1)) == 0)
    return g_bit_nth_lsf (boards, -1);

  return -1;
}

/* Whose turn it is and where they may play, in a game of several blocks:
 * the sentence a newcomer needs on screen, not only in the news. */
static char *
turn_in_blocks (TttGame *game)
{
  TttMark turn = ttt_game_get_turn (game);
  int board = sent_to (game);
  const char *where = board >= 0 ? ttt_names_board_in_sentence (board) : NULL;
  const char *name = ttt_table_get_local_name (ttt_game_get_table (game), turn);

  if (!ttt_table_get_two_local (ttt_game_get_table (game)))
    return where != NULL
           /* Translators: the status line in Ultimate Tic-Tac-Toe; %s is a
            * small board as inside a sentence ("the top-left board"), the
            * one the person's opponent sent them to. */
           ? g_strdup_printf (_("Your turn — play in %s"), where)
           /* Translators: the status line in Ultimate Tic-Tac-Toe when the
            * person may play in any small board not yet won or full. */
           : g_strdup (_("Your turn — play in any open board"));

  if (name != NULL)
    return where != NULL
           /* Translators: as "Your turn — play in %s", between two people
            * at this screen: %1$s is the name the one to move gave, %2$s a
            * small board as inside a sentence ("the top-left board"). */
           ? g_strdup_printf (_("%1$s’s turn — play in %2$s"), name, where)
           /* Translators: as "Your turn — play in any open board"; %s is
            * the name the one to move gave. */
           : g_strdup_printf (_("%s’s turn — play in any open board"), name);

  if (turn == TTT_MARK_X)
    return where != NULL
           /* Translators: as "Your turn — play in %s", between two people;
            * %s is a small board as inside a sentence. */
           ? g_strdup_printf (_("X’s turn — play in %s"), where)
           /* Translators: as "Your turn — play in any open board",
            * between two people. */
           : g_strdup (_("X’s turn — play in any open board"));

  return where != NULL
         /* Translators: as "Your turn — play in %s", between two people;
          * %s is a small board as inside a sentence. */
         ? g_strdup_printf (_("O’s turn — play in %s"), where)
         /* Translators: as "Your turn — play in any open board", between
          * two people. */
         : g_strdup (_("O’s turn — play in any open board"));
}

/**
 * ttt_words_refusal:
 * @game: a game
 * @cell: a cell the person here tried to play and the game refused
 *
 * Why a move was refused, when the reason is its block or its mark: in
 * Ultimate, a cell outside the small board the side to move is sent to,
 * or in a board already won or full; in any game, a cell already played.
 *
 * Returns: (transfer full) (nullable): the words for the status line and
 *   the news, or %NULL when neither is why (the other side's turn)
 */
char *
ttt_words_refusal (TttGame *game,
                   int      cell)
{
  const TttRules *rules;
  guint boards;
  int board;

  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  rules = ttt_variants_get_rules (ttt_game_get_variant (game));
  if (cell < 0 || cell >= rules->n_cells ||
      ttt_game_get_state (game) != TTT_GAME_STATE_LOCAL_TURN || ttt_game_get_held (game))
    return NULL;

  boards = ttt_match_get_playable_boards (ttt_game_get_match (game));
  if (rules->n_blocks <= 1 || boards == 0 || (boards & (1u << (cell / (rules->n_cells / rules->n_blocks)))) != 0)
    {
      TttMark mark = ttt_match_get_cell (ttt_game_get_match (game), cell);

      /* A digit, or a click, on a cell already played: said, not
       * silent. */
      if (mark == TTT_MARK_NONE)
        return NULL;
      /* Translators: the status line, and news for a screen reader, after
       * a click or a digit on a cell that holds a mark; %s is the mark, X
       * or O. */
      return g_strdup_printf (_("That cell is taken by %s"), ttt_names_mark (mark));
    }

  board = sent_to (game);
  if (board >= 0)
    /* Translators: the status line, and news for a screen reader, after a
     * click in the wrong small board of Ultimate Tic-Tac-Toe; %s is a
     * small board as inside a sentence ("the top-left board"), the one
     * the side to move is sent to. */
    return g_strdup_printf (_("Play in %s"), ttt_names_board_in_sentence (board));

  /* Translators: the status line, and news for a screen reader, after a
   * click in a small board of Ultimate Tic-Tac-Toe already won or full,
   * when any other may be played. */
  return g_strdup (_("Play in any open board"));
}

/* Whose turn it is, or why the hint shown is a good move, or the result. */
char *
ttt_words_status (TttGame *game)
{
  TttMotive motive;

  g_return_val_if_fail (TTT_IS_GAME (game), g_strdup (""));

  switch (ttt_game_get_state (game))
    {
    case TTT_GAME_STATE_LOCAL_TURN:
      if (ttt_analyst_get_search_hint (ttt_game_get_analyst (game), NULL, NULL) >= 0)
        return ttt_words_ultimate_hint (game, FALSE);
      if (ttt_analyst_get_shown_hint (ttt_game_get_analyst (game), &motive) >= 0)
        return ttt_coach_hint_text (motive, ttt_game_get_turn (game));
      if (has_blocks (game))
        return turn_in_blocks (game);
      if (!ttt_table_get_two_local (ttt_game_get_table (game)))
        return g_strdup (_("Your turn"));
      if (ttt_table_get_local_name (ttt_game_get_table (game), ttt_game_get_turn (game)) != NULL)
        /* Translators: %s is the name one of two people at this screen
         * gave; see "X’s turn". */
        return g_strdup_printf (_("%s’s turn"), ttt_table_get_local_name (ttt_game_get_table (game), ttt_game_get_turn (game)));
      return g_strdup (ttt_game_get_turn (game) == TTT_MARK_X ? _("X’s turn") : _("O’s turn"));

    case TTT_GAME_STATE_WAITING:
      {
        char *waiting = ttt_player_dup_waiting_text (ttt_table_get_player (ttt_game_get_table (game), ttt_game_get_turn (game)));

        return waiting != NULL ? waiting : g_strdup ("");
      }

    case TTT_GAME_STATE_OVER:
    default:
      return g_strdup (ttt_words_result (game));
    }
}

static char *
net_players (TttMark     mine,
             const char *other)
{
  /* Translators: %s is the name of someone on another computer. */
  return g_strdup_printf (mine == TTT_MARK_X ? _("You play X against %s") : _("You play O against %s"), other);
}

/* In any game but the first of the registry (the classic one, which the
 * app is named after), the game's name first. */
static char *
with_variant (TttVariant  variant,
              char       *players)
{
  g_autofree char *owned = players;

  if (variant == ttt_variants_get_nth (0)->variant)
    return g_steal_pointer (&owned);

  /* Translators: the window's subtitle in a game other than classic
   * tic-tac-toe: the first %s is the game ("Ultimate", "Misère"), the
   * second says who plays, as in "You play X · Medium" or "Two players". */
  return g_strdup_printf (C_("subtitle", "%s · %s"), ttt_variants_get_name (variant), owned);
}

/* The name of the one on another computer, in a network game. */
static const char *
net_other (TttGame *game)
{
  TttMark mine = ttt_game_get_human_mark (game);

  return ttt_table_get_side_name (ttt_game_get_table (game), mine == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X);
}

/* Who plays what, and at which level. */
static char *
classic_subtitle (TttGame *game)
{
  const char *level;

  if (ttt_table_get_two_local (ttt_game_get_table (game)))
    return g_strdup (_("Two players"));

  if (ttt_tally_id_is_network (ttt_table_get_tally (ttt_game_get_table (game))))
    return net_players (ttt_game_get_human_mark (game), net_other (game));

  level = ttt_level_name (ttt_game_get_difficulty (game));
  if (ttt_player_is_local (ttt_table_get_player (ttt_game_get_table (game), TTT_MARK_X)))
    /* Translators: %s is a difficulty such as "Medium". */
    return g_strdup_printf (_("You play X · %s"), level);

  /* Translators: %s is a difficulty such as "Medium". */
  return g_strdup_printf (_("You play O · %s"), level);
}

/* Who plays what, and at which level; the game's name first where it
 * is not the classic one. */
char *
ttt_words_subtitle (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), g_strdup (""));

  return with_variant (ttt_game_get_variant (game), classic_subtitle (game));
}

/**
 * ttt_words_net_subtitle:
 * @variant: the game the two sides agreed on
 * @mine: the mark of the person here
 * @other: the other person's name, as a badge shows it
 *
 * The subtitle of a network game before its board is played (while the
 * two compare the code), in the words of ttt_words_subtitle().
 *
 * Returns: (transfer full): the subtitle
 */
char *
ttt_words_net_subtitle (TttVariant  variant,
                        TttMark     mine,
                        const char *other)
{
  g_return_val_if_fail (other != NULL, g_strdup (""));

  return with_variant (variant, net_players (mine, other));
}

/**
 * ttt_words_net_short_subtitle:
 * @variant: the game the two sides agreed on
 * @other: the other person's name, as a badge shows it
 *
 * The subtitle of a network game where a narrow header has no room for
 * the title: the game and the friend's name, without "You play X", which
 * the badges say, so that the name is not the part cut off: "Ultimate ·
 * vs." on one line, the name on the next.
 *
 * Returns: (transfer full): the subtitle
 */
char *
ttt_words_net_short_subtitle (TttVariant  variant,
                              const char *other)
{
  g_return_val_if_fail (other != NULL, g_strdup (""));

  /* Translators: who the person here plays, in a network game's subtitle
   * where the window is too narrow for "You play X against %s"; %s is
   * the name of someone on another computer, already quoted. The game's
   * name may come first, as in "Ultimate · vs. “Maximilian”": keep the
   * word short, as in "gegen %s", for at 360 px it shares a line with the
   * game's name ("Ultimate · vs.") and the name needs the next line to
   * itself. */
  return with_variant (variant, g_strdup_printf (C_("subtitle", "vs. %s"), other));
}

/* The subtitle where a narrow header has no room for the title: the
 * game and the level without "You play X", which the badges say. Each
 * part then has a line of its own if it must, whatever the font: three
 * parts ("アルティメット · あなたは X · クラブ級") needed three lines at
 * 360 px with a wide Japanese font and were cut. */
char *
ttt_words_short_subtitle (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), g_strdup (""));

  if (ttt_table_get_two_local (ttt_game_get_table (game)))
    return ttt_words_subtitle (game);
  if (ttt_tally_id_is_network (ttt_table_get_tally (ttt_game_get_table (game))))
    return ttt_words_net_short_subtitle (ttt_game_get_variant (game), net_other (game));

  return with_variant (ttt_game_get_variant (game),
                       g_strdup (ttt_level_name (ttt_game_get_difficulty (game))));
}

char *
ttt_words_cell_name (TttVariant variant,
                     int        cell,
                     TttMark    mark)
{
  const TttRules *rules = ttt_variants_get_rules (variant);

  g_return_val_if_fail (cell >= 0 && cell < rules->n_cells, g_strdup (""));

  if (rules->n_blocks > 1)
    return ttt_words_ultimate_cell_name (cell, mark);

  /* Translators: the name of a cell for a screen reader, e.g. "Row 2,
   * column 3, X" (or "empty"). */
  return g_strdup_printf (_("Row %d, column %d, %s"), rules->cell_row (cell) + 1, rules->cell_column (cell) + 1,
                          mark == TTT_MARK_NONE ? C_("mark", "empty") : ttt_names_mark (mark));
}

/**
 * ttt_words_ultimate_cell_name:
 * @move: an Ultimate move number, 0–80 (board × 9 + cell)
 * @mark: what the cell holds
 *
 * Returns: (transfer full): the cell's name for a screen reader, its row
 *   and column counted inside its small board
 */
char *
ttt_words_ultimate_cell_name (int     move,
                              TttMark mark)
{
  int board, cell;

  g_return_val_if_fail (move >= 0 && move < TTT_ULTIMATE_N_MOVES, g_strdup (""));

  board = move / 9;
  cell = move % 9;

  /* Translators: a cell of Ultimate Tic-Tac-Toe, as a screen reader names
   * it: the first %s is a small board ("Top-left board"), then come the
   * row and column inside it, and the last %s is what it holds (X, O or
   * "empty"). */
  return g_strdup_printf (_("%s, row %d, column %d, %s"), ttt_names_board (board),
                          cell / 3 + 1, cell % 3 + 1,
                          mark == TTT_MARK_NONE ? C_("mark", "empty") : ttt_names_mark (mark));
}

/**
 * ttt_words_board_picked:
 * @board: the small board of Ultimate a first digit picked, or -1 when
 *   Escape dropped the pick
 *
 * What a screen reader says when play is free and the first digit has
 * picked a board, whose cell the next digit plays: the board and the keys
 * that go on from there; or that the pick is dropped.
 *
 * Returns: (transfer full): the words
 */
char *
ttt_words_board_picked (int board)
{
  if (board < 0)
    /* Translators: said after Escape dropped the small board a first
     * digit had picked in Ultimate Tic-Tac-Toe. */
    return g_strdup (_("No board chosen. Press a digit for the board."));

  /* Translators: said when a first digit picked a small board of Ultimate
   * Tic-Tac-Toe; %s is its name ("Top-right board"). */
  return g_strdup_printf (_("%s. Press a digit for the cell, Escape to choose another board."),
                          ttt_names_board (board));
}

/* The game's name, as the New Game screen and the subtitle say it. */
const char *
ttt_words_variant_name (TttVariant variant)
{
  return ttt_variants_get_name (variant);
}

/**
 * ttt_words_ultimate_hint:
 * @game: a game of Ultimate with a hint shown
 * @sentence: %TRUE for the sentence the news says after "Suggested move:",
 *   %FALSE for the status line
 *
 * Why the hint, in Ultimate; its estimate is said as one.
 *
 * Returns: (transfer full): the words, "" when no hint is shown
 */
char *
ttt_words_ultimate_hint (TttGame  *game,
                         gboolean  sentence)
{
  TttUltimateHint reason;
  int percent;
  int cell = ttt_analyst_get_search_hint (ttt_game_get_analyst (game), &reason, &percent);
  const char *board, *next;

  if (cell < 0)
    return g_strdup ("");

  board = ttt_names_board_in_sentence (cell / 9);
  next = ttt_names_board_in_sentence (cell % 9);
  switch (reason)
    {
    case TTT_ULTIMATE_HINT_WINS_GAME:
      return g_strdup (sentence ? _("It wins the game.") : _("Hint: win the game"));
    case TTT_ULTIMATE_HINT_WINS_BOARD:
      /* Translators: %s is a small board as inside a sentence ("the
       * top-left board"). */
      return g_strdup_printf (sentence ? _("It wins %s.") : _("Hint: win %s"), board);
    case TTT_ULTIMATE_HINT_BLOCKS_BOARD:
      /* Translators: %s is a small board as inside a sentence; the
       * opponent would win it on this cell. */
      return g_strdup_printf (sentence ? _("It stops your opponent winning %s.")
                                       : _("Hint: stop your opponent winning %s"), board);
    case TTT_ULTIMATE_HINT_SENDS_SAFE:
      /* Translators: %s is a small board as inside a sentence: the one the
       * move sends the opponent to. */
      return g_strdup_printf (sentence ? _("It sends your opponent to %s, which they cannot win at once.")
                                       : _("Hint: send your opponent to %s, which they cannot win at once"),
                              next);
    case TTT_ULTIMATE_HINT_NONE_STANDS_OUT:
      /* Translators: the hint in Ultimate when the search finds no move
       * better or worse than the others (as early in a game). */
      return g_strdup (sentence ? _("No move stands out: as far as the search can tell, this one is as good as any.")
                                : _("Hint: no move stands out; this one is as good as any"));
    case TTT_ULTIMATE_HINT_BEST_ESTIMATE:
    default:
      /* Translators: %d is a percentage; Ultimate's search estimates it
       * from random games, a draw counting half. */
      return g_strdup_printf (sentence ? _("The search estimates about %d%% to win by it.")
                                       : _("Hint: the search estimates about %d%% to win by it"),
                              percent);
    }
}
