/* SPDX-License-Identifier: MIT */
/* MSI-X: find the capability, enable it, route vectors to memory writes. */
#include "sqt-internal.h"

#define PCI_CAP_ID_MSIX 0x11
#define MSIX_FLAGS 2
#define MSIX_FLAGS_QSIZE 0x07ffu
#define MSIX_FLAGS_MASKALL 0x4000u
#define MSIX_FLAGS_ENABLE 0x8000u
#define MSIX_TABLE 4
#define MSIX_PBA 8
#define MSIX_BIR_MASK 0x7u
#define MSIX_ENTRY_SIZE 16
#define MSIX_ENTRY_ADDR_LO 0
#define MSIX_ENTRY_ADDR_HI 4
#define MSIX_ENTRY_DATA 8
#define MSIX_ENTRY_CTRL 12
#define MSIX_ENTRY_CTRL_MASKED 0x1u

static uint64_t bir_address(const SqtPci *p, uint32_t off_bir)
{
    return sqt_pci_bar_addr(p, off_bir & MSIX_BIR_MASK) + (off_bir & ~MSIX_BIR_MASK);
}

bool sqt_msix_enable(const SqtPci *p, SqtMsix *out, GError **err)
{
    uint8_t cap = sqt_pci_find_cap(p, PCI_CAP_ID_MSIX);
    if (!cap) {
        g_set_error(err, SQT_ERROR, 0,
                    "device %02x:%02x.%x has no MSI-X capability",
                    p->bus, p->dev, p->fn);
        return false;
    }
    uint32_t flags = sqt_pci_cfg_read(p, (uint8_t)(cap + MSIX_FLAGS), 2);
    out->cap = cap;
    out->vectors = (flags & MSIX_FLAGS_QSIZE) + 1;
    out->table = bir_address(p, sqt_pci_cfg_read(p, (uint8_t)(cap + MSIX_TABLE), 4));
    out->pba = bir_address(p, sqt_pci_cfg_read(p, (uint8_t)(cap + MSIX_PBA), 4));
    for (unsigned v = 0; v < out->vectors; v++) {
        sqt_writel(p->m, out->table + v * MSIX_ENTRY_SIZE + MSIX_ENTRY_CTRL,
                   MSIX_ENTRY_CTRL_MASKED);
    }
    flags = (flags | MSIX_FLAGS_ENABLE) & ~MSIX_FLAGS_MASKALL;
    sqt_pci_cfg_write(p, (uint8_t)(cap + MSIX_FLAGS), 2, flags);
    return true;
}

void sqt_msix_route(const SqtPci *p, const SqtMsix *x, unsigned vector,
                    uint64_t bus, uint32_t data)
{
    if (vector >= x->vectors) {
        sqt_fatal(p->m, "MSI-X vector %u of %u", vector, x->vectors);
    }
    uint64_t e = x->table + (uint64_t)vector * MSIX_ENTRY_SIZE;
    sqt_writel(p->m, e + MSIX_ENTRY_ADDR_LO, (uint32_t)bus);
    sqt_writel(p->m, e + MSIX_ENTRY_ADDR_HI, (uint32_t)(bus >> 32));
    sqt_writel(p->m, e + MSIX_ENTRY_DATA, data);
    sqt_writel(p->m, e + MSIX_ENTRY_CTRL, 0);
}

void sqt_msix_set_enabled(const SqtPci *p, const SqtMsix *x, bool on)
{
    uint8_t reg = (uint8_t)(x->cap + MSIX_FLAGS);
    uint32_t flags = sqt_pci_cfg_read(p, reg, 2);
    flags = on ? (flags | MSIX_FLAGS_ENABLE) : (flags & ~MSIX_FLAGS_ENABLE);
    sqt_pci_cfg_write(p, reg, 2, flags);
}
