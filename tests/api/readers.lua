-- The readers a power needs to say whether it can act now, without copying
-- content values or counting the turn itself: game.turn_state, game.price,
-- game.rule, game.caldera, game.volcano_targets, game.lava, and the cheap
-- readers for tests over many places (stack_field, biome_of, land, coast).

local function raises(fn, words)
  local ok, err = pcall(fn)
  return not ok and tostring(err):find(words, 1, true) ~= nil
end

test("turn_state reads the active player's moves, buys and sacrifices", function()
  scenario[[
    turn A move
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
  ]]
  local t = game.turn_state()
  expect_eq(t.player, 0)
  expect_eq(t.moves_left, 1)
  expect_eq(t.buys_made, 0)
  expect_eq(t.buys_allowed, 1)
  expect_eq(t.sacrificed_hand, 0)
  choose("to the dark area at (1,0)")
  expect_eq(game.turn_state().moves_left, 0, "the move was spent")
end)

test("turn_state with a field's name reads that value alone", function()
  scenario[[
    turn A move
    tile 0 0 uno_dark
    critter A 0 0 dark
  ]]
  local t = game.turn_state()
  for name, value in pairs(t) do expect_eq(game.turn_state(name), value, name) end
  expect(raises(function() game.turn_state("moves") end, "invalid option"))
end)

test("price gives the content's price, as the cost handlers leave it", function()
  scenario[[
    turn A buy
    tile 0 0 uno_dark
  ]]
  local uno = game.price(0, "uno")
  expect_eq(uno.any, 4)
  expect_eq(uno.alike, 3)
  expect_eq(game.price(0, "sacrifice").any, 5)
  scenario[[
    turn A buy
    hold A Frugal_ritual
    tile 0 0 uno_dark
  ]]
  local frugal = game.price(0, "sacrifice")
  expect_eq(frugal.any, 2)
  expect(frugal.distinct, "the holder's sacrifice takes different types")
  expect_eq(game.price(1, "sacrifice").any, 5, "not for the other player")
  expect(raises(function() game.price(0, "castle") end, "not a priced item"), "an unknown item is refused")
end)

test("rule reads the rules' numbers and refuses an unknown name", function()
  scenario[[
    tile 0 0 uno_dark
  ]]
  expect_eq(game.rule("crater_capacity"), 3)
  expect_eq(game.rule("resource_cap"), 7)
  expect_eq(game.rule("cliffs_block_biomes"), false)
  expect_eq(game.rule("cools_in_place"), true)
  expect(raises(function() game.rule("crater_size") end, "no rule called 'crater_size' (critters_per_player, "),
         "a typo is refused, with the names known")
  expect(raises(function() game.rule("crater_size") end, "cliffs_block_biomes, cools_in_place)"), "every name listed")
end)

test("caldera lists the Caldera cards in a player's hand", function()
  scenario[[
    caldera A Erosion
    caldera A Rift
    tile 0 0 uno_dark
  ]]
  local cards = game.caldera(0)
  expect_eq(#cards, 2)
  expect_eq(cards[1], "Erosion")
  expect_eq(cards[2], "Rift")
  expect_eq(#game.caldera(1), 0)
end)

test("volcano_targets lists the stacks a volcano could erupt on", function()
  scenario[[
    turn A buy
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_light
    lava 2 0
  ]]
  local at = {}
  for _, p in ipairs(game.volcano_targets()) do at[p.q .. "," .. p.r] = true end
  expect(at["0,0"] and at["1,0"], "the free stacks are targets")
  expect(not at["2,0"], "a stack under lava is not")
end)

test("lava lists the lava tokens", function()
  scenario[[
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    lava 1 0
  ]]
  local lava = game.lava()
  expect_eq(#lava, 1)
  expect_eq(lava[1].q, 1)
  expect_eq(lava[1].r, 0)
  expect(not lava[1].ocean, "on land")
end)

-- A reader's names are matched by their interned text once a session has
-- seen the list: a name made at run time is the same string, and anything
-- else is still checked (and refused) as Lua's luaL_checkoption would.
test("option names are matched however the string was made", function()
  scenario[[
    turn A move
    tile 0 0 uno_dark
  ]]
  local made = ("hei" .. "ght")
  expect_eq(game.stack_field(0, 0, made), 1, "a name built at run time")
  expect_eq(game.stack_field(0, 0, "height"), 1, "the same name as a literal")
  expect_eq(game.turn_state(("moves_" .. "left")), game.turn_state("moves_left"))
  local long = "height" .. ("_"):rep(60)
  expect(raises(function() game.stack_field(0, 0, long) end, "invalid option '" .. long .. "'"),
         "a long string (not interned) is refused by name")
  expect(raises(function() game.turn_state(5) end, "invalid option '5'"), "a number is read as its text")
  expect(raises(function() game.turn_state({}) end, "string expected"), "a table is no name")
  expect(raises(function() game.biomes(false) end, "string expected"), "nor a boolean, even where a default exists")
  expect_eq(#game.biomes(nil), #game.biomes("all"), "nil takes the default")
end)

test("stack_field reads one value of the stack table", function()
  scenario[[
    tile 0 0 uno_dark
    tile 0 0 duo_dark_light
    tile 1 0 uno_medium
    lava 1 0
  ]]
  game.mark_cell(2, 0, "frozen", true)
  local fields = { "height", "lava", "top", "tile", "rotation", "areas", "under",
                   "no_build", "no_enter", "no_leave", "no_collect", "critters" }
  for _, at in ipairs{ { q = 0, r = 0 }, { q = 1, r = 0 }, { q = 2, r = 0 }, { q = 0, r = 1 } } do
    local s = game.stack(at.q, at.r)
    for _, name in ipairs(fields) do
      expect_eq(game.stack_field(at.q, at.r, name), s[name], name .. " at " .. at.q .. "," .. at.r)
    end
  end
  expect_eq(game.stack_field(0, 0, "height"), 2)
  expect_eq(game.stack_field(0, 0, "critters"), 0)
  expect_eq(game.stack_field(0, 1, "critters"), 0, "the ocean: no critters")
  expect_eq(game.stack_field(1, 0, "lava"), true)
  expect_eq(game.stack_field(2, 0, "no_enter"), true)
  expect_eq(game.stack_field(0, 0, "no_enter"), nil)
  expect(not pcall(game.stack_field, 0, 0, "layers"), "layers is a table: not a single value")
  local height, lava, top, none = game.stack_field(1, 0, "height", "lava", "top", "under")
  expect(height == 1 and lava == true and top == "uno" and none == nil, "several names: one value each, in order")
  expect_eq(select("#", game.stack_field(1, 0, "height", "under", "areas")), 3)
  expect(not pcall(game.stack_field, 0, 0), "a name is needed")
end)

test("critter_places lists the player's critters as references with their positions", function()
  scenario[[
    turn A sacrifice
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 duo_dark_light
    critter A 0 0 dark
    critter A 1 0 light
    critter B 1 0 dark
  ]]
  local board = game.critter_places(0, "board")
  expect_eq(#board, 2)
  for k, c in ipairs(board) do   -- the same critters, in the same order, as game.critters
    local full = game.critters(0, "board")[k]
    expect_eq(c.player, 0)
    expect_eq(c.index, full.index)
    expect_eq(c.q, full.q)
    expect_eq(c.r, full.r)
    expect_eq(c.area, full.area)
    expect_eq(c.biome, nil, "a place carries no biome")
  end
  expect_eq(#game.critter_places(0), game.rule("critters_per_player"))
  local hand = game.critter_places(0, "hand")[1]
  expect_eq(hand.q, nil, "a critter in hand has no position")
  expect(raises(function() game.critter_places(0, "sky") end, "invalid option"))
end)

test("critter_marked reads one critter mark without building the critter table", function()
  scenario[[
    turn A sacrifice
    hold A Burrowing_critters
    tile 0 0 uno_dark
    critter A 0 0 dark
  ]]
  expect_eq(game.critter_marked(0, 1, "burrowed"), false)
  choose("Burrow A's critter at (0,0)")
  expect_eq(game.critter_marked(0, 1, "burrowed"), true)
  expect_eq(game.critter_marked(0, 1, "burrowed"), game.critter(0, 1).marks.burrowed == true)
  expect(raises(function() game.critter_marked(0, 1, "no_such_mark") end, "no_such_mark"))
end)

test("island_splits and island_shifts with a limit give the first moves of the whole list", function()
  scenario[[
    turn A move
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 5 0 uno_light
  ]]
  local function same(a, b)
    for k, v in pairs(a) do expect_eq(b[k], v, k) end
    for k in pairs(b) do expect(a[k] ~= nil, "an extra field " .. k) end
  end
  local splits = game.island_splits(0, 0)
  expect_eq(#splits, 6, "an island of two splits six ways")
  for _, limit in ipairs{ 1, 2, 6, 10 } do
    local first = game.island_splits(0, 0, limit)
    expect_eq(#first, math.min(limit, #splits))
    for i, s in ipairs(first) do same(s, splits[i]) end
  end
  local shifts = game.island_shifts(0, 0)
  expect(#shifts > 1, "the island can shift several ways")
  local one = game.island_shifts(0, 0, 1)
  expect_eq(#one, 1)
  same(one[1], shifts[1])
  expect_eq(#game.island_splits(5, 0, 1), 0, "a single tile cannot be rifted")
  expect(raises(function() game.island_splits(0, 0, 0) end, "out of range"))
end)

test("islands names each island by its anchor and size with \"anchors\"", function()
  scenario[[
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_medium
    tile 0 2 uno_light
  ]]
  local full, anchors = game.islands(), game.islands("anchors")
  expect_eq(#anchors, #full)
  expect_eq(#anchors, 2)
  for i, island in ipairs(full) do
    expect_eq(anchors[i].q, island[1].q, "anchor q of island " .. i)
    expect_eq(anchors[i].r, island[1].r, "anchor r of island " .. i)
    expect_eq(anchors[i].tiles, #island, "stacks of island " .. i)
  end
  expect_eq(#game.islands("cells"), 2, "cells is the default form")
  expect(raises(function() game.islands("stacks") end, "invalid option"), "an unknown form is refused")
end)

test("critters counts the critters standing on a stack", function()
  scenario[[
    tile 0 0 duo_dark_light
    critter A 0 0 dark
    critter B 0 0 light
  ]]
  expect_eq(game.stack_field(0, 0, "critters"), 2)
  expect_eq(game.stack(0, 0).critters, #game.critters_at(0, 0))
end)

-- A mask of the players with a critter in the areas listed.
local function players_in(areas)
  local mask = 0
  for _, a in ipairs(areas) do
    if a.critter then mask = mask | (1 << a.critter.player) end
  end
  return mask
end

test("biome_of gives each area its biome's id and the players standing in it", function()
  scenario[[
    tile 0 0 duo_dark_light
    tile 1 0 trio_dml
    tile 3 0 uno_light
    critter A 0 0 dark
    critter B 1 0 light
    critter B 3 0 light
  ]]
  local biomes = game.biomes()
  expect(#biomes >= 3, "several biomes")
  for i, biome in ipairs(biomes) do
    expect_eq(biome.id, i, "a biome's id is its index")
    for _, a in ipairs(biome.areas) do
      local id, present = game.biome_of(a.q, a.r, a.area)
      expect_eq(id, i, "every area of a biome has its id")
      expect_eq(present, players_in(biome.areas))
    end
  end
  expect(raises(function() game.biome_of(0, 0, 3) end, "no such area"))
  expect(raises(function() game.biome_of(5, 5, 1) end, "no such area"), "the ocean has no areas")
end)

test("biomes with \"free\" lists the biomes where no critter stands, by id", function()
  scenario[[
    tile 0 0 duo_dark_light
    tile 1 0 trio_dml
    critter A 0 0 dark
  ]]
  local free, ids = game.biomes("free"), {}
  for _, biome in ipairs(game.biomes()) do
    if players_in(biome.areas) == 0 then ids[#ids + 1] = biome.id end
  end
  expect_eq(#free, #ids)
  for k, biome in ipairs(free) do
    expect_eq(biome.id, ids[k])
    expect_eq(players_in(biome.areas), 0)
  end
  expect(raises(function() game.biomes("taken") end, "invalid option"))
end)

test("biome_of sees a change made earlier in the same call", function()
  scenario[[
    tile 0 0 uno_dark
    critter A 0 0 dark
  ]]
  local _, before = game.biome_of(0, 0, 1)
  expect_eq(before, 1, "player A (0) stands there")
  game.to_hand(0, game.critter_places(0, "board")[1].index)
  local _, after = game.biome_of(0, 0, 1)
  expect_eq(after, 0, "nobody after the critter went home")
end)

test("land with a least height lists only the stacks that high, in board order", function()
  scenario[[
    tile 0 0 uno_dark
    tile 0 0 duo_dark_light
    tile 1 0 uno_medium
  ]]
  expect_eq(#game.land(), 2)
  expect_eq(#game.land(1), 2)
  local tall = game.land(2)
  expect_eq(#tall, 1)
  expect(tall[1].q == 0 and tall[1].r == 0, "the stack of two")
  expect_eq(#game.land(3), 0)
end)

test("coast with a limit gives the first positions of the whole list", function()
  scenario[[
    tile 0 0 uno_dark
  ]]
  local all, first = game.coast("free"), game.coast("free", 1)
  expect_eq(#all, 6)
  expect_eq(#first, 1)
  expect(first[1].q == all[1].q and first[1].r == all[1].r, "the first in board order")
  expect_eq(#game.coast("all", 0), 0)
  expect_eq(#game.coast("all", 100), 6)
  expect(raises(function() game.coast("all", -1) end, "limit"))
end)

test("shore lists the land stacks next to the sea, in board order, the land side of the coast", function()
  -- A ring of six stacks around (0,0): the ring meets the sea, (0,0) does not.
  scenario[[
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 1 -1 uno_dark
    tile 0 -1 uno_dark
    tile -1 0 uno_dark
    tile -1 1 uno_dark
    tile 0 1 uno_dark
    lava 1 0
  ]]
  local shore = game.shore()
  expect_eq(#shore, 6)
  for _, p in ipairs(shore) do
    expect(not (p.q == 0 and p.r == 0), "(0,0) has land all round")
  end
  local land = game.land()
  local k = 0
  for _, p in ipairs(land) do   -- the same order as game.land, less the inland stack
    if not (p.q == 0 and p.r == 0) then
      k = k + 1
      expect(shore[k].q == p.q and shore[k].r == p.r, "board order")
    end
  end
  expect_eq(#game.shore("free"), 5, "the stack under lava is left out")
  expect_eq(#game.shore("all", 2), 2)
  expect_eq(#game.shore("all", 0), 0)
  expect(raises(function() game.shore("all", -1) end, "limit"))
  expect(raises(function() game.shore("wet") end, "invalid option"))
  for _, p in ipairs(game.coast()) do   -- the coast is the sea side: never land
    expect(game.stack_field(p.q, p.r, "height") == 0, "coast is ocean")
  end
end)

test("a lone stack is shore, and land at the board's edge meets the sea beyond it", function()
  scenario[[
    tile 0 0 uno_dark
  ]]
  local shore = game.shore()
  expect(#shore == 1 and shore[1].q == 0 and shore[1].r == 0)
  -- (19,0): every neighbour on the board is land; east of it the board ends.
  scenario[[
    tile 19 0 uno_dark
    tile 19 1 uno_dark
    tile 18 1 uno_dark
    tile 18 0 uno_dark
    tile 19 -1 uno_dark
  ]]
  expect_eq(#game.neighbours(19, 0), 4, "the board ends east of (19,0)")
  local at_edge = false
  for _, p in ipairs(game.shore()) do
    at_edge = at_edge or (p.q == 19 and p.r == 0)
  end
  expect(at_edge, "land at the board's edge is shore")
end)

test("resources and supply with a name give that number alone", function()
  scenario[[
    resources A dark 2 medium 1 light 3
  ]]
  local have = game.resources(0)
  for _, name in ipairs{ "dark", "medium", "light" } do
    expect_eq(game.resources(0, name), have[name], name)
  end
  expect_eq(game.resources(0, "total"), have.dark + have.medium + have.light)
  local supply = game.supply()
  for _, name in ipairs{ "dark", "medium", "light", "land", "volcanoes" } do
    expect_eq(game.supply(name), supply[name], name)
  end
  expect(raises(function() game.resources(0, "soil") end, "invalid option"))
  expect(raises(function() game.supply("total") end, "invalid option"))
end)

-- nil as "none", to compare values that may be missing.
local function seen(x)
  if x == nil then return "none" end
  return x
end

-- Every element of a walk as a list of its values.
local function walked(...)
  local out = {}
  for a, b, c, d in ... do
    out[#out + 1] = { a, seen(b), seen(c), seen(d) }
  end
  return out
end

local function same_steps(got, want, what)
  expect_eq(#got, #want, what .. ": as many steps as elements")
  for i = 1, math.max(#got, #want) do
    local g, w = got[i] or {}, want[i] or {}
    for k = 1, 4 do expect_eq(g[k], w[k], what .. " step " .. i .. " value " .. k) end
  end
end

local function places_of(list, extra)
  local out = {}
  for i, p in ipairs(list) do
    out[i] = { p.q, p.r, seen(extra and p[extra]), "none" }
  end
  return out
end

test("each_ walks give what their list readers give, element by element, in the same order", function()
  scenario[[
    turn A sacrifice
    tile 0 0 uno_dark
    tile 0 0 duo_dark_light
    tile 1 0 duo_dark_light
    tile -1 1 uno_medium
    critter A 0 0 dark
    critter A 1 0 light
    critter B 1 0 dark
    lava -1 1
  ]]
  game.mark_cell(1, 0, "frozen", true)
  same_steps(walked(game.each_land()), places_of(game.land()), "each_land")
  same_steps(walked(game.each_land(2)), places_of(game.land(2)), "each_land(2)")
  same_steps(walked(game.each_coast()), places_of(game.coast()), "each_coast")
  same_steps(walked(game.each_coast("free", 3)), places_of(game.coast("free", 3)), "each_coast free, 3")
  same_steps(walked(game.each_shore()), places_of(game.shore()), "each_shore")
  same_steps(walked(game.each_shore("free", 2)), places_of(game.shore("free", 2)), "each_shore free, 2")
  same_steps(walked(game.each_lava()), places_of(game.lava(), "ocean"), "each_lava")
  same_steps(walked(game.each_neighbours(0, 0)), places_of(game.neighbours(0, 0), "dir"), "each_neighbours")
  same_steps(walked(game.each_marked_cells("frozen")), places_of(game.marked_cells("frozen")), "each_marked_cells")
  same_steps(walked(game.each_mark_border("frozen")), places_of(game.mark_border("frozen")), "each_mark_border")
  for _, place in ipairs{ "board", "hand" } do
    local want = {}
    for i, c in ipairs(game.critter_places(0, place)) do
      want[i] = { c.index, seen(c.q), seen(c.r), seen(c.area) }
    end
    expect(#want > 0, place .. ": critters to compare")
    same_steps(walked(game.each_critter_places(0, place)), want, "each_critter_places " .. place)
  end
  expect_eq(#walked(game.each_critter_places(1)), game.rule("critters_per_player"), "no place: every critter")
  expect_eq(#walked(game.each_land(9)), 0, "an empty walk ends at once")
  expect(raises(function() game.each_critter_places(0, "sky") end, "invalid option"))
  expect(raises(function() game.each_coast("all", -1) end, "limit"))
end)

test("a walk is a snapshot: changing the game in the loop changes nothing it gives", function()
  scenario[[
    turn A sacrifice
    tile 0 0 uno_dark
  ]]
  game.mark_cell(0, 0, "frozen", true)
  local ring = game.mark_border("frozen")
  local seen = 0
  for q, r in game.each_mark_border("frozen") do   -- freezing the ring as it is walked
    seen = seen + 1
    expect(q == ring[seen].q and r == ring[seen].r, "the ring as it was at the call")
    game.mark_cell(q, r, "frozen", true)
  end
  expect_eq(seen, 6)
  expect_eq(#game.marked_cells("frozen"), 7)
end)

test("a walk's iterator refuses anything but a walk", function()
  scenario[[
    tile 0 0 uno_dark
  ]]
  local step, walk = game.each_land()
  expect(raises(function() step({}, nil) end, "a walk from a game.each_ reader"))
  expect(raises(function() step(nil, nil) end, "a walk from a game.each_ reader"))
  local _, other = game.each_coast()
  expect(step(other) ~= nil, "any walk goes with any walk's iterator")
  expect_eq(getmetatable(walk), "walk", "a walk's metatable stays hidden")
  expect(select(1, step(walk)) ~= nil and step(walk) == nil, "one stack, then the end")
end)

test("land and its walk list the stacks in board order, whatever order they came in", function()
  scenario[[
    tile 2 0 uno_dark
    tile 1 0 uno_dark
    tile 0 1 uno_dark
    tile 0 0 uno_dark
    tile -1 0 uno_dark
  ]]
  local function key(q, r) return (r + 100) * 1000 + q + 100 end   -- board order: by row, then by column
  local last
  for _, at in ipairs(game.land()) do
    local k = key(at.q, at.r)
    expect(not last or k > last, "(" .. at.q .. "," .. at.r .. ") after the one before it")
    last = k
  end
  expect_eq(#game.land(), 5)
  local i, list = 0, game.land()
  for q, r in game.each_land() do
    i = i + 1
    expect(q == list[i].q and r == list[i].r, "the walk in the list's order")
  end
end)

test("islands list their stacks and themselves in board order", function()
  scenario[[
    tile 5 0 uno_dark
    tile 1 0 uno_dark
    tile 0 1 uno_dark
    tile 0 0 uno_dark
    tile 6 -1 uno_dark
  ]]
  local function key(q, r) return (r + 100) * 1000 + q + 100 end
  local islands = game.islands()
  expect_eq(#islands, 2)
  local last_anchor
  for _, island in ipairs(islands) do
    local last
    for _, at in ipairs(island) do
      local k = key(at.q, at.r)
      expect(not last or k > last, "stacks in board order")
      last = k
    end
    local a = key(island[1].q, island[1].r)
    expect(not last_anchor or a > last_anchor, "islands in board order of their anchors")
    last_anchor = a
  end
end)

test("a split's place is where the first of its moving stacks in board order lands", function()
  local BOARD = [[
    turn A move
    tile 2 0 uno_dark
    tile 1 1 uno_dark
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 0 1 uno_dark
  ]]
  scenario(BOARD)
  local function key(q, r) return (r + 100) * 1000 + q + 100 end
  local function coord(q, r, axis) return axis == 1 and q or axis == 2 and r or -q - r end
  local splits = game.island_splits(0, 0)
  expect(#splits >= 4, "the island splits several ways")
  for i, x in ipairs(splits) do
    scenario(BOARD)
    local step = game.neighbour(0, 0, x.dir)
    local up = coord(step.q, step.r, x.axis) > 0   -- the direction raises the axis' coordinate
    local first   -- the first stack in board order on the side that moves
    for q, r in game.each_land() do
      local c = coord(q, r, x.axis)
      if (up and c > x.line or not up and c <= x.line) and (not first or key(q, r) < key(first.q, first.r)) then
        first = { q = q, r = r }
      end
    end
    expect(first ~= nil, "split " .. i .. ": something moves")
    expect(x.q == first.q + step.q and x.r == first.r + step.r,
      ("split %d: (%d,%d), not where (%d,%d) lands"):format(i, x.q, x.r, first.q, first.r))
    expect(game.split_island(0, 0, x.axis, x.line, x.dir) > 0, "split " .. i .. " is made")
    expect(game.stack_field(x.q, x.r, "height") > 0, "split " .. i .. ": land where it said")
  end
end)
