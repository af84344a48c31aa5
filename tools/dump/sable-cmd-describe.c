/* SPDX-License-Identifier: MIT */
/*
 * sable_cmd_describe: a command packet as text, driven by a per-opcode
 * table of payload fields in packet order (protocol/sable_cmd.h).
 */
#include "sable-dump-decode.h"
#include "sable-names.h"
#include "sable_virgl.h"

typedef enum FieldKind {
    F_U32,      /* decimal */
    F_X32,      /* hex */
    F_X64,      /* hex, two dwords (lo, hi) */
    F_U64,      /* decimal, two dwords */
    F_FORMAT,   /* sable_surface.format: enum sable_format, tiling bits */
    F_COMPARE,  /* enum sable_compare */
    F_RESERVED, /* shown only when non-zero */
} FieldKind;

typedef struct Field {
    const char *name;
    FieldKind kind;
} Field;

#define RESERVED { "reserved", F_RESERVED }
#define SURFACE(p) { p ".addr", F_X64 }, { p ".pitch", F_U32 }, { p ".format", F_FORMAT }, \
                   { p ".width", F_U32 }, { p ".height", F_U32 }
#define RECT(p) { p ".x", F_U32 }, { p ".y", F_U32 }, { p ".w", F_U32 }, { p ".h", F_U32 }
#define END { NULL, F_U32 }

static const Field f_none[] = { END };
static const Field f_write32[] = { { "value", F_X32 }, { "addr", F_X64 }, END };
static const Field f_write64[] = { RESERVED, { "addr", F_X64 }, { "value", F_X64 }, END };
static const Field f_copy[] = { RESERVED, { "dst", F_X64 }, { "src", F_X64 },
                                { "size", F_U64 }, END };
static const Field f_fill[] = { { "pattern", F_X32 }, { "dst", F_X64 }, { "size", F_U64 }, END };
static const Field f_blit[] = { RESERVED, SURFACE("src"), SURFACE("dst"), RECT("src_rect"),
                                { "dst_x", F_U32 }, { "dst_y", F_U32 }, END };
static const Field f_solid[] = { { "color", F_X32 }, SURFACE("dst"), RECT("rect"), END };
static const Field f_timestamp[] = { RESERVED, { "addr", F_X64 }, END };
static const Field f_wait[] = { { "compare", F_COMPARE }, { "addr", F_X64 },
                                { "value", F_X64 }, { "mask", F_X64 }, END };
static const Field f_gart[] = { { "count", F_U32 }, { "first_entry", F_U32 }, RESERVED, END };
static const Field f_stall[] = { { "usec", F_U32 }, END };
static const Field f_ctx3d[] = { { "ctx", F_U32 }, END };
static const Field f_res3d[] = { { "res", F_U32 }, END };
static const Field f_res_create[] = { { "res", F_U32 }, { "target", F_U32 },
                                      { "format", F_U32 }, { "bind", F_X32 },
                                      { "width", F_U32 }, { "height", F_U32 }, END };
static const Field f_backing[] = { { "res", F_U32 }, { "addr", F_X64 }, { "size", F_U64 }, END };
static const Field f_attach[] = { { "ctx", F_U32 }, { "res", F_U32 }, RESERVED, END };
static const Field f_transfer[] = { { "direction", F_U32 }, { "res", F_U32 },
                                    { "level", F_U32 }, { "x", F_U32 }, END };
static const Field f_submit3d[] = { { "ctx", F_U32 }, { "size_dw", F_U32 }, RESERVED,
                                    { "addr", F_X64 }, END };
static const Field f_caps3d[] = { { "size", F_U32 }, { "addr", F_X64 }, END };

static const Field *op_fields(uint32_t opcode)
{
    switch (opcode) {
    case SABLE_OP_NOP:
    case SABLE_OP_DEBUG_HANG:
        return f_none;
    case SABLE_OP_WRITE32:
        return f_write32;
    case SABLE_OP_WRITE64:
        return f_write64;
    case SABLE_OP_COPY:
        return f_copy;
    case SABLE_OP_FILL:
        return f_fill;
    case SABLE_OP_BLIT_2D:
    case SABLE_OP_COPY_2D:
        return f_blit;
    case SABLE_OP_SOLID_FILL_2D:
        return f_solid;
    case SABLE_OP_TIMESTAMP:
        return f_timestamp;
    case SABLE_OP_WAIT_VALUE:
        return f_wait;
    case SABLE_OP_GART_UPDATE:
        return f_gart;
    case SABLE_OP_DEBUG_STALL:
        return f_stall;
    case SABLE_OP_3D_CTX_CREATE:
    case SABLE_OP_3D_CTX_DESTROY:
        return f_ctx3d;
    case SABLE_OP_3D_RES_DESTROY:
        return f_res3d;
    case SABLE_OP_3D_RES_CREATE:
        return f_res_create;
    case SABLE_OP_3D_RES_BACKING:
        return f_backing;
    case SABLE_OP_3D_ATTACH:
    case SABLE_OP_3D_DETACH:
        return f_attach;
    case SABLE_OP_3D_TRANSFER:
        return f_transfer;
    case SABLE_OP_3D_SUBMIT:
        return f_submit3d;
    case SABLE_OP_3D_CAPS:
        return f_caps3d;
    default:
        return f_none;
    }
}

static void append_named(GString *out, const char *name, uint32_t v)
{
    if (name != NULL) {
        g_string_append(out, name);
    } else {
        g_string_append_printf(out, "%u", v);
    }
}

/* "B8G8R8A8_UNORM", "B8G8R8A8_UNORM/TILE_Y", else the number (decimal). */
static void append_format(GString *out, uint32_t v)
{
    const char *fmt = sable_format_label(SABLE_SURFACE_PIXEL_FORMAT(v));
    const char *tiling = sable_tiling_name(SABLE_SURFACE_TILING(v));

    if (fmt == NULL || tiling == NULL || SABLE_SURFACE_RESERVED(v)) {
        g_string_append_printf(out, "%u", v);
    } else if (SABLE_SURFACE_TILING(v) == SABLE_TILING_LINEAR) {
        g_string_append(out, fmt);
    } else {
        g_string_append_printf(out, "%s/%s", fmt, tiling);
    }
}

/* Append one field at args[*i], advancing *i; false if args ran out. */
static bool append_field(GString *out, const Field *f, const uint32_t *args, size_t n,
                         size_t *i)
{
    size_t need = (f->kind == F_X64 || f->kind == F_U64) ? 2 : 1;
    uint64_t v;

    if (n - *i < need) {
        return false;
    }
    v = need == 2 ? args[*i] | (uint64_t)args[*i + 1] << 32 : args[*i];
    *i += need;
    if (f->kind == F_RESERVED && v == 0) {
        return true;
    }
    g_string_append_printf(out, " %s=", f->name);
    switch (f->kind) {
    case F_U32:
    case F_U64:
        g_string_append_printf(out, "%" G_GUINT64_FORMAT, v);
        break;
    case F_X64:
        g_string_append_printf(out, "0x%016" G_GINT64_MODIFIER "x", v);
        break;
    case F_FORMAT:
        append_format(out, (uint32_t)v);
        break;
    case F_COMPARE:
        append_named(out, sable_compare_name((uint32_t)v), (uint32_t)v);
        break;
    default:
        g_string_append_printf(out, "0x%08x", (uint32_t)v);
        break;
    }
    return true;
}

char *sable_cmd_describe(uint32_t header, const uint32_t *args, size_t n_args)
{
    uint32_t opcode = SABLE_CMD_OPCODE(header), flags = SABLE_CMD_FLAGS(header);
    const char *name = sable_opcode_name(opcode);
    GString *out = g_string_new(NULL);
    size_t i = 0;

    if (name != NULL) {
        g_string_append(out, name);
    } else {
        g_string_append_printf(out, "opcode 0x%02x", opcode);
    }
    g_string_append_printf(out, " size=%u", SABLE_CMD_SIZE_DW(header));
    if (flags != 0) {
        g_autofree char *f = sable_bits_to_string(flags, sable_cmd_flag_bits);
        g_string_append_printf(out, " flags=%s", f);
    }
    for (const Field *f = op_fields(opcode); f->name != NULL; f++) {
        if (!append_field(out, f, args, args ? n_args : 0, &i)) {
            g_string_append(out, " ...");
            break;
        }
    }
    return g_string_free(out, FALSE);
}

char *sable_dump_cmd_describe(const struct sable_dump_cmd *cmd)
{
    uint32_t size_dw = SABLE_CMD_SIZE_DW(cmd->header);
    size_t payload = size_dw > 0 ? size_dw - 1u : 0u;

    return sable_cmd_describe(cmd->header, cmd->args, MIN(payload, G_N_ELEMENTS(cmd->args)));
}

char *sable_virgl_cmd_describe(uint32_t header)
{
    uint32_t op = SABLE_VIRGL_CMD_OP(header), obj = SABLE_VIRGL_CMD_OBJ(header);
    const char *name = sable_virgl_cmd_name(op);
    GString *out = g_string_new(NULL);

    if (name != NULL) {
        g_string_append(out, name);
    } else {
        g_string_append_printf(out, "virgl command %u", op);
    }
    if (op == SABLE_VIRGL_CCMD_CREATE_OBJECT || op == SABLE_VIRGL_CCMD_BIND_OBJECT ||
        op == SABLE_VIRGL_CCMD_DESTROY_OBJECT) {
        const char *o = sable_virgl_object_name(obj);
        if (o != NULL) {
            g_string_append_printf(out, " %s", o);
        } else {
            g_string_append_printf(out, " object %u", obj);
        }
    }
    g_string_append_printf(out, " len=%u", SABLE_VIRGL_CMD_LEN(header));
    return g_string_free(out, FALSE);
}
