/* SPDX-License-Identifier: MIT */
/* Names of fxc's SM4/SM5 disassembly (see sm4_names.h). */
#include <string.h>

#include "sm4_names.h"

const Sm4RegName sm4_regs[] = {
    { "vThreadIDInGroupFlattened", SM5_OT_INPUT_THREAD_ID_IN_GROUP_FLATTENED, 1, 0, 0 },
    { "vThreadIDInGroup", SM5_OT_INPUT_THREAD_ID_IN_GROUP, 4, 0, 0 },
    { "vThreadGroupID", SM5_OT_INPUT_THREAD_GROUP_ID, 4, 0, 0 },
    { "vThreadID", SM5_OT_INPUT_THREAD_ID, 4, 0, 0 },
    { "vOutputControlPointID", SM5_OT_OUTPUT_CONTROL_POINT_ID, 1, 0, 0 },
    { "vForkInstanceID", SM5_OT_INPUT_FORK_INSTANCE_ID, 1, 0, 0 },
    { "vJoinInstanceID", SM5_OT_INPUT_JOIN_INSTANCE_ID, 1, 0, 0 },
    { "vGSInstanceID", SM5_OT_INPUT_GS_INSTANCE_ID, 1, 0, 0 },
    { "vCoverage", SM5_OT_INPUT_COVERAGE_MASK, 1, 0, 0 },
    { "vDomain", SM5_OT_INPUT_DOMAIN_POINT, 4, 0, 0 },
    { "vPrim", SM4_OT_INPUT_PRIMITIVEID, 1, 0, 0 },
    { "vicp", SM5_OT_INPUT_CONTROL_POINT, 4, 2, 0 },
    { "vocp", SM5_OT_OUTPUT_CONTROL_POINT, 4, 2, 0 },
    { "vpc", SM5_OT_INPUT_PATCH_CONSTANT, 4, 1, 1 },
    { "oDepthGE", SM5_OT_OUTPUT_DEPTH_GE, 1, 0, 0 },
    { "oDepthLE", SM5_OT_OUTPUT_DEPTH_LE, 1, 0, 0 },
    { "oDepth", SM4_OT_OUTPUT_DEPTH, 1, 0, 0 },
    { "oMask", SM4_OT_OUTPUT_COVERAGE_MASK, 1, 0, 0 },
    { "rasterizer", SM4_OT_RASTERIZER, 0, 0, 0 },
    { "null", SM4_OT_NULL, 0, 0, 0 },
    { "icb", SM4_OT_IMM_CONSTANT_BUFFER, 4, 1, 0 },
    { "cb", SM4_OT_CONSTANT_BUFFER, 4, 2, 1 },
    { "l", SM4_OT_LABEL, 0, 1, 1 }, /* l0 (a literal is l(...)) */
    { "r", SM4_OT_TEMP, 4, 1, 1 },
    { "v", SM4_OT_INPUT, 4, 1, 1 },
    { "o", SM4_OT_OUTPUT, 4, 1, 1 },
    { "x", SM4_OT_INDEXABLE_TEMP, 4, 2, 1 },
    { "t", SM4_OT_RESOURCE, 0, 1, 1 },
    { "s", SM4_OT_SAMPLER, 0, 1, 1 },
    { "u", SM5_OT_UAV, 0, 1, 1 },
    { "g", SM5_OT_TGSM, 0, 1, 1 },
    { "m", SM5_OT_STREAM, 0, 1, 1 },
};
const unsigned sm4_nregs = SM4_NAMES(sm4_regs);

const Sm4RegName *sm4_reg_of_type(uint32_t type)
{
    for (unsigned i = 0; i < sm4_nregs; i++) {
        if (sm4_regs[i].type == type) {
            return &sm4_regs[i];
        }
    }
    return NULL;
}

const char *const sm4_dim_name[SM4_RES_COUNT] = {
    "unknown", "buffer", "texture1d", "texture2d", "texture2dms", "texture3d", "texturecube",
    "texture1darray", "texture2darray", "texture2dmsarray", "texturecubearray", "raw_buffer",
    "structured_buffer",
};
const char *const sm4_ret_name[10] = { NULL, "unorm", "snorm", "sint", "uint", "float",
                                       "mixed", "double", "continued", "unused" };
const char *const sm4_interp_name[8] = {
    NULL, "constant", "linear", "linear centroid", "linear noperspective",
    "linear noperspective centroid", "linear sample", "linear noperspective sample",
};
const char *const sm4_sv_name[23] = {
    "undefined", "position", "clip_distance", "cull_distance", "rendertarget_array_index",
    "viewport_array_index", "vertex_id", "primitive_id", "instance_id", "is_front_face",
    "sample_index", "finalQuadUeq0EdgeTessFactor", "finalQuadVeq0EdgeTessFactor",
    "finalQuadUeq1EdgeTessFactor", "finalQuadVeq1EdgeTessFactor",
    "finalQuadUInsideTessFactor", "finalQuadVInsideTessFactor",
    "finalTriUeq0EdgeTessFactor", "finalTriVeq0EdgeTessFactor", "finalTriWeq0EdgeTessFactor",
    "finalTriInsideTessFactor", "finalLineDetailTessFactor", "finalLineDensityTessFactor",
};
const char *const sm4_gflag_name[8] = {
    "refactoringAllowed", "enableDoublePrecisionFloatOps", "forceEarlyDepthStencil",
    "enableRawAndStructuredBuffers", "skipOptimization", "enableMinimumPrecision",
    "enable11_1DoubleExtensions", "enable11_1ShaderExtensions",
};
const char *const sm4_in_prim_name[8] = { NULL, "point", "line", "triangle", NULL, NULL,
                                          "lineadj", "triangleadj" };
const char *const sm4_out_topo_name[6] = { NULL, "pointlist", "linelist", "linestrip",
                                           "trianglelist", "trianglestrip" };
const char *const sm4_sampler_mode_name[3] = { "mode_default", "mode_comparison", "mode_mono" };
const char *const sm4_tess_domain_name[4] = { NULL, "domain_isoline", "domain_tri", "domain_quad" };
const char *const sm4_tess_partitioning_name[5] = { NULL, "partitioning_integer",
                                                    "partitioning_pow2",
                                                    "partitioning_fractional_odd",
                                                    "partitioning_fractional_even" };
const char *const sm4_tess_output_name[5] = { NULL, "output_point", "output_line",
                                              "output_triangle_cw", "output_triangle_ccw" };

int sm4_name_find(const char *const *names, unsigned n, const char *s, size_t len)
{
    for (unsigned i = 0; i < n; i++) {
        if (names[i] && strlen(names[i]) == len && !strncmp(names[i], s, len)) {
            return (int)i;
        }
    }
    return -1;
}

/* fxc's SysValue column of signature tables: D3D_NAME 0..16, then 64..68 */
const char *const sm4_sig_sv_name[17] = {
    "NONE", "POS", "CLIPDST", "CULLDST", "RTINDEX", "VPINDEX", "VERTID", "PRIMID", "INSTID",
    "FFACE", "SAMPLE", "QUADEDGE", "QUADINT", "TRIEDGE", "TRIINT", "LINEDET", "LINEDEN",
};
const char *const sm4_sig_sv_high_name[5] = { "TARGET", "DEPTH", "COVERAGE", "DEPTHGE", "DEPTHLE" };

const char *sm4_sig_sv_text(uint32_t sv)
{
    return sv < 17 ? sm4_sig_sv_name[sv] : sv >= 64 && sv < 69 ? sm4_sig_sv_high_name[sv - 64] : "NONE";
}
