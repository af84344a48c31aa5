/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "s3d.h"

/* Prologue layout: a context slot, the destroy slots, then per 3D
 * allocation of the list (in list order) a resource slot (RES_CREATE, or
 * RES_BACKING padded with a NOP, or a NOP) and an ATTACH slot. */
#define CTX_SLOT 8u
#define DESTROY_SLOT 8u
#define RES_SLOT ((uint32_t)sizeof(struct sable_cmd_3d_res_create))
#define ATTACH_SLOT ((uint32_t)sizeof(struct sable_cmd_3d_attach))
#define FIRST_RES_SLOT (CTX_SLOT + KMD_3D_DESTROY_SLOTS * DESTROY_SLOT)

uint32_t kmd_3d_prologue_bytes(uint32_t n)
{
    return FIRST_RES_SLOT + n * (RES_SLOT + ATTACH_SLOT);
}

/* The prologue resends every object with SABLE_CMD_F_ENSURE (ABI 1.4), so
 * a submission is right whatever resets happened before it runs; the UMD's
 * depth-stencil transfers carry SABLE_CMD_F_SWAP_Z24S8 (1.5). */
#define KMD_3D_MIN_MINOR 5u

NTSTATUS kmd_3d_start(KmdAdapter *a)
{
    if (!(a->features & SABLE_FEATURE_3D) ||
        SABLE_ABI_VERSION_MINOR(a->abi_version) < KMD_3D_MIN_MINOR) {
        return STATUS_SUCCESS;
    }
    a->s3d = kmd_os_alloc(sizeof(*a->s3d));
    return a->s3d ? STATUS_SUCCESS : STATUS_NO_MEMORY;
}

void kmd_3d_stop(KmdAdapter *a)
{
    if (a->s3d) {
        kmd_os_free(a->s3d);
        a->s3d = NULL;
    }
}

/* ---- private data ---------------------------------------------------- */

static bool virgl_ok(const KmdAdapter *a, const struct sable_alloc_virgl *v)
{
    return v->target <= SABLE_VIRGL_TARGET_TEXTURE_CUBE_ARRAY && v->format &&
           v->format <= SABLE_KMD_3D_MAX_FORMAT && !(v->bind & ~SABLE_KMD_3D_BINDS) &&
           v->depth >= 1 && v->depth <= a->max_surface_dim && v->array_size >= 1 &&
           v->array_size <= SABLE_KMD_3D_MAX_ARRAY && v->last_level <= SABLE_KMD_3D_MAX_LEVEL &&
           v->nr_samples <= SABLE_KMD_3D_MAX_SAMPLES && v->res_id == 0;
}

/* A swap chain buffer (format, pitch or PRIMARY set): a 2D texture of one
 * subresource and one sample, also the linear 2D surface the present blit
 * and the scanout read (format and pitch checked as a version 1 surface's,
 * a primary as a version 1 primary). */
static bool surface_2d_ok(const KmdAdapter *a, const struct sable_alloc_private_3d *p)
{
    const struct sable_alloc_private *b = &p->base;
    const struct sable_alloc_virgl *v = &p->virgl;
    if (!b->format && !b->pitch && !(b->flags & SABLE_ALLOC_F_PRIMARY)) {
        return b->vidpn_source == 0;
    }
    return v->target == SABLE_VIRGL_TARGET_TEXTURE_2D && v->depth == 1 && v->array_size == 1 &&
           v->last_level == 0 && v->nr_samples == 0 && kmd_alloc_surface_ok(a, b);
}

bool kmd_3d_desc_ok(const KmdAdapter *a, const struct sable_alloc_private_3d *p)
{
    const struct sable_alloc_private *b = &p->base;
    uint64_t limit = a->vram_size > kmd_gart_size(&a->gart) ? a->vram_size
                                                             : kmd_gart_size(&a->gart);
    bool buffer = p->virgl.target == SABLE_VIRGL_TARGET_BUFFER;
    bool shape = buffer ? (b->kind == SABLE_ALLOC_BUFFER && b->height == 1 && b->width &&
                           b->width <= b->size)
                        : (b->kind == SABLE_ALLOC_SURFACE && b->width && b->height &&
                           b->width <= a->max_surface_dim && b->height <= a->max_surface_dim);
    uint32_t allowed = SABLE_ALLOC_F_3D | SABLE_ALLOC_F_CPU_VISIBLE | SABLE_ALLOC_F_PRIMARY;
    return a->s3d && b->magic == SABLE_ALLOC_PRIVATE_MAGIC &&
           b->version == SABLE_ALLOC_PRIVATE_VERSION_3D && (b->flags & SABLE_ALLOC_F_3D) &&
           !(b->flags & ~allowed) && shape && b->size && b->size <= limit &&
           b->segment <= SABLE_SEGMENT_COUNT && virgl_ok(a, &p->virgl) && surface_2d_ok(a, p);
}

/* ---- ids --------------------------------------------------------------- */

NTSTATUS kmd_3d_res_assign(KmdAdapter *a, uint32_t *res_id)
{
    Kmd3d *s = a->s3d;
    NTSTATUS st = STATUS_INSUFFICIENT_RESOURCES;
    kmd_os_lock_acquire(a->lock);
    for (uint32_t i = 0; i < SABLE_3D_MAX_RESOURCES && !NT_SUCCESS(st); i++) {
        uint32_t id = (s->next_res + i) % SABLE_3D_MAX_RESOURCES + 1;
        if (s->res[id] == KMD_RES_FREE) {
            s->res[id] = KMD_RES_ASSIGNED;
            s->next_res = id % SABLE_3D_MAX_RESOURCES;
            *res_id = id;
            st = STATUS_SUCCESS;
        }
    }
    kmd_os_lock_release(a->lock);
    return st;
}

/* Under the lock: queue the destroy of a device object. */
static void queue_destroy(Kmd3d *s, uint16_t entry)
{
    if (s->npending < KMD_3D_PENDING) {
        s->pending[s->npending++] = entry;
    }
}

void kmd_3d_res_release(KmdAdapter *a, uint32_t res_id)
{
    Kmd3d *s = a->s3d;
    if (!s || res_id == 0 || res_id > SABLE_3D_MAX_RESOURCES) {
        return;
    }
    kmd_os_lock_acquire(a->lock);
    if (s->res[res_id] == KMD_RES_LIVE) {
        s->res[res_id] = KMD_RES_DOOMED;
        queue_destroy(s, (uint16_t)res_id);
    } else if (s->res[res_id] == KMD_RES_ASSIGNED) {
        s->res[res_id] = KMD_RES_FREE;
    }
    kmd_os_lock_release(a->lock);
}

NTSTATUS kmd_3d_context_id(KmdContext *c, uint32_t *ctx)
{
    KmdAdapter *a = c->device->adapter;
    Kmd3d *s = a->s3d;
    NTSTATUS st = STATUS_INSUFFICIENT_RESOURCES;
    kmd_os_lock_acquire(a->lock);
    if (c->ctx3d) {
        st = STATUS_SUCCESS;
    }
    for (uint32_t i = 0; i < SABLE_3D_MAX_CONTEXTS && !NT_SUCCESS(st); i++) {
        uint32_t id = (s->next_ctx + i) % SABLE_3D_MAX_CONTEXTS + 1;
        if (!s->ctx_used[id]) {
            s->ctx_used[id] = 1;
            s->next_ctx = id % SABLE_3D_MAX_CONTEXTS;
            c->ctx3d = id;
            st = STATUS_SUCCESS;
        }
    }
    *ctx = c->ctx3d;
    kmd_os_lock_release(a->lock);
    return st;
}

void kmd_3d_context_release(KmdAdapter *a, uint32_t ctx)
{
    Kmd3d *s = a->s3d;
    if (!s || ctx == 0 || ctx > SABLE_3D_MAX_CONTEXTS) {
        return;
    }
    kmd_os_lock_acquire(a->lock);
    if (s->ctx_live[ctx]) {
        s->ctx_live[ctx] = 0;
        queue_destroy(s, (uint16_t)(ctx | KMD_3D_PENDING_CTX)); /* id freed when emitted */
    } else {
        s->ctx_used[ctx] = 0;
    }
    kmd_os_lock_release(a->lock);
}

/* ---- prologue ------------------------------------------------------------ */

static void put_nop(uint8_t *at, uint32_t bytes)
{
    uint32_t header = SABLE_CMD_HEADER(SABLE_OP_NOP, 0, bytes / 4);
    memset(at, 0, bytes);
    memcpy(at, &header, 4);
}

KmdDmaPrivate *kmd_3d_private_init(void *data, UINT size)
{
    if (!data || size < sizeof(KmdDmaPrivate)) {
        return NULL;
    }
    KmdDmaPrivate *priv = data;
    memset(priv, 0, sizeof(*priv));
    priv->magic = KMD_DMA_PRIVATE_MAGIC;
    return priv;
}

void kmd_3d_reserve(uint8_t *dma, uint32_t n)
{
    put_nop(dma, CTX_SLOT);
    for (uint32_t i = 0; i < KMD_3D_DESTROY_SLOTS; i++) {
        put_nop(dma + CTX_SLOT + i * DESTROY_SLOT, DESTROY_SLOT);
    }
    for (uint32_t i = 0; i < n; i++) {
        uint8_t *slot = dma + FIRST_RES_SLOT + i * (RES_SLOT + ATTACH_SLOT);
        put_nop(slot, RES_SLOT);
        put_nop(slot + RES_SLOT, ATTACH_SLOT);
    }
}

static void put_ctx(uint8_t *at, uint32_t op, uint32_t id)
{
    struct sable_cmd_3d_ctx p = { SABLE_CMD_HEADER(op, SABLE_CMD_F_ENSURE, 2), id };
    memcpy(at, &p, sizeof(p));
}

/* Under the lock: the destroy slots take the oldest queued destroys. */
static void fill_destroys(Kmd3d *s, uint8_t *dma, KmdTrack *t)
{
    uint32_t n = s->npending < KMD_3D_DESTROY_SLOTS ? s->npending : KMD_3D_DESTROY_SLOTS;
    t->ndestroy = n;
    for (uint32_t i = 0; i < n; i++) {
        uint16_t e = s->pending[i];
        t->destroyed[i] = e;
        uint32_t id = e & ~KMD_3D_PENDING_CTX;
        uint8_t *slot = dma + CTX_SLOT + i * DESTROY_SLOT;
        if (e & KMD_3D_PENDING_CTX) {
            put_ctx(slot, SABLE_OP_3D_CTX_DESTROY, id);
            s->ctx_used[id] = 0;
        } else {
            struct sable_cmd_3d_res p = {
                SABLE_CMD_HEADER(SABLE_OP_3D_RES_DESTROY, SABLE_CMD_F_ENSURE, 2), id };
            memcpy(slot, &p, sizeof(p));
            s->res[id] = KMD_RES_FREE;
        }
    }
    memmove(s->pending, s->pending + n, (s->npending - n) * sizeof(s->pending[0]));
    s->npending -= n;
}

static void put_res_create(uint8_t *slot, const KmdAllocation *al, uint64_t addr)
{
    struct sable_cmd_3d_res_create p = {
        .header = SABLE_CMD_HEADER(SABLE_OP_3D_RES_CREATE, SABLE_CMD_F_ENSURE, RES_SLOT / 4),
        .res_id = al->virgl.res_id, .target = al->virgl.target, .format = al->virgl.format,
        .bind = al->virgl.bind, .width = al->desc.width, .height = al->desc.height,
        .depth = al->virgl.depth, .array_size = al->virgl.array_size,
        .last_level = al->virgl.last_level, .nr_samples = al->virgl.nr_samples,
        .backing_addr = addr, .backing_size = al->size,
    };
    memcpy(slot, &p, sizeof(p));
}

/* Under the lock: one 3D allocation's slots: RES_CREATE with ENSURE (it
 * creates the resource, or moves a live one's backing to addr), ATTACH. */
static void fill_res(Kmd3d *s, uint8_t *slot, KmdAllocation *al, uint64_t addr, uint32_t ctx)
{
    uint32_t id = al->virgl.res_id;
    put_res_create(slot, al, addr);
    if (s->res[id] == KMD_RES_ASSIGNED) {
        s->res[id] = KMD_RES_LIVE;
    }
    struct sable_cmd_3d_attach p = { SABLE_CMD_HEADER(SABLE_OP_3D_ATTACH, 0, 4), ctx, id, 0 };
    memcpy(slot + RES_SLOT, &p, sizeof(p));
}

static KmdAllocation *list_3d(const DXGK_ALLOCATIONLIST *e)
{
    KmdAllocation *al = e->hDeviceSpecificAllocation;
    return al && (al->desc.flags & SABLE_ALLOC_F_3D) ? al : NULL;
}

/* Under the lock: the entry of the DMA buffer at `dma`, or NULL. */
static KmdTrack *track_find(Kmd3d *s, uint64_t dma)
{
    for (uint32_t i = 0; dma && i < KMD_3D_TRACK; i++) {
        if (s->track[i].dma == dma) {
            return &s->track[i];
        }
    }
    return NULL;
}

/* Under the lock: the buffer's entry, else the least recently patched. */
static KmdTrack *track_slot(Kmd3d *s, uint64_t dma)
{
    KmdTrack *t = track_find(s, dma), *oldest = &s->track[0];
    for (uint32_t i = 1; !t && i < KMD_3D_TRACK; i++) {
        oldest = s->track[i].seq < oldest->seq ? &s->track[i] : oldest;
    }
    return t ? t : oldest;
}

/* Under the lock: what this DMA buffer now holds (nothing 3D: forgotten,
 * NULL); the slots are recorded as the prologue is filled. */
static KmdTrack *remember(Kmd3d *s, const DXGKARG_PATCH *p, const KmdDmaPrivate *priv,
                          uint32_t ctx)
{
    uint64_t dma = (uint64_t)p->DmaBufferPhysicalAddress.QuadPart;
    if (!priv->prologue_bytes) {
        KmdTrack *old = track_find(s, dma);
        if (old) {
            memset(old, 0, sizeof(*old));
        }
        return NULL;
    }
    KmdTrack *t = track_slot(s, dma);
    memset(t, 0, sizeof(*t));
    t->dma = dma;
    t->seq = ++s->seq;
    t->ctx = ctx;
    t->prologue_end = priv->prologue_bytes;
    t->first_submit = priv->nsubmit ? priv->submit_off[0] : UINT32_MAX;
    return t;
}

/* Under the lock: the whole prologue. */
static void fill_prologue(KmdAdapter *a, const DXGKARG_PATCH *p, const KmdDmaPrivate *priv,
                          uint32_t ctx, KmdTrack *t)
{
    Kmd3d *s = a->s3d;
    uint8_t *dma = p->pDmaBuffer;
    put_ctx(dma, SABLE_OP_3D_CTX_CREATE, ctx);
    s->ctx_live[ctx] = 1;
    fill_destroys(s, dma, t);
    uint32_t slot = 0;
    for (UINT i = 0; i < p->AllocationListSize && slot < priv->nalloc3d; i++) {
        KmdAllocation *al = list_3d(&p->pAllocationList[i]);
        if (al) {
            uint8_t *at = dma + FIRST_RES_SLOT + slot * (RES_SLOT + ATTACH_SLOT);
            fill_res(s, at, al, (uint64_t)p->pAllocationList[i].PhysicalAddress.QuadPart, ctx);
            slot++;
        }
    }
}

static bool private_ok(const DXGKARG_PATCH *p, const KmdDmaPrivate *priv)
{
    if (priv->nalloc3d > SABLE_KMD_ALLOCATION_LIST_SIZE || priv->nsubmit > KMD_3D_MAX_SUBMITS ||
        priv->prologue_bytes != kmd_3d_prologue_bytes(priv->nalloc3d) ||
        priv->prologue_bytes > p->DmaBufferSubmissionEndOffset ||
        p->DmaBufferSubmissionStartOffset != 0 || p->DmaBufferSubmissionEndOffset > p->DmaBufferSize) {
        return false;
    }
    for (uint32_t i = 0; i < priv->nsubmit; i++) {
        uint32_t off = priv->submit_off[i];
        if (off < priv->prologue_bytes || (off & 3u) ||
            off > p->DmaBufferSubmissionEndOffset - sizeof(struct sable_cmd_3d_submit)) {
            return false;
        }
    }
    return true;
}

/* The stream is the NOP payload right before the SUBMIT packet. */
static void fill_submit(const DXGKARG_PATCH *p, uint32_t off, uint32_t ctx)
{
    struct sable_cmd_3d_submit sub;
    uint8_t *at = (uint8_t *)p->pDmaBuffer + off;
    memcpy(&sub, at, sizeof(sub));
    sub.ctx_id = ctx;
    sub.addr = (uint64_t)p->DmaBufferPhysicalAddress.QuadPart + off - 4ull * sub.size_dw;
    memcpy(at, &sub, sizeof(sub));
}

NTSTATUS kmd_3d_patch(KmdAdapter *a, const DXGKARG_PATCH *p, const KmdDmaPrivate *priv)
{
    KmdContext *c = p->hContext;
    if (!priv || priv->prologue_bytes == 0) {
        static const KmdDmaPrivate none;
        kmd_os_lock_acquire(a->lock);
        remember(a->s3d, p, &none, 0);
        kmd_os_lock_release(a->lock);
        return STATUS_SUCCESS;
    }
    if (!c || !c->ctx3d || !private_ok(p, priv) ||
        (priv->nalloc3d && !p->pAllocationList)) {
        return STATUS_INVALID_PARAMETER;
    }
    kmd_os_lock_acquire(a->lock);
    fill_prologue(a, p, priv, c->ctx3d, remember(a->s3d, p, priv, c->ctx3d));
    kmd_os_lock_release(a->lock);
    for (uint32_t i = 0; i < priv->nsubmit; i++) {
        fill_submit(p, priv->submit_off[i], c->ctx3d);
    }
    return STATUS_SUCCESS;
}

/* ---- resets -------------------------------------------------------------- */

void kmd_3d_forget(KmdAdapter *a)
{
    Kmd3d *s = a->s3d;
    if (!s) {
        return;
    }
    /* The device destroyed the context whose work was in flight; the
     * others and every resource survive (with their contents). Every
     * context stays "may exist" (ctx_live), so releasing one still queues
     * its CTX_DESTROY (with ENSURE: harmless for the destroyed one) before
     * its id can name a new context; queued destroys stay queued; every
     * prologue creates its context again if it is gone (ENSURE). */
    kmd_os_lock_acquire(a->lock);
    memset(s->track, 0, sizeof(s->track));
    kmd_os_lock_release(a->lock);
}

/* Under the lock: a queued destroy the device did not run goes back to
 * the front of the queue, its object back to what it was. False if its id
 * was handed out again meanwhile (then which object the id names is
 * unknown). */
static bool undo_destroy(Kmd3d *s, uint16_t e)
{
    uint32_t id = e & ~KMD_3D_PENDING_CTX;
    bool ok = (e & KMD_3D_PENDING_CTX) ? !s->ctx_used[id] : s->res[id] == KMD_RES_FREE;
    if (!ok || s->npending >= KMD_3D_PENDING) {
        return false;
    }
    if (e & KMD_3D_PENDING_CTX) {
        s->ctx_used[id] = 1;
    } else {
        s->res[id] = KMD_RES_DOOMED;
    }
    memmove(s->pending + 1, s->pending, s->npending * sizeof(s->pending[0]));
    s->pending[0] = e;
    s->npending++;
    return true;
}

/* Under the lock: the destroys of the prologue at or past `offset` did not
 * run (the device stopped there: the packets before it ran, none after);
 * they go back to the queue. Creates need nothing: every prologue resends
 * them. False if an id was handed out again meanwhile. */
static bool undo_prologue(Kmd3d *s, const KmdTrack *t, uint32_t offset)
{
    bool ok = true;
    for (uint32_t i = t->ndestroy; i-- > 0;) {
        if (CTX_SLOT + i * DESTROY_SLOT >= offset) {
            ok &= undo_destroy(s, t->destroyed[i]);
        }
    }
    return ok;
}

bool kmd_3d_engine_reset(KmdAdapter *a, const KmdInFlight *f)
{
    Kmd3d *s = a->s3d;
    if (!s || !f->valid) {
        return true;
    }
    bool sure = true;
    kmd_os_lock_acquire(a->lock);
    const KmdTrack *t = track_find(s, f->dma);
    if (t) {
        if (f->offset < t->prologue_end) {
            sure = undo_prologue(s, t, f->offset);
        } else if (f->offset >= t->first_submit) {
            s->ctx_live[t->ctx] = 0; /* the device destroyed the guilty context */
        }
    }
    kmd_os_lock_release(a->lock);
    return sure;
}
