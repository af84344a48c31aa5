/* SPDX-License-Identifier: MIT */
/*
 * Pipeline state objects: Create*, Destroy*, the setters (contract in
 * umd_state3d.h). The mapping is state3d_map.c's; this file validates the
 * call, keeps the object and its encoded CREATE_OBJECT command, and
 * records bindings in UmdState.
 */
#include <string.h>

#include "umd.h"

/* A virgl object handle, unique within the device's context (0 is never
 * a handle). */
static uint32_t next_handle(UmdDevice *d)
{
    return umd_vgl_handle(d);
}

/* Before touching the object: a lost device, or a NULL description
 * (nothing is written to the object's memory then). */
static bool can_create(UmdDevice *d, UmdDdi ddi, const void *desc)
{
    if (umd_check_lost(d, ddi)) {
        return false;
    }
    if (!desc) {
        d->states_rejected++;
        umd_error(d, ddi, E_OUTOFMEMORY, 0);
        return false;
    }
    return true;
}

/* The end of every Create*: on error the object is zeroed (never bound: no
 * magic) and E_OUTOFMEMORY reported, counted as unsupported when the
 * description is valid D3D the UMD cannot map. */
static bool created(UmdDevice *d, UmdDdi ddi, UmdStateErr e, void *o, size_t size)
{
    if (e == UMD_STATE_OK) {
        d->states_created++;
        return true;
    }
    memset(o, 0, size);
    d->states_rejected++;
    if (e == UMD_STATE_UNSUPPORTED) {
        umd_unsupported(d, ddi, 0);
    } else {
        umd_error(d, ddi, E_OUTOFMEMORY, 0);
    }
    return false;
}

/* Encode into an object's create[] (sized for it: cannot fail). */
#define ENCODE(o, call) \
    do { \
        VglBuf b_; \
        vgl_init(&b_, (o)->create, (uint32_t)(sizeof((o)->create) / 4)); \
        call; \
        (o)->ncreate = b_.n; \
    } while (0)

static void blend_finish(UmdDevice *d, UmdStateErr e, UmdBlendState *o)
{
    if (created(d, UMD_DDI_CreateBlendState, e, o, sizeof *o)) {
        o->magic = UMD_BLEND_MAGIC;
        o->handle = next_handle(d);
        ENCODE(o, vgl_create_blend(&b_, o->handle, &o->vgl));
    }
}

void umd_blend_create10(UmdDevice *d, const D3D10_DDI_BLEND_DESC *c, UmdBlendState *o)
{
    if (can_create(d, UMD_DDI_CreateBlendState, c)) {
        memset(o, 0, sizeof *o);
        blend_finish(d, umd_map_blend10(c, &o->desc, &o->vgl), o);
    }
}

void umd_blend_create(UmdDevice *d, const D3D10_1_DDI_BLEND_DESC *c, UmdBlendState *o)
{
    if (can_create(d, UMD_DDI_CreateBlendState, c)) {
        memset(o, 0, sizeof *o);
        blend_finish(d, umd_map_blend(c, &o->desc, &o->vgl), o);
    }
}

void umd_dss_create(UmdDevice *d, const D3D10_DDI_DEPTH_STENCIL_DESC *c, UmdDepthStencilState *o)
{
    if (!can_create(d, UMD_DDI_CreateDepthStencilState, c)) {
        return;
    }
    memset(o, 0, sizeof *o);
    UmdStateErr e = umd_map_dsa(c, &o->desc, &o->vgl);
    if (created(d, UMD_DDI_CreateDepthStencilState, e, o, sizeof *o)) {
        o->magic = UMD_DSS_MAGIC;
        o->handle = next_handle(d);
        ENCODE(o, vgl_create_dsa(&b_, o->handle, &o->vgl));
    }
}

/* Feature level 10.1 and later multisample points and triangles on
 * multisampled targets whatever MultisampleEnable says (it only picks the
 * line algorithm): GL_MULTISAMPLE stays on for devices of the 10.1 and 11
 * interfaces (the interface stands for the feature level here). */
static void multisample_rule(const UmdDevice *d, VglRasterizer *v)
{
    if (d->d3d11 || (d->interface_version & 0xffffu) >= D3D10_1_DDI_MINOR_VERSION) {
        v->s0 |= SABLE_VIRGL_RS_MULTISAMPLE;
    }
}

void umd_rast_create(UmdDevice *d, const D3D10_DDI_RASTERIZER_DESC *c, UmdRasterizerState *o)
{
    if (!can_create(d, UMD_DDI_CreateRasterizerState, c)) {
        return;
    }
    memset(o, 0, sizeof *o);
    o->desc = *c;
    UmdStateErr e = umd_map_rasterizer(c, &o->vgl);
    multisample_rule(d, &o->vgl);
    if (created(d, UMD_DDI_CreateRasterizerState, e, o, sizeof *o)) {
        o->magic = UMD_RAST_MAGIC;
        o->handle = next_handle(d);
        ENCODE(o, vgl_create_rasterizer(&b_, o->handle, &o->vgl));
    }
}

void umd_sampler_create(UmdDevice *d, const D3D10_DDI_SAMPLER_DESC *c, UmdSampler *o)
{
    if (!can_create(d, UMD_DDI_CreateSampler, c)) {
        return;
    }
    memset(o, 0, sizeof *o);
    UmdStateErr e = umd_map_sampler(c, &o->desc, &o->vgl);
    if (created(d, UMD_DDI_CreateSampler, e, o, sizeof *o)) {
        o->magic = UMD_SAMPLER_MAGIC;
        o->handle = next_handle(d);
        ENCODE(o, vgl_create_sampler_state(&b_, o->handle, &o->vgl));
    }
}

/* virglrenderer 0.10.4 leaves a GL texture unit with no sampler state with
 * GL's default filters, under which an integer texture is incomplete
 * (every ld reads (0, 0, 0, 1)); point filtering makes it complete and
 * changes nothing for ld. */
void umd_state_load_sampler(UmdDevice *d, UmdSampler *o)
{
    const D3D10_DDI_SAMPLER_DESC sd = { .Filter = 0, .AddressU = 3, .AddressV = 3,
                                        .AddressW = 3, .MaxAnisotropy = 1,
                                        .ComparisonFunc = 1, .MaxLOD = 1000.0f };
    memset(o, 0, sizeof *o);
    umd_map_sampler(&sd, &o->desc, &o->vgl);
    o->magic = UMD_SAMPLER_MAGIC;
    o->handle = next_handle(d);
    ENCODE(o, vgl_create_sampler_state(&b_, o->handle, &o->vgl));
}

void umd_layout_create(UmdDevice *d, const D3D10DDIARG_CREATEELEMENTLAYOUT *c,
                       UmdElementLayout *o)
{
    if (!can_create(d, UMD_DDI_CreateElementLayout, c)) {
        return;
    }
    memset(o, 0, sizeof *o);
    UmdStateErr e = umd_map_elements(c, o->elem, o->ve, &o->nve);
    if (created(d, UMD_DDI_CreateElementLayout, e, o, sizeof *o)) {
        o->magic = UMD_LAYOUT_MAGIC;
        o->nelem = c->NumElements;
        o->handle = next_handle(d);
        if (o->nve) {
            VglVertexElement ve[UMD_MAX_ELEMENTS];
            umd_layout_bindings(o, ve);
            ENCODE(o, vgl_create_vertex_elements(&b_, o->handle, ve, o->nve));
        }
    }
}

/* The virgl object kind of a live state object, its handle, host flag
 * and the DDI that destroys it. */
typedef struct HostObject {
    uint32_t type, handle;
    bool host;
    UmdDdi ddi;
} HostObject;

#define HOST_OBJECT(T, kind, fn) \
    (HostObject){ kind, ((T *)o)->handle, ((T *)o)->host, UMD_DDI_##fn }

static HostObject host_object(void *o)
{
    switch (*(uint32_t *)o) {
    case UMD_BLEND_MAGIC:
        return HOST_OBJECT(UmdBlendState, SABLE_VIRGL_OBJECT_BLEND, DestroyBlendState);
    case UMD_DSS_MAGIC:
        return HOST_OBJECT(UmdDepthStencilState, SABLE_VIRGL_OBJECT_DSA,
                           DestroyDepthStencilState);
    case UMD_RAST_MAGIC:
        return HOST_OBJECT(UmdRasterizerState, SABLE_VIRGL_OBJECT_RASTERIZER,
                           DestroyRasterizerState);
    case UMD_SAMPLER_MAGIC:
        return HOST_OBJECT(UmdSampler, SABLE_VIRGL_OBJECT_SAMPLER_STATE, DestroySampler);
    case UMD_LAYOUT_MAGIC:
        return HOST_OBJECT(UmdElementLayout, SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS,
                           DestroyElementLayout);
    default:
        return (HostObject){ SABLE_VIRGL_OBJECT_NULL, 0, false, UMD_DDI_DestroyBlendState };
    }
}

void umd_state_object_destroy(UmdDevice *d, void *o, size_t size)
{
    HostObject h = host_object(o);
    umd_state_forget(d, o);
    umd_vgl_destroy(d, h.ddi, h.type, h.handle, h.host);
    memset(o, 0, size);
}

/* D3D10/11 defaults: no blending, all channels written; depth test LESS
 * with writes, no stencil; solid fill, back faces culled, clockwise front,
 * depth clip, no scissor. */
void umd_state_defaults(UmdDevice *d, UmdBlendState *b, UmdDepthStencilState *s,
                        UmdRasterizerState *r)
{
    D3D10_1_DDI_BLEND_DESC bd;
    memset(&bd, 0, sizeof(bd));
    for (uint32_t i = 0; i < D3D10_DDI_SIMULTANEOUS_RENDER_TARGET_COUNT; i++) {
        bd.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            FALSE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
            D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD, 0xf };
    }
    const D3D10_DDI_DEPTH_STENCILOP_DESC keep = {
        D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP,
        D3D10_DDI_COMPARISON_ALWAYS };
    const D3D10_DDI_DEPTH_STENCIL_DESC dd = { TRUE, D3D10_DDI_DEPTH_WRITE_MASK_ALL,
                                              D3D10_DDI_COMPARISON_LESS, FALSE, FALSE, FALSE,
                                              0xff, 0xff, keep, keep };
    const D3D10_DDI_RASTERIZER_DESC rd = { D3D10_DDI_FILL_SOLID, D3D10_DDI_CULL_BACK, FALSE, 0,
                                           0.0f, 0.0f, TRUE, FALSE, FALSE, FALSE };
    memset(b, 0, sizeof(*b));
    memset(s, 0, sizeof(*s));
    memset(r, 0, sizeof(*r));
    umd_map_blend(&bd, &b->desc, &b->vgl);
    umd_map_dsa(&dd, &s->desc, &s->vgl);
    r->desc = rd;
    umd_map_rasterizer(&rd, &r->vgl);
    multisample_rule(d, &r->vgl);
    b->handle = next_handle(d);
    s->handle = next_handle(d);
    r->handle = next_handle(d);
    ENCODE(b, vgl_create_blend(&b_, b->handle, &b->vgl));
    ENCODE(s, vgl_create_dsa(&b_, s->handle, &s->vgl));
    ENCODE(r, vgl_create_rasterizer(&b_, r->handle, &r->vgl));
}

/* ---- setters ----
 * As the other setters (state.c), they record even on a lost device: the
 * next function whose category allows DEVICEREMOVED reports the loss. */

static bool live(const void *o, uint32_t magic)
{
    return !o || *(const uint32_t *)o == magic;
}

void umd_set_blend(UmdDevice *d, UmdBlendState *o, const FLOAT factor[4], UINT mask)
{
    if (!live(o, UMD_BLEND_MAGIC)) {
        umd_unsupported(d, UMD_DDI_SetBlendState, 0);
        return;
    }
    d->state.blend = o;
    if (factor) {
        memcpy(d->state.blend_factor, factor, sizeof(FLOAT) * 4);
    }
    d->state.sample_mask = mask;
}

void umd_set_dss(UmdDevice *d, UmdDepthStencilState *o, UINT ref)
{
    if (!live(o, UMD_DSS_MAGIC)) {
        umd_unsupported(d, UMD_DDI_SetDepthStencilState, 0);
        return;
    }
    d->state.dss = o;
    d->state.stencil_ref = ref;
}

void umd_set_rast(UmdDevice *d, UmdRasterizerState *o)
{
    if (!live(o, UMD_RAST_MAGIC)) {
        umd_unsupported(d, UMD_DDI_SetRasterizerState, 0);
        return;
    }
    d->state.rast = o;
}

void umd_set_layout(UmdDevice *d, UmdElementLayout *o)
{
    if (!live(o, UMD_LAYOUT_MAGIC)) {
        umd_unsupported(d, UMD_DDI_IaSetInputLayout, 0);
        return;
    }
    d->state.layout = o;
}

void umd_set_samplers(UmdDevice *d, UmdDdi ddi, unsigned stage, UINT start, UINT n,
                      const D3D10DDI_HSAMPLER *ph)
{
    if (start > UMD_SAMPLER_SLOTS || n > UMD_SAMPLER_SLOTS - start) {
        return; /* the runtime validated the range */
    }
    for (UINT i = 0; ph && i < n; i++) {
        if (!live(ph[i].pDrvPrivate, UMD_SAMPLER_MAGIC)) {
            umd_unsupported(d, ddi, 0);
            return;
        }
    }
    for (UINT i = 0; i < n; i++) {
        d->state.sampler[stage][start + i] = ph ? ph[i].pDrvPrivate : NULL;
    }
}
