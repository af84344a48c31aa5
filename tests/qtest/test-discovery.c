/* SPDX-License-Identifier: MIT */
/* The device is listed by QEMU, and its PCI identity and discovery
 * registers read over MMIO say what the device was configured with. */
#include <string.h>

#include "fixture.h"

static void test_device_help(void)
{
    g_autoptr(GError) err = NULL;
    g_autofree char *help = sqt_device_help(NULL, &err);
    g_assert_no_error(err);
    g_assert_nonnull(strstr(help, "name \"sable-gpu\""));
}

static void test_pci_identity(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint32_t class_rev = sqt_pci_cfg_read(&d->pci, 0x08, 4);
    g_assert_cmphex(class_rev >> 16, ==, SABLE_PCI_CLASS_DISPLAY_OTHER);
    g_assert_cmphex(class_rev & 0xff, ==, SABLE_PCI_REVISION);
    g_assert_cmpuint(sqt_pci_bar_size(&d->pci, SABLE_BAR_MMIO), ==, SABLE_MMIO_SIZE);
    g_assert_cmpuint(sqt_pci_bar_size(&d->pci, SABLE_BAR_VRAM), ==, SQT_DEFAULT_VRAM_SIZE);
    g_assert_cmpuint(d->msix.vectors, >=, SABLE_MSIX_VECTORS(SABLE_NUM_ENGINES));
    sqt_device_close(d);
}

static void test_registers(void)
{
    SqtOptions opt = { .vram_size = 32ull << 20 };
    SqtDevice *d = fixture_open(&opt);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_MAGIC), ==, SABLE_MAGIC);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_ABI_VERSION), ==, SABLE_ABI_VERSION);
    g_assert_cmpuint(sqt_reg_read64(d, SABLE_REG_VRAM_SIZE_LO), ==, 32ull << 20);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_ENGINE_COUNT), ==, SABLE_NUM_ENGINES);
    uint64_t need = SABLE_FEATURE_FENCE_PAGE | SABLE_FEATURE_MSIX |
                    SABLE_FEATURE_BLIT_2D | SABLE_FEATURE_DUMP |
                    SABLE_FEATURE_ENGINE_RESET;
    g_assert_cmphex(d->features & need, ==, need);
    g_assert_cmphex(d->features & SABLE_FEATURE_DEBUG_CMDS, ==, 0);
    g_assert_cmpuint(sqt_reg_read(d, SABLE_REG_MAX_RING_ENTRIES), >=, SQT_RING_ENTRIES);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_SCRATCH), ==, 0);
    sqt_reg_write(d, SABLE_REG_SCRATCH, 0xdeadbeef);
    g_assert_cmphex(sqt_reg_read(d, SABLE_REG_SCRATCH), ==, 0xdeadbeef);
    sqt_device_close(d);
}

static void test_debug_feature(void)
{
    SqtOptions opt = { .debug = true };
    SqtDevice *d = fixture_open(&opt);
    g_assert_cmphex(d->features & SABLE_FEATURE_DEBUG_CMDS, ==, SABLE_FEATURE_DEBUG_CMDS);
    sqt_device_close(d);
}

/* BAR2 and the shared VRAM mapping are the same bytes, both ways. */
static void test_vram_bar(void)
{
    SqtDevice *d = fixture_open(NULL);
    uint32_t *v = sqt_vram_ptr(d->m, 0x10000, 8);
    sqt_store32(v, 0x12345678);
    g_assert_cmphex(sqt_readl(d->m, SQT_BAR2_ADDR + 0x10000), ==, 0x12345678);
    sqt_writel(d->m, SQT_BAR2_ADDR + 0x10004, 0xcafef00d);
    g_assert_cmphex(sqt_load32(v + 1), ==, 0xcafef00d);
    /* Block transfers (b64read/b64write) through BAR2 too. */
    uint8_t block[300], back[300];
    for (unsigned i = 0; i < sizeof(block); i++) {
        block[i] = (uint8_t)(i * 7 + 1);
    }
    sqt_memwrite(d->m, SQT_BAR2_ADDR + 0x20001, block, sizeof(block));
    g_assert_cmpmem(sqt_vram_ptr(d->m, 0x20001, sizeof(block)), sizeof(block),
                    block, sizeof(block));
    sqt_memread(d->m, SQT_BAR2_ADDR + 0x20001, back, sizeof(back));
    g_assert_cmpmem(back, sizeof(back), block, sizeof(block));
    sqt_device_close(d);
}

int main(int argc, char **argv)
{
    g_test_init(&argc, &argv, NULL);
    g_test_add_func("/discovery/device-help", test_device_help);
    g_test_add_func("/discovery/pci-identity", test_pci_identity);
    g_test_add_func("/discovery/registers", test_registers);
    g_test_add_func("/discovery/debug-feature", test_debug_feature);
    g_test_add_func("/discovery/vram-bar", test_vram_bar);
    return g_test_run();
}
