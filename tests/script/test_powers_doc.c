/* docs/powers.md is what `volcanique powers --markdown` generates from the power
 * scripts (powers_doc.h), byte for byte, so the page cannot drift from them. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "powers_doc.h"
#include "session.h"

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (buf && fread(buf, 1, (size_t)n, f) != (size_t)n) {
        free(buf);
        buf = NULL;
    }
    if (buf)
        buf[n] = 0;
    fclose(f);
    return buf;
}

/* The generator's output for the session, as a string the caller frees. */
static char *generate(const Session *s, PowersDocFormat format)
{
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return NULL;
    int rc = powers_doc_write(s, format, mem);
    fclose(mem);
    if (rc) {
        free(text);
        return NULL;
    }
    return text;
}

/* Copies line `n` (from 1) of text into out, without its newline. */
static void line_of(const char *text, int n, char *out, size_t outlen)
{
    for (int k = 1; k < n && text; k++) {
        text = strchr(text, '\n');
        text = text ? text + 1 : NULL;
    }
    if (!text) {
        snprintf(out, outlen, "(end of file)");
        return;
    }
    size_t len = strcspn(text, "\n");
    snprintf(out, outlen, "%.*s", (int)len, text);
}

TEST(powers_doc_matches_the_scripts)
{
    static Session s;
    char err[256];
    REQUIRE(session_open(&s, ".", err, sizeof err) == 0);
    char *want = generate(&s, POWERS_DOC_MARKDOWN);
    char *have = slurp("docs/powers.md");
    session_close(&s);
    REQUIRE(want != NULL);
    if (!have) {
        th_fail(__FILE__, __LINE__, "docs/powers.md is missing: run bin/volcanique powers --markdown > docs/powers.md");
        free(want);
        return;
    }
    if (strcmp(want, have) != 0) {
        int line = 1;
        for (size_t i = 0; want[i] && want[i] == have[i]; i++)
            line += want[i] == '\n';
        char a[200], b[200];
        line_of(have, line, a, sizeof a);
        line_of(want, line, b, sizeof b);
        th_fail(__FILE__, __LINE__,
                "docs/powers.md differs from the scripts at line %d: the file has \"%s\", the scripts "
                "give \"%s\"; regenerate it with bin/volcanique powers --markdown > docs/powers.md",
                line, a, b);
    }
    free(want);
    free(have);
}

static void need(const char *hay, const char *needle, const char *where, const char *card)
{
    if (!strstr(hay, needle))
        th_fail(__FILE__, __LINE__, "%s of '%s' lacks \"%.80s\"", where, card, needle);
}

/* Every card has its own section, with its text and the events its script hooks. */
TEST(powers_doc_has_a_section_per_card_with_its_hooks)
{
    static Session s;
    char err[256];
    REQUIRE(session_open(&s, ".", err, sizeof err) == 0);
    char *doc = generate(&s, POWERS_DOC_MARKDOWN);
    char *text = generate(&s, POWERS_DOC_TEXT);
    REQUIRE(doc && text);
    CHECK(s.rules.power_card_count >= 25);
    for (int i = 0; i < s.rules.power_card_count; i++) {
        char heading[96];
        snprintf(heading, sizeof heading, "\n## %s\n\n", s.rules.power_cards[i].name);
        const char *name = s.rules.power_cards[i].name;
        need(doc, heading, "the markdown", name);
        need(doc, s.card_docs[i].text, "the markdown", name);
        need(text, s.card_docs[i].text, "the text listing", name);
        need(doc, s.card_docs[i].ruling, "the markdown", name);
        /* A full buffer means card{} said more than the session keeps. */
        if (strlen(s.card_docs[i].text) + 1 >= sizeof s.card_docs[i].text ||
            strlen(s.card_docs[i].ruling) + 1 >= sizeof s.card_docs[i].ruling)
            th_fail(__FILE__, __LINE__, "the text or ruling of '%s' is cut at %zu characters", name,
                    sizeof s.card_docs[i].text - 1);
    }
    /* Bountiful resources raises the collection cap as an ability, with no
     * hook; Agile critters' reach and moves are abilities beside its hook. */
    const char *bountiful = strstr(doc, "\n## Bountiful resources\n");
    REQUIRE(bountiful != NULL);
    const char *next = strstr(bountiful + 1, "\n## ");
    const char *hooks = strstr(bountiful, "- Hooks: none\n- Abilities: `resource_cap = 8`\n");
    CHECK(hooks != NULL && (!next || hooks < next));
    need(text, "  hooks:        none\n  abilities:    resource_cap = 8\n", "the text listing", "Bountiful resources");
    need(doc, "- Hooks: `caldera_played`\n- Abilities: `reach = adjacent`, `moves = 2`\n", "the markdown",
         "Agile critters");
    need(text, "  abilities:    join\n", "the text listing", "Herding critters");
    /* A rule made of an action and questions hooks them, not "none": Erosion's
     * erode action, Rift's two questions (the names compare's coverage uses). */
    need(text, "  hooks:        caldera_played, action:erode\n", "the text listing", "Erosion");
    need(doc, "- Hooks: `phase`, `contest`, `caldera_played`, `answer:rift_where`, `answer:rift_island`\n", "the markdown",
         "Rift");
    free(doc);
    free(text);
    session_close(&s);
}
