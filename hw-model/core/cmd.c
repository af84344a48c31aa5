/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * cmd.c: packet decode and dispatch. The packet at the engine's offset is
 * copied into eng->pkt once (header checks: size, flags, opcode, debug,
 * minimum size), then executed from that copy; COPY, FILL, GART_UPDATE and
 * the 2D commands resume from eng->progress when the byte budget runs out.
 * Every finished or faulting command goes to the history.
 */
#include <string.h>

#include "core-internal.h"

#if G_BYTE_ORDER != G_LITTLE_ENDIAN
#error "sable-core copies little-endian packets as is: little-endian hosts only"
#endif

typedef SableCmdResult (*CmdExec)(SableEngine *eng);

typedef struct CmdInfo {
    uint32_t min_bytes;
    bool debug;
    CmdExec exec;
} CmdInfo;

uint64_t sable_cmd_gpa(const SableEngine *eng)
{
    return eng->cur.dma_addr + eng->offset;
}

static SableCmdResult bad_argument(SableEngine *eng)
{
    sable_fault(eng, SABLE_FAULT_BAD_ARGUMENT, sable_cmd_gpa(eng), 0);
    return CMD_FAULT;
}

static SableCmdResult written(bool ok)
{
    return ok ? CMD_DONE : CMD_FAULT;
}

static SableCmdResult exec_nop(SableEngine *eng)
{
    return CMD_DONE;
}

static SableCmdResult exec_write32(SableEngine *eng)
{
    const struct sable_cmd_write32 *c = &eng->pkt.write32;
    if (c->addr & 3) {
        return bad_argument(eng);
    }
    return written(sable_gpu_write(eng, c->addr, &c->value, 4));
}

static SableCmdResult exec_write64(SableEngine *eng)
{
    const struct sable_cmd_write64 *c = &eng->pkt.write64;
    if (c->reserved || (c->addr & 7)) {
        return bad_argument(eng);
    }
    return written(sable_gpu_write(eng, c->addr, &c->value, 8));
}

static SableCmdResult exec_timestamp(SableEngine *eng)
{
    const struct sable_cmd_timestamp *c = &eng->pkt.timestamp;
    uint64_t now = sable_now(eng->dev);
    if (c->reserved || (c->addr & 7)) {
        return bad_argument(eng);
    }
    return written(sable_gpu_write(eng, c->addr, &now, 8));
}

/* One chunk of a COPY. When either side lies wholly in VRAM the data moves
 * straight between VRAM and the other side (one pass; VRAM to VRAM is a
 * memmove); otherwise through the bounce buffer. The source is always
 * translated first, so a fault (or an injected one) names it first. */
static bool copy_chunk(SableEngine *eng, uint64_t src, uint64_t dst, uint64_t n)
{
    SableDevice *dev = eng->dev;
    SableMem m = sable_mem_of(eng);
    uint8_t *p;

    if (dst < dev->cfg.vram_size && n <= dev->cfg.vram_size - dst) {
        sable_vram_written(dev, dst, n);
        return sable_gpu_read(eng, src, dev->vram + dst, n);
    }
    if (src < dev->cfg.vram_size && n <= dev->cfg.vram_size - src) {
        return sable_mem_direct(&m, src, n, false, &p) &&
               sable_gpu_write(eng, dst, p, n);
    }
    return sable_gpu_read(eng, src, dev->bounce, n) &&
           sable_gpu_write(eng, dst, dev->bounce, n);
}

static SableCmdResult exec_copy(SableEngine *eng)
{
    const struct sable_cmd_copy *c = &eng->pkt.copy;
    if (c->reserved || !sable_range_ok(c->src, c->size) ||
        !sable_range_ok(c->dst, c->size)) {
        return bad_argument(eng);
    }
    bool backward = c->dst > c->src && c->dst < c->src + c->size;
    while (eng->progress < c->size) {
        uint64_t left = c->size - eng->progress;
        uint64_t n = sable_budget_take(eng, MIN(left, SABLE_BOUNCE_SIZE), 1);
        if (!n) {
            return CMD_YIELD;
        }
        uint64_t off = backward ? left - n : eng->progress;
        if (!copy_chunk(eng, c->src + off, c->dst + off, n)) {
            return CMD_FAULT;
        }
        eng->progress += n;
    }
    return CMD_DONE;
}

static SableCmdResult exec_fill(SableEngine *eng)
{
    const struct sable_cmd_fill *c = &eng->pkt.fill;
    uint8_t pat[4];
    memcpy(pat, &c->pattern, 4);
    if (!sable_range_ok(c->dst, c->size)) {
        return bad_argument(eng);
    }
    while (eng->progress < c->size) {
        uint64_t n = sable_budget_take(
            eng, MIN(c->size - eng->progress, SABLE_BOUNCE_SIZE), 1);
        if (!n) {
            return CMD_YIELD;
        }
        for (uint64_t i = 0; i < n; i++) {
            eng->dev->bounce[i] = pat[(eng->progress + i) & 3];
        }
        if (!sable_gpu_write(eng, c->dst + eng->progress, eng->dev->bounce, n)) {
            return CMD_FAULT;
        }
        eng->progress += n;
    }
    return CMD_DONE;
}

static bool compare(uint32_t op, uint64_t v, uint64_t ref)
{
    switch (op) {
    case SABLE_COMPARE_EQUAL:
        return v == ref;
    case SABLE_COMPARE_NOT_EQUAL:
        return v != ref;
    case SABLE_COMPARE_GEQUAL:
        return v >= ref;
    default:
        return (int64_t)(v - ref) >= 0;
    }
}

static SableCmdResult exec_wait(SableEngine *eng)
{
    const struct sable_cmd_wait_value *c = &eng->pkt.wait;
    uint64_t v;
    if (c->compare > SABLE_COMPARE_GEQUAL_WRAP || (c->addr & 7)) {
        return bad_argument(eng);
    }
    if (!sable_gpu_read(eng, c->addr, &v, 8)) {
        return CMD_FAULT;
    }
    if (compare(c->compare, v & c->mask, c->value)) {
        if (eng->state == ENG_WAIT_VALUE) {
            eng->state = ENG_READY;
            sable_engine_stop(eng);
        }
        return CMD_DONE;
    }
    sable_engine_block(eng, ENG_WAIT_VALUE,
                       sable_now(eng->dev) + SABLE_WAIT_POLL_NS);
    return CMD_BLOCKED;
}

static SableCmdResult exec_gart_update(SableEngine *eng)
{
    SableDevice *dev = eng->dev;
    const struct sable_cmd_gart_update *c = &eng->pkt.gart;
    uint64_t entries_gpa = sable_cmd_gpa(eng) + sizeof(*c);

    if (c->reserved ||
        (uint64_t)c->first_entry + c->count > dev->gart_entries) {
        return bad_argument(eng);
    }
    if (sizeof(*c) + 8ull * c->count > eng->pkt_bytes) {
        sable_fault(eng, SABLE_FAULT_BAD_PACKET, sable_cmd_gpa(eng), 0);
        return CMD_FAULT;
    }
    while (eng->progress < c->count) {
        uint64_t left = (c->count - eng->progress) * 8;
        uint64_t n = sable_budget_take(eng, MIN(left, SABLE_BOUNCE_SIZE), 8);
        if (!n) {
            return CMD_YIELD;
        }
        uint64_t first = c->first_entry + eng->progress;
        if (!sable_gpu_read(eng, entries_gpa + eng->progress * 8,
                            dev->bounce, n)) {
            return CMD_FAULT;
        }
        if (!dev->ops.dma_write(dev->opaque, dev->gart_table + first * 8,
                                dev->bounce, n)) {
            sable_fault(eng, SABLE_FAULT_DMA_ERROR,
                        SABLE_CORE_GART_BASE + first * SABLE_PAGE_SIZE,
                        SABLE_FAULT_F_WRITE | SABLE_FAULT_F_GART);
            return CMD_FAULT;
        }
        eng->progress += n / 8;
    }
    return CMD_DONE;
}

static SableCmdResult exec_debug_stall(SableEngine *eng)
{
    if (eng->progress) {
        return CMD_DONE;
    }
    eng->progress = 1;
    sable_engine_block(eng, ENG_STALL, sable_now(eng->dev) +
                       (uint64_t)eng->pkt.stall.usec * 1000);
    return CMD_BLOCKED;
}

static SableCmdResult exec_debug_hang(SableEngine *eng)
{
    eng->state = ENG_HUNG;
    sable_history_add(eng, SABLE_FAULT_NONE);
    return CMD_BLOCKED;
}

static const CmdInfo *cmd_info(uint32_t opcode)
{
    static const CmdInfo table[] = {
        [SABLE_OP_NOP] = { 4, false, exec_nop },
        [SABLE_OP_WRITE32] = { sizeof(struct sable_cmd_write32), false, exec_write32 },
        [SABLE_OP_WRITE64] = { sizeof(struct sable_cmd_write64), false, exec_write64 },
        [SABLE_OP_COPY] = { sizeof(struct sable_cmd_copy), false, exec_copy },
        [SABLE_OP_FILL] = { sizeof(struct sable_cmd_fill), false, exec_fill },
        [SABLE_OP_BLIT_2D] = { sizeof(struct sable_cmd_blit_2d), false, sable_cmd_blit },
        [SABLE_OP_COPY_2D] = { sizeof(struct sable_cmd_copy_2d), false,
                               sable_cmd_copy_2d },
        [SABLE_OP_SOLID_FILL_2D] = { sizeof(struct sable_cmd_solid_fill_2d), false,
                                     sable_cmd_solid_fill },
        [SABLE_OP_TIMESTAMP] = { sizeof(struct sable_cmd_timestamp), false, exec_timestamp },
        [SABLE_OP_WAIT_VALUE] = { sizeof(struct sable_cmd_wait_value), false, exec_wait },
        [SABLE_OP_GART_UPDATE] = { sizeof(struct sable_cmd_gart_update), false,
                                   exec_gart_update },
        [SABLE_OP_3D_CTX_CREATE] = { sizeof(struct sable_cmd_3d_ctx), false,
                                     sable_cmd_3d_ctx_create },
        [SABLE_OP_3D_CTX_DESTROY] = { sizeof(struct sable_cmd_3d_ctx), false,
                                      sable_cmd_3d_ctx_destroy },
        [SABLE_OP_3D_RES_CREATE] = { sizeof(struct sable_cmd_3d_res_create), false,
                                     sable_cmd_3d_res_create },
        [SABLE_OP_3D_RES_DESTROY] = { sizeof(struct sable_cmd_3d_res), false,
                                      sable_cmd_3d_res_destroy },
        [SABLE_OP_3D_RES_BACKING] = { sizeof(struct sable_cmd_3d_res_backing), false,
                                      sable_cmd_3d_res_backing },
        [SABLE_OP_3D_ATTACH] = { sizeof(struct sable_cmd_3d_attach), false,
                                 sable_cmd_3d_attach },
        [SABLE_OP_3D_DETACH] = { sizeof(struct sable_cmd_3d_attach), false,
                                 sable_cmd_3d_attach },
        [SABLE_OP_3D_TRANSFER] = { sizeof(struct sable_cmd_3d_transfer), false,
                                   sable_cmd_3d_transfer },
        [SABLE_OP_3D_SUBMIT] = { sizeof(struct sable_cmd_3d_submit), false,
                                 sable_cmd_3d_submit },
        [SABLE_OP_3D_CAPS] = { sizeof(struct sable_cmd_3d_caps), false,
                               sable_cmd_3d_caps },
        [SABLE_OP_DEBUG_STALL] = { sizeof(struct sable_cmd_debug_stall), true,
                                   exec_debug_stall },
        [SABLE_OP_DEBUG_HANG] = { 4, true, exec_debug_hang },
    };
    if (opcode >= G_N_ELEMENTS(table) || !table[opcode].exec) {
        return NULL;
    }
    return &table[opcode];
}

typedef enum { FETCH_OK, FETCH_SKIP, FETCH_FAULT } FetchResult;

static FetchResult fetch_fault(SableEngine *eng, uint32_t code, uint32_t flags)
{
    sable_fault(eng, code, sable_cmd_gpa(eng), flags);
    return FETCH_FAULT;
}

/* Copy and check the packet at the engine's offset. */
static FetchResult cmd_fetch(SableEngine *eng)
{
    uint64_t gpa = sable_cmd_gpa(eng);
    uint32_t header;

    eng->cmd_budget--;
    memset(&eng->pkt, 0, sizeof(eng->pkt));
    eng->pkt_bytes = 0;
    eng->progress = 0;
    if (!sable_gpu_read(eng, gpa, &header, 4)) {
        return FETCH_FAULT;
    }
    eng->pkt.header = header;
    uint32_t size = SABLE_CMD_SIZE_DW(header) * 4;
    if (size == 0 || size > eng->cur.dma_size - eng->offset) {
        return fetch_fault(eng, SABLE_FAULT_BAD_PACKET, 0);
    }
    eng->pkt_bytes = size;
    if (sable_inject_take(eng, SABLE_INJECT_INVALID_CMD, NULL)) {
        return fetch_fault(eng, SABLE_FAULT_INVALID_COMMAND,
                           SABLE_FAULT_F_INJECTED);
    }
    if (!sable_cmd_flags_ok(header)) {
        return fetch_fault(eng, SABLE_FAULT_BAD_ARGUMENT, 0);
    }
    const CmdInfo *info = cmd_info(SABLE_CMD_OPCODE(header));
    if (!info) {
        if (SABLE_CMD_FLAGS(header) & SABLE_CMD_F_OPTIONAL) {
            return FETCH_SKIP;
        }
        return fetch_fault(eng, SABLE_FAULT_INVALID_COMMAND, 0);
    }
    if (info->debug && !eng->dev->cfg.debug) {
        return fetch_fault(eng, SABLE_FAULT_DEBUG_DISABLED, 0);
    }
    if (size < info->min_bytes) {
        return fetch_fault(eng, SABLE_FAULT_BAD_PACKET, 0);
    }
    if (!sable_gpu_read(eng, gpa, &eng->pkt, MIN(size, sizeof(eng->pkt)))) {
        return FETCH_FAULT;
    }
    eng->pkt.header = header; /* the guest may have changed it meanwhile */
    eng->cmd_active = true;
    return FETCH_OK;
}

static void cmd_finish(SableEngine *eng)
{
    sable_history_add(eng, SABLE_FAULT_NONE);
    eng->commands_executed++;
    eng->commands_total++;
    eng->offset += eng->pkt_bytes;
    eng->cmd_active = false;
    eng->progress = 0;
}

SableCmdResult sable_cmd_step(SableEngine *eng)
{
    SableCmdResult r;

    if (!eng->cmd_active) {
        switch (cmd_fetch(eng)) {
        case FETCH_FAULT:
            sable_history_add(eng, eng->fault.code);
            return CMD_FAULT;
        case FETCH_SKIP:
            cmd_finish(eng);
            return CMD_DONE;
        case FETCH_OK:
            break;
        }
    }
    r = cmd_info(SABLE_CMD_OPCODE(eng->pkt.header))->exec(eng);
    if (r == CMD_DONE) {
        cmd_finish(eng);
    } else if (r == CMD_FAULT) {
        eng->cmd_active = false;
        sable_history_add(eng, eng->fault.code);
    }
    return r;
}

/* OPTIONAL anywhere; ENSURE on the 3D object packets only; SWAP_Z24S8 on
 * 3D_TRANSFER only. */
bool sable_cmd_flags_ok(uint32_t header)
{
    uint32_t op = SABLE_CMD_OPCODE(header), flags = SABLE_CMD_FLAGS(header);
    bool object = op == SABLE_OP_3D_CTX_CREATE || op == SABLE_OP_3D_CTX_DESTROY ||
                  op == SABLE_OP_3D_RES_CREATE || op == SABLE_OP_3D_RES_DESTROY;
    uint32_t allowed = SABLE_CMD_F_OPTIONAL | (object ? SABLE_CMD_F_ENSURE : 0) |
                       (op == SABLE_OP_3D_TRANSFER ? SABLE_CMD_F_SWAP_Z24S8 : 0);
    return !(flags & ~allowed);
}

bool sable_cmd_resumable(const SableEngine *eng)
{
    uint32_t header = eng->pkt.header;
    const CmdInfo *info = cmd_info(SABLE_CMD_OPCODE(header));

    return info && (!info->debug || eng->dev->cfg.debug) &&
           sable_cmd_flags_ok(header) &&
           eng->pkt_bytes == SABLE_CMD_SIZE_DW(header) * 4 &&
           eng->pkt_bytes >= info->min_bytes &&
           eng->offset < eng->cur.dma_size &&
           eng->pkt_bytes <= eng->cur.dma_size - eng->offset;
}
