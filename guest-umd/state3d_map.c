/* SPDX-License-Identifier: MIT */
/*
 * D3D10/11 pipeline state -> gallium state (umd_state3d.h): blend,
 * depth-stencil, rasterizer, sampler, element layout, viewports and
 * scissors. Pure functions: no device, no allocation.
 */
#include <string.h>

#include "umd.h"

#define N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* ---- enums ---- */

/* D3D10_DDI_BLEND -> PIPE_BLENDFACTOR (0: not a D3D value). */
static const uint8_t blend_factor[] = {
    [D3D10_DDI_BLEND_ZERO] = SABLE_VIRGL_BLENDFACTOR_ZERO,
    [D3D10_DDI_BLEND_ONE] = SABLE_VIRGL_BLENDFACTOR_ONE,
    [D3D10_DDI_BLEND_SRC_COLOR] = SABLE_VIRGL_BLENDFACTOR_SRC_COLOR,
    [D3D10_DDI_BLEND_INV_SRC_COLOR] = SABLE_VIRGL_BLENDFACTOR_INV_SRC_COLOR,
    [D3D10_DDI_BLEND_SRC_ALPHA] = SABLE_VIRGL_BLENDFACTOR_SRC_ALPHA,
    [D3D10_DDI_BLEND_INV_SRC_ALPHA] = SABLE_VIRGL_BLENDFACTOR_INV_SRC_ALPHA,
    [D3D10_DDI_BLEND_DEST_ALPHA] = SABLE_VIRGL_BLENDFACTOR_DST_ALPHA,
    [D3D10_DDI_BLEND_INV_DEST_ALPHA] = SABLE_VIRGL_BLENDFACTOR_INV_DST_ALPHA,
    [D3D10_DDI_BLEND_DEST_COLOR] = SABLE_VIRGL_BLENDFACTOR_DST_COLOR,
    [D3D10_DDI_BLEND_INV_DEST_COLOR] = SABLE_VIRGL_BLENDFACTOR_INV_DST_COLOR,
    [D3D10_DDI_BLEND_SRC_ALPHASAT] = SABLE_VIRGL_BLENDFACTOR_SRC_ALPHA_SATURATE,
    [D3D10_DDI_BLEND_BLEND_FACTOR] = SABLE_VIRGL_BLENDFACTOR_CONST_COLOR,
    [D3D10_DDI_BLEND_INVBLEND_FACTOR] = SABLE_VIRGL_BLENDFACTOR_INV_CONST_COLOR,
    [D3D10_DDI_BLEND_SRC1_COLOR] = SABLE_VIRGL_BLENDFACTOR_SRC1_COLOR,
    [D3D10_DDI_BLEND_INV_SRC1_COLOR] = SABLE_VIRGL_BLENDFACTOR_INV_SRC1_COLOR,
    [D3D10_DDI_BLEND_SRC1_ALPHA] = SABLE_VIRGL_BLENDFACTOR_SRC1_ALPHA,
    [D3D10_DDI_BLEND_INV_SRC1_ALPHA] = SABLE_VIRGL_BLENDFACTOR_INV_SRC1_ALPHA,
    [D3D10_DDI_BLEND_ALPHA_FACTOR] = SABLE_VIRGL_BLENDFACTOR_CONST_ALPHA,
    [D3D10_DDI_BLEND_INVALPHA_FACTOR] = SABLE_VIRGL_BLENDFACTOR_INV_CONST_ALPHA,
};

/* D3D10_DDI_STENCIL_OP -> PIPE_STENCIL_OP (index - 1) */
static const uint8_t stencil_op[] = {
    SABLE_VIRGL_STENCIL_OP_KEEP, SABLE_VIRGL_STENCIL_OP_ZERO, SABLE_VIRGL_STENCIL_OP_REPLACE,
    SABLE_VIRGL_STENCIL_OP_INCR, SABLE_VIRGL_STENCIL_OP_DECR, SABLE_VIRGL_STENCIL_OP_INVERT,
    SABLE_VIRGL_STENCIL_OP_INCR_WRAP, SABLE_VIRGL_STENCIL_OP_DECR_WRAP,
};

/* D3D10_DDI_TEXTURE_ADDRESS_MODE -> PIPE_TEX_WRAP (index - 1) */
static const uint8_t tex_wrap[] = {
    SABLE_VIRGL_TEX_WRAP_REPEAT, SABLE_VIRGL_TEX_WRAP_MIRROR_REPEAT,
    SABLE_VIRGL_TEX_WRAP_CLAMP_TO_EDGE, SABLE_VIRGL_TEX_WRAP_CLAMP_TO_BORDER,
    SABLE_VIRGL_TEX_WRAP_MIRROR_CLAMP_TO_EDGE,
};

static bool map_factor(uint32_t d3d, uint8_t *out)
{
    if (d3d >= N_OF(blend_factor) || !blend_factor[d3d]) {
        return false;
    }
    *out = blend_factor[d3d];
    return true;
}

/* D3D blend op (ADD 1 .. MAX 5) -> PIPE_BLEND (0 .. 4) */
static bool map_blend_op(uint32_t d3d, uint8_t *out)
{
    if (d3d < D3D10_DDI_BLEND_OP_ADD || d3d > D3D10_DDI_BLEND_OP_MAX) {
        return false;
    }
    *out = (uint8_t)(d3d - D3D10_DDI_BLEND_OP_ADD);
    return true;
}

/* D3D comparison (NEVER 1 .. ALWAYS 8) -> PIPE_FUNC (NEVER 0 .. ALWAYS 7):
 * the same order. */
static bool map_func(uint32_t d3d, uint8_t *out)
{
    if (d3d < D3D10_DDI_COMPARISON_NEVER || d3d > D3D10_DDI_COMPARISON_ALWAYS) {
        return false;
    }
    *out = (uint8_t)(d3d - D3D10_DDI_COMPARISON_NEVER);
    return true;
}

static bool map_table(const uint8_t *table, size_t n, uint32_t d3d, uint8_t *out)
{
    if (d3d < 1 || d3d > n) {
        return false;
    }
    *out = table[d3d - 1];
    return true;
}

/* ---- blend ---- */

static const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 rt_default = {
    FALSE, D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
    D3D10_DDI_BLEND_ONE, D3D10_DDI_BLEND_ZERO, D3D10_DDI_BLEND_OP_ADD,
    D3D10_DDI_COLOR_WRITE_ENABLE_ALL,
};

/* One render target: the write mask always applies, the rest only when
 * blending is on (a disabled one is normalised to the defaults). */
static UmdStateErr map_rt(const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 *in,
                          D3D10_DDI_RENDER_TARGET_BLEND_DESC1 *norm, VglRtBlend *out)
{
    if (in->RenderTargetWriteMask > D3D10_DDI_COLOR_WRITE_ENABLE_ALL) {
        return UMD_STATE_INVALID;
    }
    *norm = in->BlendEnable ? *in : rt_default;
    norm->BlendEnable = in->BlendEnable ? TRUE : FALSE;
    norm->RenderTargetWriteMask = in->RenderTargetWriteMask;
    *out = (VglRtBlend){ .enable = norm->BlendEnable, .colormask = norm->RenderTargetWriteMask };
    bool ok = map_factor(norm->SrcBlend, &out->rgb_src) &&
              map_factor(norm->DestBlend, &out->rgb_dst) &&
              map_blend_op(norm->BlendOp, &out->rgb_func) &&
              map_factor(norm->SrcBlendAlpha, &out->alpha_src) &&
              map_factor(norm->DestBlendAlpha, &out->alpha_dst) &&
              map_blend_op(norm->BlendOpAlpha, &out->alpha_func);
    return ok ? UMD_STATE_OK : UMD_STATE_INVALID;
}

UmdStateErr umd_map_blend(const D3D10_1_DDI_BLEND_DESC *d, D3D10_1_DDI_BLEND_DESC *norm,
                          VglBlend *out)
{
    memset(norm, 0, sizeof *norm);
    memset(out, 0, sizeof *out);
    norm->AlphaToCoverageEnable = d->AlphaToCoverageEnable ? TRUE : FALSE;
    norm->IndependentBlendEnable = d->IndependentBlendEnable ? TRUE : FALSE;
    out->alpha_to_coverage = norm->AlphaToCoverageEnable;
    out->independent = norm->IndependentBlendEnable;
    /* without independent blending RenderTarget[0] applies to all */
    for (uint32_t i = 0; i < VGL_MAX_RT; i++) {
        const D3D10_DDI_RENDER_TARGET_BLEND_DESC1 *in =
            &d->RenderTarget[out->independent ? i : 0];
        UmdStateErr e = map_rt(in, &norm->RenderTarget[i], &out->rt[i]);
        if (e) {
            return e;
        }
    }
    return UMD_STATE_OK;
}

/* The 10.0 form: one set of factors, per-target enables and masks. */
UmdStateErr umd_map_blend10(const D3D10_DDI_BLEND_DESC *d, D3D10_1_DDI_BLEND_DESC *norm,
                            VglBlend *out)
{
    D3D10_1_DDI_BLEND_DESC d1 = { d->AlphaToCoverageEnable, TRUE, { { 0 } } };
    for (uint32_t i = 0; i < VGL_MAX_RT; i++) {
        d1.RenderTarget[i] = (D3D10_DDI_RENDER_TARGET_BLEND_DESC1){
            d->BlendEnable[i], d->SrcBlend, d->DestBlend, d->BlendOp, d->SrcBlendAlpha,
            d->DestBlendAlpha, d->BlendOpAlpha, d->RenderTargetWriteMask[i]
        };
    }
    return umd_map_blend(&d1, norm, out);
}

/* ---- depth-stencil ---- */

static const D3D10_DDI_DEPTH_STENCILOP_DESC face_default = {
    D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP, D3D10_DDI_STENCIL_OP_KEEP,
    D3D10_DDI_COMPARISON_ALWAYS,
};

static bool map_face(const D3D10_DDI_DEPTH_STENCILOP_DESC *f, bool enabled, uint8_t rmask,
                     uint8_t wmask, VglStencil *out)
{
    *out = (VglStencil){ .enabled = enabled, .valuemask = rmask, .writemask = wmask };
    return map_table(stencil_op, N_OF(stencil_op), f->StencilFailOp, &out->fail_op) &&
           map_table(stencil_op, N_OF(stencil_op), f->StencilDepthFailOp, &out->zfail_op) &&
           map_table(stencil_op, N_OF(stencil_op), f->StencilPassOp, &out->zpass_op) &&
           map_func(f->StencilFunc, &out->func);
}

UmdStateErr umd_map_dsa(const D3D10_DDI_DEPTH_STENCIL_DESC *d,
                        D3D10_DDI_DEPTH_STENCIL_DESC *norm, VglDsa *out)
{
    *norm = *d;
    memset(out, 0, sizeof *out);
    if (d->DepthWriteMask != D3D10_DDI_DEPTH_WRITE_MASK_ZERO &&
        d->DepthWriteMask != D3D10_DDI_DEPTH_WRITE_MASK_ALL) {
        return UMD_STATE_INVALID;
    }
    norm->DepthEnable = d->DepthEnable ? TRUE : FALSE;
    if (!norm->DepthEnable) {
        norm->DepthFunc = D3D10_DDI_COMPARISON_ALWAYS;
    }
    out->depth_enabled = norm->DepthEnable;
    out->depth_writemask = norm->DepthEnable && d->DepthWriteMask;
    if (!map_func(norm->DepthFunc, &out->depth_func)) {
        return UMD_STATE_INVALID;
    }
    norm->StencilEnable = d->StencilEnable ? TRUE : FALSE;
    bool front = norm->StencilEnable && d->FrontEnable;
    bool back = norm->StencilEnable && d->BackEnable;
    norm->FrontFace = front ? d->FrontFace : face_default;
    norm->BackFace = back ? d->BackFace : face_default;
    bool ok = map_face(&norm->FrontFace, front, d->StencilReadMask, d->StencilWriteMask,
                       &out->stencil[0]) &&
              map_face(&norm->BackFace, back, d->StencilReadMask, d->StencilWriteMask,
                       &out->stencil[1]);
    return ok ? UMD_STATE_OK : UMD_STATE_INVALID;
}

/* ---- rasterizer ---- */

static bool is_nan(float f)
{
    return f != f;
}

/* D3D10 rasterization: pixel centres at half integers, top-left rule,
 * depth clip as asked, no last pixel of lines; clip-space z in [0, w]
 * (clip_halfz: else the host maps z = 0 to the middle of the depth range
 * and stores (z + 1) / 2). D3D's "clockwise" is on the
 * render target (y down), gallium's winding is in window coordinates,
 * which virgl lays out with y down as well (row 0 at the top): the
 * orientation is the same, so FrontCounterClockwise maps to front_ccw
 * directly (the culling test draws both windings to check it). */
UmdStateErr umd_map_rasterizer(const D3D10_DDI_RASTERIZER_DESC *d, VglRasterizer *out)
{
    static const uint8_t cull[] = { SABLE_VIRGL_FACE_NONE, SABLE_VIRGL_FACE_FRONT,
                                    SABLE_VIRGL_FACE_BACK };
    uint8_t face;
    memset(out, 0, sizeof *out);
    if (!map_table(cull, N_OF(cull), d->CullMode, &face) ||
        (d->FillMode != D3D10_DDI_FILL_SOLID && d->FillMode != D3D10_DDI_FILL_WIREFRAME) ||
        is_nan(d->DepthBiasClamp) || is_nan(d->SlopeScaledDepthBias)) {
        return UMD_STATE_INVALID;
    }
    uint32_t fill = d->FillMode == D3D10_DDI_FILL_SOLID ? SABLE_VIRGL_POLYGON_FILL
                                                        : SABLE_VIRGL_POLYGON_LINE;
    bool offset = d->DepthBias || d->SlopeScaledDepthBias != 0.0f;
    out->s0 = SABLE_VIRGL_RS_CULL_FACE(face) | SABLE_VIRGL_RS_FILL_FRONT(fill) |
              SABLE_VIRGL_RS_FILL_BACK(fill) | SABLE_VIRGL_RS_HALF_PIXEL_CENTER |
              SABLE_VIRGL_RS_CLIP_HALFZ |
              (d->FrontCounterClockwise ? SABLE_VIRGL_RS_FRONT_CCW : 0) |
              (d->DepthClipEnable ? SABLE_VIRGL_RS_DEPTH_CLIP : 0) |
              (d->ScissorEnable ? SABLE_VIRGL_RS_SCISSOR : 0) |
              (d->MultisampleEnable ? SABLE_VIRGL_RS_MULTISAMPLE : 0) |
              (d->AntialiasedLineEnable && !d->MultisampleEnable ? SABLE_VIRGL_RS_LINE_SMOOTH
                                                                  : 0) |
              (offset ? SABLE_VIRGL_RS_OFFSET_TRI | SABLE_VIRGL_RS_OFFSET_LINE |
                            SABLE_VIRGL_RS_OFFSET_POINT
                      : 0);
    out->point_size = 1.0f;
    out->line_width = 1.0f;
    out->offset_units = (float)d->DepthBias;
    out->offset_scale = d->SlopeScaledDepthBias;
    out->offset_clamp = d->DepthBiasClamp;
    return UMD_STATE_OK;
}

/* ---- sampler ---- */

#define FILTER_MIP_LINEAR 0x01u
#define FILTER_MAG_LINEAR 0x04u
#define FILTER_MIN_LINEAR 0x10u
#define FILTER_ANISO 0x40u
#define FILTER_COMPARISON 0x80u

/* A D3D10 filter: the bits above, anisotropic only as 0x55 (+ comparison). */
static UmdStateErr check_filter(uint32_t f)
{
    if (f == (uint32_t)D3D10_DDI_FILTER_TEXT_1BIT) {
        return UMD_STATE_UNSUPPORTED; /* the runtime's text filtering */
    }
    uint32_t known = FILTER_MIP_LINEAR | FILTER_MAG_LINEAR | FILTER_MIN_LINEAR | FILTER_ANISO |
                     FILTER_COMPARISON;
    if (f & ~known) {
        return UMD_STATE_INVALID;
    }
    if ((f & FILTER_ANISO) && (f & 0x55u) != 0x55u) {
        return UMD_STATE_INVALID;
    }
    return UMD_STATE_OK;
}

UmdStateErr umd_map_sampler(const D3D10_DDI_SAMPLER_DESC *d, D3D10_DDI_SAMPLER_DESC *norm,
                            VglSampler *out)
{
    *norm = *d;
    memset(out, 0, sizeof *out);
    uint32_t f = (uint32_t)d->Filter;
    UmdStateErr e = check_filter(f);
    if (e) {
        return e;
    }
    bool aniso = f & FILTER_ANISO, compare = f & FILTER_COMPARISON;
    if ((aniso && (d->MaxAnisotropy < 1 || d->MaxAnisotropy > 16)) ||
        is_nan(d->MinLOD) || is_nan(d->MaxLOD) || is_nan(d->MipLODBias)) {
        return UMD_STATE_INVALID;
    }
    if (!compare) {
        norm->ComparisonFunc = D3D10_DDI_COMPARISON_NEVER;
    }
    out->min_img_filter = (f & FILTER_MIN_LINEAR) ? SABLE_VIRGL_TEX_FILTER_LINEAR : 0;
    out->mag_img_filter = (f & FILTER_MAG_LINEAR) ? SABLE_VIRGL_TEX_FILTER_LINEAR : 0;
    out->min_mip_filter = (f & FILTER_MIP_LINEAR) ? SABLE_VIRGL_TEX_MIPFILTER_LINEAR
                                                  : SABLE_VIRGL_TEX_MIPFILTER_NEAREST;
    out->max_anisotropy = aniso ? (uint8_t)d->MaxAnisotropy : 0;
    out->compare_mode = compare ? SABLE_VIRGL_TEX_COMPARE_R_TO_TEXTURE
                                : SABLE_VIRGL_TEX_COMPARE_NONE;
    out->lod_bias = d->MipLODBias;
    out->min_lod = d->MinLOD;
    out->max_lod = d->MaxLOD;
    memcpy(out->border, d->BorderColor, sizeof out->border);
    bool ok = map_table(tex_wrap, N_OF(tex_wrap), d->AddressU, &out->wrap_s) &&
              map_table(tex_wrap, N_OF(tex_wrap), d->AddressV, &out->wrap_t) &&
              map_table(tex_wrap, N_OF(tex_wrap), d->AddressW, &out->wrap_r) &&
              map_func(norm->ComparisonFunc, &out->compare_func);
    return ok ? UMD_STATE_OK : UMD_STATE_INVALID;
}

/* ---- element layout ---- */

static const struct {
    DXGI_FORMAT dxgi;
    uint16_t virgl;
    uint8_t bytes;
} vertex_formats[] = {
    { DXGI_FORMAT_R32G32B32A32_FLOAT, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT, 16 },
    { DXGI_FORMAT_R32G32B32A32_UINT, SABLE_VIRGL_FORMAT_R32G32B32A32_UINT, 16 },
    { DXGI_FORMAT_R32G32B32A32_SINT, SABLE_VIRGL_FORMAT_R32G32B32A32_SINT, 16 },
    { DXGI_FORMAT_R32G32B32_FLOAT, SABLE_VIRGL_FORMAT_R32G32B32_FLOAT, 12 },
    { DXGI_FORMAT_R32G32B32_UINT, SABLE_VIRGL_FORMAT_R32G32B32_UINT, 12 },
    { DXGI_FORMAT_R32G32B32_SINT, SABLE_VIRGL_FORMAT_R32G32B32_SINT, 12 },
    { DXGI_FORMAT_R16G16B16A16_FLOAT, SABLE_VIRGL_FORMAT_R16G16B16A16_FLOAT, 8 },
    { DXGI_FORMAT_R16G16B16A16_UNORM, SABLE_VIRGL_FORMAT_R16G16B16A16_UNORM, 8 },
    { DXGI_FORMAT_R16G16B16A16_UINT, SABLE_VIRGL_FORMAT_R16G16B16A16_UINT, 8 },
    { DXGI_FORMAT_R16G16B16A16_SNORM, SABLE_VIRGL_FORMAT_R16G16B16A16_SNORM, 8 },
    { DXGI_FORMAT_R16G16B16A16_SINT, SABLE_VIRGL_FORMAT_R16G16B16A16_SINT, 8 },
    { DXGI_FORMAT_R32G32_FLOAT, SABLE_VIRGL_FORMAT_R32G32_FLOAT, 8 },
    { DXGI_FORMAT_R32G32_UINT, SABLE_VIRGL_FORMAT_R32G32_UINT, 8 },
    { DXGI_FORMAT_R32G32_SINT, SABLE_VIRGL_FORMAT_R32G32_SINT, 8 },
    { DXGI_FORMAT_R8G8B8A8_UNORM, SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM, 4 },
    { DXGI_FORMAT_R8G8B8A8_UINT, SABLE_VIRGL_FORMAT_R8G8B8A8_UINT, 4 },
    { DXGI_FORMAT_R8G8B8A8_SNORM, SABLE_VIRGL_FORMAT_R8G8B8A8_SNORM, 4 },
    { DXGI_FORMAT_R8G8B8A8_SINT, SABLE_VIRGL_FORMAT_R8G8B8A8_SINT, 4 },
    { DXGI_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, 4 },
    { DXGI_FORMAT_R16G16_FLOAT, SABLE_VIRGL_FORMAT_R16G16_FLOAT, 4 },
    { DXGI_FORMAT_R16G16_UNORM, SABLE_VIRGL_FORMAT_R16G16_UNORM, 4 },
    { DXGI_FORMAT_R16G16_UINT, SABLE_VIRGL_FORMAT_R16G16_UINT, 4 },
    { DXGI_FORMAT_R16G16_SNORM, SABLE_VIRGL_FORMAT_R16G16_SNORM, 4 },
    { DXGI_FORMAT_R16G16_SINT, SABLE_VIRGL_FORMAT_R16G16_SINT, 4 },
    { DXGI_FORMAT_R32_FLOAT, SABLE_VIRGL_FORMAT_R32_FLOAT, 4 },
    { DXGI_FORMAT_R32_UINT, SABLE_VIRGL_FORMAT_R32_UINT, 4 },
    { DXGI_FORMAT_R32_SINT, SABLE_VIRGL_FORMAT_R32_SINT, 4 },
    { DXGI_FORMAT_R8G8_UNORM, SABLE_VIRGL_FORMAT_R8G8_UNORM, 2 },
    { DXGI_FORMAT_R8G8_UINT, SABLE_VIRGL_FORMAT_R8G8_UINT, 2 },
    { DXGI_FORMAT_R8G8_SNORM, SABLE_VIRGL_FORMAT_R8G8_SNORM, 2 },
    { DXGI_FORMAT_R8G8_SINT, SABLE_VIRGL_FORMAT_R8G8_SINT, 2 },
    { DXGI_FORMAT_R16_FLOAT, SABLE_VIRGL_FORMAT_R16_FLOAT, 2 },
    { DXGI_FORMAT_R16_UNORM, SABLE_VIRGL_FORMAT_R16_UNORM, 2 },
    { DXGI_FORMAT_R16_UINT, SABLE_VIRGL_FORMAT_R16_UINT, 2 },
    { DXGI_FORMAT_R16_SNORM, SABLE_VIRGL_FORMAT_R16_SNORM, 2 },
    { DXGI_FORMAT_R16_SINT, SABLE_VIRGL_FORMAT_R16_SINT, 2 },
    { DXGI_FORMAT_R8_UNORM, SABLE_VIRGL_FORMAT_R8_UNORM, 1 },
    { DXGI_FORMAT_R8_UINT, SABLE_VIRGL_FORMAT_R8_UINT, 1 },
    { DXGI_FORMAT_R8_SNORM, SABLE_VIRGL_FORMAT_R8_SNORM, 1 },
    { DXGI_FORMAT_R8_SINT, SABLE_VIRGL_FORMAT_R8_SINT, 1 },
};

static int vertex_format_index(DXGI_FORMAT f)
{
    for (size_t i = 0; i < N_OF(vertex_formats); i++) {
        if (vertex_formats[i].dxgi == f) {
            return (int)i;
        }
    }
    return -1;
}

uint32_t umd_vertex_format(DXGI_FORMAT f)
{
    int i = vertex_format_index(f);
    return i < 0 ? 0 : vertex_formats[i].virgl;
}

uint32_t umd_vertex_format_size(DXGI_FORMAT f)
{
    int i = vertex_format_index(f);
    return i < 0 ? 0 : vertex_formats[i].bytes;
}

void umd_layout_bindings(const UmdElementLayout *o, VglVertexElement *out)
{
    for (uint32_t r = 0; r < o->nve; r++) {
        out[r] = o->ve[r];
        out[r].vertex_buffer_index = r;
    }
}

/* D3D10/11 input slots (D3D11_IA_VERTEX_INPUT_RESOURCE_SLOT_COUNT). */
#define INPUT_SLOTS 32u

/* One element: checked, its appended offset resolved (slot_end: the end of
 * the previous element in each slot). */
static UmdStateErr map_element(const D3D10DDIARG_INPUT_ELEMENT_DESC *in,
                               uint32_t slot_end[INPUT_SLOTS],
                               D3D10DDIARG_INPUT_ELEMENT_DESC *out, VglVertexElement *ve)
{
    uint32_t bytes = umd_vertex_format_size(in->Format);
    if (in->InputSlot >= INPUT_SLOTS || in->InputRegister >= UMD_MAX_ELEMENTS ||
        (in->InputSlotClass != D3D10_DDI_INPUT_PER_VERTEX_DATA &&
         in->InputSlotClass != D3D10_DDI_INPUT_PER_INSTANCE_DATA)) {
        return UMD_STATE_INVALID;
    }
    if (!bytes) {
        return UMD_STATE_UNSUPPORTED;
    }
    *out = *in;
    if (in->AlignedByteOffset == UMD_APPEND_ALIGNED_ELEMENT) {
        out->AlignedByteOffset = slot_end[in->InputSlot];
    }
    if (out->AlignedByteOffset > 2048 - bytes) { /* D3D10 vertex size limit */
        return UMD_STATE_INVALID;
    }
    slot_end[in->InputSlot] = out->AlignedByteOffset + bytes;
    bool per_instance = in->InputSlotClass == D3D10_DDI_INPUT_PER_INSTANCE_DATA;
    if (!per_instance) {
        out->InstanceDataStepRate = 0;
    }
    /* a per-instance step of 0 never advances: the largest divisor */
    uint32_t divisor = !per_instance ? 0 : in->InstanceDataStepRate ? in->InstanceDataStepRate
                                                                     : UINT32_MAX;
    *ve = (VglVertexElement){ out->AlignedByteOffset, divisor, in->InputSlot,
                              umd_vertex_format(in->Format) };
    return UMD_STATE_OK;
}

/* Vertex elements are indexed by the VS input register they feed (TGSI
 * IN[n] reads element n); registers no element feeds get a 1-byte R8 read
 * of the first element's data (in bounds whenever that element is). */
UmdStateErr umd_map_elements(const D3D10DDIARG_CREATEELEMENTLAYOUT *d,
                             D3D10DDIARG_INPUT_ELEMENT_DESC *elem, VglVertexElement *ve,
                             uint32_t *nve)
{
    uint32_t slot_end[INPUT_SLOTS] = { 0 };
    uint32_t used = 0;
    *nve = 0;
    if (d->NumElements > UMD_MAX_ELEMENTS || (d->NumElements && !d->pVertexElements)) {
        return UMD_STATE_INVALID;
    }
    for (uint32_t i = 0; i < d->NumElements; i++) {
        VglVertexElement v;
        UmdStateErr e = map_element(&d->pVertexElements[i], slot_end, &elem[i], &v);
        uint32_t reg = d->pVertexElements[i].InputRegister;
        if (e) {
            return e;
        }
        if (used & (1u << reg)) {
            return UMD_STATE_UNSUPPORTED; /* two elements packed in one register */
        }
        used |= 1u << reg;
        ve[reg] = v;
        *nve = reg + 1 > *nve ? reg + 1 : *nve;
    }
    for (uint32_t r = 0; r < *nve; r++) {
        if (!(used & (1u << r))) {
            ve[r] = (VglVertexElement){ elem[0].AlignedByteOffset, 0, elem[0].InputSlot,
                                        SABLE_VIRGL_FORMAT_R8_UNORM };
        }
    }
    return UMD_STATE_OK;
}

/* ---- viewports and scissors ---- */

/* D3D: x_w = X + (x + 1) W / 2, y_w = Y + (1 - y) H / 2 (NDC y up, rows
 * down), z_w = MinDepth + z (MaxDepth - MinDepth). */
void umd_map_viewport(const D3D10_DDI_VIEWPORT *v, VglViewport *out)
{
    *out = (VglViewport){
        { v->Width / 2.0f, -v->Height / 2.0f, v->MaxDepth - v->MinDepth },
        { v->TopLeftX + v->Width / 2.0f, v->TopLeftY + v->Height / 2.0f, v->MinDepth },
    };
}

static uint16_t clamp16(LONG v)
{
    return v < 0 ? 0 : v > 0xffff ? 0xffff : (uint16_t)v;
}

/* right/bottom are exclusive in both; an inverted rectangle is empty. */
void umd_map_scissor(const D3D10_DDI_RECT *r, VglScissor *out)
{
    *out = (VglScissor){ clamp16(r->left), clamp16(r->top), clamp16(r->right),
                         clamp16(r->bottom) };
    if (out->maxx < out->minx) {
        out->maxx = out->minx;
    }
    if (out->maxy < out->miny) {
        out->maxy = out->miny;
    }
}
