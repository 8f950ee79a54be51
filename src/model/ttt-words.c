/* ttt-words.c — what the window says of a game, in one place
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-coach.h"
#include "ttt-words.h"

/* A level's name, as the window's subtitle and the statistics name it. */
const char *
ttt_level_name (TttLevel level)
{
  switch (level)
    {
    case TTT_LEVEL_EASY:
      return C_("difficulty", "Easy");
    case TTT_LEVEL_HARD:
      return C_("difficulty", "Hard");
    case TTT_LEVEL_MEDIUM:
    default:
      return C_("difficulty", "Medium");
    }
}

static const char *
side_won (TttGame *game,
          TttMark  winner)
{
  if (ttt_game_get_two_local (game))
    return winner == TTT_MARK_X ? _("X won!") : _("O won!");

  if (ttt_game_get_side_kind (game, winner) == TTT_PLAYER_KIND_REMOTE)
    {
      /* Kept with the game, since the words are handed out unowned. */
      /* Translators: %s is the name of someone playing on another computer. */
      char *text = g_strdup_printf (_("%s won"), ttt_game_get_side_name (game, winner));

      g_object_set_data_full (G_OBJECT (game), "ttt-words-remote-won", text, g_free);
      return text;
    }

  return ttt_game_get_side_kind (game, winner) == TTT_PLAYER_KIND_LOCAL
         ? _("You won!") : _("Computer won");
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
      return "";
    }
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
      if (ttt_game_get_shown_hint (game, &motive) >= 0)
        return ttt_coach_hint_text (motive, ttt_game_get_turn (game));
      if (!ttt_game_get_two_local (game))
        return g_strdup (_("Your turn"));
      return g_strdup (ttt_game_get_turn (game) == TTT_MARK_X ? _("X’s turn") : _("O’s turn"));

    case TTT_GAME_STATE_WAITING:
      if (ttt_game_get_side_kind (game, ttt_game_get_turn (game)) == TTT_PLAYER_KIND_REMOTE)
        /* Translators: %s is the other person's name. */
        return g_strdup_printf (_("Waiting for %s’s move…"),
                                ttt_game_get_side_name (game, ttt_game_get_turn (game)));
      return g_strdup (_("Computer is thinking…"));

    case TTT_GAME_STATE_OVER:
    default:
      return g_strdup (ttt_words_result (game));
    }
}

/* Who plays what, and at which level. */
char *
ttt_words_subtitle (TttGame *game)
{
  const char *level;

  g_return_val_if_fail (TTT_IS_GAME (game), g_strdup (""));

  if (ttt_game_get_two_local (game))
    return g_strdup (_("Two players"));

  if (ttt_game_get_current_tally (game) == TTT_TALLY_NETWORK)
    {
      TttMark mine = ttt_game_get_human_mark (game);
      const char *other = ttt_game_get_side_name (game, mine == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X);

      /* Translators: %s is the name of someone on another computer. */
      return g_strdup_printf (mine == TTT_MARK_X ? _("You play X against %s") : _("You play O against %s"),
                              other);
    }

  level = ttt_level_name (ttt_game_get_current_difficulty (game));
  if (ttt_game_get_side_kind (game, TTT_MARK_X) == TTT_PLAYER_KIND_LOCAL)
    /* Translators: %s is a difficulty such as "Medium". */
    return g_strdup_printf (_("You play X · %s"), level);

  /* Translators: %s is a difficulty such as "Medium". */
  return g_strdup_printf (_("You play O · %s"), level);
}
