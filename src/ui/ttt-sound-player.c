/* ttt-sound-player.c — the game's sounds, from its signals
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A TttSoundPlayer listens to one TttGame and asks for a sound on each
 * event worth hearing: "move" for a mark placed by a person,
 * "computer-move" for the computer's, then "win", "loss" or "draw" when
 * the game ends. Each request is the "sound-requested" signal, whose
 * default handler plays it; tests watch the signal instead of listening.
 *
 * No media stream exists before the first sound: the first GtkMediaFile
 * starts GStreamer (its registry, plugins and threads: some 10 MB), which
 * a player who never makes a move, or who plays with the sound off, should
 * not pay for. Each sound then keeps its stream for the life of the
 * process, shared by every window, so that playing it again starts at
 * once, and because GTK 4.8's GStreamer backend leaves a thread behind for
 * every stream it frees.
 *
 * Sounds never pile up: one plays at a time, and a new one stops the one
 * before. That cuts little in practice: a mark's sound is over in a
 * quarter of a second, well before the computer answers, and the move that
 * ends a game is heard as its result alone.
 *
 * Without a sound device GStreamer plays into nothing, and says nothing
 * (see ttt_sound_player_prepare_environment() for the one sink that would).
 * If a stream fails all the same (no media backend, a broken sound server)
 * the sounds go quiet for the rest of the run rather than trying again on
 * every move, and tell only a debugging run (G_MESSAGES_DEBUG) why.
 *
 * One failure cannot be left to the stream: GTK's GStreamer backend ends
 * the process (a g_error() in GstPlay, GstPlayer an assertion) when
 * GStreamer has no playbin3 or playbin, as on a system without its base
 * plugins. So before the first stream GStreamer is asked whether it has
 * what the sounds need, and if not they are off for the run, said in one
 * line on stderr: the person can install the plugins.
 */

#include "config.h"

#include <dlfcn.h>

#include <gmodule.h>

#include "ttt-compat.h"
#include "ttt-sound-player-private.h"

/* The names are the files under sounds/ in the resource; build-aux/make-sounds
 * writes them. */
static const char * const sound_names[] = {
  "move",
  "computer-move",
  "win",
  "loss",
  "draw",
};

#define N_SOUNDS G_N_ELEMENTS (sound_names)

/* The process's streams, one per sound, each made when first needed and
 * never freed (see above). Once one has failed, the sounds are off for the
 * rest of the run. */
static struct
{
  GtkMediaStream  *streams[N_SOUNDS];
  gboolean         failed;
} bank;

struct _TttSoundPlayer
{
  GObject          parent_instance;

  TttGame         *game;
  gboolean         enabled;
};

G_DEFINE_FINAL_TYPE (TttSoundPlayer, ttt_sound_player, G_TYPE_OBJECT)

enum {
  PROP_0,
  PROP_GAME,
  PROP_ENABLED,
  N_PROPS
};

enum {
  SOUND_REQUESTED,
  N_SIGNALS
};

static GParamSpec *properties[N_PROPS];
static guint signals[N_SIGNALS];

static int
sound_index (const char *name)
{
  for (guint i = 0; i < N_SOUNDS; i++)
    if (g_strcmp0 (sound_names[i], name) == 0)
      return i;

  return -1;
}

/* Stops a stream and takes it back to its start, so that playing it next
 * time plays the whole sound. */
static void
rewind_stream (GtkMediaStream *stream)
{
  if (gtk_media_stream_get_ended (stream))
    return;

  gtk_media_stream_pause (stream);
  if (gtk_media_stream_is_seekable (stream) && gtk_media_stream_get_timestamp (stream) != 0)
    gtk_media_stream_seek (stream, 0);
}

static void
stop_all (void)
{
  for (guint i = 0; i < N_SOUNDS; i++)
    if (bank.streams[i] != NULL)
      rewind_stream (bank.streams[i]);
}

/* A missing sound device is not an error worth a warning: the game plays
 * on in silence, and stays silent. */
static gboolean
check_stream (GtkMediaStream *stream)
{
  const GError *error = gtk_media_stream_get_error (stream);

  if (error == NULL)
    return TRUE;

  if (!bank.failed)
    g_debug ("Sounds are off for this run: %s", error->message);
  bank.failed = TRUE;
  stop_all ();

  return FALSE;
}

static void
stream_error_cb (GtkMediaStream *stream,
                 GParamSpec     *pspec,
                 gpointer        user_data)
{
  check_stream (stream);
}

/* The GStreamer elements without which GTK's backend cannot play the
 * sounds: its players build on playbin3 (GstPlay, GTK 4.14 and later) or
 * playbin (GstPlayer), and abort without them; the sounds are Opus in Ogg,
 * read from the resource by giosrc. */
static const char * const needed_elements[] = {
  "playbin3",
  "playbin",
  "giosrc",
  "oggdemux",
  "opusdec",
};

/* Whether the media backend can play the sounds; if not, @missing is
 * the first element GStreamer lacks. GStreamer is asked through GModule,
 * as the game does not link it: GTK's media module does, and without
 * GStreamer there is no such module, and the backend in its place (or
 * none) fails as a stream error. */
static gboolean
media_backend_can_play (const char **missing)
{
  gboolean (*init_check) (int *argc, char ***argv, GError **error);
  gpointer (*factory_find) (const char *name);
  void (*object_unref) (gpointer object);
  g_autoptr(GError) error = NULL;
  GModule *gstreamer;
  void *loaded;
  gboolean can_play = TRUE;

  *missing = NULL;

  /* Only where GTK's backend is GStreamer's, which has loaded GStreamer
   * by then (GTK 4.24 links it; before, its media module does, loaded with
   * the first media file). Elsewhere GStreamer is not started here: GTK
   * could not use it, and it would only grow the process. */
  g_object_unref (gtk_media_file_new ());
  loaded = dlopen ("libgstreamer-1.0.so.0", RTLD_LAZY | RTLD_NOLOAD);
  if (loaded == NULL)
    return TRUE;
  dlclose (loaded);

  gstreamer = g_module_open ("libgstreamer-1.0.so.0", G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  if (gstreamer == NULL)
    return TRUE;

  if (!g_module_symbol (gstreamer, "gst_init_check", (gpointer *) &init_check) ||
      !g_module_symbol (gstreamer, "gst_element_factory_find", (gpointer *) &factory_find) ||
      !g_module_symbol (gstreamer, "gst_object_unref", (gpointer *) &object_unref))
    goto out;

  /* What GTK's backend would do first; twice is harmless. */
  if (!init_check (NULL, NULL, &error))
    {
      /* The backend fails as a stream error then. */
      g_debug ("GStreamer does not start: %s", error->message);
      goto out;
    }

  for (guint i = 0; i < G_N_ELEMENTS (needed_elements) && can_play; i++)
    {
      gpointer factory = factory_find (needed_elements[i]);

      if (factory != NULL)
        object_unref (factory);
      else
        {
          *missing = needed_elements[i];
          can_play = FALSE;
        }
    }

out:
  /* GStreamer stays loaded: GTK's media module links it. */
  g_module_close (gstreamer);
  return can_play;
}

/* Asked once, before the first stream. */
static gboolean
check_backend (void)
{
  static gboolean checked;
  const char *missing;

  if (checked)
    return !bank.failed;
  checked = TRUE;

  ttt_compat_prepare_media ();

  if (!media_backend_can_play (&missing))
    {
      /* In GStreamer's own words, untranslated: what to install is
       * looked up by them. */
      g_printerr ("tictactoe: sound is off: GStreamer has no %s element "
                  "(are its plugins installed?)\n", missing);
      bank.failed = TRUE;
    }

  return !bank.failed;
}

static void
ttt_sound_player_real_sound_requested (TttSoundPlayer *self,
                                       const char     *name)
{
  int index = sound_index (name);
  GtkMediaStream *stream;

  if (!self->enabled || bank.failed || index < 0)
    return;

  if (bank.streams[index] == NULL)
    {
      g_autofree char *path = NULL;

      if (!check_backend ())
        return;

      path = g_strdup_printf (RESOURCE_BASE "/sounds/%s.ogg", name);

      bank.streams[index] = gtk_media_file_new_for_resource (path);
      g_signal_connect (bank.streams[index], "notify::error", G_CALLBACK (stream_error_cb), NULL);
    }
  stream = bank.streams[index];

  if (!check_stream (stream))
    return;

  /* The newest event is the one to hear; the same sound again starts
   * over rather than playing twice over itself. */
  stop_all ();
  gtk_media_stream_play (stream);
}

static void
request (TttSoundPlayer *self,
         const char     *name)
{
  if (!self->enabled)
    return;

  g_signal_emit (self, signals[SOUND_REQUESTED], g_quark_from_static_string (name), name);
}

/* Game signals */

static void
cell_changed_cb (TttSoundPlayer *self,
                 int             cell,
                 TttMark         mark,
                 TttGame        *game)
{
  /* A cell cleared by a new game or an undo makes no sound. */
  if (mark == TTT_MARK_NONE)
    return;

  /* The board already holds the move: if it ended the game, "game-over"
   * follows at once and its sound stands for both. */
  if (ttt_game_get_outcome (game) != TTT_OUTCOME_ONGOING)
    return;

  /* The other side's move (the computer's, or someone's elsewhere) has a
   * sound of its own, so that a person hears that it is their turn. */
  if (!ttt_player_is_local (ttt_table_get_player (ttt_game_get_table (game), mark)))
    request (self, "computer-move");
  else
    request (self, "move");
}

static void
game_over_cb (TttSoundPlayer *self,
              TttOutcome      outcome,
              guint           winning_cells,
              TttGame        *game)
{
  TttMark winner;

  switch (outcome)
    {
    case TTT_OUTCOME_X_WINS:
      winner = TTT_MARK_X;
      break;
    case TTT_OUTCOME_O_WINS:
      winner = TTT_MARK_O;
      break;
    case TTT_OUTCOME_DRAW:
      request (self, "draw");
      return;
    case TTT_OUTCOME_ONGOING:
    default:
      return;
    }

  /* Between two people somebody at the screen has won. */
  if (ttt_player_is_local (ttt_table_get_player (ttt_game_get_table (game), winner)))
    request (self, "win");
  else
    request (self, "loss");
}

/* GObject */

static void
ttt_sound_player_constructed (GObject *object)
{
  TttSoundPlayer *self = TTT_SOUND_PLAYER (object);

  G_OBJECT_CLASS (ttt_sound_player_parent_class)->constructed (object);

  g_return_if_fail (TTT_IS_GAME (self->game));

  g_signal_connect_object (self->game, "cell-changed", G_CALLBACK (cell_changed_cb), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->game, "game-over", G_CALLBACK (game_over_cb), self, G_CONNECT_SWAPPED);
}

static void
ttt_sound_player_dispose (GObject *object)
{
  TttSoundPlayer *self = TTT_SOUND_PLAYER (object);

  if (self->game != NULL)
    g_signal_handlers_disconnect_by_data (self->game, self);
  g_clear_object (&self->game);

  G_OBJECT_CLASS (ttt_sound_player_parent_class)->dispose (object);
}

static void
ttt_sound_player_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  TttSoundPlayer *self = TTT_SOUND_PLAYER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      self->game = g_value_dup_object (value);
      break;

    case PROP_ENABLED:
      ttt_sound_player_set_enabled (self, g_value_get_boolean (value));
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_sound_player_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  TttSoundPlayer *self = TTT_SOUND_PLAYER (object);

  switch (prop_id)
    {
    case PROP_GAME:
      g_value_set_object (value, self->game);
      break;

    case PROP_ENABLED:
      g_value_set_boolean (value, self->enabled);
      break;

    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
ttt_sound_player_class_init (TttSoundPlayerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->constructed = ttt_sound_player_constructed;
  object_class->dispose = ttt_sound_player_dispose;
  object_class->get_property = ttt_sound_player_get_property;
  object_class->set_property = ttt_sound_player_set_property;

  properties[PROP_GAME] =
    g_param_spec_object ("game", NULL, NULL,
                         TTT_TYPE_GAME,
                         (G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS));

  /**
   * TttSoundPlayer:enabled:
   *
   * Whether events are heard. Turning it off stops the sound playing.
   */
  properties[PROP_ENABLED] =
    g_param_spec_boolean ("enabled", NULL, NULL,
                          TRUE,
                          (G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS));
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * TttSoundPlayer::sound-requested:
   * @self: a #TttSoundPlayer
   * @name: the sound: "move", "computer-move", "win", "loss" or "draw"
   *
   * Emitted once for each event that has a sound, while sounds are
   * enabled, with the sound's name as the detail too. The default
   * handler plays it.
   */
  signals[SOUND_REQUESTED] =
    g_signal_new_class_handler ("sound-requested",
                                G_TYPE_FROM_CLASS (klass),
                                G_SIGNAL_RUN_LAST | G_SIGNAL_DETAILED,
                                G_CALLBACK (ttt_sound_player_real_sound_requested),
                                NULL, NULL,
                                NULL,
                                G_TYPE_NONE, 1, G_TYPE_STRING | G_SIGNAL_TYPE_STATIC_SCOPE);
}

static void
ttt_sound_player_init (TttSoundPlayer *self)
{
  self->enabled = TRUE;
}

TttSoundPlayer *
ttt_sound_player_new (TttGame *game)
{
  g_return_val_if_fail (TTT_IS_GAME (game), NULL);

  return g_object_new (TTT_TYPE_SOUND_PLAYER, "game", game, NULL);
}

TttGame *
ttt_sound_player_get_game (TttSoundPlayer *self)
{
  g_return_val_if_fail (TTT_IS_SOUND_PLAYER (self), NULL);

  return self->game;
}

gboolean
ttt_sound_player_get_enabled (TttSoundPlayer *self)
{
  g_return_val_if_fail (TTT_IS_SOUND_PLAYER (self), FALSE);

  return self->enabled;
}

void
ttt_sound_player_set_enabled (TttSoundPlayer *self,
                              gboolean        enabled)
{
  g_return_if_fail (TTT_IS_SOUND_PLAYER (self));

  enabled = !!enabled;
  if (self->enabled == enabled)
    return;

  self->enabled = enabled;

  /* Off means silent at once. */
  if (!enabled)
    stop_all ();

  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ENABLED]);
}

/**
 * ttt_sound_player_prepare_environment:
 *
 * Keeps GStreamer's choice of audio output quiet where no sound device
 * exists. Call it from main(), before GTK starts a thread: it sets an
 * environment variable that GStreamer reads when the first sound starts it.
 *
 * With no device, GStreamer's automatic audio sink tries each installed
 * sink in turn until one opens, and falls back to silence. Every sink fails
 * quietly but OpenAL's (in GStreamer's "bad" plugins), which lets OpenAL
 * Soft and ALSA print their own errors on stderr. A desktop always has a
 * sink ranked above it (PulseAudio's, PipeWire's, ALSA's), so it is taken
 * out of the automatic choice; a rank the person set for it in
 * GST_PLUGIN_FEATURE_RANK still wins, as later entries there override
 * earlier ones.
 */
void
ttt_sound_player_prepare_environment (void)
{
  const char *ranks = g_getenv ("GST_PLUGIN_FEATURE_RANK");
  g_autofree char *value = NULL;

  if (ranks == NULL || *ranks == '\0')
    value = g_strdup ("openalsink:NONE");
  else
    value = g_strconcat ("openalsink:NONE,", ranks, NULL);

  g_setenv ("GST_PLUGIN_FEATURE_RANK", value, TRUE);
}

/* For tests: the process's streams, which all players share. */

guint
ttt_sound_player_get_n_streams (void)
{
  guint n = 0;

  for (guint i = 0; i < N_SOUNDS; i++)
    n += bank.streams[i] != NULL;

  return n;
}

guint
ttt_sound_player_get_n_playing (void)
{
  guint n = 0;

  for (guint i = 0; i < N_SOUNDS; i++)
    n += bank.streams[i] != NULL && gtk_media_stream_get_playing (bank.streams[i]);

  return n;
}

GtkMediaStream *
ttt_sound_player_get_stream (const char *name)
{
  int index = sound_index (name);

  return index >= 0 ? bank.streams[index] : NULL;
}

gboolean
ttt_sound_player_get_failed (void)
{
  return bank.failed;
}
