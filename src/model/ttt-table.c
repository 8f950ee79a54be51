/* ttt-table.c — the two seats a match is played from
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-engine.h"
#include "ttt-move-request.h"
#include "ttt-table.h"
#include "ttt-tally.h"

struct _TttTable
{
  GObject         parent_instance;

  /* The match whose side to move a driven player is asked about. */
  TttMatch       *match;

  /* Who may sit down (a reference each), and who plays X and O in the
   * game in progress. */
  TttPlayer      *local;
  TttPlayer      *computer;
  TttPlayer      *remote;
  TttPlayer      *players[2];
  TttMark         local_mark;
  TttMark         remote_local_mark;
  TttOpponent     opponent;
  TttLevel        level;

  /* The first-player policy of the game in progress, once it chose. */
  TttFirstPlayer  starter_policy;
  guint           starter_decided : 1;
  guint           alternate_local_next : 1;

  uint64_t        rng_state;

  /* A driven player's move on its way: first the pause, then its search
   * (see ttt_table_stop_waiting()). */
  TttMoveRequest *request;
  guint           delay_ms;

  /* What two people at this screen call themselves, X's and O's; NULL
   * names the side by its mark. */
  char           *local_names[2];

  /* Where each finished game is counted. */
  TttStatistics  *statistics;
};

G_DEFINE_FINAL_TYPE (TttTable, ttt_table, G_TYPE_OBJECT)

enum {
  MOVE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

enum {
  PROP_0,
  PROP_X_NAME,
  PROP_O_NAME,
  PROP_STATISTICS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ttt_table_dispose (GObject *object)
{
  TttTable *self = TTT_TABLE (object);

  if (self->request != NULL)
    {
      ttt_move_request_cancel (self->request);
      g_signal_handlers_disconnect_by_data (self->request, self);
      g_clear_object (&self->request);
    }
  g_clear_object (&self->match);
  g_clear_object (&self->local);
  g_clear_object (&self->computer);
  g_clear_object (&self->remote);
  g_clear_object (&self->players[0]);
  g_clear_object (&self->players[1]);
  g_clear_pointer (&self->local_names[0], g_free);
  g_clear_pointer (&self->local_names[1], g_free);
  g_clear_object (&self->statistics);

  G_OBJECT_CLASS (ttt_table_parent_class)->dispose (object);
}

static void
ttt_table_get_property (GObject    *object,
                        guint       prop_id,
                        GValue     *value,
                        GParamSpec *pspec)
{
  TttTable *self = TTT_TABLE (object);

  switch (prop_id)
    {
    case PROP_X_NAME:
    case PROP_O_NAME:
      g_value_set_string (value, ttt_table_get_given_name (self, prop_id == PROP_O_NAME ? TTT_MARK_O : TTT_MARK_X));
      break;

    case PROP_STATISTICS:
      g_value_set_object (value, self->statistics);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_table_set_property (GObject      *object,
                        guint         prop_id,
                        const GValue *value,
                        GParamSpec   *pspec)
{
  TttTable *self = TTT_TABLE (object);

  switch (prop_id)
    {
    case PROP_X_NAME:
    case PROP_O_NAME:
      ttt_table_set_local_name (self, prop_id == PROP_O_NAME ? TTT_MARK_O : TTT_MARK_X,
                                g_value_get_string (value));
      break;

    case PROP_STATISTICS:
      ttt_table_set_statistics (self, g_value_get_object (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_table_class_init (TttTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_table_dispose;
  object_class->get_property = ttt_table_get_property;
  object_class->set_property = ttt_table_set_property;

  /**
   * TttTable:x-name:
   *
   * The name X's player gave, between two people at this screen (see
   * ttt_table_set_local_name()); %NULL names the side "X".
   */
  properties[PROP_X_NAME] =
    g_param_spec_string ("x-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * TttTable:o-name:
   *
   * As #TttTable:x-name, for O.
   */
  properties[PROP_O_NAME] =
    g_param_spec_string ("o-name", NULL, NULL, NULL,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  /**
   * TttTable:statistics:
   *
   * Where each finished game at this table is counted (a fresh, unsaved
   * #TttStatistics until the app gives its own).
   */
  properties[PROP_STATISTICS] =
    g_param_spec_object ("statistics", NULL, NULL, TTT_TYPE_STATISTICS,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttTable::move-chosen:
   * @self: a #TttTable
   * @cell: the move the player to move chose, legal on the board as it is
   *
   * Emitted from the main loop when a driven player's move has come back,
   * not cancelled (see ttt_table_request_move()).
   */
  signals[MOVE_CHOSEN] =
    g_signal_new ("move-chosen",
                  G_TYPE_FROM_CLASS (klass),
                  G_SIGNAL_RUN_LAST,
                  0,
                  NULL, NULL,
                  NULL,
                  G_TYPE_NONE, 1, G_TYPE_INT);
}

/* A driven player's move came back, not cancelled. */
static void
move_answered_cb (TttMoveRequest *request,
                  TttPlayer      *player,
                  int             cell,
                  guint64         rng_state,
                  GError         *error,
                  TttTable       *self)
{
  if (cell < 0)
    {
      /* Someone elsewhere who breaks the rules or goes away is the
       * network session's to report; the computer always has a move. */
      if (player != self->remote)
        g_warning ("The computer found no move: %s", error != NULL ? error->message : "?");
      return;
    }

  self->rng_state = rng_state;
  g_signal_emit (self, signals[MOVE_CHOSEN], 0, cell);
}

static void
ttt_table_init (TttTable *self)
{
  self->local = ttt_player_new_local ();
  self->computer = ttt_computer_player_new (TTT_LEVEL_MEDIUM);
  self->local_mark = TTT_MARK_X;
  self->opponent = TTT_OPPONENT_COMPUTER;
  self->level = TTT_LEVEL_MEDIUM;
  self->delay_ms = TTT_TABLE_DEFAULT_DELAY;
  self->request = ttt_move_request_new ();
  g_signal_connect (self->request, "answered", G_CALLBACK (move_answered_cb), self);
  self->statistics = ttt_statistics_new ();
  self->alternate_local_next = TRUE;
  self->rng_state = ((guint64) g_random_int () << 32) | g_random_int ();
}

TttTable *
ttt_table_new (TttMatch *match)
{
  TttTable *self;

  g_return_val_if_fail (TTT_IS_MATCH (match), NULL);

  self = g_object_new (TTT_TYPE_TABLE, NULL);
  self->match = g_object_ref (match);
  ttt_table_reseat (self, TTT_OPPONENT_COMPUTER, TTT_LEVEL_MEDIUM);

  return self;
}

/* The computer takes the side that is not the person's, unless two
 * people play here or someone elsewhere does. */
static void
seat_players (TttTable *self,
              TttLevel  level)
{
  guint person = self->local_mark == TTT_MARK_O ? 1 : 0;
  TttPlayer *across = self->opponent == TTT_OPPONENT_COMPUTER ? self->computer : self->local;

  if (self->remote != NULL)
    across = self->remote;

  g_set_object (&self->players[person], self->local);
  g_set_object (&self->players[1 - person], across);
  self->level = level;

  if (TTT_IS_COMPUTER_PLAYER (self->computer))
    ttt_computer_player_set_level (TTT_COMPUTER_PLAYER (self->computer), level);
}

/* Whether the person here plays X in the game against the computer that
 * begins (see ttt_table_seat() for @restarting). */
static gboolean
decide_local_first (TttTable       *self,
                    TttFirstPlayer  policy,
                    gboolean        restarting)
{
  gboolean local_first = TRUE;

  if (restarting && self->starter_decided && self->starter_policy == policy)
    return self->local_mark == TTT_MARK_X;

  switch (policy)
    {
    case TTT_FIRST_PLAYER_HUMAN:
      local_first = TRUE;
      break;

    case TTT_FIRST_PLAYER_COMPUTER:
      local_first = FALSE;
      break;

    case TTT_FIRST_PLAYER_ALTERNATE:
      local_first = self->alternate_local_next;
      self->alternate_local_next = !local_first;
      break;

    case TTT_FIRST_PLAYER_RANDOM:
      /* The computer's own draws come from the same state. */
      local_first = (ttt_rng_next (&self->rng_state) >> 63) != 0;
      break;

    default:
      g_assert_not_reached ();
    }

  return local_first;
}

void
ttt_table_seat (TttTable       *self,
                TttOpponent     opponent,
                TttLevel        level,
                TttFirstPlayer  first_player,
                gboolean        restarting)
{
  g_return_if_fail (TTT_IS_TABLE (self));

  if (self->remote != NULL)
    {
      /* A person here and one elsewhere: their session chose the marks. */
      self->opponent = TTT_OPPONENT_HUMAN;
      self->local_mark = self->remote_local_mark;
      self->starter_decided = FALSE;
    }
  else if (opponent == TTT_OPPONENT_COMPUTER)
    {
      gboolean local_first = decide_local_first (self, first_player, restarting);

      self->opponent = opponent;
      self->local_mark = local_first ? TTT_MARK_X : TTT_MARK_O;
      self->starter_policy = first_player;
      self->starter_decided = TRUE;
    }
  else
    {
      /* Two people at one screen take X and O between themselves. */
      self->opponent = opponent;
      self->local_mark = TTT_MARK_X;
      self->starter_decided = FALSE;
    }

  seat_players (self, level);
}

void
ttt_table_reseat (TttTable    *self,
                  TttOpponent  opponent,
                  TttLevel     level)
{
  g_return_if_fail (TTT_IS_TABLE (self));

  self->opponent = opponent;
  seat_players (self, level);
}

/**
 * ttt_table_get_player:
 * @self: a #TttTable
 * @side: %TTT_MARK_X or %TTT_MARK_O
 *
 * Returns: (transfer none): who plays @side in the game in progress
 */
TttPlayer *
ttt_table_get_player (TttTable *self,
                      TttMark   side)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), NULL);
  g_return_val_if_fail (side == TTT_MARK_X || side == TTT_MARK_O, NULL);

  return self->players[side == TTT_MARK_O ? 1 : 0];
}

/* The person's mark against the computer or someone elsewhere; X when
 * two people play here. */
TttMark
ttt_table_get_local_mark (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), TTT_MARK_X);

  return self->local_mark;
}

/* Who the game in progress is against: someone elsewhere is a person. */
/* The computer's level in the game in progress. */
TttLevel
ttt_table_get_level (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), TTT_LEVEL_MEDIUM);

  return self->level;
}

TttOpponent
ttt_table_get_opponent (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), TTT_OPPONENT_COMPUTER);

  return self->opponent;
}

/* Whether both sides are played at this screen: then the sides are named
 * by their marks, and neither is "you". */
gboolean
ttt_table_get_two_local (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), FALSE);

  return ttt_player_is_local (self->players[0]) && ttt_player_is_local (self->players[1]);
}

/* Takes the computer's seat from the next ttt_table_seat(): FALSE if
 * @computer sits there already. */
gboolean
ttt_table_set_computer (TttTable  *self,
                        TttPlayer *computer)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), FALSE);
  g_return_val_if_fail (TTT_IS_PLAYER (computer), FALSE);
  g_return_val_if_fail (!ttt_player_is_local (computer), FALSE);

  return g_set_object (&self->computer, computer);
}

void
ttt_table_set_remote (TttTable  *self,
                      TttPlayer *remote,
                      TttMark    local_mark)
{
  g_return_if_fail (TTT_IS_TABLE (self));
  g_return_if_fail (remote == NULL || !ttt_player_is_local (remote));
  g_return_if_fail (remote == NULL || local_mark == TTT_MARK_X || local_mark == TTT_MARK_O);

  g_set_object (&self->remote, remote);
  self->remote_local_mark = local_mark;
}

/* The player elsewhere, while a game with someone elsewhere is seated. */
TttPlayer *
ttt_table_get_remote (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), NULL);

  return self->remote;
}

/**
 * ttt_table_find_undo:
 * @self: a #TttTable
 * @keep: (out) (optional): the moves an undo leaves on the board
 *
 * What an undo takes back at this table. Against the computer, or
 * someone elsewhere (who is asked first), the person's last move and
 * any answer to it: the computer's opening move alone is not the
 * person's to retract. Between two people here, the last move.
 *
 * Returns: %FALSE if there is no such move on the board
 */
gboolean
ttt_table_find_undo (TttTable *self,
                     guint    *keep)
{
  guint n;

  g_return_val_if_fail (TTT_IS_TABLE (self), FALSE);

  n = ttt_match_get_n_moves (self->match);
  if (self->opponent == TTT_OPPONENT_COMPUTER || self->remote != NULL)
    while (n > 0 && ttt_match_mark_of_move (n - 1) != self->local_mark)
      n--;
  if (n == 0)
    return FALSE;

  if (keep != NULL)
    *keep = n - 1;

  return TRUE;
}

/**
 * ttt_table_get_side_name:
 * @self: a #TttTable
 * @side: %TTT_MARK_X or %TTT_MARK_O
 *
 * Returns: the name of the side's player, as a score names it: between
 *   two people here the name they gave (ttt_table_set_local_name()) or
 *   the mark, otherwise what the player calls itself ("You", "Computer",
 *   a name from elsewhere)
 */
const char *
ttt_table_get_side_name (TttTable *self,
                         TttMark   side)
{
  const char *given;

  g_return_val_if_fail (TTT_IS_TABLE (self), "");
  g_return_val_if_fail (side == TTT_MARK_X || side == TTT_MARK_O, "");

  given = ttt_table_get_local_name (self, side);
  if (given != NULL)
    return given;
  if (ttt_table_get_two_local (self))
    /* Translators: the name of a player in a game between two people. */
    return side == TTT_MARK_X ? C_("score", "X")
                                /* Translators: see "X" in the same context. */
                              : C_("score", "O");

  return ttt_player_get_display_name (ttt_table_get_player (self, side));
}

/* The name the person playing @side gave, between two people at this
 * screen; NULL otherwise, or when they gave none. */
const char *
ttt_table_get_local_name (TttTable *self,
                          TttMark   side)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), NULL);

  return ttt_table_get_two_local (self) ? ttt_table_get_given_name (self, side) : NULL;
}

/* The name given for @side, whoever plays it now. */
const char *
ttt_table_get_given_name (TttTable *self,
                          TttMark   side)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), NULL);
  g_return_val_if_fail (side == TTT_MARK_X || side == TTT_MARK_O, NULL);

  return self->local_names[side == TTT_MARK_O];
}

/**
 * ttt_table_set_local_name:
 * @self: a #TttTable
 * @side: %TTT_MARK_X or %TTT_MARK_O
 * @name: (nullable): what the person who plays @side at this screen is
 *   called, or %NULL
 *
 * Spaces around @name are not kept, nor more than
 * %TTT_TABLE_NAME_MAX_CHARS characters; a name of nothing but spaces, or
 * %NULL, names the side by its mark again.
 *
 * Returns: whether the name kept changed
 */
gboolean
ttt_table_set_local_name (TttTable   *self,
                          TttMark     side,
                          const char *name)
{
  g_autofree char *trimmed = NULL;
  char **slot;

  g_return_val_if_fail (TTT_IS_TABLE (self), FALSE);
  g_return_val_if_fail (side == TTT_MARK_X || side == TTT_MARK_O, FALSE);
  g_return_val_if_fail (name == NULL || g_utf8_validate (name, -1, NULL), FALSE);

  if (name != NULL)
    trimmed = g_strstrip (g_strdup (name));
  if (trimmed != NULL && *trimmed == '\0')
    g_clear_pointer (&trimmed, g_free);
  /* A badge is narrow: a longer name is cut, not wrapped over lines. */
  if (trimmed != NULL && g_utf8_strlen (trimmed, -1) > TTT_TABLE_NAME_MAX_CHARS)
    {
      char *cut = g_utf8_substring (trimmed, 0, TTT_TABLE_NAME_MAX_CHARS);

      g_free (trimmed);
      trimmed = cut;
    }

  slot = &self->local_names[side == TTT_MARK_O];
  if (g_strcmp0 (*slot, trimmed) == 0)
    return FALSE;
  g_free (*slot);
  *slot = g_steal_pointer (&trimmed);
  g_object_notify_by_pspec (G_OBJECT (self), properties[side == TTT_MARK_O ? PROP_O_NAME : PROP_X_NAME]);

  return TRUE;
}

void
ttt_table_request_move (TttTable *self)
{
  TttPlayer *player;

  g_return_if_fail (TTT_IS_TABLE (self));

  player = ttt_table_get_player (self, ttt_match_get_turn (self->match));
  g_return_if_fail (!ttt_player_is_local (player));

  /* The pause makes the computer's answer feel considered rather than
   * instantaneous; someone elsewhere has had time enough to think. */
  ttt_move_request_start (self->request, player, ttt_match_get_position (self->match),
                          self->rng_state, self->remote != NULL ? 0 : self->delay_ms);
}

guint
ttt_table_get_delay (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), TTT_TABLE_DEFAULT_DELAY);

  return self->delay_ms;
}

void
ttt_table_set_delay (TttTable *self,
                     guint     delay_ms)
{
  g_return_if_fail (TTT_IS_TABLE (self));

  self->delay_ms = delay_ms;
  if (self->remote == NULL)
    ttt_move_request_set_pause (self->request, delay_ms);
}

/* Cancels a driven player's move on its way, in its pause or its search:
 * nothing of it reaches the board. */
void
ttt_table_stop_waiting (TttTable *self)
{
  g_return_if_fail (TTT_IS_TABLE (self));

  ttt_move_request_cancel (self->request);
}

/* Whether a driven player is choosing its move right now, past its
 * pause: its move, if not cancelled, comes next. */
gboolean
ttt_table_get_thinking (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), FALSE);

  return ttt_move_request_get_thinking (self->request);
}

/* How the table asks a seat not played here for its move: its pause is
 * a main loop source of the request's own. */
TttMoveRequest *
ttt_table_get_move_request (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), NULL);

  return self->request;
}

/* Moves asked for at every table whose answers have not come back to
 * the main thread: a test waits for none before it looks. */
guint
ttt_table_count_thinking (void)
{
  return ttt_move_request_count_thinking ();
}

guint64
ttt_table_get_rng_state (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), 0);

  return self->rng_state;
}

void
ttt_table_set_rng_state (TttTable *self,
                         guint64   rng_state)
{
  g_return_if_fail (TTT_IS_TABLE (self));

  self->rng_state = rng_state;
}

/* Results */

TttStatistics *
ttt_table_get_statistics (TttTable *self)
{
  g_return_val_if_fail (TTT_IS_TABLE (self), NULL);

  return self->statistics;
}

/* A game already counted stays where it was counted. */
void
ttt_table_set_statistics (TttTable      *self,
                          TttStatistics *statistics)
{
  g_return_if_fail (TTT_IS_TABLE (self));
  g_return_if_fail (TTT_IS_STATISTICS (statistics));

  if (g_set_object (&self->statistics, statistics))
    g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_STATISTICS]);
}

/* The tally the game in progress counts into: by its game and, against
 * the computer, its level; a game with someone elsewhere counts into
 * the game's network tally. What a score line shows. */
TttTallyId
ttt_table_get_tally (TttTable *self)
{
  TttVariant variant;

  g_return_val_if_fail (TTT_IS_TABLE (self), TTT_TALLY_MEDIUM);

  variant = ttt_match_get_variant (self->match);
  if (self->remote != NULL)
    return ttt_tally_id_for_network (variant);

  return ttt_tally_id_for_game (variant, self->opponent != TTT_OPPONENT_COMPUTER, self->level);
}

/**
 * ttt_table_count_result:
 * @self: a #TttTable
 *
 * Counts the match's result, which must be decided, into
 * #TttTable:statistics: against the computer or someone elsewhere from
 * the person's side; between two people here, X's win as won.
 */
void
ttt_table_count_result (TttTable *self)
{
  TttOutcome outcome;
  TttResult result;

  g_return_if_fail (TTT_IS_TABLE (self));

  outcome = ttt_match_get_outcome (self->match);
  g_return_if_fail (outcome != TTT_OUTCOME_ONGOING);

  if (outcome == TTT_OUTCOME_DRAW)
    result = TTT_RESULT_DRAWN;
  else if ((outcome == TTT_OUTCOME_X_WINS ? TTT_MARK_X : TTT_MARK_O) == self->local_mark)
    result = TTT_RESULT_WON;
  else
    result = TTT_RESULT_LOST;

  ttt_statistics_record_game (self->statistics, ttt_table_get_tally (self), result,
                              ttt_match_get_n_moves (self->match));
}
