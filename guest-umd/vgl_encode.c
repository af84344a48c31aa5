/* SPDX-License-Identifier: MIT */
/* The virgl command-stream encoder (contract in vgl_encode.h). Every
 * command's argument layout is the one protocol/sable_virgl.h describes. */
#include <string.h>

#include "vgl_encode.h"

void vgl_init(VglBuf *b, uint32_t *dw, uint32_t cap)
{
    *b = (VglBuf){ .dw = dw, .cap = dw ? cap : 0 };
}

uint32_t vgl_f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, sizeof u);
    return u;
}

static bool refuse(VglBuf *b)
{
    b->failed = true;
    return false;
}

uint32_t *vgl_reserve(VglBuf *b, uint32_t cmd, uint32_t obj, uint32_t len)
{
    if (b->pending || len > SABLE_VIRGL_MAX_CMD_LEN || b->n > b->cap ||
        len + 1 > b->cap - b->n) {
        refuse(b);
        return NULL;
    }
    b->dw[b->n] = SABLE_VIRGL_CMD(cmd, obj, len);
    b->pending = len + 1;
    return &b->dw[b->n + 1];
}

void vgl_commit(VglBuf *b)
{
    b->n += b->pending;
    b->pending = 0;
}

bool vgl_append(VglBuf *b, const uint32_t *cmds, uint32_t ndw)
{
    if (b->pending || (ndw && !cmds) || b->n > b->cap || ndw > b->cap - b->n) {
        return refuse(b);
    }
    if (ndw) {
        memcpy(&b->dw[b->n], cmds, 4u * ndw);
    }
    b->n += ndw;
    return true;
}

/* One command from an argument array. */
static bool emit(VglBuf *b, uint32_t cmd, uint32_t obj, const uint32_t *args, uint32_t len)
{
    uint32_t *p = vgl_reserve(b, cmd, obj, len);
    if (!p) {
        return false;
    }
    memcpy(p, args, 4u * len);
    vgl_commit(b);
    return true;
}

static bool create(VglBuf *b, uint32_t obj, const uint32_t *args, uint32_t len)
{
    return emit(b, SABLE_VIRGL_CCMD_CREATE_OBJECT, obj, args, len);
}

/* ---- state objects ---- */

bool vgl_create_blend(VglBuf *b, uint32_t handle, const VglBlend *s)
{
    uint32_t a[SABLE_VIRGL_BLEND_LEN] = { handle };
    a[1] = (s->independent ? SABLE_VIRGL_BLEND_S0_INDEPENDENT : 0) |
           (s->alpha_to_coverage ? SABLE_VIRGL_BLEND_S0_ALPHA_TO_COVERAGE : 0);
    a[2] = 0; /* logic op func: unused (logic ops off) */
    for (uint32_t i = 0; i < VGL_MAX_RT; i++) {
        const VglRtBlend *r = &s->rt[i];
        a[3 + i] = SABLE_VIRGL_BLEND_RT(r->enable, r->rgb_func, r->rgb_src, r->rgb_dst,
                                        r->alpha_func, r->alpha_src, r->alpha_dst,
                                        r->colormask);
    }
    return create(b, SABLE_VIRGL_OBJECT_BLEND, a, SABLE_VIRGL_BLEND_LEN);
}

static uint32_t stencil_dw(const VglStencil *t)
{
    return SABLE_VIRGL_DSA_STENCIL(t->enabled, t->func, t->fail_op, t->zpass_op, t->zfail_op,
                                   t->valuemask, t->writemask);
}

bool vgl_create_dsa(VglBuf *b, uint32_t handle, const VglDsa *s)
{
    const uint32_t a[SABLE_VIRGL_DSA_LEN] = {
        handle, SABLE_VIRGL_DSA_DEPTH(s->depth_enabled, s->depth_writemask, s->depth_func),
        stencil_dw(&s->stencil[0]), stencil_dw(&s->stencil[1]), vgl_f2u(0.0f) /* alpha ref */
    };
    return create(b, SABLE_VIRGL_OBJECT_DSA, a, SABLE_VIRGL_DSA_LEN);
}

bool vgl_create_rasterizer(VglBuf *b, uint32_t handle, const VglRasterizer *s)
{
    /* handle, S0, point size, sprite coord enable, S3 (stipple, clip
     * planes), line width, offset units, scale, clamp */
    const uint32_t a[SABLE_VIRGL_RASTERIZER_LEN] = {
        handle, s->s0, vgl_f2u(s->point_size), 0, 0, vgl_f2u(s->line_width),
        vgl_f2u(s->offset_units), vgl_f2u(s->offset_scale), vgl_f2u(s->offset_clamp)
    };
    return create(b, SABLE_VIRGL_OBJECT_RASTERIZER, a, SABLE_VIRGL_RASTERIZER_LEN);
}

bool vgl_create_sampler_state(VglBuf *b, uint32_t handle, const VglSampler *s)
{
    const uint32_t a[SABLE_VIRGL_SAMPLER_STATE_LEN] = {
        handle,
        SABLE_VIRGL_SAMPLER_S0(s->wrap_s, s->wrap_t, s->wrap_r, s->min_img_filter,
                               s->min_mip_filter, s->mag_img_filter, s->compare_mode,
                               s->compare_func, s->max_anisotropy),
        vgl_f2u(s->lod_bias), vgl_f2u(s->min_lod), vgl_f2u(s->max_lod),
        vgl_f2u(s->border[0]), vgl_f2u(s->border[1]), vgl_f2u(s->border[2]),
        vgl_f2u(s->border[3])
    };
    return create(b, SABLE_VIRGL_OBJECT_SAMPLER_STATE, a, SABLE_VIRGL_SAMPLER_STATE_LEN);
}

bool vgl_create_vertex_elements(VglBuf *b, uint32_t handle, const VglVertexElement *e,
                                uint32_t n)
{
    if (n == 0 || n > VGL_MAX_ELEMENTS || !e) {
        return refuse(b);
    }
    uint32_t *p = vgl_reserve(b, SABLE_VIRGL_CCMD_CREATE_OBJECT,
                              SABLE_VIRGL_OBJECT_VERTEX_ELEMENTS, 1 + 4 * n);
    if (!p) {
        return false;
    }
    p[0] = handle;
    for (uint32_t i = 0; i < n; i++) {
        p[1 + 4 * i] = e[i].src_offset;
        p[2 + 4 * i] = e[i].instance_divisor;
        p[3 + 4 * i] = e[i].vertex_buffer_index;
        p[4 + 4 * i] = e[i].src_format;
    }
    vgl_commit(b);
    return true;
}

bool vgl_create_shader(VglBuf *b, uint32_t handle, uint32_t type, const char *tgsi,
                       uint32_t tokens)
{
    return vgl_create_shader_so(b, handle, type, tgsi, tokens, NULL);
}

static bool so_ok(const VglSo *so)
{
    if (so->n > SABLE_VIRGL_MAX_SO_OUTPUTS) {
        return false;
    }
    for (uint32_t i = 0; i < so->n; i++) {
        const VglSoOutput *o = &so->out[i];
        if (!o->count || o->start + o->count > 4 || o->buffer > 3 || o->stream > 3) {
            return false;
        }
    }
    return true;
}

/* Shader object: handle, type, offlen (text bytes with the NUL, or the
 * offset of a continuation), token budget, stream-output count (a compute
 * shader: its shared bytes); the stream output (strides, 2 dwords per
 * output, first part only); then the text part, NUL-padded to dwords. */
bool vgl_create_shader_part(VglBuf *b, const VglShaderText *st, uint32_t off, uint32_t len)
{
    const VglSo *so = off ? NULL : st->so;
    uint32_t nso = so ? so->n : 0;
    if (!st->text || st->type >= SABLE_VIRGL_SHADER_TYPES || (so && !so_ok(so)) || !len ||
        (uint64_t)off + len > st->bytes || st->bytes > SABLE_VIRGL_SHADER_MAX_TEXT ||
        (st->type == SABLE_VIRGL_SHADER_COMPUTE && nso)) {
        return refuse(b);
    }
    uint32_t hdr = SABLE_VIRGL_SHADER_HDR_LEN + SABLE_VIRGL_SHADER_SO_LEN(nso);
    if (len > 4u * (SABLE_VIRGL_MAX_CMD_LEN - hdr)) {
        return refuse(b);
    }
    uint32_t text_dw = (len + 3) / 4;
    uint32_t *p = vgl_reserve(b, SABLE_VIRGL_CCMD_CREATE_OBJECT, SABLE_VIRGL_OBJECT_SHADER,
                              hdr + text_dw);
    if (!p) {
        return false;
    }
    /* a text never needs more tokens than it has characters */
    uint32_t budget = st->tokens ? st->tokens : (st->bytes < 256 ? 256 : st->bytes);
    p[0] = st->handle, p[1] = st->type, p[3] = budget;
    p[2] = off ? off | SABLE_VIRGL_SHADER_CONTINUATION : st->bytes;
    p[4] = st->type == SABLE_VIRGL_SHADER_COMPUTE ? st->shared_bytes : nso;
    uint32_t *q = &p[SABLE_VIRGL_SHADER_HDR_LEN];
    if (nso) {
        memcpy(q, so->stride, sizeof so->stride);
        for (uint32_t i = 0; i < nso; i++) {
            const VglSoOutput *o = &so->out[i];
            q[4 + 2 * i] = SABLE_VIRGL_SO_OUTPUT(o->reg, o->start, o->count, o->buffer,
                                                 o->dst_offset);
            q[5 + 2 * i] = o->stream;
        }
    }
    p[hdr + text_dw - 1] = 0;
    memcpy(&p[hdr], st->text + off, len);
    vgl_commit(b);
    return true;
}

bool vgl_create_shader_so(VglBuf *b, uint32_t handle, uint32_t type, const char *tgsi,
                          uint32_t tokens, const VglSo *so)
{
    if (!tgsi) {
        return refuse(b);
    }
    size_t bytes = strlen(tgsi) + 1;
    const VglShaderText st = { handle, type, tgsi, bytes > UINT32_MAX ? 0 : (uint32_t)bytes,
                               tokens, so, 0 };
    return vgl_create_shader_part(b, &st, 0, st.bytes);
}

bool vgl_create_surface(VglBuf *b, uint32_t handle, uint32_t res, uint32_t format,
                        uint32_t level, uint32_t first_layer, uint32_t last_layer)
{
    if (first_layer > 0xffff || last_layer > 0xffff) {
        return refuse(b);
    }
    const uint32_t a[SABLE_VIRGL_SURFACE_LEN] = { handle, res, format, level,
                                                  first_layer | (last_layer << 16) };
    return create(b, SABLE_VIRGL_OBJECT_SURFACE, a, SABLE_VIRGL_SURFACE_LEN);
}

bool vgl_create_sampler_view(VglBuf *b, uint32_t handle, uint32_t res, uint32_t format,
                             uint32_t first_layer, uint32_t last_layer, uint32_t first_level,
                             uint32_t last_level, uint32_t swizzle)
{
    if (first_layer > 0xffff || last_layer > 0xffff || first_level > 0xff ||
        last_level > 0xff) {
        return refuse(b);
    }
    const uint32_t a[SABLE_VIRGL_SAMPLER_VIEW_LEN] = {
        handle, res, format, first_layer | (last_layer << 16), first_level | (last_level << 8),
        swizzle
    };
    return create(b, SABLE_VIRGL_OBJECT_SAMPLER_VIEW, a, SABLE_VIRGL_SAMPLER_VIEW_LEN);
}

bool vgl_create_buffer_view(VglBuf *b, uint32_t handle, uint32_t res, uint32_t format,
                            uint32_t first_element, uint32_t last_element, uint32_t swizzle)
{
    if (first_element > last_element) {
        return refuse(b);
    }
    const uint32_t a[SABLE_VIRGL_SAMPLER_VIEW_LEN] = { handle,        res,          format,
                                                       first_element, last_element, swizzle };
    return create(b, SABLE_VIRGL_OBJECT_SAMPLER_VIEW, a, SABLE_VIRGL_SAMPLER_VIEW_LEN);
}

bool vgl_create_query(VglBuf *b, uint32_t handle, uint32_t type, uint32_t index,
                      uint32_t offset, uint32_t res)
{
    if (type > 0xffff || index > 0xffff) {
        return refuse(b);
    }
    const uint32_t a[SABLE_VIRGL_QUERY_LEN] = { handle, type | (index << 16), offset, res };
    return create(b, SABLE_VIRGL_OBJECT_QUERY, a, SABLE_VIRGL_QUERY_LEN);
}

bool vgl_create_so_target(VglBuf *b, uint32_t handle, uint32_t res, uint32_t offset,
                          uint32_t size)
{
    const uint32_t a[SABLE_VIRGL_SO_TARGET_LEN] = { handle, res, offset, size };
    return create(b, SABLE_VIRGL_OBJECT_STREAMOUT_TARGET, a, SABLE_VIRGL_SO_TARGET_LEN);
}

bool vgl_bind_object(VglBuf *b, uint32_t obj, uint32_t handle)
{
    return emit(b, SABLE_VIRGL_CCMD_BIND_OBJECT, obj, &handle, 1);
}

bool vgl_destroy_object(VglBuf *b, uint32_t obj, uint32_t handle)
{
    return emit(b, SABLE_VIRGL_CCMD_DESTROY_OBJECT, obj, &handle, 1);
}

bool vgl_bind_shader(VglBuf *b, uint32_t handle, uint32_t type)
{
    const uint32_t a[SABLE_VIRGL_BIND_SHADER_LEN] = { handle, type };
    return emit(b, SABLE_VIRGL_CCMD_BIND_SHADER, 0, a, SABLE_VIRGL_BIND_SHADER_LEN);
}

/* ---- pipeline state ---- */

/* A command of `lead` leading dwords then `n` x `per` dwords from items. */
static bool emit_list(VglBuf *b, uint32_t cmd, const uint32_t *lead, uint32_t nlead,
                      const uint32_t *items, uint32_t n, uint32_t per, uint32_t max_n)
{
    if (n > max_n || (n && !items)) {
        return refuse(b);
    }
    uint32_t *p = vgl_reserve(b, cmd, 0, nlead + n * per);
    if (!p) {
        return false;
    }
    if (nlead) {
        memcpy(p, lead, 4u * nlead);
    }
    if (n) {
        memcpy(p + nlead, items, 4u * n * per);
    }
    vgl_commit(b);
    return true;
}

bool vgl_set_framebuffer(VglBuf *b, const uint32_t *cbufs, uint32_t ncbufs, uint32_t zsurf)
{
    const uint32_t lead[2] = { ncbufs, zsurf };
    return emit_list(b, SABLE_VIRGL_CCMD_SET_FRAMEBUFFER_STATE, lead, 2, cbufs, ncbufs, 1,
                     VGL_MAX_RT);
}

bool vgl_set_viewports(VglBuf *b, uint32_t start, const VglViewport *v, uint32_t n)
{
    uint32_t vp[6 * 16];
    if (n > 16 || (n && !v) || start > 15) {
        return refuse(b);
    }
    for (uint32_t i = 0; i < n; i++) {
        for (uint32_t c = 0; c < 3; c++) {
            vp[6 * i + c] = vgl_f2u(v[i].scale[c]);
            vp[6 * i + 3 + c] = vgl_f2u(v[i].translate[c]);
        }
    }
    return emit_list(b, SABLE_VIRGL_CCMD_SET_VIEWPORT_STATE, &start, 1, vp, n, 6, 16);
}

bool vgl_set_scissors(VglBuf *b, uint32_t start, const VglScissor *s, uint32_t n)
{
    uint32_t sc[2 * 16];
    if (n > 16 || (n && !s) || start > 15) {
        return refuse(b);
    }
    for (uint32_t i = 0; i < n; i++) {
        sc[2 * i] = s[i].minx | ((uint32_t)s[i].miny << 16);
        sc[2 * i + 1] = s[i].maxx | ((uint32_t)s[i].maxy << 16);
    }
    return emit_list(b, SABLE_VIRGL_CCMD_SET_SCISSOR_STATE, &start, 1, sc, n, 2, 16);
}

bool vgl_set_vertex_buffers(VglBuf *b, const VglVertexBuffer *vb, uint32_t n)
{
    _Static_assert(sizeof(VglVertexBuffer) == 12, "three dwords per buffer");
    return emit_list(b, SABLE_VIRGL_CCMD_SET_VERTEX_BUFFERS, NULL, 0, (const uint32_t *)vb, n,
                     3, VGL_MAX_ELEMENTS);
}

bool vgl_set_index_buffer(VglBuf *b, uint32_t res, uint32_t index_size, uint32_t offset)
{
    if (!res) {
        return emit(b, SABLE_VIRGL_CCMD_SET_INDEX_BUFFER, 0, &res, 1);
    }
    if (index_size != 1 && index_size != 2 && index_size != 4) {
        return refuse(b);
    }
    const uint32_t a[SABLE_VIRGL_SET_INDEX_BUFFER_LEN] = { res, index_size, offset };
    return emit(b, SABLE_VIRGL_CCMD_SET_INDEX_BUFFER, 0, a, SABLE_VIRGL_SET_INDEX_BUFFER_LEN);
}

bool vgl_set_constant_buffer(VglBuf *b, uint32_t shader, uint32_t index, const uint32_t *data,
                             uint32_t ndw)
{
    const uint32_t lead[2] = { shader, index };
    if (shader >= SABLE_VIRGL_SHADER_TYPES) {
        return refuse(b);
    }
    return emit_list(b, SABLE_VIRGL_CCMD_SET_CONSTANT_BUFFER, lead, 2, data, ndw, 1,
                     SABLE_VIRGL_MAX_CMD_LEN - 2);
}

bool vgl_set_uniform_buffer(VglBuf *b, uint32_t shader, uint32_t index, uint32_t offset,
                            uint32_t length, uint32_t res)
{
    if (shader >= SABLE_VIRGL_SHADER_TYPES) {
        return refuse(b);
    }
    const uint32_t a[SABLE_VIRGL_SET_UNIFORM_BUFFER_LEN] = { shader, index, offset, length, res };
    return emit(b, SABLE_VIRGL_CCMD_SET_UNIFORM_BUFFER, 0, a, SABLE_VIRGL_SET_UNIFORM_BUFFER_LEN);
}

static bool set_per_stage(VglBuf *b, uint32_t cmd, uint32_t shader, uint32_t start,
                          const uint32_t *handles, uint32_t n, uint32_t max_n)
{
    const uint32_t lead[2] = { shader, start };
    if (shader >= SABLE_VIRGL_SHADER_TYPES) {
        return refuse(b);
    }
    return emit_list(b, cmd, lead, 2, handles, n, 1, max_n);
}

bool vgl_set_sampler_views(VglBuf *b, uint32_t shader, uint32_t start, const uint32_t *handles,
                           uint32_t n)
{
    return set_per_stage(b, SABLE_VIRGL_CCMD_SET_SAMPLER_VIEWS, shader, start, handles, n, 128);
}

bool vgl_bind_sampler_states(VglBuf *b, uint32_t shader, uint32_t start,
                             const uint32_t *handles, uint32_t n)
{
    return set_per_stage(b, SABLE_VIRGL_CCMD_BIND_SAMPLER_STATES, shader, start, handles, n,
                         32);
}

bool vgl_set_blend_color(VglBuf *b, const float rgba[4])
{
    const uint32_t a[SABLE_VIRGL_BLEND_COLOR_LEN] = { vgl_f2u(rgba[0]), vgl_f2u(rgba[1]),
                                                      vgl_f2u(rgba[2]), vgl_f2u(rgba[3]) };
    return emit(b, SABLE_VIRGL_CCMD_SET_BLEND_COLOR, 0, a, SABLE_VIRGL_BLEND_COLOR_LEN);
}

bool vgl_set_stencil_ref(VglBuf *b, uint8_t front, uint8_t back)
{
    const uint32_t a = front | ((uint32_t)back << 8);
    return emit(b, SABLE_VIRGL_CCMD_SET_STENCIL_REF, 0, &a, SABLE_VIRGL_STENCIL_REF_LEN);
}

bool vgl_set_sample_mask(VglBuf *b, uint32_t mask)
{
    return emit(b, SABLE_VIRGL_CCMD_SET_SAMPLE_MASK, 0, &mask, 1);
}

bool vgl_set_streamout_targets(VglBuf *b, uint32_t append_mask, const uint32_t *handles,
                               uint32_t n)
{
    return emit_list(b, SABLE_VIRGL_CCMD_SET_STREAMOUT_TARGETS, &append_mask, 1, handles, n, 1,
                     4);
}

/* ---- work ---- */

/* An indirect draw: one draw whose arguments are in buffer indirect_res
 * at indirect_offset (the GL DrawArrays/ElementsIndirectCommand layout). */
bool vgl_draw_vbo(VglBuf *b, const VglDraw *d)
{
    const uint32_t a[SABLE_VIRGL_DRAW_VBO_INDIRECT_LEN] = {
        d->start, d->count, d->mode, d->indexed, d->instance_count, (uint32_t)d->index_bias,
        d->start_instance, d->primitive_restart, d->restart_index, d->min_index, d->max_index,
        d->count_from_so, d->vertices_per_patch, 0, d->indirect_res, d->indirect_offset, 0, 1, 0, 0
    };
    uint32_t len = d->indirect_res         ? SABLE_VIRGL_DRAW_VBO_INDIRECT_LEN
                   : d->vertices_per_patch ? SABLE_VIRGL_DRAW_VBO_TESS_LEN
                                           : SABLE_VIRGL_DRAW_VBO_LEN;
    return emit(b, SABLE_VIRGL_CCMD_DRAW_VBO, 0, a, len);
}

/* buffers, colour (4 floats), depth (a double, low dword first), stencil */
bool vgl_clear(VglBuf *b, uint32_t buffers, const float rgba[4], double depth, uint32_t stencil)
{
    uint64_t z;
    memcpy(&z, &depth, sizeof z);
    const uint32_t a[SABLE_VIRGL_CLEAR_LEN] = {
        buffers, vgl_f2u(rgba[0]), vgl_f2u(rgba[1]), vgl_f2u(rgba[2]), vgl_f2u(rgba[3]),
        (uint32_t)z, (uint32_t)(z >> 32), stencil
    };
    return emit(b, SABLE_VIRGL_CCMD_CLEAR, 0, a, SABLE_VIRGL_CLEAR_LEN);
}

bool vgl_resource_copy_region(VglBuf *b, uint32_t dst, uint32_t dst_level, uint32_t dx,
                              uint32_t dy, uint32_t dz, uint32_t src, uint32_t src_level,
                              const VglBox *box)
{
    const uint32_t a[SABLE_VIRGL_RESOURCE_COPY_REGION_LEN] = {
        dst, dst_level, dx, dy, dz, src, src_level, box->x, box->y, box->z, box->w, box->h,
        box->d
    };
    return emit(b, SABLE_VIRGL_CCMD_RESOURCE_COPY_REGION, 0, a,
                SABLE_VIRGL_RESOURCE_COPY_REGION_LEN);
}

bool vgl_blit(VglBuf *b, uint32_t mask, uint32_t filter, const VglBlitSide *dst,
              const VglBlitSide *src)
{
    if (mask > 0xff || filter > 0xff) {
        return refuse(b);
    }
    const VglBlitSide *sd[2] = { dst, src };
    uint32_t a[SABLE_VIRGL_BLIT_LEN] = { mask | filter << 8, 0, 0 };
    for (uint32_t i = 0; i < 2; i++) {
        uint32_t *o = &a[3 + 9 * i];
        const VglBox *x = &sd[i]->box;
        const uint32_t side[9] = { sd[i]->res, sd[i]->level, sd[i]->format, x->x, x->y,
                                   x->z, x->w, x->h, x->d };
        memcpy(o, side, sizeof(side));
    }
    return emit(b, SABLE_VIRGL_CCMD_BLIT, 0, a, SABLE_VIRGL_BLIT_LEN);
}

bool vgl_inline_write(VglBuf *b, uint32_t res, uint32_t x, const void *data, uint32_t n)
{
    uint32_t ndw = (n + 3) / 4;
    uint32_t *p = n && ndw <= UINT32_MAX - VGL_INLINE_WRITE_ARGS
                      ? vgl_reserve(b, SABLE_VIRGL_CCMD_RESOURCE_INLINE_WRITE, 0,
                                    VGL_INLINE_WRITE_ARGS + ndw)
                      : NULL;
    if (!p) {
        return refuse(b);
    }
    const uint32_t a[VGL_INLINE_WRITE_ARGS] = { res, 0, 0, 0, 0, x, 0, 0, n, 1, 1 };
    memcpy(p, a, sizeof(a));
    p[VGL_INLINE_WRITE_ARGS + ndw - 1] = 0;
    memcpy(p + VGL_INLINE_WRITE_ARGS, data, n);
    vgl_commit(b);
    return true;
}

bool vgl_begin_query(VglBuf *b, uint32_t handle)
{
    return emit(b, SABLE_VIRGL_CCMD_BEGIN_QUERY, 0, &handle, 1);
}

bool vgl_end_query(VglBuf *b, uint32_t handle)
{
    return emit(b, SABLE_VIRGL_CCMD_END_QUERY, 0, &handle, 1);
}

bool vgl_get_query_result(VglBuf *b, uint32_t handle, bool wait)
{
    const uint32_t a[SABLE_VIRGL_QUERY_RESULT_LEN] = { handle, wait };
    return emit(b, SABLE_VIRGL_CCMD_GET_QUERY_RESULT, 0, a, SABLE_VIRGL_QUERY_RESULT_LEN);
}

bool vgl_set_render_condition(VglBuf *b, uint32_t handle, bool condition)
{
    const uint32_t a[SABLE_VIRGL_RENDER_CONDITION_LEN] = { handle, condition,
                                                           SABLE_VIRGL_RENDER_COND_WAIT };
    return emit(b, SABLE_VIRGL_CCMD_SET_RENDER_CONDITION, 0, a,
                SABLE_VIRGL_RENDER_CONDITION_LEN);
}
