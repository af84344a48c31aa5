/* SPDX-License-Identifier: MIT */
/*
 * winsim's D3D runtime: what d3d10.dll/d3d11.dll do with a user-mode
 * driver, for tests. It loads the UMD as the runtime does (OpenAdapter10_2
 * -> GetSupportedVersions -> CalcPrivateDeviceSize -> CreateDevice), gives
 * it the runtime callbacks (D3DDDI_DEVICECALLBACKS on winsim's D3DKMT-style
 * thunks, the core-layer callbacks, the DXGI base callbacks) and offers a
 * small D3D11-shaped API (buffers and textures with initial data, map,
 * copy, update, clear, flush, read back).
 *
 * Checks, each failing the running test with the function's name:
 *  - a NULL slot in the device or DXGI table after CreateDevice;
 *  - pfnSetErrorCb outside a DDI call;
 *  - a critical error the test did not expect (rt_expect_critical): as
 *    Microsoft's "Handling Errors" page describes, a code outside the
 *    calling DDI's category (the runtime's own table, rt-errors.h; S_OK
 *    included) is logged as critical with the DDI it came from, and the
 *    runtime removes the device on purpose: that call and every later one
 *    returns RT_DXGI_ERROR_DEVICE_REMOVED to the application;
 *  - a command buffer the KMD's Render refuses, a duplicate allocation-list
 *    entry, rendering with a locked allocation;
 *  - Lock with Discard|NoExistingReference of an allocation the unsubmitted
 *    allocation list still names (the runtime clears the list at each
 *    pfnRenderCb);
 *  - pfnPerformAmortizedProcessingCb twice without a submission between;
 *  - Lock with AcquireAperture together with DonotWait, IgnoreSync or
 *    Discard, or with a PrivateDriverData other than 0.
 */
#ifndef WS_D3DRT_H
#define WS_D3DRT_H

#include "winsim.h"
#include "kmt.h"
#include "sable_umd.h"
#include "d3d10_umddi_shader.h"
#include "umd_errors.h"
#include "rt-errors.h"

/* What the D3D11 runtime returns to the application for a removed device. */
#define RT_DXGI_ERROR_DEVICE_REMOVED ((HRESULT)0x887A0005u)

typedef struct RtAlloc {
    D3DKMT_HANDLE h;
    D3DKMT_HANDLE chain;        /* first handle of the allocation (renames share it) */
    WsKmtAllocation *a;
    struct sable_alloc_private priv;   /* the shared part of its private data */
    uint8_t *data;              /* the private data as the UMD passed it (renames) */
    UINT data_size;
    bool retired;               /* renamed away: freed once idle and submitted past */
    unsigned retired_render;    /* renders when it was renamed away */
    HANDLE resource;            /* the runtime resource it belongs to, NULL: device allocation */
    D3DKMT_HANDLE km;           /* its shared kernel-mode resource, 0: none */
    bool opened;                /* OpenResource: another device created it */
} RtAlloc;

typedef struct RtAdapter {
    WsSim *sim;
    D3D10DDI_HADAPTER h;
    D3D10_2DDI_ADAPTERFUNCS funcs;
    D3DDDI_ADAPTERCALLBACKS cb;
    UINT64 versions[8];
    UINT32 nversions;
    uint32_t fake_abi_major;    /* tests: answer UMDRIVERPRIVATE with this ABI major */
    bool hide_3d;               /* tests: answer it without SABLE_KMD_F_3D (a 2D-only KMD) */
    UINT pipeline_caps;         /* GetCaps(D3D11DDICAPS_3DPIPELINESUPPORT) */
    GHashTable *shared;         /* kernel-mode handle -> RtShared (d3drt.c) */
    D3DKMT_HANDLE next_km;
    unsigned queries;
} RtAdapter;

typedef struct RtContext {
    bool open;
    unsigned node;
    uint8_t *cmd;
    UINT cmd_size;
    D3DDDI_ALLOCATIONLIST *alist;
    UINT alist_size;
    D3DDDI_PATCHLOCATIONLIST *plist;
    UINT plist_size;
} RtContext;

typedef struct RtRender {
    UINT len, nalloc, npatch;
} RtRender;

typedef struct RtDevice {
    RtAdapter *ad;
    WsKmtDevice *kmt;
    UINT interface_version;
    void *funcs;                /* the runtime's table for the interface */
    size_t funcs_size;
    D3D10DDI_DEVICEFUNCS *f10;  /* whichever applies; the common members */
    D3D10_1DDI_DEVICEFUNCS *f10_1;
    D3D11DDI_DEVICEFUNCS *f11;
    DXGI_DDI_BASE_FUNCTIONS dxgi;
    D3DDDI_DEVICECALLBACKS kt;
    D3D10DDI_CORELAYER_DEVICECALLBACKS um10;
    D3D11DDI_CORELAYER_DEVICECALLBACKS um11;
    DXGI_DDI_BASE_CALLBACKS dxgi_cb;
    void *drv;
    D3D10DDI_HDEVICE h;
    GHashTable *allocs;         /* handle -> RtAlloc */
    GPtrArray *retired;         /* renamed-away instances, freed once idle */
    D3DKMT_HANDLE next_handle;
    uintptr_t next_rt;          /* runtime resource handles (never reused) */
    RtContext ctx[WS_MAX_NODES];
    /* configuration (set before rt_device_create) */
    UINT cfg_cmd_size, cfg_alist_size, cfg_plist_size;
    unsigned max_instances;     /* live instances per allocation before a rename fails */
    int fail_renames;           /* tests: the next n renames fail */
    int fail_renders;           /* tests: the next n pfnRenderCb fail (E_OUTOFMEMORY) */
    struct RtResource *creating; /* in its CreateResource: its allocations' resource */
    struct RtSwapChain *presenting; /* in its Present: the pDXGIContext passed */
    /* the DDI being called */
    int cur;                    /* UmdDdi, -1 outside */
    UINT cur_ctx;
    HRESULT last_error;
    unsigned errors;
    /* critical errors (see above): how many, the first one's DDI and code,
     * and how many the test expects */
    unsigned critical, expect_critical;
    const char *critical_ddi;
    HRESULT critical_hr;
    /* statistics */
    GArray *renders;            /* RtRender */
    unsigned renders_since_amortized, amortized;
    unsigned allocations, deallocations, renames, rename_failures, ner_locks;
    unsigned aperture_locks, aperture_unavailable; /* AcquireAperture locks: granted, NOTAVAILABLE */
    unsigned presents;          /* pfnPresentCb calls that reached D3DKMTPresent */
} RtDevice;

typedef struct RtResource {
    void *mem;
    D3D10DDI_HRESOURCE h;
    D3D10DDI_HRTRESOURCE rt;
    D3D10DDIRESOURCE_TYPE dim;
    UINT width, height, depth, mips, array_size, bpp;
    DXGI_FORMAT format;
    UINT misc;                  /* D3D10_DDI_RESOURCE_MISC_* */
    D3DKMT_HANDLE km;           /* shared: the kernel-mode resource */
    D3DKMT_HANDLE chain;        /* its allocation: the first its CreateResource made */
} RtResource;

/* A D3D11-shaped swap chain of one back buffer, presented in the Blt
 * model to the primary DXGI creates for the output (VidPN source). */
typedef struct RtSwapChain {
    RtDevice *d;
    UINT vidpn_source;
    bool flip;                  /* flip model: both buffers are primaries */
    DXGI_DDI_PRIMARY_DESC desc; /* the mode the primary was created for */
    RtResource *back;           /* BIND_RENDER_TARGET | BIND_PRESENT (flip: a primary) */
    RtResource *primary;        /* CreateResource with pPrimaryDesc: the front */
    unsigned presents;
} RtSwapChain;

typedef struct RtView {
    void *mem;
    D3D10DDI_HRENDERTARGETVIEW h;
    D3D10DDI_HDEPTHSTENCILVIEW dsv;
} RtView;

typedef struct RtQuery {
    void *mem;
    D3D10DDI_HQUERY h;
} RtQuery;

/* The interface and build this runtime offers OpenAdapter10_2: newer than
 * any the UMD lists (a D3D11 interface past 11.0 on Windows 7, 11.11, at a
 * later build), as a Windows 10/11 runtime's are. */
#define RT_RUNTIME_INTERFACE \
    D3D10_DDI_MAKE_INTERFACE_VERSION(D3D11_DDI_MAJOR_VERSION, D3D11_0_7_DDI_MINOR_VERSION + 1)
#define RT_RUNTIME_BUILD (D3D11_0_7_DDI_BUILD_VERSION + 1)

/* OpenAdapter10_2 (offering RT_RUNTIME_INTERFACE) + GetSupportedVersions.
 * NULL if OpenAdapter failed (*hr says why). */
RtAdapter *rt_adapter_open(WsSim *sim, uint32_t fake_abi_major, HRESULT *hr);
/* The same, the UMD told the KMD has no 3D (hide_3d): every resource is a
 * 2D one (TILE_Y where it can be). */
RtAdapter *rt_adapter_open_ex(WsSim *sim, uint32_t fake_abi_major, bool hide_3d, HRESULT *hr);
void rt_adapter_close(RtAdapter *a);
/* A device of the interface version (D3D10_0/10_1/11_0_DDI_INTERFACE_VERSION)
 * with default command buffer sizes (or those set in *cfg if not NULL:
 * cmd bytes, allocation and patch list entries). Asserts success and that
 * no table slot is NULL. */
RtDevice *rt_device_new(RtAdapter *a, UINT interface_version, UINT cmd_size, UINT alist_size,
                        UINT plist_size);
void rt_device_free(RtDevice *d);

/* The DDI call bracket: the error check knows which function runs. */
void rt_enter(RtDevice *d, UmdDdi ddi, UINT ctx);
HRESULT rt_leave(RtDevice *d);
/* The test expects `count` critical errors before rt_device_free (default 0). */
void rt_expect_critical(RtDevice *d, unsigned count);
/* A member of the same type in every table. */
#define F(d, member) \
    ((d)->f11 ? (d)->f11->member : (d)->f10_1 ? (d)->f10_1->member : (d)->f10->member)
/* A member of the same type in the 10.0 and 10.1 tables. */
#define F10(d, member) ((d)->f10_1 ? (d)->f10_1->member : (d)->f10->member)
#define RT_CALL(d, ddi, ctx, call) (rt_enter((d), UMD_DDI_##ddi, (ctx)), (call), rt_leave(d))

/* D3D11-shaped API. Every function returns what the UMD reported through
 * pfnSetErrorCb (S_OK if nothing). */
HRESULT rt_create_buffer(RtDevice *d, UINT size, UINT usage, UINT bind, UINT cpu,
                         const void *init, RtResource **out);
/* With D3D11 MiscFlags and ByteStride (structured buffers). */
HRESULT rt_create_buffer_ex(RtDevice *d, UINT size, UINT usage, UINT bind, UINT cpu, UINT misc,
                            UINT stride, const void *init, RtResource **out);
/* Texture1D (h ignored), Texture2D or cube (array = faces, 6 per cube). */
HRESULT rt_create_texture(RtDevice *d, D3D10DDIRESOURCE_TYPE dim, UINT w, UINT h, UINT mips,
                          UINT array, DXGI_FORMAT f, UINT usage, UINT bind, UINT cpu,
                          const D3D10_DDIARG_SUBRESOURCE_UP *init, RtResource **out);
HRESULT rt_create_tex3d(RtDevice *d, UINT w, UINT h, UINT depth, UINT mips, DXGI_FORMAT f,
                        UINT usage, UINT bind, UINT cpu, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                        RtResource **out);
/* A multisampled Texture2D (one mip, one slice, quality 0, DEFAULT). */
HRESULT rt_create_tex2d_ms(RtDevice *d, UINT w, UINT h, UINT samples, DXGI_FORMAT f, UINT bind,
                           RtResource **out);
HRESULT rt_create_tex2d(RtDevice *d, UINT w, UINT h, UINT mips, UINT array, DXGI_FORMAT f,
                        UINT usage, UINT bind, UINT cpu, const D3D10_DDIARG_SUBRESOURCE_UP *init,
                        RtResource **out);
/* A shared Texture2D (MiscFlags SHARED, one mip): r->km names it. */
HRESULT rt_create_shared_tex2d(RtDevice *d, UINT w, UINT h, DXGI_FORMAT f, UINT bind,
                               const D3D10_DDIARG_SUBRESOURCE_UP *init, RtResource **out);
/* D3DKMTOpenResource + OpenResource: another device's shared resource on
 * d (allocations opened in d's KMD device). On failure (what the UMD
 * reported) the runtime closes what it opened and *out is NULL. */
HRESULT rt_open_resource(RtDevice *d, D3DKMT_HANDLE km, RtResource **out);
/* Tests: the resource private data dxgkrnl keeps for a shared resource. */
uint8_t *rt_shared_private(RtAdapter *a, D3DKMT_HANDLE km, UINT *size);
void rt_destroy(RtDevice *d, RtResource *r);
HRESULT rt_map(RtDevice *d, RtResource *r, UINT sub, D3D10_DDI_MAP type, UINT flags,
               D3D10DDI_MAPPED_SUBRESOURCE *out);
HRESULT rt_unmap(RtDevice *d, RtResource *r, UINT sub);
HRESULT rt_copy(RtDevice *d, RtResource *dst, RtResource *src);
HRESULT rt_copy_region(RtDevice *d, RtResource *dst, UINT dsub, UINT x, UINT y,
                       RtResource *src, UINT ssub, const D3D10_DDI_BOX *box);
HRESULT rt_update(RtDevice *d, RtResource *r, UINT sub, const D3D10_DDI_BOX *box,
                  const void *data, UINT row_pitch);
HRESULT rt_create_rtv(RtDevice *d, RtResource *r, UINT mip, UINT first_slice, UINT slices,
                      RtView **out);
/* The same in view format f (a typed format of a TYPELESS resource's
 * family); rt_create_dsv_as likewise. */
HRESULT rt_create_rtv_as(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT mip, UINT first_slice,
                         UINT slices, RtView **out);
/* A render-target view of elements [first, first + n) of a buffer. */
HRESULT rt_create_buffer_rtv(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT first, UINT n,
                             RtView **out);
void rt_destroy_rtv(RtDevice *d, RtView *v);
HRESULT rt_clear(RtDevice *d, RtView *v, float r, float g, float b, float a);
HRESULT rt_flush(RtDevice *d);
/* A depth-stencil view (the D3D10 or D3D11 entry points per version). */
HRESULT rt_create_dsv(RtDevice *d, RtResource *r, UINT mip, UINT first_slice, UINT slices,
                      RtView **out);
HRESULT rt_create_dsv_as(RtDevice *d, RtResource *r, DXGI_FORMAT f, UINT mip, UINT first_slice,
                         UINT slices, RtView **out);
void rt_destroy_dsv(RtDevice *d, RtView *v);
HRESULT rt_clear_dsv(RtDevice *d, RtView *v, UINT flags, float depth, uint8_t stencil);
HRESULT rt_create_query(RtDevice *d, D3D10DDI_QUERY type, RtQuery **out);
void rt_destroy_query(RtDevice *d, RtQuery *q);
HRESULT rt_query_end(RtDevice *d, RtQuery *q);
/* *done: what the UMD wrote (FALSE if it wrote nothing). */
HRESULT rt_query_get_data(RtDevice *d, RtQuery *q, UINT flags, BOOL *done);
/* BltDXGI: subresource ssub of src to the rectangle rect (left, top,
 * right, bottom) of subresource dsub of dst; flags:
 * DXGI_DDI_ARG_BLT_FLAGS.Value. Returns what the function returned. */
HRESULT rt_blt(RtDevice *d, RtResource *dst, UINT dsub, const UINT rect[4], RtResource *src,
               UINT ssub, UINT flags);
/* A full-screen swap chain for the output `vidpn_source` in its current
 * display mode (winsim's display, brought up with ws_display_start): the
 * back buffer (a BIND_RENDER_TARGET | BIND_PRESENT Texture2D; with `flip`
 * a primary too) and the primary (CreateResource with pPrimaryDesc, as
 * DXGI does), scanned out through SetDisplayMode. What failed (*out NULL
 * then), else S_OK. */
HRESULT rt_create_swapchain(RtDevice *d, UINT vidpn_source, bool flip, RtSwapChain **out);
/* A primary as DXGI creates one: a Texture2D of desc->ModeDesc's size
 * (BIND_RENDER_TARGET | BIND_PRESENT) with pPrimaryDesc = desc. */
HRESULT rt_create_primary(RtDevice *d, DXGI_DDI_PRIMARY_DESC *desc, UINT mips, DXGI_FORMAT f,
                          RtResource **out);
/* PresentDXGI of the back buffer: Blt to the primary, or Flip to it
 * followed by RotateResourceIdentities (back <-> front), as DXGI does.
 * What failed, else S_OK. */
HRESULT rt_present(RtSwapChain *sc);
/* PresentDXGI with these DXGI_DDI_PRESENT_FLAGS, source subresource and
 * FlipInterval; hDstResource the primary if `dst`, else NULL. */
HRESULT rt_present_args(RtSwapChain *sc, UINT flags, UINT src_sub, UINT interval, bool dst);
/* RotateResourceIdentities of the back buffer and the primary: what it
 * returned. */
HRESULT rt_rotate(RtSwapChain *sc);
/* The desktop's primary is scanned out again, then the swap chain goes. */
void rt_destroy_swapchain(RtSwapChain *sc);
/* SetDisplayModeDXGI of subresource `sub` of r: what it returned. */
HRESULT rt_set_display_mode(RtDevice *d, RtResource *r, UINT sub);
/* Read subresource `sub` row by row (width * bpp bytes each; Texture3D:
 * slice after slice) through a staging copy and a READ map. */
void rt_read(RtDevice *d, RtResource *r, UINT sub, uint8_t *out);
/* The same, returning the first failure (e.g. DEVICEREMOVED) instead of
 * failing the test; *out is unspecified then. */
HRESULT rt_read_hr(RtDevice *d, RtResource *r, UINT sub, uint8_t *out);
/* n pixels of a 4-byte RGBA/BGRA/BGRX format as packed RGB. */
void rt_to_rgb(const uint8_t *px, DXGI_FORMAT f, size_t n, uint8_t *rgb);
/* The swap chain's front buffer (the primary: after a present, the frame
 * presented) as packed RGB rows (g_free). */
uint8_t *rt_front_rgb(RtSwapChain *sc);
/* What the display shows once every submission so far is done: packed
 * RGB rows (g_free) of *w x *h (ws_display_capture: the device's scanout
 * in process, a QMP screendump with QEMU). */
uint8_t *rt_capture(RtDevice *d, UINT *w, UINT *h);
/* Let every submission so far complete. */
void rt_wait_idle(RtDevice *d);
/* Live KMD allocations the UMD holds (renamed-away instances excluded). */
unsigned rt_live_allocations(RtDevice *d);
SableUmdStats rt_umd_stats(RtDevice *d);

/* Shaders (d3drt_shader.c): stages in the UMD's order. */
enum { RT_VS, RT_PS, RT_GS, RT_HS, RT_DS, RT_CS };
typedef struct RtShader {
    void *mem;                  /* the driver's private memory (a UmdShader) */
    D3D10DDI_HSHADER h;
    unsigned stage;
    uint8_t *blob;              /* the container (pCode points into it) */
    const UINT *code;
    D3D10DDIARG_SIGNATURE_ENTRY *in, *out, *patch;
    UINT nin, nout, npatch;
} RtShader;
/* A container: E_INVALIDARG (the driver not called) if it is not a valid
 * one, else what Create*Shader reported. */
HRESULT rt_create_shader(RtDevice *d, unsigned stage, const void *dxbc, size_t len, RtShader **out);
/* Tokens and signatures straight to the DDI (hostile-input tests). */
HRESULT rt_create_shader_code(RtDevice *d, unsigned stage, const UINT *code,
                              const D3D10DDIARG_SIGNATURE_ENTRY *in, UINT nin,
                              const D3D10DDIARG_SIGNATURE_ENTRY *outs, UINT nout, RtShader **out);
/* CreateGeometryShaderWithStreamOutput, the device's form (10: one stride). */
HRESULT rt_create_shader_so(RtDevice *d, const void *dxbc, size_t len,
                            const D3D11DDIARG_STREAM_OUTPUT_DECLARATION_ENTRY *e, UINT n,
                            const UINT *strides, UINT nstrides, UINT rasterized, RtShader **out);
void rt_destroy_shader(RtDevice *d, RtShader *s);
HRESULT rt_set_shader(RtDevice *d, unsigned stage, RtShader *s);

#endif
