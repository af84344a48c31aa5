/* SPDX-License-Identifier: MIT */
/* Sable: umbrella header for our own WDDM kernel-mode DDI declarations. */
#ifndef SABLE_WDDM_KMD_H
#define SABLE_WDDM_KMD_H

#include "wddm_types.h"
#include "wddm_caps.h"
#include "wddm_alloc.h"
#include "wddm_render.h"
#include "wddm_present.h"
#include "wddm_display.h"
#include "wddm_interrupt.h"
#include "wddm_tdr.h"
#include "wddm_swizzle.h"
#include "wddm_init.h"
#include "wddm_resources.h"

#endif /* SABLE_WDDM_KMD_H */
