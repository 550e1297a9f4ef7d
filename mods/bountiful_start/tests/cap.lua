-- Bountiful start (mods/bountiful_start): after collecting, a player keeps
-- up to 8 resources instead of the rulebook's 7.
--
-- The board: A controls a dark and a light biome, so A collects 2.

local BOARD = [[
    turn A collect
    tile 0 0 uno_dark
    tile 1 0 uno_light
    critter A 0 0 dark
    critter A 1 0 light
]]

local function held(player)
  local r = game.resources(player)
  return r.dark + r.medium + r.light
end

test("a player keeps 8 resources after collecting", function()
  scenario(BOARD .. "resources A dark 3 light 3\n")
  run()
  expect(decision().kind ~= "discard", "8 resources had to be discarded down to 7")
  expect_eq(held(0), 8)
end)

test("a ninth resource is discarded, and only that one", function()
  scenario(BOARD .. "resources A dark 4 light 3\n")
  run()
  expect_eq(decision().kind, "discard")
  expect(decision().prompt:find("limit of 8", 1, true), "the prompt does not give the new limit")
  choose("discard 1 dark")
  expect(decision().kind ~= "discard", "a second discard was asked for")
  expect_eq(held(0), 8)
end)
