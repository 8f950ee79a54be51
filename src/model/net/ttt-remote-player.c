/* ttt-remote-player.c — the other side of a game, played on another computer
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-remote-player.h"

struct _TttRemotePlayer
{
  TttPlayer     parent_instance;

  /* The game's request, while it waits: its position and its task. */
  GTask        *asked;
  TttPosition   position;
  guint64       rng_state;
  gulong        cancelled_id;

  /* A move that came before the request. */
  int           held;

  /* The request last answered, until the game has taken its move. */
  GTask        *answered;
};

G_DEFINE_FINAL_TYPE (TttRemotePlayer, ttt_remote_player, TTT_TYPE_PLAYER)

enum {
  MOVE_REFUSED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static void
ttt_remote_player_drop_request (TttRemotePlayer *self)
{
  GTask *task = g_steal_pointer (&self->asked);

  if (task == NULL)
    return;
  if (self->cancelled_id != 0)
    g_cancellable_disconnect (g_task_get_cancellable (task), self->cancelled_id);
  self->cancelled_id = 0;
  g_object_unref (task);
}

static gboolean
check_move (const TttPosition  *position,
            int                 cell,
            GError            **error)
{
  if (cell < 0 || cell >= ttt_position_get_n_cells (position) ||
      !ttt_position_is_legal (position, cell))
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The other side played a move the rules do not allow."));
      return FALSE;
    }
  return TRUE;
}

/* Answers the request with @cell, or refuses it; TRUE if answered. */
static gboolean
ttt_remote_player_answer (TttRemotePlayer  *self,
                          int               cell,
                          GError          **error)
{
  g_autoptr(GTask) task = g_object_ref (self->asked);

  if (!check_move (&self->position, cell, error))
    return FALSE;

  ttt_remote_player_drop_request (self);
  g_set_object (&self->answered, task);
  g_task_return_int (task, cell);
  return TRUE;
}

static void
cancelled_cb (GCancellable *cancellable,
              gpointer      user_data)
{
  /* Called inside g_cancellable_cancel() on the main thread, where the
   * game cancels: the request ends at once. */
  TttRemotePlayer *self = TTT_REMOTE_PLAYER (user_data);
  g_autoptr(GTask) task = self->asked != NULL ? g_object_ref (self->asked) : NULL;

  if (task == NULL)
    return;
  /* Disconnecting inside the handler would deadlock; the handler id is
   * simply forgotten, the cancellable goes with the request. */
  self->cancelled_id = 0;
  g_clear_object (&self->asked);
  g_task_return_new_error (task, G_IO_ERROR, G_IO_ERROR_CANCELLED,
                           "The game no longer waits for this move");
}

static void
ttt_remote_player_choose_move_async (TttPlayer           *player,
                                     const TttPosition   *position,
                                     guint64              rng_state,
                                     GCancellable        *cancellable,
                                     GAsyncReadyCallback  callback,
                                     gpointer             user_data)
{
  TttRemotePlayer *self = TTT_REMOTE_PLAYER (player);
  g_autoptr(GTask) task = g_task_new (self, cancellable, callback, user_data);
  g_autoptr(GError) error = NULL;
  int held;

  g_task_set_source_tag (task, ttt_remote_player_choose_move_async);
  g_task_set_check_cancellable (task, FALSE);

  /* One request at a time: a game asks again only after an answer or a
   * cancel. */
  ttt_remote_player_drop_request (self);
  self->asked = g_object_ref (task);
  self->position = *position;
  self->rng_state = rng_state;
  if (cancellable != NULL)
    self->cancelled_id = g_cancellable_connect (cancellable, G_CALLBACK (cancelled_cb), self, NULL);
  if (self->asked == NULL)
    return;  /* cancelled already */

  held = self->held;
  self->held = -1;
  if (held >= 0 && !ttt_remote_player_answer (self, held, &error))
    g_signal_emit (self, signals[MOVE_REFUSED], 0, error);
}

static int
ttt_remote_player_choose_move_finish (TttPlayer     *player,
                                      GAsyncResult  *result,
                                      guint64       *rng_state,
                                      GError       **error)
{
  TttRemotePlayer *self = TTT_REMOTE_PLAYER (player);

  g_return_val_if_fail (g_task_is_valid (result, self), -1);

  /* The other side's moves draw nothing from the game's random stream. */
  if (rng_state != NULL)
    *rng_state = self->rng_state;

  return (int) g_task_propagate_int (G_TASK (result), error);
}

static void
ttt_remote_player_dispose (GObject *object)
{
  TttRemotePlayer *self = TTT_REMOTE_PLAYER (object);

  ttt_remote_player_drop_request (self);
  g_clear_object (&self->answered);

  G_OBJECT_CLASS (ttt_remote_player_parent_class)->dispose (object);
}

static void
ttt_remote_player_class_init (TttRemotePlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  TttPlayerClass *player_class = TTT_PLAYER_CLASS (klass);

  object_class->dispose = ttt_remote_player_dispose;
  player_class->choose_move_async = ttt_remote_player_choose_move_async;
  player_class->choose_move_finish = ttt_remote_player_choose_move_finish;
  /* Its words are TttPlayer's own for someone elsewhere. */
  player_class->known_by_name = TRUE;

  /* A move held before the game asked broke the rules: (const GError *). */
  signals[MOVE_REFUSED] =
    g_signal_new ("move-refused", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1,
                  G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
ttt_remote_player_init (TttRemotePlayer *self)
{
  self->held = -1;
}

/**
 * ttt_remote_player_new:
 * @name: (nullable): the name the other person gave
 *
 * Returns: (transfer full): a player whose moves come from the network
 */
TttPlayer *
ttt_remote_player_new (const char *name)
{
  return g_object_new (TTT_TYPE_REMOTE_PLAYER,
                       "name", name,
                       NULL);
}

gboolean
ttt_remote_player_deliver (TttRemotePlayer  *self,
                           guint             cell,
                           GError          **error)
{
  g_return_val_if_fail (TTT_IS_REMOTE_PLAYER (self), FALSE);

  if (self->asked != NULL)
    return ttt_remote_player_answer (self, (int) MIN (cell, (guint) G_MAXINT), error);

  if (self->held >= 0)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                   _("The other side played twice in a row."));
      return FALSE;
    }
  self->held = (int) MIN (cell, (guint) G_MAXINT);
  return TRUE;
}

/**
 * ttt_remote_player_is_answering:
 * @self: a #TttRemotePlayer
 *
 * Returns: whether a move from the other side is on its way to the game:
 *   held until the game asks (it asks on a later turn of the main loop),
 *   or answered but not yet taken (a task completes on a later turn).
 */
gboolean
ttt_remote_player_is_answering (TttRemotePlayer *self)
{
  g_return_val_if_fail (TTT_IS_REMOTE_PLAYER (self), FALSE);

  return self->held >= 0 ||
         (self->answered != NULL && !g_task_get_completed (self->answered));
}

gboolean
ttt_remote_player_get_asked (TttRemotePlayer *self)
{
  g_return_val_if_fail (TTT_IS_REMOTE_PLAYER (self), FALSE);

  return self->asked != NULL;
}

void
ttt_remote_player_reset (TttRemotePlayer *self)
{
  g_return_if_fail (TTT_IS_REMOTE_PLAYER (self));

  self->held = -1;
}
