-- The sandbox's own pattern matcher gives Lua 5.4's answers. Every expected
-- value here is what stock Lua 5.4 returns (the file also runs under lua5.4
-- with a three-line shim for test/expect/expect_eq).

local function all(...) return table.concat(table.pack(...), ",", 1, select("#", ...)) end
local function list(...)
    local t = table.pack(...)
    for i = 1, t.n do t[i] = tostring(t[i]) end
    return table.concat(t, ",", 1, t.n)
end

test("find: plain, init and anchors", function()
    expect_eq(list(("hello world"):find("o w")), "5,7", "plain")
    expect_eq(list(("a.b"):find(".", 1, true)), "2,2", "plain flag")
    expect_eq(list(("abc"):find("")), "1,0", "empty pattern")
    expect_eq(list(("abc"):find("", 10)), "nil", "init past the end")
    expect_eq(list(("abc"):find("", 4)), "4,3", "init just past the end")
    expect_eq(list(("abcabc"):find("b", -2)), "5,5", "negative init")
    expect_eq(list(("abcabc"):find("^b")), "nil", "anchor")
    expect_eq(list(("abcabc"):find("^ab")), "1,2", "anchor at start")
    expect_eq(list(("abc"):find("c$")), "3,3", "end anchor")
    expect_eq(list(("a$c"):find("$c")), "2,3", "$ in the middle is a letter")
    expect_eq(list(("x^y"):find("x^")), "1,2", "^ in the middle is a letter")
end)

test("find and match: classes and sets", function()
    expect_eq(list(("key = value"):match("(%w+)%s*=%s*(%w+)")), "key,value", "classes")
    expect_eq(list(("  x"):find("%S")), "3,3", "complement")
    expect_eq(("a1-b2"):match("[%d%-]+"), "1-", "escape in set")
    expect_eq(("hello]"):match("[]o]+"), "o]", "] first in a set")
    expect_eq(("abc-"):match("[^%a]"), "-", "negated set")
    expect_eq(("f00d"):match("%x+"), "f00d", "hex digits")
    expect_eq(("Hello"):match("%u%l+"), "Hello", "upper then lower")
    expect_eq(("a.b"):match("%.(.)"), "b", "escaped dot")
    expect_eq(("abz-"):match("[a-c]+"), "ab", "range")
    expect_eq(("a-z"):match("[a-]+"), "a-", "dash at the end of a set")
    expect_eq(("#!"):match("%p+"), "#!", "punctuation")
    expect_eq(("\t\n x"):match("%c+"), "\t\n", "control")
end)

test("quantifiers: greedy, lazy, optional", function()
    expect_eq(("<a><b>"):match("<.*>"), "<a><b>", "greedy")
    expect_eq(("<a><b>"):match("<.->"), "<a>", "lazy")
    expect_eq(("color colour"):gsub("colou?r", "C"), "C C", "optional")
    expect_eq(("aaa"):match("a+"), "aaa", "plus")
    expect_eq(list(("baaa"):find("a*")), "1,0", "star matches empty at the start")
    expect_eq(("xx-"):match("x*-"), "xx-", "a dash after a quantifier is a letter")
    expect_eq(("a+b"):match("a%+b"), "a+b", "escaped plus")
end)

test("captures: positions, nesting, back-references", function()
    expect_eq(list(("hello"):match("()ll()")), "3,5", "position captures")
    expect_eq(list(("abcd"):match("((a)(b))")), "ab,a,b", "nested")
    expect_eq(list(("abcd"):find("(b)(c)")), "2,3,b,c", "find returns captures")
    expect_eq(("say 'hi' now"):match("(['\"])(.-)%1"), "'", "back-reference")
    expect_eq(select(2, ("say 'hi' now"):match("(['\"])(.-)%1")), "hi", "inside quotes")
    expect_eq(("abab"):match("^(ab)%1$"), "ab", "repeat")
    expect_eq(("abac"):match("^(ab)%1$"), nil, "repeat fails")
    expect_eq(list(("aa"):find("()%1")), "nil", "back-reference to a position never matches")
end)

test("balance and frontier", function()
    expect_eq(("f(a(b)c) d"):match("%b()"), "(a(b)c)", "balanced")
    expect_eq(("f(a(b c"):match("%b()"), nil, "unbalanced")
    expect_eq(("THE (quick) fox"):gsub("%f[%a]%a+", "W"), "W (W) W", "frontier at word starts")
    expect_eq(select(2, ("THE (quick) fox"):gsub("%f[%a]%a+", "W")), 3, "frontier count")
    expect_eq(("x"):match("%f[%z]"), "", "frontier at the end, where %z sees the NUL")
    expect_eq(list(("ab"):find("%f[%l]")), "1,0", "frontier at the start")
end)

test("gmatch: iteration, empty matches, init", function()
    local words = {}
    for w in ("one two  three"):gmatch("%a+") do words[#words + 1] = w end
    expect_eq(table.concat(words, "|"), "one|two|three", "words")
    local pairs_ = {}
    for k, v in ("a=1, b=2"):gmatch("(%w+)=(%w+)") do pairs_[#pairs_ + 1] = k .. v end
    expect_eq(table.concat(pairs_, "|"), "a1|b2", "captures")
    local n = 0
    for _ in ("abc"):gmatch("") do n = n + 1 end
    expect_eq(n, 4, "empty matches at every position")
    local seen = {}
    for x in ("abc"):gmatch("x*") do seen[#seen + 1] = "[" .. x .. "]" end
    expect_eq(table.concat(seen), "[][][][]", "empty star matches")
    local caret = {}
    for x in ("^a^b"):gmatch("^.") do caret[#caret + 1] = x end
    expect_eq(table.concat(caret, "|"), "^a|^b", "^ is a letter in gmatch")
    local late = {}
    for x in ("abcd"):gmatch(".", 3) do late[#late + 1] = x end
    expect_eq(table.concat(late), "cd", "init")
end)

test("gsub: templates, tables, functions, limits", function()
    expect_eq(all(("hello world"):gsub("o", "0")), "hell0 w0rld,2", "plain")
    expect_eq(all(("hello world"):gsub("o", "0", 1)), "hell0 world,1", "at most one")
    expect_eq(all(("abc"):gsub("%w", "%0%0")), "aabbcc,3", "whole match")
    expect_eq(all(("abc"):gsub("(%w)", "<%1>")), "<a><b><c>,3", "capture")
    expect_eq(all(("abc"):gsub("%w", "%1")), "abc,3", "%1 without captures is the match")
    expect_eq(all(("a b"):gsub("%w", "%%")), "% %,2", "percent")
    expect_eq(all(("$x $y"):gsub("%$(%w+)", { x = "1", y = false })), "1 $y,2", "table, false keeps")
    expect_eq(all(("a b"):gsub("%w+", string.upper)), "A B,2", "function")
    expect_eq(all(("a b"):gsub("%w+", function() end)), "a b,2", "nil keeps")
    expect_eq(all(("abc"):gsub("", "-")), "-a-b-c-,4", "empty pattern")
    expect_eq(all(("abc"):gsub("^", ">")), ">abc,1", "anchored")
    expect_eq(all(("x = 1"):gsub("%s*=%s*", "=")), "x=1,1", "spaces")
    expect_eq(all(("abc"):gsub("b*", "-")), "-a-c-,3", "empty after a match")
    expect_eq(all(("12"):gsub("%d", 7)), "77,2", "number replacement")
    expect_eq(all(("ab"):gsub("()", "%1")), "1a2b3,3", "position in template")
end)

test("malformed patterns are errors", function()
    local function bad(p, why)
        local ok, e = pcall(string.match, "abc", p)
        expect(not ok, p .. " should fail")
        expect(tostring(e):find(why, 1, true), p .. ": " .. tostring(e))
    end
    bad("[a", "missing ']'")
    bad("a%", "ends with '%'")
    bad("(a", "unfinished capture")
    bad("a)", "invalid pattern capture")
    bad("%1", "invalid capture index")
    bad("%b(", "missing arguments to '%b'")
    bad("%fx", "missing '[' after '%f'")
    local ok, e = pcall(string.gsub, "abc", "b", "%x")
    expect(not ok and tostring(e):find("invalid use of '%'", 1, true), tostring(e))
    ok, e = pcall(string.gsub, "abc", "b", {b = {}})
    expect(not ok and tostring(e):find("invalid replacement value (a table)", 1, true), tostring(e))
end)
