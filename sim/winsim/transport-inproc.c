/* SPDX-License-Identifier: MIT */
/* The inproc transport: the real device core on the simulated bus. */
#include <string.h>

#include "transport.h"
#include "simbus.h"

#define INPROC_RAM_SIZE (64ull << 20)
#define INPROC_VRAM_SIZE (16ull << 20)
#define INPROC_RAM_BASE (1ull << 20) /* bus address 0 means "off" to the device */

typedef struct Inproc {
    WsTransport t;
    SimBus *bus;
    uint32_t seen[SABLE_MSIX_VECTORS(SABLE_MAX_ENGINES)];
} Inproc;

static Inproc *inproc(WsTransport *t)
{
    return (Inproc *)t;
}

static uint32_t ip_mmio_read(WsTransport *t, uint32_t off)
{
    return simbus_read(inproc(t)->bus, off);
}

static void ip_mmio_write(WsTransport *t, uint32_t off, uint32_t value)
{
    simbus_write(inproc(t)->bus, off, value);
}

static void *ip_ram_ptr(WsTransport *t, uint64_t bus, uint64_t len)
{
    SimBus *b = inproc(t)->bus;
    if (bus > b->ram_size || len > b->ram_size - bus) {
        return NULL;
    }
    return b->ram + bus;
}

static uint32_t ip_take_irqs(WsTransport *t)
{
    Inproc *ip = inproc(t);
    if (!t->msix) {
        return ip->bus->level ? 1u : 0u;
    }
    uint32_t fired = 0;
    for (unsigned v = 0; v < G_N_ELEMENTS(ip->seen); v++) {
        if (ip->bus->pulses[v] != ip->seen[v]) {
            ip->seen[v] = ip->bus->pulses[v];
            fired |= 1u << v;
        }
    }
    return fired;
}

#define INPROC_3D_SETTLE_MS 60000u

/* Device time does not run ahead of the 3D thread: work it has (llvmpipe
 * runs in real time) finishes before the clock moves, as a device's clock
 * and its host's do in QEMU. */
static void ip_advance(WsTransport *t, uint64_t ns)
{
    SimBus *bus = inproc(t)->bus;
    if (sable_3d_busy(bus->dev) && !simbus_settle_3d(bus, INPROC_3D_SETTLE_MS)) {
        g_test_message("inproc: the 3D thread did not finish in %u ms", INPROC_3D_SETTLE_MS);
    }
    simbus_advance(bus, ns);
}

static bool ip_inject(WsTransport *t, const char *spec, GError **err)
{
    SableInjection inj[SABLE_CORE_MAX_INJECTIONS];
    unsigned n = sable_inject_parse_list(spec, inj, err);
    return n && sable_inject_all(inproc(t)->bus->dev, inj, n, err);
}

#define BLANK_WIDTH 640u
#define BLANK_HEIGHT 480u

/* The core's scanout read (x8r8g8b8) as RGB. */
static bool ip_capture(WsTransport *t, uint8_t **rgb, uint32_t *width, uint32_t *height,
                       GError **err)
{
    SableDevice *dev = inproc(t)->bus->dev;
    SableScanoutInfo info;
    sable_scanout_info(dev, &info);
    uint32_t w = info.enabled ? info.width : BLANK_WIDTH;
    uint32_t h = info.enabled ? info.height : BLANK_HEIGHT;
    g_autofree uint32_t *px = g_new0(uint32_t, (gsize)w * h);
    if (info.enabled) {
        sable_scanout_read(dev, px, (uint64_t)w * 4);
    }
    *rgb = g_malloc((gsize)w * h * 3);
    for (gsize i = 0; i < (gsize)w * h; i++) {
        (*rgb)[i * 3] = (uint8_t)(px[i] >> 16);
        (*rgb)[i * 3 + 1] = (uint8_t)(px[i] >> 8);
        (*rgb)[i * 3 + 2] = (uint8_t)px[i];
    }
    *width = w;
    *height = h;
    (void)err;
    return true;
}

static void ip_close(WsTransport *t)
{
    simbus_free(inproc(t)->bus);
    g_free(t);
}

static const WsTransportOps inproc_ops = {
    .mmio_read = ip_mmio_read,
    .mmio_write = ip_mmio_write,
    .ram_ptr = ip_ram_ptr,
    .take_irqs = ip_take_irqs,
    .advance = ip_advance,
    .inject = ip_inject,
    .capture = ip_capture,
    .close = ip_close,
};

/* BAR addresses are those of the qemu transport, so both look alike. */
WsTransport *ws_transport_inproc_open(bool msix, GError **err)
{
    /* the 3D engine on (virglrenderer: one device with it per process at a
     * time, which is how winsim opens devices) */
    SimBusConfig cfg = { .ram_size = INPROC_RAM_SIZE, .vram_size = INPROC_VRAM_SIZE,
                         .enable_3d = true };
    Inproc *ip = g_new0(Inproc, 1);
    ip->bus = simbus_new(&cfg);
    WsTransport *t = &ip->t;
    t->ops = &inproc_ops;
    t->name = msix ? "inproc" : "inproc-intx";
    t->msix = msix;
    t->bar[SABLE_BAR_MMIO] = (WsBar){ 0xe0000000ull, SABLE_MMIO_SIZE };
    t->bar[SABLE_BAR_MSIX] = (WsBar){ 0xe0010000ull, SABLE_MSIX_BAR_SIZE };
    t->bar[SABLE_BAR_VRAM] = (WsBar){ 0x800000000ull, INPROC_VRAM_SIZE };
    t->bar[SABLE_BAR_APERTURE] = (WsBar){ 0xe1000000ull, SABLE_APERTURE_SIZE };
    t->ram_base = INPROC_RAM_BASE;
    t->ram_size = INPROC_RAM_SIZE - INPROC_RAM_BASE;
    t->vram = ip->bus->vram;
    t->vram_size = ip->bus->vram_size;
    t->aperture = ip->bus->aperture;
    t->host[SABLE_BAR_VRAM] = t->vram;
    t->host[SABLE_BAR_APERTURE] = t->aperture;
    (void)err;
    return t;
}
