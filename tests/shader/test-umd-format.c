/* SPDX-License-Identifier: MIT */
/* umd_format (the UMD DLL's vsnprintf, guest-umd/umd_format.c) prints what
 * the C library's vsnprintf prints for every conversion the UMD uses, with
 * widths, lengths, extreme values and every output size from 0 up. */
#include <glib.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "umd_format.h"

static int ours(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = umd_vformat(buf, size, fmt, ap);
    va_end(ap);
    return n;
}

#define SAME(fmt, ...)                                                          \
    do {                                                                        \
        char want[128], got[128];                                               \
        int wn = snprintf(want, sizeof(want), fmt, __VA_ARGS__);                \
        for (size_t size = 0; size <= (size_t)wn + 1; size++) {                 \
            memset(got, 0x7e, sizeof(got));                                     \
            g_assert_cmpint(ours(got, size, fmt, __VA_ARGS__), ==, wn);         \
            if (size) {                                                         \
                g_assert_cmpmem(got, strlen(got), want, MIN(size - 1, (size_t)wn)); \
            } else {                                                            \
                g_assert_cmpint(got[0], ==, 0x7e);                              \
            }                                                                   \
        }                                                                       \
    } while (0)

static void test_conversions(void)
{
    SAME("DCL TEMP[%u..%u]\n", 0u, 17u);
    SAME("%s, %s", "IMM[0]", "");
    SAME("%c%c%c%c", 'x', 'y', 'z', 'w');
    SAME("%d %d %d", 0, -1, INT_MIN);
    SAME("%d", INT_MAX);
    SAME("%u %u", 0u, UINT_MAX);
    SAME("%3u|%3u|%3u", 7u, 1234u, 0u);
    SAME("%llu %llu", 0ull, ULLONG_MAX);
    SAME("%lld", LLONG_MIN);
    SAME("%x %08x %lx", 0xdeadbeefu, 0xbeu, 0x1234ul);
    SAME("100%% %s", "done");
    SAME("%s", "a longer line of TGSI text: MOV OUT[0], IN[2][0].xyzw");
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/umd-format/conversions", test_conversions);
    return g_test_run();
}
