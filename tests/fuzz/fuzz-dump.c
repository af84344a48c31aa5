/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the dump decoder (tools/dump) on any bytes, and the
 * text and JSON renderings of whatever it accepts. */
#include "sable-dump-decode.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    GError *err = NULL;
    SableDump *dump = sable_dump_decode(data, size, &err);
    if (!dump) {
        g_error_free(err);
        return 0;
    }
    g_free(sable_dump_to_text(dump));
    g_free(sable_dump_to_json_string(dump, true));
    sable_dump_free(dump);
    return 0;
}
