/* SPDX-License-Identifier: MIT */
/*
 * Sable D3D10/10.1/11 user-mode driver: internal objects. Portable C11, no
 * glib; the same sources build the Windows DLL (mingw-w64) and link into
 * winsim's runtime simulator.
 *
 * Objects: UmdAdapter (OpenAdapter10[_2]), UmdDevice (in the runtime's
 * CalcPrivateDeviceSize memory), UmdResource (CalcPrivateResourceSize
 * memory; one allocation holding every subresource, linear or TILE_Y), UmdRtv. The
 * DDI entries (ddi.c, stubs.c) are thin: they find the object and call the
 * core (device.c, cmdbuf.c, resource.c, ...). Errors go through umd_error()
 * (errors.c) only.
 */
#ifndef SABLE_UMD_H
#define SABLE_UMD_H

#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

#include "wddm_umd.h"
#include "sable_kmd_private.h"
#include "umd_errors.h"
#include "sable_umd.h"
#include "umd_shader.h"
#include "umd_state3d.h"

typedef struct UmdAdapter {
    D3D10DDI_HRTADAPTER rt;
    const D3DDDI_ADAPTERCALLBACKS *cb;
    struct sable_umd_private priv;
    UINT interface_version;   /* from OpenAdapter */
    bool open_10_2;           /* opened through OpenAdapter10_2 */
} UmdAdapter;

/* One KMD allocation (an instance: Discard renames it). list_seq/list_index
 * say where it is in the allocation list of the command buffer being
 * built: an allocation is listed once per command buffer. */
typedef struct UmdAlloc {
    D3DKMT_HANDLE h;
    uint64_t size;
    uint32_t list_seq;        /* UmdDevice.cb_seq when listed, 0: never */
    uint32_t list_index;
    uint32_t renames;         /* times Discard gave a new instance */
} UmdAlloc;

#define UMD_MAX_SUBRESOURCES 256u

typedef struct UmdSubresource {
    uint64_t offset;          /* in the allocation */
    uint32_t pitch;           /* bytes per row (buffers: the size) */
    uint32_t width, height;   /* texels (buffers: bytes, 1) */
    uint32_t depth;           /* slices (Texture3D), else 1 */
    uint64_t slice_pitch;     /* pitch * height */
    uint64_t size;            /* slice_pitch * depth */
} UmdSubresource;

/* What a resource is, as CreateResource described it: all the UMD needs to
 * lay it out (layout.c) and, for a shared resource, what another device
 * gets back at OpenResource (shared.c). */
typedef struct UmdResourceDesc {
    uint32_t dim;             /* D3D10DDIRESOURCE_TYPE */
    uint32_t usage, bind, cpu_access, misc;
    uint32_t format;          /* DXGI_FORMAT */
    uint32_t width, height, depth, mips, array_size;
    uint32_t samples;         /* SampleDesc.Count (0, 1: one sample) */
} UmdResourceDesc;

typedef struct UmdResource {
    uint32_t magic;
    D3D10DDI_HRTRESOURCE rt;
    D3D10DDIRESOURCE_TYPE dim;
    UINT usage, bind, cpu_access, misc;
    DXGI_FORMAT format;
    uint32_t bpp;             /* bytes per element (texel, 4x4 block; buffers: 1) */
    uint32_t block;           /* texels per block side: 4 block-compressed, else 1 */
    uint32_t width, height, depth, mips, array_size;
    uint32_t samples;         /* 1, or UMD_MSAA_SAMPLES (3D path only) */
    bool primary;
    uint32_t vidpn_source;    /* primaries: their VidPN source */
    bool opened;              /* OpenResource: another device created it */
    D3DKMT_HANDLE km_resource; /* shared: the kernel-mode resource */
    UmdAlloc alloc;
    uint32_t mapped;          /* subresources mapped */
    uint8_t *map_base;        /* CPU view while mapped (linear: the aperture
                               * window or the fallback copy when tiled) */
    /* TILE_Y (docs/umd.md "Tiled surfaces"): every subresource is a TILE_Y
     * surface of pitch `pitch` at a 32-row boundary of one TILE_Y surface of
     * `rows` rows (the allocation); sub[].offset = first row * pitch is
     * also its place in the linear view. */
    bool tiled;
    uint32_t rows;            /* tiled: rows of the whole surface */
    uint32_t copy_format;     /* tiled: sable_format of the texel's byte size */
    uint32_t copy_scale;      /* tiled: copy_format pixels per texel */
    bool shadow_used;         /* mapped through the copy-and-deswizzle path */
    bool shadow_write;        /* ... and a map may have written */
    UmdAlloc shadow;          /* the linear copy while mapped that way */
    /* 3D resources (res3d.c, docs/umd.md "The draw path"): a 3D allocation
     * (linear) whose device resource id the KMD returned; the coherence
     * state of its backing and host copy; constant buffers keep a CPU copy
     * of their contents for the inline slot 0. */
    uint32_t res_id;          /* 0: not a 3D resource */
    uint32_t virgl_format;
    bool host_newer;          /* a draw wrote the host copy: FROM_HOST before 2D/CPU */
    bool backing_newer;       /* CPU/2D wrote the backing: TO_HOST before a draw */
    uint8_t *cb_data;         /* constant buffers: width bytes */
    uint8_t *dyn;             /* 3D dynamic buffers: what DISCARD maps write (map.c) */
    bool dyn_valid;           /* dyn holds the contents (no write since but through dyn):
                               * NO_OVERWRITE maps write it too */
    uint32_t byte_stride;     /* D3D11 structured buffers: the structure's bytes */
    uint32_t nsub;
    UmdSubresource sub[];     /* mip-major within each array slice */
} UmdResource;
#define UMD_RESOURCE_MAGIC 0x53455255u /* "URES" */

/* Views of 3D resources: their virgl object names the resource id the
 * resource had when it was made (res_id); a view of a resource whose id
 * changed since (RotateResourceIdentities) is made again (draw.c). */
typedef struct UmdRtv {
    UmdResource *res;
    uint32_t handle;          /* its virgl surface, created at first draw */
    bool host;
    uint32_t res_id;          /* what the surface names */
    DXGI_FORMAT format;
    uint32_t mip, first_slice, slices;
    uint32_t first_element, elements; /* buffer views */
    struct UmdResource *shadow; /* draws of some W slices of a 3D texture (view_shadow.c) */
} UmdRtv;

/* A shader-resource view: recorded, made in the virgl context at the
 * first draw that reads it. */
typedef struct UmdSrv {
    UmdResource *res;
    uint32_t handle;          /* its virgl sampler view, created at first draw */
    bool host;
    uint32_t res_id;          /* what the sampler view names */
    uint32_t target;          /* the view target it was made for (draw.c) */
    DXGI_FORMAT format;
    uint32_t first_mip, mips, first_slice, slices;
    uint32_t first_element, elements;
    uint8_t ex_kind;          /* a D3D11 raw / structured buffer view (uav.c), 0: not */
    struct UmdResource *shadow; /* what the host reads for it, NULL: none yet (view_shadow.c) */
    bool stencil;             /* reads the stencil of a depth-stencil 3D resource */
    bool stencil_shadow;      /* ... beside a depth view of it in this draw: from the shadow */
    bool on_shadow;           /* its sampler view names the shadow */
} UmdSrv;

typedef struct UmdDsv {
    UmdResource *res;
    uint32_t handle;          /* its virgl surface, created at first draw */
    bool host;
    uint32_t res_id;          /* what the surface names */
    DXGI_FORMAT format;
    uint32_t mip, first_slice, slices;
} UmdDsv;

/* An event query: QueryEnd writes an increasing value into a CPU-visible
 * allocation with WRITE32; QueryGetData compares. */
#define UMD_QUERY_GPU_MAX 2u
/* Pipeline statistics, in D3D11_DDI_QUERY_DATA_PIPELINE_STATISTICS order
 * (D3D10's form is the first 8); counted by the UMD from what it sends
 * (query3d.c, docs/umd.md "Queries"). */
enum {
    UMD_STAT_IA_VERTICES, UMD_STAT_IA_PRIMITIVES, UMD_STAT_VS_INVOCATIONS,
    UMD_STAT_GS_INVOCATIONS, UMD_STAT_GS_PRIMITIVES, UMD_STAT_C_INVOCATIONS,
    UMD_STAT_C_PRIMITIVES, UMD_STAT_PS_INVOCATIONS, UMD_STAT_HS_INVOCATIONS,
    UMD_STAT_DS_INVOCATIONS, UMD_STAT_CS_INVOCATIONS, UMD_STATS
};

typedef struct UmdQuery {
    uint32_t magic;
    D3D10DDI_QUERY type;
    UmdAlloc alloc;
    uint32_t issued;          /* value of the last QueryEnd, 0: none */
    /* GPU queries (query3d.c): virgl query objects, each writing its state
     * into its buffer qbo[i] */
    struct UmdResource *qbo[UMD_QUERY_GPU_MAX];
    uint32_t handle[UMD_QUERY_GPU_MAX], nq;
    bool host;                /* the objects exist in the context */
    /* PIPELINESTATS: the device's counters at Begin, after End the
     * difference; open between the two */
    uint64_t stats[UMD_STATS];
    bool stats_open;
    struct UmdResource *pstats; /* the host's counters at Begin and End (pstats.c) */
} UmdQuery;
#define UMD_QUERY_MAGIC 0x59524551u /* "QERY" */

/* A destruction waiting for the next submission (deferred destruction). */
typedef struct UmdDeferred {
    struct UmdDeferred *next;
    HANDLE rt_resource;       /* hRTResource.handle, NULL for driver temporaries */
    D3DKMT_HANDLE h;
} UmdDeferred;

/* Pipeline bindings recorded by the setters (nothing consumes them until
 * draws exist). Stages: VS, PS, GS, HS, DS, CS. */
enum { UMD_VS, UMD_PS, UMD_GS, UMD_HS, UMD_DS, UMD_CS, UMD_STAGES };
#define UMD_CB_SLOTS 14u
#define UMD_SRV_SLOTS 128u
#define UMD_VB_SLOTS 32u
#define UMD_SO_SLOTS 4u
#define UMD_RT_SLOTS 8u
#define UMD_UAV_SLOTS 8u /* D3D11.0: CsSetUnorderedAccessViews slots (uav.c) */
/* Viewports and scissor rectangles per pipeline (the API's
 * D3D11_VIEWPORT_AND_SCISSORRECT_OBJECT_COUNT_PER_PIPELINE). */
#define UMD_VIEWPORT_SLOTS 16u

typedef struct UmdState {
    UmdResource *cb[UMD_STAGES][UMD_CB_SLOTS];
    struct UmdSrv *srv[UMD_STAGES][UMD_SRV_SLOTS];
    UmdResource *vb[UMD_VB_SLOTS];
    UINT vb_stride[UMD_VB_SLOTS], vb_offset[UMD_VB_SLOTS];
    UmdResource *ib;
    DXGI_FORMAT ib_format;
    UINT ib_offset;
    UmdResource *so[UMD_SO_SLOTS];
    UINT so_offset[UMD_SO_SLOTS];
    struct UmdQuery *predicate; /* SetPredication's query (query3d.c), NULL: none */
    UmdRtv *rtv[UMD_RT_SLOTS];
    struct UmdDsv *dsv;
    UINT topology;
    UINT text_filter_width, text_filter_height;
    FLOAT blend_factor[4];
    UINT sample_mask, stencil_ref;
    /* SetViewports / SetScissorRects: the first `viewports` / `scissors`
     * entries are bound, the others are not (a NULL viewport) */
    D3D10_DDI_VIEWPORT viewport[UMD_VIEWPORT_SLOTS];
    D3D10_DDI_RECT scissor[UMD_VIEWPORT_SLOTS];
    UINT viewports, scissors;
    UmdShader *shader[UMD_STAGES]; /* Set*Shader (shader.c) */
    /* pipeline state objects (state3d.c); NULL: the default state */
    UmdBlendState *blend;
    UmdDepthStencilState *dss;
    UmdRasterizerState *rast;
    UmdElementLayout *layout;
    UmdSampler *sampler[UMD_STAGES][UMD_SAMPLER_SLOTS];
    struct UmdUav *uav[UMD_UAV_SLOTS]; /* the compute stage's (uav.c) */
    struct UmdUav *ps_uav[UMD_UAV_SLOTS]; /* the output merger's (pixel shader) */
} UmdState;

/* Command buffer being built in the runtime's memory (pfnCreateContextCb,
 * then each pfnRenderCb hands out the next). */
typedef struct UmdCmdBuf {
    HANDLE context;
    uint8_t *buf;
    uint32_t size, len;
    D3DDDI_ALLOCATIONLIST *alloc;
    uint32_t alloc_size, nalloc;
    D3DDDI_PATCHLOCATIONLIST *patch;
    uint32_t patch_size, npatch;
    uint8_t *packet;          /* packet begun, not committed */
    uint32_t packet_bytes;
} UmdCmdBuf;

/* The upload ring (upload.c). */
typedef struct UmdUpload {
    UmdAlloc alloc;           /* its current instance (h 0: none yet) */
    uint64_t used;            /* bytes handed out of this instance */
} UmdUpload;

/* A piece of the ring being written: CPU pointer (locked), and where the
 * packets find it. */
typedef struct UmdUploadPiece {
    uint8_t *cpu;
    UmdAlloc *alloc;
    uint64_t offset;
} UmdUploadPiece;

/* The device's virgl sub-stream (draw.c): one chunk kept open across
 * draws, dispatches, clears and blits, sent as one inline 3D SUBMIT naming
 * the union of what they name (`open`) when the command buffer is
 * submitted, before any other packet, when it is full, or when a
 * resource it names is destroyed; the D3D default state objects, made at
 * the first draw. */
#define UMD_STREAM_ALLOCS 64u
#define UMD_SENT_GROUPS 8u  /* framebuffer, binds, inputs, 5 shader stages */
#define UMD_SENT_DW 1024u   /* a group sent larger is never skipped */
typedef struct UmdNamed {
    struct UmdResource *res[UMD_STREAM_ALLOCS];
    bool write[UMD_STREAM_ALLOCS];
    uint32_t n;
} UmdNamed;
/* Stream output in the device's virgl context (so.c): per slot the target
 * object made for the resource last bound there (kept after unbinding:
 * DrawAuto draws from it), whether it is bound, and whether SoSetTargets
 * came since the last draw; the objects a draw without a pixel shader
 * binds (an empty fragment shader, a blend writing no colour) and the
 * rasterizer of a GS with no rasterized stream. */
#define UMD_SO_VARIANTS 8u
typedef struct UmdSoVariant {
    const UmdShader *real, *src; /* the bound VS/DS, the SO object in the GS slot */
    uint32_t key, handle;               /* DS: sm4_tes_key of its HS; 0: entry unused */
} UmdSoVariant;
typedef struct UmdSoState {
    UmdResource *res[UMD_SO_SLOTS];
    uint32_t handle[UMD_SO_SLOTS];
    bool bound[UMD_SO_SLOTS];
    bool dirty;
    uint32_t null_fs, null_blend, discard_rast; /* 0: not created yet */
    /* a VS or DS created with stream output in the GS slot: the virgl
     * objects of the last vertex stage's shader with its declaration
     * (umd_so_make_variant), and the one this draw binds at var_stage */
    UmdSoVariant var[UMD_SO_VARIANTS];
    uint32_t var_next, var_handle;
    unsigned var_stage;
} UmdSoState;

typedef struct UmdStream {
    uint32_t *dw;             /* SABLE_KMD_3D_MAX_INLINE_DW dwords, NULL until used */
    VglBuf b;
    UmdNamed open;            /* what the open chunk names (each once) */
    bool sending;             /* umd_stream_flush is writing the SUBMIT */
    uint32_t chunk;           /* chunks begun (the open one's number) */
    /* Per-draw state the context got in this chunk (draw.c "state the
     * context has"): per group the commands last sent, valid while only
     * draws were appended to chunk `sent_chunk` since; `draw_end`: where
     * the last draw ended in it. */
    uint32_t *sent;           /* UMD_SENT_GROUPS x UMD_SENT_DW, NULL until used */
    uint32_t sent_n[UMD_SENT_GROUPS];
    uint32_t sent_chunk, draw_end;
    bool defaults;
    UmdSampler load_sampler; /* umd_state_load_sampler */
    UmdBlendState blend;
    UmdDepthStencilState dss;
    UmdRasterizerState rast;
    UmdSoState so;
    /* the query begun and not ended per GL query target (query3d.c): the
     * host allows one, the two occlusion types share one */
    struct UmdQuery *active_query[SABLE_VIRGL_QUERY_SO_OVERFLOW_PREDICATE + 1];
    /* pipeline statistics the shaders count (pstats.c): the open queries,
     * the counter buffer (made at the first Begin) */
    uint32_t pstats_open;
    struct UmdResource *pstats_counter;
    uint32_t pstats_part;   /* the draw's part of the counter buffer (umd_pstats_draw) */
} UmdStream;

typedef struct UmdDevice {
    uint32_t magic;
    UmdAdapter *adapter;
    UINT interface_version;
    bool d3d11;
    D3D10DDI_HRTDEVICE rt;
    D3D10DDI_HRTCORELAYER rt_core;
    const D3DDDI_DEVICECALLBACKS *kt;
    const D3D10DDI_CORELAYER_DEVICECALLBACKS *um10;
    const D3D11DDI_CORELAYER_DEVICECALLBACKS *um11;
    const DXGI_DDI_BASE_CALLBACKS *dxgi_cb;
    UmdCmdBuf cb;
    UmdState state;
    uint32_t cb_seq;          /* id of the command buffer being built, from 1 */
    bool in_flush;
    UmdDeferred *deferred, **deferred_tail;
    UmdUpload upload;
    bool lost;
    HRESULT lost_reason;
    UmdDdi lost_ddi;
    /* statistics (tests, docs) */
    uint32_t submits, auto_flushes, amortized_calls, errors_reported;
    uint32_t unsupported_calls, deferred_freed, discard_retries;
    uint32_t aperture_maps, aperture_fallbacks, tiled_resources;
    uint32_t upload_pieces, upload_renames, upload_temporaries, upload_in_place;
    UmdDdi last_unsupported;
    uint32_t shaders_created, shaders_rejected;
    int last_shader_error;   /* Sm4Error of the last rejected shader */
    uint32_t states_created, states_rejected; /* state objects (state3d.c) */
    uint32_t vgl_handles;    /* the last virgl object handle handed out */
    UmdStream s3d;           /* the draw path (draw.c) */
    uint32_t draws, transfers, submits3d, objects3d;
    uint32_t state_skips;    /* state groups not sent again (draw.c) */
    uint32_t shadow_copies;  /* RESOURCE_COPY_REGIONs into view shadows (draw.c) */
    uint32_t dispatches;     /* compute.c */
    uint64_t stats[UMD_STATS]; /* pipeline statistics so far (query3d.c) */
    bool submitted_since_amortized;
} UmdDevice;
#define UMD_DEVICE_MAGIC 0x56454455u /* "UDEV" */

static inline UmdDevice *umd_dev(D3D10DDI_HDEVICE h) { return (UmdDevice *)h.pDrvPrivate; }
/* The runtime may change the core-layer callbacks at any time: read them
 * at each use, never cached. */
static inline void umd_set_error_cb(UmdDevice *d, HRESULT hr)
{
    if (d->um11) {
        d->um11->pfnSetErrorCb(d->rt_core, hr);
    } else {
        d->um10->pfnSetErrorCb(d->rt_core, hr);
    }
}
static inline UmdResource *umd_res(D3D10DDI_HRESOURCE h) { return (UmdResource *)h.pDrvPrivate; }

/* errors.c */
void umd_error(UmdDevice *d, UmdDdi ddi, HRESULT hr, UINT ctx);
bool umd_check_lost(UmdDevice *d, UmdDdi ddi);
HRESULT umd_return(UmdDevice *d, UmdDdi ddi, HRESULT hr);
HRESULT umd_unsupported(UmdDevice *d, UmdDdi ddi, UINT ctx);

/* adapter.c */
HRESULT umd_adapter_query(UmdAdapter *a);
/* D3D11DDI_3DPIPELINESUPPORT_CAPS.Caps: the pipeline levels offered. */
UINT umd_pipeline_levels(void);

/* device.c */
HRESULT umd_device_create(UmdAdapter *a, D3D10DDIARG_CREATEDEVICE *args);
void umd_device_destroy(UmdDevice *d);
void umd_device_flush(UmdDevice *d, UmdDdi ddi);
void umd_defer_destroy(UmdDevice *d, HANDLE rt_resource, D3DKMT_HANDLE h);
/* pfnDeallocateCb of one allocation, now. */
void umd_deallocate(UmdDevice *d, HANDLE rt_resource, D3DKMT_HANDLE h);
/* Destroyed at once (primaries): the open command buffer is submitted
 * first if it names the allocation. */
void umd_destroy_now(UmdDevice *d, HANDLE rt_resource, UmdAlloc *a);
void umd_drain_deferred(UmdDevice *d);
void umd_fill_funcs10(D3D10DDI_DEVICEFUNCS *f);
void umd_fill_funcs10_1(D3D10_1DDI_DEVICEFUNCS *f);
void umd_fill_funcs11(D3D11DDI_DEVICEFUNCS *f);
void umd_fill_dxgi(DXGI_DDI_BASE_FUNCTIONS *f);

/* cmdbuf.c: packets of `bytes` bytes naming the `nalloc` allocations
 * `allocs` through `npatch` patch locations. begin flushes first when the
 * command buffer, the allocation list (counting only allocations not listed
 * yet) or the patch list could not take the packet; NULL when the device is
 * lost or the packet can never fit. */
HRESULT umd_cmd_init(UmdDevice *d);
void umd_cmd_fini(UmdDevice *d);
uint8_t *umd_cmd_begin(UmdDevice *d, UmdDdi ddi, uint32_t bytes, UmdAlloc *const *allocs,
                       uint32_t nalloc, uint32_t npatch);
/* The 8-byte GPU address field at `field_off` of the packet: allocation a,
 * offset `off`. Fields in increasing offset order. */
void umd_cmd_patch(UmdDevice *d, uint32_t field_off, UmdAlloc *a, uint64_t off, bool write);
/* Lists allocation a (once per command buffer) without a patch location:
 * 3D packets name it by resource id. Returns its list index. */
uint32_t umd_cmd_list(UmdDevice *d, UmdAlloc *a, bool write);
void umd_cmd_commit(UmdDevice *d);
/* pfnRenderCb of what was built (nothing if empty); auto: ran out of room. */
HRESULT umd_cmd_submit(UmdDevice *d, UmdDdi ddi, bool automatic);
/* The command buffer being built or the open virgl chunk names a. */
bool umd_cmd_references(const UmdDevice *d, const UmdAlloc *a);

/* shared.c: shared resources. The resource-level private data of a
 * shared resource's allocation (D3DDDICB_ALLOCATE.pPrivateDriverData):
 * dxgkrnl keeps it and OpenResource gets it back on another device, which
 * rebuilds the same layout from it. The KMD does not read it. */
#define UMD_SHARED_MAGIC 0x52485355u /* "USHR" */
#define UMD_SHARED_VERSION 2u /* 2: the description has samples */
typedef struct UmdSharedPrivate {
    uint32_t magic, version;
    UmdResourceDesc desc;
    uint32_t tiled;           /* the creator's layout: TILE_Y or linear */
    uint32_t reserved;        /* zero */
} UmdSharedPrivate;
void umd_shared_private(const UmdResource *r, UmdSharedPrivate *out);
SIZE_T umd_opened_resource_size(const D3D10DDIARG_OPENRESOURCE *o);
void umd_resource_open(UmdDevice *d, const D3D10DDIARG_OPENRESOURCE *o, UmdResource *r,
                       D3D10DDI_HRTRESOURCE rt);

/* upload.c: 1 and *out locked for writing (umd_upload_end unlocks before
 * any packet is built), 0 if the ring cannot take `size` bytes (use a
 * temporary), -1 if the lock failed (reported). */
int umd_upload_begin(UmdDevice *d, UmdDdi ddi, uint64_t size, UmdUploadPiece *out);
void umd_upload_end(UmdDevice *d);
/* DestroyDevice: the ring goes with the deferred destructions. */
void umd_upload_fini(UmdDevice *d);

/* resource.c */
SIZE_T umd_resource_size(const D3D11DDIARG_CREATERESOURCE *c);
void umd_resource_create(UmdDevice *d, const D3D11DDIARG_CREATERESOURCE *c, UmdResource *r,
                         D3D10DDI_HRTRESOURCE rt);
void umd_resource_destroy(UmdDevice *d, UmdResource *r);
/* The allocation private data of r's allocation (as CreateResource asks). */
void umd_resource_alloc_private(const UmdResource *r, struct sable_alloc_private *p);
/* layout.c */
/* Fields and layout of r from a description; false: the UMD cannot make
 * such a resource. Sets nothing that needs an allocation. */
bool umd_resource_setup(UmdDevice *d, UmdResource *r, const UmdResourceDesc *desc);
/* Subresources of a description, 0 if it is not one the UMD can make. */
uint32_t umd_desc_subresources(const UmdResourceDesc *desc);
/* dxgi_format.c */
UINT umd_format_caps(DXGI_FORMAT f); /* D3D10_DDI_FORMAT_SUPPORT_* */
/* map.c */
/* pfnLockCb with Discard (WriteOnly): a new instance of a, renamed in a
 * (later packets name it); if the video memory manager cannot, the command
 * buffer is submitted and the lock retried with NoExistingReference (and
 * DonotWait if asked). If d->lost on return, that submission lost the
 * device and it was reported. */
HRESULT umd_lock_discard(UmdDevice *d, UmdDdi ddi, UmdAlloc *a, bool donotwait,
                         D3DDDICB_LOCK *l);
/* n bytes at byte off of allocation h into out, read without waiting for
 * the GPU (a ReadOnly, IgnoreSync lock: for values the GPU writes once,
 * like query results); the lock's failure otherwise. */
HRESULT umd_peek(UmdDevice *d, D3DKMT_HANDLE h, uint32_t off, void *out, uint32_t n);
void umd_resource_map(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT sub, D3D10_DDI_MAP type,
                      UINT flags, D3D10DDI_MAPPED_SUBRESOURCE *out);
void umd_resource_unmap(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT sub);
BOOL umd_resource_is_busy(UmdDevice *d, UmdResource *r);
/* copy.c */
void umd_update_subresource(UmdDevice *d, UmdDdi ddi, UmdResource *r, UINT sub,
                            const D3D10_DDI_BOX *box, const void *data, UINT row_pitch,
                            UINT depth_pitch);
void umd_copy_resource(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src);
void umd_copy_region(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UINT dst_sub, UINT x, UINT y,
                     UINT z, UmdResource *src, UINT src_sub, const D3D10_DDI_BOX *box);
/* view.c */
void umd_rtv_create(UmdDevice *d, const D3D10DDIARG_CREATERENDERTARGETVIEW *c, UmdRtv *v);
void umd_dsv_create(UmdDevice *d, UmdResource *r, DXGI_FORMAT format,
                    D3D10DDIRESOURCE_TYPE dim, const D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW *t,
                    UmdDsv *v);
void umd_srv_create(UmdDevice *d, UmdResource *r, DXGI_FORMAT format, D3D10DDIRESOURCE_TYPE dim,
                    const D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW *buf,
                    const D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW *tex, UmdSrv *v);
/* CREATE_OBJECT SAMPLER_VIEW of v (handle v->handle) into b for a shader
 * that declares `target` (SABLE_VIRGL_TARGET_*, 0: the resource's own):
 * a buffer view of its elements, or a texture view of its mips and
 * slices (docs/umd.md "Sampler views and their target"); false: the view
 * cannot be made (format, range). */
bool umd_srv_encode(const UmdSrv *v, uint32_t target, VglBuf *b);
/* v, read by a shader that declares `target`, is one the host cannot make
 * on its resource: it reads its shadow (a typed buffer view from a byte
 * not a multiple of 16; a view of part of the slices read with the
 * resource's own target, in a format without alias). */
bool umd_srv_shadowed(const UmdSrv *v, uint32_t target);
/* view_shadow.c: v's shadow, a 3D resource of the UMD's own holding the
 * view's range (a buffer of its elements; a texture of its mips and
 * slices, the resource's dimension and format), made if v has none yet;
 * false: it cannot be had (not reported). Freed with the view. */
bool umd_srv_shadow_make(UmdDevice *d, UmdSrv *v);
void umd_srv_shadow_free(UmdDevice *d, UmdSrv *v);
/* RESOURCE_COPY_REGIONs of v's range from its resource into its shadow,
 * into the open virgl chunk (which has umd_srv_shadow_dw dwords of room);
 * counted in shadow_copies. */
bool umd_srv_shadow_copy(UmdDevice *d, const UmdSrv *v);
uint32_t umd_srv_shadow_dw(const UmdSrv *v);
/* A render-target view of several but not all W slices of a 3D texture's
 * mip: the host cannot draw into it (no texture view of a 3D texture), so
 * draws go to its shadow, a 3D texture of just those slices drawn as a
 * layered target, copied in before and back after the draw (back: shadow
 * to resource); the shadow made if v has none, freed with the view. */
bool umd_rtv_w_range(const UmdRtv *v);
bool umd_rtv_shadow_make(UmdDevice *d, UmdRtv *v);
bool umd_rtv_shadow_copy(UmdDevice *d, const UmdRtv *v, bool back);
void umd_rtv_shadow_free(UmdDevice *d, UmdRtv *v);
/* Before a draw or dispatch: a stencil view bound to these stages whose
 * depth-stencil resource another bound view reads too is marked to read
 * its shadow (GL samples one texture in one mode per draw: docs/umd.md
 * "Formats of the 3D path"); the other views are unmarked. */
void umd_srv_split_modes(const UmdState *st, const unsigned *stages, uint32_t nstages);
/* clear.c */
void umd_clear_rtv(UmdDevice *d, UmdRtv *v, const FLOAT rgba[4]);
void umd_clear_dsv(UmdDevice *d, UmdDsv *v, UINT flags, FLOAT depth, UINT8 stencil);

/* present.c: the DXGI base functions PresentDXGI, SetDisplayModeDXGI,
 * RotateResourceIdentitiesDXGI, BltDXGI. */
HRESULT umd_present(UmdDevice *d, const DXGI_DDI_ARG_PRESENT *p);
HRESULT umd_blt(UmdDevice *d, const DXGI_DDI_ARG_BLT *b);
HRESULT umd_set_display_mode(UmdDevice *d, const DXGI_DDI_ARG_SETDISPLAYMODE *m);
HRESULT umd_rotate_identities(UmdDevice *d, const DXGI_DDI_ARG_ROTATE_RESOURCE_IDENTITIES *a);

/* state.c */
void umd_set_cbs(UmdDevice *d, UmdDdi ddi, unsigned stage, UINT start, UINT n,
                 const D3D10DDI_HRESOURCE *ph);
void umd_set_srvs(UmdDevice *d, UmdDdi ddi, unsigned stage, UINT start, UINT n,
                  const D3D10DDI_HSHADERRESOURCEVIEW *ph);
void umd_set_vbs(UmdDevice *d, UINT start, UINT n, const D3D10DDI_HRESOURCE *ph,
                 const UINT *strides, const UINT *offsets);
void umd_set_ib(UmdDevice *d, D3D10DDI_HRESOURCE h, DXGI_FORMAT f, UINT offset);
void umd_set_so(UmdDevice *d, UINT n, UINT clear, const D3D10DDI_HRESOURCE *ph, const UINT *offsets);
void umd_set_viewports(UmdDevice *d, UINT n, const D3D10_DDI_VIEWPORT *v);
void umd_set_scissors(UmdDevice *d, UINT n, const D3D10_DDI_RECT *r);
void umd_set_rts(UmdDevice *d, const D3D10DDI_HRENDERTARGETVIEW *ph, UINT n, UINT clear,
                 D3D10DDI_HDEPTHSTENCILVIEW dsv);
void umd_state_forget(UmdDevice *d, const void *object);

/* res3d.c: 3D resources and their coherence (docs/umd.md). */
bool umd_res3d_wanted(const UmdDevice *d, const UmdResource *r);
/* format3d.c: a DXGI format's virgl format (0: none), whether the 3D
 * path renders to it (on a 3D adapter). */
uint32_t umd_virgl_format(DXGI_FORMAT f);
/* The host format of a 3D resource (TYPELESS: a typed one of its family;
 * R32/R16 TYPELESS bound as depth-stencil: Z32_FLOAT/Z16_UNORM), and of a
 * shader resource view of format f of r with its *swizzle (of a depth
 * resource: the resource's for the formats reading its depth, the
 * stencil-only one for those reading its stencil; else f's; 0: none). */
uint32_t umd_res3d_format(const UmdResource *r);
uint32_t umd_view_format(const UmdResource *r, DXGI_FORMAT f, uint32_t *swizzle);
/* Whether host format vf is a depth(-stencil) one. */
bool umd_virgl_depth(uint32_t vf);
/* Whether a view of format f of r reads r's stencil. */
bool umd_view_stencil(const UmdResource *r, DXGI_FORMAT f);
/* The virgl target of a 3D texture (SABLE_VIRGL_TARGET_*). */
uint32_t umd_res3d_target(const UmdResource *r);
bool umd_format3d_renderable(const UmdDevice *d, DXGI_FORMAT f);
void umd_res3d_private(const UmdResource *r, uint64_t size, struct sable_alloc_private_3d *p);
/* resource.c: a 3D allocation of this description (the KMD writes
 * p->virgl.res_id back). */
HRESULT umd_allocate_3d(UmdDevice *d, UmdAlloc *a, struct sable_alloc_private_3d *p);
/* Before a draw uses r: TRANSFER TO_HOST if the backing is newer. */
bool umd_res3d_to_host(UmdDevice *d, UmdDdi ddi, UmdResource *r);
/* Before the CPU or a 2D/copy packet touches r: FROM_HOST if a draw
 * wrote the host copy. false: the packet could not be built. */
bool umd_res3d_from_host(UmdDevice *d, UmdDdi ddi, UmdResource *r);
/* After the CPU or a 2D/copy packet wrote r's backing. */
void umd_res3d_backing_written(UmdResource *r);
/* Constant buffers: the CPU copy of bytes [off, off + n). */
void umd_res3d_cb_write(UmdResource *r, uint64_t off, const void *data, uint64_t n);

/* draw.c: the draw path. */
void umd_draw(UmdDevice *d, UmdDdi ddi, const VglDraw *draw);
/* An indirect draw (draw->indirect_*): args, the arguments' buffer, is
 * named and brought to the host like the draw's other resources. */
void umd_draw_args(UmdDevice *d, UmdDdi ddi, const VglDraw *draw, UmdResource *args);
/* DESTROY_OBJECT of a virgl object the draw path created (host set). */
void umd_vgl_destroy(UmdDevice *d, UmdDdi ddi, uint32_t type, uint32_t handle, bool host);
uint32_t umd_vgl_handle(UmdDevice *d);
void umd_stream_fini(UmdDevice *d);
/* The open virgl chunk as one 3D SUBMIT into the command buffer (nothing
 * if empty; dropped if the device is lost). umd_cmd_begin and
 * umd_cmd_submit call it first, so every other packet and every
 * submission sees the 3D work recorded before it. */
bool umd_stream_flush(UmdDevice *d, UmdDdi ddi);
/* The open chunk names allocation a. */
bool umd_stream_names(const UmdDevice *d, const UmdAlloc *a);
/* Clears of views of 3D textures: CLEAR in the stream (the host copy). */
void umd_clear3d_rtv(UmdDevice *d, UmdRtv *v, const FLOAT rgba[4]);
void umd_clear3d_dsv(UmdDevice *d, UmdDsv *v, UINT flags, FLOAT depth, UINT8 stencil);
/* One BLIT from src to dst (3D resources; src's newer backing first), in
 * its own SUBMIT; dst's host copy is newer afterwards. False: reported. */
bool umd_blit3d(UmdDevice *d, UmdDdi ddi, UmdResource *dst, UmdResource *src, uint32_t filter,
                const VglBlitSide *ds, const VglBlitSide *ss);
/* The same with one RESOURCE_COPY_REGION of box of src's level slevel to
 * (0, 0, dz) of dst's level dlevel (the host copies texels: multisampled
 * resources of one sample count too). */
bool umd_copy3d(UmdDevice *d, UmdDdi ddi, UmdResource *dst, uint32_t dlevel, uint32_t dz,
                UmdResource *src, uint32_t slevel, const VglBox *box);
/* The whole of buffer r from data as RESOURCE_INLINE_WRITEs (one SUBMIT
 * per chunk): the host copy, in stream order, not the backing; the host
 * copy is newer afterwards. False: the device is lost or the command
 * buffer cannot take it (not reported). */
bool umd_res3d_inline(UmdDevice *d, UmdDdi ddi, UmdResource *r, const uint8_t *data);
/* format3d.c: multisampling (4x, colour formats of the 3D path) and the
 * CheckFormatSupport bits of the 3D path. */
#define UMD_MSAA_SAMPLES 4u
bool umd_res3d_msaa(const UmdDevice *d, DXGI_FORMAT f, uint32_t samples);
UINT umd_res3d_format_caps(const UmdDevice *d, DXGI_FORMAT f);
/* blit.c: ResourceResolveSubresource (a BLIT of the multisampled
 * subresource into the single-sample one). */
void umd_resolve(UmdDevice *d, UmdResource *dst, UINT ds, UmdResource *src, UINT ss,
                 DXGI_FORMAT f);
/* blit.c: GenMips of a view of a 3D texture (a linear BLIT per level). */
void umd_gen_mips(UmdDevice *d, UmdSrv *v);
/* D3D topology (D3D10_DDI_PRIMITIVE_TOPOLOGY) -> SABLE_VIRGL_PRIM_*, -1 if none. */
int umd_prim_mode(UINT topology);

/* so.c: stream output and draws without a pixel shader (docs/umd.md
 * "Stream output"). */
/* The shader's stream output declaration for virgl (false: not expressible). */
bool umd_so_decl(const UmdShader *s, VglSo *out);
/* Per draw, after the objects: target objects for a new SoSetTargets and
 * SET_STREAMOUT_TARGETS (b has room for STATE_DW). */
bool umd_so_put_targets(UmdDevice *d, VglBuf *b);
/* Per draw: the fragment shader, blend and rasterizer handles to bind in
 * place of the bound ones (0: keep the bound one), creating the device
 * objects they name on first use. */
bool umd_so_put_overrides(UmdDevice *d, VglBuf *b, uint32_t *fs, uint32_t *blend,
                          uint32_t *rast);
/* The shader a draw runs at `stage`: a VS or DS created with stream
 * output is in the GS slot no geometry shader (NULL). */
UmdShader *umd_draw_shader(const UmdState *st, unsigned stage);
/* A VS or DS created with stream output is in the GS slot and stage is
 * the one whose object a draw replaces by the SO variant. */
bool umd_so_replaces(const UmdState *st, unsigned stage);
/* No VS/DS created with stream output in the GS slot, or each output its
 * declaration names is one the last vertex stage (the DS when bound, else
 * the VS) declares alike: the same register, system value, components. */
bool umd_so_stage_matches(const UmdState *st);
/* Per draw, after the objects: with such an object in the GS slot, the
 * last vertex stage's variant carrying its declaration (made at first
 * use) in var_handle / var_stage; else var_handle 0. */
bool umd_so_make_variant(UmdDevice *d, UmdDdi ddi, const UmdNamed *n);
/* A destroyed object: its target objects and the variants it is in go. */
void umd_so_forget(UmdDevice *d, const void *object);
void umd_draw_auto(UmdDevice *d);

/* query3d.c: the query types answered by virgl queries (docs/umd.md
 * "Queries"). */
bool umd_query3d_supported(const UmdDevice *d, D3D10DDI_QUERY type);
bool umd_query3d_init(UmdDevice *d, UmdQuery *q);
void umd_query3d_fini(UmdDevice *d, UmdQuery *q);
bool umd_query3d_begin(UmdDevice *d, UmdQuery *q);
/* END_QUERY (again: not), the results into the buffer, the buffer back
 * to its allocation: all before a WRITE32 of the query. */
bool umd_query3d_end(UmdDevice *d, UmdDdi ddi, UmdQuery *q, bool again);
/* Once a WRITE32 after umd_query3d_end landed: the query's data (size:
 * the type's): 1, not known yet (ask again): 0, failed (reported): -1. */
int umd_query3d_data(UmdDevice *d, UmdQuery *q, void *data, UINT size);
void umd_set_predication(UmdDevice *d, UmdQuery *q, BOOL value);
/* The pipeline statistics of a draw or dispatch just sent (what the
 * arguments tell; indirect ones and DrawAuto count nothing). */
void umd_stats_draw(UmdDevice *d, const VglDraw *draw);
void umd_stats_dispatch(UmdDevice *d, const UINT groups[3]);
/* draw.c: whole commands (ndw dwords) as their own SUBMIT naming the nr
 * resources r. */
bool umd_stream_cmds(UmdDevice *d, UmdDdi ddi, const uint32_t *cmds, uint32_t ndw,
                     UmdResource *const *r, uint32_t nr, bool write);

/* query.c */
void umd_query_create(UmdDevice *d, const D3D10DDIARG_CREATEQUERY *c, UmdQuery *q);
void umd_query_destroy(UmdDevice *d, UmdQuery *q);
void umd_query_begin(UmdDevice *d, UmdQuery *q);
void umd_query_end(UmdDevice *d, UmdQuery *q);
void umd_query_get_data(UmdDevice *d, UmdQuery *q, void *data, UINT size, UINT flags);
HRESULT umd_allocate(UmdDevice *d, UmdAlloc *a, uint64_t size, bool cpu, uint32_t segment);

#endif
