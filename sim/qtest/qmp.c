/* SPDX-License-Identifier: MIT */
/* Minimal QMP client: one command at a time, events skipped. */
#include <string.h>
#include <json-glib/json-glib.h>

#include "sqt-internal.h"

static JsonObject *read_message(SqtMachine *m, JsonParser *parser)
{
    g_autofree char *line = sqt_conn_read_line(m, &m->qmp);
    g_autoptr(GError) err = NULL;
    if (!json_parser_load_from_data(parser, line, -1, &err)) {
        sqt_fatal(m, "QMP: cannot parse '%.80s': %s", line, err->message);
    }
    JsonNode *root = json_parser_get_root(parser);
    if (!root || !JSON_NODE_HOLDS_OBJECT(root)) {
        sqt_fatal(m, "QMP: not a JSON object: '%.80s'", line);
    }
    return json_node_get_object(root);
}

/* Read until the answer to the last command (skipping events). */
static char *read_answer(SqtMachine *m, GError **err)
{
    g_autoptr(JsonParser) parser = json_parser_new();
    for (;;) {
        JsonObject *o = read_message(m, parser);
        if (json_object_has_member(o, "return")) {
            return json_to_string(json_object_get_member(o, "return"), FALSE);
        }
        if (json_object_has_member(o, "error")) {
            JsonObject *e = json_object_get_object_member(o, "error");
            g_set_error(err, SQT_ERROR, 0, "QMP error: %s",
                        json_object_get_string_member_with_default(
                            e, "desc", "(no description)"));
            return NULL;
        }
        if (!json_object_has_member(o, "event")) {
            sqt_fatal(m, "QMP: unexpected message without return/error/event");
        }
    }
}

char *sqt_qmp(SqtMachine *m, const char *json_command, GError **err)
{
    g_autofree char *line = g_strconcat(json_command, "\n", NULL);
    sqt_conn_write(m, &m->qmp, line, strlen(line));
    return read_answer(m, err);
}

bool sqt_qmp_handshake(SqtMachine *m, GError **err)
{
    g_autoptr(JsonParser) parser = json_parser_new();
    JsonObject *greeting = read_message(m, parser);
    if (!json_object_has_member(greeting, "QMP")) {
        g_set_error(err, SQT_ERROR, 0,
                    "QMP: the first message is not a greeting");
        return false;
    }
    g_autofree char *r = sqt_qmp(m, "{\"execute\":\"qmp_capabilities\"}", err);
    return r != NULL;
}

bool sqt_qom_set_str(SqtMachine *m, const char *path, const char *property,
                     const char *value, GError **err)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "execute");
    json_builder_add_string_value(b, "qom-set");
    json_builder_set_member_name(b, "arguments");
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "path");
    json_builder_add_string_value(b, path);
    json_builder_set_member_name(b, "property");
    json_builder_add_string_value(b, property);
    json_builder_set_member_name(b, "value");
    json_builder_add_string_value(b, value);
    json_builder_end_object(b);
    json_builder_end_object(b);
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autofree char *cmd = json_to_string(root, FALSE);
    g_autofree char *r = sqt_qmp(m, cmd, err);
    return r != NULL;
}
