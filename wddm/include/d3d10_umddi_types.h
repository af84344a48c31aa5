/* SPDX-License-Identifier: MIT */
/*
 * Sable: base types shared by our own user-mode (UMD) DDI declarations:
 * handles, HRESULT codes, DXGI formats, resource enums and the resource /
 * view argument structures of the Direct3D 10/10.1/11 user-mode DDI
 * (d3d10umddi.h, dxgiddi.h, d3dukmdt.h, dxgiformat.h in the WDK/SDK).
 *
 * Written from Microsoft's public reference pages (learn.microsoft.com,
 * "windows-driver-docs-ddi": d3d10umddi / d3dumddi / dxgiddi sections, the
 * "DXGI_FORMAT enumeration" page).  No header text from the WDK, Wine,
 * ReactOS or mingw-w64 was used.  Where a page lists members but not types or
 * values, the choice made here is marked UNCERTAIN in a comment.  What is
 * at stake with each: the UMD would misread what a Windows runtime passes
 * (a resource's dimension, usage or CPU access, a query type, a view's
 * members) while winsim, which shares this header, agrees by construction;
 * the Windows build must check them against d3d10umddi.h before the UMD is
 * loaded by a real runtime.
 *
 * Conventions as in wddm_types.h: fixed-width mapping of every Windows type,
 * identical layout for Linux x86-64 (LP64) and mingw-w64 x64 (LLP64), asserts
 * in wddm_umd_layout_check.h.  Structures the UMD does not read yet are
 * declared opaque (incomplete) so that every function-pointer signature can
 * still name them exactly.
 */
#ifndef SABLE_D3D10_UMDDI_TYPES_H
#define SABLE_D3D10_UMDDI_TYPES_H

#include "wddm_types.h"
#include "wddm_render.h" /* D3DDDI_ALLOCATIONLIST, D3DDDI_PATCHLOCATIONLIST */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- scalar types used by the user-mode DDI ("Windows Data Types") ---- */
typedef int32_t HRESULT;  /* "A 32-bit value ... used to describe an error or warning" */
typedef int32_t BOOL;     /* "typedef int BOOL;" -- 32 bits, unlike BOOLEAN */
typedef float FLOAT;
typedef uint8_t UINT8;
typedef char *LPSTR;
typedef const char *LPCSTR;
typedef uintptr_t UINT_PTR;

/* ---- HRESULT values ---- */
#define WDDM_HRESULT(x) ((HRESULT)(int32_t)(uint32_t)(x))
#define SUCCEEDED(hr) ((HRESULT)(hr) >= 0)
#define FAILED(hr) ((HRESULT)(hr) < 0)

/* "Common HRESULT Values" (learn.microsoft.com, Win32 error codes). */
#define S_OK          WDDM_HRESULT(0x00000000u)
#define S_FALSE       WDDM_HRESULT(0x00000001u)
#define E_NOTIMPL     WDDM_HRESULT(0x80004001u)
#define E_FAIL        WDDM_HRESULT(0x80004005u)
#define E_OUTOFMEMORY WDDM_HRESULT(0x8007000Eu)
#define E_INVALIDARG  WDDM_HRESULT(0x80070057u)

/* Direct3D codes are MAKE_HRESULT(1, _FACD3D = 0x876, code) ("D3DERR" page of
 * the Direct3D 9 documentation lists the names; the DDI pages use the
 * D3DDDIERR_ spellings).  The codes (2160, 2154, 540, 380) are d3d9.h's
 * MAKE_D3DHRESULT arguments (checked against the installed mingw-w64
 * d3d9.h); the DDI pages say D3DDDIERR_x is D3DERR_x. */
#define WDDM_MAKE_D3DHRESULT(code) WDDM_HRESULT(0x88760000u | (uint32_t)(code))
#define D3DERR_WASSTILLDRAWING      WDDM_MAKE_D3DHRESULT(540)  /* 0x8876021C */
#define D3DERR_OUTOFVIDEOMEMORY     WDDM_MAKE_D3DHRESULT(380)  /* 0x8876017C */
#define D3DERR_NOTAVAILABLE         WDDM_MAKE_D3DHRESULT(2154) /* 0x8876086A */
#define D3DERR_DEVICEREMOVED        WDDM_MAKE_D3DHRESULT(2160) /* 0x88760870 */
#define D3DDDIERR_WASSTILLDRAWING   D3DERR_WASSTILLDRAWING
#define D3DDDIERR_NOTAVAILABLE      D3DERR_NOTAVAILABLE
#define D3DDDIERR_DEVICEREMOVED     D3DERR_DEVICEREMOVED

/* DXGI DDI codes (dxgiddi.h): facility _FACDXGI_DDI = 0x87B, codes
 * WASSTILLDRAWING 1, UNSUPPORTED 2, NONEXCLUSIVE 3 (values checked by the
 * issue-16 cross-check against independent copies of dxgiddi.h). */
#define DXGI_DDI_ERR_WASSTILLDRAWING WDDM_HRESULT(0x887B0001u)
#define DXGI_DDI_ERR_UNSUPPORTED     WDDM_HRESULT(0x887B0002u)
#define DXGI_DDI_ERR_NONEXCLUSIVE    WDDM_HRESULT(0x887B0003u)

/* ---- handles ----
 * The D3D10 DDI passes every object as a one-member structure, by value:
 * driver handles carry the driver's private memory ("pDrvPrivate", the block
 * whose size the driver returned from CalcPrivate*Size), runtime handles carry
 * an opaque runtime value ("handle", passed back to runtime callbacks, e.g.
 * pfnLockCb(hRTDevice.handle, ...)).  A one-pointer struct has the size and
 * alignment of a pointer and, on x64, is passed in one register exactly like a
 * pointer. */
#define D3D10DDI_DRV_HANDLE(name) \
    typedef struct name { void *pDrvPrivate; } name
#define D3D10DDI_RT_HANDLE(name) \
    typedef struct name { void *handle; } name

D3D10DDI_DRV_HANDLE(D3D10DDI_HADAPTER);
D3D10DDI_DRV_HANDLE(D3D10DDI_HDEVICE);
D3D10DDI_DRV_HANDLE(D3D10DDI_HRESOURCE);
D3D10DDI_DRV_HANDLE(D3D10DDI_HSHADERRESOURCEVIEW);
D3D10DDI_DRV_HANDLE(D3D10DDI_HRENDERTARGETVIEW);
D3D10DDI_DRV_HANDLE(D3D10DDI_HDEPTHSTENCILVIEW);
D3D10DDI_DRV_HANDLE(D3D10DDI_HSHADER);
D3D10DDI_DRV_HANDLE(D3D10DDI_HELEMENTLAYOUT);
D3D10DDI_DRV_HANDLE(D3D10DDI_HBLENDSTATE);
D3D10DDI_DRV_HANDLE(D3D10DDI_HDEPTHSTENCILSTATE);
D3D10DDI_DRV_HANDLE(D3D10DDI_HRASTERIZERSTATE);
D3D10DDI_DRV_HANDLE(D3D10DDI_HSAMPLER);
D3D10DDI_DRV_HANDLE(D3D10DDI_HQUERY);
D3D10DDI_DRV_HANDLE(D3D11DDI_HCOMMANDLIST);
D3D10DDI_DRV_HANDLE(D3D11DDI_HUNORDEREDACCESSVIEW);

D3D10DDI_RT_HANDLE(D3D10DDI_HRTADAPTER);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTDEVICE);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTCORELAYER);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTRESOURCE);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTSHADERRESOURCEVIEW);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTRENDERTARGETVIEW);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTDEPTHSTENCILVIEW);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTSHADER);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTELEMENTLAYOUT);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTBLENDSTATE);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTDEPTHSTENCILSTATE);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTRASTERIZERSTATE);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTSAMPLER);
D3D10DDI_RT_HANDLE(D3D10DDI_HRTQUERY);
D3D10DDI_RT_HANDLE(D3D11DDI_HRTCOMMANDLIST);
D3D10DDI_RT_HANDLE(D3D11DDI_HRTUNORDEREDACCESSVIEW);

/* D3D10DDI_HKMRESOURCE: "a kernel-mode handle to the resource" (a
 * D3DKMT_HANDLE).  UNCERTAIN: declared as a struct of one D3DKMT_HANDLE; where
 * it is used (D3D10DDIARG_OPENRESOURCE) the following pointer member keeps the
 * same offset whether it is 4 or 8 bytes wide. */
typedef struct D3D10DDI_HKMRESOURCE { D3DKMT_HANDLE handle; } D3D10DDI_HKMRESOURCE;

/* ---- DXGI_FORMAT ("DXGI_FORMAT enumeration", dxgiformat.h): the values the
 * UMD needs; the enum is sequential and the numbers are those of the page. ---- */
typedef enum DXGI_FORMAT {
    DXGI_FORMAT_UNKNOWN = 0,
    DXGI_FORMAT_R32G32B32A32_TYPELESS = 1,
    DXGI_FORMAT_R32G32B32A32_FLOAT = 2,
    DXGI_FORMAT_R32G32B32A32_UINT = 3,
    DXGI_FORMAT_R32G32B32A32_SINT = 4,
    DXGI_FORMAT_R32G32B32_FLOAT = 6,
    DXGI_FORMAT_R32G32B32_UINT = 7,
    DXGI_FORMAT_R32G32B32_SINT = 8,
    DXGI_FORMAT_R16G16B16A16_TYPELESS = 9,
    DXGI_FORMAT_R16G16B16A16_FLOAT = 10,
    DXGI_FORMAT_R16G16B16A16_UNORM = 11,
    DXGI_FORMAT_R16G16B16A16_UINT = 12,
    DXGI_FORMAT_R16G16B16A16_SNORM = 13,
    DXGI_FORMAT_R16G16B16A16_SINT = 14,
    DXGI_FORMAT_R32G32_FLOAT = 16,
    DXGI_FORMAT_R32G32_UINT = 17,
    DXGI_FORMAT_R32G32_SINT = 18,
    DXGI_FORMAT_R32G8X24_TYPELESS = 19,
    DXGI_FORMAT_D32_FLOAT_S8X24_UINT = 20,
    DXGI_FORMAT_R10G10B10A2_TYPELESS = 23,
    DXGI_FORMAT_R10G10B10A2_UNORM = 24,
    DXGI_FORMAT_R10G10B10A2_UINT = 25,
    DXGI_FORMAT_R11G11B10_FLOAT = 26,
    DXGI_FORMAT_R8G8B8A8_TYPELESS = 27,
    DXGI_FORMAT_R8G8B8A8_UNORM = 28,
    DXGI_FORMAT_R8G8B8A8_UNORM_SRGB = 29,
    DXGI_FORMAT_R8G8B8A8_UINT = 30,
    DXGI_FORMAT_R8G8B8A8_SNORM = 31,
    DXGI_FORMAT_R8G8B8A8_SINT = 32,
    DXGI_FORMAT_R16G16_TYPELESS = 33,
    DXGI_FORMAT_R16G16_FLOAT = 34,
    DXGI_FORMAT_R16G16_UNORM = 35,
    DXGI_FORMAT_R16G16_UINT = 36,
    DXGI_FORMAT_R16G16_SNORM = 37,
    DXGI_FORMAT_R16G16_SINT = 38,
    DXGI_FORMAT_R32_TYPELESS = 39,
    DXGI_FORMAT_D32_FLOAT = 40,
    DXGI_FORMAT_R32_FLOAT = 41,
    DXGI_FORMAT_R32_UINT = 42,
    DXGI_FORMAT_R32_SINT = 43,
    DXGI_FORMAT_R24G8_TYPELESS = 44,
    DXGI_FORMAT_D24_UNORM_S8_UINT = 45,
    DXGI_FORMAT_R24_UNORM_X8_TYPELESS = 46,
    DXGI_FORMAT_X24_TYPELESS_G8_UINT = 47,
    DXGI_FORMAT_R8G8_TYPELESS = 48,
    DXGI_FORMAT_R8G8_UNORM = 49,
    DXGI_FORMAT_R8G8_UINT = 50,
    DXGI_FORMAT_R8G8_SNORM = 51,
    DXGI_FORMAT_R8G8_SINT = 52,
    DXGI_FORMAT_R16_TYPELESS = 53,
    DXGI_FORMAT_R16_FLOAT = 54,
    DXGI_FORMAT_D16_UNORM = 55,
    DXGI_FORMAT_R16_UNORM = 56,
    DXGI_FORMAT_R16_UINT = 57,
    DXGI_FORMAT_R16_SNORM = 58,
    DXGI_FORMAT_R16_SINT = 59,
    DXGI_FORMAT_R8_TYPELESS = 60,
    DXGI_FORMAT_R8_UNORM = 61,
    DXGI_FORMAT_R8_UINT = 62,
    DXGI_FORMAT_R8_SNORM = 63,
    DXGI_FORMAT_R8_SINT = 64,
    DXGI_FORMAT_A8_UNORM = 65,
    DXGI_FORMAT_R9G9B9E5_SHAREDEXP = 67,
    DXGI_FORMAT_BC1_TYPELESS = 70,
    DXGI_FORMAT_BC1_UNORM = 71,
    DXGI_FORMAT_BC1_UNORM_SRGB = 72,
    DXGI_FORMAT_BC2_TYPELESS = 73,
    DXGI_FORMAT_BC2_UNORM = 74,
    DXGI_FORMAT_BC2_UNORM_SRGB = 75,
    DXGI_FORMAT_BC3_TYPELESS = 76,
    DXGI_FORMAT_BC3_UNORM = 77,
    DXGI_FORMAT_BC3_UNORM_SRGB = 78,
    DXGI_FORMAT_BC4_TYPELESS = 79,
    DXGI_FORMAT_BC4_UNORM = 80,
    DXGI_FORMAT_BC4_SNORM = 81,
    DXGI_FORMAT_BC5_TYPELESS = 82,
    DXGI_FORMAT_BC5_UNORM = 83,
    DXGI_FORMAT_BC5_SNORM = 84,
    DXGI_FORMAT_B5G6R5_UNORM = 85,
    DXGI_FORMAT_B5G5R5A1_UNORM = 86,
    DXGI_FORMAT_B8G8R8A8_UNORM = 87,
    DXGI_FORMAT_B8G8R8X8_UNORM = 88,
    DXGI_FORMAT_B8G8R8A8_TYPELESS = 90,
    DXGI_FORMAT_B8G8R8A8_UNORM_SRGB = 91,
    DXGI_FORMAT_B8G8R8X8_TYPELESS = 92,
    DXGI_FORMAT_B8G8R8X8_UNORM_SRGB = 93,
    DXGI_FORMAT_FORCE_UINT = 0x7fffffff /* keeps the enum 32 bits */
} DXGI_FORMAT;

/* DXGI_SAMPLE_DESC: { UINT Count; UINT Quality; } */
typedef struct DXGI_SAMPLE_DESC {
    UINT Count;
    UINT Quality;
} DXGI_SAMPLE_DESC;

/* ---- resource enums (d3d10umddi.h reference pages) ---- */

/* D3D10DDIRESOURCE_TYPE.  The page lists BUFFER, TEXTURE1D, TEXTURE2D,
 * TEXTURE3D, TEXTURECUBE, D3D11DDIRESOURCE_BUFFEREX (Windows 7) in that order
 * without values.  UNCERTAIN: numbering from 1 in list order (0 is not a
 * valid dimension) is our reading; winsim uses the same header. */
typedef enum D3D10DDIRESOURCE_TYPE {
    D3D10DDIRESOURCE_BUFFER = 1,
    D3D10DDIRESOURCE_TEXTURE1D = 2,
    D3D10DDIRESOURCE_TEXTURE2D = 3,
    D3D10DDIRESOURCE_TEXTURE3D = 4,
    D3D10DDIRESOURCE_TEXTURECUBE = 5,
    D3D11DDIRESOURCE_BUFFEREX = 6,
} D3D10DDIRESOURCE_TYPE;

/* D3D10_DDI_RESOURCE_USAGE: DEFAULT, IMMUTABLE, DYNAMIC, STAGING in that
 * order.  UNCERTAIN: values 0..3 in list order (the page gives no numbers). */
typedef enum D3D10_DDI_RESOURCE_USAGE {
    D3D10_DDI_USAGE_DEFAULT = 0,
    D3D10_DDI_USAGE_IMMUTABLE = 1,
    D3D10_DDI_USAGE_DYNAMIC = 2,
    D3D10_DDI_USAGE_STAGING = 3,
} D3D10_DDI_RESOURCE_USAGE;

/* D3D10_DDI_RESOURCE_BIND_FLAG: values from the syntax block of the
 * reference page (D3D11DDI_MINOR_HEADER_VERSION 1 branch for the D3D11 part,
 * i.e. the Windows 7 set). */
typedef enum D3D10_DDI_RESOURCE_BIND_FLAG {
    D3D10_DDI_BIND_VERTEX_BUFFER = 0x00000001,
    D3D10_DDI_BIND_INDEX_BUFFER = 0x00000002,
    D3D10_DDI_BIND_CONSTANT_BUFFER = 0x00000004,
    D3D10_DDI_BIND_SHADER_RESOURCE = 0x00000008,
    D3D10_DDI_BIND_STREAM_OUTPUT = 0x00000010,
    D3D10_DDI_BIND_RENDER_TARGET = 0x00000020,
    D3D10_DDI_BIND_DEPTH_STENCIL = 0x00000040,
    D3D10_DDI_BIND_PIPELINE_MASK = 0x0000007F,
    D3D10_DDI_BIND_PRESENT = 0x00000080,
    D3D10_DDI_BIND_MASK = 0x000000FF,
    D3D11_DDI_BIND_UNORDERED_ACCESS = 0x00000100,
    D3D11_DDI_BIND_PIPELINE_MASK = 0x0000017F,
    D3D11_DDI_BIND_MASK = 0x000001FF,
} D3D10_DDI_RESOURCE_BIND_FLAG;

/* D3D10_DDI_CPU_ACCESS (the MapFlags member of D3D10DDIARG_CREATERESOURCE).
 * UNCERTAIN: the current reference pages name the member but give no values;
 * WRITE = 1, READ = 2 are the values in common use. */
typedef enum D3D10_DDI_CPU_ACCESS {
    D3D10_DDI_CPU_ACCESS_WRITE = 0x00000001,
    D3D10_DDI_CPU_ACCESS_READ = 0x00000002,
    D3D10_DDI_CPU_ACCESS_MASK = 0x00000003,
} D3D10_DDI_CPU_ACCESS;

/* D3D10_DDI_RESOURCE_MISC_FLAG: the values as the 2018 revision of
 * Microsoft's D3D10_DDI_RESOURCE_MISC_FLAG page lists them (the current
 * revision lists names only): AUTO_GEN_MIP_MAP 0x1, SHARED 0x2,
 * DISCARD_ON_PRESENT 0x8, the D3D11 buffer flags 0x10..0x80, REMOTE 0x400. */
typedef enum D3D10_DDI_RESOURCE_MISC_FLAG {
    D3D10_DDI_RESOURCE_AUTO_GEN_MIP_MAP = 0x00000001,
    D3D10_DDI_RESOURCE_MISC_SHARED = 0x00000002,
    D3D10_DDI_RESOURCE_MISC_DISCARD_ON_PRESENT = 0x00000008,
    D3D11_DDI_RESOURCE_MISC_DRAWINDIRECT_ARGS = 0x00000010,
    D3D11_DDI_RESOURCE_MISC_BUFFER_ALLOW_RAW_VIEWS = 0x00000020,
    D3D11_DDI_RESOURCE_MISC_BUFFER_STRUCTURED = 0x00000040,
    D3D11_DDI_RESOURCE_MISC_RESOURCE_CLAMP = 0x00000080,
    D3D10_DDI_RESOURCE_MISC_REMOTE = 0x00000400, /* "internal use only" */
} D3D10_DDI_RESOURCE_MISC_FLAG;

/* D3D10_DDI_MAP: values from the syntax block of the reference page. */
typedef enum D3D10_DDI_MAP {
    D3D10_DDI_MAP_READ = 1,
    D3D10_DDI_MAP_WRITE = 2,
    D3D10_DDI_MAP_READWRITE = 3,
    D3D10_DDI_MAP_WRITE_DISCARD = 4,
    D3D10_DDI_MAP_WRITE_NOOVERWRITE = 5,
} D3D10_DDI_MAP;

/* D3D10_DDI_MAP_FLAG: "D3D10_DDI_MAP_FLAG_DONOTWAIT = 0x00100000L,
 * D3D10_DDI_MAP_FLAG_MASK = 0x00100000L". */
typedef enum D3D10_DDI_MAP_FLAG {
    D3D10_DDI_MAP_FLAG_DONOTWAIT = 0x00100000,
    D3D10_DDI_MAP_FLAG_MASK = 0x00100000,
} D3D10_DDI_MAP_FLAG;

/* Flags of ClearDepthStencilView: "D3D10_DDI_CLEAR_DEPTH (0x01L)",
 * "D3D10_DDI_CLEAR_STENCIL (0x02L)" (D3D10_DDI_CLEAR_FLAG, on the
 * ClearDepthStencilView page). */
#define D3D10_DDI_CLEAR_DEPTH   0x1u
#define D3D10_DDI_CLEAR_STENCIL 0x2u

/* QueryGetData Flags: D3D10_DDI_GET_DATA_DO_NOT_FLUSH.  UNCERTAIN: 0x1 (same
 * as the API's D3D10_ASYNC_GETDATA_DONOTFLUSH). */
#define D3D10_DDI_GET_DATA_DO_NOT_FLUSH 0x1u

/* D3D10DDI_QUERY.  UNCERTAIN: values follow the API's D3D10_QUERY order
 * (EVENT = 0, OCCLUSION = 1, ...); the DDI page lists the same names. */
typedef enum D3D10DDI_QUERY {
    D3D10DDI_QUERY_EVENT = 0,
    D3D10DDI_QUERY_OCCLUSION = 1,
    D3D10DDI_QUERY_TIMESTAMP = 2,
    D3D10DDI_QUERY_TIMESTAMPDISJOINT = 3,
    D3D10DDI_QUERY_PIPELINESTATS = 4,
    D3D10DDI_QUERY_OCCLUSIONPREDICATE = 5,
    D3D10DDI_QUERY_STREAMOUTPUTSTATS = 6,
    D3D10DDI_QUERY_STREAMOVERFLOWPREDICATE = 7,
    D3D10DDI_COUNTER_DEVICE_DEPENDENT_0 = 0x40000000,
} D3D10DDI_QUERY;

/* D3D10DDIARG_CREATEQUERY: { D3D10DDI_QUERY Query; UINT MiscFlags; } */
typedef struct D3D10DDIARG_CREATEQUERY {
    D3D10DDI_QUERY Query;
    UINT MiscFlags;
} D3D10DDIARG_CREATEQUERY;

/* Enums passed by value whose members Sable does not use yet: 32-bit. */
typedef UINT D3D10_DDI_PRIMITIVE_TOPOLOGY;
typedef UINT D3D10DDI_COUNTER_TYPE;
typedef UINT D3D11DDI_HANDLETYPE;

/* ---- resource description structures ---- */

/* D3D10DDI_MIPINFO: TexelWidth, TexelHeight, TexelDepth, PhysicalWidth,
 * PhysicalHeight, PhysicalDepth (the CREATERESOURCE page's BC1 example lists
 * six UINTs in this order). */
typedef struct D3D10DDI_MIPINFO {
    UINT TexelWidth;
    UINT TexelHeight;
    UINT TexelDepth;
    UINT PhysicalWidth;
    UINT PhysicalHeight;
    UINT PhysicalDepth;
} D3D10DDI_MIPINFO;

/* D3D10_DDIARG_SUBRESOURCE_UP: pSysMem, SysMemPitch, SysMemSlicePitch. */
typedef struct D3D10_DDIARG_SUBRESOURCE_UP {
    const VOID *pSysMem;
    UINT SysMemPitch;
    UINT SysMemSlicePitch;
} D3D10_DDIARG_SUBRESOURCE_UP;

/* D3D10DDI_MAPPED_SUBRESOURCE: pData, RowPitch, DepthPitch. */
typedef struct D3D10DDI_MAPPED_SUBRESOURCE {
    void *pData;
    UINT RowPitch;
    UINT DepthPitch;
} D3D10DDI_MAPPED_SUBRESOURCE;

/* D3D10_DDI_BOX: left, top, front, right, bottom, back ("width = right -
 * left").  UNCERTAIN: signedness; declared INT (the layout is six 32-bit
 * members either way). */
typedef struct D3D10_DDI_BOX {
    INT left;
    INT top;
    INT front;
    INT right;
    INT bottom;
    INT back;
} D3D10_DDI_BOX;

/* ---- DXGI primary description (dxgiddi.h), used by CREATERESOURCE ---- */

/* DXGI_DDI_RATIONAL: Numerator, Denominator. */
typedef struct DXGI_DDI_RATIONAL {
    UINT Numerator;
    UINT Denominator;
} DXGI_DDI_RATIONAL;

/* DXGI_DDI_MODE_SCANLINE_ORDER / _SCALING / _ROTATION (dxgiddi.h enum
 * pages).  UNCERTAIN: values in list order from 0 (UNSPECIFIED). */
typedef enum DXGI_DDI_MODE_SCANLINE_ORDER {
    DXGI_DDI_MODE_SCANLINE_ORDER_UNSPECIFIED = 0,
    DXGI_DDI_MODE_SCANLINE_ORDER_PROGRESSIVE = 1,
    DXGI_DDI_MODE_SCANLINE_ORDER_UPPER_FIELD_FIRST = 2,
    DXGI_DDI_MODE_SCANLINE_ORDER_LOWER_FIELD_FIRST = 3,
} DXGI_DDI_MODE_SCANLINE_ORDER;

typedef enum DXGI_DDI_MODE_SCALING {
    DXGI_DDI_MODE_SCALING_UNSPECIFIED = 0,
    DXGI_DDI_MODE_SCALING_STRETCHED = 1,
    DXGI_DDI_MODE_SCALING_CENTERED = 2,
} DXGI_DDI_MODE_SCALING;

typedef enum DXGI_DDI_MODE_ROTATION {
    DXGI_DDI_MODE_ROTATION_UNSPECIFIED = 0,
    DXGI_DDI_MODE_ROTATION_IDENTITY = 1,
    DXGI_DDI_MODE_ROTATION_ROTATE90 = 2,
    DXGI_DDI_MODE_ROTATION_ROTATE180 = 3,
    DXGI_DDI_MODE_ROTATION_ROTATE270 = 4,
} DXGI_DDI_MODE_ROTATION;

/* DXGI_DDI_MODE_DESC: Width, Height, Format, RefreshRate, ScanlineOrdering,
 * Rotation, Scaling. */
typedef struct DXGI_DDI_MODE_DESC {
    UINT Width;
    UINT Height;
    DXGI_FORMAT Format;
    DXGI_DDI_RATIONAL RefreshRate;
    DXGI_DDI_MODE_SCANLINE_ORDER ScanlineOrdering;
    DXGI_DDI_MODE_ROTATION Rotation;
    DXGI_DDI_MODE_SCALING Scaling;
} DXGI_DDI_MODE_DESC;

/* DXGI_DDI_PRIMARY_DESC: Flags [in], VidPnSourceId [in], ModeDesc [in],
 * DriverFlags [out]. Values as the page gives them: Flags "DXGI_DDI_PRIMARY_
 * OPTIONAL (0x1)" (the driver "can prevent the resource from ever being a
 * primary" and "use a copy-style present operation"), "NONPREROTATED
 * (0x2)", "STEREO (0x4)" (Windows 8), "INDIRECT (0x8)" (Windows 10);
 * DriverFlags "DXGI_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT (0x1)", set by a
 * driver that "implements presentation from this surface through a copy
 * operation" ("the runtime will not use flip-style presentation"). */
#define DXGI_DDI_PRIMARY_OPTIONAL               0x1u
#define DXGI_DDI_PRIMARY_NONPREROTATED          0x2u
#define DXGI_DDI_PRIMARY_STEREO                 0x4u
#define DXGI_DDI_PRIMARY_INDIRECT               0x8u
#define DXGI_DDI_PRIMARY_DRIVER_FLAG_NO_SCANOUT 0x1u
typedef struct DXGI_DDI_PRIMARY_DESC {
    UINT Flags;
    D3DDDI_VIDEO_PRESENT_SOURCE_ID VidPnSourceId;
    DXGI_DDI_MODE_DESC ModeDesc;
    UINT DriverFlags;
} DXGI_DDI_PRIMARY_DESC;

/* D3D10DDIARG_CREATERESOURCE: members in the order of the reference page. */
typedef struct D3D10DDIARG_CREATERESOURCE {
    const D3D10DDI_MIPINFO *pMipInfoList;
    const D3D10_DDIARG_SUBRESOURCE_UP *pInitialDataUP;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    UINT Usage;     /* D3D10_DDI_RESOURCE_USAGE */
    UINT BindFlags; /* D3D10_DDI_RESOURCE_BIND_FLAG bits */
    UINT MapFlags;  /* D3D10_DDI_CPU_ACCESS bits */
    UINT MiscFlags; /* D3D10_DDI_RESOURCE_MISC_FLAG bits */
    DXGI_FORMAT Format;
    DXGI_SAMPLE_DESC SampleDesc;
    UINT MipLevels;
    UINT ArraySize;
    DXGI_DDI_PRIMARY_DESC *pPrimaryDesc;
} D3D10DDIARG_CREATERESOURCE;

/* D3D11DDIARG_CREATERESOURCE: the D3D10 members, then ByteStride (Windows 7).
 * DecoderBufferType / TextureLayout (Windows 8+, header minor >= 3) are not
 * part of the Windows 7 D3D11.0 DDI and are left out. */
typedef struct D3D11DDIARG_CREATERESOURCE {
    const D3D10DDI_MIPINFO *pMipInfoList;
    const D3D10_DDIARG_SUBRESOURCE_UP *pInitialDataUP;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    UINT Usage;
    UINT BindFlags;
    UINT MapFlags;
    UINT MiscFlags;
    DXGI_FORMAT Format;
    DXGI_SAMPLE_DESC SampleDesc;
    UINT MipLevels;
    UINT ArraySize;
    DXGI_DDI_PRIMARY_DESC *pPrimaryDesc;
    UINT ByteStride;
} D3D11DDIARG_CREATERESOURCE;

/* D3DDDI_OPENALLOCATIONINFO (d3dukmdt.h): hAllocation, pPrivateDriverData,
 * PrivateDriverDataSize. */
typedef struct _D3DDDI_OPENALLOCATIONINFO {
    D3DKMT_HANDLE hAllocation;
    const VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
} D3DDDI_OPENALLOCATIONINFO;

/* D3D10DDIARG_OPENRESOURCE: NumAllocations, pOpenAllocationInfo (a union with
 * the reserved pOpenAllocationInfo2 from Windows 7), hKMResource,
 * pPrivateDriverData, PrivateDriverDataSize (syntax block of the page). */
typedef struct D3D10DDIARG_OPENRESOURCE {
    UINT NumAllocations;
    D3DDDI_OPENALLOCATIONINFO *pOpenAllocationInfo;
    D3D10DDI_HKMRESOURCE hKMResource;
    VOID *pPrivateDriverData;
    UINT PrivateDriverDataSize;
} D3D10DDIARG_OPENRESOURCE;

/* ---- views ----
 * The CREATE*VIEW pages give hDrvResource, Format, ResourceDimension and a
 * union of per-dimension structures.  Per-dimension member order: from the
 * TEX2D_SHADERRESOURCEVIEW page ("MostDetailedMip, FirstArraySlice,
 * MipLevels, ArraySize"); the other sub-structures follow their pages' member
 * lists (UNCERTAIN where noted). */

typedef struct D3D10DDIARG_BUFFER_RENDERTARGETVIEW {
    UINT FirstElement;
    UINT NumElements;
} D3D10DDIARG_BUFFER_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEX1D_RENDERTARGETVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D10DDIARG_TEX1D_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEX2D_RENDERTARGETVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D10DDIARG_TEX2D_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEX3D_RENDERTARGETVIEW {
    UINT MipSlice;
    UINT FirstW;
    UINT WSize;
} D3D10DDIARG_TEX3D_RENDERTARGETVIEW;
typedef struct D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW;

typedef struct D3D10DDIARG_CREATERENDERTARGETVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    union {
        D3D10DDIARG_BUFFER_RENDERTARGETVIEW Buffer;
        D3D10DDIARG_TEX1D_RENDERTARGETVIEW Tex1D;
        D3D10DDIARG_TEX2D_RENDERTARGETVIEW Tex2D;
        D3D10DDIARG_TEX3D_RENDERTARGETVIEW Tex3D;
        D3D10DDIARG_TEXCUBE_RENDERTARGETVIEW TexCube;
    };
} D3D10DDIARG_CREATERENDERTARGETVIEW;

typedef struct D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW;
typedef struct D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW;
typedef struct D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW;

/* D3D10DDIARG_CREATEDEPTHSTENCILVIEW: no Flags member (D3D10/10.1). */
typedef struct D3D10DDIARG_CREATEDEPTHSTENCILVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    union {
        D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW Tex1D;
        D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW Tex2D;
        D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW TexCube;
    };
} D3D10DDIARG_CREATEDEPTHSTENCILVIEW;

/* D3D11_DDI_CREATEDEPTHSTENCILVIEW_FLAG.  UNCERTAIN values (read-only depth
 * = 1, read-only stencil = 2, as the API's D3D11_DSV_READ_ONLY_*). */
#define D3D11_DDI_CREATE_DSV_READ_ONLY_DEPTH   0x1u
#define D3D11_DDI_CREATE_DSV_READ_ONLY_STENCIL 0x2u

/* D3D11DDIARG_CREATEDEPTHSTENCILVIEW: hDrvResource, Format,
 * ResourceDimension, Flags, union { Tex1D, Tex2D, TexCube }. */
typedef struct D3D11DDIARG_CREATEDEPTHSTENCILVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    UINT Flags;
    union {
        D3D10DDIARG_TEX1D_DEPTHSTENCILVIEW Tex1D;
        D3D10DDIARG_TEX2D_DEPTHSTENCILVIEW Tex2D;
        D3D10DDIARG_TEXCUBE_DEPTHSTENCILVIEW TexCube;
    };
} D3D11DDIARG_CREATEDEPTHSTENCILVIEW;

typedef struct D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW {
    UINT FirstElement;
    UINT NumElements;
} D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW;
/* UNCERTAIN: Tex1D order assumed the same as the documented Tex2D order. */
typedef struct D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW {
    UINT MostDetailedMip;
    UINT FirstArraySlice;
    UINT MipLevels;
    UINT ArraySize;
} D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW;
typedef struct D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW {
    UINT MostDetailedMip;
    UINT FirstArraySlice;
    UINT MipLevels;
    UINT ArraySize;
} D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW;
typedef struct D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW {
    UINT MostDetailedMip;
    UINT MipLevels;
} D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW;
typedef struct D3D10DDIARG_TEXCUBE_SHADERRESOURCEVIEW {
    UINT MostDetailedMip;
    UINT MipLevels;
} D3D10DDIARG_TEXCUBE_SHADERRESOURCEVIEW;
/* D3D10.1 cube SRV adds cube-array members. */
typedef struct D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW {
    UINT MostDetailedMip;
    UINT MipLevels;
    UINT First2DArrayFace;
    UINT NumCubes;
} D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW;
/* D3D11 BufferEx SRV: FirstElement, NumElements, Flags
 * (D3D11_DDI_BUFFEREX_SRV_FLAG_RAW). */
typedef struct D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW {
    UINT FirstElement;
    UINT NumElements;
    UINT Flags;
} D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW;

typedef struct D3D10DDIARG_CREATESHADERRESOURCEVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    union {
        D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW Buffer;
        D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW Tex1D;
        D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW Tex2D;
        D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW Tex3D;
        D3D10DDIARG_TEXCUBE_SHADERRESOURCEVIEW TexCube;
    };
} D3D10DDIARG_CREATESHADERRESOURCEVIEW;

typedef struct D3D10_1DDIARG_CREATESHADERRESOURCEVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    union {
        D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW Buffer;
        D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW Tex1D;
        D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW Tex2D;
        D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW Tex3D;
        D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW TexCube;
    };
} D3D10_1DDIARG_CREATESHADERRESOURCEVIEW;

typedef struct D3D11DDIARG_CREATESHADERRESOURCEVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    union {
        D3D10DDIARG_BUFFER_SHADERRESOURCEVIEW Buffer;
        D3D10DDIARG_TEX1D_SHADERRESOURCEVIEW Tex1D;
        D3D10DDIARG_TEX2D_SHADERRESOURCEVIEW Tex2D;
        D3D10DDIARG_TEX3D_SHADERRESOURCEVIEW Tex3D;
        D3D10_1DDIARG_TEXCUBE_SHADERRESOURCEVIEW TexCube;
        D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW BufferEx;
    };
} D3D11DDIARG_CREATESHADERRESOURCEVIEW;

/* CheckFormatSupport's *pFormatCaps bits (the page's value table). */
#define D3D10_DDI_FORMAT_SUPPORT_SHADER_SAMPLE 0x00000001u
#define D3D10_DDI_FORMAT_SUPPORT_RENDERTARGET 0x00000002u
#define D3D10_DDI_FORMAT_SUPPORT_BLENDABLE 0x00000004u /* only with RENDERTARGET */
#define D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_RENDERTARGET 0x00000008u
#define D3D10_DDI_FORMAT_SUPPORT_MULTISAMPLE_LOAD 0x00000010u

/* ---- rasterizer rectangles ---- */
/* D3D10_DDI_VIEWPORT: TopLeftX, TopLeftY, Width, Height, MinDepth,
 * MaxDepth, all FLOAT; a NULL (unbound) viewport has every member NaN
 * (SetViewports page). */
typedef struct D3D10_DDI_VIEWPORT {
    FLOAT TopLeftX;
    FLOAT TopLeftY;
    FLOAT Width;
    FLOAT Height;
    FLOAT MinDepth;
    FLOAT MaxDepth;
} D3D10_DDI_VIEWPORT;

/* D3D10_DDI_RECT: a GDI RECT, as the API-side D3D10_RECT is declared
 * ("typedef RECT D3D10_RECT"). UNCERTAIN: that d3d10umddi.h spells it the
 * same way; the layout (four LONGs) is what matters. */
typedef RECT D3D10_DDI_RECT;

/* ---- argument structures the UMD does not read yet: opaque ---- */
typedef struct D3D10DDIARG_STAGE_IO_SIGNATURES D3D10DDIARG_STAGE_IO_SIGNATURES;
typedef struct D3D10DDIARG_CREATEELEMENTLAYOUT D3D10DDIARG_CREATEELEMENTLAYOUT;
typedef struct D3D10_DDI_BLEND_DESC D3D10_DDI_BLEND_DESC;
typedef struct D3D10_1_DDI_BLEND_DESC D3D10_1_DDI_BLEND_DESC;
typedef struct D3D10_DDI_DEPTH_STENCIL_DESC D3D10_DDI_DEPTH_STENCIL_DESC;
typedef struct D3D10_DDI_RASTERIZER_DESC D3D10_DDI_RASTERIZER_DESC;
typedef struct D3D10_DDI_SAMPLER_DESC D3D10_DDI_SAMPLER_DESC;
typedef struct D3D10DDI_COUNTER_INFO D3D10DDI_COUNTER_INFO;
typedef struct D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT
    D3D10DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT;
typedef struct D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT
    D3D11DDIARG_CREATEGEOMETRYSHADERWITHSTREAMOUTPUT;
typedef struct D3D11DDIARG_TESSELLATION_IO_SIGNATURES
    D3D11DDIARG_TESSELLATION_IO_SIGNATURES;
typedef struct D3D11DDI_HANDLESIZE D3D11DDI_HANDLESIZE;
typedef struct D3D11DDIARG_CALCPRIVATEDEFERREDCONTEXTSIZE
    D3D11DDIARG_CALCPRIVATEDEFERREDCONTEXTSIZE;
typedef struct D3D11DDIARG_CREATEDEFERREDCONTEXT D3D11DDIARG_CREATEDEFERREDCONTEXT;
typedef struct D3D11DDIARG_CREATECOMMANDLIST D3D11DDIARG_CREATECOMMANDLIST;
typedef struct D3D11DDIARG_POINTERDATA D3D11DDIARG_POINTERDATA;
typedef struct D3D11DDIARG_CREATEUNORDEREDACCESSVIEW D3D11DDIARG_CREATEUNORDEREDACCESSVIEW;

#ifdef __cplusplus
}
#endif

#endif /* SABLE_D3D10_UMDDI_TYPES_H */
