/* SPDX-License-Identifier: MIT */
/*
 * sable-run: runs Lua test scripts against the Sable stack (winsim's D3D
 * runtime -> our UMD -> winsim's dxgkrnl -> our KMD -> the device on the
 * chosen transport), each script in its own process with its own device.
 *
 *   sable-run [--transport inproc|inproc-intx|qemu] [--out DIR] [--junit FILE]
 *             [--shard K/N] [--jobs N] [--timeout SECONDS] [--compare DIR] SCRIPT|DIR...
 *
 * A DIR stands for its *.lua files (not its subfolders: helpers live
 * there). Scripts run sorted by path; --shard K/N keeps every N-th from
 * the K-th (1-based), so a CI matrix of N machines covers the suite once.
 * TAP on stdout; DIR (default sable-run-out) gets one folder per script
 * (log, images, results) and report.html. --compare DIR: every picture is
 * also compared with the one another run of the same scripts left in DIR
 * (compare.h). Exit status: 0 all passed, 1 a test failed, 2 bad usage.
 */
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <fcntl.h>
#include <glib.h>
#include <glib/gstdio.h>

#include "compare.h"
#include "report.h"
#include "script.h"

typedef struct Options {
    const char *transport, *out, *junit, *compare;
    unsigned shard, shards, jobs, timeout;
} Options;

typedef struct Job {
    SrRun *run;
    pid_t pid;
    gint64 start, deadline;
    bool done;
} Job;

static int usage(const char *msg)
{
    fprintf(stderr, "sable-run: %s\nusage: sable-run [--transport inproc|inproc-intx|qemu] "
            "[--out DIR] [--junit FILE] [--shard K/N] [--jobs N] [--timeout SECONDS] "
            "[--compare DIR] SCRIPT|DIR...\n", msg);
    return 2;
}

static bool parse_uint(const char *s, unsigned min, unsigned max, unsigned *out)
{
    guint64 v;
    if (!g_ascii_string_to_unsigned(s, 10, min, max, &v, NULL)) {
        return false;
    }
    *out = (unsigned)v;
    return true;
}

static bool parse_shard(const char *s, Options *o)
{
    g_auto(GStrv) p = g_strsplit(s, "/", 3);
    return g_strv_length(p) == 2 && parse_uint(p[1], 1, 10000, &o->shards) &&
           parse_uint(p[0], 1, o->shards, &o->shard);
}

/* Options; the scripts named are appended to `args`. NULL-free: returns
 * an error message or NULL. */
static const char *parse_args(int argc, char **argv, Options *o, GPtrArray *args)
{
    *o = (Options){ .transport = "inproc", .out = "sable-run-out", .shard = 1, .shards = 1,
                    .jobs = 1, .timeout = 300 };
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        bool has_value = true;
        if (strcmp(a, "--transport") == 0 && v) {
            o->transport = v;
        } else if (strcmp(a, "--out") == 0 && v) {
            o->out = v;
        } else if (strcmp(a, "--junit") == 0 && v) {
            o->junit = v;
        } else if (strcmp(a, "--compare") == 0 && v) {
            o->compare = v;
        } else if (strcmp(a, "--shard") == 0 && v) {
            if (!parse_shard(v, o)) {
                return "--shard K/N with 1 <= K <= N expected";
            }
        } else if (strcmp(a, "--jobs") == 0 && v) {
            if (!parse_uint(v, 1, 64, &o->jobs)) {
                return "--jobs 1..64 expected";
            }
        } else if (strcmp(a, "--timeout") == 0 && v) {
            if (!parse_uint(v, 1, 86400, &o->timeout)) {
                return "--timeout SECONDS (1..86400) expected";
            }
        } else if (a[0] == '-' && a[1] == '-') {
            return "unknown option or missing value";
        } else {
            g_ptr_array_add(args, g_strdup(a));
            has_value = false;
        }
        i += has_value;
    }
    if (strcmp(o->transport, "inproc") != 0 && strcmp(o->transport, "inproc-intx") != 0 &&
        strcmp(o->transport, "qemu") != 0) {
        return "--transport inproc, inproc-intx or qemu";
    }
    return args->len ? NULL : "no scripts named";
}

static gint cmp_str(gconstpointer a, gconstpointer b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Scripts of args (directories expanded), sorted; NULL on a bad name. */
static GPtrArray *collect(GPtrArray *args)
{
    GPtrArray *scripts = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < args->len; i++) {
        const char *a = g_ptr_array_index(args, i);
        if (g_file_test(a, G_FILE_TEST_IS_DIR)) {
            GDir *dir = g_dir_open(a, 0, NULL);
            for (const char *n; dir && (n = g_dir_read_name(dir));) {
                g_autofree char *p = g_build_filename(a, n, NULL);
                if (g_str_has_suffix(n, ".lua") && g_file_test(p, G_FILE_TEST_IS_REGULAR)) {
                    g_ptr_array_add(scripts, g_steal_pointer(&p));
                }
            }
            if (dir) {
                g_dir_close(dir);
            }
        } else if (g_file_test(a, G_FILE_TEST_IS_REGULAR)) {
            g_ptr_array_add(scripts, g_strdup(a));
        } else {
            fprintf(stderr, "sable-run: %s: no such script or folder\n", a);
            g_ptr_array_free(scripts, TRUE);
            return NULL;
        }
    }
    g_ptr_array_sort(scripts, cmp_str);
    return scripts;
}

/* The child: own process group (a timeout kills QEMU with it), output to
 * the log, the script run. */
static G_NORETURN void child(const Options *o, const SrRun *run)
{
    setpgid(0, 0);
    g_autofree char *dir = g_build_filename(o->out, run->id, NULL);
    g_autofree char *log = g_build_filename(dir, run->log, NULL);
    int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        dup2(fd, STDOUT_FILENO);
        dup2(fd, STDERR_FILENO);
        close(fd);
    }
    fflush(NULL);
    _exit(sr_script_run(run->script, dir, o->transport, NULL));
}

static bool start(const Options *o, Job *j)
{
    g_autofree char *dir = g_build_filename(o->out, j->run->id, NULL);
    if (g_mkdir_with_parents(dir, 0755) != 0) {
        fprintf(stderr, "sable-run: cannot create %s: %s\n", dir, g_strerror(errno));
        return false;
    }
    fflush(NULL);
    j->start = g_get_monotonic_time();
    j->deadline = j->start + (gint64)o->timeout * G_USEC_PER_SEC;
    j->pid = fork();
    if (j->pid < 0) {
        fprintf(stderr, "sable-run: fork: %s\n", g_strerror(errno));
        return false;
    }
    if (j->pid == 0) {
        child(o, j->run);
    }
    return true;
}

/* Reads what a finished child left; adds what its end says (a crash, the timeout). */
static void finish(const Options *o, Job *j, int status, bool timed_out)
{
    g_autofree char *path = g_build_filename(o->out, j->run->id, SR_RESULTS_FILE, NULL);
    SrRun *run = j->run;
    run->result = sr_results_read(path);
    run->seconds = (double)(g_get_monotonic_time() - j->start) / G_USEC_PER_SEC;
    j->done = true;
    g_autofree char *why = NULL;
    if (timed_out) {
        why = g_strdup_printf("timed out after %u s (stopped; see %s/%s/%s)", o->timeout,
                              o->out, run->id, run->log);
    } else if (WIFSIGNALED(status)) {
        why = g_strdup_printf("the script's process died of signal %d (%s); see %s/%s/%s",
                              WTERMSIG(status), g_strsignal(WTERMSIG(status)), o->out, run->id,
                              run->log);
    } else if (!run->result->ended) {
        why = g_strdup_printf("the script's process exited (%d) before finishing; see %s/%s/%s",
                              WEXITSTATUS(status), o->out, run->id, run->log);
    }
    if (why) {
        sr_results_add(run->result, SR_FAIL, timed_out ? "(timeout)" : "(crash)", why);
    }
    if (o->compare) {
        sr_compare_run(o->out, o->compare, run);
    }
}

/* Runs the jobs, at most o->jobs at once; prints TAP in script order. */
static unsigned run_all(const Options *o, Job *jobs, unsigned n)
{
    unsigned next = 0, running = 0, printed = 0, tap = 0, failed = 0;
    while (printed < n) {
        while (running < o->jobs && next < n) {
            if (!start(o, &jobs[next])) {
                finish(o, &jobs[next], 0, false);
            } else {
                running++;
            }
            next++;
        }
        int status;
        pid_t pid = waitpid(-1, &status, WNOHANG);
        gint64 now = g_get_monotonic_time();
        for (unsigned i = 0; i < next; i++) {
            Job *j = &jobs[i];
            if (j->done || j->pid <= 0) {
                continue;
            }
            if (pid == j->pid) {
                finish(o, j, status, false);
                running--;
            } else if (now > j->deadline) {
                kill(-j->pid, SIGKILL);
                waitpid(j->pid, &status, 0);
                finish(o, j, status, true);
                running--;
            }
        }
        while (printed < n && jobs[printed].done) {
            failed += sr_report_tap(stdout, jobs[printed++].run, &tap);
        }
        if (pid <= 0 && printed < n) {
            g_usleep(20000);
        }
    }
    printf("1..%u\n", tap);
    return failed;
}

static SrRun *new_run(const char *script, unsigned index)
{
    SrRun *r = g_new0(SrRun, 1);
    r->script = g_strdup(script);
    g_autofree char *base = g_path_get_basename(script);
    r->id = g_strdup_printf("%03u-%s", index, base);
    r->log = g_strdup("log.txt");
    return r;
}

static void free_run(SrRun *r)
{
    sr_results_free(r->result);
    g_free(r->script);
    g_free(r->id);
    g_free(r->log);
    g_free(r);
}

int main(int argc, char **argv)
{
    Options o;
    g_autoptr(GPtrArray) args = g_ptr_array_new_with_free_func(g_free);
    const char *err = parse_args(argc, argv, &o, args);
    if (err) {
        return usage(err);
    }
    g_autoptr(GPtrArray) scripts = collect(args);
    if (!scripts) {
        return 2;
    }
    if (g_mkdir_with_parents(o.out, 0755) != 0) {
        fprintf(stderr, "sable-run: cannot create %s: %s\n", o.out, g_strerror(errno));
        return 2;
    }
    GPtrArray *runs = g_ptr_array_new();
    for (guint i = 0; i < scripts->len; i++) {
        if (i % o.shards == o.shard - 1) {
            g_ptr_array_add(runs, new_run(g_ptr_array_index(scripts, i), i));
        }
    }
    Job *jobs = g_new0(Job, MAX(runs->len, 1u));
    for (guint i = 0; i < runs->len; i++) {
        jobs[i].run = g_ptr_array_index(runs, i);
    }
    unsigned failed = run_all(&o, jobs, runs->len);
    g_autofree char *title = g_strdup_printf("sable-run on %s, shard %u/%u", o.transport,
                                             o.shard, o.shards);
    g_autofree char *html = g_build_filename(o.out, "report.html", NULL);
    bool ok = sr_report_html(html, title, (SrRun *const *)runs->pdata, runs->len);
    if (o.junit) {
        ok &= sr_report_junit(o.junit, title, (SrRun *const *)runs->pdata, runs->len);
    }
    printf("# %u scripts, %u failed tests; report: %s\n", runs->len, failed, html);
    for (guint i = 0; i < runs->len; i++) {
        free_run(g_ptr_array_index(runs, i));
    }
    g_ptr_array_free(runs, TRUE);
    g_free(jobs);
    return failed || !ok ? 1 : 0;
}
