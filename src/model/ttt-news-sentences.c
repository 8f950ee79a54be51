/* ttt-news-sentences.c — the sentences of TttNews
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * How the news says a move, a turn, a result or a take-back, in words a
 * screen reader speaks; and the answers to what a person asks at any
 * time, in the same sentences. See ttt-news.c for when they are said.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-names.h"
#include "ttt-news-private.h"
#include "ttt-variants.h"
#include "ttt-words.h"

/* Whether one side is "you": against the computer or someone elsewhere;
 * between two people here the sides are their marks. */
gboolean
_ttt_news_vs_computer (TttNews *self)
{
  return !ttt_table_get_two_local (ttt_game_get_table (self->game));
}

/* Someone elsewhere plays @mark: named by the name they gave. */
static gboolean
known_by_name (TttNews *self,
           TttMark  mark)
{
  return ttt_player_is_known_by_name (ttt_table_get_player (ttt_game_get_table (self->game), mark));
}

/* "Ana won.", kept until the next such sentence. */
static const char *
remote_won (TttNews *self,
            TttMark  mark)
{
  g_free (self->remote_result);
  /* Translators: news, someone on another computer won; %s is their name. */
  self->remote_result = g_strdup_printf (C_("news", "%s won."), ttt_table_get_side_name (ttt_game_get_table (self->game), mark));

  return self->remote_result;
}

/* Appends one sentence; languages differ in what goes between two. */
void
_ttt_news_add (GString    *text,
     const char *sentence)
{
  g_autofree char *joined = NULL;

  if (sentence == NULL || *sentence == '\0')
    return;

  if (text->len == 0)
    {
      g_string_append (text, sentence);
      return;
    }

  /* Translators: how two sentences of the news that a screen reader reads
   * out follow each other, e.g. "Computer played row 2, column 2." and
   * "Your turn."; without a space in Chinese and Japanese. */
  joined = g_strdup_printf (C_("news", "%s %s"), text->str, sentence);
  g_string_assign (text, joined);
}

static gboolean
is_ultimate (TttNews *self)
{
  return ttt_variants_get_rules (ttt_game_get_variant (self->game))->n_blocks > 1;
}

static void
add_take_back_ultimate (GString *text,
                        TttNews *self)
{
  g_autofree char *sentence = NULL;
  int first = self->cleared[self->n_cleared - 1];
  TttMark first_mark = self->cleared_marks[self->n_cleared - 1];
  int last = self->cleared[0];

  if (self->n_cleared == 1)
    /* Translators: news after Undo in Ultimate Tic-Tac-Toe; the first %s
     * is the mark (X or O), the second a small board as inside a sentence
     * ("the top-left board"), then the row and column inside it. */
    sentence = g_strdup_printf (C_("news", "Took back %s in %s, row %d, column %d."),
                                ttt_names_mark (first_mark),
                                ttt_names_board_in_sentence (first / 9),
                                first % 9 / 3 + 1, first % 3 + 1);
  else
    /* Translators: news after Undo took back two moves in Ultimate; as
     * "Took back %s in %s, row %d, column %d." for each of them. */
    sentence = g_strdup_printf (C_("news", "Took back %s in %s, row %d, column %d and %s in %s, row %d, column %d."),
                                ttt_names_mark (first_mark),
                                ttt_names_board_in_sentence (first / 9),
                                first % 9 / 3 + 1, first % 3 + 1,
                                ttt_names_mark (self->cleared_marks[0]),
                                ttt_names_board_in_sentence (last / 9),
                                last % 9 / 3 + 1, last % 3 + 1);
  _ttt_news_add (text, sentence);
}

void
_ttt_news_add_take_back (GString *text,
               TttNews *self)
{
  g_autofree char *sentence = NULL;
  /* Cleared latest first; said in the order they were played. */
  int first = self->cleared[self->n_cleared - 1];
  TttMark first_mark = self->cleared_marks[self->n_cleared - 1];

  if (is_ultimate (self))
    {
      add_take_back_ultimate (text, self);
      return;
    }

  if (self->n_cleared == 1)
    /* Translators: news after Undo; %s is the mark (X or O). */
    sentence = g_strdup_printf (C_("news", "Took back %s at row %d, column %d."),
                                ttt_names_mark (first_mark), first / 3 + 1, first % 3 + 1);
  else
    /* Translators: news after Undo took back two moves; each %s is a mark
     * (X or O), followed by the row and column of its cell. */
    sentence = g_strdup_printf (C_("news", "Took back %s at row %d, column %d and %s at row %d, column %d."),
                                ttt_names_mark (first_mark), first / 3 + 1, first % 3 + 1,
                                ttt_names_mark (self->cleared_marks[0]),
                                self->cleared[0] / 3 + 1, self->cleared[0] % 3 + 1);
  _ttt_news_add (text, sentence);
}

/* The name one of two people here gave, or NULL. */
static const char *
named (TttNews *self,
       TttMark  side)
{
  return ttt_table_get_local_name (ttt_game_get_table (self->game), side);
}

/* Keeps a sentence made with a name for as long as the next one, since
 * the sentences are handed out unowned. */
static const char *
keep (TttNews *self,
      char    *sentence)
{
  g_object_set_data_full (G_OBJECT (self), "ttt-news-named", sentence, g_free);
  return sentence;
}

static const char *
result_sentence (TttNews *self)
{
  TttMark human = ttt_game_get_human_mark (self->game);

  switch (ttt_game_get_outcome (self->game))
    {
    case TTT_OUTCOME_X_WINS:
      if (!_ttt_news_vs_computer (self) && named (self, TTT_MARK_X) != NULL)
        /* Translators: %s is the name one of two people at this screen
         * gave; see "X won!". */
        return keep (self, g_strdup_printf (C_("news", "%s won!"), named (self, TTT_MARK_X)));
      if (!_ttt_news_vs_computer (self))
        return C_("news", "X won!");
      if (known_by_name (self, TTT_MARK_X))
        return remote_won (self, TTT_MARK_X);
      return human == TTT_MARK_X ? C_("news", "You won!") : C_("news", "Computer won.");
    case TTT_OUTCOME_O_WINS:
      if (!_ttt_news_vs_computer (self) && named (self, TTT_MARK_O) != NULL)
        return keep (self, g_strdup_printf (C_("news", "%s won!"), named (self, TTT_MARK_O)));
      if (!_ttt_news_vs_computer (self))
        return C_("news", "O won!");
      if (known_by_name (self, TTT_MARK_O))
        return remote_won (self, TTT_MARK_O);
      return human == TTT_MARK_O ? C_("news", "You won!") : C_("news", "Computer won.");
    case TTT_OUTCOME_DRAW:
      return C_("news", "It’s a draw.");
    case TTT_OUTCOME_ONGOING:
    default:
      return NULL;
    }
}

/* In Ultimate, where the side to move may play: the board it is sent to,
 * or any open board. */
static char *
ultimate_turn_sentence (TttNews *self)
{
  guint boards = ttt_match_get_playable_boards (self->match);
  TttMark turn = ttt_game_get_turn (self->game);
  const char *board = NULL;

  if (boards != 0 && (boards & (boards - 1)) == 0)
    board = ttt_names_board_in_sentence (g_bit_nth_lsf (boards, -1));

  if (_ttt_news_vs_computer (self))
    return board != NULL
           /* Translators: news in Ultimate Tic-Tac-Toe after the computer's
            * move: %s is a small board as inside a sentence ("the
            * top-left board"), the one the person is sent to. */
           ? g_strdup_printf (C_("news", "You play in %s."), board)
           : g_strdup (C_("news", "You can play in any open board."));

  if (turn == TTT_MARK_X)
    return board != NULL
           /* Translators: as "You play in %s.", between two people. */
           ? g_strdup_printf (C_("news", "X plays in %s."), board)
           : g_strdup (C_("news", "X can play in any open board."));

  return board != NULL
         /* Translators: as "You play in %s.", between two people. */
         ? g_strdup_printf (C_("news", "O plays in %s."), board)
         : g_strdup (C_("news", "O can play in any open board."));
}

static const char *classic_turn_sentence (TttNews *self);

char *
_ttt_news_turn_sentence (TttNews *self)
{
  if (ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN && is_ultimate (self))
    return ultimate_turn_sentence (self);

  return g_strdup (classic_turn_sentence (self));
}

static const char *
classic_turn_sentence (TttNews *self)
{
  switch (ttt_game_get_state (self->game))
    {
    case TTT_GAME_STATE_LOCAL_TURN:
      if (_ttt_news_vs_computer (self))
        return C_("news", "Your turn.");
      if (named (self, ttt_game_get_turn (self->game)) != NULL)
        /* Translators: %s is the name one of two people at this screen
         * gave; see "X’s turn.". */
        return keep (self, g_strdup_printf (C_("news", "%s’s turn."), named (self, ttt_game_get_turn (self->game))));
      return ttt_game_get_turn (self->game) == TTT_MARK_X ? C_("news", "X’s turn.") : C_("news", "O’s turn.");

    case TTT_GAME_STATE_OVER:
      return result_sentence (self);

    case TTT_GAME_STATE_WAITING:
    default:
      /* Its move follows, and says more than "thinking" would. */
      return NULL;
    }
}

/* What a move is said as: by the row and column of the classic board, or
 * by its small board and the row and column inside it. */
char *
_ttt_news_move_sentence (TttNews *self,
               TttMark  mark,
               gboolean by_computer,
               int      cell)
{
  gboolean you = _ttt_news_vs_computer (self);

  if (is_ultimate (self))
    {
      const char *board = ttt_names_board_in_sentence (cell / 9);
      int row = cell % 9 / 3 + 1, column = cell % 3 + 1;

      /* Someone elsewhere, or one of two people here who gave a name. */
      if ((by_computer && known_by_name (self, mark)) || named (self, mark) != NULL)
        /* Translators: news for a screen reader after the move of someone
         * on another computer in Ultimate Tic-Tac-Toe: the first %s is
         * their name, the second a small board as inside a sentence. */
        return g_strdup_printf (C_("news", "%s played in %s, row %d, column %d."),
                                ttt_table_get_side_name (ttt_game_get_table (self->game), mark), board, row, column);
      if (by_computer)
        /* Translators: news for a screen reader after the computer's move
         * in Ultimate Tic-Tac-Toe: %s is a small board as inside a
         * sentence ("the centre board"), then the row and column inside
         * it. */
        return g_strdup_printf (C_("news", "Computer played in %s, row %d, column %d."), board, row, column);
      if (you)
        /* Translators: as "Computer played in %s, row %d, column %d.", for
         * the person's move that ended the game. */
        return g_strdup_printf (C_("news", "You played in %s, row %d, column %d."), board, row, column);
      return g_strdup_printf (mark == TTT_MARK_X
                              /* Translators: as "Computer played in %s, row %d, column %d.". */
                              ? C_("news", "X played in %s, row %d, column %d.")
                              /* Translators: as "Computer played in %s, row %d, column %d.". */
                              : C_("news", "O played in %s, row %d, column %d."),
                              board, row, column);
    }

  if ((by_computer && known_by_name (self, mark)) || named (self, mark) != NULL)
    /* Translators: news for a screen reader after the move of someone on
     * another computer; %s is their name. */
    return g_strdup_printf (C_("news", "%s played row %d, column %d."),
                            ttt_table_get_side_name (ttt_game_get_table (self->game), mark), cell / 3 + 1, cell % 3 + 1);
  if (by_computer)
    /* Translators: news for a screen reader after the computer's move. */
    return g_strdup_printf (C_("news", "Computer played row %d, column %d."),
                            cell / 3 + 1, cell % 3 + 1);
  if (you)
    /* Translators: news for a screen reader, the move that ended the game. */
    return g_strdup_printf (C_("news", "You played row %d, column %d."), cell / 3 + 1, cell % 3 + 1);
  return g_strdup_printf (mark == TTT_MARK_X ? C_("news", "X played row %d, column %d.")
                                             : C_("news", "O played row %d, column %d."),
                          cell / 3 + 1, cell % 3 + 1);
}

/* Ultimate: the small board of @cell as the move there left it, if that
 * move closed it, in the words of the answer to Alt+B ("Top-left board:
 * won by X."); else NULL. A move is only ever made in an open board, so
 * a board closed now was closed by the move. */
char *
_ttt_news_board_closed_sentence (TttNews *self,
                                 int      cell)
{
  int board = cell / 9;
  TttMark winner;

  if (!is_ultimate (self) || cell < 0 || cell >= TTT_ULTIMATE_N_MOVES ||
      (ttt_match_get_closed_boards (self->match) & (1u << board)) == 0)
    return NULL;

  winner = ttt_match_get_board_winner (self->match, board);
  if (winner != TTT_MARK_NONE)
    return g_strdup_printf (C_("news", "%s: won by %s."), ttt_names_board (board), ttt_names_mark (winner));

  return g_strdup_printf (C_("news", "%s: drawn."), ttt_names_board (board));
}

/* Ultimate: whether the person to move is sent to one small board. */
gboolean
_ttt_news_sent_to_one_board (TttNews *self)
{
  guint boards = ttt_match_get_playable_boards (self->match);

  return is_ultimate (self) && ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN &&
         boards != 0 && (boards & (boards - 1)) == 0;
}

/* What a person can ask for at any time (TttWindow's Alt+L, Alt+T and
 * Alt+B): the same sentences as the news, so that the answer sounds as
 * the move or the turn did when it was told. */

static char *
join_sentences (char *first,
                char *second)
{
  char *text;

  if (first == NULL || *first == '\0')
    {
      g_free (first);
      return second;
    }
  if (second == NULL || *second == '\0')
    {
      g_free (second);
      return first;
    }
  text = g_strdup_printf (C_("news", "%s %s"), first, second);
  g_free (first);
  g_free (second);
  return text;
}

/**
 * ttt_news_dup_last_move:
 * @self: the news
 *
 * Returns: (transfer full): the last move as the news told it ("Computer
 *   played row 2, column 3."), or that there is none yet
 */
char *
ttt_news_dup_last_move (TttNews *self)
{
  const int *moves;
  guint n_moves;
  TttMark mark;

  g_return_val_if_fail (TTT_IS_NEWS (self), NULL);

  moves = ttt_match_get_moves (self->match, &n_moves);
  if (n_moves == 0)
    /* Translators: the answer to the key that tells the last move, on an
     * empty board. */
    return g_strdup (C_("news", "No move has been played yet."));

  mark = ttt_match_mark_of_move (n_moves - 1);
  return _ttt_news_move_sentence (self, mark, _ttt_news_vs_computer (self) && mark != ttt_game_get_human_mark (self->game),
                        moves[n_moves - 1]);
}

/**
 * ttt_news_dup_turn:
 * @self: the news
 *
 * Returns: (transfer full): whose turn it is and, in Ultimate, where they
 *   may play; what the other side is doing; or the result
 */
char *
ttt_news_dup_turn (TttNews *self)
{
  g_return_val_if_fail (TTT_IS_NEWS (self), NULL);

  switch (ttt_game_get_state (self->game))
    {
    case TTT_GAME_STATE_LOCAL_TURN:
      if (is_ultimate (self))
        return join_sentences (g_strdup (classic_turn_sentence (self)), ultimate_turn_sentence (self));
      return g_strdup (classic_turn_sentence (self));
    case TTT_GAME_STATE_OVER:
      if (result_sentence (self) != NULL)
        return g_strdup (result_sentence (self));
      return ttt_words_status (self->game);
    case TTT_GAME_STATE_WAITING:
    default:
      /* The status line says it: the computer thinks, or the other side
       * is to move. */
      return ttt_words_status (self->game);
    }
}

/* Classic: each side's cells by row and column, and how many are empty. */
static char *
classic_board_sentence (TttNews *self)
{
  static const TttMark marks[] = { TTT_MARK_X, TTT_MARK_O };
  int n_cells = ttt_match_get_n_cells (self->match);
  char *text = NULL;
  guint n_empty = 0;

  for (int c = 0; c < n_cells; c++)
    n_empty += ttt_match_get_cell (self->match, c) == TTT_MARK_NONE;
  if (n_empty == (guint) n_cells)
    /* Translators: the answer to the key that describes the board. */
    return g_strdup (C_("news", "The board is empty."));

  for (guint m = 0; m < G_N_ELEMENTS (marks); m++)
    {
      g_autoptr(GString) cells = g_string_new (NULL);

      for (int c = 0; c < n_cells; c++)
        if (ttt_match_get_cell (self->match, c) == marks[m])
          {
            if (cells->len > 0)
              /* Translators: between two cells in a list of them, "row 1,
               * column 1; row 2, column 3". */
              g_string_append (cells, C_("news", "; "));
            /* Translators: a cell in the list of a side's cells. */
            g_string_append_printf (cells, C_("news", "row %d, column %d"), c / 3 + 1, c % 3 + 1);
          }
      if (cells->len > 0)
        /* Translators: the answer to the key that describes the board: a
         * mark (X or O) and the list of its cells, e.g. "X: row 1, column
         * 1; row 2, column 2." */
        text = join_sentences (text, g_strdup_printf (C_("news", "%s: %s."), ttt_names_mark (marks[m]), cells->str));
    }

  return join_sentences (text, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u cell is empty.",
                                                             "%u cells are empty.", n_empty),
                                                n_empty));
}

/* Ultimate: each small board that is closed, and how many are open. */
static char *
ultimate_board_sentence (TttNews *self)
{
  guint closed = ttt_match_get_closed_boards (self->match);
  char *text = NULL;
  guint n_open = 0;

  if (ttt_match_get_n_moves (self->match) == 0)
    return g_strdup (C_("news", "The board is empty."));

  for (int b = 0; b < 9; b++)
    {
      TttMark winner = ttt_match_get_board_winner (self->match, b);

      if (winner != TTT_MARK_NONE)
        /* Translators: the answer to the key that describes the board in
         * Ultimate: a small board as it stands alone ("Top-left board")
         * and the mark that won it. */
        text = join_sentences (text, g_strdup_printf (C_("news", "%s: won by %s."), ttt_names_board (b),
                                                      ttt_names_mark (winner)));
      else if (closed & (1u << b))
        /* Translators: as "%s: won by %s.", a small board full with no
         * line of three. */
        text = join_sentences (text, g_strdup_printf (C_("news", "%s: drawn."), ttt_names_board (b)));
      else
        n_open++;
    }

  return join_sentences (text, g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u small board is open.",
                                                             "%u small boards are open.", n_open),
                                                n_open));
}

/**
 * ttt_news_dup_board:
 * @self: the news
 *
 * Returns: (transfer full): the board in a few sentences: on a board of
 *   one block each side's cells and how many are empty; in Ultimate the
 *   small boards won or drawn and how many are open, then the turn
 */
char *
ttt_news_dup_board (TttNews *self)
{
  g_return_val_if_fail (TTT_IS_NEWS (self), NULL);

  if (is_ultimate (self))
    return join_sentences (ultimate_board_sentence (self), ttt_news_dup_turn (self));
  return classic_board_sentence (self);
}
