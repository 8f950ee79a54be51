/* ttt-player.c — who plays a side: a person here, the computer, …
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-player.h"
#include "ttt-variants.h"

typedef struct
{
  char         *name;
} TttPlayerPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (TttPlayer, ttt_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
ttt_player_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  TttPlayerPrivate *priv = ttt_player_get_instance_private (TTT_PLAYER (object));

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, priv->name);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_player_set_property (GObject      *object,
                         guint         prop_id,
                         const GValue *value,
                         GParamSpec   *pspec)
{
  TttPlayerPrivate *priv = ttt_player_get_instance_private (TTT_PLAYER (object));

  switch (prop_id)
    {
    case PROP_NAME:
      priv->name = g_value_dup_string (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_player_finalize (GObject *object)
{
  TttPlayerPrivate *priv = ttt_player_get_instance_private (TTT_PLAYER (object));

  g_free (priv->name);

  G_OBJECT_CLASS (ttt_player_parent_class)->finalize (object);
}

/* A person at this screen, or, for a player the game asks for its moves,
 * someone elsewhere; the computer says it in words of its own. */
static const char *
ttt_player_real_get_default_name (TttPlayer *self)
{
  if (ttt_player_is_local (self))
    /* Translators: the names of the two sides against the computer. */
    return C_("score", "You");

  /* Translators: see "You" in the same context; someone on another
   * computer who gave no name. */
  return C_("score", "Other player");
}

static char *
ttt_player_real_dup_waiting_text (TttPlayer *self)
{
  if (ttt_player_is_local (self))
    return NULL;

  /* Translators: %s is the other person's name, quoted. */
  return g_strdup_printf (_("Waiting for %s to move…"), ttt_player_get_display_name (self));
}

static char *
ttt_player_real_dup_won_text (TttPlayer *self)
{
  if (ttt_player_is_local (self))
    return g_strdup (_("You won!"));

  /* Translators: %s is the name of someone playing on another computer. */
  return g_strdup_printf (_("%s won"), ttt_player_get_display_name (self));
}

static void
ttt_player_class_init (TttPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = ttt_player_finalize;
  object_class->get_property = ttt_player_get_property;
  object_class->set_property = ttt_player_set_property;

  klass->get_default_name = ttt_player_real_get_default_name;
  klass->dup_waiting_text = ttt_player_real_dup_waiting_text;
  klass->dup_won_text = ttt_player_real_dup_won_text;

  /**
   * TttPlayer:name:
   *
   * The name the player goes by, as a person elsewhere introduced
   * themselves; %NULL for the person here and the computer, whom the game
   * names itself.
   */
  properties[PROP_NAME] =
    g_param_spec_string ("name", NULL, NULL, NULL,
                         (G_PARAM_READWRITE |
                          G_PARAM_CONSTRUCT_ONLY |
                          G_PARAM_STATIC_STRINGS));

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
ttt_player_init (TttPlayer *self)
{
}

/**
 * ttt_player_new_local:
 *
 * Returns: (transfer full): a person at this screen, whose moves the views
 *   play with ttt_game_play()
 */
TttPlayer *
ttt_player_new_local (void)
{
  return g_object_new (TTT_TYPE_PLAYER, NULL);
}

/**
 * ttt_player_get_name:
 * @self: a #TttPlayer
 *
 * Returns: (nullable): the name of a remote player, or %NULL
 */
const char *
ttt_player_get_name (TttPlayer *self)
{
  TttPlayerPrivate *priv;

  g_return_val_if_fail (TTT_IS_PLAYER (self), NULL);

  priv = ttt_player_get_instance_private (self);

  return priv->name;
}

/**
 * ttt_player_is_local:
 * @self: a #TttPlayer
 *
 * Returns: whether a person at this screen plays for the player: the game
 *   waits for its moves from the views instead of asking it
 */
gboolean
ttt_player_is_local (TttPlayer *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER (self), TRUE);

  return TTT_PLAYER_GET_CLASS (self)->choose_move_async == NULL;
}

/**
 * ttt_player_get_display_name:
 * @self: a #TttPlayer
 *
 * Returns: the name a view gives the player: the one it gave, or else
 *   what its kind is called ("You", "Computer", "Other player")
 */
const char *
ttt_player_get_display_name (TttPlayer *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER (self), "");

  if (ttt_player_get_name (self) != NULL)
    return ttt_player_get_name (self);

  return TTT_PLAYER_GET_CLASS (self)->get_default_name (self);
}

/**
 * ttt_player_dup_waiting_text:
 * @self: a #TttPlayer
 *
 * Returns: (transfer full) (nullable): what the status says while the
 *   game waits for the player's move, %NULL for a local person
 */
char *
ttt_player_dup_waiting_text (TttPlayer *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER (self), NULL);

  return TTT_PLAYER_GET_CLASS (self)->dup_waiting_text (self);
}

/**
 * ttt_player_dup_won_text:
 * @self: a #TttPlayer
 *
 * Returns: (transfer full): the result line of a game the player won
 */
char *
ttt_player_dup_won_text (TttPlayer *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER (self), g_strdup (""));

  return TTT_PLAYER_GET_CLASS (self)->dup_won_text (self);
}

/**
 * ttt_player_is_known_by_name:
 * @self: a #TttPlayer
 *
 * Returns: whether the news names the player by its display name rather
 *   than by what it is: someone elsewhere is "Ana", the computer is "the
 *   computer" in sentences of its own
 */
gboolean
ttt_player_is_known_by_name (TttPlayer *self)
{
  g_return_val_if_fail (TTT_IS_PLAYER (self), FALSE);

  return TTT_PLAYER_GET_CLASS (self)->known_by_name;
}

/**
 * ttt_player_choose_move_async:
 * @self: a player the model drives
 * @board: the position, copied at once
 * @rng_state: the game's random stream as it stands
 * @cancellable: (nullable): cancels the request
 * @callback: called in the thread-default main context of the caller
 * @user_data: for @callback
 *
 * Asks the player for its move on @board. A cancelled request answers
 * G_IO_ERROR_CANCELLED, whatever the player had found.
 */
void
ttt_player_choose_move_async (TttPlayer           *self,
                              const TttPosition   *position,
                              guint64              rng_state,
                              GCancellable        *cancellable,
                              GAsyncReadyCallback  callback,
                              gpointer             user_data)
{
  g_return_if_fail (TTT_IS_PLAYER (self));
  g_return_if_fail (position != NULL);
  g_return_if_fail (TTT_PLAYER_GET_CLASS (self)->choose_move_async != NULL);

  TTT_PLAYER_GET_CLASS (self)->choose_move_async (self, position, rng_state, cancellable,
                                                  callback, user_data);
}

/**
 * ttt_player_choose_move_finish:
 * @self: the player
 * @result: what @callback was given
 * @rng_state: (out): where the random stream goes on from
 * @error: where to say why there is no move
 *
 * Returns: the cell chosen, or −1 with @error set
 */
int
ttt_player_choose_move_finish (TttPlayer     *self,
                               GAsyncResult  *result,
                               guint64       *rng_state,
                               GError       **error)
{
  g_return_val_if_fail (TTT_IS_PLAYER (self), -1);
  g_return_val_if_fail (rng_state != NULL, -1);

  return TTT_PLAYER_GET_CLASS (self)->choose_move_finish (self, result, rng_state, error);
}

/* The computer */

struct _TttComputerPlayer
{
  TttPlayer  parent_instance;

  TttLevel   level;

  /* At the top (Master, Hard), the tree of the last move's search, kept
   * for the next: the engine walks it down to the position it is then
   * asked about, if that is one or two moves on (its own move and the
   * person's reply). Master's has a tree for each thread. NULL while a
   * search has it. */
  TttSearch *kept;
  guint64    kept_visits;
  /* The threads Master searches on: the machine's processors, at most
   * the engine's TTT_SEARCH_MAX_THREADS, each with a tree of its own. */
  guint      n_threads;
};

G_DEFINE_FINAL_TYPE (TttComputerPlayer, ttt_computer_player, TTT_TYPE_PLAYER)

/* What the search thread is given and gives back: copies only, so that
 * nothing of it is shared with the main thread while it runs. */
typedef struct
{
  TttPosition   position;
  TttLevel      level;
  guint64       rng_state;
  gint64        deadline;     /* monotonic µs: an Ultimate search stops here */
  GCancellable *cancellable;  /* and here: a cancel ends the thread early */
  int           cell;
  /* The player's kept tree, lent to this search alone, and the visits
   * its root had from before this search. */
  TttSearch    *tree;
  guint64       kept_visits;
  guint         n_threads;    /* for a level that searches in parallel */
} Search;

static void
search_free (Search *search)
{
  g_clear_pointer (&search->tree, ttt_search_free);
  g_clear_object (&search->cancellable);
  g_free (search);
}

/* Ultimate's search polls this now and then: a cancelled request (New Game,
 * Undo, dispose) frees the thread at once rather than at the budget's end. */
static bool
search_should_stop (void *data)
{
  Search *search = data;

  return g_cancellable_is_cancelled (search->cancellable) ||
         g_get_monotonic_time () >= search->deadline;
}

/* The visits the root of the last run had before it: those of the
 * subtree kept from the search before. */
static guint64
count_kept_visits (const TttSearch *tree)
{
  guint64 visits = ttt_search_get_visits (tree);

  return visits > ttt_search_get_iterations (tree) ? visits - ttt_search_get_iterations (tree) : 0;
}

/* Whether a search at @level keeps its tree for the next move. */
static gboolean
level_keeps_tree (TttLevel level)
{
  TttUltimateLevel params;

  return ttt_ultimate_level_get (level, &params) && params.keeps_tree;
}

/* The threads a search at @level runs on: all of @n_threads at the top,
 * the caller's alone below it. */
static guint
level_n_threads (TttLevel level,
                 guint    n_threads)
{
  TttUltimateLevel params;

  return ttt_ultimate_level_get (level, &params) && params.parallel ? n_threads : 1;
}

static int
choose_ultimate (Search *search,
                 uint64_t *rng)
{
  TttSearchBudget budget = { 0, search_should_stop, search };
  TttUltimateLevel params;
  TttStatus status;
  int move = -1;

  /* The tree is this thread's alone while it runs: a new one, or the
   * player's kept tree lent to this search. The lower levels make too
   * few iterations to fill the engine's bound: the block their level
   * asks spares the allocator (and a checker that fills each block, such
   * as MALLOC_PERTURB_ or valgrind), and nothing is kept. */
  if (!ttt_ultimate_level_get (search->level, &params))
    return -1;
  if (search->tree == NULL)
    search->tree = ttt_search_new_parallel (params.tree_bytes, level_n_threads (search->level, search->n_threads));
  if (search->tree == NULL)
    return -1;
  status = ttt_ultimate_choose (search->tree, &search->position.ultimate, search->level,
                                &budget, rng, &move);
  if (status == TTT_OK)
    search->kept_visits = count_kept_visits (search->tree);
  if (!params.keeps_tree)
    g_clear_pointer (&search->tree, ttt_search_free);

  return status == TTT_OK ? move : -1;
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Search *search = task_data;
  uint64_t rng = search->rng_state;

  const TttRules *rules = ttt_variants_get_rules (search->position.variant);

  /* A solved game has its opponents in its rules; the others search. */
  if (rules->choose != NULL)
    search->cell = rules->choose (&search->position.rules, search->level, &rng);
  else
    search->cell = choose_ultimate (search, &rng);
  search->rng_state = rng;

  if (search->cell < 0)
    g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_FAILED,
                             "no move on a finished board");
  else
    g_task_return_int (task, search->cell);
}

static void
ttt_computer_player_choose_move_async (TttPlayer           *player,
                                       const TttPosition   *position,
                                       guint64              rng_state,
                                       GCancellable        *cancellable,
                                       GAsyncReadyCallback  callback,
                                       gpointer             user_data)
{
  TttComputerPlayer *self = TTT_COMPUTER_PLAYER (player);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  Search *search = g_new0 (Search, 1);

  search->position = *position;
  search->level = self->level;
  search->rng_state = rng_state;
  search->deadline = g_get_monotonic_time () + TTT_COMPUTER_PLAYER_DEADLINE_MS * G_TIME_SPAN_MILLISECOND;
  search->cancellable = cancellable != NULL ? g_object_ref (cancellable) : g_cancellable_new ();
  search->n_threads = self->n_threads;
  /* A solved game plays by its rules, without a tree. */
  if (level_keeps_tree (self->level) && ttt_variants_get_rules (position->variant)->choose == NULL)
    search->tree = g_steal_pointer (&self->kept);
  /* Hard's tree searches on one thread, Master's on them all. */
  if (search->tree != NULL &&
      ttt_search_get_n_threads (search->tree) != level_n_threads (self->level, self->n_threads))
    g_clear_pointer (&search->tree, ttt_search_free);

  g_task_set_source_tag (task, ttt_computer_player_choose_move_async);
  g_task_set_name (task, "[tictactoe] computer move");
  /* A search that ends after a cancel must not hand its move on. */
  g_task_set_return_on_cancel (task, FALSE);
  g_task_set_check_cancellable (task, TRUE);
  g_task_set_task_data (task, search, (GDestroyNotify) search_free);
  g_task_run_in_thread (task, search_thread);
}

static int
ttt_computer_player_choose_move_finish (TttPlayer     *player,
                                        GAsyncResult  *result,
                                        guint64       *rng_state,
                                        GError       **error)
{
  TttComputerPlayer *self = TTT_COMPUTER_PLAYER (player);
  GTask *task = G_TASK (result);
  Search *search = g_task_get_task_data (task);
  GError *local_error = NULL;
  int cell;

  g_return_val_if_fail (g_task_is_valid (result, player), -1);

  cell = (int) g_task_propagate_int (task, &local_error);
  if (local_error != NULL)
    {
      g_propagate_error (error, local_error);
      return -1;
    }

  /* The tree comes back for the next move; one of a cancelled search,
   * which answered nothing, was freed with it. */
  self->kept_visits = search->kept_visits;
  if (search->tree != NULL && self->kept == NULL)
    self->kept = g_steal_pointer (&search->tree);

  *rng_state = search->rng_state;
  return cell;
}

static const char *
ttt_computer_player_get_default_name (TttPlayer *player)
{
  /* Translators: see "You" in the same context. */
  return C_("score", "Computer");
}

static char *
ttt_computer_player_dup_waiting_text (TttPlayer *player)
{
  return g_strdup (_("Computer is thinking…"));
}

static char *
ttt_computer_player_dup_won_text (TttPlayer *player)
{
  return g_strdup (_("Computer won"));
}

static void
ttt_computer_player_finalize (GObject *object)
{
  TttComputerPlayer *self = TTT_COMPUTER_PLAYER (object);

  g_clear_pointer (&self->kept, ttt_search_free);

  G_OBJECT_CLASS (ttt_computer_player_parent_class)->finalize (object);
}

static void
ttt_computer_player_class_init (TttComputerPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TttPlayerClass *player_class = TTT_PLAYER_CLASS (klass);

  object_class->finalize = ttt_computer_player_finalize;

  player_class->choose_move_async = ttt_computer_player_choose_move_async;
  player_class->choose_move_finish = ttt_computer_player_choose_move_finish;
  player_class->get_default_name = ttt_computer_player_get_default_name;
  player_class->dup_waiting_text = ttt_computer_player_dup_waiting_text;
  player_class->dup_won_text = ttt_computer_player_dup_won_text;
}

static void
ttt_computer_player_init (TttComputerPlayer *self)
{
  self->level = TTT_LEVEL_MEDIUM;
  self->n_threads = CLAMP (g_get_num_processors (), 1, TTT_SEARCH_MAX_THREADS);
}

/**
 * ttt_computer_player_new:
 * @level: how strongly it plays
 *
 * Returns: (transfer full): the computer, as a player
 */
TttPlayer *
ttt_computer_player_new (TttLevel level)
{
  TttComputerPlayer *self = g_object_new (TTT_TYPE_COMPUTER_PLAYER, NULL);

  self->level = level;

  return TTT_PLAYER (self);
}

TttLevel
ttt_computer_player_get_level (TttComputerPlayer *self)
{
  g_return_val_if_fail (TTT_IS_COMPUTER_PLAYER (self), TTT_LEVEL_MEDIUM);

  return self->level;
}

/**
 * ttt_computer_player_get_kept_visits:
 * @self: the computer
 *
 * Returns: how many visits the search of the last move answered had at
 *   its start, kept from the search of the move before (at Master or
 *   Hard, in a game that is searched; Master's trees added up); 0 when it started afresh
 */
guint64
ttt_computer_player_get_kept_visits (TttComputerPlayer *self)
{
  g_return_val_if_fail (TTT_IS_COMPUTER_PLAYER (self), 0);

  return self->kept_visits;
}

/* Takes effect from the next move asked for. */
void
ttt_computer_player_set_level (TttComputerPlayer *self,
                               TttLevel           level)
{
  g_return_if_fail (TTT_IS_COMPUTER_PLAYER (self));

  self->level = level;
  /* Only the top searches from a kept tree: below it the block goes. */
  if (!level_keeps_tree (level))
    g_clear_pointer (&self->kept, ttt_search_free);
}

guint
ttt_computer_player_get_n_threads (TttComputerPlayer *self)
{
  g_return_val_if_fail (TTT_IS_COMPUTER_PLAYER (self), 1);

  return self->n_threads;
}

/**
 * ttt_computer_player_set_n_threads:
 * @self: the computer
 * @n_threads: 1 to %TTT_SEARCH_MAX_THREADS
 *
 * How many threads the top level (Master) searches on, from the next move
 * asked for: the machine's processors unless set (tests set it). A tree
 * kept for another number of threads goes then.
 */
void
ttt_computer_player_set_n_threads (TttComputerPlayer *self,
                                   guint              n_threads)
{
  g_return_if_fail (TTT_IS_COMPUTER_PLAYER (self));
  g_return_if_fail (n_threads >= 1 && n_threads <= TTT_SEARCH_MAX_THREADS);

  self->n_threads = n_threads;
}
