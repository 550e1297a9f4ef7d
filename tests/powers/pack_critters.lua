-- Pack critters: a critter moving into a biome its owner controls forms a
-- pack; in later move steps the pack moves as one (one move) onto any
-- connecting biome with room for all of it, wiping out smaller opposition; a
-- pack collects one resource per critter and keeps all its lead in contests.
-- No Caldera bolt.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function on_board(player)
  local n = 0
  for _, c in ipairs(game.critters(player)) do
    if c.place == "board" then n = n + 1 end
  end
  return n
end

-- The biomes (as "dark"/"light"...) of the player's critters on the board, counted.
local function biomes_of(player)
  local out = {}
  for _, c in ipairs(game.critters(player)) do
    if c.place == "board" then out[c.biome] = (out[c.biome] or 0) + 1 end
  end
  return out
end

-- A's critters on a dark biome of two tiles, (0,0) and (1,0); a light biome
-- of `light` tiles from (0,1) eastwards touches both.
local function pack_beside_light(light, extra)
  local lines = {
    "turn A move", "hold A Pack_critters",
    "tile 0 0 uno_dark", "tile 1 0 uno_dark", "tile 2 0 uno_medium",
  }
  for i = 0, light - 1 do lines[#lines + 1] = ("tile %d 1 uno_light"):format(i) end
  lines[#lines + 1] = "critter A 0 0 dark"
  lines[#lines + 1] = "critter A 1 0 dark"
  scenario(table.concat(lines, "\n") .. "\n" .. (extra or ""))
end

test("a critter joining a biome its owner controls next door forms a pack and both stay", function()
  scenario[[
    turn A move
    hold A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile -1 0 uno_light
    critter A 1 0 dark
    critter A -1 0 light
  ]]
  choose("move your critter from the light area at (-1,0) to the dark area at (0,0)")
  expect(decision().kind ~= "keep", "one of the two was to be sent home")
  expect_eq(on_board(0), 2)
  expect_eq(biomes_of(0).dark, 2)
end)

test("without pack critters a critter may not join a biome its owner controls", function()
  scenario[[
    turn A move
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile -1 0 uno_light
    critter A 1 0 dark
    critter A -1 0 light
  ]]
  expect(not offered("from the light area at (-1,0) to the dark area at (0,0)"), "joined without the power")
end)

test("a pack collects one resource per critter", function()
  scenario[[
    turn A collect
    hold A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 3 0 uno_light
    critter A 0 0 dark
    critter A 1 0 dark
    critter A 3 0 light
  ]]
  run()
  local r = game.resources(0)
  expect_eq(r.dark, 2, "two from the pack")
  expect_eq(r.light, 1, "one from a lone critter")
end)

test("a pack moves as one onto a connecting biome, wiping out a smaller opposition", function()
  pack_beside_light(2, "critter B 0 1 light")
  choose("Move the pack of A's critter at (0,0) to the biome at (0,1)")
  expect_eq(game.critter(1, 1).place, "hand", "B's critter was wiped out")
  expect_eq(biomes_of(0).light, 2, "both moved")
  expect_eq(on_board(0), 2)
end)

test("moving a pack takes the move step's one move", function()
  pack_beside_light(2)
  choose("Move the pack")
  expect(decision().kind ~= "move", "a second move was offered")
end)

test("a pack does not move onto a biome held by as many opposing critters", function()
  pack_beside_light(2, "critter B 0 1 light\ncritter B 1 1 light")
  expect(not offered("Move the pack"), "a pack of two took on two")
end)

test("a pack needs room in the biome for all of its critters", function()
  scenario[[
    turn A move
    hold A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_dark
    tile 0 1 uno_light
    tile 1 1 uno_light
    critter A 0 0 dark
    critter A 1 0 dark
    critter A 2 0 dark
  ]]
  expect(not offered("Move the pack"), "three critters into two areas")
end)

test("a pack moves only onto a biome next to one of its critters", function()
  pack_beside_light(2, "tile 4 0 uno_light\ntile 3 0 uno_medium")
  expect(offered("to the biome at (0,1)"))
  expect(not offered("to the biome at (4,0)"), "a biome two steps away was offered")
end)

test("a larger pack overwhelms a smaller one", function()
  scenario[[
    turn A move
    hold A Pack_critters
    hold B Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_dark
    tile 0 1 uno_light
    tile 1 1 uno_light
    tile 2 1 uno_light
    critter A 0 0 dark
    critter A 1 0 dark
    critter A 2 0 dark
    critter B 0 1 light
    critter B 1 1 light
  ]]
  choose("Move the pack of A's critter at (0,0) to the biome at (0,1)")
  expect_eq(on_board(1), 0, "B's pack of two was wiped out")
  expect_eq(biomes_of(0).light, 3)
end)

test("a pack strikes only the opposition smaller than itself; an equal group stays to contest the biome", function()
  -- The light biome holds B's one critter, C's two and a free area: A's pack
  -- of two may enter (B's area and the free one take it), wiping out B only;
  -- the tie with C that follows leaves nobody.
  scenario[[
    players 3
    turn A move
    hold A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 0 1 uno_light
    tile 1 1 uno_light
    tile 2 1 uno_light
    tile 3 1 uno_light
    critter A 0 0 dark
    critter A 1 0 dark
    critter B 0 1 light
    critter C 1 1 light
    critter C 2 1 light
  ]]
  choose("Move the pack of A's critter at (0,0)")
  expect(game.critter(1, 1).place ~= "board", "B's critter was not wiped out")
  expect_eq(on_board(0), 0, "A's pack and C's pair tied: nobody keeps the biome")
  expect_eq(on_board(2), 0)
end)

test("a pack's blow parried by a Colossal critter leaves the pack where it was", function()
  pack_beside_light(2, "hold B Colossal_critter\ncritter B 0 1 light\nmark 0 1 1 colossal")
  choose("Move the pack of A's critter at (0,0) to the biome at (0,1)")
  local b = game.critter(1, 1)
  expect_eq(b.place, "board", "the Colossal critter stays")
  expect(not b.marks.colossal, "it lost its second hit point")
  expect_eq(biomes_of(0).dark, 2, "the pack stayed home, whole")
  expect_eq(on_board(0), 2)
end)

test("a pack does not wipe out a burrowed critter", function()
  pack_beside_light(3, "hold B Burrowing_critters\ncritter B 0 1 light\nmark 0 1 1 burrowed")
  choose("Move the pack of A's critter at (0,0) to the biome at (1,1)")
  expect_eq(game.critter(1, 1).place, "board", "the burrowed critter stays")
  expect_eq(biomes_of(0).light, 2)
end)

test("a pack in a contest keeps all of its lead", function()
  -- A's pack of three and B's lone critter are joined by a dark Uno on (3,0):
  -- the base rule takes one from each (the second-highest count), and A,
  -- holding Pack critters, keeps two instead of one.
  scenario[[
    turn A place uno_dark
    hold A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_dark
    tile 3 0 uno_light
    tile 4 0 uno_dark
    critter A 0 0 dark
    critter A 1 0 dark
    critter A 2 0 dark
    critter B 4 0 dark
  ]]
  choose("place the dark Uno at (3,0)")
  expect_eq(game.critter(1, 1).place, "hand")
  expect_eq(decision().kind, "keep", "A chooses which one goes")
  choose(1)
  expect(decision().kind ~= "keep", "A was asked to send home a second")
  expect_eq(on_board(0), 2)
end)

test("pack critters have no Caldera bolt to play", function()
  scenario[[
    turn A move
    caldera A Pack_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
  ]]
  expect(not offered("Pack critters"), "a bolt was offered")
end)

test("a pack holder sharing a biome by cooperation with a larger group keeps its critters", function()
  -- A (Pack and Cooperative critters) has one critter on the light biome of
  -- (0,0), (-1,0) and (-2,0), which B (Cooperative critters) shares with two.
  -- Sharers never contest each other; a pack's lead rule must not take away
  -- what sharing kept (it once computed a keep of 1 - 2 = -1 and failed).
  scenario[[
    turn B place uno_medium
    hold A Pack_critters
    hold A Cooperative_critters
    hold B Cooperative_critters
    tile 0 0 duo_dark_light
    tile -1 0 uno_light
    tile -2 0 uno_light
    tile 6 0 uno_medium
    tile 7 0 uno_medium
    critter A 0 0 light
    critter B -1 0 light
    critter B -2 0 light
  ]]
  choose("at (7,0)")
  expect_eq(on_board(0), 1, "A's sharing critter was contested")
  expect_eq(on_board(1), 2, "B's sharing critters were contested")
end)
