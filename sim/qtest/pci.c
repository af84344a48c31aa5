/* SPDX-License-Identifier: MIT */
/* PCI configuration through the 0xcf8/0xcfc mechanism, BARs, capabilities. */
#include "sqt-internal.h"

#define PCI_CONFIG_ADDR 0xcf8
#define PCI_CONFIG_DATA 0xcfc
#define PCI_VENDOR_ID 0x00
#define PCI_COMMAND 0x04
#define PCI_COMMAND_MEMORY 0x2
#define PCI_COMMAND_MASTER 0x4
#define PCI_STATUS 0x06
#define PCI_STATUS_CAP_LIST 0x10
#define PCI_BAR0 0x10
#define PCI_BAR_MEM_TYPE_64 0x4
#define PCI_BAR_IO 0x1
#define PCI_CAP_PTR 0x34

static void select_reg(const SqtPci *p, uint8_t reg)
{
    uint32_t a = 0x80000000u | ((uint32_t)p->bus << 16) |
                 ((uint32_t)p->dev << 11) | ((uint32_t)p->fn << 8) | (reg & 0xfcu);
    sqt_outl(p->m, PCI_CONFIG_ADDR, a);
}

uint32_t sqt_pci_cfg_read(const SqtPci *p, uint8_t reg, unsigned size)
{
    select_reg(p, reg);
    uint16_t port = (uint16_t)(PCI_CONFIG_DATA + (reg & 3u));
    switch (size) {
    case 1: return sqt_inb(p->m, port);
    case 2: return sqt_inw(p->m, port);
    case 4: return sqt_inl(p->m, port);
    }
    sqt_fatal(p->m, "PCI config read of size %u", size);
}

void sqt_pci_cfg_write(const SqtPci *p, uint8_t reg, unsigned size, uint32_t v)
{
    select_reg(p, reg);
    uint16_t port = (uint16_t)(PCI_CONFIG_DATA + (reg & 3u));
    switch (size) {
    case 1: sqt_outb(p->m, port, (uint8_t)v); return;
    case 2: sqt_outw(p->m, port, (uint16_t)v); return;
    case 4: sqt_outl(p->m, port, v); return;
    }
    sqt_fatal(p->m, "PCI config write of size %u", size);
}

bool sqt_pci_find(SqtMachine *m, uint16_t vendor, uint16_t device, SqtPci *out)
{
    for (uint8_t dev = 0; dev < 32; dev++) {
        SqtPci p = { .m = m, .bus = 0, .dev = dev, .fn = 0 };
        uint32_t id = sqt_pci_cfg_read(&p, PCI_VENDOR_ID, 4);
        if (id == ((uint32_t)device << 16 | vendor)) {
            *out = p;
            return true;
        }
    }
    return false;
}

static bool bar_is_64(const SqtPci *p, unsigned bar)
{
    uint32_t v = sqt_pci_cfg_read(p, (uint8_t)(PCI_BAR0 + 4 * bar), 4);
    return !(v & PCI_BAR_IO) && (v & 0x6u) == PCI_BAR_MEM_TYPE_64;
}

/* Write all-ones, read back the size mask, restore. */
static uint32_t probe_dword(const SqtPci *p, uint8_t reg)
{
    uint32_t old = sqt_pci_cfg_read(p, reg, 4);
    sqt_pci_cfg_write(p, reg, 4, 0xffffffffu);
    uint32_t mask = sqt_pci_cfg_read(p, reg, 4);
    sqt_pci_cfg_write(p, reg, 4, old);
    return mask;
}

uint64_t sqt_pci_bar_size(const SqtPci *p, unsigned bar)
{
    uint8_t reg = (uint8_t)(PCI_BAR0 + 4 * bar);
    uint64_t mask = probe_dword(p, reg) & ~0xfu;
    if (bar_is_64(p, bar)) {
        mask |= (uint64_t)probe_dword(p, (uint8_t)(reg + 4)) << 32;
    } else if (mask) {
        mask |= 0xffffffff00000000ull;
    }
    return mask ? ~mask + 1 : 0;
}

void sqt_pci_bar_set(const SqtPci *p, unsigned bar, uint64_t addr)
{
    uint8_t reg = (uint8_t)(PCI_BAR0 + 4 * bar);
    bool is64 = bar_is_64(p, bar);
    sqt_pci_cfg_write(p, reg, 4, (uint32_t)addr);
    if (is64) {
        sqt_pci_cfg_write(p, (uint8_t)(reg + 4), 4, (uint32_t)(addr >> 32));
    }
}

void sqt_pci_enable(const SqtPci *p)
{
    uint32_t cmd = sqt_pci_cfg_read(p, PCI_COMMAND, 2);
    sqt_pci_cfg_write(p, PCI_COMMAND, 2,
                      cmd | PCI_COMMAND_MEMORY | PCI_COMMAND_MASTER);
}

uint8_t sqt_pci_find_cap(const SqtPci *p, uint8_t cap_id)
{
    if (!(sqt_pci_cfg_read(p, PCI_STATUS, 2) & PCI_STATUS_CAP_LIST)) {
        return 0;
    }
    uint8_t pos = (uint8_t)(sqt_pci_cfg_read(p, PCI_CAP_PTR, 1) & 0xfcu);
    for (int guard = 0; pos && guard < 48; guard++) {
        if (sqt_pci_cfg_read(p, pos, 1) == cap_id) {
            return pos;
        }
        pos = (uint8_t)(sqt_pci_cfg_read(p, (uint8_t)(pos + 1), 1) & 0xfcu);
    }
    return 0;
}

uint64_t sqt_pci_bar_addr(const SqtPci *p, unsigned bar)
{
    uint8_t reg = (uint8_t)(PCI_BAR0 + 4 * bar);
    uint64_t addr = sqt_pci_cfg_read(p, reg, 4) & ~0xfu;
    if (bar_is_64(p, bar)) {
        addr |= (uint64_t)sqt_pci_cfg_read(p, (uint8_t)(reg + 4), 4) << 32;
    }
    return addr;
}
