/* SPDX-License-Identifier: MIT */
#include "transport.h"

WsTransport *ws_transport_open(const char *name, GError **err)
{
    if (g_str_equal(name, "inproc")) {
        return ws_transport_inproc_open(true, err);
    }
    if (g_str_equal(name, "inproc-intx")) {
        return ws_transport_inproc_open(false, err);
    }
    if (g_str_equal(name, "qemu")) {
        return ws_transport_qemu_open(err);
    }
    g_set_error(err, G_OPTION_ERROR, G_OPTION_ERROR_BAD_VALUE,
                "unknown transport '%s' (inproc, inproc-intx, qemu)", name);
    return NULL;
}

void ws_transport_close(WsTransport *t)
{
    t->ops->close(t);
}
