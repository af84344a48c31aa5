/* SPDX-License-Identifier: MIT
 *
 * The runtime callbacks winsim's D3D runtime gives the UMD (d3drt.h): the
 * adapter callback, D3DDDI_DEVICECALLBACKS on winsim's D3DKMT-style thunks
 * (Render, contexts, display mode; the allocation and lock ones are
 * rt-alloc.c's), the core-layer callbacks (SetError and its categories,
 * State* callbacks) and the DXGI base callbacks (Present). d3drt.c installs
 * them (rt_callbacks_adapter, rt_callbacks_device) and offers the test API.
 */
#include <string.h>

#include "d3drt.h"
#include "rt-internal.h"
#include "dxgdisplay.h"
#include "kmd-report.h"

/* ---- adapter callbacks ---- */

static HRESULT WDDM_API cb_query_adapter_info(HANDLE h, const D3DDDICB_QUERYADAPTERINFO *q)
{
    RtAdapter *a = h;
    a->queries++;
    if (!q || !q->pPrivateDriverData) {
        return E_INVALIDARG;
    }
    NTSTATUS st = ws_kmt_query_umd_private(a->sim, q->pPrivateDriverData, q->PrivateDriverDataSize);
    if (!NT_SUCCESS(st)) {
        return E_INVALIDARG;
    }
    if (a->fake_abi_major) {
        struct sable_umd_private *p = q->pPrivateDriverData;
        p->abi_version = (a->fake_abi_major << 16) | SABLE_ABI_VERSION_MINOR(p->abi_version);
    }
    if (a->hide_3d) {
        ((struct sable_umd_private *)q->pPrivateDriverData)->kmd_features &= ~SABLE_KMD_F_3D;
    }
    return S_OK;
}

/* ---- device callbacks ---- */

RtAlloc *rt_lookup(RtDevice *d, D3DKMT_HANDLE h)
{
    return g_hash_table_lookup(d->allocs, GUINT_TO_POINTER(h));
}

/* Interrupts delivered, completed work retired, idle renamed instances
 * released. */
void rt_poll(RtDevice *d)
{
    ws_service_interrupts(d->ad->sim);
}

/* A TDR put one of the device's contexts in error: the device is removed
 * (winsim's dxgkrnl refuses its renders with STATUS_DEVICE_REMOVED). */
bool rt_removed(RtDevice *d)
{
    for (unsigned n = 0; n < d->ad->sim->nodes; n++) {
        if (g_hash_table_contains(d->ad->sim->errored, d->kmt->context[n])) {
            return true;
        }
    }
    return false;
}

/* pfnSetDisplayModeCb: scan out a primary allocation of the committed
 * mode's size (another size: E_INVALIDARG, as the page says for a mode
 * whose resolution differs) through SetVidPnSourceAddress. */
static HRESULT WDDM_API cb_set_display_mode(HANDLE h, D3DDDICB_SETDISPLAYMODE *m)
{
    RtDevice *d = h;
    WsSim *sim = d->ad->sim;
    RtAlloc *al = rt_lookup(d, m->hPrimaryAllocation);
    if (!al || al->retired || !(al->priv.flags & SABLE_ALLOC_F_PRIMARY)) {
        RT_FAIL("pfnSetDisplayModeCb from %s: 0x%x is not a primary allocation", rt_cur_name(d),
                m->hPrimaryAllocation);
        return E_INVALIDARG;
    }
    UINT w, hgt;
    uint32_t f;
    if (!ws_display_mode(sim, al->priv.vidpn_source, &w, &hgt, &f) || al->priv.width != w ||
        al->priv.height != hgt) {
        return E_INVALIDARG;
    }
    if (rt_removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    NTSTATUS st = ws_display_set_address(sim, al->a);
    if (!NT_SUCCESS(st)) {
        RT_FAIL("pfnSetDisplayModeCb from %s: SetVidPnSourceAddress failed: 0x%08x", rt_cur_name(d),
                (uint32_t)st);
        return E_INVALIDARG;
    }
    return S_OK;
}

static RtContext *context_of(RtDevice *d, HANDLE h)
{
    for (unsigned n = 0; n < d->ad->sim->nodes; n++) {
        if (h == (HANDLE)&d->ctx[n] && d->ctx[n].open) {
            return &d->ctx[n];
        }
    }
    return NULL;
}

static HRESULT WDDM_API cb_render(HANDLE h, D3DDDICB_RENDER *r)
{
    RtDevice *d = h;
    RtContext *c = context_of(d, r->hContext);
    if (!c || r->CommandOffset != 0 || r->CommandLength > c->cmd_size ||
        r->NumAllocations > c->alist_size || r->NumPatchLocations > c->plist_size) {
        RT_FAIL("pfnRenderCb from %s: bad arguments", rt_cur_name(d));
        return E_INVALIDARG;
    }
    if (d->fail_renders > 0) {
        d->fail_renders--;
        return E_OUTOFMEMORY; /* the pfnRenderCb page's "insufficient memory" */
    }
    g_autofree WsKmtAllocation **list = g_new0(WsKmtAllocation *, r->NumAllocations + 1);
    g_autofree RtAlloc **ral = g_new0(RtAlloc *, r->NumAllocations + 1);
    for (UINT i = 0; i < r->NumAllocations; i++) {
        ral[i] = rt_lookup(d, c->alist[i].hAllocation);
        if (!ral[i]) {
            RT_FAIL("pfnRenderCb from %s: unknown allocation 0x%x", rt_cur_name(d),
                    c->alist[i].hAllocation);
            return E_INVALIDARG;
        }
        for (UINT j = 0; j < i; j++) {
            if (ral[j] == ral[i]) {
                RT_FAIL("pfnRenderCb from %s: allocation 0x%x listed twice", rt_cur_name(d),
                        ral[i]->h);
            }
        }
        list[i] = ral[i]->a;
    }
    uint32_t fence = 0;
    NTSTATUS st = ws_kmt_render(d->kmt, c->node, c->cmd, r->CommandLength, list,
                                r->NumAllocations, c->plist, r->NumPatchLocations, &fence);
    if (st == STATUS_DEVICE_REMOVED) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (!NT_SUCCESS(st)) {
        RT_FAIL("pfnRenderCb from %s: the KMD refused the command buffer: 0x%08x", rt_cur_name(d),
                (uint32_t)st);
        return E_INVALIDARG;
    }
    memset(c->alist, 0, sizeof(*c->alist) * c->alist_size); /* a fresh list */
    RtRender rec = { r->CommandLength, r->NumAllocations, r->NumPatchLocations };
    g_array_append_val(d->renders, rec);
    d->renders_since_amortized++;
    r->pNewCommandBuffer = c->cmd;
    r->NewCommandBufferSize = c->cmd_size;
    r->pNewAllocationList = c->alist;
    r->NewAllocationListSize = c->alist_size;
    r->pNewPatchLocationList = c->plist;
    r->NewPatchLocationListSize = c->plist_size;
    r->QueuedBufferCount = 0;
    return S_OK;
}

static HRESULT WDDM_API cb_create_context(HANDLE h, D3DDDICB_CREATECONTEXT *cc)
{
    RtDevice *d = h;
    if (cc->NodeOrdinal >= d->ad->sim->nodes || d->ctx[cc->NodeOrdinal].open) {
        return E_INVALIDARG;
    }
    /* the list sizes dxgkrnl hands back are the ones the KMD reported for
     * the kernel context (a test may ask for smaller ones) */
    const WsContextInfo *info = ws_context_info(d->ad->sim, d->kmt->context[cc->NodeOrdinal]);
    RtContext *c = &d->ctx[cc->NodeOrdinal];
    c->open = true;
    c->node = cc->NodeOrdinal;
    c->cmd_size = d->cfg_cmd_size;
    c->alist_size = d->cfg_alist_size ? MIN(d->cfg_alist_size, info->alloc_list_size)
                                      : info->alloc_list_size;
    c->plist_size = d->cfg_plist_size ? MIN(d->cfg_plist_size, info->patch_list_size)
                                      : info->patch_list_size;
    c->cmd = g_malloc0(c->cmd_size);
    c->alist = g_new0(D3DDDI_ALLOCATIONLIST, c->alist_size);
    c->plist = g_new0(D3DDDI_PATCHLOCATIONLIST, c->plist_size);
    cc->hContext = (HANDLE)c;
    cc->pCommandBuffer = c->cmd;
    cc->CommandBufferSize = c->cmd_size;
    cc->pAllocationList = c->alist;
    cc->AllocationListSize = c->alist_size;
    cc->pPatchLocationList = c->plist;
    cc->PatchLocationListSize = c->plist_size;
    return S_OK;
}

static HRESULT WDDM_API cb_destroy_context(HANDLE h, const D3DDDICB_DESTROYCONTEXT *dc)
{
    RtDevice *d = h;
    RtContext *c = context_of(d, dc->hContext);
    if (!c) {
        return E_INVALIDARG;
    }
    g_free(c->cmd);
    g_free(c->alist);
    g_free(c->plist);
    memset(c, 0, sizeof(*c));
    return S_OK;
}

/* ---- core-layer callbacks ---- */

static VOID WDDM_API cb_set_error(D3D10DDI_HRTCORELAYER h, HRESULT hr)
{
    RtDevice *d = h.handle;
    d->errors++;
    if (d->cur < 0) {
        RT_FAIL("pfnSetErrorCb(0x%08x) outside of a DDI call", (uint32_t)hr);
        return;
    }
    D3D_UMDDI_ERROR_CATEGORY cat = rt_ddi_category(rt_cur_name(d), d->cur_ctx);
    if (!d3d_umddi_error_allowed(cat, hr, d->cur_ctx)) {
        /* a critical error: logged, and the device is lost on purpose */
        if (d->critical++ == 0) {
            d->critical_ddi = rt_cur_name(d);
            d->critical_hr = hr;
        }
        g_printerr("d3d runtime: critical error 0x%08x from %s (category %s): device removed\n",
                   (uint32_t)hr, rt_cur_name(d), d3d_umddi_error_category_name(cat));
        return;
    }
    if (FAILED(d->last_error) == 0) {
        d->last_error = hr;
    }
}

static VOID WDDM_API cb_amortized(D3D10DDI_HRTCORELAYER h)
{
    RtDevice *d = h.handle;
    if (d->renders_since_amortized == 0) {
        RT_FAIL("pfnPerformAmortizedProcessingCb from %s without a submission since the last",
                rt_cur_name(d));
    }
    d->renders_since_amortized = 0;
    d->amortized++;
}

static VOID WDDM_API cb_state_range(D3D10DDI_HRTCORELAYER h, UINT base, UINT count)
{
    RT_FAIL("a pfnState*Cb called (not expected yet)");
}

static VOID WDDM_API cb_state(D3D10DDI_HRTCORELAYER h)
{
    RT_FAIL("a pfnState*Cb called (not expected yet)");
}

static VOID WDDM_API cb_disable_deferred_staging(D3D10DDI_HRTCORELAYER h) {}

/* The allocation `h` names if it is the current instance of the swap
 * chain resource r's allocation, else NULL. */
static RtAlloc *instance_of(RtDevice *d, D3DKMT_HANDLE h, const RtResource *r)
{
    RtAlloc *al = rt_lookup(d, h);
    return al && !al->retired && al->chain == r->chain ? al : NULL;
}

/* What D3DKMTPresent gets for the present the runtime asked for: Blt of
 * the whole back buffer to the primary (hDstAllocation 0: kernel mode
 * picks the swap chain's primary), or Flip to the back buffer (a primary)
 * with no destination. NULL source: not the handles the runtime expects. */
static bool kmt_present_of(RtDevice *d, const DXGIDDICB_PRESENT *p, const RtSwapChain *sc,
                           WsKmtPresent *kp, RtAlloc **src, RtAlloc **dst)
{
    *src = instance_of(d, p->hSrcAllocation, sc->back);
    *dst = NULL;
    if (sc->flip) {
        *kp = (WsKmtPresent){ .src = *src ? (*src)->a : NULL, .flip = true,
                              .vidpn_source = sc->vidpn_source };
        return *src && p->hDstAllocation == 0;
    }
    *dst = instance_of(d, p->hDstAllocation ? p->hDstAllocation : sc->primary->chain,
                       sc->primary);
    RECT all = { 0, 0, (LONG)sc->back->width, (LONG)sc->back->height };
    *kp = (WsKmtPresent){ .src = *src ? (*src)->a : NULL, .dst = *dst ? (*dst)->a : NULL,
                          .vidpn_source = sc->vidpn_source, .src_rect = all, .dst_rect = all };
    return *src && *dst;
}

/* pfnPresentCbDXGI: the UMD passes the handles it created for the back
 * buffer (and the primary), its graphics context and pDXGIContext
 * unchanged; D3DKMTPresent (ws_kmt_present) does the Blt or queues the
 * Flip. */
static HRESULT WDDM_API cb_dxgi_present(HANDLE h, DXGIDDICB_PRESENT *p)
{
    RtDevice *d = h;
    RtSwapChain *sc = d->presenting;
    RtContext *c = context_of(d, p->hContext);
    rt_poll(d);
    if (!sc || p->pDXGIContext != sc || !c || c->node != SABLE_NODE_GRAPHICS) {
        RT_FAIL("pfnPresentCb from %s: pDXGIContext %p (passed %p) or context %p not the "
                "device's graphics context", rt_cur_name(d), p->pDXGIContext, (void *)sc,
                p->hContext);
        return E_INVALIDARG;
    }
    WsKmtPresent kp;
    RtAlloc *src, *dst;
    if (!kmt_present_of(d, p, sc, &kp, &src, &dst)) {
        RT_FAIL("pfnPresentCb from %s: allocations 0x%x -> 0x%x are not the swap chain's for "
                "a %s", rt_cur_name(d), p->hSrcAllocation, p->hDstAllocation,
                sc->flip ? "flip" : "blt");
        return E_INVALIDARG;
    }
    if (rt_removed(d)) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    uint32_t fence = 0;
    NTSTATUS st = ws_kmt_present(d->kmt, &kp, &fence);
    if (st == STATUS_DEVICE_REMOVED) {
        return D3DDDIERR_DEVICEREMOVED;
    }
    if (!NT_SUCCESS(st)) {
        RT_FAIL("pfnPresentCb from %s: D3DKMTPresent failed: 0x%08x", rt_cur_name(d), (uint32_t)st);
        return E_INVALIDARG;
    }
    d->presents++; /* VidMm recorded the use of both (ws_kmt_present) */
    return S_OK;
}

/* Every member of a callback table of only State callbacks set to the two
 * shapes; the specific ones after. */
#define FILL_STATE10(um) do { \
    (um)->pfnStateVsConstBufCb = cb_state_range; (um)->pfnStatePsSrvCb = cb_state_range; \
    (um)->pfnStatePsShaderCb = cb_state; (um)->pfnStatePsSamplerCb = cb_state_range; \
    (um)->pfnStateVsShaderCb = cb_state; (um)->pfnStatePsConstBufCb = cb_state_range; \
    (um)->pfnStateIaInputLayoutCb = cb_state; (um)->pfnStateIaVertexBufCb = cb_state_range; \
    (um)->pfnStateIaIndexBufCb = cb_state; (um)->pfnStateGsConstBufCb = cb_state_range; \
    (um)->pfnStateGsShaderCb = cb_state; (um)->pfnStateIaPrimitiveTopologyCb = cb_state; \
    (um)->pfnStateVsSrvCb = cb_state_range; (um)->pfnStateVsSamplerCb = cb_state_range; \
    (um)->pfnStateGsSrvCb = cb_state_range; (um)->pfnStateGsSamplerCb = cb_state_range; \
    (um)->pfnStateOmRenderTargetsCb = cb_state; (um)->pfnStateOmBlendStateCb = cb_state; \
    (um)->pfnStateOmDepthStateCb = cb_state; (um)->pfnStateRsRastStateCb = cb_state; \
    (um)->pfnStateSoTargetsCb = cb_state; (um)->pfnStateRsViewportsCb = cb_state; \
    (um)->pfnStateRsScissorCb = cb_state; \
    (um)->pfnDisableDeferredStagingResourceDestruction = cb_disable_deferred_staging; \
    (um)->pfnStateTextFilterSizeCb = cb_state; \
    (um)->pfnSetErrorCb = cb_set_error; \
} while (0)

/* ---- the tables ---- */

void rt_callbacks_adapter(RtAdapter *a)
{
    a->cb.pfnQueryAdapterInfoCb = cb_query_adapter_info;
}

void rt_callbacks_device(RtDevice *d)
{
    rt_callbacks_alloc(d);
    d->kt.pfnRenderCb = cb_render;
    d->kt.pfnSetDisplayModeCb = cb_set_display_mode;
    d->kt.pfnCreateContextCb = cb_create_context;
    d->kt.pfnDestroyContextCb = cb_destroy_context;
    FILL_STATE10(&d->um10);
    FILL_STATE10(&d->um11);
    d->um11.pfnStateHsSrvCb = cb_state_range;
    d->um11.pfnStateHsShaderCb = cb_state;
    d->um11.pfnStateHsSamplerCb = cb_state_range;
    d->um11.pfnStateHsConstBufCb = cb_state_range;
    d->um11.pfnStateDsSrvCb = cb_state_range;
    d->um11.pfnStateDsShaderCb = cb_state;
    d->um11.pfnStateDsSamplerCb = cb_state_range;
    d->um11.pfnStateDsConstBufCb = cb_state_range;
    d->um11.pfnPerformAmortizedProcessingCb = cb_amortized;
    d->um11.pfnStateCsSrvCb = cb_state_range;
    d->um11.pfnStateCsUavCb = cb_state_range;
    d->um11.pfnStateCsShaderCb = cb_state;
    d->um11.pfnStateCsSamplerCb = cb_state_range;
    d->um11.pfnStateCsConstBufCb = cb_state_range;
    d->dxgi_cb.pfnPresentCb = cb_dxgi_present;
}
