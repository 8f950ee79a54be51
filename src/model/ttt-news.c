/* ttt-news.c — what a screen reader should say about a game, as it happens
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A person who cannot see the board hears the cell they play from the cell
 * itself (its name changes, or the focus lands on it), so the news leaves
 * their own moves out, but for the one that ends the game, and says what
 * happened elsewhere: the computer's reply, then whose turn it is, or the
 * result.
 *
 * One change of the game arrives as several signals (cells, then property
 * notifications, then "turn-changed", then "game-over"), and the computer's
 * answer may follow at once when it has no delay. The news gathers them and
 * is told from an idle callback, once, when the whole change is in place and
 * the views have moved the focus where it goes: one event, one piece of
 * news, and none while nothing happens.
 */

#include "config.h"

#include <string.h>

#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-names.h"
#include "ttt-news.h"
#include "ttt-variants.h"
#include "ttt-words.h"

typedef enum
{
  ACTION_NONE,
  ACTION_NEW_GAME,
  ACTION_UNDO,
  ACTION_HINT,
} Action;

struct _TttNews
{
  GObject   parent_instance;

  TttGame  *game;
  /* The game's match (borrowed from the game). */
  TttMatch *match;

  /* The marks the news last saw, so that a cleared cell can still say
   * which mark it lost. */
  TttMark   marks[TTT_ULTIMATE_N_MOVES];

  /* What happened since the news was last told. */
  Action    action;
  int       hint_cell;
  char     *hint_reason;
  int       placed[TTT_ULTIMATE_N_MOVES];
  TttMark   placed_marks[TTT_ULTIMATE_N_MOVES];
  guint     n_placed;
  int       cleared[TTT_ULTIMATE_N_MOVES];
  TttMark   cleared_marks[TTT_ULTIMATE_N_MOVES];
  guint     n_cleared;
  gboolean  state_changed;
  gboolean  side_changed;

  char     *remote_result;

  guint     flush_id;
};

G_DEFINE_FINAL_TYPE (TttNews, ttt_news, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  N_PROPS
};

enum {
  NEWS,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Whether one side is "you": against the computer or someone elsewhere;
 * between two people here the sides are their marks. */
static gboolean
vs_computer (TttNews *self)
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
static void
add (GString    *text,
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
  add (text, sentence);
}

static void
add_take_back (GString *text,
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
  add (text, sentence);
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
      if (!vs_computer (self) && named (self, TTT_MARK_X) != NULL)
        /* Translators: %s is the name one of two people at this screen
         * gave; see "X won!". */
        return keep (self, g_strdup_printf (C_("news", "%s won!"), named (self, TTT_MARK_X)));
      if (!vs_computer (self))
        return C_("news", "X won!");
      if (known_by_name (self, TTT_MARK_X))
        return remote_won (self, TTT_MARK_X);
      return human == TTT_MARK_X ? C_("news", "You won!") : C_("news", "Computer won.");
    case TTT_OUTCOME_O_WINS:
      if (!vs_computer (self) && named (self, TTT_MARK_O) != NULL)
        return keep (self, g_strdup_printf (C_("news", "%s won!"), named (self, TTT_MARK_O)));
      if (!vs_computer (self))
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

  if (vs_computer (self))
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

static char *
turn_sentence (TttNews *self)
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
      if (vs_computer (self))
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
static char *
move_sentence (TttNews *self,
               TttMark  mark,
               gboolean by_computer,
               int      cell)
{
  gboolean you = vs_computer (self);

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

/* Ultimate: whether the person to move is sent to one small board. */
static gboolean
sent_to_one_board (TttNews *self)
{
  guint boards = ttt_match_get_playable_boards (self->match);

  return is_ultimate (self) && ttt_game_get_state (self->game) == TTT_GAME_STATE_LOCAL_TURN &&
         boards != 0 && (boards & (boards - 1)) == 0;
}

static char *
compose (TttNews *self)
{
  GString *text = g_string_new (NULL);
  gboolean board_changed = self->n_placed > 0 || self->n_cleared > 0;
  gboolean over = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;
  /* The focus leaves the cell of the person's move (see below). */
  gboolean focus_leaves = over || sent_to_one_board (self);
  TttMark human = ttt_game_get_human_mark (self->game);

  if (self->action == ACTION_NEW_GAME)
    add (text, C_("news", "New game."));
  if ((self->action == ACTION_NEW_GAME || self->side_changed) && vs_computer (self))
    add (text, ttt_game_get_human_mark (self->game) == TTT_MARK_X ? C_("news", "You play X.")
                                                                   : C_("news", "You play O."));

  if (self->action == ACTION_UNDO && self->n_cleared > 0)
    add_take_back (text, self);

  /* The view moves the focus to the suggested cell, which names it. */
  if (self->action == ACTION_HINT && self->hint_cell >= 0)
    {
      g_autofree char *sentence = NULL;

      if (self->hint_reason != NULL)
        /* Translators: news after Hint; %s says why, as a sentence. */
        sentence = g_strdup_printf (C_("news", "Suggested move: %s"), self->hint_reason);
      else
        sentence = g_strdup (_("Suggested move"));
      add (text, sentence);
    }

  /* A person's own move is heard from its cell, which has the focus; the
   * computer's is not. The move that ends a game is the exception: the
   * finished board takes no focus (the view sends it to Play Again). So
   * is the person's move before a reply that ends it: the focus leaves
   * the cell at once, and a screen reader drops what the cell was saying
   * for the new focus. And in Ultimate before a reply that sends the
   * person to one board, where the board view takes a focus on the board
   * (TttBoardView). */
  if (focus_leaves && vs_computer (self) && self->n_placed > 0 &&
      self->placed_marks[self->n_placed - 1] != human)
    {
      guint n_moves;
      const int *moves = ttt_match_get_moves (self->match, &n_moves);
      gboolean told = FALSE;

      for (guint i = 0; i < self->n_placed; i++)
        told |= n_moves >= 2 && self->placed[i] == moves[n_moves - 2];
      if (n_moves >= 2 && !told)
        {
          g_autofree char *sentence = move_sentence (self, human, FALSE, moves[n_moves - 2]);
          add (text, sentence);
        }
    }

  for (guint i = 0; i < self->n_placed; i++)
    {
      int cell = self->placed[i];
      TttMark mark = self->placed_marks[i];
      gboolean last = i == self->n_placed - 1 && over;
      g_autofree char *sentence = NULL;

      if (vs_computer (self) && mark != human)
        sentence = move_sentence (self, mark, TRUE, cell);
      else if (last || (focus_leaves && vs_computer (self)))
        sentence = move_sentence (self, mark, FALSE, cell);
      add (text, sentence);
    }

  if (board_changed || self->state_changed || self->action == ACTION_NEW_GAME)
    {
      g_autofree char *turn = turn_sentence (self);

      add (text, turn);
    }

  return g_string_free (text, FALSE);
}

static void
forget (TttNews *self)
{
  self->action = ACTION_NONE;
  self->hint_cell = -1;
  g_clear_pointer (&self->hint_reason, g_free);
  self->n_placed = 0;
  self->n_cleared = 0;
  self->state_changed = FALSE;
  self->side_changed = FALSE;
}

static gboolean
flush_cb (gpointer user_data)
{
  TttNews *self = user_data;

  self->flush_id = 0;
  /* A move being thought out comes next: told with what led to it, as one
   * piece of news. */
  if (ttt_table_get_thinking (ttt_game_get_table (self->game)))
    return G_SOURCE_REMOVE;
  ttt_news_flush (self);

  return G_SOURCE_REMOVE;
}

static void
schedule (TttNews *self)
{
  if (self->flush_id == 0)
    self->flush_id = g_idle_add (flush_cb, self);
}

static void
cell_changed_cb (TttNews *self,
                 int      cell,
                 TttMark  mark,
                 TttGame *game)
{
  if (cell < 0 || cell >= ttt_match_get_n_cells (ttt_game_get_match (game)))
    return;

  /* Without the main loop in between (two people playing game after
   * game from code) more can happen than the lists hold: what does not fit
   * goes untold, and the turn or result the news ends with is still the
   * game's own. */
  if (mark == TTT_MARK_NONE && self->marks[cell] != TTT_MARK_NONE && self->n_cleared < TTT_ULTIMATE_N_MOVES)
    {
      self->cleared[self->n_cleared] = cell;
      self->cleared_marks[self->n_cleared] = self->marks[cell];
      self->n_cleared++;
    }
  else if (mark != TTT_MARK_NONE && self->n_placed < TTT_ULTIMATE_N_MOVES)
    {
      self->placed[self->n_placed] = cell;
      self->placed_marks[self->n_placed] = mark;
      self->n_placed++;
    }

  self->marks[cell] = mark;
  schedule (self);
}

/* Another game's board: no cell says it changed, so its marks are read
 * afresh (a new board is empty). */
static void
read_marks (TttNews *self)
{
  memset (self->marks, 0, sizeof self->marks);
  for (int i = 0; i < ttt_match_get_n_cells (self->match); i++)
    self->marks[i] = ttt_match_get_cell (self->match, i);
}

static void
variant_changed_cb (TttNews    *self,
                    GParamSpec *pspec,
                    TttGame    *game)
{
  read_marks (self);
  self->state_changed = TRUE;
  schedule (self);
}

static void
state_changed_cb (TttNews    *self,
                  GParamSpec *pspec,
                  TttGame    *game)
{
  self->state_changed = TRUE;
  schedule (self);
}

static void
side_changed_cb (TttNews    *self,
                 GParamSpec *pspec,
                 TttGame    *game)
{
  self->side_changed = TRUE;
  schedule (self);
}

/* The game's own events: the next news starts with "New game." even if the
 * board was empty and nothing else changed; the cells an undo cleared are
 * told as taken back; a hint is said with its reason. */
static void
game_started_cb (TttNews *self,
                 TttGame *game)
{
  self->action = ACTION_NEW_GAME;
  schedule (self);
}

static void
moves_taken_back_cb (TttNews  *self,
                     GVariant *moves,
                     TttGame  *game)
{
  self->action = ACTION_UNDO;
  schedule (self);
}

static void
hint_changed_cb (TttNews    *self,
                 int         cell,
                 TttMotive   motive,
                 TttAnalyst *analyst)
{
  TttGame *game = self->game;

  /* The view moves the focus to the cell, which names it. */
  if (cell < 0)
    return;

  self->action = ACTION_HINT;
  self->hint_cell = cell;
  g_free (self->hint_reason);
  if (!ttt_variants_get (ttt_game_get_variant (game))->solved)
    self->hint_reason = ttt_words_ultimate_hint (game, TRUE);
  else
    self->hint_reason = ttt_coach_motive_text (motive, ttt_game_get_turn (game));
  schedule (self);
}

static void
ttt_news_set_game (TttNews *self,
                   TttGame *game)
{
  g_return_if_fail (TTT_IS_GAME (game));

  self->game = g_object_ref (game);
  self->match = ttt_game_get_match (game);

  read_marks (self);

  g_signal_connect_object (game, "cell-changed", G_CALLBACK (cell_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::state", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::variant", G_CALLBACK (variant_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::turn", G_CALLBACK (state_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "notify::human-mark", G_CALLBACK (side_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "game-started", G_CALLBACK (game_started_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (game, "moves-taken-back", G_CALLBACK (moves_taken_back_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (ttt_game_get_analyst (game), "hint-changed", G_CALLBACK (hint_changed_cb), self,
                           G_CONNECT_SWAPPED);
}

static void
ttt_news_dispose (GObject *object)
{
  TttNews *self = TTT_NEWS (object);

  g_clear_handle_id (&self->flush_id, g_source_remove);
  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  self->match = NULL;
  g_clear_object (&self->game);
  g_clear_pointer (&self->hint_reason, g_free);
  g_clear_pointer (&self->remote_result, g_free);

  G_OBJECT_CLASS (ttt_news_parent_class)->dispose (object);
}

static void
ttt_news_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  TttNews *self = TTT_NEWS (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_news_set_property (GObject      *object,
                       guint         prop_id,
                       const GValue *value,
                       GParamSpec   *pspec)
{
  TttNews *self = TTT_NEWS (object);

  switch (prop_id)
    {
    case PROP_GAME:
      ttt_news_set_game (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_news_class_init (TttNewsClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_news_dispose;
  object_class->get_property = ttt_news_get_property;
  object_class->set_property = ttt_news_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttNews::news:
   * @self: a #TttNews
   * @text: one or a few short sentences, translated
   *
   * Emitted once for each change of the game, or each hint, that a person
   * who cannot see the board should hear of; never with an empty @text.
   */
  signals[NEWS] =
    g_signal_new ("news",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_STRING);
}

static void
ttt_news_init (TttNews *self)
{
  self->hint_cell = -1;
}

/**
 * ttt_news_new:
 * @game: the game to tell of
 *
 * Returns: (transfer full): a new #TttNews
 */
TttNews *
ttt_news_new (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  return g_object_new (TTT_TYPE_NEWS, "game", game, NULL);
}

TttGame *
ttt_news_get_game (TttNews *self)
{
  g_return_val_if_fail (TTT_IS_NEWS (self), NULL);

  return self->game;
}

/* Emits "news" for whatever happened since it was last told, if anything
 * is worth saying, and starts afresh. */
void
ttt_news_flush (TttNews *self)
{
  g_autofree char *text = NULL;

  g_return_if_fail (TTT_IS_NEWS (self));

  g_clear_handle_id (&self->flush_id, g_source_remove);

  text = compose (self);
  forget (self);

  if (*text != '\0')
    g_signal_emit (self, signals[NEWS], 0, text);
}

/**
 * ttt_news_tell:
 * @self: the news
 * @text: a sentence, translated
 *
 * Tells @text now, after whatever is pending: news the game has no
 * signal for, such as why a move the person asked for was refused
 * (ttt_words_refusal()), heard the same way as the rest.
 */
void
ttt_news_tell (TttNews    *self,
               const char *text)
{
  g_return_if_fail (TTT_IS_NEWS (self));
  g_return_if_fail (text != NULL);

  ttt_news_flush (self);
  if (*text != '\0')
    g_signal_emit (self, signals[NEWS], 0, text);
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
  return move_sentence (self, mark, vs_computer (self) && mark != ttt_game_get_human_mark (self->game),
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
