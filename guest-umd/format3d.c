/* SPDX-License-Identifier: MIT */
/*
 * The DXGI formats of the 3D path (docs/umd.md "Formats"): each one's
 * virgl format (gallium's pipe_format number, protocol/sable_virgl.h) and
 * what tests/winsim/d3d/test-d3d-formats.c shows virglrenderer 0.10.4 on
 * llvmpipe doing with it: sampling, rendering, 4x multisampling. Formats
 * not listed have no 3D resource. Not B5G6R5/B5G5R5A1: llvmpipe keeps
 * them as 8-bit channels, so a sampled c / 31 comes back as the 8-bit
 * value nearest it (17 / 31 read as 140 / 255), not the DXGI conversion.
 */
#include "umd.h"
#include "umd_resource.h"

enum {
    F_SAMPLE = 1u << 0, /* sampled with filtering (not integer formats) */
    F_RT = 1u << 1,     /* render target views */
    F_MSAA = 1u << 2,   /* 4x multisampled render targets, loaded (ld_ms), resolved */
    F_DEPTH = 1u << 3,  /* a depth(-stencil) format: F_MSAA is 4x depth-stencil views */
    F_TYPELESS = 1u << 4, /* resources only (umd_res3d_format), no caps of its own */
    F_VIEW = 1u << 5,   /* views of depth only (umd_view_format): sampled, ld_ms */
};

typedef struct Format3d {
    uint16_t dxgi;
    uint16_t virgl;
    uint8_t flags;
} Format3d;

#define RT_SAMPLE (F_SAMPLE | F_RT) /* and blended: not integer */

static const Format3d formats[] = {
    { DXGI_FORMAT_R32G32B32A32_FLOAT, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R32G32B32A32_UINT, SABLE_VIRGL_FORMAT_R32G32B32A32_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R32G32B32A32_SINT, SABLE_VIRGL_FORMAT_R32G32B32A32_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R32G32B32_FLOAT, SABLE_VIRGL_FORMAT_R32G32B32_FLOAT, F_SAMPLE },
    { DXGI_FORMAT_R16G16B16A16_FLOAT, SABLE_VIRGL_FORMAT_R16G16B16A16_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16G16B16A16_UNORM, SABLE_VIRGL_FORMAT_R16G16B16A16_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16G16B16A16_UINT, SABLE_VIRGL_FORMAT_R16G16B16A16_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R16G16B16A16_SNORM, SABLE_VIRGL_FORMAT_R16G16B16A16_SNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16G16B16A16_SINT, SABLE_VIRGL_FORMAT_R16G16B16A16_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R32G32_FLOAT, SABLE_VIRGL_FORMAT_R32G32_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R32G32_UINT, SABLE_VIRGL_FORMAT_R32G32_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R32G32_SINT, SABLE_VIRGL_FORMAT_R32G32_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R10G10B10A2_UNORM, SABLE_VIRGL_FORMAT_R10G10B10A2_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R10G10B10A2_UINT, SABLE_VIRGL_FORMAT_R10G10B10A2_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R11G11B10_FLOAT, SABLE_VIRGL_FORMAT_R11G11B10_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8G8B8A8_UNORM, SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8G8B8A8_UNORM_SRGB, SABLE_VIRGL_FORMAT_R8G8B8A8_SRGB, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8G8B8A8_UINT, SABLE_VIRGL_FORMAT_R8G8B8A8_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R8G8B8A8_SNORM, SABLE_VIRGL_FORMAT_R8G8B8A8_SNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8G8B8A8_SINT, SABLE_VIRGL_FORMAT_R8G8B8A8_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R16G16_FLOAT, SABLE_VIRGL_FORMAT_R16G16_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16G16_UNORM, SABLE_VIRGL_FORMAT_R16G16_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16G16_UINT, SABLE_VIRGL_FORMAT_R16G16_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R16G16_SNORM, SABLE_VIRGL_FORMAT_R16G16_SNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16G16_SINT, SABLE_VIRGL_FORMAT_R16G16_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R32_FLOAT, SABLE_VIRGL_FORMAT_R32_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R32_UINT, SABLE_VIRGL_FORMAT_R32_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R32_SINT, SABLE_VIRGL_FORMAT_R32_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R8G8_UNORM, SABLE_VIRGL_FORMAT_R8G8_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8G8_UINT, SABLE_VIRGL_FORMAT_R8G8_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R8G8_SNORM, SABLE_VIRGL_FORMAT_R8G8_SNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8G8_SINT, SABLE_VIRGL_FORMAT_R8G8_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R16_FLOAT, SABLE_VIRGL_FORMAT_R16_FLOAT, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16_UNORM, SABLE_VIRGL_FORMAT_R16_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16_UINT, SABLE_VIRGL_FORMAT_R16_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R16_SNORM, SABLE_VIRGL_FORMAT_R16_SNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R16_SINT, SABLE_VIRGL_FORMAT_R16_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R8_UNORM, SABLE_VIRGL_FORMAT_R8_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8_UINT, SABLE_VIRGL_FORMAT_R8_UINT, F_RT | F_MSAA },
    { DXGI_FORMAT_R8_SNORM, SABLE_VIRGL_FORMAT_R8_SNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R8_SINT, SABLE_VIRGL_FORMAT_R8_SINT, F_RT | F_MSAA },
    { DXGI_FORMAT_A8_UNORM, SABLE_VIRGL_FORMAT_A8_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_R9G9B9E5_SHAREDEXP, SABLE_VIRGL_FORMAT_R9G9B9E5_FLOAT, F_SAMPLE },
    { DXGI_FORMAT_B8G8R8A8_UNORM, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_B8G8R8X8_UNORM, SABLE_VIRGL_FORMAT_B8G8R8X8_UNORM, RT_SAMPLE | F_MSAA },
    { DXGI_FORMAT_B8G8R8A8_UNORM_SRGB, SABLE_VIRGL_FORMAT_B8G8R8A8_SRGB, RT_SAMPLE | F_MSAA },
    /* Block-compressed (4x4 blocks, layout.c): BC1 with its 1-bit alpha */
    { DXGI_FORMAT_BC1_UNORM, SABLE_VIRGL_FORMAT_DXT1_RGBA, F_SAMPLE },
    { DXGI_FORMAT_BC1_UNORM_SRGB, SABLE_VIRGL_FORMAT_DXT1_SRGBA, F_SAMPLE },
    { DXGI_FORMAT_BC2_UNORM, SABLE_VIRGL_FORMAT_DXT3_RGBA, F_SAMPLE },
    { DXGI_FORMAT_BC2_UNORM_SRGB, SABLE_VIRGL_FORMAT_DXT3_SRGBA, F_SAMPLE },
    { DXGI_FORMAT_BC3_UNORM, SABLE_VIRGL_FORMAT_DXT5_RGBA, F_SAMPLE },
    { DXGI_FORMAT_BC3_UNORM_SRGB, SABLE_VIRGL_FORMAT_DXT5_SRGBA, F_SAMPLE },
    { DXGI_FORMAT_BC4_UNORM, SABLE_VIRGL_FORMAT_RGTC1_UNORM, F_SAMPLE },
    { DXGI_FORMAT_BC4_SNORM, SABLE_VIRGL_FORMAT_RGTC1_SNORM, F_SAMPLE },
    { DXGI_FORMAT_BC5_UNORM, SABLE_VIRGL_FORMAT_RGTC2_UNORM, F_SAMPLE },
    { DXGI_FORMAT_BC5_SNORM, SABLE_VIRGL_FORMAT_RGTC2_SNORM, F_SAMPLE },
    { DXGI_FORMAT_BC6H_UF16, SABLE_VIRGL_FORMAT_BPTC_RGB_UFLOAT, F_SAMPLE },
    { DXGI_FORMAT_BC6H_SF16, SABLE_VIRGL_FORMAT_BPTC_RGB_FLOAT, F_SAMPLE },
    { DXGI_FORMAT_BC7_UNORM, SABLE_VIRGL_FORMAT_BPTC_RGBA_UNORM, F_SAMPLE },
    { DXGI_FORMAT_BC7_UNORM_SRGB, SABLE_VIRGL_FORMAT_BPTC_SRGBA, F_SAMPLE },
    /* Depth: D24_UNORM_S8_UINT as S8_UINT_Z24_UNORM, GL_DEPTH24_STENCIL8
     * (virglrenderer 0.10.4 has no Z24_UNORM_S8_UINT, DXGI's bit order:
     * RES_CREATE fails; the host copy is read back only through a copy to
     * a staging texture, docs/umd.md). */
    { DXGI_FORMAT_D24_UNORM_S8_UINT, SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM, F_DEPTH | F_MSAA },
    { DXGI_FORMAT_D32_FLOAT_S8X24_UINT, SABLE_VIRGL_FORMAT_Z32_FLOAT_S8X24_UINT,
      F_DEPTH | F_MSAA },
    { DXGI_FORMAT_D32_FLOAT, SABLE_VIRGL_FORMAT_Z32_FLOAT, F_DEPTH | F_MSAA },
    { DXGI_FORMAT_D16_UNORM, SABLE_VIRGL_FORMAT_Z16_UNORM, F_DEPTH | F_MSAA },
    /* TYPELESS resources: created as one typed format of their family (views
     * take their own: virglrenderer makes a GL texture view when a view's
     * format differs); R32 and R16 bound as depth-stencil as Z32_FLOAT and
     * Z16_UNORM (umd_res3d_format). */
    { DXGI_FORMAT_R32G32B32A32_TYPELESS, SABLE_VIRGL_FORMAT_R32G32B32A32_FLOAT,
      F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R16G16B16A16_TYPELESS, SABLE_VIRGL_FORMAT_R16G16B16A16_UNORM,
      F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R32G32_TYPELESS, SABLE_VIRGL_FORMAT_R32G32_FLOAT, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R10G10B10A2_TYPELESS, SABLE_VIRGL_FORMAT_R10G10B10A2_UNORM,
      F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R8G8B8A8_TYPELESS, SABLE_VIRGL_FORMAT_R8G8B8A8_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R16G16_TYPELESS, SABLE_VIRGL_FORMAT_R16G16_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R32_TYPELESS, SABLE_VIRGL_FORMAT_R32_FLOAT, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R8G8_TYPELESS, SABLE_VIRGL_FORMAT_R8G8_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R16_TYPELESS, SABLE_VIRGL_FORMAT_R16_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R8_TYPELESS, SABLE_VIRGL_FORMAT_R8_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_B8G8R8A8_TYPELESS, SABLE_VIRGL_FORMAT_B8G8R8A8_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_B8G8R8X8_TYPELESS, SABLE_VIRGL_FORMAT_B8G8R8X8_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R24G8_TYPELESS, SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM, F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_R32G8X24_TYPELESS, SABLE_VIRGL_FORMAT_Z32_FLOAT_S8X24_UINT,
      F_TYPELESS | F_MSAA },
    { DXGI_FORMAT_BC1_TYPELESS, SABLE_VIRGL_FORMAT_DXT1_RGBA, F_TYPELESS },
    { DXGI_FORMAT_BC2_TYPELESS, SABLE_VIRGL_FORMAT_DXT3_RGBA, F_TYPELESS },
    { DXGI_FORMAT_BC3_TYPELESS, SABLE_VIRGL_FORMAT_DXT5_RGBA, F_TYPELESS },
    { DXGI_FORMAT_BC4_TYPELESS, SABLE_VIRGL_FORMAT_RGTC1_UNORM, F_TYPELESS },
    { DXGI_FORMAT_BC5_TYPELESS, SABLE_VIRGL_FORMAT_RGTC2_UNORM, F_TYPELESS },
    { DXGI_FORMAT_BC7_TYPELESS, SABLE_VIRGL_FORMAT_BPTC_RGBA_UNORM, F_TYPELESS },
    /* the depth of D24S8 and D32S8 resources (test-d3d-typeless.c) */
    { DXGI_FORMAT_R24_UNORM_X8_TYPELESS, 0, F_VIEW },
    { DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS, 0, F_VIEW },
};

static const Format3d *lookup(DXGI_FORMAT f)
{
    for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
        if (formats[i].dxgi == (uint32_t)f) {
            return &formats[i];
        }
    }
    return NULL;
}

uint32_t umd_virgl_format(DXGI_FORMAT f)
{
    const Format3d *e = lookup(f);
    return e && !(e->flags & F_TYPELESS) ? e->virgl : 0;
}

uint32_t umd_res3d_format(const UmdResource *r)
{
    if (r->bind & D3D10_DDI_BIND_DEPTH_STENCIL) {
        if (r->format == DXGI_FORMAT_R32_TYPELESS) {
            return SABLE_VIRGL_FORMAT_Z32_FLOAT;
        }
        if (r->format == DXGI_FORMAT_R16_TYPELESS) {
            return SABLE_VIRGL_FORMAT_Z16_UNORM;
        }
    }
    const Format3d *e = lookup(r->format);
    return e ? e->virgl : 0;
}

bool umd_virgl_depth(uint32_t vf)
{
    return vf == SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM || vf == SABLE_VIRGL_FORMAT_Z32_FLOAT ||
           vf == SABLE_VIRGL_FORMAT_Z16_UNORM || vf == SABLE_VIRGL_FORMAT_Z32_FLOAT_S8X24_UINT;
}

/* The formats that read a depth resource's depth (of its size). */
static bool depth_read(DXGI_FORMAT f)
{
    return f == DXGI_FORMAT_R24_UNORM_X8_TYPELESS || f == DXGI_FORMAT_R32_FLOAT ||
           f == DXGI_FORMAT_R16_UNORM || f == DXGI_FORMAT_R32_FLOAT_X8X24_TYPELESS;
}

/* The stencil of a depth-stencil resource of host format vf read through
 * f: the host's stencil-only format (virglrenderer samples the stencil
 * of a depth-stencil texture for one: GL stencil texturing), its value
 * in red moved to D3D's green (0, stencil, 0, 1); 0: f is no stencil
 * read of vf. */
static uint32_t stencil_read(uint32_t vf, DXGI_FORMAT f, uint32_t *swizzle)
{
    uint32_t s = vf == SABLE_VIRGL_FORMAT_S8_UINT_Z24_UNORM && f == DXGI_FORMAT_X24_TYPELESS_G8_UINT
                     ? SABLE_VIRGL_FORMAT_S8X24_UINT
                 : vf == SABLE_VIRGL_FORMAT_Z32_FLOAT_S8X24_UINT &&
                         f == DXGI_FORMAT_X32_TYPELESS_G8X24_UINT
                     ? SABLE_VIRGL_FORMAT_X32_S8X24_UINT
                     : 0;
    if (s) {
        *swizzle = SABLE_VIRGL_SWIZZLE(4, 0, 4, 5);
    }
    return s;
}

bool umd_view_stencil(const UmdResource *r, DXGI_FORMAT f)
{
    uint32_t swizzle;
    return r->res_id && stencil_read(r->virgl_format, f, &swizzle) != 0;
}

uint32_t umd_view_format(const UmdResource *r, DXGI_FORMAT f, uint32_t *swizzle)
{
    *swizzle = SABLE_VIRGL_SWIZZLE_IDENTITY;
    if (r->res_id && umd_virgl_depth(r->virgl_format)) {
        return depth_read(f) ? r->virgl_format : stencil_read(r->virgl_format, f, swizzle);
    }
    return umd_virgl_format(f);
}

static bool has(const UmdDevice *d, DXGI_FORMAT f, uint32_t flag)
{
    const Format3d *e = lookup(f);
    return e && (e->flags & flag) && (d->adapter->priv.kmd_features & SABLE_KMD_F_3D);
}

bool umd_format3d_renderable(const UmdDevice *d, DXGI_FORMAT f)
{
    return has(d, f, F_RT);
}

/* 4x multisampled textures (llvmpipe's one multisample count): colour,
 * depth-stencil and TYPELESS formats. */
bool umd_res3d_msaa(const UmdDevice *d, DXGI_FORMAT f, uint32_t samples)
{
    return samples == UMD_MSAA_SAMPLES && has(d, f, F_MSAA);
}

/* CheckFormatSupport's bits the 3D path adds: none for TYPELESS formats,
 * MULTISAMPLE_RENDERTARGET alone for depth formats (their reads go
 * through other formats' views), SHADER_SAMPLE and MULTISAMPLE_LOAD for
 * the views reading depth. */
UINT umd_res3d_format_caps(const UmdDevice *d, DXGI_FORMAT f)
{
    if (has(d, f, F_TYPELESS)) {
        return 0;
    }
    if (has(d, f, F_VIEW)) {
        return D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE | D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD;
    }
    bool depth = has(d, f, F_DEPTH);
    return (has(d, f, F_SAMPLE) ? D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE : 0) |
           (has(d, f, F_RT) ? D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET : 0) |
           (has(d, f, F_RT) && has(d, f, F_SAMPLE) ? D3D10_DDI_FORMAT_SUPPORT_BLENDABLE : 0) |
           (has(d, f, F_MSAA) ? D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET : 0) |
           (has(d, f, F_MSAA) && !depth ? D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD : 0);
}
