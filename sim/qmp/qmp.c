/* SPDX-License-Identifier: MIT */
/* The QMP client (sable-qmp.h). */
#include <string.h>
#include <gio/gio.h>
#include <gio/gunixsocketaddress.h>

#include "sable-qmp.h"

G_DEFINE_QUARK(sable-qmp-error-quark, sable_qmp_error)

struct SableQmp {
    GIOStream *conn;
    GDataInputStream *in;
    GOutputStream *out;
    char *path;
};

/* Read one message (a JSON object); NULL with err on EOF, error or junk. */
static JsonObject *read_message(SableQmp *q, JsonParser *parser, GError **err)
{
    g_autoptr(GError) ioerr = NULL;
    gsize len = 0;
    g_autofree char *line = g_data_input_stream_read_line_utf8(q->in, &len, NULL, &ioerr);

    if (line == NULL) {
        g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_IO, "%s: %s", q->path,
                    ioerr ? ioerr->message : "QEMU closed the connection");
        return NULL;
    }
    g_autoptr(GError) perr = NULL;
    if (!json_parser_load_from_data(parser, line, (gssize)len, &perr) ||
        !JSON_NODE_HOLDS_OBJECT(json_parser_get_root(parser))) {
        g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_PROTOCOL,
                    "%s: not a QMP message: %.80s", q->path, line);
        return NULL;
    }
    return json_node_get_object(json_parser_get_root(parser));
}

static JsonNode *read_answer(SableQmp *q, const char *command, GError **err)
{
    g_autoptr(JsonParser) parser = json_parser_new();

    for (;;) {
        JsonObject *o = read_message(q, parser, err);
        if (o == NULL) {
            return NULL;
        }
        if (json_object_has_member(o, "return")) {
            return json_node_copy(json_object_get_member(o, "return"));
        }
        if (json_object_has_member(o, "error")) {
            JsonNode *e = json_object_get_member(o, "error");
            const char *desc = JSON_NODE_HOLDS_OBJECT(e)
                ? json_object_get_string_member_with_default(json_node_get_object(e),
                                                             "desc", NULL)
                : NULL;
            g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_COMMAND, "%s: %s", command,
                        desc ? desc : "QEMU returned an error without a description");
            return NULL;
        }
        if (!json_object_has_member(o, "event")) {
            g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_PROTOCOL,
                        "%s: a QMP message without return, error or event", q->path);
            return NULL;
        }
    }
}

/* Send one command line and read its answer; `what` names it in errors. */
static JsonNode *send_command(SableQmp *q, const char *json_command, const char *what,
                              GError **err)
{
    g_autofree char *line = g_strconcat(json_command, "\n", NULL);
    g_autoptr(GError) ioerr = NULL;

    if (!g_output_stream_write_all(q->out, line, strlen(line), NULL, NULL, &ioerr)) {
        g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_IO, "%s: %s", q->path, ioerr->message);
        return NULL;
    }
    return read_answer(q, what, err);
}

JsonNode *sable_qmp_execute_json(SableQmp *q, const char *json_command, GError **err)
{
    g_autofree char *what = g_strdup_printf("%.60s", json_command);
    return send_command(q, json_command, what, err);
}

JsonNode *sable_qmp_execute(SableQmp *q, const char *command, JsonObject *args, GError **err)
{
    g_autoptr(JsonBuilder) b = json_builder_new();
    json_builder_begin_object(b);
    json_builder_set_member_name(b, "execute");
    json_builder_add_string_value(b, command);
    if (args != NULL) {
        JsonNode *a = json_node_new(JSON_NODE_OBJECT);
        json_node_set_object(a, args);
        json_builder_set_member_name(b, "arguments");
        json_builder_add_value(b, a);
    }
    json_builder_end_object(b);
    g_autoptr(JsonNode) root = json_builder_get_root(b);
    g_autofree char *text = json_to_string(root, FALSE);
    return send_command(q, text, command, err);
}

SableQmp *sable_qmp_open(GIOStream *stream, const char *name, GError **err)
{
    g_autoptr(SableQmp) q = g_new0(SableQmp, 1);

    q->path = g_strdup(name);
    q->conn = g_object_ref(stream);
    q->in = g_data_input_stream_new(g_io_stream_get_input_stream(q->conn));
    g_data_input_stream_set_newline_type(q->in, G_DATA_STREAM_NEWLINE_TYPE_ANY);
    q->out = g_io_stream_get_output_stream(q->conn);

    g_autoptr(JsonParser) parser = json_parser_new();
    JsonObject *greeting = read_message(q, parser, err);
    if (greeting == NULL) {
        return NULL;
    }
    if (!json_object_has_member(greeting, "QMP")) {
        g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_PROTOCOL,
                    "%s: no QMP greeting (is this a QMP socket?)", name);
        return NULL;
    }
    g_autoptr(JsonNode) r = sable_qmp_execute(q, "qmp_capabilities", NULL, err);
    return r != NULL ? g_steal_pointer(&q) : NULL;
}

SableQmp *sable_qmp_connect(const char *path, unsigned timeout_s, GError **err)
{
    g_autoptr(GSocketClient) client = g_socket_client_new();
    g_autoptr(GSocketAddress) addr = g_unix_socket_address_new(path);
    g_autoptr(GError) cerr = NULL;
    g_autoptr(GSocketConnection) conn =
        g_socket_client_connect(client, G_SOCKET_CONNECTABLE(addr), NULL, &cerr);

    if (conn == NULL) {
        g_set_error(err, SABLE_QMP_ERROR, SABLE_QMP_ERROR_CONNECT,
                    "cannot connect to QMP socket %s: %s", path, cerr->message);
        return NULL;
    }
    g_socket_set_timeout(g_socket_connection_get_socket(conn), timeout_s);
    return sable_qmp_open(G_IO_STREAM(conn), path, err);
}

void sable_qmp_free(SableQmp *q)
{
    if (q == NULL) {
        return;
    }
    g_clear_object(&q->in);
    g_clear_object(&q->conn);
    g_free(q->path);
    g_free(q);
}

static JsonObject *qom_args(const char *path, const char *property)
{
    JsonObject *a = json_object_new();
    json_object_set_string_member(a, "path", path);
    json_object_set_string_member(a, "property", property);
    return a;
}

JsonNode *sable_qom_get(SableQmp *q, const char *path, const char *property, GError **err)
{
    g_autoptr(JsonObject) a = qom_args(path, property);
    return sable_qmp_execute(q, "qom-get", a, err);
}

gboolean sable_qom_set(SableQmp *q, const char *path, const char *property, JsonNode *value,
                      GError **err)
{
    g_autoptr(JsonObject) a = qom_args(path, property);
    json_object_set_member(a, "value", value);
    g_autoptr(JsonNode) r = sable_qmp_execute(q, "qom-set", a, err);
    return r != NULL;
}
