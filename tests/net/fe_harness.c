/* The front ends as processes for the network tests (fe_harness.h). */
#include "fe_harness.h"

#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "harness.h"
#include "net_harness.h"

extern char **environ;

static long long now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* After fork: only async-signal-safe calls, everything prepared before. */
static void child(const FrontEnd *f, const char *exe, char *const *argv, char *const *envp, int in_fd)
{
    int out = open(f->out, O_WRONLY | O_CREAT | O_TRUNC, 0600), err = open(f->err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    int in = in_fd >= 0 ? in_fd : open("/dev/null", O_RDONLY);
    if (out < 0 || err < 0 || in < 0)
        _exit(126);
    dup2(in, 0);
    dup2(out, 1);
    dup2(err, 2);
    execve(exe, argv, envp);
    _exit(127);
}

int fe_start(FrontEnd *f, const char *dir, const char *name, int input, int window, const char *const *args)
{
    memset(f, 0, sizeof *f);
    f->input = -1;
    f->status = -1;
    snprintf(f->out, sizeof f->out, "%s/%s.out", dir, name);
    snprintf(f->err, sizeof f->err, "%s/%s.err", dir, name);
    char exe[600];
    snprintf(exe, sizeof exe, "%s/volcanique", th_build_dir());
    const char *argv[40] = { exe };
    int n = 1;
    for (int i = 0; args[i] && n < 39; i++)
        argv[n++] = args[i];
    argv[n] = NULL;
    static char *envp[512];
    int e = 0;
    for (char **v = environ; *v && e < 509; v++)
        if (strncmp(*v, "SDL_VIDEODRIVER=", 16) != 0)
            envp[e++] = *v;
    if (window)
        envp[e++] = "SDL_VIDEODRIVER=dummy";
    envp[e] = NULL;
    int pipefd[2] = { -1, -1 };
    if (input && pipe(pipefd))
        return -1;
    fflush(NULL);
    f->pid = fork();
    if (f->pid == 0) {
        if (input)
            close(pipefd[1]);
        child(f, exe, (char *const *)argv, envp, input ? pipefd[0] : -1);
    }
    if (input) {
        close(pipefd[0]);
        f->input = pipefd[1];
        signal(SIGPIPE, SIG_IGN);   /* a front end that stopped reading fails the test, not the runner */
    }
    if (f->pid < 0) {
        th_fail(__FILE__, __LINE__, "cannot start %s", name);
        return -1;
    }
    return 0;
}

char *fe_slurp(const char *path)
{
    FILE *fp = fopen(path, "rb");
    long len = 0;
    if (fp && fseek(fp, 0, SEEK_END) == 0)
        len = ftell(fp);
    char *s = malloc((size_t)(len > 0 ? len : 0) + 1);
    size_t got = 0;
    if (fp && s && len > 0) {
        rewind(fp);
        got = fread(s, 1, (size_t)len, fp);
    }
    if (s)
        s[got] = 0;
    if (fp)
        fclose(fp);
    return s;
}

/* Whether the output from *from on holds needle: 1 (the mark moved past
 * it), else 0 and *from moves to where the next look must start. */
static int found(FrontEnd *f, const char *needle, long *from)
{
    FILE *fp = fopen(f->out, "rb");
    if (!fp)
        return 0;
    size_t cap = 1 << 16, len = 0, got;
    char *s = malloc(cap + 1);
    fseek(fp, *from, SEEK_SET);
    while (s && (got = fread(s + len, 1, cap - len, fp)) > 0) {
        len += got;
        if (len == cap) {
            char *grown = realloc(s, 2 * cap + 1);
            if (!grown)
                break;
            s = grown;
            cap *= 2;
        }
    }
    fclose(fp);
    if (!s)
        return 0;
    s[len] = 0;
    char *at = strstr(s, needle);
    long n = (long)strlen(needle);
    if (at)
        f->mark = *from + (long)(at - s) + n;
    else if ((long)len >= n)
        *from += (long)len - n + 1;
    free(s);
    return at != NULL;
}

static int ended(FrontEnd *f)
{
    int st;
    if (f->status >= 0)
        return 1;
    if (waitpid(f->pid, &st, WNOHANG) != f->pid)
        return 0;
    f->status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + (WIFSIGNALED(st) ? WTERMSIG(st) : 0);
    return 1;
}

int fe_wait(FrontEnd *f, const char *needle)
{
    long long until = now_ms() + FE_BOUND_MS;
    long from = f->mark;
    for (;;) {
        int gone = ended(f);   /* read before the output, which is then complete */
        if (found(f, needle, &from))
            return 0;
        if (gone || now_ms() > until) {
            char *err = fe_slurp(f->err);
            th_fail(__FILE__, __LINE__, "%s never printed '%s' (%s; stderr: %.300s)", f->out, needle,
                    gone ? "it ended" : "past the bound", err ? err : "");
            free(err);
            return -1;
        }
        usleep(3000);   /* polling the output file for the line the front end prints */
    }
}

void fe_type(FrontEnd *f, const char *line)
{
    if (f->input < 0)
        return;
    size_t len = strlen(line);
    if (write(f->input, line, len) != (ssize_t)len || write(f->input, "\n", 1) != 1)
        th_fail(__FILE__, __LINE__, "cannot type '%s' into %s", line, f->out);
}

void fe_close_input(FrontEnd *f)
{
    if (f->input >= 0)
        close(f->input);
    f->input = -1;
}

int fe_exit(FrontEnd *f)
{
    long long until = now_ms() + FE_BOUND_MS;
    while (!ended(f)) {
        if (now_ms() > until) {
            th_fail(__FILE__, __LINE__, "%s did not exit within the bound", f->out);
            fe_kill(f);
            return -1;
        }
        usleep(3000);   /* polling for the exit */
    }
    fe_close_input(f);
    return f->status;
}

int fe_sanitizer_report(const FrontEnd *f)
{
    char *err = fe_slurp(f->err);
    int bad = err && (strstr(err, "AddressSanitizer") || strstr(err, "LeakSanitizer") ||
                      strstr(err, "runtime error:") || strstr(err, "ThreadSanitizer"));
    if (bad)
        th_fail(__FILE__, __LINE__, "%s has a sanitizer report", f->err);
    free(err);
    return bad;
}

void fe_kill(FrontEnd *f)
{
    if (f->pid > 0 && !ended(f)) {
        kill(f->pid, SIGKILL);
        waitpid(f->pid, NULL, 0);
        f->status = 137;
    }
    fe_close_input(f);
}
