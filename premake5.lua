-- Build description for the Volcanique engine.
-- Runs under premake5 (5.0 beta) as written, and under Debian's premake4 (4.3)
-- through the compatibility block below, which maps the few premake5 calls this
-- file uses onto their premake4 equivalents.
--
--   premake4 gmake && make -C build config=release     (or premake5 gmake2)
--   configurations: release -> bin/, debug -> bin/debug/, sanitize -> bin/sanitize/

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

local LUA_INCLUDE = "/usr/include/lua5.4"
local SDL_INCLUDE = "/usr/include/SDL2"
local STB_INCLUDE = "/usr/include/stb"
local SYSTEM_LIBS = { "lua5.4", "SDL2", "stb", "jansson", "m", "pthread" }

workspace "volcanique"
    configurations { "release", "debug", "sanitize" }
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
    filter {}

-- The core knows hexes, stacks, biomes, lava, saves. No Lua, no SDL.
project "vqcore"
    kind "StaticLib"
    files { "engine/core/*.c", "engine/core/*.h", "engine/core/internal/*.h" }
    includedirs { "engine/core", "engine/core/internal" }   -- internal/: the core's own helpers

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
    includedirs { "engine/core", "engine/script", LUA_INCLUDE }

-- Drawing and windows: SDL2 and stb_image.
project "vqui"
    kind "StaticLib"
    files { "engine/ui/*.c", "engine/ui/*.h" }
    includedirs { "engine/core", "engine/bot", "engine/ui", SDL_INCLUDE, STB_INCLUDE }

-- Command line and terminal front end; sees only the public headers below it.
project "vqcli"
    kind "StaticLib"
    files { "engine/cli/*.c", "engine/cli/*.h" }
    excludes { "engine/cli/main.c" }
    includedirs { "engine/core", "engine/bot", "engine/script", "engine/ui", "engine/cli" }

project "volcanique"
    kind "ConsoleApp"
    files { "engine/cli/main.c" }
    includedirs { "engine/core", "engine/bot", "engine/script", "engine/ui", "engine/cli" }
    links { "vqcli", "vqui", "vqbot", "vqscript", "vqcore" }
    links(SYSTEM_LIBS)

project "volcanique-tests"
    kind "ConsoleApp"
    files { "tests/*.c", "tests/core/*.c", "tests/bot/*.c", "tests/script/*.c", "tests/cli/*.c", "tests/ui/*.c" }
    includedirs { "tests", "engine/core", "engine/core/internal", "engine/bot", "engine/script", "engine/ui", "engine/cli", LUA_INCLUDE,
                  SDL_INCLUDE, STB_INCLUDE }
    links { "vqcli", "vqui", "vqbot", "vqscript", "vqcore" }
    links(SYSTEM_LIBS)
