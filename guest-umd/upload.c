/* SPDX-License-Identifier: MIT */
/*
 * The upload ring: where uploads (initial data, UpdateSubresourceUP) put
 * their bytes for the GPU to copy. One CPU-visible aperture allocation per
 * device, handed out front to back in 256-byte aligned pieces, each written
 * once under a lock with IgnoreSync: no piece is ever written twice, so
 * nothing the GPU may still read is touched. When a piece does not fit
 * behind the last one, the ring is renamed (pfnLockCb Discard: a new
 * instance, while the GPU still reads the old one, which the video memory
 * manager frees when it is done) and filling starts again at 0: the UMD
 * never waits for the GPU to reuse upload memory, and allocates and frees
 * nothing per upload. An upload larger than the ring takes a temporary
 * allocation of its own (copy.c).
 */
#include <string.h>

#include "umd.h"

#define UMD_UPLOAD_ALIGN 256u
#define UMD_UPLOAD_MIN (1ull << 20)
#define UMD_UPLOAD_MAX (16ull << 20)

/* A sixteenth of the aperture segment, within [1, 16] MiB. */
static uint64_t ring_size(const UmdDevice *d)
{
    uint64_t s = d->adapter->priv.aperture_size / 16;
    return s < UMD_UPLOAD_MIN ? UMD_UPLOAD_MIN : s > UMD_UPLOAD_MAX ? UMD_UPLOAD_MAX : s;
}

int umd_upload_begin(UmdDevice *d, UmdDdi ddi, uint64_t size, UmdUploadPiece *out)
{
    UmdUpload *u = &d->upload;
    if (size == 0 || size > ring_size(d)) {
        return 0;
    }
    if (!u->alloc.h) {
        HRESULT hr = umd_allocate(d, &u->alloc, ring_size(d), true, SABLE_SEGMENT_APERTURE);
        if (FAILED(hr)) {
            return hr == D3DDDIERR_DEVICEREMOVED ? -1 : 0; /* no ring: a temporary */
        }
        u->used = 0;
    }
    uint64_t at = (u->used + UMD_UPLOAD_ALIGN - 1) / UMD_UPLOAD_ALIGN * UMD_UPLOAD_ALIGN;
    D3DDDICB_LOCK l;
    HRESULT hr;
    if (at > u->alloc.size || size > u->alloc.size - at) {
        hr = umd_lock_discard(d, ddi, &u->alloc, false, &l);
        d->upload_renames += SUCCEEDED(hr);
        at = 0;
    } else {
        memset(&l, 0, sizeof(l));
        l.hAllocation = u->alloc.h;
        l.Flags.IgnoreSync = 1; /* a piece nobody used yet */
        l.Flags.WriteOnly = 1;
        hr = d->kt->pfnLockCb(d->rt.handle, &l);
    }
    if (FAILED(hr)) {
        if (!d->lost) {
            umd_error(d, ddi, hr, 0); /* DEVICEREMOVED, or the device is lost */
        }
        return -1;
    }
    u->used = at + size;
    d->upload_pieces++;
    *out = (UmdUploadPiece){ .cpu = (uint8_t *)l.pData + at, .alloc = &u->alloc, .offset = at };
    return 1;
}

void umd_upload_end(UmdDevice *d)
{
    D3DDDICB_UNLOCK u = { .NumAllocations = 1, .phAllocations = &d->upload.alloc.h };
    d->kt->pfnUnlockCb(d->rt.handle, &u);
}

void umd_upload_fini(UmdDevice *d)
{
    if (d->upload.alloc.h) {
        umd_defer_destroy(d, NULL, d->upload.alloc.h);
        d->upload.alloc.h = 0;
    }
}
