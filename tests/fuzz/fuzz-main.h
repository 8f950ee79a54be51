/* fuzz-main.h — the corpus replayer the fuzz targets share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Included at the end of a target built with -DTTT_FUZZ_STANDALONE: a
 * main() that runs files through its LLVMFuzzerTestOneInput() with any
 * compiler, so the seed corpus replays as an ordinary test.
 */

#pragma once

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

/* The replayer: every file named, or every file in every directory named,
 * run once through the target above, as TAP. A failed invariant aborts with
 * the file's name the last line printed. */

static int n_run = 0;

static void
run_file (const char *path)
{
  FILE *file = fopen (path, "rb");
  uint8_t *data = NULL;
  size_t size = 0;
  size_t allocated = 0;

  if (file == NULL)
    {
      printf ("not ok %d - %s (cannot open)\n", ++n_run, path);
      exit (EXIT_FAILURE);
    }

  for (;;)
    {
      size_t n;

      if (size == allocated)
        {
          allocated = allocated * 2 + 4096;
          data = realloc (data, allocated);
          if (data == NULL)
            abort ();
        }
      n = fread (data + size, 1, allocated - size, file);
      if (n == 0)
        break;
      size += n;
    }
  fclose (file);

  printf ("# %s (%zu bytes)\n", path, size);
  fflush (stdout);
  LLVMFuzzerTestOneInput (data, size);
  printf ("ok %d - %s\n", ++n_run, path);
  free (data);
}

static int
is_visible (const struct dirent *entry)
{
  return entry->d_name[0] != '.';
}

int
main (int    argc,
      char **argv)
{
  if (argc < 2)
    {
      fprintf (stderr, "usage: %s CORPUS-DIR|FILE…\n", argv[0]);
      return EXIT_FAILURE;
    }

  for (int i = 1; i < argc; i++)
    {
      struct stat st;
      struct dirent **entries;
      int n;

      if (stat (argv[i], &st) != 0 || !S_ISDIR (st.st_mode))
        {
          run_file (argv[i]);
          continue;
        }

      /* Sorted, so that the output reads the same on every run. */
      n = scandir (argv[i], &entries, is_visible, alphasort);
      if (n < 0)
        {
          printf ("not ok %d - %s (cannot read)\n", ++n_run, argv[i]);
          return EXIT_FAILURE;
        }
      for (int j = 0; j < n; j++)
        {
          char path[4096];

          snprintf (path, sizeof path, "%s/%s", argv[i], entries[j]->d_name);
          run_file (path);
          free (entries[j]);
        }
      free (entries);
    }

  /* An empty corpus would pass without testing anything. */
  if (n_run == 0)
    printf ("not ok 1 - no input found\n");
  printf ("1..%d\n", n_run == 0 ? 1 : n_run);

  return n_run == 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

