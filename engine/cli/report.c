/* Shared report pieces (report.h). */
#include "report.h"

#include <math.h>
#include <string.h>

#include "record.h"

const char *const REPORT_METHODS =
    "95% intervals: Wilson score intervals for rates, Student t for means; differences: Newcombe's hybrid "
    "score interval (rates), Welch's interval (means). A row is tested only with enough games a side; "
    "marked rows (*) differ after Holm's correction over all tested rows (family-wise error 5%). "
    "See docs/simulation.md.";

int report_any_errors(const ReportSide *sides, int n)
{
    for (int i = 0; i < n; i++)
        if (sides[i].errors && tally_any(sides[i].errors))
            return 1;
    return 0;
}

/* ---- text ---- */

static void text_errors(FILE *f, const ReportSide *s)
{
    const ErrorTally *t = s->errors;
    if (!tally_any(t)) {
        fprintf(f, "  %s: no script errors, no mod switched off (%d games)\n", s->name, t->games);
        return;
    }
    fprintf(f, "  %s: SCRIPT ERRORS in %d of %d games (%ld failed handler calls)\n", s->name,
            t->games_with_errors, t->games, t->script_errors);
    for (int i = 0; i < t->nmods; i++)
        fprintf(f, "  %s: MOD '%s' FAILED and was switched off in %d of %d games: %s\n", s->name, t->mod[i],
                t->mod_games[i], t->games, t->mod_error[i]);
}

void report_text_head(FILE *f, const char *title, const ReportSide *sides, int n)
{
    fprintf(f, "%s\n", title);
    fprintf(f, report_any_errors(sides, n) ? "\nERRORS: these results include games where rules failed\n"
                                            : "\nerrors:\n");
    for (int i = 0; i < n; i++)
        text_errors(f, &sides[i]);
    fprintf(f, "\nhow the games were made:\n");
    for (int i = 0; i < n; i++)
        fprintf(f, "  %s: %s\n", sides[i].name, sides[i].made ? sides[i].made : "(not recorded)");
    fprintf(f, "\n%s\n", REPORT_METHODS);
}

void report_text_rows(FILE *f, const Row *rows, int n, const char *a, const char *b, int tested)
{
    if (tested >= 0)
        fprintf(f, "\n%d rows tested; * = significant after Holm's correction; - = too few games to test\n",
                tested);
    int w = 6;
    for (int i = 0; i < n; i++)
        w = (int)strlen(rows[i].metric) > w ? (int)strlen(rows[i].metric) : w;
    fprintf(f, "%-*s %-24s %7s %-24s %7s %-28s %8s\n", w, "metric", a, "n", b, "n", "difference", "p (Holm)");
    for (int i = 0; i < n; i++) {
        const Row *r = &rows[i];
        char sa[48], sb[48], sd[48], na[16], p[16];
        row_format(sa, sizeof sa, r->a, r->a_lo, r->a_hi, r->percent, 0);
        if (r->fixed_a)
            snprintf(sa, sizeof sa, "%.1f%s (fair share)", r->a, r->percent ? "%" : "");
        row_format(sb, sizeof sb, r->b, r->b_lo, r->b_hi, r->percent, 0);
        row_format(sd, sizeof sd, r->diff, r->d_lo, r->d_hi, r->percent, 1);
        snprintf(na, sizeof na, isnan(r->na) ? "" : "%.0f", r->na);
        if (r->tested)
            snprintf(p, sizeof p, "%.3g", r->p_adj);
        else
            snprintf(p, sizeof p, "-");
        fprintf(f, "%-*s %-24s %7s %-24s %7.0f %-28s %8s%s\n", w, r->metric, sa, na, sb, r->nb, sd, p,
                r->flagged ? " *" : "");
    }
}

/* ---- JSON ---- */

void report_json_string(FILE *f, const char *s) { record_put_string(f, s); }

void report_json_num(FILE *f, double v)
{
    if (isnan(v) || isinf(v))
        fputs("null", f);
    else
        fprintf(f, "%.6g", v);
}

void report_json_head(FILE *f, const ReportSide *sides, int n)
{
    fprintf(f, "\"errors\":{\"any\":%s,\"sides\":[", report_any_errors(sides, n) ? "true" : "false");
    for (int i = 0; i < n; i++) {
        const ErrorTally *t = sides[i].errors;
        fprintf(f, "%s{\"side\":", i ? "," : "");
        report_json_string(f, sides[i].name);
        fprintf(f, ",\"games\":%d,\"games_with_script_errors\":%d,\"script_errors\":%ld,\"mods_failed\":[",
                t->games, t->games_with_errors, t->script_errors);
        for (int k = 0; k < t->nmods; k++) {
            fprintf(f, "%s{\"mod\":", k ? "," : "");
            report_json_string(f, t->mod[k]);
            fprintf(f, ",\"games\":%d,\"error\":", t->mod_games[k]);
            report_json_string(f, t->mod_error[k]);
            fputc('}', f);
        }
        fputs("]}", f);
    }
    fputs("]},\"made\":[", f);
    for (int i = 0; i < n; i++) {
        fprintf(f, "%s{\"side\":", i ? "," : "");
        report_json_string(f, sides[i].name);
        fprintf(f, ",\"made\":%s}", sides[i].made ? sides[i].made : "null");
    }
    fputs("],\"methods\":", f);
    report_json_string(f, REPORT_METHODS);
}

void report_json_row(FILE *f, const Row *r)
{
    double v[] = { r->a, r->a_lo, r->a_hi, r->na, r->b, r->b_lo, r->b_hi, r->nb, r->diff, r->d_lo, r->d_hi, r->p,
                   r->p_adj };
    static const char *const K[] = { "a", "a_lo", "a_hi", "a_n", "b", "b_lo", "b_hi", "b_n", "diff", "diff_lo",
                                     "diff_hi", "p", "p_holm" };
    fputs("{\"group\":", f);
    report_json_string(f, r->group);
    fputs(",\"metric\":", f);
    report_json_string(f, r->metric);
    fprintf(f, ",\"percent\":%s,\"a_fixed\":%s", r->percent ? "true" : "false", r->fixed_a ? "true" : "false");
    for (size_t k = 0; k < sizeof v / sizeof v[0]; k++) {
        fprintf(f, ",\"%s\":", K[k]);
        report_json_num(f, v[k]);
    }
    fprintf(f, ",\"tested\":%s,\"significant\":%s}", r->tested ? "true" : "false", r->flagged ? "true" : "false");
}

void report_json_rows(FILE *f, const Row *rows, int n)
{
    fputs("\"rows\":[", f);
    for (int i = 0; i < n; i++) {
        if (i)
            fputc(',', f);
        report_json_row(f, &rows[i]);
    }
    fputc(']', f);
}

/* ---- HTML ---- */

void report_html_esc(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '&': fputs("&amp;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

static void html_errors(FILE *f, const ReportSide *sides, int n)
{
    int any = report_any_errors(sides, n);
    fprintf(f, "<div class=\"%s\"><b>%s</b><ul>\n", any ? "errors" : "ok",
            any ? "Errors: these results include games where rules failed" : "No script errors");
    for (int i = 0; i < n; i++) {
        const ErrorTally *t = sides[i].errors;
        fputs("<li>", f);
        report_html_esc(f, sides[i].name);
        fprintf(f, ": script errors in %d of %d games (%ld failed handler calls)", t->games_with_errors, t->games,
                t->script_errors);
        for (int k = 0; k < t->nmods; k++) {
            fputs("; mod <b>", f);
            report_html_esc(f, t->mod[k]);
            fprintf(f, "</b> failed and was switched off in %d games: <code>", t->mod_games[k]);
            report_html_esc(f, t->mod_error[k]);
            fputs("</code>", f);
        }
        fputs("</li>\n", f);
    }
    fputs("</ul></div>\n", f);
}

void report_html_begin(FILE *f, const char *title, const ReportSide *sides, int n)
{
    fputs("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>", f);
    report_html_esc(f, title);
    fputs("</title>\n<style>body{font-family:sans-serif;margin:2em;max-width:80em}table{border-collapse:collapse}"
          "td,th{padding:2px 8px;border-bottom:1px solid #eee;text-align:right}td:first-child,th:first-child"
          "{text-align:left}tr.sig td{background:#fff3cd}.errors{background:#f8d7da;border:2px solid #c0392b;"
          "padding:0.5em 1em}.ok{background:#e8f5e9;padding:0.5em 1em}code,pre{font-size:90%;white-space:pre-wrap}"
          "</style></head><body>\n<h1>", f);
    report_html_esc(f, title);
    fputs("</h1>\n", f);
    html_errors(f, sides, n);
    fputs("<h2>How the games were made</h2>\n<ul>\n", f);
    for (int i = 0; i < n; i++) {
        fputs("<li>", f);
        report_html_esc(f, sides[i].name);
        fputs(": <code>", f);
        report_html_esc(f, sides[i].made ? sides[i].made : "(not recorded)");
        fputs("</code></li>\n", f);
    }
    fputs("</ul>\n<p>", f);
    report_html_esc(f, REPORT_METHODS);
    fputs("</p>\n", f);
}

static void html_cell(FILE *f, double v, double lo, double hi, int percent, int sign)
{
    char s[64];
    row_format(s, sizeof s, v, lo, hi, percent, sign);
    fputs("<td>", f);
    report_html_esc(f, s);
    fputs("</td>", f);
}

void report_html_rows(FILE *f, const Row *rows, int n, const char *a, const char *b, int tested)
{
    if (tested >= 0)
        fprintf(f, "<p>%d rows tested; highlighted rows differ after Holm's correction.</p>\n", tested);
    fputs("<table><tr><th>metric</th><th>", f);
    report_html_esc(f, a);
    fputs("</th><th>n</th><th>", f);
    report_html_esc(f, b);
    fputs("</th><th>n</th><th>difference</th><th>p (Holm)</th></tr>\n", f);
    for (int i = 0; i < n; i++) {
        const Row *r = &rows[i];
        fprintf(f, "<tr%s><td>", r->flagged ? " class=\"sig\"" : "");
        report_html_esc(f, r->metric);
        fputs("</td>", f);
        if (r->fixed_a)
            fprintf(f, "<td>%.1f%% (fair share)</td><td></td>", r->a);
        else {
            html_cell(f, r->a, r->a_lo, r->a_hi, r->percent, 0);
            fprintf(f, "<td>%.0f</td>", r->na);
        }
        html_cell(f, r->b, r->b_lo, r->b_hi, r->percent, 0);
        fprintf(f, "<td>%.0f</td>", r->nb);
        html_cell(f, r->diff, r->d_lo, r->d_hi, r->percent, 1);
        if (r->tested)
            fprintf(f, "<td>%.3g</td></tr>\n", r->p_adj);
        else
            fputs("<td>&ndash;</td></tr>\n", f);
    }
    fputs("</table>\n", f);
}

void report_html_end(FILE *f) { fputs("</body></html>\n", f); }
