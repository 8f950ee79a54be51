/* ttt-analyst.c — the coach of one table: hints, their reasons, analysis
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "ttt-analyst.h"

/* The coach's state for one match */

struct _TttAnalyst
{
  GObject          parent_instance;

  TttMatch        *match;
  TttTable        *table;

  /* The hint shown, held until the board next changes; −1 for none. */
  int              hint_cell;
  TttMotive        hint_motive;
  /* From a search: why, and its estimated chance to win, 0–100. */
  TttUltimateHint  hint_reason;
  int              hint_percent;
  /* The hint's search on its way, off the main thread. */
  GCancellable    *hint_search;

  /* The position asked about (when has_analysis) and what a search made
   * of it; analysis_search is set while that search is on its way. */
  TttUltimate      analysed;
  gboolean         has_analysis;
  GCancellable    *analysis_search;
  TttMoveAnalysis  analysis[TTT_ULTIMATE_N_MOVES];
  int              n_analysis;
  /* Whether its figures differ beyond the search's noise. */
  gboolean         tells_apart;
};

G_DEFINE_FINAL_TYPE (TttAnalyst, ttt_analyst, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_HINT_THINKING,
  N_PROPS
};

enum {
  HINT_CHANGED,
  ANALYSIS_CHANGED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

/* Searches asked for whose answers have not come back: main thread only. */
static guint n_thinking;

static gboolean
analyst_solved (TttAnalyst *self)
{
  return ttt_match_get_solved (self->match);
}

static const TttUltimate *
analyst_ultimate (TttAnalyst *self)
{
  return &ttt_match_get_position (self->match)->ultimate;
}

/* The coach speaks to a person here about to move. */
static gboolean
local_to_move (TttAnalyst *self)
{
  TttMark turn = ttt_match_get_turn (self->match);

  return turn != TTT_MARK_NONE && ttt_player_is_local (ttt_table_get_player (self->table, turn));
}

/* The searches' random state: from the table's, without changing it, so
 * that asking twice finds the same and asking changes nothing. */
static guint64
search_rng (TttAnalyst *self)
{
  return ttt_table_get_rng_state (self->table) ^
         (0x9e3779b97f4a7c15u * (ttt_match_get_n_moves (self->match) + 1));
}

static void
ttt_analyst_dispose (GObject *object)
{
  TttAnalyst *self = TTT_ANALYST (object);

  /* Nothing of a search on its way comes, and nobody is told. */
  if (self->hint_search != NULL)
    g_cancellable_cancel (self->hint_search);
  g_clear_object (&self->hint_search);
  if (self->analysis_search != NULL)
    g_cancellable_cancel (self->analysis_search);
  g_clear_object (&self->analysis_search);
  g_clear_object (&self->table);
  g_clear_object (&self->match);

  G_OBJECT_CLASS (ttt_analyst_parent_class)->dispose (object);
}

static void
ttt_analyst_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  TttAnalyst *self = TTT_ANALYST (object);

  switch (prop_id)
    {
    case PROP_HINT_THINKING:
      g_value_set_boolean (value, self->hint_search != NULL);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_analyst_class_init (TttAnalystClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_analyst_dispose;
  object_class->get_property = ttt_analyst_get_property;

  /**
   * TttAnalyst:hint-thinking:
   *
   * Whether the search for a hint is on its way (see
   * ttt_analyst_show_hint()): the hint button shows it.
   */
  properties[PROP_HINT_THINKING] =
    g_param_spec_boolean ("hint-thinking", NULL, NULL, FALSE,
                          (G_PARAM_READABLE |
                           G_PARAM_EXPLICIT_NOTIFY |
                           G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttAnalyst::hint-changed:
   * @self: a #TttAnalyst
   * @cell: the hinted cell, or -1 when the hint has just ended
   * @motive: why the cell is a good move (meaningless when @cell is -1)
   *
   * Emitted when ttt_analyst_show_hint() shows a hint, and when the next
   * change of the board ends it, before that change's news.
   */
  signals[HINT_CHANGED] =
    g_signal_new ("hint-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 2, G_TYPE_INT, TTT_TYPE_MOTIVE);

  /**
   * TttAnalyst::analysis-changed:
   * @self: a #TttAnalyst
   *
   * Emitted from the main loop when the search behind the analysis of
   * the board as it is has finished (see
   * ttt_analyst_get_search_analysis()): what each cell shows can be
   * asked for now. A search that a change of the board cancelled emits
   * nothing.
   */
  signals[ANALYSIS_CHANGED] =
    g_signal_new ("analysis-changed",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL,
                  G_TYPE_NONE, 0);
}

static void
ttt_analyst_init (TttAnalyst *self)
{
  self->hint_cell = -1;
}

/* The coach of @match, played at @table: the table says who is a person
 * here, and holds the random state the searches start from. */
TttAnalyst *
ttt_analyst_new (TttMatch *match,
                 TttTable *table)
{
  TttAnalyst *self;

  g_return_val_if_fail (TTT_IS_MATCH (match), NULL);
  g_return_val_if_fail (TTT_IS_TABLE (table), NULL);

  self = g_object_new (TTT_TYPE_ANALYST, NULL);
  self->match = g_object_ref (match);
  self->table = g_object_ref (table);

  return self;
}

void
ttt_analyst_drop_hint (TttAnalyst *self)
{
  g_return_if_fail (TTT_IS_ANALYST (self));

  /* A hint on its way is for the board as it was: nothing of it comes. */
  if (self->hint_search != NULL)
    {
      g_cancellable_cancel (self->hint_search);
      g_clear_object (&self->hint_search);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_THINKING]);
    }

  if (self->hint_cell < 0)
    return;

  self->hint_cell = -1;
  g_signal_emit (self, signals[HINT_CHANGED], 0, -1, self->hint_motive);
}

/* The next question about the board as it is starts the search anew. */
void
ttt_analyst_drop_analysis (TttAnalyst *self)
{
  g_return_if_fail (TTT_IS_ANALYST (self));

  if (self->analysis_search != NULL)
    {
      g_cancellable_cancel (self->analysis_search);
      g_clear_object (&self->analysis_search);
    }
  self->has_analysis = FALSE;
  self->n_analysis = 0;
}

/* A search on its way: the analyst it is for (weakly, it may go first)
 * and what cancels it. */
typedef struct
{
  GWeakRef      analyst;
  GCancellable *cancellable;
} Pending;

static Pending *
pending_new (TttAnalyst   *self,
             GCancellable *cancellable)
{
  Pending *pending = g_new0 (Pending, 1);

  g_weak_ref_init (&pending->analyst, self);
  pending->cancellable = g_object_ref (cancellable);
  n_thinking++;
  return pending;
}

/* The analyst the search is still for, or NULL: the board changed, or
 * the analyst has gone. */
static TttAnalyst *
pending_finish (Pending *pending)
{
  TttAnalyst *self = NULL;

  n_thinking--;
  if (!g_cancellable_is_cancelled (pending->cancellable))
    self = g_weak_ref_get (&pending->analyst);
  g_weak_ref_clear (&pending->analyst);
  g_clear_object (&pending->cancellable);
  g_free (pending);
  return self;
}

/**
 * ttt_analyst_count_thinking:
 *
 * How many hints and analyses asked for, of all analysts, have not had
 * their answer back on the main thread: a test waits for none before it
 * looks (ttt_table_count_thinking() counts the moves asked for).
 *
 * Returns: the number of searches on their way
 */
guint
ttt_analyst_count_thinking (void)
{
  return n_thinking;
}

/**
 * ttt_analyst_hint:
 * @self: a #TttAnalyst
 * @motive: (out) (optional): why the cell is a good move, for the words of
 *   the hint (see ttt_coach_motive_text())
 *
 * The cell perfect play would choose for the person to move: in a solved
 * game the lowest of its rules' best moves, so that a hint shown twice
 * marks the same cell, with its motive by the rules' review. In a game
 * that is not solved, the move of the hint's search, the same as
 * ttt_analyst_show_hint() finds, but on the calling thread, which it
 * blocks for a second or two (for tests and tools; the window shows the
 * hint).
 *
 * Returns: a cell, or −1 (with nothing stored) when no local person is to
 *   move
 */
int
ttt_analyst_hint (TttAnalyst *self,
                  TttMotive  *motive)
{
  const TttPosition *pos;
  const TttRules *rules;
  TttReview review;
  unsigned best;
  int cell;

  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (!local_to_move (self))
    return -1;
  /* A search's hint says why by its reason, not a motive: the motive is
   * the one its asynchronous answer gives too. */
  if (motive != NULL)
    *motive = TTT_MOTIVE_WIN;
  if (!analyst_solved (self))
    return ttt_analyst_ultimate_hint (analyst_ultimate (self), search_rng (self), NULL, NULL, NULL);

  pos = ttt_match_get_position (self->match);
  rules = ttt_match_get_rules (self->match);
  best = rules->best_moves (&pos->rules);
  if (best == 0)
    return -1;
  cell = g_bit_nth_lsf (best, -1);
  if (rules->review (&pos->rules, cell, &review) != TTT_OK)
    g_return_val_if_reached (-1);
  if (motive != NULL)
    *motive = review.motive;

  return cell;
}

static void
hint_search_done_cb (GObject      *source,
                     GAsyncResult *result,
                     gpointer      user_data)
{
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  g_autoptr(TttAnalyst) self = pending_finish (user_data);
  TttAnalystHint hint;

  if (self == NULL || self->hint_search != cancellable)
    return;

  g_clear_object (&self->hint_search);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_THINKING]);
  if (!ttt_analyst_ultimate_hint_finish (result, &hint) ||
      !ttt_match_is_legal (self->match, hint.move))
    return;

  self->hint_cell = hint.move;
  self->hint_reason = hint.reason;
  self->hint_percent = hint.percent;
  self->hint_motive = TTT_MOTIVE_WIN;
  g_signal_emit (self, signals[HINT_CHANGED], 0, self->hint_cell, self->hint_motive);
}

/**
 * ttt_analyst_show_hint:
 * @self: a #TttAnalyst
 *
 * Works out the hint for the local person to move (see
 * ttt_analyst_hint()) and holds it, with its motive, until the board
 * next changes; "hint-changed" tells the views and the news.
 *
 * In a game that is not solved the search
 * (%TTT_ANALYST_HINT_ITERATIONS iterations) runs off the main thread:
 * #TttAnalyst:hint-thinking is %TRUE until its hint comes by
 * "hint-changed", and any change of the board (a move, an undo, a new
 * game) cancels it, so that nothing of it arrives. Asked again
 * meanwhile, it does nothing more.
 *
 * Returns: the hinted cell, or −1 (nothing emitted) when no local person
 *   is to move; for a search, −1 while it is on its way
 */
int
ttt_analyst_show_hint (TttAnalyst *self)
{
  TttMotive motive;
  int cell;

  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (!local_to_move (self))
    return -1;

  if (analyst_solved (self))
    {
      cell = ttt_analyst_hint (self, &motive);
      if (cell < 0)
        return -1;
      self->hint_cell = cell;
      self->hint_motive = motive;
      g_signal_emit (self, signals[HINT_CHANGED], 0, cell, motive);
      return cell;
    }

  /* A search takes a couple of seconds: it runs off the main thread. */
  if (self->hint_cell >= 0)
    {
      g_signal_emit (self, signals[HINT_CHANGED], 0, self->hint_cell, self->hint_motive);
      return self->hint_cell;
    }
  if (self->hint_search == NULL)
    {
      self->hint_search = g_cancellable_new ();
      ttt_analyst_ultimate_hint_async (analyst_ultimate (self), search_rng (self), self->hint_search,
                                       hint_search_done_cb, pending_new (self, self->hint_search));
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_HINT_THINKING]);
    }
  return -1;
}

/* The cell of the hint shown, and why; −1 when none is. */
int
ttt_analyst_get_shown_hint (TttAnalyst *self,
                            TttMotive  *motive)
{
  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (motive != NULL && self->hint_cell >= 0)
    *motive = self->hint_motive;

  return self->hint_cell;
}

gboolean
ttt_analyst_get_hint_thinking (TttAnalyst *self)
{
  g_return_val_if_fail (TTT_IS_ANALYST (self), FALSE);

  return self->hint_search != NULL;
}

/**
 * ttt_analyst_get_search_hint:
 * @self: a #TttAnalyst
 * @reason: (out) (optional): why
 * @percent: (out) (optional): the search's estimated chance to win by it,
 *   0–100 (a draw counts half): an estimate, not a proof
 *
 * Returns: the cell of the searched hint shown, or −1 when none is (and
 *   always in a solved game)
 */
int
ttt_analyst_get_search_hint (TttAnalyst      *self,
                             TttUltimateHint *reason,
                             int             *percent)
{
  g_return_val_if_fail (TTT_IS_ANALYST (self), -1);

  if (analyst_solved (self) || self->hint_cell < 0)
    return -1;
  if (reason != NULL)
    *reason = self->hint_reason;
  if (percent != NULL)
    *percent = self->hint_percent;

  return self->hint_cell;
}

/**
 * ttt_analyst_get_cell_analysis:
 * @self: a #TttAnalyst
 * @cell: a cell of the board
 * @verdict: (out) (optional): what playing @cell leads to for the side to move
 * @n_moves: (out) (optional): how many moves the game then lasts, this one
 *   included, with perfect play from both sides: 1 for a move that wins at
 *   once, 2 when the opponent then wins at once; for a draw, the moves left
 *   until the board is full
 *
 * The analysis the coach shows on each empty cell of a solved game, by
 * its rules' review. It changes with every move, so a view refreshes it
 * on #TttGame:n-moves and #TttGame:state.
 *
 * Returns: %FALSE, with nothing stored, when no local person is to move,
 *   the game is not solved, or @cell cannot be played
 */
gboolean
ttt_analyst_get_cell_analysis (TttAnalyst *self,
                               int         cell,
                               TttVerdict *verdict,
                               guint      *n_moves)
{
  const TttPosition *pos;
  TttReview review;

  g_return_val_if_fail (TTT_IS_ANALYST (self), FALSE);
  g_return_val_if_fail (cell >= 0 && cell < ttt_match_get_n_cells (self->match), FALSE);

  if (!local_to_move (self) || !analyst_solved (self))
    return FALSE;
  pos = ttt_match_get_position (self->match);
  if (ttt_match_get_rules (self->match)->review (&pos->rules, cell, &review) != TTT_OK)
    return FALSE;

  /* The score is ±(TTT_SCORE_MAX − plies after this move). */
  if (verdict != NULL)
    *verdict = review.score > 0 ? TTT_VERDICT_WIN
             : review.score < 0 ? TTT_VERDICT_LOSS
             : TTT_VERDICT_DRAW;
  if (n_moves != NULL)
    *n_moves = review.score > 0 ? (guint) (TTT_SCORE_MAX - review.score + 1)
             : review.score < 0 ? (guint) (TTT_SCORE_MAX + review.score + 1)
             : (guint) ttt_match_get_n_cells (self->match) - ttt_match_get_n_moves (self->match);

  return TRUE;
}

static void
analysis_search_done_cb (GObject      *source,
                         GAsyncResult *result,
                         gpointer      user_data)
{
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));
  g_autoptr(TttAnalyst) self = pending_finish (user_data);
  int n;

  if (self == NULL || self->analysis_search != cancellable)
    return;

  g_clear_object (&self->analysis_search);
  /* A search that failed leaves the position without an analysis, and
   * is not asked for again until the board changes. */
  n = ttt_analyst_ultimate_analyse_finish (result, self->analysis);
  self->n_analysis = MAX (n, 0);
  self->tells_apart = ttt_search_tells_apart (self->analysis, self->n_analysis);
  g_signal_emit (self, signals[ANALYSIS_CHANGED], 0);
}

/**
 * ttt_analyst_get_search_analysis:
 * @self: a #TttAnalyst
 * @cell: a move of the game in progress
 * @percent: (out) (optional): the search's estimated chance to win by it,
 *   0–100, a draw counting half; −1 when the search cannot tell the moves
 *   apart (ttt_search_tells_apart()): then no unproved move is better or
 *   worse than another as far as it can tell, and no figure is worth
 *   showing
 * @proved: (out) (optional): whether the search proved where it leads
 * @verdict: (out) (optional): when proved, what it leads to
 * @n_moves: (out) (optional): when proved, the moves to the end along the
 *   line found, this one included
 *
 * What Show Analysis marks on a playable cell of a game that is not
 * solved: an estimate from a search of %TTT_ANALYST_ANALYSIS_ITERATIONS
 * iterations run once per position, unless the search proved the result.
 *
 * The search runs off the main thread: the first question about a
 * position starts it and, like every question until it is done, gets
 * %FALSE; "analysis-changed" says when the answer is there. A change of
 * the board cancels a search on its way.
 *
 * Returns: %FALSE, with nothing stored, when no local person is to move,
 *   the game is solved, @cell cannot be played, or the search for the
 *   position is still on its way
 */
gboolean
ttt_analyst_get_search_analysis (TttAnalyst *self,
                                 int         cell,
                                 int        *percent,
                                 gboolean   *proved,
                                 TttVerdict *verdict,
                                 guint      *n_moves)
{
  const TttUltimate *pos;

  g_return_val_if_fail (TTT_IS_ANALYST (self), FALSE);

  if (!local_to_move (self) || analyst_solved (self) || !ttt_match_is_legal (self->match, cell))
    return FALSE;

  /* Never an answer about another position than the board's. */
  pos = analyst_ultimate (self);
  if (!self->has_analysis || memcmp (&self->analysed, pos, sizeof *pos) != 0)
    {
      ttt_analyst_drop_analysis (self);
      self->analysed = *pos;
      self->has_analysis = TRUE;
      self->analysis_search = g_cancellable_new ();
      ttt_analyst_ultimate_analyse_async (pos, search_rng (self), self->analysis_search,
                                          analysis_search_done_cb,
                                          pending_new (self, self->analysis_search));
      return FALSE;
    }
  if (self->analysis_search != NULL)
    return FALSE;

  for (int i = 0; i < self->n_analysis; i++)
    if (self->analysis[i].move == cell)
      {
        const TttMoveAnalysis *a = &self->analysis[i];

        if (percent != NULL)
          *percent = a->proof == TTT_PROOF_NONE && !self->tells_apart
                     ? -1
                     : (int) (a->win_chance * 100 + 0.5);
        if (proved != NULL)
          *proved = a->proof != TTT_PROOF_NONE;
        if (verdict != NULL && a->proof != TTT_PROOF_NONE)
          *verdict = a->proof == TTT_PROOF_WIN ? TTT_VERDICT_WIN
                   : a->proof == TTT_PROOF_LOSS ? TTT_VERDICT_LOSS
                   : TTT_VERDICT_DRAW;
        if (n_moves != NULL && a->proof != TTT_PROOF_NONE)
          *n_moves = (guint) MAX (a->plies, 1);
        return TRUE;
      }

  return FALSE;
}
