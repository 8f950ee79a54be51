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
#include "ttt-news-private.h"
#include "ttt-variants.h"
#include "ttt-words.h"


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

static char *
compose (TttNews *self)
{
  GString *text = g_string_new (NULL);
  gboolean board_changed = self->n_placed > 0 || self->n_cleared > 0;
  gboolean over = ttt_game_get_state (self->game) == TTT_GAME_STATE_OVER;
  /* The focus leaves the cell of the person's move (see below). */
  gboolean focus_leaves = over || _ttt_news_sent_to_one_board (self);
  TttMark human = ttt_game_get_human_mark (self->game);

  if (self->action == ACTION_NEW_GAME)
    _ttt_news_add (text, C_("news", "New game."));
  if ((self->action == ACTION_NEW_GAME || self->side_changed) && _ttt_news_vs_computer (self))
    _ttt_news_add (text, ttt_game_get_human_mark (self->game) == TTT_MARK_X ? C_("news", "You play X.")
                                                                   : C_("news", "You play O."));

  if (self->action == ACTION_UNDO && self->n_cleared > 0)
    _ttt_news_add_take_back (text, self);

  /* The view moves the focus to the suggested cell, which names it. */
  if (self->action == ACTION_HINT && self->hint_cell >= 0)
    {
      g_autofree char *sentence = NULL;

      if (self->hint_reason != NULL)
        /* Translators: news after Hint; %s says why, as a sentence. */
        sentence = g_strdup_printf (C_("news", "Suggested move: %s"), self->hint_reason);
      else
        sentence = g_strdup (_("Suggested move"));
      _ttt_news_add (text, sentence);
    }

  /* A person's own move is heard from its cell, which has the focus; the
   * computer's is not. The move that ends a game is the exception: the
   * finished board takes no focus (the view sends it to Play Again). So
   * is the person's move before a reply that ends it: the focus leaves
   * the cell at once, and a screen reader drops what the cell was saying
   * for the new focus. And in Ultimate before a reply that sends the
   * person to one board, where the board view takes a focus on the board
   * (TttBoardView). */
  if (focus_leaves && _ttt_news_vs_computer (self) && self->n_placed > 0 &&
      self->placed_marks[self->n_placed - 1] != human)
    {
      guint n_moves;
      const int *moves = ttt_match_get_moves (self->match, &n_moves);
      gboolean told = FALSE;

      for (guint i = 0; i < self->n_placed; i++)
        told |= n_moves >= 2 && self->placed[i] == moves[n_moves - 2];
      if (n_moves >= 2 && !told)
        {
          g_autofree char *sentence = _ttt_news_move_sentence (self, human, FALSE, moves[n_moves - 2]);
          _ttt_news_add (text, sentence);
        }
    }

  for (guint i = 0; i < self->n_placed; i++)
    {
      int cell = self->placed[i];
      TttMark mark = self->placed_marks[i];
      gboolean last = i == self->n_placed - 1 && over;
      g_autofree char *sentence = NULL;

      if (_ttt_news_vs_computer (self) && mark != human)
        sentence = _ttt_news_move_sentence (self, mark, TRUE, cell);
      else if (last || (focus_leaves && _ttt_news_vs_computer (self)))
        sentence = _ttt_news_move_sentence (self, mark, FALSE, cell);
      _ttt_news_add (text, sentence);

      /* Ultimate: a small board the move won or filled. Said even where
       * the move itself is heard from its cell: the cell does not say
       * it (TttBoardView leaves it to the news). */
      {
        g_autofree char *closed = _ttt_news_board_closed_sentence (self, cell);

        _ttt_news_add (text, closed);
      }
    }

  if (board_changed || self->state_changed || self->action == ACTION_NEW_GAME)
    {
      g_autofree char *turn = _ttt_news_turn_sentence (self);

      _ttt_news_add (text, turn);
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
   * piece of news. Not a person's elsewhere, who may take their time:
   * what led to it ("Took back O…", "New game.") is told now. */
  if (ttt_table_get_thinking (ttt_game_get_table (self->game)))
    {
      TttTable *table = ttt_game_get_table (self->game);
      TttPlayer *next = ttt_table_get_player (table, ttt_game_get_turn (self->game));

      if (next == NULL || ttt_player_is_local (next) || !ttt_player_is_known_by_name (next))
        return G_SOURCE_REMOVE;
    }
  /* So too before the computer has begun to think: a small board the
   * person's move closed is told with the reply, rather than alone on a
   * cell the focus is about to leave. */
  if (ttt_game_get_state (self->game) == TTT_GAME_STATE_WAITING && self->action == ACTION_NONE &&
      self->n_placed > 0)
    {
      TttTable *table = ttt_game_get_table (self->game);
      TttPlayer *next = ttt_table_get_player (table, ttt_game_get_turn (self->game));

      if (next != NULL && !ttt_player_is_local (next) && !ttt_player_is_known_by_name (next))
        return G_SOURCE_REMOVE;
    }
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

