/* ttt-game.c — one match of tic-tac-toe, as a GObject
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The views redraw from what this object tells them, so the order of the
 * news is part of the contract. For every change of the board:
 *
 *   1. "cell-changed" (cell, mark) for each cell that changed: the cell just
 *      played, or every cell a new game or an undo clears (mark NONE);
 *   2. property notifications ("n-moves", "state", "turn", "outcome",
 *      "human-mark", "can-undo", "difficulty", "opponent", "variant"),
 *      emitted together once the whole change is in place, each only if
 *      its value really changed;
 *   3. "turn-changed" (turn) if, and only if, the mark to move changed: it
 *      becomes TTT_MARK_NONE when a game ends and X when the next begins.
 *      Whether a local person plays that mark or the game waits for its
 *      player is "state"; who plays it, the table (ttt_table_get_player());
 *   4. "changed" once, if anything above changed: a view that draws the
 *      whole board from the match follows this alone, and so redraws once
 *      a move;
 *   5. "game-over" (outcome, winning_cells) once, when a game has just ended.
 *
 * The coach is the game's TttAnalyst (ttt_game_get_analyst()). A change
 * of the board ends its hint ("hint-changed" with −1) before any of the
 * change's news. Its searches in Ultimate (the hint, Show Analysis) run
 * off the main thread and answer later, from the main loop:
 * "hint-changed" and "analysis-changed" then come on their own, never
 * inside the news of a change. A change of the board cancels a search on
 * its way before any of its news, so that whoever hears of it and asks
 * again finds nothing of the board as it was.
 *
 * A game that ends is counted by its table (ttt_table_count_result()) at
 * once, before any of this news: whoever hears it finds the result
 * counted. The result is final: a finished game cannot be undone, and one
 * abandoned by a new game counts nothing.
 *
 * The choices that shape a game are its TttSetup's (ttt_game_get_setup()).
 * The game in progress keeps playing by the values it began with, which
 * its own #TttGame:variant, #TttGame:difficulty and #TttGame:opponent
 * report: a change of the setup takes effect from the next game, or at
 * once while the current game has no move yet.
 */

#include "config.h"

#include "ttt-game-private.h"
#include "ttt-variants.h"

G_DEFINE_FINAL_TYPE (TttGame, ttt_game, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_STATE,
  PROP_TURN,
  PROP_OUTCOME,
  PROP_HUMAN_MARK,
  PROP_CAN_UNDO,
  PROP_N_MOVES,
  PROP_DIFFICULTY,
  PROP_OPPONENT,
  PROP_VARIANT,
  PROP_HELD,
  N_PROPS
};

enum {
  CELL_CHANGED,
  MOVE_PLAYED,
  TURN_CHANGED,
  CHANGED,
  GAME_OVER,
  GAME_STARTED,
  MOVES_TAKEN_BACK,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* The properties the news compares before and after a change, in the
 * order they are notified. ("held" changes alone: ttt_game_set_held().) */
static const guint news_props[] = {
  PROP_N_MOVES, PROP_HUMAN_MARK, PROP_OUTCOME, PROP_TURN, PROP_STATE,
  PROP_CAN_UNDO, PROP_DIFFICULTY, PROP_OPPONENT, PROP_VARIANT,
};

G_STATIC_ASSERT (N_PROPS <= G_N_ELEMENTS (((TttGameSnapshot *) NULL)->values));

static gboolean
ttt_game_compute_can_undo (TttGame *self)
{
  /* A result is final. */
  return self->state != TTT_GAME_STATE_OVER && ttt_table_find_undo (self->table, NULL);
}

/* Each property's value as one number: what get_property reports and
 * what the news compares. */
static guint
ttt_game_get_value (TttGame *self,
                    guint    prop_id)
{
  switch (prop_id)
    {
    case PROP_STATE:
      return self->state;
    case PROP_TURN:
      return ttt_match_get_turn (self->match);
    case PROP_OUTCOME:
      return ttt_match_get_outcome (self->match);
    case PROP_HUMAN_MARK:
      return ttt_table_get_local_mark (self->table);
    case PROP_CAN_UNDO:
      return ttt_game_compute_can_undo (self);
    case PROP_N_MOVES:
      return ttt_match_get_n_moves (self->match);
    case PROP_DIFFICULTY:
      return ttt_table_get_level (self->table);
    case PROP_OPPONENT:
      return ttt_table_get_opponent (self->table);
    case PROP_VARIANT:
      return ttt_match_get_variant (self->match);
    case PROP_HELD:
      return self->held;
    default:
      g_assert_not_reached ();
    }
}

void
ttt_game_snapshot (TttGame         *self,
                   TttGameSnapshot *before)
{
  for (guint i = 0; i < G_N_ELEMENTS (news_props); i++)
    before->values[news_props[i]] = ttt_game_get_value (self, news_props[i]);
}

/* Notifies every property that differs from @before, then "turn-changed"
 * and "changed".
 * Notifications are frozen until all are queued so that a handler of any of
 * them sees the whole new state. */
void
ttt_game_emit_changes (TttGame               *self,
                       const TttGameSnapshot *before)
{
  TttGameSnapshot after;
  gboolean changed = FALSE;

  ttt_game_snapshot (self, &after);

  g_object_freeze_notify (G_OBJECT (self));
  for (guint i = 0; i < G_N_ELEMENTS (news_props); i++)
    if (before->values[news_props[i]] != after.values[news_props[i]])
      {
        g_object_notify_by_pspec (G_OBJECT (self), properties[news_props[i]]);
        changed = TRUE;
      }
  g_object_thaw_notify (G_OBJECT (self));

  if (before->values[PROP_TURN] != after.values[PROP_TURN])
    g_signal_emit (self, signals[TURN_CHANGED], 0, (TttMark) after.values[PROP_TURN]);
  /* A change of cells always changes the number of moves. */
  if (changed)
    g_signal_emit (self, signals[CHANGED], 0);
}

/* Who is to move on the board as it now is, or that the game is over.
 * Also asks a driven player for its move when it is its turn (after the
 * pause), so that the state "waiting" always means a move is on its way. */
void
ttt_game_update_state (TttGame *self)
{
  TttMark turn = ttt_match_get_turn (self->match);

  ttt_table_stop_waiting (self->table);
  /* Every change of the board comes this way, before its news. */
  ttt_analyst_drop_analysis (self->analyst);

  if (turn == TTT_MARK_NONE)
    self->state = TTT_GAME_STATE_OVER;
  else if (!ttt_player_is_local (ttt_table_get_player (self->table, turn)))
    {
      self->state = TTT_GAME_STATE_WAITING;
      ttt_table_request_move (self->table);
    }
  else
    self->state = TTT_GAME_STATE_LOCAL_TURN;
}

/* Plays @cell for the side to move; the caller has checked that it may. */
static void
ttt_game_apply_move (TttGame *self,
                     int      cell)
{
  TttMark mark = ttt_match_get_turn (self->match);
  /* Whoever moved keeps a reference while the news goes out: a handler
   * may set up the next game, with other players. */
  g_autoptr(TttPlayer) player = g_object_ref (ttt_table_get_player (self->table, mark));
  TttOutcome outcome;
  TttGameSnapshot before;

  ttt_game_snapshot (self, &before);

  if (!ttt_match_play (self->match, cell))
    g_return_if_reached ();

  outcome = ttt_match_get_outcome (self->match);
  ttt_game_update_state (self);

  /* A handler may drop the last reference the app holds. */
  g_object_ref (self);

  if (outcome != TTT_OUTCOME_ONGOING)
    ttt_table_count_result (self->table);

  ttt_analyst_drop_hint (self->analyst);
  g_signal_emit (self, signals[CELL_CHANGED], 0, cell, mark);
  g_signal_emit (self, signals[MOVE_PLAYED], 0, cell, mark, player);
  ttt_game_emit_changes (self, &before);

  if (outcome != TTT_OUTCOME_ONGOING)
    g_signal_emit (self, signals[GAME_OVER], 0,
                   outcome, ttt_match_get_winning_cells (self->match));

  g_object_unref (self);
}

/* A seat not played here chose its move. */
static void
table_move_chosen_cb (TttTable *table,
                      int       cell,
                      TttGame  *self)
{
  ttt_game_apply_move (self, cell);
}

/* Clears the board and begins a game by the setup. */
void
ttt_game_begin (TttGame  *self,
                gboolean  restarting)
{
  TttPosition old_position = *ttt_match_get_position (self->match);
  TttGameSnapshot before;

  ttt_game_snapshot (self, &before);

  self->started = TRUE;

  ttt_table_seat (self->table, ttt_setup_get_opponent (self->setup),
                  ttt_setup_get_difficulty (self->setup),
                  ttt_setup_get_first_player (self->setup), restarting);
  /* A game with someone elsewhere is the one its session agreed on. */
  ttt_match_reset (self->match, ttt_table_get_remote (self->table) != NULL
                                  ? self->remote_variant
                                  : ttt_setup_get_variant (self->setup));
  ttt_game_update_state (self);

  g_object_ref (self);

  ttt_analyst_drop_hint (self->analyst);
  /* A board of another game is told by #TttGame:variant alone:
   * its cells are not this board's. */
  if (old_position.variant == ttt_match_get_variant (self->match))
    for (int cell = 0; cell < ttt_position_get_n_cells (&old_position); cell++)
      if (ttt_position_get_cell (&old_position, cell) != TTT_MARK_NONE)
        g_signal_emit (self, signals[CELL_CHANGED], 0, cell, TTT_MARK_NONE);

  ttt_game_emit_changes (self, &before);

  g_object_unref (self);
}

/* A choice that shapes a game changed: an empty game is set up again at
 * once so the change is seen; otherwise it waits for the next game. */
static void
ttt_game_setup_changed (TttGame *self)
{
  TttGameSnapshot before;

  /* A network game plays by what the two sides agreed. */
  if (ttt_match_get_n_moves (self->match) > 0 || ttt_table_get_remote (self->table) != NULL)
    return;

  if (self->started)
    {
      ttt_game_begin (self, TRUE);
      return;
    }

  /* Before the first ttt_game_start_new() nobody has been chosen to start:
   * the human keeps X and the move, and no computer move is scheduled while
   * the app is still applying its settings; but clicks on this board should
   * already play by the new values. */
  ttt_game_snapshot (self, &before);
  ttt_match_reset (self->match, ttt_setup_get_variant (self->setup));
  ttt_table_reseat (self->table, ttt_setup_get_opponent (self->setup),
                    ttt_setup_get_difficulty (self->setup));
  ttt_game_emit_changes (self, &before);
}

static void
ttt_game_dispose (GObject *object)
{
  TttGame *self = (TttGame *)object;

  if (self->table != NULL)
    {
      ttt_table_stop_waiting (self->table);
      g_signal_handlers_disconnect_by_data (self->table, self);
    }
  if (self->setup != NULL)
    g_signal_handlers_disconnect_by_data (self->setup, self);
  /* Its searches on their way are cancelled, and tell nobody. */
  g_clear_object (&self->analyst);
  g_clear_object (&self->table);
  g_clear_object (&self->match);
  g_clear_object (&self->setup);

  G_OBJECT_CLASS (ttt_game_parent_class)->dispose (object);
}

static void
ttt_game_get_property (GObject    *object,
                       guint       prop_id,
                       GValue     *value,
                       GParamSpec *pspec)
{
  TttGame *self = TTT_GAME (object);
  guint v;

  if (prop_id == 0 || prop_id >= N_PROPS)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }

  v = ttt_game_get_value (self, prop_id);
  if (G_IS_PARAM_SPEC_ENUM (pspec))
    g_value_set_enum (value, (int) v);
  else if (G_IS_PARAM_SPEC_BOOLEAN (pspec))
    g_value_set_boolean (value, v != 0);
  else
    g_value_set_uint (value, v);
}

static void
ttt_game_class_init (TttGameClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GParamFlags read_only = G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS;

  object_class->dispose = ttt_game_dispose;
  object_class->get_property = ttt_game_get_property;

  properties[PROP_STATE] =
    g_param_spec_enum ("state", NULL, NULL, TTT_TYPE_GAME_STATE, TTT_GAME_STATE_LOCAL_TURN, read_only);

  /**
   * TttGame:turn:
   *
   * The mark to move next, %TTT_MARK_NONE once the game is over.
   */
  properties[PROP_TURN] =
    g_param_spec_enum ("turn", NULL, NULL, TTT_TYPE_MARK, TTT_MARK_X, read_only);

  properties[PROP_OUTCOME] =
    g_param_spec_enum ("outcome", NULL, NULL, TTT_TYPE_OUTCOME, TTT_OUTCOME_ONGOING, read_only);

  /**
   * TttGame:human-mark:
   *
   * The human's mark in the current game against the computer; X when two
   * people play.
   */
  properties[PROP_HUMAN_MARK] =
    g_param_spec_enum ("human-mark", NULL, NULL, TTT_TYPE_MARK, TTT_MARK_X, read_only);

  /**
   * TttGame:can-undo:
   *
   * Whether ttt_game_undo() would take anything back: a move of the
   * person's against the computer, any move between two people; never
   * once the game is over.
   */
  properties[PROP_CAN_UNDO] =
    g_param_spec_boolean ("can-undo", NULL, NULL, FALSE, read_only);

  properties[PROP_N_MOVES] =
    g_param_spec_uint ("n-moves", NULL, NULL, 0, TTT_ULTIMATE_N_MOVES, 0, read_only);

  /**
   * TttGame:difficulty:
   *
   * The difficulty the game in progress is played at, taken from the
   * setup when it began.
   */
  properties[PROP_DIFFICULTY] =
    g_param_spec_enum ("difficulty", NULL, NULL, TTT_TYPE_LEVEL, TTT_LEVEL_MEDIUM, read_only);

  /**
   * TttGame:opponent:
   *
   * Who the game in progress is played against: what a status line or a
   * score line follows, where the setup may already name the opponent of
   * the next game.
   */
  properties[PROP_OPPONENT] =
    g_param_spec_enum ("opponent", NULL, NULL, TTT_TYPE_OPPONENT, TTT_OPPONENT_COMPUTER, read_only);

  /**
   * TttGame:variant:
   *
   * The game in progress: a view lays out its board by it (9 cells, or 81
   * in nine boards) and redraws every cell when it changes, which no
   * "cell-changed" tells.
   */
  properties[PROP_VARIANT] =
    g_param_spec_enum ("variant", NULL, NULL, TTT_TYPE_VARIANT, ttt_variants_get_nth (0)->variant, read_only);

  /**
   * TttGame:held:
   *
   * Whether ttt_game_play() refuses every move for now (see
   * ttt_game_set_held()): the views show the board as not playable.
   */
  properties[PROP_HELD] =
    g_param_spec_boolean ("held", NULL, NULL, FALSE,
                          read_only);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttGame::cell-changed:
   * @self: a #TttGame
   * @cell: the cell, 0–8 in reading order
   * @mark: its new mark, %TTT_MARK_NONE when a new game or an undo clears it
   */
  signals[CELL_CHANGED] =
    g_signal_new ("cell-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, TTT_TYPE_MARK);

  /**
   * TttGame::move-played:
   * @self: a #TttGame
   * @cell: the cell played, 0–8 in reading order
   * @mark: the mark played there
   * @player: who played it (see ttt_player_is_local())
   *
   * Emitted right after "cell-changed" for a move (not for a cell that a
   * new game or an undo clears), saying who made it.
   */
  signals[MOVE_PLAYED] =
    g_signal_new ("move-played", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 3, G_TYPE_INT, TTT_TYPE_MARK, TTT_TYPE_PLAYER);

  /**
   * TttGame::game-started:
   * @self: a #TttGame
   *
   * Emitted by ttt_game_start_new() once the new game is set up and its
   * changes are told, even when the board was empty already and nothing
   * else changed. (A change of the setup that sets an empty game up
   * again is no new game: it is told by the properties alone.)
   */
  signals[GAME_STARTED] =
    g_signal_new ("game-started", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * TttGame::moves-taken-back:
   * @self: a #TttGame
   * @moves: the moves an undo took back, latest first, as (cell, mark)
   *   pairs: a #GVariant of type a(ii)
   *
   * Emitted by ttt_game_undo() after the cells it cleared and the changes
   * are told.
   */
  signals[MOVES_TAKEN_BACK] =
    g_signal_new ("moves-taken-back", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_VARIANT);

  /**
   * TttGame::turn-changed:
   * @self: a #TttGame
   * @turn: the mark to move, %TTT_MARK_NONE when the game has just ended
   *
   * Emitted exactly when #TttGame:turn changes, after the property
   * notifications. Whether a local person plays that mark is
   * #TttGame:state; who does, ttt_table_get_player().
   */
  signals[TURN_CHANGED] =
    g_signal_new ("turn-changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, TTT_TYPE_MARK);

  /**
   * TttGame::changed:
   * @self: a #TttGame
   *
   * Emitted once at the end of the news of every change that changed
   * anything (a move, an undo, a new game, an ending off the board, a
   * change of the setup seen at once), after the property notifications
   * and "turn-changed" and before "game-over". (#TttGame:held changes
   * on its own.)
   */
  signals[CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);

  /**
   * TttGame::game-over:
   * @self: a #TttGame
   * @outcome: who won, or %TTT_OUTCOME_DRAW
   * @winning_cells: bit i set for each cell of a completed line (0 for a draw)
   *
   * Emitted once, after the move that ended the game, which
   * its table has already counted.
   */
  signals[GAME_OVER] =
    g_signal_new ("game-over", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, TTT_TYPE_OUTCOME, G_TYPE_UINT);
}

static void
ttt_game_init (TttGame *self)
{
  self->setup = ttt_setup_new ();
  g_signal_connect_swapped (self->setup, "notify", G_CALLBACK (ttt_game_setup_changed), self);

  self->state = TTT_GAME_STATE_LOCAL_TURN;
  self->match = ttt_match_new (ttt_setup_get_variant (self->setup));
  self->table = ttt_table_new (self->match);
  g_signal_connect (self->table, "move-chosen", G_CALLBACK (table_move_chosen_cb), self);
  self->analyst = ttt_analyst_new (self->match, self->table);
}

/**
 * ttt_game_new:
 *
 * Creates a game with an empty board and the human to move as X. Nothing is
 * scheduled yet: set its setup (or bind it to GSettings) first, then
 * call ttt_game_start_new() to begin the first game by them — only then may
 * the computer make the opening move.
 *
 * Returns: (transfer full): a new #TttGame
 */
TttGame *
ttt_game_new (void)
{
  return g_object_new (TTT_TYPE_GAME, NULL);
}

/**
 * ttt_game_start_new:
 * @self: a #TttGame
 *
 * Abandons the current game, cancelling any pending computer move, and
 * begins the next by its setup. An unfinished game counts
 * nothing.
 */
void
ttt_game_start_new (TttGame *self)
{
  g_return_if_fail (TTT_IS_GAME (self));

  g_object_ref (self);
  ttt_table_set_remote (self->table, NULL, TTT_MARK_NONE);
  ttt_game_begin (self, FALSE);
  g_signal_emit (self, signals[GAME_STARTED], 0);
  g_object_unref (self);
}

/**
 * ttt_game_play:
 * @self: a #TttGame
 * @cell: 0–8 in reading order
 *
 * Plays @cell for the local person whose turn it is.
 *
 * Returns: %FALSE, with nothing changed and nothing emitted, if @cell is out
 *   of range or occupied, the game is over, or the computer is to move
 */
gboolean
ttt_game_play (TttGame *self,
               int      cell)
{
  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);

  if (self->state != TTT_GAME_STATE_LOCAL_TURN || self->held)
    return FALSE;
  /* Out of range, occupied, or (in Ultimate) outside the boards the side
   * to move is sent to. */
  if (!ttt_position_is_legal (ttt_match_get_position (self->match), cell))
    return FALSE;

  ttt_game_apply_move (self, cell);

  return TRUE;
}

/* Takes back every move after the first @keep, latest first, and tells it:
 * what Undo and a take-back both agreed with the other side come to. */
void
ttt_game_keep_moves (TttGame *self,
                     guint    keep)
{
  g_autoptr(GVariant) taken = NULL;
  TttGameSnapshot before;
  GVariantIter iter;
  int cell, mark;

  g_assert (keep < ttt_match_get_n_moves (self->match));

  ttt_game_snapshot (self, &before);
  /* Latest first, as if the moves were lifted off the board; a copy of
   * the match's, since a handler may play again before the last of them
   * is announced. */
  taken = ttt_match_keep_moves (self->match, keep);
  ttt_game_update_state (self);

  g_object_ref (self);

  ttt_analyst_drop_hint (self->analyst);
  g_variant_iter_init (&iter, taken);
  while (g_variant_iter_next (&iter, "(ii)", &cell, &mark))
    g_signal_emit (self, signals[CELL_CHANGED], 0, cell, TTT_MARK_NONE);

  ttt_game_emit_changes (self, &before);
  g_signal_emit (self, signals[MOVES_TAKEN_BACK], 0, taken);

  g_object_unref (self);
}

/**
 * ttt_game_undo:
 * @self: a #TttGame
 *
 * Against the computer, takes back the human's last move and the computer's
 * answer to it, if any (a pending answer is cancelled), so it is the human's
 * turn again. Between two people, takes back one move. A finished game is
 * not undone: its result has been counted.
 *
 * Returns: %FALSE if there was nothing to undo (see #TttGame:can-undo)
 */
gboolean
ttt_game_undo (TttGame *self)
{
  guint keep;

  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);

  /* With someone elsewhere, an undo is asked for, not taken. */
  if (ttt_table_get_remote (self->table) != NULL || !ttt_game_compute_can_undo (self))
    return FALSE;
  if (!ttt_table_find_undo (self->table, &keep))
    g_return_val_if_reached (FALSE);

  ttt_game_keep_moves (self, keep);

  return TRUE;
}

guint
ttt_game_get_n_moves (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), 0);

  return ttt_match_get_n_moves (self->match);
}

TttGameState
ttt_game_get_state (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), TTT_GAME_STATE_OVER);

  return self->state;
}

TttMark
ttt_game_get_turn (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), TTT_MARK_NONE);

  return ttt_match_get_turn (self->match);
}

TttOutcome
ttt_game_get_outcome (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), TTT_OUTCOME_ONGOING);

  return ttt_match_get_outcome (self->match);
}

TttMark
ttt_game_get_human_mark (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), TTT_MARK_NONE);

  return ttt_table_get_local_mark (self->table);
}

gboolean
ttt_game_get_can_undo (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), FALSE);

  return ttt_game_compute_can_undo (self);
}

/* The game in progress (its setup may already name the next one). */
TttVariant
ttt_game_get_variant (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), ttt_variants_get_nth (0)->variant);

  return ttt_match_get_variant (self->match);
}

/* What the game in progress is played at, and against whom. */
TttLevel
ttt_game_get_difficulty (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), TTT_LEVEL_MEDIUM);

  return ttt_table_get_level (self->table);
}

TttOpponent
ttt_game_get_opponent (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), TTT_OPPONENT_COMPUTER);

  return ttt_table_get_opponent (self->table);
}

/* The game on the board: its rules, marks, moves and outcome
 * (ttt-match.h). The same match holds every game this object plays. */
TttMatch *
ttt_game_get_match (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), NULL);

  return self->match;
}

/* The coach of the game: the hint and why, and the analysis of each cell
 * (ttt-analyst.h). */
TttAnalyst *
ttt_game_get_analyst (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), NULL);

  return self->analyst;
}

/* The seats of the game: who plays each side, who starts, and the moves
 * asked of a seat not played here (ttt-table.h). */
TttTable *
ttt_game_get_table (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), NULL);

  return self->table;
}

/* What the next game will be: the app binds it to its settings. A change
 * shows at once on a board with no move yet, else from the next game. */
TttSetup *
ttt_game_get_setup (TttGame *self)
{
  g_return_val_if_fail (TTT_IS_GAME (self), NULL);

  return self->setup;
}

/* For ttt-game-remote.c: the news only ttt-game.c may send. */

void
ttt_game_emit_started (TttGame *self)
{
  g_signal_emit (self, signals[GAME_STARTED], 0);
}

void
ttt_game_emit_over (TttGame *self,
                    guint    winning_cells)
{
  g_signal_emit (self, signals[GAME_OVER], 0, ttt_match_get_outcome (self->match), winning_cells);
}

void
ttt_game_notify_held (TttGame *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HELD]);
}
