/* SPDX-License-Identifier: MIT */
/* Format table: bytes per pixel and names. */
#include <glib.h>

#include "sable-render.h"

static void test_bpp_and_names(void)
{
    static const struct {
        uint32_t format;
        unsigned bpp;
        const char *name;
    } expect[] = {
        { SABLE_FORMAT_B8G8R8A8_UNORM, 4, "B8G8R8A8_UNORM" },
        { SABLE_FORMAT_B8G8R8X8_UNORM, 4, "B8G8R8X8_UNORM" },
        { SABLE_FORMAT_R8G8B8A8_UNORM, 4, "R8G8B8A8_UNORM" },
        { SABLE_FORMAT_R8G8B8X8_UNORM, 4, "R8G8B8X8_UNORM" },
        { SABLE_FORMAT_B5G6R5_UNORM, 2, "B5G6R5_UNORM" },
        { SABLE_FORMAT_B5G5R5A1_UNORM, 2, "B5G5R5A1_UNORM" },
        { SABLE_FORMAT_A8_UNORM, 1, "A8_UNORM" },
        { SABLE_FORMAT_R10G10B10A2_UNORM, 4, "R10G10B10A2_UNORM" },
    };

    g_assert_cmpuint(G_N_ELEMENTS(expect), ==, SABLE_FORMAT_COUNT - 1);
    for (unsigned i = 0; i < G_N_ELEMENTS(expect); i++) {
        g_assert_cmpuint(sable_format_bpp(expect[i].format), ==, expect[i].bpp);
        g_assert_cmpstr(sable_format_name(expect[i].format), ==, expect[i].name);
    }
}

static void test_invalid_formats(void)
{
    static const uint32_t bad[] = { SABLE_FORMAT_INVALID, SABLE_FORMAT_COUNT, 255,
                                    0xffffffffu };

    for (unsigned i = 0; i < G_N_ELEMENTS(bad); i++) {
        g_assert_cmpuint(sable_format_bpp(bad[i]), ==, 0);
        g_assert_cmpstr(sable_format_name(bad[i]), ==, "INVALID");
    }
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/render/format/bpp-and-names", test_bpp_and_names);
    g_test_add_func("/render/format/invalid", test_invalid_formats);
    return g_test_run();
}
