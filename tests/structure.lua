-- The shape of the code, checked (docs/architecture.md, "Shape"):
--   1. no function in engine/ is longer than MAX_LINES lines;
--   2. the core's files form no call cycle except inside the one named unit,
--      the turn (TURN_UNIT); calls are read from the release build's objects
--      with nm, so they are the calls the compiler saw;
--   3. no header under engine/ includes itself through others.
-- Run by tests/structure.sh: lua5.4 tests/structure.lua; prints one line per
-- failure and ends "structure: N passed, N failed". Exit 1 on a failure.

local MAX_LINES = 80
local TURN_UNIT = { "apply.c", "collect.c", "setup.c", "turn.c" }
local OBJECTS = "build/obj/release/vqcore"

local passed, failed = 0, 0
local function result(ok, message)
    if ok then
        passed = passed + 1
    else
        failed = failed + 1
        print("FAIL structure: " .. message)
    end
end

local function lines_of(command)
    local out = {}
    local pipe = assert(io.popen(command))
    for line in pipe:lines() do out[#out + 1] = line end
    pipe:close()
    return out
end

local function read_file(path)
    local f = assert(io.open(path, "r"))
    local text = f:read("a")
    f:close()
    return text
end

-- 1. Function length: a definition starts at a line in column 0 that is not
-- a comment, preprocessor line or closing brace, and whose body opens with a
-- "{" alone on the next lines; it ends at the first "}" alone in column 0.
local function long_functions(path)
    local found, lines = {}, {}
    for line in (read_file(path) .. "\n"):gmatch("(.-)\n") do lines[#lines + 1] = line end
    local i = 1
    while i <= #lines do
        if lines[i] == "{" then
            local head = i - 1
            while head > 1 and not lines[head]:match("^[%a_]") do head = head - 1 end
            local close = i + 1
            while close <= #lines and lines[close] ~= "}" do close = close + 1 end
            local length = close - head + 1
            if length > MAX_LINES then
                found[#found + 1] = string.format("%s:%d: %s is %d lines (at most %d)", path, head,
                    lines[head]:match("([%w_]+)%s*%(") or lines[head], length, MAX_LINES)
            end
            i = close
        end
        i = i + 1
    end
    return found
end

local sources = lines_of("find engine -name '*.c' | sort")
result(#sources > 0, "no C sources found under engine/")
for _, path in ipairs(sources) do
    local long = long_functions(path)
    result(#long == 0, table.concat(long, "; "))
end

-- 2. The core's call graph, from nm: file A calls file B when A's object
-- leaves undefined a symbol that B's object defines.
local function basename(path) return path:match("([^/]+)%.o$") .. ".c" end

local objects = lines_of("ls " .. OBJECTS .. "/*.o 2>/dev/null")
result(#objects > 0, OBJECTS .. " holds no objects (sh tests/build.sh release first)")
local defines, needs = {}, {}
for _, object in ipairs(objects) do
    local file = basename(object)
    needs[file] = {}
    for _, line in ipairs(lines_of("nm " .. object)) do
        local kind, symbol = line:match("^%x*%s+(%a)%s+(%S+)$")
        if kind == "T" or kind == "D" or kind == "B" or kind == "R" then
            defines[symbol] = file
        elseif kind == "U" then
            needs[file][#needs[file] + 1] = symbol
        end
    end
end
local calls, files = {}, {}
for file, symbols in pairs(needs) do
    files[#files + 1] = file
    calls[file] = {}
    for _, symbol in ipairs(symbols) do
        local callee = defines[symbol]
        if callee and callee ~= file then calls[file][callee] = true end
    end
end
table.sort(files)

-- Strongly connected components (Tarjan), visited in name order so the
-- report is stable.
local function components(nodes, edges)
    local index, low, on_stack, stack, out, counter = {}, {}, {}, {}, {}, 0
    local function visit(v)
        counter = counter + 1
        index[v], low[v] = counter, counter
        stack[#stack + 1], on_stack[v] = v, true
        local targets = {}
        for w in pairs(edges[v] or {}) do targets[#targets + 1] = w end
        table.sort(targets)
        for _, w in ipairs(targets) do
            if not index[w] then
                visit(w)
                low[v] = math.min(low[v], low[w])
            elseif on_stack[w] then
                low[v] = math.min(low[v], index[w])
            end
        end
        if low[v] == index[v] then
            local component = {}
            repeat
                local w = table.remove(stack)
                on_stack[w] = nil
                component[#component + 1] = w
            until w == v
            table.sort(component)
            out[#out + 1] = component
        end
    end
    for _, v in ipairs(nodes) do
        if not index[v] then visit(v) end
    end
    return out
end

local in_unit = {}
for _, file in ipairs(TURN_UNIT) do in_unit[file] = true end
for _, component in ipairs(components(files, calls)) do
    if #component > 1 then
        local outside = {}
        for _, file in ipairs(component) do
            if not in_unit[file] then outside[#outside + 1] = file end
        end
        result(#outside == 0, "call cycle among " .. table.concat(component, ", ") .. ": " ..
            table.concat(outside, ", ") .. " lie outside the turn unit (" .. table.concat(TURN_UNIT, ", ") .. ")")
    end
end

-- 3. Include cycles among the headers under engine/ (quoted includes only,
-- resolved by file name).
local headers, includes = {}, {}
for _, path in ipairs(lines_of("find engine -name '*.h' | sort")) do
    local name = path:match("([^/]+)$")
    headers[#headers + 1] = name
    includes[name] = {}
    for included in read_file(path):gmatch('#include%s+"([^"]+)"') do
        includes[name][included:match("([^/]+)$")] = true
    end
end
local cyclic = {}
for _, component in ipairs(components(headers, includes)) do
    if #component > 1 then cyclic[#cyclic + 1] = table.concat(component, ", ") end
end
for _, name in ipairs(headers) do
    if includes[name][name] then cyclic[#cyclic + 1] = name .. " includes itself" end
end
result(#cyclic == 0, "include cycles: " .. table.concat(cyclic, "; "))

print(string.format("structure: %d passed, %d failed", passed, failed))
os.exit(failed == 0 and 0 or 1)
