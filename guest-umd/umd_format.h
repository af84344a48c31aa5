/* SPDX-License-Identifier: MIT */
/*
 * The printf subset of the UMD core, for builds without a C runtime: the
 * conversions %c %d %s %u %x and %%, with an optional 0 flag, a decimal
 * width and the l/ll lengths. Like vsnprintf: at most size - 1 characters
 * and a NUL are stored (nothing if size is 0); returns the length the whole
 * output has. Another conversion is copied as written.
 */
#ifndef SABLE_UMD_FORMAT_H
#define SABLE_UMD_FORMAT_H

#include <stdarg.h>
#include <stddef.h>

int umd_vformat(char *buf, size_t size, const char *fmt, va_list ap);

#endif
