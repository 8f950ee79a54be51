/* ttt-statistics-window.c — the results per level, and their resets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row per tally: games, won / drawn / lost, the share won and the
 * streaks, all in one sentence for a screen reader. A reset happens at
 * once and offers its undo in a toast for a few seconds, rather than
 * asking first: the undo puts back what was reset, with any game
 * finished since counted after it.
 */

#include "config.h"

#include <glib/gi18n.h>

#include "ttt-accessible.h"
#include "ttt-announcer.h"
#include "ttt-compat.h"
#include "ttt-statistics-window-private.h"
#include "ttt-variants.h"
#include "ttt-words.h"

struct _TttStatisticsWindow
{
  TttCompatDialog       parent_instance;

  TttStatistics        *statistics;

  AdwActionRow         *rows[TTT_N_TALLIES];
  GtkLabel             *rates[TTT_N_TALLIES];
  GtkButton            *resets[TTT_N_TALLIES];
  /* The toast that offers the undo, while it shows or waits to. */
  AdwToast             *undo_toast;
  AdwToast             *waiting_toast;
  guint                 toast_delay_id;
  gint64                toast_gone_at;
  /* The toast's own timeout, while the focus holds it on screen. */
  guint                 held_timeout;

  /* What a screen reader hears of a reset and its undo. */
  TttAnnouncer         *announcer;

  /* Template widgets */
  AdwToastOverlay      *toast_overlay;
  AdwPreferencesPage   *page;
  AdwPreferencesGroup  *computer_group;
  AdwPreferencesGroup  *two_players_group;
  AdwPreferencesGroup  *reset_all_group;
  GtkButton            *reset_all_button;

  /* Each game's two groups, against the computer and against people: the
   * first game's from the template, the others' made for them. */
  AdwPreferencesGroup  *groups[TTT_N_VARIANTS][2];
};

G_DEFINE_FINAL_TYPE (TttStatisticsWindow, ttt_statistics_window, ttt_compat_dialog_get_type ())

enum {
  PROP_0,
  PROP_STATISTICS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* What a reset took away, kept by its toast until the toast goes. */
typedef struct
{
  TttStatistics *statistics;
  guint          ids;  /* bit i for tally i */
  guint          restored;  /* the ids the undo put back */
  TttTally       before[TTT_N_TALLIES];
} ResetUndo;

static void
reset_undo_free (gpointer data)
{
  ResetUndo *undo = data;

  g_clear_object (&undo->statistics);
  g_free (undo);
}

static const char *
tally_title (TttTallyId id)
{
  TttLevel level;

  if (ttt_tally_kind_get_level (ttt_tally_id_get_kind (id), &level))
    return ttt_level_name (level);

  switch (ttt_tally_id_get_kind (id))
    {
    case TTT_TALLY_TWO_PLAYERS:
      /* Translators: the row of the statistics of games between two
       * people at one screen. */
      return _("X against O");
    case TTT_TALLY_NETWORK:
      /* Translators: the row of the statistics of games against people
       * on other computers. */
      return _("Against people elsewhere");
    default:
      g_return_val_if_reached ("");
    }
}

/* Whether @id's game is the first of the registry, the classic one, whose
 * rows go by their titles alone. */
static gboolean
is_first_game (TttTallyId id)
{
  return ttt_tally_id_get_variant (id) == ttt_variants_get_nth (0)->variant;
}

/* The row's title as a screen reader hears it. The eye sees another
 * game's rows under their own heading, "Easy" beside the classic "Easy";
 * moving from row to row a screen reader does not say the heading, so the
 * name says the game. */
static char *
tally_spoken_title (TttTallyId id)
{
  if (!is_first_game (id))
    /* Translators: the accessible name of a row of the statistics of a
     * game other than classic tic-tac-toe: the game ("Ultimate"), then
     * the row's title, a level ("Easy"), "X against O" or "Against
     * people elsewhere". */
    return g_strdup_printf (C_("statistics row", "%1$s, %2$s"),
                            ttt_variants_get_name (ttt_tally_id_get_variant (id)), tally_title (id));

  return g_strdup (tally_title (id));
}

/* Against a Hard that plays perfectly no game is won: the figure to
 * better is the share not lost. */
static gboolean
is_perfect_hard (TttTallyId id)
{
  return ttt_tally_id_get_kind (id) == TTT_TALLY_HARD &&
         ttt_variants_get (ttt_tally_id_get_variant (id))->solved;
}

/* The first line of a row: the games and how they ended. */
static char *
results_text (TttTallyId      id,
              const TttTally *tally)
{
  guint64 games = ttt_tally_get_games (tally);
  g_autofree char *count = g_strdup_printf ("%" G_GUINT64_FORMAT, games);

  if (ttt_tally_id_is_two_players (id))
    /* Translators: the first %s is a number of games; then come the games
     * X won, the drawn games and the games O won. Only the number of games
     * chooses the plural form: write the other counts so that any number
     * reads well, e.g. as "label: number". */
    return g_strdup_printf (ngettext ("%s game: X won %u, %u drawn, O won %u",
                                      "%s games: X won %u, %u drawn, O won %u",
                                      (gulong) MIN (games, G_MAXULONG)),
                            count, tally->won, tally->drawn, tally->lost);

  /* Translators: the first %s is a number of games against the computer;
   * then come the games won, drawn and lost. Only the number of games
   * chooses the plural form: write the other counts so that any number
   * reads well, e.g. as "label: number". */
  return g_strdup_printf (ngettext ("%s game: %u won, %u drawn, %u lost",
                                    "%s games: %u won, %u drawn, %u lost",
                                    (gulong) MIN (games, G_MAXULONG)),
                          count, tally->won, tally->drawn, tally->lost);
}

static char *
streak_text (const TttTally *tally)
{
  /* Translators: the games won in a row up to the last one, and the
   * longest such run. */
  return g_strdup_printf (_("Winning streak %u, best %u"), tally->streak, tally->best_streak);
}

/* Hard's second line, in place of a winning streak that cannot grow. */
static const char *
hard_text (void)
{
  return _("A draw is the best result against Hard");
}

static void
update_row (TttStatisticsWindow *self,
            TttTallyId           id)
{
  GtkWidget *row = GTK_WIDGET (self->rows[id]);
  g_autofree char *subtitle = NULL;
  g_autofree char *description = NULL;
  g_autofree char *rate = NULL;
  TttTally tally;
  int percent;

  /* A level its game does not offer has no row. */
  if (row == NULL)
    return;

  ttt_statistics_get_tally (self->statistics, id, &tally);
  percent = ttt_tally_get_win_percent (&tally);

  if (percent < 0)
    {
      subtitle = g_strdup (_("No games yet"));
      description = g_strdup (subtitle);
      /* As tall as a row with games, so that a reset does not pull the
       * rows below up under the pointer; but not "Winning streak 0,
       * best 0" of games never played: an empty line (a no-break space),
       * or Hard's note, which holds before the first game too. */
      if (!ttt_tally_id_is_two_players (id))
        {
          g_free (subtitle);
          subtitle = g_strdup_printf ("%s\n%s", description, is_perfect_hard (id) ? hard_text () : "\u00a0");
        }
    }
  else if (ttt_tally_id_is_two_players (id))
    {
      subtitle = results_text (id, &tally);
      description = g_strdup (subtitle);
    }
  else if (is_perfect_hard (id))
    {
      /* Hard plays perfectly: no game is won, so the share of games won
       * and the winning streak would read 0 for ever. What there is to
       * do better is to lose less. */
      g_autofree char *results = results_text (id, &tally);
      g_autofree char *kept = NULL;

      percent = ttt_tally_get_not_lost_percent (&tally);
      /* Translators: the share of games drawn or won against Hard, as in
       * "67%"; use your language's way of writing a percentage. */
      kept = g_strdup_printf (_("%d%% not lost"), percent);
      subtitle = g_strdup_printf ("%s\n%s", results, hard_text ());
      description = g_strdup_printf (C_("statistics row", "%1$s; %2$s; %3$s."), results, kept, hard_text ());
      rate = g_strdup_printf (C_("win rate", "%d%%"), percent);
    }
  else
    {
      g_autofree char *results = results_text (id, &tally);
      g_autofree char *streaks = streak_text (&tally);
      /* Translators: the share of games won, as in "67%"; use your
       * language's way of writing a percentage. */
      g_autofree char *won = g_strdup_printf (_("%d%% won"), percent);

      subtitle = g_strdup_printf ("%s\n%s", results, streaks);
      /* Translators: a row of the statistics as a screen reader says it,
       * in one sentence: the games, the share won, the streaks. */
      description = g_strdup_printf (C_("statistics row", "%1$s; %2$s; %3$s."), results, won, streaks);
      /* Translators: the share of games won, shown large beside a row of
       * the statistics: "67%". */
      rate = g_strdup_printf (C_("win rate", "%d%%"), percent);
    }

  adw_action_row_set_subtitle (self->rows[id], subtitle);
  if (self->rates[id] != NULL)
    {
      /* No share of no games: the line says so. */
      gtk_label_set_label (self->rates[id], rate);
      gtk_widget_set_visible (gtk_widget_get_parent (GTK_WIDGET (self->rates[id])), percent >= 0);
    }

  /* One sentence for a screen reader, where the eye reads a line of
   * figures and the large rate beside it. It is the name, not a
   * description: GTK 4.8 sends a row's description again each time the
   * focus reaches it, and Orca then says it twice. GTK would also add the
   * title label's text to the name ("Easy Easy"). */
  {
    g_autofree char *title = tally_spoken_title (id);
    g_autofree char *name = g_strdup_printf (C_("setting and value", "%1$s: %2$s"),
                                             title, description);

    gtk_accessible_update_property (GTK_ACCESSIBLE (row),
                                    GTK_ACCESSIBLE_PROPERTY_LABEL, name,
                                    -1);
  }
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
  gtk_accessible_reset_relation (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_RELATION_DESCRIBED_BY);

  gtk_widget_set_sensitive (GTK_WIDGET (self->resets[id]), !ttt_tally_is_empty (&tally));
}

static void
update_all (TttStatisticsWindow *self)
{
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    update_row (self, id);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset-all",
                                 ttt_statistics_get_can_reset (self->statistics));
}

static void
tally_changed_cb (TttStatisticsWindow *self,
                  TttTallyId           id,
                  TttStatistics       *statistics)
{
  update_row (self, id);
}

static void
can_reset_changed_cb (TttStatisticsWindow *self,
                      GParamSpec          *pspec,
                      TttStatistics       *statistics)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "statistics.reset-all",
                                 ttt_statistics_get_can_reset (statistics));
}

/* Undo
 *
 * One toast offers the undo of every reset made while it shows: a further
 * reset adds to it and starts its few seconds again. A new toast appears
 * only once the last one has finished hiding. Both keep clear of a fault
 * of libadwaita 1.2: a toast that starts hiding before it has finished
 * appearing (and one shown while another hides takes 500 ms to appear) is
 * freed while its appearing still runs, which then crashes (fixed in 1.3,
 * "toast-overlay: Prevent show_done from firing after hide_done"). */

/* libadwaita 1.2 hides a toast in 300 ms; a little more, to be sure. */
#define TOAST_HIDE_MS 400

static void
undo_clicked_cb (AdwToast  *toast,
                 ResetUndo *undo)
{
  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (undo->ids & (1u << id))
      ttt_statistics_merge (undo->statistics, id, &undo->before[id]);

  /* Once only, however the toast is activated. */
  undo->restored = undo->ids;
  undo->ids = 0;
}

/* The Restore button of the toast on show, if any. */
static GtkWidget *
find_toast_button (GtkWidget  *widget,
                   const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_toast_button (child, label);

      if (found != NULL)
        return found;
    }

  return NULL;
}

/* libadwaita 1.2's toast has a close button with an icon and no name:
 * GTK 4.8 calls it "GtkImage push button". */
static void
name_toast_buttons (GtkWidget *widget)
{
  if (GTK_IS_BUTTON (widget) &&
      g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "window-close-symbolic") == 0)
    {
      gtk_accessible_reset_relation (GTK_ACCESSIBLE (widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
      gtk_accessible_update_property (GTK_ACCESSIBLE (widget),
                                      GTK_ACCESSIBLE_PROPERTY_LABEL, _("Dismiss"),
                                      -1);
    }

  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    name_toast_buttons (child);
}

/* The toast's widget, while it is on show. */
static GtkWidget *
toast_widget (TttStatisticsWindow *self);

/* What the toast needs of ours once libadwaita has made its widget:
 * names for a screen reader, and the whole of its Undo at 360 px. */
static void
dress_toast (TttStatisticsWindow *self)
{
  GtkWidget *toast = toast_widget (self);
  GtkWidget *restore;

  if (toast == NULL)
    return;

  ttt_accessible_hide_type_names (toast);
  name_toast_buttons (toast);
  restore = find_toast_button (toast, adw_toast_get_button_label (self->undo_toast));
  if (restore != NULL)
    ttt_compat_button_keep_label_whole (GTK_BUTTON (restore));
}

static GtkWidget *
toast_widget (TttStatisticsWindow *self)
{
  GtkWidget *button;

  if (self->undo_toast == NULL || self->undo_toast == self->waiting_toast)
    return NULL;

  button = find_toast_button (GTK_WIDGET (self->toast_overlay),
                              adw_toast_get_button_label (self->undo_toast));
  return button != NULL ? gtk_widget_get_parent (button) : NULL;
}

/* Restored, by the button or by Ctrl+Z: heard, with the focus on the
 * first row put back rather than on a toast about to go. The focus moves
 * first and the news is told on the row, as a reset's is (tell_reset()):
 * told on the toast's button, it would reach a screen reader only once
 * the focus had left that button, and be dropped. */
static void
restored_cb (TttStatisticsWindow *self,
             AdwToast            *toast)
{
  ResetUndo *undo = g_object_get_data (G_OBJECT (toast), "ttt-reset-undo");
  GtkWidget *focus = ttt_compat_dialog_get_focus (GTK_WIDGET (self));
  GtkWidget *toast_box = toast_widget (self);

  /* Only if the toast had the focus, which goes with it. */
  if (focus != NULL && toast_box != NULL && gtk_widget_is_ancestor (focus, toast_box))
    for (TttTallyId id = 0; undo != NULL && id < TTT_N_TALLIES; id++)
      if (undo->restored & (1u << id))
        {
          gtk_widget_grab_focus (GTK_WIDGET (self->rows[id]));
          break;
        }

  /* Translators: a screen reader says it once a reset of the statistics
   * has been undone. */
  ttt_announcer_announce (self->announcer, _("Statistics restored."));
}

/* The toast is about to go: a reset from now on needs a new one. */
static void
toast_done_cb (TttStatisticsWindow *self,
               AdwToast            *toast)
{
  if (self->undo_toast != toast)
    return;

  self->undo_toast = NULL;
  self->held_timeout = 0;
  self->toast_gone_at = g_get_monotonic_time ();

  /* Used before it was shown: it need not be. */
  if (toast == self->waiting_toast)
    {
      g_clear_handle_id (&self->toast_delay_id, g_source_remove);
      g_clear_object (&self->waiting_toast);
    }
}

static void
toast_dismissed_cb (TttStatisticsWindow *self,
                    AdwToast            *toast)
{
  toast_done_cb (self, toast);
  /* The hide starts now, whatever went before. */
  self->toast_gone_at = g_get_monotonic_time ();
}

static gboolean
show_waiting_toast_cb (gpointer user_data)
{
  TttStatisticsWindow *self = user_data;

  self->toast_delay_id = 0;
  adw_toast_overlay_add_toast (self->toast_overlay, g_steal_pointer (&self->waiting_toast));
  dress_toast (self);

  return G_SOURCE_REMOVE;
}

/* @tally is what a reset took away from a tally that an earlier reset,
 * whose undo is in @undo, had already taken @earlier from. */
static void
add_reset (ResetUndo      *undo,
           TttTallyId      id,
           const TttTally *tally)
{
  if (undo->ids & (1u << id))
    {
      g_autoptr(TttStatistics) scratch = ttt_statistics_new ();

      /* The games of the second reset came after those of the first. */
      ttt_statistics_merge (scratch, id, tally);
      ttt_statistics_merge (scratch, id, &undo->before[id]);
      ttt_statistics_get_tally (scratch, id, &undo->before[id]);
    }
  else
    undo->before[id] = *tally;

  undo->ids |= 1u << id;
}

/* A sentence about one of @id's kind of tally, and then, for another game
 * than the first, the same said of that game. */
static char *
game_sentence (TttTallyId  id,
               const char *sentence)
{
  if (is_first_game (id))
    return g_strdup (sentence);

  /* Translators: a sentence about the statistics of a game other than
   * classic tic-tac-toe: the game's name ("Ultimate"), then the sentence
   * as for the classic game ("Easy statistics reset", "Reset Easy
   * Statistics"). */
  return g_strdup_printf (C_("statistics", "%1$s: %2$s"),
                          ttt_variants_get_name (ttt_tally_id_get_variant (id)), sentence);
}

/* The notice of one tally's reset. Whole sentences rather than "%s
 * statistics reset": the level's name may need another form inside a
 * sentence. */
static const char *
kind_reset_text (TttTallyId id)
{
  switch (ttt_tally_id_get_kind (id))
    {
    case TTT_TALLY_EASY:
      /* Translators: a notice with an Undo button. */
      return _("Easy statistics reset");
    case TTT_TALLY_MEDIUM:
      return _("Medium statistics reset");
    case TTT_TALLY_HARD:
      return _("Hard statistics reset");
    case TTT_TALLY_BEGINNER:
      return _("Beginner statistics reset");
    case TTT_TALLY_CASUAL:
      return _("Casual statistics reset");
    case TTT_TALLY_CLUB:
      return _("Club statistics reset");
    case TTT_TALLY_STRONG:
      return _("Strong statistics reset");
    case TTT_TALLY_MASTER:
      return _("Master statistics reset");
    case TTT_TALLY_TWO_PLAYERS:
      return _("Two-player statistics reset");
    case TTT_TALLY_NETWORK:
      return _("Network statistics reset");
    default:
      g_return_val_if_reached ("");
    }
}

static char *
toast_title (guint ids)
{
  guint n = 0;
  TttTallyId only = 0;

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (ids & (1u << id))
      {
        n++;
        only = id;
      }

  if (n == TTT_N_TALLIES)
    return g_strdup (_("All statistics reset"));
  if (n > 1)
    return g_strdup (_("Statistics reset"));

  return game_sentence (only, kind_reset_text (only));
}

/* The name of the button that resets one row. */
static char *
reset_title (TttTallyId id)
{
  const char *sentence;

  switch (ttt_tally_id_get_kind (id))
    {
    case TTT_TALLY_EASY:
      sentence = _("Reset Easy Statistics");
      break;
    case TTT_TALLY_MEDIUM:
      sentence = _("Reset Medium Statistics");
      break;
    case TTT_TALLY_HARD:
      sentence = _("Reset Hard Statistics");
      break;
    case TTT_TALLY_BEGINNER:
      sentence = _("Reset Beginner Statistics");
      break;
    case TTT_TALLY_CASUAL:
      sentence = _("Reset Casual Statistics");
      break;
    case TTT_TALLY_CLUB:
      sentence = _("Reset Club Statistics");
      break;
    case TTT_TALLY_STRONG:
      sentence = _("Reset Strong Statistics");
      break;
    case TTT_TALLY_MASTER:
      sentence = _("Reset Master Statistics");
      break;
    case TTT_TALLY_TWO_PLAYERS:
      sentence = _("Reset Two-Player Statistics");
      break;
    case TTT_TALLY_NETWORK:
    default:
      sentence = _("Reset Network Statistics");
      break;
    }

  return game_sentence (id, sentence);
}

/* A reset heard, with the focus on the toast's Restore, or on the row if
 * the toast is not on show yet, rather than dropped with the button that
 * a reset makes insensitive. */
static void
tell_reset (TttStatisticsWindow *self,
            const char          *title,
            TttTallyId           id,
            gboolean             had_focus)
{
  GtkWidget *toast = toast_widget (self);
  g_autofree char *news = NULL;

  dress_toast (self);

  if (had_focus)
    {
      GtkWidget *restore = toast != NULL ? find_toast_button (toast, adw_toast_get_button_label (self->undo_toast))
                                         : NULL;

      gtk_widget_grab_focus (restore != NULL ? restore : GTK_WIDGET (self->rows[id]));
    }

  /* Translators: a screen reader says it after a reset of the statistics;
   * %s is the notice, such as “Medium statistics reset”. Undo as on the
   * toast's button: the reset, not a move of the game. */
  news = g_strdup_printf (C_("undo a reset", "%s. Undo with Ctrl+Z."), title);
  ttt_announcer_announce (self->announcer, news);
}

/* The notice stays while the focus is on it: a person who has gone to
 * its Restore must not see it go from under them. */
static void
focus_changed_cb (TttStatisticsWindow *self,
                  GParamSpec          *pspec,
                  gpointer             user_data)
{
  GtkWidget *toast = toast_widget (self);
  GtkWidget *focus = ttt_compat_dialog_get_focus (GTK_WIDGET (self));
  gboolean inside = toast != NULL && focus != NULL && gtk_widget_is_ancestor (focus, toast);

  if (inside && self->held_timeout == 0)
    {
      self->held_timeout = MAX (adw_toast_get_timeout (self->undo_toast), 1);
      adw_toast_set_timeout (self->undo_toast, 0);
      /* Shown again, its time starts again: now without end. */
      adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->undo_toast));
    }
  else if (!inside && self->held_timeout != 0)
    {
      if (self->undo_toast != NULL)
        {
          adw_toast_set_timeout (self->undo_toast, self->held_timeout);
          adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (self->undo_toast));
        }
      self->held_timeout = 0;
    }
}

/* Ctrl+Z: the Restore of the notice on show. */
static void
undo_reset_action (GtkWidget  *widget,
                   const char *action_name,
                   GVariant   *parameter)
{
  TttStatisticsWindow *self = TTT_STATISTICS_WINDOW (widget);
  AdwToast *toast = self->undo_toast;

  if (toast == NULL)
    return;

  g_object_ref (toast);
  g_signal_emit_by_name (toast, "button-clicked");
  adw_toast_dismiss (toast);
  g_object_unref (toast);
}

static void
reset_with_undo (TttStatisticsWindow *self,
                 guint                ids)
{
  AdwToast *toast = self->undo_toast;
  g_autofree char *title = NULL;
  GtkWidget *focus = ttt_compat_dialog_get_focus (GTK_WIDGET (self));
  gboolean had_focus = focus == GTK_WIDGET (self->reset_all_button);
  TttTallyId first = 0;
  ResetUndo *undo;
  gint64 since_gone;

  /* The first row reset, for the focus if the toast cannot have it. */
  for (TttTallyId id = TTT_N_TALLIES; id-- > 0;)
    if (ids & (1u << id))
      {
        had_focus = had_focus || focus == GTK_WIDGET (self->resets[id]);
        first = id;
      }

  if (toast == NULL)
    {
      GtkWidget *label = gtk_label_new (NULL);

      /* libadwaita's own title would be cut at 360 px ("Medium
       * statistic…" beside Restore, in German only the level): this one
       * wraps instead. */
      gtk_label_set_wrap (GTK_LABEL (label), TRUE);
      /* On one line where there is room. */
      gtk_label_set_natural_wrap_mode (GTK_LABEL (label), GTK_NATURAL_WRAP_NONE);
      gtk_label_set_xalign (GTK_LABEL (label), 0.0);
      gtk_widget_add_css_class (label, "heading");
      toast = adw_toast_new ("");
      adw_toast_set_custom_title (toast, label);
      undo = g_new0 (ResetUndo, 1);
      undo->statistics = g_object_ref (self->statistics);
      /* Translators: the button of the toast after a reset, which undoes
       * the reset (not a move of the game). No mnemonic: a screen reader
       * reads a toast's button label as it is ("_Undo"); Ctrl+Z undoes. */
      adw_toast_set_button_label (toast, C_("undo a reset", "Undo"));
      g_object_set_data_full (G_OBJECT (toast), "ttt-reset-undo", undo, reset_undo_free);
      g_signal_connect (toast, "button-clicked", G_CALLBACK (undo_clicked_cb), undo);
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (restored_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (toast, "button-clicked", G_CALLBACK (toast_done_cb), self, G_CONNECT_SWAPPED);
      g_signal_connect_object (toast, "dismissed", G_CALLBACK (toast_dismissed_cb), self, G_CONNECT_SWAPPED);
    }
  else
    undo = g_object_get_data (G_OBJECT (toast), "ttt-reset-undo");

  for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
    if (ids & (1u << id))
      {
        TttTally tally;

        ttt_statistics_get_tally (self->statistics, id, &tally);
        add_reset (undo, id, &tally);
      }

  if (ids == (1u << TTT_N_TALLIES) - 1)
    ttt_statistics_reset_all (self->statistics);
  else
    for (TttTallyId id = 0; id < TTT_N_TALLIES; id++)
      if (ids & (1u << id))
        ttt_statistics_reset (self->statistics, id);

  title = toast_title (undo->ids);
  gtk_label_set_label (GTK_LABEL (adw_toast_get_custom_title (toast)), title);

  /* On show, or waiting to: adding it again starts its time again. */
  if (toast == self->undo_toast)
    {
      if (toast != self->waiting_toast && self->held_timeout == 0)
        adw_toast_overlay_add_toast (self->toast_overlay, g_object_ref (toast));
      tell_reset (self, title, first, had_focus);
      return;
    }

  self->undo_toast = toast;
  since_gone = (g_get_monotonic_time () - self->toast_gone_at) / G_TIME_SPAN_MILLISECOND;
  if (self->toast_gone_at != 0 && since_gone < TOAST_HIDE_MS)
    {
      self->waiting_toast = toast;
      self->toast_delay_id = g_timeout_add (TOAST_HIDE_MS - since_gone, show_waiting_toast_cb, self);
      g_source_set_name_by_id (self->toast_delay_id, "[tictactoe] statistics toast");
    }
  else
    adw_toast_overlay_add_toast (self->toast_overlay, toast);

  tell_reset (self, title, first, had_focus);
}

static void
reset_clicked_cb (TttStatisticsWindow *self,
                  GtkButton           *button)
{
  TttTallyId id;

  for (id = 0; id < TTT_N_TALLIES; id++)
    if (self->resets[id] == button)
      break;
  g_return_if_fail (id < TTT_N_TALLIES);

  reset_with_undo (self, 1u << id);
}

static void
reset_all_action (GtkWidget  *widget,
                  const char *action_name,
                  GVariant   *parameter)
{
  reset_with_undo (TTT_STATISTICS_WINDOW (widget), (1u << TTT_N_TALLIES) - 1);
}

/* Building the rows */

static void
add_row (TttStatisticsWindow *self,
         TttTallyId           id)
{
  /* Games against people, here or elsewhere, go together; each game's
   * tallies have groups of their own. */
  AdwPreferencesGroup *group = self->groups[ttt_tally_id_get_variant (id)]
                                           [ttt_tally_id_is_two_players (id) || ttt_tally_id_is_network (id)];
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *reset = gtk_button_new_from_icon_name ("user-trash-symbolic");
  g_autofree char *reset_label = reset_title (id);

  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), tally_title (id));
  /* Nothing to choose here. (Orca 43 still says "not selected" of a row
   * of any GtkListBox, which offers AT-SPI's selection whatever its mode.) */
  gtk_list_box_row_set_selectable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "tally");

  if (!ttt_tally_id_is_two_players (id))
    {
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
      GtkWidget *rate = gtk_label_new (NULL);
      /* Translators: the caption under a share of games won, "67%". */
      GtkWidget *caption = gtk_label_new (C_("win rate", "won"));

      gtk_widget_set_valign (box, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (rate, "title-3");
      gtk_widget_add_css_class (rate, "numeric");
      gtk_widget_add_css_class (caption, "caption");
      gtk_widget_add_css_class (caption, "dim-label");
      gtk_box_append (GTK_BOX (box), rate);
      gtk_box_append (GTK_BOX (box), caption);
      /* The row's description says it in words. */
      gtk_accessible_update_state (GTK_ACCESSIBLE (box), GTK_ACCESSIBLE_STATE_HIDDEN, TRUE, -1);
      /* Against Hard no game is won: its figure is the share not lost. */
      if (is_perfect_hard (id))
        /* Translators: the caption under Hard's share of games drawn or
         * won, "67%". */
        gtk_label_set_label (GTK_LABEL (caption), C_("win rate", "not lost"));
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), box);
      self->rates[id] = GTK_LABEL (rate);
    }

  gtk_widget_set_valign (reset, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (reset, "flat");
  gtk_widget_set_tooltip_text (reset, reset_label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (reset),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, reset_label,
                                  -1);
  g_signal_connect_swapped (reset, "clicked", G_CALLBACK (reset_clicked_cb), self);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), reset);

  adw_preferences_group_add (group, row);
  self->rows[id] = ADW_ACTION_ROW (row);
  self->resets[id] = GTK_BUTTON (reset);
}

/* The groups of each game of the registry, in its order: the first's
 * are the template's, the others' headings say their game. The Reset All
 * button's group stays last. */
static void
add_groups (TttStatisticsWindow *self)
{
  g_autoptr(AdwPreferencesGroup) reset_all = g_object_ref (self->reset_all_group);

  adw_preferences_page_remove (self->page, reset_all);
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    {
      TttVariant variant = ttt_variants_get_nth (i)->variant;
      const char *name = ttt_variants_get_name (variant);
      g_autofree char *computer = NULL;
      g_autofree char *people = NULL;

      if (i == 0)
        {
          self->groups[variant][0] = self->computer_group;
          self->groups[variant][1] = self->two_players_group;
          continue;
        }

      /* Translators: heading above the results of games of a game other
       * than classic tic-tac-toe (%s: "Ultimate", "Misère") against the
       * computer. */
      computer = g_strdup_printf (C_("statistics heading", "%s against the Computer"), name);
      /* Translators: heading above the results of such a game between
       * two people, at one screen or on two computers. */
      people = g_strdup_printf (C_("statistics heading", "%s, Two Players"), name);
      self->groups[variant][0] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (self->groups[variant][0], computer);
      adw_preferences_page_add (self->page, self->groups[variant][0]);
      self->groups[variant][1] = ADW_PREFERENCES_GROUP (adw_preferences_group_new ());
      adw_preferences_group_set_title (self->groups[variant][1], people);
      adw_preferences_page_add (self->page, self->groups[variant][1]);
    }
  adw_preferences_page_add (self->page, reset_all);
}

/* GObject */

static void
ttt_statistics_window_constructed (GObject *object)
{
  TttStatisticsWindow *self = TTT_STATISTICS_WINDOW (object);

  G_OBJECT_CLASS (ttt_statistics_window_parent_class)->constructed (object);

  g_return_if_fail (TTT_IS_STATISTICS (self->statistics));

  add_groups (self);
  for (guint i = 0; i < ttt_variants_get_n (); i++)
    for (TttTallyKind kind = 0; kind < TTT_N_TALLY_KINDS; kind++)
      if (ttt_tally_id_is_shown (TTT_TALLY_ID (ttt_variants_get_nth (i)->variant, kind)))
        add_row (self, TTT_TALLY_ID (ttt_variants_get_nth (i)->variant, kind));

  self->announcer = ttt_announcer_new (GTK_WIDGET (self));
  g_signal_connect (self, "notify::focus-widget", G_CALLBACK (focus_changed_cb), NULL);
  ttt_accessible_hide_type_names (GTK_WIDGET (self));
  ttt_accessible_quiet_tooltips (GTK_WIDGET (self));

  g_signal_connect_object (self->statistics, "changed", G_CALLBACK (tally_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->statistics, "notify::can-reset", G_CALLBACK (can_reset_changed_cb), self, G_CONNECT_SWAPPED);

  update_all (self);
}

static void
ttt_statistics_window_set_property (GObject      *object,
                                    guint         prop_id,
                                    const GValue *value,
                                    GParamSpec   *pspec)
{
  TttStatisticsWindow *self = TTT_STATISTICS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STATISTICS:
      self->statistics = g_value_dup_object (value);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_statistics_window_get_property (GObject    *object,
                                    guint       prop_id,
                                    GValue     *value,
                                    GParamSpec *pspec)
{
  TttStatisticsWindow *self = TTT_STATISTICS_WINDOW (object);

  switch (prop_id)
    {
    case PROP_STATISTICS:
      g_value_set_object (value, self->statistics);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_statistics_window_dispose (GObject *object)
{
  TttStatisticsWindow *self = TTT_STATISTICS_WINDOW (object);

  if (self->statistics != NULL)
    g_signal_handlers_disconnect_by_data (self->statistics, self);

  g_clear_handle_id (&self->toast_delay_id, g_source_remove);
  g_clear_object (&self->waiting_toast);
  g_clear_object (&self->announcer);
  gtk_widget_dispose_template (GTK_WIDGET (self), TTT_TYPE_STATISTICS_WINDOW);
  self->undo_toast = NULL;
  g_clear_object (&self->statistics);

  G_OBJECT_CLASS (ttt_statistics_window_parent_class)->dispose (object);
}

static void
ttt_statistics_window_class_init (TttStatisticsWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = ttt_statistics_window_constructed;
  object_class->dispose = ttt_statistics_window_dispose;
  object_class->get_property = ttt_statistics_window_get_property;
  object_class->set_property = ttt_statistics_window_set_property;

  properties[PROP_STATISTICS] =
    g_param_spec_object ("statistics", NULL, NULL,
                         TTT_TYPE_STATISTICS,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  ttt_compat_dialog_set_template (widget_class, RESOURCE_BASE "/ttt-statistics-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TttStatisticsWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, TttStatisticsWindow, page);
  gtk_widget_class_bind_template_child (widget_class, TttStatisticsWindow, computer_group);
  gtk_widget_class_bind_template_child (widget_class, TttStatisticsWindow, two_players_group);
  gtk_widget_class_bind_template_child (widget_class, TttStatisticsWindow, reset_all_group);
  gtk_widget_class_bind_template_child (widget_class, TttStatisticsWindow, reset_all_button);

  gtk_widget_class_install_action (widget_class, "statistics.reset-all", NULL, reset_all_action);
  gtk_widget_class_install_action (widget_class, "statistics.undo-reset", NULL, undo_reset_action);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_z, GDK_CONTROL_MASK, "statistics.undo-reset", NULL);

  gtk_widget_class_add_binding (widget_class, GDK_KEY_Escape, 0, ttt_compat_dialog_close_binding, NULL);
}

static void
ttt_statistics_window_init (TttStatisticsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  ttt_compat_dialog_init (GTK_WIDGET (self), 480, 600);
}

TttStatisticsWindow *
ttt_statistics_window_new (TttStatistics *statistics)
{
  g_return_val_if_fail (TTT_IS_STATISTICS (statistics), NULL);

  return g_object_new (TTT_TYPE_STATISTICS_WINDOW,
                       "statistics", statistics,
                       NULL);
}

AdwActionRow *
ttt_statistics_window_get_row (TttStatisticsWindow *self,
                               TttTallyId           id)
{
  g_return_val_if_fail (TTT_IS_STATISTICS_WINDOW (self), NULL);
  g_return_val_if_fail (id < TTT_N_TALLIES, NULL);

  return self->rows[id];
}

/* NULL for the two-player row, which has no share of wins. */
GtkLabel *
ttt_statistics_window_get_rate (TttStatisticsWindow *self,
                                TttTallyId           id)
{
  g_return_val_if_fail (TTT_IS_STATISTICS_WINDOW (self), NULL);
  g_return_val_if_fail (id < TTT_N_TALLIES, NULL);

  return self->rates[id];
}

GtkButton *
ttt_statistics_window_get_reset (TttStatisticsWindow *self,
                                 TttTallyId           id)
{
  g_return_val_if_fail (TTT_IS_STATISTICS_WINDOW (self), NULL);
  g_return_val_if_fail (id < TTT_N_TALLIES, NULL);

  return self->resets[id];
}

/* The toast that offers the undo of the latest resets, while it shows
 * (or waits to), or NULL. */
AdwToast *
ttt_statistics_window_get_undo_toast (TttStatisticsWindow *self)
{
  g_return_val_if_fail (TTT_IS_STATISTICS_WINDOW (self), NULL);

  return self->undo_toast;
}
