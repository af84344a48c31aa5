/* SPDX-License-Identifier: MIT */
/* The device's `state` JSON (docs/tdr.md) as text for people. */
#ifndef SABLECTL_STATUS_H
#define SABLECTL_STATUS_H

#include <glib.h>
#include <json-glib/json-glib.h>

/* NULL with err if `state` is not the object the device returns. */
char *sctl_status_text(JsonNode *state, GError **err);

#endif
