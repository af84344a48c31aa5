/* SPDX-License-Identifier: MIT */
/*
 * Sable: the unordered-access-view creation arguments of the Direct3D 11
 * user-mode DDI (d3d10umddi.h in the WDK), completing the structure
 * d3d10_umddi_types.h declares opaque.
 *
 * Written from Microsoft's public reference pages (learn.microsoft.com,
 * d3d10umddi section: D3D11DDIARG_CREATEUNORDEREDACCESSVIEW,
 * D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW, D3D11DDIARG_TEX1D/2D/3D_
 * UNORDEREDACCESSVIEW).  No header text from the WDK, Wine, Mesa or
 * mingw-w64 was used.
 */
#ifndef SABLE_D3D11_UMDDI_UAV_H
#define SABLE_D3D11_UMDDI_UAV_H

#include "d3d10_umddi_types.h"

/* D3D11_DDI_BUFFER_UAV_FLAG */
#define D3D11_DDI_BUFFER_UAV_FLAG_RAW     0x1u
#define D3D11_DDI_BUFFER_UAV_FLAG_APPEND  0x2u
#define D3D11_DDI_BUFFER_UAV_FLAG_COUNTER 0x4u

/* D3D11DDIARG_BUFFEREX_SHADERRESOURCEVIEW.Flags (d3d10_umddi_types.h) */
#define D3D11_DDI_BUFFEREX_SRV_FLAG_RAW 0x1u

/* FirstElement: the page says "offset, in bytes"; the API's D3D11_BUFFER_UAV
 * (which the runtime passes on) says the index of the first element.
 * UNCERTAIN: read as the element index, as the API documents it. */
typedef struct D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW {
    UINT FirstElement;
    UINT NumElements;
    UINT Flags;
} D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW;

typedef struct D3D11DDIARG_TEX1D_UNORDEREDACCESSVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D11DDIARG_TEX1D_UNORDEREDACCESSVIEW;

typedef struct D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW {
    UINT MipSlice;
    UINT FirstArraySlice;
    UINT ArraySize;
} D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW;

typedef struct D3D11DDIARG_TEX3D_UNORDEREDACCESSVIEW {
    UINT MipSlice;
    UINT FirstW;
    UINT WSize;
} D3D11DDIARG_TEX3D_UNORDEREDACCESSVIEW;

/* The runtime never passes D3D10DDIRESOURCE_TEXTURECUBE here. */
struct D3D11DDIARG_CREATEUNORDEREDACCESSVIEW {
    D3D10DDI_HRESOURCE hDrvResource;
    DXGI_FORMAT Format;
    D3D10DDIRESOURCE_TYPE ResourceDimension;
    union {
        D3D11DDIARG_BUFFER_UNORDEREDACCESSVIEW Buffer;
        D3D11DDIARG_TEX1D_UNORDEREDACCESSVIEW Tex1D;
        D3D11DDIARG_TEX2D_UNORDEREDACCESSVIEW Tex2D;
        D3D11DDIARG_TEX3D_UNORDEREDACCESSVIEW Tex3D;
    };
};

#endif /* SABLE_D3D11_UMDDI_UAV_H */
