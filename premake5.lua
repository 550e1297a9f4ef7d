-- Build description for the Volcanique engine.
-- Runs under premake5 (5.0 beta) as written, and under Debian's premake4 (4.3)
-- through the compatibility block below, which maps the few premake5 calls this
-- file uses onto their premake4 equivalents. Lua 5.4, SDL2, stb and jansson
-- are found through pkg-config, or at Debian's paths when it does not answer.
--
--   premake4 gmake && make -C build config=release     (or premake5 gmake2)
--   configurations: release -> bin/, debug -> bin/debug/, sanitize -> bin/sanitize/,
--   threads (ThreadSanitizer) -> bin/threads/

if _PREMAKE_VERSION and _PREMAKE_VERSION:sub(1, 1) == "4" then
    workspace = solution
    function filter(spec)
        if type(spec) == "table" then spec = spec[1] end
        if spec == nil then return configuration {} end
        return configuration(spec:match("^configurations:(.+)$") or spec)
    end
    function symbols(value) if value == "On" then flags { "Symbols" } end end
    function optimize(value)
        if value == "Debug" then buildoptions { "-Og" }
        elseif value ~= "Off" then flags { "OptimizeSpeed" } end
    end
    function cdialect(value) buildoptions { "-std=" .. value:lower() } end
end

-- A system library's flags: what pkg-config says when it knows the package,
-- else Debian's layout (`fallback`), so the build also works where pkg-config
-- is missing. Returns { includes, options, links, libdirs, linkoptions }.
local function pkg_flags(ask)
    local pipe = io.popen("pkg-config " .. ask .. " 2>/dev/null && echo ' @ok'")
    if not pipe then return nil end
    local out = pipe:read("*a") or ""
    pipe:close()
    if not out:find("@ok%s*$") then return nil end
    return (out:gsub("@ok%s*$", ""))
end

local function system_library(package, fallback)
    local cflags, libs = pkg_flags("--cflags " .. package), pkg_flags("--libs " .. package)
    if not cflags or not libs then return fallback end
    local lib = { includes = {}, options = {}, links = {}, libdirs = {}, linkoptions = {} }
    for word in cflags:gmatch("%S+") do
        if word:sub(1, 2) == "-I" then table.insert(lib.includes, word:sub(3))
        else table.insert(lib.options, word) end
    end
    for word in libs:gmatch("%S+") do
        if word:sub(1, 2) == "-l" then table.insert(lib.links, word:sub(3))
        elseif word:sub(1, 2) == "-L" then table.insert(lib.libdirs, word:sub(3))
        else table.insert(lib.linkoptions, word) end
    end
    return lib
end

-- Debian's layout: headers in `include` (nil: the compiler's own folders).
local function debian(include, link)
    return { includes = { include }, options = {}, links = { link }, libdirs = {}, linkoptions = {} }
end

local LUA = system_library("lua5.4", debian("/usr/include/lua5.4", "lua5.4"))
local SDL = system_library("sdl2", debian("/usr/include/SDL2", "SDL2"))
local STB = system_library("stb", debian("/usr/include/stb", "stb"))
local JANSSON = system_library("jansson", debian(nil, "jansson"))
local WEBSOCKETS = system_library("libwebsockets", debian(nil, "websockets"))
local SQLITE = system_library("sqlite3", debian(nil, "sqlite3"))

-- Compiling against these libraries: their include folders and flags.
local function compile_with(...)
    for _, lib in ipairs({ ... }) do
        includedirs(lib.includes)
        buildoptions(lib.options)
    end
end

-- Linking every library an executable needs, after the project's own.
local function link_system_libraries()
    for _, lib in ipairs({ LUA, SDL, STB, JANSSON, WEBSOCKETS, SQLITE }) do
        links(lib.links)
        libdirs(lib.libdirs)
        linkoptions(lib.linkoptions)
    end
    links { "m", "pthread" }
end

workspace "volcanique"
    configurations { "release", "debug", "sanitize", "threads" }
    location "build"
    objdir "build/obj"
    language "C"
    cdialect "gnu11"
    buildoptions { "-Wall", "-Wextra", "-Wno-unused-parameter" }

    filter "configurations:release"
        optimize "Speed"
        symbols "On"
        defines { "NDEBUG" }
        targetdir "bin"
    filter "configurations:debug"
        symbols "On"
        targetdir "bin/debug"
    filter "configurations:sanitize"
        symbols "On"
        optimize "Debug"
        buildoptions { "-fsanitize=address,undefined", "-fno-omit-frame-pointer",
                       "-fno-sanitize-recover=undefined" }
        linkoptions { "-fsanitize=address,undefined" }
        targetdir "bin/sanitize"
    filter "configurations:threads"
        symbols "On"
        optimize "Debug"
        buildoptions { "-fsanitize=thread" }
        linkoptions { "-fsanitize=thread" }
        targetdir "bin/threads"
    filter {}

-- The core knows hexes, stacks, biomes, lava, saves. No Lua, no SDL.
project "vqcore"
    kind "StaticLib"
    files { "engine/core/*.c", "engine/core/*.h", "engine/core/internal/*.h" }
    includedirs { "engine/core", "engine/core/internal" }   -- internal/: the core's own helpers
    compile_with(JANSSON)
    -- Every function of the core starts on a cache line, so that a change in
    -- another file does not move the core's hot loops across fetch
    -- boundaries: without it the same core ran 8% faster or slower between
    -- builds that changed only the script layer (docs/performance.md).
    filter "configurations:release"
        buildoptions { "-falign-functions=64" }
    filter {}

-- The bots: random, greedy and mcts over the core's public decision model.
-- They link the core and nothing else (no Lua, no SDL).
project "vqbot"
    kind "StaticLib"
    files { "engine/bot/*.c", "engine/bot/*.h" }
    includedirs { "engine/core", "engine/bot" }

-- The only layer that sees lua.h.
project "vqscript"
    kind "StaticLib"
    files { "engine/script/*.c", "engine/script/*.h" }
    includedirs { "engine/core", "engine/script" }
    compile_with(LUA)

-- Drawing and windows: SDL2 and stb_image. A remote table plays through the
-- net layer's client (net_client.h, which includes neither SDL nor lws).
project "vqui"
    kind "StaticLib"
    files { "engine/ui/*.c", "engine/ui/*.h" }
    includedirs { "engine/core", "engine/bot", "engine/net", "engine/ui" }
    compile_with(SDL, STB)

-- The table protocol's shared half: what a seat may see (redaction), the
-- game and rules as JSON both ways, and the WebSocket client (libwebsockets).
-- It sees the core and nothing else, so a front end can link it alone.
project "vqnet"
    kind "StaticLib"
    files { "engine/net/*.c", "engine/net/*.h" }
    includedirs { "engine/core", "engine/net" }
    compile_with(JANSSON, WEBSOCKETS)

-- The table server: tables, bot seats, storage in SQLite, the WebSocket
-- server. Runs the rules through script sessions and tells the story with
-- the ui layer's chronicle (which includes no SDL).
project "vqserver"
    kind "StaticLib"
    files { "engine/net/server/*.c", "engine/net/server/*.h" }
    includedirs { "engine/core", "engine/bot", "engine/script", "engine/ui", "engine/net", "engine/net/server" }
    compile_with(JANSSON, WEBSOCKETS, SQLITE)

-- Command line and terminal front end; sees only the public headers below it.
project "vqcli"
    kind "StaticLib"
    files { "engine/cli/*.c", "engine/cli/*.h" }
    excludes { "engine/cli/main.c" }
    includedirs { "engine/core", "engine/bot", "engine/script", "engine/ui", "engine/net", "engine/net/server", "engine/cli" }
    compile_with(JANSSON)

project "volcanique"
    kind "ConsoleApp"
    files { "engine/cli/main.c" }
    includedirs { "engine/core", "engine/bot", "engine/script", "engine/ui", "engine/cli" }
    links { "vqcli", "vqserver", "vqui", "vqnet", "vqbot", "vqscript", "vqcore" }
    link_system_libraries()

project "volcanique-tests"
    kind "ConsoleApp"
    files { "tests/*.c", "tests/core/*.c", "tests/bot/*.c", "tests/script/*.c", "tests/cli/*.c", "tests/ui/*.c",
            "tests/net/*.c" }
    includedirs { "tests", "engine/core", "engine/core/internal", "engine/bot", "engine/script", "engine/ui",
                  "engine/net", "engine/net/server", "engine/cli" }
    compile_with(LUA, SDL, STB, JANSSON, WEBSOCKETS, SQLITE)
    links { "vqcli", "vqserver", "vqui", "vqnet", "vqbot", "vqscript", "vqcore" }
    link_system_libraries()
