/* bench-helpers.h — what the engine's benchmarks share
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Plain C on libc: a failure that does not stop the run, the clocks,
 * medians, a confidence interval, and tables printed as aligned Markdown for README.md. Every
 * function is static inline, so a benchmark pays only for what it uses.
 */

#pragma once

#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* Per position: the fastest of SAMPLES timings of CALLS_PER_SAMPLE calls, so
 * that a single call is far above the clock's resolution and an interrupt
 * in one sample does not count as the position's cost. */
#define CALLS_PER_SAMPLE 1000
#define SAMPLES          5

static volatile int sink;
static bool failed;

static inline void
fail (const char *format,
      ...) __attribute__ ((format (printf, 1, 2)));

static inline void
fail (const char *format,
      ...)
{
  va_list args;

  va_start (args, format);
  fputs ("FAILED: ", stdout);
  vprintf (format, args);
  fputc ('\n', stdout);
  va_end (args);
  failed = true;
}

static inline uint64_t
now_ns (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_MONOTONIC, &ts);

  return (uint64_t) ts.tv_sec * UINT64_C (1000000000) + (uint64_t) ts.tv_nsec;
}

/* The CPU time of the whole process, every thread's, in seconds. */
static inline double
cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);

  return (double) ts.tv_sec + (double) ts.tv_nsec * 1e-9;
}

static inline int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a;
  double y = *(const double *) b;

  return (x > y) - (x < y);
}

typedef struct
{
  double median;
  double worst;
  double mean;
} Stats;

/* Sorts @values. */
static inline Stats
stats_of (double *values,
          int     n)
{
  Stats stats = { 0, 0, 0 };

  qsort (values, (size_t) n, sizeof values[0], compare_doubles);
  stats.median = n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
  stats.worst = values[n - 1];
  for (int i = 0; i < n; i++)
    stats.mean += values[i] / n;

  return stats;
}

/* Tables, printed as aligned Markdown so they can go into README.md as is. */

#define TABLE_ROWS 16
#define TABLE_COLS 7
#define CELL_LEN   48

typedef struct
{
  int  n_cols;
  int  n_rows;
  int  col;
  bool right[TABLE_COLS];
  char cells[TABLE_ROWS][TABLE_COLS][CELL_LEN];
} Table;

/* @layout has one letter per column: 'l' or 'r' for its alignment. */
static inline void
table_begin (Table      *table,
             const char *layout)
{
  memset (table, 0, sizeof *table);
  table->n_cols = (int) strlen (layout);
  for (int i = 0; i < table->n_cols; i++)
    table->right[i] = layout[i] == 'r';
}

static inline void
table_add (Table      *table,
           const char *format,
           ...) __attribute__ ((format (printf, 2, 3)));

static inline void
table_add (Table      *table,
           const char *format,
           ...)
{
  va_list args;

  if (table->col == 0)
    table->n_rows++;
  if (table->n_rows > TABLE_ROWS)
    abort ();

  va_start (args, format);
  vsnprintf (table->cells[table->n_rows - 1][table->col], CELL_LEN, format, args);
  va_end (args);

  table->col = (table->col + 1) % table->n_cols;
}

/* Width on screen: UTF-8 continuation bytes take no column. */
static inline int
text_width (const char *text)
{
  int width = 0;

  for (; *text != '\0'; text++)
    if (((unsigned char) *text & 0xc0) != 0x80)
      width++;

  return width;
}

static inline void
print_padded (const char *text,
              int         width,
              bool        right)
{
  int pad = width - text_width (text);

  if (right)
    printf ("%*s%s", pad, "", text);
  else
    printf ("%s%*s", text, pad, "");
}

static inline void
table_print (const Table *table)
{
  int widths[TABLE_COLS] = { 0 };

  for (int r = 0; r < table->n_rows; r++)
    for (int c = 0; c < table->n_cols; c++)
      {
        int width = text_width (table->cells[r][c]);

        if (width > widths[c])
          widths[c] = width;
      }

  for (int r = 0; r < table->n_rows; r++)
    {
      printf ("|");
      for (int c = 0; c < table->n_cols; c++)
        {
          printf (" ");
          print_padded (table->cells[r][c], widths[c], table->right[c] && r > 0);
          printf (" |");
        }
      printf ("\n");

      if (r == 0)
        {
          printf ("|");
          for (int c = 0; c < table->n_cols; c++)
            {
              printf (" ");
              for (int i = 0; i < widths[c] - 1; i++)
                printf ("-");
              printf ("%s |", table->right[c] ? ":" : "-");
            }
          printf ("\n");
        }
    }
  printf ("\n");
}

/* 1234567 as "1,234,567". */
static inline const char *
with_commas (uint64_t value,
             char     out[32])
{
  char digits[32];
  int n = snprintf (digits, sizeof digits, "%llu", (unsigned long long) value);
  int k = 0;

  for (int i = 0; i < n; i++)
    {
      if (i > 0 && (n - i) % 3 == 0)
        out[k++] = ',';
      out[k++] = digits[i];
    }
  out[k] = '\0';

  return out;
}


/* Wilson's 95 % interval of a share @p of @n. */
static inline void
wilson (double  p,
        double  n,
        double *low,
        double *high)
{
  const double z = 1.959964;
  double centre = (p + z * z / (2 * n)) / (1 + z * z / n);
  double half = z * sqrt (p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n);

  *low = centre - half;
  *high = centre + half;
}
