/* SPDX-License-Identifier: MIT */
/* The qemu transport: the real QEMU device over libsableqtest. winsim plays
 * the PCI bus driver: it places the BARs, enables memory decoding and bus
 * mastering, and routes each MSI-X vector to a memory write into a page of
 * guest RAM it reserves (the first page of the RAM it hands out). */
#include <inttypes.h>
#include <string.h>

#include "transport.h"
#include "sable-qtest.h"

#define QEMU_RAM_BASE (16ull << 20) /* below: firmware shadows */

typedef struct Qemu {
    WsTransport t;
    SqtMachine *m;
    SqtPci pci;
    SqtMsix msix;
    uint64_t msi_bus;
    uint32_t *msi;  /* vector v writes SQT_MSI_DATA(v) at msi[v] */
} Qemu;

static Qemu *qemu(WsTransport *t)
{
    return (Qemu *)t;
}

static uint32_t q_mmio_read(WsTransport *t, uint32_t off)
{
    return sqt_readl(qemu(t)->m, t->bar[SABLE_BAR_MMIO].addr + off);
}

static void q_mmio_write(WsTransport *t, uint32_t off, uint32_t value)
{
    sqt_writel(qemu(t)->m, t->bar[SABLE_BAR_MMIO].addr + off, value);
}

static void *q_ram_ptr(WsTransport *t, uint64_t bus, uint64_t len)
{
    uint64_t size = sqt_ram_size(qemu(t)->m);
    if (bus > size || len > size - bus) {
        return NULL;
    }
    return sqt_guest_ptr(qemu(t)->m, bus, len);
}

/* The device finishes its callbacks before answering a qtest command, so
 * after one round trip every message already sent is in RAM. */
static uint32_t q_take_irqs(WsTransport *t)
{
    Qemu *q = qemu(t);
    uint32_t fired = 0;
    sqt_sync(q->m);
    for (unsigned v = 0; v < q->msix.vectors && v < 32; v++) {
        if (sqt_load32(&q->msi[v]) == SQT_MSI_DATA(v)) {
            sqt_store32(&q->msi[v], 0);
            fired |= 1u << v;
        }
    }
    return fired;
}

/* While the graphics engine is busy and neither hung, waiting nor faulted
 * (it may wait for the 3D thread, which runs in real time), the virtual
 * clock does not run ahead of real time. */
static void pace(WsTransport *t, uint64_t ns)
{
    uint32_t st = q_mmio_read(t, SABLE_REG_ENGINE(SABLE_ENGINE_GRAPHICS) + SABLE_ENG_STATUS);
    uint32_t stopped = SABLE_ENGINE_STATUS_HUNG | SABLE_ENGINE_STATUS_WAITING |
                       SABLE_ENGINE_STATUS_FAULTED;
    if ((st & SABLE_ENGINE_STATUS_BUSY) && !(st & stopped)) {
        g_usleep((gulong)(ns / 1000u));
    }
}

static void q_advance(WsTransport *t, uint64_t ns)
{
    pace(t, ns);
    sqt_clock_step(qemu(t)->m, (int64_t)ns);
}

static bool q_inject(WsTransport *t, const char *spec, GError **err)
{
    return sqt_qom_set_str(qemu(t)->m, SQT_DEVICE_PATH, "inject", spec, err);
}

static bool q_capture(WsTransport *t, uint8_t **rgb, uint32_t *width, uint32_t *height,
                      GError **err)
{
    SqtFrame f;
    if (!sqt_screendump(qemu(t)->m, &f, err)) {
        return false;
    }
    *rgb = f.rgb;
    *width = f.width;
    *height = f.height;
    return true;
}

static void q_close(WsTransport *t)
{
    sqt_machine_stop(qemu(t)->m);
    g_free(t);
}

static const WsTransportOps qemu_ops = {
    .mmio_read = q_mmio_read,
    .mmio_write = q_mmio_write,
    .ram_ptr = q_ram_ptr,
    .take_irqs = q_take_irqs,
    .advance = q_advance,
    .inject = q_inject,
    .capture = q_capture,
    .close = q_close,
};

static bool place_bars(Qemu *q, GError **err)
{
    static const struct { unsigned bar; uint64_t addr; } bars[] = {
        { SABLE_BAR_MMIO, SQT_BAR0_ADDR }, { SABLE_BAR_MSIX, SQT_BAR1_ADDR },
        { SABLE_BAR_VRAM, SQT_BAR2_ADDR }, { SABLE_BAR_APERTURE, SQT_BAR4_ADDR },
    };
    for (size_t i = 0; i < G_N_ELEMENTS(bars); i++) {
        uint64_t size = sqt_pci_bar_size(&q->pci, bars[i].bar);
        if (size == 0 || (bars[i].addr & (size - 1))) {
            g_set_error(err, SQT_ERROR, 0, "BAR%u: size 0x%" PRIx64 " unusable",
                        bars[i].bar, size);
            return false;
        }
        sqt_pci_bar_set(&q->pci, bars[i].bar, bars[i].addr);
        q->t.bar[bars[i].bar] = (WsBar){ bars[i].addr, size };
    }
    sqt_pci_enable(&q->pci);
    return true;
}

static bool route_msix(Qemu *q, GError **err)
{
    if (!sqt_msix_enable(&q->pci, &q->msix, err)) {
        return false;
    }
    q->msi_bus = QEMU_RAM_BASE;
    q->msi = sqt_guest_ptr(q->m, q->msi_bus, SABLE_PAGE_SIZE);
    memset(q->msi, 0, SABLE_PAGE_SIZE);
    for (unsigned v = 0; v < q->msix.vectors && v < 32; v++) {
        sqt_msix_route(&q->pci, &q->msix, v, q->msi_bus + 4u * v, SQT_MSI_DATA(v));
    }
    return true;
}

WsTransport *ws_transport_qemu_open(GError **err)
{
    SqtOptions opt = { .ram_size = 128ull << 20, .vram_size = 16ull << 20, .enable_3d = true };
    SqtMachine *m = sqt_machine_start(&opt, err);
    if (!m) {
        return NULL;
    }
    Qemu *q = g_new0(Qemu, 1);
    q->m = m;
    q->t.ops = &qemu_ops;
    q->t.name = "qemu";
    q->t.msix = true;
    if (!sqt_pci_find(m, SABLE_PCI_VENDOR_ID, SABLE_PCI_DEVICE_ID, &q->pci)) {
        g_set_error(err, SQT_ERROR, 0, "no sable-gpu on PCI bus 0");
        q_close(&q->t);
        return NULL;
    }
    if (!place_bars(q, err) || !route_msix(q, err)) {
        q_close(&q->t);
        return NULL;
    }
    q->t.ram_base = QEMU_RAM_BASE + SABLE_PAGE_SIZE;
    q->t.ram_size = sqt_ram_size(m) - q->t.ram_base;
    q->t.vram_size = sqt_vram_size(m);
    q->t.vram = sqt_vram_ptr(m, 0, q->t.vram_size);
    q->t.aperture = sqt_aperture_ptr(m, 0, SABLE_APERTURE_SIZE);
    q->t.host[SABLE_BAR_VRAM] = q->t.vram;
    q->t.host[SABLE_BAR_APERTURE] = q->t.aperture;
    return &q->t;
}

const char *ws_transport_qemu_control_socket(WsTransport *t)
{
    return g_strcmp0(t->name, "qemu") == 0 ? sqt_machine_control_socket(qemu(t)->m) : NULL;
}
