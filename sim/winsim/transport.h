/* SPDX-License-Identifier: MIT */
/*
 * The "hardware" under winsim, chosen at run time by name:
 *   inproc       hw-model/core on the simulated bus (sim/simbus), MSI-X
 *   inproc-intx  the same, with the INTx line instead of MSI-X
 *   qemu         the real QEMU device through libsableqtest (MSI-X into RAM)
 * A transport gives BAR0 MMIO, the BARs' bus addresses and sizes, host
 * pointers for guest RAM (winsim's allocator uses [ram_base, ram_base +
 * ram_size)), the VRAM (BAR2) and aperture (BAR4) mappings, the interrupts that fired, a way to
 * let the device make progress (advance), the frame on its display
 * (capture), and fault injection by spec
 * string ("drop-irq,engine=0", see sable_inject_parse). A VFIO transport
 * (in a Linux guest) fits the same table.
 */
#ifndef WS_TRANSPORT_H
#define WS_TRANSPORT_H

#include <stdbool.h>
#include <stdint.h>
#include <glib.h>

#define WS_MAX_BARS 6u

typedef struct WsBar {
    uint64_t addr;  /* bus address, 0: BAR absent */
    uint64_t size;
} WsBar;

typedef struct WsTransport WsTransport;

typedef struct WsTransportOps {
    uint32_t (*mmio_read)(WsTransport *t, uint32_t off);
    void (*mmio_write)(WsTransport *t, uint32_t off, uint32_t value);
    /* Host pointer of guest bus range [bus, bus + len); NULL if outside RAM. */
    void *(*ram_ptr)(WsTransport *t, uint64_t bus, uint64_t len);
    /* MSI-X: bit v set for each vector that fired since the last call.
     * INTx: bit 0 set while the line is asserted. */
    uint32_t (*take_irqs)(WsTransport *t);
    /* Let the device run for ns of device time (at least drain its work). */
    void (*advance)(WsTransport *t, uint64_t ns);
    bool (*inject)(WsTransport *t, const char *spec, GError **err);
    /* The frame the device shows on its display as packed RGB rows
     * (*rgb g_malloc'd): QEMU's console through a QMP screendump, the
     * core's scanout read in process; a black 640x480 frame while scanout
     * is disabled, as QEMU's console shows (docs/protocol.md). */
    bool (*capture)(WsTransport *t, uint8_t **rgb, uint32_t *width, uint32_t *height,
                    GError **err);
    void (*close)(WsTransport *t);
} WsTransportOps;

struct WsTransport {
    const WsTransportOps *ops;
    const char *name;
    WsBar bar[WS_MAX_BARS];
    void *host[WS_MAX_BARS]; /* host view of a memory BAR (VRAM, aperture);
                              * NULL for the register BAR and absent ones */
    bool msix;              /* false: INTx */
    uint64_t ram_base;      /* guest RAM free for winsim's allocator */
    uint64_t ram_size;
    void *vram;             /* BAR2 contents */
    uint64_t vram_size;
    void *aperture;         /* BAR4 contents (bar[4].size bytes): the CPU
                             * mapping of swizzle-range windows; NULL: none */
};

/* NULL with err set when the name is unknown or the device cannot start. */
WsTransport *ws_transport_open(const char *name, GError **err);
void ws_transport_close(WsTransport *t);

WsTransport *ws_transport_inproc_open(bool msix, GError **err);
WsTransport *ws_transport_qemu_open(GError **err);
/* qemu: the QMP socket where QEMU listens for tools (sablectl); else NULL. */
const char *ws_transport_qemu_control_socket(WsTransport *t);

#endif
