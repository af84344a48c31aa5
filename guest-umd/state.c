/* SPDX-License-Identifier: MIT */
/*
 * Pipeline bindings: the setters record what is bound (buffers, SRVs,
 * render targets, the depth-stencil view, topology, blend factor, stencil
 * reference) for the draws to come; shaders (shader.c) and state objects
 * (state3d.c) record theirs there too, UAVs (uav.c) theirs. A destroyed
 * resource or view is unbound (the runtime unbinds first; this keeps the
 * UMD safe anyway).
 */
#include <string.h>

#include "umd.h"

static bool range_ok(UINT start, UINT n, UINT slots)
{
    return start <= slots && n <= slots - start;
}

static UmdResource *live(D3D10DDI_HRESOURCE h)
{
    UmdResource *r = h.pDrvPrivate;
    return r && r->magic == UMD_RESOURCE_MAGIC ? r : NULL;
}

void umd_set_cbs(UmdDevice *d, UmdDdi ddi, unsigned stage, UINT start, UINT n,
                 const D3D10DDI_HRESOURCE *ph)
{
    if (!range_ok(start, n, UMD_CB_SLOTS)) {
        return; /* the runtime validated the range */
    }
    for (UINT i = 0; i < n; i++) {
        d->state.cb[stage][start + i] = ph ? live(ph[i]) : NULL;
    }
}

void umd_set_srvs(UmdDevice *d, UmdDdi ddi, unsigned stage, UINT start, UINT n,
                  const D3D10DDI_HSHADERRESOURCEVIEW *ph)
{
    if (!range_ok(start, n, UMD_SRV_SLOTS)) {
        return;
    }
    for (UINT i = 0; i < n; i++) {
        UmdSrv *v = ph ? ph[i].pDrvPrivate : NULL;
        d->state.srv[stage][start + i] = v && v->res ? v : NULL;
    }
}

void umd_set_vbs(UmdDevice *d, UINT start, UINT n, const D3D10DDI_HRESOURCE *ph,
                 const UINT *strides, const UINT *offsets)
{
    if (!range_ok(start, n, UMD_VB_SLOTS)) {
        return;
    }
    for (UINT i = 0; i < n; i++) {
        d->state.vb[start + i] = ph ? live(ph[i]) : NULL;
        d->state.vb_stride[start + i] = strides ? strides[i] : 0;
        d->state.vb_offset[start + i] = offsets ? offsets[i] : 0;
    }
}

void umd_set_ib(UmdDevice *d, D3D10DDI_HRESOURCE h, DXGI_FORMAT f, UINT offset)
{
    d->state.ib = live(h);
    d->state.ib_format = f;
    d->state.ib_offset = offset;
}

/* SoSetTargets: n targets from slot 0, then `clear` more slots unbound. */
void umd_set_so(UmdDevice *d, UINT n, UINT clear, const D3D10DDI_HRESOURCE *ph, const UINT *offsets)
{
    for (UINT i = 0; i < UMD_SO_SLOTS && i < n + clear; i++) {
        bool set = i < n && ph;
        d->state.so[i] = set ? live(ph[i]) : NULL;
        d->state.so_offset[i] = set && offsets ? offsets[i] : 0;
    }
}

/* SetRenderTargets: n views from slot 0, `clear` more slots unbound. */
void umd_set_rts(UmdDevice *d, const D3D10DDI_HRENDERTARGETVIEW *ph, UINT n, UINT clear,
                 D3D10DDI_HDEPTHSTENCILVIEW dsv)
{
    for (UINT i = 0; i < UMD_RT_SLOTS && i < n + clear; i++) {
        UmdRtv *v = i < n && ph ? ph[i].pDrvPrivate : NULL;
        d->state.rtv[i] = v && v->res ? v : NULL;
    }
    UmdDsv *ds = dsv.pDrvPrivate;
    d->state.dsv = ds && ds->res ? ds : NULL;
}

/* SetViewports / SetScissorRects set all of them at once: n from slot 0,
 * the rest unbound (ClearViewports only tells how many were bound before).
 * The runtime validated n and the values; a count above the limit is
 * ignored, as the other setters ignore a bad range. */
static bool set_all(void *slots, size_t slot_size, const void *src, UINT n)
{
    if (n > UMD_VIEWPORT_SLOTS || (n && !src)) {
        return false;
    }
    memset(slots, 0, slot_size * UMD_VIEWPORT_SLOTS);
    if (n) {
        memcpy(slots, src, n * slot_size);
    }
    return true;
}

void umd_set_viewports(UmdDevice *d, UINT n, const D3D10_DDI_VIEWPORT *v)
{
    if (set_all(d->state.viewport, sizeof(*v), v, n)) {
        d->state.viewports = n;
    }
}

void umd_set_scissors(UmdDevice *d, UINT n, const D3D10_DDI_RECT *r)
{
    if (set_all(d->state.scissor, sizeof(*r), r, n)) {
        d->state.scissors = n;
    }
}

/* The pipeline state objects (state3d.c) bound to anything. */
static void forget_state_object(UmdState *s, const void *object)
{
    if ((const void *)s->blend == object) {
        s->blend = NULL;
    }
    if ((const void *)s->dss == object) {
        s->dss = NULL;
    }
    if ((const void *)s->rast == object) {
        s->rast = NULL;
    }
    if ((const void *)s->layout == object) {
        s->layout = NULL;
    }
    for (unsigned st = 0; st < UMD_STAGES; st++) {
        for (unsigned i = 0; i < UMD_SAMPLER_SLOTS; i++) {
            if ((const void *)s->sampler[st][i] == object) {
                s->sampler[st][i] = NULL;
            }
        }
    }
}

void umd_state_forget(UmdDevice *d, const void *object)
{
    UmdState *s = &d->state;
    forget_state_object(s, object);
    for (unsigned st = 0; st < UMD_STAGES; st++) {
        if ((const void *)s->shader[st] == object) {
            s->shader[st] = NULL;
        }
        for (unsigned i = 0; i < UMD_CB_SLOTS; i++) {
            if ((const void *)s->cb[st][i] == object) {
                s->cb[st][i] = NULL;
            }
        }
        for (unsigned i = 0; i < UMD_SRV_SLOTS; i++) {
            UmdSrv *v = s->srv[st][i];
            if (v && ((const void *)v == object || (const void *)v->res == object)) {
                s->srv[st][i] = NULL;
            }
        }
    }
    for (unsigned i = 0; i < UMD_VB_SLOTS; i++) {
        if ((const void *)s->vb[i] == object) {
            s->vb[i] = NULL;
        }
    }
    if ((const void *)s->ib == object) {
        s->ib = NULL;
    }
    for (unsigned i = 0; i < UMD_SO_SLOTS; i++) {
        if ((const void *)s->so[i] == object) {
            s->so[i] = NULL;
        }
    }
    for (unsigned i = 0; i < UMD_RT_SLOTS; i++) {
        UmdRtv *v = s->rtv[i];
        if (v && ((const void *)v == object || (const void *)v->res == object)) {
            s->rtv[i] = NULL;
        }
    }
    if (s->dsv && ((const void *)s->dsv == object || (const void *)s->dsv->res == object)) {
        s->dsv = NULL;
    }
}

void sable_umd_bindings(void *drv_device, SableUmdBindings *out)
{
    const UmdState *s = &((const UmdDevice *)drv_device)->state;
    memset(out, 0, sizeof(*out));
    for (unsigned st = 0; st < UMD_STAGES; st++) {
        for (unsigned i = 0; i < UMD_CB_SLOTS; i++) {
            out->constant_buffers += s->cb[st][i] != NULL;
        }
        for (unsigned i = 0; i < UMD_SRV_SLOTS; i++) {
            out->shader_resources += s->srv[st][i] != NULL;
        }
    }
    for (unsigned i = 0; i < UMD_VB_SLOTS; i++) {
        out->vertex_buffers += s->vb[i] != NULL;
    }
    out->index_buffer = s->ib != NULL;
    for (unsigned i = 0; i < UMD_SO_SLOTS; i++) {
        out->stream_outputs += s->so[i] != NULL;
    }
    for (unsigned i = 0; i < UMD_RT_SLOTS; i++) {
        out->render_targets += s->rtv[i] != NULL;
    }
    out->depth_stencil = s->dsv != NULL;
    out->topology = s->topology;
    out->viewports = s->viewports;
    out->scissor_rects = s->scissors;
    memcpy(out->viewport, s->viewport, sizeof(out->viewport));
    memcpy(out->scissor, s->scissor, sizeof(out->scissor));
}
