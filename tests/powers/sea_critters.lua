-- Sea critters: once per turn, among the claim step's options, put a critter
-- from hand into an ocean space next to land, swim a sea critter to another
-- such space, or bring it ashore onto a free area of an uncontrolled biome
-- next to its space. At sea it controls, collects and scores nothing, cannot
-- be sacrificed and does not count for targeting; lava leaves it be; land
-- forming under it sends it to the nearest open space (or to hand). Caldera
-- bolt: one more sea action this turn, in the claim step.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function count(words)
  local n = 0
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then n = n + 1 end
  end
  return n
end

local function expect_at_sea(player, index, q, r)
  local c = game.critter(player, index)
  expect_eq(c.place, "aside", "not at sea")
  expect_eq(c.q, q, "sea critter's q")
  expect_eq(c.r, r, "sea critter's r")
end

-- Puts critter `index` of `player`, from hand, into the ocean at (q, r), as
-- a sea critter stands there.
local function to_sea(player, index, q, r)
  game.set_aside(player, index, q, r)
  expect_at_sea(player, index, q, r)
end

test("a sea critter is put from hand into an ocean space next to land", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
  ]]
  expect_eq(count("Put a critter into the ocean"), 6, "the six spaces around the tile")
  expect(not offered("into the ocean at (2,0)"), "open sea, away from land")
  local hand = game.hand(0)
  choose("Put a critter into the ocean at (1,0)")
  expect_eq(game.hand(0), hand - 1)
  expect_at_sea(0, 1, 1, 0)
  expect_eq(decision().kind, "claim", "the claim step goes on")
end)

test("sea critters give one sea action per turn", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
  ]]
  choose("Put a critter into the ocean at (1,0)")
  expect(not offered("Put a critter into the ocean"), "a second critter put to sea")
  expect(not offered("Swim the sea critter"), "a swim after the put")
end)

test("no sea action is offered without the power", function()
  scenario[[
    turn A claim
    tile 0 0 uno_dark
  ]]
  expect(not offered("ocean"), "a sea action without the power")
end)

test("an ocean space holds one sea critter", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
  ]]
  to_sea(1, 1, 1, 0)
  expect_eq(count("Put a critter into the ocean"), 5)
  expect(not offered("into the ocean at (1,0)"), "B's space was offered")
end)

test("a sea critter comes ashore onto a free area of an uncontrolled biome next to its space", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 -1 uno_light
    critter B 0 0 dark
  ]]
  to_sea(0, 1, 2, 0)
  expect(not offered("ashore onto the dark area at (1,0)"), "B's dark biome reaches (1,0)")
  choose("Bring the sea critter at (2,0) ashore onto the light area at (2,-1)")
  local c = game.critter(0, 1)
  expect_eq(c.place, "board")
  expect_eq(c.q, 2)
  expect_eq(c.r, -1)
  expect_eq(game.critters_on_land(0), 1, "an ordinary critter now")
  expect(not offered("ocean") and not offered("sea critter"), "a second sea action")
end)

test("a sea critter comes ashore only onto land next to its space", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
    tile 4 0 uno_light
  ]]
  to_sea(0, 1, 1, 0)
  expect(offered("ashore onto the dark area at (0,0)"))
  expect(not offered("ashore onto the light area at (4,0)"), "land three spaces away")
end)

test("a sea critter swims any distance to another ocean space next to land", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
    tile 6 0 uno_light
  ]]
  to_sea(0, 1, 1, 0)
  expect(not offered("to (3,0)"), "open sea, far from land")
  choose("Swim the sea critter at (1,0) to (7,0)")
  expect_at_sea(0, 1, 7, 0)
  expect_eq(decision().kind, "claim")
  expect(not offered("Swim the sea critter"), "a second swim")
end)

test("no sea critter is put or swims into a frozen ocean space", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
    mark 1 0 frozen
  ]]
  to_sea(0, 1, -1, 0)
  expect(offered("Put a critter into the ocean at (0,1)"), "an open space")
  expect(not offered("into the ocean at (1,0)"), "put into a frozen space")
  expect(not offered("to (1,0)"), "a swim into a frozen space")
end)

test("a sea critter in a frozen ocean space neither swims nor comes ashore", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    tile 0 0 uno_dark
    mark 1 0 frozen
  ]]
  to_sea(0, 1, 1, 0)
  expect(offered("Put a critter into the ocean"), "the hand may still go to sea")
  expect(not offered("Swim the sea critter at (1,0)"), "a swim out of the frost")
  expect(not offered("Bring the sea critter at (1,0) ashore"), "ashore out of the frost")
end)

test("a sea critter cannot be sacrificed and does not count as a critter on land", function()
  scenario[[
    turn A sacrifice
    hold A Sea_critters
    tile 0 0 uno_dark
    tile 3 0 uno_dark
    critter A 3 0 dark
  ]]
  to_sea(0, 2, 1, 0)
  expect(offered("sacrifice your critter on the dark area at (3,0)"), "the land critter may be")
  expect_eq(count("sacrifice your critter"), 1, "the sea critter was offered")
  expect_eq(game.critters_on_land(0), 1, "the sea critter counted for targeting")
end)

test("a sea critter does not get the flying critters movement", function()
  scenario[[
    turn A move
    hold A Sea_critters
    hold A Flying_critters
    tile 0 0 uno_dark
    tile 3 0 uno_dark
    critter A 3 0 dark
  ]]
  to_sea(0, 2, 1, 0)
  for _, o in ipairs(options()) do
    expect(not o.text:find("(1,0) to", 1, true), "the sea critter may fly: " .. o.text)
  end
end)

test("a sea critter is left be by lava flowing into its space, and nobody else swims in", function()
  -- A volcano at (0,0) whose one lower neighbour is the ocean space (1,0).
  scenario[[
    turn A target
    hold A Sea_critters
    tile 0 0 uno_dark
    tile 0 0 uno_dark
    tile 0 1 uno_light
    tile 0 1 trio_dml
    tile -1 1 uno_medium
    tile -1 1 trio_dml
    tile -1 0 uno_light
    tile -1 0 trio_dml
    tile 0 -1 uno_medium
    tile 0 -1 trio_dml
    tile 1 -1 uno_light
    tile 1 -1 trio_dml
    resources A dark 1 medium 1 light 1
  ]]
  to_sea(1, 1, 1, 0)
  choose("unleash the volcano on the stack at (0,0)")
  choose(1)   -- the power unlocked; then the lava leaves
  expect(game.stack(1, 0).lava, "the lava reached the sea critter's space")
  expect_at_sea(1, 1, 1, 0)
  while decision().kind ~= "claim" do choose(1) end
  expect(offered("Put a critter into the ocean"), "A may put a critter to sea")
  expect(not offered("into the ocean at (1,0)"), "into a space with lava and a sea critter")
end)

test("a sea critter swims to the nearest open space when soil forms under it", function()
  scenario[[
    turn A lava
    hold A Sea_critters
    tile 0 0 uno_dark
    lava 1 0
  ]]
  to_sea(0, 1, 1, 0)
  run()   -- the lava in the ocean flips to soil
  expect_eq(game.stack(1, 0).tile, "soil")
  local c = game.critter(0, 1)
  expect_eq(c.place, "aside")
  expect_eq(game.distance(c.q, c.r, 1, 0), 1, "the nearest open space")
  expect_eq(game.stack(c.q, c.r).height, 0, "in the ocean")
  expect_eq(c.q, 1, "ties: the first open space in board order")
  expect_eq(c.r, -1)
end)

test("moving land never enters a sea critter's space: a rift may not land there", function()
  scenario[[
    turn A move
    hold A Rift
    hold B Sea_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
  ]]
  to_sea(1, 1, 2, 0)
  pass()
  expect(offered("Split off 1 tile, the first landing at (-1,0)"), "the rift is offered")
  expect(not offered("landing at (2,0)"), "a rift onto the sea critter")
end)

test("a sea critter swims to the nearest open space when an island is summoned over it", function()
  -- A sea critter left out at sea (the land beside it moved away) is where
  -- the first tile of A's island goes.
  scenario[[
    turn A buy
    hold B Sea_critters
    tile 0 0 uno_dark
    crater A 3
    resources A dark 7
  ]]
  to_sea(1, 1, 2, 0)
  choose("summon an island paying 7 dark")
  choose("place the dark Uno at (2,0)")
  for _ = 1, 2 do
    if decision().kind == "island" then choose(1) end
  end
  expect(game.stack(2, 0).height > 0, "the island stands there")
  local c = game.critter(1, 1)
  expect_eq(c.place, "aside")
  expect_eq(game.stack(c.q, c.r).height, 0, "left on the island")
  expect_eq(game.distance(c.q, c.r, 2, 0), 1, "the nearest open space")
end)

test("a sea critter with no open space left returns to hand", function()
  scenario[[
    turn A lava
    hold A Sea_critters
    tile 0 0 uno_dark
    lava 1 0
  ]]
  to_sea(0, 1, 1, 0)
  -- Soil at (1,0) leaves these eight spaces as the coast: all taken.
  local around = { { 2, 0 }, { 2, -1 }, { 1, -1 }, { 0, -1 }, { -1, 0 }, { -1, 1 }, { 0, 1 }, { 1, 1 } }
  for i, at in ipairs(around) do to_sea(1, i, at[1], at[2]) end
  run()
  expect_eq(game.stack(1, 0).tile, "soil")
  expect(game.critter(0, 1).place ~= "aside", "still at sea, on land")
  expect(game.critter(0, 1).q == nil or game.stack(game.critter(0, 1).q, game.critter(0, 1).r).height == 0)
end)

test("a sea critters bolt is not offered in the move step", function()
  scenario[[
    turn A move
    caldera A Sea_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
  ]]
  expect_eq(decision().kind, "move")
  expect(not offered("Caldera card Sea critters"), "the bolt was offered in the move step")
end)

test("a sea critters bolt gives a player without the power one sea action, in the claim step", function()
  scenario[[
    turn A claim
    caldera A Sea_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
  ]]
  expect(not offered("ocean"))
  choose("Caldera card Sea critters")
  choose("Put a critter into the ocean at (2,0)")
  expect_at_sea(0, 2, 2, 0)
  expect(not offered("ocean"), "the bolt gave two")
end)

test("a sea critters bolt gives the holder a second sea action", function()
  scenario[[
    turn A claim
    hold A Sea_critters
    caldera A Sea_critters
    tile 0 0 uno_dark
  ]]
  choose("Put a critter into the ocean at (1,0)")
  choose("Caldera card Sea critters")
  choose("Swim the sea critter at (1,0) to (-1,0)")
  expect_at_sea(0, 1, -1, 0)
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
-- Frozen ocean (a Volcanic winter mark) around the only land: no open space.
local ICEBOUND = [[
  turn A claim
  caldera A Sea_critters
  tile 0 0 uno_dark
  critter A 0 0 dark
  mark 1 0 frozen
  mark 0 1 frozen
  mark -1 1 frozen
  mark -1 0 frozen
  mark 0 -1 frozen
  mark 1 -1 frozen
]]

test("a sea critters bolt is not offered when no sea action is possible", function()
  scenario(ICEBOUND)
  expect(not offered("Caldera card Sea critters"), "offered with every ocean space frozen")
end)

test("a sea critters bolt is offered when one ocean space is open", function()
  scenario((ICEBOUND:gsub("  mark 1 %-1 frozen\n", "")))
  expect(offered("Caldera card Sea critters"), "not offered with an open space")
end)
