-- Burrowing critters: in the sacrifice step the holder may burrow one of
-- their critters or let one emerge, besides the usual sacrifice. A burrowed
-- critter cannot move, migrate, evacuate or be sacrificed; its stack cannot
-- be stacked on; it collects nothing, does not count for targeting and takes
-- no part in contests, but holds its biome; a volcano still wipes it out.
-- Caldera bolt: one more burrow or emergence this turn, in the sacrifice step.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function burrowed(p, i) return game.critter(p, i).marks.burrowed == true end

local HOLDER = [[
  turn A sacrifice
  hold A Burrowing_critters
  tile 0 0 uno_dark
  tile 1 0 uno_light
  tile 6 0 uno_medium
  critter A 0 0 dark
  critter A 1 0 light
  critter B 6 0 medium
]]

test("burrowing critters burrow a critter in the sacrifice step", function()
  scenario(HOLDER)
  choose("Burrow A's critter at (0,0)")
  expect(burrowed(0, 1), "the critter is not burrowed")
  expect(not burrowed(0, 2), "the other critter was burrowed too")
end)

test("burrowing critters burrow once per sacrifice step", function()
  scenario(HOLDER)
  choose("Burrow A's critter at (0,0)")
  expect(not offered("Burrow A"), "a second burrow was offered")
end)

test("burrowing is besides the usual sacrifice, before it or after it", function()
  scenario(HOLDER)
  choose("Burrow A's critter at (0,0)")
  choose("sacrifice your critter on the light area at (1,0)")
  expect_eq(game.crater(0), 1)
  scenario(HOLDER)
  choose("sacrifice your critter on the light area at (1,0)")
  expect_eq(decision().kind, "sacrifice")
  choose("Burrow A's critter at (0,0)")
  expect(burrowed(0, 1))
end)

test("a burrowed critter emerges at a later burrow step instead of a burrow", function()
  scenario(HOLDER .. "mark 0 0 1 burrowed")
  expect(not offered("Burrow A's critter at (0,0)"), "a burrowed critter was offered for burrowing")
  choose("Let A's critter at (0,0) emerge")
  expect(not burrowed(0, 1), "it did not emerge")
  expect(not offered("Burrow A"), "a burrow was offered after an emergence")
end)

test("burrowing critters are offered to the holder only", function()
  scenario[[
    turn A sacrifice
    hold B Burrowing_critters
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect(not offered("Burrow A"), "burrowing offered to a player without the power")
end)

test("a burrowed critter cannot be sacrificed", function()
  scenario(HOLDER .. "mark 0 0 1 burrowed")
  expect(not offered("sacrifice your critter on the dark area at (0,0)"), "the burrowed critter was offered")
  expect(offered("sacrifice your critter on the light area at (1,0)"), "the other critter was not offered")
end)

test("a burrowed critter cannot move", function()
  local text = [[
    turn A move
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  scenario(text)
  expect(offered("to the dark area at (1,0)"), "the position has no move to forbid")
  scenario(text .. "mark 0 0 1 burrowed")
  expect(not offered("to the dark area at (1,0)"), "the burrowed critter may move")
end)

-- B places a dark Uno; A's critter stands on a dark Uno at (0,0) next to a
-- dark Uno at (1,0).
local STACKING = [[
  turn B place uno_dark
  hold A Burrowing_critters
  tile 0 0 uno_dark
  tile 1 0 uno_dark
  tile 6 0 uno_medium
  critter A 0 0 dark
  critter B 6 0 medium
]]

test("a burrowed critter's stack cannot be stacked on", function()
  scenario(STACKING)
  expect(offered("at (0,0)"), "the position has no placement to forbid")
  scenario(STACKING .. "mark 0 0 1 burrowed")
  expect(not offered("at (0,0)"), "a tile may be stacked on the burrowed critter")
  expect(offered("at (1,0)"), "other stacks were refused too")
end)

test("a burrowed critter collects nothing", function()
  local text = [[
    turn A collect
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter A 1 0 light
    critter B 6 0 medium
    mark 0 0 1 burrowed
  ]]
  scenario(text)
  pass()   -- no emergence: collection follows
  expect_eq(game.resources(0).dark, 0, "the burrowed critter collected")
  expect_eq(game.resources(0).light, 1, "the other critter did not collect")
end)

test("a burrowed critter does not count toward the critters on land", function()
  scenario(HOLDER)
  expect_eq(game.critters_on_land(0), 2)
  choose("Burrow A's critter at (0,0)")
  expect_eq(game.critters_on_land(0), 1)
end)

-- B's light Uno placed at (1,0) joins A's light biome at (0,0) and B's at (2,0).
local JOINING = [[
  turn B place uno_light
  hold A Burrowing_critters
  tile 0 0 uno_light
  tile 1 0 uno_dark
  tile 2 0 uno_light
  critter A 0 0 light
  critter B 2 0 light
]]

test("a burrowed critter takes no part in contests", function()
  scenario(JOINING)
  choose("at (1,0)")
  expect_eq(game.critter(0, 1).place, "hand", "without burrowing the tie sends both home")
  scenario(JOINING .. "mark 0 0 1 burrowed")
  choose("at (1,0)")
  expect_eq(game.critter(0, 1).place, "board", "the burrowed critter was contested")
  expect_eq(game.critter(1, 1).place, "board", "B lost a contest against a burrowed critter")
end)

test("a burrowed critter still holds its biome against claims", function()
  scenario[[
    turn B claim
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 3 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    mark 0 0 1 burrowed
  ]]
  expect(offered("(3,0)"), "the position has no claim at all")
  expect(not offered("(1,0)"), "a tile of the burrowed critter's biome may be claimed")
end)

test("a volcano still wipes out a burrowed critter", function()
  scenario[[
    turn B target
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
    mark 0 0 1 burrowed
  ]]
  choose("on the stack at (0,0)")
  expect_eq(game.critter(0, 1).place, "hand")
end)

-- Lava at (1,0), on a soil stack of 2 ringed by soil stacks of 2 except
-- (0,0), its only lower neighbour, where A's critter stands; A can pay to
-- evacuate to the dark Uno at (-1,0).
local LAVA = [[
  turn B lava
  hold A Burrowing_critters
  tile 0 0 uno_dark
  tile -1 0 uno_dark
  tile 6 0 uno_medium
  critter A 0 0 dark
  critter B 6 0 medium
  resources A dark 2
  tile 1 0 soil
  tile 1 0 soil
  tile 2 0 soil
  tile 2 0 soil
  tile 2 -1 soil
  tile 2 -1 soil
  tile 1 -1 soil
  tile 1 -1 soil
  tile 1 1 soil
  tile 1 1 soil
  tile 0 1 soil
  tile 0 1 soil
  lava 1 0
]]

test("a burrowed critter cannot evacuate from lava", function()
  scenario(LAVA)
  run()
  expect_eq(decision().kind, "evacuate", "the position offers no evacuation to forbid")
  scenario(LAVA .. "mark 0 0 1 burrowed")
  run()
  expect(decision().kind ~= "evacuate", "the burrowed critter was offered an evacuation")
  expect(game.critter(0, 1).place ~= "board", "the burrowed critter survived the lava")
end)

test("a burrowing bolt gives one more burrow in the sacrifice step", function()
  scenario(HOLDER .. "caldera A Burrowing_critters")
  choose("Burrow A's critter at (0,0)")
  choose("Caldera card Burrowing critters")
  choose("Burrow A's critter at (1,0)")
  expect(burrowed(0, 1) and burrowed(0, 2), "the bolt gave no second burrow")
end)

test("a burrowing bolt lets a player without the power burrow once", function()
  scenario[[
    turn A sacrifice
    caldera A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter A 1 0 light
    critter B 6 0 medium
  ]]
  expect(not offered("Burrow A"), "burrowing offered before the bolt")
  choose("Caldera card Burrowing critters")
  choose("Burrow A's critter at (1,0)")
  expect(burrowed(0, 2))
  expect(not offered("Burrow A"), "the bolt gave two burrows")
end)

test("a burrowing bolt is offered in the sacrifice step but not in the claim step", function()
  scenario[[
    turn A claim
    caldera A Burrowing_critters
    tile 0 0 uno_dark
    tile 3 0 uno_light
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect_eq(decision().kind, "claim")
  expect(not offered("Caldera card Burrowing critters"), "offered in the claim step")
  pass()
  expect_eq(decision().kind, "sacrifice")
  expect(offered("Caldera card Burrowing critters"), "not offered in the sacrifice step")
end)

test("burrowed critters emerge at the end and score", function()
  scenario[[
    hold A Burrowing_critters
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
    mark 0 0 1 burrowed
  ]]
  local a = game.score(0)
  expect_eq(a.critters, 1)
  expect_eq(a.edges, 1)
end)

-- RULINGS, Caldera: a bolt is offered only where playing it would change something.
test("a burrowing bolt is not offered when the player has no critter on the board", function()
  scenario[[
    turn A sacrifice
    caldera A Burrowing_critters
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter B 6 0 medium
  ]]
  expect(not offered("Caldera card Burrowing critters"), "offered with nothing to burrow")
end)

test("a burrowing bolt is not offered to a holder whose own burrow covers their one critter", function()
  scenario[[
    turn A sacrifice
    hold A Burrowing_critters
    caldera A Burrowing_critters
    tile 0 0 uno_dark
    tile 6 0 uno_medium
    critter A 0 0 dark
    critter B 6 0 medium
  ]]
  expect(offered("Burrow A's critter at (0,0)"), "the holder's burrow was not offered")
  expect(not offered("Caldera card Burrowing critters"), "offered for a second action on one critter")
end)
