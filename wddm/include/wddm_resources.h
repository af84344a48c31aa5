/* SPDX-License-Identifier: MIT */
/*
 * Sable: the translated hardware resource list a miniport receives through
 * DxgkCbGetDeviceInformation (DXGK_DEVICE_INFO.TranslatedResourceList),
 * written from Microsoft's public reference pages for CM_RESOURCE_LIST,
 * CM_FULL_RESOURCE_DESCRIPTOR, CM_PARTIAL_RESOURCE_LIST and
 * CM_PARTIAL_RESOURCE_DESCRIPTOR (wdm.h).
 *
 * wdm.h declares these structures with 4-byte packing on x64 (the
 * reference pages show the 64-bit KAFFINITY inside u.Interrupt, yet the
 * descriptor is 20 bytes: a 4-byte header and a 16-byte union). The layout
 * asserts below pin that in both the LP64 and the mingw-w64 build.
 */
#ifndef SABLE_WDDM_RESOURCES_H
#define SABLE_WDDM_RESOURCES_H

#include "wddm_types.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef ULONG_PTR KAFFINITY;

/* CM_PARTIAL_RESOURCE_DESCRIPTOR.Type values (CmResourceType*). */
#define CmResourceTypeNull 0
#define CmResourceTypePort 1
#define CmResourceTypeInterrupt 2
#define CmResourceTypeMemory 3
#define CmResourceTypeDma 4
#define CmResourceTypeMemoryLarge 7

/* Flags of an interrupt descriptor: "CM_RESOURCE_INTERRUPT_MESSAGE: the
 * interrupt is a message-signaled interrupt" (then u.MessageInterrupt). */
#define CM_RESOURCE_INTERRUPT_LEVEL_SENSITIVE 0x0000
#define CM_RESOURCE_INTERRUPT_LATCHED 0x0001
#define CM_RESOURCE_INTERRUPT_MESSAGE 0x0002

/* Flags of a CmResourceTypeMemoryLarge descriptor: which u.MemoryNN member
 * is used; the length is LengthNN shifted left by 8, 16 or 32 bits. */
#define CM_RESOURCE_MEMORY_LARGE_40 0x0200
#define CM_RESOURCE_MEMORY_LARGE_48 0x0400
#define CM_RESOURCE_MEMORY_LARGE_64 0x0800

#pragma pack(push, 4)

typedef struct _CM_PARTIAL_RESOURCE_DESCRIPTOR {
    UCHAR Type;
    UCHAR ShareDisposition;
    USHORT Flags;
    union {
        struct {
            PHYSICAL_ADDRESS Start;
            ULONG Length;
        } Generic, Port, Memory;
        struct {
            USHORT Level;
            USHORT Group;
            ULONG Vector;
            KAFFINITY Affinity;
        } Interrupt;
        struct {
            union {
                struct {
                    USHORT Group;
                    USHORT MessageCount;
                    ULONG Vector;
                    KAFFINITY Affinity;
                } Raw;
                struct {
                    USHORT Level;
                    USHORT Group;
                    ULONG Vector;
                    KAFFINITY Affinity;
                } Translated;
            };
        } MessageInterrupt;
        struct {
            PHYSICAL_ADDRESS Start;
            ULONG Length40;
        } Memory40;
        struct {
            PHYSICAL_ADDRESS Start;
            ULONG Length48;
        } Memory48;
        struct {
            PHYSICAL_ADDRESS Start;
            ULONG Length64;
        } Memory64;
        struct {
            ULONG Data[3];
        } DeviceSpecificData;
    } u;
} CM_PARTIAL_RESOURCE_DESCRIPTOR, *PCM_PARTIAL_RESOURCE_DESCRIPTOR;

typedef struct _CM_PARTIAL_RESOURCE_LIST {
    USHORT Version;
    USHORT Revision;
    ULONG Count;
    CM_PARTIAL_RESOURCE_DESCRIPTOR PartialDescriptors[1];
} CM_PARTIAL_RESOURCE_LIST, *PCM_PARTIAL_RESOURCE_LIST;

/* INTERFACE_TYPE: PCIBus = 5. */
typedef INT INTERFACE_TYPE;
#define PCIBus 5

typedef struct _CM_FULL_RESOURCE_DESCRIPTOR {
    INTERFACE_TYPE InterfaceType;
    ULONG BusNumber;
    CM_PARTIAL_RESOURCE_LIST PartialResourceList;
} CM_FULL_RESOURCE_DESCRIPTOR, *PCM_FULL_RESOURCE_DESCRIPTOR;

struct _CM_RESOURCE_LIST {
    ULONG Count;
    CM_FULL_RESOURCE_DESCRIPTOR List[1];
};

#pragma pack(pop)

_Static_assert(sizeof(CM_PARTIAL_RESOURCE_DESCRIPTOR) == 20,
               "CM_PARTIAL_RESOURCE_DESCRIPTOR is 20 bytes on x64");
_Static_assert(offsetof(CM_PARTIAL_RESOURCE_DESCRIPTOR, u) == 4,
               "CM_PARTIAL_RESOURCE_DESCRIPTOR.u at 4");
_Static_assert(offsetof(CM_PARTIAL_RESOURCE_LIST, PartialDescriptors) == 8,
               "CM_PARTIAL_RESOURCE_LIST.PartialDescriptors at 8");
_Static_assert(offsetof(CM_FULL_RESOURCE_DESCRIPTOR, PartialResourceList) == 8,
               "CM_FULL_RESOURCE_DESCRIPTOR.PartialResourceList at 8");
_Static_assert(sizeof(CM_RESOURCE_LIST) == 40, "CM_RESOURCE_LIST is 40 bytes");

#ifdef __cplusplus
}
#endif

#endif /* SABLE_WDDM_RESOURCES_H */
