-- The 3-5 player variants (scripts/variants/): which stacks a tile or a
-- volcano may target. Symbiosis (the default): stacks holding a critter of
-- the opponent with the most critters on land (all of them when tied), or of
-- any opponent with 5 or more; stacks with no critter on them always (the
-- rulebook's exception, written for Symbiosis alone). To the Left: stacks
-- holding a critter of the next player in turn order, or of any opponent with
-- 5 or more, and no others. Both: soil always; sacrificed, grid and sea
-- critters, and burrowed ones, do not count. Two players: any stack.

-- The stacks the pending decision (a volcano's target, or a tile's place)
-- offers, as a set of "q,r".
local function targets()
  local out = {}
  for _, o in ipairs(options()) do
    if (o.verb == "target" or o.verb == "tile") and o.q then out[o.q .. "," .. o.r] = true end
  end
  return out
end

local function expect_targets(want, why)
  local got = targets()
  for _, k in ipairs(want.yes or {}) do expect(got[k], ("(%s) is not a target: %s"):format(k, why)) end
  for _, k in ipairs(want.no or {}) do expect(not got[k], ("(%s) is a target: %s"):format(k, why)) end
end

-- A row of single Unos of alternating biomes (no two joined) from (0,0) east,
-- `n` long; `lines` put critters on it.
local function row(n, head, lines)
  local biomes = { "dark", "medium", "light" }
  local out = { head }
  for q = 0, n - 1 do out[#out + 1] = ("tile %d 0 uno_%s"):format(q, biomes[q % 3 + 1]) end
  for _, l in ipairs(lines) do out[#out + 1] = l end
  scenario(table.concat(out, "\n"))
end

-- The biome of the Uno at (q,0) in row().
local function biome(q) return ({ "dark", "medium", "light" })[q % 3 + 1] end

local function critter(p, q) return ("critter %s %d 0 %s"):format(p, q, biome(q)) end

-- ---- Symbiosis ----

test("symbiosis: a volcano may target only the opponent with the most critters on land", function()
  row(5, "players 3\nturn A target", { critter("B", 0), critter("B", 1), critter("C", 2) })
  expect_eq(game.variant(), "symbiosis", "the default for three players")
  expect_targets({ yes = { "0,0", "1,0" }, no = { "2,0" } }, "B has two critters, C one")
end)

test("symbiosis: a tile may be placed only on the opponent with the most critters on land", function()
  row(5, "players 3\nturn A place trio_dml", { critter("B", 0), critter("B", 1), critter("C", 2) })
  expect_targets({ yes = { "0,0", "1,0" }, no = { "2,0" } }, "B has two critters, C one")
end)

test("symbiosis: opponents tied for the most critters may each be targeted", function()
  row(5, "players 3\nturn A target", { critter("B", 0), critter("C", 2) })
  expect_targets({ yes = { "0,0", "2,0" } }, "B and C have one each")
end)

test("symbiosis: uninhabited stacks and soil may always be targeted", function()
  row(5, "players 3\nturn A target\ntile 6 0 uno_dark\ntile 6 0 soil",
    { critter("B", 0), critter("B", 1), critter("C", 2) })
  expect_targets({ yes = { "3,0", "4,0", "6,0" } }, "uninhabited or soil")
end)

test("symbiosis: an opponent with five critters on land is a target for anyone", function()
  local lines = {}
  for q = 0, 5 do lines[#lines + 1] = critter("B", q) end
  for q = 6, 10 do lines[#lines + 1] = critter("C", q) end
  row(12, "players 3\nturn A target", lines)
  expect_targets({ yes = { "0,0", "6,0", "10,0" } }, "B has six, C five")
end)

test("symbiosis: a stack shared by the leading opponent and another may be targeted", function()
  scenario[[
    players 3
    turn A target
    tile 0 0 uno_dark
    tile 1 0 uno_medium
    tile 2 0 duo_dark_light
    critter B 0 0 dark
    critter B 1 0 medium
    critter B 2 0 light
    critter C 2 0 dark
    tile 4 0 uno_dark
    critter C 4 0 dark
  ]]
  expect_targets({ yes = { "2,0" }, no = { "4,0" } }, "B leads with three; C has two")
end)

test("symbiosis: critters in the crater, on the grid, at sea or burrowed do not count", function()
  row(5, "players 3\nturn A target\ncrater B 3\ngrid B 0\nhold B Burrowing_critters",
    { critter("B", 0), critter("B", 1), critter("C", 2), critter("C", 3), "mark 1 0 1 burrowed" })
  game.set_aside(1, 10, 0, 1)   -- a sea critter of B's
  expect_eq(game.critters_on_land(1), 1, "B counts one")
  expect_eq(game.critters_on_land(2), 2)
  expect_targets({ yes = { "2,0", "3,0" }, no = { "0,0" } }, "C leads, two to one")
end)

test("two players may target any stack", function()
  row(5, "players 2\nturn A target", { critter("B", 0), critter("B", 1), critter("B", 2) })
  expect_targets({ yes = { "0,0", "1,0", "2,0", "3,0" } }, "no variant with two players")
end)

-- ---- To the Left ----

test("to the left: a volcano may target only the player on your left", function()
  row(5, "players 3\nvariant to_the_left\nturn A target",
    { critter("B", 0), critter("C", 1), critter("C", 2), critter("C", 3) })
  expect_eq(game.variant(), "to_the_left")
  expect_targets({ yes = { "0,0" }, no = { "1,0", "2,0", "3,0", "4,0" } },
    "B is on A's left, however many C has; nobody stands on (4,0)")
end)

test("to the left: a tile may be placed only on the player on your left", function()
  row(5, "players 3\nvariant to_the_left\nturn A place trio_dml", { critter("B", 0), critter("C", 1) })
  expect_targets({ yes = { "0,0" }, no = { "1,0" } }, "B is on A's left")
end)

test("to the left: the last player's left is the first player", function()
  row(5, "players 3\nvariant to_the_left\nturn C target", { critter("A", 0), critter("B", 1) })
  expect_targets({ yes = { "0,0" }, no = { "1,0" } }, "A is on C's left")
end)

test("to the left: a stack shared with the player on your left may be targeted", function()
  scenario[[
    players 3
    variant to_the_left
    turn A target
    tile 2 0 duo_dark_light
    critter B 2 0 light
    critter C 2 0 dark
    tile 4 0 uno_dark
    critter C 4 0 dark
  ]]
  expect_targets({ yes = { "2,0" }, no = { "4,0" } }, "B shares (2,0) with C")
end)

test("to the left: an opponent with five critters on land is a target for anyone", function()
  local lines = { critter("B", 0) }
  for q = 1, 5 do lines[#lines + 1] = critter("C", q) end
  row(7, "players 3\nvariant to_the_left\nturn A target", lines)
  expect_targets({ yes = { "0,0", "1,0", "5,0" }, no = { "6,0" } }, "C has five; nobody stands on (6,0)")
end)

test("to the left: soil may always be targeted, stacks with no critter may not", function()
  row(4, "players 3\nvariant to_the_left\nturn A target\ntile 6 0 uno_dark\ntile 6 0 soil",
    { critter("B", 2), critter("C", 0) })
  expect_targets({ yes = { "2,0", "6,0" }, no = { "0,0", "1,0", "3,0" } }, "soil or B's; (1,0) and (3,0) are empty")
end)

-- B, on A's left, has no critter on land at all: A may place only on soil.
local left_has_none = [[
  players 3
  variant to_the_left
  tile 0 0 uno_light
  tile 1 0 uno_medium
  tile 2 0 uno_light
  tile 3 0 uno_dark
  tile 4 0 soil
  tile 0 1 uno_dark
  critter A 0 0 light
  critter C 1 0 medium
  critter C 2 0 light
]]

test("to the left: with no critter of the player on your left on land, a tile goes only on soil", function()
  scenario(left_has_none .. "turn A place trio_dml")
  expect_eq(game.critters_on_land(1), 0, "B has none on land")
  expect_targets({ yes = { "4,0" }, no = { "0,0", "1,0", "2,0", "3,0", "0,1" } }, "only soil is open")
end)

test("to the left: with no critter of the player on your left on land, a volcano targets only soil", function()
  scenario(left_has_none .. "turn A target")
  expect_targets({ yes = { "4,0" }, no = { "0,0", "1,0", "2,0", "3,0", "0,1" } }, "only soil is open")
end)

test("to the left: with no critter of the player on your left and no soil, nothing may be targeted", function()
  scenario([[
    players 3
    variant to_the_left
    turn A target
    tile 0 0 uno_light
    tile 1 0 uno_medium
    tile 3 0 uno_dark
    critter C 1 0 medium
  ]])
  local got = targets()
  expect_eq(next(got), nil, "no stack is open to A")
end)
