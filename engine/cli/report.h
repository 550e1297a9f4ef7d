/* Pieces every report shares, in text, JSON and HTML: the script errors and
 * switched-off mods of each side (always at the top), how each side's games
 * were made, the methods used, and tables of rows (rows.h). */
#ifndef VQ_REPORT_H
#define VQ_REPORT_H

#include <stdio.h>

#include "rows.h"
#include "summary.h"

/* One side of a report: a name, its errors and how its games were made. */
typedef struct ReportSide {
    const char *name;
    const ErrorTally *errors;
    const char *made;          /* compact JSON, or NULL */
} ReportSide;

/* How a report is wanted (compare, balance, merge --summary). */
typedef struct ReportOpts {
    int json;                  /* JSON on stdout instead of text */
    const char *html;          /* also write this HTML file, or NULL */
    double min_n;              /* rows with fewer trials a side are not tested */
    int allow_errors;          /* exit 0 even when games had script errors */
} ReportOpts;

struct ResultSet;
/* The report of a compare or balance stream; returns the exit status (1 when
 * games had errors and !allow_errors, or the HTML could not be written). */
int compare_report(const struct ResultSet *rs, const ReportOpts *o);
int balance_report(const struct ResultSet *rs, const ReportOpts *o);

/* The methods, in one paragraph (text) or one object (JSON). */
extern const char *const REPORT_METHODS;

void report_text_head(FILE *f, const char *title, const ReportSide *sides, int n);
void report_text_rows(FILE *f, const Row *rows, int n, const char *a, const char *b, int tested);

void report_json_string(FILE *f, const char *s);
/* Writes "errors":[...],"made":[...] (no braces around). */
void report_json_head(FILE *f, const ReportSide *sides, int n);
void report_json_rows(FILE *f, const Row *rows, int n);   /* "rows":[...] */
void report_json_row(FILE *f, const Row *r);               /* one row's object */
/* A number, or null for NaN. */
void report_json_num(FILE *f, double v);

void report_html_begin(FILE *f, const char *title, const ReportSide *sides, int n);
void report_html_rows(FILE *f, const Row *rows, int n, const char *a, const char *b, int tested);
void report_html_end(FILE *f);
void report_html_esc(FILE *f, const char *s);

/* Whether any side had errors. */
int report_any_errors(const ReportSide *sides, int n);

#endif
