/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "sysdisplay.h"
#include "display.h"

#define KMD_SYSDISPLAY_BPP 4u
#define KMD_SYSDISPLAY_BYTES ((uint64_t)1024 * 768 * KMD_SYSDISPLAY_BPP) /* kmd_modes[0] */
#define KMD_D3DFMT_A8R8G8B8 21u
#define KMD_D3DFMT_X8R8G8B8 22u

/* A POST framebuffer the KMD can keep scanning out: 32 bpp, in VRAM. */
static bool post_usable(const KmdAdapter *a, const DXGK_DISPLAY_INFORMATION *info)
{
    const KmdMemRange *vram = &a->res.mem[KMD_RES_VRAM];
    uint64_t pa = (uint64_t)info->PhysicAddress.QuadPart;
    uint64_t bytes = (uint64_t)info->Pitch * info->Height;
    return info->Width && info->Height && info->Pitch >= (uint64_t)info->Width * 4 &&
           (info->ColorFormat == KMD_D3DFMT_X8R8G8B8 ||
            info->ColorFormat == KMD_D3DFMT_A8R8G8B8) &&
           pa >= vram->start && pa - vram->start < a->vram_size &&
           bytes <= a->vram_size - (pa - vram->start);
}

/* The display firmware (or the basic display driver) left: scan it out
 * until a VidPN is committed. */
static void acquire_post_display(KmdAdapter *a)
{
    DXGK_DISPLAY_INFORMATION info;
    memset(&info, 0, sizeof(info));
    if (!kmd_display_children(a) || !a->dxgk.DxgkCbAcquirePostDisplayOwnership ||
        !NT_SUCCESS(a->dxgk.DxgkCbAcquirePostDisplayOwnership(a->dxgk.DeviceHandle, &info)) ||
        !post_usable(a, &info)) {
        return;
    }
    KmdDisplay *d = &a->display;
    d->width = info.Width;
    d->height = info.Height;
    d->pitch = info.Pitch;
    d->format = info.ColorFormat == KMD_D3DFMT_A8R8G8B8 ? SABLE_FORMAT_B8G8R8A8_UNORM
                                                        : SABLE_FORMAT_B8G8R8X8_UNORM;
    d->addr = (uint64_t)info.PhysicAddress.QuadPart - a->res.mem[KMD_RES_VRAM].start;
    d->has_primary = true;
    d->visible = true;
}

static void sysdisplay_map(KmdAdapter *a)
{
    if (a->vram_size < KMD_SYSDISPLAY_BYTES ||
        a->res.mem[KMD_RES_VRAM].length < KMD_SYSDISPLAY_BYTES) {
        return;
    }
    PHYSICAL_ADDRESS pa = { .QuadPart = (LONGLONG)a->res.mem[KMD_RES_VRAM].start };
    PVOID va = NULL;
    if (NT_SUCCESS(a->dxgk.DxgkCbMapMemory(a->dxgk.DeviceHandle, pa,
                                           (ULONG)KMD_SYSDISPLAY_BYTES, FALSE, FALSE,
                                           MmWriteCombined, &va))) {
        a->sysdisplay = va;
    }
}

void kmd_sysdisplay_start(KmdAdapter *a)
{
    if (a->res.mem_count <= KMD_RES_VRAM) {
        return;
    }
    acquire_post_display(a);
    sysdisplay_map(a);
}

void kmd_sysdisplay_unmap(KmdAdapter *a)
{
    if (a->sysdisplay) {
        a->dxgk.DxgkCbUnmapMemory(a->dxgk.DeviceHandle, (PVOID)a->sysdisplay);
        a->sysdisplay = NULL;
    }
}

/* The VRAM head as a primary of the committed mode (else the preferred
 * one), cleared; false if there is no mapped head. */
static bool use_head(KmdAdapter *a)
{
    if (!a->sysdisplay) {
        return false;
    }
    KmdDisplay *d = &a->display;
    if (!d->width || (uint64_t)d->width * d->height * KMD_SYSDISPLAY_BPP > KMD_SYSDISPLAY_BYTES) {
        d->width = kmd_modes[0].width;
        d->height = kmd_modes[0].height;
    }
    d->has_primary = true;
    d->addr = 0; /* VRAM starts at GPU address 0 */
    d->pitch = d->width * KMD_SYSDISPLAY_BPP;
    d->format = SABLE_FORMAT_B8G8R8X8_UNORM;
    d->visible = true;
    memset((void *)a->sysdisplay, 0, (size_t)d->pitch * d->height);
    return true;
}

NTSTATUS kmd_system_display_enable(KmdAdapter *a, D3DDDI_VIDEO_PRESENT_TARGET_ID target,
                                   UINT *width, UINT *height, D3DDDIFORMAT *format)
{
    if (!width || !height || !format || target != KMD_CHILD_UID || !kmd_display_children(a)) {
        return STATUS_INVALID_PARAMETER;
    }
    if (!a->regs || !use_head(a)) {
        return STATUS_NOT_SUPPORTED;
    }
    NTSTATUS st = kmd_display_program(a);
    if (NT_SUCCESS(st)) {
        *width = a->display.width;
        *height = a->display.height;
        *format = KMD_D3DFMT_X8R8G8B8;
    }
    return st;
}

/* Source pixels are in the format Enable returned (4 bytes each). */
void kmd_system_display_write(KmdAdapter *a, const uint8_t *src, UINT width, UINT height,
                              UINT stride, UINT x, UINT y)
{
    const KmdDisplay *d = &a->display;
    if (!a->sysdisplay || !src || d->addr != 0 || x >= d->width || y >= d->height ||
        (uint64_t)stride < (uint64_t)width * KMD_SYSDISPLAY_BPP) {
        return;
    }
    uint64_t w = width < d->width - x ? width : d->width - x;
    uint64_t h = height < d->height - y ? height : d->height - y;
    volatile uint8_t *dst = a->sysdisplay + (uint64_t)y * d->pitch + (uint64_t)x * KMD_SYSDISPLAY_BPP;
    for (uint64_t row = 0; row < h; row++) {
        memcpy((void *)(dst + row * d->pitch), src + row * stride, w * KMD_SYSDISPLAY_BPP);
    }
}

/* The current primary can be handed over as it is: 32 bpp in VRAM. */
static bool primary_in_vram(const KmdAdapter *a)
{
    const KmdDisplay *d = &a->display;
    uint64_t bytes = (uint64_t)d->pitch * d->height;
    return a->res.mem_count > KMD_RES_VRAM && d->width && d->has_primary && d->visible &&
           (d->format == SABLE_FORMAT_B8G8R8X8_UNORM ||
            d->format == SABLE_FORMAT_B8G8R8A8_UNORM) &&
           d->addr < a->vram_size && bytes <= a->vram_size - d->addr;
}

NTSTATUS kmd_stop_release_post_display(KmdAdapter *a, D3DDDI_VIDEO_PRESENT_TARGET_ID target,
                                       DXGK_DISPLAY_INFORMATION *info)
{
    if (!info || target != KMD_CHILD_UID || !a->started) {
        return STATUS_INVALID_PARAMETER;
    }
    memset(info, 0, sizeof(*info));
    memset(&a->handoff, 0, sizeof(a->handoff));
    if (a->display.width && (primary_in_vram(a) || use_head(a))) {
        const KmdDisplay *d = &a->display;
        a->handoff = *d;
        info->Width = d->width;
        info->Height = d->height;
        info->Pitch = d->pitch;
        info->ColorFormat = d->format == SABLE_FORMAT_B8G8R8A8_UNORM ? KMD_D3DFMT_A8R8G8B8
                                                                    : KMD_D3DFMT_X8R8G8B8;
        info->PhysicAddress.QuadPart = (LONGLONG)(a->res.mem[KMD_RES_VRAM].start + d->addr);
        info->TargetId = target;
    }
    kmd_adapter_stop(a);
    return STATUS_SUCCESS;
}

void kmd_sysdisplay_keep(KmdAdapter *a)
{
    if (a->handoff.width) {
        a->display = a->handoff;
        kmd_display_program(a);
        memset(&a->display, 0, sizeof(a->display)); /* a later start begins without */
        memset(&a->handoff, 0, sizeof(a->handoff));
    }
}
