/* ttt-move-request.c — asking a player not played here for its move
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include "ttt-move-request.h"

struct _TttMoveRequest
{
  GObject       parent_instance;

  /* The request on its way, if any: whom it asks, about what. */
  TttPlayer    *player;
  TttPosition   position;
  guint64       rng_state;

  /* First the pause, then the choice, which the cancellable stops. */
  guint         pause_id;
  GCancellable *thinking;
};

G_DEFINE_FINAL_TYPE (TttMoveRequest, ttt_move_request, G_TYPE_OBJECT)

enum {
  ANSWERED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static guint n_thinking;

/* What a choice on its way remembers: the request only weakly, since a
 * request that goes away cancels its choice and is not kept alive by it. */
typedef struct
{
  GWeakRef      request;
  GCancellable *cancellable;
} Pending;

static void
pending_free (Pending *pending)
{
  g_weak_ref_clear (&pending->request);
  g_clear_object (&pending->cancellable);
  g_free (pending);
}

static void
ttt_move_request_dispose (GObject *object)
{
  TttMoveRequest *self = TTT_MOVE_REQUEST (object);

  ttt_move_request_cancel (self);

  G_OBJECT_CLASS (ttt_move_request_parent_class)->dispose (object);
}

static void
ttt_move_request_class_init (TttMoveRequestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = ttt_move_request_dispose;

  /**
   * TttMoveRequest::answered:
   * @self: a #TttMoveRequest
   * @player: who was asked
   * @cell: the move, legal on the position asked about, or -1 when the
   *   player has none to give (someone elsewhere broke the rules or left)
   * @rng_state: the random state after the choice
   * @error: (nullable): why there is no move, when @cell is -1
   *
   * Emitted from the main loop, once per request not cancelled.
   */
  signals[ANSWERED] =
    g_signal_new ("answered", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 4, TTT_TYPE_PLAYER, G_TYPE_INT, G_TYPE_UINT64, G_TYPE_ERROR);
}

static void
ttt_move_request_init (TttMoveRequest *self)
{
}

TttMoveRequest *
ttt_move_request_new (void)
{
  return g_object_new (TTT_TYPE_MOVE_REQUEST, NULL);
}

static void
choice_made_cb (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  Pending *pending = user_data;
  g_autoptr(TttMoveRequest) self = NULL;
  g_autoptr(TttPlayer) player = NULL;
  g_autoptr(GError) error = NULL;
  guint64 rng_state = 0;
  int cell;

  n_thinking--;
  cell = ttt_player_choose_move_finish (TTT_PLAYER (source), result, &rng_state, &error);

  /* A new request, a change of the board or the request's end cancelled
   * it. */
  if (g_cancellable_is_cancelled (pending->cancellable))
    {
      pending_free (pending);
      return;
    }

  self = g_weak_ref_get (&pending->request);
  pending_free (pending);
  if (self == NULL)
    return;

  g_clear_object (&self->thinking);
  player = g_steal_pointer (&self->player);
  /* The players behind this seam are not trusted with the rules. */
  if (cell >= 0 && !ttt_position_is_legal (&self->position, cell))
    {
      g_critical ("A player chose cell %d, which the rules refuse", cell);
      return;
    }

  g_signal_emit (self, signals[ANSWERED], 0, player, cell, rng_state, cell < 0 ? error : NULL);
}

static gboolean
pause_over_cb (gpointer user_data)
{
  TttMoveRequest *self = TTT_MOVE_REQUEST (user_data);
  Pending *pending = g_new0 (Pending, 1);

  /* The source ends with this call; forget it before anything can try to
   * remove it again. */
  self->pause_id = 0;

  /* The pause is over: the player thinks, off the main thread. */
  g_assert (self->thinking == NULL);
  self->thinking = g_cancellable_new ();
  g_weak_ref_init (&pending->request, self);
  pending->cancellable = g_object_ref (self->thinking);
  n_thinking++;
  ttt_player_choose_move_async (self->player, &self->position, self->rng_state,
                                self->thinking, choice_made_cb, pending);

  return G_SOURCE_REMOVE;
}

/* The source is removed in dispose, so it never outlives the request
 * and needs no reference of its own. */
static void
schedule (TttMoveRequest *self,
          guint           pause_ms)
{
  g_assert (self->pause_id == 0);

  self->pause_id = g_timeout_add (pause_ms, pause_over_cb, self);
  g_source_set_name_by_id (self->pause_id, "[tictactoe] computer move");
}

/**
 * ttt_move_request_start:
 * @self: a #TttMoveRequest
 * @player: a player not played here
 * @position: the position it moves on, copied
 * @rng_state: the random state its choice starts from
 * @pause_ms: the pause before it is asked; 0 still asks from the main loop
 *
 * Cancels the request on its way, if any, and asks @player for its move.
 */
void
ttt_move_request_start (TttMoveRequest    *self,
                        TttPlayer         *player,
                        const TttPosition *position,
                        guint64            rng_state,
                        guint              pause_ms)
{
  g_return_if_fail (TTT_IS_MOVE_REQUEST (self));
  g_return_if_fail (TTT_IS_PLAYER (player));
  g_return_if_fail (position != NULL);

  ttt_move_request_cancel (self);
  self->player = g_object_ref (player);
  self->position = *position;
  self->rng_state = rng_state;
  schedule (self, pause_ms);
}

void
ttt_move_request_set_pause (TttMoveRequest *self,
                            guint           pause_ms)
{
  g_return_if_fail (TTT_IS_MOVE_REQUEST (self));

  if (self->pause_id == 0)
    return;
  g_clear_handle_id (&self->pause_id, g_source_remove);
  schedule (self, pause_ms);
}

/* Stops the request on its way, in its pause or its choice: nothing of
 * it is ever answered. */
void
ttt_move_request_cancel (TttMoveRequest *self)
{
  g_return_if_fail (TTT_IS_MOVE_REQUEST (self));

  g_clear_handle_id (&self->pause_id, g_source_remove);
  if (self->thinking != NULL)
    {
      g_cancellable_cancel (self->thinking);
      g_clear_object (&self->thinking);
    }
  g_clear_object (&self->player);
}

gboolean
ttt_move_request_get_thinking (TttMoveRequest *self)
{
  g_return_val_if_fail (TTT_IS_MOVE_REQUEST (self), FALSE);

  return self->thinking != NULL;
}

guint
ttt_move_request_count_thinking (void)
{
  return n_thinking;
}
