/* SPDX-License-Identifier: MIT */
/*
 * Blits on the 3D path (docs/umd.md "The draw path"), through
 * umd_blit3d: GenMips as one linear-filtered virgl BLIT per level and
 * slice of the view (a 3D texture: per level), each level from the one
 * above it (a 2x2 (2x2x2) box average where the sizes halve exactly); ResourceResolveSubresource as a BLIT of
 * the multisampled slice into the single-sample subresource (the host
 * averages the samples).
 */
#include "umd.h"

/* Mip m - 1 of slice s scaled into mip m; of a 3D texture, all its W
 * slices at once: the host's blitter samples the source between the two
 * W slices each destination slice covers, so the linear filter averages
 * 2x2x2 texels where every size halves exactly. */
static bool blit_level(UmdDevice *d, UmdResource *r, uint32_t vf, uint32_t s, uint32_t m)
{
    const UmdSubresource *a = &r->sub[s * r->mips + m - 1], *b = &r->sub[s * r->mips + m];
    bool vol = r->dim == D3D10DDIRESOURCE_TEXTURE3D;
    const VglBlitSide src = { r->res_id, m - 1, vf,
                              { 0, 0, vol ? 0 : s, a->width, a->height, vol ? a->depth : 1 } };
    const VglBlitSide dst = { r->res_id, m, vf,
                              { 0, 0, vol ? 0 : s, b->width, b->height, vol ? b->depth : 1 } };
    return umd_blit3d(d, UMD_DDI_GenMips, r, r, VGL_BLIT_FILTER_LINEAR, &dst, &src);
}

/* Views of 1D, 2D, 3D and cube textures (and arrays) on the 3D path that
 * can be render targets. */
void umd_gen_mips(UmdDevice *d, UmdSrv *v)
{
    if (umd_check_lost(d, UMD_DDI_GenMips)) {
        return;
    }
    UmdResource *r = v ? v->res : NULL;
    uint32_t vf = r ? umd_virgl_format(v->format) : 0;
    if (!r || !r->res_id || !vf || r->dim == D3D10DDIRESOURCE_BUFFER ||
        !(r->bind & D3D10_DDI_BIND_RENDER_TARGET)) {
        umd_unsupported(d, UMD_DDI_GenMips, 0);
        return;
    }
    for (uint32_t s = v->first_slice; s < v->first_slice + v->slices; s++) {
        for (uint32_t m = v->first_mip + 1; m < v->first_mip + v->mips; m++) {
            if (!blit_level(d, r, vf, s, m)) {
                return;
            }
        }
    }
}

/* Both 3D textures of one size, src 4x multisampled, dst one sample; the
 * format one the 3D path renders (dst's format family). */
void umd_resolve(UmdDevice *d, UmdResource *dst, UINT ds, UmdResource *src, UINT ss,
                 DXGI_FORMAT f)
{
    if (umd_check_lost(d, UMD_DDI_ResourceResolveSubresource)) {
        return;
    }
    uint32_t vf = umd_virgl_format(f);
    if (!dst || !src || dst->magic != UMD_RESOURCE_MAGIC || src->magic != UMD_RESOURCE_MAGIC ||
        !dst->res_id || !src->res_id || src->samples <= 1 || dst->samples > 1 || !vf ||
        ds >= dst->nsub || ss >= src->nsub || dst->dim != D3D10DDIRESOURCE_TEXTURE2D ||
        dst->sub[ds].width != src->width || dst->sub[ds].height != src->height) {
        umd_unsupported(d, UMD_DDI_ResourceResolveSubresource, 0);
        return;
    }
    const UmdSubresource *o = &dst->sub[ds];
    const VglBlitSide from = { src->res_id, 0, vf, { 0, 0, ss, src->width, src->height, 1 } };
    const VglBlitSide to = { dst->res_id, ds % dst->mips, vf,
                             { 0, 0, ds / dst->mips, o->width, o->height, 1 } };
    umd_blit3d(d, UMD_DDI_ResourceResolveSubresource, dst, src, VGL_BLIT_FILTER_NEAREST, &to,
               &from);
}
