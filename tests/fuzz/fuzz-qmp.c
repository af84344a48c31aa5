/* SPDX-License-Identifier: MIT */
/* libFuzzer target: the QMP client (sim/qmp, the one sablectl,
 * libsableqtest and the tests use) on whatever "QEMU" sends: the input is
 * the byte stream read from the monitor (greeting, answers, events, junk);
 * sablectl connects, reads the device state and renders its status, as
 * `sablectl status` does. */
#include <stdint.h>
#include <gio/gio.h>

#include "sable-qmp.h"
#include "status.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    g_autoptr(GInputStream) in = g_memory_input_stream_new_from_data(data, (gssize)size, NULL);
    g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable();
    g_autoptr(GIOStream) io = g_simple_io_stream_new(in, out);
    g_autoptr(GError) err = NULL;
    g_autoptr(SableQmp) q = sable_qmp_open(io, "fuzz", &err);
    if (!q) {
        return 0;
    }
    g_autoptr(JsonNode) state = sable_qom_get(q, "/machine/peripheral/gpu0", "state", &err);
    if (state) {
        g_autoptr(GError) serr = NULL;
        g_free(sctl_status_text(state, &serr));
    }
    return 0;
}
