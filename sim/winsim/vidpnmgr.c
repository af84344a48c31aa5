/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "vidpnmgr.h"
#include "bugcheck.h"

/* Live objects by handle, with their kind: a handle of another kind, or
 * of nothing, is the KMD's error. Topology handles are the VidPN's
 * address + 1 (a distinct value of the same object). */
enum { K_VIDPN = 1, K_TOPOLOGY, K_SOURCE_SET, K_TARGET_SET };
static GHashTable *live;

static void track(void *h, int kind)
{
    if (!live) {
        live = g_hash_table_new(NULL, NULL);
    }
    g_hash_table_insert(live, h, GINT_TO_POINTER(kind));
}

static void untrack(void *h)
{
    g_hash_table_remove(live, h);
}

static void *checked(void *h, int kind, const char *what)
{
    if (!live || GPOINTER_TO_INT(g_hash_table_lookup(live, h)) != kind) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, (uintptr_t)h, (uint64_t)kind, 0, 20,
                    "%s: not a live handle of that kind", what);
    }
    return h;
}

static WsVidPn *vidpn_of(D3DKMDT_HVIDPN h)
{
    return checked(h, K_VIDPN, "VidPN handle");
}

static WsVidPn *topology_of(D3DKMDT_HVIDPNTOPOLOGY h)
{
    return (WsVidPn *)((uint8_t *)checked(h, K_TOPOLOGY, "topology handle") - 1);
}

static void misuse(const char *why)
{
    ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, 0, 0, 0, 21, "VidPN interface misuse: %s", why);
}

/* ---- mode sets ------------------------------------------------------------- */

static WsModeSet *set_new(WsVidPn *v, bool source, UINT id)
{
    WsModeSet *s = g_new0(WsModeSet, 1);
    s->vidpn = v;
    s->source = source;
    s->id = id;
    s->pinned = -1;
    track(s, source ? K_SOURCE_SET : K_TARGET_SET);
    return s;
}

static void set_free(WsModeSet *s)
{
    if (s->acquired || s->set_refs) {
        misuse("a mode set freed while the KMD holds it or its modes");
    }
    untrack(s);
    g_free(s);
}

static int mode_index(const WsModeSet *s, UINT id)
{
    for (unsigned i = 0; i < s->count; i++) {
        if (s->mode[i].src.Id == id) {
            return (int)i;
        }
    }
    return -1;
}

UINT ws_vidpn_add_mode(WsModeSet *s, const WsMode *m)
{
    if (s->count == WS_VIDPN_MAX_MODES || mode_index(s, m->src.Id) >= 0) {
        misuse("mode set full or id already in it");
    }
    s->mode[s->count++] = *m;
    return m->src.Id;
}

const WsMode *ws_vidpn_pinned(const WsModeSet *s)
{
    return s->pinned >= 0 ? &s->mode[s->pinned] : NULL;
}

void ws_vidpn_pin(WsModeSet *s, UINT id)
{
    s->pinned = mode_index(s, id);
}

/* A mode info the set handed out: one of its modes. */
static unsigned handed(WsModeSet *s, const void *m)
{
    const WsMode *p = m;
    if (p < s->mode || p >= s->mode + s->count || !s->acquired) {
        return UINT_MAX;
    }
    return (unsigned)(p - s->mode);
}

static NTSTATUS set_num(WsModeSet *s, SIZE_T *n)
{
    *n = s->count;
    return STATUS_SUCCESS;
}

static NTSTATUS set_first(WsModeSet *s, const WsMode **out)
{
    *out = s->count ? &s->mode[0] : NULL;
    s->acquired += s->count != 0;
    return s->count ? STATUS_SUCCESS : STATUS_GRAPHICS_DATASET_IS_EMPTY;
}

static NTSTATUS set_next(WsModeSet *s, const void *m, const WsMode **out)
{
    unsigned i = handed(s, m);
    if (i == UINT_MAX) {
        misuse("AcquireNextModeInfo of a mode info not handed out");
    }
    *out = i + 1 < s->count ? &s->mode[i + 1] : NULL;
    s->acquired += *out != NULL;
    return *out ? STATUS_SUCCESS : STATUS_GRAPHICS_NO_MORE_ELEMENTS_IN_DATASET;
}

static NTSTATUS set_pinned(WsModeSet *s, const WsMode **out)
{
    *out = ws_vidpn_pinned(s);
    s->acquired += *out != NULL;
    return STATUS_SUCCESS;
}

/* A mode info from CreateNewModeInfo (loose), or one handed out. */
static NTSTATUS set_release(WsModeSet *s, const void *m)
{
    if (g_ptr_array_remove(s->vidpn->loose, (void *)m)) {
        g_free((void *)m);
        return STATUS_SUCCESS;
    }
    if (handed(s, m) == UINT_MAX) {
        misuse("ReleaseModeInfo of a mode info not handed out");
    }
    s->acquired--;
    return STATUS_SUCCESS;
}

static NTSTATUS set_create(WsModeSet *s, WsMode **out)
{
    static UINT next_id = 1;
    WsMode *m = g_new0(WsMode, 1);
    m->src.Id = next_id++;
    g_ptr_array_add(s->vidpn->loose, m);
    *out = m;
    return STATUS_SUCCESS;
}

/* AddMode takes the created info: copied into the set, then freed. */
static NTSTATUS set_add(WsModeSet *s, const void *m)
{
    if (!g_ptr_array_remove(s->vidpn->loose, (void *)m)) {
        misuse("AddMode of a mode info not created by CreateNewModeInfo");
    }
    WsMode copy = *(const WsMode *)m;
    g_free((void *)m);
    if (s->source && copy.src.Type != D3DKMDT_RMT_GRAPHICS) {
        return STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE_MODE;
    }
    if (s->count == WS_VIDPN_MAX_MODES || mode_index(s, copy.src.Id) >= 0) {
        return STATUS_GRAPHICS_MODE_ALREADY_IN_MODESET;
    }
    s->mode[s->count++] = copy;
    return STATUS_SUCCESS;
}

static NTSTATUS set_pin(WsModeSet *s, UINT id)
{
    int i = mode_index(s, id);
    if (i < 0) {
        return s->source ? STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE_MODE
                         : STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_TARGET_MODE;
    }
    s->pinned = i;
    return STATUS_SUCCESS;
}

/* The interface tables: thin typed wrappers over the functions above. */
#define SRC(h) ((WsModeSet *)checked((h), K_SOURCE_SET, "source mode set handle"))
#define TGT(h) ((WsModeSet *)checked((h), K_TARGET_SET, "target mode set handle"))

static NTSTATUS WDDM_API src_num(D3DKMDT_HVIDPNSOURCEMODESET h, SIZE_T *n)
{
    return set_num(SRC(h), n);
}

static NTSTATUS WDDM_API src_first(D3DKMDT_HVIDPNSOURCEMODESET h,
                                   const D3DKMDT_VIDPN_SOURCE_MODE **o)
{
    return set_first(SRC(h), (const WsMode **)o);
}

static NTSTATUS WDDM_API src_next(D3DKMDT_HVIDPNSOURCEMODESET h, const D3DKMDT_VIDPN_SOURCE_MODE *m,
                                  const D3DKMDT_VIDPN_SOURCE_MODE **o)
{
    return set_next(SRC(h), m, (const WsMode **)o);
}

static NTSTATUS WDDM_API src_pinned(D3DKMDT_HVIDPNSOURCEMODESET h,
                                    const D3DKMDT_VIDPN_SOURCE_MODE **o)
{
    return set_pinned(SRC(h), (const WsMode **)o);
}

static NTSTATUS WDDM_API src_release(D3DKMDT_HVIDPNSOURCEMODESET h,
                                     const D3DKMDT_VIDPN_SOURCE_MODE *m)
{
    return set_release(SRC(h), m);
}

static NTSTATUS WDDM_API src_create(D3DKMDT_HVIDPNSOURCEMODESET h, D3DKMDT_VIDPN_SOURCE_MODE **o)
{
    return set_create(SRC(h), (WsMode **)o);
}

static NTSTATUS WDDM_API src_add(D3DKMDT_HVIDPNSOURCEMODESET h, const D3DKMDT_VIDPN_SOURCE_MODE *m)
{
    return set_add(SRC(h), m);
}

static NTSTATUS WDDM_API src_pin(D3DKMDT_HVIDPNSOURCEMODESET h,
                                 D3DDDI_VIDEO_PRESENT_SOURCE_MODE_ID id)
{
    return set_pin(SRC(h), id);
}

static NTSTATUS WDDM_API tgt_num(D3DKMDT_HVIDPNTARGETMODESET h, SIZE_T *n)
{
    return set_num(TGT(h), n);
}

static NTSTATUS WDDM_API tgt_first(D3DKMDT_HVIDPNTARGETMODESET h,
                                   const D3DKMDT_VIDPN_TARGET_MODE **o)
{
    return set_first(TGT(h), (const WsMode **)o);
}

static NTSTATUS WDDM_API tgt_next(D3DKMDT_HVIDPNTARGETMODESET h, const D3DKMDT_VIDPN_TARGET_MODE *m,
                                  const D3DKMDT_VIDPN_TARGET_MODE **o)
{
    return set_next(TGT(h), m, (const WsMode **)o);
}

static NTSTATUS WDDM_API tgt_pinned(D3DKMDT_HVIDPNTARGETMODESET h,
                                    const D3DKMDT_VIDPN_TARGET_MODE **o)
{
    return set_pinned(TGT(h), (const WsMode **)o);
}

static NTSTATUS WDDM_API tgt_release(D3DKMDT_HVIDPNTARGETMODESET h,
                                     const D3DKMDT_VIDPN_TARGET_MODE *m)
{
    return set_release(TGT(h), m);
}

static NTSTATUS WDDM_API tgt_create(D3DKMDT_HVIDPNTARGETMODESET h, D3DKMDT_VIDPN_TARGET_MODE **o)
{
    return set_create(TGT(h), (WsMode **)o);
}

static NTSTATUS WDDM_API tgt_add(D3DKMDT_HVIDPNTARGETMODESET h, const D3DKMDT_VIDPN_TARGET_MODE *m)
{
    return set_add(TGT(h), m);
}

static NTSTATUS WDDM_API tgt_pin(D3DKMDT_HVIDPNTARGETMODESET h,
                                 D3DKMDT_VIDEO_PRESENT_TARGET_MODE_ID id)
{
    return set_pin(TGT(h), id);
}

static const DXGK_VIDPNSOURCEMODESET_INTERFACE source_if = {
    src_num, src_first, src_next, src_pinned, src_release, src_create, src_add, src_pin,
};
static const DXGK_VIDPNTARGETMODESET_INTERFACE target_if = {
    tgt_num, tgt_first, tgt_next, tgt_pinned, tgt_release, tgt_create, tgt_add, tgt_pin,
};

/* ---- topology ------------------------------------------------------------- */

static NTSTATUS WDDM_API topo_num(D3DKMDT_HVIDPNTOPOLOGY h, SIZE_T *n)
{
    *n = topology_of(h)->has_path;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API topo_acquire(D3DKMDT_HVIDPNTOPOLOGY h, D3DDDI_VIDEO_PRESENT_SOURCE_ID s,
                                      D3DDDI_VIDEO_PRESENT_TARGET_ID t,
                                      const D3DKMDT_VIDPN_PRESENT_PATH **out)
{
    WsVidPn *v = topology_of(h);
    bool hit = v->has_path && v->path.VidPnSourceId == s && v->path.VidPnTargetId == t;
    *out = hit ? &v->path : NULL;
    v->paths_acquired += hit;
    return hit ? STATUS_SUCCESS : STATUS_GRAPHICS_INVALID_VIDPN_PRESENT_PATH;
}

static NTSTATUS WDDM_API topo_first(D3DKMDT_HVIDPNTOPOLOGY h,
                                    const D3DKMDT_VIDPN_PRESENT_PATH **out)
{
    WsVidPn *v = topology_of(h);
    *out = v->has_path ? &v->path : NULL;
    v->paths_acquired += v->has_path;
    return v->has_path ? STATUS_SUCCESS : STATUS_GRAPHICS_DATASET_IS_EMPTY;
}

static NTSTATUS WDDM_API topo_next(D3DKMDT_HVIDPNTOPOLOGY h, const D3DKMDT_VIDPN_PRESENT_PATH *p,
                                   const D3DKMDT_VIDPN_PRESENT_PATH **out)
{
    WsVidPn *v = topology_of(h);
    if (p != &v->path || !v->paths_acquired) {
        misuse("AcquireNextPathInfo of a path not handed out");
    }
    *out = NULL;
    return STATUS_GRAPHICS_NO_MORE_ELEMENTS_IN_DATASET;
}

/* Only the support fields of an existing path may change. */
static NTSTATUS WDDM_API topo_update(D3DKMDT_HVIDPNTOPOLOGY h, const D3DKMDT_VIDPN_PRESENT_PATH *p)
{
    WsVidPn *v = topology_of(h);
    if (!v->has_path || p->VidPnSourceId != v->path.VidPnSourceId ||
        p->VidPnTargetId != v->path.VidPnTargetId) {
        return STATUS_GRAPHICS_INVALID_VIDPN_PRESENT_PATH;
    }
    v->path.ContentTransformation.ScalingSupport = p->ContentTransformation.ScalingSupport;
    v->path.ContentTransformation.RotationSupport = p->ContentTransformation.RotationSupport;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API topo_release(D3DKMDT_HVIDPNTOPOLOGY h, const D3DKMDT_VIDPN_PRESENT_PATH *p)
{
    WsVidPn *v = topology_of(h);
    if (g_ptr_array_remove(v->loose, (void *)p)) {
        g_free((void *)p);
        return STATUS_SUCCESS;
    }
    if (p != &v->path || !v->paths_acquired) {
        misuse("ReleasePathInfo of a path not handed out");
    }
    v->paths_acquired--;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API topo_create(D3DKMDT_HVIDPNTOPOLOGY h, D3DKMDT_VIDPN_PRESENT_PATH **out)
{
    WsVidPn *v = topology_of(h);
    D3DKMDT_VIDPN_PRESENT_PATH *p = g_new0(D3DKMDT_VIDPN_PRESENT_PATH, 1);
    g_ptr_array_add(v->loose, p);
    *out = p;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API topo_add(D3DKMDT_HVIDPNTOPOLOGY h, D3DKMDT_VIDPN_PRESENT_PATH *p)
{
    WsVidPn *v = topology_of(h);
    if (!g_ptr_array_find(v->loose, p, NULL)) {
        misuse("AddPath of a path not created by CreateNewPathInfo");
    }
    if (p->VidPnSourceId >= v->sim->display.sources ||
        p->VidPnTargetId >= v->sim->display.children) {
        return STATUS_GRAPHICS_INVALID_VIDPN_PRESENT_PATH;
    }
    if (v->has_path) {
        return STATUS_GRAPHICS_PATH_ALREADY_IN_TOPOLOGY;
    }
    v->path = *p;
    v->has_path = true;
    g_ptr_array_remove(v->loose, p);
    g_free(p);
    return STATUS_SUCCESS;
}

static const DXGK_VIDPNTOPOLOGY_INTERFACE topology_if = {
    .pfnGetNumPaths = topo_num,
    .pfnAcquirePathInfo = topo_acquire,
    .pfnAcquireFirstPathInfo = topo_first,
    .pfnAcquireNextPathInfo = topo_next,
    .pfnUpdatePathSupportInfo = topo_update,
    .pfnReleasePathInfo = topo_release,
    .pfnCreateNewPathInfo = topo_create,
    .pfnAddPath = topo_add,
};

/* ---- the VidPN interface ----------------------------------------------------- */

static NTSTATUS WDDM_API vp_topology(D3DKMDT_HVIDPN h, D3DKMDT_HVIDPNTOPOLOGY *out,
                                     const DXGK_VIDPNTOPOLOGY_INTERFACE **ifc)
{
    *out = (uint8_t *)vidpn_of(h) + 1;
    *ifc = &topology_if;
    return STATUS_SUCCESS;
}

static WsModeSet **slot(WsVidPn *v, bool source, UINT id)
{
    UINT count = source ? v->sim->display.sources : v->sim->display.children;
    if (id >= count) {
        return NULL;
    }
    return source ? &v->source_set : &v->target_set;
}

static NTSTATUS acquire_set(D3DKMDT_HVIDPN h, bool source, UINT id, HANDLE *out)
{
    WsModeSet **s = slot(vidpn_of(h), source, id);
    if (!s) {
        return source ? STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE
                      : STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_TARGET;
    }
    (*s)->set_refs++;
    *out = *s;
    return STATUS_SUCCESS;
}

static NTSTATUS release_set(D3DKMDT_HVIDPN h, WsModeSet *s)
{
    WsVidPn *v = vidpn_of(h);
    if (s->vidpn != v) {
        misuse("ReleaseModeSet of another VidPN's set");
    }
    if (!s->assigned) {
        g_ptr_array_remove(v->loose, s);
        set_free(s);
        return STATUS_SUCCESS;
    }
    if (!s->set_refs) {
        misuse("ReleaseModeSet of a set not acquired");
    }
    s->set_refs--;
    return STATUS_SUCCESS;
}

static NTSTATUS create_set(D3DKMDT_HVIDPN h, bool source, UINT id, HANDLE *out)
{
    WsVidPn *v = vidpn_of(h);
    if (!slot(v, source, id)) {
        return source ? STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_SOURCE
                      : STATUS_GRAPHICS_INVALID_VIDEO_PRESENT_TARGET;
    }
    WsModeSet *s = set_new(v, source, id);
    g_ptr_array_add(v->loose, s);
    *out = s;
    return STATUS_SUCCESS;
}

/* The new set replaces the VidPN's: it must be a loose set of this VidPN
 * for the same source/target; the old one must not be held. */
static NTSTATUS assign_set(D3DKMDT_HVIDPN h, bool source, UINT id, WsModeSet *s)
{
    WsVidPn *v = vidpn_of(h);
    WsModeSet **cur = slot(v, source, id);
    if (!cur || s->vidpn != v || s->source != source || s->id != id ||
        !g_ptr_array_remove(v->loose, s)) {
        misuse("AssignModeSet of a set not created for this source/target");
    }
    set_free(*cur);
    s->assigned = true;
    *cur = s;
    return STATUS_SUCCESS;
}

static NTSTATUS WDDM_API vp_acq_src(D3DKMDT_HVIDPN h, D3DDDI_VIDEO_PRESENT_SOURCE_ID id,
                                    D3DKMDT_HVIDPNSOURCEMODESET *o,
                                    const DXGK_VIDPNSOURCEMODESET_INTERFACE **i)
{
    *i = &source_if;
    return acquire_set(h, true, id, o);
}

static NTSTATUS WDDM_API vp_rel_src(D3DKMDT_HVIDPN h, D3DKMDT_HVIDPNSOURCEMODESET s)
{
    return release_set(h, SRC(s));
}

static NTSTATUS WDDM_API vp_new_src(D3DKMDT_HVIDPN h, D3DDDI_VIDEO_PRESENT_SOURCE_ID id,
                                    D3DKMDT_HVIDPNSOURCEMODESET *o,
                                    const DXGK_VIDPNSOURCEMODESET_INTERFACE **i)
{
    *i = &source_if;
    return create_set(h, true, id, o);
}

static NTSTATUS WDDM_API vp_asg_src(D3DKMDT_HVIDPN h, D3DDDI_VIDEO_PRESENT_SOURCE_ID id,
                                    D3DKMDT_HVIDPNSOURCEMODESET s)
{
    return assign_set(h, true, id, SRC(s));
}

static NTSTATUS WDDM_API vp_acq_tgt(D3DKMDT_HVIDPN h, D3DDDI_VIDEO_PRESENT_TARGET_ID id,
                                    D3DKMDT_HVIDPNTARGETMODESET *o,
                                    const DXGK_VIDPNTARGETMODESET_INTERFACE **i)
{
    *i = &target_if;
    return acquire_set(h, false, id, o);
}

static NTSTATUS WDDM_API vp_rel_tgt(D3DKMDT_HVIDPN h, D3DKMDT_HVIDPNTARGETMODESET s)
{
    return release_set(h, TGT(s));
}

static NTSTATUS WDDM_API vp_new_tgt(D3DKMDT_HVIDPN h, D3DDDI_VIDEO_PRESENT_TARGET_ID id,
                                    D3DKMDT_HVIDPNTARGETMODESET *o,
                                    const DXGK_VIDPNTARGETMODESET_INTERFACE **i)
{
    *i = &target_if;
    return create_set(h, false, id, o);
}

static NTSTATUS WDDM_API vp_asg_tgt(D3DKMDT_HVIDPN h, D3DDDI_VIDEO_PRESENT_TARGET_ID id,
                                    D3DKMDT_HVIDPNTARGETMODESET s)
{
    return assign_set(h, false, id, TGT(s));
}

static const DXGK_VIDPN_INTERFACE vidpn_if = {
    .Version = DXGK_VIDPN_INTERFACE_VERSION_V1,
    .pfnGetTopology = vp_topology,
    .pfnAcquireSourceModeSet = vp_acq_src,
    .pfnReleaseSourceModeSet = vp_rel_src,
    .pfnCreateNewSourceModeSet = vp_new_src,
    .pfnAssignSourceModeSet = vp_asg_src,
    .pfnAcquireTargetModeSet = vp_acq_tgt,
    .pfnReleaseTargetModeSet = vp_rel_tgt,
    .pfnCreateNewTargetModeSet = vp_new_tgt,
    .pfnAssignTargetModeSet = vp_asg_tgt,
};

NTSTATUS WDDM_API ws_cb_query_vidpn_interface(D3DKMDT_HVIDPN h, DXGK_VIDPN_INTERFACE_VERSION ver,
                                              const DXGK_VIDPN_INTERFACE **out)
{
    ws_require_passive(ws_sim_current(), "DxgkCbQueryVidPnInterface");
    vidpn_of(h);
    if (ver != DXGK_VIDPN_INTERFACE_VERSION_V1 || !out) {
        return STATUS_NOT_SUPPORTED;
    }
    *out = &vidpn_if;
    return STATUS_SUCCESS;
}

/* ---- objects ------------------------------------------------------------------ */

WsVidPn *ws_vidpn_new(WsSim *sim)
{
    WsVidPn *v = g_new0(WsVidPn, 1);
    v->sim = sim;
    v->loose = g_ptr_array_new();
    v->source_set = set_new(v, true, 0);
    v->target_set = set_new(v, false, 0);
    v->source_set->assigned = v->target_set->assigned = true;
    track(v, K_VIDPN);
    track((uint8_t *)v + 1, K_TOPOLOGY);
    return v;
}

void ws_vidpn_check_released(WsVidPn *v, const char *ddi)
{
    if (v->loose->len || v->paths_acquired || v->source_set->acquired ||
        v->source_set->set_refs || v->target_set->acquired || v->target_set->set_refs) {
        ws_bugcheck(VIDEO_SCHEDULER_INTERNAL_ERROR, v->loose->len, v->paths_acquired,
                    v->source_set->acquired + v->target_set->acquired,
                    v->source_set->set_refs + v->target_set->set_refs,
                    "%s returned holding VidPN objects", ddi);
    }
}

void ws_vidpn_free(WsVidPn *v)
{
    ws_vidpn_check_released(v, "a VidPN DDI");
    set_free(v->source_set);
    set_free(v->target_set);
    untrack(v);
    untrack((uint8_t *)v + 1);
    g_ptr_array_free(v->loose, TRUE);
    g_free(v);
}

void ws_vidpn_set_path(WsVidPn *v, D3DKMDT_VIDPN_PRESENT_PATH_SCALING scaling,
                       D3DKMDT_VIDPN_PRESENT_PATH_ROTATION rotation)
{
    memset(&v->path, 0, sizeof(v->path));
    v->path.ImportanceOrdinal = D3DKMDT_VPPI_PRIMARY;
    v->path.ContentTransformation.Scaling = scaling;
    v->path.ContentTransformation.Rotation = rotation;
    v->path.Content = D3DKMDT_VPPC_GRAPHICS;
    v->has_path = true;
}
