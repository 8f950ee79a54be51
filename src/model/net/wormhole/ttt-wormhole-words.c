/* ttt-wormhole-words.c — the words of a wormhole code
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The PGP word list, lower-case, in byte order. Its even words have two
 * syllables, its odd words three; magic-wormhole's clients begin a code
 * with an odd word ("7-guitarist-revenge") and then alternate, so the
 * list a word comes from depends on its place after the nameplate.
 */

#include "config.h"

#include <sodium.h>
#include <string.h>

#include "ttt-wormhole-words.h"

static const char *const even_words[256] = {
  "aardvark", "absurd", "accrue", "acme", "adrift", "adult", "afflict",
  "ahead", "aimless", "algol", "allow", "alone", "ammo", "ancient", "apple",
  "artist", "assume", "athens", "atlas", "aztec", "baboon", "backfield",
  "backward", "banjo", "beaming", "bedlamp", "beehive", "beeswax", "befriend",
  "belfast", "berserk", "billiard", "bison", "blackjack", "blockade",
  "blowtorch", "bluebird", "bombast", "bookshelf", "brackish", "breadline",
  "breakup", "brickyard", "briefcase", "burbank", "button", "buzzard",
  "cement", "chairlift", "chatter", "checkup", "chisel", "choking", "chopper",
  "christmas", "clamshell", "classic", "classroom", "cleanup", "clockwork",
  "cobra", "commence", "concert", "cowbell", "crackdown", "cranky",
  "crowfoot", "crucial", "crumpled", "crusade", "cubic", "dashboard",
  "deadbolt", "deckhand", "dogsled", "dragnet", "drainage", "dreadful",
  "drifter", "dropper", "drumbeat", "drunken", "dupont", "dwelling", "eating",
  "edict", "egghead", "eightball", "endorse", "endow", "enlist", "erase",
  "escape", "exceed", "eyeglass", "eyetooth", "facial", "fallout", "flagpole",
  "flatfoot", "flytrap", "fracture", "framework", "freedom", "frighten",
  "gazelle", "geiger", "glitter", "glucose", "goggles", "goldfish", "gremlin",
  "guidance", "hamlet", "highchair", "hockey", "indoors", "indulge",
  "inverse", "involve", "island", "jawbone", "keyboard", "kickoff", "kiwi",
  "klaxon", "locale", "lockup", "merit", "minnow", "miser", "mohawk", "mural",
  "music", "necklace", "neptune", "newborn", "nightbird", "oakland", "obtuse",
  "offload", "optic", "orca", "payday", "peachy", "pheasant", "physique",
  "playhouse", "pluto", "preclude", "prefer", "preshrunk", "printer",
  "prowler", "pupil", "puppy", "python", "quadrant", "quiver", "quota",
  "ragtime", "ratchet", "rebirth", "reform", "regain", "reindeer", "rematch",
  "repay", "retouch", "revenge", "reward", "rhythm", "ribcage", "ringbolt",
  "robust", "rocker", "ruffled", "sailboat", "sawdust", "scallion", "scenic",
  "scorecard", "scotland", "seabird", "select", "sentence", "shadow",
  "shamrock", "showgirl", "skullcap", "skydive", "slingshot", "slowdown",
  "snapline", "snapshot", "snowcap", "snowslide", "solo", "southward",
  "soybean", "spaniel", "spearhead", "spellbind", "spheroid", "spigot",
  "spindle", "spyglass", "stagehand", "stagnate", "stairway", "standard",
  "stapler", "steamship", "sterling", "stockman", "stopwatch", "stormy",
  "sugar", "surmount", "suspense", "sweatband", "swelter", "tactics", "talon",
  "tapeworm", "tempest", "tiger", "tissue", "tonic", "topmost", "tracker",
  "transit", "trauma", "treadmill", "trojan", "trouble", "tumor", "tunnel",
  "tycoon", "uncut", "unearth", "unwind", "uproot", "upset", "upshot",
  "vapor", "village", "virus", "vulcan", "waffle", "wallet", "watchword",
  "wayside", "willow", "woodlark", "zulu",
};

static const char *const odd_words[256] = {
  "adroitness", "adviser", "aftermath", "aggregate", "alkali", "almighty",
  "amulet", "amusement", "antenna", "applicant", "apollo", "armistice",
  "article", "asteroid", "atlantic", "atmosphere", "autopsy", "babylon",
  "backwater", "barbecue", "belowground", "bifocals", "bodyguard",
  "bookseller", "borderline", "bottomless", "bradbury", "bravado",
  "brazilian", "breakaway", "burlington", "businessman", "butterfat",
  "camelot", "candidate", "cannonball", "capricorn", "caravan", "caretaker",
  "celebrate", "cellulose", "certify", "chambermaid", "cherokee", "chicago",
  "clergyman", "coherence", "combustion", "commando", "company", "component",
  "concurrent", "confidence", "conformist", "congregate", "consensus",
  "consulting", "corporate", "corrosion", "councilman", "crossover",
  "crucifix", "cumbersome", "customer", "dakota", "decadence", "december",
  "decimal", "designing", "detector", "detergent", "determine", "dictator",
  "dinosaur", "direction", "disable", "disbelief", "disruptive", "distortion",
  "document", "embezzle", "enchanting", "enrollment", "enterprise",
  "equation", "equipment", "escapade", "eskimo", "everyday", "examine",
  "existence", "exodus", "fascinate", "filament", "finicky", "forever",
  "fortitude", "frequency", "gadgetry", "galveston", "getaway", "glossary",
  "gossamer", "graduate", "gravity", "guitarist", "hamburger", "hamilton",
  "handiwork", "hazardous", "headwaters", "hemisphere", "hesitate",
  "hideaway", "holiness", "hurricane", "hydraulic", "impartial", "impetus",
  "inception", "indigo", "inertia", "infancy", "inferno", "informant",
  "insincere", "insurgent", "integrate", "intention", "inventive", "istanbul",
  "jamaica", "jupiter", "leprosy", "letterhead", "liberty", "maritime",
  "matchmaker", "maverick", "medusa", "megaton", "microscope", "microwave",
  "midsummer", "millionaire", "miracle", "misnomer", "molasses", "molecule",
  "montana", "monument", "mosquito", "narrative", "nebula", "newsletter",
  "norwegian", "october", "ohio", "onlooker", "opulent", "orlando",
  "outfielder", "pacific", "pandemic", "pandora", "paperweight", "paragon",
  "paragraph", "paramount", "passenger", "pedigree", "pegasus", "penetrate",
  "perceptive", "performance", "pharmacy", "phonetic", "photograph",
  "pioneer", "pocketful", "politeness", "positive", "potato", "processor",
  "provincial", "proximate", "puberty", "publisher", "pyramid", "quantity",
  "racketeer", "rebellion", "recipe", "recover", "repellent", "replica",
  "reproduce", "resistor", "responsive", "retraction", "retrieval",
  "retrospect", "revenue", "revival", "revolver", "sandalwood", "sardonic",
  "saturday", "savagery", "scavenger", "sensation", "sociable", "souvenir",
  "specialist", "speculate", "stethoscope", "stupendous", "supportive",
  "surrender", "suspicious", "sympathy", "tambourine", "telephone",
  "therapist", "tobacco", "tolerance", "tomorrow", "torpedo", "tradition",
  "travesty", "trombonist", "truncated", "typewriter", "ultimate",
  "undaunted", "underfoot", "unicorn", "unify", "universe", "unravel",
  "upcoming", "vacancy", "vagabond", "vertigo", "virginia", "visitor",
  "vocalist", "voyager", "warranty", "waterloo", "whimsical", "wichita",
  "wilmington", "wyoming", "yesteryear", "yucatan",
};

/* The list of the word at @index (0 for the first after the nameplate). */
static const char *const *
words_at (guint index)
{
  return index % 2 == 0 ? odd_words : even_words;
}

char *
ttt_wormhole_words_choose (guint n_words)
{
  GString *code;
  guint i;

  g_return_val_if_fail (n_words > 0, NULL);

  code = g_string_new (NULL);
  for (i = 0; i < n_words; i++)
    {
      if (i > 0)
        g_string_append_c (code, '-');
      g_string_append (code, words_at (i)[randombytes_uniform (256)]);
    }

  return g_string_free (code, FALSE);
}

char **
ttt_wormhole_words_complete (const char *typed,
                             guint       max_results)
{
  GPtrArray *completions;
  const char *last;
  const char *const *words;
  gsize kept_len;
  gsize last_len;
  guint index = 0;
  const char *p;
  guint i;

  g_return_val_if_fail (typed != NULL, NULL);

  /* The words already typed are kept as they are, and decide which list
   * the last, partial one comes from. */
  last = typed;
  for (p = typed; *p != '\0'; p++)
    {
      if (*p == '-')
        {
          index++;
          last = p + 1;
        }
    }
  kept_len = (gsize) (last - typed);
  last_len = strlen (last);
  words = words_at (index);

  completions = g_ptr_array_new ();
  for (i = 0; i < 256 && completions->len < max_results; i++)
    {
      if (strncmp (words[i], last, last_len) == 0)
        {
          GString *completion = g_string_new_len (typed, (gssize) kept_len);

          g_string_append (completion, words[i]);
          g_ptr_array_add (completions, g_string_free (completion, FALSE));
        }
    }
  g_ptr_array_add (completions, NULL);

  return (char **) g_ptr_array_free (completions, FALSE);
}

gboolean
ttt_wormhole_code_is_valid (const char *code)
{
  const char *p = code;

  g_return_val_if_fail (code != NULL, FALSE);

  if (!g_utf8_validate (code, -1, NULL))
    return FALSE;

  /* The nameplate: ASCII digits, as the mailbox server allocates them. */
  if (!g_ascii_isdigit (*p))
    return FALSE;
  while (g_ascii_isdigit (*p))
    p++;
  if (*p == '\0')
    return FALSE;

  /* Then words, each after a '-', none empty, none with a space or an
   * invisible character in it. */
  while (*p != '\0')
    {
      const char *word;

      if (*p != '-')
        return FALSE;
      word = ++p;
      while (*p != '\0' && *p != '-')
        {
          if (!g_unichar_isgraph (g_utf8_get_char (p)))
            return FALSE;
          p = g_utf8_next_char (p);
        }
      if (p == word)
        return FALSE;
    }

  return TRUE;
}
