/* SPDX-License-Identifier: MIT */
/* Fetching a device dump (DUMP_* registers) into shared guest RAM. */
#include "sqt-internal.h"

static bool request(SqtDevice *d, const SqtBuf *b)
{
    sqt_reg_write64(d, SABLE_REG_DUMP_ADDR_LO, b->bus);
    sqt_reg_write(d, SABLE_REG_DUMP_SIZE, (uint32_t)b->size);
    sqt_reg_write(d, SABLE_REG_DUMP_CONTROL, 1);
    return sqt_reg_read(d, SABLE_REG_DUMP_STATUS) == SABLE_DUMP_STATUS_OK;
}

bool sqt_dump_fetch(SqtDevice *d, SqtBuf *out, uint32_t *written, GError **err)
{
    /* A zero-sized request reports the size a complete dump needs. */
    SqtBuf probe = { .bus = d->fence_page.bus, .size = 0 };
    request(d, &probe);
    uint32_t need = sqt_reg_read(d, SABLE_REG_DUMP_REQUIRED);
    if (need == 0) {
        g_set_error(err, SQT_ERROR, 0,
                    "DUMP_REQUIRED is 0 after a request (status %u)",
                    sqt_reg_read(d, SABLE_REG_DUMP_STATUS));
        return false;
    }
    *out = sqt_alloc(d, need, 8);
    if (!request(d, out)) {
        g_set_error(err, SQT_ERROR, 0,
                    "dump of %u bytes to 0x%llx failed: DUMP_STATUS %u", need,
                    (unsigned long long)out->bus,
                    sqt_reg_read(d, SABLE_REG_DUMP_STATUS));
        return false;
    }
    *written = sqt_reg_read(d, SABLE_REG_DUMP_WRITTEN);
    return true;
}
