-- Volcanic migration: after an opponent picks a volcano's target, each of the
-- holder's critters there may migrate to a free area of its biome on another
-- tile for 3 resources: the owner picks the area, then how to pay (each
-- distinct payment its own option), or stays and is wiped out. A Colossal
-- critter migrating keeps both hit points. No Caldera bolt.

local function offered(words)
  for _, o in ipairs(options()) do
    if o.text:find(words, 1, true) then return true end
  end
  return false
end

local function asked(player, words)
  local d = decision()
  return d.kind == "script" and d.player == player and d.prompt:find(words, 1, true) ~= nil
end

local function total(p)
  local r = game.resources(p)
  return r.dark + r.medium + r.light
end

-- A's volcano about to be set off at (0,0); B's critter there on a dark biome
-- that reaches (1,0) and (2,0); a light Uno at (-1,0).
local function target(extra)
  scenario([[
    turn A target
    hold B Volcanic_migration
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    tile 2 0 uno_dark
    tile -1 0 uno_light
    critter B 0 0 dark
  ]] .. extra)
  choose("unleash the volcano on the stack at (0,0)")
end

test("a targeted critter migrates to a free area of its biome on another tile for three resources", function()
  target("resources B dark 3")
  expect(asked(1, "migrate it for 3 resources"), "B is asked")
  expect(offered("To the dark area at (1,0)") and offered("To the dark area at (2,0)"))
  expect(not offered("at (-1,0)"), "another biome was offered")
  choose("To the dark area at (2,0)")
  local b = game.critter(1, 1)
  expect_eq(b.place, "board")
  expect_eq(b.q, 2)
  expect_eq(total(1), 0, "three resources paid")
end)

test("a migration is paid as the payer chooses, each distinct payment its own option", function()
  target("resources B dark 2 medium 1 light 1")
  choose("To the dark area at (1,0)")
  expect(asked(1, "Pay for the migration"), "asked how to pay")
  local pays = {}
  for _, o in ipairs(options()) do pays[#pays + 1] = o.text end
  table.sort(pays)
  expect_eq(table.concat(pays, "; "), "Pay 1 dark + 1 medium + 1 light; Pay 2 dark + 1 light; Pay 2 dark + 1 medium")
  choose("Pay 1 dark + 1 medium + 1 light")
  local r = game.resources(1)
  expect_eq(r.dark, 1)
  expect_eq(r.medium + r.light, 0)
  expect_eq(game.critter(1, 1).q, 1)
end)

test("a migration with one way to pay is paid without asking", function()
  target("resources B light 4")
  choose("To the dark area at (1,0)")
  expect(not asked(1, "Pay for the migration"), "asked to choose among one payment")
  expect_eq(game.resources(1).light, 1)
end)

test("a critter that stays on a volcano's target is wiped out and its owner keeps the resources", function()
  target("resources B dark 3")
  pass()
  expect(game.critter(1, 1).place ~= "board")
  expect_eq(total(1), 3)
end)

test("volcanic migration is not offered with fewer than three resources", function()
  target("resources B dark 2")
  expect(not asked(1, "migrate"), "offered without the price")
end)

test("volcanic migration is not offered against the holder's own volcano", function()
  scenario[[
    turn A target
    hold A Volcanic_migration
    tile 0 0 uno_dark
    tile 1 0 uno_dark
    critter A 0 0 dark
    resources A dark 3
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  expect(not asked(0, "migrate"))
end)

test("volcanic migration goes only to a free area", function()
  target("resources B dark 3\ncritter A 1 0 dark\nunchecked")
  expect(not offered("at (1,0)"), "an area with a critter was offered")
  expect(offered("To the dark area at (2,0)"))
end)

test("a critter with nowhere to migrate is not asked", function()
  scenario[[
    turn A target
    hold B Volcanic_migration
    tile 0 0 uno_dark
    tile 1 0 uno_light
    critter B 0 0 dark
    resources B dark 3
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  expect(not asked(1, "migrate"))
end)

test("a Colossal critter migrating keeps both hit points", function()
  target("resources B dark 3\nhold B Colossal_critter\nmark 0 0 1 colossal")
  choose("To the dark area at (1,0)")
  local b = game.critter(1, 1)
  expect_eq(b.q, 1)
  expect(b.marks.colossal, "it lost its second hit point")
end)

test("two critters migrating from one target each pay, each payment chosen", function()
  -- B's critters on the dark and the light area of a Duo at (0,0): the dark
  -- biome goes on at (1,0), the light one at (-1,0).
  scenario[[
    turn A target
    hold B Volcanic_migration
    tile 0 0 uno_medium
    tile 0 0 duo_dark_light
    tile 1 0 uno_dark
    tile -1 0 uno_light
    critter B 0 0 dark
    critter B 0 0 light
    resources B dark 3 medium 2 light 2
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  choose("To the dark area at (1,0)")
  expect(asked(1, "migrate"), "the second critter is asked")
  choose("To the light area at (-1,0)")
  expect(asked(1, "Pay for the migration"))
  choose("Pay 3 dark")
  expect(asked(1, "Pay for the migration"), "the second payment")
  choose("Pay 2 medium + 1 light")
  expect_eq(total(1), 1)
  expect_eq(game.resources(1).light, 1)
  expect_eq(game.critter(1, 1).q, 1)
  expect_eq(game.critter(1, 2).q, -1)
end)

test("a second migration is refused when the first has taken the price of both", function()
  scenario[[
    turn A target
    hold B Volcanic_migration
    tile 0 0 uno_medium
    tile 0 0 duo_dark_light
    tile 1 0 uno_dark
    tile -1 0 uno_light
    critter B 0 0 dark
    critter B 0 0 light
    resources B dark 2 light 2
  ]]
  choose("unleash the volcano on the stack at (0,0)")
  choose("To the dark area at (1,0)")
  if asked(1, "Pay for the migration") then choose(1) end
  if asked(1, "migrate") then choose("To the light area at (-1,0)") end
  if asked(1, "Pay for the migration") then choose(1) end
  expect_eq(total(1), 1)
  expect_eq(game.critter(1, 1).q, 1)
  expect(game.critter(1, 2).place ~= "board", "the second critter migrated unpaid")
end)

test("a burrowed critter cannot migrate", function()
  target("resources B dark 3\nhold B Burrowing_critters\nmark 0 0 1 burrowed")
  expect(not asked(1, "migrate"))
end)

test("volcanic migration does not go onto a frozen tile", function()
  target("resources B dark 3\nmark 1 0 frozen")
  expect(not offered("at (1,0)"), "a frozen tile was offered")
  expect(offered("To the dark area at (2,0)"))
end)

test("volcanic migration has no Caldera bolt to play", function()
  scenario[[
    turn A target
    caldera A Volcanic_migration
    tile 0 0 uno_dark
    tile 1 0 uno_dark
  ]]
  expect(not offered("Volcanic migration"), "a bolt was offered")
end)
