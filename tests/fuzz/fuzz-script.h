/* fuzz-script.h — reading a fuzz input as a script, for the fuzz targets
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Bytes past the end read as zeros, so every input is a complete script.
 */

#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

typedef struct
{
  const uint8_t *data;
  size_t         size;
  size_t         pos;
} Script;

static inline bool
script_done (const Script *script)
{
  return script->pos >= script->size;
}

static inline uint8_t
script_byte (Script *script)
{
  return script_done (script) ? 0 : script->data[script->pos++];
}

/* Little-endian, so that a corpus file reads the same on every machine. */
static inline uint64_t
script_uint (Script *script,
             int     n_bytes)
{
  uint64_t value = 0;

  for (int i = 0; i < n_bytes; i++)
    value |= (uint64_t) script_byte (script) << (8 * i);

  return value;
}

static inline int
script_int32 (Script *script)
{
  uint32_t bits = (uint32_t) script_uint (script, 4);
  int32_t value;

  /* Reinterpret rather than convert: converting a value above INT32_MAX is
   * implementation-defined, and negative cells are the point. */
  memcpy (&value, &bits, sizeof value);

  return value;
}
