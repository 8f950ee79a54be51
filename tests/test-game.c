/* test-game.c — the TttGame model, without a display
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The computer answers with a delay of 0 ms, which still goes through the
 * main loop, so every test drives the loop itself. The window redraws from
 * the model's signals alone, so most tests record them and compare both the
 * arguments and the order.
 */

#define G_SETTINGS_ENABLE_BACKEND

#include <string.h>

#include <gio/gio.h>
#include <gio/gsettingsbackend.h>

#include "ttt-game.h"

#define SCHEMA_ID "io.github.jingzi.TicTacToe"

static const int lines[8][3] = {
  { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
  { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
  { 0, 4, 8 }, { 2, 4, 6 },
};

static const char *
nick (GType type,
      int   value)
{
  GEnumClass *klass = g_type_class_peek (type);
  GEnumValue *enum_value = g_enum_get_value (klass, value);

  g_assert_nonnull (enum_value);

  return enum_value->value_nick;
}

/* Main loop helpers */

static gboolean
set_flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;

  return G_SOURCE_REMOVE;
}

/* Runs the loop long enough that anything due within a few milliseconds
 * (any computer move left behind) would have run. */
static void
drain_main_loop (void)
{
  gboolean done = FALSE;

  g_timeout_add (30, set_flag_cb, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
}

static void
wait_for_computer (TttGame *game)
{
  guint guard = 0;

  while (ttt_game_get_state (game) == TTT_GAME_STATE_COMPUTER_TURN)
    {
      g_assert_cmpuint (++guard, <, 1000);
      g_main_context_iteration (NULL, TRUE);
    }
}

static gboolean
has_pending_source (TttGame *game)
{
  return g_main_context_find_source_by_user_data (NULL, game) != NULL;
}

static TttGame *
new_game (guint64 seed)
{
  TttGame *game = ttt_game_new ();

  ttt_game_set_computer_delay (game, 0);
  ttt_game_set_seed (game, seed);

  return game;
}

static TttBoard
read_board (TttGame *game)
{
  TttBoard board = { 0, 0 };

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    {
      TttMark mark = ttt_game_get_cell (game, cell);

      if (mark == TTT_MARK_X)
        board.x |= 1u << cell;
      else if (mark == TTT_MARK_O)
        board.o |= 1u << cell;
    }

  return board;
}

static void
assert_board (TttGame    *game,
              const char *expected)
{
  TttBoard board = read_board (game);
  char text[10];

  ttt_board_format (&board, text);
  g_assert_cmpstr (text, ==, expected);
}

static gboolean
boards_equal (const TttBoard *a,
              const TttBoard *b)
{
  return a->x == b->x && a->o == b->o;
}

/* The one cell set in @after but not in @before. */
static int
new_cell (const TttBoard *before,
          const TttBoard *after)
{
  unsigned added = (unsigned) (after->x | after->o) & ~(unsigned) (before->x | before->o);

  g_assert_cmpint (__builtin_popcount (added), ==, 1);

  return __builtin_ctz (added);
}

/* Empty cells that would complete a line of @mark. */
static unsigned
threats (const TttBoard *board,
         TttMark         mark)
{
  unsigned mine = mark == TTT_MARK_X ? board->x : board->o;
  unsigned empty = 0x1ffu & ~(unsigned) (board->x | board->o);
  unsigned cells = 0;

  for (int i = 0; i < 8; i++)
    {
      unsigned line = (1u << lines[i][0]) | (1u << lines[i][1]) | (1u << lines[i][2]);

      if (__builtin_popcount (mine & line) == 2 && (empty & line) != 0)
        cells |= empty & line;
    }

  return cells;
}

/* Recording the news */

typedef struct
{
  TttGame   *game;
  GPtrArray *events;
  TttBoard   shadow;  /* the board as the signals alone describe it */
  guint      n_game_over;
  TttOutcome last_outcome;
} Recorder;

static void
record (Recorder   *rec,
        const char *format,
        ...) G_GNUC_PRINTF (2, 3);

static void
record (Recorder   *rec,
        const char *format,
        ...)
{
  va_list args;

  va_start (args, format);
  g_ptr_array_add (rec->events, g_strdup_vprintf (format, args));
  va_end (args);
}

static void
cell_changed_cb (TttGame  *game,
                 int       cell,
                 TttMark   mark,
                 Recorder *rec)
{
  g_assert_true (game == rec->game);
  g_assert_cmpint (cell, >=, 0);
  g_assert_cmpint (cell, <, TTT_N_CELLS);

  /* The model must already show what the signal says. */
  g_assert_cmpint (ttt_game_get_cell (game, cell), ==, mark);

  rec->shadow.x &= ~(1u << cell);
  rec->shadow.o &= ~(1u << cell);
  if (mark == TTT_MARK_X)
    rec->shadow.x |= 1u << cell;
  else if (mark == TTT_MARK_O)
    rec->shadow.o |= 1u << cell;

  record (rec, "cell %d %s", cell, nick (TTT_TYPE_MARK, mark));
}

static void
turn_changed_cb (TttGame  *game,
                 TttMark   turn,
                 Recorder *rec)
{
  g_assert_cmpint (ttt_game_get_turn (game), ==, turn);
  record (rec, "turn %s", nick (TTT_TYPE_MARK, turn));
}

static void
game_over_cb (TttGame    *game,
              TttOutcome  outcome,
              guint       winning_cells,
              Recorder   *rec)
{
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_OVER);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, outcome);
  g_assert_cmpuint (ttt_game_get_winning_cells (game), ==, winning_cells);

  rec->n_game_over++;
  rec->last_outcome = outcome;
  record (rec, "over %s %03x", nick (TTT_TYPE_OUTCOME, outcome), winning_cells);
}

static void
notify_cb (TttGame    *game,
           GParamSpec *pspec,
           Recorder   *rec)
{
  record (rec, "notify %s", pspec->name);
}

static void
recorder_init (Recorder *rec,
               TttGame  *game)
{
  memset (rec, 0, sizeof *rec);
  rec->game = game;
  rec->events = g_ptr_array_new_with_free_func (g_free);
  rec->shadow = read_board (game);

  g_signal_connect (game, "cell-changed", G_CALLBACK (cell_changed_cb), rec);
  g_signal_connect (game, "turn-changed", G_CALLBACK (turn_changed_cb), rec);
  g_signal_connect (game, "game-over", G_CALLBACK (game_over_cb), rec);
  g_signal_connect (game, "notify", G_CALLBACK (notify_cb), rec);
}

static void
recorder_clear (Recorder *rec)
{
  if (rec->game != NULL)
    g_signal_handlers_disconnect_by_data (rec->game, rec);
  g_clear_pointer (&rec->events, g_ptr_array_unref);
  rec->game = NULL;
}

static int
compare_strings (const void *a,
                 const void *b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* GLib does not promise the order in which frozen notifications come out,
 * so within a run of consecutive notifications only the set counts. */
static char *
normalise (char **events,
           guint  n_events)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char **copy = g_memdup2 (events, sizeof (char *) * n_events);
  guint i = 0;

  while (i < n_events)
    {
      guint j = i;

      while (j < n_events && g_str_has_prefix (copy[j], "notify "))
        j++;
      if (j > i)
        qsort (copy + i, j - i, sizeof (char *), compare_strings);
      else
        j = i + 1;

      for (; i < j; i++)
        g_string_append_printf (out, "%s\n", copy[i]);
    }

  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
assert_events (Recorder          *rec,
               const char * const *expected)
{
  g_autofree char *actual_text = normalise ((char **) rec->events->pdata, rec->events->len);
  g_autofree char *expected_text = normalise ((char **) expected, g_strv_length ((char **) expected));
  TttBoard board = read_board (rec->game);

  g_assert_cmpstr (actual_text, ==, expected_text);
  /* What the signals said adds up to what the model holds. */
  g_assert_true (boards_equal (&rec->shadow, &board));
  g_ptr_array_set_size (rec->events, 0);
}

#define ASSERT_EVENTS(rec, ...) \
  G_STMT_START { \
    const char *expected__[] = { __VA_ARGS__, NULL }; \
    assert_events ((rec), expected__); \
  } G_STMT_END

#define ASSERT_NO_EVENTS(rec) \
  G_STMT_START { \
    const char *expected__[] = { NULL }; \
    assert_events ((rec), expected__); \
  } G_STMT_END

/* Playing whole games */

typedef int (*Strategy) (TttGame *game,
                         gpointer data);

static int
strategy_hint (TttGame  *game,
               gpointer  data)
{
  return ttt_game_hint (game);
}

static int
strategy_lowest (TttGame  *game,
                 gpointer  data)
{
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_game_get_cell (game, cell) == TTT_MARK_NONE)
      return cell;

  g_assert_not_reached ();
}

static int
strategy_random (TttGame  *game,
                 gpointer  data)
{
  GRand *rand = data;
  int empty[TTT_N_CELLS];
  int n = 0;

  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_game_get_cell (game, cell) == TTT_MARK_NONE)
      empty[n++] = cell;

  g_assert_cmpint (n, >, 0);

  return empty[g_rand_int_range (rand, 0, n)];
}

typedef void (*ComputerCheck) (const TttBoard *before,
                               int             cell,
                               gpointer        data);

static void
play_out (TttGame       *game,
          Strategy       strategy,
          gpointer       strategy_data,
          ComputerCheck  check,
          gpointer       check_data)
{
  guint guard = 0;

  while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
    {
      g_assert_cmpuint (++guard, <=, TTT_N_CELLS);

      if (ttt_game_get_state (game) == TTT_GAME_STATE_COMPUTER_TURN)
        {
          TttBoard before = read_board (game);
          TttBoard after;

          wait_for_computer (game);
          after = read_board (game);
          if (check != NULL)
            check (&before, new_cell (&before, &after), check_data);
        }
      else
        {
          int cell = strategy (game, strategy_data);

          g_assert_true (ttt_game_play (game, cell));
        }
    }
}

static void
play_cells (TttGame   *game,
            const int *cells,
            guint      n_cells)
{
  for (guint i = 0; i < n_cells; i++)
    g_assert_true (ttt_game_play (game, cells[i]));
}

/* Tests */

static void
test_enum_nicks (void)
{
  static const struct {
    GType       type;
    const char *nicks[6];
  } enums[] = {
    { 0, { "none", "x", "o", NULL } },
    { 0, { "ongoing", "x-wins", "o-wins", "draw", "invalid", NULL } },
    { 0, { "easy", "medium", "hard", NULL } },
    { 0, { "human", "computer", "alternate", "random", NULL } },
    { 0, { "computer", "human", NULL } },
    { 0, { "human-turn", "computer-turn", "over", NULL } },
  };
  GType types[G_N_ELEMENTS (enums)] = {
    TTT_TYPE_MARK, TTT_TYPE_OUTCOME, TTT_TYPE_LEVEL,
    TTT_TYPE_FIRST_PLAYER, TTT_TYPE_OPPONENT, TTT_TYPE_GAME_STATE,
  };

  for (guint i = 0; i < G_N_ELEMENTS (enums); i++)
    {
      GEnumClass *klass = g_type_class_peek (types[i]);

      g_assert_true (G_TYPE_IS_ENUM (types[i]));
      g_assert_cmpuint (klass->n_values, ==, g_strv_length ((char **) enums[i].nicks));
      for (guint v = 0; v < klass->n_values; v++)
        {
          g_assert_cmpint (klass->values[v].value, ==, v);
          g_assert_cmpstr (klass->values[v].value_nick, ==, enums[i].nicks[v]);
        }
    }
}

static void
test_settings_bind (void)
{
  static const char *enum_keys[] = { "difficulty", "first-player", "opponent" };
  static const char *score_keys[] = {
    "score-human", "score-computer", "score-draws",
    "score-x", "score-o", "score-pair-draws",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(TttGame) game = new_game (1);

  source = g_settings_schema_source_new_from_directory (TTT_SCHEMA_DIR, NULL, TRUE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, SCHEMA_ID, FALSE);
  g_assert_nonnull (schema);

  /* Never the user's real settings. */
  backend = g_memory_settings_backend_new ();
  settings = g_settings_new_full (schema, backend, NULL);

  for (guint i = 0; i < G_N_ELEMENTS (enum_keys); i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, enum_keys[i]);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr(GVariant) nicks = NULL;
      const char *kind;
      GParamSpec *pspec;
      GEnumClass *klass;

      g_variant_get (range, "(&sv)", &kind, &nicks);
      g_assert_cmpstr (kind, ==, "enum");

      pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (game), enum_keys[i]);
      g_assert_nonnull (pspec);
      klass = G_PARAM_SPEC_ENUM (pspec)->enum_class;
      g_assert_cmpuint (klass->n_values, ==, g_variant_n_children (nicks));

      g_settings_bind (settings, enum_keys[i], game, enum_keys[i], G_SETTINGS_BIND_DEFAULT);

      /* Key to property, for every value the schema knows. */
      for (gsize n = 0; n < g_variant_n_children (nicks); n++)
        {
          const char *key_nick;
          int value;

          g_variant_get_child (nicks, n, "&s", &key_nick);
          g_assert_true (g_settings_set_string (settings, enum_keys[i], key_nick));
          while (g_main_context_iteration (NULL, FALSE));

          g_object_get (game, enum_keys[i], &value, NULL);
          g_assert_cmpstr (nick (pspec->value_type, value), ==, key_nick);
          g_assert_cmpint (value, ==, g_settings_get_enum (settings, enum_keys[i]));
        }

      /* Property to key. */
      g_object_set (game, enum_keys[i], 0, NULL);
      while (g_main_context_iteration (NULL, FALSE));
      g_assert_cmpint (g_settings_get_enum (settings, enum_keys[i]), ==, 0);
    }

  for (guint i = 0; i < G_N_ELEMENTS (score_keys); i++)
    {
      guint value;

      g_settings_bind (settings, score_keys[i], game, score_keys[i], G_SETTINGS_BIND_DEFAULT);

      g_settings_set_uint (settings, score_keys[i], 10 + i);
      while (g_main_context_iteration (NULL, FALSE));
      g_object_get (game, score_keys[i], &value, NULL);
      g_assert_cmpuint (value, ==, 10 + i);

      g_object_set (game, score_keys[i], 20 + i, NULL);
      while (g_main_context_iteration (NULL, FALSE));
      g_assert_cmpuint (g_settings_get_uint (settings, score_keys[i]), ==, 20 + i);
    }

  /* A finished game reaches the saved total. */
  g_settings_set_enum (settings, "opponent", TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  play_cells (game, (const int[]) { 0, 3, 1, 4, 2 }, 5);
  while (g_main_context_iteration (NULL, FALSE));
  g_assert_cmpuint (g_settings_get_uint (settings, "score-x"), ==, 24);

  g_settings_unbind (game, "difficulty");
  g_settings_unbind (game, "first-player");
  g_settings_unbind (game, "opponent");
  for (guint i = 0; i < G_N_ELEMENTS (score_keys); i++)
    g_settings_unbind (game, score_keys[i]);
}

/* A count at the schema's maximum stays there: no GSettings critical (which
 * G_DEBUG=fatal-warnings would make fatal), nothing lost, and an undo does
 * not take off a game that was never added. */
static void
test_scores_saturate (void)
{
  static const char *score_keys[] = {
    "score-human", "score-computer", "score-draws",
    "score-x", "score-o", "score-pair-draws",
  };
  g_autoptr(GError) error = NULL;
  g_autoptr(GSettingsSchemaSource) source = NULL;
  g_autoptr(GSettingsSchema) schema = NULL;
  g_autoptr(GSettingsBackend) backend = NULL;
  g_autoptr(GSettings) settings = NULL;
  g_autoptr(TttGame) game = new_game (3);

  source = g_settings_schema_source_new_from_directory (TTT_SCHEMA_DIR, NULL, TRUE, &error);
  g_assert_no_error (error);
  schema = g_settings_schema_source_lookup (source, SCHEMA_ID, FALSE);
  g_assert_nonnull (schema);
  backend = g_memory_settings_backend_new ();
  settings = g_settings_new_full (schema, backend, NULL);

  /* The model stops where the schema does, for every count. */
  for (guint i = 0; i < G_N_ELEMENTS (score_keys); i++)
    {
      g_autoptr(GSettingsSchemaKey) key = g_settings_schema_get_key (schema, score_keys[i]);
      g_autoptr(GVariant) range = g_settings_schema_key_get_range (key);
      g_autoptr(GVariant) limits = NULL;
      const char *kind;
      guint min, max;

      g_variant_get (range, "(&sv)", &kind, &limits);
      g_variant_get (limits, "(uu)", &min, &max);
      g_assert_cmpstr (kind, ==, "range");
      g_assert_cmpuint (max, ==, TTT_GAME_MAX_COUNT);

      g_settings_bind (settings, score_keys[i], game, score_keys[i], G_SETTINGS_BIND_DEFAULT);
    }

  g_settings_set_uint (settings, "score-x", TTT_GAME_MAX_COUNT);
  g_settings_set_uint (settings, "score-o", TTT_GAME_MAX_COUNT - 1);
  g_settings_set_enum (settings, "opponent", TTT_OPPONENT_HUMAN);
  ttt_game_set_opponent (game, TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);

  play_cells (game, (const int[]) { 0, 3, 1, 4, 2 }, 5);
  drain_main_loop ();
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmpuint (ttt_game_get_score_x (game), ==, TTT_GAME_MAX_COUNT);
  g_assert_cmpuint (g_settings_get_uint (settings, "score-x"), ==, TTT_GAME_MAX_COUNT);
  g_assert_true (ttt_game_undo (game));
  drain_main_loop ();
  g_assert_cmpuint (ttt_game_get_score_x (game), ==, TTT_GAME_MAX_COUNT);
  g_assert_cmpuint (g_settings_get_uint (settings, "score-x"), ==, TTT_GAME_MAX_COUNT);

  /* One below the maximum still counts, up to it and no further. */
  for (int round = 0; round < 2; round++)
    {
      ttt_game_start_new (game);
      play_cells (game, (const int[]) { 0, 3, 1, 4, 8, 5 }, 6);
      drain_main_loop ();
      g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
      g_assert_cmpuint (ttt_game_get_score_o (game), ==, TTT_GAME_MAX_COUNT);
      g_assert_cmpuint (g_settings_get_uint (settings, "score-o"), ==, TTT_GAME_MAX_COUNT);
    }

  for (guint i = 0; i < G_N_ELEMENTS (score_keys); i++)
    g_settings_unbind (game, score_keys[i]);
}

static void
test_initial (void)
{
  g_autoptr(TttGame) game = ttt_game_new ();
  guint delay;
  TttLevel difficulty;
  TttFirstPlayer first_player;
  TttOpponent opponent;

  g_object_get (game,
                "computer-delay", &delay,
                "difficulty", &difficulty,
                "first-player", &first_player,
                "opponent", &opponent,
                NULL);
  g_assert_cmpuint (delay, ==, TTT_GAME_DEFAULT_COMPUTER_DELAY);
  g_assert_cmpint (difficulty, ==, TTT_LEVEL_MEDIUM);
  g_assert_cmpint (first_player, ==, TTT_FIRST_PLAYER_HUMAN);
  g_assert_cmpint (opponent, ==, TTT_OPPONENT_COMPUTER);

  assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
  g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_ONGOING);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_false (ttt_game_get_can_undo (game));
  g_assert_cmpuint (ttt_game_get_winning_cells (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_human (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_pair_draws (game), ==, 0);

  /* Settings applied before the first ttt_game_start_new() must not let the
   * computer open early, with whatever difficulty happened to be set. */
  ttt_game_set_computer_delay (game, 0);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  g_assert_false (has_pending_source (game));
  drain_main_loop ();
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
  g_assert_cmpint (ttt_game_get_current_difficulty (game), ==, TTT_LEVEL_HARD);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  /* Asynchronous even at 0 ms. */
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 0);
  wait_for_computer (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
}

static void
test_signals_computer_game (void)
{
  g_autoptr(TttGame) game = new_game (7);
  Recorder rec;
  TttBoard before;
  int cell;

  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  recorder_init (&rec, game);

  /* The first game on a fresh object changes nothing that can be seen. */
  ttt_game_start_new (game);
  ASSERT_NO_EVENTS (&rec);

  g_assert_true (ttt_game_play (game, 0));
  ASSERT_EVENTS (&rec,
                 "cell 0 x",
                 "notify can-undo", "notify n-moves", "notify state", "notify turn",
                 "turn o");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);

  before = read_board (game);
  wait_for_computer (game);
  {
    TttBoard after = read_board (game);

    cell = new_cell (&before, &after);
  }
  /* Against a corner only the centre holds the draw. */
  g_assert_cmpint (cell, ==, 4);
  ASSERT_EVENTS (&rec,
                 "cell 4 o",
                 "notify n-moves", "notify state", "notify turn",
                 "turn x");

  /* X 0 1 3 against O 4 2: Hard blocks 2, then wins on 2-4-6 at once. */
  g_assert_true (ttt_game_play (game, 1));
  wait_for_computer (game);
  assert_board (game, "XXO.O....");
  g_ptr_array_set_size (rec.events, 0);

  g_assert_true (ttt_game_play (game, 3));
  ASSERT_EVENTS (&rec,
                 "cell 3 x",
                 "notify n-moves", "notify state", "notify turn",
                 "turn o");
  wait_for_computer (game);
  ASSERT_EVENTS (&rec,
                 "cell 6 o",
                 "notify n-moves", "notify outcome", "notify score-computer",
                 "notify state", "notify turn",
                 "turn none",
                 "over o-wins 054");
  g_assert_cmpuint (rec.n_game_over, ==, 1);

  /* A new game clears every marked cell, in order, and hands X the move. */
  ttt_game_start_new (game);
  ASSERT_EVENTS (&rec,
                 "cell 0 none", "cell 1 none", "cell 2 none",
                 "cell 3 none", "cell 4 none", "cell 6 none",
                 "notify can-undo", "notify n-moves", "notify outcome",
                 "notify state", "notify turn",
                 "turn x");

  /* Undo lifts the computer's answer first, then the human's move; the turn
   * is X's before and after, so it is not announced. */
  g_assert_true (ttt_game_play (game, 8));
  wait_for_computer (game);
  g_ptr_array_set_size (rec.events, 0);
  g_assert_true (ttt_game_undo (game));
  ASSERT_EVENTS (&rec,
                 "cell 4 none", "cell 8 none",
                 "notify can-undo", "notify n-moves");

  /* The computer opening: a new mark for the human and a new state, but X
   * is still to move. */
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ASSERT_EVENTS (&rec,
                 "notify first-player", "notify human-mark", "notify state");
  wait_for_computer (game);
  g_assert_cmpuint (rec.events->len, >, 0);
  g_assert_cmpstr (g_ptr_array_index (rec.events, rec.events->len - 1), ==, "turn o");

  recorder_clear (&rec);
}

static void
test_signals_two_players (void)
{
  g_autoptr(TttGame) game = new_game (3);
  Recorder rec;

  ttt_game_set_opponent (game, TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  recorder_init (&rec, game);

  g_assert_true (ttt_game_play (game, 0));
  /* The other person is a human too: the state stays "human-turn". */
  ASSERT_EVENTS (&rec,
                 "cell 0 x",
                 "notify can-undo", "notify n-moves", "notify turn",
                 "turn o");

  play_cells (game, (const int[]) { 1, 2, 4, 3, 5, 7, 6 }, 7);
  g_ptr_array_set_size (rec.events, 0);
  g_assert_true (ttt_game_play (game, 8));
  ASSERT_EVENTS (&rec,
                 "cell 8 x",
                 "notify n-moves", "notify outcome", "notify score-pair-draws",
                 "notify state", "notify turn",
                 "turn none",
                 "over draw 000");
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);

  /* Undoing a finished game takes its result back off the score. */
  g_assert_true (ttt_game_undo (game));
  ASSERT_EVENTS (&rec,
                 "cell 8 none",
                 "notify n-moves", "notify outcome", "notify score-pair-draws",
                 "notify state", "notify turn",
                 "turn x");
  g_assert_cmpuint (ttt_game_get_score_pair_draws (game), ==, 0);

  recorder_clear (&rec);
}

static void
check_easy (const TttBoard *before,
            int             cell,
            gpointer        data)
{
  guint *n_not_medium = data;
  TttMark me = ttt_board_turn (before);
  unsigned wins = threats (before, me);
  unsigned blocks = threats (before, me == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X);

  g_assert_cmpint (ttt_board_get (before, cell), ==, TTT_MARK_NONE);

  /* Counts the moves the rule player would never make. */
  if ((wins != 0 && !(wins & (1u << cell))) ||
      (wins == 0 && blocks != 0 && !(blocks & (1u << cell))))
    (*n_not_medium)++;
}

static void
check_medium (const TttBoard *before,
              int             cell,
              gpointer        data)
{
  TttMark me = ttt_board_turn (before);
  unsigned wins = threats (before, me);
  unsigned blocks = threats (before, me == TTT_MARK_X ? TTT_MARK_O : TTT_MARK_X);
  unsigned empty = 0x1ffu & ~(unsigned) (before->x | before->o);

  if (wins != 0)
    g_assert_true (wins & (1u << cell));
  else if (blocks != 0)
    g_assert_true (blocks & (1u << cell));
  else if (empty & (1u << 4))
    g_assert_cmpint (cell, ==, 4);
  else if (empty & 0x145u)
    g_assert_true (0x145u & (1u << cell));
}

static void
check_hard (const TttBoard *before,
            int             cell,
            gpointer        data)
{
  g_assert_true (ttt_solver_best_moves (before) & (1u << cell));
}

static void
test_full_game (gconstpointer data)
{
  TttLevel level = GPOINTER_TO_INT (data);
  g_autoptr(TttGame) game = new_game (1000 + level);
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);
  guint n_not_medium = 0;
  guint n_games = 0;
  guint n_human_wins = 0;
  Recorder rec;

  ttt_game_set_difficulty (game, level);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_ALTERNATE);
  recorder_init (&rec, game);

  for (guint i = 0; i < 40; i++)
    {
      ComputerCheck check = level == TTT_LEVEL_EASY ? check_easy
                          : level == TTT_LEVEL_MEDIUM ? check_medium : check_hard;
      TttMark human;
      TttBoard board;
      guint total_before;
      guint total_after;

      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_current_difficulty (game), ==, level);
      human = ttt_game_get_human_mark (game);
      g_assert_cmpint (human, ==, i % 2 == 0 ? TTT_MARK_X : TTT_MARK_O);

      rec.n_game_over = 0;
      total_before = ttt_game_get_score_human (game) +
                     ttt_game_get_score_computer (game) +
                     ttt_game_get_score_draws (game);

      play_out (game, strategy_random, rand, check, &n_not_medium);
      n_games++;

      g_assert_cmpuint (rec.n_game_over, ==, 1);
      g_assert_cmpint (rec.last_outcome, ==, ttt_board_outcome (&rec.shadow));
      board = read_board (game);
      g_assert_true (boards_equal (&rec.shadow, &board));
      g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_NONE);
      g_assert_cmpint (ttt_game_hint (game), ==, -1);

      total_after = ttt_game_get_score_human (game) +
                    ttt_game_get_score_computer (game) +
                    ttt_game_get_score_draws (game);
      g_assert_cmpuint (total_after, ==, total_before + 1);

      if ((rec.last_outcome == TTT_OUTCOME_X_WINS && human == TTT_MARK_X) ||
          (rec.last_outcome == TTT_OUTCOME_O_WINS && human == TTT_MARK_O))
        n_human_wins++;
    }

  g_assert_cmpuint (ttt_game_get_score_human (game), ==, n_human_wins);
  g_assert_cmpuint (ttt_game_get_score_x (game) + ttt_game_get_score_o (game) +
                    ttt_game_get_score_pair_draws (game), ==, 0);

  if (level == TTT_LEVEL_HARD)
    g_assert_cmpuint (n_human_wins, ==, 0);
  /* Random clicks beat a random opponent sometimes, and Easy does not play
   * by Medium's rules. */
  if (level == TTT_LEVEL_EASY)
    {
      g_assert_cmpuint (n_human_wins, >, 0);
      g_assert_cmpuint (n_not_medium, >, 0);
    }

  recorder_clear (&rec);
}

static void
test_refusals (void)
{
  g_autoptr(TttGame) game = new_game (11);
  Recorder rec;

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  recorder_init (&rec, game);

  /* The computer's move is pending: every click is refused, silently. */
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_false (ttt_game_play (game, cell));
  g_assert_cmpint (ttt_game_hint (game), ==, -1);
  g_assert_false (ttt_game_undo (game));
  ASSERT_NO_EVENTS (&rec);
  assert_board (game, ".........");

  wait_for_computer (game);
  g_ptr_array_set_size (rec.events, 0);

  /* Only the computer's opening move is on the board: nothing to undo. */
  g_assert_false (ttt_game_get_can_undo (game));
  g_assert_false (ttt_game_undo (game));

  g_assert_false (ttt_game_play (game, -1));
  g_assert_false (ttt_game_play (game, TTT_N_CELLS));
  g_assert_false (ttt_game_play (game, G_MAXINT));
  ASSERT_NO_EVENTS (&rec);

  /* An occupied cell. */
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    if (ttt_game_get_cell (game, cell) != TTT_MARK_NONE)
      g_assert_false (ttt_game_play (game, cell));
  ASSERT_NO_EVENTS (&rec);

  /* A finished game. */
  play_out (game, strategy_lowest, NULL, NULL, NULL);
  g_ptr_array_set_size (rec.events, 0);
  for (int cell = 0; cell < TTT_N_CELLS; cell++)
    g_assert_false (ttt_game_play (game, cell));
  g_assert_cmpint (ttt_game_hint (game), ==, -1);
  ASSERT_NO_EVENTS (&rec);

  recorder_clear (&rec);
}

typedef struct
{
  TttBoard     board;
  TttMark      turn;
  TttGameState state;
  guint        n_moves;
  gboolean     can_undo;
} Position;

static Position
position_of (TttGame *game)
{
  return (Position) {
    .board = read_board (game),
    .turn = ttt_game_get_turn (game),
    .state = ttt_game_get_state (game),
    .n_moves = ttt_game_get_n_moves (game),
    .can_undo = ttt_game_get_can_undo (game),
  };
}

static void
assert_position (TttGame        *game,
                 const Position *expected)
{
  Position now = position_of (game);

  g_assert_cmphex (now.board.x, ==, expected->board.x);
  g_assert_cmphex (now.board.o, ==, expected->board.o);
  g_assert_cmpint (now.turn, ==, expected->turn);
  g_assert_cmpint (now.state, ==, expected->state);
  g_assert_cmpuint (now.n_moves, ==, expected->n_moves);
  g_assert_cmpint (now.can_undo, ==, expected->can_undo);
}

static void
test_undo (void)
{
  g_autoptr(TttGame) game = new_game (5);
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  Recorder rec;

  recorder_init (&rec, game);

  for (guint round = 0; round < 30; round++)
    {
      ttt_game_set_first_player (game, round % 2 ? TTT_FIRST_PLAYER_COMPUTER
                                                 : TTT_FIRST_PLAYER_HUMAN);
      ttt_game_set_difficulty (game, round % 3);
      ttt_game_start_new (game);
      wait_for_computer (game);

      /* Every position of the game can be taken back to exactly. */
      while (ttt_game_get_state (game) == TTT_GAME_STATE_HUMAN_TURN)
        {
          Position before = position_of (game);
          guint score_total = ttt_game_get_score_human (game) +
                              ttt_game_get_score_computer (game) +
                              ttt_game_get_score_draws (game);
          int cell = strategy_random (game, rand);

          g_assert_true (ttt_game_play (game, cell));
          g_assert_true (ttt_game_get_can_undo (game));
          wait_for_computer (game);

          g_assert_true (ttt_game_undo (game));
          assert_position (game, &before);
          g_assert_cmpuint (ttt_game_get_score_human (game) +
                            ttt_game_get_score_computer (game) +
                            ttt_game_get_score_draws (game), ==, score_total);
          g_assert_true (boards_equal (&rec.shadow, &before.board));

          /* Replay it for real and go on. */
          g_assert_true (ttt_game_play (game, cell));
          wait_for_computer (game);
        }
    }

  /* Undo while the answer is pending: one move back, nothing arrives later. */
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_true (ttt_game_play (game, 4));
  wait_for_computer (game);
  {
    Position before = position_of (game);

    g_assert_true (ttt_game_play (game, strategy_lowest (game, NULL)));
    g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
    g_assert_true (ttt_game_undo (game));
    assert_position (game, &before);
    g_assert_false (has_pending_source (game));
    drain_main_loop ();
    assert_position (game, &before);
  }

  /* With no move made there is nothing to undo. */
  ttt_game_start_new (game);
  g_assert_false (ttt_game_get_can_undo (game));
  g_ptr_array_set_size (rec.events, 0);
  g_assert_false (ttt_game_undo (game));
  ASSERT_NO_EVENTS (&rec);

  recorder_clear (&rec);
}

static void
test_undo_human_win (void)
{
  g_autoptr(TttGame) game = new_game (9);
  gboolean found = FALSE;

  ttt_game_set_difficulty (game, TTT_LEVEL_EASY);

  /* Perfect play against Easy wins some game; the winning move is the last
   * one, so undo takes back just that move. */
  for (guint i = 0; i < 50 && !found; i++)
    {
      ttt_game_start_new (game);

      while (ttt_game_get_state (game) == TTT_GAME_STATE_HUMAN_TURN)
        {
          Position before = position_of (game);
          guint wins = ttt_game_get_score_human (game);

          g_assert_true (ttt_game_play (game, ttt_game_hint (game)));
          if (ttt_game_get_outcome (game) == TTT_OUTCOME_X_WINS)
            {
              g_assert_cmpuint (ttt_game_get_score_human (game), ==, wins + 1);
              g_assert_true (ttt_game_undo (game));
              assert_position (game, &before);
              g_assert_cmpuint (ttt_game_get_score_human (game), ==, wins);
              g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_ONGOING);
              found = TRUE;
              break;
            }
          wait_for_computer (game);
        }
    }

  g_assert_true (found);
}

static void
test_hint (void)
{
  g_autoptr(TttGame) game = new_game (21);
  g_autoptr(GRand) rand = g_rand_new_with_seed (21);
  guint n_checked = 0;

  for (guint round = 0; round < 40; round++)
    {
      ttt_game_set_opponent (game, round % 4 == 3 ? TTT_OPPONENT_HUMAN : TTT_OPPONENT_COMPUTER);
      ttt_game_set_first_player (game, round % 2 ? TTT_FIRST_PLAYER_COMPUTER
                                                 : TTT_FIRST_PLAYER_HUMAN);
      ttt_game_start_new (game);

      while (ttt_game_get_state (game) != TTT_GAME_STATE_OVER)
        {
          if (ttt_game_get_state (game) == TTT_GAME_STATE_COMPUTER_TURN)
            {
              g_assert_cmpint (ttt_game_hint (game), ==, -1);
              wait_for_computer (game);
            }
          else
            {
              TttBoard board = read_board (game);
              unsigned best = ttt_solver_best_moves (&board);
              int hint = ttt_game_hint (game);

              g_assert_cmpuint (best, !=, 0);
              g_assert_cmpint (hint, ==, __builtin_ctz (best));
              /* The same answer each time it is asked. */
              g_assert_cmpint (ttt_game_hint (game), ==, hint);
              n_checked++;

              g_assert_true (ttt_game_play (game, strategy_random (game, rand)));
            }
        }
      g_assert_cmpint (ttt_game_hint (game), ==, -1);
    }

  g_assert_cmpuint (n_checked, >, 100);

  /* Every opening holds the draw, so the hint is the lowest cell. */
  ttt_game_set_opponent (game, TTT_OPPONENT_COMPUTER);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_hint (game), ==, 0);
}

static void
test_cancel_new_game (void)
{
  g_autoptr(TttGame) game = new_game (31);

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  g_assert_true (has_pending_source (game));

  /* The same side opens again: exactly one opening move may follow. */
  ttt_game_start_new (game);
  ttt_game_start_new (game);
  drain_main_loop ();
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);

  /* Mid-game, with the answer pending, a new game abandons it. */
  g_assert_true (ttt_game_play (game, strategy_lowest (game, NULL)));
  g_assert_true (has_pending_source (game));
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  g_assert_false (has_pending_source (game));
  drain_main_loop ();
  assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
}

static void
test_cancel_preference (void)
{
  g_autoptr(TttGame) game = new_game (32);

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  g_assert_true (has_pending_source (game));

  /* No move yet: the change restarts the game at once. */
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  g_assert_false (has_pending_source (game));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  drain_main_loop ();
  assert_board (game, ".........");

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  g_assert_true (has_pending_source (game));
  ttt_game_set_opponent (game, TTT_OPPONENT_HUMAN);
  g_assert_false (has_pending_source (game));
  drain_main_loop ();
  assert_board (game, ".........");
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
}

static void
count_cb (gpointer data)
{
  (*(guint *) data)++;
}

static void
test_cancel_dispose (void)
{
  TttGame *game = new_game (33);
  gpointer weak = game;
  guint n_signals = 0;

  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (count_cb), &n_signals);

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_start_new (game);
  g_assert_true (has_pending_source (game));

  g_object_unref (game);
  g_assert_null (weak);
  /* The pointer is stale; only its value is compared. */
  g_assert_false (has_pending_source (game));
  drain_main_loop ();
  g_assert_cmpuint (n_signals, ==, 0);

  /* Also with a long delay and mid-game. */
  game = new_game (34);
  weak = game;
  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  ttt_game_start_new (game);
  ttt_game_set_computer_delay (game, 5);
  g_assert_true (ttt_game_play (game, 4));
  g_assert_true (has_pending_source (game));
  g_object_unref (game);
  g_assert_null (weak);
  g_assert_false (has_pending_source (game));
  drain_main_loop ();
}

/* A handler may drop the last reference from inside the news, e.g. a
 * window closed by the first signal of the last move; the rest of the news
 * must still go out, and the game must go away after it. */
static void
unref_on_last_cell_cb (TttGame  *game,
                       int       cell,
                       TttMark   mark,
                       gpointer  data)
{
  if (ttt_game_get_outcome (game) != TTT_OUTCOME_ONGOING)
    g_object_unref (game);
}

static void
test_unref_in_handler (void)
{
  TttGame *game = new_game (35);
  gpointer weak = game;
  guint n_game_over = 0;

  g_object_add_weak_pointer (G_OBJECT (game), &weak);
  g_signal_connect (game, "cell-changed", G_CALLBACK (unref_on_last_cell_cb), NULL);
  g_signal_connect_swapped (game, "game-over", G_CALLBACK (count_cb), &n_game_over);
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  ttt_game_start_new (game);

  /* Hard wins against lowest-cell play, from the computer's timeout. */
  while (weak != NULL)
    {
      if (ttt_game_get_state (game) == TTT_GAME_STATE_COMPUTER_TURN)
        g_main_context_iteration (NULL, TRUE);
      else
        g_assert_true (ttt_game_play (game, strategy_lowest (game, NULL)));
    }

  g_assert_cmpuint (n_game_over, ==, 1);
  drain_main_loop ();
}

static void
record_time_cb (gpointer data)
{
  gint64 *when = data;

  if (*when == 0)
    *when = g_get_monotonic_time ();
}

static void
test_computer_delay (void)
{
  g_autoptr(TttGame) game = new_game (36);
  gint64 played_at = 0;
  gint64 start;

  ttt_game_start_new (game);
  ttt_game_set_computer_delay (game, 150);
  g_assert_true (ttt_game_play (game, 4));
  start = g_get_monotonic_time ();
  g_signal_connect_swapped (game, "cell-changed", G_CALLBACK (record_time_cb), &played_at);

  /* The pause is real: the answer never comes early, however busy the
   * machine (so only a lower bound is checked). */
  wait_for_computer (game);
  g_assert_cmpint (played_at, !=, 0);
  g_assert_cmpint (played_at - start, >=, 145 * G_TIME_SPAN_MILLISECOND);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 2);
}

static void
test_first_player (void)
{
  g_autoptr(TttGame) game = new_game (41);
  TttMark expected[] = { TTT_MARK_X, TTT_MARK_O, TTT_MARK_X, TTT_MARK_O, TTT_MARK_X, TTT_MARK_O };

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  for (guint i = 0; i < 3; i++)
    {
      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
      g_assert_false (has_pending_source (game));
    }

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  for (guint i = 0; i < 3; i++)
    {
      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
      wait_for_computer (game);
      g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);
      g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_O);
    }

  /* Take turns, from a fresh object: the human starts the first game, and
   * it does not matter whether a game was finished before the next. */
  g_clear_object (&game);
  game = new_game (42);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_ALTERNATE);
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, expected[i]);
      wait_for_computer (game);
      if (i % 2)
        play_out (game, strategy_lowest, NULL, NULL, NULL);
    }
}

static void
test_first_player_restart (void)
{
  g_autoptr(TttGame) game = new_game (43);

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_ALTERNATE);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  /* Restarts of an empty game for other preferences are not new turns. */
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  ttt_game_set_difficulty (game, TTT_LEVEL_EASY);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  ttt_game_set_difficulty (game, TTT_LEVEL_MEDIUM);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  wait_for_computer (game);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  /* Random keeps its draw, too, across such a restart. */
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_RANDOM);
  for (guint i = 0; i < 8; i++)
    {
      TttMark mark;

      ttt_game_start_new (game);
      mark = ttt_game_get_human_mark (game);
      ttt_game_set_difficulty (game, i % 3);
      g_assert_cmpint (ttt_game_get_human_mark (game), ==, mark);
    }
}

static void
random_marks (guint64  seed,
              TttMark *marks,
              guint    n_marks)
{
  g_autoptr(TttGame) game = new_game (seed);

  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_RANDOM);
  for (guint i = 0; i < n_marks; i++)
    {
      ttt_game_start_new (game);
      marks[i] = ttt_game_get_human_mark (game);
      wait_for_computer (game);
    }
}

static void
test_first_player_random (void)
{
  TttMark a[24];
  TttMark b[24];
  TttMark c[24];
  guint n_x = 0;

  random_marks (77, a, G_N_ELEMENTS (a));
  random_marks (77, b, G_N_ELEMENTS (b));
  random_marks (78, c, G_N_ELEMENTS (c));

  /* The seed decides, and both sides get to start. */
  g_assert_cmpmem (a, sizeof a, b, sizeof b);
  g_assert_true (memcmp (a, c, sizeof a) != 0);
  for (guint i = 0; i < G_N_ELEMENTS (a); i++)
    n_x += a[i] == TTT_MARK_X;
  g_assert_cmpuint (n_x, >, 0);
  g_assert_cmpuint (n_x, <, G_N_ELEMENTS (a));
}

static void
test_two_players (void)
{
  g_autoptr(TttGame) game = new_game (51);

  ttt_game_set_opponent (game, TTT_OPPONENT_HUMAN);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  ttt_game_start_new (game);

  /* Both marks come from clicks; nobody else plays. */
  g_assert_cmpint (ttt_game_get_current_opponent (game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  for (int cell = 0; cell < 4; cell++)
    {
      g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
      g_assert_cmpint (ttt_game_get_turn (game), ==, cell % 2 ? TTT_MARK_O : TTT_MARK_X);
      g_assert_true (ttt_game_play (game, cell));
      g_assert_false (has_pending_source (game));
    }
  drain_main_loop ();
  assert_board (game, "XOXO.....");

  /* Undo is one move, each side's. */
  g_assert_true (ttt_game_undo (game));
  assert_board (game, "XOX......");
  g_assert_cmpint (ttt_game_get_turn (game), ==, TTT_MARK_O);
  g_assert_true (ttt_game_undo (game));
  g_assert_true (ttt_game_undo (game));
  g_assert_true (ttt_game_undo (game));
  g_assert_false (ttt_game_get_can_undo (game));
  g_assert_false (ttt_game_undo (game));
  assert_board (game, ".........");

  /* X wins, O wins, a draw: into the two-player totals only. */
  play_cells (game, (const int[]) { 0, 3, 1, 4, 2 }, 5);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_X_WINS);
  g_assert_cmphex (ttt_game_get_winning_cells (game), ==, 0x007);
  ttt_game_start_new (game);
  play_cells (game, (const int[]) { 0, 3, 1, 4, 8, 5 }, 6);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmphex (ttt_game_get_winning_cells (game), ==, 0x038);
  ttt_game_start_new (game);
  play_cells (game, (const int[]) { 0, 1, 2, 4, 3, 5, 7, 6, 8 }, 9);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);

  g_assert_cmpuint (ttt_game_get_score_x (game), ==, 1);
  g_assert_cmpuint (ttt_game_get_score_o (game), ==, 1);
  g_assert_cmpuint (ttt_game_get_score_pair_draws (game), ==, 1);
  g_assert_cmpuint (ttt_game_get_score_human (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_draws (game), ==, 0);

  /* Back to the computer from the next game. */
  ttt_game_set_opponent (game, TTT_OPPONENT_COMPUTER);
  g_assert_cmpint (ttt_game_get_current_opponent (game), ==, TTT_OPPONENT_HUMAN);
  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_current_opponent (game), ==, TTT_OPPONENT_COMPUTER);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
}

static void
test_scores (void)
{
  g_autoptr(TttGame) game = new_game (61);
  guint wins = 0;
  guint draws = 0;
  Recorder rec;

  recorder_init (&rec, game);

  /* A loss: Hard beats lowest-cell play, X 0 1 3 against O 4 2 6. */
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  ttt_game_start_new (game);
  play_out (game, strategy_lowest, NULL, NULL, NULL);
  g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_O_WINS);
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 1);
  g_assert_cmpuint (ttt_game_get_score_human (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_draws (game), ==, 0);

  /* Perfect play against Hard: always a draw. */
  for (guint i = 0; i < 4; i++)
    {
      ttt_game_set_first_player (game, i % 2 ? TTT_FIRST_PLAYER_COMPUTER : TTT_FIRST_PLAYER_HUMAN);
      ttt_game_start_new (game);
      play_out (game, strategy_hint, NULL, NULL, NULL);
      g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_DRAW);
    }
  g_assert_cmpuint (ttt_game_get_score_draws (game), ==, 4);

  /* Perfect play against Easy: wins, as X and as O, and never a loss. */
  ttt_game_set_difficulty (game, TTT_LEVEL_EASY);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_ALTERNATE);
  for (guint i = 0; i < 20; i++)
    {
      ttt_game_start_new (game);
      play_out (game, strategy_hint, NULL, NULL, NULL);
      if (ttt_game_get_outcome (game) == TTT_OUTCOME_DRAW)
        draws++;
      else
        {
          g_assert_cmpint (ttt_game_get_outcome (game), ==,
                           ttt_game_get_human_mark (game) == TTT_MARK_X ? TTT_OUTCOME_X_WINS
                                                                        : TTT_OUTCOME_O_WINS);
          wins++;
        }
    }
  g_assert_cmpuint (wins, >, 0);
  g_assert_cmpuint (ttt_game_get_score_human (game), ==, wins);
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 1);
  g_assert_cmpuint (ttt_game_get_score_draws (game), ==, 4 + draws);

  /* Undoing a finished game takes its result back. */
  {
    TttOutcome outcome = ttt_game_get_outcome (game);
    guint human = ttt_game_get_score_human (game);
    guint drawn = ttt_game_get_score_draws (game);

    g_assert_true (ttt_game_undo (game));
    g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_HUMAN_TURN);
    g_assert_cmpint (ttt_game_get_outcome (game), ==, TTT_OUTCOME_ONGOING);
    g_assert_cmpuint (ttt_game_get_score_human (game), ==,
                      outcome == TTT_OUTCOME_DRAW ? human : human - 1);
    g_assert_cmpuint (ttt_game_get_score_draws (game), ==,
                      outcome == TTT_OUTCOME_DRAW ? drawn - 1 : drawn);
    g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 1);
  }

  /* A computer win undone. */
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  ttt_game_start_new (game);
  play_out (game, strategy_lowest, NULL, NULL, NULL);
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 2);
  g_ptr_array_set_size (rec.events, 0);
  g_assert_true (ttt_game_undo (game));
  /* X 0 1 against O 4 2: the human's 3 and the computer's 6 come off. */
  ASSERT_EVENTS (&rec,
                 "cell 6 none", "cell 3 none",
                 "notify n-moves", "notify outcome", "notify score-computer",
                 "notify state", "notify turn",
                 "turn x");
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 1);
  /* Taken back once only. */
  g_assert_true (ttt_game_undo (game));
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 1);

  /* Finished again and scored again; then reset, with a notification for
   * each total that was not 0 already. */
  play_out (game, strategy_lowest, NULL, NULL, NULL);
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 2);
  g_object_set (game, "score-x", 3, "score-o", 0, NULL);
  g_ptr_array_set_size (rec.events, 0);
  ttt_game_reset_scores (game);
  ASSERT_EVENTS (&rec,
                 "notify score-computer", "notify score-draws",
                 "notify score-human", "notify score-x");
  g_assert_cmpuint (ttt_game_get_score_human (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_draws (game), ==, 0);
  g_assert_cmpuint (ttt_game_get_score_x (game), ==, 0);

  ttt_game_reset_scores (game);
  ASSERT_NO_EVENTS (&rec);

  /* After a reset, undoing the finished game cannot go below 0. */
  g_assert_true (ttt_game_undo (game));
  g_assert_cmpuint (ttt_game_get_score_computer (game), ==, 0);

  recorder_clear (&rec);
}

static void
test_notify_real_change (void)
{
  g_autoptr(TttGame) game = new_game (71);
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  TttBoard before;
  TttBoard after;
  int answer;
  Recorder rec;

  ttt_game_start_new (game);
  g_assert_true (ttt_game_play (game, 4));
  before = read_board (game);
  wait_for_computer (game);
  after = read_board (game);
  answer = new_cell (&before, &after);
  recorder_init (&rec, game);

  /* Same values: silence. */
  ttt_game_set_difficulty (game, TTT_LEVEL_MEDIUM);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  ttt_game_set_opponent (game, TTT_OPPONENT_COMPUTER);
  ttt_game_set_computer_delay (game, 0);
  g_object_set (game,
                "difficulty", TTT_LEVEL_MEDIUM,
                "first-player", TTT_FIRST_PLAYER_HUMAN,
                "opponent", TTT_OPPONENT_COMPUTER,
                "computer-delay", 0,
                "score-human", 0,
                "score-computer", 0,
                "score-draws", 0,
                "score-x", 0,
                "score-o", 0,
                "score-pair-draws", 0,
                NULL);
  ASSERT_NO_EVENTS (&rec);

  /* New values: one notification each, and mid-game nothing else moves. */
  ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
  ASSERT_EVENTS (&rec, "notify difficulty");
  g_object_set (game, "first-player", TTT_FIRST_PLAYER_RANDOM, NULL);
  ASSERT_EVENTS (&rec, "notify first-player");
  ttt_game_set_opponent (game, TTT_OPPONENT_HUMAN);
  ASSERT_EVENTS (&rec, "notify opponent");
  ttt_game_set_computer_delay (game, 100);
  ASSERT_EVENTS (&rec, "notify computer-delay");
  g_object_set (game, "score-o", 2, NULL);
  ASSERT_EVENTS (&rec, "notify score-o");
  g_object_set (game, "score-o", 2, NULL);
  ASSERT_NO_EVENTS (&rec);

  g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_HARD);
  g_assert_cmpuint (ttt_game_get_computer_delay (game), ==, 100);

  /* The next game brings the rest. */
  ttt_game_set_computer_delay (game, 0);
  g_ptr_array_set_size (rec.events, 0);
  ttt_game_start_new (game);
  first = g_strdup_printf ("cell %d none", MIN (4, answer));
  second = g_strdup_printf ("cell %d none", MAX (4, answer));
  ASSERT_EVENTS (&rec,
                 first, second,
                 "notify can-undo", "notify current-difficulty", "notify current-opponent",
                 "notify n-moves");
  g_assert_cmpint (ttt_game_get_current_opponent (game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);

  recorder_clear (&rec);
}

static void
test_preferences_apply (void)
{
  g_autoptr(TttGame) game = new_game (81);
  guint n_not_best = 0;

  /* Before the first move: at once. */
  ttt_game_start_new (game);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_COMPUTER);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  ttt_game_set_difficulty (game, TTT_LEVEL_EASY);
  g_assert_cmpint (ttt_game_get_current_difficulty (game), ==, TTT_LEVEL_EASY);
  wait_for_computer (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 1);

  /* After it: only from the next game. */
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);
  ttt_game_set_opponent (game, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_O);
  g_assert_cmpint (ttt_game_get_current_opponent (game), ==, TTT_OPPONENT_COMPUTER);
  g_assert_true (ttt_game_play (game, strategy_lowest (game, NULL)));
  g_assert_cmpint (ttt_game_get_state (game), ==, TTT_GAME_STATE_COMPUTER_TURN);
  wait_for_computer (game);
  g_assert_cmpuint (ttt_game_get_n_moves (game), ==, 3);

  ttt_game_start_new (game);
  g_assert_cmpint (ttt_game_get_current_opponent (game), ==, TTT_OPPONENT_HUMAN);
  g_assert_cmpint (ttt_game_get_human_mark (game), ==, TTT_MARK_X);
  ttt_game_set_opponent (game, TTT_OPPONENT_COMPUTER);
  ttt_game_set_first_player (game, TTT_FIRST_PLAYER_HUMAN);

  /* A difficulty raised mid-game leaves the computer playing Easy in it:
   * the only good answer to a corner is the centre, which Easy mostly
   * misses; from the next game every answer is Hard's. */
  for (guint i = 0; i < 24; i++)
    {
      TttBoard before;
      TttBoard after;

      ttt_game_set_difficulty (game, TTT_LEVEL_EASY);
      ttt_game_start_new (game);
      g_assert_true (ttt_game_play (game, 0));
      ttt_game_set_difficulty (game, TTT_LEVEL_HARD);
      g_assert_cmpint (ttt_game_get_difficulty (game), ==, TTT_LEVEL_HARD);
      g_assert_cmpint (ttt_game_get_current_difficulty (game), ==, TTT_LEVEL_EASY);

      before = read_board (game);
      wait_for_computer (game);
      after = read_board (game);
      if (!(ttt_solver_best_moves (&before) & (1u << new_cell (&before, &after))))
        n_not_best++;

      ttt_game_start_new (game);
      g_assert_cmpint (ttt_game_get_current_difficulty (game), ==, TTT_LEVEL_HARD);
      g_assert_true (ttt_game_play (game, 0));
      wait_for_computer (game);
      assert_board (game, "X...O....");
    }
  g_assert_cmpuint (n_not_best, >, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  /* nick() peeks at the enum classes. */
  g_type_class_ref (TTT_TYPE_MARK);
  g_type_class_ref (TTT_TYPE_OUTCOME);
  g_type_class_ref (TTT_TYPE_LEVEL);
  g_type_class_ref (TTT_TYPE_FIRST_PLAYER);
  g_type_class_ref (TTT_TYPE_OPPONENT);
  g_type_class_ref (TTT_TYPE_GAME_STATE);

  g_test_add_func ("/game/enum-nicks", test_enum_nicks);
  g_test_add_func ("/game/settings-bind", test_settings_bind);
  g_test_add_func ("/game/initial", test_initial);
  g_test_add_func ("/game/signals/computer", test_signals_computer_game);
  g_test_add_func ("/game/signals/two-players", test_signals_two_players);
  g_test_add_data_func ("/game/full-game/easy", GINT_TO_POINTER (TTT_LEVEL_EASY), test_full_game);
  g_test_add_data_func ("/game/full-game/medium", GINT_TO_POINTER (TTT_LEVEL_MEDIUM), test_full_game);
  g_test_add_data_func ("/game/full-game/hard", GINT_TO_POINTER (TTT_LEVEL_HARD), test_full_game);
  g_test_add_func ("/game/refusals", test_refusals);
  g_test_add_func ("/game/undo/positions", test_undo);
  g_test_add_func ("/game/undo/human-win", test_undo_human_win);
  g_test_add_func ("/game/hint", test_hint);
  g_test_add_func ("/game/cancel/new-game", test_cancel_new_game);
  g_test_add_func ("/game/cancel/preference", test_cancel_preference);
  g_test_add_func ("/game/cancel/dispose", test_cancel_dispose);
  g_test_add_func ("/game/cancel/unref-in-handler", test_unref_in_handler);
  g_test_add_func ("/game/computer-delay", test_computer_delay);
  g_test_add_func ("/game/first-player/policies", test_first_player);
  g_test_add_func ("/game/first-player/restart", test_first_player_restart);
  g_test_add_func ("/game/first-player/random", test_first_player_random);
  g_test_add_func ("/game/two-players", test_two_players);
  g_test_add_func ("/game/scores", test_scores);
  g_test_add_func ("/game/scores-saturate", test_scores_saturate);
  g_test_add_func ("/game/notify-real-change", test_notify_real_change);
  g_test_add_func ("/game/preferences-apply", test_preferences_apply);

  return g_test_run ();
}
