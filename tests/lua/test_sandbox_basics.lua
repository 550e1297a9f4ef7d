-- Basic behaviour of the sandbox as scripts see it.

test("string methods work", function()
    expect_eq(("abc"):upper(), "ABC", "upper")
    expect_eq(string.format("%d-%s", 3, "x"), "3-x", "format")
    expect_eq(("a,b,c"):gsub(",", ";"), "a;b;c", "gsub")
    expect_eq(("hello"):sub(2, 3), "el", "sub")
end)

test("table.sort works", function()
    local t = { 5, 3, 9, 1 }
    table.sort(t)
    expect_eq(table.concat(t, " "), "1 3 5 9", "sorted")
    table.sort(t, function(a, b) return a > b end)
    expect_eq(t[1], 9, "descending")
end)

test("pairs order is sorted", function()
    local t = { c = 1, a = 2, b = 3, [2] = 0, [1] = 0 }
    local keys = {}
    for k in pairs(t) do keys[#keys + 1] = tostring(k) end
    expect_eq(table.concat(keys, ","), "1,2,a,b,c", "order")
end)

test("dangerous globals are nil", function()
    expect(io == nil, "io")
    expect(os == nil, "os")
    expect(debug == nil, "debug")
    expect(load == nil, "load")
    expect(require == nil, "require")
end)

test("math.random stays in range", function()
    for _ = 1, 100 do
        local r = math.random(3, 5)
        expect(r >= 3 and r <= 5, "range")
    end
end)
