-- luacheck's configuration for Volcanique's rules scripts, mods and rules
-- tests: the globals of the sandbox they run in (docs/lua-api.md), all
-- read-only, and nothing else, so a use of `os`, `io` or `string.dump` or a
-- misspelt `game.*` function is a warning. tests/lint.sh runs luacheck with it
-- over scripts/, mods/ and tests/powers/, in the suite; any warning fails.
-- tests/script/test_api_docs.c checks that every name the engine's sandbox
-- offers is listed here.

local function fields(names)
  local t = {}
  for name in names:gmatch("%S+") do t[name] = { read_only = true } end
  return { read_only = true, fields = t }
end

stds.volcanique = {
  read_globals = {
    -- Lua's base functions the sandbox offers (pairs, next and tostring in
    -- their deterministic forms).
    "assert", "error", "getmetatable", "ipairs", "next", "pairs", "pcall", "print", "rawequal",
    "rawget", "rawlen", "rawset", "select", "setmetatable", "tonumber", "tostring", "type", "xpcall",
    -- Its libraries: no string.dump, no math.randomseed.
    string = fields("byte char find format gmatch gsub len lower match pack packsize rep reverse sub"
      .. " unpack upper"),
    table = fields("concat insert move pack remove sort unpack"),
    math = fields("abs acos asin atan atan2 ceil cos cosh deg exp floor fmod frexp huge ldexp log log10"
      .. " max maxinteger min mininteger modf pi pow rad random sin sinh sqrt tan tanh tointeger type ult"),
    utf8 = fields("char charpattern codepoint codes len offset"),
    coroutine = fields("close create isyieldable resume running status wrap yield"),
    -- The engine's globals.
    "on", "card", "remove_card", "require",
    game = fields([[
      players active first_player turn mode phase variant lava_count end_triggered trigger_player
      targeting_threshold critters_on_land hand crater score move_targets turn_state price rule caldera volcano_targets lava resources supply critters critter critters_at critter_places each_critter_places critter_marked
      stack stack_field land coast shore neighbours neighbour distance biomes biome_areas biome_of area_biome marked_cells cell_marked mark_border lava_flows holds
      each_land each_coast each_shore each_lava each_neighbours each_marked_cells each_mark_border
      card cards payments param
      gain lose pay move_critter place_critter to_hand set_aside hit mark mark_cell remove_top
      rotate_top slide stack_tile erupt divert_lava add_lava add_moves add_buys trigger_end roll
      islands island_shifts shift_island island_splits split_island
      critter_mark cell_mark end_reason variant_rule state place per_player list question action uses
    ]]),
  },
}

-- The rules-test functions of `volcanique test` (engine/script/rulestest.h).
stds.volcanique_test = {
  read_globals = { "test", "scenario", "decision", "options", "choose", "pass", "run", "expect", "expect_eq" },
}

std = "volcanique"

-- A callback need not read the arguments the API hands it: an event handler's
-- or answer's `ev`, a question's `q` and `choice`, an action label's `opt`.
ignore = { "212/ev", "212/q", "212/choice", "212/opt" }

files["mods"] = { globals = { "manifest" } }   -- mod.lua may set the manifest instead of returning it
files["tests/powers"] = { std = "volcanique+volcanique_test" }
files["mods/*/tests"] = { std = "volcanique+volcanique_test" }
-- A power's card text and ruling are prose, one line each (docs/powers.md is made from them).
files["scripts/powers"] = { max_line_length = false }
-- The annotation files are declarations for the editor, not code the engine
-- runs: only their syntax is checked.
files["scripts/meta"] = { ignore = { "1", "2", "3", "4", "5", "6" } }
