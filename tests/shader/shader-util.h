/* SPDX-License-Identifier: MIT */
/* The 'shader' suite's helpers (shader-util.c): assemble (tools/dxbc),
 * decode and translate (guest-umd) without any device. */
#ifndef SABLE_SHADER_UTIL_H
#define SABLE_SHADER_UTIL_H

#include <glib.h>

#include "sm4_asm.h"
#include "sm4_tgsi.h"

/* Assembles text (g_error on failure): the tokens, g_free them. */
uint32_t *su_assemble(const char *text, uint32_t *n);
/* Decodes and translates tokens copied to an exact-size heap buffer (so
 * that ASan sees any read past them), signatures from the declarations. */
Sm4Error su_translate(const uint32_t *tokens, uint32_t n, char **tgsi, Sm4ShaderInfo *info,
                      char *why, size_t whylen);
/* Translation of the assembled text: the instruction and IMM lines of
 * the result, the "N: " labels and END dropped, joined with '\n'. */
char *su_body(const char *text);

void shader_hostile_tests_add(void);
void shader_tess_tests_add(void);
void shader_pcsg_tests_add(void);
void shader_count_tests_add(void);

#endif /* SABLE_SHADER_UTIL_H */
