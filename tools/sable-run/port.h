/* SPDX-License-Identifier: MIT */
/*
 * The portable layer under the script-facing code (script core, expect,
 * image, results writer), shared by the Linux runner and the Windows build
 * (mingw-w64): plain C11 and the C library only, no glib. Strings returned
 * are malloc'd (free them with free()); allocation failure aborts, as
 * glib's does, since a runner out of memory cannot report anything.
 */
#ifndef SABLE_RUN_PORT_H
#define SABLE_RUN_PORT_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>

#define SR_MAX(a, b) ((a) > (b) ? (a) : (b))
#define SR_MIN(a, b) ((a) < (b) ? (a) : (b))
#define SR_N_ELEMENTS(a) (sizeof(a) / sizeof((a)[0]))

#if defined(__GNUC__)
#define SR_PRINTF(f, a) __attribute__((format(gnu_printf, f, a)))
#else
#define SR_PRINTF(f, a)
#endif

void *sr_xmalloc(size_t n);
void *sr_xcalloc(size_t n, size_t size);
char *sr_strdup(const char *s);
SR_PRINTF(1, 2) char *sr_strdup_printf(const char *fmt, ...);
char *sr_strdup_vprintf(const char *fmt, va_list ap);
/* dir + separator + name. */
char *sr_path_join(const char *dir, const char *name);
/* The folder part of path ("." if none). */
char *sr_path_dirname(const char *path);
/* The last component of path. */
const char *sr_path_basename(const char *path);
bool sr_path_is_absolute(const char *path);
/* C escapes (\n, \t, \\, \", octal for other control bytes), read back by
 * g_strcompress. */
char *sr_strescape(const char *s);

#endif
