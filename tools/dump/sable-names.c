/* SPDX-License-Identifier: MIT */
#include "sable-names.h"

#include "sable_protocol.h"
#include "sable_virgl.h"

#define BIT(name, value) { value, name }
#define END { 0, NULL }

const SableBitName sable_feature_bits[] = {
    BIT("FENCE_PAGE", SABLE_FEATURE_FENCE_PAGE), BIT("MSIX", SABLE_FEATURE_MSIX),
    BIT("BLIT_2D", SABLE_FEATURE_BLIT_2D), BIT("WAIT_VALUE", SABLE_FEATURE_WAIT_VALUE),
    BIT("DUMP", SABLE_FEATURE_DUMP), BIT("DEBUG_CMDS", SABLE_FEATURE_DEBUG_CMDS),
    BIT("ENGINE_RESET", SABLE_FEATURE_ENGINE_RESET),
    BIT("GART_UPDATE", SABLE_FEATURE_GART_UPDATE), BIT("TILING", SABLE_FEATURE_TILING),
    BIT("SWIZZLE_RANGES", SABLE_FEATURE_SWIZZLE_RANGES),
    BIT("SCANOUT", SABLE_FEATURE_SCANOUT), BIT("3D", SABLE_FEATURE_3D), END,
};

const SableBitName sable_engine_status_bits[] = {
    BIT("ENABLED", SABLE_ENGINE_STATUS_ENABLED), BIT("BUSY", SABLE_ENGINE_STATUS_BUSY),
    BIT("WAITING", SABLE_ENGINE_STATUS_WAITING), BIT("FAULTED", SABLE_ENGINE_STATUS_FAULTED),
    BIT("HUNG", SABLE_ENGINE_STATUS_HUNG), END,
};

const SableBitName sable_fault_flag_bits[] = {
    BIT("WRITE", SABLE_FAULT_F_WRITE), BIT("INJECTED", SABLE_FAULT_F_INJECTED),
    BIT("GART", SABLE_FAULT_F_GART), END,
};

const SableBitName sable_reset_status_bits[] = {
    BIT("DONE", SABLE_RESET_STATUS_DONE), BIT("FAILED", SABLE_RESET_STATUS_FAILED),
    BIT("ADAPTER", SABLE_RESET_STATUS_ADAPTER), END,
};

const SableBitName sable_error_bits[] = {
    BIT("BAD_RING_CONFIG", SABLE_ERROR_BAD_RING_CONFIG),
    BIT("BAD_GART_CONFIG", SABLE_ERROR_BAD_GART_CONFIG),
    BIT("BAD_FENCE_PAGE", SABLE_ERROR_BAD_FENCE_PAGE),
    BIT("BAD_DUMP_REQUEST", SABLE_ERROR_BAD_DUMP_REQUEST),
    BIT("SWIZZLE_RANGE", SABLE_ERROR_SWIZZLE_RANGE),
    BIT("BAD_SCANOUT", SABLE_ERROR_BAD_SCANOUT), END,
};

const SableBitName sable_cmd_flag_bits[] = {
    BIT("OPTIONAL", SABLE_CMD_F_OPTIONAL), END,
};

const SableBitName sable_submit_flag_bits[] = {
    BIT("NO_IRQ", SABLE_SUBMIT_F_NO_IRQ), BIT("PAGING", SABLE_SUBMIT_F_PAGING), END,
};

#define ENGINE_IRQS(e) BIT("FENCE" #e, SABLE_IRQ_FENCE(e)), BIT("FAULT" #e, SABLE_IRQ_FAULT(e))
const SableBitName sable_irq_bits[] = {
    ENGINE_IRQS(0), ENGINE_IRQS(1), ENGINE_IRQS(2), ENGINE_IRQS(3),
    ENGINE_IRQS(4), ENGINE_IRQS(5), ENGINE_IRQS(6), ENGINE_IRQS(7),
    BIT("RESET_DONE", SABLE_IRQ_RESET_DONE), BIT("DUMP_DONE", SABLE_IRQ_DUMP_DONE),
    BIT("VBLANK", SABLE_IRQ_VBLANK), END,
};

/* A name table indexed by value. */
static const char *lookup(const char *const *names, size_t n, uint32_t value)
{
    return value < n ? names[value] : NULL;
}

const char *sable_opcode_name(uint32_t opcode)
{
    static const char *const names[] = {
        [SABLE_OP_NOP] = "NOP", [SABLE_OP_WRITE32] = "WRITE32",
        [SABLE_OP_WRITE64] = "WRITE64", [SABLE_OP_COPY] = "COPY", [SABLE_OP_FILL] = "FILL",
        [SABLE_OP_BLIT_2D] = "BLIT_2D", [SABLE_OP_SOLID_FILL_2D] = "SOLID_FILL_2D",
        [SABLE_OP_TIMESTAMP] = "TIMESTAMP", [SABLE_OP_WAIT_VALUE] = "WAIT_VALUE",
        [SABLE_OP_GART_UPDATE] = "GART_UPDATE", [SABLE_OP_COPY_2D] = "COPY_2D",
        [SABLE_OP_3D_CTX_CREATE] = "3D_CTX_CREATE",
        [SABLE_OP_3D_CTX_DESTROY] = "3D_CTX_DESTROY",
        [SABLE_OP_3D_RES_CREATE] = "3D_RES_CREATE",
        [SABLE_OP_3D_RES_DESTROY] = "3D_RES_DESTROY",
        [SABLE_OP_3D_RES_BACKING] = "3D_RES_BACKING", [SABLE_OP_3D_ATTACH] = "3D_ATTACH",
        [SABLE_OP_3D_DETACH] = "3D_DETACH", [SABLE_OP_3D_TRANSFER] = "3D_TRANSFER",
        [SABLE_OP_3D_SUBMIT] = "3D_SUBMIT", [SABLE_OP_3D_CAPS] = "3D_CAPS",
        [SABLE_OP_DEBUG_STALL] = "DEBUG_STALL",
        [SABLE_OP_DEBUG_HANG] = "DEBUG_HANG",
    };
    return lookup(names, G_N_ELEMENTS(names), opcode);
}

const char *sable_fault_name(uint32_t code)
{
    static const char *const names[] = {
        [SABLE_FAULT_NONE] = "NONE", [SABLE_FAULT_PAGE] = "PAGE",
        [SABLE_FAULT_PROTECTION] = "PROTECTION",
        [SABLE_FAULT_INVALID_COMMAND] = "INVALID_COMMAND",
        [SABLE_FAULT_BAD_PACKET] = "BAD_PACKET", [SABLE_FAULT_BAD_ARGUMENT] = "BAD_ARGUMENT",
        [SABLE_FAULT_BAD_DESCRIPTOR] = "BAD_DESCRIPTOR", [SABLE_FAULT_BAD_RING] = "BAD_RING",
        [SABLE_FAULT_DMA_ERROR] = "DMA_ERROR", [SABLE_FAULT_DEBUG_DISABLED] = "DEBUG_DISABLED",
        [SABLE_FAULT_3D_OBJECT] = "3D_OBJECT", [SABLE_FAULT_3D_REJECTED] = "3D_REJECTED",
    };
    return lookup(names, G_N_ELEMENTS(names), code);
}

const char *sable_virgl_cmd_name(uint32_t cmd)
{
    static const char *const names[] = {
        "NOP", "CREATE_OBJECT", "BIND_OBJECT", "DESTROY_OBJECT", "SET_VIEWPORT_STATE",
        "SET_FRAMEBUFFER_STATE", "SET_VERTEX_BUFFERS", "CLEAR", "DRAW_VBO",
        "RESOURCE_INLINE_WRITE", "SET_SAMPLER_VIEWS", "SET_INDEX_BUFFER",
        "SET_CONSTANT_BUFFER", "SET_STENCIL_REF", "SET_BLEND_COLOR", "SET_SCISSOR_STATE",
        "BLIT", "RESOURCE_COPY_REGION", "BIND_SAMPLER_STATES", "BEGIN_QUERY", "END_QUERY",
        "GET_QUERY_RESULT", "SET_POLYGON_STIPPLE", "SET_CLIP_STATE", "SET_SAMPLE_MASK",
        "SET_STREAMOUT_TARGETS", "SET_RENDER_CONDITION", "SET_UNIFORM_BUFFER",
        "SET_SUB_CTX", "CREATE_SUB_CTX", "DESTROY_SUB_CTX", "BIND_SHADER", "SET_TESS_STATE",
        "SET_MIN_SAMPLES", "SET_SHADER_BUFFERS", "SET_SHADER_IMAGES", "MEMORY_BARRIER",
        "LAUNCH_GRID", "SET_FRAMEBUFFER_STATE_NO_ATTACH", "TEXTURE_BARRIER",
        "SET_ATOMIC_BUFFERS", "SET_DEBUG_FLAGS", "GET_QUERY_RESULT_QBO", "TRANSFER3D",
        "END_TRANSFERS", "COPY_TRANSFER3D", "SET_TWEAKS", "CLEAR_TEXTURE",
        "PIPE_RESOURCE_CREATE", "PIPE_RESOURCE_SET_TYPE", "GET_MEMORY_INFO",
        "EMIT_STRING_MARKER", "LINK_SHADER",
    };
    _Static_assert(G_N_ELEMENTS(names) == SABLE_VIRGL_CCMD_COUNT_0_10,
                   "one name per virgl command");
    return lookup(names, G_N_ELEMENTS(names), cmd);
}

const char *sable_virgl_object_name(uint32_t obj)
{
    static const char *const names[] = {
        "NULL", "BLEND", "RASTERIZER", "DSA", "SHADER", "VERTEX_ELEMENTS",
        "SAMPLER_VIEW", "SAMPLER_STATE", "SURFACE", "QUERY", "STREAMOUT_TARGET",
        "MSAA_SURFACE",
    };
    return lookup(names, G_N_ELEMENTS(names), obj);
}

const char *sable_engine_name(uint32_t engine)
{
    static const char *const names[] = {
        [SABLE_ENGINE_GRAPHICS] = "graphics", [SABLE_ENGINE_COPY] = "copy",
    };
    return lookup(names, G_N_ELEMENTS(names), engine);
}

const char *sable_format_label(uint32_t format)
{
    static const char *const names[] = {
        [SABLE_FORMAT_B8G8R8A8_UNORM] = "B8G8R8A8_UNORM",
        [SABLE_FORMAT_B8G8R8X8_UNORM] = "B8G8R8X8_UNORM",
        [SABLE_FORMAT_R8G8B8A8_UNORM] = "R8G8B8A8_UNORM",
        [SABLE_FORMAT_R8G8B8X8_UNORM] = "R8G8B8X8_UNORM",
        [SABLE_FORMAT_B5G6R5_UNORM] = "B5G6R5_UNORM",
        [SABLE_FORMAT_B5G5R5A1_UNORM] = "B5G5R5A1_UNORM",
        [SABLE_FORMAT_A8_UNORM] = "A8_UNORM",
        [SABLE_FORMAT_R10G10B10A2_UNORM] = "R10G10B10A2_UNORM",
    };
    return lookup(names, G_N_ELEMENTS(names), format);
}

const char *sable_tiling_name(uint32_t tiling)
{
    static const char *const names[] = {
        [SABLE_TILING_LINEAR] = "LINEAR", [SABLE_TILING_Y] = "TILE_Y",
    };
    return lookup(names, G_N_ELEMENTS(names), tiling);
}

const char *sable_swz_error_name(uint32_t error)
{
    static const char *const names[] = {
        [SABLE_SWZ_ERR_NONE] = "NONE", [SABLE_SWZ_ERR_BAD_CONFIG] = "BAD_CONFIG",
        [SABLE_SWZ_ERR_OVERLAP] = "OVERLAP", [SABLE_SWZ_ERR_FAULT] = "FAULT",
        [SABLE_SWZ_ERR_BUSY] = "BUSY",
    };
    return lookup(names, G_N_ELEMENTS(names), error);
}

const char *sable_compare_name(uint32_t compare)
{
    static const char *const names[] = {
        [SABLE_COMPARE_EQUAL] = "EQUAL", [SABLE_COMPARE_NOT_EQUAL] = "NOT_EQUAL",
        [SABLE_COMPARE_GEQUAL] = "GEQUAL", [SABLE_COMPARE_GEQUAL_WRAP] = "GEQUAL_WRAP",
    };
    return lookup(names, G_N_ELEMENTS(names), compare);
}

GStrv sable_bits_to_strv(uint64_t value, const SableBitName *table)
{
    GPtrArray *names = g_ptr_array_new();
    uint64_t unknown = value;

    for (const SableBitName *b = table; b->name != NULL; b++) {
        if ((value & b->bit) == b->bit) {
            g_ptr_array_add(names, g_strdup(b->name));
            unknown &= ~b->bit;
        }
    }
    if (unknown != 0) {
        g_ptr_array_add(names, g_strdup_printf("0x%" G_GINT64_MODIFIER "x", unknown));
    }
    g_ptr_array_add(names, NULL);
    return (GStrv)g_ptr_array_free(names, FALSE);
}

char *sable_bits_to_string(uint64_t value, const SableBitName *table)
{
    g_auto(GStrv) names = sable_bits_to_strv(value, table);

    return value == 0 ? g_strdup("none") : g_strjoinv("|", names);
}

typedef struct RegName {
    uint32_t offset;
    const char *name;
} RegName;

#define REG(name) { SABLE_REG_##name, #name }
static const RegName global_regs[] = {
    REG(MAGIC), REG(ABI_VERSION), REG(FEATURES_LO), REG(FEATURES_HI), REG(VRAM_SIZE_LO),
    REG(VRAM_SIZE_HI), REG(ENGINE_COUNT), REG(MAX_RING_ENTRIES), REG(GART_BASE_LO),
    REG(GART_BASE_HI), REG(GART_MAX_ENTRIES), REG(CMD_HISTORY), REG(APERTURE_SIZE_LO),
    REG(APERTURE_SIZE_HI), REG(SWIZZLE_RANGES), REG(MAX_SURFACE_DIM), REG(IRQ_STATUS),
    REG(IRQ_MASK), REG(FENCE_PAGE_LO), REG(FENCE_PAGE_HI), REG(GART_TABLE_LO),
    REG(GART_TABLE_HI), REG(GART_ENTRIES), REG(ADAPTER_RESET), REG(RESET_STATUS),
    REG(ADAPTER_RESET_COUNT), REG(ERROR_STATUS), REG(DUMP_ADDR_LO), REG(DUMP_ADDR_HI),
    REG(DUMP_SIZE), REG(DUMP_CONTROL), REG(DUMP_STATUS), REG(DUMP_REQUIRED),
    REG(DUMP_WRITTEN), REG(SCRATCH), REG(TIMESTAMP_LO), REG(TIMESTAMP_HI),
    REG(SCANOUT_ADDR_LO), REG(SCANOUT_ADDR_HI), REG(SCANOUT_PITCH), REG(SCANOUT_FORMAT),
    REG(SCANOUT_WIDTH), REG(SCANOUT_HEIGHT), REG(SCANOUT_CONTROL), REG(SCANOUT_STATUS),
    REG(SCANOUT_FAULT_ADDR_LO), REG(SCANOUT_FAULT_ADDR_HI), REG(SCANOUT_FRAME_COUNT),
    REG(SCANOUT_VBLANK_NS),
};

#define ENG(name) { SABLE_ENG_##name, #name }
static const RegName engine_regs[] = {
    ENG(RING_BASE_LO), ENG(RING_BASE_HI), ENG(RING_SIZE), ENG(RING_CONTROL), ENG(DOORBELL),
    ENG(RING_HEAD), ENG(RING_TAIL), ENG(STATUS), ENG(COMPLETED_FENCE_LO),
    ENG(COMPLETED_FENCE_HI), ENG(SUBMITTED_FENCE_LO), ENG(SUBMITTED_FENCE_HI), ENG(RESET),
    ENG(RESET_COUNT), ENG(LAST_ABORTED_FENCE_LO), ENG(LAST_ABORTED_FENCE_HI),
    ENG(CURRENT_DMA_LO), ENG(CURRENT_DMA_HI), ENG(CURRENT_DMA_OFFSET), ENG(CURRENT_FENCE_LO),
    ENG(CURRENT_FENCE_HI), ENG(CURRENT_CONTEXT), ENG(FAULT_COUNT), ENG(FAULT_CODE),
    ENG(FAULT_FLAGS), ENG(FAULT_ADDR_LO), ENG(FAULT_ADDR_HI), ENG(FAULT_FENCE_LO),
    ENG(FAULT_FENCE_HI), ENG(FAULT_DMA_LO), ENG(FAULT_DMA_HI), ENG(FAULT_DMA_OFFSET),
    ENG(FAULT_OPCODE), ENG(FAULT_CONTEXT),
};

#define SWZ(name) { SABLE_SWZ_##name, #name }
static const RegName swizzle_regs[] = {
    SWZ(APERTURE_OFFSET), SWZ(SIZE), SWZ(GPU_ADDR_LO), SWZ(GPU_ADDR_HI), SWZ(PITCH),
    SWZ(HEIGHT), SWZ(TILING), SWZ(CONTROL), SWZ(STATUS), SWZ(FAULT_ADDR_LO),
    SWZ(FAULT_ADDR_HI),
};

static const char *find_reg(const RegName *regs, size_t n, uint32_t offset)
{
    for (size_t i = 0; i < n; i++) {
        if (regs[i].offset == offset) {
            return regs[i].name;
        }
    }
    return NULL;
}

char *sable_reg_name(uint32_t offset)
{
    uint32_t engine, rel;
    const char *name;

    if (offset >= SABLE_REG_SWZ_BASE && offset < SABLE_REG_ENGINE_BASE) {
        uint32_t range = (offset - SABLE_REG_SWZ_BASE) / SABLE_REG_SWZ_STRIDE;
        name = find_reg(swizzle_regs, G_N_ELEMENTS(swizzle_regs),
                        (offset - SABLE_REG_SWZ_BASE) % SABLE_REG_SWZ_STRIDE);
        return name && range < SABLE_SWZ_MAX_RANGES
                   ? g_strdup_printf("SWZ%u.%s", range, name) : NULL;
    }
    if (offset < SABLE_REG_ENGINE_BASE) {
        return g_strdup(find_reg(global_regs, G_N_ELEMENTS(global_regs), offset));
    }
    engine = (offset - SABLE_REG_ENGINE_BASE) / SABLE_REG_ENGINE_STRIDE;
    rel = (offset - SABLE_REG_ENGINE_BASE) % SABLE_REG_ENGINE_STRIDE;
    name = find_reg(engine_regs, G_N_ELEMENTS(engine_regs), rel);
    if (engine >= SABLE_MAX_ENGINES || name == NULL) {
        return NULL;
    }
    return g_strdup_printf("ENG%u.%s", engine, name);
}
