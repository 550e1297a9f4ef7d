/* Text leaving the sandbox for a terminal: what scripts print, their failure
 * messages, the words of their questions and actions and the text of their
 * cards are cleaned here, once, where C copies them out of Lua (lsandbox.h). */
#include "lsandbox.h"

/* The length of the well-formed UTF-8 sequence at p (1..4), 0 when the byte
 * at p does not begin one. C1 controls (U+0080..U+009F) count as ill-formed:
 * some terminals read them as escapes. */
static int utf8_length(const unsigned char *p)
{
    unsigned char c = p[0];
    if (c < 0x80)
        return 1;
    int n = c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
    if (n == 0)
        return 0;
    unsigned char lo = 0x80, hi = 0xbf;   /* the second byte's range, narrower after some leads */
    if (c == 0xc2)
        lo = 0xa0;
    else if (c == 0xe0)
        lo = 0xa0;
    else if (c == 0xed)
        hi = 0x9f;
    else if (c == 0xf0)
        lo = 0x90;
    else if (c == 0xf4)
        hi = 0x8f;
    if (p[1] < lo || p[1] > hi)
        return 0;
    for (int i = 2; i < n; i++)
        if (p[i] < 0x80 || p[i] > 0xbf)
            return 0;
    return n;
}

void sb_clean_text(char *text)
{
    unsigned char *p = (unsigned char *)text;
    while (*p) {
        if (*p < 0x20 && *p != '\n' && *p != '\t') {
            *p++ = '?';
            continue;
        }
        if (*p == 0x7f) {
            *p++ = '?';
            continue;
        }
        int n = utf8_length(p);
        if (n == 0)
            *p++ = '?';
        else
            p += n;
    }
}
