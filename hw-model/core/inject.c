/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * inject.c: fault injection. Specs are parsed from
 * "KIND[,engine=N][,after=N|,fence=F][,count=N][,delay-ns=N]", armed in one
 * of SABLE_CORE_MAX_INJECTIONS slots, and fired by the engine at the point
 * where the kind applies (sable_inject_take): each firing consumes one of
 * `count`; an exhausted slot is freed. Arming and firing emit INJECT.
 */
#include <inttypes.h>
#include <string.h>

#include "core-internal.h"

static const char *const kind_names[SABLE_INJECT_KIND_COUNT] = {
    [SABLE_INJECT_HANG] = "hang",
    [SABLE_INJECT_PAGE_FAULT] = "page-fault",
    [SABLE_INJECT_DROP_IRQ] = "drop-irq",
    [SABLE_INJECT_INVALID_CMD] = "invalid-cmd",
    [SABLE_INJECT_SLOW] = "slow",
    [SABLE_INJECT_RESET_FAIL] = "reset-fail",
    [SABLE_INJECT_DRAW_HANG] = "draw-hang",
    [SABLE_INJECT_DRAW_SLOW] = "draw-slow",
    [SABLE_INJECT_CONTEXT_ERROR] = "context-error",
};

#define INJECT_DEFAULT_DELAY_NS UINT64_C(1000000)

const char *sable_inject_kind_name(SableInjectKind kind)
{
    return (unsigned)kind < SABLE_INJECT_KIND_COUNT ? kind_names[kind]
                                                     : "unknown";
}

static bool parse_kind(const char *s, SableInjectKind *out)
{
    for (unsigned k = 0; k < SABLE_INJECT_KIND_COUNT; k++) {
        if (!strcmp(s, kind_names[k])) {
            *out = (SableInjectKind)k;
            return true;
        }
    }
    return false;
}

static bool parse_option(const char *opt, SableInjection *inj, GError **err)
{
    const char *eq = strchr(opt, '=');
    guint64 v;

    if (!eq || !g_ascii_string_to_unsigned(eq + 1, 10, 0, UINT64_MAX, &v, err)) {
        if (!eq) {
            g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                        "inject: option '%s' needs a value", opt);
        }
        return false;
    }
    size_t klen = (size_t)(eq - opt);
    if (klen == 6 && !strncmp(opt, "engine", 6) && v < SABLE_MAX_ENGINES) {
        inj->engine = (unsigned)v;
    } else if (klen == 5 && !strncmp(opt, "after", 5) &&
               inj->when == SABLE_INJECT_NOW) {
        inj->when = SABLE_INJECT_AFTER_CMDS;
        inj->after = v;
    } else if (klen == 5 && !strncmp(opt, "fence", 5) &&
               inj->when == SABLE_INJECT_NOW) {
        inj->when = SABLE_INJECT_ON_FENCE;
        inj->after = v;
    } else if (klen == 5 && !strncmp(opt, "count", 5) && v <= UINT32_MAX) {
        inj->count = (uint32_t)v;
    } else if (klen == 8 && !strncmp(opt, "delay-ns", 8)) {
        inj->param_ns = v;
    } else {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "inject: bad option '%s'", opt);
        return false;
    }
    return true;
}

bool sable_inject_parse(const char *spec, SableInjection *out, GError **err)
{
    SableInjection inj = { 0 };
    g_auto(GStrv) parts = g_strsplit(spec ? spec : "", ",", -1);

    if (!parts[0] || !parse_kind(parts[0], &inj.kind)) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "inject: unknown kind in '%s' (hang, page-fault, drop-irq, "
                    "invalid-cmd, slow, reset-fail)", spec ? spec : "");
        return false;
    }
    for (unsigned i = 1; parts[i]; i++) {
        if (!parse_option(parts[i], &inj, err)) {
            return false;
        }
    }
    *out = inj;
    return true;
}

char *sable_inject_format(const SableInjection *inj)
{
    GString *s = g_string_new(sable_inject_kind_name(inj->kind));

    g_string_append_printf(s, ",engine=%u", inj->engine);
    if (inj->when == SABLE_INJECT_AFTER_CMDS) {
        g_string_append_printf(s, ",after=%" PRIu64, inj->after);
    } else if (inj->when == SABLE_INJECT_ON_FENCE) {
        g_string_append_printf(s, ",fence=%" PRIu64, inj->after);
    }
    g_string_append_printf(s, ",count=%u", inj->count ? inj->count : 1);
    if (inj->kind == SABLE_INJECT_SLOW || inj->kind == SABLE_INJECT_DRAW_SLOW) {
        g_string_append_printf(s, ",delay-ns=%" PRIu64,
                               inj->param_ns ? inj->param_ns
                                             : INJECT_DEFAULT_DELAY_NS);
    }
    return g_string_free(s, FALSE);
}

bool sable_inject_valid(const SableInjection *inj, GError **err)
{
    if ((unsigned)inj->kind >= SABLE_INJECT_KIND_COUNT ||
        inj->engine >= SABLE_NUM_ENGINES ||
        (unsigned)inj->when > SABLE_INJECT_ON_FENCE) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "inject: bad kind, engine or trigger");
        return false;
    }
    return true;
}

unsigned sable_inject_parse_list(const char *specs, SableInjection *out,
                                 GError **err)
{
    g_auto(GStrv) parts = g_strsplit(specs, ";", -1);
    unsigned n = g_strv_length(parts);

    if (n == 0 || n > SABLE_CORE_MAX_INJECTIONS) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_INVAL,
                    "inject: 1 to %u specs separated by ';'",
                    SABLE_CORE_MAX_INJECTIONS);
        return 0;
    }
    for (unsigned i = 0; i < n; i++) {
        if (!sable_inject_parse(parts[i], &out[i], err)) {
            return 0;
        }
    }
    return n;
}

bool sable_inject_all(SableDevice *dev, const SableInjection *inj, unsigned n,
                      GError **err)
{
    unsigned free_slots = SABLE_CORE_MAX_INJECTIONS - sable_inject_pending(dev);

    for (unsigned i = 0; i < n; i++) {
        if (!sable_inject_valid(&inj[i], err)) {
            return false;
        }
    }
    if (n > free_slots) {
        g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_NOSPC,
                    "inject: %u injections requested, %u slots free",
                    n, free_slots);
        return false;
    }
    for (unsigned i = 0; i < n; i++) {
        sable_inject(dev, &inj[i], NULL); /* valid and fits: cannot fail */
    }
    return true;
}

bool sable_inject(SableDevice *dev, const SableInjection *inj, GError **err)
{
    if (!sable_inject_valid(inj, err)) {
        return false;
    }
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        SableInjectSlot *s = &dev->inj[i];
        if (!s->active) {
            *s = (SableInjectSlot) {
                .active = true, .inj = *inj,
                .remaining = inj->count ? inj->count : 1,
                .base_cmds = dev->eng[inj->engine].commands_total,
            };
            if (!s->inj.param_ns) {
                s->inj.param_ns = INJECT_DEFAULT_DELAY_NS;
            }
            sable_emit(dev, &(SableEvent){ .type = SABLE_EV_INJECT, .engine = inj->engine,
                                           .inject = { inj->kind, false } });
            return true;
        }
    }
    g_set_error(err, G_FILE_ERROR, G_FILE_ERROR_NOSPC,
                "inject: all %u slots armed", SABLE_CORE_MAX_INJECTIONS);
    return false;
}

void sable_inject_clear(SableDevice *dev)
{
    memset(dev->inj, 0, sizeof(dev->inj));
}

unsigned sable_inject_pending(SableDevice *dev)
{
    unsigned n = 0;
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        n += dev->inj[i].active;
    }
    return n;
}

static bool inject_due(const SableInjectSlot *s, const SableEngine *eng)
{
    switch (s->inj.when) {
    case SABLE_INJECT_AFTER_CMDS:
        return eng->commands_total - s->base_cmds >= s->inj.after;
    case SABLE_INJECT_ON_FENCE:
        return eng->busy && eng->cur.fence == s->inj.after;
    default:
        return true;
    }
}

bool sable_inject_take(SableEngine *eng, SableInjectKind kind,
                       uint64_t *param_ns)
{
    for (unsigned i = 0; i < SABLE_CORE_MAX_INJECTIONS; i++) {
        SableInjectSlot *s = &eng->dev->inj[i];
        if (s->active && s->inj.kind == kind && s->inj.engine == eng->index &&
            inject_due(s, eng)) {
            if (param_ns) {
                *param_ns = s->inj.param_ns;
            }
            s->active = --s->remaining > 0;
            sable_emit(eng->dev, &(SableEvent){ .type = SABLE_EV_INJECT, .engine = eng->index,
                                                .inject = { kind, true } });
            return true;
        }
    }
    return false;
}
