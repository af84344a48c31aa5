/* SPDX-License-Identifier: MIT */
#include "paging.h"

static NTSTATUS map_aperture(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args)
{
    if (args->MapApertureSegment.SegmentId != SABLE_SEGMENT_APERTURE) {
        return STATUS_INVALID_PARAMETER;
    }
    return kmd_gart_map_mdl(&a->gart, args->MapApertureSegment.OffsetInPages,
                            args->MapApertureSegment.NumberOfPages,
                            args->MapApertureSegment.pMdl,
                            args->MapApertureSegment.MdlOffset);
}

NTSTATUS kmd_build_paging_buffer(KmdAdapter *a, DXGKARG_BUILDPAGINGBUFFER *args)
{
    if (!a->started) {
        return STATUS_DEVICE_NOT_READY;
    }
    switch (args->Operation) {
    case DXGK_OPERATION_MAP_APERTURE_SEGMENT:
        return map_aperture(a, args);
    default:
        return STATUS_NOT_SUPPORTED;
    }
}
