/* test-orca.c — what the real screen reader says while a game is played
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Starts a private X server and session bus, Orca on them with its debug
 * log, and the real game with the real accessibility backend, then plays
 * against Medium with the keyboard as a blind player would: one game with
 * the analysis shown, its empty cells visited with the arrows, one with
 * the digits (with a hint and an undo on the way), one with the arrows and
 * Enter. Then it tours the windows around the board: Preferences (each
 * row's value, the chosen item of the open list), a statistics reset heard
 * and undone with the keyboard, the keyboard shortcuts, About and the
 * focus back after it, Show Analysis on and off, and the review to the
 * start and back, then an Ultimate game chosen on the New Game screen,
 * two moves in. After each key it waits until Orca's log shows what it
 * presented, and at the end it checks that no piece of news was presented
 * twice and that nothing heard named a GTK or libadwaita class.
 *
 * Orca's speech is on, but its engine cannot start (speech-dispatcher's
 * spawn command is /bin/false), so nothing is heard and every utterance is
 * in the log as "SPEECH OUTPUT: '…'": exactly what a person would hear.
 * Everything runs on its own display and bus so that it neither types into
 * a desktop it was started from nor races other tests for the focus.
 *
 * Orca refuses to start while any other Orca of the same user runs
 * anywhere (it asks pgrep), so it runs in a process namespace of its own,
 * where it sees no other: as root (CI), or in a user namespace where the
 * system allows them. Where neither is possible and another Orca runs, the
 * test says so and stops at once.
 */

#include "config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gio/gio.h>

#include "model-helpers.h"
#include "orca-helpers.h"

/* Orca, then the game against Medium, the person first. */
static void
session_start (void)
{
  const char *options[] = { "--difficulty=medium", "--first=human", NULL };

  orca_start ();
  app_start (options, NULL);
  /* The window starts with the focus in its header bar, not on a cell. */
  session.cursor = -1;
}

/* The board as the test follows it */

static const int lines[8][3] = {
  { 0, 1, 2 }, { 3, 4, 5 }, { 6, 7, 8 },
  { 0, 3, 6 }, { 1, 4, 7 }, { 2, 5, 8 },
  { 0, 4, 8 }, { 2, 4, 6 },
};

static void
board_clear (void)
{
  memset (session.board, '.', sizeof session.board);
}

static char
board_winner (void)
{
  for (guint l = 0; l < G_N_ELEMENTS (lines); l++)
    {
      char a = session.board[lines[l][0]];

      if (a != '.' && a == session.board[lines[l][1]] && a == session.board[lines[l][2]])
        return a;
    }

  return memchr (session.board, '.', sizeof session.board) == NULL ? '=' : '.';
}

/* A cell that completes a line of @mark, or -1. */
static int
completing (char mark)
{
  for (guint l = 0; l < G_N_ELEMENTS (lines); l++)
    {
      int empty = -1, own = 0;

      for (int k = 0; k < 3; k++)
        {
          char c = session.board[lines[l][k]];

          if (c == mark)
            own++;
          else if (c == '.')
            empty = lines[l][k];
        }
      if (own == 2 && empty >= 0)
        return empty;
    }

  return -1;
}

/* Plays like a careful beginner: win, block, else opposite corners, which
 * sets Medium the fork it is known to fall for; or, @careless, just the
 * first free cell, which Medium punishes. */
static int
choose_cell (gboolean careless)
{
  static const int careful_order[] = { 0, 8, 2, 6, 4, 1, 3, 5, 7 };
  static const int reading_order[] = { 0, 1, 2, 3, 4, 5, 6, 7, 8 };
  const int *order = careless ? reading_order : careful_order;
  int cell = careless ? -1 : completing ('X');

  if (cell < 0 && !careless)
    cell = completing ('O');
  for (int i = 0; cell < 0 && i < 9; i++)
    if (session.board[order[i]] == '.')
      cell = order[i];

  g_assert_cmpint (cell, >=, 0);
  return cell;
}

/* After a move of the person's: the computer's reply and whose turn it is,
 * or the result, as one piece of news. Returns FALSE once the game is
 * over; @reply is the computer's cell, or -1. */
static gboolean
expect_reply (guint  from,
              int    played,
              int   *reply)
{
  g_autofree char *words = cell_words (played);
  g_autofree char *pattern = NULL;
  char winner = board_winner ();
  const char *text;

  *reply = -1;

  /* The person's own move may have ended the game: the focus has gone to
   * Play Again, so the news names the move before the result. */
  if (winner == 'X' || winner == '=')
    {
      pattern = g_strdup_printf ("^S:You played %s\\. %s$", words,
                                 winner == 'X' ? "You won!" : "It’s a draw\\.");
      expect_news (from, pattern);
      return FALSE;
    }

  /* A reply that ends the game names the person's move first: the focus
   * leaves its cell for Play Again at once. */
  pattern = g_strdup_printf ("^S:(You played %s\\. )?Computer played row [1-3], column [1-3]\\. ", words);
  text = said_at (expect_news (from, pattern));
  {
    g_autofree char *own = g_strdup_printf ("S:You played %s. ", words);
    const char *reply_text = g_str_has_prefix (text, own) ? text + strlen (own) : text;

    *reply = parse_cell (reply_text);
  }
  g_assert_cmpint (session.board[*reply], ==, '.');
  session.board[*reply] = 'O';

  /* Then the turn, or how the game ended, in the same breath. */
  switch (board_winner ())
    {
    case 'O':
      g_assert_true (g_str_has_suffix (text, ". Computer won."));
      g_assert_true (g_str_has_prefix (text, "S:You played "));
      return FALSE;
    case '=':
      g_assert_true (g_str_has_suffix (text, ". It’s a draw."));
      g_assert_true (g_str_has_prefix (text, "S:You played "));
      return FALSE;
    default:
      g_assert_true (g_str_has_suffix (text, ". Your turn."));
      return TRUE;
    }
}

/* Plays @cell with its digit. The focus lands on the cell with its new
 * mark; if it was there already, the cell's new name is presented. */
static gboolean
play_digit (int  cell,
            int *reply)
{
  g_autofree char *key = g_strdup_printf ("%d", cell + 1);
  g_autofree char *name = cell_name (cell);
  g_autofree char *pattern = NULL;
  guint from = mark_step ();

  /* A cell the focus was already on is heard by its new name alone; one the
   * focus jumps to, as a push button. Where the focus starts (the board, or
   * nowhere yet) depends on when Orca saw the window, so either may come. */
  pattern = g_strdup_printf ("^S:%s, X( push button\\.)?$", name);

  press (key);
  session.board[cell] = 'X';
  session.cursor = cell;
  /* Unless the move ended the game and the focus went to Play Again. On
   * the first move Orca 48 and later may still have the window as their
   * focus: then the digit moves theirs to the cell without a word (see
   * add_presented()), and the cell and its mark reaching Orca is what the
   * game can be held to. So is the cell's new name ("N:") where Orca has
   * been on the cell and keeps quiet about a name too like the old one
   * (see expect_own_cell()): seen after the hint of a game that was not
   * the session's first. */
  if (board_winner () == '.' && session.orca_major > 43)
    {
      g_autofree char *focused = g_strdup_printf ("^[FN]:%s, X$|%s", name, pattern);

      if (said_at (wait_for (from, focused))[0] != 'N')
        expect (from, focused);
    }
  else if (board_winner () == '.')
    expect (from, pattern);

  return expect_reply (from, cell, reply);
}

/* The focused cell's new name after the person's move, @pattern on an
 * "S:" entry. Orca 48 and later keep quiet about a new name they find
 * too like the old one ("…, X" after "…, empty": "too similar", says the
 * log): there the new name reaching Orca, "N:", is what the game can be
 * held to (see play_arrows()). */
static void
expect_own_cell (guint       from,
                 const char *pattern)
{
  if (session.orca_major > 43)
    {
      g_autofree char *named = g_strdup_printf ("^[SN]:%s", pattern + strlen ("^S:"));

      g_assert_true (g_str_has_prefix (pattern, "^S:"));
      if (said_at (wait_for (from, named))[0] == 'S')
        expect (from, pattern);
    }
  else
    expect (from, pattern);
}

/* Whether Show Analysis is on, and the game is under way: then an empty
 * cell describes what playing it leads to. */
static gboolean analysis_shown;

/* The focused empty cell's analysis, heard once with its name: it was
 * heard twice, as GTK 4.8 sent the description it had kept again with
 * the focus. */
static void
expect_analysis (guint from,
                 guint focus)
{
  if (analysis_shown && memchr (session.board, 'X', sizeof session.board) != NULL)
    assert_not_described_again (from, focus,
                                expect (from, "^S:Playing here (draws|wins in [0-9]+ moves?|loses in [0-9]+ moves?)\\.$"));
}

/* Walks the focus to @cell with the arrows, then plays it with Enter. */
static gboolean
play_arrows (int cell)
{
  g_autofree char *name = cell_name (cell);
  g_autofree char *played = NULL;
  int reply;
  guint from;

  while (session.cursor != cell)
    {
      int row = session.cursor / 3, column = session.cursor % 3;
      g_autofree char *step = NULL;
      const char *key;
      guint at;

      if (row != cell / 3)
        {
          key = row < cell / 3 ? "Down" : "Up";
          row += row < cell / 3 ? 1 : -1;
        }
      else
        {
          key = column < cell % 3 ? "Right" : "Left";
          column += column < cell % 3 ? 1 : -1;
        }

      from = mark_step ();
      press (key);
      session.cursor = row * 3 + column;
      step = g_strdup_printf ("^S:Row %d, column %d, (empty|X|O) push button\\.$", row + 1, column + 1);
      at = expect (from, step);
      /* Orca 48 says no line that comes after the focus (the analysis is
       * worked out off the main thread, and an arrow at once can be
       * first): there the line is not waited for. */
      if (session.board[session.cursor] == '.' && session.orca_major <= 43)
        expect_analysis (from, at);
    }

  from = mark_step ();
  press ("Return");
  session.board[cell] = 'X';

  /* The focused cell's new name is presented as it changes. Orca 48 and
   * later keep quiet about a new name they find too like the old one
   * ("Row 1, column 2, X" after "…, empty": "too similar", says the log),
   * and the computer's reply is the first the player hears: there the
   * new name reaching Orca is what the game can be held to. */
  played = g_strdup_printf ("^S:%s, X$", name);
  if (session.orca_major > 43)
    {
      g_autofree char *named = g_strdup_printf ("^[SN]:%s, X$", name);

      if (said_at (wait_for (from, named))[0] == 'S')
        expect (from, played);
    }
  else
    expect (from, played);

  return expect_reply (from, cell, &reply);
}

/* The game the session started with, or, once one has been played
 * (the focus is on Play Again), Enter for a new game. */
static void
begin_game (void)
{
  guint from = mark_step ();

  session.game_start = from;
  /* The board as the test follows it is set by the first game. */
  if (session.board[0] != '\0')
    {
      press ("Return");
      expect_news (from, "^S:New game\\. You play X\\. Your turn\\.$");
      session.cursor = parse_cell (said_at (wait_for (from, "^S:Row [1-3], column [1-3], empty push button\\.$")));
    }
  board_clear ();
}

/* Tests */

static void
test_digits (void)
{
  g_autofree char *took_back = NULL;
  g_autofree char *hint_name = NULL;
  g_autofree char *reply_name = NULL;
  const char *text;
  guint from;
  int hint, reply;

  begin_game ();

  g_assert_true (play_digit (choose_cell (FALSE), &reply));

  /* Hint: the focus goes to the suggested cell, which names itself, and
   * the news says what it is and the coach's reason for it. */
  from = mark_step ();
  press ("ctrl+h");
  expect (from, "^S:Suggested move: It [a-z ]+[a-z]( X’s line| O’s line| — two ways to win)?\\.$");
  text = said_at (expect (from, "^S:Row [1-3], column [1-3], empty push button\\.$"));
  hint = parse_cell (text);
  g_assert_cmpint (session.board[hint], ==, '.');
  session.cursor = hint;

  /* Take it, then take it back with the computer's answer. */
  g_assert_true (play_digit (hint, &reply));

  from = mark_step ();
  press ("ctrl+z");
  hint_name = cell_words (hint);
  reply_name = cell_words (reply);
  took_back = g_strdup_printf ("^S:Took back X at %s and O at %s\\. Your turn\\.$", hint_name, reply_name);
  expect_news (from, took_back);
  session.board[hint] = '.';
  session.board[reply] = '.';

  /* Then on to the end of the game. */
  while (play_digit (choose_cell (FALSE), &reply));

  /* Play Again has the focus, in a place named for the end. */
  wait_for (session.game_start, "^S:Game over panel\\.$");
  wait_for (session.game_start, "^S:Play Again push button\\.$");
  session.cursor = -1;
}

static void
test_arrows (void)
{
  const char *text;
  guint from;

  g_assert_cmpint (session.cursor, ==, -1);

  /* Enter on Play Again: a new game, and the focus back on the board. */
  from = mark_step ();
  session.game_start = from;
  press ("Return");
  expect_news (from, "^S:New game\\. You play X\\. Your turn\\.$");
  text = said_at (wait_for (from, "^S:Row [1-3], column [1-3], empty push button\\.$"));
  session.cursor = parse_cell (text);
  board_clear ();

  /* With the analysis shown: each empty cell says what playing it leads
   * to, once, and so does the cell a hint takes the focus to. */
  expect_news (step ("ctrl+a", NULL), "^S:Analysis shown\\. Every first move draws with best play: "
                                      "the analysis marks the cells from the next move on\\.$");
  analysis_shown = TRUE;
  g_assert_true (play_arrows (choose_cell (TRUE)));
  {
    guint hint = step ("ctrl+h", NULL);
    /* GTK 4.8 tells the news on the cell, in front of its analysis: then
     * the two are one, heard once. */
    const char *news = said_at (expect (hint, "^S:Suggested move: It [a-z ]+[a-z]( X’s line| O’s line| — two ways to win)?"
                                              "\\.( Playing here [a-z0-9 ]+)?$"));
    gboolean with_analysis = strstr (news, "Playing here") != NULL;

    guint at = expect (hint, "^S:Row [1-3], column [1-3], empty push button\\.$");

    session.cursor = parse_cell (said_at (at));
    if (!with_analysis)
      expect_analysis (hint, at);
  }

  while (play_arrows (choose_cell (TRUE)));

  wait_for (session.game_start, "^S:Play Again push button\\.$");
  expect_news (step ("ctrl+a", NULL), "^S:Analysis hidden\\.$");
  analysis_shown = FALSE;
}

/* With the analysis shown, the arrows round the centre once the first
 * move is made: each empty cell says its name and what playing it leads
 * to, once each. Classic's analysis is set on the cells with the change
 * of the computer's reply, before its news is told, so every stack can
 * be held to it with the focus. First in the session, the cells are new
 * to the screen reader: GTK 4.8 then sent a cell's description again
 * with the focus, and Orca 43 said "Playing here draws" twice. Then the
 * game is played to its end with the digits. */
static void
test_analysis_cells (void)
{
  /* Up, Left, then round the ring: every cell but the centre. */
  static const char *const ring[] = { "Up", "Left", "Down", "Down", "Right", "Right", "Up", "Up" };
  static const int ring_cells[] = { 1, 0, 3, 6, 7, 8, 5, 2 };
  guint from;
  int reply;

  begin_game ();

  expect_news (step ("ctrl+a", NULL), "^S:Analysis shown\\. Every first move draws with best play: "
                                      "the analysis marks the cells from the next move on\\.$");
  analysis_shown = TRUE;

  /* The centre, and the computer's reply. */
  g_assert_true (play_digit (4, &reply));

  for (guint i = 0; i < G_N_ELEMENTS (ring); i++)
    {
      int cell = ring_cells[i];
      g_autofree char *name = cell_name (cell);
      g_autofree char *pattern = g_strdup_printf ("^S:%s, %s push button\\.$", name,
                                                  session.board[cell] == '.' ? "empty" : "O");
      guint focus;

      from = mark_step ();
      press (ring[i]);
      session.cursor = cell;
      focus = expect (from, pattern);
      if (session.board[cell] == '.')
        assert_not_described_again (from, focus,
                                    expect (from, "^S:Playing here (draws|wins in [0-9]+ moves?|loses in [0-9]+ moves?)\\.$"));
    }

  while (play_digit (choose_cell (FALSE), &reply));

  wait_for (session.game_start, "^S:Play Again push button\\.$");
  session.cursor = -1;
  expect_news (step ("ctrl+a", NULL), "^S:Analysis hidden\\.$");
  analysis_shown = FALSE;
}

/* The windows around the board */

static void
test_preferences (void)
{
  /* Each row says its value, and the open list which value is chosen,
   * with the focus on it. */
  step ("ctrl+comma", "^S:Opponent: Computer combo box\\.$", NULL);
  /* The game row says its value too: it was heard by its title alone. */
  step ("shift+Tab", "^S:Game: Classic combo box\\.$", NULL);
  step ("Tab", "^S:Opponent: Computer combo box\\.$", NULL);
  step ("Tab", "^S:Difficulty: Medium combo box\\.$", NULL);
  step ("space", "^S:Medium, selected\\.$", NULL);
  step ("Escape", "^S:Difficulty: Medium combo box\\.$", NULL);
  step ("Tab", "^S:First Move: You combo box\\.$", NULL);
  press ("Escape");
  back_to_game ("^S:Play Again push button\\.$");
}

static void
test_statistics (void)
{
  /* The rows are one sentence each; a reset is heard, with the focus on
   * the notice's Undo, and Ctrl+Z puts it back, heard too. */
  /* Orca 48 may find the first row itself, without a word, on the
   * release of Ctrl+I (see add_presented()). */
  step ("ctrl+i", session.orca_major > 43 ? "^[SF]:Easy: No games yet\\.$" : "^S:Easy: No games yet\\.$", NULL);
  step ("Tab", "^S:Medium: [0-9]+ games?: [0-9]+ won, [0-9]+ drawn, [0-9]+ lost; [0-9]+% won; Winning streak [0-9]+, best [0-9]+\\.$", NULL);
  step ("Tab", "^S:Reset Medium Statistics push button\\.$", NULL);
  expect_news (step ("Return", "^S:Undo push button\\.$", NULL),
               "^S:Medium statistics reset\\. Undo with Ctrl\\+Z\\.$");
  step ("Tab", "^S:Dismiss push button\\.$", NULL);
  step ("shift+Tab", "^S:Undo push button\\.$", NULL);
  {
    guint from = step ("ctrl+z", NULL);

    expect_news (from, "^S:Statistics restored\\.$");
    expect (from, "^S:Medium: [0-9]+ games?: ");
  }
  press ("Escape");
  back_to_game ("^S:Play Again push button\\.$");
}

static void
test_shortcuts (void)
{
  guint from = mark_step ();

  /* Every shortcut is a line of its own, named by what it does and its
   * keys; the focus starts on the first. (Orca 43 says "not selected" of
   * each, as of any row of a GtkListBox.) */
  press ("ctrl+question");
  focus_opened (from, "Keyboard Shortcuts");
  expect (from, "^S:Keyboard Shortcuts( frame\\.)?$");
  /* Orca 48 may find the first line itself, without a word, on the
   * release of the keys (see add_presented()). */
  expect (from, session.orca_major > 43 ? "^[SF]:New game: Ctrl\\+N\\.$" : "^S:New game: Ctrl\\+N\\.$");
  step ("Down", "^S:Undo the last move: Ctrl\\+Z\\.$", NULL);
  step ("Down", "^S:Show the best move: Ctrl\\+H\\.$", NULL);
  step ("Down",
        "^S:Show or hide the analysis: Ctrl\\+A\\.$",
        "^S:What playing each empty cell leads to\\.$",
        NULL);
  /* Tab goes line by line too, and on into the next group, named. */
  step ("Tab", "^S:Review the finished game: Ctrl\\+R\\.$", NULL);
  step ("Tab", "^S:Statistics: Ctrl\\+I\\.$", NULL);
  /* The section's title: Orca 43 says it alone. GTK 4.18's list of the
   * section takes the title for its name, and Orca 48 says the list:
   * "Review List with 4 items"; GTK 4.24's section is a grouping of its
   * own, and Orca 51 says "Review grouping" (then the list, unnamed). */
  step ("Tab",
        session.orca_major <= 43 ? "^S:Review\\.$" :
        session.gtk_minor >= 24 ? "^S:Review grouping$" : "^S:Review List with 4 items$",
        "^S:Previous move: Left\\.$",
        NULL);
  press ("Escape");
  back_to_game ("^S:Play Again push button\\.$");
}

static void
test_about (void)
{
  /* The menu's items say their keys; About says the name, the version and
   * who made it, and gives the focus back to where it came from. */
  guint from = mark_step ();
  gboolean networked;
  /* Analysis is off until test_analysis_and_review(). Orca 43 hears the
   * item by its name; Orca 48 and 51 hear the check item's state after
   * it (then its key again, on its own). */
  const char *analysis = session.orca_major > 43 ? "^S:Show Analysis: Ctrl\\+A not checked\\.$"
                                                 : "^S:Show Analysis: Ctrl\\+A\\.$";
  g_autofree char *first_item = g_strdup_printf ("^S:(Play With Someone Elsewhere.|%.*s)$",
                                                 (int) strlen (analysis) - 4, analysis + 3);

  /* Built with network play, the menu opens on its item. F10 is sent by
   * its keycode, with no modifier (see level_one_keycode()). */
  {
    g_autofree char *f10 = level_one_keycode ("F10");

    press (f10);
  }
  networked = g_str_has_prefix (said_at (wait_for (from, first_item)), "S:Play");
  if (networked)
    {
      step ("Down", "^S:Play Over the Internet.$", NULL);
      step ("Down", "^S:Join With a Code.$", NULL);
      step ("Down", analysis, NULL);
    }
  step ("Down", "^S:Statistics: Ctrl\\+I\\.$", NULL);
  step ("Up", analysis, NULL);
  if (networked)
    {
      step ("Up", "^S:Join With a Code.$", NULL);
      step ("Up", "^S:Play Over the Internet.$", NULL);
      step ("Up", "^S:Play With Someone Elsewhere.$", NULL);
    }
  step ("Up", "^S:About Tic-Tac-Toe\\.$", NULL);
  /* Orca 43 says the window, then what it is about; Orca 48 and 51 say
   * the dialog's name, role and description in one breath. */
  if (session.orca_major > 43)
    step ("Return", "^S:About dialog Tic-Tac-Toe, version [0-9.]+, by The Tic-Tac-Toe developers$", NULL);
  else
    step ("Return",
          "^S:About frame\\.$",
          "^S:Tic-Tac-Toe, version [0-9.]+, by The Tic-Tac-Toe developers\\.$",
          NULL);
  press ("Escape");
  /* The menu's button: a push button to Orca 43 (GTK 4.8), a toggle
   * button, up now that its menu is closed, to Orca 48 and 51. */
  back_to_game (session.orca_major > 43 ? "^S:Main Menu toggle button not pressed\\.$"
                                        : "^S:Main Menu push button\\.$");
}

static void
test_analysis_and_review (void)
{
  /* The button that opens the list of moves: a push button to Orca 43
   * (GTK 4.8), a toggle button, up while its list is closed, to Orca 48
   * and 51. */
  const char *moves_button = session.orca_major > 43 ? "^S:Move [0-9]+ of [0-9]+ +toggle button not pressed\\.$"
                                                     : "^S:Move [0-9]+ of [0-9]+ +push button\\.$";

  /* The finished board is one Tab stop, read cell by cell, not played. */
  step ("Tab",
        "^S:Board panel\\.$",
        "^S:Row [1-3], column [1-3], (X|O|empty).* grayed\\.$",
        NULL);
  step ("Tab", "^S:Review push button\\.$", NULL);

  /* Show Analysis says whether it is on. */
  expect_news (step ("ctrl+a", NULL), "^S:Analysis shown\\.$");
  expect_news (step ("ctrl+a", NULL), "^S:Analysis hidden\\.$");

  /* Each position once, the start included, and the ends said; the
   * person's moves with a grade ("…: Best."), the computer's without. */
  step ("Return",
        "^S:Previous Move push button\\.$",
        "^S:Move [0-9]+ . [XO] at row [1-3], column [1-3][:.] ",
        NULL);
  /* Tab at once to the button of the list: its line is heard once (see
   * the Tab below), the first time it has the focus too. */
  {
    guint from = mark_step ();
    guint focus, at;

    press ("Tab");
    focus = expect (from, moves_button);
    at = expect (from, "^S:Move [0-9]+ . [XO] at row [1-3], column [1-3][:.] .*\\.( Go to a Move\\.)?$");
    assert_not_described_again (from, focus, at);
  }
  step ("shift+Tab", "^S:Previous Move push button\\.$", NULL);
  step ("Left", "^S:Move [0-9]+ . [XO] at row [1-3], column [1-3][:.] ", NULL);
  step ("Home",
        "^S:Next Move push button\\.$",
        "^S:Before the first move\\.$",
        NULL);
  step ("Left", "^S:Already at the start\\.$", NULL);
  step ("End",
        "^S:Previous Move push button\\.$",
        "^S:Move [0-9]+ . [XO] at row [1-3], column [1-3][:.] ",
        NULL);
  step ("Right", "^S:Already at the last move\\.$", NULL);

  /* The button between the steps says where the review is and opens the
   * list of moves on the move shown; a row is heard by its move, cell and
   * grade; Escape closes the list, back on the button. The button
   * describes the move shown, heard once: GTK 4.8 sent the description
   * again as the focus first reached the button, and Orca 43 said it
   * twice, the second time often after the next key. */
  {
    guint from = mark_step ();
    guint focus, at;

    press ("Tab");
    focus = expect (from, moves_button);
    at = expect (from, "^S:Move [0-9]+ . [XO] at row [1-3], column [1-3][:.] .*\\.( Go to a Move\\.)?$");
    assert_not_described_again (from, focus, at);
  }
  step ("Return", "^S:Move [0-9]+: Row [1-3], column [1-3], [XO]", NULL);
  {
    /* The move chosen is the one heard, not the one the review was on. */
    guint from = step ("Up", NULL);
    const char *row = said_at (expect (from, "^S:Move [0-9]+: Row [1-3], column [1-3], [XO]"));
    g_autoptr(GRegex) parts = g_regex_new ("^S:Move ([0-9]+): Row ([1-3]), column ([1-3]), ([XO])", 0, 0, NULL);
    g_autoptr(GMatchInfo) match = NULL;
    g_autofree char *number = NULL;
    g_autofree char *line = NULL;
    g_autofree char *column = NULL;
    g_autofree char *mark = NULL;
    g_autofree char *chosen = NULL;

    /* GTK tells of the list's new selection with the focus, and Orca 48
     * and 51 deal with it after the row is heard: if Return has taken
     * the focus out of the list by then, Orca goes back to the row, in
     * the closed list, and the list opened again is not heard. A person
     * pauses after the row is read; the test waits for Orca to be done
     * with the selection. */
    if (session.orca_major > 43)
      wait_for (from, "^D:selection-changed for list$");
    g_assert_true (g_regex_match (parts, row, 0, &match));
    number = g_match_info_fetch (match, 1);
    line = g_match_info_fetch (match, 2);
    column = g_match_info_fetch (match, 3);
    mark = g_match_info_fetch (match, 4);
    chosen = g_strdup_printf ("^S:Move %s . %s at row %s, column %s[:.] ", number, mark, line, column);
    /* Orca 48 with GTK 4.18 hears the button by its new name, but with
     * the line of the move the review was on: it keeps the button's old
     * description, though the new one reached it before it spoke. There
     * the name is what the game can be held to. */
    if (session.orca_major > 43 && session.gtk_minor < 24)
      {
        g_autofree char *button = g_strdup_printf ("^S:Move %s of [0-9]+ +toggle button not pressed\\.$", number);

        step ("Return", button, NULL);
      }
    else
      step ("Return", chosen, NULL);
  }
  step ("Return", "^S:Move [0-9]+: Row [1-3], column [1-3], [XO]", NULL);
  step ("Escape", moves_button, NULL);

  /* On the board, which shows the position, the step keys say each
   * step as the buttons do (they were silent there). */
  {
    gboolean on_board = FALSE;

    for (guint i = 0; i < 6 && !on_board; i++)
      {
        guint from = mark_step ();

        const char *heard_first;

        press ("shift+Tab");
        /* Whatever the new focus says, not the key's own name. */
        heard_first = said_at (wait_for (from, "^S:(?!left shift).+"));
        /* The board is a group: its name may come before the cell's. */
        if (g_str_has_prefix (heard_first, "S:Board") && strstr (heard_first, "Row ") == NULL)
          heard_first = said_at (wait_for (from, "^S:Row "));
        on_board = strstr (heard_first, "Row ") != NULL;
      }
    g_assert_true (on_board);
  }
  expect_news (step ("Home", NULL), "^S:Before the first move\\.$");
  expect_news (step ("End", NULL), "^S:Move [0-9]+ . [XO] at row [1-3], column [1-3][:.] ");

  /* Done, from the board too: back at the end, with the result again. */
  step ("Escape",
        "^S:Play Again push button\\.$",
        "^S:(Computer won|You won!|It.s a draw\\.?)$",
        NULL);
}

/* Ctrl+N: the New Game screen, its focus on Start heard. Keys sent
 * before that are heard, if at all, after Start: a Tab counted by the
 * late "Start" then went on before Orca said where it had gone, which it
 * then left unsaid ("Classic" among them, so Tab never reached it). The
 * screen's name is not waited for: Orca 43, when the window is active
 * before Orca has a focus in it, says the focus alone. */
static void
open_new_game (void)
{
  guint from = mark_step ();

  press ("ctrl+n");
  focus_opened (from, "New Game");
  wait_for (from, "^S:Start push button\\.$");
}

/* Ultimate: the person's move is heard by its cell's name, or, where
 * the reply sends them to one board, in the news of the reply: the board
 * takes the focus into that board at once (TttBoardView), and Orca drops
 * what the cell of the move was saying for the new focus. */
static void
expect_own_move (guint       from,
                 const char *own_cell,
                 const char *reply)
{
  guint at = expect (from, reply);

  if (strstr (said_at (at), "You played in ") == NULL)
    expect_own_cell (from, own_cell);
}

/* Ultimate, chosen on the New Game screen with the keyboard: two moves
 * with the digits, each heard by its cell's name (board, row, column) or
 * in the news, then the computer's reply and where the person plays next.
 * The patterns hold whichever cells the computer picks. */
static void
test_ultimate (void)
{
  const char *board = "(top|centre|bottom)(-(left|centre|right))? board";
  /* On a slow machine the first move can come before the news of the new
   * game is told: then the two are one piece of news. The person's move is
   * in it when the reply sends them to one board. */
  g_autofree char *reply = g_strdup_printf ("^S:(New game\\. You play X\\. )?"
                                            "(You played in the %s, row [1-3], column [1-3]\\. )?"
                                            "Computer played in the %s, row [1-3], column [1-3]\\. "
                                            "(You play in the %s\\.|You can play in any open board\\.)"
                                            /* the focused cell's own description after the news */
                                            "( You play in this board)?$",
                                            board, board, board);
  const char *own_cell = "^S:(Centre|Top|Bottom)[a-z-]* board, row 1, column 1, X( push button\\.)?$";
  const char *first_cell = "^S:Centre board, row 2, column 2, X( push button\\.)?$";
  gboolean found = FALSE;
  guint from;

  /* Ctrl+N opens the New Game screen, with the focus on Start. */
  open_new_game ();

  /* Tab to the choice of game (past How to Play); its list moves with
   * the arrows. Orca 48 may find the first Tab's place itself, without a
   * word, as its focus is still in the game's window (see
   * add_presented()). */
  for (guint i = 0; i < 8 && !found; i++)
    {
      const char *control = "(Classic|Ultimate|Computer|Another Person|Difficulty|First Move|Cancel|Start|How to Play)";
      g_autofree char *heard_control = g_strdup_printf (session.orca_major > 43 ? "^[SF]:.*%s" : "^S:.*%s", control);
      guint at;

      from = mark_step ();
      press ("Tab");
      at = wait_for (from, heard_control);
      if (strstr (said_at (at), "Ultimate") != NULL)
        found = TRUE;
      else if (strstr (said_at (at), "Classic") != NULL)
        {
          step ("Down", "^S:Ultimate", NULL);
          found = TRUE;
        }
    }
  g_assert_true (found);
  press ("space");

  /* Alt+S is Start's mnemonic: the Ultimate game begins. No window has
   * the focus once the screen has closed (there is no window manager), so
   * the test gives it back to the game's. Whether Orca then says the news
   * of the new game depends on when the window is active again (it did in
   * one run of three), so it is not asked for. */
  press ("alt+s");
  back_to_game ("^S:.");

  /* Play is free: the first digit picks the centre board, the second its
   * centre cell, which sends the computer to the centre board. */
  from = mark_step ();
  press ("5");
  press ("5");
  expect_own_move (from, first_cell, reply);

  /* The computer's reply in the centre board sends the person to another
   * board, empty still: one digit plays its top-left cell. */
  from = mark_step ();
  press ("1");
  expect_own_move (from, own_cell, reply);
}

/* A whole Ultimate game by ear */

static const char *const board_names[] = {
  "Top-left", "Top-centre", "Top-right", "Centre-left", "Centre",
  "Centre-right", "Bottom-left", "Bottom-centre", "Bottom-right",
};

/* The Ultimate board as the test follows it from its own keys and the
 * news: the cells, the small boards closed and their winners ('=' for a
 * draw), and where the person is sent (-1: any open board). */
typedef struct
{
  char cells[81];
  char won[9];
  guint closed;
  int sent_to;
} BigBoard;

static char
small_winner (const BigBoard *big,
              int             board)
{
  const char *c = big->cells + board * 9;

  for (guint l = 0; l < G_N_ELEMENTS (lines); l++)
    if (c[lines[l][0]] != '.' && c[lines[l][0]] == c[lines[l][1]] && c[lines[l][0]] == c[lines[l][2]])
      return c[lines[l][0]];

  return memchr (c, '.', 9) == NULL ? '=' : '.';
}

/* Plays @mark at @cell; returns the board it closed, or -1. */
static int
big_play (BigBoard *big,
          int       cell,
          char      mark)
{
  int board = cell / 9;
  int closed = -1;
  char winner;

  g_assert_cmpint (big->cells[cell], ==, '.');
  g_assert_false (big->closed & (1u << board));
  big->cells[cell] = mark;
  winner = small_winner (big, board);
  if (winner != '.')
    {
      big->closed |= 1u << board;
      big->won[board] = winner;
      closed = board;
    }
  big->sent_to = (big->closed & (1u << (cell % 9))) ? -1 : cell % 9;

  return closed;
}

/* "Top-left board: won by X." or "…: drawn.", as a pattern. */
static char *
closed_words (const BigBoard *big,
              int             board)
{
  return big->won[board] == '='
         ? g_strdup_printf ("%s board: drawn\\.", board_names[board])
         : g_strdup_printf ("%s board: won by %c\\.", board_names[board], big->won[board]);
}

/* How many times @pattern matches in @text. */
static guint
count_matches (const char *text,
               const char *pattern)
{
  g_autoptr(GRegex) regex = g_regex_new (pattern, 0, 0, NULL);
  g_autoptr(GMatchInfo) match = NULL;
  guint n = 0;

  g_regex_match (regex, text, 0, &match);
  while (g_match_info_matches (match))
    {
      n++;
      g_match_info_next (match, NULL);
    }

  return n;
}

/* The person's next move: the first empty cell of the board they are
 * sent to, or of the first open board. */
static int
big_choose (const BigBoard *big)
{
  for (int board = 0; board < 9; board++)
    if ((big->sent_to < 0 || big->sent_to == board) && !(big->closed & (1u << board)))
      for (int i = 0; i < 9; i++)
        if (big->cells[board * 9 + i] == '.')
          return board * 9 + i;

  g_assert_not_reached ();
}

static BigBoard big;

/* A new Ultimate game from the New Game screen, then played to its end
 * with the digits. Each small board the person's move or the computer's
 * closes is said once, in the news of that move, and "Board won by" is
 * never said on its own; a digit on a closed board or a taken cell says
 * why it did nothing. */
static void
test_ultimate_game (void)
{
  gboolean refused_closed = FALSE, refused_taken = FALSE;
  guint n_closed_heard = 0;
  guint game_from;
  guint from;

  /* Ultimate is the game chosen now: Start at once. */
  open_new_game ();
  press ("alt+s");
  back_to_game ("^S:.");

  memset (big.cells, '.', sizeof big.cells);
  memset (big.won, '.', sizeof big.won);
  big.closed = 0;
  big.sent_to = -1;
  game_from = mark_step ();

  for (;;)
    {
      int cell = big_choose (&big);
      int closed_own, closed_reply = -1, reply = -1;
      g_autofree char *cell_key = g_strdup_printf ("%d", cell % 9 + 1);
      const char *text;
      char *news;

      /* A digit that does nothing says why, once each kind. */
      if (!refused_closed && big.sent_to < 0 && big.closed != 0)
        {
          g_autofree char *key = g_strdup_printf ("%d", g_bit_nth_lsf (big.closed, -1) + 1);

          expect_news (step (key, NULL), "^S:Play in any open board$");
          refused_closed = TRUE;
        }
      if (!refused_taken && big.sent_to >= 0)
        for (int i = 0; i < 9 && !refused_taken; i++)
          if (big.cells[big.sent_to * 9 + i] != '.')
            {
              g_autofree char *key = g_strdup_printf ("%d", i + 1);

              expect_news (step (key, NULL), "^S:That cell is taken by [XO]$");
              refused_taken = TRUE;
            }

      /* Free to play anywhere, the first digit picks the board. */
      if (big.sent_to < 0)
        {
          g_autofree char *key = g_strdup_printf ("%d", cell / 9 + 1);
          g_autofree char *middle = g_strdup_printf ("^S:%s board, row 2, column 2, (empty|X|O)", board_names[cell / 9]);
          g_autofree char *picked = g_strdup_printf ("^S:%s board\\. Press a digit for the cell, "
                                                     "Escape to choose another board\\.$",
                                                     board_names[cell / 9]);

          /* The board picked is said with what the next key does, not
           * only by the name of the cell the focus lands on. */
          expect_news (step (key, middle, NULL), picked);
        }

      from = mark_step ();
      press (cell_key);
      closed_own = big_play (&big, cell, 'X');

      /* The news of the move: the computer's reply, or the end. */
      text = said_at (expect_news (from, "^S:.*(Computer played in|You won!|It’s a draw\\.|Computer won\\.)"));
      news = g_strdup (text + 2);

      {
        g_autoptr(GRegex) regex = g_regex_new ("Computer played in the ([a-z-]+) board, row ([1-3]), column ([1-3])\\.",
                                               0, 0, NULL);
        g_autoptr(GMatchInfo) match = NULL;

        if (g_regex_match (regex, news, 0, &match))
          {
            g_autofree char *where = g_match_info_fetch (match, 1);
            g_autofree char *row = g_match_info_fetch (match, 2);
            g_autofree char *column = g_match_info_fetch (match, 3);
            int board = -1;

            for (int b = 0; b < 9; b++)
              if (g_ascii_strcasecmp (board_names[b], where) == 0)
                board = b;
            g_assert_cmpint (board, >=, 0);
            reply = board * 9 + (atoi (row) - 1) * 3 + atoi (column) - 1;
            closed_reply = big_play (&big, reply, 'O');
          }
      }

      /* Each board closed is said once, after the move that closed it,
       * and no other. */
      {
        guint expected = (closed_own >= 0) + (closed_reply >= 0);

        g_assert_cmpuint (count_matches (news, "board: (won by [XO]|drawn)\\."), ==, expected);
        if (closed_own >= 0)
          {
            g_autofree char *words = closed_words (&big, closed_own);

            g_assert_cmpuint (count_matches (news, words), ==, 1);
          }
        if (closed_reply >= 0)
          {
            g_autofree char *words = closed_words (&big, closed_reply);
            g_autofree char *after = g_strdup_printf ("Computer played in [^.]+\\. %s", words);

            g_assert_cmpuint (count_matches (news, after), ==, 1);
          }
        n_closed_heard += expected;
      }

      if (strstr (news, "You won!") || strstr (news, "It’s a draw.") || strstr (news, "Computer won."))
        {
          g_free (news);
          break;
        }
      /* Where to play next, as the test sees it. */
      if (big.sent_to >= 0)
        {
          g_autofree char *lower = g_ascii_strdown (board_names[big.sent_to], -1);
          g_autofree char *where = g_strdup_printf ("You play in the %s board.", lower);

          g_assert_nonnull (strstr (news, where));
        }
      else
        g_assert_nonnull (strstr (news, "You can play in any open board."));
      g_free (news);
    }

  g_assert_cmpuint (n_closed_heard, >, 0);
  g_assert_true (refused_taken);

  /* "Board won by X" is a cell's description, heard when the focus
   * comes to it: never as a change, nor after news. */
  read_log ();
  for (guint i = game_from; i < session.said->len; i++)
    if (g_str_has_prefix (said_at (i), "S:") &&
        (strstr (said_at (i), "Board won by") != NULL || strstr (said_at (i), "Board drawn") != NULL))
      {
        dump_said (game_from);
        g_error ("heard on its own: %s", said_at (i) + 2);
      }
}

/* The keys to ask, after the game: the last move, the result, and the
 * small boards with how many are open. */
static void
test_keys_to_ask (void)
{
  expect_news (step ("alt+l", NULL), "^S:(You|Computer) played in the [a-z-]+ board, row [1-3], column [1-3]\\.$");
  expect_news (step ("alt+t", NULL), "^S:(You won!|It’s a draw\\.|Computer won\\.)$");
  expect_news (step ("alt+b", NULL),
               "^S:([A-Z][a-z-]+ board: (won by [XO]|drawn)\\. )+[0-9]+ small boards? (is|are) open\\. "
               "(You won!|It’s a draw\\.|Computer won\\.)$");
}

/* The New Game screen's game rows say which is chosen, as radio buttons
 * ("Classic. not selected." was heard of the chosen one), and Space on
 * another says the change (it was silent). Cancelled: nothing changes. */
static void
test_new_game_choice (void)
{
  gboolean found = FALSE;
  guint from;

  open_new_game ();
  for (guint i = 0; i < 6 && !found; i++)
    {
      guint at;

      from = mark_step ();
      press ("Tab");
      at = wait_for (from, "^[SF]:.*(Classic|Ultimate|How to Play|Start|Cancel)");
      found = strstr (said_at (at), "Classic") != NULL;
    }
  g_assert_true (found);
  /* Ultimate is the game chosen. */
  expect (from, "^S:(Classic )?not selected radio button\\.?$");
  step ("space", "^S:(Classic )?selected( radio button)?\\.?$", NULL);

  press ("Escape");
  back_to_game ("^S:.");
}

/* Ultimate with play free: the first digit says the board it picked and
 * what the next key does; Escape drops the pick, said, and the next digit
 * picks a board again. A new game, as the last one is over. */
static void
test_board_pick (void)
{
  open_new_game ();
  press ("alt+s");
  back_to_game ("^S:.");

  expect_news (step ("3", NULL), "^S:Top-right board\\. Press a digit for the cell, Escape to choose another board\\.$");
  expect_news (step ("Escape", NULL), "^S:No board chosen\\. Press a digit for the board\\.$");
  expect_news (step ("9", NULL), "^S:Bottom-right board\\. Press a digit for the cell, Escape to choose another board\\.$");
}

/* Run last, once Orca has presented all there was: each step was heard
 * once, not again with the focus nor from a change that did not happen. */
static void
test_once (void)
{
  /* Quit as a person would, then let Orca finish. */
  press ("ctrl+q");
  g_assert_true (process_ended (session.app, START_TIMEOUT_S));
  g_subprocess_wait (session.app, NULL, NULL);
  g_assert_true (g_subprocess_get_if_exited (session.app));
  g_assert_cmpint (g_subprocess_get_exit_status (session.app), ==, 0);
  g_clear_object (&session.app);
  stop_orca ();
  close_log_terminal ();
  read_log ();

  /* The game warned of nothing but what Orca's questions cause. */
  {
    g_autofree char *path = g_build_filename (session.tmpdir, "tictactoe.out", NULL);
    g_autofree char *output = NULL;
    g_auto(GStrv) said = NULL;

    g_assert_true (g_file_get_contents (path, &output, NULL, NULL));
    said = g_strsplit (output, "\n", -1);
    for (guint i = 0; said[i] != NULL; i++)
      if ((strstr (said[i], "WARNING") != NULL || strstr (said[i], "CRITICAL") != NULL) &&
          strstr (said[i], "Screen coordinates not supported") == NULL &&
          /* GDK 4.24's own count of the frames it drew on X11 (here
           * once, as the Difficulty list opened its popup), no word of
           * the game's. */
          !(session.gtk_minor >= 24 &&
            strstr (said[i], "Gdk-WARNING") != NULL &&
            strstr (said[i], "gdk_frame_timings_submitted() called on submitted frame") != NULL))
        g_error ("the game said: %s", said[i]);
  }

  g_assert_cmpuint (heard->len, >, 10);
  assert_heard_once ();

  /* What a person would have heard, for the log. */
  for (guint i = 0; i < session.said->len; i++)
    if (((const char *) g_ptr_array_index (session.said, i))[0] == 'S')
      g_test_message ("heard: %s", (const char *) g_ptr_array_index (session.said, i) + 2);

  assert_no_class_names ();
}

int
main (int   argc,
      char *argv[])
{
  int status;

  g_test_init (&argc, &argv, NULL);

  heard = g_array_new (FALSE, TRUE, sizeof (Heard));
  g_array_set_clear_func (heard, heard_clear);

  g_test_add_func ("/orca/analysis", test_analysis_cells);
  g_test_add_func ("/orca/digits", test_digits);
  g_test_add_func ("/orca/arrows", test_arrows);
  g_test_add_func ("/orca/preferences", test_preferences);
  g_test_add_func ("/orca/statistics", test_statistics);
  g_test_add_func ("/orca/shortcuts", test_shortcuts);
  g_test_add_func ("/orca/about", test_about);
  g_test_add_func ("/orca/review", test_analysis_and_review);
  g_test_add_func ("/orca/ultimate", test_ultimate);
  g_test_add_func ("/orca/ultimate-game", test_ultimate_game);
  g_test_add_func ("/orca/keys-to-ask", test_keys_to_ask);
  g_test_add_func ("/orca/new-game-choice", test_new_game_choice);
  g_test_add_func ("/orca/board-pick", test_board_pick);
  g_test_add_func ("/orca/once", test_once);

  session_start ();
  status = g_test_run ();
  session_stop ();
  g_array_unref (heard);

  return status;
}
