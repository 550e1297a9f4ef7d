/* The remote half of a table (table.h): table.c hands a remote table's
 * calls to these. Internal to the ui layer. */
#ifndef VQ_UI_TABLE_REMOTE_H
#define VQ_UI_TABLE_REMOTE_H

#include "table.h"

void   ui_remote_free(UiTable *t);
int    ui_remote_apply(UiTable *t, const Option *o, char *err, int errlen);
UiTurn ui_remote_turn(const UiTable *t);
int    ui_remote_bot_choose(UiTable *t, int n);
int    ui_remote_options(const UiTable *t, Option *out);
/* 1 with the server's words for o, 0 when o is not among its options. */
int    ui_remote_option_text(const UiTable *t, const Option *o, char *buf, int len);
void   ui_remote_prompt(const UiTable *t, char *buf, int len);
const char *ui_remote_seat_label(const UiTable *t, int p, char *buf, int len);

#endif
