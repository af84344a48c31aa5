/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "display.h"
#include "interrupt.h"
#include "regs.h"

/* VESA DMT timings (pixel clock, totals) of the three 60 Hz modes. */
const KmdMode kmd_modes[KMD_MODE_COUNT] = {
    { 1024, 768, 65000, 1344, 806 },
    { 800, 600, 40000, 1056, 628 },
    { 640, 480, 25175, 800, 525 },
};

const KmdMode *kmd_mode_find(uint64_t width, uint64_t height)
{
    for (unsigned i = 0; i < KMD_MODE_COUNT; i++) {
        if (kmd_modes[i].width == width && kmd_modes[i].height == height) {
            return &kmd_modes[i];
        }
    }
    return NULL;
}

ULONG kmd_display_children(const KmdAdapter *a)
{
    return (a->features & SABLE_FEATURE_SCANOUT) ? 1 : 0;
}

/* ---- EDID 1.4 (VESA E-EDID), base block only ------------------------- */

/* The detailed timing descriptor of the preferred mode (1024x768, DMT:
 * front porch 24, sync 136; 3 lines, sync 6; negative syncs). */
static void put_dtd(uint8_t *d, const KmdMode *m)
{
    uint32_t hblank = m->htotal - m->width, vblank = m->vtotal - m->height;
    uint32_t clock = m->pixel_khz / 10; /* 10 kHz units */
    d[0] = (uint8_t)clock;
    d[1] = (uint8_t)(clock >> 8);
    d[2] = (uint8_t)m->width;
    d[3] = (uint8_t)hblank;
    d[4] = (uint8_t)(((m->width >> 8) << 4) | (hblank >> 8));
    d[5] = (uint8_t)m->height;
    d[6] = (uint8_t)vblank;
    d[7] = (uint8_t)(((m->height >> 8) << 4) | (vblank >> 8));
    d[8] = 24;   /* h front porch */
    d[9] = 136;  /* h sync width */
    d[10] = (3u << 4) | 6u; /* v front porch, v sync width */
    d[11] = 0;
    d[12] = 340 & 0xff; /* image size mm: 340 x 270 */
    d[13] = 270 & 0xff;
    d[14] = ((340 >> 8) << 4) | (270 >> 8);
    d[17] = 0x18; /* digital separate sync, both negative */
}

/* The monitor name descriptor: text, a line feed, spaces to 13 bytes. */
static void put_name(uint8_t *d)
{
    static const char name[] = "Sable";
    const size_t n = sizeof(name) - 1;
    d[3] = 0xfc;
    memcpy(d + 5, name, n);
    d[5 + n] = 0x0a;
    memset(d + 6 + n, 0x20, 13 - 1 - n);
}

static void build_edid(uint8_t e[KMD_EDID_SIZE])
{
    static const uint8_t header[8] = { 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x00 };
    static const uint8_t chroma[10] = { 0xee, 0x91, 0xa3, 0x54, 0x4c, 0x99, 0x26, 0x0f,
                                        0x50, 0x54 }; /* sRGB primaries */
    static const uint8_t limits[13] = { 56, 76, 30, 70, 8, 0x00, 0x0a,
                                        0x20, 0x20, 0x20, 0x20, 0x20, 0x20 };
    memset(e, 0, KMD_EDID_SIZE);
    memcpy(e, header, sizeof(header));
    e[8] = 0x4c; /* "SBL": ('S'-'@') << 10 | ('B'-'@') << 5 | ('L'-'@') */
    e[9] = 0x4c;
    e[10] = 0xb1; /* product 0x5ab1 */
    e[11] = 0x5a;
    e[16] = 1;    /* week 1 of */
    e[17] = 36;   /* 1990 + 36 */
    e[18] = 1;    /* EDID 1.4 */
    e[19] = 4;
    e[20] = 0x80; /* digital input */
    e[21] = 34;   /* 34 x 27 cm */
    e[22] = 27;
    e[23] = 120;  /* gamma 2.2 */
    e[24] = 0x06; /* sRGB default, preferred timing is native */
    memcpy(e + 25, chroma, sizeof(chroma));
    e[35] = 0x21; /* established: 640x480@60 (bit 5), 800x600@60 (bit 0) */
    e[36] = 0x08; /* 1024x768@60 (bit 3) */
    memset(e + 38, 0x01, 16); /* no standard timings */
    put_dtd(e + 54, &kmd_modes[0]);
    put_name(e + 72);
    e[90 + 3] = 0xfd; /* range limits: 56-76 Hz, 30-70 kHz, 80 MHz */
    memcpy(e + 90 + 5, limits, sizeof(limits));
    e[108 + 3] = 0x10; /* dummy descriptor */
    uint8_t sum = 0;
    for (unsigned i = 0; i < KMD_EDID_SIZE - 1; i++) {
        sum = (uint8_t)(sum + e[i]);
    }
    e[KMD_EDID_SIZE - 1] = (uint8_t)(0x100 - sum);
}

/* ---- children ----------------------------------------------------------- */

/* ChildRelationsSize: bytes of an array of NumberOfChildren + 1 zeroed
 * descriptors; the last stays zero. */
NTSTATUS kmd_query_child_relations(KmdAdapter *a, DXGK_CHILD_DESCRIPTOR *rel, ULONG size)
{
    ULONG children = kmd_display_children(a);
    if (!rel || size / sizeof(*rel) < (uint64_t)children + 1) {
        return STATUS_BUFFER_TOO_SMALL;
    }
    if (children) {
        memset(rel, 0, sizeof(*rel));
        rel->ChildDeviceType = TypeVideoOutput;
        rel->ChildCapabilities.Type.VideoOutput.InterfaceTechnology = D3DKMDT_VOT_HD15;
        rel->ChildCapabilities.Type.VideoOutput.MonitorOrientationAwareness = D3DKMDT_MOA_NONE;
        rel->ChildCapabilities.HpdAwareness = HpdAwarenessPolled;
        rel->AcpiUid = 0;
        rel->ChildUid = KMD_CHILD_UID;
    }
    return STATUS_SUCCESS;
}

NTSTATUS kmd_query_child_status(KmdAdapter *a, DXGK_CHILD_STATUS *st)
{
    if (!st || !kmd_display_children(a) || st->ChildUid != KMD_CHILD_UID) {
        return STATUS_INVALID_PARAMETER;
    }
    if (st->Type != StatusConnection) {
        return STATUS_NOT_SUPPORTED; /* no rotation, no Miracast */
    }
    st->HotPlug.Connected = a->started;
    return STATUS_SUCCESS;
}

/* The EDID from DescriptorOffset, at most DescriptorLength bytes ("must
 * never write more"); past the base block: no more data. */
NTSTATUS kmd_query_device_descriptor(KmdAdapter *a, ULONG uid, DXGK_DEVICE_DESCRIPTOR *d)
{
    if (!d || !kmd_display_children(a) || uid != KMD_CHILD_UID ||
        (d->DescriptorLength && !d->DescriptorBuffer)) {
        return STATUS_INVALID_PARAMETER;
    }
    if (d->DescriptorOffset >= KMD_EDID_SIZE) {
        return STATUS_MONITOR_NO_MORE_DESCRIPTOR_DATA;
    }
    uint8_t edid[KMD_EDID_SIZE];
    build_edid(edid);
    uint32_t n = KMD_EDID_SIZE - d->DescriptorOffset;
    memcpy(d->DescriptorBuffer, edid + d->DescriptorOffset,
           d->DescriptorLength < n ? d->DescriptorLength : n);
    return STATUS_SUCCESS;
}

/* ---- vsync --------------------------------------------------------------- */

static BOOLEAN WDDM_API sync_vsync_mask(PVOID context)
{
    KmdAdapter *a = context;
    if (a->display.vsync) {
        a->irq_mask |= SABLE_IRQ_VBLANK;
    } else {
        a->irq_mask &= ~SABLE_IRQ_VBLANK;
        kmd_reg_write(a->regs, SABLE_REG_IRQ_STATUS, SABLE_IRQ_VBLANK);
    }
    kmd_reg_write(a->regs, SABLE_REG_IRQ_MASK, a->irq_mask);
    return TRUE;
}

/* CRTC_VSYNC only; the mask changes synchronized with the ISR. */
NTSTATUS kmd_control_interrupt(KmdAdapter *a, DXGK_INTERRUPT_TYPE type, BOOLEAN enable)
{
    if (type != DXGK_INTERRUPT_CRTC_VSYNC || !kmd_display_children(a)) {
        return STATUS_NOT_IMPLEMENTED;
    }
    if (!a->started) {
        return STATUS_INVALID_DEVICE_STATE;
    }
    a->display.vsync = enable != 0;
    BOOLEAN done;
    return a->dxgk.DxgkCbSynchronizeExecution(a->dxgk.DeviceHandle, sync_vsync_mask, a,
                                              kmd_notify_message(a), &done);
}

bool kmd_display_vsync(KmdAdapter *a)
{
    if (!a->display.vsync) {
        return false;
    }
    DXGKARGCB_NOTIFY_INTERRUPT_DATA data;
    memset(&data, 0, sizeof(data));
    data.InterruptType = DXGK_INTERRUPT_CRTC_VSYNC;
    data.CrtcVsync.VidPnTargetId = KMD_CHILD_UID;
    data.CrtcVsync.PhysicalAddress.QuadPart = (LONGLONG)a->display.addr;
    a->dxgk.DxgkCbNotifyInterrupt(a->dxgk.DeviceHandle, &data);
    return true;
}

/* ---- scanout -------------------------------------------------------------- */

NTSTATUS kmd_display_program(KmdAdapter *a)
{
    const KmdDisplay *d = &a->display;
    if (!kmd_display_children(a)) {
        return STATUS_SUCCESS;
    }
    if (!d->width || !d->has_primary || !d->visible) {
        kmd_reg_write(a->regs, SABLE_REG_SCANOUT_CONTROL, 0);
        return STATUS_SUCCESS;
    }
    kmd_reg_write64(a->regs, SABLE_REG_SCANOUT_ADDR_LO, d->addr);
    kmd_reg_write(a->regs, SABLE_REG_SCANOUT_PITCH, d->pitch);
    kmd_reg_write(a->regs, SABLE_REG_SCANOUT_FORMAT, d->format);
    kmd_reg_write(a->regs, SABLE_REG_SCANOUT_WIDTH, d->width);
    kmd_reg_write(a->regs, SABLE_REG_SCANOUT_HEIGHT, d->height);
    kmd_reg_write(a->regs, SABLE_REG_SCANOUT_CONTROL, SABLE_SCANOUT_CONTROL_ENABLE);
    uint32_t status = kmd_reg_read(a->regs, SABLE_REG_SCANOUT_STATUS);
    if (SABLE_SCANOUT_STATUS_ERROR(status) == SABLE_SCANOUT_ERR_BAD_CONFIG) {
        kmd_os_log(KMD_LOG_ERROR, "sable: scanout refused (status 0x%x)", (unsigned)status);
        kmd_reg_write(a->regs, SABLE_REG_SCANOUT_CONTROL, 0);
        kmd_reg_write(a->regs, SABLE_REG_ERROR_STATUS, SABLE_ERROR_BAD_SCANOUT);
        return STATUS_DEVICE_HARDWARE_ERROR;
    }
    return STATUS_SUCCESS;
}
