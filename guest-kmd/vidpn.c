/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidpn.h"
#include "alloc.h"
#include "display.h"

/* A VidPN through dxgkrnl's interface, with its topology. */
typedef struct Vp {
    D3DKMDT_HVIDPN h;
    const DXGK_VIDPN_INTERFACE *vi;
    D3DKMDT_HVIDPNTOPOLOGY topo;
    const DXGK_VIDPNTOPOLOGY_INTERFACE *ti;
} Vp;

/* What the KMD reads of a VidPN: is it one it supports, does it have the
 * path, and the pinned modes of its two ends. */
typedef struct VpState {
    bool ok, path;
    bool src_pinned, tgt_pinned;
    D3DKMDT_VIDPN_PRESENT_PATH p;
    D3DKMDT_VIDPN_SOURCE_MODE src;
    D3DKMDT_VIDPN_TARGET_MODE tgt;
} VpState;

static NTSTATUS vp_open(KmdAdapter *a, D3DKMDT_HVIDPN h, Vp *v)
{
    if (!a->started || !kmd_display_children(a) || !h) {
        return STATUS_INVALID_PARAMETER;
    }
    v->h = h;
    NTSTATUS st = a->dxgk.DxgkCbQueryVidPnInterface(h, DXGK_VIDPN_INTERFACE_VERSION_V1, &v->vi);
    return NT_SUCCESS(st) ? v->vi->pfnGetTopology(h, &v->topo, &v->ti) : st;
}

static bool transform_ok(const D3DKMDT_VIDPN_PRESENT_PATH_TRANSFORMATION *t)
{
    bool scaling = t->Scaling == D3DKMDT_VPPS_IDENTITY || t->Scaling == D3DKMDT_VPPS_UNPINNED ||
                   t->Scaling == D3DKMDT_VPPS_NOTSPECIFIED;
    bool rotation = t->Rotation == D3DKMDT_VPPR_IDENTITY ||
                    t->Rotation == D3DKMDT_VPPR_UNPINNED ||
                    t->Rotation == D3DKMDT_VPPR_NOTSPECIFIED;
    return scaling && rotation;
}

/* The topology: empty, or the one path 0 -> 0 without scaling/rotation. */
static NTSTATUS read_path(const Vp *v, VpState *s)
{
    SIZE_T n = 0;
    NTSTATUS st = v->ti->pfnGetNumPaths(v->topo, &n);
    if (!NT_SUCCESS(st) || n != 1) {
        s->ok = n == 0;
        return st;
    }
    const D3DKMDT_VIDPN_PRESENT_PATH *p = NULL;
    st = v->ti->pfnAcquireFirstPathInfo(v->topo, &p);
    if (st != STATUS_SUCCESS || !p) {
        return NT_SUCCESS(st) ? STATUS_GRAPHICS_INVALID_VIDPN_TOPOLOGY : st;
    }
    s->p = *p;
    v->ti->pfnReleasePathInfo(v->topo, p);
    s->path = true;
    s->ok = s->p.VidPnSourceId == 0 && s->p.VidPnTargetId == KMD_CHILD_UID &&
            transform_ok(&s->p.ContentTransformation);
    return STATUS_SUCCESS;
}

static NTSTATUS read_source(const Vp *v, VpState *s)
{
    D3DKMDT_HVIDPNSOURCEMODESET set;
    const DXGK_VIDPNSOURCEMODESET_INTERFACE *si;
    NTSTATUS st = v->vi->pfnAcquireSourceModeSet(v->h, 0, &set, &si);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    const D3DKMDT_VIDPN_SOURCE_MODE *m = NULL;
    st = si->pfnAcquirePinnedModeInfo(set, &m);
    s->src_pinned = NT_SUCCESS(st) && m;
    if (s->src_pinned) {
        s->src = *m;
        si->pfnReleaseModeInfo(set, m);
    }
    v->vi->pfnReleaseSourceModeSet(v->h, set);
    return st;
}

static NTSTATUS read_target(const Vp *v, VpState *s)
{
    D3DKMDT_HVIDPNTARGETMODESET set;
    const DXGK_VIDPNTARGETMODESET_INTERFACE *ti;
    NTSTATUS st = v->vi->pfnAcquireTargetModeSet(v->h, KMD_CHILD_UID, &set, &ti);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    const D3DKMDT_VIDPN_TARGET_MODE *m = NULL;
    st = ti->pfnAcquirePinnedModeInfo(set, &m);
    s->tgt_pinned = NT_SUCCESS(st) && m;
    if (s->tgt_pinned) {
        s->tgt = *m;
        ti->pfnReleaseModeInfo(set, m);
    }
    v->vi->pfnReleaseTargetModeSet(v->h, set);
    return st;
}

static const KmdMode *source_mode(const D3DKMDT_VIDPN_SOURCE_MODE *m)
{
    const D3DKMDT_GRAPHICS_RENDERING_FORMAT *g = &m->Format.Graphics;
    bool ok = m->Type == D3DKMDT_RMT_GRAPHICS && g->PixelFormat == KMD_SOURCE_D3DFMT &&
              g->VisibleRegionSize.cx == g->PrimSurfSize.cx &&
              g->VisibleRegionSize.cy == g->PrimSurfSize.cy;
    return ok ? kmd_mode_find(g->PrimSurfSize.cx, g->PrimSurfSize.cy) : NULL;
}

static const KmdMode *target_mode(const D3DKMDT_VIDPN_TARGET_MODE *m)
{
    const D3DKMDT_VIDEO_SIGNAL_INFO *s = &m->VideoSignalInfo;
    bool hz = s->VSyncFreq.Denominator &&
              s->VSyncFreq.Numerator == (uint64_t)KMD_REFRESH_HZ * s->VSyncFreq.Denominator;
    return hz ? kmd_mode_find(s->ActiveSize.cx, s->ActiveSize.cy) : NULL;
}

/* The path, then the pinned modes; ok when all of it is ours and the two
 * pinned modes (if both are) have the same size. */
static NTSTATUS inspect(const Vp *v, VpState *s)
{
    memset(s, 0, sizeof(*s));
    NTSTATUS st = read_path(v, s);
    if (!NT_SUCCESS(st) || !s->ok || !s->path) {
        return st;
    }
    st = read_source(v, s);
    if (NT_SUCCESS(st)) {
        st = read_target(v, s);
    }
    const KmdMode *src = s->src_pinned ? source_mode(&s->src) : NULL;
    const KmdMode *tgt = s->tgt_pinned ? target_mode(&s->tgt) : NULL;
    s->ok = (!s->src_pinned || src) && (!s->tgt_pinned || tgt) &&
            (!src || !tgt || src == tgt);
    return st;
}

NTSTATUS kmd_is_supported_vidpn(KmdAdapter *a, DXGKARG_ISSUPPORTEDVIDPN *args)
{
    Vp v;
    VpState s;
    NTSTATUS st = vp_open(a, args->hDesiredVidPn, &v);
    if (NT_SUCCESS(st)) {
        st = inspect(&v, &s);
    }
    args->IsVidPnSupported = NT_SUCCESS(st) && s.ok;
    return st;
}

/* ---- building mode sets --------------------------------------------------- */

static void fill_source(D3DKMDT_VIDPN_SOURCE_MODE *m, const KmdMode *k)
{
    D3DKMDT_GRAPHICS_RENDERING_FORMAT *g = &m->Format.Graphics;
    m->Type = D3DKMDT_RMT_GRAPHICS;
    g->PrimSurfSize = (D3DKMDT_2DREGION){ k->width, k->height };
    g->VisibleRegionSize = g->PrimSurfSize;
    g->Stride = k->width * 4;
    g->PixelFormat = KMD_SOURCE_D3DFMT;
    g->ColorBasis = D3DKMDT_CB_SRGB;
    g->PixelValueAccessMode = D3DKMDT_PVAM_DIRECT;
}

static void fill_target(D3DKMDT_VIDPN_TARGET_MODE *m, const KmdMode *k)
{
    D3DKMDT_VIDEO_SIGNAL_INFO *s = &m->VideoSignalInfo;
    s->VideoStandard = D3DKMDT_VSS_VESA_DMT;
    s->TotalSize = (D3DKMDT_2DREGION){ k->htotal, k->vtotal };
    s->ActiveSize = (D3DKMDT_2DREGION){ k->width, k->height };
    s->VSyncFreq = (D3DDDI_RATIONAL){ KMD_REFRESH_HZ, 1 };
    s->HSyncFreq = (D3DDDI_RATIONAL){ k->pixel_khz * 1000u, k->htotal };
    s->PixelRate = (SIZE_T)k->pixel_khz * 1000u;
    s->ScanLineOrdering = D3DDDI_VSSLO_PROGRESSIVE;
    m->WireFormatAndPreference = 0;
    m->Preference = k == &kmd_modes[0] ? D3DKMDT_MP_PREFERRED : D3DKMDT_MP_NOTPREFERRED;
}

/* Add mode k (pinned if asked) to a new source mode set. */
static NTSTATUS add_source(const DXGK_VIDPNSOURCEMODESET_INTERFACE *si,
                           D3DKMDT_HVIDPNSOURCEMODESET set, const KmdMode *k, bool pin)
{
    D3DKMDT_VIDPN_SOURCE_MODE *m = NULL;
    NTSTATUS st = si->pfnCreateNewModeInfo(set, &m);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    fill_source(m, k);
    D3DDDI_VIDEO_PRESENT_SOURCE_MODE_ID id = m->Id;
    st = si->pfnAddMode(set, m);
    if (!NT_SUCCESS(st)) {
        si->pfnReleaseModeInfo(set, m);
        return st;
    }
    return pin ? si->pfnPinMode(set, id) : STATUS_SUCCESS;
}

static NTSTATUS add_target(const DXGK_VIDPNTARGETMODESET_INTERFACE *ti,
                           D3DKMDT_HVIDPNTARGETMODESET set, const KmdMode *k, bool pin)
{
    D3DKMDT_VIDPN_TARGET_MODE *m = NULL;
    NTSTATUS st = ti->pfnCreateNewModeInfo(set, &m);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    fill_target(m, k);
    D3DKMDT_VIDEO_PRESENT_TARGET_MODE_ID id = m->Id;
    st = ti->pfnAddMode(set, m);
    if (!NT_SUCCESS(st)) {
        ti->pfnReleaseModeInfo(set, m);
        return st;
    }
    return pin ? ti->pfnPinMode(set, id) : STATUS_SUCCESS;
}

/* A new mode set for source 0 with every mode, or only `only` (pinned
 * when pin), assigned to the VidPN (released if that fails). */
static NTSTATUS new_source_set(const Vp *v, const KmdMode *only, bool pin)
{
    D3DKMDT_HVIDPNSOURCEMODESET set;
    const DXGK_VIDPNSOURCEMODESET_INTERFACE *si;
    NTSTATUS st = v->vi->pfnCreateNewSourceModeSet(v->h, 0, &set, &si);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    for (unsigned i = 0; i < KMD_MODE_COUNT && NT_SUCCESS(st); i++) {
        if (!only || only == &kmd_modes[i]) {
            st = add_source(si, set, &kmd_modes[i], pin);
        }
    }
    st = NT_SUCCESS(st) ? v->vi->pfnAssignSourceModeSet(v->h, 0, set) : st;
    if (!NT_SUCCESS(st)) {
        v->vi->pfnReleaseSourceModeSet(v->h, set);
    }
    return st;
}

static NTSTATUS new_target_set(const Vp *v, const KmdMode *only, bool pin)
{
    D3DKMDT_HVIDPNTARGETMODESET set;
    const DXGK_VIDPNTARGETMODESET_INTERFACE *ti;
    NTSTATUS st = v->vi->pfnCreateNewTargetModeSet(v->h, KMD_CHILD_UID, &set, &ti);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    for (unsigned i = 0; i < KMD_MODE_COUNT && NT_SUCCESS(st); i++) {
        if (!only || only == &kmd_modes[i]) {
            st = add_target(ti, set, &kmd_modes[i], pin);
        }
    }
    st = NT_SUCCESS(st) ? v->vi->pfnAssignTargetModeSet(v->h, KMD_CHILD_UID, set) : st;
    if (!NT_SUCCESS(st)) {
        v->vi->pfnReleaseTargetModeSet(v->h, set);
    }
    return st;
}

/* ---- RecommendFunctionalVidPn -------------------------------------------- */

static NTSTATUS add_path(const Vp *v)
{
    D3DKMDT_VIDPN_PRESENT_PATH *p = NULL;
    NTSTATUS st = v->ti->pfnCreateNewPathInfo(v->topo, &p);
    if (!NT_SUCCESS(st)) {
        return st;
    }
    p->VidPnSourceId = 0;
    p->VidPnTargetId = KMD_CHILD_UID;
    p->ImportanceOrdinal = D3DKMDT_VPPI_PRIMARY;
    memset(&p->ContentTransformation, 0, sizeof(p->ContentTransformation));
    p->ContentTransformation.Scaling = D3DKMDT_VPPS_IDENTITY;
    p->ContentTransformation.ScalingSupport.Identity = 1;
    p->ContentTransformation.Rotation = D3DKMDT_VPPR_IDENTITY;
    p->ContentTransformation.RotationSupport.Identity = 1;
    p->VidPnTargetColorBasis = D3DKMDT_CB_SRGB;
    p->VidPnTargetColorCoeffDynamicRanges = (D3DKMDT_COLOR_COEFF_DYNAMIC_RANGES){ 8, 8, 8, 0 };
    p->Content = D3DKMDT_VPPC_GRAPHICS;
    st = v->ti->pfnAddPath(v->topo, p);
    if (!NT_SUCCESS(st)) {
        v->ti->pfnReleasePathInfo(v->topo, p);
    }
    return st;
}

/* The path 0 -> 0 with the preferred mode pinned at both ends. */
NTSTATUS kmd_recommend_functional_vidpn(KmdAdapter *a,
                                        const DXGKARG_RECOMMENDFUNCTIONALVIDPN *args)
{
    Vp v;
    NTSTATUS st = vp_open(a, args->hRecommendedFunctionalVidPn, &v);
    if (NT_SUCCESS(st)) {
        st = add_path(&v);
    }
    if (NT_SUCCESS(st)) {
        st = new_source_set(&v, &kmd_modes[0], true);
    }
    return NT_SUCCESS(st) ? new_target_set(&v, &kmd_modes[0], true) : st;
}

/* ---- EnumVidPnCofuncModality ----------------------------------------------- */

/* Identity-only scaling and rotation support where they are unpinned and
 * not the pivot. */
static NTSTATUS update_support(const Vp *v, const VpState *s,
                               D3DKMDT_ENUMCOFUNCMODALITY_PIVOT_TYPE pivot)
{
    D3DKMDT_VIDPN_PRESENT_PATH p = s->p;
    D3DKMDT_VIDPN_PRESENT_PATH_TRANSFORMATION *t = &p.ContentTransformation;
    bool scaling = t->Scaling == D3DKMDT_VPPS_UNPINNED && pivot != D3DKMDT_EPT_SCALING;
    bool rotation = t->Rotation == D3DKMDT_VPPR_UNPINNED && pivot != D3DKMDT_EPT_ROTATION;
    if (scaling) {
        memset(&t->ScalingSupport, 0, sizeof(t->ScalingSupport));
        t->ScalingSupport.Identity = 1;
    }
    if (rotation) {
        memset(&t->RotationSupport, 0, sizeof(t->RotationSupport));
        t->RotationSupport.Identity = 1;
    }
    return scaling || rotation ? v->ti->pfnUpdatePathSupportInfo(v->topo, &p) : STATUS_SUCCESS;
}

NTSTATUS kmd_enum_cofunc_modality(KmdAdapter *a, const DXGKARG_ENUMVIDPNCOFUNCMODALITY *args)
{
    Vp v;
    VpState s;
    NTSTATUS st = vp_open(a, args->hConstrainingVidPn, &v);
    st = NT_SUCCESS(st) ? inspect(&v, &s) : st;
    if (!NT_SUCCESS(st) || !s.ok) {
        return NT_SUCCESS(st) ? STATUS_GRAPHICS_INVALID_VIDPN : st;
    }
    if (!s.path) {
        return STATUS_SUCCESS;
    }
    bool src_pivot = args->EnumPivotType == D3DKMDT_EPT_VIDPNSOURCE &&
                     args->EnumPivot.VidPnSourceId == 0;
    bool tgt_pivot = args->EnumPivotType == D3DKMDT_EPT_VIDPNTARGET &&
                     args->EnumPivot.VidPnTargetId == KMD_CHILD_UID;
    if (!s.src_pinned && !src_pivot) {
        st = new_source_set(&v, s.tgt_pinned ? target_mode(&s.tgt) : NULL, false);
    }
    if (NT_SUCCESS(st) && !s.tgt_pinned && !tgt_pivot) {
        st = new_target_set(&v, s.src_pinned ? source_mode(&s.src) : NULL, false);
    }
    return NT_SUCCESS(st) ? update_support(&v, &s, args->EnumPivotType) : st;
}

/* ---- CommitVidPn, source address and visibility ----------------------------- */

/* A primary of source 0 at least as large as the mode. */
static bool primary_fits(const KmdAllocation *al, uint32_t width, uint32_t height)
{
    return al && (al->desc.flags & SABLE_ALLOC_F_PRIMARY) && al->desc.vidpn_source == 0 &&
           al->desc.width >= width && al->desc.height >= height;
}

/* SetVidPnSourceAddress's primary: it fits the committed mode and is
 * resident in VRAM at `addr`, the whole allocation inside VRAM. */
static bool primary_ok(const KmdAdapter *a, const DXGKARG_SETVIDPNSOURCEADDRESS *args)
{
    const KmdAllocation *al = args->hAllocation;
    uint64_t addr = (uint64_t)args->PrimaryAddress.QuadPart;
    return primary_fits(al, a->display.width, a->display.height) &&
           args->PrimarySegment == SABLE_SEGMENT_VRAM && !(addr & 3u) &&
           addr <= a->vram_size && al->desc.size <= a->vram_size - addr;
}

NTSTATUS kmd_commit_vidpn(KmdAdapter *a, const DXGKARG_COMMITVIDPN *args)
{
    if (args->AffectedVidPnSourceId != 0 && args->AffectedVidPnSourceId != D3DDDI_ID_ALL) {
        return STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE;
    }
    Vp v;
    VpState s;
    NTSTATUS st = vp_open(a, args->hFunctionalVidPn, &v);
    st = NT_SUCCESS(st) ? inspect(&v, &s) : st;
    if (!NT_SUCCESS(st)) {
        return st;
    }
    if (!s.ok || (s.path && !s.src_pinned)) {
        return STATUS_GRAPHICS_INVALID_VIDPN; /* a functional VidPN has its modes pinned */
    }
    const KmdMode *m = s.path ? source_mode(&s.src) : NULL;
    if (args->hPrimaryAllocation && (!m || !primary_fits(args->hPrimaryAllocation, m->width,
                                                         m->height))) {
        return STATUS_INVALID_PARAMETER; /* not a primary of the mode being committed */
    }
    a->display.width = m ? m->width : 0;
    a->display.height = m ? m->height : 0;
    a->display.has_primary = false; /* until SetVidPnSourceAddress names it */
    return kmd_display_program(a);
}

NTSTATUS kmd_set_source_address(KmdAdapter *a, const DXGKARG_SETVIDPNSOURCEADDRESS *args)
{
    if (!a->started || !kmd_display_children(a) || args->VidPnSourceId != 0) {
        return STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE;
    }
    if (!primary_ok(a, args)) {
        return STATUS_INVALID_PARAMETER;
    }
    const KmdAllocation *al = args->hAllocation;
    a->display.addr = (uint64_t)args->PrimaryAddress.QuadPart;
    a->display.pitch = al->desc.pitch;
    a->display.format = al->desc.format;
    a->display.has_primary = true;
    return kmd_display_program(a);
}

NTSTATUS kmd_set_source_visibility(KmdAdapter *a, const DXGKARG_SETVIDPNSOURCEVISIBILITY *args)
{
    if (!a->started || !kmd_display_children(a) || args->VidPnSourceId != 0) {
        return STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE;
    }
    a->display.visible = args->Visible != 0;
    return kmd_display_program(a);
}
